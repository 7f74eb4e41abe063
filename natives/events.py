"""Trigger events (seed 004): registrations, the bridge from model events, response natives.

Registration
    ``TriggerRegister*`` natives create a ``Registration`` (the ``event`` handle they return)
    owned by a trigger and indexed by what it watches. The event id a registration answers
    with (``GetTriggerEventId``) is the interned ``Convert*Event`` handle the script passed,
    so its numeric value is the loaded common.j's. ``DestroyTrigger`` retires registrations.

Dispatch
    Gameplay publishes a model event (``game.publish``) only when the state change happens;
    ``EventRegistry.on_publish`` maps it to JASS events (table ``MODEL_EVENTS`` below). For
    each matching registration of an enabled, live trigger: the registration's filter runs at
    once with the event's filter unit (``GetFilterUnit``); then the trigger's conditions run
    at once (all of them, S106) with the event response; if they pass, one action thread is
    queued on the scheduler (delay 0) and runs the actions in order when the clock next runs
    (jassbot ``TriggerRegisterEnterRegion``: "the filter will be fired instantly but the
    trigger will be fired in a deferred fashion (using a 0-timer)"). A queued run of a trigger
    destroyed meanwhile is dropped, and so is a region/range run whose region or unit is gone
    (same jassbot note). Limit events (player, unit and game states) occur when a change
    makes the comparison turn true. Removing or hiding a unit raises no region event
    (jassbot ``TriggerRegisterLeaveRegion``). Timer expiry registrations are direct (the timer callback
    already runs on the clock): conditions and actions run at expiry. ``EVENT_GAME_SAVE`` /
    ``EVENT_GAME_LOADED`` run synchronously while the save name is valid (seed 004).

Response
    The event's response context (``natives.response.Response``, one field per piece of
    context) is copied into the action thread's ``response``, so response natives work after
    waits; filters see ``filter_unit``. The plain response natives (``GetTriggerUnit``,
    ``GetEnumUnit``, ``GetExpiredTimer``...) are generated from the fields that name them
    (``GENERATED_RESPONSE_NATIVES``); the few that compute their answer are listed in
    ``COMPUTED_RESPONSE_NATIVES``.

Model events (``natives.modelevents``, ``game.publish(event)``) and the JASS events they raise
    Dispatch is by the event's class (``MODEL_EVENTS``); ``SILENT_EVENTS`` lists the classes
    that raise no JASS event, and ``natives.dzapi`` handles the DzAPI input events.

    ========================  ======================================================
    ``UnitCreated``           region enter and unit-in-range (a unit appears at its point)
    ``UnitMoved``             region enter/leave (unit origin, S: jassbot), unit-in-range
    ``UnitDeath``             EVENT_PLAYER_UNIT_DEATH, EVENT_UNIT_DEATH, EVENT_WIDGET_DEATH
    ``UnitDecay``             EVENT_PLAYER_UNIT_DECAY, EVENT_UNIT_DECAY
    ``UnitOwnerChanged``      EVENT_PLAYER_UNIT_CHANGE_OWNER (new owner), EVENT_UNIT_CHANGE_OWNER
    ``UnitStateChanged``      EVENT_UNIT_STATE_LIMIT (TriggerRegisterUnitStateEvent)
    ``UnitOrdered``           EVENT_PLAYER_UNIT_ISSUED_(POINT_/TARGET_)ORDER and unit ones
    ``HeroLevel``             EVENT_PLAYER_HERO_LEVEL, EVENT_UNIT_HERO_LEVEL
    ``HeroSkill``             EVENT_PLAYER_HERO_SKILL, EVENT_UNIT_HERO_SKILL
    ``ItemPickup``            EVENT_PLAYER_UNIT_PICKUP_ITEM, EVENT_UNIT_PICKUP_ITEM
    ``ItemDrop``              EVENT_PLAYER_UNIT_DROP_ITEM, EVENT_UNIT_DROP_ITEM
    ``ItemUse``               EVENT_PLAYER_UNIT_USE_ITEM, EVENT_UNIT_USE_ITEM
    ``ItemDeath``             EVENT_WIDGET_DEATH
    ``UnitConstruct``         EVENT_PLAYER_UNIT_CONSTRUCT_<PHASE>, EVENT_UNIT_CONSTRUCT_<PHASE>
                              (phase: start/cancel/finish -- no unit event for start; unit:
                              the structure, ``GetConstructing/Cancelled/ConstructedStructure``)
    ``UnitTrain``             EVENT_PLAYER_UNIT_TRAIN_<PHASE>, EVENT_UNIT_TRAIN_<PHASE> (the
                              building; ``GetTrainedUnitType``, ``GetTrainedUnit`` at finish)
    ``UnitResearch``          EVENT_PLAYER_UNIT_RESEARCH_<PHASE>, EVENT_UNIT_RESEARCH_<PHASE>
                              (``GetResearchingUnit``, ``GetResearched``)
    ``UnitUpgrade``           EVENT_PLAYER_UNIT_UPGRADE_<PHASE>, EVENT_UNIT_UPGRADE_<PHASE>
    ``UnitSold``              EVENT_PLAYER_UNIT_SELL (the shop's owner), EVENT_UNIT_SELL (shop,
                              unit, buyer: ``GetSellingUnit``, ``GetSoldUnit``, ``GetBuyingUnit``)
    ``ItemSold``              EVENT_PLAYER_UNIT_SELL_ITEM, EVENT_UNIT_SELL_ITEM (shop, item,
                              buyer: ``GetSoldItem``)
    ``DestructableDeath``     EVENT_WIDGET_DEATH
    ``PlayerStateChanged``    EVENT_PLAYER_STATE_LIMIT (TriggerRegisterPlayerStateEvent)
    ``AllianceChanged``       EVENT_PLAYER_ALLIANCE_CHANGED
    ``GameStateChanged``      EVENT_GAME_STATE_LIMIT for integer game states (natives.core)
    ``TimeOfDayChanged``      EVENT_GAME_STATE_LIMIT for GAME_STATE_TIME_OF_DAY (jumps; the
                              clock's own crossings are scheduled with ``natives.daynight``)
    ``UnitAttacked``          EVENT_PLAYER_UNIT_ATTACKED, EVENT_UNIT_ATTACKED
    ``UnitDamaging``          EVENT_UNIT_DAMAGING, EVENT_PLAYER_UNIT_DAMAGING (API sets that
                              declare them; handlers run at once)
    ``UnitDamaged``           EVENT_UNIT_DAMAGED (+ EVENT_PLAYER_UNIT_DAMAGED where common.j
                              has it)
    ``UnitSelected``          EVENT_PLAYER_UNIT_(DE)SELECTED for the selecting player,
                              EVENT_UNIT_(DE)SELECTED
    ``Spell``                 EVENT_PLAYER_UNIT_SPELL_<PHASE>, EVENT_UNIT_SPELL_<PHASE> (phase:
                              channel/cast/effect/finish/endcast)
    ``PlayerChat``            TriggerRegisterPlayerChatEvent (id 96, S112), EVENT_PLAYER_CHAT
    ``PlayerLeft`` / ``PlayerVictory`` / ``PlayerDefeat`` / ``PlayerEndCinematic``
                              EVENT_PLAYER_LEAVE / _VICTORY / _DEFEAT / _END_CINEMATIC
    ``PlayerKey``             EVENT_PLAYER_ARROW_<KEY>_<DOWN|UP> (key: left/right/down/up)
    ``DialogClick``           EVENT_DIALOG_BUTTON_CLICK then EVENT_DIALOG_CLICK
    ``UnitLoaded``            EVENT_PLAYER_UNIT_LOADED, EVENT_UNIT_LOADED (the loaded unit is
                              the event unit; ``GetTransportUnit``, ``GetLoadedUnit``)
    ``CommandButton``         EVENT_COMMAND_BUTTON_CLICK: TriggerRegisterCommandEvent /
                              UpgradeCommandEvent. No command card is simulated: the scenario
                              ``command`` step publishes the click.
    (VM global watch)         EVENT_GAME_VARIABLE_LIMIT: the script assigns a watched global
                              real (``TriggerRegisterVariableEvent``, see there)
    ========================  ======================================================

Report
    ``game.events.report()`` gives per event type: registered, queued (model events
    published), matched (registration reached, filter passed), dispatched (conditions passed,
    actions queued or run), filtered (registration filter rejected), and ``status``
    ``REGISTERED_NEVER_OBSERVED`` when registered but neither queued nor matched (evidence to
    investigate, not proof of a bug: seed 004). Timer expiry is direct, so its queued stays 0.
"""
from __future__ import annotations

import math
from operator import attrgetter
from typing import Any, Callable

from jassvm.records import record
from jassvm.values import real_eq
from natives.boolexpr import evaluate
from natives.core import day_clock
from natives.geometry import REGION_CELL, RegionIndex, new_location
from natives.handles import Handle, enum_handle
from natives.modelevents import (
    AllianceChanged, CommandButton, DestructableDeath, DestructableRemoved, DialogClick,
    GameStateChanged, HeroLevel, HeroSkill, ItemDeath, ItemDrop, ItemPickup, ItemRemoved,
    ItemSold, ItemUse, ModelEvent, PlayerChat, PlayerDefeat, PlayerEndCinematic, PlayerKey,
    PlayerLeft, PlayerStateChanged, PlayerVictory, Spell, TimeOfDayChanged, UnitAttacked,
    UnitConstruct, UnitCreated, UnitDamaged, UnitDamaging, UnitDeath, UnitDecay, UnitHidden,
    UnitLoaded, UnitMoved, UnitOrdered, UnitOwnerChanged, UnitRemoved, UnitResearch,
    UnitRevived, UnitSelected, UnitSold, UnitStateChanged, UnitTrain, UnitUnloaded,
    UnitUpgrade,
)
from natives.players import SLOT_LEFT
from natives.registry import native
from natives.response import Response, response_natives
from natives.triggers import Trigger, evaluate_conditions, live_trigger, run_actions


# Event names -> (Convert* type, value) as common.j declares them (every corpus API set, RoC 1.0x
# through 2.0.2, agrees on every id here; tests/test_events.py checks them all). Used to name
# ids in the report and for events the model raises; when the
# loaded program declares the constant, its value wins (``EventRegistry.event``).
EVENTS: dict[str, tuple[str, int]] = {
    "EVENT_GAME_VICTORY": ("gameevent", 0),
    "EVENT_GAME_END_LEVEL": ("gameevent", 1),
    "EVENT_GAME_VARIABLE_LIMIT": ("gameevent", 2),
    "EVENT_GAME_TRACKABLE_HIT": ("gameevent", 7),
    "EVENT_GAME_TRACKABLE_TRACK": ("gameevent", 8),
    "EVENT_GAME_SHOW_SKILL": ("gameevent", 9),
    "EVENT_GAME_BUILD_SUBMENU": ("gameevent", 10),
    "EVENT_GAME_TOURNAMENT_FINISH_SOON": ("gameevent", 257),
    "EVENT_GAME_TOURNAMENT_FINISH_NOW": ("gameevent", 258),
    "EVENT_GAME_TIMER_EXPIRED": ("gameevent", 4),
    "EVENT_GAME_STATE_LIMIT": ("gameevent", 3),
    "EVENT_GAME_ENTER_REGION": ("gameevent", 5),
    "EVENT_GAME_LEAVE_REGION": ("gameevent", 6),
    "EVENT_GAME_LOADED": ("gameevent", 256),
    "EVENT_GAME_SAVE": ("gameevent", 259),
    "EVENT_PLAYER_STATE_LIMIT": ("playerevent", 11),
    "EVENT_PLAYER_ALLIANCE_CHANGED": ("playerevent", 12),
    "EVENT_PLAYER_DEFEAT": ("playerevent", 13),
    "EVENT_PLAYER_VICTORY": ("playerevent", 14),
    "EVENT_PLAYER_LEAVE": ("playerevent", 15),
    "EVENT_PLAYER_CHAT": ("playerevent", 16),
    "EVENT_PLAYER_END_CINEMATIC": ("playerevent", 17),
    "EVENT_PLAYER_MOUSE_DOWN": ("playerevent", 305),
    "EVENT_PLAYER_MOUSE_UP": ("playerevent", 306),
    "EVENT_PLAYER_MOUSE_MOVE": ("playerevent", 307),
    "EVENT_PLAYER_SYNC_DATA": ("playerevent", 309),
    "EVENT_PLAYER_KEY": ("playerevent", 311),
    "EVENT_PLAYER_KEY_DOWN": ("playerevent", 312),
    "EVENT_PLAYER_KEY_UP": ("playerevent", 313),
    "EVENT_PLAYER_ARROW_LEFT_DOWN": ("playerevent", 261),
    "EVENT_PLAYER_ARROW_LEFT_UP": ("playerevent", 262),
    "EVENT_PLAYER_ARROW_RIGHT_DOWN": ("playerevent", 263),
    "EVENT_PLAYER_ARROW_RIGHT_UP": ("playerevent", 264),
    "EVENT_PLAYER_ARROW_DOWN_DOWN": ("playerevent", 265),
    "EVENT_PLAYER_ARROW_DOWN_UP": ("playerevent", 266),
    "EVENT_PLAYER_ARROW_UP_DOWN": ("playerevent", 267),
    "EVENT_PLAYER_ARROW_UP_UP": ("playerevent", 268),
    "EVENT_PLAYER_UNIT_ATTACKED": ("playerunitevent", 18),
    "EVENT_PLAYER_UNIT_DEATH": ("playerunitevent", 20),
    "EVENT_PLAYER_UNIT_DECAY": ("playerunitevent", 21),
    "EVENT_PLAYER_UNIT_CONSTRUCT_START": ("playerunitevent", 26),
    "EVENT_PLAYER_UNIT_CONSTRUCT_CANCEL": ("playerunitevent", 27),
    "EVENT_PLAYER_UNIT_CONSTRUCT_FINISH": ("playerunitevent", 28),
    "EVENT_PLAYER_UNIT_UPGRADE_START": ("playerunitevent", 29),
    "EVENT_PLAYER_UNIT_UPGRADE_CANCEL": ("playerunitevent", 30),
    "EVENT_PLAYER_UNIT_UPGRADE_FINISH": ("playerunitevent", 31),
    "EVENT_PLAYER_UNIT_TRAIN_START": ("playerunitevent", 32),
    "EVENT_PLAYER_UNIT_TRAIN_CANCEL": ("playerunitevent", 33),
    "EVENT_PLAYER_UNIT_TRAIN_FINISH": ("playerunitevent", 34),
    "EVENT_PLAYER_UNIT_RESEARCH_START": ("playerunitevent", 35),
    "EVENT_PLAYER_UNIT_RESEARCH_CANCEL": ("playerunitevent", 36),
    "EVENT_PLAYER_UNIT_RESEARCH_FINISH": ("playerunitevent", 37),
    "EVENT_PLAYER_UNIT_SELECTED": ("playerunitevent", 24),
    "EVENT_PLAYER_UNIT_DESELECTED": ("playerunitevent", 25),
    "EVENT_PLAYER_UNIT_ISSUED_ORDER": ("playerunitevent", 38),
    "EVENT_PLAYER_UNIT_ISSUED_POINT_ORDER": ("playerunitevent", 39),
    "EVENT_PLAYER_UNIT_ISSUED_TARGET_ORDER": ("playerunitevent", 40),
    "EVENT_PLAYER_HERO_LEVEL": ("playerunitevent", 41),
    "EVENT_PLAYER_HERO_SKILL": ("playerunitevent", 42),
    "EVENT_PLAYER_UNIT_DROP_ITEM": ("playerunitevent", 48),
    "EVENT_PLAYER_UNIT_PICKUP_ITEM": ("playerunitevent", 49),
    "EVENT_PLAYER_UNIT_USE_ITEM": ("playerunitevent", 50),
    "EVENT_PLAYER_UNIT_LOADED": ("playerunitevent", 51),
    "EVENT_PLAYER_UNIT_SELL": ("playerunitevent", 269),
    "EVENT_PLAYER_UNIT_CHANGE_OWNER": ("playerunitevent", 270),
    "EVENT_PLAYER_UNIT_SELL_ITEM": ("playerunitevent", 271),
    "EVENT_PLAYER_UNIT_SPELL_CHANNEL": ("playerunitevent", 272),
    "EVENT_PLAYER_UNIT_SPELL_CAST": ("playerunitevent", 273),
    "EVENT_PLAYER_UNIT_SPELL_EFFECT": ("playerunitevent", 274),
    "EVENT_PLAYER_UNIT_SPELL_FINISH": ("playerunitevent", 275),
    "EVENT_PLAYER_UNIT_SPELL_ENDCAST": ("playerunitevent", 276),
    "EVENT_PLAYER_UNIT_DAMAGED": ("playerunitevent", 308),
    "EVENT_PLAYER_UNIT_DAMAGING": ("playerunitevent", 315),
    "EVENT_UNIT_DAMAGED": ("unitevent", 52),
    "EVENT_UNIT_DAMAGING": ("unitevent", 314),
    "EVENT_UNIT_DEATH": ("unitevent", 53),
    "EVENT_UNIT_DECAY": ("unitevent", 54),
    "EVENT_UNIT_SELECTED": ("unitevent", 57),
    "EVENT_UNIT_DESELECTED": ("unitevent", 58),
    "EVENT_UNIT_STATE_LIMIT": ("unitevent", 59),
    "EVENT_UNIT_ATTACKED": ("unitevent", 62),
    "EVENT_UNIT_CONSTRUCT_CANCEL": ("unitevent", 64),
    "EVENT_UNIT_CONSTRUCT_FINISH": ("unitevent", 65),
    "EVENT_UNIT_UPGRADE_START": ("unitevent", 66),
    "EVENT_UNIT_UPGRADE_CANCEL": ("unitevent", 67),
    "EVENT_UNIT_UPGRADE_FINISH": ("unitevent", 68),
    "EVENT_UNIT_TRAIN_START": ("unitevent", 69),
    "EVENT_UNIT_TRAIN_CANCEL": ("unitevent", 70),
    "EVENT_UNIT_TRAIN_FINISH": ("unitevent", 71),
    "EVENT_UNIT_RESEARCH_START": ("unitevent", 72),
    "EVENT_UNIT_RESEARCH_CANCEL": ("unitevent", 73),
    "EVENT_UNIT_RESEARCH_FINISH": ("unitevent", 74),
    "EVENT_UNIT_ISSUED_ORDER": ("unitevent", 75),
    "EVENT_UNIT_ISSUED_POINT_ORDER": ("unitevent", 76),
    "EVENT_UNIT_ISSUED_TARGET_ORDER": ("unitevent", 77),
    "EVENT_UNIT_HERO_LEVEL": ("unitevent", 78),
    "EVENT_UNIT_HERO_SKILL": ("unitevent", 79),
    "EVENT_UNIT_DROP_ITEM": ("unitevent", 85),
    "EVENT_UNIT_PICKUP_ITEM": ("unitevent", 86),
    "EVENT_UNIT_USE_ITEM": ("unitevent", 87),
    "EVENT_UNIT_LOADED": ("unitevent", 88),
    "EVENT_UNIT_SELL": ("unitevent", 286),
    "EVENT_UNIT_CHANGE_OWNER": ("unitevent", 287),
    "EVENT_UNIT_SELL_ITEM": ("unitevent", 288),
    "EVENT_UNIT_SPELL_CHANNEL": ("unitevent", 289),
    "EVENT_UNIT_SPELL_CAST": ("unitevent", 290),
    "EVENT_UNIT_SPELL_EFFECT": ("unitevent", 291),
    "EVENT_UNIT_SPELL_FINISH": ("unitevent", 292),
    "EVENT_UNIT_SPELL_ENDCAST": ("unitevent", 293),
    "EVENT_WIDGET_DEATH": ("widgetevent", 89),
    "EVENT_DIALOG_BUTTON_CLICK": ("dialogevent", 90),
    "EVENT_DIALOG_CLICK": ("dialogevent", 91),
    # Declared by common.j but not raised by the model (rescue, detection, hero revival,
    # summons, pawning, acquisition events): listed so that registrations and the event
    # report name them instead of showing ``ConvertXEvent(value)``.
    "EVENT_PLAYER_UNIT_RESCUED": ("playerunitevent", 19),
    "EVENT_PLAYER_UNIT_DETECTED": ("playerunitevent", 22),
    "EVENT_PLAYER_UNIT_HIDDEN": ("playerunitevent", 23),
    "EVENT_PLAYER_UNIT_ISSUED_UNIT_ORDER": ("playerunitevent", 40),   # = ISSUED_TARGET_ORDER
    "EVENT_PLAYER_HERO_REVIVABLE": ("playerunitevent", 43),
    "EVENT_PLAYER_HERO_REVIVE_START": ("playerunitevent", 44),
    "EVENT_PLAYER_HERO_REVIVE_CANCEL": ("playerunitevent", 45),
    "EVENT_PLAYER_HERO_REVIVE_FINISH": ("playerunitevent", 46),
    "EVENT_PLAYER_UNIT_SUMMON": ("playerunitevent", 47),
    "EVENT_PLAYER_UNIT_PAWN_ITEM": ("playerunitevent", 277),
    "EVENT_UNIT_DETECTED": ("unitevent", 55),
    "EVENT_UNIT_HIDDEN": ("unitevent", 56),
    "EVENT_UNIT_ACQUIRED_TARGET": ("unitevent", 60),
    "EVENT_UNIT_TARGET_IN_RANGE": ("unitevent", 61),
    "EVENT_UNIT_RESCUED": ("unitevent", 63),
    "EVENT_UNIT_HERO_REVIVABLE": ("unitevent", 80),
    "EVENT_UNIT_HERO_REVIVE_START": ("unitevent", 81),
    "EVENT_UNIT_HERO_REVIVE_CANCEL": ("unitevent", 82),
    "EVENT_UNIT_HERO_REVIVE_FINISH": ("unitevent", 83),
    "EVENT_UNIT_SUMMON": ("unitevent", 84),
    "EVENT_UNIT_PAWN_ITEM": ("unitevent", 294),
    "EVENT_PLAYER_UNIT_STACK_ITEM": ("playerunitevent", 319),   # 1.33+
    "EVENT_UNIT_STACK_ITEM": ("unitevent", 318),                # 1.33+
    "EVENT_GAME_CUSTOM_UI_FRAME": ("gameevent", 310),           # 1.32+ (frame events register by their own native)
}

CONVERT_NAMES = {"gameevent": "ConvertGameEvent", "playerevent": "ConvertPlayerEvent",
                 "playerunitevent": "ConvertPlayerUnitEvent", "unitevent": "ConvertUnitEvent",
                 "widgetevent": "ConvertWidgetEvent", "dialogevent": "ConvertDialogEvent"}

CHAT_EVENT = ("playerevent", 96)
"""S112: chat registrations answer ``ConvertPlayerEvent(96)``, which has no common.j name."""

UNIT_IN_RANGE_EVENT = ("unitevent", 92)
"""Event id of ``TriggerRegisterUnitInRange`` registrations. Unverified project choice: the
id has no common.j name and was not measured; 92 follows the last dialog event (91)."""

COMMAND_BUTTON_EVENT = ("gameevent", 1000)
"""Event id of ``TriggerRegisterCommandEvent`` / ``TriggerRegisterUpgradeCommandEvent``
registrations (EVENT_COMMAND_BUTTON_CLICK, a name common.j only gives in a comment).
Unverified project choice: the game's id was not found or measured; 1000 lies outside every
range common.j uses, so it cannot be mistaken for a named event."""
COMMAND_BUTTON_NAME = "EVENT_COMMAND_BUTTON_CLICK"
"""Name of those registrations in the event report."""

SUPPORTED_GAME_EVENTS = ("EVENT_GAME_SAVE", "EVENT_GAME_LOADED")
"""Seed 004: ``TriggerRegisterGameEvent`` supports save/load only; other ids return null."""

LIMIT_OPS = {0: "<", 1: "<=", 2: "==", 3: ">=", 4: ">", 5: "!="}
UNIT_STATES = {"life": 0, "max_life": 1, "mana": 2, "max_mana": 3}
FGAMESTATE_TIME_OF_DAY = 2
SPELL_PHASES = ("channel", "cast", "effect", "finish", "endcast")
ARROW_KEYS = ("left", "right", "down", "up")


def compare(op: int, a: float, b: float) -> bool:
    """A ``limitop`` comparison; ``EQUAL`` uses the JASS real tolerance (S021)."""
    if op == 0:
        return a < b
    if op == 1:
        return a <= b
    if op == 2:
        return real_eq(a, b)
    if op == 3:
        return a >= b
    if op == 4:
        return a > b
    if op == 5:
        return a != b
    return False


class Registration(Handle):
    """An ``event`` agent: one trigger's registration.

    ``name`` is the event type name used in the report; ``event_id`` the eventid handle
    ``GetTriggerEventId`` returns; ``key`` the index key; ``subject`` what it watches
    (player, unit, region, timer, dialog...); ``filter`` an optional boolexpr; ``params``
    extra data (``op``/``limit`` of limit events, ``range``, chat ``text``/``exact``...).
    """

    type_name = "event"

    def __init__(self, registry: "EventRegistry", trigger: Trigger, name: str, event_id,
                 key: tuple, subject: Any = None, filter: Any = None, **params: Any) -> None:
        super().__init__()
        self.registry = registry
        self.trigger = trigger
        self.name = name
        self.event_id = event_id
        self.key = key
        self.subject = subject
        self.filter = filter
        self.params = params
        self.retired = False

    def retire(self) -> None:
        """Stop answering events (``DestroyTrigger``): unindexed, its pending time-of-day
        entry (``params["entry"]``) cancelled, its hidden timer (``params["timer"]``,
        ``TriggerRegisterTimerEvent``) stopped."""
        if self.retired:
            return
        self.retired = True
        self.registry.unindex(self)
        if self in self.trigger.registrations:
            self.trigger.registrations.remove(self)
        game = self.registry.game
        game.scheduler.cancel(self.params.pop("entry", None))
        timer = self.params.get("timer")
        if timer is not None:
            game.timers.stop(timer)


@record(slots=False)
class QueuedRun:
    """The subject of a ``trigger_actions`` scheduler entry: an event's action thread waiting
    for the next clock step (jassbot ``TriggerRegisterEnterRegion``: "the trigger will be
    fired in a deferred fashion (using a 0-timer)"). ``requires`` are the handles (region,
    units) that must still exist when it starts, else the run is dropped."""

    trigger: Trigger
    response: Response
    requires: tuple = ()


class EventRegistry:
    """All registrations of one game, the model-event bridge and the event report."""

    def __init__(self, game) -> None:
        self.game = game
        self.index: dict[tuple, list[Registration]] = {}
        self.spatial: dict[str, dict[Any, list[Registration]]] = {"region": {}, "range": {}}
        self.stats: dict[str, dict[str, int]] = {}
        self.unsupported: dict[str, int] = {}
        self.save_name = ""
        self._ids: dict[str, Any] = {}
        self._watched: set[str] = set()
        # Coverage collectors (``maps.jasscov``): told of registrations, occurrences about
        # to be counted, events reaching them and condition evaluations. Instrumentation of
        # this process, not game state.
        self.observers: list = []
        # Watched regions by bucket (``RegionIndex``), built on demand: derived from
        # ``spatial["region"]`` and the regions' cells, so never saved.
        self.region_index: RegionIndex | None = None
        game.subscribers.append(self.on_publish)
        game.scheduler.register("trigger_actions", self._run_queued)   # subject: QueuedRun
        game.scheduler.register("time_of_day", self._tod_due)          # subject: Registration

    # -- ids ---------------------------------------------------------------------------
    def event(self, name: str):
        """The eventid handle of ``name``: the loaded program's constant when it declares
        one (so ids follow the selected common.j), else ``EVENTS``. Not cached while the
        program's constant is still uninitialised."""
        h = self._ids.get(name)
        if h is not None:
            return h
        vm = self.game.vm
        if vm is not None and name in vm.program.global_index:
            value = vm.read_global(name)
            if not isinstance(value, Handle):
                return enum_handle(*EVENTS[name])
            h = value
        else:
            h = enum_handle(*EVENTS[name])
        self._ids[name] = h
        return h

    def declares(self, name: str) -> bool:
        """Does the running program's API declare the event constant ``name`` (an API set
        with the 1.31+ damage events declares EVENT_UNIT_DAMAGING)?"""
        return self._program_constant(name) is not None

    def _program_constant(self, name: str):
        vm = self.game.vm
        if vm is None or name not in vm.program.global_index:
            return None
        value = vm.read_global(name)
        return value if isinstance(value, Handle) else None

    @staticmethod
    def name_of(event_id) -> str:
        """The common.j name of an eventid handle (``ConvertXEvent(value)`` without one)."""
        key = (event_id.type_name, event_id.value)
        for name, k in EVENTS.items():
            if k == key:
                return name
        convert = CONVERT_NAMES.get(event_id.type_name, event_id.type_name)
        return f"{convert}({event_id.value})"

    # -- registrations -----------------------------------------------------------------
    def register(self, trigger: Trigger | None, event_id, key: tuple, subject: Any = None,
                 filter: Any = None, name: str | None = None, **params: Any) -> Registration | None:
        """Create, allocate and index a registration; None for a null/destroyed trigger."""
        trigger = live_trigger(trigger)
        if trigger is None or event_id is None:
            return None
        name = name or self.name_of(event_id)
        reg = Registration(self, trigger, name, event_id, key, subject, filter, **params)
        self.game.handles.allocate(reg)
        trigger.registrations.append(reg)
        regs = self.index.setdefault(key, [])
        regs.append(reg)
        if key[0] in self.spatial:
            self.spatial[key[0]][key[1]] = regs
            self.region_index = None
        self.stat(name)["registered"] += 1
        for ob in self.observers:
            ob.registered(reg)
        return reg

    def unindex(self, reg: Registration) -> None:
        regs = self.index.get(reg.key)
        if regs and reg in regs:
            regs.remove(reg)
            if not regs:
                del self.index[reg.key]
                if reg.key[0] in self.spatial:
                    del self.spatial[reg.key[0]][reg.key[1]]
                    self.region_index = None

    def region_changed(self) -> None:
        """A region's cells changed (``RegionAddRect`` ...): the bucket index is stale."""
        self.region_index = None

    def find(self, *key) -> list[Registration]:
        return list(self.index.get(key, ()))

    def stat(self, name: str) -> dict[str, int]:
        st = self.stats.get(name)
        if st is None:
            st = self.stats[name] = {"registered": 0, "queued": 0, "matched": 0,
                                     "dispatched": 0, "filtered": 0}
        return st

    # -- dispatch ----------------------------------------------------------------------
    def dispatch(self, name: str, regs: list[Registration], response: Response,
                 filter_response: Response | None = None, mode: str = "queued",
                 extra: Callable[[Registration], dict[str, Any]] | None = None,
                 requires: tuple = ()) -> None:
        """One occurrence of event type ``name`` for the registrations ``regs``.

        ``response`` is the event's response context (each registration's run gets a copy
        with ``trigger`` and ``event_id``), ``filter_response`` the one registration filters
        see (default: an empty one). ``mode``: "queued" (actions on a 0-delay scheduler
        entry), "direct" (timer expiry: actions now, the occurrence is not counted as
        queued) or "now" (save/load: counted as queued, actions now). ``extra(reg)`` gives
        registration-specific response fields (the matched chat text). A queued run is
        dropped when one of the handles in ``requires`` was destroyed before it starts (a
        region or unit gone meanwhile, jassbot ``TriggerRegisterEnterRegion``)."""
        for ob in self.observers:   # a coverage collector settles its baseline before this counts
            ob.occurring(name)
        st = self.stat(name)
        if mode != "direct":
            st["queued"] += 1
        vm = self.game.vm
        if vm is None or not regs:
            return
        for reg in regs:
            trig = reg.trigger
            if reg.retired or trig.destroyed or not trig.enabled:
                continue
            if reg.filter is not None:
                fresp = (filter_response if filter_response is not None else Response()).copy(
                    trigger=trig, event_id=reg.event_id)
                if not evaluate(vm.ctx, reg.filter, fresp):
                    st["filtered"] += 1
                    for ob in self.observers:
                        ob.observed(reg, False)
                    continue
            st["matched"] += 1
            for ob in self.observers:
                ob.observed(reg, True)
            resp = response.copy(trigger=trig, event_id=reg.event_id)
            if extra is not None:
                resp = resp.copy(**extra(reg))
            if not evaluate_conditions(vm.ctx, trig, resp):
                continue
            st["dispatched"] += 1
            if mode == "queued":
                self.game.schedule(0.0, "trigger_actions", subject=QueuedRun(trig, resp, requires))
            else:
                run_actions(vm, trig, resp.copy())

    def _run_queued(self, run: QueuedRun) -> None:
        if run.trigger.destroyed or any(h.destroyed for h in run.requires):
            return
        run_actions(self.game.vm, run.trigger, run.response.copy())

    def on_publish(self, event) -> None:
        """The ``game.subscribers`` entry: dispatch a model event by its type
        (``MODEL_EVENTS``; events of other types raise no JASS event here)."""
        kind = type(event)
        if kind is UnitMoved:   # (``_unit_moved`` inline: once per walk step)
            self.positions(event.unit, event.from_x, event.from_y)
            return
        handler = MODEL_EVENTS.get(kind)
        if handler is not None:
            handler(self, event)

    # -- families ----------------------------------------------------------------------
    def player_unit(self, pu_name: str | None, u_name: str | None, unit, response: Response,
                    player=None, filter_unit=None, mode: str = "queued") -> None:
        """A player-unit event for ``player`` (default: the unit's owner) and the matching
        unit event; filters see ``filter_unit`` (default: the unit); ``mode`` as
        ``dispatch``'s."""
        fresp = Response(filter_unit=filter_unit or unit)
        if pu_name is not None:
            ev = self.event(pu_name)
            player = player if player is not None else getattr(unit, "owner", None)
            regs = self.find("playerunit", ev.value, player)
            resp = response.copy(trigger_unit=unit, trigger_widget=unit,
                                 trigger_player=player) if regs else response
            self.dispatch(pu_name, regs, resp, fresp, mode)
        if u_name is not None:
            ev = self.event(u_name)
            regs = self.find("unit", ev.value, unit)
            resp = response.copy(trigger_unit=unit, trigger_widget=unit) if regs else response
            self.dispatch(u_name, regs, resp, fresp, mode)

    def player_event(self, name: str, player, response: Response | None = None) -> None:
        ev = self.event(name)
        resp = (response if response is not None else Response()).copy(trigger_player=player)
        self.dispatch(name, self.find("player", ev.value, player), resp)

    def widget_death(self, widget, response: Response) -> None:
        resp = response.copy(trigger_widget=widget)
        self.dispatch("EVENT_WIDGET_DEATH", self.find("death", widget), resp,
                      Response(filter_unit=widget if widget.type_name == "unit" else None))

    def regions_near(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """May a watched region (a registered enter/leave event) hold a cell of the box
        [x0, x1] x [y0, y1]? A walking unit steps cell by cell only near one
        (``natives.orders``)."""
        if not self.spatial["region"]:
            return False
        if self.region_index is None:
            self.region_index = RegionIndex(self.spatial["region"])
        return self.region_index.any_near(x0, y0, x1, y1)

    def positions(self, unit, fx: float | None, fy: float | None) -> None:
        """Region enter/leave and unit-in-range for ``unit`` moving from (fx, fy) (None:
        appearing) to its current point."""
        x, y = unit.x, unit.y
        spatial = self.spatial
        if spatial["region"]:
            floor = math.floor   # (region_cell inline: once per walk step)
            cell = floor(x / REGION_CELL), floor(y / REGION_CELL)
            old = (floor(fx / REGION_CELL), floor(fy / REGION_CELL)) if fx is not None else None
            if cell != old:   # regions are sets of cells: no cell change, no region event
                index = self.region_index
                if index is None:
                    index = self.region_index = RegionIndex(spatial["region"])
                watched = spatial["region"]
                for region in index.candidates(old, cell):
                    regs = watched.get(region)
                    if regs is not None:
                        self._region(region, regs, unit, old, cell)
        if not spatial["range"]:
            return
        for watched, regs in list(spatial["range"].items()):
            if watched is not unit and fx is not None:   # most watched units are far away
                after = _dist2(x, y, watched.x, watched.y)
                for reg in regs:
                    if after <= reg.params["range"] ** 2:
                        break
                else:
                    continue
            self._range(watched, list(regs), unit, fx, fy, x, y)

    def _region(self, region, regs, unit, old, cell) -> None:
        if region.destroyed:
            return
        was = old is not None and region.contains_cell(*old)
        now = region.contains_cell(*cell)
        if was == now:
            return
        regs = list(regs)
        if now:
            name, resp = "EVENT_GAME_ENTER_REGION", Response(entering_unit=unit)
        else:
            name, resp = "EVENT_GAME_LEAVE_REGION", Response(leaving_unit=unit)
        ev = self.event(name)
        matching = [r for r in regs if r.event_id is ev]
        resp.trigger_unit = unit
        resp.trigger_region = region
        self.dispatch(name, matching, resp, Response(filter_unit=unit),
                      requires=(region, unit))

    def _range(self, watched, regs, unit, fx, fy, x, y) -> None:
        if watched.destroyed:
            return
        if watched is unit:
            # only units within the largest range of the new point can have come in range;
            # handle id order, as the registrations have always been answered
            far = max(reg.params["range"] for reg in regs)
            near = sorted(self.game.units.units_near(x - far, y - far, x + far, y + far),
                          key=lambda u: u.handle_id)
            pairs = [(other, _dist2(fx, fy, other.x, other.y), _dist2(x, y, other.x, other.y))
                     for other in near if other is not unit]
        else:
            pairs = [(unit, _dist2(fx, fy, watched.x, watched.y), _dist2(x, y, watched.x, watched.y))]
        for other, before, after in pairs:
            for reg in regs:
                r2 = reg.params["range"] ** 2
                if before > r2 and after <= r2:
                    self.dispatch(reg.name, [reg], Response(trigger_unit=other),
                                  Response(filter_unit=other),
                                  requires=(other, watched))

    def limit_change(self, name: str, key: tuple, old: float, value: float,
                     response: Response) -> None:
        """Limit registrations under ``key`` whose comparison turns true (false for ``old``,
        true for ``value``); the event occurs (and is counted) only when one does."""
        regs = [r for r in self.find(*key)
                if not compare(r.params["op"], old, r.params["limit"])
                and compare(r.params["op"], value, r.params["limit"])]
        if regs:
            self.dispatch(name, regs, response)

    # -- time of day (GAME_STATE_TIME_OF_DAY registrations) ------------------------------
    def arm_time_of_day(self, reg: Registration) -> None:
        """Schedule ``reg`` at the next moment the day clock (``natives.daynight``) makes its
        comparison turn true: reaching the limit (``==``, ``!=``, ``>=``, ``>``) or midnight
        (``<``, ``<=``)."""
        self.game.scheduler.cancel(reg.params.pop("entry", None))
        vm = self.game.vm
        if reg.retired or vm is None:
            return
        clock = day_clock(self.game)
        if clock is None:
            return
        target = reg.params["limit"] if reg.params["op"] in (2, 3, 4, 5) else 0.0
        delay = clock.seconds_until(target)
        if delay is not None and delay < 1e-6:
            # standing on the target (just fired): the next time is a whole day later;
            # target + 12 h is half a day away in either direction.
            half = clock.seconds_until(target + 12.0)
            delay = None if half is None else 2.0 * half
        if delay is not None:
            reg.params["entry"] = self.game.schedule(delay, "time_of_day", subject=reg)

    def _tod_due(self, reg: Registration) -> None:
        reg.params.pop("entry", None)
        self.dispatch("EVENT_GAME_STATE_LIMIT", [reg],
                      Response(event_game_state=enum_handle("fgamestate", FGAMESTATE_TIME_OF_DAY)))
        self.arm_time_of_day(reg)

    # -- variable events (TriggerRegisterVariableEvent) -----------------------------------
    def watch_variable(self, name: str) -> None:
        """Ask the VM to report assignments to global ``name`` (once per name)."""
        vm = self.game.vm
        if name in self._watched or vm is None:
            return
        self._watched.add(name)
        vm.watch_global(name, lambda old, new, n=name: self.variable_assigned(n, new))

    def rewatch(self) -> None:
        """Ask the VM again for every watched global (after a restore into a fresh VM)."""
        names, self._watched = sorted(self._watched), set()
        for name in names:
            self.watch_variable(name)

    def variable_assigned(self, name: str, value) -> None:
        """The script assigned ``value`` to watched global ``name``: dispatch the
        registrations whose comparison holds for it (queued, like other events)."""
        try:
            v = float(value)
        except (TypeError, ValueError):
            return
        regs = [r for r in self.find("variable", name) if compare(r.params["op"], v, r.params["limit"])]
        if regs:
            self.dispatch("EVENT_GAME_VARIABLE_LIMIT", regs, Response())

    # -- timers (natives.timers) -------------------------------------------------------
    def timer_expired(self, timer) -> None:
        """Direct dispatch of ``timer``'s expiry registrations (seed 004: counted as matched
        and dispatched, never as queued)."""
        regs = self.find("timer", timer)
        if regs:
            expired = None if timer.destroyed or timer.internal else timer
            self.dispatch("EVENT_GAME_TIMER_EXPIRED", regs, Response(expired_timer=expired),
                          mode="direct")

    # -- save / load (seed 004) ----------------------------------------------------------
    def fire_game_save(self, name: str) -> bool:
        """Run EVENT_GAME_SAVE handlers now with ``GetSaveBasicFilename`` = the basename of
        ``name`` without ``.sav``/``.w3z``; False when a JASS runtime error was recorded
        meanwhile (the caller then aborts the save)."""
        return self._save_event("EVENT_GAME_SAVE", name)

    def fire_game_loaded(self, name: str) -> bool:
        """Run EVENT_GAME_LOADED handlers now, after a successful restore."""
        return self._save_event("EVENT_GAME_LOADED", name)

    def _save_event(self, name: str, filename: str) -> bool:
        vm = self.game.vm
        errors = len(vm.errors) if vm is not None else 0
        base = filename.replace("\\", "/").rsplit("/", 1)[-1]
        for suffix in (".sav", ".w3z"):
            if base.lower().endswith(suffix):
                base = base[:-len(suffix)]
        ev = self.event(name)
        self.save_name = base
        try:
            self.dispatch(name, self.find("game", ev.value), Response(), mode="now")
        finally:
            self.save_name = ""
        return vm is None or len(vm.errors) == errors

    # -- report ------------------------------------------------------------------------
    def report(self) -> dict[str, dict]:
        """Per event type counters and status (see the module docstring)."""
        out: dict[str, dict] = {}
        for name in sorted(self.stats):
            st = dict(self.stats[name])
            if st["registered"] and not st["queued"] and not st["matched"]:
                st["status"] = "REGISTERED_NEVER_OBSERVED"
            elif st["registered"]:
                st["status"] = "OBSERVED"
            else:
                st["status"] = "NOT_REGISTERED"
            out[name] = st
        for name, count in sorted(self.unsupported.items()):
            out.setdefault(name, {"registered": 0, "queued": 0, "matched": 0,
                                  "dispatched": 0, "filtered": 0})
            out[name]["unsupported_registrations"] = count
            out[name]["status"] = "UNSUPPORTED"
        return out


def _dist2(ax: float | None, ay: float | None, bx: float, by: float) -> float:
    if ax is None:
        return math.inf
    return (ax - bx) ** 2 + (ay - by) ** 2


# ---------------------------------------------------------------------------------------
# Model event handlers (natives.modelevents -> JASS events)
# ---------------------------------------------------------------------------------------

def _unit_created(reg: EventRegistry, e: UnitCreated) -> None:
    reg.positions(e.unit, None, None)


def _unit_moved(reg: EventRegistry, e: UnitMoved) -> None:
    reg.positions(e.unit, e.from_x, e.from_y)


def _unit_death(reg: EventRegistry, e: UnitDeath) -> None:
    resp = Response(dying_unit=e.unit, killing_unit=e.killer)
    reg.player_unit("EVENT_PLAYER_UNIT_DEATH", "EVENT_UNIT_DEATH", e.unit, resp)
    reg.widget_death(e.unit, resp.copy(trigger_unit=e.unit))


def _unit_decay(reg: EventRegistry, e: UnitDecay) -> None:
    reg.player_unit("EVENT_PLAYER_UNIT_DECAY", "EVENT_UNIT_DECAY", e.unit,
                    Response(decaying_unit=e.unit))


def _unit_owner_changed(reg: EventRegistry, e: UnitOwnerChanged) -> None:
    resp = Response(changing_unit=e.unit, changing_unit_prev_owner=e.previous)
    reg.player_unit("EVENT_PLAYER_UNIT_CHANGE_OWNER", "EVENT_UNIT_CHANGE_OWNER", e.unit, resp,
                    player=e.owner)


def _unit_state(reg: EventRegistry, e: UnitStateChanged) -> None:
    sv = UNIT_STATES.get(e.state)
    if sv is None:
        return
    resp = Response(trigger_unit=e.unit, trigger_widget=e.unit,
                    event_unit_state=enum_handle("unitstate", sv))
    reg.limit_change("EVENT_UNIT_STATE_LIMIT", ("unitstate", e.unit, sv), e.old, e.value, resp)


def _unit_order(reg: EventRegistry, e: UnitOrdered) -> None:
    unit, order = e.unit, e.order
    resp = Response(ordered_unit=unit, issued_order_id=order.order_id or 0)
    if order.target is not None:
        kind = "TARGET_ORDER"
        resp.order_target = order.target
    elif order.x is not None:
        kind = "POINT_ORDER"
        resp.order_x, resp.order_y = order.x, order.y
    else:
        kind = "ORDER"
    reg.player_unit(f"EVENT_PLAYER_UNIT_ISSUED_{kind}", f"EVENT_UNIT_ISSUED_{kind}", unit, resp,
                    player=getattr(unit, "owner", None))


def _hero_level(reg: EventRegistry, e: HeroLevel) -> None:
    reg.player_unit("EVENT_PLAYER_HERO_LEVEL", "EVENT_UNIT_HERO_LEVEL", e.unit,
                    Response(leveling_unit=e.unit))


def _hero_skill(reg: EventRegistry, e: HeroSkill) -> None:
    resp = Response(learning_unit=e.unit, learned_skill=e.ability_id,
                    learned_skill_level=e.level)
    reg.player_unit("EVENT_PLAYER_HERO_SKILL", "EVENT_UNIT_HERO_SKILL", e.unit, resp)


def _item(kind: str):
    def handler(reg: EventRegistry, e: ItemPickup | ItemDrop | ItemUse) -> None:
        resp = Response(manipulating_unit=e.unit, manipulated_item=e.item)
        reg.player_unit(f"EVENT_PLAYER_UNIT_{kind}_ITEM", f"EVENT_UNIT_{kind}_ITEM", e.unit, resp)
    return handler


CONSTRUCT_PHASES = {"start": "constructing_structure", "cancel": "cancelled_structure",
                    "finish": "constructed_structure"}


def _unit_construct(reg: EventRegistry, e: UnitConstruct) -> None:
    """Construction of structure ``e.unit`` started, was cancelled or finished: the structure
    is the event unit (its owner's player-unit event; common.j has no
    EVENT_UNIT_CONSTRUCT_START). Other phases raise nothing."""
    key = CONSTRUCT_PHASES.get(e.phase)
    if key is None:
        return
    p = e.phase.upper()
    reg.player_unit(f"EVENT_PLAYER_UNIT_CONSTRUCT_{p}",
                    None if e.phase == "start" else f"EVENT_UNIT_CONSTRUCT_{p}", e.unit,
                    Response(**{key: e.unit}))


def _unit_train(reg: EventRegistry, e: UnitTrain) -> None:
    """The building ``e.unit`` started, cancelled or finished training a unit: it is the
    event unit; the trained unit answers ``GetTrainedUnit`` at finish."""
    p = e.phase.upper()
    reg.player_unit(f"EVENT_PLAYER_UNIT_TRAIN_{p}", f"EVENT_UNIT_TRAIN_{p}", e.unit,
                    Response(trained_unit_type=e.unit_type, trained_unit=e.trained))


def _unit_research(reg: EventRegistry, e: UnitResearch) -> None:
    p = e.phase.upper()
    reg.player_unit(f"EVENT_PLAYER_UNIT_RESEARCH_{p}", f"EVENT_UNIT_RESEARCH_{p}", e.unit,
                    Response(researching_unit=e.unit, researched=e.tech))


def _unit_upgrade(reg: EventRegistry, e: UnitUpgrade) -> None:
    p = e.phase.upper()
    reg.player_unit(f"EVENT_PLAYER_UNIT_UPGRADE_{p}", f"EVENT_UNIT_UPGRADE_{p}", e.unit,
                    Response())


def _unit_sold(reg: EventRegistry, e: UnitSold) -> None:
    """``shop`` sold ``unit`` to ``buyer``: the shop is the event unit, so the player event
    is its owner's (as Blizzard.j's stock handling registers EVENT_PLAYER_UNIT_SELL_ITEM for
    the neutral shops' owner)."""
    reg.player_unit("EVENT_PLAYER_UNIT_SELL", "EVENT_UNIT_SELL", e.shop,
                    Response(selling_unit=e.shop, sold_unit=e.unit, buying_unit=e.buyer))


def _item_sold(reg: EventRegistry, e: ItemSold) -> None:
    """``shop`` sold ``item`` to ``buyer`` (see ``_unit_sold``)."""
    reg.player_unit("EVENT_PLAYER_UNIT_SELL_ITEM", "EVENT_UNIT_SELL_ITEM", e.shop,
                    Response(selling_unit=e.shop, sold_item=e.item, buying_unit=e.buyer))


def _item_death(reg: EventRegistry, e: ItemDeath) -> None:
    reg.widget_death(e.item, Response())


def _destructable_death(reg: EventRegistry, e: DestructableDeath) -> None:
    reg.widget_death(e.destructable, Response(trigger_destructable=e.destructable))


def _player_state(reg: EventRegistry, e: PlayerStateChanged) -> None:
    resp = Response(trigger_player=e.player,
                    event_player_state=enum_handle("playerstate", e.state))
    reg.limit_change("EVENT_PLAYER_STATE_LIMIT", ("playerstate", e.player, e.state), e.old,
                     e.value, resp)


def _alliance_changed(reg: EventRegistry, e: AllianceChanged) -> None:
    name = "EVENT_PLAYER_ALLIANCE_CHANGED"
    regs = (reg.find("alliance", e.player, e.alliance)
            + reg.find("player", reg.event(name).value, e.player))
    reg.dispatch(name, regs, Response(trigger_player=e.player))


def _game_state(reg: EventRegistry, e: GameStateChanged) -> None:
    resp = Response(event_game_state=enum_handle("igamestate", e.state))
    reg.limit_change("EVENT_GAME_STATE_LIMIT", ("gamestate", e.state), e.old, e.value, resp)


def _time_of_day(reg: EventRegistry, e: TimeOfDayChanged) -> None:
    """A jump of the clock (SetTimeOfDay): registrations whose comparison turns true fire;
    every time-of-day registration is rescheduled for the clock's new course."""
    regs = reg.find("gamestate", FGAMESTATE_TIME_OF_DAY)
    resp = Response(event_game_state=enum_handle("fgamestate", FGAMESTATE_TIME_OF_DAY))
    if abs(e.old - e.value) > 1e-9:
        reg.limit_change("EVENT_GAME_STATE_LIMIT", ("gamestate", FGAMESTATE_TIME_OF_DAY),
                         e.old, e.value, resp)
    for r in regs:
        reg.arm_time_of_day(r)


def _unit_attacked(reg: EventRegistry, e: UnitAttacked) -> None:
    reg.player_unit("EVENT_PLAYER_UNIT_ATTACKED", "EVENT_UNIT_ATTACKED", e.unit,
                    Response(attacker=e.attacker))


def _unit_damaging(reg: EventRegistry, e: UnitDamaging) -> None:
    """1.31+ (API sets that declare EVENT_UNIT_DAMAGING): the handlers run at once, before
    armor, and may change the hit (``natives.combat.hit``)."""
    if not reg.declares("EVENT_UNIT_DAMAGING"):
        return
    resp = Response(damage=e.damage.amount, damage_source=e.source, damage_event=e.damage)
    pu = "EVENT_PLAYER_UNIT_DAMAGING" if reg._program_constant("EVENT_PLAYER_UNIT_DAMAGING") else None
    reg.player_unit(pu, "EVENT_UNIT_DAMAGING", e.unit, resp, mode="now")


def _unit_damaged(reg: EventRegistry, e: UnitDamaged) -> None:
    """EVENT_UNIT_DAMAGED; with the 1.31+ damage events declared its handlers run at once,
    before life drops, so ``BlzSetEventDamage`` changes the life lost (jassdoc); older API
    sets queue them as other events."""
    resp = Response(damage=e.amount, damage_source=e.source, damage_event=e.damage)
    pu = "EVENT_PLAYER_UNIT_DAMAGED" if reg._program_constant("EVENT_PLAYER_UNIT_DAMAGED") else None
    now = e.damage is not None and reg.declares("EVENT_UNIT_DAMAGING")
    reg.player_unit(pu, "EVENT_UNIT_DAMAGED", e.unit, resp, mode="now" if now else "queued")


def _unit_selected(reg: EventRegistry, e: UnitSelected) -> None:
    what = "SELECTED" if e.selected else "DESELECTED"
    reg.player_unit(f"EVENT_PLAYER_UNIT_{what}", f"EVENT_UNIT_{what}", e.unit, Response(),
                    player=e.player)


def _spell(reg: EventRegistry, e: Spell) -> None:
    if e.phase not in SPELL_PHASES:
        return
    resp = Response(spell_unit=e.unit, spell_ability_id=e.ability_id, spell_target=e.target,
                    spell_x=e.x, spell_y=e.y)
    p = e.phase.upper()
    reg.player_unit(f"EVENT_PLAYER_UNIT_SPELL_{p}", f"EVENT_UNIT_SPELL_{p}", e.unit, resp)


def _player_chat(reg: EventRegistry, e: PlayerChat) -> None:
    """S112: ``""`` matches everything; exact match compares whole text, otherwise a
    substring match. Matching ignores ASCII case (unverified community knowledge). Players
    that left (``RemovePlayer``) do not chat."""
    player, text = e.player, e.text
    if player.get_slot_state() == SLOT_LEFT:
        return
    matching = []
    for r in reg.find("chat", player):
        want = (r.params["text"] or "").lower()
        got = (text or "").lower()
        if want == "" or (want == got if r.params["exact"] else want in got):
            matching.append(r)
    reg.dispatch(EventRegistry.name_of(enum_handle(*CHAT_EVENT)), matching,
                 Response(trigger_player=player, chat_string=text),
                 extra=lambda r: {"chat_matched": r.params["text"]})
    reg.player_event("EVENT_PLAYER_CHAT", player, Response(chat_string=""))


def _player(name: str):
    def handler(reg: EventRegistry,
                e: PlayerLeft | PlayerVictory | PlayerDefeat | PlayerEndCinematic) -> None:
        reg.player_event(name, e.player)
    return handler


def _player_key(reg: EventRegistry, e: PlayerKey) -> None:
    if e.key in ARROW_KEYS:
        reg.player_event(f"EVENT_PLAYER_ARROW_{e.key.upper()}_{'DOWN' if e.down else 'UP'}",
                         e.player)


def _dialog_click(reg: EventRegistry, e: DialogClick) -> None:
    resp = Response(trigger_player=e.player, clicked_dialog=e.dialog, clicked_button=e.button)
    reg.dispatch("EVENT_DIALOG_BUTTON_CLICK", reg.find("button", e.button), resp)
    reg.dispatch("EVENT_DIALOG_CLICK", reg.find("dialog", e.dialog), resp)


def _unit_loaded(reg: EventRegistry, e: UnitLoaded) -> None:
    """``unit`` was loaded into ``transport``: the loaded unit is the event unit (its
    owner's player-unit event); ``GetTransportUnit`` / ``GetLoadedUnit`` answer."""
    reg.player_unit("EVENT_PLAYER_UNIT_LOADED", "EVENT_UNIT_LOADED", e.unit,
                    Response(transport_unit=e.transport, loaded_unit=e.unit))


def command_key(ability_id: int, order: str | None) -> tuple:
    """Index key of a command-button registration: the ability rawcode (0 for the common
    commands) and the order string, compared without ASCII case (project choice)."""
    return ("command", ability_id, (order or "").lower())


def _command_button(reg: EventRegistry, e: CommandButton) -> None:
    """``player`` clicked a command button: an ability's (``ability_id``, ``order``; train
    buttons are 'Aque' with the unit's id string, build buttons a build ability with it) or
    a research's (``upgrade``: its rawcode). The player is ``GetTriggerPlayer``."""
    if e.upgrade is not None:
        regs = reg.find("upgrade_command", e.upgrade)
    else:
        regs = reg.find(*command_key(e.ability_id, e.order))
    reg.dispatch(COMMAND_BUTTON_NAME, regs, Response(trigger_player=e.player))


MODEL_EVENTS: dict[type[ModelEvent], Callable[[EventRegistry, Any], None]] = {
    UnitCreated: _unit_created,
    UnitMoved: _unit_moved,
    UnitDeath: _unit_death,
    UnitDecay: _unit_decay,
    UnitOwnerChanged: _unit_owner_changed,
    UnitStateChanged: _unit_state,
    UnitOrdered: _unit_order,
    HeroLevel: _hero_level,
    HeroSkill: _hero_skill,
    ItemPickup: _item("PICKUP"),
    ItemDrop: _item("DROP"),
    ItemUse: _item("USE"),
    ItemDeath: _item_death,
    UnitConstruct: _unit_construct,
    UnitTrain: _unit_train,
    UnitResearch: _unit_research,
    UnitUpgrade: _unit_upgrade,
    UnitSold: _unit_sold,
    ItemSold: _item_sold,
    DestructableDeath: _destructable_death,
    PlayerStateChanged: _player_state,
    AllianceChanged: _alliance_changed,
    GameStateChanged: _game_state,
    TimeOfDayChanged: _time_of_day,
    UnitAttacked: _unit_attacked,
    UnitDamaged: _unit_damaged,
    UnitDamaging: _unit_damaging,
    UnitSelected: _unit_selected,
    Spell: _spell,
    PlayerChat: _player_chat,
    PlayerLeft: _player("EVENT_PLAYER_LEAVE"),
    PlayerVictory: _player("EVENT_PLAYER_VICTORY"),
    PlayerDefeat: _player("EVENT_PLAYER_DEFEAT"),
    PlayerEndCinematic: _player("EVENT_PLAYER_END_CINEMATIC"),
    PlayerKey: _player_key,
    DialogClick: _dialog_click,
    UnitLoaded: _unit_loaded,
    CommandButton: _command_button,
}
"""Model event class -> the handler raising its JASS events (``EventRegistry.on_publish``)."""

SILENT_EVENTS: dict[type[ModelEvent], str] = {
    UnitRemoved: "removal raises no JASS event (jassbot TriggerRegisterLeaveRegion); "
                 "natives.ui drops the unit's minimap icons",
    UnitRevived: "hero revival events (EVENT_PLAYER_HERO_REVIVE_*) are not modelled",
    UnitHidden: "hiding raises no region event (jassbot TriggerRegisterLeaveRegion)",
    UnitUnloaded: "common.j has no unload event",
    ItemRemoved: "removal raises no JASS event",
    DestructableRemoved: "removal raises no JASS event",
}
"""Model events that raise no JASS event, and why. Every class of ``natives.modelevents`` is
in ``MODEL_EVENTS``, in ``natives.dzapi.MODEL_EVENTS`` (DzAPI input) or here
(``tests/test_events.py``)."""


# ---------------------------------------------------------------------------------------
# Registration natives
# ---------------------------------------------------------------------------------------

def _events(ctx) -> EventRegistry:
    return ctx.game.events


@native("TriggerRegisterPlayerUnitEvent", "takes trigger whichTrigger, player whichPlayer, playerunitevent whichPlayerUnitEvent, boolexpr filter returns event")
def TriggerRegisterPlayerUnitEvent(ctx, trig, player, ev, filt):
    """Units owned by ``player`` (the selecting player for selection events); the filter
    sees the unit as ``GetFilterUnit``. Null for a null player or event."""
    if player is None or ev is None:
        return None
    return _events(ctx).register(trig, ev, ("playerunit", ev.value, player), player, filt)


@native("TriggerRegisterUnitEvent", "takes trigger whichTrigger, unit whichUnit, unitevent whichEvent returns event")
def TriggerRegisterUnitEvent(ctx, trig, unit, ev):
    if unit is None or ev is None:
        return None
    return _events(ctx).register(trig, ev, ("unit", ev.value, unit), unit)


@native("TriggerRegisterFilterUnitEvent", "takes trigger whichTrigger, unit whichUnit, unitevent whichEvent, boolexpr filter returns event")
def TriggerRegisterFilterUnitEvent(ctx, trig, unit, ev, filt):
    """``TriggerRegisterUnitEvent`` with a filter (sees the event's unit)."""
    if unit is None or ev is None:
        return None
    return _events(ctx).register(trig, ev, ("unit", ev.value, unit), unit, filt)


@native("TriggerRegisterDeathEvent", "takes trigger whichTrigger, widget whichWidget returns event")
def TriggerRegisterDeathEvent(ctx, trig, widget):
    """EVENT_WIDGET_DEATH of a unit, item or destructable."""
    if widget is None:
        return None
    reg = _events(ctx)
    return reg.register(trig, reg.event("EVENT_WIDGET_DEATH"), ("death", widget), widget)


@native("TriggerRegisterPlayerEvent", "takes trigger whichTrigger, player  whichPlayer, playerevent whichPlayerEvent returns event")
def TriggerRegisterPlayerEvent(ctx, trig, player, ev):
    if player is None or ev is None:
        return None
    return _events(ctx).register(trig, ev, ("player", ev.value, player), player)


@native("TriggerRegisterPlayerChatEvent", "takes trigger whichTrigger, player whichPlayer, string chatMessageToDetect, boolean exactMatchOnly returns event")
def TriggerRegisterPlayerChatEvent(ctx, trig, player, text, exact):
    """Chat of ``player`` matching ``text`` (S112); answers ``ConvertPlayerEvent(96)``."""
    if player is None:
        return None
    return _events(ctx).register(trig, enum_handle(*CHAT_EVENT), ("chat", player), player,
                                 text=text, exact=bool(exact))


@native("TriggerRegisterPlayerStateEvent", "takes trigger whichTrigger, player whichPlayer, playerstate whichState, limitop opcode, real limitval returns event")
def TriggerRegisterPlayerStateEvent(ctx, trig, player, state, op, limit):
    """Fires when ``state op limit`` turns from false to true."""
    if player is None or state is None or op is None:
        return None
    reg = _events(ctx)
    return reg.register(trig, reg.event("EVENT_PLAYER_STATE_LIMIT"),
                        ("playerstate", player, state.value), player, op=op.value, limit=limit)


@native("TriggerRegisterPlayerAllianceChange", "takes trigger whichTrigger, player whichPlayer, alliancetype whichAlliance returns event")
def TriggerRegisterPlayerAllianceChange(ctx, trig, player, alliance):
    if player is None or alliance is None:
        return None
    reg = _events(ctx)
    return reg.register(trig, reg.event("EVENT_PLAYER_ALLIANCE_CHANGED"),
                        ("alliance", player, alliance.value), player)


@native("TriggerRegisterUnitStateEvent", "takes trigger whichTrigger, unit whichUnit, unitstate whichState, limitop opcode, real limitval returns event")
def TriggerRegisterUnitStateEvent(ctx, trig, unit, state, op, limit):
    """Fires when the unit's ``state op limit`` turns from false to true."""
    if unit is None or state is None or op is None:
        return None
    reg = _events(ctx)
    return reg.register(trig, reg.event("EVENT_UNIT_STATE_LIMIT"),
                        ("unitstate", unit, state.value), unit, op=op.value, limit=limit)


@native("TriggerRegisterGameStateEvent", "takes trigger whichTrigger, gamestate whichState, limitop opcode, real limitval returns event")
def TriggerRegisterGameStateEvent(ctx, trig, state, op, limit):
    """Integer game states fire when a change makes the comparison true; the time of day
    fires when its clock reaches the limit (``<``/``<=``: at midnight) or jumps to make the
    comparison true."""
    if state is None or op is None:
        return None
    events = _events(ctx)
    r = events.register(trig, events.event("EVENT_GAME_STATE_LIMIT"), ("gamestate", state.value),
                        state, op=op.value, limit=limit)
    if r is not None and state.value == FGAMESTATE_TIME_OF_DAY:
        events.arm_time_of_day(r)   # Registration.retire cancels the pending entry
    return r


@native("TriggerRegisterVariableEvent", "takes trigger whichTrigger, string varName, limitop opcode, real limitval returns event")
def TriggerRegisterVariableEvent(ctx, trig, var_name, op, limit):
    """EVENT_GAME_VARIABLE_LIMIT: fires each time the script assigns the global ``real``
    variable ``varName`` a value for which ``value op limit`` holds (``set x = 1.0`` twice
    fires twice; maps reset such variables to 0 between firings either way). Project choice,
    not measured: the assignment rule follows community use of "Value of Real Variable"
    events; the comparison uses the limit-event ``compare``. The VM's global watch
    (``VM.watch_global``) reports assignments; writes by natives do not count. A name that
    is not a non-array ``real`` global gives a null event and a warning."""
    events = _events(ctx)
    vm = ctx.vm
    g = vm.program.global_index.get(var_name or "")
    if op is None or g is None or g.is_array or g.type_name != "real":
        ctx.warn(f"TriggerRegisterVariableEvent: {var_name!r} is not a global real variable (null event)")
        return None
    reg = events.register(trig, events.event("EVENT_GAME_VARIABLE_LIMIT"), ("variable", var_name),
                          var_name, op=op.value, limit=limit)
    if reg is not None:
        events.watch_variable(var_name)
    return reg


@native("TriggerRegisterGameEvent", "takes trigger whichTrigger, gameevent whichGameEvent returns event")
def TriggerRegisterGameEvent(ctx, trig, ev):
    """EVENT_GAME_SAVE and EVENT_GAME_LOADED only; other ids return null and are counted
    as unsupported in the report (seed 004)."""
    if ev is None:
        return None
    events = _events(ctx)
    if ev.value not in (events.event(n).value for n in SUPPORTED_GAME_EVENTS):
        name = events.name_of(ev)
        events.unsupported[name] = events.unsupported.get(name, 0) + 1
        ctx.warn(f"TriggerRegisterGameEvent: {name} is not supported (null event)")
        return None
    return events.register(trig, ev, ("game", ev.value))


@native("TriggerRegisterEnterRegion", "takes trigger whichTrigger, region whichRegion, boolexpr filter returns event")
def TriggerRegisterEnterRegion(ctx, trig, region, filt):
    """A unit's origin enters ``region`` (by moving or being created there; hidden and dead
    units too; adding cells to the region does not fire; removal does not fire; jassbot)."""
    if region is None:
        return None
    events = _events(ctx)
    return events.register(trig, events.event("EVENT_GAME_ENTER_REGION"), ("region", region),
                           region, filt)


@native("TriggerRegisterLeaveRegion", "takes trigger whichTrigger, region whichRegion, boolexpr filter returns event")
def TriggerRegisterLeaveRegion(ctx, trig, region, filt):
    """A unit's origin leaves ``region`` (removing the unit does not fire; jassbot)."""
    if region is None:
        return None
    events = _events(ctx)
    return events.register(trig, events.event("EVENT_GAME_LEAVE_REGION"), ("region", region),
                           region, filt)


@native("TriggerRegisterUnitInRange", "takes trigger whichTrigger, unit whichUnit, real range, boolexpr filter returns event")
def TriggerRegisterUnitInRange(ctx, trig, unit, rng, filt):
    """Another unit comes within ``range`` (world units, origin to origin, inclusive) of
    ``unit``, or appears there. ``GetTriggerUnit`` and the filter's ``GetFilterUnit`` are
    the unit that came in range (game behaviour as map makers use it; seed 004 names the
    watched unit instead, see the project report)."""
    if unit is None:
        return None
    return _events(ctx).register(trig, enum_handle(*UNIT_IN_RANGE_EVENT), ("range", unit), unit,
                                 filt, range=max(0.0, rng))


@native("TriggerRegisterCommandEvent", "takes trigger whichTrigger, integer whichAbility, string order returns event")
def TriggerRegisterCommandEvent(ctx, trig, ability, order):
    """EVENT_COMMAND_BUTTON_CLICK for the command button of ability ``whichAbility`` (0: the
    common commands) with order string ``order`` (Blizzard.j registers train buttons as
    'Aque' with the unit's id string). Raised by the model event ``CommandButton``: no
    command card is simulated, so the scenario ``command`` step publishes the click.
    Answers the unverified id ``COMMAND_BUTTON_EVENT``."""
    return _events(ctx).register(trig, enum_handle(*COMMAND_BUTTON_EVENT),
                                 command_key(ability, order), ability,
                                 name=COMMAND_BUTTON_NAME, order=order)


@native("TriggerRegisterUpgradeCommandEvent", "takes trigger whichTrigger, integer whichUpgrade returns event")
def TriggerRegisterUpgradeCommandEvent(ctx, trig, upgrade):
    """EVENT_COMMAND_BUTTON_CLICK for the research button of ``whichUpgrade``; see
    ``TriggerRegisterCommandEvent`` (same id; the scenario ``command`` step with ``upgrade``
    publishes the click)."""
    return _events(ctx).register(trig, enum_handle(*COMMAND_BUTTON_EVENT),
                                 ("upgrade_command", upgrade), upgrade, name=COMMAND_BUTTON_NAME)


@native("TriggerRegisterDialogEvent", "takes trigger whichTrigger, dialog whichDialog returns event")
def TriggerRegisterDialogEvent(ctx, trig, dialog):
    """Any button of ``dialog`` clicked (EVENT_DIALOG_CLICK, S147)."""
    if dialog is None:
        return None
    events = _events(ctx)
    return events.register(trig, events.event("EVENT_DIALOG_CLICK"), ("dialog", dialog), dialog)


@native("TriggerRegisterDialogButtonEvent", "takes trigger whichTrigger, button whichButton returns event")
def TriggerRegisterDialogButtonEvent(ctx, trig, button):
    """``button`` clicked (EVENT_DIALOG_BUTTON_CLICK, S147)."""
    if button is None:
        return None
    events = _events(ctx)
    return events.register(trig, events.event("EVENT_DIALOG_BUTTON_CLICK"), ("button", button), button)


# ---------------------------------------------------------------------------------------
# Response natives (read the running thread's response: they survive waits)
# ---------------------------------------------------------------------------------------

def _generated_getter(name: str, field_name: str, returns: str) -> Callable:
    read = attrgetter(field_name)
    if returns == "integer":
        def get(ctx):
            value = read(ctx.thread.response)
            return 0 if value is None else int(value)
    elif returns == "real":
        def get(ctx):
            value = read(ctx.thread.response)
            return 0.0 if value is None else float(value)
    else:
        def get(ctx):
            return read(ctx.thread.response)
    get.__name__ = get.__qualname__ = name
    return get


def _register_response_natives() -> dict[str, str]:
    """Register one native per ``Response`` field that names one (``ResponseNative``);
    returns {native name: field name}."""
    out: dict[str, str] = {}
    for field_name, spec in response_natives():
        get = _generated_getter(spec.name, field_name, spec.returns)
        zero = {"integer": "0", "real": "0.0"}.get(spec.returns, "null")
        get.__doc__ = f"{spec.doc} (response ``{field_name}``; {zero} outside such events)."
        native(spec.name, f"takes nothing returns {spec.returns}", constant=spec.constant,
               map_declared=spec.map_declared)(get)
        out[spec.name] = field_name
    return out


GENERATED_RESPONSE_NATIVES: dict[str, str] = _register_response_natives()
"""Response natives generated from ``natives.response.Response`` fields: native -> field."""

COMPUTED_RESPONSE_NATIVES: dict[str, str] = {
    "GetEventDamage": "damage_event's amount (natives.combat: BlzSetEventDamage changes it)",
    "BlzGetEventDamageTarget": "trigger_unit of a damage event (natives.combat)",
    "BlzGetEventAttackType": "damage_event's attack type (natives.combat)",
    "BlzGetEventDamageType": "damage_event's damage type (natives.combat)",
    "BlzGetEventWeaponType": "damage_event's weapon type (natives.combat)",
    "BlzGetEventIsAttack": "whether damage_event is a weapon's hit (natives.combat)",
    "GetOrderPointLoc": "a new location at (order_x, order_y)",
    "GetOrderTargetUnit": "order_target when it is a unit",
    "GetOrderTargetItem": "order_target when it is an item",
    "GetOrderTargetDestructable": "order_target when it is a destructable",
    "GetSpellTargetUnit": "spell_target when it is a unit",
    "GetSpellTargetItem": "spell_target when it is an item",
    "GetSpellTargetDestructable": "spell_target when it is a destructable",
    "GetSpellTargetLoc": "a new location at (spell_x, spell_y)",
    "GetSpellAbility": "the caster's ability object of spell_ability_id (natives.objectfields)",
    "GetSaveBasicFilename": "EventRegistry.save_name, valid while save/load handlers run",
    "GetTournamentFinishSoonTimeRemaining": "0.0: never a tournament game (natives.mission)",
    "BlzGetTriggerPlayerMousePosition": "a new location at (mouse_x, mouse_y) (natives.input)",
    "BlzGetTriggerPlayerIsKeyDown": "key_down, false outside key events (natives.input)",
}
"""Event response natives that compute their answer instead of returning one ``Response``
field (``tests/test_events.py`` checks that every implemented response native of common.j
is generated or listed here)."""


@native("GetOrderPointLoc", "takes nothing returns location", constant=True)
def GetOrderPointLoc(ctx):
    """A new location at a point order's target (null elsewhere; the caller must remove it)."""
    r = ctx.thread.response
    if r.order_x is None:
        return None
    return new_location(ctx.game, r.order_x, r.order_y)


def _typed(value, type_name: str):
    return value if value is not None and value.type_name == type_name else None


@native("GetOrderTargetUnit", "takes nothing returns unit", constant=True)
def GetOrderTargetUnit(ctx):
    return _typed(ctx.thread.response.order_target, "unit")


@native("GetOrderTargetItem", "takes nothing returns item", constant=True)
def GetOrderTargetItem(ctx):
    return _typed(ctx.thread.response.order_target, "item")


@native("GetOrderTargetDestructable", "takes nothing returns destructable", constant=True)
def GetOrderTargetDestructable(ctx):
    return _typed(ctx.thread.response.order_target, "destructable")


@native("GetSpellTargetUnit", "takes nothing returns unit", constant=True)
def GetSpellTargetUnit(ctx):
    return _typed(ctx.thread.response.spell_target, "unit")


@native("GetSpellTargetItem", "takes nothing returns item", constant=True)
def GetSpellTargetItem(ctx):
    return _typed(ctx.thread.response.spell_target, "item")


@native("GetSpellTargetDestructable", "takes nothing returns destructable", constant=True)
def GetSpellTargetDestructable(ctx):
    return _typed(ctx.thread.response.spell_target, "destructable")


@native("GetSpellTargetLoc", "takes nothing returns location", constant=True)
def GetSpellTargetLoc(ctx):
    """A new location at the spell's target point (null without one)."""
    r = ctx.thread.response
    if r.spell_x is None:
        return None
    return new_location(ctx.game, r.spell_x, r.spell_y)


@native("GetSaveBasicFilename", "takes nothing returns string", constant=True)
def GetSaveBasicFilename(ctx):
    """The save's basename while EVENT_GAME_SAVE/LOADED handlers run synchronously; ``""``
    otherwise, also after those handlers wait (seed 004)."""
    return ctx.game.events.save_name
