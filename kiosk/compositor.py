"""The cage command line, and rotating the screen in whichever way this cage allows.

cage changed how it rotates: up to 0.1.4 (Debian Bookworm's) it takes `-r`
once per 90° clockwise and has no output-management protocol; from 0.1.5 on
`-r` is gone and `wlr-randr --output NAME --transform 90` does it from inside
the session. So the version decides: old cages get `-r` flags, new ones run
`python -m kiosk inside`, which calls wlr-randr and then becomes the game.
Touch rotation is not done here: libinput takes a calibration matrix from
udev (install.sh writes that rule).
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Sequence

FIRST_WITHOUT_ROTATE_FLAG = (0, 1, 5)

Runner = Callable[[list[str]], subprocess.CompletedProcess[str]]


def run_quietly(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=10, check=False)


def cage_version(cage: str, run: Runner = run_quietly) -> tuple[int, ...] | None:
    """cage -v says "Cage version 0.1.4"; None when it cannot be asked."""
    try:
        done = run([cage, "-v"])
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"(\d+)\.(\d+)(?:\.(\d+))?", done.stdout + done.stderr)
    if not found:
        return None
    return tuple(int(part) for part in found.groups(default="0"))


def has_rotate_flag(version: tuple[int, ...] | None) -> bool:
    """An unknown version is taken as new: a stray `-r` would stop a new cage from starting."""
    return version is not None and version < FIRST_WITHOUT_ROTATE_FLAG


def cage_command(cage: str, version: tuple[int, ...] | None, rotate: int,
                 client: Sequence[str]) -> list[str]:
    """`-d` asks clients to drop their decorations; there is nothing else to frame."""
    args = [cage, "-d"]
    if has_rotate_flag(version):
        args += ["-r"] * (rotate // 90)
    return [*args, "--", *client]


def needs_randr(version: tuple[int, ...] | None, rotate: int) -> bool:
    return rotate != 0 and not has_rotate_flag(version)


def inside_command(python: str, rotate: int, output: str | None,
                   game: Sequence[str]) -> list[str]:
    """The wrapper cage starts when wlr-randr must rotate before the game opens its window."""
    args = [python, "-m", "kiosk", "inside", "--rotate", str(rotate)]
    if output:
        args += ["--output", output]
    return [*args, "--", *game]


def output_names(listing: str) -> list[str]:
    """Output names from `wlr-randr`: each output's block starts unindented with its name."""
    return [line.split()[0] for line in listing.splitlines() if line and not line[0].isspace()]


def rotate_outputs(rotate: int, output: str | None, run: Runner = run_quietly) -> list[str]:
    """Applies the rotation; returns what went wrong, one line each, for the journal."""
    try:
        if output:
            names = [output]
        else:
            listing = run(["wlr-randr"])
            if listing.returncode != 0:
                return [f"wlr-randr cannot list the outputs: {listing.stderr.strip()}"]
            names = output_names(listing.stdout)
        problems = []
        for name in names:
            done = run(["wlr-randr", "--output", name, "--transform", str(rotate)])
            if done.returncode != 0:
                problems.append(f"wlr-randr cannot rotate {name}: {done.stderr.strip()}")
        return problems
    except (OSError, subprocess.SubprocessError) as exc:
        return [f"wlr-randr cannot be run ({exc}); apt-get install wlr-randr"]
