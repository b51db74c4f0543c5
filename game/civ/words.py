"""Advanced Civilization in words: actions, decisions, events and cards, from the catalogue.

The table never shows an engine id: an area is its printed name (the map's, a proper
name in every language), a nation, a card, a phase or a decision its catalogue words
(`civ.nation.<id>`, `civ.card.<id>`, `civ.trade.<id>`, `civ.phase.<name>`,
`civ.decision.<kind>`). `describe(action, view)` words one legal answer for the
generic chooser; `TELLERS` (the kit's `EventHandlers`, one case per event type)
turns an action's events into the kit's log lines. Events private to a seat are told
only to that seat (`viewer`), so a log never shows another seat's cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ai.civ.determinize import cities_of
from engine.civ.acquisition import calamity_drawers
from engine.civ.map_schema import CivMap, load_map
from engine.civ.position import TURN_START
from engine.civ.tables import BARBARIAN, CARD_STACK, CIV_CARD_BY_ID, COMMODITY_BY_ID
from game.civ.geometry import BOARD, configuration
from game.i18n import t, tn
from game.kit.handlers import Event, EventHandlers, Handler
from game.kit.log import LogLine

View = dict[str, Any]

PHASES = ("tax", "growth", "census", "ships", "movement", "conflict", "cities", "surplus",
          "acquisition", "trade", "calamities", "civ_cards", "ast")
"""A7.1: the thirteen phases of a turn, in order (the phase tracker's boxes)."""


def area_name(area: int | None) -> str:
    if area is None:
        return t("civ.none")
    return _AREA_NAMES.get(int(area), str(area))


_AREA_NAMES: dict[int, str] = {a.id: a.name for a in load_map().areas}


def board(view: View) -> CivMap:
    """The board the view's game is played on (its options name it: a game saved under
    rules 4 keeps the Mediterranean's first edition); a part of a view without them (a
    test's, a hint's) is on the board of new games."""
    return load_map(str(view.get("options", {}).get("map", BOARD)))


def players(view: View) -> int | None:
    """The view's number of seats; None for a part of a view without them (a test's, a
    hint's), which is on the whole board."""
    seats = view.get("seats")
    return len(seats) if isinstance(seats, list) else None


def in_play(view: View) -> frozenset[int]:
    """A3.11: the areas that exist for the view's game; the others are printed but out of
    play (A4.3)."""
    return board(view).in_play(configuration(players(view)))


def nation_name(nation: str | None) -> str:
    if nation is None:
        return t("civ.no_nation")
    if nation == BARBARIAN:
        return t("civ.barbarians")
    return t(f"civ.nation.{nation}")


def seat_words(view: View, seat: Any) -> str:
    """A seat by its nation (A4.1), the barbarians by their name, else by its number."""
    if seat == BARBARIAN or seat is None:
        return nation_name(BARBARIAN if seat == BARBARIAN else None)
    nation = view["seats"][int(seat)]["nation"]
    return nation_name(nation) if nation else t("civ.seat", number=int(seat) + 1)


def card_name(card: str) -> str:
    """A civilization card or a trade card (commodity or calamity) by its name."""
    if card in CIV_CARD_BY_ID:
        return t(f"civ.card.{card}")
    return t(f"civ.trade.{card}")


def cards_words(cards: Iterable[str]) -> str:
    """Cards as "2 × Grain, Salt", repeats counted, in the order given."""
    counted = Counter(cards)
    if not counted:
        return t("civ.none")
    return ", ".join(card_name(c) if n == 1 else f"{n} × {card_name(c)}"
                     for c, n in counted.items())


def hand_sets(hand: Iterable[str]) -> list[tuple[str, int, int]]:
    """A16 / A35.2: each commodity in the hand as (card, how many, the set's value: the
    count squared times the face value); calamities have no value."""
    counted = Counter(hand)
    return [(c, n, n * n * COMMODITY_BY_ID[c].value if c in COMMODITY_BY_ID else 0)
            for c, n in counted.items()]


def calamities_near(view: View) -> list[str]:
    """The non-tradable calamities the next draws reach (A16.1), each with how far down its
    stack it lies: it only goes to the very bottom, in view of all (A6.2, A32.6), so anyone
    who counted knows, and the computer players count. Whether one is reached does not
    depend on the order of the draws, so the seats go in as listed."""
    seats = [i for i, s in enumerate(view["seats"]) if s["status"] == "active" and s["nation"]]
    depths = view["calamity_depths"]
    return [t("civ.calamity_near", card=card_name(card), nth=depths[CARD_STACK[card] - 1] + 1,
              stack=CARD_STACK[card])
            for card in calamity_drawers(seats, cities_of(view), depths)]


def describe(action: dict[str, Any], view: View) -> str:
    """One legal answer in words (the generic chooser's button)."""
    kind = action["type"]
    fields: dict[str, Any] = {}
    for key, value in action.items():
        if key == "type":
            continue
        if key in ("area", "from", "to", "via", "other") and kind != "propose":
            fields[key] = area_name(value)
        elif key == "nation":
            fields[key] = nation_name(value)
        elif key == "seat" or (key == "to" and kind == "propose"):
            fields[key] = seat_words(view, value)
        elif key == "unit":
            fields[key] = t(f"civ.unit.{value}")
        elif key == "pay" and kind == "upkeep":
            fields[key] = t(f"civ.pay.{value}")
        elif key in ("cards", "give", "pay", "named", "want_named"):
            fields[key] = cards_words(value)
        elif key in ("card", "mining"):
            fields[key] = card_name(value) if value else t("civ.none")
        else:
            fields[key] = value
    if kind == "purchase" and not action.get("cards"):
        return t("civ.act.purchase_none")
    if kind == "quake" and action.get("other") is None:
        return t("civ.act.quake_alone", area=fields["area"])
    if kind == "build_ship" and action["board"] < 2:  # A11.2: the rest from the treasury
        return t("civ.act.build_ship_mixed" if action["board"] else "civ.act.build_ship_treasury",
                 area=fields["area"])
    return t(f"civ.act.{kind}", **fields)


def prompt(pending: dict[str, Any], view: View) -> str:
    """What the rules ask of the pending decision's seat, in words."""
    kind = pending["kind"]
    fields: dict[str, Any] = {}
    for key in ("left", "points", "target", "taken", "round", "count", "discount"):
        if key in pending:
            fields[key] = pending[key]
    if "calamity" in pending:
        fields["calamity"] = card_name(pending["calamity"])
    if "victim" in pending:
        fields["victim"] = seat_words(view, pending["victim"])
    if "area" in pending:
        fields["area"] = area_name(pending["area"])
    if "proposal" in pending:
        p = pending["proposal"]
        fields["offer"] = t("civ.offer", who=seat_words(view, p["from"]),
                            give=p["give_count"], named=cards_words(p["named"]),
                            want=p["want"], want_named=cards_words(p["want_named"]))
    return t(f"civ.ask.{kind}", **fields)


# ----- the narrator: an action's events as the kit's log lines ------------------------------


class Telling:
    """What the narrator reads with (the view names the seats) and the lines it wrote."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.lines: list[LogLine] = []

    def add(self, words: str, topic: str, seats: list[int], places: Iterable[Any] = (),
            turn: int | None = None) -> None:
        self.lines.append(LogLine(words, topic=topic, seat=seats[0] if seats else None,
                                  seats=seats, places=[str(p) for p in places], turn=turn))


def _seats(*seats: Any) -> list[int]:
    return [int(s) for s in seats if isinstance(s, int) and not isinstance(s, bool)]


def _phase(e: Event, told: Telling) -> None:
    """A turn's line opens it where the engine does (its start phase, A7.1), numbered as
    the table's turn line numbers it: the log counted the choice of nations as turn 1."""
    if e["phase"] == TURN_START:
        told.add(t("civ.log.turn", turn=e["turn"]), "turn", [], turn=int(e["turn"]))
    if e["phase"] in PHASES:
        told.add(t("civ.log.phase", phase=t("civ.phase." + e["phase"])), "phase", [])


SEAT_FIELDS = ("seat", "victim", "owner", "a", "b", "trader", "by")
SEAT_MOVES = (*SEAT_FIELDS, "from", "to")


def _simple(key: str, *area_keys: str, seat_key: str = "seat",
            seat_fields: tuple[str, ...] = SEAT_FIELDS, counted: bool = False) -> Handler[Telling]:
    """A teller putting the event's fields into `civ.log.<key>`: areas by name, seats by
    nation, cards by name; `counted`: the words have plural forms, by the event's count
    ("lost 1 token", not "lost 1 tokens")."""
    def tell(e: Event, told: Telling) -> None:
        fields: dict[str, Any] = {}
        for k, v in e.items():
            if k in area_keys:
                fields[k] = area_name(v)
            elif k in seat_fields:
                fields[k] = seat_words(told.view, v)
            elif k in ("card", "calamity"):
                fields[k] = card_name(v)
            elif k == "nation":
                fields[k] = nation_name(v)
            elif k in ("cards", "paid", "named", "want_named"):
                fields[k] = cards_words(v) if isinstance(v, list) else v
            else:
                fields[k] = v
        places = [e[k] for k in area_keys if isinstance(e.get(k), int)]
        said = tn(f"civ.log.{key}", int(fields.pop("count")), **fields) if counted \
            else t(f"civ.log.{key}", **fields)
        told.add(said, key, _seats(e.get(seat_key)), places)
    return tell


def _grown(e: Event, told: Telling) -> None:
    areas = e["areas"]
    told.add(t("civ.log.grown", seat=seat_words(told.view, e["seat"]),
               tokens=tn("civ.log.tokens", sum(areas.values())),
               areas=tn("civ.log.areas", len(areas))),
             "grown", _seats(e["seat"]), [int(a) for a in areas])


def _census(e: Event, told: Telling) -> None:
    order = ", ".join(seat_words(told.view, s) for s in e["order"])
    told.add(t("civ.log.census", order=order), "census", [])


def _game_over(e: Event, told: Telling) -> None:
    scores = ", ".join(f"{seat_words(told.view, int(s))} {n}" for s, n in e["scores"].items())
    told.add(t("civ.log.game_over", scores=scores), "game_over", [])


def _nation_chosen(e: Event, told: Telling) -> None:
    """By the seat's number: by its nation the line read "Italy took Italy" (A6.3). The
    nations are chosen before the first turn: the table calls it turn 0."""
    seat = int(e["seat"])
    told.add(t("civ.log.nation_chosen", seat=t("civ.seat", number=seat + 1),
               nation=nation_name(e["nation"]), area=area_name(e["area"])),
             "nation_chosen", _seats(seat), [int(e["area"])], turn=0)


def _quiet(e: Event, told: Telling) -> None:
    """Said by the events around it (a negotiation's end follows its trade or refusal)."""


TELLERS: EventHandlers[Telling] = EventHandlers({
    "phase": _phase,
    "nation_chosen": _nation_chosen,
    "tax_paid": _simple("tax_paid"),
    "city_changed_hands": _simple("city_changed_hands", "area", seat_key="to",
                                  seat_fields=SEAT_MOVES),
    "city_destroyed": _simple("city_destroyed", "area", seat_key="owner"),
    "city_reduced": _simple("city_reduced", "area", seat_key="owner"),
    "pirate_city": _simple("pirate_city", "area"),
    "tokens_changed_hands": _simple("tokens_changed_hands", "area", seat_key="to",
                                    seat_fields=SEAT_MOVES, counted=True),
    "assigned": _simple("assigned"),
    "grain_shown": _simple("grain_shown"),
    "barbarians": _simple("barbarians", "area"),
    "barbarians_moved": _simple("barbarians_moved", "from", "to"),
    "converted": _simple("converted", "area"),
    "city_built": _simple("city_built", "area"),
    "grown": _grown,
    "census": _census,
    "ship_kept": _simple("ship_kept", "area"),
    "ship_released": _simple("ship_released", "area"),
    "ship_built": _simple("ship_built", "area"),
    "moved": _simple("moved", "from", "to"),
    "sailed": _simple("sailed", "area"),
    "loaded": _simple("loaded", "area"),
    "unloaded": _simple("unloaded", "area"),
    "conflict": _simple("conflict", "area", seat_key="none"),
    "tokens_removed": _simple("tokens_removed", "area", seat_key="owner", counted=True),
    "tokens_placed": _simple("tokens_placed", "area", seat_key="owner", counted=True),
    "pillaged": _simple("pillaged"),
    "card_taken": _simple("card_taken"),
    "hand_drawn": _simple("hand_drawn"),
    "hand_lost": _simple("hand_lost"),
    "cards_drawn": _simple("cards_drawn", counted=True),
    "bought": _simple("bought"),
    "proposal": _simple("proposal", seat_key="from", seat_fields=SEAT_MOVES),
    "traded": _simple("traded", seat_key="a"),
    "negotiation_over": _quiet,
    "trade_received": _simple("trade_received"),
    "calamity": _simple("calamity", seat_key="victim"),
    "calamity_set_aside": _simple("calamity_set_aside"),
    "civ_cards_bought": _simple("civ_cards_bought"),
    "cards_returned": _simple("cards_returned", counted=True),
    "ast_moved": _simple("ast_moved"),
    "left": _simple("left"),
    "entered": _simple("entered"),
    "entered_play": _simple("entered_play"),
    "game_over": _game_over,
})
"""The civ narrator: one teller per event type (docs/civ-engine-api.md, "Events")."""


PRIVATE = "private"
"""The topic of a line told from an event private to one seat (its `seat`)."""


def narrate(events: list[dict[str, Any]], view: View, viewer: int | None,
            private: bool = False) -> list[LogLine]:
    """The log lines of an action's events: those `viewer` may read, or with `private`
    every line, each private event's marked so (`may_read` keeps it for its seat alone,
    when another seat's hand shows at the same screen)."""
    lines: list[LogLine] = []
    for event in events:
        owner = event.get("private_to")
        if owner is not None and owner != viewer and not private:
            continue
        told = TELLERS.run([event], Telling(view)).lines
        if owner is not None:
            for line in told:
                line.topic, line.seat, line.seats = PRIVATE, int(owner), frozenset({int(owner)})
        lines.extend(told)
    return lines


def may_read(line: str, viewer: int | None) -> bool:
    """A private line shows only while its own seat's hand is shown."""
    return getattr(line, "topic", "") != PRIVATE or getattr(line, "seat", None) == viewer
