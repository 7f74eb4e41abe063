"""Shared helpers of the presentation natives (what the player sees and hears).

The presentation-only part of the API is split by concept, one module each:

==========================  ==============================================================
``natives.sound``           sounds, music, volume groups, ``TriggerWaitForSound``
``natives.cinematics``      transmissions (``SetCinematicScene``), cinematic filters,
                            interface/user control/occlusion, intro shots, movies
``natives.camera``          game camera, camera setups, bounds, margins, noise
``natives.fog``             fog of war, fog modifiers, terrain/unit fog
``natives.effects``         special effects, weather, lightning, images, ubersplats,
                            terrain deformations, sky/day-night models, water, doodads
``natives.texttags``        floating text tags (own id space 99..0, S071)
``natives.boards``          leaderboards, multiboards, timer dialogs
``natives.preload``         preload lists and ``PreloadGen*`` files (sandboxed)
``natives.ai``              AI script starts and commands (scripts are not run)
``natives.ui``              selection modes, minimap pings/icons, UI keys, indicators,
                            filters, game speed, map flags
``natives.daynight``        time of day: ``GAME_STATE_TIME_OF_DAY``, scale, suspension
==========================  ==============================================================

Each module keeps its state in a subsystem of the ``Game`` (``game.sound``, ``game.camera``,
...), a field of the declared ``natives.game.Game``, so scripts and tests can read back
what was set. Nothing here renders or plays anything.

Conventions: colours are 0..255 integers as the API passes them (stored unclamped, as
given); reals keep the units of the API (world units, game seconds, milliseconds for the
sound and music natives that take them); handles of these kinds are allocated through
``game.handles`` unless S071 gives them their own id space (text tags, images).
"""
from __future__ import annotations

from typing import Any

from natives.handles import Handle, alive


def new_handle(game, h: Handle) -> Handle:
    """Allocate ``h`` an agent id in ``game.handles`` and return it."""
    return game.handles.allocate(h)


def destroy_handle(game, h: Handle | None) -> bool:
    """Destroy ``h`` (its id is recycled once unreferenced); False for null/destroyed."""
    if alive(h) is None:
        return False
    return game.handles.destroy(h)


def rgba(red: int, green: int, blue: int, alpha: int) -> tuple[int, int, int, int]:
    """A colour as the API passes it: four integers (0..255 in normal use), kept as given."""
    return (red, green, blue, alpha)


def state_of(ctx, name: str) -> Any:
    """The game store ``name`` (``ctx.game.<name>``)."""
    return getattr(ctx.game, name)


def widget_xy(w) -> tuple[float, float] | None:
    """Position of a live widget (unit, item, destructable), world units; None for null."""
    w = alive(w)
    if w is None:
        return None
    pos = getattr(w, "position", None)
    if callable(pos):
        return pos()
    return (w.x, w.y)
