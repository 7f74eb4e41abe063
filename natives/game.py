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
    Model changes that triggers may observe are published with ``game.publish(event)``,
    ``event`` an instance of one of the frozen dataclasses of ``natives.modelevents`` (one
    class per kind of transition, each documenting its fields, their units and who publishes
    it; ``ALL_EVENTS`` lists them): the instance is appended to ``game.published`` (the most
    recent ``PUBLISHED_LOG_LIMIT``, never saved) and handed to each callable in
    ``game.subscribers``, in their order, except those marked
    (``natives.modelevents.listens``) with classes that do not include the event's. The
    event layer subscribes there and dispatches by type (``natives.events.MODEL_EVENTS``,
    ``natives.dzapi``); ``natives.ui`` watches ``UnitRemoved``. Anything else passed to
    ``publish`` is a ``TypeError``.

World
    ``world_bounds`` is (min_x, min_y, max_x, max_y) in world units, default
    ``DEFAULT_WORLD_BOUNDS``: a 480 x 480-tile map (128 world units per tile, the largest
    Reforged map size) centered on the origin, i.e. -30720..30720 on both axes, so scripts
    of maps loaded without ``war3map.w3e`` never meet the edge (the corpus campaign maps place
    units beyond 16384). The map layer replaces it from ``war3map.w3e``,
    together with ``pathing`` (``natives.geometry.PathingMap``, all clear by default) and
    ``height_function`` (flat terrain, height 0, by default).

Stores
    ``Game`` is a declared structure (a dataclass): every store is a field, built eagerly in
    dependency order by ``Game.__init__`` (the one factory), and the field list is the list of
    what the model holds (and what a save contains). Store classes get the game, their
    collaborator, in their constructor; their modules never import this one, so the model has
    no import cycles (``tests/test_layering.py``). ``vm`` is the VM of the session running the
    game (None for a bare model), ``ai_resolver``, ``ai_loader`` (AI scripts, ``natives.ai``),
    ``string_table``, ``height_function`` and
    ``object_types`` (the map's object data, ``natives.objecttypes``) are what the map layer
    installs, ``save_writer`` (the whole game as save bytes) what the session installs. None
    of these is game state: a save leaves them out.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

from jassvm.scheduler import Scheduler
from jassvm.values import JassRandom

from natives.ai import AIState
from natives.blight import BlightPlane
from natives.bounty import Bounties
from natives.boards import Boards
from natives.boolexpr import BoolExprCache
from natives.camera import Camera
from natives.cinematics import CinematicState
from natives.core import Cheats, GameStates
from natives.daynight import DayNight
from natives.dialogs import DialogRegistry
from natives.display import DisplayState
from natives.dzapi import DzApiState
from natives.effects import EffectsState
from natives.events import EventRegistry
from natives.fog import FogState
from natives.experience import Experience
from natives.frames import FrameTree
from natives.gamecache import GameCacheStore
from natives.geometry import PathingMap, TerrainTiles
from natives.groups import GroupRegistry
from natives.harvest import Harvest
from natives.handles import HandleTable
from natives.hashtables import HashtableStore
from natives.input import InputState
from natives.mapsetup import MapSetup
from natives.mission import MAP_DIFFICULTY_NORMAL, Outcome, SaveFiles
from natives.objecttypes import NO_OBJECT_DATA, ObjectTypes
from natives.orders import Orders
from natives.modelevents import ModelEvent
from natives.players import Players
from natives.preload import PreloadState
from natives.production import Production
from natives.quests import QuestLog
from natives.sound import SoundSystem
from natives.spells import Spells
from natives.text import MessageLog
from natives.texttags import TextTagStore
from natives.timers import TimerStore
from natives.ui import UIState
from natives.upkeep import Upkeep
from natives.units import UnitStore

DEFAULT_WORLD_BOUNDS = (-30720.0, -30720.0, 30720.0, 30720.0)
"""480 x 480 tiles of 128 world units (the largest map size), centered on (0, 0). Project
choice for maps that do not provide ``war3map.w3e``."""

PRE_PLAYER_AGENTS = 8
"""Agent ids the model reserves before allocating players, so ``GetHandleId(Player(0))`` is
0x100008 (1048584) as in jassdoc's example (S067, medium confidence)."""

PUBLISHED_LOG_LIMIT = 10_000
"""Most recent published events (``natives.modelevents`` instances) kept in
``Game.published``: a log for tests and tools to look back at what happened, which no game
rule reads (the event layer gets each event as it is published). It is not saved
(``natives.snapshot.ENVIRONMENT``): a restored game starts with an empty log, and its events
would otherwise keep removed units alive in memory."""


@dataclass(init=False, eq=False, repr=False)
class Game:
    """Root of the game-state model (see the module docstring for time, events, world, stores).

    Args:
        seed: seed of ``game.random`` and of the JASS random stream (``jass_random``).
        local_player: id of the player ``GetLocalPlayer`` returns (0 unless a scenario says
            otherwise).
        max_players: 28 for Reforged-format maps, 16 for classic maps (S129).
        warnings: list receiving model warnings (strings); a new list if omitted.
        sandbox_dir: the only folder the map's files (saves, game caches, preload files,
            DzAPI values) are written to; None keeps them in memory.
        world_bounds: (min_x, min_y, max_x, max_y), world units.
        scheduler: the game clock to use (a session passes the one its VM shares); a new
            one when omitted.

    Raises ValueError when ``local_player`` is not a player slot.
    """

    # -- configuration and environment --------------------------------------------------
    seed: int
    local_player_id: int
    human_players: set[int]
    sandbox_dir: str | None
    warnings: list
    vm: Any
    ai_resolver: Callable[[str], bool] | None
    ai_loader: Callable[[str], tuple[Any, str] | None] | None
    string_table: Callable[[str], str] | None
    height_function: Callable[[float, float], float] | None
    save_writer: Callable[[], bytes] | None
    object_types: ObjectTypes
    # -- clock, randomness, logs ----------------------------------------------------------
    scheduler: Scheduler
    random: random.Random
    jass_random: JassRandom
    published: deque
    subscribers: list
    timeline: list
    # -- world --------------------------------------------------------------------------
    world_bounds: tuple[float, float, float, float]
    pathing: PathingMap
    terrain_tiles: TerrainTiles
    blight: BlightPlane
    # -- stores, in dependency order ------------------------------------------------------
    handles: HandleTable
    players: Players
    boolexpr_cache: BoolExprCache
    units: UnitStore
    orders: Orders
    spells: Spells
    experience: Experience
    bounty: Bounties
    upkeep: Upkeep
    production: Production
    harvest: Harvest
    groups: GroupRegistry
    hashtables: HashtableStore
    gamecache: GameCacheStore
    game_states: GameStates
    cheats: Cheats
    daynight: DayNight
    events: EventRegistry
    timers: TimerStore
    messages: MessageLog
    dialogs: DialogRegistry
    quests: QuestLog
    outcome: Outcome
    difficulty: int
    ended: bool
    next_level: str | None
    saves: SaveFiles
    mapsetup: MapSetup
    sound: SoundSystem
    cinematics: CinematicState
    camera: Camera
    fog: FogState
    effects: EffectsState
    texttags: TextTagStore
    boards: Boards
    preload: PreloadState
    ai: AIState
    ui: UIState
    dzapi: DzApiState
    frames: FrameTree
    input: InputState
    display: DisplayState

    def __init__(self, seed: int = 0, local_player: int = 0, max_players: int = 28,
                 warnings: list | None = None, sandbox_dir: str | None = None,
                 world_bounds: tuple[float, float, float, float] = DEFAULT_WORLD_BOUNDS,
                 scheduler: Scheduler | None = None) -> None:
        self.seed = seed
        self.sandbox_dir = sandbox_dir
        self.warnings = warnings if warnings is not None else []
        self.vm = None
        self.ai_resolver = None
        self.ai_loader = None        # AI script -> (compiled program, digest) or None
        self.string_table = None
        self.height_function = None
        self.save_writer = None      # the session's whole-game save (GameSession.save_bytes)
        self.object_types = NO_OBJECT_DATA   # the map's object data (the map layer installs it)

        self.scheduler = scheduler if scheduler is not None else Scheduler()
        self.random = random.Random(seed)
        self.jass_random = JassRandom(seed)
        self.published = deque(maxlen=PUBLISHED_LOG_LIMIT)
        self.subscribers = []
        self._routes = {}   # event class -> (len(subscribers), the subscribers it goes to)
        self.timeline = []

        self.world_bounds = tuple(float(v) for v in world_bounds)
        self.pathing = PathingMap.clear(self.world_bounds)
        self.terrain_tiles = TerrainTiles(self)
        self.blight = BlightPlane()

        self.handles = HandleTable()
        self.handles.reserve(PRE_PLAYER_AGENTS)
        self.players = Players(self, max_players)
        if self.players.get(local_player) is None:
            raise ValueError(f"local player {local_player} is outside 0..{max_players - 1}")
        self.local_player_id = local_player
        self.human_players = {local_player}
        self.boolexpr_cache = BoolExprCache()
        self.units = UnitStore(self)
        self.groups = GroupRegistry(self)
        self.hashtables = HashtableStore(self.handles)
        self.gamecache = GameCacheStore(sandbox_dir, self.handles)
        self.scheduler.register("gamecache_sync", self.gamecache.deliver_syncs)   # S140 syncs
        self.game_states = GameStates(self)
        self.cheats = Cheats(self)
        self.daynight = DayNight(self)
        self.events = EventRegistry(self)      # subscribes to model events before anything happens
        self.orders = Orders(self)             # after the event layer: region events first
        self.spells = Spells(self)             # registers the spell orders with the pipeline
        self.experience = Experience(self)
        self.bounty = Bounties(self)
        self.upkeep = Upkeep(self)
        self.production = Production(self)     # registers its orders with the pipeline
        self.harvest = Harvest(self)
        self.timers = TimerStore(self)
        self.messages = MessageLog()
        self.dialogs = DialogRegistry(self)
        self.quests = QuestLog(self)
        self.difficulty = MAP_DIFFICULTY_NORMAL
        self.ended = False
        self.next_level = None
        self.outcome = Outcome(self)
        self.saves = SaveFiles(self)
        self.mapsetup = MapSetup(self)
        self.sound = SoundSystem(self)
        self.cinematics = CinematicState(self)
        self.camera = Camera(self)
        self.fog = FogState(self)
        self.effects = EffectsState(self)
        self.texttags = TextTagStore(self)
        self.boards = Boards(self)
        self.preload = PreloadState(self, sandbox_dir)
        self.ai = AIState(self)
        self.ui = UIState(self)
        self.dzapi = DzApiState(self)
        self.frames = FrameTree(self)
        self.input = InputState(self)
        self.display = DisplayState(self)

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
    def publish(self, event: ModelEvent) -> None:
        """Record a model event (a ``natives.modelevents`` instance) and hand it to every
        subscriber (see module docstring); ``TypeError`` for anything else."""
        kind = type(event)
        subscribers = self.subscribers
        route = self._routes.get(kind)
        if route is None or route[0] != len(subscribers):   # subscribers are only appended
            if not isinstance(event, ModelEvent):   # (a routed class passed this check)
                raise TypeError(f"game.publish takes a natives.modelevents event, not {event!r}")
            route = self._routes[kind] = (len(subscribers), [
                s for s in subscribers if kind in getattr(s, "event_kinds", (kind,))])
        self.published.append(event)
        for subscriber in route[1]:
            subscriber(event)

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
