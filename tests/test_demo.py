"""The bundled demo campaign (maps/demo): it compiles against the built-in API, plays to
victory unattended, carries its game cache from mission 1 to mission 2, and loses when the
Paladin dies or mission 1's cache is missing."""
from __future__ import annotations

import pytest

from conftest import shared_path
from jassvm.diagnostics import Severity
from maps.runner import DEMO_CAMPAIGN, RunOptions, load_mission, read_campaign, run_mission
from natives.session import load_natives
from natives.unitdata import rawcode

# maps.runner.load_mission builds the built-in API (select_api) before it imports the natives
# modules: import them first so the built-in API declares every native.
load_natives()

MISSION1_INTRO = [
    "Paladin: The Scourge is coming. We hold this ridge until reinforcements arrive.",
    "Keep the Paladin alive. Slay the ghouls if you can.",
]
MISSION2_CARRIED = "Carried from mission 1: difficulty Normal, 4 footmen, 25 ghouls slain."
CAMP = (2048.0, 2048.0)
MILL = (1024.0, 1024.0)
VILLAGE = (-1536.0, 1536.0)


@pytest.fixture(autouse=True)
def builtin_api(monkeypatch):
    """The demo runs against the built-in API: no JASS_API from the environment."""
    monkeypatch.delenv("JASS_API", raising=False)


def missions() -> list:
    return read_campaign(DEMO_CAMPAIGN).missions


def options(tmp_path, **kw) -> RunOptions:
    return RunOptions(sandbox=str(tmp_path), until=600.0, **kw)


def messages(report) -> list[str]:
    return [e.text for e in report.timeline if e.kind == "message"]


def entries(report, kind: str) -> list:
    return [e for e in report.timeline if e.kind == kind]


def assert_clean(report) -> None:
    assert report.errors == [], report.errors
    assert report.natives_missing == {}


def play(path, tmp_path, carry=None, hook=None):
    mission = load_mission(path, RunOptions())
    return run_mission(mission, options(tmp_path), carry=carry, session_hook=hook)


def hero_of(game):
    return next(u for u in game.units.units.values()
                if u.owner.id == 0 and u.utype.code == rawcode("Hpal"))


# -- the campaign manifest and compilation -------------------------------------------------

def test_campaign_lists_two_missions():
    campaign = read_campaign(DEMO_CAMPAIGN)
    assert campaign.name
    assert [p.name for p in campaign.missions] == ["01-hold-the-ridge.j", "02-cleanse-the-village.j"]
    assert all(p.is_file() for p in campaign.missions)


@pytest.mark.parametrize("index", [0, 1])
def test_mission_compiles_against_builtin_api(index):
    mission = load_mission(missions()[index], RunOptions())
    assert mission.api.origin == "built-in"
    errors = [d for d in mission.diagnostics if d.severity is Severity.ERROR]
    assert errors == []
    assert mission.program is not None


def test_campaign_also_runs_against_a_real_api(tmp_path):
    """The missions use common.j's names and values, so common.j + Blizzard.j work too."""
    api = str(shared_path("corpus", "api", "1.30.4"))
    carry = None
    for i, path in enumerate(missions()):
        opts = RunOptions(api=api, sandbox=str(tmp_path / str(i)), until=600.0)
        mission = load_mission(path, opts)
        assert mission.api.origin == api
        report, session = run_mission(mission, opts, carry=carry)
        assert_clean(report)
        assert report.outcome.get(0) == "victory"
        carry = session.game.gamecache.export()


# -- the campaign, unattended ---------------------------------------------------------------

@pytest.fixture(scope="module")
def campaign_run(tmp_path_factory):
    """Mission 1 then mission 2 with mission 1's game caches, nobody clicking anything."""
    m1, m2 = missions()
    rep1, s1 = play(m1, tmp_path_factory.mktemp("m1"))
    carry = s1.game.gamecache.export()
    rep2, s2 = play(m2, tmp_path_factory.mktemp("m2"), carry=carry)
    return rep1, s1, rep2, s2


def test_mission1_plays_to_victory(campaign_run):
    rep1, s1, _, _ = campaign_run
    assert_clean(rep1)
    assert rep1.ended
    assert rep1.outcome.get(0) == "victory"
    assert 100.0 <= rep1.game_time < 180.0  # 10 s dialog timeout + 90 s countdown + 2 s wait


def test_mission1_intro_and_wave_messages(campaign_run):
    rep1 = campaign_run[0]
    texts = messages(rep1)
    for line in MISSION1_INTRO:
        assert line in texts
    assert "No choice made: difficulty set to Normal." in texts
    assert "Hold the ridge for 90 seconds!" in texts
    assert "Wave 1: 3 ghouls approach!" in texts
    assert "Wave 5: 7 ghouls approach!" in texts
    assert "Optional quest completed: Slay the Scourge" in texts
    assert "Victory! 4 footmen survived, 25 ghouls slain." in texts
    times = {e.text: e.time for e in entries(rep1, "message")}
    # The intro trigger waits 3 seconds between its two messages; each wave trigger waits 5
    # seconds between the spawn and the fight.
    assert times[MISSION1_INTRO[1]] - times[MISSION1_INTRO[0]] == pytest.approx(3.0)
    assert times["Wave 1: 3 ghouls approach!"] == pytest.approx(25.0)
    assert times["Wave 1 repelled. Footmen standing: 6"] == pytest.approx(30.0)
    assert times["Wave 4 repelled. Footmen standing: 4"] == pytest.approx(75.0)


def test_mission1_countdown_timer_dialog(campaign_run):
    rep1 = campaign_run[0]
    windows = [(e.time, e.data["title"], e.data["shown"]) for e in entries(rep1, "timer_dialog")]
    assert windows == [(pytest.approx(10.0), "Reinforcements", True),
                       (pytest.approx(100.0), "Reinforcements", False)]


def test_mission1_difficulty_dialog(campaign_run):
    rep1 = campaign_run[0]
    shown = entries(rep1, "dialog_shown")
    assert len(shown) == 1
    assert shown[0].data["player"] == 0
    assert list(shown[0].data["buttons"]) == ["Easy", "Normal", "Hard"]
    hidden = entries(rep1, "dialog_hidden")
    assert hidden and hidden[0].time == pytest.approx(10.0)


def test_mission1_quests(campaign_run):
    rep1 = campaign_run[0]
    created = {e.data["title"] for e in entries(rep1, "quest_created")}
    completed = {e.data["title"] for e in entries(rep1, "quest_completed")}
    assert {"Hold the Ridge", "Slay the Scourge"} <= created
    assert {"Hold the Ridge", "Slay the Scourge"} <= completed
    assert entries(rep1, "quest_failed") == []


def test_mission1_blight_spreads(campaign_run):
    rep1, s1, _, _ = campaign_run
    blight = s1.game.blight
    assert blight.is_blighted(*CAMP)
    assert blight.is_blighted(*MILL)  # 1448 units from the camp: reached by the periodic timer
    assert not blight.is_blighted(0.0, 0.0)  # the ridge itself stays clean
    assert "The blight has reached the old mill!" in messages(rep1)


def test_mission1_saves_the_game_cache(campaign_run):
    rep1, s1, _, _ = campaign_run
    assert [e.data["name"] for e in entries(rep1, "gamecache_saved")] == ["DemoCampaign.w3v"]
    carry = s1.game.gamecache.export()
    assert carry  # the saved cache goes to mission 2


def test_mission2_reads_the_carried_values(campaign_run):
    _, _, rep2, _ = campaign_run
    assert MISSION2_CARRIED in messages(rep2)


def test_mission2_plays_to_victory(campaign_run):
    _, _, rep2, s2 = campaign_run
    assert_clean(rep2)
    assert rep2.ended
    assert rep2.outcome.get(0) == "victory"
    assert rep2.game_time < 180.0
    texts = messages(rep2)
    assert "Victory! The village is cleansed." in texts
    assert "Cleanse the Village" in {e.data["title"] for e in entries(rep2, "quest_completed")}
    assert not s2.game.blight.is_blighted(*VILLAGE)


# -- a player who clicks -------------------------------------------------------------------

def test_campaign_on_hard_after_a_click(tmp_path):
    """Clicking "Hard" at 2 s starts the countdown at once; Hard costs a footman per wave and
    mission 2 reads the difficulty and the one surviving footman."""
    from natives.dialogs import click, dialogs

    def hook(session):
        game = session.game

        def choose():
            (dialog,) = dialogs(game).find("Choose your difficulty")
            click(game, dialog, "Hard")
        session.vm.scheduler.register("test_choose", choose)
        session.vm.scheduler.schedule(2.0, "test_choose")

    m1, m2 = missions()
    rep1, s1 = play(m1, tmp_path / "m1", hook=hook)
    assert_clean(rep1)
    assert rep1.outcome.get(0) == "victory"
    texts = messages(rep1)
    assert "Difficulty: Hard" in texts
    assert "No choice made: difficulty set to Normal." not in texts
    assert [e.data["button"] for e in entries(rep1, "dialog_clicked")] == ["Hard"]
    assert "Wave 1: 4 ghouls approach!" in texts
    assert "Victory! 1 footman survived, 30 ghouls slain." in texts
    assert rep1.game_time == pytest.approx(2.0 + 90.0 + 2.0)

    rep2, _ = play(m2, tmp_path / "m2", carry=s1.game.gamecache.export())
    assert_clean(rep2)
    assert "Carried from mission 1: difficulty Hard, 1 footman, 30 ghouls slain." in messages(rep2)
    assert rep2.outcome.get(0) == "victory"


# -- defeat paths ---------------------------------------------------------------------------

def test_mission1_defeat_when_the_paladin_dies(tmp_path):
    def hook(session):
        game = session.game
        session.vm.scheduler.register("test_kill", lambda: game.units.kill_unit(hero_of(game)))
        session.vm.scheduler.schedule(40.0, "test_kill")

    rep, session = play(missions()[0], tmp_path, hook=hook)
    assert_clean(rep)
    assert rep.ended
    assert rep.outcome.get(0) == "defeat"
    assert "The Paladin has fallen. The ridge is lost." in messages(rep)
    assert "Hold the Ridge" in {e.data["title"] for e in entries(rep, "quest_failed")}
    assert not any(t.startswith("Victory!") for t in messages(rep))
    assert entries(rep, "gamecache_saved") == []
    assert rep.game_time < 60.0


def test_mission2_defeat_without_mission1_cache(tmp_path):
    rep, _ = play(missions()[1], tmp_path)
    assert_clean(rep)
    assert rep.outcome.get(0) == "defeat"
    assert "No campaign data from mission 1: play the campaign from the first mission." in messages(rep)
