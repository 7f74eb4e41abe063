"""Preloading and preload files (``Preload*``), written only inside the run's sandbox.

Preloading
    ``Preload(path)`` asks the game to load a file early; the model records the request in
    ``game.preload.preloaded`` (nothing is loaded). ``PreloadStart``, ``PreloadRefresh``,
    ``PreloadEnd(timeout)`` (timeout in game seconds) and ``PreloadEndEx`` mark a batch
    (``game.preload.batches``).

Generating preload files
    ``PreloadGenClear`` empties the generation buffer, ``PreloadGenStart`` starts recording
    (every later ``Preload`` is appended to the buffer), and ``PreloadGenEnd(name)`` writes
    the buffer as a preload file and stops recording. The file uses the game's layout::

        function PreloadFiles takes nothing returns nothing

        	call PreloadStart()
        	call Preload( "..." )
        	call PreloadEnd( 0.0 )

        endfunction

    **Sandbox**: the file is written only under ``game.sandbox_dir``. ``name`` is a relative
    path whose parts are separated by ``\\`` or ``/`` (the game writes under its
    ``CustomMapData`` folder, where scripts commonly use sub-folders); a name that is empty,
    absolute, has a drive letter, ``..``, control characters, a reserved device name, a part
    ending in a dot or space, more than 8 parts or 200 characters is refused with a recorded
    warning and nothing is written. Files are written through ``natives.sandbox.Sandbox``: a
    symbolic link or special file anywhere below the sandbox folder is refused (warning), a
    link planted at the file's own name is replaced, never written through. Without a
    sandbox folder nothing is written (warning). Text is escaped as JASS string literals, so
    a hostile payload cannot add statements to the file.

Reading preload files
    ``Preloader(name)`` runs a preload file. Only files in the sandbox can be read (the
    game's own data files, e.g. the campaign's ``.pld`` lists, do not exist here: a name
    that is not found does nothing, as in the game; a link or special file there is refused
    with a warning, and files over 4 MiB are not read). From a file found there, the model
    applies the ``Preload("...")`` calls (recorded like ``Preload``); every other statement
    is ignored with a warning, so a save-code file cannot run code.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from natives.registry import native
from natives.sandbox import Sandbox, SandboxError, check_name

MAX_NAME_LENGTH = 200
MAX_PARTS = 8
MAX_FILE_BYTES = 4 << 20
"""Largest preload file ``Preloader`` reads."""
_PRELOAD_CALL = re.compile(r'^\s*call\s+Preload\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)\s*$')
_ALLOWED_LINES = re.compile(r"^\s*(function\s+PreloadFiles\s+takes\s+nothing\s+returns\s+nothing|endfunction|"
                            r"call\s+PreloadStart\s*\(\s*\)|call\s+PreloadEnd\s*\(\s*[-0-9.]+\s*\)|)\s*$")


def _parts(name: str) -> list[str]:
    """The folder/file parts of a preload name (split at ``\\`` and ``/``)."""
    return re.split(r"[\\/]", name)


def check_preload_name(name: str | None) -> str | None:
    """Why ``name`` cannot be a preload file under the sandbox, or None when it is safe.

    The whole name: not empty, at most 200 characters, not absolute, at most 8 parts split
    at ``\\`` or ``/``; every part: ``natives.sandbox.check_name``'s rules (no ``..``, drive
    letters, control characters, device names, leading space, trailing dot or space)."""
    if not name:
        return "empty file name"
    if len(name) > MAX_NAME_LENGTH:
        return f"file name longer than {MAX_NAME_LENGTH} characters"
    if name.startswith(("/", "\\")):
        return "file name is absolute"
    parts = _parts(name)
    if len(parts) > MAX_PARTS:
        return f"file name has more than {MAX_PARTS} parts"
    for part in parts:
        reason = check_name(part, "file name part")
        if reason is not None:
            return reason
    return None


def _escape(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        else:
            out.append(ch)
    return "".join(out)


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "r": "\r", "t": "\t"}.get(m.group(1), m.group(1)), text)


def render_preload_file(entries: list[str]) -> str:
    """The text of a preload file listing ``entries`` (game layout, escaped literals)."""
    lines = ["function PreloadFiles takes nothing returns nothing", "", "\tcall PreloadStart()"]
    lines += [f'\tcall Preload( "{_escape(e)}" )' for e in entries]
    lines += ["\tcall PreloadEnd( 0.0 )", "", "endfunction", ""]
    return "\n".join(lines)


class PreloadState:
    """Preload requests and the generation buffer of one game (``game.preload``).

    ``sandbox`` is the sandbox folder (a ``Path``, or None: nothing is written), ``box`` its
    ``Sandbox``; ``written`` lists the paths of the files ``PreloadGenEnd`` wrote."""

    def __init__(self, game=None, sandbox_dir: str | os.PathLike | None = None) -> None:
        self.game = game
        self.sandbox = Path(sandbox_dir) if sandbox_dir is not None else None
        self.box = Sandbox(sandbox_dir) if sandbox_dir is not None else None
        self.preloaded: list[str] = []
        self.batches: list[tuple[float, str]] = []
        self.generating = False
        self.buffer: list[str] = []
        self.written: list[str] = []   # files written, relative to the sandbox ("a/b.pld")

    def _warn(self, message: str, warn=None) -> None:
        if warn is not None:
            warn(message)
        elif self.game is not None:
            self.game.warn(message)

    def path_for(self, name: str) -> Path:
        """The sandbox path of preload file ``name``, for display (files are only opened
        through ``self.box``). Raises ValueError when there is no sandbox or the name fails
        ``check_preload_name``."""
        if self.sandbox is None:
            raise ValueError("no sandbox folder")
        reason = check_preload_name(name)
        if reason is not None:
            raise ValueError(reason)
        return self.sandbox.joinpath(*_parts(name))

    def write(self, name: str, warn=None) -> bool:
        """Write the buffer as preload file ``name`` in the sandbox; False (warning) if refused."""
        try:
            self.path_for(name)   # refuses a bad name or a missing sandbox
        except ValueError as exc:
            self._warn(f"PreloadGenEnd({name!r}) refused: {exc}", warn)
            return False
        text = render_preload_file(self.buffer).replace("\n", "\r\n")
        try:
            data = text.encode("utf-8", errors="surrogateescape")
        except UnicodeEncodeError as exc:
            self._warn(f"PreloadGenEnd({name!r}) refused: text cannot be encoded ({exc.reason})", warn)
            return False
        try:
            self.box.write(_parts(name), data)
        except SandboxError as exc:
            self._warn(f"PreloadGenEnd({name!r}) failed: {exc}", warn)
            return False
        self.written.append("/".join(_parts(name)))
        return True

    def read(self, name: str, warn=None) -> list[str] | None:
        """The ``Preload`` entries of sandbox file ``name``; None when it cannot be read (a
        missing file silently, a refused one with a warning)."""
        if self.box is None or check_preload_name(name) is not None:
            return None
        try:
            raw = self.box.read(_parts(name), MAX_FILE_BYTES)
        except SandboxError as exc:
            self._warn(f"Preloader({name!r}) not read: {exc}", warn)
            return None
        if raw is None:
            return None
        text = raw.decode("utf-8", errors="surrogateescape")
        entries, ignored = [], 0
        for line in text.splitlines():
            m = _PRELOAD_CALL.match(line)
            if m:
                entries.append(_unescape(m.group(1)))
            elif not _ALLOWED_LINES.match(line):
                ignored += 1
        if ignored:
            self._warn(f"Preloader({name!r}): {ignored} statement(s) other than Preload ignored", warn)
        return entries




def _st(ctx) -> PreloadState:
    return ctx.game.preload


def _preload(st: PreloadState, path: str) -> None:
    st.preloaded.append(path)
    if st.generating:
        st.buffer.append(path)


@native("Preload", "takes string filename returns nothing")
def Preload(ctx, filename):
    """Request that a file be loaded early (recorded; appended to the buffer while generating)."""
    _preload(_st(ctx), filename or "")


@native("PreloadStart", "takes nothing returns nothing")
def PreloadStart(ctx):
    """Start a preload batch."""
    _st(ctx).batches.append((ctx.game.now, "start"))


@native("PreloadRefresh", "takes nothing returns nothing")
def PreloadRefresh(ctx):
    """Refresh the preload batch."""
    _st(ctx).batches.append((ctx.game.now, "refresh"))


@native("PreloadEnd", "takes real timeout returns nothing")
def PreloadEnd(ctx, timeout):
    """End the preload batch (waits up to ``timeout`` game seconds in the game; not here)."""
    _st(ctx).batches.append((ctx.game.now, "end"))


@native("PreloadEndEx", "takes nothing returns nothing")
def PreloadEndEx(ctx):
    """End the preload batch."""
    _st(ctx).batches.append((ctx.game.now, "end"))


@native("PreloadGenClear", "takes nothing returns nothing")
def PreloadGenClear(ctx):
    """Empty the generation buffer."""
    _st(ctx).buffer.clear()


@native("PreloadGenStart", "takes nothing returns nothing")
def PreloadGenStart(ctx):
    """Start recording ``Preload`` calls into the buffer."""
    _st(ctx).generating = True


@native("PreloadGenEnd", "takes string filename returns nothing")
def PreloadGenEnd(ctx, filename):
    """Write the buffer as a preload file inside the sandbox (refused names: warning)."""
    st = _st(ctx)
    st.generating = False
    st.write(filename or "", ctx.warn)


@native("Preloader", "takes string filename returns nothing")
def Preloader(ctx, filename):
    """Run a preload file from the sandbox: only its ``Preload`` calls are applied."""
    st = _st(ctx)
    entries = st.read(filename or "", ctx.warn)
    for e in entries or ():
        _preload(st, e)
