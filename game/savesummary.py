"""What a list of games says about one: its players, how far it went, who won.

A save carries this summary, made from the position when it is written, so
the saved-games list and the replay list can name each game without
replaying its record. A file without one (older saves, a LAN game's record)
is replayed once to make it. The summary is read back from a file like the
rest of it: anything of the wrong shape is dropped and made again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.games import GameClient
from game.i18n import has_key, t, tn
from game.savegame import SavedGame

MAX_SHOWN_NUMBER = 10**6   # a number a list would show; anything larger is not a summary's


@dataclass(frozen=True)
class Summary:
    moves: int
    progress: dict[str, int] = field(default_factory=dict)
    over: bool = False
    ranking: list[list[int]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"moves": self.moves, "progress": dict(self.progress), "over": self.over,
                "ranking": [list(place) for place in self.ranking], "scores": list(self.scores)}

    @property
    def winners(self) -> list[int]:
        return list(self.ranking[0]) if self.over and self.ranking else []


def of_state(client: GameClient, state: Any, moves: int) -> Summary:
    """The summary of a game at `state`, after `moves` actions."""
    over = bool(state.is_over)
    return Summary(moves=moves, progress=client.progress(state), over=over,
                   ranking=state.ranking() if over else [],
                   scores=client.scores(state) if over else [])


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and \
        abs(value) <= MAX_SHOWN_NUMBER


def parse(raw: Any, players: int) -> Summary | None:
    """The summary kept in a save, or None when it is missing or of the wrong shape."""
    if not isinstance(raw, dict):
        return None
    moves: Any = raw.get("moves")
    progress, over = raw.get("progress", {}), raw.get("over", False)
    ranking, scores = raw.get("ranking", []), raw.get("scores", [])
    if (not _number(moves) or not isinstance(over, bool) or not isinstance(progress, dict)
            or not all(isinstance(k, str) and _number(v) for k, v in progress.items())
            or not isinstance(ranking, list) or not isinstance(scores, list)
            or not all(_number(s) for s in scores) or len(scores) not in (0, players)):
        return None
    places: list[list[int]] = []
    for place in ranking:
        if not isinstance(place, list) or not all(_number(s) and 0 <= s < players
                                                  for s in place):
            return None
        places.append(list(place))
    return Summary(moves=moves, progress=dict(progress), over=over, ranking=places,
                   scores=list(scores))


def of_saved(client: GameClient, saved: SavedGame) -> Summary | None:
    """The save's own summary, else one made by replaying it; None if it does not replay."""
    kept = parse(saved.summary, saved.record["players"])
    if kept is not None:
        return kept
    from game.session import GameSession, RecordError

    try:
        session = GameSession(saved)
    except RecordError:
        return None
    return of_state(client, session.state, len(saved.record["actions"]))


def seat_names(client: GameClient, saved: SavedGame) -> list[str]:
    """Each seat's name, with its computer level when a computer plays it."""
    names = []
    for seat, config in enumerate(saved.seats):
        name = client.seat_label(saved.record["options"], seat)
        if not config.is_human:
            key = f"level.{config.level}"
            level = t(key) if has_key(key, "en") else config.level[:20]
            name = t("saves.computer_seat", name=name, level=level)
        names.append(name)
    return names


def progress_words(client: GameClient, summary: Summary) -> str:
    """The move count, then what the game says of its progress."""
    words = [tn("saves.moves", summary.moves)]
    extra = client.progress_text(summary.progress)
    if extra:
        words.append(extra)
    return " · ".join(words)


def result_words(client: GameClient, saved: SavedGame, summary: Summary) -> str:
    """Each seat's name and score (the winners marked), or that the game is unfinished."""
    if not summary.over:
        return t("replay.unfinished", progress=progress_words(client, summary))
    names = [client.seat_label(saved.record["options"], seat)
             for seat in range(saved.record["players"])]
    order = [seat for place in summary.ranking for seat in place] or list(range(len(names)))
    parts = []
    for seat in order:
        part = names[seat]
        if summary.scores:
            part = t("replay.seat_score", name=part, score=summary.scores[seat])
        if seat in summary.winners:
            part = t("replay.winner", name=part)
        parts.append(part)
    return " · ".join(parts)
