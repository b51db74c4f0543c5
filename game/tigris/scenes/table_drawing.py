"""The table's drawing: a cached picture of the board and panels, plus what moves.

A mixin of TableScene. The board and the panels are painted into one cached
surface, each only when it changed and never both in one frame; hover
outlines, previews, animations and the dragged piece are drawn on top every
frame. Nothing here changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.art import palette as pal
from game.i18n import t, tn
from game.tigris import narrate
from game.tigris.reasons import why_not
from game.tigris.ui.table_painter import TableModel, draw_bar, draw_side
from game.ui import skin, text

if TYPE_CHECKING:
    from game.animations import Animator
    from game.app import App
    from game.layout import TableLayout
    from game.session import GameSession
    from game.tigris.preview import PreviewCache
    from game.tigris.scenes.table_input import Selection
    from game.tigris.ui.board_painter import BoardPainter
    from game.ui.widgets import ButtonSet

DECISION_FILL = (120, 200, 255, 80)
HOVER_OK = (255, 246, 200)
HOVER_BAD = (200, 60, 40)


class TableDrawing:
    """Drawing of the table; `self` is the TableScene."""

    # What this mixin uses of the TableScene (declared for the type checker only).
    app: App
    session: GameSession
    layout: TableLayout
    painter: BoardPainter
    animator: Animator
    buttons: ButtonSet
    preview: PreviewCache
    view: dict[str, Any]
    version: int
    viewer: int | None
    dynasties: list[str]
    log: list[str]
    log_scroll: int
    selection: Selection | None
    hover: str | None
    cursor: str | None
    drag_pos: tuple[int, int] | None
    decision_squares: set[str]
    toast: str
    asked: bool
    _static: pygame.Surface | None
    _dirty: bool
    _board_dirty: bool
    _ui_dirty: bool
    _defer_paint: bool
    _masks: frozenset[str]

    if TYPE_CHECKING:
        @property
        def visible_hand_seat(self) -> int | None: ...
        @property
        def recent(self) -> set[str]: ...
        def legal_squares(self) -> set[str]: ...
        def action_for(self, square: str | None) -> dict[str, Any] | None: ...
        def sprite(self, kind: str, *args: Any) -> pygame.Surface: ...

    def model(self) -> TableModel:
        sel = self.selection
        return TableModel(
            view=self.view,
            viewer=self.visible_hand_seat,
            dynasties=self.dynasties,
            seat_kinds=[s.kind for s in self.session.seats],
            to_move=self.session.state.to_move,
            active=int(self.view["active"]),
            selected_slot=sel.slot if sel and sel.kind == "tile" else None,
            selected_leader=sel.color if sel and sel.kind == "leader" else None,
            catastrophe_selected=bool(sel and sel.kind == "catastrophe"),
            log=self.log,
            log_scroll=self.log_scroll,
            status_lines=self.status_lines(),
        )

    def hint_squares(self) -> set[str]:
        """The squares marked as legal for the piece picked up (the tabletop hides some)."""
        return self.legal_squares()

    def status_lines(self) -> list[str]:
        """The turn line, longest first: the painter shows the first one that fits."""
        state = self.session.state
        if state.is_over:
            return [t("log.game_over")]
        active = narrate.player(int(self.view["active"]), self.dynasties)
        left = tn("table.actions_left", int(self.view.get("actions_left", 0)))
        return [f'{t("table.active_player", player=active)} · {left}', left]

    def draw(self, surface: pygame.Surface) -> None:
        """Blits the cached table, repainting what changed: the board in one frame and the
        panels around it in the next, so no single frame pays for both; the frame in which
        an action was applied (the engine's work) repaints nothing."""
        fresh = self._static is None or self._static.get_size() != surface.get_size()
        if fresh:
            self._static = pygame.Surface(surface.get_size()).convert()
        assert self._static is not None
        if self._dirty:
            self._board_dirty = self._ui_dirty = True
            self._dirty = False
        if fresh:
            self._paint_board(self._static)
            self._paint_ui(self._static)
            self._board_dirty = self._ui_dirty = self._defer_paint = False
        elif self._defer_paint:
            self._defer_paint = False
        elif self._board_dirty:
            self._paint_board(self._static)
            self._board_dirty = False
        elif self._ui_dirty:
            self._paint_ui(self._static)
            self._ui_dirty = False
        surface.blit(self._static, (0, 0))
        self._draw_dynamic(surface)

    def _board_region(self) -> pygame.Rect:
        """The part of the window that belongs to the board (its frame slides under the rest)."""
        side, bar = self.layout.side, self.layout.bar
        right = side.x if side.x > self.layout.board.x else self.layout.width
        return pygame.Rect(0, 0, right, bar.y)

    def _paint_ui(self, target: pygame.Surface) -> None:
        """The hand bar and the side column (everything outside the board's region)."""
        w, h = target.get_size()

        background = skin.table(w, h)
        region = self._board_region()
        for rect in (pygame.Rect(region.right, 0, w - region.right, h),
                     pygame.Rect(0, region.bottom, region.right, h - region.bottom)):
            target.blit(background, rect.topleft, rect)
        model = self.model()
        model.hidden_hand_slots = {
            int(m.split(":")[1]) for m in self._masks if m.startswith("hand:")
        }
        draw_bar(target, self.layout, model)
        draw_side(target, self.layout, model, self.buttons)

    def _paint_board(self, target: pygame.Surface) -> None:

        region = self._board_region()
        saved_clip = target.get_clip()
        if not self.layout.frame.contains(region):
            target.blit(skin.table(*target.get_size()), region.topleft, region)
        target.set_clip(region.clip(saved_clip))
        settings = self.app.settings
        board_masks = frozenset(m for m in self._masks if not m.startswith("hand:"))
        layer = self.painter.layer(self.view, self.version, board_masks,
                                   settings.kingdom_outlines, settings.leader_strength)
        target.blit(layer, self.layout.frame.topleft)
        legal = self.hint_squares()
        if legal and settings.legal_hints:
            self.painter.mark(target, legal)
        if self.recent:
            self.painter.corners_mark(target, self.recent)
        if self.decision_squares:
            self.painter.highlight(target, self.decision_squares, DECISION_FILL,
                                   pal.LAPIS_LIGHT, max(2, self.layout.cell // 16))
        sel = self.selection
        if sel is not None and sel.from_square:
            r = self.painter.square_rect(sel.from_square)
            pygame.draw.rect(target, pal.GOLD_LIGHT, r, max(2, self.layout.cell // 12))
        target.set_clip(saved_clip)

    def _draw_dynamic(self, surface: pygame.Surface) -> None:
        c = self.layout.cell
        if self.hover is not None and self.selection is not None:
            self._draw_hover(surface)
        if self.cursor is not None:
            pygame.draw.rect(surface, pal.LAPIS_LIGHT, self.painter.square_rect(self.cursor), 2)
        self.animator.draw(surface)
        if self.drag_pos is not None and self.selection is not None:
            sprite = self._selection_sprite()
            if sprite is not None:
                surface.blit(sprite, sprite.get_rect(center=self.drag_pos))
        if self.toast:
            self._draw_note(surface, [self.toast], self.layout.board.midbottom, c, warn=True)
        if self.asked and self.app.worker.busy:
            self._draw_thinking(surface)

    def _selection_sprite(self) -> pygame.Surface | None:
        sel = self.selection
        if sel is None or self.viewer is None:
            return None
        if sel.kind == "tile" and sel.color:
            return self.sprite("tile", sel.color)
        if sel.kind == "leader" and sel.color:
            return self.sprite("leader", self.dynasties[self.viewer], sel.color)
        return self.sprite("catastrophe")

    def _draw_hover(self, surface: pygame.Surface) -> None:
        square = self.hover
        if square is None:
            return
        rect = self.painter.square_rect(square)
        c = self.layout.cell
        action = self.action_for(square)
        if action is not None:
            pygame.draw.rect(surface, HOVER_OK, rect, max(2, c // 14))
            lines = self.preview.get(self.session.state, self.version, action, self.dynasties)
            lines = [t("common.square", square=square), *lines]
        else:
            pygame.draw.rect(surface, HOVER_BAD, rect, max(2, c // 14))
            sel = self.selection
            if sel is None:
                return
            lines = [t("common.square", square=square),
                     why_not(self.session.state, sel.kind, sel.color, square)]
        anchor = (rect.centerx, rect.top - 4) if rect.top > self.layout.board.centery else (
            rect.centerx, rect.bottom + 4)
        self._draw_note(surface, lines, anchor, c, above=rect.top > self.layout.board.centery)

    def _draw_note(self, surface: pygame.Surface, lines: list[str], anchor: tuple[int, int],
                   c: int, above: bool = True, warn: bool = False) -> None:
        px = max(12, int(c * 0.32))
        width = min(self.layout.board.w - 8, int(c * 7))
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
        box.clamp_ip(self.layout.board.inflate(-4, -4))
        pygame.draw.rect(surface, pal.INK, box, border_radius=px // 2)
        pygame.draw.rect(surface, pal.EMBER if warn else pal.GOLD, box, 2, border_radius=px // 2)
        y = box.y + px // 4
        for line in wrapped:
            text.blit(surface, line, "text", px, pal.IVORY, (box.x + px // 2, y))
            y += step

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        seat = self.session.state.to_move
        if seat is None:
            return
        r = self.layout.side_.panels[seat]
        phase = int(self.app.now * 3) % 4
        dots = "." * phase
        px = max(11, int(self.layout.cell * 0.28))
        name = narrate.player(seat, self.dynasties)
        label = t("table.thinking", player=name).rstrip("…") + dots
        text.blit(surface, label, "text", px, pal.LAPIS,
                  (r.right - 6, r.bottom - 4), "bottomright")
