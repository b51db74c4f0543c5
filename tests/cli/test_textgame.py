"""The terminal game (`ziggurat play --text`)."""

from __future__ import annotations

from ziggurat_cli.textgame import play_text_game


def test_text_game_answers_moves_and_refuses_illegal_ones() -> None:
    said: list[str] = []
    answers = iter(["help", "tile blue A1", "pass", "quit"])
    assert play_text_game(2, 3, read=lambda _: next(answers), write=said.append) == 0
    assert any("tile red" in s for s in said), "help lists legal actions"
    assert any("not possible" in s and "land" in s for s in said)
    assert any("You are archer" in s for s in said)


def test_text_game_plays_to_the_end_by_passing() -> None:
    said: list[str] = []
    assert play_text_game(2, 5, read=lambda _: "pass", write=said.append) == 0
    assert any(s.startswith("1. ") for s in said), "the ranking is printed at the end"
