"""Building a trade proposal (A17.2–A17.4) from one's own hand, in three steps of the kit's
dialogs: the seat to trade with, the cards to give (every commodity given is named, a
calamity given goes unnamed: a truthful offer, A17.2), and the named cards wanted (as
many cards are asked for, at least 3, and never more than that seat's hand holds, A1.5,
A17.3). A counter-proposal (A17.4) skips the first step. What is built is judged by
the engine (`check`) before it is sent; a refusal is said by its code.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.civ.tables import CALAMITY_BY_ID, CARD_ORDER, COMMODITIES, COMMODITY_BY_ID
from game.civ import words
from game.i18n import t
from game.kit.chooser import Chooser, Chosen, Item
from game.scenes.dialog import DialogScene, DialogSpec, Option

if TYPE_CHECKING:
    from game.app import App

MOST_WANTED = 5


def tradable(card: str) -> bool:
    return card in COMMODITY_BY_ID or CALAMITY_BY_ID[card].tradable


def partners(view: dict[str, Any]) -> list[int]:
    """A17.1, A17.5: active seats not done, holding 3 cards, besides the viewer."""
    done = view["phase_state"].get("done", [])
    return [i for i, s in enumerate(view["seats"])
            if i != view["viewer"] and s["status"] == "active" and i not in done
            and int(s["hand_size"]) >= 3]


def offer(give: list[str], wanted: list[str]) -> dict[str, Any]:
    """The fields of a truthful proposal: every commodity given named, `wanted` named."""
    give = sorted(give, key=CARD_ORDER.__getitem__)
    return {"give": give, "named": [c for c in give if c in COMMODITY_BY_ID],
            "want": max(3, len(wanted)), "want_named": sorted(wanted, key=CARD_ORDER.__getitem__)}


class TradeBuilder:
    """The dialogs of one proposal; `send(action)` gets the finished one."""

    def __init__(self, app: App, view: dict[str, Any], send: Callable[[dict[str, Any]], Any],
                 to: int | None = None) -> None:
        self.app = app
        self.view = view
        self.send = send
        self.to = to
        self.give: list[str] = []
        self.scene: DialogScene | None = None

    def start(self) -> None:
        if self.to is None:
            self.ask_partner()
        else:
            self.ask_give()

    def _show(self, spec: DialogSpec) -> None:
        if self.scene is not None:
            self.app.pop(self.scene)
        self.scene = DialogScene(self.app, spec)
        self.app.push(self.scene)

    def close(self) -> None:
        if self.scene is not None:
            self.app.pop(self.scene)
            self.scene = None

    def ask_partner(self) -> None:
        options = [Option(f"to:{seat}", words.seat_words(self.view, seat),
                          functools.partial(self._partner, seat))
                   for seat in partners(self.view)]
        options.append(Option("cancel", t("common.cancel"), self.close))
        self._show(DialogSpec(title=t("civ.deal.with"), options=options, on_back=self.close))

    def _partner(self, seat: int) -> None:
        self.to = seat
        self.ask_give()

    def ask_give(self) -> None:
        hand = Counter(c for c in self.view["seats"][self.view["viewer"]]["hand"] if tradable(c))
        items = [Item(card, words.card_name(card), most=n)
                 for card, n in sorted(hand.items(), key=lambda kv: CARD_ORDER[kv[0]])]

        def complete(chosen: Chosen) -> bool:
            named = sum(n for c, n in chosen.items() if c in COMMODITY_BY_ID)
            return sum(chosen.values()) >= 3 and named >= 2

        def summary(chosen: Chosen) -> str:
            return t("civ.deal.giving", cards=words.cards_words(
                [c for c, n in chosen.items() for _ in range(n)]))

        def done(chosen: dict[str, int]) -> None:
            self.give = [c for c, n in chosen.items() for _ in range(n)]
            self.ask_want()

        chooser = Chooser(items, summary=summary, complete=complete, on_done=done,
                          ok_label=t("civ.deal.next"), prefix="give", columns=3, rows=3)
        self._show(DialogSpec(title=t("civ.deal.give_title"), lines=[t("civ.deal.give_help")],
                              widget=chooser, on_back=self.close, width_units=14.0))

    def ask_want(self) -> None:
        assert self.to is not None
        room = min(MOST_WANTED, int(self.view["seats"][self.to]["hand_size"]))
        items = [Item(c.id, words.card_name(c.id), most=2) for c in COMMODITIES]

        def complete(chosen: Chosen) -> bool:
            return 2 <= sum(chosen.values()) <= room

        def summary(chosen: Chosen) -> str:
            wanted = [c for c, n in chosen.items() for _ in range(n)]
            return t("civ.deal.wanting", cards=words.cards_words(wanted),
                     count=max(3, len(wanted)), most=room)

        def done(chosen: dict[str, int]) -> None:
            wanted = [c for c, n in chosen.items() for _ in range(n)]
            fields = offer(self.give, wanted)
            action = {"type": "propose", "to": self.to, **fields} \
                if self.view["pending"]["kind"] == "trade_open" else {"type": "counter", **fields}
            self.close()
            self.send(action)

        chooser = Chooser(items, summary=summary, complete=complete, on_done=done,
                          ok_label=t("civ.deal.send"), prefix="want", columns=4, rows=5)
        self._show(DialogSpec(title=t("civ.deal.want_title"),
                              lines=[t("civ.deal.want_help",
                                       seat=words.seat_words(self.view, self.to))],
                              widget=chooser, on_back=self.close, width_units=14.0))
