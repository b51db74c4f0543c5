"""Drawing the tabletop: the board square-on, each seat's panel turned to its edge.

The tabletop's drawing object, a kind of the desk table's. The board is
painted into the cached picture as on the desk table; panels, cards, the
shared buttons and the log are drawn upright into surfaces of their own,
cached until what they show changes, then turned to face their seat. Words
on the board (notes, warnings, banners, the log) face the seat that must
act. A hand's faces are drawn only into the panel of a seat that is being
held; a carried tile is drawn face down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.art import palette as pal
from game.i18n import t, tn
from game.kit.log_painter import LogHits
from game.kit.tabletop import FINGER, line_height
from game.kit.tabletop_panels import (
    UP,
    PanelView,
    local_surface,
    note_surface,
    on_the_table,
    turned,
)
from game.tigris import art, narrate
from game.tigris.reasons import why_not
from game.tigris.scenes.table_drawing import HOVER_BAD, HOVER_OK, TableDrawing
from game.tigris.ui import seat_panel
from game.tigris.ui.seat_panel import SeatModel
from game.tigris.ui.supplies import draw_supplies
from game.ui import skin, text

if TYPE_CHECKING:
    from game.tigris.scenes.tabletop import TabletopScene

class TabletopDrawing(TableDrawing):
    """What the tabletop it was made for shows; it keeps the panels' and the shared
    column's pictures until what they show changes."""

    table: TabletopScene

    def __init__(self, table: TabletopScene) -> None:
        super().__init__(table)
        self.panel_cache: dict[tuple[int, bool], tuple[Any, pygame.Surface]] = {}
        # each closed strip's model and the position, pick and status it was made for
        self.strip_models: dict[int, tuple[Any, SeatModel]] = {}
        # the log's turned picture and what it was drawn for (`log_hits`: where its tabs and
        # lines went in it, upright)
        self.log_cache: tuple[Any, pygame.Surface] | None = None

    def hint_squares(self) -> set[str]:
        """A tile picked from a hidden hand marks no squares: blue tiles would show."""
        sel = self.table.selection
        if sel is not None and sel.kind == "tile":
            return set()
        return self.table.legal_squares()

    def _board_region(self) -> pygame.Rect:
        return pygame.Rect(self.table.tl.zone)

    def _paint_ui(self, target: pygame.Surface) -> None:
        """The wood of the table around the board; the panels are drawn over it per frame."""
        w, h = target.get_size()
        background = skin.table(w, h)
        zone = self.table.tl.zone
        for rect in (pygame.Rect(0, 0, w, zone.y), pygame.Rect(0, zone.bottom, w, h - zone.bottom),
                     pygame.Rect(0, zone.y, zone.x, zone.h),
                     pygame.Rect(zone.right, zone.y, w - zone.right, zone.h)):
            if rect.w > 0 and rect.h > 0:
                target.blit(background, rect.topleft, rect)

    def _paint_log_area(self, target: pygame.Surface) -> None:
        """Nothing: the tabletop's log is not in the cached picture but blitted each frame,
        turned toward a seat, from a picture of its own (`_blit_log`)."""

    def _draw_dynamic(self, surface: pygame.Surface) -> None:
        self._draw_pointing(surface)
        if self.table.cursor is not None:
            cursor = self.table.painter.square_rect(self.table.cursor)
            pygame.draw.rect(surface, pal.LAPIS_LIGHT, cursor, 2)
        self.table.animator.draw(surface)
        self._draw_shared(surface)
        for seat in range(self.table.session.players):
            if not self.table.input.panel_open(seat):
                self._blit_panel(surface, seat, False)
        card = self.table.panels.card_view()
        if card is not None:
            self._blit_card(surface, card)
        for seat in self.table.input.open_order:
            if self.table.input.panel_open(seat):
                self._blit_panel(surface, seat, True)
        if self.table.drag_pos is not None and self.table.selection is not None:
            sprite = self._selection_sprite()
            if sprite is not None:
                surface.blit(sprite, sprite.get_rect(center=self.table.drag_pos))
        if self.table.toast:
            self._draw_toast(surface)
        if self.table.tl.log is None:
            self._blit_log(surface)
        if self.table.pointed:
            # over the log's box too: a line's squares may lie under it
            self.table.painter.spotlight(surface, self.table.pointed)
        self.table.tips.draw(surface, self.table.buttons, self._px())

    def _selection_sprite(self) -> pygame.Surface | None:
        sel = self.table.selection
        if sel is not None and sel.kind == "tile":
            return art.tile_surface("red", self.table.layout.cell, True)
        return super()._selection_sprite()

    def _px(self) -> int:
        return max(11, int(line_height(self.table.layout.cell) / 1.2))

    def log_px(self) -> int:
        """The log's words are the panels' size, read across the table."""
        return self._px()

    def row_height(self) -> int:
        """A line of the log (a finger sliding that far on it scrolls it a row)."""
        return int(self.log_px() * 1.2)

    # ----- panels and cards -----------------------------------------------------------------

    def _blit_panel(self, surface: pygame.Surface, seat: int, open_: bool) -> None:
        """Blits the seat's panel, drawing it again only when what it shows changed: at
        once for what a player did (picked, pressed, chose), and for what play changed
        in the first frame that is not busy. A closed strip shows its seat's model and
        nothing else, so a move that leaves a seat's strip as it was does not draw it
        again (four strips drawn again made the frame of every move the slowest)."""
        table = self.table
        rect = table.panels.panel_view(seat).frame.rect if open_ else table.tl.seats[seat].strip
        chooser = self.table.panels.panel_chooser(seat)
        chosen: tuple[Any, ...] = (
            table.selection, table.input.pressed_control(seat), id(chooser),
            self._chooser_state(chooser), self.table.app.language,
        )
        played: tuple[Any, ...] = (
            tuple(rect), (table.version, self.table.panels.seat_status(seat, open_))
            if open_ else self._strip_model(seat),
        )
        cached = self.panel_cache.get((seat, open_))
        if cached is None or cached[0][0] != chosen or (
                cached[0][1] != played and (open_ or not self.frame_busy)):
            picture = self._render_panel(seat, open_)
            if not open_:
                picture = on_the_table(picture, rect, surface.get_size())
            cached = ((chosen, played), picture)
            self.panel_cache[(seat, open_)] = cached
        surface.blit(cached[1], rect.topleft)

    def _strip_model(self, seat: int) -> SeatModel:
        """What a closed strip shows, worked out again only when the position, the pick or
        the seat's status line changed: every frame asks it of every strip."""
        table = self.table
        made_for = (table.version, table.selection, table.panels.seat_status(seat, False))
        memo = self.strip_models.get(seat)
        if memo is None or memo[0] != made_for:
            memo = self.strip_models[seat] = (made_for, table.panels.seat_model(seat, False))
        return memo[1]

    @staticmethod
    def _chooser_state(chooser: Any) -> tuple[Any, ...]:
        if chooser is None:
            return ()
        return tuple((o.id, o.selected, o.enabled, o.label)
                     for o in [*chooser.choices(), *chooser.spec.footer])

    def _render_panel(self, seat: int, open_: bool) -> pygame.Surface:
        place = self.table.tl.seats[seat]
        model = self.table.panels.seat_model(seat, open_)
        if not open_:
            frame = place.strip_frame
            local = local_surface(frame.size)
            seat_panel.draw_strip(local, local.get_rect(), model)
            return turned(local, frame.rotation)
        view = self.table.panels.panel_view(seat)
        local = local_surface(view.frame.size)
        pressed = self.table.input.pressed_control(seat)
        if view.kind == "hand":
            seat_panel.draw_hand(local, place.panel, model, view.buttons, pressed, self._px())
        else:
            assert view.chooser is not None and view.chooser.strip is not None
            seat_panel.draw_chooser(local, view.title, view.lines, view.chooser.text,
                                    view.buttons, pressed, self._px(),
                                    strip=(view.chooser.strip, model))
        return turned(local, view.frame.rotation)

    def _blit_card(self, surface: pygame.Surface, card: PanelView) -> None:
        local = local_surface(card.frame.size)
        fingers = self.table.input.fingers.values()
        pressed = next((f.control for f in fingers if f.region == "card"), None)
        area = card.chooser.text if card.chooser is not None else pygame.Rect(0, 0, 0, 0)
        seat_panel.draw_chooser(local, card.title, card.lines, area, card.buttons, pressed,
                                self._px())
        surface.blit(turned(local, card.frame.rotation), card.frame.rect.topleft)

    # ----- the shared column, the log -------------------------------------------------------

    def _draw_shared(self, surface: pygame.Surface) -> None:
        self.table.buttons.draw(surface, self._px())
        if self.table.tl.log is not None:
            self._blit_log(surface)

    def _blit_log(self, surface: pygame.Surface) -> None:
        """Blits the log where it is shown now (`TabletopScene.log_frame`), painting it
        again only when what it shows changed: at once for what a player chose (filter,
        scroll, pointed line, language), and for what play changed (its lines, the
        position, the seat it is turned to) in the first frame that is not busy (see
        `frame_busy`), the last picture staying where it was drawn until then."""
        frame = self.table.log_frame()
        if frame is None:
            return
        table = self.table
        pointed = id(table.pointed_line) if table.pointed_line is not None else None
        chosen = (table.log_scroll, table.log_filter, pointed, table.app.language)
        played = (frame, len(table.log), table.version)
        cached = self.log_cache
        if cached is None or cached[0][0] != chosen or (
                cached[0][1] != played and not self.frame_busy):
            local = local_surface(frame.size)
            self.log_hits = self._paint_log(local, overlay=table.tl.log is None)
            cached = self.log_cache = ((chosen, played), turned(local, frame.rotation))
        (_, (drawn_at, *_)), picture = cached
        surface.blit(picture, drawn_at.rect.topleft)

    def _paint_log(self, local: pygame.Surface, overlay: bool) -> LogHits:
        """The bag and the treasures left, whose turn it is, then the log's filter tabs and
        its latest lines, newest last; returns where the tabs and lines went, upright."""
        w, h = local.get_size()
        local.blit(skin.panel(w, h, overlay), (0, 0))
        px = self.log_px()
        inner = skin.panel_inner(w, h).inflate(-px, -px // 2)
        step = self.row_height()
        end = draw_supplies(local, self.table.view, inner.x, inner.y + step // 2, step, px,
                            pal.TEXT)
        status = self.status_lines()
        room = inner.right - (end + px)
        y = inner.y + step
        if status:
            line = status[0]
            size = text.fit_px(line, "text", px, inner.w)
            if text.size(line, "text", px)[0] <= room:
                text.blit(local, line, "text", px, pal.TEXT, (inner.right, inner.y + step // 2),
                          "midright")
            else:
                text.blit(local, line, "text", size, pal.TEXT, (inner.x, y))
                y += step
        y += step // 3
        area = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        if area.h < 2 * px:
            return LogHits()
        return self.paint_log(local, area, px, framed=False, tab_height=FINGER)

    def status_lines(self) -> list[str]:
        state = self.table.session.state
        if state.is_over:
            return [t("log.game_over")]
        active = narrate.player(int(self.table.view["active"]), self.table.dynasties)
        left = tn("table.actions_left", int(self.table.view.get("actions_left", 0)))
        return [f'{t("table.active_player", player=active)} · {left}']

    # ----- notes on the board ---------------------------------------------------------------

    def _note(self, lines: list[str], warn: bool = False) -> pygame.Surface:
        """An upright note; the caller turns it to the seat it speaks to."""
        c = self.table.layout.cell
        return note_surface(lines, self._px(), min(self.table.tl.board.w, self.table.tl.board.h,
                                           int(c * 7)), warn)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        seat = self.table.toast_seat if self.table.toast_seat is not None else 0
        place = self.table.tl.seats[seat]
        note = turned(self._note([self.table.toast], warn=True), place.rotation)
        depth = note.get_height() if place.rotation in (0, 180) else note.get_width()
        # beyond the seat's panel while it is held open, so no hint covers its tiles
        held = self.table.panels.panel_view(seat).frame if self.table.input.panel_open(
            seat) else place.strip_frame
        reach = held.rect.h if place.rotation in (0, 180) else held.rect.w
        band = place.band(reach + self.table.layout.cell // 4, depth).rect
        rect = note.get_rect(center=band.center)
        rect.clamp_ip(self.table.tl.zone)
        surface.blit(note, rect)

    def _draw_pointing(self, surface: pygame.Surface) -> None:
        """The square under the acting finger: what the picked piece would do there, or
        why it cannot go there. A hidden tile gets a plain outline only, since legal
        squares would tell its colour."""
        square = self.table.hover
        sel = self.table.selection
        if square is None or sel is None:
            return
        rect = self.table.painter.square_rect(square)
        width = max(2, self.table.layout.cell // 14)
        if sel.kind == "tile":
            pygame.draw.rect(surface, pal.IVORY, rect, width)
            return
        action = self.table.action_for(square)
        if action is None:
            pygame.draw.rect(surface, HOVER_BAD, rect, width)
            lines = [why_not(self.table.session.state, sel.kind, sel.color, square)]
        else:
            pygame.draw.rect(surface, HOVER_OK, rect, width)
            table = self.table
            lines = table.preview.get(table.session.state, table.version, action, table.dynasties)
        self._note_by(surface, rect, [t("common.square", square=square), *lines])

    def _note_by(self, surface: pygame.Surface, rect: pygame.Rect, lines: list[str]) -> None:
        """A note beside a square, on the far side from the seat it faces."""
        rotation = self.table.facing()
        note = turned(self._note(lines), rotation)
        dx, dy = UP[rotation]
        reach = self.table.layout.cell * 0.6 + (note.get_height() if dy else note.get_width()) / 2
        box = note.get_rect(center=(int(rect.centerx + dx * reach),
                                    int(rect.centery + dy * reach)))
        box.clamp_ip(self.table.tl.zone)
        surface.blit(note, box)
