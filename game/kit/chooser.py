"""Choosing N out of M items with a running total the game computes: losses to a
calamity ("choose 5 points of units"), cards to buy with their running price.

Each item may be taken up to `most` times (the tokens of one area): a tap takes one
more, and after the last one a tap puts them all back. The game says what the
choice amounts to (`summary`), whether it is complete (`complete`: OK is enabled
only then) and, if it has one, a choice made in one tap (`default`). The items
that do not fit in `rows` rows are on further pages.

Targets: `<prefix>:<item id>`, `<prefix>:default`, `<prefix>:ok`, `<prefix>:prev`,
`<prefix>:next`. Keys: a digit takes the item of that number on the page, Backspace
puts everything back, D makes the default choice, Enter confirms when complete,
Page Up/Down turn the pages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from game import layout as geo
from game.art import palette as pal
from game.kit.widget import Choice, gap_for, target_for
from game.ui import text
from game.ui.widgets import Button

Chosen = Mapping[str, int]


@dataclass(frozen=True)
class Item:
    id: str
    label: str
    icon: pygame.Surface | None = None
    most: int = 1
    enabled: bool = True


class Chooser:
    def __init__(self, items: list[Item], *, summary: Callable[[Chosen], str],
                 complete: Callable[[Chosen], bool], on_done: Callable[[dict[str, int]], None],
                 ok_label: str, default: Callable[[], Chosen] | None = None,
                 default_label: str = "", on_change: Callable[[Chosen], None] | None = None,
                 prefix: str = "choose", columns: int = 3, rows: int = 3) -> None:
        reserved = {i.id for i in items} & {"ok", "default", "prev", "next"}
        if reserved:
            raise ValueError(f"item ids the chooser's own buttons use: {sorted(reserved)}")
        self.items = items
        self.summary = summary
        self.complete = complete
        self.on_done = on_done
        self.ok_label = ok_label
        self.default = default
        self.default_label = default_label
        self.on_change = on_change
        self.prefix = prefix
        self.columns = columns
        self.rows = rows
        self.chosen: dict[str, int] = {}
        self.page = 0
        self.per_page = len(items) or 1
        self.summary_rect = pygame.Rect(0, 0, 0, 0)

    # ----- the choice ---------------------------------------------------------------

    def count(self, item_id: str) -> int:
        return self.chosen.get(item_id, 0)

    def _changed(self) -> None:
        self.chosen = {k: v for k, v in self.chosen.items() if v}
        if self.on_change is not None:
            self.on_change(dict(self.chosen))

    def take(self, item: Item) -> None:
        """One more of `item`, or none again after its last."""
        if not item.enabled:
            return
        n = self.count(item.id) + 1
        self.chosen[item.id] = 0 if n > item.most else n
        self._changed()

    def clear(self) -> None:
        self.chosen = {}
        self._changed()

    def choose_default(self) -> None:
        if self.default is None:
            return
        self.chosen = dict(self.default())
        self._changed()

    def done(self) -> bool:
        return self.complete(self.chosen)

    def confirm(self) -> None:
        if self.done():
            self.on_done(dict(self.chosen))

    def press(self, bid: str) -> bool:
        if not bid.startswith(self.prefix + ":"):
            return False
        tail = bid[len(self.prefix) + 1:]
        if tail == "ok":
            self.confirm()
        elif tail == "default":
            self.choose_default()
        elif tail in ("prev", "next"):
            self.turn(-1 if tail == "prev" else 1)
        else:
            item = next((i for i in self.items if i.id == tail), None)
            if item is None:
                return False
            self.take(item)
        return True

    def turn(self, by: int) -> None:
        self.page = min(self.pages() - 1, max(0, self.page + by))

    def pages(self) -> int:
        return max(1, -(-len(self.items) // self.per_page))

    def key(self, key: str) -> bool:
        shown = self._shown()
        if key.isdigit() and 1 <= int(key) <= len(shown):
            self.take(shown[int(key) - 1])
        elif key == "backspace":
            self.clear()
        elif key == "d" and self.default is not None:
            self.choose_default()
        elif key in ("return", "enter"):
            self.confirm()
        elif key in ("page up", "page down"):
            self.turn(-1 if key == "page up" else 1)
        else:
            return False
        return True

    def _shown(self) -> list[Item]:
        return self.items[self.page * self.per_page:(self.page + 1) * self.per_page]

    def choices(self, c: int) -> list[Choice]:
        items = [Choice(f"{self.prefix}:{i.id}", self._label(i), i.enabled,
                        self.count(i.id) > 0, i.icon) for i in self.items]
        default = ([Choice(f"{self.prefix}:default", self.default_label)]
                   if self.default is not None else [])
        return [*items, *default, Choice(f"{self.prefix}:ok", self.ok_label, self.done())]

    def _label(self, item: Item) -> str:
        badge = self._badge(item)
        return f"{item.label} {badge}" if badge else item.label

    # ----- layout -------------------------------------------------------------------

    def _cols(self, width: int, c: int) -> int:
        return max(1, min(self.columns, width // (2 * geo.MIN_TARGET)))

    def _grid_rows(self, width: int, c: int) -> int:
        cols = self._cols(width, c)
        return max(1, min(self.rows, -(-len(self.items) // cols)))

    def _summary_lines(self, width: int, px: int) -> int:
        return max(1, len(text.wrap(self.summary(self.chosen), "bold", px, width)))

    def height(self, width: int, c: int, px: int) -> int:
        bh, gap = target_for(c), gap_for(c)
        rows = self._grid_rows(width, c)
        summary = self._summary_lines(width, px) * int(px * 1.25)
        return rows * bh + (rows - 1) * gap + gap + summary + gap + bh

    def place(self, rect: pygame.Rect, c: int, px: int) -> list[Button]:
        bh, gap = target_for(c), gap_for(c)
        cols = self._cols(rect.w, c)
        rows = self._grid_rows(rect.w, c)
        self.per_page = max(1, cols * rows)
        self.page = min(self.page, self.pages() - 1)
        shown = self._shown()
        cells = geo.button_grid(rect, len(shown), cols, bh, gap)
        buttons = [
            Button(f"{self.prefix}:{item.id}", r, item.label, item.enabled,
                   self.count(item.id) > 0, item.icon,
                   badge=self._badge(item))
            for item, r in zip(shown, cells, strict=True)
        ]
        y = rect.y + rows * bh + (rows - 1) * gap + gap
        summary_h = self._summary_lines(rect.w, px) * int(px * 1.25)
        self.summary_rect = pygame.Rect(rect.x, y, rect.w, summary_h)
        row = pygame.Rect(rect.x, y + summary_h + gap, rect.w, bh)
        actions: list[tuple[str, str, bool]] = []
        paged = self.pages() > 1
        if paged:
            actions.append(("prev", "‹", self.page > 0))
        if self.default is not None:
            actions.append(("default", self.default_label, True))
        actions.append(("ok", self.ok_label, self.done()))
        if paged:
            actions.append(("next", "›", self.page < self.pages() - 1))
        narrow = geo.MIN_TARGET
        wide = max(1, (row.w - narrow * 2 * paged - gap * (len(actions) - 1))
                   // (len(actions) - 2 * paged))
        x = row.x
        for name, label, enabled in actions:
            w = narrow if name in ("prev", "next") else wide
            style = "gold" if name == "ok" else ("quiet" if name == "default" else "normal")
            buttons.append(Button(f"{self.prefix}:{name}", pygame.Rect(x, row.y, w, bh), label,
                                  enabled, style=style))
            x += w + gap
        return buttons

    def _badge(self, item: Item) -> str:
        n = self.count(item.id)
        if item.most == 1 or not n:
            return ""
        return f"{n}/{item.most}"

    def draw(self, surface: pygame.Surface, px: int, hover: str | None,
             pressed: str | None) -> None:
        text.blit_wrapped(surface, self.summary(self.chosen), "bold", px, pal.TEXT,
                          self.summary_rect, "center", 1.25)
