"""Quests, quest items and defeat conditions (common.j 1.30.4 "Quest API").

Model
    ``game.quests`` is a ``QuestLog``: a list of the live ``Quest`` objects in creation order
    (the order of the quest menu), plus ``defeat_conditions`` (live ``DefeatCondition``
    objects), ``flashes`` (``FlashQuestDialogButton`` calls) and ``dialog_updates``
    (``ForceQuestDialogUpdate`` calls). Scenario expectations read it directly::

        q = game.quests.find("Defend Strahnbrad")
        assert q.completed and not q.failed
        assert [i.description for i in q.items if i.completed] == [...]

Defaults of a new quest: enabled (conformance 077), not completed (077), not failed,
discovered and required, with empty title, description and icon path; a new quest item is not
completed and has an empty description. Sources: conformance 077 (enabled, not completed);
the other defaults follow a third-party TypeScript wrapper's documentation of ``CreateQuest``
("enabled, discovered and required, with no title, icon or description") -- medium confidence.
Blizzard.j's ``CreateQuestBJ`` and ``CreateQuestItemBJ`` set every field explicitly anyway.

Null handles: setters ignore a null (or destroyed) quest / item / condition, ``IsQuest*`` and
``IsQuestItemCompleted`` return false, and ``QuestCreateItem`` of a null quest returns null.

Timeline (kinds of ``natives.timeline``)
    A quest appears in the quest menu when it has a non-empty title and is enabled. Quests are
    created empty and then filled in field by field (``CreateQuestBJ``: title, description,
    icon, required, discovered, completed), so:

    - ``quest_created`` (title, description, required, discovered) is recorded when a quest
      first becomes visible -- its title is set non-empty while it is enabled, or it is
      enabled while titled;
    - while that entry is still the last timeline entry and the game time has not moved, later
      changes of the same quest's title / description / required / discovered update the entry
      in place rather than adding entries, so ``CreateQuestBJ`` gives exactly one entry with
      its final fields; disabling the quest in that window removes the entry (the quest never
      showed);
    - afterwards, changes of a visible quest record ``quest_updated`` (title, field, value)
      with field ``title``, ``description``, ``required``, ``discovered`` or ``icon``, and
      also ``enabled``, and ``completed``/``failed`` when those are set back to false;
    - ``quest_completed`` / ``quest_failed`` (title) when the flag becomes true;
    - ``quest_item`` (quest title, text, completed) when an item of a visible quest gets a new
      description or completion state; when a quest becomes visible again by being enabled,
      one ``quest_item`` entry per described item follows.

    Changes that do not change a value record nothing. Quests that are not visible (untitled
    or disabled) change only the model. Defeat conditions, ``FlashQuestDialogButton`` and
    ``ForceQuestDialogUpdate`` have no timeline kind: they change the model only.
"""
from __future__ import annotations

from natives.handles import Handle, alive
from natives.registry import native


class QuestItem(Handle):
    """A ``questitem`` agent: one requirement line of a quest."""

    type_name = "questitem"

    def __init__(self, quest: "Quest") -> None:
        super().__init__()
        self.quest = quest
        self.description = ""
        self.completed = False

    def __repr__(self) -> str:
        state = " destroyed" if self.destroyed else ""
        return f"<questitem {self.handle_id} {self.description!r}{state}>"


class Quest(Handle):
    """A ``quest`` agent (see the module doc for defaults).

    Attributes:
        title, description, icon: strings set by ``QuestSetTitle``/``Description``/``IconPath``.
        required, completed, discovered, failed, enabled: the flags of the quest.
        items: ``QuestItem`` objects in creation order.
        visible: True while the quest shows in the quest menu (titled and enabled) and its
            ``quest_created`` entry has been recorded.
    """

    type_name = "quest"

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.description = ""
        self.icon = ""
        self.required = True
        self.completed = False
        self.discovered = True
        self.failed = False
        self.enabled = True
        self.items: list[QuestItem] = []
        self.visible = False
        self._created_entry: tuple | None = None

    def summary(self) -> dict:
        """A plain-data view for reports and scenario expectations."""
        return {
            "title": self.title, "description": self.description, "icon": self.icon,
            "required": self.required, "completed": self.completed, "failed": self.failed,
            "discovered": self.discovered, "enabled": self.enabled,
            "items": [{"text": i.description, "completed": i.completed} for i in self.items],
        }

    def __repr__(self) -> str:
        state = " destroyed" if self.destroyed else ""
        return f"<quest {self.handle_id} {self.title!r}{state}>"


class DefeatCondition(Handle):
    """A ``defeatcondition`` agent: a line of text listed above every quest description
    (jassdoc ``CreateDefeatCondition``: the game shows it with a leading "-"). Text only; the
    script itself enforces the condition."""

    type_name = "defeatcondition"

    def __init__(self) -> None:
        super().__init__()
        self.description = ""

    def __repr__(self) -> str:
        state = " destroyed" if self.destroyed else ""
        return f"<defeatcondition {self.handle_id} {self.description!r}{state}>"


class QuestLog(list):
    """``game.quests``: the live quests in creation order (a ``list`` of ``Quest``).

    Attributes:
        defeat_conditions: live ``DefeatCondition`` objects in creation order.
        flashes: number of ``FlashQuestDialogButton`` calls (the quest button flashes).
        dialog_updates: number of ``ForceQuestDialogUpdate`` calls.
    """

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game
        self.defeat_conditions: list[DefeatCondition] = []
        self.flashes = 0
        self.dialog_updates = 0

    def __eq__(self, other):  # a log is its own object; compare by identity
        return self is other

    __hash__ = object.__hash__

    def find(self, title: str) -> Quest | None:
        """The first live quest titled ``title``, or None."""
        for q in self:
            if q.title == title:
                return q
        return None

    def summary(self) -> list[dict]:
        return [q.summary() for q in self]

    # -- lifecycle ----------------------------------------------------------------------
    def create(self) -> Quest:
        q = self.game.handles.allocate(Quest())
        self.append(q)
        return q

    def destroy(self, q: Quest) -> None:
        for item in q.items:
            self.game.handles.destroy(item)
        if q in self:
            self.remove(q)
        q.visible = False
        self.game.handles.destroy(q)

    def create_item(self, q: Quest) -> QuestItem:
        item = self.game.handles.allocate(QuestItem(q))
        q.items.append(item)
        return item

    def create_defeat_condition(self) -> DefeatCondition:
        c = self.game.handles.allocate(DefeatCondition())
        self.defeat_conditions.append(c)
        return c

    def destroy_defeat_condition(self, c: DefeatCondition) -> None:
        if c in self.defeat_conditions:
            self.defeat_conditions.remove(c)
        self.game.handles.destroy(c)

    # -- changes ------------------------------------------------------------------------
    def set_field(self, q: Quest, field: str, value) -> None:
        """Set ``title``/``description``/``icon``/``required``/``discovered`` and record."""
        if getattr(q, field) == value:
            return
        setattr(q, field, value)
        if not q.visible:
            if field == "title":
                self._maybe_show(q)
            return
        if self._fresh(q) and field in ("title", "description", "icon", "required", "discovered"):
            q._created_entry[2][field] = value
            return
        self.game.record("quest_updated", title=q.title, field=field, value=value)

    def set_enabled(self, q: Quest, enabled: bool) -> None:
        if q.enabled == enabled:
            return
        q.enabled = enabled
        if enabled:
            if not q.visible:
                self._maybe_show(q, with_items=True)
            return
        if not q.visible:
            return
        if self._fresh(q):
            self.game.timeline.pop()  # the quest never showed
            q._created_entry = None
            q.visible = False
            return
        q.visible = False
        self.game.record("quest_updated", title=q.title, field="enabled", value=False)

    def set_flag(self, q: Quest, flag: str, value: bool) -> None:
        """Set ``completed`` or ``failed`` and record."""
        if getattr(q, flag) == value:
            return
        setattr(q, flag, value)
        if not q.visible:
            return
        if value:
            self.game.record("quest_completed" if flag == "completed" else "quest_failed",
                             title=q.title)
        else:
            self.game.record("quest_updated", title=q.title, field=flag, value=False)

    def set_item(self, item: QuestItem, field: str, value) -> None:
        """Set an item's ``description`` or ``completed`` and record ``quest_item``."""
        if getattr(item, field) == value:
            return
        setattr(item, field, value)
        q = item.quest
        if q.visible and not q.destroyed and item in q.items:
            self.game.record("quest_item", quest=q.title, text=item.description,
                             completed=item.completed)

    # -- internals ----------------------------------------------------------------------
    def _fresh(self, q: Quest) -> bool:
        entry = q._created_entry
        timeline = self.game.timeline
        return (entry is not None and bool(timeline) and timeline[-1] is entry
                and entry[0] == self.game.now)

    def _maybe_show(self, q: Quest, with_items: bool = False) -> None:
        if q.visible or not q.enabled or not q.title or q.destroyed:
            return
        q.visible = True
        if q._created_entry is None:
            self.game.record("quest_created", title=q.title, description=q.description,
                             required=q.required, discovered=q.discovered)
            q._created_entry = self.game.timeline[-1]
        else:
            self.game.record("quest_updated", title=q.title, field="enabled", value=True)
        if with_items:
            for item in q.items:
                if item.description:
                    self.game.record("quest_item", quest=q.title, text=item.description,
                                     completed=item.completed)


def quest_log(game) -> QuestLog:
    """``game.quests``, built on first use."""
    return game.quests


def _text(s: str | None) -> str:
    return s if s is not None else ""


# ---------------------------------------------------------------------------------------
# Natives
# ---------------------------------------------------------------------------------------

@native("CreateQuest", "takes nothing returns quest")
def CreateQuest(ctx):
    """A new quest: enabled, discovered, required, not completed/failed, empty texts (module
    doc). It joins the end of ``game.quests``; the timeline shows it once titled."""
    return quest_log(ctx.game).create()


@native("DestroyQuest", "takes quest whichQuest returns nothing")
def DestroyQuest(ctx, q):
    """Remove the quest (and its items) from the quest menu and destroy the handles."""
    q = alive(q)
    if q is not None:
        quest_log(ctx.game).destroy(q)


@native("QuestSetTitle", "takes quest whichQuest, string title returns nothing")
def QuestSetTitle(ctx, q, title):
    """Set the title; a first non-empty title on an enabled quest records ``quest_created``."""
    q = alive(q)
    if q is not None:
        quest_log(ctx.game).set_field(q, "title", _text(title))


@native("QuestSetDescription", "takes quest whichQuest, string description returns nothing")
def QuestSetDescription(ctx, q, description):
    """Set the description text shown when the quest is selected."""
    q = alive(q)
    if q is not None:
        quest_log(ctx.game).set_field(q, "description", _text(description))


@native("QuestSetIconPath", "takes quest whichQuest, string iconPath returns nothing")
def QuestSetIconPath(ctx, q, path):
    """Set the icon texture path (stored as given)."""
    q = alive(q)
    if q is not None:
        quest_log(ctx.game).set_field(q, "icon", _text(path))


@native("QuestSetRequired", "takes quest whichQuest, boolean required   returns nothing")
def QuestSetRequired(ctx, q, required):
    """Main (true) or optional (false) quest."""
    q = alive(q)
    if q is not None:
        quest_log(ctx.game).set_field(q, "required", bool(required))


@native("QuestSetCompleted", "takes quest whichQuest, boolean completed  returns nothing")
def QuestSetCompleted(ctx, q, completed):
    """Set the completed flag (conformance 077); true records ``quest_completed``."""
    q = alive(q)
    if q is not None:
        quest_log(ctx.game).set_flag(q, "completed", bool(completed))


@native("QuestSetDiscovered", "takes quest whichQuest, boolean discovered returns nothing")
def QuestSetDiscovered(ctx, q, discovered):
    """Set the discovered flag (an undiscovered quest shows as a placeholder)."""
    q = alive(q)
    if q is not None:
        quest_log(ctx.game).set_field(q, "discovered", bool(discovered))


@native("QuestSetFailed", "takes quest whichQuest, boolean failed     returns nothing")
def QuestSetFailed(ctx, q, failed):
    """Set the failed flag; true records ``quest_failed``."""
    q = alive(q)
    if q is not None:
        quest_log(ctx.game).set_flag(q, "failed", bool(failed))


@native("QuestSetEnabled", "takes quest whichQuest, boolean enabled    returns nothing")
def QuestSetEnabled(ctx, q, enabled):
    """List (true) or unlist (false) the quest in the quest menu."""
    q = alive(q)
    if q is not None:
        quest_log(ctx.game).set_enabled(q, bool(enabled))


@native("IsQuestRequired", "takes quest whichQuest returns boolean")
def IsQuestRequired(ctx, q):
    q = alive(q)
    return q.required if q is not None else False


@native("IsQuestCompleted", "takes quest whichQuest returns boolean")
def IsQuestCompleted(ctx, q):
    """Conformance 077: false for a new quest, then what ``QuestSetCompleted`` set."""
    q = alive(q)
    return q.completed if q is not None else False


@native("IsQuestDiscovered", "takes quest whichQuest returns boolean")
def IsQuestDiscovered(ctx, q):
    q = alive(q)
    return q.discovered if q is not None else False


@native("IsQuestFailed", "takes quest whichQuest returns boolean")
def IsQuestFailed(ctx, q):
    q = alive(q)
    return q.failed if q is not None else False


@native("IsQuestEnabled", "takes quest whichQuest returns boolean")
def IsQuestEnabled(ctx, q):
    """Conformance 077: true for a new quest."""
    q = alive(q)
    return q.enabled if q is not None else False


@native("QuestCreateItem", "takes quest whichQuest returns questitem")
def QuestCreateItem(ctx, q):
    """A new requirement line at the bottom of the quest (empty, not completed); null for a
    null quest."""
    q = alive(q)
    if q is None:
        return None
    return quest_log(ctx.game).create_item(q)


@native("QuestItemSetDescription", "takes questitem whichQuestItem, string description returns nothing")
def QuestItemSetDescription(ctx, item, description):
    item = alive(item)
    if item is not None:
        quest_log(ctx.game).set_item(item, "description", _text(description))


@native("QuestItemSetCompleted", "takes questitem whichQuestItem, boolean completed returns nothing")
def QuestItemSetCompleted(ctx, item, completed):
    item = alive(item)
    if item is not None:
        quest_log(ctx.game).set_item(item, "completed", bool(completed))


@native("IsQuestItemCompleted", "takes questitem whichQuestItem returns boolean")
def IsQuestItemCompleted(ctx, item):
    item = alive(item)
    return item.completed if item is not None else False


@native("CreateDefeatCondition", "takes nothing returns defeatcondition")
def CreateDefeatCondition(ctx):
    """A new defeat condition with empty text, listed above every quest description."""
    return quest_log(ctx.game).create_defeat_condition()


@native("DestroyDefeatCondition", "takes defeatcondition whichCondition returns nothing")
def DestroyDefeatCondition(ctx, c):
    c = alive(c)
    if c is not None:
        quest_log(ctx.game).destroy_defeat_condition(c)


@native("DefeatConditionSetDescription", "takes defeatcondition whichCondition, string description returns nothing")
def DefeatConditionSetDescription(ctx, c, description):
    c = alive(c)
    if c is not None:
        c.description = _text(description)


@native("FlashQuestDialogButton", "takes nothing returns nothing")
def FlashQuestDialogButton(ctx):
    """Flash the quest menu button (counted in ``game.quests.flashes``)."""
    quest_log(ctx.game).flashes += 1


@native("ForceQuestDialogUpdate", "takes nothing returns nothing")
def ForceQuestDialogUpdate(ctx):
    """Redraw the quest menu (counted in ``game.quests.dialog_updates``; the model is always
    current)."""
    quest_log(ctx.game).dialog_updates += 1

