"""What every pending decision offers: its rule, legal answers, how an answer is carried out.

Each phase module describes its decision kinds with a `Decision`; `flow`
gathers them in one table. A closed decision lists all its answers, and an
answer is legal exactly when it is listed (or, for a `shortcut`, when that
judges it so); an open one (A17 proposals, A32 purchases) lists its fixed
answers and judges the rest with `judge`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import Refusal
from .position import Position

Action = dict[str, Any]
Events = list[dict[str, Any]]


@dataclass(frozen=True)
class Decision:
    """A pending decision kind (docs/civ-engine-api.md, "Pending decisions")."""

    rule: str
    answers: tuple[str, ...]
    legal: Callable[[Position], list[Action]]
    answer: Callable[[Position, Action, Events], None]
    judge: Callable[[Position, Action], Refusal | None] | None = None
    shortcut: Callable[[Position, Action], Refusal | None] | None = None
    """A closed decision's unlisted answer that takes several listed steps at once (A9.2:
    the whole distribution of a short stock), judged here; the decision stays closed, so a
    single listed step is still taken by the engine (A1.2)."""
    stepped: Callable[[Position], object] | None = None
    """For a decision answered one step at a time (the list: docs/civ-engine-api.md,
    "Decisions answered in steps"): what stays the same from one step to the next, so that
    `flow` can tell where the decision ends and whether its end is already fixed (A1.2).
    Never set for a decision whose answers come from a hidden hand."""
    by_hand: bool = False
    """Its answers come from its player's hidden trade hand: asked even with a single answer,
    so that a question skipped tells nothing of the hand (A1.2's exception)."""

    @property
    def open(self) -> bool:
        return self.judge is not None


def not_offered(rule: str, kind: str, action: Action) -> Refusal:
    """The refusal of an answer that the closed decision `kind` does not offer."""
    return Refusal("decision/not_offered", {"type": action["type"], "pending": kind},
                   f"{rule}: that is not one of the answers to {kind}.")


def ask(pos: Position, kind: str, seat: int, **fields: Any) -> None:
    """Make `seat` the one who must decide now (A1.2); `fields` describe the question."""
    pos.pending = {"kind": kind, "seat": seat, **fields}


def pending_fields(*names: str) -> Callable[[Position], object]:
    """`Decision.stepped` for a decision whose pending fields `names` stay put step to step."""
    def same(pos: Position) -> object:
        assert pos.pending is not None
        return tuple(pos.pending[name] for name in names)
    return same
