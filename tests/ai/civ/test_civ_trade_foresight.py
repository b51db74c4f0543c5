"""Foreseeing another seat's answer to an opening (A17.3-A17.4) in worlds dealt from my view:
the worlds hold only what my view allows, and the chance is the share of them where medium's
acceptance takes the terms."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from civ.civ_world import play, position, seat, state

import engine.civ as civ
from ai.civ.acceptance import Foresight
from ai.civ.determinize import heard_holdings, position_from_view
from ai.civ.easy import Turn
from ai.civ.medium import CivMediumBot, accepted, refused_me
from ai.civ.trade_value import TradeView
from engine.civ.tables import STACKS

TOKENS = {2: {0: 1}, 4: {1: 1}, 6: {2: 1}}
CITIES = {1: 0, 3: 1, 5: 2}


def trade_state() -> civ.State:
    """Phase 10; Africa holds all seven Hides, Italy three Ochre and Illyria nothing. The stacks
    hold every other card, so from Africa's view the three cards out of stack 1 are Ochre, all
    in Italy's hand, in every world."""
    return state(position(
        [seat("africa", hand=["hides"] * 7 + ["salt", "gold", "gold"]),
         seat("italy", hand=["ochre"] * 3), seat("illyria")],
        tokens=TOKENS, cities=CITIES, phase="trade"))


def medium_takes(world: civ.State, seat_: int) -> dict[str, Any]:
    taken = accepted(Turn(world, world.view(seat_)), TradeView(world.view(seat_)))
    return taken if taken is not None else {"type": "reject"}


def proposal(want_named: list[str]) -> dict[str, Any]:
    return {"type": "propose", "to": 1, "give": ["gold", "gold", "salt"],
            "named": ["gold", "gold"], "want": 3, "want_named": want_named}


def test_A17_3_worlds_deal_only_the_cards_the_view_leaves_out_of_the_stacks() -> None:
    s = trade_state()
    rng = random.Random(3)
    for _ in range(10):
        world = position_from_view(s.view(0), rng)
        assert Counter(world["seats"][1]["hand"]) == Counter({"ochre": 3})
        assert world["seats"][2]["hand"] == []


def test_A17_4_terms_the_seat_meets_and_gains_by_in_every_world_are_taken_for_sure() -> None:
    """Two Gold and a card for two Ochre and a card: Italy holds the Ochre in every world and
    grows a set of Gold from nothing."""
    s = trade_state()
    foresight = Foresight(s.view(0), 8, random.Random(1), s.position.board)
    assert foresight.chance(proposal(["ochre", "ochre"]), 1, medium_takes) == 1.0


def test_A17_4_a_demand_no_world_lets_the_seat_meet_has_no_chance() -> None:
    """Africa holds every Hides: Italy can meet a demand for two in no world (A17.3: the
    proposal is legal all the same, Italy may only counter or refuse)."""
    s = trade_state()
    terms = proposal(["hides", "hides"])
    assert s.check(terms) is None
    foresight = Foresight(s.view(0), 8, random.Random(1), s.position.board)
    assert foresight.chance(terms, 1, medium_takes) == 0.0


def likeliest(chances: list[float], worths: list[float], floor: float) -> int | None:
    """The choice `Foresight.best` must make, from every chance in full."""
    ranked = sorted((i for i, p in enumerate(chances) if p >= floor),
                    key=lambda i: (-chances[i] * worths[i], i))
    return ranked[0] if ranked else None


def test_A17_3_the_best_terms_are_the_likely_enough_ones_worth_most_times_their_chance() -> None:
    """Terms worth 100 taken in a quarter of the worlds win (25) unless the floor leaves them
    out; then of two terms worth 30 taken in half (15) the first wins over 8 taken in all;
    a floor over a half leaves only those."""
    s = trade_state()
    foresight = Foresight(s.view(0), 4, random.Random(1), s.position.board)
    worlds = {w.position.rng: k for k, w in enumerate(foresight.worlds())}
    terms = [proposal(["ochre", "ochre"]), proposal(["ochre", "hides"]),
             proposal(["hides", "hides"]), proposal(["ochre", "salt"])]
    takes = {0: 1, 1: 2, 2: 4, 3: 2}  # worlds (of 4) accepting each terms

    def answer(after: civ.State, _: int) -> dict[str, Any]:
        index = [sorted(t["want_named"]) for t in terms].index(
            sorted(after.pending["proposal"]["want_named"]))
        return {"type": "accept" if worlds[after.position.rng] < takes[index] else "reject"}
    assert foresight.best(terms, [100.0, 30.0, 8.0, 30.0], 0.3, answer) == 1
    assert foresight.best(terms, [100.0, 30.0, 8.0, 30.0], 0.6, answer) == 2
    assert foresight.best(terms, [100.0, 30.0, 8.0, 30.0], 0.2, answer) == 0


def test_A17_3_putting_fewer_terms_chooses_as_putting_every_terms_would() -> None:
    """Random worths and answers: `best` puts terms only while they can still win, fewer than
    half of all, and chooses what the chances in full choose (ties, the floor and refusals
    everywhere included)."""
    s = trade_state()
    foresight = Foresight(s.view(0), 8, random.Random(1), s.position.board)
    worlds = {w.position.rng: k for k, w in enumerate(foresight.worlds())}
    asks = [["ochre", "ochre"], ["ochre", "hides"], ["hides", "hides"], ["ochre", "salt"],
            ["hides", "salt"], ["salt", "salt"], ["ochre", "gold"], ["gold", "hides"]]
    rng = random.Random(7)
    put: list[int] = []
    every = 0
    for _ in range(150):
        n = rng.randint(1, len(asks))
        terms = [proposal(a) for a in asks[:n]]
        accepts = [[rng.random() < rng.random() for _ in worlds] for _ in terms]
        worths = [float(rng.choice([1, 2, 3, 4, 6, 8, 12])) for _ in terms]
        floor = rng.choice([0.0, 0.25, 0.4, 0.5])

        def answer(after: civ.State, _: int, terms: list[dict[str, Any]] = terms,
                   accepts: list[list[bool]] = accepts) -> dict[str, Any]:
            put.append(1)
            index = [sorted(p["want_named"]) for p in terms].index(
                sorted(after.pending["proposal"]["want_named"]))
            return {"type": "accept" if accepts[index][worlds[after.position.rng]] else "reject"}
        chances = [sum(a) / len(a) for a in accepts]
        assert foresight.best(terms, worths, floor, answer) == likeliest(chances, worths, floor)
        every += len(terms) * len(worlds)
    assert len(put) < every / 2


def test_A16_1_worlds_deal_a_stacks_cards_rather_to_the_seats_that_draw_from_it() -> None:
    """Italy (1 city) draws from stack 1 only, Illyria (5 cities) from stacks 1-5: of the six
    cards of stack 1 and six of stack 5 out of the stacks (Africa cannot tell which), Illyria
    is dealt most of stack 5's."""
    s = state(position(
        [seat("africa", hand=["salt"] * 3), seat("italy", hand=["ochre"] * 3 + ["cloth"] * 3),
         seat("illyria", hand=["ochre"] * 3 + ["cloth"] * 3)],
        tokens={2: {0: 1}, 4: {1: 1}}, cities={1: 0, 3: 1, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2},
        phase="trade"))
    rng = random.Random(7)
    fifth = Counter[int]()
    for _ in range(50):
        world = position_from_view(s.view(0), rng)
        for who in (1, 2):
            fifth[who] += sum(1 for c in world["seats"][who]["hand"] if c in STACKS[4].cards)
    assert fifth[1] + fifth[2] == 300
    assert fifth[2] > 2 * fifth[1]


def test_A17_3_worlds_deal_each_seat_the_cards_the_table_heard_it_name() -> None:
    """Italy countered Africa naming two Wine, and no trade came of it: by the truth rule
    (A17.2) it holds them, and everyone heard it (A17.3), so every world Illyria deals gives
    Italy two Wine. Once Italy trades, what it named before may have gone among its unnamed
    cards; only what the trade surely brought it (the Ochre it demanded) is known."""
    s = state(position(
        [seat("africa", hand=["salt", "salt", "salt", "oil"]),
         seat("italy", hand=["wine", "wine", "iron", "grain", "hides"]),
         seat("illyria", hand=["ochre", "ochre", "ochre", "gold"])],
        tokens=TOKENS, cities=CITIES, phase="trade"))
    s = play(s, "propose 1 give salt salt salt named salt salt want 3 iron grain",
             "counter give wine wine hides named wine wine want 3 salt salt", "reject")
    assert heard_holdings(s.view(2)) == {0: Counter(salt=2), 1: Counter(wine=2)}
    rng = random.Random(5)
    for _ in range(10):
        world = position_from_view(s.view(2), rng)
        assert Counter(world["seats"][1]["hand"])["wine"] >= 2
        assert Counter(world["seats"][0]["hand"])["salt"] >= 2
    s = play(s, "propose 2 give wine wine hides named wine wine want 3 ochre ochre",
             "accept give ochre ochre gold")
    assert heard_holdings(s.view(0)) == {0: Counter(salt=2), 1: Counter(ochre=2),
                                         2: Counter(wine=2)}


def test_A17_3_medium_asks_no_seat_again_for_cards_it_refused_this_turn() -> None:
    """A seeded game of five medium, to openings refused: at the proposer's next decision of
    the trade phase the table has heard the refusal (`refused_me`), and an opening to that
    seat asks for none of the cards refused (it lacks them or will not part with them)."""
    s = civ.new_game(5, 4242)
    bots = [CivMediumBot(100 + k) for k in range(5)]
    refused: tuple[int, int, set[str]] | None = None   # proposer, seat asked, cards
    checked = 0
    while not s.is_over and s.position.turn <= 20 and checked < 3:
        me = s.to_move
        assert me is not None
        view = s.view(me)
        action = bots[me].choose(view, 0.0)
        if refused is not None and refused[0] == me \
                and not s.pending["kind"].startswith("trade"):
            refused = None   # the trade phase ended first
        if refused is not None and refused[0] == me:
            _, asked, cards = refused
            lacking = refused_me(view)
            assert lacking[asked] >= cards
            if action["type"] == "propose" and action["to"] == asked:
                assert not set(action["want_named"]) & lacking[asked]
            checked += 1
            refused = None
        pending = s.pending
        if pending["kind"] == "trade_answer" and pending["count"] == 1 \
                and action["type"] in ("reject", "done"):
            proposal = pending["proposal"]
            refused = (int(proposal["from"]), me, set(proposal["want_named"]))
        s = s.apply(action)
    assert checked == 3


def test_A32_6_worlds_keep_under_the_stacks_the_cards_everyone_saw_go_there() -> None:
    """Four Hides went under stack 1 at the last A32.6, handed in for a purchase (A32.4), and
    no card was drawn since: every world keeps them at its bottom, so the hands Africa cannot
    see hold at most the three Hides left, though stack 1's other cards are dealt at random."""
    d = position([seat("africa", hand=["salt"] * 3), seat("italy", hand=["hides"] * 3),
                  seat("illyria", hand=["ochre"] * 3)], tokens=TOKENS, cities=CITIES,
                 phase="trade")
    assert d["stacks"][0][-4:] == ["hides"] * 4
    d["under"][0] = [{"left": 4, "shown": ["hides"] * 4, "unshown": 0}]
    s = state(d)
    rng = random.Random(11)
    outside = Counter[int]()
    for _ in range(50):
        world = position_from_view(s.view(0), rng)
        assert world["stacks"][0][-4:] == ["hides"] * 4
        outside[sum(h.count("hides") for h in (world["seats"][1]["hand"],
                                              world["seats"][2]["hand"]))] += 1
    assert max(outside) <= 3 and len(outside) > 1, outside
