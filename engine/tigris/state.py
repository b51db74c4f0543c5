"""The public game state: the contract's `State`, over the position data."""

from __future__ import annotations

from typing import Any

from ..errors import Refusal, quote
from . import position as position_format
from .board import SQUARE_INDEX, SQUARE_NAMES
from .catastrophe import catastrophe_problem
from .conflicts import support_squares
from .leaders import leader_placement_problem, regions_without
from .legal import leader_squares, legal_actions, tile_squares
from .play import action_problem, apply_action, decider
from .scoring import final_scores, ranking
from .setup import setup
from .state_data import BLUE, COLOR_INDEX, Position
from .tiles import tile_placement_problem


class State(Position):
    """A position plus the questions the contract asks of it; treat it as immutable."""

    __slots__ = ("_legal",)

    def __init__(self) -> None:
        self._legal: list[dict[str, Any]] | None = None

    def copy(self) -> State:
        new = super().copy()
        assert isinstance(new, State)
        new._legal = None
        return new

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return None if self.ended else decider(self)

    @property
    def is_over(self) -> bool:
        return self.ended

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every legal action for `to_move`, in a stable order (a fresh list each call)."""
        if self._legal is None:
            self._legal = legal_actions(self)
        return list(self._legal)

    def check(self, action: object) -> Refusal | None:
        """None if `action` is legal now, else why not; never raises, agrees with `apply`."""
        return action_problem(self, action)

    def apply(self, action: object) -> State:
        new = apply_action(self, action)
        assert isinstance(new, State)
        return new

    def ranking(self) -> list[list[int]]:
        return ranking(self)

    def final_scores(self) -> list[dict[str, Any]]:
        return final_scores(self)

    def to_dict(self) -> dict[str, Any]:
        return position_format.to_dict(self)

    def digest(self) -> str:
        return position_format.digest(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The position as `seat` may see it; None: a spectator's, hiding every secret."""
        return position_format.view(self, seat)

    def legal_squares(self, kind: str, color: str | None = None) -> list[str]:
        """Squares where the active player's tile, leader or catastrophe may go now (UI aid)."""
        if self.ended or self.pending is not None:
            return []
        if kind == "tile":
            on_river, on_land = tile_squares(self)
            squares = on_river if COLOR_INDEX[color or "red"] == BLUE else on_land
        elif kind == "leader":
            at = self.leaders[self.active][COLOR_INDEX[color or "red"]]
            squares = (leader_squares(self, self.regions()) if at is None
                       else leader_squares(self, regions_without(self, at), skip=at))
        elif kind == "catastrophe":
            squares = [sq for sq in range(len(self.tile)) if catastrophe_problem(self, sq) is None]
        else:
            raise ValueError(f"kind must be 'tile', 'leader' or 'catastrophe', not {quote(kind)}")
        return [SQUARE_NAMES[sq] for sq in squares]

    def square_problem(self, kind: str, square: str,
                       color: str | None = None) -> Refusal | None:
        """Why the active player's piece may not go on `square` now, or None (UI aid)."""
        if square not in SQUARE_INDEX:
            raise ValueError(f"square must be a square name like 'E5', not {quote(square)}")
        sq = SQUARE_INDEX[square]
        if kind == "tile":
            return tile_placement_problem(self, COLOR_INDEX[color or "red"], sq)
        if kind == "leader":
            color = color or "red"
            at = self.leaders[self.active][COLOR_INDEX[color]]
            if at == sq:
                return Refusal("leader/same_square",
                               {"seat": self.active, "color": color, "square": square},
                               f"the leader already stands on {square} (R5.1)")
            regions = regions_without(self, at) if at is not None else None
            return leader_placement_problem(self, sq, regions)
        if kind == "catastrophe":
            return catastrophe_problem(self, sq)
        raise ValueError(f"kind must be 'tile', 'leader' or 'catastrophe', not {quote(kind)}")

    def conflict_support(self) -> dict[str, list[str]] | None:
        """The squares whose tiles count on the board for each side of the conflict that
        waits for commitments (R7.2, R8.4; UI aid): {"attacker": [...], "defender": [...]},
        or None when no conflict waits."""
        p = self.pending
        if self.ended or p is None or p["kind"] != "commit":
            return None
        attacker, defender = support_squares(
            self, p["conflict"], COLOR_INDEX[p["color"]], SQUARE_INDEX[p["attacker_leader"]],
            SQUARE_INDEX[p["defender_leader"]])
        return {"attacker": [SQUARE_NAMES[sq] for sq in attacker],
                "defender": [SQUARE_NAMES[sq] for sq in defender]}

    def __repr__(self) -> str:
        return (f"<State {'/'.join(self.dynasties)} active={self.active} "
                f"to_move={self.to_move} pending={self.pending and self.pending['kind']} "
                f"digest={self.digest()[:12]}>")


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    state = State()
    setup(state, players, seed, options)
    return state


def from_dict(d: object) -> State:
    state = State()
    position_format.from_dict(d, state)
    return state


def state_from_view(view: dict[str, Any], hands: list[list[str] | None] | None = None,
                    bag: list[str] | None = None) -> State:
    """A State from `view(seat)`, its hidden parts filled in by the caller.

    Bots use it to search: `hands` gives every seat's hand (the viewer's own
    is taken from the view when None is given for it), `bag` the bag order.
    Hidden scores become zeros. Missing parts are left empty, which is
    enough to ask the legal actions of the viewer.
    """
    d = {k: v for k, v in view.items() if k not in ("viewer", "bag_size")}
    d["players"] = []
    for seat, player in enumerate(view["players"]):
        p = {k: v for k, v in player.items() if k != "hand_size"}
        hand = hands[seat] if hands is not None else None
        if hand is not None:
            p["hand"] = sorted(hand, key=COLOR_INDEX.__getitem__)
        elif p["hand"] is None:
            p["hand"] = []
        if p["score"] is None:
            p["score"] = {"red": 0, "blue": 0, "green": 0, "black": 0}
        d["players"].append(p)
    d["bag"] = list(bag) if bag is not None else []
    return from_dict(d)
