"""The desk table's seat panels show every count they have room for (A1.5): a count is
left to the details card only where the names beside it would otherwise be set below the
readable size. Three nations at 1280×800 had lost their stock and score beside names
set at 16 px."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pygame
import pytest
from support.apps import make_app
from support.civ_tables import civ_table_at

import ai
import engine.civ as civ
from game.civ import seat_rows
from game.kit import seat_panel
from game.kit.seat_panel import SeatPanel
from game.ui import text

SIZES = [(800, 480), (1280, 800), (1920, 1080)]


@cache
def position(nations: int) -> dict[str, Any]:
    """Turn 3 of a game of computer players: stocks, treasuries, cities and ships differ."""
    bots = [ai.make_bot("civ", "random", seat) for seat in range(nations)]
    state = civ.new_game(nations, 1, {})
    while state.to_dict()["turn"] < 3:
        seat = state.to_move
        state = state.apply(bots[seat].choose(state.view(seat), 0.0))
    return state.to_dict()


def shown_counts(app: Any, table: Any, monkeypatch: pytest.MonkeyPatch) -> list[list[Any]]:
    """The counts each panel shows on the next frame (the last drawn in its row: the
    panels are drawn once to learn their names' room)."""
    drawn: dict[int, list[Any]] = {}

    def noting(draw: Any) -> Any:
        def counts(surface: pygame.Surface, area: pygame.Rect, counts: Any, *args: Any,
                   **kwargs: Any) -> Any:
            row = next(i for i, r in enumerate(table.panels.rects) if r.colliderect(area))
            drawn[row] = list(counts)
            return draw(surface, area, counts, *args, **kwargs)
        return counts

    table.kept_chrome.forget()
    table._chrome = None
    monkeypatch.setattr(seat_panel, "draw_counts", noting(seat_panel.draw_counts))
    monkeypatch.setattr(seat_rows, "draw_counts", noting(seat_rows.draw_counts))
    app.run_frames(1)
    monkeypatch.undo()
    return [drawn[row] for row in range(len(table.panels.rects))]


def left_out(seat: SeatPanel, shown: list[Any]) -> list[int]:
    """The positions of `seat`'s counts its panel left out."""
    return [i for i, count in enumerate(seat.counts) if not any(count is c for c in shown)]


def names_readable_with(panels: seat_rows.RowPanels, seats: list[SeatPanel]) -> bool:
    """Whether every name would stay readable beside `seats`' counts set at the smallest
    readable size, as the panels lay them out."""
    least = seat_rows.LEAST_NAME
    scratch = pygame.Surface((4000, 4000))
    for seat, rect in zip(seats, panels.rects, strict=True):
        if rect.h >= seat_rows.TALL_ROW:
            room = seat_panel.draw_panel(scratch, rect, seat, counts_px=least)
            if seat_panel.name_px(room, seat.name, seat.status, seat.computer) < least:
                return False
        else:
            room = seat_rows.name_room(rect, seat, seat.counts, least)
            if text.size(seat_rows.short_name(seat.name), "bold", least)[0] > room.w:
                return False
    return True


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("nations", range(2, 9))
def test_A1_5_a_seats_panel_shows_every_count_its_names_leave_room_for(
        data_dir: Any, size: tuple[int, int], nations: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every row leaves out the same counts, none where the column is wide; and giving
    back the first of those left out (the stock before the score before the ships) would
    leave some name no room at the readable size."""
    app = make_app(size, game="civ")
    try:
        table = civ_table_at(app, position(nations))
        shown = shown_counts(app, table, monkeypatch)
        seats = table.panels.seats
        out = [left_out(seat, counts) for seat, counts in zip(seats, shown, strict=True)]
        assert all(len(counts) + len(gone) == len(seat.counts)
                   for seat, counts, gone in zip(seats, shown, out, strict=True))
        assert all(gone == out[0] for gone in out), out
        if size != (800, 480):
            assert out[0] == [], "a wide column has room for every count"
        if out[0]:
            back = min(out[0])
            one_more = [replace(seat, counts=[c for i, c in enumerate(seat.counts)
                                              if i not in out[0] or i == back])
                        for seat in seats]
            assert not names_readable_with(table.panels, one_more), \
                f"counts {out[0]} left out although the names had room for one more"
    finally:
        for scene in list(app.stack.scenes):
            scene.exit()
        app.close()
