"""Parse JASS source into the typed syntax tree (``jassvm.ast``).

``parse(data, file)`` never raises for bad input: it returns the tree (or None when the
syntax is broken) plus a list of diagnostics with file, line and column.

Limits (each refused with a diagnostic at the position of what is too large; the file then
has no tree, so ``jass check`` and ``jass run`` refuse the same inputs):

- E110: a script over ``source.MAX_SOURCE_BYTES`` bytes or ``source.MAX_SOURCE_LINES`` lines
  (checked before anything is decoded), or one that builds more than ``MAX_SYNTAX_NODES``
  syntax-tree nodes (the parse stops there);
- E109: a string literal over ``values.MAX_STRING_BYTES`` bytes (what a string may hold at run
  time), a number literal over ``MAX_NUMBER_LITERAL`` characters;
- E108: blocks (``if``/``elseif``/``else``, ``loop``, ``debug``) nested more than
  ``MAX_BLOCK_DEPTH`` deep. The checker and the compiler walk statements recursively;
  expressions of any depth are walked iteratively and need no limit. The deepest nesting
  in the shared corpus (maps, API sets, AI scripts, pjass tests) is 19 blocks, 28 levels of
  expression and 31 nodes from a declaration to a leaf.

Memory: the lexer's regular expressions keep constant memory per character (possessive
repeats, see ``jass.lark``); the tree costs about 150 bytes per node. Real scripts make one
node per 8 to 10 bytes (25 to 28 bytes of memory per byte of source at the peak of a parse);
the densest input (``1+1+1...``) makes one per byte, about 180 bytes of memory per byte,
which ``MAX_SYNTAX_NODES`` caps at about 750 MB.
"""
from __future__ import annotations

import gc
import re
from array import array
from bisect import bisect_right
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternRE, PatternStr

from . import ast
from .diagnostics import Diagnostic, Severity
from .source import SourceText, source_limit_error, to_text
from .values import MAX_STRING_BYTES, parse_int_literal

_STRING_ESCAPES = {"b": "\b", "t": "\t", "r": "\r", "n": "\n", "f": "\f", '"': '"', "\\": "\\"}
_RAWCODE_ESCAPES = {"b": 8, "t": 9, "r": 13, "n": 10, "f": 12, "\\": 92, "'": 39, '"': 34}
_STRING_ESCAPE = re.compile(r"\\(.?)", re.S)
_FLAG = re.compile(r"//#\s*([+-]\w+(?:\s+[+-]\w+)*+)")
_INT32 = 1 << 32
_new_pos = tuple.__new__
_Pos = ast.Pos
_VarRef, _Paren, _CallExpr, _IntLit = ast.VarRef, ast.Paren, ast.CallExpr, ast.IntLit
# Binary operators by precedence, loosest first (jass.lark, S059, S061, S062).
_PRECEDENCE = {"and": 1, "or": 1, "==": 2, "!=": 2, "<": 3, "<=": 3, ">": 3, ">=": 3,
               "+": 4, "-": 4, "*": 5, "/": 5, "%": 5}

#: Blocks nested deeper than this are refused (E108): six times the corpus's deepest (19).
MAX_BLOCK_DEPTH = 128
#: Most syntax-tree nodes (and parser diagnostics) one file may build (E110): 12 times the
#: largest corpus script (custom-dwc-optimized, 2.8 MB, 353,000 nodes).
MAX_SYNTAX_NODES = 4 << 20
#: Longest number literal (characters); a valid int32 needs at most 12 (octal), a real about
#: 40 in generated code.
MAX_NUMBER_LITERAL = 1024
# The longest rawcode body: 4 characters, each possibly an escape pair.
_MAX_RAWCODE_BODY = 8


def _wrap(v: int) -> int:
    v %= _INT32
    return v - _INT32 if v >= 1 << 31 else v


@lru_cache(maxsize=1)
def _lark() -> tuple[Lark, "_Builder"]:
    """The parser with its tree builder applied inline (no intermediate parse tree)."""
    builder = _Builder()
    grammar = (Path(__file__).with_name("jass.lark")).read_text()
    parser = Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=False,
                  maybe_placeholders=False, transformer=builder)
    return parser, builder


class _Tables:
    """Lark's LALR table and tree-building callbacks, driven by ``_drive`` with one
    compiled regular expression as the lexer.

    Lark's own loop costs about two thirds of a parse (a generic token class, a rule object
    hashed per reduction, a lexer per parser state); this one runs the same table, the same
    callbacks and the same terminals, so it builds the same tree. Lark's contextual lexer
    hands a keyword over as a NAME where the parser state does not take the keyword: the
    keyword table below does the same. Any syntax error is left to lark's own parser
    (``parse_source`` parses again with it), so error messages are lark's.
    """

    def __init__(self, parser: Lark, builder: "_Builder"):
        frontend = parser.parser
        inner = frontend.parser.parser          # lark.parsers.lalr_parser._Parser
        table = inner.parse_table
        ids = {state: i for i, state in enumerate(table.states)}
        actions: dict = {}
        self.rows: list[dict] = [{} for _ in ids]
        for state, row in table.states.items():
            out = self.rows[ids[state]]
            for term, (action, arg) in row.items():
                # Shift: the next state (int); reduce: (size, callback, goto symbol). Lark's
                # names are its Token class, whose Python-level ``__eq__`` every lookup would run.
                if action.name == "Shift":
                    out[str(term)] = ids[arg]
                else:
                    if arg not in actions:
                        actions[arg] = (len(arg.expansion), _reduction(arg, builder), str(arg.origin.name))
                    out[str(term)] = actions[arg]
        self.start = ids[table.start_states["start"]]
        self.end = ids[table.end_states["start"]]
        terminals = list(parser.terminals)
        ignore = set(parser.ignore_tokens)
        # Terminals every rule drops from its children (lark's anonymous "keywords" and
        # punctuation, ``_NL``): the driver pushes None for them instead of a token.
        kept_terms = {sym.name for r in actions for sym in r.expansion if sym.is_term and not sym.filter_out}
        self.dropped = frozenset(str(t.name) for t in terminals if t.name not in kept_terms)
        # Lark's BasicLexer order: the first alternative that matches wins.
        terminals.sort(key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
        strings = [t for t in terminals if isinstance(t.pattern, PatternStr)]
        self.keywords: dict[str, dict[str, str]] = {}
        folded = set()
        for t in terminals:
            if not isinstance(t.pattern, PatternRE):
                continue
            rx = re.compile(t.pattern.to_regexp())
            for st in strings:
                m = rx.match(st.pattern.value)
                if st.priority == t.priority and m and m.group() == st.pattern.value:
                    self.keywords.setdefault(str(t.name), {})[str(st.pattern.value)] = str(st.name)
                    folded.add(st.name)
        kept = [t for t in terminals if t.name not in folded and t.name not in ignore]
        # Terminal -> what the driver makes of it: None (dropped), True (a token), or the
        # keywords it may stand for (a dict as in ``keywords``).
        self.how: dict[str, dict | bool | None] = {
            str(t.name): None if t.name in self.dropped else self.keywords.get(str(t.name), True)
            for t in terminals}
        # The ignored terminals (whitespace, a comment) are skipped by the same match as
        # the token after them; the token is the one named group that matched.
        skip = "|".join(t.pattern.to_regexp() for t in terminals if t.name in ignore)
        self.lexer = re.compile(f"(?:{skip})*+(?:" +
                                "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in kept) + ")")


class _Splice(list):
    """The children of an inlined rule (``_decl``, ``_statement``, lark's ``__x_star_n``
    repetitions), spliced into the rule that holds it, as lark's child filter does."""

    __slots__ = ()


def _reduction(rule, builder: "_Builder"):
    """What reducing ``rule`` builds from its children (a list, one value per symbol of the
    expansion): the same value as lark's tree builder with ``builder`` inlined
    (``lark.parse_tree_builder``: dropped tokens, ``_rule`` children spliced in, ``?rule``
    with one child replaced by it), without lark's chain of wrapper calls per reduction.
    None means the value is the rule's only child, unchanged."""
    if rule.options.keep_all_tokens:
        raise ValueError(f"rule {rule} keeps all tokens: not supported by the fast driver")
    keep = [(i, not sym.is_term and sym.name.startswith("_"))
            for i, sym in enumerate(rule.expansion) if not (sym.is_term and sym.filter_out)]
    name = str(rule.alias or rule.origin.name)
    fn = getattr(builder, name, None) if not name.startswith("_") else None
    expand1 = bool(rule.options.expand1 and not rule.alias)
    size = len(rule.expansion)
    plain = len(keep) == size and not any(x for _i, x in keep)
    if plain and size == 1 and expand1:
        return None
    if fn is None and expand1 and len(keep) == 1 and not keep[0][1]:
        i = keep[0][0]       # ``?rule`` whose other symbols are all dropped tokens
        return lambda c: c[i]
    if fn is None and not name.startswith("_"):
        raise ValueError(f"rule {name} has no tree builder method")
    if fn is None:
        build = _Splice
    elif expand1:
        def build(c):
            return c[0] if len(c) == 1 else fn(c)
    else:
        build = fn
    if plain:
        return build
    if not any(x for _i, x in keep):
        idx = [i for i, _x in keep]
        if len(idx) == 1:
            i = idx[0]
            return lambda c: build([c[i]])
        if len(idx) == 2:
            i, j = idx
            return lambda c: build([c[i], c[j]])
        return lambda c: build([c[i] for i in idx])
    if fn is None and len(keep) == 2 and keep[0][1] and not keep[1][1]:
        i, j = keep[0][0], keep[1][0]

        def grow(c):      # left recursion ``_x: _x item``: the repetition's own list grows
            out = c[i]
            if out.__class__ is not _Splice:
                out = _Splice(out)
            out.append(c[j])
            return out
        return grow

    def filtered(c):
        out = None
        for i, splice in keep:
            if splice:
                if out is None:
                    out = c[i]     # left recursion: the repetition's own list grows
                else:
                    out += c[i]
            elif out is None:
                out = [c[i]]
            else:
                out.append(c[i])
        if out is None:
            out = []
        if fn is None:
            return out if out.__class__ is _Splice else _Splice(out)
        return build(list(out) if out.__class__ is _Splice else out)
    return filtered


class _SyntaxError(Exception):
    """The fast driver met input the table refuses; lark's parser reports it."""


def _drive(tables: _Tables, text: str):
    """The value of the start rule for ``text`` (see ``_Tables``); raises ``_SyntaxError``.

    ``text`` ends with a line break, so its last token (``_NL``) ends at its end: the lexer
    finding nothing more is either the end or a syntax error."""
    rows, how_of = tables.rows, tables.how
    match = tables.lexer.scanner(text).match   # each match starts where the last ended
    new_token = str.__new__
    states = [tables.start]
    values: list = []
    push_state, push_value = states.append, values.append
    last = None
    while True:
        m = match()
        if m is None:
            break
        last = m
        kind = m.lastgroup
        row = rows[states[-1]]
        how = how_of[kind]
        if how is None:      # no rule keeps it: no token object
            tok = None
        else:
            group = kind
            if how is not True:  # a NAME that may stand for a keyword
                other = how.get(m.group(group))
                if other is not None and (other in row or kind not in row):
                    kind = other
                    how = how_of[other]
            if how is None:
                tok = None
            else:
                tok = new_token(Token, m.group(group))
                tok.type, tok.start_pos = kind, m.start(group)
        while True:
            act = row.get(kind)
            if act is None:
                raise _SyntaxError(m.end())
            if act.__class__ is int:
                push_state(act)
                push_value(tok)
                break
            size, callback, origin = act
            if callback is None:    # the only child is the value: one state replaced
                top = states[-1] = rows[states[-2]][origin]
                row = rows[top]
                continue
            if size:
                children = values[-size:]
                del states[-size:]
                del values[-size:]
            else:
                children = []
            push_value(callback(children))
            top = rows[states[-1]][origin]
            push_state(top)
            row = rows[top]
    if last is None or last.end() < len(text):
        raise _SyntaxError(0 if last is None else last.end())
    return _drive_end(tables, states, values)


def _drive_end(tables: _Tables, states: list, values: list):
    """The reductions ``_drive`` makes at the end of the text, up to the start rule's value."""
    rows, end = tables.rows, tables.end
    while True:
        act = rows[states[-1]].get("$END")
        if act is None or act.__class__ is int:
            raise _SyntaxError("end of file")
        size, callback, origin = act
        if size:
            children = values[-size:]
            del states[-size:]
            del values[-size:]
        else:
            children = []
        value = children[0] if callback is None else callback(children)
        top = rows[states[-1]][origin]
        if top == end:
            return value
        states.append(top)
        values.append(value)


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    return _Tables(*_lark())


class _TooManyNodes(Exception):
    """Raised by the tree builder past ``MAX_SYNTAX_NODES``; ``pos`` is where it stopped."""

    def __init__(self, pos: ast.Pos):
        super().__init__(pos)
        self.pos = pos


class _Chain:
    """A binary expression being read (``_Builder.link``): operands and the operators not
    applied yet, loosest first."""

    __slots__ = ("operands", "ops")

    def __init__(self, operands: list, ops: list[str]):
        self.operands = operands
        self.ops = ops


class _Builder(Transformer):
    """Turns the lark parse tree into ``jassvm.ast`` nodes, collecting literal errors."""

    def __init__(self):
        super().__init__(visit_tokens=False)
        self.src: SourceText = None  # type: ignore[assignment]  # set for each parse
        self.diags: list[Diagnostic] = []
        self.nodes = 0
        self._starts = array("q", [0])
        self._file = ""
        self._line = (0, 0, 0)

    # -- helpers
    def begin(self, src: SourceText, diags: list[Diagnostic]) -> None:
        """Start building the tree of ``src``, its literal errors added to ``diags``."""
        self.src, self.diags, self.nodes = src, diags, 0
        self._starts, self._file = src.line_starts, src.file
        self._line = (0, 0, 0)

    def _pos(self, tok: Token) -> ast.Pos:
        """The position of ``tok``, counting one more node (see ``MAX_SYNTAX_NODES``)."""
        nodes = self.nodes = self.nodes + 1
        if nodes > MAX_SYNTAX_NODES:
            raise _TooManyNodes(self.src.pos(tok.start_pos))
        # ``SourceText.pos`` inlined: one of these per node. Nodes come mostly a line at a
        # time, so the last line found (its first offset, the next line's, its number) is
        # tried before a search of the line table.
        offset = tok.start_pos
        start, end, line = self._line
        if not start <= offset < end:
            starts = self._starts
            line = bisect_right(starts, offset)
            start = starts[line - 1]
            end = starts[line] if line < len(starts) else offset + 1
            self._line = (start, end, line)
        return _new_pos(_Pos, (self._file, line, offset - start + 1))

    def _count(self, pos: ast.Pos) -> None:
        """Count a node whose position comes from another node."""
        self.nodes += 1
        if self.nodes > MAX_SYNTAX_NODES:
            raise _TooManyNodes(pos)

    def _error(self, tok: Token, code: str, message: str) -> None:
        self.diags.append(Diagnostic(code, Severity.ERROR, message, *self._pos(tok)))

    @staticmethod
    def _first_token(node):
        while not isinstance(node, Token):
            node = node.children[0] if hasattr(node, "children") else node
        return node

    # -- declarations
    def start(self, children):
        return children

    def type_decl(self, c):
        return ast.TypeDecl(self._pos(c[0]), name=str(c[0]), base=str(c[1]))

    def globals(self, c):
        return ast.Globals(self._pos(c[0]), vars=list(c[1:]))

    def constant_global(self, c):
        return ast.GlobalVar(self._pos(c[0]), type_name=str(c[1]), name=str(c[2]),
                             is_constant=True, init=c[3])

    def array_global(self, c):
        return ast.GlobalVar(self._pos(c[0]), type_name=str(c[0]), name=str(c[2]), is_array=True)

    def plain_global(self, c):
        return ast.GlobalVar(self._pos(c[0]), type_name=str(c[0]), name=str(c[1]),
                             init=c[2] if len(c) > 2 else None)

    def params(self, c):
        if len(c) == 1 and isinstance(c[0], Token):
            return []
        return list(c)

    def param(self, c):
        return ast.Param(self._pos(c[0]), type_name=str(c[0]), name=str(c[1]))

    def rtype(self, c):
        return str(c[0])

    def native_decl(self, c):
        const = isinstance(c[0], Token) and c[0].type == "CONSTANT"
        if const:
            c = c[1:]
        return ast.NativeDecl(self._pos(c[0]), name=str(c[0]), params=c[1], returns=c[2],
                              is_constant=const)

    def function(self, c):
        const = isinstance(c[0], Token) and c[0].type == "CONSTANT"
        if const:
            c = c[1:]
        name, params, returns, body, end = c
        return ast.Function(self._pos(name), name=str(name), params=params, returns=returns,
                            is_constant=const, body=body, end_pos=self._pos(end))

    # -- statements
    def body(self, c):
        return list(c)

    def local(self, c):
        is_array = len(c) > 2 and isinstance(c[1], Token) and c[1].type == "ARRAY"
        if is_array:
            return ast.Local(self._pos(c[0]), type_name=str(c[0]), name=str(c[2]), is_array=True)
        return ast.Local(self._pos(c[0]), type_name=str(c[0]), name=str(c[1]),
                         init=c[2] if len(c) > 2 else None)

    def set(self, c):
        if len(c) == 3:
            return ast.Set(self._pos(c[0]), name=str(c[0]), index=c[1], value=c[2])
        return ast.Set(self._pos(c[0]), name=str(c[0]), value=c[1])

    def call(self, c):
        call = ast.CallExpr(self._pos(c[0]), name=str(c[0]), args=c[1])
        return ast.Call(call.pos, call=call)

    def if_(self, c):
        cond, body, *rest = c
        branches = [(cond, body)]
        else_body = None
        for part in rest:
            if isinstance(part, tuple):
                branches.append(part)
            else:
                else_body = part
        return ast.If(cond.pos, branches=branches, else_body=else_body)

    def elseif(self, c):
        return (c[0], c[1])

    def else_(self, c):
        return c[0]

    def loop(self, c):
        return ast.Loop(self._pos(c[0]), body=c[1])

    def exitwhen(self, c):
        return ast.ExitWhen(c[0].pos, cond=c[0])

    def return_(self, c):
        return ast.Return(self._pos(c[0]), value=c[1] if len(c) > 1 else None)

    def debug(self, c):
        return ast.Debug(c[0].pos, stmt=c[0])

    def args(self, c):
        return list(c)

    # -- expressions
    def link(self, c):
        """One more ``operator operand`` of a binary expression: the operators waiting on
        the chain that bind at least as tightly are applied first (``_PRECEDENCE``, all
        left-associative), so a chain holds at most one operator per precedence level."""
        left, op, right = c
        chain = left if left.__class__ is _Chain else _Chain([left], [])
        operands, ops = chain.operands, chain.ops
        op = str(op)
        level = _PRECEDENCE[op]
        while ops and _PRECEDENCE[ops[-1]] >= level:
            self._binary(operands, ops.pop())
        ops.append(op)
        operands.append(right)
        return chain

    def expr(self, c):
        """A whole expression: the operators still waiting on its chain applied."""
        chain = c[0]
        if chain.__class__ is not _Chain:
            return chain
        operands, ops = chain.operands, chain.ops
        while ops:
            self._binary(operands, ops.pop())
        return operands[0]

    def _binary(self, operands: list, op: str) -> None:
        right = operands.pop()
        left = operands[-1]
        self._count(right.pos)  # past the budget, E110 is where the parse has got to
        operands[-1] = ast.Binary(left.pos, op=op, left=left, right=right)

    def unary(self, c):
        op, operand = c
        return ast.Unary(self._pos(op), op=str(op), operand=operand)

    def paren(self, c):
        inner = c[0]
        self._count(inner.pos)
        return _Paren(inner.pos, inner)              # (pos, inner)

    def var(self, c):
        tok = c[0]
        return _VarRef(self._pos(tok), str(tok))     # (pos, name): positional runs faster

    def index(self, c):
        return ast.IndexRef(self._pos(c[0]), name=str(c[0]), index=c[1])

    def call_expr(self, c):
        return _CallExpr(self._pos(c[0]), str(c[0]), c[1])   # (pos, name, args)

    def code_ref(self, c):
        return ast.CodeRef(self._pos(c[0]), name=str(c[0]))

    def true_(self, c):
        return ast.BoolLit(self._pos(c[0]), value=True)

    def false_(self, c):
        return ast.BoolLit(self._pos(c[0]), value=False)

    def null(self, c):
        return ast.NullLit(self._pos(c[0]))

    def _too_long(self, tok: Token, what: str) -> bool:
        """E109 for a number literal over ``MAX_NUMBER_LITERAL`` characters."""
        n = len(tok)
        if n <= MAX_NUMBER_LITERAL:
            return False
        self._error(tok, "E109", f"{what} literal of {n} characters is longer than the limit "
                                 f"of {MAX_NUMBER_LITERAL}")
        return True

    def int_lit(self, c):
        text = str(c[0])
        if self._too_long(c[0], "integer"):
            return ast.IntLit(self._pos(c[0]), value=0, text=text[:MAX_NUMBER_LITERAL])
        return _IntLit(self._pos(c[0]), parse_int_literal(text), text)   # (pos, value, text)

    def oct_lit(self, c):
        text = str(c[0])
        if self._too_long(c[0], "integer"):
            return ast.IntLit(self._pos(c[0]), value=0, text=text[:MAX_NUMBER_LITERAL])
        if re.search(r"[89]", text):
            self._error(c[0], "E103", f"invalid octal literal {text}: digits 8 and 9 are not octal")
            return ast.IntLit(self._pos(c[0]), value=0, text=text)
        return ast.IntLit(self._pos(c[0]), value=parse_int_literal(text), text=text)

    def hex_lit(self, c):
        text = str(c[0])
        if self._too_long(c[0], "integer"):
            return ast.IntLit(self._pos(c[0]), value=0, text=text[:MAX_NUMBER_LITERAL])
        return ast.IntLit(self._pos(c[0]), value=parse_int_literal(text), text=text)

    def real_lit(self, c):
        text = str(c[0])
        if self._too_long(c[0], "real"):
            return ast.RealLit(self._pos(c[0]), value=0.0, text=text[:MAX_NUMBER_LITERAL])
        return ast.RealLit(self._pos(c[0]), value=float(text), text=text)

    def rawcode(self, c):
        tok = c[0]
        if len(tok) - 2 > _MAX_RAWCODE_BODY:
            self._error(tok, "E106", f"rawcodes must consist of 1 or 4 characters (this one has "
                                     f"{len(tok) - 2} bytes)")
            return ast.IntLit(self._pos(tok), value=0, text=str(tok)[:_MAX_RAWCODE_BODY + 2])
        body = str(tok)[1:-1]
        values: list[int] = []
        escaped = False
        i = 0
        while i < len(body):
            ch = body[i]
            if ch == "\\":
                nxt = body[i + 1] if i + 1 < len(body) else ""
                if nxt not in _RAWCODE_ESCAPES:
                    self._error(tok, "E104", "invalid escape character sequence in rawcode")
                    return ast.IntLit(self._pos(tok), value=0, text=str(tok))
                values.append(_RAWCODE_ESCAPES[nxt])
                escaped = True
                i += 2
                continue
            if ch == "\0":
                self._error(tok, "E105", "NUL not allowed in rawcode")
            elif ch == "\xff":
                self._error(tok, "E105", "byte \\xFF not allowed in rawcode")
            values.append(ord(ch))
            i += 1
        if len(values) not in (1, 4):
            self._error(tok, "E106", "rawcodes must consist of 1 or 4 characters")
        elif escaped and len(values) != 1:
            self._error(tok, "E107", "escaped characters are only allowed as the only character of a rawcode")
        value = 0
        for v in values:
            value = value * 256 + v
        return ast.IntLit(self._pos(tok), value=_wrap(value), text=str(tok))

    def string(self, c):
        """A string literal: escapes resolved, one diagnostic per kind of fault (an invalid
        escape, NUL, byte 0xFF) at the literal's position, E109 past ``MAX_STRING_BYTES``."""
        tok = c[0]
        body = str(tok)[1:-1]
        if "\\" in body:
            bad: list[str] = []

            def unescape(m: re.Match) -> str:
                esc = _STRING_ESCAPES.get(m.group(1))
                if esc is None:  # dropped with the backslash, as before
                    if not bad:
                        bad.append(m.group(1))
                    return ""
                return esc

            body = _STRING_ESCAPE.sub(unescape, body)
            if bad:
                self._error(tok, "E104", f"invalid escape character sequence \\{bad[0]} in string literal")
        # Escapes never produce NUL or 0xFF: any left in ``body`` were written as such.
        if "\0" in body:
            self._error(tok, "E105", "NUL not allowed in string literal")
        if "\xff" in body:
            self._error(tok, "E105", "byte \\xFF not allowed in string literal")
        if len(body) > MAX_STRING_BYTES:
            self._error(tok, "E109", f"string literal of {len(body)} bytes is longer than the "
                                     f"limit of {MAX_STRING_BYTES}")
            return ast.StrLit(self._pos(tok), value="")
        return ast.StrLit(self._pos(tok), value=to_text(body))


_QUOTES = {'"': "string", "'": "rawcode"}


def _syntax_diagnostic(src: SourceText, err: UnexpectedInput) -> Diagnostic:
    pos = src.pos(getattr(err, "pos_in_stream", None) or 0)
    if isinstance(err, UnexpectedCharacters):
        ch = src.text[err.pos_in_stream] if err.pos_in_stream < len(src.text) else ""
        if ch in _QUOTES:   # the literal rules span lines: no closing quote in the rest of the file
            return Diagnostic("E101", Severity.ERROR, f"unterminated {_QUOTES[ch]} literal: no closing "
                                                      f"{ch} before the end of the file", *pos)
        shown = repr(ch)[1:-1] if ch.isprintable() else f"\\x{ord(ch):02x}" if ch else "end of file"
        return Diagnostic("E101", Severity.ERROR,
                          f"unrecognized character '{shown}' (byte {ord(ch) if ch else 0})", *pos)
    if isinstance(err, UnexpectedToken):
        tok = err.token
        if tok.type == "$END":
            return Diagnostic("E102", Severity.ERROR, "unexpected end of file", *src.pos(len(src.text)))
        pos = src.pos(tok.start_pos)
        what = "line break" if tok.type == "_NL" else f"'{to_text(str(tok))}'"
        expected = sorted(e for e in err.expected if not e.startswith("__"))
        hint = _hint(tok, expected)
        msg = f"syntax error: unexpected {what}" + (f"; {hint}" if hint else "")
        return Diagnostic("E102", Severity.ERROR, msg, *pos)
    return Diagnostic("E102", Severity.ERROR, "syntax error", *pos)


def _hint(tok: Token, expected: list[str]) -> str:
    if "CALL" in expected and tok.type == "NAME":
        return "missing 'call' or 'set'?"
    if expected == ["_NL"]:
        return "missing line break"
    names = [e for e in expected if e.isupper()]
    if 0 < len(names) <= 6:
        return "expected " + ", ".join(n.lower() for n in names)
    return ""


def parse(data: bytes | str, file: str = "<input>") -> tuple[ast.SourceFile | None, list[Diagnostic]]:
    """Parse one JASS file.

    ``data`` is the raw bytes (or text). Returns ``(tree, diagnostics)``; the tree is None when
    the syntax is broken or a limit is exceeded (see the module docstring). Never raises for
    bad input.
    """
    too_large = source_limit_error(data)
    if too_large is not None:
        return None, [Diagnostic("E110", Severity.ERROR, too_large, file, 1, 1)]
    src = SourceText(data, file)
    return parse_source(src)


def parse_source(src: SourceText) -> tuple[ast.SourceFile | None, list[Diagnostic]]:
    """Parse an already decoded ``SourceText``; see ``parse``.

    The cycle collector is off meanwhile: a parse builds hundreds of thousands of objects
    and no cycles, and the collector would scan them again and again (a third of the time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _parse_source(src)
    finally:
        if enabled:
            gc.enable()


def _parse_source(src: SourceText) -> tuple[ast.SourceFile | None, list[Diagnostic]]:
    diags: list[Diagnostic] = []
    too_large = source_limit_error(src.data)
    if too_large is not None:
        return None, [Diagnostic("E110", Severity.ERROR, too_large, src.file, 1, 1)]
    text = src.text
    if text.startswith("\xef\xbb\xbf"):
        text = "   " + text[3:]  # keep offsets; a BOM is whitespace
    _check_comments(src, diags)
    n_comment_diags = len(diags)
    parser, builder = _lark()
    builder.begin(src, diags)
    try:
        try:
            decls = _drive(_tables(), text + "\n")
        except _SyntaxError:  # lark's own parser for lark's own message
            del diags[n_comment_diags:]
            builder.nodes = 0
            decls = parser.parse(text + "\n")
    except UnexpectedInput as err:
        diags.append(_syntax_diagnostic(src, err))
        return None, diags
    except _TooManyNodes as err:
        diags.append(Diagnostic("E110", Severity.ERROR, f"script too large: more than "
                                f"{MAX_SYNTAX_NODES} syntax-tree nodes", *err.pos))
        return None, diags
    except RecursionError:  # lark's LALR parser is iterative; kept as a guard
        diags.append(Diagnostic("E108", Severity.ERROR, "nesting too deep", src.file, 1, 1))
        return None, diags
    deep = _too_deep(decls)
    if deep is not None:
        diags.append(Diagnostic("E108", Severity.ERROR, f"nesting too deep: blocks (if, loop, "
                                f"debug) nested more than {MAX_BLOCK_DEPTH} levels", *deep.pos))
        return None, diags
    flags = [(src.pos(m.start()).line, flag) for m in _FLAG.finditer(text) for flag in m.group(1).split()]
    return ast.SourceFile(ast.Pos(src.file, 1, 1), decls=decls, flags=flags), diags


def _too_deep(decls: list) -> ast.Stmt | None:
    """The first statement nested more than ``MAX_BLOCK_DEPTH`` blocks deep, or None."""
    stack = [(d.body, 0) for d in reversed(decls) if isinstance(d, ast.Function)]
    while stack:
        body, depth = stack.pop()
        for s in body:
            while isinstance(s, ast.Debug):  # ``debug`` wraps one statement
                depth += 1
                if depth > MAX_BLOCK_DEPTH:
                    return s
                s = s.stmt
            if isinstance(s, ast.If):
                if depth + 1 > MAX_BLOCK_DEPTH:
                    return s
                stack.extend((b, depth + 1) for _c, b in s.branches)
                if s.else_body is not None:
                    stack.append((s.else_body, depth + 1))
            elif isinstance(s, ast.Loop):
                if depth + 1 > MAX_BLOCK_DEPTH:
                    return s
                stack.append((s.body, depth + 1))
    return None


_COMMENT_BAD = re.compile(r"//[^\n]*?([\x00\xff])")
# Possessive repeats: constant memory per character (see jass.lark).
_STRING_OR_COMMENT = re.compile(r'"[^\\"]*+(?:\\.[^\\"]*+)*+"|\'[^\\\']*+(?:\\.[^\\\']*+)*+\'|//[^\n]*', re.S)


def _check_comments(src: SourceText, diags: list[Diagnostic]) -> None:
    """pjass refuses NUL and 0xFF bytes inside comments."""
    if "\x00" not in src.text and "\xff" not in src.text:
        return
    for m in _STRING_OR_COMMENT.finditer(src.text):
        tok = m.group()
        if not tok.startswith("//"):
            continue
        for bad in ("\x00", "\xff"):
            i = tok.find(bad)
            if i >= 0:
                what = "NUL" if bad == "\x00" else "byte \\xFF"
                diags.append(Diagnostic("E105", Severity.ERROR, f"{what} not allowed in comment",
                                        *src.pos(m.start() + i)))
