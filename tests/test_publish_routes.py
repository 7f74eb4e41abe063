"""``game.publish`` routes an event only to the subscribers marked for its class
(``natives.modelevents.listens``); unmarked subscribers get every event; the marks of the
input tables name exactly their ``MODEL_EVENTS`` classes."""
from natives import dzapi, input as input_
from natives.game import Game
from natives.modelevents import UnitCreated, UnitMoved, listens


def test_marked_subscriber_gets_only_its_classes_and_order_is_kept():
    game = Game()
    seen = []

    @listens(UnitMoved)
    def moved(e):
        seen.append(("moved", type(e).__name__))

    def every(e):
        seen.append(("every", type(e).__name__))

    game.subscribers.append(moved)
    game.subscribers.append(every)
    u = game.units.create_unit(game.players.slots[0], 0x68666f6f, 0.0, 0.0, 0.0)
    seen.clear()
    game.units.move_unit(u, 100.0, 0.0)
    assert seen == [("moved", "UnitMoved"), ("every", "UnitMoved")]
    seen.clear()
    game.publish(UnitCreated(u))
    assert seen == [("every", "UnitCreated")]
    late = []
    game.subscribers.append(late.append)   # appended later: routes are rebuilt
    game.units.move_unit(u, 200.0, 0.0)
    assert [type(e) for e in late] == [UnitMoved]


def test_input_marks_match_their_tables():
    assert dzapi.DzApiState.on_publish.event_kinds == frozenset(dzapi.MODEL_EVENTS)
    assert input_.InputState.on_publish.event_kinds == frozenset(input_.MODEL_EVENTS)
