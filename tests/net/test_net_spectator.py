"""Watchers on the LAN (issue 25, protocol version 6): a peer without a seat follows the
public side of a game and nothing else, cannot act, and comes and goes without the players
noticing more than a `watchers` broadcast (`net/PROTOCOL.md`, Watchers)."""

from __future__ import annotations

import time
from dataclasses import replace
from types import ModuleType
from typing import Any

import msgpack
import pytest
from support import tinygame
from test_net_support import (
    HEARTBEAT,
    LOCALHOST,
    Driver,
    Hosting,
    Joining,
    RawPeer,
    all_over,
    host_config,
    host_digests,
)
from timing import scaled

import ai
import engine.civ as civ
import engine.tigris
from net import discovery
from net import errors as e
from net.events import visible_events
from net.host import HostConfig, HostLoop
from net.protocol import MAX_WATCHERS, Message, decode
from net.session import NetworkSession

WATCHER_KINDS = {"watching", "seen", "seats", "pause", "resume", "ballot", "clock",
                 "watchers", "ping", "error", "refused", "bye"}
"""Every message type a watcher may receive."""
SECRETS = {"record", "seed", "actions", "action", "nonces", "commitments", "private_to",
           "token", "rng", "deck", "hands"}
"""Keys that hold (or would hold) a hidden field somewhere: never in a watcher's frame,
however deep (the public view says "hand", "bag", "score": those must be nil)."""


class Watching(RawPeer):
    """A hand-driven watcher that keeps every frame it receives, raw and decoded, and pings
    the host every heartbeat (which a watcher must, to stay)."""

    def __init__(self, port: int, game: ModuleType, name: str = "Cy") -> None:
        super().__init__(port)
        self.frames: list[bytes] = []
        self.messages: list[Message] = []
        self.last_ping = time.monotonic()
        self.send("watch", games={game.ID: game.RULES_VERSION}, name=name)

    def pump(self) -> None:
        while self.sock.poll(0):
            frame = self.sock.recv()
            self.frames.append(frame)
            self.messages.append(decode(frame))
        if time.monotonic() - self.last_ping >= HEARTBEAT:
            self.last_ping = time.monotonic()
            self.send("ping")

    def kinds(self) -> list[str]:
        return [m.kind for m in self.messages]

    def first(self, kind: str) -> Message:
        return next(m for m in self.messages if m.kind == kind)


def run(driver: Driver, watchers: list[Watching], done: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + scaled(timeout)
    while not done():
        assert time.monotonic() < deadline, [s.phase for s in driver.sessions]
        driver.step()
        for watcher in watchers:
            watcher.pump()


def secret_keys(value: Any) -> set[str]:
    """The SECRETS keys anywhere in a decoded frame."""
    if isinstance(value, dict):
        found = {k for k in value if k in SECRETS}
        for item in value.values():
            found |= secret_keys(item)
        return found
    if isinstance(value, list):
        return set().union(*(secret_keys(item) for item in value)) if value else set()
    return set()


def wire(value: Any) -> Any:
    """`value` as msgpack gives it back (tuples become lists)."""
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False)


def positions(game: ModuleType, record: dict[str, Any]) -> list[Any]:
    state = game.new_game(record["players"], record["seed"], record["options"])
    out = [state]
    for action in record["actions"]:
        state = state.apply(action)
        out.append(state)
    return out


def check_public(watcher: Watching, game: ModuleType, record: dict[str, Any]) -> None:
    """Every frame the watcher received holds no hidden field nor digest; its `seen`s are,
    one per action in order, the public view and public events of the host's record."""
    for frame in watcher.frames:
        raw = msgpack.unpackb(frame, raw=False)
        assert raw["t"] in WATCHER_KINDS, raw["t"]
        assert raw["dg"] == "", raw["t"]
        assert not secret_keys({k: v for k, v in raw.items() if k != "view"}), raw["t"]
        if "view" in raw and raw["view"] is not None:
            assert not secret_keys(raw["view"]) - {"hands", "deck", "rng"}, raw["t"]
    states = positions(game, record)
    seen = [m for m in watcher.messages if m.kind == "seen"]
    assert [m.ply for m in seen] == list(range(len(states)))
    assert [m.body["by"] for m in seen] == [-1, *(s.to_move for s in states[:-1])]
    for msg, state in zip(seen, states, strict=True):
        assert msg.body["view"] == wire(state.view(None)), msg.ply
        assert msg.body["events"] == (
            wire(visible_events(list(state.events), None)) if msg.ply else [])


def test_a_watcher_sees_only_the_public_side_of_a_whole_tigris_game(
        hosting: Hosting, joining: Joining) -> None:
    host = hosting("tigris", 2, ["human", "human"])
    cy = Watching(host.port, engine.tigris)
    run(Driver([host], scripted=[]), [cy], lambda: "watching" in cy.kinds())
    ada = joining(host, name="Ada")
    sessions = [host, ada]
    driver = Driver(sessions, scripted=sessions, seed=25)
    try:
        run(driver, [cy], all_over(*sessions), timeout=60)
        run(driver, [cy], lambda: any(m.kind == "seats" and m.body["phase"] == "over"
                                      for m in cy.messages))
        record = host.record()
        assert record is not None and ada.record() == record
        expected = host_digests(engine.tigris, record)
        for session in sessions:
            seen = driver.digests[id(session)]
            assert sorted(seen) == list(range(1, len(expected)))
            assert all(expected[ply] == digest for ply, digest in seen.items())
        check_public(cy, engine.tigris, record)
        views = [m.body["view"] for m in cy.messages if m.kind == "seen"]
        playing = [v for v in views if not v["ended"]]
        assert views[-1]["ended"] and len(playing) == len(views) - 1
        assert all(v["bag"] is None and all(p["hand"] is None and p["score"] is None
                                            for p in v["players"]) for v in playing)
        drawn = sum(1 for ev in driver.events[id(host)] if ev.kind == "applied"
                    for event in ev.data["events"] if "private_to" in event)
        assert drawn, "the game had private events, which the watcher was not sent"
        watching = cy.first("watching")
        assert watching.body["view"] is None and watching.body["phase"] == "lobby"
        assert watching.body["watchers"] == ["Cy"]
    finally:
        cy.close()


def test_a_watcher_cannot_act_and_its_refusals_change_nothing(hosting: Hosting,
                                                              joining: Joining) -> None:
    host = hosting("tiny", 2, ["human", "human"])
    guest = joining(host, name="Bo")
    driver = Driver([host, guest], scripted=[host, guest], seed=5)
    run(driver, [], lambda: host.ply >= 6 and guest.ply == host.ply)
    cy = Watching(host.port, tinygame)
    try:
        run(driver, [cy], lambda: "watching" in cy.kinds())
        watching = cy.first("watching")
        # the host's loop welcomed the watcher; its session hears of the plies before a step
        # later (a loaded machine read a record shorter than the watcher's ply)
        run(driver, [cy], lambda: host.ply >= watching.ply)
        record = host.record()
        assert record is not None and watching.digest == ""
        assert watching.body["view"] == wire(
            positions(tinygame, record)[watching.ply].view(None))
        driver.scripted = []   # the players wait: nothing but the watcher's tries happens
        run(driver, [cy], lambda: guest.ply == host.ply and all(
            driver.asked.get(id(s)) != s.ply for s in (host, guest)))
        ply, record, state = host.ply, host.record(), host.state
        assert state is not None
        action = state.legal_actions()[0]
        tries = [("action", {"action": action}), ("hand_over", {"target": 1, "yes": True}),
                 ("sit", {"want": 1}), ("snapshot_req", {"reason": "gap"}),
                 ("resynced", {}), ("commit", {"commitment": b"\x01" * 32}),
                 ("hello", {"games": {"tiny": tinygame.RULES_VERSION}, "name": "Cy",
                            "want": -1, "token": ""})]
        refs = []
        for kind, body in tries:
            refs.append(cy.seq + 1)
            cy.send(kind, ply=ply, seat=state.to_move if kind == "action" else -1, **body)
        run(driver, [cy], lambda: sum(m.kind == "error" for m in cy.messages) >= len(tries))
        errors = [m for m in cy.messages if m.kind == "error"]
        assert [m.body["ref"] for m in errors] == refs
        assert {m.body["code"] for m in errors} == {e.WATCH_ONLY}
        assert all("watcher cannot act" in m.body["text"] for m in errors)
        assert host.ply == ply and host.record() == record and not host.paused
        assert cy.kinds()[0] == "watching" and cy.kinds().count("watching") == 1
    finally:
        cy.close()


def test_watchers_come_and_go_mid_game_without_the_players_noticing_more(
        hosting: Hosting, joining: Joining) -> None:
    host = hosting("tiny", 3, ["human", "human", "bot:random"])
    guest = joining(host, name="Bo")
    sessions = [host, guest]
    driver = Driver(sessions, scripted=sessions, seed=9)
    run(driver, [], lambda: host.ply >= 5)
    cy = Watching(host.port, tinygame, "Cy")
    run(driver, [cy], lambda: "watching" in cy.kinds())
    di = Watching(host.port, tinygame, "Di")
    watchers = [cy, di]
    try:
        run(driver, watchers, lambda: guest.watchers == ("Cy", "Di") == host.watchers)
        run(driver, watchers, lambda: host.ply >= 25)
        cy.send("bye", text="off")
        run(driver, watchers, lambda: guest.watchers == ("Di",))
        watchers.remove(cy)   # Di falls silent: let go after four heartbeats
        run(driver, [], lambda: host.watchers == () == guest.watchers)
        run(driver, [], all_over(*sessions), timeout=40)
        record = host.record()
        assert record is not None and guest.record() == record
        expected = host_digests(tinygame, record)
        for session in sessions:
            seen = driver.digests[id(session)]
            assert sorted(seen) == list(range(1, len(expected)))
            assert all(expected[ply] == digest for ply, digest in seen.items())
            kinds = set(driver.kinds(session))
            assert not kinds & {"paused", "ballot", "desync", "clock"}, kinds
            assert session.stats.get("gaps", 0) == 0
            assert session.stats.get("protocol_errors", 0) == 0
        texts = [ev.text for ev in driver.events[id(guest)] if ev.kind == "seats"]
        assert "Cy is watching." in texts and "Cy stopped watching." in texts
        assert "Di stopped watching." in texts
        first = cy.first("watching").ply
        updates = [m for m in cy.messages if m.kind == "seen"]
        assert updates and [m.ply for m in updates] == list(range(first + 1,
                                                                first + 1 + len(updates)))
        assert all(m.digest == "" for m in cy.messages)
    finally:
        cy.close()
        di.close()


def test_the_host_caps_watchers_and_a_place_frees_when_one_leaves(hosting: Hosting) -> None:
    host = hosting("tiny", 2, ["human", "human"], watchers=2)
    cy = Watching(host.port, tinygame, "Cy")
    cy.expect("watching")
    di = Watching(host.port, tinygame, "Di")
    di.expect("watching")
    late = Watching(host.port, tinygame, "Ed")
    later = None
    try:
        refused = late.expect("refused")
        assert refused.body["code"] == e.WATCH_FULL and refused.digest == ""
        assert "as many watchers as its host allows" in refused.body["text"]
        cy.send("bye", text="off")
        while di.expect("watchers").body["names"] != ["Di"]:
            pass
        later = Watching(host.port, tinygame, "Fay")
        assert later.expect("watching").body["watchers"] == ["Di", "Fay"]
    finally:
        for peer in (cy, di, late, later):
            if peer is not None:
                peer.close()


@pytest.mark.parametrize("count", [-1, MAX_WATCHERS + 1])
def test_a_host_allows_zero_to_the_most_watchers(count: int) -> None:
    with pytest.raises(ValueError, match=f"0 to {MAX_WATCHERS} watchers"):
        HostLoop(host_config("tiny", 2, watchers=count))


def test_a_watcher_of_another_game_is_refused_with_the_reason(hosting: Hosting) -> None:
    host = hosting("tiny", 2, ["human", "human"])
    cy = Watching(host.port, engine.tigris)
    try:
        refused = cy.expect("refused")
        assert refused.body["code"] == e.GAME_MISMATCH and refused.digest == ""
    finally:
        cy.close()


def test_a_watcher_takes_a_seat_only_as_anyone_does(hosting: Hosting) -> None:
    """A watcher's hello is refused; a hello on a connection of its own takes a free seat,
    and the seat it then holds is the one a player would."""
    host = hosting("tiny", 3, ["human", "human", "human"])
    cy = Watching(host.port, tinygame)
    player = RawPeer(host.port)
    try:
        cy.expect("watching")
        cy.send("hello", games={"tiny": tinygame.RULES_VERSION}, name="Cy", want=1, token="")
        assert cy.expect("error").body["code"] == e.WATCH_ONLY
        assert [s.status for s in host.seats][1] == "open"
        player.send("hello", games={"tiny": tinygame.RULES_VERSION}, name="Cy", want=1,
                    token="")
        assert player.expect("welcome").body["you"] == 1
        seats = cy.expect("seats").body["seats"]
        assert seats[1]["name"] == "Cy" and seats[1]["status"] == "connected"
    finally:
        cy.close()
        player.close()


def test_a_session_lists_the_watchers_of_its_lobby(hosting: Hosting,
                                                   joining: Joining) -> None:
    host: NetworkSession = hosting("tiny", 3, ["human", "human", "human"])
    guest = joining(host, name="Bo")
    driver = Driver([host, guest], scripted=[])
    cy = Watching(host.port, tinygame)
    try:
        run(driver, [cy], lambda: guest.watchers == ("Cy",) == host.watchers)
        late = joining(host, name="Al")
        driver.sessions.append(late)
        driver.events[id(late)] = []
        driver.digests[id(late)] = {}
        run(driver, [cy], lambda: late.watchers == ("Cy",))
    finally:
        cy.close()


def test_a_watching_session_follows_a_whole_game_and_cannot_submit(
        hosting: Hosting, joining: Joining) -> None:
    host = hosting("tiny", 2, ["human", "human"])
    cy = NetworkSession.watch(f"{LOCALHOST}:{host.port}", games={"tiny": tinygame}, name="Cy",
                              heartbeat=HEARTBEAT)
    try:
        watched = Driver([cy], scripted=[])
        run(watched, [], lambda: cy.phase == "lobby")
        assert cy.is_watcher and cy.view() is None and cy.state is None
        guest = joining(host, name="Bo")
        driver = Driver([host, guest, cy], scripted=[host, guest], seed=2)
        run(driver, [], lambda: all_over(host, guest)() and cy.phase == "over")
        record = host.record()
        assert record is not None
        states = positions(tinygame, record)
        events = driver.events[id(cy)]
        seen = [ev for ev in events if ev.kind in ("started", "seen")]
        assert [ev.data["ply"] for ev in seen] == list(range(len(states)))
        assert all(ev.data["view"] == wire(state.view(None))
                   for ev, state in zip(seen, states, strict=True))
        assert cy.view() == wire(states[-1].view(None)) and cy.ply == len(states) - 1
        assert cy.record() is None and cy.my_seat is None
        cy.submit(states[-1].legal_actions()[0] if not states[-1].is_over else {"type": "x"})
        run(driver, [], lambda: "rejected" in driver.kinds(cy))
        rejected = next(ev for ev in driver.events[id(cy)] if ev.kind == "rejected")
        assert rejected.data["code"] == e.WATCH_ONLY
        assert cy.stats.get("protocol_errors", 0) == 0 == cy.stats.get("internal_errors", 0)
        assert [s.name for s in cy.seats] == ["Host", "Bo"]
    finally:
        cy.close()


def test_a_civ_watcher_never_sees_a_trade_hand() -> None:
    """Advanced Civilization hides the trade cards in hand (A13.4) and the stacks' order:
    every `seen` of a short game of computers is the public view, with no hand in it."""
    host = NetworkSession.host(HostConfig(
        game=civ, bots=ai.bot_factory("civ"), players=3, seats=["bot:easy"] * 3,
        host_seat=None, options={"turn_limit": 6}, bind=LOCALHOST, port=0,
        heartbeat=HEARTBEAT, bot_budget=0.01, autostart=False))
    cy = Watching(host.port, civ)
    try:
        driver = Driver([host], scripted=[])
        run(driver, [cy], lambda: "watching" in cy.kinds())
        host.start()
        run(driver, [cy], lambda: host.phase == "over" and any(
            m.kind == "seats" and m.body["phase"] == "over" for m in cy.messages), timeout=120)
        record = host.record()
        assert record is not None
        check_public(cy, civ, record)
        views = [m.body["view"] for m in cy.messages if m.kind == "seen"]
        assert all(seat["hand"] is None for v in views for seat in v["seats"])
        assert any(seat["hand_size"] for v in views for seat in v["seats"])
    finally:
        cy.close()
        host.close()


def test_a_beacon_offers_the_places_left_to_watch(hosting: Hosting) -> None:
    host = hosting("tiny", 3, ["human", "human", "human"], watchers=2)
    cy = Watching(host.port, tinygame)
    try:
        run(Driver([host], scripted=[]), [cy], lambda: host.watchers == ("Cy",))
        ad = discovery.GameAd.of_session(host, "Club")
        assert ad.watch_places == 1 and ad.watch_problem({"tiny": tinygame}) == ""
        props = {k.encode(): v.encode() for k, v in ad.properties().items()}
        assert discovery.ad_from_properties(props, "10.0.0.5", host.port) == replace(
            ad, address="10.0.0.5")
        full = replace(ad, watch_places=0, open_seats=0)
        assert full.watch_problem({"tiny": tinygame}) == "it takes no more watchers"
        assert full.problem({"tiny": tinygame}) == "every seat is taken"
        assert "does not have" in ad.watch_problem({"tigris": engine.tigris})
    finally:
        cy.close()
