"""The desk table's seats' rows (`game.civ.seat_rows`) read alike: every nation's name in
one readable size, whatever its length and whatever counts its row shows beside it, with
eight nations in short rows and with five in the kit's taller panels (A1.5)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from support.apps import make_app
from support.civ_decision_positions import load
from support.civ_tables import civ_table_at

from game.civ import seat_rows
from game.ui import text


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)], ids=["800x480", "1280x800"])
@pytest.mark.parametrize("kind", ["growth", "faction"])
def test_A1_5_every_seats_name_is_set_in_one_readable_size(
        data_dir: Any, size: tuple[int, int], kind: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Stored positions (tests/support/civ_decision_positions.py): turn 10 of eight nations
    (growth), whose rows' counts differ in width (stocks, treasuries, cities, scores), which
    left each name its own room; and five nations (a Civil War), whose taller panels are
    the kit's, where "Asia" was set at 9 px beside "Egypt" at 13."""
    position = load()[kind]
    app = make_app(size, game="civ")
    try:
        table = civ_table_at(app, position)
        names = [seat_rows.short_name(table.seat_name(s)) for s in range(len(position["seats"]))]
        sizes: dict[str, int] = {}   # the last size each name was drawn in: the one shown
        blit = text.blit

        def noting(surface: pygame.Surface, line: str, role: str, px: int, colour: Any,
                   pos: Any, anchor: str = "topleft") -> Any:
            if line in names:
                sizes[line] = px
                assert text.size(line, role, px)[0] <= surface.get_clip().w, f"{line} is cut"
            return blit(surface, line, role, px, colour, pos, anchor)

        table.kept_chrome.forget()   # the panels are painted again on the next frame
        table._chrome = None
        monkeypatch.setattr(text, "blit", noting)
        app.run_frames(1)
        monkeypatch.setattr(text, "blit", blit)
        assert set(sizes) == set(names), sizes
        assert len(set(sizes.values())) == 1, sizes
        assert min(sizes.values()) >= seat_rows.LEAST_NAME, sizes
    finally:
        for scene in list(app.stack.scenes):
            scene.exit()
        app.close()
