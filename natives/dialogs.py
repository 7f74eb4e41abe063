"""Dialogs and dialog buttons (``shared/reference/jass-semantics.md`` section L, S145-S148).

Model
    ``game.dialogs`` is a ``DialogRegistry``: the live ``Dialog`` objects in creation order,
    the players whose UI a misused dialog locked (S148) and the history of clicks. A ``Dialog``
    holds its title (``message``), its ``buttons`` (``Button`` objects, in the order they were
    added; new buttons go to the bottom) and, per player it is shown to, the buttons that
    player can see: a button added while the dialog is open appears only after the dialog is
    displayed again (S147), while a new title shows at once (S147).

    Every player knows every dialog; ``DialogDisplay`` shows or hides it for one player
    (S147). Only the first 12 buttons of a dialog are clickable (S146). Hotkeys are upper-case
    ASCII codes: ``'F'`` (70) answers both the F and f keys, a lower-case hotkey such as
    ``'f'`` (102) never works, ``0`` means no hotkey and, with duplicates, the last button wins
    (S145).

Map initialisation
    Dialogs cannot be shown during map initialisation (jassdoc ``DialogDisplay`` note: "use a
    wait or a zero-timer"). ``DialogDisplay(p, d, true)`` called directly by the script's
    global initialisers or ``main``/``config`` thread (thread kind ``init``/``main``) at game
    time 0 is ignored with a warning.

Clicks (the model API scenarios use)
    ``click(game, dialog, button, player)`` -- ``button`` is a ``Button``, its 0-based index
    among the buttons the player can see, or its text -- and ``press_hotkey(game, dialog, key,
    player)`` check that the dialog is shown to the player and the button is clickable, hide
    the dialog for that player (the game closes a dialog once one of its buttons is clicked),
    record a ``dialog_clicked`` timeline entry and publish the model event::

        game.publish(DialogClick(dialog, button, player))      # natives.modelevents

    which the event layer dispatches to ``EVENT_DIALOG_BUTTON_CLICK`` (90) registrations of
    the button and ``EVENT_DIALOG_CLICK`` (91) registrations of the dialog (S147). The
    dispatched thread's response (``natives.response.Response``) carries ``clicked_button``
    and ``clicked_dialog`` (and ``trigger_player``), read by ``GetClickedButton`` /
    ``GetClickedDialog``, which ``natives.events`` generates from those fields. A quit button
    (``DialogAddQuitButton``) then ends the game for that player: see
    ``natives.mission.player_quit``. Invalid clicks raise ``DialogError``.

Timeline
    ``dialog_shown`` (player, title, buttons), ``dialog_hidden`` (player, title) and
    ``dialog_clicked`` (player, title, button) are recorded for **human players in the game**
    (controller ``MAP_CONTROL_USER`` and slot state ``PLAYER_SLOT_STATE_PLAYING``), the local
    player included; dialogs shown to computer players -- e.g. the melee victory dialog
    Blizzard.j shows to every victor -- are kept in the model but not recorded. ``dialog_shown``
    is recorded when a dialog appears for a player and again whenever what that player sees
    changes (a refresh showing new buttons, a new title, ``DialogClear`` on an open dialog). A
    click records ``dialog_clicked`` only (it implies the dialog closed).

Misuse (S148)
    ``DialogDestroy`` or ``DialogClear`` on a dialog that is open for some player hides /
    empties it but leaves that player unable to use the game: the player id is added to
    ``DialogRegistry.locked_players`` and a warning is recorded. Destroying a dialog destroys
    its buttons; clearing one destroys the buttons it had.
"""
from __future__ import annotations

from typing import Any, Iterable

from natives.handles import Handle, alive
from natives.mission import player_quit
from natives.modelevents import DialogClick
from natives.registry import native

MAX_CLICKABLE_BUTTONS = 12
"""Buttons past the 12th render but cannot be clicked (S146)."""

_MAP_CONTROL_USER = 0   # common.j MAP_CONTROL_USER = ConvertMapControl(0)
_SLOT_PLAYING = 1       # common.j PLAYER_SLOT_STATE_PLAYING = ConvertPlayerSlotState(1)


class DialogError(ValueError):
    """A click or key press the game would not accept (dialog hidden, button not clickable...)."""


class Button(Handle):
    """A ``button`` agent of a dialog.

    Attributes:
        dialog: the owning ``Dialog``.
        text: the button text (``None`` when the script passed a null string).
        hotkey: the integer the script passed (upper-case ASCII code, 0 = none; S145).
        quit: True for ``DialogAddQuitButton`` buttons (clicking one ends the game for the
            player who clicks it, S148).
        score_screen: for quit buttons, whether the game ends on the score screen (True) or
            goes back to the main menu (False); ``None`` for ordinary buttons.
    """

    type_name = "button"

    def __init__(self, dialog: "Dialog", text: str | None, hotkey: int, quit: bool = False,
                 score_screen: bool | None = None) -> None:
        super().__init__()
        self.dialog = dialog
        self.text = text
        self.hotkey = hotkey
        self.quit = quit
        self.score_screen = score_screen

    @property
    def index(self) -> int:
        """0-based position in the dialog (-1 once removed by ``DialogClear``)."""
        try:
            return self.dialog.buttons.index(self)
        except ValueError:
            return -1

    @property
    def clickable(self) -> bool:
        """False for the 13th and later buttons (S146) and for removed buttons."""
        return not self.destroyed and 0 <= self.index < MAX_CLICKABLE_BUTTONS

    def __repr__(self) -> str:
        state = " destroyed" if self.destroyed else ""
        return f"<button {self.handle_id} {self.text!r}{state}>"


class Dialog(Handle):
    """A ``dialog`` agent: title, buttons and per-player visibility.

    Attributes:
        message: the title set by ``DialogSetMessage`` (``""`` initially).
        buttons: ``Button`` objects in the order they were added.
        shown: player id -> tuple of the buttons that player sees (those present when the
            dialog was last displayed to them, S147). A player id is a key while the dialog is
            open for that player.
    """

    type_name = "dialog"

    def __init__(self) -> None:
        super().__init__()
        self.message = ""
        self.buttons: list[Button] = []
        self.shown: dict[int, tuple[Button, ...]] = {}
        self._recorded: dict[int, tuple[str, tuple[str, ...]]] = {}

    def is_shown_to(self, player) -> bool:
        """True while the dialog is open for ``player`` (a ``player`` or a player id)."""
        pid = player if isinstance(player, int) else player.id
        return pid in self.shown

    def visible_buttons(self, player) -> tuple[Button, ...]:
        """The buttons ``player`` currently sees (empty when the dialog is hidden for them)."""
        pid = player if isinstance(player, int) else player.id
        return self.shown.get(pid, ())

    def __repr__(self) -> str:
        state = " destroyed" if self.destroyed else ""
        return f"<dialog {self.handle_id} {self.message!r}{state}>"


class DialogRegistry:
    """All dialogs of a game (``game.dialogs``).

    Attributes:
        dialogs: live dialogs in creation order.
        locked_players: ids of players whose UI is locked by a destroyed or cleared open
            dialog (S148).
        clicks: history of accepted clicks: (game time, player id, dialog, button).
    """

    def __init__(self, game) -> None:
        self.game = game
        self.dialogs: list[Dialog] = []
        self.locked_players: set[int] = set()
        self.clicks: list[tuple[float, int, Dialog, Button]] = []

    # -- queries ------------------------------------------------------------------------
    def shown_to(self, player) -> list[Dialog]:
        """Dialogs currently open for ``player`` (a ``player`` or id), in creation order."""
        pid = player if isinstance(player, int) else player.id
        return [d for d in self.dialogs if pid in d.shown]

    def find(self, title: str) -> list[Dialog]:
        """Live dialogs whose title is ``title``."""
        return [d for d in self.dialogs if d.message == title]

    # -- lifecycle ----------------------------------------------------------------------
    def create(self) -> Dialog:
        d = self.game.handles.allocate(Dialog())
        self.dialogs.append(d)
        return d

    def destroy(self, d: Dialog) -> None:
        if d.shown:
            self._lock(d, "DialogDestroy")
            for pid in sorted(d.shown):
                self._record_hidden(d, pid)
            d.shown.clear()
        for b in d.buttons:
            self.game.handles.destroy(b)
        d.buttons = []
        if d in self.dialogs:
            self.dialogs.remove(d)
        self.game.handles.destroy(d)

    def clear(self, d: Dialog) -> None:
        old = d.buttons
        d.buttons = []
        d.message = ""
        for b in old:
            self.game.handles.destroy(b)
        if d.shown:
            self._lock(d, "DialogClear")
            for pid in sorted(d.shown):
                d.shown[pid] = ()
                self._record_shown(d, pid)

    def set_message(self, d: Dialog, text: str | None) -> None:
        d.message = text if text is not None else ""
        for pid in sorted(d.shown):  # the title updates at once on an open dialog (S147)
            self._record_shown(d, pid)

    def add_button(self, d: Dialog, text: str | None, hotkey: int, *, quit: bool = False,
                   score_screen: bool | None = None) -> Button:
        b = self.game.handles.allocate(Button(d, text, hotkey, quit, score_screen))
        d.buttons.append(b)
        if len(d.buttons) == MAX_CLICKABLE_BUTTONS + 1:
            self.game.warn(f"{d!r}: buttons after the {MAX_CLICKABLE_BUTTONS}th cannot be "
                           "clicked (S146)")
        if ord("a") <= hotkey <= ord("z"):
            self.game.warn(f"{b!r}: lower-case hotkey {hotkey} never works; use the "
                           f"upper-case code {hotkey - 32} (S145)")
        return b

    def display(self, player, d: Dialog, flag: bool) -> None:
        """Show (or refresh, S147) / hide ``d`` for ``player``."""
        pid = player.id
        if flag:
            d.shown[pid] = tuple(d.buttons)
            self._record_shown(d, pid)
        elif pid in d.shown:
            del d.shown[pid]
            self._record_hidden(d, pid)

    # -- clicks -------------------------------------------------------------------------
    def resolve(self, d: Dialog, button: Any, player) -> Button:
        """The ``Button`` meant by ``button`` (a Button, a 0-based index among the buttons the
        player sees, or a button text) -- checked clickable by ``player``."""
        if d is None or d.destroyed:
            raise DialogError(f"cannot click {d!r}: the dialog does not exist")
        if self.game.ended:
            raise DialogError(f"cannot click {d!r}: the game has ended")
        if not d.is_shown_to(player):
            raise DialogError(f"{d!r} is not shown to player {player.id}")
        visible = d.visible_buttons(player)
        if isinstance(button, Button):
            b = button
        elif isinstance(button, bool):
            raise DialogError(f"not a button reference: {button!r}")
        elif isinstance(button, int):
            if not 0 <= button < len(visible):
                raise DialogError(f"{d!r} shows {len(visible)} button(s) to player "
                                  f"{player.id}; there is no button {button}")
            b = visible[button]
        elif isinstance(button, str):
            matches = [x for x in visible if x.text == button]
            if not matches:
                texts = [x.text for x in visible]
                raise DialogError(f"{d!r} shows no button {button!r} to player {player.id} "
                                  f"(buttons: {texts})")
            b = matches[0]
        else:
            raise DialogError(f"not a button reference: {button!r}")
        if b.destroyed or b.dialog is not d:
            raise DialogError(f"{b!r} is not a button of {d!r}")
        if b not in visible:
            raise DialogError(f"{b!r} was added after {d!r} was last displayed to player "
                              f"{player.id}; it is not visible until DialogDisplay refreshes "
                              "the dialog (S147)")
        if not b.clickable:
            raise DialogError(f"{b!r} is button {b.index + 1} of {d!r}; only the first "
                              f"{MAX_CLICKABLE_BUTTONS} buttons can be clicked (S146)")
        return b

    def click(self, d: Dialog, button: Any, player) -> Button:
        """Click ``button`` of ``d`` as ``player``: hide, record, publish, quit if needed."""
        b = self.resolve(d, button, player)
        pid = player.id
        del d.shown[pid]
        d._recorded.pop(pid, None)
        self.clicks.append((self.game.now, pid, d, b))
        if _recorded_player(self.game, pid):
            self.game.record("dialog_clicked", player=pid, title=d.message, button=b.text)
        self.game.publish(DialogClick(d, b, player))
        if b.quit:
            player_quit(self.game, player, bool(b.score_screen))
        return b

    def button_for_hotkey(self, d: Dialog, key: Any, player) -> Button:
        """The button a key press selects (S145): ``key`` is a one-character string or an
        ASCII code; letters match the upper-case hotkey whatever their case; lower-case
        hotkeys never match; with duplicates the last clickable visible button wins."""
        if isinstance(key, str):
            if len(key) != 1:
                raise DialogError(f"a key is one character, not {key!r}")
            code = ord(key)
        elif isinstance(key, int) and not isinstance(key, bool):
            code = key
        else:
            raise DialogError(f"not a key: {key!r}")
        if ord("a") <= code <= ord("z"):
            code -= 32
        if code == 0:
            raise DialogError("0 is 'no hotkey', not a key")
        if d is None or d.destroyed or not d.is_shown_to(player):
            raise DialogError(f"{d!r} is not shown to player {player.id}")
        found = None
        for b in d.visible_buttons(player):
            if b.clickable and b.hotkey == code:
                found = b
        if found is None:
            raise DialogError(f"no clickable button of {d!r} has hotkey {chr(code)!r} "
                              f"({code})")
        return found

    # -- internals ----------------------------------------------------------------------
    def _lock(self, d: Dialog, what: str) -> None:
        for pid in sorted(d.shown):
            self.locked_players.add(pid)
        self.game.warn(f"{what} on {d!r} while it is shown to player(s) {sorted(d.shown)}: "
                       "those players can no longer use the game; hide it first (S148)")

    def _record_shown(self, d: Dialog, pid: int) -> None:
        view = (d.message, tuple(b.text for b in d.shown[pid]))
        if d._recorded.get(pid) == view:
            return
        d._recorded[pid] = view
        if _recorded_player(self.game, pid):
            self.game.record("dialog_shown", player=pid, title=view[0], buttons=list(view[1]))

    def _record_hidden(self, d: Dialog, pid: int) -> None:
        d._recorded.pop(pid, None)
        if _recorded_player(self.game, pid):
            self.game.record("dialog_hidden", player=pid, title=d.message)


def _recorded_player(game, pid: int) -> bool:
    """Dialog timeline entries are recorded for human players in the game (module doc)."""
    p = game.players.get(pid)
    return (p is not None and p.controller == _MAP_CONTROL_USER
            and p.get_slot_state() == _SLOT_PLAYING)


def dialogs(game) -> DialogRegistry:
    """``game.dialogs``, built on first use."""
    return game.dialogs


def _player(game, player):
    if player is None:
        return game.local_player
    if isinstance(player, int) and not isinstance(player, bool):
        p = game.players.get(player)
        if p is None:
            raise DialogError(f"no player {player}")
        return p
    return player


# ---------------------------------------------------------------------------------------
# Model API for scenarios
# ---------------------------------------------------------------------------------------

def click(game, dialog: Dialog, button: Any, player: Any = None) -> Button:
    """Click a button of ``dialog`` as ``player`` (a ``player``, a player id, or ``None`` for
    the local player). ``button`` is a ``Button``, a 0-based index among the buttons the player
    sees, or a button text (first match). Returns the clicked ``Button``; raises
    ``DialogError`` when the game would not accept the click (see module doc)."""
    return dialogs(game).click(dialog, button, _player(game, player))


def press_hotkey(game, dialog: Dialog, key: Any, player: Any = None) -> Button:
    """Press ``key`` (a character or ASCII code) while ``dialog`` is open for ``player``:
    clicks the button whose hotkey matches (S145). Returns it; raises ``DialogError``."""
    p = _player(game, player)
    reg = dialogs(game)
    return reg.click(dialog, reg.button_for_hotkey(dialog, key, p), p)


# ---------------------------------------------------------------------------------------
# Natives (common.j 1.30.4 "Dialog API")
# ---------------------------------------------------------------------------------------

@native("DialogCreate", "takes nothing returns dialog")
def DialogCreate(ctx):
    """A new empty, hidden dialog (jassdoc ``DialogCreate``; S147)."""
    return dialogs(ctx.game).create()


@native("DialogDestroy", "takes dialog whichDialog returns nothing")
def DialogDestroy(ctx, d):
    """Destroy the dialog and its buttons; if it is open, it disappears and the players who had
    it open are UI-locked (S148)."""
    d = alive(d)
    if d is not None:
        dialogs(ctx.game).destroy(d)


@native("DialogClear", "takes dialog whichDialog returns nothing")
def DialogClear(ctx, d):
    """Remove the title and all buttons, even on an open dialog (which then locks its
    players' UI, S148). The removed buttons are destroyed."""
    d = alive(d)
    if d is not None:
        dialogs(ctx.game).clear(d)


@native("DialogSetMessage", "takes dialog whichDialog, string messageText returns nothing")
def DialogSetMessage(ctx, d, text):
    """Set the title; an open dialog shows it at once (S147)."""
    d = alive(d)
    if d is not None:
        dialogs(ctx.game).set_message(d, text)


@native("DialogAddButton", "takes dialog whichDialog, string buttonText, integer hotkey returns button")
def DialogAddButton(ctx, d, text, hotkey):
    """Add a button at the bottom; returns its new handle (null for a null dialog). Hotkey:
    upper-case ASCII code, 0 = none (S145); only the first 12 buttons work (S146); an open
    dialog shows it after the next ``DialogDisplay`` (S147)."""
    d = alive(d)
    if d is None:
        return None
    return dialogs(ctx.game).add_button(d, text, hotkey)


@native("DialogAddQuitButton", "takes dialog whichDialog, boolean doScoreScreen, string buttonText, integer hotkey returns button")
def DialogAddQuitButton(ctx, d, score_screen, text, hotkey):
    """Add a button that ends the game for the player who clicks it: to the score screen when
    ``doScoreScreen`` is true, else to the main menu (S148; ``natives.mission.player_quit``)."""
    d = alive(d)
    if d is None:
        return None
    return dialogs(ctx.game).add_button(d, text, hotkey, quit=True, score_screen=bool(score_screen))


@native("DialogDisplay", "takes player whichPlayer, dialog whichDialog, boolean flag returns nothing")
def DialogDisplay(ctx, p, d, flag):
    """Show (``true``; refreshes an open dialog, S147) or hide (``false``) the dialog for one
    player. Ignored with a warning during map initialisation (module doc)."""
    d = alive(d)
    if p is None or d is None:
        return
    if flag:
        thread = getattr(ctx, "thread", None)
        if (thread is not None and getattr(thread, "kind", None) in ("init", "main")
                and ctx.game.now == 0.0):
            ctx.warn(f"DialogDisplay of {d!r} during map initialisation: dialogs cannot be "
                     "shown before the game starts (use a wait or a zero timer)")
            return
    dialogs(ctx.game).display(p, d, bool(flag))



__all__: Iterable[str] = (
    "Button", "Dialog", "DialogError", "DialogRegistry", "click", "press_hotkey",
    "MAX_CLICKABLE_BUTTONS",
)
