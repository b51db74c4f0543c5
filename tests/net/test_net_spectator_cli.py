"""`ziggurat watch HOST:PORT --text`: a watcher at a terminal follows a game of computers (either
game, without being told which) to its end, a line per action, and ends on the same public
position as the host's (issue 25)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

import pytest
from test_net_support import HEARTBEAT, LOCALHOST, Driver, Hosting, Proc, all_over

from net.host import HostLoop
from net.watch import DEFAULT_WATCHERS, public_digest
from ziggurat_cli.lan import configure_host, host_config


@pytest.mark.parametrize(("game", "options"), [("tigris", {}), ("civ", {"turn_limit": 1})])
def test_ziggurat_watch_prints_each_action_and_the_public_end(
        data_dir: Path, hosting: Hosting, game: str, options: dict[str, Any]) -> None:
    """Told no game, the watcher follows whichever the host plays: a watcher plays none."""
    host = hosting(game, 2, ["bot:random", "bot:random"], host_seat=None, autostart=False,
                   options=options)
    watch = Proc("watch", f"{LOCALHOST}:{host.port}", "--text", "--name", "Cy",
                 "--heartbeat", str(HEARTBEAT), "--timeout", "120", data_dir=data_dir)
    try:
        watch.wait_for(r"^WATCHING ")
        driver = Driver([host], scripted=[])
        driver.run_until(lambda: host.watchers == ("Cy",))
        host.start()
        driver.run_until(all_over(host), timeout=60)
        found = watch.wait_for(r"GAME OVER view=([0-9a-f]{64}) actions=(\d+)", timeout=30)
        assert host.state is not None
        assert found.group(1) == public_digest(host.state.view(None))
        assert int(found.group(2)) == host.ply
        plies = [int(m.group(1)) for line in watch.lines
                 if (m := re.match(r"\[(\d+)\] Computer \(random\): \S", line))]
        assert plies == list(range(1, host.ply + 1))
        assert watch.finish() == 0
    finally:
        watch.kill()


def test_ziggurat_host_takes_the_watcher_limit() -> None:
    def config(*words: str) -> Any:
        parser = argparse.ArgumentParser()
        configure_host(parser)
        parser.add_argument("game")
        return host_config(parser.parse_args(["tigris", *words, "--no-discovery"]))

    assert config().watchers == DEFAULT_WATCHERS == 16
    assert config("--watchers", "0").watchers == 0
    with pytest.raises(ValueError, match="0 to 64 watchers"):
        HostLoop(config("--watchers", "65"))
