#!/usr/bin/env python3
"""Finds single-point pairs A = {a}, B = {b} and a first search direction d
whose f64 `w · d` (w = fl(a − b), the sum taken left to right as
`gjk::vector::dot` does) is negative while the exact (a − b) · d is not:
an axis that a loop taking any computed `w · d < 0` would call separating.
`tests/hot.rs` (ROUNDED_AXES) pins the hot boolean loop's bound on them.

    python3 scripts/rounded_axes.py        # prints three 2D and three 3D pairs
"""
import random
from fractions import Fraction as F

random.seed(7)


def coordinate():
    return random.choice([-1, 1]) * random.uniform(0.5, 2) * 2.0 ** random.randint(-3, 3)


for n in (2, 3):
    found = 0
    while found < 3:
        a = [coordinate() for _ in range(n)]
        b = [coordinate() for _ in range(n)]
        d = [coordinate() for _ in range(n)]
        exact_w = [F(x) - F(y) for x, y in zip(a, b)]
        if exact_w[-1] == 0:
            continue
        # The last coordinate of d brings the exact (a − b) · d near zero.
        d[-1] = float(-sum(exact_w[i] * F(d[i]) for i in range(n - 1)) / exact_w[-1])
        computed = 0.0
        for i in range(n):
            computed += (a[i] - b[i]) * d[i]
        exact = sum(exact_w[i] * F(d[i]) for i in range(n))
        if computed < -3 * 2.0**-1022 and exact >= 0:
            print(f"(&{a!r}, &{b!r}, &{d!r}),")
            found += 1
