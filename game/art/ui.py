"""Interface surfaces: the table behind everything, parchment panels, dialogs, buttons.

Sizes are (width, height) in pixels and the result is exactly that size; anything
decorative (shadows, borders) is drawn inside it. Content areas are reported by
`panel_content_rect` / `dialog_content_rect`, so scenes place text inside the
ornament rather than guessing its width.
"""

from __future__ import annotations

import math

import pygame

from game.art import palette as pal
from game.art._render import (
    bevel_body,
    cached,
    clip_to_rounded_rect,
    drop_shadow,
    mottled,
    new_surface,
    speckle,
    star_points,
)

Size = tuple[int, int]


def _check(size: Size, minimum: int = 8) -> tuple[int, int]:
    w, h = int(size[0]), int(size[1])
    if w < minimum or h < minimum:
        raise ValueError(f"size must be at least {minimum}×{minimum} px, got {w}×{h}")
    return w, h


def _unit(w: int, h: int) -> int:
    """The ornament's scale: borders grow with the panel, within limits."""
    return max(2, min(12, min(w, h) // 40))


@cached(maxsize=4)
def table_background(size: Size) -> pygame.Surface:
    """The table the game is played on: dark cedar, darker towards the edges so the
    board and panels stand out."""
    w, h = _check(size)
    surface = mottled(w, h, pal.TABLE, 0.10, max(8, min(w, h) // 14), 41)
    grain = mottled(max(2, w // 4), max(2, h // 40), pal.TABLE_LIGHT, 0.3, 2, 42, alpha=22)
    surface.blit(pygame.transform.smoothscale(grain, (w, h)), (0, 0))
    n = 24
    vignette = pygame.Surface((n, n), pygame.SRCALPHA)
    for y in range(n):
        for x in range(n):
            d = math.hypot((x + 0.5) / n - 0.5, (y + 0.5) / n - 0.5) / math.hypot(0.5, 0.5)
            vignette.set_at((x, y), (8, 4, 2, round(150 * max(0.0, d - 0.35) ** 1.5)))
    surface.blit(pygame.transform.smoothscale(vignette, (w, h)), (0, 0))
    return surface


CONTENT_MARGIN = 2   # ornament units between the paper's edge and anything on it
ROSETTES_FROM = 120  # px: a smaller panel has no corner rosettes
ROSETTE_IN = 2.5     # ornament units from the face's corner to a rosette's centre
ROSETTE_R = 1.6      # a rosette's radius, in ornament units


def panel_paper_rect(size: Size) -> pygame.Rect:
    """The parchment of a panel: inside its bevelled clay frame and its drop shadow."""
    w, h = _check(size)
    u = _unit(w, h)
    return pygame.Rect(0, 0, w - u, h - u).inflate(-2 * max(1, u), -2 * max(1, u))


def content_margin(size: Size) -> int:
    """The margin in pixels between the paper's edge and the content rectangle."""
    return CONTENT_MARGIN * _unit(*_check(size))


def panel_content_rect(size: Size) -> pygame.Rect:
    """The area inside a panel's border where content may go: the parchment less an even
    margin on every side, so nothing touches the frame."""
    w, h = _check(size)
    u = _unit(w, h)
    return panel_paper_rect((w, h)).inflate(-2 * CONTENT_MARGIN * u, -2 * CONTENT_MARGIN * u)


@cached
def panel_background(size: Size) -> pygame.Surface:
    """A parchment panel in a thin clay frame, for the hand, scores and the log."""
    w, h = _check(size)
    u = _unit(w, h)
    surface = new_surface(w, h)
    body = pygame.Rect(0, 0, w - u, h - u)
    radius = 2 * u
    surface.blit(drop_shadow((w, h), body.move(u, u), radius, 2, 110), (0, 0))
    face = bevel_body(surface, body, radius, pal.CLAY, max(1, u), 0.3)
    paper = mottled(face.w, face.h, pal.PARCHMENT, 0.05, max(4, min(w, h) // 8), 51)
    speckle(paper, paper.get_rect(), face.w * face.h // 400,
            [pal.PARCHMENT_DARK, pal.SAND_DARK], 52, radius=0.7, alpha=70)
    surface.blit(clip_to_rounded_rect(paper, max(0, radius - u)), face.topleft)
    pygame.draw.rect(surface, (*pal.GOLD_DARK, 200), face.inflate(-2 * u, -2 * u),
                     width=max(1, u // 3), border_radius=max(0, radius - u))
    if min(w, h) >= ROSETTES_FROM:
        for cx, cy in (face.topleft, face.topright, face.bottomleft, face.bottomright):
            x = cx + (ROSETTE_IN * u if cx == face.left else -ROSETTE_IN * u)
            y = cy + (ROSETTE_IN * u if cy == face.top else -ROSETTE_IN * u)
            _rosette(surface, (x, y), ROSETTE_R * u, pal.GOLD_DARK)
    return surface


def panel_corner_reach(size: Size) -> int:
    """How far in from either side a panel's corner rosettes reach: a line of words along
    a panel's edge starts and ends that far in, or a rosette covers its first letters. The
    face lies a unit in from the left and two from the right (the drop shadow's unit)."""
    w, h = _check(size)
    if min(w, h) < ROSETTES_FROM:
        return 0
    u = _unit(w, h)
    return math.ceil((2 + ROSETTE_IN + ROSETTE_R) * u)


def _rosette(surface: pygame.Surface, center: tuple[float, float], r: float,
             color: pal.RGB) -> None:
    """The eight-petalled Mesopotamian rosette, as a small corner ornament."""
    cx, cy = center
    for i in range(8):
        a = math.radians(i * 45)
        pygame.draw.circle(surface, color, (cx + math.cos(a) * r * 0.6,
                                            cy + math.sin(a) * r * 0.6), r * 0.36)
    pygame.draw.circle(surface, pal.GOLD_LIGHT, (cx, cy), r * 0.38)


def dialog_paper_rect(size: Size) -> pygame.Rect:
    """The parchment of a dialog: inside its lapis body, gold band and frieze."""
    w, h = _check(size, 40)
    u = _unit(w, h)
    face = pygame.Rect(0, 0, w - 2 * u, h - 2 * u).inflate(-2 * u, -2 * u)
    return face.inflate(-6 * u, -6 * u)


def dialog_content_rect(size: Size) -> pygame.Rect:
    """The area inside a dialog's ornamented border where content may go: the parchment
    less an even margin on every side, so no button touches the frame."""
    w, h = _check(size, 40)
    u = _unit(w, h)
    return dialog_paper_rect((w, h)).inflate(-2 * CONTENT_MARGIN * u, -2 * CONTENT_MARGIN * u)


@cached
def dialog_background(size: Size) -> pygame.Surface:
    """A decision dialog: parchment inside a lapis border with a gold sawtooth frieze,
    clearly above the table and panels."""
    w, h = _check(size, 40)
    u = _unit(w, h)
    surface = new_surface(w, h)
    body = pygame.Rect(0, 0, w - 2 * u, h - 2 * u)
    radius = 3 * u
    surface.blit(drop_shadow((w, h), body.move(2 * u, 2 * u), radius, 3, 160), (0, 0))
    face = bevel_body(surface, body, radius, pal.LAPIS, u, 0.35)
    glaze = mottled(face.w, face.h, pal.LAPIS, 0.12, max(4, min(w, h) // 10), 61)
    surface.blit(clip_to_rounded_rect(glaze, max(0, radius - u)), face.topleft)
    band = face.inflate(-2 * u, -2 * u)
    pygame.draw.rect(surface, pal.GOLD_DARK, band, width=max(1, u // 2),
                     border_radius=max(0, radius - 2 * u))
    inner = dialog_paper_rect((w, h))
    _frieze(surface, band.inflate(-u, -u), inner, u)
    paper = mottled(inner.w, inner.h, pal.PARCHMENT, 0.05, max(4, min(w, h) // 8), 62)
    speckle(paper, paper.get_rect(), inner.w * inner.h // 400,
            [pal.PARCHMENT_DARK, pal.SAND_DARK], 63, radius=0.7, alpha=70)
    surface.blit(paper, inner.topleft)
    pygame.draw.rect(surface, pal.GOLD, inner, width=max(1, u // 2))
    pygame.draw.rect(surface, pal.GOLD_LIGHT, inner.inflate(2, 2), width=1)
    return surface


def _frieze(surface: pygame.Surface, outer: pygame.Rect, inner: pygame.Rect, u: int) -> None:
    """Gold triangles between two rectangles: the glazed-brick band of a gate."""
    layer = new_surface(*surface.get_size())
    color = (*pal.GOLD, 230)
    step = max(4, 2.4 * u)
    for y0, y1 in ((outer.top, inner.top), (outer.bottom, inner.bottom)):
        n = max(1, int(inner.w / step))
        dx = inner.w / n
        for i in range(n):
            x = inner.x + i * dx
            pygame.draw.polygon(layer, color, [(x, y0), (x + dx, y0), (x + dx / 2,
                                                                        (y0 + y1) / 2)])
    for x0, x1 in ((outer.left, inner.left), (outer.right, inner.right)):
        n = max(1, int(inner.h / step))
        dy = inner.h / n
        for i in range(n):
            y = inner.y + i * dy
            pygame.draw.polygon(layer, color, [(x0, y), (x0, y + dy), ((x0 + x1) / 2,
                                                                       y + dy / 2)])
    for cx, cy in (outer.topleft, outer.topright, outer.bottomleft, outer.bottomright):
        x = (cx + (inner.left if cx == outer.left else inner.right)) / 2
        y = (cy + (inner.top if cy == outer.top else inner.bottom)) / 2
        pygame.draw.polygon(layer, pal.GOLD_LIGHT, star_points(x, y, 2.2 * u, 0.9 * u, 8))
    surface.blit(layer, (0, 0))


@cached
def _button_frame(size: Size, state: str) -> pygame.Surface:
    w, h = _check(size, 12)
    face_color = pal.BUTTON_FACE[state]
    u = max(1, min(w, h) // 16)
    surface = new_surface(w, h)
    press = u if state == "pressed" else 0
    body = pygame.Rect(0, press, w - u, h - u - press)
    radius = max(3, min(w, h) // 4)
    if state != "pressed":
        surface.blit(drop_shadow((w, h), body.move(u, u), radius, 2, 120), (0, 0))
    pygame.draw.rect(surface, pal.GOLD_DARK if state != "disabled" else (120, 110, 100), body,
                     border_radius=radius)
    inner = body.inflate(-2 * u, -2 * u)
    if state == "pressed":
        face = inner
        pygame.draw.rect(surface, pal.darken(face_color, 0.25), face, border_radius=radius - u)
        pygame.draw.rect(surface, face_color, face.inflate(-u, -u).move(u // 2 + 1, u // 2 + 1),
                         border_radius=max(0, radius - 2 * u))
    else:
        bevel_body(surface, inner, max(0, radius - u), face_color, max(1, u), 0.28)
    if state == "hover":
        glow = new_surface(w, h)
        pygame.draw.rect(glow, (*pal.GOLD_LIGHT, 200), body, width=max(1, u),
                         border_radius=radius)
        surface.blit(glow, (0, 0))
    grain = mottled(inner.w, inner.h, (236, 236, 236), 0.06, max(3, inner.h // 3), 71)
    surface.blit(clip_to_rounded_rect(grain, max(0, radius - u)), inner.topleft,
                 special_flags=pygame.BLEND_RGB_MULT)
    return surface


def button_surface(size: Size, label_surface: pygame.Surface | None,
                   state: str = "normal") -> pygame.Surface:
    """A terracotta button with a gold rim in one of BUTTON_STATES, label centred.

    Render the label in palette.BUTTON_LABEL[state] (and any icon beside it) before
    calling; a disabled button fades it. The frame is cached per size and state; the
    returned surface is new on every call, so cache it if the label does not change.
    """
    if state not in pal.BUTTON_STATES:
        raise ValueError(f"unknown button state {state!r}; known: {', '.join(pal.BUTTON_STATES)}")
    surface = _button_frame(size, state).copy()
    if label_surface is not None:
        w, h = surface.get_size()
        u = max(1, min(w, h) // 16)
        press = u if state == "pressed" else 0
        label = label_surface
        if state == "disabled":
            label = label_surface.copy()
            label.set_alpha(175)
        r = label.get_rect(center=((w - u) // 2, (h - u) // 2 + press))
        surface.blit(label, r)
    return surface
