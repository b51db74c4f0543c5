"""Advanced Civilization's table: the map in the kit's viewport with every seat's pieces,
what everyone may know (A1.5) always on screen, and every decision answered.

Layout: the phase tracker across the top (A7.1's thirteen phases, where the turn is,
who decides), the map on the left with the shown seat's hand under it, and on the
right the seats' panels, the A.S.T. track, the pending decision's prompt with its
answers and the log. The flow is the kit's controller (`game.kit.controller`): it
serves computer seats, puts the hand-over screen between people at one screen,
autosaves and, at the end, pushes the result (A35 scores).

A decision is answered on the map where it names areas (a tap on an area with
tokens to move, then on a lit target, then a count if several remain; a tap on a lit
area for growth, cities, losses...) or from the chooser, which words every legal
answer (`game.civ.words.describe`). Open decisions (A17 trade, A32 purchases) list
their fixed answers plus those this table builds: an acceptance of a proposal from
the hand, and each single card the hand and treasury can buy, kept only when the
engine's `check` accepts them.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pygame

from ai.civ.determinize import cities_of
from engine.civ.cities import TOKENS_ON_A_SITE, site_requirement
from engine.civ.tables import (
    BARBARIAN,
    CALAMITY_BY_ID,
    CARD_ORDER,
    CIV_CARD_BY_ID,
    CIV_CARD_IDS,
    COMMODITY_BY_ID,
)
from game import layout as geo
from game.art import palette as pal
from game.civ import ast_panel, liveliness, map_art, map_pieces, pieces, scores, seat_rows, words
from game.civ.decide import Decide
from game.civ.decide import why as decide_why
from game.civ.geometry import BOARD, board_shape, configuration
from game.civ.hint_view import CivHint, used_lines
from game.civ.move_limits import unload_warning
from game.civ.move_limits import warning as limit_warning
from game.i18n import current_language, refusal_text, t
from game.input import Intent
from game.kit.bindings import LOG_GESTURES, Binding, run_key
from game.kit.board_patches import PatchPainter
from game.kit.controller import AUTOSAVE, UNKEPT, TableController
from game.kit.kept_picture import KeptPicture, Section, SectionedPicture, around
from game.kit.log import ALL, MINE, LogPanel
from game.kit.log_painter import LogHits, paint_panel
from game.kit.seat_panel import SeatPanel
from game.kit.track import SeatMark, Track
from game.kit.viewport import BoardPoint, Viewport
from game.scene import Scene
from game.ui import skin, text
from game.ui.widgets import Button, ButtonSet
from net import SessionEvent

if TYPE_CHECKING:
    from game.app import App
    from game.kit.held import HeldAction
    from game.session import GameSession, TableSession

KEYS = (Binding("menu", ("escape",)), Binding("shortcuts", ("f1", "?")),
        Binding("more", ("tab",)), Binding("undo", ("u", "backspace")))
MAX_ZOOM = 5.0
MIN_PROMPT_PX = 12   # a long prompt shrinks to leave room for its answers, not below this
# Decisions whose single answer may come from a hidden hand, and open ones whose list
# holds only their fixed answers: never answered for their player (A1.2's exception).
NEVER_FORCED = frozenset({"pottery", "excess", "civ_cards", "trade_open", "trade_answer"})
MOVES = ("move", "road")


class CivBoard:
    """The painted Mediterranean (`game.civ.map_art`) as the viewport's `BoardArt`; board
    units are map units, y down from the north edge of the part shown: the areas in play
    (A4.3), so a game of two to five players sees its part of the board large and the
    rest only at its edges."""

    def __init__(self, board: str = BOARD, players: int | None = None) -> None:
        self.name = board   # the game's board: its limits and sites are the ones painted
        self.players = players   # A4.3-A4.4: what of the board the game uses
        self.shape = board_shape(board)
        self.frame = self.shape.frame(self.shape.board.in_play(configuration(players)))
        self.board_size = (self.frame[2] - self.frame[0], self.frame[3] - self.frame[1])
        # the frame's north-west corner on the whole painted board, in map units
        self.offset = (self.frame[0] - self.shape.bounds[0],
                       self.shape.bounds[3] - self.frame[3])
        self.view = Viewport(self.board_size, pygame.Rect(0, 0, 40, 25))
        self.view.patches = PatchPainter()

    def place(self, rect: pygame.Rect) -> None:
        self.view.set_rect(rect)
        self.view.max_scale = self.view.fit_scale * MAX_ZOOM

    def paint_board(self, surface: pygame.Surface, scale: float, origin: BoardPoint) -> None:
        # the frame's offset rounded once, so patches painted apart still meet edge to edge
        at = (round(origin[0] * scale) + round(self.offset[0] * scale),
              round(origin[1] * scale) + round(self.offset[1] * scale))
        map_art.paint_part(surface, scale, at, self.name, self.players)

    def prepare_board(self, scale: float) -> Iterator[None]:
        return map_art.place_labels(scale, self.name)

    def board_point(self, x: float, y: float) -> BoardPoint:
        return x - self.frame[0], self.frame[3] - y

    def screen(self, point: tuple[float, float]) -> tuple[int, int]:
        sx, sy = self.view.to_screen(self.board_point(*point))
        return round(sx), round(sy)

    def area_at(self, pos: tuple[float, float] | None) -> int | None:
        at = self.view.on_board(pos)
        if at is None:
            return None
        return self.shape.area_at(at[0] + self.frame[0], self.frame[3] - at[1])


@functools.lru_cache(maxsize=512)
def _stack(side: str, count: int, size: int) -> pygame.Surface:
    if side == BARBARIAN:
        return pieces.barbarian_tokens(count, size)
    return pieces.token_stack(side, count, size)


@functools.lru_cache(maxsize=128)
def _token(side: str, size: int) -> pygame.Surface:
    """A token at any size: below the least it is drawn at (8 nations' medals at 800×480),
    drawn at that and shrunk."""
    if size >= pieces.MIN_TOKEN:
        return pieces.token(side, size)
    return pygame.transform.smoothscale(pieces.token(side, pieces.MIN_TOKEN),
                                        (max(1, size), max(1, size)))


@functools.lru_cache(maxsize=128)
def _city(side: str, size: int) -> pygame.Surface:
    return pieces.pirate_city(size) if side == BARBARIAN else pieces.city(side, size)


@functools.lru_cache(maxsize=128)
def _fitted(piece: Callable[..., pygame.Surface], *args: Any) -> pygame.Surface:
    """A piece as a panel's icon: no larger than the icon's square (`args[-1]`), since a
    stack or a city is drawn larger than its size on the map, where it stands over the
    area, and would cover the count beside it."""
    size = args[-1]
    picture = piece(*args)
    w, h = picture.get_size()
    if max(w, h) <= size:
        return picture
    scale = size / max(w, h)
    return pygame.transform.smoothscale(picture, (max(1, round(w * scale)),
                                                  max(1, round(h * scale))))


@functools.lru_cache(maxsize=128)
def _ship(side: str, size: int) -> pygame.Surface:
    return pieces.ship(side, size)


@functools.lru_cache(maxsize=64)
def _coin(px: int) -> pygame.Surface:
    icon = pygame.Surface((px, px), pygame.SRCALPHA)
    pygame.draw.circle(icon, pal.GOLD, (px // 2, px // 2), px // 2)
    pygame.draw.circle(icon, pal.INK, (px // 2, px // 2), px // 2, max(1, px // 10))
    return icon


@functools.lru_cache(maxsize=64)
def _card(px: int, colour: tuple[int, int, int]) -> pygame.Surface:
    icon = pygame.Surface((px, px), pygame.SRCALPHA)
    rect = pygame.Rect(px // 5, 0, px * 3 // 5, px)
    pygame.draw.rect(icon, colour, rect, border_radius=max(1, px // 8))
    pygame.draw.rect(icon, pal.INK, rect, max(1, px // 12), border_radius=max(1, px // 8))
    return icon


@functools.lru_cache(maxsize=64)
def _ast(px: int) -> pygame.Surface:
    """The A.S.T. (A5): a short flight of steps."""
    icon = pygame.Surface((px, px), pygame.SRCALPHA)
    step = max(1, px // 4)
    for i in range(4):
        pygame.draw.rect(icon, pal.GOLD, (i * step, px - (i + 1) * step, step, (i + 1) * step))
    return icon


@functools.lru_cache(maxsize=16)
def _over(px: int) -> pygame.Surface:
    return pieces.over_limit_marker(px)


@functools.lru_cache(maxsize=16)
def _short(px: int) -> pygame.Surface:
    return pieces.short_of_support_marker(px)


PICTURES = map_pieces.Pictures(_stack, _city, _ship, _over, _short)


def over_limit(area: dict[str, Any], limit: int, view: dict[str, Any]) -> bool:
    """A15.1: tokens with a city, or more tokens than the area's limit (a lone side
    holding Agriculture may keep one more), go at the removal of surplus population."""
    tokens = area["tokens"]
    if not tokens:
        return False
    if area["city"]:
        return True
    owners = list(tokens)
    bonus = len(owners) == 1 and owners[0] != BARBARIAN \
        and "agriculture" in view["seats"][int(owners[0])]["cards"]
    return sum(tokens.values()) > limit + (1 if bonus else 0)


def short_of_support(view: dict[str, Any]) -> set[int]:
    """A7.5: the seats whose tokens on the board number fewer than 2 × their cities."""
    cities: Counter[int] = Counter()
    tokens: Counter[str] = Counter()
    for a in view["areas"]:
        if a["city"] and a["city"]["owner"] != BARBARIAN:
            cities[int(a["city"]["owner"])] += 1
        for owner, n in a["tokens"].items():
            tokens[owner] += n
    return {seat for seat, n in cities.items() if tokens[str(seat)] < 2 * n}


def clear_caches() -> None:
    for cache in (_stack, _token, _city, _ship, _coin, _card, _ast, _over, _short):
        cache.cache_clear()
    map_art.clear_cache()
    map_pieces.clear()


class CivTable(Scene):
    """The table and the face (`game.kit.controller.TableFace`) of the kit's controller."""

    draws_late = True   # `draws_later`: a table drawing over this one's picture says False

    def __init__(self, app: App, session: TableSession, replay: bool = False,
                 demo: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.replay = replay
        self.demo = demo
        public = session.state.view(None)
        self.board = CivBoard(public["options"]["map"], words.players(public))
        self.log_panel = LogPanel((ALL, MINE), lambda: None)
        self.log_hits = LogHits()
        self.buttons = ButtonSet()
        self.toast = ""
        self.size: tuple[int, int] = app.size
        self.c = geo.MIN_TARGET
        self.hover: int | None = None         # the area the pointer rests on
        self.hover_pos: tuple[int, int] = (0, 0)
        self.detail: tuple[list[int], tuple[int, int]] | None = None   # seats told on a card
        self.chosen_from: int | None = None   # the area whose tokens are being moved
        self.only: list[dict[str, Any]] | None = None   # the chooser narrowed to these
        self.page = 0
        self.prompt_px = MIN_PROMPT_PX   # set by _lay_buttons: smaller for a long prompt
        self.choices: list[dict[str, Any]] = []
        self.shown: list[dict[str, Any]] = []
        self.areas: dict[str, pygame.Rect] = {}
        self.show_track = True
        self._views: dict[int | None, tuple[Any, dict[str, Any]]] = {}
        self._near: tuple[Any, str, list[str]] | None = None
        self._chrome: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self.kept_map = KeptPicture()
        self.kept_chrome = SectionedPicture()
        self._parts: tuple[tuple[Any, ...], dict[object, map_pieces.Part]] | None = None
        self.placer = map_pieces.Placer(PICTURES)
        self._looks: tuple[Any, Any] | None = None   # (position, map_pieces.looks of it)
        self._applied = False   # this frame's update applied an action (`draws_later`)
        self._waited = False
        self._readying = False   # the next frame readies the pictures (`draws_later`)
        self._shown_on: pygame.Surface | None = None
        self._answers: tuple[Any, list[dict[str, Any]]] = (None, [])
        self.decide = Decide(self)   # quick answers and whole-answer screens (game.civ.decide)
        self.life = liveliness.TableLife(self)   # undo, summaries, animations, sounds
        self.hint = self._make_hint()   # issue 25: what the medium computer would answer here
        self.flow = self._make_flow()
        self.told: list[str] = []   # every line, a seat's private ones marked (words.PRIVATE)
        self.taken_back()

    def _make_hint(self) -> CivHint:
        return CivHint(self)

    def _make_flow(self) -> TableController:
        """The kit's controller of a game at this screen (the LAN table's is the kit's LAN one)."""
        return TableController(self.app, self.session, self, viewer=self._first_viewer(),
                               keeping=UNKEPT if self.replay or self.demo else AUTOSAVE,
                               follow_computers=self.demo)

    def _first_viewer(self) -> int | None:
        """The one person's hand shows from the start; of several, nobody's until the
        hand-over screen is confirmed (the game may have been saved at another's turn)."""
        humans = self.session.human_seats
        if self.replay or not humans:
            return None
        return humans[0] if len(humans) == 1 else None

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def log(self) -> list[str]:
        """The lines anyone at the screen may read (the hand-over screen and the replay
        viewer read these): no seat's private line."""
        return [line for line in self.told if words.may_read(line, None)]

    def view(self) -> dict[str, Any]:
        """The shown seat's view of the position, read once per position (a frame reads
        it many times)."""
        return self._seen(self.flow.viewer)

    def public(self) -> dict[str, Any]:
        """What everyone may know (A1.5): the spectator's view, read once per position."""
        return self._seen(None)

    def calamities_near(self) -> list[str]:
        """`words.calamities_near` of the position, worked out once per position and
        language: the hand line's key and its painting read it, and a held tabletop strip
        every frame."""
        state, language = self.state, current_language()
        if self._near is None or self._near[0] is not state or self._near[1] != language:
            self._near = (state, language, words.calamities_near(self.public()))
        return self._near[2]

    def _seen(self, seat: int | None) -> dict[str, Any]:
        state = self.state
        kept = self._views.get(seat)
        if kept is None or kept[0] is not state:
            kept = self._views[seat] = (state, state.view(seat))
        return kept[1]

    # ----- the face the controller drives ------------------------------------------------

    @property
    def animating(self) -> bool:
        """The animations of the events shown are running (`game.civ.choreography`)."""
        return self.life.animator.blocking

    def holds_game(self) -> bool:
        return False

    def present(self, events: list[dict[str, Any]], source: tuple[float, float] | None,
                actor: int | None, ply: int | None) -> None:
        self.told.extend(words.narrate(events, self.public(), None, private=True))
        self.life.presented(events, actor)
        self.toast = ""
        self.reset_choice(whole=False)

    def applied(self, events: list[dict[str, Any]]) -> None:
        """Nothing is marked new: the log says it all."""

    def refresh(self) -> None:
        """Everything laid out and painted anew."""
        self.kept_chrome.forget()
        self.resize(*self.size)

    def reset_choice(self, whole: bool = True) -> None:
        """No area chosen, the chooser back at its start; laid out again and, unless an
        action is being presented (its chrome's sections say what it changed), painted
        anew."""
        self.chosen_from = None
        self.only = None
        self.page = 0
        if whole:
            self.refresh()
        else:
            self.resize(*self.size)

    def serve(self, seat: int) -> None:
        if self.decide.answer_unasked(seat):
            return
        self.flow.hand_over_or_decide(seat)
        self.life.served(seat)

    def decision_scene(self, pending: dict[str, Any]) -> Scene | None:
        """None: the table asks every decision itself, on the map and in its chooser."""
        return None

    def close_dialog(self) -> None:
        self.flow.drop_dialog()

    def hold_of(self, state: Any, action: dict[str, Any],
                source: tuple[float, float] | None) -> HeldAction | None:
        """Nothing is held: a civ turn is many decisions of many seats, each sent at once."""
        return None

    def answers_forced(self, pending: dict[str, Any]) -> bool:
        """A1.2: a decision with one answer is taken for its player, except where that one
        answer comes from a hidden hand or the decision is open (its list holds only its
        fixed answers)."""
        return pending["kind"] not in NEVER_FORCED and not pending.get("open")

    def turn_seat(self) -> int | None:
        """Every civ decision is its seat's own: whoever decides holds the turn."""
        seat = self.state.to_move
        return None if seat is None else int(seat)

    def show_toast(self, message: str) -> None:
        self.toast = message

    def refusal_words(self, event: SessionEvent) -> str:
        refusal = event.data.get("refusal")
        return event.text if refusal is None else refusal_text(refusal)

    def taken_back(self) -> None:
        spectator = self.state.view(None)
        self.told = []
        for events in self.session.replayed_events:
            self.told.extend(words.narrate(events, spectator, None, private=True))
        self.life.retold()

    def result_scene(self) -> Scene:
        """A35: the final scores and places, read over the final position until closed."""
        from game.scenes.dialog import DialogScene, DialogSpec, Option

        def close() -> None:
            self.app.pop(scene)

        lines = scores.result_lines(self.public())
        lines += used_lines(self.session.seats, self.seat_name)
        scene = DialogScene(self.app, DialogSpec(
            title=t("civ.result.title"), lines=lines,
            options=[Option("close", t("common.ok"), close)], on_back=close))
        return scene

    def handover_done(self, seat: int) -> None:
        self.flow.handover_done(seat)

    # ----- who may answer, and with what -------------------------------------------------

    def deciding(self) -> int | None:
        """The seat shown, when it is a person at this screen who must decide now."""
        flow, state = self.flow, self.state
        seat = flow.viewer
        if (self.replay or seat is None or state.to_move != seat or state.is_over
                or not self.session.is_human(seat) or flow.queue or flow.held is not None
                or self.decide.unasked(state.pending)):
            return None
        return seat

    def answers(self) -> list[dict[str, Any]]:
        """The legal answers of the shown seat: the listed ones, then the open answers this
        table builds from its hand, kept only if the engine accepts them."""
        if self.deciding() is None:
            return []
        state = self.state
        key = (state, self.flow.viewer)
        if self._answers[0] is None or self._answers[0][0] is not state \
                or self._answers[0][1] != self.flow.viewer:
            listed = state.legal_actions()
            accepted = (next((a for a in tries if state.check(a) is None), None)
                        for tries in self.built_answers())
            built = [a for a in accepted if a is not None]
            self._answers = (key, [a for a in built if a not in listed] + listed)
        return self._answers[1]

    def built_answers(self) -> list[list[dict[str, Any]]]:
        """Candidates for the open answers, grouped: the first of a group the engine
        accepts is offered."""
        pending = self.state.pending or {}
        view = self.view()
        me = view["seats"][view["viewer"]]
        hand = list(me["hand"] or [])
        if pending.get("kind") == "trade_answer":
            accept = acceptance(pending["proposal"], hand)
            return [] if accept is None else [[accept]]
        if pending.get("kind") == "civ_cards":
            return purchases(me["cards"], hand)
        return []

    # ----- the scene -------------------------------------------------------------------

    def enter(self) -> None:
        self.resize(*self.app.size)

    def resume(self) -> None:
        self.refresh()

    def resize(self, w: int, h: int) -> None:
        self.size = (w, h)
        self._chrome = None
        c = max(24, min(geo.unit(w, h), h // 12))
        self.c = c
        gap = max(4, c // 8)
        top = max(26, int(c * 0.75))
        right_w = max(260, int(w * 0.34))
        map_w = w - right_w - gap
        hand_h = max(geo.MIN_TARGET, int(c * 0.9)) if not self.replay else 0
        self.areas["top"] = pygame.Rect(0, 0, w, top)
        self.areas["map"] = pygame.Rect(0, top, map_w, h - top - hand_h)
        self.areas["hand"] = pygame.Rect(0, h - hand_h, map_w, hand_h)
        self.board.place(self.areas["map"])
        x = map_w + gap
        rw = w - x - gap
        n = self.session.players
        seats_h = min(n * max(geo.MIN_TARGET, int(c * 0.9)), int(h * 0.3))
        seats_h = max(seats_h, seat_rows.least_height(n))
        self.areas["seats"] = pygame.Rect(x, top + gap, rw, seats_h)
        self.track = self.ast_track()
        self.track.bands = ast_panel.bands()
        track_h = self.track.height(rw, c, self.px)
        # A small screen has no room for the track's finger-wide spaces: each seat's panel
        # says its A.S.T. space instead (A1.5 either way).
        self.show_track = track_h <= h * 0.22
        self.panels = seat_rows.RowPanels(self.seat_panels(), drop=(0, 1, 3), on_pick=None)
        self.panels.place(self.areas["seats"], c, self.px)
        self.areas["track"] = pygame.Rect(x, self.areas["seats"].bottom + gap, rw,
                                          track_h if self.show_track else 0)
        if self.show_track:
            self.track.place(self.areas["track"], c, self.px)
        strip, self.strip_size = ast_panel.strip_area(
            self.track, self.areas["track"], self.ast_lines(), self.strip_px)
        rest = pygame.Rect(x, self.areas["track"].bottom + gap, rw,
                           h - self.areas["track"].bottom - 2 * gap)
        ask_h = int(rest.h * 0.66) if self.deciding() is not None else 0
        self.areas["ask"] = pygame.Rect(rest.x, rest.y, rest.w, ask_h)
        # beside the track when there is room, else between the decision and the log
        if strip.y >= self.areas["track"].bottom:
            strip.y = rest.y + ask_h
        self.areas["ast"] = strip
        log_y = max(rest.y + ask_h, strip.bottom)
        self.areas["log"] = pygame.Rect(rest.x, log_y, rest.w, rest.bottom - log_y)
        self._lay_buttons()

    @property
    def px(self) -> int:
        return max(11, int(self.c * 0.36))

    @property
    def strip_px(self) -> int:
        return max(11, self.px - 3)

    def _lay_buttons(self) -> None:
        c, px = self.c, self.px
        buttons: list[Button] = []
        if not self.replay:
            top = self.areas["top"]
            buttons.append(Button("menu", pygame.Rect(top.right - 3 * c, 0, 3 * c, top.h),
                                  t("table.menu"), style="quiet"))
            leaver = self.may_leave()
            if leaver is not None:
                buttons.append(Button("leave", pygame.Rect(top.right - 6 * c, 0, 3 * c - 4, top.h),
                                      self.decide.leave_label(leaver), style="quiet"))
            buttons.extend(self.life.buttons())
            buttons.extend(self.hint.buttons())
        self.choices = self.only if self.only is not None else self.answers()
        self.shown = []
        ask = self.areas["ask"]
        if ask.h and self.only is None:
            self.choices = [*self.decide.extra(), *self.hint.answers(self.choices),
                            *self.choices]
        if self.choices and ask.h:
            bh = max(geo.MIN_TARGET, int(c * 0.7))
            # A long prompt (the tax rates' payments, a calamity's costs) is set smaller
            # rather than leaving room for one answer and "More".
            back = self.only is not None   # "Back" takes a row of its own
            wanted = min(len(self.choices), 3) + back
            self.prompt_px = px
            while True:
                lines = len(text.wrap(self.prompt(), "text", self.prompt_px, ask.w))
                # the last line's full height (its descenders), then room for a hint's
                # frame around the first answer
                prompt_h = ((lines - 1) * int(self.prompt_px * 1.25)
                            + text.font("text", self.prompt_px).get_height()
                            + self.hint.frame_reach())
                room = max(1, (ask.h - prompt_h + 4) // (bh + 4))
                if room >= wanted or self.prompt_px <= MIN_PROMPT_PX:
                    break
                self.prompt_px -= 1
            many = len(self.choices) > room - back
            per_page = max(1, room - 1) if many or back else room
            pages = max(1, -(-len(self.choices) // per_page))
            self.page %= pages
            self.shown = self.choices[self.page * per_page:(self.page + 1) * per_page]
            y = ask.y + prompt_h
            for i, action in enumerate(self.shown):
                quick = action["type"].startswith("_")
                label = self.decide.label(action) if quick else words.describe(action,
                                                                               self.view())
                buttons.append(Button(f"act:{i}", pygame.Rect(ask.x, y, ask.w, bh), label))
                y += bh + 4
            row = []
            if many:
                row.append(("more", t("civ.more", page=self.page + 1, pages=pages)))
            if self.only is not None:
                row.append(("back", t("common.back")))
            for j, (bid, label) in enumerate(row):
                bw = (ask.w - 4 * (len(row) - 1)) // len(row)
                buttons.append(Button(bid, pygame.Rect(ask.x + j * (bw + 4), y, bw, bh), label,
                                      style="quiet"))
        self.buttons.set(buttons)

    def prompt(self) -> str:
        pending = self.state.pending
        if pending is None:
            return ""
        said = words.prompt(pending, self.view())
        if self.deciding() is not None:
            said = " ".join(part for part in (said, decide_why(pending, self.view())) if part)
        if self.chosen_from is not None:
            said = t("civ.moving_from", area=words.area_name(self.chosen_from))
            said = " ".join(p for p in (said, limit_warning(self.only or [], self.view())) if p)
        return " ".join(p for p in (said, unload_warning(self.choices, self.view())) if p)

    def seat_panels(self) -> list[SeatPanel]:
        view = self.public()
        cities = cities_of(view)
        census: Counter[str] = Counter()
        for a in view["areas"]:
            for owner, n in a["tokens"].items():
                census[owner] += n
        ships = Counter(s["owner"] for s in view["ships"])
        panels = []
        for i, s in enumerate(view["seats"]):
            nation = s["nation"]
            look = pieces.side(nation) if nation else None
            counts: list[tuple[Any, str]] = []
            if nation:
                stock = str(s["stock"]["tokens"])
                counts = [(functools.partial(_fitted, _stack, nation, 1), stock),
                          (ast_panel.score_icon, str(ast_panel.public_score(view, i))),
                          (functools.partial(_fitted, _city, nation), f"{cities[i]}"),
                          (functools.partial(_ship, nation), f"{ships[i]}"),
                          (_coin, str(s["treasury"])),
                          (functools.partial(_fitted, _stack, nation, 2), str(census[str(i)])),
                          (functools.partial(_card, colour=pal.LAPIS), str(len(s["cards"])))]
                if not self.show_track:
                    counts.append((_ast, str(s["ast"])))
            status = t(f"civ.status.{s['status']}") if s["status"] != "active" else ""
            panels.append(SeatPanel(
                name=self.seat_name(i), color=look.colour if look else pal.PARCHMENT_DARK,
                symbol=functools.partial(_token, nation) if nation else None,
                counts=counts, active=self.state.to_move == i, hidden=s["hand_size"],
                back=lambda px: _card(px, pal.PARCHMENT), computer=not self.session.is_human(i),
                status=status))
        return panels

    def seat_name(self, seat: int) -> str:
        config = self.session.seats[seat] if seat < len(self.session.seats) else None
        name = getattr(config, "name", "") or ""
        nation = words.seat_words(self.public(), seat)
        return f"{name} · {nation}" if name else nation

    def ast_track(self) -> Track:
        view = self.public()
        marks, where = {}, {}
        for i, s in enumerate(view["seats"]):
            if s["nation"]:
                look = pieces.side(s["nation"])
                marks[i] = SeatMark(look.colour, functools.partial(_token, s["nation"]))
                where[i] = int(s["ast"])
        return Track(1, 16, marks=marks, where=where)

    def reads_typed_keys(self) -> bool:
        return True

    # ----- input -----------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if self.life.handle(intent):
            return
        if intent.kind == "hover":
            self.point_at(intent.pos)
            self.tell_seats(intent.pos)
            return
        if intent.kind in ("tap", "long_press") and self.tell_seats(intent.pos):
            return
        if self.board.view.handle(intent):
            return
        commands = {"menu": lambda _key: self.open_menu(),
                    "shortcuts": lambda _key: self.app.push(self.overlay()),
                    "more": lambda _key: self.next_page(),
                    "undo": lambda _key: self.life.undo()}
        if intent.kind == "key" and run_key(KEYS, commands, intent.key, intent.text):
            return
        in_log = intent.pos is not None and self.areas["log"].collidepoint(intent.pos)
        if intent.kind == "scroll" and in_log:
            self.log_panel.scroll_by(intent.amount)
            return
        if intent.kind == "tap" and in_log and intent.pos is not None:
            self.log_panel.tap(self.log_hits, intent.pos)
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen == "menu":
            self.open_menu()
        elif chosen in liveliness.BUTTONS:
            self.life.press(chosen)
        elif chosen == "hint":
            self.hint.ask()
        elif chosen == "more":
            self.next_page()
        elif chosen == "back":
            self.reset_choice()
        elif chosen == "leave" and self.may_leave() is not None:
            self.decide.toggle_leave(int(self.flow.viewer or 0))
        elif chosen is not None and chosen.startswith("act:"):
            action = self.shown[int(chosen.partition(":")[2])]
            if action["type"].startswith("_"):
                self.decide.press(action)
            else:
                self.act(action)
        elif chosen is None and intent.kind in ("tap", "long_press"):
            area = self.board.area_at(intent.pos)
            if area is not None:
                self.point_at(intent.pos)
                if intent.kind == "tap":
                    self.tap_area(area)

    def point_at(self, pos: tuple[int, int] | None) -> None:
        self.hover = self.board.area_at(pos)
        if pos is not None:
            self.hover_pos = (int(pos[0]), int(pos[1]))

    def tell_seats(self, pos: tuple[int, int] | None) -> bool:
        """A seat's panel or an A.S.T. marker under `pos`: its details on a card."""
        self.detail = None
        if pos is None:
            return False
        at = (int(pos[0]), int(pos[1]))
        seat = self.panels.seat_at(at)
        seats = [seat] if seat is not None else next(
            (self.track.seats_at(n) for n, r in self.track.spaces.items()
             if self.show_track and r.collidepoint(at)), [])
        if seats:
            self.detail = (seats, at)
        return bool(seats)

    def ast_lines(self) -> list[str]:
        """Why the shown seat's marker will or will not move (A34; each epoch's conditions
        are on its band, a seat's score so far on its card)."""
        view = self.public()
        seat = self.flow.viewer if self.flow.viewer is not None else self.state.to_move
        lines = []
        if seat is not None and view["seats"][seat]["nation"]:
            lines.append(ast_panel.why_words(view, seat))
        return lines

    def next_page(self) -> None:
        self.page += 1
        self._lay_buttons()

    def act(self, action: dict[str, Any]) -> None:
        self.life.acting()
        self.flow.act(action)
        if self.state.to_move is not None:
            self.reset_choice()

    def may_leave(self) -> int | None:
        """A36.1: the shown seat, when it is an active person here who may ask to leave at
        the next turn start (one tap; never asked as a question)."""
        seat = self.flow.viewer
        if self.replay or self.demo or seat is None or self.state.is_over \
                or not self.session.is_human(seat):
            return None
        return seat if self.public()["seats"][seat]["status"] == "active" else None

    def tap_area(self, area: int) -> None:
        """A tap on the map answers what the decision asks of that area: a move's source,
        then its target (then its count, if several), or the one answer naming it."""
        if self.decide.tap_area(area):
            return
        actions = self.answers()
        if not actions:
            return
        if self.chosen_from is not None:
            moves = [a for a in actions if a["type"] in MOVES
                     and a["from"] == self.chosen_from and a["to"] == area]
            if len(moves) == 1 and not limit_warning(moves, self.view()):
                self.act(moves[0])
                return
            if moves:
                self.only = moves
                self._lay_buttons()
                return
            if area == self.chosen_from:
                self.reset_choice()
                return
        froms = [a for a in actions if a["type"] in MOVES and a["from"] == area]
        if froms:
            self.chosen_from = area
            self.only = froms
            self.page = 0
            self._lay_buttons()
            return
        named = [a for a in actions if a.get("area") == area
                 or (a["type"] == "sail" and a["to"] == area)]
        if len(named) == 1:
            self.act(named[0])
        elif named:
            self.only = named
            self.page = 0
            self._lay_buttons()

    def lit(self) -> set[int]:
        """The areas a tap answers something in now."""
        laid = self.decide.lit()
        if laid is not None:
            return laid
        actions = self.answers()
        if self.chosen_from is not None:
            return {int(a["to"]) for a in actions if a["type"] in MOVES
                    and a["from"] == self.chosen_from}
        lit = {int(a["from"]) if a["type"] in MOVES else int(a["area"])
               for a in actions if a["type"] in MOVES or isinstance(a.get("area"), int)}
        return lit | {int(a["to"]) for a in actions if a["type"] == "sail"}

    def open_menu(self) -> None:
        from game.scenes.menu import PauseMenu

        self.app.push(PauseMenu(self.app, self))

    def overlay(self) -> Scene:
        from game.kit.shortcuts import ShortcutsScene

        return ShortcutsScene(self.app, KEYS, LOG_GESTURES, words="civ.")

    def leave_texts(self) -> tuple[str, str]:
        return t("civ.leave"), t("civ.leave_body")

    def exit(self) -> None:
        self.hint.close()

    def update(self, dt: float) -> None:
        self.log_panel.update(dt)
        self.board.view.update(dt)
        self.life.update(dt)
        if self.replay:
            return
        before = self.state
        self.flow.listen()
        if self.app.stack.top in (self, self.flow.dialog):
            self.flow.drive(dt)
        if self.hint.update():
            self._lay_buttons()
        self._applied = self.state is not before

    # ----- the replay viewer's table (game.table.ReplayTable) ---------------------------

    @property
    def unit(self) -> int:
        return self.c

    def controls_area(self) -> pygame.Rect:
        return self.areas["hand"] if self.areas["hand"].h else pygame.Rect(
            0, self.size[1] - self.c, self.areas["map"].w, self.c)

    def status_area(self) -> pygame.Rect:
        return self.areas["top"]

    def show_events(self, events: list[dict[str, Any]]) -> None:
        self.told.extend(words.narrate(events, self.state.view(None), None, private=True))
        self.refresh()

    def restart(self, session: GameSession, log: list[str]) -> None:
        self.session = session
        self.flow.restart(session)
        self.told = log
        self.refresh()

    # ----- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.draws_later(surface):
            return
        w, h = surface.get_size()
        chrome = self.chrome((w, h))
        for part in around(surface.get_rect(), self.areas["map"]):   # the map covers the rest
            surface.blit(chrome, part, part)
        view = self.board.view
        self.kept_map.draw(surface, self.areas["map"],
                           (view.scale, view.origin, view.rect,
                            tuple(sorted(self.lit())), self.chosen_from),
                           self.draw_map, busy=view.busy, parts=self.map_parts(),
                           under=lambda rect: surface.blit(chrome, rect, rect))
        clip = surface.get_clip()
        surface.set_clip(self.areas["map"])
        self.decide.draw(surface)   # changing marks over the kept map: drawn every frame
        self.life.draw_map(surface)
        surface.set_clip(clip)
        ask = self.areas["ask"]
        if ask.h:
            text.blit_wrapped(surface, self.prompt(), "text", self.prompt_px, pal.TEXT_ON_DARK,
                              ask, line_gap=1.25)
        viewer = self.flow.viewer
        names = [self.seat_name(s) for s in range(self.session.players)]
        lines = [line for line in self.told if words.may_read(line, viewer)]
        self.log_hits = paint_panel(self.log_panel, surface, self.areas["log"], self.px,
                                    lines, names, viewer, lambda _row, _size: None)
        self.buttons.draw(surface, self.px)
        self.hint.draw(surface)
        if self.toast:
            text.blit(surface, self.toast, "bold", self.px, pal.GOLD_LIGHT,
                      (self.areas["map"].x + 8, self.areas["map"].bottom - self.px * 2))
        if self.hover is not None:
            self.draw_area_info(surface, self.hover)
        if self.detail is not None:
            self.draw_seat_card(surface, *self.detail)
        self.life.draw_top(surface)

    def draws_later(self, surface: pygame.Surface) -> bool:
        """Issue 22's frame budget: a frame whose update applied an action (the engine's,
        the save's and the log's time) leaves the last frame on the surface, a whole
        picture of the position before; the next frame readies what needs no screen
        (the chrome's picture, the pieces' places) and leaves it too; the one after
        draws the new position (with its animations' first step), so that no frame
        pays for two of the three (at rest, p99 7.5-8.6 ms with two stages, 5.6-6.4
        with three, at 1280x800). Only on the surface drawn last, with nothing drawn
        over the table, and never for two actions running. At the "off" animation
        speed (tests, a game played fast) every frame draws."""
        applied, self._applied = self._applied, False
        if self._readying:   # the frame after the action's: its pictures readied
            self._readying = False
            if surface is self._shown_on and self.app.stack.visible() == [self]:
                self.chrome(surface.get_size())
                self.map_parts()
                return True
        later = (applied and self.app.animation_speed != "off" and self.draws_late
                 and not self._waited
                 and surface is self._shown_on and self.app.stack.visible() == [self])
        self._waited = later
        self._readying = later
        self._shown_on = surface
        return later

    def draw_seat_card(self, surface: pygame.Surface, seats: list[int],
                       near: tuple[int, int]) -> None:
        """A seat's public state (A1.5) on a card beside the panel or marker pointed at (the
        shown seat's own hand value counts in its own score); for markers sharing a space,
        why each will or will not move."""
        view = self.public()
        viewer = self.flow.viewer
        lines: list[str] = [ast_panel.why_words(view, seat) for seat in seats]
        if len(seats) == 1:   # markers sharing a space: a line each, so eight fit
            hand = self.view()["seats"][seats[0]]["hand"] if seats[0] == viewer else None
            lines = ast_panel.seat_lines(view, seats[0], self.seat_name(seats[0]), hand)
        ast_panel.draw_card(surface, lines, max(10, self.px - 1),
                            pygame.Rect((0, 0), self.size), near)

    def draw_map(self, surface: pygame.Surface) -> None:
        """The board and its pieces (kept by `kept_map` while they stay the same)."""
        self.board.view.draw(surface, self.board, minimap=False)
        clip = surface.get_clip()
        surface.set_clip(self.areas["map"].clip(clip))
        self.draw_pieces(surface)
        surface.set_clip(clip)
        self.board.view.draw_minimap(surface, self.board)

    def chrome(self, size: tuple[int, int]) -> pygame.Surface:
        """The table round the map (the phase tracker, the hand, the seats' panels, the
        A.S.T.), painted once per position, shown seat and size: most frames change none
        of it, and its panels are the costliest part of a frame."""
        key = (self.state, self.flow.viewer, size, self.show_track, len(self.panels.seats),
               current_language())
        kept = self._chrome
        if kept is None or kept[0][0] is not key[0] or kept[0][1:] != key[1:]:
            if kept is not None and kept[0][5] != key[5]:
                self.kept_chrome = SectionedPicture()   # every word is another
            picture = self.kept_chrome.picture(skin.table(*size), self.chrome_sections())
            kept = self._chrome = (key, picture)
        return kept[1]

    def chrome_sections(self) -> list[Section]:
        """The chrome's parts, each with what it shows: a computer's action mostly changes
        who decides and a seat's numbers, and only those parts are painted again."""
        view, seat = self.public(), self.state.to_move
        me = self.view()["seats"][self.flow.viewer] if self.flow.viewer is not None else None
        lines = self.ast_lines()
        sections = [
            Section("top", self.areas["top"], (
                view["phase"], view["turn"], seat, self.state.is_over,
                None if seat is None else self.seat_name(seat), self.may_leave() is not None),
                self.draw_phases),
            Section("hand", self.areas["hand"], (
                self.flow.viewer, None if me is None else (tuple(me["hand"] or ()),
                                                           tuple(me["cards"])),
                tuple(self.calamities_near())),
                self.draw_hand),
            Section("seats", self.areas["seats"], tuple(
                (p.name, p.color, tuple(n for _icon, n in p.counts), p.active, p.hidden,
                 p.computer, p.status) for p in self.panels.seats),
                lambda picture: self.panels.draw(picture, self.px, None, None))]
        if self.show_track:
            sections.append(Section("track", self.areas["track"], (
                tuple(sorted(self.track.where.items())),
                tuple(sorted((s, m.color) for s, m in self.track.marks.items()))),
                lambda picture: self.track.draw(picture, self.px, None, None)))
        strip = self.areas["ast"]   # its last line's descenders reach below it
        sections.append(Section("ast", strip.inflate(0, 2 * self.strip_size).move(
                                    0, self.strip_size), (tuple(lines), self.strip_size),
                                lambda picture: ast_panel.draw_strip(
                                    picture, self.areas["ast"], lines, self.strip_size)))
        return sections

    def draw_pieces(self, surface: pygame.Surface) -> None:
        for area in self.lit():
            self._ring(surface, area, pal.GOLD_LIGHT)
        if self.chosen_from is not None:
            self._ring(surface, self.chosen_from, pal.IVORY)
        map_pieces.draw(surface, self.map_parts())

    def map_parts(self) -> dict[object, map_pieces.Part]:
        """The pieces on the map (`game.civ.map_pieces`), placed once per position and
        view: the kept map compares them to paint again only where they changed."""
        view = self.board.view
        key = (self.state, view.scale, view.origin, tuple(view.rect))
        kept = self._parts
        if kept is None or kept[0][0] is not key[0] or kept[0][1:] != key[1:]:
            if self._looks is None or self._looks[0] is not self.state:
                public = self.public()
                board = words.board(public)
                self._looks = (self.state, map_pieces.looks(
                    public, short_of_support(public),
                    lambda a, area: over_limit(a, board.area(area).limit, public)))
            kept = self._parts = (key, self.placer.place(self._looks[1], self.board))
        return kept[1]

    def _ring(self, surface: pygame.Surface, area: int, colour: tuple[int, int, int]) -> None:
        shape = self.board.shape.shapes[area]
        x, y = self.board.screen(shape.label)
        r = max(11, int(self.board.view.scale * 0.8))
        pygame.draw.circle(surface, pal.INK, (x, y), r + 2, 2)
        pygame.draw.circle(surface, colour, (x, y), r, 3)

    def draw_phases(self, surface: pygame.Surface) -> None:
        """A7.1: the thirteen phases, the current one lit, and who decides now."""
        top = self.areas["top"]
        surface.fill(pal.INK, top)
        view = self.public()
        phase = view["phase"]
        box = max(14, top.h - 6)
        x = 6
        for i, name in enumerate(words.PHASES, start=1):
            r = pygame.Rect(x, top.y + 3, box, box)
            now = name == phase
            pygame.draw.rect(surface, pal.GOLD if now else pal.PARCHMENT_DARK, r,
                             border_radius=3)
            text.blit(surface, str(i), "bold", max(9, box // 2), pal.INK, r.center, "center")
            x += box + 2
        said = t("civ.turn_line", turn=view["turn"], phase=self.phase_words(phase))
        seat = self.state.to_move
        if seat is not None:
            said += " · " + t("civ.decides", seat=self.seat_name(seat))
        elif self.state.is_over:
            said += " · " + t("civ.over")
        menu_w = (6 if self.may_leave() is not None else 3) * self.c
        size = text.fit_px(said, "text", self.px, max(40, top.w - x - menu_w - 12))
        text.blit(surface, said, "text", size, pal.TEXT_ON_DARK, (x + 8, top.centery),
                  "midleft")

    def phase_words(self, phase: str) -> str:
        return t(f"civ.phase.{phase}") if phase in words.PHASES else t(f"civ.phase_{phase}")

    def draw_hand(self, surface: pygame.Surface) -> None:
        """The shown seat's trade cards with each set's value (A16, A35.2), and its
        civilization cards: drawn for that seat alone; then the non-tradable calamities the
        next draws reach (public, `words.calamities_near`)."""
        area = self.areas["hand"]
        if not area.h:
            return
        surface.fill(pal.INK_SOFT, area)
        viewer = self.flow.viewer
        if viewer is None:
            text.blit(surface, t("civ.hand_hidden"), "text", self.px, pal.TEXT_ON_DARK,
                      (area.x + 8, area.centery), "midleft")
            return
        me = self.view()["seats"][viewer]
        sets = sorted(words.hand_sets(me["hand"] or []), key=lambda s: CARD_ORDER[s[0]])
        parts = [f"{words.card_name(c)} ×{n}" + (f" = {v}" if v else "") for c, n, v in sets]
        said = " · ".join([t("civ.hand", seat=self.seat_name(viewer),
                             cards=", ".join(parts) if parts else t("civ.none"),
                             value=sum(v for _c, _n, v in sets),
                             civ=words.cards_words(me["cards"])),
                           *self.calamities_near()])
        lines = text.wrap(said, "text", max(10, self.px - 2), area.w - 16)
        step = int((self.px - 2) * 1.2)
        for i, line in enumerate(lines[:max(1, area.h // step)]):
            text.blit(surface, line, "text", max(10, self.px - 2), pal.TEXT_ON_DARK,
                      (area.x + 8, area.y + 2 + i * step))

    def draw_area_info(self, surface: pygame.Surface, area_id: int) -> None:
        """An area's name, limit, city site, neighbours and every seat's pieces there."""
        lines = area_info(area_id, self.public())
        px = max(10, self.px - 1)
        width = min(self.areas["map"].w // 2,
                    max(text.size(line, "text", px)[0] for line in lines) + 16)
        wrapped = [part for line in lines for part in text.wrap(line, "text", px, width - 16)]
        step = int(px * 1.25)
        box = pygame.Rect(0, 0, width, step * len(wrapped) + 12)
        # in a corner of the map away from the pointer, so it never hides the lit areas
        map_area = self.areas["map"]
        x, y = self.hover_pos
        box.bottomleft = (map_area.x + 8, map_area.bottom - 8)
        if box.inflate(16, 16).collidepoint(x, y):
            box.topright = (map_area.right - 8, map_area.y + 8)
        box.clamp_ip(map_area)
        pygame.draw.rect(surface, pal.PARCHMENT, box, border_radius=6)
        pygame.draw.rect(surface, pal.INK, box, 2, border_radius=6)
        for i, line in enumerate(wrapped):
            text.blit(surface, line, "bold" if i == 0 else "text", px, pal.INK,
                      (box.x + 8, box.y + 6 + i * step))


def area_info(area_id: int, view: dict[str, Any]) -> list[str]:
    """What a hover or a long press tells of an area (A3): everything public."""
    board = words.board(view)
    area = board.area(area_id)
    players = words.players(view)
    in_play = words.in_play(view)
    if area_id not in in_play:
        return [area.name, t("civ.info.out_of_play", players=players)]
    lines = [area.name]
    site = {"none": "", "black": t("civ.site.black"), "white": t("civ.site.white")}.get(
        str(area.city_site), "")
    if site and players is not None and \
            site_requirement(board, players, area_id) != TOKENS_ON_A_SITE:
        site = t("civ.site.ignored", site=site)   # A4.4: an island's, with two players
    kind = t(f"civ.kind.{area.kind}")
    lines.append(t("civ.info.limit", kind=kind, limit=area.limit) + (f" · {site}" if site else ""))
    lines.append(t("civ.info.neighbours", areas=", ".join(
        words.area_name(n) for n in board.neighbours(area_id) if n in in_play)))
    held = next((a for a in view["areas"] if a["id"] == area_id), None)
    if held is not None:
        for owner, n in sorted(held["tokens"].items()):
            lines.append(t("civ.info.tokens", count=n, seat=words.seat_words(
                view, owner if owner == BARBARIAN else int(owner))))
        if held["city"]:
            lines.append(t("civ.info.city", seat=words.seat_words(view, held["city"]["owner"])))
    for s in view["ships"]:
        if s["area"] == area_id:
            lines.append(t("civ.info.ship", seat=words.seat_words(view, s["owner"]),
                           aboard=s["aboard"]))
    return lines


def acceptance(proposal: dict[str, Any], hand: list[str]) -> dict[str, Any] | None:
    """A17.4: the cards asked for, the named ones first and the rest the least valuable
    tradable cards of the hand, or None if the hand cannot meet the demand."""
    own = Counter(c for c in hand if c in COMMODITY_BY_ID or CALAMITY_BY_ID[c].tradable)
    named = Counter(proposal["want_named"])
    if named - own:
        return None
    rest = sorted((own - named).elements(),
                  key=lambda c: COMMODITY_BY_ID[c].value if c in COMMODITY_BY_ID else 0)
    more = int(proposal["want"]) - sum(named.values())
    if len(rest) < more:
        return None
    give = [*named.elements(), *rest[:more]]
    return {"type": "accept", "give": sorted(give, key=CARD_ORDER.__getitem__)}


def purchases(held: list[str], hand: list[str]) -> list[list[dict[str, Any]]]:
    """A32: each single card not held, paid from the treasury alone, else with the fewest
    whole commodity sets (smallest first) and the treasury: candidates the engine judges,
    one group per card."""
    sets = sorted(((c, n) for c, n in Counter(hand).items() if c in COMMODITY_BY_ID),
                  key=lambda s: s[1] * s[1] * COMMODITY_BY_ID[s[0]].value)
    tries: list[list[str]] = [[]]
    pay: list[str] = []
    for card, n in sets:
        pay = pay + [card] * n
        tries.append(sorted(pay, key=CARD_ORDER.__getitem__))
    return [[{"type": "purchase", "cards": [card], "pay": p, "mining": None} for p in tries]
            for card in CIV_CARD_IDS if card not in held and card in CIV_CARD_BY_ID]
