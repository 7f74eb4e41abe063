"""Computer AI natives: starting AI scripts, commands, pausing, guard positions.

AI scripts (``.ai`` files, common.ai) are **not run**. ``StartMeleeAI``/``StartCampaignAI``
record that a player would start a script: ``game.ai.players[player id]`` keeps the script
name, the kind (``melee``/``campaign``), the commands sent, the pause flag; and an
``ai_started`` timeline entry is recorded with ``found``: the result of
``game.ai_resolver(script_name)`` when the game has such a callable (the map layer can tell
whether the map or the API set has that file), else False.

``CommandAI(player, command, data)`` appends ``(command, data)`` to the player's command
list (what the AI would read with ``GetLastCommand``/``GetLastData``); ``PauseCompAI``
stores the pause flag. ``RemoveGuardPosition``, ``RecycleGuardPosition`` and
``RemoveAllGuardPositions`` are recorded (unit guard positions matter only to AI scripts).

``GetAIDifficulty`` answers ``game.ai.difficulty[player id]``, ``AI_DIFFICULTY_NORMAL`` (1)
unless a scenario or map layer sets it: the lobby's default for an added computer player
(project choice; the lobby itself is not modelled).
"""
from __future__ import annotations

from typing import Any

from natives.handles import alive, enum_handle
from natives.registry import native


class AIState:
    """Computer AI bookkeeping of one game (``game.ai``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self.players: dict[int, dict[str, Any]] = {}
        self.guard_positions: list[tuple[float, str, Any]] = []
        self.difficulty: dict[int, int] = {}   # player id -> aidifficulty value

    def player(self, pid: int) -> dict[str, Any]:
        return self.players.setdefault(pid, {"script": None, "kind": None, "found": False,
                                             "commands": [], "paused": False, "started_at": None})



AI_DIFFICULTY_NEWBIE, AI_DIFFICULTY_NORMAL, AI_DIFFICULTY_INSANE = 0, 1, 2


def _ai(ctx) -> AIState:
    return ctx.game.ai


def _resolve(game, script: str) -> bool:
    resolver = game.ai_resolver
    if resolver is None or not callable(resolver):
        return False
    try:
        return bool(resolver(script))
    except Exception as exc:  # a resolver bug must not kill the script thread
        game.warn(f"ai_resolver({script!r}) failed: {exc}")
        return False


def _start(ctx, p, script, kind: str) -> None:
    if p is None:
        return
    script = script or ""
    found = _resolve(ctx.game, script)
    entry = _ai(ctx).player(p.id)
    entry.update(script=script, kind=kind, found=found, started_at=ctx.game.now)
    ctx.game.record("ai_started", player=p.id, script=script, found=found)


@native("StartMeleeAI", "takes player num, string script                 returns nothing")
def StartMeleeAI(ctx, p, script):
    """Record that the player starts melee AI script ``script`` (not run)."""
    _start(ctx, p, script, "melee")


@native("StartCampaignAI", "takes player num, string script                 returns nothing")
def StartCampaignAI(ctx, p, script):
    """Record that the player starts campaign AI script ``script`` (not run)."""
    _start(ctx, p, script, "campaign")


@native("CommandAI", "takes player num, integer command, integer data returns nothing")
def CommandAI(ctx, p, command, data):
    """Send a command (and data) to the player's AI (recorded)."""
    if p is not None:
        _ai(ctx).player(p.id)["commands"].append((command, data))


@native("PauseCompAI", "takes player p,   boolean pause                 returns nothing")
def PauseCompAI(ctx, p, pause):
    """Pause/resume the player's AI (stored)."""
    if p is not None:
        _ai(ctx).player(p.id)["paused"] = pause


@native("RemoveGuardPosition", "takes unit hUnit                                returns nothing")
def RemoveGuardPosition(ctx, u):
    """The AI stops returning the unit to its guard position (recorded)."""
    u = alive(u)
    if u is not None:
        _ai(ctx).guard_positions.append((ctx.game.now, "remove", u))


@native("RecycleGuardPosition", "takes unit hUnit                                returns nothing")
def RecycleGuardPosition(ctx, u):
    """The AI may reuse the unit's guard position (recorded)."""
    u = alive(u)
    if u is not None:
        _ai(ctx).guard_positions.append((ctx.game.now, "recycle", u))


@native("RemoveAllGuardPositions", "takes player num                             returns nothing")
def RemoveAllGuardPositions(ctx, p):
    """The player's AI forgets every guard position (recorded)."""
    if p is not None:
        _ai(ctx).guard_positions.append((ctx.game.now, "remove_all", p))


@native("GetAIDifficulty", "takes player num                                returns aidifficulty")
def GetAIDifficulty(ctx, p):
    """The computer difficulty of ``p`` (``AI_DIFFICULTY_NORMAL`` unless set, see module
    docstring); null for a null player."""
    if p is None:
        return None
    return enum_handle("aidifficulty", _ai(ctx).difficulty.get(p.id, AI_DIFFICULTY_NORMAL))
