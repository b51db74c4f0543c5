"""Named colours of the game's look: sun-baked sand, fired clay, lapis lazuli, gold.

Every colour the art package draws with comes from here, so the scenes can match
text and highlights to the pieces without guessing RGB values. This module holds
plain tuples only: it must not import pygame, so layout code and tests can read it
cheaply.
"""

from __future__ import annotations

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# --- earth and materials -------------------------------------------------------------
SAND: RGB = (225, 199, 148)
SAND_LIGHT: RGB = (240, 222, 180)
SAND_DARK: RGB = (190, 158, 104)
CLAY: RGB = (170, 108, 66)
CLAY_LIGHT: RGB = (204, 146, 98)
CLAY_DARK: RGB = (106, 62, 38)
TERRACOTTA: RGB = (182, 84, 52)
TERRACOTTA_LIGHT: RGB = (212, 120, 80)
TERRACOTTA_DARK: RGB = (124, 50, 30)
PARCHMENT: RGB = (243, 230, 200)
PARCHMENT_DARK: RGB = (222, 203, 164)
IVORY: RGB = (250, 240, 216)
LAPIS: RGB = (36, 64, 128)
LAPIS_LIGHT: RGB = (70, 108, 180)
LAPIS_DARK: RGB = (20, 34, 74)
GOLD: RGB = (214, 170, 70)
GOLD_LIGHT: RGB = (246, 214, 128)
GOLD_DARK: RGB = (146, 104, 34)
INK: RGB = (46, 31, 22)
INK_SOFT: RGB = (94, 70, 52)
ASH: RGB = (88, 80, 76)
EMBER: RGB = (236, 112, 40)
EMBER_LIGHT: RGB = (255, 196, 92)

# --- the table under every board ------------------------------------------------------
TABLE: RGB = (52, 36, 30)
TABLE_LIGHT: RGB = (76, 54, 42)

# --- interface ----------------------------------------------------------------------
PANEL: RGB = PARCHMENT
PANEL_BORDER: RGB = CLAY_DARK
TEXT: RGB = INK
TEXT_MUTED: RGB = INK_SOFT
TEXT_ON_DARK: RGB = IVORY
HIGHLIGHT: RGB = GOLD_LIGHT
LEGAL_MOVE: RGBA = (255, 236, 150, 110)
ILLEGAL_MOVE: RGBA = (160, 30, 20, 90)

BUTTON_STATES: tuple[str, ...] = ("normal", "hover", "pressed", "disabled")
BUTTON_FACE: dict[str, RGB] = {
    "normal": TERRACOTTA,
    "hover": TERRACOTTA_LIGHT,
    "pressed": TERRACOTTA_DARK,
    "disabled": (146, 134, 120),
}
# The colour a caller should render a button's label in, per state.
BUTTON_LABEL: dict[str, RGB] = {
    "normal": IVORY,
    "hover": (255, 248, 228),
    "pressed": GOLD_LIGHT,
    "disabled": (232, 224, 212),
}


def lighten(color: RGB, amount: float) -> RGB:
    """Mix towards white; bevels and highlights are derived, not hand-picked per colour."""
    return (
        round(color[0] + (255 - color[0]) * amount),
        round(color[1] + (255 - color[1]) * amount),
        round(color[2] + (255 - color[2]) * amount),
    )


def darken(color: RGB, amount: float) -> RGB:
    """Mix towards black, for shadows and pressed states."""
    return (
        round(color[0] * (1 - amount)),
        round(color[1] * (1 - amount)),
        round(color[2] * (1 - amount)),
    )
