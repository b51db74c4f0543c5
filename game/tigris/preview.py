"""What an action would do, told before it is taken.

Hovering or pressing a square with a piece selected applies the action to a
copy of the position and reads the events it causes: who would score what,
whether a revolt or a war would start, which leader would go home, what can
be built (a choice only if it has more than one answer: the table gives a
forced one itself). The real state is never touched; results are cached per position
and action because the pointer lingers on a square for many frames.
"""

from __future__ import annotations

import json
from typing import Any

import engine.tigris as engine
from game.i18n import t
from game.tigris.narrate import color, player

FOLLOW_UPS = {
    "monument": "dialog.monument.title",
    "building": "dialog.building.title",
    "wonder": "dialog.wonder.title",
    "war_order": "dialog.war_order.title",
    "treasure": "dialog.treasure.title",
}


def describe(state: Any, action: dict[str, Any], dynasties: list[str]) -> list[str]:
    """Lines telling the consequences of `action` in `state` (which is left unchanged)."""
    clone = engine.from_dict(state.to_dict())
    try:
        after = clone.apply(action)
    except engine.IllegalAction:
        return []
    lines: list[str] = []
    for e in after.events:
        kind = e["type"]
        if kind == "vp":
            lines.append(t("preview.vp", player=player(e["seat"], dynasties),
                            count=e["amount"], color=color(e["color"])))
        elif kind == "conflict":
            lines.append(t(f"log.conflict.{e['kind']}.{e['color']}",
                           attacker=player(e["attacker"], dynasties),
                           defender=player(e["defender"], dynasties),
                           attacker_strength=e["attacker_strength"],
                           defender_strength=e["defender_strength"]))
        elif kind == "unification":
            lines.append(t("preview.unification"))
        elif kind == "catastrophe" and e.get("removed"):
            lines.append(t("preview.destroys"))
        elif kind == "leader_withdrawn" and e.get("reason") == "no_temple":
            lines.append(t(f"log.leader_lost_temple.{e['color']}",
                           player=player(e["seat"], dynasties), **{"from": e["from"]}))
    pending = after.to_dict()["pending"]
    if pending and pending["kind"] in FOLLOW_UPS and len(after.legal_actions()) > 1:
        lines.append(t(FOLLOW_UPS[pending["kind"]]))
    if not lines:
        lines.append(t("preview.no_score"))
    return lines


class PreviewCache:
    def __init__(self) -> None:
        self._key: str = ""
        self._lines: list[str] = []

    def get(self, state: Any, version: int, action: dict[str, Any],
            dynasties: list[str]) -> list[str]:
        key = f"{version}:{json.dumps(action, sort_keys=True)}"
        if key != self._key:
            self._key = key
            self._lines = describe(state, action, dynasties)
        return self._lines
