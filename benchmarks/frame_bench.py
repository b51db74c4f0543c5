"""Frame-time benchmark of the table with animations running, on the software renderer.

Runs a computer-only game at 1280×800 and 1920×1080 at the desk, and at
1920×1080 on the kiosk's tabletop (four seats round the board, every strip
drawn each frame), on SDL's dummy video driver (pure software, like a Pi
without GPU acceleration), with animations at normal speed and frames paced
at 60 per second as in the real loop (the computer players think in their
worker thread meanwhile), and prints the first-frame time and the p50/p99
frame times.
Targets: p99 ≤ 4 ms at 1280×800, ≤ 8 ms at 1920×1080 (desk and tabletop),
first frame ≤ 1 s.

    python benchmarks/frame_bench.py [--frames 900]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# (width, height, tabletop): p99 target in ms
TARGETS = {(1280, 800, False): 4.0, (1920, 1080, False): 8.0, (1920, 1080, True): 8.0}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def bench(size: tuple[int, int], frames: int, tabletop: bool = False) -> dict[str, float]:
    from game.app import App
    from game.scenes.flow import start_new_game
    from game.settings import Settings

    start = time.perf_counter()
    app = App(size=size, fullscreen=False, settings=Settings(sound=False),
              animation_speed="normal", persist_settings=False, sync_computers=False,
              tabletop=tabletop)
    start_new_game(app, ["computer"] * 4, seed=12, options={"buildings": True})
    app.frame(1 / 60)
    first = time.perf_counter() - start
    times: list[float] = []
    animated = 0
    table = app.stack.scenes[0]
    for _ in range(frames):
        t0 = time.perf_counter()
        app.frame(1 / 60)
        spent = time.perf_counter() - t0
        times.append(spent * 1000.0)
        time.sleep(max(0.0, 1 / 60 - spent))
        animated += bool(getattr(table, "animator", None) and table.animator.active)
        if not app.running or type(app.stack.top).__name__ == "ScoringScene":
            break
    app.close()
    return {
        "first_frame_s": first,
        "p50_ms": statistics.median(times),
        "p99_ms": percentile(times, 99),
        "max_ms": max(times),
        "frames": len(times),
        "animated_share": animated / max(1, len(times)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=900)
    args = parser.parse_args(argv)
    os.environ.setdefault("TIGRIS_DATA_DIR", tempfile.mkdtemp(prefix="tigris-bench-"))
    failed = False
    for (width, height, tabletop), target in TARGETS.items():
        r = bench((width, height), args.frames, tabletop)
        ok = r["p99_ms"] <= target and r["first_frame_s"] <= 1.0
        failed |= not ok
        where = f"{width}x{height}{' tabletop' if tabletop else ''}"
        print(f"{where}: first frame {r['first_frame_s'] * 1000:.0f} ms, "
              f"p50 {r['p50_ms']:.2f} ms, p99 {r['p99_ms']:.2f} ms (target {target:.0f}), "
              f"max {r['max_ms']:.1f} ms, {r['frames']} frames, "
              f"{r['animated_share']:.0%} animated  {'ok' if ok else 'OVER TARGET'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
