#!/usr/bin/env python3
"""Same exact answers: `gjk query --scalar exact` of a base build (the exact
loops over rationals) against the working tree's (the float loops find, the
verifier proves; issue 19), on a large generated corpus, 1D to 8D, plus the
spec cases and the examples.

    scripts/exact_answers.py                    # base = a12d6a0, 20,050 generated cases
    scripts/exact_answers.py --base REV --plan quick

The builds and the corpus machinery are scripts/same_answers.py's (the base
is built from a `git archive`, the corpus written by the *base* build's
`gjk gen`). For each case:

* the unique exact fields must be byte-identical: `intersects`, `touching`,
  `outcome`, `distance_squared`, `penetration_depth_squared`, and error
  lines and `reason` texts;
* where the head's axis, witnesses, normal or penetration vector differ
  from the base's (the truth allows several), the head's is checked here,
  in exact rationals and independently of the crate: a separated pair's
  `|witness_a − witness_b|² = distance_squared`, `axis = witness_b −
  witness_a`, and `axis` supports both shapes at the witnesses
  (`max_A a·axis = axis·witness_a`, `min_B b·axis = axis·witness_b`); a
  touching normal has `max_A a·n = min_B b·n`, `n ≠ 0`; a penetration
  vector `p` is parallel to the normal, `|p|² = penetration_depth_squared`,
  and the normal's plane through `p` supports `A − B`.
* `--scalar f64-certified` never contradicts the exact relation (it may
  fail with an error, never answer differently).

Error lines are compared in the head's shape (`{"id", "line", "error"}`,
issue 23) when only the shape changed: the message must be the same, and
a dropped id must have been the line number (`same_answers.py`'s
`map_error_line`).

Runs with `--max-iterations 3` are compared too and reported apart: there
the two paths may differ in *whether* they answer (the float search is not
the exact loop), never in an answer both give.

Exit status 0: no difference; 1: some differ; 2: a build or run failed.
"""

import argparse
import concurrent.futures as cf
import json
import os
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import same_answers as sa  # noqa: E402

DEFAULT_BASE = "a12d6a0"

# (dimension, scale exponents, cases per scale): 20,050 generated cases.
# The base's exact loops cost seconds per case in 6D to 8D (EPA over
# rationals), so those dimensions get fewer.
FULL = [
    (1, [0, 30, -30, 50], 1000),
    (2, [0, 30, -30, 50], 1250),
    (3, [0, 30, -30, 50], 1250),
    (4, [0, 30], 1500),
    (5, [0, 30], 1000),
    (6, [0], 600),
    (7, [0], 300),
    (8, [0], 150),
]
QUICK = [
    (1, [0], 100),
    (2, [0, 30], 150),
    (3, [0, 30], 150),
    (4, [0], 100),
    (5, [0], 60),
    (6, [0], 30),
    (7, [0], 15),
    (8, [0], 8),
]

UNIQUE = ["id", "intersects", "touching", "outcome", "distance_squared",
          "penetration_depth_squared", "reason", "distance_reason",
          "penetration_reason"]


def corpus_for(base_bin, work, plan, name):
    corpus = work / name
    done = corpus / ".done"
    if done.exists():
        return corpus
    corpus.mkdir(parents=True, exist_ok=True)
    for dim, scales, count in plan:
        for s in scales:
            out = corpus / f"gen-{dim}d-s{s}.jsonl"
            with open(out, "w") as f:
                sa.sh([str(base_bin), "gen", "--dim", str(dim), "--count", str(count),
                       "--seed", "19", "--scale", str(s)], stdout=f)
    (corpus / "spec.jsonl").write_text("\n".join(sa.spec_cases()) + "\n")
    (corpus / "examples.jsonl").write_text((sa.ROOT / "examples" / "cases.jsonl").read_text())
    (corpus / "bad.jsonl").write_text((sa.ROOT / "examples" / "bad-cases.jsonl").read_text())
    done.write_text("")
    return corpus


def fr(x):
    return Fraction(x)


def points(case, key):
    return [[fr(c) for c in p] for p in case[key]]


def dot(u, v):
    return sum(x * y for x, y in zip(u, v))


def check_head(case, head):
    """The head's non-unique fields, checked exactly (module docs); a list
    of problems."""
    out = []
    a, b = points(case, "a"), points(case, "b")
    if head.get("outcome") == "separated" and "witness_a" in head:
        wa = [fr(x) for x in head["witness_a"]]
        wb = [fr(x) for x in head["witness_b"]]
        axis = [fr(x) for x in head["axis"]]
        d = [x - y for x, y in zip(wb, wa)]
        if d != axis:
            out.append("axis != witness_b - witness_a")
        if dot(d, d) != fr(head["distance_squared"]):
            out.append("|witness_b - witness_a|^2 != distance_squared")
        if max(dot(axis, p) for p in a) != dot(axis, wa):
            out.append("axis does not support A at witness_a")
        if min(dot(axis, p) for p in b) != dot(axis, wb):
            out.append("axis does not support B at witness_b")
    if head.get("outcome") == "touching":
        n = [fr(x) for x in head["normal"]]
        if all(x == 0 for x in n):
            out.append("zero touching normal")
        if max(dot(n, p) for p in a) != min(dot(n, p) for p in b):
            out.append("touching normal does not support both shapes on one plane")
    if head.get("outcome") == "penetrating" and "penetration" in head:
        n = [fr(x) for x in head["normal"]]
        p = [fr(x) for x in head["penetration"]]
        if dot(p, p) != fr(head["penetration_depth_squared"]):
            out.append("|penetration|^2 != penetration_depth_squared")
        # p parallel to n, same direction: p = t n with t > 0.
        nn = dot(n, n)
        t = dot(p, n) / nn if nn else None
        if t is None or t <= 0 or [t * x for x in n] != p:
            out.append("penetration not a positive multiple of the normal")
        if max(dot(n, x) for x in a) - min(dot(n, y) for y in b) != dot(n, p):
            out.append("the normal's plane through the penetration does not support A - B")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", default=DEFAULT_BASE)
    ap.add_argument("--work", default=str(sa.ROOT / "target" / "exact-answers"))
    ap.add_argument("--plan", choices=["full", "quick"], default="full")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    sha, base_bin = sa.build_base(args.base, work)
    head_bin = sa.build_head()
    plan = FULL if args.plan == "full" else QUICK
    corpus = corpus_for(base_bin, work, plan, f"corpus-{args.plan}")
    files = sorted(corpus.glob("*.jsonl"))
    todo = []
    for f in files:
        todo.append((f"exact-{f.stem}", ["query", "--scalar", "exact"], f, "both"))
        todo.append((f"certified-{f.stem}", ["query", "--scalar", "f64-certified"], f, "head"))
        if f.stem.startswith(("gen-1d", "gen-2d", "gen-3d", "spec")):
            todo.append((f"cap3-{f.stem}", ["query", "--scalar", "exact", "--max-iterations", "3"],
                         f, "both"))
    outs = {}
    for label in ["base", "head"]:
        d = work / f"out-{label}"
        d.mkdir(exist_ok=True)
        outs[label] = d
    times = {"base": 0.0, "head": 0.0}
    codes = {}

    def run(label, binary, name, a, f):
        t = time.monotonic()
        c = sa.run_one(binary, a, f, outs[label], name)
        return label, name, c, time.monotonic() - t

    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = []
        for name, a, f, who in todo:
            for label, binary in [("base", base_bin), ("head", head_bin)]:
                if who == "both" or who == label:
                    futs.append(ex.submit(run, label, binary, name, a, f))
        for fut in cf.as_completed(futs):
            label, name, c, dt = fut.result()
            codes[(label, name)] = c
            if name.startswith("exact-"):
                times[label] += dt
    cases = 0
    differ = []
    checked = 0
    check_fail = []
    cap_answer_differs = []
    cap_only_one = 0
    certified_contradicts = []
    certified_compared = 0
    by_dim = {}
    for f in files:
        lines = f.read_text().splitlines()
        cases += sum(1 for line in lines if line.strip() and not line.lstrip().startswith("#"))
        # Cases by id (comment and blank lines have no output line).
        case_of = {}
        for line in lines:
            try:
                c = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(c, dict) and isinstance(c.get("id"), str):
                case_of[c["id"]] = c
        base = sa.parse((outs["base"] / f"exact-{f.stem}.out").read_text())
        head = sa.parse((outs["head"] / f"exact-{f.stem}.out").read_text())
        cert = sa.parse((outs["head"] / f"certified-{f.stem}.out").read_text())
        if codes[("base", f"exact-{f.stem}")] != codes[("head", f"exact-{f.stem}")]:
            differ.append((f.stem, "exit status"))
        if len(base) != len(head):
            differ.append((f.stem, f"{len(base)} vs {len(head)} lines"))
        dim = sa.dim_of(f.stem) or 0
        for i, (o, n) in enumerate(zip(base, head)):
            by_dim[dim] = by_dim.get(dim, 0) + 1
            if not (isinstance(o, dict) and isinstance(n, dict)):
                if o != n:
                    differ.append((f.stem, f"line {i + 1}: {str(o)[:200]} | {str(n)[:200]}"))
                continue
            # Error lines changed shape after the base (same_answers.py's
            # MAPPINGS, issue 23 item 4: `line` added, the line number no
            # longer printed as an id): compared in the head's shape when
            # only the shape changed.
            if "error" in n:
                o = sa.map_error_line(o, n) or o
            for k in UNIQUE:
                if o.get(k) != n.get(k):
                    differ.append((f.stem, f"line {i + 1} {k}: {o.get(k)} -> {n.get(k)}"))
            c = case_of.get(n.get("id")) if isinstance(n.get("id"), str) else None
            if c is not None and any(o.get(k) != n.get(k) for k in
                                     ["axis", "witness_a", "witness_b", "normal", "penetration"]):
                checked += 1
                for p in check_head(c, n):
                    check_fail.append((f.stem, i + 1, p))
            if i < len(cert) and isinstance(cert[i], dict) and o.get("outcome") in (
                    "separated", "touching", "penetrating"):
                certified_compared += 1
                co = cert[i].get("outcome")
                if co is not None and co != o.get("outcome"):
                    certified_contradicts.append((f.stem, i + 1, o.get("outcome"), co))
        if (outs["base"] / f"cap3-{f.stem}.out").exists():
            cb = sa.parse((outs["base"] / f"cap3-{f.stem}.out").read_text())
            ch = sa.parse((outs["head"] / f"cap3-{f.stem}.out").read_text())
            for i, (o, n) in enumerate(zip(cb, ch)):
                if not (isinstance(o, dict) and isinstance(n, dict)):
                    continue
                ov, nv = o.get("outcome"), n.get("outcome")
                if ov == "not_converged" or nv == "not_converged":
                    if ov != nv:
                        cap_only_one += 1
                    continue
                for k in ["intersects", "touching", "outcome", "distance_squared",
                          "penetration_depth_squared"]:
                    if k in o and k in n and o[k] != n[k]:
                        cap_answer_differs.append((f.stem, i + 1, k, o[k], n[k]))
    print(f"base {sha} vs working tree: {cases} cases "
          f"(by dimension: {dict(sorted(by_dim.items()))})")
    print(f"exact mode wall time (sum over files, {args.jobs} jobs): base {times['base']:.1f} s, "
          f"head {times['head']:.1f} s")
    print(f"unique exact fields: {len(differ)} differences")
    for d in differ[:20]:
        print("  DIFFERS", *d)
    print(f"non-unique fields that differ, checked exactly: {checked} lines, "
          f"{len(check_fail)} failures")
    for d in check_fail[:20]:
        print("  CHECK FAILED", *d)
    print(f"--max-iterations 3: {cap_only_one} cases answered by one path only "
          f"(the other not_converged); {len(cap_answer_differs)} answers that differ")
    for d in cap_answer_differs[:20]:
        print("  CAP DIFFERS", *d)
    print(f"f64-certified vs exact: {certified_compared} cases, "
          f"{len(certified_contradicts)} contradictions")
    for d in certified_contradicts[:20]:
        print("  CERTIFIED CONTRADICTS", *d)
    bad = differ or check_fail or cap_answer_differs or certified_contradicts
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
