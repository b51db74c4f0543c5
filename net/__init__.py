"""LAN play: peers in lockstep over ZeroMQ, one host that sequences, a digest check per action.

It plays any game of `engine.games()` and imports none: the host is handed
the game's module (`shared/docs/game-module.md`) and a factory of its
computer players; a joining peer offers the games it has and the host's
welcome says which one is played. `net.game` says what net needs of both.

The client plays through a *session*; it never sees a socket. Two
implementations share one interface (`net.session.Session`):

    import ai, engine
    from net import LocalSession, NetworkSession, HostConfig

    tigris = engine.load("tigris")
    s = LocalSession(tigris, 3, bots=ai.bot_factory("tigris"), seats=["human", "human", "bot:easy"])
    s = NetworkSession.host(HostConfig(game=tigris, bots=ai.bot_factory("tigris"), players=4,
                            seats=["human", "human", "bot:medium", "human"], host_seat=0,
                            bind="0.0.0.0", port=47390))
    s = NetworkSession.join("192.168.1.20:47390", seat=2, name="Ada")   # any registered game

    # every frame of the pygame loop:
    for event in s.poll():          # SessionEvent(kind, text, data, state, at)
        log(event.text)             # plain words, ready to show
        ...                         # animate event.data["events"] for "applied"
    s.game       # the game module (a joining peer knows it once welcomed), or None
    s.state      # the game's State (the full position: trust model v1) or None before the start
    s.view()     # the position as my seat may see it — draw THIS (own hand and VP only)
    s.my_seat    # my seat (LocalSession: the human to move), None before a seat is given
    s.ply        # actions applied so far
    s.seats      # tuple of SeatInfo(kind "human"/"bot", level, name, status)
    s.phase      # "connecting", "lobby", "seeding", "playing", "over", "refused"
    s.paused     # True while nobody may act (a desync being sorted out)
    s.status     # one line of plain words for a status bar
    s.submit(action)   # my decision; the answer comes back through poll()
    s.record()   # the game record so far (to save it)
    s.close()

NetworkSession only: `NetworkSession.watch(address, name=...)` watches a game from no
seat (`is_watcher`; no `state` or `record()`, `view()` is the public position the host
sends, `submit` is refused with ``watch/only``), `watchers` (who watches),
`resync()` (after "desync_report"), `sit(seat)` (lobby),
`can_resync`, `out_of_time` (the seat to move whose turn clock ran out), `address`,
`port`, `stats`; for the host, `is_host`,
`start()`, `set_seat(seat, "human" | "bot:LEVEL")` in the lobby and
`hand_to_bot(seat, level)` for a player who dropped or stalls the game.

Event kinds (`SessionEvent.kind`):

==============  ===================================================================
kind            data
==============  ===================================================================
joined          seat, host — the host gave us a seat
refused         code — the host (or the seed check) refused us; final (``game/mismatch``:
                the host plays a game we did not offer; ``rules/mismatch``: another
                rules version of it)
seats           (seat) — the seat table changed; ``text`` says how, if it matters
started         seed — the game began (``state`` is the start position); a watcher's:
                ply, seat −1, events [], view (the public start position, no state)
watching        ply, view, host — a watcher: the host takes us as a watcher (view: the
                public position now, None before the game; host: the game's name)
seen            ply, seat, events, view — a watcher: seat ``seat`` acted; ``events`` are
                its public events, ``view`` the public position after it
applied         ply, seat, action, notation, events, digest — an action, digest checked;
                ``events`` are the engine's, without those ``private_to`` another seat
rejected        code — my action was refused (stale, illegal, not my turn, paused)
paused          reason, seat — nobody may act
resumed         — play on
desync          ply, expected, got — this copy differs from the host's
desync_report   path — the report is written; offer `resync()`
resynced        ply, digest — this copy was rebuilt from the host's record
resync_failed   — the host's record does not replay here (different versions)
connection      status: "lost", "back", "unreachable", "closed"
clock           seat, left — the host's turn clock for the seat to move: ``left`` seconds
                left (the warning), 0 when its time is up; ``text`` in the host's words
notice          (code, plies, paths) — anything else worth a line in the log; code
                ``seat/played_for``: who played which actions (``plies``) for my seat
                while I was away; ``autosave/set_aside``: the host set an unreadable
                autosave aside (the host's event names the new ``paths``)
game_over       ranking, digest
closed          — the session ended
==============  ===================================================================

Trust model (v1): every peer holds the full position, hidden stacks
and hands included, because every peer replays the same deterministic engine; hiding
is done by drawing `view()` only. A modified client could therefore read
others' hands. What the protocol does guarantee: nobody can play out of
turn, play an illegal action, play for another seat, or choose how the game is shuffled.
See net/README.md.
"""

from .discovery import GameAd
from .errors import ProtocolError
from .events import SeatInfo, SessionEvent
from .host import HostConfig
from .local import LocalSession
from .protocol import PROTOCOL_VERSION
from .session import NetworkSession, Session, SessionError

__all__ = [
    "PROTOCOL_VERSION",
    "GameAd",
    "HostConfig",
    "LocalSession",
    "NetworkSession",
    "ProtocolError",
    "SeatInfo",
    "Session",
    "SessionError",
    "SessionEvent",
]
