"""The result moment: after each revolt or war, play pauses on what happened.

It shows both sides (each leader ringed in its side's colour, as the commit
dialog and the board marks are), each side's strength on the board, what it
committed and its total, who won, which leaders and tiles leave (their squares
marked on the board) and the points scored, all from the engine's events
(game.tigris.conflict_result). It waits for a tap, a click or a key anywhere, or,
when the table gives it seconds, goes by itself; while it shows, the table
under it neither serves a player nor lets a computer move. At the desk it docks
at the side like a decision, so the board stays in sight; at the tabletop it is
drawn twice, facing each long edge, in the quarters of the board where fewest
of the marked squares lie.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.art import palette as pal
from game.i18n import t, tn
from game.input import Intent
from game.scenes.dialog import DialogScene, DialogSpec, Option
from game.tigris.conflict_result import ConflictResult
from game.tigris.narrate import player as player_name
from game.tigris.scenes.decisions import dock_beside, draw_side
from game.tigris.ui import conflict_marks

if TYPE_CHECKING:
    from game.tigris.scenes.table import TableScene

DISMISSING = frozenset({"tap", "drop", "long_press", "secondary", "key"})


class ConflictMomentScene(DialogScene):
    def __init__(self, table: TableScene, result: ConflictResult,
                 seconds: float | None) -> None:
        self.table = table
        self.result = result
        self.seconds = seconds
        self.left = seconds
        self.dismissed = False
        self.cards: list[tuple[pygame.Rect, int]] = []
        self.picture: pygame.Surface | None = None
        self.turned_pictures: list[pygame.Surface] = []
        super().__init__(table.app, self._spec(), dock=self._dock())

    # ----- what it says ------------------------------------------------------------------

    def _spec(self) -> DialogSpec:
        r = self.result
        dyn = self.table.dynasties
        title = f'{t(f"dialog.{r.kind}.title")} {t(f"dialog.conflict.about.{r.color}")}'
        winner = next(s for s in r.sides if s.seat == r.winner)
        loser = next(s for s in r.sides if s.seat == r.loser)
        lines = [t("dialog.conflict.result", winner=player_name(r.winner, dyn),
                   winner_total=winner.total, loser_total=loser.total)]
        for leaving in r.leaders:
            key = ("log.leader_lost_temple" if leaving.reason == "no_temple"
                   else "result.leader_home")
            lines.append(t(f"{key}.{leaving.color}", player=player_name(leaving.seat, dyn),
                           **{"from": leaving.square}))
        if r.tiles and r.tiles_color:
            lines.append(tn(f"log.tiles_removed.{r.tiles_color}", len(r.tiles),
                            squares=", ".join(r.tiles)))
        for seat, color, amount in r.points:
            lines.append(tn(f"log.vp.{color}", amount, player=player_name(seat, dyn)))
        if self.table.app.tabletop:
            # Two small cards over the board: the tap goes anywhere, so no button.
            return DialogSpec(title=title, lines=[*lines, t("result.tap")],
                              content_height=1.8, content=self._draw_sides, docked=True)
        return DialogSpec(title=title, lines=lines, content_height=2.6,
                          content=self._draw_sides, docked=True,
                          footer=[Option("continue", t("result.tap"), self.dismiss,
                                         style="gold")])

    def _draw_sides(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The two sides one above the other, the winner's framed in gold."""
        r = self.result
        half = rect.h // 2
        unknown = t("dialog.conflict.not_yet")
        for i, side in enumerate(r.sides):
            row = pygame.Rect(rect.x, rect.y + i * half, rect.w, half).inflate(0, -4)
            if side.seat == r.winner:
                pygame.draw.rect(surface, pal.GOLD, row.inflate(4, 2), max(2, self.px // 6),
                                 border_radius=self.px // 2)
            role = side.role or ""
            board = unknown if side.board is None else str(side.board)
            committed = unknown if side.committed is None else str(side.committed)
            draw_side(surface, row.inflate(-6, 0), self.table.dynasties, r.color, role,
                      side.seat, [f'{t("dialog.conflict.board_strength")}: {board}',
                                  f'{t("dialog.conflict.committed")}: {committed}'],
                      f'{t("dialog.conflict.total")}: {side.total}', self.px,
                      tally=f"{'…' if side.board is None else side.board} + "
                            f"{'…' if side.committed is None else side.committed}")

    # ----- where it goes -----------------------------------------------------------------

    def _dock(self) -> pygame.Rect:
        return dock_beside(self.table)

    def resize(self, w: int, h: int) -> None:
        self.picture = None
        if not self.table.app.tabletop:
            self.dock = self._dock()
            super().resize(w, h)
            self.cards = []
            return
        board = self.table.layout.board
        card = pygame.Rect(0, 0, board.w * 12 // 25, board.h * 19 // 40)
        self.dock = card
        super().resize(w, h)
        self.cards = []
        for half, rotation in ((0, 180), (1, 0)):
            y = board.y + half * board.h // 2 + (board.h // 2 - self.rect.h) // 2
            places = [pygame.Rect(board.x + board.w // 40, y, self.rect.w, self.rect.h),
                      pygame.Rect(board.right - board.w // 40 - self.rect.w, y, self.rect.w,
                                  self.rect.h)]
            self.cards.append((min(places, key=self._marks_under), rotation))

    def _marks_under(self, place: pygame.Rect) -> int:
        return sum(place.colliderect(self.table.painter.square_rect(s))
                   for s in self.result.squares_emptied)

    # ----- how it goes -------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if self.table.moment_intent(intent):
            return
        if intent.kind in DISMISSING:
            self.dismiss()

    def update(self, dt: float) -> None:
        if self.left is None or self.dismissed:
            return
        self.left -= dt
        if self.left <= 0:
            self.dismiss()

    def dismiss(self) -> None:
        if not self.dismissed:
            self.dismissed = True
            self.table.moment_done(self)

    def draw(self, surface: pygame.Surface) -> None:
        """The marks on the board, then the card: drawn once into a picture (what it says
        does not change while it shows) and blitted each frame, with its time bar."""
        conflict_marks.draw_leaving(surface, self.table.painter, self.result.squares_emptied,
                                    self.table.layout.cell)
        if self.picture is None or self.picture.get_size() != self.rect.size:
            self.picture = self._render()
        bar = self._time_bar()
        if not self.cards:
            surface.blit(self.picture, self.rect)
            if bar is not None:
                pygame.draw.rect(surface, pal.GOLD_DARK, bar.move(self.rect.topleft))
            return
        for (place, rotation), picture in zip(self.cards, self._turned(), strict=True):
            surface.blit(picture, place)
            if bar is not None:
                turned = (pygame.Rect(place.w - bar.right, place.h - bar.bottom, bar.w, bar.h)
                          if rotation else bar)
                pygame.draw.rect(surface, pal.GOLD_DARK, turned.move(place.topleft))

    def _render(self) -> pygame.Surface:
        picture = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        at = self.rect.topleft
        self._shift(-at[0], -at[1])
        super().draw(picture)
        self._shift(at[0], at[1])
        self.turned_pictures = []
        return picture

    def _turned(self) -> list[pygame.Surface]:
        if not self.turned_pictures and self.picture is not None:
            self.turned_pictures = [
                pygame.transform.rotate(self.picture, rotation) if rotation else self.picture
                for _, rotation in self.cards]
        return self.turned_pictures

    def _shift(self, dx: int, dy: int) -> None:
        """Moves the laid-out card (to draw it once off screen and place its copies)."""
        self.rect.move_ip(dx, dy)
        self.inner.move_ip(dx, dy)
        self.content_rect.move_ip(dx, dy)
        for button in self.buttons.buttons:
            button.rect.move_ip(dx, dy)

    def _time_bar(self) -> pygame.Rect | None:
        """With seconds to go, a thin bar under the card's content shrinks to nothing (in
        the card's own coordinates)."""
        if self.seconds is None or self.left is None or self.seconds <= 0:
            return None
        inner = self.inner.move(-self.rect.x, -self.rect.y)
        share = max(0.0, self.left / self.seconds)
        return pygame.Rect(inner.x, inner.bottom + 2, int(inner.w * share), 3)
