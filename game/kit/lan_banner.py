"""The LAN banner's one button, the same at every game's LAN table: once a desync's
report is written it repairs this program's copy (resync); while a seat stalls the game it
hands that seat to a computer player (on a guest, a vote the host counts). The table only
says where the button goes and draws it."""

from __future__ import annotations

import pygame

from game.i18n import t
from game.input import Intent
from game.kit.lan import LanController
from game.ui.widgets import Button, ButtonSet


class LanBannerButton:
    def __init__(self, flow: LanController) -> None:
        self.flow = flow
        self.buttons = ButtonSet()

    def lay(self, rect: pygame.Rect) -> None:
        """The button the network's state calls for, at `rect`, or none."""
        net = self.flow.game.net
        stalled = self.flow.stalled_seat()
        if self.flow.report_written and net.can_resync:
            self.buttons.set([Button("resync", rect, t("lan.resync"), style="gold")])
        elif stalled is not None:
            self.buttons.set([Button(f"bot:{stalled}", rect,
                                     t("lan.hand_to_bot", player=net.seats[stalled].name),
                                     style="gold")])
        else:
            self.buttons.set([])

    def handle(self, intent: Intent) -> bool:
        """True if the intent was the banner's: its button pressed, or a touch on it that
        must not reach the board beneath."""
        if not self.buttons.buttons:
            return False
        chosen = self.buttons.handle(intent)
        if chosen is not None:
            self.press(chosen)
            return True
        return self.buttons.at(intent.pos) is not None

    def press(self, bid: str) -> None:
        flow = self.flow
        flow.app.play_sound("click")
        self.buttons.set([])
        if bid == "resync":
            flow.resync(t("lan.resyncing"))
        elif bid.startswith("bot:"):
            seat = int(bid[4:])
            flow.hand_to_computer(seat)
            if not flow.game.net.is_host:
                flow.face.show_toast(t("lan.vote_sent", player=flow.game.net.seats[seat].name))
        flow.face.refresh()
