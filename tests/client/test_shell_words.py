"""The client shell names no game's pieces (issue 20): a second game's table must
need nothing of Tigris & Euphrates' tiles, leaders, kingdoms or bag.

The shell is `game/` outside each game's package (a folder whose `__init__.py`
offers `CLIENT`) and `net/`. Its code (names and string literals) is read word by
word; comments and docstrings may still give T&E as an example.
"""

from __future__ import annotations

import ast
import io
import pathlib
import re
import tokenize

from support.imports import ROOT

TE_WORDS = re.compile(
    r"tiles?|leaders?|kingdoms?|dynast(?:y|ies)|bags?|treasures?|monuments?|catastrophes?")


def game_packages() -> set[pathlib.Path]:
    """Every game's client package, found as the shell finds them: by its `CLIENT`."""
    return {init.parent for init in (ROOT / "game").glob("*/__init__.py")
            if re.search(r"\bCLIENT\b", init.read_text(encoding="utf-8"))}


def shell_modules() -> list[pathlib.Path]:
    packages = game_packages()
    paths = [*(ROOT / "game").rglob("*.py"), *(ROOT / "net").rglob("*.py")]
    return sorted(p for p in paths if not any(package in p.parents for package in packages))


def _docstring_tokens(source: str) -> set[tuple[int, int]]:
    """Where each docstring starts: a docstring documents, like a comment."""
    starts = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                starts.add((body[0].lineno, body[0].col_offset))
    return starts


def game_words(source: str) -> list[str]:
    """The T&E words in a module's names and string literals, as `line: word`."""
    docstrings = _docstring_tokens(source)
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in (tokenize.NAME, tokenize.STRING) or tok.start in docstrings:
            continue
        for word in re.split(r"[^A-Za-z]+|_", tok.string):
            if TE_WORDS.fullmatch(word.lower()):
                found.append(f"{tok.start[0]}: {word}")
    return found


def test_the_reader_finds_words_in_code_and_not_in_comments() -> None:
    source = ('"""Draws the leaders."""\n'
              "# a tile\n"
              "def f(leader_slots: int) -> str:\n"
              '    """Where each kingdom stands."""\n'
              "    return \"Shuffling the bag\"\n")
    assert game_words(source) == ["3: leader", "5: bag"]


def test_the_shell_names_no_game_pieces_in_its_code() -> None:
    modules = shell_modules()
    assert ROOT / "game" / "scenes" / "title.py" in modules
    assert ROOT / "net" / "host.py" in modules
    assert not any("tigris" in p.parts for p in modules)
    leaks = {str(p.relative_to(ROOT)): game_words(p.read_text(encoding="utf-8"))
             for p in modules}
    offenders = {path: words for path, words in leaks.items() if words}
    assert not offenders, offenders
