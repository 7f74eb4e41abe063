"""Text messages: the log on the game and what the local player sees (conformance 079)."""
from __future__ import annotations

from natives.game import Game
from natives.text import Message, local_messages, on_screen
from test_triggers import jass_session, seen


def test_only_messages_to_the_local_player_are_seen():
    s = jass_session("""
function main takes nothing returns nothing
    call DisplayTextToPlayer(Player(1), 0, 0, "to player 1")
    call DisplayTextToPlayer(Player(0), 0, 0, "to player 0")
    call DisplayTimedTextToPlayer(GetLocalPlayer(), 0.5, 0.25, 5, "timed")
    call DisplayTextToPlayer(null, 0, 0, "nobody")
endfunction
""")
    assert seen(s) == ["to player 0", "timed"]
    log = s.game.messages
    assert [(m.player, m.text) for m in log] == [(1, "to player 1"), (0, "to player 0"), (0, "timed")]
    timed = log[2]
    assert (timed.duration, timed.x, timed.y, timed.time) == (5.0, 0.5, 0.25, 0.0)
    assert log[1].duration is None


def test_local_player_follows_the_game():
    s = jass_session("""
function main takes nothing returns nothing
    call DisplayTextToPlayer(Player(3), 0, 0, "three")
endfunction
""", run_main=False)
    s.game.local_player_id = 3
    s.vm.call("main")
    assert seen(s) == ["three"]


def test_timed_text_from_player_goes_to_everyone_with_name():
    s = jass_session("""
function main takes nothing returns nothing
    call SetPlayerName(Player(2), "Thrall")
    call DisplayTimedTextFromPlayer(Player(2), 0, 0, 10, "%s has left the game. %s")
endfunction
""")
    assert seen(s) == ["Thrall has left the game. %s"]
    assert len({m.player for m in s.game.messages}) == s.game.players.max_players


def test_null_text_shows_nothing_and_warns():
    s = jass_session("""
function main takes nothing returns nothing
    local string none = null
    call DisplayTextToPlayer(Player(0), 0, 0, none)
    call DisplayTimedTextFromPlayer(Player(0), 0, 0, 1, none)
endfunction
""")
    assert seen(s) == []
    assert len(s.vm.warnings) == 2


def test_clear_text_messages_clears_screen_but_keeps_log():
    s = jass_session("""
function main takes nothing returns nothing
    call DisplayTimedTextToPlayer(Player(0), 0, 0, 30, "first")
    call DisplayTimedTextToPlayer(Player(0), 0, 0, 2, "short")
endfunction
function Clear takes nothing returns nothing
    call ClearTextMessages()
    call DisplayTextToPlayer(Player(0), 0, 0, "after")
endfunction
""")
    s.advance(3)
    assert [m.text for m in on_screen(s.game)] == ["first"]
    s.vm.call("Clear")
    assert [m.text for m in on_screen(s.game)] == ["after"]
    assert seen(s) == ["first", "short", "after"]
    assert s.game.messages[0].cleared_at == 3.0
    assert s.game.messages[1].cleared_at is None


def test_message_visibility():
    m = Message(time=10.0, player=0, text="x", duration=5.0)
    assert m.visible_at(12.0) and not m.visible_at(15.0)
    assert Message(time=0.0, player=0, text="y").visible_at(1e9)


def test_message_log_is_a_game_subsystem():
    game = Game()
    assert game.messages == [] and local_messages(game) == []
