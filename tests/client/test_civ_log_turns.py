"""The civ log numbers its turns as the table's turn line does (A7.1): the choice of
nations is turn 0, and a turn's header comes at its start phase. The log counted the
choice of nations as "Turn 1", so every header was one ahead of the table."""

from __future__ import annotations

from typing import Any

from support.apps import make_app
from support.civ_tables import civ_table_at

import ai
import engine.civ as civ
from game.i18n import t
from game.kit.log import LogLine, log_rows

SEATS = 3


def test_A7_1_each_log_header_says_the_turn_the_table_says(data_dir: Any) -> None:
    app = make_app((1280, 800), game="civ")
    try:
        table = civ_table_at(app, civ.new_game(SEATS, 1, {}).to_dict(), people={0, 1, 2})
        bots = [ai.make_bot("civ", "random", seat) for seat in range(SEATS)]
        names = [table.seat_name(seat) for seat in range(SEATS)]
        seen: set[int] = set()
        while table.public()["turn"] < 3:
            seat = table.state.to_move
            assert seat is not None
            table.act(bots[seat].choose(table.state.view(seat), 0.0))
            app.run_frames(1)
            turn = table.public()["turn"]
            headers = [row.words for row in log_rows(table.told, names) if row.header]
            assert headers[-1] == t("log.turn_number", turn=turn), (turn, headers)
            assert headers == [t("log.turn_number", turn=n) for n in range(turn + 1)]
            seen.add(turn)
        assert seen == {0, 1, 2, 3}
    finally:
        for scene in list(app.stack.scenes):
            scene.exit()
        app.close()


def test_a_game_that_numbers_its_turns_heads_its_setup_with_the_turn_before() -> None:
    """The kit's log: lines before the first turn's start that tell their turn are
    nobody's turn; a game that does not number its turns keeps its count from 1 (T&E)."""
    log: list[str] = [LogLine("picked", seat=0, topic="pick", turn=0),
                      LogLine("Turn 1", topic="turn", turn=1), LogLine("moved", seat=1),
                      LogLine("Turn 2", topic="turn", turn=2), LogLine("moved", seat=0)]
    names = ["North", "South"]
    assert [row.words for row in log_rows(log, names) if row.header] == [
        t("log.turn_number", turn=n) for n in (0, 1, 2)]
    counted: list[str] = [LogLine(line, seat=getattr(line, "seat", None),
                                  topic=getattr(line, "topic", "")) for line in log]
    assert [row.words for row in log_rows(counted, names) if row.header] == [
        t("log.turn_header", turn=1, player="North"), t("log.turn_number", turn=2),
        t("log.turn_number", turn=3)]
