"""What every game's demo in the kiosk's attract mode shares: its banner and its waking.

A demo is a game's table played by computers alone (`GameClient.attract`); the app
starts one after an idle while (`App.attract_after`), the games taking turns
(`game.scenes.flow.start_attract`). Over the demo a "Touch to play" band breathes,
each shade painted once and reused (a kiosk's CPU draws every pixel); a touch, a
click or a key leaves the demo for the set-up of the game it showed, with the title
beneath. The words are the game's (`Words`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import layout as geo
from game.art import palette as pal
from game.input import Intent
from game.ui import text

if TYPE_CHECKING:
    from game.app import App
    from game.games import GameClient

PULSE_STEPS = 12        # shades of the breathing banner, each drawn once and reused
WAKING_KINDS = ("press", "tap", "long_press", "secondary", "key")

BannerCache = dict[tuple[object, ...], pygame.Surface]


Words = tuple[str, str]
"""The banner's call ("Touch to play") and its line (which game the computers show), in the
game's own catalogue: the kit knows no game's words."""


def banner(app: App, cache: BannerCache, words: Words, width: int,
           upside_down: bool = False) -> pygame.Surface:
    """The call on a dark band that breathes, so the screen looks alive but inviting; `cache`
    keeps each shade (keyed by width, shade, turn, screen size and words)."""
    pulse = 0.5 + 0.5 * math.sin(app.now * 2.6)
    step = round(pulse * PULSE_STEPS)
    key = (width, step, upside_down, app.size, *words)
    band = cache.get(key)
    if band is None:
        band = paint_banner(app, words, width, step / PULSE_STEPS)
        if upside_down:
            band = pygame.transform.rotate(band, 180)
        cache[key] = band
    return band


def paint_banner(app: App, words: Words, width: int, pulse: float) -> pygame.Surface:
    c = geo.unit(*app.size)
    title_px = max(22, int(c * 0.9))
    sub_px = max(12, int(c * 0.36))
    band = pygame.Surface((width, int(title_px * 1.5 + sub_px * 2.2)), pygame.SRCALPHA)
    band.fill((*pal.INK[:3], 150 + int(50 * pulse)))
    call, line = words
    px = text.fit_px(call, "title", title_px, band.get_width() - c)
    glow = pal.GOLD_LIGHT if pulse > 0.5 else pal.PARCHMENT
    text.blit(band, call, "title", px, glow, (band.get_width() // 2, int(title_px * 0.2)),
              "midtop")
    sub_px = text.fit_px(line, "text", sub_px, band.get_width() - c // 2)
    text.blit(band, line, "text", sub_px, pal.PARCHMENT_DARK,
              (band.get_width() // 2, band.get_height() - int(sub_px * 0.5)), "midbottom")
    return band


def draw_banners(app: App, cache: BannerCache, words: Words, surface: pygame.Surface,
                 board: pygame.Rect) -> None:
    """The banner over the middle of `board`; at a tabletop, twice, read from both long
    edges of a table lying flat."""
    width = min(surface.get_width(), board.w)
    band = banner(app, cache, words, width)
    if app.tabletop:
        surface.blit(band, band.get_rect(midbottom=(board.centerx, board.bottom - board.h // 6)))
        flipped = banner(app, cache, words, width, upside_down=True)
        surface.blit(flipped, flipped.get_rect(midtop=(board.centerx, board.y + board.h // 6)))
    else:
        surface.blit(band, band.get_rect(center=board.center))


def wakes(app: App, intent: Intent) -> bool:
    """Whether `intent` ends the demo; at a tabletop the menus that follow face whoever
    touched (the near or the far long edge)."""
    if intent.kind not in WAKING_KINDS:
        return False
    if app.tabletop and intent.pos is not None:
        app.menus_turned = intent.pos[1] < app.size[1] // 2
    return True


def wake(app: App, game: GameClient | None = None) -> None:
    """Leave the demo for a new game's set-up (of `game`, the one the demo showed); Back
    from there reaches the title."""
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene

    if game is not None:
        app.choose_game(game)
    app.replace(TitleScene(app))
    app.push(SetupScene(app))
    app.play_sound("click")
