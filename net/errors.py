"""The one exception of the wire, and the error codes that travel on it.

Codes are short `area/reason` strings (boardgame.io's habit) so that a peer
can react to them without parsing prose; `net.texts` turns them into plain
words for people. Every decode or validation failure, whatever its cause,
becomes a `ProtocolError`: callers catch one class and log it.
"""

from __future__ import annotations

MSG_MALFORMED = "msg/malformed"
MSG_FIELD = "msg/field"
MSG_UNKNOWN_TYPE = "msg/unknown_type"
MSG_REPLAY = "msg/replay"
VERSION_MISMATCH = "version/mismatch"
RULES_MISMATCH = "rules/mismatch"
GAME_MISMATCH = "game/mismatch"
SESSION_UNKNOWN = "session/unknown"
SEAT_TAKEN = "seat/taken"
SEAT_INVALID = "seat/invalid"
SEAT_FORGED = "seat/forged"
GAME_FULL = "game/full"
GAME_STARTING = "game/starting"
GAME_NOT_STARTED = "game/not_started"
GAME_PAUSED = "game/paused"
GAME_OVER = "game/over"
LOBBY_CLOSED = "lobby/closed"
ACTION_STALE = "action/stale"
ACTION_ILLEGAL = "action/illegal"
ACTION_NOT_YOUR_TURN = "action/not_your_turn"
ACTION_UNSENDABLE = "action/unsendable"
STATE_DIVERGED = "state/diverged"
SEED_BAD_REVEAL = "seed/bad_reveal"
SEED_MISMATCH = "seed/mismatch"
SEED_TIMEOUT = "seed/timeout"
DESYNC_UNFOUNDED = "desync/unfounded"
SEAT_DROPPED = "seat/dropped"
MSG_TOO_OFTEN = "msg/too_often"
SEAT_NOT_STALLED = "seat/not_stalled"
SEAT_NO_COMPUTER = "seat/no_computer"
SEAT_OWNED = "seat/owned"
WATCH_ONLY = "watch/only"
WATCH_FULL = "watch/full"

CODES = frozenset({
    MSG_MALFORMED, MSG_FIELD, MSG_UNKNOWN_TYPE, MSG_REPLAY, VERSION_MISMATCH, RULES_MISMATCH,
    GAME_MISMATCH,
    SESSION_UNKNOWN, SEAT_TAKEN, SEAT_INVALID, SEAT_FORGED, GAME_FULL, GAME_STARTING,
    GAME_NOT_STARTED, GAME_PAUSED, GAME_OVER, LOBBY_CLOSED, ACTION_STALE, ACTION_ILLEGAL,
    ACTION_NOT_YOUR_TURN, STATE_DIVERGED, SEED_BAD_REVEAL, SEED_MISMATCH, SEED_TIMEOUT,
    DESYNC_UNFOUNDED, SEAT_DROPPED, MSG_TOO_OFTEN, SEAT_NOT_STALLED, SEAT_NO_COMPUTER,
    ACTION_UNSENDABLE, SEAT_OWNED, WATCH_ONLY, WATCH_FULL,
})

SEAT_PLAYED_FOR = "seat/played_for"
AUTOSAVE_SET_ASIDE = "autosave/set_aside"
NOTICES = frozenset({SEAT_PLAYED_FOR, AUTOSAVE_SET_ASIDE})
"""The codes of a `notice`: news for a peer, not refusals."""

GAME_OTHER = "game/other"
"""Never sent: why a peer stops when the host it comes back to plays another game."""


class ProtocolError(Exception):
    """A message we will not act on; `code` is one of CODES, `text` says why in words.

    `value` carries the offending value when a reply needs it (the peer's
    protocol version, for the refusal that names both versions); `kind` and
    `seq` say which message it was, when a decode failed past its header.
    """

    def __init__(self, code: str, text: str, value: object = None) -> None:
        super().__init__(f"{code}: {text}")
        self.code = code
        self.text = text
        self.value = value
        self.kind = ""
        """The refused message's type, when its header could be read."""
        self.seq = 0
        """The refused message's `seq`, when its header could be read: what `error.ref`
        names."""
