"""A small stand-in for the VM's native context, for testing natives without the VM.

``code`` and ``boolexpr`` values are plain Python callables taking the context:
``run_code(code, **fields)`` and ``eval_filter(boolexpr, **fields)`` call them in a new
"thread" whose response is ``Response(**fields)`` (so ``GetEnumUnit``/``GetFilterUnit``
work), then restore the caller's thread.
"""
from __future__ import annotations

from natives.game import Game
from natives.registry import NATIVES
from natives.response import Response


class FakeCrash(Exception):
    """Raised by ``FakeCtx.crash``: the calling JASS thread would end here."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


class FakeThread:
    def __init__(self, response: Response | None = None) -> None:
        self.response = response if response is not None else Response()


class FakeCtx:
    """``.game``, ``.now`` (the game's time), ``.thread.response``, ``run_code``,
    ``eval_filter``, ``crash`` (raises FakeCrash), ``warn`` (appends to ``.warnings``)."""

    def __init__(self, game: Game | None = None, **game_kwargs) -> None:
        self.game = game if game is not None else Game(**game_kwargs)
        self.vm = None
        self.thread = FakeThread()
        self.warnings: list[str] = []
        self.ran: list = []  # code values run, in order

    @property
    def now(self) -> float:
        return self.game.now

    @now.setter
    def now(self, value: float) -> None:
        self.game.now = value

    def _in_thread(self, fn, fields):
        saved = self.thread
        self.thread = FakeThread(Response(**fields))
        try:
            return fn(self)
        finally:
            self.thread = saved

    def run_code(self, code, **fields):
        self.ran.append(code)
        return self._in_thread(code, fields)

    def eval_filter(self, boolexpr, **fields) -> bool:
        if boolexpr is None:
            return True
        return bool(self._in_thread(boolexpr, fields))

    def crash(self, kind: str, message: str):
        raise FakeCrash(kind, message)

    def warn(self, message: str) -> None:
        self.warnings.append(message)

    def call(self, name: str, *args):
        """Call the registered native ``name`` with this context."""
        return NATIVES[name].func(self, *args)

    def __getattr__(self, name: str):
        # ctx.Foo(...) shorthand for registered natives (names start with a capital)
        if name[:1].isupper() and name in NATIVES:
            func = NATIVES[name].func
            return lambda *args: func(self, *args)
        raise AttributeError(name)
