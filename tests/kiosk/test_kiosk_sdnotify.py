"""sd_notify and the heartbeat, against real AF_UNIX datagram sockets."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.listener import HeartbeatListener
from kiosk.sdnotify import Notifier, format_message, parse_message, watchdog_interval
from kiosk.watchdog import Heartbeat


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[HeartbeatListener]:
    made = HeartbeatListener(tmp_path / "notify.sock")
    yield made
    made.close()


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_message_arrives_as_key_value_lines(listener: HeartbeatListener) -> None:
    notifier = Notifier(str(listener.path))
    assert notifier.send(READY=1, STATUS="drawing the board")
    assert listener.receive(1.0) == [{"READY": "1", "STATUS": "drawing the board"}]
    notifier.close()


def test_abstract_socket_names_start_with_at() -> None:
    name = f"tigris-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(b"\0" + name.encode())
        server.settimeout(1.0)
        assert Notifier("@" + name).send(WATCHDOG=1)
        assert parse_message(server.recv(4096)) == {"WATCHDOG": "1"}


def test_without_a_socket_nothing_is_sent_and_nothing_raises(tmp_path: Path) -> None:
    assert not Notifier(None).send(READY=1)
    assert not Notifier.from_env({}).enabled
    assert not Notifier(str(tmp_path / "nobody-listens.sock")).send(WATCHDOG=1)


def test_a_newline_inside_a_value_is_refused() -> None:
    with pytest.raises(ValueError, match="one line"):
        format_message({"STATUS": "two\nlines"})


def test_parse_ignores_lines_without_a_key() -> None:
    assert parse_message(b"READY=1\ngarbage\n=x\nSTATUS=a=b\n") == {"READY": "1", "STATUS": "a=b"}


def test_watchdog_interval_follows_systemd_rules() -> None:
    assert watchdog_interval({"WATCHDOG_USEC": "15000000"}, pid=7) == 15.0
    assert watchdog_interval({"WATCHDOG_USEC": "15000000", "WATCHDOG_PID": "7"}, pid=7) == 15.0
    assert watchdog_interval({"WATCHDOG_USEC": "15000000", "WATCHDOG_PID": "8"}, pid=7) is None
    assert watchdog_interval({"WATCHDOG_USEC": "0"}, pid=7) is None
    assert watchdog_interval({}, pid=7) is None


def test_first_beat_says_ready_then_beats_are_rate_limited(listener: HeartbeatListener) -> None:
    clock = FakeClock()
    heartbeat = Heartbeat(Notifier(str(listener.path)), interval=1.0, clock=clock)
    heartbeat.beat()
    assert listener.receive(1.0) == [{"READY": "1", "WATCHDOG": "1"}]
    for _ in range(50):
        clock.now += 0.01
        heartbeat.beat()
    assert listener.receive(0.1) == []
    clock.now += 1.0
    heartbeat.beat()
    assert listener.receive(1.0) == [{"WATCHDOG": "1"}]


def test_ready_is_retried_until_someone_listens(tmp_path: Path) -> None:
    path = tmp_path / "late.sock"
    clock = FakeClock()
    heartbeat = Heartbeat(Notifier(str(path)), interval=1.0, clock=clock)
    heartbeat.beat()
    assert not heartbeat.ready_sent
    late = HeartbeatListener(path)
    clock.now += 1.0
    heartbeat.beat()
    assert late.receive(1.0) == [{"READY": "1", "WATCHDOG": "1"}]
    late.close()


def test_position_reports_ply_and_digest(listener: HeartbeatListener) -> None:
    Heartbeat(Notifier(str(listener.path))).position(12, "0123456789abcdef0123")
    (message,) = listener.receive(1.0)
    assert message["TIGRIS_PLY"] == "12"
    assert message["TIGRIS_DIGEST"] == "0123456789abcdef0123"
    assert message["STATUS"] == "playing, ply 12, position 0123456789ab"


def test_heartbeat_is_a_no_op_outside_the_kiosk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    heartbeat = Heartbeat.from_env()
    heartbeat.beat()
    assert not heartbeat.ready_sent


def test_heartbeat_pings_four_times_per_systemd_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WATCHDOG_USEC", "2000000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert Heartbeat.from_env().interval == 0.5


def test_listener_drops_what_a_dead_game_left(listener: HeartbeatListener) -> None:
    notifier = Notifier(str(listener.path))
    for _ in range(3):
        notifier.send(WATCHDOG=1)
    assert len(listener.drain()) == 3
    assert listener.drain() == []
