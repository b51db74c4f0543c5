"""An action's wire limits come from its game (`ACTION_BOUNDS`, docs/game-module.md): every
action a game can play crosses the wire and the autosave, a larger one is refused by name,
and a host never applies an action it could not send (issue 24, item 1)."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from support import tinygame
from test_net_support import Hosting, Joining, RawPeer, host_config, random_player
from timing import scaled

import datafiles
import engine
import engine.civ as civ
import engine.tigris
from engine.civ.actions import FIELDS as CIV_FIELDS
from engine.civ.tables import CARD_ORDER, CIV_CARD_IDS, NATION_IDS, STACKS, TOKENS_PER_NATION
from net import errors as e
from net import fields, storage
from net.errors import ProtocolError
from net.host import read_hosted_autosave
from net.protocol import decode, encode
from net.session import NetworkSession

DIGEST = "ab" * 32


def _largest(kind: Any) -> Any:
    """The largest value of a civ field kind: the longest word, the longest list."""
    longest_card = max(CARD_ORDER, key=len)
    if isinstance(kind, tuple):
        return max(kind, key=lambda v: len(v) if isinstance(v, str) else 0)
    return {"area": 999, "seat": 7, "count": 999, "ship": 4, "card": longest_card,
            "nation": max(NATION_IDS, key=len),
            "cards": [longest_card] * sum(len(stack.cards) for stack in STACKS),
            "civ_cards": list(CIV_CARD_IDS), "commodity_or_none": "gems",
            "area_or_none": 999, "areas": [999] * TOKENS_PER_NATION}[kind]


LARGEST_CIV_ACTIONS = [{"type": kind, **{name: _largest(k) for name, k in names.items()}}
                       for kind, names in CIV_FIELDS.items()]


@pytest.mark.parametrize("action", LARGEST_CIV_ACTIONS, ids=lambda a: a["type"])
def test_every_civ_action_type_at_its_largest_crosses_the_wire(action: dict[str, Any]) -> None:
    """Failed before: `propose` (6 entries), `road`/`counter` (5) and every list of more than 8
    cards were refused as msg/field by the fixed cap of 4 entries and 8 words."""
    bounds = civ.ACTION_BOUNDS
    sent = encode("action", seat=2, seq=7, ply=190, digest=DIGEST, bounds=bounds, action=action)
    assert decode(sent, bounds).body["action"] == action
    update = encode("update", seat=-1, seq=9, ply=191, digest=DIGEST, bounds=bounds, by=2,
                    action=action, prev=DIGEST)
    assert decode(update, bounds).body["action"] == action
    record = {**civ.new_record(6, 1), "actions": [action] * 3}
    assert fields.record(bounds)(record, "record") == record


def test_a_game_s_bounds_refuse_what_is_larger_and_name_the_field() -> None:
    propose = {"type": "propose", "to": 2, "give": ["salt"] * 3, "named": ["salt"] * 2,
               "want": 3, "want_named": ["oil"] * 2}
    with pytest.raises(ProtocolError) as refused:
        fields.action(engine.tigris.ACTION_BOUNDS)(propose, "action")
    assert refused.value.code == e.MSG_FIELD and "at most 3 entries" in refused.value.text
    cards = sum(len(stack.cards) for stack in STACKS)
    for larger in ({**propose, "give": ["salt"] * (cards + 1)}, {**propose, "extra": 1},
                   {**propose, "give": ["x" * (civ.ACTION_BOUNDS["text"] + 1)]}):
        with pytest.raises(ProtocolError) as refused:
            decode(encode("action", seat=0, seq=1, ply=0, digest="", action=larger),
                   civ.ACTION_BOUNDS)
        assert refused.value.code == e.MSG_FIELD and "action" in refused.value.text


@pytest.mark.parametrize("module", [*engine.games().values(), tinygame],
                         ids=lambda m: str(m.ID))
def test_a_game_s_bounds_are_within_the_ceiling(module: ModuleType) -> None:
    assert fields.action_bounds(module) == module.ACTION_BOUNDS
    with pytest.raises(ValueError, match="ACTION_BOUNDS"):
        fields.action_bounds(SimpleNamespace(ID="x", ACTION_BOUNDS={"entries": 1}))
    with pytest.raises(ValueError, match="must be an integer in"):
        fields.action_bounds(SimpleNamespace(ID="x", ACTION_BOUNDS={
            **module.ACTION_BOUNDS, "list": fields.CEILING["list"] + 1}))


def _random_game(module: ModuleType, players: int, seed: int) -> list[dict[str, Any]]:
    """The actions of a random game to its end (civ: to a turn limit, A35.1), each seat
    played by the game's random level (civ's trades and buys)."""
    options = {"turn_limit": 30} if module.ID == civ.ID else {}
    state = module.new_game(players, seed, options)
    seats = [random_player(module.ID, seat, seed * 10 + seat) for seat in range(players)]
    actions = []
    while not state.is_over:
        action = seats[state.to_move](state)
        actions.append(action)
        state = state.apply(action)
    return actions


@pytest.mark.parametrize(("game", "players", "seed"), [
    ("tigris", 2, 1), ("tigris", 4, 2), ("civ", 2, 0), ("civ", 4, 1), ("civ", 6, 2)])
def test_every_action_of_random_games_fits_its_game_s_bounds(game: str, players: int,
                                                              seed: int) -> None:
    module = engine.load(game)
    check = fields.action(fields.action_bounds(module))
    actions = _random_game(module, players, seed)
    for action in actions:
        assert check(action, "action") == action
    if game == civ.ID:
        kinds = {a["type"] for a in actions}
        assert {"propose", "counter", "accept", "purchase"} <= kinds


def _tiny_of(bounds: dict[str, int]) -> Any:
    """Tiny, whose declared bounds are `bounds` (a game that understates its actions)."""
    names = {k: v for k, v in vars(tinygame).items() if not k.startswith("__")}
    return SimpleNamespace(**{**names, "ACTION_BOUNDS": bounds})


def _wait(sessions: list[NetworkSession], until: Any, timeout: float = 10.0
          ) -> list[Any]:
    """Poll every session until `until(events of the first)` holds; those events."""
    events: list[Any] = []
    deadline = time.monotonic() + scaled(timeout)
    while not until(events):
        assert time.monotonic() < deadline, [ev.kind for ev in events]
        events += sessions[0].poll(0.02)
        for other in sessions[1:]:
            other.poll(0.0)
    return events


def _rejection(events: list[Any]) -> Any:
    return next((ev for ev in events if ev.kind == "rejected"), None)


def test_the_host_never_applies_an_action_it_cannot_send(joining: Joining) -> None:
    """Failed before: the host applied and autosaved the action, then could not encode its
    update, one action ahead of every peer for good."""
    narrow = _tiny_of({**tinygame.ACTION_BOUNDS, "entries": 1})   # "draw" fits, "play" not
    config = dataclasses.replace(host_config("tiny", 2, ["human", "human"]), game=narrow)
    host = NetworkSession.host(config)
    try:
        peer = joining(host, games={tinygame.ID: narrow})
        both = [host, peer]
        _wait(both, lambda _: host.state is not None and peer.state is not None)
        if host.state.to_move != host.my_seat:
            peer.submit({"type": "draw"})
            _wait(both, lambda _: host.ply == 1 and peer.ply == 1)
        ply = host.ply
        assert host.state.to_move == host.my_seat
        host.submit({"type": "play", "card": host.view()["hands"][0][0]})
        rejected = _rejection(_wait(both, _rejection))
        assert rejected.data["code"] == e.ACTION_UNSENDABLE
        saved = storage.read_autosave(storage.default_autosave())["record"]
        assert host.ply == ply and len(saved["actions"]) == ply
        host.submit({"type": "draw"})
        # both copies as of their last poll: the peer's may have the draw before the host's
        _wait(both, lambda _: peer.ply == ply + 1 == host.ply)
        assert peer.state.digest() == host.state.digest()
    finally:
        host.close()


def test_a_peer_is_told_when_its_action_is_larger_than_its_game_allows(
        hosting: Hosting, joining: Joining) -> None:
    """Failed before: the peer's encoding failed in its network thread and nothing was said
    (a `ziggurat bot` sat silent for ever)."""
    host = hosting("tiny", 2, ["human", "human"])
    peer = joining(host)
    _wait([peer, host], lambda _: peer.state is not None)
    peer.submit({"type": "play", "card": 1, **{f"k{i}": i for i in range(5)}})
    rejected = _rejection(_wait([peer, host], _rejection))
    assert rejected.data["code"] == e.ACTION_UNSENDABLE
    assert host.stats.get("protocol_errors", 0) == 0


def test_every_civ_action_type_at_its_largest_reaches_a_civ_host_s_judgement() -> None:
    """A human peer's propose was refused with msg/field before; now each type is read and
    judged by the host (here: the game is not under way, so game/not_started)."""
    config = host_config("tiny", 2, ["human", "human"])
    config.game, config.bots = civ, None
    host = NetworkSession.host(config)
    raw = RawPeer(host.port)
    try:
        raw.send("hello", token="", games={civ.ID: civ.RULES_VERSION}, name="Raw", want=-1)
        raw.seat = raw.expect("welcome").body["you"]
        for action in LARGEST_CIV_ACTIONS:
            raw.send("action", action=action)
            refused = raw.expect("error")
            assert refused.body["ref"] == raw.seq
            assert refused.body["code"] == e.GAME_NOT_STARTED, (action["type"], refused.body)
    finally:
        raw.close()
        host.close()


def _autosave(tmp_path: Path, record: dict[str, Any]) -> Path:
    seat = {"kind": "human", "level": None, "name": "P", "origin": "human"}
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps({"format": storage.AUTOSAVE_FORMAT, "record": record,
                                "seats": [seat] * record["players"], "host_seat": 0,
                                "name": "LAN game"}))
    return path


def test_the_autosave_reader_takes_the_bounds_of_the_saved_game(tmp_path: Path) -> None:
    """Failed before: a civ record's 6-entry propose made the autosave unreadable ("must be
    a map of at most 4 entries"), whatever the game."""
    actions: list[dict[str, Any]] = []
    players = [random_player(civ.ID, seat, seat) for seat in range(3)]
    record = civ.new_record(3, 5, {"turn_limit": 12})
    state = civ.replay(record)
    while not any(a["type"] == "propose" for a in actions):
        assert not state.is_over
        actions.append(players[state.to_move](state))
        state = state.apply(actions[-1])
    saved = read_hosted_autosave(_autosave(tmp_path, {**record, "actions": actions}), civ)
    assert saved["record"]["actions"] == actions

    tile = {"type": "tile", "color": "red", "to": "A1", "note": "x"}
    with pytest.raises(datafiles.UnreadableFile) as unreadable:
        read_hosted_autosave(_autosave(tmp_path, {**engine.tigris.new_record(2, 1),
                                                  "actions": [tile]}), engine.tigris)
    assert "record.actions[0]" in str(unreadable.value)
    assert "at most 3 entries" in str(unreadable.value)
