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
from collections import OrderedDict
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
    """The role's typeface at a pixel size: use it before asking for three other sizes of
    the same role.

    A new Noto Font costs 15-25 ms on its first measure or render (its shaping tables are
    read per Font), so a Font per size made every size met for the first time (a new
    status line, a button fitted smaller) a dropped frame. Resizing a Font costs nothing
    and draws the same pixels, but empties its glyph cache, so a line at a size other
    than the last one's loads its glyphs again (about 1 ms a line). Each role therefore
    keeps a few Fonts, each at one of its most recently used sizes, and resizes the one
    used longest ago.
    """
    if px < 1:
        raise ValueError(f"font size must be at least 1 px, got {px}")
    if not pygame.font.get_init():
        pygame.font.init()
    sizes = _FACES.setdefault(role, OrderedDict())
    face = sizes.get(px)
    if face is not None:
        sizes.move_to_end(px)
        return face
    if len(sizes) < FACES_PER_ROLE:
        face = pygame.font.Font(font_path(role), px)
    else:
        face = sizes.popitem(last=False)[1]
        face.point_size = px
    sizes[px] = face
    return face


FACES_PER_ROLE = 4
_FACES: dict[str, OrderedDict[int, pygame.font.Font]] = {}


def open_fonts() -> None:
    """Opens every role's Fonts now (a Noto face's first use costs 15-25 ms), so no
    frame in play opens one; they take the first sizes asked for, oldest first."""
    for role in ROLES:
        px = 8
        while len(_FACES.get(role, ())) < FACES_PER_ROLE:
            font(role, px).size("a")
            px += 1


def close_fonts() -> None:
    """Forget the open Fonts: they are invalid after pygame.font.quit()."""
    _FACES.clear()
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
