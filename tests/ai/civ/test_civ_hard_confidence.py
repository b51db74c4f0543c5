"""Issue 23: hard must never play worse than medium, so medium's answer (the search's first
candidate) stays unless another beats it surely: by `KEEP_MARGIN` points and by
`SETTINGS.keep_sigmas` standard errors of their differences on the same samples.

A toy two-candidate game on hard's own settings: the sample k is a number, and each
candidate's value on it is given by a table, so that the search's statistics are known."""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.bot import Action, Budget
from ai.civ.hard import KEEP_MARGIN, SETTINGS
from ai.search import Candidate, decide

MEDIUM: Action = {"type": "medium"}
OTHER: Action = {"type": "other"}


class Toy:
    """A state is (sample, candidate played), sample k the k-th dealt; `value(action, k)`
    is the viewer's value after the candidate on sample k."""

    def __init__(self, value: Callable[[Action, int], float]) -> None:
        self.value = value
        self.dealt = -1

    players = 2
    viewer = 0

    def sample(self, rng: random.Random) -> tuple[int, str]:
        self.dealt += 1
        return (self.dealt, "")

    def root_candidates(self, state: tuple[int, str],
                        out_of_time: Callable[[], bool]) -> list[tuple[Action, float]]:
        return [(MEDIUM, 0.0), (OTHER, -1.0)]

    def candidates(self, state: tuple[int, str], mover: int, limit: int) -> list[Candidate]:
        raise AssertionError("a flat search asks for no inner candidates")

    def apply(self, state: tuple[int, str], action: Action) -> tuple[int, str]:
        return (state[0], str(action["type"]))

    def to_move(self, state: tuple[int, str]) -> int | None:
        return 0

    def turns_begun(self, state: tuple[int, str]) -> int:
        return 0

    def settle(self, state: tuple[int, str]) -> tuple[int, str]:
        return state

    def evaluate(self, state: tuple[int, str]) -> list[float]:
        k, kind = state
        v = self.value(MEDIUM if kind == "medium" else OTHER, k - 1)  # sample 0: the ranking's
        return [v, -v]

    def key(self, action: Action) -> str:
        return str(action["type"])


def searched(value: Callable[[Action, int], float], iterations: int) -> Action:
    return decide(Toy(value), random.Random(1), Budget.start(0.0, iterations), SETTINGS).action


def test_a_noisy_lead_above_the_margin_keeps_mediums_answer() -> None:
    """The other candidate leads by 5 points on average (above the 3-point margin) but by
    +30 and -20 in turn: on 12 playouts that is no sure lead, and medium's answer stays
    (it was replaced: the margin alone was asked, on 2 visits)."""
    assert KEEP_MARGIN < 5

    def value(action: Action, k: int) -> float:
        return 0.0 if action is MEDIUM else (30.0 if k % 2 == 0 else -20.0)
    assert searched(value, 12) == MEDIUM


def test_a_steady_lead_on_the_same_samples_replaces_mediums_answer() -> None:
    """Samples worth wildly different amounts, the other candidate always 8 points better on
    the same sample: the paired differences are sure, though each candidate's values
    spread far wider than the lead."""
    def value(action: Action, k: int) -> float:
        deal = (k * 37 % 11) * 40.0
        return deal + (8.0 if action is OTHER else 0.0)
    assert searched(value, 12) == OTHER


def test_a_lead_within_the_margin_keeps_mediums_answer() -> None:
    def value(action: Action, k: int) -> float:
        return KEEP_MARGIN / 2 if action is OTHER else 0.0
    assert searched(value, 12) == MEDIUM
