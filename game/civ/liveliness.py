"""The civ table's turn flow and liveliness (issue 22): Undo, the turn summary, the
"since your last turn" summary and replay, and the animations and sounds of the
engine's events. `CivTable` holds one `TableLife` and calls it from a few hooks; this
module is the table's stage for the choreographer (`game.civ.choreography.Stage`).

Undo takes back the shown seat's own steps one by one, as long as the session allows
(`GameSession.undo_refusal`: no other seat had a say since, and no step drew on chance
or showed something hidden, which the engine judges: `engine.civ.undo_barrier`). Its
button is lit only when it acts; greyed, its tip says why not.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Any

import pygame

from engine.civ.tables import BARBARIAN
from game import layout as geo
from game.animations import Animator
from game.art import palette as pal
from game.civ import choreography, pieces, summary, words
from game.civ.words import card_name
from game.i18n import t
from game.input import Intent
from game.ui import text
from game.ui.tooltips import ButtonTips
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.civ.table import CivTable

Point = tuple[float, float]
BUTTONS = ("undo", "summary")


@functools.lru_cache(maxsize=64)
def _banner(words: str, px: int) -> pygame.Surface:
    label = text.render(words, "bold", px, pal.INK)
    box = pygame.Surface((label.get_width() + px * 2, label.get_height() + px), pygame.SRCALPHA)
    pygame.draw.rect(box, pal.PARCHMENT, box.get_rect(), border_radius=px // 2)
    pygame.draw.rect(box, pal.TERRACOTTA_DARK, box.get_rect(), 3,
                     border_radius=px // 2)
    box.blit(label, label.get_rect(center=box.get_rect().center))
    return box


@functools.lru_cache(maxsize=16)
def _card_back(px: int) -> pygame.Surface:
    card = pygame.Surface((px * 2 // 3, px), pygame.SRCALPHA)
    pygame.draw.rect(card, pal.PARCHMENT, card.get_rect(), border_radius=max(1, px // 8))
    pygame.draw.rect(card, pal.INK, card.get_rect(), max(1, px // 12),
                     border_radius=max(1, px // 8))
    return card


class TableLife:
    """What the civ table adds to its flow: see the module's docstring."""

    def __init__(self, table: CivTable) -> None:
        self.table = table
        self.animator = Animator(table.app.play_sound)
        self.chronicle = summary.Chronicle()
        self.tips = ButtonTips()
        self.started = 0                      # animations started, for whoever counts
        self.panel: tuple[str, list[str]] | None = None   # a summary shown over the map
        self.panel_seat: int | None = None                # the seat it was shown to
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.quiet = False                    # the action shown last showed nothing
        # per seat: the chronicle's length when it was last asked, and where the last
        # stretch summarised to it began ("since your last turn": since it was last asked)
        self.told_since: dict[int, int] = {}
        self.since_from: dict[int, int] = {}

    # ----- the flow's hooks -------------------------------------------------------------

    def presented(self, events: list[dict[str, Any]], actor: int | None) -> None:
        self.chronicle.add(actor, events)
        self.animate(events, choreography.ACTION_SECONDS)
        # a seat that builds no ship, moves no more, buys nothing, stays: nothing moves
        # and the log says nothing, so a computer's pause after it would hold the table
        # up for nothing to follow (a quarter of a medium game's actions, 0.45 s each)
        self.quiet = not self.animator.blocking and not words.narrate(
            events, self.table.state.view(None), None, private=True)

    def retold(self) -> None:
        """The session's actions were replayed (the table opened, or Undo): the chronicle
        is theirs, and nothing animates over a position taken back."""
        self.animator.clear()
        self.chronicle = summary.Chronicle()
        session = self.table.session
        taken = getattr(session, "taken", [])
        for i, events in enumerate(session.replayed_events):
            self.chronicle.add(taken[i].seat if i < len(taken) else None, events)

    def acting(self) -> None:
        """A person acts: no animation holds them up (the picture is the engine's)."""
        self.animator.clear()

    def served(self, seat: int) -> None:
        """`seat`'s person is asked now, its hand shown: what the others did since it was
        last asked shows, once, and the map replays it."""
        if self.table.flow.viewer != seat or self.table.replay or self.table.demo:
            return
        if self.panel_seat != seat:
            self.panel = None   # another seat's summary does not stay for this one
        known = len(self.chronicle.entries)
        start = self.told_since.get(seat)
        if start == known:
            return
        self.told_since[seat] = known
        if start is None:
            return   # its first question at this table: what came before is in the log
        events = self.chronicle.events_from(start)
        said = summary.lines(events, self.table.public(), leave_out=seat)
        if said:
            self.since_from[seat] = start
            self.panel, self.panel_seat = (t("civ.summary.since"), said), seat
            self.animate(events, choreography.REPLAY_SECONDS)

    def animate(self, events: list[dict[str, Any]], seconds: float) -> None:
        self.started += choreography.choreograph(events, self, self.animator,
                                                 self.table.app.animation_speed, seconds)

    # ----- undo -------------------------------------------------------------------------

    def undo_refusal(self) -> str | None:
        """Why Undo would not act now, in the player's words; None when it would."""
        table = self.table
        flow, viewer = table.flow, table.flow.viewer
        if viewer is None or table.replay:
            return t("civ.undo.why.nobody")
        if flow.can_undo():
            return None
        why = getattr(table.session, "undo_refusal", None)
        code = why(viewer) if why is not None else "network"
        return t(f"civ.undo.why.{code or 'nothing'}")

    def undo(self) -> None:
        """Takes back the shown seat's last step, and the steps the table then answered
        for it (a decision with one answer, A1.2): else they would be answered again at
        once and Undo would seem to do nothing."""
        table = self.table
        flow = table.flow
        if not flow.can_undo():
            return
        flow.undo()
        while flow.can_undo() and self._forced_now():
            flow.undo()

    def _forced_now(self) -> bool:
        state = self.table.state
        pending = state.pending
        return (pending is not None and len(state.legal_actions()) == 1
                and self.table.answers_forced(pending))

    # ----- the table's buttons and panel -------------------------------------------------

    def buttons(self) -> list[Button]:
        """Undo and the turn summary, at the map's top right corner (not in a replay or
        the attract mode's demo, where nobody plays); a watcher, who has nothing to take
        back, has the summary alone."""
        table = self.table
        if table.replay or table.demo:
            return []
        area = table.areas["map"]
        h = geo.MIN_TARGET
        w = max(h * 2, int(table.c * 1.8))
        watching = getattr(table.session, "public_only", False)
        last = pygame.Rect(area.right - w - 6, area.y + 6, w, h)
        summary_button = Button("summary", last if watching else last.move(-w - 6, 0),
                                t("civ.summary.button"), style="quiet")
        if watching:
            self.tips.words = {"summary": t("civ.summary.tip")}
            return [summary_button]
        why = self.undo_refusal()
        self.tips.words = {"undo": why or t("civ.undo.tip"), "summary": t("civ.summary.tip")}
        return [summary_button,
                Button("undo", last, t("table.undo"), enabled=why is None, style="quiet")]

    def press(self, bid: str) -> None:
        if bid == "undo":
            self.undo()
        elif bid == "summary":
            self.toggle_summary()

    def toggle_summary(self) -> None:
        """The turn so far, seat by seat, and what happened since the shown seat's last
        turn; the map replays the latter."""
        if self.panel is not None:
            self.panel = None
            return
        view = self.table.public()
        said = [t("civ.summary.turn", turn=view["turn"])]
        said += summary.lines(self.chronicle.this_turn(), view) or [t("civ.summary.quiet")]
        viewer = self.table.flow.viewer
        if viewer is not None and viewer in self.since_from:
            since = self.chronicle.events_from(self.since_from[viewer])
            lines = summary.lines(since, view, leave_out=viewer)
            if lines:
                said += [t("civ.summary.since"), *lines]
                self.animate(since, choreography.REPLAY_SECONDS)
        self.panel, self.panel_seat = (t("civ.summary.title"), said), viewer

    def close_summary(self) -> None:
        """The summary folded away, as a tap on it does: a hint asked is read where the
        summary lay (`game.civ.hint_view`)."""
        self.panel = None

    def handle(self, intent: Intent) -> bool:
        """Tips on hover and long press, and a tap on the summary closing it: True if the
        intent went no further."""
        table = self.table
        if intent.kind == "hover":
            hit = table.buttons.at(intent.pos)
            self.tips.hover(hit.id if hit is not None else None)
            return False
        if intent.kind == "long_press":
            hit = table.buttons.at(intent.pos)
            if hit is not None and self.tips.long_press(hit.id):
                return True
        if intent.kind == "tap" and self.panel is not None and intent.pos is not None \
                and self.panel_rect.collidepoint(intent.pos):
            self.panel = None
            return True
        return False

    def update(self, dt: float) -> None:
        """Animations and tips move on; a computer's pause after its move passes during the
        move's animation, so a phase of computers is never slower than its animations, and
        after a move that showed nothing there is none."""
        if self.animator.blocking:
            self.table.flow.computers.rest(dt)
        elif self.quiet:
            self.quiet = False
            self.table.flow.computers.rest(math.inf)
        self.animator.update(dt)
        self.tips.update(dt)

    def draw_map(self, surface: pygame.Surface) -> None:
        """The animations of the map's pieces, over them (the caller clips to the map)."""
        for anim in self.animator.anims:
            if anim.shows not in choreography.OFF_MAP:
                anim.draw(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        """The animations that go beyond the map (cards flying between panels, the A.S.T.
        marker, a calamity striking a panel), the summary over the map, a button's tip."""
        table = self.table
        px = table.px
        for anim in self.animator.anims:
            if anim.shows in choreography.OFF_MAP:
                anim.draw(surface)
        if self.panel is not None:
            title, lines = self.panel
            area = table.areas["map"]
            width = min(area.w - 24, px * 34)
            wrapped = [(part, i == 0) for i, line in enumerate([title, *lines])
                       for part in text.wrap(line, "text", px, width - px * 2)]
            step = int(px * 1.3)
            box = pygame.Rect(area.x + 12, area.y + geo.MIN_TARGET + 18, width,
                              step * (len(wrapped) + 1) + px)
            box.h = min(box.h, area.h - geo.MIN_TARGET - 30)
            self.panel_rect = box
            pygame.draw.rect(surface, pal.PARCHMENT, box, border_radius=px // 2)
            pygame.draw.rect(surface, pal.INK, box, 2, border_radius=px // 2)
            y = box.y + px // 2
            for line, bold in wrapped:
                if y + step > box.bottom - step:
                    break
                text.blit(surface, line, "bold" if bold else "text", px, pal.INK,
                          (box.x + px, y))
                y += step
            text.blit(surface, t("civ.summary.close"), "text", max(10, px - 2), pal.INK_SOFT,
                      (box.x + px, box.bottom - step))
        self.tips.draw(surface, table.buttons, px)

    # ----- the choreographer's stage ------------------------------------------------------

    def area_point(self, area: int) -> Point:
        return self.table.board.screen(self.table.board.shape.shapes[area].tokens)

    def city_point(self, area: int) -> Point:
        return self.table.board.screen(self.table.board.shape.shapes[area].city)

    def panel_point(self, seat: int) -> Point:
        rects = self.table.panels.rects
        if 0 <= seat < len(rects):
            return float(rects[seat].centerx), float(rects[seat].centery)
        return self.map_centre()

    def ast_point(self, seat: int, space: int) -> Point:
        spaces = getattr(self.table.track, "spaces", {})
        if self.table.show_track and space in spaces:
            return float(spaces[space].centerx), float(spaces[space].centery)
        return self.panel_point(seat)

    def map_centre(self) -> Point:
        centre = self.table.areas["map"].center
        return float(centre[0]), float(centre[1])

    def piece_size(self) -> int:
        return max(12, min(32, int(self.table.board.view.scale * 0.8)))

    def side(self, owner: Any) -> str:
        if owner == BARBARIAN or owner is None:
            return BARBARIAN
        nation = self.table.public()["seats"][int(owner)]["nation"]
        return str(nation) if nation else BARBARIAN

    def token_sprite(self, side: str) -> pygame.Surface:
        size = self.piece_size()
        return pieces.barbarian_tokens(1, size) if side == BARBARIAN else pieces.token(side, size)

    def city_sprite(self, side: str) -> pygame.Surface:
        size = self.piece_size()
        return pieces.pirate_city(size) if side == BARBARIAN else pieces.city(side, size)

    def ship_sprite(self, side: str) -> pygame.Surface:
        return pieces.ship(side if side != BARBARIAN else "crete", self.piece_size())

    def card_sprite(self) -> pygame.Surface:
        return _card_back(self.piece_size() + 8)

    def banner_sprite(self, words: str) -> pygame.Surface:
        return _banner(words, max(14, int(self.table.px * 1.4)))

    def calamity_words(self, card: str) -> str:
        return card_name(card)
