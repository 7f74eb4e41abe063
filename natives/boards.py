"""Leaderboards, multiboards and timer dialogs (presentation only; state kept for tests).

Leaderboards (``leaderboard`` agents)
    Created empty, without label, hidden (jassdoc). Items are rows ``(label, value, player)``
    with per-item style and colours; indexes are 0-based in insertion order until a sort.
    ``LeaderboardSetSizeByItemCount`` sets the displayed row count (``size``) without adding
    items; ``LeaderboardGetItemCount`` counts the items. ``LeaderboardGetPlayerIndex`` is -1
    for a player without an item; item setters ignore out-of-range indexes. Showing or hiding
    a leaderboard records a ``leaderboard`` timeline entry (title = its label).
    ``PlayerSetLeaderboard`` assigns a leaderboard to a player; ``PlayerGetLeaderboard``
    reads it back (null when none).

Multiboards (``multiboard`` agents, ``multiboarditem`` agents)
    Created hidden, not minimised, without title, 0 rows and 0 columns (jassdoc). Cells keep
    value (empty), icon (None = the game's grey eye), style (value and icon shown), value
    colour and width (0.03 of the screen width by default, jassdoc). Growing the table adds
    default cells; ``MultiboardClear`` empties it to 0 x 0, keeping the title.
    ``MultiboardGetItem`` returns a new handle for a cell each call (release it with
    ``MultiboardReleaseItem``); out-of-range cells give null. ``MultiboardSuppressDisplay``
    hides every multiboard without changing their display flags.

Timer dialogs (``timerdialog`` agents)
    Created hidden with the title "Remaining" (jassdoc), following the timer given.
    ``TimerDialogSetRealTimeRemaining`` decouples the display from the timer (stored with the
    game time it was set). Showing/hiding records a ``timer_dialog`` timeline entry.

Colours are 0..255 integers as given.
"""
from __future__ import annotations

from typing import Any

from natives.handles import Handle, alive
from natives.presentation import destroy_handle, new_handle
from natives.registry import native

DEFAULT_ITEM_WIDTH = 0.03
DEFAULT_TIMER_DIALOG_TITLE = "Remaining"


# ---------------------------------------------------------------------------------------
# Model
# ---------------------------------------------------------------------------------------

class LeaderboardItem:
    __slots__ = ("label", "value", "player", "style", "label_color", "value_color")

    def __init__(self, label: str, value: int, player) -> None:
        self.label = label
        self.value = value
        self.player = player
        self.style = (True, True, True)
        self.label_color: tuple | None = None
        self.value_color: tuple | None = None


class Leaderboard(Handle):
    """A ``leaderboard`` agent (see module docstring)."""

    type_name = "leaderboard"

    def __init__(self) -> None:
        super().__init__()
        self.label = ""
        self.items: list[LeaderboardItem] = []
        self.size = 0
        self.displayed = False
        self.label_color: tuple | None = None
        self.value_color: tuple | None = None
        self.style = (True, True, True, True)

    def index_of(self, p) -> int:
        for i, item in enumerate(self.items):
            if item.player is p:
                return i
        return -1

    def item(self, index: int) -> LeaderboardItem | None:
        if 0 <= index < len(self.items):
            return self.items[index]
        return None


class MultiboardCell:
    __slots__ = ("value", "icon", "show_value", "show_icon", "value_color", "width")

    def __init__(self) -> None:
        self.value = ""
        self.icon: str | None = None
        self.show_value = True
        self.show_icon = True
        self.value_color: tuple | None = None
        self.width = DEFAULT_ITEM_WIDTH


class Multiboard(Handle):
    """A ``multiboard`` agent: ``cells[row][column]``."""

    type_name = "multiboard"

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.title_color: tuple | None = None
        self.displayed = False
        self.minimized = False
        self.rows = 0
        self.columns = 0
        self.cells: list[list[MultiboardCell]] = []

    def resize(self, rows: int, columns: int) -> None:
        rows, columns = max(0, rows), max(0, columns)
        cells = []
        for r in range(rows):
            old = self.cells[r] if r < len(self.cells) else []
            cells.append([old[c] if c < len(old) else MultiboardCell() for c in range(columns)])
        self.cells, self.rows, self.columns = cells, rows, columns

    def all_cells(self):
        for row in self.cells:
            yield from row


class MultiboardItem(Handle):
    """A ``multiboarditem`` agent: a handle on one cell (row, column) of a multiboard."""

    type_name = "multiboarditem"

    def __init__(self, board: Multiboard, row: int, column: int) -> None:
        super().__init__()
        self.board = board
        self.row = row
        self.column = column

    def cell(self) -> MultiboardCell | None:
        b = self.board
        if b.destroyed or not (0 <= self.row < b.rows and 0 <= self.column < b.columns):
            return None
        return b.cells[self.row][self.column]


class TimerDialog(Handle):
    """A ``timerdialog`` agent."""

    type_name = "timerdialog"

    def __init__(self, timer) -> None:
        super().__init__()
        self.timer = timer
        self.title = DEFAULT_TIMER_DIALOG_TITLE
        self.title_color: tuple | None = None
        self.time_color: tuple | None = None
        self.speed = 1.0
        self.displayed = False
        self.real_time_remaining: tuple[float, float] | None = None  # (seconds, set at)


class Boards:
    """Leaderboard/multiboard/timer dialog state of one game (``game.boards``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self.leaderboards: list[Leaderboard] = []
        self.player_leaderboard: dict[int, Leaderboard] = {}
        self.multiboards: list[Multiboard] = []
        self.multiboards_suppressed = False
        self.timer_dialogs: list[TimerDialog] = []




def _b(ctx) -> Boards:
    return ctx.game.boards


# ---------------------------------------------------------------------------------------
# Leaderboards
# ---------------------------------------------------------------------------------------

def _lb(lb) -> Leaderboard | None:
    return alive(lb)


@native("CreateLeaderboard", "takes nothing returns leaderboard")
def CreateLeaderboard(ctx):
    """An empty, hidden leaderboard without label."""
    lb = new_handle(ctx.game, Leaderboard())
    _b(ctx).leaderboards.append(lb)
    return lb


@native("DestroyLeaderboard", "takes leaderboard lb returns nothing")
def DestroyLeaderboard(ctx, lb):
    """Destroy the leaderboard (hidden; unassigned from players)."""
    lb = _lb(lb)
    if lb is None:
        return
    b = _b(ctx)
    if lb.displayed:
        lb.displayed = False
        ctx.game.record("leaderboard", title=lb.label, shown=False)
    if lb in b.leaderboards:
        b.leaderboards.remove(lb)
    for pid in [k for k, v in b.player_leaderboard.items() if v is lb]:
        del b.player_leaderboard[pid]
    destroy_handle(ctx.game, lb)


@native("LeaderboardDisplay", "takes leaderboard lb, boolean show returns nothing")
def LeaderboardDisplay(ctx, lb, show):
    """Show/hide (records ``leaderboard`` on change)."""
    lb = _lb(lb)
    if lb is not None and lb.displayed != show:
        lb.displayed = show
        ctx.game.record("leaderboard", title=lb.label, shown=show)


@native("IsLeaderboardDisplayed", "takes leaderboard lb returns boolean")
def IsLeaderboardDisplayed(ctx, lb):
    """Is the leaderboard shown (false for null)."""
    lb = _lb(lb)
    return lb is not None and lb.displayed


@native("LeaderboardGetItemCount", "takes leaderboard lb returns integer")
def LeaderboardGetItemCount(ctx, lb):
    """Number of items (0 for null)."""
    lb = _lb(lb)
    return len(lb.items) if lb is not None else 0


@native("LeaderboardSetSizeByItemCount", "takes leaderboard lb, integer count returns nothing")
def LeaderboardSetSizeByItemCount(ctx, lb, count):
    """Number of rows the leaderboard displays."""
    lb = _lb(lb)
    if lb is not None:
        lb.size = count


@native("LeaderboardAddItem", "takes leaderboard lb, string label, integer value, player p returns nothing")
def LeaderboardAddItem(ctx, lb, label, value, p):
    """Append an item (label, value, player)."""
    lb = _lb(lb)
    if lb is not None:
        lb.items.append(LeaderboardItem(label or "", value, p))


@native("LeaderboardRemoveItem", "takes leaderboard lb, integer index returns nothing")
def LeaderboardRemoveItem(ctx, lb, index):
    """Remove the item at ``index`` (ignored when out of range)."""
    lb = _lb(lb)
    if lb is not None and lb.item(index) is not None:
        del lb.items[index]


@native("LeaderboardRemovePlayerItem", "takes leaderboard lb, player p returns nothing")
def LeaderboardRemovePlayerItem(ctx, lb, p):
    """Remove the player's item, if any."""
    lb = _lb(lb)
    if lb is not None:
        i = lb.index_of(p)
        if i >= 0:
            del lb.items[i]


@native("LeaderboardClear", "takes leaderboard lb returns nothing")
def LeaderboardClear(ctx, lb):
    """Remove every item."""
    lb = _lb(lb)
    if lb is not None:
        lb.items.clear()


def _sort(lb, key, ascending: bool) -> None:
    lb = _lb(lb)
    if lb is not None:
        lb.items.sort(key=key, reverse=not ascending)


@native("LeaderboardSortItemsByValue", "takes leaderboard lb, boolean ascending returns nothing")
def LeaderboardSortItemsByValue(ctx, lb, ascending):
    """Sort items by value (stable)."""
    _sort(lb, lambda it: it.value, ascending)


@native("LeaderboardSortItemsByPlayer", "takes leaderboard lb, boolean ascending returns nothing")
def LeaderboardSortItemsByPlayer(ctx, lb, ascending):
    """Sort items by player id (stable; items without player first)."""
    _sort(lb, lambda it: it.player.id if it.player is not None else -1, ascending)


@native("LeaderboardSortItemsByLabel", "takes leaderboard lb, boolean ascending returns nothing")
def LeaderboardSortItemsByLabel(ctx, lb, ascending):
    """Sort items by label (stable)."""
    _sort(lb, lambda it: it.label, ascending)


@native("LeaderboardHasPlayerItem", "takes leaderboard lb, player p returns boolean")
def LeaderboardHasPlayerItem(ctx, lb, p):
    """Does the player have an item."""
    lb = _lb(lb)
    return lb is not None and p is not None and lb.index_of(p) >= 0


@native("LeaderboardGetPlayerIndex", "takes leaderboard lb, player p returns integer")
def LeaderboardGetPlayerIndex(ctx, lb, p):
    """Index of the player's item, -1 when none."""
    lb = _lb(lb)
    if lb is None or p is None:
        return -1
    return lb.index_of(p)


@native("LeaderboardSetLabel", "takes leaderboard lb, string label returns nothing")
def LeaderboardSetLabel(ctx, lb, label):
    """Title of the leaderboard."""
    lb = _lb(lb)
    if lb is not None:
        lb.label = label or ""


@native("LeaderboardGetLabelText", "takes leaderboard lb returns string")
def LeaderboardGetLabelText(ctx, lb):
    """Title of the leaderboard ("" when never set or null)."""
    lb = _lb(lb)
    return lb.label if lb is not None else ""


@native("PlayerSetLeaderboard", "takes player toPlayer, leaderboard lb returns nothing")
def PlayerSetLeaderboard(ctx, p, lb):
    """Assign the leaderboard shown to a player (null unassigns)."""
    if p is None:
        return
    lb = _lb(lb)
    b = _b(ctx)
    if lb is None:
        b.player_leaderboard.pop(p.id, None)
    else:
        b.player_leaderboard[p.id] = lb


@native("PlayerGetLeaderboard", "takes player toPlayer returns leaderboard")
def PlayerGetLeaderboard(ctx, p):
    """The leaderboard assigned to a player (null when none)."""
    if p is None:
        return None
    return alive(_b(ctx).player_leaderboard.get(p.id))


@native("LeaderboardSetLabelColor", "takes leaderboard lb, integer red, integer green, integer blue, "
        "integer alpha returns nothing")
def LeaderboardSetLabelColor(ctx, lb, r, g, b, a):
    """Colour of the title (0..255)."""
    lb = _lb(lb)
    if lb is not None:
        lb.label_color = (r, g, b, a)


@native("LeaderboardSetValueColor", "takes leaderboard lb, integer red, integer green, integer blue, "
        "integer alpha returns nothing")
def LeaderboardSetValueColor(ctx, lb, r, g, b, a):
    """Colour of the values (0..255)."""
    lb = _lb(lb)
    if lb is not None:
        lb.value_color = (r, g, b, a)


@native("LeaderboardSetStyle", "takes leaderboard lb, boolean showLabel, boolean showNames, "
        "boolean showValues, boolean showIcons returns nothing")
def LeaderboardSetStyle(ctx, lb, label, names, values, icons):
    """What the leaderboard shows."""
    lb = _lb(lb)
    if lb is not None:
        lb.style = (label, names, values, icons)


@native("LeaderboardSetItemValue", "takes leaderboard lb, integer whichItem, integer val returns nothing")
def LeaderboardSetItemValue(ctx, lb, index, val):
    """Value of an item."""
    lb = _lb(lb)
    item = lb.item(index) if lb is not None else None
    if item is not None:
        item.value = val


@native("LeaderboardSetItemLabel", "takes leaderboard lb, integer whichItem, string val returns nothing")
def LeaderboardSetItemLabel(ctx, lb, index, val):
    """Label of an item."""
    lb = _lb(lb)
    item = lb.item(index) if lb is not None else None
    if item is not None:
        item.label = val or ""


@native("LeaderboardSetItemStyle", "takes leaderboard lb, integer whichItem, boolean showLabel, "
        "boolean showValue, boolean showIcon returns nothing")
def LeaderboardSetItemStyle(ctx, lb, index, label, value, icon):
    """What an item shows."""
    lb = _lb(lb)
    item = lb.item(index) if lb is not None else None
    if item is not None:
        item.style = (label, value, icon)


@native("LeaderboardSetItemLabelColor", "takes leaderboard lb, integer whichItem, integer red, integer green, "
        "integer blue, integer alpha returns nothing")
def LeaderboardSetItemLabelColor(ctx, lb, index, r, g, b, a):
    """Colour of an item's label (0..255)."""
    lb = _lb(lb)
    item = lb.item(index) if lb is not None else None
    if item is not None:
        item.label_color = (r, g, b, a)


@native("LeaderboardSetItemValueColor", "takes leaderboard lb, integer whichItem, integer red, integer green, "
        "integer blue, integer alpha returns nothing")
def LeaderboardSetItemValueColor(ctx, lb, index, r, g, b, a):
    """Colour of an item's value (0..255)."""
    lb = _lb(lb)
    item = lb.item(index) if lb is not None else None
    if item is not None:
        item.value_color = (r, g, b, a)


# ---------------------------------------------------------------------------------------
# Multiboards
# ---------------------------------------------------------------------------------------

def _mb(mb) -> Multiboard | None:
    return alive(mb)


@native("CreateMultiboard", "takes nothing returns multiboard")
def CreateMultiboard(ctx):
    """A hidden, 0 x 0 multiboard without title."""
    mb = new_handle(ctx.game, Multiboard())
    _b(ctx).multiboards.append(mb)
    return mb


@native("DestroyMultiboard", "takes multiboard lb returns nothing")
def DestroyMultiboard(ctx, mb):
    """Destroy the multiboard."""
    mb = _mb(mb)
    if mb is None:
        return
    mb.displayed = False
    b = _b(ctx)
    if mb in b.multiboards:
        b.multiboards.remove(mb)
    destroy_handle(ctx.game, mb)


@native("MultiboardDisplay", "takes multiboard lb, boolean show returns nothing")
def MultiboardDisplay(ctx, mb, show):
    """Show one multiboard (one at a time: others are hidden); hiding hides every one
    (jassdoc @bug: "will close any open multiboard")."""
    mb = _mb(mb)
    if mb is None:
        return
    for other in _b(ctx).multiboards:
        other.displayed = False
    mb.displayed = show


@native("IsMultiboardDisplayed", "takes multiboard lb returns boolean")
def IsMultiboardDisplayed(ctx, mb):
    """Is the multiboard shown (false for null)."""
    mb = _mb(mb)
    return mb is not None and mb.displayed


@native("MultiboardMinimize", "takes multiboard lb, boolean minimize returns nothing")
def MultiboardMinimize(ctx, mb, minimize):
    """Minimise/maximise."""
    mb = _mb(mb)
    if mb is not None:
        mb.minimized = minimize


@native("IsMultiboardMinimized", "takes multiboard lb returns boolean")
def IsMultiboardMinimized(ctx, mb):
    """Is the multiboard minimised (false for null)."""
    mb = _mb(mb)
    return mb is not None and mb.minimized


@native("MultiboardClear", "takes multiboard lb returns nothing")
def MultiboardClear(ctx, mb):
    """Erase every cell: 0 rows, 0 columns; the title stays."""
    mb = _mb(mb)
    if mb is not None:
        mb.cells, mb.rows, mb.columns = [], 0, 0


@native("MultiboardSetTitleText", "takes multiboard lb, string label returns nothing")
def MultiboardSetTitleText(ctx, mb, label):
    """Title of the multiboard."""
    mb = _mb(mb)
    if mb is not None:
        mb.title = label or ""


@native("MultiboardGetTitleText", "takes multiboard lb returns string")
def MultiboardGetTitleText(ctx, mb):
    """Title of the multiboard ("" when never set or null)."""
    mb = _mb(mb)
    return mb.title if mb is not None else ""


@native("MultiboardSetTitleTextColor", "takes multiboard lb, integer red, integer green, integer blue, "
        "integer alpha returns nothing")
def MultiboardSetTitleTextColor(ctx, mb, r, g, b, a):
    """Colour of the title (0..255)."""
    mb = _mb(mb)
    if mb is not None:
        mb.title_color = (r, g, b, a)


@native("MultiboardGetRowCount", "takes multiboard lb returns integer")
def MultiboardGetRowCount(ctx, mb):
    """Number of rows (0 for null)."""
    mb = _mb(mb)
    return mb.rows if mb is not None else 0


@native("MultiboardGetColumnCount", "takes multiboard lb returns integer")
def MultiboardGetColumnCount(ctx, mb):
    """Number of columns (0 for null)."""
    mb = _mb(mb)
    return mb.columns if mb is not None else 0


@native("MultiboardSetColumnCount", "takes multiboard lb, integer count returns nothing")
def MultiboardSetColumnCount(ctx, mb, count):
    """Resize to ``count`` columns (new cells have defaults)."""
    mb = _mb(mb)
    if mb is not None:
        mb.resize(mb.rows, count)


@native("MultiboardSetRowCount", "takes multiboard lb, integer count returns nothing")
def MultiboardSetRowCount(ctx, mb, count):
    """Resize to ``count`` rows (new cells have defaults)."""
    mb = _mb(mb)
    if mb is not None:
        mb.resize(count, mb.columns)


@native("MultiboardSetItemsStyle", "takes multiboard lb, boolean showValues, boolean showIcons returns nothing")
def MultiboardSetItemsStyle(ctx, mb, values, icons):
    """Style of every cell."""
    mb = _mb(mb)
    if mb is not None:
        for c in mb.all_cells():
            c.show_value, c.show_icon = values, icons


@native("MultiboardSetItemsValue", "takes multiboard lb, string value returns nothing")
def MultiboardSetItemsValue(ctx, mb, value):
    """Text of every cell."""
    mb = _mb(mb)
    if mb is not None:
        for c in mb.all_cells():
            c.value = value or ""


@native("MultiboardSetItemsValueColor", "takes multiboard lb, integer red, integer green, integer blue, "
        "integer alpha returns nothing")
def MultiboardSetItemsValueColor(ctx, mb, r, g, b, a):
    """Text colour of every cell (0..255)."""
    mb = _mb(mb)
    if mb is not None:
        for c in mb.all_cells():
            c.value_color = (r, g, b, a)


@native("MultiboardSetItemsWidth", "takes multiboard lb, real width returns nothing")
def MultiboardSetItemsWidth(ctx, mb, width):
    """Width of every cell (fraction of the screen width)."""
    mb = _mb(mb)
    if mb is not None:
        for c in mb.all_cells():
            c.width = width


@native("MultiboardSetItemsIcon", "takes multiboard lb, string iconPath returns nothing")
def MultiboardSetItemsIcon(ctx, mb, icon):
    """Icon of every cell."""
    mb = _mb(mb)
    if mb is not None:
        for c in mb.all_cells():
            c.icon = icon


@native("MultiboardGetItem", "takes multiboard lb, integer row, integer column returns multiboarditem")
def MultiboardGetItem(ctx, mb, row, column):
    """A new handle on cell (row, column), 0-based; null when out of range."""
    mb = _mb(mb)
    if mb is None or not (0 <= row < mb.rows and 0 <= column < mb.columns):
        return None
    return new_handle(ctx.game, MultiboardItem(mb, row, column))


@native("MultiboardReleaseItem", "takes multiboarditem mbi returns nothing")
def MultiboardReleaseItem(ctx, mbi):
    """Free a cell handle (the cell is unchanged)."""
    mbi = alive(mbi)
    if mbi is not None:
        destroy_handle(ctx.game, mbi)


def _cell(mbi) -> MultiboardCell | None:
    mbi = alive(mbi)
    return mbi.cell() if mbi is not None else None


@native("MultiboardSetItemStyle", "takes multiboarditem mbi, boolean showValue, boolean showIcon returns nothing")
def MultiboardSetItemStyle(ctx, mbi, value, icon):
    """Style of one cell."""
    c = _cell(mbi)
    if c is not None:
        c.show_value, c.show_icon = value, icon


@native("MultiboardSetItemValue", "takes multiboarditem mbi, string val returns nothing")
def MultiboardSetItemValue(ctx, mbi, val):
    """Text of one cell."""
    c = _cell(mbi)
    if c is not None:
        c.value = val or ""


@native("MultiboardSetItemValueColor", "takes multiboarditem mbi, integer red, integer green, integer blue, "
        "integer alpha returns nothing")
def MultiboardSetItemValueColor(ctx, mbi, r, g, b, a):
    """Text colour of one cell (0..255)."""
    c = _cell(mbi)
    if c is not None:
        c.value_color = (r, g, b, a)


@native("MultiboardSetItemWidth", "takes multiboarditem mbi, real width returns nothing")
def MultiboardSetItemWidth(ctx, mbi, width):
    """Width of one cell (fraction of the screen width)."""
    c = _cell(mbi)
    if c is not None:
        c.width = width


@native("MultiboardSetItemIcon", "takes multiboarditem mbi, string iconFileName returns nothing")
def MultiboardSetItemIcon(ctx, mbi, icon):
    """Icon of one cell."""
    c = _cell(mbi)
    if c is not None:
        c.icon = icon


@native("MultiboardSuppressDisplay", "takes boolean flag returns nothing")
def MultiboardSuppressDisplay(ctx, flag):
    """Hide (true) every multiboard without changing their display flags, or undo it."""
    _b(ctx).multiboards_suppressed = flag


# ---------------------------------------------------------------------------------------
# Timer dialogs
# ---------------------------------------------------------------------------------------

def _td(td) -> TimerDialog | None:
    return alive(td)


@native("CreateTimerDialog", "takes timer t returns timerdialog")
def CreateTimerDialog(ctx, t):
    """A hidden timer dialog titled "Remaining" following timer ``t``."""
    td = new_handle(ctx.game, TimerDialog(t))
    _b(ctx).timer_dialogs.append(td)
    return td


@native("DestroyTimerDialog", "takes timerdialog whichDialog returns nothing")
def DestroyTimerDialog(ctx, td):
    """Destroy the dialog (the timer is not affected)."""
    td = _td(td)
    if td is None:
        return
    if td.displayed:
        td.displayed = False
        ctx.game.record("timer_dialog", title=td.title, shown=False)
    b = _b(ctx)
    if td in b.timer_dialogs:
        b.timer_dialogs.remove(td)
    destroy_handle(ctx.game, td)


@native("TimerDialogSetTitle", "takes timerdialog whichDialog, string title returns nothing")
def TimerDialogSetTitle(ctx, td, title):
    """Title shown before the time."""
    td = _td(td)
    if td is not None:
        td.title = title or ""


@native("TimerDialogSetTitleColor", "takes timerdialog whichDialog, integer red, integer green, integer blue, "
        "integer alpha returns nothing")
def TimerDialogSetTitleColor(ctx, td, r, g, b, a):
    """Colour of the title (0..255)."""
    td = _td(td)
    if td is not None:
        td.title_color = (r, g, b, a)


@native("TimerDialogSetTimeColor", "takes timerdialog whichDialog, integer red, integer green, integer blue, "
        "integer alpha returns nothing")
def TimerDialogSetTimeColor(ctx, td, r, g, b, a):
    """Colour of the time (0..255)."""
    td = _td(td)
    if td is not None:
        td.time_color = (r, g, b, a)


@native("TimerDialogSetSpeed", "takes timerdialog whichDialog, real speedMultFactor returns nothing")
def TimerDialogSetSpeed(ctx, td, speed):
    """Factor applied to the displayed time (1.0 default)."""
    td = _td(td)
    if td is not None:
        td.speed = speed


@native("TimerDialogDisplay", "takes timerdialog whichDialog, boolean display returns nothing")
def TimerDialogDisplay(ctx, td, display):
    """Show/hide (records ``timer_dialog`` on change)."""
    td = _td(td)
    if td is not None and td.displayed != display:
        td.displayed = display
        ctx.game.record("timer_dialog", title=td.title, shown=display)


@native("IsTimerDialogDisplayed", "takes timerdialog whichDialog returns boolean")
def IsTimerDialogDisplayed(ctx, td):
    """Is the dialog shown (false for null)."""
    td = _td(td)
    return td is not None and td.displayed


@native("TimerDialogSetRealTimeRemaining", "takes timerdialog whichDialog, real timeRemaining returns nothing")
def TimerDialogSetRealTimeRemaining(ctx, td, remaining):
    """Show ``timeRemaining`` game seconds counting down, no longer following the timer."""
    td = _td(td)
    if td is not None:
        td.real_time_remaining = (remaining, ctx.game.now)


def describe_leaderboard(lb: Leaderboard) -> dict[str, Any]:
    """Plain-data view of a leaderboard (for reports and tests)."""
    return {"label": lb.label, "displayed": lb.displayed,
            "items": [(it.label, it.value, it.player.id if it.player is not None else None)
                      for it in lb.items]}
