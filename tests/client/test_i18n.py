"""Translations: complete catalogues, matching placeholders and plural forms, English
fallback, and a log sentence for every engine event in every language."""

from __future__ import annotations

import ast
import json
import logging
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import Refusal
from game import i18n
from game.tigris import wording
from game.tigris.reasons import REFUSAL_KEYS, refusal_sentence

OTHERS = [c for c in i18n.languages() if c != "en"]


def load(code: str) -> dict[str, str]:
    """One language's whole table: the shell's catalogue and every game's."""
    return dict(i18n.catalogue(code))


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_languages_and_files_match() -> None:
    assert list(i18n.languages()) == ["en", "fi", "es", "ro", "da"]
    folders = i18n.catalogue_folders()
    assert Path(i18n.__file__).resolve().parent / "tigris" / "locales" in folders
    for folder in folders:
        assert sorted(p.stem for p in folder.glob("*.json")) == sorted(i18n.languages()), folder


def test_a_key_defined_by_two_catalogues_is_an_error(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "en.json").write_text(json.dumps({"menu.new_game": "Again"}), encoding="utf-8")
    monkeypatch.setattr(i18n, "_added", [])
    i18n.add_catalogues(tmp_path)
    try:
        with pytest.raises(ValueError, match=r"menu\.new_game"):
            i18n.catalogue("en")
    finally:
        monkeypatch.undo()
        i18n.catalogue.cache_clear()


def test_a_game_adds_its_own_catalogue_to_the_one_lookup(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "en.json").write_text(json.dumps({"tiny.name": "Tiny"}), encoding="utf-8")
    monkeypatch.setattr(i18n, "_added", [])
    i18n.add_catalogues(tmp_path)
    try:
        assert i18n.t("tiny.name") == "Tiny" and i18n.t("menu.quit") == "Quit"
        assert i18n.t("tile.red") == "Temple"
    finally:
        monkeypatch.undo()
        i18n.catalogue.cache_clear()


def expected_keys(code: str) -> set[str]:
    """English keys, plus Romanian's 'few' form beside every counted phrase."""
    keys = set(load("en"))
    if code == "ro":
        keys |= {k[: -len(".other")] + ".few" for k in keys if k.endswith(".other")}
    return keys


@pytest.mark.parametrize("code", OTHERS)
def test_every_key_is_translated_and_no_key_is_extra(code: str) -> None:
    have = set(load(code))
    missing = sorted(expected_keys(code) - have)
    extra = sorted(have - expected_keys(code))
    assert not missing, f"{code}.json lacks {len(missing)} keys: {missing}"
    assert not extra, f"{code}.json has keys English lacks: {extra}"


@pytest.mark.parametrize("code", OTHERS)
def test_placeholders_match_english(code: str) -> None:
    en = load("en")
    for key, text in load(code).items():
        source = en.get(key) or en[key[: -len(".few")] + ".other"]
        assert fields(text) == fields(source), f"{code}: {key}: {text!r} vs {source!r}"


@pytest.mark.parametrize("code", ["en", *OTHERS])
def test_catalogues_are_well_formed(code: str) -> None:
    data = load(code)
    for key, text in data.items():
        assert text.strip(), f"{code}: {key} is empty"
        assert key == key.strip() and " " not in key and key.lower() == key, key
        text.format_map({name: 1 for name in fields(text)})
    plural_bases = {k.rsplit(".", 1)[0] for k in data if k.endswith((".one", ".other"))}
    for base in plural_bases:
        assert f"{base}.one" in data and f"{base}.other" in data, f"{code}: {base}"
        for name in fields(data[f"{base}.other"]):
            assert name == "count" or name in fields(data[f"{base}.one"]), (code, base)
        assert "count" in fields(data[f"{base}.other"]), (code, base)


@pytest.mark.parametrize("code", OTHERS)
def test_translations_are_not_english_copies(code: str) -> None:
    en, other = load("en"), load(code)
    same = [k for k in en if other.get(k) == en[k] and not fields(en[k]) >= {en[k].strip("{}")}]
    assert len(same) < len(en) * 0.05, same


def test_game_vocabulary_follows_the_rulebooks() -> None:
    assert i18n.catalogue("fi")["tile.red"] == "Temppeli"
    assert i18n.catalogue("fi")["piece.treasure"] == "Aarre"
    assert i18n.catalogue("es")["leader.green"] == "Mercader"
    assert i18n.catalogue("ro")["piece.catastrophe"] == "Dezastru"
    assert "ș" in i18n.catalogue("ro")["tile.black"]
    assert "æ" in i18n.catalogue("da")["tile.black"]


def test_t_formats_and_switches_language() -> None:
    assert i18n.t("handover.pass_to", player="Lion") == "Pass the device to Lion"
    i18n.set_language("fi")
    assert i18n.current_language() == "fi"
    assert i18n.t("handover.i_am", player="Leijona") == "Olen Leijona"
    assert i18n.t("handover.pass_to") == "Anna laite pelaajalle {player}"
    with pytest.raises(ValueError):
        i18n.set_language("xx")


def test_missing_key_falls_back_to_english_once_logged(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    fi, en = load("fi"), load("en")
    del fi["menu.quit"]
    monkeypatch.setattr(i18n, "catalogue", lambda code: fi if code == "fi" else en)
    monkeypatch.setattr(i18n, "_reported", set())
    i18n.set_language("fi")
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert i18n.t("menu.quit") == "Quit"
        assert i18n.t("menu.quit") == "Quit"
    assert len([r for r in caplog.records if "menu.quit" in r.getMessage()]) == 1
    assert i18n.t("no.such.key") == "no.such.key"


def test_plural_rules() -> None:
    assert [i18n.plural_category(n, "en") for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [i18n.plural_category(n, "ro") for n in (0, 1, 2, 19, 20, 101, 120)] == [
        "few", "one", "few", "few", "other", "few", "other"]
    i18n.set_language("ro")
    assert i18n.tn("table.hand_count", 1) == "1 cartonaș"
    assert i18n.tn("table.hand_count", 5) == "5 cartonașe"
    assert i18n.tn("table.hand_count", 20) == "20 de cartonașe"
    i18n.set_language("fi")
    assert i18n.tn("table.actions_left", 2) == "2 toimintoa jäljellä"


# One example of every event type in docs/engine-api.md.
EVENTS: list[dict[str, object]] = [
    {"type": "leader_placed", "seat": 0, "color": "red", "at": "E5", "from": None},
    {"type": "leader_placed", "seat": 0, "color": "black", "at": "E5", "from": "D4"},
    {"type": "leader_withdrawn", "seat": 1, "color": "green", "from": "F6", "reason": "action"},
    {"type": "leader_withdrawn", "seat": 1, "color": "blue", "from": "F6", "reason": "no_temple"},
    {"type": "tile_placed", "seat": 0, "color": "blue", "at": "D4"},
    {"type": "vp", "seat": 0, "color": "blue", "amount": 1, "reason": "tile"},
    {"type": "vp", "seat": 1, "color": "red", "amount": 3, "reason": "war"},
    {"type": "catastrophe", "seat": 1, "at": "G7", "removed": None},
    {"type": "catastrophe", "seat": 1, "at": "G7", "removed": "green"},
    {"type": "unification", "seat": 0, "at": "H7"},
    {"type": "unification_returned", "seat": 0, "at": "H7"},
    {"type": "conflict", "kind": "revolt", "color": "red", "attacker": 0, "defender": 1,
     "attacker_strength": 2, "defender_strength": 1},
    {"type": "conflict", "kind": "war", "color": "black", "attacker": 1, "defender": 0,
     "attacker_strength": 3, "defender_strength": 4},
    {"type": "committed", "seat": 0, "side": "attacker", "color": "red", "count": 2},
    {"type": "conflict_won", "kind": "war", "color": "green", "winner": 1, "loser": 0,
     "winner_total": 5, "loser_total": 3},
    {"type": "conflict_won", "kind": "revolt", "color": "red", "winner": 0, "loser": 1,
     "winner_total": 2, "loser_total": 2},
    {"type": "tiles_removed", "color": "green", "squares": ["E5", "E6"], "reason": "war"},
    {"type": "monument_built", "seat": 0, "at": "E5", "colors": ["blue", "red"]},
    {"type": "wonder_built", "seat": 0, "at": "H6"},
    {"type": "building_placed", "seat": 0, "color": "black", "at": "C4", "from": None},
    {"type": "building_placed", "seat": 0, "color": "black", "at": "C4", "from": "C9"},
    {"type": "building_returned", "color": "blue", "from": "C3"},
    {"type": "treasure_taken", "seat": 1, "at": "A1"},
    {"type": "tiles_discarded", "seat": 0, "count": 2},
    {"type": "tiles_drawn", "seat": 0, "count": 1},
    {"type": "passed", "seat": 0},
    {"type": "war_chosen", "color": "green"},
    {"type": "turn_ended", "seat": 0},
    {"type": "turn_started", "seat": 1},
    {"type": "game_over", "ranking": [[1], [0]]},
    {"type": "game_over", "ranking": [[0, 1]]},
]
SILENT: list[dict[str, object]] = [
    {"type": "leader_withdrawn", "seat": 1, "color": "red", "from": "F6", "reason": "war"},
    {"type": "tiles_drawn", "seat": 2, "count": None},
    {"type": "hand_drawn", "seat": 2, "tiles": ["red"], "private_to": 2},
    {"type": "hand_discarded", "seat": 2, "tiles": ["red"], "private_to": 2},
    {"type": "something_new"},
]


@pytest.mark.parametrize("code", list(i18n.languages()))
def test_every_engine_event_has_a_log_line(code: str) -> None:
    i18n.set_language(code)
    names = ["Archer", "Lion"]
    for event in EVENTS:
        line = wording.log_line(event, names)
        assert line and "{" not in line and "?" not in line, (code, event, line)
    for event in SILENT:
        assert wording.log_line(event, names) is None


def test_log_line_wording() -> None:
    names = ["Archer", "Lion"]
    assert wording.log_line(EVENTS[4], names) == "Archer placed a farm on D4"
    assert wording.log_line(EVENTS[17], names) == "Archer built a monument (red and blue) on E5"
    assert wording.log_line(EVENTS[-1], names) == \
        "The game is over: Archer and Lion share the victory"
    i18n.set_language("fi")
    assert wording.log_line(EVENTS[4], names) == "Archer asetti maatilan ruutuun D4"


ENGINE_API = Path(__file__).resolve().parents[2] / "docs" / "engine-api.md"


def documented_refusal_codes() -> list[str]:
    """The codes in the table of docs/engine-api.md's "Refusals" section."""
    section = ENGINE_API.read_text(encoding="utf-8").split("## Refusals", 1)[1]
    return re.findall(r"^\| `([a-z_]+/[a-z_]+)` \|", section, flags=re.MULTILINE)


@pytest.mark.parametrize("code", ["en", *OTHERS])
def test_every_documented_refusal_code_has_a_sentence(code: str) -> None:
    codes = documented_refusal_codes()
    assert len(codes) > 50, "the docs' table of refusal codes was not found"
    missing = [c for c in codes if i18n.refusal_key(c, REFUSAL_KEYS) is None]
    assert not missing, f"refusal codes without a catalogue key: {missing}"
    catalogue = load(code)
    untranslated = sorted({i18n.refusal_key(c, REFUSAL_KEYS) for c in codes} - set(catalogue))
    assert not untranslated, f"{code}.json lacks {untranslated}"


def test_refusal_text_formats_params_by_code() -> None:
    refusal = Refusal("commit/count", {"count": 9, "allowed": [0, 1, 2]}, "commit 9: ...")
    assert i18n.refusal_text(refusal) == "You may commit: 0, 1, 2."
    i18n.set_language("es")
    assert i18n.refusal_text(Refusal("tile/joins_three_kingdoms", {"square": "H7",
                                                                   "color": "red"})) == \
        "Una pieza en H7 uniría tres reinos."
    i18n.set_language("en")
    assert i18n.refusal_text(Refusal("tile/no_such_code", {}, "tile: something new (R5.2)")) \
        == "That is not allowed: tile: something new (R5.2)"


def test_r5_why_a_real_refused_move_is_refused() -> None:
    """The table's why-illegal sentence comes from the engine's own refusal (R5.1, R5.2)."""
    engine = pytest.importorskip("engine.tigris")
    from game.tigris.reasons import why_not

    state = engine.new_game(players=2, seed=1, options={})
    layout = engine.board_layout("classic")
    river = layout["river"][0]
    land = next(f"{c}{r}" for r in range(1, 12) for c in "ABCDEFGHIJKLMNOP"
                if f"{c}{r}" not in layout["river"] and f"{c}{r}" not in state.view(0)["board"]
                and state.square_problem("leader", f"{c}{r}", "red") is not None)
    temple = next(sq for sq, cell in state.view(0)["board"].items() if cell.get("tile") == "red")
    assert why_not(state, "tile", "red", river) == \
        f"{river} is a river square: only farms (blue tiles) go there."
    assert why_not(state, "tile", "blue", land) == \
        f"{land} is land: farms (blue tiles) go on river squares only."
    assert why_not(state, "leader", "red", river) == \
        f"{river} is a river square: leaders stand on land only."
    assert why_not(state, "leader", "red", land) == \
        f"{land} is not next to a face-up temple."
    assert why_not(state, "catastrophe", None, temple) == \
        f"The tile on {temple} carries a treasure."
    i18n.set_language("fi")
    assert why_not(state, "leader", "red", land) == \
        f"Ruutu {land} ei ole ylöspäin käännetyn temppelin vieressä."


def test_rules_summary_covers_every_section_in_every_language() -> None:
    for code in i18n.languages():
        data = load(code)
        for n in range(1, 17):
            assert len(data[f"rules.r{n}.body"]) > 40, (code, n)
            assert data[f"rules.r{n}.title"], (code, n)


def test_i18n_does_not_import_pygame() -> None:
    tree = ast.parse(Path(i18n.__file__).read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(name.split(".")[0] == "pygame" for name in names)


def test_tes_own_malformed_codes_share_their_familys_sentence_through_te() -> None:
    """The shell names only the codes every engine has; T&E names its own (issue 20)."""
    refusal = Refusal("action/bad_color", {}, "tile: 'color' must be one of ...")
    assert i18n.refusal_key("action/bad_color") is None
    assert refusal_sentence(refusal) == i18n.t("refusal.action")
    assert refusal_sentence(Refusal("position/not_a_piece", {}, "...")) \
        == i18n.t("refusal.position.damaged")
