"""Issue 23, "Measured": what the arena needs to measure civ's levels beyond raw strength
(arena-only seats: medium that never trades, the exploiter; offers made and accepted; the
late-game rules; nation shares), the soak's checks on a few games, the default level, and
that no level's decision depends on another seat's hidden cards (A1.5)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import ai
import engine
import engine.civ as civ
from ai.civ.arena import ACCEPTED, AST_END, DRAWN, NO_TRADE, OFFERS, TURN, Watch, report
from ai.civ.medium import CivMediumBot
from ai.match import arena_bot, arena_levels, play_game
from ai.tournament import schedule
from engine.civ.tables import NATION_IDS
from tests.support.civ_counted import shuffle_as_counted
from tests.support.civ_soak import play_soak, soak_games


def test_a_newcomer_faces_medium_the_strongest_tested_level() -> None:
    assert ai.default_level("civ") == "medium"


def test_the_arena_only_seats_are_named_by_the_arena_and_never_offered_at_a_table() -> None:
    assert "exploiter" not in ai.levels("civ") and NO_TRADE not in ai.levels("civ")
    assert arena_levels("civ") == (*ai.levels("civ"), NO_TRADE, DRAWN, "exploiter")
    assert arena_bot("civ", NO_TRADE, 1).level == "medium"
    assert arena_bot("civ", DRAWN, 1).level == "medium"
    assert arena_bot("civ", "exploiter", 1).level == "exploiter"
    with pytest.raises(ValueError):
        ai.make_bot("civ", NO_TRADE, 1)
    assert arena_levels("tigris") == ai.levels("tigris")  # no arena module: the table's


def test_an_arena_of_one_level_deals_each_game_anew() -> None:
    """Six medium seats rotated on one seed played the same game six times: the A.S.T. line
    reported 4 games all ending on turn 44, won by the same nation."""
    fixtures = schedule(["medium"] * 6, 6, 12, seed=1)
    assert [f.seed for f in fixtures] == list(range(1, 13))
    mixed = schedule(["medium"] * 3 + [NO_TRADE] * 3, 6, 12, seed=1)
    assert [f.seed for f in mixed] == [1] * 6 + [2] * 6


def seated(players: int, seed: int, levels: list[str]) -> list[str]:
    """The nations a game's seats choose (A6.3)."""
    bots = [arena_bot("civ", level, seed * 31 + s) for s, level in enumerate(levels)]
    state = civ.new_game(players, seed, {"turn_limit": 40})
    while state.pending is not None and state.pending["kind"] == "nation":
        seat = state.to_move
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), 0.0))
    return [str(s.nation) for s in state.position.seats]


def test_six_medium_sit_the_same_six_nations_where_drawn_seats_play_every_nation() -> None:
    """The nations line (A6.3): medium's own choice seats Babylon and Assyria side by side
    in every game of six and never Africa, Illyria or Crete; seats whose nation is drawn by
    lot make every set equally likely, each nation in play in two games of three."""
    medium = {frozenset(seated(6, seed, ["medium"] * 6)) for seed in range(1, 6)}
    assert len(medium) == 1 and not {"africa", "illyria", "crete"} & next(iter(medium))
    sets = [frozenset(seated(6, seed, [DRAWN] * 6)) for seed in range(1, 61)]
    counts = Counter(n for s in sets for n in s)
    assert set(counts) == set(NATION_IDS) and len(set(sets)) >= 40
    assert all(25 <= c <= 55 for c in counts.values()), counts  # 40 expected of 60


def test_a_drawn_seat_plays_as_medium_of_its_seed_beyond_its_nation() -> None:
    """Only the nation is drawn: every later answer is medium's, hidden cards dealt alike."""
    seed, players = 7, 6
    drawn = [arena_bot("civ", DRAWN, seed * 31 + s) for s in range(players)]
    twins = [CivMediumBot(seed * 31 + s) for s in range(players)]
    state = civ.new_game(players, seed, {"turn_limit": 3})
    answers = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        action, twin = drawn[seat].choose(view, 0.0), twins[seat].choose(view, 0.0)
        if action["type"] != "nation":
            assert action == twin, (state.position.turn, state.pending["kind"])
            answers += 1
        state = state.apply(action)
    assert answers > 60


def watched(levels: list[str], seed: int, turns: int
            ) -> tuple[dict[str, float], Counter[str], list[tuple[str, dict[str, Any]]]]:
    """A game of arena seats, each action checked; its notes, its trade events, and each
    seat's trade actions with its level."""
    bots = [arena_bot("civ", level, seed * 31 + s) for s, level in enumerate(levels)]
    state = civ.new_game(len(levels), seed, {"turn_limit": turns})
    watch = Watch(levels)
    events: Counter[str] = Counter()
    trades: list[tuple[str, dict[str, Any]]] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.view(seat), 0.0)
        assert state.check(action) is None and state.pending, (levels[seat], action)
        if state.pending["kind"].startswith("trade"):
            trades.append((levels[seat], action))
        after = state.apply(action)
        watch.see(state, seat, action, after)
        for e in after.events:
            if e["type"] == "proposal":
                events["proposal"] += 1
            elif e["type"] == "negotiation_over" and e["accepted"]:
                events["accepted"] += 1
        state = after
    return watch.finish(state, [1.0 if s in state.ranking()[0] else 0.0
                                for s in range(len(levels))]), events, trades


@pytest.fixture(scope="module")
def exploited() -> tuple[dict[str, float], Counter[str], list[tuple[str, dict[str, Any]]]]:
    return watched(["exploiter", "medium", NO_TRADE, "medium", "medium"], 3, 10)


def test_A17_medium_that_never_trades_declares_done_and_makes_no_offer(
        exploited: tuple[dict[str, float], Counter[str], list[tuple[str, dict[str, Any]]]]
) -> None:
    _, _, trades = exploited
    mine = [a["type"] for level, a in trades if level == NO_TRADE]
    assert mine and set(mine) == {"done"}
    assert "propose" in {a["type"] for level, a in trades if level == "medium"}  # the others do


def test_A17_the_exploiter_offers_legally_and_the_watch_counts_every_offer(
        exploited: tuple[dict[str, float], Counter[str], list[tuple[str, dict[str, Any]]]]
) -> None:
    notes, events, trades = exploited
    assert sum(1 for level, a in trades if level == "exploiter" and a["type"] == "propose") >= 5
    assert notes[f"{OFFERS} exploiter>medium"] >= 2
    offers = sum(v for k, v in notes.items() if k.startswith(OFFERS + " "))
    accepted = sum(v for k, v in notes.items() if k.startswith(ACCEPTED + " "))
    assert (offers, accepted) == (events["proposal"], events["accepted"])
    assert notes[TURN] == 10 and notes[AST_END] == 0
    assert sum(v for k, v in notes.items() if k.startswith("share ")) == 1.0
    assert sum(v for k, v in notes.items() if k.startswith("won by ")) == 1.0


def test_the_arena_reports_offers_and_nations_from_its_games() -> None:
    result = play_game(engine.load("civ"), ["medium", "medium", NO_TRADE], 2, 0.0,
                       {"turn_limit": 6})
    lines = report([result.notes], 3)
    assert lines[0].startswith("games won by the seats of each level")
    assert any(line.startswith("offers made and accepted") for line in lines)
    assert any(line.startswith("end: median turn 6") for line in lines)
    assert sum(1 for line in lines if " games  " in line) == 3  # three nations played


def test_a_few_soak_games_of_mixed_levels_break_nothing() -> None:
    for soak in soak_games(7, 11, 4):
        checked = play_soak(soak, view_every=10)
        assert checked.problems == [] and checked.turns == 4


# ---- A1.5: another seat's hidden cards change no decision -------------------------------------

def permuted(state: civ.State, viewer: int, rng: random.Random) -> civ.State | None:
    """The state with the hands of the seats other than the viewer (and the proposer of a
    negotiation under way, whose offered cards must stay his) dealt anew from their pooled
    cards, each keeping its number, and each stack's order shuffled as far as nobody counted
    it (A32.6); None if no hidden card moved."""
    d = state.to_dict()
    negotiation = d["phase_state"].get("negotiation") if d["phase"] == "trade" else None
    keep = {viewer} | ({p["from"] for p in negotiation["proposals"]} if negotiation else set())
    seats = [i for i, s in enumerate(d["seats"]) if i not in keep and s["hand"]]
    pool = [c for i in seats for c in d["seats"][i]["hand"]]
    rng.shuffle(pool)
    for i in seats:
        n = len(d["seats"][i]["hand"])
        d["seats"][i]["hand"], pool = pool[:n], pool[n:]
    shuffle_as_counted(d, rng)
    moved = civ.from_dict(d)
    return moved if moved.digest() != state.digest() else None


@pytest.mark.parametrize("level", ai.levels("civ"))
def test_A1_5_permuting_another_seats_hidden_cards_changes_no_decision(level: str) -> None:
    rng = random.Random(5)
    tried = Counter[str]()
    for seed, players in ((21, 4), (22, 6)):
        bots = [ai.make_bot("civ", ("medium", "random")[s % 2], seed * 10 + s)
                for s in range(players)]
        state = civ.new_game(players, seed, {"turn_limit": 7})
        while not state.is_over:
            me = state.to_move
            assert me is not None and state.pending is not None
            kind = state.pending["kind"]
            other = permuted(state, me, rng) if kind in ("trade_open", "trade_answer",
                                                         "civ_cards", "excess") \
                or rng.random() < 0.2 else None
            if other is not None:
                first = ai.make_bot("civ", level, 7, iterations=8).choose(state.view(me), 0.0)
                again = ai.make_bot("civ", level, 7, iterations=8).choose(other.view(me), 0.0)
                assert first == again, (level, kind)
                tried[kind] += 1
            state = state.apply(bots[me].choose(state.view(me), 0.0))
    assert tried["trade_open"] and tried["trade_answer"] and tried["civ_cards"], tried
