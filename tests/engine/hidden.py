"""What each game hides from whom: game knowledge the conformance suite checks views against.

The engine decides what a view shows; this table says, independently, what a
seat must not see, so a view that leaks is caught. A path is a tuple of keys
into the position dict (`to_dict`); a view must hold None there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Secrets:
    """`paths(position, seat)`: what `seat` (None: a spectator) must not see;
    `private_events`: the event types that tell a secret, so must carry `private_to`."""

    paths: Callable[[dict[str, Any], int | None], list[Path]]
    private_events: frozenset[str]
    beyond_random_play: frozenset[str] = frozenset()
    """Private events the conformance suite's short random games never cause (random
    Advanced Civilization players build no city in a few turns, so draw no trade card)."""


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


SECRETS: dict[str, Secrets] = {
    "civ": Secrets(_civ, frozenset({"hand_drawn", "hand_lost", "trade_received"}),
                   beyond_random_play=frozenset({"hand_drawn", "hand_lost", "trade_received"})),
    "tigris": Secrets(_tigris, frozenset({"hand_drawn", "hand_discarded"})),
    "tiny": Secrets(_tiny, frozenset({"hand_drawn"})),
}


def at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data
