"""The screenshots of civ's decision screens: docs/screenshots/civ-purchase.png (A32),
civ-trade.png (A17) and civ-calamity.png (A21 Famine's loss, A7.6), at seeded positions
(`tests/support/civ_positions.py`, the tests' own).

    python assets/tools/civ_decision_shots.py [WxH] [FOLDER]   (default 1280x800 docs/screenshots)

Draws headless (SDL's dummy video driver) unless DISPLAY is set and SDL_VIDEODRIVER is
not: then it opens the window (under Xvfb, say) and grabs the screen with ImageMagick's
`import`, so the pixels are those a person sees.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WINDOWED = bool(os.environ.get("DISPLAY")) and "SDL_VIDEODRIVER" not in os.environ
if not WINDOWED:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["TIGRIS_DATA_DIR"] = tempfile.mkdtemp()
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pygame  # noqa: E402
from support.apps import make_app  # noqa: E402
from support.civ_positions import (  # noqa: E402
    calamity_position,
    played,
    purchase_position,
    trade_position,
)

from game.civ.deal import DealScreen  # noqa: E402
from game.civ.purchase_screen import PurchaseScreen  # noqa: E402
from game.scenes.flow import start_new_game  # noqa: E402


def main() -> None:
    w, h = (int(x) for x in (sys.argv[1] if len(sys.argv) > 1 else "1280x800").split("x"))
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "docs" / "screenshots"
    app = make_app((w, h), game="civ")

    def grab(name: str) -> None:
        app.run_frames(3)
        path = out / f"{name}.png"
        if WINDOWED:
            subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+0+0", str(path)],
                           check=True)
            return
        surface = pygame.Surface((w, h))
        for scene in app.stack.visible():
            scene.draw(surface)
        pygame.image.save(surface, str(path))

    table = start_new_game(app, ["human", "computer"], seed=1, options={"turn_limit": 12})
    app.run_frames(1)
    base = played(2, 1, 4)
    state = purchase_position(base)
    table.session.state = state
    table.flow.set_viewer(state.pending["seat"])
    screen = PurchaseScreen(app, table.view(), table.act)
    app.push(screen)
    for card in ("pottery", "music", "democracy"):
        screen.pressed(f"card:{card}")
    screen.relayout()
    grab("civ-purchase")
    app.pop(screen)
    state = trade_position(played(2, 3, 3))
    table.session.state = state
    table.flow.set_viewer(state.pending["seat"])
    deal = DealScreen(app, table.view(), table.act)
    app.push(deal)
    deal.pressed("want:gold")
    deal.relayout()
    grab("civ-trade")
    app.pop(deal)
    table.session.state = calamity_position(base, 0)
    table.flow.set_viewer(0)
    table.hover = None
    grab("civ-calamity")
    app.close()


if __name__ == "__main__":
    main()
