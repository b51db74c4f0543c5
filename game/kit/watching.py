"""Watching a LAN game from no seat, at any game's LAN table (issue 25).

A watcher's network session (`NetworkSession.watch`, `net.watch`) holds no
copy of the game: after every action the host sends the public position (the
game's `view(None)`) with the action's public events, never the action, the
record or a private event. A table, though, reads a state of the game's
engine module, so each public position is turned into a stand-in state by the
game's client (`GameClient.public_state`): the hidden parts left empty or
dealt anyhow, and only what every seat sees read from it, since every view
the table asks for is the public one, whatever seat it names.

`WatchGame` gives the table the face of a session (`game.session.
TableSession`) over that network session, the host's `seen` messages becoming
the "applied" events the table already animates one at a time, each from the
position before it; a fresh `watching` (the watcher came back after the host
fell silent) or the game's start is a resync, the position jumping to it.
`WatchController` is the LAN controller with no seat: nobody here is served
and nothing can be sent (a submit would be refused with `watch/only` by the
network thread all the same); it says how many play and watch, and leaving
only stops watching.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import t, tn
from game.kit.controller import UNKEPT
from game.kit.lan import LanController, LanFace
from game.savegame import SavedGame, SeatConfig
from net import NetworkSession, SessionEvent

if TYPE_CHECKING:
    from game.app import App
    from game.table import LanTable

PublicState = Callable[[dict[str, Any]], Any]
"""A game's stand-in state for a public position (`GameClient.public_state`)."""


class Demo(Protocol):
    """The kiosk's demo hosted on the LAN that a watcher's table shows (`game.kit.attract_lan`):
    the table ends it when it goes."""

    @property
    def address(self) -> str: ...

    def update(self) -> None:
        """Hears its host's network session (else its events would pile up unread)."""

    def close(self) -> None: ...


class WatchGame:
    """The table's session while watching: the public position, no seat, nothing to play."""

    public_only = True
    """Its record holds no action and its position no hidden part: the result screen offers
    no replay, and reads the final scores from the position alone."""

    hints_on = False
    """A watcher has no seat to be helped at."""

    def __init__(self, net: NetworkSession, public_state: PublicState, game_id: str,
                 options: dict[str, Any], view: dict[str, Any] | None = None,
                 ply: int | None = None) -> None:
        """`view` and `ply`: the public position the table opens on, when the network's may
        already be further on (its `seen`s still to be shown)."""
        shown = view if view is not None else net.view()
        if shown is None:
            raise ValueError("the watched game has not started yet")
        self.net = net
        self.public_state = public_state
        self.game_id = game_id
        self._options = dict(options)
        self.public: dict[str, Any] = copy.deepcopy(shown)
        self.state: Any = public_state(self.public)
        self.ply = net.ply if ply is None else ply
        self.replayed_events: list[list[dict[str, Any]]] = []
        self.demo: Demo | None = None
        """Set when the game is this kiosk's own demo, hosted here for others to watch."""

    # ----- what the table reads ---------------------------------------------------------

    @property
    def my_seat(self) -> int | None:
        return None

    @property
    def players(self) -> int:
        return len(self.net.seats) or len(self.public.get("players") or ())

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    @property
    def record(self) -> dict[str, Any]:
        """No action is ever sent to a watcher: the record only says which game it is and,
        by its length, how many actions were played (a table counts them so)."""
        return {"game": self.game_id, "players": self.players, "seed": 0,
                "options": self.options, "actions": [{} for _ in range(self.ply)]}

    @property
    def seats(self) -> list[SeatConfig]:
        return [SeatConfig("computer" if s.kind == "bot" else "human", s.level or "random")
                for s in self.net.seats] or [SeatConfig()] * self.players

    def is_human(self, seat: int) -> bool:
        """No seat is played at a watcher's table."""
        return False

    @property
    def human_seats(self) -> list[int]:
        return []

    @property
    def computer_seats(self) -> list[int]:
        return []

    def can_undo(self, seat: int) -> bool:
        return False

    def undo(self, seat: int) -> bool:
        return False

    def can_take_back(self, seat: int) -> bool:
        return False

    def take_back(self, seat: int) -> bool:
        return False

    def view(self, seat: int | None) -> dict[str, Any]:
        """The public position, whatever the seat asked: a watcher sees no seat's hand."""
        return copy.deepcopy(self.public)

    def saved(self) -> SavedGame:
        """The game as a watcher knows it: no action, its position the final public one (the
        result screen reads the scores from it; it is never written anywhere)."""
        return SavedGame(record={**self.record, "actions": []}, seats=self.seats,
                         start=self.state.to_dict())

    # ----- the network side -------------------------------------------------------------

    def submit(self, action: dict[str, Any]) -> None:
        """Never reaches the host: the network thread refuses it (`watch/only`)."""
        self.net.submit(action)

    def poll(self) -> list[SessionEvent]:
        return [self.translate(event) for event in self.net.poll()]

    def translate(self, event: SessionEvent) -> SessionEvent:
        """A watcher's event as a player's table hears it: an action seen is "applied" (its
        stand-in state made now, so that each animates from the one before); the game's
        start or a fresh `watching` puts the table at that position ("resynced")."""
        view = event.data.get("view")
        if event.kind == "seen" and view is not None:
            return SessionEvent("applied", event.text, dict(event.data),
                                self.public_state(view), event.at)
        if event.kind in ("started", "watching") and view is not None:
            return SessionEvent("resynced", event.text, dict(event.data),
                                self.public_state(view), event.at)
        return event

    def take_applied(self, event: SessionEvent) -> list[dict[str, Any]]:
        self._show(event)
        return list(event.data.get("events") or [])

    def catch_up(self, resynced: SessionEvent) -> None:
        self._show(resynced)

    def _show(self, event: SessionEvent) -> None:
        view = event.data.get("view")
        if view is not None and event.state is not None:
            self.public = copy.deepcopy(view)
            self.state = event.state
        self.ply = int(event.data.get("ply", self.ply))


class WatchController(LanController):
    """The LAN flow of a table with no seat: it shows what the host sends, serves nobody,
    sends nothing, offers no seat to a computer and keeps no game."""

    game: WatchGame   # type: ignore[assignment]

    def __init__(self, app: App, game: WatchGame, face: LanFace) -> None:
        super().__init__(app, game, face)   # type: ignore[arg-type]
        self.keeping = UNKEPT

    def leave_texts(self) -> tuple[str, str]:
        return t("watch.leave"), t("watch.leave_body")

    def ready(self) -> bool:
        """Nothing is ever sent from here."""
        self.face.show_toast(t("watch.cannot_act"))
        return False

    def seat_to_serve(self, dt: float) -> int | None:
        """Nobody is served at a watcher's table; the game's end still shows its result."""
        if self.session.state.is_over:
            self.finish()
        return None

    def finish(self) -> None:
        """The game is over: its result shows, from the public side (a kiosk's demo only
        holds its final position); nothing is kept (a watcher has no record to keep)."""
        self.finished = True
        if self.game.demo is None:
            self.app.push(self.face.result_scene())

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.game.demo is not None:
            self.game.demo.update()

    def stalled_seat(self) -> int | None:
        """A watcher has no say in who takes a seat."""
        return None

    def line(self) -> str:
        """"Watching — N players, M watchers": what this table is, always shown."""
        return t("watch.line", players=tn("watch.players", self.game.players),
                 watchers=tn("watch.watchers", len(self.game.net.watchers)))

    def notice_line(self) -> str:
        """The last seat change only: whose turn it is the table says as at any table (the
        network's status line speaks to a seat)."""
        return self.notice


def watch_game(net: NetworkSession, public_state: PublicState,
               position_options: Callable[[dict[str, Any]], dict[str, Any]],
               event: SessionEvent | None = None) -> WatchGame:
    """The table's session for a watching network session whose game has started, at the
    position of `event` (its `watching` or `started`), else the network's own."""
    module = net.game
    if module is None:
        raise ValueError("the watched game has not started yet")
    view = event.data.get("view") if event is not None else None
    ply = int(event.data.get("ply", net.ply)) if event is not None else None
    shown = view if view is not None else net.view()
    if shown is None:
        raise ValueError("the watched game has not started yet")
    return WatchGame(net, public_state, str(module.ID), position_options(shown), shown, ply)


def watch_table(app: App, net: NetworkSession, event: SessionEvent | None,
                rest: list[SessionEvent], demo: Demo | None = None) -> tuple[LanTable | None, str]:
    """The game's watcher table at the position of `event` (the `watching` or `started` that
    brought the game), told `rest`, the events the same poll brought after it; `demo`: the
    game is this kiosk's own hosted demo. (None, why not in the player's words) when the
    game is watched only as text."""
    from game import games

    module = net.game
    if module is None:
        raise ValueError("the watched game has not started yet")
    client = games.load(module.ID)
    game = watch_game(net, client.public_state, client.position_options, event)
    game.demo = demo
    table = client.watch_table(app, game) if client.has_watch_table else None
    if table is None:
        return None, t("watch.text_only", game=client.name())
    for later in rest:
        table.hear(game.translate(later))
    return table, ""


def open_watch_table(app: App, net: NetworkSession, event: SessionEvent | None,
                     rest: list[SessionEvent]) -> str:
    """Puts the game's watcher table (`watch_table`) on top of the stack: "" when it opened,
    else why not."""
    table, why = watch_table(app, net, event, rest)
    if table is not None:
        app.replace(table)
    return why
