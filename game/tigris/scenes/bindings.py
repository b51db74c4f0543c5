"""The keys and gestures of the tables: one table each, read by the input code (a key
press runs the command its binding names) and by the shortcuts overlay (which lists
them), so what the overlay says is what the keys do.

A binding's words are the catalogue key `keys.<command>`; a gesture's are
`gesture.<name>` (what it does) and `how.<way>` for each way of making it (click, tap,
hold...). Keys are named as `game.input` names them (pygame's key names); a key that
is a character several layouts type differently ("?") is matched on the character
typed as well.
"""

from __future__ import annotations

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


DESK_KEYS: tuple[Binding, ...] = (
    Binding("select_tile", ("1", "2", "3", "4", "5", "6")),
    Binding("select_leader", ("7", "8", "9", "0")),
    Binding("select_catastrophe", ("c",)),
    Binding("move_cursor", ("up", "down", "left", "right")),
    Binding("place", ("space", "return", "enter")),
    Binding("end_turn", ("e",)),
    Binding("swap", ("s",)),
    Binding("withdraw", ("w",)),
    Binding("undo", ("u", "backspace")),
    Binding("put_back_or_menu", ("escape",)),
    Binding("outlines", ("o",)),
    Binding("strength", ("l",)),
    Binding("rules", ("h",)),
    Binding("shortcuts", ("f1", "?")),
)

# The tabletop is played by touch; a keyboard there (a desk test) has the desk's keys for
# the commands that are not about picking and placing pieces.
TABLETOP_COMMANDS = frozenset({"end_turn", "undo", "put_back_or_menu", "outlines", "strength",
                               "rules", "shortcuts"})
TABLETOP_KEYS: tuple[Binding, ...] = tuple(b for b in DESK_KEYS if b.command in TABLETOP_COMMANDS)

DESK_GESTURES: tuple[Gesture, ...] = (
    Gesture("pick_then_square", ("click",), ("tap",)),
    Gesture("drag_to_square", ("drag",), ("drag",)),
    Gesture("withdraw_to_bar", ("drag",), ("drag",)),
    Gesture("preview", ("point",), ("hold",)),
    Gesture("put_back", ("right_click", "click_again"), ("tap_again",)),
    Gesture("scroll_log", ("wheel",), ()),
    Gesture("point_from_log", ("click",), ("tap",)),
)

# The tabletop's own gestures (those of the panels each taught by a hint the first time it
# is useful), then its log's.
TABLETOP_GESTURES: tuple[Gesture, ...] = (
    Gesture("hold_strip", ("press_hold",), ("hold",)),
    Gesture("slide_to_pick", ("slide",), ("slide",)),
    Gesture("drag_out", ("rest_drag",), ("rest_drag",)),
    Gesture("second_finger", (), ("second_finger",)),
    Gesture("leader_on_board", ("drag",), ("drag",)),
    Gesture("scroll_log", ("wheel",), ("drag",)),
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


def gesture_named(gestures: tuple[Gesture, ...], name: str) -> Gesture:
    """A gesture of the table; a name not in it is an error (the words would be missing)."""
    for gesture in gestures:
        if gesture.name == name:
            return gesture
    raise KeyError(f"no gesture {name!r}: the gestures are "
                   f"{', '.join(g.name for g in gestures)}")
