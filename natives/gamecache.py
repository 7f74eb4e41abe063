"""Game caches: ``InitGameCache``, ``Store*``/``GetStored*``/``HaveStored*``/``FlushStored*``,
``SaveGameCache``, ``ReloadGameCachesFromDisk`` and the campaign carry-over API
(``shared/reference/jass-semantics.md`` S136-S140; jassdoc ``gamecache`` type).

Model (single-player semantics, S137):

- A cache is named by its ``campaignFile`` string. ``InitGameCache`` with a name already
  initialised in this game returns the same ``gamecache`` handle (thehelper.net Gamecache API:
  "subsequent calls with the same campaignFile string will return the same gamecache"), so
  many calls count once towards the limit of 255 caches (S134, S137).
- Values live under (missionKey, key) in five independent slots: integer, real, boolean,
  string, unit (``HaveStoredInteger`` and ``HaveStoredString`` under the same keys are
  unrelated). Missing values read 0, 0.0, false, ``""`` (not null) and, for ``RestoreUnit``,
  null (S136). Keys are compared exactly as given; a null key acts as ``""``.
- "Disk" is the campaign store of this run: what ``SaveGameCache`` wrote (S138: values reach
  the next mission only through ``SaveGameCache``). A cache created by ``InitGameCache`` starts
  from the saved copy of its name, if any (S137). ``SaveGameCache`` writes one JSON file per
  cache **only inside the sandbox folder** given to ``GameCacheStore`` (never pickle, never a
  path outside it); a name that could escape or alias (separators, ``..``, drive letters,
  absolute paths, control characters, device names) is refused with a recorded warning and
  ``SaveGameCache`` returns false.
- ``ReloadGameCachesFromDisk`` (low-confidence semantics, S137) re-reads the sandbox and resets
  every live cache to its saved copy (empty when never saved); returns false if a file could
  not be read.
- The campaign runner carries caches between missions with ``GameCacheStore.export()`` /
  ``import_()`` (JSON-safe dicts of the saved caches).
- ``SyncStored*`` send the local value to every client, the local one included (S140: the
  value arrives later, FIFO, "no immediate effect in the calling thread"). The model captures
  the value (or its absence) when ``SyncStored*`` runs and delivers it at the next clock step
  (a 0-delay scheduler entry) or when ``TriggerSyncReady`` runs, whichever comes first, so a
  later local overwrite is replaced by the synced value on arrival: the "store, sync, reset,
  ``TriggerSyncReady``, wait for the value" idiom of YDWE maps completes in single player.
  Without an overwrite the value is unchanged, as if applied immediately.
  ``TriggerSyncStart`` / ``TriggerSyncReady`` (``natives.triggers``) open a sync round and
  deliver what is pending.
- ``StoreUnit`` stores an owner-independent unit snapshot (``unit_snapshot``: type, life and
  mana, ability levels, inventory with charges and flags, and for heroes level, XP, unspent
  skill points, proper name, attribute bases and bonuses; S139); ``RestoreUnit`` creates a new
  unit of that type for the given player at (x, y, facing) through the units model
  (``game.units.create_unit``, seed 003 placement) and applies the snapshot. Not modelled:
  control groups, handicap-adjusted life, the researched-armor and lingering-hero-attribute
  bugs of S139 (the model has no armor, handicap or control groups).
"""
from __future__ import annotations

import copy
import json
import math
import os
from pathlib import Path
from typing import Any, Callable

from natives.handles import Handle, HandleTable, alive, own
from natives.jsondata import load_json
from natives.registry import native
from natives.sandbox import Sandbox, SandboxError, check_name

MAX_GAMECACHES = 255
"""S134: the game allows at most 255 game caches."""

INTEGER, REAL, BOOLEAN, STRING, UNIT = "integer", "real", "boolean", "string", "unit"
KINDS = (INTEGER, REAL, BOOLEAN, STRING, UNIT)

EXPORT_FORMAT = "jassvm-gamecache"
EXPORT_VERSION = 1
FILE_SUFFIX = ".json"

MAX_FILE_BYTES = 64 << 20
"""Largest game cache file read back from the sandbox."""


def check_cache_name(name: str | None) -> str | None:
    """Why ``name`` cannot be a file name in the sandbox, or None when it is safe.

    Refused (``natives.sandbox.check_name``): empty names, path separators (``/``, ``\\``),
    ``..``, drive letters and other colons, control characters, undecodable bytes, trailing
    dots or spaces (Windows aliases), Windows device names, and names longer than 200
    characters.
    """
    return check_name(name, "cache name")


# -- JSON-safe values ---------------------------------------------------------------------------

def _encode_real(v: float) -> float | str:
    if math.isfinite(v):
        return v
    return "NaN" if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity")


def _decode_real(v: Any) -> float:
    if isinstance(v, bool):
        raise ValueError("real value is a boolean")
    if isinstance(v, (int, float)):
        return float(v)
    if v in ("NaN", "Infinity", "-Infinity"):
        return float(v.replace("Infinity", "inf"))
    raise ValueError(f"bad real value {v!r}")


def _check_value(kind: str, v: Any) -> Any:
    """Validate one imported value; returns it in model form. Raises ValueError."""
    if kind == INTEGER:
        if isinstance(v, bool) or not isinstance(v, int) or not -2**31 <= v < 2**31:
            raise ValueError(f"bad integer value {v!r}")
        return v
    if kind == REAL:
        return _decode_real(v)
    if kind == BOOLEAN:
        if not isinstance(v, bool):
            raise ValueError(f"bad boolean value {v!r}")
        return v
    if kind == STRING:
        if not isinstance(v, str):
            raise ValueError(f"bad string value {v!r}")
        return v
    if not isinstance(v, dict):
        raise ValueError(f"bad unit snapshot {v!r}")
    json.dumps(v)          # must be JSON-safe
    return copy.deepcopy(v)


class GameCache(Handle):
    """One ``gamecache`` agent: missionKey -> kind -> key -> value (S136).

    ``name`` is the ``campaignFile`` it was initialised with.
    """

    type_name = "gamecache"

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.missions: dict[str, dict[str, dict[str, Any]]] = {}

    def store(self, kind: str, mission: str, key: str, value: Any) -> None:
        """Set the ``kind`` slot of (mission, key)."""
        self.missions.setdefault(mission, {}).setdefault(kind, {})[key] = value

    def has(self, kind: str, mission: str, key: str) -> bool:
        """Whether the ``kind`` slot of (mission, key) holds a value."""
        return key in self.missions.get(mission, {}).get(kind, {})

    def get(self, kind: str, mission: str, key: str, default: Any = None) -> Any:
        """The value of the ``kind`` slot of (mission, key), or ``default``."""
        return self.missions.get(mission, {}).get(kind, {}).get(key, default)

    def flush_value(self, kind: str, mission: str, key: str) -> None:
        """Empty one slot (``FlushStored<Kind>``)."""
        per_mission = self.missions.get(mission)
        if per_mission is None or key not in per_mission.get(kind, {}):
            return
        del per_mission[kind][key]
        if not per_mission[kind]:
            del per_mission[kind]
        if not per_mission:
            del self.missions[mission]

    def flush_mission(self, mission: str) -> None:
        """Drop every value under ``mission`` (``FlushStoredMission``)."""
        self.missions.pop(mission, None)

    def flush(self) -> None:
        """Drop every value (``FlushGameCache``); the handle stays usable."""
        self.missions.clear()

    # -- JSON-safe form --------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """``{mission: {kind: {key: value}}}`` with non-finite reals as strings."""
        out: dict[str, Any] = {}
        for mission, per_mission in self.missions.items():
            out[mission] = {}
            for kind, values in per_mission.items():
                if kind == REAL:
                    out[mission][kind] = {k: _encode_real(v) for k, v in values.items()}
                else:
                    out[mission][kind] = copy.deepcopy(values)
        return out

    def load_data(self, data: dict[str, Any]) -> None:
        """Replace the contents with validated ``to_data`` output (ValueError if malformed;
        nothing changes then)."""
        self.missions = parse_cache_data(data)


def parse_cache_data(data: Any) -> dict[str, dict[str, dict[str, Any]]]:
    """Validate a cache's JSON form and return it in model form. Raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("cache data must be an object")
    missions: dict[str, dict[str, dict[str, Any]]] = {}
    for mission, per_mission in data.items():
        if not isinstance(mission, str) or not isinstance(per_mission, dict):
            raise ValueError(f"bad mission {mission!r}")
        out: dict[str, dict[str, Any]] = {}
        for kind, values in per_mission.items():
            if kind not in KINDS or not isinstance(values, dict):
                raise ValueError(f"bad value kind {kind!r} in mission {mission!r}")
            checked = {}
            for key, v in values.items():
                if not isinstance(key, str):
                    raise ValueError(f"bad key {key!r}")
                checked[key] = _check_value(kind, v)
            if checked:
                out[kind] = checked
        if out:
            missions[mission] = out
    return missions


class GameCacheStore:
    """All game caches of a run (``game.gamecache``) and their campaign store on disk.

    ``sandbox_dir`` is the per-run folder where ``SaveGameCache`` writes (one
    ``<name>.json`` file per cache, through ``natives.sandbox.Sandbox``: links and special
    files there are never followed); ``None`` keeps the campaign store in memory only.
    ``handles`` is the game's ``HandleTable`` (caches are agents). Existing cache files in
    the sandbox are read at construction, so a sandbox shared by the missions of a campaign
    carries caches over by itself; ``export``/``import_`` do it without a shared folder.
    Problems that scripts cannot see (unreadable files, refused names) are appended to
    ``warnings``.
    """

    def __init__(self, sandbox_dir: str | os.PathLike | None = None,
                 handles: HandleTable | None = None, limit: int = MAX_GAMECACHES) -> None:
        self.sandbox = Path(sandbox_dir) if sandbox_dir is not None else None
        self.box = Sandbox(sandbox_dir) if sandbox_dir is not None else None
        self.handles = handles
        self.limit = limit
        self.caches: dict[str, GameCache] = {}
        self.saved: dict[str, dict[str, Any]] = {}
        self.warnings: list[str] = []
        self.pending_syncs: list[tuple[GameCache, str, str, str, bool, Any]] = []
        self.sync_rounds = 0
        if self.box is not None:
            self._read_sandbox()

    # -- synchronisation (S140) --------------------------------------------------------------
    def queue_sync(self, cache: GameCache, kind: str, mission: str, key: str) -> bool:
        """Capture the (kind, mission, key) value of ``cache`` for delivery; True when the
        queue was empty (the caller schedules a delivery)."""
        first = not self.pending_syncs
        present = cache.has(kind, mission, key)
        value = copy.deepcopy(cache.get(kind, mission, key)) if present else None
        self.pending_syncs.append((cache, kind, mission, key, present, value))
        return first

    def deliver_syncs(self) -> int:
        """Apply the pending synced values in order (FIFO); returns how many arrived."""
        pending, self.pending_syncs = self.pending_syncs, []
        for cache, kind, mission, key, present, value in pending:
            if cache.destroyed:
                continue
            if present:
                cache.store(kind, mission, key, value)
            else:
                cache.flush_value(kind, mission, key)
        return len(pending)

    # -- caches of the running game --------------------------------------------------------
    def init(self, name: str | None) -> GameCache | None:
        """``InitGameCache``: the live cache of that name, else a new one filled from the
        saved copy (S137); None past the limit of distinct names (S134)."""
        name = name or ""
        cache = self.caches.get(name)
        if cache is not None:
            return cache
        if len(self.caches) >= self.limit:
            return None
        cache = GameCache(name)
        if name in self.saved:
            cache.load_data(self.saved[name])
        if self.handles is not None:
            self.handles.allocate(cache)
        self.caches[name] = cache
        return cache

    def save(self, cache: GameCache, warn: Callable[[str], None] | None = None) -> bool:
        """``SaveGameCache``: copy the cache to the campaign store and, with a sandbox, write
        ``<sandbox>/<name>.json``. False (and a warning) when the name is refused or the write
        fails; nothing is written outside the sandbox."""
        reason = check_cache_name(cache.name)
        if reason is not None:
            self._warn(f"SaveGameCache({cache.name!r}) refused: {reason}", warn)
            return False
        data = cache.to_data()
        if self.sandbox is not None:
            try:
                self._write_file(cache.name, data)
            except OSError as exc:
                self._warn(f"SaveGameCache({cache.name!r}) failed: {exc}", warn)
                return False
        self.saved[cache.name] = data
        return True

    def reload(self, warn: Callable[[str], None] | None = None) -> bool:
        """``ReloadGameCachesFromDisk``: re-read the sandbox into the campaign store, then
        reset every live cache to its saved copy (empty if none). False if a file was bad."""
        ok = True
        if self.box is not None:
            before = len(self.warnings)
            self._read_sandbox()
            for message in self.warnings[before:]:
                ok = False
                if warn is not None:
                    warn(message)
        for name, cache in self.caches.items():
            cache.load_data(self.saved.get(name, {}))
        return ok

    # -- campaign carry-over (runner API) ----------------------------------------------------
    def export(self) -> dict[str, Any]:
        """The saved caches as a JSON-safe dict, for the next mission's ``import_``.

        Only ``SaveGameCache``d contents are exported (S138).
        """
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION,
                "caches": copy.deepcopy(self.saved)}

    def import_(self, data: dict[str, Any]) -> None:
        """Load caches exported by a previous mission into the campaign store (imported names
        replace saved ones; with a sandbox they are written there too). All-or-nothing:
        malformed data or an unsafe cache name raises ValueError and changes nothing."""
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise ValueError("not a game cache export")
        if data.get("version") != EXPORT_VERSION:
            raise ValueError(f"unsupported game cache export version {data.get('version')!r}")
        caches = data.get("caches")
        if not isinstance(caches, dict):
            raise ValueError("game cache export has no 'caches' object")
        parsed: dict[str, dict[str, Any]] = {}
        for name, cache_data in caches.items():
            reason = check_cache_name(name) if isinstance(name, str) else "name is not a string"
            if reason is not None:
                raise ValueError(f"game cache {name!r}: {reason}")
            tmp = GameCache(name)
            tmp.load_data(cache_data)          # validates
            parsed[name] = tmp.to_data()
        if self.sandbox is not None:
            for name, cache_data in parsed.items():
                self._write_file(name, cache_data)
        self.saved.update(parsed)

    # -- files -----------------------------------------------------------------------------------
    def path_for(self, name: str) -> Path:
        """The sandbox file of cache ``name`` (the name must pass ``check_cache_name``), for
        display: files are only opened through ``self.box``."""
        if self.sandbox is None:
            raise ValueError("no sandbox folder")
        reason = check_cache_name(name)
        if reason is not None:
            raise ValueError(reason)
        return self.sandbox / (name + FILE_SUFFIX)

    def _write_file(self, name: str, data: dict[str, Any]) -> None:
        """Write ``<name>.json`` in the sandbox. Raises ValueError for a refused name and
        SandboxError (an OSError) when the sandbox refuses or the write fails."""
        reason = check_cache_name(name)
        if reason is not None:
            raise ValueError(reason)
        text = json.dumps({"name": name, "format": EXPORT_FORMAT, "version": EXPORT_VERSION,
                           "missions": data}, ensure_ascii=True, sort_keys=True, indent=1)
        self.box.write([name + FILE_SUFFIX], text.encode("ascii"))

    def _read_sandbox(self) -> None:
        try:
            names = self.box.list([], FILE_SUFFIX, regular_only=False)
        except SandboxError as exc:
            self.warnings.append(f"game cache folder not read: {exc}")
            return
        for file_name in names:
            try:
                raw = self.box.read([file_name], MAX_FILE_BYTES)
                if raw is None:
                    continue                      # removed since it was listed
                record = load_json(raw.decode("ascii"))   # nesting checked (jsondata)
                if (not isinstance(record, dict) or record.get("format") != EXPORT_FORMAT
                        or record.get("version") != EXPORT_VERSION):
                    raise ValueError("not a game cache file of this version")
                name = record.get("name")
                if not isinstance(name, str) or name + FILE_SUFFIX != file_name:
                    raise ValueError("file name does not match the cache name")
                if check_cache_name(name) is not None:
                    raise ValueError(check_cache_name(name))
                tmp = GameCache(name)
                tmp.load_data(record.get("missions"))
            except (OSError, ValueError, UnicodeDecodeError) as exc:
                self.warnings.append(f"game cache file {file_name} ignored: {exc}")
                continue
            self.saved[name] = tmp.to_data()

    def _warn(self, message: str, warn: Callable[[str], None] | None) -> None:
        self.warnings.append(message)
        if warn is not None:
            warn(message)


# ---------------------------------------------------------------------------------------------
# Natives (common.j 1.30.4, "Game cache API")
# ---------------------------------------------------------------------------------------------

def _cache(cache: GameCache | None) -> GameCache | None:
    return alive(cache)


def _s(key: str | None) -> str:
    return key or ""


@native("InitGameCache", "takes string campaignFile returns gamecache")
def InitGameCache(ctx, campaignFile):
    """The cache named ``campaignFile``: same handle for the same name, filled from the saved
    copy (S137); null past 255 distinct names (S134)."""
    store = ctx.game.gamecache
    cache = store.init(campaignFile)
    if cache is None:
        ctx.warn(f"InitGameCache({campaignFile!r}): the limit of {ctx.game.gamecache.limit} "
                 "game caches is reached; returning null")
    return cache


@native("SaveGameCache", "takes gamecache whichCache returns boolean")
def SaveGameCache(ctx, whichCache):
    """Persist the cache for later missions (S138); writes only inside the run's sandbox.
    False for a null cache or a refused name (recorded warning)."""
    cache = _cache(whichCache)
    if cache is None:
        return False
    store = ctx.game.gamecache
    if not store.save(cache, ctx.warn):
        return False
    # the file relative to the sandbox: the timeline is game state, the same in any run folder
    path = cache.name + FILE_SUFFIX if store.sandbox is not None else None
    ctx.game.record("gamecache_saved", name=cache.name, path=path)
    return True


@native("ReloadGameCachesFromDisk", "takes nothing returns boolean")
def ReloadGameCachesFromDisk(ctx):
    """Reset every live cache to what was last saved (S137, low confidence)."""
    return ctx.game.gamecache.reload(ctx.warn)


@native("StoreInteger", "takes gamecache cache, string missionKey, string key, integer value returns nothing")
def StoreInteger(ctx, cache, missionKey, key, value):
    """Set the integer slot (S136)."""
    if (c := _cache(cache)) is not None:
        c.store(INTEGER, _s(missionKey), _s(key), value)


@native("StoreReal", "takes gamecache cache, string missionKey, string key, real value returns nothing")
def StoreReal(ctx, cache, missionKey, key, value):
    """Set the real slot (S136)."""
    if (c := _cache(cache)) is not None:
        c.store(REAL, _s(missionKey), _s(key), value)


@native("StoreBoolean", "takes gamecache cache, string missionKey, string key, boolean value returns nothing")
def StoreBoolean(ctx, cache, missionKey, key, value):
    """Set the boolean slot (S136)."""
    if (c := _cache(cache)) is not None:
        c.store(BOOLEAN, _s(missionKey), _s(key), value)


@native("StoreString", "takes gamecache cache, string missionKey, string key, string value returns boolean")
def StoreString(ctx, cache, missionKey, key, value):
    """Set the string slot; a null string is stored as ``""`` (the getters never return
    null). True when stored, false for a null cache."""
    if (c := _cache(cache)) is None:
        return False
    c.store(STRING, _s(missionKey), _s(key), _s(value))
    return True


@native("GetStoredInteger", "takes gamecache cache, string missionKey, string key returns integer")
def GetStoredInteger(ctx, cache, missionKey, key):
    """The stored integer, 0 when missing (S136)."""
    c = _cache(cache)
    return 0 if c is None else c.get(INTEGER, _s(missionKey), _s(key), 0)


@native("GetStoredReal", "takes gamecache cache, string missionKey, string key returns real")
def GetStoredReal(ctx, cache, missionKey, key):
    """The stored real, 0.0 when missing (S136)."""
    c = _cache(cache)
    return 0.0 if c is None else c.get(REAL, _s(missionKey), _s(key), 0.0)


@native("GetStoredBoolean", "takes gamecache cache, string missionKey, string key returns boolean")
def GetStoredBoolean(ctx, cache, missionKey, key):
    """The stored boolean, false when missing (S136)."""
    c = _cache(cache)
    return False if c is None else c.get(BOOLEAN, _s(missionKey), _s(key), False)


@native("GetStoredString", "takes gamecache cache, string missionKey, string key returns string")
def GetStoredString(ctx, cache, missionKey, key):
    """The stored string, ``""`` (not null) when missing (S136, S056)."""
    c = _cache(cache)
    return "" if c is None else c.get(STRING, _s(missionKey), _s(key), "")


def _make_have(kind: str):
    def have(ctx, cache, missionKey, key):
        c = _cache(cache)
        return c is not None and c.has(kind, _s(missionKey), _s(key))

    have.__doc__ = f"Whether the {kind} slot of (missionKey, key) holds a value (S136)."
    return have


def _make_flush(kind: str):
    def flush(ctx, cache, missionKey, key):
        if (c := _cache(cache)) is not None:
            c.flush_value(kind, _s(missionKey), _s(key))

    flush.__doc__ = f"Empty the {kind} slot of (missionKey, key)."
    return flush


def _make_sync(kind: str):
    def sync(ctx, cache, missionKey, key):
        c = _cache(cache)
        store = ctx.game.gamecache
        if c is None or store is None:
            return None
        if store.queue_sync(c, kind, _s(missionKey), _s(key)):
            ctx.game.schedule(0.0, "gamecache_sync")   # registered by Game
        return None

    sync.__doc__ = (f"Send the local {kind} value to every client (S140): captured now, "
                    "stored again on arrival at the next clock step or ``TriggerSyncReady`` "
                    "(see module docstring).")
    return sync


for _kind, _suffix in ((INTEGER, "Integer"), (REAL, "Real"), (BOOLEAN, "Boolean"),
                       (UNIT, "Unit"), (STRING, "String")):
    native(f"HaveStored{_suffix}",
           "takes gamecache cache, string missionKey, string key returns boolean")(_make_have(_kind))
    native(f"FlushStored{_suffix}",
           "takes gamecache cache, string missionKey, string key returns nothing")(_make_flush(_kind))
    native(f"SyncStored{_suffix}",
           "takes gamecache cache, string missionKey, string key returns nothing")(_make_sync(_kind))
del _kind, _suffix


@native("FlushGameCache", "takes gamecache cache returns nothing")
def FlushGameCache(ctx, cache):
    """Drop every value of the cache (in memory; the saved copy is unchanged until saved)."""
    if (c := _cache(cache)) is not None:
        c.flush()


@native("FlushStoredMission", "takes gamecache cache, string missionKey returns nothing")
def FlushStoredMission(ctx, cache, missionKey):
    """Drop every value under ``missionKey``."""
    if (c := _cache(cache)) is not None:
        c.flush_mission(_s(missionKey))


# ---------------------------------------------------------------------------------------------
# Units (S139): snapshots through the units model (natives.units)
# ---------------------------------------------------------------------------------------------

_ITEM_FLAGS = ("invulnerable", "droppable", "pawnable", "drop_on_death", "visible")


def unit_snapshot(u) -> dict[str, Any]:
    """A JSON-safe, owner-independent snapshot of ``natives.units.Unit`` ``u`` (S139).

    Fields: ``type`` (rawcode integer), ``life``/``max_life``/``mana``/``max_mana``,
    ``abilities`` ([code, level] pairs), ``items`` (one entry per inventory slot: null or
    ``{type, charges, <flags>}``), and ``hero`` (null, or level, xp, skill_points,
    proper_name, base and bonus attributes).
    """
    items: list[Any] = []
    for item in u.inventory:
        if item is None:
            items.append(None)
            continue
        entry = {"type": item.type_id, "charges": item.charges}
        for flag in _ITEM_FLAGS:
            if hasattr(item, flag):
                entry[flag] = bool(getattr(item, flag))
        items.append(entry)
    hero = None
    if u.hero is not None:
        h = u.hero
        hero = {"level": h.level, "xp": h.xp, "skill_points": h.skill_points,
                "proper_name": u.proper_name,
                "base": {k: _encode_real(float(v)) for k, v in h.base.items()},
                "bonus": {k: int(v) for k, v in h.bonus.items()}}
    return {"type": u.type_id,
            "life": _encode_real(u.life), "max_life": _encode_real(u.max_life),
            "mana": _encode_real(u.mana), "max_mana": _encode_real(u.max_mana),
            "abilities": [[code, level] for code, level in u.abilities.items()],
            "items": items, "hero": hero}


def restore_unit(units, snapshot: dict[str, Any], owner, x: float, y: float, facing: float,
                 warn: Callable[[str], None] | None = None):
    """Create a unit from ``unit_snapshot`` data for ``owner`` at (x, y) facing ``facing``
    degrees, with ``units`` the game's ``natives.units.UnitStore``. Life and mana go through
    the model's own setters (a snapshot of a dead unit restores a dead unit).
    Raises ValueError on a malformed snapshot (imported data), before creating anything."""
    try:
        type_id = snapshot["type"]
        if isinstance(type_id, bool) or not isinstance(type_id, int):
            raise ValueError("type")
        reals = {k: _decode_real(snapshot[k]) for k in ("life", "max_life", "mana", "max_mana")}
        abilities = [(int(code), int(level)) for code, level in snapshot.get("abilities", [])]
        items = list(snapshot.get("items", []))
        for entry in items:
            if entry is not None and (not isinstance(entry, dict) or not isinstance(entry.get("type"), int)):
                raise ValueError("item")
        hero = snapshot.get("hero")
        if hero is not None:
            hero = {"level": int(hero["level"]), "xp": int(hero["xp"]),
                    "skill_points": int(hero["skill_points"]),
                    "proper_name": hero.get("proper_name"),
                    "base": {k: _decode_real(v) for k, v in dict(hero["base"]).items()},
                    "bonus": {k: int(v) for k, v in dict(hero["bonus"]).items()}}
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"malformed unit snapshot ({exc})") from None

    u = units.create_unit(owner, type_id, x, y, facing, warn)
    if hero is not None and u.hero is not None:
        h = u.hero
        h.level = max(1, min(hero["level"], getattr(units, "max_hero_level", hero["level"])))
        h.xp = max(0, hero["xp"])
        h.skill_points = max(0, hero["skill_points"])
        h.base.update({k: v for k, v in hero["base"].items() if k in h.base})
        h.bonus.update({k: v for k, v in hero["bonus"].items() if k in h.bonus})
        if isinstance(hero["proper_name"], str):
            u.proper_name = hero["proper_name"]
    u.abilities = dict(abilities)
    if items and len(u.inventory) < len(items):
        own(u, "inventory").extend([None] * (len(items) - len(u.inventory)))
    for slot, entry in enumerate(items):
        if entry is None:
            continue
        item = units.create_item(entry["type"], u.x, u.y, warn)
        if isinstance(entry.get("charges"), int) and not isinstance(entry.get("charges"), bool):
            item.charges = entry["charges"]
        for flag in _ITEM_FLAGS:
            if isinstance(entry.get(flag), bool) and hasattr(item, flag):
                setattr(item, flag, entry[flag])
        units.give_item(u, item, slot)
    units.set_max_life(u, reals["max_life"])
    units.set_max_mana(u, reals["max_mana"])
    units.set_mana(u, reals["mana"])
    units.set_life(u, reals["life"])
    return u


@native("StoreUnit", "takes gamecache cache, string missionKey, string key, unit whichUnit returns boolean")
def StoreUnit(ctx, cache, missionKey, key, whichUnit):
    """Store a snapshot of the unit (S139); false (nothing stored) for a null cache or unit."""
    c = _cache(cache)
    u = alive(whichUnit)
    if c is None or u is None:
        return False
    c.store(UNIT, _s(missionKey), _s(key), unit_snapshot(u))
    return True


@native("RestoreUnit", "takes gamecache cache, string missionKey, string key, player forWhichPlayer, real x, real y, real facing returns unit")
def RestoreUnit(ctx, cache, missionKey, key, forWhichPlayer, x, y, facing):
    """A new unit for ``forWhichPlayer`` at (x, y) from the stored snapshot; null when
    nothing is stored (S136) or the player is null."""
    c = _cache(cache)
    if c is None or forWhichPlayer is None:
        return None
    snapshot = c.get(UNIT, _s(missionKey), _s(key))
    if snapshot is None:
        return None
    try:
        return restore_unit(ctx.game.units, snapshot, forWhichPlayer, x, y, facing, ctx.warn)
    except ValueError as exc:
        ctx.warn(f"RestoreUnit({missionKey!r}, {key!r}): {exc}; returning null")
        return None
