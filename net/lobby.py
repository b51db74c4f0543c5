"""The host's seat table: who sits where, who is connected, and who may take a seat.

Seats are fixed by the host's configuration: "human" seats are for people
(the host's own, or a joining peer, which may itself be a headless bot
program), "bot:LEVEL" seats are computer players the host runs. A human seat
handed to a computer player after its player dropped keeps its origin, so
the same player can take it back when they rejoin.

Once a game is played, a seat a remote player took belongs to that player's
token: a hello without it is refused (`seat/owned`), however long the player
has been gone. Only the players' vote or the host's player opens it to
someone else (`open_seat`); that player is the seat's guest, with a token of
their own, until the owner comes back and is told who played for them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from . import errors as e
from .errors import ProtocolError
from .events import SeatInfo
from .fields import MAX_NAME, unprintable


@dataclass
class Seat:
    kind: str
    level: str | None
    name: str
    origin: str
    local: bool = False
    identity: bytes | None = None
    ever_joined: bool = False
    token: str = ""
    """The secret the host gave the player who sits here: a hello carrying it takes the
    seat back at once, also from a connection that has not timed out yet."""
    opened: bool = False
    """The players (or the host's player) agreed that someone else may take the seat of its
    absent owner: the next hello without a token may, and becomes its guest."""
    guest: str = ""
    """The name of the player who took the seat over while its owner is away."""
    guest_token: str = ""
    """The guest's own secret: it takes the guest back, never the owner's seat for good."""
    played_for: list[tuple[int, str]] = field(default_factory=list)
    """(action number, who) for each action played here while the owner was away, by a
    guest or a computer player: the owner is told when back."""

    @property
    def owned(self) -> bool:
        """A remote player's seat whose player took it with a token (see the module)."""
        return bool(self.token) and not self.local

    @property
    def sitter_token(self) -> str:
        """The token of whoever sits here now: the guest's, else the owner's."""
        return self.guest_token or self.token

    @property
    def shown_name(self) -> str:
        """The seat's name as the table shows it: a guest plays for its owner."""
        if self.guest and self.kind == "human":
            return f"{self.guest} for {self.name}"[:MAX_NAME]
        return self.name

    @property
    def status(self) -> str:
        if self.kind == "bot":
            return "bot"
        if self.local:
            return "host"
        if self.identity is not None:
            return "connected"
        return "disconnected" if self.ever_joined else "open"

    def info(self) -> SeatInfo:
        return SeatInfo(kind=self.kind, level=self.level, name=self.shown_name,
                        status=self.status)

    def saved(self) -> dict[str, Any]:
        """The seat as the autosave keeps it; a taken-over seat's guest and what was played
        for its owner too, so a resumed host still knows them."""
        taken_over = {"opened": self.opened, "guest": self.guest, "guest_token": self.guest_token,
                      "played_for": [[ply, who] for ply, who in self.played_for]}
        return {"kind": self.kind, "level": self.level, "name": self.name, "origin": self.origin,
                "token": self.token,
                **({} if not (self.opened or self.guest or self.played_for) else taken_over)}


DEFAULT_STAND_IN = "medium"
"""The stand-in level of a host or table not told the game's (Tigris & Euphrates' default);
whoever builds one passes the game's own (`ai.default_level`), since net imports no game."""


def parse_seat(spec: str, stand_in: str) -> tuple[str, str | None]:
    """"human", "bot" or "bot:LEVEL" → (kind, level); a plain "bot" plays `stand_in`, the
    game's stand-in level (its bots' default), as the level is the game's to say."""
    spec = spec.strip().lower()
    if spec == "human":
        return "human", None
    if spec == "bot":
        return "bot", stand_in
    if spec.startswith("bot:") and spec[4:]:
        return "bot", spec[4:]
    raise ValueError(f"a seat is 'human', 'bot' or 'bot:LEVEL', not {spec!r}")


class Lobby:
    def __init__(self, seats: list[Seat]) -> None:
        self.seats = seats

    @classmethod
    def from_specs(cls, specs: list[str], host_seat: int | None,
                   host_name: str = "Host", stand_in: str = DEFAULT_STAND_IN) -> Lobby:
        seats = []
        for i, spec in enumerate(specs):
            kind, level = parse_seat(spec, stand_in)
            name = f"Computer ({level})" if kind == "bot" else f"Player {i + 1}"
            seats.append(Seat(kind=kind, level=level, name=name, origin=kind))
        if host_seat is not None:
            if not 0 <= host_seat < len(seats) or seats[host_seat].kind != "human":
                raise ValueError(f"the host's seat {host_seat + 1} must be a human seat")
            if unprintable(host_name):
                raise ValueError(f"the host's name {host_name!r} holds a control character")
            seats[host_seat].local = True
            seats[host_seat].ever_joined = True
            seats[host_seat].name = host_name.strip()[:MAX_NAME] or "Host"
        return cls(seats)

    @classmethod
    def from_saved(cls, saved: list[dict[str, Any]], host_seat: int | None) -> Lobby:
        seats = [Seat(kind=s["kind"], level=s["level"], name=s["name"], origin=s["origin"],
                      ever_joined=s["origin"] == "human", token=str(s.get("token", "")),
                      opened=bool(s.get("opened", False)), guest=str(s.get("guest", "")),
                      guest_token=str(s.get("guest_token", "")),
                      played_for=[(int(ply), str(who)) for ply, who in s.get("played_for", [])])
                 for s in saved]
        if host_seat is not None:
            seats[host_seat].local = True
        return cls(seats)

    def wire(self) -> list[dict[str, Any]]:
        return [seat.info().to_wire() for seat in self.seats]

    def infos(self) -> tuple[SeatInfo, ...]:
        return tuple(seat.info() for seat in self.seats)

    def seat_of(self, identity: bytes) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.identity == identity:
                return i
        return None

    def filled(self) -> bool:
        return all(s.kind == "bot" or s.local or s.identity is not None for s in self.seats)

    def _claimable(self, seat: Seat, playing: bool) -> bool:
        if seat.local or seat.identity is not None:
            return False
        if playing:
            return (seat.origin == "human" and seat.ever_joined
                    and (not seat.owned or seat.opened))
        return seat.kind == "human"

    def _away(self, seat: Seat) -> bool:
        """An owned seat whose player is gone: a hello without its token may not take it."""
        return seat.owned and seat.identity is None and not seat.opened

    def claim(self, want: int, identity: bytes, name: str, playing: bool) -> int:
        """Seat `identity` at `want` (or the first free seat when -1); ProtocolError if not.
        While the game is played, an opened seat is taken as its owner's guest."""
        if want >= 0:
            if want >= len(self.seats) or self.seats[want].origin != "human" or (
                    self.seats[want].local):
                raise ProtocolError(e.SEAT_INVALID, f"seat {want + 1} is not open to players")
            if not self._claimable(self.seats[want], playing):
                if playing and self._away(self.seats[want]):
                    raise ProtocolError(e.SEAT_OWNED, f"seat {want + 1} is "
                                        f"{self.seats[want].name}'s")
                raise ProtocolError(e.SEAT_TAKEN, f"seat {want + 1} is taken")
            index = want
        else:
            free = [i for i, s in enumerate(self.seats) if self._claimable(s, playing)]
            if not free:
                if playing and any(self._away(s) for s in self.seats):
                    raise ProtocolError(e.SEAT_OWNED, "every free seat is its player's")
                raise ProtocolError(e.GAME_FULL, "no seat is free")
            same_name = [i for i in free if playing and name and self.seats[i].name == name]
            index = (same_name or free)[0]
        seat = self.seats[index]
        if playing and seat.owned:
            seat.opened = False
            seat.guest = name or f"Player {index + 1}"
            seat.guest_token = secrets.token_hex(16)
            seat.identity = identity
            seat.kind, seat.level = "human", None
            return index
        return self.seat_at(index, identity, name)

    def seat_of_token(self, token: str) -> int | None:
        """The remote seat whose owner or guest was given `token`, if any."""
        for i, seat in enumerate(self.seats):
            if token and token in (seat.token, seat.guest_token) and not seat.local:
                return i
        return None

    def come_back(self, index: int, token: str, identity: bytes, name: str
                  ) -> list[tuple[int, str]]:
        """The player of `token` takes seat `index` back. Its owner ends the guest's stay and
        the seat's opening, and gets what was played for it while away (then forgotten)."""
        seat = self.seats[index]
        if token != seat.token:
            seat.identity, seat.opened = identity, False
            seat.kind, seat.level = "human", None
            return []
        played, seat.played_for = seat.played_for, []
        seat.guest, seat.guest_token, seat.opened = "", "", False
        self.seat_at(index, identity, name)
        return played

    def open_seat(self, index: int) -> None:
        """The players or the host's player agreed: someone else may take this seat."""
        self.seats[index].opened = self.seats[index].owned

    def note_played(self, index: int, ply: int) -> None:
        """Action `ply` was played at seat `index`: kept for its owner if they were away (not
        for an owner still connected, whose seat a computer plays for its turn clock)."""
        seat = self.seats[index]
        if not seat.owned or (seat.identity is not None and not seat.guest):
            return
        seat.played_for.append(
            (ply, seat.guest if seat.kind == "human" else f"Computer ({seat.level})"))

    def take_back(self, index: int) -> None:
        """The player still at seat `index` (its owner or guest), whose seat a computer played
        for its turn clock, acts: the seat is a person's again, its names and tokens as they
        were."""
        seat = self.seats[index]
        seat.kind, seat.level = "human", None

    def seat_at(self, index: int, identity: bytes, name: str) -> int:
        """Seat `identity` at `index` (already judged free, or the same player's), taking it
        back from a computer player; the seat gets a token if it has none."""
        seat = self.seats[index]
        seat.identity = identity
        seat.ever_joined = True
        seat.kind, seat.level = "human", None
        seat.token = seat.token or secrets.token_hex(16)
        if name:
            seat.name = name
        return index

    def release(self, identity: bytes, playing: bool) -> int | None:
        """Free the seat of a peer that left; in the lobby it becomes open again."""
        index = self.seat_of(identity)
        if index is not None:
            seat = self.seats[index]
            seat.identity = None
            if not playing:
                seat.ever_joined = False
                seat.token = ""
                seat.name = f"Player {index + 1}"
        return index

    def set_kind(self, index: int, spec: str, stand_in: str) -> None:
        kind, level = parse_seat(spec, stand_in)
        seat = self.seats[index]
        if seat.local:
            raise ValueError("the host's own seat cannot be changed")
        seat.kind, seat.level = kind, level
        seat.name = f"Computer ({level})" if kind == "bot" else f"Player {index + 1}"
        if kind == "bot":
            seat.identity = None
        seat.origin = kind

    def check_hand_to_bot(self, index: int) -> None:
        """ValueError unless seat `index` is a remote player's, which a computer may take."""
        seat = self.seats[index]
        if seat.local or seat.kind == "bot":
            raise ValueError(f"seat {index + 1} is not a remote player's seat")

    def hand_to_bot(self, index: int, level: str, keep_connection: bool = False) -> None:
        """A computer plays seat `index`. With `keep_connection` its player's connection
        stays at the table (a seat handed over for its turn clock): no one else may claim
        the seat, and its player takes it back by acting (`take_back`)."""
        self.check_hand_to_bot(index)
        seat = self.seats[index]
        seat.kind, seat.level = "bot", level
        if not keep_connection:
            seat.identity = None
