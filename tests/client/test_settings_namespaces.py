"""Each game keeps its own settings under its id in settings.json (issue 20), and a
file from before that, with T&E's settings at its top, still loads them."""

from __future__ import annotations

import json
from dataclasses import asdict

from game import settings
from game.settings import Settings, from_json
from game.tigris.settings import TigrisSettings, tigris_settings

OLD_FILE = {"language": "fi", "kingdom_outlines": False, "leader_strength": False,
            "result_seconds": 4.0, "sound": False}


def test_an_older_file_gives_te_its_settings_from_the_top_level():
    loaded = from_json(OLD_FILE)
    assert loaded.language == "fi" and loaded.sound is False
    assert tigris_settings(loaded) == TigrisSettings(kingdom_outlines=False,
                                                     leader_strength=False, result_seconds=4.0)
    assert loaded.unclaimed == {}, "taken, they are no longer anyone else's"
    assert asdict(loaded)["games"] == {"tigris": {"kingdom_outlines": False,
                                                  "leader_strength": False,
                                                  "result_seconds": 4.0}}


def test_a_run_that_never_opens_te_keeps_its_older_settings(data_dir):
    settings.save(from_json(OLD_FILE))
    saved = json.loads((data_dir / "settings.json").read_text())
    assert "kingdom_outlines" not in saved and saved["unclaimed"]["result_seconds"] == 4.0
    assert tigris_settings(settings.load()).result_seconds == 4.0


def test_a_games_settings_are_saved_under_its_id_and_read_back(data_dir):
    kept = Settings()
    tigris_settings(kept).leader_strength = False
    settings.save(kept)
    saved = json.loads((data_dir / "settings.json").read_text())
    assert saved["games"]["tigris"]["leader_strength"] is False
    assert "leader_strength" not in saved
    assert tigris_settings(settings.load()).leader_strength is False


def test_unusable_values_of_a_games_settings_fall_back_one_by_one():
    loaded = from_json({"games": {"tigris": {"kingdom_outlines": "no", "result_seconds": 5,
                                             "leader_strength": False, "colour": 3},
                                  "7": "not settings"}})
    assert tigris_settings(loaded) == TigrisSettings(leader_strength=False)
    assert from_json({"games": [1, 2], "unclaimed": "x"}).games == {}
