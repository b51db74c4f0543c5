"""Who sits at each seat of a Tigris & Euphrates game, as the tables name them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.i18n import t


class Dynasties(list[str]):
    """The seats' dynasties in seat order (what the art and the engine know them by), and
    the names their players typed on the set-up screen: a seat with no typed name is
    called by its dynasty, in the current language."""

    def __init__(self, dynasties: Iterable[str], names: Sequence[str] = ()) -> None:
        super().__init__(dynasties)
        self.names = [*names[: len(self)], *[""] * (len(self) - len(names))]

    def name(self, seat: int) -> str:
        return self.names[seat] or t(f"dynasty.{self[seat]}")
