"""End-of-game scoring: the final board beside each player's four colours,
treasures being added to the weakest colours one by one, the weakest colour
highlighted, where one player's points came from (tap a player, or up and
down), and the ranking with its tie-breaks explained in words.

Everything shown comes from `engine.final_scores`, `state.ranking()` and the
engine's `vp` events (`game.tigris.points`); the treasure animation only
reveals the engine's assignment step by step.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

import pygame

import engine.tigris as engine
from game import layout as geo
from game.art import palette as pal
from game.i18n import join_names, t, tn
from game.input import Intent
from game.scene import Scene
from game.session import TableSession
from game.tigris import art
from game.tigris.art import palette as te_pal
from game.tigris.narrate import player as player_name
from game.tigris.points import Breakdown, point_sources, sources_used
from game.tigris.seats import Dynasties
from game.tigris.ui.board_picture import board_picture
from game.tween import SPEEDS
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

COLORS = ("red", "blue", "green", "black")
TREASURE_STEP = 0.45


def tiebreak_lines(scores: list[dict[str, Any]], ranking: list[list[int]],
                   dynasties: list[str]) -> list[str]:
    """Why each player is above the next one when their scores are equal."""
    lines: list[str] = []
    order = [seat for place in ranking for seat in place]
    for place in ranking:
        if len(place) > 1:
            names = join_names([player_name(s, dynasties) for s in place])
            lines.append(f"{names}: {t('end.tie_shared')}")
    for above, below in itertools.pairwise(order):
        a, b = scores[above]["sorted"], scores[below]["sorted"]
        if a == b or a[0] != b[0]:
            continue
        index = next(i for i in range(4) if a[i] != b[i])
        key = ("end.tiebreak.second", "end.tiebreak.third", "end.tiebreak.highest")[index - 1]
        pair = join_names([player_name(above, dynasties), player_name(below, dynasties)])
        lines.append(f"{pair}: {t(key)} ({a[index]} > {b[index]})")
    return lines


class ScoringScene(Scene):
    attract_idle = 1.0

    def __init__(self, app: App, session: TableSession) -> None:
        super().__init__(app)
        self.session = session
        state = session.state
        self.scores: list[dict[str, Any]] = [dict(s) for s in engine.final_scores(state)]
        self.ranking = state.ranking()
        self.dynasties = Dynasties([p["dynasty"] for p in state.to_dict()["players"]],
                                   [seat.name for seat in session.seats])
        self.order = [seat for place in self.ranking for seat in place]
        self.place_of = {seat: i + 1 for i, place in enumerate(self.ranking) for seat in place}
        saved = session.saved()
        self.breakdowns: list[Breakdown] = point_sources(saved.record, saved.start)
        self.sources = sources_used(self.breakdowns)
        self.selected = self.order[0]
        self.view = state.view(None)
        self.steps = self._treasure_steps()
        speed = SPEEDS.get(app.animation_speed, 1.0)
        self.step_time = TREASURE_STEP * speed
        self.clock = 0.0
        self.shown = 0 if self.step_time > 0 else len(self.steps)
        self.buttons = ButtonSet()
        self.row_rects: dict[int, pygame.Rect] = {}
        board = state.to_dict()["board"]
        left = sum(1 for cell in board.values() if cell.get("treasure"))
        self.reason = (tn("end.reason.treasures", left) if left <= 2 else t("end.reason.bag"))

    def _treasure_steps(self) -> list[tuple[int, str]]:
        """(seat, colour) per treasure, so they can be revealed one at a time."""
        steps: list[tuple[int, str]] = []
        for seat in self.order:
            for color in COLORS:
                steps += [(seat, color)] * int(self.scores[seat]["assigned"].get(color, 0))
        return steps

    @property
    def done_revealing(self) -> bool:
        return self.shown >= len(self.steps)

    def enter(self) -> None:
        self.resize(*self.app.size)
        self.app.play_sound("game_over")

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        bh = max(geo.MIN_TARGET, c)
        gap = max(6, c // 4)
        bw = min(int(c * 4.5), (w - 4 * gap) // 3)
        y = h - bh - gap
        x0 = (w - (3 * bw + 2 * gap)) // 2
        self.buttons.set([
            Button("replay", pygame.Rect(x0, y, bw, bh), t("menu.replay"), style="quiet"),
            Button("title", pygame.Rect(x0 + bw + gap, y, bw, bh), t("end.main_menu")),
            Button("new_game", pygame.Rect(x0 + 2 * (bw + gap), y, bw, bh), t("end.new_game"),
                   style="gold"),
        ])
        if getattr(self.session, "public_only", False):
            # A watcher holds no record to replay (game.kit.watching).
            self.buttons.set([b for b in self.buttons.buttons if b.id != "replay"])
        self.px = max(12, int(c * 0.4))
        self.small_px = max(11, int(self.px * 0.8))
        top = max(4, c // 6) + int(c * 0.8) + int(self.px * 1.6)
        area = pygame.Rect(gap, top, w - 2 * gap, y - gap - top)
        ratio = 12.5 / 17.5   # the framed board's height to width (game.tigris.art.board)
        if area.w >= area.h * 1.25:
            board_w = min(int(area.w * 0.46), int(area.h / ratio))
            self.board_rect = pygame.Rect(area.x, area.y, board_w, int(board_w * ratio))
            self.table_rect = pygame.Rect(self.board_rect.right + gap, area.y,
                                          area.right - self.board_rect.right - gap, area.h)
            self.notes_rect = pygame.Rect(area.x, self.board_rect.bottom + gap // 2, board_w,
                                          area.bottom - self.board_rect.bottom - gap // 2)
        else:
            board_h = int(area.h * 0.36)
            board_w = min(area.w, int(board_h / ratio))
            self.board_rect = pygame.Rect(area.centerx - board_w // 2, area.y, board_w,
                                          int(board_w * ratio))
            self.table_rect = pygame.Rect(area.x, self.board_rect.bottom + gap, area.w,
                                          area.bottom - self.board_rect.bottom - gap)
            self.notes_rect = pygame.Rect(0, 0, 0, 0)
        self.board = board_picture(self.view, self.board_rect.w, self.board_rect.h)
        self._place_rows()

    def _place_rows(self) -> None:
        """The players' rows at the top of the table column; what is left below them is
        the breakdown's (and, on a narrow screen, the notes')."""
        area = self.table_rect
        lines = len(self.sources) + 2
        room = area.h - lines * int(self.small_px * 1.35) - int(self.px * 1.6)
        self.row_h = max(int(self.px * 1.9), min(int(self.px * 3.2),
                                                 room // (len(self.order) + 1)))
        self.name_w = int(area.w * 0.34)
        self.col_w = (area.w - self.name_w) // 5
        y = area.y + self.row_h
        self.row_rects = {}
        for seat in self.order:
            self.row_rects[seat] = pygame.Rect(area.x, y, area.w, self.row_h - 4)
            y += self.row_h
        self.breakdown_top = y + 2

    def update(self, dt: float) -> None:
        if self.done_revealing or self.step_time <= 0:
            self.shown = len(self.steps)
            return
        self.clock += dt
        while self.clock >= self.step_time and not self.done_revealing:
            self.clock -= self.step_time
            self.shown += 1
            self.app.play_sound("treasure_taken")

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key in ("escape", "return", "enter"):
                self._choose("title")
            elif intent.key == "space":
                self.shown = len(self.steps)
            elif intent.key in ("up", "down"):
                step = -1 if intent.key == "up" else 1
                index = self.order.index(self.selected) + step
                self.selected = self.order[index % len(self.order)]
            return
        if intent.kind == "tap" and not self.done_revealing:
            self.shown = len(self.steps)
        if intent.kind == "tap" and intent.pos is not None:
            for seat, rect in self.row_rects.items():
                if rect.collidepoint(intent.pos):
                    self.selected = seat
        chosen = self.buttons.handle(intent)
        if chosen is not None:
            self._choose(chosen)

    def _choose(self, chosen: str) -> None:
        from game.scenes.title import TitleScene

        if chosen == "title":
            self.app.replace(TitleScene(self.app))
        elif chosen == "new_game":
            from game.scenes.setup import SetupScene

            self.app.replace(TitleScene(self.app))
            self.app.push(SetupScene(self.app))
        elif chosen == "replay":
            from game.scenes.replay import ReplayScene

            self.app.replace(TitleScene(self.app))
            self.app.push(ReplayScene(self.app, self.session.saved()))

    def assigned_so_far(self, seat: int) -> dict[str, int]:
        out = dict.fromkeys(COLORS, 0)
        for s, color in self.steps[: self.shown]:
            if s == seat:
                out[color] += 1
        return out

    def source_points(self, seat: int) -> dict[str, dict[str, int]]:
        """The breakdown shown for a seat: source -> colour -> points, its treasures as far
        as the reveal has got."""
        shown = self.assigned_so_far(seat)
        return {source: {color: (shown[color] if source == "treasures"
                                 else self.breakdowns[seat][color][source])
                         for color in COLORS}
                for source in self.sources}

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        px = self.px
        y = max(4, c // 6)
        text.blit(surface, t("end.title"), "title", max(18, int(c * 0.6)), pal.GOLD_LIGHT,
                  (w // 2, y), "midtop")
        y += int(c * 0.8)
        winners = self.ranking[0] if self.ranking else []
        names = [player_name(s, self.dynasties) for s in winners]
        headline = (t("end.winner", player=names[0]) if len(names) == 1
                    else t("end.shared_victory", players=join_names(names)))
        text.blit(surface, f"{headline}  {self.reason}", "bold", px, pal.IVORY, (w // 2, y),
                  "midtop")
        surface.blit(self.board, self.board_rect)
        area = self.table_rect
        for i, color in enumerate(COLORS):
            cx = area.x + self.name_w + i * self.col_w + self.col_w // 2
            icon = art.icon_surface(color, max(12, int(self.row_h * 0.55)))
            surface.blit(icon, icon.get_rect(center=(cx, area.y + self.row_h // 2)))
        text.blit(surface, t("end.score"), "bold", px, pal.GOLD_LIGHT,
                  (area.x + self.name_w + 4 * self.col_w + self.col_w // 2,
                   area.y + self.row_h // 2), "center")
        for seat, rect in self.row_rects.items():
            self._row(surface, seat, rect, self.name_w, self.col_w, px)
        bottom = self._breakdown(surface)
        notes = [t("end.breakdown_hint"), t("end.explain_score"), t("end.explain_treasures"),
                 *tiebreak_lines(self.scores, self.ranking, self.dynasties), *self.hint_lines()]
        notes_rect = (self.notes_rect if self.notes_rect.h else pygame.Rect(
            area.x, bottom, area.w, self.buttons.buttons[0].rect.y - bottom))
        y = notes_rect.y
        for note in notes:
            rect = pygame.Rect(notes_rect.x, y, notes_rect.w, notes_rect.bottom - y)
            y += text.blit_wrapped(surface, note, "text", self.small_px, pal.PARCHMENT_DARK,
                                   rect, "center")
        self.buttons.draw(surface, px)

    def hint_lines(self) -> list[str]:
        """How many hints each person asked for (game.kit.hint), once anyone asked one."""
        seats = self.session.seats
        if not any(seat.hints for seat in seats):
            return []
        counts = ", ".join(f"{player_name(i, self.dynasties)} {seat.hints}"
                           for i, seat in enumerate(seats) if seat.is_human)
        return [t("end.hints_used", counts=counts)]

    def _breakdown(self, surface: pygame.Surface) -> int:
        """Where the selected player's points came from, a line per source under the colour
        columns, and their sum; returns the y below it."""
        area = self.table_rect
        line = int(self.small_px * 1.35)
        y = self.breakdown_top
        title = t("end.breakdown", player=player_name(self.selected, self.dynasties))
        size = text.fit_px(title, "bold", self.small_px, area.w)
        text.blit(surface, title, "bold", size, pal.GOLD_LIGHT, (area.x, y))
        y += int(self.px * 1.3)
        points = self.source_points(self.selected)
        totals = {color: sum(points[s][color] for s in self.sources) for color in COLORS}
        rows = [*((f"end.source.{s}", points[s]) for s in self.sources),
                ("end.source.total", totals)]
        for key, by_color in rows:
            role = "bold" if key == "end.source.total" else "text"
            label = t(key)
            text.blit(surface, label, role, text.fit_px(label, role, self.small_px,
                                                        self.name_w - 4),
                      pal.IVORY, (area.x + 4, y + line // 2), "midleft")
            for i, color in enumerate(COLORS):
                cx = area.x + self.name_w + i * self.col_w + self.col_w // 2
                value = by_color[color]
                shade = pal.IVORY if value else pal.SAND_DARK
                text.blit(surface, str(value), role, self.small_px, shade, (cx, y + line // 2),
                          "center")
            y += line
        return y + line // 3

    def _row(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, name_w: int,
             col_w: int, px: int) -> None:
        winner = self.place_of[seat] == 1
        surface.blit(skin.panel(rect.w, rect.h, winner), rect)
        if seat == self.selected:
            pygame.draw.rect(surface, pal.GOLD_LIGHT, rect.inflate(4, 4), 2,
                             border_radius=max(4, rect.h // 6))
        medal = art.icon_surface(self.dynasties[seat], max(12, rect.h - 8))
        surface.blit(medal, medal.get_rect(midleft=(rect.x + 6, rect.centery)))
        label = f"{self.place_of[seat]}. {player_name(seat, self.dynasties)}"
        size = text.fit_px(label, "bold", px, name_w - medal.get_width() - 14)
        text.blit(surface, label, "bold", size, pal.TEXT,
                  (rect.x + medal.get_width() + 12, rect.centery), "midleft")
        base = self.scores[seat]["colors"]
        extra = self.assigned_so_far(seat)
        totals = {color: base[color] + extra[color] for color in COLORS}
        weakest = min(totals.values())
        for i, color in enumerate(COLORS):
            cell = pygame.Rect(rect.x + name_w + i * col_w, rect.y, col_w, rect.h)
            if self.done_revealing and totals[color] == weakest:
                pygame.draw.rect(surface, pal.EMBER_LIGHT, cell.inflate(-4, -6),
                                 border_radius=6)
            text.blit(surface, str(totals[color]), "bold", px, te_pal.TEXT_COLORS_ON_LIGHT[color],
                      (cell.centerx, cell.centery - (px // 3 if extra[color] else 0)), "center")
            if extra[color]:
                text.blit(surface, f"+{extra[color]}", "text", max(9, px * 2 // 3), pal.GOLD_DARK,
                          (cell.centerx, cell.bottom - 2), "midbottom")
        score_cell = pygame.Rect(rect.x + name_w + 4 * col_w, rect.y, col_w, rect.h)
        score = weakest if self.done_revealing else self.scores[seat]["score"]
        shown = str(score) if self.done_revealing else "…"
        text.blit(surface, shown, "title", int(px * 1.3), pal.TEXT, score_cell.center, "center")
