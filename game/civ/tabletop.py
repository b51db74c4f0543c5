"""Advanced Civilization at the tabletop: the kiosk's screen lying flat, 2–8 people
round it (A4), each at their own edge.

It is the desk table (`game.civ.table.CivTable`: the same flow, answers, map taps and
pieces) laid out by `game.civ.tabletop_layout` and with other rules of who sees what.
There is no hand-over screen: privacy comes from holding one's own strip (the kit's
`PanelFingers`). A closed strip shows what everyone may know (A1.5): the nation, stock,
cities, ships, treasury, census, civilization cards, A.S.T. space and why its marker
will or will not move (A34.1), and how many trade cards are held, never which. Held
by its owner's finger, it grows toward the map with the trade cards face up and each
set's value (A16); lifting the finger closes it.

A decision whose answers come from the hand (`NEVER_FORCED`: Pottery's Grain, a card
returned, a purchase, a trade) is answered in that held panel; any other is asked on a
card beyond the deciding seat's strip, turned to it and open to all, and on the map,
whose lit areas a tap answers as at the desk. The map stays square-on in the kit's
viewport (one finger pans, two pinch: `game.kit.tabletop_board`); the log, the A.S.T.
track and warnings turn to the seat that must act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.civ.tables import CARD_ORDER
from game.art import palette as pal
from game.civ import ast_panel, card_labels, words
from game.civ.table import NEVER_FORCED, CivTable, area_info
from game.civ.tabletop_deal import PREFIX, HeldDeal
from game.civ.tabletop_hint import CivTabletopHint
from game.civ.tabletop_layout import CivTabletopLayout, civ_tabletop_layout
from game.civ.tabletop_purchase import HeldPurchase
from game.i18n import t
from game.input import Intent
from game.kit.log_painter import paint_panel
from game.kit.seat_panel import SeatPanel, draw_badge, draw_counts, draw_medal, draw_name
from game.kit.tabletop import Frame, line_height
from game.kit.tabletop_board import BoardFingers
from game.kit.tabletop_panels import (
    PanelFingers,
    PanelView,
    local_surface,
    note_surface,
    on_the_table,
    turned,
)
from game.ui import icons, skin, text
from game.ui.widgets import Button, draw_button

if TYPE_CHECKING:
    from game.app import App
    from game.session import TableSession

Point = tuple[int, int]
EMPTY = pygame.Rect(0, 0, 0, 0)
MIN_AST_PX = 12   # smaller, a strip's A.S.T. line goes on two lines


class CivTabletop(CivTable):
    multi_touch = True
    faces_every_edge = True
    hint: CivTabletopHint

    def __init__(self, app: App, session: TableSession) -> None:
        self.tl: CivTabletopLayout = civ_tabletop_layout(*app.size, session.players)
        self.fingers = PanelFingers(self, session.players)
        self.card: PanelView | None = None
        self.footer: list[tuple[str, str]] = []
        self.prompt_lines: list[str] = []
        self.log_open = False
        self.ast_open = False
        self._card_press: dict[int, str | None] = {}
        self._strips: dict[int, tuple[Any, pygame.Surface]] = {}
        self._held: dict[int, tuple[Any, PanelView]] = {}
        # the turned pictures of the card, the track and the log, kept while what they
        # show is unchanged (turning and painting them was most of a frame)
        self._pictures: dict[str, tuple[Any, pygame.Surface]] = {}
        # an offer (or a purchase) being built in its seat's held strip
        self.deal: HeldDeal | HeldPurchase | None = None
        super().__init__(app, session)
        self.board_fingers = BoardFingers(self.board.view)

    def _make_hint(self) -> CivTabletopHint:
        return CivTabletopHint(self)

    def _first_viewer(self) -> int | None:
        """The seat to move when it is a person's; privacy comes from holding a strip."""
        humans = self.session.human_seats
        seat = self.state.to_move
        if seat is not None and seat in humans:
            return int(seat)
        return humans[0] if humans else None

    def serve(self, seat: int) -> None:
        """No hand-over at the tabletop: the seat that must decide is shown its answers
        where it sits (its card, or its held strip). What a person is never asked (A36's
        stay) is answered as at the desk; no "since your last turn" panel, as everyone
        watched the same table."""
        if self.decide.answer_unasked(seat):
            return
        if self.flow.viewer != seat:
            self.flow.set_viewer(seat)

    def quick_answers(self) -> list[dict[str, Any]]:
        """The desk's quick answers (`game.civ.decide`), first on the card or in the held
        strip: a calamity's one-tap default, the growth laid out by taps, the offer built
        in the strip, the suggested purchase, the purchase chosen in the strip (not the
        desk's screen: upright, full-screen, it would show the hand to the whole table)."""
        if self.only is not None:
            return []
        return self.decide.extra()

    def built_answers(self) -> list[list[dict[str, Any]]]:
        """A32's single-card purchases are not listed: the purchase chosen in the held strip
        (`_purchase`) buys any of them, and several at once (a page of the list per answer
        on a short strip was most of a purchase's taps)."""
        pending = self.state.pending or {}
        return [] if pending.get("kind") == "civ_cards" else super().built_answers()

    def held_deal(self, seat: int) -> HeldDeal | HeldPurchase | None:
        """The seat's offer (or purchase) under way, while the decision it was opened for
        is pending."""
        deal = self.deal
        if deal is not None and (deal.seat != seat or not deal.current(self.state)):
            if not deal.current(self.state):
                self.deal = None
            return None
        return deal

    def private(self) -> bool:
        """The pending decision's answers come from its seat's hidden hand."""
        pending = self.state.pending
        return pending is not None and pending["kind"] in NEVER_FORCED

    def facing(self) -> int:
        """The rotation of the seat that must act (words on the map turn to it)."""
        seat = self.state.to_move
        return self.tl.seats[int(seat)].rotation if seat is not None else 0

    # ----- layout --------------------------------------------------------------------------

    def resize(self, w: int, h: int) -> None:
        self.size = (w, h)
        self.tl = civ_tabletop_layout(w, h, self.session.players)
        self.c = self.tl.unit
        self.areas = {"top": EMPTY, "hand": EMPTY, "seats": EMPTY, "ask": EMPTY,
                      "map": self.tl.map, "track": self.tl.track or EMPTY,
                      "log": self.tl.log or EMPTY}
        self.board.place(self.tl.map)
        self.track = self.ast_track()
        self.show_track = False   # each strip says its seat's A.S.T. space
        self._strips.clear()
        self._lay_buttons()

    @property
    def px(self) -> int:
        return max(12, int(line_height(self.tl.unit) / 1.3))

    @property
    def inset(self) -> int:
        """Where a card's words start: clear of the panel's corner ornaments."""
        return self.tl.inset(self.px)

    def _lay_buttons(self) -> None:
        """The shared buttons, and the pending decision's answers on its seat's card or in
        its held panel, a page at a time."""
        self._held.clear()
        labels = {"menu": "", "help": "?", "log": t("civ.tabletop.log"), "ast": "A.S.T."}
        selected = {"log": self.log_open, "ast": self.ast_open}
        self.buttons.set([Button(bid, rect, labels[bid], selected=selected.get(bid, False),
                                 icon=icons.glyph("menu", int(min(rect.size) * 0.6))
                                 if bid == "menu" else None, style="quiet")
                          for bid, rect in self.tl.buttons.items()])
        self.card = None
        self.shown, self.footer, self.prompt_lines = [], [], []
        seat = self.deciding()
        self.choices = self.only if self.only is not None else self.answers()
        if seat is None:
            return
        private = self.private()
        hinted = self.hint.answers(self.choices) if private and self.only is None else []
        self.choices = [*self.quick_answers(), *hinted, *self.choices]
        place = self.tl.seats[seat]
        pad = max(3, self.tl.unit // 8)
        self.prompt_lines = text.wrap(self.prompt(), "text", self.px,
                                      place.length - 2 * pad - 2 * self.inset)[:3]
        lines = len(self.prompt_lines)
        below = self.tl.held(seat, len(self._hand(seat)), 0, 0, 0).depth if private else 0
        count = len(self.choices)
        per = self.tl.per_page(seat, count, lines, below) if count else 0
        pages = max(1, -(-count // per)) if per else 1
        self.page %= pages
        self.shown = self.choices[self.page * per:(self.page + 1) * per] if per else []
        if pages > 1:
            self.footer.append(("more", t("civ.more", page=self.page + 1, pages=pages)))
        if self.only is not None:
            self.footer.append(("back", t("common.back")))
        self.footer.extend(self.hint.footer())
        if private:
            return
        chooser = self.tl.chooser(seat, len(self.shown), len(self.footer), lines)
        frame = self.tl.card_frame(seat, chooser.depth)
        view = self.public()
        options = [Button(f"act:{i}", rect, self.decide.label(action)
                          if action["type"].startswith("_") else words.describe(action, view))
                   for i, (action, rect) in enumerate(zip(self.shown, chooser.options,
                                                          strict=True))]
        footer = [Button(bid, rect, label, style="quiet")
                  for (bid, label), rect in zip(self.footer, chooser.footer, strict=True)]
        self.card = PanelView(seat, "card", frame, [*options, *footer], [*options, *footer],
                              chooser=chooser, lines=self.prompt_lines)

    def _hand(self, seat: int) -> list[tuple[str, int, int]]:
        """The seat's trade cards as sets (card, count, value), A16: read from that seat's
        own view, so only its held panel may draw them."""
        hand = self.state.view(seat)["seats"][seat]["hand"] or []
        return sorted(words.hand_sets(hand), key=lambda s: CARD_ORDER[s[0]])

    # ----- PanelHost ---------------------------------------------------------------------

    def seat_at(self, pos: Point) -> int | None:
        return self.tl.seat_at(pos)

    def panel_view(self, seat: int) -> PanelView:
        deal = self.held_deal(seat)
        key = (self.state, self.page, len(self.shown), self.chosen_from,
               None if deal is None else deal.version)
        kept = self._held.get(seat)
        if kept is not None and kept[0][0] is key[0] and kept[0][1:] == key[1:]:
            return kept[1]
        if deal is not None:
            laid = deal.panel(self.tl, self.px)
            panel = PanelView(seat, "deal", self.tl.seats[seat].band(0, laid.depth),
                              laid.buttons, laid.buttons)
            self._held[seat] = (key, panel)
            return panel
        hint = self.hint.panel_view(seat, self.px)
        if hint is not None:
            return hint
        sets = self._hand(seat)
        answering = seat == self.deciding() and self.private()
        options = len(self.shown) if answering else 0
        footer = len(self.footer) if answering else 0
        lines = len(self.prompt_lines) if answering else 0
        labels = [f"{words.card_name(card)} ×{n}" + (f" = {v}" if v else "")
                  for card, n, v in sets]
        held = self.tl.held(seat, len(sets), options, footer, lines,
                            card_labels.least_width(labels))
        frame = self.tl.seats[seat].band(0, held.depth)
        cards = [Button(f"card:{card}", rect, label, enabled=False)
                 for (card, _n, _v), label, rect in zip(sets, labels, held.cards, strict=True)]
        buttons: list[Button] = []
        if held.chooser is not None and answering:
            view = self.state.view(seat)
            buttons = [Button(f"act:{i}", rect, self.decide.label(action)
                              if action["type"].startswith("_") else words.describe(action, view))
                       for i, (action, rect) in enumerate(zip(self.shown, held.chooser.options,
                                                              strict=True))]
            buttons += [Button(bid, rect, label, style="quiet")
                        for (bid, label), rect in zip(self.footer, held.chooser.footer,
                                                      strict=True)]
        panel = PanelView(seat, "hand", frame, [*cards, *buttons], buttons,
                          chooser=held.chooser, lines=self.prompt_lines if answering else [])
        self._held[seat] = (key, panel)
        return panel

    def may_hold(self, seat: int) -> bool:
        """A person's strip opens while held; a computer's hand is never shown."""
        return not self.replay and self.session.is_human(seat)

    def opened(self, seat: int) -> None:
        """Nothing to teach yet: the strip's own words say to hold it."""

    # ----- input --------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        kind, pos = intent.kind, intent.pos
        if kind == "hover":
            self.point_at(pos)
            return
        if kind in ("key", "scroll"):
            if kind == "scroll" and pos is not None and self.log_frame() is not None \
                    and self.log_frame().contains(pos):   # type: ignore[union-attr]
                self.log_panel.scroll_by(intent.amount)
                return
            super().handle(intent)
            return
        if pos is None:
            return
        pointer = intent.pointer
        if kind == "press":
            self._press(intent, pos)
        elif kind in ("drag_start", "drag"):
            finger = self.fingers.fingers.get(pointer)
            if finger is not None:
                finger.pos, finger.moved = pos, True
                self.fingers.move(finger, pos, self.app.now, self.app.input.drag_slop)
            else:
                self.board_fingers.move(intent)
        elif kind == "long_press":
            if self.board_fingers.owns(pointer):
                self.board_fingers.fingers[pointer].moved = True
                self.point_at(pos)
        elif kind in ("tap", "drop", "release"):
            self._lift(intent, pos)

    def _press(self, intent: Intent, pos: Point) -> None:
        seat = self.fingers.panel_at(pos)
        if seat is not None:
            self.fingers.press(intent.pointer, pos, seat, self.app.now)
            return
        if self.card is not None and self.card.frame.contains(pos):
            self._card_press[intent.pointer] = self.card.control_at(pos)
            return
        if self.buttons.at(pos) is not None or self._over_open_box(pos):
            self.clicked(self.buttons, intent)
            return
        self.board_fingers.press(intent)

    def _lift(self, intent: Intent, pos: Point) -> None:
        pointer = intent.pointer
        finger = self.fingers.fingers.pop(pointer, None)
        if finger is not None:
            control = self.fingers.lift(finger, pos)
            self.fingers.up(finger)
            if control is not None and finger.seat is not None:
                self.fire(finger.seat, control)
            return
        if pointer in self._card_press:
            pressed = self._card_press.pop(pointer)
            card = self.card
            if card is not None and pressed is not None and card.control_at(pos) == pressed:
                self.fire(card.seat, pressed)
            return
        owned, tapped = self.board_fingers.lift(intent)
        if owned:
            area = self.board.area_at(pos) if tapped else None
            if area is not None:
                self.point_at(pos)
                self.tap_area(area)
            return
        log = self.log_frame()
        if log is not None and log.contains(pos) and self.buttons.at(pos) is None:
            if intent.kind == "tap":   # a tab, or a line (in the log's own turned frame)
                self.log_panel.tap(self.log_hits, log.to_local(pos))
            return
        chosen = self.clicked(self.buttons, intent)
        if chosen == "menu":
            self.open_menu()
        elif chosen == "help":
            self.app.push(self.overlay())
        elif chosen == "log":
            self.log_open, self.ast_open = not self.log_open, False
            self._lay_buttons()
        elif chosen == "ast":
            self.ast_open, self.log_open = not self.ast_open, False
            self._lay_buttons()

    def _over_open_box(self, pos: Point) -> bool:
        box = self.box_frame()
        return box is not None and box.contains(pos)

    def fire(self, seat: int, control: str) -> None:
        """A control of a seat's card or held panel: an answer of the deciding seat, or a
        page of them."""
        if control.startswith(PREFIX):
            deal = self.held_deal(seat)
            if deal is not None and deal.press(control[len(PREFIX):]) and self.deal is deal:
                self.deal = None
            self._held.pop(seat, None)
        elif control.startswith("act:"):
            index = int(control.partition(":")[2])
            if seat == self.deciding() and index < len(self.shown):
                action = self.shown[index]
                if action["type"] in ("_deal", "_purchase"):
                    held = HeldDeal if action["type"] == "_deal" else HeldPurchase
                    self.deal = held(self, seat)
                    self._held.pop(seat, None)
                elif action["type"].startswith("_"):
                    self.decide.press(action)
                else:
                    self.act(action)
        elif control == "more":
            self.next_page()
        elif control == "back":
            self.reset_choice()
        elif control == "hint":
            self.hint.ask()
        elif control == "hint_done":
            self.hint.fold()

    def update(self, dt: float) -> None:
        alive = self.app.input.active_pointers() if self.app.stack.top is self else set()
        self.fingers.forget(alive)
        self.board_fingers.forget(alive)
        for pointer in [p for p in self._card_press if p not in alive]:
            self._card_press.pop(pointer)
        super().update(dt)

    # ----- drawing -------------------------------------------------------------------------

    def log_frame(self) -> Frame | None:
        """The log: in the hub, else in the box over the map while its button holds it."""
        if self.tl.log is not None:
            return Frame(self.tl.log, self.facing())
        return self.tl.overlay(self.facing()) if self.log_open else None

    def track_frame(self) -> Frame | None:
        if self.tl.track is not None:
            return Frame(self.tl.track, self.facing())
        return self.tl.overlay(self.facing()) if self.ast_open else None

    def box_frame(self) -> Frame | None:
        """The box open over the map (no free edge), if any."""
        if self.tl.geometry.hub is not None:
            return None
        return self.tl.overlay(self.facing()) if self.log_open or self.ast_open else None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table(w, h), (0, 0))
        self.board.view.draw(surface, self.board)
        clip = surface.get_clip()
        surface.set_clip(self.tl.map)
        self.draw_pieces(surface)
        pointed = self.log_panel.pointed
        for place in getattr(pointed, "places", ()):   # the tapped log line's areas
            if place.isdigit() and int(place) in self.board.shape.shapes:
                self._ring(surface, int(place), pal.IVORY)
        surface.set_clip(clip)
        hub = self.tl.geometry.hub
        if hub is not None:
            surface.blit(skin.panel(hub.w, hub.h), hub.topleft)
        self.draw_track(surface)
        self.draw_log(surface)
        self.buttons.draw(surface, self.px)
        for seat in range(self.session.players):
            if not self.fingers.is_open(seat):
                self.draw_strip(surface, seat)
        if self.hover is not None and self.tl.map.collidepoint(self.hover_pos):
            self.draw_area_info(surface, self.hover)
        if self.card is not None:
            self.draw_card(surface, self.card)
        if self.toast:
            self.draw_toast(surface)
        for seat in self.fingers.open_order:
            if self.fingers.is_open(seat):
                self.draw_held(surface, seat)

    def draw_strip(self, surface: pygame.Surface, seat: int) -> None:
        """The closed strip: what everyone may know of the seat, and "hold to answer"
        when its hand holds the answers of the decision it must make."""
        place = self.tl.seats[seat]
        frame = place.strip_frame
        asks = seat == self.deciding() and self.private()
        hinted = self.hint.ready(seat)
        key = (self.state, asks, hinted, frame.rect.size, self.size)
        kept = self._strips.get(seat)
        if kept is None or kept[0][0] is not key[0] or kept[0][1:] != key[1:]:
            panel = self.seat_panels()[seat]
            if hinted:
                panel.status = t("civ.tabletop.hint_ready")
            elif asks:
                panel.status = t("civ.tabletop.hold")
            local = local_surface(frame.size)
            view = self.public()
            ast = ast_panel.why_words(view, seat, own=True) \
                if view["seats"][seat]["nation"] else ""
            strip_picture(local, panel, ast)
            kept = (key, on_the_table(turned(local, frame.rotation), frame.rect, self.size))
            self._strips[seat] = kept
        surface.blit(kept[1], frame.rect.topleft)

    def _chooser_picture(self, local: pygame.Surface, view: PanelView, pressed: str | None
                         ) -> None:
        chooser = view.chooser
        if chooser is not None:
            step = line_height(self.tl.unit)
            for i, line in enumerate(view.lines):
                text.blit(local, line, "text", self.px, pal.TEXT,
                          (chooser.text.x + self.inset, chooser.text.y + 4 + i * step))
        for button in view.buttons:
            state = "pressed" if button.id == pressed else (
                "normal" if button.enabled else "disabled")
            draw_button(local, button, text.fit_px(button.label, "text", self.px,
                                                   button.rect.w - 8), state)

    def draw_card(self, surface: pygame.Surface, card: PanelView) -> None:
        """A public decision, turned to the seat that must make it."""
        pressed = next((c for c in self._card_press.values() if c is not None), None)
        key = (card, pressed)
        kept = self._pictures.get("card")
        if kept is None or kept[0][0] is not card or kept[0][1] != pressed:
            local = local_surface(card.frame.size)
            local.blit(skin.panel(*local.get_size(), True), (0, 0))
            self._chooser_picture(local, card, pressed)
            kept = self._pictures["card"] = (key, turned(local, card.frame.rotation))
        surface.blit(kept[1], card.frame.rect.topleft)

    def draw_held(self, surface: pygame.Surface, seat: int) -> None:
        """The held panel: the hand face up (only while its own finger holds it), and the
        private answers beyond it."""
        view = self.panel_view(seat)
        local = local_surface(view.frame.size)
        w, h = local.get_size()
        local.blit(skin.panel(w, h, True), (0, 0))
        pressed = self.fingers.pressed_control(seat)
        deal = self.held_deal(seat)
        if deal is not None:
            self._deal_picture(local, deal, pressed)
            surface.blit(turned(local, view.frame.rotation), view.frame.rect.topleft)
            return
        if view.kind == "hint":   # its words, turned to the seat, while it holds the strip
            self._chooser_picture(local, view, pressed)
            text.blit(local, self.seat_name(seat), "bold", self.px, pal.TEXT,
                      (self.px // 2, h - self.tl.seats[seat].strip_depth // 2), "midleft")
            surface.blit(turned(local, view.frame.rotation), view.frame.rect.topleft)
            return
        cards = [c for c in view.controls if c.id.startswith("card:")]
        faces = self.fingers.shown(seat, cards)
        for card in faces or ():
            card_labels.draw(local, card, self.px, "normal")
        if faces is not None and not cards:
            text.blit(local, t("civ.none"), "text", self.px, pal.TEXT_MUTED,
                      (w // 2, h - self.tl.seats[seat].strip_depth - self.px), "center")
        self._chooser_picture(local, view, pressed)
        strip = pygame.Rect(0, h - self.tl.seats[seat].strip_depth, w,
                            self.tl.seats[seat].strip_depth)
        name = self.seat_name(seat)
        text.blit(local, name, "bold", self.px, pal.TEXT, (self.px // 2, strip.centery),
                  "midleft")
        self._draw_calamities_near(local, strip, self.px + text.size(name, "bold", self.px)[0])
        surface.blit(turned(local, view.frame.rotation), view.frame.rect.topleft)

    def _draw_calamities_near(self, local: pygame.Surface, strip: pygame.Rect, x: int) -> None:
        """Beside the name on a held hand, as on the desk's hand line: the non-tradable
        calamities the next draws reach (public, A6.2, A32.6), read while the hand is
        weighed (how many cities to build, what to trade)."""
        said = " · ".join(self.calamities_near())
        reach = skin.panel_corner_reach(*local.get_size())
        x = max(x, reach)
        width = strip.right - reach - x
        if said and width > self.px:
            text.blit(local, said, "text", text.fit_px(said, "text", self.px, width),
                      pal.TEXT_MUTED, (x, strip.centery), "midleft")

    def _deal_picture(self, local: pygame.Surface, deal: HeldDeal | HeldPurchase,
                      pressed: str | None) -> None:
        """The offer or purchase under way (the hand's cards among its chips): drawn only
        into a held panel, so only while its own finger holds the strip."""
        laid = deal.panel(self.tl, self.px)
        for said, rect in laid.texts:
            text.blit(local, said, "text", text.fit_px(said, "text", self.px, rect.w), pal.TEXT,
                      rect.midleft, "midleft")
        for button in laid.buttons:
            state = "pressed" if button.id == pressed or button.selected else (
                "normal" if button.enabled else "disabled")
            card_labels.draw(local, button, self.px, state)
        for rect in laid.veils:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((*pal.INK, 120))
            local.blit(veil, rect)
        depth = self.tl.seats[deal.seat].strip_depth
        text.blit(local, self.seat_name(deal.seat), "bold", self.px, pal.TEXT,
                  (self.px // 2, local.get_height() - depth // 2), "midleft")

    def draw_track(self, surface: pygame.Surface) -> None:
        """A5: the A.S.T. with every nation on it, turned to the seat that must act."""
        frame = self.track_frame()
        if frame is None or (self.tl.track is None and not self.ast_open):
            return
        key = (self.state, frame, self.size)
        kept = self._pictures.get("track")
        if kept is None or kept[0][0] is not key[0] or kept[0][1:] != key[1:]:
            kept = self._pictures["track"] = (key, self._track_picture(frame))
        surface.blit(kept[1], frame.rect.topleft)

    def _track_picture(self, frame: Frame) -> pygame.Surface:
        local = local_surface(frame.size)
        w, h = local.get_size()
        local.blit(skin.panel(w, h), (0, 0))
        pad = max(4, self.c // 8)
        title = t("civ.tabletop.ast")
        text.blit(local, title, "bold", text.fit_px(title, "bold", self.px, w - 2 * pad),
                  pal.TEXT, (pad, pad))
        area = pygame.Rect(pad, pad + int(self.px * 1.4), w - 2 * pad,
                           h - 2 * pad - int(self.px * 1.4))
        c = max(24, min(self.c, area.w // 6))
        self.track.place(area, c, self.px)
        self.track.draw(local, self.px, None, None)
        return turned(local, frame.rotation)

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log anyone may read (no seat's private line), turned to the seat that must
        act."""
        frame = self.log_frame()
        if frame is None or (self.tl.log is None and not self.log_open):
            return
        panel = self.log_panel
        key = (self.state, frame, len(self.told), panel.chosen, panel.scroll, panel.pointed,
               self.size)
        kept = self._pictures.get("log")
        if kept is None or kept[0][0] is not key[0] or kept[0][1:] != key[1:]:
            local = local_surface(frame.size)
            names = [self.seat_name(s) for s in range(self.session.players)]
            lines = [line for line in self.told if words.may_read(line, None)]
            self.log_hits = paint_panel(panel, local, local.get_rect(), self.px, lines, names,
                                        None, lambda _row, _size: None)
            kept = self._pictures["log"] = (key, turned(local, frame.rotation))
        surface.blit(kept[1], frame.rect.topleft)

    def draw_area_info(self, surface: pygame.Surface, area_id: int) -> None:
        """An area's name, limit, site, neighbours and pieces (A3), turned to the seat that
        must act, in the map's corner farthest from the finger that asked."""
        m = self.tl.map
        picture = turned(note_surface(area_info(area_id, self.public()), self.px,
                                      min(m.w, m.h) * 2 // 3), self.facing())
        x, y = self.hover_pos
        rect = picture.get_rect()
        corner = ("right" if x < m.centerx else "left", "bottom" if y < m.centery else "top")
        inner = m.inflate(-16, -16)
        setattr(rect, f"{corner[1]}{corner[0]}", getattr(inner, f"{corner[1]}{corner[0]}"))
        rect.clamp_ip(m)
        surface.blit(picture, rect)

    def draw_toast(self, surface: pygame.Surface) -> None:
        """A warning turned to the seat that must act, by the map's edge before it."""
        rotation = self.facing()
        seat = self.state.to_move
        width = min(self.tl.map.w, self.tl.map.h) * 3 // 4
        picture = turned(note_surface([self.toast], self.px, width, warn=True), rotation)
        rect = picture.get_rect(center=self.tl.map.center)
        if seat is not None:
            edge = self.tl.seats[int(seat)].edge
            strip = self.tl.seats[int(seat)].strip
            m = self.tl.map
            if edge == "bottom":
                rect.midbottom = (strip.centerx, m.bottom - 8)
            elif edge == "top":
                rect.midtop = (strip.centerx, m.top + 8)
            elif edge == "left":
                rect.midleft = (m.left + 8, strip.centery)
            else:
                rect.midright = (m.right - 8, strip.centery)
            rect.clamp_ip(m)
        surface.blit(picture, rect)


def _counts_width(counts: list[tuple[Any, str]], px: int, icon_px: int, gap: int) -> int:
    return sum(text.size(value, "bold", px)[0] + icon_px + 1 + gap for _icon, value in counts)


def strip_picture(local: pygame.Surface, seat: SeatPanel, ast: str = "") -> None:
    """A seat's closed strip, upright: its medal, its name over its public counts (in
    two rows where one is too short, as on a side strip shared by two seats), how many
    cards it holds, and beside the name `ast`, why its A.S.T. marker will or will not
    move (A34.1: on one line, or two where the strip is short); drawn from the kit's
    seat-panel parts."""
    rect = local.get_rect()
    local.blit(skin.panel(rect.w, rect.h, seat.active), (0, 0))
    pad = max(3, rect.h // 14)
    inner = rect.inflate(-2 * pad, -2 * pad)
    medal_size = min(inner.h, max(24, inner.w // 6))
    medal = pygame.Rect(inner.x, inner.y, medal_size, medal_size)
    medal.centery = inner.centery
    draw_medal(local, medal, seat.color, seat.symbol)
    x = medal.right + pad
    width = inner.right - x
    counts = list(seat.counts)
    for rows in (1, 2):
        row_h = inner.h // (rows + 1)
        px = max(10, int(row_h * 0.5))
        icon_px = max(8, int(row_h * 0.62))
        per_row = max(1, -(-len(counts) // rows))
        badge_w = icon_px + px
        if all(_counts_width(counts[i:i + per_row], px, icon_px, 4) + badge_w <= width
               for i in range(0, len(counts), per_row)):
            break
    name_w = width
    if ast:
        said = [seat.name, seat.status] if seat.status else [seat.name]
        name_w = min(width // 2, max(text.size(s, "bold", max(10, int(row_h * 0.42)))[0]
                                     for s in said) + pad)
        draw_ast(local, pygame.Rect(x + name_w + pad, inner.y, width - name_w - 2 * pad,
                                    row_h), ast)
    draw_name(local, pygame.Rect(x, inner.y, name_w, row_h), seat.name, seat.status,
              seat.computer)
    right = inner.right
    if seat.hidden is not None:
        slot = pygame.Rect(0, 0, icon_px + px // 2, icon_px + px // 2)
        slot.midright = (right, inner.y + row_h + row_h // 2)
        if seat.back is not None:
            back = seat.back(icon_px)
            local.blit(back, back.get_rect(center=slot.center))
        draw_badge(local, str(seat.hidden), slot, max(10, px * 3 // 4))
        right = slot.x - pad
    for row in range(rows):
        part = counts[row * per_row:(row + 1) * per_row]
        line = pygame.Rect(x, inner.y + (row + 1) * row_h, right - x, row_h)
        draw_counts(local, line, part, px, icon_px, gap=4)


def draw_ast(local: pygame.Surface, area: pygame.Rect, said: str) -> None:
    """A seat's A.S.T. line right-aligned in `area`: one line if it fits at a readable
    size, else two, cut at the area's end if a translation is longer still."""
    px = max(10, int(area.h * 0.42))
    lines = [said]
    if _fitted(said, px, area.w) < MIN_AST_PX:
        px = max(10, int(area.h * 0.36))
        lines = text.wrap(said, "text", px, area.w)[:2]
    step = area.h // len(lines)
    clip = local.get_clip()
    local.set_clip(area.clip(clip))
    for i, line in enumerate(lines):
        text.blit(local, line, "text", _fitted(line, px, area.w), pal.TEXT,
                  (area.right, area.y + i * step + step // 2), "midright")
    local.set_clip(clip)


def _fitted(line: str, px: int, width: int) -> int:
    """The largest size up to px (10 at least) at which the line's measured width fits."""
    size = text.fit_px(line, "text", px, width, minimum=10)
    while size > 10 and text.size(line, "text", size)[0] > width:
        size -= 1
    return size
