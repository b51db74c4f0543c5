"""Advanced Civilization in the terminal: you against random players (`ai.civ`), who trade.

Every decision is asked in words with its rule, and its answers are listed
when they are few (movement's are grouped by area and ship); answers are
typed in the engine's one-line notation (`move 12 13 2`, `propose 2 give salt
salt oil named salt salt want 3 gold gold`, `purchase pottery pay ochre
ochre`), with area names wherever an area is asked (`move dalmatia pannonia
2`), or as the number of a listed one. Commands at any question: `map` (every
area and who is there), `area N` or `area NAME` (one area: its neighbours by
land and water, limit, city site, who is there), `seats` (every nation's
public state, A1.5), `board` (yours), `help`, `leave` (leave the game at the
next turn start, A36.1; until then the client says `stay` for you), `quit`.
What the others do is logged as everyone at the table would see it: the
unnamed cards of their proposals and what they hand over stay hidden (A1.5,
A17.3), and no other seat's trade hand is ever shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine.civ as civ
from ai.civ.random_player import CivRandomBot
from engine.civ.actions import FIELDS
from engine.civ.map_schema import CivMap
from engine.civ.trade_cards import canonical
from ziggurat_cli.civ_atlas import (
    MAP_PICTURE,
    area_lines,
    find_area,
    heard_line,
    label,
    map_lines,
    movement_help,
    purchase_lines,
    score_lines,
    seat_lines,
    support_warning,
    surplus_warning,
    trade_examples,
    why_not,
    with_area_numbers,
)
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
    "growth": "A9.2: your stock runs short of your growth: place it all (place AREA AREA ..., "
              "one area per token) or one token (grow AREA)",
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
                         f"{cities} cities, treasury {s['treasury']}, stock "
                         f"{s['stock']['tokens']}, {s['hand_size']} trade cards, "
                         f"civilization cards: {', '.join(s['cards']) or 'none'}")
    lines.append("(seats: where everyone is; map / area N: the map)")
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


class Table:
    """The person's side of the game: what they asked for that outlasts one question."""

    def __init__(self) -> None:
        self.leaving = False  # `leave` typed: answer A36.1's question with leave, not stay
        self.told_stay = False


def play_from(state: civ.State, human: int, seed: int, read: Read = input,
              write: Write = print) -> int:
    """Play `state` to its end: `human` answers at the terminal, random players the rest."""
    bots = {seat: CivRandomBot(seed * 10 + seat)
            for seat in range(len(state.position.seats)) if seat != human}
    table = Table()
    asked: tuple[int, str] | None = None
    write(f"You are seat {human}. Commands at any question: map, area N (or a name), seats, "
          f"board, help, leave, quit. The map picture: {MAP_PICTURE}")
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if seat != human:
            action = bots[seat].choose(state.view(seat), 0.0)
            if action["type"] not in QUIET:
                write(f"seat {seat}: {public_text(action)}")
        elif state.legal_actions() == STAY_OR_LEAVE:
            action = {"type": "leave" if table.leaving else "stay"}
            write(f"turn {state.position.turn}: you "
                  + ("leave the game (A36.1)" if table.leaving else "stay")
                  + ("" if table.told_stay or table.leaving else
                     " (A36.1; the client says stay for you each turn: type `leave` at any "
                     "question to leave at the next turn start)"))
            table.told_stay = True
        else:
            pending = state.pending
            assert pending is not None
            if asked != (state.position.turn, state.position.phase):
                write(board_summary(state, human))
                asked = (state.position.turn, state.position.phase)
            typed = ask(state, pending, read, write, table)
            if typed is None:
                return 0
            action = typed
            write(f"you: {civ.format_action(typed)}")
        state = state.apply(action)
        for line in told(state, human, action):
            write(line)
    over = [e["scores"] for e in state.events if e["type"] == "game_over"]
    for line in score_lines(state, human, over[0] if over else {}):
        write(line)
    return 0


def ask(state: civ.State, pending: dict[str, Any], read: Read, write: Write,
        table: Table | None = None) -> dict[str, Any] | None:
    """One legal answer typed by the person (None: they quit)."""
    table = table or Table()
    seat = int(pending["seat"])
    board = state.position.board
    legal = state.legal_actions()
    write(question(pending))
    for line in guide(state, pending, legal):
        write(line)
    while True:
        text = " ".join(read("your answer> ").split())
        word, _, rest = text.partition(" ")
        if text in ("quit", "exit"):
            return None
        if text == "help":
            write("\n".join(guide(state, pending, legal, full=True)))
            continue
        if text == "board":
            write(board_summary(state, seat))
            continue
        if text in ("seats", "status"):
            write("\n".join(seat_lines(state, seat)))
            continue
        if text == "map":
            write("\n".join(map_lines(state, seat)))
            continue
        if text == "leave":
            table.leaving = True
            write("you will leave the game at the next turn start (A36.1), keeping one trade "
                  "card per city; your units stay on the board")
            continue
        if word == "map" or (word == "area" and rest and pending["kind"] != "choose_area"):
            area = find_area(board, rest.replace(" ", ""))
            write("\n".join(area_lines(state, seat, area)) if area is not None
                  else f"no area is called {rest!r}: `map` lists them")
            continue
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        if not text:
            write("type an answer, a listed number, or help")
            continue
        try:
            action = civ.parse_action(with_area_numbers(board, text))
        except civ.IllegalAction as e:
            write(f"cannot read that: {e.refusal.text} (help lists the answers)")
            continue
        refusal = state.check(action)
        if refusal is None:
            return action
        why = why_not(state, action) if refusal.code == "decision/not_offered" else None
        write(f"not possible: {why or refusal.text}")


def guide(state: civ.State, pending: dict[str, Any], legal: list[dict[str, Any]],
          full: bool = False) -> list[str]:
    """What helps answer this decision: its answers (grouped for movement), the cards a
    purchase can take, examples of the trade answers the hand allows, and a warning for a
    city about to lose its support."""
    kind = pending["kind"]
    seat = int(pending["seat"])
    board = state.position.board
    lines: list[str] = []
    if kind == "growth":
        room = ", ".join(f"{label(board, int(a))} up to {n}" for a, n in pending["room"].items())
        lines.append(f"{pending['left']} token(s) to place; room: {room}")
        example = [int(a) for a, n in pending["room"].items() for _ in range(n)]
        lines.append("example: place " + " ".join(map(str, example[:pending["left"]]))
                     + " (one area per token; or grow AREA for one token)")
    elif kind == "civ_cards":
        lines += purchase_lines(state, seat)
    elif kind in ("trade_open", "trade_answer"):
        hand = canonical(state.position.seats[seat].hand)
        lines.append("your hand: " + (" ".join(hand) or "empty"))
        lines += heard_line(state.view(seat))
        lines += trade_examples(state, seat)
    if kind == "movement" and len(legal) > LISTED:
        lines += movement_help(state)
    elif full or len(legal) <= LISTED:
        lines.append(listing(legal, board))
    else:
        lines.append(f"({len(legal)} answers; help lists them)")
    if kind in ("movement", "cities"):
        lines += [w for w in (surplus_warning(state, seat), support_warning(state, seat)) if w]
    if full:
        lines.append("commands: map, area N or area NAME (map N while an area is asked), "
                     "seats, board, leave, quit; area names work wherever an area is asked. "
                     f"The map picture: {MAP_PICTURE}")
    return lines


def listing(legal: list[dict[str, Any]], board: CivMap | None = None) -> str:
    """The numbered answers, with the names of the areas they name."""
    return "answers: " + "; ".join(f"{i}) {civ.format_action(a)}{_names(a, board)}"
                                   for i, a in enumerate(legal, start=1))


def _names(action: dict[str, Any], board: CivMap | None) -> str:
    if board is None:
        return ""
    areas = [action[f] for f, kind in FIELDS[action["type"]].items()
             if kind in ("area", "area_or_none") and action[f] is not None]
    return f" ({', '.join(board.area(a).name for a in areas)})" if areas else ""
