"""One time scale for the whole suite, so no test depends on the machine's speed.

Tests wait for things that take longer on a slow machine (a Raspberry Pi,
an emulated one, two cores shared by many runs): a deadline for a game to end,
a heartbeat that must not expire while a peer is merely busy. Every such
window is written for this machine and multiplied by one factor,
`TIGRIS_TEST_TIME_SCALE` (default 1; a Pi under emulation wants about 5).
Windows that a test awaits on purpose are derived from the configuration
they test (so many heartbeats), and scale with it.
"""

from __future__ import annotations

import math
import os

ENV_TIME_SCALE = "TIGRIS_TEST_TIME_SCALE"


def time_scale() -> float:
    """The factor from the environment; ValueError saying what is wrong with it."""
    text = os.environ.get(ENV_TIME_SCALE, "").strip()
    if not text:
        return 1.0
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0.1 <= value <= 100:
        raise ValueError(f"{ENV_TIME_SCALE}={text!r}: must be a number from 0.1 to 100 "
                         f"(1 on a fast machine, about 5 on a Pi under emulation)")
    return value


def scaled(seconds: float) -> float:
    """A time window of this machine, stretched for a slower one."""
    return seconds * time_scale()
