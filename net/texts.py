"""What the network layer says to people, in plain words, in one place.

Error codes travel on the wire; the sentences a player reads are made here,
so the client shows the same words in the lobby, at the table and in the
text-mode peer, and a translation has one file to change.
"""

from __future__ import annotations

from . import errors as e

CODE_TEXT: dict[str, str] = {
    e.MSG_MALFORMED: "A message could not be read.",
    e.MSG_FIELD: "A message had a field that was missing, too long or of the wrong kind.",
    e.MSG_UNKNOWN_TYPE: "A message of an unknown kind arrived.",
    e.MSG_REPLAY: "A message arrived twice; the copy was ignored.",
    e.VERSION_MISMATCH: "The two programs speak different versions of the network protocol.",
    e.RULES_MISMATCH: "The two programs play different versions of the rules.",
    e.GAME_MISMATCH: "The host plays a game this program does not have.",
    e.SESSION_UNKNOWN: "The host does not know this connection (it may have restarted).",
    e.SEAT_TAKEN: "That seat is taken.",
    e.SEAT_INVALID: "There is no such seat for a joining player.",
    e.SEAT_FORGED: "A message claimed to come from another seat.",
    e.GAME_FULL: "Every seat is taken.",
    e.GAME_STARTING: "The game is starting; try again in a moment.",
    e.GAME_NOT_STARTED: "The game has not started yet.",
    e.GAME_PAUSED: "The game is paused; nobody can play until it goes on.",
    e.GAME_OVER: "The game is over.",
    e.LOBBY_CLOSED: "Seats can only be changed in the lobby.",
    e.ACTION_STALE: "That action was for a position that has already moved on.",
    e.ACTION_ILLEGAL: "That action is not allowed.",
    e.ACTION_NOT_YOUR_TURN: "It is not your turn.",
    e.ACTION_UNSENDABLE: "That action is larger than the game allows on the network; it was "
                         "not played.",
    e.STATE_DIVERGED: "Your copy of the game no longer matches the host's.",
    e.SEED_BAD_REVEAL: "A player's secret did not match the promise made for it.",
    e.SEED_MISMATCH: "The shared seed could not be checked; the game was not started.",
    e.SEED_TIMEOUT: "Not every player answered while the game was being set up.",
    e.DESYNC_UNFOUNDED: "Your copy of the game matches the host's: there is nothing to repair.",
    e.MSG_TOO_OFTEN: "The same request came again before anything changed; it was not "
                     "answered.",
    e.SEAT_NOT_STALLED: "Only a seat whose player is gone or keeps the game paused can be "
                        "handed to a computer.",
    e.SEAT_NO_COMPUTER: "This game has no computer player to take the seat.",
    e.GAME_OTHER: "The host now plays another game than the one this program was playing.",
    e.SEAT_DROPPED: "The host took this connection off the table; join again to take your "
                    "seat back.",
    e.SEAT_OWNED: "That seat belongs to a player who may come back. Another player may take "
                  "it only once the seated players voted it to a computer, or the host's "
                  "player handed it to one.",
    e.WATCH_ONLY: "A watcher cannot act in the game. To play, join it for a free seat.",
    e.WATCH_FULL: "The game has as many watchers as its host allows.",
}


def code_text(code: str, detail: str = "") -> str:
    base = CODE_TEXT.get(code, f"The host refused: {code}.")
    return f"{base} ({detail})" if detail else base


def version_refusal(host_version: int, peer_version: int) -> str:
    return (f"This game runs network protocol version {host_version}, but your program speaks "
            f"version {peer_version}. Install the same version of the program as the host.")


def rules_refusal(game: str, host_rules: int, peer_rules: int) -> str:
    return (f"This game of {game} plays rules version {host_rules}, but your program plays "
            f"rules version {peer_rules}. Both players need the same version of the program.")


def game_refusal(game: str, offered: list[str]) -> str:
    return (f"This host plays {game}, but your program plays only "
            f"{', '.join(offered) or 'no game'}. Join with a program that has {game}, or "
            f"choose another game.")


def desync_detected(ply: int, where: str) -> str:
    return (f"Your copy of the game no longer matches the host's at action {ply} "
            f"({where}). The game is paused for everyone while this is sorted out.")


def desync_report(path: str) -> str:
    return (f"A report of the difference was saved to {path}. You can resync: your copy will "
            f"be rebuilt from the host's record of the game, and play goes on.")


def desync_elsewhere(seat_name: str) -> str:
    return (f"{seat_name}'s copy of the game no longer matches the host's. The game is paused "
            f"until it is rebuilt from the host's record.")


def host_copy_desync() -> str:
    return ("The host's own copy of the game no longer matches its record. The game is paused "
            "until the host rebuilds it from the record.")


def resync_failed(why: str) -> str:
    return (f"Rebuilding the game from the host's record failed: {why}. This program and the "
            f"host's do not compute the same game; use the same version on both.")


def seat_disconnected(seat_name: str) -> str:
    return f"{seat_name} lost the connection. The game waits for them to rejoin."


def seat_back(seat_name: str) -> str:
    return f"{seat_name} is back."


def seat_to_bot(seat_name: str, level: str) -> str:
    return f"A computer player ({level}) now plays {seat_name}'s seat."


def seat_stalled(seat_name: str, seconds: float) -> str:
    return (f"{seat_name} did not rebuild their copy of the game within {seconds:g} s and was "
            f"taken off the table; they can join again.")


def unfinished_autosave(path: str) -> str:
    return (f"{path} holds a LAN game that is not over. Resume it with 'ziggurat host GAME "
            f"--resume', or start anew with 'ziggurat host GAME --new', which keeps the old "
            f"game beside it under a dated name.")


def another_game(address: str, game: str, kept: str) -> str:
    return (f"The host at {address} now plays another game of {game}, not the one this "
            f"program was playing (it was started anew). Your copy of your game is kept in "
            f"{kept}; open it in the replay viewer. To play the host's new game, join it "
            f"again.")


def not_stalled(seat_name: str, seconds: float, clock: float | None) -> str:
    late = "" if clock is None else f", or not acted for {clock:g} s when to move,"
    return (f"{seat_name} is playing: only a player who has lost the connection, or kept the "
            f"game paused, for {seconds:g} s{late} can have a computer take their seat.")


def clock_warning(seat_name: str, seconds: float) -> str:
    return (f"{seat_name} has {max(1, round(seconds))} s left to act; then the players may "
            f"let a computer play the seat.")


def clock_out(seat_name: str) -> str:
    return (f"{seat_name}'s time to act is up: any player may propose that a computer plays "
            f"the seat. {seat_name} takes it back by acting.")


def seat_taken_back(seat_name: str) -> str:
    return f"{seat_name} is back and plays their seat again."


def ballot(seat_name: str, by_name: str, votes: int, needed: int, result: str) -> str:
    if result == "passed":
        return f"The players agreed: a computer takes {seat_name}'s seat."
    if result == "failed":
        return f"The players did not agree to hand {seat_name}'s seat to a computer."
    if result == "ended":
        return f"The vote on {seat_name}'s seat is over: {seat_name} is back."
    return (f"{by_name} proposes that a computer takes {seat_name}'s seat: {votes} of "
            f"{needed} votes needed (or the host's).")


def guest_sits(guest: str, owner: str) -> str:
    return f"{guest} now plays {owner}'s seat, until {owner} comes back."


def owner_back(owner: str) -> str:
    return (f"{owner}, whose seat this is, came back and plays it again; this connection is "
            f"closed. Thank you for playing for them.")


def played_for(played: list[tuple[int, str]]) -> str:
    """Who played which actions at a seat while its owner was away, in one sentence."""
    by: dict[str, list[int]] = {}
    for ply, who in played:
        by.setdefault(who, []).append(ply)
    parts = []
    for who, plies in by.items():
        shown = ", ".join(str(p) for p in plies[:12]) + (", …" if len(plies) > 12 else "")
        parts.append(f"{who} played {len(plies)} action(s) for you ({shown})")
    return f"While you were away, {'; '.join(parts)}."


def autosave_set_aside(path: str, reason: str, kept: str) -> str:
    return (f"The autosave {path} could not be read ({reason}); it was set aside as {kept} "
            f"and a new game is hosted.")


def seat_moved(seat_name: str) -> str:
    return f"{seat_name} came back on a new connection; this one is closed."


def seat_taken_away(seat_name: str) -> str:
    return f"The host took {seat_name}'s seat away from their connection."


def host_lost(address: str) -> str:
    return f"No word from the host at {address}. Trying to reconnect…"


def host_unreachable(address: str) -> str:
    return f"No answer from {address}. Is the game still open, and is the address right?"


def watcher_joined(name: str) -> str:
    return f"{name} is watching."


def watcher_left(name: str) -> str:
    return f"{name} stopped watching."
