"""Bounty: the gold a kill gives the killer's owner.

When a unit dies killed by a unit of an enemy player whose owner gives bounty (the player
flag PLAYER_STATE_GIVES_BOUNTY, common.j), the killer's owner gains ``base`` + ``dice``
rolls of 1..``sides`` gold (the unit type's "Gold Bounty Awarded" figures, common.j's
UNIT_IF_GOLD_BOUNTY_AWARDED_BASE / _NUMBER_OF_DICE / _SIDES_PER_DIE, fields "ubba", "ubdi",
"ubsi"), taxed by its upkeep (``natives.upkeep``). Creeps give gold when killed (Blizzard,
classic.battle.net war3/neutral/creepbasics.shtml: "Creeps give different amounts
of experience, gold"), so Neutral Hostile gives bounty from the start; other players do not
until a map sets the flag (Blizzard.j's melee setup turns it off for Neutral Victim, the
campaign's human01 and undead01 turn it off for Neutral Hostile). Dice roll on
``game.random`` (seeded).

Figures come from the map's object data (or the game's tables) for the unit's type, else
``BOUNTIES`` (published figures, source per row). A type without figures gives no bounty;
a warning names it once. The floating gold text over the corpse is presentation and is not
modelled. The gold is PLAYER_STATE_RESOURCE_GOLD (``GetPlayerState``), not gold gathered.
"""
from __future__ import annotations

from jassvm.records import record
from natives.experience import KillReward
from natives.objecttypes import MISSING
from natives.players import PLAYER_STATE_GIVES_BOUNTY, PLAYER_STATE_RESOURCE_GOLD
from natives.upkeep import after_upkeep


@record(frozen=True, slots=False)
class Bounty:
    """Gold bounty of a unit type: ``base`` + ``dice`` rolls of 1..``sides``."""

    base: int
    dice: int
    sides: int


BOUNTIES: dict[int, Bounty] = {}
"""Gold bounty of stock unit types by rawcode, where a public source gives all three figures
(none yet: the unit pages the project cites give bounty ranges only for a few types, without
the dice split)."""

_FIELDS = ("ubba", "ubdi", "ubsi")


class Bounties(KillReward):
    """Pays kill bounties in a Game (``game.bounty``)."""

    def figures(self, u) -> Bounty | None:
        """The gold bounty figures of ``u``'s type (module docstring), None without any."""
        ot = self.game.object_types
        values = [ot.data_value("unit", u.type_id, fid) for fid in _FIELDS]
        if all(v is MISSING for v in values):
            return BOUNTIES.get(ot.base_code("unit", u.type_id))
        row = BOUNTIES.get(ot.base_code("unit", u.type_id), Bounty(0, 0, 0))
        base, dice, sides = (int(v) if isinstance(v, (int, float)) else default
                             for v, default in zip(values, (row.base, row.dice, row.sides)))
        return Bounty(base, dice, sides)

    def reward(self, victim, killer) -> int:
        """The bounty of ``victim``'s death by ``killer``: gold paid to the killer's owner
        (0 when none is due or the type has no figures)."""
        payer, owner = victim.owner, killer.owner
        if owner.is_ally(payer) or not payer.get_state(PLAYER_STATE_GIVES_BOUNTY):
            return 0
        b = self.figures(victim)
        if b is None:
            self.warn_once(victim.type_id, f"unit type '{victim.utype.rawcode}' has no gold bounty "
                                           f"figures (map data 'ubba'/'ubdi'/'ubsi', "
                                           f"natives.bounty.BOUNTIES): its death gives no bounty")
            return 0
        rng = self.game.random
        gold = b.base + (sum(rng.randint(1, b.sides) for _ in range(b.dice)) if b.sides > 0 else 0)
        gold = after_upkeep(owner, max(0, gold))
        if gold:
            owner.add_state(PLAYER_STATE_RESOURCE_GOLD, gold)
        return gold
