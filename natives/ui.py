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
  ``EnableMinimapFilterButtons``, ``SetReservedLocalHeroButtons``: stored. The getters
  ``GetAllyColorFilterState`` / ``GetCreepCampFilterState`` (``natives.display``) return
  what was set, else the start values docs/natives.md lists.
- ``SyncSelections`` (wait for selections to synchronise between players) has nothing to
  wait for in a single-process game: it only counts its calls.
- ``CreateTrackable``: a ``trackable`` agent with model, position (world units) and facing
  (degrees); its events belong to the event layer.
- Minimap icons (1.32+): ``CreateMinimapIcon``/``AtLoc``/``OnUnit`` make a ``minimapicon``
  (``game.ui.minimap_icons`` lists the live ones) with its point or unit, colour (0..255 as
  given), model path and ``fogstate`` value; an icon on a unit follows it (``position``).
  ``SetMinimapIconVisible`` shows/hides one (shown at creation), ``DestroyMinimapIcon``
  destroys it. ``SetMinimapIconOrphanDestroy(icon, true)`` makes an icon on a unit go with
  the unit: it is destroyed when the unit is removed from the game (project reading of
  "orphan": the unit it marks no longer exists; whether a dead unit already orphans it was
  not checked). Icons are presentation: nothing reads them back through the API.
- ``SkinManagerGetLocalPath(key)``: the path the game's skin data (``war3skins.txt``, not
  shipped) gives for ``key``, from ``game.ui.skin_paths`` which the map layer or a scenario
  may fill; a key without an entry comes back unchanged, with a warning once per key, so an
  icon made from it (Blizzard.j's ``CampaignMinimapIcon*BJ``) records which stock marker
  was meant (``"MinimapQuestTurnIn"``).
- Command button effects (1.32+, the highlight on a command card button):
  ``CreateCommandButtonEffect(ability, order)``, ``CreateUpgradeCommandButtonEffect(tech)``,
  ``CreateLearnCommandButtonEffect(ability)`` make a ``commandbuttoneffect`` listed in
  ``game.ui.command_button_effects`` until ``DestroyCommandButtonEffect``.
"""
from __future__ import annotations

from typing import Any

from natives.handles import Handle, alive, enum_value, own
from natives.modelevents import UnitRemoved, listens
from natives.presentation import destroy_handle, new_handle
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


class MinimapIcon(Handle):
    """A ``minimapicon``: a persistent minimap marker at a point or on a unit."""

    type_name = "minimapicon"

    def __init__(self, unit, x: float, y: float, color: tuple[int, int, int],
                 path: str | None, fog_state: int) -> None:
        super().__init__()
        self.unit = unit
        self.x = x
        self.y = y
        self.color = color
        self.path = path
        self.fog_state = fog_state
        self.visible = True
        self.orphan_destroy = False

    @property
    def position(self) -> tuple[float, float]:
        """Where the icon is drawn, world units (its unit's position; the last one once the
        unit is removed)."""
        if self.unit is not None:
            return self.unit.x, self.unit.y
        return self.x, self.y


class CommandButtonEffect(Handle):
    """A ``commandbuttoneffect``: a highlighted command button. ``kind`` is "ability"
    (``code`` = ability rawcode, 0 for the common commands, with ``order``), "upgrade"
    (``code`` = tech rawcode) or "learn" (``code`` = ability rawcode)."""

    type_name = "commandbuttoneffect"

    def __init__(self, kind: str, code: int, order: str | None = None) -> None:
        super().__init__()
        self.kind = kind
        self.code = code
        self.order = order


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
        self.minimap_icons: list[MinimapIcon] = []
        self.command_button_effects: list[CommandButtonEffect] = []
        self.skin_paths: dict[str, str] = {}
        self._unknown_skin_keys: set[str] = set()
        if game is not None:
            game.subscribers.append(self._on_publish)

    @listens(UnitRemoved)
    def _on_publish(self, event) -> None:
        if type(event) is UnitRemoved:
            unit = event.unit
            for icon in [i for i in self.minimap_icons if i.unit is unit and i.orphan_destroy]:
                self.destroy_icon(icon)

    def add_icon(self, icon: MinimapIcon) -> MinimapIcon:
        new_handle(self.game, icon)
        self.minimap_icons.append(icon)
        return icon

    def destroy_icon(self, icon: MinimapIcon) -> None:
        if icon in self.minimap_icons:
            self.minimap_icons.remove(icon)
        destroy_handle(self.game, icon)




def _ui(ctx) -> UIState:
    return ctx.game.ui




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
    if hasattr(w, "presentation"):
        own(w, "presentation")["indicator"] = (r, g, b, a)


@native("UnitAddIndicator", "takes unit whichUnit, integer red, integer green, integer blue, "
             "integer alpha returns nothing")
def UnitAddIndicator(ctx, u, r, g, b, a):
    """Flash an indicator on a unit (colour 0..255; recorded)."""
    _indicate(ctx, u, r, g, b, a)


@native("AddIndicator", "takes widget whichWidget, integer red, integer green, integer blue, "
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


# ---------------------------------------------------------------------------------------
# Minimap icons and skin paths (1.32+)
# ---------------------------------------------------------------------------------------

def _icon(ctx, unit, x, y, r, g, b, path, fog) -> MinimapIcon:
    return _ui(ctx).add_icon(MinimapIcon(unit, x, y, (r, g, b), path, enum_value(fog)))


@native("CreateMinimapIconOnUnit", "takes unit whichUnit, integer red, integer green, integer blue, "
        "string pingPath, fogstate fogVisibility returns minimapicon")
def CreateMinimapIconOnUnit(ctx, u, r, g, b, path, fog):
    """An icon following ``whichUnit`` (null for a null unit)."""
    u = alive(u)
    if u is None:
        return None
    return _icon(ctx, u, u.x, u.y, r, g, b, path, fog)


@native("CreateMinimapIconAtLoc", "takes location where, integer red, integer green, integer blue, "
        "string pingPath, fogstate fogVisibility returns minimapicon")
def CreateMinimapIconAtLoc(ctx, loc, r, g, b, path, fog):
    """An icon at a location's point (null for a null location)."""
    loc = alive(loc)
    if loc is None:
        return None
    return _icon(ctx, None, loc.x, loc.y, r, g, b, path, fog)


@native("CreateMinimapIcon", "takes real x, real y, integer red, integer green, integer blue, "
        "string pingPath, fogstate fogVisibility returns minimapicon")
def CreateMinimapIcon(ctx, x, y, r, g, b, path, fog):
    """An icon at (x, y), world units."""
    return _icon(ctx, None, x, y, r, g, b, path, fog)


@native("DestroyMinimapIcon", "takes minimapicon pingId returns nothing")
def DestroyMinimapIcon(ctx, icon):
    """Remove the icon from the minimap and destroy the handle."""
    icon = alive(icon)
    if icon is not None:
        _ui(ctx).destroy_icon(icon)


@native("SetMinimapIconVisible", "takes minimapicon whichMinimapIcon, boolean visible returns nothing")
def SetMinimapIconVisible(ctx, icon, visible):
    """Show or hide the icon."""
    icon = alive(icon)
    if icon is not None:
        icon.visible = bool(visible)


@native("SetMinimapIconOrphanDestroy", "takes minimapicon whichMinimapIcon, boolean doDestroy returns nothing")
def SetMinimapIconOrphanDestroy(ctx, icon, flag):
    """Destroy an icon on a unit when that unit is removed (see the module doc)."""
    icon = alive(icon)
    if icon is not None:
        icon.orphan_destroy = bool(flag)


@native("SkinManagerGetLocalPath", "takes string key returns string")
def SkinManagerGetLocalPath(ctx, key):
    """The skin data's path for ``key`` (``game.ui.skin_paths``), else ``key`` itself with a
    warning once per key (see the module doc)."""
    ui = _ui(ctx)
    path = ui.skin_paths.get(key or "")
    if path is not None:
        return path
    if key not in ui._unknown_skin_keys:
        ui._unknown_skin_keys.add(key)
        ctx.warn(f"SkinManagerGetLocalPath: no skin data for {key!r}; returning the key")
    return key


# ---------------------------------------------------------------------------------------
# Command button effects (1.32+)
# ---------------------------------------------------------------------------------------

def _button_effect(ctx, effect: CommandButtonEffect) -> CommandButtonEffect:
    new_handle(ctx.game, effect)
    _ui(ctx).command_button_effects.append(effect)
    return effect


@native("CreateCommandButtonEffect", "takes integer abilityId, string order returns commandbuttoneffect")
def CreateCommandButtonEffect(ctx, ability, order):
    """Highlight the command button of ``abilityId`` with ``order`` (0: a common command;
    Blizzard.j's train buttons are 'Aque' with the unit's id string)."""
    return _button_effect(ctx, CommandButtonEffect("ability", ability, order))


@native("CreateUpgradeCommandButtonEffect", "takes integer whichUprgade returns commandbuttoneffect")
def CreateUpgradeCommandButtonEffect(ctx, tech):
    """Highlight the research button of ``whichUprgade`` (sic, common.j)."""
    return _button_effect(ctx, CommandButtonEffect("upgrade", tech))


@native("CreateLearnCommandButtonEffect", "takes integer abilityId returns commandbuttoneffect")
def CreateLearnCommandButtonEffect(ctx, ability):
    """Highlight the hero skill button that learns ``abilityId``."""
    return _button_effect(ctx, CommandButtonEffect("learn", ability))


@native("DestroyCommandButtonEffect", "takes commandbuttoneffect whichEffect returns nothing")
def DestroyCommandButtonEffect(ctx, effect):
    """Remove the highlight and destroy the handle."""
    effect = alive(effect)
    if effect is None:
        return
    effects = _ui(ctx).command_button_effects
    if effect in effects:
        effects.remove(effect)
    destroy_handle(ctx.game, effect)
