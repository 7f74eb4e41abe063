"""Whole-game snapshots: the VM and the game model written as plain data and restored.

A snapshot is every piece of state of a running ``GameSession`` (DESIGN.md sections 4-5):
the VM's globals, threads (frames as function, pc, locals and operand stack), counters and
crash records; the scheduler's clock and queue (entries are already plain data); and every
field of the declared ``Game`` with everything reachable from it (handles, units, groups
with their ordinals, the blight plane, triggers and their registrations, timers, dialogs,
the timeline...). It is taken only at a *safe point*, when no JASS is on the stack.

Encoding (``encode_state``)
    The object graph is flattened into a table, as a heap dump: each mutable container and
    each model object is one row (``kinds[n]`` its class, ``states[n]`` its state) and is
    referenced from other rows by its index, so shared and cyclic references survive.
    Values are msgpack-native (None, bools, ints, floats, strings with lone surrogates kept,
    bytes) or msgpack extension types for references, big integers, tuples, frozensets,
    interned enum handles (``Convert*`` results, by type and value), code values (compiled
    functions, by name; those of an AI script by script, digest and name), unset variables,
    entries of the project's constant tables and references to scheduler entries. The
    scheduler's sequence numbers are written as ranks in run order (``Scheduler.ranks``),
    in its queue and in every ``EntryId`` the model keeps (0 for an entry no longer
    pending): the order entries will run in is state, how many ran before is not, so a
    game that got to the same state in fewer steps gives the same bytes. The objects a fresh session builds itself
    (the ``Game``, its stores, the scheduler, the VM) are *anchors*: their state is written,
    and on restore it is poured into the fresh session's own objects, so handlers registered
    by kind on the scheduler and the event layer's subscription stay bound to live objects.
    What a session is given rather than what it plays (``ENVIRONMENT``: the VM object, the
    map layer's callables, subscribers, scheduler handlers, the sandbox folder) is never
    written. Only classes of this
    project's ``jassvm`` and ``natives`` packages and a few builtin containers can appear:
    decoding looks class names up in that whitelist and never imports, evaluates or calls
    anything named by the data. The files the map wrote in its sandbox travel along
    (``sandbox_files``).

Determinism
    Rows are numbered in traversal order from fixed roots, sets are written sorted, so the
    same game state gives the same bytes in any process: ``state_digest`` is their sha256.

AI scripts (``natives.ai``)
    Each AI player's VM is written beside the map's (``roots["ai"]``: its globals, threads,
    counters and crash records). On restore the session's ``game.ai_loader`` loads the same
    scripts again (a different digest is refused), ``AIState.rebuild`` makes their VMs and
    the saved state is poured in.

Restore (``restore_state``) builds every row, unpacks the states with references resolved
to those rows, fills objects, then containers, and replaces the VM's state. It raises
``SnapshotError`` on any inconsistency; callers restore into a fresh session and discard it
on failure (load is all-or-nothing). Save files (``write_save``/``read_save``/``load_save``)
wrap the state with a checked header: docs/save-format.md.
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import math
import operator
import random
import sys
import zlib
from collections import deque
from pathlib import PurePath
from types import MappingProxyType
from typing import Any

import msgpack

from jassvm import __version__
from jassvm.bytecode import CompiledFunction, NativeBinding
from jassvm.cache import no_gc
from jassvm.scheduler import EntryId
from jassvm.thread import UNSET, RuntimeErrorRecord, StackEntry

from natives.ai import AIState
from natives.events import EventRegistry
from natives.frames import FrameTree
from natives.game import Game
from natives.geometry import TerrainTiles
from natives import unitdata
from natives.handles import NO_ENTRIES, EnumHandle, enum_handle
from natives.mission import SAVES_FOLDER
from natives.orders import Orders
from natives.response import NO_RESPONSE
from natives.sandbox import Sandbox, SandboxError
from natives.spells import Spells
from natives import library
from natives.units import WAYGATE_OFF, UnitStore

# msgpack extension codes (docs/save-format.md; 6 is retired)
_REF, _BIGINT, _ENUM, _CODE, _INIT_CODE, _UNSET, _TUPLE, _STATIC, _FROZENSET, _AI_CODE = 1, 2, 3, 4, 5, 7, 8, 9, 10, 11
_ENTRY = 12   # a scheduler EntryId, written as the entry's rank in run order (0: no entry)
_INT_MIN, _INT_MAX = -(1 << 63), (1 << 64) - 1
_ITEMS = "__items__"   # the elements of a model class that is a list or dict

# Fields that hold what a session is given, not what it plays (or a cache): never written,
# kept as the fresh session has them on restore.
ENVIRONMENT: dict[type, frozenset[str]] = {
    # (``published``: the log of recent model events, for tests and tools; no rule reads it)
    Game: frozenset({"vm", "ai_resolver", "ai_loader", "string_table", "height_function", "subscribers",
                     "scheduler", "sandbox_dir", "save_writer", "object_types", "_routes",
                     "published"}),
    TerrainTiles: frozenset({"source"}),   # the map's war3map.w3e, as the map layer reads it
    # how other stores hook in (natives.spells, natives.production, natives.harvest)
    Orders: frozenset({"checks", "planners", "extensions", "modes", "_enemies", "_clearance",
                       "_sentry_epoch"}),
    # coverage collectors of this process (maps.jasscov); an index derived from the regions
    EventRegistry: frozenset({"observers", "region_index"}),
    FrameTree: frozenset({"toc_reader"}),       # the map's TOC/fdf reader (maps.fdf)
    AIState: frozenset({"vms", "_by_vm", "foes"}),   # the AI VMs (written as roots, rebuilt
    # on load) and a cache
    Spells: frozenset({"aura_clean"}),      # the aura update's cache (natives.spells)
    UnitStore: frozenset({"food_keys", "_owned_sorted"}),   # caches (natives.units)
}
# Values that locate the run on this machine (the sandbox folder of the run): attributes
# holding them keep the fresh session's value.
ENVIRONMENT_TYPES = (PurePath, Sandbox)
_VM_FIELDS = ("globals", "threads", "warnings", "threads_started", "total_ops",
              "missing_called", "_next_thread_id")

# The project's constant tables (unit, item and destructable types of ``natives.unitdata``;
# the shared immutable field defaults of ``natives.handles.own``): shared by every game,
# written as (table, key) so a restored unit keeps the same object as the units created
# after the restore. The types derived from the map's object data
# (``game.object_types.static_tables()``) are written the same way.
STATIC_TABLES: dict[str, dict] = {"unit_type": unitdata.UNIT_TYPES, "item_type": unitdata.ITEM_TYPES,
                                  "destructable_type": unitdata.DESTRUCTABLE_TYPES,
                                  "shared": {"no_entries": NO_ENTRIES, "waygate_off": WAYGATE_OFF,
                                             "no_response": NO_RESPONSE}}


def _static_tables(session) -> dict[str, dict]:
    """The constant tables a state refers to by (table, key): the project's and the map's."""
    return {**STATIC_TABLES, **session.game.object_types.static_tables()}


class SnapshotError(Exception):
    """A state that cannot be written (an unsupported value, with its path) or data that
    cannot be restored (malformed, inconsistent or from another program)."""


@functools.cache
def model_classes() -> dict[str, type]:
    """The whitelist of classes a snapshot may contain: every class defined in a
    ``jassvm.*`` or ``natives.*`` module (every natives module is imported first: a run
    imports some on their first native call), by ``module.qualname``. Computed once a snapshot."""
    library.import_all()
    out: dict[str, type] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name.startswith("natives.") or name.startswith("jassvm.")):
            continue
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == name:
                out[f"{name}.{value.__qualname__}"] = value
    return out


def _class_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


@functools.cache
def _slots(cls: type) -> tuple[str, ...]:
    """The ``__slots__`` names of ``cls`` and its bases."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        names.extend(s for s in slots if s not in ("__dict__", "__weakref__"))
    return tuple(names)


def _anchors(session) -> dict[int, str]:
    game = session.game
    out = {id(game): "game", id(session.vm.scheduler): "scheduler", id(session.vm): "vm"}
    for f in dataclasses.fields(Game):
        value = getattr(game, f.name)
        if f.name not in ENVIRONMENT[Game] and _is_object(value):
            out.setdefault(id(value), f"game.{f.name}")
    return out


def _is_object(value: Any) -> bool:
    return not isinstance(value, (type(None), bool, int, float, str, bytes, tuple, frozenset,
                                  EnumHandle, CompiledFunction, NativeBinding))


class _Encoder:
    """Flattens an object graph into rows (see the module docstring): ``kinds[n]`` names
    row ``n``'s class, ``states[n]`` is its state."""

    def __init__(self, anchors: dict[int, str], init_index: dict[int, int],
                 static_tables: dict[str, dict], ai_code: dict[int, tuple] | None = None,
                 ranks: dict[int, int] | None = None) -> None:
        self.anchors = anchors
        self.ranks = ranks or {}      # scheduler sequence number -> rank (Scheduler.ranks)
        self.init_index = init_index
        self.ai_code = ai_code or {}
        self.index: dict[int, int] = {}
        self.kinds: list[str] = []
        self.states: list[Any] = []
        self.keep: list[Any] = []           # keeps encoded objects alive: ids stay unique
        self.todo: deque[tuple[int, Any, str]] = deque()
        self.packer = msgpack.Packer(unicode_errors="surrogatepass", default=self._default)
        self.static = {id(obj): (table, key) for table, entries in static_tables.items()
                       for key, obj in entries.items()}

    # -- values -------------------------------------------------------------------------
    def value(self, v: Any, path: str, key: Any = "") -> Any:
        """``v`` as a msgpack value; ``path`` and ``key`` say where it is, for errors."""
        t = type(v)
        if t is str or t is float or t is bool or v is None or t is bytes:
            return v
        if t is int:
            return v if _INT_MIN <= v <= _INT_MAX else msgpack.ExtType(_BIGINT, str(v).encode())
        if t is EntryId:
            return msgpack.ExtType(_ENTRY, self.packer.pack(self.ranks.get(v, 0)))
        if t is tuple:   # immutable: written inline, so sets of tuples sort by content
            inner = _join(path, key)
            return msgpack.ExtType(_TUPLE, self.packer.pack([self.value(x, inner, i) for i, x in enumerate(v)]))
        if t is frozenset:
            inner = _join(path, key)
            items = [self.value(x, inner, "{}") for x in v]
            items.sort(key=self.packer.pack)
            return msgpack.ExtType(_FROZENSET, self.packer.pack(items))
        if t is EnumHandle:
            return msgpack.ExtType(_ENUM, self.packer.pack([v.type_name, v.value]))
        if t is CompiledFunction or t is NativeBinding:
            ai = self.ai_code.get(id(v))
            if ai is not None:
                return msgpack.ExtType(_AI_CODE, self.packer.pack(ai))
            i = self.init_index.get(id(v))
            if i is not None:
                return msgpack.ExtType(_INIT_CODE, self.packer.pack(i))
            return msgpack.ExtType(_CODE, v.name.encode("utf-8", "surrogatepass"))
        if v is UNSET:
            return msgpack.ExtType(_UNSET, b"")
        n = self.index.get(id(v))
        if n is None:
            static = self.static.get(id(v))
            if static is not None:
                return msgpack.ExtType(_STATIC, self.packer.pack(static))
            n = self.index[id(v)] = len(self.kinds)
            self.kinds.append("")
            self.states.append(None)
            self.keep.append(v)
            self.todo.append((n, v, _join(path, key)))
        return msgpack.ExtType(_REF, n.to_bytes(4, "big"))

    @staticmethod
    def _default(v: Any) -> Any:
        raise TypeError(f"cannot pack {type(v).__name__}")

    # -- rows ---------------------------------------------------------------------------
    def run(self) -> None:
        while self.todo:
            n, obj, path = self.todo.popleft()
            self.kinds[n], self.states[n] = self.row(obj, path)

    def row(self, obj: Any, path: str) -> tuple[str, Any]:
        anchor = self.anchors.get(id(obj))
        t = type(obj)
        v = self.value
        if t is list:
            return "list", [v(x, path, i) for i, x in enumerate(obj)]
        if t is dict:
            return "dict", self._items(obj, path)
        if t is set:
            items = [v(x, path, "{}") for x in obj]
            items.sort(key=self.packer.pack)
            return "set", items
        if t is deque:
            return f"deque/{obj.maxlen}", [v(x, path, i) for i, x in enumerate(obj)]
        if t is bytearray:
            return "bytearray", bytes(obj)
        if t is random.Random:
            return "random.Random", v(obj.getstate(), path, ".state")
        if not (t.__module__.startswith("natives.") or t.__module__.startswith("jassvm.")):
            raise SnapshotError(f"cannot save {path}: it holds {t.__module__}.{t.__qualname__} {_short(obj)}")
        if anchor in ("scheduler", "vm"):
            return f"@{anchor}", {}   # their state is written once, as roots
        name = _class_name(t) if anchor is None else f"@{anchor}"
        state = self._attrs(obj, path)
        if isinstance(obj, list):      # model lists (the message log, the quest log)
            state[_ITEMS] = [v(x, path, i) for i, x in enumerate(obj)]
        elif isinstance(obj, dict):    # model mappings (JASS arrays)
            state[_ITEMS] = self._items(obj, path)
        return name, state

    def _items(self, d: dict, path: str) -> list:
        out = []
        v = self.value
        for k, x in d.items():
            out.append(v(k, path, "{key}"))
            out.append(v(x, path, k))
        return out

    def _attrs(self, obj: Any, path: str) -> dict:
        cls = type(obj)
        skip = ENVIRONMENT.get(cls, ())
        attrs = getattr(obj, "__dict__", None)
        # an attribute that holds what the class-level default gives is not written, and the
        # others go by name (the state, not its history: a field set back to its default, a
        # container filled then emptied, reads the same as one never set, and the order the
        # fields were first set in is not the state either)
        items = (sorted(((k, x) for k, x in attrs.items()
                         if not _same_as_default(x, getattr(cls, k, _NO_DEFAULT))), key=_first)
                 if attrs is not None else [])
        for k in _slots(type(obj)):
            if hasattr(obj, k):
                items.append((k, getattr(obj, k)))
        out = {}
        v = self.value
        for k, x in items:
            if k in skip or isinstance(x, ENVIRONMENT_TYPES):
                continue
            out[k] = v(x, path, "." + k)
        return out


_NO_DEFAULT = object()
_first = operator.itemgetter(0)
_SCALARS = (type(None), bool, int, str, bytes)
_EMPTY_OF = {dict: MappingProxyType, list: tuple, set: frozenset}   # natives.handles.own


def _same_as_default(value: Any, default: Any) -> bool:
    """Whether an instance attribute ``value`` behaves as the class-level ``default`` would:
    the same scalar (a float with the same sign), or an empty container where the default is
    the shared empty one its owner replaces on the first write (``natives.handles.own``)."""
    if value is default:
        return True
    t = type(value)
    if t is not type(default):   # a container its owner made with own(), empty again
        return _EMPTY_OF.get(t) is type(default) and not value and not default
    if t is float:
        return value == default and math.copysign(1.0, value) == math.copysign(1.0, default)
    if t in _SCALARS:
        return value == default
    return (t is tuple or t is frozenset) and not value and not default


def _join(path: str, key: Any) -> str:
    if key == "":
        return path
    if isinstance(key, str) and key[:1] in (".", "{"):
        return path + key
    return f"{path}[{key!r}]"


def _short(obj: Any) -> str:
    text = repr(obj)
    return text if len(text) <= 80 else text[:77] + "..."


def encode_state(session) -> bytes:
    """The canonical msgpack bytes of ``session``'s whole state (see the module docstring).

    Raises SnapshotError (naming the path, e.g. ``game.units.units[1048600].note``) when the
    state holds something that is not data: a function, or an object of another package."""
    vm = session.vm
    ai_vms = session.game.ai.vms
    if vm.current is not None or any(v.current is not None for v in ai_vms.values()):
        raise SnapshotError("a snapshot needs a safe point: JASS is running")
    init_index = {id(fn): i for i, fn in enumerate(vm.program.init)}
    with contextlib.ExitStack() as frames, no_gc():
        for v in [vm, *ai_vms.values()]:
            frames.enter_context(v.plain_frames())
        enc = _Encoder(_anchors(session), init_index, _static_tables(session), _ai_code(session.game),
                       vm.scheduler.ranks())
        return _encode(session, enc)


def _ai_code(game) -> dict[int, tuple]:
    """id of every function of a running AI script -> (script, digest, name)."""
    out: dict[int, tuple] = {}
    for pid, vm in game.ai.vms.items():
        entry = game.ai.players[pid]
        for name, fn in vm.program.functions.items():
            if isinstance(fn, CompiledFunction):
                out[id(fn)] = (entry.script, entry.digest, name)
    return out


def _encode(session, enc: _Encoder) -> bytes:
    vm = session.vm
    scheduler = vm.scheduler
    roots = {
        "game": enc.value(session.game, "game"),
        "scheduler": {k: enc.value(v, "scheduler", "." + k) for k, v in scheduler.state(enc.ranks).items()},
        "vm": {k: enc.value(getattr(vm, k), "vm", "." + k) for k in _VM_FIELDS},
        "errors": _errors_data(vm.errors),
        "files": sandbox_files(session.game),
        "ai": [[pid, {k: enc.value(getattr(ai_vm, k), f"ai[{pid}]", "." + k) for k in _VM_FIELDS},
                _errors_data(ai_vm.errors)] for pid, ai_vm in sorted(session.game.ai.vms.items())],
    }
    enc.run()
    pack = enc.packer.pack
    return pack(enc.kinds) + pack([roots, enc.states])


def _errors_data(errors: list[RuntimeErrorRecord]) -> list:
    return [[e.kind, e.message, e.time, e.thread, [[f.function, f.file, f.line] for f in e.stack]]
            for e in errors]


def _errors_from(data: list) -> list[RuntimeErrorRecord]:
    return [RuntimeErrorRecord(str(kind), str(message), float(time), str(thread),
                               [StackEntry(str(f), str(p), int(n)) for f, p, n in stack])
            for kind, message, time, thread, stack in data]


def state_digest(session) -> str:
    """sha256 (hex) of ``encode_state(session)``: equal digests mean equal game states."""
    return hashlib.sha256(encode_state(session)).hexdigest()


# ---------------------------------------------------------------------------------------
# Restore
# ---------------------------------------------------------------------------------------

_PLAIN_CONTAINERS = {"list": list, "dict": dict, "set": set, "bytearray": bytearray,
                     "random.Random": random.Random}


class _Decoder:
    """Rebuilds rows: every object first (empty), then the states are unpacked with the
    references resolved to those objects, then objects and containers are filled."""

    def __init__(self, session, kinds: list) -> None:
        self.session = session
        self.kinds = kinds
        self.static_tables = _static_tables(session)
        self.classes = model_classes()
        program = session.vm.program
        self.functions = program.functions
        self.init = list(program.init)
        self.ai_programs: dict[tuple[str, str], Any] = {}
        game = session.game
        self.anchors: dict[str, Any] = {"game": game, "scheduler": session.vm.scheduler,
                                        "vm": session.vm}
        for f in dataclasses.fields(Game):
            self.anchors.setdefault(f"game.{f.name}", getattr(game, f.name))
        factories: dict[str, Any] = {}
        objects = []
        for kind in kinds:
            make = factories.get(kind) if isinstance(kind, str) else None
            if make is None:
                make = factories[kind] = self._factory(kind)
            objects.append(make())
        self.objects = objects

    def _factory(self, kind: Any) -> Any:
        """A zero-argument maker of row ``kind``'s (empty) object."""
        if not isinstance(kind, str):
            raise SnapshotError("malformed row kind")
        cls = _PLAIN_CONTAINERS.get(kind)
        if cls is not None:
            return cls
        if kind.startswith("deque/"):
            maxlen = None if kind[6:] == "None" else int(kind[6:])
            return lambda: deque(maxlen=maxlen)
        if kind.startswith("@"):
            anchor = self.anchors.get(kind[1:])
            if anchor is None:
                raise SnapshotError(f"unknown anchor {kind[1:]!r}")
            return lambda: anchor
        cls = self.classes.get(kind)
        if cls is None:
            raise SnapshotError(f"unknown class {kind!r} in the save")
        return functools.partial(cls.__new__, cls)

    def hook(self, code: int, data: bytes) -> Any:
        """msgpack's ``ext_hook``: extension values to objects."""
        if code == _REF:
            n = int.from_bytes(data, "big")
            if n >= len(self.objects):
                raise SnapshotError(f"reference to row {n} out of range")
            return self.objects[n]
        if code == _TUPLE:
            return tuple(self.unpack(data))
        if code == _FROZENSET:
            return frozenset(self.unpack(data))
        if code == _BIGINT:
            return int(data.decode("ascii"))
        if code == _ENUM:
            type_name, value = self.unpack(data)
            return enum_handle(str(type_name), int(value))
        if code == _CODE:
            name = data.decode("utf-8", "surrogatepass")
            if name not in self.functions:
                raise SnapshotError(f"the save refers to function {name!r}, which this program lacks")
            return self.functions[name]
        if code == _INIT_CODE:
            return self.init[self.unpack(data)]
        if code == _AI_CODE:
            script, digest, name = self.unpack(data)
            fn = self.ai_program(str(script), str(digest)).functions.get(name)
            if fn is None:
                raise SnapshotError(f"the save refers to function {name!r} of AI script {script!r}, which it lacks")
            return fn
        if code == _UNSET:
            return UNSET
        if code == _ENTRY:
            n = self.unpack(data)
            if type(n) is not int or n < 0:
                raise SnapshotError(f"malformed scheduler entry reference {n!r}")
            return EntryId(n)
        if code == _STATIC:
            table, key = self.unpack(data)
            try:
                return self.static_tables[table][key]
            except (KeyError, TypeError):
                raise SnapshotError(f"the save refers to {table} {key!r}, which this runtime lacks") from None
        raise SnapshotError(f"unknown value code {code}")

    def ai_program(self, script: str, digest: str | None):
        """The program of AI script ``script`` as the session's ``game.ai_loader`` loads it;
        SnapshotError when it cannot or its digest differs from the saved one."""
        key = (script, digest)
        program = self.ai_programs.get(key)
        if program is None:
            loader = self.session.game.ai_loader
            try:
                loaded = loader(script) if loader is not None else None
            except Exception as err:  # the loader's error (a JassError...): the load fails
                raise SnapshotError(f"cannot load AI script {script!r}: {err}") from None
            if loaded is None:
                raise SnapshotError(f"the save runs AI script {script!r}, which cannot be loaded here")
            program, found = loaded
            if found != digest:
                raise SnapshotError(f"AI script {script!r} differs from the one the save ran (digest)")
            self.ai_programs[key] = program
        return program

    def unpack(self, data: bytes) -> Any:
        return msgpack.unpackb(data, ext_hook=self.hook, unicode_errors="surrogatepass",
                               strict_map_key=False)

    def fill(self, states: list) -> None:
        if len(states) != len(self.kinds):
            raise SnapshotError("malformed snapshot: rows and kinds differ")
        objects, kinds = self.objects, self.kinds
        # objects before containers: a dict key or set element may hash by its fields
        for n, (kind, state) in enumerate(zip(kinds, states)):
            if kind not in _PLAIN_CONTAINERS and not kind.startswith("deque/"):
                self._fill_object(objects[n], state, kind)
        for n, (kind, state) in enumerate(zip(kinds, states)):
            obj = objects[n]
            if kind == "list":
                obj.extend(state)
            elif kind == "dict":
                _fill_dict(obj, state)
            elif kind == "set":
                obj.update(state)
            elif kind.startswith("deque/"):
                obj.extend(state)
            elif kind == "bytearray":
                obj.extend(state)
            elif kind == "random.Random":
                obj.setstate(_tuples(state))
            elif isinstance(state, dict) and _ITEMS in state:
                items = state[_ITEMS]
                obj.clear()
                if isinstance(obj, list):
                    obj.extend(items)
                else:
                    _fill_dict(obj, items)

    def _fill_object(self, obj: Any, state: Any, kind: str) -> None:
        if not isinstance(state, dict):
            raise SnapshotError(f"malformed state of {kind}")
        if _ITEMS in state:
            state = {k: x for k, x in state.items() if k != _ITEMS}
        attrs = getattr(obj, "__dict__", None)
        if attrs is not None and not _slots(type(obj)):
            attrs.update(state)
        else:
            for k, x in state.items():
                object.__setattr__(obj, k, x)


def _fill_dict(d: dict, flat: list) -> None:
    if len(flat) % 2:
        raise SnapshotError("malformed mapping in the save")
    it = iter(flat)
    d.update(zip(it, it))


def _tuples(v: Any) -> Any:
    """``random.Random.setstate`` wants nested tuples."""
    if isinstance(v, (list, tuple)):
        return tuple(_tuples(x) for x in v)
    return v


def restore_state(session, data: bytes) -> None:
    """Pour the state ``encode_state`` wrote into ``session`` (a fresh, unstarted session of
    the same program). Raises SnapshotError when the data is malformed or does not fit."""
    with no_gc():
        _restore(session, data)
    _after_restore(session)


def _restore(session, data: bytes) -> None:
    try:
        unpacker = msgpack.Unpacker(unicode_errors="surrogatepass", strict_map_key=False,
                                    max_buffer_size=len(data) + 1)
        unpacker.feed(data)
        kinds = unpacker.unpack()
        if not isinstance(kinds, list):
            raise SnapshotError("malformed snapshot")
        dec = _Decoder(session, kinds)
        unpacker = msgpack.Unpacker(unicode_errors="surrogatepass", strict_map_key=False,
                                    ext_hook=dec.hook, max_buffer_size=len(data) + 1)
        unpacker.feed(data)
        unpacker.skip()
        roots, states = unpacker.unpack()
        if unpacker.tell() != len(data):
            raise SnapshotError("malformed snapshot: trailing data")
        dec.fill(states)
        if roots["game"] is not session.game:
            raise SnapshotError("the save's game root is not a game")
        vm = session.vm
        for k in _VM_FIELDS:
            setattr(vm, k, roots["vm"][k])
        vm.errors = _errors_from(roots["errors"])
        _restore_ai(session, dec, roots["ai"])
        vm.scheduler.restore(**roots["scheduler"])    # after the AI VMs registered their kinds
        files = roots["files"]
        if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, bytes)
                                                  for k, v in files.items()):
            raise SnapshotError("malformed snapshot: sandbox files")
        _restore_sandbox_files(session.game, files)
    except SnapshotError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
            msgpack.UnpackException) as err:
        raise SnapshotError(f"malformed snapshot: {type(err).__name__}: {err}") from None


def _restore_ai(session, dec: _Decoder, saved: list) -> None:
    """Rebuild the AI VMs the save ran (``AIState.rebuild``) and pour their state in."""
    ai = session.game.ai
    for pid, fields, errors in saved:
        entry = ai.players.get(pid)
        if entry is None or entry.script is None:
            raise SnapshotError(f"malformed snapshot: AI VM of player {pid} without its record")
        vm = ai.rebuild(pid, dec.ai_program(entry.script, entry.digest))
        for k in _VM_FIELDS:
            setattr(vm, k, fields[k])
        vm.errors = _errors_from(errors)


# -- the files the map wrote ---------------------------------------------------------------
SANDBOX_FILES_LIMIT = 64 << 20
"""Most bytes of sandbox files a save carries (64 MiB); past it a save fails."""


def sandbox_files(game) -> dict[str, bytes]:
    """The files the map wrote in its sandbox (game caches, preload files, the DzAPI store;
    not ``saves/``: a save does not carry the saves), by relative posix path, sorted.
    Links and special files are left out (``natives.sandbox``). Raises SnapshotError past
    ``SANDBOX_FILES_LIMIT``."""
    if game.sandbox_dir is None:
        return {}
    box = Sandbox(game.sandbox_dir)
    out: dict[str, bytes] = {}
    todo: list[list[str]] = [[]]
    total = 0
    while todo:
        folder = todo.pop()
        try:
            names = box.list(folder, regular_only=False)
        except SandboxError:
            continue
        for name in names:
            parts = [*folder, name]
            kind = box.kind(parts)
            if kind == "dir" and parts != [SAVES_FOLDER]:
                todo.append(parts)
            elif kind == "file":
                try:
                    data = box.read(parts, SANDBOX_FILES_LIMIT - total)
                except SandboxError as err:
                    raise SnapshotError(f"cannot save the sandbox file {'/'.join(parts)}: {err}") from None
                if data is None:
                    continue
                total += len(data)
                out["/".join(parts)] = data
    return dict(sorted(out.items()))


def _restore_sandbox_files(game, files: dict[str, bytes]) -> None:
    """Write the saved sandbox files that the session's sandbox lacks. Files already there
    are kept: what is on disk outlives a load, as in the game (its zone backups rely on it)."""
    if game.sandbox_dir is None or not files:
        return
    box = Sandbox(game.sandbox_dir)
    for rel, data in files.items():
        parts = rel.split("/")
        try:
            if box.kind(parts) is None:
                box.write(parts, data)
        except (SandboxError, ValueError) as err:
            game.warn(f"restoring sandbox file {rel!r}: {err}")


def _after_restore(session) -> None:
    """Re-derive what the session keeps outside the model: the VM's watched globals
    (``TriggerRegisterVariableEvent``), its fast-path cache and the region index."""
    vm = session.vm
    vm._fastrt = None
    session.game.events.rewatch()
    session.game.events.region_changed()

# ---------------------------------------------------------------------------------------
# Save files (docs/save-format.md)
# ---------------------------------------------------------------------------------------

SAVE_MAGIC = b"JASSVM-SAVE\n"
SAVE_FORMAT_VERSION = 1
MAX_HEADER_BYTES = 1 << 20
MAX_STATE_BYTES = 1 << 31
"""Largest decompressed state a save may declare (2 GiB): a corrupt size is refused, never
allocated."""


@dataclasses.dataclass
class SaveFile:
    """A parsed save: the header (format, version, runtime, identity, game time, state size
    and what the writer recorded in ``meta``) and the compressed state."""

    header: dict
    body: bytes

    @property
    def identity(self) -> dict:
        return self.header["identity"]

    @property
    def game_time(self) -> float:
        return float(self.header["game_time"])


def write_save(session, identity: dict, meta: dict | None = None) -> bytes:
    """The bytes of a save file of ``session`` at a safe point (see docs/save-format.md).

    ``identity`` says which program the state belongs to (hashes of the API files, the map
    script and the load options: ``maps.runner.Mission.identity``); ``meta`` is free plain
    data for the writer (the map path, the run options). Raises SnapshotError when the state
    cannot be written."""
    state = encode_state(session)
    body = zlib.compress(state, 1)
    header = msgpack.packb({"format": "jassvm-save", "version": SAVE_FORMAT_VERSION,
                            "runtime": __version__, "identity": identity,
                            "game_time": float(session.vm.scheduler.now), "state_size": len(state),
                            "meta": meta or {}}, unicode_errors="surrogatepass")
    checksum = hashlib.sha256(header + body).digest()
    return SAVE_MAGIC + len(header).to_bytes(4, "big") + header + checksum + body


def read_save(data: bytes) -> SaveFile:
    """Parse and check a save file's bytes: magic, the checksum over header and state, the
    format and runtime versions. Raises SnapshotError with the reason (not a save,
    truncated, corrupted, another format or runtime version)."""
    if not data.startswith(SAVE_MAGIC):
        raise SnapshotError("not a jassvm save file")
    pos = len(SAVE_MAGIC)
    if len(data) < pos + 4:
        raise SnapshotError("truncated save file (no header)")
    size = int.from_bytes(data[pos:pos + 4], "big")
    pos += 4
    if size > MAX_HEADER_BYTES or len(data) < pos + size + 32:
        raise SnapshotError("truncated or corrupted save file")
    packed, checksum, body = data[pos:pos + size], data[pos + size:pos + size + 32], data[pos + size + 32:]
    if hashlib.sha256(packed + body).digest() != checksum:
        raise SnapshotError("corrupted or truncated save file (checksum differs)")
    try:
        header = msgpack.unpackb(packed, unicode_errors="surrogatepass")
    except (ValueError, msgpack.UnpackException) as err:
        raise SnapshotError(f"corrupted save header: {err}") from None
    if not isinstance(header, dict) or header.get("format") != "jassvm-save":
        raise SnapshotError("corrupted save header")
    if header.get("version") != SAVE_FORMAT_VERSION:
        raise SnapshotError(f"save format version {header.get('version')!r}; this runtime reads "
                            f"version {SAVE_FORMAT_VERSION}")
    if header.get("runtime") != __version__:
        raise SnapshotError(f"saved by jassvm {header.get('runtime')!r}; this is jassvm {__version__} "
                            "(a save restores only in the runtime version that wrote it)")
    for key, kind in (("identity", dict), ("game_time", float), ("state_size", int), ("meta", dict)):
        if not isinstance(header.get(key), kind):
            raise SnapshotError(f"corrupted save header ({key})")
    if not 0 <= header["state_size"] <= MAX_STATE_BYTES:
        raise SnapshotError("corrupted save header (state size)")
    return SaveFile(header, body)


def state_of(save: SaveFile) -> bytes:
    """The state bytes of ``save``, decompressed and checked against the header's size.
    Raises SnapshotError when they do not match (a corrupted file)."""
    expected = save.header["state_size"]
    try:
        d = zlib.decompressobj()
        state = d.decompress(save.body, expected + 1)
    except zlib.error as err:
        raise SnapshotError(f"corrupted save: {err}") from None
    if len(state) != expected or not d.eof or d.unused_data:
        raise SnapshotError("corrupted save (state size differs)")
    return state


def load_save(session, save: SaveFile, identity: dict) -> None:
    """Restore ``save`` into ``session``, a fresh unstarted session built for the program
    ``identity`` describes. Raises SnapshotError when the save belongs to another map, API
    or load options, or cannot be restored; the caller discards the session then."""
    if save.identity != identity:
        theirs, ours = save.identity, identity
        what = [k for k in sorted(set(theirs) | set(ours)) if theirs.get(k) != ours.get(k)]
        raise SnapshotError("the save belongs to another program (differs in: "
                            + ", ".join(what) + ")")
    restore_state(session, state_of(save))
