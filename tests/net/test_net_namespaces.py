"""LAN play across two network namespaces joined by a veth pair: two hosts, a real link.

Everything else in the suite talks over loopback, where multicast and
addresses are forgiving. Here the host runs in one namespace and the players
in another, so mDNS must cross a real (virtual) Ethernet link and the game
must be joined at the address discovery found. Needs root and iproute2; it
skips, saying so, where namespaces cannot be made.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from timing import scaled

HOST_IP = "10.77.0.1"
PLAYER_IP = "10.77.0.2"
GAME_SECONDS = 180


def ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=20, check=False)


@pytest.fixture
def namespaces() -> Iterator[tuple[str, str]]:
    if not sys.platform.startswith("linux") or shutil.which("ip") is None or os.geteuid() != 0:
        pytest.skip("network namespaces need Linux, iproute2 and root")
    tag = f"{os.getpid() % 100000}"
    host_ns, player_ns = f"tigris{tag}h", f"tigris{tag}p"
    made = ip("netns", "add", host_ns)
    if made.returncode != 0:
        pytest.skip(f"cannot make a network namespace here: {made.stderr.strip()}")
    try:
        ip("netns", "add", player_ns)
        steps = [
            ("link", "add", f"tv{tag}h", "type", "veth", "peer", "name", f"tv{tag}p"),
            ("link", "set", f"tv{tag}h", "netns", host_ns),
            ("link", "set", f"tv{tag}p", "netns", player_ns),
            ("-n", host_ns, "addr", "add", f"{HOST_IP}/24", "dev", f"tv{tag}h"),
            ("-n", player_ns, "addr", "add", f"{PLAYER_IP}/24", "dev", f"tv{tag}p"),
        ]
        for ns, dev in ((host_ns, f"tv{tag}h"), (player_ns, f"tv{tag}p")):
            steps += [("-n", ns, "link", "set", "lo", "up"), ("-n", ns, "link", "set", dev, "up"),
                      ("-n", ns, "route", "add", "224.0.0.0/4", "dev", dev)]
        for step in steps:
            done = ip(*step)
            if done.returncode != 0:
                pytest.skip(f"ip {' '.join(step)} failed: {done.stderr.strip()}")
        yield host_ns, player_ns
    finally:
        ip("netns", "del", host_ns)
        ip("netns", "del", player_ns)


def in_namespace(ns: str, args: list[str], data: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "TIGRIS_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


BROWSE = textwrap.dedent(f"""
    import json, time
    from net import discovery
    browser = discovery.Browser()
    deadline = time.monotonic() + {scaled(20)}
    games = []
    while not games and time.monotonic() < deadline:
        games = browser.games()
        time.sleep(0.1)
    browser.close()
    print(json.dumps([[g.name, g.address, g.port] for g in games]))
""")


def final_digest(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith("GAME OVER digest=")]
    assert lines, output[-2000:]
    return lines[-1].split()[2]


def test_a_game_found_by_mdns_is_played_to_the_end_across_a_link(namespaces, tmp_path):
    host_ns, player_ns = namespaces
    cli = ["-m", "ziggurat_cli.main"]
    host = in_namespace(host_ns, [*cli, "host", "--players", "2", "--seats", "human,human",
                                  "--seat", "none", "--name", "Across the link"],
                        tmp_path / "host")
    bots: list[subprocess.Popen[str]] = []
    try:
        browse = in_namespace(player_ns, ["-c", BROWSE], tmp_path / "browser")
        found = json.loads(browse.communicate(timeout=scaled(60))[0].strip().splitlines()[-1])
        assert found, "the game was not discovered across the link"
        name, address, port = found[0]
        assert name == "Across the link" and address == HOST_IP
        for seat in (1, 2):
            bots.append(in_namespace(player_ns, [
                *cli, "bot", "--join", f"{address}:{port}", "--level", "random",
                "--seed", str(seat), "--name", f"bot {seat}", "--timeout", str(GAME_SECONDS)],
                tmp_path / f"bot{seat}"))
        outputs = [bot.communicate(timeout=scaled(GAME_SECONDS))[0] for bot in bots]
        host_output = host.communicate(timeout=scaled(60))[0]
    finally:
        for process in (host, *bots):
            if process.poll() is None:
                process.kill()
                process.communicate()
    digests = {final_digest(out) for out in (host_output, *outputs)}
    assert len(digests) == 1, "every peer ends on the same position"
