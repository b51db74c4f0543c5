"""Tables of handlers per event type: how a game's narrator and choreographer read an
action's events, one handler for each type it tells or animates, instead of an
if-ladder that grows with the game.

A handler takes the event and the context of the events being read (what it adds to,
what earlier events of the same action left for later ones: where the last piece
landed, who is in a conflict); events are read in order, so a handler sees the
context as the events before it left it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

Event = Mapping[str, Any]
C = TypeVar("C")
Handler = Callable[[Event, C], None]


class EventHandlers(Generic[C]):
    """Each event type's handler; `default` (if any) reads the types without one of their
    own, and an event no handler reads is skipped."""

    def __init__(self, handlers: Mapping[str, Handler[C]],
                 default: Handler[C] | None = None) -> None:
        self.handlers = dict(handlers)
        self.default = default

    def handler(self, kind: str) -> Handler[C] | None:
        return self.handlers.get(kind, self.default)

    def run(self, events: Iterable[Event], context: C) -> C:
        """Hands each event, in order, to its type's handler; returns `context`."""
        for event in events:
            handler = self.handler(str(event.get("type")))
            if handler is not None:
                handler(event, context)
        return context
