"""Translations: every string a person reads, in English, Finnish, Spanish, Romanian
and Danish, from the catalogues <code>.json: the shell's in game/locales/, each
game's own beside its client (game/<game>/locales/, or a folder a game adds with
add_catalogues). They form one table per language: a key defined twice is an error.

Keys are flat and dotted ("menu.new_game"). Values use str.format fields
("{player}"). Counted phrases have plural forms as sibling keys: "x.one" and
"x.other" in every language, plus "x.few" in Romanian (CLDR rules); tn() picks one.
A key missing from a catalogue falls back to English (logged once); a key missing
from English shows the key itself, so a gap is visible but never crashes a scene.

refusal_text() tells why the engine refused an action, by the refusal's code. This
module must not import pygame.
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


# A refusal (docs/engine-api.md) is told by the catalogue key "refusal.<code>", its
# slash a dot ("trade/too_few": "refusal.trade.too_few"), which the game's own
# catalogue holds for its own codes. Codes a player need not tell apart (a malformed
# action, a damaged save) share one sentence: this table names it for the codes the
# engines share, and a game names it for its own (`aliases`; T&E's: game.tigris.reasons).
REFUSAL_KEYS: dict[str, str] = {
    **dict.fromkeys(("action/not_an_object", "action/unknown_type", "action/missing_field",
                     "action/unknown_field"), "refusal.action"),
    **dict.fromkeys(("notation/empty", "notation/too_few_words", "notation/word_count",
                     "notation/bad_number", "notation/unknown_word", "notation/too_long"),
                    "refusal.notation"),
    **dict.fromkeys(("position/not_an_object", "position/missing_keys", "position/unknown_keys",
                     "position/bad_value", "position/bad_pending", "position/breaks_rule"),
                    "refusal.position.damaged"),
    **dict.fromkeys(("record/not_an_object", "record/keys", "record/actions_not_a_list",
                     "record/cannot_start"), "refusal.record.damaged"),
    "record/rules_version": "refusal.record.version",
}


def refusal_key(code: str, aliases: Mapping[str, str] | None = None) -> str | None:
    """The catalogue key that tells refusal `code` (a game's `aliases` first), or None if
    no catalogue has one."""
    key = (aliases or {}).get(code) or REFUSAL_KEYS.get(code, "refusal." + code.replace("/", "."))
    return key if key in catalogue(DEFAULT) else None


def _param_text(value: Any) -> Any:
    """A parameter as a sentence shows it: lists joined with commas."""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return value


def refusal_text(refusal: Refusal, aliases: Mapping[str, str] | None = None) -> str:
    """Why the engine said no, in the current language, from the refusal's code and
    params (never from its English text, which is only shown for an unknown code);
    `aliases`: the game's own codes that share a sentence (see REFUSAL_KEYS)."""
    key = refusal_key(refusal.code, aliases)
    if key is None:
        return t("refusal.unknown", text=refusal.text)
    return t(key, **{name: _param_text(v) for name, v in refusal.params.items()})
