"""The title screen: the game to play, then New game, LAN game, Continue, Replay a game,
Settings, Rules, Quit.

Each game the client hosts has a card with its picture; the one chosen is
remembered in the settings and is what New game sets up and Rules explains.
On a screen too narrow for the cards, one button names the chosen game and
steps to the next. Continue is offered only when an unfinished game is saved,
and resumes the one played last, whichever game it is; Saved games lists them
all (`game.scenes.saved_games`). If a save cannot be read, the reason is shown
here in words and the save is set aside, never a crash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import games, savelist
from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.scene import Scene
from game.ui import icons, skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

ENTRIES = ("new_game", "lan", "continue", "saved", "replay", "settings", "rules", "quit")
CARD_ASPECT = 0.8   # a card's picture is this high for its width


def fitted_column(w: int, h: int, count: int, top: int, floor: int) -> list[pygame.Rect]:
    """The menu's column from `top`; on a screen too short for it, the buttons close up
    (down to the smallest finger-sized target) rather than run over the title at `floor`."""
    column = geo.menu_column(w, h, count, top=top)
    if column[0].y >= floor:
        return column
    per = (h - floor - max(4, geo.unit(w, h) // 8)) // count
    gap = max(4, min(column[1].y - column[0].bottom, per - geo.MIN_TARGET))
    height = max(geo.MIN_TARGET, per - gap)
    return [pygame.Rect(rect.x, floor + i * (height + gap), rect.w, height)
            for i, rect in enumerate(column)]


class TitleScene(Scene):
    attract_idle = 1.0

    def __init__(self, app: App, message: str = "") -> None:
        super().__init__(app)
        self.buttons = ButtonSet()
        self.cards = ButtonSet()
        self.games = games.games()
        self.message = message
        self.title_bottom = 0
        self._pictures: dict[tuple[str, int, int], pygame.Surface] = {}

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resume(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        title_px = max(24, int(min(w / 14, h / 8)))
        self.title_px = title_px
        self.title_bottom = int(h * 0.04) + int(title_px * 1.2) + int(title_px * 0.6)
        top = self.title_bottom + c // 3
        self.app.saver.flush()
        has_save = savelist.newest() is not None
        # The title's own letters: the menu may take the subtitle's room, never theirs.
        floor = int(h * 0.04) + int(title_px * 1.2) + max(4, c // 8)
        guide = self.app.game.guide_label()
        menu = list(ENTRIES)
        if guide and fitted_column(w, h, len(menu) + 2, top, floor)[-1].bottom <= h:
            menu.insert(1, "learn")   # a lesson, beside New game, where the column has room
        column = fitted_column(w, h, len(menu), top, floor)
        gap = max(6, c // 4)
        card_room = column[0].x - 2 * gap
        wide = card_room >= max(3 * c, w * 3 // 10)
        if wide:
            # The cards and the menu side by side, centred together.
            menu_w = column[0].w
            cards_w = min(card_room, int(menu_w * 1.1))
            left = (w - cards_w - 2 * gap - menu_w) // 2
            column = [r.move(left + cards_w + 2 * gap - r.x, 0) for r in column]
            self._place_cards(pygame.Rect(left, top, cards_w, column[-1].bottom - top))
            entries = menu
        else:
            self.cards.set([])
            column = fitted_column(w, h, len(menu) + 1, top, floor)
            entries = ["game", *menu]
        labels = {entry: t(f"menu.{entry}") for entry in ENTRIES}
        labels["learn"] = guide or ""
        labels["game"] = t("menu.game", game=self.app.game.name())
        self.buttons.set([
            Button(entry, rect, labels[entry],
                   enabled=(entry not in ("continue", "saved") or has_save),
                   style="gold" if entry == "new_game" else "normal")
            for entry, rect in zip(entries, column, strict=True)
        ])
        if self.app.tabletop:
            # On a table lying flat, the players across the screen turn the menus to face them.
            size = max(geo.MIN_TARGET, int(c * 1.1))
            self.buttons.add(Button(
                "turn", pygame.Rect(w - size - gap, gap, size, size), "",
                icon=icons.glyph("turn", int(size * 0.7)), style="quiet"))

    def _place_cards(self, area: pygame.Rect) -> None:
        """One card per game, stacked in `area`, as large as the room allows."""
        count = len(self.games)
        gap = max(4, area.w // 20)
        label_h = max(geo.MIN_TARGET // 2, area.w // 8)
        card_w = min(area.w, int((area.h - (count - 1) * gap) / count - label_h) / CARD_ASPECT)
        card_h = int(card_w * CARD_ASPECT) + label_h
        y = area.y + max(0, (area.h - count * card_h - (count - 1) * gap) // 2)
        x = area.x + (area.w - int(card_w)) // 2
        self.cards.set([
            Button(f"game:{game_id}", pygame.Rect(x, y + i * (card_h + gap), int(card_w), card_h),
                   client.name(), selected=client.id == self.app.game.id)
            for i, (game_id, client) in enumerate(self.games.items())
        ])

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            shortcuts = {"n": "new_game", "l": "lan", "c": "continue", "v": "saved",
                         "r": "replay",
                         "s": "settings", "h": "rules", "q": "quit", "escape": "quit",
                         "g": "game"}
            chosen = shortcuts.get(intent.key)
            if chosen == "game":
                self.next_game()
                return
            button = self.buttons.get(chosen) if chosen else None
            if button is not None and button.enabled:
                self.choose(button.id)
            return
        card = self.clicked(self.cards, intent)
        if card is not None:
            self.choose_game(card.partition(":")[2])
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen is not None:
            self.choose(chosen)

    def choose_game(self, game_id: str) -> None:
        self.app.choose_game(self.games[game_id])
        self.resize(*self.app.size)

    def next_game(self) -> None:
        """The game after the chosen one, in the cards' order (the narrow screen's button)."""
        ids = list(self.games)
        self.choose_game(ids[(ids.index(self.app.game.id) + 1) % len(ids)])

    def choose(self, entry: str) -> None:
        if entry == "game":
            self.next_game()
        elif entry == "new_game":
            from game.scenes.setup import SetupScene

            self.app.push(SetupScene(self.app))
        elif entry == "learn":
            self.app.game.guide(self.app)
        elif entry == "lan":
            from game.scenes.lobby import LobbyScene

            self.app.push(LobbyScene(self.app))
        elif entry == "continue":
            from game.scenes.flow import continue_game

            problem = continue_game(self.app)
            if problem:
                self.message = problem
                self.resize(*self.app.size)
        elif entry == "saved":
            from game.scenes.saved_games import SavedGamesScene

            self.app.push(SavedGamesScene(self.app))
        elif entry == "replay":
            from game.scenes.replay import ReplayPicker

            self.app.push(ReplayPicker(self.app))
        elif entry == "settings":
            from game.scenes.settings_screen import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif entry == "rules":
            self.app.push(self.app.game.rules_scene(self.app))
        elif entry == "quit":
            self.app.quit()
        elif entry == "turn":
            self.app.menus_turned = not self.app.menus_turned

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        y = int(h * 0.04)
        title = t("app.title")
        px = text.fit_px(title, "title", self.title_px, w - c)
        shadow = text.render(title, "title", px, pal.INK)
        surface.blit(shadow, shadow.get_rect(midtop=(w // 2 + 3, y + 3)))
        text.blit(surface, title, "title", px, pal.GOLD_LIGHT, (w // 2, y), "midtop")
        sub_px = max(12, int(px * 0.36))
        sub_top = y + int(px * 1.2)
        if sub_top + int(sub_px * 1.3) <= self.buttons.buttons[0].rect.top:
            # On the smallest screens the menu needs that room: the subtitle gives way.
            text.blit(surface, t("app.subtitle"), "text", sub_px, pal.PARCHMENT_DARK,
                      (w // 2, sub_top), "midtop")
        self._draw_cards(surface, c)
        self.buttons.draw(surface, max(14, int(c * 0.42)))
        if self.message:
            px_msg = geo.font_px(w, h, 0.32)
            last = self.buttons.get("quit")
            assert last is not None
            rect = pygame.Rect(c // 2, last.rect.bottom + 6, w - c, h - last.rect.bottom - 6)
            text.blit_wrapped(surface, self.message, "text", px_msg, pal.EMBER_LIGHT, rect,
                              "center")

    def _draw_cards(self, surface: pygame.Surface, c: int) -> None:
        """Each game's picture in a frame, its name beneath; the chosen one framed in gold."""
        for card in self.cards.buttons:
            rect = card.rect
            game_id = card.id.partition(":")[2]
            border = max(4, c // 8)
            inner = pygame.Rect(rect.x + border // 2, rect.y + border // 2, rect.w - border,
                                int(rect.w * CARD_ASPECT) - border)
            key = (game_id, inner.w, inner.h)
            shown = self._pictures.get(key)
            if shown is None:
                shown = self.games[game_id].picture(inner.w, inner.h)
                self._pictures[key] = shown
            surface.blit(skin.panel(rect.w, rect.h, active=card.selected), rect.topleft)
            surface.blit(shown, inner.topleft)
            label = pygame.Rect(rect.x, inner.y + shown.get_height(), rect.w,
                                rect.bottom - inner.y - shown.get_height())
            room = skin.panel_inner(rect.w, rect.h).w - c // 4   # clear of the corners' ornaments
            px = text.fit_px(card.label, "bold", max(12, int(label.h * 0.45)), room)
            text.blit(surface, card.label, "bold", px, pal.INK, label.center, "center")
            if card.selected:
                pygame.draw.rect(surface, pal.GOLD, rect, max(2, c // 12), border_radius=6)
