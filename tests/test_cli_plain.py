"""`jass run` off a terminal prints without importing rich (issue 17): ``cli._PlainConsole``
must write exactly what rich's ``Console(highlight=False, soft_wrap=True)`` writes there, and
hand to rich whatever it does not render itself. Each test prints the same thing both ways."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

import cli
from conftest import shared_path
from maps.runner import MissionReport, TimelineEntry

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def no_terminal(monkeypatch):
    """No terminal on any standard stream (both consoles then read ``$COLUMNS``, else 80)."""
    def no_size(fd=None):
        raise OSError("not a terminal")
    monkeypatch.setattr(os, "get_terminal_size", no_size)
    for name in ("COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)


def both(capsys, draw) -> tuple[str, str]:
    """What ``draw(console)`` prints with the plain console, then with rich's."""
    draw(cli._PlainConsole())
    plain = capsys.readouterr().out
    draw(Console(highlight=False, soft_wrap=True))
    return plain, capsys.readouterr().out


@pytest.mark.parametrize("columns", [None, "40", "120", "7"])
@pytest.mark.parametrize("title", ["01-hold-the-ridge.j", "x", "Human01 (campaign-human01/war3map.j)",
                                   "a" * 36, "a" * 37, "a" * 200, "[b]old", "smile :smile: here",
                                   "Prologue \u2014 Chapter 1", ""])
def test_rules_are_rich_rules(capsys, monkeypatch, columns, title):
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    plain, rich = both(capsys, lambda c: c.rule(title))
    assert plain == rich


SUMMARY = [("outcome", "player 0: victory"), ("local player", "0: victory"),
           ("game time", "102.0 s"), ("threads run", "255"), ("ops executed", "4,877"),
           ("crashes", "0"), ("natives missing", "none"), ("warnings", "none")]


@pytest.mark.parametrize("columns", [None, "30", "200"])
@pytest.mark.parametrize("title, rows", [
    ("01-hold-the-ridge.j (built-in)", SUMMARY),
    ("a much longer title than the table under it is wide: " * 2, SUMMARY[:2]),
    ("", SUMMARY),
    ("t", [("natives missing", ", ".join(f"Native{i} ({i}x)" for i in range(12)))]),
    ("t", [("outcome", "player 0: [victory]"), ("x", "y")]),
    ("\u6e38\u620f", [("outcome", "\u80dc\u5229 \u73a9\u5bb6 0")]),
    ("t", [("warnings", "3 (-v or --report lists them)")]),
])
def test_summary_tables_are_rich_tables(capsys, monkeypatch, columns, title, rows):
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)

    def draw(console) -> None:
        if isinstance(console, cli._PlainConsole):
            console.table(title, rows)
        else:
            from rich.table import Table
            table = Table(title=title, show_header=False)
            for row in rows:
                table.add_row(*row)
            console.print(table)
    plain, rich = both(capsys, draw)
    assert plain == rich


@pytest.mark.parametrize("text", [
    "[bold red]error:[/] nope.w3x: no such map file or folder",
    "[blue]saved[/] /tmp/a b/save.jsav at 240.0 s",
    "[bold yellow]stopped at 3.0 s game time: --max-ops 10 reached[/]",
    "[bold red]error:[/] C:\\maps\\x.w3x: [red]odd[/] name",
    "[bold red]error:[/] a :thumbs_up: map",
    "[dim yellow]warning [1.00s] unknown unit type 'zzzz'[/]",
    "[green]replayed exactly[/]",
    "[bold red]expected victory, got no outcome[/]",
    "tab\there",
])
def test_markup_lines_are_rich_lines(capsys, text):
    plain, rich = both(capsys, lambda c: c.print(text))
    assert plain == rich


@pytest.mark.parametrize("kind, text", [
    ("message", "Paladin: The Scourge is coming."),
    ("message", "|cffff0000Red|r and plain"),
    ("message", "two|nlines|n|nwith a blank one"),
    ("message", "ends with a break|n"),
    ("message", "control \x07 bell and \r return"),
    ("dialog_shown", "dialog shown to player 0: Choose ['Easy', 'Normal']"),
    ("message", "\u4f60\u597d, [not markup] :smile:"),
    ("error", "uninitialized: read of x at war3map.j:12"),
])
def test_timeline_entries_are_rich_entries(capsys, kind, text):
    entry = TimelineEntry(12.5, kind, text)
    plain, rich = both(capsys, lambda c: cli._print_entry(c, entry))
    assert plain == rich


def test_summary_of_a_report_is_the_rich_one(capsys):
    report = MissionReport("Human01 (war3map.j)", "built-in", game_time=5.0, ended=False,
                           outcome={0: "victory"}, threads=71, ops=27714,
                           natives_missing={"BlzFoo": 2}, warnings=["a", "b"])
    plain, rich = both(capsys, lambda c: cli._print_summary(c, report, 1))
    assert plain == rich


def _run_both_ways(monkeypatch, args: list[str]) -> tuple[str, str]:
    monkeypatch.setattr(cli._PlainConsole, "usable", staticmethod(lambda: True))
    plain = CliRunner().invoke(cli.main, args)
    monkeypatch.setattr(cli._PlainConsole, "usable", staticmethod(lambda: False))
    rich = CliRunner().invoke(cli.main, args)
    assert plain.exit_code == rich.exit_code
    return plain.output, rich.output


def test_jass_run_of_the_demo_prints_what_rich_prints(monkeypatch):
    plain, rich = _run_both_ways(monkeypatch, ["run"])
    assert plain == rich and "victory for player 0" in plain and "\u2502 ops executed" in plain


def test_jass_run_of_a_corpus_map_prints_what_rich_prints(monkeypatch):
    api = shared_path("corpus", "api", "1.30.4")
    script = shared_path("corpus", "maps", "campaign-human01", "war3map.j")
    plain, rich = _run_both_ways(monkeypatch, ["run", "--until", "20s", "--api", str(api), str(script)])
    assert plain == rich and "warnings" in plain


def test_jass_run_errors_print_what_rich_prints(monkeypatch, tmp_path):
    plain, rich = _run_both_ways(monkeypatch, ["run", str(tmp_path / "no [such] map.w3x")])
    assert plain == rich and "error:" in plain


def test_piped_jass_run_does_not_import_rich(tmp_path):
    """The whole process, stdout a pipe: the demo campaign runs without rich."""
    code = ("import sys; sys.argv = ['jass', 'run']; import cli\n"
            "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
            "print('rich imported' if any(m.split('.')[0] == 'rich' for m in sys.modules) else 'no rich')")
    env = {**os.environ, "JASS_CACHE_DIR": str(tmp_path)}
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        env.pop(name, None)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, encoding="utf-8", check=True).stdout
    assert out.splitlines()[-1] == "no rich" and "victory for player 0" in out
