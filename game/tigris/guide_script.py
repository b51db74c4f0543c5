"""The guided first game's script: a two-seat game from a fixed seed, every action of both
seats written down, each of the newcomer's steps named by what it teaches.

The seed and the actions were found with `tools/guide_seed.py` (it replays this script on
seeds in turn and keeps those where every action is legal); `tests/tigris/
test_guide_script.py` checks against the engine that each step's point really happens.
The computer's actions are scripted too, so the lesson is the same every time: its
kingdom in the east is there to be revolted against, warred with and robbed of a treasure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engine.tigris as engine

SEED = 28
DYNASTIES = ("archer", "lion")   # the newcomer plays the archer, the computer the lion
OPTIONS: dict[str, Any] = {"dynasties": list(DYNASTIES)}
LEARNER = 0
COMPUTER = 1


@dataclass(frozen=True)
class Entry:
    """One action of the script: whose, what (notation), and the step it belongs to (the
    caption's key): every action of the newcomer's, and the computer's answers within
    them (a defender's commitment); None for the computer's own turns."""

    seat: int
    notation: str
    step: str | None = None

    @property
    def action(self) -> dict[str, Any]:
        return dict(engine.parse_action(self.notation))


SCRIPT: tuple[Entry, ...] = (
    Entry(LEARNER, "tile red J7", "temple"),           # R5.2: a temple beside I7's
    Entry(LEARNER, "leader black I6", "king"),         # R5.1: a leader beside a temple
    Entry(COMPUTER, "leader black N6"),
    Entry(COMPUTER, "tile red M5"),
    Entry(LEARNER, "tile black J6", "point"),          # R5.2: 1 black VP for the king
    Entry(LEARNER, "leader green H7", "kingdom"),      # R3.3: the trader joins the kingdom
    Entry(COMPUTER, "leader red M4"),
    Entry(COMPUTER, "tile red L5"),
    Entry(LEARNER, "leader red L6", "revolt"),         # R7.1: a priest meets a priest
    Entry(LEARNER, "commit 1", "revolt"),              # R6.2, R7.2: 1 + 1 red beats 1
    Entry(COMPUTER, "commit 0", "revolt"),             # the defender adds nothing
    Entry(LEARNER, "tile red K6", "war"),              # R8.1: K6 joins two kingdoms
    Entry(LEARNER, "war black", "war"),
    Entry(LEARNER, "commit 1", "war"),                 # R8.4: 1 + 1 black beats 0
    Entry(COMPUTER, "commit 0", "war"),
    Entry(LEARNER, "treasure N5", "treasure"),         # R9.1: two treasures and a trader
    Entry(COMPUTER, "leader black E10"),
    Entry(COMPUTER, "pass"),
    Entry(LEARNER, "tile red L4", "square"),
    Entry(LEARNER, "tile red M4", "monument"),         # R10.1: a red 2x2 square
    Entry(LEARNER, "monument L4 red black", "monument"),
)

STEPS: tuple[str, ...] = ("welcome", "temple", "king", "point", "kingdom", "revolt", "war",
                          "treasure", "square", "monument", "weakest")
"""Every caption, in order: the first and the last are read, not played (`weakest`: the
score is the weakest colour, R12)."""


def entry_at(ply: int) -> Entry | None:
    """The script's action for the position after `ply` actions; None once it is played."""
    return SCRIPT[ply] if ply < len(SCRIPT) else None


def step_at(ply: int) -> str:
    """The step after `ply` actions: the next action's (while the computer plays its own
    turn, the step that turn prepares), or the last one once the script is over."""
    for entry in SCRIPT[ply:]:
        if entry.step is not None:
            return entry.step
    return STEPS[-1]


def new_state() -> engine.State:
    return engine.new_game(2, SEED, dict(OPTIONS))
