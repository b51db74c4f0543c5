"""A text-mode table for a `Session`: prints the log, reads actions in the text notation.

It makes `ziggurat host` and `ziggurat join` usable without a display (a server,
a terminal over ssh, a test driving stdin) and drives headless computer
peers (`drive_bot`). It shows only what the seat may see: its own hand and
VP, everybody's public pieces. Lines a script may wait for start with a
fixed word: HOSTING, JOINED, YOUR MOVE, GAME OVER, REFUSED, DESYNC.

It plays any game: actions are read and written with the session's game
module (`parse_action`, `format_action`); how a seat's own view reads in one
line (a hand, a score) is the game's, handed in as `view_lines` by game id.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from engine import IllegalAction

from .events import SessionEvent
from .fields import UNPRINTABLE
from .game import Bot, View
from .session import Session
from .watch import public_digest

QUIET_KINDS = frozenset({"seats"})
FRESH_START_KINDS = frozenset({"joined", "resynced", "resumed"})
MAX_REJECTIONS = 3
POLL_S = 0.01

DescribeView = Callable[[View], str]

HELP = """Commands: an action in the game's notation ('legal' lists yours as you type them)
or one of
  legal        list your legal actions      hand     what your seat holds
  status       what the game waits for       seats    who sits where
  resync       rebuild from the host's record after a desync
  start        (host) start now              bot N L  (host) computer level L takes seat N
  seat N SPEC  (host, lobby) seat N becomes human or bot:LEVEL
  vote N yes|no  (joined) a computer for stalled seat N: propose or vote
  quit"""


def say(out: TextIO, line: str) -> None:
    out.write(line + "\n")
    out.flush()


def printable(line: str) -> str:
    """`line` with every character a name may not hold written as an escape (a newline as
    \\n): what others chose (a name, a host's text) never starts a line of its own, so no
    one can forge a GAME OVER or YOUR MOVE line a script waits for."""
    return "".join(c.encode("unicode_escape").decode("ascii")
                   if unicodedata.category(c) in UNPRINTABLE else c for c in line)


def describe(event: SessionEvent) -> str:
    """The log line for an event, printable; "" for events not worth a line."""
    return printable(_describe(event))


def _describe(event: SessionEvent) -> str:
    if event.kind == "applied":
        return f"[{event.data['ply']} {event.data['digest'][:12]}] {event.text}"
    if event.kind == "game_over":
        return (f"GAME OVER digest={event.data['digest']} "
                f"ranking={event.data['ranking']}")
    if event.kind == "refused":
        return f"REFUSED {event.data.get('code', '')}: {event.text}"
    if event.kind == "joined":
        return f"JOINED seat={event.data['seat'] + 1} {event.text}"
    if event.kind in ("desync", "desync_report"):
        return f"DESYNC {event.text}"
    if event.kind in QUIET_KINDS and not event.text:
        return ""
    return event.text


def hand_line(session: Session, view_lines: Mapping[str, DescribeView]) -> str:
    """My seat's view in one line, in the game's words; "" when the game gave none."""
    view = session.view()
    if view is None or session.game is None:
        return "No game yet."
    summary = view_lines.get(session.game.ID)
    return "" if summary is None else summary(view)


def seats_lines(session: Session) -> list[str]:
    return [printable(f"  seat {i + 1}: {s.name} ({s.kind}{':' + s.level if s.level else ''}) "
                      f"{s.status}") for i, s in enumerate(session.seats)]


def _stdin_lines(inp: TextIO, lines: queue.SimpleQueue[str | None]) -> None:
    for line in inp:
        lines.put(line.strip())
    lines.put(None)


class Console:
    """One person at a terminal. `run` returns the exit code (0 when the game ended)."""

    def __init__(self, session: Session, *, out: TextIO = sys.stdout,
                 inp: TextIO | None = sys.stdin, exit_when_over: bool = True,
                 view_lines: Mapping[str, DescribeView] | None = None) -> None:
        self.session = session
        self.view_lines = view_lines or {}
        self.out = out
        self.lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self.exit_when_over = exit_when_over
        self.prompted_at: int | None = None
        self.stdin_open = inp is not None
        if inp is not None:
            threading.Thread(target=_stdin_lines, args=(inp, self.lines), daemon=True,
                             name="tigris-stdin").start()

    def run(self, deadline: float | None = None) -> int:
        while deadline is None or time.monotonic() < deadline:
            for event in self.session.poll(POLL_S):
                line = describe(event)
                if line:
                    say(self.out, line)
                if event.kind == "refused":
                    return 2
                if event.kind in FRESH_START_KINDS:
                    self.prompted_at = None
                if event.kind == "desync_report":
                    say(self.out, "Type 'resync' to rebuild your copy from the host's record.")
                if event.kind == "game_over" and self.exit_when_over:
                    return 0
            self._prompt()
            if not self._read_lines():
                return 0
        return 1

    def _prompt(self) -> None:
        s = self.session
        state = s.state
        if (state is None or s.paused or s.phase != "playing" or state.to_move is None
                or state.to_move != s.my_seat):
            return
        ply = s.ply
        if self.prompted_at != ply:
            self.prompted_at = ply
            pending = state.pending
            what = f" ({pending['kind']} decision)" if pending else ""
            say(self.out, f"YOUR MOVE ply={ply}{what}. {hand_line(s, self.view_lines)}"
                .rstrip())

    def _read_lines(self) -> bool:
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return True
            if line is None:
                self.stdin_open = False
                return True
            if line and not self.command(line):
                return False

    def command(self, line: str) -> bool:
        """Handle one typed line; False to quit."""
        s: Any = self.session
        game = s.game
        word, *rest = line.split()
        if word == "quit":
            return False
        if word in ("help", "?"):
            say(self.out, HELP)
        elif word == "legal":
            state = s.state
            actions = state.legal_actions() if state and state.to_move == s.my_seat else []
            for action in actions:
                say(self.out, "  " + game.format_action(action))
            say(self.out, f"LEGAL {len(actions)}")
        elif word == "hand":
            say(self.out, hand_line(s, self.view_lines) or
                "This game has no one-line summary of a seat; 'legal' lists your actions.")
        elif word == "status":
            say(self.out, printable(s.status))
        elif word == "seats":
            for text in seats_lines(s):
                say(self.out, text)
        elif word == "resync" and hasattr(s, "resync"):
            s.resync()
        elif word == "start" and getattr(s, "is_host", False):
            s.start()
        elif word in ("bot", "seat") and getattr(s, "is_host", False):
            if len(rest) != 2 or not rest[0].isdigit():
                say(self.out, f"? {word} needs a seat number and a level (type 'help')")
            elif word == "bot":
                s.hand_to_bot(int(rest[0]) - 1, rest[1])
            else:
                s.set_seat(int(rest[0]) - 1, rest[1])
        elif word == "vote" and hasattr(s, "vote") and not getattr(s, "is_host", True):
            if len(rest) != 2 or not rest[0].isdigit() or rest[1] not in ("yes", "no"):
                say(self.out, "? vote needs a seat number and yes or no (type 'help')")
            else:
                s.vote(int(rest[0]) - 1, rest[1] == "yes")
        elif game is None:
            say(self.out, "? the game has not been set up yet")
        else:
            try:
                action = game.parse_action(line)
            except IllegalAction as exc:
                say(self.out, f"? {exc} (type 'help')")
                return True
            s.submit(action)
        return True


def watch_console(session: Session, *, out: TextIO = sys.stdout,
                  deadline: float | None = None) -> int:
    """A watcher at a terminal: a line per action (who acted, its public events' types)
    until the game is over, then GAME OVER with the final public position's
    `public_digest`. 0 at the end, 2 if refused, 1 at the deadline."""
    while deadline is None or time.monotonic() < deadline:
        for event in session.poll(0.05):
            if event.kind == "seen":
                seat = event.data["seat"]
                name = session.seats[seat].name if seat < len(session.seats) else seat + 1
                kinds = ", ".join(str(ev.get("type", "?")) for ev in event.data["events"])
                say(out, printable(f"[{event.data['ply']}] {name}: {kinds or 'acted'}"))
                continue
            if event.kind == "watching":
                say(out, printable(f"WATCHING {event.data['host']} at action {event.data['ply']}"))
                continue
            line = describe(event)
            if line:
                say(out, line)
            if event.kind == "refused":
                return 2
        view = session.view()
        if session.phase == "over" and view is not None:
            say(out, f"GAME OVER view={public_digest(view)} actions={session.ply}")
            return 0
    return 1


def drive_bot(session: Session, bot: Bot, budget_s: float, *, out: TextIO = sys.stdout,
              deadline: float | None = None) -> int:
    """A headless computer peer: answer whenever the seat is to move, until the game ends."""
    asked: int | None = None
    rejections = 0
    while deadline is None or time.monotonic() < deadline:
        for event in session.poll(0.05):
            line = describe(event)
            if line:
                say(out, line)
            if event.kind == "refused":
                return 2
            if event.kind == "rejected":
                asked = None
                rejections += 1
            if event.kind in FRESH_START_KINDS:
                asked = None
            if event.kind == "applied":
                rejections = 0
            if event.kind == "game_over":
                return 0
        state = session.state
        if (state is None or session.paused or session.phase != "playing"
                or state.to_move != session.my_seat or asked == session.ply):
            continue
        view = session.view()
        assert view is not None
        action = bot.choose(view, budget_s) if rejections < MAX_REJECTIONS else (
            state.legal_actions()[0])
        asked = session.ply
        session.submit(action)
    return 1
