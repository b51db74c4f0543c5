"""A32's purchase built in the buying seat's held strip at the tabletop, turned to its seat
and drawn only while its own finger holds it (A1.5: the hand's sets are on it).

The desk's purchase screen (`game.civ.purchase_screen.PurchaseScreen`) is an upright
full-screen scene, which at a table lying flat would show the hand to everyone; here the
same model (`PurchaseChoice`) answers the same ids (`card:<id>`, `set:<commodity>`,
`mining:<commodity>`, `suggest`, `none`, `buy`), so prices after credits (A32.3),
prerequisites (A32.2) and the payment with whole sets and the treasury (A32.4) are
worked out once.

The panel grows from the strip: the hand's sets nearest the player (each a chip to hand
in or keep, Mining's chips after them), then the 24 cards with their prices and groups,
what the card tapped last does (A33.1) and what the purchase amounts to, and the buttons
(the suggested purchase, nothing, buy, back) farthest. When all of it would reach too far
over the map (a short strip), the cards and the payment are shown one at a time, each
section's title a button.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pygame import Rect

from engine.civ.tables import CIV_CARD_IDS
from game.civ.purchase_screen import PurchaseChoice, suggestion_label
from game.civ.screen import group_icon
from game.civ.tabletop_deal import PREFIX, DealPanel, panel_metrics
from game.i18n import t
from game.kit.tabletop import FINGER
from game.ui import text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.civ.tabletop import CivTabletop
    from game.civ.tabletop_layout import CivTabletopLayout

# a held purchase may cover more of the map than an offer: its 24 cards are finger-sized
PURCHASE_REACH = 0.9
INFO_LINES = 3
SUMMARY_LINES = 2
SHARES = (0.4, 0.2, 0.22, 0.18)   # the row of buttons: suggest, nothing, buy, back
MIN_LABEL_PX = 11   # a button's words smaller than this (or ¾ of the panel's) get more room


@dataclass
class Tried:
    """One way of laying the panel out: split or not, its columns, its depth with each
    section shown, and whether the suggestion has a row of its own (its words too long
    for its share of one)."""

    split: bool
    cols: int
    depths: dict[str, int]
    suggest_row: bool

    @property
    def depth(self) -> int:
        return max(self.depths.values())


class HeldPurchase:
    """One seat's purchase under way: the desk's purchase model, and which section shows
    when the panel is too short for both."""

    def __init__(self, table: CivTabletop, seat: int) -> None:
        self.seat = seat
        self.state = table.state
        self.send = table.act
        self.model = PurchaseChoice(table.state.view(seat))
        self.section = "cards"
        self.version = 0   # changes with every tap: the kept panel is laid out anew

    def current(self, state: Any) -> bool:
        """Still the decision it was opened for (any action ends it)."""
        return state is self.state

    def press(self, bid: str) -> bool:
        """A tap on one of the panel's controls; True when the purchase is done with
        (bought, nothing bought, or put back)."""
        self.version += 1
        if bid in ("cards", "pay"):
            self.section = bid
            return False
        if bid == "back":
            return True
        done = self.model.press(bid)
        if done is None:
            return False
        self.send(done)
        return True

    # ----- the panel ---------------------------------------------------------------------

    def _tries(self, tl: CivTabletopLayout, px: int) -> Tried:
        """The first layout that stays within the seat's reach: the widest cards first
        (their words are what is read), both sections at once, else split in two."""
        place, c, pad, gap, room, line, bh = panel_metrics(tl, self.seat, px)
        across = tl.map.h if place.edge in ("bottom", "top") else tl.map.w
        reach = place.strip_depth + int(across * PURCHASE_REACH)
        paying = len(self.model.sets()) + len(self.model.minable())
        suggest_row = text.fit_px(suggestion_label(self.model.view), "bold", px,
                                  int((room - 3 * gap) * SHARES[0]) - 8) \
            < max(MIN_LABEL_PX, px * 3 // 4)
        # the most columns of comfortable width, then narrower, down to a finger's width
        comfortable = max(2, min(6, (room + gap) // (max(2 * FINGER, int(2.8 * c)) + gap)))
        most = max(comfortable, min(6, (room + gap) // (2 * FINGER + gap)))
        tried = Tried(True, 2, {}, suggest_row)
        for fit in range(comfortable, most + 1):
            rows = -(-len(CIV_CARD_IDS) // fit)
            cols = -(-len(CIV_CARD_IDS) // rows)   # as few as fill those rows: wider cards
            cards = rows * (bh + gap)
            pay = -(-max(1, paying) // cols) * (bh + gap)
            for split in (False, True):
                fixed = place.strip_depth + 2 * pad + (INFO_LINES + SUMMARY_LINES) * line \
                    + (bh + gap) * (1 + split + suggest_row)
                depths = {"cards": fixed + cards, "pay": fixed + pay} if split \
                    else {"both": fixed + cards + pay + line}
                tried = Tried(split, cols, depths, suggest_row)
                if tried.depth <= reach:
                    return tried
        return tried

    def panel(self, tl: CivTabletopLayout, px: int) -> DealPanel:
        place, c, pad, gap, room, line, bh = panel_metrics(tl, self.seat, px)
        laid = self._tries(tl, px)
        cols, split = laid.cols, laid.split
        bw = (room - gap * (cols - 1)) // cols
        inset = tl.inset(px)   # words clear of the panel's corner ornaments
        width = place.length - 2 * inset
        m = self.model
        shows = {self.section} if split else {"cards", "pay"}
        buttons: list[Button] = []
        texts: list[tuple[str, Rect]] = []
        veils: list[Rect] = []   # cards that cannot be taken now, dimmed

        def add(bid: str, rect: Rect, label: str, **kw: Any) -> None:
            buttons.append(Button(PREFIX + bid, rect, label, **kw))

        def grid(items: list[tuple[str, str, dict[str, Any]]], bottom: int) -> int:
            """Rows upward from `bottom` (the first row nearest the player); returns the top."""
            for i, (bid, label, kw) in enumerate(items):
                r, k = divmod(i, cols)
                add(bid, Rect(pad + k * (bw + gap), bottom - (r + 1) * (bh + gap), bw, bh),
                    label, **kw)
            return bottom - -(-len(items) // cols) * (bh + gap)

        depth = laid.depths[self.section] if split else laid.depth
        y = depth - place.strip_depth - pad
        if "pay" in shows:
            sets = [(f"set:{card}", m.set_label(card, n),
                     {"enabled": usable > 0, "selected": m.pay[card] > 0,
                      "badge": str(m.pay[card]) if 0 < m.pay[card] < n else ""})
                    for card, n, usable in m.sets()]
            sets += [(f"mining:{card}", m.mining_label(card),
                      {"selected": m.mining == card, "enabled": m.pay[card] > 0})
                     for card in m.minable()]
            if sets:
                y = grid(sets, y)
            else:
                y -= bh + gap
                texts.append((t("civ.none"), Rect(inset, y + (bh - line) // 2, width, line)))
        if not split:
            y -= line
            texts.append((t("civ.tabletop.buy_pay"), Rect(inset, y, width, line)))
        if "cards" in shows:
            # the groups' shapes smaller on a narrow card, its words being what is read
            icon_px = max(8, bh // 3 if bw >= int(2.8 * c) else bh // 4)
            y = grid([(f"card:{card}", m.card_label(card),
                       {"selected": card in m.chosen, "icon": group_icon(card, icon_px),
                        "badge": m.badge(card)}) for card in CIV_CARD_IDS], y)
            veils = [b.rect for b, card in zip(buttons[-len(CIV_CARD_IDS):], CIV_CARD_IDS,
                                               strict=True)
                     if m.blocked(card) and card not in m.chosen]
        if split:
            half = (room - gap) // 2
            y -= bh + gap
            for k, (bid, said) in enumerate((("cards", t("civ.tabletop.buy_cards")),
                                             ("pay", t("civ.tabletop.buy_pay")))):
                add(bid, Rect(pad + k * (half + gap), y, half, bh), said, style="quiet",
                    selected=bid == self.section)
        info = text.wrap(m.card_info(m.focus), "text", px, width)[:INFO_LINES] \
            if m.focus is not None else []
        said = m.summary() + (f" {m.note}" if m.note else "")
        lines = [*info, *text.wrap(said, "text", px, width)[:SUMMARY_LINES]]
        for words in reversed(lines):
            y -= line
            texts.append((words, Rect(inset, y, width, line)))
        y -= (INFO_LINES + SUMMARY_LINES - len(lines)) * line + bh + gap
        row = [("none", t("civ.act.purchase_none"), "quiet", True),
               ("buy", t("civ.buy.buy", price=m.price()), "gold",
                bool(m.chosen) and not m.refusal()),
               ("back", t("common.back"), "quiet", True)]
        suggest = ("suggest", suggestion_label(m.view), "normal", True)
        shares: tuple[float, ...] = SHARES[1:] if laid.suggest_row else SHARES
        if laid.suggest_row:   # the suggestion farthest, the whole width
            add("suggest", Rect(pad, y - bh - gap, room, bh), suggest[1])
        else:
            row.insert(0, suggest)
        x = pad
        for (bid, label, style, enabled), share in zip(row, shares, strict=True):
            w = int((room - (len(row) - 1) * gap) * share / sum(shares))
            add(bid, Rect(x, y, w, bh), label, style=style, enabled=enabled)
            x += w + gap
        return DealPanel(depth, buttons, texts, veils)
