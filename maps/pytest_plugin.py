"""pytest plugin (entry point ``pytest11``, name ``jass``): scenario files as tests.

- Collects every ``*.scenario.yaml`` as one test item. A file that does not match the schema
  becomes an item that fails with ``file:line:col: message`` (other scenarios still run).
- Options: ``--jass-api DIR`` (common.j/Blizzard.j folder for every scenario, overriding the
  files' ``api``), ``--jass-seed N`` (overriding their ``seed``) and
  ``--jass-reload-each-step`` (every scenario is saved and restored into a fresh session at
  every step boundary, and must pass the same way: a check that the whole game state is
  data, ``natives.snapshot``).
- Markers listed in a file (``markers: [slow]``) are applied to its item (and registered, so
  ``--strict-markers`` accepts them); every scenario item also carries ``jass_scenario``.
- A failure shows the game time, the failed expectation or step with its line, what was
  found, the last trigger activity (the last 10 runs of triggers that do not run on a
  clock; periodic triggers as one line each with their run count and period), the threads
  waiting and on what, the running timers, the JASS stack of each runtime error, the
  recent timeline, and the file holding the full timeline (every message, model entry,
  error and trigger run): ``--jass-timeline-dir DIR``, default ``jass-timelines/`` beside
  the ``--junitxml`` report (also a ``timeline`` JUnit property).
- ``--jass-html DIR``: one self-contained HTML page per scenario (``maps.html_report``:
  result, facts, and per mission the timeline filterable by kind, quests, dialogs,
  transmissions, outcome, trigger firings over game time, runtime errors with their JASS
  stacks) and ``DIR/index.html`` linking them with pass/fail.
- Per-scenario facts (map, game_time in game seconds, outcome, ops, threads, missions,
  runtime_errors, seed) go to ``item.user_properties``, i.e. JUnit ``<property>``\\ s with
  ``--junitxml``.
- Fixture ``jass_game``: a ``maps.scenario_runner.JassGame`` for tests written in Python
  (``jass_game.load("war3map.j")``, ``advance("30s")``, ``run_until({...}, within="5m")``,
  ``globals["udg_x"]``, ``unit("gg_unit_Hpal_0001")``, ``click("Yes")``...,
  ``save(path)`` / ``load(path)`` to snapshot the game into a save file and go back to it).
  Relative paths resolve against the test file's folder; ``--jass-api`` / ``--jass-seed``
  apply.
- Works with pytest-xdist: each scenario file holds one item, so ``--dist loadfile`` keeps it
  on one worker; reports carry only plain text and numbers.
- Coverage (``maps.jasscov``): ``--jass-cov`` collects line, function and trigger coverage of
  every scenario's map script (and of ``jass_game`` tests), ``--jass-cov-blizzard`` adds the
  API files; ``--jass-cov-lcov FILE``, ``--jass-cov-xml FILE`` (Cobertura) and
  ``--jass-cov-data FILE`` (JSON) write it. Under pytest-xdist each worker writes its data
  file into a folder the controller made, and the controller merges them; the terminal
  summary lists the triggers no scenario fired.

Heavy imports (pydantic, the runtime) happen only when a scenario or the fixture is used.
"""
from __future__ import annotations

from pathlib import Path

import pytest

SUFFIX = ".scenario.yaml"
INDEX_SUFFIX = ".jass.json"
"""Beside each scenario page of ``--jass-html``: its entry of the suite's index.html."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("jass", "JASS scenarios")
    group.addoption("--jass-api", action="store", default=None, metavar="DIR",
                    help="folder with common.j and Blizzard.j for every scenario "
                         "(overrides the files' 'api')")
    group.addoption("--jass-seed", action="store", type=int, default=None, metavar="N",
                    help="random seed for every scenario (overrides the files' 'seed')")
    group.addoption("--jass-timeline-dir", action="store", default=None, metavar="DIR",
                    help="folder for the full timeline of each failed scenario "
                         "(default: jass-timelines/ next to the --junitxml report, else "
                         "under pytest's temporary folder)")
    group.addoption("--jass-html", action="store", default=None, metavar="DIR",
                    help="write an HTML report of each scenario and an index.html of the "
                         "suite into DIR")
    group.addoption("--jass-reload-each-step", action="store_true", default=False,
                    help="save every scenario's game and restore it into a fresh session at "
                         "every step boundary (the scenario must still pass)")
    group.addoption("--jass-cov", action="store_true", default=False,
                    help="collect line, function and trigger coverage of the map scripts")
    group.addoption("--jass-cov-blizzard", action="store_true", default=False,
                    help="with --jass-cov: cover Blizzard.j and common.j too")
    group.addoption("--jass-cov-lcov", default=None, metavar="FILE",
                    help="write JASS coverage as an lcov tracefile (implies --jass-cov)")
    group.addoption("--jass-cov-xml", default=None, metavar="FILE",
                    help="write JASS coverage as Cobertura XML (implies --jass-cov)")
    group.addoption("--jass-cov-data", default=None, metavar="FILE",
                    help="write JASS coverage data as JSON (implies --jass-cov)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "jass_scenario: a *.scenario.yaml test item")
    folder = config.getoption("--jass-html")
    if folder and not hasattr(config, "workerinput"):   # the controller: forget old entries
        for old in Path(folder).glob("*" + INDEX_SUFFIX):
            old.unlink(missing_ok=True)
    opt = config.getoption
    if any(opt(o) for o in ("--jass-cov", "--jass-cov-blizzard", "--jass-cov-lcov",
                            "--jass-cov-xml", "--jass-cov-data")):
        config.pluginmanager.register(_JassCoverage(config), "jass-coverage")


class _JassCoverage:
    """The ``--jass-cov`` plugin object: per-test collection, the xdist hand-over of data
    files (workers write, the controller merges) and the outputs."""

    def __init__(self, config: pytest.Config) -> None:
        from maps.jasscov import CoverageData
        self.config = config
        self.blizzard = bool(config.getoption("--jass-cov-blizzard"))
        self.data = CoverageData()
        worker = getattr(config, "workerinput", None)
        self.worker_id = worker["workerid"] if worker else None
        self.folder = worker.get("jass_cov_dir") if worker else None
        self._own_folder = None

    def coverage(self):
        from maps.jasscov import Coverage
        return Coverage(blizzard=self.blizzard)

    def add(self, coverage) -> None:
        self.data.merge(coverage.finish())

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node) -> None:   # pytest-xdist, on the controller
        import tempfile
        if self._own_folder is None:
            self._own_folder = tempfile.mkdtemp(prefix="jass-cov-")
        node.workerinput["jass_cov_dir"] = self._own_folder

    def pytest_sessionfinish(self, session) -> None:
        import shutil
        from maps.jasscov import CoverageData
        if self.worker_id is not None:
            if self.folder:
                self.data.save(Path(self.folder) / f"{self.worker_id}.json")
            return
        if self._own_folder is not None:
            for f in sorted(Path(self._own_folder).glob("*.json")):
                self.data.merge(CoverageData.load(f))
            shutil.rmtree(self._own_folder, ignore_errors=True)
            self._own_folder = None
        opt = self.config.getoption
        from maps.jasscov import write_cobertura, write_lcov
        for path, write in ((opt("--jass-cov-lcov"), write_lcov), (opt("--jass-cov-xml"), write_cobertura),
                            (opt("--jass-cov-data"), CoverageData.save)):
            if path:
                write(self.data, path)

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if self.worker_id is not None:
            return
        from maps.jasscov import summary_lines
        terminalreporter.section("JASS coverage")
        for line in summary_lines(self.data):
            terminalreporter.write_line(line)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """``--jass-html``: the suite's index.html from the entries the items wrote."""
    import json

    config = session.config
    folder = config.getoption("--jass-html")
    if not folder or hasattr(config, "workerinput"):
        return
    from maps.html_report import suite_index
    entries = []
    for path in sorted(Path(folder).glob("*" + INDEX_SUFFIX)):
        try:
            entries.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    if entries:
        (Path(folder) / "index.html").write_text(suite_index(entries), encoding="utf-8")


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.name.endswith(SUFFIX):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """One ``*.scenario.yaml`` file: one ``ScenarioItem``."""

    def collect(self):
        from maps.scenario import ScenarioFileError, load_scenario
        try:
            loaded = load_scenario(self.path)
        except ScenarioFileError as err:
            yield ScenarioItem.from_parent(self, name=self.path.name.removesuffix(SUFFIX),
                                           loaded=None, error=err)
            return
        item = ScenarioItem.from_parent(self, name=self.path.name.removesuffix(SUFFIX),
                                        loaded=loaded, error=None)
        for marker in loaded.markers:
            self.config.addinivalue_line("markers", f"{marker}: from scenario files")
            item.add_marker(marker)
        yield item


class ScenarioItem(pytest.Item):
    """A scenario run: steps in order, then expectations (``maps.scenario_runner``)."""

    def __init__(self, *, loaded, error, **kwargs):
        super().__init__(**kwargs)
        self.loaded = loaded
        self.error = error
        self.add_marker("jass_scenario")

    def runtest(self) -> None:
        from maps.scenario_runner import run_scenario
        if self.error is not None:
            raise self.error
        opt = self.config.getoption
        api = opt("--jass-api")
        if api is not None:
            api = str(Path(api).expanduser().resolve())
        from maps.recording import ScenarioRecorder
        cov_plugin = self.config.pluginmanager.get_plugin("jass-coverage")
        cov = cov_plugin.coverage() if cov_plugin is not None else None
        html_dir = opt("--jass-html")
        recorder = ScenarioRecorder(self.loaded, api=api, seed=opt("--jass-seed"))

        def on_session(jg) -> None:
            recorder.on_session(jg)
            if cov is not None:
                cov.attach(jg.session, jg.mission)
        try:
            result = run_scenario(self.loaded, api=api, seed=opt("--jass-seed"),
                                  reload_each_step=opt("--jass-reload-each-step"),
                                  keep_reports=html_dir is not None, on_session=on_session,
                                  on_step=recorder.on_step, on_end=recorder.on_end)
        finally:
            if cov is not None:
                cov_plugin.add(cov)
        for key, value in result.facts.items():
            self.user_properties.append((key, value))
        failure = result.failure
        if failure is not None:
            if failure.timeline is not None:
                failure.timeline_file = self._write_timeline(failure.timeline)
                failure.timeline = None
                if failure.timeline_file:
                    self.user_properties.append(("timeline", failure.timeline_file))
            failure.recording_file = self._write_recording(recorder.recording(result))
            if failure.recording_file:
                self.user_properties.append(("recording", failure.recording_file))
        if html_dir is not None:
            self._write_html(Path(html_dir), result)
        if failure is not None:
            raise failure

    def _write_html(self, folder: Path, result) -> None:
        """The scenario's page and its index entry (``<page>.jass.json``, read by
        ``pytest_sessionfinish``: xdist workers write pages, the controller the index)."""
        import json

        from maps.html_report import scenario_page
        from maps.scenario_runner import format_failure
        name = self.loaded.name
        page = _file_name(self.nodeid) + ".html"
        text = None
        if result.failure is not None:
            text = f"scenario {name!r} " + format_failure(result.failure)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / page).write_text(scenario_page(name, result.passed, text, result.facts, result.missions),
                                   encoding="utf-8")
        entry = {"name": name, "page": page, "passed": result.passed,
                 "outcome": result.facts.get("outcome"), "game_time": result.facts.get("game_time")}
        (folder / (page + INDEX_SUFFIX)).write_text(json.dumps(entry), encoding="utf-8")

    def _write_timeline(self, lines: list[str]) -> str | None:
        """Write the full timeline of a failed run; its path (None when it cannot be
        written: the failure is reported anyway)."""
        folder = timeline_dir(self.config)
        path = folder / f"{_file_name(self.nodeid)}.timeline.txt"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        except OSError:
            return None
        return str(path)

    def _write_recording(self, rec) -> str | None:
        """Write the recording of a failed run beside its timeline (``maps.recording``:
        ``jass debug FILE`` opens it at the failing step); its path, or None."""
        from maps.recording import SUFFIX, write_recording
        folder = timeline_dir(self.config)
        path = folder / f"{_file_name(self.nodeid)}{SUFFIX}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_recording(path, rec)
        except OSError:
            return None
        return str(path)

    def repr_failure(self, excinfo, style=None):
        from maps.scenario import ScenarioFileError
        from maps.scenario_runner import ScenarioFailure, format_failure
        if isinstance(excinfo.value, ScenarioFileError):
            return f"scenario file error: {excinfo.value}"
        if isinstance(excinfo.value, ScenarioFailure):
            name = self.loaded.name if self.loaded else self.name
            return f"scenario {name!r} " + format_failure(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        title = self.loaded.name if self.loaded is not None else self.name
        return self.path, 0, f"scenario: {title}"


def _file_name(nodeid: str) -> str:
    """A test id as a file name (letters, digits, ``-_.``; anything else ``_``)."""
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in nodeid)


def timeline_dir(config: pytest.Config) -> Path:
    """Where full timelines of failed scenarios go: ``--jass-timeline-dir``, else
    ``jass-timelines/`` beside the ``--junitxml`` file, else pytest's base temporary
    folder (``jass-timelines/`` there)."""
    given = config.getoption("--jass-timeline-dir")
    if given:
        return Path(given).expanduser().resolve()
    xml = getattr(config.option, "xmlpath", None)
    if xml:
        return Path(xml).expanduser().resolve().parent / "jass-timelines"
    return config._tmp_path_factory.getbasetemp() / "jass-timelines"  # noqa: SLF001


@pytest.fixture
def jass_game(request: pytest.FixtureRequest):
    """A ``JassGame`` (``maps.scenario_runner``): ``load(map, api=...)``, ``advance``,
    ``run_until``, ``globals``, ``unit``/``handle`` lookups, injections, ``expect``, and
    ``save(path)`` / ``load(path)`` (a save file: the game goes back to it, all or nothing).
    Game times are game seconds. The sandbox is removed after the test."""
    from maps.scenario_runner import JassGame
    opt = request.config.getoption
    api = opt("--jass-api")
    seed = opt("--jass-seed")
    game = JassGame(api=str(Path(api).expanduser().resolve()) if api else None,
                    seed=seed if seed is not None else 0, base=Path(request.path).parent)
    cov_plugin = request.config.pluginmanager.get_plugin("jass-coverage")
    cov = cov_plugin.coverage() if cov_plugin is not None else None
    if cov is not None:
        game.session_hooks.append(lambda jg: cov.attach(jg.session, jg.mission))
    yield game
    if cov is not None:
        cov_plugin.add(cov)
    game.close()
