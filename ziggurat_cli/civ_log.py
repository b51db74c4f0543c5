"""The Advanced Civilization text game's log: engine events told in words.

Each event the table may see becomes one line naming nations and areas
(`Thrace builds a city in Odessus (73)`), never the event's raw fields, so
the log reads like a game being narrated. Private events (`private_to`)
are told only to their seat (A1.5).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import engine.civ as civ


class CivLog:
    """Tells events as `seat` sees them, naming the nations chosen so far in `state` (the
    position after the action that caused them) and the map's areas."""

    def __init__(self, state: civ.State, seat: int) -> None:
        self.state = state
        self.seat = seat

    def who(self, seat: Any) -> str:
        if seat == "barbarian":
            return "the barbarians"
        if seat == self.seat:
            return "you"
        nation = self.state.position.seats[int(seat)].nation
        return f"seat {seat} ({nation})" if nation else f"seat {seat}"

    def whose(self, seat: Any) -> str:
        name = self.who(seat)
        return {"you": "your", "the barbarians": "the barbarians'"}.get(name, f"{name}'s")

    def where(self, area: int) -> str:
        return f"{self.state.position.board.area(area).name} ({area})"

    def line(self, event: dict[str, Any]) -> str | None:
        """The event in words, or None when it is not told (private to another seat, or
        too small to be worth a line: each token moved is already told by its action)."""
        if event.get("private_to", self.seat) != self.seat:
            return None
        teller = TELLERS.get(event["type"])
        return None if teller is None else teller(self, event)


def told(state: civ.State, seat: int) -> list[str]:
    """The lines of the events the last action caused, as `seat` sees them."""
    log = CivLog(state, seat)
    return [line for line in map(log.line, state.events) if line is not None]


PHASES = {
    "start": "turn start: leaving and late entry (A36)",
    "tax": "taxation (A8)", "growth": "population growth (A9)", "census": "census (A10)",
    "ships": "ship construction (A11)", "movement": "movement (A12)",
    "conflict": "conflict (A13)", "cities": "city construction (A14)",
    "surplus": "surplus population and city support (A15)",
    "acquisition": "trade card acquisition (A16)", "trade": "trade (A17)",
    "calamities": "calamities (A18)", "civ_cards": "civilization cards (A32)",
    "ast": "A.S.T. alteration (A34)",
}


def _cards(cards: list[str]) -> str:
    return " ".join(cards) or "nothing"


def _calamity(log: CivLog, e: dict[str, Any]) -> str:
    traded = f", traded by {log.who(e['trader'])}" if e.get("trader") is not None else ""
    return f"calamity: {e['card'].replace('_', ' ')} strikes {log.who(e['victim'])}{traded}"


def _game_over(log: CivLog, e: dict[str, Any]) -> str:
    scores: Mapping[str, int] = e["scores"]
    best = sorted(scores.items(), key=lambda kv: -kv[1])
    return "game over (A35); scores: " + ", ".join(
        f"{log.who(int(seat))} {points}" for seat, points in best)


TELLERS: dict[str, Callable[[CivLog, dict[str, Any]], str]] = {
    "phase": lambda log, e: (f"-- turn {e['turn']}: "
                             + PHASES.get(e["phase"], e["phase"].replace("_", " "))),
    "hand_drawn": lambda log, e: f"you drew {_cards(e['cards'])}",
    "trade_received": lambda log, e: f"you received {_cards(e['cards'])}",
    "hand_lost": lambda log, e: f"you lost {_cards(e['cards'])}",
    "calamity": _calamity,
    "tax_paid": lambda log, e: (f"{log.who(e['seat'])} paid {e['tokens']} tax for "
                                f"{e['cities_paid']} cities"),
    "city_built": lambda log, e: (f"{log.who(e['seat'])} built a city in {log.where(e['area'])}"
                                  + (f", {e['treasury']} paid from treasury (Architecture)"
                                     if e["treasury"] else "")),
    "city_destroyed": lambda log, e: (f"{log.whose(e['owner'])} city in {log.where(e['area'])}"
                                      f" was destroyed ({e['reason'].replace('_', ' ')})"),
    "city_reduced": lambda log, e: (f"{log.whose(e['owner'])} city in {log.where(e['area'])}"
                                    f" was reduced to {e['tokens']} tokens "
                                    f"({e['reason'].replace('_', ' ')})"),
    "city_changed_hands": lambda log, e: (f"the city in {log.where(e['area'])} went from "
                                          f"{log.who(e['from'])} to {log.who(e['to'])} "
                                          f"({e['reason'].replace('_', ' ')})"),
    "pirate_city": lambda log, e: f"pirates hold the city in {log.where(e['area'])}",
    "conflict": lambda log, e: (f"conflict in {log.where(e['area'])} between "
                                + " and ".join(log.who(s) for s in e["sides"])),
    "tokens_removed": lambda log, e: (f"{log.who(e['owner'])} lost {e['count']} tokens in "
                                      f"{log.where(e['area'])} "
                                      f"({e['reason'].replace('_', ' ')})"),
    "pillaged": lambda log, e: f"{log.who(e['seat'])} pillaged {e['count']} tokens",
    "card_taken": lambda log, e: (f"{log.who(e['seat'])} took a trade card from "
                                  f"{log.who(e['victim'])}"),
    "barbarians": lambda log, e: f"{e['count']} barbarians arrive in {log.where(e['area'])}",
    "converted": lambda log, e: (f"{log.who(e['seat'])} converted {log.where(e['area'])} "
                                 f"(Monotheism)"),
    "traded": lambda log, e: (f"{log.who(e['a'])} and {log.who(e['b'])} traded: "
                              f"{e['a_gives']} cards for {e['b_gives']}"),
    "civ_cards_bought": lambda log, e: (f"{log.who(e['seat'])} bought "
                                        f"{', '.join(e['cards'])}, paying "
                                        f"{_cards(e['paid'])}"
                                        + (f" and {e['treasury']} treasury"
                                           if e["treasury"] else "")),
    "ast_moved": lambda log, e: (f"{log.who(e['seat'])} moved on the A.S.T. from space "
                                 f"{e['from']} to {e['to']}"),
    "left": lambda log, e: (f"{log.who(e['seat'])} left the game, keeping {e['kept']} trade "
                            f"card(s) (A36.1)"),
    "entered": lambda log, e: (f"{log.who(e['seat'])} entered as {e['nation']} and waits for "
                               f"a civil war (A36.2)"),
    "entered_play": lambda log, e: (f"{log.who(e['seat'])} took over a faction in "
                                    f"{log.whose(e['victim'])} civil war and plays on from "
                                    f"A.S.T. space {e['ast']} (A36.2)"),
    "game_over": _game_over,
}
