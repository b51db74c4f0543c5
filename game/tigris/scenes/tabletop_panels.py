"""What each seat's panel and card hold right now, and where their controls are.

The tabletop's panels object. A panel shows the hand, or a chooser when its seat
has a private choice to make (a commitment, the tiles to swap); a card in front
of a strip shows a public choice (war order, monument, treasure, building,
wonder). The same kit `PanelView` rectangles (game.kit.tabletop_panels) are
drawn and hit-tested, in the panel's own upright coordinates, so what a finger
touches is what the seat sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import t, tn
from game.kit.tabletop import FINGER, chooser_geometry
from game.kit.tabletop_panels import PanelView
from game.scenes.dialog import DialogScene
from game.tigris import narrate
from game.tigris.boardmap import leaders_on_board
from game.tigris.tabletop_hint import with_hint_button
from game.tigris.ui.seat_panel import COLORS, SeatModel
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.tigris.scenes.tabletop import TabletopScene


class TabletopPanels:
    """The panels and cards of the tabletop it was made for: what each holds now."""

    def __init__(self, table: TabletopScene) -> None:
        self.table = table

    # ----- what a seat shows -------------------------------------------------------------

    def seat_model(self, seat: int, open_: bool) -> SeatModel:
        view = self.table.seat_views[seat] if seat < len(self.table.seat_views) else self.table.view
        player = view["players"][seat]
        dynasty = self.table.dynasties[seat]
        state = self.table.session.state
        sel = self.table.selection if seat == self.table.viewer else None
        public = bool(self.table.session.options.get("open_scoring")) or state.is_over
        return SeatModel(
            dynasty=dynasty,
            name=narrate.player(seat, self.table.dynasties),
            player=player,
            on_board=set(leaders_on_board(self.table.view["board"], dynasty)),
            computer=not self.table.session.is_human(seat),
            active=seat == (state.to_move if state.to_move is not None else -1),
            status=self.seat_status(seat, open_),
            show_score=open_ or public,
            selected_slot=self._picked_slot(seat, open_),
            selected_leader=sel.color if sel and sel.kind == "leader" else None,
            catastrophe_selected=bool(sel and sel.kind == "catastrophe"),
        )

    def _picked_slot(self, seat: int, open_: bool) -> int | None:
        """The slot of the picked tile; on a closed strip always the last back, because the
        hand is sorted by colour and the slot's place would tell the colour."""
        sel = self.table.selection if seat == self.table.viewer else None
        if sel is None or sel.kind != "tile" or sel.slot is None:
            return None
        if open_:
            return sel.slot
        player = self.table.seat_views[seat]["players"][seat] if self.table.seat_views else {}
        return max(0, int(player.get("hand_size", 1)) - 1)

    def seat_status(self, seat: int, open_: bool) -> str:
        """One short line on the strip: what this seat may or must do now."""
        state = self.table.session.state
        name = narrate.player(seat, self.table.dynasties)
        if state.is_over:
            return t("log.game_over")
        if not self.table.session.is_human(seat):
            if state.to_move == seat:
                dots = "." * (int(self.table.app.now * 3) % 4)
                return t("table.thinking", player=name).rstrip("…") + dots
            return ""
        if self.table.decision is not None and self.table.decision_seat == seat:
            if self.table.decision_private:
                return t("tabletop.hold_to_commit")
            kind = (self.table.view["pending"] or {}).get("kind", "turn")
            return t("handover.must_decide", player=name, decision=t(f"decision.{kind}"))
        if seat == self.table.viewer and self.table.held is not None:
            return self.table.held_status()
        awaited = self.table.answer_awaited() if seat == self.table.viewer else None
        if awaited is not None:   # the panel's Undo is lit until the other side answers
            return t("table.answering.short",
                     player=narrate.player(awaited, self.table.dynasties))
        if seat == self.table.viewer and self.table.legal is not None:
            if self.table.swap is not None:
                return t("tabletop.hold_to_swap")
            sel = self.table.selection
            if sel is not None and sel.kind == "tile" and not open_:
                return t("tabletop.place_tile")
            left = tn("table.actions_left", int(self.table.view.get("actions_left", 0)))
            return f'{t("table.your_turn")} · {left}'
        if open_:
            mover = state.to_move if state.to_move is not None else 0
            return t("table.waiting_for", player=narrate.player(mover, self.table.dynasties))
        return t("tabletop.hold_to_look")

    # ----- the held panel ----------------------------------------------------------------

    def panel_chooser(self, seat: int) -> DialogScene | None:
        """The private chooser this seat's panel shows instead of the hand, if any."""
        table = self.table
        if table.decision is not None and table.decision_private and table.decision_seat == seat:
            return table.decision
        if table.swap is not None and seat == table.viewer:
            return table.swap
        return None

    def panel_view(self, seat: int) -> PanelView:
        place = self.table.tl.seats[seat]
        chooser = self.panel_chooser(seat)
        if chooser is not None:
            return self._chooser_view(seat, chooser, "opt:", strip=True)
        hint = self.table.hint.panel_view(seat)
        if hint is not None:
            return hint
        g = place.panel
        frame = place.open_frame()
        player = self.table.seat_views[seat]["players"][seat] if self.table.seat_views else {}
        hand = list(player.get("hand") or [])
        mine = seat == self.table.viewer and self.table.viewer_acts
        controls = [Button(f"tile:{i}", rect, enabled=i < len(hand))
                    for i, rect in enumerate(g.tiles)]
        on_board = leaders_on_board(self.table.view["board"], self.table.dynasties[seat])
        controls += [Button(f"leader:{color}", rect, enabled=color not in on_board)
                     for color, rect in zip(COLORS, g.leaders, strict=True)]
        controls.append(Button("catastrophe", g.catastrophe,
                               enabled=bool(player.get("catastrophes", 0))))
        buttons: list[Button] = []
        if mine:
            rects = list(g.buttons)
            if self.table.hint.offered:   # issue 25: Hint at the row's end, in this panel only
                rects, hint_rect = with_hint_button(rects, rects[1].x - rects[0].right)
                buttons.append(self.table.hint.button(hint_rect))
            legal = self.table.legal
            sel = self.table.selection
            if legal is not None and sel is not None and sel.kind == "leader" and (
                    sel.from_square and sel.color in legal.withdraw):
                first = Button("withdraw", rects[0], t("table.withdraw"))
            else:
                first = Button("swap", rects[0], t("table.swap"),
                               enabled=bool(legal and legal.swap))
            buttons = [
                *buttons,   # Hint, when offered; End turn stays the last
                first,
                Button("undo", rects[1], t("table.undo"), enabled=self.table.can_undo(),
                       style="quiet"),
                Button("end_turn", rects[2], self.table.end_turn_words(),
                       enabled=self.table.can_end_turn, style="gold"),
            ]
        return PanelView(seat, "hand", frame, controls + buttons, buttons)

    def _chooser_view(self, seat: int, scene: DialogScene, prefix: str,
                      strip: bool) -> PanelView:
        place = self.table.tl.seats[seat]
        spec = scene.spec
        c = self.table.layout.cell
        title, lines = self._chooser_words(scene)
        options = scene.choices()
        wide = any(o.label and len(o.label) > 3 for o in options)
        option_w = max(3 * FINGER, 3 * c) if wide else max(FINGER, int(1.3 * c))
        geometry = chooser_geometry(place.length, c, len(options), len(spec.footer),
                                    1 + len(lines), option_w,
                                    place.strip_depth if strip else 0)
        if strip:
            frame = place.open_frame(geometry.depth)
        else:
            frame = place.band(place.strip_depth, geometry.depth)
        rects = [*geometry.options, *geometry.footer]
        buttons = [Button(prefix + o.id, r, o.label, o.enabled, o.selected, o.icon, o.style)
                   for o, r in zip([*options, *spec.footer], rects, strict=True)]
        return PanelView(seat, "chooser", frame, buttons, buttons, geometry, title, lines)

    def _chooser_words(self, scene: DialogScene) -> tuple[str, list[str]]:
        """The title and the few lines a chooser can afford at a table's edge."""
        spec = scene.spec
        pending = self.table.view["pending"]
        if scene is self.table.decision and pending is not None and pending["kind"] == "commit":
            return spec.title, self._commit_lines(pending, scene)
        if scene is self.table.swap:
            return spec.title, []
        return spec.title, spec.lines[:1]

    def _commit_lines(self, pending: dict[str, object], scene: DialogScene) -> list[str]:
        """Both sides' totals, counting the number now chosen in this panel."""
        chosen = next((int(o.id.split(":")[1]) for o in scene.choices()
                       if o.selected and o.id.startswith("commit:")), 0)
        attacker, defender = int(str(pending["attacker"])), int(str(pending["defender"]))
        attacking = self.table.session.state.to_move == attacker
        committed = pending.get("attacker_committed")
        a_total = int(str(pending["attacker_strength"])) + (
            int(str(committed)) if committed is not None else (chosen if attacking else 0))
        d_total = int(str(pending["defender_strength"])) + (0 if attacking else chosen)
        total = t("dialog.conflict.total")
        return [
            f'{narrate.player(attacker, self.table.dynasties)} · {t("dialog.conflict.attacker")} · '
            f"{total}: {a_total}",
            f'{narrate.player(defender, self.table.dynasties)} · {t("dialog.conflict.defender")} · '
            f"{total}: {d_total}",
        ]

    # ----- the public card ----------------------------------------------------------------

    def card_view(self) -> PanelView | None:
        """A public decision in front of the deciding seat's strip; anyone may see it, so
        it needs no holding."""
        table = self.table
        if table.decision is None or table.decision_private or table.decision_seat is None:
            return None
        return self._chooser_view(table.decision_seat, table.decision, "card:", strip=False)
