"""Translations: every string a person reads, in English, Finnish, Spanish, Romanian
and Danish, from the catalogues in game/locales/<code>.json.

Keys are flat and dotted ("menu.new_game"). Values use str.format fields
("{player}"). Counted phrases have plural forms as sibling keys: "x.one" and
"x.other" in every language, plus "x.few" in Romanian (CLDR rules); tn() picks one.
A key missing from a catalogue falls back to English (logged once); a key missing
from English shows the key itself, so a gap is visible but never crashes a scene.

log_line() turns an engine event (docs/engine-api.md) into a sentence for the game
log; it owns the wording so that grammar (Finnish cases, Romanian articles) stays
with the translations. This module must not import pygame.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
DEFAULT = "en"
# The language's own name, shown in the language picker.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fi": "Suomi",
    "es": "Español",
    "ro": "Română",
    "da": "Dansk",
}
COLORS = ("red", "blue", "green", "black")

_current = DEFAULT
_reported: set[tuple[str, str]] = set()


@cache
def catalogue(code: str) -> Mapping[str, str]:
    """The key→text table of one language, read once."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    path = LOCALES_DIR / f"{code}.json"
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError(f"{path}: a catalogue must be a flat object of strings")
    return data


def languages() -> dict[str, str]:
    """Available language codes and their own names, in menu order."""
    return dict(LANGUAGES)


def set_language(code: str) -> None:
    """Switch every later t() call to `code`; unknown codes raise ValueError."""
    global _current
    catalogue(code)
    _current = code


def current_language() -> str:
    return _current


def has_key(key: str, code: str | None = None) -> bool:
    return key in catalogue(code or _current)


class _KeepMissing(dict[str, Any]):
    """Leaves an unknown {field} visible instead of raising in the middle of a frame."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _lookup(key: str, code: str) -> str:
    table = catalogue(code)
    if key in table:
        return table[key]
    if (code, key) not in _reported:
        _reported.add((code, key))
        log.warning("missing translation %r in %s; using English", key, code)
    english = catalogue(DEFAULT)
    return english.get(key, key)


def t(key: str, **kwargs: Any) -> str:
    """The text for `key` in the current language, with {fields} filled from kwargs."""
    text = _lookup(key, _current)
    if not kwargs:
        return text
    try:
        return text.format_map(_KeepMissing(kwargs))
    except (ValueError, IndexError) as exc:
        log.warning("bad format string for %r in %s: %s", key, _current, exc)
        return text


def plural_category(n: int, code: str | None = None) -> str:
    """CLDR plural category of an integer: 'one', 'few' (Romanian only) or 'other'."""
    code = code or _current
    if code == "ro":
        if n == 1:
            return "one"
        if n == 0 or 1 <= n % 100 <= 19:
            return "few"
        return "other"
    return "one" if n == 1 else "other"


def tn(key: str, count: int, **kwargs: Any) -> str:
    """A counted phrase: picks key.one / key.few / key.other and passes {count}."""
    category = plural_category(count)
    chosen = f"{key}.{category}"
    if category == "few" and not has_key(chosen):
        chosen = f"{key}.other"
    return t(chosen, count=count, **kwargs)


def join_names(names: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C' in the current language."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return t("common.list_and", first=", ".join(names[:-1]), last=names[-1])


def monument_name(colors: Sequence[str]) -> str:
    """The name of a monument from its two colours, in the rulebook's order."""
    a, b = sorted(colors, key=COLORS.index)
    return t(f"monument.{a}_{b}")


def log_line(event: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """A log sentence for one engine event, or None for events the log leaves out
    (a leader's return already told by the conflict's result, events private to one seat).

    `names` are the players' display names by seat. VP events are always worded; a
    caller that hides others' scores (R2.3) should skip "vp" events of other seats.
    """
    kind = event.get("type")

    def name(seat_key: str) -> str:
        seat = event.get(seat_key)
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return "?"

    color = event.get("color")
    if kind == "leader_placed":
        if event.get("from"):
            return t(f"log.leader_moved.{color}", player=name("seat"), square=event["at"],
                     **{"from": event["from"]})
        return t(f"log.leader_placed.{color}", player=name("seat"), square=event["at"])
    if kind == "leader_withdrawn":
        reason = event.get("reason")
        if reason == "action":
            return t(f"log.leader_withdrawn.{color}", player=name("seat"),
                     **{"from": event.get("from")})
        if reason == "no_temple":
            return t(f"log.leader_lost_temple.{color}", player=name("seat"),
                     **{"from": event.get("from")})
        return None
    if kind == "tile_placed":
        return t(f"log.tile_placed.{color}", player=name("seat"), square=event["at"])
    if kind == "vp":
        return tn(f"log.vp.{color}", int(event.get("amount", 1)), player=name("seat"))
    if kind == "catastrophe":
        removed = event.get("removed")
        key = f"log.catastrophe_removed.{removed}" if removed else "log.catastrophe"
        return t(key, player=name("seat"), square=event["at"])
    if kind == "unification":
        return t("log.unification", player=name("seat"), square=event["at"])
    if kind == "unification_returned":
        return t("log.unification_returned", player=name("seat"), square=event["at"])
    if kind == "conflict":
        return t(f"log.conflict.{event['kind']}.{color}", attacker=name("attacker"),
                 defender=name("defender"), attacker_strength=event.get("attacker_strength"),
                 defender_strength=event.get("defender_strength"))
    if kind == "committed":
        return tn(f"log.committed.{color or 'red'}", int(event.get("count", 0)),
                  player=name("seat"))
    if kind == "conflict_won":
        return t(f"log.conflict_won.{event['kind']}.{color}", winner=name("winner"),
                 loser=name("loser"), winner_total=event.get("winner_total"),
                 loser_total=event.get("loser_total"))
    if kind == "tiles_removed":
        squares = list(event.get("squares", []))
        return tn(f"log.tiles_removed.{color}", len(squares), squares=", ".join(squares))
    if kind == "monument_built":
        return t("log.monument_built", player=name("seat"), square=event["at"],
                 monument=monument_name(event["colors"]))
    if kind == "wonder_built":
        return t("log.wonder_built", player=name("seat"), square=event["at"])
    if kind == "building_placed":
        if event.get("from"):
            return t(f"log.building_moved.{color}", player=name("seat"), square=event["at"],
                     **{"from": event["from"]})
        return t(f"log.building_placed.{color}", player=name("seat"), square=event["at"])
    if kind == "building_returned":
        return t(f"log.building_returned.{color}", **{"from": event.get("from")})
    if kind == "treasure_taken":
        return t("log.treasure_taken", player=name("seat"), square=event["at"])
    if kind in ("tiles_discarded", "tiles_drawn"):
        count = event.get("count")
        if not isinstance(count, int):
            return None
        return tn(f"log.{kind}", count, player=name("seat"))
    if kind == "passed":
        return t("log.passed", player=name("seat"))
    if kind == "war_chosen":
        return t(f"log.war_chosen.{color}")
    if kind == "turn_ended":
        return t("log.turn_ended", player=name("seat"))
    if kind == "turn_started":
        return t("log.turn_started", player=name("seat"))
    if kind == "game_over":
        ranking = event.get("ranking") or []
        first = [names[s] for s in ranking[0]] if ranking else []
        if len(first) == 1:
            return t("log.game_over_winner", player=first[0])
        if first:
            return t("log.game_over_shared", players=join_names(first))
        return t("log.game_over")
    return None


# Engine IllegalAction messages (engine/*.py, English) and the catalogue key that says
# the same to a player. The first pattern that matches wins; its group is the square.
_ILLEGAL_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), key) for p, key in (
        (r"([A-P]\d{1,2}) is land: blue tiles", "illegal.blue_on_land"),
        (r"([A-P]\d{1,2}) is a river square: only blue", "illegal.river_only_blue"),
        (r"([A-P]\d{1,2}) is a river square: leaders", "illegal.leader_on_river"),
        (r"a tile on ([A-P]\d{1,2}) would join three", "illegal.joins_three_kingdoms"),
        (r"a leader on ([A-P]\d{1,2}) would join two", "illegal.leader_joins_kingdoms"),
        (r"([A-P]\d{1,2}) is not next to a face-up temple", "illegal.not_next_to_temple"),
        (r"([A-P]\d{1,2}) holds a leader", "illegal.catastrophe_on_leader"),
        (r"([A-P]\d{1,2}) already holds a catastrophe", "illegal.catastrophe_on_catastrophe"),
        (r"the tile on ([A-P]\d{1,2}) carries a treasure", "illegal.catastrophe_on_treasure"),
        (r"the tile on ([A-P]\d{1,2}) is face down", "illegal.catastrophe_on_face_down"),
        (r"the tile on ([A-P]\d{1,2}) carries a building", "illegal.catastrophe_on_building"),
        (r"the tile on ([A-P]\d{1,2}) carries the unification",
         "illegal.catastrophe_on_unification"),
        (r"already (?:stands )?on ([A-P]\d{1,2})", "illegal.leader_same_square"),
        (r"([A-P]\d{1,2}) is not empty", "illegal.square_occupied"),
        (r"has no catastrophe tile left", "illegal.no_catastrophe_left"),
        (r"has no \w+ tile in hand", "illegal.no_such_tile"),
        (r"is not on the board", "illegal.leader_not_on_board"),
        (r"the game is over", "illegal.game_over"),
        (r"the game waits for a", "illegal.decision_pending"),
        (r"allowed counts are (\[[^\]]*\])", "illegal.commit_count"),
        (r"not one of the choices offered", "illegal.not_a_choice"),
        (r"^swap: .* holds", "illegal.swap_not_held"),
        (r"1 to 6", "illegal.swap_count"),
    )
)


def illegal_text(message: str) -> str:
    """A player-facing reason for an engine IllegalAction message, in the current
    language; unknown messages are shown after a generic sentence."""
    for pattern, key in _ILLEGAL_PATTERNS:
        m = pattern.search(message)
        if m is None:
            continue
        if key == "illegal.commit_count":
            allowed = m.group(1).strip("[]").replace(" ", "")
            return t(key, allowed=", ".join(a for a in allowed.split(",") if a))
        return t(key, square=m.group(1)) if m.groups() else t(key)
    return t("illegal.unknown", detail=message)
