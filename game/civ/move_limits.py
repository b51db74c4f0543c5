"""The warning a move over an area's population limit gets before it is sent: such a
move is legal (A12), but the tokens over the limit are lost later — the surplus goes
back to stock in phase 8 where one side stands alone (A15.1), and beside another side's
tokens the area holds a conflict (A13.1, fought at A13.4).

Asked with the moves offered to one target (the count picker): the warning names the
least count that goes over, so a player sees which of the counts cost tokens, and on a
free city site where the counts reach six it adds that a city built first keeps them.
Unloading a ship (A12.4) puts its tokens in the ship's area, and is warned the same way
while its counts are offered.
"""

from __future__ import annotations

from typing import Any

from engine.civ.cities import TOKENS_ON_A_SITE, site_requirement
from game.civ import words
from game.i18n import t

LAND_MOVES = ("move", "road")   # A12.1-A12.2: the moves that carry a count of tokens
UNLOAD = "unload"               # A12.4: a count of tokens off a ship, into its area


def warning(moves: list[dict[str, Any]], view: dict[str, Any]) -> str:
    """What moving to the moves' one target costs, or "" (no move over the limit, several
    targets, or a city there: a city's area is full whatever the count, A13.1)."""
    targets = {target(m, view) for m in moves}
    to = targets.pop() if len(targets) == 1 else None
    if to is None:
        return ""   # the chooser may be narrowed to other answers (a ship's sails)
    seat = str(view["viewer"])
    area: dict[str, Any] = next((a for a in view["areas"] if a["id"] == to),
                                {"tokens": {}, "city": None})   # the view lists held areas
    if area["city"]:
        return ""
    limit = words.board(view).area(to).limit
    tokens: dict[str, int] = area["tokens"]
    mine = tokens.get(seat, 0)
    others = sum(n for owner, n in tokens.items() if owner != seat)
    if not others and "agriculture" in view["seats"][int(seat)]["cards"]:
        limit += 1   # A15.1: one more where only his tokens stand (never in a fight, A13.3)
    least = limit - mine - others + 1
    counts = sorted(int(m["count"]) for m in moves)
    if counts[-1] < least:
        return ""
    key = ("civ.unload_over_limit" if moves[0]["type"] == UNLOAD else "civ.over_limit") \
        + ("_conflict" if others else "_site" if fills_site(view, to, mine + counts[-1]) else "")
    return t(key, count=max(least, counts[0]), area=words.area_name(to), limit=limit)


def fills_site(view: dict[str, Any], area: int, tokens: int) -> bool:
    """Whether `tokens` of the viewer's on `area` make a city's six on a free city site: the
    city is built at A14.2, before the surplus goes at A15.1."""
    there = next((a for a in view["areas"] if int(a["id"]) == area), None)
    if there is not None and there["city"] is not None:
        return False
    need = site_requirement(words.board(view), len(view["seats"]), area)  # A4.4 with two
    return need == TOKENS_ON_A_SITE and tokens >= need


def unload_warning(actions: list[dict[str, Any]], view: dict[str, Any]) -> str:
    """The warning of each ship whose unloading is offered among `actions` (`warning`)."""
    ships = sorted({int(a["ship"]) for a in actions if a["type"] == UNLOAD})
    said = (warning([a for a in actions if a["type"] == UNLOAD and a["ship"] == n], view)
            for n in ships)
    return " ".join(words for words in said if words)


def target(move: dict[str, Any], view: dict[str, Any]) -> int | None:
    """The area a move puts its tokens in: a land move's target, an unloading ship's
    area (the viewer's ship by its number); None for any other answer."""
    if move["type"] in LAND_MOVES:
        return int(move["to"])
    if move["type"] != UNLOAD:
        return None
    ship = next((s for s in view.get("ships", []) if s["owner"] == view["viewer"]
                 and s["number"] == move["ship"]), None)
    return None if ship is None else int(ship["area"])
