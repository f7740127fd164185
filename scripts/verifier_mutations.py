#!/usr/bin/env python3
"""Which one-line weakenings of the certificate verifier the committed
`forged` corpus catches (fuzz/README.md, "forged"). Each mutation is applied
to src/certificate/mod.rs alone, the forged replay test is run over every
corpus file (GJK_LONG_TESTS=1), and the file is restored from git. A
mutation is caught when the test fails with an accepted false certificate.

    python3 scripts/verifier_mutations.py            # all seven
    python3 scripts/verifier_mutations.py sum touch  # some
"""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILE = ROOT / "src/certificate/mod.rs"

MUTATIONS = {
    # the distance weights' sum not checked
    "sum": ("""            if !sum.is_one() {
                return Err(Rejection::WeightSum { what: "distance" });
            }""", ""),
    # the touching support equality not checked
    "touch": ("""            if a.max_dot(normal).value != b.min_dot(normal).value {
                return Err(Rejection::Support);
            }""", ""),
    # intersecting weights allowed to be zero
    "pos": ("if let Some(i) = weights.iter().position(|l| !l.is_positive()) {",
            "if let Some(i) = weights.iter().position(|l| l.is_negative()) {"),
    # a separating direction accepted at equality
    "sep": ("if a.max_dot(direction).value < b.min_dot(direction).value {",
            "if a.max_dot(direction).value <= b.min_dot(direction).value {"),
    # the distance support bound halved
    "dist": ("if lowest_terms::sub(&a.min_dot(&p).value, &b.max_dot(&p).value) < p2 {",
             "if lowest_terms::sub(&a.min_dot(&p).value, &b.max_dot(&p).value) < p2.clone() / Rational::from_integer(2.into()) {"),
    # the depth facets' closure test inverted
    "closed": ("if ridges.values().any(|&c| c != 0) {", "if ridges.values().all(|&c| c != 0) {"),
    # the intersecting simplex's degeneracy not checked
    "degen": ("""            if det_is_zero(&edges) {
                return Err(Rejection::Degenerate);
            }""", ""),
}


def main():
    names = sys.argv[1:] or list(MUTATIONS)
    original = FILE.read_text()
    caught = 0
    try:
        for name in names:
            old, new = MUTATIONS[name]
            assert original.count(old) == 1, f"{name}: the line to weaken is not in {FILE} once"
            FILE.write_text(original.replace(old, new))
            run = subprocess.run(
                ["cargo", "test", "-q", "-p", "gjk-cli", "--test", "suite", "forged"],
                cwd=ROOT, env={**__import__("os").environ, "GJK_LONG_TESTS": "1"},
                capture_output=True, text=True)
            out = run.stdout + run.stderr
            hit = run.returncode != 0 and "accepted a false certificate" in out
            caught += hit
            print(f"{name:7} {'caught' if hit else 'NOT caught'}")
    finally:
        FILE.write_text(original)
    print(f"{caught} of {len(names)} caught")


if __name__ == "__main__":
    main()
