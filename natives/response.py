"""The response context of a JASS thread: ``Response``.

Every thread the natives start carries one ``Response`` as ``Thread.response`` (the VM
keeps it opaque: ``natives.session`` gives the VM ``Response`` as its response factory).
It holds what the response natives answer -- the triggering trigger and event id, the
event's units, players, items and values, the unit of a ``ForGroup`` callback or an enum
filter, the expired timer -- and survives the thread's waits (DESIGN.md section 4). The
event layer (``natives.events``) fills one per event; ``TriggerExecute``/``ExecuteFunc``
threads inherit a copy (``natives.triggers.inherit``).

One field per piece of context, each with its meaning in ``metadata["doc"]``. A field that a
response native returns as is carries that native in ``metadata["native"]``
(``ResponseNative``: common.j name, return type, constant-ness); ``natives.events`` builds
and registers those natives from the fields (``response_natives``), so a field and its
native cannot drift apart. Responses that need computing (``GetOrderPointLoc``,
``GetSpellTargetUnit``...) are ordinary natives reading these fields, listed in
``natives.events.COMPUTED_RESPONSE_NATIVES``. Defaults are what the natives answer outside
such an event: null (None), 0 for integers, 0.0 for the damage amount; points absent from
an event (order and spell targets) stay None so the location natives can tell.

A misspelt field is an error: ``Response(tirgger_unit=u)`` and
``dataclasses.replace(r, tirgger_unit=u)`` raise ``TypeError``; ``r.copy(tirgger_unit=u)``
and assigning an unknown attribute raise ``AttributeError``.

An instance holds only the fields set on it (its ``__dict__``); the others read the class's
defaults. Every thread gets a response and events copy them often, so a copy costs the few
fields an event set, not all eighty. A thread started without any context (map init,
``main``, a thread started with no fields) shares the one read-only ``NO_RESPONSE``
(``thread_response``): a sleeping thread pays nothing for a response it was never given
(issue 16: at most 1 KiB per thread), and a write to it fails loudly.

Units: positions are world units, damage life points. This module is a leaf: it imports
nothing from ``natives``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from jassvm.records import record


@record(frozen=True, slots=False)
class ResponseNative:
    """A response native generated from a ``Response`` field: its common.j ``name``, its
    return type ``returns``, ``doc`` (its docstring), ``constant`` (declared ``constant
    native``) and ``map_declared`` (a platform native maps declare themselves, DzAPI). The
    native returns the field as is; an ``integer`` native answers 0 and a ``real`` native
    0.0 for None."""

    name: str
    returns: str
    doc: str
    constant: bool = True
    map_declared: bool = False


def _field(doc: str, native: str | None = None, returns: str | None = None, *,
           default: Any = None, constant: bool = True, map_declared: bool = False,
           native_doc: str | None = None) -> Any:
    meta: dict[str, Any] = {"doc": doc}
    if native is not None:
        meta["native"] = ResponseNative(native, returns, native_doc or doc, constant, map_declared)
    return field(default=default, metadata=meta)


@dataclass(init=False, repr=False)
class Response:
    """The response context of one thread (see the module docstring; each field's meaning
    is its ``metadata["doc"]``)."""

    # -- the running trigger (natives.triggers) ------------------------------------------
    trigger: Any = _field(
        "The trigger the thread runs for (null in timer, group or force callbacks)",
        "GetTriggeringTrigger", "trigger")
    event_id: Any = _field(
        "The eventid handle of the event that fired the trigger (the interned handle the "
        "registration was given, so ``== EVENT_...`` works)", "GetTriggerEventId", "eventid")
    wait_on_sleeps: bool = _field(
        "The run's ``TriggerWaitOnSleeps`` mark, read when the run starts", default=False)
    trigger_actions: Any = _field(
        "The run's ``TriggerAction`` list (private to the run: never inherited)")
    # -- callbacks and filters (natives.groups, players, units, timers) --------------------
    enum_unit: Any = _field("The unit of the running ``ForGroup`` callback",
                            "GetEnumUnit", "unit")
    filter_unit: Any = _field("The unit an enum filter or event filter is asked about",
                              "GetFilterUnit", "unit")
    enum_player: Any = _field("The player of the running ``ForForce`` callback",
                              "GetEnumPlayer", "player")
    filter_player: Any = _field("The player a force enum filter is asked about",
                                "GetFilterPlayer", "player")
    enum_item: Any = _field("The item of the running ``EnumItemsInRect`` callback",
                            "GetEnumItem", "item")
    filter_item: Any = _field("The item an item enum filter is asked about",
                              "GetFilterItem", "item")
    enum_destructable: Any = _field(
        "The destructable of the running ``EnumDestructablesInRect`` callback",
        "GetEnumDestructable", "destructable")
    filter_destructable: Any = _field(
        "The destructable a destructable enum filter is asked about",
        "GetFilterDestructable", "destructable")
    expired_timer: Any = _field(
        "The timer whose expiry started this thread; null elsewhere, after ``DestroyTimer``, "
        "and for ``TriggerRegisterTimerEvent`` triggers (S115)",
        "GetExpiredTimer", "timer", constant=False)
    # -- the event's subjects --------------------------------------------------------------
    trigger_unit: Any = _field("The event's unit", "GetTriggerUnit", "unit")
    trigger_player: Any = _field("The event's player", "GetTriggerPlayer", "player")
    trigger_widget: Any = _field("The dying widget / event unit", "GetTriggerWidget", "widget")
    trigger_destructable: Any = _field("The dying destructable", "GetTriggerDestructable",
                                       "destructable")
    trigger_region: Any = _field("The region entered or left", "GetTriggeringRegion", "region")
    trigger_trackable: Any = _field("The trackable hit or tracked", "GetTriggeringTrackable",
                                    "trackable")
    entering_unit: Any = _field("The unit entering a region", "GetEnteringUnit", "unit")
    leaving_unit: Any = _field("The unit leaving a region", "GetLeavingUnit", "unit")
    # -- unit events -------------------------------------------------------------------------
    dying_unit: Any = _field("The dying unit", "GetDyingUnit", "unit")
    killing_unit: Any = _field("The killer", "GetKillingUnit", "unit")
    decaying_unit: Any = _field("The decaying unit", "GetDecayingUnit", "unit")
    attacker: Any = _field("The attacking unit", "GetAttacker", "unit")
    damage: float = _field("Damage amount of EVENT_UNIT_DAMAGED (life points) as raised; "
                           "``GetEventDamage`` reads ``damage_event`` when there is one",
                           default=0.0)
    damage_source: Any = _field("The damage source", "GetEventDamageSource", "unit")
    damage_event: Any = _field("The damage in progress (``natives.combat.DamageEvent``, shared "
                               "by the handlers: ``BlzSetEventDamage`` & co. change it)")
    leveling_unit: Any = _field("The hero that gained a level", "GetLevelingUnit", "unit")
    learning_unit: Any = _field("The hero that learned a skill", "GetLearningUnit", "unit")
    learned_skill: int = _field("The learned ability rawcode", "GetLearnedSkill", "integer",
                                default=0)
    learned_skill_level: int = _field("The learned skill level", "GetLearnedSkillLevel",
                                      "integer", default=0)
    changing_unit: Any = _field("The unit that changed owner", "GetChangingUnit", "unit")
    changing_unit_prev_owner: Any = _field("Its previous owner", "GetChangingUnitPrevOwner",
                                           "player")
    manipulating_unit: Any = _field("The unit using/getting/dropping an item",
                                    "GetManipulatingUnit", "unit")
    manipulated_item: Any = _field("The item", "GetManipulatedItem", "item")
    # item stacking (1.32.10+): the model does not stack items, so no pickup is absorbed
    # and no EVENT_PLAYER_UNIT_STACK_ITEM happens unless an event carries them
    absorbing_item: Any = _field(
        "The held item that absorbs the picked-up one (EVENT_PLAYER_UNIT_PICKUP_ITEM; jassdoc: "
        "null for a powerup or an item that does not stack)", "BlzGetAbsorbingItem", "item")
    item_absorbed: bool = _field("The picked-up item was absorbed by a stack",
                                 "BlzGetManipulatedItemWasAbsorbed", "boolean", default=False)
    stacking_source: Any = _field("The item losing charges (EVENT_PLAYER_UNIT_STACK_ITEM)",
                                  "BlzGetStackingItemSource", "item")
    stacking_target: Any = _field("The item getting charges (EVENT_PLAYER_UNIT_STACK_ITEM)",
                                  "BlzGetStackingItemTarget", "item")
    stacking_previous_charges: int = _field(
        "The target's charges before stacking (EVENT_PLAYER_UNIT_STACK_ITEM)",
        "BlzGetStackingItemTargetPreviousCharges", "integer", default=0)
    ordered_unit: Any = _field("The ordered unit", "GetOrderedUnit", "unit")
    issued_order_id: int = _field("The order id", "GetIssuedOrderId", "integer", default=0)
    order_x: float | None = _field("X of a point order, world units (None without one)",
                                   "GetOrderPointX", "real")
    order_y: float | None = _field("Y of a point order, world units (None without one)",
                                   "GetOrderPointY", "real")
    order_target: Any = _field("The order's target widget", "GetOrderTarget", "widget")
    spell_unit: Any = _field("The caster", "GetSpellAbilityUnit", "unit")
    spell_ability_id: int = _field("The spell's ability rawcode", "GetSpellAbilityId",
                                   "integer", default=0)
    spell_target: Any = _field(
        "The spell's target widget (read by ``GetSpellTargetUnit/Item/Destructable``)")
    spell_x: float | None = _field(
        "X of the spell's target point, world units (None without one)", "GetSpellTargetX",
        "real")
    spell_y: float | None = _field(
        "Y of the spell's target point, world units (None without one)", "GetSpellTargetY",
        "real")
    event_unit_state: Any = _field("The unit state", "GetEventUnitState", "unitstate")
    event_target_unit: Any = _field(
        "The target of EVENT_UNIT_ACQUIRED_TARGET / TARGET_IN_RANGE", "GetEventTargetUnit",
        "unit")
    # Construction, training and research are raised by ``UnitConstruct`` / ``UnitTrain``
    # / ``UnitResearch`` (``natives.production``), shop sales by ``UnitSold`` / ``ItemSold``
    # (scenario steps); rescue, revival, summons, detection and target acquisition are not
    # simulated, so those answer null/0 unless an event carries them, as the game does for a
    # response that does not belong to the running event.
    revivable_unit: Any = _field("The hero that became revivable", "GetRevivableUnit", "unit")
    reviving_unit: Any = _field("The hero being revived", "GetRevivingUnit", "unit")
    rescuer: Any = _field("The unit that rescued the triggering unit", "GetRescuer", "unit")
    constructing_structure: Any = _field("The structure whose construction started",
                                         "GetConstructingStructure", "unit")
    cancelled_structure: Any = _field("The structure whose construction was cancelled",
                                      "GetCancelledStructure", "unit")
    constructed_structure: Any = _field("The structure that finished construction",
                                        "GetConstructedStructure", "unit")
    researching_unit: Any = _field("The unit researching", "GetResearchingUnit", "unit")
    researched: int = _field("The research (tech) rawcode", "GetResearched", "integer",
                             default=0)
    trained_unit: Any = _field("The unit that finished training", "GetTrainedUnit", "unit")
    trained_unit_type: int = _field(
        "The unit type rawcode whose training started, was cancelled or finished",
        "GetTrainedUnitType", "integer", default=0)
    detected_unit: Any = _field("The detected unit", "GetDetectedUnit", "unit")
    summoning_unit: Any = _field("The summoning unit", "GetSummoningUnit", "unit")
    summoned_unit: Any = _field("The summoned unit", "GetSummonedUnit", "unit")
    transport_unit: Any = _field("The transport loading a unit", "GetTransportUnit", "unit")
    loaded_unit: Any = _field("The unit loaded into a transport", "GetLoadedUnit", "unit")
    selling_unit: Any = _field("The shop that sold a unit or item", "GetSellingUnit", "unit")
    sold_unit: Any = _field("The unit sold", "GetSoldUnit", "unit")
    buying_unit: Any = _field("The unit that bought", "GetBuyingUnit", "unit")
    sold_item: Any = _field("The item sold", "GetSoldItem", "item")
    # -- player and game events --------------------------------------------------------------
    event_player_state: Any = _field("The player state", "GetEventPlayerState", "playerstate")
    event_game_state: Any = _field("The game state", "GetEventGameState", "gamestate")
    detecting_player: Any = _field("The player that detected a unit",
                                   "GetEventDetectingPlayer", "player")
    chat_string: str | None = _field(
        "The typed text for chat registrations; ``\"\"`` for EVENT_PLAYER_CHAT (S112)",
        "GetEventPlayerChatString", "string")
    chat_matched: str | None = _field(
        "The registered text of the chat registration that fired (S112)",
        "GetEventPlayerChatStringMatched", "string")
    clicked_button: Any = _field("The clicked dialog button (S147)", "GetClickedButton",
                                 "button")
    clicked_dialog: Any = _field("The dialog of the clicked button (S147)",
                                 "GetClickedDialog", "dialog")
    winning_player: Any = _field("The winner of EVENT_GAME_VICTORY", "GetWinningPlayer",
                                 "player")
    tournament_player: Any = _field("The player of EVENT_GAME_TOURNAMENT_FINISH_NOW",
                                    "GetTournamentFinishNowPlayer", "player")
    tournament_rule: int = _field("The rule of EVENT_GAME_TOURNAMENT_FINISH_NOW",
                                  "GetTournamentFinishNowRule", "integer", default=0)
    # -- frames and player input (natives.frames, natives.input) ---------------------------
    trigger_frame: Any = _field("The frame of a frame event", "BlzGetTriggerFrame",
                                "framehandle", constant=False)
    frame_event: Any = _field("The frameeventtype of a frame event", "BlzGetTriggerFrameEvent",
                              "frameeventtype", constant=False)
    frame_value: float = _field(
        "The value of a slider, popup menu or mouse wheel frame event (jassdoc: only set when "
        "the event has use of it)", "BlzGetTriggerFrameValue", "real", default=0.0,
        constant=False)
    frame_text: str | None = _field(
        "The text of an edit box frame event (jassdoc: only set when the event has use of it)",
        "BlzGetTriggerFrameText", "string", constant=False)
    os_key: Any = _field("The oskeytype of a player key event", "BlzGetTriggerPlayerKey",
                         "oskeytype", constant=False)
    meta_key: int = _field("The meta keys held in a player key event (1 shift, 2 control, "
                           "4 alt, 8 meta)", "BlzGetTriggerPlayerMetaKey", "integer",
                           default=0, constant=False)
    key_down: bool = _field("True for a key going down, false for a key released (read by "
                            "``BlzGetTriggerPlayerIsKeyDown``)", default=False)
    mouse_x: float = _field("X of the ground point under the cursor of a mouse event, world "
                            "units", "BlzGetTriggerPlayerMouseX", "real", default=0.0,
                            constant=False)
    mouse_y: float = _field("Y of the ground point under the cursor of a mouse event, world "
                            "units", "BlzGetTriggerPlayerMouseY", "real", default=0.0,
                            constant=False)
    mouse_button: Any = _field("The mousebuttontype of a mouse button event",
                               "BlzGetTriggerPlayerMouseButton", "mousebuttontype",
                               constant=False)
    sync_prefix: str | None = _field("The prefix of a sync data event",
                                     "BlzGetTriggerSyncPrefix", "string", constant=False)
    sync_data: str | None = _field("The data of a sync data event", "BlzGetTriggerSyncData",
                                   "string", constant=False)
    # -- DzAPI platform input (natives.dzapi) -----------------------------------------------
    dz_key: int = _field("The key code of the DzAPI key event being answered",
                         "DzGetTriggerKey", "integer", default=0, constant=False,
                         map_declared=True)
    dz_button: int = _field("The mouse button of a DzAPI mouse event (no native reads it)",
                            default=0)
    dz_wheel_delta: int = _field(
        "The wheel delta of a DzAPI mouse wheel event (no native reads it)", default=0)

    def __init__(self, **values: Any) -> None:
        """A response with ``values`` set (keyword per field; ``TypeError`` for an unknown
        field) and every other field at its default."""
        if not _FIELD_SET.issuperset(values):
            raise TypeError(f"Response has no field {sorted(set(values) - _FIELD_SET)[0]!r}")
        self.__dict__.update(values)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _FIELD_SET:
            raise AttributeError(f"Response has no field {name!r}")
        if self is NO_RESPONSE:
            raise AttributeError("NO_RESPONSE is shared by every thread started without a "
                                 "response and is never written: set fields on a copy")
        self.__dict__[name] = value

    def copy(self, **changes: Any) -> "Response":
        """A copy with ``changes`` applied (``AttributeError`` for an unknown field). Same
        result as ``dataclasses.replace``, much faster (events copy responses often)."""
        new = _new(Response)
        state = new.__dict__
        state.update(self.__dict__)
        if changes:
            if not _FIELD_SET.issuperset(changes):
                raise AttributeError(f"Response has no field {sorted(set(changes) - _FIELD_SET)[0]!r}")
            state.update(changes)
        return new

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                          if getattr(self, f.name) != f.default)
        return f"Response({shown})"


FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Response))
"""The ``Response`` fields, in declaration order (the constructor's positional order)."""
_FIELD_SET = frozenset(FIELD_NAMES)
_new = object.__new__

NO_RESPONSE: Response = Response()
"""The response of every thread started without one: all fields at their defaults, read-only
(``Response.__setattr__`` refuses writes to it; ``copy`` gives a writable one)."""


def thread_response(**values: Any) -> Response:
    """The response of a new thread (the VM's ``new_response``): a ``Response`` with
    ``values`` set, or the shared ``NO_RESPONSE`` when none is given. ``TypeError`` for an
    unknown field."""
    return Response(**values) if values else NO_RESPONSE


def response_natives() -> list[tuple[str, ResponseNative]]:
    """(field name, native) for every ``Response`` field that a native returns as is."""
    return [(f.name, f.metadata["native"]) for f in fields(Response) if "native" in f.metadata]
