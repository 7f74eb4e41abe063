"""Passive combat hooks: what a unit's passive abilities and aura buffs do to one attack (seed
000's shared mechanic families, each a small function with explicit parameters).

``natives.combat.hit`` asks ``game.spells`` (``before_hit``/``after_hit``, which call
``strike`` and ``struck`` here) only when the attacker or the target has an ability or a buff,
so units without passives pay one test per hit. The families:

- *evasion* (``evades``): the target avoids the attack with a chance ('Eev1' of Evasion 'AEev',
  'Ocr4' of a critical strike ability that also evades): no damage, no other effect;
- *critical strike* (``critical_strike``): with a chance ('Ocr1') the attack deals its damage
  times a multiplier ('Ocr2') plus a bonus ('Ocr3');
- *bash* (``bash``): with a chance ('Hbh1') the attack deals bonus damage ('Hbh3') and stuns
  the target for 'adur' (heroes 'ahdu');
- *life steal* (``life_steal``): a melee attacker whose buffs carry ``steal`` (Vampiric Aura)
  heals that fraction of the damage dealt;
- *damage return* (``return_damage``): a target whose buffs carry ``thorns`` (Thorns Aura)
  deals that fraction of a melee attacker's damage back to it.

Units of the figures, as the corpus maps author these fields (custom-mcfc's object data:
'Ocr1' 15 and 'Hbh1' 20, percentages; 'Eev1' 0.25 and 'Uav1' 0.14, fractions): the chances
of 'Ocr1' and 'Hbh1' are percentages, those of 'Eev1' and 'Ocr4' fractions. Two abilities of
one family on a unit do not stack: the strongest chance counts (project rule, as the aura
resolver). Chances are drawn from ``game.random`` (seeded: same seed, same fight), evasion
first, then the critical strike, then the bash. A figure neither the map's data nor the
project's table has counts as 0 and is reported once per game (``natives.abilities.figure``).
"""
from __future__ import annotations

from natives.abilities import AbilityItem, apply_stun, data, figure, heal, hero_duration, resolve
from natives.objecttypes import MISSING
from natives.unitdata import rawcode

CRITICAL_STRIKE, EVASION, BASH = "critical", "evasion", "bash"
PASSIVES = {rawcode(k): v for k, v in {
    "AOcr": CRITICAL_STRIKE, "AEev": EVASION, "AHbh": BASH,
    "ACct": CRITICAL_STRIKE, "ACev": EVASION, "ACbh": BASH,     # the creep ones
}.items()}
"""Passive base rawcode -> its combat family."""


def _game(u):
    return u.store.game


def passives_by_family(u) -> dict[str, list[AbilityItem]]:
    """The unit's passive abilities by combat family (their authored rawcodes; aliases
    included), found in one pass over its abilities."""
    game = _game(u)
    found: dict[str, list[AbilityItem]] = {}
    for code in u.abilities:
        family = PASSIVES.get(game.object_types.base_code("ability", code))
        if family is not None:
            item = resolve(game, code)
            if item is not None:
                found.setdefault(family, []).append(item)
    return found


def happens(rng, chance: float) -> bool:
    """True with probability ``chance`` (a fraction) drawn from ``rng`` (``game.random``); no
    draw for a chance of 0 or less."""
    return chance > 0.0 and rng.random() < chance


def evades(rng, chance: float) -> bool:
    """Does an attack miss a target with this evasion ``chance`` (a fraction)?"""
    return happens(rng, chance)


def critical_strike(rng, chance: float, multiplier: float, bonus: float, raw: float) -> float:
    """``raw`` damage after a critical strike of ``chance`` (a fraction): times ``multiplier``
    plus ``bonus`` when it happens, else unchanged."""
    return raw * multiplier + bonus if happens(rng, chance) else raw


def bash(rng, chance: float) -> bool:
    """Does a bash of ``chance`` (a fraction) happen on this attack?"""
    return happens(rng, chance)


def life_steal(attacker, dealt: float, fraction: float) -> None:
    """The attacker heals ``fraction`` of the ``dealt`` damage (at most its maximum life)."""
    if fraction > 0.0 and dealt > 0.0 and attacker.alive:
        heal(attacker, dealt * fraction)


def return_damage(target, attacker, dealt: float, fraction: float) -> None:
    """``target`` deals ``fraction`` of the ``dealt`` damage back to ``attacker`` (spell
    damage from ``target``)."""
    if fraction > 0.0 and dealt > 0.0 and attacker.alive:
        _game(target).units.damage_unit(attacker, dealt * fraction, target)


def evasion_chance(u, found: dict[str, list[AbilityItem]]) -> float:
    """The strongest evasion chance (a fraction) of the unit's passives ``found``
    (``passives_by_family``)."""
    best = 0.0
    for item in found.get(EVASION, ()):
        best = max(best, figure(u, item, "Eev1"))
    for item in found.get(CRITICAL_STRIKE, ()):
        chance = data(u, item, "Ocr4", MISSING)
        if chance is not MISSING:
            best = max(best, float(chance))
    return best


def _strongest(u, items: list[AbilityItem], chance_fid: str) -> tuple[AbilityItem | None, float]:
    """The item of ``items`` with the highest chance figure, and that figure (None, 0.0 when
    no item has a positive one)."""
    best, best_chance = None, 0.0
    for item in items:
        c = figure(u, item, chance_fid)
        if c > best_chance:
            best, best_chance = item, c
    return best, best_chance


def strike(attacker, target, raw: float) -> tuple[float, float] | None:
    """The attacker's and the target's passives on a hit of ``raw`` damage (before armor):
    None when the target evades, else (the raw damage after a critical strike and a bash's
    bonus, the stun in game seconds a bash leaves on the target, 0 for none)."""
    rng = _game(attacker).random
    if target.abilities and evades(rng, evasion_chance(target, passives_by_family(target))):
        return None
    stun = 0.0
    if attacker.abilities:
        found = passives_by_family(attacker)
        crit, chance = _strongest(attacker, found.get(CRITICAL_STRIKE, ()), "Ocr1")
        if crit is not None:
            raw = critical_strike(rng, chance / 100.0, figure(attacker, crit, "Ocr2"),
                                  float(data(attacker, crit, "Ocr3", 0.0)), raw)
        item, chance = _strongest(attacker, found.get(BASH, ()), "Hbh1")
        if item is not None and bash(rng, chance / 100.0):
            raw += figure(attacker, item, "Hbh3")
            stun = hero_duration(attacker, item, target)
    return raw, stun


def struck(attacker, target, dealt: float, stun: float, melee: bool) -> None:
    """After a hit dealt ``dealt`` life points: a bash's ``stun``, then the attacker's life
    steal and the target's damage return (both for ``melee`` attacks only)."""
    if stun > 0.0 and target.alive:
        apply_stun(target, stun)
    if not melee:
        return
    if attacker.buffs:
        life_steal(attacker, dealt, sum(getattr(b, "steal", 0.0) for b in attacker.buffs.values()))
    if target.buffs:
        return_damage(target, attacker, dealt, sum(getattr(b, "thorns", 0.0) for b in target.buffs.values()))

