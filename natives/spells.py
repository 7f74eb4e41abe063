"""The cast path: a spell is an order (``natives.orders``) carried out phase by phase, with the
spell events, mana, cooldowns, stuns, buffs, timed life, ability updates, item use and hero
skill learning (``game.spells``).

Phases of a cast (Hive Workshop, "Casting Events Guide", hiveworkshop.com/threads/228472,
and jassdoc's EVENT_UNIT_SPELL_* texts; seed 000 for VALIDATE/EXECUTE):

1. *Order*: a spell order (the first order string of the ability's registry row, by string or
   id) given to a unit that has the ability is refused (the ``Issue*Order`` native answers
   false) when the unit is stunned, the ability is not available to its owner
   (``SetPlayerAbilityAvailable``), on cooldown, the unit's mana is below the cost
   ('amcs') or VALIDATE rejects the target. Otherwise it becomes the unit's order, carried
   out by a ``CastWork`` in the unit's one ``unit_order_step`` entry.
2. *Approach*: the unit walks until the target (unit or point) is within the cast range
   ('aran', centre to centre; a target without range is cast at once).
3. *Channel and cast*: ``SPELL_CHANNEL`` ("begins channeling") then ``SPELL_CAST`` ("begins
   casting") at the same instant; the unit then spends its cast point (unit field 'ucpt',
   default ``CAST_POINT``) plus the ability's casting time ('acas', except for channels
   such as Blizzard whose 'acas' is the time between waves: guide, "MOST ?").
4. *Effect*: VALIDATE again (a target that died meanwhile ends the cast with nothing
   spent); mana is spent and the cooldown ('acdn') starts, ``SPELL_EFFECT`` ("starts the
   effect of an ability") is published and EXECUTE sent. A channel (``AB_CHANNEL``) goes on
   for its waves (UPDATE each 'acas'); then ``SPELL_FINISH`` ("finishes casting") and
   ``SPELL_ENDCAST`` ("stops casting"), and the backswing ('ucbs', default
   ``CAST_BACKSWING``) during which the order is still current; then the next queued order
   or idle.

Interruption (the guide, "Any Interruption Means"): ``stop`` (or any order that replaces the
cast, the caster's death or removal) after SPELL_CHANNEL and before SPELL_FINISH ends the
cast with ``SPELL_ENDCAST`` only; before SPELL_EFFECT nothing is spent ("no mana wasted"),
after it the mana is gone. A move, attack or other spell order given before the effect is
queued behind the cast ("issuing the order before this point will queue the order"). A stun
before the effect ends that attempt (``SPELL_ENDCAST``) and the caster casts again when the
stun ends, if it still has the mana ("he will re-cast the spell again ... provided that he
isn't issued any other order"); a stun after the effect disrupts the spell (the mana is
wasted).

Events are ``natives.modelevents.Spell`` (the event layer raises EVENT_PLAYER_UNIT_SPELL_* and
EVENT_UNIT_SPELL_*, whose queued trigger runs see ``GetSpellAbilityUnit``,
``GetSpellAbilityId``, ``GetSpellAbility``, ``GetSpellTargetUnit/Item/Destructable`` and, for
a point target, ``GetSpellTargetX/Y/Loc``).

Stuns hold the unit (``Orders.stunned``): its order resumes when the stun ends. Buffs with an
expiry are ``buff_expire`` scheduler entries (subject the unit, argument the buff rawcode);
the abilities with ``AB_UPDATE`` get one ``ability_update`` entry per unit, each tick sending
UPDATE once per procedure (seed 000: the update roster is deduplicated by procedure); a
revived unit's roster starts again.

Pending effects are scheduler entries whose subject is a plain record of
``natives.spellfamilies``: ``spell_missile`` (a ``Missile``; at its impact the procedure of its
rawcode gets UPDATE with the target and the level it was cast at), ``spell_chain`` (a
``Chain``'s next jump) and ``spell_burn`` (a ``Burn``'s next damage step). A unit with an autocast on has one ``autocast_scan`` entry
(``AUTOCAST_PERIOD``). An ability's orders other than its casting one (autocast toggles such
as "healon") are carried out beside the current order (the ``Orders.extensions`` protocol).

A unit gets its type's abilities when it is created (``type_abilities``: the object data's
'uabi', else ``UNIT_ABILITIES``).
"""
from __future__ import annotations

import math

from jassvm.records import record
from natives.abilities import (AB_AUTOCAST, AB_CHANNEL, AB_ITEM, AB_UPDATE, AURA_BUFFS,
                               DIVINE_SHIELD_BUFF, STUN_BUFF,
                               TARGET_NONE, TARGET_POINT, TARGET_UNIT, AbilityItem, Msg,
                               SpellTarget, init_abilities, release_aura, resolve, send)
from natives.abilitydata import ability_field
from natives.handles import alive, own
from natives.modelevents import (AllianceChanged, HeroSkill, Spell, UnitConstruct, UnitCreated,
                                 UnitDeath, UnitLoaded, UnitMoved, UnitOwnerChanged, UnitRemoved,
                                 UnitRevived, UnitUnloaded)
from natives.objecttypes import MISSING
from natives.orders import ORDER_STRINGS, Work
from natives.passives import strike, struck
from natives.spellfamilies import Burn, Chain, Missile, advance_missile, burn_tick, chain_hop
from natives.unitdata import rawcode, rawcode_str

CAST_POINT = 0.3
"""Game seconds from SPELL_CAST to SPELL_EFFECT for a unit type whose object data has no cast
point ('ucpt'): a project default, the per-type values being object data."""
CAST_BACKSWING = 0.5
"""Game seconds of the backswing after the effect without 'ucbs' data (project default)."""

HERO_ULTIMATES = frozenset(rawcode(c) for c in (
    "AHre", "AHav", "AHmt", "AHpx", "AOww", "AOre", "AOeq", "AOvd", "AUan", "AUin", "AUdd",
    "AUls", "AEme", "AEsf", "AEtq", "AEsv", "ANef", "ANst", "ANva", "ANto", "ANrg", "ANsq",
    "ANvc", "ANch"))
"""The ultimates of the 24 melee heroes: level 1 only, learnt from hero level 6 (Liquipedia
Warcraft, "Hero": "Ultimate abilities can be learned at level 6")."""
ULTIMATE_LEVEL = 6
SKILL_LEVELS = 3
"""Levels of a normal hero skill; level L needs hero level 2L-1 (Liquipedia, "Hero")."""

@record(slots=False)
class CastWork(Work):
    """The work of a spell order (plain data, saved with the unit): ``code`` the rawcode cast,
    ``phase`` approach, point (cast point), channel, backswing or done; ``tx``/``ty`` the
    target point; ``due`` the game time the phase ends; ``waves`` channel waves left."""

    code: int = 0
    phase: str = "approach"
    tx: float | None = None
    ty: float | None = None
    due: float = 0.0
    waves: int = 0


def _dist(ax, ay, bx, by) -> float:
    return math.hypot(bx - ax, by - ay)


class Spells:
    """The cast path of a Game (``game.spells``; module docstring).

    ``building``: structures under construction (Blight Growth waits); ``updates`` unit ->
    its pending ``ability_update`` entry; ``buff_entries`` (unit, buff rawcode) -> the
    pending ``buff_expire`` entry; ``scans`` unit -> its pending ``autocast_scan`` entry."""

    def __init__(self, game) -> None:
        self.game = game
        self.building: dict = {}
        self.updates: dict = {}
        self.buff_entries: dict = {}
        self.scans: dict = {}
        self.aura_clean: dict = {}     # a cache, never saved (natives.abilities.update_aura)
        self.missing_figures: set = set()   # (rawcode, field) reported missing (natives.passives)
        game.scheduler.register("buff_expire", self._expire_buff)     # subject unit, arg buff
        game.scheduler.register("ability_update", self._update)       # subject unit
        game.scheduler.register("spell_missile", self._missile)       # subject a Missile
        game.scheduler.register("spell_chain", self._chain)           # subject a Chain, arg delay
        game.scheduler.register("spell_burn", self._burn)             # subject a Burn, arg step
        game.scheduler.register("autocast_scan", self._scan)          # subject unit
        orders = game.orders
        orders.checks.append(self._accepts)
        orders.planners.append(self._plan)
        orders.modes["cast"] = self
        orders.extensions.append(self)
        game.subscribers.append(self._on_event)
        init_abilities(game)

    # -- abilities on units -------------------------------------------------------------------
    def ability_for_order(self, u, order) -> tuple[AbilityItem | None, str | None]:
        """The ability of ``u`` whose row lists the order's string, and that string (None,
        None when none does)."""
        name = order.order if order.order is not None else ORDER_STRINGS.get(order.order_id)
        if name is not None:
            for code in u.abilities:
                item = resolve(self.game, code)
                if item is not None and name in item.row.orders:
                    return item, name
        return None, None

    def spell_for_order(self, u, order) -> AbilityItem | None:
        """The ability of ``u`` an order casts (its row's first order string), or None."""
        item, name = self.ability_for_order(u, order)
        return item if item is not None and item.row.orders[0] == name else None

    def ability_added(self, u, code: int) -> None:
        """``code`` became one of ``u``'s abilities (``UnitAddAbility``, a learnt skill): ENABLE,
        and the update roster when the row has ``AB_UPDATE``."""
        item = resolve(self.game, code)
        if item is None:
            return
        send(u, Msg.ENABLE, item)
        if item.row.flags & AB_UPDATE:
            self._schedule_update(u, 0.0)

    def ability_removed(self, u, code: int) -> None:
        """``code`` was removed from ``u``: DISABLE (state records are dropped by it)."""
        item = resolve(self.game, code)
        if item is not None:
            send(u, Msg.DISABLE, item)
        own(u, "ability_state").pop(code, None)

    def level_changed(self, u, code: int) -> None:
        """The level of ``u``'s ability ``code`` was set (``SetUnitAbilityLevel``...):
        LEVEL_CHANGED with the new level."""
        item = resolve(self.game, code)
        if item is not None:
            send(u, Msg.LEVEL_CHANGED, item, level=u.abilities[code])

    def under_construction(self, u) -> bool:
        """Is structure ``u`` still being built (its abilities do nothing yet)?"""
        return u in self.building

    def stunned(self, u) -> bool:
        """Does ``u`` carry the stun buff (it cannot cast)?"""
        return STUN_BUFF in u.buffs

    # -- figures --------------------------------------------------------------------------------
    def _figure(self, u, code: int, fid: str, key: tuple) -> float:
        """A level figure of the unit's ability: the value set on its ``ability`` handle (the
        ``BlzSetUnitAbility*`` level field ``key``, 0-indexed level) else the data."""
        level = max(1, u.abilities.get(code, 1))
        a = u.ability_objects.get(code)
        if a is not None and (key, level - 1) in a.level_fields:
            return float(a.level_fields[(key, level - 1)])
        return float(ability_field(self.game, code, fid, level, 0))

    def mana_cost(self, u, code: int) -> float:
        """Mana the unit's ability ``code`` costs at its level (``amcs``; a
        ``BlzSetUnitAbilityManaCost`` value wins)."""
        return self._figure(u, code, "amcs", ("abilityintegerlevelfield", rawcode("amcs")))

    def cooldown(self, u, code: int) -> float:
        """Cooldown of the unit's ability ``code`` at its level, game seconds (``acdn``; a
        ``BlzSetUnitAbilityCooldown`` value wins)."""
        return self._figure(u, code, "acdn", ("abilityreallevelfield", rawcode("acdn")))

    def _unit_time(self, u, fid: str, default: float) -> float:
        value = self.game.object_types.field_value("unit", u.type_id, fid)
        return default if value is MISSING else float(value)

    # -- the order pipeline's hooks -------------------------------------------------------------
    def can_cast(self, u, item: AbilityItem, target: SpellTarget) -> bool:
        """The order-time checks of phase 1 (module docstring)."""
        code = item.code
        if self.stunned(u) or not u.owner.ability_available.get(code, True):
            return False
        if u.cooldowns.get(code, 0.0) > self.game.now + 1e-9:
            return False
        if u.mana + 1e-9 < self.mana_cost(u, code):
            return False
        return bool(send(u, Msg.VALIDATE, item, target=target))

    def _target(self, item: AbilityItem, order) -> SpellTarget:
        kind = item.row.target
        if kind == TARGET_UNIT:
            return SpellTarget(unit=alive(order.target))
        if kind == TARGET_POINT:
            if order.x is None and order.target is not None:
                return SpellTarget(x=order.target.x, y=order.target.y)
            return SpellTarget(x=order.x, y=order.y)
        return SpellTarget()

    def _accepts(self, u, order):
        """The ``Orders.checks`` hook: a casting order is checked (phase 1)."""
        item = self.spell_for_order(u, order)
        return None if item is None else self.can_cast(u, item, self._target(item, order))

    # -- the Orders.extensions protocol: an ability's other orders ("healon", "healoff"...) ----
    def claims(self, u, order) -> bool:
        """An order of an ability's row that does not cast it (an autocast toggle) is ours."""
        item, name = self.ability_for_order(u, order)
        return item is not None and name != item.row.orders[0]

    def accepts(self, u, order) -> bool:
        """The ORDER message's answer (which applies it: autocast on or off)."""
        item, name = self.ability_for_order(u, order)
        return bool(send(u, Msg.ORDER, item, order=name))

    def parallel(self, u, order) -> bool:
        """A toggle runs beside the current order: the unit goes on with what it does."""
        return True

    def start(self, u, order) -> None:
        """Nothing to carry out: ``accepts`` applied the toggle."""

    def _plan(self, u, order):
        item = self.spell_for_order(u, order)
        if item is None:
            return None
        t = self._target(item, order)
        return CastWork("cast", target=t.unit, code=item.code, tx=t.x, ty=t.y)

    def holds(self, u, w: CastWork, order) -> bool:
        """A new order (not ``stop``) given during the cast point is queued behind the cast."""
        return w.phase == "point" and order.order != "stop"

    def dropped(self, u, w: CastWork) -> None:
        """The cast's order was replaced or cleared: SPELL_ENDCAST when the cast had begun."""
        if w.phase in ("point", "channel"):
            w.phase = "done"
            self._event("endcast", u, w)

    def step(self, u, w: CastWork, now: float):
        """One step of the cast (the ``unit_order_step`` handler of mode "cast")."""
        item = resolve(self.game, w.code)
        if item is None or w.code not in u.abilities:
            self.game.orders.finish(u)
            return None
        return getattr(self, "_" + w.phase)(u, w, item, now)

    # -- phases -----------------------------------------------------------------------------------
    def _spell_target(self, w: CastWork) -> SpellTarget:
        return SpellTarget(unit=w.target, x=w.tx, y=w.ty)

    def _approach(self, u, w: CastWork, item: AbilityItem, now: float):
        orders = self.game.orders
        t = w.target
        if item.row.target == TARGET_UNIT and (t is None or not t.alive):
            orders.finish(u)
            return None
        if not self.can_cast(u, item, self._spell_target(w)):
            orders.finish(u)
            return None
        reach = self._figure(u, w.code, "aran", ("abilityreallevelfield", rawcode("aran")))
        gx, gy = (t.x, t.y) if t is not None else (w.tx, w.ty)
        if item.row.target != TARGET_NONE and reach > 0 and _dist(u.x, u.y, gx, gy) > reach:
            if u.utype.movement_disabled or u.move_speed <= 0:
                orders.finish(u)
                return None
            if not w.path or w.path_to is None or _dist(gx, gy, *w.path_to) > 1.0:
                w.path_to = (gx, gy)
                orders.route(u, w, (gx, gy))
            return orders.move_delay(u, w) if w.path else None
        w.path = []
        if item.row.target != TARGET_NONE:
            u.facing = math.degrees(math.atan2(gy - u.y, gx - u.x)) % 360.0
        self._event("channel", u, w)
        self._event("cast", u, w)
        if u.work is not w:
            return None      # a trigger gave another order
        w.phase = "point"
        casting = 0.0 if item.row.flags & AB_CHANNEL else float(
            ability_field(self.game, w.code, "acas", max(1, u.abilities.get(w.code, 1)), 0.0))
        w.due = now + self._unit_time(u, "ucpt", CAST_POINT) + casting
        return w.due - now

    def _point(self, u, w: CastWork, item: AbilityItem, now: float):
        if now + 1e-9 < w.due:
            return w.due - now
        target = self._spell_target(w)
        cost = self.mana_cost(u, w.code)
        if not send(u, Msg.VALIDATE, item, target=target) or u.mana + 1e-9 < cost:
            self.dropped(u, w)
            self.game.orders.finish(u)
            return None
        self.game.units.set_mana(u, u.mana - cost)
        cd = self.cooldown(u, w.code)
        if cd > 0:
            own(u, "cooldowns")[w.code] = now + cd
        self._event("effect", u, w)
        send(u, Msg.EXECUTE, item, target=target)
        if u.work is not w or not u.alive:
            return None
        if item.row.flags & AB_CHANNEL:
            level = max(1, u.abilities.get(w.code, 1))
            w.waves = int(ability_field(self.game, w.code, "Hbz1", level, 1)) - 1
            w.phase = "channel"
            w.due = now + float(ability_field(self.game, w.code, "acas", level, 1.0))
            return self._channel(u, w, item, now)
        return self._complete(u, w, now)

    def _channel(self, u, w: CastWork, item: AbilityItem, now: float):
        if w.waves > 0:
            if now + 1e-9 < w.due:
                return w.due - now
            send(u, Msg.UPDATE, item, target=self._spell_target(w))
            w.waves -= 1
            level = max(1, u.abilities.get(w.code, 1))
            w.due = now + float(ability_field(self.game, w.code, "acas", level, 1.0))
            return 0.0 if w.waves <= 0 else w.due - now
        return self._complete(u, w, now)

    def _complete(self, u, w: CastWork, now: float):
        w.phase = "backswing"
        self._event("finish", u, w)
        self._event("endcast", u, w)
        w.due = now + self._unit_time(u, "ucbs", CAST_BACKSWING)
        return w.due - now if u.work is w else None

    def _backswing(self, u, w: CastWork, item: AbilityItem, now: float):
        if now + 1e-9 < w.due:
            return w.due - now
        w.phase = "done"
        self.game.orders.finish(u)
        return None

    def _done(self, u, w: CastWork, item: AbilityItem, now: float):
        self.game.orders.finish(u)
        return None

    def _event(self, phase: str, u, w: CastWork) -> None:
        """Publish the spell event ``phase``: a point target's coordinates, else a unit
        target's position at the event (``GetSpellTargetX/Y/Loc``), else none."""
        x, y, t = w.tx, w.ty, w.target
        if x is None and t is not None:
            x, y = t.x, t.y
        self.game.publish(Spell(phase, u, w.code, t, x, y))

    # -- casting from code (autocast, scenarios, COMMAND) ------------------------------------------
    def cast(self, u, code: int, target: SpellTarget) -> bool:
        """Order ``u`` to cast ``code`` on ``target`` through the order pipeline (phase 1 on);
        True when the order was accepted."""
        item = resolve(self.game, code)
        if item is None or not item.row.orders:
            return False
        order = self.game.orders.make(item.row.orders[0], target.unit, target.x, target.y)
        return self.game.orders.issue(u, order)

    # -- stuns, buffs, timed life ----------------------------------------------------------------
    def interrupt(self, v) -> None:
        """A stun lands on ``v`` (module docstring): hold it; a cast before its effect ends that
        attempt (SPELL_ENDCAST) and is tried again after the stun; a channel is disrupted."""
        orders = self.game.orders
        w = v.work
        if isinstance(w, CastWork):
            if w.phase == "point":
                self._event("endcast", v, w)
                w.phase = "approach"
            elif w.phase == "channel":
                orders.clear(v)
        orders.stunned[v] = None
        orders.sentries.pop(v, None)

    def expire_buff_at(self, v, code: int, due: float) -> None:
        """Remove buff ``code`` from ``v`` at game time ``due`` (replacing a pending expiry)."""
        key = (v, code)
        self.game.scheduler.cancel(self.buff_entries.get(key))
        self.buff_entries[key] = self.game.schedule(max(0.0, due - self.game.now), "buff_expire",
                                                    code, subject=v)

    def keep_buff(self, v, code: int) -> None:
        """Cancel the pending expiry of buff ``code`` on ``v`` (an aura took it over)."""
        self.game.scheduler.cancel(self.buff_entries.pop((v, code), None))

    def remove_buff(self, v, code: int) -> None:
        """End buff ``code`` on ``v`` now, as its expiry would (``UnitRemoveBuffs``, dispels):
        the pending expiry is cancelled and the buff's end effect runs (Divine Shield's
        invulnerability ends, a stun releases the unit)."""
        self.game.scheduler.cancel(self.buff_entries.get((v, code)))
        self._expire_buff(v, code)

    def _expire_buff(self, v, code: int) -> None:
        self.buff_entries.pop((v, code), None)
        own(v, "buffs").pop(code, None)
        if code == DIVINE_SHIELD_BUFF:
            v.invulnerable = False
        if code == STUN_BUFF and v in self.game.orders.stunned:
            del self.game.orders.stunned[v]
            self.game.orders.resume(v)

    # -- passive combat hooks (natives.passives) ---------------------------------------------------
    def before_hit(self, attacker, target, raw: float) -> tuple[float, float] | None:
        """A weapon's hit of ``raw`` damage (before armor) under the passives of both units
        (``natives.passives.strike``): None when it is evaded, else (raw damage, bash stun)."""
        return strike(attacker, target, raw)

    def after_hit(self, attacker, target, dealt: float, stun: float, melee: bool) -> None:
        """The hit dealt ``dealt`` life points: the bash's stun, life steal and damage return
        (``natives.passives.struck``)."""
        struck(attacker, target, dealt, stun, melee)

    # -- updates ---------------------------------------------------------------------------------
    def _schedule_update(self, u, delay: float) -> None:
        self.game.scheduler.cancel(self.updates.get(u))
        self.updates[u] = self.game.schedule(delay, "ability_update", subject=u)

    def _update(self, u) -> None:
        self.updates.pop(u, None)
        if u.destroyed or not u.alive:
            return
        seen = set()
        wait = None
        for code in list(u.abilities):
            item = resolve(self.game, code)
            if item is None or not item.row.flags & AB_UPDATE or item.row.proc in seen:
                continue
            seen.add(item.row.proc)
            delay = send(u, Msg.UPDATE, item)
            if delay:
                wait = delay if wait is None else min(wait, delay)
        if wait is not None:
            self._schedule_update(u, wait)

    # -- pending effects: missiles and chains ----------------------------------------------------
    def _missile(self, m: Missile) -> None:
        """A missile's entry: it moves on, fizzles, or hits (UPDATE with the target and the
        level it was cast at, to the procedure of its rawcode)."""
        if advance_missile(m, self.game.now) != "hit":
            return
        item = resolve(self.game, m.code)
        if item is not None:
            send(m.caster, Msg.UPDATE, item, target=SpellTarget(unit=m.target), level=m.level)

    def _chain(self, chain: Chain, delay: float) -> None:
        chain_hop(chain, schedule=True, delay=delay)

    def _burn(self, burn: Burn, step: float) -> None:
        burn_tick(burn, step)

    # -- autocast acquisition scan ---------------------------------------------------------------
    def autocast_changed(self, u) -> None:
        """An autocast of ``u`` was turned on: its acquisition scan runs from now on."""
        if u not in self.scans:
            self.scans[u] = self.game.schedule(0.0, "autocast_scan", subject=u)

    def _scan(self, u) -> None:
        """Every ``AUTOCAST_PERIOD`` while one of the unit's autocasts is on: a unit that is
        idle or attacking (no other order, not stunned; project rule) sends AUTOCAST_ACQUIRE
        to its autocast abilities in the order it got them, until one casts (the cast order
        replaces an attack, which the idle unit acquires again after it)."""
        self.scans.pop(u, None)
        if u.destroyed or not u.alive:
            return
        on = []
        for code in list(u.abilities):
            item = resolve(self.game, code)
            if item is not None and item.row.flags & AB_AUTOCAST and send(u, Msg.AUTOCAST_ON, item):
                on.append(item)
        if not on:
            return
        order = u.current_order
        if (order is None or order.order in AUTOCAST_DURING) and not self.stunned(u):
            for item in on:
                if send(u, Msg.AUTOCAST_ACQUIRE, item):
                    break
        self.scans[u] = self.game.schedule(AUTOCAST_PERIOD, "autocast_scan", subject=u)

    # -- a unit type's own abilities ---------------------------------------------------------------
    def type_abilities(self, type_id: int) -> list[int]:
        """The abilities a unit of ``type_id`` has when it is created: its object data's
        'uabi' (a comma list of rawcodes), else ``UNIT_ABILITIES``."""
        listed = self.game.object_types.field_value("unit", type_id, "uabi")
        if listed is not MISSING:
            return [rawcode(c.strip()) for c in str(listed).split(",") if len(c.strip()) == 4]
        return UNIT_ABILITIES.get(self.game.object_types.base_code("unit", type_id), [])

    def _add_type_abilities(self, u) -> None:
        for code in self.type_abilities(u.type_id):
            if code not in u.abilities:
                own(u, "abilities")[code] = 1
                self.ability_added(u, code)

    # -- the aura update's cache ------------------------------------------------------------------
    def _aura_event(self, event, kind) -> None:
        """Drop the ``aura_clean`` records an event may change: all of them for an alliance
        change, else those whose area holds the unit (before or after a move) or whose source
        it is."""
        if kind is AllianceChanged:
            self.aura_clean.clear()
            return
        u = event.unit
        ux, uy = u.x, u.y
        fx, fy = (event.from_x, event.from_y) if kind is UnitMoved else (ux, uy)
        clean = self.aura_clean
        stale = None   # (a loop, not a list comprehension: most walk steps drop nothing)
        for key, (_, _, radius, x, y, _) in clean.items():
            if key[0] is u or (ux - x) ** 2 + (uy - y) ** 2 <= radius * radius \
                    or (fx - x) ** 2 + (fy - y) ** 2 <= radius * radius:
                if stale is None:
                    stale = []
                stale.append(key)
        if stale is not None:
            for key in stale:
                del clean[key]

    # -- items and hero skills ------------------------------------------------------------------
    def item_abilities(self, item) -> list[int]:
        """The abilities of ``item``: those added to it, then its type's ('iabi' object data,
        a comma list of rawcodes, else ``ITEM_ABILITIES``)."""
        codes = list(item.abilities)
        listed = self.game.object_types.field_value("item", item.type_id, "iabi")
        if listed is not MISSING:
            codes += [rawcode(c.strip()) for c in str(listed).split(",") if len(c.strip()) == 4]
        else:
            codes += ITEM_ABILITIES.get(self.game.object_types.base_code("item", item.type_id), [])
        return codes

    def use_item(self, u, item) -> bool | None:
        """ITEM_USE for the item's modelled abilities (``AB_ITEM`` rows): True when one
        applied, False when none did (no charge is spent, no use event), None when the item
        has no modelled ability."""
        found = False
        for code in self.item_abilities(item):
            ai = resolve(self.game, code)
            if ai is None or not ai.row.flags & AB_ITEM:
                continue
            found = True
            if send(u, Msg.ITEM_USE, ai, client=item):
                return True
        return False if found else None

    def can_learn(self, u, code: int) -> bool:
        """Hero skill learning rules (Liquipedia, "Hero"): an ultimate of ``HERO_ULTIMATES``
        once from hero level 6; another hero skill of the four races (rawcode 'AH..', 'AO..',
        'AU..', 'AE..') up to ``SKILL_LEVELS`` levels, level L from hero level 2L-1; other
        rawcodes (neutral and campaign skills) are not checked."""
        level = u.abilities.get(code, 0) + 1
        if code in HERO_ULTIMATES:
            return level == 1 and u.hero.level >= ULTIMATE_LEVEL
        if rawcode_str(code)[:2] in ("AH", "AO", "AU", "AE"):
            return level <= SKILL_LEVELS and u.hero.level >= 2 * level - 1
        return True

    # -- model events ---------------------------------------------------------------------------
    def _on_event(self, event) -> None:
        kind = type(event)
        if kind is UnitMoved:   # a walk step: only the aura cache may care
            if self.aura_clean:
                self._aura_event(event, kind)
            return
        if self.aura_clean and kind in AURA_EVENTS:
            self._aura_event(event, kind)
        if kind is UnitCreated:
            self._add_type_abilities(event.unit)
        elif kind is UnitRevived:      # a revived unit's persistent abilities tick again
            u = event.unit
            if any(item is not None and item.row.flags & AB_UPDATE
                   for item in (resolve(self.game, c) for c in u.abilities)):
                self._schedule_update(u, 0.0)
        elif kind is HeroSkill:
            item = resolve(self.game, event.ability_id)
            if item is not None:
                if event.level == 1:
                    self.ability_added(event.unit, event.ability_id)
                self.level_changed(event.unit, event.ability_id)
        elif kind is UnitConstruct:
            if event.phase == "start":
                self.building[event.unit] = None
            else:
                self.building.pop(event.unit, None)
        elif kind is UnitDeath or kind is UnitRemoved:
            u = event.unit
            self.building.pop(u, None)
            self.game.orders.stunned.pop(u, None)
            self.game.scheduler.cancel(self.updates.pop(u, None))
            self.game.scheduler.cancel(self.scans.pop(u, None))
            for key in [k for k in self.buff_entries if k[0] is u]:
                self.game.scheduler.cancel(self.buff_entries.pop(key))
            for code in list(u.ability_state):
                if self.game.object_types.base_code("ability", code) in AURA_BUFFS:
                    release_aura(u, code)


AURA_EVENTS = frozenset({UnitMoved, UnitCreated, UnitRemoved, UnitDeath, UnitRevived,
                         UnitOwnerChanged, UnitLoaded, UnitUnloaded, AllianceChanged})
"""The model events that may change an aura update's outcome (``Spells._aura_event``)."""

AUTOCAST_PERIOD = 0.5
"""Game seconds between two autocast acquisition scans of a unit (project choice; the game's
rate was not measured)."""

AUTOCAST_DURING = frozenset({"attack", "smart"})
"""The orders during which autocast acquisition goes on besides idleness (project rule)."""

UNIT_ABILITIES = {rawcode(k): [rawcode(c) for c in v] for k, v in {
    "hmpr": ("Ahea", "Adis", "Ainf"),     # Priest: Heal, Dispel Magic, Inner Fire
    "hsor": ("Aslo", "Aivs", "Aply"),     # Sorceress: Slow, Invisibility, Polymorph
    "unec": ("Arai", "Auhf", "Acri"),     # Necromancer: Raise Dead, Unholy Frenzy, Cripple
}.items()}
"""Stock unit rawcode -> the abilities it has from creation when the map's object data does
not list them ('uabi'): the casters' spells of Liquipedia's unit pages (Priest, Sorceress,
Necromancer). Rawcodes without a registry row are kept (``GetUnitAbilityLevel`` answers 1)
and do nothing."""

ITEM_ABILITIES = {rawcode("phea"): [rawcode("AIh1")]}
"""Stock item rawcode -> its abilities when the object data does not list them ('iabi'):
Potion of Healing uses 'AIh1' (Liquipedia, "Items")."""
