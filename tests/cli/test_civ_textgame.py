"""Advanced Civilization in the terminal (`ziggurat play civ --text`)."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from support.civ_counted import counted_bottom

import engine.civ as civ
from ai.civ.random_player import CivRandomBot, partners
from engine.civ.flow import DECISIONS
from engine.civ.map_schema import CivMap
from engine.civ.trade import tradable
from engine.civ.trade_cards import canonical
from ziggurat_cli.civ_atlas import MAP_PICTURE, stack_lines
from ziggurat_cli.civ_textgame import guide, play_from, public_text, question
from ziggurat_cli.main import main


def test_A35_1_a_whole_short_game_played_from_typed_answers(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    typed = ["board", "nonsense", "tax 2", *["1"] * 2000]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    assert main(["play", "civ", "--text", "--turns", "2", "--players", "3",
                 "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "A6.3: choose your nation" in out and "1) nation" in out
    assert "You are seat 0 (no nation yet)" in out and "You are seat 0 (africa)" in out
    assert "cannot read that" in out  # nonsense
    assert "not possible: A6.3" in out  # tax 2, while a nation is asked for
    assert "-- turn 2: A.S.T. alteration (A34)" in out and "A.S.T. space" in out
    assert "turn 2: you stay" in out  # A36.1: the client answers for the player
    assert "stay or leave" not in out
    assert "seat 1: " in out and "you: " in out
    assert out.splitlines()[-1][0].isdigit(), "the ranking ends the game (A35.3)"
    assert "game over (A35); scores: " in out and " points = cards " in out.splitlines()[-1]


def test_play_civ_text_needs_a_turn_limit_and_without_text_opens_the_client(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import game.main

    opened: list[list[str]] = []
    monkeypatch.setattr(game.main, "run", lambda argv: opened.append(list(argv)) or 0)
    assert main(["play", "civ"]) == 0 and opened == [["--game", "civ"]]   # issue 22's table
    assert main(["play", "civ", "--text", "--turns", "0"]) == 2
    assert main(["play", "tigris", "--text", "--players", "6"]) == 2
    out = capsys.readouterr().out
    assert "--turns must be at least 1" in out


def trade_open_for_someone() -> civ.State:
    """A seeded game of random players run until a seat may open a negotiation (A17.5)."""
    state = civ.new_game(4, 1, {"turn_limit": 20})
    bots = [CivRandomBot(seat) for seat in range(4)]
    while True:
        seat = state.to_move
        assert seat is not None, "the seeded game reaches a trade"
        if state.pending is not None and state.pending["kind"] == "trade_open" \
                and partners(state.view(seat)):
            return state
        state = state.apply(bots[seat].choose(state.view(seat), 0.0))


def test_A17_3_a_proposal_typed_in_the_notation_is_made_and_answered() -> None:
    state = trade_open_for_someone()
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    to = partners(view)[0]
    own = [c for c in view["seats"][seat]["hand"] if tradable(c)]
    text = f"propose {to} give {' '.join(own[:3])} named {' '.join(own[:2])} want 3 ochre ochre"
    said: list[str] = []
    answers = iter([text, "quit"])
    assert play_from(state, seat, 1, read=lambda _: next(answers), write=said.append) == 0
    assert any(s.startswith("A17.5: trade round") for s in said)
    assert f"you: {text}" in said
    assert not any(s.startswith(("not possible", "cannot read")) for s in said)
    answer = next(s for s in said if s.startswith(f"seat {to}: "))
    assert answer.split(": ")[1].split()[0] in ("accept,", "counter", "reject", "done")


def test_A17_3_others_proposals_are_logged_without_their_unnamed_cards() -> None:
    action = {"type": "propose", "to": 1, "give": ["ochre", "salt", "wine"],
              "named": ["ochre", "salt"], "want": 3, "want_named": ["gold", "gold"]}
    assert public_text(action) == "propose to seat 1: 3 cards naming ochre salt for 3 " \
        "naming gold gold"
    assert "wine" not in public_text(action)
    assert public_text({"type": "accept", "give": ["iron", "gold", "gold"]}) == \
        "accept, handing over 3 cards"


def test_every_decision_kind_is_asked_in_words() -> None:
    for kind in DECISIONS:
        pending = {"kind": kind, "seat": 0, "ship": 2, "area": 12, "round": 1,
                   "most": 2, "calamity": "famine", "target": 10, "taken": 0, "left": 3,
                   "effect": "reduce", "count": 1,
                   "proposal": {"from": 1, "to": 0, "give_count": 3, "named": ["oil", "oil"],
                                "want": 3, "want_named": ["salt", "salt"]}}
        text = question(pending)
        assert not text.startswith(kind), f"{kind} has no question in words"


class Newcomer:
    """Typed input that reads what the game wrote, as a person at the terminal would: it
    tries the commands a newcomer needs, then answers with a shown example, one of the
    listed answers or, in movement, a move typed with area names from the grouped help
    (a seeded choice, so the game is the same every run)."""

    def __init__(self, board: CivMap, commands: dict[str, list[str]], leave_in: int,
                 seed: int = 0) -> None:
        self.board = board
        self.leave_in = leave_in  # the turn in which `leave` is typed
        self.choice = random.Random(seed)
        self.said: list[str] = []
        self.commands = commands  # question's first word -> commands typed at the first one
        self.typed: list[str] = []
        self.pending: list[str] = []
        self.shown: list[str] = []
        self.seen = 0

    def write(self, text: str) -> None:
        self.said += text.split("\n")

    def read(self, prompt: str) -> str:
        assert len(self.typed) < 20000, "the game goes on"
        new = self.said[self.seen:]
        self.seen = len(self.said)
        if any(ASKED.match(s) for s in new):  # a new question
            asked = [s for s in new if QUESTION.match(s)]
            if asked:
                self.pending = list(self.commands.pop(asked[-1].split(":")[0], []))
            self.shown = new
        if f"-- turn {self.leave_in}: taxation (A8)" in new:
            self.pending.append("leave")
        refused = bool(new) and new[-1].startswith(("not possible", "cannot read"))
        text = self.pending.pop(0) if self.pending else self.answer(self.shown, refused)
        self.typed.append(text)
        return text

    def answer(self, shown: list[str], refused: bool) -> str:
        for line in [] if refused else shown:
            for lead in ("example: place ", "example: purchase ", "for example: accept "):
                if line.startswith(lead):
                    return line[len(lead) - len(lead.split()[-1]) - 1:].split("   ")[0]
        listed = [s for s in shown if s.startswith("answers: 1) ")]
        if listed:
            first = listed[-1][len("answers: 1) "):].split(";")[0]
            nation = re.fullmatch(r"nation (\w+) (\d+) \((.+)\)", first)
            if nation:  # typed with the area's name, not its number
                return f"nation {nation[1]} {nation[3].lower()}"
            answers = [a.split(") ", 1)[1].split(" (")[0] for a in listed[-1].split("; ")]
            builds = [a for a in answers if a.startswith("build ")]
            if builds:  # a newcomer builds every city offered (A14)
                return builds[0]
            keep = [a for a in answers if not a.startswith(("ship ", "sail ", "load "))]
            return self.choice.choice(keep or answers)
        moves = [m for m in map(GROUPED.match, shown) if m]
        if moves and self.choice.random() < 0.8:
            m = self.choice.choice(moves)
            to = self.choice.choice(re.findall(r"([^,]+?) \(\d+\)(?:, |$)", m[3]))
            return (f"move {m[1].lower().replace(' ', '_')} {to.strip().replace(' ', '-')} "
                    f"{self.choice.randint(1, int(m[2]))}")
        return "done"


ASKED = re.compile(r"^(answers: 1\) |answers by area|\(\d+ answers; help lists them\))")
GROUPED = re.compile(r"^  from (.+) \(\d+\), up to (\d+) token\(s\): to (.+)$")
QUESTION = re.compile(r"^A\d+\.?\d*: ")


def far_area(state: civ.State, near: int) -> int:
    """A land area in play not next to `near`."""
    board = state.position.board
    return next(a.id for a in board.areas if a.is_land and a.id != near
                and a.id in state.position.in_play() and a.id not in board.neighbours(near))


def test_A1_5_a_whole_game_played_as_a_newcomer_with_the_map_and_seats_commands() -> None:
    # a seeded game in which the newcomer meets a guide's example (place, purchase or accept)
    state = civ.new_game(3, 23, {"turn_limit": 12})
    board = state.position.board
    first = state.legal_actions()[0]  # the newcomer takes the first nation listed
    nation, start = first["nation"], first["area"]
    far = far_area(state, start)
    newcomer = Newcomer(board, {
        "A6.3": ["map", "seats", f"area {board.area(start).name.upper()}", "area nowhere"],
        "A12": ["help", f"move {start} {far} 1", f"move {start} {start} 1", "seats"],
    }, leave_in=11, seed=23)
    assert play_from(state, 0, 23, read=newcomer.read, write=newcomer.write) == 0
    said, typed = newcomer.said, newcomer.typed
    # map: every area in play in a line, the picture named
    assert f"The map ({MAP_PICTURE}); `area N` or `area NAME` tells one area in full." in said
    assert sum(1 for s in said if re.match(r"^ +\d+ \S", s)) >= len(state.position.in_play())
    # area NAME: features, neighbours by land and water, who is there
    at = said.index(next(s for s in said if s.startswith(f"{board.area(start).name} ({start})"
                                                          ": ")))
    assert "population limit" in said[at] and f"start area of {nation}" in said[at]
    assert said[at + 1].startswith("  next to it by land: ")
    assert said[at + 2].startswith("  next to it by water: ")
    assert said[at + 3].startswith("  here: ")
    assert "no area is called 'nowhere': `map` lists them" in said
    # the nation was typed by its area's name
    assert any(t.startswith("nation ") and not t.split()[-1].isdigit() for t in typed)
    # seats: every nation's public state, but no other seat's hand (A1.5)
    assert sum(1 for s in said if s.startswith("  your trade cards: ")) == \
        typed.count("seats")
    assert any(s.startswith("  trade cards: ") and s.endswith("(hidden, A1.5)") for s in said)
    assert any(s.startswith("seat 1 (") and "treasury" in s and "stock" in s for s in said)
    # a refused move says why
    assert any(s.startswith(f"not possible: {board.area(far).name} ({far}) is not adjacent "
                            f"to ") for s in said)
    assert "not possible: a move goes to another area" in said
    # the client says stay for the player until `leave` (A36.1)
    assert "turn 1: you stay (A36.1; the client says stay for you each turn: type `leave` " \
        "at any question to leave at the next turn start)" in said
    assert "turn 12: you leave the game (A36.1)" in said
    assert any(s.startswith("you left the game") for s in said)
    assert not any("Enter to stay" in s for s in said)
    # moves typed with area names from the grouped help; the guides' examples are legal
    assert any(t.startswith("move ") and not t.split()[1].isdigit() for t in typed)
    guided = [t for t in typed if t.startswith(("place ", "purchase ", "accept "))]
    assert guided and all(f"you: {t}" in said for t in guided)
    refused = [s for s in said if s.startswith(("not possible", "cannot read"))]
    assert len(refused) == 2, refused  # the two moves typed wrong on purpose
    # growth and census are told; the end gives each score's parts
    assert any(re.match(r"^you grew: \+\d in ", s) for s in said)
    assert any(s.startswith("census order (A10") for s in said)
    assert said[-1][0].isdigit() and " points = cards " in said[-1]
    assert "scores (A35.2): civilization cards + trade cards + treasury + 100 per A.S.T. " \
        "space beyond the start + 50 per city" in said


def bots_until(kind: str, seat: int = 0,
               where: Callable[[civ.State], bool] = lambda state: True) -> civ.State:
    """The first of some seeded 3-player games of random players in which `seat` is asked
    `kind` (at a position `where` accepts), at that question."""
    for seed in range(12, 40):
        state = civ.new_game(3, seed, {"turn_limit": 12})
        bots = [CivRandomBot(seed * 10 + s) for s in range(3)]
        while state.pending is not None:
            if state.pending["kind"] == kind and state.pending["seat"] == seat and where(state):
                return state
            to = state.to_move
            assert to is not None
            state = state.apply(bots[to].choose(state.view(to), 0.0))
    raise AssertionError(f"no seeded game reaches {kind}")


def after_setup() -> tuple[civ.State, dict[str, Any], int]:
    """A two-player game (seed 3) past its setup, its position as a dict to edit, and seat
    0's start area."""
    state = civ.new_game(2, 3, {"turn_limit": 3})
    while state.position.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    d = state.to_dict()
    return state, d, next(a["id"] for a in d["areas"] if "0" in a["tokens"])


def short_of_stock() -> civ.State:
    """Seat 0 with 2 tokens in its start area and in each of its land neighbours, and 3
    tokens in stock: a growth of 2 per area that it must place itself (A9.2)."""
    state, d, home = after_setup()
    board = state.position.board
    near = [n for n in board.neighbours(home, over="land") if board.area(n).is_land
            and n in state.position.in_play() and all(a["id"] != n for a in d["areas"])]
    d["areas"] = [a for a in d["areas"] if a["id"] != home] + [
        {"id": n, "tokens": {"0": 2}, "city": None} for n in [home, *near]]
    d["areas"].sort(key=lambda a: a["id"])
    d["seats"][0]["treasury"] = d["seats"][0]["stock"]["tokens"] + 1 - 2 * (1 + len(near)) - 3
    d["seats"][0]["stock"]["tokens"] = 3
    d.update(phase="growth", pending=None, phase_state={})
    return civ.from_dict(d)


def test_A9_2_a_short_stock_is_placed_in_one_answer_typed_with_area_names() -> None:
    state = short_of_stock()
    assert state.pending is not None and state.pending["kind"] == "growth"
    board = state.position.board
    room = [int(a) for a in state.pending["room"]]
    names = [board.area(room[0]).name, board.area(room[0]).name, board.area(room[1]).name]
    typed = ["place " + " ".join(n.lower().replace(" ", "_") for n in names), "quit"]
    said: list[str] = []
    answers = iter(typed)
    assert play_from(state, 0, 3, read=lambda _: next(answers), write=said.append) == 0
    assert any(s.startswith("A9.2: your stock runs short of your growth: place it all")
               for s in said)
    assert any(s.startswith("example: place ") for s in said)
    assert f"you: place {room[0]} {room[0]} {room[1]}" in said
    assert not any(s.startswith("not possible") for s in said)
    assert state.pending["left"] == 3


def test_A12_help_during_movement_groups_the_answers_by_area_and_ship() -> None:
    state = short_of_stock()
    while state.pending is not None and state.pending["kind"] != "movement":
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if a["type"] in ("done", "stay")),
                                 legal[0]))
    assert state.pending is not None and state.to_move == 0
    legal = state.legal_actions()
    assert len(legal) > 24
    lines = guide(state, state.pending, legal, full=True)
    assert lines[0].startswith("answers by area (move FROM TO COUNT")
    froms = [s for s in lines if s.startswith("  from ")]
    assert len(froms) == len({a["from"] for a in legal if a["type"] == "move"})
    assert not any(s.startswith("answers: 1)") for s in lines)
    assert len(lines) < 12


def test_A32_the_purchase_prompt_lists_prices_after_credits_and_a_legal_example() -> None:
    state = bots_until("civ_cards", where=lambda s: any(  # asked with nothing to buy too (A1.2)
        line.endswith("[can buy]") for line in guide(s, s.pending or {}, s.legal_actions())))
    lines = guide(state, state.pending or {}, state.legal_actions())
    assert lines[0].startswith("your commodity cards are worth ")
    rows = [s for s in lines if re.match(r"^  [a-z_]+ +.* cost +\d+", s)]
    held = set(state.position.seats[0].cards)
    assert len(rows) == 24 - len(held)
    assert any(s.endswith("[can buy]") for s in rows)
    example = next(s for s in lines if s.startswith("example: purchase "))
    assert state.check(civ.parse_action(example[len("example: "):].split("   ")[0])) is None
    d = state.to_dict()
    d["seats"][0]["cards"].append("pottery")
    lines = guide(civ.from_dict(d), state.pending or {}, state.legal_actions())
    assert any(re.match(r"^  cloth_making +Cloth Making +cost  45 - credits 10 = 35", s)
               for s in lines)


def test_A17_4_the_trade_prompt_shows_accept_and_counter_the_hand_allows() -> None:
    state = bots_until("trade_answer")
    lines = guide(state, state.pending or {}, state.legal_actions())
    assert lines[0] == "your hand: " + " ".join(canonical(state.position.seats[0].hand))
    examples = [s[len("for example: "):] for s in lines if s.startswith("for example: ")]
    assert [e.split()[0] for e in examples] == ["accept", "counter"]
    for text in examples:
        assert state.check(civ.parse_action(text)) is None


def test_A17_3_the_trade_prompt_says_what_the_others_were_heard_to_name() -> None:
    """A seat that named cards in a negotiation that came to nothing surely holds them, and
    everyone heard it: the next trade prompt says so, as a player at a table remembers."""
    def refused(state: civ.State) -> civ.State:
        """After the answer's refusal and the proposer's passes."""
        proposer = state.pending["proposal"]["from"]
        state = state.apply({"type": "reject"})
        while state.pending is not None and state.pending["kind"] == "trade_open" \
                and state.pending["seat"] == proposer:
            state = state.apply({"type": "pass"})
        return state

    def trade_goes_on(state: civ.State) -> bool:
        return str((refused(state).pending or {}).get("kind", "")).startswith("trade")

    state = bots_until("trade_answer", where=trade_goes_on)
    proposal = state.pending["proposal"]
    named = canonical(proposal["named"])
    state = refused(state)
    pending = state.pending
    assert pending is not None
    seat = int(pending["seat"])
    lines = guide(state, pending, state.legal_actions())
    heard = [line for line in lines if line.startswith("heard this phase: ")]
    nation = state.view(seat)["seats"][proposal["from"]]["nation"]
    assert heard and f"{proposal['from']} ({nation}) holds {' '.join(named)}" in heard[0]


def test_A7_5_a_city_about_to_lose_its_support_is_warned_of_at_movement() -> None:
    state, d, home = after_setup()
    board = state.position.board
    near = next(n for n in board.neighbours(home, over="land") if board.area(n).is_land
                and all(a["id"] != n for a in d["areas"]))
    limit = board.area(near).limit  # at most 5 (A3.4): too few for 3 cities (A7.5)
    others = [a.id for a in board.areas if a.is_land and a.id in state.position.in_play()
              and a.id not in (home, near) and all(x["id"] != a.id for x in d["areas"])][:2]
    d["areas"] = [a for a in d["areas"] if a["id"] != home] + [
        {"id": near, "tokens": {"0": limit + 3}, "city": None}] + [
        {"id": c, "tokens": {}, "city": {"owner": 0, "new": False}} for c in [home, *others]]
    d["areas"].sort(key=lambda a: a["id"])
    d["seats"][0]["stock"] = {"tokens": 55 - (limit + 3), "cities": 6}
    d.update(phase="census", pending=None, phase_state={})
    state = civ.from_dict(d)
    while state.pending is not None and state.pending["kind"] != "movement":
        state = state.apply(next(a for a in state.legal_actions() if a["type"] == "done"))
    assert state.to_move == 0
    lines = guide(state, state.pending or {}, state.legal_actions())
    assert f"note: above the population limit, 3 in {board.area(near).name} ({near}) will " \
        "be removed in phase 8 unless they move or a city is built (A15.1)" in lines
    assert f"warning: your 3 cities need 6 tokens on the board (A7.5); after surplus " \
        f"removal (A15.1: no more than each area's limit) you would have {limit}, so a city " \
        "will be reduced at the end of phase 8" in lines


def test_A17_5_the_trade_prompt_shows_a_proposal_built_from_public_hand_sizes() -> None:
    state = trade_open_for_someone()
    seat = state.to_move
    assert seat is not None and state.pending is not None
    lines = guide(state, state.pending, state.legal_actions())
    example = next(s for s in lines if s.startswith("for example: propose "))
    action = civ.parse_action(example[len("for example: "):])
    assert action["to"] != seat and state.view(seat)["seats"][action["to"]]["hand_size"] >= 3
    assert set(action["give"]) <= set(state.position.seats[seat].hand)


def test_A14_2_a_refused_city_says_how_many_tokens_it_needs() -> None:
    state = civ.new_game(3, 3, {"turn_limit": 3})
    while state.position.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    d = state.to_dict()
    board = state.position.board
    free = [a for a in board.areas if a.is_land and a.id in state.position.in_play()
            and all(x["id"] != a.id for x in d["areas"])]
    site = next(a.id for a in free if a.city_site == "black")
    bare = next(a.id for a in free if a.city_site == "none")
    home = next(a["id"] for a in d["areas"] if "0" in a["tokens"])
    d["areas"] = [a for a in d["areas"] if a["id"] != home] + [
        {"id": site, "tokens": {"0": 7}, "city": None},
        {"id": bare, "tokens": {"0": 3}, "city": None}]
    d["areas"].sort(key=lambda a: a["id"])
    d["seats"][0]["stock"]["tokens"] += 1 - 10  # home's token, then 7 + 3 on the board
    d.update(phase="cities", pending=None, phase_state={})
    state = civ.from_dict(d)
    assert state.pending is not None and state.pending["kind"] == "cities"
    said: list[str] = []
    answers = iter([f"build {board.area(bare).name}", f"area {board.area(bare).name}", "quit"])
    assert play_from(state, 0, 3, read=lambda _: next(answers), write=said.append) == 0
    assert f"not possible: a city in {board.area(bare).name} ({bare}) needs 12 of your " \
        "tokens there, you have 3 (A14.2: 6 on a city site, 12 elsewhere; Architecture, " \
        "A14.3, makes up half from the treasury once a turn)" in said
    assert any(s.startswith(f"{board.area(bare).name} ({bare}): ")
               and "no city site: a city needs 12 tokens (A14.2)" in s for s in said)


def test_A6_2_A32_6_seats_tells_the_stacks_and_how_deep_each_non_tradable_calamity_lies() -> None:
    # set up in view of all at the very bottom; three cards off stack 2 (here to its returns,
    # as if drawn and handed in) bring it three nearer
    d = civ.new_game(5, 1).to_dict()
    assert stack_lines(civ.from_dict(d).view(0)) == [
        "stacks (cards in each): 1: 14, 2: 17 (Volcanic Eruption / Earthquake is card 17), "
        "3: 19 (Famine is card 19), 4: 17 (Civil War is card 17), 5: 15 (Flood is card 15), "
        "6: 12, 7: 12, 8: 10, 9: 10"]
    d["returns"][1] += d["stacks"][1][:3]
    del d["stacks"][1][:3]
    assert "2: 14 (Volcanic Eruption / Earthquake is card 14)" in stack_lines(
        civ.from_dict(d).view(None))[0]


def test_A32_6_seats_tells_the_cards_counted_going_under_the_stacks() -> None:
    """Two cards handed in (A32.4) went under stack 2, just above its calamity (A32.6), and
    one Ochre is on its way back: the text game names them, as the computer players count
    them; with nothing counted it says nothing."""
    d = civ.new_game(5, 1).to_dict()
    assert len(stack_lines(civ.from_dict(d).view(0))) == 1
    under = counted_bottom(d, 1, 2)
    d["stacks"][0].remove("ochre")
    d["returns"][0], d["returns_shown"][0] = ["ochre"], ["ochre"]
    assert stack_lines(civ.from_dict(d).view(2))[1] == \
        "in no hand, counted going under the stacks (A32.6): " + " ".join(["ochre", *under])
