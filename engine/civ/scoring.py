"""End of the game: each player's score (A35.2) and the ranking (A35.3)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from .civ_cards import card_value
from .position import Position
from .tables import AST_START
from .trade_cards import best_mining_value, cards_value

POINTS_PER_AST_SPACE = 100
POINTS_PER_CITY = 50


def score(cards: Collection[str], hand: Iterable[str], treasury: int, ast: int,
          cities: int) -> int:
    """A35.2: cards' costs + hand's set value (Mining where it gains most) + treasury
    + 100 per space beyond the start arrow + 50 per city on the board."""
    hand_value = best_mining_value(hand) if "mining" in cards else cards_value(hand)
    return (card_value(cards) + hand_value + treasury
            + POINTS_PER_AST_SPACE * (ast - AST_START) + POINTS_PER_CITY * cities)


def ranking(scores: Mapping[int, int]) -> list[list[int]]:
    """A35.3: seats grouped by place, best first; equal scores share a place."""
    by_score: dict[int, list[int]] = {}
    for seat in sorted(scores):
        by_score.setdefault(scores[seat], []).append(seat)
    return [by_score[s] for s in sorted(by_score, reverse=True)]


def final_scores(pos: Position) -> dict[int, int]:
    """A35.2–A35.3: the score of every active player (inactive players are not ranked)."""
    return {seat: score(pos.seats[seat].cards, pos.seats[seat].hand, pos.seats[seat].treasury,
                        pos.seats[seat].ast, len(pos.cities_of(seat)))
            for seat in pos.active_seats()}
