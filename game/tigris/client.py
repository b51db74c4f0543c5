"""Tigris & Euphrates as the shell sees it: its tables, rules page, pieces and words.

Everything here is imported when the shell first asks for it, so that
choosing a game on the title screen does not load every game's table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import engine.tigris as rules
from game.games import GameClient, SetupOption
from game.i18n import t, tn
from game.tigris.settings import RESULT_SECONDS, tigris_settings

if TYPE_CHECKING:
    import pygame

    from game.app import App
    from game.audio import Synth
    from game.kit.watching import WatchGame
    from game.lan_session import LanGame
    from game.scene import Scene
    from game.session import GameSession
    from game.settings import Settings
    from game.table import LanTable
    from game.tigris.scenes.lan_table import LanTableScene
    from game.tigris.scenes.table import TableScene
    from game.tigris.settings import TigrisSettings

DYNASTIES = ("archer", "bull", "pot", "lion")


class TigrisClient(GameClient):
    rules = rules
    locales = Path(__file__).resolve().parent / "locales"
    setup_options = (
        SetupOption("board", ("classic", "alternative")),
        SetupOption("buildings"),
        SetupOption("english_variant"),
        SetupOption("wonder"),
        SetupOption("open_scoring"),
    )
    seat_identities = DYNASTIES
    has_watch_table = True
    hosts_demo = True
    settings_rows = (("result_seconds", "settings.result_wait"),
                     ("kingdom_outlines", "settings.show_kingdoms"),
                     ("leader_strength", "overlay.strength"),
                     ("confirm_end_turn", "settings.confirm_end_turn"),
                     ("ask_before_pass", "settings.ask_before_pass"),
                     ("auto_end_turn", "settings.auto_end_turn"))

    def sounds(self) -> Mapping[str, Synth]:
        from game.tigris.sounds import SOUNDS

        return SOUNDS

    def own_settings(self, settings: Settings) -> TigrisSettings:
        return tigris_settings(settings)

    def setting_choices(self) -> dict[str, tuple[Any, ...]]:
        return {"result_seconds": RESULT_SECONDS}

    def setting_label(self, row: str, value: Any) -> str | None:
        if row != "result_seconds":
            return None
        if not value:
            return t("settings.result_wait.tap_mine")
        if value < 0:
            return t("settings.result_wait.tap")
        return t("settings.seconds", seconds=f"{value:g}")

    def name(self) -> str:
        return t("tigris.name")

    def picture(self, width: int, height: int) -> pygame.Surface:
        from game.tigris import art

        picture = art.board_surface(rules.board_layout("classic"), width, height).copy()
        size = max(8, min(width // 6, height // 3))
        gap = (width - 4 * size) // 5
        for i, (dynasty, color) in enumerate(zip(DYNASTIES, ("black", "red", "blue", "green"),
                                                 strict=True)):
            x = gap + i * (size + gap)
            picture.blit(art.tile_surface(color, size), (x, height - 2 * size - size // 4))
            picture.blit(art.leader_surface(dynasty, color, size), (x, height - size - size // 8))
        return picture

    def identity_label(self, identity: str) -> str:
        return t(f"dynasty.{identity}")

    def identity_icon(self, identity: str, px: int) -> pygame.Surface:
        from game.tigris import art

        return art.icon_surface(identity, px)

    def new_game_options(self, options: dict[str, Any],
                         identities: Sequence[str]) -> dict[str, Any]:
        return {**options, "dynasties": list(identities)}

    def table(self, app: App, session: GameSession) -> TableScene:
        if app.tabletop:
            from game.tigris.scenes.tabletop import TabletopScene

            return TabletopScene(app, session)
        from game.tigris.scenes.table import TableScene

        return TableScene(app, session)

    def replay_table(self, app: App, session: GameSession) -> TableScene:
        from game.tigris.scenes.table import TableScene

        return TableScene(app, session, replay=True)

    def lan_table(self, app: App, game: LanGame) -> LanTableScene:
        from game.tigris.scenes.lan_table import LanTableScene

        return LanTableScene(app, game)

    def public_state(self, view: dict[str, Any]) -> Any:
        """No hand, no bag, hidden scores at nought (`engine.state_from_view`): the
        watcher's table reads them from the public view, never from this state."""
        return rules.state_from_view(view)

    def watch_table(self, app: App, game: WatchGame) -> LanTable:
        from game.tigris.scenes.watch_table import WatchTableScene

        return WatchTableScene(app, game)

    def attract(self, app: App) -> Scene:
        """The first demo of a run is a game; each later turn of T&E's in the kiosk's
        rotation begins with the how-to loop, which then gives way to the demo game: so a
        lesson comes between demo games (issue 25)."""
        if app.demos_shown > 0:
            from game.tigris.guide import HowToScene

            return HowToScene(app)
        from game.tigris.scenes.attract import AttractScene

        return AttractScene(app)

    def guide_label(self) -> str:
        return t("guide.menu")

    def guide(self, app: App) -> None:
        from game.tigris import guide

        guide.start(app)

    def first_start(self, app: App) -> None:
        from game.tigris import guide

        guide.offer_once(app)

    def rules_scene(self, app: App) -> Scene:
        from game.tigris.scenes.rules import RulesScene

        return RulesScene(app)

    def shortcuts_scene(self, app: App, table: TableScene) -> Scene:
        return table.input.shortcuts()

    def narrate(self, events: list[dict[str, Any]], table: Any) -> list[str]:
        from game.tigris.narrate import describe

        return [*describe(events, table.dynasties)]

    def seat_name(self, table: Any, seat: int) -> str:
        from game.tigris.narrate import player

        return player(seat, table.dynasties)

    def decision_name(self, pending: dict[str, Any] | None) -> str:
        return t(f"decision.{pending['kind']}") if pending else t("decision.turn")

    def seat_icon(self, table: Any, seat: int, px: int) -> pygame.Surface:
        from game.tigris import art

        return art.icon_surface(table.dynasties[seat], px)

    def clear_caches(self) -> None:
        from game.tigris.ui import art_cache, table_painter

        art_cache.clear()
        table_painter.clear()

    def seat_label(self, options: dict[str, Any], seat: int) -> str:
        """The seat's dynasty: the options name them, else they go in the rules' order."""
        chosen = options.get("dynasties")
        dynasties = chosen if isinstance(chosen, list) and len(chosen) > seat else DYNASTIES
        dynasty = dynasties[seat] if seat < len(dynasties) else None
        return t(f"dynasty.{dynasty}") if dynasty in DYNASTIES else super().seat_label(options,
                                                                                         seat)

    def position_options(self, position: dict[str, Any]) -> dict[str, Any]:
        return dict(position["options"])

    def progress(self, state: Any) -> dict[str, int]:
        return {"bag": int(state.view(None)["bag_size"])}

    def progress_text(self, progress: dict[str, int]) -> str:
        return tn("tigris.progress.bag", progress["bag"]) if "bag" in progress else ""

    def scores(self, state: Any) -> list[int]:
        return [int(score["score"]) for score in state.final_scores()]

    def is_moment(self, events: list[dict[str, Any]]) -> bool:
        """A revolt or a war begins (R9, R10)."""
        return any(event["type"] == "conflict" for event in events)

    def moment_words(self) -> tuple[str, str]:
        return t("tigris.replay.previous_conflict"), t("tigris.replay.next_conflict")

    def ends_turn(self, events: list[dict[str, Any]]) -> bool:
        return any(event["type"] == "turn_ended" for event in events)
CLIENT = TigrisClient()
