"""Load JASS sources into a runnable program (parse, check, compile) or check them.

Parsing is the slow step (lark on a multi-megabyte map script takes seconds), so parsed
files are cached on disk one by one (``jassvm.parse_cache``), compiled programs and check
results as a whole, each keyed by the hash of the sources, the options and the front-end
code (DESIGN.md section 3.5). A cache that cannot be read or written is ignored. Entries are
checked msgpack data (``jassvm.cache``), never pickle: one that fails its checks is deleted
and rebuilt.
"""
from __future__ import annotations

from pathlib import Path
from collections.abc import Callable, Mapping

TYPE_CHECKING = False   # typing.TYPE_CHECKING, without importing typing (issue 17: start-up)

from . import ast
from . import cache as program_cache
from .ast import SourceFile
from .compiler import CompiledProgram
from .diagnostics import Diagnostic, JassError
from .parse_cache import cache_dir, parse_cached
from .records import field, record

if TYPE_CHECKING:
    from .checker import CheckOptions

# The checker and the compiler are imported where a cache miss needs them: a program or
# check result read from the cache runs neither (issue 17: start-up near the process floor).

__all__ = ["LoadResult", "load_program", "check_sources", "cache_dir", "parse_cached"]

@record(slots=False)
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
    from .checker import CheckOptions, check
    from .compiler import compile_program
    program = check(files, CheckOptions(strict=strict))
    diags.extend(program.diagnostics)
    if any(d.is_error for d in program.diagnostics):
        raise JassError(diags)
    size = array_size or _max_array_size(files)
    compiled = compile_program(files, natives, array_size=size)
    if use_cache:
        program_cache.store(entry, compiled, diags)
    return LoadResult(compiled, files, diags)


def check_sources(sources: list[tuple[str, bytes]], options: CheckOptions,
                  use_cache: bool = True) -> list[Diagnostic]:
    """What ``jass check`` reports for ``sources`` (``(file name, bytes)`` in load order): the
    diagnostics of ``checker.load_sources``, sorted as it sorts them. The result is cached on
    disk keyed by the sources, the options and the front-end code; on a miss each file's
    parse comes from the parse cache when only other files changed. Never raises for bad
    input."""
    key = program_cache.program_key(sources, [b"check-result", _options_key(options)])
    entry = cache_dir() / f"{key}.check"
    if use_cache:
        cached = program_cache.load_diagnostics(entry)
        if cached is not None:
            return cached
    from .checker import load_sources
    diagnostics = load_sources(sources, options, use_cache=use_cache).diagnostics
    if use_cache:
        program_cache.store_diagnostics(entry, diagnostics)
    return diagnostics


def _options_key(options: CheckOptions) -> bytes:
    return ("strict" if options.strict else "lenient").encode() + b"\0" + \
        ",".join(sorted(options.flags())).encode()


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
