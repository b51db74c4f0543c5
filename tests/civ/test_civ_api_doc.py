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
