#!/usr/bin/env python3
"""No module imports a module that imports it back.

    scripts/import_cycles.py            # the library (src/)
    scripts/import_cycles.py --graph    # also print every module's imports
    scripts/import_cycles.py --layers   # also print the modules by layer

Reads every `.rs` file under `src/` (each file is a module: `src/a.rs` and
`src/a/mod.rs` are `a`, `src/a/b.rs` is `a::b`), and collects the modules
its code and its unit tests (the inline `#[cfg(test)] mod tests`, whose
`super` is the file's own module) name: `crate::x::y`
paths (in `use` lines or inline), `super::` and `self::` paths, resolved to
the longest module path that exists. A parent naming its own parts (`mod x;
pub use x::X;`) is the module tree, not an import; a child's use of its
parent is an import. The check is on the top-level modules (`boolean`, `distance`, ...), where a
cycle means two concepts that cannot be read one after the other, and on
every pair of files.

`--layers` puts each top-level module one layer above the highest module it
imports (`test_util`, the unit tests' helpers, left out): the layer diagram
of ARCHITECTURE.md, bottom first.

Exit status 0: no cycle; 1: the cycles are printed (strongly connected
components of more than one module).
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"


def module_of(path):
    rel = path.relative_to(SRC).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return tuple(parts)


def code_of(text):
    """The file's text without comments, its inline unit tests' `super::`
    read as `self::` (their parent is the file's own module)."""
    cut = re.search(r"^#\[cfg\(test\)\]", text, re.M)
    if cut:
        text = text[: cut.start()] + re.sub(r"\bsuper::", "self::", text[cut.start():])
    text = re.sub(r"//[^\n]*", "", text)
    return text


def references(mod, text, modules):
    out = set()
    # Expand `use crate::{a, b::c}` groups one level: enough for this crate.
    for m in re.finditer(r"\bsuper::(?:\*|\{)", text):
        if mod[:-1] in modules:
            out.add(mod[:-1])
    for m in re.finditer(r"\b(crate|super|self)((?:::\w+)+)(?:::\{([^}]*)\})?", text):
        head, tail, group = m.group(1), m.group(2), m.group(3)
        base = {"crate": (), "super": mod[:-1], "self": mod}[head]
        path = base + tuple(p for p in tail.split("::") if p)
        tails = [path]
        if group:
            tails = [path + tuple(g.strip().split("::")[0:1]) for g in group.split(",") if g.strip()]
        for p in tails:
            for k in range(len(p), 0, -1):
                if p[:k] in modules:
                    out.add(p[:k])
                    break
    # Paths relative to the module: `child::x` for a child module `child`.
    for m in re.finditer(r"(?<![:\w])(\w+)::", text):
        child = mod + (m.group(1),)
        if child in modules:
            out.add(child)
    out.discard(mod)
    return out


def sccs(graph):
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [c for c in comps if len(c) > 1]


def print_layers(top):
    """Each module one above the highest module it imports, bottom first."""
    level = {}

    def of(m):
        if m not in level:
            below = [of(r) for r in top.get(m, ()) if r != "test_util"]
            level[m] = 1 + max(below, default=-1)
        return level[m]

    for m in top:
        if m != "test_util":
            of(m)
    for k in range(max(level.values()) + 1):
        print(f"layer {k}: " + ", ".join(sorted(m for m in level if level[m] == k)))


def main():
    files = sorted(SRC.rglob("*.rs"))
    modules = {module_of(f): f for f in files}
    files_graph = {}
    for mod, f in modules.items():
        refs = references(mod, code_of(f.read_text()), modules)
        # A parent naming its own parts (`mod x; pub use x::X;`) declares
        # them; that is the module tree, not an import. Every other edge
        # counts, a child's use of its parent included.
        files_graph[mod] = {r for r in refs if r[: len(mod)] != mod}
    top = {}
    for mod, refs in files_graph.items():
        if not mod:
            continue
        top.setdefault(mod[0], set()).update(r[0] for r in refs if r and r[0] != mod[0])
    name = lambda m: "::".join(m) or "lib"
    if "--graph" in sys.argv:
        for m in sorted(top):
            print(f"{m} -> {', '.join(sorted(top[m])) or '-'}")
    if "--layers" in sys.argv and not sccs(top):
        print_layers(top)
    bad = False
    for label, graph in (("top-level modules", top), ("files", files_graph)):
        cycles = sccs(graph)
        for c in cycles:
            bad = True
            shown = c if label == "top-level modules" else [name(m) for m in c]
            print(f"cycle among {label}: {' <-> '.join(sorted(shown))}")
    n_edges = sum(len(v) for v in top.values())
    print(f"{len(modules)} files, {len(top)} top-level modules, {n_edges} imports between them: "
          + ("cycles found" if bad else "no cycle"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
