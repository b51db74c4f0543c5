"""The pause menu over the table: resume, rules, keys and gestures, settings, leave to the
title."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import games
from game.i18n import t
from game.scenes.dialog import DialogScene, DialogSpec, Option

if TYPE_CHECKING:
    from game.app import App


class PauseMenu(DialogScene):
    def __init__(self, app: App, table: Any) -> None:
        """`table`: the game's table under this menu (it words how leaving it goes)."""
        self.table = table
        leave_label, leave_body = table.leave_texts()
        spec = DialogSpec(
            title=t("table.menu"),
            lines=[leave_body],
            options=[
                Option("resume", t("common.back"), self._resume, style="gold"),
                Option("rules", t("menu.rules"), self._rules),
                Option("shortcuts", t("menu.shortcuts"), self._shortcuts),
                Option("settings", t("menu.settings"), self._settings),
                Option("leave", leave_label, self._leave),
                Option("quit", t("menu.quit"), self._quit, style="quiet"),
            ],
            columns=1,
            on_back=self._resume,
        )
        super().__init__(app, spec)

    def _resume(self) -> None:
        self.app.pop(self)

    def _rules(self) -> None:
        self.app.push(games.of_record(self.table.session.record).rules_scene(self.app))

    def _shortcuts(self) -> None:
        self.app.push(games.of_record(self.table.session.record).shortcuts_scene(self.app,
                                                                                 self.table))

    def _settings(self) -> None:
        from game.scenes.settings_screen import SettingsScene

        self.app.push(SettingsScene(self.app))

    def _leave(self) -> None:
        from game.scenes.title import TitleScene

        self.app.replace(TitleScene(self.app))

    def _quit(self) -> None:
        self.app.quit()
