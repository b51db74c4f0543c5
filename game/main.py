"""The client's entry point: `game.main.run(argv)`, wired to `ziggurat play`.

It reads the command line, makes sure there is a display to draw on (and says
how to get one when there is not, instead of a traceback), then starts the
app on the title screen, or straight at the table with --seats.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from game.games import DEFAULT_GAME, game_ids
from game.games import load as load_game

if TYPE_CHECKING:
    from game.app import App

NO_DISPLAY_MESSAGE = (
    "ziggurat: no display found, so the game window cannot open.\n"
    "Run it from a desktop session, or set DISPLAY (X11) or WAYLAND_DISPLAY,\n"
    "for example: DISPLAY=:0 ziggurat play"
)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="ziggurat play",
        description="Ziggurat: play Tigris & Euphrates at the desk, on the LAN or on a tabletop.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="play in a window")
    mode.add_argument("--fullscreen", action="store_true", help="play full screen")
    parser.add_argument("--size", default=None, help="window size, e.g. 1280x800")
    parser.add_argument("--game", default=None, choices=game_ids(),
                        help="the game the title sets up, for this run (the title remembers "
                             "the last one chosen there)")
    parser.add_argument("--lang", default=None, choices=["en", "fi", "es", "ro", "da"],
                        help="the language for this run (Settings keeps a default)")
    parser.add_argument(
        "--seats", default=None,
        help='start a game at once, e.g. "human,computer" or "human,computer:hard" '
             "(as many seats as the game takes; a computer "
             "without a level plays at the setup screen's)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of a game started by --seats")
    parser.add_argument("--resume", nargs="?", const="", default=None, metavar="FILE",
                        help="continue the game played last at once, if there is one, or "
                             "the game saved in FILE (it is then saved in a file of its own)")
    parser.add_argument("--hide-cursor", action="store_true",
                        help="hide the mouse pointer (touchscreens)")
    parser.add_argument("--replay", default=None, metavar="FILE",
                        help="open a saved game or game record in the replay viewer")
    parser.add_argument(
        "--tabletop", action="store_true",
        help="tabletop mode: a touchscreen lying flat, each player's hand at their own edge",
    )
    parser.add_argument(
        "--thinking-time", default=None, metavar="SECONDS",
        help="seconds a computer player may think per move, for this run "
             "(0.1 to 10; the Settings screen keeps a default)",
    )
    parser.add_argument("--attract-watchers", type=int, default=None, metavar="PORT",
                        help="with --attract: host each demo as a LAN game on PORT that "
                             "others may watch (off by default: it costs a Pi CPU)")
    parser.add_argument("--watch", default=None, metavar="HOST:PORT",
                        help="watch the LAN game there from no seat (`ziggurat watch`)")
    parser.add_argument("--name", default=None,
                        help="with --watch: the name the players see (default: the lobby's)")
    parser.add_argument(
        "--attract", default=None, metavar="SECONDS",
        help="kiosks: after this many idle seconds on a menu (ten times as long at a table), "
             "computer players demo the game until a touch starts one",
    )
    return parser.parse_args(argv)


def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"--size must look like 1280x800, not {text!r}")
    w, h = int(parts[0]), int(parts[1])
    if w < 320 or h < 240:
        raise ValueError("--size is too small (at least 800x480 is recommended)")
    return (w, h)


def parse_seats(text: str | None, levels: tuple[str, ...], default_level: str,
                counts: range = range(2, 5)) -> list[tuple[str, str]] | None:
    """Seats as (kind, computer level): "computer" plays at the setup screen's level,
    "computer:hard" at the one named; as many as the game seats (`counts`)."""
    if not text:
        return None
    usage = (f'--seats takes {counts.start} to {counts.stop - 1} of "human", "computer" or '
             '"computer:LEVEL" '
             f'(levels: {", ".join(levels)}), e.g. "human,computer:hard"')
    seats: list[tuple[str, str]] = []
    for seat in (s.strip().lower() for s in text.split(",") if s.strip()):
        kind, _, level = seat.partition(":")
        if kind == "human" and not level:
            seats.append(("human", default_level))
        elif kind == "computer" and (not level or level in levels):
            seats.append(("computer", level or default_level))
        else:
            raise ValueError(f"{usage}; {seat!r} is not one of them")
    if len(seats) not in counts:
        raise ValueError(usage)
    return seats


def seat_levels(chosen_game: str | None) -> tuple[tuple[str, ...], str, range]:
    """The computer levels of the game --seats starts (--game, else the one the title
    remembers), the one its setup screen offers first and how many seats it takes."""
    from game import games, settings
    from game.players import available_levels, default_level

    game_id = chosen_game or settings.load().game
    if game_id not in game_ids():
        game_id = DEFAULT_GAME
    return available_levels(game_id), default_level(game_id), games.load(game_id).players


def parse_seconds(text: str, flag: str, example: str, low: float, high: float) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise ValueError(f"{flag} takes seconds, e.g. {example}, not {text!r}") from None
    if not low <= seconds <= high:
        raise ValueError(f"{flag} must be between {low:g} and {high:g} seconds")
    return seconds


def parse_thinking_time(text: str | None) -> float | None:
    return None if text is None else parse_seconds(text, "--thinking-time", "0.5", 0.1, 10)


def parse_attract(text: str | None) -> float | None:
    """Idle seconds before the attract mode; "0" turns it off."""
    if text is None or text.strip() in ("0", "0.0"):
        return None
    return parse_seconds(text, "--attract", "60 (0: off)", 5, 3600)


def display_available() -> bool:
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver:
        return True
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _open_replay(app: App, path: str) -> None:
    """Opens FILE in the replay viewer; a file that cannot be used leaves a message on the
    title screen instead."""
    from pathlib import Path

    from datafiles import UnreadableFile
    from game import savegame
    from game.i18n import t
    from game.scenes.replay import replay_of
    from game.scenes.title import TitleScene

    try:
        app.push(replay_of(app, savegame.load(Path(path))))
    except (OSError, UnreadableFile) as exc:
        app.replace(TitleScene(app, t("error.replay_failed", detail=str(exc))))


def _watch(app: App, address: str, name: str | None) -> None:
    """--watch: the watcher's seat table at once, then its table (`game.kit.watching`); an
    address that cannot be watched leaves the reason on the LAN lobby's screen."""
    from game import games
    from game.i18n import t
    from game.scenes.lobby import LobbyScene, parse_target, player_name
    from game.scenes.lobby_seats import SeatTableScene
    from net import NetworkSession, SessionError

    try:
        session = NetworkSession.watch(
            parse_target(address), games=games.playable_rules(),
            name=player_name(app.settings.player_name if name is None else name))
    except (ValueError, SessionError) as exc:
        lobby = LobbyScene(app)
        lobby.message = t("lan.bad_address", detail=str(exc))
        app.push(lobby)
        return
    app.push(SeatTableScene(app, session))


def _settings_notice(app: App) -> str:
    """The title screen's word that the settings file was set aside, if it was."""
    from game.i18n import t

    if app.settings_problem is None:
        return ""
    return t("error.settings_reset", detail=app.settings_problem.reason)


def _resume(app: App, wanted: str) -> None:
    """--resume: straight back into the game played last (the kiosk after a power cut), or
    into the one saved in FILE; without one the title screen stays, with a reason if the
    save was unusable or FILE is not there."""
    from pathlib import Path

    from game import savelist
    from game.scenes.flow import continue_game
    from game.scenes.title import TitleScene

    path = Path(wanted) if wanted else savelist.newest()
    if path is None:
        return
    problem = continue_game(app, path)
    if problem:
        app.replace(TitleScene(app, problem))


def run(argv: list[str] | None = None) -> int:
    try:
        args = parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        size = parse_size(args.size)
        seats = None if args.seats is None else parse_seats(args.seats, *seat_levels(args.game))
        thinking_time = parse_thinking_time(args.thinking_time)
        attract_after = parse_attract(args.attract)
    except ValueError as exc:
        print(f"ziggurat: {exc}", file=sys.stderr)
        return 2
    if not display_available():
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 3
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    import datafiles

    datafiles.remove_stale_temp_files(datafiles.data_dir())
    try:
        pygame.display.init()
    except pygame.error as exc:
        print(f"{NO_DISPLAY_MESSAGE}\n(SDL said: {exc})", file=sys.stderr)
        return 3
    from game.app import App
    from game.scenes.title import TitleScene

    fullscreen = True if args.fullscreen else False if args.windowed else None
    try:
        app = App(size=size or (1280, 800), fullscreen=fullscreen, tabletop=args.tabletop,
                  thinking_time=thinking_time, attract_after=attract_after, language=args.lang)
    except pygame.error as exc:
        print(f"{NO_DISPLAY_MESSAGE}\n(SDL said: {exc})", file=sys.stderr)
        return 3
    if args.game:
        app.game = load_game(args.game)
    if args.attract_watchers is not None:
        from game.kit.attract_lan import HOSTING

        HOSTING.port = args.attract_watchers
    notice = _settings_notice(app)
    app.replace(TitleScene(app, notice))
    if args.hide_cursor:
        pygame.mouse.set_visible(False)
    if args.watch:
        _watch(app, args.watch, args.name)
    elif args.replay:
        _open_replay(app, args.replay)
    elif args.resume is not None and seats is None:
        _resume(app, args.resume)
    elif seats is not None:
        from game.scenes.flow import start_new_game

        start_new_game(app, [kind for kind, _ in seats], seed=args.seed,
                       levels=[level for _, level in seats])
    elif not notice:   # a notice is read first; a newcomer's offer waits for a clean start
        app.game.first_start(app)
    return app.run()


if __name__ == "__main__":
    raise SystemExit(run())
