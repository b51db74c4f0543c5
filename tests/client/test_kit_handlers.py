"""The kit's tables of handlers per event type (game.kit.handlers), which T&E's narrator
and choreographer are made of."""

from __future__ import annotations

from game.kit.handlers import Event, EventHandlers
from game.tigris import choreography, narrate


def test_each_event_goes_in_order_to_its_types_handler_else_the_default() -> None:
    seen: list[str] = []

    def named(event: Event, into: list[str]) -> None:
        into.append(f"{event['type']}:{event['n']}")

    table = EventHandlers({"a": named}, default=lambda e, into: into.append("other"))
    assert table.run([{"type": "a", "n": 1}, {"type": "b", "n": 2}, {"type": "a", "n": 3}],
                     seen) is seen
    assert seen == ["a:1", "other", "a:3"]
    assert EventHandlers({"a": named}).run([{"type": "b", "n": 1}], []) == []


def test_tes_narrator_tells_no_quiet_event_and_its_choreographer_moves_nothing_for_them() -> None:
    assert narrate.TELLERS.handler("turn_ended") is not narrate.TELLERS.default
    assert narrate.describe([{"type": "turn_ended", "seat": 0}], ["bull", "lion"]) == []
    assert choreography.MOVES.handler("turn_started") is None, "a turn's start moves nothing"
