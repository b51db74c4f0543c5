"""End of the game: each player's score (A35.2) and the ranking (A35.3)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from .civ_cards import card_value
from .position import Position
from .tables import AST_START, BARBARIAN
from .trade_cards import best_mining_value, cards_value

POINTS_PER_AST_SPACE = 100
POINTS_PER_CITY = 50


# A35.2's parts of a score, in the rule's order.
PARTS = ("cards", "hand", "treasury", "ast", "cities")


def score(cards: Collection[str], hand: Iterable[str], treasury: int, ast: int,
          cities: int) -> int:
    """A35.2: cards' costs + hand's set value (Mining where it gains most) + treasury
    + 100 per space beyond the start arrow + 50 per city on the board."""
    return sum(score_parts(cards, hand, treasury, ast, cities).values())


def score_parts(cards: Collection[str], hand: Iterable[str], treasury: int, ast: int,
                cities: int) -> dict[str, int]:
    """A35.2's sum, part by part (`PARTS`), for a scoring screen that shows each."""
    hand_value = best_mining_value(hand) if "mining" in cards else cards_value(hand)
    return {"cards": card_value(cards), "hand": hand_value, "treasury": treasury,
            "ast": POINTS_PER_AST_SPACE * (ast - AST_START), "cities": POINTS_PER_CITY * cities}


def parts_of_view(view: Mapping[str, Any], scores: Mapping[int, int]) -> dict[int, dict[str, int]]:
    """A35.2's parts of each announced score (`game_over`'s `scores`), read from a view of
    the final position: every part is public (A1.5) but the hand's set value, which is what
    the announced score leaves once the public parts are taken from it, so a view that
    cannot see a hand still tells its part truthfully."""
    cities: dict[int, int] = {}
    for area in view["areas"]:
        city = area["city"]
        if city and city["owner"] != BARBARIAN:
            cities[int(city["owner"])] = cities.get(int(city["owner"]), 0) + 1
    parts = {}
    for seat, total in scores.items():
        s = view["seats"][int(seat)]
        known = score_parts(s["cards"], [], int(s["treasury"]), int(s["ast"]),
                            cities.get(int(seat), 0))
        known["hand"] = int(total) - sum(known.values())
        parts[int(seat)] = {part: known[part] for part in PARTS}
    return parts


def ranking(scores: Mapping[int, int]) -> list[list[int]]:
    """A35.3: seats grouped by place, best first; equal scores share a place."""
    by_score: dict[int, list[int]] = {}
    for seat in sorted(scores):
        by_score.setdefault(scores[seat], []).append(seat)
    return [by_score[s] for s in sorted(by_score, reverse=True)]


def final_scores(pos: Position) -> dict[int, int]:
    """A35.2: the score of every seat that has played (active or left, A36.1); a late entrant
    still waiting has none."""
    return {seat: score(s.cards, s.hand, s.treasury, s.ast, len(pos.cities_of(seat)))
            for seat, s in enumerate(pos.seats) if s.status != "waiting"}


def final_ranking(pos: Position) -> list[list[int]]:
    """A35.3: the active players by score; then, as they are not ranked among the players who
    stayed, the seats that left by score; last, sharing a place, the late entrants who never
    entered play (A36.2)."""
    scores = final_scores(pos)
    active = set(pos.active_seats())
    waiting = [seat for seat, s in enumerate(pos.seats) if s.status == "waiting"]
    return [*ranking({seat: n for seat, n in scores.items() if seat in active}),
            *ranking({seat: n for seat, n in scores.items() if seat not in active}),
            *([waiting] if waiting else [])]
