"""Advanced Civilization as a game of the client: its `GameClient` (`CLIENT`).

The title lists it, the set-up screen offers 2–8 seats (A4: the engine's player
counts) and a turn limit (A35.1), and its table is `game.civ.table.CivTable`, also
the replay viewer's table. Over the LAN its table is `game.civ.lan_table.CivLanTable`
(the same table on the kit's LAN controller). In tabletop mode (`app.tabletop`) a local
game is played at `game.civ.tabletop.CivTabletop`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

import engine.civ as civ
from engine.civ.position import TURN_START
from game.art import palette as pal
from game.civ import pieces, title_picture, words
from game.civ.table import CivTable, clear_caches
from game.games import GameClient, SetupOption
from game.i18n import t
from game.scene import Scene
from game.ui import text

if TYPE_CHECKING:
    from game.app import App
    from game.audio import Synth
    from game.kit.watching import WatchGame
    from game.lan_session import LanGame
    from game.session import GameSession, TableSession
    from game.table import LanTable, ReplayTable

LOCALES = Path(__file__).resolve().parent / "locales"


class CivClient(GameClient):
    rules = civ
    locales = LOCALES
    # A35.1: the game ends at the end of the A.S.T., or by a turn limit agreed beforehand
    # (0: none). The engine's `turn_limit` is None for none, which the set-up screen's
    # words cannot name, hence an option of the set-up's own, turned into it below.
    setup_options = (SetupOption("turns", (0, 2, 4, 8, 12)),)
    has_watch_table = True

    def new_game_options(self, options: dict[str, Any],
                         identities: Sequence[str]) -> dict[str, Any]:
        chosen = dict(options)
        turns = int(chosen.pop("turns", 0) or 0)
        chosen["turn_limit"] = turns if turns > 0 else chosen.get("turn_limit")
        return chosen

    def name(self) -> str:
        return t("civ.name")

    def picture(self, width: int, height: int) -> pygame.Surface:
        """A fragment of the map with cities, tokens and a ship (`game.civ.title_picture`)."""
        return title_picture.picture(width, height)

    def table(self, app: App, session: TableSession) -> Scene:
        """The tabletop table when the app lies flat (`--tabletop`, the kiosk), else the
        desk's."""
        if app.tabletop:
            from game.civ.tabletop import CivTabletop

            return CivTabletop(app, session)
        return CivTable(app, session)

    def replay_table(self, app: App, session: GameSession) -> ReplayTable:
        return CivTable(app, session, replay=True)

    def lan_table(self, app: App, game: LanGame) -> LanTable:
        from game.civ.lan_table import CivLanTable

        return CivLanTable(app, game)

    def public_state(self, view: dict[str, Any]) -> Any:
        """The unseen cards dealt into the hands and stacks they may be in (A1.5; the same
        dealing every time): the watcher's table shows no hand and reads the map and the
        public counts, which that dealing leaves as the host's."""
        import random

        from ai.civ import state_from_view

        return state_from_view(view, random.Random(0))

    def watch_table(self, app: App, game: WatchGame) -> LanTable:
        from game.civ.watch_table import CivWatchTable

        return CivWatchTable(app, game)

    def ends_turn(self, events: list[dict[str, Any]]) -> bool:
        """A turn is the whole round of thirteen phases (A7.1): the replay viewer's turns
        are the table's, each from its start phase on (the first with the choice of
        nations before it), not one per action ("Turn 1 of 4272")."""
        return any(e["type"] == "phase" and e["phase"] == TURN_START and e["turn"] > 1
                   for e in events)

    def attract(self, app: App) -> Scene:
        from game.civ.attract import CivAttract

        return CivAttract(app)

    def rules_scene(self, app: App) -> Scene:
        return self._page(app, t("civ.rules"))

    def shortcuts_scene(self, app: App, table: Any) -> Scene:
        if isinstance(table, CivTable):
            return table.overlay()
        return self._page(app, t("civ.rules"))

    def _page(self, app: App, said: str) -> Scene:
        from game.scenes.dialog import DialogScene, DialogSpec, Option

        def close() -> None:
            app.pop(scene)

        scene = DialogScene(app, DialogSpec(title=self.name(), lines=[said],
                                            options=[Option("back", t("common.back"), close)],
                                            on_back=close))
        return scene

    def narrate(self, events: list[dict[str, Any]], table: Any) -> list[str]:
        state = getattr(getattr(table, "session", None), "state", None)
        view = state.view(None) if state is not None else {"seats": []}
        viewer = getattr(getattr(table, "flow", None), "viewer", None)
        return list(words.narrate(events, view, viewer))

    def seat_name(self, table: Any, seat: int) -> str:
        if isinstance(table, CivTable):
            return table.seat_name(seat)
        return t("civ.seat", number=seat + 1)

    def decision_name(self, pending: dict[str, Any] | None) -> str:
        """Said after the shell's "{player} must": civ's decisions are named as things
        ("ship construction"), so they are decided on ("Italy must ship construction")."""
        if pending is None:
            return t("civ.decision.none")
        return t("civ.decision.decide_on", decision=t(f"civ.decision.{pending['kind']}"))

    def seat_icon(self, table: Any, seat: int, px: int) -> pygame.Surface:
        nation = table.session.state.view(None)["seats"][seat]["nation"] \
            if isinstance(table, CivTable) else None
        if nation:
            return pieces.token(nation, px)
        return _unchosen_medal(seat, px)

    def clear_caches(self) -> None:
        clear_caches()

    def seat_label(self, options: dict[str, Any], seat: int) -> str:
        return t("civ.seat", number=seat + 1)

    def position_options(self, position: dict[str, Any]) -> dict[str, Any]:
        options = position.get("options")
        return dict(options) if isinstance(options, dict) else {}

    def progress(self, state: Any) -> dict[str, int]:
        return {"turn": int(state.position.turn)}   # after every action: no whole view

    def progress_text(self, progress: dict[str, int]) -> str:
        return t("civ.progress", turn=progress.get("turn", 0)) if "turn" in progress else ""

    def scores(self, state: Any) -> list[int]:
        """A35.2: each seat's final score for the finished games' list (0 for a late
        entrant who never entered play, which has none)."""
        scores = state.final_scores()
        return [int(scores.get(seat, 0)) for seat in range(len(state.view(None)["seats"]))]

    def sounds(self) -> Mapping[str, Synth]:
        from game.civ.sounds import SOUNDS

        return SOUNDS


CLIENT = CivClient()


def _unchosen_medal(seat: int, px: int) -> pygame.Surface:
    """A seat before its nation is chosen (A6.3): a plain medal with its number, not an
    empty square that reads as a picture that failed to load."""
    icon = pygame.Surface((px, px), pygame.SRCALPHA)
    centre, radius = (px // 2, px // 2), px // 2 - 1
    pygame.draw.circle(icon, pal.PARCHMENT_DARK, centre, radius)
    pygame.draw.circle(icon, pal.GOLD_DARK, centre, radius, max(2, px // 20))
    text.blit(icon, str(seat + 1), "title", px // 2, pal.TEXT, centre, "center")
    return icon
