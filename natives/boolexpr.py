"""Boolean expressions: ``Condition``, ``Filter``, ``And``, ``Or``, ``Not`` and their evaluation.

A boolexpr is a tree whose leaves are code values (``Condition(function F)``,
``Filter(function F)``) and whose inner nodes are ``And``/``Or``/``Not``. Other modules
evaluate one with :func:`evaluate` (trigger conditions, event filters, group and force enum
filters) with the response context (``natives.response.Response``) each leaf thread sees;
``NativeContext.eval_filter(boolexpr, **fields)`` is meant to delegate to it.

Rules (``shared/reference/jass-semantics.md``):

- ``Condition(F)`` and ``Filter(F)`` return the same handle for the same function while that
  handle lives (S074; in-game test, v1.32.10); the two natives keep separate caches, so
  ``Condition(F)`` and ``Filter(F)`` are different handles (project choice, not tested in
  game). ``And``/``Or``/``Not`` return a new handle on every call (S074).
- Each leaf runs in its own callback thread with a fresh op count (S094); a wait there ends
  that thread (S097). A crashed leaf, or one returning nothing, counts as false (S106).
- A leaf's result is truthy as in S080: ``false``, ``0``, ``0.0`` and ``null`` are false;
  anything else -- ``""`` included -- is true.
- ``And`` and ``Or`` short-circuit (jassdoc ``TriggerEvaluate``: "If you want
  short-circuting use And or Or").
- Destroying a cached ``Condition``/``Filter`` drops it from the cache (the next call makes a
  new handle). A destroyed boolexpr still held by a trigger or registration evaluates to
  false with a recorded warning ("can break other users of it", S074).
- ``Condition(null)``/``Filter(null)`` return null (project choice; a null boolexpr means
  "no filter" wherever natives accept one).
"""
from __future__ import annotations

from typing import Any

from natives.handles import Handle
from natives.registry import native
from natives.response import Response


class BoolExpr(Handle):
    """A ``boolexpr`` agent. ``op`` is ``"code"``, ``"and"``, ``"or"`` or ``"not"``;
    ``code`` is the leaf's code value, ``operands`` the children of an inner node."""

    type_name = "boolexpr"

    def __init__(self, op: str, code: Any = None, operands: tuple = ()) -> None:
        super().__init__()
        self.op = op
        self.code = code
        self.operands = operands


class ConditionFunc(BoolExpr):
    """A ``conditionfunc`` (``Condition(function F)``)."""

    type_name = "conditionfunc"


class FilterFunc(BoolExpr):
    """A ``filterfunc`` (``Filter(function F)``)."""

    type_name = "filterfunc"


class BoolExprCache:
    """Per-game cache of live ``Condition``/``Filter`` handles by (kind, code value) (S074)."""

    def __init__(self) -> None:
        self.leaves: dict[tuple[str, Any], BoolExpr] = {}

    def leaf(self, game, cls: type, code: Any) -> BoolExpr:
        key = (cls.type_name, code)
        h = self.leaves.get(key)
        if h is None or h.destroyed:
            h = game.handles.allocate(cls("code", code=code))
            self.leaves[key] = h
        return h

    def forget(self, h: BoolExpr) -> None:
        key = (h.type_name, h.code)
        if self.leaves.get(key) is h:
            del self.leaves[key]




def _cache(game) -> BoolExprCache:
    return game.boolexpr_cache


def truthy(value: Any) -> bool:
    """S080 truthiness of a condition/filter result (None = crashed, no value, or null)."""
    if value is None or value is False:
        return False
    if value is True:
        return True
    if isinstance(value, (int, float)):
        return value != 0
    return True  # strings ("" included) and handles


def evaluate(ctx, boolexpr: BoolExpr | None, response: Response | None = None,
             **fields: Any) -> bool:
    """Evaluate ``boolexpr`` with ``response`` (a ``natives.response.Response``; without
    one, a new one with ``fields``) as each leaf thread's response context (each leaf gets
    its own copy).

    ``None`` (a null boolexpr) is true. Leaves run through ``ctx.vm.run_callback`` as
    "callback" threads, so waits crash them (S097) and each has its own op budget (S094).
    """
    if response is None:
        response = Response(**fields)
    elif fields:
        response = response.copy(**fields)
    return _evaluate(ctx, boolexpr, response)


def _evaluate(ctx, boolexpr: BoolExpr | None, response: Response) -> bool:
    if boolexpr is None:
        return True
    if boolexpr.destroyed:
        ctx.warn(f"destroyed {boolexpr.type_name} {boolexpr.handle_id} evaluated as false (S074)")
        return False
    op = boolexpr.op
    if op == "code":
        if boolexpr.code is None:
            return True
        return truthy(ctx.vm.run_callback(boolexpr.code, response.copy()))
    if op == "and":
        return _evaluate(ctx, boolexpr.operands[0], response) and \
            _evaluate(ctx, boolexpr.operands[1], response)
    if op == "or":
        return _evaluate(ctx, boolexpr.operands[0], response) or \
            _evaluate(ctx, boolexpr.operands[1], response)
    return not _evaluate(ctx, boolexpr.operands[0], response)


# ---------------------------------------------------------------------------------------
# Natives
# ---------------------------------------------------------------------------------------

@native("Condition", "takes code func returns conditionfunc")
def Condition(ctx, func):
    """The live ``conditionfunc`` of ``func`` (the same handle each call, S074); null for null."""
    if func is None:
        return None
    return _cache(ctx.game).leaf(ctx.game, ConditionFunc, func)


@native("Filter", "takes code func returns filterfunc")
def Filter(ctx, func):
    """The live ``filterfunc`` of ``func`` (the same handle each call, S074); null for null."""
    if func is None:
        return None
    return _cache(ctx.game).leaf(ctx.game, FilterFunc, func)


@native("And", "takes boolexpr operandA, boolexpr operandB returns boolexpr")
def And(ctx, a, b):
    """A new boolexpr: ``a and b``, short-circuit (a null operand counts as true)."""
    return ctx.game.handles.allocate(BoolExpr("and", operands=(a, b)))


@native("Or", "takes boolexpr operandA, boolexpr operandB returns boolexpr")
def Or(ctx, a, b):
    """A new boolexpr: ``a or b``, short-circuit (a null operand counts as true)."""
    return ctx.game.handles.allocate(BoolExpr("or", operands=(a, b)))


@native("Not", "takes boolexpr operand returns boolexpr")
def Not(ctx, a):
    """A new boolexpr: ``not a`` (a null operand counts as true, so ``Not(null)`` is false)."""
    return ctx.game.handles.allocate(BoolExpr("not", operands=(a,)))


def _destroy(ctx, h: BoolExpr | None) -> None:
    if h is None or h.destroyed:
        return
    if h.op == "code":
        _cache(ctx.game).forget(h)
    ctx.game.handles.destroy(h)


@native("DestroyBoolExpr", "takes boolexpr e returns nothing")
def DestroyBoolExpr(ctx, e):
    """Destroy ``e`` (operands of ``And``/``Or``/``Not`` are not destroyed)."""
    _destroy(ctx, e)


@native("DestroyCondition", "takes conditionfunc c returns nothing")
def DestroyCondition(ctx, c):
    """Destroy ``c``; the next ``Condition`` of its function makes a new handle (S074)."""
    _destroy(ctx, c)


@native("DestroyFilter", "takes filterfunc f returns nothing")
def DestroyFilter(ctx, f):
    """Destroy ``f``; the next ``Filter`` of its function makes a new handle (S074)."""
    _destroy(ctx, f)


def eval_filter(ctx, boolexpr, **fields) -> bool:
    """Evaluate an enum filter with a response of ``fields`` (``filter_unit=u``...):
    ``ctx.eval_filter`` when the context has it, else ``evaluate``. A null boolexpr accepts
    everything."""
    if boolexpr is None:
        return True
    method = getattr(ctx, "eval_filter", None)
    if method is not None:
        return bool(method(boolexpr, **fields))
    return bool(evaluate(ctx, boolexpr, **fields))
