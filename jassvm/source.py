"""Reading JASS source bytes: decoding, line table and positions.

Scripts are byte strings that may mix CRLF, CR-only and LF line endings, start with a UTF-8
BOM and carry bytes that are not UTF-8 inside strings and comments. The front end decodes
them as latin-1 (one character per byte, lossless); columns are therefore byte columns.
Line breaks are LF, CRLF and a lone CR.
"""
from __future__ import annotations

import bisect
import re

from .ast import Pos

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class SourceText:
    """A decoded source file with a table of line starts.

    ``text`` is the latin-1 decoding of ``data``; ``pos(offset)`` maps a character offset
    to a 1-based (line, column) ``Pos``.
    """

    def __init__(self, data: bytes | str, file: str = "<input>"):
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        self.data = data
        self.file = file
        self.text = data.decode("latin-1")
        self._starts = [0] + [m.end() for m in _LINE_BREAK.finditer(self.text)]

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
