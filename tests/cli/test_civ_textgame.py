"""Advanced Civilization in the terminal (`ziggurat play civ --text`)."""

from __future__ import annotations

import io

import pytest

import engine.civ as civ
from ai.civ.random_player import CivRandomBot, partners
from engine.civ.flow import DECISIONS
from engine.civ.trade import tradable
from ziggurat_cli.civ_textgame import play_from, public_text, question
from ziggurat_cli.main import main


def test_A35_1_a_whole_short_game_played_from_typed_answers(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    typed = ["board", "nonsense", "tax 2", *["1"] * 2000]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    assert main(["play", "civ", "--text", "--turns", "2", "--players", "3",
                 "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "A6.3: choose your nation" in out and "1) nation" in out
    assert "You are seat 0 (no nation yet)" in out and "You are seat 0 (italy)" in out
    assert "cannot read that" in out  # nonsense
    assert "not possible: A6.3" in out  # tax 2, while a nation is asked for
    assert "-- turn 2: A.S.T. alteration (A34)" in out and "A.S.T. space" in out
    assert "turn 2: you stay" in out  # A36.1: the client answers for the player
    assert "stay or leave" not in out
    assert "seat 1: " in out and "you: " in out
    assert out.splitlines()[-1][0].isdigit(), "the ranking ends the game (A35.3)"
    assert "game over (A35); scores: " in out and " points = cards " in out.splitlines()[-1]


def test_play_civ_needs_text_and_a_turn_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "civ"]) == 2
    assert main(["play", "civ", "--text", "--turns", "0"]) == 2
    assert main(["play", "tigris", "--text", "--players", "6"]) == 2
    out = capsys.readouterr().out
    assert "no table yet" in out and "--turns must be at least 1" in out


def trade_open_for_someone() -> civ.State:
    """A seeded game of random players run until a seat may open a negotiation (A17.5)."""
    state = civ.new_game(4, 1, {"turn_limit": 20})
    bots = [CivRandomBot(seat) for seat in range(4)]
    while True:
        seat = state.to_move
        assert seat is not None, "the seeded game reaches a trade"
        if state.pending is not None and state.pending["kind"] == "trade_open" \
                and partners(state.view(seat)):
            return state
        state = state.apply(bots[seat].choose(state.view(seat), 0.0))


def test_A17_3_a_proposal_typed_in_the_notation_is_made_and_answered() -> None:
    state = trade_open_for_someone()
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    to = partners(view)[0]
    own = [c for c in view["seats"][seat]["hand"] if tradable(c)]
    text = f"propose {to} give {' '.join(own[:3])} named {' '.join(own[:2])} want 3 ochre ochre"
    said: list[str] = []
    answers = iter([text, "quit"])
    assert play_from(state, seat, 1, read=lambda _: next(answers), write=said.append) == 0
    assert any(s.startswith("A17.5: trade round") for s in said)
    assert f"you: {text}" in said
    assert not any(s.startswith(("not possible", "cannot read")) for s in said)
    answer = next(s for s in said if s.startswith(f"seat {to}: "))
    assert answer.split(": ")[1].split()[0] in ("accept,", "counter", "reject", "done")


def test_A17_3_others_proposals_are_logged_without_their_unnamed_cards() -> None:
    action = {"type": "propose", "to": 1, "give": ["ochre", "salt", "wine"],
              "named": ["ochre", "salt"], "want": 3, "want_named": ["gold", "gold"]}
    assert public_text(action) == "propose to seat 1: 3 cards naming ochre salt for 3 " \
        "naming gold gold"
    assert "wine" not in public_text(action)
    assert public_text({"type": "accept", "give": ["iron", "gold", "gold"]}) == \
        "accept, handing over 3 cards"


def test_every_decision_kind_is_asked_in_words() -> None:
    for kind in DECISIONS:
        pending = {"kind": kind, "seat": 0, "ship": 2, "area": 12, "round": 1,
                   "most": 2, "calamity": "famine", "target": 10, "taken": 0, "left": 3,
                   "effect": "reduce", "count": 1,
                   "proposal": {"from": 1, "to": 0, "give_count": 3, "named": ["oil", "oil"],
                                "want": 3, "want_named": ["salt", "salt"]}}
        text = question(pending)
        assert not text.startswith(kind), f"{kind} has no question in words"
