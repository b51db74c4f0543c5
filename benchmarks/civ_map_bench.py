"""Civ map benchmark (issue 22): the cost of painting the whole Mediterranean board at the
1280×800 fit and at 4× that zoom (a paint happens once per scale: the result is cached),
of placing its labels, and of hit-testing a point (issue 22 wants an area's facts on
hover within 100 ms; the hit-test is the part of that the map owns).

Paints are wall-clock, best and median of a few fresh paints (cache emptied each time);
hit-tests are per call over random points of the board, CPU time.

    python benchmarks/civ_map_bench.py [--paints 5] [--points 20000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.civ import map_art
from game.civ.geometry import board_shape


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paints", type=int, default=5, help="fresh paints per scale")
    parser.add_argument("--points", type=int, default=20000, help="hit-tests to time")
    args = parser.parse_args(argv)
    pygame.init()
    started = time.perf_counter()
    shape = board_shape()
    print(f"board shapes read: {(time.perf_counter() - started) * 1000:.0f} ms "
          f"({len(shape.shapes)} areas)")
    fit = shape.fit_scale(1280, 800)
    for name, scale in (("1280x800 fit", fit), ("4x zoom", fit * 4)):
        paints, placings = [], []
        for _ in range(args.paints):
            map_art.clear_cache()
            t = time.perf_counter()
            map_art.labels(scale)
            placings.append(time.perf_counter() - t)
            map_art.clear_cache()
            t = time.perf_counter()
            surface = map_art.paint_map(scale)
            paints.append(time.perf_counter() - t)
        t = time.perf_counter()
        map_art.paint_map(scale)
        cached = time.perf_counter() - t
        w, h = surface.get_size()
        print(f"{name:>13}: {w}x{h} px, paint best {min(paints) * 1000:.0f} ms, median "
              f"{statistics.median(paints) * 1000:.0f} ms (labels alone: median "
              f"{statistics.median(placings) * 1000:.0f} ms, {len(map_art.labels(scale))} "
              f"placed); cached {cached * 1e6:.0f} µs")
    rng = random.Random(22)
    x0, y0, x1, y1 = shape.bounds
    points = [(rng.uniform(x0, x1), rng.uniform(y0, y1)) for _ in range(args.points)]
    t = time.process_time()
    hits = sum(shape.area_at(x, y) is not None for x, y in points)
    per = (time.process_time() - t) / len(points)
    worst = 0.0
    for x, y in points[:2000]:
        t = time.perf_counter()
        shape.area_at(x, y)
        worst = max(worst, time.perf_counter() - t)
    print(f"     hit-test: {per * 1e6:.1f} µs a point ({hits} of {len(points)} on an area), "
          f"slowest of 2000: {worst * 1e6:.0f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
