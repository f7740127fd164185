#!/usr/bin/env python3
"""Same answers before and after a refactor: runs `gjk query` (every scalar
mode), `gjk check` and `gjk trace` of two builds on one corpus and compares
their outputs line by line.

    scripts/same_answers.py                 # base = the commit before the redesign
    scripts/same_answers.py --base REV      # another base
    scripts/same_answers.py --quick         # a smaller corpus (a few minutes)
    scripts/same_answers.py --compare-only  # compare the last run's saved outputs again

The base is built from a `git archive` of REV under WORK/base-REV (cached);
the head is the working tree, built with `cargo build --release`. Each
build's outputs are kept in WORK/out-base and WORK/out-head (with the exit
statuses, exit-status.json), which `--compare-only` compares again without
building or running anything (with the same --base, --quick and --traces,
e.g. after a change to the mappings). The corpus
is written by the *base* build's `gjk gen` (so a change to the generators
cannot change the corpus), plus every spec case and pair
(spec/regions.toml, as a case: A = the simplex, B = the origin), the
examples, the bad-input examples, the case-line fuzz corpus and round cases
(`round.jsonl`: the round examples and the generated 2D and 3D cases with a
radius, where the base reads them).

Deliberate format changes are mapped from the old output to the new one in
`map_pair` below, each listed in MAPPINGS with its reason and checked (the
new value must have the property the change promises); nothing else may
differ. Exit status 0: identical after the mapping; 1: some line differs
(the first differences of each run are printed); 2: a build or run failed.
"""

import argparse
import concurrent.futures as cf
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The last commit before the redesign of issue 18.
DEFAULT_BASE = "4ccb115"

# ---------------------------------------------------------------------------
# Deliberate format changes, old → new. Each entry says what changed and why;
# `map_pair` applies them to the base's output before comparing.
# ---------------------------------------------------------------------------

MAPPINGS = [
    "f64-certified, N >= 4, exact fallback: `iterations` now adds the support "
    "points of the crate's own exact loop, which replaced the exact oracle "
    "(the oracle is a judge, not a query path; issue 18); the verdict is "
    "unchanged and the new count must be at least the old (float) one",
    "f64-certified, N >= 2, exact fallback (issue 19): the exact path is the "
    "exact mode (gjk::exact::exact_query, relation only), which searches in "
    "f64 and proves, and runs the exact loop only where its certificate is "
    "rejected; `iterations` counts the float stage's support points plus the "
    "exact path's (its float search's and any exact loop's), so on these "
    "lines it may differ from the base's, and must be a positive integer; "
    "the verdict and every other field are unchanged",
    "reason texts (`reason`, `distance_reason`, `penetration_reason`): one "
    "no-verdict enum (gjk::NoVerdict) replaces five, printed with one Display; "
    "`distance_reason` was the Debug form (`IterationCap { cap: 3 }`), the "
    "descent depth and EPA's stage prefixes ('EPA ', 'GJK: ') are gone. "
    "Each old text maps to exactly one new text (REASON_TEXTS), so the kind "
    "of every reason is unchanged",
    "text traces name the boolean loop's file: `src/gjk.rs` is now "
    "`src/boolean.rs` (the module `gjk::gjk` became `gjk::boolean`, so the "
    "crate's name is not also a module's); only that path changes",
    "error lines (issue 23, item 4): `query`, `check` and `trace` print one "
    "shape, `{\"id\": ..., \"line\": N, \"error\": ...}`, with `id` only when "
    "it was read: `query`'s error lines gain `line` and lose the line number "
    "printed as an id; `check`'s lose `category` and the line number printed "
    "as an id. The message must be the same, and a dropped id must have been "
    "the line number",
    "`check`'s summary (issue 23, item 7) counts the cases past `--budget`: a "
    "new field `budget_exceeded`, which must be 0 here (the corpus runs "
    "within the default budget of 60 s per case)",
    "values past f64 (issue 23, item 2): `null` for a distance, a depth or "
    "`exact_approx` becomes a decimal string that the case format reads "
    "(exact) or \"overflow\" (float modes); `distance` and `penetration_depth` "
    "of exact values below the normal range of f64 become decimal strings "
    "too (they were rounded to a subnormal or to 0)",
    "duplicate keys (issue 23, item 5): a case line with a key twice in one "
    "object (a field other than a, b and id, or a key inside a kept field) "
    "was answered with the last value; it is an error line naming the key",
    "`gjk trace --json` on a case it cannot trace (issue 23, item 4): the "
    "message on standard error as before, and now also the error line "
    "`{\"id\": ..., \"line\": N, \"error\": ...}` on standard output, where the "
    "base printed nothing; the head's line must have exactly that shape",
    "`query --scalar f64-certified` (issue 20, item 3): every answered line "
    "gains `distance_bounds`, `[lo, hi]` proved to hold the exact distance "
    "(gjk::certified::certify_distance), or `distance_bounds_reason` (a "
    "string) when the float distance loop gives no verdict; the interval must "
    "be two numbers with 0 <= lo <= hi (hi may be the overflow string), and "
    "nothing else on the line may change",
    "exact mode, touching (issue 19): where the float EPA finds the origin on "
    "the boundary, its normal snapped to the faces of A and B it nearly "
    "supports (gjk::exact) proves touching where the base fell back to the "
    "exact loops, and so does the normal of a hyperplane holding both shapes "
    "(gjk::exact's flat_normal: a flat shape and its copy, coplanar polygons), "
    "so `normal` and `iterations` may differ (`iterations` alone, and only "
    "fewer, where that normal is the one the base found: the float EPA no "
    "longer runs); the outcome and "
    "every other field are unchanged, and the head's normal must be non-zero "
    "with max over A of n.a equal to min over B of n.b (checked here with "
    "fractions on the case's points)",
    "the written-out 2D/3D float loop (issue 20, item 1): `DistanceOptions` "
    "default to `SubAlgorithm::Auto`, whose closed-form regions round "
    "differently from the reference's Gram solves. (1) `query --scalar "
    "f64/f32`, 2D and 3D, separated: `distance_squared`, `distance`, "
    "`witness_a`, `witness_b` may change; the head's distance_squared must be "
    "within the accuracy bound (tolerance::float_accuracy_bound, base's plus "
    "head's) of the base's, |witness_b - witness_a|^2 within it of the head's "
    "distance_squared, the witnesses supporting their shapes along their "
    "difference (to the bound), and distance its square root. (2) `f64-certified`: "
    "`distance_bounds` may change and must still overlap the base's interval "
    "(both hold the exact distance), at most twice as wide; a separated line's `axis` may change "
    "and must separate the case's (f64) points strictly, checked with "
    "fractions; an exact fallback's `fallback_reason` may name another "
    "of gjk::certified's reasons; `iterations` (the float stage's support points) may change. "
    "Since the float stage runs the boolean query's hot path first (2D and "
    "3D), a separated line's `axis` and `iterations` may be that loop's "
    "(the same checks; a zero's sign counts as a change). "
    "(3) exact mode, 2D and 3D: `iterations` may change (its float search "
    "counts the float loop's support points). Nothing else may change",
    "round shapes on the written-out loop (issue 20): `gjk::round` runs the "
    "cores' distance query with the caller's options, so the default "
    "`SubAlgorithm::Auto` now takes the written-out 2D/3D loop (margin stops "
    "included) where it took the reference loop. `query --scalar f64/f32` "
    "on a round case: `core_distance_squared` may change within the "
    "accuracy bound (base's plus head's) and so may everything computed "
    "from it and the core witnesses (`core_witness_a/b`, `witness_a/b`, "
    "`axis`, `normal`, `distance`, `distance_interval`, a disjoint core's "
    "`penetration_depth`, `iterations`); the relation fields (`outcome`, "
    "`intersects`, `touching`) and `radius_sum` may not. Checked: the core "
    "witnesses are |c|^2 apart (to the bound), `distance` is "
    "max(0, sqrt(c^2) - R), the interval holds it, the witnesses are the "
    "core witnesses moved by the radii, `axis` (or `normal`) is the core "
    "witnesses' difference, and the depth is R - sqrt(c^2). Where the "
    "relation changes (the loops' simplices differ, and with them the "
    "touching band's scale), the head's must be the base's exact answer "
    "on the same case and the base's float one must not have been",
    "float round lines' `distance_interval` (2026-12-07): its error term for "
    "the cores' `c^2` is taken at the scale of the points the cores' loop "
    "met (`RoundAnswer::core_scale2`), not at `c^2`, which let the interval "
    "miss the exact distance of long cores; where nothing else changed, the "
    "new interval must hold the old one and the line's `distance`",
    "`f64-certified` distance bounds in one float pass (issue 20, item 3, "
    "2026-12-06): `hi` from an a-priori error bound instead of interval "
    "arithmetic, `lo` with each hull's dot-product sizes bounded by its "
    "coordinate maxima; both still proved, both wider by rounding noise: "
    "`distance_bounds` must overlap the base's and be at most twice as wide "
    "plus 16 N (N + 2) u times the case's largest f64 coordinate magnitude "
    "(bounds_noise)",
    "the exact mode's float-first search in every dimension (issue 19): it "
    "searches in f64 and proves what it finds, running the exact loops only "
    "where that is rejected, so where the truth allows several answers it may "
    "print another than the base's exact loops found: `iterations` (it "
    "counts the float search's support points too), a separated line's "
    "`axis`, `witness_a` and `witness_b`, a penetrating line's `normal` and "
    "`penetration` (touching lines: the touching-normal entry above). "
    "Everything else must be identical, the unique fields (`intersects`, "
    "`touching`, `outcome`, `distance_squared`, `penetration_depth_squared`, "
    "`distance`, `penetration_depth`) included. Checked exactly with "
    "fractions on the case's points as the tool reads them (a JSON number as "
    "the nearest double): `iterations` a positive integer; the axis n "
    "strictly separates, max over A of n.a < min over B of n.b; the "
    "witnesses are distance_squared apart (|wb - wa|^2) and each is a convex "
    "combination of its shape's points on the face supporting it along "
    "wb - wa, so they are a closest pair; the normal n is non-zero with "
    "(max over A of n.a - min over B of n.b)^2 = depth^2 |n|^2 (a direction "
    "of least depth, the depth being the least support of A - B over unit "
    "directions) and the penetration vector p a positive multiple of n with "
    "|p|^2 = depth^2, so A translated by -p touches B (exact_search_line)",
]

DECIMAL = re.compile(r"^-?[0-9]\.[0-9]{16}e-?[0-9]+$")


def past_f64(old, new):
    """Whether `new` is a value-past-f64 form of `old` (MAPPINGS)."""
    if isinstance(new, str) and (new == "overflow" or DECIMAL.match(new)):
        return old is None or (isinstance(old, (int, float)) and
                               (old == 0 or abs(old) < 2.2250738585072014e-308))
    return False


def map_error_line(old, new):
    """The base's error line in the head's shape, when only the shape
    changed (MAPPINGS, item 4); else None."""
    if set(new) - {"id", "line", "error"} or "line" not in new:
        return None
    if old.get("error") != new["error"]:
        return None
    if "id" in new:
        if old.get("id") != new["id"]:
            return None
    elif old.get("id") not in (None, new["line"]):
        return None
    if "line" in old and old["line"] != new["line"]:
        return None
    return dict(new)

# Old reason text (regex) -> new text (format with the groups; None: the
# first group, mapped again).
REASON_TEXTS = [
    (r"^IterationCap \{ cap: (\d+) \}$", "iteration cap of {0} support calls reached"),
    (r"^RepeatedVertex$", "the support point is already a vertex"),
    (r"^NoProgress$", "the distance did not decrease"),
    (r"^EPA iteration cap of (\d+) support calls reached$",
     "iteration cap of {0} support calls reached"),
    (r"^(.*) \(descent depth \d+\)$", None),
    (r"^rounding contradicted the descent at depth \d+ \(float mode\)$",
     "rounding contradicted the descent (float mode)"),
    (r"^float touching normal refuted by its support planes at descent depth \d+$",
     "float touching normal refuted by its support planes (rounding decided the descent)"),
    (r"^the support point is already in the simplex$", "the support point is already a vertex"),
    (r"^the support point is already a polytope vertex$", "the support point is already a vertex"),
    (r"^GJK(?: \(distance\))?: (.*)$", None),
]


def new_reason(text):
    """The head's text for an old reason text (REASON_TEXTS, applied until
    none matches)."""
    for _ in range(4):
        for pattern, new in REASON_TEXTS:
            m = re.match(pattern, text)
            if m:
                text = m.group(1) if new is None else new.format(*m.groups())
                break
        else:
            return text
    return text


# `gjk::NoVerdict`'s texts (its `Display`) and stable names (`name()`).
NO_VERDICT_NAMES = [
    (r"iteration cap of \d+ support calls reached$", "iteration_cap"),
    (r"degenerate simplex \(", "degenerate"),
    (r"zero search direction in region ", "zero_direction"),
    (r"the support point is already a vertex$", "repeated_vertex"),
    (r"the distance did not decrease$", "no_progress"),
    (r"rounding contradicted the descent", "rounding"),
    (r"float touching normal refuted", "unproved_normal"),
    (r"a polytope facet is degenerate within rounding$", "degenerate_facet"),
    (r"the horizon is not a closed ring of ridges", "inconsistent_horizon"),
    (r"the start simplex does not contain the origin$", "start_simplex"),
]


def no_verdict_name(text):
    """The stable name of the no-verdict reason whose text is `text`, or None."""
    for pattern, name in NO_VERDICT_NAMES:
        if re.match(pattern, text):
            return name
    return None


def dim_of(run):
    """The dimension of a generated file's run (`...-gen-4d-s0`), or None
    (used by scripts/exact_answers.py)."""
    for part in run.split("-"):
        if part.endswith("d") and part[:-1].isdigit():
            return int(part[:-1])
    return None


def case_points(case, key):
    """A shape given as points, as lists of Fractions; None otherwise (also
    for a round shape: its radius is not in the points)."""
    if any(k.startswith("radius") for k in case):
        return None
    return listed_points(case, key)


def coordinate(x):
    """A case coordinate's exact value as the tool reads it
    (gjk_case::parse_coordinate): a string exactly ("p/q" or a decimal), a
    JSON number as the nearest double (integers too: 2^53 + 1 is 2^53)."""
    if isinstance(x, bool):
        raise TypeError("a boolean is not a coordinate")
    return Fraction(x) if isinstance(x, str) else Fraction(float(x))


def listed_points(case, key):
    """The points listed under `key` (a round shape's core), as lists of
    Fractions (`coordinate`); None if they are not a list of lists of
    numbers."""
    pts = case.get(key)
    if not (isinstance(pts, list) and pts and all(isinstance(p, list) for p in pts)):
        return None
    try:
        return [[coordinate(x) for x in p] for p in pts]
    except (TypeError, ValueError, ArithmeticError):
        return None


def touching_normal(case, normal):
    """Whether `normal` is a touching normal of the case's two point sets:
    non-zero, max over A of n.a = min over B of n.b (MAPPINGS)."""
    a, b = case_points(case, "a"), case_points(case, "b")
    if a is None or b is None or not isinstance(normal, list):
        return False
    try:
        n = [Fraction(x) for x in normal]
    except (TypeError, ValueError, ArithmeticError):
        return False
    if not any(n) or any(len(p) != len(n) for p in a + b):
        return False
    dot = lambda p: sum(x * y for x, y in zip(n, p))
    return max(map(dot, a)) == min(map(dot, b))


def dot(u, v):
    """The dot product of two vectors (exact on Fractions)."""
    return sum(x * y for x, y in zip(u, v))


def exact_vector(value, dim):
    """A printed exact vector (a list of `dim` "p/q" strings) as Fractions,
    or None."""
    if not (isinstance(value, list) and len(value) == dim
            and all(isinstance(x, str) for x in value)):
        return None
    try:
        return [Fraction(x) for x in value]
    except (ValueError, ArithmeticError):
        return None


def exact_number(value):
    """A printed exact number ("p/q") as a Fraction, or None."""
    try:
        return Fraction(value)
    except (TypeError, ValueError, ArithmeticError):
        return None


def separating_axis(a, b, axis):
    """Whether `axis` strictly separates the point sets `a` and `b` (lists
    of Fractions): max over a of axis.p < min over b of axis.p."""
    return max(dot(axis, p) for p in a) < min(dot(axis, p) for p in b)


def depth_normal(a, b, normal, penetration, depth2):
    """Whether `normal` and `penetration` answer a penetration depth of
    `depth2` (its square) for the point sets `a` and `b`, exactly (MAPPINGS):
    the normal is non-zero and A - B's support along it is
    h = max over A of n.a - min over B of n.b >= 0 with h^2 = depth2 |n|^2, so
    it is a direction of least depth when depth2 is the depth (the minimum
    of h over unit directions); the penetration vector p is a positive
    multiple of n with |p|^2 = depth2, so p lies on that support plane and
    in A - B, and A translated by -p touches B."""
    if not any(normal):
        return False
    h = max(dot(normal, p) for p in a) - min(dot(normal, p) for p in b)
    if h < 0 or h * h != depth2 * dot(normal, normal):
        return False
    parallel = all(x * normal[j] == penetration[j] * y
                   for i, (x, y) in enumerate(zip(penetration, normal))
                   for j in range(i + 1, len(normal)))
    return (parallel and dot(penetration, penetration) == depth2
            and (dot(penetration, normal) > 0 or depth2 == 0))


def solve(columns, rhs):
    """The unique x with sum_j x_j columns[j] = rhs, exactly (Fractions);
    None if the columns are linearly dependent or there is no solution."""
    m, n = len(columns), len(rhs)
    rows = [[col[i] for col in columns] + [rhs[i]] for i in range(n)]
    for c in range(m):
        pivot = next((i for i in range(c, n) if rows[i][c] != 0), None)
        if pivot is None:
            return None
        rows[c], rows[pivot] = rows[pivot], rows[c]
        for i in range(n):
            if i != c and rows[i][c] != 0:
                f = rows[i][c] / rows[c][c]
                rows[i] = [x - f * y for x, y in zip(rows[i], rows[c])]
    if any(rows[i][m] != 0 for i in range(m, n)):
        return None
    return [rows[i][m] / rows[i][i] for i in range(m)]


def in_hull(x, pts, budget=20000):
    """Whether the point `x` is in the convex hull of `pts`, exactly: by
    Caratheodory, x is then a convex combination of at most dim + 1
    affinely independent points, tried subset by subset (False past
    `budget` subsets: not decided, so not mapped)."""
    pts = [list(p) for p in {tuple(p) for p in pts}]
    tried = 0
    for size in range(1, min(len(pts), len(x) + 1) + 1):
        for subset in itertools.combinations(pts, size):
            tried += 1
            if tried > budget:
                return False
            p0 = subset[0]
            weights = solve([[u - v for u, v in zip(p, p0)] for p in subset[1:]],
                            [u - v for u, v in zip(x, p0)])
            if weights is not None and all(w >= 0 for w in weights) and sum(weights) <= 1:
                return True
    return False


def closest_pair(a, b, wa, wb, dist2):
    """Whether `wa`, `wb` are a closest pair of points of conv(a), conv(b)
    when `dist2` is their distance squared, exactly (MAPPINGS):
    |wb - wa|^2 = dist2, wa in the face of conv(a) that supports it along
    wb - wa, wb in the face of conv(b) that supports it along wa - wb."""
    n = [y - x for x, y in zip(wa, wb)]
    if dot(n, n) != dist2:
        return False
    top = max(dot(n, p) for p in a)
    bottom = min(dot(n, p) for p in b)
    if dot(n, wa) != top or dot(n, wb) != bottom:
        return False
    return (in_hull(wa, [p for p in a if dot(n, p) == top])
            and in_hull(wb, [p for p in b if dot(n, p) == bottom]))


# What an exact line may change where the float-first search found another
# certificate (MAPPINGS), and the label each kind of line is counted under.
EXACT_SEARCH_KEYS = {"iterations", "axis", "normal", "penetration", "witness_a", "witness_b"}


def exact_search_line(old, new, case):
    """Whether an exact line (separated or penetrating) changed only in what
    the float-first search may choose, each new value checked on the case's
    points as the tool read them (MAPPINGS); its label for MAPPED, or None.
    The unique fields (intersects, touching, outcome, distance_squared,
    penetration_depth_squared and their float renderings) must be
    identical, and so is everything else."""
    keys = {k for k in set(old) | set(new) if dump(old.get(k)) != dump(new.get(k))}
    if (not keys or not keys <= EXACT_SEARCH_KEYS or "error" in new
            or new.get("scalar") != "exact"
            or new.get("outcome") not in ("separated", "penetrating")):
        return None
    if "iterations" in keys and not (isinstance(new.get("iterations"), int)
                                     and not isinstance(new["iterations"], bool)
                                     and new["iterations"] >= 1):
        return None
    a, b = case_points(case, "a"), case_points(case, "b")
    if a is None or b is None or len({len(p) for p in a + b}) != 1:
        return None
    dim = len(a[0])
    vec = lambda k: exact_vector(new.get(k), dim)
    if "axis" in keys:
        axis = vec("axis")
        if new["outcome"] != "separated" or axis is None or not separating_axis(a, b, axis):
            return None
    if keys & {"witness_a", "witness_b"}:
        wa, wb = vec("witness_a"), vec("witness_b")
        dist2 = exact_number(new.get("distance_squared"))
        if (new["outcome"] != "separated" or None in (wa, wb, dist2)
                or not closest_pair(a, b, wa, wb, dist2)):
            return None
    if keys & {"normal", "penetration"}:
        normal, pen = vec("normal"), vec("penetration")
        depth2 = exact_number(new.get("penetration_depth_squared"))
        if (new["outcome"] != "penetrating" or None in (normal, pen, depth2)
                or not depth_normal(a, b, normal, pen, depth2)):
            return None
    if keys & {"witness_a", "witness_b"}:
        return "exact witnesses (float search)"
    if keys & {"normal", "penetration"}:
        return "exact penetration normal (float search)"
    if "axis" in keys:
        return "exact separating axis (float search)"
    return "exact iterations (float search)"


# How many lines each checked mapping rewrote (printed at the end).
MAPPED = {}


def map_pair(run, old, new, cases=None):
    """Applies MAPPINGS to one pair of parsed JSON lines (base, head) of the
    run `run` (`cases`: the run's input cases by id): returns the base line as the head build prints it, where the
    change is one of the deliberate ones and the head's value passes that
    change's check; otherwise the base line unchanged."""
    if isinstance(old, str) and isinstance(new, str):
        renamed = old.replace("src/gjk.rs", "src/boolean.rs")
        return renamed if renamed == new else old
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return old
    if "error" in old and "error" in new:
        mapped = map_error_line(old, new)
        if mapped is not None:
            return mapped
    if ("error" not in old and isinstance(new.get("error"), str)
            and "appears twice (a JSON object's keys must be distinct)" in new["error"]):
        return dict(new)
    if "summary" in old and "summary" in new and isinstance(old["summary"], dict):
        if new["summary"].get("budget_exceeded") == 0 and "budget_exceeded" not in old["summary"]:
            old = {"summary": dict(old["summary"], budget_exceeded=0)}
        return old
    if old.get("id") != new.get("id"):
        return old
    old = dict(old)
    for field in ("distance", "distance_squared", "penetration_depth",
                  "penetration_depth_squared", "exact_approx"):
        if field in old and field in new and old[field] != new[field] \
                and past_f64(old[field], new[field]):
            old[field] = new[field]
    for field in ("reason", "distance_reason", "penetration_reason"):
        if isinstance(old.get(field), str):
            old[field] = new_reason(old[field])
    # A no-verdict line now names its reason (`no_verdict`) beside the text:
    # the name must be the one the text stands for.
    if ("no_verdict" not in old and isinstance(new.get("no_verdict"), str)
            and isinstance(old.get("reason"), str)
            and no_verdict_name(old["reason"]) == new["no_verdict"]):
        old["no_verdict"] = new["no_verdict"]
        MAPPED["no-verdict name added"] = MAPPED.get("no-verdict name added", 0) + 1
    if (run.startswith("query-f64-certified")
            and old.get("certificate") == "exact_fallback"
            and new.get("certificate") == "exact_fallback"
            and isinstance(old.get("iterations"), int)
            and isinstance(new.get("iterations"), int)
            and new["iterations"] >= 1):
        old["iterations"] = new["iterations"]
    if (run.startswith(("query-exact-", "query-cap3-exact-"))
            and old.get("scalar") == "exact" and new.get("scalar") == "exact"
            and old.get("outcome") == "touching" and new.get("outcome") == "touching"
            and (old.get("normal"), old.get("iterations")) != (new.get("normal"), new.get("iterations"))
            and isinstance(new.get("iterations"), int) and new["iterations"] >= 1
            and (old.get("normal") != new.get("normal")
                 or (isinstance(old.get("iterations"), int)
                     and new["iterations"] < old["iterations"]))
            and cases is not None and touching_normal(cases.get(new.get("id"), {}),
                                                      new.get("normal"))):
        old["normal"] = new["normal"]
        old["iterations"] = new["iterations"]
        MAPPED["exact touching normal"] = MAPPED.get("exact touching normal", 0) + 1
    case = (cases or {}).get(new.get("id"), {})
    certified = run.startswith(("query-f64-certified", "query-cap3-f64-certified"))
    if (run.startswith(("query-f64-", "query-f32-", "query-cap3-f64-", "query-cap3-f32-"))
            and not certified and hot_float_line(old, new, case)):
        for k in HOT_FLOAT_KEYS:
            old[k] = new.get(k)
        MAPPED["float distance (hot loop)"] = MAPPED.get("float distance (hot loop)", 0) + 1
    if (run.startswith(("query-f64-round", "query-f32-round"))
            and widened_round_interval(old, new)):
        old["distance_interval"] = new["distance_interval"]
        MAPPED["float round interval widened"] = MAPPED.get("float round interval widened", 0) + 1
    if (run.startswith(("query-f64-round", "query-f32-round"))
            and round_relation_fixed(old, new)):
        old = dict(new)
        MAPPED["float round relation now exact's"] = \
            MAPPED.get("float round relation now exact's", 0) + 1
    if (run.startswith(("query-f64-round", "query-f32-round"))
            and hot_round_line(old, new, case)):
        for k in ROUND_KEYS:
            if k in new:
                old[k] = new[k]
        MAPPED["float round (hot loop)"] = MAPPED.get("float round (hot loop)", 0) + 1
    # (Before hot_certified_line, which compares the rest of the line.)
    if run.startswith("query-f64-certified") and "error" not in new:
        bounds = new.get("distance_bounds")
        if "distance_bounds" not in old and valid_bounds(bounds):
            old["distance_bounds"] = bounds
        reason = new.get("distance_bounds_reason")
        if "distance_bounds_reason" not in old and isinstance(reason, str):
            old["distance_bounds_reason"] = reason
    if certified and "error" not in new and hot_certified_line(old, new, case):
        for k in ("distance_bounds", "axis", "fallback_reason", "iterations"):
            if k in new:
                old[k] = new[k]
        MAPPED["f64-certified (hot loop)"] = MAPPED.get("f64-certified (hot loop)", 0) + 1
    if (run.startswith(("query-exact-", "query-cap3-exact-"))
            and len((case_points(case, "a") or [[]])[0]) in (2, 3)
            and old.get("iterations") != new.get("iterations")
            and isinstance(new.get("iterations"), int) and new["iterations"] >= 1
            and {k for k in set(old) | set(new) if old.get(k) != new.get(k)} == {"iterations"}):
        old["iterations"] = new["iterations"]
        MAPPED["exact iterations (hot float search)"] = \
            MAPPED.get("exact iterations (hot float search)", 0) + 1
    label = (run.startswith(("query-exact-", "query-cap3-exact-"))
             and exact_search_line(old, new, case))
    if label:
        for k in EXACT_SEARCH_KEYS & set(new):
            old[k] = new[k]
        MAPPED[label] = MAPPED.get(label, 0) + 1
    return old


def f64_points(case, key):
    """The case's points rounded to f64 (as the float modes read them), as
    Fractions; None where `case_points` gives None."""
    pts = case_points(case, key)
    return None if pts is None else [[Fraction(float(x)) for x in p] for p in pts]


def accuracy_bound(d2, s2, u):
    """tolerance::float_accuracy_bound."""
    return 2.0 * max(1024.0 * u * d2, 4.0 * 1024.0 * u * s2) + 16.0 * u * d2 + 1024.0 * u * s2


# gjk::certified's reasons for an exact fallback.
FALLBACK_REASONS = {"float_not_converged", "float_error", "axis_inconclusive",
                    "simplex_not_full", "simplex_does_not_enclose"}

HOT_FLOAT_KEYS = {"distance", "distance_squared", "witness_a", "witness_b"}


def hot_float_line(old, new, case):
    """Whether a float line's change is the hot loop's rounding (MAPPINGS)."""
    keys = {k for k in set(old) | set(new) if old.get(k) != new.get(k)}
    if not keys or not keys <= HOT_FLOAT_KEYS or new.get("outcome") != "separated":
        return False
    u = {"f64": 2.0 ** -53, "f32": 2.0 ** -24}.get(new.get("scalar"))
    a, b = f64_points(case, "a"), f64_points(case, "b")
    if u is None or a is None or b is None or len(a[0]) not in (2, 3):
        return False
    try:
        wa, wb = [float(x) for x in new["witness_a"]], [float(x) for x in new["witness_b"]]
        d2_old, d2_new = float(old["distance_squared"]), float(new["distance_squared"])
        dist = float(new["distance"])
    except (KeyError, TypeError, ValueError):
        return False
    s2 = max(sum(float(x - y) ** 2 for x, y in zip(p, q)) for p in a for q in b)
    bound = accuracy_bound(d2_old, s2, u) + accuracy_bound(d2_new, s2, u)
    w2 = sum((y - x) ** 2 for x, y in zip(wa, wb))
    # The witnesses support their shapes along n = wb - wa (to the bound).
    n = [y - x for x, y in zip(wa, wb)]
    dot = lambda p: sum(float(x) * y for x, y in zip(p, n))
    supports = (abs(max(map(dot, a)) - dot(wa)) <= bound
                and abs(min(map(dot, b)) - dot(wb)) <= bound)
    return (abs(d2_new - d2_old) <= bound and abs(w2 - d2_new) <= bound and supports
            and abs(dist * dist - d2_new) <= 1e-12 * max(d2_new, 1e-300) + 4 * u * d2_new)


def overlap(old, new, noise=0.0):
    """Two valid `[lo, hi]` intervals that share a point, the new one at
    most twice as wide as the old (plus a rounding's worth, plus `noise`)."""
    if not (valid_bounds(old) and valid_bounds(new)):
        return False
    hi = lambda x: float("inf") if x[1] == "overflow" else x[1]
    width = lambda x: hi(x) - x[0]
    return (max(old[0], new[0]) <= min(hi(old), hi(new))
            and width(new) <= 2 * width(old) + 2.0 ** -52 * hi(old) + noise + 1e-300)


def bounds_noise(case):
    """The one-pass bounds' extra width allowed on `case` (MAPPINGS):
    16 N (N + 2) u times its largest f64 coordinate magnitude."""
    pts = [p for key in ("a", "b") for p in (f64_points(case, key) or [])]
    if not pts:
        return 0.0
    n = len(pts[0])
    size = max(abs(float(x)) for p in pts for x in p)
    return 16 * n * (n + 2) * 2.0 ** -53 * size


def hot_certified_line(old, new, case):
    """Whether an f64-certified line's change is the hot loop's (MAPPINGS)."""
    # (Compared as printed: `-0.0 == 0.0` in Python, not in the output.)
    keys = {k for k in set(old) | set(new) if dump(old.get(k)) != dump(new.get(k))}
    if not keys or not keys <= {"distance_bounds", "axis", "fallback_reason", "iterations"}:
        return False
    if "iterations" in keys and not (isinstance(new.get("iterations"), int)
                                     and new["iterations"] >= 1):
        return False
    if "distance_bounds" in keys and not overlap(old.get("distance_bounds"),
                                                 new.get("distance_bounds"),
                                                 bounds_noise(case)):
        return False
    if "fallback_reason" in keys and not (
            old.get("certificate") == "exact_fallback"
            and new.get("fallback_reason") in FALLBACK_REASONS):
        return False
    if "axis" in keys:
        a, b = f64_points(case, "a"), f64_points(case, "b")
        if a is None or b is None or new.get("outcome") != "separated":
            return False
        try:
            n = [Fraction(x) for x in new["axis"]]
        except (KeyError, TypeError, ValueError, ArithmeticError):
            return False
        dot = lambda p: sum(x * y for x, y in zip(n, p))
        if not max(map(dot, a)) < min(map(dot, b)):
            return False
    return True


# The base's exact answers on round.jsonl by id (main fills it): where a
# float round line's relation changes, the head's must be this one.
EXACT_ROUND = {}

RELATION_KEYS = ("outcome", "intersects", "touching")


def round_relation_fixed(old, new):
    """Whether a float round line's relation changed to the exact one, from
    a base's that was not (MAPPINGS); the rest of the line as
    `hot_round_line` would check it is not compared then."""
    exact = EXACT_ROUND.get(new.get("id"))
    if exact is None or "error" in new:
        return False
    same = lambda line: all(line.get(k) == exact.get(k) for k in RELATION_KEYS)
    keys = {k for k in set(old) | set(new) if dump(old.get(k)) != dump(new.get(k))}
    # (A base without a verdict printed no `radius_sum`.)
    extra = {"reason"} | ({"radius_sum"} if "radius_sum" not in old else set())
    return same(new) and not same(old) and keys <= ROUND_KEYS | set(RELATION_KEYS) | extra


ROUND_KEYS = {"core_distance_squared", "core_witness_a", "core_witness_b", "witness_a",
              "witness_b", "axis", "normal", "distance", "distance_interval",
              "penetration_depth", "iterations"}


def core_points(case, key):
    """A round case's core points as f64s, or None."""
    pts = listed_points(case, key)
    return None if pts is None else [[float(x) for x in p] for p in pts]


def widened_round_interval(old, new):
    """Whether a float round line changed only by a wider `distance_interval`
    that holds the old one and the line's `distance` (MAPPINGS)."""
    keys = {k for k in set(old) | set(new) if dump(old.get(k)) != dump(new.get(k))}
    if keys != {"distance_interval"} or "error" in new:
        return False
    try:
        (lo0, hi0), (lo, hi) = old["distance_interval"], new["distance_interval"]
        lo0, hi0, lo, hi = float(lo0), float(hi0), float(lo), float(hi)
        dist = float(new["distance"])
    except (KeyError, TypeError, ValueError):
        return False
    return valid_bounds([lo, hi]) and lo <= lo0 and hi0 <= hi and lo <= dist <= hi


def hot_round_line(old, new, case):
    """Whether a float round line's change is the written-out loop's
    rounding on the cores (MAPPINGS)."""
    keys = {k for k in set(old) | set(new) if dump(old.get(k)) != dump(new.get(k))}
    if not keys or not keys <= ROUND_KEYS or "error" in new:
        return False
    u = {"f64": 2.0 ** -53, "f32": 2.0 ** -24}.get(new.get("scalar"))
    a, b = core_points(case, "a"), core_points(case, "b")
    if u is None or a is None or b is None or not any(k.startswith("radius") for k in case):
        return False
    try:
        c2_old, c2 = float(old["core_distance_squared"]), float(new["core_distance_squared"])
        r, dist = float(new["radius_sum"]), float(new["distance"])
        lo, hi = new["distance_interval"]
        iterations = new["iterations"]
    except (KeyError, TypeError, ValueError):
        return False
    if not (isinstance(iterations, int) and iterations >= 1 and valid_bounds([lo, hi])):
        return False
    s2 = max(sum((x - y) ** 2 for x, y in zip(p, q)) for p in a for q in b)
    bound = accuracy_bound(c2_old, s2, u) + accuracy_bound(c2, s2, u)
    close = lambda x, y, tol: abs(x - y) <= tol
    tiny = 4 * u * max(abs(r), c2 ** 0.5, 1e-300)
    if not (close(c2, c2_old, bound) and close(dist, max(0.0, c2 ** 0.5 - r), tiny)
            and lo <= dist <= hi):
        return False
    cwa, cwb = new.get("core_witness_a"), new.get("core_witness_b")
    if cwa is None or cwb is None:
        # Overlapping cores: only the iterations may change.
        return keys <= {"iterations"}
    try:
        cwa, cwb = [float(x) for x in cwa], [float(x) for x in cwb]
    except (TypeError, ValueError):
        return False
    n = [y - x for x, y in zip(cwa, cwb)]
    nn = sum(x * x for x in n)
    if not close(nn, c2, bound):
        return False
    scale = max(map(abs, cwa + cwb + [r, 1e-300]))
    for key in ("axis", "normal"):
        if key in new and not all(close(float(x), y, 8 * u * scale)
                                  for x, y in zip(new[key], n)):
            return False
    if "penetration_depth" in new and not close(float(new["penetration_depth"]),
                                                r - c2 ** 0.5, tiny + bound ** 0.5):
        return False
    for key, at, sign, radius in (("witness_a", cwa, 1, case.get("radius_a", 0)),
                                  ("witness_b", cwb, -1, case.get("radius_b", 0))):
        if key not in new:
            continue
        try:
            w, ra = [float(x) for x in new[key]], float(Fraction(radius))
        except (TypeError, ValueError, ArithmeticError):
            return False
        unit = [x / nn ** 0.5 for x in n] if nn > 0 else [0.0] * len(n)
        want = [p + sign * ra * e for p, e in zip(at, unit)]
        if not all(close(x, y, 16 * u * scale) for x, y in zip(w, want)):
            return False
    return True


def valid_bounds(bounds):
    """`[lo, hi]` with 0 <= lo <= hi, hi a number or "overflow"."""
    if not (isinstance(bounds, list) and len(bounds) == 2):
        return False
    lo, hi = bounds
    if not isinstance(lo, (int, float)) or lo < 0:
        return False
    return hi == "overflow" or (isinstance(hi, (int, float)) and lo <= hi)


# ---------------------------------------------------------------------------
# Building
# ---------------------------------------------------------------------------


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def build_base(rev, work):
    sha = subprocess.run(
        ["git", "rev-parse", "--short=12", rev], cwd=ROOT, check=True,
        capture_output=True, text=True).stdout.strip()
    src = work / f"base-{sha}"
    binary = src / "target" / "release" / "gjk"
    if not binary.exists():
        if src.exists():
            shutil.rmtree(src)
        src.mkdir(parents=True)
        archive = subprocess.run(["git", "archive", sha], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
        print(f"building base {sha} in {src}", file=sys.stderr)
        sh(["cargo", "build", "--release", "--quiet", "--bin", "gjk"], cwd=src)
    return sha, binary


def build_head():
    print("building head (working tree)", file=sys.stderr)
    sh(["cargo", "build", "--release", "--quiet", "--bin", "gjk"], cwd=ROOT)
    return ROOT / "target" / "release" / "gjk"


# ---------------------------------------------------------------------------
# The corpus
# ---------------------------------------------------------------------------

# (dimension, scale exponents, cases per scale). Exact mode in 6D to 8D costs
# seconds per case (EPA over rationals), so those dimensions get fewer.
FULL = [
    (1, [0, 30, -30, 50], 300),
    (2, [0, 30, -30, 50], 300),
    (3, [0, 30, -30, 50], 300),
    (4, [0, 30], 300),
    (5, [0], 200),
    (6, [0], 80),
    (7, [0], 30),
    (8, [0], 8),
]
QUICK = [
    (1, [0, 30], 100),
    (2, [0, 30, -30], 150),
    (3, [0, 30, -30], 150),
    (4, [0], 100),
    (5, [0], 40),
]


def q(x):
    return str(Fraction(x))


def spec_cases():
    """Every spec case (A = the simplex, B = the origin) and pair."""
    data = tomllib.loads((ROOT / "spec" / "regions.toml").read_text())
    lines = []
    for i, c in enumerate(data.get("case", [])):
        dim = len(c["simplex"][0])
        lines.append({
            "id": f"spec-case-{i}-{c['region']}",
            "a": [[q(x) for x in p] for p in c["simplex"]],
            "b": [["0"] * dim],
        })
    for i, p in enumerate(data.get("pair", [])):
        lines.append({
            "id": f"spec-pair-{i}-{p['region']}",
            "a": [[q(x) for x in v] for v in p["a"]],
            "b": [[q(x) for x in v] for v in p["b"]],
        })
    return [json.dumps(x) for x in lines]


def make_corpus(base_bin, work, plan, sha):
    """The corpus under WORK (cached: `.done` names the base commit that
    wrote it; another base's corpus, or one whose `.done` names none, is
    written again, since what a base reads decides what is in it)."""
    corpus = work / ("corpus-quick" if plan is QUICK else "corpus")
    done = corpus / ".done"
    if done.exists() and done.read_text().strip() == sha:
        return corpus
    if corpus.exists():
        shutil.rmtree(corpus)
    corpus.mkdir(parents=True)
    for dim, scales, count in plan:
        for s in scales:
            out = corpus / f"gen-{dim}d-s{s}.jsonl"
            with open(out, "w") as f:
                sh([str(base_bin), "gen", "--dim", str(dim), "--count", str(count),
                    "--seed", "7", "--scale", str(s)], stdout=f)
    (corpus / "spec.jsonl").write_text("\n".join(spec_cases()) + "\n")
    shutil.copy(ROOT / "examples" / "cases.jsonl", corpus / "examples.jsonl")
    # Bad input: the examples, and every case-line fuzz input that is text.
    bad = [(ROOT / "examples" / "bad-cases.jsonl").read_text()]
    fuzz = ROOT / "fuzz" / "corpus" / "case_line"
    for p in sorted(fuzz.iterdir()) if fuzz.exists() else []:
        try:
            t = p.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        bad.append(t.replace("\r", " ").replace("\n", " "))
    (corpus / "bad.jsonl").write_text("\n".join(bad) + "\n")
    # gjk check: the exact expects as generated, and a perturbed copy, so
    # that disagreement lines are compared too.
    perturbed = []
    for p in sorted(corpus.glob("gen-*.jsonl")):
        for k, line in enumerate(p.read_text().splitlines()):
            c = json.loads(line)
            e = c.get("expect", {})
            if k % 3 == 0:
                e["intersects"] = not e.get("intersects", False)
            if k % 4 == 1 and isinstance(e.get("distance"), (int, float)):
                e["distance"] = e["distance"] * (1 + 1e-6) + 1e-9
            if k % 5 == 2:
                e["distance_squared"] = "1/3"
            if k % 7 == 3:
                e["touching"] = not e.get("touching", False)
            c["expect"] = e
            perturbed.append(json.dumps(c))
    (corpus / "perturbed.jsonl").write_text("\n".join(perturbed) + "\n")
    round_corpus(base_bin, corpus)
    done.write_text(sha + "\n")
    return corpus


# The radii given to the generated 2D and 3D cases in round.jsonl, in turn:
# a ball's worth, a sliver, one that is not a short dyadic, a huge one.
ROUND_RADII = ["1/8", "1/1048576", 0.3, "1e-12", 2.5]


def round_corpus(base_bin, corpus):
    """round.jsonl: the round examples, and every generated 2D and 3D case
    with `radius_b` (ROUND_RADII in turn; no `expect`), when the base build
    reads round cases (bases before issue 20 do not: no file then). The
    base reads them if its answer to the first round example is a round
    answer (has `radius_sum`): a base before dced173 ignores the radii
    without an error and answers the cores' query, which is not the same
    question."""
    examples = [l for l in (ROOT / "examples" / "round.jsonl").read_text().splitlines()
                if l.strip() and not l.startswith("#")]
    probe = subprocess.run([str(base_bin), "query", "--scalar", "f64", "-"],
                           input=examples[0] + "\n", capture_output=True, text=True)
    try:
        reads = "radius_sum" in json.loads(probe.stdout.splitlines()[0])
    except (IndexError, json.JSONDecodeError, TypeError):
        reads = False
    if probe.returncode != 0 or not reads:
        print("the base reads no round cases: round.jsonl left out", file=sys.stderr)
        return
    lines = list(examples)
    for p in sorted(corpus.glob("gen-*.jsonl")):
        if not p.stem.startswith(("gen-2d", "gen-3d")):
            continue
        for k, line in enumerate(p.read_text().splitlines()):
            c = json.loads(line)
            c.pop("expect", None)
            c["id"] = f"{p.stem}-{c.get('id', k)}-round"
            c["radius_b"] = ROUND_RADII[k % len(ROUND_RADII)]
            lines.append(json.dumps(c))
    (corpus / "round.jsonl").write_text("\n".join(lines) + "\n")


def runs(corpus):
    """(name, args, input file) of every run; the same on both builds."""
    out = []
    gens = sorted(corpus.glob("gen-*.jsonl"))
    everything = gens + [corpus / "spec.jsonl", corpus / "examples.jsonl", corpus / "bad.jsonl"]
    rounds = [corpus / "round.jsonl"] if (corpus / "round.jsonl").exists() else []
    everything += rounds
    for f in everything:
        for s in ["exact", "f64", "f32", "f64-certified"]:
            out.append((f"query-{s}-{f.stem}", ["query", "--scalar", s], f))
    low = [f for f in gens if f.stem.startswith(("gen-1d", "gen-2d", "gen-3d"))]
    for f in low + [corpus / "spec.jsonl"]:
        for s in ["exact", "f64", "f32"]:
            out.append((f"query-cap3-{s}-{f.stem}",
                        ["query", "--scalar", s, "--max-iterations", "3"], f))
    for f in gens + [corpus / "perturbed.jsonl", corpus / "bad.jsonl"] + rounds:
        out.append((f"check-{f.stem}", ["check"], f))
    out.append(("check-tight-perturbed", ["check", "--rel", "0", "--abs", "0"],
                corpus / "perturbed.jsonl"))
    for f in gens:
        if f.stem.startswith("gen-3d"):
            for v in ["dubious", "cinkes", "paredes"]:
                for s in ["exact", "f64"]:
                    out.append((f"variant-{v}-{s}-{f.stem}",
                                ["query", "--variant", v, "--scalar", s], f))
            out.append((f"check-variant-dubious-{f.stem}", ["check", "--variant", "dubious"], f))
        if f.stem.startswith("gen-2d"):
            for s in ["exact", "f64"]:
                out.append((f"variant-eric-{s}-{f.stem}",
                            ["query", "--variant", "eric", "--scalar", s], f))
            out.append((f"variant-eric-steps-{f.stem}",
                        ["query", "--variant", "eric", "--steps"], f))
    return out


def trace_runs(corpus, per_file):
    """`gjk trace` of the first cases of each 1D-3D file and of the spec."""
    out = []
    files = [f for f in sorted(corpus.glob("gen-*.jsonl"))
             if f.stem.startswith(("gen-1d", "gen-2d", "gen-3d"))]
    files.append(corpus / "spec.jsonl")
    for f in files:
        ids = [json.loads(l)["id"] for l in f.read_text().splitlines()[:per_file]]
        for i, cid in enumerate(ids):
            for s in ["exact", "f64", "f32"]:
                args = ["trace", "--scalar", s, "--id", cid]
                if i % 2 == 0:
                    args.append("--json")
                out.append((f"trace-{s}-{f.stem}-{cid}", args, f))
    return out


# ---------------------------------------------------------------------------
# Running and comparing
# ---------------------------------------------------------------------------


def run_one(binary, args, infile, outdir, name):
    with open(infile, "rb") as f:
        p = subprocess.run([str(binary)] + args + ["-"], stdin=f, capture_output=True)
    (outdir / f"{name}.out").write_bytes(p.stdout)
    (outdir / f"{name}.err").write_bytes(p.stderr)
    return p.returncode


def parse(text):
    out = []
    for line in text.splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            out.append(line)
    return out


def dump(x):
    return x if isinstance(x, str) else json.dumps(x, sort_keys=True)


def cases_by_id(infile):
    """The input file's cases by id (lines that are not JSON objects skipped;
    an id given twice maps to no case, so nothing is checked against it). A
    case without an id is found by its line number, which the tool prints
    as its id."""
    out = {}
    # (Split on "\n" only, as the tool counts lines: `splitlines` also
    # splits on the other line breaks of the bad-input corpus.)
    for number, line in enumerate(Path(infile).read_text(errors="replace").split("\n"), 1):
        try:
            case = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(case, dict) and isinstance(case.get("id"), str):
            out[case["id"]] = {} if case["id"] in out else case
        elif isinstance(case, dict) and "id" not in case:
            out[number] = case
    return out


def compare(run, old_text, new_text, infile=None):
    """The two outputs as lists of lines, the base's mapped (map_pair)."""
    old, new = parse(old_text), parse(new_text)
    cases = cases_by_id(infile) if infile is not None and old != new else None
    if (run.startswith("trace-") and not old and len(new) == 1 and isinstance(new[0], dict)
            and "error" in new[0] and "line" in new[0]
            and not set(new[0]) - {"id", "line", "error"}):
        old = [new[0]]
    mapped = [map_pair(run, o, new[i], cases) if i < len(new) else o
              for i, o in enumerate(old)]
    return [dump(x) for x in mapped], [dump(x) for x in new]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", default=DEFAULT_BASE)
    ap.add_argument("--work", default=str(ROOT / "target" / "same-answers"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--traces", type=int, default=None,
                    help="cases traced per file (default 40, quick 10)")
    ap.add_argument("--compare-only", action="store_true",
                    help="build and run nothing: compare the outputs a previous run "
                         "left in WORK/out-base and WORK/out-head (same --quick and "
                         "--traces)")
    ap.add_argument("--show", type=int, default=4,
                    help="differing lines printed per run (default 4; 0: all)")
    args = ap.parse_args()
    work = Path(args.work)
    plan = QUICK if args.quick else FULL
    per_file = args.traces if args.traces is not None else (10 if args.quick else 40)
    outs = {label: work / f"out-{label}" for label in ("base", "head")}
    if args.compare_only:
        sha = subprocess.run(
            ["git", "rev-parse", "--short=12", args.base], cwd=ROOT, check=True,
            capture_output=True, text=True).stdout.strip()
        corpus = work / ("corpus-quick" if plan is QUICK else "corpus")
        missing = [str(d) for d in [corpus / ".done"] + list(outs.values()) if not d.exists()]
        if missing:
            print(f"--compare-only: no previous run's {', '.join(missing)}", file=sys.stderr)
            sys.exit(2)
        made_by = (corpus / ".done").read_text().strip()
        if made_by and made_by != sha:
            print(f"--compare-only: the corpus and outputs in {work} are base {made_by}'s, "
                  f"not {sha}'s", file=sys.stderr)
            sys.exit(2)
    else:
        work.mkdir(parents=True, exist_ok=True)
        sha, base_bin = build_base(args.base, work)
        head_bin = build_head()
        corpus = make_corpus(base_bin, work, plan, sha)
    todo = runs(corpus) + trace_runs(corpus, per_file)
    ncases = sum(len(f.read_text().splitlines()) for f in corpus.glob("*.jsonl")
                 if f.stem != "perturbed")
    print(f"{ncases} cases, {len(todo)} runs per build", file=sys.stderr)
    if args.compare_only:
        codes = saved_codes(outs, todo)
    else:
        for d in outs.values():
            if d.exists():
                shutil.rmtree(d)
            d.mkdir()
        codes = run_all(todo, {"base": base_bin, "head": head_bin}, outs, args.jobs)
    exact_round = outs["base"] / "query-exact-round.out"
    if exact_round.exists():
        for line in parse(exact_round.read_text(errors="replace")):
            if isinstance(line, dict) and "id" in line and "error" not in line:
                EXACT_ROUND[line["id"]] = line
    differ = 0
    lines_compared = 0
    for name, _, infile in todo:
        texts = {}
        for label, d in outs.items():
            path = d / f"{name}.out"
            texts[label] = path.read_text(errors="replace") if path.exists() else None
        problems = []
        if None in texts.values():
            problems.append("  no output: " + ", ".join(
                label for label, t in texts.items() if t is None))
            old, new = [], []
        else:
            old, new = compare(name, texts["base"], texts["head"], infile)
        lines_compared += len(new)
        base_code, head_code = codes.get(("base", name)), codes.get(("head", name))
        if base_code != head_code:
            problems.append(f"  exit status {base_code} -> {head_code}")
        if old != new:
            shown = 0
            for i in range(max(len(old), len(new))):
                o = old[i] if i < len(old) else "<none>"
                n = new[i] if i < len(new) else "<none>"
                if o != n:
                    problems.append(f"  line {i + 1}:\n    base: {o[:400]}\n    head: {n[:400]}")
                    shown += 1
                if args.show and shown >= args.show:
                    break
        if problems:
            differ += 1
            print(f"DIFFERS {name}", file=sys.stderr)
            for p in problems:
                print(p, file=sys.stderr)
    for what, count in sorted(MAPPED.items()):
        print(f"mapped ({what}): {count} lines", file=sys.stderr)
    print(f"base {sha} vs working tree: {len(todo)} runs, {lines_compared} output lines, "
          f"{ncases} cases; {differ} runs differ", file=sys.stderr)
    sys.exit(1 if differ else 0)


def run_all(todo, binaries, outs, jobs):
    """Runs every (name, args, input) of `todo` on each build (`binaries`
    by label), writing to `outs[label]`; the exit statuses by (label, name),
    also saved for --compare-only (`exit-status.json`)."""
    codes = {}
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {}
        for name, a, f in todo:
            for label, binary in binaries.items():
                futs[ex.submit(run_one, binary, a, f, outs[label], name)] = (label, name)
        for fut in cf.as_completed(futs):
            codes[futs[fut]] = fut.result()
    for label, d in outs.items():
        saved = {name: code for (l, name), code in codes.items() if l == label}
        (d / "exit-status.json").write_text(json.dumps(saved, sort_keys=True) + "\n")
    return codes


def saved_codes(outs, todo):
    """The exit statuses a previous run saved (run_all) by (label, name). If
    a build's were not saved (a run before --compare-only existed), none
    are compared: every status is None then, which is said once."""
    paths = {label: d / "exit-status.json" for label, d in outs.items()}
    unsaved = [label for label, path in paths.items() if not path.exists()]
    if unsaved:
        print(f"--compare-only: no saved exit statuses ({', '.join(unsaved)}); "
              "exit statuses not compared", file=sys.stderr)
        return {}
    codes = {}
    for label, path in paths.items():
        saved = json.loads(path.read_text())
        for name, _, _ in todo:
            codes[(label, name)] = saved.get(name)
    return codes


if __name__ == "__main__":
    main()
