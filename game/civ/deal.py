"""A trade proposal (A17.3) or counter-proposal (A17.4) on one screen: the partner, the
cards given from one's own hand with counts, the commodities named as wanted with
counts, and how many cards are asked for in all. It opens filled with a suggested
truthful offer (the computer players' `ai.civ.trade_value.proposals`), so an offer is
two taps (open, send) and any change a tap or two more; every commodity given is named
and a calamity given goes unnamed (A17.2, as `game.civ.trade.offer` builds it).

Only the proposer's own hand is drawn here; a proposal answered shows only its named
cards (the view holds nothing else, A17.3). What is built is judged by the engine when
sent (the table's chooser path), its refusal worded by code.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from ai.civ.determinize import counted_under, heard_holdings
from ai.civ.trade_value import proposals
from engine.civ.tables import CARD_ORDER, COMMODITIES, COMMODITY_BY_ID
from game.art import palette as pal
from game.civ import trade, words
from game.civ.screen import Screen, Send
from game.i18n import t
from game.ui import text

if TYPE_CHECKING:
    from game.app import App

MIN_CARDS = 3   # A17.2: at least 3 cards a side
MIN_NAMED = 2   # A17.2: at least 2 of them named
MOST_NAMED = 3  # taps on a wanted commodity go round 1, 2, 3, none


def may_build(view: dict[str, Any], pending: dict[str, Any]) -> bool:
    """A17.2–A17.4: the hand can make a proposal (3 tradable cards, 2 commodities to
    name) and the decision takes one (a partner to propose to, or a counter left)."""
    hand = [c for c in view["seats"][view["viewer"]]["hand"] or [] if trade.tradable(c)]
    if len(hand) < MIN_CARDS or sum(1 for c in hand if c in COMMODITY_BY_ID) < MIN_NAMED:
        return False
    if pending["kind"] == "trade_open":
        return bool(trade.partners(view))
    return int(pending["count"]) < 3


class DealScreen(Screen):
    """Targets: `to:<seat>`, `give:<card>`, `want:<card>`, `fewer`, `more`, `suggest`,
    `clear`, `send`, `back`."""

    def __init__(self, app: App, view: dict[str, Any], send: Send) -> None:
        super().__init__(app, view, send)
        pending = view["pending"]
        self.counter = pending["kind"] == "trade_answer"
        self.partners = [int(pending["proposal"]["from"])] if self.counter \
            else trade.partners(view)
        self.to = self.partners[0]
        self.hand = Counter(c for c in view["seats"][view["viewer"]]["hand"] or []
                            if trade.tradable(c))
        self.give: Counter[str] = Counter()
        self.wanted: Counter[str] = Counter()
        self.want = MIN_CARDS
        self.heard = heard_holdings(view)
        # the cards everyone saw go under the stacks and still there: the view is the
        # screen's for its whole life, so they are counted once, not at every layout
        self.counted_cards = sorted(
            (c for c in counted_under(view).elements() if trade.tradable(c)),
            key=CARD_ORDER.__getitem__)
        self.suggest()

    # ----- the offer --------------------------------------------------------------------

    def suggest(self) -> None:
        """The best truthful offer the computer players would make to the partners open."""
        offers = proposals(self.view, [self.to] if self.counter else self.partners)
        if not offers:
            return
        best = offers[0]
        self.to = best.to
        self.give = Counter(best.give)
        self.wanted = Counter(best.want_named)
        self.want = max(MIN_CARDS, best.want)

    def you_want(self) -> str:
        """The title over the wanted commodities, with what the partner surely holds: the
        commodities the table heard it name this trade phase (A17.2-A17.3), as a player at
        a real table remembers who offered what."""
        seat = words.seat_words(self.view, self.to)
        held = sorted((c for c in self.heard.get(self.to, Counter()).elements()
                       if c in COMMODITY_BY_ID), key=CARD_ORDER.__getitem__)
        if not held:
            return t("civ.deal.you_want", seat=seat)
        return t("civ.deal.you_want_heard", seat=seat, cards=words.cards_words(held))

    def counted(self) -> str:
        """The tradable cards everyone saw go back under the stacks and still there
        (`counted_under`; A32.4, A32.6), or "": a player who counts knows no hand holds
        them, so asking for them is asking for the rest. The computer players count them
        too, and a person should not need a notebook to know as much."""
        if not self.counted_cards:
            return ""
        return t("civ.deal.counted", cards=words.cards_words(self.counted_cards))

    def most(self) -> int:
        """A17.3: never more cards asked for than the partner's hand holds (public)."""
        return int(self.view["seats"][self.to]["hand_size"])

    def fields(self) -> dict[str, Any]:
        fields = trade.offer(list(self.give.elements()), list(self.wanted.elements()))
        fields["want"] = max(self.want, sum(self.wanted.values()))
        return fields

    def action(self) -> dict[str, Any]:
        if self.counter:
            return {"type": "counter", **self.fields()}
        return {"type": "propose", "to": self.to, **self.fields()}

    def missing(self) -> str:
        """What the offer still lacks under A17.2–A17.3, in words, or ""."""
        given = sum(self.give.values())
        named = sum(n for c, n in self.give.items() if c in COMMODITY_BY_ID)
        asked = sum(self.wanted.values())
        if given < MIN_CARDS or named < MIN_NAMED:
            return t("civ.deal.need_give")
        if asked < MIN_NAMED:
            return t("civ.deal.need_want")
        if max(self.want, asked) > self.most():
            return t("civ.deal.too_many", most=self.most())
        return ""

    # ----- the screen -------------------------------------------------------------------

    def title(self) -> str:
        return t("civ.deal.counter_title" if self.counter else "civ.deal.title")

    def help(self) -> str:
        if self.counter:
            return words.prompt(self.view["pending"], self.view) + " " + t("civ.deal.help")
        return t("civ.deal.help")

    def summary(self) -> str:
        fields = self.fields()
        unnamed = len(fields["give"]) - len(fields["named"])
        said = t("civ.deal.summary", seat=words.seat_words(self.view, self.to),
                 give=len(fields["give"]), named=words.cards_words(fields["named"]),
                 unnamed=unnamed, want=fields["want"],
                 want_named=words.cards_words(fields["want_named"]))
        missing = self.missing()
        return f"{said} {missing}" if missing else said

    def place_body(self, body: pygame.Rect) -> None:
        c, gap = self.c, max(4, self.c // 8)
        line = int(self.px * 1.25)
        hand = sorted(self.hand, key=CARD_ORDER.__getitem__)
        cols = 6 if body.w >= 700 else 4
        give_rows = -(-len(hand) // cols)
        want_rows = -(-len(COMMODITIES) // cols)
        rows = (0 if self.counter else 1) + give_rows + want_rows + 2
        labels = 3 * line
        bh = max(28, min(c, (body.h - labels - gap * (rows + 3) - 2 * line) // rows))
        bw = (body.w - gap * (cols - 1)) // cols
        y = body.y

        def grid(items: list[tuple[str, str, bool, str]], top: int) -> int:
            for i, (bid, label, selected, badge) in enumerate(items):
                r = pygame.Rect(body.x + (i % cols) * (bw + gap),
                                top + (i // cols) * (bh + gap), bw, bh)
                self.button(bid, r, label, selected=selected, badge=badge)
            return top + -(-len(items) // cols) * (bh + gap)

        if not self.counter:
            y = grid([(f"to:{s}", words.seat_words(self.view, s), s == self.to,
                       str(self.view["seats"][s]["hand_size"])) for s in self.partners], y)
        self.say(t("civ.deal.your_hand"), pygame.Rect(body.x, y, body.w, line), "bold",
                 pal.GOLD_LIGHT)
        y += line
        y = grid([(f"give:{card}", t("civ.deal.chip", card=words.card_name(card),
                                        count=self.hand[card]), self.give[card] > 0,
                   f"{self.give[card]}" if self.give[card] else "") for card in hand], y)
        self.say(self.you_want(),
                 pygame.Rect(body.x, y, body.w, line), "bold", pal.GOLD_LIGHT)
        y += line
        y = grid([(f"want:{c.id}", words.card_name(c.id), self.wanted[c.id] > 0,
                   f"{self.wanted[c.id]}" if self.wanted[c.id] else "") for c in COMMODITIES], y)
        total = max(self.want, sum(self.wanted.values()))
        third = (body.w - 2 * gap) // 3
        self.button("fewer", pygame.Rect(body.x, y, third, bh), "−",
                    enabled=total > max(MIN_CARDS, sum(self.wanted.values())))
        self.say(t("civ.deal.asking", count=total), pygame.Rect(
            body.x + third + gap, y + (bh - line) // 2, third, line), "bold", pal.IVORY)
        self.button("more", pygame.Rect(body.x + 2 * (third + gap), y, third, bh), "+",
                    enabled=total < self.most())
        y += bh + gap
        summary, counted = self.summary(), self.counted()
        n = len(text.wrap(summary, "bold", self.px, body.w))
        k = len(text.wrap(counted, "text", self.px, body.w)) if counted else 0
        bottom = body.bottom - bh
        y = min(y, bottom - (n + k) * line - gap)
        self.say(summary, pygame.Rect(body.x, y, body.w, n * line), "bold", pal.IVORY)
        if counted:
            self.say(counted, pygame.Rect(body.x, y + n * line, body.w, k * line))
        quarter = (body.w - 3 * gap) // 4
        for i, (bid, label, style, enabled) in enumerate([
                ("suggest", t("civ.deal.suggest"), "quiet", True),
                ("clear", t("civ.deal.clear"), "quiet", bool(self.give or self.wanted)),
                ("send", t("civ.deal.send_counter" if self.counter else "civ.deal.send"), "gold",
                 not self.missing()),
                ("back", t("common.back"), "quiet", True)]):
            self.button(bid, pygame.Rect(body.x + i * (quarter + gap), bottom, quarter, bh),
                        label, style=style, enabled=enabled)

    def pressed(self, bid: str) -> None:
        kind, _, name = bid.partition(":")
        if kind == "to":
            self.to = int(name)
            self.want = min(max(MIN_CARDS, self.want), max(MIN_CARDS, self.most()))
        elif kind == "give":
            n = self.give[name] + 1
            self.give[name] = 0 if n > self.hand[name] else n
            self.give = +self.give
        elif kind == "want":
            n = self.wanted[name] + 1
            self.wanted[name] = 0 if n > min(MOST_NAMED, COMMODITY_BY_ID[name].count) else n
            self.wanted = +self.wanted
        elif kind == "fewer":
            self.want = max(MIN_CARDS, sum(self.wanted.values()),
                            max(self.want, sum(self.wanted.values())) - 1)
        elif kind == "more":
            self.want = max(self.want, sum(self.wanted.values())) + 1
        elif kind == "suggest":
            self.suggest()
        elif kind == "clear":
            self.give.clear()
            self.wanted.clear()
            self.want = MIN_CARDS
        elif kind == "send" and not self.missing():
            self.finish(self.action())
