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


CAUSED = {"move": ("moved",), "road": ("moved",), "sail": ("sailed",), "load": ("loaded",),
          "unload": ("unloaded",), "grow": ("grown",), "place": ("grown",),
          "build_ship": ("ship_built",), "upkeep": ("ship_kept", "ship_released")}
"""The event an action causes itself: its line is the action's own, so it is not told again."""
FORCED = {"moved", "sailed", "loaded", "unloaded", "ship_built", "ship_kept", "ship_released"}
"""Steps that are some player's answer: told only when the engine took them itself (A1.2)."""


def told(state: civ.State, seat: int, action: dict[str, Any] | None = None) -> list[str]:
    """The lines of the events the last action (`action`, if known) caused, as `seat` sees
    them: the steps the engine took itself are marked with their reason, and after an
    A.S.T. alteration every marker that stayed says why (A34.1)."""
    log = CivLog(state, seat)
    own = list(CAUSED.get(action["type"], ())) if action is not None else []
    lines: list[str] = []
    altering = False  # inside phase 13: the markers that did not move are told at its end
    moved: set[int] = set()
    for event in state.events:
        if own and event["type"] in own:
            own = []
            continue
        if altering and event["type"] in ("phase", "game_over"):
            lines += _stays(log, moved)
            altering = False
        if event["type"] == "phase" and event["phase"] == "ast":
            altering, moved = True, set()
        if event["type"] == "ast_moved":
            moved.add(event["seat"])
        line = log.line(event)
        if line is None:
            continue
        if event["type"] in FORCED:
            if action is None:  # which steps were answers is not known: none is told
                continue
            why = ("A12.5: a ship ends its move in a coastal area with nobody aboard"
                   if event["type"] == "unloaded" else "the only answer left")
            line = f"{line} (taken by the engine: {why}, A1.2)"
        lines.append(line)
    return lines + (_stays(log, moved) if altering else [])


def _stays(log: CivLog, moved: set[int]) -> list[str]:
    """A34.1: why each active marker that did not move stayed."""
    from .civ_atlas import ast_stay_reason
    pos = log.state.position
    return [f"{log.whose(s)} marker stays on A.S.T. space {pos.seats[s].ast} (A34.1): "
            f"{ast_stay_reason(log.state, s)}" for s in pos.active_seats() if s not in moved]


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


def _words(card: str) -> str:
    return card.replace("_", " ")


def _calamity(log: CivLog, e: dict[str, Any]) -> str:
    traded = f", traded by {log.who(e['trader'])}" if e.get("trader") is not None else ""
    return f"calamity: {_words(e['card'])} strikes {log.who(e['victim'])}{traded}"


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
                                        f"{', '.join(_words(c) for c in e['cards'])}, paying "
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
    "grown": lambda log, e: (f"{log.who(e['seat'])} grew: " + ", ".join(
        f"+{n} in {log.where(int(a))}" for a, n in e["areas"].items()) + " (A9)"),
    "census": lambda log, e: ("census order (A10, most tokens first): "
                              + ", ".join(log.who(s) for s in e["order"])),
    "moved": lambda log, e: (f"{log.who(e['seat'])} moved {e['count']} token(s) from "
                             f"{log.where(e['from'])} to {log.where(e['to'])}"),
    "sailed": lambda log, e: (f"{log.whose(e['seat'])} ship {e['ship']} sailed to "
                              f"{log.where(e['area'])}"),
    "loaded": lambda log, e: (f"{log.whose(e['seat'])} ship {e['ship']} loaded {e['count']} "
                              f"token(s) in {log.where(e['area'])}"),
    "unloaded": lambda log, e: (f"{log.whose(e['seat'])} ship {e['ship']} unloaded "
                                f"{e['count']} token(s) in {log.where(e['area'])}"),
    "ship_built": lambda log, e: (f"{log.who(e['seat'])} built ship {e['ship']} in "
                                  f"{log.where(e['area'])}"),
    "ship_kept": lambda log, e: f"{log.who(e['seat'])} kept ship {e['ship']}",
    "ship_released": lambda log, e: f"{log.who(e['seat'])} released ship {e['ship']}",
    "barbarians_moved": lambda log, e: (f"{e['count']} barbarians moved from "
                                        f"{log.where(e['from'])} to {log.where(e['to'])}"),
    "assigned": lambda log, e: (f"{e['points']} points of {e['calamity'].replace('_', ' ')} "
                                f"assigned to {log.who(e['seat'])}"),
    "grain_shown": lambda log, e: f"{log.who(e['seat'])} showed {e['count']} Grain (A21.3)",
    "cards_returned": lambda log, e: (f"{log.who(e['seat'])} handed back {e['count']} "
                                      f"card(s) above the limit of 8 (A32.5)"),
    "tokens_changed_hands": lambda log, e: (f"{e['count']} tokens in {log.where(e['area'])} "
                                            f"went from {log.who(e['from'])} to "
                                            f"{log.who(e['to'])} (civil war)"),
}
