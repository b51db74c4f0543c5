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


SECRETS: dict[str, Secrets] = {
    "tigris": Secrets(_tigris, frozenset({"hand_drawn", "hand_discarded"})),
    "tiny": Secrets(_tiny, frozenset({"hand_drawn"})),
}


def at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data
