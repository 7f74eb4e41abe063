"""Cheap record classes: ``@record`` is ``@dataclass(slots=True)`` for the many small classes that
every process defines on start-up (the syntax tree of ``jassvm.ast``, the model events of
``natives.modelevents``).

``dataclasses.dataclass`` costs 0.1-0.5 ms a class, because it compiles each generated method on
its own and, for ``slots=True``, builds the class twice; with about a hundred such classes that is
most of a cached program load (issue 17). ``record`` compiles only ``__init__`` (the method that
runs often) and shares one ``__repr__``, ``__eq__`` and ``__hash__`` between all records, reading
each class's field names from a tuple. The result behaves as the dataclass would:

- the same ``__init__`` signature (defaults, ``field(default_factory=...)``, ``field(init=False)``),
  ``__repr__`` text (``Name(a=1, b='x')``, fields with ``repr=False`` left out), ``__eq__`` (same
  class, equal compared fields), ``__hash__`` (``None`` unless frozen), ``__match_args__``;
- ``frozen=True``: assigning or deleting a field raises ``dataclasses.FrozenInstanceError``, the
  hash is the fields' hash, copies and pickles go through ``__getstate__``/``__setstate__``;
- ``__slots__`` holds the class's own fields;
- ``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work on the class and its
  instances (it carries ``__dataclass_fields__`` and ``__dataclass_params__`` as a dataclass does).

Supported: what those modules use (annotations as strings, plain defaults, ``field(default=,
default_factory=, init=, repr=, compare=)``, single inheritance between records). Not supported
(raises ``TypeError`` at class creation): ``ClassVar``/``InitVar`` fields, ``__post_init__``.
"""
from __future__ import annotations

import dataclasses
from dataclasses import MISSING, Field, FrozenInstanceError
from operator import attrgetter

__all__ = ["record"]

_PARAMS = {"init": True, "repr": True, "eq": True, "order": False, "unsafe_hash": False,
           "match_args": True, "kw_only": False, "weakref_slot": False}


def record(cls: type | None = None, /, *, frozen: bool = False):
    """Decorate ``cls`` (a class with annotated fields) into a slotted record; ``frozen=True``
    makes instances immutable and hashable. Returns the new class (slots need a new one)."""
    if cls is None:
        return lambda c: _build(c, frozen)
    return _build(cls, frozen)


def _build(cls: type, frozen: bool) -> type:
    body = dict(cls.__dict__)
    if "__post_init__" in body:
        raise TypeError(f"record {cls.__qualname__}: __post_init__ is not supported")
    inherited: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        inherited.update(getattr(base, "__dataclass_fields__", {}))
    own: dict[str, Field] = {}
    for name, annotation in body.get("__annotations__", {}).items():
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if "ClassVar" in text or "InitVar" in text:
            raise TypeError(f"record {cls.__qualname__}.{name}: ClassVar/InitVar fields are not supported")
        default = body.pop(name, MISSING)
        f = default if isinstance(default, Field) else dataclasses.field(default=default)
        f.name, f.type = name, annotation
        f._field_type = dataclasses._FIELD   # what dataclasses.fields() lists
        own[name] = f
    all_fields = {**inherited, **own}
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body["__slots__"] = tuple(n for n in own if n not in inherited)
    body["__dataclass_fields__"] = all_fields
    body["__dataclass_params__"] = _params(frozen)
    body["__match_args__"] = tuple(n for n, f in all_fields.items() if f.init)
    body["_record_repr"] = tuple(n for n, f in all_fields.items() if f.repr)
    compared = tuple(n for n, f in all_fields.items() if f.compare)
    body["_record_key"] = staticmethod(attrgetter(*compared) if len(compared) > 1 else
                                       _one(compared[0]) if compared else _none)
    body.setdefault("__repr__", _repr)
    body.setdefault("__eq__", _eq)
    if frozen:
        body.setdefault("__hash__", _hash)
        body["__setattr__"] = _frozen_setattr
        body["__delattr__"] = _frozen_delattr
        body["__getstate__"] = _getstate
        body["__setstate__"] = _setstate
    elif "__hash__" not in body:
        body["__hash__"] = None
    new = type(cls)(cls.__name__, cls.__bases__, body)
    new.__qualname__ = cls.__qualname__
    new.__init__ = _init(new, all_fields, frozen)
    return new


def _params(frozen: bool):
    # dataclasses reads a base's params when a dataclass derives from a record; their fields
    # differ between Python versions, so they are filled by name
    values = {**_PARAMS, "frozen": frozen, "slots": True}
    return dataclasses._DataclassParams(*(values[n] for n in dataclasses._DataclassParams.__slots__))


def _init(cls: type, fields: dict[str, Field], frozen: bool):
    """``__init__`` compiled for ``cls``'s fields, as dataclasses writes it."""
    scope: dict = {"MISSING": MISSING}
    params, lines = [], []
    for name, f in fields.items():
        value = name
        if f.default_factory is not MISSING:
            scope[f"_factory_{name}"] = f.default_factory
            if f.init:
                params.append(f"{name}=MISSING")
                value = f"_factory_{name}() if {name} is MISSING else {name}"
            else:
                value = f"_factory_{name}()"
        elif f.default is not MISSING:
            scope[f"_default_{name}"] = f.default
            if f.init:
                params.append(f"{name}=_default_{name}")
            else:
                value = f"_default_{name}"
        elif f.init:
            if params and "=" in params[-1]:
                raise TypeError(f"record {cls.__qualname__}: non-default argument {name!r} "
                                "follows default argument")
            params.append(name)
        else:
            continue   # init=False without a default: left unset, as dataclasses does
        if frozen:
            scope[f"_set_{name}"] = getattr(cls, name).__set__   # the slot's own setter
            lines.append(f"    _set_{name}(self, {value})")
        else:
            lines.append(f"    self.{name} = {value}")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(lines) or "    pass") + "\n"
    exec(source, scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _one(name: str):
    get = attrgetter(name)
    return lambda obj: (get(obj),)


def _none(obj) -> tuple:
    return ()


def _repr(self) -> str:
    return f"{type(self).__qualname__}(" + \
        ", ".join(f"{n}={getattr(self, n)!r}" for n in self._record_repr) + ")"


def _eq(self, other):
    if other.__class__ is self.__class__:
        return self._record_key(self) == self._record_key(other)
    return NotImplemented


def _hash(self) -> int:
    return hash(self._record_key(self))


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self):
    return [getattr(self, n) for n in self.__dataclass_fields__]


def _setstate(self, state):
    for n, v in zip(self.__dataclass_fields__, state):
        object.__setattr__(self, n, v)
