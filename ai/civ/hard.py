"""The hard level of Advanced Civilization: medium's play, searched where a choice matters.

A seat makes about ten decisions a turn (token moves one by one, trade
rounds, calamity steps...), so a tree of single actions, as T&E's hard
grows, would not see the end of a turn in a second. Hard searches instead
the few decisions that have real alternatives, each with a handful of
candidates taken from medium's own generators, and answers everything else
at once as medium does, except that its purchases keep sets longer
(`HARD_WORTH`: a set's value grows as the square of its cards, A2.9):

- trade (A17): medium's proposal and its next best offers, or passing; an
  answer's acceptance against refusal;
- the calamity choices with a few answers (areas, cities, factions,
  secondary victims, A19-A31);
- in what may be the game's last turn (`end_in_sight`), also the movement
  *plan* (medium's spreading, easy's filling of sites without fights, or
  staying put, chosen at the seat's first move of the turn and then
  followed move by move), the purchase (A32: the optimiser's best set under
  a few weightings of a card's worth, the score's alone among them, easy's
  greedy set, and nothing), city building (A14), the tax rate (A8.1) and
  stack 9. Before that turn their worth lies in later turns, which a
  playout does not reach (`root_actions`).

Its nation (A6.3) it chooses by looking ahead: the room it will have once
the seats still to choose have chosen as medium does (`choose_nation`).

Each candidate is valued by flat Monte Carlo in the game-neutral harness
(`ai.search`, `turns_ahead` negative: no tree): on a position dealt from
the seat's view (`determinize`: other hands, the stacks' order and unnamed
cards at random), the candidate is played, then every seat plays on by
`rollout_answer` (medium's answers, without opening new trades, which cost
most and change least) to the end of the turn, or, for a decision taken
before the calamities, to where they begin (their losses are most of a
turn's cost to the engine) unless the game may end this turn. There
`evaluate` scores it: each seat's public standing (A35.2), its hand's sets
less the calamities it holds or that are about to strike it
(`trade_value.hand_worth`, `calamity_costs`), its tokens on the board and
the credits its cards give, against the best other seat; a playout that
ended the game, by the final scores alone. Candidates meet the same samples
(paired), and medium's own answer stays unless another beats it by
`KEEP_MARGIN` points and by two standard errors of their differences on
those samples, so that noise does not unmake medium's play.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import engine.civ as civ
from engine.civ import map_check
from engine.civ.tables import AST_FINISH

from ..bot import Action, Budget, View
from ..search import Candidate, Settings, decide
from . import easy, medium
from .determinize import state_from_view
from .easy import Turn, standing, tokens_worth
from .medium import CivMediumBot, medium_answer
from .purchase import CITY_LOSS, DEFAULT_WORTH, UNIT_LOSS, Worth, best_purchase, future_credit
from .trade_value import TradeView, calamity_cost, hand_worth

# part of the thinking time spent searching (a playout stops where it is at the deadline);
# the rest is margin for what comes before the search (the trade valuation, the dealt
# position) and one last action, which on a loaded machine (load 20 on 2 cores) took up
# to 0.33 s: at 0.7 the slowest of 1,153 decisions took 1.03 s of a 1 s thinking time
BUDGET_SHARE = 0.6
TOKEN_WORTH = 2.0  # per point of a token's worth on the board (`easy.Board.worth`)
CREDIT_WORTH = 0.3  # per point of credit held cards give towards cards not held (A32.3)
KEEP_MARGIN = 3.0  # score points by which a candidate must beat medium's answer
PLAYOUT_PLIES = 400  # a turn of 8 seats takes about 100 actions; past this a playout stops
# A playout of a decision taken before the calamities stops where they begin: their losses
# cost the engine most of a turn's time (every step's reachable totals, A7.6), so the
# calamities then held or queued are priced instead (`calamity_costs`); one taken at or after
# them plays to the end of the turn
LATE_PHASES = frozenset({"calamities", "civ_cards", "ast"})
# a non-tradable calamity's cost to its victim, about (A18.3's table): a city (A19), 10 unit
# points (A21), a Civil War's half of the units (A23), a flood plain's tokens (A25)
NON_TRADABLE = {"volcano_earthquake": CITY_LOSS, "famine": 10 * UNIT_LOSS,
                "civil_war": 30 * UNIT_LOSS, "flood": 12 * UNIT_LOSS}
MOST_CHOICES = 6  # candidates kept for a calamity choice
PLANNED_MOVES = 200  # moves of one plan applied in a playout before it stops
SETTINGS = Settings(
    explore=15.0,  # about a card's worth of score
    turns_ahead=-1,  # flat: no tree, each sample played out by `CivParts.settle`
    min_visits=4,  # paired playouts before medium's answer can be overruled
    well_visited=0.5,
    samples=16,
    keep_first=KEEP_MARGIN,
    # and only by a lead of two standard errors of the paired differences: on 2 visits and
    # the margin alone, noise overruled medium and hard lost to it (2 wins in 25 games)
    keep_sigmas=2.0,
)
# the pending decisions whose candidates are the legal answers themselves (A1.2 asks them
# only when there are two or more): a city to take, reduce or keep, a faction, an area,
# points for a secondary victim, a conversion, pillage and stack 9
CHOICES = frozenset({"revolt", "support", "reduce", "assign", "faction", "choose_area",
                     "earthquake", "monotheism", "pillage"})
# the decisions other than the movement plan and the purchase whose worth shows only in
# later turns (a city grows nothing, a tax token or a card from stack 9 is judged at once),
# searched, as those two are, only in what may be the game's last turn (`root_actions`)
LATER = frozenset({"cities", "tax_rate", "stack9"})
# hard's own purchases and tax rate (`medium_answer`'s worth) count a set kept in hand at 1.6
# points a point of its value, where medium counts 1: a set's value grows as the square of its
# cards (A2.9), so cards kept now are worth more at the next purchase; medium with hard's
# nation, paired on the same seeds and seats among four medium, won more with it (see
# docs/civ-ai-measured.md, "Sets kept longer")
HARD_WORTH = replace(DEFAULT_WORTH, keep=1.6)
# the optimiser's worth of a card under weightings other than hard's own (`HARD_WORTH`, the
# search's first candidate): the A.S.T. first, credits first, cards and treasury kept
PURCHASE_WORTHS: tuple[Worth, ...] = (
    replace(DEFAULT_WORTH, ast_step=300.0, group=80.0),
    replace(DEFAULT_WORTH, credit=0.6, unlock=20.0),
    replace(DEFAULT_WORTH, treasury=1.5, keep=1.5),
)
# a card's worth in the game's last turn: what A35.2 scores and nothing that pays later (its
# printed cost, the space the marker enters this turn, the hand's sets and the treasury kept)
FINAL_WORTH = Worth(credit=0.0, ast_step=100.0, group=0.0, card_count=0.0, unlock=0.0,
                    horizon=0.0, effects={})


def _stay(turn: Turn) -> Action:
    return turn.first("done")


# Movement plans: a whole phase of moves, each answered by the plan's rule of thumb.
PLANS: dict[str, Callable[[Turn], Action]] = {
    "medium": medium.movement,
    "easy": easy.movement,
    "stay": _stay,
}
PLAN = "plan"  # the action type of a movement plan, a search candidate only


# ---- the evaluation -------------------------------------------------------------------------

def calamity_costs(state: civ.State) -> dict[int, float]:
    """Per seat, what the calamities still to strike it are expected to cost: those queued
    or under way in phase 11 (A18.2), and the non-tradable ones in its hand (the tradable
    ones are priced with the hand, `hand_worth`)."""
    pos = state.position
    costs: dict[int, float] = {}

    def charge(card: str, seat: int) -> None:
        s = pos.seats[seat]
        cost = NON_TRADABLE.get(card)
        if cost is None:
            cost = calamity_cost(card, len(pos.cities_of(seat)), s.cards)
        costs[seat] = costs.get(seat, 0.0) + cost
    if pos.phase == "calamities":
        current = pos.phase_state.get("current")
        for entry in [*([current] if isinstance(current, dict) else []),
                      *pos.phase_state.get("queue", [])]:
            if isinstance(entry.get("victim"), int):
                charge(entry["card"], entry["victim"])
    for seat, s in enumerate(pos.seats):
        for card in s.hand:
            if card in NON_TRADABLE:
                charge(card, seat)
    return costs


def seat_value(state: civ.State, seat: int) -> float:
    """A seat's worth in score points: its standing (A35.2 without the hand), its hand's sets
    less the tradable calamities it holds, its tokens on the board as easy's and medium's
    movement weigh them (an occupied area grows next turn, A9.1, which a playout stopped
    this turn does not see; counted by the limit alone, tokens kept still outscored tokens
    spread, and hard chose to stay put in 6 of 20 turns) and its cards' credits."""
    pos = state.position
    s = pos.seats[seat]
    cities = len(pos.cities_of(seat))
    return (standing(pos, seat) + hand_worth(s.hand, cities, s.cards)
            + TOKEN_WORTH * tokens_worth(pos, seat) + CREDIT_WORTH * future_credit((), s.cards))


def evaluate(state: civ.State) -> list[float]:
    """Every seat's worth, less the calamities about to strike it, less the best other
    seat's: a game is won by the best score (A35.3), so what counts is the lead over the
    strongest rival. A playout that ended the game is worth its scores (A35.2), nothing
    else: tokens, credits and sets to come count no more."""
    seats = range(len(state.position.seats))
    if state.is_over:
        scores = state.final_scores()
        values = [float(scores.get(s, 0)) for s in seats]
    else:
        costs = calamity_costs(state)
        values = [seat_value(state, s) - costs.get(s, 0.0) for s in seats]
    out = []
    for s in seats:
        rivals = [values[t] for t in seats if t != s]
        out.append(values[s] - (max(rivals) if rivals else 0.0))
    return out


# ---- playouts -------------------------------------------------------------------------------

def rollout_answer(state: civ.State, seat: int) -> Action:
    """A seat's answer in a playout: medium's, on the sample itself (the seat's own view is
    all medium reads of it), except that no new trade is opened (its offers cost most to
    work out) and a counter is made without foreseeing its answer (the same cost)."""
    pending = state.pending
    assert pending is not None
    if pending["kind"] == "trade_open":
        actions = state.legal_actions()
        return next((a for a in actions if a["type"] == "pass"),
                    next((a for a in actions if a["type"] == "done"), actions[0]))
    return medium_answer(state, state.view(seat), worlds=0)


def play_plan(state: civ.State, seat: int, plan: str,
              out_of_time: Callable[[], bool]) -> civ.State:
    """The seat's movement phase played by a plan, up to its end or another seat's turn, or
    until the thinking time is spent: unchecked, a whole phase of a last turn's moves can
    run past the deadline (one decision of issue 23's hard line at 1 s took 1.004 s)."""
    rule = PLANS[plan]
    for _ in range(PLANNED_MOVES):
        pending = state.pending
        if state.is_over or pending is None or pending["kind"] != "movement" \
                or pending["seat"] != seat or pending.get("ship") is not None \
                or out_of_time():
            break
        state = state.apply(rule(Turn(state, state.view(seat))))
    return state


# ---- the nation -----------------------------------------------------------------------------

def nation_room(state: civ.State, nation: str) -> float:
    """The room (`map_check.room`, capacity and city sites weighed as easy's choice weighs
    them) `nation` has among the nations chosen once every seat has chosen, the seats still
    to choose answering as medium does (easy's choice, A6.3)."""
    for _ in range(len(state.position.seats)):
        pending = state.pending
        if pending is None or pending["kind"] != "nation":
            break
        mover = state.to_move
        assert mover is not None
        state = state.apply(easy.nation(Turn(state, state.view(mover))))
    pos = state.position
    chosen = [s.nation for s in pos.seats if s.nation is not None]
    room = map_check.room(pos.board, pos.configuration, chosen)[nation]
    return float(room.capacity + easy.SITE_ROOM * room.sites)


def choose_nation(turn: Turn) -> Action:
    """A6.3, looking ahead: medium takes the nation with the most free land within three
    moves, and six medium always sit Babylon and Assyria side by side; hard tries each
    nation (at its start area with the most land around, as easy's choice places it), lets
    the seats still to choose answer, and takes the nation with the most room among those
    then at the table: the land it can grow into before it meets another."""
    placed = easy.placements(turn)
    if not placed:
        return turn.fixed[0]
    return max(placed.values(), key=lambda a: nation_room(turn.state.apply(a), a["nation"]))


# ---- candidates -----------------------------------------------------------------------------

def _unique(actions: list[Action], turn: Turn) -> list[Action]:
    """Legal actions, each once, in order."""
    seen: set[str] = set()
    out: list[Action] = []
    for action in actions:
        key = civ.format_action(action)
        if key in seen or not turn.legal(action):
            continue
        seen.add(key)
        out.append(action)
    return out


def end_in_sight(view: View) -> bool:
    """Whether this turn may be the game's last (A35.1): the turn limit's, or a marker stands
    one space short of the finish (its cards may take it there this turn)."""
    return view["turn"] == view["options"]["turn_limit"] or any(
        s["ast"] >= AST_FINISH - 1 for s in view["seats"] if s["status"] == "active")


def purchases(turn: Turn, first: Action) -> list[Action]:
    """Hard's medium's purchase, the optimiser's under other weightings (in what may be the
    last turn, under the score's alone), easy's, and none (A32)."""
    worths = [*PURCHASE_WORTHS, *([FINAL_WORTH] if end_in_sight(turn.view) else [])]
    plans = [best_purchase(turn.view, worth, board=turn.pos.board).action()
             for worth in worths]
    return _unique([first, *plans, easy.purchase(turn), turn.first("purchase")], turn)


def trade_opens(turn: Turn, first: Action, distrust: dict[int, float]) -> list[Action]:
    """Medium's proposal, its next best offers to other seats, and passing (A17.3)."""
    done = set(turn.pos.phase_state.get("done", []))
    partners = [s for s in turn.pos.active_seats()
                if s != turn.me and s not in done and turn.view["seats"][s]["hand_size"] >= 3]
    offers = TradeView(turn.view, distrust=distrust).proposals(partners) if partners else []
    good = [o.action() for o in offers if o.mine > 0 and o.theirs > 0 and o.to
            not in medium.leaders(turn)][:3]
    return _unique([first, *good, turn.first("pass", "done")], turn)


def trade_answers(turn: Turn, first: Action, distrust: dict[int, float]) -> list[Action]:
    """Medium's answer, the best acceptance, and refusal (A17.4)."""
    judged = TradeView(turn.view, distrust=distrust).judge().accept
    refuse = turn.first("reject", "done")
    return _unique([first, *([judged] if judged is not None else []), refuse], turn)


def root_actions(turn: Turn, first: Action, distrust: dict[int, float]) -> list[Action]:
    """The candidates of a searched decision, medium's answer first; one means no search.

    Trade and the calamity choices are searched every turn: what they change (the hands,
    the losses) is counted by the turn's end. The movement plan, the purchase, cities, tax
    and stack 9 are searched only in what may be the game's last turn, where the playout
    reaches the final scores: before it, the turn's end prized what pays at once. Against
    four medium at 16 iterations (seeds 2 and 3), hard gathered six tokens on a site on
    turn 3 and built its first city there, while medium's seats grew sixteen tokens each
    into two cities on turn 4; it waited on A.S.T. space 4 for three turns, stayed a city
    behind and ended with 1,127 and 1,764 points against medium's 2,625-3,772."""
    pending = turn.pos.pending
    assert pending is not None
    kind = pending["kind"]
    last = end_in_sight(turn.view)
    if kind == "trade_open":
        return trade_opens(turn, first, distrust)
    if kind == "trade_answer":
        return trade_answers(turn, first, distrust)
    if kind in CHOICES:
        return _unique([first, *turn.fixed], turn)[:MOST_CHOICES]
    if not last:
        return [first]
    if kind == "movement" and pending.get("ship") is None:
        return [{"type": PLAN, "plan": name} for name in PLANS]
    if kind == "civ_cards":
        return purchases(turn, first)
    if kind in LATER:
        return _unique([first, *turn.fixed], turn)[:MOST_CHOICES]
    return [first]


class CivParts:
    """Civ's side of the search for one decision: the seat's view and its candidates."""

    def __init__(self, view: View, roots: list[Action], budget: Budget) -> None:
        self.view = view
        self.roots = roots
        self.budget = budget
        self.turn = int(view["turn"])
        # a decision of the last turn is played to the end, where the scores are known
        self.to_turn_end = view["phase"] in LATE_PHASES or end_in_sight(view)

    @property
    def players(self) -> int:
        return len(self.view["seats"])

    @property
    def viewer(self) -> int:
        return int(self.view["viewer"])

    def sample(self, rng: random.Random) -> civ.State:
        return state_from_view(self.view, rng)

    def root_candidates(self, state: civ.State,
                        out_of_time: Callable[[], bool]) -> list[tuple[Action, float]]:
        return [(action, -float(i)) for i, action in enumerate(self.roots)]

    def candidates(self, state: civ.State, mover: int, limit: int) -> list[Candidate]:
        return [(rollout_answer(state, mover), 0.0)]

    def apply(self, state: civ.State, action: Action) -> civ.State | None:
        if action["type"] == PLAN:
            return play_plan(state, self.viewer, action["plan"], self.budget.out_of_time)
        try:
            return state.apply(action)
        except civ.IllegalAction:
            return None

    def to_move(self, state: civ.State) -> int | None:
        return state.to_move

    def turns_begun(self, state: civ.State) -> int:
        return max(0, state.position.turn - self.turn)

    def settle(self, state: civ.State) -> civ.State:
        """The playout: every seat answers by `rollout_answer` until the turn ends, or the
        calamities begin for a decision taken before them; cut short at the deadline or when
        the table stops the bot."""
        for _ in range(PLAYOUT_PLIES):
            pos = state.position
            if state.is_over or pos.turn > self.turn or self.budget.out_of_time() \
                    or (not self.to_turn_end and pos.phase in LATE_PHASES):
                break
            mover = state.to_move
            assert mover is not None
            state = state.apply(rollout_answer(state, mover))
        return state

    def evaluate(self, state: civ.State) -> list[float]:
        return evaluate(state)

    def key(self, action: Action) -> str:
        if action["type"] == PLAN:
            return f"plan {action['plan']}"
        return civ.format_action(action)


class CivHardBot:
    """Medium's play, with the decisions that matter searched over dealt hidden cards. Its
    medium deals the position, makes the answer the search starts from and remembers what
    medium remembers (the calamities passed to it and by it, A17.7), so that where hard does
    not search it plays exactly as the medium seats it meets. It remembers too the movement
    plan it chose for this turn."""

    level = "hard"

    def __init__(self, seed: int, iterations: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.medium = CivMediumBot(seed, worth=HARD_WORTH)
        self.plan: tuple[int, str] | None = None  # (turn, plan) of this turn's movement
        self.last_iterations = 0
        self.last_overruled = False  # whether the last search replaced medium's answer

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        budget = Budget.start(budget_s * BUDGET_SHARE, self.iterations, stop)
        distrust = self.medium.distrust(view)
        turn = Turn(state_from_view(view, self.medium.rng), view)
        pending = turn.pos.pending
        assert pending is not None
        self.last_iterations = 0
        self.last_overruled = False
        if pending["kind"] == "nation":
            return choose_nation(turn)
        action = self._answer(turn, pending, budget, distrust)
        self.medium.remember(view, action)
        return action

    def _answer(self, turn: Turn, pending: dict[str, Any], budget: Budget,
                distrust: dict[int, float]) -> Action:
        """This turn's plan, medium's answer, or the search's where it has candidates."""
        view = turn.view
        moving = pending["kind"] == "movement" and pending.get("ship") is None
        if moving and self.plan is not None and self.plan[0] == view["turn"]:
            return self._planned(turn, self.plan[1])
        first = self.medium.answer(turn.state, view, distrust)
        roots = root_actions(turn, first, distrust)
        if len(roots) == 1:
            return first
        outcome = decide(CivParts(view, roots, budget), self.rng, budget, SETTINGS)
        self.last_iterations = outcome.iterations
        self.last_overruled = outcome.action != roots[0]
        if outcome.action["type"] == PLAN:
            self.plan = (int(view["turn"]), outcome.action["plan"])
            return self._planned(turn, self.plan[1])
        return outcome.action

    def _planned(self, turn: Turn, plan: str) -> Action:
        action = PLANS[plan](turn)
        return action if turn.legal(action) else medium.movement(turn)
