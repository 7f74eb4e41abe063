"""Superinstructions: the commonest runs of instructions as one dispatch of the bytecode
interpreter (``VM._run``).

``fuse(fn)`` returns a copy of ``fn.code`` and ``fn.costs`` of the same length, in which the
first instruction of each run below is replaced by a superinstruction standing for the whole
run; the instructions after it stay in place, so every pc (jump targets, frames' saved pcs,
lines, crash records, save states) means what it means in ``fn.code``. A superinstruction
costs the sum of its run's op costs; where an instruction inside the run can crash (a read of
an unset local), the interpreter reports the crash at that instruction with the op count the
plain run would have reached there.

Runs (``LOAD_LOCAL`` reads may crash, the others cannot):

- ``LOAD_LOCAL a; LOAD_LOCAL b`` -> ``LOAD_LOCAL2 (a, b)``
- ``LOAD_LOCAL a; PUSH k; ADD_I; STORE_LOCAL b`` (an integer ``k``) -> ``LOCAL_ADD_STORE (a, k, b)``
- ``LOAD_LOCAL a; LOAD_LOCAL b | PUSH k; LT | LE | GT | GE | EQ | NE; JUMP_IF_TRUE | JUMP_IF_FALSE t``
  -> ``COMPARE_JUMP (a, b or None, k, comparison, jump when true, t, back)``, the
  comparison an ``operator`` function (integer and handle comparisons are plain Python ones
  in the interpreter too). When a ``JUMP u`` follows the run (a loop ending in ``exitwhen``),
  ``back`` is ``(u, its op cost)`` and the branch not taken carries that ``JUMP`` out too
  (its cost and op-limit check) instead of dispatching it; otherwise ``back`` is None.
"""
from __future__ import annotations

import operator
from typing import Any

from . import bytecode as bc
from .bytecode import CompiledFunction

_COMPARISONS = {bc.LT: operator.lt, bc.LE: operator.le, bc.GT: operator.gt, bc.GE: operator.ge,
                bc.EQ: operator.eq, bc.NE: operator.ne}
_BRANCHES = {bc.JUMP_IF_TRUE: True, bc.JUMP_IF_FALSE: False}


def fuse(fn: CompiledFunction) -> tuple[list[tuple[int, Any]], list[int]]:
    """``(code, costs)`` of ``fn`` with superinstructions (see the module docstring)."""
    src, src_costs = fn.code, fn.costs
    code, costs = list(src), list(src_costs)
    n = len(src)
    for pc in range(n):
        op, a = src[pc]
        if op != bc.LOAD_LOCAL or pc + 1 >= n:
            continue
        op1, b = src[pc + 1]
        if pc + 3 < n:
            op2, op3 = src[pc + 2][0], src[pc + 3][0]
            if op1 == bc.PUSH and type(b) is int and op2 == bc.ADD_I and op3 == bc.STORE_LOCAL:
                code[pc] = (bc.LOCAL_ADD_STORE, (a, b, src[pc + 3][1]))
                costs[pc] = sum(src_costs[pc:pc + 4])
                continue
            if (op1 == bc.LOAD_LOCAL or (op1 == bc.PUSH and type(b) is int)) \
                    and op2 in _COMPARISONS and op3 in _BRANCHES:
                local = b if op1 == bc.LOAD_LOCAL else None
                back = None
                if pc + 4 < n and src[pc + 4][0] == bc.JUMP:   # the end of a loop
                    back = (src[pc + 4][1], src_costs[pc + 4])
                code[pc] = (bc.COMPARE_JUMP, (a, local, b, _COMPARISONS[op2], _BRANCHES[op3],
                                              src[pc + 3][1], back))
                costs[pc] = sum(src_costs[pc:pc + 4])
                continue
        if op1 == bc.LOAD_LOCAL:
            code[pc] = (bc.LOAD_LOCAL2, (a, b))
            costs[pc] = src_costs[pc] + src_costs[pc + 1]
    return code, costs
