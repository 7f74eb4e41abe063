"""TOC and fdf files (frame definitions) of a map, for ``BlzLoadTOCFile`` (``natives.frames``).

A TOC file lists fdf files, one path per line (jassdoc ``BlzLoadTOCFile``: "Each line is a
path to a fdf (not case sensitve)"; @bug "The TOC needs to end with one or two empty
lines": the game does not read the last line, so neither does ``read_toc``).

An fdf file is read enough to create named frames (the keywords: Tasyen's fdf reference,
tasyen.github.io/FDF): top-level ``Frame "TYPE" "Name" [INHERITS [WITHCHILDREN] "Base"]
{ ... }`` definitions become ``natives.frames.Blueprint``s with their nested ``Frame``,
``String`` and ``Texture`` children (``Layer`` blocks are flattened into their frame) and
their actions (``Keyword arg, arg, ...`` on one line; the model reads a few,
``natives.frames.apply_props``); ``IncludeFile "path",`` reads another fdf file of the map;
``StringList`` blocks and ``//`` or ``/* */`` comments are skipped. A file that cannot be
parsed is left out with a warning naming file, line and column; the rest still loads.
"""
from __future__ import annotations

import re
from typing import Callable

from natives.frames import Blueprint, TocContents

MAX_INCLUDE_DEPTH = 8
_TOKEN = re.compile(r'''
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<newline>\n)
  | (?P<space>[ \t\r\f\v]+)
  | (?P<string>"[^"\n]*")
  | (?P<number>[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)
  | (?P<word>[A-Za-z_][A-Za-z0-9_|]*)
  | (?P<punct>[{},])
''', re.VERBOSE | re.DOTALL)
BLOCK_KINDS = {"Frame": None, "String": "STRING", "Texture": "TEXTURE"}


class FdfError(ValueError):
    """A malformed fdf file: message with line and column."""


class _Tok:
    __slots__ = ("kind", "value", "line", "col")

    def __init__(self, kind: str, value, line: int, col: int) -> None:
        self.kind, self.value, self.line, self.col = kind, value, line, col


def tokens(text: str) -> list[_Tok]:
    """The fdf tokens of ``text`` (newlines kept: an action ends at the end of its line)."""
    out: list[_Tok] = []
    pos, line, line_start = 0, 1, 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise FdfError(f"line {line}, column {pos - line_start + 1}: unexpected {text[pos]!r}")
        kind = m.lastgroup
        value = m.group()
        col = pos - line_start + 1
        if kind == "newline":
            out.append(_Tok("nl", "\n", line, col))
        elif kind == "string":
            out.append(_Tok("str", value[1:-1], line, col))
        elif kind == "number":
            out.append(_Tok("num", float(value), line, col))
        elif kind in ("word", "punct"):
            out.append(_Tok(kind, value, line, col))
        newlines = value.count("\n")
        if newlines:
            line += newlines
            line_start = m.start() + value.rindex("\n") + 1
        pos = m.end()
    return out


class _Parser:
    def __init__(self, toks: list[_Tok], source: str) -> None:
        self.toks = toks
        self.i = 0
        self.source = source
        self.includes: list[str] = []

    def skip_newlines(self) -> _Tok | None:
        """Move past newlines; the next token (None at the end)."""
        while self.i < len(self.toks) and self.toks[self.i].kind == "nl":
            self.i += 1
        return self.toks[self.i] if self.i < len(self.toks) else None

    def error(self, tok: _Tok | None, message: str) -> FdfError:
        where = f"line {tok.line}, column {tok.col}" if tok is not None else "end of file"
        return FdfError(f"{where}: {message}")

    def args(self) -> list:
        """Arguments up to the end of the line, a ``{`` or a ``}`` (commas dropped)."""
        out = []
        while self.i < len(self.toks):
            t = self.toks[self.i]
            if t.kind == "nl" or t.value in ("{", "}"):
                break
            self.i += 1
            if t.value != ",":
                out.append(t.value)
        return out

    def body(self, until_brace: bool) -> tuple[list[Blueprint], dict[str, list]]:
        """Statements up to the matching ``}`` (or the end of the file at top level)."""
        children: list[Blueprint] = []
        props: dict[str, list] = {}
        while True:
            t = self.skip_newlines()
            if t is None:
                if until_brace:
                    raise self.error(None, "missing '}'")
                return children, props
            if t.value == "}":
                if not until_brace:
                    raise self.error(t, "unexpected '}'")
                self.i += 1
                return children, props
            if t.kind != "word":
                raise self.error(t, f"expected a keyword, found {t.value!r}")
            self.i += 1
            args = self.args()
            mark = self.i
            nxt = self.skip_newlines()
            if nxt is not None and nxt.value == "{":
                self.i += 1
                self.block(t, args, children, props)
                continue
            self.i = mark
            if t.value == "IncludeFile" and args and isinstance(args[0], str):
                self.includes.append(args[0])
            else:
                props[t.value] = args

    def block(self, kw: _Tok, args: list, children: list[Blueprint], props: dict) -> None:
        inner_children, inner_props = self.body(True)
        word = kw.value
        if word == "Layer":                      # SimpleFrame layers: flattened
            children.extend(inner_children)
        elif word in BLOCK_KINDS:
            children.append(self.blueprint(kw, args, inner_children, inner_props))
        # StringList and other blocks: not read

    def blueprint(self, kw: _Tok, args: list, children: list[Blueprint], props: dict) -> Blueprint:
        fixed = BLOCK_KINDS[kw.value]
        words = list(args)
        if fixed is None:
            if len(words) < 2 or not all(isinstance(w, str) for w in words[:2]):
                raise self.error(kw, 'expected Frame "TYPE" "Name"')
            frame_type, name, rest = words[0].upper(), words[1], words[2:]
        else:
            frame_type = fixed
            name = words[0] if words and isinstance(words[0], str) else ""
            rest = words[1:] if words else []
        inherits, with_children = None, False
        if rest and rest[0] == "INHERITS":
            rest = rest[1:]
            if rest and rest[0] == "WITHCHILDREN":
                with_children, rest = True, rest[1:]
            if not rest or not isinstance(rest[0], str):
                raise self.error(kw, "INHERITS needs a blueprint name")
            inherits = rest[0]
        return Blueprint(frame_type, name, inherits, with_children, props, children, self.source)


def parse_fdf(text: str, source: str = "") -> tuple[list[Blueprint], list[str]]:
    """(top-level blueprints, included fdf paths) of an fdf file's text. Raises FdfError
    (with line and column) for a malformed file."""
    p = _Parser(tokens(text), source)
    blueprints, _ = p.body(False)
    return blueprints, p.includes


def toc_entries(data: bytes) -> list[str]:
    """The fdf paths a TOC file lists: one per line, blank lines skipped, the last line not
    read (jassdoc ``BlzLoadTOCFile`` @bug)."""
    lines = _text(data).split("\n")[:-1]
    return [line.strip() for line in lines if line.strip()]


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_toc(read: Callable[[str], bytes | None], path: str) -> TocContents | None:
    """What the TOC ``path`` of a map gives (``read(name)``: the map's file or None); None
    when the map has no such file."""
    data = read(path)
    if data is None:
        return None
    out = TocContents()
    seen: set[str] = set()

    def load(fdf: str, depth: int) -> None:
        key = fdf.replace("/", "\\").lower()
        if key in seen:
            return
        seen.add(key)
        raw = read(fdf)
        if raw is None:
            out.missing_files.append(fdf)
            return
        try:
            blueprints, includes = parse_fdf(_text(raw), fdf)
        except FdfError as err:
            out.warnings.append(f"{fdf}: {err}; its frame definitions are not loaded")
            return
        out.blueprints.extend(blueprints)
        if depth < MAX_INCLUDE_DEPTH:
            for inc in includes:
                load(inc, depth + 1)

    for entry in toc_entries(data):
        load(entry, 0)
    return out
