"""Production: construction, training, research, structure upgrades and rally points, with
their costs, times, food and events (issue 12 item 4), and the natives that read them.

All of it is plain data on the units, driven by one scheduler entry per job in progress:

- ``structure.construction`` (a ``Job`` of kind ``construct``) while a structure is being
  built; it makes no food until it is finished (``UnitStore.refresh_food``);
- ``building.production``: the building's queue of ``Job``s (``train``, ``research``,
  ``upgrade``), at most ``QUEUE_SIZE``; the first one is in progress (or waits for food);
- ``building.rally``: its rally point, a (x, y) point, a unit or a destructable (None: none).

A job in progress has one ``production_done`` entry (``job.entry``) due when it finishes;
idle buildings and waiting workers have none.

Orders (``natives.orders`` hands them over: ``Orders.extensions``)
    ``IssueBuildOrder(ById)`` -- a worker (a unit classified peon) walks to the site and
    builds there. The order returns false, as the game refuses it, when the owner cannot
    pay the gold or lumber or the site is blocked (the structure's ground is not walkable,
    or another structure's collision circle overlaps it). The cost is paid when the worker
    arrives and the construction starts (``EVENT_PLAYER_UNIT_CONSTRUCT_START``); if the
    owner cannot pay then, the order ends. Human and orc workers stay on the construction
    until it finishes (their order stays ``build``); a human worker that leaves it (another
    order, death) pauses it, and a human worker's ``smart``, ``repair`` or ``resumebuild``
    on the paused structure walks there and goes on with it from where it stopped
    (classic.battle.net war3/basics/buildings.shtml: only Human Peasants work on a building
    under construction from outside it); undead workers are free at once
    (Liquipedia, "Acolyte": "Acolytes do not need to maintain buildings under
    construction"); night elf workers are used up by the structure (removed).
    ``IssueImmediateOrder(building, "footman")`` / ``...ById(building, 'hfoo')`` trains a
    unit type, ``...ById(building, 'Rhme')`` researches an upgrade, a town hall ordered its
    next form (``"keep"``) upgrades into it. The cost is paid when the order is accepted; it
    is refused (false) when the owner cannot pay, the queue is full, the structure is still
    being built, a trained unit's food would exceed the owner's food cap (or the food
    ceiling), or a research is at its maximum level (``SetPlayerTechMaxAllowed`` or the
    upgrade's number of levels). These orders run beside the building's current order.
    ``cancel`` on a structure being built cancels the construction (the structure is
    removed; ``EVENT_PLAYER_UNIT_CONSTRUCT_CANCEL``), on a building the last job of its queue.
    ``setrally`` on a point or a widget sets the rally point. ``IssueNeutral*Order`` have a
    neutral building (a tavern, a mercenary camp) sell a unit of the type to the player:
    it appears beside the building (``EVENT_PLAYER_UNIT_SELL``), the player pays its cost.

Jobs
    A trained unit's food is taken when its training begins; training waits, without an
    entry, while the owner lacks the food, and resumes when the owner's food changes. The
    trained unit appears beside the building (the nearest legal point, ``CreateUnit``'s
    placement search) and is ordered ``smart`` to the rally point. A finished research
    raises the owner's level of the upgrade (``GetPlayerTechCount``); a finished structure
    upgrade changes the building's type (its life scales with the new maximum).

Refunds (the game's gameplay constants "Cancel Refund Factor", as Blizzard's World Editor
sets them by default: construction 0.75, structure upgrade 0.75, research 1.0, training 1.0;
``REFUND``), rounded down to whole gold and lumber.

Figures: a type's gold, lumber and build time come from the map's object data or the game's
tables (unit fields "ugol", "ulum", "ubld"; upgrade fields "gglb"/"gglm", "glmb"/"glmm",
"gtib"/"gtim" base and per-level increment, "glvl" levels), else from ``UNIT_COSTS`` /
``UPGRADE_COSTS`` (published figures, sources there). A type without figures cannot be
produced by the model: the order is accepted and recorded as before, nothing is built, and a
warning names the type once.

Model choices (project-authored): one worker per construction (peasants helping with
``repair`` do not speed it up); a structure's life does not grow during construction;
destroying a building drops its queue without a refund; the type of an upgrading building
changes when the upgrade finishes.
"""
from __future__ import annotations

import math
from typing import Any

from jassvm.records import record
from natives.handles import alive, enum_value, own
from natives.geometry import new_location
from natives.modelevents import (PlayerStateChanged, UnitConstruct, UnitDeath, UnitRemoved,
                                 UnitResearch, UnitSold, UnitTrain, UnitUpgrade, listens)
from natives.objecttypes import MISSING
from natives.orders import ORDER_IDS, ORDER_STRINGS, Order, Work, make_order
from natives.players import (PLAYER_STATE_FOOD_CAP_CEILING, PLAYER_STATE_RESOURCE_FOOD_CAP,
                             PLAYER_STATE_RESOURCE_FOOD_USED, PLAYER_STATE_RESOURCE_GOLD,
                             PLAYER_STATE_RESOURCE_LUMBER)
from natives.registry import native
from natives import unitdata
from natives.units import UPGRADE_CHAINS, unit_code_of
from natives.upkeep import PLAYER_SCORE_GOLD_LOST_UPKEEP

QUEUE_SIZE = 7
"""Most jobs a building's queue holds (the game's seven queue slots)."""

_RESUME_ORDERS = ("smart", "repair", "resumebuild")
"""Orders of a human worker on a paused construction that go on with it."""

REFUND = {"construct": 0.75, "upgrade": 0.75, "research": 1.0, "train": 1.0}
"""Share of the cost a cancelled job gives back (module docstring)."""

RACE_HUMAN, RACE_UNDEAD, RACE_NIGHTELF = 1, 3, 4

# playerscore values (common.j)
PLAYER_SCORE_UNITS_TRAINED, PLAYER_SCORE_UNITS_KILLED = 0, 1
PLAYER_SCORE_STRUCT_BUILT, PLAYER_SCORE_STRUCT_RAZED = 2, 3
PLAYER_SCORE_FOOD_MAXPROD, PLAYER_SCORE_FOOD_MAXUSED, PLAYER_SCORE_HEROES_KILLED = 5, 6, 7
PLAYER_SCORE_GOLD_MINED_TOTAL, PLAYER_SCORE_LUMBER_TOTAL = 10, 16
PLAYER_SCORE_RESOURCE_TOTAL = 23
SCORES_KEPT = {PLAYER_SCORE_UNITS_TRAINED, PLAYER_SCORE_UNITS_KILLED, PLAYER_SCORE_STRUCT_BUILT,
               PLAYER_SCORE_STRUCT_RAZED, PLAYER_SCORE_FOOD_MAXPROD, PLAYER_SCORE_FOOD_MAXUSED,
               PLAYER_SCORE_HEROES_KILLED, PLAYER_SCORE_GOLD_MINED_TOTAL,
               PLAYER_SCORE_GOLD_LOST_UPKEEP, PLAYER_SCORE_LUMBER_TOTAL,
               PLAYER_SCORE_RESOURCE_TOTAL}
"""The scores the model keeps (``GetPlayerScore``); the others are not modelled."""


@record(frozen=True, slots=False)
class Cost:
    """What one job costs: ``gold``, ``lumber`` and ``time`` (game seconds)."""

    gold: int
    lumber: int
    time: float


# code|gold|lumber|build time (s)|source
# L: Liquipedia unit and building pages (liquipedia.net/warcraft/<name>): Peasant, Peon,
#    Acolyte, Town Hall, Keep, Barracks (Human), Barracks (Orc);
# W: warcraft.wiki.gg / Wowpedia Warcraft III pages: Footman, Farm, Nerubian Tower (the
#    Ziggurat's upgrade into it), Altar of Elders ("Altar of Elders (Warcraft III)"), Wisp
#    ("Wisp (Warcraft III)": 60 gold, 14 s; classic.battle.net's Wisp page agrees);
# K: kenhchoi.com "Warcraft 3 Reforged Human Buildings" (gold, lumber, time table; its Castle
#    row is the sum Town Hall + Keep + Castle, so the Castle upgrade itself is 360/210);
# D: the unit table of the public data set ubogoeva/tidyverse_tutorial data/wc3_heroes.txt
#    (gold, wood, time columns; the figures Liquipedia's unit pages give), as natives.unitdata's
#    "ds" combat rows;
# R: respawnfirst.com "Warcraft 3 Reforged Building Guide", Orc buildings table (gold, lumber,
#    build time; its Stronghold 700/375 and Fortress 1025/565 rows are sums from the Great
#    Hall, so the upgrades themselves are 315/190 and 325/190).
# H: respawnfirst.com "Warcraft 3 Reforged Building Guide", Human buildings table; the
#    Gryphon Aviary from gaming-tools.com "Warcraft 3 buildings".
# U: Liquipedia hero pages (liquipedia.net/warcraft/<name>, "Cost"): every Hero of the four
#    races costs 425 gold, 100 lumber and trains in 55 s (wow.gamepedia.com "Crypt Lord
#    (Warcraft III)" agrees: 425 gold, 100 lumber, 55 s).
# M: Wowpedia structure pages: "Moon Well (Warcraft III)" (wowpedia.fandom.com: 180 gold, 40
#    lumber, 50 s), "Tree of Life (Warcraft III)" (warcraft.wiki.gg: 340 gold, 185 lumber,
#    120 s), "Necropolis (Warcraft III)" (wow.gamepedia.com: 255 gold, 100 s, no lumber).
# Missing (no page read gives all three figures): the Crypt ('usep'), Ziggurat, Altar of
# Darkness, Graveyard and the other Undead and Night Elf structures except the M rows, and
# the upgrades not in ``_UPGRADE_COSTS`` (Steel Ranged Weapons 'Rora' among them).
_UNIT_COSTS = """
hpea|75|0|15|L
opeo|75|0|15|L
uaco|75|0|15|L
uzg2|100|20|30|W
hfoo|135|0|20|W
htow|385|205|180|L
hkee|320|210|140|L
hcas|360|210|140|K
hhou|80|20|35|W
eate|180|50|60|W
ewsp|60|0|14|W
hbar|160|60|60|L
obar|180|50|60|L
halt|180|50|60|K
hbla|140|60|70|K
hlum|120|0|60|K
hwtw|30|20|25|K
hars|150|140|70|H
harm|140|140|60|H
hvlt|130|30|60|H
hatw|100|70|50|H
hgtw|100|70|50|H
hctw|150|120|65|H
hgra|140|150|75|H
hrif|205|30|26|D
hkni|245|60|45|D
hmpr|135|10|28|D
hsor|155|20|30|D
hmtm|180|70|40|D
hmtt|195|60|55|D
hgyr|90|30|13|D
Hpal|425|100|55|U
Hamg|425|100|55|U
Hmkg|425|100|55|U
Hblm|425|100|55|U
ogre|385|185|150|R
ostr|315|190|140|R
ofrt|325|190|140|R
otrb|160|40|50|R
oalt|180|50|60|R
ofor|205|0|70|R
ovln|130|30|60|R
osld|150|135|70|R
obea|145|140|60|R
otto|135|155|70|R
owtw|110|80|60|R
ogru|200|0|30|D
ohun|135|20|20|D
otbk|135|20|22|D
orai|180|40|28|D
ocat|220|50|40|D
okod|255|60|30|D
owyv|265|40|35|D
otbr|160|40|28|D
oshm|130|20|30|D
odoc|145|25|30|D
ospw|195|35|38|D
otau|280|80|44|D
Obla|425|100|55|U
Ofar|425|100|55|U
Otch|425|100|55|U
Oshd|425|100|55|U
Udea|425|100|55|U
Udre|425|100|55|U
Ulic|425|100|55|U
Ucrl|425|100|55|U
Edem|425|100|55|U
Ekee|425|100|55|U
Emoo|425|100|55|U
Ewar|425|100|55|U
hspt|215|30|28|D
hgry|280|70|45|D
hdhw|200|30|28|D
ugho|120|0|18|D
ucry|215|40|30|D
ugar|185|30|35|D
uabo|240|70|40|D
umtw|230|50|45|D
unec|145|20|24|D
uban|155|30|28|D
ufro|385|120|65|D
uobs|200|35|45|D
earc|130|10|20|D
esen|195|20|30|D
ebal|210|65|48|D
edry|145|60|30|D
edoc|255|80|35|D
emtg|425|100|45|D
ehip|160|20|40|D
edot|135|20|22|D
efdr|155|25|25|D
echm|330|70|65|D
emow|180|40|50|M
etol|340|185|120|M
unpl|255|0|100|M
"""

# code|levels as gold/lumber/time, comma separated|source (L: Liquipedia pages: Improved
# Lumber Harvesting on "Peasant", the Masonry upgrades on "Town Hall", Pillage on "Peon",
# Spiked Barricades on "War Mill", Defend on "Footman"; W: Wowpedia pages: "War Mill
# (Warcraft III)" for the melee weapon and unit armor upgrades, "Rifleman (Warcraft III)"
# for Long Rifles, "Moon Well (Warcraft III)" for Well Spring, 75/150/30, as Liquipedia's
# "Moon Well")
_UPGRADE_COSTS = """
Rews|75/150/30|W
Rhlh|100/0/60|L
Rhde|150/100/45|L
Rhri|75/125/30|W
Rhac|125/50/60,150/75/75,175/100/90|L
Ropg|75/25/45|L
Rosp|25/75/60,50/175/75,75/275/90|L
Rome|100/75/60,150/150/75,200/225/90|W
Roar|150/75/60,225/200/75,300/325/90|W
"""


def _unit_costs() -> dict[int, Cost]:
    out = {}
    for line in _UNIT_COSTS.strip().splitlines():
        code, gold, lumber, time, _src = line.split("|")
        out[unitdata.rawcode(code)] = Cost(int(gold), int(lumber), float(time))
    return out


def _upgrade_costs() -> dict[int, tuple[Cost, ...]]:
    out = {}
    for line in _UPGRADE_COSTS.strip().splitlines():
        code, levels, _src = line.split("|")
        out[unitdata.rawcode(code)] = tuple(
            Cost(int(g), int(lu), float(t)) for g, lu, t in (lv.split("/") for lv in levels.split(",")))
    return out


UNIT_COSTS: dict[int, Cost] = _unit_costs()
"""Gold, lumber and build time of stock unit types by rawcode (sources in ``_UNIT_COSTS``)."""

UPGRADE_COSTS: dict[int, tuple[Cost, ...]] = _upgrade_costs()
"""Cost of each level of stock upgrades by rawcode (sources in ``_UPGRADE_COSTS``)."""


@record(slots=False)
class Job:
    """One construction or queue job (plain data, saved with its unit).

    ``kind``: construct, train, research or upgrade; ``code`` the type built, trained or
    upgraded into, or the upgrade researched; ``level`` the research level it reaches;
    ``gold``/``lumber`` what was paid; ``duration`` game seconds from 0 to done;
    ``progress`` the share done at game time ``since`` (None: not running); ``food`` the
    food taken for a unit in training; ``entry`` its pending ``production_done`` entry;
    ``builder`` the worker of a construction."""

    kind: str
    code: int
    gold: int
    lumber: int
    duration: float
    level: int = 0
    progress: float = 0.0
    since: float | None = None
    food: int = 0
    entry: int | None = None
    builder: Any = None

    def done(self, now: float) -> float:
        """Share done at game time ``now`` (0..1)."""
        if self.since is None or self.duration <= 0:
            return self.progress if self.duration > 0 else 1.0
        return min(1.0, self.progress + (now - self.since) / self.duration)


def _field(game, kind: str, code: int, fid: str, level: int = 0):
    return game.object_types.data_value(kind, code, fid, level)


def unit_cost(game, code: int) -> Cost | None:
    """Gold, lumber and build time of unit type ``code`` (module docstring), None when
    neither the map's or game's data nor ``UNIT_COSTS`` give them."""
    row = UNIT_COSTS.get(game.object_types.base_code("unit", code))
    values = []
    for fid, default in (("ugol", row and row.gold), ("ulum", row and row.lumber),
                         ("ubld", row and row.time)):
        v = _field(game, "unit", code, fid)
        if v is MISSING:
            if row is None:
                return None
            v = default
        values.append(v)
    return Cost(int(values[0]), int(values[1]), float(values[2]))


def upgrade_levels(game, code: int) -> int | None:
    """How many levels upgrade ``code`` has ("glvl" or ``UPGRADE_COSTS``), None unknown."""
    v = _field(game, "upgrade", code, "glvl")
    if v is not MISSING:
        return int(v)
    row = UPGRADE_COSTS.get(game.object_types.base_code("upgrade", code))
    return len(row) if row is not None else None


def upgrade_cost(game, code: int, level: int) -> Cost | None:
    """Cost of researching level ``level`` (1-based) of upgrade ``code``: the data's base
    plus (level - 1) increments, else ``UPGRADE_COSTS``; None when unknown."""
    values = []
    for base, inc in (("gglb", "gglm"), ("glmb", "glmm"), ("gtib", "gtim")):
        b, i = _field(game, "upgrade", code, base), _field(game, "upgrade", code, inc)
        if b is MISSING:
            values = None
            break
        values.append(float(b) + (0.0 if i is MISSING else float(i)) * (level - 1))
    if values is not None:
        return Cost(int(values[0]), int(values[1]), values[2])
    row = UPGRADE_COSTS.get(game.object_types.base_code("upgrade", code))
    if row is None or not 1 <= level <= len(row):
        return None
    return row[level - 1]


def is_tech(game, code: int) -> bool:
    """Is ``code`` an upgrade (research) rather than a unit type? The map's or game's
    upgrade records, ``UPGRADE_COSTS``, or a stock rawcode starting with 'R' (the game's
    naming of upgrades)."""
    ot = game.object_types
    if ("upgrade", code) in ot.records or ("upgrade", code) in ot.game or code in UPGRADE_COSTS:
        return True
    return (code >> 24) & 0xFF == ord("R")


def _next_forms() -> dict[int, int]:
    out = {}
    for chain in UPGRADE_CHAINS:
        codes = [unitdata.rawcode(c) for c in chain]
        out.update(zip(codes, codes[1:]))
    return out


NEXT_FORM: dict[int, int] = _next_forms()
"""Town hall type -> the type it upgrades into (``natives.units.UPGRADE_CHAINS``)."""


def _afford(player, cost: Cost) -> bool:
    return (player.get_state(PLAYER_STATE_RESOURCE_GOLD) >= cost.gold
            and player.get_state(PLAYER_STATE_RESOURCE_LUMBER) >= cost.lumber)


def _pay(player, gold: int, lumber: int) -> None:
    if gold:
        player.add_state(PLAYER_STATE_RESOURCE_GOLD, -gold)
    if lumber:
        player.add_state(PLAYER_STATE_RESOURCE_LUMBER, -lumber)


def add_score(player, score: int, amount: int) -> None:
    """Add ``amount`` to one of the player's scores (``GetPlayerScore``)."""
    player.scores[score] = player.scores.get(score, 0) + amount


def food_room(player) -> int:
    """Food the player can still use: the lower of its food cap and the food ceiling,
    minus the food used."""
    cap = min(player.get_state(PLAYER_STATE_RESOURCE_FOOD_CAP),
              player.get_state(PLAYER_STATE_FOOD_CAP_CEILING))
    return cap - player.get_state(PLAYER_STATE_RESOURCE_FOOD_USED)


class Production:
    """Construction, queues and rally points of a Game (``game.production``); see the
    module docstring. ``held``: buildings whose next training waits for food, in the order
    they began to wait."""

    def __init__(self, game) -> None:
        self.game = game
        self.held: dict = {}
        self._warned: set[int] = set()
        game.scheduler.register("production_done", self._done)   # subject: the building
        game.orders.extensions.append(self)
        for mode in ("build", "construct", "resume"):
            game.orders.modes[mode] = self
        game.subscribers.append(self._on_event)

    # -- orders (natives.orders.Orders.extensions) ----------------------------------------
    def claims(self, u, order: Order) -> bool:
        """Build, neutral, ``cancel``, ``setrally`` and production orders (module doc)."""
        kind, name = order.kind, order.order
        if kind in ("build", "neutral"):
            return True
        if name == "cancel":
            return u.construction is not None or bool(u.production)
        if name in _RESUME_ORDERS and self._paused_site(u, order.target) is not None:
            return True
        if not u.utype.is_structure:
            return False
        return name == "setrally" or (kind == "immediate" and self.product(u, order) is not None)

    def product(self, u, order: Order) -> tuple[str, int] | None:
        """(job kind, rawcode) an immediate order to building ``u`` asks for, or None."""
        if order.order is not None:
            if order.order in ORDER_IDS:
                return None
            code = unit_code_of(self.game.units, order.order)
        else:
            code = order.order_id
            if code is None or code in ORDER_STRINGS:
                return None
        if not code:
            return None
        if NEXT_FORM.get(u.type_id) == code:
            return "upgrade", code
        store = self.game.units
        if code in store.unit_types or code in self.game.object_types.unit_types \
                or code in unitdata.UNIT_TYPES:
            return "train", code
        return ("research", code) if is_tech(self.game, code) else None

    def parallel(self, u, order: Order) -> bool:
        """Everything but a worker's build and resume orders runs beside the current order."""
        return order.kind != "build" and order.order not in _RESUME_ORDERS

    def accepts(self, u, order: Order) -> bool:
        """Module docstring: what makes an order return false."""
        kind, name = order.kind, order.order
        if kind == "build":
            return self._accepts_build(u, order)
        if kind == "neutral":
            cost = unit_cost(self.game, order.build_type)
            buyer = order.player
            return buyer is not None and (cost is None or _afford(buyer, cost))
        if name in ("cancel", "setrally") or name in _RESUME_ORDERS:
            return True
        if u.construction is not None:
            return False
        job, code = self.product(u, order)
        if job == "research":
            limit = u.owner.tech_max.get(code, -1)
            levels = upgrade_levels(self.game, code)
            level = self._next_level(u, code)
            if 0 <= limit < level or (levels is not None and level > levels):
                return False
        cost = self._cost(u, job, code)
        if cost is None:
            return True       # no figures: recorded, not carried out (module docstring)
        if len(u.production) >= QUEUE_SIZE or not _afford(u.owner, cost):
            return False
        if job == "train":
            return self.game.units.unit_type(code).food_used <= food_room(u.owner)
        return job != "upgrade" or not any(j.kind == "upgrade" for j in u.production)

    def _accepts_build(self, u, order: Order) -> bool:
        if "peon" not in u.utype.flags or u.move_speed <= 0:
            return False
        cost = unit_cost(self.game, order.build_type)
        if cost is None:
            return True
        return _afford(u.owner, cost) and self.site_free(order.build_type, order.x, order.y)

    def start(self, u, order: Order) -> None:
        """Set an accepted order going (``Orders.start`` / ``Orders.issue``)."""
        kind, name = order.kind, order.order
        if kind == "build":
            self._start_build(u, order)
        elif kind == "neutral":
            self._sell(u, order)
        elif name == "cancel":
            self.cancel(u)
        elif name == "setrally":
            u.rally = order.target if order.target is not None else (float(order.x), float(order.y))
        elif name in _RESUME_ORDERS:
            self._start_resume(u, order.target)
        else:
            job, code = self.product(u, order)
            cost = self._cost(u, job, code)
            if cost is None:
                self._warn(code)
                return
            _pay(u.owner, cost.gold, cost.lumber)
            level = self._next_level(u, code) if job == "research" else 0
            own(u, "production").append(Job(job, code, cost.gold, cost.lumber, cost.time, level))
            if len(u.production) == 1:
                self._begin(u)

    def _cost(self, u, job: str, code: int) -> Cost | None:
        if job == "research":
            return upgrade_cost(self.game, code, self._next_level(u, code))
        return unit_cost(self.game, code)

    def _next_level(self, u, code: int) -> int:
        queued = sum(1 for b in self.game.units.units.values() if b.owner is u.owner
                     for j in b.production if j.kind == "research" and j.code == code)
        return u.owner.tech_researched.get(code, 0) + queued + 1

    def _warn(self, code: int) -> None:
        if code not in self._warned:
            self._warned.add(code)
            self.game.warn(f"no gold, lumber and build time figures for '{unitdata.rawcode_str(code)}' "
                           f"(map data or natives.production tables): the order is recorded, "
                           f"nothing is produced")

    # -- construction -----------------------------------------------------------------------
    def site_free(self, code: int, x: float, y: float) -> bool:
        """Can a structure of type ``code`` stand at (x, y)? Walkable ground and no other
        structure's collision circle overlapping its own."""
        game = self.game
        if not game.in_world(x, y) or not game.pathing.passable(x, y, "foot"):
            return False
        r = game.units.unit_type(code).collision
        reach = r + game.units.max_collision
        for other in game.units.units_near(x - reach, y - reach, x + reach, y + reach):
            if other.utype.is_structure and not other.dead and \
                    math.hypot(other.x - x, other.y - y) < r + other.collision:
                return False
        return True

    def _start_build(self, u, order: Order) -> None:
        code = order.build_type
        cost = unit_cost(self.game, code)
        if cost is None:
            self._warn(code)
            return
        job = Job("construct", code, cost.gold, cost.lumber, cost.time, builder=u)
        w = Work("build", goal=(float(order.x), float(order.y)), last=self.game.now, job=job)
        self.game.orders.route(u, w, w.goal)
        u.work = w
        self.game.orders.wake(u, 0.0)

    def _paused_site(self, u, target):
        """``target`` when it is a structure of ``u``'s owner whose construction is paused and
        ``u`` a human worker that can go on with it, else None."""
        s = alive(target)
        if s is None or s.type_name != "unit" or s.owner is not u.owner or s.construction is None:
            return None
        human_worker = "peon" in u.utype.flags and u.utype.race == RACE_HUMAN
        return s if human_worker and s.construction.since is None else None

    def _start_resume(self, u, s) -> None:
        reach = s.collision + u.collision
        d = math.hypot(s.x - u.x, s.y - u.y)
        goal = (u.x, u.y) if d <= reach else (u.x + (s.x - u.x) * (d - reach) / d,
                                              u.y + (s.y - u.y) * (d - reach) / d)
        w = Work("resume", goal=goal, target=s, last=self.game.now)
        self.game.orders.route(u, w, goal)
        u.work = w
        self.game.orders.wake(u, 0.0)

    def _do_resume(self, u, w: Work, now: float):
        orders = self.game.orders
        if w.path:
            return orders.move_delay(u, w)
        s = self._paused_site(u, w.target)
        if s is None or math.hypot(s.x - u.x, s.y - u.y) > s.collision + u.collision + 1.0:
            orders.finish(u)      # gone, finished, resumed by another worker or out of reach
            return None
        s.construction.builder = u
        self._run(s, s.construction)
        w.mode = "construct"
        return None

    def pause_construction(self, s) -> None:
        """The construction of ``s`` stops where it is (its worker left): no completion is
        pending until a worker resumes it."""
        job = s.construction
        job.progress = job.done(self.game.now)
        job.since = None
        self.game.scheduler.cancel(job.entry)
        job.entry = None
        job.builder = None

    def _do_build(self, u, w: Work, now: float):
        orders = self.game.orders
        if w.path:
            return orders.move_delay(u, w)
        job, (x, y) = w.job, w.goal
        reach = self.game.units.unit_type(job.code).collision + u.collision
        cost = Cost(job.gold, job.lumber, job.duration)
        if math.hypot(u.x - x, u.y - y) > reach or not _afford(u.owner, cost) \
                or not self.site_free(job.code, x, y):
            orders.finish(u)     # cannot get there, pay or place it: the order ends
            return None
        structure = self.construct(u, job, x, y)
        if u.utype.race == RACE_NIGHTELF:
            self.game.units.remove_unit(u)
        elif u.utype.race == RACE_UNDEAD:
            orders.finish(u)
        else:
            w.mode, w.target = "construct", structure
        return None

    # -- the work modes "build", "resume" and "construct" (``Orders.modes``) ---------------
    def step(self, u, w: Work, now: float):
        """Walking to the site (build, resume), then (construct) waiting for the structure:
        woken by its completion (``_finish_construction``)."""
        if w.mode == "build":
            return self._do_build(u, w, now)
        return self._do_resume(u, w, now) if w.mode == "resume" else None

    def dropped(self, u, w: Work) -> None:
        """A builder given another order, or dying, leaves the site: a human worker's
        construction pauses (module docstring); an orc's goes on."""
        if w.mode != "construct" or u.utype.race != RACE_HUMAN:
            return
        s = alive(w.target)
        if s is not None and s.construction is not None and s.construction.builder is u \
                and s.construction.since is not None:
            self.pause_construction(s)

    def holds(self, u, w: Work, order: Order) -> bool:
        """``Orders.extensions`` protocol: a build trip never keeps the unit from a new order."""
        return False

    def construct(self, builder, job: Job, x: float, y: float):
        """Pay for ``job`` and start building its structure at (x, y) for the builder's
        owner; returns the structure (``EVENT_PLAYER_UNIT_CONSTRUCT_START``)."""
        store = self.game.units
        _pay(builder.owner, job.gold, job.lumber)
        structure = store.create_unit(builder.owner, job.code, x, y, 270.0, construction=job)
        self._run(structure, job)
        self.game.publish(UnitConstruct("start", structure, builder=builder))
        return structure

    def set_progress(self, job: Job, share: float) -> None:
        """Set a job's share done (``UnitSetConstructionProgress``...); a running job's
        completion moves accordingly."""
        job.progress = min(1.0, max(0.0, share))
        if job.since is None:
            return          # paused or waiting: it goes on from there when it resumes
        job.since = self.game.now
        subject = self.game.scheduler.subjects.get(job.entry)
        if subject is not None:
            self._run(subject, job)

    def _run(self, u, job: Job) -> None:
        """(Re)schedule the completion of the running ``job`` of ``u``."""
        now = self.game.now
        job.progress = job.done(now)
        job.since = now
        self.game.scheduler.cancel(job.entry)
        job.entry = self.game.schedule((1.0 - job.progress) * job.duration, "production_done",
                                       subject=u)

    def _done(self, u) -> None:
        if u.construction is not None:
            self._finish_construction(u)
        elif u.production:
            self._finish_job(u)

    def _finish_construction(self, s) -> None:
        job = s.construction
        s.construction = None
        job.entry = None
        self.game.units.refresh_food(s)
        add_score(s.owner, PLAYER_SCORE_STRUCT_BUILT, 1)
        self.game.publish(UnitConstruct("finish", s, builder=job.builder))
        self._release(job.builder, s)

    def _release(self, builder, structure) -> None:
        """A human or orc builder of ``structure`` goes on with its next order."""
        b = alive(builder)
        if b is not None and b.alive and b.work is not None and b.work.mode == "construct" \
                and b.work.target is structure:
            self.game.orders.finish(b)

    # -- queues ---------------------------------------------------------------------------
    def _begin(self, u) -> None:
        """Start the first job of ``u``'s queue (training waits for food: ``held``)."""
        job = u.production[0]
        if job.kind == "train":
            food = self.game.units.unit_type(job.code).food_used
            if food > food_room(u.owner):
                self.held[u] = None
                return
            job.food = food
            if food:
                u.owner.add_state(PLAYER_STATE_RESOURCE_FOOD_USED, food)
        self._run(u, job)
        self._publish("start", u, job)

    def _publish(self, phase: str, u, job: Job, trained=None) -> None:
        """The job's start/cancel/finish event (EVENT_PLAYER_UNIT_TRAIN_* and co.)."""
        if job.kind == "train":
            self.game.publish(UnitTrain(phase, u, job.code, trained))
        elif job.kind == "research":
            self.game.publish(UnitResearch(phase, u, job.code))
        else:
            self.game.publish(UnitUpgrade(phase, u))

    def _finish_job(self, u) -> None:
        job = own(u, "production").pop(0)
        job.entry = None
        game, owner = self.game, u.owner
        trained = None
        if job.kind == "train":
            trained = game.units.create_unit(owner, job.code, u.x, u.y, 270.0,
                                             food_reserved=job.food > 0)
            add_score(owner, PLAYER_SCORE_UNITS_TRAINED, 1)
        elif job.kind == "research":
            owner.tech_researched[job.code] = max(owner.tech_researched.get(job.code, 0), job.level)
        else:
            self._change_type(u, job.code)
        self._publish("finish", u, job, trained)
        if trained is not None and u.rally is not None:
            self._to_rally(trained, u.rally)
        if u.production and u.alive:
            self._begin(u)

    def _change_type(self, u, code: int) -> None:
        store = self.game.units
        utype = store.unit_type(code)
        share = u.life / u.max_life if u.max_life > 0 else 1.0
        u.utype, u.type_id, u.name = utype, code, utype.name
        u.max_life = utype.life
        u.life = utype.life * share
        store.refresh_food(u)

    def _to_rally(self, unit, rally) -> None:
        if isinstance(rally, tuple):
            order = make_order("point", "smart", x=rally[0], y=rally[1])
        else:
            target = alive(rally)
            if target is None:
                return
            order = make_order("target", "smart", target=target)
        self.game.orders.issue(unit, order)

    def cancel(self, u) -> None:
        """``cancel``: the construction of ``u``, else the last job of its queue; gives back
        ``REFUND`` of the cost."""
        game = self.game
        if u.construction is not None:
            job = u.construction
            game.scheduler.cancel(job.entry)
            u.construction = None
            self._refund(u.owner, job)
            game.publish(UnitConstruct("cancel", u, builder=job.builder))
            self._release(job.builder, u)
            game.units.remove_unit(u)
            return
        job = own(u, "production").pop()
        self._refund(u.owner, job)
        game.scheduler.cancel(job.entry)
        if job.food:
            u.owner.add_state(PLAYER_STATE_RESOURCE_FOOD_USED, -job.food)
        if not u.production:
            self.held.pop(u, None)
        self._publish("cancel", u, job)

    def _refund(self, player, job: Job) -> None:
        rate = REFUND[job.kind]
        _pay(player, -int(job.gold * rate), -int(job.lumber * rate))

    def _sell(self, shop, order: Order) -> None:
        buyer, code = order.player, order.build_type
        cost = unit_cost(self.game, code)
        if cost is not None:
            _pay(buyer, cost.gold, cost.lumber)
        unit = self.game.units.create_unit(buyer, code, shop.x, shop.y, 270.0)
        self.game.publish(UnitSold(shop, unit, None))

    # -- model events -----------------------------------------------------------------------
    @listens(PlayerStateChanged, UnitDeath, UnitRemoved)
    def _on_event(self, event) -> None:
        kind = type(event)
        if kind is PlayerStateChanged:
            if self.held and event.state in (PLAYER_STATE_RESOURCE_FOOD_CAP,
                                             PLAYER_STATE_RESOURCE_FOOD_USED,
                                             PLAYER_STATE_FOOD_CAP_CEILING):
                self._retry(event.player)
            if event.state == PLAYER_STATE_RESOURCE_FOOD_CAP:
                _raise_score(event.player, PLAYER_SCORE_FOOD_MAXPROD, event.value)
            elif event.state == PLAYER_STATE_RESOURCE_FOOD_USED:
                _raise_score(event.player, PLAYER_SCORE_FOOD_MAXUSED, event.value)
        elif kind is UnitDeath or kind is UnitRemoved:
            u = event.unit
            if kind is UnitDeath:
                self._count_kill(u, event.killer)
            self._drop(u)

    def _retry(self, player) -> None:
        for b in [b for b in self.held if b.owner is player]:
            self.held.pop(b, None)
            if b.alive and b.production and b.production[0].since is None:
                self._begin(b)

    def _drop(self, u) -> None:
        """A dead or removed unit's construction and queue end (no refund)."""
        sched = self.game.scheduler
        if u.construction is not None:
            sched.cancel(u.construction.entry)
            self._release(u.construction.builder, u)
            u.construction = None
        for job in u.production:
            sched.cancel(job.entry)
            if job.food and not u.destroyed:
                u.owner.add_state(PLAYER_STATE_RESOURCE_FOOD_USED, -job.food)
        if u.production:
            own(u, "production").clear()
        self.held.pop(u, None)

    def _count_kill(self, u, killer) -> None:
        if killer is None or killer.owner.is_ally(u.owner):
            return
        if u.utype.is_structure:
            add_score(killer.owner, PLAYER_SCORE_STRUCT_RAZED, 1)
        else:
            add_score(killer.owner, PLAYER_SCORE_UNITS_KILLED, 1)
            if u.is_hero:
                add_score(killer.owner, PLAYER_SCORE_HEROES_KILLED, 1)


def _raise_score(player, score: int, value: int) -> None:
    if value > player.scores.get(score, 0):
        player.scores[score] = value


# ---------------------------------------------------------------------------------------
# natives
# ---------------------------------------------------------------------------------------

def _issue(ctx, u, order: Order) -> bool:
    return ctx.game.orders.issue(u, order)


@native("IssueBuildOrder", "takes unit whichPeon, string unitToBuild, real x, real y returns boolean")
def IssueBuildOrder(ctx, u, name, x, y):
    """Build a structure named by its internal string (``UnitId``): false for an unknown
    name and as ``IssueBuildOrderById`` (module docstring)."""
    code = unit_code_of(ctx.game.units, name)
    if not code:
        return False
    return _issue(ctx, u, Order("build", None, code, x=x, y=y, build_type=code))


def _neutral(ctx, p, u, name, **kw) -> bool:
    code = unit_code_of(ctx.game.units, name)
    if not code:
        return False
    return _issue(ctx, u, Order("neutral", None, code, build_type=code, player=p, **kw))


@native("IssueNeutralImmediateOrder", "takes player forWhichPlayer, unit neutralStructure, string unitToBuild returns boolean")
def IssueNeutralImmediateOrder(ctx, p, u, name):
    """The neutral building sells the named unit type to ``p`` (module docstring)."""
    return _neutral(ctx, p, u, name)


@native("IssueNeutralPointOrder", "takes player forWhichPlayer,unit neutralStructure, string unitToBuild, real x, real y returns boolean")
def IssueNeutralPointOrder(ctx, p, u, name, x, y):
    return _neutral(ctx, p, u, name, x=x, y=y)


@native("IssueNeutralTargetOrder", "takes player forWhichPlayer,unit neutralStructure, string unitToBuild, widget target returns boolean")
def IssueNeutralTargetOrder(ctx, p, u, name, target):
    return _neutral(ctx, p, u, name, target=alive(target))


@native("UnitSetConstructionProgress", "takes unit whichUnit, integer constructionPercentage returns nothing")
def UnitSetConstructionProgress(ctx, u, percent):
    """Set how far the construction of ``u`` is (0..100 %); no effect on a finished unit."""
    u = alive(u)
    if u is not None and u.construction is not None:
        ctx.game.production.set_progress(u.construction, percent / 100.0)


@native("UnitSetUpgradeProgress", "takes unit whichUnit, integer upgradePercentage returns nothing")
def UnitSetUpgradeProgress(ctx, u, percent):
    """Set how far the running structure upgrade of ``u`` is (0..100 %)."""
    u = alive(u)
    if u is not None and u.production and u.production[0].kind == "upgrade" \
            and u.production[0].since is not None:
        ctx.game.production.set_progress(u.production[0], percent / 100.0)


def _rally(u):
    u = alive(u)
    return alive(u.rally) if u is not None and not isinstance(u.rally, tuple) else None


@native("GetUnitRallyPoint", "takes unit whichUnit returns location", constant=True)
def GetUnitRallyPoint(ctx, u):
    """A new location at the rally point (a rally unit's or destructable's position);
    null without one."""
    u = alive(u)
    if u is None or u.rally is None:
        return None
    if isinstance(u.rally, tuple):
        return new_location(ctx.game, *u.rally)
    target = alive(u.rally)
    return new_location(ctx.game, target.x, target.y) if target is not None else None


@native("GetUnitRallyUnit", "takes unit whichUnit returns unit", constant=True)
def GetUnitRallyUnit(ctx, u):
    target = _rally(u)
    return target if target is not None and target.type_name == "unit" else None


@native("GetUnitRallyDestructable", "takes unit whichUnit returns destructable", constant=True)
def GetUnitRallyDestructable(ctx, u):
    target = _rally(u)
    return target if target is not None and target.type_name == "destructable" else None


@native("BlzDecPlayerTechResearched", "takes player whichPlayer, integer techid, integer levels returns nothing")
def BlzDecPlayerTechResearched(ctx, p, techid, levels):
    """Lower the player's level of an upgrade by ``levels`` (not below 0)."""
    if p is not None:
        p.tech_researched[techid] = max(0, p.tech_researched.get(techid, 0) - levels)


@native("GetPlayerScore", "takes player whichPlayer, playerscore whichPlayerScore returns integer", constant=True)
def GetPlayerScore(ctx, p, score):
    """The scores the model keeps (``SCORES_KEPT``): units trained, killed, structures
    built, razed, food produced/used at most, heroes killed, gold mined, gold lost to
    upkeep, lumber harvested, the sum of gold mined and lumber. Other scores are not
    modelled: a recorded error."""
    value = enum_value(score)
    if p is None or value < 0:
        return 0
    if value not in SCORES_KEPT:
        ctx.crash("unimplemented", f"GetPlayerScore: playerscore {value} is not modelled "
                                   f"(natives.production.SCORES_KEPT)")
        return 0
    if value == PLAYER_SCORE_RESOURCE_TOTAL:
        return (p.scores.get(PLAYER_SCORE_GOLD_MINED_TOTAL, 0)
                + p.scores.get(PLAYER_SCORE_LUMBER_TOTAL, 0))
    return p.scores.get(value, 0)
