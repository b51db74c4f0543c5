"""The game's typefaces, shipped in assets/fonts/ under the SIL Open Font License.

Roles, not file names, are the API, so a typeface can change in one place:
- "title": Cinzel Bold, Roman inscriptional capitals for titles and board labels;
- "text": Noto Sans Regular, for everything people read at length;
- "bold": Noto Sans Bold, for emphasis, buttons and numbers.
All three cover Latin Extended-A and B (Finnish, Spanish, Romanian ș ț ă â î,
Danish æ ø å). The assets folder is found beside the `game` package, or where the
TIGRIS_ASSETS environment variable points.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pygame
import pygame.freetype

FONT_FILES: dict[str, str] = {
    "title": "Cinzel-Bold.ttf",
    "text": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
}
ROLES: tuple[str, ...] = tuple(FONT_FILES)


def assets_dir() -> Path:
    """The assets folder: TIGRIS_ASSETS if set, else the one at the project root."""
    override = os.environ.get("TIGRIS_ASSETS")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "assets"


def font_path(role: str) -> Path:
    """The file behind a role; raises ValueError for an unknown role and
    FileNotFoundError (naming the path) when the install lacks it."""
    try:
        name = FONT_FILES[role]
    except KeyError:
        raise ValueError(f"unknown font role {role!r}; known: {', '.join(ROLES)}") from None
    path = assets_dir() / "fonts" / name
    if not path.is_file():
        raise FileNotFoundError(f"font file missing: {path} (the assets folder is incomplete)")
    return path


def font(role: str, px: int) -> pygame.font.Font:
    """The role's typeface at a pixel size: use it before asking for another size of the
    same role.

    Each role has one Font, resized here. A new Noto Font costs 15-25 ms on its first
    measure or render (its shaping and hinting tables are read per Font), while resizing
    one costs nothing and draws the same pixels; a Font per size made every size a
    table met for the first time (a new status line, a button fitted smaller) a
    dropped frame.
    """
    if px < 1:
        raise ValueError(f"font size must be at least 1 px, got {px}")
    face = _typeface(role)
    if face.point_size != px:
        face.point_size = px
    return face


@functools.lru_cache(maxsize=8)
def _typeface(role: str) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(role), 16)


def close_fonts() -> None:
    """Forget the open Fonts: they are invalid after pygame.font.quit()."""
    _typeface.cache_clear()
    _face.cache_clear()


@functools.lru_cache(maxsize=8)
def _face(role: str) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(font_path(role), 16)


def missing_glyphs(role: str, text: str) -> str:
    """The characters of `text` the role's typeface cannot draw (in order, once each),
    so a name typed by a player or a new translation can be checked before it shows
    up as empty boxes."""
    metrics = _face(role).get_metrics(text)
    seen: list[str] = []
    for ch, m in zip(text, metrics, strict=False):
        if m is None and not ch.isspace() and ch not in seen:
            seen.append(ch)
    return "".join(seen)
