"""The host's authoritative game: judges each action before it becomes an update.

The judgement, in the order a peer most needs to hear about it: the game is
running and not paused, the action is for the current ply and position (else
it is stale, or the peer's copy has diverged), it is that seat's turn, and the
engine accepts it. Only then is it applied and given to the broadcaster.

It remembers the digest after every ply, so the host can judge a peer's
claim that its copy differs (`digest_at`) without replaying anything.
"""

from __future__ import annotations

import copy
from typing import Any

from engine import IllegalAction

from . import errors as e
from .errors import ProtocolError
from .game import GameModule, State
from .protocol import packed_size
from .replica import Replay, Replica


class Sequencer(Replica):
    def __init__(self, game: GameModule, record: dict[str, Any],
                 replayed: Replay | None = None) -> None:
        """The game of `record`, replayed here unless `replayed` is its replay already (the
        autosave's reader made it: a host resuming a long game replays it once)."""
        if replayed is not None and replayed.fits(record):
            super().__init__(game, {**record, "actions": []})
            self.state = replayed.state
            self.actions = [copy.deepcopy(a) for a in record["actions"]]
            self._digest = replayed.digests[-1]
            self.digests = list(replayed.digests)
        else:
            after: list[str] = []
            super().__init__(game, record, lambda state: after.append(state.digest()))
            self.digests = [game.replay({**record, "actions": []}).digest(), *after]
        self.packed = sum(map(packed_size, self.actions))
        """The msgpack bytes of the record's actions (`protocol.record_room`)."""

    def advance(self, action: dict[str, Any]) -> State:
        state = super().advance(action)
        self.digests.append(self.digest)
        self.packed += packed_size(action)
        return state

    def digest_at(self, ply: int) -> str | None:
        """The host's digest after `ply` actions; None past the current ply."""
        return self.digests[ply] if 0 <= ply < len(self.digests) else None

    def judge(self, seat: int, ply: int, digest: str, action: dict[str, Any]) -> str:
        """Apply `action` for `seat` if it may be played now; returns the digest before it."""
        if self.state.is_over:
            raise ProtocolError(e.GAME_OVER, "the game is over")
        if ply != self.ply:
            raise ProtocolError(e.ACTION_STALE, f"the action is for ply {ply}; the game is at "
                                                f"ply {self.ply}")
        if digest != self.digest:
            raise ProtocolError(e.STATE_DIVERGED, f"at ply {ply} the host has "
                                                  f"{self.digest[:12]}…, you have {digest[:12]}…")
        if seat != self.state.to_move:
            raise ProtocolError(e.ACTION_NOT_YOUR_TURN,
                                f"seat {self.state.to_move} is to move, not seat {seat}")
        prev = self.digest
        try:
            self.advance(action)
        except IllegalAction as exc:
            raise ProtocolError(e.ACTION_ILLEGAL, str(exc)[:300]) from None
        except Exception as exc:
            raise ProtocolError(e.ACTION_ILLEGAL,
                                f"the engine could not read it ({type(exc).__name__})") from None
        return prev
