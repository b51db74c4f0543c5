"""Key bindings and gestures: a table's own list of them, read both by its input (a key
press runs the command its binding names) and by the "?" overlay (`game.kit.shortcuts`,
which lists them), so what the overlay says is what the keys do.

A binding's words are the catalogue key `keys.<command>`; a gesture's are
`gesture.<name>` (what it does) and `how.<way>` for each way of making it (click, tap,
hold...), each after the prefix of the game's words (`game.kit.shortcuts`): each game's
catalogue says what its own commands and gestures do. Keys are
named as `game.input` names them (pygame's key names); a key that is a character
several layouts type differently ("?") is matched on the character typed as well.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Binding:
    """Keys that run one command of a table's input."""

    command: str
    keys: tuple[str, ...]


@dataclass(frozen=True)
class Gesture:
    """A way of pointing at the table and what it does; `mouse` and `touch` are how it is
    made with each (`how.<way>` words), empty where that device has no such gesture."""

    name: str
    mouse: tuple[str, ...] = ()
    touch: tuple[str, ...] = ()


# The log panel's own gestures (`game.kit.log`), which every table with a log lists.
LOG_GESTURES: tuple[Gesture, ...] = (
    Gesture("scroll_log", ("wheel",), ()),
    Gesture("point_from_log", ("click",), ("tap",)),
)


def command_for(bindings: tuple[Binding, ...], key: str,
                char: str = "") -> tuple[str, str] | None:
    """The command a key press runs and the key it is bound to: by the key's name, else by
    the character it typed (the keypad's "[1]" types "1")."""
    for binding in bindings:
        if key in binding.keys:
            return binding.command, key
        if char and char in binding.keys:
            return binding.command, char
    return None


def run_key(bindings: tuple[Binding, ...], commands: Mapping[str, Callable[[str], None]],
            key: str, char: str = "") -> bool:
    """Runs the command `key` is bound to, given the key pressed; False if it is bound to
    none. A bound command the table has no handler for is an error: the overlay would list
    a key that does nothing."""
    bound = command_for(bindings, key, char)
    if bound is None:
        return False
    command, pressed = bound
    commands[command](pressed)
    return True


def gesture_named(gestures: tuple[Gesture, ...], name: str) -> Gesture:
    """A gesture of the table; a name not in it is an error (the words would be missing)."""
    for gesture in gestures:
        if gesture.name == name:
            return gesture
    raise KeyError(f"no gesture {name!r}: the gestures are "
                   f"{', '.join(g.name for g in gestures)}")
