"""The examples of docs/civ-engine-api.md run as written (doctest)."""

from __future__ import annotations

import doctest
import pathlib
import re

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "civ-engine-api.md"


def test_the_small_map_example_of_the_board_argument_runs_as_written() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert blocks, "docs/civ-engine-api.md has no pycon example"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"civ-engine-api.md example {i + 1}", str(DOC), 0)
        assert test.examples
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_decisions_answered_in_steps_are_those_the_engine_looks_ahead_in() -> None:
    """A1.2: the doc's list of stepped decisions is the engine's (`Decision.stepped`), and
    the decisions asked for a hidden hand (`Decision.by_hand`) are never stepped."""
    from engine.civ.flow import DECISIONS

    text = DOC.read_text(encoding="utf-8")
    start = text.index("Some decisions are answered one step at a time:")
    listed = set(re.findall(r"`([a-z_0-9]+)`", text[start:text.index("Such a decision", start)]))
    assert listed == {kind for kind, d in DECISIONS.items() if d.stepped is not None}
    assert not any(d.by_hand and d.stepped is not None for d in DECISIONS.values())
