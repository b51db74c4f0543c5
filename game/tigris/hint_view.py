"""A hint at the T&E table: the piece and its square lit, or Swap or End turn, and why.

The kit (`game.kit.hint`) finds the medium computer's action for the seat
whose turn is on screen; this module says it in T&E's words and marks it on
the table. The "why" is the engine's preview of the action
(`game.tigris.preview.describe`: the points it scores, the conflict it
starts, the kingdoms it joins), plus, when it scores in the seat's weakest
colour (from the seat's own score in its view), that it shores that colour
up. Nothing is played: the table only looks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

import engine.tigris as engine
from game.art import palette as pal
from game.i18n import t
from game.kit.hint import Hint, Hints
from game.tigris.narrate import color as color_name
from game.tigris.narrate import leader as leader_name
from game.tigris.preview import describe

if TYPE_CHECKING:
    from game.tigris.scenes.table import TableScene

COLORS = ("red", "blue", "green", "black")


@dataclass
class HintMarks:
    """What the table lights for a hint: squares on the board, places off it (a hand
    slot, a leader's slot, the catastrophe), a button's id, and the sentence."""

    squares: set[str] = field(default_factory=set)
    places: list[pygame.Rect] = field(default_factory=list)
    button: str | None = None
    target: str | None = None   # the square the action is played on
    lines: list[str] = field(default_factory=list)


def hint_lines(state: Any, view: dict[str, Any], seat: int, action: dict[str, Any],
               dynasties: list[str]) -> list[str]:
    """What the hint says: the action, then why (the engine's preview of it)."""
    kind = action["type"]
    if kind == "tile":
        what = t("hint.tile", color=color_name(action["color"]), square=action["to"])
    elif kind == "leader" and action["to"] is None:
        what = t("hint.withdraw", leader=leader_name(action["color"]))
    elif kind == "leader":
        what = t("hint.leader", leader=leader_name(action["color"]), square=action["to"])
    elif kind == "catastrophe":
        what = t("hint.catastrophe", square=action["to"])
    elif kind == "swap":
        return [t("hint.swap", count=len(action["tiles"]))]
    else:
        return [t("hint.pass")]
    why = describe(state, action, dynasties)
    if why == [t("preview.no_score")]:
        why = [t("hint.no_score")]   # a quiet move: the hint says what it is for
    lines = [what, *why]
    score = view["players"][seat].get("score") or {}
    if score:
        low = min(score.values())
        weakest = {c for c in COLORS if score.get(c) == low}
        after = engine_events_scored(state, action, seat)
        shored = [c for c in COLORS if c in weakest and c in after]
        if shored:
            lines.append(t("hint.shores_up", color=color_name(shored[0])))
    return lines


def engine_events_scored(state: Any, action: dict[str, Any], seat: int) -> set[str]:
    """The colours `seat` scores in by `action`, read from the engine's own events."""
    clone = engine.from_dict(state.to_dict())
    try:
        after = clone.apply(action)
    except engine.IllegalAction:
        return set()
    return {e["color"] for e in after.events if e["type"] == "vp" and e["seat"] == seat}


class TableHint:
    """The hint of one T&E table: asked with the Hint button, shown until the position
    it was for is gone."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.hints = Hints(table.app, table.session)
        self.marks: HintMarks | None = None
        self._for: Hint | None = None

    @property
    def offered(self) -> bool:
        """Hints are offered at a local table (not a replay, not a LAN game) to the people
        at it, when its set-up's switch is on; whether one may be asked now is `may_ask`."""
        table = self.table
        return (table.offers_hints and not table.replay and table.session.hints_on
                and bool(table.session.human_seats))

    @property
    def seat(self) -> int | None:
        """The seat a hint may be asked for now: the viewer's, while it chooses an action."""
        table = self.table
        return table.viewer if table.legal is not None else None

    @property
    def may_ask(self) -> bool:
        return self.offered and self.seat is not None and not self.hints.thinking

    def ask(self) -> None:
        seat = self.seat
        if seat is None or not self.offered:
            return
        self.hints.ask(seat)
        self.table.flow.autosave()   # a hint asked is counted even if the game is left now
        self.update()

    def update(self) -> bool:
        """Follows the position; True when what is shown changed."""
        changed = self.hints.update(self.seat)
        shown = self.hints.shown
        if shown is not self._for:
            self._for = shown
            self.marks = None if shown is None else self._marks(shown)
            changed = True
        return changed

    def _marks(self, hint: Hint) -> HintMarks:
        table = self.table
        action = hint.action
        lines = hint_lines(table.session.state, table.view, hint.seat, action,
                           table.dynasties)
        marks = HintMarks(lines=lines)
        layout = table.layout
        kind = action["type"]
        if kind in ("tile", "leader", "catastrophe") and action.get("to"):
            marks.target = action["to"]
            marks.squares.add(action["to"])
        if kind == "tile":
            hand = table.hand()
            if action["color"] in hand:
                marks.places.append(layout.hand_slots[hand.index(action["color"])])
        elif kind == "leader":
            dynasty = table.dynasties[hint.seat]
            on_board = table.leader_square(dynasty, action["color"])
            if on_board is not None:
                marks.squares.add(on_board)
            else:
                marks.places.append(layout.leader_slots[COLORS.index(action["color"])])
            if action["to"] is None:
                marks.button = "withdraw"
        elif kind == "catastrophe":
            marks.places.append(layout.catastrophe_slot)
        elif kind == "swap":
            marks.button = "swap"
            free = list(enumerate(table.hand()))   # the tiles to give back, lit in the hand
            for color in action["tiles"]:
                found = next((pair for pair in free if pair[1] == color), None)
                if found is not None:
                    free.remove(found)
                    marks.places.append(layout.hand_slots[found[0]])
        else:
            marks.button = "end_turn"
        return marks

    def draw(self, surface: pygame.Surface) -> None:
        """The hint over the table: squares spotlit, places and the button framed, the
        sentence in a note by the target (or over the board's foot)."""
        marks = self.marks
        if marks is None:
            return
        table = self.table
        c = table.layout.cell
        width = max(3, c // 9)
        if marks.squares:
            table.painter.spotlight(surface, marks.squares)
        rects = list(marks.places)
        if marks.button is not None:
            button = table.buttons.get(marks.button)
            if button is not None:
                rects.append(button.rect)
        for rect in rects:
            pygame.draw.rect(surface, pal.INK, rect.inflate(width + 6, width + 6), width + 4,
                             border_radius=width * 2)
            pygame.draw.rect(surface, pal.GOLD_LIGHT, rect.inflate(width, width), width,
                             border_radius=width * 2)
        # The sentence on the half of the board away from the target, so that it never
        # hides the squares around it that the reason is about.
        board = table.layout.board
        low = (marks.target is not None
               and table.painter.square_rect(marks.target).centery > board.centery)
        anchor = (board.centerx, board.top + 4) if low else (board.centerx, board.bottom - 4)
        table.drawing.draw_note(surface, [t("hint.title"), *marks.lines], anchor, c,
                                above=not low)

    def close(self) -> None:
        self.hints.close()
