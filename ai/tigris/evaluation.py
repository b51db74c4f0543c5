"""How good a position is for each seat: the medium evaluation, also guiding the hard search.

A seat's worth is its weakest colour (R12) projected forward: each colour's VP
plus what its leaders on the board can still earn there (leader support,
monuments, the king covering colours without their own leader), discounted
by the risk of losing those leaders to a revolt or a war (conflict odds from
the unseen tiles), with treasures filling the lowest colours. The colours
are sorted and weighted, flatter early in the game and steeper late,
because only the lowest colour counts at the end. Hidden VP of other seats
are estimated from the viewer's own (`Context.prior`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import exp
from typing import Any, cast

from .analysis import NO_REGION, NO_TILE, Analysis
from .determinize import pool_fractions, unseen_pool
from .geometry import BLACK, BLUE, GREEN, HAND_SIZE, NEIGHBOURS, RED, layout


@dataclass(frozen=True)
class Weights:
    """The evaluation's knobs, in VP: hand-set from the rules' arithmetic (a turn places
    at most two tiles), then only checked in `tigris arena`, not fitted."""

    early: tuple[float, float, float, float] = (1.0, 0.7, 0.5, 0.35)
    late: tuple[float, float, float, float] = (1.0, 0.3, 0.1, 0.03)
    horizon: float = 5.0            # own turns of future leader income counted
    leader_rate: float = 0.45       # VP per own turn a leader on the board is worth
    king_cover: float = 0.12        # per turn, for colours the king scores in its kingdom
    dry_farmer: float = 0.4         # a farmer with no empty river next to its kingdom
    monument_rate: float = 0.8      # VP per own turn from a monument matching a leader
    monument_horizon: float = 6.0
    revolt_risk: float = 0.6        # chance a revolt that would win is actually made
    war_risk: float = 0.6
    odds_slope: float = 1.3         # steepness of the conflict-odds logistic
    tile_useful: float = 0.35       # a hand tile of a colour the seat can score
    tile_other: float = 0.12
    red_defense: float = 0.15       # each of the first three red tiles, for revolts
    catastrophe: float = 0.7
    treasure_hint: float = 0.4      # a trader whose kingdom holds a lone treasure
    building_bonus: float = 0.6     # extra income of a leader whose kingdom holds its building
    wonder_rate: float = 0.8        # wild VP per own turn for a king in the wonder's kingdom
    win_bonus: float = 30.0


DEFAULT_WEIGHTS = Weights()


@dataclass
class Context:
    """What the root view tells about the hidden parts, fixed for one decision."""

    viewer: int
    players: int
    prior: list[list[float]]        # added to each seat's VP (estimates of hidden VP)
    pool: list[int]                 # unseen tiles per colour
    frac: list[float]
    start_bag: int
    weights: Weights = field(default_factory=Weights)

    @classmethod
    def from_view(cls, view: dict[str, Any], weights: Weights = DEFAULT_WEIGHTS) -> Context:
        viewer = view["viewer"]
        players = view["players"]
        own = players[viewer]["score"]
        mean = sum(own.values()) / 4 + players[viewer]["treasures"] / 4
        prior = [[0.0] * 4 if p["score"] is not None else [mean] * 4 for p in players]
        pool = unseen_pool(view)
        start_bag = layout(view["options"]["board"]).starting_bag - HAND_SIZE * len(players)
        return cls(viewer, len(players), prior, pool, pool_fractions(pool), start_bag, weights)


def logistic(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + exp(-x))


def water_fill(values: list[float], amount: float) -> list[float]:
    """R12.1: treasures raise the lowest colours first (amount may be fractional)."""
    v = sorted(values)
    if amount <= 0:
        return v
    for i in range(len(v)):
        nxt = v[i + 1] if i + 1 < len(v) else float("inf")
        room = (nxt - v[i]) * (i + 1)
        if amount <= room:
            level = v[i] + amount / (i + 1)
            return [level] * (i + 1) + v[i + 1:]
        amount -= room
        for j in range(i + 1):
            v[j] = nxt
    return v


def utility(colors: list[float], treasures: float, progress: float, w: Weights) -> float:
    v = water_fill(colors, treasures)
    return sum((e + (lt - e) * progress) * x for e, lt, x in zip(w.early, w.late, v, strict=True))


class Evaluator:
    """One position's evaluation; built per position, so caches are per position."""

    def __init__(self, a: Analysis, ctx: Context) -> None:
        self.a = a
        self.ctx = ctx
        self.w = ctx.weights
        self._attack_cache: dict[int, int] = {}
        self._joins: dict[int, set[int]] | None = None

    def values(self) -> list[float]:
        """Each seat's worth minus its strongest rivals'; the search maximises its own entry."""
        a = self.a
        raw = self._terminal() if a.ended else self._worths()
        if a.players == 2:
            return [raw[0] - raw[1], raw[1] - raw[0]]
        out = []
        for p in range(a.players):
            others = [raw[q] for q in range(a.players) if q != p]
            out.append(raw[p] - 0.5 * max(others) - 0.5 * sum(others) / len(others))
        return out

    # --- the game over ---------------------------------------------------------------

    def _final_vectors(self) -> list[list[float]]:
        a, ctx = self.a, self.ctx
        out = []
        for p in range(a.players):
            score = a.scores[p] or [0, 0, 0, 0]
            colors = [score[c] + ctx.prior[p][c] for c in range(4)]
            out.append(water_fill(colors, a.treasures_taken[p]))
        return out

    def _terminal(self) -> list[float]:
        vectors = self._final_vectors()
        best = max(vectors)
        w = self.w
        return [(w.win_bonus if v == best else 0.0) + v[0] + 0.1 * sum(v) for v in vectors]

    # --- the game going on -----------------------------------------------------------

    def _worths(self) -> list[float]:
        a, ctx, w = self.a, self.ctx, self.w
        progress = min(1.0, max(0.0, 1.0 - a.bag_size / max(1, ctx.start_bag)))
        turns_left = a.bag_size / (2.0 + 0.4 * (a.players - 1))
        treasures = a.treasures_on_board()
        if treasures <= 4:
            turns_left = min(turns_left, (treasures - 2) * 4 + 1.0)
            progress = max(progress, 1.0 - (treasures - 2) / 4)
        own_turns = max(0.0, turns_left / a.players)
        horizon = min(own_turns, w.horizon)
        monument_turns = min(own_turns, w.monument_horizon)
        potential = [[0.0] * 4 for _ in range(a.players)]
        treasure_potential = [0.0] * a.players
        for r, region in enumerate(a.regions):
            if not region.leaders:
                continue
            river = None
            for sq in region.leaders:
                seat, c = a.leader_at[sq]
                safety = self._revolt_safety(sq, seat, c, r) * self._war_safety(
                    seat, c, r, potential)
                rate = w.leader_rate
                if a.building_region[c] == r:  # R13.4: its colour's tiles score 2 there
                    rate *= 1.0 + w.building_bonus
                if c == BLUE:
                    if river is None:
                        river = self._river_next_to(r)
                    if not river:
                        rate *= w.dry_farmer
                potential[seat][c] += horizon * rate * safety
                if c == BLACK:
                    present = {a.leader_at[s][1] for s in region.leaders}
                    for c2 in (RED, BLUE, GREEN):
                        if c2 not in present:
                            potential[seat][c2] += horizon * w.king_cover * safety
                for pair in region.monuments:
                    if c in pair:
                        potential[seat][c] += monument_turns * w.monument_rate * safety
                if c == BLACK and a.wonder_region == r:  # R15.3: a VP of any colour: a treasure
                    treasure_potential[seat] += monument_turns * w.wonder_rate * safety
                if c == GREEN and region.treasures == 1:
                    treasure_potential[seat] += w.treasure_hint * safety
        worths = []
        for p in range(a.players):
            score = a.scores[p] or [0, 0, 0, 0]
            colors = [score[c] + ctx.prior[p][c] + potential[p][c] for c in range(4)]
            worth = utility(colors, a.treasures_taken[p] + treasure_potential[p], progress, w)
            worth += self._hand_worth(p) + w.catastrophe * a.catastrophes[p]
            worths.append(worth)
        return worths

    def _hand_worth(self, p: int) -> float:
        """A hand counted after its refill (R4.3): using a tile costs only its edge over a draw."""
        a, ctx, w = self.a, self.ctx, self.w
        hand = a.hands[p] if p == ctx.viewer else None
        scoring = [a.leaders[p][c] is not None for c in range(4)]
        if scoring[BLACK]:
            scoring = [True] * 4
        worth_of = [w.tile_useful if scoring[c] else w.tile_other for c in range(4)]
        if hand is None:
            return HAND_SIZE * sum(f * v for f, v in zip(ctx.frac, worth_of, strict=True))
        missing = max(0, HAND_SIZE - sum(hand))
        total = 0.0
        for c in range(4):
            total += (hand[c] + missing * ctx.frac[c]) * worth_of[c]
        red = hand[RED] + missing * ctx.frac[RED]
        return total + w.red_defense * min(3.0, red)

    def _expected(self, seat: int, color: int) -> float:
        hand = self.a.hands[seat] if seat == self.ctx.viewer else None
        if hand is not None:
            return float(hand[color])
        return self.a.hand_sizes[seat] * self.ctx.frac[color]

    def _river_next_to(self, r: int) -> bool:
        a = self.a
        river = a.board_layout.river
        return any(n in river and a.is_empty(n)
                   for sq in a.regions[r].members for n in NEIGHBOURS[sq])

    # --- conflict odds ------------------------------------------------------------------

    def _best_attack_square(self, r: int) -> int:
        """R7.2: the most temples a rival leader could stand next to in kingdom r."""
        cached = self._attack_cache.get(r)
        if cached is not None:
            return cached
        a = self.a
        river = a.board_layout.river
        best = 0
        seen: set[int] = set()
        for sq in a.regions[r].members:
            if a.up[sq] != RED:
                continue
            for n in NEIGHBOURS[sq]:
                if n in seen or n in river or not a.is_empty(n):
                    continue
                seen.add(n)
                if len(a.kingdoms_next_to(n)) <= 1:
                    best = max(best, a.temples_next_to(n))
        self._attack_cache[r] = best
        return best

    def _revolt_safety(self, sq: int, seat: int, c: int, r: int) -> float:
        a, w = self.a, self.w
        rivals = [q for q in range(a.players) if q != seat
                  and (a.leaders[q][c] is None or a.label[cast(int, a.leaders[q][c])] != r)]
        if not rivals:
            return 1.0
        defense = a.temples_next_to(sq) + min(self._expected(seat, RED), 4.0)
        attack = self._best_attack_square(r) + max(min(self._expected(q, RED), 4.0)
                                                   for q in rivals)
        lose = logistic(w.odds_slope * (attack - defense - 0.5))
        return 1.0 - w.revolt_risk * lose

    def _kingdom_joins(self) -> dict[int, set[int]]:
        """Kingdoms one tile away from each other (a square next to exactly those two)."""
        if self._joins is None:
            a = self.a
            tile, leader_at, catastrophe = a.tile, a.leader_at, a.catastrophe
            touching: dict[int, set[int]] = {}
            for r, region in enumerate(a.regions):
                if not region.leaders:
                    continue
                for sq in region.members:
                    for n in NEIGHBOURS[sq]:
                        if tile[n] == NO_TILE and n not in leader_at and n not in catastrophe:
                            touching.setdefault(n, set()).add(r)
            joins: dict[int, set[int]] = {}
            for ks in touching.values():
                if len(ks) == 2:
                    x, y = ks
                    joins.setdefault(x, set()).add(y)
                    joins.setdefault(y, set()).add(x)
            self._joins = joins
        return self._joins

    def _war_safety(self, seat: int, c: int, r: int, potential: list[list[float]]) -> float:
        a, w = self.a, self.w
        rivals = [q for q in range(a.players) if q != seat and a.leaders[q][c] is not None]
        if not rivals:
            return 1.0
        safety = 1.0
        joins = self._kingdom_joins().get(r)
        if not joins:
            return 1.0
        mine = a.regions[r].up[c] + self._expected(seat, c)
        for q in rivals:
            other = a.label[a.leaders[q][c]]  # type: ignore[index]
            if other == NO_REGION or other not in joins:
                continue
            theirs = a.regions[other].up[c] + self._expected(q, c)
            lose = logistic(w.odds_slope * (theirs - mine))
            safety *= 1.0 - w.war_risk * lose
            potential[q][c] += w.war_risk * lose * (a.regions[r].up[c] + 1) * 0.5
        return safety


def evaluate(pos: dict[str, Any], ctx: Context) -> list[float]:
    """Every seat's value of the position dict (`to_dict` of a sampled state, or a view)."""
    return Evaluator(Analysis(pos), ctx).values()
