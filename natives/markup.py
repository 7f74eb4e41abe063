"""The game's text markup: colour codes and line breaks in displayed strings.

Warcraft III draws ``|cAARRGGBB`` as the start of a coloured run (``AA`` is alpha, which the
game's text renderer ignores; ``RRGGBB`` the colour in hex), ``|r`` as the end of it (back to
the default colour), and ``|n`` as a line break. A new ``|c`` replaces the colour of the run
before it: the game keeps no stack of colours. The codes are case-insensitive (``|C``, ``|R``,
``|N``). Any other ``|`` is shown as it is. Sources: the World Editor's colour-text tutorials
(``|cffffcc00MAIN QUEST|r``, the gold of Blizzard's quest messages) and the campaign strings
themselves (the corpus' ``campaign-orcx01-founding-of-durotar/war3map.wts`` writes tooltips
as ``... |n|n|cffffcc00Cannot leave Durotar.|r``).

``spans(text)`` splits a string into ``Span``\\ s (text, colour or None); ``strip(text)`` is
the text without codes, ``|n`` as ``"\\n"``. Renderers (rich styles in ``cli``, HTML in
``maps.html_report``) build on ``spans``.
"""
from __future__ import annotations

import re
from typing import NamedTuple

_CODE = re.compile(r"\|[cC]([0-9a-fA-F]{2})([0-9a-fA-F]{6})|\|[rR]|\|[nN]")


class Span(NamedTuple):
    """A run of text drawn in one colour: ``colour`` is ``"#rrggbb"`` (lower case) or None
    for the default colour. Line breaks are ``"\\n"`` inside ``text``."""

    text: str
    colour: str | None


def spans(text: str) -> list[Span]:
    """``text`` as runs of one colour each, codes removed, ``|n`` turned into ``"\\n"``.
    Adjacent runs of the same colour are merged; empty runs are dropped."""
    out: list[Span] = []
    colour: str | None = None
    pos = 0

    def add(part: str) -> None:
        if not part:
            return
        if out and out[-1].colour == colour:
            out[-1] = Span(out[-1].text + part, colour)
        else:
            out.append(Span(part, colour))

    for m in _CODE.finditer(text):
        add(text[pos:m.start()])
        pos = m.end()
        code = m.group(0)[1].lower()
        if code == "c":
            colour = "#" + m.group(2).lower()
        elif code == "r":
            colour = None
        else:
            add("\n")
    add(text[pos:])
    return out


def strip(text: str) -> str:
    """``text`` without colour codes, ``|n`` as a line break (``"\\n"``)."""
    return "".join(s.text for s in spans(text))


def has_markup(text: str) -> bool:
    """Whether ``text`` holds a colour code or ``|n``."""
    return _CODE.search(text) is not None
