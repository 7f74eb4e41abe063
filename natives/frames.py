"""UI frames (1.31+): the frame tree, blueprints from the map's TOC/fdf files, frame events.

State: ``game.frames`` (``FrameTree``). Every ``BlzFrame*`` setter stores what it is given
and the getters read it back; nothing is drawn. Sources: jassdoc common.j (lep/jassdoc), the
notes quoted in each native's docstring.

Frames
    A ``Frame`` is a ``framehandle``: blueprint name, frame type (``"BUTTON"``, ``"TEXT"``,
    ``"SIMPLEFRAME"``..., ``""`` when unknown), create context, parent and children, points
    (``points[point] = (relative frame or None for an absolute point, relative point, x, y)``
    in the game's 0.8 x 0.6 screen units), size, text, value with min/max and step, alpha,
    scale, visibility, enabled flag, level, texture, model, font, tooltip, text limit,
    colours and alignment. jassdoc ``BlzGetFrameByName``: "The first time a Frame enters the
    map's script it takes a handleId": a frame gets its handle id when a native first hands
    it to the script (origin frames and blueprint children are made on demand).

Blueprints (``BlzLoadTOCFile``)
    The map layer installs ``FrameTree.toc_reader`` (``maps.fdf``): it reads a TOC file of
    the map and the fdf files it lists and returns a ``TocContents`` (the frame blueprints
    found, and the listed fdf files the map does not carry: the game's own UI files, which
    the project never ships). ``BlzCreateFrame`` / ``BlzCreateSimpleFrame`` build a frame
    and its blueprint children from a blueprint (``INHERITS [WITHCHILDREN]`` resolved), and
    store each created frame under (name, create context) for ``BlzGetFrameByName``
    (jassdoc ``BlzCreateFrame``: "Overwrites occupied slots").

    Unknown blueprint names (jassdoc ``BlzCreateFrame``: "BluePrint needs to be loaded over
    TOC & fdf"; ``BlzCreateSimpleFrame``: "Only Frames loaded by used tocs are valid
    names"): ``BlzCreateSimpleFrame`` answers null with a warning. ``BlzCreateFrame``
    answers a frame of unknown type (``frame_type == ""``, ``blueprint_found`` False) with
    a warning, because the game's own UI files (not shipped) define many names maps use
    (``ScriptDialogButton``...); docs/natives.md lists this answer.

Events
    ``BlzTriggerRegisterFrameEvent`` registrations answer ``FrameInput`` model events (the
    scenario steps ``click_frame`` / ``frame_input``, and ``BlzFrameClick``). jassdoc:
    "The event starts for all players when one player triggers it": registrations are not
    per player; ``GetTriggerPlayer`` is the player whose input it was. A disabled frame
    raises no event (jassdoc ``BlzFrameSetEnable``: "Turns on/off Interactivity/Events").
    ``GetTriggerEventId`` answers null for frame events (the game's value was not measured).
"""
from __future__ import annotations

from dataclasses import field
from typing import Callable

from jassvm.records import record
from natives.events import EventRegistry
from natives.handles import Handle, alive, enum_handle, enum_value
from natives.modelevents import FrameInput, listens
from natives.registry import native
from natives.response import Response

# frameeventtype values (common.j 1.31+)
CONTROL_CLICK, MOUSE_ENTER, MOUSE_LEAVE, MOUSE_UP, MOUSE_DOWN, MOUSE_WHEEL = 1, 2, 3, 4, 5, 6
CHECKBOX_CHECKED, CHECKBOX_UNCHECKED, EDITBOX_TEXT_CHANGED, POPUPMENU_ITEM_CHANGED = 7, 8, 9, 10
MOUSE_DOUBLECLICK, SPRITE_ANIM_UPDATE, SLIDER_VALUE_CHANGED = 11, 12, 13
DIALOG_CANCEL, DIALOG_ACCEPT, EDITBOX_ENTER = 14, 15, 16
FRAME_EVENTS = {
    "click": CONTROL_CLICK, "mouse_enter": MOUSE_ENTER, "mouse_leave": MOUSE_LEAVE,
    "mouse_up": MOUSE_UP, "mouse_down": MOUSE_DOWN, "wheel": MOUSE_WHEEL,
    "check": CHECKBOX_CHECKED, "uncheck": CHECKBOX_UNCHECKED, "text": EDITBOX_TEXT_CHANGED,
    "popup": POPUPMENU_ITEM_CHANGED, "double_click": MOUSE_DOUBLECLICK,
    "sprite_anim": SPRITE_ANIM_UPDATE, "slider": SLIDER_VALUE_CHANGED,
    "cancel": DIALOG_CANCEL, "accept": DIALOG_ACCEPT, "enter": EDITBOX_ENTER,
}
"""Scenario names of the frame events -> frameeventtype value (FRAMEEVENT_*)."""
FRAME_EVENT_NAME = "BlzTriggerRegisterFrameEvent"

# originframetype values with their index ranges (jassdoc BlzGetOriginFrame)
ORIGIN_GAME_UI, ORIGIN_WORLD_FRAME, ORIGIN_SIMPLE_UI_PARENT = 0, 17, 18
ORIGIN_CHAT_MSG, ORIGIN_UNIT_MSG, ORIGIN_TOP_MSG = 13, 14, 15
ORIGIN_PORTRAIT_HP_TEXT, ORIGIN_PORTRAIT_MANA_TEXT = 19, 20
ORIGIN_NAMES = ("GAME_UI", "COMMAND_BUTTON", "HERO_BAR", "HERO_BUTTON", "HERO_HP_BAR",
                "HERO_MANA_BAR", "HERO_BUTTON_INDICATOR", "ITEM_BUTTON", "MINIMAP",
                "MINIMAP_BUTTON", "SYSTEM_BUTTON", "TOOLTIP", "UBERTOOLTIP", "CHAT_MSG",
                "UNIT_MSG", "TOP_MSG", "PORTRAIT", "WORLD_FRAME", "SIMPLE_UI_PARENT",
                "PORTRAIT_HP_TEXT", "PORTRAIT_MANA_TEXT", "UNIT_PANEL_BUFF_BAR",
                "UNIT_PANEL_BUFF_BAR_LABEL")
ORIGIN_LAST_INDEX = {1: 11, 3: 6, 4: 6, 5: 6, 6: 6, 7: 5, 9: 4, 10: 3}
"""jassdoc ``BlzGetOriginFrame``: the origin frame types with indices above 0 and their last
index (command buttons 0-11, hero buttons and bars 0-6, items 0-5, minimap buttons 0-4,
system buttons 0-3); "to high values will return the frame from the last valid Index"."""
SIMPLE_ORIGINS = frozenset({ORIGIN_SIMPLE_UI_PARENT, ORIGIN_PORTRAIT_HP_TEXT,
                            ORIGIN_PORTRAIT_MANA_TEXT, ORIGIN_CHAT_MSG, ORIGIN_UNIT_MSG,
                            ORIGIN_TOP_MSG})
"""Origin frames of the SimpleFrame family (jassdoc ``BlzFrameSetFont``: "likely
``SIMPLEMESSAGEFRAME``" / "likely ``SIMPLEFONTSTRING``")."""

FRAME_TYPES = ("FRAME", "BUTTON", "SPRITE", "MESSAGE", "TEXT", "BACKDROP", "TEXTBUTTON",
               "CHECKBOX", "EDITBOX", "SLIDER", "SCROLL", "SCROLLBAR", "RADIOGROUP",
               "LISTBOXITEM", "LISTBOX", "STATUSBAR", "HIGHLIGHT", "MODEL", "DIALOG", "MENU",
               "POPUPMENU", "CHATDISPLAY", "TEXTAREA", "LISTBUTTON", "SIMPLETOP",
               "SIMPLEFRAME", "SIMPLEGRID", "SIMPLEBUTTON", "SIMPLECHECKBOX",
               "SIMPLESTATUSBAR")
"""jassdoc ``BlzCreateFrameByType``: "List of known valid type names that return a new
frame" (the GLUE* variants of fdf files are accepted as the types they extend)."""
CRASHING_TYPES = frozenset({"CONTROL", "SIMPLEMESSAGEFRAME"})
"""jassdoc ``BlzCreateFrameByType`` @bug: these type names crash the game."""
TEXT_TYPES = frozenset({"TEXT", "TEXTBUTTON", "EDITBOX", "TEXTAREA", "SIMPLEBUTTON",
                        "SIMPLEFONTSTRING", "GLUETEXTBUTTON", "GLUEEDITBOX"})
"""jassdoc ``BlzFrameSetText``/``GetText``: "Should work with the following frame types"."""
VALUE_TYPES = frozenset({"POPUPMENU", "SLIDER", "SIMPLESTATUSBAR", "STATUSBAR",
                         "GLUEPOPUPMENU"})
"""jassdoc ``BlzFrameGetValue``: "Works only for FrameTypes that support values ...
Otherwise returns 0.0"."""
CLICK_TYPES = frozenset({"BUTTON", "TEXTBUTTON", "CHECKBOX", "EDITBOX", "SLIDER", "RADIOGROUP",
                         "MODEL", "CHATDISPLAY", "SIMPLEBUTTON", "SIMPLECHECKBOX",
                         "GLUEBUTTON", "GLUETEXTBUTTON", "GLUECHECKBOX", "GLUEEDITBOX"})
"""jassdoc ``BlzFrameClick``: "Should work with the following frame types"."""
EDITBOX_TYPES = frozenset({"EDITBOX", "GLUEEDITBOX"})
TEXTAREA_TYPES = frozenset({"TEXTAREA"})
MAX_SIMPLE_LEVEL = 9
"""jassdoc ``BlzFrameSetLevel`` @bug: "Level values above 9 for visible SimpleFrames crash
the game"."""


def is_simple_type(frame_type: str) -> bool:
    """SimpleFrame family (jassdoc FrameTypes: SIMPLE* and the String/Texture children)."""
    return frame_type.startswith("SIMPLE") or frame_type in ("STRING", "TEXTURE", "LAYER")


@record(slots=False)
class Blueprint:
    """A frame definition of an fdf file: ``Frame "TYPE" "Name" [INHERITS [WITHCHILDREN]
    "Base"] { ... }`` (also the SimpleFrame children ``String``/``Texture``). ``props`` are
    the fdf actions by keyword, each the list of its arguments (strings and numbers) of its
    last occurrence; ``children`` the nested definitions; ``source`` the fdf file."""

    frame_type: str
    name: str
    inherits: str | None = None
    with_children: bool = False
    props: dict[str, list] = field(default_factory=dict)
    children: list["Blueprint"] = field(default_factory=list)
    source: str = ""


@record(slots=False)
class TocContents:
    """What ``FrameTree.toc_reader`` found for one TOC file: the top-level blueprints of the
    fdf files it lists that the map carries, the listed fdf files it does not carry (the
    game's own), and problems (unreadable files) as warnings."""

    blueprints: list[Blueprint] = field(default_factory=list)
    missing_files: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class Frame(Handle):
    """A ``framehandle`` (see the module docstring for the fields)."""

    type_name = "framehandle"

    def __init__(self, name: str, frame_type: str, context: int = 0, parent: "Frame | None" = None,
                 origin: tuple[int, int] | None = None) -> None:
        super().__init__()
        self.name = name
        self.frame_type = frame_type
        self.context = context
        self.parent = parent
        self.children: list[Frame] = []
        self.origin = origin
        self.blueprint_found = True
        self.inherited = False
        self.points: dict[int, tuple] = {}
        self.width = 0.0
        self.height = 0.0
        self.text = ""
        self.text_limit = 0
        self.text_color: int | None = None
        self.alignment: tuple[int, int] | None = None
        self.font: tuple[str, float, int] | None = None
        self.value = 0.0
        self.min_value = 0.0
        self.max_value = 0.0
        self.step = 0.0
        self.alpha: int | None = None
        self.scale: float | None = None
        self.visible = True
        self.enabled = True
        self.focus = False
        self.checked = False
        self.level = 0
        self.texture: tuple[str, int, bool] | None = None
        self.vertex_color: int | None = None
        self.model: tuple[str, int] | None = None
        self.sprite_animations: list[tuple[int, int]] = []
        self.tooltip: Frame | None = None
        self.tooltip_of: Frame | None = None
        self.caged = False

    @property
    def simple(self) -> bool:
        """A SimpleFrame (by its type, or for an origin frame by its origin kind): the kind
        jassdoc's SimpleFrame notes (levels, text natives) apply to."""
        return is_simple_type(self.frame_type) if self.origin is None else self.origin[0] in SIMPLE_ORIGINS


class FrameTree:
    """The frames of one game (``game.frames``): origin frames, created frames, the frame
    storage of ``BlzGetFrameByName``, loaded blueprints and the UI switches."""

    def __init__(self, game) -> None:
        self.game = game
        self.toc_reader: Callable[[str], TocContents | None] | None = None   # environment
        self.blueprints: dict[str, Blueprint] = {}
        self.tocs: list[str] = []
        self.unread_files: list[str] = []
        self.storage: dict[tuple[str, int], Frame] = {}
        self.origins: dict[tuple[int, int], Frame] = {}
        self.origin_frames_hidden = False
        self.auto_position = True
        self.cage: Frame | None = None
        self._warned: set[str] = set()
        self._event_id = FrameEventId()
        game.subscribers.append(self.on_publish)

    # -- frames ----------------------------------------------------------------------------
    def expose(self, frame: Frame | None) -> Frame | None:
        """``frame`` as handed to the script: it gets its handle id the first time."""
        if frame is not None and not frame.handle_id:
            self.game.handles.allocate(frame)
        return frame

    def origin(self, kind: int, index: int) -> Frame:
        """The origin frame of type ``kind`` and ``index`` (clamped to the last valid one),
        made on first use as a child of the game UI (the game UI and the world frame have
        no parent)."""
        index = max(0, min(index, ORIGIN_LAST_INDEX.get(kind, 0)))
        frame = self.origins.get((kind, index))
        if frame is None:
            name = ORIGIN_NAMES[kind] if 0 <= kind < len(ORIGIN_NAMES) else f"ORIGIN_{kind}"
            parent = None if kind in (ORIGIN_GAME_UI, ORIGIN_WORLD_FRAME) else self.origin(ORIGIN_GAME_UI, 0)
            frame = Frame(f"ORIGIN_FRAME_{name}", "", 0, parent, (kind, index))
            if parent is not None:
                parent.children.append(frame)
            self.origins[(kind, index)] = frame
        return frame

    def warn_once(self, key: str, message: str) -> None:
        """Record the model warning ``message`` the first time ``key`` is seen."""
        if key not in self._warned:
            self._warned.add(key)
            self.game.warn(message)

    def new(self, name: str, frame_type: str, parent: Frame | None, context: int) -> Frame:
        """A frame of ``frame_type`` under ``parent`` (None: no parent), stored under
        (``name``, ``context``) for ``BlzGetFrameByName`` when it has a name."""
        frame = Frame(name, frame_type, context, parent)
        if parent is not None:
            parent.children.append(frame)
        if name:
            self.storage[(name, context)] = frame
        return frame

    def build(self, bp: Blueprint, parent: Frame | None, context: int, name: str | None = None,
              frame_type: str | None = None) -> Frame:
        """A frame (and its blueprint children) from ``bp``; ``INHERITS`` applied first."""
        frame = self.new(bp.name if name is None else name, frame_type or bp.frame_type, parent, context)
        chain: list[Blueprint] = []
        base, seen = bp, set()
        while base is not None and base.name not in seen:
            seen.add(base.name)
            chain.append(base)
            base = self._inherited(base)
        for level, b in enumerate(reversed(chain)):
            apply_props(frame, b.props)
            own = level == len(chain) - 1
            if own or chain[len(chain) - level - 2].with_children:
                for child in b.children:
                    self.build(child, frame, context)
        frame.inherited = len(chain) > 1
        return frame

    def _inherited(self, bp: Blueprint) -> Blueprint | None:
        if not bp.inherits:
            return None
        base = self.blueprints.get(bp.inherits)
        if base is None:
            self.warn_once("inherits:" + bp.inherits,
                           f"frame blueprint {bp.name!r} inherits {bp.inherits!r}, which no loaded "
                           "fdf file of the map defines (the game's own UI files are not read)")
        return base

    def destroy(self, frame: Frame) -> None:
        """Destroy ``frame`` and its children; they leave the storage and their parent."""
        for child in list(frame.children):
            self.destroy(child)
        if frame.parent is not None and frame in frame.parent.children:
            frame.parent.children.remove(frame)
        for key in [k for k, f in self.storage.items() if f is frame]:
            del self.storage[key]
        for key in [k for k, f in self.origins.items() if f is frame]:
            del self.origins[key]
        if self.cage is frame:
            self.cage = None
        if frame.handle_id:
            self.game.handles.destroy(frame)
        frame.destroyed = True

    def load_toc(self, path: str) -> bool:
        """``BlzLoadTOCFile``: read the map's TOC file ``path`` and the fdf files it lists
        (``maps.fdf``, through ``toc_reader``); their blueprints become creatable and their
        warnings model warnings. False when there is no reader or no such file."""
        if self.toc_reader is None:
            return False
        contents = self.toc_reader(path)
        if contents is None:
            return False
        self.tocs.append(path)
        for bp in contents.blueprints:
            self.blueprints[bp.name] = bp
        for missing in contents.missing_files:
            if missing not in self.unread_files:
                self.unread_files.append(missing)
        for w in contents.warnings:
            self.game.warn(w)
        return True

    # -- events ----------------------------------------------------------------------------
    def register(self, trig, frame: Frame, event: int):
        """``BlzTriggerRegisterFrameEvent``: the registration of ``trig`` for frame event
        ``event`` (a frameeventtype value) of ``frame``, or None for a null trigger."""
        return self.game.events.register(trig, self._event_id, ("frame", frame, event), frame,
                                         name=FRAME_EVENT_NAME, frame_event=event)

    def fire(self, frame: Frame, event: int, player, value: float = 0.0, text: str = "") -> None:
        """Frame event ``event`` of ``frame`` by ``player``: registrations of that frame and
        event run (not per player); a disabled frame raises none."""
        if not frame.enabled or frame.destroyed:
            return
        events: EventRegistry = self.game.events
        resp = Response(trigger_player=player, trigger_frame=frame,
                        frame_event=enum_handle("frameeventtype", event),
                        frame_value=float(value), frame_text=text)
        events.dispatch(FRAME_EVENT_NAME, events.find("frame", frame, event), resp,
                        extra=lambda r: {"event_id": None})

    @listens(FrameInput)
    def on_publish(self, event) -> None:
        """The ``game.subscribers`` entry: a ``FrameInput`` model event is a player's input on a
        frame."""
        if type(event) is FrameInput:
            self._input(event)

    def _input(self, e: FrameInput) -> None:
        """A player's input on a frame: the state it changes, then its event."""
        frame, kind = e.frame, e.event
        player = e.player if e.player is not None else self.game.local_player
        if kind in (CHECKBOX_CHECKED, CHECKBOX_UNCHECKED):
            frame.checked = kind == CHECKBOX_CHECKED
        elif kind == EDITBOX_TEXT_CHANGED:
            frame.text = limit_bytes(e.text, frame.text_limit)
        elif kind in (SLIDER_VALUE_CHANGED, POPUPMENU_ITEM_CHANGED):
            frame.value = float(e.value)
        text = frame.text if kind in (EDITBOX_TEXT_CHANGED, EDITBOX_ENTER) else ""
        value = frame.value if kind in (SLIDER_VALUE_CHANGED, POPUPMENU_ITEM_CHANGED, MOUSE_WHEEL) else 0.0
        if kind == MOUSE_WHEEL:
            value = float(e.value)
        if kind == MOUSE_ENTER and frame.tooltip is not None:
            frame.tooltip.visible = True
        elif kind == MOUSE_LEAVE and frame.tooltip is not None:
            frame.tooltip.visible = False
        self.fire(frame, kind, player, value, text)


class FrameEventId:
    """Internal registration marker (the registry needs a non-null event id); the script
    never sees it: ``GetTriggerEventId`` answers null for frame events."""

    type_name = "frameevent"
    value = 0


def limit_bytes(text: str | None, limit: int) -> str:
    """``text`` cut to ``limit`` UTF-8 bytes (0: no limit) without splitting a character
    (jassdoc ``BlzFrameSetTextSizeLimit``: "The limit counts bytes, not characters")."""
    text = text or ""
    if limit <= 0:
        return text
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= limit:
        return text
    return data[:limit].decode("utf-8", "ignore")


def _number(props: dict, key: str) -> float | None:
    v = props.get(key)
    if v and isinstance(v[0], (int, float)):
        return float(v[0])
    return None


def apply_props(frame: Frame, props: dict[str, list]) -> None:
    """The fdf actions the model keeps: ``Width``, ``Height``, ``Text``, ``File``/
    ``BackdropBackground`` (texture), ``EditMaxChars``, ``SliderMinValue``/``MaxValue``/
    ``InitialValue``/``StepSize``, ``FrameFont``."""
    for key, attr in (("Width", "width"), ("Height", "height"), ("SliderMinValue", "min_value"),
                      ("SliderMaxValue", "max_value"), ("SliderInitialValue", "value"),
                      ("SliderStepSize", "step")):
        n = _number(props, key)
        if n is not None:
            setattr(frame, attr, n)
    text = props.get("Text")
    if text and isinstance(text[0], str):
        frame.text = text[0]
    n = _number(props, "EditMaxChars")
    if n is not None:
        frame.text_limit = int(n)
    for key in ("File", "BackdropBackground"):
        v = props.get(key)
        if v and isinstance(v[0], str):
            frame.texture = (v[0], 0, False)
    font = props.get("FrameFont")
    if font and isinstance(font[0], str):
        height = float(font[1]) if len(font) > 1 and isinstance(font[1], (int, float)) else 0.0
        frame.font = (font[0], height, 0)


# ---------------------------------------------------------------------------------------
# Natives
# ---------------------------------------------------------------------------------------

def _tree(ctx) -> FrameTree:
    return ctx.game.frames


def _f(frame) -> Frame | None:
    return alive(frame)


def _crash_on_origin(ctx, frame: Frame, origins: frozenset, native_name: str) -> None:
    if frame.origin is not None and frame.origin[0] in origins:
        ctx.crash("game-crash", f"{native_name} on {frame.name} crashes the game (jassdoc @bug)")


@native("BlzGetOriginFrame", "takes originframetype frameType, integer index returns framehandle")
def BlzGetOriginFrame(ctx, kind, index):
    """The origin frame of ``frameType`` and ``index`` (jassdoc: "to high values will return
    the frame from the last valid Index"; "The first time a Frame enters the map's script it
    takes a handleId"). Null for a null type."""
    if kind is None:
        return None
    tree = _tree(ctx)
    return tree.expose(tree.origin(enum_value(kind), index))


@native("BlzEnableUIAutoPosition", "takes boolean enable returns nothing")
def BlzEnableUIAutoPosition(ctx, enable):
    """Let the game move default frames back to their places (stored; jassdoc)."""
    _tree(ctx).auto_position = bool(enable)


@native("BlzHideOriginFrames", "takes boolean enable returns nothing")
def BlzHideOriginFrames(ctx, enable):
    """Hide (true) / show most of the default UI (stored; jassdoc: "Unaffected: Mouse,
    Command Buttons, Chat, Messages, TimerDialog, Multiboard, Leaderboard and
    ConsoleUIBackdrop"). It also switches the auto positioning (jassdoc: "(De)Activades
    some auto-repositioning of default frames"): hiding turns it off."""
    tree = _tree(ctx)
    tree.origin_frames_hidden = bool(enable)
    tree.auto_position = not enable
    ctx.game.record("ui_origin_frames", hidden=bool(enable))


@native("BlzLoadTOCFile", "takes string TOCFile returns boolean")
def BlzLoadTOCFile(ctx, path):
    """Load a TOC file of the map and the fdf files it lists (``maps.fdf``): true when the
    map has the file. jassdoc @bug "The TOC needs to end with one or two empty lines": the
    last line of a TOC is not read."""
    if not path:
        return False
    return _tree(ctx).load_toc(path)


def _create(ctx, name: str | None, owner, context: int, simple: bool) -> Frame | None:
    tree = _tree(ctx)
    owner = _f(owner)
    bp = tree.blueprints.get(name or "")
    if bp is not None and is_simple_type(bp.frame_type) != simple:
        tree.warn_once(f"family:{name}", f"frame blueprint {name!r} is a {bp.frame_type}: "
                       f"{'BlzCreateSimpleFrame' if simple else 'BlzCreateFrame'} cannot create it")
        return None
    if owner is not None and owner.simple != simple and owner.frame_type:
        tree.warn_once(f"owner:{name}", f"frame {name!r}: the owner {owner.name!r} is of the other "
                       "frame family (jassdoc: owner and blueprint have to be from the same family)")
        return None
    if bp is None:
        if simple:
            tree.warn_once(f"unknown:{name}", f"BlzCreateSimpleFrame: no loaded fdf file of the map "
                           f"defines {name!r}; null (jassdoc: only frames loaded by used tocs are valid)")
            return None
        tree.warn_once(f"unknown:{name}", f"BlzCreateFrame: no loaded fdf file of the map defines "
                       f"{name!r} (the game's own UI files are not read): a frame of unknown type")
        frame = tree.new(name or "", "", owner, context)
        frame.blueprint_found = False
        return tree.expose(frame)
    return tree.expose(tree.build(bp, owner, context))


@native("BlzCreateFrame", "takes string name, framehandle owner, integer priority, integer createContext returns framehandle")
def BlzCreateFrame(ctx, name, owner, priority, context):
    """A frame from blueprint ``name`` as child of ``owner`` (jassdoc: "BluePrint needs to be
    loaded over TOC & fdf. Owner and BluePrint have to be from the Frame family"; unknown
    names: see the module docstring), stored for ``BlzGetFrameByName(name, createContext)``
    ("Overwrites occupied slots"). ``priority`` is its level."""
    frame = _create(ctx, name, owner, context, False)
    if frame is not None:
        frame.level = priority
    return frame


@native("BlzCreateSimpleFrame", "takes string name, framehandle owner, integer createContext returns framehandle")
def BlzCreateSimpleFrame(ctx, name, owner, context):
    """Like ``BlzCreateFrame`` for the SimpleFrame family; null for a name no loaded fdf
    file defines (jassdoc: "Only Frames loaded by used tocs are valid names")."""
    return _create(ctx, name, owner, context, True)


@native("BlzCreateFrameByType", "takes string typeName, string name, framehandle owner, string inherits, integer createContext returns framehandle")
def BlzCreateFrameByType(ctx, type_name, name, owner, inherits, context):
    """A new frame of ``typeName`` named ``name``, copying the blueprint ``inherits`` when
    given (it must be loaded). jassdoc @bug: type ``"CONTROL"`` or ``"SIMPLEMESSAGEFRAME"``
    crashes the game (the calling thread ends with a recorded crash); a type outside
    jassdoc's list of valid names answers null with a warning."""
    kind = (type_name or "").upper()
    if kind in CRASHING_TYPES:
        ctx.crash("game-crash", f"BlzCreateFrameByType({type_name!r}) crashes the game (jassdoc @bug)")
    tree = _tree(ctx)
    if kind not in FRAME_TYPES and not kind.startswith("GLUE"):
        tree.warn_once(f"type:{kind}", f"BlzCreateFrameByType: {type_name!r} is not a known frame type; null")
        return None
    owner = _f(owner)
    bp = tree.blueprints.get(inherits or "") if inherits else None
    if inherits and bp is None:
        tree.warn_once(f"inherits:{inherits}", f"BlzCreateFrameByType: blueprint {inherits!r} is not "
                       "defined by a loaded fdf file of the map; the frame inherits nothing")
    if bp is not None:
        frame = tree.build(bp, owner, context, name=name or "", frame_type=kind)
        frame.inherited = True
    else:
        frame = tree.new(name or "", kind, owner, context)
    return tree.expose(frame)


@native("BlzDestroyFrame", "takes framehandle frame returns nothing")
def BlzDestroyFrame(ctx, frame):
    """Destroy the frame and its children."""
    frame = _f(frame)
    if frame is not None:
        _tree(ctx).destroy(frame)


@native("BlzGetFrameByName", "takes string name, integer createContext returns framehandle")
def BlzGetFrameByName(ctx, name, context):
    """The frame stored under (name, createContext): frames the script created and their
    blueprint children. The game's own UI frames are not modelled: null, with a warning
    once per name (docs/natives.md)."""
    tree = _tree(ctx)
    frame = tree.storage.get((name or "", context))
    if frame is None or frame.destroyed:
        tree.warn_once(f"byname:{name}", f"BlzGetFrameByName({name!r}, {context}): no such frame "
                       "created by the script (the game's own UI frames are not modelled); null")
        return None
    return tree.expose(frame)


@native("BlzFrameGetName", "takes framehandle frame returns string")
def BlzFrameGetName(ctx, frame):
    """The frame's name. jassdoc: "Inherited Frames lose their Name. SimpleFrames return an
    empty String"."""
    frame = _f(frame)
    if frame is None or frame.inherited or frame.simple:
        return ""
    return frame.name


# -- points and size ----------------------------------------------------------------------

@native("BlzFrameSetPoint", "takes framehandle frame, framepointtype point, framehandle relative, framepointtype relativePoint, real x, real y returns nothing")
def BlzFrameSetPoint(ctx, frame, point, relative, rel_point, x, y):
    """Place ``point`` of the frame at ``relativePoint`` of ``relative`` plus (x, y)
    (jassdoc: "Each point of a frame can be placed to one point": the point is replaced)."""
    frame = _f(frame)
    if frame is not None and point is not None:
        frame.points[enum_value(point)] = (_f(relative), enum_value(rel_point), x, y)


@native("BlzFrameSetAbsPoint", "takes framehandle frame, framepointtype point, real x, real y returns nothing")
def BlzFrameSetAbsPoint(ctx, frame, point, x, y):
    """Place ``point`` of the frame at screen (x, y) (0.8 x 0.6 units, jassdoc)."""
    frame = _f(frame)
    if frame is not None and point is not None:
        frame.points[enum_value(point)] = (None, -1, x, y)


@native("BlzFrameClearAllPoints", "takes framehandle frame returns nothing")
def BlzFrameClearAllPoints(ctx, frame):
    """Unbind all points of the frame (jassdoc)."""
    frame = _f(frame)
    if frame is not None:
        frame.points.clear()


@native("BlzFrameSetAllPoints", "takes framehandle frame, framehandle relative returns nothing")
def BlzFrameSetAllPoints(ctx, frame, relative):
    """Bind every corner of the frame to the same corner of ``relative`` (the frame takes
    ``relative``'s place)."""
    frame, relative = _f(frame), _f(relative)
    if frame is not None and relative is not None:
        frame.points = {p: (relative, p, 0.0, 0.0) for p in (0, 2, 6, 8)}


@native("BlzFrameSetSize", "takes framehandle frame, real width, real height returns nothing")
def BlzFrameSetSize(ctx, frame, width, height):
    """Set width and height (screen units); read back by ``BlzFrameGetWidth/Height``."""
    frame = _f(frame)
    if frame is not None:
        frame.width, frame.height = width, height


@native("BlzFrameGetWidth", "takes framehandle frame returns real")
def BlzFrameGetWidth(ctx, frame):
    """The width set (``BlzFrameSetSize`` or fdf ``Width``), 0.0 otherwise: a size that
    only the layout of the rendered screen gives (two points) is not computed
    (docs/natives.md)."""
    frame = _f(frame)
    return frame.width if frame is not None else 0.0


@native("BlzFrameGetHeight", "takes framehandle frame returns real")
def BlzFrameGetHeight(ctx, frame):
    """The height set (see ``BlzFrameGetWidth``)."""
    frame = _f(frame)
    return frame.height if frame is not None else 0.0


# -- visibility, enable, alpha, level, parent -----------------------------------------------

def ancestors(frame: Frame):
    """The frame, its parent, its parent's parent... (a parent cycle cannot be made:
    ``BlzFrameSetParent`` refuses one)."""
    f = frame
    while f is not None:
        yield f
        f = f.parent


def shown(frame: Frame) -> bool:
    """The frame and every ancestor are visible (jassdoc ``BlzFrameSetVisible``: "Sets
    visibility of a frame and its children")."""
    return all(f.visible for f in ancestors(frame))


def _stored(name: str, signature: str, attr: str, doc: str, convert=None) -> None:
    """Register a native that stores its one argument as ``frame.<attr>`` (null frames
    ignored)."""
    def setter(ctx, frame, value):
        frame = _f(frame)
        if frame is not None:
            setattr(frame, attr, convert(value) if convert is not None else value)

    setter.__doc__ = doc
    setter.__name__ = setter.__qualname__ = name
    native(name, f"takes framehandle frame, {signature} returns nothing")(setter)


@native("BlzFrameIsVisible", "takes framehandle frame returns boolean")
def BlzFrameIsVisible(ctx, frame):
    """True when the frame and all its parents are visible (``shown``)."""
    frame = _f(frame)
    return frame is not None and shown(frame)


@native("BlzFrameSetEnable", "takes framehandle frame, boolean enabled returns nothing")
def BlzFrameSetEnable(ctx, frame, enabled):
    """Turn the frame's events on/off (jassdoc: "(false) Removes KeyboardFocus")."""
    frame = _f(frame)
    if frame is not None:
        frame.enabled = bool(enabled)
        if not enabled:
            frame.focus = False


@native("BlzFrameGetEnable", "takes framehandle frame returns boolean")
def BlzFrameGetEnable(ctx, frame):
    """The enabled flag (true for a new frame)."""
    frame = _f(frame)
    return frame is not None and frame.enabled


def inherited(frame: Frame, attr: str, default):
    """``attr`` of the frame, else of its nearest ancestor that has one, else ``default``."""
    return next((getattr(f, attr) for f in ancestors(frame) if getattr(f, attr) is not None),
                default)


@native("BlzFrameGetAlpha", "takes framehandle frame returns integer")
def BlzFrameGetAlpha(ctx, frame):
    """The frame's alpha, else its nearest parent's, else 255."""
    frame = _f(frame)
    return inherited(frame, "alpha", 255) if frame is not None else 0


@native("BlzFrameSetLevel", "takes framehandle frame, integer level returns nothing")
def BlzFrameSetLevel(ctx, frame, level):
    """Order among siblings (bigger is higher). jassdoc @bug: "Level values above 9 for
    visible SimpleFrames crash the game" (the calling thread ends with a recorded crash)."""
    frame = _f(frame)
    if frame is None:
        return
    if level > MAX_SIMPLE_LEVEL and frame.simple and shown(frame):
        ctx.crash("game-crash", f"BlzFrameSetLevel({level}) on a visible SimpleFrame crashes the game "
                  "(jassdoc @bug)")
    frame.level = level


@native("BlzFrameSetParent", "takes framehandle frame, framehandle parent returns nothing")
def BlzFrameSetParent(ctx, frame, parent):
    """Move the frame under ``parent`` (null: no parent). A parent inside the frame's own
    subtree is refused with a warning (it would make a cycle)."""
    frame, parent = _f(frame), _f(parent)
    if frame is None:
        return
    p = parent
    while p is not None:
        if p is frame:
            ctx.warn("BlzFrameSetParent: the new parent is the frame or one of its children; ignored")
            return
        p = p.parent
    if frame.parent is not None and frame in frame.parent.children:
        frame.parent.children.remove(frame)
    frame.parent = parent
    if parent is not None:
        parent.children.append(frame)


@native("BlzFrameGetParent", "takes framehandle frame returns framehandle")
def BlzFrameGetParent(ctx, frame):
    """The frame's parent (null for the game UI and a parentless frame)."""
    frame = _f(frame)
    return _tree(ctx).expose(_f(frame.parent)) if frame is not None else None


@native("BlzFrameGetChildrenCount", "takes framehandle frame returns integer")
def BlzFrameGetChildrenCount(ctx, frame):
    """Number of child frames (jassdoc: "Ignores String/Texture")."""
    frame = _f(frame)
    if frame is None:
        return 0
    return len(_frame_children(frame))


def _frame_children(frame: Frame) -> list[Frame]:
    return [c for c in frame.children if c.frame_type not in ("STRING", "TEXTURE")]


@native("BlzFrameGetChild", "takes framehandle frame, integer index returns framehandle")
def BlzFrameGetChild(ctx, frame, index):
    """Child ``index`` (jassdoc: "Valid Indexes are 0 to BlzFrameGetChildrenCount - 1.
    Ignores String/Texture"); null outside."""
    frame = _f(frame)
    if frame is None:
        return None
    children = _frame_children(frame)
    return _tree(ctx).expose(children[index]) if 0 <= index < len(children) else None


# -- text -------------------------------------------------------------------------------------

_TEXT_CRASH = frozenset({ORIGIN_PORTRAIT_HP_TEXT, ORIGIN_PORTRAIT_MANA_TEXT})


def _has_text(frame: Frame) -> bool:
    return frame.frame_type in TEXT_TYPES or frame.frame_type == ""


@native("BlzFrameSetText", "takes framehandle frame, string text returns nothing")
def BlzFrameSetText(ctx, frame, text):
    """Set the text (colour codes and ``|n`` kept as given). jassdoc @bug: on
    ``ORIGIN_FRAME_PORTRAIT_HP_TEXT`` / ``_MANA_TEXT`` it crashes the game."""
    frame = _f(frame)
    if frame is None:
        return
    _crash_on_origin(ctx, frame, _TEXT_CRASH, "BlzFrameSetText")
    frame.text = text or ""


@native("BlzFrameGetText", "takes framehandle frame returns string")
def BlzFrameGetText(ctx, frame):
    """The text, for the frame types jassdoc lists (``TEXT``, ``TEXTBUTTON``, ``EDITBOX``,
    ``TEXTAREA``, ``SIMPLEBUTTON``, ``SIMPLEFONTSTRING``; and frames of unknown type);
    ``""`` for others. jassdoc @bug: crashes the game on the portrait HP/mana texts."""
    frame = _f(frame)
    if frame is None:
        return ""
    _crash_on_origin(ctx, frame, _TEXT_CRASH, "BlzFrameGetText")
    return frame.text if _has_text(frame) else ""


@native("BlzFrameAddText", "takes framehandle frame, string text returns nothing")
def BlzFrameAddText(ctx, frame, text):
    """Start a new line and add ``text`` (jassdoc: "Works only with TEXTAREA frames"; the
    first line of an empty area starts no new line)."""
    frame = _f(frame)
    if frame is None or frame.frame_type not in TEXTAREA_TYPES:
        return
    frame.text = f"{frame.text}\n{text or ''}" if frame.text else (text or "")


@native("BlzFrameGetTextSizeLimit", "takes framehandle frame returns integer")
def BlzFrameGetTextSizeLimit(ctx, frame):
    """The limit set here or by fdf ``EditMaxChars`` (0 when none)."""
    frame = _f(frame)
    return frame.text_limit if frame is not None else 0


@native("BlzFrameSetFont", "takes framehandle frame, string fileName, real height, integer flags returns nothing")
def BlzFrameSetFont(ctx, frame, file_name, height, flags):
    """Font file, height (screen units) and flags (stored). jassdoc @bug: crashes the game
    on ``ORIGIN_FRAME_TOP_MSG``/``UNIT_MSG``/``CHAT_MSG`` and the portrait HP/mana texts."""
    frame = _f(frame)
    if frame is None:
        return
    _crash_on_origin(ctx, frame, _TEXT_CRASH | {ORIGIN_TOP_MSG, ORIGIN_UNIT_MSG, ORIGIN_CHAT_MSG},
                     "BlzFrameSetFont")
    frame.font = (file_name or "", height, flags)


@native("BlzFrameSetTextAlignment", "takes framehandle frame, textaligntype vert, textaligntype horz returns nothing")
def BlzFrameSetTextAlignment(ctx, frame, vert, horz):
    """Vertical and horizontal alignment (TEXT_JUSTIFY_* values, stored)."""
    frame = _f(frame)
    if frame is not None:
        frame.alignment = (enum_value(vert), enum_value(horz))


@native("BlzFrameSetFocus", "takes framehandle frame, boolean flag returns nothing")
def BlzFrameSetFocus(ctx, frame, flag):
    """Keyboard focus (jassdoc: "Only works with EDITBOX frames")."""
    frame = _f(frame)
    if frame is not None and frame.frame_type in EDITBOX_TYPES:
        frame.focus = bool(flag)


# -- value ------------------------------------------------------------------------------------

@native("BlzFrameGetValue", "takes framehandle frame returns real")
def BlzFrameGetValue(ctx, frame):
    """The value for ``POPUPMENU``, ``SLIDER``, ``SIMPLESTATUSBAR``, ``STATUSBAR``;
    jassdoc: "Otherwise returns 0.0"."""
    frame = _f(frame)
    if frame is None or frame.frame_type not in VALUE_TYPES:
        return 0.0
    return frame.value


@native("BlzFrameSetMinMaxValue", "takes framehandle frame, real minValue, real maxValue returns nothing")
def BlzFrameSetMinMaxValue(ctx, frame, lo, hi):
    """Value range of sliders and status bars (stored)."""
    frame = _f(frame)
    if frame is not None:
        frame.min_value, frame.max_value = lo, hi


# -- looks ------------------------------------------------------------------------------------

@native("BlzFrameSetTexture", "takes framehandle frame, string texFile, integer flag, boolean blend returns nothing")
def BlzFrameSetTexture(ctx, frame, tex_file, flag, blend):
    """Texture file, fill flag (0 stretch, 1 tile) and blend (stored)."""
    frame = _f(frame)
    if frame is not None:
        frame.texture = (tex_file or "", flag, bool(blend))


@native("BlzFrameSetModel", "takes framehandle frame, string modelFile, integer cameraIndex returns nothing")
def BlzFrameSetModel(ctx, frame, model, camera):
    """Model file and camera index (stored)."""
    frame = _f(frame)
    if frame is not None:
        frame.model = (model or "", camera)


@native("BlzFrameSetSpriteAnimate", "takes framehandle frame, integer primaryProp, integer flags returns nothing")
def BlzFrameSetSpriteAnimate(ctx, frame, prop, flags):
    """Queue an animation (token 0..25, flags; jassdoc): flags without 1, 2 or 3 wipe the
    queue first ("If none of 1-3 is set, queue gets wiped")."""
    frame = _f(frame)
    if frame is None:
        return
    if flags & 3 == 0:
        frame.sprite_animations.clear()
    frame.sprite_animations.append((prop, flags))


@native("BlzFrameSetTooltip", "takes framehandle frame, framehandle tooltip returns nothing")
def BlzFrameSetTooltip(ctx, frame, tooltip):
    """``tooltip`` shows while the mouse is over the frame, and is hidden otherwise
    (jassdoc: "Otherwise tooltip will be hidden"; "tooltip can only serve one frame"; "It's
    not possible to undo this"): null is ignored; a tooltip given to a second frame leaves
    the first."""
    frame, tooltip = _f(frame), _f(tooltip)
    if frame is None or tooltip is None:
        return
    if tooltip.tooltip_of is not None and tooltip.tooltip_of is not frame:
        tooltip.tooltip_of.tooltip = None
    frame.tooltip = tooltip
    tooltip.tooltip_of = frame
    tooltip.visible = False


@native("BlzFrameCageMouse", "takes framehandle frame, boolean enable returns nothing")
def BlzFrameCageMouse(ctx, frame, enable):
    """Keep the cursor inside the frame (jassdoc: "New cages (true) will overwrite old
    ones"); false releases the frame's cage. ``game.frames.cage`` is the caging frame."""
    frame = _f(frame)
    if frame is None:
        return
    tree = _tree(ctx)
    if enable:
        if tree.cage is not None:
            tree.cage.caged = False
        tree.cage = frame
        frame.caged = True
    elif tree.cage is frame:
        tree.cage = None
        frame.caged = False


@native("BlzFrameClick", "takes framehandle frame returns nothing")
def BlzFrameClick(ctx, frame):
    """Click the frame for the local player: jassdoc "Ignores visibility. Triggers
    FRAMEEVENT_CONTROL_CLICK" (for the clickable types it lists; a disabled frame raises
    no event)."""
    frame = _f(frame)
    if frame is not None and (frame.frame_type in CLICK_TYPES or not frame.frame_type):
        ctx.game.publish(FrameInput(ctx.game.local_player, frame, CONTROL_CLICK))


# -- plain stored values -------------------------------------------------------------------------

_stored("BlzFrameSetVisible", "boolean visible", "visible",
        "Show or hide the frame and its children.", bool)
_stored("BlzFrameSetAlpha", "integer alpha", "alpha",
        'Alpha 0..255 (jassdoc: "Affects child-Frames, when they don\'t have an own Alpha").')
_stored("BlzFrameSetScale", "real scale", "scale",
        'Scale (jassdoc: "Affects child-Frames, when they don\'t have an own Scale"; '
        'stored as given, negative included).')
_stored("BlzFrameSetTextSizeLimit", "integer size", "text_limit",
        'Most bytes a player can type into an EDITBOX (jassdoc @note: "The limit counts '
        'bytes, not characters"); applied to typed text (scenario frame_input).')
_stored("BlzFrameSetTextColor", "integer color", "text_color",
        "Text colour 0xaarrggbb (stored).")
_stored("BlzFrameSetValue", "real value", "value",
        'Current value (jassdoc: "Only for FrameType that use this feature").')
_stored("BlzFrameSetStepSize", "real stepSize", "step",
        "Slider step (stored).")
_stored("BlzFrameSetVertexColor", "integer color", "vertex_color",
        "Vertex colour 0xaarrggbb (stored).")


# -- events -----------------------------------------------------------------------------------

@native("BlzTriggerRegisterFrameEvent", "takes trigger whichTrigger, framehandle frame, frameeventtype eventId returns event")
def BlzTriggerRegisterFrameEvent(ctx, trig, frame, event):
    """Run ``trig`` on ``eventId`` of ``frame``, for any player (jassdoc: "The event starts
    for all players when one player triggers it"). Null for a null frame or event."""
    frame = _f(frame)
    if frame is None or event is None:
        return None
    return _tree(ctx).register(trig, frame, enum_value(event))
