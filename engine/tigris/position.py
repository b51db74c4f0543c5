"""The position format of the contract: writing it, reading it back, hashing it.

`from_dict` accepts only positions the rules could reach in spirit: every
key present and no other, pieces where they may stand, no more tiles than
the game has, no leader without a temple (R3.4), no two leaders of one
colour in a kingdom unless a conflict is being resolved (R3.3). Each
refusal is one `BadPosition` naming the key or the rule.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..errors import BadPosition, quote
from ..position_reading import bad_position as _fail
from ..position_reading import bad_value as _bad_value
from ..position_reading import boolean as _bool
from ..position_reading import breaks_rule as _broken
from ..position_reading import exact_keys as _exact_keys
from ..position_reading import whole_number as _int
from .board import LAYOUTS, NEIGHBOURS, SQUARE_INDEX, SQUARE_NAMES, WIDTH, square_index
from .conflicts import board_strengths, commit_colour
from .regions_rules import same_colour_conflicts
from .state_data import (
    BLUE,
    CATASTROPHES_PER_PLAYER,
    COLOR_INDEX,
    COLORS,
    DYNASTIES,
    HAND_SIZE,
    MONUMENTS,
    NO_TILE,
    RED,
    TILES_PER_COLOR,
    Options,
    Position,
)

VERSION = 1
TOP_KEYS = ("version", "options", "players", "board", "monuments", "buildings", "wonder", "bag",
            "active", "actions_left", "pending", "unification", "ended")
PLAYER_KEYS = ("dynasty", "hand", "score", "treasures", "catastrophes")
PENDING_KINDS = ("commit", "war_order", "monument", "treasure", "building", "wonder",
                 "wonder_point")
PENDING_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {  # required, optional
    "commit": (("conflict", "color", "attacker", "defender", "attacker_strength",
                "defender_strength", "attacker_committed", "attacker_leader",
                "defender_leader"), ("placed",)),
    "war_order": (("colors", "placed"), ()),
    "monument": (("squares", "colors", "placed"), ()),
    "wonder": (("squares", "placed"), ()),
    "building": (("color", "squares", "placed"), ()),
    "treasure": (("player", "take", "from"), ()),
    "wonder_point": ((), ()),
}
MAX_SCORE = 999_999
"""The format's bound on a colour's score: no rule caps scores (monuments score every turn),
but a million points is no game's, and a bound keeps every reader's numbers small."""


def to_dict(pos: Position) -> dict[str, Any]:
    board: dict[str, Any] = {}
    for sq in range(len(pos.tile)):
        color = pos.tile[sq]
        if color != NO_TILE:
            cell: dict[str, Any] = {"tile": COLORS[color]}
            if sq in pos.down:
                cell["face_down"] = True
            if sq in pos.treasure:
                cell["treasure"] = True
            if sq == pos.unification:
                cell["unification"] = True
            board[SQUARE_NAMES[sq]] = cell
        elif sq in pos.leader_at:
            seat, lcolor = pos.leader_at[sq]
            board[SQUARE_NAMES[sq]] = {"leader": {"dynasty": pos.dynasties[seat],
                                                  "color": COLORS[lcolor]}}
        elif sq in pos.catastrophe:
            board[SQUARE_NAMES[sq]] = {"catastrophe": True}
    return {
        "version": VERSION,
        "options": pos.options.to_dict(),
        "players": [
            {
                "dynasty": pos.dynasties[seat],
                "hand": [COLORS[c] for c in range(4) for _ in range(pos.hands[seat][c])],
                "score": {COLORS[c]: pos.scores[seat][c] for c in range(4)},
                "treasures": pos.treasures_taken[seat],
                "catastrophes": pos.catastrophes_left[seat],
            }
            for seat in range(pos.players)
        ],
        "board": board,
        "monuments": [{"colors": [COLORS[c] for c in colors], "at": SQUARE_NAMES[at]}
                      for colors, at in pos.monuments],
        "buildings": {COLORS[c]: ({"at": SQUARE_NAMES[at]} if at is not None else None)
                      for c, at in enumerate(pos.buildings)},
        "wonder": {"at": SQUARE_NAMES[pos.wonder]} if pos.wonder is not None else None,
        "bag": [COLORS[c] for c in pos.bag],
        "active": pos.active,
        "actions_left": pos.actions_left,
        "pending": json.loads(json.dumps(pos.pending)) if pos.pending is not None else None,
        "unification": SQUARE_NAMES[pos.unification] if pos.unification is not None else None,
        "ended": pos.ended,
    }


def canonical_bytes(d: dict[str, Any]) -> bytes:
    return json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def digest(pos: Position) -> str:
    """BLAKE2b-256 of the canonical JSON of the position: equal positions, equal digests."""
    return hashlib.blake2b(canonical_bytes(to_dict(pos)), digest_size=32).hexdigest()


def view(pos: Position, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (R2.3, R16): no other hand, no bag order, no hidden VP.

    A spectator (`seat` None) sees what every seat sees of the others, and no hand.
    """
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < pos.players):
        raise ValueError(f"seat must be None or 0..{pos.players - 1}, not {quote(seat)}")
    d = to_dict(pos)
    d["viewer"] = seat
    scores_open = pos.options.open_scoring or pos.ended
    for i, player in enumerate(d["players"]):
        player["hand_size"] = len(player["hand"])
        if i != seat:
            player["hand"] = None
            if not scores_open:
                player["score"] = None
    d["bag_size"] = len(d["bag"])
    d["bag"] = None
    return d


# --- reading ----------------------------------------------------------------------


def _color(value: object, where: str) -> int:
    if not isinstance(value, str) or value not in COLOR_INDEX:
        raise _bad_value(where, value, f"{where} must be one of {list(COLORS)}, not {quote(value)}")
    return COLOR_INDEX[value]


def _square(value: object, where: str) -> int:
    sq = square_index(value)
    if sq is None or value != SQUARE_NAMES[sq]:
        raise _bad_value(where, value, f"{where} must be a square like 'E5', not {quote(value)}")
    return sq


def from_dict(d: object, into: Position) -> None:
    """Fill `into` from a position dict, or raise BadPosition."""
    d = _exact_keys(d, TOP_KEYS, "position")
    if type(d["version"]) is not int or d["version"] != VERSION:
        raise _fail("position/version", f"position version {quote(d['version'])} is not supported "
                    f"(this engine reads version {VERSION})", version=quote(d["version"]),
                    supported=VERSION)
    opts = _exact_keys(d["options"], ("board", "buildings", "english_variant", "wonder",
                                      "open_scoring"), "options")
    if not isinstance(opts["board"], str) or opts["board"] not in LAYOUTS:
        raise _bad_value("options.board", opts["board"], f"options.board must be one of "
                         f"{sorted(LAYOUTS)}, not {quote(opts['board'])}")
    options = Options(board=opts["board"], **{k: _bool(opts[k], f"options.{k}") for k in (
        "buildings", "english_variant", "wonder", "open_scoring")})
    layout = options.layout
    pos = into
    pos.options = options
    _read_players(d["players"], pos)
    _read_board(d["board"], pos, layout.river)
    _read_pieces(d, pos)
    if not isinstance(d["bag"], list):
        raise _bad_value("bag", d["bag"], "bag must be a list of colours")
    pos.bag = [_color(c, f"bag[{i}]") for i, c in enumerate(d["bag"])]
    _check_counts(pos, len(layout.treasures))
    pos.active = _int(d["active"], "active", 0, pos.players - 1)
    pos.actions_left = _int(d["actions_left"], "actions_left", 0, 2)
    pos.ended = _bool(d["ended"], "ended")
    pos.unification = None
    if d["unification"] is not None:
        pos.unification = _square(d["unification"], "unification")
    if pos.unification is not None and (pos.tile[pos.unification] == NO_TILE):
        raise _broken("unification", "R8.1", "unification names a square without a tile (R8.1)")
    unified = [sq for sq, flag in pos_unification_flags(d["board"]) if flag]
    if unified != ([pos.unification] if pos.unification is not None else []):
        raise _broken("unification", "R8.1", "the board's 'unification' marks must match the "
                      "'unification' square (R8.1)")
    pos.pending = _read_pending(d["pending"], pos)
    pos.events = []
    pos._regions = None
    _check_rules(pos)


def pos_unification_flags(board: dict[str, Any]) -> list[tuple[int, bool]]:
    return [(SQUARE_NAMES.index(name), bool(cell.get("unification")))
            for name, cell in board.items() if "tile" in cell]


def _read_players(players: object, pos: Position) -> None:
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise _bad_value("players", players, "players must be a list of 2 to 4 players (R2)")
    dynasties = []
    pos.hands, pos.scores, pos.treasures_taken, pos.catastrophes_left = [], [], [], []
    for i, raw in enumerate(players):
        where = f"players[{i}]"
        p = _exact_keys(raw, PLAYER_KEYS, where)
        if p["dynasty"] not in DYNASTIES or p["dynasty"] in dynasties:
            raise _bad_value(f"{where}.dynasty", p["dynasty"], f"{where}.dynasty must be a "
                             f"distinct one of {list(DYNASTIES)}, not {quote(p['dynasty'])}")
        dynasties.append(p["dynasty"])
        if not isinstance(p["hand"], list) or len(p["hand"]) > HAND_SIZE:
            raise _bad_value(f"{where}.hand", p["hand"], f"{where}.hand must be a list of at "
                             f"most {HAND_SIZE} colours (R2.3)")
        hand = [0, 0, 0, 0]
        for k, c in enumerate(p["hand"]):
            hand[_color(c, f"{where}.hand[{k}]")] += 1
        score = _exact_keys(p["score"], COLORS, f"{where}.score")
        pos.hands.append(hand)
        pos.scores.append([_int(score[c], f"{where}.score.{c}", 0, MAX_SCORE) for c in COLORS])
        pos.treasures_taken.append(_int(p["treasures"], f"{where}.treasures", 0))
        pos.catastrophes_left.append(_int(p["catastrophes"], f"{where}.catastrophes", 0,
                                          CATASTROPHES_PER_PLAYER))
    pos.dynasties = tuple(dynasties)


def _read_board(board: object, pos: Position, river: frozenset[int]) -> None:
    if not isinstance(board, dict):
        raise _fail("position/not_an_object", "board must be an object of squares",
                    where="board")
    pos.tile = [NO_TILE] * len(SQUARE_NAMES)
    pos.down, pos.treasure, pos.catastrophe = set(), set(), set()
    pos.leader_at = {}
    pos.leaders = [[None] * 4 for _ in pos.dynasties]
    for name, cell in board.items():
        sq = _square(name, "a board key")
        where = f"board.{name}"
        if not isinstance(cell, dict):
            raise _fail("position/not_an_object", f"{where} must be an object", where=where)
        if "tile" in cell:
            _exact_subset(cell, ("tile", "face_down", "treasure", "unification"), where)
            color = _color(cell["tile"], f"{where}.tile")
            if (color == BLUE) != (sq in river):
                raise _broken(where, "R5.2", f"{where}: a {COLORS[color]} tile on "
                              f"{'a river' if sq in river else 'a land'} square breaks R5.2")
            pos.tile[sq] = color
            if _bool(cell.get("face_down", False), f"{where}.face_down"):
                pos.down.add(sq)
            if _bool(cell.get("treasure", False), f"{where}.treasure"):
                pos.treasure.add(sq)
            _bool(cell.get("unification", False), f"{where}.unification")
        elif "leader" in cell:
            _exact_subset(cell, ("leader",), where)
            leader = _exact_keys(cell["leader"], ("dynasty", "color"), f"{where}.leader")
            if leader["dynasty"] not in pos.dynasties:
                raise _bad_value(f"{where}.leader.dynasty", leader["dynasty"],
                                 f"{where}: no player plays the {quote(leader['dynasty'])} dynasty")
            seat = pos.dynasties.index(leader["dynasty"])
            color = _color(leader["color"], f"{where}.leader.color")
            if sq in river:
                raise _broken(where, "R5.1", f"{where}: a leader on a river square breaks R5.1")
            if pos.leaders[seat][color] is not None:
                raise _broken(where, "R1.3", f"{where}: {leader['dynasty']}'s {COLORS[color]} "
                              "leader stands on two squares (R1.3)")
            pos.leader_at[sq] = (seat, color)
            pos.leaders[seat][color] = sq
        elif "catastrophe" in cell:
            _exact_subset(cell, ("catastrophe",), where)
            if cell["catastrophe"] is not True:
                raise _bad_value(f"{where}.catastrophe", cell["catastrophe"],
                                 f"{where}.catastrophe must be true")
            pos.catastrophe.add(sq)
        else:
            raise _fail("position/not_a_piece", f"{where} holds neither a tile, a leader nor "
                        "a catastrophe", where=where)


def _exact_subset(cell: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    extra = sorted(str(k) for k in cell if k not in allowed)
    if extra:
        raise _fail("position/unknown_keys", f"{where}: unknown key(s) {extra}",
                    where=where, keys=extra)


def _read_pieces(d: dict[str, Any], pos: Position) -> None:
    opts = pos.options
    if not isinstance(d["monuments"], list):
        raise _bad_value("monuments", d["monuments"], "monuments must be a list")
    pos.monuments = []
    covered: set[int] = set()
    for i, raw in enumerate(d["monuments"]):
        m = _exact_keys(raw, ("colors", "at"), f"monuments[{i}]")
        if not isinstance(m["colors"], list) or len(m["colors"]) != 2:
            raise _bad_value(f"monuments[{i}].colors", m["colors"],
                             f"monuments[{i}].colors must be two colours")
        colors = tuple(sorted(_color(c, f"monuments[{i}].colors") for c in m["colors"]))
        if colors not in MONUMENTS or colors in [c for c, _ in pos.monuments]:
            raise _broken(f"monuments[{i}]", "R1.4", f"monuments[{i}]: {m['colors']} is not "
                          "one of the six monuments, or is listed twice (R1.4)")
        at = _square(m["at"], f"monuments[{i}].at")
        if at % WIDTH == WIDTH - 1 or at // WIDTH == 10:
            raise _broken(f"monuments[{i}].at", "R10.1",
                          f"monuments[{i}].at: a 2×2 cannot start on {m['at']} (R10.1)")
        squares = (at, at + 1, at + WIDTH, at + WIDTH + 1)
        tiles = {pos.tile[sq] for sq in squares}
        if len(tiles) != 1 or tiles.pop() not in colors or not all(
                sq in pos.down for sq in squares):
            raise _broken(f"monuments[{i}]", "R10.1", f"monuments[{i}] must stand on four "
                          "face-down tiles of one of its colours (R10.1)")
        covered.update(squares)
        pos.monuments.append(((colors[0], colors[1]), at))
    pos.buildings = [None, None, None, None]
    _exact_keys(d["buildings"], COLORS, "buildings")
    for c, name in enumerate(COLORS):
        raw = d["buildings"][name]
        if raw is None:
            continue
        if not opts.buildings:
            raise _broken(f"buildings.{name}", "R13", f"buildings.{name}: a building without "
                          "the buildings option (R13)")
        b = _exact_keys(raw, ("at",), f"buildings.{name}")
        at = _square(b["at"], f"buildings.{name}.at")
        if not pos.is_face_up(at, c):
            raise _broken(f"buildings.{name}", "R13.2",
                          f"buildings.{name} must stand on a face-up {name} tile (R13.2)")
        pos.buildings[c] = at
    pos.wonder = None
    if d["wonder"] is not None:
        if not opts.wonder:
            raise _broken("wonder", "R15", "wonder: a wonder without the wonder option (R15)")
        w = _exact_keys(d["wonder"], ("at",), "wonder")
        at = _square(w["at"], "wonder.at")
        cross = (at, *NEIGHBOURS[at])
        if len(cross) != 5 or len({pos.tile[sq] for sq in cross}) != 1 or not all(
                sq in pos.down for sq in cross) or pos.tile[at] == NO_TILE:
            raise _broken("wonder", "R15.2", "wonder must stand on a cross of five face-down "
                          "tiles of one colour (R15.2)")
        covered.update(cross)
        pos.wonder = at
    if covered != pos.down:
        raise _broken("board", "R10.3", "face-down tiles must be exactly those under "
                      "monuments and the wonder (R10.3)")


def _check_counts(pos: Position, treasures: int) -> None:
    for c in range(4):
        n = (pos.tile.count(c) + sum(h[c] for h in pos.hands) + pos.bag.count(c))
        if n > TILES_PER_COLOR[c]:
            raise _broken("bag", "R1.2", f"{n} {COLORS[c]} tiles on the board, in hands and "
                          f"in the bag: the game has {TILES_PER_COLOR[c]} (R1.2)")
    for sq in pos.treasure:
        if pos.tile[sq] != RED:
            raise _broken(f"board.{SQUARE_NAMES[sq]}", "R2.1",
                          f"board.{SQUARE_NAMES[sq]}: a treasure lies only on a temple (R2.1)")
        if sq not in pos.options.layout.treasures:
            raise _broken(f"board.{SQUARE_NAMES[sq]}", "R2.1",
                          f"board.{SQUARE_NAMES[sq]}: no treasure starts there (R2.1, R9.2)")
    if len(pos.treasure) + sum(pos.treasures_taken) != treasures:
        raise _broken("players", "R1.5",
                      f"treasures on the board and taken must add up to {treasures} (R1.5)")
    played = sum(CATASTROPHES_PER_PLAYER - n for n in pos.catastrophes_left)
    if played != len(pos.catastrophe):
        raise _broken("board", "R5.3", f"{len(pos.catastrophe)} catastrophes on the board, "
                      f"but the players have played {played} (R5.3)")


def _read_pending(raw: object, pos: Position) -> dict[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("kind") not in PENDING_KINDS:
        raise _bad_value("pending", raw, f"pending must be null or an object whose kind is "
                         f"one of {PENDING_KINDS}")
    kind = raw["kind"]
    required, optional = PENDING_KEYS[kind]
    keys = set(raw) - {"kind"}
    missing = sorted(set(required) - keys)
    extra = sorted(str(k) for k in keys - set(required) - set(optional))
    if missing or extra:
        raise _fail("position/bad_pending", f"pending {kind}: "
                    + (f"missing key(s) {missing}" if missing else f"unknown key(s) {extra}"),
                    kind=kind)
    if pos.ended:
        raise _broken("pending", "R11", "an ended game has no pending decision (R11)")
    try:
        _check_pending(raw, kind, pos)
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, BadPosition):
            raise
        raise _fail("position/bad_pending", f"pending {kind}: malformed ({quote(e)})",
                    kind=kind) from None
    pending: dict[str, Any] = json.loads(json.dumps(raw))
    return pending


def _check_pending(p: dict[str, Any], kind: str, pos: Position) -> None:
    seats = range(pos.players)
    if "placed" in p:
        _square(p["placed"], "pending.placed")
    if kind == "commit":
        for key in ("attacker", "defender"):
            if p[key] not in seats:
                raise _bad_value(f"pending.{key}", p[key], f"pending.{key} must be a seat")
        for key in ("attacker_leader", "defender_leader"):
            sq = _square(p[key], f"pending.{key}")
            if sq not in pos.leader_at:
                raise _bad_value(f"pending.{key}", p[key], f"pending.{key}: no leader on "
                                 f"{p[key]}")
        _color(p["color"], "pending.color")
        if p["conflict"] not in ("internal", "external"):
            raise _bad_value("pending.conflict", p["conflict"],
                             "pending.conflict must be 'internal' or 'external'")
        _int(p["attacker_strength"], "pending.attacker_strength", 0)
        _int(p["defender_strength"], "pending.defender_strength", 0)
        if p["attacker_committed"] is not None:
            _int(p["attacker_committed"], "pending.attacker_committed", 0, HAND_SIZE)
        if p["conflict"] == "external" and pos.unification is None:
            raise _broken("pending", "R8", "a war is pending without a unification tile (R8)")
        _check_conflict(p, pos)
    elif kind == "war_order":
        if not p["colors"] or pos.unification is None:
            raise _broken("pending", "R8.2",
                          "pending war_order needs colours and a unification tile (R8.2)")
        for c in p["colors"]:
            _color(c, "pending.colors")
    elif kind in ("monument", "wonder", "building"):
        for sq in p["squares"]:
            _square(sq, f"pending.{kind}.squares")
        _square(p["placed"], "pending.placed")
        if kind == "monument":
            for colors in p["colors"]:
                for c in colors:
                    _color(c, "pending.colors")
        if kind == "building":
            _color(p["color"], "pending.color")
    elif kind == "treasure":
        if p["player"] not in seats:
            raise _bad_value("pending.player", p["player"], "pending.player must be a seat")
        for sq in p["from"]:
            if _square(sq, "pending.from") not in pos.treasure:
                raise _bad_value("pending.from", sq, f"pending.from: no treasure on {sq}")


def _check_conflict(p: dict[str, Any], pos: Position) -> None:
    """R6.1: two leaders of one colour, of two players, each with what the board gives them."""
    color = COLOR_INDEX[p["color"]]
    a_sq, d_sq = SQUARE_INDEX[p["attacker_leader"]], SQUARE_INDEX[p["defender_leader"]]
    if p["attacker"] == p["defender"]:
        raise _broken("pending.defender", "R6.1", "pending commit: a player never fights "
                      "themselves; the attacker and the defender must differ (R6.1)")
    for side, sq in (("attacker", a_sq), ("defender", d_sq)):
        if pos.leader_at[sq] != (p[side], color):
            raise _broken(f"pending.{side}_leader", "R6.1", f"pending.{side}_leader must be "
                          f"the {p['color']} leader of seat {p[side]} (R6.1)")
    rule = "R7.2" if p["conflict"] == "internal" else "R8.4"
    expected = board_strengths(pos, p["conflict"], color, a_sq, d_sq)
    if (p["attacker_strength"], p["defender_strength"]) != expected:
        raise _broken("pending", rule, f"pending commit: the board gives the attacker "
                      f"{expected[0]} and the defender {expected[1]}, not "
                      f"{p['attacker_strength']} and {p['defender_strength']} ({rule})")
    committed = p["attacker_committed"] or 0
    c = commit_colour(p)
    total = (pos.tile.count(c) + sum(h[c] for h in pos.hands) + pos.bag.count(c) + committed)
    if total > TILES_PER_COLOR[c]:
        raise _broken("pending.attacker_committed", "R1.2", f"{total} {COLORS[c]} tiles with "
                      f"the {committed} committed: the game has {TILES_PER_COLOR[c]} (R1.2)")


def _check_rules(pos: Position) -> None:
    for sq, (seat, color) in pos.leader_at.items():
        if pos.temples_next_to(sq) == 0:
            raise _broken(f"board.{SQUARE_NAMES[sq]}", "R3.4",
                          f"board.{SQUARE_NAMES[sq]}: {pos.dynasties[seat]}'s {COLORS[color]} "
                        "leader has no face-up temple next to it (R3.4)")
    in_conflict = pos.pending is not None and pos.pending["kind"] in ("commit", "war_order")
    if in_conflict:
        return
    regions = pos.regions()
    for region, leaders in enumerate(regions.leaders):
        if leaders and same_colour_conflicts(pos, region):
            names = ", ".join(SQUARE_NAMES[sq] for sq in leaders)
            raise _broken("board", "R3.3",
                          f"two leaders of one colour share a kingdom ({names}) with no conflict "
                        "pending (R3.3)")
