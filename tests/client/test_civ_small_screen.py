"""The civ table of eight nations on the smallest screen (800×480, issue 22: readable
from 800×480): seen under Xvfb, a seat's medal asked its nation's token at 4 px, below
the least a token is drawn at, and the table raised instead of drawing."""

from __future__ import annotations

from typing import Any

import pygame
from support.apps import make_app

from game.civ.table import CivTable
from game.scenes.flow import start_new_game


def test_eight_nations_draw_at_800x480(data_dir: Any) -> None:
    app = make_app((800, 480), game="civ")
    try:
        table = start_new_game(app, ["computer"] * 8, seed=3, options={"turn_limit": 2})
        assert isinstance(table, CivTable)
        for _ in range(400):
            if all(s["nation"] for s in table.public()["seats"]):
                break
            app.run_frames(1)
        assert all(s["nation"] for s in table.public()["seats"])
        surface = pygame.Surface(app.size)
        table.draw(surface)
    finally:
        for scene in list(app.stack.scenes):
            scene.exit()
        app.close()
