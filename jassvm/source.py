"""Reading JASS source bytes: decoding, line table and positions.

Scripts are byte strings that may mix CRLF, CR-only and LF line endings, start with a UTF-8
BOM and carry bytes that are not UTF-8 inside strings and comments. The front end decodes
them as latin-1 (one character per byte, lossless); columns are therefore byte columns.
Line breaks are LF, CRLF and a lone CR.

Input limits (checked before any work, so memory stays proportional to what is accepted):
a script may hold at most ``MAX_SOURCE_BYTES`` bytes and ``MAX_SOURCE_LINES`` lines
(``source_limit_error``); ``read_source_file`` refuses folders, devices, FIFOs and sockets at
once and never reads more than the limit. The largest script of the shared corpus is 2.8 MB
(custom-dwc-optimized); no limit of the game's own on script size was found.
"""
from __future__ import annotations

import bisect
import errno
import os
import re
import stat
from array import array

from .ast import Pos

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_MATCH_END = re.Match.end

#: Largest script (bytes) the front end reads or parses: 12 times the largest corpus script.
MAX_SOURCE_BYTES = 32 << 20
#: Most lines a script may have (LF, CRLF and lone CR each end one): 40 times the corpus's
#: longest (custom-jzjh, 49,000 lines). The line table holds 8 bytes per line.
MAX_SOURCE_LINES = 2 << 20


def count_lines(data: bytes | str) -> int:
    """The number of lines of ``data`` (line breaks + 1), counted without decoding it."""
    if isinstance(data, str):
        return data.count("\n") + data.count("\r") - data.count("\r\n") + 1
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n") + 1


def source_limit_error(data: bytes | str) -> str | None:
    """Why ``data`` is too large to parse (bytes or lines over the limit), or None."""
    if len(data) > MAX_SOURCE_BYTES:
        return f"script of {len(data)} bytes is larger than the limit of {MAX_SOURCE_BYTES} bytes"
    lines = count_lines(data)
    if lines > MAX_SOURCE_LINES:
        return f"script of {lines} lines is longer than the limit of {MAX_SOURCE_LINES} lines"
    return None


class SourceFileError(OSError):
    """A script file that is refused before reading: not a regular file, or too large.
    ``strerror`` is the one-line reason."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_source_file(path: str | os.PathLike, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` (default
    ``MAX_SOURCE_BYTES``) of them.

    Raises ``SourceFileError`` at once for a folder, device, FIFO or socket (nothing is opened
    that could block) and for a file larger than ``limit``; other failures raise ``OSError``.
    """
    name = os.fspath(path)
    limit = MAX_SOURCE_BYTES if limit is None else limit
    st = os.stat(name)
    if not stat.S_ISREG(st.st_mode):
        raise SourceFileError(errno.EINVAL, f"{_kind(st.st_mode)}, not a regular file", name)
    if st.st_size > limit:
        raise SourceFileError(errno.EFBIG, f"file of {st.st_size} bytes is larger than the "
                                           f"limit of {limit} bytes", name)
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(fd, "rb", closefd=True) as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # replaced since the stat
            raise SourceFileError(errno.EINVAL, "not a regular file", name)
        data = f.read(limit + 1)
    if len(data) > limit:
        raise SourceFileError(errno.EFBIG, f"file is larger than the limit of {limit} bytes", name)
    return data


class SourceText:
    """A decoded source file with a table of line starts.

    ``text`` is the latin-1 decoding of ``data``; ``pos(offset)`` maps a character offset
    to a 1-based (line, column) ``Pos``. The line table is an array of 8-byte offsets.
    """

    def __init__(self, data: bytes | str, file: str = "<input>"):
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        self.data = data
        self.file = file
        self.text = data.decode("latin-1")
        self._starts = array("q", [0])
        self._starts.extend(map(_MATCH_END, _LINE_BREAK.finditer(self.text)))

    @property
    def line_starts(self) -> array:
        """The offset of each line's first character (line 1 first)."""
        return self._starts

    def pos(self, offset: int) -> Pos:
        """1-based line and column of character ``offset``."""
        i = bisect.bisect_right(self._starts, offset) - 1
        return Pos(self.file, i + 1, offset - self._starts[i] + 1)

    def line_text(self, line: int) -> str:
        """The text of 1-based ``line`` without its line break, decoded as UTF-8 for display."""
        if not 1 <= line <= len(self._starts):
            return ""
        start = self._starts[line - 1]
        end = self._starts[line] if line < len(self._starts) else len(self.text)
        raw = self.text[start:end].rstrip("\r\n")
        return raw.encode("latin-1").decode("utf-8", "replace")


def to_text(latin1: str) -> str:
    """Turn latin-1-decoded script characters back into JASS string text.

    The bytes are decoded as UTF-8; bytes that are not UTF-8 are kept as surrogate escapes, so
    ``StringLength`` and re-encoding see the original bytes.
    """
    return latin1.encode("latin-1").decode("utf-8", "surrogateescape")
