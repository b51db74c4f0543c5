"""Medium's trade (A17) between medium seats: counters it can be sure the proposer meets,
no calamities handed to and fro, no offer to a seat that sees it about to win, and the
cards a seat showed it asked for first (issue 23: medium proposes what others take)."""

from __future__ import annotations

from typing import Any

from civ.civ_world import play, position, seat, state

import ai
from ai.civ import medium
from ai.civ.determinize import heard_wants
from ai.civ.easy import Turn
from ai.civ.medium import HOLDER_DISTRUST, CivMediumBot, medium_answer
from ai.civ.trade_value import TradeView
from engine.civ.state import State

TOKENS = {2: {0: 1}, 4: {1: 1}, 6: {2: 1}}
CITIES = {1: 0, 3: 1, 5: 2}
AFRICA = ["salt", "salt", "ochre", "hides", "wine", "wine", "wine"]
ITALY = ["salt", "salt", "hides", "wine", "iron", "ochre", "grain"]


def trade_state(africa: list[str], italy: list[str], africa_cards: list[str] | None = None,
                ) -> State:
    """Phase 10 with one city each (the rules tests' small map); Africa opens first."""
    return state(position(
        [seat("africa", hand=africa, cards=africa_cards or []), seat("italy", hand=italy),
         seat("illyria")], tokens=TOKENS, cities=CITIES, phase="trade"))


def test_A17_4_medium_counters_a_demand_it_cannot_meet_with_the_proposers_named_cards() -> None:
    """Africa names two Salt and asks Italy for two Hides; Italy holds one. Italy, with two
    Salt of its own, asks back for the two Salt (the truth rule says Africa holds them) for
    its Hides and a Wine, which Africa collects; Africa takes that counter. Before, medium
    only refused: 14-18% of its offers to medium were taken."""
    s = trade_state(AFRICA, ITALY)
    s = play(s, "propose 1 give salt salt ochre named salt salt want 3 hides hides")
    back = medium_answer(s, s.view(1))
    assert back["type"] == "counter" and s.check(back) is None
    assert back["want_named"] == ["salt", "salt"] and back["want"] == 3
    s = s.apply(back)
    taken = medium_answer(s, s.view(0))
    assert taken["type"] == "accept" and s.check(taken) is None


def test_A17_4_the_last_proposal_of_a_negotiation_is_not_countered() -> None:
    """A17.4: after the opening and two counters only accept or reject remain."""
    s = trade_state(AFRICA, ITALY)
    s = play(s, "propose 1 give salt salt ochre named salt salt want 3 hides hides")
    s = s.apply({"type": "counter", "give": ["iron", "grain", "ochre"],
                 "named": ["iron", "grain"], "want": 3, "want_named": ["wine", "wine"]})
    s = s.apply({"type": "counter", "give": ["salt", "salt", "ochre"],
                 "named": ["salt", "salt"], "want": 3, "want_named": ["hides", "hides"]})
    assert medium_answer(s, s.view(1))["type"] in ("reject", "done")


def view_of(turn: int, hand: list[str], traders: dict[str, int] | None = None,
            pending: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"turn": turn, "viewer": 0, "traders": traders or {},
            "seats": [{"hand": hand}], "pending": pending}


def test_A17_7_medium_distrusts_the_seat_it_passed_a_calamity_to_this_turn() -> None:
    """Two medium seats handed the same Slave Revolt and Superstition to and fro in every
    round of a turn, each taking the other's unnamed card at the pool's calamity share. The
    seat medium gave a calamity to holds it: its unnamed cards are about surely that one."""
    bot = ai.make_bot("civ", "medium", 1)
    assert isinstance(bot, CivMediumBot)
    offer = {"type": "propose", "to": 2, "give": ["salt", "salt", "slave_revolt"],
             "named": ["salt", "salt"], "want": 3, "want_named": ["iron", "iron"]}
    before = view_of(5, ["salt", "salt", "slave_revolt", "wine"])
    assert bot.distrust(before) == {}
    bot.remember(before, offer)
    assert bot.distrust(before) == {}  # not yet taken: the hand still holds it
    after = view_of(5, ["iron", "iron", "grain", "wine"])
    assert bot.distrust(after)[2] == 1.0 + HOLDER_DISTRUST
    assert bot.distrust(view_of(6, ["wine"] * 3)) == {}  # next turn it may hold it no more


def test_A17_7_medium_foresees_the_distrust_its_calamities_earned_it(monkeypatch: Any) -> None:
    """A seat holds each calamity medium passed it against medium for the rest of the game,
    as medium does (`distrust`), and one that passed medium a calamity this turn expects it
    back among medium's unnamed cards, wherever it went since: medium's foresight puts its
    openings to a seat that distrusts it that much (`wary`). Before, the worlds knew only
    the calamities medium still held, and openings foreseen as sure were refused."""
    bot = CivMediumBot(1)
    offer = {"type": "propose", "to": 2, "give": ["salt", "salt", "slave_revolt"],
             "named": ["salt", "salt"], "want": 3, "want_named": ["iron", "iron"]}
    before = view_of(5, ["salt", "salt", "slave_revolt", "wine"])
    bot.distrust(before)
    bot.remember(before, offer)
    bot.distrust(view_of(5, ["iron", "iron", "grain", "wine"]))
    assert bot.wary(5) == {2: 1.0}
    bot.distrust(view_of(6, ["wine", "superstition"], traders={"superstition": 1}))
    assert bot.wary(6) == {2: 1.0, 1: HOLDER_DISTRUST}
    assert bot.wary(7) == {2: 1.0}
    s = trade_state(AFRICA, ITALY)
    seen: list[dict[int, float]] = []

    def spy(turn: Any, tv: TradeView) -> None:
        seen.append(dict(tv.distrust))
    monkeypatch.setattr(medium, "accepted", spy)
    world = play(s, "propose 1 give salt salt ochre named salt salt want 3 hides hides")
    answer = medium.foreseen_answerer(Turn(s, s.view(0)), {1: 3.0, 2: 1.0})
    assert answer(world, 1) == {"type": "reject"} and seen == [{0: 4.0}]


def test_A17_4_medium_opens_no_trade_with_a_seat_that_sees_it_about_to_win() -> None:
    """Africa would pass its Epidemic to Italy (as in test_civ_medium's A17.2 test); three
    civilization cards ahead (175 points, A35.2 as the public sees it) it is the seat Italy
    refuses anything, so medium in Africa's seat makes no offer Italy is sure to refuse."""
    hands = (["salt", "salt", "salt", "wine", "cloth", "epidemic"], ["ochre", "hides", "iron"])
    even = trade_state(*hands)
    opened = medium_answer(even, even.view(0))
    assert opened["type"] == "propose" and opened["to"] == 1
    ahead = trade_state(*hands, africa_cards=["astronomy", "mysticism", "pottery"])
    assert medium_answer(ahead, ahead.view(0))["type"] in ("pass", "done")


def test_A17_2_cards_a_seat_was_heard_to_name_are_asked_for_as_held() -> None:
    """Italy named two Wine in a counter to Africa that came to nothing: by the truth rule it
    holds them, and the table heard it (A17.3), so a demand for them is sure to be met,
    whatever public counts say."""
    s = trade_state(["wine", "wine", "salt", "ochre", "iron"],
                    ["wine", "wine", "hides", "grain", "papyrus"])
    blind = TradeView(s.view(0)).proposals([1], most=50)
    s = play(s, "propose 1 give salt ochre iron named salt ochre want 3 grain hides",
             "counter give wine wine papyrus named wine wine want 3 salt ochre", "reject")
    assert s.pending["kind"] == "trade_open"  # still the phase that heard it
    told = TradeView(s.view(0)).proposals([1], most=50)
    wine = [o for o in told if o.want_named == ("wine", "wine")]
    assert wine and all(o.likely == 1.0 for o in wine)
    assert all(o.likely < 1.0 for o in blind if o.want_named == ("wine", "wine"))


def test_A17_3_medium_gives_first_what_the_other_seat_was_heard_to_ask_for() -> None:
    """Italy countered Africa asking for two Wine, and no trade came of it: everyone heard
    what Italy collects (A17.3), so Africa's next terms to Italy give the Wine first (before,
    the two Salt it loses least by)."""
    s = trade_state(["wine", "wine", "salt", "salt", "ochre", "iron"],
                    ["hides", "hides", "grain", "papyrus", "oil"])
    s = play(s, "propose 1 give salt salt ochre named salt salt want 3 hides hides",
             "counter give hides hides oil named hides hides want 3 wine wine", "reject")
    assert heard_wants(s.view(0)) == {0: {"hides"}, 1: {"wine"}}
    heard = TradeView(s.view(0))
    assert heard._gifts(1)[1][0] == ("wine", "wine")
    heard.wants = {}
    assert heard._gifts(1)[1][0] == ("salt", "salt")
