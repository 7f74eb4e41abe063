"""Native coverage: which natives an API declares, which the runtime implements, and which
natives a map script can reach but the runtime lacks (``jass natives``).

Reachability is static: from every function of the map script and every global initialiser,
through calls, ``function NAME`` code values and ``ExecuteFunc("NAME")`` literals, into
Blizzard.j transitively. It over-approximates what a run calls (every branch counts) and
cannot see ``ExecuteFunc`` names built at run time.
"""
from __future__ import annotations

from collections import defaultdict

from jassvm import ast
from natives.registry import NATIVES


def _references(node) -> set[str]:
    out: set[str] = set()
    for n in ast.iter_nodes(node):
        if isinstance(n, ast.CallExpr):
            out.add(n.name)
            if n.name == "ExecuteFunc" and n.args and isinstance(n.args[0], ast.StrLit):
                out.add(n.args[0].value)
        elif isinstance(n, ast.CodeRef):
            out.add(n.name)
    return out


def reachable_natives(api_files: list[ast.SourceFile], map_file: ast.SourceFile) -> set[str]:
    """Natives declared in ``api_files`` or ``map_file`` that the map script can reach."""
    natives: set[str] = set()
    callees: dict[str, set[str]] = {}
    roots: set[str] = set()
    for f in [*api_files, map_file]:
        for d in f.decls:
            if isinstance(d, ast.NativeDecl):
                natives.add(d.name)
            elif isinstance(d, ast.Function):
                callees[d.name] = _references(d)
                if f is map_file:
                    roots.add(d.name)
            elif isinstance(d, ast.Globals):
                roots |= _references(d)
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(callees.get(name, ()))
    return seen & natives


def family(name: str) -> str:
    """The natives module implementing ``name`` (``natives.units`` -> ``units``), or
    ``"(not implemented)"``."""
    spec = NATIVES.get(name)
    return spec.func.__module__.rsplit(".", 1)[-1] if spec else "(not implemented)"


def families(declared: set[str]) -> dict[str, tuple[int, int]]:
    """Per family: (declared in the API and implemented, implemented but not declared)."""
    table: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for name in declared:
        table[family(name)][0] += 1
    for name, spec in NATIVES.items():
        if name not in declared:
            table[family(name)][1] += 1
    return {k: (v[0], v[1]) for k, v in sorted(table.items())}
