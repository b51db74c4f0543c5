"""What each game hides from whom: game knowledge the conformance suite checks views against.

The engine decides what a view shows; this table says, independently, what a
seat must not see, so a view that leaks is caught. A path is a tuple of keys
into the position dict (`to_dict`); a view must hold None there. Each game
also says how to deal anew what a seat cannot see (`variant`), so that a leak
through a refusal, an event or a question skipped is caught too.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from support.civ_counted import parts, shuffle_within, uncounted_top

from engine.civ.tables import (
    CALAMITY_BY_ID,
    CARD_ORDER,
    CARD_STACK,
    CIV_CARD_IDS,
    COMMODITY_BY_ID,
    TRADE_CARD_IDS,
)

Path = tuple[str | int, ...]
Variant = Callable[[dict[str, Any], int, random.Random], dict[str, Any]]
"""`variant(position, seat, rng)`: another position `seat` cannot tell from `position` —
the hidden cards it does not hold dealt anew, every public count kept."""
Probes = Callable[[dict[str, Any]], list[dict[str, Any]]]
"""`probes(view)`: answers, legal or not, the viewer to move may try; built from its view."""


def _no_probes(view: dict[str, Any]) -> list[dict[str, Any]]:
    return []


@dataclass(frozen=True)
class Secrets:
    """`paths(position, seat)`: what `seat` (None: a spectator) must not see;
    `private_events`: the event types that tell a secret, so must carry `private_to`."""

    paths: Callable[[dict[str, Any], int | None], list[Path]]
    private_events: frozenset[str]
    variant: Variant
    beyond_random_play: frozenset[str] = frozenset()
    """Private events the conformance suite's short random games never cause (random
    Advanced Civilization players build no city in a few turns, so draw no trade card)."""
    probes: Probes = _no_probes
    reveals: frozenset[str] = frozenset()
    """Public events by which a rule shows hidden cards at its moment (Advanced
    Civilization's calamities when trade ends, A18.1; a leaver's cards going under their
    stacks, whose sizes are public, A36.1; the final scores): after them what a seat sees
    may rightly depend on where the hidden cards lay."""


def _tigris(position: dict[str, Any], seat: int | None) -> list[Path]:
    """R2.3: others' hands and the bag's order; R16: others' VP unless scoring is open."""
    scores_open = position["options"]["open_scoring"] or position["ended"]
    out: list[Path] = [("bag",)]
    for other in range(len(position["players"])):
        if other != seat:
            out.append(("players", other, "hand"))
            if not scores_open:
                out.append(("players", other, "score"))
    return out


def _tiny(position: dict[str, Any], seat: int | None) -> list[Path]:
    """T1, T2: others' hands, the deck's order and the generator that orders it next."""
    others = [("hands", other) for other in range(len(position["hands"])) if other != seat]
    return [("deck",), ("rng",), *others]


def _civ(position: dict[str, Any], seat: int | None) -> list[Path]:
    """A1.5: others' hands, the stacks' order (and what goes under them), the generator, and
    the unnamed cards of others' trade proposals (A17.3)."""
    out: list[Path] = [("stacks",), ("returns",), ("rng",)]
    out += [("seats", other, "hand") for other in range(len(position["seats"]))
            if other != seat]
    negotiation = position["phase_state"].get("negotiation")
    for k, proposal in enumerate(negotiation["proposals"] if negotiation else []):
        if proposal["from"] != seat:
            out.append(("phase_state", "negotiation", "proposals", k, "give"))
    return out


def _tigris_variant(position: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """R2.3: the others' tiles and the bag dealt anew, every hand keeping its size."""
    d = copy.deepcopy(position)
    hands = [p for i, p in enumerate(d["players"]) if i != seat]
    pool = [tile for p in hands for tile in p["hand"]] + d["bag"]
    rng.shuffle(pool)
    for p in hands:
        p["hand"], pool = pool[:len(p["hand"])], pool[len(p["hand"]):]
    d["bag"] = pool
    return d


def _tiny_variant(position: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """T1: the others' cards and the deck dealt anew, every hand keeping its size."""
    d = copy.deepcopy(position)
    others = [i for i in range(len(d["hands"])) if i != seat]
    pool = [card for i in others for card in d["hands"][i]] + d["deck"]
    rng.shuffle(pool)
    for i in others:
        n = len(d["hands"][i])
        d["hands"][i], pool = sorted(pool[:n]), pool[n:]
    d["deck"] = pool
    return d


def _non_tradable(card: str) -> bool:
    return card in CALAMITY_BY_ID and not CALAMITY_BY_ID[card].tradable


def _civ_variant(position: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A1.5: the others' trade cards and the stacks dealt anew — each stack keeping its own
    cards and size, each hand its size, the Grain it showed (A21.3) and the cards of its
    proposals under way (A17.3) — and a trader (A17.7) kept only by a card that stays put.
    From the calamities' reveal (A18.1) to the next draws (A16.1) everyone knows which hands
    hold none, so calamities stay where they are and only commodities are dealt. A
    non-tradable calamity in a stack stays where everyone counted it (A6.2, A32.6), and so
    does each batch that went under a stack (A32.6, `under`): its cards are shuffled among
    themselves, and only the stack's top part above them is dealt with the hands."""
    d = copy.deepcopy(position)
    others = [i for i in range(len(d["seats"])) if i != seat]
    calamities_hidden = d["phase"] in ("acquisition", "trade")
    fixed = {i: Counter(grain=d["seats"][i]["grain_shown"]) for i in others}
    if not calamities_hidden:
        for i in others:
            fixed[i] |= Counter(c for c in d["seats"][i]["hand"] if c in CALAMITY_BY_ID)
    negotiation = d["phase_state"].get("negotiation")
    for proposal in negotiation["proposals"] if negotiation else []:
        if proposal["from"] in fixed:
            fixed[proposal["from"]] |= Counter(proposal["give"])
    holder = {c: i for i in others for c in d["seats"][i]["hand"] if c in CALAMITY_BY_ID}
    free: dict[int, int] = {}
    top = {k: uncounted_top(d, k - 1) for k in range(1, len(d["stacks"]) + 1)}
    by_stack: dict[int, list[str]] = {k: [d["stacks"][k - 1][j] for j in places]
                                      for k, places in top.items()}
    for i in others:
        hand = Counter(d["seats"][i]["hand"])
        kept = hand & fixed[i]
        d["seats"][i]["hand"] = list(kept.elements())
        free[i] = sum((hand - kept).values())
        for card in (hand - kept).elements():
            by_stack[CARD_STACK[card]].append(card)
    dealt: list[str] = []
    for k, cards in by_stack.items():
        stack = d["stacks"][k - 1]
        moving = [c for c in cards if calamities_hidden or c not in CALAMITY_BY_ID]
        rng.shuffle(moving)
        moving.sort(key=_non_tradable)  # a hand's goes back to a hand: counted out of its stack
        slots = [j for j in top[k] if calamities_hidden or stack[j] not in CALAMITY_BY_ID]
        for j, card in zip(slots, moving, strict=False):
            stack[j] = card
        dealt += moving[len(slots):]
        for places in parts(d, k - 1)[1:]:
            shuffle_within(stack, places, rng)
    rng.shuffle(dealt)
    for i in others:
        hand = d["seats"][i]["hand"] + dealt[:free[i]]
        dealt = dealt[free[i]:]
        d["seats"][i]["hand"] = sorted(hand, key=CARD_ORDER.__getitem__)
    d["traders"] = {c: t for c, t in d["traders"].items()
                    if c not in holder or c in d["seats"][holder[c]]["hand"]}
    return d


def _civ_probes(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Answers the viewer may try to its open or hand-built decisions: proposals of every size
    up to one more card than the other holds (A17.3), acceptances, purchases, Grain shown,
    cards returned — truthful or not."""
    pending, me = view["pending"], view["viewer"]
    if pending is None or pending["seat"] != me:
        return []
    hand = view["seats"][me]["hand"]
    tradable = [c for c in hand if c in COMMODITY_BY_ID or CALAMITY_BY_ID[c].tradable]
    gives = [tradable[:3], tradable[:5], hand[:3], ["gold", "gold", "ivory"]]
    wanted = [["grain", "grain"], ["gold", "ochre"], ["famine", "salt"]]
    probes: list[dict[str, Any]] = []
    kind = pending["kind"]
    if kind in ("trade_open", "trade_answer"):
        others = range(len(view["seats"])) if kind == "trade_open" else \
            [pending["proposal"]["from"]]
        for to in others:
            size = view["seats"][to]["hand_size"]
            for want in sorted({3, size - 1, size, size + 1}):
                for give in gives:
                    for want_named in wanted:
                        offer = {"give": give, "named": give[:2], "want": want,
                                 "want_named": want_named}
                        probes.append({"type": "propose", "to": to, **offer}
                                      if kind == "trade_open" else {"type": "counter", **offer})
    if kind == "trade_answer":
        want = pending["proposal"]["want"]
        probes += [{"type": "accept", "give": give[:want]} for give in gives]
        probes.append({"type": "accept", "give": (tradable * want)[:want]})
    if kind == "civ_cards":
        commodities = [c for c in hand if c in COMMODITY_BY_ID]
        for card in CIV_CARD_IDS:
            probes += [{"type": "purchase", "cards": [card], "pay": pay, "mining": None}
                       for pay in ([], commodities)]
    if kind == "pottery":
        probes += [{"type": "show_grain", "count": k} for k in range(6)]
    if kind == "excess":
        probes += [{"type": "return", "card": c} for c in TRADE_CARD_IDS]
    return probes


SECRETS: dict[str, Secrets] = {
    "civ": Secrets(_civ, frozenset({"hand_drawn", "hand_lost", "trade_received"}),
                   beyond_random_play=frozenset({"hand_drawn", "hand_lost", "trade_received"}),
                   variant=_civ_variant, probes=_civ_probes,
                   reveals=frozenset({"calamity", "calamity_set_aside", "left",
                                      "game_over"})),
    "tigris": Secrets(_tigris, frozenset({"hand_drawn", "hand_discarded"}),
                      variant=_tigris_variant, reveals=frozenset({"game_over"})),
    "tiny": Secrets(_tiny, frozenset({"hand_drawn"}), variant=_tiny_variant),
}


def at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data
