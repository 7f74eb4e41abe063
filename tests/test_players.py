"""Players (S072, S129), alliances, player states, map setup and forces (S128)."""
import pytest

from fakectx import FakeCtx
from natives.game import Game
from natives.handles import enum_handle
from natives.modelevents import AllianceChanged, PlayerStateChanged


def E(type_name, value):
    return enum_handle(type_name, value)


GOLD = E("playerstate", 1)
LUMBER = E("playerstate", 2)
FOOD_CAP = E("playerstate", 4)
FOOD_USED = E("playerstate", 5)
PASSIVE = E("alliancetype", 0)
SHARED_VISION = E("alliancetype", 5)


@pytest.fixture
def ctx():
    return FakeCtx()


# -- Player(i) ---------------------------------------------------------------------------

def test_player_returns_the_same_object(ctx):
    assert ctx.Player(3) is ctx.Player(3)
    assert ctx.GetPlayerId(ctx.Player(5)) == 5


@pytest.mark.parametrize("pid", [-1, 28, 1000])
def test_player_out_of_range_is_null(ctx, pid):
    """S072 (Reforged behaviour)."""
    assert ctx.Player(pid) is None


def test_classic_maps_have_16_slots():
    ctx = FakeCtx(max_players=16)
    assert ctx.Player(15) is not None
    assert ctx.Player(16) is None


@pytest.mark.parametrize("max_players, expected", [
    (28, (24, 24, 25, 26, 27, 28)),
    (16, (12, 12, 13, 14, 15, 16)),
])
def test_player_count_constants_follow_the_map_version(max_players, expected):
    """S129: 12/16/15 for classic maps, 24/28/27 for Reforged-format maps."""
    ctx = FakeCtx(max_players=max_players)
    got = (ctx.GetBJMaxPlayers(), ctx.GetPlayerNeutralAggressive(), ctx.GetBJPlayerNeutralVictim(),
           ctx.GetBJPlayerNeutralExtra(), ctx.GetPlayerNeutralPassive(), ctx.GetBJMaxPlayerSlots())
    assert got == expected


def test_local_player_is_player_0_unless_configured():
    ctx = FakeCtx()
    assert ctx.GetLocalPlayer() is ctx.Player(0)
    ctx1 = FakeCtx(local_player=1)
    assert ctx1.GetLocalPlayer() is ctx1.Player(1)


def test_neutral_player_names(ctx):
    assert ctx.GetPlayerName(ctx.Player(24)) == "Neutral Hostile"
    assert ctx.GetPlayerName(ctx.Player(27)) == "Neutral Passive"
    assert ctx.GetPlayerName(ctx.Player(0)) == "Player 1"
    ctx.SetPlayerName(ctx.Player(0), "Arthas")
    assert ctx.GetPlayerName(ctx.Player(0)) == "Arthas"


# -- slots, controllers, races, colors ---------------------------------------------------

def test_slot_states_for_a_headless_single_player_run(ctx):
    user = E("mapcontrol", 0)
    computer = E("mapcontrol", 1)
    playing = E("playerslotstate", 1)
    empty = E("playerslotstate", 0)
    ctx.SetPlayerController(ctx.Player(0), user)
    ctx.SetPlayerController(ctx.Player(1), computer)
    ctx.SetPlayerController(ctx.Player(2), user)
    assert ctx.GetPlayerSlotState(ctx.Player(0)) is playing
    assert ctx.GetPlayerSlotState(ctx.Player(1)) is playing
    assert ctx.GetPlayerSlotState(ctx.Player(2)) is empty
    assert ctx.GetPlayerController(ctx.Player(1)) is computer
    # Blizzard.j's bj_isSinglePlayer: exactly one USER-controlled PLAYING slot
    users_playing = [i for i in range(24)
                     if ctx.GetPlayerController(ctx.Player(i)) is user
                     and ctx.GetPlayerSlotState(ctx.Player(i)) is playing]
    assert users_playing == [0]


def test_neutral_controllers(ctx):
    assert ctx.GetPlayerController(ctx.Player(24)) is E("mapcontrol", 4)  # creep
    assert ctx.GetPlayerController(ctx.Player(27)) is E("mapcontrol", 3)  # neutral


def test_race_preference_sets_the_race(ctx):
    p = ctx.Player(2)
    ctx.SetPlayerRacePreference(p, E("racepreference", 2))  # RACE_PREF_ORC
    assert ctx.GetPlayerRace(p) is E("race", 2)
    assert ctx.IsPlayerRacePrefSet(p, E("racepreference", 2))
    assert not ctx.IsPlayerRacePrefSet(p, E("racepreference", 1))
    ctx.SetPlayerRacePreference(p, E("racepreference", 8))  # undead
    assert ctx.GetPlayerRace(p) is E("race", 3)


def test_color_team_and_start_location(ctx):
    p = ctx.Player(3)
    assert ctx.GetPlayerColor(p) is ctx.ConvertPlayerColor(3)
    ctx.SetPlayerColor(p, ctx.ConvertPlayerColor(7))
    assert ctx.GetPlayerColor(p) is ctx.ConvertPlayerColor(7)
    ctx.SetPlayerTeam(p, 2)
    assert ctx.GetPlayerTeam(p) == 2
    ctx.SetPlayerStartLocation(p, 4)
    assert ctx.GetPlayerStartLocation(p) == 4


def test_map_setup_counts_and_start_locations(ctx):
    assert ctx.GetPlayers() == 0
    ctx.SetPlayers(5)
    ctx.SetTeams(3)
    assert (ctx.GetPlayers(), ctx.GetTeams()) == (5, 3)
    ctx.DefineStartLocation(1, -2880.0, 1984.0)
    assert (ctx.GetStartLocationX(1), ctx.GetStartLocationY(1)) == (-2880.0, 1984.0)
    loc = ctx.GetStartLocationLoc(1)
    assert (loc.x, loc.y) == (-2880.0, 1984.0)
    assert ctx.GetStartLocationLoc(1) is not loc
    ctx.DefineStartLocationLoc(2, ctx.Location(5.0, 6.0))
    assert ctx.GetStartLocationX(2) == 5.0
    ctx.SetStartLocPrioCount(0, 1)
    ctx.SetStartLocPrio(0, 0, 2, E("startlocprio", 1))
    assert ctx.GetStartLocPrioSlot(0, 0) == 2
    assert ctx.GetStartLocPrio(0, 0) is E("startlocprio", 1)


# -- alliances ---------------------------------------------------------------------------

def test_players_are_allied_with_themselves_and_enemies_of_others(ctx):
    a, b = ctx.Player(0), ctx.Player(1)
    assert ctx.IsPlayerAlly(a, a) and not ctx.IsPlayerEnemy(a, a)
    assert ctx.IsPlayerEnemy(a, b) and not ctx.IsPlayerAlly(a, b)


def test_set_player_alliance_is_one_way(ctx):
    a, b = ctx.Player(0), ctx.Player(1)
    ctx.SetPlayerAlliance(a, b, PASSIVE, True)
    assert ctx.GetPlayerAlliance(a, b, PASSIVE)
    assert not ctx.GetPlayerAlliance(b, a, PASSIVE)
    assert ctx.IsPlayerAlly(a, b) and not ctx.IsPlayerAlly(b, a)
    assert not ctx.GetPlayerAlliance(a, b, SHARED_VISION)
    events = [e for e in ctx.game.published if type(e) is AllianceChanged]
    assert events[-1].player is a and events[-1].value is True


def test_neutral_passive_is_passive_both_ways(ctx):
    p, passive = ctx.Player(0), ctx.Player(ctx.GetPlayerNeutralPassive())
    assert ctx.IsPlayerAlly(p, passive) and ctx.IsPlayerAlly(passive, p)
    assert ctx.IsPlayerEnemy(p, ctx.Player(ctx.GetPlayerNeutralAggressive()))


# -- player states -----------------------------------------------------------------------

def test_player_state_set_get(ctx):
    p = ctx.Player(0)
    assert ctx.GetPlayerState(p, GOLD) == 0
    ctx.SetPlayerState(p, GOLD, 500)
    ctx.SetPlayerState(p, LUMBER, 150)
    assert (ctx.GetPlayerState(p, GOLD), ctx.GetPlayerState(p, LUMBER)) == (500, 150)
    assert ctx.GetPlayerState(p, E("playerstate", 6)) == 100  # food cap ceiling
    events = [e for e in ctx.game.published if type(e) is PlayerStateChanged]
    assert events[-1] == PlayerStateChanged(p, state=2, old=0, value=150)


def test_player_state_no_event_when_unchanged(ctx):
    p = ctx.Player(0)
    ctx.SetPlayerState(p, GOLD, 0)
    assert not [e for e in ctx.game.published if type(e) is PlayerStateChanged]


def test_tech_defaults_and_research(ctx):
    p = ctx.Player(0)
    tech = 0x52686172
    assert ctx.GetPlayerTechMaxAllowed(p, tech) == -1
    ctx.SetPlayerTechMaxAllowed(p, tech, 0)
    assert ctx.GetPlayerTechMaxAllowed(p, tech) == 0
    assert not ctx.GetPlayerTechResearched(p, tech, True)
    ctx.AddPlayerTechResearched(p, tech, 2)
    ctx.AddPlayerTechResearched(p, tech, 1)
    assert ctx.GetPlayerTechResearched(p, tech, True)
    assert ctx.GetPlayerTechCount(p, tech, True) == 3
    ctx.SetPlayerTechResearched(p, tech, 1)
    assert ctx.GetPlayerTechCount(p, tech, True) == 1


def test_handicaps_and_observer(ctx):
    p = ctx.Player(0)
    assert ctx.GetPlayerHandicap(p) == 1.0
    ctx.SetPlayerHandicapXP(p, 0.5)
    assert ctx.GetPlayerHandicapXP(p) == 0.5
    assert not ctx.IsPlayerObserver(p)


def test_null_player_arguments_are_harmless(ctx):
    assert ctx.GetPlayerId(None) == -1
    assert ctx.GetPlayerState(None, GOLD) == 0
    assert ctx.GetPlayerName(None) is None
    assert ctx.IsPlayerAlly(None, ctx.Player(0)) is False
    ctx.SetPlayerState(None, GOLD, 5)


# -- forces ------------------------------------------------------------------------------

def test_force_membership(ctx):
    """Conformance case 070."""
    f = ctx.CreateForce()
    for i in (1, 2, 3):
        ctx.ForceAddPlayer(f, ctx.Player(i))
    assert ctx.IsPlayerInForce(ctx.Player(2), f)
    assert not ctx.IsPlayerInForce(ctx.Player(4), f)
    ctx.ForceRemovePlayer(f, ctx.Player(2))
    assert not ctx.IsPlayerInForce(ctx.Player(2), f)
    assert ctx.BlzForceHasPlayer(f, ctx.Player(3))
    ctx.ForceClear(f)
    assert not ctx.IsPlayerInForce(ctx.Player(3), f)


def test_forforce_iterates_by_ascending_player_id(ctx):
    """S128 / conformance case 069."""
    f = ctx.CreateForce()
    for i in (7, 3, 5):
        ctx.ForceAddPlayer(f, ctx.Player(i))
    seen = []
    ctx.ForForce(f, lambda c: seen.append(c.GetPlayerId(c.GetEnumPlayer())))
    assert seen == [3, 5, 7]


def test_forforce_iterates_a_snapshot(ctx):
    f = ctx.CreateForce()
    for i in (1, 2, 3):
        ctx.ForceAddPlayer(f, ctx.Player(i))
    seen = []

    def cb(c):
        p = c.GetEnumPlayer()
        seen.append(p.id)
        c.ForceRemovePlayer(f, c.Player(3))
        c.ForceAddPlayer(f, c.Player(9))

    ctx.ForForce(f, cb)
    assert seen == [1, 2, 3]


def test_force_enum_players_applies_the_filter_and_clears_first(ctx):
    f = ctx.CreateForce()
    ctx.ForceAddPlayer(f, ctx.Player(20))
    ctx.ForceEnumPlayers(f, lambda c: c.GetPlayerId(c.GetFilterPlayer()) % 2 == 0)
    members = [i for i in range(28) if ctx.IsPlayerInForce(ctx.Player(i), f)]
    assert members == list(range(0, 28, 2))
    ctx.ForceEnumPlayers(f, None)
    assert all(ctx.IsPlayerInForce(ctx.Player(i), f) for i in range(28))


def test_force_enum_counted_stops_at_the_limit(ctx):
    f = ctx.CreateForce()
    ctx.ForceEnumPlayersCounted(f, None, 3)
    assert [i for i in range(28) if ctx.IsPlayerInForce(ctx.Player(i), f)] == [0, 1, 2]


def test_force_enum_allies_and_enemies(ctx):
    a, b = ctx.Player(0), ctx.Player(1)
    ctx.SetPlayerAlliance(a, b, PASSIVE, True)
    allies, enemies = ctx.CreateForce(), ctx.CreateForce()
    ctx.ForceEnumAllies(allies, a, None)
    ctx.ForceEnumEnemies(enemies, a, None)
    assert {i for i in range(28) if ctx.IsPlayerInForce(ctx.Player(i), allies)} == {0, 1, 27}
    assert ctx.IsPlayerInForce(ctx.Player(2), enemies)
    assert not ctx.IsPlayerInForce(a, enemies)


def test_destroyed_force_is_invalid(ctx):
    f = ctx.CreateForce()
    ctx.ForceAddPlayer(f, ctx.Player(1))
    ctx.DestroyForce(f)
    assert not ctx.IsPlayerInForce(ctx.Player(1), f)
    ctx.ForceAddPlayer(f, ctx.Player(1))
    assert not ctx.IsPlayerInForce(ctx.Player(1), f)
    ran = []
    ctx.ForForce(f, ran.append)
    assert ran == []


def test_players_are_permanent_handles():
    game = Game()
    p = game.players.get(0)
    game.handles.retain(p)
    game.handles.release(p)
    game.handles.release(p)
    assert not game.handles.destroy(p)
    assert game.handles.get(p.handle_id) is p and not p.destroyed


def test_neutral_controlled_map_players_are_at_peace_until_the_script_unallies_them(ctx):
    # Human01 (corpus) leaves its villagers (player 2, MAP_CONTROL_NEUTRAL) at peace with
    # Arthas (player 1, a user) and unallies the neutral-controlled orcs (player 0)
    # explicitly: SetPlayerAllianceStateBJ(Player(0), Player(1), bj_ALLIANCE_UNALLIED)
    neutral = enum_handle("mapcontrol", 3)
    orcs, arthas, villagers, rival = (ctx.Player(i) for i in (0, 1, 2, 3))
    ctx.SetPlayerController(orcs, neutral)
    ctx.SetPlayerController(villagers, neutral)
    assert ctx.GetPlayerAlliance(arthas, villagers, PASSIVE)
    assert ctx.GetPlayerAlliance(villagers, arthas, PASSIVE)
    assert not ctx.GetPlayerAlliance(arthas, rival, PASSIVE)    # two users: enemies
    ctx.SetPlayerAlliance(orcs, arthas, PASSIVE, False)
    assert not ctx.GetPlayerAlliance(orcs, arthas, PASSIVE)
    assert ctx.GetPlayerAlliance(arthas, orcs, PASSIVE)         # until set the other way too
