"""Hero experience for kills: who gains it and how much.

When a unit dies killed by a unit of an enemy player, the killer's owner's live heroes gain
experience (``Experience``, subscribed to ``UnitDeath``). Rules, as published:

- How much (the game's "Hero XP Gained" gameplay constants, AceHart, TheHelper.net,
  "Gameplay Constants - Hero Experience"): a hero of level L killed gives
  ``HERO_KILL_XP[L-1]`` (100, 120, 160, 220, 300), then the previous value + 100 per level;
  a unit of level L gives 25 at level 1, then the previous value + 5 L + 5 (40, 60, 85...).
- Who (warcraft3.info, "Hero Experience In Warcraft 3: How It Works", 2018): the heroes
  within ``XP_RANGE`` (1200) world units of the dying unit share it evenly; when none is
  that near, every live hero of the player shares it ("experience is shared globally").
- Creeps (Blizzard, classic.battle.net war3/basics/heroes.shtml, as quoted on Arqade,
  "How does gaining experience work in Warcraft 3"): a kill of a Neutral Hostile unit gives
  a hero of level 1/2/3/4 80/70/62/55 % of it, and nothing from level 5 on.

A unit's level comes from the map's object data (field "ulev"); the project's tables hold no
sourced levels for stock non-hero types, so killing one of those gives no experience and is
warned about once per type (when the killer's player has a hero to gain it). Heroes with suspended experience (``SuspendHeroXP``) and heroes at
the maximum level gain nothing. Amounts are rounded down to whole points (project choice).
"""
from __future__ import annotations

import math

from natives.modelevents import UnitDeath, listens

HERO_KILL_XP = (100, 120, 160, 220, 300)
HERO_KILL_XP_STEP = 100
UNIT_KILL_XP = (25,)
UNIT_KILL_XP_CONSTANT = 5
UNIT_KILL_XP_LEVEL = 5
"""The "Hero XP Gained - Hero/Normal" gameplay constants (table, then constant and level
factors; previous-value factor 1)."""

XP_RANGE = 1200.0
"""World units from the dying unit within which heroes take the whole share."""

CREEP_XP_FACTOR = (0.80, 0.70, 0.62, 0.55)
"""Share of a Neutral Hostile kill's experience by hero level 1..4 (0 from level 5)."""


def kill_xp(level: int, hero: bool) -> int:
    """Experience a kill of a level-``level`` unit (``hero``: a hero) gives (module doc)."""
    level = max(1, int(level))
    if hero:
        if level <= len(HERO_KILL_XP):
            return HERO_KILL_XP[level - 1]
        return HERO_KILL_XP[-1] + HERO_KILL_XP_STEP * (level - len(HERO_KILL_XP))
    value = UNIT_KILL_XP[-1]
    if level <= len(UNIT_KILL_XP):
        return UNIT_KILL_XP[level - 1]
    for lv in range(len(UNIT_KILL_XP) + 1, level + 1):
        value += UNIT_KILL_XP_LEVEL * lv + UNIT_KILL_XP_CONSTANT
    return value


def creep_factor(hero_level: int) -> float:
    """The share of a creep kill's experience a hero of ``hero_level`` gets."""
    return CREEP_XP_FACTOR[hero_level - 1] if 1 <= hero_level <= len(CREEP_XP_FACTOR) else 0.0


class KillReward:
    """What a kill gives (subclasses: ``Experience``, ``natives.bounty.Bounties``): subscribed
    to ``UnitDeath``, ``reward(victim, killer)`` runs for every death with a killing unit.
    Holds no state of its own but the unit types already warned about (``warn_once``)."""

    def __init__(self, game) -> None:
        self.game = game
        self._warned: set[int] = set()
        game.subscribers.append(self._on_event)

    @listens(UnitDeath)
    def _on_event(self, event) -> None:
        if type(event) is UnitDeath and event.killer is not None:
            self.reward(event.unit, event.killer)

    def reward(self, victim, killer) -> None:
        """The reward of ``victim``'s death by ``killer`` (subclasses)."""
        raise NotImplementedError

    def warn_once(self, type_id: int, message: str) -> None:
        """Record ``message`` as a game warning the first time for unit type ``type_id``."""
        if type_id not in self._warned:
            self._warned.add(type_id)
            self.game.warn(message)


class Experience(KillReward):
    """Grants kill experience in a Game (``game.experience``)."""

    def unit_level(self, u) -> int | None:
        """The level of ``u`` for experience: a hero's level, else the map's "ulev"."""
        if u.hero is not None:
            return u.hero.level
        value = self.game.object_types.data_value("unit", u.type_id, "ulev")
        return int(value) if isinstance(value, (int, float)) else None

    def reward(self, victim, killer) -> None:
        """The experience of ``victim``'s death by ``killer`` (module docstring)."""
        owner = killer.owner
        if owner.is_ally(victim.owner):
            return
        store = self.game.units
        heroes = [h for h in store.live_units() if h.owner is owner and h.hero is not None
                  and h.alive and not h.hero.xp_suspended and h.hero.level < store.max_hero_level]
        if not heroes:
            return
        level = self.unit_level(victim)
        if level is None:
            self.warn_once(victim.type_id, f"unit type '{victim.utype.rawcode}' has no level (no "
                                           f"sourced figure, no 'ulev' in the map's data): its "
                                           f"death gives no hero experience")
            return
        near = [h for h in heroes if math.hypot(h.x - victim.x, h.y - victim.y) <= XP_RANGE]
        sharers = near or heroes
        amount = kill_xp(level, victim.hero is not None) / len(sharers)
        creep = victim.owner.id == self.game.players.neutral_aggressive_id
        for h in sharers:
            gain = int(amount * (creep_factor(h.hero.level) if creep else 1.0))
            if gain > 0:
                store.add_hero_xp(h, gain)
