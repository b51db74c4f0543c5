"""The kit's log panel (game.kit.log, game.kit.log_painter), read as a second game uses
it: Tiny's narrator tells its events as the kit's lines, and its table shows them under
a header per turn, filters them, scrolls them by the wheel and, when a line is tapped,
lights what it is about (the pile) for a moment. Nothing here is T&E's."""

from __future__ import annotations

import pygame
from support.apps import make_app
from support.tinyclient import PILE, TinyTable

from game.app import App
from game.i18n import t
from game.kit.log import ALL, MINE, LogLine, LogPanel, log_rows, taken_back
from game.scenes.flow import start_new_game
from game.scenes.handover import HandoverScene
from game.tigris.driver import Driver


def tiny_table(seats: list[str]) -> tuple[App, Driver, TinyTable]:
    app = make_app(size=(1280, 800), game="tiny")
    table = start_new_game(app, seats, seed=2)
    assert isinstance(table, TinyTable)
    driver = Driver(app)
    driver.frames(1)
    return app, driver, table


def play_some(driver: Driver, table: TinyTable, actions: int) -> None:
    """Plays the first legal action for whoever is to move (both seats are at the screen),
    confirming the hand-over screen between them as the next player would."""
    for _ in range(actions):
        table.act(table.state.legal_actions()[0])
        driver.frames(1)
        handover = table.app.stack.top
        if isinstance(handover, HandoverScene):
            driver.press_button(handover, "confirm")
    driver.frames(1)


def line(words: str, topic: str = "move", seat: int | None = None, seats: tuple[int, ...] = (),
         places: tuple[str, ...] = (), ply: int | None = None) -> LogLine:
    return LogLine(words, topic=topic, seat=seat, seats=seats, places=places, ply=ply)


def test_rows_open_each_turn_with_a_header_and_a_filter_keeps_only_its_lines() -> None:
    names = ["North", "South"]
    log: list[str] = [line("", "turn", seat=0), line("north moved", seat=0, seats=(0,)),
                      "a notice from the network",
                      line("", "turn", seat=1), line("south moved", seat=1, seats=(1,))]
    rows = log_rows(log, names)
    assert [(r.words, r.header) for r in rows] == [
        (t("log.turn_header", turn=1, player="North"), True), ("north moved", False),
        ("a notice from the network", False),
        (t("log.turn_header", turn=2, player="South"), True), ("south moved", False)]
    mine = log_rows(log, names, MINE, viewer=1)
    assert [r.words for r in mine] == [t("log.turn_header", turn=2, player="South"),
                                       "south moved"], "a turn with nothing shown has no header"
    assert log_rows(log, names, ALL, last=2) == rows[-2:]


def test_lines_of_actions_taken_back_leave_the_log() -> None:
    log: list[str] = [line("first", ply=1), "plain", line("second", ply=2), line("known")]
    assert taken_back(log, 1) == [log[0], "plain", log[3]]


def test_a_pointed_line_is_forgotten_after_its_moment_and_the_table_is_told() -> None:
    told: list[str] = []
    panel = LogPanel((ALL, MINE), lambda: told.append("changed"), pointed_seconds=1.0)
    panel.point_at(line("played", places=("here",)))
    assert panel.places == {"here"} and told == ["changed"]
    panel.update(0.6)
    assert panel.places == {"here"}
    panel.update(0.6)
    assert panel.pointed is None and panel.places == set() and told == ["changed", "changed"]
    assert panel.offered(None) == ("all",) and panel.offered(0) == ("all", "mine")


def test_tinys_log_shows_turn_headers_and_a_tapped_card_line_lights_the_pile(
        data_dir, tiny) -> None:
    app, driver, table = tiny_table(["human", "human"])
    try:
        play_some(driver, table, 4)
        names = [t("tiny.seat", seat=1), t("tiny.seat", seat=2)]
        headers = [r.words for r in table.log_panel.rows(table.log, names, None, 100)
                   if r.header]
        first, turn_two = table.log[0], next(ln for ln in table.log if isinstance(ln, LogLine)
                                             and ln.topic == "turn")
        assert isinstance(first, LogLine) and first.topic != "turn"
        assert headers[:2] == [
            t("log.turn_header", turn=1, player=names[first.seat or 0]),
            t("log.turn_header", turn=2, player=names[turn_two.seat or 0])], \
            "the lines before the first turn line are turn 1's, by the seat of the first"
        area, card = next((a, ln) for a, ln in reversed(table.log_hits.lines)
                          if isinstance(ln, LogLine) and ln.places)
        assert card.places == (PILE,)
        driver.tap(area.center)
        assert table.log_panel.pointed is card and table.log_panel.places == {PILE}
        driver.frames(int(1.7 / driver.dt))
        assert table.log_panel.pointed is None, "the pile is lit for a moment only"
    finally:
        app.close()


def test_a_tap_on_tinys_mine_tab_keeps_the_lines_of_the_seat_at_the_screen(
        data_dir, tiny) -> None:
    app, driver, table = tiny_table(["human", "human"])
    try:
        play_some(driver, table, 6)
        assert set(table.log_hits.filters) == {"all", "mine"}
        viewer = table.state.to_move
        driver.tap(table.log_hits.filters["mine"].center)
        driver.frames(1)
        assert table.log_panel.chosen == "mine"
        shown = [ln for _, ln in table.log_hits.lines]
        assert shown and all(isinstance(ln, LogLine) and viewer in ln.seats for ln in shown)
    finally:
        app.close()


def test_the_wheel_over_tinys_log_scrolls_it_and_elsewhere_does_not(data_dir, tiny) -> None:
    app, driver, table = tiny_table(["human", "human"])
    try:
        play_some(driver, table, 30)
        newest = table.log_hits.lines[-1][1]
        for pos, scrolled in (((5, 5), 0), (table.log_area().center, 2)):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
            driver.frames(2)
            assert table.log_panel.scroll == scrolled
        assert all(ln is not newest for _, ln in table.log_hits.lines)
    finally:
        app.close()


def test_a_header_never_covers_the_descenders_of_the_line_above() -> None:
    """Issue 21, bug 7: "J1" read "|1" because the next turn's header box was painted over
    the bottom of the line above; each row is as tall as the font's lines."""
    from game.kit.log import LogRow
    from game.kit.log_painter import draw_rows

    pygame.init()
    body = pygame.Rect(0, 0, 300, 200)
    line = LogRow("Jgjpqy J1", header=False, line="1")
    alone = pygame.Surface(body.size)
    alone.fill((255, 255, 255))
    draw_rows(alone, body, [line], 0, 16, lambda row, size: None)
    both = pygame.Surface(body.size)
    both.fill((255, 255, 255))
    draw_rows(both, body, [line, LogRow("Turn 2", header=True)], 0, 16, lambda row, size: None)

    def far(one: pygame.Color, two: pygame.Color | tuple[int, int, int], by: int = 60) -> bool:
        return max(abs(a - b) for a, b in zip(one[:3], two[:3], strict=True)) > by

    # the glyphs' solid ink: their soft edges take the colour of whatever lies beneath
    ink = [(x, y) for x in range(body.w) for y in range(body.h)
           if far(alone.get_at((x, y)), (255, 255, 255), 160)]
    assert ink
    covered = [p for p in ink if far(both.get_at(p), alone.get_at(p))]
    assert not covered, f"{len(covered)} pixels of the line under the header"


def test_a_log_that_began_mid_game_says_whose_turn_not_a_count_from_one() -> None:
    names = ["North", "South"]
    log: list[str] = [line("south moved", seat=1, seats=(1,)), line("", "turn", seat=0),
                      line("north moved", seat=0, seats=(0,)),
                      LogLine("", topic="turn", seat=1, turn=7), line("south moved", seat=1)]
    rows = log_rows(log, names, numbered=False)
    assert [r.words for r in rows if r.header] == [
        t("log.turn_of", player="South"), t("log.turn_of", player="North"),
        t("log.turn_header", turn=7, player="South")], "a turn the game numbers keeps it"
    assert [r.words for r in log_rows(log, names) if r.header] == [
        t("log.turn_header", turn=1, player="South"),
        t("log.turn_header", turn=2, player="North"),
        t("log.turn_header", turn=7, player="South")]
    nobodys = log_rows(["a notice from the network", *log[1:]], names, numbered=False)
    assert nobodys[0].words == t("log.turn_unnumbered")
