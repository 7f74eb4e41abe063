"""A game session: the game-state model and the VM wired together for one mission.

``GameSession`` owns a ``Game`` (the model) and a ``VM`` running a compiled program; it
gives the VM the model's scheduler (one clock) and ``thread_response`` as the threads' response
factory, connects handle reference counts. ``load_natives`` (the complete registry) and ``bind_natives``
(what a run binds) are re-exported from ``natives.library``.
"""
from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False   # typing.TYPE_CHECKING, without importing typing (issue 17: start-up)

from jassvm.bytecode import OP_LIMIT

from natives import library
from natives.library import NATIVE_MODULES, bind_natives, load_natives  # noqa: F401  (re-exported)

if TYPE_CHECKING:
    from jassvm.compiler import CompiledProgram
    from jassvm.thread import Thread

# The game model (natives.game and the stores it imports) and the VM are imported when a session
# is made: loading a program and binding its natives (bind_natives) imports neither (issue 17).


def max_players_for(program: CompiledProgram) -> int:
    """28 player slots for API sets with 24 players (1.29+, S129), else 16."""
    return 28 if "GetBJMaxPlayers" in program.functions else 16


class GameSession:
    """One mission: ``game`` (the model) + ``vm`` (the running program).

    Args:
        program: the compiled script (common.j + Blizzard.j + map).
        seed: random seed for the model and ``GetRandom*``.
        local_player: the player id ``GetLocalPlayer`` returns.
        sandbox_dir: the only folder game caches may be written to.
        op_limit: ops per uninterrupted thread run (S093).

    ``identity`` (what program this is: ``maps.runner.Mission.identity``) and ``meta`` (where
    it came from) are written into saves (``save_bytes``); the map layer sets them. The
    game's ``save_writer`` is ``save_bytes``, so the save natives can write whole games.
    """

    def __init__(self, program: CompiledProgram, *, seed: int = 0, local_player: int = 0,
                 sandbox_dir: str | None = None, op_limit: int = OP_LIMIT,
                 max_players: int | None = None):
        from jassvm.vm import VM
        from natives.game import Game
        from natives.handles import Handle
        from natives.response import thread_response

        self.program = program
        self.game = Game(seed=seed, local_player=local_player,
                         max_players=max_players or max_players_for(program), sandbox_dir=sandbox_dir)
        # the model's modules are imported now: their natives are called without stand-ins
        library.resolve(program.functions.values())
        # One clock: model transitions, timers and sleeping threads share the game's queue.
        self.vm = VM(program, game=self.game, op_limit=op_limit, scheduler=self.game.scheduler,
                     new_response=thread_response)
        self.game.vm = self.vm
        handles = self.game.handles
        self.vm.retain = _handle_hook(handles.retain, Handle)
        self.vm.release = _handle_hook(handles.release, Handle)
        self.identity: dict = {}
        self.meta: dict = {}
        self.game.save_writer = self.save_bytes

    def save_bytes(self) -> bytes:
        """A save file of the whole game now (``natives.snapshot.write_save``). Raises
        SnapshotError when called with JASS on the stack or the state is not data."""
        from natives.snapshot import write_save
        return write_save(self, self.identity, self.meta)

    def start(self, after_config: Callable[["GameSession"], None] | None = None) -> None:
        """Load the script as the game does: global initialisers, ``config()``, ``main()`` (S119).

        ``after_config(session)`` runs between the two, when the lobby's player slots are known.
        """
        self.vm.run_init()
        if "config" in self.program.functions:
            self.vm.call("config", kind="main")
        if after_config is not None:
            after_config(self)
        if "main" in self.program.functions:
            self.vm.call("main", kind="main")

    def set_local_player(self, pid: int) -> None:
        """Make ``pid`` the player at this machine (``GetLocalPlayer``) and its human user."""
        if self.game.players.get(pid) is None:
            raise ValueError(f"player {pid} does not exist")
        self.game.local_player_id = pid
        self.game.human_players = {pid}

    def first_user_player(self) -> int | None:
        """The lowest-numbered player slot ``config()`` gave to a user (campaign: the player)."""
        from natives.players import MAP_CONTROL_USER
        for p in self.game.players:
            if p.controller == MAP_CONTROL_USER and p.id < self.game.players.bj_max_players:
                return p.id
        return None

    def call(self, name: str, kind: str = "main") -> Thread:
        return self.vm.call(name, kind=kind)

    def advance(self, seconds: float, stop: Callable[[], bool] | None = None) -> None:
        """Simulate ``seconds`` of game time."""
        self.vm.advance(seconds, stop)

    @property
    def now(self) -> float:
        return self.vm.scheduler.now


def _handle_hook(fn: Callable, handle: type) -> Callable:
    def hook(value):
        if isinstance(value, handle):
            fn(value)
    return hook
