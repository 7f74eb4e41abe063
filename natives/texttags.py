"""Floating text tags (``texttag``): their own id space and lifetime (presentation only).

Ids (S071, jassdoc ``CreateTextTag``/``GetHandleId``)
    Text tags do not use the agent handle table: ids run from 99 down to 0, the first tag
    created is 99, at most 100 exist at once, and a freed id is reused last-freed-first.
    When all 100 exist, ``CreateTextTag`` returns tag 0 (the existing one, unchanged).

State
    Text and size (``SetTextTagText``: height is the font size in world units), position
    (world units; ``SetTextTagPosUnit`` takes the unit's position at the call, the tag does not
    follow), colour (0..255), velocity (world units per second as the API takes them),
    visibility (shown at creation), suspension, permanence, age, lifespan and fade point
    (game seconds).

Lifetime
    A new tag is permanent (it stays until destroyed). A tag made non-permanent expires when
    its age reaches its lifespan; age grows with game time unless the tag is suspended.
    An expired tag is destroyed and its id freed, as ``DestroyTextTag`` would.
"""
from __future__ import annotations

from typing import Any

from natives.handles import Handle, alive
from natives.presentation import widget_xy
from natives.registry import native

MAX_TEXT_TAGS = 100


class TextTag(Handle):
    """A ``texttag`` (own id space 99..0, S071)."""

    type_name = "texttag"
    counted = False

    def __init__(self, store: "TextTagStore", tag_id: int) -> None:
        super().__init__()
        self.store = store
        self.handle_id = tag_id
        self.text = ""
        self.size = 0.0
        self.pos = (0.0, 0.0, 0.0)
        self.unit = None
        self.color = (255, 255, 255, 255)
        self.velocity = (0.0, 0.0)
        self.visible = True
        self.suspended = False
        self.permanent = True
        self._age = 0.0
        self._age_at = store.now
        self.lifespan = 0.0
        self.fadepoint = 0.0
        self.created_at = store.now
        self._token = 0

    @property
    def age(self) -> float:
        """Age, game seconds (frozen while suspended)."""
        if self.suspended:
            return self._age
        return self._age + (self.store.now - self._age_at)

    def set_age(self, age: float) -> None:
        self._age = age
        self._age_at = self.store.now

    def freeze_age(self) -> None:
        self.set_age(self.age)


class TextTagStore:
    """Text tags of one game (``game.texttags``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self.tags: dict[int, TextTag] = {}
        self._free: list[int] = []
        self._next = MAX_TEXT_TAGS - 1
        if game is not None:
            game.scheduler.register("texttag_expire", self._expire)   # subject: the tag

    @property
    def now(self) -> float:
        return self.game.now if self.game is not None else 0.0

    def create(self) -> TextTag:
        if self._free:
            tid = self._free.pop()
        elif self._next >= 0:
            tid = self._next
            self._next -= 1
        else:
            return self.tags[0] if 0 in self.tags else self._make(0)
        return self._make(tid)

    def _make(self, tid: int) -> TextTag:
        tag = TextTag(self, tid)
        self.tags[tid] = tag
        return tag

    def destroy(self, tag: TextTag) -> None:
        if tag.destroyed:
            return
        tag.destroyed = True
        if self.tags.get(tag.handle_id) is tag:
            del self.tags[tag.handle_id]
            self._free.append(tag.handle_id)

    def live(self) -> list[TextTag]:
        """Existing tags, highest id (oldest slot) first."""
        return [self.tags[k] for k in sorted(self.tags, reverse=True)]

    def reschedule(self, tag: TextTag) -> None:
        """(Re)plan the expiry of a non-permanent, running tag."""
        tag._token += 1
        if tag.permanent or tag.suspended or tag.destroyed:
            return
        remaining = tag.lifespan - tag.age
        token = tag._token
        if remaining <= 0:
            self.destroy(tag)
            return
        if self.game is not None:
            self.game.schedule(remaining, "texttag_expire", token, subject=tag)

    def _expire(self, tag: TextTag, token: int) -> None:
        if tag._token == token and not tag.destroyed and not tag.permanent and not tag.suspended:
            self.destroy(tag)




def _store(ctx) -> TextTagStore:
    return ctx.game.texttags


def _t(t) -> TextTag | None:
    return alive(t)


@native("CreateTextTag", "takes nothing returns texttag")
def CreateTextTag(ctx):
    """A new text tag: id 99 first, then down to 0; tag 0 when 100 exist (S071)."""
    return _store(ctx).create()


@native("DestroyTextTag", "takes texttag t returns nothing")
def DestroyTextTag(ctx, t):
    """Destroy the tag; its id is the next one ``CreateTextTag`` hands out."""
    t = _t(t)
    if t is not None:
        _store(ctx).destroy(t)


@native("SetTextTagText", "takes texttag t, string s, real height returns nothing")
def SetTextTagText(ctx, t, s, height):
    """Text and font height (world units)."""
    t = _t(t)
    if t is not None:
        t.text = s or ""
        t.size = height


@native("SetTextTagPos", "takes texttag t, real x, real y, real heightOffset returns nothing")
def SetTextTagPos(ctx, t, x, y, height):
    """Position (x, y) and height above ground, world units."""
    t = _t(t)
    if t is not None:
        t.pos = (x, y, height)
        t.unit = None


@native("SetTextTagPosUnit", "takes texttag t, unit whichUnit, real heightOffset returns nothing")
def SetTextTagPosUnit(ctx, t, u, height):
    """Position at the unit's current position plus a height, world units."""
    t = _t(t)
    pos = widget_xy(u)
    if t is not None and pos is not None:
        t.pos = (pos[0], pos[1], height)
        t.unit = alive(u)


@native("SetTextTagColor", "takes texttag t, integer red, integer green, integer blue, integer alpha "
        "returns nothing")
def SetTextTagColor(ctx, t, r, g, b, a):
    """Colour (0..255 each)."""
    t = _t(t)
    if t is not None:
        t.color = (r, g, b, a)


@native("SetTextTagVelocity", "takes texttag t, real xvel, real yvel returns nothing")
def SetTextTagVelocity(ctx, t, xvel, yvel):
    """Drift velocity as the API takes it."""
    t = _t(t)
    if t is not None:
        t.velocity = (xvel, yvel)


@native("SetTextTagVisibility", "takes texttag t, boolean flag returns nothing")
def SetTextTagVisibility(ctx, t, flag):
    """Show/hide the tag."""
    t = _t(t)
    if t is not None:
        t.visible = flag


@native("SetTextTagSuspended", "takes texttag t, boolean flag returns nothing")
def SetTextTagSuspended(ctx, t, flag):
    """Freeze (true) or resume (false) the tag's aging and movement."""
    t = _t(t)
    if t is None or t.suspended == flag:
        return
    t.freeze_age()
    t.suspended = flag
    _store(ctx).reschedule(t)


@native("SetTextTagPermanent", "takes texttag t, boolean flag returns nothing")
def SetTextTagPermanent(ctx, t, flag):
    """Permanent tags never expire; others expire when their age reaches their lifespan."""
    t = _t(t)
    if t is not None:
        t.permanent = flag
        _store(ctx).reschedule(t)


@native("SetTextTagAge", "takes texttag t, real age returns nothing")
def SetTextTagAge(ctx, t, age):
    """Set the tag's age, game seconds."""
    t = _t(t)
    if t is not None:
        t.set_age(age)
        _store(ctx).reschedule(t)


@native("SetTextTagLifespan", "takes texttag t, real lifespan returns nothing")
def SetTextTagLifespan(ctx, t, lifespan):
    """Age (game seconds) at which a non-permanent tag expires."""
    t = _t(t)
    if t is not None:
        t.lifespan = lifespan
        _store(ctx).reschedule(t)


@native("SetTextTagFadepoint", "takes texttag t, real fadepoint returns nothing")
def SetTextTagFadepoint(ctx, t, fadepoint):
    """Age (game seconds) at which the tag starts fading."""
    t = _t(t)
    if t is not None:
        t.fadepoint = fadepoint


def describe(tag: TextTag) -> dict[str, Any]:
    """Plain-data view of a tag (for reports and tests)."""
    return {"id": tag.handle_id, "text": tag.text, "pos": tag.pos, "color": tag.color,
            "visible": tag.visible, "permanent": tag.permanent, "age": tag.age,
            "lifespan": tag.lifespan}
