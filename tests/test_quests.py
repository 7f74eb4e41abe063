"""Quests, quest items, defeat conditions: conformance 077, defaults, the quest timeline."""
from __future__ import annotations

from types import SimpleNamespace

import natives.quests  # noqa: F401  (registers the natives)
from natives.handles import HandleTable
from natives.quests import QuestLog
from natives.registry import NATIVES
from natives.response import Response


class FakeGame:
    def __init__(self):
        self.handles = HandleTable()
        self.timeline: list = []
        self.warnings: list[str] = []
        self.now = 0.0
        self.quests = QuestLog(self)

    def record(self, kind, **data):
        self.timeline.append((self.now, kind, data))

    def publish(self, event):
        pass

    def warn(self, message):
        self.warnings.append(message)


def make_ctx():
    return SimpleNamespace(game=FakeGame(), thread=SimpleNamespace(kind="action", response=Response()))


def call(ctx, name, *args):
    return NATIVES[name].func(ctx, *args)


def entries(ctx):
    return [(k, d) for _t, k, d in ctx.game.timeline]


def create_quest_bj(ctx, required, discovered, title, description, icon=""):
    """What Blizzard.j's CreateQuestBJ does, native by native."""
    q = call(ctx, "CreateQuest")
    call(ctx, "QuestSetTitle", q, title)
    call(ctx, "QuestSetDescription", q, description)
    call(ctx, "QuestSetIconPath", q, icon)
    call(ctx, "QuestSetRequired", q, required)
    call(ctx, "QuestSetDiscovered", q, discovered)
    call(ctx, "QuestSetCompleted", q, False)
    return q


def create_quest_item_bj(ctx, q, text):
    item = call(ctx, "QuestCreateItem", q)
    call(ctx, "QuestItemSetDescription", item, text)
    call(ctx, "QuestItemSetCompleted", item, False)
    return item


# -- conformance 077 and defaults ---------------------------------------------------------

def test_conformance_077_completed_toggles():
    ctx = make_ctx()
    q = call(ctx, "CreateQuest")
    call(ctx, "QuestSetTitle", q, "Conformance")
    call(ctx, "QuestSetDescription", q, "A quest made by a test.")
    assert call(ctx, "IsQuestCompleted", q) is False
    assert call(ctx, "IsQuestEnabled", q) is True
    call(ctx, "QuestSetCompleted", q, True)
    assert call(ctx, "IsQuestCompleted", q) is True
    call(ctx, "QuestSetCompleted", q, False)
    assert call(ctx, "IsQuestCompleted", q) is False


def test_new_quest_defaults():
    ctx = make_ctx()
    q = call(ctx, "CreateQuest")
    assert q.type_name == "quest" and q.handle_id >= 0x100000
    assert (q.title, q.description, q.icon) == ("", "", "")
    assert call(ctx, "IsQuestRequired", q) is True
    assert call(ctx, "IsQuestDiscovered", q) is True
    assert call(ctx, "IsQuestFailed", q) is False
    assert call(ctx, "IsQuestEnabled", q) is True
    assert ctx.game.quests == ctx.game.quests and list(ctx.game.quests) == [q]
    assert ctx.game.timeline == []  # untitled: not shown yet


def test_null_quest_handles():
    ctx = make_ctx()
    for name in ("IsQuestRequired", "IsQuestCompleted", "IsQuestDiscovered", "IsQuestFailed",
                 "IsQuestEnabled", "IsQuestItemCompleted"):
        assert call(ctx, name, None) is False
    assert call(ctx, "QuestCreateItem", None) is None
    call(ctx, "QuestSetTitle", None, "x")
    call(ctx, "QuestSetCompleted", None, True)
    call(ctx, "QuestItemSetDescription", None, "x")
    call(ctx, "DestroyQuest", None)
    call(ctx, "DefeatConditionSetDescription", None, "x")
    call(ctx, "DestroyDefeatCondition", None)
    assert ctx.game.timeline == []


def test_setters_and_getters():
    ctx = make_ctx()
    q = call(ctx, "CreateQuest")
    call(ctx, "QuestSetRequired", q, False)
    call(ctx, "QuestSetDiscovered", q, False)
    call(ctx, "QuestSetFailed", q, True)
    call(ctx, "QuestSetEnabled", q, False)
    call(ctx, "QuestSetIconPath", q, "ReplaceableTextures\\CommandButtons\\BTNFootman.blp")
    assert not call(ctx, "IsQuestRequired", q)
    assert not call(ctx, "IsQuestDiscovered", q)
    assert call(ctx, "IsQuestFailed", q)
    assert not call(ctx, "IsQuestEnabled", q)
    assert q.icon.endswith("BTNFootman.blp")
    call(ctx, "QuestSetTitle", q, None)  # a null string is stored as ""
    assert q.title == ""


# -- timeline --------------------------------------------------------------------------------

def test_create_quest_bj_records_one_entry_with_final_fields():
    ctx = make_ctx()
    q = create_quest_bj(ctx, False, False, "Rescue", "Find the captives.")
    assert entries(ctx) == [("quest_created", {"title": "Rescue", "description": "Find the captives.",
                                               "required": False, "discovered": False})]
    assert ctx.game.quests.find("Rescue") is q


def test_changes_after_creation_record_updates():
    ctx = make_ctx()
    q = create_quest_bj(ctx, True, True, "Defend Strahnbrad", "Hold the town.")
    ctx.game.now = 5.0
    call(ctx, "QuestSetDescription", q, "Hold the town until dawn.")
    call(ctx, "QuestSetDiscovered", q, True)  # unchanged: nothing
    call(ctx, "QuestSetIconPath", q, "icon.blp")
    call(ctx, "QuestSetCompleted", q, True)
    call(ctx, "QuestSetCompleted", q, True)  # unchanged: nothing
    call(ctx, "QuestSetCompleted", q, False)
    call(ctx, "QuestSetFailed", q, True)
    call(ctx, "QuestSetFailed", q, False)
    assert entries(ctx)[1:] == [
        ("quest_updated", {"title": "Defend Strahnbrad", "field": "description",
                           "value": "Hold the town until dawn."}),
        ("quest_updated", {"title": "Defend Strahnbrad", "field": "icon", "value": "icon.blp"}),
        ("quest_completed", {"title": "Defend Strahnbrad"}),
        ("quest_updated", {"title": "Defend Strahnbrad", "field": "completed", "value": False}),
        ("quest_failed", {"title": "Defend Strahnbrad"}),
        ("quest_updated", {"title": "Defend Strahnbrad", "field": "failed", "value": False}),
    ]


def test_same_instant_but_not_last_entry_records_update():
    ctx = make_ctx()
    q = create_quest_bj(ctx, True, True, "A", "a")
    ctx.game.record("transmission", speaker="x", text="y", duration=1.0)
    call(ctx, "QuestSetDescription", q, "b")
    assert entries(ctx)[-1] == ("quest_updated", {"title": "A", "field": "description", "value": "b"})


def test_quest_created_then_disabled_at_once_never_shows():
    ctx = make_ctx()
    q = create_quest_bj(ctx, True, True, "Secret", "hidden")
    call(ctx, "QuestSetEnabled", q, False)
    assert ctx.game.timeline == []
    ctx.game.now = 10.0
    item = create_quest_item_bj(ctx, q, "Find it")
    assert ctx.game.timeline == []  # items of a hidden quest are model-only
    call(ctx, "QuestSetEnabled", q, True)
    assert entries(ctx) == [
        ("quest_created", {"title": "Secret", "description": "hidden", "required": True,
                           "discovered": True}),
        ("quest_item", {"quest": "Secret", "text": "Find it", "completed": False}),
    ]
    assert item.quest is q


def test_disable_and_reenable_later():
    ctx = make_ctx()
    q = create_quest_bj(ctx, True, True, "Q", "d")
    ctx.game.now = 1.0
    call(ctx, "QuestSetEnabled", q, False)
    call(ctx, "QuestSetEnabled", q, False)
    ctx.game.now = 2.0
    call(ctx, "QuestSetEnabled", q, True)
    assert entries(ctx)[1:] == [
        ("quest_updated", {"title": "Q", "field": "enabled", "value": False}),
        ("quest_updated", {"title": "Q", "field": "enabled", "value": True}),
    ]


def test_untitled_quest_is_model_only_until_titled():
    ctx = make_ctx()
    q = call(ctx, "CreateQuest")
    call(ctx, "QuestSetDescription", q, "desc")
    call(ctx, "QuestSetCompleted", q, True)
    assert ctx.game.timeline == []
    ctx.game.now = 3.0
    call(ctx, "QuestSetTitle", q, "Late title")
    assert entries(ctx) == [("quest_created", {"title": "Late title", "description": "desc",
                                               "required": True, "discovered": True})]
    assert q.completed


def test_quest_items():
    ctx = make_ctx()
    q = create_quest_bj(ctx, True, True, "Main", "d")
    a = create_quest_item_bj(ctx, q, "Kill the ogre")
    b = create_quest_item_bj(ctx, q, "Return")
    assert [i.description for i in q.items] == ["Kill the ogre", "Return"]
    assert call(ctx, "IsQuestItemCompleted", a) is False
    call(ctx, "QuestItemSetCompleted", a, True)
    assert call(ctx, "IsQuestItemCompleted", a) is True
    call(ctx, "QuestItemSetDescription", b, "Return home")
    assert entries(ctx)[1:] == [
        ("quest_item", {"quest": "Main", "text": "Kill the ogre", "completed": False}),
        ("quest_item", {"quest": "Main", "text": "Return", "completed": False}),
        ("quest_item", {"quest": "Main", "text": "Kill the ogre", "completed": True}),
        ("quest_item", {"quest": "Main", "text": "Return home", "completed": False}),
    ]
    assert q.summary()["items"] == [{"text": "Kill the ogre", "completed": True},
                                    {"text": "Return home", "completed": False}]


def test_destroy_quest():
    ctx = make_ctx()
    q = create_quest_bj(ctx, True, True, "Gone", "d")
    item = create_quest_item_bj(ctx, q, "x")
    call(ctx, "DestroyQuest", q)
    assert q.destroyed and item.destroyed and list(ctx.game.quests) == []
    assert ctx.game.quests.find("Gone") is None
    assert call(ctx, "IsQuestEnabled", q) is False  # destroyed acts as null
    n = len(ctx.game.timeline)
    call(ctx, "QuestSetCompleted", q, True)
    assert len(ctx.game.timeline) == n


def test_quest_log_order_and_summary():
    ctx = make_ctx()
    create_quest_bj(ctx, True, True, "One", "1")
    create_quest_bj(ctx, False, True, "Two", "2")
    assert [q.title for q in ctx.game.quests] == ["One", "Two"]
    summary = ctx.game.quests.summary()
    assert summary[1]["title"] == "Two" and summary[1]["required"] is False


# -- defeat conditions, flash, update -------------------------------------------------------

def test_defeat_conditions():
    ctx = make_ctx()
    c = call(ctx, "CreateDefeatCondition")
    call(ctx, "DefeatConditionSetDescription", c, "Arthas dies")
    assert ctx.game.quests.defeat_conditions == [c] and c.description == "Arthas dies"
    call(ctx, "DestroyDefeatCondition", c)
    assert c.destroyed and ctx.game.quests.defeat_conditions == []
    assert ctx.game.timeline == []


def test_flash_and_force_update_are_counted():
    ctx = make_ctx()
    call(ctx, "FlashQuestDialogButton")
    call(ctx, "FlashQuestDialogButton")
    call(ctx, "ForceQuestDialogUpdate")
    assert ctx.game.quests.flashes == 2 and ctx.game.quests.dialog_updates == 1
