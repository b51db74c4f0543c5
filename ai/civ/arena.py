"""Advanced Civilization's seats for the arena only, and what the arena counts in its games
(issue 23, "Measured").

The arena (`ziggurat arena civ`) looks for this optional module of a game's AI package
(`ai.match.arena_module`). It offers:

- `ARENA_LEVELS`: seats the arena may name beside the levels of `ai.levels`, never offered
  at a table: `medium:notrade`, medium that never trades (it declares done at every trade
  opening and answer, A17.5), against which "trading pays" is measured; `medium:drawn`,
  medium whose nation is drawn by lot, with which the map's balance is measured; and
  `exploiter` (`exploiter.CivExploiterBot`), which tries to milk medium at trade;
- `make_bot(level, seed, iterations)` for them;
- `Watch`, which follows one game and returns its notes (numbers keyed by name) to the
  arena's tally: the offers each level makes to each level and how many are accepted, the
  turn the game ended, which late-game rules fired, and each nation's share of the win;
- `report(notes)`, the lines the arena prints from the notes of all its games.
"""

from __future__ import annotations

import random
import statistics
import threading
from collections.abc import Sequence

import engine.civ as civ
from engine.civ.tables import AST_FINISH, AST_SPACES, NATION_IDS

from ..bot import Action, Bot, View
from ..stats import wilson
from .determinize import state_from_view
from .easy import Turn, placements
from .exploiter import CivExploiterBot
from .medium import CivMediumBot

NO_TRADE = "medium:notrade"
DRAWN = "medium:drawn"
EXPLOITER = "exploiter"
ARENA_LEVELS: tuple[str, ...] = (NO_TRADE, DRAWN, EXPLOITER)

LATE_IRON_AGE = min(s.number for s in AST_SPACES if s.epoch == "Late Iron Age")  # A5.2
LATE_CARDS = ("monotheism", "theology")  # A31.1, A29.1: the religion cards of the late game

OFFERS, ACCEPTED = "offers", "accepted"  # note keys: "offers a>b", "accepted a>b"
TURN, AST_END = "turn", "ended by A.S.T."
LATE_IRON = "Late Iron Age reached"
CONVERSIONS = "Monotheism conversions"
THEOLOGY = "Iconoclasm met a Theology holder"
BOUGHT = "bought "  # "bought monotheism", "bought theology"
NATION_SEATS, NATION_SHARE = "seats ", "share "  # + a nation
NATION_SCORE, NATION_SCORE2, NATION_AST = "score ", "score2 ", "ast "  # + a nation
WON = "won by "  # + a level: the share of the game won by that level's seats together


class DrawnNationBot(CivMediumBot):
    """Medium whose nation is drawn by lot among those still free (A6.3), as players who draw
    their nations do. Medium's own choice seats the same six nations in every game of six,
    the four of the east among them, so a line of its games measures that seating and never
    plays Africa, Illyria or Crete; seats that draw make every set of nations equally likely,
    and the nations line measures the map. The lot has its own generator, so that beyond its
    nation a drawn seat plays as medium of its seed, card for card."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.lot = random.Random(seed)

    def choose(self, view: View, budget_s: float,
               stop: threading.Event | None = None) -> Action:
        action = super().choose(view, budget_s, stop)
        if action.get("type") != "nation":
            return action
        placed = placements(Turn(state_from_view(view, self.lot), view))
        return placed[self.lot.choice(sorted(placed))]


def make_bot(level: str, seed: int, iterations: int | None) -> Bot:
    if level == NO_TRADE:
        return CivMediumBot(seed, trades=False)
    if level == DRAWN:
        return DrawnNationBot(seed)
    if level == EXPLOITER:
        return CivExploiterBot(seed)
    raise ValueError(f"unknown arena seat {level!r} for civ: use {', '.join(ARENA_LEVELS)}")


class Watch:
    """One game's notes, from each action and the events it caused."""

    def __init__(self, levels: Sequence[str]) -> None:
        self.levels = list(levels)
        self.notes: dict[str, float] = {}

    def add(self, key: str, n: float = 1.0) -> None:
        self.notes[key] = self.notes.get(key, 0.0) + n

    def see(self, before: civ.State, seat: int, action: Action, after: civ.State) -> None:
        kind = action.get("type")
        if kind == "propose":
            self.add(f"{OFFERS} {self.levels[seat]}>{self.levels[action['to']]}")
        elif kind in ("counter", "accept"):
            asker = before.pending["proposal"]["from"] if before.pending else seat
            key = OFFERS if kind == "counter" else ACCEPTED
            pair = (seat, asker) if kind == "counter" else (asker, seat)
            self.add(f"{key} {self.levels[pair[0]]}>{self.levels[pair[1]]}")
        pos = after.position
        for event in after.events:
            if event["type"] == "ast_moved" and event["to"] == LATE_IRON_AGE:
                self.add(LATE_IRON)
            elif event["type"] == "converted":
                self.add(CONVERSIONS)
            elif event["type"] == "civ_cards_bought":
                for card in LATE_CARDS:
                    if card in event["cards"]:
                        self.add(BOUGHT + card)
            elif event["type"] == "calamity" and event["card"] == "iconoclasm_heresy" and any(
                    "theology" in pos.seats[s].cards for s in pos.active_seats()):
                self.add(THEOLOGY)

    def finish(self, state: civ.State, shares: Sequence[float]) -> dict[str, float]:
        pos = state.position
        self.notes[TURN] = float(pos.turn)
        self.notes[AST_END] = float(any(pos.seats[s].ast == AST_FINISH
                                        for s in pos.active_seats()))
        for seat, level in enumerate(self.levels):
            self.add(WON + level, shares[seat])
        scores = state.final_scores()
        mean = statistics.fmean(scores.values()) if scores else 0.0
        for seat, s in enumerate(pos.seats):
            if s.nation is not None and seat in scores:
                self.add(NATION_SEATS + s.nation)
                self.add(NATION_SHARE + s.nation, shares[seat])
                relative = scores[seat] / mean if mean else 1.0
                self.add(NATION_SCORE + s.nation, relative)
                self.add(NATION_SCORE2 + s.nation, relative * relative)
                self.add(NATION_AST + s.nation, s.ast)
        return self.notes


def _total(notes: Sequence[dict[str, float]], key: str) -> float:
    return sum(n.get(key, 0.0) for n in notes)


def _pct(part: float, whole: float) -> str:
    lo, hi = wilson(part, int(whole))
    return f"{100 * part / max(1.0, whole):.1f}% [95% CI {100 * lo:.1f}–{100 * hi:.1f}%]"


def _mean_ci(notes: Sequence[dict[str, float]], nation: str, seats: float) -> str:
    """A nation's score relative to its games' mean: a steadier sign of a nation's lot than
    its win share, which counts only the best seat of each game."""
    mean = _total(notes, NATION_SCORE + nation) / seats
    spread = max(0.0, _total(notes, NATION_SCORE2 + nation) / seats - mean * mean)
    half = 1.96 * (spread * seats / max(1.0, seats - 1)) ** 0.5 / seats ** 0.5
    return f"{mean:.2f} [{mean - half:.2f}–{mean + half:.2f}]"


def report(notes: Sequence[dict[str, float]], players: int) -> list[str]:
    """Offers and acceptance per pair of levels; the game's end and the late rules; each
    nation's win share against par (1/players)."""
    games = len(notes)
    lines = ["games won by the seats of each level together (ties shared):"]
    for key in sorted({k for n in notes for k in n if k.startswith(WON)}):
        lines.append(f"  {key[len(WON):]:<32} {_total(notes, key):6.1f} of {games} = "
                     f"{_pct(_total(notes, key), games)}")
    lines += ["offers made and accepted (opening proposals and counters, A17.3–A17.4):"]
    pairs = sorted({k.split(" ", 1)[1] for n in notes for k in n if k.startswith(OFFERS)})
    for pair in pairs:
        made = _total(notes, f"{OFFERS} {pair}")
        taken = _total(notes, f"{ACCEPTED} {pair}")
        lines.append(f"  {pair:<32} {made:6.0f} made, {taken:6.0f} accepted = "
                     f"{_pct(taken, made)}")
    if not pairs:
        lines.append("  none")
    turns = sorted(n[TURN] for n in notes)
    ended = _total(notes, AST_END)
    lines += [f"end: median turn {statistics.median(turns):g} (range {turns[0]:g}–"
              f"{turns[-1]:g}); ended by a marker on A.S.T. space {AST_FINISH} (A35.1) in "
              f"{ended:.0f} of {games} games",
              "late-game rules, games where it fired (times in all):"]
    for key in (LATE_IRON, BOUGHT + "monotheism", CONVERSIONS, BOUGHT + "theology", THEOLOGY):
        fired = sum(1 for n in notes if n.get(key))
        lines.append(f"  {key:<34} {fired:5} of {games} ({_total(notes, key):.0f})")
    lines.append(f"nations, win share (par {100 / players:.1f}%; half to twice par is "
                 f"{50 / players:.1f}–{200 / players:.1f}%); score against the game's mean "
                 f"score (95% CI); mean A.S.T. space:")
    for nation in NATION_IDS:
        seats = _total(notes, NATION_SEATS + nation)
        if seats:
            share = _total(notes, NATION_SHARE + nation)
            lines.append(f"  {nation:<10} {seats:5.0f} games  {_pct(share, seats)}  "
                         f"score {_mean_ci(notes, nation, seats)}  "
                         f"A.S.T. {_total(notes, NATION_AST + nation) / seats:.1f}")
    return lines

