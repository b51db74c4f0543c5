"""Drawing the parts of the table around the board: the hand bar, the player
panels and the turn line (the game log has its own painter, log_painter).

Pure drawing from a `TableModel` the table scene fills in; it holds no state
of its own apart from what is cached for speed.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.art import palette as pal
from game.kit import seat_panel
from game.tigris import art
from game.tigris.art import palette as te_pal
from game.tigris.layout import TableLayout
from game.tigris.narrate import player as player_name
from game.tigris.ui import status_bar
from game.tigris.ui.panel_places import COLORS, panel_places
from game.tigris.ui.status_bar import draw_status_bar
from game.ui import icons, skin, text
from game.ui.widgets import ButtonSet


@dataclass
class TableModel:
    view: dict[str, Any]
    viewer: int | None
    dynasties: list[str]
    seat_kinds: list[str]
    to_move: int | None
    active: int
    selected_slot: int | None = None
    selected_leader: str | None = None
    catastrophe_selected: bool = False
    hidden_hand_slots: set[int] = field(default_factory=set)
    # leaders walking home (seat, colour): their supply slots fill when they arrive
    leaders_on_their_way: set[tuple[int, str]] = field(default_factory=set)
    status_lines: list[str] = field(default_factory=list)
    open_scoring: bool = False
    seatless: bool = False
    """A watcher's table: its bar holds no seat's slots, empty or not."""


def draw_bar(surface: pygame.Surface, layout: TableLayout, model: TableModel) -> None:
    c = layout.cell
    players = model.view["players"]
    if model.seatless:
        return
    if model.viewer is None:
        for slot in layout.hand_slots:
            _empty_slot(surface, slot)
        for slot in layout.leader_slots:
            _empty_slot(surface, slot)
        _empty_slot(surface, layout.catastrophe_slot)
        return
    me = players[model.viewer]
    hand = me.get("hand") or []
    for i, slot in enumerate(layout.hand_slots):
        _empty_slot(surface, slot)
        if i < len(hand) and i not in model.hidden_hand_slots:
            rect = slot.inflate(-2, -2)
            if model.selected_slot == i:
                rect = rect.move(0, -max(2, c // 8))
                pygame.draw.rect(surface, pal.GOLD_LIGHT, rect.inflate(4, 4), width=3,
                                 border_radius=c // 6)
            surface.blit(art.tile_surface(hand[i], rect.w), rect)
    dynasty = model.dynasties[model.viewer]
    away = {
        cell["leader"]["color"]
        for cell in model.view["board"].values()
        if "leader" in cell and cell["leader"]["dynasty"] == dynasty
    } | {color for seat, color in model.leaders_on_their_way if seat == model.viewer}
    for color, slot in zip(COLORS, layout.leader_slots, strict=True):
        _empty_slot(surface, slot)
        rect = slot.inflate(-2, -2)
        if color in away:
            ghost = art.leader_surface(dynasty, color, rect.w).copy()
            ghost.set_alpha(70)
            surface.blit(ghost, rect)
        else:
            if model.selected_leader == color:
                rect = rect.move(0, -max(2, c // 8))
                pygame.draw.rect(surface, pal.GOLD_LIGHT, rect.inflate(4, 4), width=3,
                                 border_radius=c // 2)
            surface.blit(art.leader_surface(dynasty, color, rect.w), rect)
    slot = layout.catastrophe_slot
    _empty_slot(surface, slot)
    left = me.get("catastrophes", 0)
    if left:
        rect = slot.inflate(-2, -2)
        if model.catastrophe_selected:
            rect = rect.move(0, -max(2, c // 8))
            pygame.draw.rect(surface, pal.GOLD_LIGHT, rect.inflate(4, 4), width=3,
                             border_radius=c // 6)
        surface.blit(art.catastrophe_surface(rect.w), rect)
        _count_badge(surface, str(left), slot, max(10, c // 3))


def _empty_slot(surface: pygame.Surface, slot: pygame.Rect) -> None:
    pygame.draw.rect(surface, pal.darken(pal.TABLE, 0.3), slot.inflate(-2, -2),
                     border_radius=max(3, slot.w // 8))


def _count_badge(surface: pygame.Surface, label: str, slot: pygame.Rect, px: int) -> None:
    img = text.render(label, "bold", px, pal.IVORY)
    r = img.get_rect(topright=(slot.right - 1, slot.top + 1))
    box = r.inflate(px // 2, 0)
    pygame.draw.rect(surface, pal.EMBER, box, border_radius=box.h // 2)
    surface.blit(img, r)


def draw_side(surface: pygame.Surface, layout: TableLayout, model: TableModel,
              buttons: ButtonSet) -> list[pygame.Rect]:
    """Paints the side column; returns where each seat's name went, the line a status
    such as "thinking" may take over without covering counts or scores."""
    side = layout.side_
    c = layout.cell
    draw_status_bar(surface, side.info, model.view, model.status_lines, pal.TEXT_ON_DARK)
    name_areas = [_draw_panel(surface, rect, seat, model, c)
                  for seat, rect in enumerate(side.panels)]
    buttons.draw(surface, max(12, int(c * 0.34)))
    return name_areas


# Seat panels as last painted, by everything they show: a move changes one panel at most,
# and painting all of them again was most of the cost of a frame that repaints the side.
_PANELS: OrderedDict[tuple[Any, ...], tuple[pygame.Surface, pygame.Rect]] = OrderedDict()
_PANELS_KEPT = 24


def _draw_panel(surface: pygame.Surface, rect: pygame.Rect, seat: int, model: TableModel,
                c: int) -> pygame.Rect:
    """A seat: dynasty and name; leaders in supply and counts; VP by colour (or ?).
    Returns the area of the name."""
    player = model.view["players"][seat]
    score = player.get("score")
    counts = (player.get("hand_size", len(player.get("hand") or [])),
              player.get("treasures", 0), player.get("catastrophes", 0))
    key = (rect.size, c, seat, seat == model.active, model.dynasties[seat],
           model.seat_kinds[seat], player_name(seat, model.dynasties), counts,
           None if score is None else tuple(sorted(score.items())),
           frozenset(_away(model, seat)))
    cached = _PANELS.get(key)
    if cached is None:
        picture = pygame.Surface(rect.size, pygame.SRCALPHA)
        if pygame.display.get_surface() is not None:
            picture = picture.convert_alpha()
        cached = (picture, _paint_panel(picture, picture.get_rect(), seat, model, c))
        _PANELS[key] = cached
        if len(_PANELS) > _PANELS_KEPT:
            _PANELS.popitem(last=False)
    else:
        _PANELS.move_to_end(key)
    surface.blit(cached[0], rect)
    return cached[1].move(rect.topleft)


def prewarm_side(layout: TableLayout, dynasties: list[str]) -> None:
    """Draws the side column's pieces at this layout's sizes now (the panels' medals and
    leaders, the status bar's fonts), as `art_cache.prewarm` does the board's."""
    if not layout.side_.panels:
        return
    places = panel_places(layout.side_.panels[0], layout.cell)
    medal_px = max(8, places.row_h * (2 if places.rows == 3 else 1) - 2)
    for dynasty in dynasties:
        art.icon_surface(dynasty, medal_px)
        for color, slot in places.leaders.items():
            art.leader_surface(dynasty, color, slot.w)
    status_bar.prewarm(layout.side_.info)


def clear() -> None:
    """Forget the painted panels: made for an old display format."""
    _PANELS.clear()


def _away(model: TableModel, seat: int) -> set[str]:
    """The colours of the seat's leaders that are not in its supply: on the board, or
    walking home from it."""
    dynasty = model.dynasties[seat]
    return {
        cell["leader"]["color"]
        for cell in model.view["board"].values()
        if "leader" in cell and cell["leader"]["dynasty"] == dynasty
    } | {color for owner, color in model.leaders_on_their_way if owner == seat}


def _paint_panel(surface: pygame.Surface, rect: pygame.Rect, seat: int, model: TableModel,
                 c: int) -> pygame.Rect:
    player = model.view["players"][seat]
    active = seat == model.active
    surface.blit(skin.panel(rect.w, rect.h, active), rect)
    places = panel_places(rect, c)
    inner, rows, row_h = places.inner, places.rows, places.row_h
    px = max(10, int(row_h * (0.55 if rows == 3 else 0.5)))
    dynasty = model.dynasties[seat]
    medal_px = max(8, row_h * (2 if rows == 3 else 1) - 2)
    medal = art.icon_surface(dynasty, medal_px)
    surface.blit(medal, (inner.x, inner.y))
    x = inner.x + medal.get_width() + 4
    right = inner.right
    if model.seat_kinds[seat] == "computer" and rows == 3:
        glyph = icons.glyph("computer", max(8, int(row_h * 0.8)), pal.INK_SOFT)
        right -= glyph.get_width()
        surface.blit(glyph, (right, inner.y + (row_h - glyph.get_height()) // 2))
        right -= 3
    elif model.seat_kinds[seat] == "computer":
        # a folded panel's name row has no room left: the mark sits on the medal's corner
        glyph = icons.glyph("computer", max(8, int(row_h * 0.6)), pal.INK_SOFT)
        surface.blit(glyph, glyph.get_rect(bottomright=(x, inner.y + row_h)))
    name = player_name(seat, model.dynasties)
    if rows == 2:
        counts_w = _draw_counts(surface, pygame.Rect(x, inner.y, right - x, row_h), player, px)
        right -= counts_w + 4
    name_area = pygame.Rect(x, inner.y, right - x, row_h)
    size = text.fit_px(name, "bold", px, name_area.w)
    text.blit(surface, name, "bold", size, pal.TEXT, name_area.midleft, "midleft")
    away = _away(model, seat)
    if rows == 3:
        y2 = inner.y + row_h
        _draw_counts(surface, pygame.Rect(x, y2, inner.right - x, row_h), player, px)
    for color, slot in places.leaders.items():
        img = art.leader_surface(dynasty, color, slot.w)
        if color in away:
            img = img.copy()
            img.set_alpha(60)
        surface.blit(img, slot)
    score = player.get("score")
    for color, chip in places.chips.items():
        pygame.draw.rect(surface, te_pal.TILE_COLORS[color], chip, border_radius=chip.h // 4)
        value = "?" if score is None else str(score[color])
        size = text.fit_px(value, "bold", px, chip.w - 2)
        text.blit(surface, value, "bold", size, pal.IVORY, chip.center, "center")
    return name_area


def _draw_counts(surface: pygame.Surface, area: pygame.Rect, player: dict[str, Any],
                 px: int) -> int:
    """Hand size, treasures and catastrophes, right-aligned in area; returns the width used."""
    counts = [
        (functools.partial(art.tile_surface, "red", face_down=True),
         str(player.get("hand_size", len(player.get("hand") or [])))),
        (functools.partial(art.icon_surface, "treasure"), str(player.get("treasures", 0))),
        (functools.partial(art.icon_surface, "catastrophe"), str(player.get("catastrophes", 0))),
    ]
    start = seat_panel.draw_counts(surface, area, counts, px, max(8, int(area.h * 0.75)), gap=4)
    return area.right - start
