"""The dialogs for every decision inside an action, and the swap dialog.

Each dialog is built from the engine's legal actions for the seat to move, so
it can only offer what the rules allow: commitments (attacker, then
defender), the order of wars, monuments, treasures, buildings, the wonder and
its point, and the tiles to swap. Choices made on squares (monument,
treasure, building, wonder) dock the dialog in the side column and light the
squares, which can be tapped directly.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

import engine.tigris as engine
from game.art import palette as pal
from game.i18n import t, tn
from game.input import Intent
from game.kit.card_hand import CardHand
from game.scenes.dialog import DialogScene, DialogSpec, Option
from game.tigris import art
from game.tigris.boardmap import monument_squares
from game.tigris.narrate import color as color_name
from game.tigris.narrate import player as player_name
from game.tigris.ui import conflict_marks
from game.tigris.wording import monument_name
from game.ui import text

if TYPE_CHECKING:
    from game.tigris.scenes.table import TableScene

Action = dict[str, Any]
MIN_SIDE_PX = 9
"""The smallest size a conflict side's lines are drawn at (the kit's text minimum)."""


def decision_dialog(table: TableScene, pending: dict[str, Any]) -> DialogScene | None:
    actions = table.session.state.legal_actions()
    kind = pending["kind"]
    builders: dict[str, Callable[[TableScene, dict[str, Any], list[Action]], DialogScene]] = {
        "commit": commit_dialog,
        "war_order": war_order_dialog,
        "monument": monument_dialog,
        "treasure": treasure_dialog,
        "building": building_dialog,
        "wonder": wonder_dialog,
        "wonder_point": wonder_point_dialog,
    }
    if not actions:
        return None
    builder = builders.get(kind, generic_dialog)
    scene = builder(table, pending, actions)
    has_undo = any(o.id == "undo" for o in scene.spec.footer)
    if not has_undo and table.viewer is not None and table.session.can_undo(table.viewer):
        scene.spec.footer.append(Option("undo", t("table.undo"), table.undo_from_dialog,
                                        style="quiet"))
        scene.resize(*table.app.size)
    return scene


def _icon_px(table: TableScene) -> int:
    return max(16, int(table.layout.cell * 0.6))


# ----- conflicts -------------------------------------------------------------------


class CommitChooser:
    """One tap commits: a button per count the rules allow (R6.2; the English variant's
    R6.3 allows only some), "Commit 2" with who it leaves ahead beside it, docked at the
    side so both kingdoms stay in sight with the tiles each side counts marked on the
    board. The answer is held like any other (HeldAction): Undo stays lit until the
    other side answers or the turn is confirmed (issue 21). The keys move a highlight
    the live line and the sides follow, and Enter commits it."""

    def __init__(self, table: TableScene, pending: dict[str, Any], actions: list[Action]) -> None:
        self.table = table
        self.pending = pending
        self.counts = sorted(a["count"] for a in actions if a["type"] == "commit")
        self.chosen = self.counts[0]
        self.sides_height = 2.6
        self.scene = DialogScene(table.app, self.spec(), dock=commit_dock(table, pending))
        self.fit()

    def fit(self) -> None:
        """Every count's button inside the dialog: in a short column (800x480, a hand of
        many tiles of the colour) the drawing of the sides shrinks, then goes, since the
        live line and the board's badges say the same."""
        for height in (2.6, 1.6, 0.0):
            self.sides_height = height
            self.scene.set_spec(self.spec())
            if all(self.scene.rect.contains(b.rect) for b in self.scene.buttons.buttons):
                return

    def spec(self) -> DialogSpec:
        p = self.pending
        seat = self.table.session.state.to_move
        attacking = seat == p["attacker"]
        kind = "revolt" if p["conflict"] == "internal" else "war"
        color = p["color"]
        support = "red" if kind == "revolt" else color
        title = f'{t(f"dialog.{kind}.title")} {t(f"dialog.conflict.about.{color}")}'
        lines = [self.outcome(), t(f"dialog.conflict.commit_prompt.{support}"),
                 t("dialog.conflict.tie_rule")]
        if self.table.session.options.get("english_variant"):
            lines.append(t("dialog.conflict.english_attacker") if attacking
                         else t("dialog.conflict.english_defender"))
        options = [Option(f"commit:{n}", self.label(n), functools.partial(self._commit, n),
                          selected=n == self.chosen) for n in self.counts]
        footer = []
        if self.table.viewer is not None and self.table.session.can_undo(self.table.viewer):
            footer.append(Option("undo", t("table.undo"), self.table.undo_from_dialog,
                                 style="quiet"))
        return DialogSpec(
            title=title,
            lines=lines,
            options=options,
            footer=footer,
            columns=1,
            content_height=self.sides_height,
            content=self._draw_sides if self.sides_height else None,
            docked=True,
            on_key=self._key,
        )

    def label(self, count: int) -> str:
        """A count's button: "Commit 2 · you win", the outcome in a word or two."""
        _, _, key = self.totals(count)
        return (f'{t("dialog.conflict.commit_count", count=count)} · '
                f'{t(f"dialog.conflict.short.{key}")}')

    def totals(self, count: int) -> tuple[int, int, str]:
        """The mover's total with `count` committed, the other side's, and the outcome's
        key: the defender's totals decide (R7.3: a tie goes to the defender); the
        attacker's stand against the defender's board, since the defender commits next."""
        p = self.pending
        attacking = self.table.session.state.to_move == p["attacker"]
        if attacking:
            mine, theirs = p["attacker_strength"] + count, p["defender_strength"]
            key = "ahead" if mine > theirs else "level" if mine == theirs else "behind"
        else:
            mine = p["defender_strength"] + count
            theirs = p["attacker_strength"] + (p["attacker_committed"] or 0)
            key = "win" if mine > theirs else "tie_win" if mine == theirs else "lose"
        return mine, theirs, key

    def outcome(self) -> str:
        """The live line for the highlighted count, in a whole sentence."""
        mine, theirs, key = self.totals(self.chosen)
        return t(f"dialog.conflict.outcome.{key}", mine=mine, theirs=theirs)

    def _key(self, key: str) -> bool:
        if key in ("return", "enter", "space"):
            self._commit(self.chosen)
            return True
        if key.isdigit():
            if int(key) in self.counts:
                self._commit(int(key))
            return True
        at = self.counts.index(self.chosen)
        steps = {"left": -1, "up": -1, "-": -1, "[-]": -1, "right": 1, "down": 1, "=": 1,
                 "+": 1, "[+]": 1, "home": -at, "end": len(self.counts) - 1 - at}
        if key not in steps:
            return False
        self.chosen = self.counts[max(0, min(len(self.counts) - 1, at + steps[key]))]
        self.scene.set_spec(self.spec())
        return True

    def _commit(self, count: int) -> None:
        self.table.decide({"type": "commit", "count": count})

    def _draw_sides(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The two sides one above the other: the leader ringed in the colour its tiles
        are marked with on the board, then its strength on the board, what it commits
        and the total."""
        p = self.pending
        seat = self.table.session.state.to_move
        attacking = seat == p["attacker"]
        attacker_total = p["attacker_strength"] + (
            p["attacker_committed"] if p["attacker_committed"] is not None
            else (self.chosen if attacking else 0)
        )
        defender_total = p["defender_strength"] + (0 if attacking else self.chosen)
        sides = [
            ("attacker", p["attacker"], p["attacker_strength"],
             p["attacker_committed"] if not attacking else self.chosen, attacker_total),
            ("defender", p["defender"], p["defender_strength"],
             None if attacking else self.chosen, defender_total),
        ]
        half = rect.h // 2
        for i, (side, who, board, committed, total) in enumerate(sides):
            row = pygame.Rect(rect.x, rect.y + i * half, rect.w, half).inflate(0, -4)
            committed_text = (t("dialog.conflict.not_yet") if committed is None
                              else str(committed))
            draw_side(surface, row, self.table.dynasties, p["color"], side, who, [
                f'{t("dialog.conflict.board_strength")}: {board}',
                f'{t("dialog.conflict.committed")}: {committed_text}',
            ], f'{t("dialog.conflict.total")}: {total}', self.scene.px,
                tally=f"{board} + {'…' if committed is None else committed}")
        pygame.draw.line(surface, pal.GOLD_DARK, (rect.x + 4, rect.y + half),
                         (rect.right - 4, rect.y + half), 2)


def draw_side(surface: pygame.Surface, row: pygame.Rect, dynasties: list[str], color: str,
              side: str, who: int, details: list[str], total: str, px: int,
              tally: str = "") -> None:
    """One side of a conflict in a row: its leader ringed in the side's board colour, its
    player and role (`side` "attacker" or "defender"; "" when not known: gold, no role),
    some detail lines and its total (the commit dialog, the result).

    A row too low for every line at the smallest readable size (800×480 with five
    commit buttons) keeps two: the player and the total with its `tally` ("1 + 5"),
    rather than drawing the lines over each other and over the other side."""
    lines = 2 + len(details)
    if tally and row.h < lines * int(MIN_SIDE_PX * 1.35):
        details, total, lines = [], f"{total} ({tally})", 2
    px = max(MIN_SIDE_PX, min(px, int(row.h / (lines * 1.4))))
    icon_px = max(12, min(row.h - 6, row.w // (4 if row.w >= 200 else 9)))   # narrow: words first
    ring = pygame.Rect(0, 0, icon_px + 6, icon_px + 6)
    ring.midleft = (row.x, row.centery)
    pygame.draw.ellipse(surface, conflict_marks.SIDE_EDGE.get(side, pal.GOLD), ring,
                        max(2, icon_px // 12))
    icon = art.leader_surface(dynasties[who], color, icon_px)
    surface.blit(icon, icon.get_rect(center=ring.center))
    x = ring.right + max(4, px // 3)
    width = row.right - x
    step = int(px * 1.35)
    y = row.centery - step * lines // 2
    label = player_name(who, dynasties)
    if side:
        label = f'{label} · {t(f"dialog.conflict.{side}")}'
    for words, role, tint in ((label, "bold", pal.TEXT),
                              *((d, "text", pal.TEXT_MUTED) for d in details),
                              (total, "bold", pal.TEXT)):
        text.blit(surface, words, role, text.fit_px(words, role, px, width), tint, (x, y))
        y += step


def dock_beside(table: TableScene) -> pygame.Rect:
    """The side column, never wider: a conflict's dialogs (the commitment, the war order,
    the result) leave every square of the board in sight, the leaders and tiles they are
    about among them (issue 21 bug 5)."""
    return _side_dock(table)


def commit_dock(table: TableScene, pending: dict[str, Any]) -> pygame.Rect:
    """Docked beside the board, clear of the two leaders."""
    return dock_beside(table)


def commit_dialog(table: TableScene, pending: dict[str, Any], actions: list[Action]) -> DialogScene:
    table.conflict_leaders = {side: pending[f"{side}_leader"]
                              for side in ("attacker", "defender") if pending.get(f"{side}_leader")}
    table.conflict_sides = table.session.state.conflict_support() or {}
    return CommitChooser(table, pending, actions).scene


class WarOrderScene(DialogScene):
    """"Which war first?" docked beside the board: a row per war with both sides'
    strength on the board, lighting that war's leaders and the tiles each side counts
    while the pointer rests on (or a finger presses) its row."""

    def __init__(self, table: TableScene, wars: dict[str, dict[str, Any]], spec: DialogSpec,
                 dock: pygame.Rect) -> None:
        self.table = table
        self.wars = wars
        self.lit: str | None = None
        super().__init__(table.app, spec, dock=dock)

    def handle(self, intent: Intent) -> None:
        super().handle(intent)
        if intent.kind in ("hover", "press", "release"):
            self.light(self.buttons.hover or self.buttons.pressed)

    def light(self, bid: str | None) -> None:
        color = bid.split(":", 1)[1] if bid and bid.startswith("war:") else None
        if color == self.lit:
            return
        self.lit = color
        war = self.wars.get(color or "", {})
        self.table.conflict_leaders = dict(war.get("leaders", {}))
        self.table.conflict_sides = dict(war.get("support", {}))
        self.table.drawing.dirty = True


def war_sides(table: TableScene, color: str) -> dict[str, Any]:
    """What the war of `color` would ask first, from the engine (`apply` is pure): each
    side's leader, strength on the board and the squares whose tiles count (R8.4)."""
    after = table.session.state.apply({"type": "war_order", "color": color})
    p = after.pending
    if p is None or p["kind"] != "commit":
        return {}
    return {"attacker": p["attacker_strength"], "defender": p["defender_strength"],
            "leaders": {side: p[f"{side}_leader"] for side in ("attacker", "defender")},
            "support": after.conflict_support() or {}}


def war_order_dialog(table: TableScene, pending: dict[str, Any],
                     actions: list[Action]) -> DialogScene:
    px = _icon_px(table)
    wars = {a["color"]: war_sides(table, a["color"]) for a in actions
            if a["type"] == "war_order"}
    options = []
    for a in actions:
        if a["type"] != "war_order":
            continue
        war, label = wars[a["color"]], t(f"dialog.war_order.option.{a['color']}")
        if war:   # short, to read in the side column: the leader's name and the strengths
            label = t("dialog.war_order.sides", war=t(f"leader.{a['color']}"),
                      attacker=war["attacker"], defender=war["defender"])
        options.append(Option(f"war:{a['color']}", label, _decider(table, a),
                              icon=art.tile_surface(a["color"], px)))
    spec = DialogSpec(title=t("dialog.war_order.title"),
                      lines=[t("dialog.war_order.body_docked")], options=options, columns=1,
                      docked=True)
    return WarOrderScene(table, wars, spec, dock_beside(table))


def wonder_point_dialog(table: TableScene, pending: dict[str, Any],
                        actions: list[Action]) -> DialogScene:
    px = _icon_px(table)
    options = [
        Option(f"wonder_point:{a['color']}", color_name(a["color"]), _decider(table, a),
               icon=art.tile_surface(a["color"], px))
        for a in actions if a["type"] == "wonder_point"
    ]
    spec = DialogSpec(title=t("dialog.wonder_point.title"),
                      lines=[t("dialog.wonder_point.body")], options=options, columns=2)
    return DialogScene(table.app, spec)


def generic_dialog(table: TableScene, pending: dict[str, Any],
                   actions: list[Action]) -> DialogScene:
    """A decision this client has no special dialog for (a newer engine): each legal
    answer in the engine's own notation, so the game can always go on."""
    options = [Option(f"action:{i}", engine.format_action(a), _decider(table, a))
               for i, a in enumerate(actions)]
    return DialogScene(table.app, DialogSpec(title=t("illegal.decision_pending"),
                                             options=options, columns=1))


# ----- choices made on squares --------------------------------------------------------


def _decider(table: TableScene, action: Action) -> Callable[[], None]:
    return lambda: table.decide(action)


def _docked(table: TableScene, spec: DialogSpec, by_square: dict[str, Action]) -> DialogScene:
    """A dialog in the side column; tapping a lit square chooses the action bound to it."""

    def on_pointer(intent: Intent) -> bool:
        square = table.square_at(intent.pos)
        if intent.kind == "hover" or intent.kind == "press":
            table.hover = square if square in by_square else None
            return True
        if intent.kind == "tap" and square in by_square:
            table.decide(by_square[square])
            return True
        return False

    spec.docked = True
    spec.on_pointer = on_pointer
    table.decision_squares = set(by_square)
    return DialogScene(table.app, spec, dock=_side_dock(table))


def _side_dock(table: TableScene) -> pygame.Rect:
    """The side column below the turn line: the seats' panels and the log."""
    return table.layout.side_.panels[0].union(table.layout.side_.log)


def monument_dialog(table: TableScene, pending: dict[str, Any],
                    actions: list[Action]) -> DialogScene:
    px = _icon_px(table)
    options: list[Option] = []
    by_square: dict[str, Action] = {}
    decline: Action | None = None
    for a in actions:
        if a["type"] != "monument":
            continue
        if a["at"] is None:
            decline = a
            continue
        first, second = a["colors"]
        label = f'{monument_name((first, second))} · {a["at"]}'
        options.append(Option(f"monument:{a['at']}:{first}:{second}", label, _decider(table, a),
                              icon=art.monument_surface((first, second), px)))
        for square in monument_squares(a["at"]):
            by_square.setdefault(square, a)
    if decline is not None:
        options.append(Option("monument:none", t("dialog.monument.decline"),
                              _decider(table, decline), style="quiet"))
    spec = DialogSpec(title=t("dialog.monument.title"),
                      lines=[t("dialog.monument.body"), t("dialog.monument.warning")],
                      options=options, columns=1)
    return _docked(table, spec, by_square)


def treasure_dialog(table: TableScene, pending: dict[str, Any],
                    actions: list[Action]) -> DialogScene:
    px = _icon_px(table)
    by_square = {a["at"]: a for a in actions if a["type"] == "treasure"}
    options = [
        Option(f"treasure:{sq}", sq, _decider(table, a), icon=art.treasure_surface(px))
        for sq, a in by_square.items()
    ]
    who = player_name(pending["player"], table.dynasties)
    lines = [tn("dialog.treasure.body", int(pending.get("take", 1)))]
    if set(by_square) <= table.painter.corners:
        lines.append(t("dialog.treasure.corner_first"))
    spec = DialogSpec(title=f'{t("dialog.treasure.title")} · {who}', lines=lines,
                      options=options, columns=2)
    return _docked(table, spec, by_square)


def building_dialog(table: TableScene, pending: dict[str, Any],
                    actions: list[Action]) -> DialogScene:
    px = _icon_px(table)
    color = pending["color"]
    by_square: dict[str, Action] = {}
    options: list[Option] = []
    decline: Action | None = None
    for a in actions:
        if a["type"] != "building":
            continue
        if a["at"] is None:
            decline = a
            continue
        by_square[a["at"]] = a
        options.append(Option(f"building:{a['at']}", a["at"], _decider(table, a),
                              icon=art.building_surface(color, px)))
    if decline is not None:
        options.append(Option("building:none", t("dialog.building.decline"),
                              _decider(table, decline), style="quiet"))
    spec = DialogSpec(title=t("dialog.building.title"),
                      lines=[t(f"dialog.building.body.{color}")], options=options, columns=2)
    return _docked(table, spec, by_square)


def wonder_dialog(table: TableScene, pending: dict[str, Any],
                  actions: list[Action]) -> DialogScene:
    px = _icon_px(table)
    by_square: dict[str, Action] = {}
    options: list[Option] = []
    decline: Action | None = None
    for a in actions:
        if a["type"] != "wonder":
            continue
        if a["at"] is None:
            decline = a
            continue
        by_square[a["at"]] = a
        options.append(Option(f"wonder:{a['at']}", a["at"], _decider(table, a),
                              icon=art.wonder_surface(px)))
    if decline is not None:
        options.append(Option("wonder:none", t("dialog.wonder.decline"), _decider(table, decline),
                              style="quiet"))
    spec = DialogSpec(title=t("dialog.wonder.title"), lines=[t("dialog.wonder.body")],
                      options=options, columns=2)
    return _docked(table, spec, by_square)


# ----- swap ------------------------------------------------------------------------


class SwapChooser:
    """Pick the hand tiles to discard in the kit's card hand, then swap them for as many
    from the bag (R5.4: one to six): docked in the side column, the board in sight."""

    def __init__(self, table: TableScene, hand: list[str]) -> None:
        self.table = table
        self.hand = hand
        self.cards = CardHand(len(hand), self._face, self._back, pick=len(hand), prefix="swap",
                              on_change=lambda _: self.scene.set_spec(self.spec()),
                              choice_px=max(24, int(table.layout.cell * 0.8)))
        self.scene = DialogScene(table.app, self.spec(), dock=_side_dock(table))

    @property
    def chosen(self) -> set[int]:
        return self.cards.chosen

    def _face(self, i: int, w: int, h: int) -> pygame.Surface:
        return art.tile_surface(self.hand[i], min(w, h))

    @staticmethod
    def _back(w: int, h: int) -> pygame.Surface:
        return art.tile_surface("red", min(w, h), True)

    def spec(self) -> DialogSpec:
        count = len(self.chosen)
        footer = [
            Option("cancel", t("common.cancel"), self.cancel, style="quiet"),
            Option("confirm", tn("table.swap_confirm", count) if count else t("table.swap"),
                   self._confirm, enabled=count > 0, style="gold"),
        ]
        return DialogSpec(title=t("dialog.swap.title"), lines=[t("dialog.swap.body")],
                          footer=footer, widget=self.cards, on_back=self.cancel, docked=True)

    def cancel(self) -> None:
        self.table.close_dialog()

    def _confirm(self) -> None:
        tiles = [self.hand[i] for i in sorted(self.chosen)]
        self.table.decide({"type": "swap", "tiles": tiles})


def swap_dialog(table: TableScene, hand: list[str]) -> DialogScene:
    return SwapChooser(table, hand).scene
