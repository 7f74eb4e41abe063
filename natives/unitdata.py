"""Unit, item and destructable type tables.

PROJECT-AUTHORED DATA. Every value below was written by this project from general knowledge
of the game, not copied from Blizzard's data files (``UnitData.slk`` and friends are not
shipped or transcribed). Life, mana, speed, collision and food values are *approximations*
chosen to be sensible, except the life and speed of the types with sourced combat figures
(``_WEAPONS`` below, source named per row); names of neutral and campaign-only types are best guesses. The table
covers the stock rawcodes that the corpus campaign maps create (``CreateUnit``,
``CreateNUnitsAtLoc``, unit-type globals in ``shared/corpus/maps/campaign-*/war3map.j``) and
the unit types the corpus AI scripts train (common.ai's ``COPTER``, ``BALLISTA``, ``HIPPO``...);
whether a type is a building was cross-checked against how those maps place it (grid-aligned,
facing 270). A map's own data (w3u) can add or override types with ``define_unit_type``.

Collision radii of buildings only matter for the placement search of mobile units created
next to them; a building the corpus maps place units inside of ('nzin') has radius 0.

Unknown rawcodes get ``default_unit_type`` (100 life, foot movement, no food) and the caller
records a warning once per type.

Units: world units and world units per second; ``move`` is the movement type as in
seed 003: ``foot``, ``horse``, ``fly``, ``hover``, ``float``, ``amph``, or ``""`` for
movement-disabled rows (buildings and scenery, which keep their requested point).
"""
from __future__ import annotations

from dataclasses import field

from jassvm.records import record


def rawcode(code: str) -> int:
    """Big-endian base-256 integer of a 4-character rawcode (``'hfoo'`` -> 1751543663)."""
    v = 0
    for ch in code:
        v = v * 256 + (ord(ch) & 0xFF)
    return v


def rawcode_str(value: int) -> str:
    """Inverse of ``rawcode`` for printable 4-character codes, else the decimal string."""
    chars = [(value >> s) & 0xFF for s in (24, 16, 8, 0)]
    if all(32 < c < 127 for c in chars):
        return "".join(map(chr, chars))
    return str(value)


RACES = {"h": 1, "o": 2, "u": 3, "n": 4, "d": 5, "x": 7}
"""Race letters of the table -> common.j race values (RACE_HUMAN..RACE_OTHER)."""

FLAG_NAMES = {
    "H": "hero", "S": "structure", "P": "peon", "T": "townhall", "M": "mechanical",
    "U": "undead", "A": "ancient", "G": "giant", "Z": "summoned", "X": "sapper",
    "m": "melee", "r": "ranged", "a": "attacks_air", "g": "attacks_ground",
    "I": "inventory", "L": "tauren", "C": "critter",
}


@record(frozen=True, slots=False)
class HeroStats:
    """Hero attributes at level 1 and per-level gains; ``primary`` is str/agi/int."""

    str: int
    agi: int
    int: int
    str_gain: float
    agi_gain: float
    int_gain: float
    primary: str


@record(frozen=True, slots=False)
class UnitType:
    """One unit type row (project-authored, see module docstring).

    Attributes:
        code: rawcode integer; ``rawcode``: its 4-character text.
        life, mana: maximum values (heroes: level-1 values incl. attributes).
        speed: default movement speed, world units per second.
        move: movement type (``""`` = movement disabled).
        food_used, food_made: food cost and food produced.
        collision: collision radius, world units.
        flags: set of ``FLAG_NAMES`` values.
        known: False for the fallback row of an unknown rawcode.
    """

    code: int
    rawcode: str
    name: str
    race: int
    life: float
    mana: float
    speed: float
    move: str
    food_used: int
    food_made: int
    collision: float
    flags: frozenset = field(default_factory=frozenset)
    hero: HeroStats | None = None
    known: bool = True

    @property
    def is_hero(self) -> bool:
        return "hero" in self.flags

    @property
    def is_structure(self) -> bool:
        return "structure" in self.flags

    @property
    def movement_disabled(self) -> bool:
        return self.move == ""

    @property
    def is_flying(self) -> bool:
        return self.move == "fly"


# code|name|race|life|mana|speed|move|food|made|collision|flags   ("_" = movement disabled)
_UNITS = """
hfoo|Footman|h|420|0|270|foot|2|0|16|mg
hpea|Peasant|h|220|0|190|foot|1|0|16|Pmg
hrif|Rifleman|h|535|0|270|foot|3|0|16|rag
hkni|Knight|h|835|0|350|horse|4|0|32|mg
hmpr|Priest|h|290|200|270|foot|2|0|16|rag
hwat|Water Elemental (Level 1)|h|525|0|220|foot|0|0|16|Zrag
hwt2|Water Elemental (Level 2)|h|675|0|220|foot|0|0|16|Zrag
hwt3|Water Elemental (Level 3)|h|900|0|220|foot|0|0|16|Zrag
hsor|Sorceress|h|325|200|270|foot|2|0|16|rag
hgry|Gryphon Rider|h|825|0|320|fly|4|0|32|rag
hgyr|Flying Machine|h|200|0|400|fly|1|0|24|Mra
hdhw|Dragonhawk Rider|h|575|200|350|fly|3|0|32|rag
hmil|Militia|h|220|0|270|foot|1|0|16|mg
hmtm|Mortar Team|h|360|0|270|foot|3|0|24|rg
hmtt|Siege Engine|h|700|0|220|horse|3|0|32|Mmg
hspt|Spell Breaker|h|600|250|300|foot|3|0|16|rg
hhes|Swordsman|h|420|0|270|foot|2|0|16|mg
hcth|Captain|h|700|0|270|foot|3|0|16|mg
hbew|Blood Elf Worker|h|220|0|190|foot|1|0|16|Pmg
hhdl|Horse|x|100|0|300|horse|0|0|24|C
hrdh|Riderless Horse|x|100|0|300|horse|0|0|24|C
hlst|Lieutenant|h|700|0|270|foot|3|0|16|mg
htow|Town Hall|h|1500|0|0|_|0|12|96|ST
hkee|Keep|h|2000|0|0|_|0|12|96|ST
hcas|Castle|h|2500|0|0|_|0|12|96|ST
hhou|Farm|h|500|0|0|_|0|6|48|S
hbar|Barracks|h|1500|0|0|_|0|0|80|S
hlum|Lumber Mill|h|900|0|0|_|0|0|80|S
hbla|Blacksmith|h|1200|0|0|_|0|0|80|S
hars|Arcane Sanctum|h|1050|0|0|_|0|0|80|S
halt|Altar of Kings|h|900|0|0|_|0|0|80|S
hgtw|Guard Tower|h|500|0|0|_|0|0|48|Srag
hwtw|Scout Tower|h|300|0|0|_|0|0|48|S
hctw|Cannon Tower|h|600|0|0|_|0|0|48|Srg
harm|Workshop|h|1200|0|0|_|0|0|80|S
hgra|Gryphon Aviary|h|1150|0|0|_|0|0|80|S
haro|Arcane Observatory|h|900|0|0|_|0|0|80|S
ogru|Grunt|o|700|0|270|foot|3|0|16|mg
osw1|Spirit Wolf (Level 1)|o|200|0|320|foot|0|0|16|Zmg
osw2|Dire Wolf (Level 2)|o|300|0|350|foot|0|0|16|Zmg
osw3|Shadow Wolf (Level 3)|o|500|0|350|foot|0|0|16|Zmg
opeo|Peon|o|250|0|190|foot|1|0|16|Pmg
ohun|Troll Headhunter|o|350|0|270|foot|2|0|16|rag
orai|Raider|o|610|0|350|horse|3|0|32|mg
oshm|Shaman|o|335|200|270|foot|2|0|16|rag
odoc|Witch Doctor|o|315|200|270|foot|2|0|16|rag
owyv|Wind Rider|o|570|0|320|fly|4|0|32|rag
okod|Kodo Beast|o|1000|0|220|horse|4|0|48|rag
otbk|Troll Berserker|o|450|0|270|foot|2|0|16|rag
ocat|Demolisher|o|425|0|220|horse|4|0|32|Mrg
otau|Tauren|o|1300|0|270|foot|5|0|32|mg
ospw|Spirit Walker|o|500|200|270|foot|3|0|16|rag
otbr|Troll Batrider|o|325|0|320|fly|2|0|16|rg
ogrk|Grunt Captain|o|900|0|270|foot|3|0|16|mg
onzg|Nazgrel|o|900|0|270|foot|3|0|16|mg
ogre|Great Hall|o|1500|0|0|_|0|10|96|ST
ostr|Stronghold|o|2000|0|0|_|0|10|96|ST
ofrt|Fortress|o|2500|0|0|_|0|10|96|ST
obar|Barracks|o|1200|0|0|_|0|0|80|S
oalt|Altar of Storms|o|900|0|0|_|0|0|80|S
obea|Beastiary|o|1100|0|0|_|0|0|80|S
ofor|War Mill|o|1000|0|0|_|0|0|80|S
osld|Spirit Lodge|o|800|0|0|_|0|0|80|S
otrb|Orc Burrow|o|600|0|0|_|0|10|48|Srg
owtw|Watch Tower|o|500|0|0|_|0|0|48|Srag
ovln|Voodoo Lounge|o|800|0|0|_|0|0|64|S
otto|Tauren Totem|o|1200|0|0|_|0|0|80|S
ugho|Ghoul|u|340|0|270|foot|2|0|16|Umg
uaco|Acolyte|u|220|0|220|foot|1|0|16|UPmg
unec|Necromancer|u|305|200|270|foot|2|0|16|Urag
ucry|Crypt Fiend|u|550|0|270|foot|3|0|32|Urg
uabo|Abomination|u|1175|0|270|foot|4|0|32|Umg
uban|Banshee|u|285|200|270|foot|2|0|16|Urag
umtw|Meat Wagon|u|380|0|220|horse|4|0|32|UMrg
ugar|Gargoyle|u|410|0|350|fly|2|0|24|Urag
ushd|Shade|u|75|0|350|foot|1|0|16|U
uske|Skeleton Warrior|u|180|0|270|foot|0|0|16|UZmg
ufro|Frost Wyrm|u|1350|0|270|fly|7|0|48|Urag
uobs|Obsidian Statue|u|550|600|270|foot|3|0|32|Mrag
ubsp|Destroyer|u|900|400|320|fly|5|0|32|Urag
uarb|Undead Barge|u|600|0|270|float|0|0|48|U
unpl|Necropolis|u|1500|0|0|_|0|10|96|SUT
unp1|Halls of the Dead|u|2000|0|0|_|0|10|96|SUT
unp2|Black Citadel|u|2500|0|0|_|0|10|96|SUT
usep|Crypt|u|1300|0|0|_|0|0|80|SU
uaod|Altar of Darkness|u|900|0|0|_|0|0|80|SU
utod|Temple of the Damned|u|1300|0|0|_|0|0|80|SU
uslh|Slaughterhouse|u|1200|0|0|_|0|0|80|SU
ugrv|Graveyard|u|600|0|0|_|0|0|80|SU
uzig|Ziggurat|u|550|0|0|_|0|10|48|SU
uzg1|Spirit Tower|u|550|0|0|_|0|10|48|SUrag
uzg2|Nerubian Tower|u|600|0|0|_|0|10|48|SUrag
earc|Archer|n|245|0|270|foot|2|0|16|rag
esen|Huntress|n|600|0|350|horse|3|0|32|rg
edry|Dryad|n|435|200|350|foot|3|0|24|rag
edoc|Druid of the Claw|n|430|200|270|foot|4|0|32|mg
ebal|Glaive Thrower|n|300|0|220|horse|3|0|32|Mrg
ehip|Hippogryph|n|525|0|400|fly|2|0|32|ma
edot|Druid of the Talon|n|300|200|270|foot|2|0|16|rag
efdr|Faerie Dragon|n|450|200|350|fly|2|0|16|rag
echm|Chimaera|n|1000|0|250|fly|5|0|48|rg
emtg|Mountain Giant|n|1600|0|270|foot|7|0|48|Gmg
ewsp|Wisp|n|120|0|270|hover|1|0|16|P
efon|Treant|n|300|0|220|foot|0|0|16|Zmg
etrs|Night Elf Transport Ship|n|600|0|290|float|0|0|48|
etol|Tree of Life|n|1300|0|0|_|0|10|96|STA
etoa|Tree of Ages|n|1700|0|0|_|0|10|96|STA
etoe|Tree of Eternity|n|2100|0|0|_|0|10|96|STA
etrp|Ancient Protector|n|600|0|0|_|0|0|64|SArg
eaom|Ancient of War|n|1000|0|0|_|0|0|80|SA
eate|Altar of Elders|n|1050|0|0|_|0|0|80|SA
edob|Hunter's Hall|n|1100|0|0|_|0|0|80|S
emow|Moon Well|n|600|200|0|_|0|10|48|S
nshe|Sheep|x|15|0|150|foot|0|0|8|C
npig|Pig|x|15|0|150|foot|0|0|8|C
nrat|Rat|x|5|0|170|foot|0|0|8|C
nder|Stag|x|15|0|220|foot|0|0|16|C
nvul|Vulture|x|15|0|270|fly|0|0|16|C
nalb|Albatross|x|15|0|270|fly|0|0|16|C
nvil|Villager|x|140|0|190|foot|0|0|16|C
nvl2|Villager|x|140|0|190|foot|0|0|16|C
nvlw|Villager Woman|x|140|0|190|foot|0|0|16|C
nvlk|Villager Kid|x|80|0|190|foot|0|0|8|C
nvk2|Villager Kid|x|80|0|190|foot|0|0|8|C
nban|Bandit|x|240|0|270|foot|0|0|16|mg
nbrg|Brigand|x|390|0|270|foot|0|0|16|rag
nrog|Rogue|x|390|0|270|foot|0|0|16|mg
nass|Assassin|x|500|0|270|foot|0|0|16|rag
nenf|Enforcer|x|600|0|270|foot|0|0|16|mg
nbld|Bandit Lord|x|750|0|270|foot|0|0|16|mg
ngno|Gnoll|x|240|0|270|foot|0|0|16|mg
ngnb|Gnoll Brute|x|330|0|270|foot|0|0|16|mg
ngna|Gnoll Poacher|x|240|0|270|foot|0|0|16|rag
ngns|Gnoll Assassin|x|330|0|270|foot|0|0|16|rag
ngnw|Gnoll Warden|x|400|200|270|foot|0|0|16|rag
ngnv|Gnoll Overseer|x|600|0|270|foot|0|0|16|mg
nrzs|Razormane Scout|x|240|0|270|foot|0|0|16|mg
nrzt|Quillboar|x|300|0|270|foot|0|0|16|rag
nrzb|Razormane Brute|x|450|0|270|foot|0|0|16|mg
nrzg|Razormane Chieftain|x|700|0|270|foot|0|0|16|mg
nrzm|Razormane Medicine Man|x|400|200|270|foot|0|0|16|rag
nqbh|Quillboar Hunter|x|400|0|270|foot|0|0|16|rag
nmrl|Murloc Tiderunner|x|210|0|270|amph|0|0|16|mg
nmrr|Murloc Huntsman|x|300|0|270|amph|0|0|16|mg
nmrm|Murloc Nightcrawler|x|400|0|270|amph|0|0|16|mg
nwiz|Apprentice Wizard|x|240|200|270|foot|0|0|16|rag
nwzr|Rogue Wizard|x|350|200|270|foot|0|0|16|rag
nwzg|Renegade Wizard|x|600|400|270|foot|0|0|16|rag
nkol|Kobold|x|240|0|270|foot|0|0|16|mg
nkog|Kobold Geomancer|x|300|300|270|foot|0|0|16|rag
nkob|Kobold Tunneler|x|350|0|270|foot|0|0|16|mg
nkot|Kobold Taskmaster|x|500|0|270|foot|0|0|16|mg
nogr|Ogre Warrior|x|600|0|270|foot|0|0|32|mg
nomg|Ogre Magi|x|600|400|270|foot|0|0|32|mg
noga|Stonemaul Warchief|x|1100|0|270|foot|0|0|32|mg
nogo|Stonemaul Ogre|x|800|0|270|foot|0|0|32|mg
nwlt|Timber Wolf|x|250|0|350|foot|0|0|16|mg
nhar|Harpy Scout|x|240|0|300|fly|0|0|16|rag
nhrr|Harpy Rogue|x|350|0|300|fly|0|0|16|rag
nhrw|Harpy Windwitch|x|280|300|350|fly|0|0|16|rag
nhrh|Harpy Storm-hag|x|500|300|300|fly|0|0|16|rag
nhrq|Harpy Queen|x|700|300|300|fly|0|0|16|rag
ncen|Centaur Outrunner|x|350|0|300|horse|0|0|32|mg
ncer|Centaur Drudge|x|450|0|300|horse|0|0|32|mg
ncea|Centaur Archer|x|400|0|300|horse|0|0|32|rag
ncim|Centaur Impaler|x|550|0|300|horse|0|0|32|rag
ncks|Centaur Sorcerer|x|600|300|300|horse|0|0|32|rag
ncnk|Centaur Khan|x|1000|0|300|horse|0|0|32|mg
nftt|Forest Troll|x|240|0|270|foot|0|0|16|rag
nftb|Forest Troll Berserker|x|450|0|270|foot|0|0|16|rag
nfsh|Forest Troll High Priest|x|450|300|270|foot|0|0|16|rag
nftk|Forest Troll Warlord|x|800|0|270|foot|0|0|16|mg
ndmu|Dalaran Mutant|x|400|0|270|foot|0|0|16|mg
nbzw|Bronze Whelp|x|300|0|300|fly|0|0|16|rag
nbzk|Bronze Drake|x|700|0|300|fly|0|0|32|rag
nbzd|Bronze Dragon|x|2200|0|300|fly|0|0|48|rag
negz|Engineer Gazlowe|x|800|0|270|foot|0|0|16|mg
nzep|Goblin Zeppelin|x|500|0|220|fly|0|0|32|M
ngsp|Goblin Sapper|x|100|0|270|foot|0|0|16|MX
ngzc|Grizzly Bear|x|500|0|300|foot|0|0|32|mg
ngst|Rock Golem|x|675|400|270|foot|0|0|32|mg
ngrk|Mud Golem|x|500|0|270|foot|0|0|32|mg
nltl|Lightning Lizard|x|280|200|270|foot|0|0|32|rag
nthl|Thunder Lizard|x|700|0|300|foot|0|0|32|rag
nowb|Wildkin|x|400|0|270|foot|0|0|32|mg
nowe|Enraged Wildkin|x|600|0|270|foot|0|0|32|mg
nowk|Berserk Wildkin|x|800|0|270|foot|0|0|32|mg
nsqt|Sasquatch|x|500|0|270|foot|0|0|32|mg
nsqa|Ancient Sasquatch|x|900|0|270|foot|0|0|32|mg
nsrh|Stormreaver Hermit|x|400|200|270|foot|0|0|16|rag
nsrn|Stormreaver Necrolyte|x|500|300|270|foot|0|0|16|rag
nsrw|Stormreaver Warlock|x|700|300|270|foot|0|0|16|rag
nser|Searing Elemental|d|500|0|270|foot|0|0|16|rag
nscb|Spider|x|300|0|270|foot|0|0|16|mg
nsc2|Spider Crab|x|400|0|270|amph|0|0|32|mg
nsc3|Spider Crab Behemoth|x|600|0|270|amph|0|0|32|mg
nska|Skeleton Archer|u|240|0|270|foot|0|0|16|Urag
ngh1|Ghost|u|300|0|270|foot|0|0|16|Umg
ngh2|Wraith|u|500|0|270|foot|0|0|16|Umg
nfgu|Felguard|d|900|0|270|foot|0|0|32|mg
nfgb|Fel Beast|d|500|0|350|foot|0|0|32|mg
nfel|Fel Stalker|d|600|0|350|foot|0|0|32|mg
nfov|Overlord|d|1200|0|270|foot|0|0|32|mg
npfl|Fel Ravager|d|700|0|350|foot|0|0|32|mg
nhem|Mud Golem|x|500|0|270|foot|0|0|32|mg
nhew|Worker|x|220|0|270|foot|0|0|16|Pmg
nhef|Farmer|x|140|0|190|foot|0|0|16|C
nmed|Medivh|h|800|500|270|foot|0|0|16|rag
nw2w|Water Elemental|x|675|0|220|foot|0|0|32|Zrag
nbot|Transport Ship|x|800|0|290|float|0|0|48|
nbsp|Batrider|x|500|0|300|fly|0|0|32|rag
nhea|High Elven Archer|h|245|0|270|foot|2|0|16|rag
nchp|Chaplain|h|400|300|270|foot|2|0|16|rag
nemi|Emissary|h|500|300|270|foot|2|0|16|rag
nhym|Hydromancer|h|400|300|270|foot|2|0|16|rag
nmyr|Naga Myrmidon|x|900|0|270|amph|3|0|32|mg
nnrg|Naga Royal Guard|x|1350|500|320|amph|4|0|32|mg
ngol|Gold Mine|x|2500|0|0|_|0|0|96|S
egol|Entangled Gold Mine|x|2500|0|0|_|0|0|96|S
ugol|Haunted Gold Mine|x|2500|0|0|_|0|0|96|S
nfoh|Fountain of Health|x|1500|0|0|_|0|0|64|S
nmoo|Fountain of Mana|x|1500|0|0|_|0|0|64|S
ngme|Goblin Merchant|x|1000|0|0|_|0|0|80|S
nmrk|Marketplace|x|1000|0|0|_|0|0|80|S
ngad|Goblin Laboratory|x|1000|0|0|_|0|0|80|S
nshp|Goblin Shipyard|x|1000|0|0|_|0|0|96|S
nwgt|Way Gate|x|1000|0|0|_|0|0|64|S
nfrm|Frostmourne|x|1000|0|0|_|0|0|32|S
nten|Tent|x|300|0|0|_|0|0|48|S
ntn2|Tent|x|300|0|0|_|0|0|48|S
ngt2|Gnoll Tent|x|300|0|0|_|0|0|48|S
ngnh|Gnoll Hut|x|300|0|0|_|0|0|48|S
nct1|Centaur Tent|x|300|0|0|_|0|0|48|S
nct2|Centaur Tent|x|300|0|0|_|0|0|48|S
ncnt|Centaur Tent|x|300|0|0|_|0|0|48|S
nmh0|Murloc Hut|x|300|0|0|_|0|0|48|S
nmh1|Murloc Hut|x|300|0|0|_|0|0|48|S
nmr4|Murloc Hut|x|300|0|0|_|0|0|48|S
nfh0|Furbolg Hut|x|300|0|0|_|0|0|48|S
nfh1|Furbolg Hut|x|300|0|0|_|0|0|48|S
npgf|Pig Farm|x|500|0|0|_|0|0|48|S
nzin|Inn|x|800|0|0|_|0|0|0|S
nhns|Scenery Building|x|500|0|0|_|0|0|64|S
nhcn|Scenery Building|x|500|0|0|_|0|0|64|S
ncop|Circle of Power|x|500|0|0|_|0|0|32|S
ncp3|Circle of Power|x|500|0|0|_|0|0|48|S
ncb0|City Building|x|1000|0|0|_|0|0|80|S
ncb2|City Building|x|1000|0|0|_|0|0|80|S
ncb3|City Building|x|1000|0|0|_|0|0|80|S
ncb5|City Building|x|1000|0|0|_|0|0|80|S
ncb6|City Building|x|1000|0|0|_|0|0|80|S
ncb7|City Building|x|1000|0|0|_|0|0|80|S
ncb8|City Building|x|1000|0|0|_|0|0|80|S
ncba|City Building|x|1000|0|0|_|0|0|80|S
ncbb|City Building|x|1000|0|0|_|0|0|80|S
ndgt|Dalaran Guard Tower|h|700|0|0|_|0|0|48|Srag
nbse|Scenery Structure|x|500|0|0|_|0|0|64|S
nbsw|Scenery Structure|x|500|0|0|_|0|0|64|S
nbwd|Scenery Structure|x|500|0|0|_|0|0|64|S
"""

# code|name|race|move|speed|collision|str|agi|int|str+|agi+|int+|primary
# Orc melee heroes (the others are project approximations): the Far Seer's attributes and
# gains from Wowpedia "Far Seer (Warcraft III)" (level 1: 15/18/19, level 10: 33/27/46; speed
# 320), the Tauren Chieftain's from Liquipedia "Tauren Chieftain" (25 +3.2, 10 +1.5, 15 +1.3;
# speed 270 on Wowpedia "Tauren Chieftain (Warcraft III)"), the Shadow Hunter's from
# Liquipedia "Shadow Hunter" (15 +2, 20 +1.5, 17 +2.5; primary agility: its 22-28 damage is
# agility plus 2-8). Their life and mana follow HERO_BASE_LIFE/LIFE_PER_STR/MANA_PER_INT (the
# pages' 475/285 and 725/225). The Shadow Hunter's speed (320) is a project approximation
# and it has no weapon row: no page read gives its range, cooldown and armor.
# The Blood Mage's row is Wowpedia's "Blood Mage (Warcraft III)": 18 +2, 14 +1, 19 +3,
# primary intelligence, speed 300 (its 550 life and 285 mana are the model's).
_HEROES = """
Hpal|Paladin|h|foot|270|32|22|13|17|2.7|1.5|1.8|str
Hart|Arthas|h|foot|270|32|22|13|17|2.7|1.5|1.8|str
Huth|Uther|h|foot|270|32|22|13|17|2.7|1.5|1.8|str
Hlgr|Garithos|h|foot|270|32|23|12|16|2.7|1.5|1.6|str
Hamg|Archmage|h|foot|320|32|14|17|19|1.8|1.0|3.2|int
Hjai|Jaina|h|foot|270|32|14|17|19|1.8|1.0|3.2|int
Hant|Antonidas|h|foot|270|32|14|17|19|1.8|1.0|3.2|int
Hmkg|Mountain King|h|foot|270|32|24|11|15|3.0|1.5|1.5|str
Hblm|Blood Mage|h|foot|300|32|18|14|19|2.0|1.0|3.0|int
Hkal|Kael|h|foot|270|32|18|14|19|2.0|1.0|3.0|int
Hvsh|Lady Vashj|x|amph|270|32|16|19|17|2.0|2.0|2.5|agi
Obla|Blademaster|o|foot|320|32|18|22|16|2.0|1.75|2.25|agi
Ofar|Far Seer|o|foot|320|32|15|18|19|2.0|1.0|3.0|int
Otch|Tauren Chieftain|o|foot|270|32|25|10|15|3.2|1.5|1.3|str
Oshd|Shadow Hunter|o|foot|320|32|15|20|17|2.0|1.5|2.5|agi
Ogrh|Grom Hellscream|o|foot|270|32|18|23|16|2.0|1.75|2.25|agi
Othr|Thrall|o|foot|270|32|19|18|19|2.0|1.0|3.0|int
Odrt|Drek'Thar|o|foot|270|32|15|18|19|2.0|1.0|3.0|int
Orex|Rexxar|o|foot|270|32|22|14|16|2.9|1.3|1.8|str
Orkn|Rokhan|o|foot|270|32|15|20|16|2.0|1.5|2.0|agi
Udre|Dreadlord|u|foot|270|32|20|16|18|2.7|1.5|2.0|str
Utic|Tichondrius|u|foot|270|32|20|16|18|2.7|1.5|2.0|str
Ulic|Lich|u|foot|270|32|15|14|20|2.0|1.0|3.4|int
Uear|Arthas|u|horse|320|32|23|12|17|2.7|1.5|1.6|str
Emfr|Malfurion|n|foot|270|32|16|15|18|1.8|1.5|2.7|int
Efur|Furion|n|foot|270|32|16|15|18|1.8|1.5|2.7|int
Etyr|Tyrande|n|horse|320|32|18|19|15|1.9|1.5|2.6|agi
Ewrd|Warden|n|foot|270|32|18|20|15|2.0|1.6|2.0|agi
Nsjs|Chen Stormstout|x|foot|270|32|23|14|15|3.0|1.5|1.5|str
"""

HERO_BASE_LIFE = 100.0
LIFE_PER_STR = 25.0
MANA_PER_INT = 15.0
"""Hero life/mana model (project approximation of the classic game constants)."""


def _flags(text: str) -> frozenset:
    return frozenset(FLAG_NAMES[c] for c in text)


def _build() -> dict[int, UnitType]:
    table: dict[int, UnitType] = {}
    for line in _UNITS.strip().splitlines():
        code, name, race, life, mana, speed, move, food, made, col, flags = line.split("|")
        t = UnitType(rawcode(code), code, name, RACES[race], float(life), float(mana),
                     float(speed), "" if move == "_" else move, int(food), int(made),
                     float(col), _flags(flags))
        table[t.code] = t
    for line in _HEROES.strip().splitlines():
        code, name, race, move, speed, col, s, a, i, sg, ag, ig, primary = line.split("|")
        stats = HeroStats(int(s), int(a), int(i), float(sg), float(ag), float(ig), primary)
        t = UnitType(rawcode(code), code, name, RACES[race],
                     HERO_BASE_LIFE + LIFE_PER_STR * stats.str, MANA_PER_INT * stats.int,
                     float(speed), move, 5, 0, float(col), _flags("HImg"), stats)
        table[t.code] = t
    return table


UNIT_TYPES: dict[int, UnitType] = _build()
"""Stock unit types by rawcode integer (project-authored approximations)."""


INTERNAL_NAMES: dict[str, str] = {"ohun": "headhunter"}
"""Internal names (``UnitId2String``, ``GroupEnumUnitsOfType``) that are not the display name
lowercased without spaces (project-authored, like the table)."""


def internal_name(t: UnitType) -> str:
    """The type's internal name as ``GroupEnumUnitsOfType`` matches it: ``INTERNAL_NAMES``,
    else the display name lowercased with spaces and punctuation removed ('Marketplace' ->
    'marketplace', 'Town Hall' -> 'townhall'). Unknown rawcodes have their rawcode text."""
    if t.rawcode in INTERNAL_NAMES:
        return INTERNAL_NAMES[t.rawcode]
    return "".join(ch for ch in t.name.lower() if ch.isalnum())


def default_unit_type(code: int) -> UnitType:
    """Fallback row for an unknown rawcode: 100 life, no mana, foot at 270, no food, radius
    16. A rawcode whose first character is an upper-case letter is a hero (the game's rule
    for hero ids, as in ``IsHeroUnitId``), with 1 in each attribute."""
    text = rawcode_str(code)
    if is_hero_id(code):
        stats = HeroStats(1, 1, 1, 0.0, 0.0, 0.0, "str")
        return UnitType(code, text, text, RACES["x"], HERO_BASE_LIFE + LIFE_PER_STR,
                        MANA_PER_INT, 270.0, "foot", 0, 0, 16.0, _flags("HI"), stats, False)
    return UnitType(code, text, text, RACES["x"], 100.0, 0.0, 270.0, "foot", 0, 0, 16.0,
                    frozenset(), None, False)


def is_hero_id(code: int) -> bool:
    """Hero unit ids start with an upper-case letter ('Hpal', 'Obla')."""
    first = (code >> 24) & 0xFF
    return ord("A") <= first <= ord("Z")


# ---------------------------------------------------------------------------------------
# Items: code|name|level|class|charges|flags  (class: permanent/charged/powerup/artifact/
# purchasable/campaign/miscellaneous; flags: p = powerup (used on pickup), s = sellable,
# w = pawnable). Project-authored approximations.
# ---------------------------------------------------------------------------------------

ITEM_CLASSES = {"permanent": 0, "charged": 1, "powerup": 2, "artifact": 3, "purchasable": 4,
                "campaign": 5, "miscellaneous": 6}


@record(frozen=True, slots=False)
class ItemType:
    """One item type row (project-authored)."""

    code: int
    rawcode: str
    name: str
    level: int
    item_class: int
    charges: int
    powerup: bool
    sellable: bool
    pawnable: bool
    known: bool = True


_ITEMS = """
phlt|Phat Lewt|0|campaign|0|w
gold|Gold Coins|0|powerup|0|p
lmbr|Bundle of Lumber|0|powerup|0|p
ofir|Orb of Fire|5|permanent|0|sw
ofro|Orb of Frost|6|permanent|0|sw
olig|Orb of Lightning|5|permanent|0|sw
rhth|Ring of Health|3|permanent|0|sw
rde4|Ring of Protection +4|4|permanent|0|sw
rlif|Ring of Regeneration|2|permanent|0|sw
tin2|Tome of Intelligence +2|2|powerup|0|p
silk|Spider Silk Broach|3|permanent|0|sw
pghe|Potion of Greater Healing|3|charged|1|sw
phea|Potion of Healing|1|charged|1|sw
pman|Potion of Mana|1|charged|1|sw
pnvl|Potion of Invulnerability|3|charged|1|sw
penr|Potion of Energy|4|charged|1|sw
hslv|Healing Salve|1|charged|1|sw
ckng|Crown of Kings +5|8|permanent|0|sw
bgst|Belt of Giant Strength +6|5|permanent|0|sw
will|Wand of Illusion|2|charged|3|sw
wlsd|Wand of Lightning Shield|3|charged|3|sw
woms|Wand of Mana Stealing|3|charged|2|sw
whwd|Healing Wards|3|charged|2|sw
shas|Scroll of Speed|2|charged|1|sw
shea|Scroll of Healing|2|charged|1|sw
rspd|Scroll of Speed|2|powerup|0|p
rspl|Rune of Spirit Link|2|powerup|0|p
rman|Rune of Mana|1|powerup|0|p
rhe1|Rune of Lesser Healing|1|powerup|0|p
rhe2|Rune of Healing|2|powerup|0|p
rhe3|Rune of Greater Healing|3|powerup|0|p
rwiz|Sobi Mask|2|permanent|0|sw
rag1|Slippers of Agility +3|3|permanent|0|sw
rat3|Claws of Attack +3|2|permanent|0|sw
rat6|Claws of Attack +6|4|permanent|0|sw
rat9|Claws of Attack +9|6|permanent|0|sw
prvt|Periapt of Vitality|3|permanent|0|sw
tdex|Tome of Agility|3|powerup|0|p
tint|Tome of Intelligence|3|powerup|0|p
tpow|Tome of Knowledge|4|powerup|0|p
tstr|Tome of Strength|3|powerup|0|p
rde1|Ring of Protection +2|1|permanent|0|sw
rst1|Gauntlets of Ogre Strength +3|1|permanent|0|sw
rin1|Mantle of Intelligence +3|1|permanent|0|sw
cnob|Circlet of Nobility|2|permanent|0|sw
gcel|Gloves of Haste|2|permanent|0|sw
bspd|Boots of Speed|2|permanent|0|sw
pres|Potion of Restoration|5|charged|1|sw
sres|Scroll of Restoration|5|charged|1|sw
totw|Talisman of the Wild|5|charged|1|sw
fgrd|Red Drake Egg|5|charged|1|sw
infs|Inferno Stone|6|charged|1|sw
fgdg|Demonic Figurine|6|charged|1|sw
pdiv|Potion of Divinity|6|charged|1|sw
"""


def _build_items() -> dict[int, ItemType]:
    table = {}
    for line in _ITEMS.strip().splitlines():
        code, name, level, klass, charges, flags = line.split("|")
        t = ItemType(rawcode(code), code, name, int(level), ITEM_CLASSES[klass], int(charges),
                     "p" in flags, "s" in flags, "w" in flags)
        table[t.code] = t
    return table


ITEM_TYPES: dict[int, ItemType] = _build_items()


def default_item_type(code: int) -> ItemType:
    """Fallback for an unknown item rawcode: level 0, permanent, no charges."""
    text = rawcode_str(code)
    return ItemType(code, text, text, 0, ITEM_CLASSES["permanent"], 0, False, False, False,
                    False)


ITEM_LIFE = 75.0
"""Life of an item widget (project value)."""

# ---------------------------------------------------------------------------------------
# Destructables: code|name|life   (project-authored approximations)
# ---------------------------------------------------------------------------------------


@record(frozen=True, slots=False)
class DestructableType:
    code: int
    rawcode: str
    name: str
    life: float
    known: bool = True


_DESTRUCTABLES = """
LTcr|Crates|50
FTtw|Felwood Tree|50
LOcg|Cage|100
LTbr|Barrel|50
ATtr|Ashenvale Tree|50
LTbs|Barrels|50
LTbx|Box|50
LTg1|Gate|500
LTg2|Gate|500
LTg3|Gate|500
LTg4|Gate|500
LTtc|Table and Chairs|50
LTlt|Lordaeron Summer Tree|50
LTe3|Elven Gate|500
"""


def _build_destructables() -> dict[int, DestructableType]:
    table = {}
    for line in _DESTRUCTABLES.strip().splitlines():
        code, name, life = line.split("|")
        table[rawcode(code)] = DestructableType(rawcode(code), code, name, float(life))
    return table


DESTRUCTABLE_TYPES: dict[int, DestructableType] = _build_destructables()


def default_destructable_type(code: int) -> DestructableType:
    """Fallback for an unknown destructable rawcode: 100 life."""
    text = rawcode_str(code)
    return DestructableType(code, text, text, 100.0, False)


# ---------------------------------------------------------------------------------------
# Combat figures: weapons and defenses of stock unit types (natives.combat uses them)
# ---------------------------------------------------------------------------------------

DAMAGE_POINT = 0.5
BACKSWING = 0.5
"""Damage point and backswing (game seconds) of a weapon without its own figures: a project
default, not a published figure (the public unit pages the project cites give neither for the
stock types; Liquipedia, "Attack", describes the two phases). A map's own data ("udp1",
"ubs1") gives them per type."""


@record(frozen=True, slots=False)
class Weapon:
    """A unit type's attack. ``attack_type``: spells, normal, pierce, siege, magic, chaos or
    hero (``natives.combat.DAMAGE_TABLE``); damage per hit is ``base`` + ``dice`` rolls of
    1..``sides``, plus the primary attribute for heroes (``dice`` 0: ``base`` is the
    published average); ``cooldown`` game seconds between swings; ``range`` world units between the units' collision edges; ``acquire`` the
    acquisition range (world units from the unit's origin); ``targets``: "g" ground, "a"
    air, "ga" both; ``point`` the damage point (game seconds from the start of the swing to
    the hit) and ``backswing`` the rest of the attack animation after it (``DAMAGE_POINT``
    and ``BACKSWING`` unless the map's data or a row gives them)."""

    attack_type: str
    base: float
    dice: int
    sides: int
    cooldown: float
    range: float
    acquire: float
    targets: str
    point: float = DAMAGE_POINT
    backswing: float = BACKSWING


@record(frozen=True, slots=False)
class Defense:
    """A unit type's armor: ``armor_type`` (light, medium, heavy, fortified, hero,
    unarmored, divine) and ``armor`` points (heroes add 0.3 per point of agility)."""

    armor_type: str
    armor: float


# code|attack type|base|dice|sides|cooldown|range|acquire|targets|armor type|armor|source
#
# Sources (published game figures, patch 1.2x), named per row in the last column:
#   cb  the unit pages of Blizzard's classic.battle.net site (war3/human/units/footman.shtml,
#       peasant.shtml, war3/human/heroes/paladin.shtml, war3/orc/units/grunt.shtml),
#       cross-checked with warcraft.wiki.gg ("Footman (Warcraft III)": 12-13 damage, 1.35 s
#       cooldown, heavy armor 2) and Liquipedia ("Peasant": acquisition range 500). Heroes'
#       damage adds their primary attribute (Paladin level 1: 22 strength + 2d6 = 24-34).
#   ds  the unit table of the public data set ubogoeva/tidyverse_tutorial
#       data/wc3_heroes.txt (life, armor type and points, speed, attack type, average damage,
#       cooldown, range in tens of world units; the figures Liquipedia's unit pages give). It
#       gives the average damage only, so these rows have ``dice`` 0 and ``base`` the average:
#       every hit deals the average (the dice split is not sourced).
#   ww  the Warcraft III unit pages of warcraft.wiki.gg / Wowpedia ("Guard Tower (Warcraft
#       III)", "Watch Tower (Warcraft III)", "Cannon Tower (Warcraft III)", "Blademaster
#       (Warcraft III)", "Far Seer (Warcraft III)", "Tauren Chieftain (Warcraft III)"; the
#       creeps' "Harpy Windwitch" and "Ogre Magi (Warcraft III)" on warcraft.wiki.gg and
#       "Renegade Wizard", "Kobold Geomancer (Warcraft III)", "Lightning Lizard", "Rock Golem"
#       and "Dragon (Warcraft III)" on wowpedia.fandom.com, "Naga Royal Guard" on
#       warcraft.wiki.gg, whose life, mana and speed the ``_UNITS`` rows take too):
#       hit points, attack type, damage range and average, cooldown, range
#       in tens of world units, armor type and points (The Frozen Throne values: the Watch
#       Tower's heavy armor). These rows, and the cb hero rows from classic.battle.net's
#       war3/human/units/archmage.shtml and mountainking.shtml, give the damage range, not
#       its dice: ``base`` is the average (dice 0). For a hero ``base`` is the level-1
#       average less the primary attribute, and the armor points are the level-1 armor the
#       page shows less 0.3 per point of agility (the Blademaster's page gives its base, -2),
#       rounded to a whole point; the cooldown is the base one before agility (the pages'
#       "Cooldown" / "Basic"; the Blood Mage's from Wowpedia's "Blood Mage (Warcraft III)":
#       21-27, range 60, basic cooldown 1.64, ground and air). Splash damage and the Cannon
#       Tower's minimum range (250) are not modelled. Acquisition range: Liquipedia's "Guard Tower" (700) and "Cannon Tower"
#       (800) pages, the weapon range for the Watch Tower.
#   The Uther row is Wowpedia's "Uther (Warcraft III)": base unit Paladin, at level 10 1250 hit
#   points, 495 mana, 48-58 melee damage, armor 8, strength 46, agility 26, intelligence 33,
#   which are the Paladin's level-1 figures (``_HEROES``, the Hpal row) grown nine levels
#   (22 + 9 x 2.7 = 46 strength; 2d6 + 46; 0 + 0.3 x 26 = 8 armor); its cooldown is the
#   Paladin's. The page gives the attack type as Normal; classic.battle.net gives heroes the
#   Hero attack type, which the row keeps (Blizzard's own page over the wiki).
#   The Nerubian Tower row is Wowpedia's "Nerubian Tower (Warcraft III)": 600 hit points,
#   normal attack 9-10 with the dice its patch notes give (1.10: "1d2 + 8"), range 70 (700
#   world units), cooldown 1.00 s, ground and air, fortified armor 5. Its Frost Attack slow
#   (50% movement, 25% attack speed for 5 s) is not modelled.
#   Creep pages read with the search tools: the Lightning Lizard's (280 hit points, 200 mana,
#   18.5 average piercing, range 60, 1.50 s, air and ground, heavy 0, speed 270; its splash is
#   not modelled), the Rock Golem's (675 hit points, 400 mana, normal 29-33 at range 100 --
#   that page gives world units: sight 1400 -- 1.35 s, heavy 4, speed 270), the Naga Royal
#   Guard's (1350 hit points, 500 mana, chaos 53 average, range 12.8, 1.70 s, ground, heavy 5,
#   speed 320) and "Dragon (Warcraft III)", one page for every colour of level-10 dragon,
#   which it says share their figures, taken for the Bronze Dragon (2200 hit points, chaos
#   64.5 average, range 50, 1.50 s, heavy 6, speed 300). The Rock Golem's and the dragon's
#   second attacks (for air targets) are left out, as below.
#   The Flying Machine's first attack is its air attack (its ground attack needs a research:
#   Wowpedia "Flying Machine (Warcraft III)"), the row keeps that one ("a"); the Hippogryph
#   has an air attack only. The mana of the Druid of the Talon, the Faerie Dragon (200 each),
#   the Destroyer (400) and the Obsidian Statue (600) is their Wowpedia / warcraft.wiki.gg
#   "(Warcraft III)" pages'; the Dragonhawk Rider's 200 is a project approximation (no page
#   read gives it), as are these rows' collision sizes. The Militia's timed life (Call to
#   Arms) is not modelled.
#   The Gargoyle, the Frost Wyrm and the Siege Engine have a second attack for air targets in
#   the data set; the model keeps one attack per unit, so these rows keep the ground attack
#   only ("g").
# Project choices, not sourced: melee range 90 (the melee range the cb pages give for the
# footman and grunt) for every melee row; acquisition range 500 (the cb/Liquipedia figure of
# the rows above), or the weapon range when that is longer. Life and speed of the ds rows
# are the data set's (``_UNITS`` above holds them).
_WEAPONS = """
hfoo|normal|11|1|2|1.35|90|500|g|heavy|2|cb
hpea|normal|4|1|2|2.0|90|500|g|medium|0|cb
ogru|normal|18|1|2|1.6|90|500|g|heavy|1|cb
Hpal|hero|0|2|6|2.2|100|600|g|hero|0|cb
Hart|hero|0|2|6|2.2|100|600|g|hero|0|cb
Huth|hero|0|2|6|2.2|100|600|g|hero|0|ww
hrif|pierce|21|0|0|1.5|400|500|ga|medium|0|ds
hkni|normal|34|0|0|1.4|90|500|g|heavy|5|ds
hmpr|magic|8.5|0|0|2.0|600|600|ga|unarmored|0|ds
hwat|pierce|20|0|0|1.5|300|500|ga|heavy|0|ds
hwt2|pierce|35|0|0|1.5|300|500|ga|heavy|1|ds
hwt3|pierce|45|0|0|1.5|300|500|ga|heavy|2|ds
hmtt|siege|50|0|0|2.1|190|500|g|fortified|2|ds
hsor|magic|11|0|0|1.75|600|600|ga|unarmored|0|ds
hspt|normal|14|0|0|1.9|250|500|g|medium|3|ds
hmtm|siege|58|0|0|3.5|1150|1150|g|heavy|0|ds
hgry|magic|50|0|0|2.2|450|500|ga|light|0|ds
opeo|normal|7.5|0|0|3.0|90|500|g|medium|0|ds
ohun|pierce|25|0|0|2.31|450|500|ga|medium|0|ds
orai|siege|25|0|0|1.85|90|500|g|medium|1|ds
oshm|magic|8.5|0|0|2.1|600|600|ga|unarmored|0|ds
odoc|magic|12|0|0|1.75|600|600|ga|unarmored|0|ds
okod|pierce|18|0|0|1.44|500|500|ga|unarmored|1|ds
owyv|pierce|40|0|0|2.0|450|500|ga|light|0|ds
otbk|pierce|25|0|0|2.31|450|500|ga|medium|0|ds
ocat|siege|80.5|0|0|4.5|1150|1150|g|heavy|2|ds
otau|normal|33|0|0|1.9|90|500|g|heavy|3|ds
ospw|magic|19.5|0|0|1.75|400|500|ga|unarmored|0|ds
otbr|siege|14|0|0|1.8|300|500|g|light|0|ds
earc|pierce|17|0|0|1.5|500|500|ga|medium|0|ds
esen|normal|17|0|0|1.8|220|500|g|unarmored|2|ds
edry|pierce|18|0|0|2.0|500|500|ga|unarmored|0|ds
emtg|normal|34|0|0|2.5|90|500|g|medium|4|ds
efon|normal|16|0|0|1.75|90|500|g|heavy|0|ds
uaco|normal|9.5|0|0|2.5|90|500|g|medium|0|ds
ugho|normal|13|0|0|1.3|90|500|g|heavy|0|ds
ucry|pierce|28.5|0|0|2.0|550|550|g|medium|0|ds
uabo|normal|36|0|0|1.9|90|500|g|heavy|2|ds
umtw|siege|79.5|0|0|4.0|1150|1150|g|heavy|2|ds
unec|magic|8.5|0|0|1.8|600|600|ga|unarmored|0|ds
uban|magic|11|0|0|1.5|600|600|ga|unarmored|0|ds
uske|normal|14.5|0|0|2.0|90|500|g|heavy|1|ds
ugar|pierce|19.5|0|0|2.2|300|500|g|unarmored|3|ds
ufro|magic|104|0|0|3.0|300|500|g|light|1|ds
uzg2|normal|8|1|2|1.0|700|700|ga|fortified|5|ww
edoc|normal|20.5|0|0|1.5|90|500|g|heavy|1|ds
osw1|normal|11.5|0|0|1.0|90|500|g|heavy|0|ds
osw2|normal|16.5|0|0|1.0|90|500|g|heavy|0|ds
osw3|normal|21.5|0|0|1.0|90|500|g|heavy|0|ds
hgyr|pierce|14.5|0|0|2.0|500|500|a|heavy|2|ds
hdhw|pierce|19|0|0|1.75|300|500|ga|light|1|ds
hmil|normal|12.5|0|0|1.2|90|500|g|heavy|4|ds
ebal|siege|44.5|0|0|3.5|1150|1150|g|heavy|2|ds
ehip|normal|53.5|0|0|1.05|90|500|a|unarmored|0|ds
edot|magic|12|0|0|1.6|600|600|ga|unarmored|0|ds
efdr|pierce|15|0|0|1.75|300|500|ga|light|0|ds
echm|magic|75|0|0|2.5|450|500|g|light|2|ds
ubsp|magic|20|0|0|1.35|450|500|ga|light|3|ds
uobs|magic|7.5|0|0|2.1|575|575|ga|heavy|4|ds
hgtw|pierce|25|0|0|0.9|700|700|ga|heavy|5|ww
owtw|pierce|17|0|0|0.6|800|800|ga|heavy|3|ww
hctw|siege|100.5|0|0|2.5|800|800|g|fortified|5|ww
Hamg|hero|5|0|0|2.13|600|600|ga|hero|-2|cb
Hmkg|hero|7|0|0|2.22|90|500|g|hero|-1|cb
Hblm|hero|5|0|0|1.64|600|600|ga|hero|-2|ww
Obla|hero|13|0|0|1.77|90|500|g|hero|-2|ww
Ofar|hero|5|0|0|1.92|600|600|ga|hero|-2|ww
Otch|hero|7|0|0|1.85|90|500|g|hero|-1|ww
nhrw|pierce|25|0|0|1.8|600|600|ga|light|0|ww
nomg|normal|25.5|0|0|1.35|90|500|g|heavy|1|ww
nwzg|pierce|34.5|0|0|1.8|600|600|ga|medium|1|ww
nkog|pierce|25|0|0|1.8|600|600|ga|medium|0|ww
nltl|pierce|18.5|0|0|1.5|600|600|ga|heavy|0|ww
ngst|normal|31|0|0|1.35|100|500|g|heavy|4|ww
nnrg|chaos|53|0|0|1.7|128|500|g|heavy|5|ww
nbzd|chaos|64.5|0|0|1.5|500|500|g|heavy|6|ww
"""

WEAPON_SOURCES = {
    "cb": "classic.battle.net unit pages (war3/*/units/*.shtml, war3/*/heroes/*.shtml)",
    "ds": "ubogoeva/tidyverse_tutorial data/wc3_heroes.txt (average damage only)",
    "ww": "warcraft.wiki.gg / Wowpedia '<name> (Warcraft III)' unit pages (average damage "
          "unless the page gives the dice)",
}
"""What the last column of ``_WEAPONS`` names."""


def _build_weapons() -> tuple[dict[int, Weapon], dict[int, Defense]]:
    weapons: dict[int, Weapon] = {}
    defenses: dict[int, Defense] = {}
    for line in _WEAPONS.strip().splitlines():
        code, atype, base, dice, sides, cd, rng, acq, targets, armor_type, armor, source = line.split("|")
        if source not in WEAPON_SOURCES:
            raise ValueError(f"natives.unitdata._WEAPONS: unknown source in {line!r}")
        weapons[rawcode(code)] = Weapon(atype, float(base), int(dice), int(sides), float(cd),
                                        float(rng), float(acq), targets)
        defenses[rawcode(code)] = Defense(armor_type, float(armor))
    return weapons, defenses


WEAPONS, DEFENSES = _build_weapons()
"""Weapon and defense figures by unit rawcode integer (sourced, see ``_WEAPONS``). A type
without a row has no known attack (it cannot take attack orders); it takes damage as
``natives.combat.defense`` says."""

STRUCTURE_DEFENSE = Defense("fortified", 0.0)
"""The defense of a structure without a row: fortified armor, the armor type of buildings
(Blizzard, classic.battle.net "Armor and Weapon Types", war3/basics/armorandweapontypes.shtml);
its armor points are not sourced, 0."""
