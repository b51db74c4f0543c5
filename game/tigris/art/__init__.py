"""Tigris & Euphrates' own art, drawn in code with the shell's helpers (`game.art`):
its board, pieces and symbols. T&E's table reaches all its art through this package,
the shell's interface art included, so it names one `art` for everything it draws.

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
Colours: `palette` (T&E's board, civilization colours, kingdom tints).
"""

from __future__ import annotations

from game.art import (
    ROLES,
    button_surface,
    clear_caches,
    content_margin,
    dialog_background,
    dialog_content_rect,
    dialog_paper_rect,
    font,
    panel_background,
    panel_content_rect,
    panel_paper_rect,
    table_background,
)
from game.tigris.art import palette
from game.tigris.art.board import COLUMNS, FRAME_CELLS, board_grid_rect, board_surface, parse_square
from game.tigris.art.pieces import (
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
from game.tigris.art.symbols import COLOR_SYMBOLS, SYMBOL_NAMES, symbol_mask

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
