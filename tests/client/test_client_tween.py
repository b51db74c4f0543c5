"""Easing and tweens: time-based, frame-rate independent."""

from __future__ import annotations

import pytest

from game import tween


@pytest.mark.parametrize("ease", [tween.linear, tween.ease_out_cubic, tween.ease_in_out_cubic,
                                  tween.ease_out_back, tween.ease_in_quad, tween.ease_out_sine])
def test_easings_start_at_0_and_end_at_1(ease):
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_depends_on_time_not_frames():
    a = tween.Tween(1.0, delay=0.5)
    b = tween.Tween(1.0, delay=0.5)
    for _ in range(60):
        a.advance(1 / 60)
    b.advance(1.0)
    assert a.value == pytest.approx(b.value)
    assert not a.done
    a.advance(0.6)
    assert a.done and a.value == pytest.approx(1.0)


def test_speed_off_means_no_duration():
    assert tween.scaled(0.4, "off") == 0.0
    assert tween.scaled(0.4, "slow") > tween.scaled(0.4, "normal") > tween.scaled(0.4, "fast")


def test_arc_point_ends_where_it_should():
    assert tween.arc_point((0, 0), (10, 0), 0.0, 5) == (0, 0)
    assert tween.arc_point((0, 0), (10, 0), 1.0, 5) == (10, 0)
    assert tween.arc_point((0, 0), (10, 0), 0.5, 5)[1] < 0
