#!/usr/bin/env python3
"""The read-first paths of ARCHITECTURE.md, with their line counts.

    scripts/read_path.py            # print each path, file by file
    scripts/read_path.py --check    # also fail if a path is over its budget,
                                    # or ARCHITECTURE.md's block is stale
    scripts/read_path.py --write    # rewrite ARCHITECTURE.md's block

A file's count is every line a reader meets before its unit tests (docs,
derivations and code; the `#[cfg(test)]` module at the end is not on the
path). The paths follow one query from the call to the answer, in reading
order, every file whose code the query runs on the way. Listed after each
path and not counted: the arithmetic a reader looks up as one looks up
Jolt's `Vec3` (the scalar traits `scalar.rs`, the vector products
`vector.rs`, the tolerance constants `tolerance.rs`), the vocabulary of
answers and errors (`relation.rs`, `error.rs`, the outcome types), the fast
`f64` search that computes the support point `hull.rs` defines
(`shape/search.rs`, `shape/lanes.rs`, proved and tested to return the same
point), and the options a default query does not run (the warm start
`distance/warm.rs`; the hot paths' hand-back to the reference loop, which
is its own path).
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PATHS = {
    "3D boolean query, floats: gjk::gjk's hot path": (1500, [
        ("src/boolean/hot.rs", "the loop with closed-form regions; when it hands back"),
        ("src/boolean/mod.rs", "the reference loop it hands back to"),
        ("src/boolean/containment.rs", "float mode: a containing region is proved"),
        ("src/distance/contains.rs", "the filtered determinant signs"),
        ("src/shape/hull.rs", "the support map of a hull"),
        ("src/simplex/mod.rs", "one support point of A − B, the vertex conventions"),
        ("src/simplex/storage.rs", "the simplex it returns"),
    ], ["src/scalar.rs", "src/vector.rs", "src/shape/search.rs", "src/shape/lanes.rs", "src/tolerance.rs", "src/error.rs", "src/relation.rs", "src/boolean/outcome.rs",
        "src/region/mod.rs", "the reference loop's files when a query is handed back"]),
    "3D boolean query, the reference loop: gjk::boolean::gjk_observed (any scalar)": (1500, [
        ("src/boolean/mod.rs", "the loop, its proof of termination"),
        ("src/boolean/slots.rs", "the loop's simplex: vertices in four slots"),
        ("src/boolean/cycles.rs", "float mode: a state seen before ends the loop"),
        ("src/boolean/containment.rs", "float mode: a containing region is checked"),
        ("src/shape/hull.rs", "the support map of a hull"),
        ("src/simplex/mod.rs", "one support point of A − B, the vertex conventions"),
        ("src/classify/mod.rs", "the classifier: which region, what to keep"),
        ("src/classify/signs.rs", "the sign tests"),
        ("src/classify/segment.rs", "3D-LINE-*"),
        ("src/classify/triangle.rs", "3D-TRI-*"),
        ("src/classify/tetrahedron.rs", "3D-TET-*"),
        ("src/region/mod.rs", "the region vocabulary: the rule, the kinds"),
        ("src/region/point.rs", "PT-*: one variant per spec ID, its seeds"),
        ("src/region/space.rs", "3D-LINE-*, 3D-TRI-*, 3D-TET-*"),
    ], ["src/scalar.rs", "src/vector.rs", "src/shape/search.rs", "src/shape/lanes.rs", "src/tolerance.rs", "src/error.rs", "src/relation.rs", "src/boolean/outcome.rs", "src/simplex/storage.rs", "src/boolean/observe.rs (the trace observer; `()` sees nothing)", "src/region/plane.rs", "src/region/catalogue.rs"]),
    "distance query: gjk::distance in any dimension": (2000, [
        ("src/distance/mod.rs", "the loop, its stop rule and accuracy"),
        ("src/shape/hull.rs", "the support map of a hull"),
        ("src/simplex/mod.rs", "one support point of A − B, the vertex conventions"),
        ("src/simplex/storage.rs", "the simplex: push, keep, select"),
        ("src/distance/subalgorithm.rs", "Johnson's sub-algorithm: the closest point of a simplex"),
        ("src/distance/hidden.rs", "float mode: progress hidden by rounding"),
        ("src/distance/widened.rs", "f32: a stalled step computed again in f64"),
        ("src/distance/contains.rs", "float mode: a full simplex is checked exactly"),
        ("src/distance/margin.rs", "the round query's stops; `()` for the plain query"),
    ], ["src/scalar.rs", "src/vector.rs", "src/shape/search.rs", "src/shape/lanes.rs", "src/tolerance.rs", "src/error.rs", "src/relation.rs", "src/distance/outcome.rs",
        "src/distance/warm.rs (run only with a warm start)", "src/distance/nesterov.rs (the accelerated option; `()` is the plain search)"]),
    "distance query, 2D/3D floats: gjk::distance's hot path (the default)": (2000, [
        ("src/distance/hot.rs", "the loop with closed-form regions; when it hands back"),
        ("src/distance/mod.rs", "the options, outcomes, stop rule and accuracy it shares"),
        ("src/shape/hull.rs", "the support map of a hull"),
        ("src/simplex/mod.rs", "one support point of A − B, the vertex conventions"),
        ("src/simplex/storage.rs", "the simplex it returns"),
        ("src/distance/contains.rs", "float mode: a full simplex is checked exactly"),
        ("src/distance/margin.rs", "the round query's stops; `()` for the plain query"),
    ], ["src/scalar.rs", "src/vector.rs", "src/shape/search.rs", "src/shape/lanes.rs", "src/tolerance.rs", "src/error.rs", "src/relation.rs", "src/distance/outcome.rs",
        "src/distance/warm.rs (run only with a warm start)", "the reference loop's files when a query is handed back"]),
}


def lines_before_tests(path):
    text = (ROOT / path).read_text()
    cut = re.search(r"^#\[cfg\(test\)\]", text, re.M)
    if cut:
        text = text[: cut.start()]
    return text.count("\n")


def lookup(entry):
    """A looked-up file with its count (a note after its name is kept)."""
    if not entry.startswith("src/"):
        return entry
    path, _, note = entry.partition(" ")
    return f"{path} ({lines_before_tests(path)}{', ' + note[1:-1] if note else ''})"


BEGIN, END = "<!-- read_path:begin -->", "<!-- read_path:end -->"


def main():
    over = False
    out = []
    for name, (budget, files, lookups) in PATHS.items():
        total = 0
        out.append(f"{name} (budget {budget})")
        for f, what in files:
            n = lines_before_tests(f)
            total += n
            out.append(f"  {n:5}  {f}  {what}")
        out.append(f"  {total:5}  in all" + ("  OVER BUDGET" if total > budget else ""))
        out.append("         looked up when met: " + ", ".join(
            lookup(f) for f in lookups))
        over |= total > budget
    print("\n".join(out))
    arch = ROOT / "ARCHITECTURE.md"
    text = arch.read_text()
    a, b = text.index(BEGIN) + len(BEGIN), text.index(END)
    block = "\n```text\n" + "\n".join(out) + "\n```\n"
    if "--write" in sys.argv:
        arch.write_text(text[:a] + block + text[b:])
    elif "--check" in sys.argv and text[a:b] != block:
        print("ARCHITECTURE.md's read-first block is stale: scripts/read_path.py --write",
              file=sys.stderr)
        return 1
    if "--check" in sys.argv and over:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
