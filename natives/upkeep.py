"""Upkeep: the tax on a player's gold income that grows with the food its army uses.

Levels (Blizzard, classic.battle.net war3/basics/upkeep.shtml): No Upkeep up to 50 food used
(100 % of the gold comes in), Low Upkeep from 51 to 80 (70 %), High Upkeep above 80 (40 %).
The tax is "automatically deducted from all Gold you gather"; gold from creeping (bounty) is
taxed too (warcraft3.info, "New to Warcraft: Upkeep Taxes", 2018). Lumber is not taxed.

The rate in force is the player state PLAYER_STATE_GOLD_UPKEEP_RATE (percent taken: 0, 30,
60), which ``GetPlayerState`` reads: ``Upkeep`` sets it whenever the player's food used
changes. A rate the map sets itself (``SetPlayerState``) applies until the food used next
changes. Taxed amounts are rounded down to whole gold (project choice: the page gives 10
mined -> 7 and 4, whole numbers); the gold lost is counted in the score
PLAYER_SCORE_GOLD_LOST_UPKEEP.
"""
from __future__ import annotations

from natives.modelevents import PlayerStateChanged, listens
from natives.players import PLAYER_STATE_GOLD_UPKEEP_RATE, PLAYER_STATE_RESOURCE_FOOD_USED

UPKEEP_LEVELS = ((50, 0), (80, 30))
"""(most food used, percent of gold taken) of No and Low Upkeep; above the last: ``HIGH_UPKEEP``."""
HIGH_UPKEEP = 60

PLAYER_SCORE_GOLD_LOST_UPKEEP = 12
"""common.j playerscore value of the gold lost to upkeep."""


def upkeep_rate(food_used: int) -> int:
    """Percent of gold income taken at ``food_used`` food (module docstring)."""
    for most, rate in UPKEEP_LEVELS:
        if food_used <= most:
            return rate
    return HIGH_UPKEEP


def after_upkeep(player, gold: int) -> int:
    """The part of ``gold`` income that reaches ``player`` at its upkeep rate (the rest is
    added to its PLAYER_SCORE_GOLD_LOST_UPKEEP score)."""
    rate = max(0, min(100, player.get_state(PLAYER_STATE_GOLD_UPKEEP_RATE)))
    kept = gold * (100 - rate) // 100
    if kept != gold:
        player.scores[PLAYER_SCORE_GOLD_LOST_UPKEEP] = (
            player.scores.get(PLAYER_SCORE_GOLD_LOST_UPKEEP, 0) + gold - kept)
    return kept


class Upkeep:
    """Keeps each player's PLAYER_STATE_GOLD_UPKEEP_RATE in step with its food used
    (``game.upkeep``); holds no state of its own."""

    def __init__(self, game) -> None:
        self.game = game
        game.subscribers.append(self._on_event)

    @listens(PlayerStateChanged)
    def _on_event(self, event) -> None:
        if type(event) is PlayerStateChanged and event.state == PLAYER_STATE_RESOURCE_FOOD_USED:
            event.player.set_state(PLAYER_STATE_GOLD_UPKEEP_RATE, upkeep_rate(event.value))
