"""The valuation pieces on the shipped map, in seeded games between random players: at every
purchase, excess, proposal and answer decision, what they build from the seat's view is legal
for the engine judging the true position (A32.1–A32.5, A17.2–A17.4)."""

from __future__ import annotations

from collections import Counter

import pytest

import ai
import engine.civ as civ
from ai.civ.purchase import best_purchase, return_action
from ai.civ.trade_value import judge, proposals


def partners(view: dict[str, object]) -> list[int]:
    seats = view["seats"]
    assert isinstance(seats, list)
    done = view["phase_state"].get("done", [])  # type: ignore[attr-defined]
    return [i for i, s in enumerate(seats) if i != view["viewer"] and i not in done
            and s["status"] == "active" and s["hand_size"] >= 3]


@pytest.mark.parametrize(("players", "seed"), [(5, 3), (3, 4)])
def test_what_the_valuation_builds_is_legal_in_play(players: int, seed: int) -> None:
    state = civ.new_game(players, seed, {"turn_limit": 24})
    bots = [ai.make_bot("civ", "random", seed * 10 + s) for s in range(players)]
    checked: Counter[str] = Counter()
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        kind = view["pending"]["kind"]
        built = []
        if kind == "civ_cards":
            plan = best_purchase(view)
            built.append(plan.action())
            if plan.cards:
                checked["bought"] += 1
        elif kind == "excess":
            built.append(return_action(view))
        elif kind == "trade_open":
            built += [o.action() for o in proposals(view, partners(view))]
        elif kind == "trade_answer":
            answer = judge(view).accept
            built += [answer] if answer is not None else []
            if view["pending"]["count"] < 3:
                built += [o.action("counter")
                          for o in proposals(view, [view["pending"]["proposal"]["from"]])]
        for action in built:
            assert state.check(action) is None, (kind, action)
            checked[kind] += 1
        state = state.apply(built[0] if built and kind in ("civ_cards", "excess")
                            else bots[seat].choose(view, 0.0))
    assert checked["civ_cards"] and checked["trade_open"] and checked["bought"]
