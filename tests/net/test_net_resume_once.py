"""A resumed game is replayed once by its host: a whole civ game's record (16,191
actions) took 15.7 s to resume, most of it the same record replayed again and again
(the sequencer with its digests, the host's own copy, and the check that the autosave
file holds the game being resumed)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from support import tinygame
from test_net_support import Hosting

from net import storage
from net.host import read_hosted_autosave
from net.replica import Replay
from net.session import NetworkSession


def saved_game(plies: int) -> dict[str, Any]:
    """An autosave of an unfinished two-seat Tiny game of `plies` actions."""
    record = {"game": tinygame.ID, "rules_version": tinygame.RULES_VERSION, "players": 2,
              "seed": 5, "options": {}, "actions": []}
    state = tinygame.replay(record)
    for _ in range(plies):
        action = state.legal_actions()[0]
        record["actions"].append(action)
        state = state.apply(action)
    assert not state.is_over
    seats = [{"kind": "human", "level": None, "name": name, "origin": "human"}
             for name in ("Host", "Ada")]
    return {"format": storage.AUTOSAVE_FORMAT, "version": 1, "record": record, "seats": seats,
            "host_seat": 0, "name": "resumed", "digest": state.digest(), "port": 0,
            "over": False}


def test_the_host_replays_a_resumed_record_once(hosting: Hosting, data_dir: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    saved = saved_game(12)
    path = storage.default_autosave()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(saved))
    applied: list[Any] = []
    apply = tinygame.State.apply

    def counted(self: tinygame.State, action: object) -> tinygame.State:
        applied.append(action)
        return apply(self, action)

    monkeypatch.setattr(tinygame.State, "apply", counted)
    host = hosting("tiny", 2, resume=saved)
    assert host.phase == "playing" and host.ply == 12
    assert host.state is not None and host.state.digest() == saved["digest"]
    assert len(applied) == 12, "each action of the record is applied once"
    assert path.exists() and json.loads(path.read_text())["record"] == saved["record"]


def test_a_host_given_its_reader_s_replay_replays_nothing(hosting: Hosting, data_dir: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """`ziggurat host --resume` and the lobby's Continue read the autosave, which replays
    it to check it; with the digests kept on the way the host takes that replay."""
    saved = saved_game(12)
    path = storage.default_autosave()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(saved))
    states: list[Any] = []
    digests: list[str] = []
    read = read_hosted_autosave(path, tinygame, states, digests)
    assert len(digests) == 13 and digests[-1] == saved["digest"] == states[0].digest()
    applied: list[Any] = []
    apply = tinygame.State.apply

    def counted(self: tinygame.State, action: object) -> tinygame.State:
        applied.append(action)
        return apply(self, action)

    monkeypatch.setattr(tinygame.State, "apply", counted)
    host = hosting("tiny", 2, resume=read, resume_replay=Replay(states[0], digests))
    assert host.phase == "playing" and host.ply == 12 and applied == []
    assert host.state is not None and host.state.digest() == saved["digest"]
    guest = NetworkSession.join(f"127.0.0.1:{host.port}", games={"tiny": tinygame},
                                seat=1, heartbeat=0.2)
    try:
        deadline = time.monotonic() + 20
        while guest.ply != 12 and time.monotonic() < deadline:
            guest.poll(0.05)
        assert guest.state is not None and guest.state.digest() == saved["digest"]
    finally:
        guest.close()
