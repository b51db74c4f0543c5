"""A text game in the terminal: you against random players, for machines with no display.

Actions are typed in the engine's one-line notation (`tile blue D4`,
`leader red E5`, `commit 2`, `pass`...); `help` lists the legal ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import engine.tigris as engine
from engine.tigris.board import COLUMNS, HEIGHT

SYMBOL = {"red": "r", "blue": "b", "green": "g", "black": "k"}


def draw_board(state: engine.State, seat: int) -> str:
    view = state.view(seat)
    river = set(engine.board_layout(view["options"]["board"])["river"])
    lines = ["    " + "  ".join(COLUMNS)]
    for row in range(1, HEIGHT + 1):
        cells = []
        for col in COLUMNS:
            sq = f"{col}{row}"
            cell = view["board"].get(sq)
            if cell is None:
                cells.append("~ " if sq in river else ". ")
            elif "catastrophe" in cell:
                cells.append("XX")
            elif "leader" in cell:
                leader = cell["leader"]
                cells.append(leader["dynasty"][0].upper() + SYMBOL[leader["color"]])
            else:
                mark = "*" if cell.get("treasure") else ("_" if cell.get("face_down") else " ")
                cells.append(SYMBOL[cell["tile"]].upper() + mark)
        lines.append(f"{row:>3} " + " ".join(cells))
    me = view["players"][seat]
    lines.append(f"You are {me['dynasty']}: hand {' '.join(me['hand'])}, score {me['score']}, "
                 f"treasures {me['treasures']}, catastrophes {me['catastrophes']}; "
                 f"bag {view['bag_size']}")
    return "\n".join(lines)


def play_text_game(players: int, seed: int, read: Callable[[str], str] = input,
                   write: Callable[[str], None] = print) -> int:
    state = engine.new_game(players, seed)
    bots = random.Random(seed)
    human = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if seat != human:
            action = bots.choice(state.legal_actions())
            write(f"{state.dynasties[seat]}: {engine.format_action(action)}")
            state = state.apply(action)
            continue
        write(draw_board(state, human))
        if state.pending:
            write(f"decide: {state.pending['kind']} {state.pending}")
        text = read("your action> ").strip()
        if text in ("quit", "exit"):
            return 0
        if text == "help":
            write(", ".join(engine.format_action(a) for a in state.legal_actions()[:200]))
            continue
        try:
            state = state.apply(engine.parse_action(text))
        except engine.IllegalAction as e:
            write(f"not possible: {e}")
    for place, seats in enumerate(state.ranking(), start=1):
        write(f"{place}. " + ", ".join(state.dynasties[s] for s in seats))
    return 0
