"""Computer AI, the economy and town half of common.ai (issue 15 item 2): towns, unit counts
per town, harvesting, production (``SetProduce``, ``SetUpgrade``), expansions, and the small
natives around them. The captain and attack half is ``natives.aicaptains``.

Towns (``AIPlayer.towns``, a list of ``Town``): the game's AI groups a player's base around
its town halls. Here a town is made for each of the AI player's town halls (a unit classified
``townhall``, finished or not) that stands farther than ``TOWN_RADIUS`` from the towns
already known, numbered in the order they appear (town 0 is the first, the main base); its
mine is the nearest live gold mine within ``MINE_RADIUS`` of its centre (not hidden: an
entangled mine hides the plain one, ``natives.harvest``). A town keeps its
number when its hall dies (``TownHasHall`` is then false until a new hall stands there). A
unit belongs to the town whose centre is nearest, within ``TOWN_RADIUS``. Town ``-1``
means any town (common.ai's ``GetUnitCountEx``). The towns are refreshed when a native
reads them, at most once per game time (``Town`` data and ``AIPlayer.towns_at`` are saved
with the game).

Counts (``GetTownUnitCount``, and ``natives.ai.count_units`` behind ``GetUnitCount``): a
unit in progress is a structure under construction, a structure a worker is on its way to
build, a unit in a building's training queue or a building upgrading into the type; "done"
counts only finished, alive units.

Harvesting: ``ClearHarvestAI`` forgets the requests; ``HarvestGold(town, n)`` /
``HarvestWood(town, n)`` each add a request for ``n`` more workers on the town's gold mine
/ trees near it (``AIPlayer.harvest``, in order: common.ai's melee scripts ask
``HarvestGold(T,4)``, ``HarvestWood(0,1)``, ``HarvestGold(T,1)``... so the requests add up
and the earlier ones come first). After each request the workers are assigned through
``natives.harvest``'s orders: those already on a requested job keep it, up to what all the
requests want of it; a request short of workers takes idle workers, then workers beyond
what their own job wants, in order. Workers building keep building; a town without a
finished hall takes none. ``StopGathering`` (common.ai's
``InitAI``) stops the AI's workers that are harvesting, so that only these natives decide
who gathers (project reading of the name; jassdoc has no description).

Production: ``SetProduce(qty, id, town)`` starts up to ``qty`` of unit type ``id``: a
structure is built by a worker of the AI (idle, else a wood then a gold harvester) on the
first free site around the town's hall (``site_for``), a town hall's next form
(``natives.production.NEXT_FORM``) is an upgrade of a hall, any other type is trained by the
AI's finished buildings that train it (``PRODUCERS``) whose queue holds fewer than
``AI_QUEUE`` jobs. It returns true when at least one was started, false when nothing
could be (no producer or worker, no money, no food, no site: the orders are refused as
``natives.production`` refuses them). ``SetUpgrade(id)`` researches the next level at a
building of the AI that researches it (``RESEARCHERS``).

Expansions: ``GetNextExpansion`` picks the live gold mine nearest town 0 that no player's
town hall stands within ``MINE_RADIUS`` of, and answers the number the town there will get
(-1: none); ``GetExpansionX/Y`` are that mine's position; ``GetExpansionPeon`` a worker
to send (a gold harvester, else an idle one); ``SetExpansion(peon, hall)`` orders it to
build the hall beside that mine.

Figures: ``PRODUCERS`` and ``RESEARCHERS`` are game facts from the Liquipedia unit and
building pages (liquipedia.net/warcraft: each unit's "Trained at" / "Requires", each
building's "Researches"); the Flying Machine's, Gryphon Rider's, Obsidian Statue's and the
Night Elf rows from the Ancient of Lore and the Ancient of Wind from the "Produced at" line
of their Wowpedia / warcraft.wiki.gg "<unit> (Warcraft III)" pages. ``TOWN_RADIUS`` and ``MINE_RADIUS``, ``AI_QUEUE`` and the site
search are project choices (the game's AI placement is not published).
"""
from __future__ import annotations

import math
from typing import Any

from natives.ai import ai_native, count_units, own, owned_units
from natives.aicaptains import ignored_units
from natives.handles import alive
from natives.orders import Order
from natives.players import PLAYER_STATE_RESOURCE_GOLD, PLAYER_STATE_RESOURCE_LUMBER
from natives.production import NEXT_FORM, unit_cost, upgrade_cost, upgrade_levels
from natives.unitdata import rawcode

TOWN_RADIUS = 1200.0
"""World units: a unit this near a town's centre may belong to it; a new hall farther than
this from every known town makes a new town (project choice)."""

MINE_RADIUS = 1200.0
"""World units: the gold mine of a town stands at most this far from its centre (project
choice; melee maps place a start location's mine some 600-900 units from it)."""

AI_QUEUE = 2
"""Jobs an AI keeps queued in one building at most when it trains (project choice)."""

SITE_STEP = 64.0
"""World units between the rings and points of the site search (project choice)."""


class Town:
    """One town of an AI player: ``index`` its number, ``x``/``y`` its centre (world
    units, where its first hall stood), ``hall`` its town hall unit (None: none now),
    ``mine`` its gold mine (None: none)."""

    def __init__(self, index: int, x: float, y: float, hall: Any = None, mine: Any = None) -> None:
        self.index, self.x, self.y, self.hall, self.mine = index, x, y, hall, mine


# product|made by (comma separated)  -- Liquipedia unit pages, "Trained at" / built by
_PRODUCERS = """
hpea|htow,hkee,hcas
hfoo|hbar
hrif|hbar
hkni|hbar
hmpr|hars
hsor|hars
hspt|hars
hgyr|harm
hmtm|harm
hgry|hgra
Hpal|halt
Hamg|halt
Hmkg|halt
Hblm|halt
opeo|ogre,ostr,ofrt
ogru|obar
ohun|obar
ocat|obar
orai|obea
okod|obea
owyv|obea
otbr|obea
oshm|osld
odoc|osld
ospw|osld
otau|otto
Obla|oalt
Ofar|oalt
Otch|oalt
Oshd|oalt
uaco|unpl,unp1,unp2
ugho|usep
ucry|usep
uobs|uslh
ugar|usep
Udea|uaod
Ulic|uaod
Udre|uaod
Ucrl|uaod
ewsp|etol,etoa,etoe
earc|eaom
esen|eaom
edry|eaoe
edoc|eaoe
emtg|eaoe
ehip|eaow
edot|eaow
efdr|eaow
Edem|eate
Ekee|eate
Emoo|eate
Ewar|eate
"""

# upgrade|researched at (comma separated) -- Liquipedia building pages, "Researches"
_RESEARCHERS = """
Rhme|hbla
Rhar|hbla
Rhra|hbla
Rhla|hbla
Rhlh|hlum
Rhac|hlum
Rhde|hbar
Rhan|hbar
Rhri|hbar
Rome|ofor
Rora|ofor
Roar|ofor
Rosp|ofor
Ropg|ogre,ostr,ofrt
Robs|obar
Rotr|obar
Roen|obea
Rovs|osld
"""


def _table(text: str) -> dict[int, frozenset[int]]:
    out = {}
    for line in text.strip().splitlines():
        code, makers = line.split("|")
        out[rawcode(code)] = frozenset(rawcode(m) for m in makers.split(","))
    return out


PRODUCERS: dict[int, frozenset[int]] = _table(_PRODUCERS)
"""Unit type -> the building types that train it (source in the module docstring)."""

RESEARCHERS: dict[int, frozenset[int]] = _table(_RESEARCHERS)
"""Upgrade -> the building types that research it (source in the module docstring)."""


# ---------------------------------------------------------------------------------------
# towns
# ---------------------------------------------------------------------------------------

def _dist(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(bx - ax, by - ay)


def _is_hall(u) -> bool:
    return "townhall" in u.utype.flags and u.alive


def _mines(game) -> list:
    return [u for u in game.units.units.values() if game.harvest.is_mine(u)]


def _nearest(items, x: float, y: float, limit: float):
    best, best_d = None, limit
    for it in items:
        d = _dist(x, y, it.x, it.y)
        if d <= best_d:
            best, best_d = it, d
    return best


def towns(game, entry) -> list[Town]:
    """The AI player's towns, refreshed (module docstring)."""
    if entry.towns_at == game.now and entry.towns_seen == game.units._serial:
        return entry.towns
    entry.towns_at, entry.towns_seen = game.now, game.units._serial
    halls = [u for u in owned_units(game, entry.pid) if _is_hall(u)]
    mines = None
    for town in entry.towns:
        if town.hall is not None and (alive(town.hall) is None or not town.hall.alive):
            town.hall = None
        if town.hall is None:
            town.hall = _nearest(halls, town.x, town.y, TOWN_RADIUS)
        if not game.harvest.is_mine(alive(town.mine)):
            mines = _mines(game) if mines is None else mines
            town.mine = _nearest(mines, town.x, town.y, MINE_RADIUS)
    known = {id(t.hall) for t in entry.towns if t.hall is not None}
    for hall in halls:
        if id(hall) in known or any(_dist(t.x, t.y, hall.x, hall.y) <= TOWN_RADIUS for t in entry.towns):
            continue
        mines = _mines(game) if mines is None else mines
        entry.towns.append(Town(len(entry.towns), hall.x, hall.y, hall,
                                _nearest(mines, hall.x, hall.y, MINE_RADIUS)))
    return entry.towns


def town_of(game, entry, x: float, y: float) -> int:
    """The number of the AI player's town a point belongs to, -1 for none."""
    best = _nearest(towns(game, entry), x, y, TOWN_RADIUS)
    return best.index if best is not None else -1


def _town(ctx, entry, index: int) -> Town | None:
    ts = towns(ctx.game, entry)
    return ts[index] if 0 <= index < len(ts) else None


# ---------------------------------------------------------------------------------------
# natives: counts and towns
# ---------------------------------------------------------------------------------------

@ai_native("GetTownUnitCount", "takes integer id, integer tn, boolean dn returns integer")
def GetTownUnitCount(ctx, unitid, tn, done):
    """The AI player's units of type ``unitid`` in town ``tn`` (-1: any), finished only when
    ``done``, else also those in progress (module docstring)."""
    entry = own(ctx)
    game = ctx.game
    if tn < 0:
        return count_units(game, entry.pid, unitid, bool(done))
    if _town(ctx, entry, tn) is None:
        return 0
    return count_units(game, entry.pid, unitid, bool(done),
                       where=lambda u: town_of(game, entry, u.x, u.y) == tn)


@ai_native("GetMinesOwned", "takes nothing returns integer")
def GetMinesOwned(ctx):
    """How many of the AI player's towns have a gold mine and a town hall."""
    entry = own(ctx)
    return sum(1 for t in towns(ctx.game, entry) if t.mine is not None and t.hall is not None)


@ai_native("GetGoldOwned", "takes nothing returns integer")
def GetGoldOwned(ctx):
    """Gold left in the mines of the AI player's towns that have a hall."""
    entry = own(ctx)
    return sum(t.mine.resource_amount for t in towns(ctx.game, entry)
               if t.mine is not None and t.hall is not None)


@ai_native("TownWithMine", "takes nothing returns integer")
def TownWithMine(ctx):
    """The first of the AI player's towns with a hall and a gold mine, -1 for none."""
    entry = own(ctx)
    for t in towns(ctx.game, entry):
        if t.mine is not None and t.hall is not None:
            return t.index
    return -1


@ai_native("TownHasMine", "takes integer townid returns boolean")
def TownHasMine(ctx, townid):
    """Whether town ``townid`` has a live gold mine (false for an unknown town)."""
    t = _town(ctx, own(ctx), townid)
    return t is not None and t.mine is not None


@ai_native("TownHasHall", "takes integer townid returns boolean")
def TownHasHall(ctx, townid):
    """Whether town ``townid`` has a live town hall, finished or not (false for an unknown
    town)."""
    t = _town(ctx, own(ctx), townid)
    return t is not None and t.hall is not None


# ---------------------------------------------------------------------------------------
# natives: upgrades
# ---------------------------------------------------------------------------------------

def _researching(game, pid: int, code: int) -> int:
    return sum(1 for b in owned_units(game, pid) for j in b.production
               if j.kind == "research" and j.code == code)


@ai_native("GetUpgradeLevel", "takes integer id returns integer")
def GetUpgradeLevel(ctx, upgid):
    """The AI player's level of upgrade ``upgid``, counting the levels in research
    (common.ai's ``StartUpgrade`` compares it with the level wanted before asking again)."""
    return _level(ctx, upgid)


def _level(ctx, upgid: int) -> int:
    pid = own(ctx).pid
    return ctx.game.players.get(pid).tech_researched.get(upgid, 0) + _researching(ctx.game, pid, upgid)


def _next_cost(ctx, upgid: int):
    level = _level(ctx, upgid) + 1
    levels = upgrade_levels(ctx.game, upgid)
    if levels is not None and level > levels:
        level = levels
    cost = upgrade_cost(ctx.game, upgid, max(1, level))
    if cost is None:
        ctx.crash("unimplemented", f"no cost of upgrade {upgid} is known (the map's object data "
                  "and natives.production.UPGRADE_COSTS lack it)")
    return cost


@ai_native("GetUpgradeGoldCost", "takes integer id returns integer")
def GetUpgradeGoldCost(ctx, upgid):
    """Gold cost of the next level of upgrade ``upgid`` for the AI player."""
    return _next_cost(ctx, upgid).gold


@ai_native("GetUpgradeWoodCost", "takes integer id returns integer")
def GetUpgradeWoodCost(ctx, upgid):
    """Lumber cost of the next level of upgrade ``upgid`` for the AI player."""
    return _next_cost(ctx, upgid).lumber


# ---------------------------------------------------------------------------------------
# workers and harvesting
# ---------------------------------------------------------------------------------------

def _workers(game, pid: int) -> list:
    """The AI player's live, movable workers (units classified ``peon``), by handle id."""
    out = [u for u in owned_units(game, pid)
           if u.alive and "peon" in u.utype.flags and u.move_speed > 0 and u.construction is None]
    out.sort(key=lambda u: u.handle_id)
    return out


def _gathering(u) -> str | None:
    """``gold``/``lumber`` for a worker on a harvest trip, else None."""
    w = u.work
    return w.job.resource if w is not None and w.mode == "harvest" else None


def _busy(u) -> bool:
    """A worker building or on its way to build."""
    w = u.work
    return w is not None and w.mode in ("build", "construct")


def _idle(u) -> bool:
    return u.work is None and not u.order_queue


def _trees_near(game, x: float, y: float, n: int) -> list:
    """The ``n`` live trees nearest (x, y), nearest first."""
    harvest = game.harvest
    trees = [d for d in game.units.destructables.values() if harvest.is_tree(d)]
    trees.sort(key=lambda d: (_dist(x, y, d.x, d.y), d.handle_id))
    return trees[:n]


def _job(game, entry, u) -> tuple[int, str] | None:
    """(town, resource) of a harvesting worker, None for one that does not harvest."""
    resource = _gathering(u)
    if resource is None:
        return None
    src = alive(u.work.job.source)
    x, y = (src.x, src.y) if src is not None else (u.x, u.y)
    return town_of(game, entry, x, y), resource


def _assign(game, entry) -> None:
    """Meet the harvest requests of the AI (``AIPlayer.harvest``) in their order: workers
    already on a requested job keep it up to the number wanted in all; a request short of
    workers takes idle ones, then those beyond what their own job wants (module doc)."""
    ts = towns(game, entry)
    want: dict[tuple[int, str], int] = {}
    for town, resource, n in entry.harvest:
        want[(town, resource)] = want.get((town, resource), 0) + n
    doing: dict[tuple[int, str], list] = {}
    pool = []
    for u in _workers(game, entry.pid):
        if _busy(u):
            continue
        job = _job(game, entry, u)
        if job is None:
            if _idle(u):
                pool.append(u)
            continue
        doing.setdefault(job, []).append(u)
    spare = []
    for job, us in doing.items():
        keep = want.get(job, 0)
        spare.extend(us[keep:])
        del us[keep:]
    pool.extend(sorted(spare, key=lambda u: u.handle_id))
    had = {job: len(us) for job, us in doing.items()}
    for town, resource, n in entry.harvest:
        job = (town, resource)
        t = ts[town] if 0 <= town < len(ts) else None
        have = had.get(job, 0)
        if t is None or t.hall is None or t.hall.construction is not None \
                or (resource == "gold" and t.mine is None):
            continue
        need = min(n, want[job] - have)
        if need <= 0:
            had[job] = have - n if have > n else 0
            continue
        targets = [t.mine] if resource == "gold" else _trees_near(game, t.x, t.y, 4)
        while need > 0 and pool and targets:
            u = pool.pop(0)
            target = targets[(have + need) % len(targets)]
            if game.orders.issue(u, Order("target", "harvest", None, target=target)):
                need -= 1
        want[job] -= n


@ai_native("StopGathering", "takes nothing returns nothing")
def StopGathering(ctx):
    """The AI player's harvesting workers stop (module docstring); ``HarvestGold`` and
    ``HarvestWood`` assign them again."""
    entry = own(ctx)
    game = ctx.game
    for u in _workers(game, entry.pid):
        if _gathering(u) is not None:
            game.orders.issue(u, Order("immediate", "stop", None))


@ai_native("ClearHarvestAI", "takes nothing returns nothing")
def ClearHarvestAI(ctx):
    """Forget the harvest requests (the workers go on with what they do until the next
    requests say otherwise)."""
    own(ctx).harvest.clear()


def _harvest(ctx, town: int, peons: int, resource: str) -> None:
    entry = own(ctx)
    if peons > 0:
        entry.harvest.append((town, resource, peons))
        _assign(ctx.game, entry)


@ai_native("HarvestGold", "takes integer town, integer peons returns nothing")
def HarvestGold(ctx, town, peons):
    """Ask for ``peons`` more of the AI's workers on the gold mine of town ``town`` (after
    the requests made since ``ClearHarvestAI``); assigned now (module docstring). Nothing
    for a town without a finished hall or a mine."""
    _harvest(ctx, town, peons, "gold")


@ai_native("HarvestWood", "takes integer town, integer peons returns nothing")
def HarvestWood(ctx, town, peons):
    """Ask for ``peons`` more of the AI's workers cutting trees near town ``town``."""
    _harvest(ctx, town, peons, "lumber")


def _spare_worker(game, entry, race: int):
    """A worker of ``race`` free to build: idle first, then a wood, then a gold harvester
    (None)."""
    best, rank = None, 9
    for u in _workers(game, entry.pid):
        if _busy(u) or u.utype.race != race:
            continue
        r = 0 if _idle(u) else {"lumber": 1, "gold": 2}.get(_gathering(u), 3)
        if r < rank:
            best, rank = u, r
    return best


# ---------------------------------------------------------------------------------------
# production
# ---------------------------------------------------------------------------------------

def site_for(game, code: int, x: float, y: float, start: float, avoid=None) -> tuple[float, float] | None:
    """The first point on rings around (x, y), from ``start`` world units out, ``SITE_STEP``
    apart, where a structure of type ``code`` may stand (``Production.site_free``) and that
    keeps clear of the line between ``avoid`` (a town's hall and mine, so workers can walk
    it); None within ``TOWN_RADIUS``."""
    production = game.production
    r = start
    while r <= TOWN_RADIUS:
        n = max(8, int(2 * math.pi * r / SITE_STEP))
        for i in range(n):
            a = 2 * math.pi * i / n
            px, py = x + r * math.cos(a), y + r * math.sin(a)
            if avoid is not None and _near_segment(px, py, avoid, game.units.unit_type(code).collision):
                continue
            if production.site_free(code, px, py):
                return px, py
        r += SITE_STEP
    return None


def _near_segment(px: float, py: float, seg, radius: float) -> bool:
    (ax, ay), (bx, by) = seg
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return _dist(px, py, ax + t * dx, ay + t * dy) < radius + 96.0


def _build(game, entry, code: int, town: int) -> bool:
    """A worker of the AI builds one ``code`` in ``town`` (-1: the main town)."""
    ts = towns(game, entry)
    t = ts[town] if 0 <= town < len(ts) else (ts[0] if ts else None)
    utype = game.units.unit_type(code)
    worker = _spare_worker(game, entry, utype.race)
    if worker is None:
        return False
    if t is None:
        x, y, start, avoid = worker.x, worker.y, utype.collision + worker.collision + 32.0, None
    else:
        hall = t.hall
        start = utype.collision + (hall.collision if hall is not None else 0.0) + 64.0
        avoid = ((t.x, t.y), (t.mine.x, t.mine.y)) if t.mine is not None else None
        x, y = t.x, t.y
    site = site_for(game, code, x, y, start, avoid)
    if site is None:
        return False
    return game.orders.issue(worker, Order("build", None, code, x=site[0], y=site[1], build_type=code))


def _producers(game, entry, makers: frozenset, town: int) -> list:
    out = []
    for b in owned_units(game, entry.pid):
        if b.alive and b.construction is None and b.type_id in makers \
                and (town < 0 or town_of(game, entry, b.x, b.y) == town):
            out.append(b)
    out.sort(key=lambda b: (len(b.production), b.handle_id))
    return out


def _queue(game, buildings: list, code: int, qty: int) -> int:
    """Order ``qty`` of ``code`` from the least busy of ``buildings``; how many started."""
    made = 0
    for _ in range(qty):
        for b in sorted(buildings, key=lambda b: len(b.production)):
            if len(b.production) < AI_QUEUE and game.orders.issue(b, Order("immediate", None, code)):
                made += 1
                break
        else:
            break
    return made


@ai_native("SetProduce", "takes integer qty, integer id, integer town returns boolean")
def SetProduce(ctx, qty, unitid, town):
    """Start up to ``qty`` of unit type ``unitid`` in town ``town`` (-1: any); true when at
    least one started (module docstring)."""
    entry = own(ctx)
    game = ctx.game
    if qty <= 0:
        return False
    halls = [c for c, nxt in NEXT_FORM.items() if nxt == unitid]
    if halls:
        return _queue(game, _producers(game, entry, frozenset(halls), town), unitid, qty) > 0
    utype = game.units.unit_type(unitid)
    if utype.is_structure:
        return any([_build(game, entry, unitid, town) for _ in range(qty)])
    makers = PRODUCERS.get(game.object_types.base_code("unit", unitid))
    if makers is None:
        return False
    return _queue(game, _producers(game, entry, makers, town), unitid, qty) > 0


@ai_native("SetUpgrade", "takes integer id returns boolean")
def SetUpgrade(ctx, upgid):
    """Research the next level of ``upgid`` at a building of the AI that researches it;
    true when started."""
    entry = own(ctx)
    game = ctx.game
    makers = RESEARCHERS.get(game.object_types.base_code("upgrade", upgid))
    if makers is None:
        return False
    return _queue(game, _producers(game, entry, makers, -1), upgid, 1) > 0


# ---------------------------------------------------------------------------------------
# expansions
# ---------------------------------------------------------------------------------------

def _free_mine(game, entry):
    """The live gold mine nearest town 0 with no town hall of any player near it."""
    ts = towns(game, entry)
    if not ts:
        return None
    halls = [u for u in game.units.units.values() if _is_hall(u)]
    best, best_d = None, math.inf
    for m in _mines(game):
        if m.resource_amount <= 0 or any(_dist(m.x, m.y, h.x, h.y) <= MINE_RADIUS for h in halls):
            continue
        d = _dist(ts[0].x, ts[0].y, m.x, m.y)
        if d < best_d:
            best, best_d = m, d
    return best


@ai_native("GetNextExpansion", "takes nothing returns integer")
def GetNextExpansion(ctx):
    """The number the AI's next town will have, at the free gold mine nearest its main
    town (``GetExpansionX/Y``); -1 when there is none."""
    entry = own(ctx)
    entry.expansion = _free_mine(ctx.game, entry)
    return len(entry.towns) if entry.expansion is not None else -1


def _expansion(ctx):
    entry = own(ctx)
    m = alive(entry.expansion)
    if m is None or not m.alive:
        entry.expansion = m = _free_mine(ctx.game, entry)
    return m


@ai_native("GetExpansionX", "takes nothing returns integer")
def GetExpansionX(ctx):
    """X of the AI's chosen expansion's gold mine (world units; 0 without one)."""
    m = _expansion(ctx)
    return int(m.x) if m is not None else 0


@ai_native("GetExpansionY", "takes nothing returns integer")
def GetExpansionY(ctx):
    """Y of the AI's chosen expansion's gold mine (world units; 0 without one)."""
    m = _expansion(ctx)
    return int(m.y) if m is not None else 0


@ai_native("GetExpansionPeon", "takes nothing returns unit")
def GetExpansionPeon(ctx):
    """A worker of the AI to build the expansion: a gold harvester, else an idle one (null)."""
    entry = own(ctx)
    workers = [u for u in _workers(ctx.game, entry.pid) if not _busy(u)]
    for u in workers:
        if _gathering(u) == "gold":
            return u
    return next((u for u in workers if _idle(u)), None)


@ai_native("SetExpansion", "takes unit peon, integer id returns boolean")
def SetExpansion(ctx, peon, hallid):
    """Order ``peon`` to build a ``hallid`` beside the chosen expansion's mine; true when
    the order was accepted."""
    peon = alive(peon)
    mine = _expansion(ctx)
    if peon is None or mine is None:
        return False
    game = ctx.game
    hall = game.units.unit_type(hallid)
    site = site_for(game, hallid, mine.x, mine.y, mine.collision + hall.collision + 64.0)
    if site is None:
        return False
    return game.orders.issue(peon, Order("build", None, hallid, x=site[0], y=site[1], build_type=hallid))


# ---------------------------------------------------------------------------------------
# buildings, heroes, merged and converted units
# ---------------------------------------------------------------------------------------

UNSUMMON_REFUND = 0.5
"""Share of its cost an unsummoned undead building gives back (Liquipedia "Acolyte":
Unsummon Building returns half the building's resources)."""


@ai_native("GetBuilding", "takes player p returns unit")
def GetBuilding(ctx, p):
    """A finished, live structure of ``p`` (the oldest), null for none (common.ai's
    ``UnsummonAll`` unsummons them one by one)."""
    if p is None:
        return None
    found = [u for u in owned_units(ctx.game, p.id)
             if u.alive and u.utype.is_structure and u.construction is None]
    return min(found, key=lambda u: u.handle_id) if found else None


@ai_native("Unsummon", "takes unit unitid returns nothing")
def Unsummon(ctx, u):
    """Unsummon a building: it is removed and its owner gets ``UNSUMMON_REFUND`` of its
    cost back (whole gold and lumber)."""
    u = alive(u)
    if u is None or not u.alive or not u.utype.is_structure:
        return
    cost = unit_cost(ctx.game, u.type_id)
    if cost is not None:
        u.owner.add_state(PLAYER_STATE_RESOURCE_GOLD, int(cost.gold * UNSUMMON_REFUND))
        u.owner.add_state(PLAYER_STATE_RESOURCE_LUMBER, int(cost.lumber * UNSUMMON_REFUND))
    ctx.game.units.remove_unit(u)


@ai_native("SetHeroLevels", "takes code func returns nothing")
def SetHeroLevels(ctx, func):
    """The function the AI calls to choose a skill when one of its heroes gains a level
    (common.ai's ``SkillArrays``: it reads ``GetHeroId``/``GetHeroLevelAI`` and returns
    the ability to learn)."""
    own(ctx).hero_levels = func


def _hero(ctx):
    entry = own(ctx)
    h = alive(entry.hero)
    if h is None:
        ctx.crash("unimplemented", "GetHeroId/GetHeroLevelAI outside the skill choice of "
                  "SetHeroLevels: what the game answers is not known")
    return h


@ai_native("GetHeroId", "takes nothing returns integer")
def GetHeroId(ctx):
    """The type of the hero whose skill the ``SetHeroLevels`` function chooses."""
    return _hero(ctx).type_id


@ai_native("GetHeroLevelAI", "takes nothing returns integer")
def GetHeroLevelAI(ctx):
    """The level of the hero whose skill the ``SetHeroLevels`` function chooses."""
    return _hero(ctx).hero.level


def _of_type(game, pid: int, code: int) -> list:
    out = [u for u in owned_units(game, pid) if u.alive and u.type_id == code and u.construction is None]
    out.sort(key=lambda u: u.handle_id)
    return out


@ai_native("MergeUnits", "takes integer qty, integer a, integer b, integer make returns boolean")
def MergeUnits(ctx, qty, a, b, make):
    """Merge one unit of type ``a`` and one of type ``b`` into one ``make`` (night elf
    archer and hippogryph into a hippogryph rider, Liquipedia "Hippogryph Rider") while the
    AI has fewer than ``qty``; true when one was merged."""
    entry = own(ctx)
    game = ctx.game
    if count_units(game, entry.pid, make, False) >= qty:
        return False
    firsts, seconds = _of_type(game, entry.pid, a), _of_type(game, entry.pid, b)
    if not firsts or not seconds:
        return False
    rider, mount = firsts[0], seconds[0]
    x, y = mount.x, mount.y
    game.units.remove_unit(rider)
    game.units.remove_unit(mount)
    game.units.create_unit(game.players.get(entry.pid), make, x, y, 270.0)
    return True


CONVERSIONS: dict[int, int] = {rawcode("uobs"): rawcode("ubsp")}
"""Unit type -> the type the AI converts it into (undead obsidian statue into destroyer,
Liquipedia "Obsidian Statue": Destroyer Form)."""


@ai_native("ConvertUnits", "takes integer qty, integer id returns boolean")
def ConvertUnits(ctx, qty, unitid):
    """Turn one unit of type ``unitid`` into its converted form (``CONVERSIONS``) while
    the AI has fewer than ``qty`` of that form; true when one was converted."""
    entry = own(ctx)
    game = ctx.game
    into = CONVERSIONS.get(unitid)
    if into is None or count_units(game, entry.pid, into, False) >= qty:
        return False
    found = _of_type(game, entry.pid, unitid)
    if not found:
        return False
    u = found[0]
    x, y, facing = u.x, u.y, u.facing
    game.units.remove_unit(u)
    game.units.create_unit(game.players.get(entry.pid), into, x, y, facing)
    return True


@ai_native("PurchaseZeppelin", "takes nothing returns nothing")
def PurchaseZeppelin(ctx):
    """Buy a goblin zeppelin ('nzep') at the first goblin laboratory ('ngad') on the map,
    through the neutral sale order (``IssueNeutralImmediateOrder``); nothing without one
    (the game's choice of laboratory is not documented)."""
    entry = own(ctx)
    game = ctx.game
    lab = next((u for u in game.units.units.values() if u.alive and u.type_id == GOBLIN_LAB), None)
    if lab is not None:
        game.orders.issue(lab, Order("neutral", None, ZEPPELIN, build_type=ZEPPELIN,
                                     player=game.players.get(entry.pid)))


GOBLIN_LAB, ZEPPELIN = rawcode("ngad"), rawcode("nzep")


# -- switches and queries ------------------------------------------------------------------

@ai_native("DoAiScriptDebug", "takes nothing returns boolean")
def DoAiScriptDebug(ctx):
    """False: the game's AI debugging is off in a release build (common.ai only prints
    traces when it is on)."""
    own(ctx)
    return False


@ai_native("DisablePathing", "takes nothing returns nothing")
def DisablePathing(ctx):
    """Recorded on the AI (``AIPlayer.flags``): the AI's own path checks are off."""
    own(ctx).flags["DisablePathing"] = True


@ai_native("SetAmphibious", "takes nothing returns nothing")
def SetAmphibious(ctx):
    """Recorded on the AI (``AIPlayer.flags``): the AI plans paths over water."""
    own(ctx).flags["SetAmphibious"] = True


@ai_native("UnitInvis", "takes unit id returns boolean")
def UnitInvis(ctx, u):
    """False: invisibility is not modelled (as ``IsUnitInvisible``, ``natives.fog``)."""
    return False


@ai_native("IgnoredUnits", "takes integer unitid returns integer")
def IgnoredUnits(ctx, unitid):
    """How many of the AI's units of type ``unitid`` its attack group cannot take (common.ai
    adds them to what it wants): its defenders and guards (``natives.aicaptains``)."""
    return ignored_units(ctx.game, own(ctx).pid, unitid)


@ai_native("CreepsOnMap", "takes nothing returns boolean")
def CreepsOnMap(ctx):
    """Whether any live unit of Neutral Hostile (the creeps) is on the map."""
    game = ctx.game
    return any(u.alive for u in owned_units(game, game.players.neutral_aggressive_id))
