"""Original art for Tigris & Euphrates, drawn in code with pygame (no image files).

This package owns how things look; it never decides where they go (that is
game/layout.py's) nor what the game state is. Every function returns a cached,
read-only Surface: blit it, copy it before drawing on it. Nothing here needs a
display; once a display mode is set, new surfaces come converted to its format
(call clear_caches() after changing the mode to rebuild old ones).

Pieces (size = side of one board square, in px):
    tile_surface(color, size, face_down=False)      red temple, blue farm, green
                                                    market, black settlement
    leader_surface(dynasty, color, size)            archer/bull/pot/lion token,
                                                    ring in the leader's colour
    treasure_surface(size, corner=False)            gem overlay; corner = taken first
    catastrophe_surface(size)                       scorched tile with a crack
    unification_surface(size)                       diamond overlay, linked rings
    monument_surface((low, high), size)             size = side of the 2×2 block
    building_surface(color, size)                   civilization building overlay
    wonder_surface(size)                            star medallion overlay
    icon_surface(name, size)                        small icons, see ICON_NAMES
Board:
    board_surface(layout, width, height)            layout = engine.board_layout(name)
    board_grid_rect(width, height) -> Rect          where the 16×11 grid lies
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
from game.art.board import COLUMNS, FRAME_CELLS, board_grid_rect, board_surface, parse_square
from game.art.fonts import ROLES, close_fonts, font
from game.art.pieces import (
    COLORS,
    DYNASTIES,
    ICON_NAMES,
    LEADER_TITLES,
    building_surface,
    catastrophe_surface,
    icon_surface,
    leader_surface,
    monument_surface,
    tile_surface,
    treasure_surface,
    unification_surface,
    wonder_surface,
)
from game.art.symbols import COLOR_SYMBOLS, SYMBOL_NAMES, symbol_mask
from game.art.ui import (
    button_surface,
    content_margin,
    dialog_background,
    dialog_content_rect,
    dialog_paper_rect,
    panel_background,
    panel_content_rect,
    panel_paper_rect,
    table_background,
)


def clear_caches() -> None:
    """Drop every cached surface and font: after a display mode change, after
    pygame.quit(), or to free memory."""
    _clear_surface_caches()
    close_fonts()


__all__ = [
    "COLORS",
    "COLOR_SYMBOLS",
    "COLUMNS",
    "DYNASTIES",
    "FRAME_CELLS",
    "ICON_NAMES",
    "LEADER_TITLES",
    "ROLES",
    "SYMBOL_NAMES",
    "board_grid_rect",
    "board_surface",
    "building_surface",
    "button_surface",
    "catastrophe_surface",
    "clear_caches",
    "content_margin",
    "dialog_background",
    "dialog_content_rect",
    "dialog_paper_rect",
    "font",
    "icon_surface",
    "leader_surface",
    "monument_surface",
    "palette",
    "panel_background",
    "panel_content_rect",
    "panel_paper_rect",
    "parse_square",
    "symbol_mask",
    "table_background",
    "tile_surface",
    "treasure_surface",
    "unification_surface",
    "wonder_surface",
]
