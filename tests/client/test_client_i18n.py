"""Every string the client shows comes from the catalogues, in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game import i18n

GAME = Path(__file__).resolve().parents[2] / "game"
KEY_CALL = re.compile(r"\b(?:t|tn)\(\s*f?\"([a-z_]+(?:\.[a-z_{}\[\]'\"]+)+)\"")


def client_keys() -> set[str]:
    """Keys used by the client's own modules; an f-string key is kept as a pattern."""
    keys: set[str] = set()
    for path in GAME.rglob("*.py"):
        if "art" in path.parts or path.name in ("i18n.py", "audio.py"):
            continue
        keys.update(KEY_CALL.findall(path.read_text(encoding="utf-8")))
    return keys


def known(key: str, english: dict[str, str]) -> bool:
    """A plain key must exist (or its plural forms); a pattern must match some key."""
    if "{" not in key:
        return key in english or any(f"{key}.{form}" in english for form in ("one", "other"))
    pattern = re.compile(
        "".join("[a-z_0-9]+" if part.startswith("{") else re.escape(part)
                for part in re.split(r"(\{[^}]*\})", key)) + r"(\.(one|other))?")
    return any(pattern.fullmatch(k) for k in english)


def test_the_client_uses_keys_that_exist():
    english = dict(i18n.catalogue("en"))
    keys = client_keys()
    assert len(keys) > 60
    unknown = sorted(k for k in keys if not known(k, english))
    assert unknown == []


@pytest.mark.parametrize("code", sorted(i18n.languages()))
def test_catalogues_are_complete(code):
    """Each folder (the shell's, each game's) has every key in every language."""
    for folder in i18n.catalogue_folders():
        english = json.loads((folder / "en.json").read_text(encoding="utf-8"))
        path = folder / f"{code}.json"
        if not path.exists():
            pytest.fail(f"missing catalogue {path}")
        other = json.loads(path.read_text(encoding="utf-8"))
        missing = sorted(set(english) - set(other))
        assert missing == [], f"{path} lacks {missing[:10]}"
