"""A Tree of Life entangling a gold mine (``natives.harvest``, issue 15: the night elf melee
start and elf.ai's mines).

Game facts asserted (sources): Blizzard.j's ``MeleeStartingUnitsNightElf`` creates the Tree
of Life beside the start mine and orders it ``entangleinstant`` on the mine ("1 Tree of
Life, placed by nearest gold mine, already entangled"); the Entangled Gold Mine is the Tree
owner's and lets Wisps enter and mine the gold (warcraft.wiki.gg "Tree of Life (Warcraft
III)", Entangle Gold Mine); only Wisps enter it, workers of other races cannot
(oocities.org/subgun950/elve.html); the gold the mine had left moves to the new mine as
Blizzard.j's ``BlightGoldMineForPlayerBJ`` moves it to a haunted mine; a wisp in the mine
gets 10 gold every 5 s (``natives.harvest`` sources). The plain mine is hidden while
entangled and comes back with the gold left when the entangled mine is destroyed (the
game's behaviour as played).
"""
from __future__ import annotations

import shutil

import pytest

from conftest import shared_path
from fakectx import FakeCtx
from maps.scenario_runner import JassGame
from natives.players import PLAYER_STATE_GOLD_GATHERED, PLAYER_STATE_RESOURCE_GOLD
from natives.snapshot import state_digest
from natives.unitdata import rawcode

ETOL, ETOA, NGOL, EGOL, EWSP, HPEA, HTOW = (rawcode(c) for c in
                                            ("etol", "etoa", "ngol", "egol", "ewsp", "hpea", "htow"))


@pytest.fixture
def ctx():
    return FakeCtx()


def create(ctx, code, x=0.0, y=0.0, player=0):
    return ctx.CreateUnit(ctx.Player(player), code, x, y, 270.0)


def entangled_mines(ctx):
    return [u for u in ctx.game.units.units.values() if u.type_id == EGOL and u.alive]


def neutral_mine(ctx, gold, x=600.0):
    mine = create(ctx, NGOL, x=x, player=ctx.game.players.neutral_passive_id)
    ctx.SetResourceAmount(mine, gold)
    return mine


def test_entangleinstant_makes_an_entangled_mine_of_the_trees_owner_with_the_gold_left(ctx):
    mine = neutral_mine(ctx, 3210)
    tree = create(ctx, ETOL, x=-100.0)
    assert ctx.IssueTargetOrder(tree, "entangleinstant", mine)
    [egol] = entangled_mines(ctx)
    assert egol.owner is ctx.Player(0)
    assert ctx.GetResourceAmount(egol) == 3210
    assert (egol.x, egol.y) == (mine.x, mine.y)
    assert ctx.IsUnitHidden(mine) and not ctx.IsUnitHidden(egol)
    assert ctx.GetUnitCurrentOrder(tree) == 0              # instant: the tree is idle again


def test_a_wisp_harvests_the_entangled_mine_and_other_workers_cannot(ctx):
    mine = neutral_mine(ctx, 100)
    tree = create(ctx, ETOA, x=-100.0)                      # a Tree of Ages entangles too
    assert ctx.IssueTargetOrder(tree, "entangleinstant", mine)
    [egol] = entangled_mines(ctx)
    wisp = create(ctx, EWSP, x=488.0)
    peasant = create(ctx, HPEA, x=488.0, y=100.0)
    assert not ctx.IssueTargetOrder(wisp, "harvest", mine)   # hidden: nothing to harvest
    assert not ctx.IssueTargetOrder(peasant, "harvest", egol)  # only wisps enter it
    assert ctx.IssueTargetOrder(wisp, "harvest", egol)
    ctx.game.advance(10.0)
    assert ctx.Player(0).get_state(PLAYER_STATE_RESOURCE_GOLD) == 20
    assert ctx.GetResourceAmount(egol) == 80


def test_the_plain_mine_comes_back_with_the_gold_left_when_the_entangled_one_dies(ctx):
    mine = neutral_mine(ctx, 100)
    tree = create(ctx, ETOL, x=-100.0)
    assert ctx.IssueTargetOrder(tree, "entangleinstant", mine)
    [egol] = entangled_mines(ctx)
    wisp = create(ctx, EWSP, x=488.0)
    assert ctx.IssueTargetOrder(wisp, "harvest", egol)
    ctx.game.advance(10.0)
    ctx.KillUnit(egol)
    assert not ctx.IsUnitHidden(mine) and ctx.GetResourceAmount(mine) == 80
    assert ctx.GetOwningPlayer(mine) is ctx.Player(ctx.game.players.neutral_passive_id)
    peasant = create(ctx, HPEA, x=488.0, y=100.0)
    assert ctx.IssueTargetOrder(peasant, "harvest", mine)   # a plain mine again


def test_an_entangled_mine_that_runs_dry_collapses_with_the_plain_mine(ctx):
    mine = neutral_mine(ctx, 20)
    tree = create(ctx, ETOL, x=-100.0)
    assert ctx.IssueTargetOrder(tree, "entangleinstant", mine)
    [egol] = entangled_mines(ctx)
    wisp = create(ctx, EWSP, x=488.0)
    assert ctx.IssueTargetOrder(wisp, "harvest", egol)
    ctx.game.advance(10.5)
    assert not egol.alive and not mine.alive
    assert ctx.Player(0).get_state(PLAYER_STATE_RESOURCE_GOLD) == 20


def test_entangleinstant_is_refused_for_what_is_not_a_plain_mine(ctx):
    mine = neutral_mine(ctx, 500)
    tree = create(ctx, ETOL, x=-100.0)
    other = create(ctx, ETOL, x=-100.0, y=600.0)
    assert not ctx.IssueTargetOrder(tree, "entangleinstant", other)    # not a mine
    assert ctx.IssueTargetOrder(tree, "entangleinstant", mine)
    [egol] = entangled_mines(ctx)
    assert not ctx.IssueTargetOrder(other, "entangleinstant", egol)    # already entangled
    assert not ctx.IssueTargetOrder(other, "entangleinstant", mine)    # hidden
    assert len(entangled_mines(ctx)) == 1


@pytest.fixture
def melee_api(tmp_path):
    """1.33.0's common.j, Blizzard.j and common.ai with 1.30.4's elf.ai (as test_aitown)."""
    api = tmp_path / "api"
    (api / "ai").mkdir(parents=True)
    for f in shared_path("corpus", "api", "1.33.0").iterdir():
        shutil.copy(f, api / f.name)
    shutil.copy(shared_path("corpus", "api", "1.30.4", "ai", "elf.ai"), api / "ai" / "elf.ai")
    return api


def test_the_night_elf_melee_start_mine_is_entangled_and_its_wisps_mine_it(melee_api, tmp_path):
    """Echo Isles with Player(1) a night elf computer: MeleeStartingUnitsNightElf's
    ``entangleinstant`` gives Player(1) an Entangled Gold Mine with the start mine's gold
    (its start mine at (5120, 3584) holds 13500: war3map.j CreateNeutralPassiveBuildings),
    the plain mine hidden; elf.ai's peon
    assignment sends wisps into it: gold is gathered. A save and load in between plays on
    identically."""
    players = {1: {"controller": "computer", "race": "nightelf"}}
    path = shared_path("corpus", "maps", "melee-echo-isles", "EchoIsles.w3x")
    jg = JassGame(api=str(melee_api), players=players)
    jg.load(path)
    jg.advance(1.0)
    game = jg.session.game
    [egol] = [u for u in game.units.units.values() if u.type_id == EGOL]
    assert egol.owner.id == 1 and egol.resource_amount == 13500
    assert (egol.x, egol.y) == (5120.0, 3584.0)
    [hidden] = [m for m in game.units.units.values() if m.type_id == NGOL and m.hidden]
    assert (hidden.x, hidden.y) == (egol.x, egol.y) and game.harvest.entangled == {egol: hidden}
    blob = tmp_path / "elf.sav"
    jg.save(blob)
    jg.advance(120.0)
    assert game.players.get(1).get_state(PLAYER_STATE_GOLD_GATHERED) > 0
    assert egol.resource_amount < 13500
    resumed = JassGame(api=str(melee_api), players=players).load(blob, map=path)
    resumed.advance(120.0)
    assert state_digest(resumed.session) == state_digest(jg.session)
