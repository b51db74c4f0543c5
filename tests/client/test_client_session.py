"""The local session speaks as a network session does: submit, then poll for events."""

from __future__ import annotations

import engine.tigris as engine
from engine import Refusal
from game.savegame import SeatConfig
from game.session import GameSession
from net import LocalSession
from net import errors as net_errors

APPLIED_KEYS = {"ply", "seat", "action", "notation", "events", "digest"}


def two_humans(seed: int) -> GameSession:
    return GameSession.new(2, seed, {}, [SeatConfig("human"), SeatConfig("human")])


def test_an_applied_action_is_told_as_a_network_copy_tells_it() -> None:
    session = two_humans(5)
    seat = session.state.to_move
    action = next(a for a in session.state.legal_actions() if a["type"] == "tile")
    session.submit(action)
    (event,) = session.poll()
    assert event.kind == "applied"
    assert set(event.data) == APPLIED_KEYS
    assert event.data["seat"] == seat and event.data["ply"] == 1
    assert event.data["action"] == action
    assert event.data["notation"] == engine.format_action(action)
    assert event.state is session.state
    assert event.data["digest"] == session.state.digest()
    assert session.take_applied(event) == list(session.state.events)
    assert session.record["actions"] == [action]
    assert session.poll() == []


def test_the_net_local_session_tells_the_same_data_for_the_same_action() -> None:
    session = two_humans(3)
    action = next(a for a in session.state.legal_actions() if a["type"] == "tile")
    session.submit(action)
    (ours,) = session.poll()
    with LocalSession(engine, 2, seed=3, seats=["human", "human"]) as other:
        other.poll()
        other.submit(action)
        (theirs,) = other.poll()
    assert theirs.kind == ours.kind == "applied"
    assert set(theirs.data) == set(ours.data)
    assert theirs.data["digest"] == ours.data["digest"]
    assert theirs.data["events"] == ours.data["events"]


def test_a_refused_action_is_told_with_the_engines_refusal_and_changes_nothing() -> None:
    session = two_humans(1)
    before = session.state.digest()
    session.submit({"type": "tile", "color": "blue", "to": "A1"})
    (event,) = session.poll()
    assert event.kind == "rejected"
    assert event.data["code"] == net_errors.ACTION_ILLEGAL
    refusal = event.data["refusal"]
    assert isinstance(refusal, Refusal) and refusal.code
    assert refusal == session.state.check({"type": "tile", "color": "blue", "to": "A1"})
    assert session.state.digest() == before
    assert session.record["actions"] == []

