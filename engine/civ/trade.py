"""Phase 10, trade (A17): proposals under the truth rule, counters, rounds that always end.

A proposal's actual cards are in `phase_state["negotiation"]["proposals"]`
(the view hides the unnamed ones from all but the proposer); the pending
decision and the events carry only what everyone may see. The truth rule
(A17.2) is enforced against the actual cards, so it cannot be broken.
`phase_state`: `round` (1, 2, ...), `next` (index into the A.S.T. order),
`done` (seats that declared done), `traded` (a trade was made this round),
`negotiation` (the one under way, or null), `heard` (the negotiations ended this phase, as
everyone heard them: their proposals without the unnamed cards, and whether a trade came
of them; A17.3 makes them public, and a player at the table remembers them).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import Refusal
from .decisions import Action, Decision, Events, ask
from .position import Position
from .tables import CALAMITY_BY_ID, COMMODITY_BY_ID

MIN_CARDS, MIN_NAMED = 3, 2  # A17.2
MOST_PROPOSALS = 3  # A17.4: the opening and two counters


def tradable(card: str) -> bool:
    """A17.1: commodities and tradable calamities change hands."""
    return card in COMMODITY_BY_ID or CALAMITY_BY_ID[card].tradable


def tradable_cards(pos: Position, seat: int) -> list[str]:
    return [c for c in pos.seats[seat].hand if tradable(c)]


def eligible(pos: Position) -> list[int]:
    """A17.1, A17.5: active players holding 3 trade cards who have not declared done.

    The hand's size is public (A1.5) and its tradable cards are not, so eligibility goes by
    the size: a player whose cards are not tradable is still asked, and may only pass."""
    done = pos.phase_state.get("done", [])
    return [s for s in pos.active_seats()
            if s not in done and len(pos.seats[s].hand) >= MIN_CARDS]


def run_trade(pos: Position, events: Events) -> bool:
    """A17.5–A17.6: rounds in A.S.T. order until one without a trade, the round limit, or
    fewer than two eligible players."""
    ps = pos.phase_state
    if "round" not in ps:
        ps.update({"round": 1, "next": 0, "done": [], "traded": False, "negotiation": None})
    while len(eligible(pos)) >= 2:
        order = pos.active_seats()
        if ps["next"] >= len(order):
            if not ps["traded"] or ps["round"] >= pos.options.trade_rounds:
                break
            ps.update({"round": ps["round"] + 1, "next": 0, "traded": False})
            continue
        seat = order[ps["next"]]
        if seat in eligible(pos):
            ask(pos, "trade_open", seat, round=ps["round"], open=True)
            return False
        ps["next"] += 1
    ps["negotiation"] = None
    return True


def public(proposal: dict[str, Any]) -> dict[str, Any]:
    """What everyone sees of a proposal (A17.3): all but the unnamed cards."""
    return {"from": proposal["from"], "to": proposal["to"], "give_count": len(proposal["give"]),
            "named": proposal["named"], "want": proposal["want"],
            "want_named": proposal["want_named"]}


def _refuse(code: str, message: str, **params: Any) -> Refusal:
    return Refusal(code, params, message)


def offer_problem(pos: Position, giver: int, taker: int, action: Action) -> Refusal | None:
    """A17.2–A17.3: the giver's side of a proposal, judged against his actual hand.

    The demand is judged by the taker's hand size alone (A17.3, A1.5): whether he can meet
    it is his secret, and he may counter, reject or declare done if he cannot."""
    give: list[str] = action["give"]
    named: list[str] = action["named"]
    want_named: list[str] = action["want_named"]
    if taker not in eligible(pos) or taker == giver:
        return _refuse("trade/not_eligible", f"A17.5: seat {taker} cannot trade now.",
                       seat=taker)
    if len(give) < MIN_CARDS or action["want"] < MIN_CARDS:
        return _refuse("trade/too_few_cards", "A17.2: each side gives at least 3 cards.",
                       give=len(give), want=action["want"])
    if len(named) < MIN_NAMED or len(want_named) < MIN_NAMED:
        return _refuse("trade/too_few_named", "A17.2: each side names at least 2 cards.",
                       named=len(named), want_named=len(want_named))
    if len(want_named) > action["want"]:
        return _refuse("trade/too_many_named", "A17.3: no more named cards than cards wanted.",
                       want=action["want"], want_named=len(want_named))
    held = len(pos.seats[taker].hand)
    if action["want"] > held:
        return _refuse("trade/taker_short", f"A17.3: seat {taker} holds {held} cards.",
                       want=action["want"], has=held)
    if not all(tradable(c) for c in [*give, *want_named]):
        return _refuse("trade/not_tradable", "A17.1: non-tradable calamities never change "
                       "hands.")
    if Counter(give) - Counter(tradable_cards(pos, giver)):
        return _refuse("trade/not_in_hand", "A17.3: the cards given come from the hand.")
    if Counter(named) - Counter(give):
        return _refuse("trade/named_not_given", "A17.2: named cards are among the cards "
                       "given (the truth rule).")
    return None


def open_judge(pos: Position, action: Action) -> Refusal | None:
    assert pos.pending is not None
    if action["type"] != "propose":
        return _refuse("decision/not_offered", "A17.5: propose, pass or done.",
                       type=action["type"], pending="trade_open")
    return offer_problem(pos, pos.pending["seat"], action["to"], action)


def open_legal(pos: Position) -> list[Action]:
    return [{"type": "pass"}, {"type": "done"}]


def open_answer(pos: Position, action: Action, events: Events) -> None:
    """A17.5: open a negotiation, pass, or declare done."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    ps = pos.phase_state
    if action["type"] != "propose":
        if action["type"] == "done":
            ps["done"].append(seat)
        ps["next"] += 1
        return
    propose(pos, seat, action["to"], action, events)


def propose(pos: Position, giver: int, taker: int, action: Action, events: Events) -> None:
    ps = pos.phase_state
    proposal = {"from": giver, "to": taker, "give": sorted(action["give"]),
                "named": sorted(action["named"]), "want": action["want"],
                "want_named": sorted(action["want_named"])}
    negotiation = ps["negotiation"] or {"proposals": []}
    negotiation["proposals"].append(proposal)
    ps["negotiation"] = negotiation
    events.append({"type": "proposal", **public(proposal)})
    ask(pos, "trade_answer", taker, proposal=public(proposal),
        count=len(negotiation["proposals"]), open=True)


def answer_judge(pos: Position, action: Action) -> Refusal | None:
    assert pos.pending is not None
    seat = pos.pending["seat"]
    last = pos.phase_state["negotiation"]["proposals"][-1]
    if action["type"] == "counter":
        if len(pos.phase_state["negotiation"]["proposals"]) >= MOST_PROPOSALS:
            return _refuse("trade/no_more_counters", "A17.4: at most 3 proposals; accept or "
                           "reject.")
        return offer_problem(pos, seat, last["from"], action)
    if action["type"] == "accept":
        give: list[str] = action["give"]
        if len(give) != last["want"]:
            return _refuse("trade/wrong_count", f"A17.4: give exactly {last['want']} cards.",
                           want=last["want"], give=len(give))
        if not all(tradable(c) for c in give) or Counter(give) - Counter(
                tradable_cards(pos, seat)):
            return _refuse("trade/not_in_hand", "A17.4: the cards given come from the hand "
                           "and are tradable.")
        if Counter(last["want_named"]) - Counter(give):
            return _refuse("trade/named_missing", "A17.2: the cards given include the named "
                           "cards asked for.", named=last["want_named"])
        return None
    return _refuse("decision/not_offered", "A17.4: accept, counter, reject or done.",
                   type=action["type"], pending="trade_answer")


def answer_legal(pos: Position) -> list[Action]:
    return [{"type": "reject"}, {"type": "done"}]


def answer_answer(pos: Position, action: Action, events: Events) -> None:
    """A17.4: accept (both sets change hands at once), counter, reject, or done."""
    assert pos.pending is not None
    seat = pos.pending["seat"]
    pos.pending = None
    ps = pos.phase_state
    last = ps["negotiation"]["proposals"][-1]
    if action["type"] == "counter":
        propose(pos, seat, last["from"], action, events)
        return
    if action["type"] == "accept":
        exchange(pos, last["from"], last["give"], seat, action["give"], events)
        ps["traded"] = True
    elif action["type"] == "done":
        ps["done"].append(seat)
    events.append({"type": "negotiation_over", "accepted": action["type"] == "accept"})
    ps.setdefault("heard", []).append({"proposals": [public(p) for p in
                                                     ps["negotiation"]["proposals"]],
                                       "accepted": action["type"] == "accept"})
    ps["negotiation"] = None
    ps["next"] += 1


def exchange(pos: Position, a: int, a_gives: list[str], b: int, b_gives: list[str],
             events: Events) -> None:
    """A17.4, A17.7: both sets change hands; each tradable calamity remembers its trader."""
    for giver, taker, cards in ((a, b, a_gives), (b, a, b_gives)):
        for card in cards:
            pos.seats[giver].hand.remove(card)
            pos.seats[taker].hand.append(card)
            if card in CALAMITY_BY_ID:
                pos.traders[card] = giver
    events.append({"type": "traded", "a": a, "b": b, "a_gives": len(a_gives),
                   "b_gives": len(b_gives)})
    events.append({"type": "trade_received", "seat": b, "cards": sorted(a_gives),
                   "private_to": b})
    events.append({"type": "trade_received", "seat": a, "cards": sorted(b_gives),
                   "private_to": a})


DECISIONS = {
    "trade_open": Decision("A17.5", ("propose", "pass", "done"), open_legal, open_answer,
                           open_judge),
    "trade_answer": Decision("A17.4", ("accept", "counter", "reject", "done"), answer_legal,
                             answer_answer, answer_judge),
}
