"""Client strings that the catalogues do not hold yet, with their English text.

`tr()` is `i18n.t()` for every key; for the few keys listed here it falls
back to the English below until the catalogues carry them, so the screen
never shows a bare key. Once a key is in game/locales/en.json (and
translated) the catalogue wins and the entry here can go.
"""

from __future__ import annotations

from typing import Any

from game import i18n

PENDING_ENGLISH: dict[str, str] = {
    "log.undo": "{player} took back an action",
    "preview.vp": "+{count} {color} for {player}",
    "preview.unification": "Joins two kingdoms under the unification tile",
    "preview.destroys": "The tile here leaves the game",
    "preview.no_score": "Scores nothing",
    "level.random": "Random",
}


def tr(key: str, **kwargs: Any) -> str:
    if key in PENDING_ENGLISH and not i18n.has_key(key, "en"):
        text = PENDING_ENGLISH[key]
        return text.format(**kwargs) if kwargs else text
    return i18n.t(key, **kwargs)
