"""Load JASS sources into a runnable program: parse (cached), check, compile.

Parsing is the slow step (lark on a multi-megabyte map script takes seconds), so parsed
files are cached on disk keyed by the hash of their bytes, the runtime version and the
grammar (DESIGN.md section 3.5). The cache folder is ``$JASS_CACHE_DIR`` or
``~/.cache/jassvm``; a cache that cannot be read or written is ignored. Entries are checked
msgpack data (``jassvm.cache``), never pickle: one that fails its checks is deleted and rebuilt.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from . import __version__, ast
from . import cache as program_cache
from .ast import SourceFile
from .checker import CheckOptions, check
from .compiler import CompiledProgram, compile_program
from .diagnostics import Diagnostic, JassError
from .parser import parse

# The parse cache is keyed by the code that builds syntax trees, so a change to it is a miss.
_GRAMMAR_HASH = hashlib.sha256(b"".join(
    (Path(__file__).parent / name).read_bytes()
    for name in ("jass.lark", "parser.py", "ast.py", "source.py"))).hexdigest()[:16]


def cache_dir() -> Path:
    """The parse cache folder."""
    return Path(os.environ.get("JASS_CACHE_DIR") or Path.home() / ".cache" / "jassvm")


def _cache_key(data: bytes, file: str) -> str:
    h = hashlib.sha256()
    for part in (__version__.encode(), _GRAMMAR_HASH.encode(), b"tree-cache %d" % program_cache.FORMAT,
                 file.encode("utf-8", "replace"), data):
        h.update(part)
        h.update(b"\0")
    return h.hexdigest()


def parse_cached(data: bytes, file: str, use_cache: bool = True) -> tuple[SourceFile | None, list[Diagnostic]]:
    """``parser.parse`` with an on-disk cache of successful parses."""
    path = cache_dir() / f"{_cache_key(data, file)}.ast"
    if use_cache:
        cached = program_cache.load_tree(path)
        if cached is not None:
            return cached
    tree, diags = parse(data, file)
    if use_cache and tree is not None:
        program_cache.store_tree(path, tree, diags)
    return tree, diags


@dataclass
class LoadResult:
    """A loaded program and everything the front end said about it."""

    program: CompiledProgram
    files: list[SourceFile]
    diagnostics: list[Diagnostic] = field(default_factory=list)


def load_program(sources: list[tuple[str, bytes]], natives: Mapping[str, Callable] | None = None,
                 *, strict: bool = False, use_cache: bool = True, array_size: int | None = None,
                 transform: Callable[[list[SourceFile]], None] | None = None,
                 cache_salt: bytes = b"") -> LoadResult:
    """Parse, check and compile ``sources`` (``(file name, bytes)`` in load order: common.j,
    Blizzard.j, then the map script).

    Lenient by default: what the game itself loads is accepted and reported as warnings
    (``strict=True`` refuses any checker error). Raises ``JassError`` with the diagnostics
    when the program cannot be loaded. ``array_size`` defaults to the loaded common.j's
    ``JASS_MAX_ARRAY_SIZE`` (8192 when absent, S081). ``transform(files)`` may rewrite the
    parsed trees before checking (the map layer resolves ``TRIGSTR_n`` strings there);
    ``cache_salt`` must then hold what the transform depends on (the string table), because
    the compiled program is cached on disk keyed by the sources, options and salt.
    When the program comes from that cache, ``LoadResult.files`` is empty.
    """
    natives = natives or {}
    key = program_cache.program_key(sources, [b"strict" if strict else b"lenient", cache_salt,
                                              str(array_size).encode(), _natives_key(natives)])
    entry = cache_dir() / f"{key}.program"
    if use_cache:
        cached = program_cache.load(entry, natives)
        if cached is not None:
            return LoadResult(cached[0], [], cached[1])
    diags: list[Diagnostic] = []
    files: list[SourceFile] = []
    for name, data in sources:
        tree, d = parse_cached(data, name, use_cache)
        diags.extend(d)
        if tree is not None:
            files.append(tree)
    if any(d.is_error for d in diags):
        raise JassError(diags)
    if transform is not None:
        transform(files)
    program = check(files, CheckOptions(strict=strict))
    diags.extend(program.diagnostics)
    if any(d.is_error for d in program.diagnostics):
        raise JassError(diags)
    size = array_size or _max_array_size(files)
    compiled = compile_program(files, natives, array_size=size)
    if use_cache:
        program_cache.store(entry, compiled, diags)
    return LoadResult(compiled, files, diags)


def _natives_key(natives: Mapping[str, Callable]) -> bytes:
    """Which natives exist changes what compiles to a missing-native call."""
    return "\n".join(sorted(natives)).encode()


def _max_array_size(files: list[SourceFile]) -> int:
    for f in files:
        for d in f.decls:
            if isinstance(d, ast.Globals):
                for g in d.vars:
                    if g.name == "JASS_MAX_ARRAY_SIZE" and isinstance(g.init, ast.IntLit):
                        return g.init.value
    return 8192
