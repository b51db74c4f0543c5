"""The shell's art, drawn in code with pygame (no image files): the table, panels,
dialogs, buttons and fonts every game's table is dressed in. A game's own board and
pieces live in its package (T&E's in `game.tigris.art`), drawn with the same helpers.

This package owns how things look; it never decides where they go (that is
game/layout.py's) nor what the game state is. Every function returns a cached,
read-only Surface: blit it, copy it before drawing on it. Nothing here needs a
display; once a display mode is set, new surfaces come converted to its format
(call clear_caches() after changing the mode to rebuild old ones).

Interface (size = (width, height)):
    table_background(size), panel_background(size), dialog_background(size)
    panel_content_rect(size), dialog_content_rect(size)
    panel_paper_rect(size), dialog_paper_rect(size)   the parchment inside the frame
    content_margin(size)                            between the paper's edge and the content
    button_surface(size, label_surface, state)      state in palette.BUTTON_STATES
Text:
    font(role, px)                                  role "title", "text" or "bold"
"""

from __future__ import annotations

from game.art import palette
from game.art._render import clear_caches as _clear_surface_caches
from game.art.fonts import ROLES, close_fonts, font
from game.art.ui import (
    button_surface,
    content_margin,
    dialog_background,
    dialog_content_rect,
    dialog_paper_rect,
    panel_background,
    panel_content_rect,
    panel_corner_reach,
    panel_paper_rect,
    table_background,
)


def clear_caches() -> None:
    """Drop every cached surface and font: after a display mode change, after
    pygame.quit(), or to free memory."""
    _clear_surface_caches()
    close_fonts()


__all__ = [
    "ROLES",
    "button_surface",
    "clear_caches",
    "content_margin",
    "dialog_background",
    "dialog_content_rect",
    "dialog_paper_rect",
    "font",
    "palette",
    "panel_background",
    "panel_content_rect",
    "panel_corner_reach",
    "panel_paper_rect",
    "table_background",
]
