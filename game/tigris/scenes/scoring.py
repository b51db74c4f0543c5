"""End-of-game scoring: each player's four colours, treasures being added to
the weakest colours one by one, the weakest colour highlighted, and the
ranking with its tie-breaks explained in words.

Everything shown comes from `engine.final_scores` and `state.ranking()`; the
treasure animation only reveals the engine's assignment step by step.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

import pygame

import engine.tigris as engine
from game import art
from game import layout as geo
from game.art import palette as pal
from game.i18n import join_names, t, tn
from game.input import Intent
from game.scene import Scene
from game.session import TableSession
from game.tigris.narrate import player as player_name
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
        self.dynasties = [p["dynasty"] for p in state.to_dict()["players"]]
        self.order = [seat for place in self.ranking for seat in place]
        self.place_of = {seat: i + 1 for i, place in enumerate(self.ranking) for seat in place}
        self.steps = self._treasure_steps()
        speed = SPEEDS.get(app.animation_speed, 1.0)
        self.step_time = TREASURE_STEP * speed
        self.clock = 0.0
        self.shown = 0 if self.step_time > 0 else len(self.steps)
        self.buttons = ButtonSet()
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

    def update(self, dt: float) -> None:
        if self.done_revealing or self.step_time <= 0:
            self.shown = len(self.steps)
            return
        self.clock += dt
        while self.clock >= self.step_time and not self.done_revealing:
            self.clock -= self.step_time
            self.shown += 1
            self.app.play_sound("treasure")

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key in ("escape", "return", "enter"):
                self._choose("title")
            elif intent.key == "space":
                self.shown = len(self.steps)
            return
        if intent.kind == "tap" and not self.done_revealing:
            self.shown = len(self.steps)
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

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        px = max(13, int(c * 0.45))
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
        y += int(px * 1.6)
        width = min(w - c // 2, int(c * 16))
        x0 = (w - width) // 2
        rows_h = self.buttons.buttons[0].rect.y - y - int(px * 1.3) * 4
        row_h = max(geo.MIN_TARGET, min(int(c * 1.6), rows_h // max(1, len(self.order) + 1)))
        name_w = int(width * 0.34)
        col_w = (width - name_w) // 5
        header_y = y
        for i, color in enumerate(COLORS):
            cx = x0 + name_w + i * col_w + col_w // 2
            icon = art.icon_surface(color, max(12, int(row_h * 0.55)))
            surface.blit(icon, icon.get_rect(center=(cx, header_y + row_h // 2)))
        text.blit(surface, t("end.score"), "bold", px, pal.GOLD_LIGHT,
                  (x0 + name_w + 4 * col_w + col_w // 2, header_y + row_h // 2), "center")
        y += row_h
        for seat in self.order:
            self._row(surface, seat, pygame.Rect(x0, y, width, row_h - 4), name_w, col_w, px)
            y += row_h
        notes = [t("end.explain_score"), t("end.explain_treasures"),
                 *tiebreak_lines(self.scores, self.ranking, self.dynasties)]
        note_px = max(11, px - 2)
        for note in notes:
            rect = pygame.Rect(x0, y, width, self.buttons.buttons[0].rect.y - y)
            used = text.blit_wrapped(surface, note, "text", note_px, pal.PARCHMENT_DARK, rect,
                                     "center")
            y += used
        self.buttons.draw(surface, px)

    def _row(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, name_w: int,
             col_w: int, px: int) -> None:
        winner = self.place_of[seat] == 1
        surface.blit(skin.panel(rect.w, rect.h, winner), rect)
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
            text.blit(surface, str(totals[color]), "bold", px, pal.TEXT_COLORS_ON_LIGHT[color],
                      (cell.centerx, cell.centery - (px // 3 if extra[color] else 0)), "center")
            if extra[color]:
                text.blit(surface, f"+{extra[color]}", "text", max(9, px * 2 // 3), pal.GOLD_DARK,
                          (cell.centerx, cell.bottom - 2), "midbottom")
        score_cell = pygame.Rect(rect.x + name_w + 4 * col_w, rect.y, col_w, rect.h)
        score = weakest if self.done_revealing else self.scores[seat]["score"]
        shown = str(score) if self.done_revealing else "…"
        text.blit(surface, shown, "title", int(px * 1.3), pal.TEXT, score_cell.center, "center")
