"""Combat: what one attack does. The order pipeline (``natives.orders``) decides when a unit
swings; this module answers whether it can attack a target, how far it reaches and how much
a hit deals.

Damage of one hit (published game rules; sources below)
    ``raw = base + dice x 1..sides`` (heroes add their primary attribute), times the
    attack-type/armor-type factor of ``DAMAGE_TABLE``, times the armor factor: for armor
    ``a >= 0`` damage is reduced by ``0.06 a / (1 + 0.06 a)``; for ``a < 0`` it is
    multiplied by ``2 - 0.94^(-a)``. Dice roll on ``game.random`` (seeded: same seed, same
    fight).

Sources: Blizzard's classic.battle.net "Armor and Weapon Types" page
(war3/basics/armorandweapontypes.shtml) for which types are strong and weak against which;
the percentages as unitstatistics.com/warcraft-3-more and the Hive Workshop article
"Advanced Knowledge of Warcraft III: Armor/Attack Types" tabulate them (patch 1.2x values;
both agree), and the armor formula with its 0.06 constant from the same pages (the game's
"Armor Damage Reduction Multiplier" gameplay constant).

The hit and its damage events (``hit``; jassdoc, lep/jassdoc ``BlzSetEventDamage``)
    A ``DamageEvent`` carries the raw roll through EVENT_UNIT_DAMAGING (API sets that
    declare it: 1.31+; handlers run at once and may change the amount and the attack,
    damage and weapon types), then the damage table and armor, then EVENT_UNIT_DAMAGED
    (``UnitStore.damage_unit``; at once where the 1.31+ events exist, so
    ``BlzSetEventDamage`` changes the life lost). An amount set to 0 or less in DAMAGING
    ends the hit without DAMAGED (less than 0 heals).

Figures of a unit (``weapon``, ``defense``, ``armor``): its type's, from the map's object
data for the types it defines or modifies (``natives.objecttypes``: own fields, then the base
type's), else the project table (``unitdata.WEAPONS``/``DEFENSES``), with the unit's own
changes (``unit.combat``: ``BlzSetUnitBaseDamage``, ``BlzSetUnitArmor`` & co., weapon index 0
only: the model keeps one attack per unit).

The swing (``natives.orders``): EVENT_UNIT_ATTACKED when it starts, the hit at the weapon's
damage point (``Weapon.point``), then its backswing (``Weapon.backswing``); a swing
interrupted before its damage point (a new order, a pause, a stun,
``BlzUnitInterruptAttack``) deals nothing (Liquipedia, "Attack").

Model choices (project-authored): no missile travel (the hit lands at the damage point
whatever the weapon); the damage point and backswing of a type without its own figures are
``unitdata.DAMAGE_POINT`` and ``unitdata.BACKSWING``; attack range is measured between the
two units' collision circles; a unit type without weapon figures cannot attack; a structure
without armor figures has fortified armor of 0 points, any other type without them takes
factor 1 and armor 0; a row with ``dice`` 0 deals its average damage (``base``) every hit;
the ``divine`` column is the classic one (chaos full, everything else 5%); the weapon type of
every hit is WEAPON_TYPE_WHOKNOWS (it only picks the impact sound, jassdoc).
"""
from __future__ import annotations

import dataclasses
import math

from jassvm.records import record
from natives import unitdata
from natives.handles import alive, enum_handle, enum_value, own
from natives.modelevents import UnitDamaging
from natives.registry import native
from natives.unitdata import Defense, Weapon

MELEE_RANGE = 150.0
"""Longest weapon range (world units between collision edges) counted as melee (project rule:
the model keeps no weapon type; melee weapons reach about 100, ranged ones several hundred)."""


def is_melee(w: Weapon) -> bool:
    """A weapon reaching at most ``MELEE_RANGE`` world units counts as melee."""
    return w.range <= MELEE_RANGE


ARMOR_REDUCTION = 0.06
"""The game's armor damage reduction multiplier (gameplay constant)."""

HERO_ARMOR_PER_AGILITY = 0.3
"""Armor a hero gains per point of agility (gameplay constant)."""

_ARMORS = ("light", "medium", "heavy", "fortified", "hero", "unarmored", "divine")
_TABLE = {
    #          light medium heavy fortified hero unarmored divine
    "normal": (1.00, 1.50, 1.00, 0.70, 1.00, 1.00, 0.05),
    "pierce": (2.00, 0.75, 1.00, 0.35, 0.50, 1.50, 0.05),
    "siege": (1.00, 0.50, 1.00, 1.50, 0.50, 1.50, 0.05),
    "magic": (1.25, 0.75, 2.00, 0.35, 0.50, 1.00, 0.05),
    "chaos": (1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00),
    "spells": (1.00, 1.00, 1.00, 1.00, 0.70, 1.00, 0.05),
    "hero": (1.00, 1.00, 1.00, 0.50, 1.00, 1.00, 0.05),
}
DAMAGE_TABLE: dict[str, dict[str, float]] = {
    attack: dict(zip(_ARMORS, row)) for attack, row in _TABLE.items()}
"""Damage factor by attack type, then armor type (see the module docstring for sources)."""


_NONE = object()
_WEAPON_MODS = ("base", "dice", "sides", "cooldown", "acquire")


def type_weapon(u) -> Weapon | None:
    """The weapon of the unit's type: the map's object data (``ObjectTypes.weapons``: a
    custom type's own fields, then its base type's), else the project table
    (``unitdata.WEAPONS``); None when the type has none."""
    w = u.store.game.object_types.weapons.get(u.type_id, _NONE)
    return unitdata.WEAPONS.get(u.type_id) if w is _NONE else w


def weapon(u) -> Weapon | None:
    """The unit's weapon figures: its type's (``type_weapon``) with the unit's own changes
    (``u.combat``: ``BlzSetUnitBaseDamage`` & co., ``SetUnitAcquireRange``'s acquisition
    range); None when it has none."""
    w = type_weapon(u)
    if u.combat and w is not None:
        w = dataclasses.replace(w, **{k: v for k, v in u.combat.items() if k in _WEAPON_MODS})
    return w


def defense(u) -> Defense | None:
    """The unit's armor figures: its type's (the map's object data, then
    ``unitdata.DEFENSES``), else for a structure ``unitdata.STRUCTURE_DEFENSE``
    (fortified), else None."""
    d = u.store.game.object_types.defenses.get(u.type_id, _NONE)
    if d is _NONE:
        d = unitdata.DEFENSES.get(u.type_id)
    if d is None and u.utype.is_structure:
        return unitdata.STRUCTURE_DEFENSE
    return d


def base_armor(u) -> float:
    """Armor points without a hero's agility: the unit's own (``BlzSetUnitArmor``), else its
    type's (0 without figures)."""
    if "armor" in u.combat:
        return u.combat["armor"]
    d = defense(u)
    return d.armor if d is not None else 0.0


def armor(u) -> float:
    """Armor points: ``base_armor``, plus 0.3 per point of agility for a hero, plus the
    bonus of the unit's buffs (``buff_armor``)."""
    value = base_armor(u) + buff_armor(u)
    if u.hero is not None:
        value += HERO_ARMOR_PER_AGILITY * u.hero.attribute("agi", True)
    return value


def buff_armor(u) -> float:
    """Armor points the unit's buffs add (a buff's ``armor``: Devotion Aura, Inner Fire,
    Frost Armor; ``natives.spellfamilies.SpellBuff``); 0 for other buffs."""
    return sum(getattr(b, "armor", 0.0) for b in u.buffs.values()) if u.buffs else 0.0


def buff_damage(u) -> float:
    """The fraction of its raw attack damage the unit's buffs add (a buff's ``damage``:
    Inner Fire); 0 for other buffs."""
    return sum(getattr(b, "damage", 0.0) for b in u.buffs.values()) if u.buffs else 0.0


def move_speed(u) -> float:
    """The speed (world units per game second) ``u`` walks at: its movement speed
    (``unit.move_speed``, what ``SetUnitMoveSpeed`` sets) times 1 plus the sum of its buffs'
    ``move`` fractions (Slow -55%, Liquipedia Sorceress; Thunder Clap -50%, Liquipedia Mountain
    King), never below 0. The game's lower bound on a slowed speed is not modelled."""
    speed = u.move_speed
    if u.buffs:
        bonus = sum(getattr(b, "move", 0.0) for b in u.buffs.values())
        if bonus:
            speed = max(0.0, speed * (1.0 + bonus))
    return speed


MIN_ATTACK_RATE = 0.05
"""Smallest attack-rate factor the buffs leave a unit (project guard against a zero rate;
the game's own bound was not looked up)."""


def attack_cooldown(u, w: Weapon) -> float:
    """Game seconds between two swings of ``u`` with weapon ``w``: its cooldown divided by 1
    plus the sum of the unit's buffs' ``attack`` fractions (Slow: attack rate -25%, Liquipedia
    Sorceress, so the cooldown is 1/0.75 as long)."""
    if u.buffs:
        bonus = sum(getattr(b, "attack", 0.0) for b in u.buffs.values())
        if bonus:
            return w.cooldown / max(MIN_ATTACK_RATE, 1.0 + bonus)
    return w.cooldown


def armor_factor(points: float) -> float:
    """Share of damage that gets through ``points`` of armor (the game's formula)."""
    if points >= 0:
        return 1.0 - ARMOR_REDUCTION * points / (1.0 + ARMOR_REDUCTION * points)
    return 2.0 - (1.0 - ARMOR_REDUCTION) ** (-points)


def type_factor(attack_type: str, target) -> float:
    """The damage table's factor of ``attack_type`` against the target's armor type (1.0
    for a type without armor figures)."""
    d = defense(target)
    if d is None:
        return 1.0
    return DAMAGE_TABLE[attack_type][d.armor_type]


def can_attack(attacker, target) -> bool:
    """Does the attacker's weapon reach that kind of target (ground/air), and is the target
    a live, visible unit other than itself?"""
    w = weapon(attacker)
    if w is None or target is attacker or target.type_name != "unit":
        return False
    if not target.alive or target.hidden:
        return False
    return ("a" if target.flying else "g") in w.targets


def in_range(attacker, target, w: Weapon) -> bool:
    """Within weapon range, measured between the collision circles (world units)."""
    gap = math.hypot(target.x - attacker.x, target.y - attacker.y) - attacker.collision - target.collision
    return gap <= w.range


def roll_raw(attacker, w: Weapon, rng) -> float:
    """The hit before armor: ``base`` + ``dice`` rolls of 1..``sides``, plus a hero's
    primary attribute, times 1 + the buffs' damage bonus (``buff_damage``); ``rng`` a
    ``random.Random``."""
    raw = float(w.base + sum(rng.randint(1, w.sides) for _ in range(w.dice)))
    if attacker.hero is not None:
        raw += attacker.hero.attribute(attacker.hero.stats.primary, True)
    bonus = buff_damage(attacker)
    return raw * (1.0 + bonus) if bonus else raw


def reduce(raw: float, attack_type: str, target) -> float:
    """``raw`` damage of ``attack_type`` after the damage table and the target's armor."""
    return raw * type_factor(attack_type, target) * armor_factor(armor(target))


def roll_damage(attacker, target, w: Weapon, rng) -> float:
    """Damage of one hit of ``attacker`` on ``target`` (module docstring); ``rng`` a
    ``random.Random``."""
    return reduce(roll_raw(attacker, w, rng), w.attack_type, target)


# ---------------------------------------------------------------------------------------
# The hit and its damage events
# ---------------------------------------------------------------------------------------

ATTACK_TYPES = {"spells": 0, "normal": 1, "pierce": 2, "siege": 3, "magic": 4, "chaos": 5,
                "hero": 6}
"""Attack type names -> common.j ``attacktype`` values (ATTACK_TYPE_NORMAL is spells,
ATTACK_TYPE_MELEE the normal attack: jassdoc "Spell-damage is ATTACK_TYPE_NORMAL")."""
ATTACK_TYPE_NAMES = {v: k for k, v in ATTACK_TYPES.items()}
DAMAGE_TYPE_UNKNOWN = 0
DAMAGE_TYPE_NORMAL = 4
"""common.j ``damagetype`` values: a regular attack is DAMAGE_TYPE_NORMAL (jassdoc)."""
WEAPON_TYPE_WHOKNOWS = 0
"""common.j ``weapontype`` value the model gives every hit (the type only picks the impact
sound, jassdoc; the model has no sounds of weapons)."""


@record(slots=False)
class DamageEvent:
    """The damage in progress, one object shared by every handler's response (so
    ``BlzSetEventDamage`` in one is seen by the next and by the model). ``amount``: before
    armor while EVENT_UNIT_DAMAGING runs, the life points the target loses while
    EVENT_UNIT_DAMAGED runs; ``attack_type``/``damage_type``/``weapon_type`` common.j
    values; ``is_attack`` a weapon's hit; ``stage`` "damaging" or "damaged"."""

    amount: float
    attack_type: int = 0
    damage_type: int = DAMAGE_TYPE_UNKNOWN
    weapon_type: int = WEAPON_TYPE_WHOKNOWS
    is_attack: bool = False
    stage: str = "damaged"

    @classmethod
    def spell(cls, amount: float, attack_type: int = 0, damage_type: int = DAMAGE_TYPE_UNKNOWN,
              weapon_type: int = WEAPON_TYPE_WHOKNOWS) -> "DamageEvent":
        """Damage that is not a weapon's hit (``UnitDamageTarget``, a scenario step)."""
        return cls(float(amount), attack_type, damage_type, weapon_type, False)


def hit(game, attacker, target, w: Weapon) -> None:
    """One hit of ``attacker``'s weapon ``w`` on ``target``: the raw roll, changed by the
    passives of both (``game.spells.before_hit``: evasion ends the hit, a critical strike or
    bash raises it; asked only when one of them has an ability or a buff); the 1.31+
    EVENT_UNIT_DAMAGING handlers (where the map's API declares them, run at once) may change
    its amount and types; an amount of 0 or less then ends the hit (less than 0 heals:
    jassdoc ``BlzSetEventDamage``); else the damage table and armor reduce it and
    ``UnitStore.damage_unit`` deals it (EVENT_UNIT_DAMAGED, life); then the bash's stun, life
    steal and damage return (``game.spells.after_hit``)."""
    raw = roll_raw(attacker, w, game.random)
    stun = 0.0
    hooked = bool(attacker.abilities or target.abilities or attacker.buffs or target.buffs)
    if hooked:       # passives and aura buffs (natives.passives): evasion, critical strike, bash
        struck = game.spells.before_hit(attacker, target, raw)
        if struck is None:
            return
        raw, stun = struck
    ev = DamageEvent(raw, ATTACK_TYPES[w.attack_type],
                     DAMAGE_TYPE_NORMAL, WEAPON_TYPE_WHOKNOWS, True, "damaging")
    if game.events.declares("EVENT_UNIT_DAMAGING"):
        game.publish(UnitDamaging(target, attacker, ev))
        if not target.alive:
            return
    if ev.amount <= 0.0:
        if ev.amount < 0.0:
            game.units.set_life(target, target.life - ev.amount)
        return
    attack = ATTACK_TYPE_NAMES.get(ev.attack_type, "spells")
    ev.stage = "damaged"
    life = target.life
    game.units.damage_unit(target, reduce(ev.amount, attack, target), attacker, ev)
    if hooked:       # the bash's stun, life steal, damage return
        game.spells.after_hit(attacker, target, max(0.0, life - target.life), stun,
                              is_melee(w))


# ---------------------------------------------------------------------------------------
# natives: the damage event's response, a unit's weapon and armor
# ---------------------------------------------------------------------------------------

def _event(ctx) -> DamageEvent | None:
    return ctx.thread.response.damage_event if ctx.thread is not None else None


@native("GetEventDamage", "takes nothing returns real", constant=True)
def GetEventDamage(ctx):
    """The damage of the damage event being answered (after ``BlzSetEventDamage``: the
    value set, jassdoc); 0.0 elsewhere."""
    ev = _event(ctx)
    return ev.amount if ev is not None else ctx.thread.response.damage


@native("BlzSetEventDamage", "takes real damage returns nothing")
def BlzSetEventDamage(ctx, amount):
    """Change the damage of the damage event being answered: before armor in
    EVENT_UNIT_DAMAGING, the life lost in EVENT_UNIT_DAMAGED (jassdoc); 0 blocks it, less
    heals. Outside a damage event nothing happens."""
    ev = _event(ctx)
    if ev is not None:
        ev.amount = float(amount)


@native("BlzGetEventDamageTarget", "takes nothing returns unit")
def BlzGetEventDamageTarget(ctx):
    """The damaged unit (as ``GetTriggerUnit``, jassdoc); null outside a damage event."""
    return ctx.thread.response.trigger_unit if _event(ctx) is not None else None


def _event_enum(kind: str, attr: str):
    def getter(ctx):
        ev = _event(ctx)
        return enum_handle(kind, getattr(ev, attr)) if ev is not None else None
    return getter


def _event_setter(attr: str):
    def setter(ctx, h):
        ev = _event(ctx)
        if ev is None or h is None or ev.stage != "damaging":
            return False
        setattr(ev, attr, enum_value(h))
        return True
    return setter


for _kind, _attr in (("attacktype", "attack_type"), ("damagetype", "damage_type"),
                     ("weapontype", "weapon_type")):
    _name = "".join(p.capitalize() for p in _attr.split("_"))
    native(f"BlzGetEvent{_name}", f"takes nothing returns {_kind}")(_event_enum(_kind, _attr))
    native(f"BlzSetEvent{_name}", f"takes {_kind} {_name[0].lower()}{_name[1:]} returns boolean")(
        _event_setter(_attr))


@native("BlzGetEventIsAttack", "takes nothing returns boolean")
def BlzGetEventIsAttack(ctx):
    """True while a weapon's hit is being answered (not spell or triggered damage)."""
    ev = _event(ctx)
    return ev is not None and ev.is_attack


def _warn_index(ctx, name: str, index: int) -> None:
    ctx.warn(f"{name}: weapon index {index}: the model keeps one attack per unit (index 0); "
             f"answering 0 / ignoring it")


def _weapon_get(name: str, attr: str, cast):
    def getter(ctx, u, index):
        u = alive(u)
        if u is None:
            return cast(0)
        if index != 0:
            _warn_index(ctx, name, index)
            return cast(0)
        w = weapon(u)
        return cast(getattr(w, attr)) if w is not None else cast(0)
    return getter


def _weapon_set(name: str, attr: str, cast):
    def setter(ctx, u, value, index):
        u = alive(u)
        if u is None:
            return
        if index != 0:
            _warn_index(ctx, name, index)
            return
        if type_weapon(u) is None:
            ctx.warn(f"{name}: unit type '{u.utype.rawcode}' has no attack in the model; "
                     f"ignoring it")
            return
        own(u, "combat")[attr] = cast(value)
        ctx.game.orders.weapon_changed(u)
    return setter


for _what, _attr, _type, _cast in (("BaseDamage", "base", "integer", int),
                                   ("DiceNumber", "dice", "integer", int),
                                   ("DiceSides", "sides", "integer", int),
                                   ("AttackCooldown", "cooldown", "real", float)):
    _arg = {"BaseDamage": "baseDamage", "DiceNumber": "diceNumber", "DiceSides": "diceSides",
            "AttackCooldown": "cooldown"}[_what]
    native(f"BlzGetUnit{_what}", f"takes unit whichUnit, integer weaponIndex returns {_type}")(
        _weapon_get(f"BlzGetUnit{_what}", _attr, _cast))
    native(f"BlzSetUnit{_what}",
           f"takes unit whichUnit, {_type} {_arg}, integer weaponIndex returns nothing")(
        _weapon_set(f"BlzSetUnit{_what}", _attr, _cast))


@native("BlzGetUnitArmor", "takes unit whichUnit returns real")
def BlzGetUnitArmor(ctx, u):
    """Total armor: base armor plus a hero's agility armor (jassdoc: "TOTAL amount")."""
    u = alive(u)
    return armor(u) if u is not None else 0.0


@native("BlzSetUnitArmor", "takes unit whichUnit, real armorAmount returns nothing")
def BlzSetUnitArmor(ctx, u, amount):
    """Set the total armor: the base armor becomes what gives that total with the unit's
    bonus armor (jassdoc: 1+3 set to 1.00 becomes -2+3)."""
    u = alive(u)
    if u is not None:
        own(u, "combat")["armor"] = float(amount) - (armor(u) - base_armor(u))


@native("BlzUnitInterruptAttack", "takes unit whichUnit returns nothing")
def BlzUnitInterruptAttack(ctx, u):
    """Interrupt the unit's swing before its damage point: no hit, the weapon ready again,
    the unit goes on with its order at once (``Orders.interrupt``). Nothing happens
    without a swing under way."""
    u = alive(u)
    if u is None or u.type_name != "unit" or u.work is None or u.work.swing is None:
        return
    orders = ctx.game.orders
    orders.interrupt(u)
    if not u.held:
        orders.wake(u, 0.0)
