"""`ziggurat host`, `join`, `bot` and `watch`: LAN games from the command line.

These run as text-mode peers (net.console) so they work, and can be tested,
without a display; the pygame lobby builds the same sessions. Seats are
numbered from 1 here, as players count them. The game (`--game ID`, or the
word after the sub-command) is any of `engine.games()`; the network layer
takes its module, and from here the game's computer players (`ai.bot_factory`)
and its one-line summary of a seat's view (`VIEW_LINES`).
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import ai
import engine
from datafiles import UnreadableFile
from engine.tigris import COLORS
from net import discovery
from net.address import DEFAULT_PORT, parse_address
from net.bots import level_problem, make_bot
from net.console import Console, DescribeView, drive_bot, say, watch_console
from net.fields import MAX_SEATS
from net.game import BotFactory, View, game_of
from net.host import HostConfig, read_hosted_autosave, unfinished_autosave
from net.protocol import MAX_WATCHERS
from net.replica import Replay
from net.session import NetworkSession, SessionError
from net.storage import default_autosave
from net.watch import DEFAULT_WATCHERS

DISCOVERY_WAIT = 3.0


def tigris_view_line(view: View) -> str:
    """A Tigris & Euphrates seat in one line: its tiles, its VP by colour, its treasures."""
    me = view["players"][view["viewer"]]
    score = me["score"] or {}
    vp = ", ".join(f"{c} {score.get(c, 0)}" for c in COLORS)
    return f"Hand: {' '.join(me['hand']) or '(empty)'} | VP: {vp} | treasures {me['treasures']}"


def civ_view_line(view: View) -> str:
    """An Advanced Civilization seat in one line: nation, hand, treasury, stock, A.S.T., cards."""
    me = view["seats"][view["viewer"]]
    return (f"{me['nation'] or 'no nation yet'} ({me['status']}) | Hand: "
            f"{' '.join(me['hand']) or '(empty)'} | treasury {me['treasury']} | stock "
            f"{me['stock']['tokens']} tokens, {me['stock']['cities']} cities | A.S.T. "
            f"{me['ast']} | cards: {', '.join(me['cards']) or 'none'}")


VIEW_LINES: dict[str, DescribeView] = {"tigris": tigris_view_line, "civ": civ_view_line}


def _seat_number(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_SEATS:
        raise argparse.ArgumentTypeError(f"a seat is a number from 1 to {MAX_SEATS}, "
                                         f"not {text!r}")
    return int(text)


def _bots(game: ModuleType) -> BotFactory | None:
    """The game's computer players, or None for a game that has none yet."""
    try:
        return ai.bot_factory(game.ID)
    except ValueError:
        return None


def _default_level(game: ModuleType) -> str | None:
    """The game's stand-in level (`ai.default_level`: a plain `bot` seat plays it, and it
    takes a seat handed to a computer), or None for a game without computer players."""
    try:
        return ai.default_level(game.ID)
    except ValueError:
        return None


def _game(game_id: str) -> ModuleType:
    """The module of `--game`; ValueError naming the known games otherwise."""
    return engine.load(game_id)


def _option_value(default: object, text: str, name: str) -> object:
    """`text` read as the kind of value the option's default is."""
    word = text.strip().lower()
    if isinstance(default, bool):
        if word in ("true", "yes", "on", "1"):
            return True
        if word in ("false", "no", "off", "0"):
            return False
        raise ValueError(f"option {name} is true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(word)
        except ValueError:
            raise ValueError(f"option {name} is a whole number, not {text!r}") from None
    if default is None or isinstance(default, list):
        if word in ("", "none", "null"):
            return None
        values = [int(w) if w.strip().isdigit() else w.strip() for w in text.split(",")]
        whole_number = default is None and len(values) == 1 and isinstance(values[0], int)
        return values[0] if whole_number else values
    return text.strip()


def parse_options(game: ModuleType, pairs: list[str]) -> dict[str, Any]:
    """`--option NAME=VALUE` pairs as the game's options; ValueError naming the known ones."""
    options: dict[str, Any] = {}
    known = game.OPTIONS
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in known:
            raise ValueError(f"--option {pair!r}: {game.ID} takes NAME=VALUE with NAME one of "
                             f"{', '.join(sorted(known)) or '(none)'}")
        options[name] = _option_value(known[name], value, name)
    return options


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--heartbeat", type=float, default=1.0, metavar="S",
                        help="seconds between heartbeats; a peer silent for 4 is dropped")
    parser.add_argument("--name", default="", help="the name the others see")
    parser.add_argument("-v", "--verbose", action="store_true", help="log network details")


def _logging(args: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)


# --- host -------------------------------------------------------------------------------------

def configure_host(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an option of the game's rules (repeat for several)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"TCP port (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--bind", default="0.0.0.0",
                        help="address to listen on (default: every interface)")
    parser.add_argument("--players", type=int, default=4,
                        help="how many seats (as many as the game allows; default 4)")
    parser.add_argument("--seats", default="",
                        help="one per seat: human, bot or bot:LEVEL (default: all human)")
    parser.add_argument("--seat", default="1",
                        help=f"the host player's seat, 1-{MAX_SEATS}, or 'none' to only run "
                             "the game")
    parser.add_argument("--board", choices=("classic", "alternative"), default=None,
                        help="Tigris & Euphrates: the board (same as --option board=...)")
    for flag in ("buildings", "wonder", "english-variant", "open-scoring"):
        parser.add_argument(f"--{flag}", action="store_true",
                            help=f"Tigris & Euphrates: table option {flag}")
    parser.add_argument("--resume", nargs="?", const="", default=None, metavar="AUTOSAVE",
                        help="continue the autosaved game (default: the last one hosted; "
                             "an unfinished game of the same game is resumed without it)")
    parser.add_argument("--new", action="store_true",
                        help="start a new game even if the last one is not over (it is kept "
                             "beside the autosave under a dated name)")
    parser.add_argument("--autosave", type=Path, default=None, metavar="PATH",
                        help="where to autosave after every action")
    parser.add_argument("--bot-budget", type=float, default=1.0, metavar="S",
                        help="seconds a computer player may think")
    parser.add_argument("--turn-clock", type=float, default=None, metavar="S",
                        help="seconds a player may be to move without acting before the "
                             "others may vote a computer onto the seat (everyone is warned a "
                             "minute before; the player takes it back by acting); default: "
                             "no clock")
    parser.add_argument("--watchers", type=int, default=DEFAULT_WATCHERS, metavar="N",
                        help=f"how many may watch from no seat (`ziggurat watch`), 0 to "
                             f"{MAX_WATCHERS}; default {DEFAULT_WATCHERS}")
    parser.add_argument("--no-discovery", action="store_true",
                        help="do not advertise the game on the LAN (join by host:port)")
    parser.add_argument("--linger", type=float, default=3.0, metavar="S",
                        help="seconds to keep serving after the game ends")
    _common(parser)


def host_config(args: argparse.Namespace) -> HostConfig:
    """The HostConfig the arguments ask for; ValueError with a readable message if wrong."""
    host_seat = None if args.seat.lower() == "none" else _seat_number(args.seat) - 1
    specs = [s for s in args.seats.split(",") if s.strip()] or ["human"] * args.players
    resume = None
    replay = None
    port = args.port
    wanted = args.resume
    set_aside: list[UnreadableFile] = []
    if wanted is None and not args.new and _unfinished_here(args, set_aside):
        wanted = ""
    if wanted is not None:
        path = Path(wanted) if wanted else (args.autosave or default_autosave())
        states: list[Any] = []
        digests: list[str] = []
        resume = read_hosted_autosave(path, _game(args.game), states, digests)
        replay = Replay(states[0], digests) if states else None
        saved = game_of(resume["record"])
        if args.game != saved:
            raise ValueError(f"the autosave {path} is a game of {saved}, not of {args.game}: "
                             f"resume it with 'ziggurat host {saved} --resume'")
        if port == DEFAULT_PORT and resume.get("port"):
            port = int(resume["port"])
    game = _game(args.game)
    options = parse_options(game, _shorthands(args) + list(args.option))
    level = _default_level(game)
    config = HostConfig(game=game, bots=_bots(game), players=len(specs),
                        seats=specs, host_seat=host_seat, options=options,
                        bind=args.bind, port=port, name=args.name or f"LAN game of {game.ID}",
                        heartbeat=args.heartbeat, autosave_path=args.autosave, resume=resume,
                        resume_replay=replay,
                        bot_budget=args.bot_budget, turn_clock=args.turn_clock,
                        watchers=args.watchers, unfinished="archive" if args.new else "refuse",
                        set_aside=set_aside[0] if set_aside else None)
    return config if level is None else dataclasses.replace(config, stand_in=level)


def _unfinished_here(args: argparse.Namespace, set_aside: list[UnreadableFile]) -> bool:
    """Whether the autosave holds an unfinished game of the game asked for: it is resumed.
    An autosave that cannot be read is set aside, and why is appended to `set_aside`."""
    path = args.autosave or default_autosave()
    if not path.exists():
        return False
    saved = unfinished_autosave(path, _game(args.game), set_aside)
    return isinstance(saved, dict) and game_of(saved["record"]) == args.game


def _shorthands(args: argparse.Namespace) -> list[str]:
    """Tigris & Euphrates' option flags as --option pairs."""
    pairs = [] if args.board is None else [f"board={args.board}"]
    return pairs + [f"{key}=true" for key in ("buildings", "wonder", "english_variant",
                                               "open_scoring") if getattr(args, key)]


def _advertise(session: NetworkSession, config: HostConfig) -> discovery.Advertiser | None:
    if not discovery.available():
        return None
    try:
        return discovery.Advertiser(_ad(session, config))
    except Exception as exc:
        logging.getLogger("tigris.net").warning("could not advertise the game: %s", exc)
        return None


def _ad(session: NetworkSession, config: HostConfig) -> discovery.GameAd:
    return discovery.GameAd.of_session(session, config.name)


def run_host(args: argparse.Namespace) -> int:
    _logging(args)
    try:
        config = host_config(args)
        session = NetworkSession.host(config)
    except (ValueError, argparse.ArgumentTypeError, UnreadableFile, SessionError) as exc:
        kept = getattr(exc, "set_aside_to", None)
        print(f"ziggurat host: {exc}{f' (set aside as {kept})' if kept else ''}",
              file=sys.stderr)
        return 2
    advertiser = None if args.no_discovery else _advertise(session, config)
    say(sys.stdout, f"HOSTING {session.address} port={session.port}")
    if config.resume is not None and args.resume is None:
        say(sys.stdout, "Resumed the unfinished game of the last autosave ('--new' keeps it "
                        "aside and starts anew).")
    console = Console(session, inp=sys.stdin, exit_when_over=False, view_lines=VIEW_LINES)
    try:
        while True:
            code = console.run(deadline=time.monotonic() + 1.0)
            if advertiser is not None:
                advertiser.update(_ad(session, config))
            if code != 1:
                return code
            if session.phase == "over":
                console.run(deadline=time.monotonic() + args.linger)
                return 0
    except KeyboardInterrupt:
        return 130
    finally:
        if advertiser is not None:
            advertiser.close()
        session.close()


# --- join -------------------------------------------------------------------------------------

def configure_join(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?", default="",
                        help="HOST:PORT of the game; without it, look for games on the LAN")
    parser.add_argument("--seat", type=_seat_number, default=None,
                        help=f"the seat to take (or take back after a drop), 1-{MAX_SEATS}")
    parser.add_argument("--auto-resync", action="store_true",
                        help="after a desync, rebuild from the host's record without asking")
    _common(parser)


def _offered(args: argparse.Namespace) -> dict[str, ModuleType]:
    """The game this peer offers the host: the one of --game (the host must play it)."""
    return {args.game: _game(args.game)}


def _watchable() -> dict[str, ModuleType]:
    """Every game: a watcher plays none, so it follows whichever the host plays, as the
    window's watcher does (`--game` chooses nothing here)."""
    return {game_id: _game(game_id) for game_id in engine.GAME_IDS}


def _discover(out: Any, games: dict[str, ModuleType], watching: bool = False) -> str:
    if not discovery.available():
        say(out, "LAN discovery needs python-zeroconf; give the game's HOST:PORT instead.")
        return ""
    browser = discovery.Browser()
    try:
        time.sleep(DISCOVERY_WAIT)
        found = browser.games()
    finally:
        browser.close()
    problem_of = discovery.GameAd.watch_problem if watching else discovery.GameAd.problem
    verb = "watch" if watching else "join"
    for ad in found:
        problem = problem_of(ad, games)
        say(out, f"  {ad.target:22} {ad.name} ({ad.game}) — {ad.open_seats} open seat(s), "
                 f"{ad.phase}{f' (cannot {verb}: {problem})' if problem else ''}")
    joinable = [ad for ad in found if not problem_of(ad, games)]
    if not joinable:
        say(out, "No game found on the LAN; give the game's HOST:PORT instead.")
        return ""
    return joinable[0].target


def run_join(args: argparse.Namespace) -> int:
    _logging(args)
    try:
        games = _offered(args)
    except ValueError as exc:
        print(f"ziggurat join: {exc}", file=sys.stderr)
        return 2
    address = args.address or _discover(sys.stdout, games)
    if not address:
        return 2
    try:
        parse_address(address)
        session = NetworkSession.join(address, games=games,
                                      seat=None if args.seat is None else args.seat - 1,
                                      name=args.name, heartbeat=args.heartbeat,
                                      auto_resync=args.auto_resync)
    except (ValueError, SessionError) as exc:
        print(f"ziggurat join: {exc}", file=sys.stderr)
        return 2
    try:
        return Console(session, view_lines=VIEW_LINES).run()
    except KeyboardInterrupt:
        return 130
    finally:
        session.close()


# --- bot --------------------------------------------------------------------------------------

def configure_bot(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--join", required=True, metavar="HOST:PORT", help="the game to join")
    parser.add_argument("--level", default=None,
                        help="computer level (default: the game's, medium for tigris)")
    parser.add_argument("--seat", type=_seat_number, default=None,
                        help=f"the seat to take (or take back), 1-{MAX_SEATS}")
    parser.add_argument("--seed", type=int, default=None, help="the bot's own random seed")
    parser.add_argument("--budget", type=float, default=1.0, metavar="S",
                        help="seconds to think per decision")
    parser.add_argument("--timeout", type=float, default=None, metavar="S",
                        help="give up after this many seconds")
    _common(parser)


def run_bot(args: argparse.Namespace) -> int:
    _logging(args)
    try:
        game = _game(args.game)
    except ValueError as exc:
        print(f"ziggurat bot: {exc}", file=sys.stderr)
        return 2
    factory = _bots(game)
    if args.level is None:
        args.level = _default_level(game) or ""
    problem = level_problem(factory, args.level)
    if problem:
        print(f"ziggurat bot: {problem}", file=sys.stderr)
        return 2
    try:
        session = NetworkSession.join(
            args.join, games={game.ID: game}, seat=None if args.seat is None else args.seat - 1,
            name=args.name or f"Computer ({args.level})", heartbeat=args.heartbeat,
            auto_resync=True)
    except (ValueError, SessionError) as exc:
        print(f"ziggurat bot: {exc}", file=sys.stderr)
        return 2
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    try:
        return drive_bot(session, make_bot(factory, args.level, args.seed), args.budget,
                         deadline=deadline)
    except KeyboardInterrupt:
        return 130
    finally:
        session.close()


# --- watch ------------------------------------------------------------------------------------

def configure_watch(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?", default="",
                        help="HOST:PORT of the game; without it, look for games on the LAN")
    parser.add_argument("--text", action="store_true",
                        help="follow it in the terminal, a line per action, instead of the "
                             "game's window")
    parser.add_argument("--size", default=None,
                        help="the window's size, e.g. 1280x800 (not with --text)")
    parser.add_argument("--timeout", type=float, default=None, metavar="S",
                        help="with --text: give up after this many seconds")
    _common(parser)


def run_watch(args: argparse.Namespace) -> int:
    """The game's window at a watcher's table (`game.kit.watching`), or with --text the
    console: a line per action and the public end."""
    if not args.text:
        return _watch_in_window(args)
    return _watch_in_text(args)


def _watch_in_window(args: argparse.Namespace) -> int:
    from game.main import display_available
    from game.main import run as run_client

    if not display_available():
        print("ziggurat watch: no display to open the game's window on; "
              "`ziggurat watch HOST:PORT --text` follows the game in the terminal",
              file=sys.stderr)
        return 3
    address = args.address or _discover(sys.stdout, _watchable(), watching=True)
    if not address:
        return 2
    extra = ["--game", args.game, "--watch", address]
    extra += ["--name", args.name] if args.name else []
    extra += ["--size", args.size] if args.size else []
    return run_client(extra)


def _watch_in_text(args: argparse.Namespace) -> int:
    _logging(args)
    games = _watchable()
    address = args.address or _discover(sys.stdout, games, watching=True)
    if not address:
        return 2
    try:
        parse_address(address)
        session = NetworkSession.watch(address, games=games, name=args.name,
                                       heartbeat=args.heartbeat)
    except (ValueError, SessionError) as exc:
        print(f"ziggurat watch: {exc}", file=sys.stderr)
        return 2
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    try:
        return watch_console(session, deadline=deadline)
    except KeyboardInterrupt:
        return 130
    finally:
        session.close()
