"""Parse each corpus file once per test session (parsing a big map takes seconds)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from conftest import SHARED
from jassvm import ast
from jassvm.checker import CheckOptions, Program, check
from jassvm.parser import parse

CORPUS = SHARED / "corpus"


@lru_cache(maxsize=None)
def parsed(path: Path) -> ast.SourceFile:
    """The syntax tree of a corpus file, named by its path relative to the corpus folder."""
    name = str(path.relative_to(CORPUS)) if path.is_relative_to(CORPUS) else str(path)
    tree, diags = parse(path.read_bytes(), name)
    assert tree is not None and not [d for d in diags if d.is_error], [d.format() for d in diags]
    return tree


def check_paths(paths: list[Path], strict: bool = True) -> Program:
    """Check the files in order with the given mode."""
    return check([parsed(p) for p in paths], CheckOptions(strict=strict))


def api_files(version: str, *names: str) -> list[Path]:
    """Files of ``corpus/api/<version>`` in the given order."""
    return [CORPUS / "api" / version / n for n in names]
