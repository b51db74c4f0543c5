"""A hint at the civ desk table: what the medium computer would answer in your seat, and why.

The kit (`game.kit.hint`) finds the medium civ player's action (ai/civ/medium.py,
in its own worker thread) from the deciding seat's `view(seat)` only, so a hint
can tell nothing that seat may not see. This module shows it: a move on the map
(its source ringed, an arrow to its target), any other answer naming an area
ringed there, and the answer itself framed in the prompt's list, paged to it (an
answer the list lacks, such as a purchase paid from several sets or a trade offer,
is put first in it); a card over the map says it in the chooser's words
(`game.civ.words.describe`, a trade offer's terms) with one sentence of why.
Nothing is played: the person answers as ever, and any answer (or any other change
of the position) drops the hint.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game import layout as geo
from game.art import palette as pal
from game.civ import ast_panel, words
from game.civ.move_limits import fills_site
from game.i18n import t
from game.kit.hint import Hint, Hints
from game.savegame import SeatConfig
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.civ.table import CivTable

MOVES = ("move", "road")
TRADES = ("propose", "counter", "accept", "reject", "pass")
CALAMITY_STEPS = ("lose", "select", "assign", "keep", "city", "quake", "area")


def why(action: dict[str, Any], view: dict[str, Any]) -> str:
    """One sentence of why, read from what the seat sees (its view) and the rules."""
    kind = action["type"]
    me = str(view["viewer"])
    areas = {int(a["id"]): a for a in view["areas"]}
    if kind in MOVES:
        to = int(action["to"])
        there = areas.get(to, {"tokens": {}, "city": None})
        others = [int(o) for o, n in there["tokens"].items() if o != me and n]
        city = there["city"]
        if city is not None and str(city["owner"]) != me:
            return t("civ.hint.why.attack_city", area=words.area_name(to),
                     nation=words.seat_words(view, city["owner"]))
        if others:
            return t("civ.hint.why.contest", area=words.area_name(to),
                     nation=words.seat_words(view, others[0]))
        if fills_site(view, to, int(there["tokens"].get(me, 0)) + int(action["count"])):
            return t("civ.hint.why.city_site", area=words.area_name(to))
        if not there["tokens"]:
            return t("civ.hint.why.spread", area=words.area_name(to))
        return t("civ.hint.why.gather", area=words.area_name(to))
    if kind == "unload":
        ship = next(s for s in view["ships"]
                    if str(s["owner"]) == me and s["number"] == action["ship"])
        area = int(ship["area"])
        there = areas.get(area, {"tokens": {}})
        if fills_site(view, area, int(there["tokens"].get(me, 0)) + int(action["count"])):
            return t("civ.hint.why.city_site", area=words.area_name(area))
    if kind in ("sail", "load", "unload"):
        return t("civ.hint.why.ship")
    if kind == "build":
        return t("civ.hint.why.build")
    if kind in ("grow", "place"):
        return t("civ.hint.why.grow")
    if kind == "tax":
        return t("civ.hint.why.tax")
    if kind == "build_ship":
        return t("civ.hint.why.build_ship")
    if kind == "purchase":
        return t("civ.hint.why.purchase" if action.get("cards") else "civ.hint.why.save")
    if kind in TRADES:
        return t("civ.hint.why.no_trade" if kind in ("pass", "reject") else "civ.hint.why.trade")
    if kind == "return":
        return t("civ.hint.why.excess")
    if kind in CALAMITY_STEPS:
        return t("civ.hint.why.calamity")
    if kind == "done":
        return t("civ.hint.why.done")
    return t("civ.hint.why.choice")


def used_lines(seats: Sequence[SeatConfig], name: Callable[[int], str]) -> list[str]:
    """How many hints each person asked for (kept with the seats), once anyone asked one:
    the final scores say it (issue 25)."""
    if not any(seat.hints for seat in seats):
        return []
    counts = ", ".join(f"{name(i)} {seat.hints}" for i, seat in enumerate(seats)
                       if seat.is_human)
    return [t("civ.hint.used", counts=counts)]


class CivHint:
    """The hint of one civ desk table: asked with its Hint button, shown until the
    position it was for is gone."""

    tabletop = False   # the table this hint is shown at (`game.civ.tabletop_hint`'s is)

    def __init__(self, table: CivTable) -> None:
        self.table = table
        self.hints = Hints(table.app, table.session)
        self.lines: list[str] = []
        self._for: Hint | None = None

    @property
    def offered(self) -> bool:
        """At a table of its kind (the desk's, or the tabletop's) of people playing here with
        the set-up's switch on (not a replay, not the demo, not a LAN game: its session has
        hints off)."""
        table = self.table
        return (not table.replay and not table.demo and table.app.tabletop == self.tabletop
                and table.session.hints_on and bool(table.session.human_seats))

    @property
    def seat(self) -> int | None:
        """The seat a hint may be asked for now: the shown person's, while it decides."""
        return self.table.deciding()

    @property
    def may_ask(self) -> bool:
        return self.offered and self.seat is not None and not self.hints.thinking

    @property
    def action(self) -> dict[str, Any] | None:
        shown = self.hints.shown
        return None if shown is None else shown.action

    def buttons(self) -> list[Button]:
        """Hint, left of the map's Summary and Undo (`game.civ.liveliness`)."""
        if not self.offered:
            return []
        table = self.table
        area = table.areas["map"]
        h = geo.MIN_TARGET
        w = max(h * 2, int(table.c * 1.8))
        label = t("civ.hint.thinking") if self.hints.thinking else t("civ.hint.button")
        return [Button("hint", pygame.Rect(area.right - 3 * w - 18, area.y + 6, w, h), label,
                       enabled=self.may_ask, style="quiet")]

    def ask(self) -> None:
        seat = self.seat
        if seat is None or not self.offered:
            return
        self.hints.ask(seat)
        self.table.life.close_summary()
        self.table.flow.autosave()   # a hint asked is counted even if the game is left now
        self.update()
        self.table._lay_buttons()

    def update(self) -> bool:
        """Follows the position; True when what is shown changed (the table lays its
        buttons again)."""
        changed = self.hints.update(self.seat)
        shown = self.hints.shown
        if shown is not self._for:
            self._for = shown
            self.lines = [] if shown is None else self._lines(shown)
            if shown is not None:
                self.table._lay_buttons()   # the list may now hold the hinted answer
                self._page_to(shown.action)
                self._bring_into_sight()
            changed = True
        return changed

    def _lines(self, hint: Hint) -> list[str]:
        view, action = self.table.view(), hint.action
        lines = [t("civ.hint.title"), words.describe(action, view)]
        if action["type"] in ("propose", "counter"):   # the offer's terms (A17.3)
            lines.append(t("civ.hint.terms", give=words.cards_words(action["give"]),
                           named=words.cards_words(action["named"]), want=action["want"],
                           wanted=words.cards_words(action["want_named"])))
        return [*lines, why(action, view)]

    def answers(self, listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The hinted answer, when the prompt's list lacks it (a purchase of several
        cards, a trade offer built from the hand) and the engine accepts it: offered
        first in the list, framed, for the person to take or not."""
        action, seat = self.action, self.seat
        shown = self.hints.shown
        if (action is None or shown is None or shown.seat != seat or action in listed
                or action["type"] in MOVES or self.table.state.check(action) is not None):
            return []
        return [action]

    def _page_to(self, action: dict[str, Any]) -> None:
        """The chooser turned to the page holding the answer (a move is shown on the map)."""
        table = self.table
        if action["type"] in MOVES or action not in table.choices:
            return
        for _ in range(len(table.choices)):
            if action in table.shown:
                return
            table.next_page()

    def _bring_into_sight(self) -> None:
        """A zoomed map slides to the hint's areas (their middle) when any of them is out
        of sight or at the map's very edge."""
        table = self.table
        board, named = table.board, self.areas()
        seen = table.areas["map"].inflate(-2 * table.c, -2 * table.c)
        if not named or all(seen.collidepoint(self._point(a)) for a in named):
            return
        labels = [board.shape.shapes[a].label for a in named]
        x = sum(p[0] for p in labels) / len(labels)
        y = sum(p[1] for p in labels) / len(labels)
        board.view.centre_on(board.board_point(x, y), ease=False)

    def _point(self, area: int) -> tuple[int, int]:
        board = self.table.board
        return board.screen(board.shape.shapes[area].label)

    def areas(self) -> list[int]:
        """The areas the hinted answer names, its source first."""
        action = self.action
        if action is None:
            return []
        if action["type"] in MOVES:
            named = [action["from"], action.get("via"), action["to"]]
        elif action["type"] == "sail":
            named = [action["to"]]
        else:   # a trade's "to" is a seat, not an area
            named = [action.get("area"), *dict.fromkeys(action.get("areas") or [])]
        return [int(a) for a in named if isinstance(a, int)]

    def stroke(self) -> int:
        """The width of the gold around the hint's areas and its answer (an ink edge
        around it adds two pixels a side)."""
        return max(3, self.table.c // 10)

    def frame_reach(self) -> int:
        """How far the frame around a hinted answer stands out of its button: the table
        leaves that much under the prompt's last line (`CivTable._lay_buttons`), so that
        the frame never covers the prompt's words."""
        return (self.stroke() + 7) // 2

    def frame_rect(self) -> pygame.Rect | None:
        """The frame's outer edge around the hinted answer in the list, when shown."""
        action = self.action
        for i, answer in enumerate(self.table.shown):
            button = self.table.buttons.get(f"act:{i}")
            if answer == action and button is not None:
                reach = self.frame_reach()
                return button.rect.inflate(2 * reach, 2 * reach)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The hint over the table: its areas ringed (a move's path drawn), its answer
        framed in the list, and the card of words at the map's foot."""
        action = self.action
        if action is None:
            return
        table = self.table
        board, area = table.board, table.areas["map"]
        clip = surface.get_clip()
        surface.set_clip(area)
        points = [self._point(a) for a in self.areas()]
        width = self.stroke()
        r = max(12, min(int(board.view.scale * 0.8), table.c // 2))
        for x, y in points:
            pygame.draw.circle(surface, pal.INK, (x, y), r + 3, width + 4)
            pygame.draw.circle(surface, pal.GOLD_LIGHT, (x, y), r, width)
        if action["type"] in MOVES and len(points) >= 2:
            # from the source's ring to the target's, each step of a road its own
            path = [_short_of(points[1], points[0], r + 3), *points[1:-1],
                    _short_of(points[-2], points[-1], r + 3)]
            pygame.draw.lines(surface, pal.INK, False, path, width + 4)
            pygame.draw.lines(surface, pal.GOLD_LIGHT, False, path, width)
            _arrow_head(surface, path[-2], path[-1], width * 6)
        surface.set_clip(clip)
        frame = self.frame_rect()
        if frame is not None:
            pygame.draw.rect(surface, pal.INK, frame, width + 4, border_radius=width * 2)
            pygame.draw.rect(surface, pal.GOLD_LIGHT, frame.inflate(-6, -6), width,
                             border_radius=width * 2)
        # The card on the half of the map away from the target, never over what it is about.
        low = bool(points) and points[-1][1] > area.centery
        top = area.y + geo.MIN_TARGET + 14   # below the map's buttons
        within = pygame.Rect(area.x + 8, top if low else area.centery,
                             int(area.w * 0.62), area.bottom - area.centery - 8)
        ast_panel.draw_card(surface, self.lines, max(11, table.px - 1), within,
                            (within.right + 12, within.bottom if not low else within.y))

    def close(self) -> None:
        self.hints.close()


def _short_of(start: tuple[int, int], end: tuple[int, int], gap: int) -> tuple[int, int]:
    """The point `gap` before `end` on the way from `start` (an arrow stops at a ring)."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length <= gap * 2:
        return end
    k = (length - gap) / length
    return (round(start[0] + (end[0] - start[0]) * k), round(start[1] + (end[1] - start[1]) * k))


def _arrow_head(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
                size: int) -> None:
    """A head at `end` pointing away from `start`: gold inside an ink edge."""
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    wing = math.pi * 5 / 6
    corners = [end, *((end[0] + math.cos(angle + s * wing) * size,
                       end[1] + math.sin(angle + s * wing) * size) for s in (1, -1))]
    cx, cy = sum(x for x, _ in corners) / 3, sum(y for _, y in corners) / 3
    pygame.draw.polygon(surface, pal.INK, corners)
    pygame.draw.polygon(surface, pal.GOLD_LIGHT, [(cx + (x - cx) * 0.6, cy + (y - cy) * 0.6)
                                                  for x, y in corners])
