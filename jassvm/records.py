"""Cheap record classes: ``@record`` is ``@dataclass(slots=True)`` (with ``slots=False``,
``@dataclass``) for the many small classes every process defines on start-up (the syntax tree
of ``jassvm.ast``, the model events of ``natives.modelevents``, the model's plain records).

``dataclasses.dataclass`` costs 0.1-0.5 ms a class, because it compiles each generated method on
its own and, for ``slots=True``, builds the class twice; with about a hundred such classes that is
most of a cached program load (issue 17). ``record`` compiles only ``__init__`` and ``__eq__``
(the methods that run often: building and comparing syntax trees), in one go, and shares one
``__repr__`` and ``__hash__`` between all records, reading each class's field names from a
tuple; and it compiles them on the first use of the class (most classes of a cached load are never
built). The result behaves as the dataclass would:

- the same ``__init__`` signature (defaults, ``field(default_factory=...)``, ``field(init=False)``),
  ``__repr__`` text (``Name(a=1, b='x')``, fields with ``repr=False`` left out), ``__eq__`` (same
  class, equal compared fields), ``__hash__`` (``None`` unless frozen), ``__match_args__``;
- ``frozen=True``: assigning or deleting a field raises ``dataclasses.FrozenInstanceError``, the
  hash is the fields' hash, copies and pickles go through ``__getstate__``/``__setstate__``;
- ``slots=True`` (the default): ``__slots__`` holds the class's own fields; ``slots=False``: the
  class itself is decorated, plain defaults stay class attributes;
- ``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work on the class and its
  instances (it carries ``__dataclass_fields__`` and ``__dataclass_params__`` as a dataclass does).

Fields are declared with ``jassvm.records.field`` (the same keywords as
``dataclasses.field``: ``default=, default_factory=, init=, repr=, compare=, metadata=``) or with
``dataclasses.field``. The ``dataclasses`` module itself (and ``inspect``, which it imports: about
15 ms of CPU of a cached program load's 80-110 ms) is imported only when something reads a record's
``__dataclass_fields__`` or ``__dataclass_params__`` (``dataclasses.fields``, ``replace``...): those
are built then from ``_record_fields``, the class's field specs (name -> ``FieldSpec``, inherited
ones first), which this project's own code reads instead.

Supported: what those modules use (annotations as strings, plain defaults, single inheritance
from records or dataclasses, a dataclass deriving from a record). Not supported (``TypeError``
at class creation): ``ClassVar``/``InitVar`` fields, ``__post_init__``; a mutable default raises
``ValueError`` as in dataclasses.
"""
from __future__ import annotations

import sys
from operator import attrgetter
from typing import Any, Callable

__all__ = ["record", "field", "FieldSpec", "MISSING"]

_PARAMS = {"init": True, "repr": True, "order": False, "unsafe_hash": False,
           "match_args": True, "kw_only": False, "weakref_slot": False}


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()
"""No default (``dataclasses.MISSING`` in the fields ``dataclasses.fields`` returns)."""


class FieldSpec:
    """One record field: ``name``, ``type`` (the annotation), ``default`` and
    ``default_factory`` (``MISSING`` when absent), ``init``, ``repr``, ``compare`` and
    ``metadata`` (a dict), as ``dataclasses.Field`` has them."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "compare", "metadata")
    __hash__ = None   # a plain @dataclass given one as a default refuses it (a mutable default)

    def __init__(self, default=MISSING, default_factory=MISSING, init=True, repr=True,
                 compare=True, metadata=None) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = self.type = None
        self.default, self.default_factory = default, default_factory
        self.init, self.repr, self.compare = init, repr, compare
        self.metadata = dict(metadata or {})

    def __repr__(self) -> str:
        return f"FieldSpec(name={self.name!r}, default={self.default!r})"


def field(*, default=MISSING, default_factory=MISSING, init: bool = True, repr: bool = True,
          compare: bool = True, metadata: dict | None = None) -> FieldSpec:
    """A record field's options, as ``dataclasses.field`` takes them (``hash`` and
    ``kw_only`` are not supported). Raises ValueError when both defaults are given."""
    return FieldSpec(default, default_factory, init, repr, compare, metadata)


def _spec(f) -> FieldSpec:
    """A ``dataclasses.Field`` as a FieldSpec (its MISSING becomes this module's)."""
    missing = sys.modules["dataclasses"].MISSING
    spec = FieldSpec(MISSING if f.default is missing else f.default,
                     MISSING if f.default_factory is missing else f.default_factory,
                     f.init, f.repr, f.compare, f.metadata)
    spec.name, spec.type = f.name, f.type
    return spec


def _is_dataclass_field(value) -> bool:
    dc = sys.modules.get("dataclasses")   # only a loaded dataclasses can have made one
    return dc is not None and isinstance(value, dc.Field)


class _DataclassView:
    """The class attribute ``attr`` of the record ``owner`` (``__dataclass_fields__`` or
    ``__dataclass_params__``), made by ``build(owner)`` on first read (importing dataclasses),
    then stored on the class in place of this."""

    def __init__(self, attr: str, build: Callable[[type], Any]) -> None:
        self.attr, self.build, self.owner = attr, build, None

    def __get__(self, obj, cls):
        value = self.build(self.owner)
        setattr(self.owner, self.attr, value)
        return value


def _dataclass_fields(cls: type) -> dict:
    import dataclasses
    out = {}
    for name, spec in cls._record_fields.items():
        f = dataclasses.field(
            default=dataclasses.MISSING if spec.default is MISSING else spec.default,
            default_factory=(dataclasses.MISSING if spec.default_factory is MISSING
                             else spec.default_factory),
            init=spec.init, repr=spec.repr, compare=spec.compare, metadata=spec.metadata or None)
        f.name, f.type = name, spec.type
        f._field_type = dataclasses._FIELD   # what dataclasses.fields() lists
        f.kw_only = False                    # a dataclass deriving from a record reads it
        out[name] = f
    return out


def record(cls: type | None = None, /, *, frozen: bool = False, slots: bool = True, eq: bool = True):
    """Decorate ``cls`` (a class with annotated fields) into a record; ``frozen=True`` makes
    instances immutable and hashable; ``slots=False`` keeps instances' ``__dict__`` (as
    ``@dataclass`` without ``slots=True``); ``eq=False`` keeps identity comparison and hash.
    Returns the class (a new one with slots, as slots must exist when a class is made)."""
    if cls is None:
        return lambda c: _build(c, frozen, slots, eq)
    return _build(cls, frozen, slots, eq)


def _build(cls: type, frozen: bool, slots: bool, eq: bool) -> type:
    body = dict(cls.__dict__)
    if "__post_init__" in body:
        raise TypeError(f"record {cls.__qualname__}: __post_init__ is not supported")
    inherited: dict[str, FieldSpec] = {}
    for base in reversed(cls.__mro__[1:]):
        mine = vars(base)
        if "_record_fields" in mine:
            inherited.update(mine["_record_fields"])
        elif "__dataclass_fields__" in mine:   # a dataclass base
            dc = sys.modules["dataclasses"]
            inherited.update((n, _spec(f)) for n, f in mine["__dataclass_fields__"].items()
                             if f._field_type is dc._FIELD)
    own: dict[str, FieldSpec] = {}
    for name, annotation in body.get("__annotations__", {}).items():
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if "ClassVar" in text or "InitVar" in text:
            raise TypeError(f"record {cls.__qualname__}.{name}: ClassVar/InitVar fields are not supported")
        default = body.get(name, MISSING)
        if isinstance(default, FieldSpec):
            f = default
        elif _is_dataclass_field(default):
            f = _spec(default)
            body[name] = f
        else:
            f = FieldSpec(default)
        if f.default is not MISSING and f.default.__class__.__hash__ is None:
            raise ValueError(f"record {cls.__qualname__}.{name}: mutable default "
                             f"{type(f.default).__name__}, use default_factory")
        f.name, f.type = name, annotation
        own[name] = f
    fields = {**inherited, **own}
    compared = tuple(n for n, f in fields.items() if f.compare)
    added = {
        "_record_fields": fields, "_record_params": (frozen, slots, eq),
        "__dataclass_fields__": _DataclassView("__dataclass_fields__", _dataclass_fields),
        "__dataclass_params__": _DataclassView("__dataclass_params__", _params),
        "__match_args__": tuple(n for n, f in fields.items() if f.init),
        "_record_repr": tuple(n for n, f in fields.items() if f.repr),
        "__repr__": body.get("__repr__", _repr),
    }
    # a class body defining __eq__ gets __hash__ = None from Python: not a hash of its own
    explicit_hash = "__hash__" in body and not (body["__hash__"] is None and "__eq__" in body)
    if eq and not explicit_hash:
        added["__hash__"] = _hash if frozen else None
        if frozen:   # the compared fields' values as one tuple, for the hash
            added["_record_key"] = staticmethod(attrgetter(*compared) if len(compared) > 1 else
                                                _one(compared[0]) if compared else _none)
    if frozen:
        added.update(__setattr__=_frozen_setattr, __delattr__=_frozen_delattr)
        if slots:
            added.update(__getstate__=_getstate, __setstate__=_setstate)
    if slots:   # a new class, as dataclasses builds: slots must exist when a class is made
        for name in (*own, "__dict__", "__weakref__"):
            body.pop(name, None)
        body["__slots__"] = tuple(n for n in own if n not in inherited)
        new = type(cls)(cls.__name__, cls.__bases__, {**body, **added})
        new.__qualname__ = cls.__qualname__
    else:       # the class itself; a plain default stays a class attribute, as dataclasses leaves it
        new = cls
        for name, f in own.items():
            if isinstance(body.get(name), FieldSpec):
                if f.default is MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, f.default)
        for name, value in added.items():
            setattr(cls, name, value)
    for attr in ("__dataclass_fields__", "__dataclass_params__"):
        vars(new)[attr].owner = new
    _install(new, fields, compared, frozen, slots, eq and "__eq__" not in body)
    return new


def _install(cls: type, fields: dict[str, FieldSpec], compared: tuple[str, ...], frozen: bool,
             slots: bool, eq: bool) -> None:
    """Give ``cls`` stand-ins for ``__init__`` (and with ``eq``, ``__eq__``) that compile the
    real methods (``_compiled``) on the first call of either, put them on ``cls`` and run them:
    most record classes of a process are never built (a program read from the cache builds no
    syntax tree), and compiling them is most of what a record costs to define."""
    def compile_now() -> None:
        if cls.__dict__.get("__init__") is init:
            for name, method in _compiled(cls, fields, compared, frozen, slots, eq).items():
                setattr(cls, name, method)

    def init(self, *args, **kwargs):
        compile_now()
        cls.__init__(self, *args, **kwargs)

    def equal(self, other):
        compile_now()
        return cls.__eq__(self, other)

    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__name__ = "__init__"
    cls.__init__ = init
    if eq:
        equal.__qualname__ = f"{cls.__qualname__}.__eq__"
        equal.__name__ = "__eq__"
        cls.__eq__ = equal


def _params(cls: type):
    # dataclasses reads a base's params when a dataclass derives from a record; their fields
    # differ between Python versions, so they are filled by name
    import dataclasses
    frozen, slots, eq = cls._record_params
    values = {**_PARAMS, "frozen": frozen, "slots": slots, "eq": eq}
    return dataclasses._DataclassParams(*(values[n] for n in dataclasses._DataclassParams.__slots__))


def _compiled(cls: type, fields: dict[str, FieldSpec], compared: tuple[str, ...], frozen: bool,
              slots: bool, eq: bool) -> dict:
    """``__init__`` and (with ``eq``) ``__eq__`` for ``cls``'s fields, as dataclasses writes
    them, compiled together: the two methods that run often (building and comparing trees)."""
    scope: dict = {"MISSING": MISSING, "_setattr": object.__setattr__}
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
        if frozen and slots:
            scope[f"_set_{name}"] = getattr(cls, name).__set__   # the slot's own setter
            lines.append(f"    _set_{name}(self, {value})")
        elif frozen:
            lines.append(f"    _setattr(self, {name!r}, {value})")
        else:
            lines.append(f"    self.{name} = {value}")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(lines) or "    pass") + "\n"
    if eq:
        mine = "".join(f"self.{n}," for n in compared)
        theirs = "".join(f"other.{n}," for n in compared)
        source += (f"def __eq__(self, other):\n    if other.__class__ is self.__class__:\n"
                   f"        return ({mine}) == ({theirs})\n    return NotImplemented\n")
    exec(source, scope)
    methods = {name: scope[name] for name in ("__init__", "__eq__") if name in scope}
    for name, method in methods.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
    return methods


def _one(name: str):
    get = attrgetter(name)
    return lambda obj: (get(obj),)


def _none(obj) -> tuple:
    return ()


def _repr(self) -> str:
    return f"{type(self).__qualname__}(" + \
        ", ".join(f"{n}={getattr(self, n)!r}" for n in self._record_repr) + ")"


def _hash(self) -> int:
    return hash(self._record_key(self))


def _frozen_setattr(self, name, value):
    from dataclasses import FrozenInstanceError
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self, name):
    from dataclasses import FrozenInstanceError
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self):
    return [getattr(self, n) for n in self._record_fields]


def _setstate(self, state):
    for n, v in zip(self._record_fields, state):
        object.__setattr__(self, n, v)
