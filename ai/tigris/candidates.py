"""Cheap pruning of the 300–750 main actions to the few worth searching.

Inside the hard search every node needs a short list of plausible actions,
and trying each one costs ~50 µs while judging it fully costs ~300 µs. So
actions are scored here from the board reading alone, without applying
them: tiles by who they score for (R5.2) or which war they start (R8),
leaders by the temples they stand next to (R7.2) or the revolt they start,
catastrophes by the leaders they strip of their last temple (R3.4), one or
two swaps, and pass last.
"""

from __future__ import annotations

from ..bot import Action
from .analysis import Analysis
from .geometry import COLOR_INDEX, COLORS, HEIGHT, NEIGHBOURS, RED, SQUARE_INDEX, WIDTH


class QuickScorer:
    """Scores the mover's main actions in one position."""

    def __init__(self, an: Analysis, mover: int) -> None:
        self.an = an
        self.mover = mover
        hand = an.hands[mover]
        self.hand = hand if hand is not None else [0, 0, 0, 0]
        score = an.scores[mover] or [0, 0, 0, 0]
        weakest = sorted(range(4), key=lambda c: score[c])[:2]
        self.need = [1.5 if c in weakest else 1.0 for c in range(4)]
        self._kingdoms: dict[int, list[int]] = {}

    def kingdoms(self, sq: int) -> list[int]:
        ks = self._kingdoms.get(sq)
        if ks is None:
            found = self.an.kingdoms_next_to(sq)
            ks = sorted(found) if len(found) > 1 else list(found)
            self._kingdoms[sq] = ks
        return ks

    def score(self, action: Action) -> float:
        kind = action["type"]
        if kind == "tile":
            return self._tile(COLOR_INDEX[action["color"]], SQUARE_INDEX[action["to"]])
        if kind == "leader":
            if action["to"] is None:
                return -2.0
            return self._leader(COLOR_INDEX[action["color"]], SQUARE_INDEX[action["to"]])
        if kind == "catastrophe":
            return self._catastrophe(SQUARE_INDEX[action["to"]])
        if kind == "swap":
            return self._swap(action["tiles"])
        return -3.0

    def _tile(self, c: int, sq: int) -> float:
        an, me = self.an, self.mover
        ks = self.kingdoms(sq)
        if not ks:
            return -0.1
        if len(ks) == 1:
            who = an.scorer(ks[0], c)
            base = 0.0 if who is None else (self.need[c] if who == me else -0.8)
            return base + self._square_bonus(c, sq)
        return self._war(ks[0], ks[1])

    def _square_bonus(self, c: int, sq: int) -> float:
        """R10.1: completing a 2×2 of one colour offers a monument."""
        up = self.an.up
        col, row = sq % WIDTH, sq // WIDTH
        for dx, dy in ((0, 0), (-1, 0), (0, -1), (-1, -1)):
            x, y = col + dx, row + dy
            if not (0 <= x < WIDTH - 1 and 0 <= y < HEIGHT - 1):
                continue
            corner = y * WIDTH + x
            square = (corner, corner + 1, corner + WIDTH, corner + WIDTH + 1)
            if all(s == sq or up[s] == c for s in square):
                return 1.0
        return 0.0

    def _war(self, k1: int, k2: int) -> float:
        """R8: a joining tile; worth it when the mover is stronger in every war it is in."""
        an, me = self.an, self.mover
        value = -0.2
        for sq1 in an.regions[k1].leaders:
            seat1, c = an.leader_at[sq1]
            for sq2 in an.regions[k2].leaders:
                seat2, c2 = an.leader_at[sq2]
                if c2 != c or me not in (seat1, seat2):
                    continue
                mine_k, theirs_k = (k1, k2) if seat1 == me else (k2, k1)
                mine = an.regions[mine_k].up[c] + self.hand[c]
                theirs = an.regions[theirs_k].up[c] + 2
                value += (2.0 + 0.5 * an.regions[theirs_k].up[c]) if mine > theirs else -2.5
        return value

    def _leader(self, c: int, sq: int) -> float:
        an, me = self.an, self.mover
        temples = an.temples_next_to(sq)
        ks = self.kingdoms(sq)
        if ks:
            for other in an.kingdom_leaders(ks[0], c):
                seat = an.leader_at[other][0]
                if seat == me:
                    continue
                mine = temples + self.hand[RED]
                theirs = an.temples_next_to(other) + 2
                return 2.5 if mine > theirs else -2.5
        now = an.leaders[me][c]
        if now is None:
            return 1.0 + 0.3 * min(temples, 3) + (0.3 if ks else 0.0)
        return -0.6 + 0.3 * (temples - an.temples_next_to(now))

    def _catastrophe(self, sq: int) -> float:
        """R3.4: a temple taken from under a leader with no other sends it home."""
        an, me = self.an, self.mover
        if an.up[sq] != RED:
            return -1.5
        value = -1.0
        for n in NEIGHBOURS[sq]:
            if n in an.leader_at and an.temples_next_to(n) == 1:
                value += -3.0 if an.leader_at[n][0] == me else 2.0
        return value

    def _swap(self, tiles: list[str]) -> float:
        """Swapping away the colours the mover has no leader for; any other swap is worse."""
        an, me = self.an, self.mover
        idle = {COLORS[c] for c in range(4) if an.leaders[me][c] is None}
        if not idle or any(t not in idle for t in tiles):
            return -1.5
        return -0.6 + 0.1 * len(tiles)


    def worth_scoring(self, action: Action) -> bool:
        """Most actions do nothing a quick score can tell apart; skip them cheaply."""
        kind = action["type"]
        if kind == "tile":
            return bool(self.kingdoms(SQUARE_INDEX[action["to"]]))
        if kind == "catastrophe":
            sq = SQUARE_INDEX[action["to"]]
            return self.an.up[sq] == RED and any(n in self.an.leader_at for n in NEIGHBOURS[sq])
        return True


def prune(an: Analysis, mover: int, actions: list[Action], keep: int,
          screen_all: bool = False) -> list[tuple[Action, float]]:
    """The `keep` best main actions by quick score, with their scores, best first.

    Actions a quick score cannot tell apart are dropped first, unless
    `screen_all` asks for every action (then they come last, in order).
    """
    scorer = QuickScorer(an, mover)
    worth = [scorer.worth_scoring(a) for a in actions]
    scored = sorted(((scorer.score(a), i) for i, a in enumerate(actions) if worth[i]),
                    key=lambda t: (-t[0], t[1]))
    if screen_all:
        scored.extend((-10.0, i) for i, a in enumerate(actions) if not worth[i])
    if not scored:
        scored = [(scorer.score(a), i) for i, a in enumerate(actions)]
        scored.sort(key=lambda t: (-t[0], t[1]))
    return [(actions[i], s) for s, i in scored[:keep]]
