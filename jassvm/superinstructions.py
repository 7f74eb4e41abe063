"""Superinstructions: the commonest runs of instructions as one dispatch of the bytecode
interpreter (``VM._run``).

``fuse(fn)`` returns a copy of ``fn.code`` and ``fn.costs`` of the same length, in which the
first instruction of each run below is replaced by a superinstruction standing for the whole
run; the instructions after it stay in place, so every pc (jump targets, frames' saved pcs,
lines, crash records, save states) means what it means in ``fn.code``. A superinstruction
costs the sum of its run's op costs; where an instruction inside the run can crash (a read of
an unset local), the interpreter reports the crash at that instruction with the op count the
plain run would have reached there.

Runs (``LOAD_LOCAL`` reads may crash, the others cannot; integer arithmetic wraps):

- ``LOAD_LOCAL a; PUSH k; ADD_I; STORE_LOCAL b`` (an integer ``k``) -> ``LOCAL_ADD_STORE (a, k, b)``
- ``LOAD_LOCAL a; LOAD_LOCAL b | PUSH k; LT | LE | GT | GE | EQ | NE; JUMP_IF_TRUE | JUMP_IF_FALSE t``
  -> ``COMPARE_JUMP (a, b or None, k, comparison, jump when true, t, back)``, the
  comparison an ``operator`` function (integer and handle comparisons are plain Python ones
  in the interpreter too). When a ``JUMP u`` follows the run (a loop ending in ``exitwhen``),
  ``back`` is ``(u, its op cost)`` and the branch not taken carries that ``JUMP`` out too
  (its cost and op-limit check) instead of dispatching it; otherwise ``back`` is None.
- ``LOAD_LOCAL a; LOAD_LOCAL b | PUSH k; ADD_I | SUB_I | MUL_I`` (an integer ``k``) ->
  ``LOCAL_OP (a, b or None, k, kind, None)``, kind 0, 1, 2 for ADD_I, SUB_I, MUL_I: pushes the
  result; followed by ``STORE_LOCAL s`` -> ``LOCAL_OP (a, b or None, k, kind, s)``: stores it
  (``set s = a + b``).
- ``LOAD_LOCAL x; LOAD_LOCAL a; LOAD_LOCAL b | PUSH k; ADD_I | SUB_I | MUL_I; ADD_I | SUB_I |
  MUL_I; STORE_LOCAL s`` -> ``ACC_STORE (x, a, b or None, k, inner kind, outer kind, s)``
  (``set total = total + i * 2``): one wrap at the end gives what the run's two wraps give,
  since int32 wraparound is arithmetic modulo 2**32.
- ``LOAD_LOCAL a1; ...; LOAD_LOCAL an; CALL f`` (``f`` takes exactly those n >= 1 arguments)
  -> ``CALL_LOCALS (f, n, (a1, ..., an), pad, leaf)``: the callee's locals built straight from
  the slots, then ``pad`` (``UNSET`` for each of ``f``'s declared locals). ``leaf`` is
  ``leaf_form(f)``: when it is not None and no call/return hook nor instrumentation is on, the
  interpreter computes the callee's result in place, with the same op count, depth and
  op-limit checks, instead of pushing a frame that nothing could observe.
- ``LOAD_LOCAL a; LOAD_LOCAL b | PUSH k; ADD_I | SUB_I | MUL_I; CALL f`` (``f`` takes one
  argument) -> ``CALL_LOCAL_OP (f, a, b or None, k, kind, pad)``: the ``LOCAL_OP`` run's result
  is the callee's parameter (``Fib(n - 1)``), ``pad`` as for ``CALL_LOCALS``.
- ``LOAD_LOCAL a; LOAD_LOCAL b | PUSH k; ADD_I | SUB_I | MUL_I; RETURN`` -> ``RETURN_LOCAL_OP
  (a, b or None, k, kind)``: the ``LOCAL_OP`` run's result returned without the operand stack.
- ``LOAD_LOCAL a; RETURN`` -> ``RETURN_LOCAL a``.
- ``LOAD_LOCAL a; LOAD_LOCAL b`` (when none of the runs above starts at ``a`` nor at ``b``)
  -> ``LOAD_LOCAL2 (a, b)``
- ``ADD_I | SUB_I | MUL_I; STORE_LOCAL b`` -> ``ARITH_STORE (kind, b)``; ``ADD_I | SUB_I |
  MUL_I; RETURN`` -> ``ARITH_RETURN kind``.
"""
from __future__ import annotations

import operator
from typing import Any

from . import bytecode as bc
from .bytecode import CompiledFunction
from .thread import UNSET

_COMPARISONS = {bc.LT: operator.lt, bc.LE: operator.le, bc.GT: operator.gt, bc.GE: operator.ge,
                bc.EQ: operator.eq, bc.NE: operator.ne}
_BRANCHES = {bc.JUMP_IF_TRUE: True, bc.JUMP_IF_FALSE: False}
ARITH_KINDS = {bc.ADD_I: 0, bc.SUB_I: 1, bc.MUL_I: 2}   # the ``kind`` of LOCAL_OP, ARITH_STORE


def _local_op(src: list, pc: int) -> bool:
    """True when ``LOAD_LOCAL; LOAD_LOCAL | PUSH integer; ADD_I | SUB_I | MUL_I`` starts at ``pc``."""
    if pc + 2 >= len(src) or src[pc][0] != bc.LOAD_LOCAL or src[pc + 2][0] not in ARITH_KINDS:
        return False
    op1, b = src[pc + 1]
    return op1 == bc.LOAD_LOCAL or (op1 == bc.PUSH and type(b) is int)


def _call_run(src: list, pc: int) -> int:
    """n when ``n`` LOAD_LOCALs then a CALL of an n-argument function start at ``pc``, else 0."""
    end = pc
    while end < len(src) and src[end][0] == bc.LOAD_LOCAL:
        end += 1
    n = end - pc
    if n and end < len(src) and src[end][0] == bc.CALL and src[end][1][1] == n:
        return n
    return 0


def leaf_form(fn: CompiledFunction) -> tuple[int, int | None, Any, int, int] | None:
    """``(a, b or None, k, kind, cost)`` when ``fn`` begins with ``return`` of a parameter
    (``LOAD_LOCAL a; RETURN``: kind -1) or of a ``LOCAL_OP`` run over its parameters and an
    integer constant (``LOAD_LOCAL a; LOAD_LOCAL b | PUSH k; ADD_I | SUB_I | MUL_I; RETURN``),
    ``cost`` the op cost of those instructions; else None. A call whose arguments are all
    set can run such a body without a frame: it reads only parameters, cannot crash, wait or
    call, and makes no op-limit check."""
    src, argc = fn.code, fn.nparams
    if len(src) < 2 or src[0][0] != bc.LOAD_LOCAL or src[0][1] >= argc:
        return None
    a = src[0][1]
    if src[1][0] == bc.RETURN:
        return a, None, None, -1, fn.costs[0] + fn.costs[1]
    if not _local_op(src, 0) or len(src) < 4 or src[3][0] != bc.RETURN:
        return None
    op1, b = src[1]
    if op1 == bc.LOAD_LOCAL:
        if b >= argc:
            return None
        return a, b, None, ARITH_KINDS[src[2][0]], sum(fn.costs[:4])
    return a, None, b, ARITH_KINDS[src[2][0]], sum(fn.costs[:4])


def fuse(fn: CompiledFunction) -> tuple[list[tuple[int, Any]], list[int]]:
    """``(code, costs)`` of ``fn`` with superinstructions (see the module docstring)."""
    src, src_costs = fn.code, fn.costs
    code, costs = list(src), list(src_costs)
    n = len(src)
    for pc in range(n):
        op, a = src[pc]
        if op in ARITH_KINDS and pc + 1 < n and src[pc + 1][0] in (bc.STORE_LOCAL, bc.RETURN):
            if src[pc + 1][0] == bc.RETURN:
                code[pc] = (bc.ARITH_RETURN, ARITH_KINDS[op])
            else:
                code[pc] = (bc.ARITH_STORE, (ARITH_KINDS[op], src[pc + 1][1]))
            costs[pc] = src_costs[pc] + src_costs[pc + 1]
            continue
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
        if _local_op(src, pc):
            local = b if op1 == bc.LOAD_LOCAL else None
            if pc + 3 < n and src[pc + 3][0] == bc.CALL and src[pc + 3][1][1] == 1:
                target = src[pc + 3][1][0]
                pad = (UNSET,) * (len(target.local_names) - 1)
                code[pc] = (bc.CALL_LOCAL_OP, (target, a, local, b, ARITH_KINDS[src[pc + 2][0]], pad))
                costs[pc] = sum(src_costs[pc:pc + 4])
            elif pc + 3 < n and src[pc + 3][0] == bc.RETURN:
                code[pc] = (bc.RETURN_LOCAL_OP, (a, local, b, ARITH_KINDS[src[pc + 2][0]]))
                costs[pc] = sum(src_costs[pc:pc + 4])
            else:
                store = src[pc + 3][1] if pc + 3 < n and src[pc + 3][0] == bc.STORE_LOCAL else None
                code[pc] = (bc.LOCAL_OP, (a, local, b, ARITH_KINDS[src[pc + 2][0]], store))
                costs[pc] = sum(src_costs[pc:pc + (3 if store is None else 4)])
            continue
        if op1 == bc.RETURN:
            code[pc] = (bc.RETURN_LOCAL, a)
            costs[pc] = src_costs[pc] + src_costs[pc + 1]
            continue
        if _local_op(src, pc + 1) and pc + 5 < n and src[pc + 4][0] in ARITH_KINDS \
                and src[pc + 5][0] == bc.STORE_LOCAL:
            op2, c = src[pc + 2]
            code[pc] = (bc.ACC_STORE, (a, b, c if op2 == bc.LOAD_LOCAL else None, c,
                                       ARITH_KINDS[src[pc + 3][0]], ARITH_KINDS[src[pc + 4][0]],
                                       src[pc + 5][1]))
            costs[pc] = sum(src_costs[pc:pc + 6])
            continue
        argc = _call_run(src, pc)
        if argc:
            slots = tuple(src[k][1] for k in range(pc, pc + argc))
            target = src[pc + argc][1][0]
            pad = (UNSET,) * (len(target.local_names) - argc)
            code[pc] = (bc.CALL_LOCALS, (target, argc, slots, pad, leaf_form(target)))
            costs[pc] = sum(src_costs[pc:pc + argc + 1])
            continue
        if op1 == bc.LOAD_LOCAL and not _local_op(src, pc + 1) and not _call_run(src, pc + 1):
            code[pc] = (bc.LOAD_LOCAL2, (a, b))
            costs[pc] = src_costs[pc] + src_costs[pc + 1]
    return code, costs
