"""pytest plugin (entry point ``pytest11``, name ``jass_debug``): ``--jass-debug-on-failure``.

When a scenario test item (``maps.pytest_plugin.ScenarioItem``) fails, the first one is run
again under the terminal debugger (``jass debug FILE --break-on-failure``): the game is
deterministic, so it fails at the same step, and the debugger stops there with the game
intact. Output capture is suspended while the debugger runs. With pytest-xdist workers there
is no terminal: the option then says so once and does nothing.

A plugin of its own (not part of ``maps.pytest_plugin``) because the debugger sits above
``maps`` in the layering.
"""
from __future__ import annotations

import pytest

_OPENED = pytest.StashKey[bool]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("jass", "JASS scenarios")
    group.addoption("--jass-debug-on-failure", action="store_true", default=False,
                    help="open the terminal debugger on the first failing scenario, stopped at "
                         "the failing step (not with -n)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call):
    outcome = yield
    report = outcome.get_result()
    config = item.config
    if (report.when != "call" or not report.failed or not config.getoption("--jass-debug-on-failure")
            or getattr(item, "loaded", None) is None or config.stash.get(_OPENED, False)):
        return
    config.stash[_OPENED] = True
    if hasattr(config, "workerinput"):
        report.sections.append(("jass debug", "--jass-debug-on-failure needs a terminal: run without -n"))
        return
    _debug(item)


def _debug(item: pytest.Item) -> None:
    from debugger.engine import DebugError, Debugger
    from debugger.terminal import TerminalFrontend

    config = item.config
    capman = config.pluginmanager.getplugin("capturemanager")
    api = config.getoption("--jass-api")
    if capman is not None:
        capman.suspend_global_capture(in_=True)   # the terminal's stdin too
    try:
        print(f"\n--jass-debug-on-failure: {item.loaded.path} again under the debugger")
        dbg = Debugger(item.loaded.path, api=api, frontend=TerminalFrontend(quiet=True), break_on_failure=True)
        dbg.run()
    except DebugError as exc:
        print(f"error: {exc}")
    finally:
        if capman is not None:
            capman.resume_global_capture()
