#!/usr/bin/env python3
"""Unit-sphere hull pairs as a `gjk query` case file (issue 19's benchmark).

    scripts/sphere_pairs.py > nine.jsonl              # n = 100, 1000, 10000 x 3 gaps
    scripts/sphere_pairs.py --n 1000000 --gaps 1e-9 > million.jsonl

Each case: A = n random points on the unit sphere about the origin, with
the pole (1, 0, 0) among them; B = another n random points on the unit
sphere, with its pole (-1, 0, 0), centred at (c, 0, 0), c = 2 + gap. So the
poles are the nearest points and the hulls' gap is c - 2 (as rounded in
doubles: about 1e-9 for `1e-9`); `separated` is gap 1, `overlapping` gap
-0.5. Coordinates are written as doubles (Python's repr, which round-trips),
so each case is exactly the doubles it prints. Fixed seed: the same file on
every machine.
"""

import argparse
import json
import math
import random

GAPS = {"separated": 1.0, "gap-1e-9": 1e-9, "overlapping": -0.5}


def sphere(rng, n, pole):
    pts = [pole]
    while len(pts) < n:
        p = [rng.gauss(0.0, 1.0) for _ in range(3)]
        r = math.sqrt(sum(x * x for x in p))
        if r > 1e-3:
            pts.append([x / r for x in p])
    return pts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, nargs="*", default=[100, 1000, 10000])
    ap.add_argument("--gaps", nargs="*", default=list(GAPS))
    ap.add_argument("--seed", type=int, default=19)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for n in args.n:
        for g in args.gaps:
            gap = GAPS.get(g)
            if gap is None:
                gap = float(g)
            c = 2.0 + gap
            a = sphere(rng, n, [1.0, 0.0, 0.0])
            b = [[x + c, y, z] for x, y, z in sphere(rng, n, [-1.0, 0.0, 0.0])]
            print(json.dumps({"id": f"sphere-n{n}-{g}", "a": a, "b": b}))


if __name__ == "__main__":
    main()
