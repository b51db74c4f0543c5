"""New-game set-up of the chosen game: its seat counts (up to 8), each seat Human (with
the name its player types, or none for the game's own name) or Computer (with a level)
and, in a game whose seats take an identity (a house, a nation), which one; then the
game's own options, and whether hints may be asked (issue 25: on against the computer,
off in pass-and-play unless switched on; hosting a LAN game offers none).

Seats and options are held here until Start; each identity is used once and no two
players may be called the same. The set-up started last is remembered per game in the
settings and offered again (what of it still fits: a level or option the game no longer
has is left at its default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import layout as geo
from game.art import palette as pal
from game.games import GameClient
from game.i18n import has_key, t
from game.input import Intent
from game.kit.tabletop import seat_edges
from game.players import available_levels, default_level
from game.savegame import clean_name
from game.scene import Scene
from game.ui import icons, skin, text
from game.ui.text_field import name_field
from game.ui.tooltips import ButtonTips
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App


class SetupScene(Scene):
    attract_idle: float | None = 1.0
    # Words a variant of this screen (hosting a LAN game) says differently.
    title_key = "setup.title"
    hint_key = "setup.pass_and_play"
    tabletop_hint_key = "setup.tabletop_seats"
    start_key = "setup.start"
    # Players at this screen type their names and the set-up is remembered; hosting a LAN
    # game, the others name themselves as they join.
    hot_seat = True

    def __init__(self, app: App, client: GameClient | None = None) -> None:
        super().__init__(app)
        self.client = client or app.game
        seats = self.client.players
        self.count = seats.start
        self.kinds = ["human"] + ["computer"] * (seats.stop - 2)
        self.levels_offered = available_levels(self.client.rules.ID)
        self.levels = [default_level(self.client.rules.ID)] * (seats.stop - 1)
        self.identities = list(self.client.seat_identities)
        self.options: dict[str, Any] = {
            option.name: self.client.rules.OPTIONS.get(option.name, option.values[0])
            for option in self.client.setup_options
        }
        self.names = [name_field() for _ in range(seats.stop - 1)]
        self.name_rects: dict[int, pygame.Rect] = {}
        self.focus: int | None = None
        self.name_message = ""
        self.buttons = ButtonSet()
        self.tips = ButtonTips()
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.hints_choice: bool | None = None   # the switch, once pressed; else its default
        if self.hot_seat:
            self._recall()

    def _recall(self) -> None:
        """Takes back what still fits of the set-up this game was last started with."""
        last = self.app.settings.setups.get(self.client.id, {})
        if last.get("count") in self.client.players:
            self.count = int(last["count"])
        for seat, kind in enumerate(list(last.get("kinds", []))[: len(self.kinds)]):
            if kind in ("human", "computer"):
                self.kinds[seat] = kind
        for seat, level in enumerate(list(last.get("levels", []))[: len(self.levels)]):
            if level in self.levels_offered:
                self.levels[seat] = level
        identities = last.get("identities")
        if isinstance(identities, list) and sorted(identities) == sorted(self.identities):
            self.identities = list(identities)
        options = last.get("options", {})
        for option in self.client.setup_options:
            if isinstance(options, dict) and options.get(option.name, None) in option.values:
                self.options[option.name] = options[option.name]
        for seat, name in enumerate(list(last.get("names", []))[: len(self.names)]):
            self.names[seat].value = clean_name(name)

    def _remember(self) -> None:
        self.app.settings.setups[self.client.id] = {
            "count": self.count, "kinds": list(self.kinds), "levels": list(self.levels),
            "identities": list(self.identities), "options": dict(self.options),
            "names": [field.value for field in self.names],
        }
        self.app.save_settings()

    def hints_on(self) -> bool:
        """The Hints switch: as pressed, else on when a computer plays (a hint is the
        computer's advice against itself), off when people play each other (a hint would
        help one of them against the others unless they agree to it)."""
        if self.hints_choice is not None:
            return self.hints_choice
        return "computer" in self.kinds[: self.count]

    def default_name(self, seat: int) -> str:
        """What a seat is called when its player types no name."""
        if self.identities:
            return self.client.identity_label(self.identities[seat])
        return t("setup.seat", number=seat + 1)

    def seat_names(self) -> list[str]:
        """The names typed for the human seats, cleaned ("" where none: the default)."""
        return [clean_name(self.names[seat].value) if self.kinds[seat] == "human" else ""
                for seat in range(self.count)]

    def name_problem(self) -> str:
        """Why the names cannot start a game (two seats called alike), or ""."""
        seen: set[str] = set()
        for seat, typed in enumerate(self.seat_names()):
            name = typed or self.default_name(seat)
            if name.casefold() in seen:
                return t("setup.same_name", name=name)
            seen.add(name.casefold())
        return ""

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        bh = max(geo.MIN_TARGET, int(c * 1.05))
        gap = max(6, c // 6)
        self.px = max(13, int(c * 0.38))
        title_h = max(int(c * 0.9), 28)
        label_h = max(int(c * 0.55), 18)
        top = title_h + label_h
        wide = w >= 2 * (7 * c) + 3 * gap
        col_w = (w - 3 * gap) // 2 if wide else w - 2 * gap
        left = pygame.Rect(gap, top, col_w, h)
        right = pygame.Rect(left.right + gap, top, col_w, h) if wide else None
        buttons: list[Button] = []
        self.name_rects = {}
        self.labels = [(t("setup.players"),
                        pygame.Rect(left.x, title_h + label_h // 2, col_w, 0))]
        if right is not None:
            self.labels.append((t("setup.options"),
                                pygame.Rect(right.x, title_h + label_h // 2, col_w, 0)))
        counts = list(self.client.players)
        count_w = (col_w - (len(counts) - 1) * gap) // len(counts)
        for i, n in enumerate(counts):
            rect = pygame.Rect(left.x + i * (count_w + gap), top, count_w, bh)
            buttons.append(Button(f"count:{n}", rect, str(n), selected=self.count == n))
        y = top + bh + gap
        # Many seats share the height left above the Back and Start buttons.
        room = h - 2 * (bh + gap) - y - (0 if wide else 3 * (bh + gap))
        row = max(gap * 3, min(bh, room // self.count - gap))
        edges = self._edges()
        label_w = max(int(c * 1.2), col_w // (4 if edges else 6))
        rest = col_w - label_w - 3 * gap
        part = rest // 3 if self.identities else (rest + gap) // 2
        for seat in range(self.count):
            label = (t("setup.seat_edge", number=seat + 1, edge=t(f"setup.edge.{edges[seat]}"))
                     if edges else t("setup.seat", number=seat + 1))
            self.labels.append((label, pygame.Rect(left.x, y + row // 2, label_w, 0)))
            kind_rect = pygame.Rect(left.x + label_w + gap, y, part, row)
            level_rect = pygame.Rect(kind_rect.right + gap, y, part, row)
            buttons.append(Button(f"kind:{seat}", kind_rect, t(f"setup.{self.kinds[seat]}"),
                                  style="normal" if self.kinds[seat] == "human" else "quiet"))
            if self.kinds[seat] == "computer":
                buttons.append(Button(f"level:{seat}", level_rect,
                                      t(f"level.{self.levels[seat]}"), style="quiet",
                                      enabled=len(self.levels_offered) > 1))
            elif self.hot_seat:
                self.name_rects[seat] = level_rect
                self.names[seat].placeholder = self.default_name(seat)
            if self.identities:
                identity = self.identities[seat]
                rect = pygame.Rect(level_rect.right + gap, y, rest - 2 * part, row)
                buttons.append(Button(f"identity:{seat}", rect,
                                      self.client.identity_label(identity),
                                      icon=self.client.identity_icon(identity, max(8, row - 10))))
            y += row + gap
        if right is None:
            right = pygame.Rect(left.x, y + gap, col_w, h)
        oy = right.y
        half = (right.w - gap) // 2
        toggles = 0
        for option in self.client.setup_options:
            value = self.options[option.name]
            if option.is_toggle:
                rect = pygame.Rect(right.x + (toggles % 2) * (half + gap), oy, half, bh)
                glyph = icons.glyph("check_on" if value else "check_off", max(8, int(bh * 0.5)))
                buttons.append(Button(f"option:{option.name}", rect, t(f"option.{option.name}"),
                                      icon=glyph, style="quiet"))
                toggles += 1
                if toggles % 2 == 0:
                    oy += bh + gap
            else:
                if toggles % 2:
                    oy += bh + gap
                    toggles += 1
                buttons.append(Button(f"option:{option.name}",
                                      pygame.Rect(right.x, oy, right.w, bh),
                                      t(f"option.{option.name}.{value}")))
                oy += bh + gap
        if self.hot_seat:   # over the LAN no hints: the others would not know of one
            rect = pygame.Rect(right.x + (toggles % 2) * (half + gap), oy, half, bh)
            glyph = icons.glyph("check_on" if self.hints_on() else "check_off",
                                max(8, int(bh * 0.5)))
            buttons.append(Button("hints", rect, t("setup.hints"), icon=glyph, style="quiet"))
            toggles += 1
        if toggles % 2:
            oy += bh + gap
        bottom_y = h - bh - gap
        bw = min(int(c * 5), (w - 3 * gap) // 2)
        buttons.append(Button("back", pygame.Rect(gap, bottom_y, bw, bh), t("common.back"),
                              style="quiet"))
        buttons.append(Button("start", pygame.Rect(w - gap - bw, bottom_y, bw, bh),
                              t(self.start_key), style="gold"))
        self.buttons.set(buttons)
        self.tips.words = {f"option:{option.name}": t(f"option.{option.name}.help")
                           for option in self.client.setup_options
                           if has_key(f"option.{option.name}.help")}
        self.tips.words["hints"] = t("setup.hints.help")
        self.help_rect = pygame.Rect(right.x, oy, right.w, bottom_y - oy - gap)

    def _edges(self) -> list[str]:
        """At a tabletop, the edge of the screen each seat sits at (issue 21: the set-up
        says it, so that players sit down where their panel will be)."""
        if not self.app.tabletop:
            return []
        try:
            return seat_edges(self.count)
        except ValueError:
            return []

    def typing_area(self) -> pygame.Rect | None:
        return self.name_rects.get(self.focus) if self.focus is not None else None

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key":
            self._key(intent)
            return
        if self.tips.handle(self.buttons, intent):
            return
        if intent.kind == "text":
            if self.focus is not None and self.names[self.focus].type(intent.text):
                self.name_message = ""
            return
        if intent.kind == "tap" and intent.pos is not None:
            self.focus = next((seat for seat, rect in self.name_rects.items()
                               if rect.collidepoint(intent.pos)), None)
        chosen = self.clicked(self.buttons, intent)
        if chosen is None:
            return
        kind, _, arg = chosen.partition(":")
        if kind == "count":
            self.count = int(arg)
        elif kind == "kind":
            seat = int(arg)
            self.kinds[seat] = "computer" if self.kinds[seat] == "human" else "human"
        elif kind == "level":
            seat = int(arg)
            i = self.levels_offered.index(self.levels[seat]) if (
                self.levels[seat] in self.levels_offered) else -1
            self.levels[seat] = self.levels_offered[(i + 1) % len(self.levels_offered)]
        elif kind == "identity":
            self._next_identity(int(arg))
        elif kind == "option":
            values = next(o.values for o in self.client.setup_options if o.name == arg)
            self.options[arg] = values[(values.index(self.options[arg]) + 1) % len(values)]
        elif kind == "hints":
            self.hints_choice = not self.hints_on()
        elif kind == "back":
            self.app.pop(self)
            return
        elif kind == "start":
            self.start()
            return
        self.resize(*self.app.size)

    def _key(self, intent: Intent) -> None:
        """Backspace edits the name being typed; Tab goes on to the next human seat's."""
        focus = self.focus
        if intent.key == "tab" and self.name_rects:
            order = sorted(self.name_rects)
            self.focus = order[(order.index(focus) + 1) % len(order)] if (
                focus in order) else order[0]
        elif intent.key == "escape":
            if focus is None:
                self.app.pop(self)
            self.focus = None
        elif intent.key in ("return", "enter"):
            self.start()
        elif focus is not None and self.names[focus].key(intent.key):
            self.name_message = ""

    def _next_identity(self, seat: int) -> None:
        """The next identity no other seat has; the seat that had it last takes this one's."""
        offered = list(self.client.seat_identities)
        taken = set(self.identities[: self.count]) - {self.identities[seat]}
        index = offered.index(self.identities[seat])
        for step in range(1, len(offered) + 1):
            candidate = offered[(index + step) % len(offered)]
            if candidate not in taken:
                other = self.identities.index(candidate)
                self.identities[other] = self.identities[seat]
                self.identities[seat] = candidate
                return

    def game_options(self) -> dict[str, Any]:
        """The options the game starts with, from what this screen shows."""
        return self.client.new_game_options(dict(self.options), self.identities[: self.count])

    def start(self) -> None:
        from game.scenes.flow import start_new_game

        self.name_message = self.name_problem()
        if self.name_message:
            return
        self._remember()
        self.app.choose_game(self.client)
        start_new_game(self.app, self.kinds[: self.count], options=self.game_options(),
                       levels=self.levels[: self.count],
                       identities=self.identities[: self.count], names=self.seat_names(),
                       hints_on=self.hints_on())

    def update(self, dt: float) -> None:
        self.tips.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The screen, then the words of an option pointed at (the options have no room
        to explain themselves on their buttons)."""
        self._draw(surface)
        self.tips.draw(surface, self.buttons, max(12, self.px - 2))

    def _draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = geo.unit(w, h)
        surface.blit(skin.table(w, h), (0, 0))
        title_px = max(18, int(c * 0.6))
        text.blit(surface, t(self.title_key), "title", title_px, pal.GOLD_LIGHT,
                  (w // 2, max(4, c // 8)), "midtop")
        for label, rect in self.labels:
            size = text.fit_px(label, "bold", self.px, rect.w)
            text.blit(surface, label, "bold", size, pal.TEXT_ON_DARK, rect.midleft, "midleft")
        self.buttons.draw(surface, self.px)
        caret = int(self.app.now * 2) % 2 == 0
        for seat, rect in self.name_rects.items():
            self.names[seat].draw(surface, rect, self.px, self.focus == seat, caret)
        if self.name_message:
            area = self.help_rect
            pygame.draw.rect(surface, pal.INK, area, border_radius=6)
            text.blit_wrapped(surface, self.name_message, "text", max(11, self.px - 2),
                              pal.EMBER_LIGHT, area.inflate(-8, -8))
            return
        hints = [
            t(f"option.{option.name}.help") for option in self.client.setup_options
            if option.is_toggle and self.options[option.name]
        ] or [t(self.tabletop_hint_key if self.app.tabletop else self.hint_key)]
        if self.help_rect.h > self.px * 2:
            y = self.help_rect.y
            for hint in hints:
                rect = pygame.Rect(self.help_rect.x, y, self.help_rect.w, self.help_rect.bottom - y)
                y += text.blit_wrapped(surface, hint, "text", max(11, self.px - 2),
                                       pal.PARCHMENT_DARK, rect) + 4
