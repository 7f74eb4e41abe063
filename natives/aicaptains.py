"""Computer AI, the military half: the attack and defense captains, guard posts, targets and
attack waves of common.ai (issue 15 items 2-4).

The game's AI commands its army through two *captains* (jassdoc, lep/jassdoc common.ai;
common.ai's ``ATTACK_CAPTAIN`` 1, ``DEFENSE_CAPTAIN`` 2, ``BOTH_CAPTAINS`` 3): the attack
captain leads the group ``InitAssault``/``AddAssault`` form from finished units, the defense
captain the units ``AddDefenders`` keeps at the town. They are plain data on the AI's record
(``AIPlayer.captains``, a ``Captains``; saved with the game): each ``Captain`` has its
members (units), its home, its goal and a state. They act only through the order pipeline
(``natives.orders``): attack-move (``attack`` on a point) towards a goal, ``attack`` on a
target unit, ``AImove`` home; only ``TeleportCaptain`` moves units at once.

There is no captain clock. A captain is *driven* when its AI asks about it (the captain
natives common.ai's wave loops call every few game seconds: ``CaptainInCombat``,
``CaptainIsEmpty``, ``CaptainAtGoal``...), at most once per game time: dead members leave,
idle members are sent on to the goal, a wave against a player picks that player's next
target when the last one fell (nearest structure to the group, then units; none left: the
captain goes home), a captain that reached home stops going home. Defenders that idle away
from home walk back; when an enemy within ``TOWN_RANGE`` of the town attacks one of the AI's
units they attack-move to it.

Campaign waves (common.ai's ``SuicideOnPlayer``): ``FormGroup`` calls ``InitAssault`` and one
``AddAssault(qty, id)`` per wave entry every 5 s until ``CaptainIsFull`` and
``CaptainReadiness`` >= 50; then ``SuicidePlayer(p, check_full)`` sends the group against
player ``p`` and ``SuicideOnPlayerWave`` waits for ``CaptainInCombat(true)``, then
``CaptainIsEmpty``. Each wave sent is an ``ai_wave`` timeline entry (phase ``sent``: wave
number, size, the units by rawcode, the target player, the goal point); its end (all members
dead, or home again) is another (phase ``lost`` / ``home``). A wave whose group holds no unit
when it is sent is one entry of phase ``empty`` (size 0) and nothing more.

Who may join a captain: alive, finished, visible units of the AI player of the type asked,
not structures, in neither captain and on no guard post. Guard posts: when the AI makes its
captains (``CreateCaptains``), every unit the player has (but structures and workers) keeps
the spot it stands on as its guard post (jassdoc, ``RemoveGuardPosition``: pre-placed units
guard their position until the map frees them); the map's ``RemoveGuardPosition`` /
``RecycleGuardPosition`` / ``RemoveAllGuardPositions`` (``natives.ai``, recorded there even
before the AI starts) free them. ``AddGuardPost`` adds a post; ``FillGuardPosts`` puts a free
unit of the post's type on each empty one, replacing a fallen guard at most
``SetReplacementCount`` times (jassdoc: 3 unless set); ``ReturnGuardPosts`` sends guards more
than ``POST_TOLERANCE`` from their post back.

Project choices (the game's figures are not published): ``HOME_RANGE``, ``GOAL_RANGE``,
``TOWN_RANGE``, ``TOWER_RANGE``; the readiness of an empty group is 0, of a group without
mana 100 (``CaptainReadinessMa``); ``CaptainReadiness`` is the hit-point readiness, averaged
with the mana readiness when members have mana; an injured member (``RemoveInjuries``) has
less than half its life; a siege member (``RemoveSiege``) has a siege attack
(``natives.unitdata`` weapons); a group retreats (``CaptainRetreating``) only with
``SetGroupsFlee`` on, when its hit-point readiness falls under ``FLEE_READINESS``; a captain's
home is the player's start location, else its first town hall, else its first structure;
``SetStagePoint`` and ``LoadZepWave`` are recorded (no transports are modelled: the wave walks);
the enemy power (``GetEnemyPower``) is the food used by enemy units; a mega target
(``GetMegaTarget``, with ``SetWatchMegaTargets``) is the town hall of an enemy player who has
no army left; a creep camp is creeps of Neutral Hostile within ``CAMP_RANGE`` of each other,
its power the sum of their levels; the enemy base is the town hall (else structure) of the
enemy player nearest the AI's home; ``SuicideUnit`` sends units at the nearest enemy
structure.
"""
from __future__ import annotations

import math
from typing import Any

from natives import combat
from natives.ai import AIPlayer, ai_native, own as _own, owned_units
from natives.units import unit_level_of

ATTACK_CAPTAIN, DEFENSE_CAPTAIN, BOTH_CAPTAINS = 1, 2, 3   # common.ai constants

HOME_RANGE = 600.0
"""World units from home within which a captain is home (project choice)."""

GOAL_RANGE = 400.0
"""World units from its goal within which a captain is at its goal (project choice)."""

TOWN_RANGE = 1500.0
"""World units around the defense captain's home an enemy threatens the town (project choice)."""

TOWER_RANGE = 800.0
"""World units around a unit an allied tower must stand for ``IsTowered`` (project choice)."""

CAMP_RANGE = 600.0
"""World units between creeps of one camp (project choice)."""

POST_TOLERANCE = 82.006
"""World units a guard may stand from its post (jassdoc, ``ReturnGuardPosts``)."""

FLEE_READINESS = 33
"""Hit-point readiness under which a fleeing group retreats (project choice)."""

DEFAULT_REPLACEMENTS = 3
"""Replacements of a guard without ``SetReplacementCount`` (jassdoc)."""


class Captain:
    """One captain (``role`` ``attack`` or ``defense``).

    ``members``: its units, in the order they joined (dead ones leave when it is driven);
    ``home``: (x, y) world units; ``goal``: (x, y) it is headed for, None when none;
    ``target``: the unit it is to kill (``AttackMoveKill``, a wave's current target);
    ``foe``: player id a wave is sent against, with ``buildings`` (structures too, not only
    units); ``state``: ``home``, ``attacking``, ``going_home`` or ``retreating``;
    ``driven``: the game time it was last driven; ``wave``: the number of the wave it leads
    (0: none)."""

    def __init__(self, role: str, home: tuple[float, float]) -> None:
        self.role = role
        self.members: list = []
        self.home = home
        self.goal: tuple[float, float] | None = None
        self.target: Any = None
        self.foe: int | None = None
        self.buildings = True
        self.state = "home"
        self.driven = -1.0
        self.wave = 0


class GuardPost:
    """A guard post: unit type ``unitid`` guards (x, y); ``unit`` its guard (None: empty);
    ``replaced``: how many fallen guards were replaced."""

    def __init__(self, unitid: int, x: float, y: float, unit=None) -> None:
        self.unitid, self.x, self.y, self.unit = unitid, x, y, unit
        self.replaced = 0


class Captains:
    """The military state of one AI player (``AIPlayer.captains``; see the module docstring).

    ``attack``/``defense``: the two ``Captain``s; ``town``: the town spot (x, y) homes
    return to on ``ResetCaptainLocs``; ``wants``: (unitid, qty) the attack group asks for
    since ``InitAssault``; ``defenders``: unitid -> qty ``AddDefenders`` keeps; ``posts``:
    ``GuardPost``s; ``log_seen``: how many of ``AIState.guard_positions`` were applied;
    ``stage``: the stage point; ``alliance_target``; ``enemy_base``: the unit
    ``StartGetEnemyBase`` found; ``waves``: waves sent."""

    def __init__(self, town: tuple[float, float]) -> None:
        self.attack = Captain("attack", town)
        self.defense = Captain("defense", town)
        self.town = town
        self.wants: list[tuple[int, int]] = []
        self.defenders: dict[int, int] = {}
        self.posts: list[GuardPost] = []
        self.log_seen = 0
        self.stage: tuple[float, float] | None = None
        self.alliance_target: Any = None
        self.enemy_base: Any = None
        self.waves = 0


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------

def _dist(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(bx - ax, by - ay)


def _state(ctx) -> tuple[AIPlayer, Captains]:
    """The calling AI's record and captains; crashes (as the game, jassdoc) before
    ``CreateCaptains``."""
    entry = _own(ctx)
    caps = entry.captains
    if caps is None:
        ctx.crash("game-crash", "a captain native before CreateCaptains (the game crashes, jassdoc)")
    _apply_guard_log(ctx.game, entry.pid, caps)
    return entry, caps


def _owned(game, pid: int) -> list:
    """Alive, visible units of player ``pid``, creation order."""
    return [u for u in owned_units(game, pid) if u.alive and not u.hidden]


def _is_worker(u) -> bool:
    return "peon" in u.utype.flags


def _home_of(game, pid: int) -> tuple[float, float]:
    """Module docstring: start location, else first town hall, else first structure."""
    player = game.players.get(pid)
    spot = game.players.start_locations.get(player.start_location) if player is not None else None
    if spot is not None:
        return spot
    owned = _owned(game, pid)
    for flag in ("townhall", "structure"):
        for u in owned:
            if flag in u.utype.flags:
                return (u.x, u.y)
    return (0.0, 0.0)


def _alive_members(cap: Captain) -> list:
    cap.members = [u for u in cap.members if u.alive]
    return cap.members


def _where(cap: Captain) -> tuple[float, float]:
    """The group's centre (its home when it has no members)."""
    members = cap.members
    if not members:
        return cap.home
    return (sum(u.x for u in members) / len(members), sum(u.y for u in members) / len(members))


def _busy(caps: Captains) -> set:
    """Units a captain or a guard post holds."""
    held = set(caps.attack.members) | set(caps.defense.members)
    held.update(p.unit for p in caps.posts if p.unit is not None)
    return held


def _free(game, pid: int, caps: Captains, unitid: int) -> list:
    """Units of type ``unitid`` that may join a captain (module docstring)."""
    held = _busy(caps)
    return [u for u in _owned(game, pid)
            if u.type_id == unitid and u not in held and not u.utype.is_structure]


def _order(game, u, name: str, x: float | None = None, y: float | None = None, target=None) -> bool:
    orders = game.orders
    return orders.issue(u, orders.make(name, target=target, x=x, y=y))


def _fighting(u) -> bool:
    w = u.work
    return w is not None and w.mode == "attack" and w.target is not None and w.target.alive


def _idle(u) -> bool:
    return u.current_order is None


def _enemy_of(game, pid: int, other) -> bool:
    me = game.players.get(pid)
    return me is not None and not me.is_ally(other.owner)


def _nearest(units: list, x: float, y: float):
    best, best_d = None, math.inf
    for u in units:
        d = _dist(x, y, u.x, u.y)
        if d < best_d:
            best, best_d = u, d
    return best


def _composition(units: list) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        out[u.utype.rawcode] = out.get(u.utype.rawcode, 0) + 1
    return dict(sorted(out.items()))


# ---------------------------------------------------------------------------------------
# guard posts
# ---------------------------------------------------------------------------------------

def _apply_guard_log(game, pid: int, caps: Captains) -> None:
    """Apply the map's ``RemoveGuardPosition`` & co. recorded since the last call."""
    log = game.ai.guard_positions
    for _time, what, subject in log[caps.log_seen:]:
        if what == "remove_all":
            if subject.id == pid:
                caps.posts.clear()
        else:
            for post in caps.posts:
                if post.unit is subject:
                    post.unit = None
                    if what == "remove":
                        caps.posts.remove(post)
                    break
    caps.log_seen = len(log)


def _fill_posts(game, pid: int, caps: Captains, limit: int) -> None:
    for post in caps.posts:
        if post.unit is not None and post.unit.alive:
            continue
        fallen = post.unit is not None
        if fallen and post.replaced >= limit:
            continue
        free = _free(game, pid, caps, post.unitid)
        if not free:
            continue
        post.unit = _nearest(free, post.x, post.y)
        if fallen:
            post.replaced += 1
        _order(game, post.unit, "AImove", post.x, post.y)


# ---------------------------------------------------------------------------------------
# driving a captain (module docstring)
# ---------------------------------------------------------------------------------------

def _drive(game, entry: AIPlayer, caps: Captains, cap: Captain) -> None:
    if cap.driven == game.now:
        return
    cap.driven = game.now
    members = _alive_members(cap)
    if cap.role == "defense":
        _drive_defense(game, entry.pid, cap)
        return
    if cap.wave and not members:
        _wave_end(game, entry.pid, cap, "lost")
    if not members:
        return
    if cap.state == "going_home" or cap.state == "retreating":
        x, y = _where(cap)
        if _dist(x, y, *cap.home) <= HOME_RANGE:
            cap.state = "home"
            if cap.wave:
                _wave_end(game, entry.pid, cap, "home")
        return
    if cap.state != "attacking":
        return
    if entry.tuning.get("SetGroupsFlee") and _readiness_hp(cap) < FLEE_READINESS:
        _go_home(game, cap, "retreating")
        return
    if cap.foe is not None and (cap.target is None or not cap.target.alive):
        if not _next_target(game, cap):
            _go_home(game, cap)
            return
    if cap.target is not None and not cap.target.alive:   # AttackMoveKill's target fell
        cap.target = None
        return
    _press_on(game, cap)


def _press_on(game, cap: Captain) -> None:
    """Idle members walk on to the goal; those there attack the target."""
    if cap.goal is None:
        return
    gx, gy = cap.goal
    for u in cap.members:
        if not _idle(u):
            continue
        if cap.target is not None and _dist(u.x, u.y, gx, gy) <= GOAL_RANGE:
            _order(game, u, "attack", target=cap.target)
        elif _dist(u.x, u.y, gx, gy) > GOAL_RANGE:
            _order(game, u, "attack", gx, gy)


def _next_target(game, cap: Captain) -> bool:
    """The wave's next target: the foe's nearest structure (with ``buildings``), else unit."""
    theirs = [u for u in _owned(game, cap.foe) if not u.invulnerable]
    x, y = _where(cap)
    target = None
    if cap.buildings:
        target = _nearest([u for u in theirs if u.utype.is_structure], x, y)
    if target is None:
        target = _nearest([u for u in theirs if not u.utype.is_structure], x, y)
    if target is None:
        return False
    _attack(game, cap, target.x, target.y, target)
    return True


def _attack(game, cap: Captain, x: float, y: float, target=None) -> None:
    """Send the captain's members attack-moving to (x, y), to kill ``target`` there."""
    cap.goal, cap.target, cap.state = (x, y), target, "attacking"
    for u in _alive_members(cap):
        _order(game, u, "attack", x, y)


def _go_home(game, cap: Captain, state: str = "going_home") -> None:
    cap.goal, cap.target, cap.foe, cap.state = None, None, None, state
    hx, hy = cap.home
    for u in _alive_members(cap):
        _order(game, u, "AImove", hx, hy)


def _drive_defense(game, pid: int, cap: Captain) -> None:
    hx, hy = cap.home
    threat = _threat(game, pid, hx, hy)
    for u in cap.members:
        if not _idle(u):
            continue
        if threat is not None:
            _order(game, u, "attack", threat.x, threat.y)
        elif _dist(u.x, u.y, hx, hy) > HOME_RANGE:
            _order(game, u, "attack", hx, hy)


def _threat(game, pid: int, x: float, y: float):
    """The nearest enemy unit within ``TOWN_RANGE`` of (x, y) attacking a unit of player
    ``pid`` (the town is attacked), None: none."""
    me = game.players.get(pid)
    if me is None:
        return None
    return game.units.nearest(x, y, TOWN_RANGE, lambda v: _attacks(v, pid),
                              game.orders.enemy_ids(me))


def _attacks(u, pid: int) -> bool:
    """``u`` is attacking a living unit of player ``pid``."""
    w = u.work
    return (u.alive and w is not None and w.mode == "attack" and w.target is not None
            and getattr(w.target, "owner", None) is not None and w.target.owner.id == pid
            and w.target.alive)


# -- waves ------------------------------------------------------------------------------

def _send_wave(game, entry: AIPlayer, caps: Captains, how: str, foe: int | None, x: float, y: float) -> None:
    cap = caps.attack
    if cap.wave and cap.state == "attacking":
        return   # the wave on its way is redirected, not a new one
    caps.waves += 1
    # an empty group goes nowhere: its wave is over as it starts (no lost/home entry follows)
    phase = "sent" if cap.members else "empty"
    cap.wave = caps.waves if cap.members else 0
    game.record("ai_wave", player=entry.pid, phase=phase, wave=caps.waves, how=how,
                size=len(cap.members), units=_composition(cap.members), target=foe,
                x=round(x, 1), y=round(y, 1))


def _wave_end(game, pid: int, cap: Captain, phase: str) -> None:
    game.record("ai_wave", player=pid, phase=phase, wave=cap.wave, size=len(cap.members),
                units=_composition(cap.members))
    cap.wave = 0


def _suicide(ctx, p, check_full: bool, buildings: bool, how: str) -> bool:
    entry, caps = _state(ctx)
    if p is None:
        return False
    game, cap = ctx.game, caps.attack
    _alive_members(cap)
    if check_full and not _full(caps):
        return False
    cap.foe, cap.buildings, cap.target = p.id, buildings, None
    if not cap.members:   # nothing to send: an empty wave, over at once
        cap.foe = None
        _send_wave(game, entry, caps, how, p.id, *cap.home)
        return True
    if not _next_target(game, cap):
        cap.foe = None
        return False
    _send_wave(game, entry, caps, how, p.id, *cap.goal)
    return True


# -- readiness --------------------------------------------------------------------------

def _readiness_hp(cap: Captain) -> int:
    members = cap.members
    if not members:
        return 0
    return int(100 * sum(u.life / u.max_life for u in members if u.max_life > 0) / len(members))


def _readiness_mana(cap: Captain) -> int:
    casters = [u for u in cap.members if u.max_mana > 0]
    if not casters:
        return 100
    return int(100 * sum(u.mana / u.max_mana for u in casters) / len(casters))


def _full(caps: Captains) -> bool:
    members = caps.attack.members
    for unitid, qty in caps.wants:
        if sum(1 for u in members if u.type_id == unitid) < qty:
            return False
    return True


def ignored_units(game, pid: int, unitid: int) -> int:
    """Units of type ``unitid`` of player ``pid``'s AI that the attack group cannot take: the
    defenders and the guards (what common.ai's ``BuildAttackers`` trains beside a wave, as
    ``IgnoredUnits``); 0 before ``CreateCaptains``."""
    entry = game.ai.players.get(pid)
    caps = entry.captains if entry is not None else None
    if caps is None:
        return 0
    held = [u for u in caps.defense.members if u.alive]
    held += [p.unit for p in caps.posts if p.unit is not None and p.unit.alive]
    return sum(1 for u in held if u.type_id == unitid)


# ---------------------------------------------------------------------------------------
# the natives
# ---------------------------------------------------------------------------------------

@ai_native("CreateCaptains", "takes nothing returns nothing")
def CreateCaptains(ctx):
    """Make the AI's attack and defense captains, at home on the town spot; the player's
    units (but structures and workers) keep their spots as guard posts (module docstring).
    A second call keeps the captains."""
    entry = _own(ctx)
    if entry.captains is not None:
        return
    game = ctx.game
    caps = entry.captains = Captains(_home_of(game, entry.pid))
    caps.posts = [GuardPost(u.type_id, u.x, u.y, u) for u in _owned(game, entry.pid)
                  if not u.utype.is_structure and not _is_worker(u)]
    _apply_guard_log(game, entry.pid, caps)


def _which(caps: Captains, which: int) -> list[Captain]:
    return {ATTACK_CAPTAIN: [caps.attack], DEFENSE_CAPTAIN: [caps.defense],
            BOTH_CAPTAINS: [caps.attack, caps.defense]}.get(which, [])


@ai_native("SetCaptainHome", "takes integer which, real x, real y returns nothing")
def SetCaptainHome(ctx, which, x, y):
    """Set the home of ``ATTACK_CAPTAIN`` (1), ``DEFENSE_CAPTAIN`` (2) or both (3)."""
    _entry, caps = _state(ctx)
    for cap in _which(caps, which):
        cap.home = (float(x), float(y))


@ai_native("ResetCaptainLocs", "takes nothing returns nothing")
def ResetCaptainLocs(ctx):
    """Both captains' homes back to the town spot."""
    _entry, caps = _state(ctx)
    caps.attack.home = caps.defense.home = caps.town


@ai_native("ShiftTownSpot", "takes real x, real y returns nothing")
def ShiftTownSpot(ctx, x, y):
    """Move the town spot to (x, y); both captains' homes follow it."""
    _entry, caps = _state(ctx)
    caps.town = caps.attack.home = caps.defense.home = (float(x), float(y))


@ai_native("TeleportCaptain", "takes real x, real y returns nothing")
def TeleportCaptain(ctx, x, y):
    """The attack captain and its members are moved to (x, y) at once."""
    _entry, caps = _state(ctx)
    store = ctx.game.units
    for u in _alive_members(caps.attack):
        store.move_unit(u, float(x), float(y), pathing=True)


@ai_native("ClearCaptainTargets", "takes nothing returns nothing")
def ClearCaptainTargets(ctx):
    """The attack captain forgets its goal and targets (its units keep their orders)."""
    _entry, caps = _state(ctx)
    cap = caps.attack
    cap.goal, cap.target, cap.foe = None, None, None
    if cap.state == "attacking":
        cap.state = "home"


@ai_native("CaptainAttack", "takes real x, real y returns nothing")
def CaptainAttack(ctx, x, y):
    """The attack captain attack-moves to (x, y)."""
    entry, caps = _state(ctx)
    _attack(ctx.game, caps.attack, float(x), float(y))
    _send_wave(ctx.game, entry, caps, "CaptainAttack", None, float(x), float(y))


@ai_native("AttackMoveXY", "takes integer x, integer y returns nothing")
def AttackMoveXY(ctx, x, y):
    """The attack group attack-moves to (x, y) (jassdoc; common.ai's ``AttackMoveXYA``)."""
    entry, caps = _state(ctx)
    caps.attack.foe = None
    _attack(ctx.game, caps.attack, float(x), float(y))
    _send_wave(ctx.game, entry, caps, "AttackMoveXY", None, float(x), float(y))


@ai_native("AttackMoveKill", "takes unit target returns nothing")
def AttackMoveKill(ctx, target):
    """The attack group attack-moves to ``target`` and attacks it there; called again while
    the target lives (common.ai's ``CommonSleepUntilTargetDead``), it follows the target."""
    entry, caps = _state(ctx)
    if target is None or not target.alive:
        return
    cap = caps.attack
    if cap.target is target and cap.state == "attacking" and cap.goal is not None \
            and _dist(*cap.goal, target.x, target.y) <= GOAL_RANGE:
        _drive(ctx.game, entry, caps, cap)
        return
    cap.foe = None
    _attack(ctx.game, cap, target.x, target.y, target)
    _send_wave(ctx.game, entry, caps, "AttackMoveKill", target.owner.id, target.x, target.y)


def _versus(ctx, p, buildings: bool, how: str) -> None:
    entry, caps = _state(ctx)
    if p is None:
        return
    cap = caps.attack
    cap.foe, cap.buildings, cap.target = p.id, buildings, None
    if _alive_members(cap) and _next_target(ctx.game, cap):
        _send_wave(ctx.game, entry, caps, how, p.id, *cap.goal)
    else:
        cap.foe = None


@ai_native("CaptainVsUnits", "takes player id returns nothing")
def CaptainVsUnits(ctx, p):
    """The attack captain attacks player ``p``'s units, one after another."""
    _versus(ctx, p, False, "CaptainVsUnits")


@ai_native("CaptainVsPlayer", "takes player id returns nothing")
def CaptainVsPlayer(ctx, p):
    """The attack captain attacks player ``p``: its structures, then its units."""
    _versus(ctx, p, True, "CaptainVsPlayer")


@ai_native("CaptainGoHome", "takes nothing returns nothing")
def CaptainGoHome(ctx):
    """The attack captain gives up its goal and its members walk home (``AImove``)."""
    _entry, caps = _state(ctx)
    _go_home(ctx.game, caps.attack)


def _attack_query(ctx) -> Captain:
    entry, caps = _state(ctx)
    _drive(ctx.game, entry, caps, caps.attack)
    return caps.attack


@ai_native("CaptainIsHome", "takes nothing returns boolean")
def CaptainIsHome(ctx):
    """The attack group is within ``HOME_RANGE`` of its home (an empty one is home)."""
    cap = _attack_query(ctx)
    x, y = _where(cap)
    return _dist(x, y, *cap.home) <= HOME_RANGE


@ai_native("CaptainIsFull", "takes nothing returns boolean")
def CaptainIsFull(ctx):
    """The attack group has every unit ``AddAssault`` asked for since ``InitAssault``."""
    _attack_query(ctx)
    return _full(_own(ctx).captains)


@ai_native("CaptainIsEmpty", "takes nothing returns boolean")
def CaptainIsEmpty(ctx):
    """The attack group has no living member."""
    return not _attack_query(ctx).members


@ai_native("CaptainGroupSize", "takes nothing returns integer")
def CaptainGroupSize(ctx):
    """How many living members the attack group has."""
    return len(_attack_query(ctx).members)


@ai_native("CaptainReadinessHP", "takes nothing returns integer")
def CaptainReadinessHP(ctx):
    """The attack group's life, percent of its maximum, averaged over members (0 when empty)."""
    return _readiness_hp(_attack_query(ctx))


@ai_native("CaptainReadinessMa", "takes nothing returns integer")
def CaptainReadinessMa(ctx):
    """The attack group's mana, percent of its maximum, averaged over members with mana
    (100 when none has mana)."""
    return _readiness_mana(_attack_query(ctx))


@ai_native("CaptainReadiness", "takes nothing returns integer")
def CaptainReadiness(ctx):
    """The attack group's readiness, percent: the hit-point readiness, averaged with the mana
    readiness when members have mana (module docstring)."""
    cap = _attack_query(ctx)
    hp = _readiness_hp(cap)
    if not any(u.max_mana > 0 for u in cap.members):
        return hp
    return (hp + _readiness_mana(cap)) // 2


@ai_native("CaptainRetreating", "takes nothing returns boolean")
def CaptainRetreating(ctx):
    """The attack group flees home (only with ``SetGroupsFlee``, module docstring)."""
    return _attack_query(ctx).state == "retreating"


@ai_native("CaptainAtGoal", "takes nothing returns boolean")
def CaptainAtGoal(ctx):
    """The attack group stands within ``GOAL_RANGE`` of its goal (false without a goal)."""
    cap = _attack_query(ctx)
    if cap.goal is None or not cap.members:
        return False
    return _dist(*_where(cap), *cap.goal) <= GOAL_RANGE


@ai_native("CaptainInCombat", "takes boolean attack_captain returns boolean")
def CaptainInCombat(ctx, attack_captain):
    """A member of the attack (true) or defense (false) captain is fighting a living unit."""
    entry, caps = _state(ctx)
    cap = caps.attack if attack_captain else caps.defense
    _drive(ctx.game, entry, caps, cap)
    return any(_fighting(u) for u in cap.members)


@ai_native("InitAssault", "takes nothing returns nothing")
def InitAssault(ctx):
    """Start forming the attack group anew: it asks for nothing; a group at home lets its
    members go (a group away keeps them)."""
    _entry, caps = _state(ctx)
    caps.wants = []
    cap = caps.attack
    if cap.state == "home" and not cap.wave:
        cap.members = []


@ai_native("AddAssault", "takes integer qty, integer id returns boolean")
def AddAssault(ctx, qty, unitid):
    """The attack group asks for ``qty`` units of type ``unitid`` and takes free ones up to
    that many; they gather at the captain's home. True when it has them all."""
    entry, caps = _state(ctx)
    game, cap = ctx.game, caps.attack
    members = _alive_members(cap)
    caps.wants.append((unitid, qty))
    have = sum(1 for u in members if u.type_id == unitid)
    hx, hy = cap.home
    for u in _free(game, entry.pid, caps, unitid)[:max(0, qty - have)]:
        members.append(u)
        have += 1
        if cap.state == "home" and _idle(u) and _dist(u.x, u.y, hx, hy) > HOME_RANGE:
            _order(game, u, "AImove", hx, hy)
    return have >= qty


@ai_native("AddDefenders", "takes integer qty, integer id returns boolean")
def AddDefenders(ctx, qty, unitid):
    """The defense captain keeps ``qty`` units of type ``unitid``: free ones join (replacing
    the fallen) and walk to the town. True when it has them all."""
    entry, caps = _state(ctx)
    game, cap = ctx.game, caps.defense
    members = _alive_members(cap)
    caps.defenders[unitid] = qty
    have = sum(1 for u in members if u.type_id == unitid)
    members.extend(_free(game, entry.pid, caps, unitid)[:max(0, qty - have)])
    have = sum(1 for u in members if u.type_id == unitid)
    cap.driven = -1.0
    _drive(game, entry, caps, cap)
    return have >= qty


@ai_native("AddGuardPost", "takes integer id, real x, real y returns nothing")
def AddGuardPost(ctx, unitid, x, y):
    """A post at (x, y) for a unit of type ``unitid``, empty until ``FillGuardPosts``."""
    _entry, caps = _state(ctx)
    caps.posts.append(GuardPost(unitid, float(x), float(y)))


@ai_native("FillGuardPosts", "takes nothing returns nothing")
def FillGuardPosts(ctx):
    """A free unit of its type walks to each empty post; a fallen guard is replaced at most
    ``SetReplacementCount`` times (jassdoc: 3 unless set)."""
    entry, caps = _state(ctx)
    limit = entry.tuning.get("SetReplacementCount", DEFAULT_REPLACEMENTS)
    _fill_posts(ctx.game, entry.pid, caps, limit)


@ai_native("ReturnGuardPosts", "takes nothing returns nothing")
def ReturnGuardPosts(ctx):
    """Idle guards more than ``POST_TOLERANCE`` from their post walk back to it (jassdoc)."""
    _entry, caps = _state(ctx)
    for post in caps.posts:
        u = post.unit
        if u is not None and u.alive and _idle(u) and _dist(u.x, u.y, post.x, post.y) > POST_TOLERANCE:
            _order(ctx.game, u, "AImove", post.x, post.y)


# -- targets ----------------------------------------------------------------------------

def _enemy_players(game, pid: int) -> list[int]:
    """Ids of the players (neutrals but Neutral Hostile left out) hostile to ``pid``, in
    slot order (a list to read, not change: cached until an alliance or controller changes,
    ``Players.epoch``)."""
    me, players = game.players.get(pid), game.players
    hit = game.ai.foes.get(pid)
    if hit is not None and hit[0] == players.epoch:
        return hit[1]
    out = []
    for other in players.slots:
        if other is None or other.id == pid or other.id >= players.neutral_aggressive_id:
            continue
        if not me.is_ally(other):
            out.append(other.id)
    game.ai.foes[pid] = (players.epoch, out)
    return out


def _town_halls(game, pid: int) -> list:
    owned = _owned(game, pid)
    return [u for u in owned if "townhall" in u.utype.flags] or \
        [u for u in owned if u.utype.is_structure]


@ai_native("GetMegaTarget", "takes nothing returns unit")
def GetMegaTarget(ctx):
    """With ``SetWatchMegaTargets`` on: the town hall of an enemy player who has no army
    left (module docstring), the nearest to home; else null."""
    entry, caps = _state(ctx)
    if not entry.tuning.get("SetWatchMegaTargets"):
        return None
    game, halls = ctx.game, []
    for pid in _enemy_players(game, entry.pid):
        owned = _owned(game, pid)
        if any(not u.utype.is_structure and not _is_worker(u) for u in owned):
            continue
        halls += [u for u in owned if "townhall" in u.utype.flags]
    return _nearest(halls, *caps.town)


def _camps(game) -> list[list]:
    """Neutral Hostile creeps grouped into camps (``CAMP_RANGE``), creation order."""
    creeps = _owned(game, game.players.neutral_aggressive_id)
    creeps = [u for u in creeps if not u.utype.is_structure]
    camps: list[list] = []
    for u in creeps:
        near = [c for c in camps if any(_dist(u.x, u.y, v.x, v.y) <= CAMP_RANGE for v in c)]
        merged = [u]
        for c in near:
            merged = c + merged
            camps.remove(c)
        camps.append(merged)
    return camps


@ai_native("GetCreepCamp", "takes integer min, integer max, boolean flyers_ok returns unit")
def GetCreepCamp(ctx, low, high, flyers_ok):
    """The nearest creep camp (to home) whose power -- the sum of its creeps' levels -- is
    within [min, max], without flyers unless ``flyers_ok`` (jassdoc); its strongest creep,
    or null."""
    _entry, caps = _state(ctx)
    best, best_d = None, math.inf
    hx, hy = caps.town
    for camp in _camps(ctx.game):
        power = sum(unit_level_of(u.utype) for u in camp)
        if not low <= power <= high or (not flyers_ok and any(u.flying for u in camp)):
            continue
        lead = max(camp, key=lambda u: unit_level_of(u.utype))
        d = _dist(hx, hy, lead.x, lead.y)
        if d < best_d:
            best, best_d = lead, d
    return best


@ai_native("StartGetEnemyBase", "takes nothing returns nothing")
def StartGetEnemyBase(ctx):
    """Look for the enemy base: the town hall (else a structure) of the enemy player
    nearest home; the search ends at once (``WaitGetEnemyBase`` is then false)."""
    entry, caps = _state(ctx)
    game, found = ctx.game, []
    for pid in _enemy_players(game, entry.pid):
        found += _town_halls(game, pid)
    caps.enemy_base = _nearest(found, *caps.town)


@ai_native("WaitGetEnemyBase", "takes nothing returns boolean")
def WaitGetEnemyBase(ctx):
    """True while the enemy base search goes on: never (the search ends at once)."""
    _state(ctx)
    return False


@ai_native("GetEnemyBase", "takes nothing returns unit")
def GetEnemyBase(ctx):
    """The unit ``StartGetEnemyBase`` found (null before, or when none)."""
    _entry, caps = _state(ctx)
    unit = caps.enemy_base
    return unit if unit is not None and unit.alive else None


@ai_native("GetExpansionFoe", "takes nothing returns unit")
def GetExpansionFoe(ctx):
    """An enemy or creep unit near the AI's next expansion (jassdoc): the nearest hostile
    unit within ``CAMP_RANGE`` of the gold mine ``GetNextExpansion`` chose
    (``AIPlayer.expansion``, ``natives.aitown``); null when there is none."""
    entry, _caps = _state(ctx)
    game = ctx.game
    mine = entry.expansion
    if mine is None or not mine.alive:
        return None
    me = game.players.get(entry.pid)
    return game.units.nearest(mine.x, mine.y, CAMP_RANGE, lambda v: v.alive and not v.hidden,
                              game.orders.enemy_ids(me))


@ai_native("GetEnemyExpansion", "takes nothing returns unit")
def GetEnemyExpansion(ctx):
    """An enemy expansion: a town hall of an enemy player other than the one nearest that
    player's start location, the nearest to home; null when there is none."""
    entry, caps = _state(ctx)
    game, found = ctx.game, []
    for pid in _enemy_players(game, entry.pid):
        halls = [u for u in _owned(game, pid) if "townhall" in u.utype.flags]
        if len(halls) > 1:
            main = _nearest(halls, *_home_of(game, pid))
            found += [h for h in halls if h is not main]
    return _nearest(found, *caps.town)


@ai_native("SetStagePoint", "takes real x, real y returns nothing")
def SetStagePoint(ctx, x, y):
    """Record the point waves stage at (``Captains.stage``; waves walk straight on)."""
    _entry, caps = _state(ctx)
    caps.stage = (float(x), float(y))


@ai_native("LoadZepWave", "takes integer x, integer y returns nothing")
def LoadZepWave(ctx, x, y):
    """The next wave would board zeppelins for (x, y): no transports are modelled, so the
    wave walks (``AttackMoveXY`` follows in common.ai); recorded as a warning."""
    _state(ctx)
    ctx.game.warn(f"LoadZepWave({x}, {y}): zeppelin transport is not modelled; the wave walks")


@ai_native("SuicidePlayer", "takes player id, boolean check_full returns boolean")
def SuicidePlayer(ctx, p, check_full):
    """Send the attack group against player ``p`` (structures, then units) unless
    ``check_full`` and the group is not full; true when sent."""
    return _suicide(ctx, p, bool(check_full), True, "SuicidePlayer")


@ai_native("SuicidePlayerUnits", "takes player id, boolean check_full returns boolean")
def SuicidePlayerUnits(ctx, p, check_full):
    """As ``SuicidePlayer``, against player ``p``'s units only."""
    return _suicide(ctx, p, bool(check_full), False, "SuicidePlayerUnits")


def _suicide_units(ctx, count: int, unitid: int, foe: int | None) -> None:
    entry, caps = _state(ctx)
    game = ctx.game
    if foe is None:
        targets = [u for pid in _enemy_players(game, entry.pid) for u in _owned(game, pid)]
    else:
        targets = _owned(game, foe)
    targets = [u for u in targets if u.utype.is_structure] or targets
    for u in _free(game, entry.pid, caps, unitid)[:max(0, count)]:
        target = _nearest(targets, u.x, u.y)
        if target is not None:
            _order(game, u, "attack", target.x, target.y)


@ai_native("SuicideUnit", "takes integer count, integer unitid returns nothing")
def SuicideUnit(ctx, count, unitid):
    """``count`` free units of type ``unitid`` attack-move to the nearest enemy structure."""
    _suicide_units(ctx, count, unitid, None)


@ai_native("SuicideUnitEx", "takes integer ct, integer uid, integer pid returns nothing")
def SuicideUnitEx(ctx, count, unitid, pid):
    """As ``SuicideUnit``, against player number ``pid``."""
    _suicide_units(ctx, count, unitid, pid if ctx.game.players.get(pid) is not None else None)


@ai_native("GetEnemyPower", "takes nothing returns integer")
def GetEnemyPower(ctx):
    """The food the enemy players' units use (module docstring)."""
    entry = _own(ctx)
    game = ctx.game
    return sum(u.utype.food_used for pid in _enemy_players(game, entry.pid) for u in _owned(game, pid)
               if not u.utype.is_structure)


@ai_native("SetAllianceTarget", "takes unit id returns nothing")
def SetAllianceTarget(ctx, target):
    """Remember the target the AI's allies should join (``GetAllianceTarget``)."""
    _entry, caps = _state(ctx)
    caps.alliance_target = target


@ai_native("GetAllianceTarget", "takes nothing returns unit")
def GetAllianceTarget(ctx):
    """The alliance target, null when none or dead."""
    _entry, caps = _state(ctx)
    t = caps.alliance_target
    return t if t is not None and t.alive else None


def _release(ctx, leaves) -> None:
    _entry, caps = _state(ctx)
    cap = caps.attack
    cap.members = [u for u in _alive_members(cap) if not leaves(u)]


@ai_native("RemoveInjuries", "takes nothing returns nothing")
def RemoveInjuries(ctx):
    """Members with less than half their life leave the attack group."""
    _release(ctx, lambda u: u.max_life > 0 and u.life < u.max_life / 2)


@ai_native("RemoveSiege", "takes nothing returns nothing")
def RemoveSiege(ctx):
    """Members with a siege attack leave the attack group."""
    def siege(u) -> bool:
        w = combat.weapon(u)
        return w is not None and w.attack_type == "siege"
    _release(ctx, siege)


@ai_native("IsTowered", "takes unit target returns boolean")
def IsTowered(ctx, target):
    """A structure with a weapon, allied to ``target``'s owner, stands within
    ``TOWER_RANGE`` of it."""
    _own(ctx)
    if target is None or not target.alive:
        return False
    owner = target.owner
    return any(u.utype.is_structure and u is not target and owner.is_ally(u.owner)
               and combat.weapon(u) is not None and _dist(u.x, u.y, target.x, target.y) <= TOWER_RANGE
               for u in ctx.game.units.units.values() if u.alive)


@ai_native("TownThreatened", "takes nothing returns boolean")
def TownThreatened(ctx):
    """A unit or structure of the AI player is being attacked (jassdoc): some enemy unit's
    attack is aimed at one of them."""
    pid = _own(ctx).pid
    game = ctx.game
    for u in game.units.units.values():
        if _attacks(u, pid) and _enemy_of(game, pid, u):
            return True
    return False
