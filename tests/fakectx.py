"""A small stand-in for the VM's native context, for testing natives without the VM.

``code`` and ``boolexpr`` values are plain Python callables taking the context:
``run_code(code, **response)`` and ``eval_filter(boolexpr, **response)`` call them in a new
"thread" whose response dict is ``response`` (so ``GetEnumUnit``/``GetFilterUnit`` work),
then restore the caller's thread.
"""
from __future__ import annotations

from natives.game import Game
from natives.registry import NATIVES


class FakeCrash(Exception):
    """Raised by ``FakeCtx.crash``: the calling JASS thread would end here."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


class FakeThread:
    def __init__(self, response: dict | None = None) -> None:
        self.response = dict(response or {})


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

    def _in_thread(self, fn, response):
        saved = self.thread
        self.thread = FakeThread(response)
        try:
            return fn(self)
        finally:
            self.thread = saved

    def run_code(self, code, **response):
        self.ran.append(code)
        return self._in_thread(code, response)

    def eval_filter(self, boolexpr, **response) -> bool:
        if boolexpr is None:
            return True
        return bool(self._in_thread(boolexpr, response))

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
