"""NetEase/KK "DzAPI" platform natives, as an honest OFFLINE model of the platform.

Maps made for the KK platform (e.g. ``custom-mysterious-land``) declare these natives in
their own script; the platform's game client provides them. A headless run is a
single-player game with no platform account and no server, so this module models exactly
that situation and nothing more:

Server values (``DzAPI_Map_SaveServerValue`` / ``DzAPI_Map_GetServerValue``)
    A per-player key/value store of strings kept on the game (``game.dzapi.values``:
    player id -> {key: value}). A key never saved reads ``""`` (the map's wrappers feed the
    result to ``S2I``/``S2R`` or compare it with ``"1"``, so ``""`` reads as 0 / 0.0 / false).
    Saving a null value deletes the key (the map's ``DzAPI_Map_FlushStoredMission`` passes
    null). A null player or null key saves nothing and returns false. With a sandbox folder
    (``game.sandbox_dir``) the whole store is written to the one fixed file
    ``<sandbox>/dzapi-server-values.json`` after every change and read back when a game
    starts on that sandbox (so missions sharing a sandbox see earlier saves, like an
    account would); keys are only JSON keys, never file names, so no key can make a file
    outside the sandbox. The file is read and written through ``natives.sandbox.Sandbox``: a
    link or special file planted at its name is never read (warning) and is replaced, not
    written through, on the next save. Without a sandbox the store lives in memory only.
``DzAPI_Map_GetServerValueErrorCode``
    0 (no error): the local store always answers.
``DzAPI_Map_IsRedVIP``
    false: offline there is no platform account, hence no VIP status. This is the offline
    truth, not a guess about some player's real status.
``DzAPI_Map_Ladder_SetStat`` / ``DzAPI_Map_Ladder_SetPlayerStat``
    Recorded in ``game.dzapi.ladder_stats`` as ``(game time, native name, player id, key,
    value)``; offline there is no ladder to submit to.

Input events (``DzTriggerRegister{Key,Mouse,MouseWheel,MouseMove,WindowResize}Event``)
    Each creates a real event registration (``natives.events.Registration``) on the
    trigger, with ``sync`` and ``func`` in its params. They are raised by the model events
    of ``natives.modelevents`` below, which the scenario ``dz_input`` step publishes (the
    headless runtime has no keyboard, mouse or window):

    ======================  ======================================================
    ``DzKey``               player, key (integer key code), status (1 pressed, 0 released,
                            the DzAPI convention); matches registrations of that key and
                            status. ``DzGetTriggerKey`` answers ``key`` (response field
                            ``dz_key``).
    ``DzMouse``             player, button, status; matches registrations of that button
                            and status (response field ``dz_button``).
    ``DzMouseWheel``        player, delta (response field ``dz_wheel_delta``).
    ``DzMouseMove``         player.
    ``DzWindowResize``      player (default: the local player).
    ======================  ======================================================

    ``player`` is a player handle or id (default: the local player) and answers
    ``GetTriggerPlayer``. ``GetTriggerEventId`` answers null: these events have no common.j
    eventid. ``sync`` false means the platform raises the event only on the client whose
    input it is, so in this one-client model such a registration answers only events of the
    local player; ``sync`` true answers every player's. When ``func`` is a non-null,
    non-empty string, the platform calls that function by name (like ``ExecuteFunc``: a new
    "executefunc" thread with the event response, the owning trigger as
    ``GetTriggeringTrigger``) instead of evaluating and running the trigger; the call does
    not depend on the trigger's conditions or enabled state, but ``DestroyTrigger`` retires
    the registration. Unknown or parameterised function names are skipped with a warning.
    Trigger runs are queued (0-delay) like other model events.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jassvm.bytecode import CompiledFunction
from natives.events import EventRegistry, Registration
from natives.jsondata import load_json
from natives.modelevents import DzKey, DzMouse, DzMouseMove, DzMouseWheel, DzWindowResize, listens
from natives.registry import native
from natives.response import Response
from natives.sandbox import Sandbox
from natives.triggers import inherit


SERVER_VALUES_FILE = "dzapi-server-values.json"
MAX_FILE_BYTES = 16 << 20
"""Largest server-value file read back from the sandbox."""
EXPORT_FORMAT = "jassvm-dzapi-server-values"
EXPORT_VERSION = 1

# Event type names (used in the event report) per model event.
KEY_EVENT = "DzTriggerRegisterKeyEvent"
MOUSE_EVENT = "DzTriggerRegisterMouseEvent"
WHEEL_EVENT = "DzTriggerRegisterMouseWheelEvent"
MOVE_EVENT = "DzTriggerRegisterMouseMoveEvent"
RESIZE_EVENT = "DzTriggerRegisterWindowResizeEvent"


class DzEventId:
    """Internal registration marker (the registry needs a non-null event id); never shown
    to the script: ``GetTriggerEventId`` answers null for DzAPI events."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.type_name = "dzevent"
        self.value = 0


class DzApiState:
    """``game.dzapi``: the offline server-value store and the recorded ladder stats."""

    def __init__(self, game) -> None:
        self.game = game
        self.sandbox = Path(game.sandbox_dir) if game.sandbox_dir else None
        self.box = Sandbox(self.sandbox) if self.sandbox is not None else None
        self.values: dict[int, dict[str, str]] = {}
        self.ladder_stats: list[tuple[float, str, int, str, str]] = []
        self._ids = {name: DzEventId(name) for name in
                     (KEY_EVENT, MOUSE_EVENT, WHEEL_EVENT, MOVE_EVENT, RESIZE_EVENT)}
        if self.box is not None:
            self._read()
        game.subscribers.append(self.on_publish)

    # -- server values -------------------------------------------------------------------
    def get(self, pid: int, key: str) -> str:
        return self.values.get(pid, {}).get(key, "")

    def save(self, pid: int, key: str, value: str | None) -> bool:
        store = self.values.setdefault(pid, {})
        if value is None:
            store.pop(key, None)
        else:
            store[key] = value
        if self.sandbox is not None:
            try:
                self._write()
            except (OSError, UnicodeEncodeError) as exc:
                self.game.warnings.append(f"DzAPI server values not written: {exc}")
                return False
        return True

    def path(self) -> Path:
        """The one file of the store inside the sandbox."""
        if self.sandbox is None:
            raise ValueError("no sandbox folder")
        return self.sandbox / SERVER_VALUES_FILE

    def _write(self) -> None:
        """Write the whole store to the sandbox file (SandboxError, an OSError, on failure)."""
        data = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION,
                "players": {str(pid): dict(kv) for pid, kv in sorted(self.values.items()) if kv}}
        # Undecodable bytes are kept as surrogate escapes by the VM: ensure_ascii escapes them.
        text = json.dumps(data, ensure_ascii=True, sort_keys=True, indent=1)
        self.box.write([SERVER_VALUES_FILE], text.encode("ascii"))

    def _read(self) -> None:
        """Load the sandbox file into ``values``; a missing file leaves them empty, a bad or
        refused one too (with a warning)."""
        try:
            raw = self.box.read([SERVER_VALUES_FILE], MAX_FILE_BYTES)
            if raw is None:
                return
            data = load_json(raw.decode("ascii"))   # nesting checked (jsondata)
            players = data["players"] if data.get("format") == EXPORT_FORMAT else None
            if not isinstance(players, dict):
                raise ValueError("not a DzAPI server value file")
            values = {int(pid): {str(k): str(v) for k, v in kv.items()}
                      for pid, kv in players.items() if isinstance(kv, dict)}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.game.warnings.append(f"DzAPI server values not read: {exc}")
            return
        self.values = values

    # -- events --------------------------------------------------------------------------
    def register(self, trig, name: str, index: tuple, sync: bool, func: str | None,
                 **params: Any) -> Registration | None:
        return self.game.events.register(trig, self._ids[name], ("dz",) + index, name=name,
                                         sync=bool(sync), func=func, **params)

    @listens(DzKey, DzMouse, DzMouseWheel, DzMouseMove, DzWindowResize)   # MODEL_EVENTS' keys
    def on_publish(self, event) -> None:
        """The ``game.subscribers`` entry: DzAPI input events (``MODEL_EVENTS``)."""
        handler = MODEL_EVENTS.get(type(event))
        if handler is not None:
            handler(self, event)

    def _player(self, player):
        if player is None:
            return self.game.local_player
        if isinstance(player, int):
            return self.game.players.slots[player]
        return player

    def fire(self, name: str, key: tuple, player, response: Response) -> None:
        events: EventRegistry = self.game.events
        player = self._player(player)
        local = player is self.game.local_player
        regs = [r for r in events.find("dz", *key) if r.params["sync"] or local]
        resp = response.copy(trigger_player=player)
        plain = [r for r in regs if not r.params["func"]]
        by_name = [r for r in regs if r.params["func"]]
        events.dispatch(name, plain, resp, extra=lambda r: {"event_id": None})
        for reg in by_name:
            if reg.retired or reg.trigger.destroyed:
                continue
            events.stat(name)["matched"] += 1
            for ob in events.observers:
                ob.observed(reg, True)
            if self._call(reg, resp):
                events.stat(name)["dispatched"] += 1

    def _call(self, reg: Registration, resp: Response) -> bool:
        vm = self.game.vm
        if vm is None:
            return False
        name = reg.params["func"]
        fn = vm.function(name)
        if not isinstance(fn, CompiledFunction) or fn.nparams != 0:
            self.game.warnings.append(
                f"{reg.name} function {name!r} not called: not a parameterless JASS function")
            return False
        vm.start_thread([fn], "executefunc", inherit(resp, trigger=reg.trigger, event_id=None))
        return True


def _key(state: DzApiState, e: DzKey) -> None:
    state.fire(KEY_EVENT, ("key", int(e.key), int(e.status)), e.player,
               Response(dz_key=int(e.key)))


def _mouse(state: DzApiState, e: DzMouse) -> None:
    state.fire(MOUSE_EVENT, ("mouse", int(e.button), int(e.status)), e.player,
               Response(dz_button=int(e.button)))


def _wheel(state: DzApiState, e: DzMouseWheel) -> None:
    state.fire(WHEEL_EVENT, ("wheel",), e.player, Response(dz_wheel_delta=int(e.delta)))


def _move(state: DzApiState, e: DzMouseMove) -> None:
    state.fire(MOVE_EVENT, ("move",), e.player, Response())


def _resize(state: DzApiState, e: DzWindowResize) -> None:
    state.fire(RESIZE_EVENT, ("resize",), e.player, Response())


MODEL_EVENTS: dict[type, Any] = {
    DzKey: _key,
    DzMouse: _mouse,
    DzMouseWheel: _wheel,
    DzMouseMove: _move,
    DzWindowResize: _resize,
}
"""DzAPI input model event class -> its handler (``DzApiState.on_publish``)."""


def dz_native(name: str, signature: str):
    """``@native`` for a DzAPI native: maps declare these themselves (``map_declared``)."""
    return native(name, signature, map_declared=True)


def _state(ctx) -> DzApiState:
    return ctx.game.dzapi


def _func(func: str | None) -> str | None:
    return func or None  # null and "" both mean: run the trigger


# ---------------------------------------------------------------------------------------
# Server values, VIP, ladder
# ---------------------------------------------------------------------------------------

@dz_native("DzAPI_Map_SaveServerValue",
           "takes player whichPlayer, string key, string value returns boolean")
def DzAPI_Map_SaveServerValue(ctx, player, key, value):
    """Store ``value`` under ``key`` for ``player`` (null value: delete the key); written to
    the sandbox file when there is a sandbox. False for a null player or null key."""
    if player is None or key is None:
        return False
    return _state(ctx).save(player.id, key, value)


@dz_native("DzAPI_Map_GetServerValue", "takes player whichPlayer, string key returns string")
def DzAPI_Map_GetServerValue(ctx, player, key):
    """The stored string, or ``""`` when the key was never saved (or for a null player/key)."""
    if player is None or key is None:
        return ""
    return _state(ctx).get(player.id, key)


@dz_native("DzAPI_Map_GetServerValueErrorCode", "takes player whichPlayer returns integer")
def DzAPI_Map_GetServerValueErrorCode(ctx, player):
    """0 (no error): the offline store always answers."""
    return 0


@dz_native("DzAPI_Map_IsRedVIP", "takes player whichPlayer returns boolean")
def DzAPI_Map_IsRedVIP(ctx, player):
    """False: offline, with no platform account, no player has VIP status."""
    return False


def _ladder(ctx, name: str, player, key, value) -> None:
    pid = player.id if player is not None else -1
    _state(ctx).ladder_stats.append((ctx.now, name, pid, key, value))


@dz_native("DzAPI_Map_Ladder_SetStat",
           "takes player whichPlayer, string key, string value returns nothing")
def DzAPI_Map_Ladder_SetStat(ctx, player, key, value):
    """Record the stat in ``game.dzapi.ladder_stats`` (no ladder offline)."""
    _ladder(ctx, "DzAPI_Map_Ladder_SetStat", player, key, value)


@dz_native("DzAPI_Map_Ladder_SetPlayerStat",
           "takes player whichPlayer, string key, string value returns nothing")
def DzAPI_Map_Ladder_SetPlayerStat(ctx, player, key, value):
    """Record the stat in ``game.dzapi.ladder_stats`` (no ladder offline)."""
    _ladder(ctx, "DzAPI_Map_Ladder_SetPlayerStat", player, key, value)


# ---------------------------------------------------------------------------------------
# Input events
# ---------------------------------------------------------------------------------------

@dz_native("DzTriggerRegisterKeyEvent",
           "takes trigger trig, integer key, integer status, boolean sync, string func"
           " returns nothing")
def DzTriggerRegisterKeyEvent(ctx, trig, key, status, sync, func):
    """Key ``key`` pressed (status 1) / released (status 0): model event ``DzKey``."""
    _state(ctx).register(trig, KEY_EVENT, ("key", key, status), sync, _func(func),
                         key_code=key, status=status)


@dz_native("DzTriggerRegisterMouseEvent",
           "takes trigger trig, integer btn, integer status, boolean sync, string func"
           " returns nothing")
def DzTriggerRegisterMouseEvent(ctx, trig, btn, status, sync, func):
    """Mouse button ``btn`` pressed / released: model event ``DzMouse``."""
    _state(ctx).register(trig, MOUSE_EVENT, ("mouse", btn, status), sync, _func(func),
                         button=btn, status=status)


@dz_native("DzTriggerRegisterMouseWheelEvent",
           "takes trigger trig, boolean sync, string func returns nothing")
def DzTriggerRegisterMouseWheelEvent(ctx, trig, sync, func):
    """Mouse wheel turned: model event ``DzMouseWheel``."""
    _state(ctx).register(trig, WHEEL_EVENT, ("wheel",), sync, _func(func))


@dz_native("DzTriggerRegisterMouseMoveEvent",
           "takes trigger trig, boolean sync, string func returns nothing")
def DzTriggerRegisterMouseMoveEvent(ctx, trig, sync, func):
    """Mouse moved: model event ``DzMouseMove``."""
    _state(ctx).register(trig, MOVE_EVENT, ("move",), sync, _func(func))


@dz_native("DzTriggerRegisterWindowResizeEvent",
           "takes trigger trig, boolean sync, string func returns nothing")
def DzTriggerRegisterWindowResizeEvent(ctx, trig, sync, func):
    """Game window resized: model event ``DzWindowResize``."""
    _state(ctx).register(trig, RESIZE_EVENT, ("resize",), sync, _func(func))
