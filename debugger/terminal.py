"""``jass debug``: the terminal front end of the debugger, in the style of pdb and gdb.

Built on the standard library's ``cmd`` with ``readline`` (line editing, history in
``~/.jass_debug_history``, tab completion of commands, variable and function names). The game
thread is the terminal's: when the game stops, ``TerminalFrontend.stopped`` prints where and
reads commands until one resumes the game.

Commands (abbreviations as in gdb): ``break``/``b LOCATION [if COND]``, ``tbreak``,
``condition N [COND]``, ``delete N``, ``continue``/``c``, ``step``/``s``, ``next``/``n``,
``finish``, ``until TIME``, ``where``/``bt``, ``up``, ``down``, ``list``/``l``,
``print``/``p EXPR``, ``display EXPR``, ``set VAR = EXPR``, ``call F(...)``, ``threads``,
``thread N``, ``watch VAR``, ``info breakpoints``, ``time``, ``catch KIND...``, ``quit``;
and backwards in time: ``back`` (``rs``), ``rcontinue`` (``rc``), ``goto TIME``.
LOCATION is ``FILE:LINE``, ``LINE`` (the map script), a function name, or a trigger
``gg_trg_X [actions|conditions]``.
"""
from __future__ import annotations

import cmd
import os
import sys
from typing import TextIO

from .engine import EXCEPTION_FILTERS, DebugError, Debugger, Stop

try:   # line editing where the platform has it (not on every Windows Python)
    import readline
except ImportError:  # pragma: no cover
    readline = None

HISTORY = os.path.expanduser("~/.jass_debug_history")


class TerminalFrontend(cmd.Cmd):
    """The ``Frontend`` of ``jass debug`` (see the module docstring)."""

    prompt = "(jass) "
    doc_header = "Commands (help COMMAND for one):"

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, quiet: bool = False) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        if stdin is not None:
            self.use_rawinput = False
        self.dbg: Debugger | None = None
        self.stop: Stop | None = None
        self.thread_id: int | None = None
        self.level = 0                 # frame index in ``where`` (0 innermost)
        self.displays: list[str] = []
        self.quiet = quiet
        self._last_output = ""   # the last game output line: a stop does not repeat it
        self._resume = False
        if readline is not None and stdin is None:
            try:
                readline.read_history_file(HISTORY)
            except OSError:
                pass

    # ------------------------------------------------------------------ Frontend
    def stopped(self, debugger: Debugger, stop: Stop) -> None:
        """Show where the game stopped, then read commands until one resumes it (EOF ends
        the game)."""
        self.dbg, self.stop = debugger, stop
        self.thread_id, self.level = stop.thread_id, 0
        self._say(f"[{debugger.now:.2f}s] stopped: {stop.description}")
        if stop.text and stop.text not in (stop.description, self._last_output):
            self._say(stop.text)
        self._show_line()
        for expr in self.displays:
            self._print_expr(expr, prefix=f"{expr} = ")
        self._resume = False
        while not self._resume:
            try:
                line = self._read()
            except EOFError:
                self._say("")
                debugger.terminate()
                return
            except KeyboardInterrupt:
                self._say("")
                continue
            self.onecmd(line)
        if readline is not None and self.use_rawinput:
            try:
                readline.write_history_file(HISTORY)
            except OSError:
                pass

    def output(self, category: str, text: str) -> None:
        """Print game output (``--quiet`` drops the timeline and trigger activity)."""
        if self.quiet and category in ("timeline", "triggers"):
            return
        stream = sys.stderr if category == "stderr" else self.stdout
        stream.write(text if text.endswith("\n") else text + "\n")
        self._last_output = text.rstrip("\n").rsplit("\n", 1)[-1]
        stream.flush()

    # ------------------------------------------------------------------ commands
    def emptyline(self) -> bool:
        return False

    def default(self, line: str) -> None:
        self._say(f"unknown command: {line.split()[0]} (help lists the commands)")

    def do_break(self, arg: str, temporary: bool = False) -> None:
        """break LOCATION [if COND]: FILE:LINE, LINE, FUNCTION or gg_trg_X [actions|conditions]."""
        if not arg.strip():
            return self.do_info("breakpoints")
        location, _, condition = arg.partition(" if ")
        try:
            bp = self.dbg.add_breakpoint(location, condition.strip() or None, temporary)
        except DebugError as exc:
            return self._say(f"error: {exc}")
        where = f"{bp.file}:{bp.line}" if bp.line else bp.target
        state = "" if bp.verified else f" (pending: {bp.message})"
        self._say(f"{'temporary ' if temporary else ''}breakpoint {bp.id} at {where}{state}")

    do_b = do_break

    def do_tbreak(self, arg: str) -> None:
        """tbreak LOCATION [if COND]: a breakpoint deleted when first hit."""
        self.do_break(arg, temporary=True)

    def do_condition(self, arg: str) -> None:
        """condition N [COND]: set or clear the condition of breakpoint N."""
        num, _, cond = arg.strip().partition(" ")
        try:
            self.dbg.set_condition(int(num), cond.strip() or None)
        except (ValueError, DebugError) as exc:
            self._say(f"error: {exc}")

    def do_delete(self, arg: str) -> None:
        """delete N...: delete breakpoints."""
        for part in arg.split():
            try:
                self.dbg.delete_breakpoint(int(part))
            except (ValueError, DebugError) as exc:
                self._say(f"error: {exc}")

    def do_continue(self, arg: str) -> None:
        """continue: run until the next stop."""
        self.dbg.continue_()
        self._resume = True

    do_c = do_continue

    def do_step(self, arg: str) -> None:
        """step: the next line of this thread, into calls."""
        self.dbg.step_in(self.thread_id)
        self._resume = True

    do_s = do_step

    def do_next(self, arg: str) -> None:
        """next: the next line of this function (over calls and waits: game time advances)."""
        self.dbg.step_over(self.thread_id)
        self._resume = True

    do_n = do_next

    def do_finish(self, arg: str) -> None:
        """finish: run until this function returns."""
        self.dbg.step_out(self.thread_id)
        self._resume = True

    def do_until(self, arg: str) -> None:
        """until TIME | until outcome | until quest TITLE [completed|failed|discovered|created]
        | until gg_trg_X: run until game time TIME (90s, 2m, 1m30s), the mission's end, a
        quest state, or the trigger's next run."""
        words = arg.split()
        try:
            if words[:1] == ["outcome"]:
                self.dbg.until_outcome()
            elif words[:1] == ["quest"]:
                state = words[-1] if len(words) > 2 and words[-1] in ("completed", "failed", "discovered",
                                                                      "created") else "completed"
                title = " ".join(words[1:-1] if state == words[-1] and len(words) > 2 else words[1:]).strip('"')
                self.dbg.until_quest(title, state)
            elif words and words[0].startswith("gg_trg_"):
                self.dbg.add_breakpoint(arg, temporary=True)
                self.dbg.continue_()
            else:
                self.dbg.until_time(_seconds(arg))
            self._resume = True
        except (ValueError, DebugError) as exc:
            self._say(f"error: {exc}")

    def do_back(self, arg: str) -> None:
        """back: go back to the line this thread ran before (game time may go back)."""
        self._travel(lambda: self.dbg.step_back(self.thread_id))

    do_rs = do_back

    def do_rcontinue(self, arg: str) -> None:
        """rcontinue: go back to the last breakpoint hit before now."""
        self._travel(self.dbg.reverse_continue)

    do_rc = do_rcontinue

    def do_goto(self, arg: str) -> None:
        """goto TIME: go to game time TIME, forward or back."""
        try:
            t = _seconds(arg)
        except ValueError as exc:
            return self._say(f"error: {exc}")
        self._travel(lambda: self.dbg.goto_time(t))

    def _travel(self, go) -> None:
        try:
            go()
            self._resume = True
        except DebugError as exc:
            self._say(f"error: {exc}")

    def do_where(self, arg: str) -> None:
        """where: the JASS stack of the current thread (innermost first)."""
        frames = self._frames()
        if not frames:
            return self._say("no JASS frame here (stopped between threads)")
        for k, fr in enumerate(frames):
            mark = ">" if k == self.level else " "
            self._say(f"{mark} #{k} {fr.function} at {fr.file}:{fr.line}")

    do_bt = do_where

    def do_up(self, arg: str) -> None:
        """up: the caller's frame."""
        self._move(1)

    def do_down(self, arg: str) -> None:
        """down: the callee's frame."""
        self._move(-1)

    def do_list(self, arg: str) -> None:
        """list [LINE]: source around the current line (or LINE)."""
        fr = self._frame()
        if fr is None:
            return self._say("no current source line")
        center = int(arg) if arg.strip().isdigit() else fr.line
        if not self._show_source(fr.file, center, fr.line, 5):
            self._say(f"{fr.file} has no line {center}")

    do_l = do_list

    def do_print(self, arg: str) -> None:
        """print EXPR: the value of a JASS expression in the current frame."""
        self._print_expr(arg)

    do_p = do_print

    def do_display(self, arg: str) -> None:
        """display EXPR: print EXPR at every stop (display alone lists them). As gdb does, an
        EXPR that cannot be evaluated at this stop is not added."""
        if arg.strip():
            if self._print_expr(arg, prefix=f"{arg.strip()} = "):
                self.displays.append(arg.strip())
            else:
                self._say("(not added to the displays)")
        else:
            for k, e in enumerate(self.displays, 1):
                self._say(f"{k}: {e}")

    def do_set(self, arg: str) -> None:
        """set VAR = EXPR: change a local, argument or global (side effects allowed)."""
        try:
            self.dbg.evaluate(f"set {arg.strip()}", self._frame_id(), allow_side_effects=True)
        except DebugError as exc:
            self._say(f"error: {exc}")

    def do_call(self, arg: str) -> None:
        """call F(ARGS): run a JASS function or native now (side effects allowed); prints
        what it returns."""
        try:
            v = self.dbg.evaluate(f"call {arg.strip()}", self._frame_id(), allow_side_effects=True)
        except DebugError as exc:
            return self._say(f"error: {exc}")
        if v.type != "nothing":
            self._say(f"{v.value}  ({v.type})")

    def do_threads(self, arg: str) -> None:
        """threads: every JASS thread alive, with its state and op count."""
        threads = self.dbg.threads()
        # columns as wide as their longest entry (AI threads have ids of 9 digits)
        w_id = max([4] + [len(str(t.id)) for t in threads])
        w_name = max([40] + [len(t.name) for t in threads])
        for t in threads:
            mark = "*" if t.id == self.thread_id else " "
            self._say(f"{mark} {t.id:>{w_id}}  {t.name:<{w_name}} {t.state:<28} {t.ops:>7}/300000 ops")

    def do_thread(self, arg: str) -> None:
        """thread N: make thread N current (for where, print, step)."""
        try:
            n = int(arg)
            self.dbg.stack(n)
        except (ValueError, DebugError) as exc:
            return self._say(f"error: {exc}")
        self.thread_id, self.level = n, 0
        self._show_line()

    def do_watch(self, arg: str) -> None:
        """watch GLOBAL or watch ARRAY[INDEX]: stop when the script changes it."""
        name = arg.strip()
        did, why = self.dbg.data_breakpoint_info(name)
        if did is None:
            return self._say(f"error: {why}")
        current = [b.target for b in self.dbg.breakpoints() if b.kind == "data"]
        bp = self.dbg.set_data_breakpoints(current + [did])[-1]
        self._say(f"watchpoint {bp.id}: {name}")

    def do_catch(self, arg: str) -> None:
        """catch KIND...: stop on thread crashes of these kinds (catch alone lists them)."""
        kinds = arg.split()
        if not kinds:
            for k, label in EXCEPTION_FILTERS:
                self._say(f"{k:<18} {label}")
            return
        try:
            self.dbg.set_exception_filters(sorted(set(kinds) | self.dbg._exception_kinds))
        except DebugError as exc:
            self._say(f"error: {exc}")

    def do_info(self, arg: str) -> None:
        """info breakpoints: the breakpoints with their hit counts."""
        if arg.strip() not in ("breakpoints", "b", "break"):
            return self._say("info breakpoints")
        bps = self.dbg.breakpoints()
        if not bps:
            return self._say("no breakpoints")
        for bp in bps:
            where = f"{bp.file}:{bp.line}" if bp.line else bp.target
            if bp.kind in ("function", "trigger") and bp.line:
                where = f"{bp.target} ({where})"     # the name asked for, then where it is
            extra = f" if {bp.condition}" if bp.condition else ""
            pend = "" if bp.verified else f" (pending: {bp.message})"
            self._say(f"{bp.id:>3} {bp.kind:<9} {where}{extra}  hits {bp.hits}{pend}")

    def do_time(self, arg: str) -> None:
        """time: the game time."""
        self._say(f"game time {self.dbg.now:.2f} s")

    def do_quit(self, arg: str) -> None:
        """quit: end the game and the debugger."""
        self.dbg.terminate()
        self._resume = True

    do_q = do_quit
    do_EOF = do_quit

    # ------------------------------------------------------------------ completion
    def completenames(self, text, *ignored):
        return [n for n in super().completenames(text, *ignored) if n != "EOF"]

    def get_names(self):
        """cmd's command list without ``do_EOF`` (Ctrl-D quits; ``help`` need not list it)."""
        return [n for n in super().get_names() if n != "do_EOF"]

    def completedefault(self, text, line, begidx, endidx):
        if self.dbg is None or self.dbg.vm is None:
            return []
        program = self.dbg.vm.program
        names = [g.name for g in program.globals] + list(program.functions)
        fr = self._raw_frame()
        if fr is not None:
            names += list(fr.fn.local_names)
        return sorted({n for n in names if n.startswith(text)})[:200]

    complete_print = complete_p = complete_display = complete_set = complete_watch = completedefault
    complete_break = complete_b = complete_tbreak = completedefault

    # ------------------------------------------------------------------ helpers
    def _read(self) -> str:
        if self.use_rawinput:
            return input(self.prompt)
        self.stdout.write(self.prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    def _say(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def _frames(self):
        if self.thread_id is None:
            return []
        try:
            return self.dbg.stack(self.thread_id)
        except DebugError:
            return []

    def _frame(self):
        frames = self._frames()
        return frames[self.level] if 0 <= self.level < len(frames) else None

    def _frame_id(self) -> int | None:
        fr = self._frame()
        return fr.id if fr is not None else None

    def _raw_frame(self):
        fr = self._frame()
        if fr is None:
            return None
        th, k, _ = self.dbg._frame(fr.id)
        return th.frames[k] if k is not None else None

    def _move(self, delta: int) -> None:
        frames = self._frames()
        new = self.level + delta
        if not 0 <= new < len(frames):
            return self._say("no frame there")
        self.level = new
        self._show_line()

    def _show_line(self) -> None:
        fr = self._frame()
        if fr is None:
            return
        self._say(f"{fr.function} at {fr.file}:{fr.line}")
        self._show_source(fr.file, fr.line, fr.line, 0)

    def _show_source(self, file: str, center: int, current: int, around: int) -> bool:
        """Print the lines around ``center``; False when there are none to print."""
        try:
            lines = self.dbg.source_text(file).splitlines()
        except DebugError:
            return False
        shown = range(max(1, center - around), min(len(lines), center + around) + 1)
        for n in shown:
            mark = "->" if n == current else "  "
            self._say(f"{n:>6} {mark} {lines[n - 1]}")
        return len(shown) > 0

    def _print_expr(self, expr: str, prefix: str = "") -> bool:
        """Print ``expr``'s value at the selected frame; False (after an error line) when it
        cannot be evaluated."""
        try:
            v = self.dbg.evaluate(expr, self._frame_id())
        except DebugError as exc:
            self._say(f"error: {exc}")
            return False
        self._say(f"{prefix}{v.value}  ({v.type})")
        if v.ref:
            for child in self.dbg.variables(v.ref)[:12]:
                self._say(f"    {child.name} = {child.value}")
        return True


def _seconds(text: str) -> float:
    """``90``, ``90s``, ``2m``, ``1m30s`` -> game seconds."""
    t = text.strip().lower()
    if not t:
        raise ValueError("give a game time, e.g. until 90s or until 2m")
    total, num = 0.0, ""
    for c in t:
        if c.isdigit() or c == ".":
            num += c
        elif c in "hms" and num:
            total += float(num) * {"h": 3600, "m": 60, "s": 1}[c]
            num = ""
        elif not c.isspace():
            raise ValueError(f"cannot read the game time {text!r}")
    return total + (float(num) if num else 0.0)
