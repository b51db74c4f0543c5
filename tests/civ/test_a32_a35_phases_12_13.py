"""A32 phase 12 (purchases, the hand limit, returns under the stacks), A34 phase 13, A35 end."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from civ_world import OPTIONS, events_of, play, position, seat, state

from engine import IllegalAction
from engine.civ.actions import parse_action
from engine.civ.state import State
from engine.civ.tables import COMMODITY_BY_ID, MINING_COMMODITIES
from engine.civ.trade_cards import cards_value, most_value


def test_A32_rulebook_example_bought_in_phase_12_cards_go_back_under_their_stacks() -> None:
    hand = ["grain"] * 3 + ["papyrus"] * 2 + ["hides"]
    d = position([seat("africa", cards=["mysticism"], hand=hand, treasury=10),
                  seat("italy")], tokens={2: {0: 1}, 4: {1: 1}}, phase="civ_cards")
    s = state(d)
    assert s.pending == {"kind": "civ_cards", "seat": 0, "open": True}
    assert s.legal_actions() == [{"type": "purchase", "cards": [], "pay": [], "mining": None}]
    assert s.check(parse_action("purchase music pay grain grain grain papyrus papyrus")) \
        is not None
    s = play(s, "purchase music pay grain grain grain papyrus papyrus hides")
    d2 = s.to_dict()
    assert d2["seats"][0]["cards"] == ["music", "mysticism"]
    assert d2["seats"][0]["treasury"] == 0 and d2["seats"][0]["hand"] == []
    assert Counter(c for stack in d2["stacks"] for c in stack)["grain"] == 8
    assert d2["stacks"][3][-3:] == ["grain"] * 3  # under stack 4
    assert events_of(s, "civ_cards_bought")[0]["treasury"] == 10


def test_A32_1_a_refused_purchase_changes_nothing() -> None:
    d = position([seat("africa", hand=["salt"], treasury=45), seat("italy")],
                 tokens={2: {0: 1}, 4: {1: 1}}, phase="civ_cards")
    s = state(d)
    before = s.digest()
    with pytest.raises(IllegalAction) as caught:
        s.apply(parse_action("purchase law"))
    assert caught.value.refusal.code == "purchase/treasury" and s.digest() == before


def test_A1_2_a_player_who_can_buy_nothing_is_not_asked() -> None:
    d = position([seat("africa", hand=["salt"], treasury=3), seat("italy")],
                 tokens={2: {0: 1}, 4: {1: 1}}, phase="civ_cards")
    assert state(d).to_dict()["phase"] != "civ_cards"


def test_A1_2_A32_1_a_hand_that_could_pay_is_asked_even_when_it_cannot() -> None:
    """Five cards could pay for Pottery (45), whatever they are: the player is asked, the
    same question, whether his five cards are worth 9 or 225 (A1.2's exception, A1.5)."""
    pendings = []
    for hand in (["ochre", "hides", "iron", "papyrus", "salt"], ["gold"] * 5):
        d = position([seat("africa", hand=hand), seat("italy")],
                     tokens={2: {0: 1}, 4: {1: 1}}, phase="civ_cards")
        pendings.append(state(d).pending)
    assert pendings == [{"kind": "civ_cards", "seat": 0, "open": True}] * 2


def test_A32_4_most_value_is_the_best_any_hand_of_that_size_can_pay() -> None:
    commodities = sorted(COMMODITY_BY_ID)
    for n in range(4):
        hands = list(combinations_with_replacement(commodities, n))
        assert most_value(n, False) == max(cards_value(h) for h in hands)
        assert most_value(n, True) == max(cards_value(h, m) for h in hands
                                          for m in [None, *MINING_COMMODITIES & set(h)])
    assert most_value(6, False) == 36 * 7  # six Spices beat five Gold and an Ivory
    assert most_value(30, True) > most_value(30, False)


def test_A1_2_A32_5_a_return_with_a_single_answer_is_still_asked() -> None:
    """Nine Salt: `return salt` is at last the only answer, asked all the same, as for any hand of
    ten (A1.2's exception): a question skipped would tell the hand."""
    d = position([seat("africa", hand=["salt"] * 9 + ["grain"]), seat("italy")],
                 tokens={2: {0: 1}, 4: {1: 1}}, phase="civ_cards")
    s = play(state(d), "purchase none")
    assert s.pending == {"kind": "excess", "seat": 0, "left": 2}
    assert s.legal_actions() == [{"type": "return", "card": "salt"},
                                 {"type": "return", "card": "grain"}]
    s = play(s, "return grain")
    assert s.pending == {"kind": "excess", "seat": 0, "left": 1}
    assert s.legal_actions() == [{"type": "return", "card": "salt"}]
    s = play(s, "return salt")
    assert s.to_dict()["seats"][0]["hand"] == ["salt"] * 8


def test_A32_5_at_most_8_commodity_cards_are_kept() -> None:
    hand = ["ochre"] * 7 + ["iron"] * 3
    d = position([seat("africa", hand=hand), seat("italy")], tokens={2: {0: 1}, 4: {1: 1}},
                 phase="civ_cards")
    s = play(state(d), "purchase none")
    assert s.pending == {"kind": "excess", "seat": 0, "left": 2}
    assert s.legal_actions() == [{"type": "return", "card": "ochre"},
                                 {"type": "return", "card": "iron"}]
    s = play(s, "return iron", "return iron")
    assert s.to_dict()["seats"][0]["hand"] == ["ochre"] * 7 + ["iron"]


def test_A34_1_markers_move_in_phase_13_and_A35_1_the_turn_limit_ends_the_game() -> None:
    d = position([seat("africa"), seat("italy", ast=6)], tokens={2: {0: 1}, 4: {1: 1}},
                 cities={1: 0}, phase="ast", turn=3,
                 options={**OPTIONS, "turn_limit": 3})
    s = state(d)
    assert events_of(s, "ast_moved") == [{"type": "ast_moved", "seat": 0, "from": 1, "to": 2},
                                         {"type": "ast_moved", "seat": 1, "from": 6, "to": 5}]
    assert s.is_over and s.to_move is None
    assert (s.to_dict()["turn"], s.to_dict()["phase"]) == (3, "ast")  # the last turn stays
    # Africa: 100 (A.S.T.) + 50 (city); Italy, without a city, one space back: 400
    assert events_of(s, "game_over")[0]["scores"] == {"0": 150, "1": 400}
    assert s.ranking() == [[1], [0]]


def test_A35_1_a_marker_on_space_16_ends_the_game_after_phase_13() -> None:
    cards = ["mathematics", "medicine", "philosophy", "theology", "monotheism", "engineering",
             "democracy", "law", "enlightenment", "deism"]
    cities = {1: 0, 2: 0, 5: 0, 7: 0, 8: 0, 3: 1}
    d = position([seat("africa", ast=15, cards=cards), seat("italy")],
                 tokens={4: {1: 1}}, cities=cities, phase="ast", turn=9)
    s = state(d)
    assert s.is_over and s.to_dict()["seats"][0]["ast"] == 16


def pottery_holder(hand: list[str], grain_shown: int) -> State:
    """Africa holding Pottery, `hand` and `grain_shown`, at phase 12 beside Italy."""
    return state(position([seat("africa", cards=["pottery"], hand=hand, grain_shown=grain_shown),
                           seat("italy")], tokens={2: {0: 1}, 4: {1: 1}}, phase="civ_cards"))


def test_A21_3_A32_5_grain_shown_for_pottery_is_not_returned_at_the_hand_limit() -> None:
    hand = ["ochre"] * 7 + ["iron"] + ["grain"] * 2
    s = play(pottery_holder(hand, grain_shown=2), "purchase none")
    assert s.pending == {"kind": "excess", "seat": 0, "left": 2}
    assert s.legal_actions() == [{"type": "return", "card": "ochre"},
                                 {"type": "return", "card": "iron"}]
    refusal = s.check(parse_action("return grain"))
    assert refusal is not None and refusal.code == "decision/not_offered"
    s = play(s, "return iron")  # then only ochre may go, still asked (A1.2's exception)
    assert s.pending == {"kind": "excess", "seat": 0, "left": 1}
    assert s.legal_actions() == [{"type": "return", "card": "ochre"}]
    s = play(s, "return ochre")
    assert s.to_dict()["seats"][0]["hand"] == ["ochre"] * 6 + ["grain"] * 2


def test_A21_3_A32_5_only_grain_beyond_the_shown_cards_may_be_returned() -> None:
    hand = ["ochre"] * 5 + ["grain"] * 4
    s = play(pottery_holder(hand, grain_shown=3), "purchase none")
    assert s.pending == {"kind": "excess", "seat": 0, "left": 1}
    assert s.legal_actions() == [{"type": "return", "card": "ochre"},
                                 {"type": "return", "card": "grain"}]
    s = play(s, "return grain")
    assert s.to_dict()["seats"][0]["hand"] == ["ochre"] * 5 + ["grain"] * 3


def test_A21_3_A32_5_with_every_grain_shown_the_excess_is_taken_from_the_others() -> None:
    hand = ["ochre"] + ["grain"] * 8
    s = pottery_holder(hand, grain_shown=8)  # one card beside the Grain buys nothing (A32.1)
    # one answer only, because of his hidden hand: still asked (A1.2's exception)
    assert s.pending == {"kind": "excess", "seat": 0, "left": 1}
    assert s.legal_actions() == [{"type": "return", "card": "ochre"}]
    s = play(s, "return ochre")
    assert events_of(s, "cards_returned") == [{"type": "cards_returned", "seat": 0, "count": 1}]
    assert s.to_dict()["seats"][0]["hand"] == ["grain"] * 8
