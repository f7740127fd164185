#!/usr/bin/env python3
"""Two builds of the `versus` bench against each other: runs bench binary A
and bench binary B alternately (A B, B A, ...), each on every FILTER with
`--samples 15`, and prints per row the median over the runs of each build's
ours/baseline ratio (the bench's own paired, in-process ratio), and B/A.

    # the two binaries: build the bench at each commit and copy it aside
    git worktree add /tmp/base BASE && (cd /tmp/base && cargo bench -p gjk-bench --bench versus --no-run)
    cargo bench -p gjk-bench --bench versus --no-run
    python3 scripts/bench_ab.py --runs 9 /tmp/base/target/release/deps/versus-HASH \\
        target/release/deps/versus-HASH "3D ball-hull n=32 "

(`cargo bench --no-run` prints the binary's path.) Whole-process timings on
a shared machine scatter by 5-15 %; the in-process ratio against parry does
much less, which is why builds are compared through it.
"""

import argparse
import collections
import statistics
import subprocess


def ratios(binary, filt, samples):
    """{row: ratio} of one bench run."""
    out = subprocess.run(["setarch", "-R", binary, "--bench", filt, "--samples", str(samples)],
                         capture_output=True, text=True, check=True).stdout
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 6 and cells[1] and not cells[1].startswith(("query", "---")):
            try:
                rows[cells[1]] = float(cells[5])
            except ValueError:
                pass
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--samples", type=int, default=15)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("filters", nargs="+")
    args = ap.parse_args()
    got = [collections.defaultdict(list), collections.defaultdict(list)]
    for i in range(args.runs):
        for which in ((0, 1) if i % 2 == 0 else (1, 0)):
            for f in args.filters:
                for row, r in ratios([args.a, args.b][which], f, args.samples).items():
                    got[which][row].append(r)
    print("| row | A | B | B/A |\n|---|---:|---:|---:|")
    for row in got[0]:
        a, b = statistics.median(got[0][row]), statistics.median(got[1].get(row, [float("nan")]))
        print(f"| {row} | {a:.3f} | {b:.3f} | {b / a:.3f} |")


if __name__ == "__main__":
    main()
