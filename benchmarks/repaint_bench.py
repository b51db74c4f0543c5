"""Board repaint benchmark: how long the table takes to paint the board and its pieces
into its cached layer when the position changes, at 1280×800, 1920×1080 and 800×480.

The layer is painted once per position (and when an animation masks a piece), never per
frame, so this is the cost of the frame on which a move lands. Times are CPU time per
repaint, the best and the median of 7 batches, with the kingdom tints on and off, on a
mid-game position with several kingdoms. --profile prints where a 1280×800 repaint with
the tints spends its time.

    python benchmarks/repaint_bench.py [--repaints 60] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

SIZES = ((1280, 800), (1920, 1080), (800, 480))
BATCHES = 7


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repaints", type=int, default=60, help="repaints per batch")
    parser.add_argument("--profile", action="store_true",
                        help="profile the 1280×800 repaint with the kingdom tints")
    args = parser.parse_args(argv)
    os.environ.setdefault("TIGRIS_DATA_DIR", tempfile.mkdtemp(prefix="tigris-bench-"))
    from support.tigris_records import midgame

    from game.app import App
    from game.scenes.flow import start_from_position
    from game.settings import Settings

    position = midgame()
    for size in SIZES:
        app = App(size=size, fullscreen=False, settings=Settings(sound=False),
                  animation_speed="off", persist_settings=False, sync_computers=True)
        table = start_from_position(app, position, ["human", "computer", "computer"])
        app.frame(1 / 60)
        painter, view = table.painter, table.view
        for tints in (False, True):
            version = 0
            batches = []
            for _ in range(BATCHES):
                start = time.process_time()
                for _ in range(args.repaints):
                    version += 1
                    painter.layer(view, version, frozenset(), tints, True)
                batches.append((time.process_time() - start) / args.repaints * 1000)
            batches.sort()
            print(f"{size[0]}x{size[1]} (cell {table.layout.cell} px), kingdom tints "
                  f"{'on ' if tints else 'off'}: best {batches[0]:.2f} ms, "
                  f"median {batches[BATCHES // 2]:.2f} ms a repaint")
        if args.profile and size == SIZES[0]:
            profile = cProfile.Profile()
            profile.enable()
            for n in range(args.repaints):
                painter.layer(view, -1 - n, frozenset(), True, True)
            profile.disable()
            pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(12)
        app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
