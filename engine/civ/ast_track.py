"""Phase 13, A.S.T. alteration (A34) and the end check (A35.1); what a space demands (A5.2)."""

from __future__ import annotations

from collections.abc import Collection

from .civ_cards import card_value, groups_covered
from .decisions import Events
from .position import Position
from .scoring import final_ranking, final_scores
from .tables import AST_FINISH, AST_SPACES, AST_START, AstSpace


def space(number: int) -> AstSpace:
    """A5.2: the space numbered `number` (1–16)."""
    return AST_SPACES[number - AST_START]


def starts_epoch(number: int) -> bool:
    """A5.2: whether space `number` is the first space of its epoch."""
    return number == AST_START or space(number - 1).epoch != space(number).epoch


def epoch_conditions_met(number: int, cities: int, cards: Collection[str]) -> bool:
    """A5.2: the cities and cards the epoch of space `number` asks of a marker entering it."""
    need = space(number)
    return (cities >= need.cities and groups_covered(cards) >= need.groups
            and len(cards) >= need.cards)


def ast_alteration(at: int, cities: int, cards: Collection[str]) -> int:
    """A34.1: the space a marker on `at` moves to, for a player with `cities` on the board.

    Steps (1)–(5) of A34.1 in order: no city outside the Stone Age steps back;
    too few cities for the present epoch stays; a new epoch's unmet conditions
    stay; a Late Iron Age value above the cards' value stays; otherwise one
    space on. A marker on the finish, space 16, stays.
    """
    here = space(at)
    if at == AST_FINISH:
        return at
    if cities == 0 and here.epoch != space(AST_START).epoch:
        return at - 1
    if cities < here.cities:
        return at
    ahead = at + 1
    if starts_epoch(ahead) and not epoch_conditions_met(ahead, cities, cards):
        return at
    if card_value(cards) < space(ahead).value:
        return at
    return ahead


def units_on_board(pos: Position) -> bool:
    """Decision (the rules are silent): with no player's unit on the board nothing can ever
    come back onto it, so such a game ends after phase 13 like a finished one."""
    return any(pos.tokens_on_board(seat) or pos.cities_of(seat) for seat in pos.active_seats())


def run_ast(pos: Position, events: Events) -> bool:
    """A34: every active player's marker, then the end check (A35.1)."""
    for seat in pos.active_seats():
        s = pos.seats[seat]
        to = ast_alteration(s.ast, len(pos.cities_of(seat)), s.cards)
        if to != s.ast:
            events.append({"type": "ast_moved", "seat": seat, "from": s.ast, "to": to})
            s.ast = to
    finished = any(pos.seats[seat].ast == AST_FINISH for seat in pos.active_seats())
    if finished or pos.turn == pos.options.turn_limit or not units_on_board(pos):
        pos.ended = True
        scores = final_scores(pos)
        events.append({"type": "game_over", "ranking": final_ranking(pos),
                       "scores": {str(seat): n for seat, n in scores.items()}})
    return True
