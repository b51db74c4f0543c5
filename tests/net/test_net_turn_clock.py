"""A seat that pings but never acts no longer stalls the table (issue 24, item 3).

A host may keep a turn clock: a remote player's seat to move that has not acted
for its time is said to be out of time (everyone is warned first), and the
players may then vote a computer onto it as onto a stalled seat; the player,
still at the table, takes the seat back by acting. The vote's refusals name the
right code, one rule refuses a flood of costly requests, and a plain "bot" seat
plays the game's stand-in level. They play Tiny, and civ for its levels.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import io
import time
from collections.abc import Callable
from typing import Any

import pytest
from support import tinygame as tiny
from test_net_support import HEARTBEAT, LOCALHOST, Driver, Hosting, Joining, RawPeer
from timing import scaled

import ai
import engine.civ as civ
from net import errors as e
from net.console import Console
from net.host import HostConfig
from net.protocol import Message
from net.seed import commitment
from net.session import NetworkSession
from ziggurat_cli.lan import configure_host, host_config

CLOCK = 10 * HEARTBEAT


class Raw(RawPeer):
    """A hand-driven peer that keeps what it hears."""

    def __init__(self, port: int) -> None:
        super().__init__(port)
        self.heard: list[Message] = []

    def errors_to(self, seq: int) -> list[str]:
        return [m.body["code"] for m in self.heard
                if m.kind == "error" and m.body["ref"] == seq]


def seat_raws(host: NetworkSession, driver: Driver, names: list[str]) -> list[Raw]:
    """Hand-driven peers at the open seats, in order, through the seed ceremony."""
    peers = []
    for name in names:
        peer = Raw(host.port)
        peer.send("hello", token="", games={"tiny": tiny.RULES_VERSION}, name=name, want=-1)
        peer.seat = peer.expect("welcome").body["you"]
        peers.append(peer)
    for i, peer in enumerate(peers):
        peer.expect("begin")
        peer.send("commit", commitment=commitment(bytes([i + 1]) * 32))
    for i, peer in enumerate(peers):
        peer.expect("commits")
        peer.send("reveal", nonce=bytes([i + 1]) * 32)
    for peer in peers:
        peer.expect("start")
    driver.run_until(lambda: host.phase == "playing" and host.state is not None)
    return peers


def listen(peers: list[Raw], driver: Driver, until: Callable[[], object],
           act: bool = False) -> None:
    """Run the driver until `until()`, the raw peers pinging each heartbeat (connected,
    silent) and keeping what they hear; with `act` each plays its seat's first legal action
    whenever the host's position has it to move."""
    host = driver.sessions[0]
    last_ping, acted_at = 0.0, -1

    def step() -> bool:
        nonlocal last_ping, acted_at
        ping = time.monotonic() - last_ping >= HEARTBEAT / 2
        if ping:
            last_ping = time.monotonic()
        for peer in peers:
            if ping:
                peer.send("ping")
            while (msg := peer.recv(0)) is not None:
                peer.heard.append(msg)
            state = host.state
            if (act and state is not None and not state.is_over and state.to_move == peer.seat
                    and acted_at != host.ply):
                acted_at = host.ply
                peer.send("action", ply=host.ply, digest=state.digest(),
                          action=state.legal_actions()[0])
        return bool(until())

    driver.run_until(step, timeout=60)


def a_heartbeat_later() -> Callable[[], bool]:
    since = time.monotonic()
    return lambda: time.monotonic() > since + HEARTBEAT


def test_a_silent_seat_out_of_its_turn_clock_is_voted_to_a_computer_and_taken_back(
        hosting: Hosting, joining: Joining) -> None:
    """Ada (who plays) and a raw peer that pings but never acts; the host plays no seat, so
    Ada's yes is the majority. Everyone is warned, then told the time is up; Ada's vote
    hands the seat to a computer while its player stays at the table; the player's action
    (a refused one too) takes the seat back, and its next one is played."""
    host = hosting("tiny", 2, ["human", "human"], host_seat=None, turn_clock=CLOCK,
                   stand_in="random")
    ada = joining(host, 0, "Ada")
    driver = Driver([host, ada], scripted=[ada], seed=3)
    driver.run_until(lambda: ada.my_seat == 0 and ada.phase == "lobby")
    [raw] = seat_raws(host, driver, ["Raw"])
    try:
        def heard_clocks() -> list[dict[str, Any]]:
            return [m.body for m in raw.heard
                    if m.kind == "clock" and m.body["target"] == raw.seat]

        # Ada and Raw each hear the time is up on their own socket: wait for both.
        listen([raw], driver, lambda: ada.out_of_time == raw.seat
               and any(c["left_ms"] == 0 for c in heard_clocks()))
        clocks = heard_clocks()
        assert [c["left_ms"] > 0 for c in clocks] == [True, False]
        assert clocks[0]["left_ms"] <= CLOCK * 1000 / 2
        assert "Raw has" in clocks[0]["text"] and "left to act" in clocks[0]["text"]
        assert "Raw's time to act is up" in clocks[1]["text"]
        shown = [ev.text for ev in driver.events[id(ada)]
                 if ev.kind == "clock" and ev.data["seat"] == raw.seat]
        assert shown == [c["text"] for c in clocks], "a peer shows the host's words"
        assert host.seats[raw.seat].status == "connected"

        driver.scripted = []   # Ada waits, so the game is still on when Raw comes back

        def ada_heard(kind: str, text: str = "") -> bool:
            return any(ev.kind == kind and text in ev.text for ev in driver.events[id(ada)])

        ada.hand_to_bot(raw.seat, "random")
        listen([raw], driver, lambda: host.seats[raw.seat].status == "bot"
               and ada_heard("ballot", "The players agreed")
               and any(m.kind == "update" and m.body["by"] == raw.seat for m in raw.heard))
        assert not any(m.kind == "bye" for m in raw.heard), "Raw stays at the table"

        raw.send("action", ply=0, digest="0" * 64, action={"type": "draw"})
        seq = raw.seq
        listen([raw], driver, lambda: raw.errors_to(seq)
               and host.seats[raw.seat].status == "connected"
               and ada_heard("seats", "Raw is back and plays their seat again."))
        assert raw.errors_to(seq) == [e.ACTION_STALE]

        driver.scripted = [ada]
        played = host.ply
        listen([raw], driver, lambda: any(m.kind == "update" and m.body["by"] == raw.seat
                                          and m.ply > played for m in raw.heard), act=True)
        driver.scripted = []
        driver.run_until(lambda: ada.ply == host.ply)
        assert ada.state is not None and host.state is not None
        assert ada.state.digest() == host.state.digest()
    finally:
        raw.close()


def test_without_a_clock_a_silent_seat_is_playing_and_votes_are_refused_by_code(
        hosting: Hosting) -> None:
    """No clock by default: a connected seat that does not act is not stalled. A vote on no
    player's seat is seat/invalid, and once the game is over game/over."""
    host = hosting("tiny", 2, ["human", "human"], host_seat=None, stand_in="random")
    driver = Driver([host], scripted=[])
    peers = seat_raws(host, driver, ["Ada", "Raw"])
    try:
        silent = next(p for p in peers if p.seat == host.state.to_move)
        voter = next(p for p in peers if p is not silent)
        for target, code in [(silent.seat, e.SEAT_NOT_STALLED), (5, e.SEAT_INVALID)]:
            voter.send("hand_over", target=target, yes=True)
            seq = voter.seq
            listen(peers, driver, functools.partial(voter.errors_to, seq))
            assert voter.errors_to(seq) == [code]
            listen(peers, driver, a_heartbeat_later())   # votes never count as a flood here
        refusal = next(m for m in voter.heard if m.kind == "error"
                       and m.body["code"] == e.SEAT_NOT_STALLED)
        assert "not acted" not in refusal.body["text"], "no clock to speak of"
        listen(peers, driver, lambda: host.state.is_over, act=True)
        voter.send("hand_over", target=silent.seat, yes=True)
        seq = voter.seq
        listen(peers, driver, functools.partial(voter.errors_to, seq))
        assert voter.errors_to(seq) == [e.GAME_OVER]
    finally:
        for peer in peers:
            peer.close()


def test_a_second_vote_is_handled_once_something_else_has_changed(hosting: Hosting) -> None:
    """One rule for costly requests: a repeated hand_over within a heartbeat is msg/too_often
    unless the host broadcast something since that the vote did not cause itself. A
    minute's heartbeat, so that time never lets the second through."""
    host = hosting("tiny", 2, ["human", "human"], host_seat=0, heartbeat=60.0)
    driver = Driver([host], scripted=[])
    [raw] = seat_raws(host, driver, ["Raw"])
    try:
        codes = []
        for _ in range(2):
            raw.send("hand_over", target=raw.seat, yes=True)
            codes.append(raw.expect("error").body["code"])
        assert codes == [e.SEAT_NOT_STALLED, e.MSG_TOO_OFTEN]
        played = host.ply
        state = host.state
        assert state is not None
        if state.to_move == 0:
            host.submit(state.legal_actions()[0])
        else:
            raw.send("action", ply=host.ply, digest=state.digest(),
                     action=state.legal_actions()[0])
        driver.run_until(lambda: host.ply > played)
        raw.send("hand_over", target=raw.seat, yes=True)
        assert raw.expect("error").body["code"] == e.SEAT_NOT_STALLED
        raw.send("hand_over", target=0, yes=True)
        assert raw.expect("error").body["code"] == e.MSG_TOO_OFTEN
    finally:
        raw.close()


def test_a_plain_bot_seat_plays_the_games_stand_in_level_at_the_host_console() -> None:
    """`seat 2 bot` at `ziggurat host civ`'s console: the seat plays civ's default level,
    which the command line passes in as the stand-in; it was refused for want of 'medium'
    when civ's computer played only 'random'."""
    config = host_config(host_args("civ", "--players", "3"))
    assert config.stand_in == ai.default_level(civ.ID)
    session = NetworkSession.host(dataclasses.replace(config, autostart=False,
                                                      autosave=False))
    try:
        out = io.StringIO()
        Console(session, out=out, inp=None).command("seat 2 bot")
        deadline = time.monotonic() + scaled(10)
        said: list[str] = []
        while session.seats[1].kind != "bot":
            assert time.monotonic() < deadline, said
            said += [ev.text for ev in session.poll(0.05)]
        assert session.seats[1].level == config.stand_in
    finally:
        session.close()


def host_args(*words: str) -> argparse.Namespace:
    """`ziggurat host` arguments on loopback, a free port and no discovery."""
    parser = argparse.ArgumentParser()
    configure_host(parser)
    parser.add_argument("game")
    return parser.parse_args([*words, "--port", "0", "--bind", LOCALHOST, "--heartbeat",
                              str(HEARTBEAT), "--no-discovery"])


def test_the_turn_clock_is_a_host_option_and_off_by_default() -> None:
    assert host_config(host_args("tigris", "--turn-clock", "120")).turn_clock == 120.0
    assert host_config(host_args("tigris")).turn_clock is None
    assert HostConfig(game=tiny).turn_clock is None


@pytest.mark.parametrize("clock", [0.0, -5.0, 86_401.0])
def test_a_turn_clock_out_of_range_is_refused(clock: float) -> None:
    with pytest.raises(ValueError, match="turn clock"):
        NetworkSession.host(HostConfig(game=tiny, players=2, bind=LOCALHOST, port=0,
                                       autosave=False, turn_clock=clock))


def test_a_guest_out_of_its_turn_clock_takes_the_seat_back_as_the_owners_guest(
        hosting: Hosting) -> None:
    """Zed's seat went to a computer and Eve took it as his guest; Eve lets her clock run
    out and the host's player hands the seat to a computer while she stays; her action
    takes it back as Zed's guest still: the seat keeps its owner's name."""
    host = hosting("tiny", 2, ["human", "human"], turn_clock=CLOCK, stand_in="random")
    driver = Driver([host], scripted=[host], seed=4)
    [zed] = seat_raws(host, driver, ["Zed"])
    zed.close()
    driver.run_until(lambda: host.seats[1].status == "disconnected")
    host.hand_to_bot(1, "random")
    driver.run_until(lambda: host.seats[1].status == "bot")
    eve = Raw(host.port)
    try:
        eve.send("hello", token="", games={"tiny": tiny.RULES_VERSION}, name="Eve", want=-1)
        eve.seat = eve.expect("welcome").body["you"]
        listen([eve], driver, lambda: host.seats[1].name == "Eve for Zed"
               and host.out_of_time == 1)
        driver.scripted = []   # the host waits, so the game is still on when Eve is back
        host.hand_to_bot(1, "random")
        listen([eve], driver, lambda: host.seats[1].status == "bot")
        eve.send("action", ply=0, digest="0" * 64, action={"type": "draw"})
        listen([eve], driver, lambda: host.seats[1].status == "connected")
        assert host.seats[1].name == "Eve for Zed"
    finally:
        eve.close()
