"""``war3map.w3i`` (map info): name, flags, players and forces.

Supports format versions 18 (RoC), 25 (TFT), 28 (1.31) and 31+ (1.32/Reforged). Parsing stops
after the force list (upgrade/tech availability and random tables are not read).
See shared/reference/map-formats.md section 3.2.
"""

from __future__ import annotations

from dataclasses import field

from jassvm.records import record
from maps._binary import BinaryReader
from maps.errors import MapError

PLAYER_TYPES = {1: "user", 2: "computer", 3: "neutral", 4: "rescuable"}
RACES = {0: "selectable", 1: "human", 2: "orc", 3: "undead", 4: "nightelf"}

# Map flags (w3i "flags" field).
FLAG_HIDE_MINIMAP = 0x0001
FLAG_MODIFY_ALLY_PRIORITIES = 0x0002
FLAG_MELEE = 0x0004
FLAG_FIXED_PLAYER_SETTINGS = 0x0020
FLAG_CUSTOM_FORCES = 0x0040
FLAG_CUSTOM_TECHTREE = 0x0080
FLAG_CUSTOM_ABILITIES = 0x0100
FLAG_CUSTOM_UPGRADES = 0x0200

# Force flags.
FORCE_ALLIED = 0x01
FORCE_ALLIED_VICTORY = 0x02
FORCE_SHARE_VISION = 0x04
FORCE_SHARE_UNIT_CONTROL = 0x10
FORCE_SHARE_ADVANCED_UNIT_CONTROL = 0x20


@record(slots=False)
class W3IPlayer:
    """One player slot: ``id`` 0..23, ``type`` 1 user/2 computer/3 neutral/4 rescuable,
    ``race`` 1 human/2 orc/3 undead/4 night elf (0 selectable), start position in world units.
    ``name`` is raw (often ``TRIGSTR_nnn``)."""

    id: int
    type: int
    race: int
    fixed_start: bool
    name: str
    start_x: float
    start_y: float
    ally_low_priorities: int = 0
    ally_high_priorities: int = 0
    enemy_low_priorities: int = 0
    enemy_high_priorities: int = 0

    @property
    def controller(self) -> str:
        """The slot type as a word: ``user``, ``computer``, ``neutral``, ``rescuable`` (or ``unknown``)."""
        return PLAYER_TYPES.get(self.type, "unknown")

    @property
    def race_name(self) -> str:
        """The race as a word: ``human``, ``orc``, ``undead``, ``nightelf``, ``selectable`` (or ``unknown``)."""
        return RACES.get(self.race, "unknown")


@record(slots=False)
class W3IForce:
    """One force: ``flags`` (FORCE_* bits), ``player_mask`` (bit n = player id n), raw ``name``."""

    flags: int
    player_mask: int
    name: str

    @property
    def player_ids(self) -> list[int]:
        """Player ids (0..31) whose bit is set in ``player_mask``, ascending."""
        return [i for i in range(32) if self.player_mask >> i & 1]


@record(slots=False)
class W3I:
    """Parsed ``war3map.w3i`` header up to and including the forces.

    Camera bounds are 8 floats (world units); ``camera_complements`` are the tiles outside the
    playable area (left, right, bottom, top); ``playable_width``/``playable_height`` in tiles.
    ``game_version`` (4 ints) and ``script_mode`` (0 JASS, 1 Lua) exist from version 28 on.
    String fields are raw and may be ``TRIGSTR_nnn`` references (see ``maps.wts``).
    """

    version: int
    saves: int
    editor_version: int
    name: str
    author: str
    description: str
    recommended_players: str
    camera_bounds: tuple[float, ...]
    camera_complements: tuple[int, int, int, int]
    playable_width: int
    playable_height: int
    flags: int
    tileset: str
    campaign_background: int
    loading_screen: int = -1
    loading_screen_model: str = ""
    loading_screen_text: str = ""
    loading_screen_title: str = ""
    loading_screen_subtitle: str = ""
    prologue_screen_model: str = ""
    prologue_screen_text: str = ""
    prologue_screen_title: str = ""
    prologue_screen_subtitle: str = ""
    game_version: tuple[int, int, int, int] | None = None
    script_mode: int | None = None
    global_weather: str = ""
    sound_environment: str = ""
    players: list[W3IPlayer] = field(default_factory=list)
    forces: list[W3IForce] = field(default_factory=list)

    @property
    def is_melee(self) -> bool:
        """True when the melee-map flag (0x0004) is set."""
        return bool(self.flags & FLAG_MELEE)

    @property
    def uses_custom_forces(self) -> bool:
        """True when the custom-forces flag (0x0040) is set."""
        return bool(self.flags & FLAG_CUSTOM_FORCES)

    def player(self, player_id: int) -> W3IPlayer | None:
        """The slot with this player id, or None."""
        return next((p for p in self.players if p.id == player_id), None)


def parse_w3i(data: bytes, source: str = "war3map.w3i") -> W3I:
    """Parse ``war3map.w3i`` bytes. Raises MapError (naming ``source``) on truncation or an
    unsupported version (known: 18..31 and newer ones laid out like 31)."""
    r = BinaryReader(data, source)
    version = r.i32()
    if version < 18 or version > 64:
        raise MapError(source, f"unsupported w3i version {version}")
    saves, editor = r.i32(), r.i32()
    game_version = tuple(r.i32() for _ in range(4)) if version > 27 else None
    info = W3I(
        version=version, saves=saves, editor_version=editor,
        name=r.cstring(), author=r.cstring(), description=r.cstring(),
        recommended_players=r.cstring(),
        camera_bounds=tuple(r.f32() for _ in range(8)),
        camera_complements=tuple(r.i32() for _ in range(4)),
        playable_width=r.i32(), playable_height=r.i32(),
        flags=r.u32(), tileset=r.char(), campaign_background=r.i32(),
        game_version=game_version,
    )
    if version > 24:
        info.loading_screen_model = r.cstring()
    info.loading_screen_text = r.cstring()
    info.loading_screen_title = r.cstring()
    info.loading_screen_subtitle = r.cstring()
    info.loading_screen = r.i32()
    if version > 24:
        info.prologue_screen_model = r.cstring()
    info.prologue_screen_text = r.cstring()
    info.prologue_screen_title = r.cstring()
    info.prologue_screen_subtitle = r.cstring()
    if version > 24:
        r.i32()                       # use terrain fog
        r.raw(4 * 3 + 4)              # fog start/end z, density, RGBA colour
        weather = r.raw(4)
        info.global_weather = "" if weather == b"\0\0\0\0" else weather.decode("latin-1")
        info.sound_environment = r.cstring()
        r.raw(1 + 4)                  # light environment tileset, water RGBA tint
    if version > 27:
        info.script_mode = r.u32()
    if version > 30:
        r.raw(8)                      # supported/graphics modes, game data version
    for _ in range(r.count("player", 32)):
        p = W3IPlayer(id=r.i32(), type=r.i32(), race=r.i32(), fixed_start=bool(r.i32()),
                      name=r.cstring(), start_x=r.f32(), start_y=r.f32(),
                      ally_low_priorities=r.u32(), ally_high_priorities=r.u32())
        if version > 30:
            p.enemy_low_priorities, p.enemy_high_priorities = r.u32(), r.u32()
        info.players.append(p)
    for _ in range(r.count("force", 32)):
        info.forces.append(W3IForce(flags=r.u32(), player_mask=r.u32(), name=r.cstring()))
    return info
