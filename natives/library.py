"""The natives library table: every module that registers natives, imported in one place.

As Lua's ``linit.c`` lists its standard libraries, ``NATIVE_MODULES`` lists the modules of
this package that register natives (``natives.registry``); importing this module imports
them all, so the registry is complete and every model class exists.
"""
from __future__ import annotations

from typing import Callable

from natives import (ai, aicaptains, aitown, blight, boards, boolexpr, camera, cinematics, core, daynight,
                     destructables, dialogs, display, dzapi, effects, events, fog, frames, gamecache,
                     geometry, groups, handles, hashtables, heroes, input, items, mapsetup, mission,
                     objectfields, objecttext, orders, players, pools, preload, presentation, production,
                     quests, skins, sound, text, texttags, timers, triggers, ui, unitabilities, units,
                     utility)
from natives.registry import NATIVES

NATIVE_MODULES = (handles, players, units, heroes, items, destructables, pools, orders, production,
                  groups, geometry, blight, hashtables, gamecache, core, boolexpr, triggers, timers,
                  events, text, dialogs, quests, presentation, mission, daynight, sound, cinematics,
                  camera, fog, effects, texttags, boards, preload, ai, aicaptains, aitown, ui, mapsetup,
                  objectfields, objecttext, unitabilities, skins, dzapi, frames, input, display, utility)
"""Every module that registers natives. Keep in sync with the package."""


def load_natives() -> dict[str, Callable]:
    """{common.j name: implementation} of every registered native (all modules of
    ``NATIVE_MODULES`` are imported with this module)."""
    return {name: spec.func for name, spec in NATIVES.items()}
