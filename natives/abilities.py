"""Abilities as message procedures (seed 000): the registry, the call contract, the shared
procedures, the playable procedures and the shared mechanic families.

Registry
    ``REGISTRY`` holds one ``AbilityRow`` per playable ability rawcode: its procedure, flags
    (``AB_SPELL``, ``AB_COMMAND``, ``AB_ITEM``, ``AB_UPDATE``, ``AB_CHANNEL``, ``AB_TOGGLE``,
    ``AB_AUTOCAST``), target type (``TARGET_NONE``/``UNIT``/``POINT``) and order names. Rows
    are data, never behaviour storage; aliases (the creep Storm Bolt 'ANsb', ...) share a
    procedure but keep their own row, so the authored rawcode is never lost. Flags, target
    type and orders are read from the row; there are no query messages for them.

``AbilityItem``
    A row together with the rawcode the unit or item actually has (``code``): a map-defined
    alias (its object data names a registered base) resolves to the base's row and keeps its
    own rawcode, so its data (``natives.abilitydata.ability_field``), cooldown and events
    stay attached to the authored rawcode (``resolve``).

Call contract (``send``)
    A procedure is a plain function ``proc(unit, msg, call) -> int``: ``unit`` the owning
    entity, ``msg`` a ``Msg``, ``call`` a ``Call`` record whose message-selected fields
    (``target`` a ``SpellTarget``, ``client``, ``order``, ``level``, ``enabled``) are named
    and typed. It handles its messages in a ``match`` and its default arm delegates to its
    shared parent (``simple_spell``, ``passive``, ``aura``, ``item_spell``...), passing the
    same ``call.item`` down, so a shared procedure still sees the real rawcode. A handled
    false (0) is final: only the default arm delegates. ``base_procedure`` ends every chain
    with 0. Calls are synchronous; delayed work stores rawcodes and unit state (scheduler
    entries and ``unit.ability_state``), then resolves the current row when it runs.

Messages (seed 000's table): INIT (once per row after data is loaded), COMMAND (nonzero when
handled), TOGGLE_ON (nonzero while the alternate command is active), VALIDATE (nonzero when
the target is valid), EXECUTE (nonzero when the effect executes), ITEM_USE (nonzero only when
the effect applies), AUTOCAST_ON, AUTOCAST_SET (``enabled``), AUTOCAST_ACQUIRE (nonzero when
acquisition issues an order), ENABLE/DISABLE (membership), LEVEL (current level),
LEVEL_CHANGED (``level``), ORDER (``order``; nonzero when accepted), UPDATE: without a target
the persistent tick (answers the game seconds until the next tick it wants, 0 for none); with
a ``target`` (and the ``level`` cast at) a delayed step of a cast: a channel's wave, a
missile's impact (nonzero when it applied).

Shared mechanic families (small functions with explicit parameters, seed 000): ``apply_stun``,
``apply_timed_buff``/``apply_spell_buff``, ``damage_enemies_in_radius``, ``summon_units``
(records the summoning ability on each summon), ``update_aura``/``release_aura`` (the aura
resolver: the strongest non-stacking contribution per buff from friendly or hostile sources,
kept on the recipient's ``AuraBuff``), ``acquire_unit_target`` (unit-target autocast acquisition through the normal cast
path), ``grow_blight``, and those of ``natives.spellfamilies`` (projectiles, chains,
relocation, corpses).

Runtime state is plain data: ``unit.abilities`` (rawcode -> level), ``unit.cooldowns``
(rawcode -> game time it is ready), ``unit.ability_state`` (rawcode -> dict: autocast flag,
Blight Growth radius and deadline, the summoning ability of a summon), buffs in
``unit.buffs``; the procedures keep none.
"""
from __future__ import annotations

import enum
import math
import operator
from typing import Any, Callable

from jassvm.records import record
from natives.abilitydata import ability_field
from natives.blight import plane_of
from natives.combat import is_melee, weapon
from natives.handles import own
from natives.objecttypes import MISSING
from natives.spellfamilies import (CHAIN_JUMP_DELAY, TAKEN, AuraBuff, SpellBuff, clamp_reach,
                                   commit_relocation, corpse_level, corpses_near, launch_missile,
                                   raise_corpse_as_summon, refresh_aura, regenerate, revive_corpse,
                                   start_burn, start_chain)
from natives.unitdata import rawcode, rawcode_str
from natives.units import acquire_range

# -- flags and target types ------------------------------------------------------------------
AB_SPELL, AB_COMMAND, AB_ITEM, AB_UPDATE, AB_CHANNEL, AB_TOGGLE, AB_AUTOCAST = (1 << i for i in range(7))
TARGET_NONE, TARGET_UNIT, TARGET_POINT = "none", "unit", "point"


class Msg(enum.IntEnum):
    """The messages of seed 000 (module docstring for their contracts)."""

    INIT = 1
    COMMAND = 2
    TOGGLE_ON = 3
    VALIDATE = 4
    EXECUTE = 5
    ITEM_USE = 6
    AUTOCAST_ON = 7
    AUTOCAST_SET = 8
    AUTOCAST_ACQUIRE = 9
    ENABLE = 10
    DISABLE = 11
    LEVEL = 12
    LEVEL_CHANGED = 13
    ORDER = 14
    UPDATE = 15


Procedure = Callable[[Any, Msg, "Call"], int]


@record(frozen=True, slots=False)
class AbilityRow:
    """One registry row: ``code`` the playable rawcode, ``proc`` its procedure, ``flags``
    (``AB_*``), ``target`` (``TARGET_*``), ``orders`` the order strings that cast or command
    it (the first casts it)."""

    code: int
    proc: Procedure
    flags: int
    target: str
    orders: tuple[str, ...] = ()

    @property
    def rawcode(self) -> str:
        """The row's ability id as its four-character rawcode (``'AHhb'``)."""
        return rawcode_str(self.code)


@record(frozen=True, slots=False)
class AbilityItem:
    """A registry ``row`` with the rawcode ``code`` the unit or item actually has (an alias
    of the row's ability keeps its own)."""

    row: AbilityRow
    code: int


@record(frozen=True, slots=False)
class SpellTarget:
    """What a spell is aimed at: ``unit`` (or an item/destructable widget) and/or the point
    (``x``, ``y``) in world units; all None for a spell without a target."""

    unit: Any = None
    x: float | None = None
    y: float | None = None


@record(frozen=True, slots=False)
class Call:
    """The typed call record of a message (seed 000's ``abilityCall_t``): ``item`` always;
    ``target`` for VALIDATE/EXECUTE, ``client`` for COMMAND/ITEM_USE (the item or the
    command source), ``order`` for ORDER, ``level`` for LEVEL_CHANGED, ``enabled`` for
    AUTOCAST_SET. Borrowed for the duration of the call only."""

    item: AbilityItem
    target: SpellTarget | None = None
    client: Any = None
    order: str | None = None
    level: int = 0
    enabled: bool = False


def _game(u):
    return u.store.game


def level_of(u, code: int) -> int:
    """The level of ability ``code`` on unit ``u`` (0: the unit does not have it)."""
    return u.abilities.get(code, 0)


def data(u, item: AbilityItem, fid: str, default: Any = 0) -> Any:
    """Field ``fid`` of the unit's ability at its current level (``ability_field``)."""
    return ability_field(_game(u), item.code, fid, max(1, level_of(u, item.code)), default)


def figure(u, item: AbilityItem, fid: str) -> float:
    """Field ``fid`` of ``item`` at the unit's level for a passive or aura: a figure neither
    the map's data nor the project's table has is 0, reported once per game (``game.warn``:
    never an invented value)."""
    value = data(u, item, fid, MISSING)
    if value is MISSING:
        game = _game(u)
        key = (item.code, fid)
        if key not in game.spells.missing_figures:
            game.spells.missing_figures.add(key)
            game.warn(f"{rawcode_str(item.code)}: no '{fid}' in the map's data or the project's "
                      f"ability table; counted as 0")
        return 0.0
    return float(value)


def state(u, code: int) -> dict:
    """The unit's runtime record of ability ``code`` (created empty)."""
    return own(u, "ability_state").setdefault(code, {})


def _friend(a, b) -> bool:
    return a.owner.is_ally(b.owner)


def _undead(u) -> bool:
    return "undead" in u.utype.flags


def _mechanical(u) -> bool:
    return "mechanical" in u.utype.flags


def _structure(u) -> bool:
    return "structure" in u.utype.flags


# -- shared procedures ----------------------------------------------------------------------
def base_procedure(u, msg: Msg, call: Call) -> int:
    """The root of every chain: LEVEL answers the unit's level of the authored rawcode, ORDER
    accepts the row's orders, ENABLE/DISABLE/INIT/LEVEL_CHANGED are acknowledged (1);
    everything else is not supported (0)."""
    match msg:
        case Msg.LEVEL:
            return level_of(u, call.item.code)
        case Msg.ORDER:
            return int(call.order in call.item.row.orders)
        case Msg.INIT | Msg.ENABLE | Msg.DISABLE | Msg.LEVEL_CHANGED:
            return 1
        case _:
            return 0


def simple_spell(u, msg: Msg, call: Call) -> int:
    """Shared parent of targeted and instant spells: VALIDATE accepts a live target unit (or a
    point, or none) by the row's target type; COMMAND casts an instant spell."""
    match msg:
        case Msg.VALIDATE:
            t, kind = call.target, call.item.row.target
            if kind == TARGET_UNIT:
                return int(t is not None and t.unit is not None and getattr(t.unit, "alive", False))
            if kind == TARGET_POINT:
                return int(t is not None and t.x is not None)
            return 1
        case Msg.COMMAND:
            return int(_game(u).spells.cast(u, call.item.code, SpellTarget()))
        case _:
            return base_procedure(u, msg, call)


def passive(u, msg: Msg, call: Call) -> int:
    """Shared parent of passive abilities: no target, no cast (VALIDATE 0)."""
    match msg:
        case Msg.VALIDATE | Msg.EXECUTE | Msg.COMMAND:
            return 0
        case _:
            return base_procedure(u, msg, call)


def item_spell(u, msg: Msg, call: Call) -> int:
    """Shared parent of item abilities: ITEM_USE validates and executes on the user (the item
    is ``call.client``); the charge is spent by the caller only when this answers nonzero."""
    match msg:
        case Msg.ITEM_USE:
            target = SpellTarget(unit=u)
            sub = Call(call.item, target=target)
            proc = call.item.row.proc
            return int(bool(proc(u, Msg.VALIDATE, sub)) and bool(proc(u, Msg.EXECUTE, sub)))
        case _:
            return simple_spell(u, msg, call)


def aura(u, msg: Msg, call: Call) -> int:
    """Shared parent of auras: passive with an UPDATE tick (``update_aura``) that gives the
    recipients in range the aura's buff (``AURA_BUFFS``) holding the strongest contribution;
    DISABLE lets the recipients go. The update roster sends UPDATE once per procedure (seed
    000), so the tick updates every aura of the unit."""
    match msg:
        case Msg.UPDATE:
            game = _game(u)
            for code in list(u.abilities):
                item = call.item if code == call.item.code else resolve(game, code)
                if item is not None and item.row.proc is aura:
                    update_aura(u, item)
            return AURA_PERIOD
        case Msg.DISABLE:
            release_aura(u, call.item.code)
            return passive(u, msg, call)
        case _:
            return passive(u, msg, call)


# -- playable procedures --------------------------------------------------------------------
def holy_light(u, msg: Msg, call: Call) -> int:
    """Holy Light ('AHhb', Liquipedia Paladin): a friendly living non-mechanical unit other
    than a structure is healed by 'Hhb1'; an enemy undead takes half of it as damage. A full-
    life friendly target and the caster itself are not valid targets ("Already at full
    health")."""
    match msg:
        case Msg.VALIDATE:
            return int(light_or_death_target(u, call.target, heals_undead=False))
        case Msg.EXECUTE:
            heal_friend_or_harm_foe(u, call.target.unit, float(data(u, call.item, "Hhb1", 0.0)))
            return 1
        case _:
            return simple_spell(u, msg, call)


def death_coil(u, msg: Msg, call: Call) -> int:
    """Death Coil ('AUdc', Liquipedia Death Knight): a missile ('amsp') that on impact heals a
    friendly undead by 'Udc1' or damages an enemy living unit by half of it (the mirror of
    Holy Light); a target that died meanwhile is not hit."""
    match msg:
        case Msg.VALIDATE:
            return int(light_or_death_target(u, call.target, heals_undead=True))
        case Msg.EXECUTE:
            return launch_spell_missile(u, call)
        case Msg.UPDATE:
            t = call.target.unit
            if not t.alive:
                return 0
            heal_friend_or_harm_foe(u, t, float(level_data(u, call.item, "Udc1", call.level, 0.0)))
            return 1
        case _:
            return simple_spell(u, msg, call)


def launch_spell_missile(u, call: Call) -> int:
    """EXECUTE of a unit-target missile spell: the missile of the authored rawcode at the
    caster's level, flying at the ability's missile speed ('amsp', world units per second);
    its impact comes back as UPDATE with the target and that level (``natives.spells``)."""
    code = call.item.code
    launch_missile(u, call.target.unit, code, max(1, level_of(u, code)),
                   float(data(u, call.item, "amsp", 0.0)) or DEFAULT_MISSILE_SPEED)
    return 1


def level_data(u, item: AbilityItem, fid: str, level: int, default: Any = 0) -> Any:
    """Field ``fid`` of ``item`` at ``level`` (a pending effect keeps the level it was cast
    at), else at the unit's current level."""
    return ability_field(_game(u), item.code, fid, level or max(1, level_of(u, item.code)), default)


def light_or_death_target(u, target: SpellTarget | None, heals_undead: bool) -> bool:
    """The shared target rule of Holy Light and Death Coil: a live unit other than the caster
    and not a structure; a friend of the healed kind (undead with ``heals_undead``, else living
    and not mechanical) that is wounded, or an enemy of the other kind."""
    t = target.unit if target is not None else None
    if t is None or t.type_name != "unit" or not t.alive or t is u or _structure(t):
        return False
    if _friend(u, t):
        return _undead(t) == heals_undead and (heals_undead or not _mechanical(t)) and t.life < t.max_life
    return _undead(t) != heals_undead


def heal_friend_or_harm_foe(u, t, amount: float) -> None:
    """``amount`` life to a friend of ``u`` (at most its maximum), half of it as damage from
    ``u`` to an enemy."""
    if _friend(u, t):
        heal(t, amount)
    else:
        _game(u).units.damage_unit(t, amount / 2, u)


def heal(t, amount: float) -> None:
    """``amount`` life to ``t``, at most its maximum."""
    _game(t).units.set_life(t, min(t.max_life, t.life + amount))


def storm_bolt(u, msg: Msg, call: Call) -> int:
    """Storm Bolt ('AHtb', Liquipedia Mountain King): a hammer missile ('amsp') that on
    impact deals 'Htb1' damage to an enemy unit and stuns it ('adur', heroes 'ahdu'); a
    target that died meanwhile is not hit."""
    match msg:
        case Msg.VALIDATE:
            t = call.target.unit if call.target is not None else None
            return int(t is not None and t.type_name == "unit" and t.alive and not _friend(u, t)
                       and not _structure(t))
        case Msg.EXECUTE:
            return launch_spell_missile(u, call)
        case Msg.UPDATE:
            t = call.target.unit
            if not t.alive:
                return 0
            _game(u).units.damage_unit(t, float(level_data(u, call.item, "Htb1", call.level, 0.0)), u)
            if t.alive:
                apply_stun(t, hero_duration(u, call.item, t))
            return 1
        case _:
            return simple_spell(u, msg, call)


def thunder_clap(u, msg: Msg, call: Call) -> int:
    """Thunder Clap ('AHtc', Liquipedia Mountain King): 'Htc1' damage to the living enemy
    ground units within 'aare' of the caster, which are slowed (buff 'BHtc': movement 'Htc3'
    and attack rate 'Htc4' slower) for 'adur' (heroes 'ahdu')."""
    match msg:
        case Msg.EXECUTE:
            radius = float(data(u, call.item, "aare", 0.0))
            hit = damage_enemies_in_radius(u, u.x, u.y, radius, float(data(u, call.item, "Htc1", 0.0)),
                                           ground_only=True)
            move = -float(data(u, call.item, "Htc3", 0.0))
            attack = -float(data(u, call.item, "Htc4", 0.0))
            for v in hit:
                if v.alive:
                    apply_spell_buff(v, rawcode("BHtc"), hero_duration(u, call.item, v),
                                     move=move, attack=attack)
            return 1
        case _:
            return simple_spell(u, msg, call)


def blizzard(u, msg: Msg, call: Call) -> int:
    """Blizzard ('AHbz', Liquipedia Archmage; a channel): each wave ('Hbz1' of them, 'acas'
    apart, Hive casting-events guide) deals 'Hbz2' to the enemy units within 'aare' of the
    target point. EXECUTE is the first wave; the cast path sends UPDATE for each later wave
    while the channel lasts."""
    match msg:
        case Msg.EXECUTE | Msg.UPDATE:
            t = call.target
            damage_enemies_in_radius(u, t.x, t.y, float(data(u, call.item, "aare", 0.0)),
                                     float(data(u, call.item, "Hbz2", 0.0)))
            return 1
        case _:
            return simple_spell(u, msg, call)


def impale(u, msg: Msg, call: Call) -> int:
    """Impale ('AUim', Liquipedia Crypt Lord): spikes run 'Uim1' world units from the caster
    toward the target point; each living enemy ground unit within 'aare' of that line takes
    'Uim3' damage and is stunned for 'adur' (heroes 'ahdu'). The game throws the units up for
    'Uim4' seconds first; here the damage and the stun start at the effect (the air time is
    not modelled)."""
    match msg:
        case Msg.EXECUTE:
            t = call.target
            ex, ey = line_end(u, t.x, t.y, float(data(u, call.item, "Uim1", 0.0)))
            width = float(data(u, call.item, "aare", 0.0))
            amount = float(data(u, call.item, "Uim3", 0.0))
            game = _game(u)
            for v in units_on_line(game, u.x, u.y, ex, ey, width):
                if _friend(u, v) or v.flying or _structure(v):
                    continue
                game.units.damage_unit(v, amount, u)
                if v.alive:
                    apply_stun(v, hero_duration(u, call.item, v))
            return 1
        case _:
            return simple_spell(u, msg, call)


def flame_strike(u, msg: Msg, call: Call) -> int:
    """Flame Strike ('AHfs', Liquipedia Blood Mage): after its casting time ('acas', the cast
    path's delay before the effect, interrupted by a move or a stun) the ground within 'aare'
    of the target point burns (``start_burn``): 'Hfs1' damage per second to the enemy ground
    units during the pillar, then 'Hfs3' per second while the fire lasts
    (``FLAME_STRIKE_STAGES``)."""
    match msg:
        case Msg.EXECUTE:
            t = call.target
            pillar, fire = FLAME_STRIKE_STAGES
            stages = [(float(data(u, call.item, "Hfs1", 0.0)), pillar),
                      (float(data(u, call.item, "Hfs3", 0.0)), fire)]
            start_burn(u, call.item.code, t.x, t.y, float(data(u, call.item, "aare", 0.0)), stages)
            return 1
        case _:
            return simple_spell(u, msg, call)


def divine_shield(u, msg: Msg, call: Call) -> int:
    """Divine Shield ('AHds', Liquipedia Paladin): the caster is invulnerable (buff 'BHds')
    for 'adur' game seconds; the expiry of the buff ends it. The stock figures were not found
    in the project's sources, so only a map's own data for 'adur' casts it: without one
    VALIDATE refuses the cast and records a warning (nothing is spent)."""
    match msg:
        case Msg.VALIDATE:
            if data(u, call.item, "adur", MISSING) is MISSING:
                _game(u).warn(f"{rawcode_str(call.item.code)}: Divine Shield has no duration "
                              f"('adur') in the map's data or the project's table; not cast")
                return 0
            return 1
        case Msg.EXECUTE:
            apply_timed_buff(u, DIVINE_SHIELD_BUFF, float(data(u, call.item, "adur", 0.0)), positive=True)
            u.invulnerable = True
            return 1
        case _:
            return simple_spell(u, msg, call)


def summon_spell(u, msg: Msg, call: Call) -> int:
    """Water Elemental ('AHwe') and Feral Spirit ('AOsf') (Liquipedia Archmage, Far Seer): the
    level's unit type ('Hwe1'/'Osf1'), 'Hwe2'/'Osf2' of them, in front of the caster with a
    timed life of 'adur' (buff 'BTLF'); each summon records the summoning rawcode."""
    match msg:
        case Msg.EXECUTE:
            base = _game(u).object_types.base_code("ability", call.item.code)
            key = SUMMON_FIELDS[base]
            code = int(data(u, call.item, key + "1", 0))
            count = int(data(u, call.item, key + "2", 1))
            duration = float(data(u, call.item, "adur", 0.0))
            return int(bool(summon_units(u, call.item.code, code, count, duration)))
        case _:
            return simple_spell(u, msg, call)


def healing_item(u, msg: Msg, call: Call) -> int:
    """Item healing ('AIh1', Liquipedia Items: Potion of Healing): VALIDATE refuses a user at
    full life, so no charge is spent; EXECUTE heals 'Hhb1'."""
    match msg:
        case Msg.VALIDATE:
            return int(u.alive and u.life < u.max_life)
        case Msg.EXECUTE:
            heal(u, float(data(u, call.item, "Hhb1", 0.0)))
            return 1
        case _:
            return item_spell(u, msg, call)


def blight_growth(u, msg: Msg, call: Call) -> int:
    """Blight Growth ('Abli', seed 002): passive, no command card cursor. ENABLE starts the
    record (radius 0, first step at once); UPDATE steps it (``grow_blight``); DISABLE drops the
    record without erasing blight."""
    match msg:
        case Msg.ENABLE:
            state(u, call.item.code).update(radius=0.0, due=_game(u).now)
            return 1
        case Msg.DISABLE:
            own(u, "ability_state").pop(call.item.code, None)
            return 1
        case Msg.UPDATE:
            return grow_blight(u, call.item)
        case _:
            return passive(u, msg, call)


def unit_autocast(u, msg: Msg, call: Call) -> int:
    """Shared parent of unit-target autocast spells (Heal, Inner Fire, Slow, Frost Armor,
    Raise Dead): the autocast flag is ``unit.ability_state[code]["autocast"]``, set by
    AUTOCAST_SET or the row's second and third orders ("healon", "healoff"); turning it on
    starts the caster's acquisition scan (``natives.spells``). AUTOCAST_ACQUIRE follows the
    ability's ``AUTOCASTS`` policy through ``acquire_unit_target``."""
    code = call.item.code
    match msg:
        case Msg.AUTOCAST_ON:
            return int(state(u, code).get("autocast", False))
        case Msg.AUTOCAST_SET:
            set_autocast(u, code, bool(call.enabled))
            return 1
        case Msg.AUTOCAST_ACQUIRE:
            if not state(u, code).get("autocast", False):
                return 0
            friendly, wounded, radius, without = AUTOCASTS[_game(u).object_types.base_code("ability", code)]
            if call.item.row.target == TARGET_NONE:
                return int(bool(send(u, Msg.VALIDATE, call.item, target=SpellTarget()))
                           and _game(u).spells.cast(u, code, SpellTarget()))
            return int(acquire_unit_target(u, call.item, friendly, wounded, radius, without))
        case Msg.ORDER:
            orders = call.item.row.orders
            if call.order in orders[1:3]:
                set_autocast(u, code, call.order == orders[1])
                return 1
            return simple_spell(u, msg, call)
        case _:
            return simple_spell(u, msg, call)


def set_autocast(u, code: int, enabled: bool) -> None:
    """Turn the unit's autocast of ``code`` on or off (the scan starts when it is on)."""
    state(u, code)["autocast"] = enabled
    if enabled:
        _game(u).spells.autocast_changed(u)


def _unit_target(call: Call):
    t = call.target.unit if call.target is not None else None
    return t if t is not None and t.type_name == "unit" and t.alive else None


def autocast_heal(u, msg: Msg, call: Call) -> int:
    """Heal ('Ahea', the Priest's autocast heal; Liquipedia Priest): a wounded friendly
    living non-mechanical unit gets 'Hea1' life; autocast picks the nearest wounded friend."""
    match msg:
        case Msg.VALIDATE:
            t = _unit_target(call)
            return int(t is not None and _friend(u, t) and t.life < t.max_life and not _mechanical(t))
        case Msg.EXECUTE:
            heal(call.target.unit, float(data(u, call.item, "Hea1", 0.0)))
            return 1
        case _:
            return unit_autocast(u, msg, call)


def inner_fire(u, msg: Msg, call: Call) -> int:
    """Inner Fire ('Ainf', Liquipedia Priest): a friendly non-structure unit gets buff 'Binf'
    for 'adur': +'Inf2' armor and +'Inf1' (a fraction) of its attack damage; autocast picks
    the nearest friend without it."""
    match msg:
        case Msg.VALIDATE:
            t = _unit_target(call)
            return int(t is not None and _friend(u, t) and not _structure(t))
        case Msg.EXECUTE:
            apply_spell_buff(call.target.unit, rawcode("Binf"), float(data(u, call.item, "adur", 0.0)),
                             armor=float(data(u, call.item, "Inf2", 0.0)),
                             damage=float(data(u, call.item, "Inf1", 0.0)), positive=True)
            return 1
        case _:
            return unit_autocast(u, msg, call)


def slow(u, msg: Msg, call: Call) -> int:
    """Slow ('Aslo', Liquipedia Sorceress): an enemy non-structure unit gets buff 'Bslo' for
    'adur' (heroes 'ahdu'): its movement speed is 'Slo1' and its attack rate 'Slo2' slower
    (fractions, read by ``natives.combat.move_speed``/``attack_cooldown``); autocast picks the
    nearest enemy without it."""
    match msg:
        case Msg.VALIDATE:
            t = _unit_target(call)
            return int(t is not None and not _friend(u, t) and not _structure(t))
        case Msg.EXECUTE:
            t = call.target.unit
            apply_spell_buff(t, rawcode("Bslo"), hero_duration(u, call.item, t),
                             move=-float(data(u, call.item, "Slo1", 0.0)),
                             attack=-float(data(u, call.item, "Slo2", 0.0)))
            return 1
        case _:
            return unit_autocast(u, msg, call)


def frost_armor(u, msg: Msg, call: Call) -> int:
    """Frost Armor ('AUfa', autocast 'AUfu'; Liquipedia Lich): a friendly unit gets buff
    'BUfa' for 'adur': +'Ufa2' armor; autocast picks the nearest friend without it."""
    match msg:
        case Msg.VALIDATE:
            t = _unit_target(call)
            return int(t is not None and _friend(u, t))
        case Msg.EXECUTE:
            apply_spell_buff(call.target.unit, rawcode("BUfa"), float(data(u, call.item, "adur", 0.0)),
                             armor=float(data(u, call.item, "Ufa2", 0.0)), positive=True)
            return 1
        case _:
            return unit_autocast(u, msg, call)


def chain_spell(u, msg: Msg, call: Call) -> int:
    """Chain Lightning ('AOcl', Liquipedia Far Seer) and Healing Wave ('AOhw', Liquipedia
    Shadow Hunter): the first target gets 'Xxx1', then up to 'Xxx2' targets in all, each the
    nearest unvisited one within 'aare' of the last, 'Xxx3' less each jump. Chain Lightning
    strikes enemies, ``CHAIN_JUMP_DELAY`` apart (``spell_chain`` entries); Healing Wave
    heals wounded friends at once (seed 000: "synchronous friendly healing")."""
    base = _game(u).object_types.base_code("ability", call.item.code) if u is not None else 0
    heals = base == HEALING_WAVE
    match msg:
        case Msg.VALIDATE:
            t = _unit_target(call)
            if t is None or _structure(t) or _friend(u, t) != heals:
                return 0
            return int(not heals or (t.life < t.max_life and not _mechanical(t)))
        case Msg.EXECUTE:
            key = CHAIN_FIELDS[base]
            start_chain(u, call.item.code, call.target.unit,
                        float(data(u, call.item, key + "1", 0.0)), int(data(u, call.item, key + "2", 1)),
                        float(data(u, call.item, key + "3", 0.0)), float(data(u, call.item, "aare", 0.0)),
                        friendly=heals, heals=heals, delay=0.0 if heals else CHAIN_JUMP_DELAY)
            return 1
        case _:
            return simple_spell(u, msg, call)


def blink(u, msg: Msg, call: Call) -> int:
    """Blink ('AEbl', Liquipedia Warden): the caster moves to the target point, at most
    'Ebl1' and at least 'Ebl2' world units away (a farther point is blinked toward)."""
    match msg:
        case Msg.EXECUTE:
            t = call.target
            x, y = clamp_reach(u, t.x, t.y, float(data(u, call.item, "Ebl1", 0.0)))
            x, y = push_out(u, x, y, float(data(u, call.item, "Ebl2", 0.0)))
            commit_relocation(u, x, y)
            return 1
        case _:
            return simple_spell(u, msg, call)


def push_out(u, x: float, y: float, least: float) -> tuple[float, float]:
    """(x, y), or the point ``least`` world units from ``u`` toward it when it is nearer
    (a point on the unit itself stays)."""
    dx, dy = x - u.x, y - u.y
    d = math.hypot(dx, dy)
    if d == 0 or d >= least:
        return x, y
    return u.x + dx * least / d, u.y + dy * least / d


def mass_teleport(u, msg: Msg, call: Call) -> int:
    """Mass Teleport ('AHmt', Liquipedia Archmage): after its casting time ('acas', the cast
    path's delay before the effect) the caster and up to 'Hmt1' of its owner's other
    non-structure units within 'aare' of it (nearest first) move to the friendly target unit,
    keeping their offsets from the caster."""
    match msg:
        case Msg.VALIDATE:
            t = _unit_target(call)
            return int(t is not None and t is not u and _friend(u, t))
        case Msg.EXECUTE:
            t = call.target.unit
            radius = float(data(u, call.item, "aare", 0.0))
            count = int(data(u, call.item, "Hmt1", 0))
            group = [v for v in nearest_first(u, units_near(_game(u), u.x, u.y, radius))
                     if v is not u and v.owner is u.owner and not _structure(v)][:count]
            ox, oy = u.x, u.y
            for v in [u] + group:
                commit_relocation(v, t.x + v.x - ox, t.y + v.y - oy)
            return 1
        case _:
            return simple_spell(u, msg, call)


def nearest_first(u, units: list) -> list:
    """``units`` by distance from ``u``, ties by creation order."""
    return sorted(units, key=lambda w: ((w.x - u.x) ** 2 + (w.y - u.y) ** 2, w.serial))


def raise_dead(u, msg: Msg, call: Call) -> int:
    """Raise Dead ('Arai', Liquipedia Necromancer): the nearest corpse within 'aran' of the
    caster, the lowest level first (seed 000: "Raise Dead's inverse low-level preference"),
    is consumed and 'Rai3' units of 'Rai1' rise where it lay with a timed life of 'adur';
    autocast ("raisedeadon") raises whenever a corpse is near."""
    match msg:
        case Msg.VALIDATE:
            return int(bool(_raise_dead_corpses(u, call.item)))
        case Msg.EXECUTE:
            corpses = _raise_dead_corpses(u, call.item)
            if not corpses:
                return 0
            c = corpses[0]
            summon_units(u, call.item.code, int(data(u, call.item, "Rai1", 0)), int(data(u, call.item, "Rai3", 1)),
                         float(data(u, call.item, "adur", 0.0)), at=(c.x, c.y))
            _game(u).units.remove_unit(c)
            return 1
        case _:
            return unit_autocast(u, msg, call)


def _raise_dead_corpses(u, item: AbilityItem) -> list:
    found = corpses_near(_game(u), u.x, u.y, float(data(u, item, "aran", 0.0)))
    return sorted(found, key=corpse_level)


def revival(u, msg: Msg, call: Call) -> int:
    """Resurrection ('AHre', Liquipedia Paladin) and Animate Dead ('AUan', Liquipedia Death
    Knight): up to 'Hre1'/'Uan1' corpses within 'aare' of the caster, the highest level first
    (seed 000), rise. Resurrection revives its owner's own units for good; Animate Dead raises
    any corpse as the caster's invulnerable summon with a timed life of 'adur', outside food
    accounting."""
    base = _game(u).object_types.base_code("ability", call.item.code) if u is not None else 0
    match msg:
        case Msg.VALIDATE:
            return int(bool(_revival_corpses(u, call.item, base)))
        case Msg.EXECUTE:
            corpses = _revival_corpses(u, call.item, base)
            if not corpses:
                return 0
            duration = float(data(u, call.item, "adur", 0.0))
            for c in corpses:
                if base == RESURRECTION:
                    revive_corpse(c)
                else:
                    raise_corpse_as_summon(c, u.owner, duration, TIMED_LIFE_BUFF)
                    c.invulnerable = True
                    state(c, call.item.code)["summoner"] = u
            return 1
        case _:
            return simple_spell(u, msg, call)


def _revival_corpses(u, item: AbilityItem, base: int) -> list:
    found = corpses_near(_game(u), u.x, u.y, float(data(u, item, "aare", 0.0)))
    if base == RESURRECTION:
        found = [c for c in found if c.owner is u.owner]
    count = int(data(u, item, REVIVAL_COUNT[base], 0))
    return sorted(found, key=lambda c: -corpse_level(c))[:count]


AURA_PERIOD = 0.5
"""Game seconds between two aura updates of a source (project choice; the game's refresh
rate was not measured)."""


@record(frozen=True, slots=False)
class AuraKind:
    """What an aura gives: ``buff`` the rawcode it puts on recipients, ``friendly``
    recipients (else enemies), ``fields`` (ability data field, ``SpellBuff`` bonus it feeds)
    pairs, the first the strength compared between sources; ``reach`` "any", "melee" or
    "ranged" recipients; ``regen`` a regeneration aura (its tick gives the points)."""

    buff: int
    friendly: bool
    fields: tuple
    reach: str = "any"
    regen: bool = False


def _aura(buff: str, *fields: tuple, reach: str = "any", regen: bool = False) -> AuraKind:
    return AuraKind(rawcode(buff), True, tuple(fields), reach, regen)


AURA_BUFFS = {rawcode(k): v for k, v in {
    # Devotion Aura: 'Had1' armor points (common.j ABILITY_RLF_ARMOR_BONUS_HAD1).
    "AHad": _aura("BHad", ("Had1", "armor")),
    # Unholy Aura: 'Uau1' movement speed (a fraction), 'Uau2' life regeneration, taken as life
    # points per game second (common.j ABILITY_RLF_LIFE_REGENERATION_INCREASE_PERCENT: the
    # unit of 'Uau2' was not confirmed by a source).
    "AUau": _aura("BUau", ("Uau1", "move"), ("Uau2", "life_regen"), regen=True),
    # Brilliance Aura: 'Hab1' mana points per game second (ABILITY_RLF_MANA_REGENERATION_INCREASE).
    "AHab": _aura("BHab", ("Hab1", "mana_regen"), regen=True),
    # Trueshot Aura: 'Ear1' a fraction of the ranged attack's damage (ABILITY_RLF_DAMAGE_BONUS_PERCENT).
    "AEar": _aura("BEar", ("Ear1", "damage"), reach="ranged"),
    # Endurance Aura: 'Oae1' movement and 'Oae2' attack speed, fractions (seed 000: "authored
    # as fractional bonuses (for example 0.10 for +10%)").
    "AOae": _aura("BOae", ("Oae1", "move"), ("Oae2", "attack")),
    # Command Aura: 'Cac1' a fraction of the attack's damage (ABILITY_RLF_ATTACK_DAMAGE_INCREASE_CAC1).
    "AOac": _aura("BOac", ("Cac1", "damage")),
    # Vampiric Aura: 'Uav1' the fraction of a melee hit's damage healed (ABILITY_RLF_ATTACK_DAMAGE_STOLEN_PERCENT).
    "AUav": _aura("BUav", ("Uav1", "steal"), reach="melee"),
    # Thorns Aura: 'Eah1' the fraction of a melee attacker's damage returned to it
    # (ABILITY_RLF_DAMAGE_DEALT_TO_ATTACKERS).
    "AEah": _aura("BEah", ("Eah1", "thorns")),
}.items()}
"""Aura base rawcode -> its ``AuraKind``. Fractions are as the corpus maps author these fields
(custom-mcfc: 'Uav1' 0.14, 'Oae1' 0.5, 'Eev1' 0.25)."""
SUMMON_FIELDS = {rawcode("AHwe"): "Hwe", rawcode("AOsf"): "Osf"}
"""Summoning base rawcode -> the prefix of its unit-type ('…1') and count ('…2') fields."""
HEALING_WAVE = rawcode("AOhw")
CHAIN_FIELDS = {rawcode("AOcl"): "Ocl", HEALING_WAVE: "Ohw"}
"""Chain base rawcode -> the prefix of its amount ('…1'), targets ('…2') and reduction per
jump ('…3') fields."""
RESURRECTION = rawcode("AHre")
REVIVAL_COUNT = {RESURRECTION: "Hre1", rawcode("AUan"): "Uan1"}
"""Revival base rawcode -> its field of the number of corpses raised."""
AUTOCASTS = {
    rawcode("Ahea"): (True, True, 500.0, 0),
    rawcode("Ainf"): (True, False, 500.0, rawcode("Binf")),
    rawcode("Aslo"): (False, False, 500.0, rawcode("Bslo")),
    rawcode("AUfu"): (True, False, 500.0, rawcode("BUfa")),
    rawcode("Arai"): (False, False, 0.0, 0),
}
"""Autocast base rawcode -> its acquisition policy (seed 000 ``S_AutocastAcquireUnit``):
(friendly candidates?, wounded only?, fallback radius when the ability has no cast range
(project choice), buff a candidate must not have (0: none)). Raise Dead has no unit target:
its acquisition is its own VALIDATE (a corpse in range)."""
FLAME_STRIKE_STAGES = (2.67, 6.0)
"""Flame Strike's pillar and fire durations, game seconds (Liquipedia Blood Mage: "Pillar
Duration : 2.67 seconds", "Fire Duration : 6 seconds"; not a map's ability data field here:
common.j's 'Hfs2'/'Hfs4' are damage intervals, whose stock values were not found)."""
DEFAULT_MISSILE_SPEED = 1000.0
"""Missile speed of a missile spell whose data has no 'amsp' (project default)."""
STUN_BUFF = rawcode("BPSE")
"""The stun buff of Storm Bolt and other pause stuns (the game's 'BPSE')."""
TIMED_LIFE_BUFF = rawcode("BTLF")
DIVINE_SHIELD_BUFF = rawcode("BHds")
"""Divine Shield's buff: the caster is invulnerable while it lasts."""


def _row(code: str, proc: Procedure, flags: int, target: str, *orders: str) -> AbilityRow:
    return AbilityRow(rawcode(code), proc, flags, target, tuple(orders))


REGISTRY: dict[int, AbilityRow] = {r.code: r for r in (
    _row("AHhb", holy_light, AB_SPELL, TARGET_UNIT, "holybolt"),
    _row("ANhb", holy_light, AB_SPELL, TARGET_UNIT, "holybolt"),        # creep Holy Light
    _row("AUdc", death_coil, AB_SPELL, TARGET_UNIT, "deathcoil"),
    _row("AHtb", storm_bolt, AB_SPELL, TARGET_UNIT, "thunderbolt"),
    _row("ANsb", storm_bolt, AB_SPELL, TARGET_UNIT, "thunderbolt"),     # creep Storm Bolt
    _row("AHtc", thunder_clap, AB_SPELL, TARGET_NONE, "thunderclap"),
    # creep Thunder Clap: its own order (custom-xl-hero-siege and custom-mcfc cast their
    # creep-based claps with "creepthunderclap")
    _row("ACtc", thunder_clap, AB_SPELL, TARGET_NONE, "creepthunderclap"),
    _row("AHbz", blizzard, AB_SPELL | AB_CHANNEL, TARGET_POINT, "blizzard"),
    _row("AHwe", summon_spell, AB_SPELL, TARGET_NONE, "waterelemental"),
    _row("AOsf", summon_spell, AB_SPELL, TARGET_NONE, "spiritwolf"),
    _row("AHad", aura, AB_UPDATE, TARGET_NONE),
    _row("AUau", aura, AB_UPDATE, TARGET_NONE),
    _row("AHab", aura, AB_UPDATE, TARGET_NONE),
    _row("AEar", aura, AB_UPDATE, TARGET_NONE),
    _row("AOae", aura, AB_UPDATE, TARGET_NONE),
    _row("AOac", aura, AB_UPDATE, TARGET_NONE),
    _row("AUav", aura, AB_UPDATE, TARGET_NONE),
    _row("AEah", aura, AB_UPDATE, TARGET_NONE),
    _row("AOcr", passive, 0, TARGET_NONE),
    _row("AEev", passive, 0, TARGET_NONE),
    _row("AHbh", passive, 0, TARGET_NONE),
    # the creep Critical Strike, Evasion and Bash (bases of corpus maps' aliases, custom-mcfc)
    _row("ACct", passive, 0, TARGET_NONE),
    _row("ACev", passive, 0, TARGET_NONE),
    _row("ACbh", passive, 0, TARGET_NONE),
    _row("AHds", divine_shield, AB_SPELL, TARGET_NONE, "divineshield"),
    _row("Ahea", autocast_heal, AB_SPELL | AB_AUTOCAST, TARGET_UNIT, "heal", "healon", "healoff"),
    _row("Ainf", inner_fire, AB_SPELL | AB_AUTOCAST, TARGET_UNIT, "innerfire", "innerfireon",
         "innerfireoff"),
    _row("Aslo", slow, AB_SPELL | AB_AUTOCAST, TARGET_UNIT, "slow", "slowon", "slowoff"),
    _row("AUfa", frost_armor, AB_SPELL, TARGET_UNIT, "frostarmor"),
    _row("AUfu", frost_armor, AB_SPELL | AB_AUTOCAST, TARGET_UNIT, "frostarmor", "frostarmoron",
         "frostarmoroff"),
    _row("AOcl", chain_spell, AB_SPELL, TARGET_UNIT, "chainlightning"),
    _row("AOhw", chain_spell, AB_SPELL, TARGET_UNIT, "healingwave"),
    _row("AEbl", blink, AB_SPELL, TARGET_POINT, "blink"),
    _row("AUim", impale, AB_SPELL, TARGET_POINT, "impale"),
    _row("AHfs", flame_strike, AB_SPELL, TARGET_POINT, "flamestrike"),
    _row("AHmt", mass_teleport, AB_SPELL, TARGET_UNIT, "massteleport"),
    _row("Arai", raise_dead, AB_SPELL | AB_AUTOCAST, TARGET_NONE, "raisedead", "raisedeadon",
         "raisedeadoff"),
    _row("AHre", revival, AB_SPELL, TARGET_NONE, "resurrection"),
    _row("AUan", revival, AB_SPELL, TARGET_NONE, "animatedead"),
    _row("AIh1", healing_item, AB_ITEM, TARGET_NONE),
    _row("Abli", blight_growth, AB_UPDATE, TARGET_NONE),
)}
"""Playable rawcode -> its row (module docstring)."""

def resolve(game, code: int) -> AbilityItem | None:
    """The ``AbilityItem`` of rawcode ``code``: its own row, else its base's from the map's
    object data (an alias), else None (an ability the registry does not know)."""
    row = REGISTRY.get(code)
    if row is None:
        row = REGISTRY.get(game.object_types.base_code("ability", code))
    return AbilityItem(row, code) if row is not None else None


def send(u, msg: Msg, item: AbilityItem, **fields: Any) -> int:
    """Send ``msg`` about ``item`` to its procedure for unit ``u`` (``fields``: the call
    record's message-selected fields); the procedure's answer."""
    return item.row.proc(u, msg, Call(item, **fields))


def init_abilities(game) -> None:
    """INIT once for each registry row (seed 000: after the ability data is loaded)."""
    for row in REGISTRY.values():
        row.proc(None, Msg.INIT, Call(AbilityItem(row, row.code)))


# -- shared mechanic families -----------------------------------------------------------------
def _units_in_range(u, radius: float) -> list:
    return units_near(_game(u), u.x, u.y, radius)


def units_near(game, x: float, y: float, radius: float) -> list:
    """Live units whose origin is within ``radius`` world units of (x, y), in creation order."""
    r2 = radius * radius
    found = [v for v in game.units.units_near(x - radius, y - radius, x + radius, y + radius)
             if (v.x - x) ** 2 + (v.y - y) ** 2 <= r2 and v.alive]
    found.sort(key=_SERIAL)
    return found


def line_end(u, x: float, y: float, length: float) -> tuple[float, float]:
    """The point ``length`` world units from ``u`` toward (x, y), whatever the distance to it
    (a wave runs its whole length; a point on the caster aims along its facing, degrees)."""
    dx, dy = x - u.x, y - u.y
    d = math.hypot(dx, dy)
    if d == 0:
        a = math.radians(u.facing)
        dx, dy, d = math.cos(a), math.sin(a), 1.0
    return u.x + dx * length / d, u.y + dy * length / d


def units_on_line(game, x0: float, y0: float, x1: float, y1: float, width: float) -> list:
    """Live units whose origin is within ``width`` world units of the segment (x0, y0)-(x1, y1),
    in creation order."""
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    reach = math.sqrt(length2) / 2 + width
    found = []
    for v in units_near(game, cx, cy, reach):
        f = 0.0 if length2 == 0 else max(0.0, min(1.0, ((v.x - x0) * dx + (v.y - y0) * dy) / length2))
        if (v.x - x0 - f * dx) ** 2 + (v.y - y0 - f * dy) ** 2 <= width * width:
            found.append(v)
    return found


_SERIAL = operator.attrgetter("serial")


def hero_duration(u, item: AbilityItem, target) -> float:
    """The duration a status lasts on ``target``: 'ahdu' for heroes, else 'adur'."""
    normal = float(data(u, item, "adur", 0.0))
    return float(data(u, item, "ahdu", normal)) if target.is_hero else normal


def apply_timed_buff(v, code: int, duration: float, positive: bool = False) -> None:
    """Put buff ``code`` on ``v`` until ``duration`` game seconds from now (replacing the
    running one's expiry); the ``buff_expire`` scheduler entry removes it."""
    if code not in v.buffs:
        own(v, "buffs")[code] = SpellBuff(code, positive=positive)
    _expire_in(v, code, duration)


def apply_spell_buff(v, code: int, duration: float, armor: float = 0.0, damage: float = 0.0,
                     positive: bool = False, move: float = 0.0, attack: float = 0.0) -> None:
    """Put (or renew) spell buff ``code`` on ``v`` for ``duration`` game seconds with its
    ``armor`` points, ``damage`` fraction and ``move``/``attack`` speed fractions (negative
    slows; ``SpellBuff``, read by combat and movement)."""
    own(v, "buffs")[code] = SpellBuff(code, positive=positive, armor=armor, damage=damage,
                                      move=move, attack=attack)
    _expire_in(v, code, duration)


def _expire_in(v, code: int, duration: float) -> None:
    game = _game(v)
    game.spells.expire_buff_at(v, code, game.now + max(0.0, duration))


def apply_stun(v, duration: float) -> None:
    """Stun ``v`` for ``duration`` game seconds (buff 'BPSE'): its current order and spell are
    interrupted (SPELL_ENDCAST for a cast in progress) and orders are refused while stunned."""
    game = _game(v)
    game.spells.interrupt(v)
    apply_timed_buff(v, STUN_BUFF, duration)


def damage_enemies_in_radius(u, x: float, y: float, radius: float, amount: float,
                             ground_only: bool = False) -> list:
    """``amount`` damage from ``u`` to every living enemy unit within ``radius`` of (x, y)
    (``ground_only``: not flying units); the units hit, in creation order."""
    game = _game(u)
    hit = [v for v in units_near(game, x, y, radius)
           if not _friend(u, v) and not (ground_only and v.flying)]
    for v in hit:
        game.units.damage_unit(v, amount, u)
    return hit


def summon_units(u, ability: int, unit_type: int, count: int, duration: float,
                 at: tuple[float, float] | None = None) -> list:
    """``count`` units of ``unit_type`` for ``u``'s owner at ``at`` (world units), else in
    front of ``u`` (facing, 100 world units out), each with a timed life of ``duration`` (0:
    permanent) and ``ability_state[ability]["summoner"]`` naming the summoning unit (seed 000:
    ``S_SummonAbilityUnits`` records the concrete summon ability)."""
    game = _game(u)
    if not unit_type or count <= 0:
        return []
    if at is None:
        angle = math.radians(u.facing)
        at = (u.x + 100.0 * math.cos(angle), u.y + 100.0 * math.sin(angle))
    out = []
    for _ in range(count):
        s = game.units.create_unit(u.owner, unit_type, at[0], at[1], u.facing, game.warn)
        state(s, ability)["summoner"] = u
        if duration > 0:
            game.units.apply_timed_life(s, TIMED_LIFE_BUFF, duration)
        out.append(s)
    return out


def update_aura(u, item: AbilityItem) -> None:
    """One aura update of source ``u`` (seed 000's aura family: source/recipient
    reconciliation): each live unit of the aura's side within 'aare' (of the aura's reach:
    melee or ranged attackers only for the auras that say so) gets or keeps the aura's buff
    with the source's bonuses when it is the strongest (``refresh_aura``); the units it held
    last time and no longer reaches are let go (``_let_go``). A regeneration aura then gives
    the units it holds their points for one ``AURA_PERIOD`` (``regenerate``).

    An update whose outcome cannot differ from the last one is skipped (``aura_unchanged``):
    the cache ``game.spells.aura_clean`` (never saved) remembers, per source and aura, the
    level, the area and the units of the aura's side it found; the cast path drops the entry
    when a unit appears, moves, dies, revives or changes owner within the area, when alliances
    change or an aura lets a buff go."""
    game = _game(u)
    code = item.code
    kind = AURA_BUFFS[game.object_types.base_code("ability", code)]
    buff = kind.buff
    key, level = (u, code), level_of(u, code)
    clean = game.spells.aura_clean
    rec = state(u, code)
    if not aura_unchanged(u, buff, clean.get(key), level):
        bonuses = tuple((name, figure(u, item, fid)) for fid, name in kind.fields)
        radius = figure(u, item, "aare")
        held, side = [], []
        owner = u.owner
        for v in _units_in_range(u, radius):
            if owner.is_ally(v.owner) == kind.friendly and reaches(kind.reach, v):
                side.append(v)
                taken = refresh_aura(v, buff, u, bonuses, kind.friendly)
                if taken:
                    held.append(v)
                    if taken == TAKEN:
                        game.spells.keep_buff(v, buff)
        kept = set(held)
        _let_go(u, buff, [w for w in rec.get("recipients", ()) if w not in kept])
        rec["recipients"] = held
        clean[key] = (level, bonuses[0][1], radius, u.x, u.y, side)
    if kind.regen:
        for v in rec.get("recipients", ()):
            b = v.buffs.get(buff)
            if v.alive and isinstance(b, AuraBuff) and b.source is u:
                regenerate(v, b.life_regen, b.mana_regen, AURA_PERIOD)


def reaches(reach: str, v) -> bool:
    """Is ``v`` a recipient of an aura of ``reach`` ("any"; "melee"/"ranged": units whose
    weapon is melee or ranged, ``is_melee``)?"""
    if reach == "any":
        return True
    w = weapon(v)
    return w is not None and is_melee(w) == (reach == "melee")


def aura_unchanged(u, buff: int, clean, level: int) -> bool:
    """Would this update of source ``u`` change nothing? True when its ``clean`` record is
    there for the same level and every unit of the aura's side it found still has the buff,
    held by ``u`` or by a source at least as strong."""
    if clean is None or clean[0] != level:
        return False
    value = clean[1]
    for v in clean[5]:
        b = v.buffs.get(buff)
        if not isinstance(b, AuraBuff) or b.source is None \
                or (b.source is not u and b.value < value):
            return False
    return True


def release_aura(u, code: int) -> None:
    """Source ``u`` stops giving aura ``code`` (it lost the ability, died or was removed):
    its recipients are let go."""
    rec = u.ability_state.get(code)
    if rec is None or "recipients" not in rec:
        return
    buff = AURA_BUFFS[_game(u).object_types.base_code("ability", code)].buff
    _let_go(u, buff, rec.pop("recipients"))


def _let_go(u, buff: int, units) -> None:
    """The recipients ``units`` whose buff ``u`` holds keep it one more ``AURA_PERIOD`` without
    a holder: another source may take it over, else it expires."""
    game = _game(u)
    for w in units:
        b = w.buffs.get(buff)
        if isinstance(b, AuraBuff) and b.source is u:
            b.source = None
            game.spells.expire_buff_at(w, buff, game.now + AURA_PERIOD)
            game.spells.aura_clean.clear()       # another source may take it over


def acquire_unit_target(u, item: AbilityItem, friendly: bool, wounded: bool,
                        radius: float, without: int = 0) -> bool:
    """Unit-target autocast acquisition (seed 000 ``S_AutocastAcquireUnit``): the nearest live
    candidate within the caster's acquisition range or the ability's cast range (else
    ``radius``), whichever is larger (Liquipedia Priest: "Any friendly unit within acquisition
    range of the Priest will be automatically healed"; a type without an acquisition range
    figure: the cast range), of the wanted relation (wounded when
    asked, not carrying buff ``without`` when given) that VALIDATE accepts is cast on through
    the normal cast path, which walks into cast range. True when a cast started."""
    game = _game(u)
    reach = max(float(data(u, item, "aran", radius)) or radius, acquire_range(u) or 0.0)
    for v in nearest_first(u, units_near(game, u.x, u.y, reach)):
        if v is u or _friend(u, v) != friendly or (wounded and v.life >= v.max_life) or without in v.buffs:
            continue
        if send(u, Msg.VALIDATE, item, target=SpellTarget(unit=v)):
            return game.spells.cast(u, item.code, SpellTarget(unit=v))
    return False


def grow_blight(u, item: AbilityItem) -> float:
    """One Blight Growth tick (seed 002): while the source is alive, not under construction and
    its owner may use the ability, a due step adds the expansion amount to the radius (at most
    the area), paints or clears blight ('Bli2' non-zero creates) within it and schedules the
    next step 'adur' later. Suppression keeps the deadline, so an overdue step happens at once
    when availability returns; blight painted stays (removal is an explicit operation).
    Answers the game seconds to the next tick."""
    game = _game(u)
    rec = state(u, item.code)
    if "due" not in rec:
        rec.update(radius=0.0, due=game.now)
    interval = max(float(data(u, item, "adur", 1.0)), 0.01)
    if not u.alive or game.spells.under_construction(u) \
            or not u.owner.ability_available.get(item.code, True):
        return interval
    if game.now + 1e-9 < rec["due"]:
        return rec["due"] - game.now
    area = float(data(u, item, "aare", 0.0))
    step = float(_blight_data(u, item, "Bli1", "B", 0.0))
    creates = bool(_blight_data(u, item, "Bli2", "A", 1))
    rec["radius"] = min(area, rec["radius"] + step)
    plane_of(game).set_radius(u.x, u.y, rec["radius"], creates)
    rec["due"] = game.now + interval
    return interval


def _blight_data(u, item: AbilityItem, fid: str, letter: str, default: Any) -> Any:
    """A Blight Growth data value by its field id, else by the ability-data column names the
    game's tables use: TFT ``Data<letter><level>`` ("DataB1") or RoC ``Data<level><index>``
    ("Data12") (seed 002), stored as field ids of level 0 by a table reader."""
    level = max(1, level_of(u, item.code))
    index = ord(letter) - ord("A") + 1
    types = _game(u).object_types
    for fid_, lvl in ((fid, level), (f"Data{letter}{level}", 0), (f"Data{level}{index}", 0)):
        value = types.data_value("ability", item.code, fid_, lvl)
        if value is not MISSING:
            return value
    return data(u, item, fid, default)
