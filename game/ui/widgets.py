"""Buttons: the tappable rectangles every scene is made of.

A button knows its rectangle, label and whether it is enabled; a ButtonSet
turns intents into "this button was tapped" and remembers which button is
pressed or hovered so it can be drawn that way. Hit testing happens on the
same rectangles that are drawn, so what you see is what you can tap.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.input import Intent
from game.ui import skin, text


@dataclass
class Button:
    id: str
    rect: pygame.Rect
    label: str = ""
    enabled: bool = True
    selected: bool = False
    icon: pygame.Surface | None = None
    style: str = "normal"
    badge: str = ""


class ButtonSet:
    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.pressed: str | None = None
        self.hover: str | None = None

    def set(self, buttons: list[Button]) -> None:
        self.buttons = buttons

    def add(self, button: Button) -> Button:
        self.buttons.append(button)
        return button

    def get(self, bid: str) -> Button | None:
        for b in self.buttons:
            if b.id == bid:
                return b
        return None

    def at(self, pos: tuple[int, int] | None) -> Button | None:
        if pos is None:
            return None
        for b in reversed(self.buttons):
            if b.rect.collidepoint(pos):
                return b
        return None

    def handle(self, intent: Intent) -> str | None:
        """The id of the button a tap (or a drop onto the pressed button) activated."""
        hit = self.at(intent.pos)
        if intent.kind == "press":
            self.pressed = hit.id if hit and hit.enabled else None
            return None
        if intent.kind == "hover":
            self.hover = hit.id if hit else None
            return None
        if intent.kind in ("tap", "drop", "release"):
            pressed, self.pressed = self.pressed, None
            if hit and hit.enabled and (pressed == hit.id or intent.kind == "tap"):
                return hit.id
        if intent.kind == "drag" and hit is None:
            self.pressed = None
        return None

    def draw(self, surface: pygame.Surface, px: int) -> None:
        for b in self.buttons:
            draw_button(surface, b, px, self._state(b))

    def _state(self, b: Button) -> str:
        if not b.enabled:
            return "disabled"
        if self.pressed == b.id or b.selected:
            return "pressed"
        if self.hover == b.id:
            return "hover"
        return "normal"


def draw_button(surface: pygame.Surface, b: Button, px: int, state: str) -> None:
    """A button in its state; one of style "bare" is only a target: whoever made it
    draws what is there (a card's face, a space of a track)."""
    if b.style == "bare":
        return
    surface.blit(skin.button(b.rect.w, b.rect.h, state, b.style), b.rect)
    color = skin.button_label_color(state, b.style)
    inner = b.rect.inflate(-max(6, b.rect.h // 5), 0)
    if b.icon is not None and not b.label:
        surface.blit(b.icon, b.icon.get_rect(center=b.rect.center))
    elif b.icon is not None:
        icon_rect = b.icon.get_rect(midleft=(inner.x, b.rect.centery))
        surface.blit(b.icon, icon_rect)
        room = pygame.Rect(icon_rect.right + 4, b.rect.y, inner.right - icon_rect.right - 4,
                           b.rect.h)
        size = text.fit_px(b.label, "bold", px, room.w)
        text.blit(surface, b.label, "bold", size, color, room.center, "center")
    elif b.label:
        size = text.fit_px(b.label, "bold", px, inner.w)
        text.blit(surface, b.label, "bold", size, color, b.rect.center, "center")
    if b.badge:
        badge_px = max(10, px * 3 // 4)
        img = text.render(b.badge, "bold", badge_px, skin.BADGE_TEXT)
        r = img.get_rect(topright=(b.rect.right - 3, b.rect.y + 2))
        pygame.draw.rect(surface, skin.BADGE, r.inflate(6, 2), border_radius=r.h // 2)
        surface.blit(img, r)
