"""Drawing a game log in its panel: filter tabs on top, then the latest rows.

Each line gets a small picture of what it is about and each turn's header the medal
of whose turn it is, both drawn by the game (`Icons`: a row and a size give a picture,
or None); the rest is the kit's. Drawing returns where the tabs and the lines went, so
a tap can choose a filter or point at a line (`LogPanel.tap`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.art import palette as pal
from game.i18n import has_key, t
from game.kit.log import LogPanel, LogRow
from game.ui import skin, text

Icons = Callable[[LogRow, int], pygame.Surface | None]


@dataclass
class LogHits:
    """Where the last drawing put the filter tabs and each shown line."""

    filters: dict[str, pygame.Rect] = field(default_factory=dict)
    lines: list[tuple[pygame.Rect, str]] = field(default_factory=list)

    def filter_at(self, pos: tuple[int, int]) -> str | None:
        return next((f for f, r in self.filters.items() if r.collidepoint(pos)), None)

    def line_at(self, pos: tuple[int, int]) -> str | None:
        return next((line for r, line in self.lines if r.collidepoint(pos)), None)


def paint_panel(panel: LogPanel, target: pygame.Surface, area: pygame.Rect, px: int,
                log: list[str], names: list[str], viewer: int | None, icons: Icons,
                framed: bool = True, tab_height: int = 0) -> LogHits:
    """`log` through the panel's filter (the filters offered to `viewer`), scrolled and with
    its pointed line framed: in a panel of its own, or (not `framed`) the tabs and rows
    alone on what the caller drew. Only as many rows are read as fit."""
    room = area.h // int(px * 1.2) + 1
    rows = panel.rows(log, names, viewer, room)
    offered = panel.offered(viewer)
    if framed:
        return draw_log(target, area, rows, offered, panel.chosen, panel.scroll, px, icons,
                        panel.pointed)
    return draw_tabbed_rows(target, area, rows, offered, panel.chosen, panel.scroll, px, icons,
                            panel.pointed, tab_height)


def draw_log(surface: pygame.Surface, rect: pygame.Rect, rows: list[LogRow],
             filters: tuple[str, ...], chosen: str, scroll: int, px: int, icons: Icons,
             pointed: str | None = None) -> LogHits:
    """The panel with its tabs and as many of the rows (the last `scroll` held back) as fit,
    newest at the bottom; the `pointed` line framed."""
    if rect.h < px * 2:
        return LogHits()
    surface.blit(skin.panel(rect.w, rect.h), rect)
    inner = skin.panel_inner(rect.w, rect.h).move(rect.topleft)
    return draw_tabbed_rows(surface, inner, rows, filters, chosen, scroll, px, icons, pointed)


def draw_tabbed_rows(surface: pygame.Surface, area: pygame.Rect, rows: list[LogRow],
                     filters: tuple[str, ...], chosen: str, scroll: int, px: int,
                     icons: Icons, pointed: str | None = None,
                     tab_height: int = 0) -> LogHits:
    """The filter tabs along the top of `area` (at least `tab_height` tall, where a finger
    must hit them) and the rows under them, on whatever the caller drew behind."""
    hits = LogHits()
    tabs = pygame.Rect(area.x, area.y, area.w, max(tab_height, int(px * 1.5)))
    hits.filters = _draw_tabs(surface, tabs, filters, chosen, px, tab_height)
    top = tabs.bottom + px // 4
    body = pygame.Rect(area.x, top, area.w, area.bottom - top)
    hits.lines = draw_rows(surface, body, rows, scroll, px, icons, pointed)
    return hits


def draw_rows(surface: pygame.Surface, body: pygame.Rect, rows: list[LogRow], scroll: int,
              px: int, icons: Icons, pointed: str | None = None) -> list[tuple[pygame.Rect, str]]:
    """As many rows as fit in `body` (the last `scroll` held back), newest at the bottom, each
    after its picture; returns where each line went."""
    step = int(px * 1.2)
    icon_px = max(8, px)
    text_x = body.x + icon_px + px // 3
    fit = max(1, body.h // step)
    shown: list[tuple[LogRow, list[str]]] = []
    used = 0
    for row in reversed(rows[: max(0, len(rows) - scroll)]):
        wrapped = text.wrap(row.words, "bold" if row.header else "text", px, body.right - text_x)
        if used + len(wrapped) > fit:
            break
        shown.insert(0, (row, wrapped))
        used += len(wrapped)
    placed: list[tuple[pygame.Rect, str]] = []
    clip = surface.get_clip()
    surface.set_clip(body)
    areas: list[pygame.Rect] = []
    y = body.y
    for _, wrapped in shown:
        areas.append(pygame.Rect(body.x, y, body.w, step * len(wrapped)))
        y += step * len(wrapped)
    # The rows are closer than the font's lines, so a row's descenders reach into the next
    # row: every header's box goes down before any words, or it would cut them off ("J1"
    # read "|1").
    for (row, _), area in zip(shown, areas, strict=True):
        if row.header:
            pygame.draw.rect(surface, pal.PARCHMENT_DARK, area, border_radius=px // 4)
    for (row, wrapped), area in zip(shown, areas, strict=True):
        y = area.y
        icon = icons(row, icon_px)
        if icon is not None:
            surface.blit(icon, icon.get_rect(center=(body.x + icon_px // 2, y + step // 2)))
        for part in wrapped:
            text.blit(surface, part, "bold" if row.header else "text", px, pal.TEXT, (text_x, y))
            y += step
        if row.line is not None:
            placed.append((area, row.line))
            if row.line is pointed:
                pygame.draw.rect(surface, pal.GOLD_DARK, area, 2, border_radius=px // 4)
    surface.set_clip(clip)
    return placed


def _tab_labels(filters: tuple[str, ...], room: int, label_px: int, px: int) -> list[str]:
    """The tabs' words; in a row too narrow for them at three quarters of their size, the
    short form of each that has one (at 800x480 "Conflicts & points" overflowed its tab)."""
    labels = [t(f"log.filter.{name}") for name in filters]
    small = max(8, label_px * 3 // 4)
    if sum(text.size(label, "bold", small)[0] + px for label in labels) <= room:
        return labels
    return [t(f"log.filter.{name}.short") if has_key(f"log.filter.{name}.short") else label
            for name, label in zip(filters, labels, strict=True)]


def _draw_tabs(surface: pygame.Surface, area: pygame.Rect, filters: tuple[str, ...],
               chosen: str, px: int, least: int = 0) -> dict[str, pygame.Rect]:
    """The filter tabs side by side, each `least` wide where the row has room (a finger's
    width), and the rest of the row shared as their words need it."""
    gap = max(2, px // 4)
    label_px = int(px * 0.9)
    room = area.w - gap * (len(filters) - 1)
    labels = _tab_labels(filters, room, label_px, px)
    needs = [text.size(label, "bold", label_px)[0] + px for label in labels]
    least = min(least, room // len(filters))
    spare = room - least * len(filters)
    widths = [least + spare * need // sum(needs) for need in needs]
    out: dict[str, pygame.Rect] = {}
    x = area.x
    for name, label, width in zip(filters, labels, widths, strict=True):
        tab = pygame.Rect(x, area.y, width, area.h)
        x += width + gap
        on = name == chosen
        pygame.draw.rect(surface, pal.CLAY_DARK if on else pal.PARCHMENT_DARK, tab,
                         border_radius=tab.h // 3)
        size = text.fit_px(label, "bold", label_px, tab.w - px // 2, minimum=8)
        text.blit(surface, label, "bold", size, pal.IVORY if on else pal.TEXT, tab.center,
                  "center")
        out[name] = tab
    return out
