"""Shared mechanic families of the abilities (seed 000), each a small function with explicit
parameters, and the plain records of the effects that are still pending.

The concrete procedures (``natives.abilities``) own their policy (which targets, which
numbers); these helpers own only the mechanic they share:

- *projectiles* (``Missile``, ``launch_missile``, ``advance_missile``): a unit-target missile
  homes on its target at its speed ('amsp', world units per game second) and reports its
  impact; the owning procedure validates and applies the impact (UPDATE with the target);
- *chain and bounce targeting* (``Chain``, ``start_chain``, ``chain_hop``): a chain strikes its
  first target, then jumps to the nearest unvisited eligible unit within its jump radius, the
  amount reduced by a fraction per jump, until its jumps are spent or no target remains;
- *relocation* (``commit_relocation``): the resolved position committed through the unit
  store (bounds, pathing placement, the moved event);
- *corpses* (``corpses_near``, ``revive_corpse``, ``raise_corpse_as_summon``): a corpse is a
  dead unit that has not decayed (``natives.units``); revival restores it in place, raising
  makes it a temporary summon outside food accounting;
- *aura buffs* (``AuraBuff``, ``refresh_aura``): the aura resolver keeps on each recipient the
  strongest non-stacking contribution per buff, with the source that gives it, so combat reads
  the value without scanning the sources;
- *burning ground* (``Burn``, ``start_burn``, ``burn_tick``): an area that damages the enemy
  ground units in it every ``BURN_TICK`` at a rate per second, in stages (Flame Strike's
  pillar, then its lingering fire);
- *spell buffs* (``SpellBuff``): a timed buff carrying armor and damage bonuses combat adds.

Pending records are plain data (dataclasses of numbers, rawcodes and unit references) that are
the subjects of scheduler entries, so they save and load with the game (``natives.snapshot``).
"""
from __future__ import annotations

import math
from dataclasses import field
from typing import Any

from jassvm.records import record
from natives.handles import own
from natives.modelevents import UnitRevived
from natives.units import UT_SUMMONED, Buff, leaves_corpse, unit_level_of

MISSILE_STEP = 0.25
"""Longest game-second step between two position updates of a homing missile (project
choice: a moving target is re-aimed at least this often; the impact time is exact for a
target that stands still)."""
CHAIN_JUMP_DELAY = 0.2
"""Game seconds between two strikes of a delayed chain such as Chain Lightning (project
choice; the game's delay was not measured)."""

BURN_TICK = 0.5
"""Game seconds between two damage steps of a burning area (project choice; each step deals
the rate times the time it covers, so a stage's total is its rate times its duration)."""


@record(slots=False, eq=False)
class SpellBuff(Buff):
    """A spell's buff on a unit: ``armor`` points and ``damage`` (a fraction of the attack's
    raw damage) that combat adds while it lasts (``natives.combat.buff_armor``), and ``move``
    and ``attack``, fractions added to its movement speed and attack rate (negative: Slow,
    Thunder Clap; ``natives.combat.move_speed``/``attack_cooldown``); ``steal`` the fraction
    of a melee hit's damage the unit heals itself by and ``thorns`` the fraction of a melee
    hit's damage returned to its attacker (``natives.passives``); ``life_regen`` and
    ``mana_regen``, points per game second an aura's tick gives (``regenerate``)."""

    armor: float = 0.0
    damage: float = 0.0
    move: float = 0.0
    attack: float = 0.0
    steal: float = 0.0
    thorns: float = 0.0
    life_regen: float = 0.0
    mana_regen: float = 0.0


@record(slots=False, eq=False)
class AuraBuff(SpellBuff):
    """An aura's buff: ``value`` the strength of its contribution (its first bonus), ``source``
    the unit giving it (None once that source dropped it and no other took over); the bonuses
    themselves are the ``SpellBuff`` fields the aura feeds."""

    value: float = 0.0
    source: Any = None


@record(slots=False, eq=False)
class Missile:
    """A unit-target missile in flight: ``caster``, ``target``, the rawcode ``code`` that
    launched it at ``level``, its position (``x``, ``y``), ``speed`` (world units per game
    second), ``last`` the game time of its last position update."""

    caster: Any
    target: Any
    code: int
    level: int
    x: float
    y: float
    speed: float
    last: float


@record(slots=False, eq=False)
class Chain:
    """A bouncing effect: ``caster``, ``code``, the unit struck last (``current``),
    ``visited`` units struck, ``amount`` of the next strike, ``jumps`` strikes left,
    ``reduction`` fraction lost per jump, ``radius`` of a jump (world units), ``friendly``
    targets of the caster's side, ``heals`` (else damages)."""

    caster: Any
    code: int
    current: Any
    amount: float
    jumps: int
    reduction: float
    radius: float
    friendly: bool
    heals: bool
    visited: list = field(default_factory=list)


def _game(u):
    return u.store.game


def _dist2(a, x: float, y: float) -> float:
    return (a.x - x) ** 2 + (a.y - y) ** 2


# -- projectiles ------------------------------------------------------------------------------
def launch_missile(caster, target, code: int, level: int, speed: float) -> Missile:
    """Launch a missile of ability ``code`` from ``caster`` at unit ``target`` flying at
    ``speed`` world units per game second (seed 000 ``S_SpawnUnitTargetSpellMissile``); its
    ``spell_missile`` scheduler entry is due when it would reach the target."""
    game = _game(caster)
    m = Missile(caster, target, code, level, caster.x, caster.y, max(speed, 1.0), game.now)
    game.schedule(_flight(m), "spell_missile", subject=m)
    return m


def _flight(m: Missile) -> float:
    gap = math.sqrt(_dist2(m.target, m.x, m.y))
    return min(gap / m.speed, MISSILE_STEP)


def advance_missile(m: Missile, now: float) -> str:
    """Move ``m`` toward its target's current position for the time since its last update:
    "hit" when it reached the target, "lost" when the target died or was removed (the
    missile fizzles), "flying" when it goes on (its next entry is scheduled)."""
    t = m.target
    if t.destroyed or not t.alive:
        return "lost"
    step = m.speed * (now - m.last)
    gap = math.sqrt(_dist2(t, m.x, m.y))
    m.last = now
    if step + 1e-6 >= gap:
        m.x, m.y = t.x, t.y
        return "hit"
    m.x += (t.x - m.x) * step / gap
    m.y += (t.y - m.y) * step / gap
    _game(t).schedule(_flight(m), "spell_missile", subject=m)
    return "flying"


# -- chain and bounce targeting ------------------------------------------------------------
def bounce_allowed(chain: Chain, v) -> bool:
    """Seed 000 ``S_SpellBounceTargetAllowed``: a live, non-structure unit of the wanted side,
    not struck yet by this chain."""
    return (v.alive and not v.utype.is_structure and v not in chain.visited
            and chain.caster.owner.is_ally(v.owner) == chain.friendly)


def start_chain(caster, code: int, first, amount: float, jumps: int, reduction: float,
                radius: float, friendly: bool, heals: bool, delay: float) -> Chain:
    """Strike ``first`` with ``amount`` now and schedule the ``jumps - 1`` later strikes
    ``delay`` game seconds apart (0: all at once, as Healing Wave in seed 000); each jump
    goes to the nearest allowed unit within ``radius`` of the last one struck, for
    ``reduction`` less of the previous amount."""
    chain = Chain(caster, code, first, float(amount), int(jumps), float(reduction),
                  float(radius), friendly, heals)
    _strike(chain, first)
    while chain.jumps > 0 and delay <= 0 and chain_hop(chain, schedule=False):
        pass
    if chain.jumps > 0 and delay > 0:
        _game(caster).schedule(delay, "spell_chain", delay, subject=chain)
    return chain


def chain_hop(chain: Chain, schedule: bool = True, delay: float = CHAIN_JUMP_DELAY) -> bool:
    """One jump of ``chain``: the nearest allowed unit within its radius of the last struck
    (ties by creation order) is struck; with ``schedule`` the next jump is queued ``delay``
    later. False when no target remains (the chain ends)."""
    game = _game(chain.caster)
    last = chain.current
    r = chain.radius
    best = None
    for v in game.units.units_near(last.x - r, last.y - r, last.x + r, last.y + r):
        if v.destroyed or not bounce_allowed(chain, v) or _dist2(v, last.x, last.y) > r * r:
            continue
        if chain.heals and v.life >= v.max_life:
            continue
        key = (_dist2(v, last.x, last.y), v.serial)
        if best is None or key < best[0]:
            best = (key, v)
    if best is None:
        chain.jumps = 0
        return False
    chain.amount *= 1.0 - chain.reduction
    _strike(chain, best[1])
    if schedule and chain.jumps > 0:
        game.schedule(delay, "spell_chain", delay, subject=chain)
    return True


def _strike(chain: Chain, v) -> None:
    game = _game(chain.caster)
    chain.visited.append(v)
    chain.current = v
    chain.jumps -= 1
    if chain.heals:
        game.units.set_life(v, min(v.max_life, v.life + chain.amount))
    else:
        game.units.damage_unit(v, chain.amount, chain.caster)


# -- relocation ----------------------------------------------------------------------------
def commit_relocation(u, x: float, y: float) -> None:
    """Seed 000 ``S_SpellCommitRelocation``: put ``u`` at the resolved point (x, y) through
    the unit store (the nearest legal point, the map bounds, the moved event)."""
    _game(u).units.move_unit(u, x, y, pathing=True)


def clamp_reach(u, x: float, y: float, reach: float) -> tuple[float, float]:
    """(x, y), or the point ``reach`` world units from ``u`` toward it when it is farther."""
    dx, dy = x - u.x, y - u.y
    d = math.hypot(dx, dy)
    if reach <= 0 or d <= reach:
        return x, y
    return u.x + dx * reach / d, u.y + dy * reach / d


# -- burning ground ---------------------------------------------------------------------------
@record(slots=False, eq=False)
class Burn:
    """A burning area: ``caster``, ``code``, centre (``x``, ``y``) and ``radius`` (world
    units); ``stages`` left, each [damage per second, seconds left], the first burning now."""

    caster: Any
    code: int
    x: float
    y: float
    radius: float
    stages: list = field(default_factory=list)


def start_burn(caster, code: int, x: float, y: float, radius: float, stages) -> Burn:
    """Start burning the area: ``stages`` are (damage per second, seconds) pairs run one after
    the other; the first step is ``BURN_TICK`` (or the stage, if shorter) from now."""
    burn = Burn(caster, code, float(x), float(y), float(radius),
                [[float(rate), float(seconds)] for rate, seconds in stages if seconds > 0])
    _schedule_burn(burn)
    return burn


def _schedule_burn(burn: Burn) -> None:
    if burn.stages:
        step = min(BURN_TICK, burn.stages[0][1])
        _game(burn.caster).schedule(step, "spell_burn", step, subject=burn)


def burn_tick(burn: Burn, step: float) -> list:
    """One step of ``step`` game seconds: the living enemy ground units (not structures) of
    the caster within the radius take the stage's rate times ``step``; the next step is
    scheduled while time is left. The units hit."""
    game = _game(burn.caster)
    rate = burn.stages[0][0]
    r = burn.radius
    hit = []
    for v in game.units.units_near(burn.x - r, burn.y - r, burn.x + r, burn.y + r):
        if (v.alive and not v.flying and not v.utype.is_structure
                and not burn.caster.owner.is_ally(v.owner) and _dist2(v, burn.x, burn.y) <= r * r):
            hit.append(v)
    hit.sort(key=lambda v: v.serial)
    for v in hit:
        game.units.damage_unit(v, rate * step, burn.caster)
    burn.stages[0][1] -= step
    if burn.stages[0][1] <= 1e-9:
        burn.stages.pop(0)
    _schedule_burn(burn)
    return hit


# -- corpses ----------------------------------------------------------------------------------
def corpses_near(game, x: float, y: float, radius: float) -> list:
    """The corpses (dead, not decayed units that leave one: ``natives.units.leaves_corpse``)
    within ``radius`` of (x, y), nearest first (ties by creation order)."""
    r2 = radius * radius
    found = [v for v in game.units.units_near(x - radius, y - radius, x + radius, y + radius)
             if v.dead and not v.destroyed and leaves_corpse(v) and _dist2(v, x, y) <= r2]
    return sorted(found, key=lambda v: (_dist2(v, x, y), v.serial))


def corpse_level(v) -> int:
    """Seed 000 ``G_CorpseUnitLevel``: the corpse's unit level (``unit_level_of``)."""
    return unit_level_of(v.utype)


def revive_corpse(v) -> None:
    """Seed 000 ``G_ReviveCorpse``: corpse ``v`` stands up where it lies with full life, its
    decay cancelled, its food counted again; ``UnitRevived`` is published."""
    game = _game(v)
    game.scheduler.cancel(v.decay_entry)
    v.decay_entry = None
    v.dead = False
    v.death_time = None
    v.life = v.max_life
    game.units.refresh_food(v)
    game.publish(UnitRevived(v))


def raise_corpse_as_summon(v, owner, duration: float, buff: int) -> None:
    """Seed 000 ``G_ReviveCorpseAsSummon``: revive ``v`` for ``owner`` outside food
    accounting with a timed life of ``duration`` game seconds (buff ``buff``), as a summoned
    unit (``UT_SUMMONED``: it leaves no corpse when it dies again)."""
    game = _game(v)
    v.uses_food = False
    own(v, "added_types").add(UT_SUMMONED)      # a raised summon leaves no corpse again
    revive_corpse(v)
    if v.owner is not owner:
        game.units.set_owner(v, owner, True)
    if duration > 0:
        game.units.apply_timed_life(v, buff, duration)


# -- aura buffs ---------------------------------------------------------------------------------
HELD, TAKEN = 1, 2
"""``refresh_aura`` answers: the source kept the buff it held, or it took (or made) it."""


def refresh_aura(v, buff: int, source, bonuses: tuple, positive: bool) -> int:
    """The aura resolver's write for recipient ``v`` of ``source``: ``bonuses`` are (``SpellBuff``
    field, value) pairs, the first one the strength. The buff is created, kept by the source
    that gives it, or taken over when that strength is greater or its holder has let it go
    (seed 000: the strongest non-stacking contribution). 0 when another source keeps it,
    ``HELD`` when ``source`` held it already, ``TAKEN`` when it took or made it (the caller
    cancels a pending expiry)."""
    value = bonuses[0][1]
    b = v.buffs.get(buff)
    if not isinstance(b, AuraBuff):
        b = own(v, "buffs")[buff] = AuraBuff(buff, positive=positive, aura=True)
        answer = TAKEN
    elif b.source is source:
        answer = HELD
    elif b.source is not None and value <= b.value:
        return 0
    else:
        answer = TAKEN
    b.source, b.value = source, value
    for name, amount in bonuses:
        setattr(b, name, amount)
    return answer


def regenerate(v, life: float, mana: float, seconds: float) -> None:
    """``life`` and ``mana`` points per game second over ``seconds`` to live unit ``v`` (at
    most its maxima): the regeneration an aura's tick gives its recipients."""
    units = _game(v).units
    if life and v.life < v.max_life:
        units.set_life(v, min(v.max_life, v.life + life * seconds))
    if mana and v.mana < v.max_mana:
        units.set_mana(v, v.mana + mana * seconds)
