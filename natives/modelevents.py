"""Model events: what the game-state model announces with ``game.publish(event)``.

Each model event is a frozen dataclass (one class per kind of transition), so a publisher
cannot misspell a field and a subscriber reads typed attributes. ``game.publish`` appends the
instance to ``game.published`` and hands it to every subscriber (``natives.game``); the event
layer (``natives.events.EventRegistry.on_publish``) and ``natives.dzapi`` dispatch by type to
the JASS events each raises, and ``natives.events.SILENT_EVENTS`` lists the ones that raise
none. Gameplay publishes an event only when the state transition actually happens.

Units: positions are world units, times game seconds, life and mana points, time of day game
hours. Fields named ``unit``, ``item``, ``destructable``, ``player`` hold model objects
(``natives.units.Unit`` / ``Item`` / ``Destructable``, ``natives.players.Player``).

This module is a leaf: it imports nothing from ``natives``. The annotations name the model
types for readers through the aliases below (``Unit`` is ``natives.units.Unit``, ``Player``
``natives.players.Player``, ``Dialog`` / ``Button`` ``natives.dialogs``'s, ``Order``
``natives.units.Order``); nothing checks them at run time.
"""
from __future__ import annotations

from jassvm.records import record
from typing import Any

Unit = Item = Destructable = Order = Player = Dialog = Button = Any


class ModelEvent:
    """Base of every model event class (``game.publish`` accepts only these)."""

    __slots__ = ()


def listens(*kinds: type):
    """Mark a ``game.subscribers`` method with the model event classes it acts on:
    ``game.publish`` hands it only events of those classes (a subscriber without the mark
    gets every event). The mark must name every class the method does anything for."""
    def mark(fn):
        fn.event_kinds = frozenset(kinds)
        return fn
    return mark


# -- units ------------------------------------------------------------------------------------

@record(frozen=True)
class UnitCreated(ModelEvent):
    """``unit`` appeared in the world at its point (``UnitStore.create_unit``)."""

    unit: Unit


@record(frozen=True)
class UnitRemoved(ModelEvent):
    """``unit`` was removed (``UnitStore.remove_unit``: ``RemoveUnit``, decay); its handle
    is already destroyed."""

    unit: Unit


@record(frozen=True)
class UnitDeath(ModelEvent):
    """``unit`` died; ``killer`` is the unit credited with the kill or None
    (``UnitStore.kill_unit``)."""

    unit: Unit
    killer: Unit | None = None


@record(frozen=True)
class UnitDecay(ModelEvent):
    """``unit``'s corpse finished decaying; the unit is removed right after
    (``UnitStore``'s decay entry)."""

    unit: Unit


@record(frozen=True)
class UnitRevived(ModelEvent):
    """The dead hero ``unit`` was revived (``UnitStore.revive_hero``)."""

    unit: Unit


@record(frozen=True)
class UnitOwnerChanged(ModelEvent):
    """``unit`` changed owner from ``previous`` to ``owner`` (players;
    ``UnitStore.set_owner``)."""

    unit: Unit
    previous: Player | None
    owner: Player


@record(frozen=True)
class UnitMoved(ModelEvent):
    """``unit`` moved from (``from_x``, ``from_y``) to (``x``, ``y``), world units; every
    position change (``UnitStore.move_unit``)."""

    unit: Unit
    from_x: float
    from_y: float
    x: float
    y: float


@record(frozen=True)
class UnitHidden(ModelEvent):
    """``unit`` was hidden (``hidden`` True) or shown again (``UnitStore.set_hidden``)."""

    unit: Unit
    hidden: bool


@record(frozen=True)
class UnitStateChanged(ModelEvent):
    """A unit state changed from ``old`` to ``value``: ``state`` is ``"life"``,
    ``"max_life"``, ``"mana"`` or ``"max_mana"`` (life/mana points; ``UnitStore.set_life``,
    ``set_max_life``, ``set_mana``, ``set_max_mana``)."""

    unit: Unit
    state: str
    old: float
    value: float


@record(frozen=True)
class UnitOrdered(ModelEvent):
    """``unit`` was given ``order`` (``natives.units.Order``; ``UnitStore.issue``)."""

    unit: Unit
    order: Order


@record(frozen=True)
class UnitDamaging(ModelEvent):
    """``unit`` is about to take the hit ``damage`` (a ``natives.combat.DamageEvent``, before
    armor: 1.31+ EVENT_UNIT_DAMAGING); handlers may change it (``BlzSetEventDamage``)."""

    unit: Unit
    source: Unit | None
    damage: Any


@record(frozen=True)
class UnitDamaged(ModelEvent):
    """``unit`` takes ``amount`` damage (life points) from ``source`` (a unit or None),
    published before life drops (``UnitStore.damage_unit``; the scenario ``damage`` step).
    ``damage``: the hit's ``natives.combat.DamageEvent`` (a weapon's, or a spell one for
    other damage; handlers that run at once may change its amount)."""

    unit: Unit
    source: Unit | None = None
    amount: float = 0.0
    damage: Any = None


@record(frozen=True)
class UnitAttacked(ModelEvent):
    """``attacker`` starts an attack on ``unit``: the swing of ``natives.orders`` (seed 004),
    or the scenario ``attack`` step (which deals no damage)."""

    unit: Unit
    attacker: Unit


@record(frozen=True)
class UnitSelected(ModelEvent):
    """``player`` selected (``selected`` True) or deselected ``unit`` (the scenario
    ``select`` step)."""

    unit: Unit
    player: Player
    selected: bool = True


@record(frozen=True)
class UnitLoaded(ModelEvent):
    """``unit`` was loaded into ``transport`` (``UnitStore.load_unit``)."""

    unit: Unit
    transport: Unit


@record(frozen=True)
class UnitUnloaded(ModelEvent):
    """``unit`` left ``transport`` (``UnitStore.unload_unit``)."""

    unit: Unit
    transport: Unit


@record(frozen=True)
class UnitConstruct(ModelEvent):
    """Construction of the structure ``unit`` reached ``phase``: ``"start"``, ``"cancel"``
    or ``"finish"``; ``builder`` is the worker when known (``natives.production``, the
    scenario ``build`` step)."""

    phase: str
    unit: Unit
    builder: Unit | None = None


@record(frozen=True)
class UnitTrain(ModelEvent):
    """The building ``unit`` reached ``phase`` (``"start"``, ``"cancel"`` or ``"finish"``) of
    training a unit of type ``unit_type`` (rawcode); ``trained`` is the new unit (finish)."""

    phase: str
    unit: Unit
    unit_type: int
    trained: Unit | None = None


@record(frozen=True)
class UnitResearch(ModelEvent):
    """The building ``unit`` reached ``phase`` (start/cancel/finish) of researching the
    upgrade ``tech`` (rawcode)."""

    phase: str
    unit: Unit
    tech: int


@record(frozen=True)
class UnitUpgrade(ModelEvent):
    """The structure ``unit`` reached ``phase`` (start/cancel/finish) of upgrading into
    another type (a town hall into a keep: ``natives.production``)."""

    phase: str
    unit: Unit


@record(frozen=True)
class UnitSold(ModelEvent):
    """The shop unit ``shop`` sold ``unit`` to ``buyer`` (a unit or None; the scenario
    ``buy`` step)."""

    shop: Unit
    unit: Unit
    buyer: Unit | None = None


@record(frozen=True)
class Spell(ModelEvent):
    """``unit`` reached ``phase`` of casting ``ability_id`` (rawcode): ``"channel"``,
    ``"cast"``, ``"effect"``, ``"finish"`` or ``"endcast"``; ``target`` is the target widget
    or None, (``x``, ``y``) the target point in world units or None (the scenario ``cast``
    step; other phases raise nothing)."""

    phase: str
    unit: Unit
    ability_id: int
    target: Any = None
    x: float | None = None
    y: float | None = None


# -- heroes -----------------------------------------------------------------------------------

@record(frozen=True)
class HeroLevel(ModelEvent):
    """The hero ``unit`` reached ``level`` from ``previous`` (one event per level gained;
    ``UnitStore.set_hero_level``)."""

    unit: Unit
    level: int
    previous: int


@record(frozen=True)
class HeroSkill(ModelEvent):
    """The hero ``unit`` learned ``ability_id`` (rawcode) to ``level`` (``SelectHeroSkill``)."""

    unit: Unit
    ability_id: int
    level: int


# -- items and destructables ------------------------------------------------------------------

@record(frozen=True)
class ItemPickup(ModelEvent):
    """``unit`` picked up ``item`` (``UnitStore.give_item``; a powerup is removed right
    after)."""

    unit: Unit
    item: Item


@record(frozen=True)
class ItemDrop(ModelEvent):
    """``unit`` dropped ``item`` (``UnitStore.drop_item``)."""

    unit: Unit
    item: Item


@record(frozen=True)
class ItemUse(ModelEvent):
    """``unit`` used ``item`` it carries (the scenario ``use_item`` step)."""

    unit: Unit
    item: Item


@record(frozen=True)
class ItemSold(ModelEvent):
    """The shop unit ``shop`` sold ``item`` to ``buyer`` (a unit or None; the scenario
    ``buy`` step)."""

    shop: Unit
    item: Item
    buyer: Unit | None = None


@record(frozen=True)
class ItemRemoved(ModelEvent):
    """``item`` was removed (``UnitStore.remove_item``); its handle is already destroyed."""

    item: Item


@record(frozen=True)
class ItemDeath(ModelEvent):
    """``item`` was destroyed by damage (``natives.units.damage_widget``, ``SetWidgetLife``)."""

    item: Item


@record(frozen=True)
class DestructableDeath(ModelEvent):
    """``destructable`` died (``UnitStore.kill_destructable``)."""

    destructable: Destructable


@record(frozen=True)
class DestructableRemoved(ModelEvent):
    """``destructable`` was removed (``UnitStore.remove_destructable``)."""

    destructable: Destructable


# -- players ----------------------------------------------------------------------------------

@record(frozen=True)
class PlayerStateChanged(ModelEvent):
    """``player``'s state ``state`` (the ``playerstate`` value) changed from ``old`` to
    ``value`` (``Player.set_state``)."""

    player: Player
    state: int
    old: float
    value: float


@record(frozen=True)
class AllianceChanged(ModelEvent):
    """``player``'s alliance flag ``alliance`` (the ``alliancetype`` value) towards ``other``
    became ``value`` (``SetPlayerAlliance``)."""

    player: Player
    other: Player
    alliance: int
    value: bool


@record(frozen=True)
class PlayerChat(ModelEvent):
    """``player`` typed the chat line ``text`` (the scenario ``chat`` step)."""

    player: Player
    text: str


@record(frozen=True)
class PlayerLeft(ModelEvent):
    """``player`` left the game (``natives.mission``: a quit button or the scenario
    ``leave`` step, for a player other than the local one)."""

    player: Player


@record(frozen=True)
class PlayerVictory(ModelEvent):
    """``player`` was removed with a victory (``RemovePlayer``, ``natives.mission``)."""

    player: Player


@record(frozen=True)
class PlayerDefeat(ModelEvent):
    """``player`` was removed with a defeat (``RemovePlayer``, ``natives.mission``)."""

    player: Player


@record(frozen=True)
class PlayerEndCinematic(ModelEvent):
    """``player`` pressed the skip-cinematic key, Esc (the scenario ``skip_cinematic``
    step)."""

    player: Player


@record(frozen=True)
class PlayerKey(ModelEvent):
    """``player`` pressed (``down`` True) or released an arrow key: ``key`` is ``"left"``,
    ``"right"``, ``"down"`` or ``"up"`` (the scenario ``press_key`` step; other keys raise
    nothing)."""

    player: Player
    key: str
    down: bool = True


@record(frozen=True)
class CommandButton(ModelEvent):
    """``player`` clicked a command button: an ability's (``ability_id`` rawcode, 0 for the
    common commands, and its ``order`` string; train buttons are 'Aque' with the unit's id
    string) or a research's (``upgrade`` rawcode) (the scenario ``command`` step)."""

    player: Player
    ability_id: int = 0
    order: str | None = None
    upgrade: int | None = None


@record(frozen=True)
class DialogClick(ModelEvent):
    """``player`` clicked ``button`` of ``dialog`` (``natives.dialogs.click`` /
    ``press_hotkey``)."""

    dialog: Dialog
    button: Button
    player: Player


# -- game -------------------------------------------------------------------------------------

@record(frozen=True)
class GameStateChanged(ModelEvent):
    """The integer game state ``state`` (the ``igamestate`` value) changed from ``old`` to
    ``value`` (``GameStates.set``, ``natives.core``)."""

    state: int
    old: int
    value: int


@record(frozen=True)
class TimeOfDayChanged(ModelEvent):
    """The day clock changed course (``natives.daynight``): a new value (``old`` and
    ``value``, game hours), ``scale`` or ``running`` (suspension, pause)."""

    old: float
    value: float
    scale: float
    running: bool


# -- DzAPI platform input (natives.dzapi) ------------------------------------------------------

@record(frozen=True)
class DzKey(ModelEvent):
    """A keyboard key ``key`` (integer key code) was pressed (``status`` 1) or released (0)
    by ``player`` (a player, a player id, or None for the local player)."""

    player: Any = None
    key: int = 0
    status: int = 1


@record(frozen=True)
class DzMouse(ModelEvent):
    """Mouse ``button`` pressed (``status`` 1) or released (0) by ``player`` (see ``DzKey``)."""

    player: Any = None
    button: int = 0
    status: int = 1


@record(frozen=True)
class DzMouseWheel(ModelEvent):
    """``player`` turned the mouse wheel by ``delta`` (see ``DzKey``)."""

    player: Any = None
    delta: int = 0


@record(frozen=True)
class DzMouseMove(ModelEvent):
    """``player`` moved the mouse (see ``DzKey``)."""

    player: Any = None


@record(frozen=True)
class DzWindowResize(ModelEvent):
    """``player``'s game window was resized (see ``DzKey``)."""

    player: Any = None


# -- frames and player input (natives.frames, natives.input) -----------------------------------

@record(frozen=True)
class FrameInput(ModelEvent):
    """``player`` acted on ``frame`` (a ``natives.frames.Frame``): ``event`` is the
    frameeventtype value (FRAMEEVENT_*), ``value`` the slider / popup menu value or wheel
    delta, ``text`` the text typed into an edit box. Published by the scenario steps
    ``click_frame`` / ``frame_input`` and by ``BlzFrameClick``."""

    player: Player
    frame: Any
    event: int
    value: float = 0.0
    text: str = ""


@record(frozen=True)
class PlayerOsKey(ModelEvent):
    """``player`` pressed (``down``) or released a keyboard key: ``key`` the oskeytype value
    (OSKEY_*), ``meta`` the modifier keys held (1 shift, 2 control, 4 alt, 8 meta)."""

    player: Player
    key: int
    meta: int = 0
    down: bool = True


@record(frozen=True)
class PlayerMouse(ModelEvent):
    """``player``'s mouse: ``kind`` "down", "up" (``button``: mousebuttontype value, 1 left,
    2 middle, 3 right) or "move", the cursor over the ground point (x, y) (world units), over
    ``unit`` (or None)."""

    player: Player
    kind: str
    x: float = 0.0
    y: float = 0.0
    button: int = 1
    unit: Unit = None


@record(frozen=True)
class PlayerSyncData(ModelEvent):
    """The data ``BlzSendSyncData`` sent reached every player: ``player`` sent ``data`` with
    ``prefix``."""

    player: Player
    prefix: str
    data: str


@record(frozen=True)
class TrackableInput(ModelEvent):
    """``player`` clicked (``hit``) or hovered over ``trackable``."""

    player: Player
    trackable: Any
    hit: bool = True


ALL_EVENTS: tuple[type[ModelEvent], ...] = tuple(
    v for v in list(globals().values())
    if isinstance(v, type) and issubclass(v, ModelEvent) and v is not ModelEvent)
"""Every model event class, in definition order."""
