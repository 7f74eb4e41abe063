"""What the debugger shows of values, handles and threads: text for a value, the children of
an expandable one (a handle's model state, an array's set elements). A thread's name after
what started it is ``natives.pending.thread_origin``, shared with the profiler.

Data first, formatting second (as CPython's ``dis``): ``children`` returns
``(name, value, type name)`` triples; ``format_value`` turns one value into the text a
debugger shows. Handles expand into their model object's public fields, the ones a map
author looks for first (a unit's type, owner, position, life and mana) at the top.
"""
from __future__ import annotations

import math
from dataclasses import fields, is_dataclass
from types import MappingProxyType
from typing import Any

from jassvm.bytecode import CompiledFunction, NativeBinding
from jassvm.thread import UNSET, JassArray
from natives.handles import Handle, field_names
from natives.unitdata import rawcode_str

# Fields shown first, in this order, when a handle has them.
_FIRST = ("type_id", "owner", "x", "y", "life", "max_life", "mana", "max_mana", "members", "state",
          "timeout", "remaining", "periodic", "enabled", "eval_count", "exec_count", "conditions",
          "actions", "registrations")
# Fields never shown: back references to stores and the like.
_HIDDEN = {"store", "game", "scheduler", "refs", "sector", "sector_seq", "serial"}
_SCALARS = (int, float, str, bool, type(None))


def type_of(value: Any, declared: str | None = None) -> str:
    """The JASS type name to show for ``value`` (``declared`` when the variable has one)."""
    if declared:
        return declared
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "real"
    if isinstance(value, str):
        return "string"
    if isinstance(value, Handle):
        return value.type_name
    if isinstance(value, (CompiledFunction, NativeBinding)):
        return "code"
    return type(value).__name__


def format_value(value: Any, declared: str | None = None) -> str:
    """The text of one value: JASS literals for scalars (``"text"``, ``1.5``, ``true``,
    ``null``), ``unit #1048577 'hfoo' (destroyed)`` for handles, ``function F`` for code."""
    if value is UNSET:
        return "<unset>"
    if declared == "rawcode":     # already text: 'hfoo' Footman
        return str(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if declared == "integer" and 0x20202020 <= value <= 0x7E7E7E7E and _is_rawcode(value):
            return f"{value} ('{rawcode_str(value)}')"
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value) and value == int(value) and abs(value) < 1e15:
            return f"{value:.1f}"
        return f"{value:.6g}"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, JassArray):
        return f"array ({len(value)} set)"
    if isinstance(value, (CompiledFunction, NativeBinding)):
        return f"function {value.name}"
    if isinstance(value, Handle):
        return _handle_text(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        return f"{type(value).__name__} ({len(value)})"
    if isinstance(value, (dict, MappingProxyType)):   # a shared empty default shows as one
        return f"dict ({len(value)})"
    if is_dataclass(value):               # expandable: its fields are the children
        return type(value).__name__ + _record_name(value)
    return repr(value)


def _record_name(record: Any) -> str:
    """What names a game-data record (a unit type row: ``'hfoo' Footman``), or ""."""
    rawcode, name = getattr(record, "rawcode", None), getattr(record, "name", None)
    text = f" '{rawcode}'" if isinstance(rawcode, str) and rawcode else ""
    return text + (f" {name}" if isinstance(name, str) and name else "")


def expandable(value: Any) -> bool:
    """True when ``value`` has children to show (handles, arrays, containers)."""
    if isinstance(value, JassArray):
        return len(value) > 0
    if isinstance(value, (list, tuple, set, frozenset, dict, MappingProxyType)):
        return len(value) > 0
    return isinstance(value, Handle) or (is_dataclass(value) and not isinstance(value, type))


def children(value: Any) -> list[tuple[str, Any, str]]:
    """The ``(name, value, type)`` children of an expandable value."""
    if isinstance(value, JassArray):
        return [(f"[{i}]", v, type_of(v)) for i, v in sorted(value.items())]
    if isinstance(value, (dict, MappingProxyType)):
        return [(_key_text(k), v, type_of(v)) for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return [(f"[{i}]", v, type_of(v)) for i, v in enumerate(value)]
    if isinstance(value, (set, frozenset)):
        return [(f"[{i}]", v, type_of(v)) for i, v in enumerate(sorted(value, key=_sort_key))]
    return _fields_of(value)


def _fields_of(obj: Any) -> list[tuple[str, Any, str]]:
    if is_dataclass(obj):
        names = [f.name for f in fields(obj)]
    else:
        names = [n for n in field_names(obj) if not n.startswith("_")]
    names = [n for n in names if n not in _HIDDEN]
    order = {n: i for i, n in enumerate(_FIRST)}
    names.sort(key=lambda n: order.get(n, len(order)))
    out = []
    for n in names:
        v = getattr(obj, n, None)
        if callable(v) and not isinstance(v, (CompiledFunction, NativeBinding)):
            continue
        if n == "type_id" and isinstance(v, int):
            out.append(("type", f"'{rawcode_str(v)}'" + _type_name(obj), "rawcode"))
            continue
        out.append((n, v, type_of(v)))
    if getattr(obj, "type_name", "") == "unit" and hasattr(obj, "abilities"):
        out.append(("ability codes", [f"'{rawcode_str(a)}' level {lvl}" for a, lvl in obj.abilities.items()],
                    "list"))
    return out


def _type_name(obj: Any) -> str:
    utype = getattr(obj, "utype", None)
    name = getattr(utype, "name", "")
    return f" {name}" if name else ""


def _handle_text(h: Handle) -> str:
    text = f"{h.type_name} #{h.handle_id}"
    type_id = getattr(h, "type_id", None)
    if isinstance(type_id, int) and type_id:
        text += f" '{rawcode_str(type_id)}'"
    name = getattr(h, "name", None)
    if isinstance(name, str) and name:
        text += f" {name!r}"
    if h.type_name == "player" and hasattr(h, "id"):
        text = f"Player({h.id})" + (f" {getattr(h, 'name', '')!r}" if getattr(h, "name", "") else "")
    if getattr(h, "destroyed", False):
        text += " (destroyed)"
    return text


def _is_rawcode(value: int) -> bool:
    return all(0x20 <= (value >> s) & 0xFF <= 0x7E for s in (24, 16, 8, 0))


def _key_text(k: Any) -> str:
    if isinstance(k, int) and _is_rawcode(k):
        return f"'{rawcode_str(k)}'"
    return format_value(k) if isinstance(k, _SCALARS) else str(k)


def _sort_key(v: Any) -> tuple:
    return (type(v).__name__, getattr(v, "handle_id", 0) if isinstance(v, Handle) else str(v))
