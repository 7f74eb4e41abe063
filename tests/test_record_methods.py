"""``jassvm.records``: a record's ``__init__`` and ``__eq__`` are compiled on first use of the
class (issue 17) and behave as the dataclass methods do from the first call on."""
from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from jassvm.records import record


@record
class Point:
    x: int
    y: int = 0
    tags: list = dataclasses.field(default_factory=list)


@record(frozen=True)
class Key:
    a: int
    b: str = "b"


@record
class Point3(Point):
    z: int = 0


class Plain(Point):
    pass


def _fresh():
    @record
    class Fresh:
        x: int
    return Fresh


def test_first_call_errors_as_the_dataclass_does():
    Fresh = _fresh()
    with pytest.raises(TypeError, match=r"__init__\(\) missing 1 required positional argument: 'x'"):
        Fresh()
    assert Fresh(3) == Fresh(3) and Fresh(3) != Fresh(4)


def test_first_use_by_equality():
    Fresh = _fresh()
    a, b = object.__new__(Fresh), object.__new__(Fresh)
    a.x = b.x = 1
    assert a == b
    assert Fresh(2).x == 2


def test_values_defaults_and_factories():
    p = Point(1)
    assert (p.x, p.y, p.tags) == (1, 0, [])
    assert Point(1).tags is not p.tags
    assert Point(1, 2) == Point(x=1, y=2) and Point(1) != Point(2) and Point(1) != (1, 0, [])
    assert repr(Point(1, 2)) == "Point(x=1, y=2, tags=[])"


def test_subclasses():
    assert Point3(1, 2, [], 3).z == 3 and Point3(1) != Point(1)
    assert Plain(5).x == 5 and Plain(5) == Plain(5)


def test_frozen_hash_copy_pickle():
    k = Key(1)
    assert hash(k) == hash(Key(1, "b")) and k == Key(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        k.a = 2
    assert copy.deepcopy(k) == k and pickle.loads(pickle.dumps(k)) == k
    assert pickle.loads(pickle.dumps(Point(1, 2))) == Point(1, 2)


def test_methods_are_the_compiled_ones_after_first_use():
    Fresh = _fresh()
    stand_in = Fresh.__init__
    Fresh(1)
    assert Fresh.__init__ is not stand_in and Fresh.__init__.__qualname__.endswith("Fresh.__init__")


def test_defining_records_does_not_import_dataclasses():
    """``dataclasses`` (and ``inspect`` with it) is imported only when something reads a
    record's ``__dataclass_fields__``: a cached program load never does."""
    import subprocess
    import sys
    code = ("import sys; import jassvm.ast, jassvm.compiler, jassvm.loader, jassvm.checker, "
            "jassvm.thread, jassvm.instrument; print('dataclasses' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_dataclasses_functions_see_records_field_specs():
    from jassvm.records import MISSING, field

    @record
    class Spec:
        a: int
        b: list = field(default_factory=list, metadata={"native": "GetA"})
        c: str = field(default="c", repr=False, compare=False)

    names = [(f.name, f.default is dataclasses.MISSING, f.metadata.get("native"))
             for f in dataclasses.fields(Spec)]
    assert names == [("a", True, None), ("b", True, "GetA"), ("c", False, None)]
    assert dataclasses.is_dataclass(Spec(1)) and dataclasses.replace(Spec(1), a=2).a == 2
    assert dataclasses.asdict(Spec(1, [3])) == {"a": 1, "b": [3], "c": "c"}
    assert repr(Spec(1)).endswith(".Spec(a=1, b=[])") and Spec(1, c="x") == Spec(1)
    assert Spec._record_fields["a"].default is MISSING

    @dataclasses.dataclass
    class Derived(Spec):   # a dataclass deriving from a record reads its fields
        d: int = 0
    assert Derived(1, d=4).d == 4 and Derived(1).b == []

    with pytest.raises(ValueError, match="mutable default"):
        @dataclasses.dataclass
        class Wrong:       # a record field spec in a plain dataclass is refused, not kept
            x: list = field(default_factory=list)
    with pytest.raises(ValueError, match="both default and default_factory"):
        field(default=1, default_factory=list)
