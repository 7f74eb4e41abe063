"""Players, forces and map setup (slots, teams, start locations).

Player count depends on the map's editor version, not on the executable (S129): a Game built
with ``max_players=28`` (Reforged-format maps) has 24 playable slots and neutral players
24..27; ``max_players=16`` (classic maps) has 12 playable slots and neutrals 12..15:

==========================  =======  ========
                            classic  reforged
==========================  =======  ========
``GetBJMaxPlayers``          12       24
``GetPlayerNeutralAggressive``  12    24
``GetBJPlayerNeutralVictim`` 13       25
``GetBJPlayerNeutralExtra``  14       26
``GetPlayerNeutralPassive``  15       27
``GetBJMaxPlayerSlots``      16       28
==========================  =======  ========

``Player(i)`` outside ``0 <= i < max_players`` returns null (S072, Reforged behaviour).

Project-authored defaults (not researched; the map's ``config()`` and w3i override them):

- controller: ``MAP_CONTROL_USER`` for playable slots, ``MAP_CONTROL_CREEP`` for neutral
  aggressive, ``MAP_CONTROL_NEUTRAL`` for the other neutrals;
- slot state: ``PLAYING`` for a slot whose controller is COMPUTER, and for the local player
  (and any extra ids in ``Game.human_players``) when USER-controlled; ``EMPTY`` otherwise.
  This makes Blizzard.j's ``bj_isSinglePlayer`` true for a headless run;
- name ``"Player N"`` (N = id + 1), or ``"Neutral Hostile"``, ``"Neutral Victim"``,
  ``"Neutral Extra"``, ``"Neutral Passive"``; race ``RACE_HUMAN`` until a race preference
  names one race; color = ``ConvertPlayerColor(id)``; team = id; start location = id;
- alliances: every player is allied (all alliance types) with itself and with nobody else,
  except that Neutral Passive, and every map player (below the neutral slots) whose
  controller is ``MAP_CONTROL_NEUTRAL`` (the map's "neutral" player type), and every other
  player are mutually ``ALLIANCE_PASSIVE`` until the script sets it. Evidence: the Blizzard campaign
  maps unally their neutral-controlled players explicitly where they fight (Human01 sets
  players 0/1, 0/9, 1/8 and 8/9 ``bj_ALLIANCE_UNALLIED`` and leaves its villagers, player 2,
  and Uther, player 9, at peace with Arthas, player 1) -- inferred, not tested in the game;
- tech max allowed: -1 (no limit) until set;
- ``PLAYER_STATE_FOOD_CAP_CEILING`` 100 (the game's default food ceiling).

Forces iterate players by ascending id (S128). ``ForceEnumPlayers*`` clear the force first,
like ``GroupEnum*`` (by analogy with S120; not independently verified), then add every
player slot (neutrals included) that passes the filter.
"""
from __future__ import annotations

from natives.boolexpr import eval_filter
from natives.geometry import new_location
from natives.handles import Handle, alive, enum_handle, enum_value
from natives.modelevents import AllianceChanged, PlayerStateChanged
from natives.registry import native

# common.j enum values (facts from common.j)
MAP_CONTROL_USER, MAP_CONTROL_COMPUTER, MAP_CONTROL_RESCUABLE = 0, 1, 2
MAP_CONTROL_NEUTRAL, MAP_CONTROL_CREEP, MAP_CONTROL_NONE = 3, 4, 5
SLOT_EMPTY, SLOT_PLAYING, SLOT_LEFT = 0, 1, 2
RACE_HUMAN, RACE_ORC, RACE_UNDEAD, RACE_NIGHTELF, RACE_DEMON, RACE_OTHER = 1, 2, 3, 4, 5, 7
RACE_PREF_TO_RACE = {1: RACE_HUMAN, 2: RACE_ORC, 4: RACE_NIGHTELF, 8: RACE_UNDEAD,
                     16: RACE_DEMON}
ALLIANCE_PASSIVE = 0
ALLIANCE_TYPES = range(10)  # ALLIANCE_PASSIVE .. ALLIANCE_SHARED_VISION_FORCED

PLAYER_STATE_GAME_RESULT = 0
PLAYER_STATE_RESOURCE_GOLD = 1
PLAYER_STATE_RESOURCE_LUMBER = 2
PLAYER_STATE_RESOURCE_HERO_TOKENS = 3
PLAYER_STATE_RESOURCE_FOOD_CAP = 4
PLAYER_STATE_RESOURCE_FOOD_USED = 5
PLAYER_STATE_FOOD_CAP_CEILING = 6
PLAYER_STATE_GIVES_BOUNTY = 7
PLAYER_STATE_OBSERVER = 11
PLAYER_STATE_GOLD_UPKEEP_RATE = 13
PLAYER_STATE_GOLD_GATHERED = 15
PLAYER_STATE_LUMBER_GATHERED = 16

DEFAULT_FOOD_CEILING = 100


class Player(Handle):
    """A ``player`` agent (one per slot; never destroyed).

    ``states`` maps a ``playerstate`` value to its integer (gold, lumber, food...);
    ``alliances`` maps (other player id, alliancetype value) to a flag.
    """

    type_name = "player"
    counted = False  # permanent: never destroyed, reference counting is moot

    def __init__(self, game, pid: int) -> None:
        super().__init__()
        self.game = game
        self.id = pid
        self.name = f"Player {pid + 1}"
        self.race = RACE_HUMAN
        self.race_pref = 0
        self.race_selectable = False
        self.color = pid
        self.controller = MAP_CONTROL_USER
        self.slot_state: int | None = None  # None = derived from controller (see module doc)
        self.team = pid
        self.start_location = pid
        self.start_location_forced = False
        self.on_score_screen = True
        self.handicap = 1.0
        self.handicap_xp = 1.0
        self.handicap_damage = 1.0       # 1.32+: share of damage dealt (1 = 100 %)
        self.handicap_revive_time = 1.0  # 1.32+: factor on hero revive times
        self.states: dict[int, int] = {PLAYER_STATE_FOOD_CAP_CEILING: DEFAULT_FOOD_CEILING}
        self.alliances: dict[tuple[int, int], bool] = {}
        self.tax_rates: dict[tuple[int, int], int] = {}
        self.tech_max: dict[int, int] = {}
        self.tech_researched: dict[int, int] = {}
        self.scores: dict[int, int] = {}   # playerscore value -> total (natives.production)
        self.ability_available: dict[int, bool] = {}
        self.crippled_to: set[int] = set()   # ids of players this one is revealed to
        self.cached_heroes: list[dict] | None = None  # CachePlayerHeroData snapshot

    def __repr__(self) -> str:
        return f"<player {self.id} {self.handle_id}>"

    # -- derived ------------------------------------------------------------------------
    def get_slot_state(self) -> int:
        if self.slot_state is not None:
            return self.slot_state
        if self.controller == MAP_CONTROL_COMPUTER:
            return SLOT_PLAYING
        if self.controller == MAP_CONTROL_USER and self.id in self.game.human_players:
            return SLOT_PLAYING
        return SLOT_EMPTY

    def alliance(self, other: "Player", kind: int) -> bool:
        """``sourcePlayer`` = self treats ``other`` with alliance setting ``kind``."""
        if other is self:
            return self.alliances.get((other.id, kind), True)
        if (other.id, kind) in self.alliances:
            return self.alliances[(other.id, kind)]
        if kind != ALLIANCE_PASSIVE:
            return False
        players = self.game.players
        if players.neutral_passive_id in (self.id, other.id):
            return True
        first_neutral = players.neutral_aggressive_id
        return any(p.controller == MAP_CONTROL_NEUTRAL and p.id < first_neutral
                   for p in (self, other))

    def is_ally(self, other: "Player") -> bool:
        return self.alliance(other, ALLIANCE_PASSIVE)

    def get_state(self, state: int) -> int:
        return self.states.get(state, 0)

    def set_state(self, state: int, value: int) -> None:
        """Set a player state and publish ``PlayerStateChanged`` when it changes."""
        old = self.states.get(state, 0)
        self.states[state] = value
        if old != value:
            self.game.publish(PlayerStateChanged(self, state, old, value))

    def add_state(self, state: int, delta: int) -> None:
        if delta:
            self.set_state(state, self.states.get(state, 0) + delta)


class Force(Handle):
    """A ``force`` agent: a set of player ids, iterated in ascending id order (S128)."""

    type_name = "force"

    def __init__(self) -> None:
        super().__init__()
        self.members: set[int] = set()


class Players:
    """The player slots of a Game plus map-setup data (start locations, teams, counts)."""

    def __init__(self, game, max_players: int = 28) -> None:
        if max_players not in (16, 28):
            raise ValueError("max_players must be 16 (classic) or 28 (Reforged), see S129")
        self.game = game
        self.max_players = max_players
        self.slots = [game.handles.allocate(Player(game, i)) for i in range(max_players)]
        self.player_count = 0  # SetPlayers / GetPlayers
        self.team_count = 0  # SetTeams / GetTeams
        self.epoch = 0  # bumped by every change of an alliance or a controller (who is hostile)
        self.start_locations: dict[int, tuple[float, float]] = {}
        self.start_loc_prio_count: dict[int, int] = {}
        self.start_loc_prios: dict[tuple[int, int], tuple[int, int]] = {}
        self.enemy_start_loc_prio_count: dict[int, int] = {}
        self.enemy_start_loc_prios: dict[tuple[int, int], tuple[int, int]] = {}
        names = {self.neutral_aggressive_id: "Neutral Hostile",
                 self.neutral_victim_id: "Neutral Victim",
                 self.neutral_extra_id: "Neutral Extra",
                 self.neutral_passive_id: "Neutral Passive"}
        for pid, name in names.items():
            p = self.slots[pid]
            p.name = name
            p.controller = (MAP_CONTROL_CREEP if pid == self.neutral_aggressive_id
                            else MAP_CONTROL_NEUTRAL)
        self.epoch += 1
        # creeps give bounty (natives.bounty)
        self.slots[self.neutral_aggressive_id].states[PLAYER_STATE_GIVES_BOUNTY] = 1

    # S129 constants
    @property
    def bj_max_players(self) -> int:
        return self.max_players - 4

    @property
    def neutral_aggressive_id(self) -> int:
        return self.max_players - 4

    @property
    def neutral_victim_id(self) -> int:
        return self.max_players - 3

    @property
    def neutral_extra_id(self) -> int:
        return self.max_players - 2

    @property
    def neutral_passive_id(self) -> int:
        return self.max_players - 1

    def get(self, pid: int) -> Player | None:
        """``Player(pid)``: the slot's player, ``None`` out of range (S072)."""
        if 0 <= pid < self.max_players:
            return self.slots[pid]
        return None

    def override_slot(self, pid: int, *, controller: int | None = None, human: bool | None = None,
                      name: str | None = None, team: int | None = None, race: int | None = None) -> Player:
        """The lobby's choices for slot ``pid``, applied after ``config()`` and before
        ``main()``: its ``controller`` (a ``MAP_CONTROL_*`` value), whether a person plays
        it (``human``: it joins or leaves ``game.human_players``), its ``name``, ``team`` and
        ``race`` (a ``RACE_*`` value of ``RACE_PREF_TO_RACE``: ``GetPlayerRace`` answers it and
        the race preference becomes that race's, as a lobby pick replaces the
        ``SetPlayerRacePreference`` of a map's ``config()``); None leaves a setting as it is.
        Raises ValueError for a slot out of range or a race no lobby offers."""
        p = self.get(pid)
        if p is None:
            raise ValueError(f"no player {pid} (0..{self.max_players - 1})")
        if controller is not None:
            p.controller = controller
            self.epoch += 1
        if human is True:
            self.game.human_players.add(pid)
        elif human is False:
            self.game.human_players.discard(pid)
        if name is not None:
            p.name = name
        if team is not None:
            p.team = team
        if race is not None:
            prefs = [pref for pref, r in RACE_PREF_TO_RACE.items() if r == race]
            if not prefs:
                raise ValueError(f"race {race} is not a lobby race")
            p.race, p.race_pref = race, prefs[0]
        return p

    def __iter__(self):
        return iter(self.slots)

    def __len__(self) -> int:
        return self.max_players


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------

def _players(ctx) -> Players:
    return ctx.game.players


# ---------------------------------------------------------------------------------------
# Player natives
# ---------------------------------------------------------------------------------------

@native("Player", "takes integer number returns player", constant=True)
def Player_(ctx, number):
    return _players(ctx).get(number)


@native("GetLocalPlayer", "takes nothing returns player", constant=True)
def GetLocalPlayer(ctx):
    return ctx.game.local_player


@native("GetPlayerId", "takes player whichPlayer returns integer", constant=True)
def GetPlayerId(ctx, p):
    return p.id if p is not None else -1


@native("GetBJMaxPlayers", "takes nothing returns integer", constant=True)
def GetBJMaxPlayers(ctx):
    return _players(ctx).bj_max_players


@native("GetBJPlayerNeutralVictim", "takes nothing returns integer", constant=True)
def GetBJPlayerNeutralVictim(ctx):
    return _players(ctx).neutral_victim_id


@native("GetBJPlayerNeutralExtra", "takes nothing returns integer", constant=True)
def GetBJPlayerNeutralExtra(ctx):
    return _players(ctx).neutral_extra_id


@native("GetBJMaxPlayerSlots", "takes nothing returns integer", constant=True)
def GetBJMaxPlayerSlots(ctx):
    return _players(ctx).max_players


@native("GetPlayerNeutralPassive", "takes nothing returns integer", constant=True)
def GetPlayerNeutralPassive(ctx):
    return _players(ctx).neutral_passive_id


@native("GetPlayerNeutralAggressive", "takes nothing returns integer", constant=True)
def GetPlayerNeutralAggressive(ctx):
    return _players(ctx).neutral_aggressive_id


@native("SetPlayerTeam", "takes player whichPlayer, integer whichTeam returns nothing")
def SetPlayerTeam(ctx, p, team):
    if p is not None:
        p.team = team


@native("GetPlayerTeam", "takes player whichPlayer returns integer")
def GetPlayerTeam(ctx, p):
    return p.team if p is not None else 0


@native("SetPlayerStartLocation", "takes player whichPlayer, integer startLocIndex returns nothing")
def SetPlayerStartLocation(ctx, p, index):
    if p is not None:
        p.start_location = index


@native("ForcePlayerStartLocation", "takes player whichPlayer, integer startLocIndex returns nothing")
def ForcePlayerStartLocation(ctx, p, index):
    if p is not None:
        p.start_location = index
        p.start_location_forced = True


@native("GetPlayerStartLocation", "takes player whichPlayer returns integer")
def GetPlayerStartLocation(ctx, p):
    return p.start_location if p is not None else -1


@native("SetPlayerColor", "takes player whichPlayer, playercolor color returns nothing")
def SetPlayerColor(ctx, p, color):
    if p is not None and color is not None:
        p.color = color.value


@native("GetPlayerColor", "takes player whichPlayer returns playercolor")
def GetPlayerColor(ctx, p):
    if p is None:
        return None
    return enum_handle("playercolor", p.color)


@native("SetPlayerRacePreference", "takes player whichPlayer, racepreference whichRacePreference returns nothing")
def SetPlayerRacePreference(ctx, p, pref):
    if p is None or pref is None:
        return
    p.race_pref = pref.value
    race = RACE_PREF_TO_RACE.get(pref.value)
    if race is not None:
        p.race = race


@native("IsPlayerRacePrefSet", "takes player whichPlayer, racepreference pref returns boolean")
def IsPlayerRacePrefSet(ctx, p, pref):
    if p is None or pref is None:
        return False
    return bool(p.race_pref & pref.value)


@native("SetPlayerRaceSelectable", "takes player whichPlayer, boolean value returns nothing")
def SetPlayerRaceSelectable(ctx, p, value):
    if p is not None:
        p.race_selectable = value


@native("GetPlayerSelectable", "takes player whichPlayer returns boolean")
def GetPlayerSelectable(ctx, p):
    return p.race_selectable if p is not None else False


@native("SetPlayerController", "takes player whichPlayer, mapcontrol controlType returns nothing")
def SetPlayerController(ctx, p, control):
    if p is not None and control is not None:
        p.controller = control.value
        ctx.game.players.epoch += 1


@native("GetPlayerController", "takes player whichPlayer returns mapcontrol")
def GetPlayerController(ctx, p):
    if p is None:
        return None
    return enum_handle("mapcontrol", p.controller)


@native("GetPlayerSlotState", "takes player whichPlayer returns playerslotstate")
def GetPlayerSlotState(ctx, p):
    if p is None:
        return None
    return enum_handle("playerslotstate", p.get_slot_state())


@native("SetPlayerName", "takes player whichPlayer, string name returns nothing")
def SetPlayerName(ctx, p, name):
    if p is not None:
        p.name = name if name is not None else ""


@native("GetPlayerName", "takes player whichPlayer returns string")
def GetPlayerName(ctx, p):
    return p.name if p is not None else None


@native("SetPlayerOnScoreScreen", "takes player whichPlayer, boolean flag returns nothing")
def SetPlayerOnScoreScreen(ctx, p, flag):
    if p is not None:
        p.on_score_screen = flag


@native("GetPlayerRace", "takes player whichPlayer returns race", constant=True)
def GetPlayerRace(ctx, p):
    if p is None:
        return None
    return enum_handle("race", p.race)


@native("SetPlayerAlliance", "takes player sourcePlayer, player otherPlayer, alliancetype whichAllianceSetting, boolean value returns nothing")
def SetPlayerAlliance(ctx, source, other, kind, value):
    """Set one alliance flag; publishes ``AllianceChanged`` when it changes."""
    if source is None or other is None or kind is None:
        return
    old = source.alliance(other, kind.value)
    source.alliances[(other.id, kind.value)] = bool(value)
    ctx.game.players.epoch += 1
    if old != bool(value):
        ctx.game.publish(AllianceChanged(source, other, kind.value, bool(value)))


@native("GetPlayerAlliance", "takes player sourcePlayer, player otherPlayer, alliancetype whichAllianceSetting returns boolean", constant=True)
def GetPlayerAlliance(ctx, source, other, kind):
    if source is None or other is None or kind is None:
        return False
    return source.alliance(other, kind.value)


@native("IsPlayerAlly", "takes player whichPlayer, player otherPlayer returns boolean", constant=True)
def IsPlayerAlly(ctx, p, other):
    if p is None or other is None:
        return False
    return p.is_ally(other)


@native("IsPlayerEnemy", "takes player whichPlayer, player otherPlayer returns boolean", constant=True)
def IsPlayerEnemy(ctx, p, other):
    if p is None or other is None:
        return False
    return not p.is_ally(other)


@native("SetPlayerTaxRate", "takes player sourcePlayer, player otherPlayer, playerstate whichResource, integer rate returns nothing")
def SetPlayerTaxRate(ctx, source, other, resource, rate):
    if source is not None and other is not None and resource is not None:
        source.tax_rates[(other.id, resource.value)] = rate


@native("GetPlayerTaxRate", "takes player sourcePlayer, player otherPlayer, playerstate whichResource returns integer")
def GetPlayerTaxRate(ctx, source, other, resource):
    if source is None or other is None or resource is None:
        return 0
    return source.tax_rates.get((other.id, resource.value), 0)


@native("SetPlayerState", "takes player whichPlayer, playerstate whichPlayerState, integer value returns nothing")
def SetPlayerState(ctx, p, state, value):
    if p is not None and state is not None:
        p.set_state(state.value, value)


@native("GetPlayerState", "takes player whichPlayer, playerstate whichPlayerState returns integer", constant=True)
def GetPlayerState(ctx, p, state):
    if p is None or state is None:
        return 0
    return p.get_state(state.value)


@native("IsPlayerObserver", "takes player whichPlayer returns boolean", constant=True)
def IsPlayerObserver(ctx, p):
    return p is not None and p.get_state(PLAYER_STATE_OBSERVER) != 0


@native("GetPlayerHandicap", "takes player whichPlayer returns real", constant=True)
def GetPlayerHandicap(ctx, p):
    return p.handicap if p is not None else 0.0


@native("GetPlayerHandicapXP", "takes player whichPlayer returns real", constant=True)
def GetPlayerHandicapXP(ctx, p):
    return p.handicap_xp if p is not None else 0.0


@native("SetPlayerHandicap", "takes player whichPlayer, real handicap returns nothing", constant=True)
def SetPlayerHandicap(ctx, p, handicap):
    if p is not None:
        p.handicap = handicap


@native("SetPlayerHandicapXP", "takes player whichPlayer, real handicap returns nothing", constant=True)
def SetPlayerHandicapXP(ctx, p, handicap):
    if p is not None:
        p.handicap_xp = handicap


@native("GetPlayerHandicapDamage", "takes player whichPlayer returns real", constant=True)
def GetPlayerHandicapDamage(ctx, p):
    """The damage handicap: 1.0 (no handicap, 100 %) until set, like ``GetPlayerHandicap``
    (Blizzard.j's ``GetPlayerHandicapDamageBJ`` shows it as a percentage)."""
    return p.handicap_damage if p is not None else 0.0


@native("GetPlayerHandicapReviveTime", "takes player whichPlayer returns real", constant=True)
def GetPlayerHandicapReviveTime(ctx, p):
    """The hero revive time handicap: 1.0 (no handicap) until set."""
    return p.handicap_revive_time if p is not None else 0.0


@native("SetPlayerHandicapDamage", "takes player whichPlayer, real handicap returns nothing", constant=True)
def SetPlayerHandicapDamage(ctx, p, handicap):
    """Store the damage handicap (a factor: Blizzard.j passes percent * 0.01). The model's
    damage natives do not scale by it."""
    if p is not None:
        p.handicap_damage = handicap


@native("SetPlayerHandicapReviveTime", "takes player whichPlayer, real handicap returns nothing", constant=True)
def SetPlayerHandicapReviveTime(ctx, p, handicap):
    """Store the revive time handicap (a factor; hero revival is instant in the model)."""
    if p is not None:
        p.handicap_revive_time = handicap


@native("SetPlayerTechMaxAllowed", "takes player whichPlayer, integer techid, integer maximum returns nothing", constant=True)
def SetPlayerTechMaxAllowed(ctx, p, techid, maximum):
    if p is not None:
        p.tech_max[techid] = maximum


@native("GetPlayerTechMaxAllowed", "takes player whichPlayer, integer techid returns integer", constant=True)
def GetPlayerTechMaxAllowed(ctx, p, techid):
    if p is None:
        return 0
    return p.tech_max.get(techid, -1)


@native("AddPlayerTechResearched", "takes player whichPlayer, integer techid, integer levels returns nothing", constant=True)
def AddPlayerTechResearched(ctx, p, techid, levels):
    if p is not None:
        p.tech_researched[techid] = max(0, p.tech_researched.get(techid, 0) + levels)


@native("SetPlayerTechResearched", "takes player whichPlayer, integer techid, integer setToLevel returns nothing", constant=True)
def SetPlayerTechResearched(ctx, p, techid, level):
    if p is not None:
        p.tech_researched[techid] = max(0, level)


@native("GetPlayerTechResearched", "takes player whichPlayer, integer techid, boolean specificonly returns boolean", constant=True)
def GetPlayerTechResearched(ctx, p, techid, specificonly):
    """True when the upgrade ``techid`` has at least one researched level."""
    if p is None:
        return False
    return p.tech_researched.get(techid, 0) > 0


@native("SetPlayerAbilityAvailable", "takes player whichPlayer, integer abilid, boolean avail returns nothing")
def SetPlayerAbilityAvailable(ctx, p, abilid, avail):
    if p is not None:
        p.ability_available[abilid] = avail


# ---------------------------------------------------------------------------------------
# Map setup natives (player counts, teams, start locations)
# ---------------------------------------------------------------------------------------

@native("SetPlayers", "takes integer playercount returns nothing")
def SetPlayers(ctx, count):
    _players(ctx).player_count = count


@native("GetPlayers", "takes nothing returns integer")
def GetPlayers(ctx):
    """The count the map declared with ``SetPlayers`` (0 before ``config()`` runs)."""
    return _players(ctx).player_count


@native("SetTeams", "takes integer teamcount returns nothing")
def SetTeams(ctx, count):
    _players(ctx).team_count = count


@native("GetTeams", "takes nothing returns integer")
def GetTeams(ctx):
    return _players(ctx).team_count


@native("DefineStartLocation", "takes integer whichStartLoc, real x, real y returns nothing")
def DefineStartLocation(ctx, index, x, y):
    _players(ctx).start_locations[index] = (x, y)


@native("DefineStartLocationLoc", "takes integer whichStartLoc, location whichLocation returns nothing")
def DefineStartLocationLoc(ctx, index, loc):
    loc = alive(loc)
    if loc is not None:
        _players(ctx).start_locations[index] = (loc.x, loc.y)


@native("GetStartLocationX", "takes integer whichStartLocation returns real", constant=True)
def GetStartLocationX(ctx, index):
    return _players(ctx).start_locations.get(index, (0.0, 0.0))[0]


@native("GetStartLocationY", "takes integer whichStartLocation returns real", constant=True)
def GetStartLocationY(ctx, index):
    return _players(ctx).start_locations.get(index, (0.0, 0.0))[1]


@native("GetStartLocationLoc", "takes integer whichStartLocation returns location", constant=True)
def GetStartLocationLoc(ctx, index):
    """A new location at the start location (null for an undefined index)."""
    pos = _players(ctx).start_locations.get(index)
    if pos is None:
        return None
    return new_location(ctx.game, *pos)


@native("SetStartLocPrioCount", "takes integer whichStartLoc, integer prioSlotCount returns nothing")
def SetStartLocPrioCount(ctx, index, count):
    _players(ctx).start_loc_prio_count[index] = count


@native("SetStartLocPrio", "takes integer whichStartLoc, integer prioSlotIndex, integer otherStartLocIndex, startlocprio priority returns nothing")
def SetStartLocPrio(ctx, index, slot, other, prio):
    _players(ctx).start_loc_prios[(index, slot)] = (other, enum_value(prio, 0))


@native("GetStartLocPrioSlot", "takes integer whichStartLoc, integer prioSlotIndex returns integer")
def GetStartLocPrioSlot(ctx, index, slot):
    return _players(ctx).start_loc_prios.get((index, slot), (0, 0))[0]


@native("GetStartLocPrio", "takes integer whichStartLoc, integer prioSlotIndex returns startlocprio")
def GetStartLocPrio(ctx, index, slot):
    return enum_handle("startlocprio", _players(ctx).start_loc_prios.get((index, slot), (0, 0))[1])


@native("SetEnemyStartLocPrioCount", "takes integer whichStartLoc, integer prioSlotCount returns nothing")
def SetEnemyStartLocPrioCount(ctx, index, count):
    _players(ctx).enemy_start_loc_prio_count[index] = count


@native("SetEnemyStartLocPrio", "takes integer whichStartLoc, integer prioSlotIndex, integer otherStartLocIndex, startlocprio priority returns nothing")
def SetEnemyStartLocPrio(ctx, index, slot, other, prio):
    _players(ctx).enemy_start_loc_prios[(index, slot)] = (other, enum_value(prio, 0))


# ---------------------------------------------------------------------------------------
# Forces
# ---------------------------------------------------------------------------------------

def new_force(game) -> Force:
    """Create and allocate an empty force."""
    return game.handles.allocate(Force())


def force_players(game, force: Force) -> list[Player]:
    """Members of ``force`` in ascending player id order (S128)."""
    return [game.players.slots[i] for i in sorted(force.members)]


@native("CreateForce", "takes nothing returns force")
def CreateForce(ctx):
    return new_force(ctx.game)


@native("DestroyForce", "takes force whichForce returns nothing")
def DestroyForce(ctx, force):
    if alive(force) is not None:
        force.members.clear()
        ctx.game.handles.destroy(force)


@native("ForceAddPlayer", "takes force whichForce, player whichPlayer returns nothing")
def ForceAddPlayer(ctx, force, p):
    force = alive(force)
    if force is not None and p is not None:
        force.members.add(p.id)


@native("ForceRemovePlayer", "takes force whichForce, player whichPlayer returns nothing")
def ForceRemovePlayer(ctx, force, p):
    force = alive(force)
    if force is not None and p is not None:
        force.members.discard(p.id)


@native("BlzForceHasPlayer", "takes force whichForce, player whichPlayer returns boolean")
def BlzForceHasPlayer(ctx, force, p):
    force = alive(force)
    return force is not None and p is not None and p.id in force.members


@native("ForceClear", "takes force whichForce returns nothing")
def ForceClear(ctx, force):
    force = alive(force)
    if force is not None:
        force.members.clear()


@native("IsPlayerInForce", "takes player whichPlayer, force whichForce returns boolean", constant=True)
def IsPlayerInForce(ctx, p, force):
    force = alive(force)
    return force is not None and p is not None and p.id in force.members


def _enum_players(ctx, force, candidates, filt, limit=None):
    force = alive(force)
    if force is None:
        return
    force.members.clear()
    added = 0
    for p in candidates:
        if limit is not None and added >= limit:
            break
        if filt is None or eval_filter(ctx, filt, filter_player=p):
            if alive(force) is None:
                return
            force.members.add(p.id)
            added += 1


@native("ForceEnumPlayers", "takes force whichForce, boolexpr filter returns nothing")
def ForceEnumPlayers(ctx, force, filt):
    _enum_players(ctx, force, list(_players(ctx)), filt)


@native("ForceEnumPlayersCounted", "takes force whichForce, boolexpr filter, integer countLimit returns nothing")
def ForceEnumPlayersCounted(ctx, force, filt, limit):
    _enum_players(ctx, force, list(_players(ctx)), filt, max(0, limit))


@native("ForceEnumAllies", "takes force whichForce, player whichPlayer, boolexpr filter returns nothing")
def ForceEnumAllies(ctx, force, p, filt):
    """Players ``p`` treats as allies (``p`` itself included)."""
    if p is None:
        return
    _enum_players(ctx, force, [o for o in _players(ctx) if p.is_ally(o)], filt)


@native("ForceEnumEnemies", "takes force whichForce, player whichPlayer, boolexpr filter returns nothing")
def ForceEnumEnemies(ctx, force, p, filt):
    """Players ``p`` does not treat as allies."""
    if p is None:
        return
    _enum_players(ctx, force, [o for o in _players(ctx) if not p.is_ally(o)], filt)


@native("ForForce", "takes force whichForce, code callback returns nothing")
def ForForce(ctx, force, code):
    """Run ``code`` once per member, ascending player id (S128), over a snapshot."""
    force = alive(force)
    if force is None or code is None:
        return
    for p in force_players(ctx.game, force):
        ctx.run_code(code, enum_player=p)


# ---------------------------------------------------------------------------------------
# Melee helpers: crippling, hero data for the score screen, town hall count
# ---------------------------------------------------------------------------------------

@native("CripplePlayer", "takes player whichPlayer, force toWhichPlayers, boolean flag returns nothing")
def CripplePlayer(ctx, p, force, flag):
    """Reveal (``flag`` true) or stop revealing ``p``'s units to the players of the force
    (melee "crippled" rule). Kept in ``player.crippled_to``; ``IsUnitVisible`` honours it."""
    force = alive(force)
    if p is None or force is None:
        return
    if flag:
        p.crippled_to.update(force.members)
    else:
        p.crippled_to.difference_update(force.members)


@native("CachePlayerHeroData", "takes player whichPlayer returns nothing")
def CachePlayerHeroData(ctx, p):
    """Snapshot ``p``'s heroes for the score screen (Blizzard.j calls it before units change
    owner): ``player.cached_heroes`` lists type rawcode, level, experience and proper name."""
    if p is None:
        return
    heroes = []
    for u in ctx.game.units.units.values():
        if u.owner is p and u.hero is not None:
            heroes.append({"type": u.type_id, "level": u.hero.level, "xp": u.hero.xp,
                           "name": u.proper_name})
    p.cached_heroes = heroes
