"""The game-state model root: ``Game``.

One ``Game`` holds everything natives read and write: the handle table, players, units,
items, destructables, groups, world geometry, and the subsystems other modules provide
(blight, hashtables, game caches, ...). It is deterministic: the same calls with the same
``seed`` give the same state and the same published event log.

Time
    ``game.scheduler`` (``jassvm.scheduler.Scheduler``) is the one game clock: the VM of a
    session shares it (``natives.session``), so sleeping threads, timers, queued trigger runs
    and model transitions (corpse decay, timed life, text tag expiry...) are entries of one
    queue, each plain data dispatched by kind (DESIGN.md section 4). ``game.now`` is its
    time in game seconds. Stores register the kinds they schedule when they are built
    (``game.scheduler.register``) and queue entries with ``game.schedule(delay, kind,
    *args, subject=obj)``. Without a VM, ``game.advance(now)`` runs the due entries and
    assigning ``game.now`` moves the clock.

Events
    Model changes that triggers may observe are published with ``game.publish(name,
    **payload)``: the pair is appended to ``game.published`` and handed to each callable in
    ``game.subscribers`` (the event layer subscribes there). Event names used by the modules
    of this package:

    =====================  ===============================================================
    name                   payload
    =====================  ===============================================================
    ``unit_created``       unit
    ``unit_removed``       unit
    ``unit_death``         unit, killer (unit or None)
    ``unit_decay``         unit (corpse finished decaying; the unit is removed right after)
    ``unit_revived``       unit
    ``unit_owner_changed`` unit, previous (player), owner (player)
    ``unit_moved``         unit, from_x, from_y, x, y (every position change, world units)
    ``unit_hidden``        unit, hidden (bool)
    ``unit_state``         unit, state ("life"/"max_life"/"mana"/"max_mana"), old, value
    ``unit_order``         unit, order (``natives.units.Order``)
    ``hero_level``         unit, level, previous
    ``hero_skill``         unit, ability_id, level
    ``item_pickup``        unit, item
    ``item_drop``          unit, item
    ``item_removed``       item
    ``item_death``         item
    ``destructable_death`` destructable
    ``destructable_removed`` destructable
    ``player_state``       player, state (playerstate int), old, value
    ``alliance_changed``   player, other, alliance (alliancetype int), value
    ``unit_loaded``        unit, transport (``UnitStore.load_unit``)
    ``unit_unloaded``      unit, transport (``UnitStore.unload_unit``)
    ``command_button``     player, ability_id and order, or player and upgrade (a command
                           button click; nothing in the model publishes it yet)
    =====================  ===============================================================

World
    ``world_bounds`` is (min_x, min_y, max_x, max_y) in world units, default
    ``DEFAULT_WORLD_BOUNDS``: a 480 x 480-tile map (128 world units per tile, the largest
    Reforged map size) centered on the origin, i.e. -30720..30720 on both axes, so scripts
    of maps loaded without ``war3map.w3e`` never meet the edge (the corpus campaign maps place
    units beyond 16384). The map layer replaces it from ``war3map.w3e``,
    together with ``pathing`` (``natives.geometry.PathingMap``, all clear by default) and
    ``height_function`` (flat terrain, height 0, by default).

Subsystems
    ``game.blight``, ``game.hashtables``, ``game.gamecache`` (and any name registered with
    ``register_subsystem``) are built on first access from their module, so this module
    works before those modules exist: a missing module gives ``None``. Built objects are
    kept in ``game.subsystems``.
"""
from __future__ import annotations

import importlib
import random
from collections import deque
from typing import Any, Callable

from jassvm.scheduler import Scheduler

from natives.geometry import PathingMap
from natives.handles import HandleTable
from natives.players import Players

DEFAULT_WORLD_BOUNDS = (-30720.0, -30720.0, 30720.0, 30720.0)
"""480 x 480 tiles of 128 world units (the largest map size), centered on (0, 0). Project
choice for maps that do not provide ``war3map.w3e``."""

PRE_PLAYER_AGENTS = 8
"""Agent ids the model reserves before allocating players, so ``GetHandleId(Player(0))`` is
0x100008 (1048584) as in jassdoc's example (S067, medium confidence)."""

PUBLISHED_LOG_LIMIT = 100_000
"""Most recent published events kept in ``Game.published``."""

# name -> (module, class name, function(game) -> constructor args)
SUBSYSTEM_FACTORIES: dict[str, tuple[str, str, Callable[["Game"], tuple]]] = {
    "blight": ("natives.blight", "BlightPlane", lambda game: ()),
    "hashtables": ("natives.hashtables", "HashtableStore", lambda game: ()),
    "gamecache": ("natives.gamecache", "GameCacheStore", lambda game: (game.sandbox_dir,)),
    "boolexpr_cache": ("natives.boolexpr", "BoolExprCache", lambda game: ()),
}


def register_subsystem(name: str, module: str, class_name: str,
                       args: Callable[["Game"], tuple] = lambda game: ()) -> None:
    """Declare a subsystem built lazily as ``module.class_name(*args(game))`` and reachable
    as ``game.<name>``. Re-registering a name replaces the declaration."""
    SUBSYSTEM_FACTORIES[name] = (module, class_name, args)


class Game:
    """Root of the game-state model (see the module docstring for time, events, world).

    Args:
        seed: seed of ``game.random`` (the model's only randomness source).
        local_player: id of the player ``GetLocalPlayer`` returns (0 unless a scenario says
            otherwise).
        max_players: 28 for Reforged-format maps, 16 for classic maps (S129).
        warnings: list receiving model warnings (strings); a new list if omitted.
        sandbox_dir: directory game caches may write to (passed to ``GameCacheStore``).
        world_bounds: (min_x, min_y, max_x, max_y), world units.
        scheduler: the game clock to use (a session passes the one its VM shares); a new
            one when omitted.
    """

    def __init__(self, seed: int = 0, local_player: int = 0, max_players: int = 28,
                 warnings: list | None = None, sandbox_dir: str | None = None,
                 world_bounds: tuple[float, float, float, float] = DEFAULT_WORLD_BOUNDS,
                 scheduler: Scheduler | None = None) -> None:
        self.seed = seed
        self.random = random.Random(seed)
        self.warnings: list = warnings if warnings is not None else []
        self.sandbox_dir = sandbox_dir
        self.scheduler = scheduler if scheduler is not None else Scheduler()
        self.published: deque[tuple[str, dict[str, Any]]] = deque(maxlen=PUBLISHED_LOG_LIMIT)
        self.subscribers: list[Callable[[str, dict[str, Any]], None]] = []
        self.timeline: list[tuple[float, str, dict[str, Any]]] = []
        self.subsystems: dict[str, Any] = {}

        self.world_bounds = tuple(float(v) for v in world_bounds)
        self.pathing = PathingMap.clear(self.world_bounds)
        self.height_function: Callable[[float, float], float] | None = None

        self.handles = HandleTable()
        self.handles.reserve(PRE_PLAYER_AGENTS)
        self.players = Players(self, max_players)
        if self.players.get(local_player) is None:
            raise ValueError(f"local player {local_player} is outside 0..{max_players - 1}")
        self.local_player_id = local_player
        self.human_players: set[int] = {local_player}
        # The map's string table for ``GetLocalizedString("TRIGSTR_n")``: a callable key ->
        # text the map layer installs (``maps.runner``), None without a map.
        self.string_table: Callable[[str], str] | None = None

        from natives.units import UnitStore  # late: units imports this package's modules
        from natives.groups import GroupRegistry
        self.units = UnitStore(self)
        self.groups = GroupRegistry(self)

    # -- time ---------------------------------------------------------------------------
    @property
    def now(self) -> float:
        """Current game time, game seconds (the scheduler's)."""
        return self.scheduler.now

    @now.setter
    def now(self, value: float) -> None:
        self.scheduler.now = float(value)

    def schedule(self, delay: float, kind: str, *args: Any, subject: Any = None) -> int:
        """Queue a scheduler entry of ``kind`` at ``now + delay`` (game seconds); returns its
        sequence number (``Scheduler.schedule``: plain ``args``, a model object as
        ``subject``)."""
        return self.scheduler.schedule(delay, kind, *args, subject=subject)

    def advance(self, now: float | None = None) -> None:
        """Run the entries due at or before ``now`` (default: ``self.now``), in (due time,
        sequence) order; the clock ends at ``now``."""
        self.scheduler.run_until(self.now if now is None else now)

    def next_due(self) -> float | None:
        """Due time of the earliest pending entry, or None."""
        return self.scheduler.next_due()

    # -- events and warnings ------------------------------------------------------------
    def publish(self, event_name: str, **payload: Any) -> None:
        """Record a model event and hand it to every subscriber (see module docstring)."""
        self.published.append((event_name, payload))
        for subscriber in list(self.subscribers):
            subscriber(event_name, payload)

    def record(self, kind: str, **data: Any) -> None:
        """Add an entry to the timeline a run prints (``jass run``): what the local player
        would notice, e.g. ``record("quest_created", title=..., required=True)``. Entries are
        ``(game time, kind, data)``; kinds are listed in ``natives.timeline``."""
        self.timeline.append((self.now, kind, data))

    def warn(self, message: str) -> None:
        """Record a model warning (game time prefixed)."""
        self.warnings.append(f"[{self.now:.2f}s] {message}")

    # -- players ------------------------------------------------------------------------
    @property
    def local_player(self):
        """The ``player`` ``GetLocalPlayer`` returns."""
        return self.players.slots[self.local_player_id]

    # -- world --------------------------------------------------------------------------
    def terrain_height(self, x: float, y: float) -> float:
        """Terrain height at (x, y), world units (flat 0.0 without ``height_function``)."""
        if self.height_function is None:
            return 0.0
        return self.height_function(x, y)

    def in_world(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.world_bounds
        return x0 <= x <= x1 and y0 <= y <= y1

    def set_world_bounds(self, bounds: tuple[float, float, float, float],
                         pathing: PathingMap | None = None) -> None:
        """Replace the world bounds and the pathing grid (a clear one when not given)."""
        self.world_bounds = tuple(float(v) for v in bounds)
        self.pathing = pathing if pathing is not None else PathingMap.clear(self.world_bounds)

    # -- subsystems ---------------------------------------------------------------------
    def subsystem(self, name: str) -> Any:
        """The subsystem ``name``, built on first use; ``None`` if its module is missing."""
        if name in self.subsystems:
            return self.subsystems[name]
        if name not in SUBSYSTEM_FACTORIES:
            raise KeyError(f"unknown subsystem {name!r}")
        module_name, class_name, args = SUBSYSTEM_FACTORIES[name]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            return None  # not written yet: do not cache, it may appear later
        obj = getattr(module, class_name)(*args(self))
        self.subsystems[name] = obj
        return obj

    def __getattr__(self, name: str) -> Any:
        # only called when normal lookup fails: lazily built subsystems
        if name.startswith("_") or name not in SUBSYSTEM_FACTORIES:
            raise AttributeError(name)
        return self.subsystem(name)
