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

Model choices (project-authored): the hit lands when the swing starts (no damage point, no
missile travel); attack range is measured between the two units' collision circles; a unit
type without a ``unitdata.WEAPONS`` row cannot attack; a structure without a
``unitdata.DEFENSES`` row has fortified armor of 0 points, any other type without one takes
factor 1 and armor 0; a row with ``dice`` 0 deals its average damage (``base``) every hit; the ``divine`` column is the classic
one (chaos full, everything else 5%).
"""
from __future__ import annotations

import math

from natives import unitdata
from natives.unitdata import Defense, Weapon

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


def weapon(u) -> Weapon | None:
    """The unit's weapon figures (``unitdata.WEAPONS``), None when its type has none."""
    return unitdata.WEAPONS.get(u.type_id)


def defense(u) -> Defense | None:
    """The unit's armor figures: its type's row (``unitdata.DEFENSES``), else for a
    structure ``unitdata.STRUCTURE_DEFENSE`` (fortified), else None."""
    d = unitdata.DEFENSES.get(u.type_id)
    if d is None and u.utype.is_structure:
        return unitdata.STRUCTURE_DEFENSE
    return d


def armor(u) -> float:
    """Armor points: the type's, plus 0.3 per point of agility for a hero."""
    d = defense(u)
    value = d.armor if d is not None else 0.0
    if u.hero is not None:
        value += HERO_ARMOR_PER_AGILITY * u.hero.attribute("agi", True)
    return value


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


def roll_damage(attacker, target, w: Weapon, rng) -> float:
    """Damage of one hit of ``attacker`` on ``target`` (module docstring); ``rng`` a
    ``random.Random``."""
    raw = float(w.base + sum(rng.randint(1, w.sides) for _ in range(w.dice)))
    if attacker.hero is not None:
        raw += attacker.hero.attribute(attacker.hero.stats.primary, True)
    return raw * type_factor(w.attack_type, target) * armor_factor(armor(target))
