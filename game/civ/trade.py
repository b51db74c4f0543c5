"""What a trade proposal (A17.2–A17.4) is built from, for the offer screens (`game.civ.deal`
and the tabletop's held offer): the cards a hand may trade, the seats it may trade with,
and a truthful offer's fields (every commodity given named, a calamity given unnamed,
A17.2; at least 3 cards asked for, A17.3). The engine's `check` judges what is built.
"""

from __future__ import annotations

from typing import Any

from engine.civ.tables import CALAMITY_BY_ID, CARD_ORDER, COMMODITY_BY_ID


def tradable(card: str) -> bool:
    return card in COMMODITY_BY_ID or CALAMITY_BY_ID[card].tradable


def partners(view: dict[str, Any]) -> list[int]:
    """A17.1, A17.5: active seats not done, holding 3 cards, besides the viewer."""
    done = view["phase_state"].get("done", [])
    return [i for i, s in enumerate(view["seats"])
            if i != view["viewer"] and s["status"] == "active" and i not in done
            and int(s["hand_size"]) >= 3]


def offer(give: list[str], wanted: list[str]) -> dict[str, Any]:
    """The fields of a truthful proposal: every commodity given named, `wanted` named."""
    give = sorted(give, key=CARD_ORDER.__getitem__)
    return {"give": give, "named": [c for c in give if c in COMMODITY_BY_ID],
            "want": max(3, len(wanted)), "want_named": sorted(wanted, key=CARD_ORDER.__getitem__)}
