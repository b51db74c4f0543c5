"""The civ table's chrome (phases, hand, seats' panels, A.S.T.) kept in sections (issue
22's frame budget): after each action only the sections that changed are painted again,
and the picture is the whole painting's pixels."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from support.apps import make_app

from game.civ.table import CivTable
from game.kit.kept_picture import SectionedPicture
from game.scenes.flow import start_new_game
from game.ui import skin


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (800, 480)])
def test_the_chrome_mended_after_each_action_is_the_chrome_painted_whole(
        data_dir: Any, size: tuple[int, int]) -> None:
    app = make_app(size, game="civ")
    try:
        table = start_new_game(app, ["computer"] * 5, seed=5,
                               options={"turn_limit": 8})
        assert isinstance(table, CivTable)
        painted: list[int] = []
        for _ in range(120):
            state = table.state
            app.run_frames(1)
            if table.state is state:
                continue
            kept = pygame.image.tobytes(table.chrome(size), "RGB")
            painted.append(len(table.kept_chrome.painted))
            whole = SectionedPicture().picture(skin.table(*size), table.chrome_sections())
            assert kept == pygame.image.tobytes(whole, "RGB"), table.kept_chrome.painted
        assert len(painted) > 30
        # blitted every frame: in the screen's format, with no alpha to blend
        assert not table.chrome(size).get_flags() & pygame.SRCALPHA
        assert sum(painted) < 0.6 * len(painted) * 5   # far from every section each time
    finally:
        for scene in list(app.stack.scenes):
            scene.exit()
        app.close()
