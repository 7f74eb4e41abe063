"""Text messages: the program's visible output.

``DisplayTextToPlayer`` and friends append ``Message`` records to ``game.messages`` (a
``MessageLog``, oldest first). ``local_messages(game)`` is what the local player sees --
the output conformance cases compare (shared/conformance/README.md: "A line is seen when it
is shown to Player(0) by BJDebugMsg, DisplayTextToPlayer or DisplayTimedTextToPlayer").

Model choices: the x/y screen offsets are recorded but change nothing; a null message shows
nothing (a warning is recorded); ``DisplayTextToPlayer`` records no duration (the game uses
its default message time, not modelled); ``ClearTextMessages`` clears what is on screen but
the log keeps every message (jassdoc: "All messages will still show up in the message log").
"""
from __future__ import annotations

from jassvm.records import record
from natives.registry import native



@record(slots=False)
class Message:
    """One message shown to one player: ``time`` (game seconds), ``player`` (id), ``text``,
    ``duration`` (seconds, None for the game's default), ``x``/``y`` (screen offsets as
    given), ``cleared_at`` (game time of ``ClearTextMessages``, else None)."""

    time: float
    player: int
    text: str
    duration: float | None = None
    x: float = 0.0
    y: float = 0.0
    cleared_at: float | None = None

    def visible_at(self, now: float) -> bool:
        """True while on screen at game time ``now`` (messages without a duration stay)."""
        if self.cleared_at is not None and self.cleared_at <= now:
            return False
        return self.duration is None or now < self.time + self.duration


class MessageLog(list):
    """All messages, in the order shown (a list of ``Message``)."""

    def show(self, game, player, text: str | None, duration: float | None, x: float, y: float,
             warn) -> None:
        if player is None:
            return
        if text is None:
            warn("null message text shows nothing")
            return
        self.append(Message(game.now, player.id, text, duration, x, y))


def local_messages(game) -> list[Message]:
    """Messages shown to the local player (``GetLocalPlayer``), oldest first."""
    return [m for m in game.messages if m.player == game.local_player_id]


def on_screen(game, player_id: int | None = None) -> list[Message]:
    """Messages visible now to ``player_id`` (default: the local player)."""
    pid = game.local_player_id if player_id is None else player_id
    return [m for m in game.messages if m.player == pid and m.visible_at(game.now)]


@native("DisplayTextToPlayer", "takes player toPlayer, real x, real y, string message returns nothing")
def DisplayTextToPlayer(ctx, player, x, y, message):
    """Show ``message`` to ``toPlayer`` for the game's default time."""
    ctx.game.messages.show(ctx.game, player, message, None, x, y, ctx.warn)


@native("DisplayTimedTextToPlayer", "takes player toPlayer, real x, real y, real duration, string message returns nothing")
def DisplayTimedTextToPlayer(ctx, player, x, y, duration, message):
    """Show ``message`` to ``toPlayer`` for ``duration`` game seconds."""
    ctx.game.messages.show(ctx.game, player, message, duration, x, y, ctx.warn)


@native("DisplayTimedTextFromPlayer", "takes player toPlayer, real x, real y, real duration, string message returns nothing")
def DisplayTimedTextFromPlayer(ctx, player, x, y, duration, message):
    """Show ``message`` to every player, its first ``%s`` replaced by ``toPlayer``'s name
    (jassdoc; further ``%`` codes print garbage in the game and are left as written here)."""
    if player is None:
        return
    if message is None:
        ctx.warn("null message text shows nothing")
        return
    message = message.replace("%s", player.name or "", 1)
    for p in ctx.game.players.slots:
        ctx.game.messages.show(ctx.game, p, message, duration, x, y, ctx.warn)


@native("ClearTextMessages", "takes nothing returns nothing")
def ClearTextMessages(ctx):
    """Clear the messages on screen (every player); the log keeps them."""
    now = ctx.game.now
    for m in ctx.game.messages:
        if m.cleared_at is None and m.visible_at(now):
            m.cleared_at = now
