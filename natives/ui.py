"""User-interface natives: selection modes, minimap pings and icons, UI keys, unit
indicators, minimap filters, reserved hero buttons, trackables (presentation only).

Unit selection itself (``SelectUnit``, ``ClearSelection``, ``IsUnitSelected``) belongs to
``natives.units``. State: ``game.ui``.

- ``EnableSelect``/``EnableDragSelect``/``EnablePreSelect`` (state, ui flags) start enabled.
- ``PingMinimap``/``PingMinimapEx``: pings are recorded in ``game.ui.pings`` as dicts with
  the game time, point (world units), duration (game seconds), colour (0..255, None for the
  default ping) and the extra-effects flag.
- ``UnitAddIndicator``/``AddIndicator`` (the flashing circle of transmissions): recorded in
  ``game.ui.indicators`` with the widget and colour.
- ``ForceUIKey``/``ForceUICancel`` (simulated key presses) are recorded in
  ``game.ui.ui_keys``; nothing reacts to them in the model.
- ``SetAltMinimapIcon``, ``SetAllyColorFilterState``, ``SetCreepCampFilterState``,
  ``EnableMinimapFilterButtons``, ``SetReservedLocalHeroButtons``: stored. Their getters
  (``GetAllyColorFilterState``, ``GetCreepCampFilterState``) return what was set and are
  not registered: the start value is the player's own preference.
- ``SyncSelections`` (wait for selections to synchronise between players) has nothing to
  wait for in a single-process game: it only counts its calls.
- ``CreateTrackable``: a ``trackable`` agent with model, position (world units) and facing
  (degrees); its events belong to the event layer.
"""
from __future__ import annotations

from typing import Any

from natives.game import register_subsystem
from natives.handles import Handle, alive
from natives.presentation import load_peers, native_once, new_handle
from natives.registry import native


class Trackable(Handle):
    """A ``trackable`` agent: a clickable model."""

    type_name = "trackable"

    def __init__(self, model: str | None, x: float, y: float, facing: float) -> None:
        super().__init__()
        self.model = model
        self.x = x
        self.y = y
        self.facing = facing


class UIState:
    """User-interface state of one game (``game.ui``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self.select = (True, True)
        self.drag_select = (True, True)
        self.pre_select = (True, True)
        self.pings: list[dict[str, Any]] = []
        self.indicators: list[dict[str, Any]] = []
        self.ui_keys: list[tuple[float, str]] = []
        self.alt_minimap_icon: str | None = None
        self.ally_color_filter: int | None = None
        self.creep_camp_filter: bool | None = None
        self.minimap_filter_buttons: tuple[bool, bool] | None = None
        self.reserved_hero_buttons: int | None = None
        self.sync_selections = 0
        self.trackables: list[Trackable] = []


register_subsystem("ui", "natives.ui", "UIState", lambda game: (game,))


def _ui(ctx) -> UIState:
    return ctx.game.subsystem("ui")


load_peers()


@native("EnableSelect", "takes boolean state, boolean ui returns nothing")
def EnableSelect(ctx, state, ui):
    """Allow/forbid selecting units (``ui``: show the selection circles)."""
    _ui(ctx).select = (state, ui)


@native("EnableDragSelect", "takes boolean state, boolean ui returns nothing")
def EnableDragSelect(ctx, state, ui):
    """Allow/forbid drag selection."""
    _ui(ctx).drag_select = (state, ui)


@native("EnablePreSelect", "takes boolean state, boolean ui returns nothing")
def EnablePreSelect(ctx, state, ui):
    """Allow/forbid pre-selection (mouse-over highlight)."""
    _ui(ctx).pre_select = (state, ui)


@native("PingMinimap", "takes real x, real y, real duration returns nothing")
def PingMinimap(ctx, x, y, duration):
    """Ping the minimap at (x, y) for ``duration`` game seconds (recorded)."""
    _ui(ctx).pings.append({"time": ctx.game.now, "x": x, "y": y, "duration": duration,
                           "color": None, "extra_effects": False})


@native("PingMinimapEx", "takes real x, real y, real duration, integer red, integer green, integer blue, "
        "boolean extraEffects returns nothing")
def PingMinimapEx(ctx, x, y, duration, r, g, b, extra):
    """Coloured minimap ping (0..255), optionally with the flashy ping (recorded)."""
    _ui(ctx).pings.append({"time": ctx.game.now, "x": x, "y": y, "duration": duration,
                           "color": (r, g, b), "extra_effects": extra})


def _indicate(ctx, w, r, g, b, a) -> None:
    w = alive(w)
    if w is None:
        return
    entry = {"time": ctx.game.now, "widget": w, "color": (r, g, b, a)}
    _ui(ctx).indicators.append(entry)
    pres = getattr(w, "presentation", None)
    if isinstance(pres, dict):
        pres["indicator"] = (r, g, b, a)


@native_once("UnitAddIndicator", "takes unit whichUnit, integer red, integer green, integer blue, "
             "integer alpha returns nothing")
def UnitAddIndicator(ctx, u, r, g, b, a):
    """Flash an indicator on a unit (colour 0..255; recorded)."""
    _indicate(ctx, u, r, g, b, a)


@native_once("AddIndicator", "takes widget whichWidget, integer red, integer green, integer blue, "
             "integer alpha returns nothing")
def AddIndicator(ctx, w, r, g, b, a):
    """Flash an indicator on a widget (colour 0..255; recorded)."""
    _indicate(ctx, w, r, g, b, a)


@native("ForceUIKey", "takes string key returns nothing")
def ForceUIKey(ctx, key):
    """Simulate a UI key press for the local player (recorded)."""
    _ui(ctx).ui_keys.append((ctx.game.now, key or ""))


@native("ForceUICancel", "takes nothing returns nothing")
def ForceUICancel(ctx):
    """Simulate the cancel key (recorded as ``"<cancel>"``)."""
    _ui(ctx).ui_keys.append((ctx.game.now, "<cancel>"))


@native("SetAltMinimapIcon", "takes string iconPath returns nothing")
def SetAltMinimapIcon(ctx, path):
    """Icon used by ``UnitSetUsesAltIcon`` units on the minimap."""
    _ui(ctx).alt_minimap_icon = path


@native("SetAllyColorFilterState", "takes integer state returns nothing")
def SetAllyColorFilterState(ctx, state):
    """Minimap/world ally colour mode (0, 1, 2)."""
    _ui(ctx).ally_color_filter = state


@native("SetCreepCampFilterState", "takes boolean state returns nothing")
def SetCreepCampFilterState(ctx, state):
    """Show creep camps on the minimap."""
    _ui(ctx).creep_camp_filter = state


@native("EnableMinimapFilterButtons", "takes boolean enableAlly, boolean enableCreep returns nothing")
def EnableMinimapFilterButtons(ctx, ally, creep):
    """Enable the ally colour and creep camp minimap buttons."""
    _ui(ctx).minimap_filter_buttons = (ally, creep)


@native("SetReservedLocalHeroButtons", "takes integer reserved returns nothing")
def SetReservedLocalHeroButtons(ctx, reserved):
    """Number of hero buttons reserved on the left of the screen."""
    _ui(ctx).reserved_hero_buttons = reserved


@native("SyncSelections", "takes nothing returns nothing")
def SyncSelections(ctx):
    """Synchronise selections between players (nothing to wait for here; counted)."""
    _ui(ctx).sync_selections += 1


@native("CreateTrackable", "takes string trackableModelPath, real x, real y, real facing returns trackable")
def CreateTrackable(ctx, path, x, y, facing):
    """A trackable (clickable model) at (x, y), facing in degrees."""
    t = new_handle(ctx.game, Trackable(path, x, y, facing))
    _ui(ctx).trackables.append(t)
    return t
