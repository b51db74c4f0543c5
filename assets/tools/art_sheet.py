"""Render a contact sheet of every piece of art, the boards, the interface and text in
every language, so the look can be judged by eye in one picture.

    python assets/tools/art_sheet.py [OUTPUT.png]     (default docs/screenshots/art-sheet.png)

Runs headless (SDL's dummy video driver); needs the project importable (the venv).
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

import engine.tigris as engine  # noqa: E402
from game import i18n  # noqa: E402
from game.art import palette as pal  # noqa: E402
from game.tigris import art, wording  # noqa: E402
from game.tigris.art import palette as te_pal  # noqa: E402

WIDTH = 2000
MARGIN = 40


class Sheet:
    """A tall canvas filled top to bottom, section by section."""

    def __init__(self, height: int) -> None:
        self.surface = art.table_background((WIDTH, height)).copy()
        self.y = MARGIN

    def heading(self, text: str) -> None:
        label = art.font("title", 34).render(text, True, pal.GOLD_LIGHT)
        self.surface.blit(label, (MARGIN, self.y))
        rule_y = self.y + label.get_height() + 4
        pygame.draw.line(self.surface, pal.GOLD_DARK, (MARGIN, rule_y), (WIDTH - MARGIN, rule_y))
        self.y = rule_y + 16

    def caption(self, text: str, x: int, y: int) -> None:
        label = art.font("text", 15).render(text, True, pal.SAND_LIGHT)
        self.surface.blit(label, (x, y))

    def row(self, items: list[tuple[str, pygame.Surface]], gap: int = 18) -> None:
        x = MARGIN
        height = max(s.get_height() for _, s in items)
        for caption, surface in items:
            self.surface.blit(surface, (x, self.y + height - surface.get_height()))
            if caption:
                self.caption(caption, x, self.y + height + 4)
            x += max(surface.get_width(), 70) + gap
        self.y += height + 34


def pieces(sheet: Sheet) -> None:
    sheet.heading("Civilization tiles — 24, 48, 96, 160 px")
    for face_down in (False, True):
        items = []
        for color in art.COLORS:
            for size in (24, 48, 96, 160):
                cap = f"{color}{' (back)' if face_down else ''}" if size == 160 else ""
                items.append((cap, art.tile_surface(color, size, face_down)))
            if face_down:
                break
        sheet.row(items, 10)

    sheet.heading("Leaders — every dynasty in every colour, 72 px; and at 24 and 40 px")
    items = [(f"{d} {art.LEADER_TITLES[c]}" if c == "black" else "", art.leader_surface(d, c, 72))
             for d in art.DYNASTIES for c in art.COLORS]
    sheet.row(items, 12)
    items = [("", art.leader_surface(d, c, s)) for s in (24, 40) for d in art.DYNASTIES
             for c in art.COLORS]
    sheet.row(items, 6)

    sheet.heading("Catastrophe, treasures, unification, wonder, buildings — 40, 72, 120 px")
    items: list[tuple[str, pygame.Surface]] = []
    makers: list[tuple[str, Callable[[int], pygame.Surface]]] = [
        ("catastrophe", art.catastrophe_surface),
        ("treasure", art.treasure_surface),
        ("corner treasure", lambda s: art.treasure_surface(s, True)),
        ("unification", art.unification_surface),
        ("wonder", art.wonder_surface),
    ]
    for name, make in makers:
        for size in (40, 72, 120):
            items.append((name if size == 120 else "", make(size)))
    sheet.row(items, 8)
    sheet.row([(f"{c} building", art.building_surface(c, 96)) for c in art.COLORS]
              + [("on a tile", _building_on_tile("green", 96))], 24)

    sheet.heading("Monuments — 2×2 squares, 176 and 96 px")
    sheet.row([(f"{a}/{b}", art.monument_surface((a, b), 176))
               for a, b in itertools.combinations(art.COLORS, 2)], 20)
    sheet.row([("", art.monument_surface((b, a), 96))
               for a, b in itertools.combinations(art.COLORS, 2)], 20)

    sheet.heading("Icons — 16, 24, 32 px")
    items = []
    for name in art.ICON_NAMES:
        for size in (16, 24, 32):
            items.append(("", art.icon_surface(name, size)))
    sheet.row(items, 4)


def _building_on_tile(color: str, size: int) -> pygame.Surface:
    out = art.tile_surface(color, size).copy()
    b = art.building_surface(color, size * 3 // 5)
    out.blit(b, (size - b.get_width(), 0))
    return out


def board(sheet: Sheet) -> None:
    sheet.heading("Classic board with pieces — and the alternative board")
    layout = engine.board_layout("classic")
    w, h = 1180, 830
    surface = art.board_surface(layout, w, h).copy()
    grid = art.board_grid_rect(w, h)
    cell = grid.w // 16

    def at(square: str) -> tuple[int, int]:
        col, row = art.parse_square(square)
        return grid.x + col * cell, grid.y + row * cell

    for sq in layout["treasures"]:
        surface.blit(art.tile_surface("red", cell), at(sq))
        t = art.treasure_surface(cell // 2, sq in layout["corner_treasures"])
        x, y = at(sq)
        surface.blit(t, (x + cell - t.get_width() + 2, y - 2))
    placed = {"H6": "red", "H7": "red", "I7": "black", "J7": "black", "G6": "green",
              "G7": "green", "D8": "blue", "E8": "blue", "F8": "blue", "K6": "red",
              "L5": "green"}
    for sq, color in placed.items():
        surface.blit(art.tile_surface(color, cell), at(sq))
    for sq in ("F5", "G5", "F6"):
        surface.blit(art.tile_surface("black", cell), at(sq))
    surface.blit(art.monument_surface(("blue", "black"), 2 * cell), at("M10"))
    surface.blit(art.leader_surface("lion", "black", cell), at("I6"))
    surface.blit(art.leader_surface("bull", "green", cell), at("J6"))
    surface.blit(art.leader_surface("archer", "red", cell), at("I8"))
    surface.blit(art.leader_surface("pot", "blue", cell), at("J10"))
    surface.blit(art.catastrophe_surface(cell), at("E7"))
    surface.blit(art.unification_surface(cell), at("H7"))
    b = art.building_surface("blue", cell * 3 // 5)
    x, y = at("E8")
    surface.blit(b, (x + cell - b.get_width(), y))
    highlight = pygame.Surface((cell, cell), pygame.SRCALPHA)
    highlight.fill(pal.LEGAL_MOVE)
    for sq in ("H5", "I5", "K7", "H8"):
        surface.blit(highlight, at(sq))
    sheet.surface.blit(surface, (MARGIN, sheet.y))
    alt = art.board_surface(engine.board_layout("alternative"), 700, 500)
    sheet.surface.blit(alt, (MARGIN + w + 30, sheet.y))
    small = art.board_surface(layout, 420, 300)
    sheet.surface.blit(small, (MARGIN + w + 30, sheet.y + 520))
    sheet.y += h + 30


def interface(sheet: Sheet) -> None:
    sheet.heading("Panels, dialog, buttons (normal, hover, pressed, disabled)")
    top = sheet.y
    panel = art.panel_background((420, 330)).copy()
    inner = art.panel_content_rect((420, 330))
    _write_hand_panel(panel, inner)
    sheet.surface.blit(panel, (MARGIN, top))
    dialog = art.dialog_background((560, 400)).copy()
    _write_conflict_dialog(dialog, art.dialog_content_rect((560, 400)))
    sheet.surface.blit(dialog, (MARGIN + 450, top))
    x0 = MARGIN + 1040
    y = top
    for (w, h), px in (((200, 58), 22), ((150, 44), 17), ((100, 34), 14)):
        x = x0
        for state in pal.BUTTON_STATES:
            label = art.font("bold", px).render("End turn" if w >= 150 else "Undo", True,
                                                pal.BUTTON_LABEL[state])
            surface = art.button_surface((w, h), label, state)
            sheet.surface.blit(surface, (x, y))
            x += w + 14
        y += h + 24
    for i, icon in enumerate(("bag", "treasure", "catastrophe")):
        label = pygame.Surface((110, 30), pygame.SRCALPHA)
        label.blit(art.icon_surface(icon, 26), (0, 2))
        label.blit(art.font("bold", 18).render(str(58 - i * 29), True, pal.BUTTON_LABEL["normal"]),
                   (34, 2))
        sheet.surface.blit(art.button_surface((130, 48), label, "normal"), (x0 + i * 150, y))
    sheet.y = top + 430


def _write_hand_panel(panel: pygame.Surface, inner: pygame.Rect) -> None:
    title = art.font("title", 24).render(i18n.t("table.hand"), True, pal.INK)
    panel.blit(title, (inner.x + 8, inner.y + 4))
    x = inner.x + 8
    for color in ("red", "red", "blue", "green", "black", "black"):
        panel.blit(art.tile_surface(color, 56), (x, inner.y + 48))
        x += 62
    y = inner.y + 120
    for color in art.COLORS:
        panel.blit(art.icon_surface(color, 22), (inner.x + 8, y))
        text = art.font("text", 18).render(f"{i18n.t('color.' + color)}: 7", True,
                                           te_pal.TEXT_COLORS_ON_LIGHT[color])
        panel.blit(text, (inner.x + 38, y))
        y += 28
    panel.blit(art.icon_surface("treasure", 24), (inner.x + 200, inner.y + 120))
    panel.blit(art.font("bold", 18).render(f"{i18n.t('table.treasures')}: 2", True, pal.INK),
               (inner.x + 230, inner.y + 121))
    panel.blit(art.font("text", 16).render(i18n.tn("table.actions_left", 1), True,
                                           pal.TEXT_MUTED), (inner.x + 200, inner.y + 156))


def _write_conflict_dialog(dialog: pygame.Surface, inner: pygame.Rect) -> None:
    title = art.font("title", 30).render(i18n.t("dialog.war.title"), True, pal.TERRACOTTA_DARK)
    dialog.blit(title, title.get_rect(midtop=(inner.centerx, inner.y + 6)))
    sub = art.font("text", 17).render(i18n.t("dialog.conflict.about.black"), True, pal.INK)
    dialog.blit(sub, sub.get_rect(midtop=(inner.centerx, inner.y + 48)))
    for i, (side, dynasty, strength) in enumerate((("attacker", "lion", 3),
                                                    ("defender", "bull", 4))):
        cx = inner.x + inner.w // 4 + i * inner.w // 2
        dialog.blit(art.leader_surface(dynasty, "black", 72), (cx - 36, inner.y + 82))
        label = art.font("bold", 16).render(i18n.t(f"dialog.conflict.{side}"), True, pal.INK)
        dialog.blit(label, label.get_rect(midtop=(cx, inner.y + 160)))
        value = art.font("text", 15).render(
            f"{i18n.t('dialog.conflict.board_strength')}: {strength}", True, pal.TEXT_MUTED)
        dialog.blit(value, value.get_rect(midtop=(cx, inner.y + 184)))
    label = art.font("bold", 18).render(i18n.tn("dialog.conflict.commit", 2), True,
                                        pal.BUTTON_LABEL["normal"])
    button = art.button_surface((220, 46), label, "normal")
    dialog.blit(button, button.get_rect(midbottom=(inner.centerx, inner.bottom - 6)))


def languages(sheet: Sheet) -> None:
    sheet.heading("Text in every language — Cinzel titles, Noto Sans text")
    names = ["Lion", "Bull"]
    event = {"type": "conflict_won", "kind": "war", "color": "black", "winner": 0, "loser": 1,
             "winner_total": 5, "loser_total": 4}
    col_w = (WIDTH - 2 * MARGIN) // 5
    top = sheet.y
    bottom = top
    for i, code in enumerate(i18n.languages()):
        i18n.set_language(code)
        x = MARGIN + i * col_w
        y = top
        title = art.font("title", 26).render(i18n.t("app.title"), True, pal.GOLD_LIGHT)
        sheet.surface.blit(title, (x, y))
        y += 40
        lines = [
            ("bold", i18n.t("menu.new_game") + " · " + i18n.t("menu.continue")),
            ("text", i18n.t("handover.pass_to", player=i18n.t("dynasty.lion"))),
            ("text", wording.log_line({"type": "tile_placed", "seat": 1, "color": "blue",
                                    "at": "D4"}, names) or ""),
            ("text", wording.log_line(event, names) or ""),
            ("text", i18n.t("illegal.not_next_to_temple", square="C5")),
            ("bold", ", ".join(i18n.t(f"tile.{c}") for c in art.COLORS)),
            ("text", ", ".join(i18n.t(f"leader.{c}") for c in art.COLORS)),
        ]
        for role, text in lines:
            for part in _wrap(text, role, 16, col_w - 20):
                color = pal.IVORY if role == "bold" else pal.SAND_LIGHT
                sheet.surface.blit(art.font(role, 16).render(part, True, color), (x, y))
                y += 22
            y += 4
        bottom = max(bottom, y)
    i18n.set_language("en")
    sheet.y = bottom + 20


def _wrap(text: str, role: str, px: int, width: int) -> list[str]:
    f = art.font(role, px)
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if f.size(trial)[0] <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def main() -> None:
    default = ROOT / "docs" / "screenshots" / "art-sheet.png"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    pygame.init()
    sheet = Sheet(4300)
    title = art.font("title", 64).render("Tigris & Euphrates", True, pal.GOLD_LIGHT)
    sheet.surface.blit(title, (MARGIN, sheet.y))
    sub = art.font("text", 20).render("Art sheet: everything game/art draws, in code",
                                      True, pal.SAND_LIGHT)
    sheet.surface.blit(sub, (MARGIN + 4, sheet.y + 80))
    sheet.y += 130
    pieces(sheet)
    board(sheet)
    interface(sheet)
    languages(sheet)
    final = sheet.surface.subsurface((0, 0, WIDTH, min(sheet.y + MARGIN, 4300))).copy()
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(final, str(out))
    print(f"{out} ({final.get_width()}×{final.get_height()})")


if __name__ == "__main__":
    main()
