"""Which natives can each corpus map reach, and which of them are not registered yet?

Static reachability over the parsed sources: the roots are every function of the map script
plus the global initialisers of common.j, Blizzard.j and the map; from there the walk follows
function calls, ``function NAME`` code references and ``ExecuteFunc("NAME")`` string
literals, through Blizzard.j transitively. Every ``native`` declared in common.j that the walk
reaches is "reachable". (Static: it over-approximates what a 10-minute run calls, since it
follows every branch, and it cannot see ``ExecuteFunc`` names built at run time.)

Usage::

    PYTHONPATH=. python benchmarks/native_coverage.py [--api DIR] [--all] [--verbose] [MAP_DIR...]

With no MAP_DIR it checks every ``campaign-*`` map of ``../shared/corpus/maps`` (``--all``:
every corpus map). For each map it prints the count of reachable natives and lists the
unregistered ones grouped by the natives module expected to own them (see ``OWNERS``).
``--verbose`` also lists every reachable native.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from jassvm import ast  # noqa: E402
from jassvm.loader import parse_cached  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
DEFAULT_API = CORPUS / "api" / "1.30.4"

# Ordered (regex, owner) rules: the first matching rule names the module expected to own a
# native. Only a hint for the coverage report, kept in step with the team's split of work.
OWNERS: list[tuple[str, str]] = [
    (r"^(SaveGame|LoadGame|CopySaveGame|RemoveSaveDirectory|RenameSaveDirectory|SaveGameExists|"
     r"GetSaveBasicFilename|ReloadGame)", "mission (save/load)"),
    (r"^GetLocalized", "core (strings)"),
    (r"Terrain(Type|Variance|CliffLevel|Pathable)", "geometry (terrain)"),
    (r"Tournament", "mission"),
    (r"^GetObjectName$|^(Unit|Ability|Order)Id(2String)?$", "units (object data)"),
    (r"^IsUnit(Visible|Fogged|Masked|Detected|Invisible)$", "fog (unit visibility)"),
    (r"GameTypeSelected|GamePlacement|ResourceDensity|CreatureDensity|GameSpeed|MapFlag|MapName|"
     r"MapDescription|GameTypeSupported|^Version", "mapsetup"),
    (r"Sound|Music|Volume|Soundtrack|Thematic|Ambient|Stinger|MIDI", "sound"),
    (r"Cinematic|Transmission|Interface|UserControl|Occlusion|Letterbox|CineFilter|DoNotSaveReplay",
     "cinematics"),
    (r"Camera|Cam[A-Z]|PanCamera|Zoom|ResetToGameCamera|StopCamera|SetCineCam", "camera"),
    (r"Fog|Visib|Mask", "fog"),
    (r"Weather|Effect|Lightning|Image|Ubersplat|Splat|TerrainFog|SkyModel|Decoration", "effects"),
    (r"TextTag", "texttags"),
    (r"Leaderboard|Multiboard|TimerDialog", "boards"),
    (r"Preload", "preload"),
    (r"AI|Guard|Captain|Camp|Melee|ExecuteAIScript", "ai"),
    (r"Select|ForceUI|Ping|Minimap|Portrait|TeamGlow|Hotkey|Tooltip|AltMinimap|Cursor|"
     r"ClearTextMessages|Ctrl", "ui"),
    (r"Animation|VertexColor|SetUnitScale|TimeScale|BlendTime|UnitLookAt|UnitAddIndicator|"
     r"AddIndicator|SetUnitColor", "ui (unit presentation)"),
    (r"TimeOfDay|DayNight|GameSpeed|MapFlag|FloatGameState|IntegerGameState", "ui/core (game)"),
    (r"Quest|Defeat", "quests"),
    (r"Dialog|Button", "dialogs"),
    (r"Victory|EndGame|ChangeLevel|NextLevel|RemovePlayer|CustomVictory|PauseGame|SaveGame|LoadGame|"
     r"RestartGame|ReloadGame|SetCampaign|Campaign|Mission|Tutorial|Difficulty", "mission"),
    (r"Blight", "blight"),
    (r"Hashtable|Saved|LoadInteger|LoadReal|LoadStr|LoadBoolean|Load.*Handle|Save[A-Z]|"
     r"FlushChild|FlushParent|HaveSaved|RemoveSaved", "hashtables"),
    (r"GameCache|StoreInteger|StoreReal|StoreString|StoreBoolean|StoreUnit|RestoreUnit|"
     r"GetStored|HaveStored|FlushStored|SyncStored", "gamecache"),
    (r"Trigger|Event|Condition|Action", "triggers/events"),
    (r"Timer", "timers"),
    (r"BoolExpr|Filter|And$|Or$|Not$", "boolexpr"),
    (r"DisplayText|DisplayTimedText|ClearText", "text"),
    (r"Group|ForGroup|FirstOf", "groups"),
    (r"Rect|Region|Location|WorldBounds", "geometry"),
    (r"Force|Player|Alliance|StartLocation|Team|Race", "players"),
    (r"Destructable|Item|Unit|Hero|Widget|Ability|Order|Waygate|Resource|Corpse|Research|"
     r"Upgrade|Tech|Building|Revive|Inventory|Stock|Sleep|Food", "units"),
    (r"Sin|Cos|Tan|Sqrt|Pow|Rad|Deg|Random|I2|R2|S2|Str|Sub|Convert|Handle|ExecuteFunc|Cheat|"
     r"Int|Real|Ceil|Floor|Abs", "core"),
]
_OWNER_RES = [(re.compile(pat), owner) for pat, owner in OWNERS]


def owner_of(name: str, takes_nothing: bool = False) -> str:
    """Module family expected to implement native ``name`` (a heuristic, see ``OWNERS``).

    ``takes_nothing``: the native has no parameters; such ``Get*`` natives other than the
    camera/game getters are event responses (``GetTriggerUnit``, ``GetSoldItem``...)."""
    if takes_nothing and name.startswith("Get") and not re.search(
            r"Camera|Game|Local|Time|Fog|Sound|Music|Player(Neutral|s)|BJ|AI|Version|Ally|Creep|World", name):
        return "events (responses)"
    for rx, owner in _OWNER_RES:
        if rx.search(name):
            return owner
    return "?"


# ---------------------------------------------------------------------------- walking

def _walk_expr(e, out: set[str]) -> None:
    if e is None:
        return
    if isinstance(e, ast.CallExpr):
        out.add(e.name)
        if e.name == "ExecuteFunc" and e.args and isinstance(e.args[0], ast.StrLit):
            out.add(_str_value(e.args[0]))
        for a in e.args:
            _walk_expr(a, out)
    elif isinstance(e, ast.CodeRef):
        out.add(e.name)
    elif isinstance(e, ast.IndexRef):
        _walk_expr(e.index, out)
    elif isinstance(e, ast.Unary):
        _walk_expr(e.operand, out)
    elif isinstance(e, ast.Binary):
        _walk_expr(e.left, out)
        _walk_expr(e.right, out)
    elif isinstance(e, ast.Paren):
        _walk_expr(e.inner, out)


def _str_value(lit) -> str:
    for attr in ("value", "text"):
        v = getattr(lit, attr, None)
        if isinstance(v, str):
            return v.strip('"')
    return ""


def _walk_stmts(stmts, out: set[str]) -> None:
    for s in stmts or ():
        if isinstance(s, ast.Local):
            _walk_expr(s.init, out)
        elif isinstance(s, ast.Set):
            _walk_expr(s.index, out)
            _walk_expr(s.value, out)
        elif isinstance(s, ast.Call):
            _walk_expr(s.call, out)
        elif isinstance(s, ast.If):
            for cond, body in s.branches:
                _walk_expr(cond, out)
                _walk_stmts(body, out)
            _walk_stmts(s.else_body, out)
        elif isinstance(s, ast.Loop):
            _walk_stmts(s.body, out)
        elif isinstance(s, ast.ExitWhen):
            _walk_expr(s.cond, out)
        elif isinstance(s, ast.Return):
            _walk_expr(s.value, out)
        elif isinstance(s, ast.Debug):
            _walk_stmts([s.stmt], out)


class Sources:
    """Parsed declarations of a set of files: natives, functions (name -> callees), globals."""

    def __init__(self) -> None:
        self.natives: set[str] = set()
        self.nullary: set[str] = set()
        self.callees: dict[str, set[str]] = {}
        self.global_refs: set[str] = set()

    def add_file(self, path: Path) -> list[str]:
        """Parse ``path``; returns the names of the functions it defines."""
        tree, diags = parse_cached(path.read_bytes(), str(path))
        if tree is None:
            raise SystemExit(f"{path}: cannot parse: {diags[0] if diags else '?'}")
        defined = []
        for d in tree.decls:
            if isinstance(d, ast.NativeDecl):
                self.natives.add(d.name)
                if not d.params:
                    self.nullary.add(d.name)
            elif isinstance(d, ast.Function):
                out: set[str] = set()
                _walk_stmts(d.body, out)
                self.callees[d.name] = out
                defined.append(d.name)
            elif isinstance(d, ast.Globals):
                for g in d.vars:
                    _walk_expr(g.init, self.global_refs)
        return defined


_API_CACHE: dict[Path, Sources] = {}


def reachable_natives(map_script: Path, api_dir: Path = DEFAULT_API) -> set[str]:
    """Natives of ``api_dir/common.j`` reachable from ``map_script`` (see module docstring)."""
    import copy
    api = _API_CACHE.get(api_dir)
    if api is None:
        api = Sources()
        api.add_file(api_dir / "common.j")
        api.add_file(api_dir / "Blizzard.j")
        _API_CACHE[api_dir] = api
    src = copy.copy(api)
    src.callees = dict(api.callees)
    src.natives = set(api.natives)
    src.nullary = set(api.nullary)
    src.global_refs = set(api.global_refs)
    roots = src.add_file(map_script)
    todo = list(roots) + sorted(src.global_refs)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(src.callees.get(name, ()))
    return {n for n in seen if n in api.natives}


def registered_natives() -> set[str]:
    """Names registered by every natives module that exists (``natives.session.NATIVE_MODULES``)."""
    from natives.session import load_natives
    return set(load_natives())


def report(maps: list[Path], api_dir: Path, verbose: bool = False) -> dict[str, dict[str, list[str]]]:
    """Print the per-map report; returns {map name: {owner: [missing natives]}}."""
    registered = registered_natives()
    result: dict[str, dict[str, list[str]]] = {}
    union_missing: dict[str, set[str]] = defaultdict(set)
    for m in maps:
        script = m / "war3map.j" if m.is_dir() else m
        if not script.exists():
            print(f"{m.name}: no war3map.j (Lua map?), skipped")
            continue
        reach = reachable_natives(script, api_dir)
        missing = sorted(reach - registered)
        by_owner: dict[str, list[str]] = defaultdict(list)
        nullary = _API_CACHE[api_dir].nullary
        for n in missing:
            owner = owner_of(n, n in nullary)
            by_owner[owner].append(n)
            union_missing[owner].add(n)
        result[m.name] = dict(by_owner)
        print(f"== {m.name}: {len(reach)} reachable natives, {len(missing)} not registered")
        if verbose:
            print("   reachable: " + " ".join(sorted(reach)))
        for owner in sorted(by_owner):
            print(f"   [{owner}] " + " ".join(by_owner[owner]))
    total = sum(len(v) for v in union_missing.values())
    print(f"== all maps: {total} distinct unregistered natives ({len(registered)} registered)")
    for owner in sorted(union_missing):
        print(f"   [{owner}] ({len(union_missing[owner])}) " + " ".join(sorted(union_missing[owner])))
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("maps", nargs="*", type=Path, help="map folders or war3map.j files")
    ap.add_argument("--api", type=Path, default=DEFAULT_API, help="folder with common.j and Blizzard.j")
    ap.add_argument("--all", action="store_true", help="every corpus map, not only campaign-*")
    ap.add_argument("--verbose", "-v", action="store_true", help="list every reachable native")
    args = ap.parse_args(argv)
    maps = args.maps
    if not maps:
        pattern = "*" if args.all else "campaign-*"
        maps = sorted(p for p in (CORPUS / "maps").glob(pattern) if p.is_dir())
    report(maps, args.api, args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
