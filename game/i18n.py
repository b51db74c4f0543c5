"""Translations: every string a person reads, in English, Finnish, Spanish, Romanian
and Danish, from the catalogues <code>.json: the shell's in game/locales/, each
game's own beside its client (game/<game>/locales/, or a folder a game adds with
add_catalogues). They form one table per language: a key defined twice is an error.

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
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from engine import Refusal

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


_added: list[Path] = []


def add_catalogues(folder: Path) -> None:
    """Reads a game's catalogues from `folder` too (a game whose client lives elsewhere)."""
    if folder not in catalogue_folders():
        _added.append(folder)
        catalogue.cache_clear()


def catalogue_folders() -> list[Path]:
    """The shell's folder first, then every game's, in a stable order."""
    games = sorted(p for p in LOCALES_DIR.parent.glob("*/locales") if p.is_dir())
    return [LOCALES_DIR, *games, *_added]


def _read(path: Path) -> dict[str, str]:
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError(f"{path}: a catalogue must be a flat object of strings")
    return data


@cache
def catalogue(code: str) -> Mapping[str, str]:
    """The key→text table of one language, from every folder, read once."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    origin: dict[str, Path] = {}
    for folder in catalogue_folders():
        path = folder / f"{code}.json"
        if not path.exists():
            continue
        for key, text in _read(path).items():
            if key in merged:
                raise ValueError(f"{path}: {key!r} is already defined in {origin[key]}")
            merged[key] = text
            origin[key] = path
    return merged


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


# A refusal (docs/engine-api.md) is told by the catalogue key "refusal.<code>", its
# slash a dot ("tile/on_river": "refusal.tile.on_river"), which the game's own
# catalogue holds for its own codes. Codes a player need not tell apart (a malformed
# action, a damaged save) share one sentence: this table names it.
REFUSAL_KEYS: dict[str, str] = {
    **dict.fromkeys(("action/not_an_object", "action/unknown_type", "action/missing_field",
                     "action/unknown_field", "action/bad_color", "action/bad_square",
                     "action/bad_count"), "refusal.action"),
    **dict.fromkeys(("notation/empty", "notation/too_few_words", "notation/word_count",
                     "notation/bad_number", "notation/square_needed", "notation/unknown_word"),
                    "refusal.notation"),
    **dict.fromkeys(("position/not_an_object", "position/missing_keys", "position/unknown_keys",
                     "position/bad_value", "position/not_a_piece", "position/bad_pending",
                     "position/breaks_rule"), "refusal.position.damaged"),
    **dict.fromkeys(("record/not_an_object", "record/keys", "record/actions_not_a_list",
                     "record/cannot_start"), "refusal.record.damaged"),
    "record/rules_version": "refusal.record.version",
}


def refusal_key(code: str) -> str | None:
    """The catalogue key that tells refusal `code`, or None if no catalogue has one."""
    key = REFUSAL_KEYS.get(code, "refusal." + code.replace("/", "."))
    return key if key in catalogue(DEFAULT) else None


def _param_text(value: Any) -> Any:
    """A parameter as a sentence shows it: lists joined with commas."""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return value


def refusal_text(refusal: Refusal) -> str:
    """Why the engine said no, in the current language, from the refusal's code and
    params (never from its English text, which is only shown for an unknown code)."""
    key = refusal_key(refusal.code)
    if key is None:
        return t("refusal.unknown", text=refusal.text)
    return t(key, **{name: _param_text(v) for name, v in refusal.params.items()})
