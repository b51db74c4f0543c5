"""The engine stays pure: stdlib only, no clock, no global randomness."""

from __future__ import annotations

import ast
import pathlib
import sys

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN_MODULES = {"random", "time", "datetime", "os", "socket", "threading", "pathlib"}
PROJECT_PACKAGES = {"game", "net", "ai", "kiosk", "tigris_cli", "pygame", "zmq", "msgpack"}


def _imports(path: pathlib.Path) -> list[str]:
    tree = ast.parse(path.read_text())
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module.split(".")[0])
    return names


def test_engine_imports_only_the_standard_library() -> None:
    for path in ENGINE.rglob("*.py"):
        for name in _imports(path):
            assert name in sys.stdlib_module_names or name == "__future__", (path.name, name)
            assert name not in PROJECT_PACKAGES, (path.name, name)
            assert name not in FORBIDDEN_MODULES, (path.name, name)


def test_engine_calls_no_hash_builtin() -> None:
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "hash", path.name
