"""The replay viewer: pick a saved game, then step through it or let it play.

Stepping forward applies the next action of the record and animates its
events exactly as at the table; stepping back replays the record up to the
earlier action (the engine is deterministic) and shows it without animation.
It plays at a chosen speed (animations too), and jumps by turn and to the
moments of the game; which actions end a turn and which are moments (T&E: a
revolt or a war begins) its game's client says, from each action's events.
A jump to a moment shows the position just before it, then plays it.
A replay shows every player's score, since the game is no longer secret.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from datafiles import UnreadableFile
from game import games, savegame, savesummary
from game import layout as geo
from game.art import palette as pal
from game.i18n import t
from game.input import Intent
from game.savegame import SavedGame
from game.scene import Scene
from game.session import GameSession, RecordError
from game.tween import SPEEDS
from game.ui import icons, skin, text
from game.ui.tooltips import ButtonTips
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App

PLAY_INTERVAL = 0.9
CONTROLS = ("to_start", "previous_turn", "previous_moment", "step_back", "play",
            "step_forward", "next_moment", "next_turn", "to_end", "speed", "close")
PLAY_SPEEDS = (0.5, 1.0, 2.0, 4.0)
SPEED_NAMES = {0.5: "½×", 1.0: "1×", 2.0: "2×", 4.0: "4×"}
KEYS = {"right": "step_forward", "left": "step_back", "space": "play", "home": "to_start",
        "end": "to_end", "page up": "previous_turn", "page down": "next_turn",
        "p": "previous_moment", "n": "next_moment", "s": "speed", "escape": "close"}


class ReplayPicker(Scene):
    """The finished games, newest first, a page at a time: each names its game, when it
    was played, its players with their scores and the winner (a file is read when its
    page is shown). Unfinished games are replayed from the saved-games list."""
    attract_idle = 1.0

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = ButtonSet()
        self.paths: list[Path] = savegame.list_games()
        self.lines: dict[Path, tuple[str, ...]] = {}
        self.page = 0
        self.shown = range(0)
        self.message = ""

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        self.px = max(12, int(c * 0.34))
        top = int(c * 1.3)
        gap = max(6, c // 4)
        row_h = max(geo.MIN_TARGET, int(self.px * 3.8))
        back_h = max(geo.MIN_TARGET, int(c * 1.1))
        per_page = max(1, (h - top - back_h - 2 * gap) // (row_h + gap))
        pages = max(1, -(-len(self.paths) // per_page))
        self.page = min(self.page, pages - 1)
        first = self.page * per_page
        self.shown = range(first, min(len(self.paths), first + per_page))
        width = min(w - 2 * gap, 20 * c)
        left = (w - width) // 2
        buttons = [
            Button(f"game:{index}", pygame.Rect(left, top + slot * (row_h + gap), width, row_h),
                   "", style="quiet")
            for slot, index in enumerate(self.shown)
        ]
        third = (width - 2 * gap) // 3
        y = h - back_h - gap
        buttons.append(Button("back", pygame.Rect(left + third + gap, y, third, back_h),
                              t("common.back")))
        if pages > 1:
            buttons.append(Button("previous_page", pygame.Rect(left, y, third, back_h),
                                  t("saves.previous_page"), enabled=self.page > 0))
            buttons.append(Button("next_page", pygame.Rect(left + 2 * (third + gap), y, third,
                                                           back_h),
                                  t("saves.next_page"), enabled=self.page < pages - 1))
        self.buttons.set(buttons)

    def _lines(self, path: Path) -> tuple[str, ...]:
        """The game's name and when it was played, then its players' scores and winner."""
        if path not in self.lines:
            self.lines[path] = self._read(path)
        return self.lines[path]

    @staticmethod
    def _read(path: Path) -> tuple[str, ...]:
        stem = path.stem.split("-")
        if len(stem) >= 3 and stem[0] == "game":
            date, clock = stem[1], stem[2]
            when = f"{date[:4]}-{date[4:6]}-{date[6:8]} {clock[:2]}:{clock[2:4]}"
        else:
            when = path.stem
        try:
            saved = savegame.load(path)
        except UnreadableFile:
            return (t("replay.set_aside", when=when),)
        except FileNotFoundError:
            return (when,)
        client = games.of_record(saved.record)
        heading = t("saves.heading", game=client.name(), when=when)
        summary = savesummary.of_saved(client, saved)
        if summary is None:
            return (heading,)
        return heading, savesummary.result_words(client, saved, summary)

    def _label(self, path: Path) -> str:
        """The row's words on one line."""
        return " — ".join(self._lines(path))

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key" and intent.key == "escape":
            self.app.pop(self)
            return
        chosen = self.buttons.handle(intent)
        if chosen == "back":
            self.app.pop(self)
        elif chosen in ("previous_page", "next_page"):
            self.page += 1 if chosen == "next_page" else -1
            self.resize(*self.app.size)
        elif chosen is not None:
            self.open(self.paths[int(chosen.split(":")[1])])

    def open(self, path: Path) -> None:
        try:
            scene = replay_of(self.app, savegame.load(path))
        except (UnreadableFile, FileNotFoundError) as exc:
            self.message = t("error.replay_failed", detail=str(exc))
            return
        self.app.push(scene)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        text.blit(surface, t("replay.choose") if self.paths else t("replay.none"), "title",
                  max(18, int(c * 0.55)), pal.GOLD_LIGHT, (w // 2, max(4, c // 4)), "midtop")
        self.buttons.draw(surface, self.px)
        for index in self.shown:
            path = self.paths[index]
            button = self.buttons.get(f"game:{index}")
            assert button is not None
            rect = button.rect
            pad = max(6, rect.h // 7)
            line_h = (rect.h - 2 * pad) // 2
            for n, line in enumerate(self._lines(path)):
                style = "bold" if n == 0 else "text"
                px = text.fit_px(line, style, self.px, rect.w - 3 * pad)
                text.blit(surface, line, style, px, pal.GOLD_LIGHT if n == 0 else pal.TEXT_ON_DARK,
                          (rect.x + 3 * pad // 2, rect.y + pad + n * line_h + line_h // 2),
                          "midleft")
        if self.message:
            text.blit_wrapped(surface, self.message, "text", self.px, pal.EMBER_LIGHT,
                              pygame.Rect(c, h - 2 * c, w - 2 * c, 2 * c), "center")


def replay_of(app: App, saved: SavedGame) -> ReplayScene:
    """The viewer on a save; UnreadableFile, with the file set aside, when its record does
    not replay."""
    try:
        return ReplayScene(app, saved)
    except RecordError as exc:
        raise savegame.refused(saved, str(exc)) from exc


class ReplayScene(Scene):
    attract_idle = 5.0

    def __init__(self, app: App, saved: SavedGame) -> None:
        super().__init__(app)
        self.game = games.of_record(saved.record)
        self.actions = list(saved.record["actions"])
        start = SavedGame(record={**saved.record, "actions": []}, seats=saved.seats,
                          start=saved.start)
        self.saved = start
        self.session = GameSession(start)
        self.table = self.game.replay_table(app, self.session)
        # Where each turn starts and the actions that are moments, as action indexes.
        self.turn_starts: list[int] = [0]
        self.moments: list[int] = []
        self._check_record()
        self.index = 0
        self.speed = 1.0
        self.log_marks: list[int] = []
        self.playing = False
        self.clock = 0.0
        self.buttons = ButtonSet()
        self.tips = ButtonTips()

    def _check_record(self) -> None:
        """Fails early (with the engine's reason) if the record does not replay."""
        probe = GameSession(self.saved)
        for number, action in enumerate(self.actions, start=1):
            try:
                events = probe.apply(action)
            except Exception as exc:
                raise RecordError(f"action {number}: {exc}") from exc
            if self.game.is_moment(events):
                self.moments.append(number - 1)
            if self.game.ends_turn(events) and number < len(self.actions):
                self.turn_starts.append(number)

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        self.table.resize(w, h)
        self.place_controls()

    def place_controls(self) -> None:
        """The controls along the table's bar, those with nowhere to go greyed out."""
        bar = self.table.controls_area()
        unit = self.table.unit
        gap = max(2, unit // 10)
        rects = geo.button_grid(pygame.Rect(bar.x, bar.y + (bar.h - unit) // 2,
                                            bar.w, bar.h), len(CONTROLS), len(CONTROLS),
                                unit, gap)
        previous_moment, next_moment = self.game.moment_words()
        labels = {"to_start": t("replay.to_start"), "step_back": t("replay.step_back"),
                  "play": t("replay.pause") if self.playing else t("replay.play"),
                  "step_forward": t("replay.step_forward"), "to_end": t("replay.to_end"),
                  "previous_turn": t("replay.previous_turn"),
                  "next_turn": t("replay.next_turn"), "previous_moment": previous_moment,
                  "next_moment": next_moment, "close": t("common.close"),
                  "speed": SPEED_NAMES[self.speed]}
        glyphs = {"to_start": "to_start", "step_back": "step_back",
                  "play": "pause" if self.playing else "play", "step_forward": "step_forward",
                  "to_end": "to_end", "previous_turn": "previous_turn",
                  "next_turn": "next_turn", "previous_moment": "previous_moment",
                  "next_moment": "next_moment"}
        enabled = {"previous_turn": self.index > 0, "to_start": self.index > 0,
                   "step_back": self.index > 0,
                   "next_turn": self.index < len(self.actions),
                   "to_end": self.index < len(self.actions),
                   "step_forward": self.index < len(self.actions),
                   "previous_moment": self._previous_moment() is not None,
                   "next_moment": self._next_moment() is not None}
        buttons = []
        for cid, rect in zip(CONTROLS, rects, strict=True):
            label = labels[cid]
            icon = None
            if cid in glyphs:
                icon = icons.glyph(glyphs[cid], int(rect.h * 0.55))
                if rect.w < 3 * unit:
                    label = ""
            buttons.append(Button(cid, rect, label, icon=icon, enabled=enabled.get(cid, True),
                                  style="gold" if cid == "play" else "normal"))
        self.buttons.set(buttons)
        # the narrow controls show only their glyph: their words come on hover or long press
        self.tips.words = {cid: labels[cid] for cid in glyphs}
        self.px = max(11, int(unit * 0.3))

    def step_forward(self) -> bool:
        if self.index >= len(self.actions):
            return False
        self.log_marks.append(len(self.table.log))
        events = self.session.apply(self.actions[self.index])
        self.index += 1
        self.table.show_events(events)
        return True

    def jump(self, index: int) -> None:
        """Shows the position after `index` actions, without animation."""
        index = max(0, min(len(self.actions), index))
        session = GameSession(self.saved)
        marks: list[int] = []
        log: list[str] = []
        # the table follows the new session as it replays, so that each line is told from
        # the position it was made in, as in play (civ names seats by the nations chosen)
        self.table.restart(session, log)
        for action in self.actions[:index]:
            marks.append(len(log))
            log.extend(self.game.narrate(session.apply(action), self.table))
        self.session = session
        self.table.restart(session, log)
        self.log_marks = marks
        self.index = index

    def _previous_moment(self) -> int | None:
        """The last moment before the one shown now (a moment just played counts as
        shown)."""
        earlier = [m for m in self.moments if m < self.index - 1]
        return earlier[-1] if earlier else None

    def _next_moment(self) -> int | None:
        later = [m for m in self.moments if m >= self.index]
        return later[0] if later else None

    def to_moment(self, index: int | None) -> None:
        """Shows the position just before the moment's action, then plays that action."""
        if index is not None:
            self.jump(index)
            self.step_forward()

    def to_turn(self, forward: bool) -> None:
        """To the start of the next turn, or of this one (of the one before, when this
        one has just started)."""
        if forward:
            later = [i for i in self.turn_starts if i > self.index]
            self.jump(later[0] if later else len(self.actions))
        else:
            earlier = [i for i in self.turn_starts if i < self.index]
            self.jump(earlier[-1] if earlier else 0)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.key in KEYS:
                self.control(KEYS[intent.key])
            return
        if self.tips.handle(self.buttons, intent):
            return
        chosen = self.buttons.handle(intent)
        if chosen is not None:
            self.control(chosen)
            return
        self.table.handle(intent)

    def control(self, cid: str) -> None:
        if cid == "close":
            self.app.pop(self)
            return
        if cid == "play":
            self.playing = not self.playing
            self.clock = 0.0
        elif cid == "step_forward":
            self.playing = False
            self.step_forward()
        elif cid == "step_back":
            self.playing = False
            self.jump(self.index - 1)
        elif cid == "to_start":
            self.playing = False
            self.jump(0)
        elif cid == "to_end":
            self.playing = False
            self.jump(len(self.actions))
        elif cid in ("previous_turn", "next_turn"):
            self.playing = False
            self.to_turn(cid == "next_turn")
        elif cid == "previous_moment":
            self.playing = False
            self.to_moment(self._previous_moment())
        elif cid == "next_moment":
            self.playing = False
            self.to_moment(self._next_moment())
        elif cid == "speed":
            self.speed = PLAY_SPEEDS[(PLAY_SPEEDS.index(self.speed) + 1) % len(PLAY_SPEEDS)]
        self.place_controls()

    def update(self, dt: float) -> None:
        """While playing, the table's animations run at the chosen speed too."""
        self.table.update(dt * self.speed if self.playing else dt)
        self.tips.update(dt)
        if not self.playing or self.table.animating:
            return
        self.clock += dt
        interval = PLAY_INTERVAL * max(0.3, SPEEDS.get(self.app.animation_speed, 1.0)) \
            / self.speed
        if self.clock >= interval:
            self.clock = 0.0
            if not self.step_forward():
                self.playing = False
            self.place_controls()

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        pygame.draw.rect(surface, pal.TABLE, self.table.controls_area())
        self.buttons.draw(surface, self.px)
        info = self.table.status_area()
        pygame.draw.rect(surface, pal.TABLE, info)
        lines = (t("replay.turn", turn=self.turn, total=len(self.turn_starts)),
                 t("replay.position", number=self.index, total=len(self.actions)))
        for n, line in enumerate(lines):
            px = text.fit_px(line, "bold", self.px, info.w - 4)
            text.blit(surface, line, "bold", px, pal.GOLD_LIGHT,
                      (info.centerx, info.y + info.h * (1 + 2 * n) // 4), "center")
        self.tips.draw(surface, self.buttons, max(12, self.px))

    @property
    def turn(self) -> int:
        """The turn shown: the one whose start is the last at or before the position."""
        return sum(1 for start in self.turn_starts if start <= self.index)
