"""The keys and gestures of T&E's tables, one list each (the kit's `Binding`s and
`Gesture`s): the desk's input runs on them and the "?" overlay lists them, each with
the words of this game's catalogue (`keys.<command>`, `gesture.<name>`)."""

from __future__ import annotations

from game.kit.bindings import LOG_GESTURES, Binding, Gesture

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
    *LOG_GESTURES,
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

