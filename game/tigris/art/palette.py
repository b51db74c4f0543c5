"""Tigris & Euphrates' own colours: its board, its four civilization colours and its
kingdom tints, beside the shell's materials and interface colours (`game.art.palette`).

Plain tuples only, like the shell's palette: no pygame, so layout code and tests can
read it cheaply.
"""

from __future__ import annotations

from game.art.palette import RGB, RGBA

# --- the board (R1.1) --------------------------------------------------------------
LAND: RGB = (221, 193, 138)
LAND_ALT: RGB = (214, 184, 128)
RIVER: RGB = (74, 142, 166)
RIVER_DEEP: RGB = (50, 110, 140)
RIVER_FOAM: RGB = (170, 214, 220)
RIVER_BANK: RGB = (150, 124, 80)
GRID_LINE: RGB = (170, 140, 92)
FRAME: RGB = (92, 52, 30)
FRAME_LIGHT: RGB = (136, 84, 50)

# --- the four civilization colours (R1.2) --------------------------------------------
# Chosen to differ in lightness as well as hue; each tile also carries its own symbol,
# so no decision depends on telling hues apart.
TILE_COLORS: dict[str, RGB] = {
    "red": (176, 56, 40),
    "blue": (38, 84, 160),
    "green": (48, 124, 78),
    "black": (44, 40, 44),
}
TILE_SYMBOL: RGB = (250, 234, 196)
TILE_SYMBOL_SHADOW: RGBA = (20, 10, 4, 150)
CLAY_BACK: RGB = (164, 112, 70)
CLAY_BACK_MARK: RGB = (116, 74, 44)

# Kingdom tints (R3.3): one soft hue per kingdom on the board, none of them a tile's
# colour, all light enough to sit around every tile and over the river.
KINGDOM_TINTS: tuple[RGBA, ...] = (
    (255, 232, 40, 190),    # yellow
    (190, 110, 230, 190),   # violet
    (40, 215, 200, 190),    # teal
    (255, 120, 175, 190),   # rose
    (170, 225, 70, 190),    # lime
    (255, 136, 30, 190),    # orange
    (120, 190, 255, 190),   # sky
    (235, 235, 235, 190),   # chalk
)

# Lighter versions for text and highlights on dark backgrounds (log lines, VP columns).
TEXT_COLORS_ON_DARK: dict[str, RGB] = {
    "red": (240, 120, 96),
    "blue": (124, 170, 240),
    "green": (120, 204, 140),
    "black": (214, 206, 198),
}
# Darker versions for text on parchment panels.
TEXT_COLORS_ON_LIGHT: dict[str, RGB] = {
    "red": (150, 40, 26),
    "blue": (28, 64, 136),
    "green": (30, 100, 58),
    "black": (36, 32, 34),
}
