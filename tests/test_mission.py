"""Mission outcome (S141-S144): RemovePlayer, EndGame/ChangeLevel/RestartGame, difficulty,
campaign flags, and Blizzard.j's CustomVictoryBJ / CustomDefeatBJ paths end to end."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

import natives.mission  # noqa: F401  (registers the natives)
import natives.quests  # noqa: F401  (game.quests)
from conftest import shared_path
from natives.dialogs import DialogRegistry, click
from natives.handles import HandleTable, enum_handle
from natives.mission import (MAP_DIFFICULTY_EASY, MAP_DIFFICULTY_HARD, MAP_DIFFICULTY_NORMAL,
                             Outcome, SaveFiles, player_quit)
from jassvm.scheduler import Scheduler
from natives.modelevents import PlayerDefeat, PlayerLeft, PlayerVictory
from natives.players import Players
from natives.registry import NATIVES
from natives.response import Response

VICTORY, DEFEAT, TIE, NEUTRAL = (enum_handle("playergameresult", i) for i in range(4))


class FakeGame:
    def __init__(self, local_player: int = 0, humans=(0,)):
        self.handles = HandleTable()
        self.local_player_id = local_player
        self.human_players = set(humans)
        self.players = Players(self, 28)
        self.timeline: list = []
        self.published: list = []
        self.warnings: list[str] = []
        self.now = 0.0
        self.ended = False
        self.next_level = None
        self.difficulty = MAP_DIFFICULTY_NORMAL
        self.dialogs = DialogRegistry(self)
        self.outcome = Outcome(self)
        self.scheduler = Scheduler()
        self.sandbox_dir = None
        self.save_writer = None
        self.saves = SaveFiles(self)

    def schedule(self, delay, kind, *args, subject=None):
        return self.scheduler.schedule(delay, kind, *args, subject=subject)

    @property
    def local_player(self):
        return self.players.slots[self.local_player_id]

    def record(self, kind, **data):
        self.timeline.append((self.now, kind, data))

    def publish(self, event):
        self.published.append(event)

    def warn(self, message):
        self.warnings.append(message)


def make_ctx(game=None):
    ctx = SimpleNamespace(game=game or FakeGame(), thread=SimpleNamespace(kind="action", response=Response()))
    ctx.warnings = []
    ctx.warn = ctx.warnings.append
    return ctx


def call(ctx, name, *args):
    return NATIVES[name].func(ctx, *args)


def entries(game):
    return [(k, d) for _t, k, d in game.timeline]


# -- S141 / RemovePlayer ------------------------------------------------------------------

def test_remove_player_victory_and_defeat():
    ctx = make_ctx()
    game = ctx.game
    p0, p1 = game.players.get(0), game.players.get(1)
    call(ctx, "RemovePlayer", p0, VICTORY)
    call(ctx, "RemovePlayer", p1, DEFEAT)
    assert game.outcome.results == {0: "victory", 1: "defeat"}
    assert game.outcome.result_of(p0) == "victory" and game.outcome.result_of(2) is None
    assert dict(game.outcome) == {0: "victory", 1: "defeat"} and game.outcome.get(1) == "defeat"
    assert len(game.outcome) == 2 and list(game.outcome.items())[0] == (0, "victory")
    assert entries(game) == [("victory", {"player": 0}), ("defeat", {"player": 1, "message": ""})]
    assert not [e for e in game.published if isinstance(e, (PlayerVictory, PlayerDefeat))]
    assert not game.ended  # RemovePlayer alone does not end the mission (S142/S143)


def test_remove_player_tie_and_neutral_are_model_only():
    ctx = make_ctx()
    call(ctx, "RemovePlayer", ctx.game.players.get(2), TIE)
    call(ctx, "RemovePlayer", ctx.game.players.get(3), NEUTRAL)
    assert ctx.game.outcome.results == {2: "tie", 3: "neutral"}
    assert ctx.game.timeline == [] and ctx.game.published == []


def test_remove_player_twice_keeps_first_result():
    ctx = make_ctx()
    p = ctx.game.players.get(0)
    call(ctx, "RemovePlayer", p, VICTORY)
    call(ctx, "RemovePlayer", p, DEFEAT)
    assert ctx.game.outcome.results == {0: "victory"}
    assert len(ctx.game.timeline) == 1 and ctx.game.warnings


def test_remove_player_null_and_unknown_result():
    ctx = make_ctx()
    call(ctx, "RemovePlayer", None, VICTORY)
    call(ctx, "RemovePlayer", ctx.game.players.get(0), None)
    call(ctx, "RemovePlayer", ctx.game.players.get(0), enum_handle("playergameresult", 7))
    assert ctx.game.outcome.results == {} and ctx.game.timeline == []
    assert not ctx.game.outcome and (ctx.game.outcome or {}) == {}
    assert ctx.game.warnings


# -- ending the mission -------------------------------------------------------------------

def test_end_game():
    ctx = make_ctx()
    call(ctx, "EndGame", True)
    game = ctx.game
    assert game.ended and game.next_level is None
    assert game.outcome.summary() == {"ended": True, "reason": "end_game", "score_screen": True,
                                      "next_level": None, "restart": False, "results": {},
                                      "left": []}
    assert entries(game) == [("game_over", {"reason": "end_game"})]


def test_change_level_and_first_end_wins():
    ctx = make_ctx()
    game = ctx.game
    call(ctx, "ChangeLevel", "Maps\\Campaign\\Human02.w3m", False)
    call(ctx, "EndGame", True)  # ignored: the mission already ended
    assert game.ended and game.next_level == "Maps\\Campaign\\Human02.w3m"
    assert game.outcome.reason == "change_level" and game.outcome.score_screen is False
    assert entries(game) == [("next_level", {"level": "Maps\\Campaign\\Human02.w3m"}),
                             ("game_over", {"reason": "change_level"})]
    assert game.warnings


def test_change_level_empty_name():
    ctx = make_ctx()
    call(ctx, "ChangeLevel", None, True)
    assert ctx.game.ended and ctx.game.next_level is None and ctx.warnings


def test_restart_game():
    ctx = make_ctx()
    call(ctx, "RestartGame", True)
    assert ctx.game.ended and ctx.game.outcome.restart and ctx.game.outcome.reason == "restart"


def test_player_quit():
    game = FakeGame(humans=(0, 1))
    player_quit(game, game.players.get(1), True)
    assert not game.ended and game.outcome.left == {1}
    player_quit(game, game.players.get(1), True)  # already left
    assert game.published == [PlayerLeft(game.players.get(1))]
    player_quit(game, game.players.get(0), False)
    assert game.ended and game.outcome.reason == "quit" and game.outcome.score_screen is False


# -- load dialog, restart flag -----------------------------------------------------


def test_load_dialog_and_restart_flag():
    ctx = make_ctx()
    call(ctx, "DisplayLoadDialog")
    call(ctx, "DisableRestartMission", True)
    assert ctx.game.outcome.load_dialog_requests == 1
    assert ctx.game.outcome.campaign.restart_disabled is True


# -- difficulty -----------------------------------------------------------------------------

def test_game_difficulty_default_normal_and_set():
    ctx = make_ctx()
    d = call(ctx, "GetGameDifficulty")
    assert d is enum_handle("gamedifficulty", MAP_DIFFICULTY_NORMAL)
    call(ctx, "SetGameDifficulty", enum_handle("gamedifficulty", MAP_DIFFICULTY_EASY))
    assert ctx.game.difficulty == MAP_DIFFICULTY_EASY
    assert call(ctx, "GetGameDifficulty").value == MAP_DIFFICULTY_EASY
    call(ctx, "SetGameDifficulty", None)
    assert ctx.game.difficulty == MAP_DIFFICULTY_EASY


def test_default_difficulty_is_the_starting_one():
    game = FakeGame()
    game.difficulty = MAP_DIFFICULTY_HARD  # the scenario's choice
    ctx = make_ctx(game)
    call(ctx, "SetGameDifficulty", enum_handle("gamedifficulty", MAP_DIFFICULTY_NORMAL))
    assert call(ctx, "GetDefaultDifficulty").value == MAP_DIFFICULTY_HARD
    call(ctx, "SetDefaultDifficulty", enum_handle("gamedifficulty", MAP_DIFFICULTY_EASY))
    assert call(ctx, "GetDefaultDifficulty").value == MAP_DIFFICULTY_EASY
    assert game.outcome.campaign.default_difficulty == MAP_DIFFICULTY_EASY


def test_difficulty_given_as_enum_handle():
    game = FakeGame()
    game.difficulty = enum_handle("gamedifficulty", MAP_DIFFICULTY_HARD)
    assert call(make_ctx(game), "GetGameDifficulty").value == MAP_DIFFICULTY_HARD


# -- campaign flags -----------------------------------------------------------------------

def test_campaign_flags():
    ctx = make_ctx()
    call(ctx, "SetTutorialCleared", True)
    call(ctx, "SetMissionAvailable", 1, 2, True)
    call(ctx, "SetCampaignAvailable", 3, True)
    call(ctx, "SetOpCinematicAvailable", 1, True)
    call(ctx, "SetEdCinematicAvailable", 2, False)
    call(ctx, "SetCampaignMenuRace", enum_handle("race", 3))
    call(ctx, "SetCampaignMenuRaceEx", 5)
    call(ctx, "ForceCampaignSelectScreen")
    assert call(ctx, "GetCustomCampaignButtonVisible", 0) is False
    call(ctx, "SetCustomCampaignButtonVisible", 0, True)
    assert call(ctx, "GetCustomCampaignButtonVisible", 0) is True
    c = ctx.game.outcome.campaign
    assert c.tutorial_cleared is True and c.missions_available == {(1, 2): True}
    assert c.campaigns_available == {3: True}
    assert c.opening_cinematics == {1: True} and c.ending_cinematics == {2: False}
    assert c.menu_race == 3 and c.menu_campaign == 5 and c.force_select_screen
    call(ctx, "SetCampaignMenuRace", None)
    assert c.menu_race == 3


# -- the real Game ------------------------------------------------------------------------

def test_real_game_attributes():
    try:
        from natives.game import Game
        game = Game()
    except ImportError as exc:  # a model module another part of the project has not written
        pytest.skip(f"natives.game.Game unavailable: {exc}")
    assert game.ended is False and game.next_level is None
    assert game.difficulty == MAP_DIFFICULTY_NORMAL
    assert isinstance(game.outcome, Outcome)
    ctx = make_ctx(game)
    call(ctx, "ChangeLevel", "Next.w3x", True)
    assert game.ended is True and game.next_level == "Next.w3x"
    assert list(game.quests) == [] and game.dialogs.dialogs == []


# -- Blizzard.j end to end (S142-S144) ------------------------------------------------------

SCRIPT = r"""
function WinSkip takes nothing returns nothing
    call SetNextLevelBJ("Maps\\Campaign\\Human02.w3m")
    call CustomVictoryBJ(Player(0), false, true)
endfunction
function WinSkipNoNext takes nothing returns nothing
    call SetNextLevelBJ("")
    call CustomVictoryBJ(Player(0), false, false)
endfunction
function WinDialog takes nothing returns nothing
    call SetNextLevelBJ("Maps\\Campaign\\Human02.w3m")
    call CustomVictoryBJ(Player(0), true, true)
endfunction
function LoseComputer takes nothing returns nothing
    call SetPlayerController(Player(1), MAP_CONTROL_COMPUTER)
    call CustomDefeatBJ(Player(1), "You lose")
endfunction
function LoseLocal takes nothing returns nothing
    call CustomDefeatBJ(Player(0), "Arthas has fallen")
endfunction
function main takes nothing returns nothing
endfunction
"""


def session_for(function: str, needed: tuple[str, ...] = ()):
    from jassvm.loader import load_program
    from natives.session import GameSession, load_natives

    api = shared_path("corpus", "api", "1.30.4")
    natives = load_natives()
    missing = [n for n in needed if n not in natives]
    if missing:
        pytest.skip(f"natives not implemented yet: {missing}")
    sources = [(str(api / "common.j"), (api / "common.j").read_bytes()),
               (str(api / "Blizzard.j"), (api / "Blizzard.j").read_bytes()),
               ("mission-test.j", SCRIPT.encode())]
    session = GameSession(load_program(sources, natives).program)
    session.vm.run_init()
    session.vm.write_global("bj_isSinglePlayer", True)  # InitBlizzard is not run here
    session.advance(1.0)
    errors_before = len(session.vm.errors)
    session.call(function, kind="action")
    new_errors = session.vm.errors[errors_before:]
    assert not new_errors, "\n".join(e.format() for e in new_errors)
    return session


def test_custom_victory_skip_changes_level():
    game = session_for("WinSkip").game
    assert game.outcome.results == {0: "victory"}
    assert game.ended and game.next_level == "Maps\\Campaign\\Human02.w3m"
    assert game.outcome.score_screen is True
    assert [k for _t, k, _d in game.timeline] == ["victory", "next_level", "game_over"]


def test_custom_victory_skip_without_next_level_ends_game():
    game = session_for("WinSkipNoNext").game
    assert game.ended and game.next_level is None and game.outcome.reason == "end_game"
    assert game.outcome.score_screen is False


def test_custom_defeat_of_computer_shows_no_dialog():
    game = session_for("LoseComputer").game
    assert game.outcome.results == {1: "defeat"}
    assert not game.ended and game.dialogs.dialogs == []


DIALOG_NATIVES = ("TriggerRegisterDialogButtonEvent", "PauseGame", "GetLocalizedString",
                  "GetLocalizedHotkey", "EnableUserControl", "EnableUserUI",
                  "VolumeGroupSetVolume", "StartSound", "CreateTrigger", "TriggerAddAction")


def test_custom_victory_dialog_continue_changes_level():
    session = session_for("WinDialog", DIALOG_NATIVES)
    game = session.game
    assert game.outcome.results == {0: "victory"} and not game.ended
    (d,) = game.dialogs.shown_to(0)
    assert len(d.buttons) == 2  # Continue, Quit Mission
    assert game.timers.game_paused  # single player: the victory dialog pauses the game
    click(game, d, 0)  # Continue -> CustomVictoryOkBJ
    session.advance(1.0)
    assert not game.timers.game_paused
    assert game.ended and game.next_level == "Maps\\Campaign\\Human02.w3m"


def test_custom_victory_dialog_quit_ends_game():
    session = session_for("WinDialog", DIALOG_NATIVES)
    game = session.game
    (d,) = game.dialogs.shown_to(0)
    click(game, d, 1)  # Quit Mission -> CustomVictoryQuitBJ
    session.advance(1.0)
    assert game.ended and game.next_level is None and game.outcome.reason == "end_game"


def test_custom_defeat_dialog_restart_and_reduce_difficulty():
    session = session_for("LoseLocal", DIALOG_NATIVES)
    game = session.game
    assert game.outcome.results == {0: "defeat"}
    (d,) = game.dialogs.shown_to(0)
    assert d.message == "Arthas has fallen"
    # single player on Normal: Restart, Reduce Difficulty, Load, Quit Mission (S143)
    assert len(d.buttons) == 4
    click(game, d, 1)  # Reduce Difficulty
    session.advance(1.0)
    assert game.difficulty == MAP_DIFFICULTY_EASY
    assert game.ended and game.outcome.restart


# -- the victory-event decision (issue 18) --------------------------------------------------

def test_remove_player_fires_no_victory_or_defeat_event(tmp_path):
    """``RemovePlayer`` gives the result only: ``EVENT_PLAYER_VICTORY``/``DEFEAT`` are the
    game's own victory and defeat (its cheats), not the script's. Source: Blizzard's Orc03
    (corpus ``campaign-orc03/war3map.j``) answers both events with unconditional "Victory
    Cheat"/"Defeat Cheat" triggers that run the mission's own ending, which calls
    ``RemovePlayer`` again; fired by ``RemovePlayer``, every ending would show twice
    (``natives.mission`` module doc)."""
    from maps.scenario_runner import JassGame
    (tmp_path / "war3map.j").write_text(r"""
globals
    constant playerevent MY_PLAYER_DEFEAT = ConvertPlayerEvent(13)
    constant playerevent MY_PLAYER_VICTORY = ConvertPlayerEvent(14)
    constant playergameresult MY_VICTORY = ConvertPlayerGameResult(0)
    constant playergameresult MY_DEFEAT = ConvertPlayerGameResult(1)
    trigger gg_trg_Victory_Cheat = null
    trigger gg_trg_Defeat_Cheat = null
endglobals
function CheatAnswer takes nothing returns nothing
endfunction
function main takes nothing returns nothing
    set gg_trg_Victory_Cheat = CreateTrigger()
    call TriggerRegisterPlayerEvent(gg_trg_Victory_Cheat, Player(0), MY_PLAYER_VICTORY)
    call TriggerAddAction(gg_trg_Victory_Cheat, function CheatAnswer)
    set gg_trg_Defeat_Cheat = CreateTrigger()
    call TriggerRegisterPlayerEvent(gg_trg_Defeat_Cheat, Player(1), MY_PLAYER_DEFEAT)
    call TriggerAddAction(gg_trg_Defeat_Cheat, function CheatAnswer)
    call RemovePlayer(Player(0), MY_VICTORY)
    call RemovePlayer(Player(1), MY_DEFEAT)
endfunction
""")
    with JassGame(base=tmp_path) as game:
        game.load("war3map.j")
        game.advance("1s")
        assert game.outcome_of(0) == "victory" and game.outcome_of(1) == "defeat"
        game.expect({"trigger": "gg_trg_Victory_Cheat", "fired": False})
        game.expect({"trigger": "gg_trg_Defeat_Cheat", "fired": False})


def test_orc03_victory_shows_one_victory_dialog():
    """Orc03 won through its own ending (``Level_Victory``): one victory dialog, and the
    unconditional "Victory Cheat" trigger never runs (see the test above)."""
    from maps.scenario_runner import JassGame
    script = shared_path("corpus", "maps", "campaign-orc03", "war3map.j")
    api = shared_path("corpus", "api", "1.30.4")
    with JassGame(api=str(api)) as game:
        game.load(script)
        game.advance("7s")
        game.globals["udg_GameOver"] = False
        game.vm.call("Trig_Level_Victory_Actions", kind="executefunc")
        game.advance("5s")
        shown = [d for _t, k, d in game.game.timeline if k == "dialog_shown"]
        assert [d["title"] for d in shown] == ["You are victorious!"]
        game.expect({"trigger": "gg_trg_Victory_Cheat", "fired": False})
        assert game.outcome_of() == "victory"


def test_the_victory_cheat_fires_the_victory_event_of_the_local_player(tmp_path):
    """The game's instant-victory cheat is what ``EVENT_PLAYER_VICTORY`` answers (the
    jassdoc ``Cheat`` note points at Blizzard's cheat list: ``allyourbasearebelongtous``)."""
    from maps.scenario_runner import JassGame
    (tmp_path / "war3map.j").write_text(r"""
globals
    constant playerevent MY_PLAYER_VICTORY = ConvertPlayerEvent(14)
    constant playerevent MY_PLAYER_DEFEAT = ConvertPlayerEvent(13)
    trigger gg_trg_Victory_Cheat = null
    trigger gg_trg_Defeat_Cheat = null
endglobals
function CheatAnswer takes nothing returns nothing
endfunction
function main takes nothing returns nothing
    set gg_trg_Victory_Cheat = CreateTrigger()
    call TriggerRegisterPlayerEvent(gg_trg_Victory_Cheat, Player(0), MY_PLAYER_VICTORY)
    call TriggerAddAction(gg_trg_Victory_Cheat, function CheatAnswer)
    set gg_trg_Defeat_Cheat = CreateTrigger()
    call TriggerRegisterPlayerEvent(gg_trg_Defeat_Cheat, Player(0), MY_PLAYER_DEFEAT)
    call TriggerAddAction(gg_trg_Defeat_Cheat, function CheatAnswer)
    call Cheat("allyourbasearebelongtous")
endfunction
""")
    with JassGame(base=tmp_path) as game:
        game.load("war3map.j")
        game.expect({"trigger": "gg_trg_Victory_Cheat", "times": 1})
        game.expect({"trigger": "gg_trg_Defeat_Cheat", "fired": False})
        assert game.outcome_of(0) is None   # the map's answer decides the result
