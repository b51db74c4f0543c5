"""Panels facing their seats, and the fingers that hold them open.

A seat's panel is drawn upright into a surface of its own and turned to face its
edge (`turned`); its controls live in the same upright ("local") coordinates,
so a `PanelView` hit-tests a finger by turning the finger's point into the
panel's frame: what a finger touches is what the seat sees.

`PanelFingers` follows every finger at a tabletop (game.input with multi=True
gives each its own pointer id) by the rules of a private hand:

- a finger that goes down on a seat's closed strip holds that panel open until it
  lifts or leaves the panel; it never opens or closes another seat's panel. A
  panel is open while any of its own fingers holds it, so a hand shows its faces
  only while held (`is_open`), and backs or a count otherwise;
- in an open panel a control fires when a finger lifts on it, if that finger came
  down while the panel was already open (a second finger tapping) or slid onto it
  (one finger: hold, slide to the control, lift); lifting where it went down only
  peeked;
- a finger grabs a piece (a control whose id starts with one of `pieces`) by
  coming down on it or resting on it `grab_seconds`; sliding a grabbed piece off
  its place tells the caller to carry it out of the panel.

The game answers through `PanelHost`: where the closed strips are, what a seat's
open panel holds now, who may hold a panel, what happens when one opens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

import pygame

from game.art import palette as pal
from game.kit.tabletop import ChooserGeometry, Frame
from game.ui import skin, text
from game.ui.widgets import Button

Point = tuple[int, int]
T = TypeVar("T")
# the way "up" (away from the seated player) points on the screen, by rotation
UP = {0: (0, -1), 90: (1, 0), 180: (0, 1), 270: (-1, 0)}


@dataclass
class PanelView:
    """A panel or card as laid out now: its frame on screen and its controls in local
    coordinates (`buttons` are drawn as buttons; pieces are in `controls` only)."""

    seat: int
    kind: str
    frame: Frame
    controls: list[Button]
    buttons: list[Button] = field(default_factory=list)
    chooser: ChooserGeometry | None = None
    title: str = ""
    lines: list[str] = field(default_factory=list)

    def control_at(self, pos: Point) -> str | None:
        if not self.frame.contains(pos):
            return None
        local = self.frame.to_local(pos)
        for control in self.controls:
            if control.enabled and control.rect.collidepoint(local):
                return control.id
        return None

    def has(self, cid: str) -> bool:
        return any(control.id == cid for control in self.controls)

    def control_rect(self, cid: str) -> pygame.Rect:
        """Where on screen a control is (a test's fingers tap there)."""
        for control in self.controls:
            if control.id == cid:
                return self.frame.to_screen(control.rect)
        raise LookupError(f"seat {self.seat} shows no control {cid!r}")

    def control_center(self, cid: str) -> Point:
        center = self.control_rect(cid).center
        return (int(center[0]), int(center[1]))


@dataclass
class Finger:
    """One pointer from press to lift, and the place it belongs to (`region`: a name
    the game chooses; "panel" for a seat's panel)."""

    pointer: int
    region: str
    seat: int | None
    down: Point
    pos: Point
    was_open: bool = False
    moved: bool = False
    control: str | None = None
    since: float = 0.0
    grabbed: str | None = None
    carrying: bool = False
    holding: bool = False
    scroll: int = 0   # a scrolled list's offset when the finger came down on it


class PanelHost(Protocol):
    """What a game tells the fingers about its panels."""

    def seat_at(self, pos: Point) -> int | None:
        """The seat whose closed strip is under pos."""

    def panel_view(self, seat: int) -> PanelView:
        """The seat's open panel as it is now."""

    def may_hold(self, seat: int) -> bool:
        """Whether the seat's panel opens when held (a computer's does not)."""

    def opened(self, seat: int) -> None:
        """The seat's panel has just been opened by a first finger."""


class PanelFingers:
    """The fingers down at a tabletop and the panels they hold open."""

    def __init__(self, host: PanelHost, seats: int, pieces: tuple[str, ...] = ()) -> None:
        self.host = host
        self.pieces = pieces
        self.fingers: dict[int, Finger] = {}
        self.holders: dict[int, set[int]] = {seat: set() for seat in range(seats)}
        self.open_order: list[int] = []
        self.carrier: int | None = None

    def is_open(self, seat: int) -> bool:
        """Held by a finger of its own, and not folded away while its piece is carried
        over what it would cover."""
        carrier = self.fingers.get(self.carrier) if self.carrier is not None else None
        carrying = carrier is not None and carrier.seat == seat
        return bool(self.holders.get(seat)) and self.host.may_hold(seat) and not carrying

    def shown(self, seat: int, faces: Sequence[T]) -> Sequence[T] | None:
        """The faces of the seat's hand while its panel is held open; None otherwise, when
        only backs or a count may be drawn."""
        return faces if self.is_open(seat) else None

    def panel_at(self, pos: Point) -> int | None:
        """The seat whose panel is under pos: an open one (the last opened on top), else a
        closed strip."""
        for seat in reversed(self.open_order):
            if self.is_open(seat) and self.host.panel_view(seat).frame.contains(pos):
                return seat
        return self.host.seat_at(pos)

    # ----- one finger on a panel ------------------------------------------------------------

    def press(self, pointer: int, pos: Point, seat: int, now: float) -> Finger:
        """A finger down on the seat's panel: it holds the panel (if the seat may hold
        one); on a panel already open it presses the control under it."""
        finger = Finger(pointer, "panel", seat, pos, pos)
        finger.was_open = self.is_open(seat)
        if self.host.may_hold(seat):
            self.hold(seat, pointer)
            finger.holding = True
        if finger.was_open:
            finger.control = self.host.panel_view(seat).control_at(pos)
        if finger.control is not None and finger.control.startswith(self.pieces):
            finger.grabbed = finger.control
        finger.since = now
        self.fingers[pointer] = finger
        return finger

    def move(self, finger: Finger, pos: Point, now: float, slop: int) -> bool:
        """A panel's finger moved: it presses what it slides onto, and lets the panel go
        when it leaves it. True when it slid a grabbed piece off its place (more than
        `slop` px along the edge): the caller may carry the piece out."""
        seat = finger.seat
        assert seat is not None
        if not self.is_open(seat) or (not finger.holding and not finger.was_open):
            return False
        view = self.host.panel_view(seat)
        if finger.grabbed is not None and view.has(finger.grabbed):
            if not view.control_rect(finger.grabbed).inflate(slop, 0).collidepoint(pos):
                self.let_go(seat, finger.pointer)
                finger.holding = False
                return True
            return False
        if view.frame.contains(pos):
            control = view.control_at(pos)
            if control != finger.control:
                finger.control = control
                finger.since = now
            return False
        finger.control = None
        if finger.holding:
            finger.holding = False
            self.let_go(seat, finger.pointer)
        return False

    def lift(self, finger: Finger, pos: Point) -> str | None:
        """The control a panel's finger fires by lifting at pos, if any: a grabbed piece
        wherever in the panel it lifts; nothing for a finger that only peeked."""
        seat = finger.seat
        assert seat is not None
        if not self.is_open(seat) or not (finger.was_open or finger.moved):
            return None
        control = self.host.panel_view(seat).control_at(pos)
        if finger.grabbed is not None and control is not None:
            control = finger.grabbed
        return control

    def grab_resting(self, now: float, seconds: float) -> None:
        """A finger resting on a piece of its open panel picks it up, ready to carry."""
        for finger in self.fingers.values():
            control = finger.control
            if (finger.region == "panel" and finger.grabbed is None and finger.holding
                    and control is not None and control.startswith(self.pieces)
                    and now - finger.since >= seconds):
                finger.grabbed = control

    def pressed_control(self, seat: int) -> str | None:
        """The control under the latest finger of this seat's panel, drawn pressed (a
        grabbed piece stays pressed wherever the finger goes in the panel)."""
        for finger in reversed(list(self.fingers.values())):
            if finger.region == "panel" and finger.seat == seat and not finger.carrying:
                return finger.grabbed or finger.control
        return None

    # ----- holding --------------------------------------------------------------------------

    def hold(self, seat: int, pointer: int) -> None:
        if not self.holders[seat]:
            self.open_order.append(seat)
            self.host.opened(seat)
        self.holders[seat].add(pointer)

    def let_go(self, seat: int, pointer: int) -> None:
        held = self.holders[seat]
        if pointer in held:
            held.discard(pointer)
            if not held:
                self._closed(seat)

    def _closed(self, seat: int) -> None:
        if seat in self.open_order:
            self.open_order.remove(seat)

    def up(self, finger: Finger) -> None:
        """The finger has lifted: it holds nothing any more."""
        if self.carrier == finger.pointer:
            self.carrier = None
        if finger.holding and finger.seat is not None:
            self.let_go(finger.seat, finger.pointer)

    def forget(self, alive: set[int]) -> list[Finger]:
        """Drops fingers whose lift never came (another screen took over, the window lost
        them), so a panel never stays open for a finger that is gone; returns them."""
        gone = [self.fingers.pop(p) for p in [p for p in self.fingers if p not in alive]]
        for finger in gone:
            self.up(finger)
        for seat, held in self.holders.items():
            if held - alive:
                held &= alive
                if not held:
                    self._closed(seat)
        return gone


# ----- drawing turned --------------------------------------------------------------------------


def turned(surface: pygame.Surface, rotation: int) -> pygame.Surface:
    """An upright picture turned to face a seat (rotation clockwise, as in the layout)."""
    if rotation == 0:
        return surface
    return pygame.transform.rotate(surface, -rotation)


def local_surface(size: tuple[int, int]) -> pygame.Surface:
    """A transparent upright surface for a panel's content."""
    surface = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    if pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface


def on_the_table(picture: pygame.Surface, rect: pygame.Rect,
                 window: tuple[int, int]) -> pygame.Surface:
    """A closed strip flattened onto the wood it lies on, so blitting it every frame is a
    plain copy, not a blend (four strips blended were most of a 1080p frame's cost)."""
    flat = pygame.Surface(rect.size)
    flat.blit(skin.table(*window), (0, 0), rect)
    flat.blit(picture, (0, 0))
    return flat.convert() if pygame.display.get_surface() is not None else flat


def note_surface(lines: list[str], px: int, width: int, warn: bool = False) -> pygame.Surface:
    """An upright note of wrapped lines no wider than `width`, edged in gold (ember for a
    warning); the caller turns it to the seat it speaks to."""
    wrapped: list[str] = []
    for line in lines:
        wrapped.extend(text.wrap(line, "text", px, width - px))
    step = int(px * 1.25)
    box_w = min(width, max(text.size(s, "text", px)[0] for s in wrapped) + px)
    picture = local_surface((box_w, step * len(wrapped) + px // 2))
    box = picture.get_rect()
    pygame.draw.rect(picture, pal.INK, box, border_radius=px // 2)
    pygame.draw.rect(picture, pal.EMBER if warn else pal.GOLD, box, 2, border_radius=px // 2)
    y = px // 4
    for line in wrapped:
        text.blit(picture, line, "text", px, pal.IVORY, (px // 2, y))
        y += step
    return picture
