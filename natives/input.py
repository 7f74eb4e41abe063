"""Player input (1.29+/1.31+): keyboard, mouse, sync data, trackables, the local client.

State: ``game.input`` (``InputState``). The headless runtime has no keyboard, mouse or
window: the scenario steps ``key``, ``mouse`` and ``trackable`` publish the model events of
``natives.modelevents`` (``PlayerOsKey``, ``PlayerMouse``, ``TrackableInput``) that a
player's input would cause, and the registrations below answer them. Sources: jassdoc
common.j (lep/jassdoc), quoted per native.

Keys (``BlzTriggerRegisterPlayerKeyEvent``)
    A registration watches one player, one ``oskeytype`` and key-down or key-up. jassdoc:
    "The player needs to hold all specified metakeys to trigger the event": it answers a
    key event whose held meta keys include all of its own (0 answers any). Its event id is
    ``EVENT_PLAYER_KEY_DOWN`` or ``EVENT_PLAYER_KEY_UP`` (project reading of common.j's
    constants). A held key repeats in the game ("In V1.32.10 repeats until released at
    approximately 30 times per second"); a scenario key step is one press.

Mouse (``TriggerRegisterPlayerEvent`` with ``EVENT_PLAYER_MOUSE_DOWN``/``UP``/``MOVE``)
    ``BlzGetTriggerPlayerMouseX/Y/Position`` answer the ground point of the event. jassdoc:
    "Returns {maxX, maxY, surfaceZ} when pointing outside of map bounds on any side": a
    point outside the world bounds answers the bounds' maximum x and y.
    ``BlzGetMouseFocusUnit`` is the unit under the cursor at the last mouse event (null
    before any, and when that event named none).

Sync data (``BlzSendSyncData``, ``BlzTriggerRegisterPlayerSyncEvent``)
    jassdoc: "The player running this function sends a string message to all players". In
    this one-client game the sender is the local player, and the message reaches the
    players one network step later: the send queues a ``sync_data`` scheduler entry with
    no delay, delivered when the clock next runs (after the sending thread ends or waits;
    never inside it), in send order, as the game cache syncs of S140 are. Delivery raises
    ``EVENT_PLAYER_SYNC_DATA`` for the sender's registrations of that prefix and its
    ``TriggerRegisterPlayerEvent(EVENT_PLAYER_SYNC_DATA)`` ones (jassdoc: "One can create a
    player SyncEvent for any prefix with TriggerRegisterPlayerEvent"). Prefix and data are
    kept whole (jassdoc: "Limited to something like 255 bytes", unmeasured).

Trackables (``TriggerRegisterTrackableHitEvent`` / ``TrackEvent``)
    jassdoc: "Registers when a player clicks on / hovers over the given trackable";
    ``GetTriggeringTrackable`` and ``GetTriggerPlayer`` answer.

The local client (docs/natives.md lists these headless answers)
    ``BlzGetLocalClientWidth/Height``: ``CLIENT_WIDTH`` x ``CLIENT_HEIGHT`` pixels;
    ``BlzIsLocalClientActive``: true; ``BlzGetLocale``: ``"enUS"`` (jassdoc: "The
    English setting is represented as enUS"). ``BlzSetMousePos`` and ``BlzEnableCursor`` are
    stored.
"""
from __future__ import annotations

from natives.events import EventRegistry
from natives.geometry import new_location
from natives.handles import alive, enum_handle, enum_value
from natives.modelevents import PlayerMouse, PlayerOsKey, PlayerSyncData, TrackableInput, listens
from natives.registry import native
from natives.response import Response

CLIENT_WIDTH, CLIENT_HEIGHT = 1920, 1080
"""The local client's window size, pixels (headless answer, docs/natives.md)."""
LOCALE = "enUS"
MOUSE_EVENTS = {"down": "EVENT_PLAYER_MOUSE_DOWN", "up": "EVENT_PLAYER_MOUSE_UP",
                "move": "EVENT_PLAYER_MOUSE_MOVE"}
SYNC_EVENT = "EVENT_PLAYER_SYNC_DATA"


class InputState:
    """Input state of one game (``game.input``)."""

    def __init__(self, game) -> None:
        self.game = game
        self.mouse_focus_unit = None
        self.mouse_pos: tuple[int, int] | None = None
        self.cursor_enabled = True
        self.syncs_sent = 0
        game.subscribers.append(self.on_publish)
        game.scheduler.register("sync_data", self._deliver)   # args: player id, prefix, data

    @listens(PlayerOsKey, PlayerMouse, PlayerSyncData, TrackableInput)   # MODEL_EVENTS' keys
    def on_publish(self, event) -> None:
        """The ``game.subscribers`` entry: dispatch an input model event by its type
        (``MODEL_EVENTS``)."""
        handler = MODEL_EVENTS.get(type(event))
        if handler is not None:
            handler(self, event)

    def send(self, prefix: str, data: str) -> None:
        """``BlzSendSyncData`` by the local player: delivered as a ``PlayerSyncData`` event on
        the next clock step (module docstring: the headless choice)."""
        self.syncs_sent += 1
        self.game.schedule(0.0, "sync_data", self.game.local_player_id, prefix, data)

    def _deliver(self, pid: int, prefix: str, data: str) -> None:
        self.game.publish(PlayerSyncData(self.game.players.slots[pid], prefix, data))

    def clamp(self, x: float, y: float) -> tuple[float, float]:
        """The point mouse natives answer for (x, y): outside the world, the bounds' maximum
        x and y (jassdoc ``BlzGetTriggerPlayerMousePosition``)."""
        if self.game.in_world(x, y):
            return x, y
        _, _, x1, y1 = self.game.world_bounds
        return x1, y1


def _os_key(state: InputState, e: PlayerOsKey) -> None:
    events: EventRegistry = state.game.events
    name = "EVENT_PLAYER_KEY_DOWN" if e.down else "EVENT_PLAYER_KEY_UP"
    regs = [r for r in events.find("oskey", e.player, e.key, bool(e.down))
            if e.meta & r.params["meta"] == r.params["meta"]]
    events.dispatch(name, regs, Response(trigger_player=e.player,
                                         os_key=enum_handle("oskeytype", e.key),
                                         meta_key=e.meta, key_down=bool(e.down)))


def _mouse(state: InputState, e: PlayerMouse) -> None:
    state.mouse_focus_unit = e.unit
    x, y = state.clamp(e.x, e.y)
    button = enum_handle("mousebuttontype", e.button) if e.kind != "move" else None
    state.game.events.player_event(MOUSE_EVENTS[e.kind], e.player,
                                   Response(mouse_x=x, mouse_y=y, mouse_button=button))


def _sync(state: InputState, e: PlayerSyncData) -> None:
    events: EventRegistry = state.game.events
    resp = Response(trigger_player=e.player, sync_prefix=e.prefix, sync_data=e.data)
    regs = events.find("sync", e.player, e.prefix)
    regs += events.find("player", events.event(SYNC_EVENT).value, e.player)   # any prefix
    events.dispatch(SYNC_EVENT, regs, resp)


def _trackable(state: InputState, e: TrackableInput) -> None:
    events: EventRegistry = state.game.events
    name = "EVENT_GAME_TRACKABLE_HIT" if e.hit else "EVENT_GAME_TRACKABLE_TRACK"
    kind = "trackable_hit" if e.hit else "trackable_track"
    events.dispatch(name, events.find(kind, e.trackable),
                    Response(trigger_player=e.player, trigger_trackable=e.trackable))


MODEL_EVENTS = {PlayerOsKey: _os_key, PlayerMouse: _mouse, PlayerSyncData: _sync,
                TrackableInput: _trackable}
"""Input model event class -> its handler (``InputState.on_publish``)."""


def _input(ctx) -> InputState:
    return ctx.game.input


# ---------------------------------------------------------------------------------------
# Keys
# ---------------------------------------------------------------------------------------

@native("BlzTriggerRegisterPlayerKeyEvent", "takes trigger whichTrigger, player whichPlayer, oskeytype key, integer metaKey, boolean keyDown returns event")
def BlzTriggerRegisterPlayerKeyEvent(ctx, trig, player, key, meta, down):
    """Run ``trig`` when ``whichPlayer`` presses (``keyDown``) or releases ``key`` while
    holding at least the meta keys ``metaKey`` (jassdoc: "The player needs to hold all
    specified metakeys"). Null for a null player or key."""
    if player is None or key is None:
        return None
    events = ctx.game.events
    name = "EVENT_PLAYER_KEY_DOWN" if down else "EVENT_PLAYER_KEY_UP"
    return events.register(trig, events.event(name), ("oskey", player, enum_value(key), bool(down)),
                           player, meta=meta)


@native("BlzGetTriggerPlayerIsKeyDown", "takes nothing returns boolean")
def BlzGetTriggerPlayerIsKeyDown(ctx):
    """True in a key-down event, false in a key-up event and outside key events."""
    return bool(ctx.thread.response.key_down)


# ---------------------------------------------------------------------------------------
# Mouse and cursor
# ---------------------------------------------------------------------------------------

@native("BlzGetTriggerPlayerMousePosition", "takes nothing returns location")
def BlzGetTriggerPlayerMousePosition(ctx):
    """A new location at the mouse event's ground point (jassdoc; (0, 0) outside mouse
    events)."""
    r = ctx.thread.response
    return new_location(ctx.game, r.mouse_x, r.mouse_y)


@native("BlzGetMouseFocusUnit", "takes nothing returns unit")
def BlzGetMouseFocusUnit(ctx):
    """The unit under the local player's cursor at the last mouse event (null if none)."""
    return alive(_input(ctx).mouse_focus_unit)


@native("BlzSetMousePos", "takes integer x, integer y returns nothing")
def BlzSetMousePos(ctx, x, y):
    """Move the cursor to pixel (x, y) of the client window (stored; jassdoc: "x & y are px
    upto the used resolution")."""
    _input(ctx).mouse_pos = (x, y)


@native("BlzEnableCursor", "takes boolean enable returns nothing")
def BlzEnableCursor(ctx, enable):
    """Show or hide the cursor (stored; jassdoc: "It does not affect the cursor controls")."""
    _input(ctx).cursor_enabled = bool(enable)


# ---------------------------------------------------------------------------------------
# Sync data
# ---------------------------------------------------------------------------------------

@native("BlzSendSyncData", "takes string prefix, string data returns boolean")
def BlzSendSyncData(ctx, prefix, data):
    """Send ``data`` under ``prefix`` to every player, delivered on the clock's next step
    (see the module docstring); true."""
    _input(ctx).send(prefix or "", data or "")
    return True


@native("BlzTriggerRegisterPlayerSyncEvent", "takes trigger whichTrigger, player whichPlayer, string prefix, boolean fromServer returns event")
def BlzTriggerRegisterPlayerSyncEvent(ctx, trig, player, prefix, from_server):
    """Run ``trig`` when ``whichPlayer`` sends sync data with ``prefix`` (jassdoc:
    "fromServer should be false"; it is stored). Null for a null player."""
    if player is None:
        return None
    events = ctx.game.events
    return events.register(trig, events.event(SYNC_EVENT), ("sync", player, prefix or ""), player,
                           from_server=bool(from_server))


# ---------------------------------------------------------------------------------------
# Trackables
# ---------------------------------------------------------------------------------------

def _register_trackable(ctx, trig, trackable, hit: bool):
    trackable = alive(trackable)
    if trackable is None:
        return None
    events = ctx.game.events
    name = "EVENT_GAME_TRACKABLE_HIT" if hit else "EVENT_GAME_TRACKABLE_TRACK"
    return events.register(trig, events.event(name),
                           ("trackable_hit" if hit else "trackable_track", trackable), trackable)


@native("TriggerRegisterTrackableHitEvent", "takes trigger whichTrigger, trackable t returns event")
def TriggerRegisterTrackableHitEvent(ctx, trig, trackable):
    """jassdoc: "Registers when a player clicks on the given trackable"."""
    return _register_trackable(ctx, trig, trackable, True)


@native("TriggerRegisterTrackableTrackEvent", "takes trigger whichTrigger, trackable t returns event")
def TriggerRegisterTrackableTrackEvent(ctx, trig, trackable):
    """jassdoc: "Registers when a player hovers over the given trackable"."""
    return _register_trackable(ctx, trig, trackable, False)


# ---------------------------------------------------------------------------------------
# The local client
# ---------------------------------------------------------------------------------------

@native("BlzGetLocalClientWidth", "takes nothing returns integer")
def BlzGetLocalClientWidth(ctx):
    """Window width in pixels: ``CLIENT_WIDTH`` (headless answer, docs/natives.md)."""
    return CLIENT_WIDTH


@native("BlzGetLocalClientHeight", "takes nothing returns integer")
def BlzGetLocalClientHeight(ctx):
    """Window height in pixels: ``CLIENT_HEIGHT`` (headless answer, docs/natives.md)."""
    return CLIENT_HEIGHT


@native("BlzIsLocalClientActive", "takes nothing returns boolean")
def BlzIsLocalClientActive(ctx):
    """True: the headless client always has the focus (docs/natives.md)."""
    return True


@native("BlzGetLocale", "takes nothing returns string")
def BlzGetLocale(ctx):
    """``"enUS"`` (jassdoc: "The English setting is represented as enUS"; docs/natives.md)."""
    return LOCALE
