"""R6 conflicts, R7 revolts, R8 wars."""

from __future__ import annotations

import pytest

import engine.tigris as engine
from positions import build, events_of, play, score

# A revolt board: seat 1's priest on H7 (one temple: I7); seat 0 places its priest
# on J7, next to I7 and K7 (two temples), joining the leaderless K7.
REVOLT = {"H7": "1r", "K7": "r"}


def test_R7_1_R7_2_revolt_strength_is_adjacent_temples() -> None:
    state = play(build(REVOLT), "leader red J7")
    p = state.pending
    assert p is not None and p["kind"] == "commit" and p["conflict"] == "internal"
    assert (p["attacker"], p["defender"]) == (0, 1)
    assert (p["attacker_strength"], p["defender_strength"]) == (2, 1)
    assert state.to_move == 0
    assert state.legal_actions() == [{"type": "commit", "count": k} for k in range(3)]


def test_R7_2_conflict_support_names_the_temples_counted_for_each_leader() -> None:
    state = play(build(REVOLT), "leader red J7")
    support = state.conflict_support()
    assert support is not None
    assert (sorted(support["attacker"]), support["defender"]) == (["I7", "K7"], ["I7"])
    p = state.pending
    assert (len(support["attacker"]), len(support["defender"])) == (
        p["attacker_strength"], p["defender_strength"])
    assert play(state, "commit 0", "commit 0").conflict_support() is None
    assert build(REVOLT).conflict_support() is None


def test_R6_2_tie_goes_to_the_defender_and_committed_tiles_are_gone() -> None:
    state = build(REVOLT, hands=["rrrbgk", "rrrbgk"])
    state = play(state, "leader red J7", "commit 1")
    assert state.to_move == 1
    assert state.to_dict()["players"][0]["hand"] == ["red", "red", "blue", "green", "black"]
    state = play(state, "commit 2")
    won = events_of(state, "conflict_won")[0]
    assert (won["winner"], won["loser"], won["winner_total"], won["loser_total"]) == (1, 0, 3, 3)
    assert "J7" not in state.to_dict()["board"], "R7.3: the loser's leader goes back"
    assert score(state, 1)["red"] == 1
    assert state.to_dict()["players"][1]["hand"] == ["red", "blue", "green", "black"]
    assert state.pending is None and state.to_move == 0


def test_R7_3_attacker_winning_keeps_every_tile() -> None:
    state = play(build(REVOLT), "leader red J7", "commit 0", "commit 0")
    d = state.to_dict()
    assert "H7" not in d["board"] and d["board"]["J7"]["leader"]["color"] == "red"
    assert d["board"]["K7"] == {"tile": "red"} and d["board"]["I7"]["tile"] == "red"
    assert score(state, 0)["red"] == 1


def test_R7_2_revolts_take_red_tiles_whatever_the_leaders_colour() -> None:
    state = build({"H7": "1g", "K7": "r"}, hands=["rrgggg", "rggggg"])
    state = play(state, "leader green J7")
    assert state.legal_actions() == [{"type": "commit", "count": k} for k in range(3)]
    state = play(state, "commit 2")
    assert state.legal_actions() == [{"type": "commit", "count": k} for k in range(2)]


def test_R6_3_english_variant_limits_commitments() -> None:
    state = build(REVOLT, hands=["rrrbgk", "rrrbgk"], options={"english_variant": True})
    # The attacker (2) is already ahead of the defender's board strength (1)
    state = play(state, "leader red J7")
    assert state.legal_actions() == [{"type": "commit", "count": k} for k in range(4)]
    state = play(state, "commit 1")  # 2 + 1 = 3 against 1
    assert state.legal_actions() == [{"type": "commit", "count": 0},
                                     {"type": "commit", "count": 2}]
    with pytest.raises(engine.IllegalAction, match="allowed counts"):
        play(state, "commit 1")


def test_R6_3_english_attacker_must_get_ahead_of_the_board_strength() -> None:
    # Defender's priest on H7 touches I7 and G7 (2); attacker on J7 touches I7 only (1)
    state = build({"H7": "1r", "G7": "r"}, hands=["rrrbgk", "rrrbgk"],
                  options={"english_variant": True})
    state = play(state, "leader red J7")
    assert (state.pending["attacker_strength"], state.pending["defender_strength"]) == (1, 2)
    assert state.legal_actions() == [{"type": "commit", "count": k} for k in (0, 2, 3)]


# A war board: left kingdom (seat 0) and right kingdom (seat 1), H6 between them.
#   left:  E6 k, E7 0k, F6 k, F7 r, G6 0g, G7 r       right: I6 k, I7 r*, J6 1g, J7 r, K7 1k
WAR = {"E6": "k", "E7": "0k", "F6": "k", "F7": "r", "G6": "0g", "G7": "r",
       "I6": "k", "J6": "1g", "J7": "r", "K7": "1k"}


def test_R8_1_a_tile_joining_two_kingdoms_starts_the_wars() -> None:
    state = play(build(WAR), "tile red H6")
    assert state.unification is not None
    assert state.to_dict()["board"]["H6"] == {"tile": "red", "unification": True}
    assert state.pending == {"kind": "war_order", "colors": ["green", "black"], "placed": "H6"}
    assert state.to_move == 0
    assert not events_of(state, "vp")


def test_R8_4_strength_counts_the_whole_side_not_the_joining_tile() -> None:
    state = play(build(WAR), "tile black H6", "war black")
    p = state.pending
    assert p["conflict"] == "external" and p["color"] == "black"
    assert (p["attacker"], p["defender"]) == (0, 1)
    # left: E6, F6 (not H6, the joining tile); right: I6
    assert (p["attacker_strength"], p["defender_strength"]) == (2, 1)
    assert state.conflict_support() == {"attacker": ["E6", "F6"], "defender": ["I6"]}


def test_R8_5_R8_2_loser_side_loses_its_colour_and_a_split_cancels_the_next_war() -> None:
    state = play(build(WAR), "tile red H6", "war black", "commit 0", "commit 0")
    d = state.to_dict()
    assert "K7" not in d["board"], "the losing king goes back"
    assert "I6" not in d["board"], "the loser's black tile is removed"
    assert d["board"]["E6"] == {"tile": "black"} and d["board"]["F6"] == {"tile": "black"}
    assert score(state, 0)["black"] == 2, "1 for the leader, 1 for the removed tile"
    # With I6 gone, the right green leader is cut off from H6: no green war (R8.2)
    assert state.pending is None and state.unification is None
    assert d["board"]["J6"]["leader"] == {"dynasty": "bull", "color": "green"}
    assert d["board"]["H6"] == {"tile": "red"}, "R8.6: the joining tile stays"
    assert [e["type"] for e in state.events][-1] == "unification_returned"


def test_R8_2_the_active_player_chooses_the_order_and_a_lost_link_cancels_the_next() -> None:
    state = play(build(WAR), "tile red H6", "war green")
    assert state.pending["color"] == "green"
    assert (state.pending["attacker_strength"], state.pending["defender_strength"]) == (0, 0)
    state = play(state, "commit 0", "commit 0")  # tie: the defender (seat 1) wins
    assert "G6" not in state.to_dict()["board"]
    assert score(state, 1)["green"] == 1
    # G6's leader was H6's only link to the left: the kings are apart, no black war
    assert state.pending is None
    assert state.to_dict()["board"]["K7"]["leader"]["color"] == "black"


def test_R8_2_a_second_war_follows_when_the_kingdom_still_stands() -> None:
    cells = dict(WAR, F5="k", G5="k", H5="k")  # links H6 to the left without G6's leader
    state = play(build(cells), "tile red H6", "war green", "commit 0", "commit 0")
    assert state.pending == {"kind": "war_order", "colors": ["black"], "placed": "H6"}
    state = play(state, "war black")
    p = state.pending
    assert p["kind"] == "commit" and p["color"] == "black"
    assert (p["attacker_strength"], p["defender_strength"]) == (5, 1)


def test_R8_5_red_war_spares_treasure_temples_and_temples_next_to_leaders() -> None:
    # Left (seat 0): F6 0r next to F7 r and G6 r.  Right (seat 1): I6 1r next to I7 r*,
    # J7 r (next to K7 1k's square? no: next to I6? no) -- J7 touches I7 and K7.
    cells = {"F7": "r", "G6": "r", "F6": "0r", "G5": "r",
             "I6": "1r", "J6": "r", "K6": "r", "K7": "1k", "J5": "r", "J4": "r"}
    state = build(cells, hands=["rrrrrr", "bbbbbb"])
    state = play(state, "tile red H6", "war red", "commit 3", "commit 0")
    d = state.to_dict()
    assert "I6" not in d["board"]
    # I7 has a treasure; K6 touches the king on K7: both stay. J6, J5, J4 go.
    assert d["board"]["I7"] == {"tile": "red", "treasure": True}
    assert d["board"]["K6"] == {"tile": "red"}
    for sq in ("J6", "J5", "J4"):
        assert sq not in d["board"]
    assert score(state, 0)["red"] == 4


def test_R8_3_attacker_is_the_first_owner_after_the_active_player() -> None:
    cells = {"G6": "0g", "G7": "r", "I6": "1g"}
    state = build(cells, players=3, active=2, hands=["gg", "gg", "rrbbgk"])
    state = play(state, "tile black H6", "war green")
    assert (state.pending["attacker"], state.pending["defender"]) == (0, 1)
    assert state.to_move == 0
    state = play(state, "commit 2")
    assert state.to_move == 1


def test_R6_1_no_other_action_while_a_conflict_is_pending() -> None:
    state = play(build(REVOLT), "leader red J7")
    with pytest.raises(engine.IllegalAction, match="commit"):
        play(state, "withdraw red")
    with pytest.raises(engine.IllegalAction):
        play(state, "pass")


# --- a pending conflict read from a position must be one the rules could give (issue 13) ---

def mid_revolt(**changes: object) -> dict[str, object]:
    position = play(build(REVOLT, hands=["rrrbgk", "rrrbgk"]), "leader red J7",
                    "commit 1").to_dict()
    assert position["pending"]["kind"] == "commit"
    position["pending"].update(changes)
    return position


def refusal_of(position: dict[str, object]) -> engine.Refusal:
    with pytest.raises(engine.BadPosition) as refused:
        engine.from_dict(position)
    return refused.value.refusal


def test_R6_1_a_pending_conflict_has_two_different_players() -> None:
    engine.from_dict(mid_revolt())
    refusal = refusal_of(mid_revolt(defender=0))
    assert refusal.params["rule"] == "R6.1" and "differ" in refusal.text


def test_R6_1_each_side_of_a_pending_conflict_is_that_player_s_leader_of_its_colour() -> None:
    refusal = refusal_of(mid_revolt(defender_leader="K7"))
    assert refusal.code in ("position/bad_value", "position/breaks_rule")
    assert "defender_leader" in refusal.text


def test_R7_2_pending_revolt_strengths_are_what_the_temples_give() -> None:
    refusal = refusal_of(mid_revolt(defender_strength=99))
    assert refusal.params["rule"] == "R7.2" and "99" in refusal.text


def test_R6_2_a_commitment_is_at_most_a_hand_of_tiles() -> None:
    refusal = refusal_of(mid_revolt(attacker_committed=50))
    assert refusal.code == "position/bad_value" and "attacker_committed" in refusal.text


def test_R1_2_committed_tiles_count_against_the_colour_s_tiles() -> None:
    position = mid_revolt()
    assert position["pending"]["attacker_committed"] == 1
    board = sum(cell.get("tile") == "red" for cell in position["board"].values())
    hands = sum(p["hand"].count("red") for p in position["players"])
    free = engine.TILES_PER_COLOR[0] - board - hands - position["bag"].count("red")
    position["bag"] = [*position["bag"], *["red"] * (free - 1)]
    engine.from_dict(position)
    position["bag"].append("red")
    assert refusal_of(position).params["rule"] == "R1.2", "57 red tiles and one committed"


def test_a_pending_decision_has_exactly_its_kind_s_keys() -> None:
    refusal = refusal_of(mid_revolt(surprise=True))
    assert refusal.code == "position/bad_pending" and "surprise" in refusal.text
    position = mid_revolt()
    del position["pending"]["attacker_leader"]
    assert "attacker_leader" in refusal_of(position).text
