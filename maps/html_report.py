"""Self-contained HTML reports of runs (``jass run --html FILE``) and scenario suites
(``jass test --jass-html DIR``): no file, font or script is loaded from elsewhere.

A mission section shows the outcome, the quests and their states, the live units per
player and type at the end, the dialogs and
transmissions, runtime errors with their JASS stacks, trigger firings over game time as an
SVG plot (one row per trigger, the most frequent ``PLOT_ROWS`` triggers, runs counted in
``PLOT_BINS`` bins of game time), and the timeline with a filter by kind (checkboxes; a
few lines of inline script hide the rows of unchecked kinds). Game text is drawn with its
colour codes (``natives.markup``); every other string is escaped. ``mission_page`` makes a
page of one or more missions (a campaign run), ``scenario_page`` one scenario with its
result, ``suite_index`` the page linking the scenarios of a suite with pass/fail.
Trigger firings are ``maps.scenario_runner.TriggerRun`` records (game time, trigger name).
"""
from __future__ import annotations

import html
from collections import Counter
from typing import TYPE_CHECKING, Iterable

from natives import markup

if TYPE_CHECKING:
    from maps.scenario_runner import TriggerRun

PLOT_ROWS = 20
"""Triggers drawn in the firing plot (the most frequent; the others are summed in a row)."""

PLOT_BINS = 240
"""Bins of game time in the firing plot."""


_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fafafa}
h1{font-size:1.5em}h2{font-size:1.25em;border-bottom:1px solid #ccc;margin-top:1.5em}
h3{font-size:1.05em;margin-bottom:.3em}
table{border-collapse:collapse;margin:.4em 0}td,th{padding:2px 8px;text-align:left;vertical-align:top}
tr:nth-child(even){background:#f0f0f0}.t{font-variant-numeric:tabular-nums;white-space:nowrap;color:#666}
.kind{white-space:nowrap;color:#555}.game{background:#222;color:#eee;padding:1px 4px;border-radius:3px}
.pass{color:#080;font-weight:bold}.fail{color:#b00;font-weight:bold}
pre{background:#f3f3f3;padding:.6em;overflow:auto}fieldset{border:1px solid #ccc}
label{margin-right:1em;white-space:nowrap}svg text{font:11px system-ui,sans-serif}
"""

_SCRIPT = """
document.querySelectorAll('fieldset.filter').forEach(function (set) {
  var table = document.getElementById(set.dataset.table);
  function apply() {
    var shown = {};
    set.querySelectorAll('input[type=checkbox]').forEach(function (box) {
      shown[box.value] = box.checked;
    });
    table.querySelectorAll('tbody tr').forEach(function (row) {
      row.hidden = !shown[row.dataset.kind];
    });
  }
  set.addEventListener('change', apply);
  apply();
});
"""


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def game_text(raw: str) -> str:
    """A game string as HTML: colour runs as ``<span style="color:...">``, ``|n`` as
    ``<br>``, everything escaped."""
    out = []
    for span in markup.spans(raw):
        body = _e(span.text).replace("\n", "<br>")
        out.append(f'<span style="color:{span.colour}">{body}</span>' if span.colour else body)
    return "".join(out)


def _page(title: str, body: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>\n"
            f"{body}\n<script>{_SCRIPT}</script>\n</body></html>\n")


def mission_section(report, firings: Iterable["TriggerRun"], anchor: str) -> str:
    """The HTML of one mission (``maps.runner.MissionReport``) with its trigger firings;
    ``anchor`` makes the element ids unique on the page."""
    parts = [f'<section class="mission" id="{_e(anchor)}"><h2>{_e(report.name)}</h2>']
    local = report.local_player
    outcome = ", ".join(f"player {p}: {r}" for p, r in sorted(report.outcome.items())) or "none"
    rows = [("outcome", outcome), ("local player", f"{local}: {report.outcome.get(local, 'none')}"),
            ("game time", f"{report.game_time:.1f} s" + ("" if report.ended else " (mission not ended)")),
            ("API", report.api), ("threads run", f"{report.threads:,}"), ("ops executed", f"{report.ops:,}"),
            ("runtime errors", str(len(report.errors)))]
    if report.stopped:
        rows.append(("stopped", report.stopped))
    parts.append('<table class="summary">' + "".join(
        f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in rows) + "</table>")
    parts.append(_quests(report.quests))
    parts.append(_units(getattr(report, "units", {})))
    parts.append(_dialogs(report.timeline))
    parts.append(_transmissions(report.timeline))
    parts.append(_errors(report.errors))
    parts.append(_plot(list(firings), report.game_time, anchor))
    parts.append(_timeline(report.timeline, anchor))
    parts.append("</section>")
    return "\n".join(parts)


def _quests(quests: list[dict]) -> str:
    if not quests:
        return '<h3>Quests</h3><p class="quests">none</p>'
    rows = "".join(
        f'<tr data-state="{_e(q["state"])}"><td class="game">{game_text(q["title"])}</td>'
        f'<td>{_e(q["state"])}</td><td>{"required" if q["required"] else "optional"}</td>'
        f'<td>{"" if q["discovered"] else "undiscovered"}</td></tr>' for q in quests)
    return f'<h3>Quests</h3><table class="quests"><tbody>{rows}</tbody></table>'


def _units(units: dict) -> str:
    """Live units at the end per player and type."""
    if not units:
        return '<h3>Units at the end</h3><p class="units">none</p>'
    rows = "".join(f"<tr><td>player {_e(pid)}</td><td>" + ", ".join(
        f"{_e(code)} &times; {n}" for code, n in types.items()) + "</td></tr>" for pid, types in units.items())
    return f'<h3>Units at the end</h3><table class="units"><tbody>{rows}</tbody></table>'


def _dialogs(timeline) -> str:
    rows = []
    for e in timeline:
        d = e.data
        if e.kind == "dialog_shown":
            buttons = " | ".join(_e(markup.strip(str(b))) for b in d.get("buttons") or [])
            rows.append(f'<tr><td class="t">{e.time:.2f}s</td><td>shown to player {_e(d.get("player"))}</td>'
                        f'<td class="game">{game_text(str(d.get("title", "")))}</td><td>{buttons}</td></tr>')
        elif e.kind == "dialog_clicked":
            rows.append(f'<tr><td class="t">{e.time:.2f}s</td><td>player {_e(d.get("player"))} clicked</td>'
                        f'<td class="game">{game_text(str(d.get("title", "")))}</td>'
                        f'<td>{_e(markup.strip(str(d.get("button", ""))))}</td></tr>')
    body = f'<table class="dialogs"><tbody>{"".join(rows)}</tbody></table>' if rows else "<p>none</p>"
    return f"<h3>Dialogs</h3>{body}"


def _transmissions(timeline) -> str:
    rows = [f'<tr><td class="t">{e.time:.2f}s</td><td>{_e(markup.strip(str(e.data.get("speaker", ""))))}</td>'
            f'<td class="game">{game_text(str(e.data.get("text", "")))}</td></tr>'
            for e in timeline if e.kind == "transmission"]
    body = f'<table class="transmissions"><tbody>{"".join(rows)}</tbody></table>' if rows else "<p>none</p>"
    return f"<h3>Transmissions</h3>{body}"


def _errors(errors: list[dict]) -> str:
    if not errors:
        return '<h3>Runtime errors</h3><p class="errors">none</p>'
    items = []
    for err in errors:
        stack = "".join(f"<li>{_e(s['function'])} ({_e(s['file'])}:{_e(s['line'])})</li>"
                        for s in reversed(err.get("stack") or []))
        items.append(f'<li><span class="t">{err["time"]:.2f}s</span> <b>{_e(err["kind"])}</b>: '
                     f'{_e(err["message"])} (thread {_e(err.get("thread", ""))})<ol class="stack">{stack}</ol></li>')
    return f'<h3>Runtime errors</h3><ol class="errors">{"".join(items)}</ol>'


def _plot(firings: list["TriggerRun"], game_time: float, anchor: str) -> str:
    """Trigger firings over game time: an SVG of one row per trigger, a bar per bin whose
    opacity grows with the number of runs in it."""
    head = "<h3>Trigger firings over game time</h3>"
    if not firings:
        return head + '<p class="plot">no trigger ran</p>'
    counts = Counter(f.trigger for f in firings)
    top = [name for name, _n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:PLOT_ROWS]]
    others = len(counts) > len(top)
    labels = top + ([f"{len(counts) - len(top)} other triggers"] if others else [])
    row_of = {name: i for i, name in enumerate(top)}
    span = max(game_time, max(f.time for f in firings), 1e-9)
    bins: Counter = Counter()
    for f in firings:
        row = row_of.get(f.trigger, len(top))
        bins[(row, min(int(f.time / span * PLOT_BINS), PLOT_BINS - 1))] += 1
    left, width, row_h = 230, 720, 16
    height = row_h * len(labels) + 24
    peak = max(bins.values())
    cell = width / PLOT_BINS
    out = [f'<svg class="plot" id="{_e(anchor)}-plot" xmlns="http://www.w3.org/2000/svg" '
           f'width="{left + width + 10}" height="{height}" role="img" '
           f'aria-label="trigger firings over game time">']
    for i, label in enumerate(labels):
        y = i * row_h
        n = counts.get(label, sum(c for t, c in counts.items() if t not in row_of))
        out.append(f'<text x="{left - 6}" y="{y + 12}" text-anchor="end">{_e(label)} ({n})</text>')
        out.append(f'<line x1="{left}" x2="{left + width}" y1="{y + row_h}" y2="{y + row_h}" stroke="#ddd"/>')
    for (row, b), n in sorted(bins.items()):
        alpha = 0.25 + 0.75 * n / peak
        out.append(f'<rect class="firing" x="{left + b * cell:.1f}" y="{row * row_h + 2}" '
                   f'width="{max(cell, 1.5):.1f}" height="{row_h - 4}" fill="#3366cc" '
                   f'fill-opacity="{alpha:.2f}"><title>{n} run{"s" if n != 1 else ""} near '
                   f'{(b + 0.5) * span / PLOT_BINS:.0f} s</title></rect>')
    axis = row_h * len(labels) + 16
    for k in range(5):
        x = left + width * k / 4
        out.append(f'<text x="{x:.0f}" y="{axis}" text-anchor="middle">{span * k / 4:.0f} s</text>')
    out.append("</svg>")
    return head + "".join(out)


def _timeline(timeline, anchor: str) -> str:
    kinds = sorted({e.kind for e in timeline})
    table = f"{anchor}-timeline"
    boxes = "".join(f'<label><input type="checkbox" value="{_e(k)}" checked> {_e(k)}</label>' for k in kinds)
    rows = "".join(f'<tr data-kind="{_e(e.kind)}"><td class="t">{e.time:.2f}s</td>'
                   f'<td class="kind">{_e(e.kind)}</td><td><span class="game">{game_text(e.text)}</span></td></tr>' for e in timeline)
    return (f'<h3>Timeline ({len(timeline)} entries)</h3>'
            f'<fieldset class="filter" data-table="{_e(table)}"><legend>show kinds</legend>{boxes}</fieldset>'
            f'<table class="timeline" id="{_e(table)}"><tbody>{rows}</tbody></table>')


def mission_page(title: str, missions: list[tuple[object, list["TriggerRun"]]]) -> str:
    """A page of the missions of a run: ``(MissionReport, firings)`` pairs in order."""
    body = [f"<h1>{_e(title)}</h1>"]
    body += [mission_section(rep, firings, f"m{i + 1}") for i, (rep, firings) in enumerate(missions)]
    return _page(title, "\n".join(body))


def scenario_page(name: str, passed: bool, failure: str | None, facts: dict,
                  missions: list[tuple[object, list["TriggerRun"]]]) -> str:
    """The page of one scenario: its result (the failure report when it failed), its facts
    (``ScenarioResult.facts``) and each mission it played."""
    status = '<span class="pass">passed</span>' if passed else '<span class="fail">failed</span>'
    body = [f'<h1>scenario {_e(name)}: {status}</h1>',
            '<table class="facts">' + "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>"
                                              for k, v in facts.items()) + "</table>"]
    if failure:
        body.append(f'<h2>Failure</h2><pre class="failure">{_e(failure)}</pre>')
    body += [mission_section(rep, firings, f"m{i + 1}") for i, (rep, firings) in enumerate(missions)]
    return _page(f"scenario {name}", "\n".join(body))


def suite_index(entries: list[dict]) -> str:
    """The suite page: one row per scenario (dicts with ``name``, ``page`` (a relative
    link), ``passed``, ``outcome``, ``game_time``), failed ones first, then by name."""
    entries = sorted(entries, key=lambda x: (x["passed"], x["name"]))
    failed = sum(1 for x in entries if not x["passed"])
    rows = "".join(
        f'<tr class="{"pass" if x["passed"] else "fail"}"><td><a href="{_e(x["page"])}">{_e(x["name"])}</a></td>'
        f'<td>{"passed" if x["passed"] else "failed"}</td><td>{_e(x.get("outcome", ""))}</td>'
        f'<td class="t">{float(x.get("game_time") or 0):.1f} s</td></tr>' for x in entries)
    body = (f"<h1>Scenarios: {len(entries) - failed} passed, {failed} failed</h1>"
            '<table class="suite"><thead><tr><th>scenario</th><th>result</th><th>outcome</th>'
            f"<th>game time</th></tr></thead><tbody>{rows}</tbody></table>")
    return _page("scenarios", body)
