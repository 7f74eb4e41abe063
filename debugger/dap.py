"""The Debug Adapter Protocol server: ``jass debug --dap [--port N]``.

Editors (VS Code, and any DAP client) drive the debugger core (``debugger.engine``) through
this module. The protocol is the one at microsoft.github.io/debug-adapter-protocol: JSON
messages framed by a ``Content-Length: N`` header and a blank line, over stdio (stdout is then
the protocol channel, so everything else goes to stderr) or one TCP connection at a time.

Threads. The game runs on the thread that called ``serve`` (the *game thread*): the core
calls ``Session.stopped`` synchronously when the game stops, and the session answers requests
there until one of them resumes the game. A reader thread only reads messages and queues
them, with three exceptions handled at once while the game runs: ``pause`` (the core's
``Debugger.pause`` is thread-safe), ``threads`` (answered from the list of the last stop) and
the arrival of any other request, which pauses the game *silently* when it was continuing,
so that e.g. a breakpoint set while the game runs takes effect at once: the queued requests
are answered at that stop and the game continues without a ``stopped`` event. While the game
is stepping, queued requests wait for the step to end (steps end within one game wait).

Mapping. JASS threads are DAP threads (ids from the VM; id 0 stands for "the game, between
threads" when a stop has no JASS thread). Frames, scopes and variables references are the
core's ids (valid while stopped, as DAP asks). A source the core knows only by name (common.j
from an API folder inside an archive, a map script read from an archive) gets a
``sourceReference`` and is served by the ``source`` request. Core errors (``DebugError``)
become error responses with their message; a bug in this module or the core becomes an error
response too, and its traceback goes to stderr, never to the protocol channel.
"""
from __future__ import annotations

import json
import os
import queue
import socket
import sys
import threading
import traceback
from pathlib import Path
from typing import Any, BinaryIO, Callable

from debugger.engine import EXCEPTION_FILTERS, DebugError, Debugger, Stop
from jassvm.diagnostics import JassError
from maps.errors import MapError
from maps.scenario import parse_duration

MAX_MESSAGE = 64 * 1024 * 1024   # bytes of one message body; a larger Content-Length is refused
GAME_THREAD_ID = 0               # the DAP thread of a stop between JASS threads (VM ids start at 1)

# Crash kinds that kill a JASS thread in the real game are checked by default; a missing
# native and a runtime bug are this runtime's own limits, so they are opt-in.
_DEFAULT_ON = {"op-limit", "uninitialized", "division-by-zero", "forbidden-wait", "null", "stack-overflow",
               "string-too-long"}

# The core's output categories -> DAP output event categories: the game's activity (messages,
# quests, transmissions, triggers firing, each with its game time) is the program's output;
# logpoints and the adapter's own lines are the debug console's.
_OUTPUT_CATEGORY = {"console": "console", "timeline": "stdout", "triggers": "stdout",
                    "stderr": "stderr"}

# Stop reasons the core uses that DAP has no word for.
_STOP_REASON = {"failure": "exception"}


class ProtocolError(Exception):
    """The byte stream is not DAP framing (bad header, bad length, body cut short)."""


# ---------------------------------------------------------------------------- framing

def read_message(stream: BinaryIO) -> dict | None:
    """Read one framed message from the binary ``stream``; None at a clean end of stream.

    Raises ``ProtocolError`` for a header without ``Content-Length``, a length that is not a
    non-negative integer or exceeds ``MAX_MESSAGE``, a body shorter than announced, or a body
    that is not a JSON object."""
    length = None
    saw_header = False
    while True:
        line = stream.readline(8192)
        if not line:
            if saw_header:
                raise ProtocolError("end of stream inside a message header")
            return None
        saw_header = True
        if line in (b"\r\n", b"\n"):
            break
        name, sep, value = line.decode("ascii", "replace").partition(":")
        if not sep:
            raise ProtocolError(f"malformed header line {line!r}")
        if name.strip().lower() == "content-length":
            try:
                length = int(value.strip())
            except ValueError:
                raise ProtocolError(f"bad Content-Length {value.strip()!r}") from None
    if length is None:
        raise ProtocolError("message header without Content-Length")
    if length < 0 or length > MAX_MESSAGE:
        raise ProtocolError(f"Content-Length {length} out of range (0..{MAX_MESSAGE})")
    body = b""
    while len(body) < length:
        chunk = stream.read(length - len(body))
        if not chunk:
            raise ProtocolError(f"end of stream after {len(body)} of {length} body bytes")
        body += chunk
    try:
        message = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ProtocolError(f"message body is not JSON: {exc}") from None
    if not isinstance(message, dict):
        raise ProtocolError("message body is not a JSON object")
    return message


def encode_message(message: dict) -> bytes:
    """``message`` as framed bytes: the Content-Length header, a blank line, UTF-8 JSON."""
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


class Channel:
    """One protocol connection: reads from ``reader``, writes from any thread (locked), and
    numbers the messages it sends. ``trace`` (a callable) sees every message both ways."""

    def __init__(self, reader: BinaryIO, writer: BinaryIO, trace: Callable[[str], None] | None = None):
        self.reader = reader
        self.writer = writer
        self.trace = trace
        self._lock = threading.Lock()
        self._seq = 0
        self.closed = False

    def read(self) -> dict | None:
        """The next message (None at the end of the stream)."""
        message = read_message(self.reader)
        if self.trace and message is not None:
            self.trace(f"<- {json.dumps(message)[:2000]}")
        return message

    def send(self, message: dict) -> None:
        """Number ``message`` and write it; a closed connection drops it silently."""
        with self._lock:
            if self.closed:
                return
            self._seq += 1
            message = {"seq": self._seq, **message}
            if self.trace:
                self.trace(f"-> {json.dumps(message)[:2000]}")
            try:
                self.writer.write(encode_message(message))
                self.writer.flush()
            except (OSError, ValueError):
                self.closed = True

    def event(self, event: str, body: dict | None = None) -> None:
        """Send the event ``event`` with ``body``."""
        message: dict[str, Any] = {"type": "event", "event": event}
        if body is not None:
            message["body"] = body
        self.send(message)

    def respond(self, request: dict, body: dict | None = None, error: str | None = None) -> None:
        """Answer ``request``: success with ``body``, or failure with the message ``error``."""
        message: dict[str, Any] = {"type": "response", "request_seq": request.get("seq", 0),
                                   "command": request.get("command", ""), "success": error is None}
        if error is not None:
            message["message"] = error
        if body is not None:
            message["body"] = body
        self.send(message)


# ---------------------------------------------------------------------------- the session

class _Fail(Exception):
    """A request this adapter refuses (wrong state, bad arguments): an error response."""


def capabilities() -> dict:
    """The ``initialize`` response body: what this adapter supports."""
    return {
        "supportsConfigurationDoneRequest": True,
        "supportsFunctionBreakpoints": True,
        "supportsConditionalBreakpoints": True,
        "supportsHitConditionalBreakpoints": True,
        "supportsLogPoints": True,
        "exceptionBreakpointFilters": [
            {"filter": kind, "label": label, "default": kind in _DEFAULT_ON}
            for kind, label in EXCEPTION_FILTERS],
        "supportsDataBreakpoints": True,
        "supportsSetVariable": True,
        "supportsEvaluateForHovers": True,
        "supportsLoadedSourcesRequest": True,
        "supportsTerminateRequest": True,
        "supportsExceptionInfoRequest": True,
        "supportsStepBack": True,
        "supportsDelayedStackTraceLoading": True,
    }


class Session:
    """One DAP session over ``channel``: one launch, one game, the end.

    It is the core's ``Frontend``: ``stopped`` and ``output`` are called on the game thread.
    ``serve`` runs the whole session on the calling thread and returns when the client
    disconnects or the connection ends.

    Configuration happens at the core's entry stop: ``launch`` builds the ``Debugger`` with
    ``stop_on_entry`` and starts the game, which loads the program (a map that cannot be
    loaded fails the launch request) and stops before the script's first instruction; there
    the launch is answered, ``initialized`` sent, and breakpoints set by the client are checked
    against the loaded program at once. ``configurationDone`` then continues the game, or shows
    the entry stop when the launch asked for ``stopOnEntry``."""

    def __init__(self, channel: Channel, log: Callable[[str], None]):
        self.channel = channel
        self.log = log
        self.debugger: Debugger | None = None
        self.requests: queue.Queue[dict | None] = queue.Queue()
        self._lock = threading.Lock()       # guards the running state below against the reader
        self._running = False               # the game runs (the game thread is not at a stop)
        self._mode = "continue"             # how the game was last resumed: "continue" or "step"
        self._pausing = False               # a pause was asked of the core and has not stopped yet
        self._user_pause = False            # ... and the client asked for it
        self._launch: dict | None = None    # the launch request, answered at the entry stop
        self._stop_on_entry = False         # the client's stopOnEntry
        self._configured = False
        self._resumed = False
        self._silent = False                # the current stop is not shown to the client
        self._disconnect: dict | None = None
        self._ended = False                 # the game is over (or never started)
        self._stop: Stop | None = None
        self._after: list[Callable[[], None]] = []   # events to send after the current response
        self._threads: list[dict] = []      # the threads response of the last stop
        self._known_threads: set[int] = set()
        self._reported: dict[int, tuple] = {}        # breakpoint id -> what the client was told
        self._source_refs: dict[str, int] = {}
        self._ref_sources: dict[int, str] = {}
        self._ref_names: dict[int, str] = {}  # variables reference -> expression of its owner
        self._line_base = 1
        self._no_debug = False

    # --------------------------------------------------------------- the main loop

    def serve(self) -> None:
        """Run the session to its end (disconnect or end of the connection)."""
        reader = threading.Thread(target=self._read_loop, name="dap-reader", daemon=True)
        reader.start()
        while self._launch is None and self._disconnect is None:
            if not self._next_request():
                return
        if self._launch is not None and self._disconnect is None:
            self._play()
        while self._disconnect is None:
            if not self._next_request():
                return
        self.channel.respond(self._disconnect)

    def _next_request(self) -> bool:
        """Answer the next queued request; False at the end of the connection."""
        request = self.requests.get()
        if request is None:
            return False
        self._dispatch(request)
        return True

    def _play(self) -> None:
        """Run the game to its end, then announce the exit code and the end of the session."""
        assert self.debugger is not None
        with self._lock:
            self._running = True
            self._mode = "continue"
        exit_code = None
        try:
            result = self.debugger.run()
            exit_code = int(result.get("exit_code") or 0)
            self.output("console", _summary(result))
        except (DebugError, JassError, MapError) as exc:
            self._failed(str(exc))
        except Exception as exc:   # a bug of the runtime: report it and end the session cleanly
            self.log(traceback.format_exc())
            self._failed(f"internal error of the debugger: {type(exc).__name__}: {exc}")
        with self._lock:
            self._running = False
            self._ended = True
        if self._launch is not None:    # never reached the entry stop: the launch failed
            return
        for tid in sorted(self._known_threads):
            self.channel.event("thread", {"reason": "exited", "threadId": tid})
        self._known_threads.clear()
        self._threads = []
        self.channel.event("exited", {"exitCode": 1 if exit_code is None else exit_code})
        self.channel.event("terminated")

    def _failed(self, message: str) -> None:
        if self._launch is not None:
            self.channel.respond(self._launch, error=message)
        else:
            self.output("stderr", message)

    def _read_loop(self) -> None:
        """The reader thread: queue requests; act at once on those that cannot wait."""
        try:
            while True:
                message = self.channel.read()
                if message is None:
                    break
                if message.get("type") == "request":
                    self._arrived(message)   # other messages: responses to reverse requests (none sent)
        except ProtocolError as exc:
            self.log(f"jass debug --dap: protocol error: {exc}")
        except (OSError, ValueError) as exc:
            self.log(f"jass debug --dap: connection error: {exc}")
        with self._lock:
            if self._running:
                self._request_pause(user=False)
            self.requests.put(None)     # the end of the connection

    def _arrived(self, request: dict) -> None:
        command = request.get("command")
        with self._lock:
            if self._running:
                if command == "pause":
                    self._request_pause(user=True)
                    self.channel.respond(request)
                    return
                if command == "threads":
                    self.channel.respond(request, {"threads": list(self._threads)})
                    return
                if self._needs_stop(request):
                    self._request_pause(user=False)
            self.requests.put(request)

    def _needs_stop(self, request: dict | None) -> bool:
        """Whether a request queued while the game runs stops it (lock held): always while it
        continues; while it steps only to end it (the step's own stop answers the rest)."""
        return self._mode == "continue" or request is None or \
            request.get("command") in ("pause", "terminate", "disconnect")

    def _request_pause(self, user: bool) -> None:
        """Ask the core to stop (lock held). A client pause makes the stop visible."""
        self._user_pause = self._user_pause or user
        if not self._pausing:
            self._pausing = True
            assert self.debugger is not None
            self.debugger.pause()

    # --------------------------------------------------------------- the Frontend

    def stopped(self, debugger: Debugger, stop: Stop) -> None:
        """The game stopped: tell the client (unless the stop is silent) and answer requests
        until one resumes the game."""
        with self._lock:
            self._running = False
            # a pause stop the client did not ask for is the adapter's own: silent
            silent = stop.reason == "pause" and not self._user_pause
            self._pausing = self._user_pause = False
        self._stop = stop
        self._resumed = False
        self._threads = self._thread_list(stop)
        if self._launch is not None:        # the entry stop of the launch: configuration
            self.channel.respond(self._launch)
            self._launch = None
            self.channel.event("initialized")
            silent = True
        self._silent = silent
        if not silent:
            self._announce(stop)
        while not self._resumed:
            if self._silent and self._configured and self.requests.empty():
                self._resume("continue", debugger.continue_)
                break
            request = self.requests.get()
            if request is None:     # the client went away: end the game
                self._resume("continue", debugger.terminate)
                self.requests.put(None)
                break
            self._dispatch(request)
        with self._lock:
            self._running = True
            # requests that came after the one that resumed the game are answered at a stop too
            pending = list(self.requests.queue)
            if any(self._needs_stop(r) for r in pending):
                self._request_pause(user=any(r is not None and r.get("command") == "pause" for r in pending))

    def output(self, category: str, text: str) -> None:
        """Game activity and logpoints as DAP output events (one line or more each)."""
        if not text.endswith("\n"):
            text += "\n"
        self.channel.event("output", {"category": _OUTPUT_CATEGORY.get(category, "console"),
                                      "output": text})

    def _announce(self, stop: Stop) -> None:
        """The stopped event, after thread and breakpoint events for what changed."""
        self._silent = False
        ids = {t["id"] for t in self._threads}
        for tid in sorted(self._known_threads - ids):
            self.channel.event("thread", {"reason": "exited", "threadId": tid})
        for tid in sorted(ids - self._known_threads):
            self.channel.event("thread", {"reason": "started", "threadId": tid})
        self._known_threads = ids
        self._report_breakpoints()
        assert self.debugger is not None
        body: dict[str, Any] = {
            "reason": _STOP_REASON.get(stop.reason, stop.reason),
            "description": stop.description if "game time" in stop.description
            else f"{stop.description} (game time {self.debugger.now:.3f} s)",
            "threadId": stop.thread_id if stop.thread_id is not None else GAME_THREAD_ID,
            "allThreadsStopped": True,
        }
        if stop.breakpoint_ids:
            body["hitBreakpointIds"] = list(stop.breakpoint_ids)
        if stop.text:
            body["text"] = stop.text
        self.channel.event("stopped", body)

    def _thread_list(self, stop: Stop) -> list[dict]:
        assert self.debugger is not None
        threads = []
        if stop.thread_id is None:
            threads.append({"id": GAME_THREAD_ID,
                            "name": f"game (between threads, t={self.debugger.now:.2f})"})
        for info in self.debugger.threads():
            threads.append({"id": info.id, "name": f"{info.name} ({info.state}, {info.ops:,} ops)"})
        return threads

    def _report_breakpoints(self) -> None:
        """``breakpoint`` events for breakpoints whose verification or line changed since the
        client was told (a campaign's next mission loads another program)."""
        assert self.debugger is not None
        for bp in self.debugger.breakpoints():
            if bp.id in self._reported and self._reported[bp.id] != _bp_state(bp):
                self.channel.event("breakpoint", {"reason": "changed", "breakpoint": self._breakpoint(bp)})

    def _resume(self, mode: str, action: Callable[..., None], *args: Any) -> None:
        action(*args)
        self._resumed = True
        self._stop = None
        self._ref_names.clear()
        with self._lock:
            self._mode = mode

    # --------------------------------------------------------------- dispatch

    def _dispatch(self, request: dict) -> None:
        command = request.get("command", "")
        handler = getattr(self, "_on_" + command, None) if isinstance(command, str) else None
        if handler is None:
            self.channel.respond(request, error=f"unsupported request {command!r}")
            return
        args = request.get("arguments") or {}
        if not isinstance(args, dict):
            self.channel.respond(request, error=f"{command}: arguments must be an object")
            return
        try:
            body = handler(args)
        except (_Fail, DebugError, JassError, MapError) as exc:
            self.channel.respond(request, error=str(exc))
            return
        except Exception as exc:   # a bug: an error response, the traceback to stderr
            self.log(traceback.format_exc())
            self.channel.respond(request, error=f"internal error: {type(exc).__name__}: {exc}")
            return
        if command == "launch":
            self._launch = request       # answered at the entry stop (or with the load error)
        elif command == "disconnect":
            self._disconnect = request   # answered once the game is over
        else:
            self.channel.respond(request, body)
        after, self._after = self._after, []
        for send in after:
            send()

    def _need_game(self) -> Debugger:
        if self.debugger is None or self._launch is not None:
            raise _Fail("no game: send launch first")
        return self.debugger

    def _need_stop(self) -> Debugger:
        debugger = self._need_game()
        if self._ended:
            raise _Fail("the game is over")
        if self._stop is None:
            raise _Fail("the game is not stopped")
        return debugger

    # --------------------------------------------------------------- configuration

    def _on_initialize(self, args: dict) -> dict:
        self._line_base = 1 if args.get("linesStartAt1", True) else 0
        return capabilities()

    def _on_launch(self, args: dict) -> None:
        if self.debugger is not None:
            raise _Fail("launch: this session has launched its game already")
        cwd = Path(args["cwd"]) if isinstance(args.get("cwd"), str) else Path.cwd()
        program = args.get("program")
        if not isinstance(program, str) or not program:
            raise _Fail("launch: 'program' (a map, map folder, campaign folder or scenario file) is required")
        path = Path(os.path.abspath(cwd / program))
        if not path.exists():
            raise _Fail(f"launch: {path}: no such file or folder")
        api = args.get("api")
        if api is not None:
            if not isinstance(api, str):
                raise _Fail("launch: 'api' must be a folder path")
            api = os.path.abspath(cwd / api)
            if not Path(api).is_dir():
                raise _Fail(f"launch: {api}: not a folder")
        until = args.get("until", 1800.0)
        try:
            until = float(until) if isinstance(until, (int, float)) else parse_duration(str(until))
        except (TypeError, ValueError) as exc:
            raise _Fail(f"launch: bad 'until' {until!r}: {exc}") from None
        seed = args.get("seed", 0)
        local = args.get("localPlayer")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise _Fail("launch: 'seed' must be an integer")
        if local is not None and (not isinstance(local, int) or isinstance(local, bool)):
            raise _Fail("launch: 'localPlayer' must be a player id (an integer)")
        self._no_debug = bool(args.get("noDebug", False))
        self._stop_on_entry = bool(args.get("stopOnEntry", False))
        self.debugger = Debugger(str(path), api=api, until=until, seed=seed, local_player=local,
                                 frontend=self, stop_on_entry=True,
                                 break_on_failure=bool(args.get("breakOnFailure", True)))

    def _on_configurationDone(self, args: dict) -> None:
        debugger = self._need_game()
        if self._configured:
            raise _Fail("configurationDone: sent twice")
        self._configured = True
        if self._stop is None:
            return
        if self._stop_on_entry:
            stop = self._stop
            self._after.append(lambda: self._announce(stop))
        else:
            self._resume("continue", debugger.continue_)

    def _on_setBreakpoints(self, args: dict) -> dict:
        debugger = self._need_game()
        source = args.get("source") or {}
        name = self._source_name(source)
        specs = []
        for bp in args.get("breakpoints") or [{"line": line} for line in args.get("lines") or []]:
            specs.append({"line": int(bp.get("line", 0)) + 1 - self._line_base,
                          "condition": bp.get("condition") or None,
                          "hitCondition": bp.get("hitCondition") or None,
                          "logMessage": bp.get("logMessage") or None})
        if self._no_debug:
            return {"breakpoints": [{"verified": False, "message": "not debugging"} for _ in specs]}
        result = debugger.set_line_breakpoints(name, specs)
        return {"breakpoints": [self._breakpoint(bp, source) for bp in result]}

    def _on_setFunctionBreakpoints(self, args: dict) -> dict:
        debugger = self._need_game()
        specs = [{"name": str(bp.get("name", "")), "condition": bp.get("condition") or None,
                  "hitCondition": bp.get("hitCondition") or None}
                 for bp in args.get("breakpoints") or [] if isinstance(bp, dict)]
        if self._no_debug:
            return {"breakpoints": [{"verified": False, "message": "not debugging"} for _ in specs]}
        return {"breakpoints": [self._breakpoint(bp) for bp in debugger.set_function_breakpoints(specs)]}

    def _on_setExceptionBreakpoints(self, args: dict) -> dict:
        debugger = self._need_game()
        kinds = [f for f in args.get("filters") or [] if isinstance(f, str)]
        kinds += [o.get("filterId") for o in args.get("filterOptions") or []
                  if isinstance(o, dict) and isinstance(o.get("filterId"), str)]
        debugger.set_exception_filters([] if self._no_debug else sorted(set(kinds)))
        return {"breakpoints": [{"verified": True} for _ in kinds]}

    def _on_dataBreakpointInfo(self, args: dict) -> dict:
        debugger = self._need_game()
        name = str(args.get("name", ""))
        ref = args.get("variablesReference")
        if isinstance(ref, int) and ref in self._ref_names and name.startswith("["):
            name = self._ref_names[ref] + name      # an array element: udg_arr[3]
        frame = args.get("frameId")
        data_id, description = debugger.data_breakpoint_info(name, frame if isinstance(frame, int) else None)
        body: dict[str, Any] = {"dataId": data_id, "description": description}
        if data_id is not None:
            body["accessTypes"] = ["write"]
            body["canPersist"] = True
        return body

    def _on_setDataBreakpoints(self, args: dict) -> dict:
        debugger = self._need_game()
        ids = [bp.get("dataId") for bp in args.get("breakpoints") or [] if isinstance(bp, dict)]
        made = debugger.set_data_breakpoints([i for i in ids if isinstance(i, str)])
        return {"breakpoints": [self._breakpoint(bp) for bp in made]}

    def _breakpoint(self, bp, source: dict | None = None) -> dict:
        """A DAP Breakpoint for a core one (``source``: the client's own, echoed)."""
        self._reported[bp.id] = _bp_state(bp)
        out: dict[str, Any] = {"id": bp.id, "verified": bp.verified}
        if bp.message:
            out["message"] = bp.message
        if bp.line is not None:
            out["line"] = bp.line - 1 + self._line_base
        if source:
            out["source"] = source
        elif bp.file:
            out["source"] = self._source(bp.file, dict(self.debugger.sources()).get(bp.file))
        return out

    # --------------------------------------------------------------- running

    def _on_continue(self, args: dict) -> dict:
        self._resume("continue", self._need_stop().continue_)
        return {"allThreadsContinued": True}

    def _on_next(self, args: dict) -> None:
        self._resume("step", self._need_stop().step_over, self._thread_arg(args))

    def _on_stepIn(self, args: dict) -> None:
        self._resume("step", self._need_stop().step_in, self._thread_arg(args))

    def _on_stepOut(self, args: dict) -> None:
        self._resume("step", self._need_stop().step_out, self._thread_arg(args))

    def _on_stepBack(self, args: dict) -> None:
        self._resume("step", self._need_stop().step_back, self._thread_arg(args))

    def _on_reverseContinue(self, args: dict) -> None:
        self._resume("step", self._need_stop().reverse_continue)

    def _on_gotoTime(self, args: dict) -> None:
        """A custom request (the extension's "JASS: Go to Game Time"): ``{"time": seconds or a
        duration such as "2m30s"}``, forward or back; the stop's reason is ``goto``."""
        debugger = self._need_stop()
        value = args.get("time")
        try:
            seconds = float(value) if isinstance(value, (int, float)) else parse_duration(str(value))
        except (TypeError, ValueError) as exc:
            raise _Fail(f"gotoTime: bad time {value!r}: {exc}") from None
        self._resume("step", debugger.goto_time, seconds)

    def _on_pause(self, args: dict) -> None:
        """A pause read while stopped: a silent stop becomes a visible one; else nothing."""
        self._need_game()
        if self._silent and self._configured and self._stop is not None:
            stop = self._stop
            self._after.append(lambda: self._announce(
                Stop("pause", "paused", stop.thread_id, [], None)))

    def _on_terminate(self, args: dict) -> None:
        self._end_game()

    def _on_disconnect(self, args: dict) -> None:
        self._end_game()

    def _end_game(self) -> None:
        """End the game at this stop: ``run`` returns; exited and terminated follow."""
        if self._ended or self.debugger is None:
            return
        self._configured = True
        if self._stop is not None:
            self._resume("continue", self.debugger.terminate)

    def _thread_arg(self, args: dict) -> int | None:
        tid = args.get("threadId")
        return tid if isinstance(tid, int) and tid != GAME_THREAD_ID else None

    # --------------------------------------------------------------- inspection

    def _on_threads(self, args: dict) -> dict:
        return {"threads": list(self._threads)}

    def _on_stackTrace(self, args: dict) -> dict:
        debugger = self._need_stop()
        tid = args.get("threadId")
        if tid == GAME_THREAD_ID or not isinstance(tid, int):
            return {"stackFrames": [], "totalFrames": 0}
        frames = debugger.stack(tid)
        start = max(int(args.get("startFrame") or 0), 0)
        levels = int(args.get("levels") or 0)
        chosen = frames[start:start + levels] if levels > 0 else frames[start:]
        return {"stackFrames": [{"id": f.id, "name": f.function, "source": self._source(f.file, f.path),
                                 "line": f.line - 1 + self._line_base, "column": self._line_base}
                                for f in chosen],
                "totalFrames": len(frames)}

    def _on_scopes(self, args: dict) -> dict:
        debugger = self._need_stop()
        hints = {"Arguments": "arguments", "Locals": "locals"}
        scopes = []
        for scope in debugger.scopes(int(args.get("frameId", -1))):
            item = {"name": scope.name, "variablesReference": scope.ref, "expensive": scope.expensive}
            if scope.name in hints:
                item["presentationHint"] = hints[scope.name]
            scopes.append(item)
            if scope.name in ("Arguments", "Locals") or scope.name.endswith("globals"):
                self._ref_names[scope.ref] = ""      # its entries are variables by name
        return {"scopes": scopes}

    def _on_variables(self, args: dict) -> dict:
        debugger = self._need_stop()
        ref = int(args.get("variablesReference", 0))
        variables = debugger.variables(ref)
        start = max(int(args.get("start") or 0), 0)
        count = int(args.get("count") or 0)
        variables = variables[start:start + count] if count > 0 else variables[start:]
        owner = self._ref_names.get(ref)
        out = []
        for var in variables:
            item: dict[str, Any] = {"name": var.name, "value": var.value, "type": var.type,
                                    "variablesReference": var.ref}
            expression = _child_expression(owner, var.name)
            if expression is not None:
                item["evaluateName"] = expression
                if var.ref > 0:
                    self._ref_names[var.ref] = expression
            out.append(item)
        return {"variables": out}

    def _on_setVariable(self, args: dict) -> dict:
        debugger = self._need_stop()
        var = debugger.set_variable(int(args.get("variablesReference", 0)), str(args.get("name", "")),
                                    str(args.get("value", "")))
        return {"value": var.value, "type": var.type, "variablesReference": var.ref}

    def _on_evaluate(self, args: dict) -> dict:
        debugger = self._need_stop()
        expression = str(args.get("expression", "")).strip()
        if not expression:
            raise _Fail("evaluate: an empty expression")
        frame = args.get("frameId")
        var = debugger.evaluate(expression, frame if isinstance(frame, int) else None,
                                allow_side_effects=args.get("context", "repl") == "repl")
        if var.ref > 0:
            self._ref_names[var.ref] = expression
        return {"result": var.value, "type": var.type, "variablesReference": var.ref}

    def _on_exceptionInfo(self, args: dict) -> dict:
        self._need_stop()
        stop = self._stop
        assert stop is not None
        if stop.reason not in ("exception", "failure"):
            raise _Fail("exceptionInfo: the game did not stop on a crash or a failure")
        kind = stop.description.split(":", 1)[0] if stop.reason == "exception" else "scenario failure"
        return {"exceptionId": kind, "description": stop.description, "breakMode": "always",
                "details": {"message": stop.text or stop.description}}

    def _on_loadedSources(self, args: dict) -> dict:
        debugger = self._need_game()
        return {"sources": [self._source(name, path) for name, path in debugger.sources()]}

    def _on_source(self, args: dict) -> dict:
        debugger = self._need_game()
        ref = args.get("sourceReference") or (args.get("source") or {}).get("sourceReference")
        if isinstance(ref, int) and ref > 0:
            if ref not in self._ref_sources:
                raise _Fail(f"source: unknown sourceReference {ref}")
            name = self._ref_sources[ref]
        else:
            name = self._source_name(args.get("source") or {})
        return {"content": debugger.source_text(name), "mimeType": "text/x-jass"}

    # --------------------------------------------------------------- sources

    def _source(self, name: str, path: str | None) -> dict:
        """A DAP Source: by path when the file is on disk, else by a session reference."""
        if path:
            return {"name": Path(path).name, "path": path}
        if name not in self._source_refs:
            ref = len(self._source_refs) + 1
            self._source_refs[name] = ref
            self._ref_sources[ref] = name
        return {"name": name, "sourceReference": self._source_refs[name],
                "origin": "inside the map archive or API"}

    def _source_name(self, source: dict) -> str:
        """The name to give the core for a DAP Source the client sent."""
        ref = source.get("sourceReference")
        if isinstance(ref, int) and ref in self._ref_sources:
            return self._ref_sources[ref]
        for key in ("path", "name"):
            if isinstance(source.get(key), str) and source[key]:
                return source[key]
        raise _Fail("a source needs a path, a name or a sourceReference")


def _bp_state(bp) -> tuple:
    return bp.verified, bp.line, bp.message


def _child_expression(owner: str | None, name: str) -> str | None:
    """The JASS expression of a variable shown under ``owner`` ("" for a scope, None: not an
    lvalue): scope entries are variables by name, an array's children ``[i]`` its elements;
    the fields of an expanded handle (owner, life...) are not expressions."""
    if owner is None:
        return None
    if owner == "":
        return name
    if name.startswith("[") and name.endswith("]"):
        return owner + name
    return None


def _summary(result: dict) -> str:
    """The closing console line: outcome, game time, a scenario's failure."""
    time = result.get("time")
    when = f" at game time {time:.2f} s" if isinstance(time, (int, float)) else ""
    text = f"game over{when}: outcome {result.get('outcome') or 'none'}"
    if result.get("terminated"):
        text += " (terminated)"
    if result.get("failure"):
        text += f"\nscenario failed: {result['failure']}"
    return text


# ---------------------------------------------------------------------------- transports

def _stderr_log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _trace() -> Callable[[str], None] | None:
    """Protocol trace to stderr when ``JASS_DAP_TRACE`` is set (debugging a client)."""
    return _stderr_log if os.environ.get("JASS_DAP_TRACE") else None


def serve(port: int | None = None) -> int:
    """``jass debug --dap [--port N]``: stdio, or TCP sessions on 127.0.0.1:N until Ctrl-C.
    Returns the exit status (130 on Ctrl-C; 1 when the port cannot be opened)."""
    try:
        return serve_stdio() if port is None else serve_tcp(port)
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        _stderr_log(f"jass debug --dap: {exc}")
        return 1


def serve_stdio() -> int:
    """Serve one session on stdin/stdout. File descriptor 1 is moved aside for the protocol
    and pointed at stderr, so nothing the runtime prints can corrupt the channel."""
    protocol_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    writer = os.fdopen(protocol_fd, "wb", buffering=0)
    # unbuffered: the reader thread may still be blocked in a read when the session ends, and
    # a buffered stdin's lock would then abort the interpreter's shutdown
    reader = os.fdopen(os.dup(0), "rb", buffering=0)
    Session(Channel(reader, writer, _trace()), _stderr_log).serve()
    writer.close()
    return 0


def serve_tcp(port: int, host: str = "127.0.0.1", once: bool = False,
              ready: Callable[[int], None] | None = None) -> int:
    """Listen on ``host:port`` (0: a free port) and serve sessions one after another (each
    a new game) until interrupted; with ``once``, only the first. ``ready(port)`` is called
    once listening (the command line prints the port to stderr)."""
    with socket.create_server((host, port)) as server:
        bound = server.getsockname()[1]
        (ready or (lambda p: _stderr_log(f"jass debug --dap: listening on {host}:{p}")))(bound)
        while True:
            conn, _addr = server.accept()
            with conn:
                stream = conn.makefile("rwb", buffering=0)
                Session(Channel(stream, stream, _trace()), _stderr_log).serve()
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            if once:
                return 0
