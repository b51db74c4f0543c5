"""Two players and two watchers across a real (virtual) link, the game found by mDNS: the
players end on one digest, the watchers on one public position, the host's (issue 25)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from test_net_namespaces import (  # noqa: F401 (namespaces: the fixture)
    BROWSE,
    GAME_SECONDS,
    final_digest,
    in_namespace,
    namespaces,
)
from timing import scaled

import engine.tigris
from net import storage
from net.watch import public_digest


def test_two_players_and_two_watchers_across_a_link(namespaces: tuple[str, str],  # noqa: F811
                                                    tmp_path: Path) -> None:
    host_ns, player_ns = namespaces
    cli = ["-m", "ziggurat_cli.main"]
    host = in_namespace(host_ns, [*cli, "host", "--players", "2", "--seats", "human,human",
                                  "--seat", "none", "--name", "Watched"], tmp_path / "host")
    peers: list[subprocess.Popen[str]] = []
    try:
        browse = in_namespace(player_ns, ["-c", BROWSE], tmp_path / "browser")
        found = json.loads(browse.communicate(timeout=scaled(60))[0].strip().splitlines()[-1])
        assert found, "the game was not discovered across the link"
        _, address, port = found[0]
        for name in ("Cy", "Di"):
            peers.append(in_namespace(player_ns, [
                *cli, "watch", f"{address}:{port}", "--text", "--name", name,
                "--timeout", str(GAME_SECONDS)], tmp_path / f"watch-{name}"))
        for seat in (1, 2):
            peers.append(in_namespace(player_ns, [
                *cli, "bot", "--join", f"{address}:{port}", "--level", "random",
                "--seed", str(seat), "--name", f"bot {seat}", "--timeout", str(GAME_SECONDS)],
                tmp_path / f"bot{seat}"))
        outputs = [peer.communicate(timeout=scaled(GAME_SECONDS))[0] for peer in peers]
        host_output = host.communicate(timeout=scaled(60))[0]
        codes = [peer.returncode for peer in peers]
    finally:
        for process in (host, *peers):
            if process.poll() is None:
                process.kill()
                process.communicate()
    assert codes == [0, 0, 0, 0], outputs
    digests = {final_digest(out) for out in (host_output, *outputs[2:])}
    assert len(digests) == 1, "every player ends on the same position"
    record = storage.read_autosave(tmp_path / "host" / "lan" / "host-autosave.json")["record"]
    final = engine.tigris.replay(record)
    assert digests.pop() == f"digest={final.digest()}"
    ends = [[line for line in out.splitlines() if line.startswith("GAME OVER view=")]
            for out in outputs[:2]]
    expected = f"GAME OVER view={public_digest(final.view(None))} actions={len(record['actions'])}"
    assert ends == [[expected], [expected]], outputs[:2]
