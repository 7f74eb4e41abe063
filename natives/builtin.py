"""The built-in API: what a script sees when no common.j is loaded.

It is written by the project: the handle type hierarchy below, the natives of the registry
with their signatures, and the constants modules declare with ``constant(...)``. It is
enough for the bundled demo campaign; real maps should load a real common.j/Blizzard.j
(``--api DIR``).
"""
from __future__ import annotations

from natives.library import import_all
from natives.registry import NATIVES

# Handle types: name -> parent (the game's hierarchy, as common.j declares it).
TYPES: dict[str, str] = {
    "agent": "handle", "event": "agent", "player": "agent", "widget": "agent",
    "unit": "widget", "destructable": "widget", "item": "widget", "ability": "agent",
    "buff": "ability", "force": "agent", "group": "agent", "trigger": "agent",
    "triggercondition": "agent", "triggeraction": "handle", "timer": "agent",
    "location": "agent", "region": "agent", "rect": "agent", "boolexpr": "agent",
    "sound": "agent", "conditionfunc": "boolexpr", "filterfunc": "boolexpr",
    "unitpool": "handle", "itempool": "handle", "race": "handle", "alliancetype": "handle",
    "racepreference": "handle", "gamestate": "handle", "igamestate": "gamestate",
    "fgamestate": "gamestate", "playerstate": "handle", "playerscore": "handle",
    "playergameresult": "handle", "unitstate": "handle", "aidifficulty": "handle",
    "eventid": "handle", "gameevent": "eventid", "playerevent": "eventid",
    "playerunitevent": "eventid", "unitevent": "eventid", "limitop": "eventid",
    "widgetevent": "eventid", "dialogevent": "eventid", "unittype": "handle",
    "gamespeed": "handle", "gamedifficulty": "handle", "gametype": "handle",
    "mapflag": "handle", "mapvisibility": "handle", "mapsetting": "handle",
    "mapdensity": "handle", "mapcontrol": "handle", "minimapicon": "handle",
    "playerslotstate": "handle", "volumegroup": "handle", "camerafield": "handle",
    "camerasetup": "handle", "playercolor": "handle", "placement": "handle",
    "startlocprio": "handle", "raritycontrol": "handle", "blendmode": "handle",
    "texmapflags": "handle", "effect": "agent", "effecttype": "handle",
    "weathereffect": "handle", "terraindeformation": "handle", "fogstate": "handle",
    "fogmodifier": "agent", "dialog": "agent", "button": "agent", "quest": "agent",
    "questitem": "agent", "defeatcondition": "agent", "timerdialog": "agent",
    "leaderboard": "agent", "multiboard": "agent", "multiboarditem": "agent",
    "trackable": "agent", "gamecache": "agent", "version": "handle", "itemtype": "handle",
    "texttag": "handle", "attacktype": "handle", "damagetype": "handle",
    "weapontype": "handle", "soundtype": "handle", "lightning": "handle",
    "pathingtype": "handle", "image": "handle", "ubersplat": "handle", "hashtable": "agent",
}
PRIMITIVES = {"integer", "real", "boolean", "string", "code", "handle", "nothing"}

# (type, name, JASS initialiser expression) declared by natives modules.
CONSTANTS: list[tuple[str, str, str]] = []


def constant(type_name: str, name: str, value: str) -> None:
    """Declare a built-in API constant, e.g. ``constant("integer", "bj_MAX_PLAYERS", "24")``."""
    CONSTANTS.append((type_name, name, value))


def _types_needed() -> list[str]:
    needed: set[str] = set()
    for spec in NATIVES.values():
        for t in [spec.returns, *(p for p, _ in spec.params)]:
            while t not in PRIMITIVES and t not in needed:
                needed.add(t)
                t = TYPES.get(t, "handle")
    for t, _, _ in CONSTANTS:
        while t not in PRIMITIVES and t not in needed:
            needed.add(t)
            t = TYPES.get(t, "handle")
    ordered: list[str] = []

    def visit(t: str) -> None:
        if t in PRIMITIVES or t in ordered:
            return
        visit(TYPES.get(t, "handle"))
        ordered.append(t)

    for t in sorted(needed):
        visit(t)
    return ordered


_MADE: tuple[tuple, bytes] | None = None   # (what it was made from, builtin_source())


def builtin_source() -> bytes:
    """A common.j-like declaration file for the built-in API (types, natives, constants).

    Made once per process (each mission of a campaign asks again), and again only when the
    registry or the constants changed since."""
    global _MADE
    import_all()   # every native is declared, also those a run binds lazily
    made_from = (tuple(NATIVES.values()), tuple(CONSTANTS))
    if _MADE is None or _MADE[0] != made_from:
        _MADE = (made_from, _make_source())
    return _MADE[1]


def _make_source() -> bytes:
    lines = ["// Built-in API of jassvm: written by the project, not Blizzard's common.j.", ""]
    for t in _types_needed():
        lines.append(f"type {t} extends {TYPES.get(t, 'handle')}")
    lines.append("")
    for name in sorted(NATIVES):
        spec = NATIVES[name]
        if spec.map_declared:
            continue
        params = ", ".join(f"{t} {n}" for t, n in spec.params) or "nothing"
        prefix = "constant native" if spec.constant else "native"
        lines.append(f"{prefix} {name} takes {params} returns {spec.returns}")
    if CONSTANTS:
        lines += ["", "globals"]
        lines += [f"    constant {t} {n} = {v}" for t, n, v in CONSTANTS]
        lines.append("endglobals")
    return ("\n".join(lines) + "\n").encode()


# ---------------------------------------------------------------------------------------
# Constants of the bundled demo campaign (maps/demo). Values as common.j declares them.
# Only ``constant(...)`` calls belong in this section.
# ---------------------------------------------------------------------------------------
constant("playergameresult", "PLAYER_GAME_RESULT_VICTORY", "ConvertPlayerGameResult(0)")
constant("playergameresult", "PLAYER_GAME_RESULT_DEFEAT", "ConvertPlayerGameResult(1)")
constant("playergameresult", "PLAYER_GAME_RESULT_TIE", "ConvertPlayerGameResult(2)")
constant("playergameresult", "PLAYER_GAME_RESULT_NEUTRAL", "ConvertPlayerGameResult(3)")
constant("playerunitevent", "EVENT_PLAYER_UNIT_DEATH", "ConvertPlayerUnitEvent(20)")
constant("unitevent", "EVENT_UNIT_DEATH", "ConvertUnitEvent(53)")
constant("dialogevent", "EVENT_DIALOG_BUTTON_CLICK", "ConvertDialogEvent(90)")
constant("dialogevent", "EVENT_DIALOG_CLICK", "ConvertDialogEvent(91)")
constant("mapcontrol", "MAP_CONTROL_USER", "ConvertMapControl(0)")
constant("mapcontrol", "MAP_CONTROL_COMPUTER", "ConvertMapControl(1)")
