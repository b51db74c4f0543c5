"""The value of a position for the viewer once the decisions it leaves pending are taken.

An action can leave decisions behind it (R4.2): the viewer's own ones are
searched (within a node budget), a rival's conflict commitment is a chance
node weighted by the odds that the rival's hidden hand holds the tiles it
needs (the hand is then forced to hold them, or not), and the rest are
answered by the rules of thumb in `decisions`.
"""

from __future__ import annotations

from typing import Any

import engine.tigris as engine

from .decisions import committed_color, default_decision
from .determinize import chance_at_least
from .evaluation import Context, evaluate
from .geometry import COLOR_INDEX


class Lookahead:
    """Values of states for `ctx.viewer`, resolving pending decisions on the way."""

    def __init__(self, ctx: Context, node_limit: int = 40) -> None:
        self.ctx = ctx
        self.node_limit = node_limit
        self.nodes = 0

    def value(self, state: engine.State) -> float:
        self.nodes = 0
        return self._value(state)

    def _value(self, state: engine.State) -> float:
        self.nodes += 1
        pos = state.to_dict()
        pending = pos["pending"]
        if pending is None or state.is_over:
            return evaluate(pos, self.ctx)[self.ctx.viewer]
        mover = state.to_move
        actions = state.legal_actions()
        if len(actions) == 1:
            return self._value(state.apply(actions[0]))
        if mover == self.ctx.viewer and self.nodes < self.node_limit:
            return max(self._value(state.apply(a)) for a in actions)
        if (mover != self.ctx.viewer and pending["kind"] == "commit"
                and pending["attacker_committed"] is not None):
            return self._defence_chance(state, pos)
        assert mover is not None
        return self._value(state.apply(default_decision(pos, actions, mover)))

    def _defence_chance(self, state: engine.State, pos: dict[str, Any]) -> float:
        """R6.2: the rival defends with just enough to tie when its hand allows."""
        p = pos["pending"]
        need = p["attacker_strength"] + p["attacker_committed"] - p["defender_strength"]
        undefended = self._value(state.apply({"type": "commit", "count": 0}))
        if need <= 0:
            return undefended
        defender = p["defender"]
        hand_size = len(pos["players"][defender]["hand"])
        chance = chance_at_least(need, COLOR_INDEX[committed_color(p)], hand_size, self.ctx.pool)
        if chance <= 0.0:
            return undefended
        defended = forced_defence(pos, need)
        if defended is None:
            return undefended
        return chance * self._value(defended) + (1.0 - chance) * undefended


def forced_defence(pos: dict[str, Any], need: int) -> engine.State | None:
    """The sampled position with the defender's hand holding `need` tiles, and committing them.

    Tiles are exchanged between the defender's hand and the bag, so the
    position keeps the game's tile counts (`from_dict` checks them).
    """
    p = pos["pending"]
    color = committed_color(p)
    player = pos["players"][p["defender"]]
    hand = list(player["hand"])
    bag = list(pos["bag"])
    short = need - hand.count(color)
    if need > len(hand):
        return None
    for _ in range(max(0, short)):
        try:
            i = bag.index(color)
        except ValueError:
            return None
        j = next(k for k, c in enumerate(hand) if c != color)
        bag[i], hand[j] = hand[j], bag[i]
    forced = dict(pos, bag=bag, players=[dict(q) for q in pos["players"]])
    forced["players"][p["defender"]]["hand"] = sorted(hand, key=COLOR_INDEX.__getitem__)
    try:
        state = engine.from_dict(forced)
        return state.apply({"type": "commit", "count": need})
    except (engine.BadPosition, engine.IllegalAction):
        return None
