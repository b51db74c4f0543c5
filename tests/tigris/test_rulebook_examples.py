"""The rulebooks' worked examples, replayed through the engine's public API.

Every test builds a legal position with ``engine.from_dict`` (the contract's
position format), applies the actions the example describes, and checks the
outcome the rulebook states. ``docs/rulebook-examples.md`` retells each
example in English with its source in ``../shared/seeds/``, so a maintainer
can check a test against the book. Where the book and ``rules.md`` disagree,
``rules.md`` wins; such places are marked ``DISAGREEMENT`` below.

The books' examples are pictures without square names, so every layout here
is chosen on the classic board to reproduce the described situation (same
counts of supporters, same adjacencies); each test says what it keeps.
Squares used, classic board: treasure temples K1 B2* P2* F3 N5 I7 B8* O9* F10
K11 (* corner), river as in ``board-classic.txt``.

The civilization-building examples of the 2007 edition (``004_``, R13) are in
the second half of this file.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

import engine.tigris as engine

Position = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

COLORS: tuple[str, ...] = ("red", "blue", "green", "black")
TILES_PER_COLOR: dict[str, int] = {"red": 57, "blue": 36, "green": 30, "black": 30}  # R1.2
TREASURE_SQUARES: tuple[str, ...] = (
    "K1", "B2", "P2", "F3", "N5", "I7", "B8", "O9", "F10", "K11",
)  # R2.1, board-classic.txt
CORNER_TREASURES: frozenset[str] = frozenset({"B2", "P2", "B8", "O9"})  # R9.1
RIVER: frozenset[str] = frozenset([
    "E1", "F1", "G1", "H1", "I1", "M1", "E2", "M2", "D3", "E3", "M3", "N3",
    "A4", "B4", "C4", "D4", "N4", "O4", "P4", "O5", "P5", "O6",
    "A7", "B7", "C7", "D7", "M7", "N7", "O7", "D8", "E8", "F8", "G8", "M8",
    "G9", "H9", "I9", "J9", "K9", "L9", "M9",
])  # board-classic.txt


# --------------------------------------------------------------------------
# Position helpers (contract format only)
# --------------------------------------------------------------------------

def temple(treasure: bool = False) -> dict[str, Any]:
    """A face-up red tile, with a treasure when asked."""
    return {"tile": "red", "treasure": True} if treasure else {"tile": "red"}


def tile(color: str) -> dict[str, Any]:
    """A face-up civilization tile of `color`."""
    return {"tile": color}


def leader(dynasty: str, color: str) -> dict[str, Any]:
    """A board entry holding the leader of `dynasty` of `color`."""
    return {"leader": {"dynasty": dynasty, "color": color}}


def sort_hand(tiles: Iterable[str]) -> list[str]:
    """A hand in the contract's order: red, blue, green, black."""
    return sorted(tiles, key=COLORS.index)


def neighbours(square: str) -> list[str]:
    """R3.1: the squares sharing a side with `square` on the 16 x 11 board."""
    col, row = ord(square[0]) - ord("A"), int(square[1:])
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < 16 and 1 <= r <= 11:
            out.append(f"{chr(ord('A') + c)}{r}")
    return out


def check_layout(board: Mapping[str, Mapping[str, Any]]) -> None:
    """Self-check of a test layout: blue tiles only on river, everything else on
    land, every leader next to a face-up temple (R3.4, R5.1, R5.2)."""
    for square, entry in board.items():
        if "tile" in entry:
            on_river = square in RIVER
            assert on_river == (entry["tile"] == "blue"), f"{square}: {entry} on wrong terrain"
        if "leader" in entry:
            assert square not in RIVER, f"leader on river square {square}"
            assert any(
                board.get(n, {}).get("tile") == "red" and not board[n].get("face_down")
                for n in neighbours(square)
            ), f"leader at {square} has no face-up temple"


def bag_order(counts: Mapping[str, int]) -> list[str]:
    """A deterministic bag: the colours dealt round-robin (black, green, blue, red)."""
    left = dict(counts)
    order: list[str] = []
    while any(left.values()):
        for color in ("black", "green", "blue", "red"):
            if left[color]:
                order.append(color)
                left[color] -= 1
    return order


def make_position(
    dynasties: Sequence[str],
    hands: Sequence[Sequence[str]],
    board: Mapping[str, dict[str, Any] | None],
    *,
    active: int = 0,
    actions_left: int = 2,
    scores: Mapping[int, Mapping[str, int]] | None = None,
    treasures: Mapping[int, int] | None = None,
    catastrophes: Mapping[int, int] | None = None,
    buildings: Mapping[str, str] | None = None,
    buildings_option: bool = False,
) -> Position:
    """A position in the contract's format.

    The board starts from the set-up (R2.1: a temple with a treasure on each of
    the ten treasure squares); `board` adds squares, or removes one with None.
    The bag holds every tile not on the board or in a hand, in `bag_order`.
    """
    squares: dict[str, dict[str, Any]] = {sq: temple(treasure=True) for sq in TREASURE_SQUARES}
    for square, entry in board.items():
        if entry is None:
            squares.pop(square, None)
        else:
            squares[square] = dict(entry)
    check_layout(squares)

    used = Counter(entry["tile"] for entry in squares.values() if "tile" in entry)
    for hand in hands:
        used.update(hand)
    left = {color: TILES_PER_COLOR[color] - used[color] for color in COLORS}
    assert all(n >= 0 for n in left.values()), f"more tiles than the game has: {used}"

    players = []
    for seat, (dynasty, hand) in enumerate(zip(dynasties, hands, strict=True)):
        score = {color: 0 for color in COLORS}
        score.update((scores or {}).get(seat, {}))
        players.append({
            "dynasty": dynasty,
            "hand": sort_hand(hand),
            "score": score,
            "treasures": (treasures or {}).get(seat, 0),
            "catastrophes": (catastrophes or {}).get(seat, 2),
        })
    placed_buildings: dict[str, dict[str, str] | None] = {color: None for color in COLORS}
    for color, square in (buildings or {}).items():
        placed_buildings[color] = {"at": square}
    return {
        "version": 1,
        "options": {"board": "classic", "buildings": buildings_option,
                    "english_variant": False, "wonder": False, "open_scoring": False},
        "players": players,
        "board": squares,
        "monuments": [],
        "buildings": placed_buildings,
        "wonder": None,
        "bag": bag_order(left),
        "active": active,
        "actions_left": actions_left,
        "pending": None,
        "unification": None,
        "ended": False,
    }


def start(position: Position) -> Any:
    """engine.from_dict on a copy, so the test keeps its own position intact."""
    return engine.from_dict(copy.deepcopy(position))


def play(state: Any, *actions: Action) -> Any:
    """Apply the actions in order; the returned state is the one to use."""
    for action in actions:
        state = state.apply(action)
    return state


def events_of(state: Any, kind: str) -> list[Event]:
    """The events of the last apply with type `kind`."""
    return [e for e in state.events if e["type"] == kind]


def score(state: Any, seat: int) -> dict[str, int]:
    return dict(state.to_dict()["players"][seat]["score"])


def hand(state: Any, seat: int) -> list[str]:
    return list(state.to_dict()["players"][seat]["hand"])


def pending(state: Any) -> dict[str, Any] | None:
    return state.to_dict()["pending"]


def board_of(state: Any) -> dict[str, dict[str, Any]]:
    return dict(state.to_dict()["board"])


def leader_square(state: Any, dynasty: str, color: str) -> str | None:
    """Where the leader stands, or None when it is in its owner's supply."""
    for square, entry in board_of(state).items():
        if entry.get("leader") == {"dynasty": dynasty, "color": color}:
            return square
    return None


def tile_squares(state: Any) -> dict[str, str]:
    """Every civilization tile on the board: square -> colour."""
    return {sq: e["tile"] for sq, e in board_of(state).items() if "tile" in e}


def commit_counts(state: Any) -> set[int]:
    return {a["count"] for a in state.legal_actions() if a["type"] == "commit"}


def answer_war_order_if_asked(state: Any, color: str) -> Any:
    """R8.2: with one war the engine may still ask for the order (contract: it asks
    every decision); answer it if so."""
    p = pending(state)
    if p is not None and p["kind"] == "war_order":
        assert p["colors"] == [color]
        state = state.apply({"type": "war_order", "color": color})
    return state


# --------------------------------------------------------------------------
# Example 1: internal conflict (revolt), R7
# --------------------------------------------------------------------------
# 000/001 (Finnish, p.7) and 004 (Romanian): the attacker (the pot's king) has
# 2 temples next to his leader, the defender (the bull's king) 1; the attacker
# commits 2 temples, the defender 3: 4 to 4, the defender wins.
# 002 (Spanish, "Ejemplo 1"): 3 temples against 2, then 2 and 3: 5 to 5, the
# defender wins. The books disagree on the counts only; both are tested.
# Both: the winner gets 1 red VP, the loser's leader goes home, the 5 committed
# temples leave the game, no tile on the board is removed (R7.3).
#
# Layout (no squares in the books): the bull's king stands on K4 (its only
# neighbours with tiles are temples); the pot's king is placed on L5. K5 is
# next to both kings and counts for both (R7.2, "the gods are capricious").

REVOLT_VARIANTS = [
    pytest.param(
        {"temples": ["K5", "L6"], "attacker_board": 2, "defender_board": 1, "total": 4},
        id="000-001-004_two_vs_one",
    ),
    pytest.param(
        {"temples": ["K5", "L4", "L6"], "attacker_board": 3, "defender_board": 2, "total": 5},
        id="002_three_vs_two",
    ),
]


@pytest.mark.parametrize("variant", REVOLT_VARIANTS)
def test_R7_revolt_example_1_defender_wins_tie(variant: dict[str, Any]) -> None:
    bull, pot = 0, 1
    board: dict[str, dict[str, Any] | None] = {"K4": leader("bull", "black")}
    for square in variant["temples"]:
        board[square] = temple()
    position = make_position(
        ["bull", "pot"],
        # The bull can commit 3 temples, the pot 2.
        [["red", "red", "red", "blue", "green", "black"],
         ["red", "red", "blue", "green", "black", "black"]],
        board,
        active=pot,
    )
    state = start(position)
    tiles_before = tile_squares(state)

    # R7.1: positioning a leader into a kingdom with a leader of its colour.
    state = state.apply({"type": "leader", "color": "black", "to": "L5"})
    p = pending(state)
    assert p is not None and p["kind"] == "commit"
    assert p["conflict"] == "internal" and p["color"] == "black"
    assert (p["attacker"], p["defender"]) == (pot, bull)
    assert p["attacker_strength"] == variant["attacker_board"]  # R7.2, shared K5 counts
    assert p["defender_strength"] == variant["defender_board"]
    assert state.to_move == pot
    assert commit_counts(state) == {0, 1, 2}  # R7.2: red tiles whatever the leaders' colour

    state = state.apply({"type": "commit", "count": 2})
    assert state.to_move == bull
    assert pending(state)["attacker_committed"] == 2
    assert commit_counts(state) == {0, 1, 2, 3}
    state = state.apply({"type": "commit", "count": 3})

    # R6.2: a tie goes to the defender.
    won = events_of(state, "conflict_won")
    assert len(won) == 1
    assert won[0]["kind"] == "revolt" and won[0]["color"] == "black"
    assert (won[0]["winner"], won[0]["loser"]) == (bull, pot)
    assert won[0]["winner_total"] == won[0]["loser_total"] == variant["total"]
    # R7.3: the loser's leader goes home, the winner gets 1 red VP.
    assert leader_square(state, "pot", "black") is None
    assert leader_square(state, "bull", "black") == "K4"
    withdrawn = events_of(state, "leader_withdrawn")
    assert [(e["seat"], e["color"], e["reason"]) for e in withdrawn] == [(pot, "black", "revolt")]
    assert score(state, bull) == {"red": 1, "blue": 0, "green": 0, "black": 0}
    assert score(state, pot) == {"red": 0, "blue": 0, "green": 0, "black": 0}
    # R6.2: all 5 committed temples are out of the game; R7.3: no board tile removed.
    assert hand(state, pot) == ["blue", "green", "black", "black"]
    assert hand(state, bull) == ["blue", "green", "black"]
    assert tile_squares(state) == tiles_before
    assert len(state.to_dict()["bag"]) == len(position["bag"])
    # The action is over; the pot's second action follows.
    assert pending(state) is None
    assert state.to_move == pot
    assert state.to_dict()["actions_left"] == 1


# --------------------------------------------------------------------------
# Example 2: external conflict (war), R8
# --------------------------------------------------------------------------
# All books (000/001 p.8-9, 002 "Ejemplo 2", 004): a tile joins two kingdoms,
# giving two wars, traders (green) and kings (black). The joining player has
# the traders fought first. The lion (attacker) has 1 market in his kingdom
# and commits 4; the defender (pot) has 2 and commits 1 (to get rid of it):
# 5 to 3, the lion wins, the pot's trader goes home, its 2 markets are removed,
# the lion gets 3 green VP; the kingdom falls in two, so the kings' war does
# not take place; the unification tile goes back. At the end of the turn,
# everyone who committed tiles refills to 6.
#
# Layout: west kingdom E5 temple, lion king E4, lion trader E6, market F5;
# east kingdom market H5, market I5, temple J5, pot king J4, pot trader J6.
# The lion (active) joins them with a red tile on G5 (a red tile supports
# neither war). Removing H5 and I5 cuts G5 off from J5: the kings part.

def test_R8_war_example_2_attacker_wins_traders_and_kings_war_lapses() -> None:
    lion, pot = 0, 1
    position = make_position(
        ["lion", "pot"],
        [["red", "green", "green", "green", "green", "black"],
         ["red", "blue", "green", "black", "black", "black"]],
        {
            "E5": temple(), "E4": leader("lion", "black"), "E6": leader("lion", "green"),
            "F5": tile("green"),
            "H5": tile("green"), "I5": tile("green"), "J5": temple(),
            "J4": leader("pot", "black"), "J6": leader("pot", "green"),
        },
        active=lion,
    )
    state = start(position)

    # R5.2: the tile joins exactly two kingdoms: no VP, the unification tile on it.
    state = state.apply({"type": "tile", "color": "red", "to": "G5"})
    assert not [e for e in events_of(state, "vp") if e["reason"] == "tile"]
    assert [(e["seat"], e["at"]) for e in events_of(state, "unification")] == [(lion, "G5")]
    position_now = state.to_dict()
    assert position_now["unification"] == "G5"
    assert position_now["board"]["G5"].get("unification") is True
    # R8.2: two wars; the active player chooses the order.
    p = position_now["pending"]
    assert p["kind"] == "war_order"
    assert sorted(p["colors"]) == ["black", "green"]
    assert state.to_move == lion

    state = state.apply({"type": "war_order", "color": "green"})
    p = pending(state)
    assert p["kind"] == "commit" and p["conflict"] == "external" and p["color"] == "green"
    assert (p["attacker"], p["defender"]) == (lion, pot)  # R8.3: the active player attacks
    # R8.4: every market on the leader's own side, the joining tile for nobody.
    assert (p["attacker_strength"], p["defender_strength"]) == (1, 2)

    state = state.apply({"type": "commit", "count": 4})
    assert state.to_move == pot
    state = state.apply({"type": "commit", "count": 1})

    won = events_of(state, "conflict_won")
    assert len(won) == 1
    assert (won[0]["kind"], won[0]["color"]) == ("war", "green")
    assert (won[0]["winner"], won[0]["loser"]) == (lion, pot)
    assert (won[0]["winner_total"], won[0]["loser_total"]) == (5, 3)
    # R8.5: the loser's leader goes home, its supporters leave the board.
    assert leader_square(state, "pot", "green") is None
    removed = events_of(state, "tiles_removed")
    assert [(e["color"], sorted(e["squares"])) for e in removed] == [("green", ["H5", "I5"])]
    board = board_of(state)
    assert "H5" not in board and "I5" not in board
    # 1 VP for the leader + 1 per removed tile; committed tiles earn nothing.
    assert score(state, lion) == {"red": 0, "blue": 0, "green": 3, "black": 0}
    assert score(state, pot) == {"red": 0, "blue": 0, "green": 0, "black": 0}
    # R8.2: the kings are no longer in one kingdom, so their war lapses.
    assert not [e for e in events_of(state, "conflict") if e["color"] == "black"]
    assert leader_square(state, "lion", "black") == "E4"
    assert leader_square(state, "pot", "black") == "J4"
    # R8.6: the unification tile goes back; the joining tile stays, ordinary.
    assert [e["at"] for e in events_of(state, "unification_returned")] == ["G5"]
    assert state.to_dict()["unification"] is None
    assert board["G5"] == {"tile": "red"}
    assert pending(state) is None and state.to_move == lion
    assert hand(state, lion) == ["black"]
    assert hand(state, pot) == ["red", "blue", "black", "black", "black"]

    # R4.3(b): at the end of the turn the active player refills, then the
    # others who committed, in seat order.
    bag = position["bag"]
    state = state.apply({"type": "pass"})
    assert hand(state, lion) == sort_hand(["black", *bag[0:5]])
    assert hand(state, pot) == sort_hand(["red", "blue", "black", "black", "black", bag[5]])
    assert state.to_move == pot


# --------------------------------------------------------------------------
# Example 3: monument, R10
# --------------------------------------------------------------------------
# All books (000/001 p.10, 002 "Ejemplo 3", 004 p.8-9): four temples are turned
# face down for a monument; a leader loses its last temple and goes home. At
# the end of his turn the bull player gets 1 VP from the monument; at the end
# of his turn the archer gets 1 red VP.
# DISAGREEMENT between the translations (rules.md does not decide it, it has
# no example): the bull's VP is black in 000/001 (so a red/black monument and
# the bull's king), blue in 002, green in 004; the leader sent home is the
# archer's blue leader in 000/001, the bull's farmer in 004, unnamed in 002.
# All three readings are legal under R10 and are tested.
#
# Layout: temples F5 G5 F6 and H4; the bull (active) places the fourth temple
# of the square on G6. The leader to be sent home stands on E5 (next to F5
# only); the archer's priest on H5 (next to G5 and H4); the bull's scoring
# leader on G4 (next to G5 and H4). The temple placed on G6 gives the archer
# (priest in the kingdom) 1 red VP (R5.2).

MONUMENT_VARIANTS = [
    pytest.param("black", ("archer", "blue"), id="000-001_black_vp_archer_farmer_home"),
    pytest.param("blue", ("archer", "green"), id="002_blue_vp"),
    pytest.param("green", ("bull", "blue"), id="004_green_vp_bull_farmer_home"),
]


@pytest.mark.parametrize(("second_color", "sent_home"), MONUMENT_VARIANTS)
def test_R10_monument_example_3_leader_loses_temple_and_monument_scores(
    second_color: str, sent_home: tuple[str, str]
) -> None:
    bull, archer = 0, 1
    position = make_position(
        ["bull", "archer"],
        [["red", "red", "blue", "green", "black", "black"],
         ["red", "blue", "blue", "green", "green", "black"]],
        {
            "F5": temple(), "G5": temple(), "F6": temple(), "H4": temple(),
            "E5": leader(*sent_home),
            "H5": leader("archer", "red"),
            "G4": leader("bull", second_color),
        },
        active=bull,
    )
    state = start(position)
    monument_colors = ["red", second_color]

    state = state.apply({"type": "tile", "color": "red", "to": "G6"})
    assert score(state, archer)["red"] == 1  # R5.2: the archer's priest rules the kingdom
    p = pending(state)
    assert p["kind"] == "monument" and p["squares"] == ["F5"]
    assert monument_colors in [list(c) for c in p["colors"]]
    assert state.to_move == bull

    state = state.apply({"type": "monument", "at": "F5", "colors": monument_colors})
    position_now = state.to_dict()
    assert position_now["monuments"] == [{"colors": monument_colors, "at": "F5"}]
    for square in ("F5", "G5", "F6", "G6"):
        assert position_now["board"][square] == {"tile": "red", "face_down": True}
    # R10.3 / R3.4: the leader next to F5 only loses its last temple.
    assert leader_square(state, *sent_home) is None
    withdrawn = events_of(state, "leader_withdrawn")
    assert [(e["color"], e["from"], e["reason"]) for e in withdrawn] == [
        (sent_home[1], "E5", "no_temple")
    ]
    assert leader_square(state, "archer", "red") == "H5"  # still has H4
    assert leader_square(state, "bull", second_color) == "G4"  # still has H4
    assert pending(state) is None

    # R10.4: end of the bull's turn: 1 VP of the leader's colour, for the bull only.
    state = state.apply({"type": "pass"})
    monument_vp = [e for e in events_of(state, "vp") if e["reason"] == "monument"]
    assert [(e["seat"], e["color"], e["amount"]) for e in monument_vp] == [
        (bull, second_color, 1)
    ]
    assert score(state, bull) == {c: int(c == second_color) for c in COLORS}
    assert state.to_move == archer

    # End of the archer's turn: 1 red VP for the priest.
    state = state.apply({"type": "pass"})
    monument_vp = [e for e in events_of(state, "vp") if e["reason"] == "monument"]
    assert [(e["seat"], e["color"], e["amount"]) for e in monument_vp] == [(archer, "red", 1)]
    assert score(state, archer) == {"red": 2, "blue": 0, "green": 0, "black": 0}


# --------------------------------------------------------------------------
# Example 4: treasure, R9
# --------------------------------------------------------------------------
# All books (000/001 p.11, 002 "Ejemplo 4", 004 p.9): the lion (active) places a
# farm, extending a kingdom so that it holds two treasures. First the bull
# gets 1 blue VP (his farmer is in the kingdom); then the lion, who owns the
# kingdom's trader, takes the upper treasure, which he must take because it is
# a corner treasure.
#
# Layout: kingdom K11 (temple with treasure), bull farmer K10, lion trader L11,
# settlements L10 M10; a leaderless region N9 + O9 (corner temple with
# treasure). The farm goes on the river square M9, joining the kingdom and the
# region. O9 (row 9) is the upper treasure, K11 (row 11) the lower one.

def test_R9_treasure_example_4_trader_takes_corner_treasure_first() -> None:
    lion, bull = 0, 1
    position = make_position(
        ["lion", "bull"],
        [["red", "blue", "green", "green", "black", "black"],
         ["red", "red", "blue", "green", "black", "black"]],
        {
            "K10": leader("bull", "blue"), "L11": leader("lion", "green"),
            "L10": tile("black"), "M10": tile("black"), "N9": tile("red"),
        },
        active=lion,
    )
    assert position["board"]["O9"] == temple(treasure=True) and "O9" in CORNER_TREASURES
    state = start(position)

    state = state.apply({"type": "tile", "color": "blue", "to": "M9"})
    # R5.2: the blue VP goes to the owner of the kingdom's farmer.
    tile_vp = [e for e in events_of(state, "vp") if e["reason"] == "tile"]
    assert [(e["seat"], e["color"], e["amount"]) for e in tile_vp] == [(bull, "blue", 1)]
    assert score(state, bull)["blue"] == 1
    # R9.1: the trader's owner takes all treasures but one, corner ones first.
    p = pending(state)
    assert p["kind"] == "treasure"
    assert (p["player"], p["take"], p["from"]) == (lion, 1, ["O9"])
    assert state.to_move == lion
    assert state.legal_actions() == [{"type": "treasure", "at": "O9"}]
    digest = state.digest()
    with pytest.raises(engine.IllegalAction):
        state.apply({"type": "treasure", "at": "K11"})
    assert state.digest() == digest  # contract: no half-applied state

    state = state.apply({"type": "treasure", "at": "O9"})
    assert [(e["seat"], e["at"]) for e in events_of(state, "treasure_taken")] == [(lion, "O9")]
    position_now = state.to_dict()
    assert position_now["players"][lion]["treasures"] == 1
    assert position_now["players"][bull]["treasures"] == 0
    assert position_now["board"]["O9"] == {"tile": "red"}
    assert position_now["board"]["K11"] == temple(treasure=True)  # one stays
    assert position_now["pending"] is None
    assert state.to_move == lion and position_now["actions_left"] == 1


# --------------------------------------------------------------------------
# Example 5: final scoring, R11-R12
# --------------------------------------------------------------------------
# All books (000/001 p.11, 002 "Ejemplo 5", 004): the pot wins with 11 in his
# weakest colour after placing his 3 treasures. The lion is second: his 3
# treasures go to farms to reach 10, as many as his temples. The bull also has
# 10 in settlements and temples, but his third weakest (farms) is 11 where the
# lion has 12 (settlements), so the bull is third. The archer neglected
# temples: his temple VP plus 3 treasures are not enough, his 22 settlement VP
# do not help, he is last.
# DISAGREEMENT between the translations: the archer has 6 temple VP in
# 000/001/004 and 3 in 002; either way he is last. Both are tested.
# The books give only these numbers; the other colours are chosen to fit.
# R12.1: the engine assigns treasures itself, each to the lowest colour.
#
# Position: the end of the archer's turn with one treasure left on the board
# (nine were taken: pot 3, lion 3, archer 3); passing ends the turn and, with
# at most two treasures on the board, the game (R11.1).

@pytest.mark.parametrize(
    "archer_temples",
    [pytest.param(6, id="000-001-004_six_temples"), pytest.param(3, id="002_three_temples")],
)
def test_R12_final_scoring_example_5_ranking_by_weakest_colour(archer_temples: int) -> None:
    archer, bull, lion, pot = 0, 1, 2, 3
    vp = {
        pot: {"red": 11, "blue": 9, "green": 12, "black": 10},
        lion: {"red": 10, "blue": 7, "green": 14, "black": 12},
        bull: {"red": 10, "blue": 11, "green": 13, "black": 10},
        archer: {"red": archer_temples, "blue": 15, "green": 12, "black": 22},
    }
    taken: dict[str, dict[str, Any] | None] = {
        sq: temple() for sq in TREASURE_SQUARES if sq != "K11"
    }
    six = ["red", "blue", "green", "black", "black", "green"]
    position = make_position(
        ["archer", "bull", "lion", "pot"],
        [six, six, six, six],
        taken,
        active=archer,
        actions_left=1,
        scores=vp,
        treasures={pot: 3, lion: 3, archer: 3},
    )
    state = start(position)
    assert not state.is_over

    state = state.apply({"type": "pass"})
    assert state.is_over
    assert state.to_move is None
    assert state.ranking() == [[pot], [lion], [bull], [archer]]
    assert [e["ranking"] for e in events_of(state, "game_over")] == [
        [[pot], [lion], [bull], [archer]]
    ]

    final = engine.final_scores(state)
    assert final[pot]["score"] == 11
    assert final[pot]["sorted"] == [11, 11, 11, 12]
    assert final[lion]["totals"] == {"red": 10, "blue": 10, "green": 14, "black": 12}
    assert final[lion]["assigned"]["blue"] == 3  # all 3 treasures to farms
    assert final[lion]["sorted"] == [10, 10, 12, 14]
    assert final[bull]["sorted"] == [10, 10, 11, 13]  # 11 < the lion's 12: third
    assert final[archer]["score"] == archer_temples + 3  # temples + 3 treasures
    assert final[archer]["totals"]["black"] == 22


# --------------------------------------------------------------------------
# Tile VP, R5.2 (004, picture beside "Primirea punctului de victorie")
# --------------------------------------------------------------------------
# 004's picture captions: one tile scores "for the bull player", another "for
# the lion player (the lion's black king)": a tile's VP goes to the owner of
# the kingdom's leader of its colour, else to the owner of the king.
# 000/002/004 text: a tile placed outside any kingdom scores nothing.
# Layout: temple E5, the lion's king E4, the bull's priest E6 (one kingdom);
# the bull places a temple on F5 (his priest scores), then a market on F6
# (no trader: the lion's king scores). A third tile, next turn, on L2 far from
# any leader scores nothing.

def test_R5_2_tile_vp_to_same_colour_leader_else_king_else_nobody() -> None:
    lion, bull = 0, 1
    position = make_position(
        ["lion", "bull"],
        [["red", "blue", "green", "green", "black", "black"],
         ["red", "red", "blue", "green", "black", "black"]],
        {"E5": temple(), "E4": leader("lion", "black"), "E6": leader("bull", "red")},
        active=bull,
    )
    state = start(position)
    state = state.apply({"type": "tile", "color": "red", "to": "F5"})
    tile_vp = [e for e in events_of(state, "vp") if e["reason"] == "tile"]
    assert [(e["seat"], e["color"], e["amount"]) for e in tile_vp] == [(bull, "red", 1)]
    state = state.apply({"type": "tile", "color": "green", "to": "F6"})
    tile_vp = [e for e in events_of(state, "vp") if e["reason"] == "tile"]
    assert [(e["seat"], e["color"], e["amount"]) for e in tile_vp] == [(lion, "green", 1)]
    assert score(state, bull) == {"red": 1, "blue": 0, "green": 0, "black": 0}
    assert score(state, lion) == {"red": 0, "blue": 0, "green": 1, "black": 0}
    assert state.to_move == lion

    state = state.apply({"type": "tile", "color": "black", "to": "L2"})
    assert not events_of(state, "vp")
    assert score(state, lion) == {"red": 0, "blue": 0, "green": 1, "black": 0}


# --------------------------------------------------------------------------
# Example of a first round (turns 1-4), R4-R7
# --------------------------------------------------------------------------
# 000/001 p.12 (Andreas, Barbara, Dieter, Karen), 002 (Andrew, Bárbara, David,
# Karen). Dynasties are not named in the books; here archer, bull, pot, lion.
# Turn 1: Andreas places his king and his priest: two kingdoms.
# Turn 2: Barbara places her farmer into one of them, then a farm on the
#   adjacent river square: 1 blue VP for her. She draws 1 tile.
# Turn 3: Dieter places his king (a new kingdom), then a temple: 1 red VP for
#   him (no priest there, so the king's owner scores); his king now has two
#   temples. He draws 1 tile.
# Turn 4: Karen (4 temples in hand) places her priest into the kingdom of
#   Andreas's priest: a revolt, 1 temple each (the same one). Karen commits 3,
#   Andreas none (he had only 2, not enough). Karen wins 4-1, Andreas's priest
#   goes home, Karen gets 1 red VP. Then she places her fourth temple for
#   another red VP, and draws 4 tiles. Now it is Andreas's turn again.
#
# Layout: Andreas's king F9 (temple F10) and priest F4 (temple F3); Barbara's
# farmer G3 and farm E3 (river, next to F3); Dieter's king I6 (temple I7) and
# temple H6; Karen's priest F2 (next to F3 only) and temple G2.

def test_R4_R7_first_round_example_turns_1_to_4() -> None:
    andreas, barbara, dieter, karen = 0, 1, 2, 3
    hands = [
        ["red", "red", "blue", "green", "black", "black"],  # at most 2 temples to commit
        ["red", "blue", "blue", "green", "green", "black"],
        ["red", "blue", "green", "green", "black", "black"],
        ["red", "red", "red", "red", "green", "black"],    # four temples
    ]
    position = make_position(["archer", "bull", "pot", "lion"], hands, {}, active=andreas)
    bag = position["bag"]
    state = start(position)

    # Turn 1
    state = play(state,
                 {"type": "leader", "color": "black", "to": "F9"},
                 {"type": "leader", "color": "red", "to": "F4"})
    assert state.to_move == barbara
    assert hand(state, andreas) == sort_hand(hands[andreas])  # nothing to refill
    assert all(score(state, seat) == dict.fromkeys(COLORS, 0) for seat in range(4))

    # Turn 2
    state = state.apply({"type": "leader", "color": "blue", "to": "G3"})
    state = state.apply({"type": "tile", "color": "blue", "to": "E3"})
    assert score(state, barbara) == {"red": 0, "blue": 1, "green": 0, "black": 0}
    assert state.to_move == dieter
    expected = list(hands[barbara])
    expected.remove("blue")
    assert hand(state, barbara) == sort_hand([*expected, bag[0]])

    # Turn 3
    state = state.apply({"type": "leader", "color": "black", "to": "I6"})
    state = state.apply({"type": "tile", "color": "red", "to": "H6"})
    assert score(state, dieter) == {"red": 1, "blue": 0, "green": 0, "black": 0}
    assert state.to_move == karen
    expected = list(hands[dieter])
    expected.remove("red")
    assert hand(state, dieter) == sort_hand([*expected, bag[1]])

    # Turn 4: the revolt of the priests.
    state = state.apply({"type": "leader", "color": "red", "to": "F2"})
    p = pending(state)
    assert p["kind"] == "commit" and p["conflict"] == "internal" and p["color"] == "red"
    assert (p["attacker"], p["defender"]) == (karen, andreas)
    assert (p["attacker_strength"], p["defender_strength"]) == (1, 1)  # the same temple F3
    state = state.apply({"type": "commit", "count": 3})
    assert state.to_move == andreas
    assert commit_counts(state) == {0, 1, 2}  # "at most two": not enough to tie
    state = state.apply({"type": "commit", "count": 0})
    won = events_of(state, "conflict_won")
    assert [(e["winner"], e["loser"], e["winner_total"], e["loser_total"]) for e in won] == [
        (karen, andreas, 4, 1)
    ]
    assert leader_square(state, "archer", "red") is None
    assert leader_square(state, "lion", "red") == "F2"
    assert score(state, karen)["red"] == 1
    assert state.to_move == karen

    state = state.apply({"type": "tile", "color": "red", "to": "G2"})
    assert score(state, karen) == {"red": 2, "blue": 0, "green": 0, "black": 0}
    # Karen refills 4 (3 committed + 1 placed); Andreas committed nothing.
    assert hand(state, karen) == sort_hand(["green", "black", *bag[2:6]])
    assert hand(state, andreas) == sort_hand(hands[andreas])
    assert state.to_move == andreas
    position_now = state.to_dict()
    assert position_now["active"] == andreas and position_now["actions_left"] == 2
    assert position_now["bag"] == bag[6:]
    assert score(state, andreas) == dict.fromkeys(COLORS, 0)
    assert score(state, barbara)["blue"] == 1 and score(state, dieter)["red"] == 1


# ==========================================================================
# Civilization buildings (2007 edition, 004_, R13)
# ==========================================================================

# 004 (building section, first example): the bull places a farm; he may now put
# the barn (the blue building) on the newly made line because it is longer
# than the lion's line where the barn stands; the barn leaves its old place.
# Layout: the lion's line A4 B4 C4 (river) with the barn on B4; the bull's
# farms G9 H9 I9 (river); the bull's farm on J9 makes a line of 4 > 3.

def buildings_position(
    board: Mapping[str, dict[str, Any] | None],
    buildings: Mapping[str, str],
    hands: Sequence[Sequence[str]],
    dynasties: Sequence[str] = ("lion", "bull"),
    active: int = 1,
) -> Position:
    """A two-player position with the buildings option (R13) on."""
    return make_position(dynasties, hands, board, active=active,
                         buildings=buildings, buildings_option=True)


BARN_BOARD: dict[str, dict[str, Any] | None] = {
    "A4": tile("blue"), "B4": tile("blue"), "C4": tile("blue"),
    "G9": tile("blue"), "H9": tile("blue"),
}
SIX_MIXED = ["red", "blue", "blue", "green", "green", "black"]


def test_R13_2_barn_example_longer_line_takes_the_building() -> None:
    bull = 1
    position = buildings_position({**BARN_BOARD, "I9": tile("blue")}, {"blue": "B4"},
                                  [SIX_MIXED, SIX_MIXED])
    state = start(position)
    state = state.apply({"type": "tile", "color": "blue", "to": "J9"})
    p = pending(state)
    assert p is not None and p["kind"] == "building" and p["color"] == "blue"
    assert sorted(p["squares"]) == ["G9", "H9", "I9", "J9"]
    assert state.to_move == bull

    state = state.apply({"type": "building", "at": "H9"})
    position_now = state.to_dict()
    assert position_now["buildings"]["blue"] == {"at": "H9"}
    placed = events_of(state, "building_placed")
    assert [(e["seat"], e["color"], e["at"], e["from"]) for e in placed] == [
        (bull, "blue", "H9", "B4")
    ]
    assert position_now["board"]["B4"] == {"tile": "blue"}  # the tile stays
    assert position_now["pending"] is None


def test_R13_2_barn_example_equal_line_does_not_take_the_building() -> None:
    # "If the new line is shorter or the two lines have the same length, the
    # building cannot be moved." The bull's farm on I9 makes G9 H9 I9: 3, not > 3.
    position = buildings_position(BARN_BOARD, {"blue": "B4"}, [SIX_MIXED, SIX_MIXED])
    state = start(position)
    state = state.apply({"type": "tile", "color": "blue", "to": "I9"})
    assert pending(state) is None
    assert state.to_dict()["buildings"]["blue"] == {"at": "B4"}
    assert not events_of(state, "building_placed")


# 004 (building section, second example): the archer's first action is a
# catastrophe next to the market building, breaking its line; the building
# stays. His second action is a market that makes a new line of 3: now he may
# move the market building onto it. Without the catastrophe, with the old
# line of 3 still standing, he could not have moved it.
# Layout: markets D5 E5 F5 with the market building on E5; markets K4 K5; the
# catastrophe goes on F5; the new market on K6 (line K4 K5 K6).

MARKET_BOARD: dict[str, dict[str, Any] | None] = {
    "D5": tile("green"), "E5": tile("green"), "F5": tile("green"),
    "K4": tile("green"), "K5": tile("green"),
}


def test_R13_2_R13_3_market_example_catastrophe_breaks_line_then_new_line_moves_it() -> None:
    archer = 0
    position = buildings_position(MARKET_BOARD, {"green": "E5"}, [SIX_MIXED, SIX_MIXED],
                                  dynasties=("archer", "bull"), active=archer)
    state = start(position)

    # R13.3: a catastrophe may not be played on the building's tile.
    digest = state.digest()
    with pytest.raises(engine.IllegalAction):
        state.apply({"type": "catastrophe", "to": "E5"})
    assert state.digest() == digest

    state = state.apply({"type": "catastrophe", "to": "F5"})
    position_now = state.to_dict()
    assert position_now["board"]["F5"] == {"catastrophe": True}
    assert position_now["buildings"]["green"] == {"at": "E5"}  # R13.3: it stays
    assert position_now["players"][archer]["catastrophes"] == 1

    state = state.apply({"type": "tile", "color": "green", "to": "K6"})
    p = pending(state)
    assert p is not None and p["kind"] == "building" and p["color"] == "green"
    assert sorted(p["squares"]) == ["K4", "K5", "K6"]
    assert state.to_move == archer
    state = state.apply({"type": "building", "at": "K5"})
    assert state.to_dict()["buildings"]["green"] == {"at": "K5"}
    placed = events_of(state, "building_placed")
    assert [(e["seat"], e["color"], e["at"], e["from"]) for e in placed] == [
        (archer, "green", "K5", "E5")
    ]
    assert state.to_dict()["board"]["E5"] == {"tile": "green"}


def test_R13_2_market_example_without_catastrophe_line_of_3_does_not_move_it() -> None:
    archer = 0
    position = buildings_position(MARKET_BOARD, {"green": "E5"}, [SIX_MIXED, SIX_MIXED],
                                  dynasties=("archer", "bull"), active=archer)
    state = start(position)
    state = state.apply({"type": "tile", "color": "green", "to": "K6"})
    assert pending(state) is None
    assert state.to_dict()["buildings"]["green"] == {"at": "E5"}


# 004 ("Civilization buildings bring VP"): a tile placement that would bring 1
# VP brings 2 when the kingdom holds the building of the tile's colour; as
# usual a leader of that colour, or else a king, is needed to receive them.
# Layout: temple E5, the bull's leader on E4, markets F5 G5 H5 with the market
# building on G5 (one kingdom); the bull places a market on F6 (no new line).
# Control: the building stands on a market line elsewhere (K4 K5 K6): 1 VP.

@pytest.mark.parametrize(
    ("leader_color", "building_at", "expected_vp"),
    [
        pytest.param("green", "G5", 2, id="trader_building_in_kingdom"),
        pytest.param("black", "G5", 2, id="king_building_in_kingdom"),
        pytest.param("green", "K5", 1, id="building_in_another_region"),
    ],
)
def test_R13_4_building_doubles_the_tile_vp(
    leader_color: str, building_at: str, expected_vp: int
) -> None:
    bull = 1
    position = buildings_position(
        {
            "E5": temple(), "E4": leader("bull", leader_color),
            "F5": tile("green"), "G5": tile("green"), "H5": tile("green"),
            "K4": tile("green"), "K5": tile("green"), "K6": tile("green"),
        },
        {"green": building_at},
        [SIX_MIXED, SIX_MIXED],
    )
    state = start(position)
    state = state.apply({"type": "tile", "color": "green", "to": "F6"})
    tile_vp = [e for e in events_of(state, "vp") if e["reason"] == "tile"]
    assert [(e["seat"], e["color"], e["amount"]) for e in tile_vp] == [
        (bull, "green", expected_vp)
    ]
    assert score(state, bull) == {"red": 0, "blue": 0, "green": expected_vp, "black": 0}
    assert pending(state) is None


# 004 (building section, rule text): "This tile still counts during external
# conflicts, but after a lost conflict the tile is not removed from the game."
# Layout: west kingdom E5 temple, lion trader E6, markets F5 F6 (2); east
# kingdom markets H4 H5 H6 (a line, the market building on H5), red I5,
# temple J5, pot trader J6 (3 with the building's tile). The lion joins them
# with a red tile on G5, commits 2 (4 against 3) and wins: H4 and H6 are
# removed, H5 keeps its tile and building. Lion: 1 VP for the trader + 2 tiles.

def test_R13_3_R8_5_building_tile_supports_but_is_not_removed_in_war() -> None:
    lion, pot = 0, 1
    position = buildings_position(
        {
            "E5": temple(), "E6": leader("lion", "green"),
            "F5": tile("green"), "F6": tile("green"),
            "H4": tile("green"), "H5": tile("green"), "H6": tile("green"),
            "I5": tile("red"), "J5": temple(), "J6": leader("pot", "green"),
        },
        {"green": "H5"},
        [["red", "green", "green", "blue", "black", "black"],
         ["red", "blue", "blue", "black", "black", "black"]],
        dynasties=("lion", "pot"),
        active=lion,
    )
    state = start(position)
    state = state.apply({"type": "tile", "color": "red", "to": "G5"})
    state = answer_war_order_if_asked(state, "green")
    p = pending(state)
    assert p["kind"] == "commit" and p["color"] == "green"
    assert (p["attacker"], p["defender"]) == (lion, pot)
    assert (p["attacker_strength"], p["defender_strength"]) == (2, 3)
    state = play(state, {"type": "commit", "count": 2}, {"type": "commit", "count": 0})

    won = events_of(state, "conflict_won")
    assert [(e["winner"], e["loser"], e["winner_total"], e["loser_total"]) for e in won] == [
        (lion, pot, 4, 3)
    ]
    board = board_of(state)
    assert "H4" not in board and "H6" not in board
    assert board["H5"] == {"tile": "green"}
    assert state.to_dict()["buildings"]["green"] == {"at": "H5"}
    assert leader_square(state, "pot", "green") is None
    assert score(state, lion)["green"] == 3
    assert pending(state) is None


# 004 (building section, rule text): "If a newly placed tile starts a conflict
# and at the same time allows a civilization building, the conflict is
# resolved first; if the line of at least 3 tiles still exists after the
# conflict, the active player may build" (R4.2 order, R13.2).
# Layout: west kingdom E5 temple, the lion's leader E6, market F5; east kingdom
# market H5, temple I5, the pot's leader I4. The lion's market on G5 joins
# them and makes the line F5 G5 H5.

def war_and_line_position(leader_color: str) -> Position:
    return buildings_position(
        {
            "E5": temple(), "E6": leader("lion", leader_color), "F5": tile("green"),
            "H5": tile("green"), "I5": temple(), "I4": leader("pot", leader_color),
        },
        {},
        [["red", "green", "green", "blue", "black", "blue"],
         ["red", "blue", "blue", "green", "green", "black"]],
        dynasties=("lion", "pot"),
        active=0,
    )


def test_R13_2_R4_2_line_survives_war_then_building_may_be_built() -> None:
    # A war of kings: nobody has a black supporter, 0-0, the pot (defender)
    # wins; no market is removed, so the line of 3 stands and the lion builds.
    lion, pot = 0, 1
    state = start(war_and_line_position("black"))
    state = state.apply({"type": "tile", "color": "green", "to": "G5"})
    state = answer_war_order_if_asked(state, "black")
    p = pending(state)
    assert p["kind"] == "commit" and p["color"] == "black"
    assert (p["attacker_strength"], p["defender_strength"]) == (0, 0)
    state = play(state, {"type": "commit", "count": 0}, {"type": "commit", "count": 0})
    won = events_of(state, "conflict_won")
    assert [(e["winner"], e["loser"]) for e in won] == [(pot, lion)]
    assert leader_square(state, "lion", "black") is None
    assert score(state, pot) == {"red": 0, "blue": 0, "green": 0, "black": 1}

    p = pending(state)
    assert p is not None and p["kind"] == "building" and p["color"] == "green"
    assert sorted(p["squares"]) == ["F5", "G5", "H5"]
    assert state.to_move == lion
    state = state.apply({"type": "building", "at": "G5"})
    assert state.to_dict()["buildings"]["green"] == {"at": "G5"}
    assert state.to_dict()["board"]["G5"] == {"tile": "green"}


def test_R13_2_R4_2_line_broken_by_war_no_building() -> None:
    # A war of traders: 1 market each side (the joining G5 counts for nobody);
    # the lion commits 1 and wins 2-1; the pot's H5 is removed, the line is
    # broken, no building is offered.
    lion, pot = 0, 1
    state = start(war_and_line_position("green"))
    state = state.apply({"type": "tile", "color": "green", "to": "G5"})
    state = answer_war_order_if_asked(state, "green")
    p = pending(state)
    assert p["kind"] == "commit" and p["color"] == "green"
    assert (p["attacker_strength"], p["defender_strength"]) == (1, 1)
    state = play(state, {"type": "commit", "count": 1}, {"type": "commit", "count": 0})
    won = events_of(state, "conflict_won")
    assert [(e["winner"], e["loser"]) for e in won] == [(lion, pot)]
    assert "H5" not in board_of(state)
    assert score(state, lion)["green"] == 2
    assert pending(state) is None
    assert state.to_dict()["buildings"]["green"] is None
    assert not events_of(state, "building_placed")
