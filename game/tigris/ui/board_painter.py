"""Drawing the board and everything on it from a position dict.

The printed board comes from the art package once per size; the pieces are
drawn over it into a cached layer that is rebuilt only when the position, the
overlays or the animation masks change. Per-frame work (highlights, the hover
square) is drawn by the caller on top. Drawing never changes the position.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.art import palette as pal
from game.tigris import art
from game.tigris.art import faces
from game.tigris.art import palette as te_pal
from game.tigris.art.faces import Face
from game.tigris.boardmap import coords, name
from game.tigris.layout import TableLayout
from game.tigris.ui.kingdom_layer import KingdomStamps
from game.tigris.ui.kingdom_tints import Tint, kingdom_tints
from game.tigris.ui.strength_badges import ABOVE, CORNER_TOP_LEFT, strength_badges
from game.ui import text


def _squares_only(masks: frozenset[str]) -> bool:
    """Masks naming only squares ("F7"), not a monument, building or wonder."""
    return all(len(m) <= 3 and m[:1].isalpha() for m in masks)


class BoardPainter:
    def __init__(self, board_layout: dict[str, list[str]]) -> None:
        self.board_layout = board_layout
        self.river = set(board_layout.get("river", []))
        self.corners = set(board_layout.get("corner_treasures", []))
        self.layout: TableLayout | None = None
        self._art: pygame.Surface | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Any, ...] | None = None
        self._base: pygame.Surface | None = None
        self._base_key: tuple[Any, ...] | None = None
        self.fills: list[tuple[frozenset[str], Tint]] = []
        self._stamps = KingdomStamps()

    def set_layout(self, layout: TableLayout, background: pygame.Surface) -> None:
        """Takes the window's geometry and the table under the board.

        The printed board is flattened onto the table once, so the layer is opaque
        and every later blit of it is a plain copy instead of an alpha blend.
        """
        self.layout = layout
        frame = layout.frame
        board = art.board_surface(self.board_layout, frame.w, frame.h)
        flat = pygame.Surface(frame.size)
        flat.blit(background, (0, 0), frame)
        flat.blit(board, (0, 0))
        self._art = flat.convert() if pygame.display.get_surface() is not None else flat
        self._layer = None
        self._layer_key = None
        self._base = None
        self._base_key = None

    def square_rect(self, square: str) -> pygame.Rect:
        assert self.layout is not None
        col, row = coords(square)
        return self.layout.square_rect(col, row)

    def square_center(self, square: str) -> tuple[float, float]:
        r = self.square_rect(square)
        return (r.centerx, r.centery)

    def layer(self, view: dict[str, Any], version: int, masks: frozenset[str],
              outlines: bool, strength: bool) -> pygame.Surface:
        """The board with its pieces, cached on (position version, masks, overlays); the
        layer without masks is kept apart, so an animation's end finds it painted.

        With `outlines` each kingdom is one area in its own tint, outlined along its
        outer edge and clear of the pieces' faces (`fills` says which squares got which
        tint), so kingdoms read apart from each other and from the pieces' colours.
        """
        base_key = (version, outlines, strength)
        if self._base is None or self._base_key != base_key:
            self._base = self._paint(view, frozenset(), outlines, strength)
            self._base_key = base_key
        if not masks:
            return self._base
        key = (version, masks, outlines, strength)
        if self._layer is None or key != self._layer_key:
            self._layer = self._paint(view, masks, outlines, strength)
            self._layer_key = key
        return self._layer

    def prepare(self, view: dict[str, Any], version: int, masks: frozenset[str],
                outlines: bool, strength: bool) -> bool:
        """Paints the layer `draw` will blit for these arguments unless it is painted
        already; True if it painted one (a frame's worth of work, so the caller may
        leave the blit to the next frame)."""
        needed = frozenset() if _squares_only(masks) else masks
        base_ready = self._base is not None and self._base_key == (version, outlines, strength)
        ready = base_ready and (not needed or (
            self._layer is not None and self._layer_key == (version, needed, outlines,
                                                            strength)))
        if not ready:
            self.layer(view, version, needed, outlines, strength)
        return not ready

    def draw(self, target: pygame.Surface, view: dict[str, Any], version: int,
             masks: frozenset[str], outlines: bool, strength: bool) -> None:
        """The layer onto `target` (a window-sized surface) at the frame's place.

        Masks that are only squares (a piece sliding in) are cut out of what was blitted
        by blitting the printed board there: cheaper than copying the layer to cut it,
        and much cheaper than drawing every piece again, when an animation starts or
        lands.
        """
        assert self.layout is not None and self._art is not None
        frame = self.layout.frame
        if _squares_only(masks):
            target.blit(self.layer(view, version, frozenset(), outlines, strength),
                        frame.topleft)
            for square in masks:
                rect = self.square_rect(square)
                target.blit(self._art, rect, rect.move(-frame.x, -frame.y))
        else:
            target.blit(self.layer(view, version, masks, outlines, strength), frame.topleft)

    def _paint(self, view: dict[str, Any], masks: frozenset[str], outlines: bool,
               strength: bool) -> pygame.Surface:
        assert self.layout is not None and self._art is not None
        frame = self.layout.frame
        layer = self._art.copy()
        offset = (-frame.x, -frame.y)
        c = self.layout.cell
        board = view["board"]
        self.fills = kingdom_tints(board) if outlines else []
        tinted = {square for squares, _ in self.fills for square in squares}
        shown: dict[str, list[Face]] = {}   # each tinted square's faces, in its own pixels

        def put(piece: pygame.Surface, at: str, *piece_faces: Face, span: int = 1) -> None:
            """Draws a piece covering span×span squares from `at`, noting its faces on
            each of them."""
            layer.blit(piece, self.square_rect(at).move(offset).topleft)
            if span == 1:
                if at in tinted:
                    shown.setdefault(at, []).extend(piece_faces)
                return
            col, row = coords(at)
            for dx in range(span):
                for dy in range(span):
                    square = name(col + dx, row + dy)
                    if square in tinted:
                        shown.setdefault(square, []).extend(
                            (x - dx * c, y - dy * c, w, h, r) for x, y, w, h, r in piece_faces)

        buildings = {
            b["at"]: color for color, b in view.get("buildings", {}).items() if b
        }
        treasures: list[str] = []
        for square, cell in board.items():
            if square in masks:
                continue
            if "tile" in cell:
                put(art.tile_surface(cell["tile"], c, bool(cell.get("face_down"))), square,
                    faces.tile_face(c))
                if cell.get("treasure"):
                    treasures.append(square)
                if cell.get("unification") and "unification" not in masks:
                    put(art.unification_surface(c), square, faces.overlay_face(c))
            elif "leader" in cell:
                leader = cell["leader"]
                put(art.leader_surface(leader["dynasty"], leader["color"], c), square,
                    *faces.leader_faces(c))
            elif cell.get("catastrophe"):
                put(art.catastrophe_surface(c), square)
        for monument in view.get("monuments", []):
            at = monument["at"]
            if f"monument:{at}" in masks or at in masks:
                continue
            put(art.monument_surface(tuple(monument["colors"]), 2 * c), at,
                faces.monument_face(2 * c), span=2)
        for square in treasures:
            # After the monuments: a treasure on a tile that became part of one is still in
            # play (R10, R11), so it sits on top of the monument's picture.
            put(art.treasure_surface(c, square in self.corners), square, faces.overlay_face(c))
        for at, color in buildings.items():
            if f"building:{color}" in masks or at in masks:
                continue
            put(art.building_surface(color, c), at, faces.building_face(c))
        wonder = view.get("wonder")
        if wonder and "wonder" not in masks:
            put(art.wonder_surface(c), wonder["at"], faces.overlay_face(c))
        if self.fills:
            grid = self.layout.board
            self._stamps.paint(layer, (grid.x - frame.x, grid.y - frame.y), c,
                               [(squares - masks, tint) for squares, tint in self.fills],
                               {square: tuple(f) for square, f in shown.items()})
        if strength:
            self._strength(layer, board, view.get("pending"), offset)
        return layer

    def _strength(self, layer: pygame.Surface, board: dict[str, Any],
                  pending: dict[str, Any] | None, offset: tuple[int, int]) -> None:
        """Per leader: temples beside it (revolt strength) and its colour in the kingdom
        (war); the leaders of a conflict being fought show only what the conflict counts,
        above the ring round them, the others' badges faded (strength_badges)."""
        assert self.layout is not None
        c = self.layout.cell
        px = max(10, c // 3)
        for badge in strength_badges(board, pending):
            r = self.square_rect(badge.square).move(offset)
            tint = te_pal.TILE_COLORS[badge.color]
            label = str(badge.count)
            if badge.place == ABOVE:
                big = px + px // 3
                gap = max(3, c // 10)   # the conflict ring's width (conflict_marks)
                top = r.top - gap - _chip(label, big, tint, False).get_height()
                _badge(layer, label, big, tint, (r.centerx, top if top >= 0
                                                 else r.bottom + gap))
                continue
            x = r.left + px // 2 if badge.place == CORNER_TOP_LEFT else r.right - px // 2
            y = r.top if badge.place == CORNER_TOP_LEFT else r.bottom - px
            if badge.faded:
                chip = _chip(label, px, tint, True)
                layer.blit(chip, chip.get_rect(midtop=(x, y)))
            else:
                _badge(layer, label, px, tint, (x, y))

    def highlight(self, surface: pygame.Surface, squares: set[str] | list[str],
                  color: tuple[int, int, int, int], border: tuple[int, int, int] | None = None,
                  width: int = 2) -> None:
        assert self.layout is not None
        c = self.layout.cell
        fill = _fill(c, color)
        for square in squares:
            r = self.square_rect(square)
            surface.blit(fill, r)
            if border is not None:
                pygame.draw.rect(surface, border, r, width)

    def spotlight(self, surface: pygame.Surface, squares: set[str]) -> None:
        """Squares pointed at from the log: a thick gold frame with a dark rim, a little
        larger than the square, so it reads over any tile, tint or river."""
        assert self.layout is not None
        c = self.layout.cell
        width = max(3, c // 9)
        for square in squares:
            r = self.square_rect(square).inflate(width, width)
            pygame.draw.rect(surface, pal.INK, r.inflate(4, 4), width + 4,
                             border_radius=width * 2)
            pygame.draw.rect(surface, pal.GOLD_LIGHT, r, width, border_radius=width * 2)

    def mark(self, surface: pygame.Surface, squares: set[str] | list[str],
             occupied: set[str] | frozenset[str] = frozenset()) -> None:
        """Legal squares: a gold ring in the middle, readable on sand and on water; on a
        square with a piece (a catastrophe's target) a smaller one in its top-right
        corner, so the ring does not sit over the tile's symbol like a face."""
        assert self.layout is not None
        c = self.layout.cell
        ring = _ring(c)
        corner_ring = _ring(max(8, c // 2))
        for square in squares:
            r = self.square_rect(square)
            if square in occupied:
                inset = max(1, c // 16)
                surface.blit(corner_ring, corner_ring.get_rect(
                    topright=(r.right - inset, r.top + inset)))
            else:
                surface.blit(ring, ring.get_rect(center=r.center))

    def corners_mark(self, surface: pygame.Surface, squares: set[str]) -> None:
        """Recent moves: short ivory corners inside the square, quiet but visible."""
        assert self.layout is not None
        c = self.layout.cell
        arm = max(5, c // 4)
        width = max(2, c // 14)
        color = pal.LAPIS_LIGHT
        for square in squares:
            r = self.square_rect(square).inflate(-max(2, c // 16), -max(2, c // 16))
            for (x, y), (dx, dy) in (((r.left, r.top), (1, 1)), ((r.right - 1, r.top), (-1, 1)),
                                     ((r.left, r.bottom - 1), (1, -1)),
                                     ((r.right - 1, r.bottom - 1), (-1, -1))):
                pygame.draw.line(surface, color, (x, y), (x + dx * arm, y), width)
                pygame.draw.line(surface, color, (x, y), (x, y + dy * arm), width)


_FILLS: dict[tuple[int, tuple[int, int, int, int]], pygame.Surface] = {}


def _fill(c: int, color: tuple[int, int, int, int]) -> pygame.Surface:
    key = (c, color)
    surf = _FILLS.get(key)
    if surf is None:
        surf = pygame.Surface((c, c), pygame.SRCALPHA)
        surf.fill(color)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _FILLS[key] = surf
    return surf


_RINGS: dict[int, pygame.Surface] = {}


def _ring(c: int) -> pygame.Surface:
    surf = _RINGS.get(c)
    if surf is None:
        size = max(8, int(c * 0.42))
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        r = size // 2
        pygame.draw.circle(surf, (60, 36, 16, 150), (r, r), r)
        pygame.draw.circle(surf, pal.GOLD_LIGHT, (r, r), r - max(1, size // 10))
        pygame.draw.circle(surf, (0, 0, 0, 0), (r, r), max(1, r - max(3, size // 4)))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _RINGS[c] = surf
    return surf


_BADGES: dict[tuple[str, int, tuple[int, int, int], bool], pygame.Surface] = {}
FADED_ALPHA = 80   # the badges of leaders out of the conflict being fought


def _chip(label: str, px: int, color: tuple[int, int, int], faded: bool) -> pygame.Surface:
    """A strength number on a rounded chip; each chip is drawn once and then only blitted,
    since the badges are on by default and repainted with every position."""
    key = (label, px, color, faded)
    chip = _BADGES.get(key)
    if chip is None:
        img = text.render(label, "bold", px, pal.IVORY)
        box = img.get_rect().inflate(px // 2, 0)
        chip = pygame.Surface(box.size, pygame.SRCALPHA)
        shape = chip.get_rect()
        pygame.draw.rect(chip, color, shape, border_radius=shape.h // 2)
        pygame.draw.rect(chip, pal.IVORY, shape, width=1, border_radius=shape.h // 2)
        chip.blit(img, img.get_rect(center=shape.center))
        if faded:
            chip.fill((255, 255, 255, FADED_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
        if pygame.display.get_surface() is not None:
            chip = chip.convert_alpha()
        _BADGES[key] = chip
    return chip


def _badge(layer: pygame.Surface, label: str, px: int, color: tuple[int, int, int],
           center_top: tuple[int, int]) -> None:
    chip = _chip(label, px, color, False)
    layer.blit(chip, chip.get_rect(midtop=center_top))
