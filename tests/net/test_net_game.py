"""Whole LAN games over real sockets on 127.0.0.1: scripted humans, bots, a desync
caught and repaired, a player who drops and comes back, refused versions and games.

They play Tiny (tests/support/tinygame.py), except the one that plays Tigris &
Euphrates to the end with a `tigris bot` process, end to end."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest
import zmq
from support import tinygame as tiny
from test_net_support import (
    HEARTBEAT,
    LOCALHOST,
    Driver,
    Hosting,
    Joining,
    Proc,
    RawPeer,
    all_over,
    host_digests,
)
from timing import scaled

import engine.tigris
from net import errors as e
from net import storage
from net.protocol import PROTOCOL_VERSION, decode, encode
from net.replica import Replica
from net.seed import commitment
from net.session import NetworkSession


def check_every_step(driver: Driver, sessions: list[NetworkSession], expected: dict[int, str],
                     full: list[NetworkSession]) -> None:
    """Every digest a session applied is the host's at that ply; a session in `full` went
    through every ply, applying each or catching up with the host's copy (checked by its
    digest) after a lost connection. On a loaded machine the test's short heartbeat
    window (4 × 0.2 s) can pass with no word from a live peer: the host drops it, it comes
    back and catches up, and the plies it caught up with were never "applied" one by one
    (lists of 194 and 193 plies in loaded full runs; a peer's copy never differed)."""
    for session in sessions:
        seen = driver.digests[id(session)]
        assert all(expected[ply] == digest for ply, digest in seen.items()), session.my_seat
        if session in full:
            caught_up = caught_up_at(driver.events[id(session)], expected)
            missing = set(range(1, len(expected))) - set(seen)
            assert all(any(ply <= at for at in caught_up) for ply in missing), \
                (session.my_seat, sorted(missing), caught_up)


def caught_up_at(events: list[Any], expected: dict[int, str]) -> list[int]:
    """The plies at which a session took the host's copy (`resynced`), each checked."""
    plies = [(e.data["ply"], e.data["digest"]) for e in events if e.kind == "resynced"]
    assert all(expected[ply] == digest for ply, digest in plies), plies
    return [ply for ply, _digest in plies]


def test_four_peers_play_tigris_to_the_end_in_lockstep(data_dir: Path, hosting: Hosting,
                                                        joining: Joining) -> None:
    host = hosting("tigris", 4, ["human", "human", "human", "human"])
    ada = joining(host, name="Ada")
    bo = joining(host, seat=2, name="Bo")
    bot = Proc("bot", "--join", f"{LOCALHOST}:{host.port}", "--level", "random", "--seat", "4",
               "--heartbeat", str(HEARTBEAT), data_dir=data_dir)
    sessions = [host, ada, bo]
    driver = Driver(sessions, scripted=sessions, seed=4)
    try:
        driver.run_until(all_over(*sessions), timeout=40)
        final = bot.final_digest()
        assert bot.finish() == 0
        record = host.record()
        assert record is not None and ada.record() == bo.record() == record
        assert record["game"] == "tigris"
        expected = host_digests(engine.tigris, record)
        check_every_step(driver, sessions, expected, full=sessions)
        bot_steps = bot.applied()
        assert all(expected[ply].startswith(d) for ply, d in bot_steps.items())
        caught_up = bot.caught_up()   # as check_every_step: after a lost connection
        assert all(any(ply <= at for at in caught_up)
                   for ply in set(range(1, len(expected))) - set(bot_steps)), caught_up
        assert final == expected[len(expected) - 1] == host.state.digest()
        assert [s.my_seat for s in sessions] == [0, 1, 2]
        assert [s.name for s in host.seats] == ["Host", "Ada", "Bo", "Computer (random)"]
        saved = json.loads(storage.default_autosave().read_text())
        assert saved["record"] == record and saved["game"] == "tigris"
        for session in sessions:
            assert session.stats.get("internal_errors", 0) == 0
        assert ada.stats.get("protocol_errors", 0) == bo.stats.get("protocol_errors", 0) == 0
    finally:
        bot.kill()
        for session in sessions:
            session.close()


def test_eight_peers_play_to_the_end_in_lockstep(hosting: Hosting, joining: Joining) -> None:
    host = hosting("tiny", 8, ["human"] * 6 + ["bot:random"] * 2)
    guests = [joining(host, name=f"Guest {i}") for i in range(1, 6)]
    sessions = [host, *guests]
    driver = Driver(sessions, scripted=sessions, seed=3)
    driver.run_until(all_over(*sessions), timeout=40)
    record = host.record()
    assert record is not None and all(g.record() == record for g in guests)
    assert record["game"] == "tiny" and record["players"] == 8
    check_every_step(driver, sessions, host_digests(tiny, record), full=sessions)
    assert sorted(s.my_seat for s in sessions) == list(range(6))
    assert all(s.game is tiny for s in sessions)


def test_an_autosave_from_before_game_ids_resumes_as_tigris(hosting: Hosting) -> None:
    record = engine.tigris.new_record(2, 4)
    del record["game"], record["rules_version"]
    state = engine.tigris.new_game(2, 4)
    for _ in range(5):
        action = state.legal_actions()[0]
        record["actions"].append(action)
        state = state.apply(action)
    seats = [{"kind": "human", "level": None, "name": name, "origin": "human"}
             for name in ("Host", "Ada")]
    saved = {"format": storage.AUTOSAVE_FORMAT, "version": 1, "record": record, "seats": seats,
             "host_seat": 0, "name": "old", "digest": state.digest(), "port": 0}
    host = hosting("tigris", 2, resume=saved)
    assert host.phase == "playing" and host.game is engine.tigris
    assert host.state is not None and host.state.digest() == state.digest()
    with pytest.raises(ValueError, match="it is a game of tigris, not of tiny"):
        hosting("tiny", 2, resume=saved)


def test_each_peer_sees_only_its_own_hand_and_draws(hosting: Hosting,
                                                    joining: Joining) -> None:
    host = hosting("tiny", 2, ["human", "human"])
    guest = joining(host)
    driver = Driver([host, guest], scripted=[host, guest], seed=6)
    driver.run_until(lambda: host.ply >= 40 and guest.ply == host.ply)
    view = guest.view()
    assert view is not None and view["viewer"] == 1
    assert view["hands"][0] is None and view["deck"] is None
    assert view["hands"][1] == guest.state.to_dict()["hands"][1]
    for session, seat in ((host, 0), (guest, 1)):
        seen = [event for ev in driver.events[id(session)] if ev.kind == "applied"
                for event in ev.data["events"]]
        drawn = [event for event in seen if event["type"] == "card_drawn"]
        private = [event for event in seen if "private_to" in event]
        assert {event["seat"] for event in drawn} == {0, 1}, "both seats drew in 40 actions"
        assert private and all(event["private_to"] == seat for event in private)
        assert len(private) == sum(1 for event in drawn if event["seat"] == seat)


def test_a_desync_is_caught_within_one_action_and_repaired(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch, hosting: Hosting,
        joining: Joining) -> None:
    host = hosting("tiny", 3, ["human", "human", "bot:random"])
    victim = joining(host)
    corrupt_at = 20
    original = Replica.apply_update

    def corrupting(self: Replica, action: Any, prev: str, expected: str) -> Any:
        state = original(self, action, prev, expected)
        if threading.current_thread() is victim._loop and self.ply == corrupt_at:
            position = state.to_dict()
            position["scores"][1] += 3
            self.state = tiny.from_dict(position)
            self._digest = self.state.digest()
        return self.state

    monkeypatch.setattr(Replica, "apply_update", corrupting)
    sessions = [host, victim]
    driver = Driver(sessions, scripted=sessions, seed=8)
    try:
        driver.run_until(lambda: "desync_report" in driver.kinds(victim))
        desync = next(ev for ev in driver.events[id(victim)] if ev.kind == "desync")
        assert desync.data["ply"] in (corrupt_at, corrupt_at + 1)
        assert "no longer matches the host's" in desync.text
        driver.run_until(lambda: host.paused and "paused" in driver.kinds(host))
        assert victim.paused and victim.can_resync
        report_event = next(ev for ev in driver.events[id(victim)]
                            if ev.kind == "desync_report")
        report = json.loads(Path(report_event.data["path"]).read_text())
        assert report["ply"] == corrupt_at
        assert report["first_differences"] == [
            {"field": "position.scores[1]",
             "ours": report["our_position"]["scores"][1],
             "host": report["host_position"]["scores"][1]}]
        assert report["our_record"]["actions"] == report["host_record"]["actions"][:corrupt_at]
        assert report["our_position"]["scores"][1] == report["host_position"]["scores"][1] + 3
        assert report["game"] == "tiny"
        assert host.stats["desyncs"] == 1
        victim.resync()
        driver.run_until(lambda: "resumed" in driver.kinds(host)
                         and "resumed" in driver.kinds(victim))
        driver.run_until(all_over(*sessions), timeout=40)
        record = host.record()
        assert record is not None and victim.record() == record
        expected = host_digests(tiny, record)
        assert driver.digests[id(victim)].pop(corrupt_at) != expected[corrupt_at]
        check_every_step(driver, sessions, expected, full=[host])
    finally:
        for session in sessions:
            session.close()


def test_a_player_drops_rejoins_and_is_replaced_by_a_bot(hosting: Hosting,
                                                         joining: Joining) -> None:
    host = hosting("tiny", 3, ["human", "human", "bot:random"], host_seat=None)
    ada, bo = joining(host, seat=0), joining(host, seat=1)
    driver = Driver([host, ada, bo], scripted=[ada, bo], seed=2)
    try:
        driver.run_until(lambda: host.ply >= 30)
        bo.close()
        driver.sessions.remove(bo)
        driver.scripted.remove(bo)
        driver.run_until(lambda: host.seats[1].status == "disconnected")
        assert any("lost the connection" in ev.text or "left" in ev.text
                   for ev in driver.events[id(host)])
        bo = joining(host, seat=1)
        driver.sessions.append(bo)
        driver.scripted.append(bo)
        driver.digests[id(bo)] = {}
        driver.events[id(bo)] = []
        driver.run_until(lambda: bo.ply == host.ply and bo.phase == "playing")
        assert bo.my_seat == 1 and bo.state is not None
        assert bo.state.digest() == host.state.digest()
        driver.run_until(lambda: host.ply >= 60)
        bo.close()
        driver.sessions.remove(bo)
        driver.scripted.remove(bo)
        driver.run_until(lambda: host.seats[1].status == "disconnected")
        host.hand_to_bot(1, "random")
        driver.run_until(lambda: host.seats[1].status == "bot")
        driver.run_until(all_over(host, ada), timeout=40)
        record = host.record()
        assert record is not None
        theirs = ada.record() or {"actions": []}
        assert theirs == record, (host.ply, ada.ply, len(record["actions"]),
                                  len(theirs["actions"]), record["actions"][-2:],
                                  theirs["actions"][-2:])
        check_every_step(driver, [host, ada], host_digests(tiny, record), full=[host, ada])
    finally:
        for session in [host, ada, bo]:
            session.close()


def test_lobby_seats_and_a_late_start(hosting: Hosting, joining: Joining) -> None:
    host = hosting("tiny", 3, ["human", "human", "human"], autostart=False)
    ada = joining(host, seat=2, name="Ada")
    driver = Driver([host, ada], scripted=[])
    try:
        driver.run_until(lambda: ada.my_seat == 2 and host.seats[2].status == "connected")
        ada.sit(1)
        driver.run_until(lambda: ada.my_seat == 1 and host.seats[1].name == "Ada")
        assert host.seats[2].status == "open"
        host.start()
        driver.run_until(lambda: "notice" in driver.kinds(host))
        host.set_seat(2, "bot:random")
        driver.run_until(lambda: host.seats[2].status == "bot")
        host.start()
        driver.run_until(lambda: host.phase == ada.phase == "playing")
        # Tiny's start player may be the computer at seat 3: wait until a person must act.
        driver.run_until(lambda: host.state.to_move != 2 and ada.ply == host.ply)
        assert host.state is not None and ada.state is not None
        assert host.state.digest() == ada.state.digest()
        assert "Waiting for" in ada.status or ada.status == "Your move."
    finally:
        ada.close()
        host.close()


def test_versions_must_match(hosting: Hosting) -> None:
    host = hosting("tiny", 2, ["human", "human"])
    raw = RawPeer(host.port)
    try:
        raw.sock.send(msgpack.packb({"v": PROTOCOL_VERSION + 1, "t": "hello", "seat": -1,
                                     "seq": 1, "ply": 0, "dg": "", "rules": 1, "name": "new",
                                     "want": -1}))
        refused = raw.expect("refused")
        assert refused.body["code"] == e.VERSION_MISMATCH
        assert f"version {PROTOCOL_VERSION}" in refused.body["text"]
        assert f"version {PROTOCOL_VERSION + 1}" in refused.body["text"]
        raw.send("hello", token="", games={"tiny": tiny.RULES_VERSION + 1},
                 name="other rules", want=-1)
        refused = raw.expect("refused")
        assert refused.body["code"] == e.RULES_MISMATCH
        assert f"rules version {tiny.RULES_VERSION + 1}" in refused.body["text"]
        assert all(s.status == "open" for s in host.seats[1:])
    finally:
        raw.close()


def test_a_peer_of_another_game_is_refused_with_the_reason(hosting: Hosting,
                                                           joining: Joining) -> None:
    host = hosting("tiny", 2, ["human", "human"])
    peer = joining(host, games={"tigris": engine.tigris})
    events: list[Any] = []
    deadline = time.monotonic() + scaled(5)
    while "refused" not in [ev.kind for ev in events] and time.monotonic() < deadline:
        events += peer.poll(0.1)
        host.poll()
    (refused,) = [ev for ev in events if ev.kind == "refused"]
    assert refused.data["code"] == e.GAME_MISMATCH
    assert "plays tiny" in refused.text and "only tigris" in refused.text
    assert peer.phase == "refused" and peer.status == refused.text
    assert host.seats[1].status == "open"


def test_a_rules_version_the_host_does_not_play_is_refused(hosting: Hosting,
                                                           joining: Joining) -> None:
    class OtherTiny:
        ID = tiny.ID
        RULES_VERSION = tiny.RULES_VERSION + 1
        ACTION_BOUNDS = tiny.ACTION_BOUNDS

    host = hosting("tiny", 2, ["human", "human"])
    peer = joining(host, games={"tiny": OtherTiny})
    events: list[Any] = []
    deadline = time.monotonic() + scaled(5)
    while "refused" not in [ev.kind for ev in events] and time.monotonic() < deadline:
        events += peer.poll(0.1)
    (refused,) = [ev for ev in events if ev.kind == "refused"]
    assert refused.data["code"] == e.RULES_MISMATCH
    assert f"rules version {tiny.RULES_VERSION}" in refused.text
    assert f"rules version {tiny.RULES_VERSION + 1}" in refused.text


@pytest.mark.parametrize("game, players", [("tiny", 9), ("tiny", 1), ("tigris", 5)])
def test_more_seats_than_the_game_takes_are_refused(game: str, players: int,
                                                    hosting: Hosting) -> None:
    with pytest.raises(ValueError, match=f"{game} is played by 2 to .* not {players}"):
        hosting(game, players, ["human"] * players)


@pytest.fixture
def a_host_by_hand() -> Iterator[tuple[zmq.Socket[bytes], NetworkSession]]:
    """A bare ROUTER socket playing the host, and a Tiny peer joining it: for answers a real
    host would never give."""
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    port = router.bind_to_random_port(f"tcp://{LOCALHOST}")
    peer = NetworkSession.join(f"{LOCALHOST}:{port}", games={"tiny": tiny},
                               heartbeat=HEARTBEAT)
    try:
        yield router, peer
    finally:
        peer.close()
        router.close()
        ctx.term()


def test_a_refused_peer_says_why(
        a_host_by_hand: tuple[zmq.Socket[bytes], NetworkSession]) -> None:
    router, peer = a_host_by_hand
    assert router.poll(5000)
    identity, frame = router.recv_multipart()
    hello = decode(frame)
    assert hello.kind == "hello" and hello.body["games"] == {"tiny": tiny.RULES_VERSION}
    text = "This game plays rules version 99, but your program plays rules version 1."
    router.send_multipart([identity, msgpack.packb(
        {"v": 7, "t": "refused", "seat": -1, "seq": 0, "ply": 0, "dg": "",
         "code": e.RULES_MISMATCH, "text": text})])
    events: list[Any] = []
    deadline = time.monotonic() + scaled(5)
    while "refused" not in [ev.kind for ev in events] and time.monotonic() < deadline:
        events += peer.poll(0.1)
    assert peer.phase == "refused" and peer.status == text
    assert [ev.text for ev in events if ev.kind == "refused"] == [text]


def test_a_welcome_to_a_game_the_peer_did_not_offer_ends_the_session(
        a_host_by_hand: tuple[zmq.Socket[bytes], NetworkSession]) -> None:
    """A host that should have refused: the peer refuses, says why, and says bye."""
    router, peer = a_host_by_hand
    assert router.poll(5000)
    identity, _ = router.recv_multipart()
    router.send_multipart([identity, encode(
        "welcome", seat=-1, seq=1, ply=0, digest="", game="chess", rules=1, you=0,
        players=2, phase="lobby", options={}, seats=[], record=None, paused=False,
        host="odd", token="",
        heartbeat_ms=200)])
    events: list[Any] = []
    deadline = time.monotonic() + scaled(5)
    while "closed" not in [ev.kind for ev in events] and time.monotonic() < deadline:
        events += peer.poll(0.1)
    (refused,) = [ev for ev in events if ev.kind == "refused"]
    assert refused.data["code"] == e.GAME_MISMATCH and "plays chess" in refused.text
    assert peer.phase == "refused" and peer.game is None
    assert "joined" not in [ev.kind for ev in events]
    bye = None
    while bye is None and router.poll(2000):
        msg = decode(router.recv_multipart()[1])
        bye = msg if msg.kind == "bye" else None
    assert bye is not None and "plays chess" in bye.body["text"]


def test_the_hosts_own_copy_is_checked_too(monkeypatch: pytest.MonkeyPatch, hosting: Hosting,
                                           joining: Joining) -> None:
    host = hosting("tiny", 2, ["human", "human"])
    guest = joining(host)
    original = Replica.apply_update

    def corrupting(self: Replica, action: Any, prev: str, expected: str) -> Any:
        if threading.current_thread() is host._loop and self.ply == 10:
            position = self.state.to_dict()
            position["scores"][0] += 1
            self.state = tiny.from_dict(position)
            self._digest = self.state.digest()
        return original(self, action, prev, expected)

    monkeypatch.setattr(Replica, "apply_update", corrupting)
    driver = Driver([host, guest], scripted=[host, guest], seed=1)
    try:
        driver.run_until(lambda: "desync_report" in driver.kinds(host))
        assert host.paused and host.can_resync
        driver.run_until(lambda: guest.paused)
        assert "host's own copy" in guest.status
        host.resync()
        driver.run_until(lambda: "resumed" in driver.kinds(guest))
        driver.run_until(lambda: host.ply >= 20 and guest.ply == host.ply)
        assert host.state is not None and guest.state is not None
        assert host.state.digest() == guest.state.digest()
    finally:
        guest.close()
        host.close()


def test_the_seed_ceremony_refuses_a_changed_secret_and_waits_for_no_one(
        hosting: Hosting) -> None:
    host = hosting("tiny", 2, ["human", "human"], host_seat=0, seed_timeout=0.5)
    raw = RawPeer(host.port)
    driver = Driver([host], scripted=[])
    try:
        raw.send("hello", token="", games={"tiny": tiny.RULES_VERSION}, name="Cheat", want=-1)
        raw.seat = raw.expect("welcome").body["you"]
        raw.expect("begin")
        raw.send("commit", commitment=commitment(b"\x01" * 32))
        raw.expect("commits")
        raw.send("reveal", nonce=b"\x02" * 32)
        driver.run_until(lambda: any(ev.data.get("code") == e.SEED_BAD_REVEAL
                                     for ev in driver.events[id(host)]))
        assert host.phase == "lobby" and host.state is None
        host.start()
        raw.expect("begin")
        driver.run_until(lambda: any(ev.data.get("code") == e.SEED_TIMEOUT
                                     for ev in driver.events[id(host)]))
        assert host.phase == "lobby" and host.state is None
        raw.send("commit", commitment=commitment(b"\x01" * 32))
        assert raw.expect("error").body["code"] == e.SEED_MISMATCH
    finally:
        raw.close()
        host.close()
