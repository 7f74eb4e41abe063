"""Every corpus map plays 10 game minutes cleanly (issue #5).

For each of the 20 map scripts (``shared/corpus/maps/*/war3map.j``) but one and the 4 JASS archives,
with the API set MANIFEST.md section 1 recommends for it (campaign missions: 1.30.4; Reforged
melee and modern custom maps: 1.33.0; classic custom maps and the 2010-era archives: 1.26),
a run of 600 game seconds must show:

- no internal error (a Python exception inside a native: kind ``internal``);
- no missing native (declared, called, not implemented);
- exactly the reviewed JASS runtime errors: the set of (kind, innermost function) pairs equals
  ``tests/corpus_expectations/<map folder>.txt`` (one ``kind function`` per line, each after
  a comment saying why the script causes it and that the game would do the same). A map with
  no expected error has a file saying so.

Campaign missions also show their opening: the quests created at the start (with the
required/optional flag) and a transmission of the opening speaker before a deadline.
The Lua archive must be refused with the clear "Lua maps are not supported" error, and the
return-bug map (``REFUSED``) with the checker error the game of its API set refuses it for.

Save and load (issue 9): each run writes a save at 240 game seconds; the save is loaded into a
fresh session and played on to 600 s, which must give the same timeline, crash records and
``state_digest`` as the run that wrote it.

Runs go through ``maps.runner`` as ``jass run`` does; each map runs once, plus the resumed
part (one test per map).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import shared_path
from jassvm.diagnostics import JassError
from maps.errors import MapError
from maps.runner import MissionReport, RunOptions, load_mission, read_save_file, run_mission

UNTIL = 600.0
SAVE_AT = 240.0
EXPECTATIONS = Path(__file__).with_name("corpus_expectations")

CAMPAIGN, MODERN, CLASSIC = "1.30.4", "1.33.0", "1.26"

# (map folder, file in it, API set). The slowest maps come first, so ``pytest -n 2`` starts
# them on different workers early.
MAPS: list[tuple[str, str, str]] = [
    ("custom-jzjh", "war3map.j", CLASSIC),
    ("custom-dwc-optimized", "war3map.j", CLASSIC),
    ("custom-xl-hero-siege", "war3map.j", CLASSIC),
    ("custom-mcfc", "war3map.j", MODERN),
    ("campaign-orcx01-founding-of-durotar", "war3map.j", CAMPAIGN),
    ("campaign-nightelfx06", "war3map.j", CAMPAIGN),
    ("campaign-human01", "war3map.j", CAMPAIGN),
    ("campaign-human02", "war3map.j", CAMPAIGN),
    ("campaign-human02-interlude", "war3map.j", CAMPAIGN),
    ("campaign-orc03", "war3map.j", CAMPAIGN),
    ("campaign-nightelf03", "war3map.j", CAMPAIGN),
    ("campaign-undead01", "war3map.j", CAMPAIGN),
    ("campaign-prologue02", "war3map.j", CAMPAIGN),
    ("campaign-humanx01", "war3map.j", CAMPAIGN),
    ("melee-echo-isles", "war3map.j", MODERN),
    ("melee-lost-temple-lv", "war3map.j", MODERN),
    ("melee-emerald-gardens", "war3map.j", MODERN),
    ("custom-dwc-default-map", "war3map.j", CLASSIC),
    ("custom-mysterious-land", "war3map.j", CLASSIC),
    ("archive-smallest-map-roc", "test_roc.w3m", CLASSIC),
    ("archive-small-wars-tft", "test_tft.w3x", CLASSIC),
    ("archive-dwc-globalsynctest", "GlobalSyncTest.w3x", CLASSIC),
    ("melee-echo-isles", "EchoIsles.w3x", MODERN),
]

# Campaign openings: quests created by ``quests_by`` (title -> required) and a transmission
# of ``speaker`` before ``speaker_by`` game seconds (all seen in the timeline).
REFUSED = {"custom-tribute-alliance": CLASSIC}
"""Maps the game of their API set refuses to load: the return-bug map (MANIFEST: "valid only
under <=1.23 rules", but it calls natives the 1.0x sets lack) under 1.26 (``jassvm.loadrules``)."""

OPENINGS: dict[str, dict] = {
    "campaign-human01": {
        "quests": {"Defend Strahnbrad": True, "Bandit Lord": False, "Save Timmy": False},
        "speaker": "Uther the Lightbringer", "speaker_by": 70.0},
    "campaign-human02": {
        "quests": {"Establish Base": True, "Blademaster": True, "Searinox": False},
        "speaker": "Uther the Lightbringer", "speaker_by": 70.0},
    "campaign-human02-interlude": {"quests": {}, "speaker": "The Prophet", "speaker_by": 30.0},
    "campaign-orc03": {
        "quests": {"Establish a Base": True, "Secure Zeppelins": True, "Pacify Humans": False},
        "speaker": "Thrall", "speaker_by": 70.0},
    "campaign-nightelf03": {"quests": {"Furion Stormrage": True},
                            "speaker": "Tyrande Whisperwind", "speaker_by": 70.0},
    "campaign-undead01": {
        "quests": {"Rescue Acolytes": True, "Find the Graveyard": False}, "quests_by": 120.0,
        "speaker": "Tichondrius", "speaker_by": 70.0},
    "campaign-prologue02": {"quests": {"Establish a Base": True, "Rescue Grom": True},
                            "speaker": "Thrall", "speaker_by": 70.0},
    "campaign-humanx01": {"quests": {"Observatory Repair": True, "Hidden Caches": False},
                          "speaker": "Grand Marshal Garithos", "speaker_by": 70.0},
    "campaign-nightelfx06": {
        "quests": {"Escort Kael'thas and His Caravan": True, "Retrieve Supplies": False},
        "speaker": "Maiev Shadowsong", "speaker_by": 70.0},
    "campaign-orcx01-founding-of-durotar": {"quests": {"Dying Wish": True}, "quests_by": 200.0,
                                            "speaker": "Rexxar", "speaker_by": 70.0},
}


def _id(entry: tuple[str, str, str]) -> str:
    folder, name, _ = entry
    return folder if name == "war3map.j" else f"{folder}/{name}"


def read_expectations(folder: str) -> set[tuple[str, str]]:
    """The reviewed (kind, innermost function) pairs of ``corpus_expectations/<folder>.txt``:
    ``#`` comment lines and blank lines are skipped; every other line is ``kind function``."""
    path = EXPECTATIONS / f"{folder}.txt"
    assert path.is_file(), f"{path} is missing: every corpus map has a reviewed expectation file"
    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        kind, function = line.split()
        out.add((kind, function))
    return out


def error_pairs(report: MissionReport) -> set[tuple[str, str]]:
    """(kind, innermost JASS function) of every runtime error of a run, deduplicated."""
    return {(e["kind"], e["stack"][-1]["function"] if e["stack"] else "?") for e in report.errors}


def play(folder: str, name: str, api: str, save: Path) -> tuple[MissionReport, MissionReport | None]:
    """Load and run a corpus map for ``UNTIL`` game seconds with the API set ``api``, saving
    at ``SAVE_AT`` to ``save``; then the run resumed from that save (None when the mission
    ended before the save point)."""
    path = shared_path("corpus", "maps", folder, name)
    options = RunOptions(api=str(shared_path("corpus", "api", api)), until=UNTIL,
                         save_at=SAVE_AT, save_path=str(save))
    report, _session = run_mission(load_mission(path, options), options)
    if report.saved is None:
        return report, None
    plain = RunOptions(api=options.api, until=UNTIL)
    resumed, _ = run_mission(load_mission(path, plain), plain, resume=read_save_file(save))
    return report, resumed


def timeline(report: MissionReport) -> list[tuple]:
    return [(e.time, e.kind, e.text) for e in report.timeline]


@pytest.mark.parametrize("entry", MAPS, ids=[_id(e) for e in MAPS])
def test_map_plays_ten_minutes_with_only_reviewed_errors(entry, tmp_path):
    """One map, 600 game seconds: the checks of the module docstring."""
    folder, name, api = entry
    report, resumed = play(folder, name, api, tmp_path / "at240.sav")
    assert report.state_digest is not None, [w for w in report.warnings if "digest" in w]
    if resumed is not None:
        assert timeline(resumed) == timeline(report)
        assert resumed.errors == report.errors
        assert (resumed.ops, resumed.threads) == (report.ops, report.threads)
        assert resumed.state_digest == report.state_digest
    else:
        assert report.ended and report.game_time < SAVE_AT
    assert report.game_time == pytest.approx(UNTIL) or report.ended, report.game_time

    internal = [e for e in report.errors if e["kind"] == "internal"]
    assert not internal, [f"{e['message']} at {[s['function'] for s in e['stack']]}" for e in internal]
    assert not report.natives_missing, report.natives_missing

    expected = read_expectations(folder)
    found = error_pairs(report)
    assert found == expected, (f"unexpected: {sorted(found - expected)}; "
                               f"expected but not seen: {sorted(expected - found)}")

    opening = OPENINGS.get(folder)
    if opening is not None and name == "war3map.j":
        by = opening.get("quests_by", 1.0)
        created = {e.data.get("title"): bool(e.data.get("required"))
                   for e in report.timeline if e.kind == "quest_created" and e.time <= by}
        for title, required in opening["quests"].items():
            assert title in created, (title, sorted(created))
            assert created[title] == required, (title, "required" if required else "optional")
        speakers = {e.data.get("speaker") for e in report.timeline
                    if e.kind == "transmission" and e.time <= opening["speaker_by"]}
        assert opening["speaker"] in speakers, sorted(s for s in speakers if s)


def test_lua_archive_is_refused_with_a_clear_error():
    """The Reforged Lua melee map has no war3map.j: loading says so."""
    path = shared_path("corpus", "maps", "archive-hammerfall-s3-lua", "Hammerfall_S3.w3x")
    options = RunOptions(api=str(shared_path("corpus", "api", MODERN)), until=UNTIL)
    with pytest.raises(MapError, match="Lua maps are not supported"):
        load_mission(path, options)


@pytest.mark.parametrize("folder", sorted(REFUSED))
def test_a_map_the_game_refuses_is_refused_with_the_checker_error(folder):
    """S075: from 1.24 on the game refuses the return bug; jass run says where it is."""
    options = RunOptions(api=str(shared_path("corpus", "api", REFUSED[folder])), until=UNTIL)
    with pytest.raises(JassError) as err:
        load_mission(shared_path("corpus", "maps", folder, "war3map.j"), options)
    errors = [d for d in err.value.diagnostics if d.is_error]
    assert [(d.code, d.line) for d in errors] == [("E221", 196)] and "return bug" in errors[0].message


def test_every_corpus_map_is_covered():
    """The parametrized list names every map folder, and each has an expectation file."""
    maps = shared_path("corpus", "maps")
    folders = {p.name for p in maps.iterdir() if p.is_dir()}
    played = {folder for folder, _, _ in MAPS}
    assert folders == played | set(REFUSED) | {"archive-hammerfall-s3-lua"}
    for folder in played:
        assert (EXPECTATIONS / f"{folder}.txt").is_file(), folder
