"""Phase 13, A.S.T. alteration (A34) and the end check (A35.1); what a space demands (A5.2)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Shortfall:
    """One condition a marker fails: `what` ("cities", "groups", "cards", "value") it
    needs `need` of and has `have`."""

    what: str
    need: int
    have: int


def entry_shortfalls(number: int, cities: int, cards: Collection[str]) -> tuple[Shortfall, ...]:
    """A5.2: what a marker entering space `number`'s epoch lacks (cities, groups covered,
    cards held), in the table's order; none when it may enter."""
    need = space(number)
    counts = (("cities", need.cities, cities), ("groups", need.groups, groups_covered(cards)),
              ("cards", need.cards, len(cards)))
    return tuple(Shortfall(what, n, have) for what, n, have in counts if have < n)


def epoch_conditions_met(number: int, cities: int, cards: Collection[str]) -> bool:
    """A5.2: the cities and cards the epoch of space `number` asks of a marker entering it."""
    return not entry_shortfalls(number, cities, cards)


@dataclass(frozen=True)
class AstOutlook:
    """Where a marker goes at the next A.S.T. alteration and which step of A34.1 decides
    it, so that a table can say why it will or will not move.

    `step`: "finish" (on space 16), "inactive" (A34.2), "no_city" (step 1, one back),
    "cities" (step 2: the present epoch's cities), "entry" (step 3: the next epoch's
    conditions), "value" (step 4: a Late Iron Age space's value) or "advance" (step 5).
    `epoch` is the epoch whose condition decides (the one entered on "advance");
    `short` what the marker lacks on a stay."""

    to: int
    step: str
    epoch: str
    short: tuple[Shortfall, ...] = ()


def ast_outlook(at: int, cities: int, cards: Collection[str], active: bool = True) -> AstOutlook:
    """A34.1 (and A34.2 for an inactive player) step by step for a marker on `at`, a
    player with `cities` on the board holding `cards`.

    Steps (1)–(5) of A34.1 in order: no city outside the Stone Age steps back;
    too few cities for the present epoch stays; a new epoch's unmet conditions
    stay; a Late Iron Age value above the cards' value stays; otherwise one
    space on. A marker on the finish, space 16, stays.
    """
    here = space(at)
    if at == AST_FINISH:
        return AstOutlook(at, "finish", here.epoch)
    if not active:
        return AstOutlook(at, "inactive", here.epoch)
    if cities == 0 and here.epoch != space(AST_START).epoch:
        return AstOutlook(at - 1, "no_city", here.epoch, (Shortfall("cities", 1, 0),))
    if cities < here.cities:
        return AstOutlook(at, "cities", here.epoch, (Shortfall("cities", here.cities, cities),))
    ahead = space(at + 1)
    if starts_epoch(ahead.number):
        short = entry_shortfalls(ahead.number, cities, cards)
        if short:
            return AstOutlook(at, "entry", ahead.epoch, short)
    if card_value(cards) < ahead.value:
        return AstOutlook(at, "value", ahead.epoch,
                          (Shortfall("value", ahead.value, card_value(cards)),))
    return AstOutlook(ahead.number, "advance", ahead.epoch)


def ast_alteration(at: int, cities: int, cards: Collection[str]) -> int:
    """A34.1: the space a marker on `at` moves to, for a player with `cities` on the board
    (`ast_outlook` says which step decides)."""
    return ast_outlook(at, cities, cards).to


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
        scores = {str(seat): n for seat, n in final_scores(pos).items()}
        ranking = final_ranking(pos)
        # announced (A35.2, A35.3), so kept for all who come later: a watcher, a save read back
        pos.phase_state.update({"scores": scores, "ranking": ranking})
        events.append({"type": "game_over", "ranking": [list(place) for place in ranking],
                       "scores": dict(scores)})
    return True
