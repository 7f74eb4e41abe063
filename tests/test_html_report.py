"""HTML reports (issue 18): ``jass run --html FILE`` and ``jass test --jass-html DIR``.

The pages are self-contained (no external file, font or script); the campaign scenarios'
suite is rendered in headless Chromium (Debian's ``chromium`` package; ``.ci/run`` installs
it): no console errors, the firing plot is drawn, the timeline filter hides the rows of an
unchecked kind, and a screenshot is taken.
"""
from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from conftest import ROOT, shared_path
from maps.html_report import game_text, mission_page
from maps.runner import MissionReport, TimelineEntry
from maps.scenario_runner import TriggerRun

pytest_plugins = ["pytester"]
importlib.import_module("maps.runner")
importlib.import_module("natives.session").load_natives()

CAMPAIGN = ["human01-victory", "orc03-victory", "prologue02-victory", "undead01-victory"]


class _Page(HTMLParser):
    """Tags, attributes and text of a page, for structure checks."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def all(self, tag: str, **attrs) -> list[dict]:
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in attrs.items())]


def _self_contained(page: _Page) -> None:
    """No element loads anything from elsewhere."""
    for tag, attrs in page.tags:
        assert "src" not in attrs, (tag, attrs)
        if tag == "link":
            raise AssertionError(f"external stylesheet or icon: {attrs}")


def test_game_text_is_escaped_and_coloured():
    assert game_text("|cffffcc00<b>|r & |nx") == ('<span style="color:#ffcc00">&lt;b&gt;</span> &amp; <br>x')


def test_a_mission_page_has_every_part():
    rep = MissionReport("Demo <1>", "built-in", game_time=60.0, ended=True, outcome={0: "victory"})
    rep.timeline = [TimelineEntry(1.0, "message", "|cffffcc00MAIN QUEST|r"),
                    TimelineEntry(2.0, "dialog_shown", "dialog", {"player": 0, "title": "Victory!",
                                                                   "buttons": ["Continue"]}),
                    TimelineEntry(3.0, "transmission", "x", {"speaker": "Uther", "text": "Arthas!"})]
    rep.quests = [{"title": "Hold", "state": "completed", "required": True, "discovered": True}]
    rep.errors = [{"kind": "division-by-zero", "message": "x / 0", "time": 4.0, "thread": "Trig_A",
                   "stack": [{"function": "Trig_A", "file": "war3map.j", "line": 7}]}]
    runs = [TriggerRun(t * 0.5, 0, "gg_trg_Poll", "P") for t in range(100)] + [TriggerRun(5.0, 0, "gg_trg_Win", "W")]
    page = _Page(mission_page("t", [(rep, runs)]))
    _self_contained(page)
    text = "".join(page.text)
    assert "Demo <1>" in text and "player 0: victory" in text
    assert page.all("tr", **{"data-state": "completed"})
    assert "Victory!" in text and "Continue" in text and "Arthas!" in text
    assert "Trig_A (war3map.j:7)" in text
    rects = page.all("rect", **{"class": "firing"})
    assert 2 <= len(rects) <= 2 * 240 and "gg_trg_Poll (100)" in text and "gg_trg_Win (1)" in text
    boxes = page.all("input", type="checkbox")
    assert sorted(b["value"] for b in boxes) == ["dialog_shown", "message", "transmission"]
    assert len(page.all("tr", **{"data-kind": "message"})) == 1


def test_jass_run_html(tmp_path):
    out = tmp_path / "run.html"
    result = CliRunner().invoke(main, ["run", "--html", str(out)])   # the demo campaign
    assert result.exit_code == 0, result.output
    page = _Page(out.read_text(encoding="utf-8"))
    _self_contained(page)
    assert len(page.all("section", **{"class": "mission"})) == 2    # its two missions
    assert page.all("rect", **{"class": "firing"})


def _chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing in CI (.ci/run installs Debian's chromium package)")
        pytest.skip("chromium is not installed (Debian package 'chromium': apt-get install chromium)")
    return exe


_PROBE_HEAD = ("<script>window.__errors=[];window.addEventListener('error',function(e){"
               "__errors.push(String(e.message))});var __ce=console.error;console.error=function(){"
               "__errors.push(Array.prototype.join.call(arguments,' '));__ce.apply(console,arguments)};</script>")
_PROBE_END = """<script>
var r = {errors: __errors, rects: document.querySelectorAll('svg.plot rect.firing').length,
         links: document.querySelectorAll('table.suite a').length};
var box = document.querySelector('fieldset.filter input[type=checkbox]');
if (box) {
  var rows = document.querySelectorAll('table.timeline tbody tr');
  var before = Array.prototype.filter.call(rows, function (x) { return !x.hidden; }).length;
  box.checked = false;
  box.dispatchEvent(new Event('change', {bubbles: true}));
  r.kind = box.value;
  r.visible_before = before;
  r.hidden_of_kind = Array.prototype.filter.call(rows, function (x) { return x.hidden && x.dataset.kind === box.value; }).length;
  r.of_kind = Array.prototype.filter.call(rows, function (x) { return x.dataset.kind === box.value; }).length;
  r.hidden_other = Array.prototype.filter.call(rows, function (x) { return x.hidden && x.dataset.kind !== box.value; }).length;
}
var pre = document.createElement('pre'); pre.id = 'jass-probe'; pre.textContent = JSON.stringify(r);
document.body.appendChild(pre);
</script>"""


def _probe(exe: str, page: Path, tmp: Path) -> dict:
    """Load a copy of ``page`` with a probe script in headless Chromium; what it found."""
    copy = tmp / ("probe-" + page.name)
    text = page.read_text(encoding="utf-8")
    copy.write_text(text.replace("<head>", "<head>" + _PROBE_HEAD, 1).replace("</body>", _PROBE_END + "</body>"),
                    encoding="utf-8")
    dom = subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", copy.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    found = re.search(r'<pre id="jass-probe">(.*?)</pre>', dom, re.S)
    assert found, f"the page did not run its scripts in chromium: {dom[:500]}"
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))


def _plugin_args() -> list[str]:
    installed = any(ep.value == "maps.pytest_plugin"
                    for ep in importlib.metadata.entry_points(group="pytest11"))
    return [] if installed else ["-p", "maps.pytest_plugin"]


def test_campaign_suite_report_renders_in_chromium(pytester, tmp_path):
    exe = _chromium()
    shared_path("corpus", "maps", "campaign-human01")
    files = [str(ROOT / "tests" / "scenarios" / f"{name}.scenario.yaml") for name in CAMPAIGN]
    html_dir = tmp_path / "html"
    result = pytester.runpytest(*_plugin_args(), "-p", "no:cacheprovider", f"--jass-html={html_dir}",
                                f"--rootdir={ROOT}", *files)
    result.assert_outcomes(passed=4)
    index = html_dir / "index.html"
    page = _Page(index.read_text(encoding="utf-8"))
    _self_contained(page)
    links = [a["href"] for a in page.all("a")]
    assert len(links) == 4 and all((html_dir / href).is_file() for href in links)
    assert "Scenarios: 4 passed, 0 failed" in "".join(page.text)
    assert _probe(exe, index, tmp_path) == {"errors": [], "rects": 0, "links": 4}
    for href in links:
        mission = html_dir / href
        _self_contained(_Page(mission.read_text(encoding="utf-8")))
        found = _probe(exe, mission, tmp_path)
        assert found["errors"] == [], (href, found)
        assert found["rects"] > 0, href                      # the plot is drawn
        assert found["hidden_of_kind"] == found["of_kind"] > 0 and found["hidden_other"] == 0, found
    shot = tmp_path / "human01.png"
    first = html_dir / next(h for h in links if "human01" in h)
    subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={shot}",
                    "--window-size=1280,2000", first.as_uri()], capture_output=True, timeout=120)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000   # a drawn page, not a blank one
