"""A trade offer (A17.3) or counter (A17.4) built in the deciding seat's held strip at the
tabletop, turned to its seat and drawn only while its own finger holds it (A1.5).

The desk's deal screen (`game.civ.deal.DealScreen`) is an upright full-screen scene, which
at a table lying flat would show the hand to everyone; here the same model answers the
same button ids (`to:<seat>`, `give:<card>`, `want:<card>`, `fewer`, `more`, `suggest`,
`clear`, `send`), so the rules of a truthful offer are written once. It opens filled with
the suggested offer, as at the desk (open, send: two taps).

The panel grows from the strip: the hand's cards nearest the player (each a `give:` chip),
the partners, the commodities wanted, how many cards are asked for, what the offer amounts
to, and the buttons. When all of it would reach too far over the map (a short side strip),
the hand and the wants are shown one at a time, each section's title a button.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from pygame import Rect

from engine.civ.tables import CARD_ORDER, COMMODITIES
from game.civ import words
from game.civ.deal import MIN_CARDS, DealScreen
from game.i18n import t
from game.kit.tabletop import FINGER, SeatPlace
from game.ui import text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.civ.tabletop import CivTabletop
    from game.civ.tabletop_layout import CivTabletopLayout

PREFIX = "deal:"
DEAL_REACH = 0.8   # a held offer may cover more of the map than the answers do
SUMMARY_LINES = 3
COUNTED_LINES = 2  # what lies in no hand, counted under the stacks (`DealScreen.counted`)


@dataclass
class DealPanel:
    """The held offer (or purchase, `game.civ.tabletop_purchase`) in local (upright)
    coordinates: its depth, its buttons (ids with PREFIX), the words between them and
    the buttons dimmed (what cannot be taken now, still tapped to say why)."""

    depth: int
    buttons: list[Button]
    texts: list[tuple[str, Rect]]
    veils: list[Rect] = field(default_factory=list)


class PanelMetrics(NamedTuple):
    """The measures a held panel (an offer, a purchase) is laid out by, from its seat's
    strip and the table's unit: one place for them, so both panels read alike."""

    place: SeatPlace
    c: int
    pad: int
    gap: int
    room: int
    line: int
    bh: int


def panel_metrics(tl: CivTabletopLayout, seat: int, px: int) -> PanelMetrics:
    place = tl.seats[seat]
    c = tl.unit
    pad, gap = max(3, c // 8), max(2, c // 12)
    return PanelMetrics(place, c, pad, gap, place.length - 2 * pad, int(px * 1.3),
                        max(FINGER, int(0.8 * c)))


class HeldDeal:
    """One seat's offer under way: the desk's deal model, and which section shows when
    the panel is too short for both."""

    def __init__(self, table: CivTabletop, seat: int) -> None:
        self.seat = seat
        self.state = table.state
        self.model = DealScreen(table.app, table.state.view(seat), table.act)
        self.section = "give"
        self.version = 0   # changes with every tap: the kept panel is laid out anew

    def current(self, state: Any) -> bool:
        """Still the decision it was opened for (any action ends it)."""
        return state is self.state

    def press(self, bid: str) -> bool:
        """A tap on one of the panel's controls; True when the offer is done with (sent, or
        put back)."""
        self.version += 1
        if bid in ("give", "want"):
            self.section = bid
            return False
        if bid == "back":
            return True
        if bid == "send":
            if self.model.missing():
                return False
            self.model.finish(self.model.action())
            return True
        self.model.pressed(bid)
        return False

    # ----- the panel ---------------------------------------------------------------------

    def panel(self, tl: CivTabletopLayout, px: int) -> DealPanel:
        place, c, pad, gap, room, line, bh = panel_metrics(tl, self.seat, px)
        cols = max(2, min(6, (room + gap) // (max(2 * FINGER, int(2.6 * c)) + gap)))
        bw = (room - gap * (cols - 1)) // cols
        m = self.model
        hand = sorted(m.hand, key=CARD_ORDER.__getitem__)
        partners = [] if m.counter else m.partners

        def rows(n: int) -> int:
            return -(-n // cols) * (bh + gap)

        give_h = rows(len(hand)) + (rows(len(partners)) if partners else 0)
        want_h = rows(len(COMMODITIES)) + bh + gap
        summary_lines = text.wrap(m.summary(), "text", px, room)[:SUMMARY_LINES]
        counted = m.counted()
        summary_lines += text.wrap(counted, "text", px, room)[:COUNTED_LINES] if counted else []
        fixed = place.strip_depth + 2 * pad + len(summary_lines) * line + bh + gap
        across = tl.map.h if place.edge in ("bottom", "top") else tl.map.w
        split = fixed + give_h + want_h + 2 * line \
            > place.strip_depth + int(across * DEAL_REACH)
        fixed += bh + gap if split else 0
        give_h += 0 if split else line
        want_h += 0 if split else line
        shows = {self.section} if split else {"give", "want"}
        depth = fixed + (give_h if "give" in shows else 0) + (want_h if "want" in shows else 0)
        buttons: list[Button] = []
        texts: list[tuple[str, Rect]] = []

        def add(bid: str, rect: Rect, label: str, **kw: Any) -> None:
            buttons.append(Button(PREFIX + bid, rect, label, **kw))

        def grid(items: list[tuple[str, str, bool, str]], bottom: int) -> int:
            """Rows upward from `bottom` (the first row nearest the player); returns the top."""
            for i, (bid, label, selected, badge) in enumerate(items):
                r, k = divmod(i, cols)
                add(bid, Rect(pad + k * (bw + gap), bottom - (r + 1) * (bh + gap), bw, bh),
                    label, selected=selected, badge=badge)
            return bottom - rows(len(items))

        you_want = m.you_want()

        def title(label: str, bottom: int) -> int:
            """A section's title; split, the two sections' titles are its tabs."""
            if not split:
                texts.append((label, Rect(pad, bottom - line, room, line)))
                return bottom - line
            half = (room - gap) // 2
            for k, (bid, said) in enumerate((("give", t("civ.deal.your_hand")),
                                             ("want", you_want))):
                add(bid, Rect(pad + k * (half + gap), bottom - bh, half, bh), said,
                    style="quiet", selected=bid == self.section)
            return bottom - bh - gap

        y = depth - place.strip_depth - pad
        if "give" in shows:
            y = grid([(f"give:{card}", t("civ.deal.chip", card=words.card_name(card),
                                            count=m.hand[card]), m.give[card] > 0,
                       str(m.give[card]) if m.give[card] else "") for card in hand], y)
            y = title(t("civ.deal.your_hand"), y)
            if partners:
                y = grid([(f"to:{s}", words.seat_words(m.view, s), s == m.to,
                           str(m.view["seats"][s]["hand_size"])) for s in partners], y)
        if "want" in shows:
            total = max(m.want, sum(m.wanted.values()))
            third = (room - 2 * gap) // 3
            y -= bh + gap
            add("fewer", Rect(pad, y, third, bh), "−",
                enabled=total > max(MIN_CARDS, sum(m.wanted.values())))
            texts.append((t("civ.deal.asking", count=total),
                          Rect(pad + third + gap, y + (bh - line) // 2, third, line)))
            add("more", Rect(pad + 2 * (third + gap), y, third, bh), "+",
                enabled=total < m.most())
            y = grid([(f"want:{c.id}", words.card_name(c.id), m.wanted[c.id] > 0,
                       str(m.wanted[c.id]) if m.wanted[c.id] else "") for c in COMMODITIES], y)
            y = title(you_want, y)
        for said in reversed(summary_lines):
            y -= line
            texts.append((said, Rect(pad, y, room, line)))
        y -= bh + gap
        quarter = (room - 3 * gap) // 4
        for i, (bid, label, style, enabled) in enumerate([
                ("suggest", t("civ.deal.suggest"), "quiet", True),
                ("clear", t("civ.deal.clear"), "quiet", bool(m.give or m.wanted)),
                ("send", t("civ.deal.send_counter" if m.counter else "civ.deal.send"), "gold",
                 not m.missing()),
                ("back", t("common.back"), "quiet", True)]):
            add(bid, Rect(pad + i * (quarter + gap), y, quarter, bh), label, style=style,
                enabled=enabled)
        return DealPanel(depth, buttons, texts)
