"""The debugger core: breakpoints, stepping, threads and inspection over a running game.

One ``Debugger`` plays one program (a map, a campaign folder or a scenario file) on the
calling Python thread, the game thread. It subscribes to the hooks of every session's VM
(``jassvm.hooks``) and puts breakpoints and data breakpoints in that VM's own instrumented
copies of the functions concerned (``jassvm.instrument``): the shared program and every other
VM stay untouched, and functions without breakpoints keep their fast forms. When the game
must stop (a breakpoint, a step, a crash of a filtered kind, a pause, a game time reached,
a failing scenario expectation) the core calls ``Frontend.stopped`` synchronously, from inside
the hook: the thread's frames are intact, the game clock does not move, and the front end
inspects and changes state through this class until it calls a resume method.

Stepping is per JASS thread: ``step_in`` stops at the next line the thread runs, ``step_over``
at the next line at the same call depth or above, ``step_out`` above. While a step is
pending every function reports lines (``Instrumentation.trace_all``), so stepping runs as
bytecode; other threads, timers and events keep running as they would, and stepping over a
``TriggerSleepAction`` stops on the next line after the wait, at the game time the thread
wakes up.

Stops between clock steps (``pause``, ``until_time``) have no JASS frame: the threads are the
waiting ones. ``pause`` may be called from another Python thread; the game stops after the
scheduler entry it is in, or at the next traced line.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from jassvm.diagnostics import JassError
from jassvm.instrument import line_starts, program_functions
from jassvm.thread import JassArray, Thread
from jassvm.values import f32
from maps.errors import MapError
from maps.recording import Recording, RecordingError, is_recording, load_scenario_of, read_recording
from maps.runner import RunOptions, describe, is_campaign, load_mission, read_campaign, run_mission
from maps.scenario import ScenarioFileError, load_scenario
from maps.scenario_runner import run_scenario
from natives.pending import script_name, thread_origin
from natives.snapshot import SnapshotError, read_save

from .evaluate import EvalError, Evaluator, parse_expression
from .inspect import children, expandable, format_value, type_of
from .timetravel import DEFAULT_MEMORY, MIN_GAP, MIN_WALL, Checkpoint, Checkpoints, Position, Replay, Rewind

EXCEPTION_FILTERS = [
    ("op-limit", "Op limit exceeded (300,000 ops)"),
    ("uninitialized", "Uninitialised variable read"),
    ("division-by-zero", "Division by zero"),
    ("forbidden-wait", "Wait where the game forbids it"),
    ("missing-native", "Native not implemented"),
    ("null", "Null handle where the game crashes"),
    ("stack-overflow", "Stack overflow"),
    ("string-too-long", "String longer than 64 KiB"),
    ("internal", "Runtime bug (internal)"),
]
"""Exception breakpoint filters: (crash kind, label). Kinds are ``RuntimeErrorRecord.kind``."""


class DebugError(Exception):
    """A user mistake (bad expression, unknown variable or thread): a message for the UI."""


class Terminate(BaseException):
    """Raised from a hook to end the game (``Debugger.terminate``); not an ``Exception`` so the
    VM's crash handlers let it through."""


@dataclass
class Stop:
    """Why and where the game stopped (see ``Frontend.stopped``)."""

    reason: str
    description: str
    thread_id: int | None
    breakpoint_ids: list[int] = field(default_factory=list)
    text: str | None = None


class Frontend(Protocol):
    """What the core calls: ``stopped`` blocks until a resume method was called; ``output``
    takes ``console`` (logpoints), ``timeline`` (game messages with game time), ``triggers``
    (trigger activity) and ``stderr`` text."""

    def stopped(self, debugger: "Debugger", stop: Stop) -> None: ...

    def output(self, category: str, text: str) -> None: ...


def _check_condition(condition: str | None) -> None:
    """DebugError when a breakpoint condition is not one JASS expression (said when it is set,
    not at every hit)."""
    if condition:
        try:
            parse_expression(condition)
        except EvalError as exc:
            raise DebugError(f"condition: {exc}") from None


@dataclass
class Breakpoint:
    """A breakpoint as the front end sees it. ``kind``: ``line``, ``function``, ``trigger`` or
    ``data``; ``hits`` counts the times it was reached (conditions true)."""

    id: int
    verified: bool
    message: str | None
    file: str | None
    line: int | None
    kind: str
    condition: str | None = None
    hit_condition: str | None = None
    log_message: str | None = None
    hits: int = 0
    temporary: bool = False
    target: str | None = None   # function / trigger / variable name
    spec_line: int | None = None   # the line asked for (``line`` may move to code after it)


@dataclass
class ThreadInfo:
    """A JASS thread as the front end lists it: VM thread id, name after what started it
    (``natives.pending.thread_origin``), state (``running``, ``stopped``, ``waiting until
    t=S``...) and ops of its current uninterrupted run (the op limit is 300,000)."""
    id: int
    name: str
    state: str
    ops: int


@dataclass
class FrameInfo:
    """One JASS frame, innermost first; ``path`` is the source file on disk when known."""

    id: int
    function: str
    file: str
    line: int
    path: str | None


@dataclass
class Scope:
    """A group of variables of a frame (``Arguments``, ``Locals``, ``Event response``, ``Map
    globals``, ``All globals``); ``ref`` for ``variables``; ``expensive``: large, fetch on demand."""
    name: str
    ref: int
    expensive: bool


@dataclass
class Variable:
    """``ref`` > 0: expandable (``variables(ref)``)."""

    name: str
    value: str
    type: str
    ref: int


@dataclass
class _Step:
    kind: str            # in, over, out
    thread: int | None   # JASS thread id; None: the next line anywhere
    depth: int


class Debugger:
    """See the module docstring. ``program_path``: a map (archive, folder, ``war3map.j``), a
    campaign folder or a ``*.scenario.yaml`` file; ``until`` game seconds; ``api`` the API
    folder (as ``jass run --api``)."""

    def __init__(self, program_path: str | os.PathLike, *, api: str | None = None, until: float = 1800.0,
                 seed: int = 0, local_player: int | None = None, frontend: Frontend,
                 stop_on_entry: bool = False, break_on_failure: bool = False,
                 checkpoint_memory: int = DEFAULT_MEMORY) -> None:
        self.path = Path(program_path)
        self.api = api
        self.until = until
        self.seed = seed
        self.local_player = local_player
        self.frontend = frontend
        self.stop_on_entry = stop_on_entry
        self.break_on_failure = break_on_failure
        self.is_scenario = self.path.name.endswith((".yaml", ".yml"))
        self.recording: Recording | None = None   # a *.jrec: read when the run starts
        self.vm = None
        self.session = None
        self.game = None
        self._next_id = 1
        self._line_specs: dict[str, list[dict]] = {}
        self._function_specs: list[dict] = []
        self._data_specs: list[str] = []
        self._exception_kinds: set[str] = set()
        self._breakpoints: dict[int, Breakpoint] = {}
        self._line_index: dict[tuple[str, int], list[Breakpoint]] = {}
        self._trigger_bps: list[tuple[Breakpoint, str, str]] = []
        self._data_watch: list[tuple[Breakpoint, Any]] = []
        self._first_line: dict[int, Breakpoint] = {}
        self._labels: dict[int, str] = {}
        self._trigger_names: dict[int, tuple[str, Any]] = {}
        self._step: _Step | None = None
        self._resumed = False
        self._pause = False
        self._until_time: float | None = None
        self._until: tuple | None = None        # (predicate, description): until_outcome/quest
        self._stopped: tuple[Stop, Thread | None, Any] | None = None
        self._refs: dict[int, Any] = {}
        self._frame_refs: dict[int, tuple] = {}
        self._sources: dict[str, bytes] = {}
        self._paths: dict[str, str | None] = {}
        self._timeline_seen = (0, 0, 0)    # timeline entries, messages, crashes already shown
        self._hooks = _Hooks(self)
        self._terminated = False
        self.result: dict = {}
        # time travel (``debugger.timetravel``)
        self.checkpoint_memory = checkpoint_memory
        self.checkpoints: Checkpoints | None = None
        self._replay: Replay | None = None
        self._travel: tuple | None = None
        self._position: Position | None = None
        self._next_save_wall = 0.0

    # ================================================================== running
    def run(self) -> dict:
        """Play the program to its end (or ``terminate``); returns ``{"outcome", "time",
        "exit_code", "failure"}``. Errors loading it raise ``DebugError``."""
        try:
            if is_recording(self.path):
                self._open_recording()
            if self.is_scenario:
                self._run_scenario()
            else:
                self._run_maps()
        except Terminate:
            self._terminated = True
            self.result.setdefault("outcome", None)
        self.result.setdefault("time", self.now)
        self.result.setdefault("exit_code", 0)
        self.result["terminated"] = self._terminated
        return self.result

    def _run_maps(self) -> None:
        sandbox = tempfile.mkdtemp(prefix="jass-debug-")
        options = RunOptions(api=self.api, until=self.until, seed=self.seed, local_player=self.local_player,
                             sandbox=sandbox)
        try:
            missions = read_campaign(self.path).missions if is_campaign(self.path) else [self.path]
            carry = None
            for mission_path in missions:
                try:
                    mission = load_mission(mission_path, options)
                except MapError as exc:
                    raise DebugError(str(exc)) from None
                except JassError as exc:
                    first = next((d for d in exc.diagnostics if d.is_error), None)
                    raise DebugError(f"{mission_path}: the script cannot be loaded"
                                     + (f": {first.format()}" if first else "")) from None
                self._remember_sources(mission)
                self.checkpoints = Checkpoints(self.checkpoint_memory)
                resume = None
                while True:
                    try:
                        report, session = run_mission(mission, options, carry=carry, session_hook=self._install,
                                                      progress=self._progress, interrupt=self._interrupt,
                                                      resume=resume)
                        break
                    except MapError as exc:   # e.g. a local player the API has no slot for
                        raise DebugError(str(exc)) from None
                    except Rewind as rw:   # time travel: restore a checkpoint, replay from it
                        cp = rw.checkpoint
                        resume = read_save(cp.save) if cp.save is not None else None
                        self._replay = rw.replay
                        for bp in self._breakpoints.values():
                            bp.hits = cp.hits.get(bp.id, 0)
                self._flush_timeline()
                outcome = report.outcome.get(report.local_player)
                self.result = {"outcome": outcome, "time": report.game_time, "exit_code": 0}
                if outcome != "victory":
                    break
                cache = session.game.gamecache
                carry = cache.export() if cache is not None else None
        finally:
            shutil.rmtree(sandbox, ignore_errors=True)

    def _open_recording(self) -> None:
        """A recording (``maps.recording``) is debugged as what it recorded: the map with its
        options, or the scenario as it was written then; a recorded failure stops the game at
        the failing step."""
        try:
            rec = self.recording = read_recording(self.path)
        except RecordingError as exc:
            raise DebugError(str(exc)) from None
        self.api = self.api or rec.api
        self.seed = rec.seed
        if rec.kind == "map":
            self.path = Path(rec.path)
            self.until = rec.until or self.until
            self.local_player = rec.local_player if self.local_player is None else self.local_player
        else:
            self.is_scenario = True
            self.break_on_failure = self.break_on_failure or bool(rec.result.get("failure"))

    def _run_scenario(self) -> None:
        try:
            loaded = load_scenario_of(self.recording) if self.recording is not None else load_scenario(self.path)
        except (ScenarioFileError, RecordingError) as exc:
            raise DebugError(str(exc)) from None

        def on_failure(jg, failure) -> None:
            self._flush_timeline()
            # the run has failed whatever happens at the stop: quitting there exits 1 too
            self.result = {"exit_code": 1, "failure": str(failure)}
            if self.break_on_failure:
                self._stop(Stop("failure", f"scenario failed: {failure.what or ''}".strip(), None,
                                text=str(failure)), None, None)

        result = run_scenario(loaded, api=self.api, seed=self.seed if self.recording is not None else None,
                              on_session=self._install_game, on_failure=on_failure)
        self._flush_timeline()
        failure = result.failure
        self.result = {"outcome": result.facts.get("outcome"), "time": result.facts.get("game_time", self.now),
                       "exit_code": 1 if failure else 0, "failure": str(failure) if failure else None}

    def _install_game(self, jg) -> None:
        mission = getattr(jg, "mission", None)
        if mission is not None:
            self._remember_sources(mission)
        self._install(jg.session)

    def _install(self, session) -> None:
        """A new session (first mission, next mission, a load): hook its VM and put the
        breakpoints into it."""
        self.session, self.game, self.vm = session, session.game, session.vm
        self._labels = {}
        self._trigger_names = {}
        self._first_line = {}
        self._timeline_seen = self._timeline_size() if self._replay is not None else (0, 0, 0)
        self._next_save_wall = time.monotonic() + MIN_WALL
        self.vm.hooks.add(self._hooks)
        self._apply_breakpoints()
        if self.stop_on_entry:
            self.stop_on_entry = False
            self._stop(Stop("entry", "stopped on entry (the script has not started)", None), None, None)

    def _remember_sources(self, mission) -> None:
        api = mission.api
        base = getattr(api, "folder", None) or getattr(api, "path", None)
        for name, data in api.sources:
            self._sources[name] = data
            self._paths[name] = str(Path(base) / name) if base and (Path(base) / name).is_file() else None
        files = mission.mapfiles
        name = files.script_name if files.kind != "script" else str(files.source)
        self._sources[name] = files.script
        self._paths[name] = str(files.source) if files.kind == "script" else None

    def _interrupt(self) -> bool:
        if self._replay is not None:
            r = self._replay
            return r.kind == "time" and self.vm.scheduler.now >= r.time
        return self._pause or (self._until_time is not None and self.vm is not None
                               and self.vm.scheduler.now >= self._until_time) or (
            self._until is not None and self._until[0]())

    def _progress(self, now: float) -> None:
        if self._replay is not None:
            return self._replay_progress(now)
        self._flush_timeline()
        self._checkpoint(now)
        if self._until_time is not None and now >= self._until_time:
            self._until_time = None
            self._stop(Stop("goto", f"game time {now:.2f} s reached", None), None, None)
        elif self._until is not None and self._until[0]():
            what = self._until[1]
            self._until = None
            self._stop(Stop("goto", f"{what} at game time {now:.2f} s", None), None, None)
        elif self._pause:
            self._pause = False
            self._stop(Stop("pause", f"paused at game time {now:.2f} s", None), None, None)

    # ================================================================== resume methods
    def continue_(self) -> None:
        """Go on until the next stop."""
        self._resume(None)

    def step_in(self, thread_id: int | None = None) -> None:
        """Stop at the next line the thread runs, into calls (None: the stopped thread, or
        the next line of any thread when stopped between threads)."""
        self._resume(self._make_step("in", thread_id))

    def step_over(self, thread_id: int | None = None) -> None:
        """Stop at the thread's next line at this call depth or above; over a wait the game
        time advances to the thread's wake-up while everything else runs."""
        self._resume(self._make_step("over", thread_id))

    def step_out(self, thread_id: int | None = None) -> None:
        """Stop at the thread's next line above this call depth (when the function returns)."""
        self._resume(self._make_step("out", thread_id))

    def until_outcome(self) -> None:
        """Go on until the mission ends (victory, defeat or another end): the stop comes with
        the game in its final state."""
        game = self.game
        self._until = (lambda: bool(game.ended), "the mission ended")
        self._resume(None)

    def until_quest(self, title: str, state: str = "completed") -> None:
        """Go on until the quest titled ``title`` is ``state`` (``completed``, ``failed``,
        ``discovered`` or ``created``, as the quest log has it)."""
        if state not in ("completed", "failed", "discovered", "created"):
            raise DebugError(f"quest state {state!r}: completed, failed, discovered or created")
        log = self.game.quests

        def reached() -> bool:
            q = log.find(title)
            return q is not None and (state == "created" or bool(getattr(q, state)))

        self._until = (reached, f"quest {title!r} {state}")
        self._resume(None)

    def until_time(self, seconds: float) -> None:
        """Go on until game time ``seconds`` (stop reason ``goto``)."""
        if seconds <= self.now:
            raise DebugError(f"game time is already {self.now:.2f} s")
        self._until_time = seconds
        self._resume(None)

    def step_back(self, thread_id: int | None = None) -> None:
        """Go back to the line this thread ran before the current one (game time may go
        back): see ``debugger.timetravel``. Maps and campaigns only."""
        self._need_travel()     # first: in a scenario, that is the reason
        th = self._thread(thread_id) if thread_id is not None else (self._stopped[1] if self._stopped else None)
        if th is None:
            raise DebugError("step back needs a thread stopped at a line")
        self._travel = ("back", th.id)
        self._resumed = True

    def reverse_continue(self) -> None:
        """Go back to the last breakpoint hit before now."""
        self._need_travel()
        self._travel = ("breakpoint", None)
        self._resumed = True

    def goto_time(self, seconds: float) -> None:
        """Go to game time ``seconds``, forward (as ``until_time``) or back."""
        if seconds > self.now:
            return self.until_time(seconds)
        self._need_travel()
        self._travel = ("time", seconds)
        self._resumed = True

    def _need_travel(self) -> None:
        if self.checkpoints is None or self.is_scenario:
            raise DebugError("time travel works on maps and campaigns (not in scenarios)")
        if self._position is None:
            raise DebugError("nothing to go back to yet")

    def terminate(self) -> None:
        """End the game: ``run`` returns once the front end's ``stopped`` returns."""
        self._terminated = True
        self._resumed = True

    def pause(self) -> None:
        """Stop as soon as possible (safe from another Python thread)."""
        self._pause = True

    def _make_step(self, kind: str, thread_id: int | None) -> _Step:
        th = self._thread(thread_id) if thread_id is not None else (self._stopped[1] if self._stopped else None)
        if th is None:
            return _Step("in", None, 0)
        return _Step(kind, th.id, len(th.frames))

    def _resume(self, step: _Step | None) -> None:
        self._step = step
        self._resumed = True

    # ================================================================== stops
    def _stop(self, stop: Stop, th: Thread | None, crash, line: int | None = None) -> None:
        if self._terminated:
            raise Terminate()
        self._position = Position(self._clock(), self.now, th.id if th is not None else None, line)
        self._travel = None
        self._stopped = (stop, th, crash)
        self._refs.clear()
        self._frame_refs.clear()
        self._resumed = False
        self._step = None
        self._pause = False
        self._until_time = self._until = None   # a goal a breakpoint interrupted is dropped (gdb's until)
        self._flush_timeline()
        try:
            self.frontend.stopped(self, stop)
        except Exception as exc:   # a front-end bug must not become a JASS thread crash
            self.frontend.output("stderr", f"debugger front end failed: {type(exc).__name__}: {exc}\n")
        finally:
            self._stopped = None
        if self._terminated:
            raise Terminate()
        if self._travel is not None:
            raise self._plan_travel()
        vm = self.vm
        if vm is not None:
            vm.instrument.set_trace_all(self._step is not None)
            vm.sync_instrumentation()

    # ------------------------------------------------------------------ time travel
    def _clock(self) -> int:
        """The op clock (``debugger.timetravel``): ops executed since the mission started
        (``VM.total_ops`` is part of a save, so a restored game goes on counting)."""
        vm = self.vm
        if vm is None:
            return 0
        return vm.total_ops + sum(t.ops for t in vm.running)

    def _checkpoint(self, now: float) -> None:
        """Take a checkpoint between clock steps: at most every ``MIN_GAP`` game seconds, and
        only after ``MIN_WALL`` seconds or ten times the last save's cost of play, whichever
        is longer (saving costs at most a tenth of the time; replaying from the latest
        checkpoint costs about as much play as that)."""
        cps = self.checkpoints
        if cps is None or now - cps.items[-1].now < MIN_GAP or time.monotonic() < self._next_save_wall:
            return
        t0 = time.monotonic()
        try:
            data = self.session.save_bytes()
        except SnapshotError:
            return          # not data right now (the save says why when the map saves)
        cost = time.monotonic() - t0
        self._next_save_wall = time.monotonic() + max(10 * cost, MIN_WALL)
        cp = Checkpoint(now, self._clock(), data, {b.id: b.hits for b in self._breakpoints.values()},
                        self.vm._next_thread_id)
        if cps.add(cp):
            self._out("console", f"time travel: checkpoints thinned to {len(cps.items)} to stay under "
                                 f"{cps.limit >> 20} MiB\n")

    def _plan_travel(self) -> Rewind:
        kind, arg = self._travel
        self._travel = None
        here = self._position
        cps = self.checkpoints
        if kind == "time":
            cp = cps.before_time(arg)
            return Rewind(cp, Replay("time", time=arg, origin=here, reason="goto"))
        cp = cps.before(here.clock)
        reason = "step" if kind == "back" else "breakpoint"
        return Rewind(cp, Replay(kind, until=here, thread=arg, origin=here, reason=reason))

    def _scan_done(self) -> None:
        """The scan reached the moment it started from: seek its find, or scan further back."""
        r = self._replay
        cps = self.checkpoints
        start = cps.before(r.until.clock) if r.until is not None else cps.items[0]
        if r.found is not None:
            raise Rewind(start, Replay("seek", target=r.found, origin=r.origin, reason=r.reason))
        earlier = cps.earlier(start)
        if r.kind == "back" and r.thread is not None and r.thread > start.next_thread:
            earlier = None      # the thread started after this checkpoint: nothing before it
        if earlier is not None:
            until = Position(start.clock, start.now, None, None)
            raise Rewind(earlier, Replay(r.kind, until=until, thread=r.thread, origin=r.origin, reason=r.reason))
        # nothing earlier in the whole mission: back to where the travel started (said now:
        # ``_out`` is silent while a replay runs)
        self.frontend.output("console", "time travel: nothing earlier to go back to\n")
        raise Rewind(cps.before(r.origin.clock), Replay("seek", target=r.origin, origin=r.origin, reason=r.reason))

    def _replay_line(self, th: Thread, frame, line: int) -> None:
        r = self._replay
        clock = self._clock()
        # a trigger breakpoint's first line is consumed here as in ``_on_line``, whatever
        # the replay is for, so it neither stops later at another line nor is missed
        first = self._first_line.pop(th.id, None)
        if r.kind == "seek":
            t = r.target
            if clock == t.clock and th.id == t.thread and line == t.line:
                self._arrive()
                what = f"{frame.fn.name} ({frame.fn.file}:{line})"
                here = self._line_index.get((frame.fn.file, line), ()) if r.reason == "breakpoint" else ()
                ids = ([first.id] if first is not None and r.reason == "breakpoint" else []) + [bp.id for bp in here]
                self._stop(Stop(r.reason, f"back to {what}", th.id, ids), th, None, line)
            return
        if r.kind == "time":
            return
        if clock >= r.until.clock:
            self._scan_done()
        if r.kind == "back":
            if th.id == r.thread:
                r.found = Position(clock, self.now, th.id, line)
            return
        hit_first = first is not None and self._hit(first, th, frame)
        bps = self._line_index.get((frame.fn.file, line))
        if hit_first or (bps and any([self._hit(bp, th, frame) for bp in bps])):
            r.found = Position(clock, self.now, th.id, line)

    def _replay_progress(self, now: float) -> None:
        r = self._replay
        if r.kind == "time" and now >= r.time:
            self._arrive()
            self._stop(Stop("goto", f"back at game time {now:.2f} s", None), None, None)
        elif r.kind in ("back", "breakpoint") and r.until is not None and r.until.thread is None \
                and self._clock() >= r.until.clock:
            self._scan_done()
        elif r.kind == "seek" and r.target.thread is None and self._clock() >= r.target.clock:
            self._arrive()
            self._stop(Stop(r.reason, f"back at game time {now:.2f} s", None), None, None)

    def _replay_thread(self, th: Thread, running: bool) -> None:
        """A replay traces every line only while the thread it follows runs: the rest of
        the game replays at full speed (the op clock is the same either way)."""
        r = self._replay
        follow = r.thread if r.kind == "back" else r.target.thread if r.kind == "seek" else None
        if follow is not None and th.id == follow:
            self.vm.instrument.set_trace_all(running)

    def _arrive(self) -> None:
        """The replay reached its target: the game goes on normally from here."""
        self._replay = None
        self._timeline_seen = self._timeline_size()
        self.vm.instrument.set_trace_all(False)

    def _out(self, category: str, text: str) -> None:
        if self._replay is None:
            self.frontend.output(category, text)

    def _timeline_size(self) -> tuple[int, int, int]:
        return len(self.game.timeline), len(self.game.messages), len(self.vm.errors)

    def _flush_timeline(self) -> None:
        """What the game showed since the last flush, as ``jass run``'s timeline has it: the
        local player's messages, the game's timeline entries and the crashes, by game time."""
        game = self.game
        if game is None or self._replay is not None:
            return
        seen_timeline, seen_messages, seen_errors = self._timeline_seen
        local = game.local_player_id
        entries = [(m.time, m.text) for m in game.messages[seen_messages:] if m.player == local]
        entries += [(t, describe(kind, data)) for t, kind, data in game.timeline[seen_timeline:]]
        entries += [(e.time, f"{e.kind}: {e.message}" + (f" at {e.stack[-1]}" if e.stack else ""))
                    for e in self.vm.errors[seen_errors:]]
        for t, text in sorted(entries, key=lambda e: e[0]):
            self._out("timeline", f"[{t:8.2f}s] {text}")
        self._timeline_seen = self._timeline_size()

    # hook handlers (``_Hooks`` forwards the VM's events here)
    def _on_line(self, th: Thread, frame, line: int) -> None:
        if self._replay is not None:
            return self._replay_line(th, frame, line)
        if self._pause:
            self._stop(Stop("pause", f"paused in {frame.fn.name} at game time {self.now:.2f} s", th.id), th, None,
                       line)
            return
        step = self._step
        if step is not None and (step.thread is None or step.thread == th.id):
            depth = len(th.frames)
            if step.kind == "in" or (step.kind == "over" and depth <= step.depth) or depth < step.depth:
                self._stop(Stop("step", f"{frame.fn.name} ({frame.fn.file}:{line})", th.id), th, None, line)
                return
        first = self._first_line.pop(th.id, None)
        if first is not None and self._hit(first, th, frame):
            self._stop(Stop("function breakpoint", f"breakpoint {first.id}: {first.target}", th.id, [first.id]),
                       th, None, line)
            return
        bps = self._line_index.get((frame.fn.file, line))
        if bps:
            hit = [bp for bp in bps if self._hit(bp, th, frame)]
            if hit:
                reason = "function breakpoint" if hit[0].kind == "function" else "breakpoint"
                self._stop(Stop(reason, f"breakpoint {hit[0].id} at {frame.fn.file}:{line}", th.id,
                                [bp.id for bp in hit]), th, None, line)

    def _on_thread_started(self, th: Thread) -> None:
        if self._replay is not None:
            self._replay_thread(th, True)
        if th.kind != "action" and not self._trigger_bps:
            return      # the common case (enum and filter callbacks): nothing to do
        trig = getattr(th.response, "trigger", None)
        name = self._trigger_name(trig) if trig is not None else None
        if name is None:
            return
        self._labels[th.id] = thread_origin(th, name)
        if th.kind == "action":
            self._out("triggers", f"[{self.now:8.2f}s] {name} fired")
        if not self._trigger_bps:
            return
        part = "actions" if th.kind == "action" else "conditions" if th.kind == "callback" else None
        for bp, trig_name, wanted in self._trigger_bps:
            if trig_name == name and wanted == part:
                fns = list(th.actions)
                for fn in fns:
                    self.vm.instrument.trace(fn)
                self._first_line[th.id] = bp
                break

    def _on_thread_crashed(self, th: Thread | None, rec) -> None:
        if rec.kind in self._exception_kinds and self._replay is None:
            self._stop(Stop("exception", f"{rec.kind}: {rec.message}", th.id if th else None,
                            text=rec.format()), th, rec)

    def _on_thread_resumed(self, th: Thread) -> None:
        if self._replay is not None:
            self._replay_thread(th, True)
        # a thread restored from a save, or asleep while breakpoints changed, resumes on the
        # functions the instrumentation resolves to now (it is not on the stack yet: safe)
        inst = self.vm.instrument
        if inst.active:
            for fr in th.frames:
                inst.rebase(fr)

    def _on_thread_slept(self, th: Thread, delay) -> None:
        if self._replay is not None:
            self._replay_thread(th, False)

    def _on_thread_ended(self, th: Thread) -> None:
        if self._replay is not None:
            self._replay_thread(th, False)
        step = self._step
        if step is not None and step.thread == th.id:
            # the stepped thread ended: stop between threads (the game has not gone on yet)
            self._stop(Stop("step", f"thread {th.id} ended", None), None, None)

    def _hit(self, bp: Breakpoint, th: Thread, frame) -> bool:
        """Whether ``bp`` stops here: its condition, hit count and log message."""
        if bp.condition:
            try:
                value, _ = Evaluator(self.vm, frame).evaluate(bp.condition)
            except EvalError as exc:
                self._out("stderr", f"breakpoint {bp.id}: condition {bp.condition!r}: {exc}\n")
                value = True
            if not value:
                return False
        bp.hits += 1
        if bp.hit_condition and not _hit_condition(bp.hit_condition, bp.hits):
            return False
        if bp.log_message is not None:
            if self._replay is None:
                self.frontend.output("console", self._interpolate(bp.log_message, frame) + "\n")
            return False
        if bp.temporary and self._replay is None:
            self._remove(bp)
        return True

    def _interpolate(self, message: str, frame) -> str:
        out, i = [], 0
        while i < len(message):
            c = message[i]
            if c == "{":
                j = message.find("}", i)
                if j < 0:
                    out.append(message[i:])
                    break
                try:
                    value, declared = Evaluator(self.vm, frame).evaluate(message[i + 1:j])
                    out.append(value if isinstance(value, str) else format_value(value, declared))
                except EvalError as exc:
                    out.append(f"<{exc}>")
                i = j + 1
            else:
                out.append(c)
                i += 1
        return "".join(out)

    # ================================================================== breakpoints
    def set_line_breakpoints(self, file: str, specs: list[dict]) -> list[Breakpoint]:
        """Replace the line breakpoints of ``file`` (see the API notes in the module doc).
        ``spec``: ``line`` and optional ``condition``, ``hitCondition``, ``logMessage``,
        ``temporary``."""
        key = _file_key(file)
        old = {}
        for bp in [b for b in self._breakpoints.values() if b.kind == "line" and _file_key(b.file or "") == key]:
            del self._breakpoints[bp.id]
            old[(bp.spec_line, bp.condition, bp.hit_condition, bp.log_message, bp.temporary)] = bp
        self._line_specs[key] = [dict(s) for s in specs]
        made = []
        for s in specs:   # an unchanged breakpoint keeps its id and hit count (`break` adds one)
            spec = (int(s["line"]), s.get("condition"), s.get("hitCondition"), s.get("logMessage"),
                    bool(s.get("temporary")))
            made.append(self._keep(old.pop(spec, None)) or
                        self._new_bp("line", file=file, line=spec[0], spec_line=spec[0], condition=spec[1],
                                     hit_condition=spec[2], log_message=spec[3], temporary=spec[4]))
        self._apply_breakpoints()
        return made

    def _keep(self, bp: Breakpoint | None) -> Breakpoint | None:
        if bp is not None:
            self._breakpoints[bp.id] = bp
        return bp

    def set_function_breakpoints(self, specs: list[dict]) -> list[Breakpoint]:
        """Replace the function and trigger breakpoints: ``name`` a JASS function, or a trigger
        variable ``gg_trg_X`` (optionally followed by ``actions`` or ``conditions``)."""
        old = {}
        for bp in [b for b in self._breakpoints.values() if b.kind in ("function", "trigger")]:
            del self._breakpoints[bp.id]
            old[(bp.target, bp.condition, bp.hit_condition, bp.temporary)] = bp
        made = []
        for s in specs:   # an unchanged breakpoint keeps its id and hit count (`break` adds one)
            name = str(s["name"]).strip()
            parts = name.split()
            kind = "trigger" if parts and parts[0].startswith("gg_trg_") or len(parts) == 2 else "function"
            spec = (name, s.get("condition"), s.get("hitCondition"), bool(s.get("temporary")))
            made.append(self._keep(old.pop(spec, None)) or
                        self._new_bp(kind, target=name, condition=spec[1], hit_condition=spec[2],
                                     temporary=spec[3]))
        self._apply_breakpoints()
        return made

    def set_exception_filters(self, kinds: list[str]) -> None:
        """Stop when a thread crashes with one of these kinds (``EXCEPTION_FILTERS`` ids);
        raises DebugError for an unknown one."""
        known = {k for k, _ in EXCEPTION_FILTERS}
        unknown = [k for k in kinds if k not in known]
        if unknown:
            raise DebugError(f"unknown exception filter {unknown[0]!r}; known: {', '.join(sorted(known))}")
        self._exception_kinds = set(kinds)

    def data_breakpoint_info(self, name: str, frame_id: int | None = None) -> tuple[str | None, str]:
        """``(data id, description)`` for a global (``udg_x``) or an element (``udg_a[3]``)."""
        base, index = _split_index(name)
        program = self._program()
        g = program.global_index.get(base) if program is not None else None
        if g is None:
            return None, f"{base} is not a global of the program (data breakpoints watch globals)"
        if g.is_array and index is None:
            return None, f"{base} is an array: watch one element, e.g. {base}[0]"
        if not g.is_array and index is not None:
            return None, f"{base} is not an array"
        return name.replace(" ", ""), f"when {name} changes"

    def set_data_breakpoints(self, data_ids: list[str]) -> list[Breakpoint]:
        """Replace the data breakpoints: stop when the script changes each global or element
        (``data_breakpoint_info`` ids); unknown ones come back unverified with the reason."""
        for bp in [b for b in self._breakpoints.values() if b.kind == "data"]:
            del self._breakpoints[bp.id]
        made = []
        for d in data_ids:
            did, why = self.data_breakpoint_info(d)
            bp = self._new_bp("data", target=d)
            if did is None:
                bp.verified, bp.message = False, why
            made.append(bp)
        self._apply_breakpoints()
        return made

    def add_breakpoint(self, location: str, condition: str | None = None, temporary: bool = False) -> Breakpoint:
        """A breakpoint from a location as users type it: ``FILE:LINE``, ``LINE`` (the map
        script), a function name, or a trigger ``gg_trg_X [actions|conditions]``. DebugError
        for a condition that does not parse."""
        _check_condition(condition)
        loc = location.strip()
        file, _, line = loc.rpartition(":")
        if line.isdigit() or loc.isdigit():
            file = file if line.isdigit() and file else self._map_script()
            line_no = int(line if line.isdigit() else loc)
            specs = self._line_specs.get(_file_key(file), []) + [
                {"line": line_no, "condition": condition, "temporary": temporary}]
            return self.set_line_breakpoints(file, specs)[-1]
        specs = [{"name": b.target, "condition": b.condition, "hitCondition": b.hit_condition,
                  "temporary": b.temporary} for b in self._breakpoints.values() if b.kind in ("function", "trigger")]
        specs.append({"name": loc, "condition": condition, "temporary": temporary})
        return self.set_function_breakpoints(specs)[-1]

    def delete_breakpoint(self, bp_id: int) -> None:
        """Remove breakpoint ``bp_id`` of any kind; raises DebugError when there is none."""
        bp = self._breakpoints.get(bp_id)
        if bp is None:
            raise DebugError(f"no breakpoint {bp_id}")
        self._remove(bp)

    def set_condition(self, bp_id: int, condition: str | None) -> None:
        """Set (a JASS boolean expression) or clear (None, "") breakpoint ``bp_id``'s condition."""
        bp = self._breakpoints.get(bp_id)
        if bp is None:
            raise DebugError(f"no breakpoint {bp_id}")
        _check_condition(condition)
        bp.condition = condition or None

    def breakpoints(self) -> list[Breakpoint]:
        """Every breakpoint, by id."""
        return sorted(self._breakpoints.values(), key=lambda b: b.id)

    def _remove(self, bp: Breakpoint) -> None:
        self._breakpoints.pop(bp.id, None)
        if bp.kind == "line":
            key = _file_key(bp.file or "")
            self._line_specs[key] = [s for s in self._line_specs.get(key, []) if int(s["line"]) != bp.line]
        self._apply_breakpoints()

    def _new_bp(self, kind: str, **kw) -> Breakpoint:
        bp = Breakpoint(self._next_id, False, None, kw.pop("file", None), kw.pop("line", None), kind, **kw)
        self._next_id += 1
        self._breakpoints[bp.id] = bp
        return bp

    def _program(self):
        return self.vm.program if self.vm is not None else None

    def _map_script(self) -> str:
        names = list(self._sources)
        return names[-1] if names else "war3map.j"

    def _apply_breakpoints(self) -> None:
        """Put every breakpoint into the current VM (traced copies, watches)."""
        vm = self.vm
        if vm is None:
            for bp in self._breakpoints.values():
                bp.message = "pending: the program is not loaded yet"
            return
        inst = vm.instrument
        for bp, cb in self._data_watch:
            base, index = _split_index(bp.target or "")
            if index is None:
                vm.unwatch_global(base, cb)
            else:
                vm.unwatch_array(base, cb)
        self._data_watch = []
        for fn in list(inst.traced):
            inst.trace(fn, on=False)
        self._line_index = {}
        self._trigger_bps = []
        index = None
        for bp in self.breakpoints():
            if bp.kind == "line":
                index = index or _LineIndex(vm.program)
                found = index.find(bp.file or "", bp.line or 0)
                if found is None:
                    bp.verified, bp.message = False, f"no code at {bp.file}:{bp.line}"
                    continue
                fn, line = found
                bp.verified, bp.message, bp.line = True, None, line
                self._line_index.setdefault((fn.file, line), []).append(bp)
                inst.trace(fn)
            elif bp.kind == "function":
                fn = vm.program.functions.get(bp.target or "")
                if fn is None or not hasattr(fn, "code") or not fn.code:
                    bp.verified, bp.message = False, f"no JASS function {bp.target}"
                    continue
                line = fn.lines[0]
                bp.verified, bp.file, bp.line = True, fn.file, line
                self._line_index.setdefault((fn.file, line), []).append(bp)
                inst.trace(fn)
            elif bp.kind == "trigger":
                parts = (bp.target or "").split()
                name, part = parts[0], parts[1] if len(parts) > 1 else "actions"
                g = vm.program.global_index.get(_split_index(name)[0])
                if g is None or g.type_name != "trigger" or part not in ("actions", "conditions"):
                    bp.verified = False
                    bp.message = f"{bp.target}: not a trigger variable (gg_trg_X [actions|conditions])"
                    continue
                bp.verified = True
                self._trigger_bps.append((bp, name, part))
            elif bp.kind == "data":
                self._watch(vm, bp)
        vm.sync_instrumentation()

    def _watch(self, vm, bp: Breakpoint) -> None:
        base, index = _split_index(bp.target or "")
        g = vm.program.global_index.get(base)
        if g is None or g.is_array != (index is not None):
            bp.verified, bp.message = False, self.data_breakpoint_info(bp.target or "")[1]
            return
        bp.verified = True

        def changed(*args) -> None:
            if index is None:
                old, new = args
            else:
                i, old, new = args
                if i != index:
                    return
            th = vm.current
            bp.hits += 1
            if self._replay is not None:
                return
            self._stop(Stop("data breakpoint", f"{bp.target} changed from {format_value(old)} to "
                            f"{format_value(new)}", th.id if th else None, [bp.id]), th, None)

        if index is None:
            vm.watch_global(base, changed)
        else:
            vm.watch_array(base, changed)
        for fn in vm.instrument._stores_of(g.index):   # stop with the storing frame inspectable
            vm.instrument.trace(fn)
        self._data_watch.append((bp, changed))

    # ================================================================== inspection
    @property
    def now(self) -> float:
        """Game time in seconds."""
        return self.vm.scheduler.now if self.vm is not None else 0.0

    @property
    def stopped(self) -> Stop | None:
        """The current stop, None while the game runs."""
        return self._stopped[0] if self._stopped else None

    def threads(self) -> list[ThreadInfo]:
        """The JASS threads alive now: the map's, running on the stack then waiting, then
        those of each AI player's script (``natives.ai``), named ``AI player N (script): F``."""
        vm = self.vm
        if vm is None:
            return []
        out = self._vm_threads(vm)
        for pid, ai_vm in sorted(self.game.ai.vms.items()):
            script = self.game.ai.players[pid].script
            out += self._vm_threads(ai_vm, f"AI player {pid} ({script}): ")
        return out

    def _vm_threads(self, vm, prefix: str = "") -> list[ThreadInfo]:
        stopped = self._stopped[1] if self._stopped else None
        waits = {e.seq: e.due for e in vm.scheduler.entries() if e.kind == vm.resume_kind}
        out = []
        every = {th.id: th for th in list(vm.running) + list(vm.threads.values())}
        for th in sorted(every.values(), key=lambda t: t.id):
            if th is stopped:
                state = "stopped"
            elif th.status == "running":
                state = "running"
            elif th.wake is not None and th.wake in waits:
                state = f"waiting until t={waits[th.wake]:.2f}"
            else:
                other = next((o for o in every.values() if th.id in o.waiters), None)
                state = (f"waiting for thread {other.id} (TriggerExecuteWait)" if other else "waiting")
            label = self._labels.get(th.id) if not prefix else prefix + th.name
            if label is None:
                trig = getattr(th.response, "trigger", None)
                label = thread_origin(th, self._trigger_name(trig) if trig is not None else None)
            out.append(ThreadInfo(th.id, label, state, th.ops))
        return out

    def stack(self, thread_id: int) -> list[FrameInfo]:
        """The frames of a thread, innermost first (a crash adds the fast-path frames the
        exception unwound through, without locals)."""
        th = self._thread(thread_id)
        frames = list(enumerate(th.frames))
        out: list[FrameInfo] = []
        crash = self._stopped[2] if self._stopped and self._stopped[1] is th else None
        if crash is not None and len(crash.stack) > len(th.frames):
            for entry in reversed(crash.stack[len(th.frames):]):
                fid = self._new_frame_ref((th, None, entry))
                out.append(FrameInfo(fid, entry.function, entry.file, entry.line, self._paths.get(entry.file)))
        for k, fr in reversed(frames):
            pc = fr.pc if k == len(th.frames) - 1 and self._at_line(th) else max(fr.pc - 1, 0)
            line = fr.fn.lines[min(pc, len(fr.fn.lines) - 1)] if fr.fn.lines else fr.fn.line
            fid = self._new_frame_ref((th, k, None))
            out.append(FrameInfo(fid, fr.fn.name, fr.fn.file, line, self._paths.get(fr.fn.file)))
        return out

    def scopes(self, frame_id: int) -> list[Scope]:
        """The scopes of a frame from ``stack`` (fast-path frames of a crash have no locals)."""
        th, k, _entry = self._frame(frame_id)
        out = []
        if k is not None:
            fr = th.frames[k]
            n = fr.fn.nparams
            if n:
                out.append(Scope("Arguments", self._new_ref(("locals", fr, 0, n)), False))
            out.append(Scope("Locals", self._new_ref(("locals", fr, n, len(fr.fn.local_names))), False))
        out.append(Scope("Event response", self._new_ref(("response", th.response)), False))
        out.append(Scope("Map globals", self._new_ref(("globals", True)), False))
        out.append(Scope("All globals", self._new_ref(("globals", False)), True))
        return out

    def variables(self, ref: int) -> list[Variable]:
        """The variables under ``ref`` (a scope's or an expandable value's); references last
        until the game resumes. Raises DebugError for a stale one."""
        spec = self._refs.get(ref)
        if spec is None:
            raise DebugError(f"no variables reference {ref} (references last until the game resumes)")
        kind = spec[0]
        if kind == "locals":
            _, fr, lo, hi = spec
            fn = fr.fn
            return [self._variable(fn.local_names[i], fr.locals[i],
                                   fn.param_types[i] if i < fn.nparams else fn.local_types[i])
                    for i in range(lo, hi)]
        if kind == "globals":
            vm = self.vm
            out = []
            for g in vm.program.globals:
                if spec[1] and not g.name.startswith(("udg_", "gg_")):
                    continue
                out.append(self._variable(g.name, vm.globals[g.index], g.type_name))
            return out
        if kind == "response":
            resp = spec[1]
            out = []
            for name in getattr(type(resp), "__dataclass_fields__", {}):
                v = getattr(resp, name, None)
                if v not in (None, 0, 0.0, "", False):
                    out.append(self._variable(name, v, None))
            return out
        value = spec[1]
        out = [self._variable(name, v, t if t not in ("list", "dict") else None) for name, v, t in children(value)]
        if getattr(value, "type_name", "") == "timer" and getattr(value, "state", "") == "running":
            out.insert(0, Variable("remaining", format_value(f32(value.due - self.now)), "real", 0))
        return out

    def set_variable(self, ref: int, name: str, value: str) -> Variable:
        """Set a local, argument, global or array element shown under ``ref`` to the value of the
        JASS expression ``value``."""
        spec = self._refs.get(ref)
        if spec is None:
            raise DebugError(f"no variables reference {ref}")
        frame = spec[1] if spec[0] == "locals" else self._current_frame()
        ev = Evaluator(self.vm, frame)
        try:
            if spec[0] in ("locals", "globals"):
                if spec[0] == "globals":
                    ev = Evaluator(self.vm, None)
                new = ev.assign(name, None, value)
                return self._variable(name, new, ev._variable_type(name))
            if spec[0] == "value" and isinstance(spec[1], JassArray) and name.startswith("["):
                arr = spec[1]
                i = int(name.strip("[]"))
                new, declared = ev.evaluate(value)
                if type(new) is not type(arr.default) and arr.default is not None:
                    if isinstance(arr.default, float) and isinstance(new, int):
                        new = f32(float(new))
                    else:
                        raise DebugError(f"this array holds {type_of(arr.default)} values")
                if not 0 <= i < arr.size:
                    raise DebugError(f"index {i} is out of range")
                arr[i] = new
                return self._variable(name, new, declared)
        except EvalError as exc:
            raise DebugError(str(exc)) from None
        raise DebugError(f"{name} cannot be set here (only arguments, locals, globals and array elements)")

    def evaluate(self, expression: str, frame_id: int | None = None, allow_side_effects: bool = False) -> Variable:
        """The value of a JASS expression in a frame (the stopped frame when None)."""
        if self.vm is None:
            raise DebugError("the program is not running yet")
        frame = self._frame(frame_id)[0].frames[self._frame(frame_id)[1]] if frame_id is not None and \
            self._frame(frame_id)[1] is not None else (self._current_frame() if frame_id is None else None)
        try:
            value, declared = Evaluator(self.vm, frame, allow_side_effects).evaluate(expression)
        except EvalError as exc:
            raise DebugError(str(exc)) from None
        return self._variable(expression, value, declared)

    def sources(self) -> list[tuple[str, str | None]]:
        """The loaded source files: (name as the program knows it, path on disk or None)."""
        return [(name, self._paths.get(name)) for name in self._sources]

    def source_text(self, name: str) -> str:
        """The text of a loaded source (by name or any path ending in it); DebugError if none."""
        data = self._sources.get(name)
        if data is None:
            key = _file_key(name)
            data = next((d for n, d in self._sources.items() if _file_key(n) == key), None)
        if data is None:
            raise DebugError(f"no source {name}")
        return data.decode("utf-8", errors="replace")

    # ------------------------------------------------------------------ helpers
    def _variable(self, name: str, value: Any, declared: str | None) -> Variable:
        ref = self._new_ref(("value", value)) if expandable(value) else 0
        return Variable(name, format_value(value, declared), type_of(value, declared), ref)

    def _new_ref(self, spec: tuple) -> int:
        ref = len(self._refs) + 1
        self._refs[ref] = spec
        return ref

    def _new_frame_ref(self, spec: tuple) -> int:
        fid = len(self._frame_refs) + 1
        self._frame_refs[fid] = spec
        return fid

    def _frame(self, frame_id: int) -> tuple:
        spec = self._frame_refs.get(frame_id)
        if spec is None:
            raise DebugError(f"no frame {frame_id} (ask for the stack first)")
        return spec

    def _current_frame(self):
        if not self._stopped or self._stopped[1] is None or not self._stopped[1].frames:
            return None
        return self._stopped[1].frames[-1]

    def _at_line(self, th: Thread) -> bool:
        return bool(self._stopped) and self._stopped[1] is th and self._stopped[0].reason in (
            "breakpoint", "function breakpoint", "step", "pause")

    def _thread(self, thread_id: int) -> Thread:
        if self.vm is not None:
            for vm in [self.vm, *self.game.ai.vms.values()]:
                for th in list(vm.running) + list(vm.threads.values()):
                    if th.id == thread_id:
                        return th
        raise DebugError(f"no thread {thread_id}")

    def _trigger_name(self, trig: Any) -> str | None:
        """The script's name of a trigger (the global or array element holding it), cached
        per trigger while it is held there."""
        vm = self.vm
        cached = self._trigger_names.get(id(trig))
        if cached is not None:
            name, holder = cached
            base, index = _split_index(name)
            g = vm.program.global_index.get(base)
            value = vm.globals[g.index] if g is not None else None
            if (value.get(index) if isinstance(value, JassArray) else value) is trig and holder is trig:
                return name
        found = self._find_trigger(trig)
        if found is not None:
            self._trigger_names[id(trig)] = (found, trig)
        return found

    def _find_trigger(self, trig: Any) -> str | None:
        # the World Editor's gg_trg_ name before a Blizzard.j slot holding the same trigger
        return script_name(self.vm, trig, "trigger")


class _Hooks:
    """The VM hook subscriber of a ``Debugger`` (kept apart so the debugger's own names do not
    collide with hook event names): each method forwards one ``jassvm.hooks`` event."""

    def __init__(self, debugger: Debugger) -> None:
        self.d = debugger

    def line(self, th, frame, line):
        self.d._on_line(th, frame, line)

    def thread_started(self, th):
        self.d._on_thread_started(th)

    def thread_crashed(self, th, rec):
        self.d._on_thread_crashed(th, rec)

    def thread_resumed(self, th):
        self.d._on_thread_resumed(th)

    def thread_slept(self, th, delay):
        self.d._on_thread_slept(th, delay)

    def thread_ended(self, th):
        self.d._on_thread_ended(th)


class _LineIndex:
    """Where code is: per source file, the functions and their line starts."""

    def __init__(self, program) -> None:
        self.by_file: dict[str, list] = {}
        for fn in program_functions(program):
            if not fn.code:
                continue
            lines = sorted({fn.lines[pc] for pc in line_starts(fn)})
            self.by_file.setdefault(_file_key(fn.file), []).append((fn.line, max(fn.lines), lines, fn))

    def find(self, file: str, line: int):
        """``(function, line)`` of the first code line at or after ``line`` inside a function
        that spans it (or that starts after it, when ``line`` is between functions)."""
        best = None
        for start, end, lines, fn in self.by_file.get(_file_key(file), ()):
            if end < line:
                continue
            at = next((ln for ln in lines if ln >= line), None)
            if at is None:
                continue
            if start <= line or best is None or at < best[1]:
                if start <= line:
                    return fn, at
                best = (fn, at)
        return best


def _file_key(file: str) -> str:
    return os.path.basename(file.replace("\\", "/")).lower()


def _split_index(name: str) -> tuple[str, int | None]:
    name = name.strip()
    if name.endswith("]") and "[" in name:
        base, _, rest = name.partition("[")
        try:
            return base.strip(), int(rest[:-1].strip())
        except ValueError:
            return base.strip(), None
    return name, None


def _hit_condition(cond: str, hits: int) -> bool:
    """DAP hit conditions: ``N`` or ``== N`` (the Nth hit), ``>= N``, ``> N``, ``% N`` (every Nth)."""
    text = cond.strip()
    for op in (">=", "<=", "==", ">", "<", "%"):
        if text.startswith(op):
            try:
                n = int(text[len(op):].strip())
            except ValueError:
                return True
            return {">=": hits >= n, "<=": hits <= n, "==": hits == n, ">": hits > n, "<": hits < n,
                    "%": n > 0 and hits % n == 0}[op]
    try:
        return hits == int(text)
    except ValueError:
        return True
