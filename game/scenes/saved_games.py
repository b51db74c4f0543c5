"""The saved games: every unfinished game, the most recently played first.

Each row names the game, when it was last played, its players (a computer
with its level) and how far it went, in the words its game's client gives;
a tap on the row continues it, and its buttons replay it or delete it after
asking. The list holds `savelist.KEPT` games; the note under it says where
older ones are kept. A file that cannot be read is set aside by the reader
and its row says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from datafiles import UnreadableFile
from game import games, savegame, savelist, savesummary, storage
from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.savegame import SavedGame
from game.scene import Scene
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App


@dataclass(frozen=True)
class Row:
    """One unfinished game as the list shows it; `saved` is None for a file set aside."""

    path: Path
    lines: tuple[str, ...]
    saved: SavedGame | None


def read_row(path: Path) -> Row:
    when = savelist.last_played(path)
    try:
        saved = savegame.load(path)
    except FileNotFoundError:
        return Row(path, (when,), None)
    except UnreadableFile as exc:
        return Row(path, (t("replay.set_aside", when=when), exc.reason), None)
    client = games.of_record(saved.record)
    summary = savesummary.of_saved(client, saved)
    progress = "" if summary is None else savesummary.progress_words(client, summary)
    return Row(path, (t("saves.heading", game=client.name(), when=when),
                      ", ".join(savesummary.seat_names(client, saved)), progress), saved)


class SavedGamesScene(Scene):
    attract_idle = 1.0

    def __init__(self, app: App) -> None:
        super().__init__(app)
        app.saver.flush()
        self.rows = [read_row(path) for path in savelist.unfinished()]
        self.buttons = ButtonSet()
        self.page = 0
        self.per_page = 1
        self.message = ""

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resume(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        gap = max(6, c // 4)
        self.px = max(12, int(c * 0.34))
        self.title_h = max(18, int(c * 0.55)) + 2 * gap
        bottom_h = max(geo.MIN_TARGET, int(c * 1.05))
        note_h = int(self.px * 2.8)
        row_h = max(geo.MIN_TARGET, int(self.px * 5.2))
        room = h - self.title_h - bottom_h - note_h - 2 * gap
        self.per_page = max(1, room // (row_h + gap))
        pages = max(1, -(-len(self.rows) // self.per_page))
        self.page = min(self.page, pages - 1)
        width = min(w - 2 * gap, 20 * c)
        left = (w - width) // 2
        side_w = max(geo.MIN_TARGET * 2, int(c * 2.6))
        buttons: list[Button] = []
        first = self.page * self.per_page
        for slot, index in enumerate(range(first, min(len(self.rows), first + self.per_page))):
            y = self.title_h + slot * (row_h + gap)
            row = self.rows[index]
            usable = row.saved is not None
            buttons.append(Button(f"open:{index}", pygame.Rect(left, y, width - 2 * (side_w + gap),
                                                               row_h), "", enabled=usable,
                                  style="quiet"))
            buttons.append(Button(f"replay:{index}",
                                  pygame.Rect(left + width - 2 * side_w - gap, y, side_w, row_h),
                                  t("saves.replay"), enabled=usable))
            buttons.append(Button(f"delete:{index}",
                                  pygame.Rect(left + width - side_w, y, side_w, row_h),
                                  t("saves.delete"), style="quiet"))
        y = h - bottom_h - gap
        third = (width - 2 * gap) // 3
        buttons.append(Button("back", pygame.Rect(left + third + gap, y, third, bottom_h),
                              t("common.back")))
        if pages > 1:
            buttons.append(Button("previous_page", pygame.Rect(left, y, third, bottom_h),
                                  t("saves.previous_page"), enabled=self.page > 0))
            buttons.append(Button("next_page",
                                  pygame.Rect(left + 2 * (third + gap), y, third, bottom_h),
                                  t("saves.next_page"), enabled=self.page < pages - 1))
        self.note_rect = pygame.Rect(left, y - note_h - gap // 2, width, note_h)
        self.buttons.set(buttons)

    def handle(self, intent: Intent) -> None:
        if (intent.kind == "key" and intent.key == "escape") or intent.kind == "back":
            self.app.pop(self)
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen is None:
            return
        if chosen == "back":
            self.app.pop(self)
        elif chosen in ("previous_page", "next_page"):
            self.page += 1 if chosen == "next_page" else -1
            self.resize(*self.app.size)
        else:
            what, _, index = chosen.partition(":")
            row = self.rows[int(index)]
            if what == "open":
                self.open(row)
            elif what == "replay":
                self.replay(row)
            elif what == "delete":
                self.ask_delete(row)

    def open(self, row: Row) -> None:
        from game.scenes.flow import continue_game

        problem = continue_game(self.app, row.path)
        if problem:
            self.message = problem
            self.rows = [read_row(path) for path in savelist.unfinished()]
            self.resize(*self.app.size)

    def replay(self, row: Row) -> None:
        from game.scenes.replay import replay_of

        assert row.saved is not None
        try:
            self.app.push(replay_of(self.app, row.saved))
        except UnreadableFile as exc:
            self.message = t("error.replay_failed", detail=exc.reason)
            self.rows = [read_row(path) for path in savelist.unfinished()]
            self.resize(*self.app.size)

    def ask_delete(self, row: Row) -> None:
        """Deleting loses the game: the player says so first."""
        from game.scenes.dialog import DialogScene, DialogSpec, Option

        def delete() -> None:
            self.app.pop(dialog)
            savegame.delete(row.path)
            self.rows = [r for r in self.rows if r.path != row.path]
            self.resize(*self.app.size)

        def keep() -> None:
            self.app.pop(dialog)

        dialog = DialogScene(self.app, DialogSpec(
            title=t("saves.delete_title"), lines=[*row.lines[:2], t("saves.delete_body")],
            options=[Option("keep", t("saves.keep"), keep, style="gold"),
                     Option("confirm_delete", t("saves.delete"), delete)],
            on_back=keep))
        self.app.push(dialog)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        title = t("saves.title") if self.rows else t("saves.none")
        text.blit(surface, title, "title", max(18, int(c * 0.55)), pal.GOLD_LIGHT,
                  (w // 2, max(4, c // 4)), "midtop")
        self.buttons.draw(surface, self.px)
        for button in self.buttons.buttons:
            what, _, index = button.id.partition(":")
            if what == "open":
                self._draw_row(surface, button.rect, self.rows[int(index)])
        note = self.message or t("saves.kept", count=savelist.KEPT,
                                 folder=str(storage.saves_archive_dir()))
        text.blit_wrapped(surface, note, "text", max(11, int(self.px * 0.85)),
                          pal.EMBER_LIGHT if self.message else pal.PARCHMENT_DARK,
                          self.note_rect, "center")

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, row: Row) -> None:
        """The game and date in bold, then its players, then its progress."""
        pad = max(6, rect.h // 7)
        line_h = (rect.h - 2 * pad) // 3
        for i, line in enumerate(row.lines):
            style = "bold" if i == 0 else "text"
            px = text.fit_px(line, style, self.px, rect.w - 3 * pad)
            color = pal.GOLD_LIGHT if i == 0 else pal.TEXT_ON_DARK
            text.blit(surface, line, style, px, color,
                      (rect.x + 3 * pad // 2, rect.y + pad + i * line_h + line_h // 2), "midleft")
