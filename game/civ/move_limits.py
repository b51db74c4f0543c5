"""The warning a move over an area's population limit gets before it is sent: such a
move is legal (A12), but the tokens over the limit are lost later — the surplus goes
back to stock in phase 8 where one side stands alone (A15.1), and beside another side's
tokens the area holds a conflict (A13.1, fought at A13.4).

Asked with the moves offered to one target (the count picker): the warning names the
least count that goes over, so a player sees which of the counts cost tokens.
"""

from __future__ import annotations

from typing import Any

from game.civ import words
from game.i18n import t

LAND_MOVES = ("move", "road")   # A12.1-A12.2: the moves that carry a count of tokens


def warning(moves: list[dict[str, Any]], view: dict[str, Any]) -> str:
    """What moving to the moves' one target costs, or "" (no move over the limit, several
    targets, or a city there: a city's area is full whatever the count, A13.1)."""
    if not moves or any(m["type"] not in LAND_MOVES for m in moves) \
            or len({int(m["to"]) for m in moves}) != 1:
        return ""   # the chooser may be narrowed to other answers (a ship's sails)
    to = int(moves[0]["to"])
    seat = str(view["viewer"])
    area: dict[str, Any] = next((a for a in view["areas"] if a["id"] == to),
                                {"tokens": {}, "city": None})   # the view lists held areas
    if area["city"]:
        return ""
    limit = words.board().area(to).limit
    tokens: dict[str, int] = area["tokens"]
    mine = tokens.get(seat, 0)
    others = sum(n for owner, n in tokens.items() if owner != seat)
    if not others and "agriculture" in view["seats"][int(seat)]["cards"]:
        limit += 1   # A15.1: one more where only his tokens stand (never in a fight, A13.3)
    least = limit - mine - others + 1
    counts = sorted(int(m["count"]) for m in moves)
    if counts[-1] < least:
        return ""
    key = "civ.over_limit_conflict" if others else "civ.over_limit"
    return t(key, count=max(least, counts[0]), area=words.area_name(to), limit=limit)
