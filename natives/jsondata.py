"""JSON read from outside the program (the sandbox files of the game cache and DzAPI natives),
with its nesting checked before it is decoded.

``json.loads`` recurses once per nested array or object and raises ``RecursionError`` (not a
``ValueError``) a few hundred levels down, so a sandbox file of ``[[[[...`` escaped the
readers' error handling. ``load_json`` refuses such text with a ``ValueError`` first; the
files this project writes nest at most about eight levels deep.
"""
from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["MAX_JSON_DEPTH", "json_depth_exceeds", "load_json"]

#: Deepest nesting of arrays and objects accepted.
MAX_JSON_DEPTH = 32

# Possessive repeats: constant memory per character of a long string.
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"')
_INNERMOST = re.compile(r"\[[^\[\]{}]*+\]|\{[^\[\]{}]*+\}")


def json_depth_exceeds(text: str, max_depth: int) -> bool:
    """True when arrays and objects in ``text`` nest deeper than ``max_depth``.

    Each pass replaces the innermost containers by a scalar (strings are blanked first), so
    at most ``max_depth`` passes of a regular expression decide it, whatever the size of the
    text. Malformed text with more than ``max_depth`` opening brackets that never close
    counts as too deep too (``json.loads`` would recurse into them before failing).
    """
    text = _STRING.sub('""', text)
    for _ in range(max_depth):
        text, n = _INNERMOST.subn("0", text)
        if n == 0:
            break
    else:
        if _INNERMOST.search(text):
            return True
    return text.count("[") + text.count("{") > max_depth


def load_json(data: str | bytes, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads(data)``; raises ``ValueError`` for malformed JSON and for JSON nested
    deeper than ``max_depth`` (checked before decoding)."""
    text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data
    if ("[" in text or "{" in text) and json_depth_exceeds(text, max_depth):
        raise ValueError(f"JSON nested deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except RecursionError:  # only reachable with a max_depth near the recursion limit
        raise ValueError("JSON nested too deeply") from None
