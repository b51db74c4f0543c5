"""A whole Advanced Civilization game fits the LAN: its record's length and bytes come
from its game (`ACTION_BOUNDS["record"]`, `protocol.frame_limit`), a record as long as a
whole game goes through a host's welcome to a joining peer, resumes from the autosave and
is read back by every reader of files, and a longer or larger one is still refused by name
(issue 24: net held every record to 4,000 actions and every frame to 256 KiB, and a whole
civ game of random players runs 2,000 to 16,000).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
import zmq
from support import tinygame
from test_net_support import (
    HEARTBEAT,
    LOCALHOST,
    Driver,
    Joining,
    host_config,
    host_digests,
    random_player,
)

import ai
import datafiles
import engine.civ as civ
import engine.tigris
from engine.civ.tables import CARD_ORDER
from game import savegame
from net import errors as e
from net import fields, protocol, storage
from net.host import read_hosted_autosave
from net.peer import PeerLoop
from net.protocol import frame_limit, packed_size, record_room
from net.session import NetworkSession

PLAYERS, SEED = 3, 10
"""A whole game of 3 random players of 5,422 actions: longer than the 4,000 net allowed,
and among the shorter such games (benchmarks/civ_record_size.py)."""
TOKEN = "5e" * 16


@pytest.fixture(scope="module")
def whole_game() -> dict[str, Any]:
    """A whole civ game to its end (A35.1, no turn limit), each seat the random level on its
    own view (it trades and buys), and its digest after every action."""
    bots = [ai.make_bot(civ.ID, "random", SEED * 31 + seat) for seat in range(PLAYERS)]
    record = civ.new_record(PLAYERS, SEED)
    state = civ.replay(record)
    digests = [state.digest()]
    while not state.is_over:
        action = bots[state.to_move].choose(state.view(state.to_move), 0.0)
        record["actions"].append(action)
        state = state.apply(action)
        digests.append(state.digest())
    assert len(record["actions"]) > 4000
    return {"record": record, "digests": digests}


def _write_autosave(path: Path, record: dict[str, Any], seats: list[dict[str, Any]],
                    host_seat: int | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": storage.AUTOSAVE_FORMAT, "version": 1,
                                "game": record.get("game", "tigris"), "record": record,
                                "seats": seats, "host_seat": host_seat, "name": "LAN game"}))
    return path


def _seats(players: int) -> list[dict[str, Any]]:
    """Seat 0 a player who holds TOKEN, the others the host's random computers."""
    return [{"kind": "human", "level": None, "name": "Ada", "origin": "human", "token": TOKEN},
            *({"kind": "bot", "level": "random", "name": f"Bot {seat + 1}", "origin": "bot"}
              for seat in range(1, players))]


def test_a_whole_civ_game_reaches_a_joining_peer_and_plays_on_from_its_autosave(
        whole_game: dict[str, Any], data_dir: Path) -> None:
    """Failed before: the autosave of a game past 4,000 actions was unreadable ("must be a
    list of at most 4000 items"), so it could not be resumed, and its welcome was larger
    than a frame; a peer replaying it for seconds sent no ping and was dropped, then given
    the record again."""
    whole = whole_game["record"]
    ply = len(whole["actions"]) - 100
    record = {**whole, "actions": whole["actions"][:ply]}
    path = _write_autosave(data_dir / "lan" / "host-autosave.json", record, _seats(PLAYERS))
    saved = read_hosted_autosave(path, civ)
    seeds = itertools.count(500)
    config = host_config("tiny", PLAYERS, host_seat=None, resume=saved)
    config.game = civ
    config.bots = lambda level, seed: ai.bot_factory(civ.ID)(level, next(seeds))
    host = NetworkSession.host(config)
    sessions = [host]
    try:
        peer = NetworkSession(PeerLoop(f"{LOCALHOST}:{host.port}", {civ.ID: civ}, want=0,
                                       token=TOKEN, heartbeat=HEARTBEAT))
        sessions.append(peer)
        player = random_player(civ.ID, 0, 7)
        driver = Driver(sessions, [peer], choose=lambda session: player(session.state))
        driver.run_until(lambda: peer.state is not None, timeout=60)
        joined_at, joined_digest = peer.ply, peer.state.digest()
        assert joined_at >= ply     # the host's computers may have played on meanwhile
        driver.run_until(lambda: (host.ply >= joined_at + 12 or host.state.is_over)
                         and peer.ply == host.ply, timeout=120)
        assert peer.state.digest() == host.state.digest()
        assert "joined" in {ev.kind for ev in driver.events[id(peer)]}
        codes = {ev.data.get("code") for s in sessions for ev in driver.events[id(s)]
                 if ev.kind == "rejected"}
        assert not codes & {e.MSG_FIELD, e.ACTION_UNSENDABLE}, codes
        assert host.stats.get("protocol_errors", 0) == 0
        assert peer.stats.get("protocol_errors", 0) == 0
        final = host.record()
        assert final is not None
    finally:
        for session in reversed(sessions):
            session.close()
    expected = host_digests(civ, final)
    assert expected[ply] == whole_game["digests"][ply]
    assert expected[joined_at] == joined_digest
    assert all(expected[at] == digest for at, digest in driver.digests[id(peer)].items())
    again = read_hosted_autosave(path, civ)["record"]["actions"]   # the bots may play on
    assert again[:len(final["actions"])] == final["actions"]


def _tiny_of(record: int) -> Any:
    """Tiny, whose records hold at most `record` actions."""
    names = {k: v for k, v in vars(tinygame).items() if not k.startswith("__")}
    return SimpleNamespace(**{**names, "ACTION_BOUNDS": {**tinygame.ACTION_BOUNDS,
                                                         "record": record}})


@pytest.mark.parametrize(("room", "refusal"), [
    (protocol.RECORD_ROOM, "holds at most 3 actions"),
    (10, "larger than a frame holds (30 bytes of actions)"),
], ids=["length", "bytes"])
def test_the_host_applies_no_action_past_its_game_s_record(
        room: int, refusal: str, joining: Joining, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its game's length (3 here), and the bytes a welcome carries (RECORD_ROOM an action:
    30 here, so that a third action does not fit): the action is refused as
    action/unsendable and nothing is applied. Failed before: every game's record was held
    to 4,000 actions and its bytes to none (a welcome past 256 KiB failed to encode)."""
    monkeypatch.setattr(protocol, "RECORD_ROOM", room)
    short = _tiny_of(3)
    config = dataclasses.replace(host_config("tiny", 2, ["human", "human"]), game=short)
    host = NetworkSession.host(config)
    try:
        peer = joining(host, games={tinygame.ID: short})
        driver = Driver([host, peer], [host, peer], seed=3)

        def refused() -> Any:
            return next((ev for s in (host, peer) for ev in driver.events[id(s)]
                         if ev.kind == "rejected"), None)

        # the refusal may be seen before the other side has the last accepted action
        driver.run_until(lambda: refused() is not None and host.ply == peer.ply, timeout=20)
        assert refused().data["code"] == e.ACTION_UNSENDABLE
        assert refusal in refused().text
        assert host.ply == peer.ply <= 3
        assert peer.state.digest() == host.state.digest()
        saved = storage.read_autosave(storage.default_autosave())["record"]
        assert len(saved["actions"]) == host.ply
    finally:
        host.close()


def _largest_propose() -> dict[str, Any]:
    cards = [max(CARD_ORDER, key=len)] * civ.ACTION_BOUNDS["list"]
    return {"type": "propose", "to": 1, "give": cards, "named": cards, "want": 3,
            "want_named": cards}


@pytest.mark.parametrize(("module", "actions", "refusal"), [
    (civ, [{"type": "done"}] * (civ.ACTION_BOUNDS["record"] + 1),
     f"record.actions': must be a list of at most {civ.ACTION_BOUNDS['record']} items"),
    (engine.tigris, [{"type": "pass"}] * 4001,
     "record.actions': must be a list of at most 4000 items"),
    (civ, [_largest_propose()] * (record_room(civ.ACTION_BOUNDS) // packed_size(
        _largest_propose()) + 1), "more than a frame of this game holds"),
], ids=["civ-length", "tigris-length", "civ-bytes"])
def test_an_autosave_longer_or_larger_than_its_game_allows_is_refused_by_name(
        module: ModuleType, actions: list[dict[str, Any]], refusal: str,
        tmp_path: Path) -> None:
    """Failed before for civ: its length was judged by 4,000, and a record a welcome cannot
    carry was read (and refused only by its replay)."""
    record = {**module.new_record(2, 1), "actions": actions}
    path = _write_autosave(tmp_path / "autosave.json", record, _seats(2), 0)
    with pytest.raises(datafiles.UnreadableFile) as unreadable:
        read_hosted_autosave(path, module)
    assert refusal in str(unreadable.value)


def test_each_socket_s_limit_follows_its_reader_s_frame_limit() -> None:
    """ZeroMQ's MAXMSGSIZE is twice the frame limit the socket's frames are decoded with (the
    host's game's, a peer's widest game's): a frame a little over is refused naming its
    size, a far larger one dropped unread. Failed before: 1 MiB everywhere, less than a
    whole civ game's welcome."""
    config = host_config("tiny", 2, ["human", "human"])
    config.game, config.bots = civ, None
    host = NetworkSession.host(config)
    try:
        peer = NetworkSession.join(f"{LOCALHOST}:{host.port}", heartbeat=HEARTBEAT,
                                   games={"tigris": engine.tigris, civ.ID: civ})
        try:
            for session, bounds in ((host, civ.ACTION_BOUNDS), (peer, civ.ACTION_BOUNDS)):
                sock = session._loop.sock
                assert sock is not None
                assert sock.getsockopt(zmq.MAXMSGSIZE) == 2 * frame_limit(bounds)
            assert frame_limit(civ.ACTION_BOUNDS) > frame_limit(
                fields.action_bounds(engine.tigris))
        finally:
            peer.close()
    finally:
        host.close()


def test_a_record_as_large_as_its_game_allows_is_read_back_by_every_reader_of_files(
        whole_game: dict[str, Any], tmp_path: Path) -> None:
    """The host's autosave reads a record of civ's full length and bytes, and the caps of a
    saved game (the client's saves and replays, a peer's kept game) hold it. Failed before:
    the autosave reader held a record to 4,000 actions."""
    bounds = civ.ACTION_BOUNDS
    action = {"type": "done", "pad": [1] * 46}
    largest = {**civ.new_record(8, 2**64 - 1),
               "actions": [action] * (record_room(bounds) // packed_size(action))}
    assert len(largest["actions"]) == bounds["record"]
    path = _write_autosave(tmp_path / "autosave.json", largest, _seats(8), 0)
    assert path.stat().st_size <= datafiles.LAN_AUTOSAVE.max_bytes
    assert storage.read_autosave(path)["record"] == largest
    save = tmp_path / "save.json"
    save.write_text(json.dumps(savegame.to_json(savegame.SavedGame(record=largest))))
    assert datafiles.read_json(save, datafiles.SAVE, lambda raw: raw)["record"] == largest
    kept = storage.keep_game(f"{LOCALHOST}:47390", whole_game["record"])
    assert datafiles.read_json(kept, datafiles.SAVE, lambda raw: raw) == whole_game["record"]
