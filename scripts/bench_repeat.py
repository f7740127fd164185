#!/usr/bin/env python3
"""Run `versus` rows several times and print each row's ratios.

One `versus` run gives each row as the median of its paired samples; on a
shared machine the runs scatter by a few hundredths around a target (the
certified distance's 1.3, the 2D boolean's 0.8). This runs the same filters
`--runs` times in turn and prints, per row, the median and the largest of
the runs' ratios and every ratio, so that "at its target" can be told from
"over it" by a figure anyone can regenerate:

    python3 scripts/bench_repeat.py --runs 7 \\
        "certified distance 2D hull-ellipsoid n=32 " \\
        "certified distance 3D hull-ellipsoid n=32 "

`--features libccd` is passed with `--libccd` (needs libccd-dev).
"""
import argparse
import collections
import statistics
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("filters", nargs="+", help="versus row filters")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--samples", type=int, default=15)
    ap.add_argument("--libccd", action="store_true")
    args = ap.parse_args()
    cmd = ["cargo", "bench", "-q", "-p", "gjk-bench", "--bench", "versus"]
    if args.libccd:
        cmd += ["--features", "libccd"]
    subprocess.run(cmd + ["--no-run"], check=True)
    ratios = collections.defaultdict(list)
    for _ in range(args.runs):
        for f in args.filters:
            out = subprocess.run(
                cmd + ["--", f, "--samples", str(args.samples)],
                check=True, capture_output=True, text=True,
            ).stdout
            for line in out.splitlines():
                cells = [c.strip() for c in line.split("|")]
                if len(cells) > 5 and cells[1] and not cells[1].startswith(("query", "-")):
                    try:
                        ratios[cells[1]].append(float(cells[5]))
                    except ValueError:
                        pass
    if not ratios:
        sys.exit("no rows matched")
    print(f"| row ({args.runs} runs of {args.samples} paired samples) | median | max | runs |")
    print("|---|---:|---:|---|")
    for row, r in ratios.items():
        runs = ", ".join(f"{x:.2f}" for x in sorted(r))
        print(f"| {row} | {statistics.median(r):.2f} | {max(r):.2f} | {runs} |")


if __name__ == "__main__":
    main()
