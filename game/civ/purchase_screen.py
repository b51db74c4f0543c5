"""A32's purchase in one screen: every civilization card with its price after the
seat's credits (A32.3), its groups by colour and shape, its prerequisite (A32.2) and
what it does (A33.1); several cards chosen at once, paid with the commodity sets the
seat chooses (valued as A16 counts them, Mining enlarging one, A32.4) and the treasury
for the rest. The payment follows the cards chosen (the best one the purchase
optimiser finds) until the player picks sets himself. The suggested best purchase
(`ai.civ.purchase.best_purchase`) is one tap away, here and in the table's chooser.
What is chosen and said of it is `PurchaseChoice`, apart from the drawing, so the
tabletop's held strip (`game.civ.tabletop_purchase`) chooses with the same model.

Prices, credits, set values and the legality of a purchase are the engine's
(`engine.civ.civ_cards`, `engine.civ.trade_cards`): nothing is worked out twice.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from ai.civ.purchase import DEFAULT_WORTH, Payments, Plan, best_purchase, read_seat
from engine.civ.civ_cards import Purchase, credit, price, purchase_refusal, treasury_due
from engine.civ.tables import CIV_CARD_BY_ID, CIV_CARD_IDS, COMMODITY_BY_ID, MINING_COMMODITIES
from engine.civ.trade_cards import cards_value, set_value
from game.art import palette as pal
from game.civ import words
from game.civ.decide import card_effect, commodity_sets
from game.civ.screen import Screen, Send, group_icon
from game.i18n import refusal_text, t
from game.ui import text

if TYPE_CHECKING:
    from game.app import App

_plans: dict[int, tuple[dict[str, Any], Plan]] = {}


def plan_for(view: dict[str, Any]) -> Plan:
    """The optimiser's purchase for this view, worked out once per view."""
    kept = _plans.get(id(view))
    if kept is None or kept[0] is not view:
        _plans.clear()
        kept = _plans[id(view)] = (view, best_purchase(view))
    return kept[1]


def suggestion(view: dict[str, Any]) -> dict[str, Any]:
    return plan_for(view).action()


def suggestion_label(view: dict[str, Any]) -> str:
    plan = plan_for(view)
    if not plan.cards:
        return t("civ.buy.suggest_none")
    return t("civ.buy.suggest", cards=words.cards_words(plan.cards), price=plan.price,
             treasury=plan.treasury)


class PurchaseChoice:
    """The purchase being chosen, apart from any drawing: the desk's screen and the
    tabletop's held strip (`game.civ.tabletop_purchase`) both press these ids,
    `card:<id>` (toggles a card, shows what it does), `set:<commodity>` (hands in that
    whole set, or keeps it), `mining:<commodity>`, `suggest`, `none`, `buy`."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat = read_seat(view)
        self.buyer = self.seat.buyer()
        self.chosen: list[str] = []
        self.pay: Counter[str] = Counter()
        self.mining: str | None = None
        self.own_payment = False      # the player picked sets himself: kept as he left it
        self.focus: str | None = None
        self.note = ""
        # A32.4: the most the hand's sets (Mining on the best one) and the treasury pay
        self.most = Payments(self.seat).most

    # ----- what is chosen ---------------------------------------------------------------

    def price(self) -> int:
        return price(self.buyer.held, self.chosen)

    def purchase(self) -> Purchase:
        return Purchase(tuple(self.chosen), tuple(self.pay.elements()), self.mining)

    def action(self) -> dict[str, Any]:
        order = list(COMMODITY_BY_ID)
        return {"type": "purchase", "cards": sorted(self.chosen, key=CIV_CARD_IDS.index),
                "pay": sorted(self.pay.elements(), key=order.index), "mining": self.mining}

    def refusal(self) -> str:
        if not self.chosen:
            return ""
        refused = purchase_refusal(self.buyer, self.purchase())
        return "" if refused is None else refusal_text(refused)

    def settle(self) -> None:
        """The best payment of the cards chosen (kept value and treasury left most), unless
        the player chose his own."""
        if self.own_payment:
            return
        self.pay.clear()
        self.mining = None
        if not self.chosen:
            return
        payments = Payments(self.seat)
        settled = payments.settle(self.price(), DEFAULT_WORTH)
        if settled is not None:
            self.pay.update(payments.cards(settled[1]))
            self.mining = settled[1].mining

    def why_not(self, card: str) -> str:
        """Why a card cannot be bought whatever the payment (A32.2), or ""."""
        refused = purchase_refusal(self.buyer, Purchase((card,), (), None))
        if refused is None or refused.code == "purchase/treasury":
            return ""
        return refusal_text(refused)

    # ----- what is said of it -------------------------------------------------------------

    def help(self) -> str:
        me = self.view["seats"][self.view["viewer"]]
        sets = commodity_sets(list(me["hand"] or []))
        value = sum(set_value(c, n) for c, n in sets)
        return t("civ.buy.help", treasury=me["treasury"], value=value, most=self.most)

    def summary(self) -> str:
        if not self.chosen:
            return t("civ.buy.nothing_chosen")
        handed = cards_value(list(self.pay.elements()), self.mining)
        due = treasury_due(self.buyer, self.purchase())
        said = t("civ.buy.total", cards=words.cards_words(self.chosen), price=self.price(),
                 value=handed, treasury=due,
                 lost=max(0, handed + due - self.price()))
        refusal = self.refusal()
        return f"{said} {refusal}" if refusal else said

    def card_label(self, card: str) -> str:
        """A card's button: its name and its price after credits (A32.3), or that it is held."""
        if card in self.buyer.held:
            return t("civ.buy.held", card=words.card_name(card))
        cost = max(0, CIV_CARD_BY_ID[card].cost - credit(self.buyer.held, card))
        return t("civ.buy.card", card=words.card_name(card), price=cost)

    def blocked(self, card: str) -> bool:
        """Held, refused whatever the payment (A32.2), or dearer than the hand and treasury
        can pay (A32.4): shown dimmed."""
        cost = max(0, CIV_CARD_BY_ID[card].cost - credit(self.buyer.held, card))
        return card in self.buyer.held or bool(self.why_not(card)) or cost > self.most

    def badge(self, card: str) -> str:
        """The prerequisite missing (A32.2), named on the card's button."""
        needs = CIV_CARD_BY_ID[card].prerequisite
        held = card in self.buyer.held
        return words.card_name(needs) if needs and not held and self.why_not(card) else ""

    def sets(self) -> list[tuple[str, int, int]]:
        """The hand's commodity sets as (card, count, how many may be handed in: not the
        Grain shown for Pottery)."""
        me = self.view["seats"][self.view["viewer"]]
        shown = int(me["grain_shown"])
        return [(card, n, n - (shown if card == "grain" else 0))
                for card, n in commodity_sets(list(me["hand"] or []))]

    def set_label(self, card: str, n: int) -> str:
        return t("civ.buy.set", count=n, card=words.card_name(card), value=set_value(card, n))

    def minable(self) -> list[str]:
        """The sets Mining may enlarge (A32.4), while the buyer holds it unused."""
        if "mining" not in self.buyer.held or self.buyer.mining_used:
            return []
        return [card for card, _n, _u in self.sets() if card in MINING_COMMODITIES]

    def mining_label(self, card: str) -> str:
        n = self.pay[card]
        return t("civ.buy.mining", card=words.card_name(card),
                 value=set_value(card, n + 1) if n else 0)

    def card_info(self, card: str) -> str:
        """A33.1 for one card: groups, cost less credits, prerequisite, effect, and why it
        cannot be bought if it cannot."""
        spec = CIV_CARD_BY_ID[card]
        groups = ", ".join(t(f"civ.group.{g}") for g in spec.groups)
        got = credit(self.buyer.held, card)
        said = t("civ.buy.info", card=words.card_name(card), groups=groups, cost=spec.cost,
                 credit=got, price=max(0, spec.cost - got))
        if spec.prerequisite:
            said += " " + t("civ.buy.needs", card=words.card_name(spec.prerequisite))
        effect = card_effect(card)
        if effect:
            said += " " + effect
        refused = purchase_refusal(self.buyer, Purchase((card,), (), None))
        if refused is None or refused.code in ("purchase/treasury", "purchase/prerequisite"):
            return said   # the price is said above, and the prerequisite
        return f"{said} {refusal_text(refused)}"

    # ----- a tap ------------------------------------------------------------------------

    def press(self, bid: str) -> dict[str, Any] | None:
        """A tap on one of the ids; the action to send when it ends the choice (`none`,
        `buy`), else None."""
        kind, _, name = bid.partition(":")
        self.note = ""
        if kind == "card":
            self.focus = name
            if name in self.chosen:
                self.chosen.remove(name)
            elif not self.why_not(name):
                self.chosen.append(name)
            self.settle()
        elif kind == "set":
            self.own_payment = True
            usable = next((u for card, _n, u in self.sets() if card == name), 0)
            self.pay[name] = 0 if self.pay[name] else usable
            self.pay = +self.pay
            if self.mining is not None and not self.pay[self.mining]:
                self.mining = None
        elif kind == "mining":
            self.own_payment = True
            self.mining = None if self.mining == name else name
        elif kind == "suggest":
            plan = plan_for(self.view)
            self.chosen = list(plan.cards)
            self.pay = Counter(plan.pay)
            self.mining = plan.mining
            self.own_payment = True
            self.note = t("civ.buy.suggested") if plan.cards else ""
        elif kind == "none":
            return {"type": "purchase", "cards": [], "pay": [], "mining": None}
        elif kind == "buy":
            return self.action()
        return None


class PurchaseScreen(Screen):
    """The desk's purchase: `PurchaseChoice`'s ids as buttons on a full screen, and `back`."""

    def __init__(self, app: App, view: dict[str, Any], send: Send) -> None:
        super().__init__(app, view, send)
        self.choice = PurchaseChoice(view)

    @property
    def chosen(self) -> list[str]:
        return self.choice.chosen

    @property
    def most(self) -> int:
        return self.choice.most

    # ----- the screen -------------------------------------------------------------------

    def title(self) -> str:
        return t("civ.buy.title")

    def help(self) -> str:
        return self.choice.help()

    def summary(self) -> str:
        return self.choice.summary()

    def place_body(self, body: pygame.Rect) -> None:
        choice = self.choice
        c, gap = self.c, max(4, self.c // 8)
        cols = 4 if body.w >= 760 else 3
        grid_w = int(body.w * 0.62)
        rows = -(-len(CIV_CARD_IDS) // cols)
        bottom_h = c
        bh = max(28, min(c, (body.h - bottom_h - gap * rows) // rows))
        bw = (grid_w - gap * (cols - 1)) // cols
        icon_px = max(10, bh // 2 - 2)
        for i, card in enumerate(CIV_CARD_IDS):
            r = pygame.Rect(body.x + (i % cols) * (bw + gap), body.y + (i // cols) * (bh + gap),
                            bw, bh)
            self.button(f"card:{card}", r, choice.card_label(card),
                        selected=card in choice.chosen, icon=group_icon(card, icon_px),
                        badge=choice.badge(card))
            if choice.blocked(card) and card not in choice.chosen:
                self.veils.append(r)
        # the right column: the card in focus, the sets to pay with, the total
        x = body.x + grid_w + gap * 2
        right = pygame.Rect(x, body.y, body.right - x, body.h - bottom_h - gap)
        y = right.y
        line = int(self.px * 1.2)
        if choice.focus is not None:
            info = choice.card_info(choice.focus)
            n = len(text.wrap(info, "text", self.px, right.w))
            self.say(info, pygame.Rect(right.x, y, right.w, n * line), "text", pal.GOLD_LIGHT)
            y += n * line + gap
        sets = choice.sets()
        sbh = c
        per_row = 2 if len(sets) <= 8 else 3
        sw = (right.w - gap) // per_row
        for j, (card, n, usable) in enumerate(sets):
            r = pygame.Rect(right.x + (j % per_row) * (sw + gap),
                            y + (j // per_row) * (sbh + gap), sw, sbh)
            self.button(f"set:{card}", r, choice.set_label(card, n),
                        enabled=usable > 0, selected=choice.pay[card] > 0,
                        badge=str(choice.pay[card]) if 0 < choice.pay[card] < n else "")
        y += -(-len(sets) // per_row) * (sbh + gap)
        minable = choice.minable()
        for j, card in enumerate(minable):
            r = pygame.Rect(right.x + (j % per_row) * (sw + gap),
                            y + (j // per_row) * (sbh + gap), sw, sbh)
            self.button(f"mining:{card}", r, choice.mining_label(card),
                        selected=choice.mining == card, enabled=choice.pay[card] > 0)
        y += -(-len(minable) // per_row) * (sbh + gap)
        summary = self.summary() + (f" {choice.note}" if choice.note else "")
        self.say(summary, pygame.Rect(right.x, y, right.w, max(line, right.bottom - y)), "bold",
                 pal.IVORY)
        # the bottom row: the suggestion, nothing, buy, back
        row_y = body.bottom - bottom_h
        labels = [("suggest", suggestion_label(self.view), "normal", True),
                  ("none", t("civ.act.purchase_none"), "quiet", True),
                  ("buy", t("civ.buy.buy", price=choice.price()), "gold",
                   bool(choice.chosen) and not choice.refusal()),
                  ("back", t("common.back"), "quiet", True)]
        widths = [0.4, 0.2, 0.22, 0.18]
        x = body.x
        for (bid, label, style, enabled), share in zip(labels, widths, strict=True):
            w = int((body.w - gap * 3) * share)
            self.button(bid, pygame.Rect(x, row_y, w, bottom_h), label, style=style,
                        enabled=enabled)
            x += w + gap

    def pressed(self, bid: str) -> None:
        done = self.choice.press(bid)
        if done is not None:
            self.finish(done)
