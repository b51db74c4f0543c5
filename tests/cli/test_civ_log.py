"""The civ text game's log tells events in words (A1.5: only what the seat may see)."""

from __future__ import annotations

import re

import engine.civ as civ
from ai.civ.random_player import CivRandomBot
from ziggurat_cli.civ_log import TELLERS, CivLog, told

RAW = re.compile(r"[\[\]{}]|\b(None|True|False|you's)\b|_")


def random_game_lines(players: int, seed: int, turns: int) -> tuple[list[str], set[str]]:
    """Every line seat 0 is told in a random game, and the event kinds that occurred."""
    state = civ.new_game(players, seed, {"turn_limit": turns})
    bots = [CivRandomBot(seed * 10 + seat) for seat in range(players)]
    lines: list[str] = []
    kinds: set[str] = set()
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), 0.0))
        kinds.update(e["type"] for e in state.events)
        lines.extend(told(state, 0))
    return lines, kinds


def test_A1_5_every_told_event_reads_as_words_not_as_raw_fields() -> None:
    lines, kinds = random_game_lines(4, 1, 20)
    told_kinds = kinds & set(TELLERS)
    assert {"city_built", "traded", "ast_moved", "tax_paid", "game_over"} <= told_kinds
    assert lines, "a twenty-turn game is told"
    for line in lines:
        assert not RAW.search(line), line
    assert lines[-1].startswith("game over (A35); scores: ")


def test_A1_5_a_private_event_is_told_only_to_its_seat() -> None:
    state = civ.new_game(3, 1, {"turn_limit": 2})
    log_of_1 = CivLog(state, 1)
    drawn = {"type": "hand_drawn", "seat": 0, "cards": ["ochre"], "private_to": 0}
    assert log_of_1.line(drawn) is None
    assert CivLog(state, 0).line(drawn) == "you drew ochre"


def test_A36_leaving_and_late_entry_are_told_in_words() -> None:
    state = civ.new_game(3, 1, {"turn_limit": 2})
    log = CivLog(state, 0)
    lines = [log.line({"type": "phase", "turn": 2, "phase": "start"}),
             log.line({"type": "left", "seat": 1, "kept": 2, "returned": 3}),
             log.line({"type": "entered", "seat": 2, "nation": "crete"}),
             log.line({"type": "entered_play", "seat": 2, "victim": 1, "cards": [], "ast": 4})]
    assert lines == ["-- turn 2: turn start: leaving and late entry (A36)",
                     "seat 1 left the game, keeping 2 trade card(s) (A36.1)",
                     "seat 2 entered as crete and waits for a civil war (A36.2)",
                     "seat 2 took over a faction in seat 1's civil war and plays on from "
                     "A.S.T. space 4 (A36.2)"]
    for line in lines:
        assert line is not None and not RAW.search(line), line


def test_A1_2_a_step_the_engine_took_itself_is_told_with_its_reason() -> None:
    state = civ.new_game(3, 7, {"turn_limit": 4})
    events = [{"type": "sailed", "seat": 1, "ship": 2, "area": 13},
              {"type": "unloaded", "seat": 1, "ship": 2, "area": 13, "count": 3},
              {"type": "moved", "seat": 2, "from": 13, "to": 14, "count": 1, "via": None}]
    after = civ.State(state.position, events)
    lines = told(after, 0, {"type": "sail", "ship": 2, "to": 13})
    name = state.position.board.area(13).name
    assert lines[0] == f"seat 1's ship 2 unloaded 3 token(s) in {name} (13) (taken by the " \
        "engine: A12.5: a ship ends its move in a coastal area with nobody aboard, A1.2)"
    assert lines[1].startswith("seat 2 moved 1 token(s) from ")
    assert lines[1].endswith("(taken by the engine: the only answer left, A1.2)")
    assert told(after, 0) == [], "without the action, no step is told as the engine's"


def test_A34_1_each_marker_that_stays_says_why() -> None:
    lines, _ = random_game_lines(3, 7, 4)
    stays = [s for s in lines if " marker stays on A.S.T. space " in s]
    assert stays
    for line in stays:
        assert re.search(r"stays on A\.S\.T\. space \d+ \(A34\.1\): (entering the .* epoch "
                         r"needs|space \d+ needs|it is on the finish)", line), line
    at = lines.index(stays[-1])
    assert lines[at + 1].startswith("game over (A35)"), "told before the end of the game"
