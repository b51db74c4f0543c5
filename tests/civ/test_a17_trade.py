"""A17 phase 10: trade under the truth rule, hidden unnamed cards, rounds that always end."""

from __future__ import annotations

import pytest
from civ_world import OPTIONS, events_of, play, position, seat, state

from engine import IllegalAction
from engine.civ.actions import parse_action


def trade_phase(hands: list[list[str]], rounds: int = 4) -> dict:  # type: ignore[type-arg]
    nations = ["africa", "italy", "illyria"][:len(hands)]
    tokens = {1: {0: 1}, 3: {1: 1}, 5: {2: 1}}
    return position([seat(n, hand=h) for n, h in zip(nations, hands, strict=True)],
                    tokens={a: t for a, t in tokens.items() if next(iter(t)) < len(hands)},
                    phase="trade",
                    options={**OPTIONS, "trade_rounds": rounds})


AFRICA = ["salt", "salt", "salt", "treachery"]
ITALY = ["gold", "gold", "iron", "grain"]


def refusal(s, text: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as caught:
        s.apply(parse_action(text))
    return caught.value.refusal.code


def test_A17_3_A17_4_a_proposal_accepted_swaps_both_sets_at_once() -> None:
    s = state(trade_phase([AFRICA, ITALY]))
    assert s.pending == {"kind": "trade_open", "seat": 0, "round": 1, "open": True}
    assert s.legal_actions() == [{"type": "pass"}, {"type": "done"}]
    s = play(s, "propose 1 give salt salt treachery named salt salt want 3 gold gold")
    assert s.pending == {"kind": "trade_answer", "seat": 1, "count": 1, "open": True,
                         "proposal": {"from": 0, "to": 1, "give_count": 3,
                                      "named": ["salt", "salt"], "want": 3,
                                      "want_named": ["gold", "gold"]}}
    assert refusal(s, "accept give gold iron grain") == "trade/named_missing"
    assert refusal(s, "accept give gold gold") == "trade/wrong_count"
    s = play(s, "accept give gold gold iron")
    d = s.to_dict()
    assert sorted(d["seats"][0]["hand"]) == ["gold", "gold", "iron", "salt"]
    assert sorted(d["seats"][1]["hand"]) == ["grain", "salt", "salt", "treachery"]
    assert d["traders"] == {"treachery": 0}  # A17.7
    received = events_of(s, "trade_received")
    assert {e["private_to"]: e["cards"] for e in received} == {
        1: ["salt", "salt", "treachery"], 0: ["gold", "gold", "iron"]}


def test_A17_7_A1_5_a_trader_is_seen_only_by_the_holder_of_the_card() -> None:
    """Who passed a calamity, and that it was passed, is hidden until it is revealed
    (A18.1): the giver would otherwise see whether it went on."""
    s = state(trade_phase([AFRICA, ITALY, ["oil", "oil", "oil"]]))
    s = play(s, "propose 1 give salt salt treachery named salt salt want 3 gold gold",
             "accept give gold gold iron")
    assert s.to_dict()["traders"] == {"treachery": 0}
    assert [s.view(v)["traders"] for v in (0, 1, 2, None)] == [{}, {"treachery": 0}, {}, {}]


def test_A17_2_the_truth_rule_is_checked_against_the_actual_cards() -> None:
    s = state(trade_phase([AFRICA, ITALY]))
    assert refusal(s, "propose 1 give salt salt treachery named salt gold want 3 gold gold") \
        == "trade/named_not_given"
    assert refusal(s, "propose 1 give salt salt gold named salt salt want 3 gold gold") \
        == "trade/not_in_hand"
    assert refusal(s, "propose 1 give salt salt named salt salt want 3 gold gold") \
        == "trade/too_few_cards"
    assert refusal(s, "propose 1 give salt salt salt named salt want 3 gold gold") \
        == "trade/too_few_named"
    assert refusal(s, "propose 0 give salt salt salt named salt salt want 3 gold gold") \
        == "trade/not_eligible"


def test_A17_1_non_tradable_calamities_never_change_hands() -> None:
    s = state(trade_phase([["salt", "salt", "famine", "oil"], ITALY]))
    assert refusal(s, "propose 1 give salt salt famine named salt salt want 3 gold gold") \
        == "trade/not_tradable"


def test_A1_5_unnamed_cards_are_hidden_from_everyone_but_the_proposer() -> None:
    s = state(trade_phase([AFRICA, ITALY, ["oil", "oil", "oil"]]))
    s = play(s, "propose 1 give salt salt treachery named salt salt want 3 gold gold")
    for viewer, visible in ((0, True), (1, False), (2, False), (None, False)):
        proposal = s.view(viewer)["phase_state"]["negotiation"]["proposals"][0]
        assert (proposal["give"] is not None) == visible
        assert proposal["named"] == ["salt", "salt"]
    assert "treachery" not in str([e for e in s.events if "private_to" not in e])


def test_A17_3_every_seat_hears_the_ended_negotiations_but_no_unnamed_card() -> None:
    """Everyone hears each proposal's counts and named cards (A17.3), so the phase keeps them
    once the negotiation ends, with whether a trade came of it: a player at the table
    remembers who named what. The unnamed cards stay the proposer's secret (A1.5)."""
    s = state(trade_phase([AFRICA, ITALY, ["oil", "oil", "oil"]]))
    s = play(s, "propose 1 give salt salt treachery named salt salt want 3 gold gold",
             "counter give gold gold iron named gold gold want 3 salt salt", "reject")
    heard = [{"proposals": [
        {"from": 0, "to": 1, "give_count": 3, "named": ["salt", "salt"], "want": 3,
         "want_named": ["gold", "gold"]},
        {"from": 1, "to": 0, "give_count": 3, "named": ["gold", "gold"], "want": 3,
         "want_named": ["salt", "salt"]}], "accepted": False}]
    assert s.to_dict()["phase_state"]["heard"] == heard
    assert all(s.view(v)["phase_state"]["heard"] == heard for v in (0, 1, 2, None))
    s = play(s, "propose 0 give gold gold iron named gold gold want 3 salt salt",
             "accept give salt salt treachery")
    assert [n["accepted"] for n in s.to_dict()["phase_state"]["heard"]] == [False, True]
    assert "treachery" not in str(s.view(2)["phase_state"]["heard"])


def test_A17_4_counters_at_most_twice_then_accept_or_reject() -> None:
    s = state(trade_phase([AFRICA, ITALY]))
    s = play(s, "propose 1 give salt salt salt named salt salt want 3 gold gold",
             "counter give gold gold iron named gold gold want 3 salt salt",
             "counter give salt salt salt named salt salt want 4 gold gold")
    assert s.pending is not None and s.pending["count"] == 3 and s.to_move == 1
    assert refusal(s, "counter give gold gold iron named gold gold want 3 salt salt") == \
        "trade/no_more_counters"
    s = play(s, "reject")
    assert events_of(s, "negotiation_over") == [{"type": "negotiation_over",
                                                 "accepted": False}]


def test_A17_6_a_round_without_a_trade_ends_the_phase() -> None:
    s = state(trade_phase([AFRICA, ITALY]))
    s = play(s, "pass", "pass")
    assert s.to_dict()["phase"] != "trade"


def test_A17_6_the_round_limit_ends_the_phase() -> None:
    s = state(trade_phase([AFRICA + ["oil"] * 3, ITALY + ["wine"] * 3], rounds=1))
    s = play(s, "propose 1 give oil oil oil named oil oil want 3 wine wine",
             "accept give wine wine wine", "pass")
    assert s.to_dict()["phase"] != "trade"


def test_A17_5_done_players_trade_no_more_and_one_eligible_player_ends_it() -> None:
    s = state(trade_phase([AFRICA, ITALY, ["oil", "oil", "oil"]]))
    s = play(s, "done")
    assert s.to_move == 1
    s = play(s, "done")
    assert s.to_dict()["phase"] != "trade"


def test_A17_1_A1_5_eligibility_goes_by_the_hands_size_not_its_tradable_cards() -> None:
    """A hand of 3 with a non-tradable calamity is eligible: it is asked and may only pass or
    declare done (A1.2's exception), so nobody learns that it holds the calamity."""
    s = state(trade_phase([["famine", "salt", "salt"], ITALY]))
    assert s.pending == {"kind": "trade_open", "seat": 0, "round": 1, "open": True}
    assert refusal(s, "propose 1 give salt salt famine named salt salt want 3 gold gold") \
        == "trade/not_tradable"
    s = play(s, "pass")
    assert s.to_move == 1
    s = play(s, "propose 0 give gold gold iron named gold gold want 3 salt salt")
    assert s.pending is not None and s.pending["kind"] == "trade_answer" and s.to_move == 0


def test_A17_3_A1_5_a_demand_is_judged_by_the_hand_size_whatever_the_cards() -> None:
    """Asking for all 4 cards of a hand holding a non-tradable calamity is a legal demand: the
    refusal of 5 quotes the hand's size, the same whatever the hand holds."""
    for italy in (ITALY, ["gold", "gold", "iron", "flood"]):
        s = state(trade_phase([AFRICA, italy]))
        with pytest.raises(IllegalAction) as caught:
            s.apply(parse_action("propose 1 give salt salt salt named salt salt want 5 gold "
                                 "gold"))
        assert caught.value.refusal.code == "trade/taker_short"
        assert caught.value.refusal.params == {"want": 5, "has": 4}
        assert caught.value.refusal.text == "A17.3: seat 1 holds 4 cards."
        s = play(s, "propose 1 give salt salt salt named salt salt want 4 gold gold")
        assert s.pending is not None and s.pending["kind"] == "trade_answer"
    assert refusal(s, "accept give gold gold iron flood") == "trade/not_in_hand"
    s = play(s, "counter give gold gold iron named gold gold want 4 salt salt")
    assert s.to_move == 0
