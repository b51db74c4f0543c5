"""Phase 11 from many random positions on the shipped map: pieces spread at random, one or two
calamities in each hand, traded or kept, cards held at random; random answers to every
decision. Every calamity resolves, every position reached stays valid (from_dict accepts it
with the same digest), and the phase always ends."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine.civ as civ
from engine.civ.tables import CALAMITY_BY_ID, CARD_STACK, CIV_CARD_IDS, COMMODITY_BY_ID

CARDS = ["pottery", "engineering", "medicine", "law", "philosophy", "military", "music",
         "agriculture", "mysticism", "astronomy", "coinage", "democracy", "theology",
         "enlightenment", "monotheism"]


def calamity_position(players: int, seed: int) -> tuple[Any, random.Random]:
    """A position at the start of phase 11 after the nations are chosen, pieces and cards
    dealt at random, every token, city and trade card accounted for."""
    rng = random.Random(seed)
    s = civ.new_game(players, seed, {"turn_limit": 3})
    while s.to_dict()["phase"] == "setup":
        s = s.apply(rng.choice(s.legal_actions()))
    d = s.to_dict()
    board = s.position.board
    land = sorted(a for a in s.position.in_play() if board.area(a).is_land)
    areas = {a["id"]: a for a in d["areas"]}
    free = [a for a in land if a not in areas]
    rng.shuffle(free)
    for i, seat in enumerate(d["seats"]):
        for _ in range(rng.randint(0, 5)):
            area = free.pop()
            if area in areas:
                continue
            areas[area] = {"id": area, "tokens": {}, "city": {"owner": i, "new": False}}
            seat["stock"]["cities"] -= 1
        for _ in range(rng.randint(2, 8)):
            area, n = rng.choice(land), rng.randint(1, 4)
            if (area in areas and areas[area]["city"]) or seat["stock"]["tokens"] < n:
                continue
            here = areas.setdefault(area, {"id": area, "tokens": {}, "city": None})
            here["tokens"][str(i)] = here["tokens"].get(str(i), 0) + n
            seat["stock"]["tokens"] -= n
        held = set(rng.sample(CARDS, 4)) if rng.random() < 0.5 else set()
        if "law" not in held:
            held -= {"democracy", "philosophy"}
        if "enlightenment" not in held:
            held -= {"theology", "monotheism"}
        seat["cards"] = [c for c in CIV_CARD_IDS if c in held]
    d["areas"] = [areas[a] for a in sorted(areas)]
    calamities = list(CALAMITY_BY_ID)
    rng.shuffle(calamities)
    for i, seat in enumerate(d["seats"]):
        for _ in range(rng.randint(0, 2)):
            if calamities:
                card = calamities.pop()
                d["stacks"][CARD_STACK[card] - 1].remove(card)
                seat["hand"].append(card)
                if CALAMITY_BY_ID[card].tradable and rng.random() < 0.5:
                    d["traders"][card] = rng.choice([j for j in range(players) if j != i])
        for _ in range(rng.randint(0, 4)):
            stack = d["stacks"][rng.randrange(9)]
            commodities = [c for c in stack if c in COMMODITY_BY_ID]
            if commodities:
                stack.remove(commodities[0])
                seat["hand"].append(commodities[0])
    d.update(phase="calamities", phase_state={}, pending=None)
    return civ.from_dict(d), rng


@pytest.mark.parametrize("seed", range(21))
def test_A18_A31_every_calamity_resolves_from_random_positions(seed: int) -> None:
    players = 2 + seed % 7
    state, rng = calamity_position(players, seed)
    for _ in range(2000):
        if state.is_over or state.to_dict()["phase"] != "calamities":
            return
        state = state.apply(rng.choice(state.legal_actions()))
        assert civ.from_dict(state.to_dict()).digest() == state.digest()
    raise AssertionError("phase 11 did not end")
