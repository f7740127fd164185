#!/usr/bin/env python3
"""Compares two runs of `cargo bench --bench versus`, row by row.

    scripts/compare_bench_tables.py OLD NEW [--limit 1.10]

OLD and NEW are files holding the markdown table the bench prints (a
BENCHMARKS.md is fine: the rows are found by their leading `| query |`
shape). Rows are matched by their query and baseline. The figure compared
is `ours/baseline`, the median of paired per-sample ratios, which the load
of a shared machine moves far less than absolute times; for rows whose
baseline is one of ours (`ours plain`, `ours cold`) it compares two of our
own queries, so it is printed but flagged only like the others.

Prints every row present in both with old ratio, new ratio and new/old,
then the rows worse than --limit (default 1.10, i.e. 10 %); exit status 1
if there are any.
"""

import argparse
import sys


def rows(path):
    out = {}
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 5 or cells[0] in ("query", "---") or cells[0].startswith("-"):
            continue
        try:
            ratio = float(cells[4])
        except ValueError:
            continue
        out[(cells[0], cells[1])] = ratio
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--limit", type=float, default=1.10)
    args = ap.parse_args()
    old, new = rows(args.old), rows(args.new)
    common = [k for k in old if k in new]
    worse = []
    for k in common:
        change = new[k] / old[k]
        print(f"{old[k]:7.2f} {new[k]:7.2f} {change:6.2f}  {k[0]} (vs {k[1]})")
        if change > args.limit:
            worse.append((change, k))
    print(f"{len(common)} rows in both; {len(worse)} worse than {args.limit:.2f}x:")
    for change, k in sorted(worse, reverse=True):
        print(f"  {change:5.2f}x  {k[0]} (vs {k[1]})")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
