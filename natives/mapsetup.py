"""Map setup and game settings: map name/description, game types, placement, densities,
map flags, game speed, game version.

These are mostly ``config()`` natives (World Editor's generated ``config`` calls
``SetMapName``, ``SetMapDescription``, ``SetGamePlacement``...) plus the lobby settings a
script can read or change. State: ``game.mapsetup``.

Defaults (a single-player game started without lobby options)
    - map flags: none set (``IsMapFlagSet`` false) until ``SetMapFlag``; a save/load layer
      sets ``MAP_RELOADED`` with ``game.mapsetup.set_flag(MAP_RELOADED, True)``;
    - game speed ``MAP_SPEED_NORMAL`` (jassdoc ``gamespeed``: the menu's default "High" is
      ``MAP_SPEED_NORMAL``; setting ``FAST`` or ``FASTEST`` sets ``NORMAL`` instead). Game
      speed does not change the model's clock (game time is game time);
    - game version ``VERSION_FROZEN_THRONE`` (the runtime models the 1.30.4 game with the
      expansion); the map layer may set ``game.mapsetup.version`` (0 = Reign of Chaos).

The lobby (project model): a run is a single-player game started with the map's own
settings, so ``GetGameTypeSelected`` is ``GAME_TYPE_USE_MAP_SETTINGS`` (Blizzard.j's
``InitGenericPlayerSlots`` then leaves the player slots to the map's ``config``), and
``GetGamePlacement`` / ``GetResourceDensity`` / ``GetCreatureDensity`` answer what the map's
``config`` set with ``SetGamePlacement`` / ``SetResourceDensity`` / ``SetCreatureDensity``, else
``MAP_PLACEMENT_USE_MAP_SETTINGS`` and ``MAP_DENSITY_MEDIUM`` (project defaults, not measured).
A scenario or map layer may set ``game.mapsetup.selected_game_type`` and the other fields
before ``config`` runs.
"""
from __future__ import annotations

from natives.handles import enum_handle, enum_value
from natives.registry import native

MAP_SPEED_SLOWEST, MAP_SPEED_SLOW, MAP_SPEED_NORMAL, MAP_SPEED_FAST, MAP_SPEED_FASTEST = range(5)
MAP_RELOADED = 8192 * 64
VERSION_REIGN_OF_CHAOS, VERSION_FROZEN_THRONE = 0, 1
GAME_TYPE_USE_MAP_SETTINGS = 4
MAP_PLACEMENT_USE_MAP_SETTINGS = 2
MAP_DENSITY_MEDIUM = 2


class MapSetup:
    """Map and game settings of one game (``game.mapsetup``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self.name: str | None = None
        self.description: str | None = None
        self.game_types: dict[int, bool] = {}
        self.placement: int | None = None
        self.resource_density: int | None = None
        self.creature_density: int | None = None
        self.flags = 0
        self.speed = MAP_SPEED_NORMAL
        self.version = VERSION_FROZEN_THRONE
        self.selected_game_type = GAME_TYPE_USE_MAP_SETTINGS

    def set_flag(self, flag: int, value: bool) -> None:
        if value:
            self.flags |= flag
        else:
            self.flags &= ~flag

    def flag(self, flag: int) -> bool:
        return flag != 0 and (self.flags & flag) == flag




def _ms(ctx) -> MapSetup:
    return ctx.game.mapsetup




@native("SetMapName", "takes string name returns nothing")
def SetMapName(ctx, name):
    """Map name (often a ``TRIGSTR_`` reference)."""
    _ms(ctx).name = name


@native("SetMapDescription", "takes string description returns nothing")
def SetMapDescription(ctx, description):
    """Map description."""
    _ms(ctx).description = description


@native("SetGameTypeSupported", "takes gametype whichGameType, boolean value returns nothing")
def SetGameTypeSupported(ctx, game_type, value):
    """Declare whether the map supports a game type."""
    if game_type is not None:
        _ms(ctx).game_types[enum_value(game_type)] = value


@native("IsGameTypeSupported", "takes gametype whichGameType returns boolean")
def IsGameTypeSupported(ctx, game_type):
    """Whether ``SetGameTypeSupported`` declared the game type (false otherwise)."""
    if game_type is None:
        return False
    return _ms(ctx).game_types.get(enum_value(game_type), False)


@native("SetGamePlacement", "takes placement whichPlacementType returns nothing")
def SetGamePlacement(ctx, placement):
    """Start location placement rule (``placement`` value)."""
    _ms(ctx).placement = None if placement is None else enum_value(placement)


@native("SetResourceDensity", "takes mapdensity whichdensity returns nothing")
def SetResourceDensity(ctx, density):
    """Resource density (``mapdensity`` value)."""
    _ms(ctx).resource_density = None if density is None else enum_value(density)


@native("SetCreatureDensity", "takes mapdensity whichdensity returns nothing")
def SetCreatureDensity(ctx, density):
    """Creature density (``mapdensity`` value)."""
    _ms(ctx).creature_density = None if density is None else enum_value(density)


@native("SetMapFlag", "takes mapflag whichMapFlag, boolean value returns nothing")
def SetMapFlag(ctx, flag, value):
    """Set or clear a map flag (``mapflag`` bit value)."""
    if flag is not None:
        _ms(ctx).set_flag(enum_value(flag), value)


@native("IsMapFlagSet", "takes mapflag whichMapFlag returns boolean")
def IsMapFlagSet(ctx, flag):
    """Is the map flag set (none are at game start, see module docstring)."""
    return flag is not None and _ms(ctx).flag(enum_value(flag))


@native("SetGameSpeed", "takes gamespeed whichspeed returns nothing")
def SetGameSpeed(ctx, speed):
    """Game speed; ``FAST``/``FASTEST`` become ``NORMAL`` (jassdoc). The clock is unaffected."""
    if speed is None:
        return
    value = enum_value(speed)
    if value > MAP_SPEED_NORMAL:
        value = MAP_SPEED_NORMAL
    if value >= 0:
        _ms(ctx).speed = value


@native("GetGameSpeed", "takes nothing returns gamespeed", constant=True)
def GetGameSpeed(ctx):
    """Current game speed (``MAP_SPEED_NORMAL`` at game start)."""
    return enum_handle("gamespeed", _ms(ctx).speed)


@native("VersionGet", "takes nothing returns version")
def VersionGet(ctx):
    """Game version: ``VERSION_FROZEN_THRONE`` unless the map layer set Reign of Chaos."""
    return enum_handle("version", _ms(ctx).version)


@native("GetGameTypeSelected", "takes nothing returns gametype")
def GetGameTypeSelected(ctx):
    """The lobby's game type: ``GAME_TYPE_USE_MAP_SETTINGS`` (see module docstring)."""
    return enum_handle("gametype", _ms(ctx).selected_game_type)


@native("GetGamePlacement", "takes nothing returns placement", constant=True)
def GetGamePlacement(ctx):
    """The start placement ``config`` set, else ``MAP_PLACEMENT_USE_MAP_SETTINGS``."""
    value = _ms(ctx).placement
    return enum_handle("placement", MAP_PLACEMENT_USE_MAP_SETTINGS if value is None else value)


@native("GetResourceDensity", "takes nothing returns mapdensity", constant=True)
def GetResourceDensity(ctx):
    """The resource density ``config`` set, else ``MAP_DENSITY_MEDIUM``."""
    value = _ms(ctx).resource_density
    return enum_handle("mapdensity", MAP_DENSITY_MEDIUM if value is None else value)


@native("GetCreatureDensity", "takes nothing returns mapdensity", constant=True)
def GetCreatureDensity(ctx):
    """The creature density ``config`` set, else ``MAP_DENSITY_MEDIUM``."""
    value = _ms(ctx).creature_density
    return enum_handle("mapdensity", MAP_DENSITY_MEDIUM if value is None else value)
