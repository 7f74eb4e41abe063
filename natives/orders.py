"""Orders: the order natives (common.j's ``Issue*Order*``, ``BlzQueue*``, ``OrderId``,
``GetUnitCurrentOrder``) and the pipeline that carries orders out.

A unit's orders are plain data on the unit: ``unit.current_order`` (an ``Order`` or None:
idle), ``unit.order_queue`` (orders queued behind it, ``BlzQueue*``), ``unit.orders`` (the
last 64 orders given, for tests and reports) and ``unit.work`` (a ``Work`` record: what the
current order is doing right now -- the waypoints left, the unit attacked, the patrol's
other end). Work in progress is one scheduler entry per busy unit (``unit.order_entry``,
kind ``unit_order_step``): a step moves the unit for the game time since its last step,
then decides what comes next and schedules the following step at most ``STEP`` game
seconds later. Idle units have no entry and cost nothing.

Issuing (``Orders.issue``)
    An order a unit cannot carry out returns false and changes nothing, as in the game: any
    order to a dead or removed unit; ``move``/``patrol``/``smart`` (and other walking
    orders) to a unit that cannot move (movement-disabled types, speed 0); ``attack`` on a
    target the unit's type cannot attack (a type with neither the ground nor the air attack
    flag, an air target for a ground-only attacker, a dead target). An accepted order is
    recorded, becomes current (or is queued) and publishes ``UnitOrdered`` (the
    ``EVENT_PLAYER_UNIT_ISSUED_*`` events). Orders the pipeline does not carry out
    (abilities, build orders) are accepted, recorded and stay current, as before.

Carrying out
    ``stop`` makes the unit idle; ``holdposition`` keeps it where it is, attacking enemies
    that come within weapon range; ``move``/``AImove`` and ``smart`` on a point walk there
    (``natives.paths``: around what blocks the unit's movement type, or to the nearest
    reachable point); ``patrol`` walks back and forth between the start and the point;
    ``attack`` on a point walks there attacking enemies met on the way (attack-move);
    ``attack`` (or ``smart`` on an enemy) on a unit chases and attacks it
    (``natives.combat``); ``move``/``smart``/``patrol`` on any other unit follow it. A
    finished order makes the next queued one current, else the unit idle.

Movement
    At the unit's current speed (``natives.combat.move_speed``: the type's or
    ``SetUnitMoveSpeed``'s, changed by speed buffs such as Slow), straight along the waypoints.
    Near a watched region (a ``TriggerRegisterEnterRegion`` / ``LeaveRegion``
    registration; ``RegionIndex.any_near``: within the 512-unit buckets its bounds touch), a
    step ends just past each 32-unit cell boundary the unit crosses, so region events
    (regions are sets of such cells) fire at the game time of the crossing (seed 004);
    unit-in-range events fire at the first step inside the range.
    Units pass through each other (no collision between moving units).

Acquisition
    An idle or holding unit with a weapon is a *sentry* (``Orders.sentries``). When a unit
    appears or moves, each sentry of an enemy player within its acquisition range that can
    attack it starts attacking it (no order event: the game raises none for an acquired
    target); a unit that becomes idle looks around itself the same way, and units on an
    attack-move or patrol look every ``SCAN`` game seconds. A unit that acquired a target
    on its own gives up the chase when the target is more than ``LEASH`` world units from
    where it stood, and walks back there when the fight is over (creeps return to their
    camp). Ties go to the nearest unit, then the one created first. A moving unit keeps
    how far it stood clear of every enemy sentry's reach (at most ``CLEARANCE``) and skips
    the sentry look-up while it stays within that margin of there and no sentry appears,
    moves, changes owner or gets new weapon figures (the same acquisitions, fewer look-ups).

Swings (``natives.combat`` for the figures)
    In range with its weapon ready, the attacker swings: ``UnitAttacked`` is published
    (EVENT_UNIT_ATTACKED, seed 004: at the swing, the attacked unit is the event unit); at
    the weapon's damage point the hit deals its damage through ``natives.combat.hit``
    (damage events, death with the attacker as killing unit), then the backswing holds the
    unit (its next step, queued order or chase waits; a new order cancels it); the weapon
    is ready again a cooldown after the swing began. A swing interrupted before its damage
    point (a new order, a pause, a stun, ``BlzUnitInterruptAttack``: ``Orders.interrupt``)
    deals nothing and leaves the weapon ready (Liquipedia, "Attack").
"""
from __future__ import annotations

import math
from dataclasses import field
from typing import Any

from jassvm.records import record
from natives import combat
from natives.handles import alive, own
from natives.modelevents import (UnitAttacked, UnitCreated, UnitDeath, UnitMoved, UnitOrdered,
                                 UnitOwnerChanged, UnitRemoved)
from natives.paths import find_path
from natives.registry import native

# Order ids known to the model (game constants, as listed by WurstStdlib2's
# ``wurst/_wurst/assets/Orders.wurst``): the generic orders plus the ability orders the corpus
# maps issue or compare (every lower-case order string their ``Issue*Order`` calls pass,
# ``tests/test_spell_orders.py``). Other order strings are recorded with ``order_id`` None,
# and ``OrderId`` returns 0 for them with a warning.
ORDER_IDS = {
    # generic
    "smart": 851971, "stop": 851972, "cancel": 851976, "setrally": 851980,
    "getitem": 851981, "attack": 851983, "attackground": 851984, "attackonce": 851985,
    "move": 851986, "AImove": 851988, "patrol": 851990, "holdposition": 851993,
    "build": 851994, "humanbuild": 851995, "orcbuild": 851996, "nightelfbuild": 851997,
    "undeadbuild": 851998, "resumebuild": 851999, "dropitem": 852001,
    "resumeharvesting": 852017, "harvest": 852018, "returnresources": 852020,
    "autoharvestgold": 852021, "autoharvestlumber": 852022,
    "repair": 852024, "repairon": 852025, "repairoff": 852026, "board": 852043,
    "useslot1": 852008, "useslot2": 852009, "useslot3": 852010, "useslot4": 852011,
    "useslot5": 852012, "useslot6": 852013,
    # abilities used by the corpus campaign scripts
    "defend": 852055, "undefend": 852056, "militiaoff": 852073, "polymorph": 852074,
    "slow": 852075, "slowon": 852076, "slowoff": 852077, "townbellon": 852082,
    "townbelloff": 852083, "healon": 852064, "healoff": 852065, "innerfireon": 852067,
    "innerfireoff": 852068, "divineshield": 852090, "undivineshield": 852091, "waterelemental": 852097,
    "battlestations": 852099, "bloodluston": 852102, "bloodlustoff": 852103,
    "ensnare": 852106, "mirrorimage": 852123, "spiritwolf": 852126,
    "autodispelon": 852133, "autodispeloff": 852134, "entangleinstant": 852148,
    "ravenform": 852155, "sentinel": 852182, "starfall": 852183, "cannibalize": 852188,
    "curseon": 852191, "raisedeadon": 852198, "stoneform": 852206,
    "frostarmoroff": 852459, "mount": 852469, "drain": 852487, "flamestrike": 852488,
    "hex": 852502, "burrow": 852533, "unburrow": 852534,
    "carrionswarm": 852218, "creepthunderbolt": 852252, "creepthunderclap": 852253,
    "chemicalrage": 852663, "devour": 852104, "fanofknives": 852526, "frostnova": 852226,
    "immolation": 852177, "rejuvination": 852160, "shockwave": 852125, "sleep": 852227,
    "stomp": 852127,
    # spells the model casts (natives.abilities.REGISTRY)
    "heal": 852063, "blizzard": 852089, "holybolt": 852092, "thunderbolt": 852095,
    "thunderclap": 852096, "deathcoil": 852222, "innerfire": 852066, "frostarmor": 852225,
    "frostarmoron": 852458, "chainlightning": 852119, "healingwave": 852501, "blink": 852525,
    "massteleport": 852093, "raisedead": 852197, "raisedeadoff": 852199,
    "resurrection": 852094, "animatedead": 852217, "darkconversion": 852228,
    "impale": 852555,
}
ORDER_STRINGS = {v: k for k, v in ORDER_IDS.items()}

STEP = 0.125
"""Longest time between two steps of a busy unit, game seconds (the simulation tick; a power
of two, so step times add up exactly). A unit's position changes at its steps."""

SCAN = 0.5
"""Game seconds between two looks for enemies of a unit on an attack-move or patrol."""

LEASH = 1200.0
"""World units an acquiring unit chases a target away from where it stood (project
choice)."""

CROSS_EPS = 0.01
"""World units a region-watching step goes past a cell boundary (lands inside the new
cell)."""

FOLLOW_GAP = 64.0
"""World units between the collision circles at which a following unit stops (project
choice)."""

REPATH = 64.0
"""World units a chased or followed unit moves before the path to it is searched again."""

_FEW_SENTRIES = 32      # up to this many sentries, a moving unit checks them all
CLEARANCE = 512.0
"""Most world units a moving unit's recorded clearance from enemy sentries covers: it walks
that far (less when a sentry is nearer) before the sentries around it are looked up again."""
_WALK_ORDERS = {"move", "AImove", "patrol", "smart"}
_ATTACK_ORDERS = {"attack", "attackonce"}
_MAX_HISTORY = 64


@record(slots=False)
class Order:
    """A recorded order. ``kind``: immediate, point, target, instant_point, instant_target,
    build or neutral. ``order`` is the order string when known, ``order_id`` the id when
    known; ``x``/``y`` the target point (world units), ``target`` the target widget,
    ``build_type`` the structure rawcode of build/neutral orders, ``time`` game seconds."""

    kind: str
    order: str | None
    order_id: int | None
    x: float | None = None
    y: float | None = None
    target: Any = None
    instant_target: Any = None
    build_type: int | None = None
    player: Any = None
    time: float = 0.0


@record(slots=False)
class Work:
    """What a unit's current order is doing (plain data, saved with the unit).

    ``mode``: walk, patrol, follow, attack or hold; ``goal`` the point walked to (world
    units) and ``path`` the waypoints left; ``target`` the unit attacked or followed and
    ``path_to`` where it stood when the path was searched; ``last`` the game time of the
    last step; ``attack_move`` acquire enemies on the way; ``origin`` the patrol's other
    end; ``home`` where an acquiring unit stood (None: the attack was ordered); ``resume``
    the mode to go back to when an attack-move fight or a holding unit's fight ends;
    ``scan`` the game time of the next look for enemies; ``job`` the record of an order
    another module carries out (``Orders.extensions``: a harvest trip, a build); ``swing``
    the game time the swing under way reaches its damage point (None: no swing)."""

    mode: str
    goal: tuple | None = None
    path: list = field(default_factory=list)
    target: Any = None
    path_to: tuple | None = None
    last: float = 0.0
    attack_move: bool = False
    origin: tuple | None = None
    home: tuple | None = None
    resume: str | None = None
    scan: float = 0.0
    job: Any = None
    swing: float | None = None


def make_order(kind: str, order, **kw) -> Order:
    """An ``Order`` from an order string or id (the other of the two from ``ORDER_IDS``)."""
    if isinstance(order, int):
        return Order(kind, ORDER_STRINGS.get(order), order, **kw)
    return Order(kind, order, ORDER_IDS.get(order) if order is not None else None, **kw)


def _dist(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(bx - ax, by - ay)


def _mobile(u) -> bool:
    return not u.utype.movement_disabled and u.move_speed > 0


def _attack_flags(u, target) -> bool:
    """The type's flags allow attacking that kind of target (ground/air)."""
    flags = u.utype.flags
    return ("attacks_air" if target.flying else "attacks_ground") in flags


class Orders:
    """The order pipeline of a Game (``game.orders``); see the module docstring.

    ``sentries``: idle or holding units with a weapon, in the order they became so;
    ``stunned``: units held in place by a stun (their work waits, as a paused unit's);
    ``reach``: the longest acquisition plus weapon range of any unit that was a sentry (how
    far around a moving unit the sentries to check are looked for).

    Other modules carry out their own orders through three registrations (``natives.spells``
    for spell orders): ``checks`` (``check(u, order)``: True/False to accept or refuse an
    order, None when not its order), ``planners`` (``plan(u, order)``: the ``Work`` for the
    order, None when not its order) and ``modes`` (work mode -> a handler with ``step(u, w,
    now)`` -> delay like the ``_do_*`` methods, ``dropped(u, w)`` when the work is replaced
    or cleared, and ``holds(u, w, order)``: True when a new unqueued order waits behind the
    work instead).

    ``extensions`` (``natives.production``, ``natives.harvest``): objects that carry out
    whole orders, including those that run beside the current order: ``claims(u, order)``
    says whether an order is theirs, ``accepts(u, order)`` whether the unit can carry it out,
    ``parallel(u, order)`` whether it runs beside the current order (a building's training
    queue) rather than replacing it, and ``start(u, order)`` sets it going. All of these are
    filled when the game is built, never saved."""

    def __init__(self, game) -> None:
        self.game = game
        self.sentries: dict = {}
        self.stunned: dict = {}
        self.checks: list = []
        self.planners: list = []
        self.extensions: list = []
        self.modes: dict = {}
        self._warned: set[int] = set()
        self.reach = 0.0           # the longest acquisition + weapon range of any sentry yet
        self._enemies: dict = {}   # (owner id, theirs) -> (versions, ids): derived, never saved
        # unit -> (epoch, versions, owner, x, y, margin): the unit stood at (x, y) ``margin``
        # world units short of every enemy sentry's reach (``_clear_of_sentries``); derived,
        # never saved, valid while ``_sentry_epoch`` (bumped when a sentry appears, moves,
        # changes owner or weapon figures) and the enemy lists' versions stay the same
        self._clearance: dict = {}
        self._sentry_epoch = 0
        game.scheduler.register("unit_order_step", self._step)   # subject: the unit
        game.subscribers.append(self._on_event)

    # -- issuing --------------------------------------------------------------------------
    def issue(self, u, order: Order, queued: bool = False) -> bool:
        """Give ``order`` to ``u`` (queued behind its current order with ``queued``); True
        when accepted (module docstring)."""
        u = alive(u)
        if u is None or u.dead:
            return False
        ext = self.claimant(u, order)
        if not (self.accepts(u, order) if ext is None else ext.accepts(u, order)):
            return False
        order.time = self.game.now
        w = u.work
        if not queued and w is not None and w.mode in self.modes and self.modes[w.mode].holds(u, w, order):
            queued = True
        history = own(u, "orders")
        history.append(order)
        if len(history) > _MAX_HISTORY:
            del history[0]
        if ext is not None and ext.parallel(u, order):
            self.game.publish(UnitOrdered(u, order))
            ext.start(u, order)
            return True
        if queued and u.current_order is not None:
            own(u, "order_queue").append(order)
        else:
            if u.order_queue:
                own(u, "order_queue").clear()
            self.start(u, order)
        self.game.publish(UnitOrdered(u, order))
        return True

    def claimant(self, u, order: Order):
        """The extension that carries out ``order`` for ``u`` (None: this pipeline)."""
        for ext in self.extensions:
            if ext.claims(u, order):
                return ext
        return None

    def accepts(self, u, order: Order) -> bool:
        """Can ``u`` carry out ``order`` (module docstring)?"""
        for check in self.checks:
            verdict = check(u, order)
            if verdict is not None:
                return verdict
        name, target = order.order, order.target
        if target is not None and getattr(target, "type_name", None) == "unit" and not target.alive:
            return False
        if name in _ATTACK_ORDERS:
            if target is None:
                return _mobile(u) or combat.weapon(u) is not None
            if target.type_name != "unit":
                return "attacks_ground" in u.utype.flags
            return target is not u and _attack_flags(u, target)
        if name == "smart" and target is not None and target.type_name == "unit" \
                and self._hostile(u, target) and _attack_flags(u, target):
            return True
        if name in _WALK_ORDERS:
            return _mobile(u)
        return True

    def clear(self, u) -> None:
        """Drop the unit's current order, queue and work (death, removal, ``stop``)."""
        self._drop_work(u)
        self.game.scheduler.cancel(u.order_entry)
        u.order_entry = None
        u.current_order = None
        if u.order_queue:
            own(u, "order_queue").clear()
        u.work = None
        self.sentries.pop(u, None)

    def start(self, u, order: Order) -> None:
        """Make ``order`` current and set its work going."""
        self._drop_work(u)
        self.game.scheduler.cancel(u.order_entry)
        u.order_entry = None
        u.work = None
        name, target = order.order, order.target
        u.current_order = None if name == "stop" else order
        ext = self.claimant(u, order) if self.extensions else None
        if ext is not None:
            self._sentry(u, False)
            ext.start(u, order)
            return
        work = next((w for w in (plan(u, order) for plan in self.planners) if w is not None), None)
        if work is not None or name == "stop":
            pass
        elif name == "holdposition":
            work = Work("hold")
        elif target is not None and target.type_name == "unit":
            if name in _ATTACK_ORDERS or (name == "smart" and self._hostile(u, target)
                                          and _attack_flags(u, target)):
                work = Work("attack", target=target)
            elif name in _WALK_ORDERS:
                work = Work("follow", target=target)
        elif order.x is not None and name in _WALK_ORDERS | _ATTACK_ORDERS and _mobile(u):
            goal = (float(order.x), float(order.y))
            mode = "patrol" if name == "patrol" else "walk"
            work = Work(mode, goal=goal, origin=(u.x, u.y),
                        attack_move=name in ("attack", "patrol"))
        if work is None:
            if u.current_order is None:
                self._idle(u)
            else:
                self._sentry(u, False)
            return
        self._sentry(u, work.mode == "hold")
        work.last = self.game.now
        if work.goal is not None:
            self._route(u, work, work.goal)
        u.work = work
        self.wake(u, 0.0)

    def _drop_work(self, u) -> None:
        """The unit's work is being replaced or cleared: a swing under way is interrupted
        (``interrupt``); tell its mode's handler."""
        w = u.work
        if w is not None and w.swing is not None:
            self.interrupt(u)
        if w is not None and w.mode in self.modes:
            u.work = None
            self.modes[w.mode].dropped(u, w)

    def make(self, name: str, target=None, x: float | None = None, y: float | None = None) -> Order:
        """An order of string ``name``: on ``target`` (a widget), else at (x, y), else
        immediate."""
        if target is not None:
            return make_order("target", name, target=target)
        if x is not None:
            return make_order("point", name, x=x, y=y)
        return make_order("immediate", name)

    def resume(self, u) -> None:
        """A stunned unit is released: its work goes on (or, idle, it looks around)."""
        if u.held or not u.alive:
            return
        if u.work is not None and u.order_entry is None:
            u.work.last = self.game.now
            self.wake(u, 0.0)
        elif u.work is None:
            self._idle(u)

    def pause(self, u, flag: bool, counted: bool = False) -> None:
        """``PauseUnit`` (``counted``: ``BlzPauseUnitEx``, one count up or down): a paused
        unit keeps its order but does nothing; no longer paused, it goes on (or, idle, looks
        around for enemies)."""
        if counted:
            u.pause_count += 1 if flag else -1
        else:
            u.paused = flag
        if u.held:
            self.interrupt(u)
        if u.held or not u.alive:
            return
        if u.work is not None and u.order_entry is None:
            u.work.last = self.game.now
            self.wake(u, 0.0)
        elif u in self.sentries:
            self._acquire_around(u)

    # -- the step ---------------------------------------------------------------------------
    def wake(self, u, delay: float) -> None:
        """Schedule the unit's next step ``delay`` game seconds from now (replacing a pending
        one)."""
        scheduler = self.game.scheduler
        if u.order_entry is not None:   # (none pending after a step)
            scheduler.cancel(u.order_entry)
        u.order_entry = scheduler.schedule_subject(delay, "unit_order_step", u)

    def interrupt(self, u) -> None:
        """The swing ``u`` has under way ends before its damage point and deals nothing
        (Liquipedia, "Attack": an attack interrupted during the damage point is cancelled);
        the weapon is ready again at once and the pending step is dropped (the caller wakes
        the unit, or a paused one is woken when released). Nothing happens without a swing."""
        w = u.work
        if w is None or w.swing is None:
            return
        w.swing = None
        u.attack_ready = min(u.attack_ready, self.game.now)
        self.game.scheduler.cancel(u.order_entry)
        u.order_entry = None

    def _step(self, u) -> None:
        # (attribute reads inline, no ``game.now`` / ``u.held`` properties: once per walk step)
        u.order_entry = None
        w = u.work
        if w is None or u.dead or u.destroyed:   # (not u.alive)
            return
        scheduler = self.game.scheduler
        now = scheduler.now
        dt, w.last = now - w.last, now
        if u.paused or u.pause_count > 0 or u in self.stunned:   # (u.held)
            self.interrupt(u)
            return   # resumed by ``pause(u, False)`` / ``resume(u)``
        if w.path:
            self._walk(u, w, dt)
            if u.work is not w or u.dead or u.destroyed:
                return
        handler = self.modes.get(w.mode)
        delay = handler.step(u, w, now) if handler is not None else getattr(self, "_do_" + w.mode)(u, w, now)
        if delay is not None and u.work is w and u.order_entry is None:
            u.order_entry = scheduler.schedule_subject(delay, "unit_order_step", u)   # (wake)

    def _do_walk(self, u, w: Work, now: float):
        weapon = combat.weapon(u)
        if w.attack_move and weapon is not None and now >= w.scan:
            w.scan = now + SCAN
            enemy = self._look(u, weapon.acquire)
            if enemy is not None:
                return self._engage(u, w, enemy)
        if w.path:
            return self.move_delay(u, w)
        if w.mode == "patrol" and _dist(*w.origin, *w.goal) >= 1.0:
            w.goal, w.origin = w.origin, w.goal
            self._route(u, w, w.goal)
            return self.move_delay(u, w) if w.path else STEP
        self.finish(u)
        return None

    _do_patrol = _do_walk

    def _do_hold(self, u, w: Work, now: float):
        return None   # a sentry: woken by acquisition

    def _do_follow(self, u, w: Work, now: float):
        t = w.target
        if t is None or not t.alive:
            self.finish(u)
            return None
        gap = _dist(u.x, u.y, t.x, t.y) - u.collision - t.collision
        if gap <= FOLLOW_GAP:
            w.path = []
            return STEP * 4
        self._chase(u, w, t)
        return self.move_delay(u, w) if w.path else STEP * 4

    def _do_attack(self, u, w: Work, now: float):
        t = w.target
        weapon = combat.weapon(u)
        if t is None or not t.alive or t.hidden or (weapon is not None and not combat.can_attack(u, t)):
            w.swing = None
            return self._disengage(u, w)
        if w.swing is not None:
            return self._land(u, w, t, weapon, now)
        if w.home is not None and _dist(t.x, t.y, *w.home) > LEASH:
            return self._disengage(u, w)
        if weapon is None:
            self._warn_weapon(u)
            return self._do_follow(u, w, now) if w.resume is None else self._disengage(u, w)
        if combat.in_range(u, t, weapon):
            w.path = []
            if now < u.attack_ready:
                return u.attack_ready - now
            self._swing(u, w, t, weapon)
            return (w.swing - now) if u.alive and w.swing is not None else None
        if w.resume == "hold" or not _mobile(u):
            return self._disengage(u, w)
        self._chase(u, w, t)
        return self.move_delay(u, w) if w.path else STEP

    def _swing(self, u, w: Work, t, weapon) -> None:
        """A swing begins: EVENT_UNIT_ATTACKED now (seed 004: at the swing), the hit at the
        damage point (``_land``); the cooldown runs from the start of the swing."""
        game = self.game
        u.attack_ready = game.now + combat.attack_cooldown(u, weapon)
        u.facing = math.degrees(math.atan2(t.y - u.y, t.x - u.x)) % 360.0
        w.swing = game.now + weapon.point
        game.publish(UnitAttacked(t, u))

    def _land(self, u, w: Work, t, weapon, now: float):
        """The swing under way reaches its damage point: the hit (``natives.combat.hit``),
        then the backswing, during which the unit does nothing else (a new order cancels
        it, Liquipedia "Attack"); the delay to the unit's next step (with the target still
        alive: to the next swing, as a unit in range waits for its weapon)."""
        if now < w.swing - 1e-9:
            return w.swing - now
        w.swing = None
        if weapon is None:
            return 0.0 if u.alive else None
        combat.hit(self.game, u, t, weapon)
        if not u.alive:
            return None
        if t.alive:       # the next swing comes no sooner than the backswing's end
            return max(weapon.backswing, u.attack_ready - now)
        return weapon.backswing

    def _engage(self, u, w: Work, enemy):
        """An attack-moving, patrolling or holding unit takes on ``enemy``, then resumes."""
        w.resume = w.mode
        w.mode = "attack"
        w.target = enemy
        w.path = []
        return 0.0

    def _disengage(self, u, w: Work):
        """The attacked unit is gone (or out of reach): resume, look for the next enemy, walk
        home, or finish."""
        w.target = None
        w.path = []
        weapon = combat.weapon(u)
        enemy = self._look(u, weapon.acquire) if weapon is not None else None
        if enemy is not None and (w.home is None or _dist(enemy.x, enemy.y, *w.home) <= LEASH):
            w.target = enemy
            return 0.0
        if w.resume is not None:
            w.mode, w.resume = w.resume, None
            if w.mode == "hold":
                self._sentry(u, True)
                return None
            if w.goal is not None:
                self._route(u, w, w.goal)
            return 0.0
        if w.home is not None and _dist(u.x, u.y, *w.home) > 1.0:
            home = Work("walk", goal=w.home, last=self.game.now)
            self._route(u, home, home.goal)
            u.current_order = make_order("point", "move", x=home.goal[0], y=home.goal[1])
            u.work = home
            self.wake(u, 0.0)
            return None
        self.finish(u)
        return None

    def finish(self, u) -> None:
        """The current order is done: the next queued order, else idle."""
        u.work = None
        if u.order_queue:
            self.start(u, own(u, "order_queue").pop(0))
            return
        u.current_order = None
        self._idle(u)

    # -- movement ---------------------------------------------------------------------------
    def route(self, u, w: Work, goal: tuple) -> None:
        """Set ``w.path`` to the waypoints from ``u`` to ``goal`` (world units)."""
        self._route(u, w, goal)

    def _route(self, u, w: Work, goal: tuple) -> None:
        path, _reached = find_path(self.game.pathing, u.x, u.y, goal[0], goal[1],
                                   u.utype.move or "foot")
        w.path = [tuple(p) for p in path]

    def _chase(self, u, w: Work, t) -> None:
        if not w.path or w.path_to is None or _dist(t.x, t.y, *w.path_to) > REPATH:
            w.path_to = (t.x, t.y)
            self._route(u, w, w.path_to)

    def _walk(self, u, w: Work, dt: float) -> None:
        """Move ``u`` along its waypoints for ``dt`` game seconds."""
        budget = (combat.move_speed(u) if u.buffs else u.move_speed) * dt   # (a walk step)
        x, y = u.x, u.y
        path = w.path
        heading = None
        hypot = math.hypot
        while path and budget > 1e-9:
            tx, ty = path[0]
            d = hypot(tx - x, ty - y)
            if d > 1e-9:
                heading = (tx - x, ty - y)
            if d <= budget:
                x, y = tx, ty
                budget -= d
                path.pop(0)
            else:
                x += (tx - x) * budget / d
                y += (ty - y) * budget / d
                budget = 0.0
        while path and hypot(path[0][0] - x, path[0][1] - y) <= 1e-6:   # rounding: arrive exactly
            x, y = path.pop(0)
        if heading is not None:
            u.facing = math.degrees(math.atan2(heading[1], heading[0])) % 360.0
        if (x, y) != (u.x, u.y):
            self.game.units.move_unit(u, x, y)

    def move_delay(self, u, w: Work) -> float:
        """Game seconds to the next step of a unit walking ``w.path``: to the next waypoint,
        at most ``STEP``, and just past the next region cell boundary while a watched region
        is near the step (the next ``min(t, STEP) * speed`` world units of the walk)."""
        speed = combat.move_speed(u) if u.buffs else u.move_speed   # (once per walk step)
        if speed <= 0:
            return STEP
        x, y = u.x, u.y
        tx, ty = w.path[0]
        d = math.hypot(tx - x, ty - y)
        t = d / speed
        if d > 0:   # (min/max as conditionals, same values: once per walk step)
            f = (t if t <= STEP else STEP) * speed / d
            if f > 1.0:
                f = 1.0
            ex, ey = x + (tx - x) * f, y + (ty - y) * f
            if self.game.events.regions_near(x if x <= ex else ex, y if y <= ey else ey,
                                             ex if x <= ex else x, ey if y <= ey else y):
                cross = min(_to_boundary(x, tx - x, d), _to_boundary(y, ty - y, d))
                t = min(t, cross / speed)
        if t > STEP:
            t = STEP
        return t if t >= 1e-4 else 1e-4

    # -- acquisition --------------------------------------------------------------------------
    def _sentry(self, u, on: bool) -> None:
        w = combat.weapon(u) if on else None
        if w is not None:
            self.sentries[u] = None
            self._sentry_epoch += 1
            if w.acquire + w.range > self.reach:
                self.reach = w.acquire + w.range
        else:
            self.sentries.pop(u, None)

    def _idle(self, u) -> None:
        """``u`` has nothing to do: it becomes a sentry and looks around."""
        self._sentry(u, True)
        if u in self.sentries:
            self._acquire_around(u)

    def _hostile(self, u, other) -> bool:
        return not u.owner.is_ally(other.owner)

    def _look(self, u, radius: float):
        """The nearest enemy ``u`` can attack within ``radius`` of it (None: none)."""
        if radius <= 0:
            return None
        def enemy(v) -> bool:
            return v is not u and not v.dead and not v.hidden and combat.can_attack(u, v)

        return self.game.units.nearest(u.x, u.y, radius, enemy, self.enemy_ids(u.owner))

    def _acquire_around(self, u) -> None:
        if u.held or u.work is not None and u.work.mode != "hold":
            return
        w = combat.weapon(u)
        enemy = self._look(u, w.acquire)
        if enemy is not None:
            self._acquire(u, enemy)

    def _acquire(self, v, target) -> None:
        """Sentry ``v`` starts attacking ``target`` on its own."""
        self.sentries.pop(v, None)
        if v.work is not None and v.work.mode == "hold":
            self._engage(v, v.work, target)
        else:
            v.current_order = make_order("target", "attack", target=target)
            v.work = Work("attack", target=target, home=(v.x, v.y))
        v.work.last = self.game.now
        self.wake(v, 0.0)

    def _noticed(self, m) -> None:
        """Unit ``m`` appeared or moved: sentries of enemy players that can attack it and have
        it within acquisition range take it on; an idle ``m`` looks around itself."""
        if m.dead or m.destroyed or m.hidden:   # (not m.alive, inline: a walk step)
            return
        if self._clear_of_sentries(m):
            if m in self.sentries:
                self._acquire_around(m)
            return
        sentries = self.sentries
        if len(sentries) > _FEW_SENTRIES:   # many: only those of enemies that can reach m
            far = self.reach + m.collision
            pids = self.enemy_ids(m.owner, theirs=True)
            sentries = [v for v in self.game.units.owned_near(pids, m.x - far, m.y - far,
                                                              m.x + far, m.y + far)
                        if v in self.sentries]
        else:
            sentries = list(sentries)   # acquiring changes self.sentries
        hostile: dict = {}   # owner -> hostile to m's owner, asked once per owner
        bound = self.reach + m.collision   # no sentry reaches further (plus its collision)
        for v in sentries:
            if v is m or v.held or not v.alive:
                continue
            d = _dist(v.x, v.y, m.x, m.y)
            if d > bound + v.collision:
                continue
            enemy = hostile.get(v.owner)
            if enemy is None:
                enemy = hostile[v.owner] = self._hostile(v, m)
            if not enemy:
                continue
            w = combat.weapon(v)
            reach = w.range + v.collision + m.collision if v.work is not None else w.acquire
            if d <= reach and combat.can_attack(v, m):
                self._acquire(v, m)
        if m in self.sentries:
            self._acquire_around(m)

    def _kept_clear(self, m) -> bool:
        """Does ``m``'s recorded clearance (``_clear_of_sentries``) still hold: nothing it
        depends on changed and ``m`` is within its margin of the recorded point? No side
        effect."""
        rec = self._clearance.get(m)
        if rec is not None and rec[0] == self._sentry_epoch and rec[2] is m.owner \
                and rec[1] == (self.game.units.owners_version, self.game.players.epoch):
            dx, dy = m.x - rec[3], m.y - rec[4]
            return dx * dx + dy * dy < rec[5] * rec[5]
        return False

    def _clear_of_sentries(self, m) -> bool:
        """True when no sentry of a player hostile to ``m``'s owner has ``m`` within reach
        (``_noticed``'s bound, and the sentry's acquisition or weapon range, whichever its
        work uses): ``_noticed`` would acquire nothing. The answer for a point is kept with
        its margin (the nearest such sentry's distance beyond its reach, at most
        ``CLEARANCE``): a unit that moved less than the margin from that point, with no
        sentry added, moved, given away or given new weapon figures since
        (``weapon_changed``), is still clear without a look-up."""
        if self._kept_clear(m):
            return True
        units = self.game.units
        versions = (units.owners_version, self.game.players.epoch)
        far = self.reach + m.collision
        box = far + CLEARANCE + units.max_collision   # any sentry outside is CLEARANCE clear
        margin = CLEARANCE
        sentries = self.sentries
        for v in units.owned_near(self.enemy_ids(m.owner, theirs=True), m.x - box, m.y - box,
                                  m.x + box, m.y + box):
            if v in sentries and v is not m:
                limit = far + v.collision          # as _noticed: the bound, then the weapon
                w = combat.weapon(v)
                if w is not None:
                    limit = min(limit, max(w.acquire, w.range + v.collision + m.collision))
                margin = min(margin, _dist(v.x, v.y, m.x, m.y) - limit)
        if margin <= 0:
            self._clearance.pop(m, None)
            return False
        self._clearance[m] = (self._sentry_epoch, versions, m.owner, m.x, m.y, margin)
        return True

    def weapon_changed(self, u) -> None:
        """``u``'s weapon figures changed (``natives.combat``'s setters, ``SetUnitAcquireRange``):
        as a sentry, its reach may have grown, so recorded clearances no longer hold, and it
        looks around again with its new acquisition range."""
        if u in self.sentries:
            self._sentry(u, True)
            self._acquire_around(u)

    def enemy_ids(self, owner, theirs: bool = False) -> list[int]:
        """Ids of the players that have units and that ``owner`` does not treat as allies
        (``theirs``: that do not treat ``owner`` as an ally; alliances are one-sided), in the
        store's owner order. Cached until a player gets its first unit or loses its last,
        or an alliance or controller changes (``UnitStore.owners_version``,
        ``Players.epoch``)."""
        units, players = self.game.units, self.game.players
        versions = (units.owners_version, players.epoch)
        key = (owner.id, theirs)
        hit = self._enemies.get(key)
        if hit is not None and hit[0] == versions:
            return hit[1]
        if theirs:
            pids = [pid for pid in units.owner_cells if not players.get(pid).is_ally(owner)]
        else:
            pids = [pid for pid in units.owner_cells if not owner.is_ally(players.get(pid))]
        self._enemies[key] = (versions, pids)
        return pids

    def _on_event(self, event) -> None:
        kind = type(event)
        if kind is UnitMoved:
            u = event.unit
            sentries = self.sentries
            if not sentries:
                return
            if u in sentries:   # a sentry moved: recorded clearances may be wrong
                self._sentry_epoch += 1
            elif self._kept_clear(u):   # no sentry reaches it, it is none: nothing to notice
                return
            self._noticed(u)
        elif kind is UnitCreated:
            u = event.unit
            self._sentry(u, True)
            if self.sentries:
                self._noticed(u)
        elif kind is UnitDeath or kind is UnitRemoved:
            self.sentries.pop(event.unit, None)
            self._clearance.pop(event.unit, None)
        elif kind is UnitOwnerChanged and event.unit in self.sentries:
            self._sentry_epoch += 1

    def _warn_weapon(self, u) -> None:
        if u.type_id not in self._warned:
            self._warned.add(u.type_id)
            self.game.warn(f"unit type '{u.utype.rawcode}' has no weapon figures "
                           f"(natives.unitdata.WEAPONS): it walks to its target but does not "
                           f"attack")


def _to_boundary(pos: float, delta: float, length: float) -> float:
    """Distance along a segment (direction component ``delta`` of total ``length``) from
    coordinate ``pos`` to just past the next 32-unit cell boundary."""
    if abs(delta) < 1e-12:
        return math.inf
    cell = 32.0
    if delta > 0:
        edge = (math.floor(pos / cell) + 1) * cell
        along = edge - pos
    else:
        edge = math.floor(pos / cell) * cell
        along = pos - edge
    return (along + CROSS_EPS) * length / abs(delta)


# ---------------------------------------------------------------------------------------
# natives
# ---------------------------------------------------------------------------------------

def _issue(ctx, u, order: Order, queued: bool = False) -> bool:
    return ctx.game.orders.issue(u, order, queued)


def _xy(loc) -> tuple[float, float] | None:
    loc = alive(loc)
    return (loc.x, loc.y) if loc is not None else None


@native("OrderId", "takes string  orderIdString     returns integer", constant=True)
def OrderId(ctx, text):
    """The order id of an order string from ``ORDER_IDS``; 0 (with a warning) for strings the
    model's table does not hold."""
    if text is None:
        return 0
    oid = ORDER_IDS.get(text)
    if oid is None:
        ctx.warn(f"OrderId: order string {text!r} is not in the model's order table; "
                 f"returning 0")
        return 0
    return oid


@native("OrderId2String", "takes integer orderId           returns string", constant=True)
def OrderId2String(ctx, oid):
    """The order string of an id from ``ORDER_IDS``; null (with a warning) otherwise."""
    text = ORDER_STRINGS.get(oid)
    if text is None:
        ctx.warn(f"OrderId2String: order id {oid} is not in the model's order table; "
                 f"returning null")
    return text


@native("GetUnitCurrentOrder", "takes unit whichUnit returns integer")
def GetUnitCurrentOrder(ctx, u):
    """The order id of the unit's current order: 0 when idle (no order, ``stop``, a finished
    walk) or for an order string without a known id."""
    u = alive(u)
    if u is None or u.current_order is None:
        return 0
    return u.current_order.order_id or 0


def _issue_at(ctx, u, order, loc) -> bool:
    """A point order (string or id) at a location; false for a null location."""
    pos = _xy(loc)
    return pos is not None and _issue(ctx, u, make_order("point", order, x=pos[0], y=pos[1]))


def _issue_on(ctx, u, order, target, queued: bool = False) -> bool:
    """A target order (string or id) on a widget, ``queued`` behind the current one; false
    for a null or removed target."""
    target = alive(target)
    return target is not None and _issue(ctx, u, make_order("target", order, target=target),
                                         queued=queued)


@native("IssueImmediateOrder", "takes unit whichUnit, string order returns boolean")
def IssueImmediateOrder(ctx, u, order):
    return _issue(ctx, u, make_order("immediate", order))


@native("IssueImmediateOrderById", "takes unit whichUnit, integer order returns boolean")
def IssueImmediateOrderById(ctx, u, order):
    return _issue(ctx, u, make_order("immediate", order))


@native("IssuePointOrder", "takes unit whichUnit, string order, real x, real y returns boolean")
def IssuePointOrder(ctx, u, order, x, y):
    return _issue(ctx, u, make_order("point", order, x=x, y=y))


@native("IssuePointOrderLoc", "takes unit whichUnit, string order, location whichLocation returns boolean")
def IssuePointOrderLoc(ctx, u, order, loc):
    return _issue_at(ctx, u, order, loc)


@native("IssuePointOrderById", "takes unit whichUnit, integer order, real x, real y returns boolean")
def IssuePointOrderById(ctx, u, order, x, y):
    return _issue(ctx, u, make_order("point", order, x=x, y=y))


@native("IssuePointOrderByIdLoc", "takes unit whichUnit, integer order, location whichLocation returns boolean")
def IssuePointOrderByIdLoc(ctx, u, order, loc):
    return _issue_at(ctx, u, order, loc)


@native("IssueTargetOrder", "takes unit whichUnit, string order, widget targetWidget returns boolean")
def IssueTargetOrder(ctx, u, order, target):
    return _issue_on(ctx, u, order, target)


@native("IssueTargetOrderById", "takes unit whichUnit, integer order, widget targetWidget returns boolean")
def IssueTargetOrderById(ctx, u, order, target):
    return _issue_on(ctx, u, order, target)


@native("IssueInstantPointOrder", "takes unit whichUnit, string order, real x, real y, widget instantTargetWidget returns boolean")
def IssueInstantPointOrder(ctx, u, order, x, y, instant):
    return _issue(ctx, u, make_order("instant_point", order, x=x, y=y,
                                     instant_target=alive(instant)))


@native("IssueInstantPointOrderById", "takes unit whichUnit, integer order, real x, real y, widget instantTargetWidget returns boolean")
def IssueInstantPointOrderById(ctx, u, order, x, y, instant):
    return _issue(ctx, u, make_order("instant_point", order, x=x, y=y,
                                     instant_target=alive(instant)))


@native("IssueInstantTargetOrder", "takes unit whichUnit, string order, widget targetWidget, widget instantTargetWidget returns boolean")
def IssueInstantTargetOrder(ctx, u, order, target, instant):
    target = alive(target)
    if target is None:
        return False
    return _issue(ctx, u, make_order("instant_target", order, target=target,
                                     instant_target=alive(instant)))


@native("IssueInstantTargetOrderById", "takes unit whichUnit, integer order, widget targetWidget, widget instantTargetWidget returns boolean")
def IssueInstantTargetOrderById(ctx, u, order, target, instant):
    target = alive(target)
    if target is None:
        return False
    return _issue(ctx, u, make_order("instant_target", order, target=target,
                                     instant_target=alive(instant)))


@native("IssueBuildOrderById", "takes unit whichPeon, integer unitId, real x, real y returns boolean")
def IssueBuildOrderById(ctx, u, unit_id, x, y):
    return _issue(ctx, u, Order("build", None, unit_id, x=x, y=y, build_type=unit_id))


@native("IssueNeutralImmediateOrderById", "takes player forWhichPlayer,unit neutralStructure, integer unitId returns boolean")
def IssueNeutralImmediateOrderById(ctx, p, u, unit_id):
    return _issue(ctx, u, Order("neutral", None, unit_id, build_type=unit_id, player=p))


@native("IssueNeutralPointOrderById", "takes player forWhichPlayer,unit neutralStructure, integer unitId, real x, real y returns boolean")
def IssueNeutralPointOrderById(ctx, p, u, unit_id, x, y):
    return _issue(ctx, u, Order("neutral", None, unit_id, x=x, y=y, build_type=unit_id,
                                player=p))


@native("IssueNeutralTargetOrderById", "takes player forWhichPlayer,unit neutralStructure, integer unitId, widget target returns boolean")
def IssueNeutralTargetOrderById(ctx, p, u, unit_id, target):
    return _issue(ctx, u, Order("neutral", None, unit_id, target=alive(target),
                                build_type=unit_id, player=p))


# -- queued orders (1.33+): behind the current order ---------------------------------------

@native("BlzQueueImmediateOrderById", "takes unit whichUnit, integer order returns boolean")
def BlzQueueImmediateOrderById(ctx, u, order):
    """Queue the order behind the current one (given at once to an idle unit)."""
    return _issue(ctx, u, make_order("immediate", order), queued=True)


@native("BlzQueuePointOrderById", "takes unit whichUnit, integer order, real x, real y returns boolean")
def BlzQueuePointOrderById(ctx, u, order, x, y):
    return _issue(ctx, u, make_order("point", order, x=x, y=y), queued=True)


@native("BlzQueueTargetOrderById", "takes unit whichUnit, integer order, widget targetWidget returns boolean")
def BlzQueueTargetOrderById(ctx, u, order, target):
    return _issue_on(ctx, u, order, target, queued=True)


@native("BlzQueueInstantPointOrderById", "takes unit whichUnit, integer order, real x, real y, widget instantTargetWidget returns boolean")
def BlzQueueInstantPointOrderById(ctx, u, order, x, y, instant):
    return _issue(ctx, u, make_order("instant_point", order, x=x, y=y,
                                     instant_target=alive(instant)), queued=True)


@native("BlzQueueInstantTargetOrderById", "takes unit whichUnit, integer order, widget targetWidget, widget instantTargetWidget returns boolean")
def BlzQueueInstantTargetOrderById(ctx, u, order, target, instant):
    target = alive(target)
    if target is None:
        return False
    return _issue(ctx, u, make_order("instant_target", order, target=target,
                                     instant_target=alive(instant)), queued=True)


@native("BlzQueueBuildOrderById", "takes unit whichPeon, integer unitId, real x, real y returns boolean")
def BlzQueueBuildOrderById(ctx, u, unit_id, x, y):
    return _issue(ctx, u, Order("build", None, unit_id, x=x, y=y, build_type=unit_id),
                  queued=True)


@native("BlzQueueNeutralImmediateOrderById", "takes player forWhichPlayer,unit neutralStructure, integer unitId returns boolean")
def BlzQueueNeutralImmediateOrderById(ctx, p, u, unit_id):
    return _issue(ctx, u, Order("neutral", None, unit_id, build_type=unit_id, player=p),
                  queued=True)


@native("BlzQueueNeutralPointOrderById", "takes player forWhichPlayer,unit neutralStructure, integer unitId, real x, real y returns boolean")
def BlzQueueNeutralPointOrderById(ctx, p, u, unit_id, x, y):
    return _issue(ctx, u, Order("neutral", None, unit_id, x=x, y=y, build_type=unit_id,
                                player=p), queued=True)


@native("BlzQueueNeutralTargetOrderById", "takes player forWhichPlayer,unit neutralStructure, integer unitId, widget target returns boolean")
def BlzQueueNeutralTargetOrderById(ctx, p, u, unit_id, target):
    return _issue(ctx, u, Order("neutral", None, unit_id, target=alive(target),
                                build_type=unit_id, player=p), queued=True)


# -- the order queue (1.32.10+) -------------------------------------------------------------

@native("BlzUnitClearOrders", "takes unit whichUnit, boolean onlyQueued returns nothing")
def BlzUnitClearOrders(ctx, u, only_queued):
    """jassdoc: "Clears either all orders or only queued up orders". All: the unit drops its
    current order too and is idle (no order event: no order is given)."""
    u = alive(u)
    if u is None or u.type_name != "unit":
        return
    if only_queued:
        if u.order_queue:
            own(u, "order_queue").clear()
    elif u.alive:
        ctx.game.orders.clear(u)
        ctx.game.orders.finish(u)


@native("BlzUnitForceStopOrder", "takes unit whichUnit, boolean clearQueue returns nothing")
def BlzUnitForceStopOrder(ctx, u, clear_queue):
    """jassdoc: "Stops the current order and optionally clears the queue": without
    ``clearQueue`` the next queued order becomes current (``Orders.finish``)."""
    u = alive(u)
    if u is None or u.type_name != "unit" or not u.alive:
        return
    orders = ctx.game.orders
    if clear_queue:
        if u.order_queue:
            own(u, "order_queue").clear()
    ctx.game.scheduler.cancel(u.order_entry)
    u.order_entry = None
    orders.finish(u)


@native("BlzGetUnitOrderCount", "takes unit whichUnit returns integer")
def BlzGetUnitOrderCount(ctx, u):
    """jassdoc: "the number of orders the unit currently has queued up": its current order
    and those queued behind it (the game's queue holds the current order at its head); 0
    for an idle unit."""
    u = alive(u)
    if u is None or u.type_name != "unit":
        return 0
    return (u.current_order is not None) + len(u.order_queue)
