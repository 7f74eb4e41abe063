"""Pure helpers and platform requests of the API: bit operations, colours, ability id
strings, versions, tags, the test-automation hooks and the extra-data requests.

- ``BlzBitAnd``/``BlzBitOr``/``BlzBitXor``: two's complement 32-bit operations (jassdoc
  examples: 11 & 7 = 3, 2 | 5 = 7, 6 xor 8 = 14).
- ``BlzConvertColor(a, r, g, b)``: the integer 0xaarrggbb the frame natives take (jassdoc
  ``BlzFrameSetTextColor``: "Four byte integer of the form 0xaarrggbb"), each byte taken
  from the low 8 bits of its argument, as an int32.
- ``AbilityId`` / ``AbilityId2String``: jassdoc @bug "Not working correctly, always returns
  zero" / "always returns an empty string. Apparently ability names were never
  implemented": 0 and ``""``.
- ``VersionSupported`` / ``VersionCompatible``: the runtime plays every map with the Frozen
  Throne rules (the API sets it runs are Frozen Throne or later): true for
  ``VERSION_REIGN_OF_CHAOS`` and ``VERSION_FROZEN_THRONE``, false for other values
  (docs/natives.md).
- ``ParseTags``: the string unchanged: no tag syntax is documented (jassdoc has no notes;
  docs/natives.md).
- ``Automation*`` (the game's own test automation): recorded in the timeline
  (``automation``); nothing else reacts.
- ``RequestExtra*Data`` (data a platform service answers; jassdoc has no notes): offline
  there is no service, so 0, 0.0, false and ``""`` (docs/natives.md).
"""
from __future__ import annotations

from jassvm.values import wrap_int
from natives.handles import enum_value
from natives.registry import native

VERSIONS = (0, 1)
"""VERSION_REIGN_OF_CHAOS, VERSION_FROZEN_THRONE (common.j ``ConvertVersion``)."""


@native("BlzBitAnd", "takes integer x, integer y returns integer")
def BlzBitAnd(ctx, x, y):
    """Bitwise AND (jassdoc: 11 & 7 => 3)."""
    return wrap_int(x & y)


@native("BlzBitOr", "takes integer x, integer y returns integer")
def BlzBitOr(ctx, x, y):
    """Bitwise OR (jassdoc: 2 v 5 => 7)."""
    return wrap_int(x | y)


@native("BlzBitXor", "takes integer x, integer y returns integer")
def BlzBitXor(ctx, x, y):
    """Bitwise XOR (jassdoc: 6 xor 8 => 14)."""
    return wrap_int(x ^ y)


@native("BlzConvertColor", "takes integer a, integer r, integer g, integer b returns integer")
def BlzConvertColor(ctx, a, r, g, b):
    """0xaarrggbb from the low bytes of a, r, g, b, as an int32."""
    return wrap_int(((a & 255) << 24) | ((r & 255) << 16) | ((g & 255) << 8) | (b & 255))


@native("VersionSupported", "takes version whichVersion returns boolean")
def VersionSupported(ctx, version):
    """True for Reign of Chaos and The Frozen Throne (see the module docstring)."""
    return enum_value(version) in VERSIONS


@native("VersionCompatible", "takes version whichVersion returns boolean")
def VersionCompatible(ctx, version):
    """True for Reign of Chaos and The Frozen Throne (see the module docstring)."""
    return enum_value(version) in VERSIONS


@native("ParseTags", "takes string taggedString returns string", constant=True)
def ParseTags(ctx, text):
    """The string unchanged (see the module docstring)."""
    return text


def _automation(ctx, action: str, name: str | None = None) -> None:
    ctx.game.record("automation", action=action, name=name)


@native("AutomationSetTestType", "takes string testType returns nothing")
def AutomationSetTestType(ctx, test_type):
    """Record the test type (timeline ``automation``)."""
    _automation(ctx, "set_test_type", test_type)


@native("AutomationTestStart", "takes string testName returns nothing")
def AutomationTestStart(ctx, name):
    """Record a test start (timeline ``automation``)."""
    _automation(ctx, "test_start", name)


@native("AutomationTestEnd", "takes nothing returns nothing")
def AutomationTestEnd(ctx):
    """Record a test end (timeline ``automation``)."""
    _automation(ctx, "test_end")


@native("AutomationTestingFinished", "takes nothing returns nothing")
def AutomationTestingFinished(ctx):
    """Record the end of testing (timeline ``automation``)."""
    _automation(ctx, "testing_finished")


_REQUEST = ("takes integer dataType, player whichPlayer, string param1, string param2, "
            "boolean param3, integer param4, integer param5, integer param6 returns ")


def _request(name: str, returns: str, answer):
    def request(ctx, data_type, player, p1, p2, p3, p4, p5, p6):
        return answer

    request.__doc__ = f"{answer!r}: no platform service answers offline (see the module docstring)."
    request.__name__ = request.__qualname__ = name
    native(name, _REQUEST + returns)(request)


_request("RequestExtraIntegerData", "integer", 0)
_request("RequestExtraRealData", "real", 0.0)
_request("RequestExtraBooleanData", "boolean", False)
_request("RequestExtraStringData", "string", "")
