"""The layering rule (DESIGN.md section 2) and the import discipline of issue 9.

``jassvm`` imports nothing of ``natives``, ``maps`` or ``cli``; ``natives`` nothing of
``maps`` or ``cli``; no module of ``jassvm`` or ``natives`` imports inside a function
(an import there hides a cycle) except the deliberate lazy imports in ``LAZY``; and the
modules of each package import each other without a cycle (lazy imports included).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("jassvm", "natives")
FORBIDDEN = {"jassvm": ("natives", "maps", "cli"), "natives": ("maps", "cli")}
# Imports a function may make, (importing module, imported module): a program or check result
# read from the cache runs neither lark's parser nor the checker nor the compiler, so a cached
# load does not import them (issue 17: start-up near the process floor).
# Likewise loading a program and binding its natives imports neither the VM nor the game model:
# a GameSession imports them when it is made. Records import dataclasses (and inspect with it)
# only when something asks for a record's dataclass fields.
LAZY = {("jassvm.loader", "jassvm.checker"), ("jassvm.loader", "jassvm.compiler"),
        ("jassvm.records", "dataclasses"),
        ("jassvm.parse_cache", "jassvm.parser"), ("natives.sandbox", "shutil"),
        *(("natives.session", m) for m in ("jassvm.vm", "natives.game", "natives.handles",
                                            "natives.response", "natives.snapshot", "natives.players"))}


def _modules(package: str) -> dict[str, ast.Module]:
    return {f"{package}.{p.stem}" if p.stem != "__init__" else package: ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / package).glob("*.py"))}


def _imports(name: str, tree: ast.Module) -> list[tuple[str, ast.stmt, bool]]:
    """(imported module, statement, inside a function?) for every import in ``tree``."""
    package = name.split(".")[0]
    out = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                out.extend((a.name, child, in_function) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package if not child.module else f"{package}.{child.module}"
                    if child.module:
                        out.append((base, child, in_function))
                    else:
                        out.extend((f"{package}.{a.name}", child, in_function) for a in child.names)
                elif child.module:
                    out.append((child.module, child, in_function))
            visit(child, nested)

    visit(tree, False)
    return out


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_inside_a_function(package):
    found = [f"{name}:{stmt.lineno}" for name, tree in _modules(package).items()
             for mod, stmt, inside in _imports(name, tree) if inside and (name, mod) not in LAZY]
    assert found == []


@pytest.mark.parametrize("package", PACKAGES)
def test_packages_import_only_downward(package):
    found = [f"{name}:{stmt.lineno} imports {mod}" for name, tree in _modules(package).items()
             for mod, stmt, _inside in _imports(name, tree)
             if mod.split(".")[0] in FORBIDDEN[package]]
    assert found == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package):
    modules = _modules(package)
    graph = {name: sorted({m for m, _s, _i in _imports(name, tree) if m in modules and m != name})
             for name, tree in modules.items()}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in graph:
        if node not in state:
            visit(node)
    assert cycles == [], [" -> ".join(c) for c in cycles]
