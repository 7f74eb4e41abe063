"""The game's text markup (``natives.markup``): colour codes and ``|n`` in what a run shows."""
import io
import json

from click.testing import CliRunner
from rich.console import Console

from cli import _game_text, _print_timeline, main
from maps.runner import MissionReport, TimelineEntry
from natives.markup import Span, has_markup, spans, strip

QUEST = "|cffffcc00MAIN QUEST|r|nDefend Strahnbrad"   # Blizzard's quest message shape


def test_colour_runs_end_at_r_and_n_is_a_line_break():
    assert spans(QUEST) == [Span("MAIN QUEST", "#ffcc00"), Span("\nDefend Strahnbrad", None)]
    assert strip(QUEST) == "MAIN QUEST\nDefend Strahnbrad"


def test_codes_are_case_insensitive_and_alpha_is_ignored():
    assert spans("|C00FF0000red|Rplain|Nnext") == [Span("red", "#ff0000"), Span("plain\nnext", None)]


def test_a_new_colour_replaces_the_last_one_without_a_stack():
    # the game keeps no stack: |r after two |c goes back to the default colour
    assert spans("|cff00ff00a|cff0000ffb|rc") == [Span("a", "#00ff00"), Span("b", "#0000ff"), Span("c", None)]


def test_other_pipes_and_broken_codes_stay_as_they_are():
    assert strip("a | b |cffzz0000x |c12") == "a | b |cffzz0000x |c12"
    assert not has_markup("a | b") and has_markup("x|ny")


def test_corpus_tooltip_strings_strip_cleanly():
    text = "Brutish Orc warrior. |n|n|cffffcc00Cannot leave Durotar.|r |n|cffffcc00Attacks land units.|r"
    assert strip(text) == "Brutish Orc warrior. \n\nCannot leave Durotar. \nAttacks land units."


def test_rich_text_carries_the_colours():
    text = _game_text(QUEST)
    assert text.plain == "MAIN QUEST\nDefend Strahnbrad"
    assert [(text.plain[s.start:s.end], str(s.style)) for s in text.spans] == [("MAIN QUEST", "#ffcc00")]


def _report() -> MissionReport:
    rep = MissionReport("m", "built-in")
    rep.timeline = [TimelineEntry(1.0, "message", QUEST)]
    return rep


def test_a_terminal_draws_the_colour_and_breaks_the_line():
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="truecolor", width=120)
    _print_timeline(console, _report())
    text = out.getvalue()
    assert "\x1b[38;2;255;204;0mMAIN QUEST" in text and "|c" not in text
    assert text.count("\n") == 2   # "|n": the second line, indented under the text


def test_plain_output_shows_the_stripped_text_and_the_raw_string_beside():
    out = io.StringIO()
    _print_timeline(Console(file=out, width=200), _report())
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("MAIN QUEST") and lines[1].strip() == "Defend Strahnbrad"
    assert lines[2].strip() == f"raw: {QUEST}"


def test_raw_strings_with_real_line_breaks_stay_indented_under_raw():
    """Human01's quest text holds real line breaks after its colour codes: the raw string's
    lines start under ``raw:``, not at column 0 (a new user's report)."""
    rep = MissionReport("m", "built-in")
    rep.timeline = [TimelineEntry(1.0, "message", "|cffffcc00MAIN QUEST|r\nDefend Strahnbrad\n  - Go")]
    out = io.StringIO()
    _print_timeline(Console(file=out, width=200), rep)
    lines = out.getvalue().splitlines()
    assert lines[3].strip() == "raw: |cffffcc00MAIN QUEST|r"
    raw_column = lines[3].index("raw: ") + len("raw: ")
    assert lines[4] == " " * raw_column + "Defend Strahnbrad"
    assert lines[5] == " " * raw_column + "  - Go"


def test_json_report_keeps_raw_and_plain(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text('function main takes nothing returns nothing\n'
                      f'    call DisplayTextToPlayer(Player(0), 0, 0, "{QUEST}")\nendfunction\n')
    report = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["run", str(script), "--until", "1s", "--report", str(report)])
    assert result.exit_code == 0, result.output
    entry = json.loads(report.read_text())["missions"][0]["timeline"][0]
    assert entry["text"] == QUEST and entry["plain"] == "MAIN QUEST\nDefend Strahnbrad"
    assert "raw: " + QUEST in result.output and "|cff" not in result.output.split("raw:")[0]
