"""Text on screen: cached rendering, wrapping and fitting.

Rendering text is one of the slowest things pygame does, so every rendered
line is cached by (text, role, size, colour) and reused across frames; the
cache is cleared when the language changes. Fonts come from the art package;
a line the title face cannot draw is drawn in the bold one (`face_for`).
"""

from __future__ import annotations

import functools
from collections import OrderedDict

import pygame

from game.art import fonts

RGB = tuple[int, int, int]
TextKey = tuple[str, str, int, tuple[int, ...]]

_CACHE: OrderedDict[TextKey, pygame.Surface] = OrderedDict()
_CACHE_LIMIT = 1500


def font(role: str, px: int) -> pygame.font.Font:
    return fonts.font(role, max(8, int(px)))


@functools.lru_cache(maxsize=2048)
def face_for(text: str, role: str) -> str:
    """The role whose face draws text: the title face (Cinzel) has Latin letters only,
    so a title holding others (a player's name in Greek or Cyrillic) is set in the bold
    face instead of showing boxes. Cached: `blit_wrapped` asks it every frame a dialog
    shows its title."""
    if role == "title" and fonts.missing_glyphs(role, text):
        return "bold"
    return role


def render(text: str, role: str, px: int, color: RGB) -> pygame.Surface:
    key: TextKey = (text, role, int(px), tuple(color))
    surf = _CACHE.get(key)
    if surf is not None:
        _CACHE.move_to_end(key)
        return surf
    surf = font(face_for(text, role), px).render(text, True, color)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    _CACHE[key] = surf
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.popitem(last=False)
    return surf


def clear_cache() -> None:
    _CACHE.clear()
    _wrap.cache_clear()
    fit_px.cache_clear()
    size.cache_clear()


@functools.lru_cache(maxsize=4096)
def size(text: str, role: str, px: int) -> tuple[int, int]:
    return font(face_for(text, role), px).size(text)


SEPARATORS = frozenset({"·"})   # joins two parts of a line; never left at a line's end or start


def wrap(text: str, role: str, px: int, width: int) -> list[str]:
    """Greedy word wrap; a word longer than the width gets a line of its own. A separator
    ("Take a prize · Bull") goes with the word after it, and where the line breaks
    there it is dropped: no line ends or starts with it."""
    return list(_wrap(text, role, int(px), int(width)))


def _units(paragraph: str) -> list[tuple[str, str]]:
    """The paragraph's words, each with the separator before it ("" if none)."""
    units: list[tuple[str, str]] = []
    separator = ""
    words = paragraph.split(" ")
    for i, word in enumerate(words):
        if word in SEPARATORS and units and i + 1 < len(words):
            separator = word
            continue
        units.append((separator, word))
        separator = ""
    return units


@functools.lru_cache(maxsize=2048)
def _wrap(text: str, role: str, px: int, width: int) -> tuple[str, ...]:
    role = face_for(text, role)   # every word measured in the face the whole is drawn in
    lines: list[str] = []
    for paragraph in text.split("\n"):
        units = _units(paragraph)
        start = 0
        while start < len(units):
            count = _fitting_units(units, start, role, px, width)
            lines.append(_joined(units[start:start + count]))
            start += count
        if not units:
            lines.append("")
    return tuple(lines)


def _joined(units: list[tuple[str, str]]) -> str:
    """A line's words with their separators, but none before its first word."""
    line = ""
    for sep, word in units:
        joined = f"{sep} {word}" if sep else word
        line = f"{line} {joined}" if line else word
    return line


def _fitting_units(units: list[tuple[str, str]], start: int, role: str, px: int,
                   width: int) -> int:
    """How many units from `start` fit on one line (at least one, a long word alone).

    A guess from the sum of the words' widths (each word measured once and cached:
    the log says "placed", "temple" and "on" line after line), then made exact by
    measuring whole lines, usually just the guessed line and the one a word longer.
    Measuring every candidate line word by word, as the simple greedy wrap does, cost
    each new log line a millisecond or more; kerning and rounding keep the sum from
    being exact by itself.
    """
    space = size(" ", role, px)[0]
    count, used = 0, -space
    for sep, word in units[start:]:
        step = space + size(f"{sep} {word}" if sep and count else word, role, px)[0]
        if count and used + step > width:
            break
        count, used = count + 1, used + step
    f = font(role, px)
    while count > 1 and f.size(_joined(units[start:start + count]))[0] > width:
        count -= 1
    while (start + count < len(units)
           and f.size(_joined(units[start:start + count + 1]))[0] <= width):
        count += 1
    return count


@functools.lru_cache(maxsize=2048)
def fit_px(text: str, role: str, px: int, width: int, minimum: int = 9) -> int:
    """The largest size up to px at which text fits in width (labels on small buttons).

    Text width grows about linearly with size, so one measurement gives a close
    guess; a few steps down from there make it exact without measuring every size.
    The measurements go through `size`'s cache, where the caller finds them when it
    checks the fitted text's width.
    """
    measured = size(text, role, px)[0]
    if measured <= width or px <= minimum:
        return px
    guess = max(minimum, min(px - 1, int(px * width / max(1, measured)) + 1))
    while guess > minimum and size(text, role, guess)[0] > width:
        guess -= 1
    return guess


def blit(
    surface: pygame.Surface,
    text: str,
    role: str,
    px: int,
    color: RGB,
    pos: tuple[int, int],
    anchor: str = "topleft",
) -> pygame.Rect:
    img = render(text, role, px, color)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def blit_wrapped(
    surface: pygame.Surface,
    text: str,
    role: str,
    px: int,
    color: RGB,
    rect: pygame.Rect,
    align: str = "left",
    line_gap: float = 1.2,
) -> int:
    """Draws wrapped text inside rect from its top; returns the height used."""
    role = face_for(text, role)   # every line in the face the whole was wrapped in
    y = rect.y
    step = int(px * line_gap)
    for line in wrap(text, role, px, rect.w):
        if y + step > rect.bottom + step // 3:
            break
        img = render(line, role, px, color)
        x = rect.centerx - img.get_width() // 2 if align == "center" else rect.x
        surface.blit(img, (x, y))
        y += step
    return y - rect.y
