"""The native registry: Python functions registered under their common.j name.

A native is registered with its common.j signature, so the runtime can build the built-in
API (used when no common.j is loaded) and check the loaded common.j against it::

    @native("CreateGroup", "takes nothing returns group")
    def CreateGroup(ctx):
        return ctx.game.groups.create()

Calling convention (the VM converts at the boundary):

- the first argument is the native context ``ctx`` (see ``jassvm.vm.NativeContext``):
  ``ctx.game`` (the game-state model), ``ctx.vm``, ``ctx.thread`` (its ``response``, a
  ``natives.response.Response``, holds the event payload: triggering trigger, unit, ...),
  ``ctx.now`` (game seconds), ``ctx.run_code(code, **fields)`` (runs a code value in a new
  callback thread, response ``Response(**fields)``, to completion),
  ``ctx.crash(kind, message)`` (ends the calling thread with a recorded runtime error),
  ``ctx.warn(message)`` (records a runtime warning);
- then the JASS arguments as Python values: integer -> ``int`` (already wrapped to 32 bits),
  real -> ``float`` (already rounded to binary32), boolean -> ``bool``, string -> ``str`` or
  ``None`` (undecodable bytes kept as surrogate escapes), handle types -> the model object or
  ``None``, code -> an opaque code value or ``None``;
- the return value uses the same mapping; the VM wraps/rounds it.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from jassvm.records import record

_SIGNATURE = re.compile(r"^\s*takes\s+(?P<params>.+?)\s+returns\s+(?P<returns>\w+)\s*$")


@record(frozen=True, slots=False)
class NativeSpec:
    """A registered native: common.j name, parameter (type, name) pairs, return type, function."""

    name: str
    params: tuple[tuple[str, str], ...]
    returns: str
    func: Callable
    constant: bool = False
    map_declared: bool = False


NATIVES: dict[str, NativeSpec] = {}


def parse_signature(signature: str) -> tuple[tuple[tuple[str, str], ...], str]:
    """Parse ``"takes unit whichUnit, real x returns nothing"`` into (params, return type).

    Raises ValueError on a malformed signature (a programming error in a natives module).
    """
    words = signature.split()   # the common shape without a regex: 1,684 natives at start-up
    if len(words) >= 4 and words[0] == "takes" and words[-2] == "returns" \
            and words[-1].isascii() and words[-1].isidentifier():
        if words[1:-2] == ["nothing"]:
            return (), words[-1]
        pairs = [part.split() for part in " ".join(words[1:-2]).split(",")]
        if all(len(pair) == 2 for pair in pairs):
            return tuple((t, name) for t, name in pairs), words[-1]
    return _parse_signature(signature)


def _parse_signature(signature: str) -> tuple[tuple[tuple[str, str], ...], str]:
    m = _SIGNATURE.match(signature)
    if not m:
        raise ValueError(f"malformed native signature: {signature!r}")
    params_text = m.group("params").strip()
    params: list[tuple[str, str]] = []
    if params_text != "nothing":
        for part in params_text.split(","):
            words = part.split()
            if len(words) != 2:
                raise ValueError(f"malformed native parameter {part!r} in {signature!r}")
            params.append((words[0], words[1]))
    return tuple(params), m.group("returns")


def native(name: str, signature: str, *, constant: bool = False,
           map_declared: bool = False) -> Callable[[Callable], Callable]:
    """Decorator: register ``func`` as the implementation of common.j native ``name``.

    ``signature`` is the common.j text after the name (``"takes ... returns ..."``).
    ``map_declared``: a platform native that maps declare in their own script (DzAPI), so
    the built-in API (``natives.builtin``) leaves it out to avoid a duplicate declaration.
    Registering the same name twice raises ValueError.
    """
    params, returns = parse_signature(signature)

    def register(func: Callable) -> Callable:
        if name in NATIVES:
            raise ValueError(f"native {name} registered twice")
        NATIVES[name] = NativeSpec(name, params, returns, func, constant, map_declared)
        return func

    return register
