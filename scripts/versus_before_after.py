#!/usr/bin/env python3
"""Two builds of the `versus` benchmark, before and after a change, run in
turn on the same rows (BENCHMARKS.md, "before and after, paired"):

    # at each commit: cargo build --release -p gjk-bench --benches --features libccd
    #                 cp target/release/deps/versus-<hash> /tmp/versus-<name>
    python3 scripts/versus_before_after.py /tmp/versus-before /tmp/versus-after
    python3 scripts/versus_before_after.py BEFORE AFTER --rounds 5 --samples 31

Each round runs every filter of `bench_issue20.py` with both binaries, the
order alternating between rounds (before, after; then after, before). The
printed table has, per row, the median over the rounds of each binary's
paired ratio ours/baseline (a ratio is taken within one run, so the load
of the machine cancels to first order) and their quotient after/before.
"""
import argparse
import statistics
import subprocess

from bench_issue20 import FILTERS  # the rows of the issue-20 table


def rows(binary, filt, samples):
    out = subprocess.run([binary, filt, "--samples", str(samples)],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("| ") and not line.startswith("| query"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            yield cells[0], float(cells[4])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--samples", type=int, default=15)
    args = ap.parse_args()
    binaries = {"before": args.before, "after": args.after}
    ratios = {k: {} for k in binaries}
    for r in range(args.rounds):
        order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
        for f in FILTERS:
            for k in order:
                for name, ratio in rows(binaries[k], f, args.samples):
                    ratios[k].setdefault(name, []).append(ratio)
    print("| row | before: ours/baseline | after: ours/baseline | after/before |")
    print("|---|---:|---:|---:|")
    for name, after in ratios["after"].items():
        before = ratios["before"].get(name)
        if not before:
            continue
        b, a = statistics.median(before), statistics.median(after)
        print(f"| {name} | {b:.2f} | {a:.2f} | {a / b:.2f} |")


if __name__ == "__main__":
    main()
