"""The search harness (`ai.search`) is game-neutral: it plays Tiny with Tiny's parts alone.

`TinyParts` below is all a game writes to search: dealing the unseen cards
from a seat's view, a quick score, a rule of thumb for the snap, and a
trivial evaluation (each seat's points minus the others' mean). The
harness does the rest.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

from support import tinygame

from ai.bot import Action, Budget, View
from ai.search import Candidate, Outcome, Search, Settings, decide, diverse

SETTINGS = Settings(explore=1.0, turns_ahead=1, samples=16)


class TinyParts:
    """Tiny's side of the search for one decision of `view["viewer"]`."""

    def __init__(self, view: View) -> None:
        self.view = view

    @property
    def players(self) -> int:
        return len(self.view["hands"])

    @property
    def viewer(self) -> int:
        return int(self.view["viewer"])

    def sample(self, rng: random.Random) -> tinygame.State:
        """The cards the viewer cannot see (others' hands, the deck) dealt at random."""
        unseen = list(tinygame.CARDS)
        for card in [*self.view["pile"], *self.view["hands"][self.viewer]]:
            unseen.remove(card)
        rng.shuffle(unseen)
        hands = []
        for seat, size in enumerate(self.view["hand_sizes"]):
            if seat == self.viewer:
                hands.append(list(self.view["hands"][seat]))
            else:
                hands.append(sorted(unseen[:size]))
                del unseen[:size]
        position = {key: self.view[key] for key in tinygame.TOP_KEYS}
        position.update(hands=hands, deck=unseen, rng=rng.getrandbits(64))
        return tinygame.from_dict(position)

    def root_candidates(self, state: tinygame.State,
                        out_of_time: Callable[[], bool]) -> list[tuple[Action, float]]:
        """One ply, the snap left unanswered: blind to what the next seat does."""
        valued = [(a, self.evaluate(state.apply(a))[self.viewer]) for a in state.legal_actions()]
        return sorted(valued, key=lambda t: -t[1])

    def candidates(self, state: tinygame.State, mover: int, limit: int) -> list[Candidate]:
        if state.pending is not None:
            return [(a, None) for a in state.legal_actions()]
        top = state.to_dict()["pile"][-1:] or [0]
        scored = [(a, 0.5 if a["type"] == "draw" else float(a["card"] > top[0]))
                  for a in state.legal_actions()]
        scored.sort(key=lambda t: -t[1])
        return [(a, s) for a, s in scored[:limit]]

    def apply(self, state: tinygame.State, action: Action) -> tinygame.State | None:
        return state.apply(action) if state.check(action) is None else None

    def to_move(self, state: tinygame.State) -> int | None:
        return state.to_move

    def turns_begun(self, state: tinygame.State) -> int:
        return sum(1 for e in state.events if e["type"] == "turn_started")

    def settle(self, state: tinygame.State) -> tinygame.State:
        """T3: snap whenever the card matches."""
        if state.pending is not None:
            state = state.apply(state.legal_actions()[0])
        return state

    def evaluate(self, state: tinygame.State) -> list[float]:
        scores = state.to_dict()["scores"]
        return [s - (sum(scores) - s) / (len(scores) - 1) for s in scores]

    def key(self, action: Action) -> str:
        return tinygame.format_action(action)


def search(view: View, seed: int, iterations: int | None = 200,
           stop: threading.Event | None = None) -> Outcome:
    return decide(TinyParts(view), random.Random(seed), Budget.start(60.0, iterations, stop),
                  SETTINGS)


def position(**changes: Any) -> tinygame.State:
    """Three seats, seat 0 to play with 5 and 9; three 9s on the pile under a 3."""
    hands = [[5, 9], [1, 2], [2, 4]]
    pile = [9, 9, 9, 3]
    deck = list(tinygame.CARDS)
    for card in [*pile, *(c for hand in hands for c in hand)]:
        deck.remove(card)
    d = {"game": tinygame.ID, "version": 1, "setup": {"hand_size": 3}, "rng": 1, "deck": deck,
         "pile": pile, "hands": hands, "scores": [0, 0, 0], "turn_of": 0, "pending": None,
         "reshuffled": False, "ended": False}
    d.update(changes)
    return tinygame.from_dict(d)


def test_the_search_sees_the_reply_a_one_ply_ranking_misses() -> None:
    """Both plays score 1 at once (T2), so the ranking puts "play 5" first; but a 5 can be
    snapped and beaten by the next seat (T3), while no card is left to snap or beat the 9."""
    view = position().view(0)
    parts = TinyParts(view)
    ranking = parts.root_candidates(parts.sample(random.Random(0)), lambda: False)
    assert [parts.key(a) for a, _ in ranking[:2]] == ["play 5", "play 9"]
    for seed in (1, 2, 3):
        outcome = search(view, seed)
        assert outcome.action == {"type": "play", "card": 9}
        assert outcome.iterations == 200


def test_a_step_is_out_of_time_past_its_deadline_or_when_stopped_never_by_iterations() -> None:
    """A playout's steps ask the budget whether to stop: a clock budget past its deadline or
    a stopped bot says yes; a budget of iterations never does, so seeded play stays the same."""
    stop = threading.Event()
    assert not Budget.start(60.0, stop=stop).out_of_time()
    assert Budget(deadline=-1.0).out_of_time()
    assert not Budget.start(0.0, iterations=3).out_of_time()
    stop.set()
    assert Budget.start(60.0, stop=stop).out_of_time()
    assert Budget.start(60.0, iterations=3, stop=stop).out_of_time()


def test_a_seeded_search_with_an_iteration_budget_is_a_function_of_its_inputs() -> None:
    state = tinygame.new_game(4, 21)
    for _ in range(9):
        state = state.apply(state.legal_actions()[-1])
    view = state.view(state.to_move)
    runs = [search(view, 5, 120) for _ in range(3)]
    assert runs[0] == runs[1] == runs[2]


def test_the_search_reads_only_the_view_hidden_cards_elsewhere_change_nothing() -> None:
    """Seat 0's view is the same whoever holds the unseen cards; so is its choice."""
    first = position()
    deck = first.to_dict()["deck"]
    other = position(hands=[[5, 9], [deck[0], deck[1]], [deck[2], deck[3]]],
                     deck=[1, 2, 2, 4, *deck[4:]][::-1])
    assert first.view(0) == other.view(0) and first.to_dict() != other.to_dict()
    for seed in (4, 5):
        assert search(first.view(0), seed, 80) == search(other.view(0), seed, 80)


def test_a_stopped_search_answers_at_once_with_the_games_ranking() -> None:
    stop = threading.Event()
    stop.set()
    assert search(position().view(0), 1, None, stop) == Outcome({"type": "play", "card": 5}, 0)


def test_a_thin_search_keeps_the_games_ranking() -> None:
    """Fewer visits than `min_visits` on every root child: the search has not earned a say."""
    assert search(position().view(0), 1, 3) == Outcome({"type": "play", "card": 5}, 3)


def test_a_single_candidate_is_played_without_searching() -> None:
    state = position().apply({"type": "play", "card": 5})   # seat 1 holds no 5: pass only
    assert state.legal_actions() == [{"type": "pass"}]
    assert search(state.view(1), 1) == Outcome({"type": "pass"}, 0)


def test_a_whole_game_searched_from_every_seat_plays_only_legal_actions() -> None:
    state = tinygame.new_game(3, 8)
    plies = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = search(state.view(seat), plies, 40).action
        assert state.check(action) is None
        state = state.apply(action)
        plies += 1
    assert plies > 20 and sum(state.to_dict()["scores"]) > 0


def test_diverse_caps_each_plan_and_keeps_the_ranking_order() -> None:
    ranked = [({"type": "play", "card": c}, float(10 - c)) for c in (1, 2, 3)]
    ranked.insert(1, ({"type": "draw"}, 8.5))
    kept = diverse(ranked, lambda a: a["type"], per_plan=2, keep=3)
    assert [(a["type"], v) for a, v in kept] == [("play", 9.0), ("draw", 8.5), ("play", 8.0)]


def test_keep_first_leaves_the_rankings_best_unless_another_beats_it_by_the_margin() -> None:
    """"play 9" beats the ranking's "play 5" (both well visited, the exploration wide) by
    less than 100 points of Tiny's score: a margin of 100 keeps "play 5", a margin of 0.01
    does not."""
    view = position().view(0)

    def keeping(margin: float) -> Action:
        settings = Settings(explore=100.0, turns_ahead=1, samples=16, keep_first=margin)
        return decide(TinyParts(view), random.Random(1), Budget.start(60.0, 200),
                      settings).action
    assert keeping(100.0) == {"type": "play", "card": 5}
    assert keeping(0.01) == {"type": "play", "card": 9}


def test_a_negative_horizon_searches_the_root_alone() -> None:
    """turns_ahead < 0: each visit values its sample's leaf at once, so no node grows below
    the root, and every root child is visited."""
    view = position().view(0)
    parts = TinyParts(view)
    rng = random.Random(2)
    tree = Search(parts, rng, parts.root_candidates(parts.sample(rng), lambda: False),
                  Settings(explore=1.0, turns_ahead=-1, samples=8))
    for _ in range(40):
        tree.iterate()
    children = list(tree.root.children.values())
    assert all(c.node is None and c.visits > 0 for c in children)
    assert sum(c.visits for c in children) == 40
