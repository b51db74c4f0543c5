"""The guided first game's script against the engine: every action legal for the seat the
script gives it to, and each step's teaching point shown by the engine's own events."""

from __future__ import annotations

from typing import Any

from game.tigris import guide_script as g


def played() -> dict[str, list[dict[str, Any]]]:
    """The events of each step's actions, by step; the computer's answers (a defender's
    commitment) go with the step they answer."""
    state = g.new_state()
    assert state.to_move == g.LEARNER
    by_step: dict[str, list[dict[str, Any]]] = {}
    step = g.STEPS[0]
    for entry in g.SCRIPT:
        assert state.to_move == entry.seat, entry
        assert state.check(entry.action) is None, (entry, state.check(entry.action))
        state = state.apply(entry.action)
        step = entry.step or step
        by_step.setdefault(step, []).extend(state.events)
    return by_step


def of(events: list[dict[str, Any]], event_type: str, **fields: Any) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == event_type
            and all(e.get(k) == v for k, v in fields.items())]


def test_every_step_has_a_caption_in_order() -> None:
    steps = [e.step for e in g.SCRIPT if e.step is not None]
    ordered = list(dict.fromkeys(steps))
    assert ["welcome", *ordered, "weakest"] == list(g.STEPS)


def test_r5_2_temple_and_r5_1_king() -> None:
    steps = played()
    assert of(steps["temple"], "tile_placed", seat=0, color="red")
    assert of(steps["king"], "leader_placed", seat=0, color="black")


def test_r5_2_a_tile_in_the_kings_kingdom_scores_a_point() -> None:
    assert of(played()["point"], "vp", seat=0, color="black", amount=1, reason="tile")


def test_r3_3_the_trader_joins_the_kingdom() -> None:
    assert of(played()["kingdom"], "leader_placed", seat=0, color="green")


def test_r7_the_learner_starts_and_wins_a_revolt() -> None:
    events = played()["revolt"]
    assert of(events, "conflict", kind="revolt", attacker=0, defender=1)
    assert of(events, "conflict_won", kind="revolt", winner=0)


def test_r8_joining_two_kingdoms_is_a_war_the_learner_wins() -> None:
    events = played()["war"]
    assert of(events, "unification", seat=0)
    assert of(events, "conflict", kind="war", color="black", attacker=0)
    assert of(events, "conflict_won", kind="war", winner=0)


def test_r9_1_the_learner_takes_a_treasure() -> None:
    assert of(played()["treasure"], "treasure_taken", seat=0)


def test_r10_the_learner_builds_a_monument_and_it_scores() -> None:
    events = played()["monument"]
    assert of(events, "monument_built", seat=0)
    assert of(events, "vp", seat=0, reason="monument")


def test_r12_the_weakest_colour_decides() -> None:
    """After the script the learner leads in red but has no green: the score is 0, the
    weakest colour's, which is what the last caption says."""
    state = g.new_state()
    for entry in g.SCRIPT:
        state = state.apply(entry.action)
    score = state.final_scores()[g.LEARNER]
    assert score["colors"]["red"] >= 3
    assert score["score"] == min(score["totals"].values()) == 0
