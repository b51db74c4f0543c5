"""Issue 21: with three computers their turns scroll past faster than a person reads
them, so each computer turn ends with one line in the log that sums it up."""

from __future__ import annotations

import itertools
import random

from support.apps import make_app

from game.scenes.flow import start_new_game
from game.tigris.driver import Driver
from game.tigris.turn_summary import summary


def test_r4_a_turn_is_summed_up_from_its_events():
    events = [{"type": "turn_started", "seat": 3},
              {"type": "tile_placed", "seat": 3, "color": "red", "at": "B2"},
              {"type": "vp", "seat": 3, "color": "red", "amount": 1, "reason": "tile"},
              {"type": "conflict_won", "winner": 3, "loser": 0, "color": "red"},
              {"type": "tile_placed", "seat": 3, "color": "blue", "at": "B3"},
              {"type": "vp", "seat": 0, "color": "blue", "amount": 2, "reason": "tile"},
              {"type": "turn_ended", "seat": 3}]
    dynasties = ["archer", "bull", "pot", "lion"]
    assert summary(events, 3, dynasties) == "Lion: 2 tiles, 1 conflict won, +1 point"
    swapped = [{"type": "tiles_discarded", "seat": 1, "count": 3}]
    assert summary(swapped, 1, dynasties) == "Bull: swapped tiles"
    assert summary([], 2, dynasties) == "Pot: passed"


def test_each_computer_turn_ends_with_its_summary_line_and_a_persons_does_not(data_dir):
    app = make_app((1280, 800))
    try:
        driver = Driver(app)
        table = start_new_game(app, ["human", "computer", "computer", "computer"], seed=7)
        driver.frames(3)
        rng = random.Random(4)
        for _ in range(2):
            tiles = [a for a in table.session.state.legal_actions() if a["type"] == "tile"]
            driver.perform(table, rng.choice(tiles), rng)
            driver.end_held_turn(table)
            driver.frames(10)
        turns = [i for i, line in enumerate(table.log) if line.topic == "turn"]
        assert len(turns) >= 6
        for start, end in itertools.pairwise(turns):
            seat = table.log[start].seat
            name = table.dynasties.name(seat)
            summaries = [line for line in table.log[start:end]
                         if line.startswith(f"{name}: ")]
            if table.session.seats[seat].kind == "computer":
                assert len(summaries) == 1 and table.log[end - 1] == summaries[0], (
                    table.log[start:end])
            else:
                assert summaries == []
    finally:
        app.close()
