"""Durations as scenarios and the command line write them: ``30s``, ``5m``, ``1m30s``.

A leaf of ``maps`` (only the standard library), so ``jass run --until`` parses its option
without loading the scenario schema (pydantic) it does not need.
"""
from __future__ import annotations

import math
import re
from typing import Any

_DURATION = re.compile(
    r"^(?:(?P<h>\d+(?:\.\d*)?)h)?(?:(?P<m>\d+(?:\.\d*)?)m(?!s))?(?:(?P<s>\d+(?:\.\d*)?)s)?"
    r"(?:(?P<ms>\d+(?:\.\d*)?)ms)?$")

_SECONDS = re.compile(r"^\d+(?:\.\d*)?$")

_UNIT_WORDS = ((re.compile(r"(?<=\d)(?:milliseconds?|msecs?)"), "ms"),
               (re.compile(r"(?<=\d)(?:hours?|hrs?)"), "h"),
               (re.compile(r"(?<=\d)(?:minutes?|mins?)"), "m"),
               (re.compile(r"(?<=\d)(?:seconds?|secs?)"), "s"))
"""Unit words people write (``2 min``, ``5min``, ``1 hour``, ``30 secs``) and their letters."""


MAX_DURATION = 7 * 24 * 3600.0
"""Longest duration (and budget) a scenario may give: one week of game time."""


def parse_duration(value: Any) -> float:
    """Game seconds from ``30s``, ``5m``, ``1m30s``, ``1h``, ``250ms`` (units also as words:
    ``2 min``, ``5min``, ``1 hour``, ``30 secs``) or a number of seconds (an int, a float or
    text such as ``"600"``).

    Raises ValueError for anything else: negative, not finite (``.inf``, ``.nan``) or longer
    than ``MAX_DURATION``."""
    if isinstance(value, bool):
        raise ValueError("a duration is a number of seconds or text like 30s, 5m, 1m30s")
    if isinstance(value, int):
        seconds = float(max(-1, min(value, 2 * int(MAX_DURATION))))   # never an overflow
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("a duration must be a finite number of seconds")
        seconds = value
    elif isinstance(value, str):
        text = value.strip().replace(" ", "").lower()
        for word, letter in _UNIT_WORDS:
            text = word.sub(letter, text)
        if _SECONDS.match(text):   # a bare number, as ``--until 600`` gives it: seconds
            return parse_duration(float(text))
        m = _DURATION.match(text)
        if not text or not m or not any(m.groupdict().values()):
            raise ValueError(f"bad duration {value!r}: write a number of seconds or text like "
                             "30s, 5m, 1m30s, 1h, 250ms")
        g = {k: float(v) if v else 0.0 for k, v in m.groupdict().items()}
        seconds = g["h"] * 3600 + g["m"] * 60 + g["s"] + g["ms"] / 1000
    else:
        raise ValueError("a duration is a number of seconds or text like 30s, 5m, 1m30s")
    if seconds != seconds:
        raise ValueError("a duration must be a finite number of seconds")
    if seconds < 0:
        raise ValueError("a duration cannot be negative")
    if seconds > MAX_DURATION:
        raise ValueError(f"a duration is at most {MAX_DURATION / 3600:g}h of game time")
    return seconds
