"""Advanced Civilization in the terminal: you against random players (`ai.civ`), who trade.

Every decision is asked in words with its rule, and its answers are listed
when they are few; answers are typed in the engine's one-line notation
(`move 12 13 2`, `propose 2 give salt salt oil named salt salt want 3 gold
gold`, `purchase pottery pay ochre ochre`) or as the number of a listed one.
`board` shows your nation, `help` every listed answer, `quit` leaves. What
the others do is logged as everyone at the table would see it: the unnamed
cards of their proposals and what they hand over stay hidden (A1.5, A17.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine.civ as civ
from ai.civ.random_player import CivRandomBot
from ziggurat_cli.civ_log import told

Write = Callable[[str], None]
Read = Callable[[str], str]
LISTED = 24  # answers listed with each question when there are no more than this
QUIET = ("stay", "wait")  # the others' answers at a turn start that change nothing (A36)
STAY_OR_LEAVE = [{"type": "stay"}, {"type": "leave"}]  # A36.1: asked in one short line

QUESTIONS: dict[str, str] = {
    "nation": "A6.3: choose your nation and its start area (nation NATION AREA)",
    "turn_start": "A36: a turn begins: stay or leave the game; a late entrant: enter NATION "
                  "or wait",
    "tax_rate": "A8.1: Coinage lets you choose your tax rate (tax 1, tax 2 or tax 3)",
    "revolt": "A8.4: a tax revolt: name the city that changes hands (city AREA)",
    "growth": "A9.2: your stock runs short; grow one token at a time (grow AREA)",
    "ship_upkeep": "A11.1: keep ship {ship}? (upkeep {ship} treasury / board / release)",
    "ships": "A11.2: build ships (ship AREA TOKENS_FROM_THE_AREA [COAST]) or done",
    "movement": "A12: move tokens (move FROM TO COUNT, road FROM VIA TO COUNT), sail "
                "(load/sail/unload SHIP ...) or done",
    "pillage": "A13.6: you took the city in area {area}: pillage (pillage COUNT)",
    "cities": "A14: build cities (build AREA) or done",
    "support": "A7.5: your cities lack support; reduce one (city AREA)",
    "stack9": "A16.2: buy a card from stack 9 for 18 treasury (buy) or done",
    "trade_open": "A17.5: trade round {round}: propose (propose SEAT give CARDS named CARDS "
                  "want N CARDS), pass, or done for this phase",
    "trade_answer": "A17.4: {proposal}: accept (accept give CARDS), counter (counter give ... "
                    "named ... want N ...), reject, or done",
    "pottery": "A21.3: show Grain against Famine (show COUNT, at most the Grain you hold)",
    "loss": "A7.6: {calamity} costs you {target} points ({taken} taken): lose token AREA, "
            "lose destroy AREA or lose reduce AREA",
    "selection": "A7.7: {calamity}: select {target} points of the victim's units ({taken} "
                 "taken): select token AREA or select city AREA",
    "faction_loss": "A23.4: your faction loses units: lose token AREA or lose destroy AREA",
    "assign": "{calamity}: assign {left} points to other players (assign SEAT POINTS)",
    "faction": "A23.5: civil war: which faction do you keep? (keep 1 or keep 2)",
    "choose_area": "{calamity}: choose the area it strikes (area AREA)",
    "earthquake": "A19.2: which city does the earthquake destroy? (quake AREA OTHER|none)",
    "reduce": "{calamity}: choose a city ({effect}, {left} left): city AREA",
    "monotheism": "A31.1: Monotheism: convert an area (convert AREA) or done",
    "civ_cards": "A32: buy civilization cards (purchase CARDS pay CARDS [mining CARD]) or "
                 "purchase none",
    "excess": "A32.5: hand back {left} commodity card(s) above 8 (return CARD)",
}


def question(pending: dict[str, Any]) -> str:
    """The pending decision in words."""
    fields = dict(pending)
    if pending["kind"] == "trade_answer":
        p = pending["proposal"]
        fields["proposal"] = (f"seat {p['from']} offers {p['give_count']} cards naming "
                              f"{' '.join(p['named'])} for {p['want']} naming "
                              f"{' '.join(p['want_named'])}")
    try:
        return QUESTIONS[pending["kind"]].format(**fields)
    except KeyError:
        return f"{pending['kind']}: {pending}"


def board_summary(state: civ.State, seat: int) -> str:
    """What `seat` sees of the game, in lines: its own nation in full, the others in brief."""
    view = state.view(seat)
    board = state.position.board
    me = view["seats"][seat]
    lines = [f"Turn {view['turn']}, phase {view['phase']}. You are seat {seat}"
             f" ({me['nation'] or 'no nation yet'}): A.S.T. space {me['ast']}, "
             f"treasury {me['treasury']}, stock {me['stock']['tokens']} tokens and "
             f"{me['stock']['cities']} cities",
             "  civilization cards: " + (", ".join(me["cards"]) or "none"),
             "  hand: " + (" ".join(me["hand"]) or "empty")]
    for a in view["areas"]:
        mine = a["tokens"].get(str(seat), 0)
        city = a["city"] is not None and a["city"]["owner"] == seat
        if mine or city:
            info = board.area(a["id"])
            others = {o: n for o, n in a["tokens"].items() if o != str(seat)}
            lines.append(f"  area {a['id']} {info.name}: "
                         + ("a city" if city else f"{mine} tokens (limit {info.limit})")
                         + ("; also " + ", ".join(
                             f"{'barbarians' if o == 'barbarian' else 'seat ' + o}: {n}"
                             for o, n in others.items()) if others else ""))
    for ship in view["ships"]:
        if ship["owner"] == seat:
            lines.append(f"  ship {ship['number']} in area {ship['area']}"
                         + (f", {ship['aboard']} aboard" if ship["aboard"] else ""))
    for i, s in enumerate(view["seats"]):
        if i != seat:
            tokens = sum(a["tokens"].get(str(i), 0) for a in view["areas"])
            cities = sum(1 for a in view["areas"]
                         if a["city"] is not None and a["city"]["owner"] == i)
            nation = s["nation"] or "no nation yet"
            nation += {"active": "", "inactive": ", left the game",
                       "waiting": ", waiting to enter"}[s["status"]]
            lines.append(f"seat {i} ({nation}): A.S.T. {s['ast']}, {tokens} tokens, "
                         f"{cities} cities, {len(s['cards'])} civilization cards, "
                         f"{s['hand_size']} trade cards")
    return "\n".join(lines)


def public_text(action: dict[str, Any]) -> str:
    """An action as the whole table sees it: no unnamed card of a proposal, no card handed
    over in an acceptance (A17.3)."""
    kind = action["type"]
    if kind in ("propose", "counter"):
        to = f" to seat {action['to']}" if kind == "propose" else ""
        return (f"{kind}{to}: {len(action['give'])} cards naming {' '.join(action['named'])}"
                f" for {action['want']} naming {' '.join(action['want_named'])}")
    if kind == "accept":
        return f"accept, handing over {len(action['give'])} cards"
    return civ.format_action(action)


def play_civ_text_game(players: int, seed: int, turns: int, read: Read = input,
                       write: Write = print) -> int:
    """A new game with a turn limit: you are seat 0."""
    return play_from(civ.new_game(players, seed, {"turn_limit": turns}), 0, seed, read, write)


def play_from(state: civ.State, human: int, seed: int, read: Read = input,
              write: Write = print) -> int:
    """Play `state` to its end: `human` answers at the terminal, random players the rest."""
    bots = {seat: CivRandomBot(seed * 10 + seat)
            for seat in range(len(state.position.seats)) if seat != human}
    asked: tuple[int, str] | None = None
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if seat != human:
            action = bots[seat].choose(state.view(seat), 0.0)
            if action["type"] not in QUIET:
                write(f"seat {seat}: {public_text(action)}")
            state = state.apply(action)
        elif state.legal_actions() == STAY_OR_LEAVE:
            text = read(f"turn {state.position.turn} begins: Enter to stay, 'leave' to leave "
                        "the game (A36.1)> ").strip()
            if text in ("quit", "exit"):
                return 0
            state = state.apply({"type": "leave" if text == "leave" else "stay"})
        else:
            pending = state.pending
            assert pending is not None
            if asked != (state.position.turn, state.position.phase):
                write(board_summary(state, human))
                asked = (state.position.turn, state.position.phase)
            typed = ask(state, pending, read, write)
            if typed is None:
                return 0
            write(f"you: {civ.format_action(typed)}")
            state = state.apply(typed)
        for line in told(state, human):
            write(line)
    over = [e["scores"] for e in state.events if e["type"] == "game_over"]
    scores: dict[str, int] = over[0] if over else {}
    for place, seats in enumerate(state.ranking(), start=1):
        write(f"{place}. " + " and ".join(
            f"seat {s} ({state.position.seats[s].nation})"
            + (f": {scores[str(s)]} points" if str(s) in scores else "") for s in seats))
    return 0


def ask(state: civ.State, pending: dict[str, Any], read: Read,
        write: Write) -> dict[str, Any] | None:
    """One legal answer typed by the person (None: they quit)."""
    legal = state.legal_actions()
    write(question(pending))
    if len(legal) <= LISTED:
        write(listing(legal))
    else:
        write(f"({len(legal)} answers; help lists them)")
    while True:
        text = read("your answer> ").strip()
        if text in ("quit", "exit"):
            return None
        if text == "help":
            write(listing(legal))
            continue
        if text == "board":
            write(board_summary(state, int(pending["seat"])))
            continue
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        try:
            action = civ.parse_action(text)
        except civ.IllegalAction as e:
            write(f"cannot read that: {e}")
            continue
        refusal = state.check(action)
        if refusal is None:
            return action
        write(f"not possible: {refusal.text}")


def listing(legal: list[dict[str, Any]]) -> str:
    return "answers: " + "; ".join(f"{i}) {civ.format_action(a)}"
                                   for i, a in enumerate(legal, start=1))
