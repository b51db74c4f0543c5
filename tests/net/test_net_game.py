"""Whole LAN games over real sockets on 127.0.0.1: scripted humans, bots, a desync
caught and repaired, a player who drops and comes back, refused versions."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import msgpack
import pytest
import zmq
from test_net_support import HEARTBEAT, LOCALHOST, Driver, Proc, RawPeer, all_over, host_digests

import engine.tigris as engine
from net import errors as e
from net import storage
from net.host import HostConfig
from net.protocol import PROTOCOL_VERSION, decode
from net.replica import Replica
from net.seed import commitment
from net.session import NetworkSession


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path))
    return tmp_path


def hosting(players: int, seats: list[str], host_seat: int | None = 0,
            **extra: Any) -> NetworkSession:
    config = HostConfig(players=players, seats=seats, host_seat=host_seat, bind=LOCALHOST,
                        port=0, heartbeat=HEARTBEAT, bot_budget=0.01, **extra)
    return NetworkSession.host(config)


def joining(host: NetworkSession, seat: int | None = None, name: str = "") -> NetworkSession:
    return NetworkSession.join(f"{LOCALHOST}:{host.port}", seat=seat, name=name,
                               heartbeat=HEARTBEAT)


def check_every_step(driver: Driver, sessions: list[NetworkSession], expected: dict[int, str],
                     full: list[NetworkSession]) -> None:
    for session in sessions:
        seen = driver.digests[id(session)]
        assert all(expected[ply] == digest for ply, digest in seen.items()), session.my_seat
        if session in full:
            assert sorted(seen) == list(range(1, len(expected)))


def test_four_peers_play_to_the_end_in_lockstep(data_dir: Path) -> None:
    host = hosting(4, ["human", "human", "human", "human"])
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
        expected = host_digests(record)
        check_every_step(driver, sessions, expected, full=sessions)
        bot_steps = bot.applied()
        assert sorted(bot_steps) == list(range(1, len(expected)))
        assert all(expected[ply].startswith(d) for ply, d in bot_steps.items())
        assert final == expected[len(expected) - 1] == host.state.digest()
        assert [s.my_seat for s in sessions] == [0, 1, 2]
        assert [s.name for s in host.seats] == ["Host", "Ada", "Bo", "Computer (random)"]
        saved = json.loads(storage.default_autosave().read_text())
        assert saved["record"] == record
        for session in sessions:
            assert session.stats.get("internal_errors", 0) == 0
        assert ada.stats.get("protocol_errors", 0) == bo.stats.get("protocol_errors", 0) == 0
    finally:
        bot.kill()
        for session in sessions:
            session.close()


def test_each_peer_sees_only_its_own_hand() -> None:
    host = hosting(2, ["human", "human"])
    guest = joining(host)
    driver = Driver([host, guest], scripted=[])
    try:
        driver.run_until(lambda: host.phase == guest.phase == "playing")
        view = guest.view()
        assert view is not None and view["viewer"] == 1
        assert view["players"][0]["hand"] is None and view["players"][0]["score"] is None
        assert view["players"][1]["hand"] == guest.state.to_dict()["players"][1]["hand"]
        assert view["bag"] is None
    finally:
        guest.close()
        host.close()


def test_a_desync_is_caught_within_one_action_and_repaired(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host = hosting(3, ["human", "human", "bot:random"])
    victim = joining(host)
    corrupt_at = 20
    original = Replica.apply_update

    def corrupting(self: Replica, action: Any, prev: str, expected: str) -> engine.State:
        state = original(self, action, prev, expected)
        if threading.current_thread() is victim._loop and self.ply == corrupt_at:
            position = state.to_dict()
            position["players"][1]["score"]["green"] += 3
            self.state = engine.from_dict(position)
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
            {"field": "position.players[1].score.green",
             "ours": report["our_position"]["players"][1]["score"]["green"],
             "host": report["host_position"]["players"][1]["score"]["green"]}]
        assert report["our_record"]["actions"] == report["host_record"]["actions"][:corrupt_at]
        assert report["our_position"]["players"][1]["score"]["green"] == (
            report["host_position"]["players"][1]["score"]["green"] + 3)
        assert host.stats["desyncs"] == 1
        victim.resync()
        driver.run_until(lambda: "resumed" in driver.kinds(host)
                         and "resumed" in driver.kinds(victim))
        driver.run_until(all_over(*sessions), timeout=40)
        record = host.record()
        assert record is not None and victim.record() == record
        expected = host_digests(record)
        assert driver.digests[id(victim)].pop(corrupt_at) != expected[corrupt_at]
        check_every_step(driver, sessions, expected, full=[host])
    finally:
        for session in sessions:
            session.close()


def test_a_player_drops_rejoins_and_is_replaced_by_a_bot() -> None:
    host = hosting(3, ["human", "human", "bot:random"], host_seat=None)
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
        assert record is not None and ada.record() == record
        check_every_step(driver, [host, ada], host_digests(record), full=[host, ada])
    finally:
        for session in [host, ada, bo]:
            session.close()


def test_lobby_seats_and_a_late_start() -> None:
    host = hosting(3, ["human", "human", "human"], autostart=False)
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
        assert host.state is not None and ada.state is not None
        assert host.state.digest() == ada.state.digest()
        assert "Waiting for" in ada.status or ada.status == "Your move."
    finally:
        ada.close()
        host.close()


def test_versions_must_match() -> None:
    host = hosting(2, ["human", "human"])
    raw = RawPeer(host.port)
    try:
        raw.sock.send(msgpack.packb({"v": PROTOCOL_VERSION + 1, "t": "hello", "seat": -1,
                                     "seq": 1, "ply": 0, "dg": "", "rules": 1, "name": "new",
                                     "want": -1}))
        refused = raw.expect("refused")
        assert refused.body["code"] == e.VERSION_MISMATCH
        assert f"version {PROTOCOL_VERSION}" in refused.body["text"]
        assert f"version {PROTOCOL_VERSION + 1}" in refused.body["text"]
        raw.send("hello", rules=engine.RULES_VERSION + 1, name="other rules", want=-1)
        refused = raw.expect("refused")
        assert refused.body["code"] == e.RULES_MISMATCH
        assert f"rules version {engine.RULES_VERSION + 1}" in refused.body["text"]
        assert all(s.status == "open" for s in host.seats[1:])
    finally:
        raw.close()
        host.close()


def test_a_refused_peer_says_why() -> None:
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    port = router.bind_to_random_port(f"tcp://{LOCALHOST}")
    peer = NetworkSession.join(f"{LOCALHOST}:{port}", heartbeat=HEARTBEAT)
    try:
        assert router.poll(5000)
        identity, frame = router.recv_multipart()
        hello = decode(frame)
        assert hello.kind == "hello" and hello.body["rules"] == engine.RULES_VERSION
        text = "This game plays rules version 99, but your program plays rules version 1."
        router.send_multipart([identity, msgpack.packb(
            {"v": 7, "t": "refused", "seat": -1, "seq": 0, "ply": 0, "dg": "",
             "code": e.RULES_MISMATCH, "text": text})])
        events = []
        deadline = time.monotonic() + 5
        while "refused" not in [ev.kind for ev in events] and time.monotonic() < deadline:
            events += peer.poll(0.1)
        assert peer.phase == "refused" and peer.status == text
        assert [ev.text for ev in events if ev.kind == "refused"] == [text]
    finally:
        peer.close()
        router.close()
        ctx.term()


def test_the_hosts_own_copy_is_checked_too(monkeypatch: pytest.MonkeyPatch) -> None:
    host = hosting(2, ["human", "human"])
    guest = joining(host)
    original = Replica.apply_update

    def corrupting(self: Replica, action: Any, prev: str, expected: str) -> engine.State:
        if threading.current_thread() is host._loop and self.ply == 10:
            position = self.state.to_dict()
            position["players"][0]["score"]["blue"] += 1
            self.state = engine.from_dict(position)
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


def test_the_seed_ceremony_refuses_a_changed_secret_and_waits_for_no_one() -> None:
    host = hosting(2, ["human", "human"], host_seat=0, seed_timeout=0.5)
    raw = RawPeer(host.port)
    driver = Driver([host], scripted=[])
    try:
        raw.send("hello", rules=engine.RULES_VERSION, name="Cheat", want=-1)
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
