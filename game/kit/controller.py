"""The flow of a game at a table, whatever the game: send, hear, queue, show, serve.

A table sends its seat's action to its session (`submit`), hears what the
session says happened (`poll`: "applied", "rejected"), queues the applied
actions and shows them one at a time, each once the animation before it has
finished, so that every action animates from the position it was made in. It
saves the game after each applied action, says why a refused one was refused,
plays its computer seats, answers for a player a decision with one legal
answer, puts the hand-over screen between human seats whose hands are hidden
from each other, holds an action that would hand the game to another seat
until "End turn" (Undo forgets it), lets a person take back an action sent
within their turn until the seat it asked has answered (a computer's answer
waits a grace, a person's hand-over screen offers Undo), and at the end keeps
the game and shows its result. None of that depends on the game: the controller reads the
position only through the game-module interface (`to_move`, `pending`,
`legal_actions`, `is_over`, `view`) and the session (`game.session.
TableSession`), and asks the table it drives (`TableFace`) for everything the
game shows or decides for itself.

A LAN game's flow adds what the network says (`game.kit.lan.LanController`).
"""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

from game import savegame
from game.i18n import t
from game.kit.computers import Computers
from net import SessionEvent

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene
    from game.session import TableSession

Point = tuple[float, float]

# What becomes of the game played at a table: saved after every action (a game at this
# screen), archived for the replay viewer once over (a LAN game, which its host saves), or
# never kept (the attract mode's demo, a replay).
AUTOSAVE, ARCHIVE, UNKEPT = "autosave", "archive", "unkept"


class Held(Protocol):
    """An action taken at the table and not sent, with what its result shows until then
    (the game's own: `game.kit.held.HeldAction` by default)."""

    @property
    def action(self) -> dict[str, Any]: ...

    @property
    def seat(self) -> int: ...

    @property
    def ordinary(self) -> bool:
        """Chosen at the game's ordinary choice (no decision pending): forgetting it is all
        of Undo; else Undo also takes back the action that asked the decision."""

    @property
    def source(self) -> Point | None: ...

    @property
    def ends_turn(self) -> bool:
        """Sending it ends the turn (else another seat decides within the same turn)."""

    def shown_now(self) -> list[dict[str, Any]]:
        """The events its result shows while it is held."""

    def shown_when_sent(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Of the events the session applied for it, those not yet shown."""

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see of the held result."""


class TableFace(Protocol):
    """What the controller asks of the table it drives: the game's own part of the flow."""

    @property
    def animating(self) -> bool:
        """An animation the next action must wait for is running."""

    def holds_game(self) -> bool:
        """Something of the table's own holds the game now (a result read over it): nothing
        is shown or served meanwhile."""

    def present(self, events: list[dict[str, Any]], source: Point | None, actor: int | None,
                ply: int | None) -> None:
        """Tells and animates events (of the record's `ply`th action, by `actor`'s seat,
        from `source` where its piece was let go) and shows the position they lead to."""

    def applied(self, events: list[dict[str, Any]]) -> None:
        """An action the session applied is shown now: all its events, whatever part of
        them its held result showed before (what changed for whom, say)."""

    def refresh(self) -> None:
        """Re-reads the position (after an action, an undo, a new viewer)."""

    def reset_choice(self) -> None:
        """What the player had picked up goes and the position is read again: another
        seat's hand shows now (`TableController.viewer`), or our action went to the host."""

    def serve(self, seat: int) -> None:
        """`seat`, played by a person at this table, must decide now (most tables call
        `TableController.hand_over_or_decide`)."""

    def decision_scene(self, pending: dict[str, Any]) -> Scene | None:
        """The dialog that asks the decision `pending`, None if the table asks it itself."""

    def close_dialog(self) -> None:
        """The decision's dialog goes (answered, taken back, or the game paused)."""

    def hold_of(self, state: Any, action: dict[str, Any], source: Point | None) -> Held | None:
        """The action held, if it would hand the game to another seat; None to send it."""

    def answers_forced(self, pending: dict[str, Any]) -> bool:
        """Whether a decision with one legal answer may be answered for its player: only if
        that it has one answer shows nothing hidden (a question skipped must not tell the
        others what a hand holds)."""

    def turn_seat(self) -> int | None:
        """Whose turn it is, as against who decides now (a defender may answer within
        another's turn): a forced answer of the turn's player may be held, another's not."""

    def show_toast(self, message: str) -> None: ...

    def refusal_words(self, event: SessionEvent) -> str:
        """Why a "rejected" event's action was refused, in the player's words."""

    def taken_back(self) -> None:
        """Undo took actions back: whatever the table told of them goes."""

    def result_scene(self) -> Scene:
        """The game is over: what shows its result."""


class TableController:
    """The flow of one game at one table (see the module's docstring)."""

    def __init__(self, app: App, session: TableSession, face: TableFace, *,
                 viewer: int | None, keeping: str = AUTOSAVE,
                 follow_computers: bool = False, answer_grace: float = 0.0) -> None:
        """`viewer`: the seat whose hand is shown first; `follow_computers`: the hand shown
        is the mover's, a computer's too (a demo); `answer_grace`: the seconds a computer's
        answer to a person's action within that person's turn waits, so that the action
        may be taken back until it is answered (`answer_awaited`); 0: an action sent is
        final once another seat must answer it."""
        self.app = app
        self.session = session
        self.face = face
        self.keeping = keeping
        self.follow_computers = follow_computers
        self.viewer = viewer
        self.queue: deque[SessionEvent] = deque()
        self.sent: tuple[int | None, Point | None] | None = None
        self.held: Held | None = None        # shown, waiting for "End turn"
        self.confirming: Held | None = None  # sent by "End turn", not yet heard back
        self.held_wait = 0.0                 # seconds until the turn ends by itself
        self.finished = False
        self.dialog: Scene | None = None
        self.handover: Scene | None = None
        self.computers = Computers(app, session, self.act)
        self.answer_grace = answer_grace
        self.graced: int | None = None   # the record's length when a grace was last given

    def restart(self, session: TableSession) -> None:
        """Follows another session (a replay jumped): nothing queued or held is of it."""
        self.session = session
        self.computers.session = session
        self.queue.clear()
        self.sent = self.held = self.confirming = None
        self.computers.forget()
        self.graced = None

    # ----- who may act ---------------------------------------------------------------

    def may_play(self) -> bool:
        """The viewer may play its ordinary choice now: its turn, no decision pending,
        nothing queued or held, the game on."""
        state = self.session.state
        seat = state.to_move
        return (self.viewer is not None and not self.queue and seat == self.viewer
                and self.session.is_human(seat) and state.pending is None
                and not state.is_over and self.held is None)

    def can_undo(self) -> bool:
        """The viewer may take back a held action, or its last one the session allows."""
        return self.undo_refusal() is None

    def undo_refusal(self) -> str | None:
        """Why Undo would do nothing now (the key of the words its greyed button's tip
        says), None when it acts. A held answer to a decision is taken back with the
        action that asked it; when the session no longer allows that (another seat has
        answered since) and the answer was the only one possible, forgetting it would
        only have it answered again at once: nothing would change."""
        viewer = self.viewer
        if viewer is None or not self.session.is_human(viewer):
            return "table.undo.why.not_yours"
        held = self.held
        if held is not None:
            if held.ordinary or self.session.can_undo(viewer) or not self._answered_alone():
                return None
            return "table.undo.why.answered"
        if self.session.can_undo(viewer) or self.answer_awaited() is not None:
            return None
        if self.session.state.to_move != viewer:
            return "table.undo.why.not_yours"
        return "table.undo.why.none"

    def answer_awaited(self) -> int | None:
        """The seat the viewer's action, sent within the viewer's turn, asked to answer, while
        the viewer may still take that action back: that seat is played at this table and
        has not answered (a computer's answer is in its grace, a person has not taken the
        screen: the hand-over is not confirmed) and the session allows it. None otherwise:
        an action answered, or sent over the network, is final (issue 21)."""
        viewer = self.viewer
        if (self.answer_grace <= 0 or viewer is None or self.held is not None or self.queue
                or self.sent is not None or not self.session.is_human(viewer)
                or self.computers.plays(viewer)):
            return None
        seat = self.session.state.to_move
        if (seat is None or seat == viewer or self.face.turn_seat() != viewer
                or not (self.computers.plays(seat) or self.session.is_human(seat))):
            return None
        return seat if self.session.can_take_back(viewer) else None

    def _answered_alone(self) -> bool:
        """The decision pending would be answered by itself (`answer_forced`)."""
        state = self.session.state
        return (state.pending is not None and len(state.legal_actions()) == 1
                and self.face.answers_forced(state.pending))

    def holds_turns(self, seat: int) -> bool:
        """Whether `seat`'s last action waits for "End turn": a person's at this table, with
        the setting on; never a computer's."""
        return (self.app.settings.confirm_end_turn
                and self.session.is_human(seat) and not self.computers.plays(seat))

    def set_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.face.reset_choice()

    # ----- acting --------------------------------------------------------------------

    def act(self, action: dict[str, Any], source: Point | None = None) -> bool:
        """Takes an action for the seat to move: held, when it would hand the game to
        another seat, else sent. False (and a message) if it is refused at once, or while
        an action is held."""
        if self.held is not None or not self.ready():
            return False
        if self.hold(action, source):
            return True
        return self.send(action, source)

    def ready(self) -> bool:
        """Whether an action can be sent now (a LAN table waits for its host)."""
        return True

    def hold(self, action: dict[str, Any], source: Point | None) -> bool:
        """Holds an action that would hand the game to another seat (the table says which)
        and shows its result until "End turn" sends it or Undo forgets it. "End turn" is
        itself the end of the turn: a pass is never held."""
        state = self.session.state
        seat = state.to_move
        if (seat is None or seat != self.viewer or action.get("type") == "pass"
                or not self.holds_turns(seat)):
            return False
        held = self.face.hold_of(state, action, source)
        if held is None:
            return False
        self.held = held
        self.held_wait = self.app.settings.auto_end_turn
        self.face.present(held.shown_now(), source, seat,
                          len(self.session.record["actions"]) + 1)
        return True

    def end_turn(self, pass_action: dict[str, Any] | None = None) -> None:
        """"End turn": sends the held action, else `pass_action` (the rest of the turn
        passed), if any."""
        held = self.held
        if held is None:
            if pass_action is not None:
                self.act(pass_action)
            return
        if not self.ready():
            return
        self.held = None
        self.confirming = held
        if not self.send(held.action, held.source):
            self.confirming = None
            self.face.refresh()

    def send(self, action: dict[str, Any], source: Point | None) -> bool:
        """Sends an action for the seat to move. What it caused comes back from the session
        as an "applied" event, shown in turn like every other (at once from a local
        session, later over the LAN)."""
        self.sent = (self.session.state.to_move, source)
        self.session.submit(action)
        heard = self.listen()
        if self.queue and not self.face.animating and not self.finished:
            self.show_next(self.queue.popleft())
        return not any(event.kind == "rejected" for event in heard)

    def decide(self, action: dict[str, Any]) -> None:
        """A decision's dialog was answered: it closes and the answer is taken."""
        self.face.close_dialog()
        self.act(action)

    def undo(self) -> None:
        """Takes back the viewer's held action (and, if it answered a decision, the action
        that asked it), else its last action the session allows."""
        if self.viewer is None or not self.can_undo():
            return
        held = self.held
        if held is not None:
            self.held = None
            if not held.ordinary:
                self.session.undo(self.viewer)
        elif self.answer_awaited() is not None:
            self.take_back()
        elif not self.session.undo(self.viewer):
            return
        self.graced = None   # the record may grow to the same length again
        self.face.taken_back()
        self.face.refresh()
        self.autosave()

    def take_back(self) -> None:
        """Takes back the viewer's action sent and not yet answered (`answer_awaited`): the
        answer being found is dropped and the hand-over screen goes, since the viewer's
        choice is back."""
        assert self.viewer is not None
        self.computers.forget()
        if self.handover is not None:
            self.app.pop(self.handover)
            self.handover = None
        self.session.take_back(self.viewer)

    # ----- hearing and showing -------------------------------------------------------

    def listen(self) -> list[SessionEvent]:
        """Hears what the session says happened since it was last asked."""
        events = self.session.poll()
        for event in events:
            self.hear(event)
        return events

    def hear(self, event: SessionEvent) -> None:
        """An applied action waits its turn to be shown (each animates from the position it
        was made in); a refusal says why."""
        if event.kind == "applied":
            self.queue.append(event)
            self.autosave()
        elif event.kind == "rejected":
            self.sent = None
            self.confirming = None
            self.face.show_toast(self.face.refusal_words(event))

    def show_next(self, event: SessionEvent) -> None:
        """Shows one applied action: from where its piece was let go, if it was ours; of a
        held action sent by "End turn", only what the held result showed nobody yet."""
        seat = event.data.get("seat")
        ply = event.data.get("ply")
        confirming = self.confirming
        if (confirming is not None and seat == confirming.seat
                and event.data.get("action") == confirming.action):
            self.confirming = None
            self.sent = None
            events = self.session.take_applied(event)
            self.face.applied(events)
            self.face.present(confirming.shown_when_sent(events), None, seat, ply)
            return
        source = None
        if self.sent is not None and self.sent[0] == seat:
            source = self.sent[1]
            self.sent = None
        events = self.session.take_applied(event)
        self.face.applied(events)
        self.face.present(events, source, seat, ply)

    def autosave(self) -> None:
        if self.keeping != AUTOSAVE:
            return
        if self.app.saver.last_error:
            self.face.show_toast(t("error.save_failed", detail=self.app.saver.last_error))
        self.app.saver.submit(self.session.saved())

    # ----- the flow, frame by frame ----------------------------------------------------

    def drive(self, dt: float) -> None:
        """Shows the next action heard, else waits on a held action (ending the turn by
        itself after the setting's seconds), else serves whoever must act now."""
        if self.finished or self.face.holds_game() or self.face.animating:
            return
        if self.queue:
            self.show_next(self.queue.popleft())
            return
        if self.held is not None:
            if self.held_wait > 0:
                shown = math.ceil(self.held_wait)
                self.held_wait -= dt
                if self.held_wait <= 0:
                    self.end_turn()
                elif math.ceil(self.held_wait) != shown:
                    self.face.refresh()   # the button's countdown
            return
        seat = self.seat_to_serve(dt)
        if seat is None:
            return
        if self.answer_forced():
            self.drive(0.0)   # the next seat is served in this frame, as after any answer
        else:
            self.face.serve(seat)

    def seat_to_serve(self, dt: float) -> int | None:
        """The human seat that must decide now at this table; computers are played from
        here (a seat played elsewhere is waited for)."""
        state = self.session.state
        if state.is_over:
            self.finish()
            return None
        seat = state.to_move
        if seat is None:
            return None
        if self.computers.plays(seat):
            if self.follow_computers and self.viewer != seat:
                self.set_viewer(seat)
            plies = len(self.session.record["actions"])
            if self.graced != plies and self.answer_awaited() == seat:
                # Its answer to the viewer's action waits the grace: until then the
                # viewer may take the action back.
                self.graced = plies
                self.computers.grace = self.answer_grace
            self.computers.turn(seat, dt)
            return None
        return seat if self.session.is_human(seat) else None

    def answer_forced(self) -> bool:
        """Gives the only answer a decision has (the engine lets a client answer for its
        player), if the table says that shows nothing hidden: it is not asked. True if it
        was answered and not refused. The turn's player's answer may be held like any of
        its actions (its Undo takes back the action that asked); another seat's is sent at
        once, since its player chose nothing to confirm."""
        state = self.session.state
        pending = state.pending
        if pending is None or self.sent is not None:
            return False
        actions = state.legal_actions()
        if len(actions) != 1 or not self.face.answers_forced(pending):
            return False
        if state.to_move != self.face.turn_seat():
            return self.ready() and self.send(actions[0], None)
        return self.act(actions[0])

    def hand_over_or_decide(self, seat: int) -> None:
        """Serves a seat at a shared screen: the hand-over screen first when another person's
        hand is on it, then the pending decision's dialog."""
        if self.viewer != seat:
            if len(self.session.human_seats) > 1:
                self.open_handover(seat)
                return
            self.set_viewer(seat)
        pending = self.session.state.pending
        if pending is not None and self.dialog is None:
            self.open_decision(pending)

    def open_handover(self, seat: int) -> None:
        from game.scenes.handover import HandoverScene

        if self.handover is None:
            taker = self.viewer
            back = (taker, self.undo) if (taker is not None
                                          and self.answer_awaited() == seat) else None
            self.handover = HandoverScene(self.app, self.face, seat, take_back=back)
            self.app.push(self.handover)

    def handover_done(self, seat: int) -> None:
        """The hand-over screen was confirmed by `seat`'s player: their hand shows."""
        if self.handover is not None:
            self.app.pop(self.handover)
            self.handover = None
        self.set_viewer(seat)

    def open_decision(self, pending: dict[str, Any]) -> None:
        dialog = self.face.decision_scene(pending)
        if dialog is not None:
            self.dialog = dialog
            self.app.push(dialog)

    def drop_dialog(self) -> None:
        """Takes the decision's dialog off the screen (the face's `close_dialog` calls it)."""
        if self.dialog is not None:
            self.app.pop(self.dialog)
            self.dialog = None

    def finish(self) -> None:
        """The game is over: it is kept as the table keeps games, and its result shows."""
        self.finished = True
        if self.keeping == UNKEPT:
            return
        saved = self.session.saved()
        try:
            if self.keeping == AUTOSAVE:
                self.app.saver.flush()
                savegame.finish(saved)
            else:
                savegame.archive(saved)
        except OSError as exc:
            self.face.show_toast(t("error.save_failed", detail=str(exc)))
        self.app.push(self.face.result_scene())
