"""Positions of the shipped map where each kind of civ decision is pending, for the
table's tests (tests/client/test_civ_every_decision.py): one per kind, the first met in
seeded games between computer levels (some kinds come only with calamities or cards
that a short game seldom reaches, so they are found once here and stored).

Regenerate (after a change of the position format or of the rules):

    python tests/support/civ_decision_positions.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
DATA = HERE.parents[1] / "client" / "data" / "civ_decisions.json"
GAMES = ((8, 5), (5, 3), (8, 9), (6, 21), (7, 33), (4, 8), (8, 40), (6, 55))
TURNS = 16


def load() -> dict[str, dict[str, Any]]:
    """Kind → position (the engine's `to_dict`): those stored, and those made from the
    stored growth position (turn 10, eight nations) by setting the phase back to the
    tax (A8) with one more card held: a Coinage holder declares his rate (A8.1), and
    without it the tax leaves a seat short and its cities revolt (A8.4); the
    calamities' phase with Monotheism held asks for a conversion (A31.1); a ship at the
    census is kept or released (A11.1); a city taken by seven tokens is pillaged
    (A13.6)."""
    import copy

    import engine.civ as civ
    from game.civ import words

    positions = dict(json.loads(DATA.read_text(encoding="utf-8")))
    base = positions["growth"]
    for kind, phase, card in (("revolt", "tax", None), ("tax_rate", "tax", "coinage"),
                              ("monotheism", "calamities", "monotheism")):
        d = copy.deepcopy(base)
        d["phase"], d["phase_state"], d["pending"] = phase, {}, None
        if card is not None:
            d["seats"][1]["cards"] = sorted({*d["seats"][1]["cards"], card})
        made = civ.from_dict(d)
        if made.pending is not None and made.pending["kind"] == kind:
            positions.setdefault(kind, made.to_dict())
    # A11.1: a ship of seat 1 at the census; the seats before it build none
    d = copy.deepcopy(base)
    d["phase"], d["phase_state"], d["pending"] = "census", {}, None
    coastal = next(a["id"] for a in d["areas"] if a["tokens"].get("1")
                   and words.board(d).area(a["id"]).kind == "coastal")
    d["ships"] = [{"owner": 1, "number": 1, "area": coastal, "coast": None, "aboard": 0}]
    made = civ.from_dict(d)
    while made.pending is not None and made.pending["kind"] == "ships":
        made = made.apply({"type": "done"})
    if made.pending is not None and made.pending["kind"] == "ship_upkeep":
        positions.setdefault("ship_upkeep", made.to_dict())
    # A13.5-A13.6: seven tokens of seat 2 against a city of seat 1 at the conflicts
    d = copy.deepcopy(base)
    d["phase"], d["phase_state"], d["pending"] = "conflict", {}, None
    city = next(a for a in d["areas"] if a["city"] is not None and a["city"]["owner"] == 1)
    city["tokens"]["2"] = 7
    d["seats"][2]["stock"]["tokens"] -= 7
    made = civ.from_dict(d)
    if made.pending is not None and made.pending["kind"] == "pillage":
        positions.setdefault("pillage", made.to_dict())
    return positions


def generate() -> dict[str, dict[str, Any]]:
    import ai
    import engine.civ as civ

    found: dict[str, dict[str, Any]] = {}
    for players, seed in GAMES:
        levels = ["medium" if s % 2 else "easy" for s in range(players)]
        bots = [ai.make_bot("civ", level, seed * 10 + s) for s, level in enumerate(levels)]
        state = civ.new_game(players, seed, {"turn_limit": TURNS})
        while not state.is_over:
            kind = state.pending["kind"]
            if kind not in found:
                found[kind] = state.to_dict()
            me = state.to_move
            state = state.apply(bots[me].choose(state.view(me), 0.0))
        print(players, seed, sorted(found), flush=True)
    return found


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parents[2]))
    positions = generate()
    DATA.write_text(json.dumps(positions, sort_keys=True, separators=(",", ":")) + "\n",
                    encoding="utf-8")
    print(f"{len(positions)} kinds written to {DATA}")
