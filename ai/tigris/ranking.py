"""One-ply ranking of the viewer's actions by the medium evaluation.

Every main action is tried on one sampled position and valued with
`Lookahead` (so the conflicts it starts are judged by their odds). Swaps are
not tried: their draws would be read from the sampled bag, which the viewer
cannot know; a swap is valued as the hand it keeps plus average draws, which
is what the evaluation assumes for any missing tile anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine.tigris as engine

from ..bot import Action
from .evaluation import Context, evaluate
from .lookahead import Lookahead


def swap_value(pos: dict[str, Any], action: Action, ctx: Context) -> float:
    """The position with the discarded tiles gone and the action spent (draws are averages)."""
    hand = list(pos["players"][ctx.viewer]["hand"])
    for color in action["tiles"]:
        hand.remove(color)
    players = [dict(p) for p in pos["players"]]
    players[ctx.viewer]["hand"] = hand
    after = dict(pos, players=players, actions_left=max(0, pos["actions_left"] - 1))
    return evaluate(after, ctx)[ctx.viewer]


def rank_actions(state: engine.State, ctx: Context, actions: list[Action],
                 out_of_time: Callable[[], bool] | None = None,
                 node_limit: int = 40) -> list[tuple[float, int]]:
    """(value, index into actions) for each action tried, best first.

    When `out_of_time` turns true the actions not yet tried are left out, so
    a caller always gets a usable (if partial) ranking.
    """
    look = Lookahead(ctx, node_limit)
    pos = state.to_dict()
    scored: list[tuple[float, int]] = []
    for i, action in enumerate(actions):
        if out_of_time is not None and scored and out_of_time():
            break
        kind = action["type"]
        if kind == "swap":
            value = swap_value(pos, action, ctx)
        elif kind == "pass":
            value = evaluate(dict(pos, actions_left=0), ctx)[ctx.viewer]
        else:
            value = look.value(state.apply(action))
        scored.append((value, i))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return scored
