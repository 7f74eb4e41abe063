"""Map facts for ``jass info MAP``: name, author, players and forces, size and tileset, object
data counts, the natives the script can reach (and those the runtime lacks), and the
checker's verdict under the recommended API set.

The recommended API generation comes from the map's own format (``recommend_api``): the
``war3map.w3i`` version says which editor saved it (18 Reign of Chaos, 25 The Frozen Throne
up to 1.30, 28 1.31, 31+ 1.32/Reforged; shared/reference/map-formats.md 3.2) and the script
says which natives it needs (``Blz*`` natives exist from 1.29 on, ``agent``/hashtables from
1.24 on). The names are those of the corpus API sets, paired as the corpus MANIFEST
recommends (campaign-era classic maps ``1.30.4``, 1.24-1.28 classic ``1.26``, Reforged and
modern custom maps ``1.33.0``).
"""
from __future__ import annotations

import os
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from jassvm.checker import CheckOptions, load_sources
from jassvm.loader import parse_cached
from maps.api import ApiSet, select_api
from maps.coverage import reachable_natives
from maps.errors import MapError
from maps.mapfile import MapFiles, load_map
from natives.registry import NATIVES
from natives.session import load_natives

TILESETS = {"A": "Ashenvale", "B": "Barrens", "C": "Felwood", "D": "Dungeon", "F": "Lordaeron Fall",
            "G": "Underground", "I": "Icecrown Glacier", "J": "Dalaran Ruins", "K": "Black Citadel",
            "L": "Lordaeron Summer", "N": "Northrend", "O": "Outland", "Q": "Village Fall",
            "V": "Village", "W": "Lordaeron Winter", "X": "Dalaran", "Y": "Cityscape",
            "Z": "Sunken Ruins"}
"""The World Editor's tileset letters (w3i and w3e ``tileset`` byte)."""

_BLZ = re.compile(rb"\bBlz[A-Z]\w*\s*\(")
_CLASSIC = re.compile(rb"\b(InitHashtable|GetHandleId|agent)\b")


def recommend_api(m: MapFiles) -> tuple[str, str]:
    """(API generation, why) for map ``m``: see the module docstring."""
    version = m.w3i.version if m.w3i is not None else None
    modern = bool(_BLZ.search(m.script))
    if version is not None and version >= 28:
        return "1.33.0", f"war3map.w3i version {version} (saved by a 1.31+ editor)"
    if version == 18 and not modern:
        return "roc-1.0x", "war3map.w3i version 18 (Reign of Chaos)"
    where = f"war3map.w3i version {version}" if version is not None else "no war3map.w3i"
    if modern:
        return "1.33.0", f"{where}; the script calls Blz* natives (1.29+)"
    if _CLASSIC.search(m.script):
        return "1.26", f"{where}; the script uses agent/hashtable natives (1.24+)"
    return "1.30.4", f"{where}; a classic script (the corpus pairs campaign-era maps with 1.30.4)"


@dataclass
class MapInfo:
    """What ``jass info`` prints. Strings are resolved through the map's ``war3map.wts``;
    sizes in tiles (128 world units); ``objects`` kind -> (original, custom, modifications);
    ``checker`` {"api", "errors", "warnings", "loads"} under the chosen API (strict errors;
    ``loads``: whether ``jass run`` accepts the script)."""

    map: str
    name: str
    author: str
    description: str
    recommended_players: str
    format: str
    players: list[dict] = field(default_factory=list)
    forces: list[dict] = field(default_factory=list)
    playable_size: tuple[int, int] | None = None
    map_size: tuple[int, int] | None = None
    tileset: str = ""
    objects: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    recommended_api: str = ""
    recommended_because: str = ""
    natives_reachable: int = 0
    natives_missing: list[str] = field(default_factory=list)
    checker: dict = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        """The info as plain data (``jass info --json``)."""
        return asdict(self)


def map_info(path: str | os.PathLike, api_dir: str | os.PathLike | None = None,
             api_sets: str | os.PathLike | None = None) -> MapInfo:
    """Facts of the map at ``path``. The API is ``api_dir`` when given, else the recommended
    generation's folder inside ``api_sets`` (a folder of API sets named as the corpus's)
    when given and present, else what ``jass run`` would use (``maps.api.select_api``).
    Raises MapError for a map or API folder that cannot be read."""
    load_natives()
    m = load_map(path)
    generation, because = recommend_api(m)
    chosen = api_dir
    if chosen is None and api_sets is not None:
        candidate = Path(api_sets) / generation
        if not candidate.is_dir():
            raise MapError(api_sets, f"has no API set {generation!r} (the one recommended for this map)")
        chosen = candidate
    api = select_api(chosen, m)
    w3i = m.w3i
    info = MapInfo(map=str(m.source), name=_text(m, w3i.name if w3i else "") or Path(m.source).name,
                   author=_text(m, w3i.author if w3i else ""),
                   description=_text(m, w3i.description if w3i else ""),
                   recommended_players=_text(m, w3i.recommended_players if w3i else ""),
                   format=f"w3i version {w3i.version}" if w3i else f"{m.kind} without war3map.w3i",
                   recommended_api=generation, recommended_because=because,
                   warnings=list(m.warnings))
    if w3i is not None:
        info.players = [{"id": p.id, "controller": p.controller, "race": p.race_name,
                         "name": _text(m, p.name), "start": (round(p.start_x, 1), round(p.start_y, 1))}
                        for p in w3i.players]
        info.forces = [{"name": _text(m, f.name), "players": [i for i in f.player_ids if w3i.player(i)],
                        "allied": bool(f.flags & 1),
                        "allied_victory": bool(f.flags & 2)} for f in w3i.forces]
        info.playable_size = (w3i.playable_width, w3i.playable_height)
        info.tileset = TILESETS.get(w3i.tileset, w3i.tileset)
    if m.w3e is not None:
        info.map_size = (m.w3e.width - 1, m.w3e.height - 1)
        info.tileset = info.tileset or TILESETS.get(m.w3e.tileset, m.w3e.tileset)
    info.objects = m.objects.counts()
    _natives(info, m, api)
    _verdict(info, m, api)
    return info


def _text(m: MapFiles, text: str) -> str:
    return m.resolve(text, []) if text else ""


def _natives(info: MapInfo, m: MapFiles, api: ApiSet) -> None:
    tree, _diags = parse_cached(m.script, m.script_name)
    if tree is None:
        return
    api_files = [t for t in (parse_cached(data, name)[0] for name, data in api.sources) if t is not None]
    reach = reachable_natives(api_files, tree)
    info.natives_reachable = len(reach)
    info.natives_missing = sorted(n for n in reach if n not in NATIVES)


def _verdict(info: MapInfo, m: MapFiles, api: ApiSet) -> None:
    sources = list(api.sources) + [(m.script_name, m.script)]
    strict = load_sources(sources, CheckOptions(strict=True))
    lenient = load_sources(sources, CheckOptions(strict=False))
    mine = [d for d in strict.diagnostics if d.file == m.script_name]
    info.checker = {"api": api.origin,
                    "errors": sum(1 for d in mine if d.is_error),
                    "warnings": sum(1 for d in mine if not d.is_error),
                    "api_errors": sum(1 for d in strict.diagnostics if d.is_error and d.file != m.script_name),
                    "loads": not any(d.is_error for d in lenient.diagnostics),
                    "first_errors": [d.format() for d in mine if d.is_error][:5]}
