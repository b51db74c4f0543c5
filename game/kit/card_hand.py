"""A hand of cards in a row, fanned when they do not fit side by side (and in more
rows when even a fan would leave less than a finger of each): the game draws each
face (and the back), the hand lays them out from 800×480 to 4K, lifts the hovered
and the picked ones, and lets the viewer pick one or several.

A hand the viewer may not see draws only backs and nothing in it can be picked.
Each card is a target `<prefix>:<index>` at least a finger wide (in a fan, the strip
of it that shows); keys: a digit picks the card of that number, ← and → move the
focus, space picks the focused card (Enter is left to the host: a dialog's OK).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import layout as geo
from game.art import palette as pal
from game.kit.widget import Choice, gap_for
from game.ui.widgets import Button

# face(index, width, height) and back(width, height): the game's pictures of a card
Face = Callable[[int, int, int], pygame.Surface]
Back = Callable[[int, int], pygame.Surface]


class CardHand:
    def __init__(self, count: int, face: Face, back: Back, *, visible: bool = True,
                 pick: int = 1, chosen: set[int] | None = None,
                 can_pick: Callable[[int], bool] | None = None,
                 on_change: Callable[[set[int]], None] | None = None,
                 aspect: float = 1.0, card_cells: float = 1.2, prefix: str = "card",
                 choice_px: int | None = None) -> None:
        self.count = count
        self.face = face
        self.back = back
        self.visible = visible
        self.pick = pick                 # how many may be picked at once (0: none)
        self.chosen: set[int] = set(chosen or ())
        self.can_pick = can_pick
        self.on_change = on_change
        self.aspect = aspect             # height / width of a card
        self.card_cells = card_cells     # the widest a card is drawn, in squares
        self.prefix = prefix
        self.choice_px = choice_px       # a card's picture as a plain button; None: by c
        self.focus: int | None = None
        self.rects: list[pygame.Rect] = []
        self.lift = 0

    # ----- the choice ---------------------------------------------------------------

    def pickable(self, i: int) -> bool:
        if not self.visible or self.pick <= 0 or not 0 <= i < self.count:
            return False
        if self.can_pick is not None and not self.can_pick(i):
            return False
        return i in self.chosen or self.pick == 1 or len(self.chosen) < self.pick

    def toggle(self, i: int) -> None:
        if not self.pickable(i):
            return
        if i in self.chosen:
            self.chosen.discard(i)
        elif self.pick == 1:
            self.chosen = {i}
        else:
            self.chosen.add(i)
        if self.on_change is not None:
            self.on_change(set(self.chosen))

    def press(self, bid: str) -> bool:
        head, _, tail = bid.rpartition(":")
        if head != self.prefix or not tail.isdigit():
            return False
        self.toggle(int(tail))
        return True

    def key(self, key: str) -> bool:
        if not self.visible or self.pick <= 0 or not self.count:
            return False
        if key.isdigit() and 1 <= int(key) <= self.count:
            self.focus = int(key) - 1   # the keyboard's ring; a tap leaves none
            self.toggle(self.focus)
        elif key in ("left", "right"):
            step = 1 if key == "right" else -1
            start = self.focus if self.focus is not None else (-1 if step > 0 else self.count)
            self.focus = min(self.count - 1, max(0, start + step))
        elif key == "space" and self.focus is not None:
            self.toggle(self.focus)
        else:
            return False
        return True

    def choices(self, c: int) -> list[Choice]:
        """Each card as a button with its face (a back when hidden) for a picture."""
        px = self.choice_px if self.choice_px is not None else max(24, int(c * 0.8))
        w, h = (px, int(px * self.aspect)) if self.aspect <= 1 else (int(px / self.aspect), px)
        return [Choice(f"{self.prefix}:{i}", "", self.pickable(i), i in self.chosen,
                       self.face(i, w, h) if self.visible else self.back(w, h))
                for i in range(self.count)]

    # ----- layout -------------------------------------------------------------------

    def _size(self, width: int, c: int) -> tuple[int, int, int, int]:
        """Card width and height, the step from one card to the next (less than the width
        when fanned, never less than a finger) and how many cards a row holds."""
        gap = gap_for(c)
        n = max(1, self.count)
        card_w = max(geo.MIN_TARGET, min(int(c * self.card_cells), (width - (n - 1) * gap) // n))
        card_w = min(card_w, max(geo.MIN_TARGET, width))
        step = card_w + gap
        per_row = n
        if n > 1 and card_w + (n - 1) * step > width:
            step = max(geo.MIN_TARGET, (width - card_w) // (n - 1))
            fits = min(n, 1 + max(0, width - card_w) // step)
            per_row = -(-n // -(-n // fits))   # the rows as even as they can be
        return card_w, int(card_w * self.aspect), step, per_row

    def _rows(self, per_row: int) -> int:
        return max(1, -(-self.count // per_row))

    def height(self, width: int, c: int, px: int) -> int:
        _, card_h, _, per_row = self._size(width, c)
        lift = self._lift(card_h)
        return self._rows(per_row) * (card_h + lift)

    @staticmethod
    def _lift(card_h: int) -> int:
        return max(3, card_h // 6)

    def place(self, rect: pygame.Rect, c: int, px: int) -> list[Button]:
        card_w, card_h, step, per_row = self._size(rect.w, c)
        self.lift = self._lift(card_h)
        self.rects = []
        for i in range(self.count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, self.count - row * per_row)
            total = card_w + (in_row - 1) * step
            x0 = rect.x + max(0, (rect.w - total) // 2)
            y = rect.y + row * (card_h + self.lift) + self.lift
            self.rects.append(pygame.Rect(x0 + col * step, y, card_w, card_h))
        buttons = []
        for i, r in enumerate(self.rects):
            target = r.copy()
            last_of_row = i == self.count - 1 or (i + 1) % per_row == 0
            if not last_of_row and step < card_w:
                target.w = step    # the strip the next card leaves showing
            target.top -= self.lift
            target.h += self.lift
            buttons.append(Button(f"{self.prefix}:{i}", target, enabled=self.pickable(i),
                                  selected=i in self.chosen, style="bare"))
        return buttons

    # ----- drawing ------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, px: int, hover: str | None,
             pressed: str | None) -> None:
        for i, r in enumerate(self.rects):
            bid = f"{self.prefix}:{i}"
            up = 0
            if i in self.chosen:
                up = self.lift
            elif self.pickable(i) and bid in (hover, pressed):
                up = self.lift // 2
            place = r.move(0, -up)
            picture = (self.face(i, r.w, r.h) if self.visible else self.back(r.w, r.h))
            surface.blit(picture, picture.get_rect(center=place.center))
            if self.visible and self.pick > 0 and not self.pickable(i):
                veil = pygame.Surface(place.size, pygame.SRCALPHA)
                veil.fill((*pal.PARCHMENT_DARK, 150))
                surface.blit(veil, place)
            radius = max(3, r.w // 6)
            if i in self.chosen:
                pygame.draw.rect(surface, pal.GOLD_LIGHT, place.inflate(4, 4), width=3,
                                 border_radius=radius)
            if i == self.focus:
                pygame.draw.rect(surface, pal.INK_SOFT, place.inflate(8, 8), width=2,
                                 border_radius=radius)
