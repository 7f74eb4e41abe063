"""Run one conformance case of ../shared/conformance/cases (see its README.md).

A case is loaded after common.j and Blizzard.j of its API set, ``main`` runs in a new
thread, game time advances ``@until`` seconds, and the lines shown to Player(0) are compared
with the ``@expect`` lines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from jassvm.diagnostics import JassError
from jassvm.loader import load_program
from natives.session import GameSession, load_natives

_HEADER = re.compile(r"^\s*//\s*@(\w[\w-]*)\s*(.*?)\s*$")


@dataclass
class Case:
    path: Path
    api: str = "1.33.0"
    until: float = 60.0
    expect: list[str] = field(default_factory=list)
    reject: bool = False


def read_case(path: Path) -> Case:
    case = Case(path)
    for line in path.read_bytes().decode("latin-1").splitlines():
        m = _HEADER.match(line)
        if not m:
            continue
        key, value = m.groups()
        if key == "api":
            case.api = value
        elif key == "until":
            case.until = float(value)
        elif key == "expect":
            case.expect.append(value.strip())
        elif key == "expect-reject":
            case.reject = True
    return case


def run_case(case: Case, api_root: Path) -> tuple[list[str] | None, GameSession | None, JassError | None]:
    """(lines seen by Player(0), session, load error)."""
    api = api_root / case.api
    sources = [(str(api / "common.j"), (api / "common.j").read_bytes()),
               (str(api / "Blizzard.j"), (api / "Blizzard.j").read_bytes()),
               (case.path.name, case.path.read_bytes())]
    try:
        loaded = load_program(sources, load_natives(), strict=case.reject)
    except JassError as err:
        return None, None, err
    session = GameSession(loaded.program)
    session.vm.run_init()
    session.vm.call("main", kind="main")
    session.advance(case.until)
    from natives.text import local_messages
    return [m.text for m in local_messages(session.game)], session, None
