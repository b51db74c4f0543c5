"""Advanced Civilization over the LAN, headless: `ziggurat host civ` with a computer seat and
two `ziggurat bot` peers plays a short game (a turn limit, A35.1) to its end, every process
on the same digest after every action, and the host's autosave replays to it."""

from __future__ import annotations

from pathlib import Path

from test_net_support import HEARTBEAT, LOCALHOST, Proc, host_digests

import ai
import engine.civ as civ
import engine.tigris
from net import storage
from net.lobby import parse_seat
from ziggurat_cli.lan import VIEW_LINES, parse_options

HB = str(HEARTBEAT)


def test_a_civ_game_of_a_computer_seat_and_two_bot_peers_ends_on_one_digest(
        tmp_path: Path) -> None:
    host = Proc("host", "civ", "--port", "0", "--bind", LOCALHOST, "--players", "3",
                "--seats", "human,human,bot", "--seat", "none", "--no-discovery",
                "--heartbeat", HB, "--bot-budget", "0.01", "--linger", "1",
                "--option", "turn_limit=2", data_dir=tmp_path)
    procs = [host]
    try:
        port = host.wait_for(r"HOSTING \S+ port=(\d+)").group(1)
        procs += [Proc("bot", "civ", "--join", f"{LOCALHOST}:{port}", "--seat", str(seat),
                       "--heartbeat", HB, "--timeout", "60", data_dir=tmp_path)
                  for seat in (1, 2)]
        finals = {proc.final_digest(60) for proc in procs}
        assert len(finals) == 1
        record = storage.read_autosave(tmp_path / "lan" / "host-autosave.json")["record"]
        assert record["game"] == civ.ID and record["options"]["turn_limit"] == 2
        assert civ.replay(record).digest() == finals.pop()
        expected = host_digests(civ, record)
        for proc in procs:
            steps = proc.applied()
            assert steps and all(expected[ply].startswith(d) for ply, d in steps.items())
        assert all(proc.finish() == 0 for proc in procs)
    finally:
        for proc in procs:
            proc.kill()


def test_civ_options_and_plain_bot_seats_from_the_command_line() -> None:
    assert parse_options(civ, ["turn_limit=3", "late_seats=2", "trade_rounds=2"]) == {
        "turn_limit": 3, "late_seats": [2], "trade_rounds": 2}
    assert parse_options(civ, ["turn_limit=none"]) == {"turn_limit": None}
    assert parse_options(engine.tigris, ["dynasties=lion,bull"]) == {
        "dynasties": ["lion", "bull"]}
    # a plain `bot` plays the game's stand-in level, whichever it is
    assert parse_seat("bot", "random") == ("bot", "random")
    assert parse_seat("bot", ai.default_level("tigris")) == ("bot", "medium")


def test_a_civ_seat_reads_in_one_line_at_the_terminal() -> None:
    view = civ.new_game(2, 1).view(0)
    assert VIEW_LINES[civ.ID](view) == ("no nation yet (active) | Hand: (empty) | treasury 0 | "
                                        "stock 0 tokens, 0 cities | A.S.T. 1 | cards: none")
