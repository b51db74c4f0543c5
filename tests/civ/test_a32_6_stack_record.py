"""A32.4, A32.6, A36.1: what everyone counted going back and under the stacks is in the
position (`returns_shown`, `under`), the same in every view, and kept true by play."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from support.civ_counted import parts

import ai
import engine.civ as civ
from ai.civ.determinize import counted_under, position_from_view
from engine import BadPosition
from engine.civ.position import Batch
from engine.civ.stack_record import drawn_from, put_under, return_card
from engine.civ.tables import CALAMITY_BY_ID, CARD_ORDER, CARD_STACK, STACKS

STORED = Path(__file__).parent.parent / "client" / "data" / "civ_hint_positions.json"


@pytest.fixture(scope="module")
def easy_game() -> tuple[list[civ.State], list[dict[str, Any]]]:
    """Three easy seats for 12 turns: they hand cards in for their purchases (A32.4)."""
    bots = [ai.make_bot("civ", "easy", 30 + s) for s in range(3)]
    state = civ.new_game(3, 3, {"turn_limit": 12})
    states, actions = [state], []
    while not state.is_over:
        me = state.to_move
        assert me is not None
        action = bots[me].choose(state.view(me), 0.0)
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions


def test_A32_4_A32_6_cards_handed_in_are_counted_by_name_back_and_under_their_stacks(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    states, _ = easy_game
    handed_in = batches = 0
    for before, after in itertools.pairwise(states):
        b, a = before.to_dict(), after.to_dict()
        paid = Counter(c for e in after.events if e["type"] == "civ_cards_bought"
                       for c in e["paid"])
        handed_in += bool(paid)
        shown = Counter(c for r in b["returns_shown"] for c in r) + paid
        if not (any(b["returns"]) or paid) or any(a["returns"]):
            if paid:
                assert Counter(c for r in a["returns_shown"] for c in r) == shown
            continue
        for i, stack in enumerate(STACKS):  # A32.6: no card is drawn in this step
            went = Counter(a["stacks"][i]) - Counter(b["stacks"][i])
            went.pop(stack.non_tradable_calamity, None)
            if not went:
                continue
            named = [c for c in shown.elements()
                     if CARD_STACK[c] == i + 1 and c != stack.non_tradable_calamity]
            assert a["under"][i][-1] == {"left": went.total(), "unshown": went.total() - len(named),
                                         "shown": sorted(named, key=CARD_ORDER.__getitem__)}
            batches += 1
    assert handed_in >= 3 and batches >= 3, (handed_in, batches)


def test_A32_6_every_position_of_play_holds_what_its_count_says(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    """`from_dict` checks each batch against the cards where it lies (`_check_counted`)."""
    states, _ = easy_game
    for state in states:
        civ.check_accounting(state.position)
    assert any(any(u) for u in states[-1].to_dict()["under"])


def test_A1_5_every_seat_and_a_spectator_see_the_same_count(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    for state in easy_game[0][::25]:
        d = state.to_dict()
        for seat in (None, 0, 1, 2):
            view = state.view(seat)
            assert view["under"] == d["under"]
            assert view["returns_shown"] == d["returns_shown"]


def test_A32_6_what_a_counter_knows_to_be_in_no_hand_is_in_no_hand(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    """`counted_under` (the tables show it) never names a card a hand holds: every card it
    counts lies in the stacks or their returns, in the game and in every world the computer
    players deal from the view."""
    counted_some = 0
    rng = random.Random(5)
    for state in easy_game[0][::5]:
        view = state.view(0)
        counted = counted_under(view)
        for d in (state.to_dict(), position_from_view(view, rng)):
            lying = Counter(c for part in (*d["stacks"], *d["returns"]) for c in part)
            assert not counted - lying, counted - lying
        counted_some += bool(counted)
    assert counted_some >= 10, counted_some


def test_A16_1_a_counter_knows_a_card_of_a_drawn_batch_only_beyond_its_drawn_cards() -> None:
    """Which of a batch's cards lay on top nobody saw (A32.6 shuffles it): of Hides, Hides,
    Ochre and one unseen card, one drawn, one Hides is sure; two drawn, none is. The whole
    batch under it and the Ochre on its way back (A32.4) are sure."""
    view = civ.new_game(3, 1).view(0)
    view["returns_shown"] = [["ochre"], *[[] for _ in STACKS[1:]]]
    view["under"] = [[{"left": 3, "shown": ["hides", "hides", "ochre"], "unshown": 1},
                      {"left": 2, "shown": ["ochre", "ochre"], "unshown": 0}],
                     *[[] for _ in STACKS[1:]]]
    assert counted_under(view) == Counter(ochre=3, hides=1)
    view["under"][0][0]["left"] = 2
    assert counted_under(view) == Counter(ochre=3)


def test_A32_5_a_card_returned_above_the_limit_goes_under_unnamed() -> None:
    pos = civ.new_game(3, 1).position.copy()
    stack = pos.stacks[0]
    hides, ochre = stack.count("hides"), stack.count("ochre")
    pos.stacks[0] = stack[2:]
    return_card(pos, stack[0], shown=True)
    return_card(pos, stack[1], shown=False)
    assert pos.returns_shown[0] == [stack[0]] and len(pos.returns[0]) == 2
    put_under(pos, [c for r in pos.returns for c in r], pos.returns_shown)
    assert pos.under[0] == [Batch(2, (stack[0],), 1)]
    assert Counter(pos.stacks[0]) == Counter(hides=hides, ochre=ochre)


def test_A16_1_a_batch_loses_cards_only_once_the_cards_above_it_are_drawn() -> None:
    pos = civ.new_game(3, 1).position.copy()
    pos.stacks[0] = ["ochre", "hides", "ochre", "hides"]
    pos.under[0] = [Batch(2, ("hides", "ochre", "ochre"), 0), Batch(1, ("hides",), 0)]
    pos.stacks[0].pop(0)
    drawn_from(pos, 0)
    assert pos.under[0] == [Batch(2, ("hides", "ochre", "ochre"), 0), Batch(1, ("hides",), 0)]
    pos.stacks[0].pop(0)
    drawn_from(pos, 0)
    assert pos.under[0] == [Batch(1, ("hides", "ochre", "ochre"), 0), Batch(1, ("hides",), 0)]
    del pos.stacks[0][:2]
    drawn_from(pos, 0)
    assert pos.under[0] == []


def test_A32_6_the_non_tradable_calamity_is_counted_apart_from_the_batches() -> None:
    pos = civ.new_game(3, 1).position.copy()
    volcano = STACKS[1].non_tradable_calamity
    assert volcano is not None and pos.stacks[1][-1] == volcano
    pos.stacks[1].remove(volcano)
    return_card(pos, volcano, shown=True)
    moved = pos.stacks[2].pop(0)
    return_card(pos, moved, shown=False)
    put_under(pos, [c for r in pos.returns for c in r], pos.returns_shown)
    assert pos.stacks[1][-1] == volcano and pos.under[1] == []
    assert pos.under[2] == [Batch(1, (), 1)]


def test_A36_1_a_leavers_cards_go_under_unnamed(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    pos = easy_game[0][-1].position.copy()
    pos.under = [[] for _ in STACKS]
    hand = pos.seats[0].hand
    assert hand
    put_under(pos, hand, [[] for _ in STACKS])
    expected = Counter(CARD_STACK[c] for c in hand if c not in CALAMITY_BY_ID
                       or CALAMITY_BY_ID[c].tradable)
    assert {i + 1: b[0].unshown for i, b in enumerate(pos.under) if b} == expected
    assert all(b[0].shown == () for b in pos.under if b)


def test_A32_6_a_batch_that_does_not_lie_where_it_is_counted_is_refused(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    d = easy_game[0][-1].to_dict()
    for i, batches in enumerate(d["under"]):
        if not batches or batches[0]["unshown"]:
            continue
        lying = {d["stacks"][i][k] for k in parts(d, i)[1]}
        absent = [c for c in STACKS[i].cards if c not in lying
                  and c != STACKS[i].non_tradable_calamity]
        if absent:
            break
    else:
        pytest.fail("no batch to break")
    batches[0]["shown"] = [absent[0]] * len(batches[0]["shown"])
    with pytest.raises(BadPosition) as caught:
        civ.from_dict(d)
    assert caught.value.refusal.params == {"where": f"under[{i}][0]", "rule": "A32.6"}


def test_A32_6_batches_counting_more_cards_than_the_stack_holds_are_refused(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    d = easy_game[0][-1].to_dict()
    cards = len(STACKS[0].cards)
    d["under"][0].append({"left": cards, "shown": [], "unshown": cards})
    with pytest.raises(BadPosition) as caught:
        civ.from_dict(d)
    assert caught.value.refusal.params == {"where": "under[0]", "rule": "A32.6"}


def test_A32_6_returns_shown_must_be_among_the_returns(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    d = easy_game[0][-1].to_dict()
    d["returns_shown"][0] = ["ochre"]
    with pytest.raises(BadPosition) as caught:
        civ.from_dict(d)
    assert caught.value.refusal.params == {"where": "returns_shown[0]", "rule": "A32.6"}


def test_a_version_2_position_reads_with_its_revealed_calamities_counted_as_shown(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    states, _ = easy_game
    d = next(s.to_dict() for s in states
             if any(c in CALAMITY_BY_ID for r in s.to_dict()["returns"] for c in r)
             and any(c not in CALAMITY_BY_ID for r in s.to_dict()["returns"] for c in r))
    older = {k: v for k, v in d.items() if k not in ("returns_shown", "under")}
    older["version"] = 2
    read = civ.from_dict(older).to_dict()
    assert read["returns_shown"] == [[c for c in r if c in CALAMITY_BY_ID] for r in d["returns"]]
    assert read["under"] == [[] for _ in STACKS] and read["version"] == 3
    stored = json.loads(STORED.read_text())["civ_cards_buy"]
    assert stored["version"] == 2 and civ.from_dict(stored).to_dict()["version"] == 3


def test_a_record_of_rules_5_replays_the_same_game(
        easy_game: tuple[list[civ.State], list[dict[str, Any]]]) -> None:
    """Rules 6 only count more in the position: 5's actions play the same game."""
    states, actions = easy_game
    record = {**civ.new_record(3, 3, {"turn_limit": 12}), "actions": actions,
              "rules_version": 5}
    assert civ.replay(record).digest() == states[-1].digest()
