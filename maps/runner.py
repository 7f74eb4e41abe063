"""Run maps headless: load, run ``config()`` and ``main()``, simulate game time, report.

``load_mission`` reads a map (archive, folder or bare script), picks the API (``maps.api``),
resolves ``TRIGSTR_n`` strings, and compiles the program; ``run_mission`` plays it until the
mission ends, the time limit is reached, or nothing is left to happen; ``run_campaign`` plays
missions in order, carrying game caches from one to the next.
"""
from __future__ import annotations

import os
import re
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from jassvm import ast
from jassvm.diagnostics import Diagnostic, Severity
from jassvm.loader import load_program
from maps.api import ApiSet, find_ai_script, select_api
from maps.errors import MapError
from maps.mapfile import MapFiles, load_map
from natives.geometry import terrain_of
from natives.session import GameSession, load_natives

DEMO_CAMPAIGN = Path(__file__).with_name("demo")
_TRIGSTR = re.compile(r"^TRIGSTR_\d+$")


@dataclass
class RunOptions:
    """Options of a run. Times are game seconds."""

    api: str | None = None
    until: float = 1800.0
    seed: int = 0
    local_player: int | None = None   # None: the first user slot config() sets up
    sandbox: str | None = None
    step: float = 1.0


@dataclass
class Mission:
    """A loaded map ready to run."""

    name: str
    mapfiles: MapFiles
    api: ApiSet
    program: object
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass
class TimelineEntry:
    """One line of a run's timeline: game time (seconds), kind (see ``natives.timeline``), text."""

    time: float
    kind: str
    text: str
    data: dict = field(default_factory=dict)


@dataclass
class MissionReport:
    """What a run did: the timeline, the outcome per player, and counters."""

    name: str
    api: str
    game_time: float = 0.0
    ended: bool = False
    outcome: dict[int, str] = field(default_factory=dict)
    timeline: list[TimelineEntry] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    threads: int = 0
    ops: int = 0
    natives_missing: dict[str, int] = field(default_factory=dict)
    load_warnings: int = 0
    next_level: str | None = None
    local_player: int = 0

    def local_outcome(self, local_player: int) -> str | None:
        return self.outcome.get(local_player)

    def to_dict(self) -> dict:
        return {
            "map": self.name, "api": self.api, "local_player": self.local_player,
            "game_time": round(self.game_time, 3),
            "ended": self.ended, "outcome": {str(k): v for k, v in self.outcome.items()},
            "next_level": self.next_level,
            "timeline": [{"time": round(e.time, 3), "kind": e.kind, "text": e.text} for e in self.timeline],
            "errors": self.errors, "warnings": self.warnings[:1000], "threads": self.threads,
            "ops": self.ops, "natives_missing": self.natives_missing,
            "load_warnings": self.load_warnings,
        }


def load_mission(path: str | os.PathLike, options: RunOptions) -> Mission:
    """Load a map for running. Raises MapError (bad map/API) or JassError (script refused)."""
    natives = load_natives()  # before select_api: the built-in API lists the registry
    mapfiles = load_map(path)
    api = select_api(options.api, mapfiles)
    sources = list(api.sources) + [(mapfiles.script_name if mapfiles.kind != "script"
                                    else str(mapfiles.source), mapfiles.script)]
    if api.origin == "built-in" and _needs_blizzard(mapfiles.script):
        raise MapError(mapfiles.source, "the script calls Blizzard.j functions but no API "
                       "folder was given: point --api (or JASS_API) at a folder holding "
                       "common.j and Blizzard.j")
    wts = mapfiles.read("war3map.wts") or b""
    loaded = load_program(sources, natives, transform=lambda files: _resolve_trigstr(files[-1], mapfiles),
                          cache_salt=wts)
    name = mapfiles.w3i.name if mapfiles.w3i and getattr(mapfiles.w3i, "name", "") else _map_label(mapfiles.source)
    name = mapfiles.resolve(name) if name.startswith("TRIGSTR_") else name
    return Mission(name, mapfiles, api, loaded.program, loaded.diagnostics)


def _map_label(source: Path) -> str:
    """A bare ``war3map.j`` is named after its folder."""
    return f"{source.parent.name}/{source.name}" if source.name.lower() == "war3map.j" else source.name


def _needs_blizzard(script: bytes) -> bool:
    """World Editor scripts call ``InitBlizzard``; without Blizzard.j they cannot load."""
    return b"InitBlizzard" in script or b"BJDebugMsg" in script


def _resolve_trigstr(tree: ast.SourceFile, mapfiles: MapFiles) -> None:
    """The game replaces ``"TRIGSTR_n"`` literals by the map's string table entries."""
    if mapfiles.wts is None:
        return
    for node in ast.iter_nodes(tree):
        if isinstance(node, ast.StrLit) and _TRIGSTR.match(node.value):
            node.value = mapfiles.resolve(node.value)


def new_session(mission: Mission, options: RunOptions, sandbox: str) -> GameSession:
    """A game session for ``mission`` with the map's world data applied."""
    session = GameSession(mission.program, seed=options.seed, local_player=options.local_player or 0,
                          sandbox_dir=sandbox)
    game = session.game
    game.ai_resolver = lambda script: find_ai_script(script, mission.api, mission.mapfiles) is not None
    game.string_table = mission.mapfiles.resolve  # GetLocalizedString("TRIGSTR_n")
    m = mission.mapfiles
    origin = (None, None)
    if m.w3e is not None:
        try:
            game.set_world_bounds(m.w3e.world_bounds())
            terrain_of(game).load(m.w3e)  # ground tiles for GetTerrainType & co.
            origin = tuple(m.w3e.center_offset)
        except Exception as err:  # a map file we cannot use is a warning, not a failure
            game.warn(f"war3map.w3e: {err}")
    if m.wpm is not None and game.blight is not None:
        try:
            game.blight.seed_from_pathing(m.wpm.width, m.wpm.height, bytes(m.wpm.cells), *origin)
        except ValueError as err:
            game.warn(f"war3map.wpm: {err}")
    return session


def run_mission(mission: Mission, options: RunOptions, *, carry: dict | None = None,
                progress: Callable[[float], None] | None = None,
                session_hook: Callable[[GameSession], None] | None = None) -> tuple[MissionReport, GameSession]:
    """Play ``mission`` until it ends, ``options.until`` is reached or nothing is left to do.

    ``carry`` is game cache data from the previous mission of a campaign.
    """
    sandbox = options.sandbox or tempfile.mkdtemp(prefix="jass-run-")
    session = new_session(mission, options, sandbox)
    game, vm = session.game, session.vm
    if carry and game.gamecache is not None:
        game.gamecache.import_(carry)
    if session_hook:
        session_hook(session)
    session.start(after_config=lambda s: _choose_local_player(s, options))
    ended = lambda: bool(game.ended)
    while not ended() and vm.scheduler.now < options.until:
        nxt = vm.scheduler.next_due()
        if nxt is None:
            break  # nothing left to happen
        vm.run_until(min(options.until, vm.scheduler.now + options.step), stop=ended)
        if progress:
            progress(vm.scheduler.now)
    return build_report(mission, session), session


def _choose_local_player(session: GameSession, options: RunOptions) -> None:
    """Campaign maps: the local player is the user slot ``config()`` declares, unless given."""
    pid = options.local_player
    if pid is None:
        pid = session.first_user_player()
    session.set_local_player(pid if pid is not None else 0)


def build_report(mission: Mission, session: GameSession) -> MissionReport:
    """Collect the timeline, outcome and counters of a session."""
    game, vm = session.game, session.vm
    rep = MissionReport(mission.name, mission.api.origin, game_time=vm.scheduler.now,
                        ended=bool(game.ended), threads=vm.threads_started,
                        ops=vm.total_ops, natives_missing=dict(vm.missing_called),
                        load_warnings=sum(1 for d in mission.diagnostics if d.severity is Severity.WARNING))
    outcome = game.outcome or {}
    rep.outcome = {int(k): str(v) for k, v in outcome.items() if v}
    rep.next_level = game.next_level
    local = rep.local_player = game.local_player_id
    setup = game.mapsetup
    if getattr(setup, "name", None) and mission.mapfiles.w3i is None:
        rep.name = f"{setup.name} ({mission.name})"
    for m in game.messages:
        if getattr(m, "player", local) == local:
            rep.timeline.append(TimelineEntry(m.time, "message", m.text))
    for time, kind, data in game.timeline:
        rep.timeline.append(TimelineEntry(time, kind, describe(kind, data), data))
    for e in vm.errors:
        rep.timeline.append(TimelineEntry(e.time, "error", f"{e.kind}: {e.message}"
                                          + (f" at {e.stack[-1]}" if e.stack else "")))
        rep.errors.append(e.to_dict())
    rep.timeline.sort(key=lambda e: e.time)
    rep.warnings = [f"[{t:.2f}s] {w}" for t, w in vm.warnings] + [str(w) for w in game.warnings]
    return rep


def describe(kind: str, data: dict) -> str:
    """One line of text for a timeline entry."""
    d = data
    texts = {
        "quest_created": lambda: f"quest created: {d.get('title')}" + (" (required)" if d.get("required") else " (optional)"),
        "quest_updated": lambda: f"quest updated: {d.get('title')}: {d.get('field')} = {d.get('value')}",
        "quest_completed": lambda: f"quest completed: {d.get('title')}",
        "quest_failed": lambda: f"quest failed: {d.get('title')}",
        "quest_item": lambda: f"quest item of {d.get('quest')}: {d.get('text')}" + (" (done)" if d.get("completed") else ""),
        "dialog_shown": lambda: f"dialog shown to player {d.get('player')}: {d.get('title')} {d.get('buttons')}",
        "dialog_hidden": lambda: f"dialog hidden: {d.get('title')}",
        "dialog_clicked": lambda: f"player {d.get('player')} clicked '{d.get('button')}' in {d.get('title')}",
        "transmission": lambda: f"{d.get('speaker')}: {d.get('text')}",
        "cinematic_mode": lambda: "cinematic mode " + ("on" if d.get("on") else "off"),
        "gamecache_saved": lambda: f"game cache saved: {d.get('name')}",
        "ai_started": lambda: f"AI {d.get('script')} started for player {d.get('player')}" + ("" if d.get("found") else " (script not found)"),
        "victory": lambda: f"victory for player {d.get('player')}",
        "defeat": lambda: f"defeat for player {d.get('player')}" + (f": {d['message']}" if d.get("message") else ""),
        "game_over": lambda: f"game over: {d.get('reason')}",
        "next_level": lambda: f"next level: {d.get('level')}",
        "timer_dialog": lambda: f"timer dialog '{d.get('title')}' " + ("shown" if d.get("shown") else "hidden"),
        "leaderboard": lambda: f"leaderboard '{d.get('title')}' " + ("shown" if d.get("shown") else "hidden"),
    }
    fn = texts.get(kind)
    return fn() if fn else f"{kind}: " + ", ".join(f"{k}={v}" for k, v in d.items())


@dataclass
class Campaign:
    """An ordered list of mission files (from a ``campaign.toml``)."""

    name: str
    missions: list[Path]


def read_campaign(folder: Path) -> Campaign:
    """Read ``folder/campaign.toml``: ``name = "..."`` and ``missions = ["a.j", "b.j"]``."""
    path = folder / "campaign.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise MapError(path, f"cannot read campaign: {err}") from None
    missions = data.get("missions")
    if not isinstance(missions, list) or not missions:
        raise MapError(path, "campaign.toml needs a non-empty 'missions' list")
    return Campaign(str(data.get("name", folder.name)), [folder / str(m) for m in missions])


def is_campaign(path: Path) -> bool:
    """True for a folder holding a ``campaign.toml``."""

    return path.is_dir() and (path / "campaign.toml").is_file()
