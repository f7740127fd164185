#!/usr/bin/env python3
"""`--scalar f64-certified` never contradicts exact: figures on generated
near-degenerate cases (issue 19).

    scripts/certified_never_wrong.py                 # 6,480 cases, 1D-8D
    scripts/certified_never_wrong.py --quick         # 1,080 cases
    scripts/certified_never_wrong.py --bin target/release/gjk --out docs/certified-never-wrong.md

Every case comes from `gjk gen` in one of its touching or near-touching
families (every family but `general`: vertex, edge and facet contacts,
gaps and depths down to 2^-24 of the coordinates, duplicates, flat shapes,
containment, identical sets), at coordinate scales 2^0, 2^30 and 2^-30.
`gjk gen` writes each case's exact answer (`expect`: the crate's exact
distance loop, its certificate checked). For each case, this script runs
`gjk query --scalar exact` and `gjk query --scalar f64-certified` and
counts:

* **contradictions**: the certified relation differs from the exact one,
  `expect` (must be 0); the exact query's relation is held to `expect` too
  and counted apart (must be 0);
* **interval misses**: a certified `distance_bounds` `[lo, hi]` that does
  not hold the exact distance (`lo^2 <= distance_squared <= hi^2`,
  compared exactly as fractions; a bound that is not a finite number
  counts as a miss; must be 0);
* how the certified answer was reached: by its own float certificate
  (separating axis, enclosing simplex), by the exact fallback (with the
  fallback's reason), or abstained (an error line: never wrong, no answer).

Exit status 0: no contradiction and no miss; 1: some; 2: a run failed.
"""

import argparse
import collections
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (dimension, cases per scale): FULL is 6,480 cases over three scales.
FULL = [(1, 120), (2, 480), (3, 480), (4, 240), (5, 240), (6, 240), (7, 180), (8, 180)]
QUICK = [(d, n // 6) for d, n in FULL]
SCALES = [0, 30, -30]


def run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr[-2000:]}")
    return p.stdout


def cases(gjk, dim, count, scale, seed):
    """`count` cases of the dimension's families but `general`, in turn."""
    text = run([gjk, "gen", "--family", "all", "--dim", str(dim), "--count",
                str(count + count // 8 + 16), "--seed", str(seed), "--scale", str(scale)])
    out = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [c for c in out if c.get("category") != "general"][:count]


def relation(line):
    if "error" in line:
        return None
    return line.get("outcome")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=str(ROOT / "target/release/gjk"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", help="write the table (Markdown) to this file too")
    args = ap.parse_args()
    gjk = args.bin
    plan = QUICK if args.quick else FULL
    totals = collections.Counter()
    by_dim = collections.defaultdict(collections.Counter)
    how = collections.Counter()
    bad = []
    for dim, count in plan:
        for si, scale in enumerate(SCALES):
            batch = cases(gjk, dim, count, scale, seed=1900 + 10 * dim + si)
            for i, c in enumerate(batch):
                c["id"] = f"{dim}d-s{scale}-{i}"
            text = "".join(json.dumps(c) + "\n" for c in batch)
            exact = [json.loads(x) for x in run([gjk, "query", "--scalar", "exact", "-"], text).splitlines()]
            cert = [json.loads(x) for x in run([gjk, "query", "--scalar", "f64-certified", "-"], text).splitlines()]
            if len(exact) != len(batch) or len(cert) != len(batch):
                sys.exit(f"{dim}D scale {scale}: {len(batch)} cases, {len(exact)} exact and "
                         f"{len(cert)} certified lines")
            for c, e, f in zip(batch, exact, cert):
                exp = c["expect"]
                want = "separated" if not exp["intersects"] else (
                    "touching" if exp["touching"] else "penetrating")
                d = by_dim[dim]
                d["cases"] += 1
                totals["cases"] += 1
                if relation(e) != want:
                    bad.append(("exact differs from expect", c["id"], want, e))
                    totals["exact differs"] += 1
                got = relation(f)
                if got is None:
                    d["abstained"] += 1
                    how["abstained: " + f["error"][:60]] += 1
                    continue
                if got != want:
                    bad.append(("certified contradicts exact", c["id"], want, f))
                    totals["contradictions"] += 1
                    d["contradictions"] += 1
                d["answered"] += 1
                cert_kind = f.get("certificate", "?")
                if "fallback_reason" in f:
                    cert_kind += " (" + f["fallback_reason"] + ")"
                how[cert_kind] += 1
                bounds = f.get("distance_bounds")
                if bounds is not None:
                    d["intervals"] += 1
                    try:
                        lo, hi = (Fraction(x) for x in bounds)
                        d2 = Fraction(exp["distance_squared"])
                        holds = lo * lo <= d2 <= hi * hi
                    except (TypeError, ValueError, OverflowError):
                        holds = False
                    if not holds:
                        bad.append(("interval misses", c["id"], exp["distance_squared"], f))
                        totals["interval misses"] += 1
                        d["interval misses"] += 1
    lines = ["| dim | cases | answered | abstained | contradictions | intervals | interval misses |",
             "|---:|---:|---:|---:|---:|---:|---:|"]
    for dim in sorted(by_dim):
        d = by_dim[dim]
        lines.append(f"| {dim}D | {d['cases']:,} | {d['answered']:,} | {d['abstained']:,} | "
                     f"{d['contradictions']} | {d['intervals']:,} | {d['interval misses']} |")
    s = collections.Counter()
    for d in by_dim.values():
        s.update(d)
    lines.append(f"| all | {s['cases']:,} | {s['answered']:,} | {s['abstained']:,} | "
                 f"{s['contradictions']} | {s['intervals']:,} | {s['interval misses']} |")
    lines += ["", "| how the certified answer was reached | cases |", "|---|---:|"]
    lines += [f"| {k} | {v:,} |" for k, v in sorted(how.items(), key=lambda kv: -kv[1])]
    lines += ["", f"exact query differs from the generator's exact answer: {totals['exact differs']}"]
    table = "\n".join(lines)
    print(table)
    for b in bad[:20]:
        print(json.dumps(b), file=sys.stderr)
    if args.out:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
        head = ("# `--scalar f64-certified` never contradicts exact\n\n"
                "Written by `python3 scripts/certified_never_wrong.py"
                + (" --quick" if args.quick else "") + f" --out {args.out}` at `{commit}`"
                + (" (with uncommitted changes)" if dirty else "")
                + ": every case from `gjk gen`'s touching and near-touching families "
                "(all but `general`), at scales 2^0, 2^30 and 2^-30; the script's "
                "docstring says what is counted.\n\n")
        Path(args.out).write_text(head + table + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
