"""The on-disk cache of parsed files, shared by ``jass check`` and ``jass run``.

Each source file is an entry of its own (``<key>.ast``), keyed by its name and bytes, the
runtime version and the code that builds syntax trees, so a map edited between two runs is
parsed again while common.j and Blizzard.j come from the cache. The folder is
``$JASS_CACHE_DIR`` or ``~/.cache/jassvm``; a cache that cannot be read or written is
ignored. Entries are checked msgpack data (``jassvm.cache``), never pickle: one that fails
its checks is deleted and rebuilt.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from . import __version__
from . import cache as program_cache
from .ast import SourceFile
from .diagnostics import Diagnostic

# The parse cache is keyed by the code that builds syntax trees, so a change to it is a miss.
_GRAMMAR_HASH = hashlib.sha256(b"".join(
    (Path(__file__).parent / name).read_bytes()
    for name in ("jass.lark", "parser.py", "ast.py", "records.py", "source.py", "values.py"))).hexdigest()[:16]


def cache_dir() -> Path:
    """The cache folder (parsed files, compiled programs, check results)."""
    return Path(os.environ.get("JASS_CACHE_DIR") or Path.home() / ".cache" / "jassvm")


def tree_key(data: bytes, file: str) -> str:
    """The parse cache key of ``data`` read from ``file`` (hex sha256)."""
    h = hashlib.sha256()
    for part in (__version__.encode(), _GRAMMAR_HASH.encode(), b"tree-cache %d" % program_cache.FORMAT,
                 file.encode("utf-8", "replace"), data):
        h.update(part)
        h.update(b"\0")
    return h.hexdigest()


def parse_cached(data: bytes, file: str, use_cache: bool = True) -> tuple[SourceFile | None, list[Diagnostic]]:
    """``parser.parse`` with an on-disk cache of successful parses (same result, same
    errors: bad input never raises)."""
    from .parser import parse   # lark: imported only when something is parsed
    if not use_cache:
        return parse(data, file)
    path = cache_dir() / f"{tree_key(data, file)}.ast"
    cached = program_cache.load_tree(path)
    if cached is not None:
        return cached
    tree, diags = parse(data, file)
    if tree is not None:
        program_cache.store_tree(path, tree, diags)
    return tree, diags
