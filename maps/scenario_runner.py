"""Running scenarios: ``JassGame`` drives a mission the way a player and the world would;
``run_scenario`` plays a ``*.scenario.yaml`` file through it (issue #6).

Everything here is measured in **game seconds** (``JassGame.now`` is the current mission's
clock, ``JassGame.elapsed`` the game time of all missions played so far).

Injection goes through the game-state model, never through trigger actions, and every
change of the model is a model method: a kill is ``UnitStore.kill_unit``, entering a rect is
moving the unit in the model (``move_unit``), damage ``damage_unit``, a selection
``select_unit``, an item use ``use_item`` (the charge spent there), a skill ``learn_skill``,
building ``start_construction`` / ``finish_construction``, buying ``sell_unit`` /
``sell_item``, the lobby's slot choices ``Players.override_slot``, a ``set`` step
``natives.handles.write_global`` (handle reference counts kept as the script's own stores
keep them), a dialog click ``natives.dialogs.click``, a player leaving
``natives.mission.player_quit``; pure input (chat, keys, attacks, casts, command buttons,
DzAPI input) is the model events (``natives.modelevents``) the event layer turns into JASS
events (``PlayerChat``, ``Spell``, ...). Event-driven trigger
runs are queued on a 0-delay scheduler entry (seed 004), so after each injection the runner
lets the clock process what is due *now* (no game time passes): the triggers an injection
fires have run when the next step starts.

Trigger activity: ``TriggerLog`` subscribes to the session VM's ``thread_started`` hook
(``jassvm.hooks``; for that session only) and records every thread of kind ``action`` -- each trigger run,
whether an event dispatched it or ``TriggerExecute`` started it -- with the game time, the
trigger (``response.trigger``, a ``natives.response.Response``) and its first action
function. "Fired N times" counts those runs. A trigger without actions starts no thread and
never counts as fired.

Saves (``save``/``restore``, ``save_slot``/``load_slot`` for the ``save:``/``load:`` steps,
``save_game`` for ``save_game:``, ``reload`` for ``--jass-reload-each-step``, ``from_save``
in ``run_scenario``): a snapshot is ``natives.snapshot.write_save`` of the session and
changes nothing in the game; a load restores into a fresh session (``natives.snapshot.
load_save``) and only then replaces the running one, so a failed load leaves the game as it
was. The harness keeps, beside the session, a record of what it saw (trigger runs, runtime
errors, missions and their counters): a save written by this JassGame carries that record in
memory, and loading it rewinds the record with the game (see ``JassGame.restore``); the
per-session instrumentation (``TriggerLog``, the runtime-error hook) is installed on every
new session.
"""
from __future__ import annotations

import dataclasses
import difflib
import hashlib
import math
import os
import re
import shutil
import tempfile
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from pydantic import BaseModel, TypeAdapter, ValidationError

from maps import scenario as S
from maps.scenario import LoadedScenario, describe, format_duration, parse_duration
from natives import markup
from natives.abilities import SpellTarget, resolve
from natives.events import SPELL_PHASES
from natives.handles import write_global
from natives.orders import Order
from natives.pending import pending_timers, periodic_triggers, script_names, waiting_threads
from natives.frames import FRAME_EVENTS, shown
from natives.modelevents import (CommandButton, DzKey, DzMouse, DzMouseMove, DzMouseWheel,
                                 DzWindowResize, FrameInput, PlayerChat, PlayerEndCinematic,
                                 PlayerKey, PlayerMouse, PlayerOsKey, Spell, TrackableInput,
                                 UnitAttacked)
from natives.sandbox import check_name
from natives.unitdata import rawcode_str

__all__ = ["JassGame", "ScenarioFailure", "ScenarioResult", "TriggerLog", "TriggerRun",
           "run_scenario", "format_failure"]

LAST_TRIGGERS = 10
"""Trigger runs shown in a failure report."""

CAST_STEP_LIMIT = 60.0
"""Game seconds a ``cast`` step waits at most for an ordered cast to end."""

LAST_TIMELINE = 12
"""Timeline entries shown in a failure report (the whole timeline goes to a file)."""

LAST_TIMERS = 10
"""Running timers shown in a failure report."""

_CONTROLLERS = {"user": 0, "computer": 1, "rescuable": 2, "neutral": 3, "creep": 4, "none": 5}
_RACES = {"human": 1, "orc": 2, "undead": 3, "nightelf": 4}   # common.j RACE_* values
_ELEMENT = re.compile(r"^(?P<name>[A-Za-z_]\w*)\s*\[\s*(?P<index>\d+)\s*\]$")


# ---------------------------------------------------------------------------------------
# Failures and results
# ---------------------------------------------------------------------------------------

class ScenarioFailure(AssertionError):
    """A scenario that did not hold (or could not go on).

    Attributes:
        message: what went wrong (the failed expectation and what was found instead).
        what: the step or expectation as written (YAML flow text), or None.
        line: its line in the scenario file, or None.
        column: its column (1-based), or None.
        game_time: the current mission's clock when it failed (game seconds).
        elapsed: game time of all missions played (game seconds).
        state: ``JassGame.where()``: mission, outcome, last trigger runs (periodic
            triggers as counts), threads waiting and on what, timers, runtime errors, recent
            timeline.
        timeline: ``JassGame.full_timeline()`` when ``run_scenario`` failed, else None.
        timeline_file: the file the pytest plugin wrote ``timeline`` to, or None.
        recording_file: the recording of the run the pytest plugin wrote, or None.
    """

    def __init__(self, message: str, *, what: str | None = None, line: int | None = None,
                 game_time: float = 0.0, elapsed: float = 0.0, state: dict | None = None,
                 file: str | None = None, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.what = what
        self.line = line
        self.column = column
        self.game_time = game_time
        self.elapsed = elapsed
        self.state = state or {}
        self.file = file
        self.timeline: list[str] | None = None   # JassGame.full_timeline() at the failure
        self.timeline_file: str | None = None    # where the plugin wrote it
        self.recording_file: str | None = None   # the run's recording (maps.recording), ditto

    def __str__(self) -> str:
        return format_failure(self)


class _Problem(Exception):
    """Raised inside JassGame for a step or condition that cannot be carried out; the
    outermost public method turns it into a ScenarioFailure with the game's state."""


def _api(method):
    """Public JassGame methods raise ScenarioFailure (with ``where()``), not _Problem."""
    import functools

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        self._depth += 1
        try:
            return method(self, *args, **kwargs)
        except _Problem as p:
            if self._depth == 1:
                raise self.failure(str(p)) from None
            raise
        finally:
            self._depth -= 1
    return wrapper


@dataclass
class TriggerRun:
    """One trigger run: game time (seconds), mission index (0-based), the trigger's script
    name (its global, e.g. ``gg_trg_Intro``) and its first action function."""

    time: float
    mission: int
    trigger: str
    function: str
    handle: Any = field(default=None, repr=False, compare=False)

    def format(self) -> str:
        return f"{self.time:9.2f}s  {self.trigger}" + (
            f" ({self.function})" if self.function and self.function not in self.trigger else "")


@dataclass
class ScenarioResult:
    """The outcome of ``run_scenario``: ``failure`` is None when every step and expectation
    held. ``facts`` (map, game_time, outcome, ops, threads, missions, runtime_errors, seed)
    go to JUnit properties."""

    name: str
    failure: ScenarioFailure | None
    facts: dict[str, Any]
    missions: list[tuple[Any, list[TriggerRun]]] = field(default_factory=list)
    """``JassGame.mission_reports()`` when ``run_scenario`` was asked to keep them."""

    @property
    def passed(self) -> bool:
        return self.failure is None


# ---------------------------------------------------------------------------------------
# Trigger activity
# ---------------------------------------------------------------------------------------

class TriggerLog:
    """Every trigger run of every mission of a ``JassGame`` (see the module docstring)."""

    def __init__(self) -> None:
        self.runs: list[TriggerRun] = []
        self._names: dict[int, str] = {}
        self._by_trigger: dict[tuple[int, int], list[TriggerRun]] = {}
        self._indexed = 0
        self._indexed_list: list[TriggerRun] | None = None

    def install(self, game: "JassGame") -> None:
        """Record the action threads of ``game``'s current session as they start (a
        ``thread_started`` hook subscriber of its VM)."""
        self._names = {}
        game.vm.hooks.add(_TriggerRecorder(self, game, game.mission_index))

    def name_of(self, game: "JassGame", trig: Any, first: str = "") -> str:
        """The script's name of a trigger: the global (or array element) holding it, the
        World Editor's ``gg_trg_`` name first (``natives.pending.script_names``)."""
        if trig is None:
            return first or "<no trigger>"
        key = id(trig)
        name = self._names.get(key)
        if name is None:
            name = script_names(game.vm, "trigger").get(key)
            if name is None:
                return f"<trigger {getattr(trig, 'handle_id', '?')}>"
            self._names[key] = name
        return name

    def of_mission(self, mission: int) -> list[TriggerRun]:
        return [r for r in self.runs if r.mission == mission]

    def of_trigger(self, trig: Any, mission: int) -> list[TriggerRun]:
        """The runs of the trigger object ``trig`` in ``mission``, from an index kept up to
        date with ``runs`` (rebuilt when a load replaced the list): a wait on a trigger
        costs the same however many runs other triggers made."""
        if self._indexed_list is not self.runs or self._indexed > len(self.runs):
            self._by_trigger, self._indexed, self._indexed_list = {}, 0, self.runs
        index = self._by_trigger
        for r in self.runs[self._indexed:]:
            if r.handle is not None:
                index.setdefault((r.mission, id(r.handle)), []).append(r)
        self._indexed = len(self.runs)
        found = index.get((mission, id(trig)), [])
        return [r for r in found if r.handle is trig]


class _TriggerRecorder:
    """The hook subscriber of one session: each action thread is a trigger run."""

    def __init__(self, log: TriggerLog, game: "JassGame", mission: int) -> None:
        self.log, self.game, self.mission = log, game, mission

    def thread_started(self, th) -> None:
        if th.kind == "action":
            trig = getattr(th.response, "trigger", None)
            first = th.actions[0].name if th.actions else ""
            self.log.runs.append(TriggerRun(self.game.vm.scheduler.now, self.mission,
                                            self.log.name_of(self.game, trig, first), first, trig))


class _ErrorRecorder:
    """The hook subscriber that collects a session's runtime errors for one mission index."""

    def __init__(self, errors: list, mission: int) -> None:
        self.errors, self.mission = errors, mission

    def thread_crashed(self, th, record) -> None:
        self.errors.append((self.mission, record))


# ---------------------------------------------------------------------------------------
# Saves
# ---------------------------------------------------------------------------------------

_SLOT_SUFFIX = ".jsav"
"""File suffix of the save slots of ``save:`` / ``load:`` (in a JassGame's own folder)."""


@dataclass
class _Record:
    """What a JassGame knew when it wrote a save: restored with the save (``restore``).
    ``runs`` pairs each trigger run with the handle id of its trigger when that trigger was
    in the handle table at the save (so the restored trigger takes its place)."""

    mission: Any
    mission_index: int
    missions: list[str]
    elapsed_before: float
    ops_before: int
    threads_before: int
    runs: list[tuple["TriggerRun", int | None]]
    errors: list[tuple[int, Any]]
    game_time: float
    last_built: int | None = None
    last_bought: int | None = None


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _handle_id_in(table, obj) -> int | None:
    """``obj``'s handle id when the handle table holds it (live or referenced), else None."""
    hid = getattr(obj, "handle_id", 0)
    return hid if hid and table.get(hid) is obj else None


def _is_save_file(path: Path) -> bool:
    """Whether ``path`` is a regular file starting as a jassvm save does."""
    from natives.snapshot import SAVE_MAGIC
    try:
        if not path.is_file():
            return False
        with open(path, "rb") as fh:
            return fh.read(len(SAVE_MAGIC)) == SAVE_MAGIC
    except OSError:
        return False


# ---------------------------------------------------------------------------------------
# Places
# ---------------------------------------------------------------------------------------

@dataclass
class _Place:
    """Where a unit can be sent and what "in" means: ``contains(x, y)``; ``point`` is a
    point inside (world units)."""

    label: str
    point: tuple[float, float]
    contains: Callable[[float, float], bool]


# ---------------------------------------------------------------------------------------
# The driver
# ---------------------------------------------------------------------------------------

MISSION_CACHE_SIZE = 8
"""Compiled missions kept per process (most recently used), so scenarios of the same maps
do not load and check them again."""

_MISSIONS: "OrderedDict[tuple, Any]" = OrderedDict()


def _load_mission(path: Path, api: str | None):
    """``maps.runner.load_mission`` with a per-process cache (same file, mtime and API)."""
    from natives.session import load_natives
    from maps.runner import RunOptions, load_mission
    load_natives()  # the built-in API is generated from the registry: fill it first
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = None
    import jassvm.compiler
    # the runtime's module identity too: a program compiled by a reloaded runtime (pytester
    # in-process runs restore sys.modules) must not be reused
    key = (str(path.resolve()), stamp, api, os.environ.get("JASS_API"), id(jassvm.compiler))
    mission = _MISSIONS.get(key)
    if mission is None:
        mission = load_mission(path, RunOptions(api=api))
        _MISSIONS[key] = mission
        while len(_MISSIONS) > MISSION_CACHE_SIZE:
            _MISSIONS.popitem(last=False)
    else:
        _MISSIONS.move_to_end(key)
    return mission


class JassGame:
    """Drive one mission (or a campaign of missions) headless, as a scenario does.

    Args:
        api: API folder (common.j/Blizzard.j) for every mission; None: ``JASS_API``, the
            map's own files, or the built-in API (``maps.api``).
        seed: random seed of the game model and ``GetRandom*``.
        local_player: the player ``GetLocalPlayer`` returns; None (the default): the first
            slot ``config()`` gives to a user, else 0 (as ``jass run`` chooses).
        players: slot overrides ``{player id: SlotOverride or dict}`` applied after
            ``config()`` and before ``main()``.
        difficulty: game difficulty (0 easy, 1 normal, 2 hard, 3 insane) or None.
        budget: game seconds all missions together may simulate (None: no limit).
        max_wall: wall-clock seconds the clock may run in all (None: no limit), a harness
            limit for runaway maps: past it the running step fails.
        base: folder relative map paths resolve against.

    Use ``load(map)``, then ``advance``, ``run_until``, injections (``kill``, ``move``,
    ``click``, ``chat``...), and read ``globals``, ``unit(...)``, ``check(...)``.
    """

    def __init__(self, *, api: str | os.PathLike | None = None, seed: int = 0,
                 local_player: int | None = None, players: Mapping[int, Any] | None = None,
                 difficulty: int | None = None, budget: float | None = None,
                 max_wall: float | None = None, base: str | os.PathLike | None = None):
        self.api = str(api) if api is not None else None
        self.seed = seed
        self.local_player = local_player
        self.players = {int(k): (v if isinstance(v, S.SlotOverride) else S.SlotOverride.model_validate(v))
                        for k, v in (players or {}).items()}
        self.difficulty = difficulty
        self.budget = budget
        self.max_wall = max_wall
        self.wall_spent = 0.0          # wall-clock seconds the clock has run (max_wall)
        self.base = Path(base) if base is not None else Path.cwd()
        self.sandbox = tempfile.mkdtemp(prefix="jass-scenario-")
        self.session = None
        self.session_hooks: list[Callable[["JassGame"], None]] = []   # run for every new session
        self.mission = None
        self.mission_index = -1
        self.missions: list[str] = []
        self.elapsed_before = 0.0
        self.triggers = TriggerLog()
        self.errors: list[tuple[int, Any]] = []      # (mission index, RuntimeErrorRecord)
        self.ops_before = 0
        self.threads_before = 0
        self.spent_before = 0.0      # game time simulated before the current segment
        self.segment_start = 0.0     # the mission clock when the current segment began
        self.loads: list[str] = []   # what save/load did, for failure reports
        self._finished_timelines: list[str] = []   # full_timeline() of the missions before
        self.model_changes = 0       # model events published so far (_change_key)
        self.keep_reports = False    # keep each mission's report when it ends (mission_reports)
        self._finished_reports: list[tuple[Any, list[TriggerRun]]] = []
        self._saves_dir: str | None = None
        self._records: dict[tuple[str, str], _Record] = {}
        self._handle_slots: dict[str, list] = {}
        self._depth = 0
        self.last_built = None
        self.last_bought = None

    # -- lifecycle ----------------------------------------------------------------------
    @_api
    def load(self, map_path: str | os.PathLike, *, api: str | os.PathLike | None = None,
             seed: int | None = None, local_player: int | None = None,
             carry: dict | None = None, map: str | os.PathLike | None = None) -> "JassGame":
        """Load ``map_path`` (archive, folder or bare ``.j``; relative to ``base``, like
        ``api``), start it
        (globals, ``config()``, slot overrides, ``main()``) and return self. ``carry`` is a
        game cache export of a previous mission (``GameCacheStore.export``).

        ``map_path`` may also be a save file (``save()``, ``jass run --save``; told by its
        first bytes, never by its name): the game is then replaced by one restored from it
        (see ``restore``), into a fresh session of the map it belongs to -- the mission it
        was saved in when this JassGame wrote it, else ``map``, else the current mission."""
        path = self._path(map_path)
        if _is_save_file(path):
            return self.restore(path, map=map)
        from maps.errors import MapError
        from maps.runner import RunOptions, new_session
        if api is not None:
            self.api = str(api)
        if self.api is not None and not Path(self.api).is_absolute():
            self.api = str(self.base / self.api)
        if seed is not None:
            self.seed = seed
        if local_player is not None:
            self.local_player = local_player
        mission = self._mission_of(path)
        if self.session is not None:
            self._close_mission()
        options = RunOptions(api=self.api, seed=self.seed, local_player=self.local_player,
                             sandbox=self.sandbox)
        try:
            session = new_session(mission, options, self.sandbox)
        except MapError as err:   # a local player the map's API has no slot for
            raise _Problem(str(err)) from None
        self.mission = mission
        self.mission_index += 1
        self.missions.append(mission.name)
        self.session = session
        self.segment_start = 0.0
        game = self.session.game
        self._handle_slots = {}
        if carry and game.gamecache is not None:
            game.gamecache.import_(carry)
        if self.difficulty is not None:
            game.difficulty = self.difficulty   # the lobby's choice, before the script runs
        self._attach()
        self.session.start(after_config=lambda session: self._lobby())
        self.settle()
        return self

    def _path(self, path: str | os.PathLike) -> Path:
        p = Path(path)
        return p if p.is_absolute() else self.base / p

    def _mission_of(self, path: Path):
        """The loaded and compiled map at ``path`` (``_load_mission``); _Problem when it is
        not a map or does not load."""
        from maps.errors import MapError
        from jassvm.diagnostics import JassError
        why = S.map_path_problem(path)
        if why is not None:
            raise _Problem(f"cannot load map: {path} {why}")
        try:
            return _load_mission(path, self.api)
        except MapError as err:
            raise _Problem(f"cannot load map: {err}") from None
        except JassError as err:
            raise _Problem(f"the game refuses the script of {path.name}:\n{err}") from None

    def _attach(self) -> None:
        """Install the per-session instrumentation on the current session's VM: runtime
        errors into ``errors``, trigger runs into ``triggers`` (both for the current mission
        index). Done for every new session, whether started or restored."""
        self.vm.hooks.add(_ErrorRecorder(self.errors, self.mission_index))
        self.triggers.install(self)
        self.game.subscribers.append(self._count_change)
        for hook in self.session_hooks:
            hook(self)

    def _count_change(self, event) -> None:
        """Every model event (``natives.modelevents``) counts as a change (``_change_key``)."""
        self.model_changes += 1

    def _lobby(self) -> None:
        """Between ``config()`` and ``main()``: choose the local player, apply overrides."""
        session = self.session
        pid = self.local_player
        if pid is None:
            pid = session.first_user_player()
        session.set_local_player(pid if pid is not None else 0)
        self.apply_slot_overrides()

    @property
    def local(self) -> int:
        """Id of the local player of the current mission (``GetLocalPlayer``)."""
        return self.game.local_player_id

    def apply_slot_overrides(self) -> None:
        """Apply ``players`` overrides to the model (the lobby's choices)."""
        game = self.game
        for pid, o in self.players.items():
            try:
                game.players.override_slot(
                    pid, controller=_CONTROLLERS[o.controller] if o.controller is not None else None,
                    human=o.human, name=o.name, team=o.team,
                    race=_RACES[o.race] if o.race is not None else None)
            except ValueError:
                raise _Problem(f"players: no player {pid} in this map "
                               f"(0..{game.players.max_players - 1})") from None

    @_api
    def next_mission(self, map_path: str | os.PathLike) -> "JassGame":
        """Continue with ``map_path``, carrying the game caches the script saved
        (``SaveGameCache``; S138: nothing else carries over)."""
        carry = None
        if self.session is not None and self.game.gamecache is not None:
            carry = self.game.gamecache.export()
        return self.load(map_path, carry=carry)

    def _close_mission(self) -> None:
        self._finished_timelines += self._mission_timeline()
        if self.keep_reports:
            self._finished_reports.append(self._mission_report())
        self.elapsed_before += self.now
        self.spent_before += self.now - self.segment_start
        self.ops_before += self.vm.total_ops
        self.threads_before += self.vm.threads_started

    def close(self) -> None:
        """Forget the session and remove the sandbox folder (game cache files, saved games)
        and the folder of save slots."""
        self.session = None
        shutil.rmtree(self.sandbox, ignore_errors=True)
        if self._saves_dir is not None:
            shutil.rmtree(self._saves_dir, ignore_errors=True)

    # -- saving and loading ---------------------------------------------------------------
    @_api
    def save(self, path: str | os.PathLike) -> Path:
        """Snapshot the whole game into the save file ``path`` (relative to ``base``;
        written atomically) and return its path. Nothing in the game changes: no JASS runs,
        no event fires (``natives.snapshot``). ``load(path)`` / ``restore(path)`` go back to
        it; ``jass run --load`` plays it on."""
        from maps.errors import MapError
        from maps.runner import write_save_file
        from natives.snapshot import read_save
        target = self._path(path)
        data, record = self._snapshot()
        try:
            write_save_file(target, data)
        except MapError as err:
            raise _Problem(f"cannot save: {err}") from None
        self._records[(str(target.resolve()), _digest(read_save(data).body))] = record
        self.loads.append(f"{self.now:9.2f}s  saved {target.name}")
        return target

    @_api
    def restore(self, path: str | os.PathLike, *, map: str | os.PathLike | None = None) -> "JassGame":
        """Replace the game by one restored from the save file ``path`` (relative to
        ``base``) into a fresh session, all or nothing: when the file cannot be read, belongs
        to another map or API, or cannot be restored, the running game is kept untouched
        and ScenarioFailure names the file and the reason.

        The program is the mission the save was made in when this JassGame wrote it
        (``save``, ``save_slot``), else ``map`` (a map path), else the current mission; its
        identity (API, map script, strings) must match the save's. No JASS runs and no event
        fires: the game is exactly as saved (``EVENT_GAME_LOADED`` is for ``LoadGame``).

        What is rewound and what is kept: the game (clock, units, triggers, the game's own
        timeline, messages and crash records) is the save's. For a save this JassGame wrote,
        its records are rewound to the save point too -- trigger runs, runtime errors,
        missions played and their counters; ``next_mission`` goes on from the save's
        mission. A save from elsewhere (``jass run --save``) starts a new mission entry:
        trigger runs count from the restore, runtime errors are the save's own. The budget
        counts game time simulated whatever a load rewinds. Files the map wrote in the sandbox
        travel in the save, but a restore writes back only those missing (``natives.snapshot``):
        the sandbox is this JassGame's, so its files (game caches, saved games) stay as they
        are."""
        from maps.errors import MapError
        from maps.runner import read_save_file
        source = self._path(path)
        try:
            save = read_save_file(source)
        except MapError as err:
            raise _Problem(f"cannot load {source}: {err.reason}") from None
        record = self._records.get((str(source.resolve()), _digest(save.body)))
        if record is not None:
            mission = record.mission
        elif map is not None:
            mission = self._mission_of(self._path(map))
        elif self.mission is not None:
            mission = self.mission
        else:
            raise _Problem(f"cannot load {source}: no map loaded; load the map the save "
                           "belongs to first, or give it (map=...)")
        self._restore(save, mission, record, str(source))
        return self

    @_api
    def save_slot(self, name: str) -> Path:
        """``save: NAME``: snapshot the game into the save slot ``name`` (a file in this
        JassGame's own folder of saves, removed by ``close``); see ``save``."""
        return self.save(self._slot(name))

    @_api
    def load_slot(self, name: str) -> "JassGame":
        """``load: NAME``: restore the save slot ``name`` (see ``restore``)."""
        path = self._slot(name)
        if not path.is_file():
            slots = sorted(p.name.removesuffix(_SLOT_SUFFIX) for p in path.parent.glob("*" + _SLOT_SUFFIX))
            raise _Problem(f"no save named {name!r} (saves: {', '.join(slots) or 'none'})")
        return self.restore(path)

    def _slot(self, name: str) -> Path:
        why = check_name(name, "save name")
        if why is not None:
            raise _Problem(f"bad save name {name!r}: {why}")
        if self._saves_dir is None:
            self._saves_dir = tempfile.mkdtemp(prefix="jass-saves-")
        return Path(self._saves_dir) / (name + _SLOT_SUFFIX)

    @_api
    def reload(self) -> "JassGame":
        """Save the game and restore it at once into a fresh session (the
        ``--jass-reload-each-step`` round trip; no file is written). A scenario must play on
        exactly as without it."""
        data, record = self._snapshot()
        from natives.snapshot import read_save
        self._restore(read_save(data), self.mission, record, "the reloaded game", note=False)
        return self

    @_api
    def save_game(self, name: str) -> Path:
        """``save_game: NAME``: the local player saves from the menu
        (``SaveFiles.player_save``): ``EVENT_GAME_SAVE`` handlers run first
        (``GetSaveBasicFilename``: ``name`` without folders and ``.w3z``/``.sav``), a
        runtime error in one aborts the save; then the whole game is written to the sandbox
        as ``saves/<name>.w3z`` and ``game_saved`` goes to the timeline. What the handlers
        queued runs afterwards. Returns the file's path; ScenarioFailure (with the game's
        reason) when nothing was written."""
        try:
            S._game_save_name(name)
        except ValueError as err:
            raise _Problem(f"save_game: bad save name {name!r}: {err}") from None
        game = self.game
        parts = game.saves.parts(name, file=True)
        warned, crashed = len(game.warnings), len(self.vm.errors)
        saved = game.saves.player_save(name)
        self.settle()
        if not saved:
            if len(self.vm.errors) > crashed:
                raise _Problem(f"save_game {name!r}: aborted, an EVENT_GAME_SAVE handler raised "
                               "a runtime error; nothing was written")
            why = "; ".join(str(w) for w in game.warnings[warned:]) or "the game refused it"
            raise _Problem(f"save_game {name!r}: nothing was written: {why}")
        self.loads.append(f"{self.now:9.2f}s  player saved {name!r}")
        return Path(self.sandbox, "saves", *parts)

    def _snapshot(self) -> tuple[bytes, "_Record"]:
        """The current game as save bytes, and this JassGame's records at this point."""
        from natives.snapshot import SnapshotError, write_save
        self._need_session()
        m = self.mission
        meta = {"map": str(m.mapfiles.source), "api": m.api.origin, "mission": m.name}
        try:
            data = write_save(self.session, m.identity, meta)
        except SnapshotError as err:
            raise _Problem(f"cannot save the game: {err}") from None
        handles = self.game.handles
        runs = []
        for r in self.triggers.runs:
            hid = None
            if (r.mission == self.mission_index and r.handle is not None
                    and handles.get(getattr(r.handle, "handle_id", 0)) is r.handle):
                hid = r.handle.handle_id
            runs.append((r, hid))
        record = _Record(m, self.mission_index, list(self.missions), self.elapsed_before,
                         self.ops_before, self.threads_before, runs, list(self.errors),
                         self.now, _handle_id_in(handles, self.last_built),
                         _handle_id_in(handles, self.last_bought))
        return data, record

    def _restore(self, save, mission, record: "_Record | None", label: str, note: bool = True) -> None:
        """Restore ``save`` into a fresh session of ``mission`` and make it the current game
        (see ``restore``); the old session is kept when anything fails."""
        from maps.errors import MapError
        from maps.runner import RunOptions, new_session
        from natives.snapshot import SnapshotError, load_save
        options = RunOptions(api=self.api, seed=self.seed, local_player=self.local_player,
                             sandbox=self.sandbox)
        try:
            fresh = new_session(mission, options, self.sandbox)
            load_save(fresh, save, mission.identity)
        except (SnapshotError, MapError) as err:
            raise _Problem(f"cannot load {label}: {err}") from None
        # the restore succeeded: from here on nothing fails
        was = self.now
        if self.session is not None:
            self.spent_before += self.now - self.segment_start
        if record is not None:
            self.mission, self.mission_index = record.mission, record.mission_index
            self.missions = list(record.missions)
            self.elapsed_before, self.ops_before = record.elapsed_before, record.ops_before
            self.threads_before = record.threads_before
            self.errors = list(record.errors)
            table = fresh.game.handles
            self.triggers.runs = [r if hid is None else dataclasses.replace(r, handle=table.get(hid))
                                  for r, hid in record.runs]
            self.last_built = table.get(record.last_built) if record.last_built else None
            self.last_bought = table.get(record.last_bought) if record.last_bought else None
        else:
            if self.session is not None:
                self.elapsed_before += self.now
                self.ops_before += self.vm.total_ops
                self.threads_before += self.vm.threads_started
            self.mission = mission
            self.mission_index += 1
            self.missions.append(mission.name)
            self.errors.extend((self.mission_index, e) for e in fresh.vm.errors)
            self.last_built = self.last_bought = None
        self.session = fresh
        self.segment_start = self.now
        self._handle_slots = {}
        self._attach()
        if note:
            self.loads.append(f"{was:9.2f}s  loaded {Path(label).name} (saved at "
                              f"{format_duration(self.now)} in {self.mission.name})")

    def __enter__(self) -> "JassGame":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- accessors ----------------------------------------------------------------------
    @property
    def game(self):
        """The game-state model (``natives.game.Game``) of the current mission."""
        self._need_session()
        return self.session.game

    @property
    def vm(self):
        """The VM (``jassvm.vm.VM``) of the current mission."""
        self._need_session()
        return self.session.vm

    def _need_session(self) -> None:
        if self.session is None:
            raise _Problem("no map loaded: call load(map) first")

    @property
    def now(self) -> float:
        """Game time of the current mission (seconds)."""
        return self.session.vm.scheduler.now if self.session is not None else 0.0

    @property
    def elapsed(self) -> float:
        """Game time of all missions played, this one included (seconds)."""
        return self.elapsed_before + self.now

    @property
    def ended(self) -> bool:
        """True once the current mission ended (victory/defeat screen, ``EndGame``...)."""
        return self.session is not None and bool(self.session.game.ended)

    @property
    def globals(self) -> "GlobalsView":
        """The script's globals: ``game.globals["udg_x"]``, ``["udg_arr[2]"]``; assignable."""
        return GlobalsView(self)

    @property
    def ops(self) -> int:
        return self.ops_before + (self.session.vm.total_ops if self.session else 0)

    @property
    def threads(self) -> int:
        return self.threads_before + (self.session.vm.threads_started if self.session else 0)

    def outcome_of(self, player: int | None = None) -> str | None:
        """``victory``/``defeat``/``tie``/``neutral`` of ``player`` (default: local), or None."""
        pid = self.local if player is None else player
        out = self.game.outcome
        if out is None:
            return None
        if hasattr(out, "result_of"):
            return out.result_of(pid)
        return out.get(pid) if isinstance(out, dict) else None

    # -- time ---------------------------------------------------------------------------
    def _limit(self) -> float:
        """The mission clock at which the budget is used up: the budget counts the game time
        this JassGame simulated (``spent``), whatever loads rewound."""
        return self.budget - self.spent_before + self.segment_start

    @property
    def spent(self) -> float:
        """Game time simulated so far, all missions and loads (seconds)."""
        return self.spent_before + self.now - self.segment_start

    def _deadline(self, wanted: float) -> tuple[float, bool]:
        """(mission clock to stop at, whether the budget cut it short)."""
        if self.budget is None:
            return wanted, False
        limit = self._limit()
        return (wanted, False) if wanted <= limit + 1e-9 else (limit, True)

    @_api
    def settle(self) -> None:
        """Run what is due now (0-delay trigger runs an event queued) without moving time."""
        self._clock(self.now, lambda: self.ended)

    def _clock(self, target: float, stop: Callable[[], bool]) -> None:
        """Run the game clock to ``target`` (mission game time) or until ``stop()``.

        A script's ``LoadGame`` stops the clock there (as ``maps.runner.run_mission`` does)
        and fails: the scenario runner does not carry out a script's load yet (``jass run``
        restores the named save and fires ``EVENT_GAME_LOADED``), and playing on as if it
        had not been called would not be the game."""
        saves = self.game.saves
        started = time.monotonic()
        deadline = None if self.max_wall is None else started + self.max_wall - self.wall_spent
        over = lambda: deadline is not None and time.monotonic() >= deadline
        try:
            self.vm.run_until(target, stop=lambda: stop() or saves.load_request is not None or over())
        finally:
            self.wall_spent += time.monotonic() - started
        if over():
            raise _Problem(f"wall-clock budget of {self.max_wall:g} s (max_wall) used up at "
                           f"{format_duration(self.now)} game time")
        request = saves.load_request
        if request is not None:
            raise _Problem(f"the script called LoadGame({request.get('name')!r}) at "
                           f"{format_duration(self.now)}: the scenario runner does not carry out "
                           "a script's LoadGame yet (jass run does)")

    @_api
    def advance(self, seconds: float | str) -> "JassGame":
        """Simulate ``seconds`` (a number or ``"1m30s"``) of game time; stops early when the
        mission ends. Fails past the game-time budget."""
        seconds = parse_duration(seconds)
        if self.ended:
            return self
        target, cut = self._deadline(self.now + seconds)
        self._clock(target, lambda: self.ended)
        if cut and not self.ended:
            raise _Problem(f"game-time budget of {format_duration(self.budget)} used up")
        return self

    @_api
    def run_until(self, condition: Any, within: float | str | None = None) -> "JassGame":
        """Simulate until ``condition`` holds: a condition in scenario syntax (a dict such as
        ``{"quest": "The Prince", "state": "completed"}``), a ``maps.scenario`` condition
        model, or a callable taking this JassGame. Fails when ``within`` (game seconds or
        ``"5m"``; default: the rest of the budget) passes first, or when the mission ends
        first (unless the condition holds then)."""
        holds = self._predicate(condition)
        if holds():
            return self
        if self.ended:
            raise _Problem(f"the mission has ended (at {format_duration(self.now)}) and the "
                           f"condition does not hold: {self._detail(condition)}")
        start = self.now
        if within is None:
            if self.budget is None:
                raise _Problem("run_until needs 'within' when the scenario has no budget")
            wanted = self._limit()
        else:
            wanted = self.now + parse_duration(within)
        target, cut = self._deadline(wanted)
        if self.budget is not None and target >= self._limit() - 1e-9:
            cut = True
        self._clock(target, lambda: self.ended or holds())
        if holds():
            return self
        label = condition if callable(condition) and not isinstance(condition, (dict, BaseModel)) else None
        detail = self._detail(condition)
        if self.ended:
            raise _Problem(f"the mission ended at {format_duration(self.now)} before the condition "
                           f"held: {detail}")
        waited = format_duration(self.now - start)
        if cut:
            raise _Problem(f"game-time budget of {format_duration(self.budget)} used up after "
                           f"waiting {waited}; the condition never held: {detail}")
        raise _Problem(f"not within {waited}: {detail}" if label is None else
                       f"not within {waited}: {getattr(label, '__name__', label)}")

    # -- conditions ---------------------------------------------------------------------
    def _condition(self, condition: Any):
        if isinstance(condition, BaseModel):
            return condition
        if isinstance(condition, dict):
            try:
                return _CONDITION.validate_python(condition)
            except ValidationError as exc:
                raise _Problem(f"bad condition {condition!r}: {exc.errors(include_url=False)[0]['msg']}") from None
        raise _Problem(f"bad condition {condition!r}")

    def _predicate(self, condition: Any) -> Callable[[], bool]:
        """Whether ``condition`` holds, asked after every scheduler entry while waiting.
        A condition on what a state change announces (trigger runs, quests, units,
        messages, runtime errors: ``_change_key``) is evaluated again only when that
        changed, so a wait on it costs about what a wait on a global does."""
        if callable(condition) and not isinstance(condition, (dict, BaseModel)):
            return lambda: bool(condition(self))
        cond = self._condition(condition)
        key = self._change_key(cond)
        if key is None:
            return lambda: self.evaluate(cond)[0]
        last: list[Any] = [object(), False]

        def holds() -> bool:
            k = key()
            if k != last[0]:
                last[0], last[1] = k, self.evaluate(cond)[0]
            return last[1]
        return holds

    def _change_key(self, cond) -> Callable[[], Any] | None:
        """A cheap function whose value changes whenever ``cond``'s answer may have
        changed, or None for conditions that are as cheap to evaluate (globals, outcome,
        game caches, dialogs). Keys read counters, never the whole model: trigger runs
        (and the object the trigger global holds), the timeline and quest flags, model
        events (every change of a unit publishes one: ``natives.modelevents``), messages,
        runtime errors."""
        game = self.game
        if isinstance(cond, S.TriggerCond):
            slot = self.vm.program.global_index.get(cond.trigger) or self.vm.program.global_index.get(
                "gg_trg_" + cond.trigger)
            values = self.vm.globals
            if slot is not None and not slot.is_array:
                return lambda: (len(self.triggers.runs), id(values[slot.index]))
            return None
        if isinstance(cond, S.QuestCond):
            return lambda: (len(game.timeline), len(game.quests), tuple(
                (q.title, q.completed, q.failed, q.discovered) for q in game.quests))
        if isinstance(cond, (S.UnitsCond, S.UnitCond)):
            return lambda: self.model_changes
        if isinstance(cond, S.MessageCond):
            return lambda: (len(game.messages), len(game.timeline))
        if isinstance(cond, (S.NoErrorsCond, S.ErrorsCond)):
            return lambda: len(self.errors)
        if isinstance(cond, (S.AnyCond, S.AllCond, S.NotCond)):
            parts = [cond.not_] if isinstance(cond, S.NotCond) else list(
                cond.any if isinstance(cond, S.AnyCond) else cond.all)
            keys = [self._change_key(c) for c in parts]
            if any(k is None for k in keys):
                return None
            return lambda: tuple(k() for k in keys)
        return None

    def _detail(self, condition: Any) -> str:
        if callable(condition) and not isinstance(condition, (dict, BaseModel)):
            return getattr(condition, "__name__", repr(condition))
        return self.evaluate(self._condition(condition))[1]

    @_api
    def check(self, condition: Any) -> bool:
        """Whether ``condition`` (scenario syntax or model) holds now."""
        return self.evaluate(self._condition(condition))[0]

    @_api
    def expect(self, condition: Any) -> "JassGame":
        """Fail (``ScenarioFailure``) unless ``condition`` holds now."""
        cond = self._condition(condition)
        ok, detail = self.evaluate(cond)
        if not ok:
            raise self.failure(detail, what=describe(cond))
        return self

    @_api
    def evaluate(self, cond) -> tuple[bool, str]:
        """(holds, what was found) for a condition model of ``maps.scenario``."""
        fn = getattr(self, "_eval_" + type(cond).__name__, None)
        if fn is None:
            raise _Problem(f"unsupported condition {describe(cond)}")
        return fn(cond)

    def _eval_OutcomeCond(self, c: S.OutcomeCond) -> tuple[bool, str]:
        pid = self.local if c.player is None else c.player
        found = self.outcome_of(pid) or "none"
        ok = found == c.outcome
        extra = ""
        out = self.game.outcome
        if getattr(out, "ended", False):
            extra = f"; the mission ended ({getattr(out, 'reason', '')})"
        elif not self.ended:
            extra = "; the mission goes on"
        return ok, f"outcome of player {pid} is {found} (expected {c.outcome}){extra}"

    def _quest_log(self):
        try:
            return self.game.quests
        except (AttributeError, KeyError):
            return None

    def _eval_QuestCond(self, c: S.QuestCond) -> tuple[bool, str]:
        log = self._quest_log()
        q = log.find(c.quest) if log is not None and hasattr(log, "find") else None
        seen = {k for _, k, d in self.game.timeline if k.startswith("quest_")
                and d.get("title") == c.quest}
        if c.state == "absent":
            return q is None, (f"quest {c.quest!r} exists" if q is not None
                               else f"no quest {c.quest!r}")
        if q is None:
            titles = [x.title for x in (log or []) if getattr(x, "title", "")]
            if c.state == "created" and "quest_created" in seen:
                return True, f"quest {c.quest!r} was created"
            if c.state in ("completed", "failed") and f"quest_{c.state}" in seen:
                return True, f"quest {c.quest!r} was {c.state}"
            return False, f"no quest {c.quest!r} (quests: {titles or 'none'})"
        flags = {"created": True, "completed": q.completed, "failed": q.failed,
                 "discovered": q.discovered}
        state = ("failed" if q.failed else "completed" if q.completed else "open")
        return bool(flags[c.state]), (f"quest {c.quest!r} is {state}"
                                      + ("" if q.discovered else ", undiscovered")
                                      + f" (expected {c.state})")

    def _eval_GlobalCond(self, c: S.GlobalCond) -> tuple[bool, str]:
        name, slot, value = self._read_global(c.global_, c.index)
        shown = _show(value)
        label = name if c.index is None else f"{name}[{c.index}]"
        if value is _unset():
            return False, f"{label} is not initialised (expected {_cmp_text(c.comparisons())})"
        operands = []
        for op, operand in c.comparisons():
            if slot.type_name not in ("integer", "real", "boolean", "string") and isinstance(operand, str):
                operand = self._handle_value(operand)
            operands.append((op, operand))
        ok = all(_compare(value, op, operand) for op, operand in operands)
        return ok, f"{label} is {shown} (expected {_cmp_text(c.comparisons())})"

    def _eval_UnitsCond(self, c: S.UnitsCond) -> tuple[bool, str]:
        units = self.find_units(owner=c.units.owner, type=c.units.type, alive=c.units.alive,
                                place=c.units.in_)
        n = len(units)
        ok = all(_compare(n, op, v) for op, v in c.comparisons())
        return ok, f"{n} unit{'s' if n != 1 else ''} match {describe(c.units)} (expected {_cmp_text(c.comparisons())})"

    def _eval_UnitCond(self, c: S.UnitCond) -> tuple[bool, str]:
        try:
            u = self.unit(c.unit, must_exist=False)
        except _Problem as p:
            if c.exists is False:
                return True, str(p)
            return False, str(p)
        label = _ref_text(c.unit)
        facts, ok = [], True
        exists = u is not None and not u.destroyed
        if c.exists is not None:
            ok &= exists == c.exists
        facts.append("exists" if exists else "was removed")
        if exists:
            facts.append("alive" if u.alive else "dead")
            facts.append(f"owner {u.owner.id}")
            facts.append(f"at ({u.x:.0f}, {u.y:.0f})")
        if c.alive is not None:
            ok &= exists and u.alive == c.alive
        if c.owner is not None:
            ok &= exists and u.owner.id == c.owner
        if c.in_ is not None:
            place = self.place(c.in_)
            inside = exists and place.contains(u.x, u.y)
            ok &= inside
            facts.append(("in " if inside else "not in ") + place.label)
        if exists:
            ok &= self._unit_state_facts(c, u, facts)
        elif any(v is not None for v in (c.life, c.mana, c.cooldown, c.ready, c.buff, c.no_buff,
                                         c.ability, c.no_ability)):
            ok = False
        return ok, f"{label}: " + ", ".join(facts)

    def _unit_state_facts(self, c: S.UnitCond, u, facts: list[str]) -> bool:
        """The life, mana, cooldown, buff and ability clauses of a unit condition (facts
        appended)."""
        ok = True
        for name, want in (("life", c.life), ("mana", c.mana)):
            if want is not None:
                have = getattr(u, name)
                facts.append(f"{name} {have:g}")
                ok &= abs(have - want) <= 0.01
        for want, on in ((c.cooldown, True), (c.ready, False)):
            if want is not None:
                code = _code(want)
                left = max(0.0, u.cooldowns.get(code, 0.0) - self.game.now)
                facts.append(f"{rawcode_str(code)} cooldown {left:g} s")
                ok &= (left > 0) == on
        for want, has in ((c.buff, True), (c.no_buff, False)):
            if want is not None:
                code = _code(want)
                facts.append(("has " if code in u.buffs else "no ") + rawcode_str(code))
                ok &= (code in u.buffs) == has
        for want, has in ((c.ability, True), (c.no_ability, False)):
            if want is not None:
                code = _code(want)
                level = u.abilities.get(code, 0)
                facts.append(f"{rawcode_str(code)} level {level}")
                ok &= (level > 0) == has
        return ok

    @_api
    def trigger_runs(self, ref: str) -> list[TriggerRun]:
        """Runs of the trigger named ``ref`` in the current mission: a trigger global
        (``gg_trg_Intro``, or ``Intro``), else an action function name."""
        trig = None
        for name in self._global_candidates(ref, "gg_trg_"):
            if name in self.vm.program.global_index or _ELEMENT.match(name):
                try:
                    _, _, trig = self._read_global(name, None)
                except _Problem:
                    continue
                if trig is not None and trig is not _unset():
                    return self.triggers.of_trigger(trig, self.mission_index)
                return [r for r in self.triggers.of_mission(self.mission_index) if r.trigger == name]
        runs = self.triggers.of_mission(self.mission_index)
        by_fn = [r for r in runs if r.function == ref]
        if by_fn or ref in self.vm.program.functions:
            return by_fn
        names = sorted({n for n, _ in self.handle_globals("trigger")})
        raise _Problem(f"no trigger named {ref!r}" + _suggest(ref, names))

    def _eval_TriggerCond(self, c: S.TriggerCond) -> tuple[bool, str]:
        runs = self.trigger_runs(c.trigger)
        n = len(runs)
        ok = True
        expected = []
        if c.fired is True:
            ok &= n > 0
            expected.append("fired")
        elif c.fired is False:
            ok &= n == 0
            expected.append("never fired")
        cmps = c.comparisons()
        if cmps:
            ok &= all(_compare(n, op, v) for op, v in cmps)
            expected.append(_cmp_text(cmps) + " times")
        when = ""
        if runs:
            shown = ", ".join(format_duration(r.time) for r in runs[:5])
            when = f" (at {shown}{', ...' if n > 5 else ''})"
        return ok, f"{c.trigger} fired {n} time{'s' if n != 1 else ''}{when} (expected {' and '.join(expected)})"

    def messages(self, player: int | None = None) -> list[tuple[float, str]]:
        """(game time, text) of the text messages shown to ``player`` (default: local),
        color codes removed; transmissions (``speaker: text``) included."""
        pid = self.local if player is None else player
        out: list[tuple[float, str]] = []
        for m in self.game.messages or []:
            if isinstance(m, dict):
                t, text, to = m.get("time", 0.0), m.get("text", ""), m.get("player", pid)
            elif isinstance(m, tuple):
                t, text, to = (m + (pid,))[:3] if len(m) >= 2 else (0.0, str(m), pid)
            else:
                t, text, to = getattr(m, "time", 0.0), getattr(m, "text", str(m)), getattr(m, "player", pid)
            to = getattr(to, "id", to)
            if to is None or to == pid or (isinstance(to, (list, tuple, set)) and pid in to):
                out.append((t, markup.strip(str(text))))
        for t, kind, d in self.game.timeline:
            if kind == "transmission":
                out.append((t, markup.strip(f"{d.get('speaker', '')}: {d.get('text', '')}")))
        out.sort(key=lambda e: e[0])
        return out

    def _eval_MessageCond(self, c: S.MessageCond) -> tuple[bool, str]:
        msgs = self.messages(c.player)
        if isinstance(c.message, S.Regex):
            rx = re.compile(c.message.regex)
            hits = [(t, m) for t, m in msgs if rx.search(m)]
            label = f"a message matching /{c.message.regex}/"
        else:
            needle = markup.strip(c.message)
            hits = [(t, m) for t, m in msgs if needle in m]
            label = f"a message containing {c.message!r}"
        if c.shown:
            if hits:
                return True, f"{label} was shown at {format_duration(hits[0][0])}"
            recent = "; ".join(repr(m) for _, m in msgs[-3:]) or "none"
            return False, f"{label} was never shown (last messages: {recent})"
        if hits:
            return False, f"{label} was shown at {format_duration(hits[0][0])}: {hits[0][1]!r}"
        return True, f"{label} was never shown"

    def shown_dialogs(self, player: int | None = None) -> list:
        """Dialogs currently open for ``player`` (default: local)."""
        pid = self.local if player is None else player
        reg = self.game.dialogs
        return reg.shown_to(pid) if reg is not None else []

    def _eval_DialogCond(self, c: S.DialogCond) -> tuple[bool, str]:
        pid = self.local if c.player is None else c.player
        shown = self.shown_dialogs(pid)
        found = []
        for d in shown:
            buttons = [b.text or "" for b in d.visible_buttons(pid)]
            title_ok = c.dialog is True or d.message == c.dialog
            if title_ok and (c.buttons is None or buttons == c.buttons):
                found.append(d)
        seen = "; ".join(f"{d.message!r} {[b.text for b in d.visible_buttons(pid)]}" for d in shown) or "none"
        want = ("a dialog" if c.dialog is True else f"dialog {c.dialog!r}") + (
            f" with buttons {c.buttons}" if c.buttons is not None else "")
        if c.dialog is False:
            return not shown, f"dialogs shown to player {pid}: {seen} (expected none)"
        if c.shown:
            return bool(found), f"{want} {'is' if found else 'is not'} shown to player {pid} (shown: {seen})"
        return not found, f"{want} {'is' if found else 'is not'} shown to player {pid} (expected not shown)"

    @_api
    def gamecache_value(self, cache: str, mission: str, key: str, kind: str,
                        saved: bool = False) -> tuple[bool, Any, str]:
        """(exists, value, where) of a game cache slot: the live cache of that name, else
        its saved copy (``saved=True``: the saved copy only)."""
        store = self.game.gamecache
        if store is None:
            raise _Problem("the runtime has no game caches")
        live = None if saved else store.caches.get(cache)
        if live is not None:
            return live.has(kind, mission, key), live.get(kind, mission, key), "live cache"
        data = store.saved.get(cache)
        if data is None:
            return False, None, f"no cache {cache!r} (caches: {sorted(set(store.caches) | set(store.saved)) or 'none'})"
        values = data.get(mission, {}).get(kind, {})
        if key not in values:
            return False, None, "saved copy"
        v = values[key]
        if kind == "real" and isinstance(v, str):
            v = float(v.replace("Infinity", "inf"))
        return True, v, "saved copy"

    def _eval_GameCacheCond(self, c: S.GameCacheCond) -> tuple[bool, str]:
        exists, value, where = self.gamecache_value(c.gamecache, c.mission, c.key, c.kind, c.saved)
        label = f"{c.gamecache} [{c.mission}][{c.key}] ({c.kind}, {where})"
        cmps = c.comparisons()
        if not cmps:
            want = True if c.exists is None else c.exists
            return exists == want, f"{label} {'exists' if exists else 'is not stored'}"
        if not exists:
            return False, f"{label} is not stored (expected {_cmp_text(cmps)})"
        ok = all(_compare(value, op, v) for op, v in cmps)
        if c.exists is False:
            ok = False
        return ok, f"{label} is {_show(value)} (expected {_cmp_text(cmps)})"

    def runtime_errors(self, all_missions: bool = True) -> list:
        """Runtime error records (``jassvm.vm.RuntimeErrorRecord``) of all missions played
        (or of the current one)."""
        return [e for m, e in self.errors if all_missions or m == self.mission_index]

    def _eval_NoErrorsCond(self, c: S.NoErrorsCond) -> tuple[bool, str]:
        errs = self.runtime_errors()
        if not errs:
            return True, "no runtime errors"
        return False, f"{len(errs)} runtime error{'s' if len(errs) != 1 else ''}: " + "; ".join(
            e.format().strip() for e in errs[:3]) + (" ..." if len(errs) > 3 else "")

    def _eval_ErrorsCond(self, c: S.ErrorsCond) -> tuple[bool, str]:
        errs = self.runtime_errors()

        def matches(spec: S.ErrorSpec, e) -> bool:
            return ((spec.kind is None or spec.kind == e.kind)
                    and (spec.message is None or spec.message in e.message))

        def assign(i: int, used: frozenset) -> bool:
            if i == len(c.runtime_errors):
                return True
            return any(j not in used and matches(c.runtime_errors[i], e)
                       and assign(i + 1, used | {j}) for j, e in enumerate(errs))

        ok = len(errs) == len(c.runtime_errors) and assign(0, frozenset())
        found = "; ".join(f"{e.kind}: {e.message}" for e in errs[:5]) or "none"
        return ok, f"runtime errors: {found} (expected exactly {_flow_list(c.runtime_errors)})"

    def _eval_EndedCond(self, c: S.EndedCond) -> tuple[bool, str]:
        out = self.game.outcome
        reason = getattr(out, "reason", None)
        return self.ended == c.ended, ("the mission ended" + (f" ({reason})" if reason else "")
                                       if self.ended else "the mission goes on")

    def _eval_AnyCond(self, c: S.AnyCond) -> tuple[bool, str]:
        results = [self.evaluate(x) for x in c.any]
        return any(ok for ok, _ in results), "none held: " + "; ".join(d for _, d in results)

    def _eval_AllCond(self, c: S.AllCond) -> tuple[bool, str]:
        results = [self.evaluate(x) for x in c.all]
        bad = [d for ok, d in results if not ok]
        return not bad, ("; ".join(bad) if bad else "all held")

    def _eval_NotCond(self, c: S.NotCond) -> tuple[bool, str]:
        ok, detail = self.evaluate(c.not_)
        return not ok, f"it holds: {detail}" if ok else detail

    # -- names of the script ------------------------------------------------------------
    def handle_globals(self, type_name: str | None = None) -> Iterable[tuple[str, Any]]:
        """(name, value) of handle-typed globals (array elements as ``name[i]``), optionally
        only those declared with ``type_name``."""
        prog = self.vm.program
        slots = self._handle_slots.get(type_name or "")
        if slots is None:
            slots = [g for g in prog.globals
                     if g.type_name not in ("integer", "real", "boolean", "string", "code")
                     and (type_name is None or g.type_name == type_name)]
            self._handle_slots[type_name or ""] = slots
        values = self.vm.globals
        for g in slots:
            v = values[g.index]
            if g.is_array:
                for i, x in sorted(v.items()):
                    if x is not None:
                        yield f"{g.name}[{i}]", x
            elif v is not None and v is not _unset():
                yield g.name, v

    def _global_candidates(self, ref: str, prefix: str) -> list[str]:
        out = [ref]
        if not ref.startswith(("gg_", "udg_")) and not _ELEMENT.match(ref):
            out.append(prefix + ref)
        return out

    def _read_global(self, ref: str, index: int | None) -> tuple[str, Any, Any]:
        """(name, GlobalSlot, value) of ``ref`` (``name`` or ``name[i]``) with ``index``."""
        m = _ELEMENT.match(ref)
        name = ref
        if m:
            name, index = m["name"], int(m["index"])
        prog = self.vm.program
        slot = prog.global_index.get(name)
        if slot is None:
            names = [g.name for g in prog.globals if not g.name.startswith(("bj_", "JASS_"))]
            raise _Problem(f"no global named {name!r}" + _suggest(name, names))
        value = self.vm.globals[slot.index]
        if slot.is_array:
            if index is None:
                raise _Problem(f"{name} is an array: give an index ({name}[0])")
            value = value.get(index, value.default)
        elif index is not None:
            raise _Problem(f"{name} is not an array")
        return name, slot, value

    def _handle_value(self, ref: str) -> Any:
        """The handle a global names (for comparisons and ``set``)."""
        _, _, value = self._read_global(ref, None)
        return None if value is _unset() else value

    @_api
    def handle(self, ref: str) -> Any:
        """The value of global ``ref`` (``gg_rct_Village``, ``udg_heroes[1]``)."""
        return self._handle_value(ref)

    @_api
    def unit(self, ref: Any, *, must_exist: bool = True):
        """A unit by global name (``gg_unit_Hpal_0001``, ``udg_hero``, ``udg_heroes[1]``) or
        by query (``{"type": "Hpal", "owner": 0}`` / ``UnitQuery``)."""
        if getattr(ref, "type_name", None) == "unit":
            if must_exist and ref.destroyed:
                raise _Problem(f"{ref!r} was removed")
            return ref
        if isinstance(ref, dict):
            ref = S.UnitQuery.model_validate(ref)
        if isinstance(ref, S.UnitQuery):
            if ref.every:
                raise _Problem(f"{describe(ref)}: 'every' picks many units; only kill and "
                               f"order steps take it")
            found = self.find_units(owner=ref.owner, type=ref.type, alive=ref.alive, place=ref.in_)
            if len(found) <= ref.index:
                raise _Problem(f"no unit matches {describe(ref)} ({len(found)} found)")
            return found[ref.index]
        name = ref
        for candidate in self._global_candidates(ref, "gg_unit_"):
            if _ELEMENT.match(candidate) or candidate in self.vm.program.global_index:
                name = candidate
                break
        _, slot, u = self._read_global(name, None)
        if u is None or u is _unset():
            raise _Problem(f"{name} holds no unit (null)")
        if getattr(u, "type_name", None) != "unit":
            raise _Problem(f"{name} is a {slot.type_name}, not a unit")
        if must_exist and u.destroyed:
            raise _Problem(f"{name}: the unit was removed")
        return u

    @_api
    def units(self, ref: Any) -> list:
        """The units a reference names: every match of a ``UnitQuery`` with ``every`` (in
        creation order; a problem when none matches), else the one unit of ``unit(ref)``."""
        if isinstance(ref, dict):
            ref = S.UnitQuery.model_validate(ref)
        if isinstance(ref, S.UnitQuery) and ref.every:
            found = self.find_units(owner=ref.owner, type=ref.type, alive=ref.alive, place=ref.in_)
            if not found:
                raise _Problem(f"no unit matches {describe(ref)}")
            return found
        return [self.unit(ref)]

    @_api
    def find_units(self, *, owner: int | None = None, type: str | int | None = None,
                   alive: bool | None = True, place: Any = None) -> list:
        """Units (not removed) in creation order matching owner id, type rawcode, alive
        state (None: dead or alive) and place (a rect/region name, point or bounds)."""
        code = _code(type) if type is not None else None
        area = self.place(place) if place is not None else None
        out = []
        for u in self.game.units.live_units():
            if owner is not None and u.owner.id != owner:
                continue
            if code is not None and u.type_id != code:
                continue
            if alive is not None and u.alive != alive:
                continue
            if area is not None and not area.contains(u.x, u.y):
                continue
            out.append(u)
        return out

    @_api
    def place(self, ref: Any) -> _Place:
        """A rect, region, location or unit global (its position), a point or bounds."""
        if isinstance(ref, dict):
            ref = (S.Point if "x" in ref else S.RectBounds).model_validate(ref)
        if isinstance(ref, S.Point):
            x, y = ref.x, ref.y
            return _Place(f"({x:g}, {y:g})", (x, y), lambda a, b: math.hypot(a - x, b - y) <= 1.0)
        if isinstance(ref, S.RectBounds):
            x0, y0, x1, y1 = ref.rect
            return _Place(f"rect {list(ref.rect)}", ((x0 + x1) / 2, (y0 + y1) / 2),
                          lambda a, b: x0 <= a <= x1 and y0 <= b <= y1)
        name = ref
        for candidate in self._global_candidates(ref, "gg_rct_"):
            if _ELEMENT.match(candidate) or candidate in self.vm.program.global_index:
                name = candidate
                break
        _, slot, v = self._read_global(name, None)
        if v is None or v is _unset():
            raise _Problem(f"{name} is null")
        kind = getattr(v, "type_name", "")
        if kind == "rect":
            return _Place(name, (v.center_x, v.center_y), v.contains)
        if kind == "region":
            return _Place(name, _region_point(v, name), v.contains)
        if kind == "location":
            x, y = v.x, v.y
            return _Place(name, (x, y), lambda a, b: math.hypot(a - x, b - y) <= 1.0)
        if kind == "unit":
            return _Place(name, (v.x, v.y), lambda a, b: math.hypot(a - v.x, b - v.y) <= 1.0)
        raise _Problem(f"{name} is a {slot.type_name}: not a place (rect, region, location)")

    @_api
    def item(self, ref: Any, unit=None, *, create: bool | None = None):
        """An item by global name or ``{"type": "ratc"}`` (the index-th live item of that
        type; created at ``unit`` when none exists and ``create`` allows)."""
        if isinstance(ref, dict):
            ref = S.ItemQuery.model_validate(ref)
        if isinstance(ref, S.ItemQuery):
            code = _code(ref.type)
            store = self.game.units
            found = [it for it in store.items.values() if it.type_id == code and not it.destroyed]
            if unit is not None:
                found.sort(key=lambda it: it.holder is not unit)  # the unit's own items first
            if len(found) > ref.index:
                return found[ref.index]
            if (ref.create if create is None else create) and unit is not None:
                return store.create_item(code, unit.x, unit.y)
            raise _Problem(f"no item of type {ref.type}")
        _, slot, it = self._read_global(ref, None)
        if it is None or it is _unset() or getattr(it, "type_name", "") != "item":
            raise _Problem(f"{ref} holds no item")
        if it.destroyed:
            raise _Problem(f"{ref}: the item was removed")
        return it

    def player(self, pid: int | None):
        p = self.game.players.get(self.local if pid is None else pid)
        if p is None:
            raise _Problem(f"no player {pid}")
        return p

    # -- injections (model API only) -------------------------------------------------------
    def _live(self, ref: Any):
        u = self.unit(ref)
        if not u.alive:
            raise _Problem(f"{_ref_text(ref)} is dead")
        return u

    @_api
    def kill(self, unit: Any, killer: Any = None) -> "JassGame":
        """The unit dies (``killer``: a unit or None); with an ``every`` query each match
        that is still alive dies, in creation order."""
        victims = self.units(unit)
        k = self.unit(killer) if killer is not None else None
        if not _every(unit):
            self._live(unit)
        for u in victims:
            if u.alive:
                self.game.units.kill_unit(u, k)
                self.settle()
        return self

    @_api
    def move(self, unit: Any, to: Any) -> "JassGame":
        """Move the unit instantly into a rect/region (a point inside it) or to a point."""
        u = self._live(unit)
        place = self.place(to)
        self.game.units.move_unit(u, *place.point)
        self.settle()
        return self

    @_api
    def order(self, unit: Any, order: str = "move", to: Any = None, target: Any = None,
              arrive: bool = False) -> "JassGame":
        """Give the unit an order as its player would (point, target or immediate): it goes
        through the order pipeline (``natives.orders``) and the unit carries it out as the
        game goes on. With an ``every`` query each matching live unit gets the order. With
        ``arrive`` a point order also places the unit at its destination at once."""
        from natives.orders import ORDER_IDS, Order
        units = self.units(unit)
        if not _every(unit):
            self._live(unit)
        oid = ORDER_IDS.get(order)
        point = self.place(to).point if to is not None else None
        t = self.unit(target) if target is not None else None
        for u in units:
            if not u.alive:
                continue
            if point is not None:
                o = Order("point", order, oid, x=point[0], y=point[1], player=u.owner)
            elif t is not None:
                o = Order("target", order, oid, x=t.x, y=t.y, target=t, player=u.owner)
            else:
                o = Order("immediate", order, oid, player=u.owner)
            if not self.game.units.issue(u, o):
                raise _Problem(f"{_ref_text(unit)}: {_unit_text(u)} cannot take the order "
                               f"{order!r}")
            self.settle()
            if arrive and point is not None and u.alive:
                self.game.units.move_unit(u, *point)
                self.settle()
        return self

    @_api
    def damage(self, unit: Any, amount: float, source: Any = None) -> "JassGame":
        """The unit takes ``amount`` damage (life points) from ``source``: the damage event
        is published first (the game raises it before life drops), then life is lowered
        (death at 0.405 or below)."""
        u = self._live(unit)
        src = self.unit(source) if source is not None else None
        self.game.units.damage_unit(u, float(amount), src)
        self.settle()
        return self

    @_api
    def heal(self, unit: Any, amount: float) -> "JassGame":
        """The unit regains ``amount`` life (up to its maximum)."""
        u = self._live(unit)
        self.game.units.set_life(u, u.life + float(amount))
        self.settle()
        return self

    @_api
    def select(self, unit: Any, player: int | None = None) -> "JassGame":
        """``player`` (default: local) selects the unit."""
        u = self._live(unit)
        p = self.player(player)
        self.game.units.select_unit(u, p)
        self.settle()
        return self

    @_api
    def pick_up(self, unit: Any, item: Any) -> "JassGame":
        """The unit picks up the item (it must have a free inventory slot)."""
        u = self._live(unit)
        it = self.item(item, u)
        if it.holder is u:
            raise _Problem(f"{_ref_text(unit)} already carries {_ref_text(item)}")
        if not self.game.units.give_item(u, it):
            raise _Problem(f"{_ref_text(unit)} cannot pick up {_ref_text(item)} "
                           "(no inventory or no free slot)")
        self.settle()
        return self

    @_api
    def use_item(self, unit: Any, item: Any) -> "JassGame":
        """The unit uses an item it carries (an item query creates and gives one first):
        ``ItemUse`` is published and a charge is spent (an item whose last charge is used
        is removed)."""
        u = self._live(unit)
        it = self.item(item, u)
        if it.holder is not u:
            if isinstance(item, (dict, S.ItemQuery)) and not self.game.units.give_item(u, it):
                raise _Problem(f"{_ref_text(unit)} cannot carry {_ref_text(item)}")
            if it.holder is not u:
                raise _Problem(f"{_ref_text(unit)} does not carry {_ref_text(item)}")
        self.game.units.use_item(u, it)
        self.settle()
        return self

    @_api
    def learn_skill(self, unit: Any, ability: str | int) -> "JassGame":
        """The hero spends a skill point on ``ability`` (rawcode), as the player would."""
        u = self._live(unit)
        if u.hero is None:
            raise _Problem(f"{_ref_text(unit)} is not a hero")
        if u.hero.skill_points <= 0:
            raise _Problem(f"{_ref_text(unit)} has no skill point to spend")
        self.game.units.learn_skill(u, _code(ability))
        self.settle()
        return self

    @_api
    def build(self, unit: Any, type: str | int, to: Any, instant: bool = True) -> "JassGame":
        """The worker ``unit`` builds a structure of ``type`` at ``to`` for its player: the
        structure is created there (``UnitCreated``), construction starts and finishes at
        once (``UnitConstruct`` start, then finish); costs are not charged. With ``instant``
        false the worker is given the build order instead (``natives.production``: walk,
        cost, build time); a refused order is a failure. Returns self; ``last_built`` is the
        structure (None for an order: it is built later)."""
        u = self._live(unit)
        x, y = self.place(to).point
        store = self.game.units
        if not instant:
            code = _code(type)
            if not self.game.orders.issue(u, Order("build", None, code, x=x, y=y, build_type=code)):
                raise _Problem(f"{_ref_text(unit)} cannot build '{type}' there (its player "
                               f"cannot pay, the site is blocked or it is no worker)")
            self.settle()
            self.last_built = None
            return self
        structure = store.start_construction(u, _code(type), x, y)
        self.settle()
        if store.finish_construction(structure, u):
            self.settle()
        self.last_built = structure
        return self

    @_api
    def buy(self, unit: Any, shop: Any, type: str | int | None = None,
            item: str | int | None = None) -> "JassGame":
        """``unit`` buys from the ``shop`` unit a unit of ``type`` (created at the shop for
        the buyer's player; ``UnitSold``) or an ``item`` (created and given to the buyer:
        ``ItemSold``, then the pickup). No gold is charged, the stock is not checked.
        Returns self; ``last_bought`` is the unit or item."""
        buyer = self._live(unit)
        seller = self._live(shop)
        store = self.game.units
        if (type is None) == (item is None):
            raise _Problem("buy needs exactly one of type (a unit) and item")
        if type is not None:
            bought = store.sell_unit(seller, _code(type), buyer)
        else:
            bought, carried = store.sell_item(seller, _code(item), buyer)
            if not carried:
                self.settle()
                raise _Problem(f"{_ref_text(unit)} cannot carry {_ref_text(item)} "
                               "(no inventory or no free slot); it lies at the shop")
        self.settle()
        self.last_bought = bought
        return self

    @_api
    def click(self, button: int | str, dialog: str | None = None,
              player: int | None = None) -> "JassGame":
        """``player`` (default: local) clicks a button (text or 0-based index) of ``dialog``
        (a dialog global or title; default: the one dialog open for the player)."""
        from natives.dialogs import DialogError, click
        p = self.player(player)
        shown = self.shown_dialogs(p.id)
        if dialog is None:
            if len(shown) != 1:
                raise _Problem(f"{len(shown)} dialogs are shown to player {p.id}"
                               + (": name one with 'dialog'" if shown else ""))
            d = shown[0]
        elif dialog in self.vm.program.global_index or _ELEMENT.match(dialog):
            d = self.handle(dialog)
            if d is None or getattr(d, "type_name", "") != "dialog":
                raise _Problem(f"{dialog} holds no dialog")
        else:
            titled = [x for x in shown if x.message == dialog]
            if not titled:
                titles = [x.message for x in shown]
                raise _Problem(f"no dialog titled {dialog!r} is shown to player {p.id} (shown: {titles or 'none'})")
            d = titled[0]
        try:
            click(self.game, d, button, p)
        except DialogError as err:
            buttons = [b.text for b in d.visible_buttons(p.id)]
            raise _Problem(f"cannot click {button!r} in {d.message!r}: {err} (buttons: {buttons})") from None
        self.settle()
        return self

    @_api
    def chat(self, text: str, player: int | None = None) -> "JassGame":
        """``player`` (default: local) types a chat line."""
        p = self.player(player)
        self.game.publish(PlayerChat(p, text))
        self.settle()
        return self

    @_api
    def attack(self, unit: Any, target: Any) -> "JassGame":
        """``unit`` starts an attack on ``target``: the attacked events fire (``UnitAttacked``,
        ``GetAttacker`` is ``unit``). No damage is dealt (the model does not simulate
        combat): ``damage`` is the hit."""
        attacker = self._live(unit)
        victim = self._live(target)
        self.game.publish(UnitAttacked(victim, attacker))
        self.settle()
        return self

    @_api
    def cast(self, unit: Any, ability: str | int, target: Any = None, to: Any = None) -> "JassGame":
        """``unit`` casts ``ability`` (rawcode) on the ``target`` unit, at the place ``to`` or
        without a target (``maps.scenario.CastSpec``). An ability the unit has and the model
        carries out is ordered through the order pipeline and the game runs until the cast
        has ended (at most ``CAST_STEP_LIMIT`` game seconds); a refused order (mana, cooldown,
        target) fails. Any other ability publishes ``Spell`` for each phase of a completed cast
        in order, the triggers of a phase running before the next; ``GetSpellTargetX/Y`` are
        the point of ``to``, with a unit target or none they answer 0."""
        caster = self._live(unit)
        code = _code(ability)
        victim = self.unit(target) if target is not None else None
        x = y = None
        if to is not None:
            x, y = self.place(to).point
        if code in caster.abilities and resolve(self.game, code) is not None:
            return self._cast_order(caster, unit, code, SpellTarget(unit=victim, x=x, y=y))
        for phase in SPELL_PHASES:
            self.game.publish(Spell(phase, caster, code, victim, x, y))
            self.settle()
        return self

    def _cast_order(self, caster, ref: Any, code: int, target: SpellTarget) -> "JassGame":
        if not self.game.spells.cast(caster, code, target):
            raise _Problem(f"{_ref_text(ref)} cannot cast {rawcode_str(code)} now (not enough "
                           f"mana, on cooldown, stunned or an invalid target)")
        work = caster.work
        casting = lambda: (caster.work is not work or not caster.alive
                           or getattr(work, "phase", "done") in ("backswing", "done"))
        self._clock(self.now + CAST_STEP_LIMIT, lambda: self.ended or casting())
        if not casting():
            raise _Problem(f"{_ref_text(ref)} did not finish casting {rawcode_str(code)} within "
                           f"{CAST_STEP_LIMIT:g} game seconds")
        self.settle()
        return self

    @_api
    def skip_cinematic(self, player: int | None = None) -> "JassGame":
        """``player`` (default: local) presses Esc, the skip-cinematic key
        (``PlayerEndCinematic``: EVENT_PLAYER_END_CINEMATIC)."""
        self.game.publish(PlayerEndCinematic(self.player(player)))
        self.settle()
        return self

    @_api
    def press_key(self, key: str, action: str = "press", player: int | None = None) -> "JassGame":
        """``player`` (default: local) presses the arrow ``key`` (left, right, up, down):
        ``action`` ``press`` is the key going down then up, ``down`` / ``up`` one of the
        two (``PlayerKey``)."""
        from natives.events import ARROW_KEYS
        if key not in ARROW_KEYS:
            raise _Problem(f"press_key: {key!r} is not an arrow key ({', '.join(ARROW_KEYS)})")
        if action not in ("press", "down", "up"):
            raise _Problem(f"press_key: action {action!r} is not press, down or up")
        p = self.player(player)
        for down in ((True, False) if action == "press" else (action == "down",)):
            self.game.publish(PlayerKey(p, key, down))
            self.settle()
        return self

    @_api
    def command(self, ability: str | int | None = None, order: str | None = None,
                upgrade: str | int | None = None, player: int | None = None) -> "JassGame":
        """``player`` (default: local) clicks a command button: ``ability``'s (rawcode, none
        for the common commands) with ``order``, or the research button of ``upgrade``
        (``CommandButton``: EVENT_COMMAND_BUTTON_CLICK). The command is not carried out."""
        if (order is None) == (upgrade is None):
            raise _Problem("command needs exactly one of order (with ability) and upgrade")
        p = self.player(player)
        if upgrade is not None:
            self.game.publish(CommandButton(p, upgrade=_code(upgrade)))
        else:
            code = _code(ability) if ability is not None else 0
            self.game.publish(CommandButton(p, ability_id=code, order=order))
        self.settle()
        return self

    @_api
    def dz_input(self, key: int | None = None, button: int | None = None, status: int = 1,
                 wheel: int | None = None, move: bool = False, resize: bool = False,
                 player: int | None = None) -> "JassGame":
        """DzAPI platform input of ``player`` (default: local), exactly one of: keyboard
        ``key`` or mouse ``button`` with ``status`` (1 down, 0 up), a mouse ``wheel`` delta,
        ``move`` or ``resize`` (``DzKey`` / ``DzMouse`` / ``DzMouseWheel`` / ``DzMouseMove``
        / ``DzWindowResize``)."""
        if sum((key is not None, button is not None, wheel is not None, bool(move),
                bool(resize))) != 1:
            raise _Problem("dz_input needs exactly one of key, button, wheel, move and resize")
        p = self.player(player)
        if key is not None:
            self.game.publish(DzKey(p, key, status))
        elif button is not None:
            self.game.publish(DzMouse(p, button, status))
        elif wheel is not None:
            self.game.publish(DzMouseWheel(p, wheel))
        elif move:
            self.game.publish(DzMouseMove(p))
        else:
            self.game.publish(DzWindowResize(p))
        self.settle()
        return self

    def _frame(self, ref: str, context: int = 0):
        """A frame by create name and context (``BlzGetFrameByName``) or framehandle global."""
        frame = self.game.frames.storage.get((ref, context))
        if frame is None and (ref in self.vm.program.global_index or _ELEMENT.match(ref)):
            frame = self.handle(ref)
        if frame is None or getattr(frame, "type_name", "") != "framehandle" or frame.destroyed:
            raise _Problem(f"no frame {ref!r} (context {context}) exists")
        return frame

    @_api
    def frame_input(self, frame: str, event: str = "click", value: float = 0.0, text: str = "",
                    context: int = 0, player: int | None = None) -> "JassGame":
        """``player`` (default: local) acts on ``frame`` (``FrameInput``; ``event`` a name of
        ``natives.frames.FRAME_EVENTS``). A hidden or disabled frame cannot be used by a
        player: the step fails."""
        if event not in FRAME_EVENTS:
            raise _Problem(f"frame_input: unknown event {event!r} ({', '.join(FRAME_EVENTS)})")
        f = self._frame(frame, context)
        if not shown(f):
            raise _Problem(f"frame {frame!r} is hidden: the player cannot use it")
        if not f.enabled:
            raise _Problem(f"frame {frame!r} is disabled: the player cannot use it")
        p = self.player(player)
        self.game.record("frame_input", player=p.id, frame=f.name, event=FRAME_EVENTS[event],
                         value=value, text=text)
        self.game.publish(FrameInput(p, f, FRAME_EVENTS[event], value, text))
        self.settle()
        return self

    @_api
    def click_frame(self, frame: str, context: int = 0, player: int | None = None) -> "JassGame":
        """``player`` (default: local) clicks ``frame`` (FRAMEEVENT_CONTROL_CLICK)."""
        return self.frame_input(frame, "click", context=context, player=player)

    def _os_key(self, key: int | str) -> int:
        if isinstance(key, int):
            return key
        name = key if key.upper().startswith("OSKEY_") else "OSKEY_" + key
        name = name.upper()
        if name in self.vm.program.global_index:
            value = self.vm.read_global(name)
            if getattr(value, "type_name", "") == "oskeytype":
                return value.value
        if len(key) == 1 and key.isalnum():
            return ord(key.upper())   # OSKEY_0..9 and OSKEY_A..Z are their ASCII codes
        raise _Problem(f"key: {key!r} is not an OSKEY_* constant of the loaded common.j")

    @_api
    def key(self, key: int | str, meta: int = 0, action: str = "press",
            player: int | None = None) -> "JassGame":
        """``player`` (default: local) presses keyboard ``key`` with ``meta`` keys held
        (``PlayerOsKey``): ``press`` is down then up, ``down``/``up`` one of the two."""
        if action not in ("press", "down", "up"):
            raise _Problem(f"key: action {action!r} is not press, down or up")
        code = self._os_key(key)
        p = self.player(player)
        for down in ((True, False) if action == "press" else (action == "down",)):
            self.game.publish(PlayerOsKey(p, code, meta, down))
            self.settle()
        return self

    @_api
    def mouse(self, action: str = "click", button: str = "left", at: Any = None, over: Any = None,
              player: int | None = None) -> "JassGame":
        """``player``'s (default: local) mouse at the ground point of place ``at`` over unit
        ``over`` (``PlayerMouse``): ``click`` is ``button`` down then up."""
        buttons = {"left": 1, "middle": 2, "right": 3}
        if action not in ("click", "down", "up", "move") or button not in buttons:
            raise _Problem(f"mouse: action {action!r} / button {button!r} not known")
        x, y = self.place(at).point if at is not None else (0.0, 0.0)
        unit = self.unit(over) if over is not None else None
        p = self.player(player)
        kinds = ("down", "up") if action == "click" else (action,)
        for kind in kinds:
            self.game.publish(PlayerMouse(p, kind, x, y, buttons[button], unit))
            self.settle()
        return self

    @_api
    def trackable(self, ref: str, action: str = "hit", player: int | None = None) -> "JassGame":
        """``player`` (default: local) clicks (``hit``) or hovers over (``track``) the
        trackable held by global ``ref`` (``TrackableInput``)."""
        t = self.handle(ref)
        if getattr(t, "type_name", "") != "trackable" or t.destroyed:
            raise _Problem(f"{ref} holds no trackable")
        self.game.publish(TrackableInput(self.player(player), t, action == "hit"))
        self.settle()
        return self

    @_api
    def leave(self, player: int) -> "JassGame":
        """``player`` leaves the game (for the local player the mission ends)."""
        from natives.mission import player_quit
        p = self.player(player)
        player_quit(self.game, p, False)
        self.settle()
        return self

    @_api
    def set_global(self, name: str, value: Any, index: int | None = None) -> "JassGame":
        """Set a global (array element with ``index`` or ``name[i]``) to a value of its type;
        a handle global takes null or the name of another global holding a handle."""
        from jassvm.values import f32
        gname, slot, _old = self._read_global(name, index)
        m = _ELEMENT.match(name)
        if m:
            index = int(m["index"])
        t = slot.type_name
        if t == "integer":
            if isinstance(value, bool) or not isinstance(value, int):
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                else:
                    raise _Problem(f"{gname} is an integer: cannot set it to {value!r}")
            if not -2**31 <= value < 2**31:
                raise _Problem(f"{value} is outside the integer range")
        elif t == "real":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise _Problem(f"{gname} is a real: cannot set it to {value!r}")
            value = f32(float(value))
        elif t == "boolean":
            if not isinstance(value, bool):
                raise _Problem(f"{gname} is a boolean: cannot set it to {value!r}")
        elif t == "string":
            if value is not None and not isinstance(value, str):
                raise _Problem(f"{gname} is a string: cannot set it to {value!r}")
        elif t == "code":
            raise _Problem(f"{gname} is a code variable: scenarios cannot set it")
        else:
            if isinstance(value, str):
                value = self._handle_value(value)
            elif value is not None:
                raise _Problem(f"{gname} is a {t}: set it to null or the name of a global")
        try:
            write_global(self.vm, gname, value, index if slot.is_array else None)
        except IndexError as err:
            raise _Problem(str(err)) from None
        return self

    # -- reports ------------------------------------------------------------------------
    def failure(self, message: str, *, what: str | None = None, line: int | None = None,
                file: str | None = None, column: int | None = None) -> ScenarioFailure:
        """A ScenarioFailure carrying the current game time and ``where()``."""
        return ScenarioFailure(message, what=what, line=line, game_time=self.now,
                               elapsed=self.elapsed, state=self.where(), file=file,
                               column=column)

    def where(self) -> dict:
        """Where the game stands: mission, game time, outcome, last trigger runs (game time,
        trigger, first action) with the periodic triggers apart as counts, the threads
        waiting (what they wait in, when they wake), running timers, runtime errors with
        their JASS stacks, recent timeline."""
        state: dict[str, Any] = {"mission": None, "game_time": self.now, "elapsed": self.elapsed}
        if self.session is None:
            return state
        game = self.game
        state["mission"] = self.mission.name if self.mission else None
        state["mission_index"] = self.mission_index
        state["missions"] = list(self.missions)
        out = game.outcome
        if out is not None and hasattr(out, "summary"):
            state["outcome"] = out.summary()
        runs = self.triggers.runs
        periodic = _periodic_runs(runs, periodic_triggers(game))
        state["triggers"] = [r.format() for r in runs if r.trigger not in periodic][-LAST_TRIGGERS:]
        state["periodic"] = [p.format() for p in periodic.values()]
        names = script_names(self.vm, "trigger")
        state["waiting"] = [w.format() for w in waiting_threads(self.vm, names)]
        state["timers"] = [t.format() for t in pending_timers(game, names) if not t.hidden][:LAST_TIMERS]
        state["errors"] = [{"time": e.time, "kind": e.kind, "message": e.message,
                            "thread": e.thread, "stack": [str(s) for s in e.stack],
                            "mission": m} for m, e in self.errors]
        entries = list(game.timeline[-LAST_TIMELINE:])
        state["timeline"] = [_timeline_line(t, k, _describe_entry(k, d)) for t, k, d in entries]
        msgs = self.messages()
        state["messages"] = [f"{t:9.2f}s  " + m.replace("\n", "\n" + " " * 14) for t, m in msgs[-3:]]
        state["saves"] = self.loads[-LAST_TIMELINE:]
        return state

    def full_timeline(self) -> list[str]:
        """Every line of the missions played, in game-time order per mission: messages the
        local player saw, the model's timeline, runtime errors with their JASS stacks and
        every trigger run (kind ``trigger``); text with the game's colour codes is
        shown stripped with the raw string beside it. Missions before the current one are
        as they were when the next one started (``next_mission``)."""
        lines = list(self._finished_timelines)
        if self.session is not None:
            lines += self._mission_timeline()
        return lines

    def mission_reports(self) -> list[tuple[Any, list[TriggerRun]]]:
        """``(maps.runner.MissionReport, trigger runs)`` of each mission played: the ones
        before the current one when ``keep_reports`` was set as they ended, then the current
        one now (for ``maps.html_report``)."""
        out = list(self._finished_reports)
        if self.session is not None:
            out.append(self._mission_report())
        return out

    def _mission_report(self) -> tuple[Any, list[TriggerRun]]:
        from maps.runner import build_report
        return build_report(self.mission, self.session), self.triggers.of_mission(self.mission_index)

    def _mission_timeline(self) -> list[str]:
        from maps.runner import timeline_entries
        head = (f"== mission {self.mission_index + 1}: {self.mission.name} "
                f"(game time {format_duration(self.now)})")
        rows: list[tuple[float, int, str]] = []
        for i, e in enumerate(timeline_entries(self.session)):
            rows.append((e.time, i, _timeline_line(e.time, e.kind, e.text)))
        n = len(rows)
        for e in self.vm.errors:
            rows += [(e.time, n, f"{'':12}at {s}") for s in reversed(e.stack)]
        for j, r in enumerate(self.triggers.of_mission(self.mission_index)):
            rows.append((r.time, n + 1 + j, f"{r.time:9.2f}s  {'trigger':<16} {r.trigger}"
                         + (f" ({r.function})" if r.function and r.function not in r.trigger else "")))
        rows.sort(key=lambda row: (row[0], row[1]))
        return [head] + [text for _t, _i, text in rows]

    def facts(self) -> dict[str, Any]:
        """Per-run facts for JUnit properties: map(s), game time reached (seconds), outcome
        of the local player, ops, threads, missions, runtime errors, seed."""
        outcome = None
        ended = False
        if self.session is not None:
            outcome = self.outcome_of()
            ended = self.ended
        return {
            "map": " -> ".join(self.missions),
            "game_time": round(self.elapsed, 3),
            "outcome": outcome or ("ended" if ended else "none"),
            "ops": self.ops,
            "threads": self.threads,
            "missions": len(self.missions),
            "runtime_errors": len(self.errors),
            "seed": self.seed,
            "local_player": self.local if self.session is not None else self.local_player,
        }


class GlobalsView:
    """``JassGame.globals``: read with ``view["udg_x"]`` / ``view["udg_arr[2]"]`` (unset
    non-array globals read ``None``), write with ``view["udg_x"] = 3``; ``in`` and ``names``."""

    def __init__(self, game: JassGame):
        self._game = game

    def __getitem__(self, name: str) -> Any:
        try:
            _, _, v = self._game._read_global(name, None)
        except _Problem as p:
            raise KeyError(str(p)) from None
        return None if v is _unset() else v

    def __setitem__(self, name: str, value: Any) -> None:
        self._game.set_global(name, value)

    def __contains__(self, name: str) -> bool:
        m = _ELEMENT.match(name)
        return (m["name"] if m else name) in self._game.vm.program.global_index

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    @property
    def names(self) -> list[str]:
        return [g.name for g in self._game.vm.program.globals]


# ---------------------------------------------------------------------------------------
# Running a scenario file
# ---------------------------------------------------------------------------------------

_DIFFICULTY = {"easy": 0, "normal": 1, "hard": 2, "insane": 3}


def run_scenario(loaded: LoadedScenario, *, api: str | os.PathLike | None = None,
                 seed: int | None = None, reload_each_step: bool = False,
                 on_session: Callable[["JassGame"], None] | None = None,
                 on_failure: Callable[["JassGame", ScenarioFailure], None] | None = None,
                 on_step: Callable[[int, float, float], None] | None = None,
                 on_end: Callable[["JassGame"], None] | None = None,
                 keep_reports: bool = False) -> ScenarioResult:
    """Play a loaded scenario: its steps in order, then its expectations. ``api`` and
    ``seed`` override the file's (``--jass-api``, ``--jass-seed``). With
    ``reload_each_step`` (``--jass-reload-each-step``) the game is saved and restored into
    a fresh session at every step boundary (before the first step, between steps, before
    the expectations): a scenario must pass the same way. With ``keep_reports`` the result
    carries each mission's report and trigger runs (``ScenarioResult.missions``, for
    ``jass test --jass-html``). Never raises for a scenario that fails: the result carries
    the ScenarioFailure. ``on_session(jg)`` runs for every new session of the game
    (``JassGame.session_hooks``; the debugger hooks its VM there), and
    ``on_failure(jg, failure)`` with the game still intact when the scenario fails;
    ``on_step(index, start, end)`` after each step that completed (game seconds of all missions
    played) and ``on_end(jg)`` before the game is closed (``maps.recording`` uses both)."""
    sc = loaded.scenario
    api_dir = api if api is not None else (str(loaded.api) if loaded.api else None)
    jg = JassGame(api=api_dir, seed=sc.seed if seed is None else seed,
                  local_player=sc.local_player, players=sc.players, budget=sc.budget,
                  max_wall=sc.max_wall, base=loaded.path.parent,
                  difficulty=_DIFFICULTY.get(sc.difficulty) if sc.difficulty else None)
    if on_session is not None:
        jg.session_hooks.append(on_session)
    jg.keep_reports = keep_reports
    file = str(loaded.path)
    what, line, column = None, None, None
    failure = None
    missions: list = []
    try:
        try:
            first = 0
            if loaded.from_save is not None:
                what = f"from_save: {loaded.from_save}"
                line, column = loaded.from_save_mark
                first = _start_from_save(jg, loaded)
            else:
                what = f"map: {loaded.maps[0]}"
                line, column = loaded.map_mark
                jg.load(loaded.maps[0])
            for i, step in enumerate(sc.steps):
                what, line = describe(step), loaded.step_lines[i] or None
                column = loaded.step_columns[i] or None if loaded.step_columns else None
                if reload_each_step:
                    _reload(jg, "before this step")
                start = jg.elapsed
                _run_step(jg, step, loaded, first + jg.mission_index + 1)
                if on_step is not None:
                    on_step(i, start, jg.elapsed)
            if reload_each_step:
                what, line, column = "the end of the steps", None, None
                _reload(jg, "after the last step")
            for i, cond in enumerate(sc.expect):
                what, line = describe(cond), loaded.expect_lines[i] or None
                column = loaded.expect_columns[i] or None if loaded.expect_columns else None
                ok, detail = jg.evaluate(cond)
                if not ok:
                    raise _Problem(detail)
        except _Problem as p:
            failure = jg.failure(str(p), what=what, line=line, file=file, column=column)
        except ScenarioFailure as f:
            if f.line is None:
                f.line, f.column = line, column
            f.file = file
            f.what = f.what or what
            failure = f
        if failure is not None and on_failure is not None:
            on_failure(jg, failure)
        if on_end is not None:
            on_end(jg)
        facts = jg.facts()
        if failure is not None:
            failure.timeline = jg.full_timeline()
        if keep_reports:
            missions = jg.mission_reports()
    finally:
        jg.close()
    facts["scenario"] = loaded.name
    return ScenarioResult(loaded.name, failure, facts, missions)


def _reload(jg: JassGame, when: str) -> None:
    """``--jass-reload-each-step``: save and restore the game now (``JassGame.reload``)."""
    try:
        jg.reload()
    except ScenarioFailure as f:
        raise _Problem(f"--jass-reload-each-step: the reload {when} failed: {f.message}") from None


def _start_from_save(jg: JassGame, loaded: LoadedScenario) -> int:
    """``from_save``: restore the save into a fresh game of the scenario's map it belongs
    to (for a campaign: the first of its maps whose identity -- API, script, strings --
    the save matches). Returns that map's index in ``loaded.maps``."""
    from maps.errors import MapError
    from maps.runner import read_save_file
    source = loaded.from_save
    try:
        save = read_save_file(source)
    except MapError as err:
        raise _Problem(f"cannot load {source}: {err.reason}") from None
    differs: list[str] = []
    for i, path in enumerate(loaded.maps):
        mission = jg._mission_of(path)
        if mission.identity == save.identity:
            jg._restore(save, mission, None, str(source))
            return i
        what = [k for k in sorted(set(save.identity) | set(mission.identity))
                if save.identity.get(k) != mission.identity.get(k)]
        differs.append(f"{path.name} (differs in: {', '.join(what)})")
    meta = save.header.get("meta", {})
    made = f" (it was saved from {meta['map']})" if isinstance(meta.get("map"), str) else ""
    raise _Problem(f"cannot load {source}: the save belongs to another map or API than "
                   + ("the scenario's: " if len(differs) == 1 else "each of the scenario's: ")
                   + "; ".join(differs) + made)


def _run_step(jg: JassGame, step, loaded: LoadedScenario, next_map: int) -> None:
    if isinstance(step, S.AdvanceStep):
        jg.advance(step.advance)
    elif isinstance(step, S.RunUntilStep):
        jg.run_until(step.run_until.condition, step.run_until.within)
    elif isinstance(step, S.KillStep):
        jg.kill(step.kill.unit, step.kill.killer)
    elif isinstance(step, S.MoveStep):
        jg.move(step.move.unit, step.move.to)
    elif isinstance(step, S.OrderStep):
        o = step.order
        jg.order(o.unit, o.order, o.to, o.target, o.arrive)
    elif isinstance(step, S.DamageStep):
        jg.damage(step.damage.unit, step.damage.amount, step.damage.source)
    elif isinstance(step, S.HealStep):
        jg.heal(step.heal.unit, step.heal.amount)
    elif isinstance(step, S.SelectStep):
        jg.select(step.select.unit, step.select.player)
    elif isinstance(step, S.UseItemStep):
        jg.use_item(step.use_item.unit, step.use_item.item)
    elif isinstance(step, S.PickUpStep):
        jg.pick_up(step.pick_up.unit, step.pick_up.item)
    elif isinstance(step, S.LearnStep):
        jg.learn_skill(step.learn_skill.unit, step.learn_skill.ability)
    elif isinstance(step, S.BuildStep):
        jg.build(step.build.unit, step.build.type, step.build.to, step.build.instant)
    elif isinstance(step, S.BuyStep):
        b = step.buy
        jg.buy(b.unit, b.shop, b.type, b.item)
    elif isinstance(step, S.AttackStep):
        jg.attack(step.attack.unit, step.attack.target)
    elif isinstance(step, S.CastStep):
        c = step.cast
        jg.cast(c.unit, c.ability, c.target, c.to)
    elif isinstance(step, S.SkipCinematicStep):
        jg.skip_cinematic(step.skip_cinematic.player)
    elif isinstance(step, S.PressKeyStep):
        k = step.press_key
        jg.press_key(k.key, k.action, k.player)
    elif isinstance(step, S.CommandStep):
        c = step.command
        jg.command(c.ability, c.order, c.upgrade, c.player)
    elif isinstance(step, S.DzInputStep):
        d = step.dz_input
        jg.dz_input(d.key, d.button, d.status, d.wheel, d.move, d.resize, d.player)
    elif isinstance(step, S.ClickFrameStep):
        c = step.click_frame
        jg.click_frame(c.frame, c.context, c.player)
    elif isinstance(step, S.FrameInputStep):
        f = step.frame_input
        jg.frame_input(f.frame, f.event, f.value, f.text, f.context, f.player)
    elif isinstance(step, S.KeyStep):
        k = step.key
        jg.key(k.key, k.meta, k.action, k.player)
    elif isinstance(step, S.MouseStep):
        m = step.mouse
        jg.mouse(m.action, m.button, m.at, m.over, m.player)
    elif isinstance(step, S.TrackableStep):
        jg.trackable(step.trackable.trackable, step.trackable.action, step.trackable.player)
    elif isinstance(step, S.ClickStep):
        jg.click(step.click.button, step.click.dialog, step.click.player)
    elif isinstance(step, S.ChatStep):
        jg.chat(step.chat.text, step.chat.player)
    elif isinstance(step, S.LeaveStep):
        jg.leave(step.leave.player)
    elif isinstance(step, S.SetStep):
        jg.set_global(step.set.global_, step.set.value, step.set.index)
    elif isinstance(step, S.NextMissionStep):
        if next_map >= len(loaded.maps):
            raise _Problem("next_mission: no map left in the campaign")
        jg.next_mission(loaded.maps[next_map])
    elif isinstance(step, S.SaveStep):
        jg.save_slot(step.save)
    elif isinstance(step, S.LoadStep):
        jg.load_slot(step.load)
    elif isinstance(step, S.SaveGameStep):
        jg.save_game(step.save_game)
    elif isinstance(step, S.ExpectStep):
        conds = step.expect if isinstance(step.expect, list) else [step.expect]
        for cond in conds:
            ok, detail = jg.evaluate(cond)
            if not ok:
                raise _Problem(detail if len(conds) == 1 else f"{describe(cond)}: {detail}")
    else:  # pragma: no cover - the schema and this function list the same kinds
        raise _Problem(f"unsupported step {describe(step)}")


# ---------------------------------------------------------------------------------------
# Failure text
# ---------------------------------------------------------------------------------------

def format_failure(f: ScenarioFailure) -> str:
    """The multi-line failure report: expectation/step with its line, what was found, game
    time, mission, last trigger activity, runtime errors with JASS stacks, recent timeline."""
    st = f.state or {}
    lines = []
    where = f"{f.file}:{f.line}" if f.file and f.line else (f.file or "")
    if f.file and f.line and f.column:
        where += f":{f.column}"
    head = f"failed at game time {format_duration(f.game_time)}"
    if st.get("missions") and len(st["missions"]) > 1:
        head += (f" of mission {st.get('mission_index', 0) + 1}/{len(st['missions'])} "
                 f"{st.get('mission')!r} (total {format_duration(f.elapsed)})")
    elif st.get("mission"):
        head += f" in {st['mission']!r}"
    lines.append(head)
    if f.what:
        lines.append(f"  {'expectation' if _is_expectation(f.what) else 'step'}"
                     f"{' (' + where + ')' if where else ''}: {f.what}")
    lines.append(f"  -> {f.message}")
    out = st.get("outcome")
    if out:
        res = ", ".join(f"player {k}: {v}" for k, v in out.get("results", {}).items()) or "none"
        lines.append(f"outcome: {res}; " + (f"mission ended ({out.get('reason')})" if out.get("ended")
                                            else "mission not ended"))
    trig = st.get("triggers")
    periodic = st.get("periodic")
    lines.append(("last trigger activity" + (" (periodic triggers below)" if periodic else "") + ":")
                 if trig else "last trigger activity: none" + (" but periodic triggers" if periodic else ""))
    lines += ["  " + t for t in trig or []]
    if periodic:
        lines.append("periodic triggers:")
        lines += ["  " + p for p in periodic]
    waiting = st.get("waiting")
    if waiting is not None:
        lines.append(f"threads waiting ({len(waiting)}):" if waiting else "threads waiting: none")
        lines += ["  " + w for w in waiting[:LAST_TRIGGERS]]
        if len(waiting) > LAST_TRIGGERS:
            lines.append(f"  ... and {len(waiting) - LAST_TRIGGERS} more")
    timers = st.get("timers")
    if timers:
        lines.append("timers running:")
        lines += ["  " + t for t in timers]
    errors = st.get("errors") or []
    if errors:
        lines.append(f"runtime errors ({len(errors)}):")
        for e in errors[-5:]:
            lines.append(f"  [{e['time']:8.2f}s] {e['kind']}: {e['message']} (thread {e['thread']})")
            for s in reversed(e["stack"]):
                lines.append(f"      at {s}")
    tl = st.get("timeline")
    if tl:
        lines.append("recent timeline:")
        lines += ["  " + t for t in tl]
    msgs = st.get("messages")
    if msgs:
        lines.append("last messages:")
        lines += ["  " + m for m in msgs]
    saves = st.get("saves")
    if saves:
        lines.append("saves and loads:")
        lines += ["  " + m for m in saves]
    if f.timeline_file:
        lines.append(f"full timeline: {f.timeline_file}")
    if f.recording_file:
        lines.append(f"recording: {f.recording_file} (jass debug it to stop at this step; jass run --replay it)")
    return "\n".join(lines)


@dataclass
class _Periodic:
    """A trigger run on a clock: how often it ran, its period (game seconds), first and
    last run."""

    trigger: str
    runs: int
    period: float
    first: float
    last: float

    def format(self) -> str:
        return (f"{self.trigger}: {self.runs} runs every {self.period:g} s "
                f"({self.first:.2f}s to {self.last:.2f}s)")


def _periodic_runs(runs: list[TriggerRun], registered: dict[int, float]) -> dict[str, _Periodic]:
    """The triggers among ``runs`` that run on a clock, by name: those registered on a
    periodic timer event (``registered``: ``natives.pending.periodic_triggers``), and those
    (of earlier missions, or whose timer is gone) with at least 4 runs of which three
    quarters follow one interval."""
    by: dict[str, list[TriggerRun]] = {}
    for r in runs:
        by.setdefault(r.trigger, []).append(r)
    out = {}
    for name, rs in by.items():
        period = registered.get(id(rs[-1].handle)) if rs[-1].handle is not None else None
        if period is None and len(rs) >= 4:
            steps = Counter(round(b.time - a.time, 3) for a, b in zip(rs, rs[1:]) if b.mission == a.mission)
            if steps:
                common, n = max(steps.items(), key=lambda kv: (kv[1], -kv[0]))
                if common > 0 and n * 4 >= sum(steps.values()) * 3:
                    period = common
        if period is not None and len(rs) >= 3:
            out[name] = _Periodic(name, len(rs), period, rs[0].time, rs[-1].time)
    return out


def _timeline_line(t: float, kind: str, text: str) -> str:
    """A timeline line of a report: game time, kind, the text without colour codes (``|n``
    lines indented under it) and, when it had codes, the raw string beside."""
    pad = " " * 29
    line = f"{t:9.2f}s  {kind:<16} " + markup.strip(text).replace("\n", "\n" + pad)
    if markup.has_markup(text):
        line += f"\n{pad}raw: " + text.replace("\n", "\n" + pad + "     ")
    return line


def _is_expectation(what: str) -> bool:
    key = what.lstrip("{").split(":", 1)[0].strip()
    return key in S.CONDITION_KINDS


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------

_CONDITION = TypeAdapter(S.Condition)


def _unset():
    from jassvm.vm import UNSET
    return UNSET


def _code(rawcode: str | int) -> int:
    if isinstance(rawcode, int):
        return rawcode
    v = 0
    for ch in rawcode:
        v = (v << 8) | (ord(ch) & 0xFF)
    return v


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if value is _unset():
        return "<unset>"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return repr(value)
    return repr(value)


def _cmp_text(cmps: list[tuple[str, Any]]) -> str:
    return ", ".join(f"{op} {_show(v)}" for op, v in cmps)


def _flow_list(items: list) -> str:
    return "[" + ", ".join(describe(x) for x in items) + "]"


def _compare(value: Any, op: str, operand: Any) -> bool:
    """JASS-friendly comparison: reals (binary32) compare with a small tolerance."""
    if value is _unset():
        return False
    if op in ("eq", "ne"):
        if isinstance(value, float) or isinstance(operand, float):
            if isinstance(value, bool) or isinstance(operand, bool) or not all(
                    isinstance(x, (int, float)) for x in (value, operand)):
                eq = False
            else:
                eq = math.isclose(value, operand, rel_tol=1e-6, abs_tol=1e-6)
        elif isinstance(value, bool) != isinstance(operand, bool):
            eq = False
        else:
            eq = value is operand if hasattr(value, "handle_id") else value == operand
        return eq if op == "eq" else not eq
    if isinstance(value, bool) or not isinstance(value, (int, float)) or operand is None:
        return False
    return {"lt": value < operand, "le": value <= operand,
            "gt": value > operand, "ge": value >= operand}[op]


def _suggest(name: str, names: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(names), n=3, cutoff=0.6)
    return f" (did you mean {', '.join(close)}?)" if close else ""


def _every(ref: Any) -> bool:
    return bool(ref.get("every")) if isinstance(ref, dict) else getattr(ref, "every", False)


def _unit_text(u) -> str:
    return f"unit '{u.utype.rawcode}' of player {u.owner.id} at ({u.x:.0f}, {u.y:.0f})"


def _ref_text(ref: Any) -> str:
    return ref if isinstance(ref, str) else describe(ref) if isinstance(ref, BaseModel) else repr(ref)


def _region_point(region, name: str) -> tuple[float, float]:
    from natives.geometry import REGION_CELL
    for add, x0, y0, x1, y1 in reversed(region.ops):
        if not add:
            continue
        for cx in range(x0, min(x1, x0 + 64) + 1):
            for cy in range(y0, min(y1, y0 + 64) + 1):
                x, y = (cx + 0.5) * REGION_CELL, (cy + 0.5) * REGION_CELL
                if region.contains(x, y):
                    return x, y
    raise _Problem(f"{name} is an empty region")


def _describe_entry(kind: str, data: dict) -> str:
    from maps.runner import describe as describe_entry
    return describe_entry(kind, data)
