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
