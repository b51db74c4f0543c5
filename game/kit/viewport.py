"""A board viewport any game's table draws into: board units to screen pixels.

A game's board has its own units (squares of a grid, or a map's drawing units far
larger than the screen); the viewport shows it in a screen rect at a scale (pixels
per board unit) between "the whole board fits" and a maximum, panned so that the
board never leaves the rect. The player zooms by wheel (about the pointer), pinch
(about the fingers' centre) and keys (+/-, 0 fits), pans by dragging empty board,
by two fingers and by the arrow keys, and when zoomed in a minimap in a corner shows
the whole board with the visible part outlined (tapping it moves there).

The viewport paints nothing of a game. The game gives a `BoardArt` (the board's
size and a way to paint a part of it at a scale) and says, for a drag, whether the
press was on something it drags itself; it asks the viewport what is under a pointer
(`to_board`, `cell_at`) and where to draw (`to_screen`, `board_rect`). The board is
painted once per scale into a cached surface (the whole board when it is small
enough, else the visible part with a margin around it), so a pan is a blit; a pinch
in progress scales that picture and paints anew when the fingers lift. A board too
costly for that (a map several screens wide at full zoom) is painted in patches instead,
a few each frame (`Viewport.patches`, `game.kit.board_patches`).

A viewport made without `max_scale` cannot zoom: it is only a transform, and it
leaves every intent to the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.art import palette as pal
from game.input import Intent
from game.kit.board_patches import PatchPainter

BoardPoint = tuple[float, float]
ScreenPoint = tuple[int, int]

ZOOM_STEP = 1.25          # one wheel notch or one key press
PAN_STEP = 0.2            # an arrow key pans this share of what is visible
EASE_RATE = 14.0          # per second: an eased pan covers ~90% of its way in 1/6 s
CACHE_PIXELS = 4_000_000  # a board this size or smaller is painted whole at a scale
MINIMAP_SHARE = 0.22      # of the rect's width (or height, for a tall board)
KEY_ZOOM_IN = frozenset({"+", "=", "[+]"})
KEY_ZOOM_OUT = frozenset({"-", "[-]"})
KEY_FIT = frozenset({"0", "[0]"})
KEY_PAN = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


class BoardArt(Protocol):
    """What a game gives the viewport to show its board."""

    @property
    def board_size(self) -> tuple[float, float]:
        """The board's width and height in the game's own units."""

    def paint_board(self, surface: pygame.Surface, scale: float, origin: BoardPoint) -> None:
        """Paints the board at `scale` pixels per unit, board point `origin` at the
        surface's top-left corner (the surface may show only part of the board)."""


@dataclass
class _Painted:
    """The board painted at one scale: `origin` is the board point at its top-left."""

    scale: float
    origin: BoardPoint
    surface: pygame.Surface


class Viewport:
    """The transform between a board and a screen rect, and the pointing that changes it."""

    def __init__(self, board_size: tuple[float, float], rect: pygame.Rect,
                 max_scale: float | None = None) -> None:
        self.board_w, self.board_h = float(board_size[0]), float(board_size[1])
        self.rect = pygame.Rect(rect)
        self.max_scale = max_scale
        self.scale = self.fit_scale
        self.origin: BoardPoint = (0.0, 0.0)
        self._target: BoardPoint | None = None
        self._panning: BoardPoint | None = None
        self._minimap_drag = False
        self._pinch: tuple[float, BoardPoint] | None = None
        self._painted: _Painted | None = None
        self._minimap: tuple[tuple[int, int], pygame.Surface] | None = None
        self.patches: PatchPainter | None = None
        """Set for a board too costly to paint in a frame: it is then painted in patches,
        in slices (`game.kit.board_patches`)."""
        self._clamp()

    # ----- the transform ----------------------------------------------------------------

    @property
    def fit_scale(self) -> float:
        """The scale at which the whole board fits the rect."""
        return max(1e-6, min(self.rect.w / self.board_w, self.rect.h / self.board_h))

    @property
    def top_scale(self) -> float:
        return max(self.fit_scale, self.max_scale or 0.0)

    @property
    def zoomable(self) -> bool:
        return self.top_scale > self.fit_scale * 1.0001

    @property
    def busy(self) -> bool:
        """Whether the next frames paint the board further (painted in patches, some
        still missing) or ease a pan: what was drawn last is not what comes next."""
        return self._target is not None or (self.patches is not None
                                            and self.patches.busy(self))

    @property
    def pinching(self) -> bool:
        return self._pinch is not None

    @property
    def zoomed(self) -> bool:
        """Whether part of the board is out of sight (then the minimap shows)."""
        return self.scale > self.fit_scale * 1.0001

    def to_screen(self, point: BoardPoint) -> tuple[float, float]:
        return (self.rect.x + (point[0] - self.origin[0]) * self.scale,
                self.rect.y + (point[1] - self.origin[1]) * self.scale)

    def to_board(self, pos: tuple[float, float]) -> BoardPoint:
        return (self.origin[0] + (pos[0] - self.rect.x) / self.scale,
                self.origin[1] + (pos[1] - self.rect.y) / self.scale)

    def board_rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """The screen rect of a board rect; neighbouring board rects share their edges.
        (Inlined: a table asks it for each square it marks, every frame.)"""
        s = self.scale
        ox, oy = self.origin
        rx, ry = self.rect.topleft
        left, top = round(rx + (x - ox) * s), round(ry + (y - oy) * s)
        return pygame.Rect(left, top, round(rx + (x + w - ox) * s) - left,
                           round(ry + (y + h - oy) * s) - top)

    def on_board(self, pos: tuple[float, float] | None) -> BoardPoint | None:
        """The board point under a screen point inside the rect, or None off the board
        (or under the minimap)."""
        if pos is None or not self.rect.collidepoint(pos) or self.on_minimap(pos):
            return None
        bx, by = self.to_board(pos)
        if 0 <= bx < self.board_w and 0 <= by < self.board_h:
            return (bx, by)
        return None

    def cell_at(self, pos: tuple[float, float] | None) -> tuple[int, int] | None:
        """The unit cell (column, row) of a grid board under a screen point."""
        point = self.on_board(pos)
        if point is None:
            return None
        return (math.floor(point[0]), math.floor(point[1]))

    def visible(self) -> tuple[float, float, float, float]:
        """The part of the board's plane the rect shows: x, y, w, h in board units."""
        return (self.origin[0], self.origin[1],
                self.rect.w / self.scale, self.rect.h / self.scale)

    # ----- changing the view --------------------------------------------------------------

    def set_rect(self, rect: pygame.Rect) -> None:
        """A new window size: the same zoom relative to "fits", the same centre. The same
        rect again (a table lays itself out anew after each move) changes nothing: the
        painting is kept and an eased pan goes on."""
        if rect == self.rect:
            return
        relative = self.scale / self.fit_scale
        centre = self.to_board(self.rect.center)
        self.rect = pygame.Rect(rect)
        self.scale = min(self.top_scale, self.fit_scale * relative)
        self._target = None
        self.centre_on(centre, ease=False)
        self.invalidate()

    def zoom_to(self, scale: float, about: tuple[float, float] | None = None) -> None:
        """Zooms keeping the board point under `about` (the rect's centre if None) still."""
        about = about if about is not None else self.rect.center
        anchor = self.to_board(about)
        self.scale = min(self.top_scale, max(self.fit_scale, scale))
        self._hold(anchor, about)

    def zoom_by(self, factor: float, about: tuple[float, float] | None = None) -> None:
        self.zoom_to(self.scale * factor, about)

    def fit(self) -> None:
        self.zoom_to(self.fit_scale)

    def pan_by(self, dx: float, dy: float, ease: bool = False) -> None:
        """Pans by screen pixels (positive: the view moves right/down over the board)."""
        base = self._target if (ease and self._target is not None) else self.origin
        self._move_to((base[0] + dx / self.scale, base[1] + dy / self.scale), ease)

    def centre_on(self, point: BoardPoint, ease: bool = True) -> None:
        _, _, vw, vh = self.visible()
        self._move_to((point[0] - vw / 2, point[1] - vh / 2), ease)

    def update(self, dt: float) -> bool:
        """Moves an eased pan on; True if the view changed. A pan is a blit, so easing
        costs no painting."""
        if self._target is None:
            return False
        k = 1.0 - math.exp(-EASE_RATE * dt)
        ox, oy = self.origin
        tx, ty = self._target
        nx, ny = ox + (tx - ox) * k, oy + (ty - oy) * k
        if abs(tx - nx) * self.scale < 0.5 and abs(ty - ny) * self.scale < 0.5:
            nx, ny = tx, ty
            self._target = None
        self.origin = (nx, ny)
        return True

    def _hold(self, anchor: BoardPoint, pos: tuple[float, float]) -> None:
        """Pans so that board point `anchor` is under screen point `pos`."""
        self._target = None
        self.origin = (anchor[0] - (pos[0] - self.rect.x) / self.scale,
                       anchor[1] - (pos[1] - self.rect.y) / self.scale)
        self._clamp()

    def _move_to(self, origin: BoardPoint, ease: bool) -> None:
        target = self._clamped(origin)
        if ease:
            self._target = target
        else:
            self._target = None
            self.origin = target

    def _clamp(self) -> None:
        self.origin = self._clamped(self.origin)

    def _clamped(self, origin: BoardPoint) -> BoardPoint:
        """The board never leaves the rect: along an axis where it is smaller than the
        rect it is centred, else the rect stays within it."""
        vw, vh = self.rect.w / self.scale, self.rect.h / self.scale

        def axis(value: float, size: float, seen: float) -> float:
            if seen >= size:
                return (size - seen) / 2
            return min(size - seen, max(0.0, value))

        return (axis(origin[0], self.board_w, vw), axis(origin[1], self.board_h, vh))

    # ----- pointing ----------------------------------------------------------------------

    def handle(self, intent: Intent,
               grabs: Callable[[BoardPoint], bool] | None = None) -> bool:
        """Zooms or pans for an intent that asks for it; True if the viewport used it (the
        game then ignores it). `grabs` says whether a board point holds something the game
        drags itself: a drag that starts there is left to the game."""
        if not self.zoomable:
            return False
        kind = intent.kind
        if kind.startswith("pinch"):
            return self._pinch_intent(intent)
        self._pinch = None   # a pinch whose end was lost (a scene came over it) is over
        if kind == "key":
            return self._key(intent)
        if kind == "scroll":
            if intent.pos is None or not self.rect.collidepoint(intent.pos) or not intent.amount:
                return False
            self.zoom_by(ZOOM_STEP ** intent.amount, intent.pos)
            return True
        if kind == "tap" and self.on_minimap(intent.pos):
            assert intent.pos is not None
            self.centre_on(self.minimap_to_board(intent.pos))
            return True
        if kind == "drag_start":
            return self._drag_start(intent.origin, grabs)
        if kind == "drag" and (self._panning or self._minimap_drag) and intent.pos:
            if self._minimap_drag:
                self.centre_on(self.minimap_to_board(intent.pos), ease=False)
            elif self._panning is not None:
                self._hold(self._panning, intent.pos)
            return True
        if kind == "drop" and (self._panning or self._minimap_drag):
            self._panning = None
            self._minimap_drag = False
            return True
        return kind == "press" and self.on_minimap(intent.pos)

    def _drag_start(self, origin: ScreenPoint | None,
                    grabs: Callable[[BoardPoint], bool] | None) -> bool:
        if origin is None or not self.rect.collidepoint(origin):
            return False
        if self.on_minimap(origin):
            self._minimap_drag = True
            return True
        point = self.to_board(origin)
        if grabs is not None and grabs(point):
            return False
        self._panning = point
        self._target = None
        return True

    def _pinch_intent(self, intent: Intent) -> bool:
        if intent.kind == "pinch_start":
            if intent.pos is None or not self.rect.collidepoint(intent.pos):
                return False
            self._pinch = (self.scale, self.to_board(intent.pos))
            self._panning = None
            return True
        if self._pinch is None:
            return False
        if intent.kind == "pinch" and intent.pos is not None:
            start, anchor = self._pinch
            self.scale = min(self.top_scale, max(self.fit_scale, start * intent.scale))
            self._hold(anchor, intent.pos)
        elif intent.kind == "pinch_end":
            self._pinch = None
        return True

    def _key(self, intent: Intent) -> bool:
        key = intent.key
        if key in KEY_ZOOM_IN or intent.text == "+":
            self.zoom_by(ZOOM_STEP)
        elif key in KEY_ZOOM_OUT:
            self.zoom_by(1 / ZOOM_STEP)
        elif key in KEY_FIT:
            self.fit()
        elif key in KEY_PAN and self.zoomed:
            dx, dy = KEY_PAN[key]
            self.pan_by(dx * PAN_STEP * self.rect.w, dy * PAN_STEP * self.rect.h, ease=True)
        else:
            return False
        return True

    # ----- the minimap -------------------------------------------------------------------

    def minimap_rect(self) -> pygame.Rect | None:
        """The minimap's place (the rect's bottom-right corner) while zoomed in."""
        if not self.zoomed:
            return None
        share = MINIMAP_SHARE * min(self.rect.w, self.rect.h)
        k = share / max(self.board_w, self.board_h)
        w, h = max(8, round(self.board_w * k)), max(8, round(self.board_h * k))
        margin = max(4, round(share / 16))
        return pygame.Rect(self.rect.right - w - margin, self.rect.bottom - h - margin, w, h)

    def on_minimap(self, pos: tuple[float, float] | None) -> bool:
        box = self.minimap_rect()
        return pos is not None and box is not None and box.collidepoint(pos)

    def minimap_to_board(self, pos: tuple[float, float]) -> BoardPoint:
        box = self.minimap_rect()
        assert box is not None
        return ((pos[0] - box.x) * self.board_w / box.w, (pos[1] - box.y) * self.board_h / box.h)

    # ----- drawing ------------------------------------------------------------------------

    def invalidate(self) -> None:
        """The board's picture changed: paint it anew at the next draw."""
        self._painted = None
        self._minimap = None
        if self.patches is not None:
            self.patches.invalidate()

    def draw(self, surface: pygame.Surface, art: BoardArt, minimap: bool = True) -> None:
        """Shows the board in the rect (and the minimap when zoomed in, unless the game
        draws its pieces first and then the minimap over them: `draw_minimap`)."""
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        if self.patches is not None:
            self.patches.draw(surface, self, art)
            if minimap:
                self._draw_minimap(surface, art)
            surface.set_clip(clip)
            return
        painted = self._painted_for(art)
        vx, vy = self.origin
        if painted.scale == self.scale:
            at = (round((painted.origin[0] - vx) * self.scale) + self.rect.x,
                  round((painted.origin[1] - vy) * self.scale) + self.rect.y)
            surface.blit(painted.surface, at)
        else:
            self._draw_scaled(surface, painted)
        if minimap:
            self._draw_minimap(surface, art)
        surface.set_clip(clip)

    def draw_minimap(self, surface: pygame.Surface, art: BoardArt) -> None:
        """The minimap alone (when zoomed in), over what the game drew on the board."""
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        self._draw_minimap(surface, art)
        surface.set_clip(clip)

    def _draw_scaled(self, surface: pygame.Surface, painted: _Painted) -> None:
        """A pinch in progress: the painted picture, scaled, until the fingers lift."""
        vx, vy, vw, vh = self.visible()
        k = painted.scale
        pic = painted.surface.get_rect()
        want = pygame.Rect(math.floor((vx - painted.origin[0]) * k),
                           math.floor((vy - painted.origin[1]) * k),
                           math.ceil(vw * k) + 1, math.ceil(vh * k) + 1)
        part = want.clip(pic)
        if part.w <= 0 or part.h <= 0:
            return
        ratio = self.scale / k
        size = (max(1, round(part.w * ratio)), max(1, round(part.h * ratio)))
        at = self.to_screen((painted.origin[0] + part.x / k, painted.origin[1] + part.y / k))
        surface.blit(pygame.transform.scale(painted.surface.subsurface(part), size),
                     (round(at[0]), round(at[1])))

    def _painted_for(self, art: BoardArt) -> _Painted:
        painted = self._painted
        vx, vy, vw, vh = self.visible()
        if painted is not None and (self._pinch is not None or (
                painted.scale == self.scale and self._covers(painted, vx, vy, vw, vh))):
            return painted
        whole_w, whole_h = self.board_w * self.scale, self.board_h * self.scale
        if whole_w * whole_h <= CACHE_PIXELS:
            origin = (0.0, 0.0)
            size = (math.ceil(whole_w), math.ceil(whole_h))
        else:
            # the visible part with half a screen more on each side, so a pan paints rarely
            origin = (max(0.0, vx - vw / 2), max(0.0, vy - vh / 2))
            far_x = min(self.board_w, vx + 1.5 * vw)
            far_y = min(self.board_h, vy + 1.5 * vh)
            size = (math.ceil((far_x - origin[0]) * self.scale),
                    math.ceil((far_y - origin[1]) * self.scale))
        picture = pygame.Surface((max(1, size[0]), max(1, size[1])))
        art.paint_board(picture, self.scale, origin)
        self._painted = _Painted(self.scale, origin, picture)
        return self._painted

    def _covers(self, painted: _Painted, vx: float, vy: float, vw: float, vh: float) -> bool:
        pw, ph = painted.surface.get_size()
        ox, oy = painted.origin
        right = ox + pw / self.scale
        bottom = oy + ph / self.scale
        return (ox <= max(0.0, vx) and oy <= max(0.0, vy)
                and right >= min(self.board_w, vx + vw) - 1e-9
                and bottom >= min(self.board_h, vy + vh) - 1e-9)

    def _draw_minimap(self, surface: pygame.Surface, art: BoardArt) -> None:
        box = self.minimap_rect()
        if box is None:
            return
        if self._minimap is None or self._minimap[0] != box.size:
            if self.patches is not None:
                small = self.patches.small(self, art, box.size)
            else:
                small = pygame.Surface(box.size)
                art.paint_board(small, box.w / self.board_w, (0.0, 0.0))
            self._minimap = (box.size, small)
        surface.blit(self._minimap[1], box.topleft)
        pygame.draw.rect(surface, pal.INK, box.inflate(4, 4), 2)
        vx, vy, vw, vh = self.visible()
        kx, ky = box.w / self.board_w, box.h / self.board_h
        seen = pygame.Rect(box.x + round(vx * kx), box.y + round(vy * ky),
                           max(2, round(vw * kx)), max(2, round(vh * ky))).clip(box)
        # dark and light together, so the outline shows on a board of any colour
        pygame.draw.rect(surface, pal.LAPIS, seen.inflate(2, 2), 2)
        pygame.draw.rect(surface, pal.IVORY, seen, 1)
