"""Who draws each stack's non-tradable calamity at the coming acquisition (A16.1).

Such a calamity goes only to the very bottom of its stack, in view of all (A6.2,
A32.6), so the view says how many cards lie above it (`calamity_depths`). Who
draws it then follows from the order of the draws, fewest cities first: a
player who counts can see it coming, and building one city more or fewer moves
him in that order. Between equal players the order is the A.S.T. order's, the
same every turn: without counting, six medium seats each built two cities by
turn 5, and Babylon drew Volcanic Eruption/Earthquake off stack 2 on turns 6
and 7 of each of three games (seeds 3001-3003), losing a city each time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.civ.acquisition import calamity_drawers, draw_order
from engine.civ.position import Position

from ..bot import View


def calamities_drawn(pos: Position, view: View, cities: Mapping[int, int]) -> Counter[int]:
    """How many non-tradable calamities each seat draws when the seats hold `cities`."""
    order = draw_order(pos.active_seats(), cities)
    return Counter(calamity_drawers(order, cities, view["calamity_depths"]).values())


def fewer_is_safer(pos: Position, view: View, seat: int, planned: Mapping[int, int],
                   fewer: Mapping[int, int]) -> bool:
    """Whether `seat` draws fewer non-tradable calamities with the cities of `fewer` (its
    own one fewer) than with those of `planned`. Giving up the city costs the tokens over
    its site's limit and a card; the calamity costs a city or more (A19-A25), and goes to
    another seat."""
    return calamities_drawn(pos, view, fewer)[seat] < calamities_drawn(pos, view, planned)[seat]
