"""What the shell asks of a game's tables beyond what every scene does.

The replay viewer holds the game's replay table (`GameClient.replay_table`)
and lays its controls over it, so it reaches the table only through
`ReplayTable`; the LAN seat table hands the network session's events to the
game's LAN table (`GameClient.lan_table`), a scene on the stack, through
`LanTable`. Neither knows how a game lays out its table.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any, Protocol

from game.scene import Scene

if TYPE_CHECKING:
    import pygame

    from game.input import Intent
    from game.session import GameSession
    from net import SessionEvent


class ReplayTable(Protocol):
    """A table the replay viewer steps a record through (it is never on the scene stack:
    the viewer passes its frames and the input its controls leave on)."""

    @property
    def log(self) -> list[str]:
        """The lines told so far; the viewer marks where each action's lines begin."""

    @property
    def unit(self) -> int:
        """The size, in pixels, of the table's touch targets: the viewer's controls match."""

    @property
    def animating(self) -> bool:
        """Whether an animation the next action must wait for is running."""

    def controls_area(self) -> pygame.Rect:
        """Where the viewer's row of controls goes (over whatever the table shows there)."""

    def status_area(self) -> pygame.Rect:
        """Where the viewer says which turn and position are shown."""

    def resize(self, w: int, h: int) -> None: ...

    def handle(self, intent: Intent) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def show_events(self, events: list[dict[str, Any]]) -> None:
        """Tells and animates what the action just applied to the session caused."""

    def restart(self, session: GameSession, log: list[str]) -> None:
        """Shows `session`'s position at once (no animation left running), `log` its lines:
        the viewer jumped there."""


class LanTable(Scene):
    """A LAN game's table: a scene that the events its network session still had to show
    when it opened are handed to, in order. A scene (not a protocol), since it goes on the
    scene stack; no ABC mixed in, as no table has a base that is not a scene."""

    @abstractmethod
    def hear(self, event: SessionEvent) -> None:
        """Shows what one network session event says (an applied action, a notice...)."""
