"""A trigger's name in the script: the global (or global array element) that holds it.

World Editor scripts keep every trigger in a ``gg_trg_<Name>`` global, so that is the name
coverage and profiles report. A trigger no global holds is named after its first action
(``<trigger Trig_X_Actions>``), else its handle id; both are deterministic for one script.
"""
from __future__ import annotations

from typing import Any

from jassvm.thread import JassArray
from natives.pending import script_name
from natives.triggers import Trigger


class TriggerNames:
    """Names the triggers of one VM (``name(trig)``); a name found is kept for that trigger
    object, so a global reassigned later does not rename a trigger already reported."""

    def __init__(self, vm) -> None:
        self.vm = vm
        self._slots = [g for g in vm.program.globals if g.type_name == "trigger"]
        self._names: dict[int, tuple[str, Any]] = {}   # id(trigger) -> (name, trigger)

    def find(self, trig: Any) -> str | None:
        """The global holding ``trig`` (``name`` or ``name[i]``; ``natives.pending.
        script_name``: a ``gg_trg_`` global before a Blizzard.j slot), or None."""
        if trig is None:
            return None
        kept = self._names.get(id(trig))
        if kept is not None and kept[1] is trig:
            return kept[0]
        found = script_name(self.vm, trig, "trigger")
        if found is not None:
            self._names[id(trig)] = (found, trig)
        return found

    def name(self, trig: Any) -> str:
        """``find(trig)``, else ``<trigger FIRST_ACTION>``, else ``<trigger HANDLE_ID>``."""
        found = self.find(trig)
        if found is not None:
            return found
        actions = getattr(trig, "actions", None)
        if actions:
            code = getattr(actions[0], "code", None)
            if code is not None:
                return f"<trigger {code.name}>"
        return f"<trigger {getattr(trig, 'handle_id', '?')}>"

    def all(self) -> list[tuple[str, Any]]:
        """Every trigger the globals hold now: (name, trigger), in declaration order."""
        out = []
        values = self.vm.globals
        for g in self._slots:
            v = values[g.index]
            if isinstance(v, JassArray):
                out.extend((f"{g.name}[{i}]", e) for i, e in sorted(v.items()) if isinstance(e, Trigger))
            elif isinstance(v, Trigger):
                out.append((g.name, v))
        return out
