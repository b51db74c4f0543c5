"""A tabletop made of nothing but the kit: any board shape, 2–8 seats, each with a
hand of numbered cards that shows its faces only while held, and a Play button.

It proves the kit's tabletop is game-free: its geometry (game.kit.tabletop), its
panels and fingers (game.kit.tabletop_panels) serve a table that knows no game,
through the real input path (App → InputMapper(multi=True) → Scene.handle).
A card is played by holding the strip and sliding onto it, or by tapping it with
a second finger, then tapping Play; each play is recorded in `played`.
"""

from __future__ import annotations

import pygame

from game.app import App
from game.art import palette as pal
from game.input import Intent
from game.kit.tabletop import (
    HandGeometry,
    TabletopGeometry,
    TabletopSpec,
    hand_geometry,
    line_height,
    tabletop_geometry,
)
from game.kit.tabletop_panels import (
    Finger,
    PanelFingers,
    PanelView,
    local_surface,
    on_the_table,
    turned,
)
from game.scene import Scene
from game.ui import skin, text
from game.ui.widgets import Button, draw_button

Point = tuple[int, int]
NAMES = ("Ada", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


class DemoTabletop(Scene):
    multi_touch = True
    faces_every_edge = True

    def __init__(self, app: App, seats: int, units: tuple[int, int] = (16, 11),
                 cards: int = 5) -> None:
        super().__init__(app)
        self.spec = TabletopSpec(units=units)
        self.seats = seats
        # each seat's hand differs, so a face drawn where it must not be would show
        self.hands = [[str((seat * 7 + i * 3) % 10) for i in range(cards)]
                      for seat in range(seats)]
        self.picked: dict[int, int] = {}
        self.played: list[tuple[int, str]] = []
        self.fingers = PanelFingers(self, seats, pieces=("card:",))
        self.geometry = tabletop_geometry(*app.size, seats, self.spec)
        self.hand_places = self._hand_places()

    def _hand_places(self) -> list[HandGeometry]:
        unit = self.geometry.unit
        return [hand_geometry(p.length, p.strip_depth, unit, len(self.hands[p.seat]), 1)
                for p in self.geometry.seats]

    def resize(self, w: int, h: int) -> None:
        self.geometry = tabletop_geometry(w, h, self.seats, self.spec)
        self.hand_places = self._hand_places()

    # ----- PanelHost --------------------------------------------------------------------

    def seat_at(self, pos: Point) -> int | None:
        return self.geometry.seat_at(pos)

    def panel_view(self, seat: int) -> PanelView:
        place = self.geometry.seats[seat]
        hand = self.hand_places[seat]
        controls = [Button(f"card:{i}", rect, label, selected=self.picked.get(seat) == i)
                    for i, (rect, label) in enumerate(zip(hand.cards, self.hands[seat],
                                                          strict=True))]
        play = Button("play", hand.buttons[0], "Play", enabled=seat in self.picked,
                      style="gold")
        return PanelView(seat, "hand", place.band(0, hand.open_depth), [*controls, play],
                         [play])

    def may_hold(self, seat: int) -> bool:
        return True

    def opened(self, seat: int) -> None:
        """Nothing to teach here."""

    # ----- fingers ----------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if intent.pos is None:
            return
        if intent.kind == "press":
            seat = self.fingers.panel_at(intent.pos)
            if seat is not None:
                self.fingers.press(intent.pointer, intent.pos, seat, self.app.now)
        elif intent.kind in ("drag_start", "drag"):
            finger = self.fingers.fingers.get(intent.pointer)
            if finger is not None:
                finger.pos, finger.moved = intent.pos, True
                self.fingers.move(finger, intent.pos, self.app.now, self.app.input.drag_slop)
        elif intent.kind in ("tap", "drop", "release"):
            finger = self.fingers.fingers.pop(intent.pointer, None)
            if finger is not None:
                self._lift(finger, intent.pos)

    def _lift(self, finger: Finger, pos: Point) -> None:
        control = self.fingers.lift(finger, pos)
        seat = finger.seat
        if control is not None and seat is not None:
            if control.startswith("card:"):
                self.picked[seat] = int(control.split(":")[1])
            elif control == "play" and seat in self.picked:
                self.played.append((seat, self.hands[seat][self.picked.pop(seat)]))
        self.fingers.up(finger)

    def update(self, dt: float) -> None:
        top = self.app.stack.top
        self.fingers.forget(self.app.input.active_pointers() if top is self else set())

    # ----- drawing ----------------------------------------------------------------------

    def px(self) -> int:
        return max(11, int(line_height(self.geometry.unit) / 1.2))

    def draw(self, surface: pygame.Surface) -> None:
        g: TabletopGeometry = self.geometry
        surface.blit(skin.table(*surface.get_size()), (0, 0))
        pygame.draw.rect(surface, pal.SAND, g.board)
        for x in range(g.board.x, g.board.right + 1, g.unit):
            pygame.draw.line(surface, pal.SAND_DARK, (x, g.board.y), (x, g.board.bottom - 1))
        for y in range(g.board.y, g.board.bottom + 1, g.unit):
            pygame.draw.line(surface, pal.SAND_DARK, (g.board.x, y), (g.board.right - 1, y))
        for rect in [*([g.hub] if g.hub is not None else []), *g.corners]:
            surface.blit(skin.panel(rect.w, rect.h), rect.topleft)
        for seat in range(self.seats):
            if not self.fingers.is_open(seat):
                self._draw_strip(surface, seat)
        for seat in self.fingers.open_order:
            if self.fingers.is_open(seat):
                self._draw_open(surface, seat)

    def _draw_strip(self, surface: pygame.Surface, seat: int) -> None:
        """The closed strip: the seat's name and how many cards it holds, never which."""
        place = self.geometry.seats[seat]
        frame = place.strip_frame
        local = local_surface(frame.size)
        w, h = local.get_size()
        local.blit(skin.panel(w, h, seat in self.picked), (0, 0))
        px = self.px()
        count = len(self.hands[seat])
        text.blit(local, f"{NAMES[seat]} · {count} cards", "bold", px, pal.TEXT,
                  (px // 2, h // 2), "midleft")
        picture = on_the_table(turned(local, frame.rotation), frame.rect, surface.get_size())
        surface.blit(picture, frame.rect.topleft)

    def _draw_open(self, surface: pygame.Surface, seat: int) -> None:
        """The held panel, turned to its seat: the cards face up, Play beyond them."""
        view = self.panel_view(seat)
        hand = self.hand_places[seat]
        local = local_surface(view.frame.size)
        w, h = local.get_size()
        local.blit(skin.panel(w, h, True), (0, 0))
        px = self.px()
        pressed = self.fingers.pressed_control(seat)
        faces = self.fingers.shown(seat, self.hands[seat])
        for control in view.controls[:-1]:
            state = "pressed" if control.id == pressed or control.selected else "normal"
            draw_button(local, Button(control.id, control.rect,
                                      control.label if faces is not None else ""), px, state)
        for button in view.buttons:
            draw_button(local, button, px, "pressed" if button.id == pressed else (
                "normal" if button.enabled else "disabled"))
        text.blit(local, NAMES[seat], "bold", px, pal.TEXT,
                  (px // 2, hand.strip.centery), "midleft")
        surface.blit(turned(local, view.frame.rotation), view.frame.rect.topleft)
