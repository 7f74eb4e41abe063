"""An in-process DAP client for the tests of ``debugger.dap``: a ``Session`` served on a
background thread over two pipes, and a client that sends requests and waits for responses
and events with timeouts (so a broken adapter fails a test instead of hanging it)."""
from __future__ import annotations

import os
import queue
import threading

from debugger.dap import Channel, Session, encode_message, read_message

TIMEOUT = float(os.environ.get("JASS_DAP_TEST_TIMEOUT", 60))   # wall seconds for one answer (a map load on a slow CI)


class DapClient:
    """Talks to one ``Session`` running on its own thread ("the game thread")."""

    def __init__(self) -> None:
        to_adapter_r, self._to_adapter = os.pipe()
        self._from_adapter, from_adapter_w = os.pipe()
        adapter_in = os.fdopen(to_adapter_r, "rb", buffering=0)
        adapter_out = os.fdopen(from_adapter_w, "wb", buffering=0)
        self.log: list[str] = []
        self.session = Session(Channel(adapter_in, adapter_out), self.log.append)
        self._game = threading.Thread(target=self._serve, args=(adapter_in, adapter_out), daemon=True)
        self._inbox: queue.Queue = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._seq = 0
        self.events: list[dict] = []       # every event seen, in order
        self._pending: list[dict] = []     # messages read but not consumed yet
        self._game.start()
        self._reader.start()

    def _serve(self, adapter_in, adapter_out) -> None:
        try:
            self.session.serve()
        finally:
            adapter_out.close()

    def _read(self) -> None:
        stream = os.fdopen(self._from_adapter, "rb", buffering=0)
        while True:
            message = read_message(stream)
            self._inbox.put(message)
            if message is None:
                return

    def send(self, command: str, arguments: dict | None = None) -> int:
        """Send a request; returns its seq."""
        self._seq += 1
        message = {"seq": self._seq, "type": "request", "command": command}
        if arguments is not None:
            message["arguments"] = arguments
        os.write(self._to_adapter, encode_message(message))
        return self._seq

    def send_raw(self, data: bytes) -> None:
        os.write(self._to_adapter, data)

    def close(self) -> None:
        """End of the stream to the adapter (the client went away); closing twice is harmless."""
        if self._to_adapter >= 0:
            os.close(self._to_adapter)
            self._to_adapter = -1

    def _next(self, timeout: float) -> dict | None:
        message = self._inbox.get(timeout=timeout)
        if message is not None and message.get("type") == "event":
            self.events.append(message)
        return message

    def wait(self, match, timeout: float = TIMEOUT) -> dict:
        """The first unconsumed message for which ``match(message)`` is true."""
        for i, message in enumerate(self._pending):
            if match(message):
                return self._pending.pop(i)
        while True:
            try:
                message = self._next(timeout)
            except queue.Empty:
                raise AssertionError(f"no matching message within {timeout} s; unconsumed: "
                                     f"{self._pending[-5:]}") from None
            if message is None:
                raise AssertionError("the adapter closed the connection")
            if match(message):
                return message
            self._pending.append(message)

    def request(self, command: str, arguments: dict | None = None, ok: bool = True) -> dict:
        """Send a request and wait for its response; with ``ok`` it must succeed."""
        seq = self.send(command, arguments)
        response = self.wait(lambda m: m.get("type") == "response" and m.get("request_seq") == seq)
        if ok:
            assert response["success"], f"{command} failed: {response.get('message')}"
        return response

    def event(self, name: str, timeout: float = TIMEOUT) -> dict:
        """Wait for the next event ``name``."""
        return self.wait(lambda m: m.get("type") == "event" and m.get("event") == name, timeout)

    def outputs(self, category: str | None = None) -> list[str]:
        """The output texts seen so far (consumed or not), of one category or all."""
        seen = self.events + [m for m in self._pending if m.get("type") == "event"]
        return [e["body"]["output"] for e in seen if e["event"] == "output"
                and (category is None or e["body"]["category"] == category)]

    def drain(self, timeout: float = TIMEOUT) -> None:
        """Read until the adapter closes its side."""
        while True:
            message = self._next(timeout)
            if message is None:
                return
            self._pending.append(message)

    def join(self, timeout: float = TIMEOUT) -> None:
        self._game.join(timeout)
        assert not self._game.is_alive(), "the session did not end"
