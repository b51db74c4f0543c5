"""Two players and two watchers at the game's window across a real (virtual) link (issue 25):
each watcher is the client itself (headless), finding the game in the LAN lobby's list by
mDNS and pressing its "Watch"; the first is started before the players, the second a few
seconds after them (each reaches the table once its window is up and the game listed: in
the run the commit names, at plies 12 and 29 of 158). The players end on one digest, and
both watchers' tables on the host's final public position, at its last action."""

from __future__ import annotations

import json
import re
import subprocess
import textwrap
import time
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

WATCH_WINDOW = textwrap.dedent(f"""
    import os, sys, time
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.app import App
    from game.scenes.lobby import LobbyScene
    from game.scenes.title import TitleScene
    from game.settings import Settings
    from game.tigris.driver import Driver
    from game.tigris.scenes.conflict_moment import ConflictMomentScene
    from game.tigris.scenes.scoring import ScoringScene
    from game.tigris.scenes.watch_table import WatchTableScene
    from net.watch import public_digest

    app = App(size=(1280, 800), fullscreen=False,
              settings=Settings(sound=False, player_name=sys.argv[1]),
              animation_speed="off", persist_settings=False)
    driver = Driver(app)
    app.replace(TitleScene(app))
    lobby = LobbyScene(app)
    app.push(lobby)
    deadline = time.monotonic() + {scaled(GAME_SECONDS)}
    while True:
        button = lobby.buttons.get("watch:0")
        if button is not None and button.enabled:
            break
        assert time.monotonic() < deadline, "the game was never listed"
        driver.frames(1)
        time.sleep(0.05)
    driver.press_button(lobby, "watch:0")
    table = first = None
    while not isinstance(app.stack.top, ScoringScene):
        assert time.monotonic() < deadline, "the game did not end"
        top = app.stack.top
        if isinstance(top, WatchTableScene):
            table = top
            if first is None:
                first = table.game.ply
                print(f"WATCHING from={{first}}", flush=True)
        if isinstance(top, ConflictMomentScene):
            driver.tap((640, 400))
        driver.frames(1)
        time.sleep(0.003)
    print(f"WATCHED view={{public_digest(table.game.view(None))}} ply={{table.game.ply}}",
          flush=True)
    app.close()
""")
WATCHED = re.compile(r"^WATCHED view=([0-9a-f]{64}) ply=(\d+)$", re.M)
FROM = re.compile(r"^WATCHING from=(\d+)$", re.M)


def test_two_players_and_two_window_watchers_across_a_link(namespaces: tuple[str, str],  # noqa: F811
                                                           tmp_path: Path) -> None:
    host_ns, player_ns = namespaces
    cli = ["-m", "ziggurat_cli.main"]
    host = in_namespace(host_ns, [*cli, "host", "--players", "2", "--seats", "human,human",
                                  "--seat", "none", "--name", "Watched"], tmp_path / "host")
    watchers: list[subprocess.Popen[str]] = []
    bots: list[subprocess.Popen[str]] = []
    try:
        browse = in_namespace(player_ns, ["-c", BROWSE], tmp_path / "browser")
        found = json.loads(browse.communicate(timeout=scaled(60))[0].strip().splitlines()[-1])
        assert found, "the game was not discovered across the link"
        _, address, port = found[0]
        watchers.append(in_namespace(player_ns, ["-c", WATCH_WINDOW, "Cy"],
                                     tmp_path / "watch-Cy"))
        time.sleep(scaled(3))
        for seat in (1, 2):
            bots.append(in_namespace(player_ns, [
                *cli, "bot", "--join", f"{address}:{port}", "--level", "easy",
                "--seed", str(seat), "--name", f"bot {seat}", "--budget", "0.2",
                "--timeout", str(GAME_SECONDS)], tmp_path / f"bot{seat}"))
        time.sleep(scaled(4))
        watchers.append(in_namespace(player_ns, ["-c", WATCH_WINDOW, "Di"],
                                     tmp_path / "watch-Di"))
        outputs = [bot.communicate(timeout=scaled(GAME_SECONDS))[0] for bot in bots]
        watched = [w.communicate(timeout=scaled(GAME_SECONDS))[0] for w in watchers]
        host_output = host.communicate(timeout=scaled(60))[0]
        codes = [p.returncode for p in (*bots, *watchers)]
    finally:
        for process in (host, *bots, *watchers):
            if process.poll() is None:
                process.kill()
                process.communicate()
    assert codes == [0, 0, 0, 0], [*outputs, *watched]
    digests = {final_digest(out) for out in (host_output, *outputs)}
    assert len(digests) == 1, "both players end on the host's position"
    record = storage.read_autosave(tmp_path / "host" / "lan" / "host-autosave.json")["record"]
    final = engine.tigris.replay(record)
    assert digests.pop() == f"digest={final.digest()}"
    expected = (public_digest(final.view(None)), str(len(record["actions"])))
    assert [WATCHED.findall(out) for out in watched] == [[expected], [expected]], watched
    started = [int(FROM.findall(out)[0]) for out in watched]
    print(f"watchers came at plies {started}, the game ended at {expected[1]}")
