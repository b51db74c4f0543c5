"""Drawing one seat's panel of the tabletop, upright, in the panel's own coordinates.

The tabletop scene turns the finished surface to face the seat. A closed strip
shows only what every player may see (tile backs, counts, leaders on the
board, VP as "?"); the open panel, drawn only while its owner holds it, shows
the hand face up, the owner's VP, the pieces to pick and the turn's buttons.
Choosers (commitments, swaps, public decisions) are a title, a few lines and
buttons. Nothing here decides anything or keeps state. The name, the counts and
the badges are the kit's seat panel's (`game.kit.seat_panel`); what is T&E's own
is here: the tile backs, the leaders and the four VP chips.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.art import palette as pal
from game.kit import seat_panel
from game.tigris import art
from game.tigris.art import palette as te_pal
from game.tigris.tabletop_layout import PanelGeometry
from game.ui import skin, text
from game.ui.widgets import Button, draw_button

COLORS = ("red", "blue", "green", "black")


@dataclass
class SeatModel:
    """What one seat's panel shows; `player` is that seat's own view of itself."""

    dynasty: str
    name: str
    player: dict[str, Any]
    on_board: set[str]
    computer: bool = False
    active: bool = False
    status: str = ""
    show_score: bool = False
    selected_slot: int | None = None
    selected_leader: str | None = None
    catastrophe_selected: bool = False
    hidden_slots: set[int] = field(default_factory=set)


def _slot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, pal.darken(pal.PARCHMENT_DARK, 0.15), rect.inflate(-2, -2),
                     border_radius=max(3, rect.w // 8))


def _lifted(surface: pygame.Surface, rect: pygame.Rect, piece: pygame.Surface,
            selected: bool, round_: bool = False) -> None:
    """A piece in its slot; the picked one raised and ringed in gold."""
    if selected:
        rect = rect.move(0, -max(2, rect.h // 8))
        radius = rect.w // 2 if round_ else max(3, rect.w // 6)
        pygame.draw.rect(surface, pal.GOLD_LIGHT, rect.inflate(4, 4), width=3,
                         border_radius=radius)
    surface.blit(piece, piece.get_rect(center=rect.center))


def draw_strip(surface: pygame.Surface, rect: pygame.Rect, model: SeatModel,
               faces_above: bool = False) -> None:
    """The closed panel: medal, name and status, tile backs, counts, VP.

    One row when the strip is long enough, else two (the side strips of a full
    table). With `faces_above` the hand is open just above, so the backs step aside.
    """
    surface.blit(skin.panel(rect.w, rect.h, model.active), rect)
    pad = max(3, rect.h // 10)
    inner = rect.inflate(-2 * pad, -2 * pad)
    # medal, name, six backs, two counts and four VP chips side by side need about this
    one_row_need = int(inner.h * 10.5) + 116
    rows = 1 if inner.w >= one_row_need or inner.h < 40 else 2
    row_h = inner.h // rows
    medal_px = max(8, row_h - 2)
    medal = art.icon_surface(model.dynasty, medal_px)
    surface.blit(medal, (inner.x, inner.y + (row_h - medal_px) // 2))
    x = inner.x + medal_px + pad
    right = inner.right
    if rows == 1:
        right = _draw_vp(surface, pygame.Rect(x, inner.y, right - x, row_h), model)
        right = _draw_counts(surface, pygame.Rect(x, inner.y, right - x, row_h), model)
        if not faces_above:
            right = _draw_backs(surface, pygame.Rect(x, inner.y, right - x, row_h), model)
        _draw_name(surface, pygame.Rect(x, inner.y, right - x - pad, row_h), model)
        return
    _draw_name(surface, pygame.Rect(x, inner.y, inner.right - x, row_h), model)
    second = pygame.Rect(inner.x, inner.y + row_h, inner.w, row_h)
    right = _draw_vp(surface, second, model)
    right = _draw_counts(surface, pygame.Rect(second.x, second.y, right - second.x, row_h), model)
    if not faces_above:
        _draw_backs(surface, pygame.Rect(second.x, second.y, right - second.x, row_h), model)


def _draw_name(surface: pygame.Surface, area: pygame.Rect, model: SeatModel) -> None:
    seat_panel.draw_name(surface, area, model.name, model.status, model.computer)


def _draw_backs(surface: pygame.Surface, area: pygame.Rect, model: SeatModel) -> int:
    """One clay back per tile in hand, right-aligned; returns where they begin."""
    count = int(model.player.get("hand_size", len(model.player.get("hand") or [])))
    size = max(8, min(int(area.h * 0.8), (area.w - 8) // 6 - 2))
    x = area.right - 6 * (size + 2) - 4
    y = area.y + (area.h - size) // 2
    back = art.tile_surface("red", size, True)
    for i in range(6):
        rect = pygame.Rect(x + i * (size + 2), y, size, size)
        if i >= count or i in model.hidden_slots:
            _slot(surface, rect)
            continue
        _lifted(surface, rect, back, model.selected_slot == i)
    return x - 4


def _draw_counts(surface: pygame.Surface, area: pygame.Rect, model: SeatModel) -> int:
    """Treasures and catastrophes, right-aligned; returns where they begin."""
    counts = [(functools.partial(art.icon_surface, name), str(model.player.get(key, 0)))
              for name, key in (("treasure", "treasures"), ("catastrophe", "catastrophes"))]
    return seat_panel.draw_counts(surface, area, counts, max(10, int(area.h * 0.42)),
                                  max(8, int(area.h * 0.6)))


def _draw_vp(surface: pygame.Surface, area: pygame.Rect, model: SeatModel) -> int:
    """The four VP counts: "?" unless the owner holds the panel or scores are open."""
    score = model.player.get("score") if model.show_score else None
    chip_h = max(8, int(area.h * 0.62))
    chip_w = max(chip_h, int(chip_h * 1.1))
    x = area.right - 4 * (chip_w + 2)
    px = max(10, int(chip_h * 0.7))
    for i, color in enumerate(COLORS):
        chip = pygame.Rect(x + i * (chip_w + 2), area.centery - chip_h // 2, chip_w, chip_h)
        pygame.draw.rect(surface, te_pal.TILE_COLORS[color], chip, border_radius=chip_h // 4)
        value = "?" if score is None else str(score[color])
        size = text.fit_px(value, "bold", px, chip.w - 2)
        text.blit(surface, value, "bold", size, pal.IVORY, chip.center, "center")
    return x - 6


def draw_hand(surface: pygame.Surface, geometry: PanelGeometry, model: SeatModel,
              buttons: list[Button], pressed: str | None, px: int) -> None:
    """The held panel: the strip with the owner's VP, the hand face up, the leaders in
    supply and the catastrophes, and the turn's buttons (none when it is not their turn)."""
    full = surface.get_rect()
    surface.blit(skin.panel(full.w, full.h, model.active), (0, 0))
    draw_strip(surface, geometry.strip, model, faces_above=True)
    hand = list(model.player.get("hand") or [])
    for i, rect in enumerate(geometry.tiles):
        _slot(surface, rect)
        if i < len(hand) and i not in model.hidden_slots:
            piece = art.tile_surface(hand[i], rect.w - 4)
            _lifted(surface, rect, piece, model.selected_slot == i or pressed == f"tile:{i}")
    for color, rect in zip(COLORS, geometry.leaders, strict=True):
        _slot(surface, rect)
        piece = art.leader_surface(model.dynasty, color, rect.w - 4)
        if color in model.on_board:
            ghost = piece.copy()
            ghost.set_alpha(70)
            surface.blit(ghost, ghost.get_rect(center=rect.center))
            continue
        chosen = model.selected_leader == color or pressed == f"leader:{color}"
        _lifted(surface, rect, piece, chosen, round_=True)
    rect = geometry.catastrophe
    _slot(surface, rect)
    left = int(model.player.get("catastrophes", 0))
    if left:
        chosen = model.catastrophe_selected or pressed == "catastrophe"
        _lifted(surface, rect, art.catastrophe_surface(rect.w - 4), chosen)
        seat_panel.draw_badge(surface, str(left), rect, max(10, rect.w // 3))
    for button in buttons:
        state = "pressed" if button.id == pressed and button.enabled else (
            "normal" if button.enabled else "disabled")
        draw_button(surface, button, px, state)
    if not buttons and model.status:
        row = geometry.buttons[0].union(geometry.buttons[-1])
        size = text.fit_px(model.status, "text", px, row.w)
        text.blit(surface, model.status, "text", size, pal.TEXT_MUTED, row.center, "center")


def draw_chooser(surface: pygame.Surface, title: str, lines: list[str], text_area: pygame.Rect,
                 buttons: list[Button], pressed: str | None, px: int,
                 strip: tuple[pygame.Rect, SeatModel] | None = None,
                 highlight: bool = True) -> None:
    """A decision in a panel or a card: title and lines, then its buttons; with `strip`
    the seat's strip is drawn at the player's side (a chooser inside the held panel)."""
    full = surface.get_rect()
    surface.blit(skin.panel(full.w, full.h, highlight), (0, 0))
    if strip is not None:
        draw_strip(surface, strip[0], strip[1], faces_above=True)
    y = text_area.y
    step = int(px * 1.2)
    for i, line in enumerate([title, *lines]):
        if y + step > text_area.bottom + step // 3:
            break
        role = "bold" if i == 0 else "text"
        size = text.fit_px(line, role, px, text_area.w)
        text.blit(surface, line, role, size, pal.TEXT, (text_area.centerx, y), "midtop")
        y += step
    for button in buttons:
        state = "pressed" if button.id == pressed and button.enabled else (
            "normal" if button.enabled else "disabled")
        if button.selected and button.enabled:
            state = "pressed"
        draw_button(surface, button, px, state)
