"""Why a square cannot take the selected piece, in words a player understands.

The engine alone decides legality (its legal actions); when it says no, this
module picks the most likely rule from what the board shows, so the message
is translated like every other string instead of being the engine's English.
"""

from __future__ import annotations

from typing import Any

from game.i18n import t
from game.tigris.boardmap import temples_next_to


def why_not(view: dict[str, Any], kind: str, color: str | None, square: str,
            river: set[str]) -> str:
    board = view["board"]
    cell = board.get(square)
    if kind == "tile":
        if cell:
            return t("illegal.square_occupied", square=square)
        if color == "blue" and square not in river:
            return t("illegal.blue_on_land", square=square)
        if color != "blue" and square in river:
            return t("illegal.river_only_blue", square=square)
        return t("illegal.joins_three_kingdoms", square=square)
    if kind == "leader":
        if cell:
            return t("illegal.square_occupied", square=square)
        if square in river:
            return t("illegal.leader_on_river", square=square)
        if temples_next_to(board, square) == 0:
            return t("illegal.not_next_to_temple", square=square)
        return t("illegal.leader_joins_kingdoms", square=square)
    if kind == "catastrophe" and cell:
        if "leader" in cell:
            return t("illegal.catastrophe_on_leader", square=square)
        if cell.get("catastrophe"):
            return t("illegal.catastrophe_on_catastrophe", square=square)
        if cell.get("treasure"):
            return t("illegal.catastrophe_on_treasure", square=square)
        if cell.get("face_down"):
            return t("illegal.catastrophe_on_face_down", square=square)
        if cell.get("unification"):
            return t("illegal.catastrophe_on_unification", square=square)
        if any(b and b.get("at") == square for b in view.get("buildings", {}).values()):
            return t("illegal.catastrophe_on_building", square=square)
    return t("illegal.not_a_choice")
