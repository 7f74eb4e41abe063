"""Core natives: math, conversions, strings, randomness, game states, time of day, cheats.

The math, conversion and string natives are thin bindings of ``jassvm.values`` (exact JASS
semantics, S0xx ids there). The random natives use one ``JassRandom`` per game
(``game.jass_random``), seeded from ``Game.seed`` (S149, S150: one global stream shared by
all threads).

Game states (common.j): ``GAME_STATE_DIVINE_INTERVENTION`` (igamestate 0) and
``GAME_STATE_DISCONNECTED`` (igamestate 1) are plain integers, 0 until
``SetIntegerGameState``; changes are published as ``GameStateChanged`` (state (int), old, value)
for the event layer. ``GAME_STATE_TIME_OF_DAY`` (fgamestate 2) is the day clock of
``natives.daynight`` (``game.daynight``, which also owns ``SetTimeOfDayScale``,
``SuspendTimeOfDay`` and publishes ``TimeOfDayChanged``).
"""
from __future__ import annotations

import math

from jassvm import values
from natives.handles import enum_value
from natives.modelevents import GameStateChanged, PlayerDefeat, PlayerVictory
from natives.registry import native

IGAMESTATE_DIVINE_INTERVENTION = 0
IGAMESTATE_DISCONNECTED = 1
FGAMESTATE_TIME_OF_DAY = 2



class GameStates:
    """Integer game states by igamestate value (0 until set)."""

    def __init__(self, game) -> None:
        self.game = game
        self.values: dict[int, int] = {}

    def get(self, state: int) -> int:
        return self.values.get(state, 0)

    def set(self, state: int, value: int) -> None:
        old = self.get(state)
        self.values[state] = value
        if old != value:
            self.game.publish(GameStateChanged(state, old, value))


class Cheats:
    """Cheat codes passed to ``Cheat``: ``used`` lists them in order; ``no_victory`` /
    ``no_defeat`` are toggled by ``itvexesme`` / ``strengthandhonor``."""

    def __init__(self, game) -> None:
        self.game = game
        self.used: list[str] = []
        self.no_victory = False
        self.no_defeat = False


# ---------------------------------------------------------------------------------------
# Math (radians, degrees; binary32 results)
# ---------------------------------------------------------------------------------------

@native("Deg2Rad", "takes real degrees returns real")
def Deg2Rad(ctx, degrees):
    """Degrees to radians with a precise pi (S041)."""
    return values.Deg2Rad(degrees)


@native("Rad2Deg", "takes real radians returns real")
def Rad2Deg(ctx, radians):
    """Radians to degrees with a precise pi (S041)."""
    return values.Rad2Deg(radians)


@native("Sin", "takes real radians returns real")
def Sin(ctx, radians):
    return values.Sin(radians)


@native("Cos", "takes real radians returns real")
def Cos(ctx, radians):
    return values.Cos(radians)


@native("Tan", "takes real radians returns real")
def Tan(ctx, radians):
    return values.Tan(radians)


@native("Asin", "takes real y returns real")
def Asin(ctx, y):
    """Radians; domain errors give 0 (S039)."""
    return values.Asin(y)


@native("Acos", "takes real x returns real")
def Acos(ctx, x):
    """Radians; domain errors give 0 (S039)."""
    return values.Acos(x)


@native("Atan", "takes real x returns real")
def Atan(ctx, x):
    return values.Atan(x)


@native("Atan2", "takes real y, real x returns real")
def Atan2(ctx, y, x):
    return values.Atan2(y, x)


@native("SquareRoot", "takes real x returns real")
def SquareRoot(ctx, x):
    """Domain errors give 0 (S039)."""
    return values.SquareRoot(x)


@native("Pow", "takes real x, real power returns real")
def Pow(ctx, x, power):
    """Edge cases as S040."""
    return values.Pow(x, power)


@native("MathRound", "takes real r returns integer", constant=True)
def MathRound(ctx, r):
    """Nearest integer (jassdoc: "Round to nearest integer"); halves round away from zero
    (project choice, as C's ``lroundf``), then ``R2I``'s 32-bit wrap. NaN gives 0."""
    if r != r:
        return 0
    return values.R2I(float(math.floor(abs(r) + 0.5)) * (1 if r >= 0 else -1))


# ---------------------------------------------------------------------------------------
# Conversions and strings (S020-S048)
# ---------------------------------------------------------------------------------------

@native("I2R", "takes integer i returns real")
def I2R(ctx, i):
    return values.I2R(i)


@native("R2I", "takes real r returns integer")
def R2I(ctx, r):
    """Truncation toward zero, low 32 bits kept (S030, S031)."""
    return values.R2I(r)


@native("I2S", "takes integer i returns string")
def I2S(ctx, i):
    return values.I2S(i)


@native("R2S", "takes real r returns string")
def R2S(ctx, r):
    """Three decimals (S026-S028)."""
    return values.R2S(r)


@native("R2SW", "takes real r, integer width, integer precision returns string")
def R2SW(ctx, r, width, precision):
    """Width/precision formatting (S029)."""
    return values.R2SW(r, width, precision)


@native("S2I", "takes string s returns integer")
def S2I(ctx, s):
    """C ``strtol`` base 10, clamped (S032, S033)."""
    return values.S2I(s)


@native("S2R", "takes string s returns real")
def S2R(ctx, s):
    """(S034, S035)."""
    return values.S2R(s)


@native("SubString", "takes string source, integer start, integer end returns string")
def SubString(ctx, source, start, end):
    """Bytes ``[start, end)`` (S044-S047)."""
    return values.SubString(source, start, end)


@native("StringLength", "takes string s returns integer")
def StringLength(ctx, s):
    """Length in bytes (S043)."""
    return values.StringLength(s)


@native("StringCase", "takes string source, boolean upper returns string")
def StringCase(ctx, source, upper):
    """ASCII letters only (S048)."""
    return values.StringCase(source, upper)


@native("StringHash", "takes string s returns integer")
def StringHash(ctx, s):
    """SStrHash2 over a normalised copy (S049-S052)."""
    return values.StringHash(s)


# ---------------------------------------------------------------------------------------
# Localized strings
# ---------------------------------------------------------------------------------------

#: English text of the ``GlobalStrings.fdf`` keys the corpus's Blizzard.j passes to
#: ``GetLocalizedString``. PROJECT-AUTHORED: written from the English game's wording as the
#: project remembers it (the game's data files are not shipped), so wording may differ in
#: detail; ``%s`` stands for the player name where the game formats one in.
LOCALIZED_STRINGS: dict[str, str] = {
    "PLAYER_LEFT_GAME": "%s has left the game.",
    "PLAYER_VICTORIOUS": "%s is victorious!",
    "PLAYER_DEFEATED": "%s was defeated.",
    "GAMEOVER_VICTORY_MSG": "You are victorious!",
    "GAMEOVER_DEFEAT_MSG": "You have been defeated!",
    "GAMEOVER_CONTINUE_GAME": "Continue Game",
    "GAMEOVER_CONTINUE_OBSERVING": "Continue Observing",
    "GAMEOVER_CONTINUE": "Continue",
    "GAMEOVER_QUIT_GAME": "Quit Game",
    "GAMEOVER_QUIT_MISSION": "Quit Mission",
    "GAMEOVER_RESTART": "Restart Mission",
    "GAMEOVER_REDUCE_DIFFICULTY": "Reduce Difficulty",
    "GAMEOVER_LOAD": "Load Game",
    "GAMEOVER_OK": "OK",
    "GAMEOVER_DISCONNECTED": "You have been disconnected.",
    "GAMEOVER_GAME_OVER": "Game Over",
    "CRIPPLE_WARNING_HUMAN": "You will be revealed to your opponents unless you build a Town Hall.",
    "CRIPPLE_WARNING_ORC": "You will be revealed to your opponents unless you build a Great Hall.",
    "CRIPPLE_WARNING_NIGHTELF": "You will be revealed to your opponents unless you build a Tree of Life.",
    "CRIPPLE_WARNING_UNDEAD": "You will be revealed to your opponents unless you build a Necropolis.",
    "CRIPPLE_TIMER_HUMAN": "Build a Town Hall",
    "CRIPPLE_TIMER_ORC": "Build a Great Hall",
    "CRIPPLE_TIMER_NIGHTELF": "Build a Tree of Life",
    "CRIPPLE_TIMER_UNDEAD": "Build a Necropolis",
    "CRIPPLE_REVEALING_PREFIX": "Revealing ",
    "CRIPPLE_REVEALING_POSTFIX": "'s position to all players.",
    "CRIPPLE_UNREVEALED": "You are no longer revealed to your opponents.",
    "CRIPPLE_UNCRIPPLED": "You have rebuilt a town hall and are no longer in danger of being revealed.",
}

#: Hotkeys (``GetLocalizedHotkey``: the key's character code) of the buttons above.
#: Project-authored like ``LOCALIZED_STRINGS``: the first letter of the English label.
LOCALIZED_HOTKEYS: dict[str, int] = {
    key: ord(LOCALIZED_STRINGS[key][0].upper())
    for key in ("GAMEOVER_CONTINUE_GAME", "GAMEOVER_CONTINUE_OBSERVING", "GAMEOVER_CONTINUE",
                "GAMEOVER_QUIT_GAME", "GAMEOVER_QUIT_MISSION", "GAMEOVER_RESTART",
                "GAMEOVER_LOAD", "GAMEOVER_OK")
}
LOCALIZED_HOTKEYS["GAMEOVER_REDUCE_DIFFICULTY"] = ord("D")


def localized(game, key: str | None) -> str | None:
    """``GetLocalizedString``: the map's string table (``game.string_table``, a callable the
    map layer installs for ``TRIGSTR_n`` keys), then ``LOCALIZED_STRINGS``, else the key
    itself (jassdoc: "Returns source if no entry was found")."""
    if key is None:
        return None
    table = game.string_table
    if table is not None and key.startswith("TRIGSTR_"):
        text = table(key)
        if text is not None and text != key:
            return text
    return LOCALIZED_STRINGS.get(key, key)


@native("GetLocalizedString", "takes string source returns string")
def GetLocalizedString(ctx, source):
    """The localized (English) text of ``source``, or ``source`` itself (see ``localized``)."""
    return localized(ctx.game, source)


@native("GetLocalizedHotkey", "takes string source returns integer")
def GetLocalizedHotkey(ctx, source):
    """The hotkey character code of a button label key (``LOCALIZED_HOTKEYS``); 0 for a key
    without a hotkey (project choice: no hotkey)."""
    return LOCALIZED_HOTKEYS.get(source or "", 0)


# ---------------------------------------------------------------------------------------
# Randomness (S149, S150)
# ---------------------------------------------------------------------------------------

@native("GetRandomInt", "takes integer lowBound, integer highBound returns integer")
def GetRandomInt(ctx, low, high):
    """Uniform in [low, high], both inclusive (S149)."""
    return ctx.game.jass_random.get_random_int(low, high)


@native("GetRandomReal", "takes real lowBound, real highBound returns real")
def GetRandomReal(ctx, low, high):
    """Uniform in [low, high) (S150)."""
    return ctx.game.jass_random.get_random_real(low, high)


@native("SetRandomSeed", "takes integer seed returns nothing")
def SetRandomSeed(ctx, seed):
    """Restart the global random stream; the same seed gives the same sequence (S150)."""
    ctx.game.jass_random.seed(seed)


# ---------------------------------------------------------------------------------------
# Game states and time of day
# ---------------------------------------------------------------------------------------

def day_clock(game):
    """``game.daynight`` (``natives.daynight.DayNight``)."""
    return game.daynight


def _day_clock(ctx):
    return ctx.game.daynight


@native("SetFloatGameState", "takes fgamestate whichFloatGameState, real value returns nothing")
def SetFloatGameState(ctx, state, value):
    """``GAME_STATE_TIME_OF_DAY``: set the day clock (game hours, wrapped into [0, 24)).
    Other float states are unknown to common.j and ignored with a warning."""
    if enum_value(state) == FGAMESTATE_TIME_OF_DAY:
        _day_clock(ctx).set(value)
    else:
        ctx.warn(f"SetFloatGameState: unknown fgamestate {enum_value(state)} ignored")


@native("GetFloatGameState", "takes fgamestate whichFloatGameState returns real", constant=True)
def GetFloatGameState(ctx, state):
    """``GAME_STATE_TIME_OF_DAY``: the day clock in game hours [0, 24). Other float states
    are unknown to common.j: 0.0 with a warning."""
    if enum_value(state) == FGAMESTATE_TIME_OF_DAY:
        return _day_clock(ctx).time_of_day()
    ctx.warn(f"GetFloatGameState: unknown fgamestate {enum_value(state)}")
    return 0.0


@native("SetIntegerGameState", "takes igamestate whichIntegerGameState, integer value returns nothing")
def SetIntegerGameState(ctx, state, value):
    """Store an integer game state (published as ``GameStateChanged`` when it changes)."""
    if state is not None:
        ctx.game.game_states.set(enum_value(state), value)


@native("GetIntegerGameState", "takes igamestate whichIntegerGameState returns integer", constant=True)
def GetIntegerGameState(ctx, state):
    """The stored value; 0 until set (nobody disconnects and divine intervention is off in a
    headless run)."""
    if state is None:
        return 0
    return ctx.game.game_states.get(enum_value(state))


# ---------------------------------------------------------------------------------------
# Cheats
# ---------------------------------------------------------------------------------------

_RESOURCE_CHEATS = {"greedisgood": (1, 2), "keysersoze": (1,), "leafittome": (2,)}
"""cheat -> PLAYER_STATE_RESOURCE_GOLD (1) / _LUMBER (2) given to the local player."""


@native("Cheat", "takes string cheatStr returns nothing")
def Cheat(ctx, cheat):
    """Record a cheat code (``game.cheats.used``) and apply what the model has:
    ``greedisgood N`` (gold and lumber), ``keysersoze N`` (gold), ``leafittome N`` (lumber)
    for the local player; ``allyourbasearebelongtous`` / ``somebodysetupusthebomb`` (instant
    victory / defeat) fire ``EVENT_PLAYER_VICTORY`` / ``DEFEAT`` for the local player (the
    only source of those events: ``natives.mission``); ``itvexesme`` / ``strengthandhonor``
    toggle the no-victory / no-defeat flags; ``daylightsavings H`` sets the time of day,
    ``daylightsavings`` alone toggles the day clock. Other codes have no model effect (a warning says so)."""
    if not cheat:
        return
    cheats = ctx.game.cheats
    cheats.used.append(cheat)
    words = cheat.strip().lower().split()
    if not words:
        return
    name, args = words[0], words[1:]
    if name in _RESOURCE_CHEATS:
        amount = values.S2I(args[0]) if args else 0
        for state in _RESOURCE_CHEATS[name]:
            ctx.game.local_player.add_state(state, amount)
    elif name in ("allyourbasearebelongtous", "somebodysetupusthebomb"):
        # the game's instant victory / defeat: it fires EVENT_PLAYER_VICTORY / DEFEAT for the
        # local player, which campaign maps answer with their own ending ("Victory Cheat",
        # natives.mission); how the game ends a map that does not answer is not modelled
        if name.startswith("ally"):
            ctx.game.publish(PlayerVictory(ctx.game.local_player))
        else:
            ctx.game.publish(PlayerDefeat(ctx.game.local_player))
    elif name == "itvexesme":
        cheats.no_victory = not cheats.no_victory
    elif name == "strengthandhonor":
        cheats.no_defeat = not cheats.no_defeat
    elif name == "daylightsavings" and day_clock(ctx.game) is not None:
        clock = day_clock(ctx.game)
        if args:
            clock.set(values.S2R(args[0]))
        else:
            clock.suspend(not clock.suspended)
    else:
        ctx.warn(f"Cheat({cheat!r}) has no effect in the model")


@native("IsNoVictoryCheat", "takes nothing returns boolean")
def IsNoVictoryCheat(ctx):
    """True while ``itvexesme`` is on."""
    return ctx.game.cheats.no_victory


@native("IsNoDefeatCheat", "takes nothing returns boolean")
def IsNoDefeatCheat(ctx):
    """True while ``strengthandhonor`` is on."""
    return ctx.game.cheats.no_defeat
