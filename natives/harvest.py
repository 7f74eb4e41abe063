"""Harvest: workers gather gold from gold mines and lumber from trees (issue 12 item 4).

Orders (``natives.orders`` hands them over: ``Orders.extensions``): ``harvest`` (and
``smart``) on a gold mine or a tree, ``resumeharvesting`` (back to the last resource
harvested, ``unit.harvest_from``) and ``returnresources`` (deliver the load carried,
``unit.load``, then resume). A worker type without figures in ``GATHERERS`` that is a peon
has the order recorded but not carried out (a warning names the type); other units cannot
harvest (false). A harvest order is refused for a mine without gold, a dead tree, a
resource the type does not gather (a wisp's gold comes only from an entangled mine, and only
wisps gather from one), and
for ``returnresources`` without a load.

The rate model (a trip is one ``harvest`` ``Work`` of ``natives.orders``, data in
``Trip``; one scheduler entry per busy worker, none for idle ones):

- a carrying worker (peasant, peon) walks to the resource at its speed, gathers a load,
  walks to the nearest of its owner's drop-off buildings (a finished town hall of any tier,
  and for lumber ``LUMBER_DROP`` too), delivers the load there -- the owner's
  PLAYER_STATE_RESOURCE_GOLD / _LUMBER and _GOLD_GATHERED / _LUMBER_GATHERED rise (so
  ``TriggerRegisterPlayerStateEvent`` limit events fire) and the gold mined / lumber
  score -- and walks back;
- gold: a load is ``Gatherer.gold`` taken from the mine's gold (``GetResourceAmount``) after
  ``MINING_TIME`` inside the mine, which holds one worker at a time (the others wait at the
  entrance); a mine whose gold runs out collapses (it dies);
- lumber: ``Gatherer.cut`` lumber per swing of ``Gatherer.chop`` seconds, each swing as
  much damage to the tree, up to the capacity (``Gatherer.lumber``, plus ``LUMBER_UPGRADES``
  per level researched); a tree at 0 life dies and the worker goes on to the nearest live
  tree within ``TREE_SEARCH`` of it. The swings of a load are counted when the load is full;
- a worker that does not carry (acolyte, wisp) stays at its mine or tree: the mine gives
  its owner ``Gatherer.gold`` every ``Gatherer.interval`` seconds, the tree
  ``Gatherer.lumber`` every ``Gatherer.lumber_interval`` seconds without losing life. An
  acolyte gathers only from a Haunted Gold Mine (``ugol``), a wisp only from an Entangled
  one (``egol``), and a mine holds ``MINE_PLACES`` of them; one more waits at the mine and
  looks again every ``Gatherer.interval`` (a project choice: no page says what it does).

Figures: Liquipedia "Peasant" and "Peon" (Gather: gold capacity 10, lumber capacity 10,
damage to trees 1, tree attack cooldown 1.1 s; Improved Lumber Harvesting: capacity bonus
10) and "Acolyte" (Gather: 10 gold per interval, interval 5 s); warcraft.wiki.gg "Ghoul
(Warcraft III)" (carries 20 lumber; its attack on trees: damage 2, cooldown 1.35 s; one
lumber per point of damage, as the peasant's 1 per swing); the wisp: classic.battle.net
war3/nightelf/units/wisp.shtml (gold only inside an Entangled Gold Mine, trees are not used
up), Wowpedia "Wisp (Warcraft III)" ("Wisps gather gold similar to Acolytes": the acolyte's
10 gold per 5 s; "This gathers 5 lumber at a time, and wisps do not need to return to a
drop-off point") and StrategyWiki "Warcraft III: Reign of Chaos/Night Elves" (the lumber
"rate at which it arrives seems to be the same as for the other races": 5 lumber per 5 x
1.1 s, the peasant's rate). The wisp's two intervals are these derived figures, not
published ones. ``MINING_TIME`` is a
project choice, not a published figure: with it and the patch 1.13 rule that five workers
saturate a mine next to its town hall (Liquipedia "Gold", patch history), a short trip takes
about five seconds. Gold delivered is taxed by the owner's upkeep (``natives.upkeep``: the
owner receives it, and counts it in PLAYER_STATE_GOLD_GATHERED, after the tax; the gold mined
score counts the whole load); lumber is not.

Entangling (``entangleinstant``, the order Blizzard.j's ``MeleeStartingUnitsNightElf`` gives
its new Tree of Life for the start mine, "already entangled"): a night elf town hall of any
tier (``ENTANGLERS``) ordered ``entangleinstant`` on a plain gold mine (``ngol``) makes it an
Entangled Gold Mine (``egol``) at once, owned by the town hall's owner, at the mine's point
and facing, with the gold the mine has left; the plain mine is hidden while it is entangled
and comes back (shown, with the gold the entangled mine had left) when the entangled mine is
destroyed; an entangled mine whose gold runs out collapses and the plain mine with it.
Wisps gather only from the entangled mine (``Gatherer.mines``). Sources: warcraft.wiki.gg
"Tree of Life (Warcraft III)" (Entangle Gold Mine: "Entangles the gold mine, allowing Wisps
to enter and mine the gold"; allowed targets: Gold Mine), oocities.org/subgun950/elve.html
("Only Wisps can enter the Entangled Gold Mine; workers of other races cannot enter"; "Up
to five Wisps are placed inside the Entangled Gold Mine"); WoWWiki "Gold mine" (Warcraft III
section: "The Undead must first "haunt" a gold mine, once it is completed, up to five
Acolytes can attach themselves around the mine to harvest the gold"); the
gold moving to the new mine as Blizzard.j's ``BlightGoldMineForPlayerBJ`` moves it to a
haunted mine (``SetResourceAmount(newMine, mineGold)``). The plain mine coming back when
the entangled one is destroyed is the game's behaviour as played (no page read states it).
The timed ``entangle`` order (60 s, the Tree rooted beside the mine: the same wiki page)
and the release on uprooting are not modelled.
"""
from __future__ import annotations

import math
from typing import Any

from jassvm.records import record
from natives.handles import alive
from natives.modelevents import UnitDeath, listens
from natives.orders import Order, Work
from natives.players import (PLAYER_STATE_GOLD_GATHERED, PLAYER_STATE_LUMBER_GATHERED,
                             PLAYER_STATE_RESOURCE_GOLD, PLAYER_STATE_RESOURCE_LUMBER)
from natives.production import PLAYER_SCORE_GOLD_MINED_TOTAL, PLAYER_SCORE_LUMBER_TOTAL, add_score
from natives.upkeep import after_upkeep
from natives import unitdata
from natives.unitdata import rawcode


@record(frozen=True, slots=False)
class Gatherer:
    """How a worker type gathers: ``gold`` per load (0: cannot mine), ``lumber`` capacity
    (0: cannot cut), ``chop`` game seconds per lumber swing cutting ``cut`` lumber,
    ``carries`` (False: nothing is carried, the owner gets ``gold`` every ``interval`` and
    ``lumber`` every ``lumber_interval`` seconds), ``mines`` the gold mine types it gathers
    from (empty: any)."""

    gold: int
    lumber: int
    chop: float
    carries: bool = True
    interval: float = 0.0
    cut: int = 1
    lumber_interval: float = 0.0
    mines: frozenset = frozenset()


GATHERERS: dict[int, Gatherer] = {
    rawcode("hpea"): Gatherer(10, 10, 1.1),
    rawcode("opeo"): Gatherer(10, 10, 1.1),
    rawcode("uaco"): Gatherer(10, 0, 0.0, carries=False, interval=5.0,
                              mines=frozenset({rawcode("ugol")})),
    rawcode("ugho"): Gatherer(0, 20, 1.35, cut=2),
    rawcode("ewsp"): Gatherer(10, 5, 0.0, carries=False, interval=5.0, lumber_interval=5.5,
                              mines=frozenset({rawcode("egol")})),
}
"""Worker types by rawcode (sources in the module docstring)."""

LUMBER_UPGRADES: dict[int, tuple[int, int]] = {rawcode("hpea"): (rawcode("Rhlh"), 10)}
"""Worker type -> (upgrade, lumber capacity it adds per level)."""

GOLD_MINES = frozenset(rawcode(c) for c in ("ngol", "ugol", "egol"))
"""Gold mine types (plain, haunted, entangled) and types derived from them."""

ENTANGLERS = frozenset(rawcode(c) for c in ("etol", "etoa", "etoe"))
"""Town halls that entangle a gold mine (Tree of Life, of Ages, of Eternity)."""

PLAIN_MINE, ENTANGLED_MINE = rawcode("ngol"), rawcode("egol")

MINE_PLACES = 5
"""Workers that do not carry (acolytes, wisps) one gold mine holds at a time (module docstring)."""

LUMBER_DROP = frozenset(rawcode(c) for c in ("hlum", "owar", "ugrv"))
"""Buildings that take lumber besides town halls: lumber mill, war mill, graveyard."""

MINING_TIME = 1.0
"""Game seconds a carrying worker spends inside a gold mine (project choice, module doc)."""

TREE_SEARCH = 800.0
"""World units around a felled tree in which the worker looks for the next one (project
choice)."""

_HARVEST_ORDERS = ("harvest", "resumeharvesting", "returnresources")


@record(slots=False)
class Trip:
    """A worker's harvest in progress (``Work.job``): ``resource`` gold or lumber,
    ``source`` the mine or tree, ``phase`` to_source, gather, worship or to_drop, ``drop``
    the building walked to, ``until`` when the gathering under way ends (game seconds)."""

    resource: str
    source: Any
    phase: str = "to_source"
    drop: Any = None
    until: float = 0.0


def _dist(a, b) -> float:
    return math.hypot(b.x - a.x, b.y - a.y)


class Harvest:
    """Gathering of a Game (``game.harvest``): see the module docstring. ``mine_free``:
    gold mine -> the game time it can take the next carrying worker."""

    def __init__(self, game) -> None:
        self.game = game
        self.mine_free: dict = {}
        self.entangled: dict = {}    # entangled mine -> the plain mine it hides
        self._warned: set[int] = set()
        game.orders.extensions.append(self)
        game.orders.modes["harvest"] = self
        game.subscribers.append(self._on_event)

    # -- what is what ---------------------------------------------------------------------
    def is_mine(self, w) -> bool:
        """A live, shown gold mine unit (its type or the stock type it is derived from; an
        entangled mine hides the plain one under it)."""
        return (w is not None and w.type_name == "unit" and w.alive and not w.hidden
                and self.game.object_types.base_code("unit", w.type_id) in GOLD_MINES)

    def is_tree(self, w) -> bool:
        """A live tree: a destructable whose (base) type is named a tree in the project
        table (``unitdata.DESTRUCTABLE_TYPES``)."""
        if w is None or w.type_name != "destructable" or w.dead or w.destroyed:
            return False
        base = unitdata.DESTRUCTABLE_TYPES.get(self.game.object_types.base_code("destructable", w.type_id))
        return base is not None and "tree" in base.name.lower()

    def capacity(self, u, g: Gatherer) -> int:
        """Lumber the worker carries at most (with its owner's lumber upgrades)."""
        up = LUMBER_UPGRADES.get(u.type_id)
        bonus = up[1] * u.owner.tech_researched.get(up[0], 0) if up else 0
        return g.lumber + bonus

    # -- orders (natives.orders.Orders.extensions) ----------------------------------------
    def claims(self, u, order: Order) -> bool:
        """Harvest orders, ``entangleinstant`` of a night elf town hall, and ``smart`` of a
        worker on a mine or a tree it gathers from."""
        if order.order in _HARVEST_ORDERS:
            return True
        if order.order == "entangleinstant":
            return self.game.object_types.base_code("unit", u.type_id) in ENTANGLERS
        g = GATHERERS.get(u.type_id)
        return order.order == "smart" and g is not None and (
            (self.is_mine(order.target) and self._mines_from(g, order.target))
            or (g.lumber > 0 and self.is_tree(order.target)))

    def parallel(self, u, order: Order) -> bool:
        """``Orders.extensions`` protocol: harvest orders replace the current order (never run
        beside it)."""
        return False

    def accepts(self, u, order: Order) -> bool:
        """Module docstring: what makes a harvest order return false."""
        name = order.order
        if name == "entangleinstant":
            t = order.target
            return (self.is_mine(t) and u.construction is None
                    and self.game.object_types.base_code("unit", t.type_id) == PLAIN_MINE)
        g = GATHERERS.get(u.type_id)
        if g is None:
            return "peon" in u.utype.flags
        if name == "returnresources":
            return u.load is not None
        target = order.target if name != "resumeharvesting" else alive(u.harvest_from)
        if self.is_mine(target):
            return self._mines_from(g, target) and target.resource_amount > 0
        return self.is_tree(target) and g.lumber > 0

    def _mines_from(self, g: Gatherer, mine) -> bool:
        """Whether workers of ``g`` gather from gold mine ``mine`` (its type: module docstring)."""
        base = self.game.object_types.base_code("unit", mine.type_id)
        return g.gold > 0 and (base in g.mines if g.mines else base != ENTANGLED_MINE)

    def start(self, u, order: Order) -> None:
        """``Orders.extensions`` protocol: begin carrying out accepted harvest ``order`` (a
        worker type without figures records the order and a warning, nothing more)."""
        if order.order == "entangleinstant":
            self.entangle(u, order.target)
            self.game.orders.finish(u)
            return
        g = GATHERERS.get(u.type_id)
        if g is None:
            if u.type_id not in self._warned:
                self._warned.add(u.type_id)
                self.game.warn(f"no harvest figures for worker type '{u.utype.rawcode}' "
                               f"(natives.harvest.GATHERERS): the order is recorded, nothing is gathered")
            return
        if order.order == "returnresources":
            self._go(u, Trip(u.load[0], alive(u.harvest_from), phase="to_drop"))
            return
        target = order.target if order.order != "resumeharvesting" else alive(u.harvest_from)
        self._go(u, Trip("gold" if self.is_mine(target) else "lumber", target))

    # -- entangling (module docstring) ---------------------------------------------------
    def entangle(self, hall, mine):
        """Make plain gold ``mine`` an Entangled Gold Mine of ``hall``'s owner (the new
        unit, with the mine's gold); the plain mine is hidden until the entangled one dies."""
        units = self.game.units
        egol = units.create_unit(hall.owner, ENTANGLED_MINE, mine.x, mine.y, mine.facing,
                                 self.game.warn)
        egol.resource_amount = mine.resource_amount
        self.mine_free.pop(mine, None)
        units.set_hidden(mine, True)
        self.entangled[egol] = mine
        return egol

    @listens(UnitDeath)
    def _on_event(self, event) -> None:
        """An entangled mine destroyed: the plain mine it hid comes back with the gold left
        (none left: it collapsed, and the plain mine with it)."""
        mine = self.entangled.pop(event.unit, None)
        if mine is None or not mine.alive or mine.destroyed:
            return
        mine.resource_amount = event.unit.resource_amount
        if mine.resource_amount <= 0:
            self.game.units.kill_unit(mine)
        else:
            self.game.units.set_hidden(mine, False)

    def _go(self, u, trip: Trip) -> None:
        w = Work("harvest", last=self.game.now, job=trip)
        u.work = w
        if trip.phase == "to_drop" and not self._to_drop(u, w):
            self.game.orders.finish(u)
            return
        if trip.phase == "to_source":
            self._walk_to(u, w, trip.source)
        self.game.orders.wake(u, 0.0)

    # -- the step -------------------------------------------------------------------------
    def _walk_to(self, u, w: Work, target) -> None:
        """Path to the edge of ``target`` nearest the worker."""
        reach = (target.collision if target.type_name == "unit" else 0.0) + u.collision
        d = _dist(u, target)
        if d <= reach:
            w.path = []
            return
        k = (d - reach) / d
        goal = (u.x + (target.x - u.x) * k, u.y + (target.y - u.y) * k)
        w.goal = goal
        self.game.orders.route(u, w, goal)

    def _near(self, u, target) -> bool:
        reach = (target.collision if target.type_name == "unit" else 0.0) + u.collision
        return _dist(u, target) <= reach + 1.0

    def dropped(self, u, w: Work) -> None:
        """Another order: the worker keeps its load (``returnresources`` delivers it)."""

    def holds(self, u, w: Work, order: Order) -> bool:
        """``Orders.extensions`` protocol: a harvest trip never keeps the unit from a new order."""
        return False

    def step(self, u, w: Work, now: float):
        """One step of a trip (the work mode ``harvest`` of ``Orders.modes``)."""
        orders = self.game.orders
        trip = w.job
        if w.path:
            return orders.move_delay(u, w)
        g = GATHERERS[u.type_id]
        if trip.phase == "to_source":
            src = trip.source
            if not (self.is_mine(src) or self.is_tree(src)):
                return self._lost_source(u, w)
            if not self._near(u, src):
                return self._stop(u)        # cannot get there
            u.harvest_from = src
            return self._begin_gather(u, w, g, now)
        if trip.phase == "gather":
            return self._end_gather(u, w, g, now)
        if trip.phase == "worship":
            return self._worship(u, w, g, now)
        # to_drop
        drop = trip.drop
        if drop is None or not drop.alive:
            return None if self._to_drop(u, w) else self._stop(u)
        if not self._near(u, drop):
            return self._stop(u)            # cannot get there: it keeps its load
        self._deliver(u)
        trip.phase = "to_source"
        if trip.source is None or not (self.is_mine(trip.source) or self.is_tree(trip.source)):
            return self._lost_source(u, w)
        self._walk_to(u, w, trip.source)
        return 0.0

    def _begin_gather(self, u, w: Work, g: Gatherer, now: float):
        trip = w.job
        if not g.carries:
            if trip.resource == "gold" and self._places_taken(trip.source) >= MINE_PLACES:
                return g.interval           # the mine is full: wait beside it, look again
            every = g.interval if trip.resource == "gold" else g.lumber_interval
            trip.phase, trip.until = "worship", now + every
            return every
        if trip.resource == "gold":
            free = self.mine_free.get(trip.source, 0.0)
            if free > now:
                return free - now          # the mine holds another worker: wait
            self.mine_free[trip.source] = now + MINING_TIME
            trip.phase, trip.until = "gather", now + MINING_TIME
            return MINING_TIME
        have = u.load[1] if u.load and u.load[0] == "lumber" else 0
        lumber = min(self.capacity(u, g) - have, math.ceil(trip.source.life))
        swings = max(1, math.ceil(lumber / g.cut))
        trip.phase, trip.until = "gather", now + swings * g.chop
        return swings * g.chop

    def _places_taken(self, mine) -> int:
        """Workers gathering inside or around ``mine`` without carrying (phase worship)."""
        return sum(1 for u in self.game.units.units.values()
                   if u.alive and u.work is not None and u.work.mode == "harvest"
                   and u.work.job.phase == "worship" and u.work.job.source is mine)

    def _end_gather(self, u, w: Work, g: Gatherer, now: float):
        trip, store = w.job, self.game.units
        src = trip.source
        if now < trip.until - 1e-9:
            return trip.until - now
        if trip.resource == "gold":
            if not self.is_mine(src):
                return self._lost_source(u, w)
            amount = min(g.gold, src.resource_amount)
            src.resource_amount -= amount
            u.load = ("gold", amount)
            if src.resource_amount <= 0:
                self.mine_free.pop(src, None)
                store.kill_unit(src)
        else:
            if not self.is_tree(src):
                return self._lost_source(u, w)
            have = u.load[1] if u.load and u.load[0] == "lumber" else 0
            cut = min(self.capacity(u, g) - have, math.ceil(src.life))
            src.life -= cut
            u.load = ("lumber", have + cut)
            if src.life <= 0:
                store.kill_destructable(src)
            if have + cut < self.capacity(u, g):     # felled before the load was full
                nxt = self._next_tree(src)
                if nxt is not None:
                    trip.source, trip.phase = nxt, "to_source"
                    self._walk_to(u, w, nxt)
                    return 0.0
        return None if self._to_drop(u, w) else self._stop(u)

    def _worship(self, u, w: Work, g: Gatherer, now: float):
        """A worker that does not carry, at its mine or tree: one delivery, then the next."""
        trip = w.job
        src = trip.source
        if trip.resource == "lumber":
            if not self.is_tree(src):
                return self._lost_source(u, w)
            self._credit(u.owner, "lumber", self.capacity(u, g))   # the tree keeps its life
            trip.until = now + g.lumber_interval
            return g.lumber_interval
        if not self.is_mine(src):
            return self._stop(u)
        amount = min(g.gold, src.resource_amount)
        src.resource_amount -= amount
        self._credit(u.owner, "gold", amount)
        if src.resource_amount <= 0:
            self.game.units.kill_unit(src)
            return self._stop(u)
        trip.until = now + g.interval
        return g.interval

    def _to_drop(self, u, w: Work) -> bool:
        """Walk to the nearest drop-off of the load; False when the owner has none."""
        trip = w.job
        drop = self._drop_for(u, trip.resource)
        if drop is None:
            return False
        trip.phase, trip.drop = "to_drop", drop
        self._walk_to(u, w, drop)
        self.game.orders.wake(u, 0.0)
        return True

    def _drop_for(self, u, resource: str):
        best, best_d = None, math.inf
        for b in self.game.units.units.values():
            if b.owner is not u.owner or not b.alive or b.construction is not None:
                continue
            if "townhall" in b.utype.flags or (resource == "lumber" and b.type_id in LUMBER_DROP):
                d = _dist(u, b)
                if d < best_d:
                    best, best_d = b, d
        return best

    def _next_tree(self, felled):
        best, best_d = None, TREE_SEARCH
        for d in self.game.units.destructables.values():
            if d is not felled and self.is_tree(d):
                dist = _dist(felled, d)
                if dist < best_d:
                    best, best_d = d, dist
        return best

    def _deliver(self, u) -> None:
        resource, amount = u.load
        u.load = None
        self._credit(u.owner, resource, amount)

    def _credit(self, player, resource: str, amount: int) -> None:
        if resource == "gold":
            add_score(player, PLAYER_SCORE_GOLD_MINED_TOTAL, amount)
            amount = after_upkeep(player, amount)
            player.add_state(PLAYER_STATE_RESOURCE_GOLD, amount)
            player.add_state(PLAYER_STATE_GOLD_GATHERED, amount)
        else:
            player.add_state(PLAYER_STATE_RESOURCE_LUMBER, amount)
            player.add_state(PLAYER_STATE_LUMBER_GATHERED, amount)
            add_score(player, PLAYER_SCORE_LUMBER_TOTAL, amount)

    def _lost_source(self, u, w: Work):
        """The resource is gone: a lumber worker tries the next tree, else it stops (with
        any load it carries)."""
        trip = w.job
        if trip.resource == "lumber" and trip.source is not None:
            nxt = self._next_tree(trip.source)
            if nxt is not None:
                trip.source, trip.phase = nxt, "to_source"
                self._walk_to(u, w, nxt)
                return 0.0
        return self._stop(u)

    def _stop(self, u):
        self.game.orders.finish(u)
        return None
