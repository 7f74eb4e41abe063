"""Computer AI: AI script instances (common.ai and a script per AI player), their command
queues, pausing, tuning and the cheap natives common.ai declares.

The game runs each AI script separately from the map script. ``StartCampaignAI(p, name)`` /
``StartMeleeAI`` ask ``game.ai_loader(name)`` (what the map layer installs,
``maps.runner.load_ai_program``) for the compiled program of common.j + common.ai + the
script, and its digest; the player's AI gets a VM of its own (``AIState.vms``) on the game's
one clock and model: own globals, thread ids from ``(pid + 1) << 24`` and scheduler kinds
``ai<pid>:...`` (so they never collide with the map VM's), threads of kind ``ai``, which may
wait (``Sleep``); the op limit and crash rules are those of every JASS thread (S093-S097). At
the next clock step at the same game time (``ai_start`` entry) the AI's global initialisers
run, then ``main`` in an ``ai`` thread. A crash ends only the crashed thread: it is recorded in
the AI VM's ``errors`` and as an ``ai_crashed`` timeline entry, and the game goes on.

``game.ai.players[pid]`` (``AIPlayer``) is the player's AI state: script, kind, digest,
status, the command queue, the pause flag, tuning flags and the debug text lines. A script
that cannot be found is recorded (``ai_started`` with ``found`` False) and nothing runs; one
that cannot be loaded is recorded as ``ai_failed`` with the loader's message. A second start
for a player whose AI runs is refused with a warning (project choice: what the game does is
not documented).

Natives called from an AI thread see that AI's player (``GetAiPlayer``, the unit counts).
``CommandAI`` pushes ``(command, data)`` onto the player's queue; common.ai reads it with
``CommandsWaiting`` (how many), ``GetLastCommand``/``GetLastData`` (the last one sent) and
``PopLastCommand`` (removes it), as jassdoc (lep/jassdoc common.ai) describes. Reading an
empty queue ends the thread with an ``unimplemented`` crash: what the game answers is not
known, and common.ai always checks ``CommandsWaiting`` first. ``PauseCompAI`` holds the AI's
waking threads until it is resumed (they then continue at the next clock step).

The other natives common.ai declares are in ``natives.aitown`` (towns, counts, harvesting,
production, expansions) and ``natives.aicaptains`` (captains, targets, waves). Hero skills:
when a hero of an AI player appears or gains a level while it has skill points, the AI's
``SetHeroLevels`` function runs as a callback in the AI's VM (``AIState.choose_skills``)
and the hero learns the ability it returns. Save and load: the AI VMs' globals and threads are
written with the game (``natives.snapshot``); a restored session rebuilds each VM from the
same script, checked by digest, and pours its state in. Not supported: an AI script's own
timers and triggers (their code would run on the map's VM); no corpus AI script makes any.

``GetAIDifficulty`` answers ``game.ai.difficulty[player id]``, ``AI_DIFFICULTY_NORMAL`` (1)
unless a scenario or map layer sets it: the lobby's default for an added computer player
(project choice; the lobby itself is not modelled).
"""
from __future__ import annotations

from collections import deque
from typing import Any, Callable

from jassvm.bytecode import CompiledFunction
from jassvm.compiler import CompiledProgram
from jassvm.vm import OP_LIMIT, VM

from natives.handles import alive, enum_handle
from natives.modelevents import HeroLevel, UnitCreated, listens
from natives.production import Cost, unit_cost
from natives.unitdata import rawcode_str
from natives.registry import native
from natives.response import thread_response
from natives.triggers import sleep_delay

AI_THREAD_KIND = "ai"
AI_SLEEP_KINDS = frozenset({AI_THREAD_KIND})
TRACE_LINES = 200
"""Debug text lines (``DisplayText`` & co.) kept per AI player, the newest."""

AI_DIFFICULTY_NEWBIE, AI_DIFFICULTY_NORMAL, AI_DIFFICULTY_INSANE = 0, 1, 2


def kind_prefix(pid: int) -> str:
    """The scheduler kind prefix of player ``pid``'s AI VM."""
    return f"ai{pid}:"


def first_thread_id(pid: int) -> int:
    """Thread ids of player ``pid``'s AI VM start after this (past the map VM's)."""
    return (pid + 1) << 24


class AIPlayer:
    """One player's computer AI (``game.ai.players[pid]``).

    ``script``: the file name given; ``kind``: ``melee``/``campaign``; ``found``: whether the
    map layer found the script; ``digest``: sha256 (hex) of common.j, common.ai and the
    script as loaded (None when nothing runs); ``status``: ``pending`` (not started yet),
    ``running``, ``ended`` (its last thread returned), ``crashed`` (its last thread crashed),
    ``not found``, ``failed`` (could not be loaded), ``not run`` (a model without a map
    layer to load scripts); ``started_at``: game
    seconds; ``commands``: the ``CommandAI`` queue, oldest first, of (command, data);
    ``paused``: ``PauseCompAI``; ``held``: ids of threads whose wake-up came while paused;
    ``mode``: what ``SetCampaignAI``/``SetMeleeAI`` chose; ``tuning``: native name ->
    value of the tuning setters (``SetTargetHeroes``...); ``trace``: the newest debug text
    lines as (game time, text). The economy half (``natives.aitown``): ``towns`` (its
    ``Town``s, refreshed at game time ``towns_at`` with the unit store at serial
    ``towns_seen``), ``harvest`` (the harvest requests in order: (town, resource, workers)),
    ``expansion`` (the gold mine ``GetNextExpansion`` chose), ``hero_levels`` (the code of
    ``SetHeroLevels``), ``hero`` (the hero whose skill it picks), ``flags`` (the switches
    ``DisablePathing``/``SetAmphibious`` turned on). The military half: ``captains``, the attack and defense
    captains, guard posts and targets (``natives.aicaptains.Captains``), None until
    ``CreateCaptains``.
    """

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.script: str | None = None
        self.kind: str | None = None
        self.found = False
        self.digest: str | None = None
        self.status = "pending"
        self.started_at: float | None = None
        self.commands: list[tuple[int, int]] = []
        self.paused = False
        self.held: list[int] = []
        self.mode: str | None = None
        self.tuning: dict[str, Any] = {}
        self.trace: deque = deque(maxlen=TRACE_LINES)
        # the economy and town half (natives.aitown)
        self.towns: list = []
        self.towns_at: float | None = None
        self.towns_seen = -1
        self.harvest: list[tuple[int, str, int]] = []
        self.expansion: Any = None
        self.hero_levels: Any = None
        self.hero: Any = None
        self.flags: dict[str, bool] = {}
        # the military half (natives.aicaptains)
        self.captains: Any = None


class _Watcher:
    """VM hook subscriber of one AI VM: a crash becomes an ``ai_crashed`` timeline entry; when
    the last thread ends, the AI's status becomes ``crashed`` or ``ended``."""

    def __init__(self, game, pid: int) -> None:
        self.game, self.pid = game, pid

    def thread_crashed(self, th, rec) -> None:
        ai = self.game.ai.players[self.pid]
        where = rec.stack[-1].function if rec.stack else None
        self.game.record("ai_crashed", player=self.pid, script=ai.script, crash=rec.kind,
                         message=rec.message, function=where)

    def thread_ended(self, th) -> None:
        vm = self.game.ai.vms[self.pid]
        if th.kind == AI_THREAD_KIND and not vm.threads and not vm.running:
            self.game.ai.players[self.pid].status = "crashed" if th.status == "crashed" else "ended"


class AIState:
    """Computer AI of one game (``game.ai``): ``players`` (pid -> ``AIPlayer``), the guard
    position requests, the difficulty per player; ``vms`` (pid -> the AI's ``VM``) is what
    runs, rebuilt on load (``rebuild``), never saved."""

    def __init__(self, game=None) -> None:
        self.game = game
        self.players: dict[int, AIPlayer] = {}
        self.guard_positions: list[tuple[float, str, Any]] = []
        self.difficulty: dict[int, int] = {}   # player id -> aidifficulty value
        self.vms: dict[int, VM] = {}
        self._by_vm: dict[int, int] = {}        # id(vm) -> player id
        # player id -> (Players.epoch, ids of its foes): ``aicaptains``' enemy list; derived
        self.foes: dict[int, tuple[int, list[int]]] = {}
        if game is not None:
            game.scheduler.register("ai_start", self._run_main)
            game.subscribers.append(self._on_event)

    def player(self, pid: int) -> AIPlayer:
        """The AI record of player ``pid`` (made on first use)."""
        entry = self.players.get(pid)
        if entry is None:
            entry = self.players[pid] = AIPlayer(pid)
        return entry

    def player_of(self, vm) -> int | None:
        """The player whose AI ``vm`` runs, None for the map's VM."""
        return self._by_vm.get(id(vm))

    # -- instances ----------------------------------------------------------------------
    def start(self, pid: int, script: str, kind: str) -> None:
        """Start ``script`` for player ``pid`` (see the module docstring)."""
        game = self.game
        entry = self.player(pid)
        if pid in self.vms:
            game.warn(f"player {pid} already runs AI script {entry.script!r}; {script!r} is not started")
            return
        found = _resolve(game, script)
        entry.script, entry.kind, entry.found, entry.started_at = script, kind, found, game.now
        game.record("ai_started", player=pid, script=script, found=found)
        loader = game.ai_loader
        if loader is None:   # a bare model: nothing can run
            entry.status = "not run"
            return
        try:
            loaded = loader(script)
        except Exception as exc:  # a script that does not load is recorded, the game goes on
            entry.status = "failed"
            game.record("ai_failed", player=pid, script=script, message=str(exc))
            return
        if loaded is None:
            entry.status = "not found"
            return
        program, entry.digest = loaded
        self.rebuild(pid, program)
        game.scheduler.schedule(0.0, "ai_start", pid)

    def rebuild(self, pid: int, program: CompiledProgram) -> VM:
        """Make player ``pid``'s AI VM for ``program`` (no code runs): on start, and when a
        save is restored (``natives.snapshot`` then pours the saved VM state in)."""
        game = self.game
        main = game.vm
        vm = VM(program, game=game, op_limit=main.op_limit if main is not None else OP_LIMIT,
                scheduler=game.scheduler, new_response=thread_response, kind_prefix=kind_prefix(pid),
                first_thread_id=first_thread_id(pid), sleep_kinds=AI_SLEEP_KINDS)
        if main is not None:
            vm.retain, vm.release = main.retain, main.release
        vm.hooks.add(_Watcher(game, pid))
        game.scheduler.register(vm.resume_kind, lambda tid, pid=pid: self._wake(pid, tid))
        self.vms[pid] = vm
        self._by_vm[id(vm)] = pid
        return vm

    def _run_main(self, pid: int) -> None:
        """The ``ai_start`` entry: global initialisers, then ``main`` in an ``ai`` thread."""
        vm = self.vms.get(pid)
        if vm is None:
            return
        self.players[pid].status = "running"
        vm.run_init()
        if isinstance(vm.program.functions.get("main"), CompiledFunction):
            vm.call("main", kind=AI_THREAD_KIND)

    def _wake(self, pid: int, thread_id: int) -> None:
        """A wake-up of an AI thread: held while the AI is paused."""
        entry, vm = self.players[pid], self.vms[pid]
        if entry.paused:
            entry.held.append(thread_id)
            return
        th = vm.threads.get(thread_id)
        if th is not None:
            vm.resume(th)

    # -- hero skills ------------------------------------------------------------------------
    @listens(HeroLevel, UnitCreated)
    def _on_event(self, event) -> None:
        kind = type(event)
        if kind is HeroLevel or (kind is UnitCreated and event.unit.hero is not None):
            self.choose_skills(event.unit)

    def choose_skills(self, hero) -> None:
        """A hero of an AI player that has skill points: the AI's ``SetHeroLevels`` function
        (run as a callback in the AI's VM, with ``AIPlayer.hero`` set for ``GetHeroId`` and
        ``GetHeroLevelAI``) names the ability to learn, once per point while it learns one."""
        entry = self.players.get(hero.owner.id)
        vm = self.vms.get(hero.owner.id)
        if entry is None or vm is None or entry.hero_levels is None or entry.paused:
            return
        entry.hero = hero
        try:
            while hero.hero.skill_points > 0:
                code = vm.run_callback(entry.hero_levels)
                if not code or not self.game.units.learn_skill(hero, code):
                    break
        finally:
            entry.hero = None

    def set_paused(self, pid: int, paused: bool) -> None:
        """``PauseCompAI``: on resume, the held threads continue at the next clock step."""
        entry = self.player(pid)
        entry.paused = paused
        vm = self.vms.get(pid)
        if not paused and vm is not None:
            for tid in entry.held:
                self.game.scheduler.schedule(0.0, vm.resume_kind, tid)
            entry.held.clear()


def _ai(ctx) -> AIState:
    return ctx.game.ai


def _resolve(game, script: str) -> bool:
    resolver = game.ai_resolver
    if resolver is None or not callable(resolver):
        return False
    try:
        return bool(resolver(script))
    except Exception as exc:  # a resolver bug must not kill the script thread
        game.warn(f"ai_resolver({script!r}) failed: {exc}")
        return False


def own(ctx) -> AIPlayer:
    """The AI record of the AI thread calling; crashes the thread outside an AI script."""
    pid = _ai(ctx).player_of(ctx.vm)
    if pid is None:
        ctx.crash("unimplemented", "this common.ai native works only in an AI script thread")
    return _ai(ctx).players[pid]


# ---------------------------------------------------------------------------------------
# common.j: starting, commanding and pausing the AI
# ---------------------------------------------------------------------------------------

@native("StartMeleeAI", "takes player num, string script                 returns nothing")
def StartMeleeAI(ctx, p, script):
    """Start melee AI script ``script`` for ``p`` (see the module docstring)."""
    if p is not None:
        _ai(ctx).start(p.id, script or "", "melee")


@native("StartCampaignAI", "takes player num, string script                 returns nothing")
def StartCampaignAI(ctx, p, script):
    """Start campaign AI script ``script`` for ``p`` (see the module docstring)."""
    if p is not None:
        _ai(ctx).start(p.id, script or "", "campaign")


@native("CommandAI", "takes player num, integer command, integer data returns nothing")
def CommandAI(ctx, p, command, data):
    """Send ``(command, data)`` to the player's AI command queue (kept when no AI runs yet)."""
    if p is not None:
        _ai(ctx).player(p.id).commands.append((command, data))


@native("PauseCompAI", "takes player p,   boolean pause                 returns nothing")
def PauseCompAI(ctx, p, pause):
    """Pause/resume the player's AI: its threads do not wake while paused."""
    if p is not None:
        _ai(ctx).set_paused(p.id, bool(pause))


@native("RemoveGuardPosition", "takes unit hUnit                                returns nothing")
def RemoveGuardPosition(ctx, u):
    """The AI stops returning the unit to its guard position (recorded)."""
    u = alive(u)
    if u is not None:
        _ai(ctx).guard_positions.append((ctx.game.now, "remove", u))


@native("RecycleGuardPosition", "takes unit hUnit                                returns nothing")
def RecycleGuardPosition(ctx, u):
    """The AI may reuse the unit's guard position (recorded)."""
    u = alive(u)
    if u is not None:
        _ai(ctx).guard_positions.append((ctx.game.now, "recycle", u))


@native("RemoveAllGuardPositions", "takes player num                             returns nothing")
def RemoveAllGuardPositions(ctx, p):
    """The player's AI forgets every guard position (recorded)."""
    if p is not None:
        _ai(ctx).guard_positions.append((ctx.game.now, "remove_all", p))


def _difficulty(ctx, pid: int) -> int:
    return _ai(ctx).difficulty.get(pid, AI_DIFFICULTY_NORMAL)


@native("GetAIDifficulty", "takes player num                                returns aidifficulty")
def GetAIDifficulty(ctx, p):
    """The computer difficulty of ``p`` (``AI_DIFFICULTY_NORMAL`` unless set, see module
    docstring); null for a null player."""
    if p is None:
        return None
    return enum_handle("aidifficulty", _difficulty(ctx, p.id))


# ---------------------------------------------------------------------------------------
# common.ai: threads, commands, the AI's player. Declared by common.ai, not common.j: the
# built-in API leaves them out (``map_declared``).
# ---------------------------------------------------------------------------------------

def ai_native(name: str, signature: str) -> Callable[[Callable], Callable]:
    """``natives.registry.native`` for a native common.ai declares."""
    return native(name, signature, map_declared=True)


@ai_native("Sleep", "takes real seconds returns nothing")
def Sleep(ctx, seconds):
    """Wait ``seconds`` game seconds (the minimum and NaN/infinity as ``TriggerSleepAction``,
    ``natives.triggers.sleep_delay``); only AI threads may wait this way, others crash
    (forbidden-wait, as S097)."""
    ctx.sleep(sleep_delay(seconds))


Sleep.may_wait = True  # suspends the calling thread (jassvm.fastpath)


@ai_native("StartThread", "takes code func returns nothing")
def StartThread(ctx, func):
    """Start ``func`` in a new AI thread of the calling AI; it runs until it first waits,
    then the caller goes on."""
    own(ctx)
    ctx.start_thread([func], AI_THREAD_KIND)


@ai_native("GetAiPlayer", "takes nothing returns integer")
def GetAiPlayer(ctx):
    """The player number of the AI running the calling thread."""
    return own(ctx).pid


@ai_native("MeleeDifficulty", "takes nothing returns integer")
def MeleeDifficulty(ctx):
    """The AI player's difficulty as common.ai's ``MELEE_NEWBIE`` (1), ``MELEE_NORMAL`` (2),
    ``MELEE_INSANE`` (3): ``GetAIDifficulty`` + 1 (the order both lists share)."""
    return _difficulty(ctx, own(ctx).pid) + 1


@ai_native("CommandsWaiting", "takes nothing returns integer")
def CommandsWaiting(ctx):
    """How many ``CommandAI`` commands wait in the AI's queue."""
    return len(own(ctx).commands)


def _last(ctx, what: str) -> tuple[int, int]:
    commands = own(ctx).commands
    if not commands:
        ctx.crash("unimplemented", f"{what} with no command waiting: what the game answers is not known")
    return commands[-1]


@ai_native("GetLastCommand", "takes nothing returns integer")
def GetLastCommand(ctx):
    """The command of the last ``CommandAI`` sent and not popped (jassdoc)."""
    return _last(ctx, "GetLastCommand")[0]


@ai_native("GetLastData", "takes nothing returns integer")
def GetLastData(ctx):
    """The data of the last ``CommandAI`` sent and not popped (jassdoc)."""
    return _last(ctx, "GetLastData")[1]


@ai_native("PopLastCommand", "takes nothing returns nothing")
def PopLastCommand(ctx):
    """Remove the last command from the queue (nothing happens when it is empty)."""
    commands = own(ctx).commands
    if commands:
        commands.pop()


# -- debug text: recorded, shown to nobody (release builds print none of it) ------------------

def _trace(ctx, text) -> None:
    own(ctx).trace.append((ctx.now, text if text is not None else ""))


def _format(text, *values) -> str:
    """``"%d"`` placeholders of common.ai's Trace texts, filled in order."""
    out = text or ""
    for v in values:
        out = out.replace("%d", str(v), 1)
    return out


@ai_native("DebugS", "takes string str returns nothing")
def DebugS(ctx, text):
    """Debug text (recorded in ``AIPlayer.trace``)."""
    _trace(ctx, text)


@ai_native("DebugFI", "takes string str, integer val returns nothing")
def DebugFI(ctx, text, val):
    """Debug text and a number (recorded)."""
    _trace(ctx, f"{text or ''} {val}")


@ai_native("DebugUnitID", "takes string str, integer val returns nothing")
def DebugUnitID(ctx, text, val):
    """Debug text and a unit type (recorded)."""
    _trace(ctx, f"{text or ''} {val}")


@ai_native("DisplayText", "takes integer p, string str returns nothing")
def DisplayText(ctx, p, text):
    """Debug text of common.ai's ``Trace`` (recorded)."""
    _trace(ctx, text)


@ai_native("DisplayTextI", "takes integer p, string str, integer val returns nothing")
def DisplayTextI(ctx, p, text, val):
    """``Trace`` text with one number for ``%d`` (recorded)."""
    _trace(ctx, _format(text, val))


@ai_native("DisplayTextII", "takes integer p, string str, integer v1, integer v2 returns nothing")
def DisplayTextII(ctx, p, text, v1, v2):
    """``Trace`` text with two numbers (recorded)."""
    _trace(ctx, _format(text, v1, v2))


@ai_native("DisplayTextIII", "takes integer p, string str, integer v1, integer v2, integer v3 returns nothing")
def DisplayTextIII(ctx, p, text, v1, v2, v3):
    """``Trace`` text with three numbers (recorded)."""
    _trace(ctx, _format(text, v1, v2, v3))


# -- tuning: stored on the AI's record (what the flags change is the AI's own behaviour) ------

@ai_native("SetCampaignAI", "takes nothing returns nothing")
def SetCampaignAI(ctx):
    """The AI plays as a campaign AI (``AIPlayer.mode``)."""
    own(ctx).mode = "campaign"


@ai_native("SetMeleeAI", "takes nothing returns nothing")
def SetMeleeAI(ctx):
    """The AI plays as a melee AI (``AIPlayer.mode``)."""
    own(ctx).mode = "melee"


def _tuning(name: str, param: str) -> None:
    """Register ``name`` (``takes <param> returns nothing``), storing its argument."""
    def setter(ctx, value):
        own(ctx).tuning[name] = value
    setter.__name__ = setter.__qualname__ = name
    setter.__doc__ = f"Store the AI's {name} setting (``AIPlayer.tuning``)."
    ai_native(name, f"takes {param} returns nothing")(setter)


for _name in ("SetTargetHeroes", "SetPeonsRepair", "SetRandomPaths", "SetDefendPlayer", "SetHeroesFlee",
              "SetHeroesBuyItems", "SetWatchMegaTargets", "SetIgnoreInjured", "SetHeroesTakeItems",
              "SetUnitsFlee", "SetGroupsFlee", "SetSlowChopping", "SetSmartArtillery", "SetNewHeroes"):
    _tuning(_name, "boolean state")
_tuning("SetCaptainChanges", "boolean allow")
_tuning("GroupTimedLife", "boolean allow")
_tuning("SetReplacementCount", "integer qty")


# -- units of the AI's player, over the unit store ------------------------------------------

def owned_units(game, pid: int) -> list:
    """The units (not removed) player ``pid`` owns, in creation order (the store's owner
    index has no order that survives a save and load): ``UnitStore.owned_by``'s shared
    list, to read, not change."""
    return game.units.owned_by(pid)


def count_units(game, pid: int, unitid: int, done: bool, where=None) -> int:
    """Player ``pid``'s alive units of type ``unitid`` (``where(unit)`` filters by place):
    finished ones, and unless ``done`` also those in progress: a structure under
    construction, one a worker walks to build, a unit in a training queue, a building
    upgrading into the type (what common.ai's ``GetUnitCount`` counts, jassdoc)."""
    n = 0
    for u in owned_units(game, pid):   # (not u.alive, inline: common.ai asks often)
        if u.dead or u.destroyed or (where is not None and not where(u)):
            continue
        if u.type_id == unitid and not (done and u.construction is not None):
            n += 1
        if done:
            continue
        for job in u.production:
            if job.code == unitid and job.kind != "research":
                n += 1
        w = u.work
        if w is not None and w.mode == "build" and w.job is not None and w.job.code == unitid:
            n += 1
    return n


@ai_native("GetUnitCount", "takes integer unitid returns integer")
def GetUnitCount(ctx, unitid):
    """The AI player's units of type ``unitid``, done or in progress (jassdoc,
    ``count_units``)."""
    return count_units(ctx.game, own(ctx).pid, unitid, False)


@ai_native("GetUnitCountDone", "takes integer unitid returns integer")
def GetUnitCountDone(ctx, unitid):
    """The AI player's finished, alive units of type ``unitid``."""
    return count_units(ctx.game, own(ctx).pid, unitid, True)


@ai_native("GetPlayerUnitTypeCount", "takes player p, integer unitid returns integer")
def GetPlayerUnitTypeCount(ctx, p, unitid):
    """How many alive units of type ``unitid`` player ``p`` has (0 for a null player)."""
    if p is None:
        return 0
    return sum(1 for u in owned_units(ctx.game, p.id) if u.type_id == unitid and u.alive)


@ai_native("UnitAlive", "takes unit id returns boolean")
def UnitAlive(ctx, u):
    """True for a unit that is not dead (jassdoc); false for null or a removed unit."""
    return u is not None and u.alive


def _unit_cost(ctx, unitid: int) -> Cost:
    cost = unit_cost(ctx.game, unitid)
    if cost is None:
        ctx.crash("unimplemented", f"no cost of unit type '{rawcode_str(unitid)}' is known (the map's object "
                  "data, the game data tables and natives.production.UNIT_COSTS lack it)")
    return cost


@ai_native("GetUnitGoldCost", "takes integer unitid returns integer")
def GetUnitGoldCost(ctx, unitid):
    """Gold cost of a unit type (``natives.production.unit_cost``: object data field
    ``ugol``, else the project's table)."""
    return _unit_cost(ctx, unitid).gold


@ai_native("GetUnitWoodCost", "takes integer unitid returns integer")
def GetUnitWoodCost(ctx, unitid):
    """Lumber cost of a unit type (field ``ulum``, else the project's table)."""
    return _unit_cost(ctx, unitid).lumber


@ai_native("GetUnitBuildTime", "takes integer unitid returns integer")
def GetUnitBuildTime(ctx, unitid):
    """Build time of a unit type, whole game seconds (field ``ubld``, else the project's
    table)."""
    return int(_unit_cost(ctx, unitid).time)
