"""LAN games across processes: a peer killed with SIGKILL comes back, a killed host
resumes from its autosave, and a human plays from a terminal through stdin."""

from __future__ import annotations

import random
import re
from pathlib import Path

from test_net_support import HEARTBEAT, LOCALHOST, Driver, Hosting, Proc, all_over, host_digests

import engine.tigris as engine
from net import storage

HB = str(HEARTBEAT)


def start_host(data_dir: Path, players: int, seats: str, *extra: str) -> tuple[Proc, str]:
    host = Proc("host", "--port", "0", "--bind", LOCALHOST, "--players", str(players),
                "--seats", seats, "--seat", "none", "--no-discovery", "--heartbeat", HB,
                "--bot-budget", "0.01", "--linger", "1", *extra, data_dir=data_dir)
    port = host.wait_for(r"HOSTING \S+ port=(\d+)").group(1)
    return host, f"{LOCALHOST}:{port}"


def bot(data_dir: Path, address: str, seat: int) -> Proc:
    return Proc("bot", "--join", address, "--level", "random", "--seat", str(seat),
                "--heartbeat", HB, "--timeout", "60", data_dir=data_dir)


def check_against_record(procs: list[Proc], record: dict[str, object]) -> None:
    expected = host_digests(engine, record)
    for proc in procs:
        steps = proc.applied()
        assert steps, proc.args
        assert all(expected[ply].startswith(d) for ply, d in steps.items()), proc.args


def test_a_peer_killed_mid_game_rejoins(tmp_path: Path) -> None:
    host, address = start_host(tmp_path, 4, "human,human,human,bot:random")
    peers = [bot(tmp_path, address, seat) for seat in (1, 2, 3)]
    procs = [host, *peers]
    try:
        host.wait_for(r"^\[40 ")
        peers[1].kill()
        host.wait_for("lost the connection")
        back = bot(tmp_path, address, 2)
        procs.append(back)
        back.wait_for(r"JOINED seat=2")
        finals = {p.final_digest(40) for p in (host, peers[0], peers[2], back)}
        assert len(finals) == 1
        saved = storage.read_autosave(tmp_path / "lan" / "host-autosave.json")
        assert engine.replay(saved["record"]).digest() == finals.pop()
        check_against_record([host, peers[0], peers[2], back], saved["record"])
        assert min(back.applied()) > 40
        assert all(p.finish() == 0 for p in (peers[0], peers[2], back, host))
    finally:
        for proc in procs:
            proc.kill()


def test_a_killed_host_restarts_and_resumes(tmp_path: Path) -> None:
    host, address = start_host(tmp_path, 3, "human,human,bot:random")
    peers = [bot(tmp_path, address, seat) for seat in (1, 2)]
    procs = [host, *peers]
    try:
        host.wait_for(r"^\[40 ")
        host.kill()
        for peer in peers:
            peer.wait_for("No word from the host")
        port = address.rsplit(":", 1)[1]
        again = Proc("host", "--resume", "--port", port, "--bind", LOCALHOST, "--seat", "none",
                     "--no-discovery", "--heartbeat", HB, "--bot-budget", "0.01",
                     "--linger", "1", data_dir=tmp_path)
        procs.append(again)
        resumed = int(again.wait_for(r"Resumed the game at action (\d+)").group(1))
        assert resumed >= 40
        finals = {p.final_digest(40) for p in (again, *peers)}
        assert len(finals) == 1
        saved = storage.read_autosave(tmp_path / "lan" / "host-autosave.json")
        assert engine.replay(saved["record"]).digest() == finals.pop()
        check_against_record([again, *peers], saved["record"])
        assert all(p.finish() == 0 for p in (*peers, again))
    finally:
        for proc in procs:
            proc.kill()


def test_a_human_plays_from_the_terminal(tmp_path: Path, hosting: Hosting) -> None:
    host = hosting("tigris", 2, ["human", "bot:random"], host_seat=None)
    human = Proc("join", f"{LOCALHOST}:{host.port}", "--name", "Tess", "--heartbeat", HB,
                 data_dir=tmp_path, stdin=True)
    driver = Driver([host], scripted=[])
    rng = random.Random(5)
    moves = 0
    try:
        while True:
            driver.step()
            line = human.next_line()
            if line.startswith("GAME OVER"):
                break
            if line.startswith("YOUR MOVE"):
                human.write("legal")
                options = []
                while not (line := human.next_line()).startswith("LEGAL"):
                    if line.startswith("  "):
                        options.append(line.strip())
                assert int(line.split()[1]) == len(options) > 0
                choice = rng.choice(options)
                assert engine.format_action(engine.parse_action(choice)) == choice
                human.write(choice)
                moves += 1
        driver.run_until(all_over(host))
        final = re.search(r"digest=([0-9a-f]{64})", line)
        assert final is not None and final.group(1) == host.state.digest()
        assert moves > 20
        record = host.record()
        assert record is not None
        check_against_record([human], record)
        assert human.finish() == 0
        assert host.seats[0].name == "Tess"
    finally:
        human.kill()
        host.close()


def test_a_killed_host_restarted_without_options_resumes_its_game(tmp_path: Path) -> None:
    host, address = start_host(tmp_path, 2, "human,bot:random")
    peer = bot(tmp_path, address, 1)
    procs = [host, peer]
    try:
        host.wait_for(r"^\[20 ")
        host.kill()
        peer.wait_for("No word from the host")
        port = address.rsplit(":", 1)[1]
        again = Proc("host", "--port", port, "--bind", LOCALHOST, "--seat", "none",
                     "--no-discovery", "--heartbeat", HB, "--bot-budget", "0.01",
                     "--linger", "1", data_dir=tmp_path)
        procs.append(again)
        assert int(again.wait_for(r"Resumed the game at action (\d+)").group(1)) >= 20
        assert {p.final_digest(40) for p in (again, peer)} == {
            engine.replay(storage.read_autosave(
                tmp_path / "lan" / "host-autosave.json")["record"]).digest()}
        assert all(p.finish() == 0 for p in (peer, again))
    finally:
        for proc in procs:
            proc.kill()


def test_a_host_with_no_seat_hands_a_stalling_players_seat_to_a_computer(
        tmp_path: Path) -> None:
    """`--seat none`: the host's terminal still takes commands (`bot N LEVEL`)."""
    host = Proc("host", "--port", "0", "--bind", LOCALHOST, "--players", "2", "--seats",
                "human,bot:random", "--seat", "none", "--no-discovery", "--heartbeat", HB,
                "--bot-budget", "0.01", "--linger", "1", data_dir=tmp_path, stdin=True)
    port = host.wait_for(r"HOSTING \S+ port=(\d+)").group(1)
    idle = Proc("join", f"{LOCALHOST}:{port}", "--heartbeat", HB, data_dir=tmp_path, stdin=True)
    try:
        idle.wait_for("YOUR MOVE")
        host.write("bot 1 random")
        final = host.final_digest(60)
        saved = storage.read_autosave(tmp_path / "lan" / "host-autosave.json")
        assert engine.replay(saved["record"]).digest() == final
        assert saved["seats"][0]["kind"] == "bot"
        idle.wait_for("took this connection off the table")
        assert idle.finish() == 2
        assert host.finish() == 0
    finally:
        idle.kill()
        host.kill()
