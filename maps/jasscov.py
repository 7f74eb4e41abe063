"""JASS coverage: lines and functions of the map script (optionally the API files) that ran,
and per trigger what its events, conditions and actions did (``jass run --cov``,
``jass test --jass-cov``). Not to be confused with ``maps.coverage`` (which natives the
runtime implements).

Collection (``Coverage.attach`` per game session, ``Coverage.finish`` at the end)
    Lines: the covered files are *traced* in the session VM's own instrumentation
    (``Instrumentation.trace_files``: a ``LINE`` before each source line, in copies of just
    those functions, made as they are first called), and the collector, a ``line`` hook subscriber (``jassvm.hooks``),
    counts each line event. Functions of other files keep their fast forms, so only the
    covered code pays (``benchmarks/coverage.py`` measures it). A function's hit count is
    the number of times a new frame of it reached its first line.

    Executable lines are the lines of instructions reachable from the function's entry
    (so the implicit ``return`` the compiler adds after a final ``return`` is not a line to
    cover) and of the global initialisers (which run at map load).

    Triggers (named after the global holding them, ``maps.trigger_names``): the collector is
    an ``EventRegistry.observers`` entry (``natives.events``) and sees each registration,
    each event reaching a registration (passing its filter or not) and each condition
    evaluation with its result; action runs are the ``action`` threads started for the
    trigger (``thread_started`` hook: by events or ``TriggerExecute``). Every trigger the
    globals hold when the session ends is listed, fired or not. The per event type table is
    seed 004's (``game.events.report()``): registered, queued, matched, dispatched,
    filtered, and ``REGISTERED_NEVER_OBSERVED``.

Merging (``CoverageData.merge``)
    Line, function, observation, evaluation and run counts add up; a trigger's registrations
    per event type take the largest count seen (the same script registers the same events in
    every run). Sessions restored from a save count only what happened after the restore
    (the event table's counters are taken relative to the restored values).

Files
    ``CoverageData.save``/``load``: JSON (``format: jass-coverage``), one per run or pytest-xdist
    worker, merged by ``merge``; ``write_lcov`` (``genhtml`` renders it) and
    ``write_cobertura`` (Cobertura XML, coverage-04.dtd). Scripts that are not files on disk
    (inside a map archive) keep their text in the data; ``write_lcov`` writes them next to
    the lcov file so ``genhtml`` can show them.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from jassvm import bytecode as bc
from jassvm.bytecode import CompiledFunction
from jassvm.instrument import program_functions
from maps.trigger_names import TriggerNames

FORMAT = "jass-coverage"
VERSION = 1
_COUNTERS = ("registered", "queued", "matched", "dispatched", "filtered")
_TRIGGER_COUNTS = ("observed", "filtered", "evaluated", "passed", "runs")


# --------------------------------------------------------------------------- static lines

def executable_lines(fn: CompiledFunction) -> list[int]:
    """Source lines of the instructions of ``fn`` reachable from its entry, sorted."""
    code = fn.code
    n = len(code)
    seen = [False] * n
    todo = [0] if n else []
    while todo:
        pc = todo.pop()
        if pc >= n or seen[pc]:
            continue
        seen[pc] = True
        op, arg = code[pc]
        name = bc.OPNAMES[op]
        if name in ("RETURN", "RETURN_NOTHING"):
            continue
        if name == "JUMP":
            todo.append(arg)
            continue
        if name in bc.JUMPS:
            todo.append(arg)
        todo.append(pc + 1)
    return sorted({fn.lines[pc] for pc in range(n) if seen[pc]})


def is_initialiser(fn: CompiledFunction) -> bool:
    """A global's initialiser (``<init NAME>``): lines, but not a function to cover."""
    return fn.name.startswith("<")


# --------------------------------------------------------------------------- the data

class CoverageData:
    """Coverage of one or more runs.

    ``files``: path -> ``{"lines": {line: hits}, "functions": {name: [line, hits]}}``
    (every executable line and function, hit or not); ``sources``: path -> script text for
    paths that are not files on disk; ``triggers``: name -> ``{"events": {event type:
    [registrations, observations]}, "observed", "filtered", "evaluated", "passed", "runs"}``;
    ``events``: event type -> seed 004 counters (``_COUNTERS``); ``runs``: sessions merged.
    """

    def __init__(self) -> None:
        self.files: dict[str, dict[str, dict]] = {}
        self.sources: dict[str, str] = {}
        self.triggers: dict[str, dict[str, Any]] = {}
        self.events: dict[str, dict[str, int]] = {}
        self.runs = 0

    # -- building --------------------------------------------------------------------------
    def file(self, path: str) -> dict[str, dict]:
        """The counters of source ``path`` (``lines``, ``functions``...), made empty if new."""
        f = self.files.get(path)
        if f is None:
            f = self.files[path] = {"lines": {}, "functions": {}}
        return f

    def trigger(self, name: str) -> dict[str, Any]:
        """The counters of trigger ``name`` (events, observed, evaluated, passed...), made
        empty if new."""
        t = self.triggers.get(name)
        if t is None:
            t = self.triggers[name] = {"events": {}, **{k: 0 for k in _TRIGGER_COUNTS}}
        return t

    def merge(self, other: "CoverageData") -> "CoverageData":
        """Add ``other`` into this data (see the module docstring); returns self."""
        for path, f in other.files.items():
            mine = self.file(path)
            for line, hits in f["lines"].items():
                mine["lines"][line] = mine["lines"].get(line, 0) + hits
            for name, (line, hits) in f["functions"].items():
                entry = mine["functions"].setdefault(name, [line, 0])
                entry[1] += hits
        for path, text in other.sources.items():
            self.sources.setdefault(path, text)
        for name, t in other.triggers.items():
            mine = self.trigger(name)
            for k in _TRIGGER_COUNTS:
                mine[k] += t[k]
            for ev, (regs, seen) in t["events"].items():
                entry = mine["events"].setdefault(ev, [0, 0])
                entry[0] = max(entry[0], regs)
                entry[1] += seen
        for ev, st in other.events.items():
            mine = self.events.setdefault(ev, {k: 0 for k in _COUNTERS})
            for k in _COUNTERS:
                mine[k] += st.get(k, 0)
        self.runs += other.runs
        return self

    # -- questions -------------------------------------------------------------------------
    def never_fired(self) -> list[str]:
        """Triggers whose actions never ran, sorted by name."""
        return sorted(n for n, t in self.triggers.items() if not t["runs"])

    def never_observed(self) -> list[str]:
        """Event types registered but neither queued nor matched (seed 004's
        ``REGISTERED_NEVER_OBSERVED``), sorted."""
        return sorted(ev for ev, st in self.events.items()
                      if st["registered"] and not st["queued"] and not st["matched"])

    def trigger_never_observed(self, name: str) -> list[str]:
        """Event types ``name`` registered that never reached one of its registrations."""
        return sorted(ev for ev, (regs, seen) in self.triggers[name]["events"].items() if regs and not seen)

    def totals(self, path: str) -> tuple[int, int, int, int]:
        """(lines hit, executable lines, functions hit, functions) of ``path``."""
        f = self.files[path]
        lines = f["lines"].values()
        fns = f["functions"].values()
        return (sum(1 for h in lines if h), len(f["lines"]), sum(1 for _l, h in fns if h), len(f["functions"]))

    # -- files -----------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The data as the JSON object of a ``--cov-data`` file (``load`` reads it)."""
        return {"format": FORMAT, "version": VERSION, "runs": self.runs,
                "files": {p: {"lines": {str(k): v for k, v in sorted(f["lines"].items())},
                              "functions": dict(sorted(f["functions"].items()))}
                          for p, f in sorted(self.files.items())},
                "sources": dict(sorted(self.sources.items())),
                "triggers": {n: {**t, "events": dict(sorted(t["events"].items()))}
                             for n, t in sorted(self.triggers.items())},
                "events": dict(sorted(self.events.items()))}

    @classmethod
    def from_json(cls, doc: Any, where: str = "coverage data") -> "CoverageData":
        """Data from ``to_json``'s shape; ValueError naming ``where`` when it is not."""
        if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION:
            raise ValueError(f"{where}: not {FORMAT} data version {VERSION}")
        data = cls()
        try:
            data.runs = int(doc["runs"])
            for path, f in doc["files"].items():
                data.files[path] = {"lines": {int(k): int(v) for k, v in f["lines"].items()},
                                    "functions": {n: [int(l), int(h)] for n, (l, h) in f["functions"].items()}}
            data.sources = {str(k): str(v) for k, v in doc["sources"].items()}
            for name, t in doc["triggers"].items():
                data.triggers[name] = {"events": {ev: [int(r), int(s)] for ev, (r, s) in t["events"].items()},
                                       **{k: int(t[k]) for k in _TRIGGER_COUNTS}}
            data.events = {ev: {k: int(st[k]) for k in _COUNTERS} for ev, st in doc["events"].items()}
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ValueError(f"{where}: malformed {FORMAT} data ({err!r})") from None
        return data

    def save(self, path: str | os.PathLike) -> Path:
        """Write the data as JSON (``to_json``); returns the path."""
        p = Path(path)
        p.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False), encoding="utf-8")
        return p

    @classmethod
    def load(cls, path: str | os.PathLike) -> "CoverageData":
        """Read a ``save``d file; ValueError (naming the file) when it is not coverage data."""
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise ValueError(f"{path}: cannot read coverage data: {err}") from None
        return cls.from_json(doc, str(path))


# --------------------------------------------------------------------------- collection

class Coverage:
    """Collects coverage of every session it is attached to into ``data``.

    ``blizzard``: cover the API files (Blizzard.j, common.j's initialisers) too, not only
    the map script."""

    def __init__(self, blizzard: bool = False) -> None:
        self.blizzard = blizzard
        self.data = CoverageData()
        self._live: list[_Collector] = []

    def attach(self, session, mission) -> None:
        """Collect from ``session`` (``natives.session.GameSession``) of ``mission``
        (``maps.runner.Mission``), before or after its script starts (a restored session).
        Sessions attached earlier are finished first: a new session replaces the old one."""
        self.finish()
        self._live.append(_Collector(self.data, session, _covered_files(mission, self.blizzard),
                                     self.blizzard))

    @property
    def sessions(self) -> int:
        """Sessions attached so far."""
        return self.data.runs + len(self._live)

    def finish(self) -> CoverageData:
        """Fold what the attached sessions did into ``data`` and detach them; returns it."""
        for c in self._live:
            c.finish()
        self._live.clear()
        return self.data


def _covered_files(mission, blizzard: bool) -> dict[str, tuple[str, str | None]]:
    """Program file name -> (path to report, script text when the path is not a file)."""
    m = mission.mapfiles
    out: dict[str, tuple[str, str | None]] = {}
    if m.kind == "script":
        label, path = str(m.source), os.path.abspath(m.source)
    else:
        label = m.script_name
        path = os.path.join(os.path.abspath(m.source), m.script_name.replace("\\", "/"))
    out[label] = (path, None if os.path.isfile(path) else m.script.decode("utf-8", "replace"))
    if blizzard:
        for name, text in mission.api.sources:
            path = os.path.abspath(name) if os.path.isfile(name) else name
            out[name] = (path, None if os.path.isfile(path) else text.decode("utf-8", "replace"))
    return out


class _Collector:
    """One session's collector: VM hook subscriber (``line``, ``thread_started``) and event
    observer (``registered``, ``occurring``, ``observed``, ``evaluated``)."""

    def __init__(self, data: CoverageData, session, files: dict[str, tuple[str, str | None]],
                 blizzard: bool) -> None:
        self.data = data
        self.session = session
        self.vm = vm = session.vm
        self.events = session.game.events
        self.files = files
        self.blizzard = blizzard
        self.names = TriggerNames(vm)
        self.hits: dict[str, dict[int, int]] = {label: {} for label in files}
        self.entries: dict[str, int] = {}          # function name -> new frames
        self._entered: dict[Any, Any] = {}         # function copy -> its last frame counted
        self.triggers: dict[int, list] = {}        # id(trigger) -> [trigger, stats]
        self.baseline: dict[str, dict[str, int]] = {}
        self.synced = False
        self.done = False
        for label, (path, text) in files.items():
            if text is not None:
                data.sources[path] = text
        for fn in program_functions(vm.program):
            if fn.file in files:
                f = data.file(files[fn.file][0])
                for line in executable_lines(fn):
                    f["lines"].setdefault(line, 0)
                if not is_initialiser(fn):
                    f["functions"].setdefault(fn.name, [fn.line, 0])
        inst = vm.instrument
        inst.trace_files(inst.traced_files | set(files))
        vm.hooks.add(self)
        self.events.observers.append(self)

    def _sync(self) -> None:
        """At the first event of the session, when it has started or been restored from a
        save (``attach`` may come before the restore): the event counters so far are the
        baseline, registrations already made count, waiting frames move onto the traced
        copies."""
        self.synced = True
        self.events = self.session.game.events
        if self not in self.events.observers:
            self.events.observers.append(self)
        self.baseline = {ev: dict(st) for ev, st in self.events.stats.items()}
        for regs in list(self.events.index.values()):
            for reg in regs:
                self._stats(reg.trigger)["events"].setdefault(reg.name, [0, 0])[0] += 1
        self.vm.rebase_frames()

    # -- VM hooks --------------------------------------------------------------------------
    def line(self, th, frame, line: int) -> None:
        fn = frame.fn
        hits = self.hits.get(fn.file)
        if hits is None:
            return
        hits[line] = hits.get(line, 0) + 1
        if frame.pc == 1 and self._entered.get(fn) is not frame:   # just ran the entry LINE
            self._entered[fn] = frame
            self.entries[fn.name] = self.entries.get(fn.name, 0) + 1

    def thread_resumed(self, th) -> None:
        if not self.synced:
            self._sync()

    def thread_started(self, th) -> None:
        if not self.synced:
            self._sync()
        if th.kind == "action":
            trig = getattr(th.response, "trigger", None)
            if trig is not None:
                self._stats(trig)["runs"] += 1

    # -- event observers -------------------------------------------------------------------
    def registered(self, reg) -> None:
        if not self.synced:
            self._sync()     # counts the registrations indexed so far, this one included
            return
        self._stats(reg.trigger)["events"].setdefault(reg.name, [0, 0])[0] += 1

    def occurring(self, name: str) -> None:
        """An occurrence of event type ``name`` is about to be counted: the first event of a
        restored session syncs here, so that its own counts are this session's."""
        if not self.synced:
            self._sync()

    def observed(self, reg, passed: bool) -> None:
        if not self.synced:
            self._sync()
        st = self._stats(reg.trigger)
        st["events"].setdefault(reg.name, [0, 0])[1] += 1
        st["observed"] += 1
        if not passed:
            st["filtered"] += 1

    def evaluated(self, trig, passed: bool) -> None:
        if not self.synced:
            self._sync()
        st = self._stats(trig)
        st["evaluated"] += 1
        if passed:
            st["passed"] += 1

    def _stats(self, trig) -> dict:
        entry = self.triggers.get(id(trig))
        if entry is None:
            self.names.find(trig)        # name it while its global still holds it
            entry = self.triggers[id(trig)] = [trig, {"events": {}, **{k: 0 for k in _TRIGGER_COUNTS}}]
        return entry[1]

    # -- the end ---------------------------------------------------------------------------
    def finish(self) -> None:
        """End collecting on this session: unhook it, take its traces back, and add its line,
        function and trigger counts to ``data`` (once; later calls do nothing)."""
        if self.done:
            return
        self.done = True
        if not self.synced:
            self._sync()
        self.vm.hooks.remove(self)
        inst = self.vm.instrument
        inst.trace_files(inst.traced_files - set(self.files))
        if self in self.events.observers:
            self.events.observers.remove(self)
        data = self.data
        data.runs += 1
        for label, hits in self.hits.items():
            lines = data.file(self.files[label][0])["lines"]
            for line, n in hits.items():
                lines[line] = lines.get(line, 0) + n
        by_name = {}
        for fn in program_functions(self.vm.program):
            if fn.file in self.files and not is_initialiser(fn):
                by_name[fn.name] = self.files[fn.file][0]
        for name, n in self.entries.items():
            path = by_name.get(name)
            if path is not None:
                data.file(path)["functions"][name][1] += n
        local = CoverageData()
        api_globals = {fn.name[6:-1] for fn in self.vm.program.init
                       if isinstance(fn, CompiledFunction) and fn.file not in self.files}
        def covered(name: str) -> bool:   # triggers held by the API's globals are the API's
            base = name.split("[", 1)[0]
            return not (base in api_globals or base.startswith("bj_")) or self.blizzard
        for name, trig in self.names.all():
            if covered(name):
                local.trigger(name)
        for trig, st in self.triggers.values():
            name = self.names.name(trig)
            if not covered(name):
                continue
            t = local.trigger(name)
            for k in _TRIGGER_COUNTS:
                t[k] += st[k]
            for ev, (regs, seen) in st["events"].items():
                entry = t["events"].setdefault(ev, [0, 0])
                entry[0] += regs
                entry[1] += seen
        for ev, st in self.events.stats.items():
            base = self.baseline.get(ev, {})
            local.events[ev] = {k: st[k] - base.get(k, 0) for k in _COUNTERS}
        data.merge(local)


# --------------------------------------------------------------------------- outputs

def summary_lines(data: CoverageData) -> list[str]:
    """A plain-text summary (the pytest plugin's): lines and functions per file, the
    triggers that never fired with the event types they registered but never saw, and the
    event types registered but never observed (seed 004)."""
    out = [f"{data.runs} session(s)"]
    for path in sorted(data.files):
        lh, lf, fh, ff = data.totals(path)
        pct = f"{100 * lh / lf:.1f}%" if lf else "-"
        out.append(f"{path}: lines {lh}/{lf} ({pct}), functions {fh}/{ff}")
    never = data.never_fired()
    out.append(f"triggers that never fired: {len(never)} of {len(data.triggers)}")
    for name in never:
        unseen = data.trigger_never_observed(name)
        out.append(f"  {name}" + (f" (never observed: {', '.join(unseen)})" if unseen else ""))
    events = data.never_observed()
    if events:
        out.append(f"events registered, never observed: {', '.join(events)}")
    return out


def write_lcov(data: CoverageData, path: str | os.PathLike, test_name: str = "jass") -> Path:
    """Write ``data`` as an lcov tracefile (``TN``/``SF``/``FN``/``FNDA``/``DA`` records, the
    format ``genhtml`` reads). Scripts kept as text (``data.sources``) are written under
    ``<FILE stem>-sources/`` beside it and named there. Returns the path."""
    out = Path(path)
    lines = []
    for src, f in sorted(data.files.items()):
        shown = src
        if src in data.sources:
            shown = _extract_source(out, src, data.sources[src])
        lines.append(f"TN:{_lcov_name(test_name)}")
        lines.append(f"SF:{shown}")
        fns = sorted(f["functions"].items(), key=lambda kv: (kv[1][0], kv[0]))
        for name, (line, _hits) in fns:
            lines.append(f"FN:{line},{name}")
        for name, (_line, hits) in fns:
            lines.append(f"FNDA:{hits},{name}")
        lines.append(f"FNF:{len(fns)}")
        lines.append(f"FNH:{sum(1 for _n, (_l, h) in fns if h)}")
        for line, hits in sorted(f["lines"].items()):
            lines.append(f"DA:{line},{hits}")
        lines.append(f"LF:{len(f['lines'])}")
        lines.append(f"LH:{sum(1 for h in f['lines'].values() if h)}")
        lines.append("end_of_record")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def _lcov_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


def _extract_source(lcov: Path, src: str, text: str) -> str:
    folder = lcov.with_name(lcov.stem + "-sources")
    rel = re.sub(r"[^A-Za-z0-9_.-]+", "_", src.strip("/"))
    target = folder / rel
    folder.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return str(target.resolve())


def write_cobertura(data: CoverageData, path: str | os.PathLike) -> Path:
    """Write ``data`` as Cobertura XML (``coverage-04.dtd``: one package per folder, one
    class per script file, one method per function with its lines). JASS has no branch
    data: branch rates are 1 with no branches. ``timestamp`` is ``$SOURCE_DATE_EPOCH``
    (seconds, written as milliseconds) or 0, so the same runs give the same bytes."""
    stamp = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0) * 1000
    packages: dict[str, list[str]] = {}
    for src in sorted(data.files):
        packages.setdefault(os.path.dirname(src) or ".", []).append(src)
    hit_all = sum(data.totals(p)[0] for p in data.files)
    valid_all = sum(data.totals(p)[1] for p in data.files)
    out = ['<?xml version="1.0" ?>',
           '<!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">',
           f'<coverage line-rate="{_rate(hit_all, valid_all)}" branch-rate="1" lines-covered="{hit_all}" '
           f'lines-valid="{valid_all}" branches-covered="0" branches-valid="0" complexity="0" '
           f'version="jassvm {VERSION}" timestamp="{stamp}">',
           "\t<sources>"]
    out += [f"\t\t<source>{_text(p)}</source>" for p in sorted(packages)]
    out += ["\t</sources>", "\t<packages>"]
    for pkg, srcs in sorted(packages.items()):
        hit = sum(data.totals(p)[0] for p in srcs)
        valid = sum(data.totals(p)[1] for p in srcs)
        out.append(f'\t\t<package name={quoteattr(pkg)} line-rate="{_rate(hit, valid)}" '
                   'branch-rate="1" complexity="0">')
        out.append("\t\t\t<classes>")
        for src in srcs:
            f = data.files[src]
            h, v, _fh, _fv = data.totals(src)
            name = os.path.basename(src)
            out.append(f'\t\t\t\t<class name={quoteattr(name)} filename={quoteattr(name)} '
                       f'line-rate="{_rate(h, v)}" branch-rate="1" complexity="0">')
            out.append("\t\t\t\t\t<methods>")
            for fname, fn_lines in _function_lines(f):
                fh = sum(1 for l in fn_lines if f["lines"][l])
                out.append(f'\t\t\t\t\t\t<method name={quoteattr(fname)} signature="" '
                           f'line-rate="{_rate(fh, len(fn_lines))}" branch-rate="1" complexity="0">')
                out.append("\t\t\t\t\t\t\t<lines>")
                out += [f'\t\t\t\t\t\t\t\t<line number="{l}" hits="{f["lines"][l]}" branch="false"/>'
                        for l in fn_lines]
                out.append("\t\t\t\t\t\t\t</lines>")
                out.append("\t\t\t\t\t\t</method>")
            out.append("\t\t\t\t\t</methods>")
            out.append("\t\t\t\t\t<lines>")
            out += [f'\t\t\t\t\t\t<line number="{l}" hits="{n}" branch="false"/>'
                    for l, n in sorted(f["lines"].items())]
            out.append("\t\t\t\t\t</lines>")
            out.append("\t\t\t\t</class>")
        out.append("\t\t\t</classes>")
        out.append("\t\t</package>")
    out += ["\t</packages>", "</coverage>"]
    p = Path(path)
    p.write_text("\n".join(out) + "\n", encoding="utf-8")
    return p


def _function_lines(f: dict) -> list[tuple[str, list[int]]]:
    """Each function with the executable lines from its declaration to the next one's."""
    fns = sorted(f["functions"].items(), key=lambda kv: (kv[1][0], kv[0]))
    lines = sorted(f["lines"])
    out = []
    for i, (name, (start, _hits)) in enumerate(fns):
        end = fns[i + 1][1][0] if i + 1 < len(fns) else None
        out.append((name, [l for l in lines if l >= start and (end is None or l < end)]))
    return out


def _rate(hit: int, valid: int) -> str:
    return f"{hit / valid:.4f}" if valid else "1"


def _text(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
