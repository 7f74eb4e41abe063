"""Unit groups. Registry and enumeration tests are named after the clauses of seed 001
(shared/seeds/001_*.txt); the rest follow S120-S127 and conformance cases 063-068."""
import pytest

from conftest import shared_path
from fakectx import FakeCtx
from natives.unitdata import rawcode

HFOO = rawcode("hfoo")


@pytest.fixture
def ctx():
    return FakeCtx()


def create(ctx, x=0.0, y=0.0, player=0, code=HFOO):
    u = ctx.CreateUnit(ctx.Player(player), code, x, y, 0.0)
    ctx.SetUnitX(u, x)  # exact spot, whatever the occupancy search chose
    ctx.SetUnitY(u, y)
    return u


def members(ctx, g):
    seen = []
    ctx.ForGroup(g, lambda c: seen.append(c.GetEnumUnit()))
    return seen


# -- seed 001: registry --------------------------------------------------------------------

def test_repeated_allocate_destroy_cycles_reuse_one_slot(ctx):
    for _ in range(5000):
        ctx.DestroyGroup(ctx.CreateGroup())
    assert ctx.game.groups.high_water == 1
    assert ctx.game.groups.live_count == 0


def test_more_than_1024_live_groups_with_stable_handle_ids(ctx):
    u = create(ctx)
    made = [ctx.CreateGroup() for _ in range(1500)]
    ids = [ctx.GetHandleId(g) for g in made]
    assert len(set(ids)) == 1500
    for g in made:
        assert ctx.GroupAddUnit(g, u)
    assert all(ctx.IsUnitInGroup(u, g) for g in made)
    more = [ctx.CreateGroup() for _ in range(600)]  # the table grows again
    assert [ctx.GetHandleId(g) for g in made] == ids
    assert made[1400].ordinal == 1400 and more[-1].ordinal == 2099
    assert ctx.game.groups.live_count == 2100


def test_jass_destroy_group_returns_the_slot_to_the_allocator(ctx):
    a, b, c = ctx.CreateGroup(), ctx.CreateGroup(), ctx.CreateGroup()
    ctx.DestroyGroup(b)
    d = ctx.CreateGroup()
    assert d.ordinal == b.ordinal == 1
    ctx.DestroyGroup(a)
    ctx.DestroyGroup(c)
    assert ctx.CreateGroup().ordinal == 0  # inactive slots are searched first
    assert ctx.CreateGroup().ordinal == 2
    assert ctx.CreateGroup().ordinal == 3


def test_group_clear_keeps_a_live_handle(ctx):
    """Conformance case 065."""
    g = ctx.CreateGroup()
    hid = ctx.GetHandleId(g)
    a, b = create(ctx), create(ctx, x=100.0)
    ctx.GroupAddUnit(g, a)
    ctx.GroupAddUnit(g, b)
    assert ctx.BlzGroupGetSize(g) == 2
    ctx.GroupClear(g)
    assert ctx.BlzGroupGetSize(g) == 0
    assert not g.destroyed and ctx.GetHandleId(g) == hid
    assert ctx.GroupAddUnit(g, a)
    assert ctx.BlzGroupGetSize(g) == 1


def test_destroyed_group_behaves_as_invalid(ctx):
    g = ctx.CreateGroup()
    u = create(ctx)
    ctx.GroupAddUnit(g, u)
    ctx.DestroyGroup(g)
    assert ctx.BlzGroupGetSize(g) == 0
    assert not ctx.IsUnitInGroup(u, g)
    assert ctx.FirstOfGroup(g) is None
    assert not ctx.GroupAddUnit(g, u)
    assert not ctx.GroupRemoveUnit(g, u)
    ctx.GroupEnumUnitsInRange(g, 0.0, 0.0, 500.0, None)  # not recreated
    assert ctx.BlzGroupGetSize(g) == 0 and members(ctx, g) == []
    ctx.DestroyGroup(g)  # twice is harmless
    assert ctx.game.groups.live_count == 0


# -- seed 001: enumeration during mutation -------------------------------------------------

def test_forgroup_removing_units_from_the_group_does_not_skip_or_repeat(ctx):
    units = [create(ctx, x=i * 100.0) for i in range(5)]
    g = ctx.CreateGroup()
    for u in units:
        ctx.GroupAddUnit(g, u)
    seen = []

    def cb(c):
        u = c.GetEnumUnit()
        seen.append(u)
        c.GroupRemoveUnit(g, u)

    ctx.ForGroup(g, cb)
    assert seen == units
    assert ctx.BlzGroupGetSize(g) == 0


def test_forgroup_clearing_or_destroying_the_group_keeps_iterating_the_snapshot(ctx):
    units = [create(ctx, x=i * 100.0) for i in range(4)]
    for mutate in ("GroupClear", "DestroyGroup"):
        g = ctx.CreateGroup()
        for u in units:
            ctx.GroupAddUnit(g, u)
        seen = []

        def cb(c, mutate=mutate, g=g):
            seen.append(c.GetEnumUnit())
            getattr(c, mutate)(g)

        ctx.ForGroup(g, cb)
        assert seen == units


def test_forgroup_with_nested_enumeration(ctx):
    units = [create(ctx, x=i * 100.0) for i in range(3)]
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsInRange(g, 0.0, 0.0, 1000.0, None)
    inner_counts, seen = [], []

    def cb(c):
        seen.append(c.GetEnumUnit())
        c.GroupEnumUnitsInRange(g, 0.0, 0.0, 50.0, None)  # re-enumerate the same group
        inner = []
        c.ForGroup(g, lambda c2: inner.append(c2.GetEnumUnit()))
        inner_counts.append(len(inner))

    ctx.ForGroup(g, cb)
    assert sorted(seen, key=lambda u: u.x) == units
    assert inner_counts == [1, 1, 1]


def test_forgroup_skips_units_removed_from_the_game(ctx):
    a, b, c_ = create(ctx), create(ctx, x=100.0), create(ctx, x=200.0)
    g = ctx.CreateGroup()
    for u in (a, b, c_):
        ctx.GroupAddUnit(g, u)
    seen = []

    def cb(c):
        u = c.GetEnumUnit()
        seen.append(u)
        if u is a:
            c.RemoveUnit(b)

    ctx.ForGroup(g, cb)
    assert seen == [a, c_]


def test_forgroup_runs_each_callback_through_run_code(ctx):
    g = ctx.CreateGroup()
    ctx.GroupAddUnit(g, create(ctx))

    def code(c):
        return None

    ctx.ForGroup(g, code)
    assert ctx.ran == [code]
    ctx.ForGroup(None, code)
    ctx.ForGroup(g, None)
    assert ctx.ran == [code]


# -- S120-S122: GroupEnum ------------------------------------------------------------------

def test_group_enum_clears_the_group_first(ctx):
    """S120."""
    near, far = create(ctx), create(ctx, x=2000.0)
    g = ctx.CreateGroup()
    ctx.GroupAddUnit(g, far)
    ctx.GroupEnumUnitsInRange(g, 0.0, 0.0, 100.0, None)
    assert members(ctx, g) == [near]


def test_enum_of_player_for_each_player_leaves_only_the_last(ctx):
    """S120: GroupEnumUnitsOfPlayer for each player on one group keeps the last one's."""
    create(ctx, player=0)
    last = create(ctx, x=500.0, player=1)
    g = ctx.CreateGroup()
    for pid in (0, 1):
        ctx.GroupEnumUnitsOfPlayer(g, ctx.Player(pid), None)
    assert members(ctx, g) == [last]


def test_group_enum_filter_sees_earlier_accepted_units(ctx):
    """S121: units are added one by one between filter calls."""
    for i in range(3):
        create(ctx, x=i * 100.0)
    g = ctx.CreateGroup()
    sizes = []

    def filt(c):
        sizes.append(c.BlzGroupGetSize(g))
        return True

    ctx.GroupEnumUnitsInRange(g, 0.0, 0.0, 1000.0, filt)
    assert sizes == [0, 1, 2]


def test_group_enum_filter_selects(ctx):
    keep = create(ctx)
    create(ctx, x=100.0, player=1)
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsInRect(g, ctx.Rect(-500.0, -500.0, 500.0, 500.0),
                             lambda c: c.GetOwningPlayer(c.GetFilterUnit()) is c.Player(0))
    assert members(ctx, g) == [keep]


def test_null_group_or_null_filter(ctx):
    a, b = create(ctx), create(ctx, x=100.0)
    ctx.GroupEnumUnitsInRange(None, 0.0, 0.0, 500.0, None)  # no-op
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsInRange(g, 0.0, 0.0, 500.0, None)
    assert set(members(ctx, g)) == {a, b}


def test_spatial_enums_use_the_origin_only(ctx):
    u = create(ctx, x=110.0)
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsInRange(g, 0.0, 0.0, 100.0, None)  # collision would reach, origin not
    assert members(ctx, g) == []
    ctx.GroupEnumUnitsInRangeOfLoc(g, ctx.Location(0.0, 0.0), 110.0, None)
    assert members(ctx, g) == [u]


def test_spatial_enums_skip_hidden_and_locust_units_of_player_includes_them(ctx):
    """S121."""
    plain, hidden, locust = create(ctx), create(ctx, x=100.0), create(ctx, x=200.0)
    ctx.ShowUnit(hidden, False)
    ctx.UnitAddAbility(locust, rawcode("Aloc"))
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsInRange(g, 0.0, 0.0, 1000.0, None)
    assert members(ctx, g) == [plain]
    ctx.GroupEnumUnitsInRect(g, ctx.GetWorldBounds(), None)
    assert members(ctx, g) == [plain]
    ctx.GroupEnumUnitsOfPlayer(g, ctx.Player(0), None)
    assert set(members(ctx, g)) == {plain, hidden, locust}


def test_enums_find_dead_units_but_not_removed_ones(ctx):
    dead, gone = create(ctx), create(ctx, x=100.0)
    ctx.KillUnit(dead)
    ctx.RemoveUnit(gone)
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsInRange(g, 0.0, 0.0, 1000.0, None)
    assert members(ctx, g) == [dead]


def test_enum_of_type_matches_the_internal_name_of_every_owner(ctx):
    """Blizzard.j's stock updates: GroupEnumUnitsOfType(g, "marketplace", null)."""
    market = create(ctx, player=15, code=rawcode("nmrk"))
    other = create(ctx, x=300.0, player=3, code=rawcode("nmrk"))
    ctx.ShowUnit(other, False)
    create(ctx, x=600.0)
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsOfType(g, "marketplace", None)
    assert members(ctx, g) == [market, other]
    ctx.GroupEnumUnitsOfType(g, "Footman", None)
    assert [ctx.GetUnitTypeId(u) for u in members(ctx, g)] == [HFOO]
    ctx.GroupEnumUnitsOfTypeCounted(g, "marketplace", None, 1)
    assert len(members(ctx, g)) == 2
    ctx.GroupEnumUnitsOfType(g, "nosuchunit", None)
    assert members(ctx, g) == []


def test_enum_of_player_lists_reverse_creation_order(ctx):
    """S122."""
    units = [create(ctx, x=i * 300.0) for i in range(4)]
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsOfPlayer(g, ctx.Player(0), None)
    assert g.members == list(reversed(units))


def test_spatial_enum_order_by_sector_then_reverse_insertion(ctx):
    """S122: 256x256 sectors from the bottom row up, each row left to right; inside a
    sector the most recently entered unit first."""
    top_left = create(ctx, x=10.0, y=300.0)
    bottom_right = create(ctx, x=300.0, y=10.0)
    bottom_left_old = create(ctx, x=10.0, y=10.0)
    bottom_left_new = create(ctx, x=50.0, y=50.0)
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsInRange(g, 0.0, 0.0, 1000.0, None)
    assert g.members == [bottom_left_new, bottom_left_old, bottom_right, top_left]


def test_counted_enums_ignore_the_limit(ctx):
    for i in range(5):
        create(ctx, x=i * 40.0)
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsInRangeCounted(g, 0.0, 0.0, 1000.0, None, 2)
    assert ctx.BlzGroupGetSize(g) == 5
    ctx.GroupEnumUnitsInRectCounted(g, ctx.Rect(-1.0, -1.0, 50.0, 50.0), None, 1)
    assert ctx.BlzGroupGetSize(g) == 2


def test_enum_units_selected(ctx):
    a, b = create(ctx), create(ctx, x=100.0)
    ctx.SelectUnit(b, True)
    g = ctx.CreateGroup()
    ctx.GroupEnumUnitsSelected(g, ctx.Player(0), None)
    assert members(ctx, g) == [b]
    ctx.GroupEnumUnitsSelected(g, ctx.Player(1), None)
    assert members(ctx, g) == []


# -- S123-S125: FirstOfGroup, add/remove ---------------------------------------------------

def test_firstofgroup_does_not_remove_the_unit(ctx):
    """S124 / conformance case 064."""
    g = ctx.CreateGroup()
    units = [create(ctx, x=i * 100.0) for i in range(3)]
    for u in units:
        ctx.GroupAddUnit(g, u)
    assert ctx.FirstOfGroup(g) is units[0]
    assert ctx.BlzGroupGetSize(g) == 3
    order = []
    while True:
        u = ctx.FirstOfGroup(g)
        if u is None:
            break
        order.append(u)
        ctx.GroupRemoveUnit(g, u)
    assert order == units and ctx.BlzGroupGetSize(g) == 0


def test_firstofgroup_hole_after_removal(ctx):
    """S123: same instant the removed unit is still returned; later it is a null hole
    that GroupRemoveUnit(g, null) cannot remove; only GroupClear does."""
    a, b = create(ctx), create(ctx, x=100.0)
    g = ctx.CreateGroup()
    ctx.GroupAddUnit(g, a)
    ctx.GroupAddUnit(g, b)
    ctx.RemoveUnit(a)
    assert ctx.FirstOfGroup(g) is a
    ctx.now = 0.5  # after a wait
    assert ctx.FirstOfGroup(g) is None
    assert ctx.BlzGroupUnitAt(g, 1) is b
    assert not ctx.GroupRemoveUnit(g, None)
    assert not ctx.GroupRemoveUnit(g, a)
    assert ctx.BlzGroupGetSize(g) == 2
    assert members(ctx, g) == [b]  # ForGroup still reaches b
    ctx.GroupClear(g)
    assert ctx.BlzGroupGetSize(g) == 0


def test_removed_unit_can_leave_the_group_in_the_same_instant(ctx):
    """RemoveUnit(u) then GroupRemoveUnit(g, u) in one instant works, so the common
    FirstOfGroup loop terminates."""
    g = ctx.CreateGroup()
    units = [create(ctx, x=i * 100.0) for i in range(3)]
    for u in units:
        ctx.GroupAddUnit(g, u)
    n = 0
    while (u := ctx.FirstOfGroup(g)) is not None:
        ctx.RemoveUnit(u)
        ctx.GroupRemoveUnit(g, u)
        n += 1
    assert n == 3 and ctx.BlzGroupGetSize(g) == 0


def test_decayed_corpse_becomes_a_hole(ctx):
    a, b = create(ctx), create(ctx, x=100.0)
    g = ctx.CreateGroup()
    ctx.GroupAddUnit(g, a)
    ctx.GroupAddUnit(g, b)
    ctx.KillUnit(a)
    assert ctx.FirstOfGroup(g) is a  # killed, not removed: still a member (S125)
    ctx.game.advance(200.0)
    assert ctx.FirstOfGroup(g) is None


def test_groupaddunit_and_groupremoveunit_return_values(ctx):
    """S125 / conformance case 068."""
    g = ctx.CreateGroup()
    u = create(ctx)
    assert ctx.GroupAddUnit(g, u) is True
    assert ctx.GroupAddUnit(g, u) is False
    assert ctx.GroupRemoveUnit(g, u) is True
    assert ctx.GroupRemoveUnit(g, u) is False
    assert ctx.GroupAddUnit(g, None) is False
    assert ctx.BlzGroupGetSize(None) == 0


def test_new_units_append_at_the_tail_even_after_a_hole(ctx):
    """S125."""
    a, b = create(ctx), create(ctx, x=100.0)
    g = ctx.CreateGroup()
    ctx.GroupAddUnit(g, a)
    ctx.RemoveUnit(a)
    ctx.now = 1.0
    ctx.GroupAddUnit(g, b)
    assert ctx.BlzGroupUnitAt(g, 0) is None and ctx.BlzGroupUnitAt(g, 1) is b
    assert ctx.BlzGroupUnitAt(g, 5) is None and ctx.BlzGroupUnitAt(g, -1) is None


def test_is_unit_in_group(ctx):
    g = ctx.CreateGroup()
    u = create(ctx)
    assert not ctx.IsUnitInGroup(u, g)
    ctx.GroupAddUnit(g, u)
    assert ctx.IsUnitInGroup(u, g)
    assert not ctx.IsUnitInGroup(None, g) and not ctx.IsUnitInGroup(u, None)


def test_forgroup_sum_and_count(ctx):
    """Conformance case 063, the count done as Blizzard.j's CountUnitsInGroup does."""
    g = ctx.CreateGroup()
    for i in (1, 2, 3):
        u = create(ctx, x=i * 100.0)
        ctx.SetUnitUserData(u, i)
        ctx.GroupAddUnit(g, u)
    total = []
    ctx.ForGroup(g, lambda c: total.append(c.GetUnitUserData(c.GetEnumUnit())))
    assert sum(total) == 6 and len(total) == 3


# -- group orders --------------------------------------------------------------------------

def test_group_orders_reach_every_live_member(ctx):
    a, b, dead = create(ctx), create(ctx, x=100.0), create(ctx, x=200.0)
    ctx.KillUnit(dead)
    g = ctx.CreateGroup()
    for u in (a, b, dead):
        ctx.GroupAddUnit(g, u)
    assert ctx.GroupPointOrder(g, "move", 500.0, 500.0)
    assert a.current_order.order == "move" and b.current_order.x == 500.0
    assert dead.current_order is None
    assert ctx.GroupImmediateOrderById(g, 851972)
    assert a.current_order is None
    assert ctx.GroupTargetOrder(g, "attack", create(ctx, x=900.0, player=1))
    assert ctx.GroupPointOrderLoc(g, "patrol", ctx.Location(1.0, 2.0))
    assert not ctx.GroupImmediateOrder(ctx.CreateGroup(), "stop")


# -- Blizzard.j over the real VM -----------------------------------------------------------

BJ_SCRIPT = b"""
globals
    integer g_count = -1
    integer g_count_again = -1
    boolean g_flag = true
    integer g_live_before = 0
    integer g_live_after = 0
endglobals

function Probe takes nothing returns nothing
    local integer i = 0
    call CreateUnit(Player(0), 'oshm', 0., 0., 0.)
    call CreateUnit(Player(0), 'oshm', 100., 0., 0.)
    call CreateUnit(Player(1), 'oshm', 200., 0., 0.)
    set g_count = CountUnitsInGroup(GetUnitsOfPlayerAndTypeId(Player(0), 'oshm'))
    set bj_wantDestroyGroup = true
    set g_count_again = CountUnitsInGroup(GetUnitsOfPlayerAndTypeId(Player(0), 'oshm'))
    set g_flag = bj_wantDestroyGroup
endfunction
"""


def test_blizzard_j_count_units_in_group_runs_over_forgroup():
    """Blizzard.j CountUnitsInGroup + GetUnitsOfPlayerAndTypeId over these natives; with
    bj_wantDestroyGroup the group is destroyed and the flag consumed (S127); without it the
    group stays live (the Prologue02 leak of seed 001)."""
    api = shared_path("corpus", "api", "1.30.4")
    try:
        from jassvm.loader import load_program
        from natives.session import GameSession, load_natives
    except ImportError as exc:  # the VM is another module's work
        pytest.skip(f"VM not available: {exc}")
    sources = [(str(api / "common.j"), (api / "common.j").read_bytes()),
               (str(api / "Blizzard.j"), (api / "Blizzard.j").read_bytes()),
               ("probe.j", BJ_SCRIPT)]
    loaded = load_program(sources, load_natives(), strict=False)
    session = GameSession(loaded.program)
    session.vm.run_init()
    groups = session.game.groups
    before = groups.live_count
    session.vm.call("Probe", kind="main")
    vm = session.vm
    assert vm.read_global("g_count") == 2
    assert vm.read_global("g_count_again") == 2
    assert vm.read_global("g_flag") is False
    assert groups.live_count == before + 1  # the first group leaked, the second destroyed
