"""The table's drawing: a cached picture of the board and panels, plus what moves.

The table's drawing object. The board, the panels and the log are painted into one
cached surface, each only when it changed and never two in one frame; hover
outlines, previews, animations and the dragged piece are drawn on top every
frame. Nothing here changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.art import palette as pal
from game.i18n import t, tn
from game.kit.log_painter import LogHits, paint_panel
from game.kit.repaint import Layer, StagedRepaint
from game.tigris import narrate
from game.tigris.reasons import why_not
from game.tigris.settings import tigris_settings
from game.tigris.ui import art_cache, conflict_marks
from game.tigris.ui.log_painter import log_icons
from game.tigris.ui.table_painter import TableModel, draw_bar, draw_side
from game.ui import skin, text

if TYPE_CHECKING:
    from game.animations import Animator
    from game.app import App
    from game.kit.log import LogPanel
    from game.session import TableSession
    from game.tigris.held_turn import HeldAction
    from game.tigris.hint_view import TableHint
    from game.tigris.layout import TableLayout
    from game.tigris.preview import PreviewCache
    from game.tigris.scenes.table_computers import TableComputers
    from game.tigris.scenes.table_input import Selection
    from game.tigris.ui.board_painter import BoardPainter
    from game.ui.tooltips import ButtonTips
    from game.ui.widgets import ButtonSet

DECISION_FILL = (120, 200, 255, 80)
HOVER_OK = (255, 246, 200)
HOVER_BAD = (200, 60, 40)
# masks of places outside the board: a hand slot, a leader's slot in its owner's supply
UI_MASKS = ("hand:", "supply:")


class DrawnTable(Protocol):
    """What the drawing reads of its table (and nothing else of it): the position shown,
    where things go and who draws them, what the player is pointing at, and the log."""

    @property
    def app(self) -> App: ...
    @property
    def session(self) -> TableSession: ...
    @property
    def view(self) -> dict[str, Any]: ...
    @property
    def version(self) -> int: ...
    @property
    def dynasties(self) -> list[str]: ...
    @property
    def held(self) -> HeldAction | None: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def visible_hand_seat(self) -> int | None: ...
    @property
    def layout(self) -> TableLayout: ...
    @property
    def painter(self) -> BoardPainter: ...
    @property
    def animator(self) -> Animator: ...
    @property
    def buttons(self) -> ButtonSet: ...
    @property
    def tips(self) -> ButtonTips: ...
    @property
    def preview(self) -> PreviewCache: ...
    @property
    def hint(self) -> TableHint: ...
    @property
    def computers(self) -> TableComputers: ...
    @property
    def selection(self) -> Selection | None: ...
    @property
    def hover(self) -> str | None: ...
    @property
    def cursor(self) -> str | None: ...
    @property
    def drag_pos(self) -> tuple[int, int] | None: ...
    @property
    def toast(self) -> str: ...
    @property
    def pointed(self) -> set[str]: ...
    @property
    def recent(self) -> set[str]: ...
    @property
    def decision_squares(self) -> set[str]: ...
    @property
    def conflict_sides(self) -> dict[str, list[str]]: ...
    @property
    def conflict_leaders(self) -> dict[str, str]: ...
    @property
    def log(self) -> list[str]: ...
    @property
    def log_panel(self) -> LogPanel: ...
    def legal_squares(self) -> set[str]: ...
    def held_status(self) -> str: ...

    def answer_awaited(self) -> int | None: ...
    def action_for(self, square: str | None) -> dict[str, Any] | None: ...


class TableDrawing:
    """What the desk table shows, drawn from the table it was made for (read through
    `DrawnTable`); it keeps only its cached picture and what of it must be painted again."""

    def __init__(self, table: DrawnTable) -> None:
        self.table = table
        self.repaint = StagedRepaint((
            Layer("board", lambda target: self._paint_board(target),
                  lambda: self._prepare_board()),
            Layer("ui", lambda target: self._paint_ui(target)),
            Layer("log", lambda target: self._paint_log_area(target)),
        ))
        self.masks: frozenset[str] = frozenset()
        self.name_areas: list[pygame.Rect] = []
        self.log_hits = LogHits()

    # What to paint again, as the table and its input say it (`StagedRepaint`'s layers).

    @property
    def dirty(self) -> bool:
        return self.repaint.stale == {"board", "ui", "log"}

    @dirty.setter
    def dirty(self, stale: bool) -> None:
        if stale:
            self.repaint.mark_all()

    @property
    def board_dirty(self) -> bool:
        return self.repaint.is_stale("board")

    @board_dirty.setter
    def board_dirty(self, stale: bool) -> None:
        self.repaint.mark("board", stale)

    @property
    def ui_dirty(self) -> bool:
        return self.repaint.is_stale("ui")

    @ui_dirty.setter
    def ui_dirty(self, stale: bool) -> None:
        self.repaint.mark("ui", stale)

    @property
    def log_dirty(self) -> bool:
        return self.repaint.is_stale("log")

    @log_dirty.setter
    def log_dirty(self, stale: bool) -> None:
        self.repaint.mark("log", stale)

    @property
    def defer_paint(self) -> bool:
        return self.repaint.deferred

    @defer_paint.setter
    def defer_paint(self, deferred: bool) -> None:
        self.repaint.deferred = deferred

    @property
    def frame_busy(self) -> bool:
        return self.repaint.busy

    @property
    def static(self) -> pygame.Surface | None:
        return self.repaint.picture

    @static.setter
    def static(self, picture: pygame.Surface | None) -> None:
        self.repaint.picture = picture

    def follow_masks(self) -> None:
        """Marks for painting what the animations began or stopped hiding (pieces in
        flight are masked out of the cached picture)."""
        masks = frozenset(self.table.animator.masks())
        if masks != self.masks:
            if any(m.startswith(UI_MASKS) for m in masks ^ self.masks):
                self.ui_dirty = True
            if any(not m.startswith(UI_MASKS) for m in masks ^ self.masks):
                self.board_dirty = True
            self.masks = masks

    def model(self) -> TableModel:
        sel = self.table.selection
        return TableModel(
            view=self.table.view,
            viewer=self.table.visible_hand_seat,
            dynasties=self.table.dynasties,
            seat_kinds=[s.kind for s in self.table.session.seats],
            to_move=self.table.session.state.to_move,
            active=int(self.table.view["active"]),
            selected_slot=sel.slot if sel and sel.kind == "tile" else None,
            selected_leader=sel.color if sel and sel.kind == "leader" else None,
            catastrophe_selected=bool(sel and sel.kind == "catastrophe"),
            hidden_hand_slots={int(m.split(":")[1]) for m in self.masks
                               if m.startswith("hand:")},
            leaders_on_their_way={(int(m.split(":")[1]), m.split(":")[2]) for m in self.masks
                                  if m.startswith("supply:")},
            status_lines=self.status_lines(),
        )

    def hint_squares(self) -> set[str]:
        """The squares marked as legal for the piece picked up (the tabletop hides some)."""
        return self.table.legal_squares()

    def status_lines(self) -> list[str]:
        """The turn line, longest first: the painter shows the first one that fits."""
        state = self.table.session.state
        if state.is_over:
            return [t("log.game_over")]
        if self.table.held is not None:
            return [self.table.held_status()]
        awaited = self.table.answer_awaited()
        if awaited is not None:   # Undo is lit until the other side answers (issue 21)
            who = narrate.player(awaited, self.table.dynasties)
            return [t("table.answering", player=who), t("table.answering.short", player=who)]
        seat = int(self.table.view["active"])
        active = narrate.player(seat, self.table.dynasties)
        left = tn("table.actions_left", int(self.table.view.get("actions_left", 0)))
        if seat == self.table.visible_hand_seat and self.table.session.is_human(seat):
            return [f'{t("table.your_turn")} — {left}', left]
        return [f'{t("table.active_player", player=active)} · {left}', f"{active} · {left}",
                left]

    def draw(self, surface: pygame.Surface) -> None:
        """Blits the cached table, repainting what changed: the board's pieces in one
        frame, the board onto the table in the next, then the bar and panels, then the
        log, so no single frame pays for two of them; the frame in which an action was
        applied (the engine's work) repaints nothing."""
        surface.blit(self.repaint.frame(surface.get_size()), (0, 0))
        self._draw_dynamic(surface)

    def _board_region(self) -> pygame.Rect:
        """The part of the window that belongs to the board (its frame slides under the rest)."""
        side, bar = self.table.layout.side, self.table.layout.bar
        right = side.x if side.x > self.table.layout.board.x else self.table.layout.width
        return pygame.Rect(0, 0, right, bar.y)

    def _paint_ui(self, target: pygame.Surface) -> None:
        """The hand bar and the side column (everything outside the board's region but
        the log, which keeps what it last painted)."""
        w, h = target.get_size()
        background = skin.table(w, h)
        region = self._board_region()
        log = self.table.layout.side_.log
        for area in (pygame.Rect(region.right, 0, w - region.right, h),
                     pygame.Rect(0, region.bottom, region.right, h - region.bottom)):
            for rect in _outside(area, log):
                target.blit(background, rect.topleft, rect)
        model = self.model()
        draw_bar(target, self.table.layout, model)
        self.name_areas = draw_side(target, self.table.layout, model, self.table.buttons)

    def _paint_log_area(self, target: pygame.Surface) -> None:
        log = self.table.layout.side_.log
        target.blit(skin.table(*target.get_size()), log.topleft, log)
        self.log_hits = self.paint_log(target, log, self.log_px(), framed=True)

    def log_px(self) -> int:
        return max(11, int(self.table.layout.cell * 0.3))

    def paint_log(self, target: pygame.Surface, area: pygame.Rect, px: int, framed: bool,
                  tab_height: int = 0) -> LogHits:
        """The log through the table's filter (the filters offered to whoever sees it) with
        its pointed line framed: in a panel of its own, or (not `framed`) the tabs and rows
        alone on what the caller drew. Only as many rows are read as fit."""
        table = self.table
        return paint_panel(table.log_panel, target, area, px, table.log,
                           narrate.names(table.dynasties), table.visible_hand_seat,
                           log_icons(table.dynasties), framed, tab_height)

    def _board_layer_args(self) -> tuple[dict[str, Any], int, frozenset[str], bool, bool]:
        settings = tigris_settings(self.table.app.settings)
        board_masks = frozenset(m for m in self.masks if not m.startswith(UI_MASKS))
        return (self.table.view, self.table.version, board_masks, settings.kingdom_outlines,
                settings.leader_strength)

    def _prepare_board(self) -> bool:
        return self.table.painter.prepare(*self._board_layer_args())

    def _paint_board(self, target: pygame.Surface) -> None:
        region = self._board_region()
        saved_clip = target.get_clip()
        if not self.table.layout.frame.contains(region):
            target.blit(skin.table(*target.get_size()), region.topleft, region)
        target.set_clip(region.clip(saved_clip))
        self.table.painter.draw(target, *self._board_layer_args())
        legal = self.hint_squares()
        if legal and self.table.app.settings.legal_hints:
            board = self.table.view["board"]
            self.table.painter.mark(target, legal, {s for s in legal if board.get(s)})
        if self.table.recent:
            self.table.painter.corners_mark(target, self.table.recent)
        if self.table.conflict_sides or self.table.conflict_leaders:
            conflict_marks.draw_sides(target, self.table.painter, self.table.conflict_sides,
                                      self.table.conflict_leaders, self.table.layout.cell)
        if self.table.decision_squares:
            self.table.painter.highlight(target, self.table.decision_squares, DECISION_FILL,
                                   pal.LAPIS_LIGHT, max(2, self.table.layout.cell // 16))
        sel = self.table.selection
        if sel is not None and sel.from_square:
            r = self.table.painter.square_rect(sel.from_square)
            pygame.draw.rect(target, pal.GOLD_LIGHT, r, max(2, self.table.layout.cell // 12))
        target.set_clip(saved_clip)

    def _draw_dynamic(self, surface: pygame.Surface) -> None:
        table = self.table
        c = table.layout.cell
        if table.hover is not None and table.selection is not None:
            self._draw_hover(surface)
        if table.cursor is not None:
            pygame.draw.rect(surface, pal.LAPIS_LIGHT, table.painter.square_rect(table.cursor), 2)
        if table.pointed:
            table.painter.spotlight(surface, table.pointed)
        table.animator.draw(surface)
        if table.drag_pos is not None and table.selection is not None:
            sprite = self._selection_sprite()
            if sprite is not None:
                surface.blit(sprite, sprite.get_rect(center=table.drag_pos))
        if table.toast:
            self._draw_note(surface, [table.toast], table.layout.board.midbottom, c, warn=True)
        table.hint.draw(surface)
        if table.computers.thinking:
            self._draw_thinking(surface)
        table.tips.draw(surface, table.buttons, max(12, int(c * 0.3)))

    def _selection_sprite(self) -> pygame.Surface | None:
        sel, viewer, cell = self.table.selection, self.table.viewer, self.table.layout.cell
        if sel is None or viewer is None:
            return None
        if sel.kind == "tile" and sel.color:
            return art_cache.sprite("tile", cell, sel.color)
        if sel.kind == "leader" and sel.color:
            return art_cache.sprite("leader", cell, self.table.dynasties[viewer], sel.color)
        return art_cache.sprite("catastrophe", cell)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        square = self.table.hover
        if square is None:
            return
        rect = self.table.painter.square_rect(square)
        c = self.table.layout.cell
        action = self.table.action_for(square)
        if action is not None:
            pygame.draw.rect(surface, HOVER_OK, rect, max(2, c // 14))
            table = self.table
            lines = table.preview.get(table.session.state, table.version, action, table.dynasties)
            lines = [t("common.square", square=square), *lines]
        else:
            pygame.draw.rect(surface, HOVER_BAD, rect, max(2, c // 14))
            sel = self.table.selection
            if sel is None:
                return
            lines = [t("common.square", square=square),
                     why_not(self.table.session.state, sel.kind, sel.color, square)]
        anchor = (rect.centerx, rect.top - 4) if rect.top > self.table.layout.board.centery else (
            rect.centerx, rect.bottom + 4)
        self._draw_note(surface, lines, anchor, c, above=rect.top > self.table.layout.board.centery)

    def draw_note(self, surface: pygame.Surface, lines: list[str], anchor: tuple[int, int],
                  c: int, above: bool = True) -> None:
        """A note over the board by `anchor` (a hint's sentence: game.tigris.hint_view)."""
        self._draw_note(surface, lines, anchor, c, above)

    def _draw_note(self, surface: pygame.Surface, lines: list[str], anchor: tuple[int, int],
                   c: int, above: bool = True, warn: bool = False) -> None:
        px = max(12, int(c * 0.32))
        width = min(self.table.layout.board.w - 8, int(c * 7))
        wrapped: list[str] = []
        for line in lines:
            wrapped.extend(text.wrap(line, "text", px, width - px))
        step = int(px * 1.25)
        box_w = min(width, max(text.size(s, "text", px)[0] for s in wrapped) + px)
        box = pygame.Rect(0, 0, box_w, step * len(wrapped) + px // 2)
        if above:
            box.midbottom = anchor
        else:
            box.midtop = anchor
        box.clamp_ip(self.table.layout.board.inflate(-4, -4))
        pygame.draw.rect(surface, pal.INK, box, border_radius=px // 2)
        pygame.draw.rect(surface, pal.EMBER if warn else pal.GOLD, box, 2, border_radius=px // 2)
        y = box.y + px // 4
        for line in wrapped:
            text.blit(surface, line, "text", px, pal.IVORY, (box.x + px // 2, y))
            y += step

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        """"Bull is thinking…" in place of the seat's name, clear of its counts and scores."""
        seat = self.table.session.state.to_move
        if seat is None or seat >= len(self.name_areas):
            return
        panel = self.table.layout.side_.panels[seat]
        area = self.name_areas[seat]
        active = seat == int(self.table.view["active"])
        surface.blit(skin.panel(panel.w, panel.h, active), area, area.move(-panel.x, -panel.y))
        dots = "." * (int(self.table.app.now * 3) % 4)
        name = narrate.player(seat, self.table.dynasties)
        label = t("table.thinking", player=name).rstrip("…") + dots
        px = text.fit_px(label + "." * (3 - len(dots)), "bold", max(10, int(area.h * 0.55)), area.w)
        text.blit(surface, label, "bold", px, pal.LAPIS, area.midleft, "midleft")


def _outside(area: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `area` that `hole` does not cover, as up to four rectangles."""
    hole = hole.clip(area)
    if not hole.w or not hole.h:
        return [area]
    parts = [
        pygame.Rect(area.x, area.y, area.w, hole.y - area.y),
        pygame.Rect(area.x, hole.bottom, area.w, area.bottom - hole.bottom),
        pygame.Rect(area.x, hole.y, hole.x - area.x, hole.h),
        pygame.Rect(hole.right, hole.y, area.right - hole.right, hole.h),
    ]
    return [part for part in parts if part.w > 0 and part.h > 0]
