"""Scenario files (``*.scenario.yaml``): the models and the loader (issue #6).

A scenario names a map (or an ordered campaign of maps), the API folder, a seed, the local
player and slot overrides, then ordered ``steps`` (advance game time, run until a condition,
inject what a player or the world would do) and final ``expect``\\ ations. Every time is **game
time** in game seconds; durations are written ``30s``, ``5m``, ``1m30s``, ``1h``, ``250ms`` or
as plain numbers (seconds). ``docs/scenarios.md`` is the reference page with an example of
every step and expectation.

Loading uses PyYAML's safe loader (``MarkedLoader``, which also remembers where each value
was written) and validates with pydantic v2 models; any problem raises
``ScenarioFileError`` naming ``file:line:col``. Paths (``map``, ``campaign``, ``api``) may
use ``${VAR}`` environment variables and resolve against the scenario file's folder.

Names: units, rects, regions, triggers, dialogs and other handles are named as the script
names them -- its global variables (``gg_unit_Hpal_0001``, ``gg_rct_Village``,
``gg_trg_Intro``, ``udg_heroes[2]`` for an array element); a unit may also be picked by type
and owner (``{type: Hpal, owner: 0}``), a place by coordinates (``{x: 0, y: 512}``).
"""
from __future__ import annotations

import difflib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import yaml
from pydantic import (BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag,
                      ValidationError, model_validator)

from maps.duration import parse_duration
from natives.frames import FRAME_EVENTS
from natives.sandbox import check_name

__all__ = [
    "Scenario", "ScenarioFileError", "load_scenario", "parse_scenario", "parse_duration",
    "Condition", "Step", "describe", "STEP_KINDS", "CONDITION_KINDS",
]

DEFAULT_BUDGET = 3600.0
"""Game seconds a scenario may simulate in all when it gives no ``budget`` (one hour)."""


class ScenarioFileError(Exception):
    """A scenario file that cannot be read or does not match the schema.

    ``str(err)`` is ``file:line:col: message`` (line and column 1-based; omitted when
    unknown); a schema error with several problems has the first in file order here, the
    others in ``also`` (each its own error), and ``str(err)`` gives one line per problem.
    """

    def __init__(self, file: str | os.PathLike, line: int | None, column: int | None, message: str):
        self.file = str(file)
        self.line = line
        self.column = column
        self.message = message
        self.also: tuple[ScenarioFileError, ...] = ()
        super().__init__(self.location + ": " + message)

    @property
    def location(self) -> str:
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}:{self.column or 1}"


# ---------------------------------------------------------------------------------------
# YAML with marks
# ---------------------------------------------------------------------------------------

MAX_FILE_BYTES = 1 << 20
"""Largest scenario file read (1 MiB), checked before reading."""

MAX_DEPTH = 64
"""Deepest nesting of mappings and lists in a scenario file (aliases counted expanded)."""

MAX_NODES = 50_000
"""Most values (scalars, mappings, lists) a scenario file may hold, aliases expanded."""

MAX_ALIAS_NODES = 10_000
"""Most values the aliases (``*name``) of a scenario file may add in all: a document that
aliases expand beyond this (an "alias bomb", a few hundred bytes standing for billions of
values) is refused while it is read, before anything is expanded."""


_SURROGATE = re.compile("[\ud800-\udfff]")


class LimitError(yaml.MarkedYAMLError):
    """A YAML document the scenario loader refuses: too deep, too large once aliases are
    expanded, a recursive alias, or a duplicate key (``problem`` says which, at
    ``problem_mark``)."""

    def __init__(self, problem: str, mark) -> None:
        super().__init__(problem=problem, problem_mark=mark)


class MarkedLoader(yaml.SafeLoader):
    """The safe loader that also records, for each value of the document, the line and
    column (1-based) where it was written, by path (``("steps", 2, "kill")``) in ``marks``.
    The path of a mapping key points at the key; of a value, at the value.

    While composing it bounds what a hostile file can make it do (``LimitError``): nesting
    deeper than ``MAX_DEPTH``, more than ``MAX_NODES`` values, aliases adding more than
    ``MAX_ALIAS_NODES`` values (counted with the size of what they stand for, never by
    expanding them), an alias inside the collection it names, and a key given twice in one
    mapping (merge keys ``<<`` excepted), and text holding a lone surrogate (``"\\ud800"``:
    not a character, it could not be printed in a report)."""

    def __init__(self, stream):
        super().__init__(stream)
        self.value_marks: dict[tuple, tuple[int, int]] = {}
        self.key_positions: dict[tuple, tuple[int, int]] = {}
        self._depth = 0
        self._values = 0            # values of the document so far, aliases expanded
        self._alias_values = 0      # ... of which the aliases stand for
        self._shape: dict[int, tuple[int, int]] = {}   # id(node) -> (values, height)

    def fetch_flow_collection_start(self, TokenClass):
        # the scanner's work grows with the square of the flow depth: bound it as it reads
        if self.flow_level >= MAX_DEPTH:
            raise LimitError(f"nested deeper than {MAX_DEPTH} levels", self.get_mark())
        super().fetch_flow_collection_start(TokenClass)

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            node = super().compose_node(parent, index)
            shape = self._shape.get(id(node))
            if shape is None:
                raise LimitError("an alias refers to a mapping or list that contains it", mark)
            values, height = shape
            self._values += values
            self._alias_values += values
            if self._alias_values > MAX_ALIAS_NODES:
                raise LimitError(f"aliases expand the document by more than {MAX_ALIAS_NODES} "
                                 "values", mark)
            self._bound(mark, self._depth + height)
            return node
        mark = self.peek_event().start_mark
        self._depth += 1
        self._values += 1
        try:
            self._bound(mark, self._depth)
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
            self._unique_keys(node)
        elif isinstance(node, yaml.SequenceNode):
            children = node.value
        else:
            children = ()
            if _SURROGATE.search(node.value):
                raise LimitError("text with a lone surrogate escape (\\uD800-\\uDFFF) is not "
                                 "allowed", mark)
        shapes = [self._shape[id(c)] for c in children]
        self._shape[id(node)] = (1 + sum(v for v, _ in shapes), 1 + max((h for _, h in shapes), default=0))
        return node

    def _bound(self, mark, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise LimitError(f"nested deeper than {MAX_DEPTH} levels", mark)
        if self._values > MAX_NODES:
            raise LimitError(f"more than {MAX_NODES} values in the document", mark)

    def _unique_keys(self, node: yaml.MappingNode) -> None:
        seen: dict[Any, yaml.Node] = {}
        for key_node, _value in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                continue
            try:
                key = self.construct_object(key_node)
                hash(key)
            except Exception:   # reported when the document is constructed
                continue
            first = seen.get(key)
            if first is not None:
                raise LimitError(f"duplicate key {key_node.value!r} (first at line "
                                 f"{first.start_mark.line + 1})", key_node.start_mark)
            seen[key] = key_node

    def construct_object(self, node, deep=False):
        """The safe constructor's, with a value it cannot build (an explicit ``!!timestamp``
        that is no date, an integer of thousands of digits...) reported at its position."""
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, TypeError, OverflowError, AttributeError) as err:
            # AttributeError: PyYAML's timestamp constructor on a ``!!timestamp`` its own
            # pattern does not match (``2001-13-45 - x``)
            raise yaml.constructor.ConstructorError(None, None, f"bad value: {err}",
                                                    node.start_mark) from None

    def _walk(self, node: yaml.Node, path: tuple) -> None:
        self.value_marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                try:
                    key = self.construct_object(key_node, deep=True)
                except (yaml.YAMLError, ValueError, TypeError, OverflowError, AttributeError):
                    continue
                if isinstance(key, (list, dict)):
                    continue
                self.key_positions[path + (key,)] = (key_node.start_mark.line + 1,
                                                 key_node.start_mark.column + 1)
                self._walk(value_node, path + (key,))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                self._walk(item, path + (i,))

    def load_marked(self) -> Any:
        """The document's data (None for an empty document), filling ``marks``."""
        node = self.get_single_node()
        if node is None:
            return None
        self._walk(node, ())
        return self.construct_document(node)


# YAML 1.2 booleans: only true/false (any case). YAML 1.1 would read a button text such as
# ``Yes``, ``No``, ``On`` or ``Off`` as a boolean. No implicit timestamps either (YAML 1.2
# has none): ``2001-12-14`` is text.
MarkedLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers
            if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
MarkedLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"))


# ---------------------------------------------------------------------------------------
# Scalars: durations, rawcodes
# ---------------------------------------------------------------------------------------

MAX_WALL_SECONDS = 24 * 3600.0
"""Largest ``max_wall`` (wall-clock seconds a scenario's clock may run): one day."""


def format_duration(seconds: float) -> str:
    """``95.5`` -> ``"1m35.5s"`` (game seconds as scenario files write them)."""
    seconds = round(float(seconds), 3)
    m, s = divmod(seconds, 60)
    s = round(s, 3)
    if not m:
        return f"{s:g}s"
    return f"{int(m)}m" + (f"{s:g}s" if s else "")


def _rawcode(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return "".join(chr((value >> sh) & 0xFF) for sh in (24, 16, 8, 0))
    if isinstance(value, str) and len(value) == 4:
        return value
    raise ValueError(f"a rawcode is 4 characters like 'Hpal' (got {value!r})")


Duration = Annotated[float, BeforeValidator(parse_duration)]
Rawcode = Annotated[str, BeforeValidator(_rawcode)]
PlayerId = Annotated[int, Field(ge=0, le=27)]
JassInt = Annotated[int, Field(ge=-2**31, le=2**31 - 1)]
"""An integer a JASS ``integer`` can hold (32-bit)."""


def _slot_name(value: Any) -> str:
    """A save slot name of ``save:``/``load:`` (one safe file name, ``natives.sandbox``)."""
    if not isinstance(value, str):
        raise ValueError("a save name is text like 'before-wave'")
    why = check_name(value, "save name")
    if why is not None:
        raise ValueError(why)
    return value


def _game_save_name(value: Any) -> str:
    """A saved-game name of ``save_game:`` as the game takes it (``Zones\\X``: folders
    separated by ``\\`` or ``/``, each part a safe file name)."""
    if not isinstance(value, str):
        raise ValueError("a save name is text like 'MySave'")
    parts = [x for x in value.replace("\\", "/").split("/") if x != ""]
    if not parts or value.startswith(("/", "\\")):
        raise ValueError("a save name is not empty and not absolute")
    for part in parts:
        why = check_name(part, "save name")
        if why is not None:
            raise ValueError(why)
    return value


SlotName = Annotated[str, BeforeValidator(_slot_name)]
GameSaveName = Annotated[str, BeforeValidator(_game_save_name)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=False,
                              allow_inf_nan=False)


# ---------------------------------------------------------------------------------------
# References to things of the script
# ---------------------------------------------------------------------------------------

class Point(_Model):
    """A point, world units."""

    x: float
    y: float


class RectBounds(_Model):
    """An explicit rectangle, world units: ``rect: [min_x, min_y, max_x, max_y]``."""

    rect: tuple[float, float, float, float]


PlaceRef = Union[str, Point, RectBounds]
"""A rect or region global (``gg_rct_Village``), a point, or explicit bounds."""


class UnitQuery(_Model):
    """A unit picked by type, owner and place: the ``index``-th (0-based, creation order)
    unit of that type owned by that player (inside ``in``: a rect, region or bounds), among
    live units unless ``alive`` says otherwise. With ``every: true`` (``kill`` and
    ``order`` steps only) the step applies to every matching unit, in creation order, and
    fails when none matches."""

    type: Rawcode | None = None
    owner: PlayerId | None = None
    in_: PlaceRef | None = Field(None, alias="in")
    index: int = Field(0, ge=0)
    alive: bool | None = True
    every: bool = False

    @model_validator(mode="after")
    def _some(self):
        if self.type is None and self.owner is None and self.in_ is None:
            raise ValueError("a unit query needs 'type', 'owner' or 'in'")
        if self.every and "index" in self.model_fields_set:
            raise ValueError("a unit query takes 'index' or 'every', not both")
        return self


UnitRef = Union[str, UnitQuery]
"""A unit global (``gg_unit_Hpal_0001``, ``udg_heroes[1]``) or a ``UnitQuery``."""


class ItemQuery(_Model):
    """An item picked by type: the ``index``-th live item of that type (on the ground or
    carried); ``create: true`` creates one at the unit when none exists."""

    type: Rawcode
    index: int = Field(0, ge=0)
    create: bool = True


ItemRef = Union[str, ItemQuery]


def _wrap(key: str, *bare_types: type):
    """Accept ``{key: value}`` written as the bare value."""
    def before(v: Any) -> Any:
        if isinstance(v, bare_types) and not isinstance(v, bool):
            return {key: v}
        if key == "unit" and isinstance(v, dict) and key not in v and ("type" in v or "owner" in v):
            return {key: v}
        return v
    return before


# ---------------------------------------------------------------------------------------
# Conditions (run_until) and expectations
# ---------------------------------------------------------------------------------------

_CMP = ("eq", "ne", "lt", "le", "gt", "ge")


class _Compare(_Model):
    """Comparison operators: every one given must hold (``ge: 3, lt: 10``)."""

    eq: Any = None
    ne: Any = None
    lt: int | float | None = None
    le: int | float | None = None
    gt: int | float | None = None
    ge: int | float | None = None

    def comparisons(self) -> list[tuple[str, Any]]:
        """(operator, operand) pairs given in the file."""
        return [(op, getattr(self, op)) for op in _CMP if op in self.model_fields_set]


class OutcomeCond(_Model):
    """The mission outcome of ``player`` (default: the local player): ``victory``,
    ``defeat``, ``tie``, ``neutral``, or ``none`` (no result yet)."""

    outcome: Literal["victory", "defeat", "tie", "neutral", "none"]
    player: PlayerId | None = None


class QuestCond(_Model):
    """A quest by title: ``created`` (it exists), ``completed``, ``failed``,
    ``discovered``, or ``absent`` (no quest has that title)."""

    quest: str
    state: Literal["created", "completed", "failed", "discovered", "absent"] = "created"


class GlobalCond(_Compare):
    """A global's value (``index`` for an array element) compared with eq/ne/lt/le/gt/ge."""

    global_: str = Field(alias="global")
    index: int | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _needs_cmp(self):
        if not self.comparisons():
            raise ValueError("compare the global with one of eq, ne, lt, le, gt, ge")
        return self


class UnitFilter(_Model):
    """Which units to count: owner, type, alive (default true; null counts dead too), and
    an optional place (``in``)."""

    owner: PlayerId | None = None
    type: Rawcode | None = None
    alive: bool | None = True
    in_: PlaceRef | None = Field(None, alias="in")


class UnitsCond(_Compare):
    """How many units match ``units`` (a ``UnitFilter``), compared with eq/ne/lt/le/gt/ge
    (``count`` is short for ``eq``)."""

    units: UnitFilter
    count: int | None = Field(None, ge=0)

    def comparisons(self) -> list[tuple[str, Any]]:
        extra = [("eq", self.count)] if self.count is not None else []
        return extra + super().comparisons()

    @model_validator(mode="after")
    def _needs_cmp(self):
        if not self.comparisons():
            raise ValueError("give 'count' or one of eq, ne, lt, le, gt, ge")
        return self


class UnitCond(_Model):
    """One unit's state: ``alive``, ``owner``, ``in`` a place, ``exists`` (not removed);
    ``life`` and ``mana`` (equal within 0.01), ``cooldown`` (an ability rawcode that is on
    cooldown), ``ready`` (an ability rawcode that is not), ``buff`` (a buff rawcode the unit
    has), ``no_buff`` (one it has not), ``ability`` (an ability rawcode the unit has, at a
    level above 0) and ``no_ability`` (one it has not)."""

    unit: UnitRef
    alive: bool | None = None
    exists: bool | None = None
    owner: PlayerId | None = None
    in_: PlaceRef | None = Field(None, alias="in")
    life: float | None = None
    mana: float | None = None
    cooldown: Rawcode | None = None
    ready: Rawcode | None = None
    buff: Rawcode | None = None
    no_buff: Rawcode | None = None
    ability: Rawcode | None = None
    no_ability: Rawcode | None = None


class TriggerCond(_Compare):
    """How often a trigger fired (its actions started): ``fired: true`` (at least once, the
    default), ``fired: false`` (never), ``times: N`` (exactly N) or eq/ne/lt/le/gt/ge."""

    trigger: str
    fired: bool | None = None
    times: int | None = Field(None, ge=0)

    def comparisons(self) -> list[tuple[str, Any]]:
        extra = [("eq", self.times)] if self.times is not None else []
        return extra + super().comparisons()

    @model_validator(mode="after")
    def _default(self):
        if self.fired is None and not self.comparisons():
            self.fired = True
        return self


class Regex(_Model):
    regex: str

    @model_validator(mode="after")
    def _compiles(self):
        try:
            re.compile(self.regex)
        except re.error as err:
            raise ValueError(f"bad regex: {err}") from None
        return self


class MessageCond(_Model):
    """A text message was shown (``DisplayTextToPlayer``..., transmissions too) to
    ``player`` (default: the local player): ``message: text`` matches when the text contains
    it (color codes removed), ``message: {regex: ...}`` by regular expression search.
    ``shown: false`` asserts that no such message was shown."""

    message: Union[str, Regex]
    player: PlayerId | None = None
    shown: bool = True


class DialogCond(_Model):
    """A dialog is currently shown to ``player`` (default: the local player): ``dialog: true``
    (any) or its title, optionally with exactly these ``buttons`` (texts, in order).
    ``shown: false`` asserts that no such dialog is shown."""

    dialog: Union[bool, str]
    buttons: list[str] | None = None
    player: PlayerId | None = None
    shown: bool = True


class GameCacheCond(_Compare):
    """A game cache value: cache file name, mission key and key; ``kind`` (integer, real,
    boolean, string, unit) defaults to the kind of the compared value. Without a
    comparison it asserts the value exists (``exists: false``: it does not). Reads the live
    cache of that name when the script initialised one, else the saved copy (what
    ``SaveGameCache`` wrote, carried to the next mission); ``saved: true`` always reads the
    saved copy."""

    gamecache: str
    mission: str
    key: str
    kind: Literal["integer", "real", "boolean", "string", "unit"] | None = None
    exists: bool | None = None
    saved: bool = False

    @model_validator(mode="after")
    def _kind(self):
        if self.kind is None:
            cmps = self.comparisons()
            if not cmps:
                raise ValueError("give 'kind' (integer, real, boolean, string, unit) or a "
                                 "comparison (eq: 5)")
            v = cmps[0][1]
            self.kind = ("boolean" if isinstance(v, bool) else "integer" if isinstance(v, int)
                         else "real" if isinstance(v, float) else "string")
        return self


class NoErrorsCond(_Model):
    """No runtime error (thread crash) was recorded."""

    no_runtime_errors: Literal[True]


class ErrorSpec(_Model):
    """One expected runtime error: its ``kind`` (``op-limit``, ``uninitialized``,
    ``division-by-zero``, ``forbidden-wait``, ``missing-native``...) and/or a ``message``
    substring."""

    kind: str | None = None
    message: str | None = None


class ErrorsCond(_Model):
    """Exactly these runtime errors were recorded (each spec matches one error, in any
    order, and no other error occurred)."""

    runtime_errors: list[ErrorSpec]


class EndedCond(_Model):
    """Whether the mission has ended (victory, defeat, ``EndGame``...)."""

    ended: bool


class AnyCond(_Model):
    """At least one of the conditions holds."""

    any: list["Condition"] = Field(min_length=1)


class AllCond(_Model):
    """Every condition holds."""

    all: list["Condition"] = Field(min_length=1)


class NotCond(_Model):
    """The condition does not hold."""

    not_: "Condition" = Field(alias="not")


CONDITION_KINDS: dict[str, type[_Model]] = {
    "outcome": OutcomeCond, "quest": QuestCond, "global": GlobalCond, "units": UnitsCond,
    "unit": UnitCond, "trigger": TriggerCond, "message": MessageCond, "dialog": DialogCond,
    "gamecache": GameCacheCond, "no_runtime_errors": NoErrorsCond,
    "runtime_errors": ErrorsCond, "ended": EndedCond, "any": AnyCond, "all": AllCond,
    "not": NotCond,
}


def _tag_of(kinds: dict[str, type]):
    def tag(v: Any) -> str | None:
        if isinstance(v, str) and v in kinds:
            return v  # a bare step name (next_mission)
        if isinstance(v, dict):
            for k in v:
                if k in kinds:
                    return k
            return None
        if isinstance(v, BaseModel):
            for k, cls in kinds.items():
                if isinstance(v, cls):
                    return k
        return None
    return tag


Condition = Annotated[
    Union[tuple(Annotated[cls, Tag(k)] for k, cls in CONDITION_KINDS.items())],  # type: ignore[misc]
    Discriminator(_tag_of(CONDITION_KINDS), custom_error_type="condition",
                  custom_error_message="unknown condition: write one of "
                  + ", ".join(CONDITION_KINDS)),
]
for _cls in (AnyCond, AllCond, NotCond):
    _cls.model_rebuild()


# ---------------------------------------------------------------------------------------
# Steps
# ---------------------------------------------------------------------------------------

class AdvanceStep(_Model):
    """Simulate this much game time (stops early if the mission ends)."""

    advance: Duration


class RunUntil(_Model):
    """A condition and the game time it may take (``within``; default: what is left of the
    scenario's budget)."""

    condition: Condition
    within: Duration | None = None

    @model_validator(mode="before")
    @classmethod
    def _flat(cls, v: Any) -> Any:
        if isinstance(v, dict) and "condition" not in v:
            rest = {k: x for k, x in v.items() if k != "within"}
            out = {"condition": rest}
            if "within" in v:
                out["within"] = v["within"]
            return out
        return v


class RunUntilStep(_Model):
    """Simulate until the condition holds; fails when ``within`` passes first, or when the
    mission ends first (unless the condition is about the outcome)."""

    run_until: RunUntil


class KillSpec(_Model):
    """The unit dies, killed by ``killer`` (a unit) or by nobody."""

    unit: UnitRef
    killer: UnitRef | None = None


class KillStep(_Model):
    kill: Annotated[KillSpec, BeforeValidator(_wrap("unit", str))]


class MoveSpec(_Model):
    """The unit is moved (instantly, as ``SetUnitX/Y`` would) into a rect or region (to its
    center, or a cell of the region) or to a point; the event layer sees it enter."""

    unit: UnitRef
    to: PlaceRef


class MoveStep(_Model):
    move: MoveSpec


class OrderSpec(_Model):
    """The unit is given an order (``move``, ``attack``, ``smart``, ``patrol``, ``stop``...)
    towards a place or a ``target`` unit, as a player would; it goes through the order
    pipeline and the unit carries it out as the game runs (``natives.orders``). A query with
    ``every: true`` orders each matching unit. ``arrive: true`` also places the unit at a
    point order's destination at once (as a ``move`` step would)."""

    unit: UnitRef
    order: str = "move"
    to: PlaceRef | None = None
    target: UnitRef | None = None
    arrive: bool = False


class OrderStep(_Model):
    order: OrderSpec


class DamageSpec(_Model):
    """The unit takes ``amount`` damage (life points) from ``source`` (a unit) or nobody;
    it dies when its life drops to 0.405 or below."""

    unit: UnitRef
    amount: float = Field(gt=0)
    source: UnitRef | None = None


class DamageStep(_Model):
    damage: DamageSpec


class HealSpec(_Model):
    """The unit regains ``amount`` life points (up to its maximum)."""

    unit: UnitRef
    amount: float = Field(gt=0)


class HealStep(_Model):
    heal: HealSpec


class SelectSpec(_Model):
    """``player`` (default: the local player) selects the unit (adds it to the selection)."""

    unit: UnitRef
    player: PlayerId | None = None


class SelectStep(_Model):
    select: Annotated[SelectSpec, BeforeValidator(_wrap("unit", str))]


class ItemSpec(_Model):
    """The unit uses / picks up an item (a global, or ``{type: ratc}``)."""

    unit: UnitRef
    item: ItemRef


class UseItemStep(_Model):
    use_item: ItemSpec


class PickUpStep(_Model):
    pick_up: ItemSpec


class LearnSpec(_Model):
    """The hero spends a skill point on ``ability`` (rawcode), as the player would."""

    unit: UnitRef
    ability: Rawcode


class LearnStep(_Model):
    learn_skill: LearnSpec


class BuildSpec(_Model):
    """The worker ``unit`` builds a structure of ``type`` (rawcode) at ``to`` for its
    player. By default (``instant: true``) the structure appears there, construction starts
    and finishes at once (construct start/finish events) and no cost is charged; with
    ``instant: false`` the worker is given the build order as the player would give it
    (``natives.production``: it walks there, the player pays, the structure takes its build
    time), and the step fails when the order is refused (cost, blocked site)."""

    unit: UnitRef
    type: Rawcode
    to: PlaceRef
    instant: bool = True


class BuildStep(_Model):
    build: BuildSpec


class BuySpec(_Model):
    """``unit`` buys from the ``shop`` unit: a unit of ``type`` (it appears at the shop for
    the buyer's player) or an ``item`` (it goes into the buyer's inventory); the sell
    events fire. No gold is charged and the shop's stock is not checked."""

    unit: UnitRef
    shop: UnitRef
    type: Rawcode | None = None
    item: Rawcode | None = None

    @model_validator(mode="after")
    def _one(self):
        if (self.type is None) == (self.item is None):
            raise ValueError("buy needs exactly one of 'type' (a unit) and 'item'")
        return self


class BuyStep(_Model):
    buy: BuySpec


class ClickSpec(_Model):
    """``player`` (default: the local player) clicks a button -- by text or 0-based index --
    of ``dialog`` (a dialog global or title; default: the one dialog shown to the player)."""

    button: Union[int, str]
    dialog: str | None = None
    player: PlayerId | None = None


class ClickStep(_Model):
    click: Annotated[ClickSpec, BeforeValidator(_wrap("button", str, int))]


class ChatSpec(_Model):
    """``player`` (default: the local player) types a chat line."""

    text: str
    player: PlayerId | None = None


class ChatStep(_Model):
    chat: Annotated[ChatSpec, BeforeValidator(_wrap("text", str))]


class AttackSpec(_Model):
    """``unit`` starts an attack on ``target`` (both live units): the attacked events fire
    (``GetAttacker`` is ``unit``). No damage is dealt -- the model does not simulate combat --
    so a ``damage`` step follows for the hit."""

    unit: UnitRef
    target: UnitRef


class AttackStep(_Model):
    attack: AttackSpec


class CastSpec(_Model):
    """``unit`` casts ``ability`` (rawcode) on the ``target`` unit, at the place ``to`` or
    without a target. An ability the unit has and the model carries out
    (``natives.abilities.REGISTRY``) is ordered as its player would (``natives.spells``: the
    unit walks into range, mana and cooldown are spent at the effect, the spell events fire
    at their phases) and the step waits until the cast has ended (at most
    ``CAST_STEP_LIMIT`` game seconds); a refused order fails the step. Any other ability
    only raises the spell events, phase by phase as for a completed cast (channel, cast,
    effect, finish, endcast), without mana, cooldown or effect."""

    unit: UnitRef
    ability: Rawcode
    target: UnitRef | None = None
    to: PlaceRef | None = None

    @model_validator(mode="after")
    def _one(self):
        if self.target is not None and self.to is not None:
            raise ValueError("cast takes at most one of 'target' (a unit) and 'to' (a place)")
        return self


class CastStep(_Model):
    cast: CastSpec


class PlayerSpec(_Model):
    """``player`` (default: the local player)."""

    player: PlayerId | None = None


def _bare_player(v: Any) -> Any:
    return {} if v is None else _wrap("player", int)(v)


class SkipCinematicStep(_Model):
    """``player`` (default: the local player) presses Esc, the skip-cinematic key:
    EVENT_PLAYER_END_CINEMATIC fires."""

    skip_cinematic: Annotated[PlayerSpec, BeforeValidator(_bare_player)] = PlayerSpec()

    @model_validator(mode="before")
    @classmethod
    def _bare(cls, v: Any) -> Any:
        return {"skip_cinematic": None} if v == "skip_cinematic" else v


class PressKeySpec(_Model):
    """``player`` (default: the local player) presses an arrow key: ``press`` (default) is
    the key going down then up, ``down`` / ``up`` only one of the two (the arrow key
    events EVENT_PLAYER_ARROW_<KEY>_DOWN / _UP)."""

    key: Literal["left", "right", "up", "down"]
    action: Literal["press", "down", "up"] = "press"
    player: PlayerId | None = None


class PressKeyStep(_Model):
    press_key: Annotated[PressKeySpec, BeforeValidator(_wrap("key", str))]


class CommandSpec(_Model):
    """``player`` (default: the local player) clicks a command button: the button of
    ``ability`` (rawcode, default none: the common commands) with order string ``order``
    (train buttons are ability ``Aque`` with the unit's id string as order), or the research
    button of ``upgrade`` (rawcode). EVENT_COMMAND_BUTTON_CLICK fires; the command itself is
    not carried out."""

    ability: Rawcode | None = None
    order: str | None = None
    upgrade: Rawcode | None = None
    player: PlayerId | None = None

    @model_validator(mode="after")
    def _one(self):
        if (self.order is None) == (self.upgrade is None):
            raise ValueError("command needs exactly one of 'order' (with 'ability') and 'upgrade'")
        if self.upgrade is not None and self.ability is not None:
            raise ValueError("command: 'ability' goes with 'order', not with 'upgrade'")
        return self


class CommandStep(_Model):
    command: CommandSpec


class DzInputSpec(_Model):
    """DzAPI platform input of ``player`` (default: the local player), exactly one of: a
    keyboard ``key`` (integer key code) or mouse ``button`` going down (``status: 1``, the
    default) or up (``status: 0``), a mouse ``wheel`` turn (its delta), ``move: true`` (the
    mouse moved) or ``resize: true`` (the window was resized). The matching
    ``DzTriggerRegister*Event`` registrations fire."""

    key: int | None = Field(None, ge=0, le=2**31 - 1)
    button: int | None = Field(None, ge=0, le=2**31 - 1)
    status: Literal[0, 1] = 1
    wheel: JassInt | None = None
    move: bool = False
    resize: bool = False
    player: PlayerId | None = None

    @model_validator(mode="after")
    def _one(self):
        given = [self.key is not None, self.button is not None, self.wheel is not None,
                 self.move, self.resize]
        if sum(given) != 1:
            raise ValueError("dz_input needs exactly one of 'key', 'button', 'wheel', "
                             "'move: true' and 'resize: true'")
        return self


class DzInputStep(_Model):
    dz_input: DzInputSpec


class ClickFrameSpec(_Model):
    """``player`` (default: the local player) clicks ``frame`` (the name it was created
    under, with its create ``context``, default 0; or a framehandle global):
    FRAMEEVENT_CONTROL_CLICK fires."""

    frame: str
    context: JassInt = 0
    player: PlayerId | None = None


class ClickFrameStep(_Model):
    click_frame: Annotated[ClickFrameSpec, BeforeValidator(_wrap("frame", str))]


FrameEventName = Literal[tuple(FRAME_EVENTS)]   # click, mouse_enter, ... (natives.frames)


class FrameInputSpec(_Model):
    """``player`` (default: the local player) acts on ``frame`` (as in ``click_frame``):
    ``event`` one of the frame events (``check``/``uncheck`` set a checkbox, ``text`` types
    ``text`` into an edit box, within its size limit in bytes, ``slider``/``popup`` set
    ``value``, ``wheel`` turns the wheel by ``value``, ``mouse_enter``/``mouse_leave`` show
    and hide the frame's tooltip); the matching FRAMEEVENT_* fires."""

    frame: str
    context: JassInt = 0
    event: FrameEventName = "click"
    value: float = 0.0
    text: str = ""
    player: PlayerId | None = None


class FrameInputStep(_Model):
    frame_input: FrameInputSpec


class KeySpec(_Model):
    """``player`` (default: the local player) presses keyboard ``key`` (an ``OSKEY_*`` name
    with or without the prefix, a single letter or digit, or the oskeytype value) holding
    the ``meta`` keys (1 shift, 2 control, 4 alt, 8 meta, summed): ``press`` (default) is
    the key going down then up, ``down`` / ``up`` one of the two
    (``BlzTriggerRegisterPlayerKeyEvent`` registrations fire)."""

    key: Union[int, str]
    meta: int = Field(0, ge=0, le=15)
    action: Literal["press", "down", "up"] = "press"
    player: PlayerId | None = None


class KeyStep(_Model):
    key: Annotated[KeySpec, BeforeValidator(_wrap("key", str, int))]


class MouseSpec(_Model):
    """``player``'s (default: the local player) mouse over the ground point ``at`` (a place,
    default (0, 0)) and over the unit ``over`` (default none): ``click`` (default) is the
    ``button`` (left, middle, right) going down then up, ``down``/``up`` one of the two,
    ``move`` moves the cursor there (EVENT_PLAYER_MOUSE_DOWN / _UP / _MOVE fire)."""

    action: Literal["click", "down", "up", "move"] = "click"
    button: Literal["left", "middle", "right"] = "left"
    at: PlaceRef | None = None
    over: UnitRef | None = None
    player: PlayerId | None = None


class MouseStep(_Model):
    mouse: MouseSpec


class TrackableSpec(_Model):
    """``player`` (default: the local player) clicks (``hit``, default) or hovers over
    (``track``) the trackable held by global ``trackable``."""

    trackable: str
    action: Literal["hit", "track"] = "hit"
    player: PlayerId | None = None


class TrackableStep(_Model):
    trackable: Annotated[TrackableSpec, BeforeValidator(_wrap("trackable", str))]


class LeaveSpec(_Model):
    """``player`` leaves the game."""

    player: PlayerId


class LeaveStep(_Model):
    leave: Annotated[LeaveSpec, BeforeValidator(_wrap("player", int))]


class SetSpec(_Model):
    """Set a global (``index`` for an array element) to a value: integer, real, boolean,
    string, ``null``, or -- for a handle global -- the name of another global holding it."""

    global_: str = Field(alias="global")
    value: Any
    index: int | None = Field(None, ge=0)


class SetStep(_Model):
    set: SetSpec


class NextMissionStep(_Model):
    """Save and continue with the next map of the campaign, carrying the saved game caches."""

    next_mission: Literal[True, None] | dict = None

    @model_validator(mode="before")
    @classmethod
    def _bare(cls, v: Any) -> Any:
        return {"next_mission": None} if v == "next_mission" else v

    @model_validator(mode="after")
    def _empty(self):
        if isinstance(self.next_mission, dict) and self.next_mission:
            raise ValueError("next_mission takes no options")
        return self


class SaveStep(_Model):
    """Snapshot the whole game into the scenario's save slot ``NAME`` (a file in the
    scenario's own folder of saves). A snapshot does not touch the game: no JASS runs, no
    event fires."""

    save: SlotName


class LoadStep(_Model):
    """Replace the running game by one restored from save slot ``NAME`` (an earlier
    ``save:`` step). All or nothing: when the restore fails the game goes on untouched and
    the scenario fails."""

    load: SlotName


class SaveGameStep(_Model):
    """The local player saves the game from the menu as ``NAME``: ``EVENT_GAME_SAVE``
    handlers run first (``GetSaveBasicFilename`` is the name without folders or suffix),
    then the whole game is written to the map's sandbox as ``saves/NAME.w3z``."""

    save_game: GameSaveName


class ExpectStep(_Model):
    """Check conditions now (the scenario fails at the first one that does not hold)."""

    expect: Union[Condition, list[Condition]]


STEP_KINDS: dict[str, type[_Model]] = {
    "advance": AdvanceStep, "run_until": RunUntilStep, "kill": KillStep, "move": MoveStep,
    "order": OrderStep, "damage": DamageStep, "heal": HealStep, "select": SelectStep,
    "use_item": UseItemStep, "pick_up": PickUpStep, "learn_skill": LearnStep,
    "build": BuildStep, "buy": BuyStep,
    "attack": AttackStep, "cast": CastStep,
    "click": ClickStep, "chat": ChatStep, "skip_cinematic": SkipCinematicStep,
    "press_key": PressKeyStep, "command": CommandStep, "dz_input": DzInputStep,
    "click_frame": ClickFrameStep, "frame_input": FrameInputStep, "key": KeyStep,
    "mouse": MouseStep, "trackable": TrackableStep,
    "leave": LeaveStep, "set": SetStep,
    "next_mission": NextMissionStep, "save": SaveStep, "load": LoadStep,
    "save_game": SaveGameStep, "expect": ExpectStep,
}


Step = Annotated[
    Union[tuple(Annotated[cls, Tag(k)] for k, cls in STEP_KINDS.items())],  # type: ignore[misc]
    Discriminator(_tag_of(STEP_KINDS), custom_error_type="step",
                  custom_error_message="unknown step: write one of " + ", ".join(STEP_KINDS)),
]


# ---------------------------------------------------------------------------------------
# The scenario
# ---------------------------------------------------------------------------------------

class SlotOverride(_Model):
    """Overrides of a player slot, applied after ``config()`` and before ``main()`` (as the
    game lobby does): controller, whether a human plays it, name, team, race (which also
    picks a computer player's melee AI script: ``MeleeStartingAI`` starts the script of
    ``GetPlayerRace``)."""

    controller: Literal["user", "computer", "rescuable", "neutral", "creep", "none"] | None = None
    human: bool | None = None
    name: str | None = None
    team: int | None = Field(None, ge=0, le=2**31 - 1)
    race: Literal["human", "orc", "undead", "nightelf"] | None = None


class Scenario(_Model):
    """A whole scenario file (see the module docstring and ``docs/scenarios.md``)."""

    name: str | None = None
    description: str | None = None
    map: str | None = None
    campaign: Union[str, list[str], None] = None
    api: str | None = None
    seed: int = Field(0, ge=-2**63, lt=2**64)
    from_save: str | None = None
    local_player: PlayerId | None = None
    difficulty: Literal["easy", "normal", "hard", "insane"] | None = None
    players: dict[PlayerId, SlotOverride] = Field(default_factory=dict)
    budget: Duration = DEFAULT_BUDGET
    max_wall: float | None = Field(None, gt=0, le=MAX_WALL_SECONDS, allow_inf_nan=False)
    markers: list[str] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)
    expect: list[Condition] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_map(self):
        if (self.map is None) == (self.campaign is None):
            raise ValueError("name exactly one of 'map' (one map) or 'campaign' (a folder "
                             "with campaign.toml, or a list of maps)")
        if isinstance(self.campaign, list) and not self.campaign:
            raise ValueError("'campaign' lists no map")
        if self.from_save is not None:
            fixed = [k for k in ("seed", "local_player", "difficulty", "players")
                     if k in self.model_fields_set]
            if fixed:
                raise ValueError(f"from_save: the save already holds the game's "
                                 f"{', '.join(fixed)}; remove {'it' if len(fixed) == 1 else 'them'}")
        return self


@dataclass
class LoadedScenario:
    """A validated scenario with where it came from.

    ``maps`` are the resolved map paths in play order; ``api`` the resolved API folder (or
    None for the map's / built-in API); ``from_save`` the resolved save file to start from
    (``from_save_mark`` its line and column); ``map_mark`` the line and column of the
    ``map:`` (or ``campaign:``) value; ``step_lines`` / ``expect_lines`` (and
    ``step_columns`` / ``expect_columns``) the 1-based line (column) of each step /
    expectation in the file.
    """

    path: Path
    scenario: Scenario
    maps: list[Path]
    api: Path | None
    step_lines: list[int] = field(default_factory=list)
    expect_lines: list[int] = field(default_factory=list)
    campaign_name: str | None = None
    from_save: Path | None = None
    from_save_mark: tuple[int | None, int | None] = (None, None)
    step_columns: list[int] = field(default_factory=list)
    expect_columns: list[int] = field(default_factory=list)
    map_mark: tuple[int | None, int | None] = (None, None)

    @property
    def name(self) -> str:
        return self.scenario.name or self.path.name.removesuffix(".scenario.yaml")

    @property
    def markers(self) -> list[str]:
        return list(self.scenario.markers)


def _mark_for(loc: tuple, marks: dict[tuple, tuple[int, int]]) -> tuple[int, int] | None:
    """The position of the document path that best matches a pydantic error location."""
    return marks.get(_doc_path(loc, marks), marks.get(()))


def _doc_path(loc: tuple, marks: dict) -> tuple:
    """The longest document path made of a subsequence of ``loc`` (pydantic locations also
    hold union tags and model names, and a tag may equal a document key), preferring one that
    reaches the deepest element of ``loc``."""
    best: tuple[tuple, tuple[int, int]] = ((), (0, -1))
    seen: set[tuple[int, tuple]] = set()   # (next index, path) searched: each once

    def search(i: int, path: tuple, last: int) -> None:
        nonlocal best
        score = (len(path), last)
        if score > best[1]:
            best = (path, score)
        if (i, path) in seen:
            return
        seen.add((i, path))
        for j in range(i, len(loc)):
            for candidate in (loc[j], _alias_back(loc[j])):
                if path + (candidate,) in marks:
                    search(j + 1, path + (candidate,), j)
                    break

    search(0, (), -1)
    return best[0]


def _alias_back(part: Any) -> Any:
    if isinstance(part, str) and part.endswith("_") and part[:-1] in ("global", "in", "not"):
        return part[:-1]
    return part


def _error_text(err: dict, marks: dict) -> str:
    loc = ""
    for p in _doc_path(tuple(err.get("loc", ())), marks):
        loc += f"[{p}]" if isinstance(p, int) else (f".{p}" if loc else str(p))
    msg = err.get("msg", "invalid")
    if err.get("type") == "extra_forbidden":
        msg = f"unknown field '{_alias_back(err['loc'][-1])}'"
    elif err.get("type") == "missing":
        msg = f"missing field '{_alias_back(err['loc'][-1])}'"
    elif msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    elif msg.startswith("Assertion failed, "):
        msg = msg[len("Assertion failed, "):]
    if err.get("type") == "step":   # name the step written, and the one it is close to
        given = err.get("input")
        name = next(iter(given), None) if isinstance(given, dict) and len(given) == 1 else \
            given if isinstance(given, str) else None
        if isinstance(name, str):
            near = difflib.get_close_matches(name, list(STEP_KINDS), n=1)
            msg = msg.replace("unknown step:", f"unknown step '{name}'"
                              + (f" (did you mean {near[0]}?)" if near else "") + ":", 1)
    return f"{loc}: {msg}" if loc else msg


def parse_scenario(text: str | bytes, file: str | os.PathLike = "<scenario>") -> tuple[Scenario, dict, dict]:
    """Parse and validate scenario text; returns (scenario, marks, key marks).

    Raises ScenarioFileError (``file:line:col``) for YAML and schema errors, and for text
    longer than ``MAX_FILE_BYTES`` or beyond the loader's bounds (``MarkedLoader``)."""
    size = len(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    if size > MAX_FILE_BYTES:
        raise ScenarioFileError(file, None, None, f"scenario file of {size} bytes is larger "
                                f"than the limit of {MAX_FILE_BYTES}")
    loader = None
    try:
        loader = MarkedLoader(text)
        data = loader.load_marked()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        raise ScenarioFileError(file, line, col, f"YAML: {err.problem or err.context}") from None
    except yaml.reader.ReaderError as err:   # a character YAML does not allow
        line, col = _position(text, err.position)
        what = f"character #x{err.character:04x}" if isinstance(err.character, int) else "bytes"
        raise ScenarioFileError(file, line, col, f"YAML: {what} not allowed: {err.reason}") from None
    except yaml.YAMLError as err:
        raise ScenarioFileError(file, None, None, f"YAML: {err}") from None
    except (ValueError, TypeError, OverflowError) as err:
        # a value the safe constructor cannot build (an explicit !!timestamp that is no
        # date, an integer of thousands of digits...)
        raise ScenarioFileError(file, None, None, f"YAML: bad value: {err}") from None
    finally:
        if loader is not None:
            loader.dispose()
    if data is None:
        raise ScenarioFileError(file, 1, 1, "empty scenario file")
    if not isinstance(data, dict):
        raise ScenarioFileError(file, 1, 1, "a scenario file is a mapping (map:, steps:, expect:)")
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        raise _schema_error(file, exc.errors(include_url=False), loader) from None
    return scenario, loader.value_marks, loader.key_positions


def _position(text: str | bytes, offset: int) -> tuple[int | None, int | None]:
    """(line, column), 1-based, of character ``offset`` of ``text`` (None for bytes)."""
    if not isinstance(text, str) or not 0 <= offset <= len(text):
        return None, None
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


MAX_PROBLEMS = 10
"""Most schema problems one error lists (each at its own line:column); the rest are counted."""

def _schema_error(file, errors: list[dict], loader: MarkedLoader) -> ScenarioFileError:
    """One ScenarioFileError for pydantic's errors: every problem, one per place in the file
    (a top-level key or a step or expectation, and within it each position), in file order.
    Pydantic reports every branch of a union the value fails: only the branch of the most
    specific error (``_most_specific``) is kept at each union."""
    groups: dict[tuple, list[dict]] = {}
    for err in errors:
        loc = tuple(err.get("loc", ()))
        top = loc[:2] if loc[:1] in (("steps",), ("expect",)) and len(loc) > 1 else loc[:1]
        groups.setdefault(top, []).append(err)
    problems: dict[tuple, ScenarioFileError] = {}
    for group in groups.values():
        best = _branches(_most_specific(group), loader.value_marks)
        chosen = [e for e in group
                  if all(best.get(site, branch) == branch
                         for site, branch in _branches(e, loader.value_marks).items())]
        for err in chosen:
            mark = _mark_for(tuple(err.get("loc", ())), loader.value_marks)
            if err.get("type") == "extra_forbidden" or err.get("loc", ())[-1:] == ("[key]",):
                mark = loader.key_positions.get(_doc_path(err["loc"], loader.value_marks), mark)
            line, col = mark if mark else (None, None)
            problems.setdefault((line or 0, col or 0), ScenarioFileError(
                file, line, col, _error_text(err, loader.value_marks)))
    ordered = [problems[k] for k in sorted(problems)]
    first = ordered[0]
    first.also = tuple(ordered[1:MAX_PROBLEMS])
    left = len(ordered) - MAX_PROBLEMS
    text = "\n".join([str(first), *map(str, first.also)])
    if left > 0:
        text += f"\n(and {left} more problem{'s' if left > 1 else ''})"
    first.args = (text,)
    return first


def _branches(err: dict, marks: dict) -> dict[tuple, str]:
    """The union branches an error's location goes through: {location prefix: branch name}.
    A branch name is an element of the location that is no key of the document (a model
    name, a tag, ``list[...]``), other than the missing field of a ``missing`` error."""
    loc = tuple(err.get("loc", ()))
    path: tuple = ()
    taken: dict[tuple, str] = {}
    for j, element in enumerate(loc):
        for candidate in (element, _alias_back(element)):
            if path + (candidate,) in marks:
                path += (candidate,)
                break
        else:
            if j < len(loc) - 1 or err.get("type") != "missing":
                taken[loc[:j]] = element
    return taken


def _most_specific(errors: list[dict]) -> dict:
    """The error to report: prefer one that is not a union-member mismatch of a str branch
    (pydantic reports every union branch), i.e. the deepest location."""
    def score(e: dict) -> tuple:
        loc = e.get("loc", ())
        # errors against the plain 'str' branch of a ref union are the least informative
        str_branch = e.get("type") in ("string_type",) and len(errors) > 1
        return (not str_branch, len(loc))
    return max(errors, key=score)


def _expand(value: str, base: Path, file: Path, what: str, line: int | None, col: int | None) -> Path:
    expanded = os.path.expandvars(os.path.expanduser(value))
    missing = re.findall(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?", expanded)
    if missing:
        raise ScenarioFileError(file, line, col, f"{what}: environment variable "
                                f"{missing[0]} is not set")
    try:
        if "\0" in expanded:
            raise ValueError
        os.fsencode(expanded)
    except ValueError:
        raise ScenarioFileError(file, line, col, f"{what}: not a valid path") from None
    p = Path(expanded)
    return p if p.is_absolute() else (base / p)


MAP_SUFFIXES = (".w3x", ".w3m", ".mpq", ".j", ".lua")
"""File suffixes of maps: archives (``maps.mapfile.ARCHIVE_SUFFIXES``), bare scripts (Lua
ones are refused with their own message when loaded)."""


def map_path_problem(path: str | os.PathLike) -> str | None:
    """Why ``path`` cannot be a map a scenario plays, or None when it may be one (it may
    still fail to load) or does not exist (loading reports that). A map is a ``.w3x`` /
    ``.w3m`` / ``.mpq`` archive, a ``.j`` script, or a folder holding ``war3map.j`` (or
    ``scripts/war3map.j``): a folder is looked into one level deep (two for ``scripts``),
    never walked, and no file is opened, so a path such as ``/`` or ``/etc/passwd`` is
    refused without reading anything."""
    p = Path(path)
    try:
        st = p.stat()
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(st.st_mode):
        if _folder_has_script(p):
            return None
        return ("is a folder without war3map.j (a map folder holds war3map.j or "
                "scripts/war3map.j)")
    if not stat.S_ISREG(st.st_mode):
        return "is not a regular file"
    if p.suffix.lower() not in MAP_SUFFIXES:
        return "is not a map: give a .w3x/.w3m archive, a map folder or a .j script"
    return None


def _folder_has_script(folder: Path) -> bool:
    scripts = ("war3map.j", "war3map.lua")
    try:
        for entry in os.scandir(folder):
            name = entry.name.lower()
            if name in scripts and entry.is_file():
                return True
            if name == "scripts" and entry.is_dir():
                with os.scandir(entry.path) as inner:
                    if any(e.name.lower() in scripts and e.is_file() for e in inner):
                        return True
    except OSError:
        return False
    return False


def _check_map(p: Path, file: Path, what: str, line: int | None, col: int | None) -> Path:
    why = map_path_problem(p)
    if why is not None:
        raise ScenarioFileError(file, line, col, f"{what}: {p} {why}")
    return p


def load_scenario(path: str | os.PathLike, *, text: str | None = None) -> LoadedScenario:
    """Read and validate a ``*.scenario.yaml`` file; resolve its map/campaign/API paths.

    Raises ScenarioFileError (with file, line and column) for anything wrong with the file,
    including a ``campaign`` folder without ``campaign.toml``. Missing map files are reported
    when the scenario runs."""
    path = Path(path)
    if text is None:
        text = _read_text(path)
    scenario, marks, _ = parse_scenario(text, path)
    base = path.resolve().parent

    def at(*p):
        return marks.get(p, (None, None))

    api = _expand(scenario.api, base, path, "api", *at("api")) if scenario.api else None
    from_save = (_expand(scenario.from_save, base, path, "from_save", *at("from_save"))
                 if scenario.from_save is not None else None)
    campaign_name = None
    if scenario.map is not None:
        maps = [_check_map(_expand(scenario.map, base, path, "map", *at("map")), path, "map", *at("map"))]
    elif isinstance(scenario.campaign, list):
        maps = [_check_map(_expand(m, base, path, "campaign", *at("campaign", i)), path,
                           "campaign", *at("campaign", i))
                for i, m in enumerate(scenario.campaign)]
    else:
        folder = _expand(scenario.campaign, base, path, "campaign", *at("campaign"))
        from maps.errors import MapError
        from maps.runner import read_campaign
        if not (folder / "campaign.toml").is_file():
            raise ScenarioFileError(path, *at("campaign"),
                                    f"campaign: {folder} has no campaign.toml (or list the maps)")
        try:
            camp = read_campaign(folder)
        except MapError as err:
            raise ScenarioFileError(path, *at("campaign"), f"campaign: {err}") from None
        maps, campaign_name = list(camp.missions), camp.name
        for m in maps:
            _check_map(m, path, "campaign", *at("campaign"))
    n_next = sum(1 for s in scenario.steps if isinstance(s, NextMissionStep))
    if n_next >= len(maps):
        i = [k for k, s in enumerate(scenario.steps) if isinstance(s, NextMissionStep)][len(maps) - 1]
        raise ScenarioFileError(path, *at("steps", i),
                                f"next_mission: the campaign has only {len(maps)} map"
                                f"{'s' if len(maps) != 1 else ''}")
    saved: set[str] = set()
    for i, step in enumerate(scenario.steps):
        if isinstance(step, SaveStep):
            saved.add(step.save)
        elif isinstance(step, LoadStep) and step.load not in saved:
            raise ScenarioFileError(path, *at("steps", i, "load"),
                                    f"load: no 'save: {step.load}' step before this one"
                                    + (f" (saved: {', '.join(sorted(saved))})" if saved else ""))
    step_lines = [at("steps", i)[0] or 0 for i in range(len(scenario.steps))]
    expect_lines = [at("expect", i)[0] or 0 for i in range(len(scenario.expect))]
    step_columns = [at("steps", i)[1] or 0 for i in range(len(scenario.steps))]
    expect_columns = [at("expect", i)[1] or 0 for i in range(len(scenario.expect))]
    return LoadedScenario(path, scenario, maps, api, step_lines, expect_lines, campaign_name,
                          from_save=from_save, from_save_mark=at("from_save"),
                          step_columns=step_columns, expect_columns=expect_columns,
                          map_mark=at("map") if scenario.map is not None else
                          at("campaign", 0) if isinstance(scenario.campaign, list) else at("campaign"))


def _read_text(path: Path) -> str:
    """The text of a scenario file: a regular file of at most ``MAX_FILE_BYTES``, UTF-8."""
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            raise ScenarioFileError(path, None, None, "cannot read: not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise ScenarioFileError(path, None, None, f"scenario file of {st.st_size} bytes is "
                                    f"larger than the limit of {MAX_FILE_BYTES}")
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise ScenarioFileError(path, None, None, f"cannot read: {err.strerror or err}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioFileError(path, None, None, f"scenario file is larger than the limit of "
                                f"{MAX_FILE_BYTES} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScenarioFileError(path, None, None, f"cannot read: not UTF-8 text ({err.reason} "
                                f"at byte {err.start})") from None


# ---------------------------------------------------------------------------------------
# Text of a step or condition (for reports)
# ---------------------------------------------------------------------------------------

def _plain(v: Any) -> Any:
    if isinstance(v, RunUntil):
        out = _plain(v.condition)
        if v.within is not None:
            out["within"] = format_duration(v.within)
        return out
    if isinstance(v, BaseModel):
        out = {}
        fields = list(type(v).model_fields.items())
        fields.sort(key=lambda kv: kv[0] in _CMP)  # the defining key first, comparisons last
        for name, info in fields:
            if name not in v.model_fields_set:
                continue
            key = info.alias or name
            value = getattr(v, name)
            out[key] = format_duration(value) if key in ("advance", "within") else _plain(value)
        return out
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def _flow(v: Any) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_flow(x) for x in v) + "]"
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        plain = (re.fullmatch(r"[\w\-.\[\]^$*+?()|\\][^:{}\[\],#'\"]*", v) is not None
                 and v.strip() == v and v.lower() not in ("true", "false", "null", "~")
                 and not re.fullmatch(r"[-+]?\d+(\.\d*)?", v))
        return v if plain else repr(v)
    return str(v)


def describe(item: Any) -> str:
    """A step or condition as YAML flow text, e.g. ``{trigger: gg_trg_Intro, times: 2}``."""
    return _flow(_plain(item))
