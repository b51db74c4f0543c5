"""Finding games on the LAN with mDNS/DNS-SD (python-zeroconf), with a manual fallback.

A host advertises one `_tigris._tcp` service whose TXT record is a
versioned beacon (protocol version, the game's id and rules version, open
seats, phase), so a lobby can grey out games it could not join before
trying, and say why (`GameAd.problem`). Zeroconf is
optional at run time: without it (or on a network that drops multicast)
`available()` is False and the lobby offers the manual "host:port" entry,
which `net.address.parse_address` reads.

Tests never start Zeroconf: mDNS talks to the multicast group 224.0.0.251,
and our tests may only use 127.0.0.1. They check the beacon's encoding and
the browser's bookkeeping with a stand-in for the Zeroconf object; the
manual fallback carries every network test.
"""

from __future__ import annotations

import importlib
import logging
import socket
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import engine

from .game import LEGACY_GAME, Games
from .protocol import PROTOCOL_VERSION

if TYPE_CHECKING:
    from .session import NetworkSession

log = logging.getLogger("tigris.net.discovery")

SERVICE_TYPE = "_tigris._tcp.local."
MAX_TXT_VALUE = 64


def _zeroconf() -> Any | None:
    try:
        return importlib.import_module("zeroconf")
    except ImportError:
        return None


def available() -> bool:
    return _zeroconf() is not None


@dataclass(frozen=True)
class GameAd:
    """One game on the network, as its beacon describes it."""

    name: str
    address: str
    port: int
    game: str
    rules: int
    protocol: int = PROTOCOL_VERSION
    players: int = 4
    open_seats: int = 0
    phase: str = "lobby"
    watch_places: int = 0
    """How many more peers may watch (`net.watch`); a beacon without it takes none."""

    @classmethod
    def of_session(cls, session: NetworkSession, name: str) -> GameAd:
        """The beacon of a hosting `NetworkSession`, as its seats and phase are now."""
        game = session.game
        if game is None:
            raise ValueError("a session advertises its game once it knows it")
        open_seats = sum(1 for s in session.seats if s.status in ("open", "disconnected"))
        return cls(name=name, address=session.address.rsplit(":", 1)[0], port=session.port,
                   game=game.ID, rules=game.RULES_VERSION, players=len(session.seats),
                   open_seats=open_seats, phase=session.phase,
                   watch_places=session.watch_places)

    def problem(self, games: Games | None = None) -> str:
        """Why this program cannot join the game, in plain words; "" when it can.

        `games` are the game modules this program plays (default: every
        registered one)."""
        problem = self._version_problem(games)
        if not problem and self.open_seats <= 0:
            return "every seat is taken"
        return problem

    def watch_problem(self, games: Games | None = None) -> str:
        """Why this program cannot watch the game, in plain words; "" when it can."""
        problem = self._version_problem(games)
        if not problem and self.watch_places <= 0:
            return "it takes no more watchers"
        return problem

    def _version_problem(self, games: Games | None) -> str:
        known = engine.games() if games is None else games
        if self.protocol != PROTOCOL_VERSION:
            return (f"it speaks network protocol version {self.protocol}, this program "
                    f"version {PROTOCOL_VERSION}")
        module = known.get(self.game)
        if module is None:
            return f"it plays {self.game}, which this program does not have"
        if self.rules != module.RULES_VERSION:
            return (f"it plays {self.game} rules version {self.rules}, this program version "
                    f"{module.RULES_VERSION}")
        return ""

    @property
    def joinable(self) -> bool:
        """Worth offering: a game and versions this program plays, and a seat to take."""
        return not self.problem()

    @property
    def target(self) -> str:
        return f"{self.address}:{self.port}"

    def properties(self) -> dict[str, str]:
        return {"proto": str(self.protocol), "game": self.game[:MAX_TXT_VALUE],
                "rules": str(self.rules), "players": str(self.players),
                "open": str(self.open_seats), "phase": self.phase,
                "name": self.name[:MAX_TXT_VALUE], "watch": str(self.watch_places)}


def _text(value: object) -> str:
    if isinstance(value, bytes):
        return value[:MAX_TXT_VALUE].decode("utf-8", "replace")
    return "" if value is None else str(value)[:MAX_TXT_VALUE]


def ad_from_properties(props: dict[Any, Any], address: str, port: int) -> GameAd | None:
    """A beacon read back; None if it is not one of ours or is garbled."""
    values = {_text(k): _text(v) for k, v in props.items()}
    try:
        return GameAd(name=values.get("name", "") or address, address=address, port=int(port),
                      game=values.get("game", "") or LEGACY_GAME,
                      protocol=int(values["proto"]), rules=int(values["rules"]),
                      players=int(values["players"]), open_seats=int(values["open"]),
                      phase=values.get("phase", ""),
                      watch_places=int(values.get("watch", "") or 0))
    except (KeyError, ValueError):
        return None


def service_name(ad: GameAd) -> str:
    label = "".join(c for c in ad.name if c.isalnum() or c in " -_")[:40] or "game"
    return f"{label} ({socket.gethostname()[:20]}:{ad.port}).{SERVICE_TYPE}"


class Advertiser:
    """The host's beacon; `update` as seats fill, `close` when the game ends."""

    def __init__(self, ad: GameAd) -> None:
        zc_module = _zeroconf()
        if zc_module is None:
            raise RuntimeError("python-zeroconf is not installed")
        self._zc_module = zc_module
        self._zc = zc_module.Zeroconf()
        self._info = self._service_info(ad)
        self._zc.register_service(self._info)

    def _service_info(self, ad: GameAd) -> Any:
        addresses = [a for a in self._zc_module.get_all_addresses() if not a.startswith("127.")]
        return self._zc_module.ServiceInfo(
            SERVICE_TYPE, service_name(ad), port=ad.port, properties=ad.properties(),
            server=f"{socket.gethostname()}.local.", parsed_addresses=addresses)

    def update(self, ad: GameAd) -> None:
        info = self._service_info(ad)
        if info.properties != self._info.properties:
            self._info = info
            self._zc.update_service(info)

    def close(self) -> None:
        try:
            self._zc.unregister_service(self._info)
        finally:
            self._zc.close()


class GameList:
    """What a browser has seen: games by service name. Zeroconf calls it from its thread."""

    def __init__(self, zc: Any) -> None:
        self._zc = zc
        self._lock = threading.Lock()
        self._games: dict[str, GameAd] = {}

    def add_service(self, zc: Any, type_: str, name: str) -> None:
        self.update_service(zc, type_, name)

    def update_service(self, zc: Any, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, timeout=1000)
        if info is None:
            return
        addresses = info.parsed_addresses()
        if not addresses:
            return
        ad = ad_from_properties(info.properties or {}, addresses[0], info.port or 0)
        if ad is None:
            log.info("ignored a garbled game beacon %r", name)
            return
        with self._lock:
            self._games[name] = ad

    def remove_service(self, zc: Any, type_: str, name: str) -> None:
        with self._lock:
            self._games.pop(name, None)

    def games(self) -> list[GameAd]:
        with self._lock:
            return sorted(self._games.values(), key=lambda ad: (not ad.joinable, ad.name))


class Browser:
    """The lobby's list of games on the network; `games()` any time, `close()` when done."""

    def __init__(self) -> None:
        zc_module = _zeroconf()
        if zc_module is None:
            raise RuntimeError("python-zeroconf is not installed")
        self._zc = zc_module.Zeroconf()
        self.found = GameList(self._zc)
        self._browser = zc_module.ServiceBrowser(self._zc, SERVICE_TYPE, listener=self.found)

    def games(self) -> list[GameAd]:
        return self.found.games()

    def close(self) -> None:
        self._browser.cancel()
        self._zc.close()
