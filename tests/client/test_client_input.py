"""The input module: mouse, touch and keys become the same intents."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.input import LONG_PRESS_SECONDS, InputMapper


def mouse(kind, pos, button=1, touch=False):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=touch)
    return pygame.event.Event(kind, pos=pos, button=button, touch=touch)


def finger(kind, x, y, fid=1):
    return pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=fid, touch_id=1,
                              pressure=1.0)


def kinds(intents):
    return [i.kind for i in intents]


def test_click_is_a_tap():
    m = InputMapper((800, 480))
    assert kinds(m.feed(mouse(pygame.MOUSEBUTTONDOWN, (10, 10)), 0.0)) == ["press"]
    up = m.feed(mouse(pygame.MOUSEBUTTONUP, (12, 11)), 0.1)
    assert kinds(up) == ["tap"] and up[0].pos == (12, 11)


def test_drag_and_drop():
    m = InputMapper((800, 480))
    m.feed(mouse(pygame.MOUSEBUTTONDOWN, (10, 10)), 0.0)
    assert kinds(m.feed(mouse(pygame.MOUSEMOTION, (60, 10)), 0.1)) == ["drag_start", "drag"]
    drop = m.feed(mouse(pygame.MOUSEBUTTONUP, (100, 40)), 0.2)
    assert kinds(drop) == ["drop"] and drop[0].origin == (10, 10)


def test_long_press_then_release_is_not_a_tap():
    m = InputMapper((800, 480))
    m.feed(mouse(pygame.MOUSEBUTTONDOWN, (10, 10)), 0.0)
    assert m.tick(LONG_PRESS_SECONDS / 2) == []
    assert kinds(m.tick(LONG_PRESS_SECONDS + 0.01)) == ["long_press"]
    assert kinds(m.feed(mouse(pygame.MOUSEBUTTONUP, (10, 10)), 1.0)) == ["release"]


def test_finger_coordinates_are_scaled_to_the_window():
    m = InputMapper((800, 480))
    down = m.feed(finger(pygame.FINGERDOWN, 0.5, 0.25), 0.0)
    assert down[0].pos == (400, 120) and down[0].touch
    assert kinds(m.feed(finger(pygame.FINGERUP, 0.5, 0.25), 0.1)) == ["tap"]


def test_touch_mouse_events_dropped_once_fingers_arrive():
    m = InputMapper((800, 480))
    assert kinds(m.feed(mouse(pygame.MOUSEBUTTONDOWN, (5, 5), touch=True), 0.0)) == ["press"]
    m.feed(mouse(pygame.MOUSEBUTTONUP, (5, 5), touch=True), 0.1)
    m.feed(finger(pygame.FINGERDOWN, 0.1, 0.1), 0.2)
    assert m.feed(mouse(pygame.MOUSEBUTTONDOWN, (80, 48), touch=True), 0.2) == []
    assert kinds(m.feed(finger(pygame.FINGERUP, 0.1, 0.1), 0.3)) == ["tap"]
    assert m.feed(mouse(pygame.MOUSEBUTTONUP, (80, 48), touch=True), 0.3) == []
    assert kinds(m.feed(mouse(pygame.MOUSEBUTTONDOWN, (80, 48)), 0.4)) == ["press"]


def test_second_finger_is_ignored():
    m = InputMapper((800, 480))
    m.feed(finger(pygame.FINGERDOWN, 0.1, 0.1, fid=1), 0.0)
    assert m.feed(finger(pygame.FINGERDOWN, 0.9, 0.9, fid=2), 0.0) == []
    assert m.feed(finger(pygame.FINGERUP, 0.9, 0.9, fid=2), 0.1) == []
    assert kinds(m.feed(finger(pygame.FINGERUP, 0.1, 0.1, fid=1), 0.1)) == ["tap"]


def test_keys_and_window_events():
    pygame.init()
    m = InputMapper((800, 480))
    key = m.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""), 0)
    assert key[0].kind == "key" and key[0].key == "escape"
    assert kinds(m.feed(pygame.event.Event(pygame.QUIT), 0)) == ["quit"]
    resized = m.feed(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)), 0)
    assert resized[0].kind == "resize" and m.window_size == (1024, 600)
