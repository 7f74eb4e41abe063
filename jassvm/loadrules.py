"""What the game loads that the checker reports: the loader's table per API generation.

``jass check`` is strict: every checker error refuses the program. ``jass run`` loads what
the game itself loads (DESIGN.md section 3): a checker error whose rule the game accepts in
the API generation of the loaded common.j is reported as a warning (its code with ``W`` for
``E``), every other error refuses the program. ``LOAD_RULES`` is that table (docs/natives.md,
"What the loader accepts", shows it with its sources); ``accepted_rules`` gives the rules of
one generation and ``api_generation`` tells the generation from the declarations.

Generations (the corpus API sets of ``shared/corpus/api`` in brackets)

- ``pre-1.24``: Reign of Chaos and The Frozen Throne up to patch 1.23 [roc-1.0x, tft-1.0x]:
  no ``agent`` type, no hashtables;
- ``1.24``: patches 1.24 to 1.28, where the return bug is closed and ``agent`` and the
  hashtable natives appear [1.26];
- ``1.29``: patch 1.29 and later, the ``Blz`` natives [1.30.4, 1.32.0-beta, 1.33.0, 2.0.2].

A program without any of these declarations (a bare script checked on its own) is taken as
``pre-1.24``; the built-in API declares ``Blz`` natives and is ``1.29``.
"""
from __future__ import annotations

from . import ast
from .records import record

PRE_124, GEN_124, GEN_129 = "pre-1.24", "1.24", "1.29"
GENERATIONS = (PRE_124, GEN_124, GEN_129)
_ALL = frozenset(GENERATIONS)


@record(frozen=True, slots=False)
class LoadRule:
    """One row of the loader's table: checker diagnostics of ``code`` that ``rule`` names
    (``what``), the generations whose game loads a program that has them (``accepted``), and
    why (``source``)."""

    rule: str
    code: str
    what: str
    accepted: frozenset[str]
    source: str


LOAD_RULES: tuple[LoadRule, ...] = (
    LoadRule("E221-type", "E221", "a returned value of another type than the function returns "
             "(the return bug: a handle returned as integer; a parent type, a sibling type)",
             frozenset((PRE_124,)),
             "jass-semantics S075 (Hive, \"Typecasting\": before 1.24 the game checked only the "
             "last return; 1.24 made it a compile error); the RoC and TFT Blizzard.j return "
             "trigger as event and widget as destructable and load, the 1.26 Blizzard.j has "
             "those functions rewritten"),
    LoadRule("E221-null-code", "E221", "return null from a function that returns code",
             frozenset((PRE_124, GEN_124)),
             "jass-semantics S078 (pjass commit ac58f84: it \"used to work roughly before 1.29\")"),
    LoadRule("E221-null", "E221", "return null from a function that returns integer, real or "
             "boolean", _ALL,
             "no source says the game refuses it; null converts to 0 and 0.0 (S077)"),
    LoadRule("E224-value", "E224", "a value returned from a function that returns nothing",
             _ALL, "issue 14: a Blizzard campaign mission has return false in a function that "
             "returns nothing and the game loads it"),
    LoadRule("E238", "E238", "a native used as code", _ALL,
             "a runtime error in the game, not a load error (S079)"),
    LoadRule("E240", "E240", "a call with more than 31 arguments", _ALL,
             "jass-semantics S088 (the game stops the call when it runs)"),
    LoadRule("E270", "E270", "a local read before any assignment", _ALL,
             "jass-semantics S084, S087: the thread stops at the read when it runs"),
    LoadRule("E271", "E271", "a global read in the globals block before its initialiser", _ALL,
             "jass-semantics S084: the globals initialisation stops there"),
    LoadRule("E280", "E280", "a string literal over 1023 bytes", _ALL,
             "the game loads it; loading a saved game crashes (checker message)"),
    LoadRule("E283", "E283", "a native that crashes or returns null in a globals initialiser",
             _ALL, "jass-semantics S089: it crashes or returns null when it runs"),
)
"""The loader's table (module doc). Every other checker error refuses the program in every
generation (E222, integer returned as real, among them: S038)."""


def accepted_rules(generation: str) -> frozenset[str]:
    """The rules (``LoadRule.rule``) the game of ``generation`` loads."""
    return frozenset(r.rule for r in LOAD_RULES if generation in r.accepted)


def api_generation(files: list[ast.SourceFile]) -> str:
    """The generation of the API the files declare (module doc): any ``Blz`` native makes
    ``1.29``, else a ``type agent`` declaration ``1.24``, else ``pre-1.24``."""
    agent = False
    for f in files:
        for d in f.decls:
            if isinstance(d, ast.NativeDecl) and d.name.startswith("Blz"):
                return GEN_129
            if isinstance(d, ast.TypeDecl) and d.name == "agent":
                agent = True
    return GEN_124 if agent else PRE_124
