"""What everyone may know of the A.S.T. and the scores (A1.5), told at the desk table:
the epoch bands over the track (A5.2), each epoch's entry conditions, why a seat's
marker will or will not move at the next alteration (A34.1) and its score so far
(A35.2's public parts), and a seat's whole public state for a hover or long press on
its panel or its marker.

Every rule is the engine's (`engine.civ.ast_track.ast_outlook`, `engine.civ.scoring.
score_parts`, `engine.civ.tables.AST_SPACES`): this module only words what they say,
from the public view, so it shows nothing hidden (the hand's part of a score is told to
its own seat alone).
"""

from __future__ import annotations

import functools
import math
from typing import Any

import pygame

from ai.civ.determinize import cities_of
from engine.civ.ast_track import AstOutlook, Shortfall, ast_outlook
from engine.civ.scoring import score_parts
from engine.civ.tables import AST_SPACES
from game.art import palette as pal
from game.civ import words
from game.i18n import t
from game.kit.track import Band, Track
from game.ui import text

MIN_STRIP_PX = 11
BAND_COLOURS = (pal.PARCHMENT_DARK, pal.GOLD_LIGHT)


def epoch_key(epoch: str) -> str:
    return "civ.epoch." + epoch.lower().replace(" ", "_")


def epochs() -> list[tuple[int, int, str]]:
    """A5.2's epochs as (first space, last space, epoch), from the engine's table."""
    runs: list[tuple[int, int, str]] = []
    for s in AST_SPACES:
        if runs and runs[-1][2] == s.epoch:
            runs[-1] = (runs[-1][0], s.number, s.epoch)
        else:
            runs.append((s.number, s.number, s.epoch))
    return runs


def bands() -> list[Band]:
    return [Band(first, last, t(epoch_key(epoch)), BAND_COLOURS[i % 2], entry_words(first))
            for i, (first, last, epoch) in enumerate(epochs())]


def entry_words(first: int) -> str:
    """What entering the epoch starting on space `first` takes (A5.2), as the table states it."""
    need = AST_SPACES[first - AST_SPACES[0].number]
    parts = [t(f"civ.ast.need.{what}", need=n) for what, n in
             (("cities", need.cities), ("groups", need.groups), ("cards", need.cards)) if n]
    values = [s.value for s in AST_SPACES if s.epoch == need.epoch and s.value]
    if values:
        parts.append(t("civ.ast.need.value", need="/".join(str(v) for v in values)))
    return ", ".join(parts) if parts else t("civ.ast.need.none")


def outlook(view: dict[str, Any], seat: int) -> AstOutlook:
    """The engine's A34.1 step for `seat` from the public view."""
    s = view["seats"][seat]
    return ast_outlook(int(s["ast"]), cities_of(view)[seat], s["cards"],
                       active=s["status"] == "active")


def _lacking(short: tuple[Shortfall, ...]) -> str:
    return t("civ.ast.and").join(t(f"civ.ast.lack.{s.what}", need=s.need, have=s.have)
                                 for s in short)


def why_words(view: dict[str, Any], seat: int, own: bool = False) -> str:
    """Why `seat`'s marker will or will not move this turn (A34.1, A34.2); `own`: said on
    the seat's own strip (the tabletop's), which names the seat already."""
    s = view["seats"][seat]
    said = {"seat": words.seat_words(view, seat), "at": int(s["ast"])}
    o = outlook(view, seat)
    epoch = t(epoch_key(o.epoch))
    key = "civ.ast.own." if own else "civ.ast."
    if o.step == "advance":
        return t(key + "advance", **said, to=o.to, epoch=epoch)
    if o.step in ("cities", "entry", "value"):
        return t(key + "stay", **said, epoch=epoch, needs=_lacking(o.short))
    return t(key + o.step, **said, to=o.to)


def score_words(view: dict[str, Any], seat: int, hand: list[str] | None) -> str:
    """A35.2's score so far: the public parts, and the hand's set value only when the
    seat's own hand is given (its own screen)."""
    s = view["seats"][seat]
    parts = score_parts(s["cards"], hand or [], int(s["treasury"]), int(s["ast"]),
                        cities_of(view)[seat])
    own = t("civ.ast.score_hand", hand=parts["hand"]) if hand is not None else ""
    total = sum(parts.values()) if hand is not None else sum(
        n for part, n in parts.items() if part != "hand")
    return t("civ.ast.score", total=total, cards=parts["cards"], treasury=parts["treasury"],
             ast=parts["ast"], cities=parts["cities"], hand=own)


def public_score(view: dict[str, Any], seat: int) -> int:
    """A35.2's score so far without the hand's part, which only its seat may know."""
    s = view["seats"][seat]
    parts = score_parts(s["cards"], [], int(s["treasury"]), int(s["ast"]), cities_of(view)[seat])
    return sum(parts.values())


@functools.lru_cache(maxsize=16)
def score_icon(px: int) -> pygame.Surface:
    """A score: a gold five-pointed star."""
    icon = pygame.Surface((px, px), pygame.SRCALPHA)
    r, c = px / 2, px / 2
    points = [(c + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
               c - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
    pygame.draw.polygon(icon, pal.GOLD, points)
    pygame.draw.polygon(icon, pal.INK, points, 1)
    return icon


def seat_lines(view: dict[str, Any], seat: int, name: str,
               hand: list[str] | None = None) -> list[str]:
    """A seat's whole public state (A1.5) for a hover or a long press on its panel."""
    s = view["seats"][seat]
    if not s["nation"]:
        return [name]
    census = sum(n for a in view["areas"] for o, n in a["tokens"].items() if o == str(seat))
    ships = sum(1 for ship in view["ships"] if ship["owner"] == seat)
    lines = [name, t("civ.ast.counts", stock=s["stock"]["tokens"], cities=cities_of(view)[seat],
                     ships=ships, treasury=s["treasury"], census=census, hand=s["hand_size"]),
             t("civ.ast.cards", cards=words.cards_words(s["cards"])),
             why_words(view, seat), score_words(view, seat, hand)]
    if s["status"] != "active":
        lines.insert(1, t(f"civ.status.{s['status']}"))
    return lines


def draw_card(surface: pygame.Surface, lines: list[str], px: int, within: pygame.Rect,
              near: tuple[int, int]) -> pygame.Rect:
    """The lines on a parchment card beside `near` (a panel, a marker), kept inside
    `within` and left of the point when there is no room on its right."""
    width = min(within.w - 16, max(text.size(line, "text", px)[0] for line in lines) + 16)
    wrapped = [(i, part) for i, line in enumerate(lines)
               for part in text.wrap(line, "text", px, width - 16)]
    step = int(px * 1.25)
    box = pygame.Rect(0, 0, width, step * len(wrapped) + 12)
    box.topright = (near[0] - 12, near[1] + 12)
    box.clamp_ip(within)
    pygame.draw.rect(surface, pal.PARCHMENT, box, border_radius=6)
    pygame.draw.rect(surface, pal.INK, box, 2, border_radius=6)
    for k, (i, line) in enumerate(wrapped):
        text.blit(surface, line, "bold" if i == 0 else "text", px, pal.INK,
                  (box.x + 8, box.y + 6 + k * step))
    return box


def strip_lines(lines: list[str], px: int, width: int) -> list[str]:
    return [part for line in lines for part in text.wrap(line, "text", px, width)]


def strip_area(track: Track, area: pygame.Rect, lines: list[str],
               px: int) -> tuple[pygame.Rect, int]:
    """Where the A.S.T. lines go and their size: beside the track's last space when its
    last row leaves room (the right column is short of height, not of width there), set
    smaller if need be, else under the track (or under the panels when no track is shown)."""
    if area.h and track.spaces:
        last = track.spaces[track.last]
        free = pygame.Rect(last.right + 6, last.y - track.band_h, area.right - last.right - 6,
                           last.h + track.band_h)
        for size in range(px, MIN_STRIP_PX - 1, -1):
            if free.w >= area.w // 3 and strip_height(lines, size, free.w) <= free.h:
                return free, size
    # under the track or the panels, each line set on one line if a smaller size allows
    size = next((n for n in range(px, MIN_STRIP_PX - 1, -1)
                 if len(strip_lines(lines, n, area.w)) <= len(lines)), px)
    return pygame.Rect(area.x, area.bottom, area.w, strip_height(lines, size, area.w)), size


def strip_height(lines: list[str], px: int, width: int) -> int:
    return len(strip_lines(lines, px, width)) * int(px * 1.25)


def draw_strip(surface: pygame.Surface, area: pygame.Rect, lines: list[str], px: int) -> None:
    """The A.S.T. lines, wrapped to their area."""
    step = int(px * 1.25)
    for i, line in enumerate(strip_lines(lines, px, area.w)):
        text.blit(surface, line, "text", px, pal.TEXT_ON_DARK, (area.x, area.y + i * step))
