"""Ability figures: the project's table of ability numbers and the look-up through the map.

PROJECT-AUTHORED DATA. The numbers below were written by this project from the ability
sections of public pages about the game (cited per row), never copied from Blizzard's data
files (``AbilityData.slk`` is not shipped or transcribed). Each row is keyed by the stock
ability rawcode and holds, per field id (the object editor's, the same rawcodes common.j
passes to ``ConvertAbility*LevelField``), one value per level (level 1 first).

Field ids used here (common.j names): 'amcs' ABILITY_ILF_MANA_COST, 'acdn'
ABILITY_RLF_COOLDOWN (game seconds), 'aran' ABILITY_RLF_CAST_RANGE (world units), 'aare'
ABILITY_RLF_AREA_OF_EFFECT (world units), 'adur'/'ahdu' ABILITY_RLF_DURATION_NORMAL/HERO
(game seconds), 'acas' ABILITY_RLF_CASTING_TIME (game seconds before the effect; 0 for the
spells here), and the ability-specific data fields ('Hhb1' amount healed, 'Htb1' damage,
'Htc1' area damage, 'Htc3'/'Htc4' movement/attack speed reduction, 'Had1' armor bonus,
'Hwe1'/'Osf1' summoned unit type, 'Hwe2'/'Osf2' summoned count, 'Udc1' amount healed or
damaged, 'Hbz1' waves, 'Hbz2' damage per wave, 'Bli1' expansion amount, 'Bli2' creates
blight; 'amsp' ABILITY_IF_MISSILE_SPEED, world units per game second; 'Uim1' wave distance
and 'Uim3' damage dealt of Impale, 'Hfs1'/'Hfs3' full and half damage dealt of Flame Strike
(per second); the fields of the rows added with the mechanic families are named in their
comments).

Look-up (``ability_field``): the map's object data for the ability's own rawcode, its
base's, the game's tables when given (``natives.objecttypes.ObjectTypes.data_value``), then
this table for the stock base rawcode, then ``MISSING``. A map-defined alias therefore
shares the base's numbers except where the map changes them.
"""
from __future__ import annotations

from typing import Any

from natives.objecttypes import MISSING
from natives.unitdata import rawcode

LIQ_PALADIN = "liquipedia.net/warcraft/Paladin"
LIQ_MOUNTAIN_KING = "liquipedia.net/warcraft/Mountain_King"
LIQ_ARCHMAGE = "liquipedia.net/warcraft/Archmage"
LIQ_FAR_SEER = "liquipedia.net/warcraft/Far_Seer"
LIQ_DEATH_KNIGHT = "liquipedia.net/warcraft/Death_Knight"
LIQ_ITEMS = "liquipedia.net/warcraft/Items"
LIQ_SHADOW_HUNTER = "liquipedia.net/warcraft/Shadow_Hunter"
LIQ_WARDEN = "liquipedia.net/warcraft/Warden"
LIQ_LICH = "liquipedia.net/warcraft/Lich"
LIQ_PRIEST = "liquipedia.net/warcraft/Priest"
LIQ_SORCERESS = "liquipedia.net/warcraft/Sorceress"
LIQ_NECROMANCER = "liquipedia.net/warcraft/Necromancer"
LIQ_CRYPT_LORD = "liquipedia.net/warcraft/Crypt_Lord"
LIQ_BLOOD_MAGE = "liquipedia.net/warcraft/Blood_Mage"
SZM_ORC = "war3.szm.sk/next/spoluprorc.html (a Warcraft III strategy guide's Orc heroes page)"
HIVE_BLIGHT = "seed 002 (Blight Growth); jassdoc common.j ABILITY_BLF_CREATES_BLIGHT 'Bli2'"

# rawcode -> (source, {field id: per-level values})
_TABLE: dict[str, tuple[str, dict[str, tuple]]] = {
    # Holy Light: heals a friendly living unit, or damages an enemy undead for half.
    "AHhb": (LIQ_PALADIN, {"amcs": (65, 65, 65), "acdn": (5.0, 5.0, 5.0), "aran": (800.0,) * 3,
                           "Hhb1": (200.0, 400.0, 600.0)}),
    # Devotion Aura: armor bonus to friendly units in the area.
    "AHad": (LIQ_PALADIN, {"aare": (900.0,) * 3, "Had1": (1.5, 3.0, 4.5)}),
    # Storm Bolt: damage and a stun (heroes for the hero duration).
    "AHtb": (LIQ_MOUNTAIN_KING, {"amcs": (75, 75, 75), "acdn": (9.0, 9.0, 9.0), "aran": (600.0,) * 3,
                                 "Htb1": (100.0, 225.0, 350.0), "adur": (5.0, 5.0, 5.0),
                                 "ahdu": (3.0, 3.0, 3.0), "amsp": (1000.0,) * 3}),
    # Thunder Clap: damage and a slow to enemy ground units around the caster.
    "AHtc": (LIQ_MOUNTAIN_KING, {"amcs": (90, 90, 90), "acdn": (6.0, 6.0, 6.0),
                                 "aare": (250.0, 300.0, 350.0), "Htc1": (60.0, 100.0, 140.0),
                                 "Htc3": (0.5, 0.5, 0.5), "Htc4": (0.5, 0.5, 0.5),
                                 "adur": (5.0, 5.0, 5.0), "ahdu": (3.0, 3.0, 3.0)}),
    # Water Elemental: one elemental of the level's type for 60 seconds.
    "AHwe": (LIQ_ARCHMAGE, {"amcs": (125, 125, 125), "acdn": (20.0, 20.0, 20.0),
                            "adur": (60.0, 60.0, 60.0), "Hwe1": ("hwat", "hwt2", "hwt3"),
                            "Hwe2": (1, 1, 1)}),
    # Blizzard: waves of damage in an area (a channel: 'acas' 1 second between waves, Hive
    # casting-events guide).
    "AHbz": (LIQ_ARCHMAGE, {"amcs": (75, 75, 75), "acdn": (6.0, 6.0, 6.0), "aran": (800.0,) * 3,
                            "aare": (200.0, 200.0, 200.0), "Hbz1": (6, 8, 10),
                            "Hbz2": (30.0, 40.0, 50.0), "acas": (1.0, 1.0, 1.0)}),
    # Feral Spirit: two spirit wolves of the level's type for 60 seconds.
    "AOsf": (LIQ_FAR_SEER, {"amcs": (75, 75, 75), "acdn": (15.0, 15.0, 15.0),
                            "adur": (60.0, 60.0, 60.0), "Osf1": ("osw1", "osw2", "osw3"),
                            "Osf2": (2, 2, 2)}),
    # Death Coil: heals a friendly undead, or damages an enemy living unit for half.
    "AUdc": (LIQ_DEATH_KNIGHT, {"amcs": (75, 75, 75), "acdn": (6.0, 6.0, 6.0), "aran": (800.0,) * 3,
                                "Udc1": (200.0, 400.0, 600.0), "amsp": (1300.0,) * 3}),
    # -- rows added with the mechanic families (see UNCHECKED) --
    # Chain Lightning: 'Ocl1' damage to the first target, 'Ocl2' targets, 'Ocl3' reduction
    # per jump, 'aare' jump radius.
    "AOcl": (LIQ_FAR_SEER, {"amcs": (120,) * 3, "acdn": (9.0,) * 3, "aran": (700.0,) * 3,
                            "aare": (500.0,) * 3, "Ocl1": (85.0, 125.0, 180.0), "Ocl2": (4, 6, 8),
                            "Ocl3": (0.15,) * 3}),
    # Healing Wave: 'Ohw1' healed on the first target, 'Ohw2' targets, 'Ohw3' reduction
    # (Liquipedia's ability box: 90 mana, 9 s, range 700, area 500, "Healing : 130/215/300",
    # "Jumps : 3/4/5", "Jump Reductions : 25%"; its note "at level 3 ... 300 + 225 + 169 + 126
    # + 95" shows the jumps count the targets healed, the first included).
    "AOhw": (LIQ_SHADOW_HUNTER, {"amcs": (90,) * 3, "acdn": (9.0,) * 3, "aran": (700.0,) * 3,
                                 "aare": (500.0,) * 3, "Ohw1": (130.0, 215.0, 300.0),
                                 "Ohw2": (3, 4, 5), "Ohw3": (0.25,) * 3}),
    # Blink: 'Ebl1' maximum and 'Ebl2' minimum distance (no cast range: a farther point is
    # blinked toward).
    "AEbl": (LIQ_WARDEN, {"amcs": (50,) * 3, "acdn": (12.0, 10.0, 8.0),
                          "Ebl1": (1000.0, 1075.0, 1150.0), "Ebl2": (200.0,) * 3}),
    # Mass Teleport: 'Hmt1' units taken, 'aare' around the caster, 'acas' delay (no range).
    "AHmt": (LIQ_ARCHMAGE, {"amcs": (100,), "acdn": (20.0,), "aare": (700.0,), "Hmt1": (24,),
                            "acas": (3.0,)}),
    # Resurrection: 'Hre1' corpses of the caster's own units within 'aare'.
    "AHre": (LIQ_PALADIN, {"amcs": (200,), "acdn": (240.0,), "aare": (900.0,), "Hre1": (6,)}),
    # Animate Dead: 'Uan1' corpses within 'aare', raised for 'adur'.
    "AUan": (LIQ_DEATH_KNIGHT, {"amcs": (175,), "acdn": (180.0,), "aare": (900.0,), "Uan1": (6,),
                                "adur": (40.0,)}),
    # Frost Armor (RoC and the TFT autocast one): 'Ufa2' armor bonus for 'adur'.
    "AUfa": (LIQ_LICH, {"amcs": (40,) * 3, "acdn": (1.0,) * 3, "aran": (800.0,) * 3,
                        "adur": (45.0,) * 3, "Ufa2": (3.0, 5.0, 7.0)}),
    "AUfu": (LIQ_LICH, {"amcs": (40,) * 3, "acdn": (1.0,) * 3, "aran": (800.0,) * 3,
                        "adur": (45.0,) * 3, "Ufa2": (3.0, 5.0, 7.0)}),
    # Heal (Priest, autocast): 'Hea1' life healed per cast (Liquipedia: "Heal : 25 HP", 5 mana,
    # 1 s, range 250).
    "Ahea": (LIQ_PRIEST, {"amcs": (5,), "acdn": (1.0,), "aran": (250.0,), "Hea1": (25.0,)}),
    # Inner Fire: 'Inf1' damage bonus (fraction), 'Inf2' armor bonus, for 'adur' (Liquipedia
    # and Wowpedia "Priest (Warcraft III)": 35 mana, 1 s, 60 s, damage +10%, armor +5).
    "Ainf": (LIQ_PRIEST, {"amcs": (35,), "acdn": (1.0,), "aran": (500.0,), "adur": (60.0,),
                          "Inf1": (0.10,), "Inf2": (5.0,)}),
    # Slow: 'Slo1' movement and 'Slo2' attack speed reduction for 'adur' (heroes 'ahdu')
    # (Liquipedia: 50 mana, 1 s, range 700, 60 (10) s, movement -55%, attack speed -25%).
    "Aslo": (LIQ_SORCERESS, {"amcs": (50,), "acdn": (1.0,), "aran": (700.0,), "adur": (60.0,),
                             "ahdu": (10.0,), "Slo1": (0.55,), "Slo2": (0.25,)}),
    # Raise Dead: 'Rai3' units of type 'Rai1' from a corpse within 'aran', for 'adur'
    # (Liquipedia's table: 75 mana, 8 s, range 600, 2 skeletons, "Duration : 45 / 55 s"; its
    # prose still says 40 s, from before a patch: the table is taken).
    "Arai": (LIQ_NECROMANCER, {"amcs": (75,), "acdn": (8.0,), "aran": (600.0,), "Rai1": ("uske",),
                               "Rai3": (2,), "adur": (45.0,)}),
    # Impale: a line of spikes 'Uim1' long and 'aare' wide from the caster toward the target
    # point; the enemy ground units on it take 'Uim3' damage and are stunned for 'adur'
    # (heroes 'ahdu'), 'Uim4' of that in the air (Liquipedia's ability box: 100 mana, 9 s,
    # range 700, area 125, "Damage : 60 / 105 / 150", "Duration : 2 (1) / 3 (1.5) / 4 (2) s",
    # "Wave Distance : 600", "Air Duration : 1 second").
    "AUim": (LIQ_CRYPT_LORD, {"amcs": (100,) * 3, "acdn": (9.0,) * 3, "aran": (700.0,) * 3,
                              "aare": (125.0,) * 3, "Uim1": (600.0,) * 3,
                              "Uim3": (60.0, 105.0, 150.0), "adur": (2.0, 3.0, 4.0),
                              "ahdu": (1.0, 1.5, 2.0), "Uim4": (1.0,) * 3}),
    # Flame Strike: after 'acas' a pillar of fire burns the enemy ground units within 'aare'
    # of the point for 'Hfs1' (ABILITY_RLF_FULL_DAMAGE_DEALT) per second, then the fire left
    # burns for 'Hfs3' (ABILITY_RLF_HALF_DAMAGE_DEALT) per second; the two durations are
    # ``natives.abilities.FLAME_STRIKE_STAGES`` (Liquipedia's ability box: 135 mana, 10 s,
    # range 800, area 200, "Channel Time : 0.9 seconds", "Pillar Damage : 45/80/110 per
    # second", "Pillar Duration : 2.67 seconds", "Fire Damage : 4/8/12 per second", "Fire
    # Duration : 6 seconds").
    "AHfs": (LIQ_BLOOD_MAGE, {"amcs": (135,) * 3, "acdn": (10.0,) * 3, "aran": (800.0,) * 3,
                              "aare": (200.0,) * 3, "acas": (0.9,) * 3,
                              "Hfs1": (45.0, 80.0, 110.0), "Hfs3": (4.0, 8.0, 12.0)}),
    # Critical Strike (Blademaster, passive): 'Ocr1' chance in percent, 'Ocr2' damage multiplier
    # (the guide: "Level 1: 15% chance; 2x normal damage. Level 2: 15% chance; 3x normal damage.
    # Level 3: 15% chance; 4x normal damage").
    "AOcr": (SZM_ORC, {"Ocr1": (15.0, 15.0, 15.0), "Ocr2": (2.0, 3.0, 4.0)}),
    # Potion of Healing (item ability): heals the user.
    "AIh1": (LIQ_ITEMS, {"Hhb1": (250.0,)}),
    # Blight Growth: passive, paints blight up to the area every duration.
    "Abli": (HIVE_BLIGHT, {"Bli2": (1,), "Bli1": (64.0,), "aare": (768.0,), "adur": (1.0,)}),
}

UNCHECKED = frozenset(rawcode(k) for k in (
    "AOcl", "AEbl", "AHmt", "AHre", "AUan", "AUfa", "AUfu"))
"""Rows written from the cited pages as this project's authors know them, not yet compared with
the pages by the search tools (no copy of those pages' ability sections was found; the
missile speeds 'amsp' of Storm Bolt and Death Coil likewise): to check when a copy is at hand.
Heal, Inner Fire, Slow and Raise Dead were compared with Liquipedia's Priest, Sorceress and
Necromancer pages (their values and the corrections are in the row comments)."""

ABILITY_TABLE: dict[int, dict[str, tuple]] = {rawcode(k): v[1] for k, v in _TABLE.items()}
"""Stock ability rawcode -> {field id: per-level values} (module docstring)."""
SOURCES: dict[int, str] = {rawcode(k): v[0] for k, v in _TABLE.items()}
"""Stock ability rawcode -> where its numbers come from."""


def table_value(code: int, fid: str, level: int) -> Any:
    """The project table's value of field ``fid`` at ``level`` (1-based; past the last level
    the last one) for stock ability ``code``, else ``MISSING``."""
    row = ABILITY_TABLE.get(code)
    values = row.get(fid) if row is not None else None
    if not values:
        return MISSING
    value = values[min(max(level, 1), len(values)) - 1]
    return rawcode(value) if isinstance(value, str) else value


def ability_field(game, code: int, fid: str, level: int, default: Any = MISSING) -> Any:
    """Field ``fid`` of ability ``code`` at ``level`` (1-based): the map's object data (own,
    base, game tables), then the project table for the base rawcode (module docstring);
    ``default`` when none has it."""
    types = game.object_types
    value = types.data_value("ability", code, fid, level)
    if value is MISSING and level:
        value = types.data_value("ability", code, fid, 0)
    if value is MISSING:
        value = table_value(types.base_code("ability", code), fid, level)
    return default if value is MISSING else value
