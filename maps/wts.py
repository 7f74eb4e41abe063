"""``war3map.wts`` (trigger strings) and ``TRIGSTR_n`` resolution.

File shape: optional UTF-8 BOM, then blocks ``STRING <id>`` / optional ``//`` comment lines /
``{`` / value lines / ``}`` (a line starting with ``}`` ends the value, so values may contain
``}`` elsewhere). Multi-line values are joined with ``\\n``; CRLF and LF both work. The first
definition of an id wins; negative ids are ignored. See shared/reference/map-formats.md 3.3.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import field

from jassvm.records import record
from maps.errors import MapWarning

_TRIGSTR = re.compile(r"TRIGSTR_(-?\d+)")
_STRING_LINE = re.compile(r"STRING\s+(-?\d+)\b")


@record(slots=False)
class WTS:
    """A trigger-string table: ``strings`` maps id -> text."""

    strings: dict[int, str] = field(default_factory=dict)

    def get(self, ref: int | str) -> str | None:
        """Text of an id, or of a ``"TRIGSTR_nnn"`` reference; None when absent."""
        if isinstance(ref, str):
            m = _TRIGSTR.fullmatch(ref)
            if not m:
                return None
            ref = int(m.group(1))
        return self.strings.get(ref)

    def resolve(self, text: str, missing: list[int] | None = None) -> str:
        """Resolve ``text`` if it is exactly ``TRIGSTR_nnn`` (what the game substitutes).

        Any other text is returned unchanged. An unresolved reference is returned unchanged;
        its id is appended to ``missing`` when given, else a ``MapWarning`` is emitted.
        """
        return resolve_trigstr(text, self, missing)

    def __len__(self) -> int:
        return len(self.strings)


def parse_wts(data: bytes | str) -> WTS:
    """Parse ``war3map.wts`` (bytes decoded as UTF-8, BOM skipped, bad bytes -> U+FFFD).

    Never raises on malformed content: stray lines are skipped and an unterminated last
    value runs to the end of the file.
    """
    text = data.decode("utf-8", errors="replace") if isinstance(data, (bytes, bytearray)) else data
    text = text.lstrip("\ufeff")
    table: dict[int, str] = {}
    lines = re.split(r"\r\n|\n|\r", text)
    i, n = 0, len(lines)
    while i < n:
        m = _STRING_LINE.match(lines[i].strip())
        i += 1
        if not m:
            continue
        sid = int(m.group(1))
        while i < n and not lines[i].lstrip().startswith("{"):
            if _STRING_LINE.match(lines[i].strip()):
                break                                  # a STRING header with no body
            i += 1
        if i >= n or not lines[i].lstrip().startswith("{"):
            continue
        first = lines[i].lstrip()[1:]
        i += 1
        value = [first] if first.strip() else []
        while i < n and not lines[i].startswith("}"):
            value.append(lines[i])
            i += 1
        i += 1                                         # skip the closing brace
        if sid >= 0 and sid not in table:
            table[sid] = "\n".join(value)
    return WTS(table)


def resolve_trigstr(text: str, table: WTS | dict[int, str] | None,
                    missing: list[int] | None = None) -> str:
    """Replace ``text`` by its string-table entry when it is exactly ``TRIGSTR_nnn``.

    ``TRIGSTR_005`` and ``TRIGSTR_5`` both name id 5. Text that is not a reference comes back
    unchanged. An unresolved reference (no table, or no such id) also comes back unchanged and
    is reported: appended to ``missing`` if given, otherwise as a ``MapWarning``.
    """
    m = _TRIGSTR.fullmatch(text)
    if not m:
        return text
    sid = int(m.group(1))
    strings = table.strings if isinstance(table, WTS) else (table or {})
    if sid in strings:
        return strings[sid]
    if missing is not None:
        missing.append(sid)
    else:
        warnings.warn(MapWarning(f"unresolved {text}: no STRING {sid} in war3map.wts"), stacklevel=2)
    return text
