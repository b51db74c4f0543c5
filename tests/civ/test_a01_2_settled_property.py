"""A1.2 over random play, 2 to 8 players: every decision the engine asks (closed, its answers
not from a hidden hand) has two answers whose completed outcomes differ (settled_check.py
says how an answer is completed). A few games here; benchmarks/civ_decisions.py plays 200
per player count."""

from __future__ import annotations

import pytest
from settled_check import Tally, check_calamities, check_game

TURNS = 8


@pytest.mark.parametrize("players", range(2, 9), ids=lambda p: f"{p}p")
def test_A1_2_every_decision_asked_has_two_answers_whose_outcomes_differ(players: int) -> None:
    tally = Tally()
    for seed in (300, 301):
        check_game(players, seed, TURNS, tally)
    check_calamities(players, players, tally)  # phase 11 from a random position
    assert tally.checked > 0 and tally.unchecked == 0
    assert [(v["seed"], v["pending"]) for v in tally.violations] == []
