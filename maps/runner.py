"""Run maps headless: load, run ``config()`` and ``main()``, simulate game time, report.

``load_mission`` reads a map (archive, folder or bare script), picks the API (``maps.api``),
resolves ``TRIGSTR_n`` strings, and compiles the program; ``run_mission`` plays it until the
mission ends or the time limit is reached (an idle game's clock runs on); ``run_campaign`` plays
missions in order, carrying game caches from one to the next.
"""
from __future__ import annotations

import contextlib
import hashlib
import math
import os
import re
import shutil
import signal
import tempfile
import threading
import time
from dataclasses import field
from pathlib import Path
from typing import Callable

from jassvm import ast
from jassvm.diagnostics import Diagnostic, JassError, Severity
from jassvm.loader import load_program
from jassvm.records import record
from maps.api import ApiSet, find_ai_script, select_api
from maps.errors import MapError
from maps.mapfile import MapFiles, load_map
from natives.objecttypes import ObjectTypes
from natives import markup
from natives.geometry import PathingMap, terrain_of
from natives.session import GameSession, bind_natives, max_players_for
from natives.mapsetup import MAP_RELOADED
from natives.unitdata import rawcode

TYPE_CHECKING = False   # typing.TYPE_CHECKING without the import
if TYPE_CHECKING:
    from maps.doo import Doodads
    from natives.snapshot import SaveFile

# Imported where they are used (issue 17: a run imports only what it needs): natives.snapshot
# (saves, loads and the report's state digest), maps.fdf (frame TOC files, on the script's
# first BlzLoadTOCFile), maps.objectdata (maps with object data), maps.gamedata (--game-data),
# tomllib (campaign folders).

DEMO_CAMPAIGN = Path(__file__).with_name("demo")
_TRIGSTR = re.compile(r"^TRIGSTR_\d+$")
MAX_SAVE_BYTES = 1 << 30
"""Largest save file read (1 GiB), checked before reading."""


@record(slots=False)
class RunOptions:
    """Options of a run. Times are game seconds."""

    api: str | None = None
    until: float = 1800.0
    seed: int = 0
    local_player: int | None = None   # None: the first user slot config() sets up
    sandbox: str | None = None
    step: float = 1.0
    save_at: float | None = None      # write a save at the first safe point at or after this
    save_path: str | None = None      # ... to this file (``write_save_file``)
    max_wall: float | None = None     # stop after this many wall-clock seconds of simulation
    max_ops: int | None = None        # stop once the VM has executed this many JASS ops
    game_data: str | None = None      # the game's extracted tables (maps.gamedata); else JASS_GAME_DATA
    difficulty: int | None = None     # the lobby's game difficulty (0 easy .. 3 insane); None: normal
    digest: bool = True               # put the final state's digest in the report (a full encode)


@record(slots=False)
class Mission:
    """A loaded map ready to run."""

    name: str
    mapfiles: MapFiles
    api: ApiSet
    program: object
    diagnostics: list[Diagnostic] = field(default_factory=list)
    identity: dict = field(default_factory=dict)
    """What a save of this mission must match: sha256 of the API files, of the map script,
    of its string table, of its object data files, and the load mode
    (``natives.snapshot.load_save``)."""
    object_types: ObjectTypes = field(default_factory=ObjectTypes)
    """The map's object data as the model reads it (``natives.objecttypes``)."""
    ai_programs: dict = field(default_factory=dict)
    """AI scripts loaded for this mission (``load_ai_program``), by lower-case file name."""


@record(slots=False)
class TimelineEntry:
    """One line of a run's timeline: game time (seconds), kind (see ``natives.timeline``), and
    text as the game holds it (colour codes and ``|n`` kept; ``plain`` strips them)."""

    time: float
    kind: str
    text: str
    data: dict = field(default_factory=dict)

    @property
    def plain(self) -> str:
        """``text`` without the game's colour codes, ``|n`` as a line break (``natives.markup``)."""
        return markup.strip(self.text)


@record(slots=False)
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
    state_digest: str | None = None   # sha256 of the canonical state at the end of the run
    saved: dict | None = None         # the save written during the run: path, game time
    stopped: str | None = None        # why the run stopped early: max-wall, max-ops, interrupted
    quests: list[dict] = field(default_factory=list)   # quest_states() at the end
    units: dict[int, dict[str, int]] = field(default_factory=dict)   # unit_counts() at the end
    ai: dict[int, dict] = field(default_factory=dict)   # ai_reports() at the end

    def local_outcome(self, local_player: int) -> str | None:
        return self.outcome.get(local_player)

    def to_dict(self) -> dict:
        return {
            "map": self.name, "api": self.api, "local_player": self.local_player,
            "game_time": round(self.game_time, 3),
            "ended": self.ended, "outcome": {str(k): v for k, v in self.outcome.items()},
            "next_level": self.next_level,
            "timeline": [{"time": round(e.time, 3), "kind": e.kind, "text": e.text, "plain": e.plain}
                         for e in self.timeline],
            "errors": self.errors, "warnings": self.warnings[:1000], "threads": self.threads,
            "ops": self.ops, "natives_missing": self.natives_missing,
            "load_warnings": self.load_warnings, "state_digest": self.state_digest,
            "saved": self.saved, "stopped": self.stopped, "quests": self.quests,
            "units": {str(k): v for k, v in self.units.items()},
            "ai": {str(k): v for k, v in self.ai.items()},
        }


def load_mission(path: str | os.PathLike, options: RunOptions) -> Mission:
    """Load a map for running. Raises MapError (bad map/API) or JassError (script refused)."""
    natives = bind_natives()  # natives-only modules are imported on their first call
    mapfiles = load_map(path)
    api = select_api(options.api, mapfiles)
    sources = list(api.sources) + [(mapfiles.script_name if mapfiles.kind != "script"
                                    else str(mapfiles.source), mapfiles.script)]
    if api.origin == "built-in" and needs_blizzard(mapfiles.script):
        raise MapError(mapfiles.source, "the script calls Blizzard.j functions but no API "
                       "folder was given: point --api (or JASS_API) at a folder holding "
                       "common.j and Blizzard.j")
    wts = mapfiles.read("war3map.wts") or b""
    loaded = load_program(sources, natives, transform=lambda files: _resolve_trigstr(files[-1], mapfiles),
                          cache_salt=wts)
    name = mapfiles.w3i.name if mapfiles.w3i and getattr(mapfiles.w3i, "name", "") else _map_label(mapfiles.source)
    name = mapfiles.resolve(name) if name.startswith("TRIGSTR_") else name
    records: list = []
    objects: list[bytes] = []
    if mapfiles.objects:
        from maps.objectdata import FILE_NAMES as OBJECT_FILES, object_records
        objects = [mapfiles.read(n) or b"" for n in OBJECT_FILES]
        records = object_records(mapfiles.objects)
    identity = {"api": _digest(data for _n, data in api.sources), "map_script": _digest([mapfiles.script]),
                "strings": _digest([wts]), "objects": _digest(objects), "mode": "lenient"}
    game_data = options.game_data or os.environ.get("JASS_GAME_DATA")
    game = None
    if game_data:
        from maps.gamedata import GameData
        game = GameData(game_data)
        identity["game_data"] = _digest(path.read_bytes() for path in game.files)
    types = ObjectTypes(records, game.records if game else ())
    return Mission(name, mapfiles, api, loaded.program, loaded.diagnostics, identity, types)


def _digest(parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()


def _map_label(source: Path) -> str:
    """A bare ``war3map.j`` is named after its folder (the absolute one: ``war3map.j`` given
    relative to the working folder has no parent name)."""
    if source.name.lower() != "war3map.j":
        return source.name
    return f"{source.resolve().parent.name}/{source.name}"


def needs_blizzard(script: bytes) -> bool:
    """Whether a map script needs Blizzard.j: World Editor scripts call ``InitBlizzard``;
    without Blizzard.j they cannot load."""
    return b"InitBlizzard" in script or b"BJDebugMsg" in script


def _resolve_trigstr(tree: ast.SourceFile, mapfiles: MapFiles) -> None:
    """The game replaces ``"TRIGSTR_n"`` literals by the map's string table entries."""
    if mapfiles.wts is None:
        return
    for node in ast.iter_nodes(tree):
        if isinstance(node, ast.StrLit) and _TRIGSTR.match(node.value):
            node.value = mapfiles.resolve(node.value)


def _map_reader(game, mapfiles: MapFiles):
    """``mapfiles.read`` for the frame layer: a file that cannot be read is absent, with a
    warning."""
    def read(name: str) -> bytes | None:
        try:
            return mapfiles.read(name)
        except MapError as err:
            game.warn(f"{name}: {err}")
            return None
    return read


def _read_toc(game, mapfiles: MapFiles, path: str):
    """``maps.fdf.read_toc`` of a TOC file of the map (``game.frames.toc_reader``)."""
    from maps.fdf import read_toc
    return read_toc(_map_reader(game, mapfiles), path)


def new_session(mission: Mission, options: RunOptions, sandbox: str) -> GameSession:
    """A game session for ``mission`` with the map's world data applied. ``MapError`` when
    ``options.local_player`` is not a player slot of the map's API."""
    slots = max_players_for(mission.program)
    if options.local_player is not None and not 0 <= options.local_player < slots:
        raise MapError(mission.mapfiles.source, f"local player {options.local_player} is not a player "
                       f"slot of this API (0..{slots - 1})")
    session = GameSession(mission.program, seed=options.seed, local_player=options.local_player or 0,
                          sandbox_dir=sandbox)
    session.identity = mission.identity
    session.meta = {"map": str(mission.mapfiles.source), "api": mission.api.origin, "mission": mission.name}
    game = session.game
    game.ai_resolver = lambda script: find_ai_script(script, mission.api, mission.mapfiles) is not None
    game.ai_loader = lambda script: load_ai_program(mission, script)
    game.string_table = mission.mapfiles.resolve  # GetLocalizedString("TRIGSTR_n")
    game.frames.toc_reader = lambda path: _read_toc(game, mission.mapfiles, path)
    game.object_types = mission.object_types
    for warning in mission.object_types.warnings:
        game.warn(f"object data: {warning}")
    m = mission.mapfiles
    origin = (None, None)
    if m.w3e is not None:
        try:
            game.set_world_bounds(m.w3e.world_bounds())
            terrain_of(game).load(m.w3e)  # ground tiles for GetTerrainType & co.
            origin = tuple(m.w3e.center_offset)
        except Exception as err:  # a map file we cannot use is a warning, not a failure
            game.warn(f"war3map.w3e: {err}")
    if m.wpm is not None and origin[0] is not None:
        # the pathing grid units walk on (natives.orders) and placement reads: its cells
        # start at the terrain's origin
        game.set_world_bounds(game.world_bounds, PathingMap(
            float(origin[0]), float(origin[1]), m.wpm.width, m.wpm.height, bytes(m.wpm.cells)))
    if m.wpm is not None and game.blight is not None:
        try:
            game.blight.seed_from_pathing(m.wpm.width, m.wpm.height, bytes(m.wpm.cells), *origin)
        except ValueError as err:
            game.warn(f"war3map.wpm: {err}")
    if m.doo is not None:
        place_destructables(game, m.doo)
    return session


def place_destructables(game, doo: Doodads) -> None:
    """Create the destructables of ``war3map.doo`` (``Doodads.destructables``: trees,
    crates, pathing blockers...) as the game does when it loads the map, before the script
    runs: in file order, at their point, height, facing (the file's radians as degrees),
    x scale and variation, with the file's percent of the type's life (0: created dead).
    Unknown types get the default row with a warning, as ``CreateDestructable`` does."""
    store = game.units
    for e in doo.destructables():
        d = store.create_destructable(rawcode(e.code), e.x, e.y, e.z, math.degrees(e.angle),
                                      e.scale[0], e.variation, dead=e.life == 0,
                                      skin=rawcode(e.skin) if e.skin else None)
        if 0 < e.life != 100:   # the editor's "life %" (above 100 raises the maximum too)
            d.life = d.max_life * e.life / 100.0
            d.max_life = max(d.max_life, d.life)


def load_ai_program(mission: Mission, script: str) -> tuple[object, str] | None:
    """The compiled AI program of ``script`` for ``mission`` and its digest (sha256 of the
    sources, hex), or None when the script or common.ai is not found (``find_ai_script``:
    the API folder's ``ai/`` and the map). The game runs an AI script over common.j and
    common.ai, without Blizzard.j; the program is compiled once per mission and kept in the
    program cache as the map's is. Raises JassError when the script does not load."""
    key = script.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if key not in mission.ai_programs:
        common_ai = find_ai_script("common.ai", mission.api, mission.mapfiles)
        data = find_ai_script(script, mission.api, mission.mapfiles)
        if common_ai is None or data is None or not mission.api.sources:
            return None
        sources = [mission.api.sources[0], ("common.ai", common_ai), (key, data)]
        program = load_program(sources, bind_natives()).program
        mission.ai_programs[key] = (program, _digest(d for _n, d in sources))
    return mission.ai_programs[key]


def run_mission(mission: Mission, options: RunOptions, *, carry: dict | None = None,
                progress: Callable[[float], None] | None = None,
                session_hook: Callable[[GameSession], None] | None = None,
                resume: SaveFile | None = None,
                interrupt: Callable[[], bool] | None = None) -> tuple[MissionReport, GameSession]:
    """Play ``mission`` until it ends or ``options.until`` is reached (with nothing left to
    happen, the clock goes straight to ``options.until``, as the idle game's would).

    ``carry`` is game cache data from the previous mission of a campaign. ``resume`` is a
    save of this mission (``read_save_file``) to continue from instead of starting the
    script: raises MapError when it belongs to another program or cannot be restored.
    With ``options.save_path``, the whole game is written there at the first safe point
    (between clock steps) at or after ``options.save_at``, or at the end of the run without
    ``save_at``; ``report.saved`` says when (None when the run ended before ``save_at``).

    Budgets: the run stops, with ``report.stopped`` saying why, once ``options.max_wall``
    wall-clock seconds have been spent simulating or the VM has executed ``options.max_ops``
    JASS ops (checked after every scheduler entry: one thread run is bounded by the op limit
    anyway), or on Ctrl-C (``interrupted``, after the scheduler entry under way; a second
    Ctrl-C stops at once): the report then holds the timeline so far.

    ``session_hook(session)`` is called for every new session (the first, before the script
    starts, and one a ``LoadGame`` makes); ``progress(now)`` after every clock step, and
    early when ``interrupt()`` (checked after every scheduler entry) returns true: the run
    then goes on from there (the debugger stops the game in ``progress``).

    Without ``options.sandbox`` the map writes into a temporary folder that is removed when
    the run ends; pass a folder to keep what the map wrote.
    """
    sandbox = options.sandbox or tempfile.mkdtemp(prefix="jass-run-")
    session = new_session(mission, options, sandbox)
    game = session.game
    if session_hook:
        session_hook(session)
    if resume is not None:
        from natives.snapshot import SnapshotError, load_save
        try:
            load_save(session, resume, mission.identity)
        except SnapshotError as err:
            raise MapError(options.save_path or "save", f"cannot load the save: {err}") from None
    else:
        if carry:
            game.gamecache.import_(carry)
        if options.difficulty is not None:
            game.difficulty = options.difficulty   # the lobby's choice, before the script runs
        session.start(after_config=lambda s: _choose_local_player(s, options))
    budget = _Budget(options)
    saved = None
    save_at = options.save_at
    try:
        with _ctrl_c(budget):
            saved = _play(session, mission, options, sandbox, budget, progress, interrupt, session_hook)
    except KeyboardInterrupt:
        budget.reason = "interrupted"
    session = budget.session or session
    if options.save_path and saved is None and budget.reason is None and (
            save_at is None or session.vm.scheduler.now >= save_at):
        saved = _save_now(session, mission, options)   # --save without --save-at: at the end
    report = build_report(budget.mission or mission, session, digest=options.digest)
    report.saved = saved
    report.stopped = budget.reason
    if options.sandbox is None:   # the run's own temporary sandbox: nothing may outlive it
        shutil.rmtree(sandbox, ignore_errors=True)
    return report, session


class _Budget:
    """The run's limits (``RunOptions.max_wall``, ``max_ops``) and, once one is reached,
    ``reason``; ``session``/``mission`` follow a ``LoadGame`` that replaced them."""

    def __init__(self, options: RunOptions) -> None:
        self.deadline = None if options.max_wall is None else time.monotonic() + options.max_wall
        self.max_ops = options.max_ops
        self.reason: str | None = None
        self.session: GameSession | None = None
        self.mission: Mission | None = None

    def spent(self, vm) -> bool:
        if self.reason is None:
            if self.deadline is not None and time.monotonic() >= self.deadline:
                self.reason = "max-wall"
            elif self.max_ops is not None and vm.total_ops >= self.max_ops:
                self.reason = "max-ops"
        return self.reason is not None


@contextlib.contextmanager
def _ctrl_c(budget: _Budget):
    """While the game plays, a first Ctrl-C (SIGINT) sets ``budget.reason`` to
    ``interrupted``: the run stops after the scheduler entry under way, so the report sees a
    settled game. A second one raises KeyboardInterrupt at once. A KeyboardInterrupt raised
    wherever the signal lands could be lost (CPython discards exceptions raised in
    finalizers and weakref callbacks); a flag cannot. Only on the main thread and over
    Python's default handler (a debugger or test harness keeps its own)."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield
        return

    def on_sigint(signum, frame):
        if budget.reason == "interrupted":
            raise KeyboardInterrupt
        budget.reason = "interrupted"

    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _play(session: GameSession, mission: Mission, options: RunOptions, sandbox: str,
          budget: _Budget, progress, interrupt=None, session_hook=None) -> dict | None:
    """The clock loop of ``run_mission``; the save written, if any."""
    game, vm = session.game, session.vm
    ended = lambda: bool(game.ended)
    if budget.deadline is None and budget.max_ops is None and interrupt is None:
        # (no limit to look at: asked after every scheduler entry; ``reason`` is Ctrl-C's)
        stop = lambda: game.ended or game.saves.load_request is not None or budget.reason is not None
    else:
        stop = lambda: (bool(game.ended) or game.saves.load_request is not None or budget.spent(vm)
                        or (interrupt is not None and interrupt()))
    saved = None
    save_at = options.save_at
    while not ended() and vm.scheduler.now < options.until and not budget.spent(vm):
        now = vm.scheduler.now
        if save_at is not None and saved is None and now >= save_at:
            saved = _save_now(session, mission, options)
        if vm.scheduler.next_due() is None:
            target = options.until   # nothing left to happen: game time still passes, at once
        else:
            # clock steps stay on the grid of ``step`` from time 0, whether the run was resumed
            # or stopped at the save point, so a resumed run repeats an uninterrupted one
            target = min(options.until, (math.floor(now / options.step + 1e-9) + 1) * options.step)
        if save_at is not None and saved is None and now < save_at < target:
            target = save_at
        vm.run_until(target, stop=stop)
        if game.saves.load_request is not None:   # LoadGame: the game goes on from the save
            session, mission = _load_requested(session, mission, options, sandbox)
            budget.session, budget.mission = session, mission
            game, vm = session.game, session.vm
            if session_hook:
                session_hook(session)
        if progress:
            progress(vm.scheduler.now)
    return saved


def _load_requested(session: GameSession, mission: Mission, options: RunOptions,
                    sandbox: str) -> tuple[GameSession, Mission]:
    """Carry out the script's ``LoadGame`` (seed 004): read the named save from the sandbox,
    restore it into a fresh session (of the save's own map when it is another one, as a
    campaign run does), then fire ``EVENT_GAME_LOADED`` with ``MAP_RELOADED`` set while it
    runs. On any failure the running session goes on, with a warning, and no event fires."""
    from natives.snapshot import SnapshotError, load_save, read_save
    game = session.game
    request, game.saves.load_request = game.saves.load_request, None
    name = request["name"]
    parts = game.saves.parts(name, file=True)
    data = game.saves.read(parts) if parts is not None else None
    try:
        if data is None:
            raise SnapshotError("the save cannot be read")
        save = read_save(data)
        target = mission
        if save.identity != mission.identity:
            other = save.header["meta"].get("map")
            if not isinstance(other, str):
                raise SnapshotError("the save belongs to another map and does not name it")
            target = load_mission(other, options)
        fresh = new_session(target, options, sandbox)
        load_save(fresh, save, target.identity)
    except (SnapshotError, MapError, JassError) as err:
        game.warn(f"LoadGame({name!r}) failed, the game goes on: {err}")
        return session, mission
    setup = fresh.game.mapsetup
    was = setup.flag(MAP_RELOADED)
    setup.set_flag(MAP_RELOADED, True)
    try:
        fresh.game.events.fire_game_loaded(name)
    finally:
        setup.set_flag(MAP_RELOADED, was)
    fresh.game.record("game_loaded", name=name)
    return fresh, target


def _save_now(session: GameSession, mission: Mission, options: RunOptions) -> dict:
    """Write the save file of ``options.save_path`` now; its path and game time."""
    from natives.snapshot import SnapshotError
    try:
        data = session.save_bytes()
    except SnapshotError as err:
        raise MapError(options.save_path, f"cannot save: {err}") from None
    write_save_file(options.save_path, data)
    return {"path": options.save_path, "game_time": round(session.vm.scheduler.now, 3)}


def write_save_file(path: str | os.PathLike, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (a temporary file in the same folder, then a
    rename). Raises MapError when the file cannot be written."""
    target = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as err:
        raise MapError(path, f"cannot write the save: {err.strerror or err}") from None


def read_save_file(path: str | os.PathLike) -> SaveFile:
    """Read and check a save file (``natives.snapshot.read_save``). Raises MapError with the
    reason for a missing, unreadable, truncated, corrupted or other-version file."""
    from natives.snapshot import SnapshotError, read_save
    target = Path(path)
    try:
        if not target.is_file():
            raise MapError(path, "no such save file" if not target.exists() else "not a regular file")
        size = target.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise MapError(path, f"save file of {size} bytes is larger than the limit of {MAX_SAVE_BYTES}")
        data = target.read_bytes()
    except OSError as err:
        raise MapError(path, f"cannot read the save: {err.strerror or err}") from None
    try:
        return read_save(data)
    except SnapshotError as err:
        raise MapError(path, str(err)) from None


def _choose_local_player(session: GameSession, options: RunOptions) -> None:
    """Campaign maps: the local player is the user slot ``config()`` declares, unless given."""
    pid = options.local_player
    if pid is None:
        pid = session.first_user_player()
    session.set_local_player(pid if pid is not None else 0)


def build_report(mission: Mission, session: GameSession, digest: bool = True) -> MissionReport:
    """Collect the timeline, outcome and counters of a session; with ``digest``, the final
    ``state_digest`` too (it encodes the whole state: a tenth of a ten-minute mission's run)."""
    game, vm = session.game, session.vm
    rep = MissionReport(mission.name, mission.api.origin, game_time=vm.scheduler.now,
                        ended=bool(game.ended), threads=vm.threads_started,
                        ops=vm.total_ops, natives_missing=dict(vm.missing_called),
                        load_warnings=sum(1 for d in mission.diagnostics if d.severity is Severity.WARNING))
    outcome = game.outcome or {}
    rep.outcome = {int(k): str(v) for k, v in outcome.items() if v}
    rep.next_level = game.next_level
    rep.local_player = game.local_player_id
    setup = game.mapsetup
    if getattr(setup, "name", None) and mission.mapfiles.w3i is None:
        rep.name = f"{setup.name} ({mission.name})"
    rep.timeline = timeline_entries(session)
    rep.quests = quest_states(game)
    rep.units = unit_counts(game)
    rep.ai = ai_reports(game)
    rep.errors = [e.to_dict() for e in vm.errors]
    rep.warnings = [f"[{t:.2f}s] {w}" for t, w in vm.warnings] + [str(w) for w in game.warnings]
    if digest and vm.current is None:
        from natives.snapshot import SnapshotError, state_digest
        try:
            rep.state_digest = state_digest(session)
        except SnapshotError as err:
            rep.warnings.append(f"no state digest: {err}")
    return rep


def timeline_entries(session: GameSession) -> list[TimelineEntry]:
    """The session's timeline in game-time order: the messages the local player saw, the
    model's timeline (quests, dialogs, transmissions, outcome...) and runtime errors."""
    return TimelineFollower(session).new()


class TimelineFollower:
    """The timeline of a running session as it grows (``jass run -v`` prints it live):
    ``new()`` returns the entries added since the last call, in game-time order, as
    ``timeline_entries`` would list them."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self._seen = [0, 0, 0]   # messages, model timeline, runtime errors

    def new(self) -> list[TimelineEntry]:
        """Timeline entries added since the last call, in game-time order: the local
        player's messages, the model timeline, runtime errors."""
        game, vm = self.session.game, self.session.vm
        local = game.local_player_id
        m0, t0, e0 = self._seen
        out = [TimelineEntry(m.time, "message", m.text) for m in game.messages[m0:]
               if getattr(m, "player", local) == local]
        out += [TimelineEntry(at, kind, describe(kind, data), data) for at, kind, data in game.timeline[t0:]]
        out += [TimelineEntry(e.time, "error", f"{e.kind}: {e.message}" + (f" at {e.stack[-1]}" if e.stack else ""))
                for e in vm.errors[e0:]]
        self._seen = [len(game.messages), len(game.timeline), len(vm.errors)]
        out.sort(key=lambda e: e.time)
        return out


def quest_states(game) -> list[dict]:
    """The quests in the quest menu, in creation order: ``title`` (raw, with colour codes),
    ``state`` (``open``, ``completed`` or ``failed``), ``required``, ``discovered``."""
    out = []
    for q in game.quests:
        if q.visible and not q.destroyed:
            state = "failed" if q.failed else "completed" if q.completed else "open"
            out.append({"title": q.title, "state": state, "required": bool(q.required),
                        "discovered": bool(q.discovered)})
    return out


def unit_counts(game) -> dict[int, dict[str, int]]:
    """Live units (not removed, alive) per owner id and type rawcode, sorted: what the map
    placed and what is left (the difficulty changes what World Editor maps place)."""
    out: dict[int, dict[str, int]] = {}
    for u in game.units.live_units():
        if u.alive:
            row = out.setdefault(u.owner.id, {})
            row[u.utype.rawcode] = row.get(u.utype.rawcode, 0) + 1
    return {pid: dict(sorted(row.items())) for pid, row in sorted(out.items())}


def ai_reports(game) -> dict[int, dict]:
    """Per AI player (``natives.ai``): script, kind, status, the crash records and missing
    natives of its VM, threads started and JASS ops executed; sorted by player id."""
    out: dict[int, dict] = {}
    for pid, entry in sorted(game.ai.players.items()):
        if entry.script is None:
            continue
        vm = game.ai.vms.get(pid)
        out[pid] = {"script": entry.script, "kind": entry.kind, "status": entry.status,
                    "errors": [e.to_dict() for e in vm.errors] if vm else [],
                    "natives_missing": dict(vm.missing_called) if vm else {},
                    "threads": vm.threads_started if vm else 0, "ops": vm.total_ops if vm else 0}
    return out


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
        "ai_failed": lambda: f"AI {d.get('script')} of player {d.get('player')} does not load: {d.get('message')}",
        "ai_crashed": lambda: (f"AI {d.get('script')} of player {d.get('player')}: {d.get('crash')}: {d.get('message')}"
                               + (f" in {d['function']}" if d.get("function") else "")),
        "victory": lambda: f"victory for player {d.get('player')}",
        "defeat": lambda: f"defeat for player {d.get('player')}" + (f": {d['message']}" if d.get("message") else ""),
        "game_over": lambda: f"game over: {d.get('reason')}",
        "next_level": lambda: f"next level: {d.get('level')}",
        "timer_dialog": lambda: f"timer dialog '{d.get('title')}' " + ("shown" if d.get("shown") else "hidden"),
        "leaderboard": lambda: f"leaderboard '{d.get('title')}' " + ("shown" if d.get("shown") else "hidden"),
    }
    fn = texts.get(kind)
    return fn() if fn else f"{kind}: " + ", ".join(f"{k}={v}" for k, v in d.items())


@record(slots=False)
class Campaign:
    """An ordered list of mission files (from a ``campaign.toml``)."""

    name: str
    missions: list[Path]


def read_campaign(folder: Path) -> Campaign:
    """Read ``folder/campaign.toml``: ``name = "..."`` and ``missions = ["a.j", "b.j"]``."""
    import tomllib
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
