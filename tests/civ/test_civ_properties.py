"""Properties over seeded random games on the shipped map, 2 to 8 players: pieces and cards
accounted for after every action, limits after surplus removal (A15), city support after its
phase (A7.5), views hiding hands (A1.5), replay equal to play."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine.civ as civ
from engine import BadPosition
from engine.civ.flow import DECISIONS
from engine.civ.surplus import run_surplus
from engine.civ.tables import PLAYER_COUNTS

TURNS = 6


def options(players: int) -> dict[str, Any]:
    """With an odd count of players the last seat is a late entrant (A36.2)."""
    return {"turn_limit": TURNS, "late_seats": [players - 1] if players % 2 else []}


def random_game(players: int, seed: int,
                board: str | None = None) -> tuple[list[Any], list[dict[str, Any]]]:
    """Uniform random answers, so seats often leave at a turn start (A36.1); on the board of
    new games unless `board` names another."""
    rng = random.Random(seed)
    state = civ.new_game(players, seed, {**options(players), **({"map": board} if board else {})})
    states, actions = [state], []
    while not state.is_over:
        assert state.to_move is not None, f"play stopped in {state.to_dict()['phase']}"
        action = rng.choice(state.legal_actions())
        assert state.check(action) is None
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions


@pytest.fixture(scope="module", params=range(2, 9), ids=lambda p: f"{p}p")
def game(request: pytest.FixtureRequest) -> tuple[int, list[Any], list[dict[str, Any]]]:
    players = request.param
    return (players, *random_game(players, 100 + players))


def test_A2_A4_2_A2_7_every_piece_and_card_is_accounted_for_after_every_action(
        game: tuple[int, list[Any], list[dict[str, Any]]]) -> None:
    players, states, _ = game
    for state in states:
        civ.check_accounting(state.position)
    for state in states[::3]:
        d = state.to_dict()
        again = civ.from_dict(d)  # from_dict refuses any unaccounted token, city or card
        assert again.digest() == state.digest()
        for i, s in enumerate(d["seats"]):
            ships = [sh for sh in d["ships"] if sh["owner"] == i]
            assert len(ships) <= 4
            if s["nation"] is not None:
                board = sum(a["tokens"].get(str(i), 0) for a in d["areas"])
                aboard = sum(sh["aboard"] for sh in ships)
                assert s["stock"]["tokens"] + s["treasury"] + board + aboard == \
                    PLAYER_COUNTS[players].tokens
        cards = sum(len(x) for x in d["stacks"]) + sum(len(x) for x in d["returns"])
        assert cards + sum(len(s["hand"]) for s in d["seats"]) == 126


def test_A1_2_a_position_play_reached_reads_alike_as_played(
        game: tuple[int, list[Any], list[dict[str, Any]]]) -> None:
    """`from_dict(played=True)` skips running the question on: for every position play
    reaches (its question asked), the state, its question and legal answers are the same."""
    _, states, _ = game
    for state in states[::2]:
        d = state.to_dict()
        played = civ.from_dict(d, played=True)
        assert played.to_dict() == d
        assert played.legal_actions() == civ.from_dict(d).legal_actions()


@pytest.mark.parametrize("break_it", ["token", "city", "card"])
def test_A2_A4_2_check_accounting_names_a_piece_or_card_out_of_place(break_it: str) -> None:
    state = civ.new_game(3, 4)
    while state.position.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    pos = state.position.copy()
    civ.check_accounting(pos)
    seat = pos.seats[0]
    if break_it == "token":
        seat.stock_tokens -= 1
    elif break_it == "city":
        seat.stock_cities += 1
    else:
        pos.stacks[0].pop()
    with pytest.raises(civ.BadPosition) as refused:
        civ.check_accounting(pos)
    assert refused.value.refusal.code == "position/breaks_rule"


def after_phase_8(state: Any) -> Any:
    """The position of `state` run through phase 8 alone (surplus removal, then support with
    the first city each time), whatever phase it was in."""
    pos = state.position.copy()
    pos.phase, pos.phase_state, pos.pending = "surplus", {}, None
    events: list[dict[str, Any]] = []
    while not run_surplus(pos, events):
        decision = DECISIONS[pos.pending["kind"]]
        decision.answer(pos, decision.legal(pos)[0], events)
    return pos


def test_A15_A7_5_limits_and_support_hold_after_phase_8(
        game: tuple[int, list[Any], list[dict[str, Any]]]) -> None:
    _, states, _ = game
    for state in states[::5]:
        pos = after_phase_8(state)
        for area, here in pos.tokens.items():
            if area in pos.cities:
                raise AssertionError(f"tokens left with the city in area {area}")
            if len(here) == 1:
                side, n = next(iter(here.items()))
                agriculture = side >= 0 and "agriculture" in pos.seats[side].cards
                assert n <= pos.board.area(area).limit + agriculture
        for seat in pos.active_seats():
            assert pos.tokens_on_board(seat) >= 2 * len(pos.cities_of(seat))


def test_A1_5_a_view_never_shows_another_seats_hand_or_the_stacks(
        game: tuple[int, list[Any], list[dict[str, Any]]]) -> None:
    players, states, _ = game
    for state in states[::7]:
        for viewer in [None, *range(players)]:
            v = state.view(viewer)
            assert all(s["hand"] is None for i, s in enumerate(v["seats"]) if i != viewer)
            assert v["stacks"] is None and v["rng"] is None
            assert sum(v["stack_sizes"]) == sum(len(x) for x in state.to_dict()["stacks"])
        for event in state.events:
            if "private_to" in event:
                assert event["private_to"] == event["seat"]


def test_replay_equals_play(game: tuple[int, list[Any], list[dict[str, Any]]]) -> None:
    players, states, actions = game
    record = civ.new_record(players, 100 + players, options(players))
    record["actions"] = actions
    assert civ.replay(record).digest() == states[-1].digest()


def test_a_record_of_rules_3_or_4_replays_on_the_first_edition_and_2_is_refused(
        game: tuple[int, list[Any], list[dict[str, Any]]]) -> None:
    """Rules 5 changed the board in the east (docs/civ-map.md). Records of 3 and 4 were
    played on the first edition, and replay on it, so their saves go on as the same games.
    Older ones are refused."""
    players = game[0]
    states, actions = random_game(players, 100 + players, board=civ.FIRST_EDITION)
    record = {**civ.new_record(players, 100 + players, options(players)), "actions": actions}
    assert civ.RULES_VERSION == 6
    for version in (3, 4):
        assert civ.replay({**record, "rules_version": version}).digest() == states[-1].digest()
    with pytest.raises(BadPosition, match="rules version 2"):
        civ.replay({**record, "rules_version": 2})


def test_notation_reads_back_every_action_played(
        game: tuple[int, list[Any], list[dict[str, Any]]]) -> None:
    _, _, actions = game
    for action in actions:
        assert civ.parse_action(civ.format_action(action)) == action
