"""``war3map.doo``: the doodads and destructables (trees, crates, pathing blockers...) the World
Editor placed on the map.

Header: ``b"W3do"``, int32 version (7 RoC, 8 TFT), int32 subversion, int32 count; then
``count`` entries: char[4] type, int32 variation, float x, y, z, float angle (radians),
float scale x, y, z, (maps saved by 1.32 or later: char[4] skin), uint8 flags, uint8 life
(percent of the type's life; 255 on doodads, which have none), (version 8: int32 item table,
int32 n + n item sets of int32 m + m * (char[4] item, int32 chance)), int32 editor id. The
special doodads (cliffs...) that follow are not read: they have no gameplay.

Sources: w3x-spec ``doo.md`` (layout, flags 0 invisible and non-solid, 1 visible non-solid,
2 visible and solid), mdx-m3-viewer ``src/parsers/w3x/doo/doodad.ts`` (the skin field when the
w3i's game build is above 1.31). Checked on the corpus: Echo Isles (1.33, 2746 entries of 54
bytes), custom-tribute-alliance (w3i 25, 50 bytes and item sets), test_roc (version 7, 42
bytes); on custom-mcfc every entry of flags 0 is a destructable its ``CreateAllDestructables``
creates at the same point (the editor leaves the ones triggers name to the script).
"""

from __future__ import annotations

from dataclasses import dataclass

from maps._binary import BinaryReader
from maps.errors import MapError

NO_LIFE = 255
"""The life byte of a doodad (scenery without life: rocks, plants, water effects)."""

SCRIPT_PLACED = 0
"""Flags of an entry the map script creates itself (invisible, non-solid in the file)."""


@dataclass(frozen=True)
class Doodad:
    """One placed entry. ``code``: the type rawcode text (``"LTlt"``); ``x``/``y``/``z``
    world units; ``angle`` radians; ``scale`` (x, y, z); ``skin`` rawcode text or None;
    ``flags`` as in the file; ``life`` percent (``NO_LIFE``: a doodad); ``editor_id``."""

    code: str
    variation: int
    x: float
    y: float
    z: float
    angle: float
    scale: tuple[float, float, float]
    skin: str | None
    flags: int
    life: int
    editor_id: int

    @property
    def is_destructable(self) -> bool:
        """A destructable the game creates at map start: it has life and the script does not
        create it."""
        return self.life != NO_LIFE and self.flags != SCRIPT_PLACED


@dataclass
class Doodads:
    """Parsed ``war3map.doo``: ``version``, ``subversion`` and the entries in file order."""

    version: int
    subversion: int
    entries: list[Doodad]

    def destructables(self) -> list[Doodad]:
        """The entries the game creates as destructables at map start, in file order."""
        return [d for d in self.entries if d.is_destructable]


def has_skins(game_version: tuple[int, int, int, int] | None) -> bool:
    """True when a map saved by this game version (the w3i's, None before w3i 28) stores a
    skin per doodad (1.32 and later, mdx-m3-viewer's ``buildVersion > 131``)."""
    return game_version is not None and game_version[0] * 100 + game_version[1] > 131


def parse_doo(data: bytes, source: str = "war3map.doo", *, skins: bool = False) -> Doodads:
    """Parse ``war3map.doo`` bytes; ``skins``: the map stores a skin per entry (``has_skins``).
    Raises MapError (naming ``source`` and the byte offset) on a bad magic, an unknown
    version, a bad count or truncation."""
    r = BinaryReader(data, source)
    if r.raw(4) != b"W3do":
        raise MapError(source, "not a doodad file (magic is not W3do)")
    version, subversion = r.i32(), r.i32()
    if version not in (7, 8):
        raise MapError(source, f"unsupported doodad file version {version}")
    head = "4si7f4sBB" if skins else "4si7fBB"
    entries = []
    for _ in range(r.count("doodad", 1 << 20)):
        at = r.pos
        fields = r.fields(head)
        code, variation, x, y, z, angle, sx, sy, sz = fields[:9]
        skin = fields[9].decode("latin-1") if skins else None
        flags, life = fields[-2:]
        if version > 7:
            r.i32()                                   # item table (-1: none)
            for _set in range(r.count(f"item set (entry at byte {at})", 1024)):
                r.raw(8 * r.count(f"item (entry at byte {at})", 1024))
        entries.append(Doodad(code.decode("latin-1"), variation, x, y, z, angle, (sx, sy, sz),
                              skin, flags, life, r.i32()))
    return Doodads(version, subversion, entries)
