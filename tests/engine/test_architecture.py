"""The engine stays pure: stdlib only, no clock, no global randomness."""

from __future__ import annotations

import ast
import pathlib
import sys

from support.imports import imported

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN_MODULES = {"random", "time", "datetime", "os", "socket", "threading", "pathlib"}
PROJECT_PACKAGES = {"game", "net", "ai", "kiosk", "ziggurat_cli", "pygame", "zmq", "msgpack"}


def _imports(path: pathlib.Path) -> set[str]:
    """The top-level modules a file of the engine imports (its own relative imports aside)."""
    return {name.split(".")[0] for name in imported(path.read_text())}


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
