"""The table's quick ways through civ's decisions, beside its generic chooser of legal
answers (`game.civ.table`): what each decision asks and why, the one-tap answers, and
the screens that build a whole answer (`game.civ.purchase_screen` for A32,
`game.civ.deal` for A17).

- A36.1 "stay or leave" is never asked of a person as a question: "stay" is answered
  for him when his turn starts, unless he tapped the table's "Leave the game" button,
  which makes the answer at the next turn start "leave" (a second tap takes it back).
- Losses and the other calamity choices (A18–A31) are offered one tap that answers the
  whole decision by a least-loss default: every further step of the same decision is
  answered the same way as it is asked, so it works over a LAN too. Each step is still a
  legal answer the engine listed, so A7.6's exactness holds whatever is tapped.
- Growth (A9.2): taps on lit areas make a whole distribution, sent at once (`place`).
- The tax rate (A8.1): the prompt says what each rate pays and leaves unpaid.

The table keeps its pseudo answers (`{"type": "_…"}`) in its chooser's list: the table
asks `extra()` for them, `label()` for their words and `press()` when one is tapped.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from ai.civ.determinize import cities_of
from engine.civ.tables import CIV_CARD_BY_ID, COMMODITY_BY_ID
from game.art import palette as pal
from game.civ import words
from game.i18n import t
from game.ui import text

if TYPE_CHECKING:
    from game.civ.table import CivTable

# Decisions a one-tap default answers (A18–A31's choices, A7.5 and A8.4's cities).
DEFAULTED = frozenset({"loss", "selection", "faction_loss", "assign", "reduce", "support",
                       "revolt", "pottery", "faction", "choose_area", "earthquake"})
# Each step of these asks the same question again until the decision ends (A1.2).
STEPPED = frozenset({"loss", "selection", "faction_loss", "assign", "reduce", "support",
                     "revolt"})
# A7.6: a token is one point, a reduced city less than a destroyed one.
UNIT_ORDER = {"token": 0, "reduce": 1, "city": 1, "destroy": 2}


def run_key(pending: dict[str, Any], turn: int) -> tuple[Any, ...]:
    """What stays the same over the steps of one decision (the same kind, seat, calamity
    and turn): a default run stops as soon as anything else is asked."""
    return (pending["kind"], pending["seat"], pending.get("calamity"),
            pending.get("faction"), pending.get("victim"), turn)


def default_answer(pending: dict[str, Any], actions: list[dict[str, Any]],
                   view: dict[str, Any]) -> dict[str, Any] | None:
    """The least-loss answer among the listed ones: tokens before reduced cities before
    destroyed ones (A7.6's values), from the area with the most of one's tokens; Pottery
    shows all the Grain it may (A21.3: each lessens Famine); elsewhere the engine's first
    answer (its order is the rules' order)."""
    if not actions:
        return None
    kind = pending["kind"]
    if kind == "pottery":
        return max(actions, key=lambda a: int(a.get("count", 0)))
    if kind in ("loss", "selection", "faction_loss"):
        seat = str(pending["seat"])
        tokens = {a["id"]: a["tokens"].get(seat, 0) for a in view["areas"]}

        def cost(a: dict[str, Any]) -> tuple[int, int, int]:
            return (UNIT_ORDER.get(str(a.get("unit")), 3), -tokens.get(a.get("area"), 0),
                    int(a.get("area") or 0))

        return min(actions, key=cost)
    return actions[0]


def why(pending: dict[str, Any], view: dict[str, Any]) -> str:
    """The rule behind the pending decision, in words: whom a calamity strikes and what it
    costs, A7.6's exactness, the tax rates' payments."""
    kind = pending["kind"]
    seat = int(pending["seat"])
    me = view["seats"][seat]
    if kind in ("loss", "faction_loss"):
        said = t("civ.why.loss", target=pending.get("target", pending.get("points", 0)),
                 points=pending.get("points", 0))
    elif kind == "selection":
        said = t("civ.why.selection", target=pending.get("target", 0))
    elif kind == "assign":
        caps = ", ".join(f"{words.seat_words(view, s)} ≤ {n}"
                         for s, n in sorted(pending.get("caps", {}).items()))
        said = t("civ.why.assign", left=pending.get("left", 0), caps=caps)
    elif kind == "tax_rate":
        cities = cities_of(view)[seat]
        stock = int(me["stock"]["tokens"])
        rates = "; ".join(t("civ.why.tax_rate", rate=r, paid=min(cities, stock // r),
                            tokens=min(cities, stock // r) * r,
                            unpaid=cities - min(cities, stock // r)) for r in (1, 2, 3))
        said = t("civ.why.tax", cities=cities, stock=stock, rates=rates)
    elif kind == "growth":
        said = t("civ.why.growth", left=pending.get("left", 0))
    else:
        return ""
    current = view.get("phase_state", {}).get("current")
    if isinstance(current, dict) and "victim" in current and kind in DEFAULTED:
        said = t("civ.why.struck", calamity=words.card_name(str(current.get("card"))),
                 victim=words.seat_words(view, current["victim"])) + " " + said
    return said


def growth_room(pending: dict[str, Any]) -> dict[int, int]:
    return {int(a): int(n) for a, n in pending.get("room", {}).items() if int(n) > 0}


class Decide:
    """One table's quick answers: the leave wishes (A36.1), a default run under way, the
    growth being laid out."""

    def __init__(self, table: CivTable) -> None:
        self.table = table
        self.leaving: set[int] = set()
        self.running: tuple[Any, ...] | None = None
        self.growth: Counter[int] = Counter()
        self.growth_key: tuple[Any, ...] | None = None

    # ----- answered without a question ------------------------------------------------

    @staticmethod
    def unasked(pending: dict[str, Any] | None) -> bool:
        """A36.1's stay or leave of an active seat: answered for a person, never put to him
        (the table shows no question for it, not even for a frame)."""
        return pending is not None and pending["kind"] == "turn_start" \
            and not pending.get("late")

    def answer_unasked(self, seat: int) -> bool:
        """Answers what a person is not asked: A36.1's stay (or the leave he asked for),
        and each further step of a default run. True if it answered."""
        state = self.table.state
        pending = state.pending
        if pending is None or int(pending["seat"]) != seat:
            return False
        if self.unasked(pending):
            action = {"type": "leave" if seat in self.leaving else "stay"}
            self.leaving.discard(seat)
            return self._send(action)
        if self.running is not None:
            if self.running != run_key(pending, int(state.view(None)["turn"])):
                self.running = None
                return False
            step = default_answer(pending, state.legal_actions(), state.view(seat))
            if step is not None:
                return self._send(step)
        return False

    def _send(self, action: dict[str, Any]) -> bool:
        """Sent at once, as the controller sends a forced answer: nothing here waits for
        "End turn" (the player chose it all already, or nothing at all)."""
        flow = self.table.flow
        return flow.ready() and flow.send(action, None)

    def leave_label(self, seat: int) -> str:
        return t("civ.leaving" if seat in self.leaving else "civ.leave_button")

    def toggle_leave(self, seat: int) -> None:
        """A36.1: a wish kept until his next turn start (another tap takes it back)."""
        if seat in self.leaving:
            self.leaving.discard(seat)
        else:
            self.leaving.add(seat)
        self.table.toast = t("civ.leaving_told" if seat in self.leaving else "civ.staying_told")
        self.table.refresh()

    # ----- the chooser's pseudo answers ------------------------------------------------

    def extra(self) -> list[dict[str, Any]]:
        """The quick answers to show first, for the seat deciding now."""
        table = self.table
        seat = table.deciding()
        pending = table.state.pending
        if seat is None or pending is None:
            return []
        kind = pending["kind"]
        if kind == "civ_cards":
            return [{"type": "_suggested"}, {"type": "_purchase"}]
        if kind in ("trade_open", "trade_answer") and self._may_deal(pending):
            return [{"type": "_deal"}]
        if kind in DEFAULTED and len(table.state.legal_actions()) > 1:
            return [{"type": "_default"}]
        if kind == "growth":
            # only once the lay-out is under way: every quick answer shown can be tapped
            laid = sum(self._growth().values())
            done = laid == int(pending.get("left", 0))
            return [*([{"type": "_grow"}] if done else []),
                    *([{"type": "_grow_clear"}] if laid else [])]
        return []

    def _may_deal(self, pending: dict[str, Any]) -> bool:
        from game.civ import deal

        return deal.may_build(self.table.view(), pending)

    def label(self, action: dict[str, Any]) -> str:
        kind = action["type"]
        pending = self.table.state.pending or {}
        if kind == "_suggested":
            from game.civ import purchase_screen

            return purchase_screen.suggestion_label(self.table.view())
        if kind == "_purchase":
            return t("civ.buy.open")
        if kind == "_deal":
            return t("civ.deal.quick" if pending.get("kind") == "trade_open"
                     else "civ.deal.quick_counter")
        if kind == "_default":
            step = default_answer(pending, self.table.state.legal_actions(), self.table.view())
            said = words.describe(step, self.table.view()) if step else ""
            if pending.get("kind") in STEPPED:
                return t("civ.default.stepped")
            return t("civ.default.single", step=said)
        if kind == "_grow":
            return t("civ.grow.place", count=sum(self._growth().values()),
                     left=pending.get("left", 0))
        if kind == "_grow_clear":
            return t("civ.grow.clear")
        return ""

    def press(self, action: dict[str, Any]) -> None:
        table = self.table
        kind = action["type"]
        pending = table.state.pending
        if pending is None:
            return
        if kind == "_suggested":
            from game.civ import purchase_screen

            table.act(purchase_screen.suggestion(table.view()))
        elif kind == "_purchase":
            from game.civ.purchase_screen import PurchaseScreen

            table.app.push(PurchaseScreen(table.app, table.view(), table.act))
        elif kind == "_deal":
            from game.civ.deal import DealScreen

            table.app.push(DealScreen(table.app, table.view(), table.act))
        elif kind == "_default":
            state = table.state
            if pending["kind"] in STEPPED:
                self.running = run_key(pending, int(state.view(None)["turn"]))
            step = default_answer(pending, state.legal_actions(), table.view())
            if step is not None:
                table.act(step)
        elif kind == "_grow":
            areas = sorted(self._growth().elements())
            self.growth.clear()
            table.act({"type": "place", "areas": areas})
        elif kind == "_grow_clear":
            self.growth.clear()
            table.refresh()

    # ----- growth laid out by taps (A9.2) ---------------------------------------------

    def _growth(self) -> Counter[int]:
        """The distribution of this growth decision (forgotten when another is asked)."""
        state = self.table.state
        pending = state.pending or {}
        key = (pending.get("kind"), pending.get("seat"), pending.get("left"),
               state.view(None)["turn"])
        if key != self.growth_key:
            self.growth_key = key
            self.growth.clear()
        return self.growth

    def tap_area(self, area: int) -> bool:
        """A tap on a lit area during growth puts one more token there (up to its growth,
        A9.2); a tap on an area that is full takes its tokens back. True if it was used."""
        pending = self.table.state.pending
        if pending is None or pending["kind"] != "growth" or self.table.deciding() is None:
            return False
        room = growth_room(pending)
        if area not in room:
            return False
        laid = self._growth()
        left = int(pending.get("left", 0)) - sum(laid.values())
        if laid[area] < room[area] and left > 0:
            laid[area] += 1
        else:
            del laid[area]
        self.table.refresh()
        return True

    def lit(self) -> set[int] | None:
        """During growth: the areas that can take one more token (None: the table's own)."""
        pending = self.table.state.pending
        if pending is None or pending["kind"] != "growth" or self.table.deciding() is None:
            return None
        laid = self._growth()
        if sum(laid.values()) >= int(pending.get("left", 0)):
            return set()
        return {a for a, n in growth_room(pending).items() if laid[a] < n}

    def draw(self, surface: pygame.Surface) -> None:
        """The tokens laid out for growth, as "+n" by their area."""
        pending = self.table.state.pending
        if pending is None or pending["kind"] != "growth" or not self.growth:
            return
        board = self.table.board
        px = max(12, self.table.px)
        for area, n in self._growth().items():
            x, y = board.screen(board.shape.shapes[area].label)
            label = f"+{n}"
            w, h = text.size(label, "bold", px)
            box = pygame.Rect(0, 0, w + 8, h + 4)
            box.midbottom = (x, y - 12)
            pygame.draw.rect(surface, pal.GOLD_LIGHT, box, border_radius=4)
            pygame.draw.rect(surface, pal.INK, box, 2, border_radius=4)
            text.blit(surface, label, "bold", px, pal.INK, box.center, "center")


def card_effect(card: str) -> str:
    """A33.1: what a civilization card does, in a line."""
    return t(f"civ.effect.{card}") if card in CIV_CARD_BY_ID else ""


def commodity_sets(hand: list[str]) -> list[tuple[str, int]]:
    counted = Counter(c for c in hand if c in COMMODITY_BY_ID)
    return [(c, counted[c]) for c in COMMODITY_BY_ID if counted[c]]
