"""Dialogs (S145-S148), conformance 076, the click model API and the dialog timeline."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

import natives.dialogs  # noqa: F401  (registers the natives)
from natives.dialogs import DialogError, DialogRegistry, click, press_hotkey
from natives.handles import HandleTable
from natives.mission import Outcome
from natives.modelevents import DialogClick, PlayerLeft
from natives.players import Players
from natives.registry import NATIVES
from natives.response import Response


class FakeGame:
    """The parts of ``natives.game.Game`` these natives use."""

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
        self.difficulty = 1
        self.dialogs = DialogRegistry(self)
        self.outcome = Outcome(self)

    @property
    def local_player(self):
        return self.players.slots[self.local_player_id]

    def record(self, kind, **data):
        self.timeline.append((self.now, kind, data))

    def publish(self, event):
        self.published.append(event)

    def warn(self, message):
        self.warnings.append(message)


class FakeCtx:
    def __init__(self, game=None, kind="action", response=None):
        self.game = game or FakeGame()
        self.thread = SimpleNamespace(kind=kind, response=response or Response())
        self.warnings: list[str] = []

    def warn(self, message):
        self.warnings.append(message)


def call(ctx, name, *args):
    return NATIVES[name].func(ctx, *args)


def kinds(game):
    return [(k, d) for _t, k, d in game.timeline]


def shown_dialog(ctx, title="Choose", texts=("Fight", "Flee"), player=0):
    d = call(ctx, "DialogCreate")
    call(ctx, "DialogSetMessage", d, title)
    buttons = [call(ctx, "DialogAddButton", d, t, 0) for t in texts]
    call(ctx, "DialogDisplay", ctx.game.players.get(player), d, True)
    return d, buttons


# -- conformance 076 ------------------------------------------------------------------------

def test_conformance_076_handles():
    ctx = FakeCtx()
    d = call(ctx, "DialogCreate")
    d2 = call(ctx, "DialogCreate")
    call(ctx, "DialogSetMessage", d, "Choose")
    b1 = call(ctx, "DialogAddButton", d, "Fight", ord("F"))
    b2 = call(ctx, "DialogAddButton", d, "Flee", 0)
    assert d is not None and d2 is not None and d is not d2
    assert b1 is not None and b2 is not None and b1 is not b2
    assert len({d.handle_id, d2.handle_id, b1.handle_id, b2.handle_id}) == 4
    call(ctx, "DialogDestroy", d2)
    assert d2.destroyed and d2 not in ctx.game.dialogs.dialogs
    assert ctx.game.timeline == []  # nothing shown, nothing recorded
    assert d.message == "Choose" and [b.text for b in d.buttons] == ["Fight", "Flee"]


def test_new_dialog_is_empty_and_hidden():
    ctx = FakeCtx()
    d = call(ctx, "DialogCreate")
    assert d.message == "" and d.buttons == [] and d.shown == {}
    assert d.type_name == "dialog"


# -- display and timeline -------------------------------------------------------------------

def test_display_records_for_local_player_and_hide():
    ctx = FakeCtx()
    game = ctx.game
    d, _ = shown_dialog(ctx)
    assert d.is_shown_to(0)
    assert kinds(game) == [("dialog_shown", {"player": 0, "title": "Choose",
                                             "buttons": ["Fight", "Flee"]})]
    call(ctx, "DialogDisplay", game.players.get(0), d, True)  # same view: no new entry
    assert len(game.timeline) == 1
    call(ctx, "DialogDisplay", game.players.get(0), d, False)
    assert not d.is_shown_to(0)
    assert kinds(game)[-1] == ("dialog_hidden", {"player": 0, "title": "Choose"})
    call(ctx, "DialogDisplay", game.players.get(0), d, False)  # already hidden
    assert len(game.timeline) == 2


def test_computer_players_are_modelled_not_recorded():
    ctx = FakeCtx()
    p1 = ctx.game.players.get(1)
    p1.controller = 1  # MAP_CONTROL_COMPUTER
    d = call(ctx, "DialogCreate")
    call(ctx, "DialogDisplay", p1, d, True)
    assert d.is_shown_to(1)
    assert ctx.game.timeline == []


def test_other_human_player_is_recorded():
    game = FakeGame(humans=(0, 1))
    ctx = FakeCtx(game)
    d, _ = shown_dialog(ctx, player=1)
    assert kinds(game)[0][1]["player"] == 1


def test_null_arguments_are_ignored():
    ctx = FakeCtx()
    assert call(ctx, "DialogAddButton", None, "x", 0) is None
    assert call(ctx, "DialogAddQuitButton", None, True, "x", 0) is None
    call(ctx, "DialogDisplay", None, call(ctx, "DialogCreate"), True)
    call(ctx, "DialogDisplay", ctx.game.players.get(0), None, True)
    call(ctx, "DialogSetMessage", None, "t")
    call(ctx, "DialogClear", None)
    call(ctx, "DialogDestroy", None)
    assert ctx.game.timeline == []


def test_display_during_map_init_is_ignored():
    game = FakeGame()
    ctx = FakeCtx(game, kind="main")
    d = call(ctx, "DialogCreate")
    call(ctx, "DialogAddButton", d, "Ok", 0)
    call(ctx, "DialogDisplay", game.players.get(0), d, True)
    assert not d.is_shown_to(0) and game.timeline == []
    assert ctx.warnings and "initialisation" in ctx.warnings[0]
    game.now = 0.5  # later, a main-kind thread (e.g. a scenario call) may show it
    call(ctx, "DialogDisplay", game.players.get(0), d, True)
    assert d.is_shown_to(0)


# -- S147: refresh, title updates at once ----------------------------------------------------

def test_button_added_while_open_needs_refresh():
    ctx = FakeCtx()
    game = ctx.game
    d, _ = shown_dialog(ctx, texts=("A",))
    late = call(ctx, "DialogAddButton", d, "Late", 0)
    assert late not in d.visible_buttons(0)
    with pytest.raises(DialogError, match="S147"):
        click(game, d, late, 0)
    with pytest.raises(DialogError):
        click(game, d, "Late", 0)
    call(ctx, "DialogDisplay", game.players.get(0), d, True)  # refresh
    assert kinds(game)[-1][1]["buttons"] == ["A", "Late"]
    assert click(game, d, "Late", 0) is late


def test_title_updates_at_once_on_open_dialog():
    ctx = FakeCtx()
    d, _ = shown_dialog(ctx)
    call(ctx, "DialogSetMessage", d, "New title")
    assert kinds(ctx.game)[-1] == ("dialog_shown", {"player": 0, "title": "New title",
                                                    "buttons": ["Fight", "Flee"]})


# -- clicks ------------------------------------------------------------------------------------

def test_click_hides_records_and_publishes():
    ctx = FakeCtx()
    game = ctx.game
    d, (fight, flee) = shown_dialog(ctx)
    b = click(game, d, 1)  # by index, local player by default
    assert b is flee
    assert not d.is_shown_to(0)
    assert kinds(game)[-1] == ("dialog_clicked", {"player": 0, "title": "Choose", "button": "Flee"})
    assert game.published[-1] == DialogClick(d, flee, game.players.get(0))
    assert game.dialogs.clicks[-1][1:] == (0, d, flee)
    with pytest.raises(DialogError, match="not shown"):
        click(game, d, fight)  # closed by the click


def test_click_by_text_and_object_and_player_object():
    game = FakeGame(humans=(0, 2))
    ctx = FakeCtx(game)
    d, (fight, _) = shown_dialog(ctx, player=2)
    with pytest.raises(DialogError, match="not shown to player 0"):
        click(game, d, "Fight")
    assert click(game, d, "Fight", game.players.get(2)) is fight


def test_click_errors():
    ctx = FakeCtx()
    game = ctx.game
    d, (fight, _) = shown_dialog(ctx)
    other = call(ctx, "DialogCreate")
    foreign = call(ctx, "DialogAddButton", other, "X", 0)
    for bad, msg in ((5, "no button 5"), (-1, "no button -1"), ("Nope", "no button 'Nope'"),
                     (foreign, "not a button of"), (True, "not a button reference"),
                     (1.5, "not a button reference")):
        with pytest.raises(DialogError, match=msg):
            click(game, d, bad)
    with pytest.raises(DialogError, match="no player"):
        click(game, d, 0, 99)
    call(ctx, "DialogDestroy", other)
    with pytest.raises(DialogError, match="does not exist"):
        click(game, other, 0)
    game.ended = True
    with pytest.raises(DialogError, match="ended"):
        click(game, d, fight)


def test_s146_only_twelve_buttons_are_clickable():
    ctx = FakeCtx()
    game = ctx.game
    d, buttons = shown_dialog(ctx, texts=[f"B{i}" for i in range(1, 14)])
    assert any("S146" in w for w in game.warnings)
    assert buttons[11].clickable and not buttons[12].clickable
    with pytest.raises(DialogError, match="S146"):
        click(game, d, 12)
    assert click(game, d, 11) is buttons[11]


# -- S145 hotkeys ------------------------------------------------------------------------------

def test_s145_hotkeys():
    ctx = FakeCtx()
    game = ctx.game
    d = call(ctx, "DialogCreate")
    fight = call(ctx, "DialogAddButton", d, "Fight", ord("F"))
    lower = call(ctx, "DialogAddButton", d, "lower", ord("g"))
    assert any("S145" in w for w in game.warnings)
    call(ctx, "DialogDisplay", game.players.get(0), d, True)
    assert game.dialogs.button_for_hotkey(d, "f", game.local_player) is fight
    assert game.dialogs.button_for_hotkey(d, "F", game.local_player) is fight
    assert game.dialogs.button_for_hotkey(d, 70, game.local_player) is fight
    for key in ("g", "G", ord("g")):  # a lower-case hotkey never works
        with pytest.raises(DialogError, match="no clickable button"):
            game.dialogs.button_for_hotkey(d, key, game.local_player)
    assert lower.hotkey == ord("g")
    with pytest.raises(DialogError, match="no hotkey"):
        game.dialogs.button_for_hotkey(d, 0, game.local_player)
    with pytest.raises(DialogError, match="one character"):
        game.dialogs.button_for_hotkey(d, "FF", game.local_player)
    assert press_hotkey(game, d, "f") is fight
    assert not d.is_shown_to(0)


def test_s145_duplicate_hotkey_last_wins():
    ctx = FakeCtx()
    game = ctx.game
    d = call(ctx, "DialogCreate")
    call(ctx, "DialogAddButton", d, "First", ord("A"))
    second = call(ctx, "DialogAddButton", d, "Second", ord("A"))
    call(ctx, "DialogAddButton", d, "None", 0)
    call(ctx, "DialogDisplay", game.players.get(0), d, True)
    assert press_hotkey(game, d, "a") is second


# -- S148 misuse -------------------------------------------------------------------------------

def test_s148_destroy_open_dialog_locks_player():
    ctx = FakeCtx()
    game = ctx.game
    d, buttons = shown_dialog(ctx)
    call(ctx, "DialogDestroy", d)
    assert d.destroyed and all(b.destroyed for b in buttons)
    assert game.dialogs.locked_players == {0}
    assert any("S148" in w for w in game.warnings)
    assert kinds(game)[-1] == ("dialog_hidden", {"player": 0, "title": "Choose"})


def test_destroy_hidden_dialog_is_clean():
    ctx = FakeCtx()
    d = call(ctx, "DialogCreate")
    call(ctx, "DialogDestroy", d)
    call(ctx, "DialogDestroy", d)  # destroyed handle acts as null
    assert ctx.game.dialogs.locked_players == set() and ctx.game.warnings == []


def test_s148_clear_open_dialog():
    ctx = FakeCtx()
    game = ctx.game
    d, buttons = shown_dialog(ctx)
    call(ctx, "DialogClear", d)
    assert d.message == "" and d.buttons == [] and all(b.destroyed for b in buttons)
    assert d.is_shown_to(0) and d.visible_buttons(0) == ()
    assert game.dialogs.locked_players == {0}
    assert kinds(game)[-1] == ("dialog_shown", {"player": 0, "title": "", "buttons": []})
    assert not d.destroyed


def test_clear_hidden_dialog_keeps_handle_usable():
    ctx = FakeCtx()
    d = call(ctx, "DialogCreate")
    call(ctx, "DialogSetMessage", d, "T")
    call(ctx, "DialogAddButton", d, "A", 0)
    call(ctx, "DialogClear", d)
    b = call(ctx, "DialogAddButton", d, "B", 0)
    assert d.buttons == [b] and ctx.game.dialogs.locked_players == set()


# -- quit buttons ----------------------------------------------------------------------------

def test_quit_button_ends_game_for_local_player():
    ctx = FakeCtx()
    game = ctx.game
    d = call(ctx, "DialogCreate")
    q = call(ctx, "DialogAddQuitButton", d, True, "Quit", ord("Q"))
    assert q.quit and q.score_screen is True
    call(ctx, "DialogDisplay", game.players.get(0), d, True)
    click(game, d, "Quit")
    assert type(game.published[-1]) is DialogClick
    assert game.ended and game.outcome.reason == "quit" and game.outcome.score_screen is True
    assert [k for k, _ in kinds(game)][-2:] == ["dialog_clicked", "game_over"]


def test_quit_button_of_other_player_leaves():
    game = FakeGame(humans=(0, 1))
    ctx = FakeCtx(game)
    d = call(ctx, "DialogCreate")
    call(ctx, "DialogAddQuitButton", d, False, "Quit", 0)
    call(ctx, "DialogDisplay", game.players.get(1), d, True)
    click(game, d, 0, 1)
    assert not game.ended and game.outcome.left == {1}
    assert game.published[-1] == PlayerLeft(game.players.get(1))
    assert game.players.get(1).get_slot_state() == 2  # PLAYER_SLOT_STATE_LEFT
