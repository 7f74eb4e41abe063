"""The ``jass`` command line: a click group; each job is a subcommand (``jass check`` ...).

Nothing imports this module (DESIGN.md section 2); it parses options, calls the packages
and renders their results (with rich when stdout is a terminal, plain text otherwise).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click


@click.group()
@click.version_option(package_name="jassvm", prog_name="jass")
def main() -> None:
    """Headless Warcraft III JASS runtime: check, run and test map scripts."""


# ---------------------------------------------------------------------------- jass check

def _find_api_file(api_dir: Path, name: str) -> Path | None:
    """``api_dir/name``, matched case-insensitively (1.30.4 ships ``blizzard.j``)."""
    exact = api_dir / name
    if exact.is_file():
        return exact
    try:
        for entry in api_dir.iterdir():
            if entry.name.lower() == name.lower() and entry.is_file():
                return entry
    except OSError:
        return None
    return None


def _api_files(api_dir: Path, files: tuple[str, ...]) -> list[Path]:
    """The API files to load before ``files``: common.j, Blizzard.j, and common.ai for .ai scripts."""
    names = ["common.j", "Blizzard.j"]
    if any(f.lower().endswith(".ai") for f in files):
        names.append("common.ai")
    given = set()
    for f in files:
        try:
            given.add(Path(f).resolve())
        except OSError:
            pass
    out = []
    for name in names:
        path = _find_api_file(api_dir, name)
        if path is None:
            if name == "common.j":
                raise click.ClickException(f"{api_dir}: no common.j in the API folder")
            continue
        if path.resolve() not in given:
            out.append(path)
    return out


def _excerpt(src, line: int, col: int, width: int = 160) -> tuple[str, int] | None:
    """The source line (tabs expanded, clipped around the column) and the caret offset."""
    if line <= 0:
        return None
    try:
        starts = src._starts  # noqa: SLF001 - same project
        if line > len(starts):
            return None
        start = starts[line - 1]
        end = starts[line] if line < len(starts) else len(src.text)
        raw = src.text[start:end].rstrip("\r\n")
    except Exception:
        return None
    before = raw[: max(col - 1, 0)].encode("latin-1").decode("utf-8", "replace").expandtabs(4)
    text = raw.encode("latin-1").decode("utf-8", "replace").expandtabs(4)
    caret = len(before)
    if len(text) > width:
        lo = max(0, min(caret - width // 2, len(text) - width))
        text = ("..." if lo else "") + text[lo:lo + width] + ("..." if lo + width < len(text) else "")
        caret = caret - lo + (3 if lo else 0)
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text, caret


def _render(diags, sources: dict, use_rich: bool) -> None:
    """Print diagnostics as ``file:line:col: severity[CODE]: message`` plus a source excerpt."""
    if use_rich:
        from rich.console import Console
        from rich.markup import escape
        console = Console(highlight=False, soft_wrap=True)
        colour = {"error": "bold red", "warning": "bold yellow", "note": "bold cyan"}
        for d in diags:
            sev = d.severity.value
            console.print(f"[bold]{escape(f'{d.file}:{d.line}:{d.col}:')}[/bold] "
                          f"[{colour.get(sev, 'bold')}]{escape(f'{sev}[{d.code}]')}[/]: {escape(d.message)}")
            ex = _excerpt(sources[d.file], d.line, d.col) if d.file in sources else None
            if ex:
                text, caret = ex
                gutter = f"{d.line:>6} | "
                console.print(f"[dim]{gutter}[/dim]{escape(text)}")
                console.print(f"[dim]{' ' * (len(gutter) - 2)}| [/dim]{' ' * caret}[{colour.get(sev, 'bold')}]^[/]")
        return
    out = []
    for d in diags:
        out.append(d.format())
        ex = _excerpt(sources[d.file], d.line, d.col) if d.file in sources else None
        if ex:
            text, caret = ex
            gutter = f"{d.line:>6} | "
            out.append(gutter + text)
            out.append(" " * (len(gutter) - 2) + "| " + " " * caret + "^")
    if out:
        click.echo("\n".join(out))


def _summary(n_err: int, n_warn: int, n_files: int, n_api: int = 0) -> str:
    """The last line of ``jass check``: the files given are counted, the API files loaded
    before them named apart (``in 1 file (after 3 API files)``)."""
    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"
    where = plural(n_files, "file") + (f" (after {plural(n_api, 'API file')})" if n_api else "")
    if n_err == 0 and n_warn == 0:
        return f"ok: no problems in {where}"
    status = "failed" if n_err else "ok"
    return f"{status}: {plural(n_err, 'error')}, {plural(n_warn, 'warning')} in {where}"


@main.command("check")
@click.option("--api", "api_dir", type=click.Path(file_okay=False, path_type=Path), envvar="JASS_API",
              help="Folder with common.j (and Blizzard.j, common.ai) to load before the files "
                   "[env: JASS_API].")
@click.option("--lenient", is_flag=True,
              help="Accept what the game itself loads; its laxities become warnings.")
@click.option("--flag", "flags", multiple=True, metavar="+NAME|-NAME",
              help="pjass option for every file, e.g. --flag +rb --flag +shadow "
                   "(rb, shadow, filter, checkstringhash, nomodulooperator, checklongnames, "
                   "checkglobalsinit, checknumberliterals, nosyntaxerror, nosemanticerror, "
                   "noruntimeerror, oldpatch).")
@click.option("--no-cache", is_flag=True,
              help="Parse and check everything again, without reading or writing the cache "
                   "($JASS_CACHE_DIR or ~/.cache/jassvm).")
@click.argument("files", nargs=-1, required=True)
def check_command(api_dir: Path | None, lenient: bool, flags: tuple[str, ...], no_cache: bool,
                  files: tuple[str, ...]) -> None:
    """Syntax- and type-check JASS FILEs (pjass level), in order, after the API files. A map
    archive (.w3x, .w3m) is checked as its war3map.j.

    Exits 1 when there are errors, 0 otherwise.
    """
    from jassvm.checker import CheckOptions
    from jassvm.loader import check_sources
    from jassvm.source import SourceText, read_source_file
    from maps.archive import looks_like_archive

    try:
        options = CheckOptions(strict=not lenient).with_flags(*[s for f in flags for s in f.split(",")])
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--flag")
    paths: list[str] = []
    if api_dir is not None:
        if not api_dir.is_dir():
            raise click.ClickException(f"{api_dir}: not a folder")
        paths.extend(str(p) for p in _api_files(api_dir, files))
    paths.extend(files)
    sources: list[tuple[str, bytes]] = []
    unreadable = False
    for p in paths:
        if os.path.isfile(p) and looks_like_archive(p):   # a map archive: its script, named
            # <archive>:war3map.j (a FIFO or device is never opened: read_source_file refuses it)
            from maps.errors import MapError
            from maps.mapfile import load_map   # (not imported for plain scripts: start-up)
            try:
                m = load_map(p)
            except MapError as exc:
                click.echo(f"error: {exc}", err=True)
                unreadable = True
            else:
                sources.append((f"{p}:{m.script_name}", m.script))
            continue
        try:  # folders, devices and FIFOs are refused at once, large files before reading
            sources.append((p, read_source_file(p)))
        except OSError as exc:
            reason = exc.strerror or str(exc)
            click.echo(f"error: cannot read {p}: {reason}", err=True)
            unreadable = True
    if unreadable:
        sys.exit(1)
    try:
        diagnostics = check_sources(sources, options, use_cache=not no_cache)
        named = {d.file for d in diagnostics}  # line tables only for the files shown
        texts = {name: SourceText(data, name) for name, data in sources if name in named}
    except Exception as exc:  # never a traceback for any input
        click.echo(f"error: internal checker failure: {exc!r}", err=True)
        sys.exit(2)
    use_rich = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    _render(diagnostics, texts, use_rich)
    n_err = sum(1 for d in diagnostics if d.is_error)
    n_warn = sum(1 for d in diagnostics if d.severity.value == "warning")
    if api_dir is None and any(d.code == "E201" for d in diagnostics):
        click.echo("hint: no API was loaded (--api DIR or JASS_API): the types and natives of "
                   "common.j are undeclared")
    n_api = len(paths) - len(files)
    click.echo(_summary(n_err, n_warn, len(sources) - n_api, n_api))
    sys.exit(1 if n_err else 0)


# ---------------------------------------------------------------------------- jass run

_KIND_STYLE = {"message": "white", "error": "bold red", "victory": "bold green", "defeat": "bold red",
               "game_over": "bold", "quest_created": "cyan", "quest_completed": "green",
               "quest_failed": "red", "dialog_shown": "magenta", "dialog_clicked": "magenta",
               "transmission": "yellow", "gamecache_saved": "blue"}


def _duration(ctx, param, value: str) -> float:
    from maps.duration import parse_duration
    try:
        return parse_duration(value)
    except (ValueError, TypeError) as exc:
        raise click.BadParameter(str(exc))


def _optional_duration(ctx, param, value: str | None) -> float | None:
    return None if value is None else _duration(ctx, param, value)


def _game_text(raw: str, base_style: str = ""):
    """A rich ``Text`` of a game string: ``|cAARRGGBB...|r`` runs in their colour, ``|n`` as
    a line break (``natives.markup``)."""
    from rich.text import Text

    from natives import markup
    text = Text(style=base_style)
    for span in markup.spans(raw):
        text.append(span.text, style=span.colour or "")
    return text


_QUIET = {"cinematic_mode", "quest_item", "quest_updated"}   # shown with -v only
_INDENT = " " * 27


def _print_timeline(console, report) -> None:
    """The timeline after a run, one entry a line (``_print_entry``), without the kinds only
    -v shows (it prints every entry as the game plays)."""
    for e in report.timeline:
        if e.kind not in _QUIET:
            _print_entry(console, e)


def _print_entry(console, e) -> None:
    """One timeline entry, continuation lines of ``|n`` indented under the text. On a
    terminal the game's colour codes are drawn as colours; in plain output the stripped
    text is printed and, when it differs, the raw string beside it (``raw:``)."""
    if isinstance(console, _PlainConsole):
        text = _plain_entry(e)
        if text is not None:
            console.write(text)
            return
        console = console.rich
    from rich.text import Text
    style = _KIND_STYLE.get(e.kind, "dim")
    line = Text()
    line.append(f"{e.time:8.2f}s ", style="dim")
    line.append(f"{e.kind:<16} ", style=style)
    if console.is_terminal:
        body = _game_text(e.text, style if e.kind != "message" else "")
    else:
        body = Text(e.plain)
    line.append_text(Text("\n" + _INDENT).join(body.split("\n")) if "\n" in body.plain else body)
    if not console.is_terminal and e.plain != e.text:
        line.append(f"\n{_INDENT}raw: " + _raw_lines(e.text), style="dim")
    console.print(line)


# ---------------------------------------------------------------------------- plain output

_PLAIN_TAGS = None   # re.Pattern of the style tags ``jass run`` writes in its own messages
_EMOJI_LIKE = None   # re.Pattern of what rich could read as an emoji code (``:name:``)


def _console(plain_ok: bool = True):
    """The console ``jass run`` prints to: rich's when stdout is a terminal (colours, the
    progress bar) or when the plain one cannot stand in for it, else ``_PlainConsole``."""
    if plain_ok and _PlainConsole.usable():
        return _PlainConsole()
    from rich.console import Console
    return Console(highlight=False, soft_wrap=True)


class _PlainConsole:
    """rich's ``Console(highlight=False, soft_wrap=True)`` for output that is not a terminal,
    without importing rich (issue 17: rich's import is a tenth of a warm ``jass run``).

    It writes exactly what rich writes there (no colours; the same rules and boxes;
    ``tests/test_cli_plain.py`` compares the two) for simple text: printable ASCII for rules and
    table cells, printable text for lines, and nothing rich would read as markup or emoji
    beyond the style tags of ``jass run``'s own messages. Anything else goes to a real rich
    console, imported then."""

    is_terminal = False

    def __init__(self) -> None:
        global _PLAIN_TAGS, _EMOJI_LIKE
        if _PLAIN_TAGS is None:
            import re
            _PLAIN_TAGS = re.compile(r"\[(?:bold red|bold yellow|bold green|dim yellow|blue|green|/)\]")
            _EMOJI_LIKE = re.compile(r":\S*?:")
        self._rich = None

    @staticmethod
    def usable() -> bool:
        """Whether rich would write plain text to stdout: not a terminal (nor forced to act
        as one), a UTF-8 stream (rich draws boxes with ASCII otherwise), not Windows (its
        legacy console) and not Jupyter."""
        env = os.environ
        if env.get("TTY_COMPATIBLE", "") == "1" or (
                env.get("TTY_COMPATIBLE", "") != "0" and env.get("FORCE_COLOR") is not None):
            return False
        if os.name == "nt" or "ipykernel" in sys.modules:
            return False
        out = sys.stdout
        try:
            if out is None or out.isatty():
                return False
        except (AttributeError, ValueError):
            return False
        return (getattr(out, "encoding", None) or "").lower().replace("-", "").startswith("utf")

    @property
    def rich(self):
        """A real rich console, for what this one does not render itself."""
        if self._rich is None:
            from rich.console import Console
            self._rich = Console(highlight=False, soft_wrap=True)
        return self._rich

    @property
    def width(self) -> int:
        """rich's console width off a terminal: a terminal's on stdin, stdout or stderr,
        else ``$COLUMNS``, else 80."""
        width = None
        for fd in (0, 1, 2):
            try:
                width = os.get_terminal_size(fd).columns
            except (AttributeError, ValueError, OSError):
                continue
            break
        columns = os.environ.get("COLUMNS")
        if columns is not None and columns.isdigit():
            width = int(columns)
        return width or 80

    def _simple(self, text: str, ascii_only: bool = False) -> bool:
        """Text that rich prints as it is (within a rule or table too, with ``ascii_only``)."""
        if "[" in text or "\\" in text or _EMOJI_LIKE.search(text):
            return False
        if ascii_only and not text.isascii():
            return False
        return all(line.isprintable() for line in text.split("\n"))

    def write(self, text: str) -> None:
        """``text`` and a line break, as they are."""
        sys.stdout.write(text + "\n")

    def print(self, obj="") -> None:
        """A markup string of ``jass run`` (only its own style tags); anything else: rich's."""
        if isinstance(obj, str):
            text = _PLAIN_TAGS.sub("", obj)
            if self._simple(text):
                self.write(text)
                return
        self.rich.print(obj)

    def rule(self, title: str) -> None:
        """rich's ``Console.rule(title)``: the title centred in a line of the console's width."""
        width = self.width
        if not title or not self._simple(title, ascii_only=True) or "\n" in title \
                or len(title) > width - 4:
            self.rich.rule(title)
            return
        side = (width - len(title)) // 2
        left = "\u2500" * max(side - 1, 0)
        right = "\u2500" * max(min(side + 1, width - len(left) - len(title)), 0)
        line = f"{left} {title} {right}"[:width]
        self.write(line + " " * (width - len(line)))

    def table(self, title: str, rows: list[tuple[str, str]]) -> None:
        """rich's ``Table(title=title, show_header=False)`` of two columns, rows as given."""
        cells = [title, *(c for row in rows for c in row)]
        widths = [max(len(row[i]) for row in rows) for i in (0, 1)] if rows else [0, 0]
        if not rows or not all(self._simple(c, ascii_only=True) and "\n" not in c for c in cells) \
                or sum(widths) + 7 > self.width:
            from rich.table import Table
            table = Table(title=title, show_header=False)
            for row in rows:
                table.add_row(*row)
            self.rich.print(table)
            return
        a, b = widths
        out = [title] if title else []   # soft_wrap: rich does not centre it
        out.append("\u250c" + "\u2500" * (a + 2) + "\u252c" + "\u2500" * (b + 2) + "\u2510")
        out += [f"\u2502 {x:<{a}} \u2502 {y:<{b}} \u2502" for x, y in rows]
        out.append("\u2514" + "\u2500" * (a + 2) + "\u2534" + "\u2500" * (b + 2) + "\u2518")
        self.write("\n".join(out))


def _plain_entry(e) -> str | None:
    """The line ``_print_entry`` prints off a terminal, built without rich; None when rich
    would change the text (control characters, a trailing line break)."""
    if e.plain.endswith("\n") or not all(line.isprintable() for line in f"{e.plain}\n{e.text}".split("\n")):
        return None
    text = f"{e.time:8.2f}s {e.kind:<16} " + e.plain.replace("\n", "\n" + _INDENT)
    if e.plain != e.text:
        text += f"\n{_INDENT}raw: " + _raw_lines(e.text)
    return text


def _raw_lines(text: str) -> str:
    """A raw game string's own line breaks indented under ``raw:`` (not at column 0)."""
    return text.replace("\n", "\n" + _INDENT + "     ")


QUIET_AFTER = 60.0
"""Game seconds with no new timeline entry before ``jass run -v`` says what is pending."""

QUIET_REPEAT = 300.0
"""Game seconds between two such reports while the game stays quiet."""


class _LiveTimeline:
    """``jass run -v``: prints the timeline as the game plays and, when ``QUIET_AFTER``
    game seconds pass with nothing new, what the game waits for (sleeping threads with their
    wake-up, timers, periodic triggers and the conditions they poll:
    ``natives.pending``). Without -v it only follows the quests for the progress bar."""

    def __init__(self, console, verbose: int) -> None:
        self.console = console
        self.verbose = verbose
        self.session = None
        self.follower = None
        self.last_new = 0.0
        self.last_report: float | None = None

    def attach(self, session) -> None:
        from maps.runner import TimelineFollower
        self.session = session
        self.follower = TimelineFollower(session)
        self.last_new = session.vm.scheduler.now

    def flush(self) -> list:
        """Print the entries added since the last call (with -v); return them."""
        if not self.verbose or self.follower is None:
            return []
        new = self.follower.new()
        for e in new:
            _print_entry(self.console, e)
        return new

    def tick(self, now: float) -> None:
        """After a clock step: the new entries, or what is pending after a quiet while."""
        new = self.flush()
        if not self.verbose or self.follower is None:
            return
        if new:
            self.last_new, self.last_report = max(e.time for e in new), None
            return
        quiet = now - self.last_new
        due = QUIET_AFTER if self.last_report is None else self.last_report + QUIET_REPEAT - self.last_new
        if quiet >= due - 1e-9:
            self.last_report = now
            self._pending(now, quiet)

    def _pending(self, now: float, quiet: float) -> None:
        from rich.text import Text

        from natives.pending import pending_lines
        line = Text()
        line.append(f"{now:8.2f}s ", style="dim")
        line.append(f"{'pending':<16} ", style="cyan")
        line.append(f"nothing new for {quiet:g} s; the game waits for:")
        for text in pending_lines(self.session.game):
            line.append("\n" + _INDENT + text)
        self.console.print(line)

    def quests(self) -> str:
        """The quests in the quest menu and their states, for the progress bar."""
        from maps.runner import quest_states
        from natives import markup
        if self.session is None:
            return ""
        return "  ".join(f"{markup.strip(q['title'])}: {q['state']}" for q in quest_states(self.session.game))


def _print_summary(console, report, local: int) -> None:
    title = f"{report.name} ({report.api})"
    outcome = ", ".join(f"player {p}: {r}" for p, r in sorted(report.outcome.items())) or "none"
    missing = ", ".join(f"{n} ({c}x)" for n, c in sorted(report.natives_missing.items())) or "none"
    # a run's warnings (an unknown unit type played with default values...) show only under
    # -v: the summary says they exist, so an odd result is not left without a clue
    n_warn = len(report.warnings)
    rows = [("outcome", outcome),
            ("local player", f"{local}: {report.outcome.get(local, 'none')}"),
            ("game time", f"{report.game_time:.1f} s" + ("" if report.ended else " (mission not ended)")),
            ("threads run", str(report.threads)),
            ("ops executed", f"{report.ops:,}"),
            ("crashes", str(len(report.errors))),
            ("natives missing", missing),
            ("warnings", f"{n_warn:,} (-v or --report lists them)" if n_warn else "none")]
    if isinstance(console, _PlainConsole):
        console.table(title, rows)
        return
    from rich.table import Table
    table = Table(title=title, show_header=False)
    for row in rows:
        table.add_row(*row)
    console.print(table)


@main.command("run")
@click.argument("map_path", required=False, type=click.Path(path_type=Path))
@click.option("--api", "api_dir", type=click.Path(path_type=Path), envvar="JASS_API",
              help="Folder with common.j and Blizzard.j [env: JASS_API].")
@click.option("--game-data", "game_data", type=click.Path(file_okay=False, path_type=Path),
              envvar="JASS_GAME_DATA",
              help="Folder extracted from your game (Units\\UnitMetaData.slk, UnitBalance.slk, "
                   "AbilityData.slk, *Strings.txt...): stock unit, item and ability figures "
                   "come from it [env: JASS_GAME_DATA].")
@click.option("--until", default="30m", callback=_duration, show_default=True,
              help="Stop after this much game time (e.g. 90s, 10m, 1m30s).")
@click.option("--seed", default=0, show_default=True, help="Random seed.")
@click.option("--local-player", type=int, default=None,
              help="Player id GetLocalPlayer returns (default: the map's first user slot).")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the timeline and summary as JSON.")
@click.option("--expect", type=click.Choice(["victory", "defeat"]),
              help="Exit 0 only if the local player's final outcome is this (else 2).")
@click.option("--sandbox", type=click.Path(file_okay=False, path_type=Path),
              help="Folder the map may write game caches and preload files to (kept); "
                   "default: a temporary folder removed after the run.")
@click.option("--save-at", "save_at", default=None, callback=_optional_duration,
              help="With --save: write the save at the first safe point at or after this game time.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the whole game to this save file (at --save-at, else at the end).")
@click.option("--load", "load_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Continue the game saved in this file (MAP optional: the save names it).")
@click.option("--max-wall", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Stop after this many wall-clock seconds of simulation (a partial report).")
@click.option("--max-ops", type=click.IntRange(min=1), default=None,
              help="Stop once this many JASS ops have run (a partial report).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a recording of the run (one map): replay it with --replay or jass debug.")
@click.option("--replay", "replay_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Play a recording (*.jrec) again and say whether it reproduced it exactly (else exit 4).")
@click.option("--cov", "cov", is_flag=True, help="Collect line, function and trigger coverage of the map script.")
@click.option("--cov-blizzard", is_flag=True, help="With --cov: cover Blizzard.j and common.j too.")
@click.option("--cov-lcov", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the coverage as an lcov tracefile (genhtml renders it); implies --cov.")
@click.option("--cov-xml", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the coverage as Cobertura XML; implies --cov.")
@click.option("--cov-data", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the coverage data (JSON, mergeable); implies --cov.")
@click.option("--difficulty", type=click.Choice(["easy", "normal", "hard", "insane"]), default=None,
              help="The game difficulty chosen in the lobby (GetGameDifficulty; default normal).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write a self-contained HTML report of the run to this file.")
@click.option("-v", "--verbose", count=True,
              help="Print the timeline as the game plays (every entry), what is pending when "
                   "nothing happens for a while, and warnings.")
def run_command(map_path: Path | None, api_dir: Path | None, until: float, seed: int,
                local_player: int | None, report_path: Path | None, expect: str | None,
                sandbox: Path | None, save_at: float | None, save_path: Path | None,
                load_path: Path | None, max_wall: float | None, max_ops: int | None,
                record_path: Path | None, replay_path: Path | None,
                cov: bool, cov_blizzard: bool, cov_lcov: Path | None, cov_xml: Path | None,
                cov_data: Path | None, difficulty: str | None, html_path: Path | None,
                verbose: int, game_data: Path | None) -> None:
    """Run MAP headless (an archive, map folder, war3map.j or campaign folder) and print its
    timeline. Without MAP, plays the bundled demo campaign.

    Saves: ``--save-at 4m --save F`` writes the whole game to F at 4 game minutes and plays
    on; ``--load F`` continues from F (the map and API it was saved with, unless given; they
    must be the same program). Save and load work on one map, not a campaign folder.

    Budgets: ``--max-wall`` and ``--max-ops`` stop a runaway map; Ctrl-C stops the run too.
    Either way the timeline so far, the summary and ``--report`` are written.

    Coverage: ``--cov`` prints lines and functions of the map script that ran and the
    triggers that never fired (docs/coverage.md); ``--cov-lcov``, ``--cov-xml`` and
    ``--cov-data`` write it.

    Exit status: 0 when the run completes, 1 when loading fails, 2 when --expect is not met,
    3 when a budget stopped the run, 4 when --replay did not reproduce the recording, 130 on
    Ctrl-C.
    """
    import tempfile

    if save_at is not None and save_path is None:
        raise click.UsageError("--save-at needs --save FILE")
    if replay_path is not None:
        _replay_alone(click.get_current_context())
    if save_at is not None and load_path is None and save_at > until:
        raise click.UsageError(f"--save-at {save_at:g} s is after --until {until:g} s: nothing would be saved")
    for option, out in (("--report", report_path), ("--save", save_path), ("--record", record_path),
                        ("--html", html_path), ("--cov-lcov", cov_lcov), ("--cov-xml", cov_xml),
                        ("--cov-data", cov_data)):   # before the game plays, not after
        if out is not None and not out.parent.is_dir():
            raise click.UsageError(f"{option} {out}: the folder {out.parent} does not exist")
    if record_path is not None and difficulty is not None:
        raise click.UsageError("--record does not keep --difficulty: a replay would play another game")
    coverage = None
    if cov or cov_blizzard or cov_lcov or cov_xml or cov_data:
        from maps.jasscov import Coverage
        coverage = Coverage(blizzard=cov_blizzard)
    args = (map_path, api_dir, until, seed, local_player, report_path, expect)
    saves = (save_at, save_path, load_path, max_wall, max_ops, game_data, record_path, replay_path,
             html_path, difficulty)
    try:
        if sandbox is None:
            with tempfile.TemporaryDirectory(prefix="jass-run-") as tmp:
                _run(*args, Path(tmp), verbose, *saves, coverage=coverage)
        else:
            sandbox.mkdir(parents=True, exist_ok=True)
            _run(*args, sandbox, verbose, *saves, coverage=coverage)
    finally:
        if coverage is not None and coverage.sessions:
            _coverage_outputs(coverage.finish(), cov_lcov, cov_xml, cov_data)


def _report_width() -> int | None:
    """Console width for report tables (coverage, profile): the terminal's, else $COLUMNS,
    else wide enough for their names (rich's 80 columns would cut trigger names that differ
    only at their end, and such output goes to files and CI logs)."""
    if sys.stdout.isatty() or os.environ.get("COLUMNS"):
        return None
    return 160


def _coverage_outputs(data, lcov: Path | None, xml: Path | None, json_path: Path | None) -> None:
    """Print the coverage summary; write the files asked for."""
    from rich.console import Console

    from maps.jasscov import write_cobertura, write_lcov
    console = Console(highlight=False, soft_wrap=True, width=_report_width())
    _print_coverage(console, data)
    try:
        for path, write in ((lcov, write_lcov), (xml, write_cobertura), (json_path, type(data).save)):
            if path is not None:
                write(data, path)
                console.print(f"[blue]coverage written[/] {path}")
    except OSError as exc:
        console.print(f"[bold red]error:[/] cannot write coverage: {exc}")
        sys.exit(1)


def _print_coverage(console, data) -> None:
    """The coverage summary: per file lines and functions hit, then the triggers that never
    fired and the event types registered but never observed (seed 004)."""
    from rich.markup import escape
    from rich.table import Table
    table = Table(title="JASS coverage")
    for col in ("file", "lines", "functions", "%"):
        table.add_column(col, justify="left" if col == "file" else "right")
    for path in sorted(data.files):
        lh, lf, fh, ff = data.totals(path)
        table.add_row(escape(path), f"{lh}/{lf}", f"{fh}/{ff}", f"{100 * lh / lf:.1f}" if lf else "-")
    console.print(table)
    never_fired = data.never_fired()
    if not never_fired:   # no empty table
        console.print(f"triggers that never fired: none of {len(data.triggers)}")
    else:
        _print_never_fired(console, data, never_fired)
    never = data.never_observed()
    if never:
        console.print(f"[yellow]events registered, never observed:[/] {escape(', '.join(never))}")


def _print_never_fired(console, data, never_fired: list[str]) -> None:
    from rich.markup import escape
    from rich.table import Table
    triggers = Table(title=f"triggers that never fired: {len(never_fired)} of {len(data.triggers)}")
    for col in ("trigger", "events", "observed", "conditions passed", "never observed"):
        triggers.add_column(col, justify="right" if col in ("events", "observed", "conditions passed") else "left")
    for name in never_fired:
        t = data.triggers[name]
        triggers.add_row(escape(name), str(sum(r for r, _s in t["events"].values())), str(t["observed"]),
                         f"{t['passed']}/{t['evaluated']}", escape(", ".join(data.trigger_never_observed(name))))
    console.print(triggers)


def _run(map_path, api_dir, until, seed, local_player, report_path, expect, sandbox, verbose,
         save_at=None, save_path=None, load_path=None, max_wall=None, max_ops=None,
         game_data=None, record_path=None, replay_path=None, html_path=None, difficulty=None,
         coverage=None) -> None:
    import json

    from jassvm.diagnostics import JassError
    from maps.errors import MapError
    from maps.runner import (DEMO_CAMPAIGN, RunOptions, is_campaign, load_mission, read_campaign,
                             read_save_file, run_mission)

    console = _console()
    if replay_path is not None:
        sys.exit(_replay(console, replay_path))
    resume = None
    if load_path is not None:
        try:
            resume = read_save_file(load_path)
        except MapError as exc:
            console.print(f"[bold red]error:[/] {exc}")
            sys.exit(1)
        if until <= resume.game_time:
            console.print(f"[bold yellow]warning:[/] --until {until:g} s is not after the save's game time "
                          f"{resume.game_time:g} s: nothing more is played (--until is a game time, not a "
                          f"duration from the save)")
        meta = resume.header["meta"]
        if map_path is None and isinstance(meta.get("map"), str):
            map_path = Path(meta["map"])
        if api_dir is None and isinstance(meta.get("api"), str) and meta["api"] != "built-in":
            api_dir = Path(meta["api"])
    path = map_path or DEMO_CAMPAIGN
    options = RunOptions(api=str(api_dir) if api_dir else None, until=until, seed=seed,
                         local_player=local_player, sandbox=str(sandbox), save_at=save_at,
                         save_path=str(save_path) if save_path else None, max_wall=max_wall,
                         max_ops=max_ops, game_data=str(game_data) if game_data else None,
                         difficulty=_DIFFICULTIES.get(difficulty),
                         digest=report_path is not None)   # only the JSON report shows it
    try:
        missions = read_campaign(path).missions if is_campaign(path) else [path]
    except MapError as exc:
        console.print(f"[bold red]error:[/] {exc}")
        sys.exit(1)
    if (save_path or resume or record_path) and len(missions) != 1:
        console.print("[bold red]error:[/] --save, --load and --record work on one map, not a campaign folder")
        sys.exit(1)
    reports, carry = [], None
    firings: list[list] = []   # trigger runs per mission, for --html
    for mission_path in missions:
        try:
            mission = load_mission(mission_path, options)
        except MapError as exc:
            console.print(f"[bold red]error:[/] {exc}")
            sys.exit(1)
        except JassError as exc:
            errors = [d for d in exc.diagnostics if d.is_error]
            for d in errors[:20]:
                console.print(f"[bold red]{d.format()}[/]")
            console.print(f"[bold red]error:[/] {mission_path}: the script cannot be loaded "
                          f"({len(errors)} errors)")
            if any(d.code == "E204" for d in errors):   # e.g. a 1.33 map's Blz* natives under 1.30.4
                console.print(f"hint: undeclared functions may come from another patch's API: "
                              f"`jass info {mission_path} --api-sets DIR` names the set the map calls for")
            sys.exit(1)
        console.rule(f"{mission.name}")
        try:
            runs = _TriggerRuns() if html_path else None

            def hook(session, m=mission, runs=runs) -> None:
                if coverage is not None:
                    coverage.attach(session, m)
                if runs is not None:
                    runs(session)
            report, session = _run_with_progress(console, mission, options, carry, run_mission, resume,
                                                 verbose, hook)
            if runs is not None:
                firings.append(runs.log.runs)
        except MapError as exc:
            console.print(f"[bold red]error:[/] {exc}")
            sys.exit(1)
        if report.saved:
            console.print(f"[blue]saved[/] {report.saved['path']} at {report.saved['game_time']:.1f} s")
        elif save_path and not report.stopped:
            console.print(f"[bold red]error:[/] the run ended at {report.game_time:.1f} s, before "
                          f"--save-at {save_at:.1f} s: nothing saved")
            sys.exit(1)
        reports.append(report)
        if record_path and resume is None:
            from maps.recording import map_recording, write_recording
            try:
                write_recording(record_path, map_recording(mission_path, options, mission, report, session))
            except OSError as exc:
                console.print(f"[bold red]error:[/] cannot write {record_path}: {exc.strerror}")
                sys.exit(1)
            console.print(f"[blue]recorded[/] {record_path}")
        if not verbose:   # with -v it was printed as the game played
            _print_timeline(console, report)
        if verbose:
            for w in report.warnings[:200]:
                console.print(f"[dim yellow]warning {w}[/]")
        _print_summary(console, report, report.local_player)
        if report.stopped:
            why = {"max-wall": f"--max-wall {max_wall} s reached", "max-ops": f"--max-ops {max_ops} reached",
                   "interrupted": "interrupted (Ctrl-C)"}[report.stopped]
            console.print(f"[bold yellow]stopped at {report.game_time:.1f} s game time: {why}[/]")
            break
        if report.outcome.get(report.local_player) != "victory":
            break
        cache = session.game.gamecache
        carry = cache.export() if cache is not None else None
    final = reports[-1].outcome.get(reports[-1].local_player) if reports else None
    if report_path:
        data = {"missions": [r.to_dict() for r in reports], "final_outcome": final}
        try:
            report_path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
        except OSError as exc:
            console.print(f"[bold red]error:[/] cannot write {report_path}: {exc.strerror}")
            sys.exit(1)
    if html_path and reports:
        from maps.html_report import mission_page
        title = reports[0].name if len(reports) == 1 else f"campaign {path.name}"
        try:
            html_path.write_text(mission_page(title, list(zip(reports, firings))), encoding="utf-8")
        except OSError as exc:
            console.print(f"[bold red]error:[/] cannot write {html_path}: {exc.strerror}")
            sys.exit(1)
    if reports and reports[-1].stopped:
        sys.exit(130 if reports[-1].stopped == "interrupted" else 3)
    if expect is not None and final != expect:
        console.print(f"[bold red]expected {expect}, got {final or 'no outcome'}[/]")
        sys.exit(2)


_REPLAY_KEEPS = ("map_path", "api_dir", "until", "seed", "local_player", "difficulty", "game_data",
                 "load_path", "save_path", "save_at", "record_path")


def _replay_alone(ctx: click.Context) -> None:
    """``--replay`` plays the recording's own map, API and options: any of them given on the
    command line is a usage error (it would be ignored; an environment variable is not)."""
    from click.core import ParameterSource
    given = [p for p in ctx.command.params if p.name in _REPLAY_KEEPS
             and ctx.get_parameter_source(p.name) is ParameterSource.COMMANDLINE]
    if given:
        names = ", ".join(p.opts[0] if p.opts[0].startswith("-") else p.name.upper().split("_")[0] for p in given)
        raise click.UsageError(f"--replay plays the recording's own map, API and options: leave out {names}")


def _replay(console, path: Path) -> int:
    """``jass run --replay``: 0 when the recording was reproduced exactly, 4 when not, 1 when
    it cannot be played here."""
    from jassvm.diagnostics import JassError
    from maps.errors import MapError
    from maps.recording import RecordingError, read_recording, replay

    try:
        rec = read_recording(path)
        console.print(f"replaying {rec.kind} {rec.path} (seed {rec.seed})")
        again, diffs = replay(rec)
    except (RecordingError, MapError) as exc:
        console.print(f"[bold red]error:[/] {exc}")
        return 1
    except JassError as exc:
        console.print(f"[bold red]error:[/] {rec.path}: the script cannot be loaded: {exc}")
        return 1
    result = again.result
    console.print(f"game time {result.get('game_time')} s, outcome {result.get('outcome') or 'none'}, "
                  f"state {str(result.get('state_digest'))[:16]}")
    if rec.result.get("failure") and not diffs:
        from rich.markup import escape   # (only here: a replay that passes prints without rich)
        step = rec.result.get("failed_step")
        where = "in the final expectations" if step is None else f"at step {step + 1}"
        first = str(rec.result["failure"]).strip().splitlines()[0]
        console.print(f"failed as recorded, {where}: {escape(first)}")
    if diffs:
        for d in diffs:
            console.print(f"[bold red]diverged:[/] {d}")
        return 4
    console.print("[green]replayed exactly[/]")
    return 0


class _TriggerRuns:
    """A ``session_hook`` recording the trigger runs of the session for ``--html``
    (``maps.scenario_runner.TriggerLog``, the scenario runner's own record)."""

    def __init__(self) -> None:
        from maps.scenario_runner import TriggerLog
        self.log = TriggerLog()

    def __call__(self, session) -> None:
        from types import SimpleNamespace
        self.log.install(SimpleNamespace(vm=session.vm, mission_index=0))


_DIFFICULTIES = {"easy": 0, "normal": 1, "hard": 2, "insane": 3}   # MAP_DIFFICULTY_* of common.j


def _run_with_progress(console, mission, options, carry, run_mission, resume=None, verbose=0,
                       hook=None):
    """Run one mission, with a game-time progress bar and the mission's quests when stdout
    is a terminal; with -v the timeline is printed as the game plays (``_LiveTimeline``).
    ``hook`` is called with the session too (before the script starts)."""
    live = _LiveTimeline(console, verbose)

    def attach(session) -> None:
        live.attach(session)
        if hook is not None:
            hook(session)
    if not console.is_terminal:
        report = run_mission(mission, options, carry=carry, resume=resume, progress=live.tick,
                             session_hook=attach)
        live.flush()
        return report
    from rich.progress import BarColumn, Progress, TextColumn
    with Progress(TextColumn("game time"), BarColumn(), TextColumn("{task.completed:.0f}/{task.total:.0f} s"),
                  TextColumn("{task.fields[quests]}"), console=console, transient=True) as bar:
        task = bar.add_task("run", total=options.until, quests="")

        def progress(now: float) -> None:
            live.tick(now)
            bar.update(task, completed=now, quests=live.quests())
        report = run_mission(mission, options, carry=carry, resume=resume, progress=progress,
                             session_hook=attach)
    live.flush()
    return report


# ---------------------------------------------------------------------------- jass dis

@main.command("debug")
@click.argument("program", required=False, type=click.Path(path_type=Path))
@click.option("--api", "api_dir", type=click.Path(path_type=Path), envvar="JASS_API",
              help="Folder with common.j and Blizzard.j [env: JASS_API].")
@click.option("-b", "--break", "breaks", multiple=True, metavar="LOCATION",
              help="A breakpoint before the game starts: FILE:LINE, LINE, FUNCTION or gg_trg_X.")
@click.option("--until", default="30m", callback=_duration, show_default=True,
              help="Stop the game after this much game time.")
@click.option("--seed", default=0, show_default=True, help="Random seed.")
@click.option("--local-player", type=int, default=None, help="Player id GetLocalPlayer returns.")
@click.option("--break-on-failure", is_flag=True,
              help="Scenario: stop at the failing expectation with the game intact.")
@click.option("--catch", "catches", multiple=True, metavar="KIND",
              help="Stop when a thread crashes with this kind (op-limit, uninitialized, ...).")
@click.option("--stop-on-entry", is_flag=True, help="Stop before the script starts.")
@click.option("--quiet", is_flag=True, help="Do not print the game timeline and trigger activity.")
@click.option("--checkpoint-memory", type=click.IntRange(min=1), default=256, show_default=True, metavar="MIB",
              help="Memory for time-travel checkpoints (past it, every other one is dropped).")
@click.option("--dap", is_flag=True, help="Serve the Debug Adapter Protocol instead (for editors).")
@click.option("--port", type=click.IntRange(0, 65535), default=None,
              help="With --dap: listen on 127.0.0.1:PORT (0: a free port, printed) instead of stdio.")
def debug_command(program: Path | None, api_dir: Path | None, breaks: tuple[str, ...], until: float,
                  seed: int, local_player: int | None, break_on_failure: bool, catches: tuple[str, ...],
                  stop_on_entry: bool, quiet: bool, checkpoint_memory: int, dap: bool, port: int | None) -> None:
    """Debug PROGRAM (a map, map folder, war3map.j, campaign folder, *.scenario.yaml or a *.jrec
    recording) in the terminal: breakpoints, stepping over waits, threads, frames, print and set (see
    docs/debugging.md). With --dap, serve the Debug Adapter Protocol over stdio or --port."""
    if dap:
        from debugger import dap as dap_server
        sys.exit(dap_server.serve(port=port))
    if program is None:
        raise click.UsageError("give a map, campaign folder or scenario file to debug")
    from debugger.engine import DebugError, Debugger
    from debugger.terminal import TerminalFrontend

    frontend = TerminalFrontend(quiet=quiet)
    dbg = Debugger(program, api=str(api_dir) if api_dir else None, until=until, seed=seed,
                   local_player=local_player, frontend=frontend, stop_on_entry=stop_on_entry,
                   break_on_failure=break_on_failure, checkpoint_memory=checkpoint_memory << 20)
    try:
        if catches:
            dbg.set_exception_filters(list(catches))
        for location in breaks:
            bp = dbg.add_breakpoint(location)
            click.echo(f"breakpoint {bp.id}: {location}")
        result = dbg.run()
    except DebugError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    if result.get("failure"):
        click.echo(f"scenario failed: {result['failure']}")
    click.echo(f"game ended at {result['time']:.2f} s" + (f": {result['outcome']}" if result.get("outcome") else "")
               + (" (terminated)" if result.get("terminated") else ""))
    sys.exit(result.get("exit_code", 0))


@main.command("dis")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("function", required=False)
@click.option("--api", "api_dir", type=click.Path(path_type=Path), envvar="JASS_API",
              help="Folder with common.j and Blizzard.j to load first [env: JASS_API].")
def dis_command(file: Path, function: str | None, api_dir: Path | None) -> None:
    """Disassemble the bytecode of FILE's functions (or of FUNCTION only)."""
    from jassvm.bytecode import CompiledFunction, disassemble
    from jassvm.diagnostics import JassError
    from jassvm.loader import load_program
    from maps.api import select_api
    from maps.errors import MapError
    from natives.session import load_natives

    try:
        natives = load_natives()
        api = select_api(str(api_dir) if api_dir else None, None)
        loaded = load_program(api.sources + [(str(file), file.read_bytes())], natives)
    except (MapError, OSError) as exc:
        raise click.ClickException(str(exc))
    except JassError as exc:
        for d in exc.diagnostics[:20]:
            click.echo(d.format(), err=True)
        sys.exit(1)
    program = loaded.program
    names = [function] if function else [
        f.name for f in program.functions.values()
        if isinstance(f, CompiledFunction) and f.file == str(file)]
    for name in names:
        fn = program.functions.get(name)
        if not isinstance(fn, CompiledFunction):
            raise click.ClickException(f"no JASS function named {name}")
        click.echo(disassemble(fn, program.global_names))
        click.echo()


# ---------------------------------------------------------------------------- jass natives

@main.command("info")
@click.argument("map_path", type=click.Path(path_type=Path))
@click.option("--api", "api_dir", type=click.Path(file_okay=False, path_type=Path), envvar="JASS_API",
              help="Folder with common.j and Blizzard.j to check the script against [env: JASS_API].")
@click.option("--api-sets", "api_sets", type=click.Path(file_okay=False, path_type=Path),
              help="Folder of API sets named by generation (roc-1.0x, 1.26, 1.30.4, 1.33.0...): "
                   "the one recommended for the map is used.")
@click.option("--json", "as_json", is_flag=True, help="Print the facts as JSON.")
def info_command(map_path: Path, api_dir: Path | None, api_sets: Path | None, as_json: bool) -> None:
    """Facts of MAP: name, author, players and forces, size and tileset, object data counts,
    natives used and missing, and the checker's verdict under the API set (--api, else the
    recommended one of --api-sets, else what `jass run` would use)."""
    import json

    from rich.console import Console
    from rich.table import Table

    from maps.errors import MapError
    from maps.info import map_info

    try:
        info = map_info(map_path, api_dir, api_sets)
    except MapError as exc:
        raise click.ClickException(str(exc))
    if as_json:
        click.echo(json.dumps(info.to_dict(), indent=2))
        return
    console = Console(highlight=False, soft_wrap=True)
    console.rule(info.name)
    size = lambda s: f"{s[0]} x {s[1]} tiles" if s else "unknown"   # noqa: E731
    for label, value in (("author", info.author or "unknown"), ("players", info.recommended_players or "unknown"),
                         ("format", info.format), ("tileset", info.tileset or "unknown"),
                         ("map size", size(info.map_size)), ("playable", size(info.playable_size)),
                         ("recommended API", f"{info.recommended_api}: {info.recommended_because}")):
        console.print(f"{label:<16} {value}")
    if info.players:
        table = Table(title="players")
        for col in ("id", "controller", "race", "name", "start (x, y)"):
            table.add_column(col)
        for p in info.players:
            table.add_row(str(p["id"]), p["controller"], p["race"], p["name"], f"{p['start'][0]}, {p['start'][1]}")
        console.print(table)
    for f in info.forces:
        flags = ", ".join(k.replace("_", " ") for k in ("allied", "allied_victory") if f[k])
        console.print(f"force {f['name']!r}: players {', '.join(map(str, f['players'])) or 'none'}"
                      + (f" ({flags})" if flags else ""))
    if info.objects:
        table = Table(title="object data")
        for col in ("kind", "modified stock", "custom", "modifications"):
            table.add_column(col, justify="left" if col == "kind" else "right")
        for kind, (original, custom, mods) in info.objects.items():
            table.add_row(kind, str(original), str(custom), str(mods))
        console.print(table)
    else:
        console.print(f"{'object data':<16} none")
    missing = info.natives_missing
    console.print(f"natives          {info.natives_reachable} reachable, {len(missing)} missing"
                  + (": " + ", ".join(missing) if missing else ""))
    c = info.checker
    console.print(f"checker          {c['errors']} errors, {c['warnings']} warnings in the script "
                  f"under {c['api']}" + (f" ({c['api_errors']} errors in the API files)" if c["api_errors"] else "")
                  + f"; jass run {'loads' if c['loads'] else 'refuses'} it")
    for line in c["first_errors"]:
        console.print(f"  {line}")
    if c["api"] == "built-in":
        console.print("  (checked against the built-in API: point --api or --api-sets at the API files)")
    for warning in info.warnings:
        console.print(f"[yellow]warning:[/] {warning}")


@main.command("natives")
@click.argument("maps", nargs=-1, type=click.Path(path_type=Path))
@click.option("--api", "api_dir", type=click.Path(path_type=Path), envvar="JASS_API",
              help="Folder with common.j and Blizzard.j [env: JASS_API]; default: the built-in API.")
@click.option("--where", "where", metavar="NAME",
              help="Print the module and function implementing the native NAME and exit "
                   "(exit 1 when no module implements it).")
def natives_command(maps: tuple[Path, ...], api_dir: Path | None, where: str | None) -> None:
    """Declared vs. implemented natives per family, and the natives each MAP's script can
    reach that the runtime lacks. Exits 1 when some MAP reaches a missing native."""
    if where is not None:
        from natives.registry import NATIVES
        from natives.session import load_natives
        load_natives()
        spec = NATIVES.get(where)
        if spec is None:
            import difflib
            folded = [n for n in NATIVES if n.casefold() == where.casefold()]
            near = folded or difflib.get_close_matches(where, list(NATIVES), n=3)
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
            click.echo(f"{where}: not implemented by any natives module{hint}", err=True)
            sys.exit(1)
        fn, source = spec.func, Path(spec.func.__code__.co_filename)
        click.echo(f"{where}: {fn.__module__}.{fn.__qualname__} "
                   f"({source.parent.name}/{source.name}:{fn.__code__.co_firstlineno})")
        sys.exit(0)
    from rich.console import Console
    from rich.table import Table

    from jassvm import ast
    from jassvm.loader import parse_cached
    from maps.api import find_ai_script, select_api
    from maps.coverage import families, reachable_natives
    from maps.errors import MapError
    from maps.mapfile import load_map
    from maps.runner import needs_blizzard
    from natives.registry import NATIVES
    from natives.session import load_natives

    console = Console(highlight=False, soft_wrap=True)
    load_natives()
    try:
        api = select_api(str(api_dir) if api_dir else None, None)
    except MapError as exc:
        raise click.ClickException(str(exc))
    api_files = [t for t in (parse_cached(data, name)[0] for name, data in api.sources) if t is not None]
    declared = {d.name for f in api_files for d in f.decls if isinstance(d, ast.NativeDecl)}
    table = Table(title=f"natives of {api.origin}")
    for col in ("family", "declared + implemented", "implemented, not declared"):
        table.add_column(col, justify="left" if col == "family" else "right")
    for fam, (n_declared, extra) in families(declared).items():
        table.add_row(fam, str(n_declared), str(extra))
    console.print(table)
    missing_declared = sorted(declared - set(NATIVES))
    console.print(f"{len(declared) - len(missing_declared)} of {len(declared)} declared natives implemented")
    common_ai = find_ai_script("common.ai", api, None)
    ai_tree = parse_cached(common_ai, "common.ai")[0] if common_ai is not None else None
    if ai_tree is not None:   # what AI scripts see besides common.j (natives.ai)
        ai_declared = {d.name for d in ai_tree.decls if isinstance(d, ast.NativeDecl)}
        ai_missing = sorted(ai_declared - set(NATIVES))
        console.print(f"common.ai: {len(ai_declared) - len(ai_missing)} of {len(ai_declared)} declared "
                      "natives implemented" + ("; missing: " + ", ".join(ai_missing) if ai_missing else ""))
    status = 0
    for map_path in maps:
        try:
            m = load_map(map_path)
        except MapError as exc:
            console.print(f"[bold red]error:[/] {exc}")
            status = 1
            continue
        tree, diags = parse_cached(m.script, m.script_name)
        if tree is None:
            console.print(f"[bold red]error:[/] {map_path}: {diags[0].format() if diags else 'cannot parse'}")
            status = 1
            continue
        reach = reachable_natives(api_files, tree)
        lacking = sorted(n for n in reach if n not in NATIVES)
        console.print(f"{map_path}: {len(reach)} natives reachable, {len(lacking)} missing"
                      + (": " + ", ".join(lacking) if lacking else ""))
        if api.origin == "built-in" and needs_blizzard(m.script):
            console.print("  [yellow]warning:[/] the script calls Blizzard.j functions and no API folder "
                          "was given: the natives they reach are not counted (--api or JASS_API)")
        if lacking:
            status = 1
    sys.exit(status)


# ---------------------------------------------------------------------------- jass profile

@main.command("profile")
@click.argument("program", type=click.Path(path_type=Path))
@click.option("--api", "api_dir", type=click.Path(path_type=Path), envvar="JASS_API",
              help="Folder with common.j and Blizzard.j [env: JASS_API].")
@click.option("--until", default="30m", callback=_duration, show_default=True,
              help="For a map: stop after this much game time.")
@click.option("--seed", default=0, show_default=True, help="Random seed (a map; a scenario has its own).")
@click.option("--collapsed", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write collapsed stacks (flamegraph.pl, speedscope) to this file.")
@click.option("--top", default=25, show_default=True, help="Functions to list.")
def profile_command(program: Path, api_dir: Path | None, until: float, seed: int,
                    collapsed: Path | None, top: int) -> None:
    """Profile PROGRAM (a map, or a *.scenario.yaml played through its steps): op-limit ops
    and calls per function and per trigger, the largest uninterrupted run of each thread
    origin with its headroom to the op limit, and game time spent waiting.

    Exit status: 0, or 1 when the program cannot be loaded.
    """
    from rich.console import Console

    from maps.profiler import Profile, write_collapsed
    console = Console(highlight=False, soft_wrap=True, width=_report_width())
    profile = Profile()
    if program.name.endswith(".scenario.yaml"):
        ok = _profile_scenario(console, program, api_dir, profile)
    else:
        ok = _profile_map(console, program, api_dir, until, seed, profile)
    if not ok:
        sys.exit(1)
    _print_profile(console, profile, top)
    if collapsed is not None:
        try:
            write_collapsed(profile, collapsed)
        except OSError as exc:
            console.print(f"[bold red]error:[/] cannot write {collapsed}: {exc.strerror}")
            sys.exit(1)
        console.print(f"[blue]collapsed stacks written[/] {collapsed}")


def _profile_map(console, path, api_dir, until, seed, profile) -> bool:
    import tempfile

    from jassvm.diagnostics import JassError
    from maps.errors import MapError
    from maps.runner import RunOptions, is_campaign, load_mission, run_mission
    if is_campaign(path):
        console.print("[bold red]error:[/] jass profile takes one map, not a campaign folder")
        return False
    with tempfile.TemporaryDirectory(prefix="jass-profile-") as sandbox:
        options = RunOptions(api=str(api_dir) if api_dir else None, until=until, seed=seed, sandbox=sandbox)
        try:
            mission = load_mission(path, options)
        except MapError as exc:
            console.print(f"[bold red]error:[/] {exc}")
            return False
        except JassError as exc:
            for d in [d for d in exc.diagnostics if d.is_error][:20]:
                console.print(f"[bold red]{d.format()}[/]")
            console.print(f"[bold red]error:[/] {path}: the script cannot be loaded")
            return False
        report, _session = run_mission(mission, options, session_hook=profile.attach)
    console.print(f"{mission.name}: {report.game_time:.1f} s game time, {report.ops:,} ops")
    return True


def _profile_scenario(console, path, api_dir, profile) -> bool:
    from maps.scenario import ScenarioFileError, load_scenario
    from maps.scenario_runner import format_failure, run_scenario
    try:
        loaded = load_scenario(path)
    except ScenarioFileError as exc:
        console.print(f"[bold red]error:[/] {exc}")
        return False
    result = run_scenario(loaded, api=str(api_dir.resolve()) if api_dir else None,
                          on_session=lambda jg: profile.attach(jg.session))
    status = "passed" if result.failure is None else "failed: " + format_failure(result.failure)
    console.print(f"scenario {loaded.scenario.name!r} {status}")
    return True


def _print_profile(console, profile, top: int) -> None:
    """The profile as rich tables: functions, thread origins, triggers."""
    from rich.markup import escape
    from rich.table import Table

    from maps.profiler import function_rows, origin_rows
    total = profile.total_ops or 1
    fns = Table(title=f"functions by self ops (top {top} of {len(profile.functions)}; {profile.total_ops:,} ops)")
    for col in ("function", "calls", "self ops", "%", "total ops"):
        fns.add_column(col, justify="left" if col == "function" else "right")
    for name, fs, inclusive in function_rows(profile)[:top]:
        fns.add_row(escape(name), f"{fs.calls:,}", f"{fs.self_ops:,}", f"{100 * fs.self_ops / total:.1f}",
                    f"{inclusive:,}")
    console.print(fns)
    origins = Table(title=f"thread origins by largest uninterrupted run (op limit {profile.op_limit:,})")
    for col in ("origin", "threads", "runs", "ops", "largest run", "at", "headroom", "waits", "waited", "crashes"):
        origins.add_column(col, justify="left" if col in ("origin", "crashes") else "right")
    for name, st, headroom in origin_rows(profile):
        crashes = ", ".join(f"{k} {n}" for k, n in sorted(st.crashes.items()))
        origins.add_row(escape(name), str(st.threads), str(st.runs), f"{st.ops:,}", f"{st.max_run:,}",
                        f"{st.max_run_at:.1f} s", f"{headroom:,}", str(st.waits), f"{st.waited:.1f} s",
                        escape(crashes), style="bold red" if headroom < 0 or "op-limit" in st.crashes else None)
    console.print(origins)
    trig = profile.triggers()
    if trig:
        table = Table(title="triggers")
        for col in ("trigger", "action runs", "ops", "largest run"):
            table.add_column(col, justify="left" if col == "trigger" else "right")
        for name, (runs, ops, largest) in sorted(trig.items(), key=lambda kv: (-kv[1][1], kv[0])):
            table.add_row(escape(name), str(runs), f"{ops:,}", f"{largest:,}")
        console.print(table)


# ---------------------------------------------------------------------------- jass test

@main.command("test", context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                        "help_option_names": ["--help"]})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def test_command(args: tuple[str, ...]) -> None:
    """Run scenario files (*.scenario.yaml) and Python tests through pytest.

    ARGS are scenario files or folders and any pytest options, passed through as given:
    -k EXPR, -x, -n 4 (pytest-xdist; add --dist loadfile), --junitxml=report.xml,
    --jass-api DIR (common.j/Blizzard.j for every scenario), --jass-seed N.
    Exit status is pytest's.
    """
    import importlib.metadata

    import pytest

    argv = list(args)
    registered = any(ep.value == "maps.pytest_plugin"
                     for ep in importlib.metadata.entry_points(group="pytest11"))
    if not registered:  # running from a checkout that was not pip-installed
        argv = ["-p", "maps.pytest_plugin"] + argv
    sys.exit(int(pytest.main(argv)))


if __name__ == "__main__":
    main()
