"""How likely another seat is to accept terms I put to it (A17.3–A17.4), foreseen from my view.

Public counts say what the other seat probably holds, but whether it takes an
offer turns on its exact hand: whether it can meet the named demand, how its
sets grow, which card it would give unnamed. So the terms are put, in a few
worlds dealt from my view (`determinize`: the hidden hands and stacks dealt
at random, A1.5), to the answer the other seat would give there, and the
share of worlds where it accepts is the chance. An opening that is refused is
noise to the seat it goes to and tells it my named cards for nothing; medium
opens only with terms the other side may well take. Worlds dealt at random
know nothing of what a seat's own proposal tells of its hand (the cards it
named are those it parts with most easily), so a counter is not foreseen.

Nothing here reads a hand I cannot see: the worlds come from my view and a
seeded generator, so dealing the hidden cards anew changes no chance.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

import engine.civ as civ
from engine.civ.map_schema import CivMap

from ..bot import Action, View
from .determinize import state_from_view

Answer = Callable[[civ.State, int], Action]  # the answering seat's answer in a dealt world


class Foresight:
    """Worlds dealt from my view when first needed, in which any terms can be put to a seat."""

    def __init__(self, view: View, samples: int, rng: random.Random,
                 board: CivMap | None = None) -> None:
        self.view, self.samples, self.rng, self.board = view, samples, rng, board
        self._worlds: list[civ.State] | None = None

    def worlds(self) -> list[civ.State]:
        if self._worlds is None:
            self._worlds = [state_from_view(self.view, self.rng, self.board)
                            for _ in range(self.samples)]
        return self._worlds

    def chance(self, terms: Action, answerer: int, answer: Answer) -> float:
        """The share of worlds where `answerer`, put `terms` (a proposal or a counter), answers
        by accepting them; terms the engine refuses in a world count as refused there."""
        share = self._share(terms, answerer, answer, lambda most: False)
        assert share is not None
        return share

    def best(self, terms: Sequence[Action], worths: Sequence[float], floor: float,
             answer: Answer) -> int | None:
        """Of the terms at least `floor` likely to be taken (each put to the seat it goes to,
        `to`), the one whose worth times its chance is most, the first of equals; None if
        there are none.

        A chance is costly (an answer in every world), and most terms cannot win: they are
        put in order of their worth, each in no more worlds once even its acceptance in every
        world left could not lift it to `floor` or past the best so far. The choice is the
        one every chance in full would give: a share only falls as worlds refuse."""
        best: int | None = None
        best_score = 0.0

        def hopeless(i: int, most: float) -> bool:
            if most < floor:
                return True
            if best is None or worths[i] <= 0:
                return False
            score = most * worths[i]
            return score < best_score or (score == best_score and i > best)

        for i in sorted(range(len(terms)), key=lambda i: (-worths[i], i)):
            share = self._share(terms[i], int(terms[i]["to"]), answer,
                                partial(hopeless, i))
            if share is None:
                continue
            score = share * worths[i]
            if best is None or score > best_score or (score == best_score and i < best):
                best, best_score = i, score
        return best

    def _share(self, terms: Action, answerer: int, answer: Answer,
               hopeless: Callable[[float], bool]) -> float | None:
        """The share of worlds accepting `terms`, or None as soon as `hopeless` says so of the
        most it can still reach."""
        worlds = self.worlds()
        if not worlds:
            return None if hopeless(0.0) else 0.0
        taken = 0
        for k, world in enumerate(worlds):
            if hopeless((taken + len(worlds) - k) / len(worlds)):
                return None
            try:
                after = world.apply(terms)
            except civ.IllegalAction:
                continue
            pending = after.pending
            if pending is None or pending.get("seat") != answerer:
                continue
            taken += answer(after, answerer)["type"] == "accept"
        share = taken / len(worlds)
        return None if hopeless(share) else share
