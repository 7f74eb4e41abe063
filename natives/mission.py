"""Mission outcome, game difficulty and campaign flags (S141-S144).

Model
    ``game.outcome`` is an ``Outcome``:

    - ``results``: player id -> ``"victory"``, ``"defeat"``, ``"tie"`` or ``"neutral"``, set by
      ``RemovePlayer(p, PLAYER_GAME_RESULT_*)`` (S141: VICTORY 0, DEFEAT 1, TIE 2, NEUTRAL 3);
      a player without an entry has no result (``result_of`` gives ``None``);
    - ``ended`` (bool), ``reason`` (``"end_game"``, ``"change_level"``, ``"restart"`` or
      ``"quit"``), ``score_screen`` (bool) and ``next_level`` (map path or ``None``): how the
      mission ended for the local player;
    - ``restart``: True when it ended through ``RestartGame``;
    - ``left``: ids of other human players who left through a quit button;
    - ``load_dialog_requests`` (``DisplayLoadDialog`` calls);
    - ``campaign``: a ``Campaign`` with the profile flags a mission sets for the campaign
      menu (missions/campaigns/cinematics available, tutorial cleared, menu race, custom
      campaign buttons, default difficulty, restart disabled). A campaign run carries it to
      the next mission.

    Natives Blizzard.j's victory/defeat code reaches that live elsewhere: ``IsNoVictoryCheat``
    / ``IsNoDefeatCheat`` and ``Get/SetIntegerGameState`` (``natives.core``: ``game.cheats``,
    ``game.game_states``), ``GetPlayerController`` (``natives.players``), ``PauseGame``
    (``natives.timers``: freezes timers and the day clock), ``DoNotSaveReplay``,
    ``EnableUserControl``/``EnableUserUI`` (``natives.cinematics``), triggers, text, sounds.

    ``game.ended`` and ``game.next_level`` mirror ``outcome.ended`` / ``outcome.next_level``
    (the runner stops a run once ``game.ended`` is true). ``game.difficulty`` is the game
    difficulty as an integer (``MAP_DIFFICULTY_EASY`` 0, ``NORMAL`` 1, ``HARD`` 2, ``INSANE``
    3; common.j), ``NORMAL`` unless the scenario assigns it before the run.

How a mission ends (Blizzard.j, S142-S143)
    ``RemovePlayer`` only decides the player's result: the game goes on (Blizzard.j's melee
    dialogs offer "continue"). The mission ends for the local player through ``EndGame``,
    ``ChangeLevel`` (the only way to the next mission, S143), ``RestartGame`` or a quit button
    (``DialogAddQuitButton``, ``player_quit``). This runtime plays the local player's client,
    so those natives end the run; the first end wins and later calls are ignored with a
    warning. ``CustomVictoryBJ(p, true, ...)`` shows a dialog: the run continues until a
    scenario clicks "Continue" (``ChangeLevel``/``EndGame``) or "Quit Mission" (``EndGame``).
    ``CustomVictoryBJ(p, false, ...)`` ends at once. ``CustomDefeatBJ`` always shows a dialog
    (S143; Restart -> ``RestartGame``, Reduce Difficulty -> ``SetGameDifficulty`` +
    ``RestartGame``, Load -> ``DisplayLoadDialog``, Quit -> ``EndGame``).

Timeline (kinds of ``natives.timeline``)
    ``victory`` (player) / ``defeat`` (player, message) for ``RemovePlayer`` with VICTORY /
    DEFEAT, for every player (``RemovePlayer`` carries no message in 1.30.4: ``message`` is
    ``""``; a custom defeat text is the title of the ``dialog_shown`` entry that follows);
    ``next_level`` (level) then ``game_over`` (reason) when the mission ends. TIE and NEUTRAL
    results change the model only (no timeline kind).

Model events (``game.publish``)
    ``PlayerLeft`` when a non-local player quits through a quit button (for
    ``EVENT_PLAYER_LEAVE``).

    ``RemovePlayer`` fires no ``EVENT_PLAYER_VICTORY`` (14) / ``EVENT_PLAYER_DEFEAT`` (13):
    those events are the game's own victory and defeat (its cheat codes), which campaign
    maps answer with "Victory Cheat" / "Defeat Cheat" triggers that run the mission's own
    ending. Evidence: Blizzard's Orc03 registers ``gg_trg_Victory_Cheat`` on
    ``TriggerRegisterPlayerEventVictory(Player(0))`` with no condition, running
    ``Level_Victory`` (``CustomVictoryBJ`` -> ``RemovePlayer(VICTORY)``), and
    ``gg_trg_Defeat_Cheat`` on the defeat event running ``Level_Defeat`` (``CustomDefeatBJ``
    -> ``RemovePlayer(DEFEAT)``): were the events fired by ``RemovePlayer``, every won or lost
    Orc03 would run its ending twice and show a second victory or defeat dialog, which the
    shipped campaign does not do (the issue 18 report: this runtime showed two).
    jassdoc documents no such firing (``GetTriggerPlayer``'s ``@event`` notes only say the
    events carry a player); this corrects S144's last sentence. The cheats
    ``allyourbasearebelongtous`` / ``somebodysetupusthebomb`` (``Cheat``, ``natives.core``)
    publish them (``PlayerVictory`` / ``PlayerDefeat``, ``natives.modelevents``).
    Test: ``tests/test_mission.py::test_remove_player_fires_no_victory_or_defeat_event``.

Project choices (not researched)
    - a second ``RemovePlayer`` of a removed player keeps the first result (warning);
    - ``GetDefaultDifficulty`` is what ``SetDefaultDifficulty`` set, else the difficulty the
      mission started with (``game.difficulty`` when a difficulty native first ran);
    - ``GetCustomCampaignButtonVisible`` is false until set.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from dataclasses import field

from jassvm.records import record
from natives.builtin import CONSTANTS, constant
from natives.handles import enum_handle, enum_value
from natives.modelevents import PlayerLeft
from natives.registry import native
from natives.sandbox import Sandbox, SandboxError, check_name

# common.j 1.30.4 values
PLAYER_GAME_RESULT_VICTORY, PLAYER_GAME_RESULT_DEFEAT = 0, 1
PLAYER_GAME_RESULT_TIE, PLAYER_GAME_RESULT_NEUTRAL = 2, 3
RESULT_NAMES = {PLAYER_GAME_RESULT_VICTORY: "victory", PLAYER_GAME_RESULT_DEFEAT: "defeat",
                PLAYER_GAME_RESULT_TIE: "tie", PLAYER_GAME_RESULT_NEUTRAL: "neutral"}
MAP_DIFFICULTY_EASY, MAP_DIFFICULTY_NORMAL = 0, 1
MAP_DIFFICULTY_HARD, MAP_DIFFICULTY_INSANE = 2, 3
_SLOT_LEFT = 2  # PLAYER_SLOT_STATE_LEFT


@record(slots=False)
class Campaign:
    """Campaign-menu flags a mission sets (common.j "Campaign API"); ``None`` = never set."""

    tutorial_cleared: bool | None = None
    missions_available: dict[tuple[int, int], bool] = field(default_factory=dict)
    campaigns_available: dict[int, bool] = field(default_factory=dict)
    opening_cinematics: dict[int, bool] = field(default_factory=dict)
    ending_cinematics: dict[int, bool] = field(default_factory=dict)
    default_difficulty: int | None = None
    menu_race: int | None = None
    """``SetCampaignMenuRace``: the race's common.j value."""
    menu_campaign: int | None = None
    """``SetCampaignMenuRaceEx``: the campaign index."""
    force_select_screen: bool = False
    custom_campaign_buttons: dict[int, bool] = field(default_factory=dict)
    restart_disabled: bool = False


class Outcome(Mapping):
    """``game.outcome`` (see the module doc). It is also a read-only mapping player id ->
    result (the ``results`` dict): ``game.outcome.get(0) == "victory"``, ``dict(outcome)``."""

    __hash__ = object.__hash__

    def __init__(self, game) -> None:
        self.game = game
        self.results: dict[int, str] = {}
        self.ended = False
        self.reason: str | None = None
        self.score_screen: bool | None = None
        self.next_level: str | None = None
        self.restart = False
        self.left: set[int] = set()
        self.load_dialog_requests = 0
        self.campaign = Campaign()
        self.start_difficulty: int | None = None

    # -- queries ------------------------------------------------------------------------
    def __getitem__(self, pid: int) -> str:
        return self.results[pid]

    def __iter__(self):
        return iter(sorted(self.results))

    def __len__(self) -> int:
        return len(self.results)

    def __eq__(self, other):
        return self is other

    def __repr__(self) -> str:
        return f"<outcome {self.summary()}>"

    def result_of(self, player) -> str | None:
        """``"victory"``/``"defeat"``/``"tie"``/``"neutral"`` or ``None`` (player or id)."""
        pid = player if isinstance(player, int) else player.id
        return self.results.get(pid)

    def summary(self) -> dict:
        """Plain data for reports and scenario expectations."""
        return {"ended": self.ended, "reason": self.reason, "score_screen": self.score_screen,
                "next_level": self.next_level, "restart": self.restart,
                "results": dict(sorted(self.results.items())), "left": sorted(self.left)}

    # -- changes ------------------------------------------------------------------------
    def remove_player(self, player, result: int) -> None:
        """``RemovePlayer``: give ``player`` its result, record and publish (module doc)."""
        name = RESULT_NAMES.get(result)
        if name is None:
            self.game.warn(f"RemovePlayer({player!r}) with unknown playergameresult {result}: "
                           "ignored")
            return
        previous = self.results.get(player.id)
        if previous is not None:
            self.game.warn(f"RemovePlayer({player!r}, {name}): the player was already removed "
                           f"with result {previous}; the first result stands")
            return
        self.results[player.id] = name
        if result == PLAYER_GAME_RESULT_VICTORY:   # no EVENT_PLAYER_VICTORY (module doc)
            self.game.record("victory", player=player.id)
        elif result == PLAYER_GAME_RESULT_DEFEAT:  # no EVENT_PLAYER_DEFEAT (module doc)
            self.game.record("defeat", player=player.id, message="")

    def end(self, reason: str, score_screen: bool, next_level: str | None = None) -> bool:
        """End the mission for the local player; False (and a warning) if it already ended."""
        if self.ended:
            self.game.warn(f"mission already ended ({self.reason}); ignoring {reason}")
            return False
        self.ended = True
        self.reason = reason
        self.score_screen = bool(score_screen)
        self.next_level = next_level
        self.restart = reason == "restart"
        self.game.ended = True
        self.game.next_level = next_level
        if next_level is not None:
            self.game.record("next_level", level=next_level)
        self.game.record("game_over", reason=reason)
        return True

    def quit(self, player, score_screen: bool) -> None:
        """A quit button clicked by ``player`` (see ``player_quit``)."""
        if player.id == self.game.local_player_id:
            self.end("quit", score_screen)
            return
        if player.id in self.left:
            return
        self.left.add(player.id)
        player.slot_state = _SLOT_LEFT
        self.game.publish(PlayerLeft(player))


    # -- difficulty ---------------------------------------------------------------------
    def _capture_start(self) -> None:
        if self.start_difficulty is None:
            self.start_difficulty = difficulty_of(self.game)

    def default_difficulty(self) -> int:
        self._capture_start()
        if self.campaign.default_difficulty is not None:
            return self.campaign.default_difficulty
        return self.start_difficulty

    def set_difficulty(self, value: int) -> None:
        self._capture_start()
        self.game.difficulty = value


def outcome(game) -> Outcome:
    """``game.outcome``, built on first use."""
    return game.outcome


def difficulty_of(game) -> int:
    """``game.difficulty`` as an integer (it may also be assigned a ``gamedifficulty``)."""
    d = game.difficulty
    return d if isinstance(d, int) else enum_value(d, MAP_DIFFICULTY_NORMAL)


def player_quit(game, player, score_screen: bool) -> None:
    """``player`` clicked a quit button (``DialogAddQuitButton``, S148): for the local player
    the mission ends (``game_over`` reason ``quit``; ``score_screen`` tells whether the score
    screen follows); another player leaves the game (slot state LEFT, ``PlayerLeft``
    published). The player's result is not changed."""
    outcome(game).quit(player, score_screen)


# ---------------------------------------------------------------------------------------
# Natives: results and the end of the mission
# ---------------------------------------------------------------------------------------

@native("RemovePlayer", "takes player whichPlayer, playergameresult gameResult returns nothing")
def RemovePlayer(ctx, p, result):
    """Give ``whichPlayer`` its result (S141-S144); the game goes on (module doc)."""
    if p is None or result is None:
        return
    outcome(ctx.game).remove_player(p, result.value)


@native("EndGame", "takes boolean doScoreScreen returns nothing")
def EndGame(ctx, score_screen):
    """End the mission (to the score screen when ``doScoreScreen``); no next level (S143)."""
    outcome(ctx.game).end("end_game", score_screen)


@native("ChangeLevel", "takes string newLevel, boolean doScoreScreen returns nothing")
def ChangeLevel(ctx, level, score_screen):
    """End the mission and go to map ``newLevel`` (a path relative to the game folder, as
    given; S143). ``game.next_level`` is that path. Issued while a scripted ``SaveGame`` is
    pending, it waits for that save and happens only if the save succeeds (seed 004)."""
    if level and _saves(ctx).defer_change_level(level, score_screen):
        return
    if not level:
        ctx.warn(f"ChangeLevel with an empty map name ({level!r}): the mission ends without "
                 "a next level")
        outcome(ctx.game).end("change_level", score_screen)
        return
    outcome(ctx.game).end("change_level", score_screen, level)


@native("RestartGame", "takes boolean doScoreScreen returns nothing")
def RestartGame(ctx, score_screen):
    """End the mission so that it starts again (``outcome.restart``; S143 defeat dialog)."""
    outcome(ctx.game).end("restart", score_screen)


@native("DisplayLoadDialog", "takes nothing returns nothing")
def DisplayLoadDialog(ctx):
    """Open the load-game menu: counted in ``outcome.load_dialog_requests``; a local run has
    no saved games to pick, so nothing else happens."""
    outcome(ctx.game).load_dialog_requests += 1


@native("DisableRestartMission", "takes boolean flag returns nothing")
def DisableRestartMission(ctx, flag):
    """Grey out the menu's "Restart Mission" (``outcome.campaign.restart_disabled``)."""
    outcome(ctx.game).campaign.restart_disabled = bool(flag)


# ---------------------------------------------------------------------------------------
# Natives: difficulty
# ---------------------------------------------------------------------------------------

@native("SetGameDifficulty", "takes gamedifficulty whichdifficulty returns nothing")
def SetGameDifficulty(ctx, d):
    """Set ``game.difficulty`` (Blizzard.j's defeat dialog lowers it, S143)."""
    if d is not None:
        outcome(ctx.game).set_difficulty(d.value)


@native("GetGameDifficulty", "takes nothing returns gamedifficulty", constant=True)
def GetGameDifficulty(ctx):
    """``game.difficulty`` (``MAP_DIFFICULTY_NORMAL`` unless configured)."""
    return enum_handle("gamedifficulty", difficulty_of(ctx.game))


@native("GetDefaultDifficulty", "takes nothing returns gamedifficulty")
def GetDefaultDifficulty(ctx):
    """The campaign's default difficulty (module doc); Blizzard.j restores it after a victory
    or a quit (S142)."""
    return enum_handle("gamedifficulty", outcome(ctx.game).default_difficulty())


@native("SetDefaultDifficulty", "takes gamedifficulty g returns nothing")
def SetDefaultDifficulty(ctx, d):
    if d is not None:
        outcome(ctx.game).campaign.default_difficulty = d.value


# ---------------------------------------------------------------------------------------
# Natives: campaign flags (kept in outcome.campaign)
# ---------------------------------------------------------------------------------------

@native("SetTutorialCleared", "takes boolean cleared returns nothing")
def SetTutorialCleared(ctx, cleared):
    outcome(ctx.game).campaign.tutorial_cleared = bool(cleared)


@native("SetMissionAvailable", "takes integer campaignNumber, integer missionNumber, boolean available returns nothing")
def SetMissionAvailable(ctx, campaign, mission, available):
    outcome(ctx.game).campaign.missions_available[(campaign, mission)] = bool(available)


@native("SetCampaignAvailable", "takes integer campaignNumber, boolean available  returns nothing")
def SetCampaignAvailable(ctx, campaign, available):
    outcome(ctx.game).campaign.campaigns_available[campaign] = bool(available)


@native("SetOpCinematicAvailable", "takes integer campaignNumber, boolean available  returns nothing")
def SetOpCinematicAvailable(ctx, campaign, available):
    outcome(ctx.game).campaign.opening_cinematics[campaign] = bool(available)


@native("SetEdCinematicAvailable", "takes integer campaignNumber, boolean available  returns nothing")
def SetEdCinematicAvailable(ctx, campaign, available):
    outcome(ctx.game).campaign.ending_cinematics[campaign] = bool(available)


@native("SetCustomCampaignButtonVisible", "takes integer whichButton, boolean visible returns nothing")
def SetCustomCampaignButtonVisible(ctx, button, visible):
    outcome(ctx.game).campaign.custom_campaign_buttons[button] = bool(visible)


@native("GetCustomCampaignButtonVisible", "takes integer whichButton returns boolean")
def GetCustomCampaignButtonVisible(ctx, button):
    """What ``SetCustomCampaignButtonVisible`` set, false before (module doc)."""
    return outcome(ctx.game).campaign.custom_campaign_buttons.get(button, False)


@native("SetCampaignMenuRace", "takes race r returns nothing")
def SetCampaignMenuRace(ctx, race):
    """Deprecated form of ``SetCampaignMenuRaceEx`` (common.j comment); stores the race."""
    if race is not None:
        outcome(ctx.game).campaign.menu_race = race.value


@native("SetCampaignMenuRaceEx", "takes integer campaignIndex returns nothing")
def SetCampaignMenuRaceEx(ctx, index):
    outcome(ctx.game).campaign.menu_campaign = index


@native("ForceCampaignSelectScreen", "takes nothing returns nothing")
def ForceCampaignSelectScreen(ctx):
    outcome(ctx.game).campaign.force_select_screen = True


# ---------------------------------------------------------------------------------------
# Game attributes (game.outcome, game.difficulty, game.ended, game.next_level)
# ---------------------------------------------------------------------------------------

def initial_difficulty() -> int:
    """Value of ``game.difficulty`` until assigned: ``MAP_DIFFICULTY_NORMAL``."""
    return MAP_DIFFICULTY_NORMAL


def not_ended() -> bool:
    """Value of ``game.ended`` until the mission ends."""
    return False


def no_next_level() -> None:
    """Value of ``game.next_level`` until ``ChangeLevel``."""
    return None


# ---------------------------------------------------------------------------------------
# Saved games (SaveGame, LoadGame, SaveGameExists, CopySaveGame, save directories)
# ---------------------------------------------------------------------------------------

SAVE_SUFFIX = ".w3z"
SAVES_FOLDER = "saves"
MAX_SAVE_BYTES = 64 << 20
"""Largest save file ``CopySaveGame`` copies."""


class SaveFiles:
    """``game.saves``: the saved-game files of a run, kept **only inside the sandbox**
    (``<game.sandbox_dir>/saves``; in memory when the game has no sandbox).

    Save names are the game's relative save paths (``"Zones\\OrcX01.w3z"``): ``\\`` and ``/``
    separate folders, every part must be a safe file name (``natives.sandbox.check_name``:
    no ``..``, drive letters, control characters or device names), and a name without the
    ``.w3z`` suffix gets it (as the game adds its save extension). A refused name is a
    warning and the operation fails.

    Files are read, written, renamed and removed only through ``natives.sandbox.Sandbox``
    (``box``, rooted at the sandbox folder, every path starting with ``saves``): a symbolic
    link or special file anywhere below the sandbox folder (``saves`` itself included) is
    never followed. Such a refusal is a warning and the native returns false; a link
    planted at a save file's own name is replaced by ``SaveGame``, never written through.

    Saves are whole games (``natives.snapshot``, docs/save-format.md), written by the
    session's ``game.save_writer`` (seed 004's save lifecycle):

    - ``SaveGame``/``SaveGameCheckpoint`` from JASS are *deferred internal saves*: the
      request is queued (``pending``, plain data) and a ``scripted_save`` scheduler entry
      writes the save at the next point where no JASS is on the stack. They do not fire
      ``EVENT_GAME_SAVE``. A ``ChangeLevel`` issued while such a save is pending waits for it
      and happens only when the save succeeded.
    - ``player_save`` is what the ESC menu does: ``EVENT_GAME_SAVE`` handlers first (a
      runtime error there aborts the save), then the save is written.
    - ``LoadGame`` of an existing save sets ``load_request``; the map layer stops the clock,
      restores the save into a fresh session and fires ``EVENT_GAME_LOADED`` with
      ``MAP_RELOADED`` set (``maps.runner``). A missing or unreadable save does nothing but
      warn, and the running game goes on.
    """

    def __init__(self, game) -> None:
        self.game = game
        sandbox = game.sandbox_dir
        self.root = None if sandbox is None else Path(sandbox) / SAVES_FOLDER
        self.box = None if sandbox is None else Sandbox(sandbox)
        self.memory: dict[str, bytes] = {}   # relative posix path -> contents (no sandbox)
        self.pending: list[dict] = []          # deferred scripted saves, oldest first
        self.load_request: dict | None = None  # {"name", "score_screen"} after LoadGame
        game.scheduler.register("scripted_save", self._scripted_save)

    # -- names --------------------------------------------------------------------------
    def parts(self, name: str | None, *, file: bool) -> list[str] | None:
        """The folder/file parts of a save name, or None (with a warning) when refused."""
        text = (name or "").replace("\\", "/")
        parts = [p for p in text.split("/") if p != ""]
        if not parts or text.startswith("/"):
            self.game.warn(f"save name {name!r} refused: empty or absolute")
            return None
        for part in parts:
            why = check_name(part)
            if why is not None:
                self.game.warn(f"save name {name!r} refused: {why}")
                return None
        if file and not parts[-1].lower().endswith(SAVE_SUFFIX):
            parts[-1] += SAVE_SUFFIX
        return parts

    @staticmethod
    def _in_box(parts: list[str]) -> list[str]:
        return [SAVES_FOLDER, *parts]

    # -- files --------------------------------------------------------------------------
    def exists(self, name: str | None) -> bool:
        """Whether the save file ``name`` exists (False for a refused name, and for a path
        through a link or to something other than a regular file)."""
        parts = self.parts(name, file=True)
        if parts is None:
            return False
        if self.box is None:
            return "/".join(parts) in self.memory
        return self.box.is_file(self._in_box(parts))

    def read(self, parts: list[str]) -> bytes | None:
        """The contents of a save file, None when it does not exist or is refused (link,
        special file, too large: warning)."""
        if self.box is None:
            return self.memory.get("/".join(parts))
        try:
            return self.box.read(self._in_box(parts), MAX_SAVE_BYTES)
        except SandboxError as err:
            self.game.warn(f"cannot read save {'/'.join(parts)}: {err}")
            return None

    def write(self, parts: list[str], data: bytes) -> bool:
        """Write a save file (folders made as needed); False (warning) when it fails."""
        if self.box is None:
            self.memory["/".join(parts)] = data
            return True
        try:
            self.box.write(self._in_box(parts), data)
            return True
        except SandboxError as err:
            self.game.warn(f"cannot write save {'/'.join(parts)}: {err}")
            return False

    # -- whole-game saves ---------------------------------------------------------------
    def write_game(self, name: str) -> bool:
        """Write the whole game as save ``name`` now (a safe point); False (warning) when
        the name is refused, the game has no session to save or the write fails."""
        parts = self.parts(name, file=True)
        if parts is None:
            return False
        if self.game.save_writer is None:
            self.game.warn(f"cannot save {name!r}: the game runs without a session to save")
            return False
        try:
            data = self.game.save_writer()
        except Exception as err:   # SnapshotError, or a state that is not data: never a traceback
            self.game.warn(f"cannot save {name!r}: {err}")
            return False
        return self.write(parts, data)

    def request(self, name: str, checkpoint: bool = False, show_window: bool = False) -> bool:
        """Queue a deferred scripted save (``SaveGame`` from JASS); False for a refused name."""
        if self.parts(name, file=True) is None:
            return False
        self.pending.append({"name": name, "checkpoint": bool(checkpoint),
                             "show_window": bool(show_window), "then": None})
        self.game.schedule(0.0, "scripted_save")
        return True

    def _scripted_save(self) -> None:
        """The ``scripted_save`` entry: the oldest pending save, written now (no JASS on the
        stack), then the ``ChangeLevel`` that waited for it when it succeeded (seed 004)."""
        if not self.pending:
            return
        req = self.pending.pop(0)
        then, req["then"] = req["then"], None   # a save must not hold its own follow-up
        ok = self.write_game(req["name"])
        if ok:
            extra = {"checkpoint": True, "show_window": req["show_window"]} if req["checkpoint"] else {}
            self.game.record("game_saved", name=req["name"], **extra)
        if then is not None:
            level, score_screen = then
            if ok:
                outcome(self.game).end("change_level", score_screen, level)
            else:
                self.game.warn(f"ChangeLevel({level!r}) dropped: the save {req['name']!r} "
                               "before it failed")

    def defer_change_level(self, level: str, score_screen: bool) -> bool:
        """Attach a ``ChangeLevel`` to the last pending scripted save; False when none is."""
        if not self.pending:
            return False
        self.pending[-1]["then"] = (level, bool(score_screen))
        return True

    def player_save(self, name: str) -> bool:
        """A save as the ESC menu makes it: ``EVENT_GAME_SAVE`` handlers run first with
        ``GetSaveBasicFilename`` (seed 004; a runtime error there aborts the save), then the
        whole game is written. False when refused or aborted (warning)."""
        if self.parts(name, file=True) is None:
            return False
        if not self.game.events.fire_game_save(name):
            self.game.warn(f"save {name!r} aborted: a save handler failed")
            return False
        if not self.write_game(name):
            return False
        self.game.record("game_saved", name=name, player=True)
        return True

    def copy(self, source: str | None, dest: str | None) -> bool:
        """``CopySaveGame``: False when the source is missing or a name is refused."""
        src, dst = self.parts(source, file=True), self.parts(dest, file=True)
        if src is None or dst is None:
            return False
        data = self.read(src)
        if data is None:
            return False
        return self.write(dst, data)

    def remove_dir(self, name: str | None) -> bool:
        """``RemoveSaveDirectory``: False when the folder does not exist (or is refused:
        warning)."""
        parts = self.parts(name, file=False)
        if parts is None:
            return False
        if self.box is None:
            prefix = "/".join(parts) + "/"
            gone = [k for k in self.memory if k.startswith(prefix)]
            for k in gone:
                del self.memory[k]
            return bool(gone)
        try:
            return self.box.remove_tree(self._in_box(parts))
        except SandboxError as err:
            self.game.warn(f"cannot remove save folder {'/'.join(parts)}: {err}")
            return False

    def rename_dir(self, source: str | None, dest: str | None) -> bool:
        """``RenameSaveDirectory``: False when the source is missing or the destination exists
        (or a path is refused: warning)."""
        src, dst = self.parts(source, file=False), self.parts(dest, file=False)
        if src is None or dst is None:
            return False
        if self.box is None:
            old, new = "/".join(src) + "/", "/".join(dst) + "/"
            moved = [k for k in self.memory if k.startswith(old)]
            if not moved or any(k.startswith(new) for k in self.memory):
                return False
            for k in moved:
                self.memory[new + k[len(old):]] = self.memory.pop(k)
            return True
        try:
            if self.box.kind(self._in_box(src)) != "dir":
                return False
            return self.box.rename(self._in_box(src), self._in_box(dst))
        except SandboxError as err:
            self.game.warn(f"cannot rename save folder {'/'.join(src)}: {err}")
            return False


def _saves(ctx) -> SaveFiles:
    return ctx.game.saves


@native("SaveGame", "takes string saveFileName returns nothing")
def SaveGame(ctx, name):
    """Save the whole game under ``saveFileName`` as a deferred internal save (seed 004):
    written at the next point where no JASS runs, without ``EVENT_GAME_SAVE``; recorded as
    ``game_saved`` in the timeline. A refused name is a warning (``SaveFiles``)."""
    _saves(ctx).request(name)


@native("SaveGameCheckpoint", "takes string saveFileName, boolean showWindow returns nothing")
def SaveGameCheckpoint(ctx, name, show_window):
    """An automatic checkpoint save (Blizzard.j's ``SaveGameCheckPointBJ``): a deferred
    internal save as ``SaveGame`` (project choice: the same lifecycle), recorded as
    ``game_saved`` with ``checkpoint=True`` and ``show_window`` (the "checkpoint saved" hint
    the player would see)."""
    _saves(ctx).request(name, checkpoint=True, show_window=show_window)


@native("LoadGame", "takes string loadFileName, boolean doScoreScreen returns nothing")
def LoadGame(ctx, name, score_screen):
    """Load saved game ``loadFileName`` (seed 004): the map layer stops the clock, restores
    the save into a fresh session (of its own map) and fires ``EVENT_GAME_LOADED`` with
    ``MAP_RELOADED`` set. A missing save does nothing (warning)."""
    saves = _saves(ctx)
    if not saves.exists(name):
        ctx.warn(f"LoadGame({name!r}): no such saved game; nothing happens")
        return
    saves.load_request = {"name": name, "score_screen": bool(score_screen)}


@native("SaveGameExists", "takes string saveName returns boolean")
def SaveGameExists(ctx, name):
    """Whether the save file exists in the sandbox (``.w3z`` added when missing)."""
    return _saves(ctx).exists(name)


@native("CopySaveGame", "takes string sourceSaveName, string destSaveName returns boolean")
def CopySaveGame(ctx, source, dest):
    """Copy a save file inside the sandbox; false when the source is missing or a name is
    refused."""
    return _saves(ctx).copy(source, dest)


@native("RemoveSaveDirectory", "takes string sourceDirName returns boolean")
def RemoveSaveDirectory(ctx, name):
    """Delete a save folder and what it holds; false when it does not exist."""
    return _saves(ctx).remove_dir(name)


@native("RenameSaveDirectory", "takes string sourceDirName, string destDirName returns boolean")
def RenameSaveDirectory(ctx, source, dest):
    """Rename a save folder; false when it does not exist or the destination does."""
    return _saves(ctx).rename_dir(source, dest)


# ---------------------------------------------------------------------------------------
# Tournament (ladder) games: a headless run is never one
# ---------------------------------------------------------------------------------------

@native("GetTournamentFinishSoonTimeRemaining", "takes nothing returns real", constant=True)
def GetTournamentFinishSoonTimeRemaining(ctx):
    """Seconds left in a tournament game: 0.0 (a run is not a tournament game, so
    EVENT_GAME_TOURNAMENT_FINISH_SOON never happens)."""
    return 0.0


@native("GetTournamentScore", "takes player whichPlayer returns integer", constant=True)
def GetTournamentScore(ctx, p):
    """A player's tournament score: 0 (no tournament game)."""
    return 0


def _declare_builtin_constants() -> None:
    """Difficulty constants for scripts run on the built-in API (no common.j)."""
    declared = {name for _t, name, _v in CONSTANTS}
    for name, value in (("MAP_DIFFICULTY_EASY", MAP_DIFFICULTY_EASY),
                        ("MAP_DIFFICULTY_NORMAL", MAP_DIFFICULTY_NORMAL),
                        ("MAP_DIFFICULTY_HARD", MAP_DIFFICULTY_HARD),
                        ("MAP_DIFFICULTY_INSANE", MAP_DIFFICULTY_INSANE)):
        if name not in declared:
            constant("gamedifficulty", name, f"ConvertGameDifficulty({value})")


_declare_builtin_constants()


@native("SetMaxCheckpointSaves", "takes integer maxCheckpointSaves returns nothing")
def SetMaxCheckpointSaves(ctx, count):
    """How many checkpoint saves the game keeps (1.32+; jassdoc has no notes): stored as
    ``game.saves.max_checkpoint_saves``; the model keeps every save the map writes."""
    _saves(ctx).max_checkpoint_saves = count


@native("ReloadGame", "takes nothing returns nothing")
def ReloadGame(ctx):
    """What the game does here is not documented (jassdoc has no notes) and was not
    measured: the call is recorded in the timeline (``reload_game``) with a warning, and the
    game goes on (docs/natives.md)."""
    ctx.game.record("reload_game")
    ctx.warn("ReloadGame: the game's behaviour is not documented; the model only records the call")
