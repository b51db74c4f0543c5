"""Tiny: a small card game behind the whole game-module interface, for tests only.

It exists so that tests of what every game shares (LAN play, the client
shell, the conformance suite) run fast on 2 to 8 seats without Tigris &
Euphrates' rules. It has real hidden information: a deck shuffled by the
game's own generator (whose state is in the position), private hands, a
drawn card shown only to its drawer, and a decision of a named seat besides
the ordinary turn. Its rules, with the ids its refusals cite:

T1  36 cards, 1 to 9 four times, shuffled by the game's generator; each seat
    is dealt two; the generator picks the start player.
T2  On a turn the active seat plays a card from hand onto the pile, or draws
    the deck's top card (hands hold at most `hand_size` cards). A card higher
    than the pile's top scores 1.
T3  After a play, the next seat may snap: put a card of the same value on the
    pile for 2 points, or pass.
T4  Drawing from an empty deck first shuffles the pile under its top card
    into a new deck, once a game.
T5  The game ends when the seat whose turn begins can neither play nor
    draw; the most points win, equal points share a place.

Its position (`to_dict`) has keys of its own, unlike Tigris & Euphrates' (no
"active", no "players", its options under "setup"), so that a shell reading a
position's keys instead of the game-module interface fails on Tiny.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

from engine.errors import BadPosition, IllegalAction, Refusal, quote

ID = "tiny"
RULES_VERSION = 1
PLAYERS = range(2, 9)
OPTIONS: dict[str, object] = {"hand_size": 3}
CARDS = tuple(sorted(list(range(1, 10)) * 4))
DEALT = 2
MASK64 = (1 << 64) - 1
FIELDS = {"play": ("card",), "draw": (), "snap": (), "pass": ()}
ACTION_BOUNDS = {"entries": 1 + max(len(f) for f in FIELDS.values()), "list": 0,
                 "text": max(len(w) for kind, names in FIELDS.items() for w in (kind, *names)),
                 "record": 4000}
TOP_KEYS = ("game", "version", "setup", "rng", "deck", "pile", "hands", "scores", "turn_of",
            "pending", "reshuffled", "ended")
RECORD_KEYS = ("game", "rules_version", "players", "seed", "options", "actions")


class Generator:
    """A 64-bit linear congruential generator (Knuth's MMIX constants), high bits out."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def below(self, bound: int) -> int:
        limit = (1 << 31) - (1 << 31) % bound
        while True:
            self.state = (self.state * 6364136223846793005 + 1442695040888963407) & MASK64
            x = self.state >> 33
            if x < limit:
                return x % bound

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def refusal(code: str, message: str, **params: Any) -> Refusal:
    return Refusal(code, params, message)


class State:
    """A position of Tiny (its `to_dict` form) and the questions the interface asks of it."""

    def __init__(self, position: dict[str, Any], events: list[dict[str, Any]] | None = None):
        self._p = position
        self.events: list[dict[str, Any]] = events or []

    @property
    def players(self) -> int:
        return len(self._p["hands"])

    @property
    def is_over(self) -> bool:
        return bool(self._p["ended"])

    @property
    def pending(self) -> dict[str, Any] | None:
        return copy.deepcopy(self._p["pending"])

    @property
    def to_move(self) -> int | None:
        if self._p["ended"]:
            return None
        pending = self._p["pending"]
        return int(pending["seat"] if pending else self._p["turn_of"])

    def legal_actions(self) -> list[dict[str, Any]]:
        seat = self.to_move
        if seat is None:
            return []
        hand = self._p["hands"][seat]
        pending = self._p["pending"]
        if pending is not None:
            snap = [{"type": "snap"}] if pending["card"] in hand else []
            return [*snap, {"type": "pass"}]
        plays = [{"type": "play", "card": c} for c in sorted(set(hand))]
        return plays + ([{"type": "draw"}] if self._draw_problem(seat) is None else [])

    def check(self, action: object) -> Refusal | None:
        problem = read_problem(action)
        if problem is not None:
            return problem
        assert isinstance(action, dict)
        kind, p = action["type"], self._p
        if p["ended"]:
            return refusal("game/over", "the game is over: no action can be played (T5)")
        seat = self.to_move
        assert seat is not None
        if p["pending"] is not None and kind not in ("snap", "pass"):
            return refusal("turn/decision_pending", f"seat {seat} must first snap or pass (T3)",
                           seat=seat)
        if p["pending"] is None and kind in ("snap", "pass"):
            return refusal("turn/nothing_to_answer", f"{kind}: no card waits for a snap; seat "
                           f"{seat} plays or draws (T2)", seat=seat)
        if kind == "play" and action["card"] not in p["hands"][seat]:
            return refusal("card/not_in_hand", f"seat {seat} holds no {action['card']} (T2)",
                           seat=seat, card=action["card"])
        if kind == "snap" and p["pending"]["card"] not in p["hands"][seat]:
            return refusal("snap/no_match", f"seat {seat} holds no {p['pending']['card']} to "
                           "snap with (T3)", seat=seat, card=p["pending"]["card"])
        return self._draw_problem(seat) if kind == "draw" else None

    def _draw_problem(self, seat: int) -> Refusal | None:
        p = self._p
        if len(p["hands"][seat]) >= p["setup"]["hand_size"]:
            return refusal("draw/hand_full", f"seat {seat}'s hand is full: play a card (T2)",
                           seat=seat, hand_size=p["setup"]["hand_size"])
        if not p["deck"] and (p["reshuffled"] or len(p["pile"]) < 2):
            return refusal("draw/deck_empty", "the deck is empty and cannot be rebuilt (T4)")
        return None

    def apply(self, action: object) -> State:
        problem = self.check(action)
        if problem is not None:
            raise IllegalAction(problem)
        assert isinstance(action, dict)
        new = State(copy.deepcopy(self._p))
        {"play": new._play, "draw": new._draw, "snap": new._snap, "pass": new._pass}[
            action["type"]](action)
        return new

    def _play(self, action: dict[str, Any]) -> None:
        p, seat, card = self._p, self._p["turn_of"], action["card"]
        p["hands"][seat].remove(card)
        higher = not p["pile"] or card > p["pile"][-1]
        p["pile"].append(card)
        self.events.append({"type": "card_played", "seat": seat, "card": card})
        if higher:
            self._score(seat, 1)
        p["pending"] = {"kind": "snap", "seat": (seat + 1) % self.players, "card": card}

    def _snap(self, action: dict[str, Any]) -> None:
        p = self._p
        seat, card = p["pending"]["seat"], p["pending"]["card"]
        p["hands"][seat].remove(card)
        p["pile"].append(card)
        self.events.append({"type": "snapped", "seat": seat, "card": card})
        self._score(seat, 2)
        self._end_turn()

    def _pass(self, action: dict[str, Any]) -> None:
        self.events.append({"type": "passed", "seat": self._p["pending"]["seat"]})
        self._end_turn()

    def _draw(self, action: dict[str, Any]) -> None:
        p, seat = self._p, self._p["turn_of"]
        if not p["deck"]:
            rng = Generator(p["rng"])
            deck = p["pile"][:-1]
            rng.shuffle(deck)
            p["deck"], p["pile"], p["rng"], p["reshuffled"] = deck, p["pile"][-1:], rng.state, True
            self.events.append({"type": "deck_reshuffled", "count": len(deck)})
        card = p["deck"].pop(0)
        p["hands"][seat] = sorted([*p["hands"][seat], card])
        self.events.append({"type": "card_drawn", "seat": seat})
        self.events.append({"type": "hand_drawn", "seat": seat, "card": card, "private_to": seat})
        self._end_turn()

    def _score(self, seat: int, points: int) -> None:
        self._p["scores"][seat] += points
        self.events.append({"type": "scored", "seat": seat, "points": points})

    def _end_turn(self) -> None:
        p = self._p
        p["pending"] = None
        p["turn_of"] = (p["turn_of"] + 1) % self.players
        self.events.append({"type": "turn_started", "seat": p["turn_of"]})
        if not self.legal_actions():
            p["ended"] = True
            self.events.append({"type": "game_over", "ranking": self.ranking()})

    def ranking(self) -> list[list[int]]:
        places: list[list[int]] = []
        scores = self._p["scores"]
        for seat in sorted(range(self.players), key=lambda s: -scores[s]):
            if places and scores[places[-1][0]] == scores[seat]:
                places[-1].append(seat)
            else:
                places.append([seat])
        return places

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator): own hand, the pile, sizes of the rest."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None or 0..{self.players - 1}, not {quote(seat)}")
        d = self.to_dict()
        d["viewer"] = seat
        d["hand_sizes"] = [len(h) for h in d["hands"]]
        d["hands"] = [h if i == seat else None for i, h in enumerate(d["hands"])]
        d["deck_size"] = len(d["deck"])
        d["deck"] = None
        d["rng"] = None
        return d

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(self._p)

    def digest(self) -> str:
        data = json.dumps(self._p, sort_keys=True, separators=(",", ":")).encode()
        return hashlib.blake2b(data, digest_size=32).hexdigest()


def read_problem(action: object) -> Refusal | None:
    """What is malformed in an action (T2, T3), before any rule is asked; None if nothing."""
    if not isinstance(action, dict):
        return refusal("action/not_an_object", "an action must be an object with a 'type'")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        return refusal("action/unknown_type", f"unknown action type {quote(kind)}: use one of "
                       f"{sorted(FIELDS)}", type=quote(kind), known=sorted(FIELDS))
    keys = set(action) - {"type"}
    missing = sorted(set(FIELDS[kind]) - keys)
    extra = sorted(str(k) for k in keys - set(FIELDS[kind]))
    if missing:
        return refusal("action/missing_field", f"{kind}: missing field(s) {missing}",
                       type=kind, fields=missing)
    if extra:
        return refusal("action/unknown_field", f"{kind}: unknown field(s) {extra}",
                       type=kind, fields=extra)
    card = action.get("card", 1)
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= 9:
        return refusal("action/bad_value",
                       f"play: 'card' must be a number 1 to 9, not {quote(card)}",
                       type=kind, field="card")
    return None


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """T1: shuffle, deal two each, pick the start player; ValueError on bad arguments."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYERS:
        raise ValueError(f"players must be 2 to 8, not {quote(players)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {quote(seed)}")
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be an object, not {type(options).__name__}")
    opts = {**OPTIONS, **(options or {})}
    if set(opts) != set(OPTIONS):
        raise ValueError(f"unknown option(s) {sorted(set(opts) - set(OPTIONS))}: known ones "
                         f"are {sorted(OPTIONS)}")
    size = opts["hand_size"]
    if isinstance(size, bool) or not isinstance(size, int) or not DEALT <= size <= 6:
        raise ValueError(f"option 'hand_size' must be a number 2 to 6, not {quote(size)}")
    rng = Generator(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    hands = [sorted(deck[i * DEALT:(i + 1) * DEALT]) for i in range(players)]
    active = rng.below(players)
    position = {"game": ID, "version": 1, "setup": {"hand_size": size}, "rng": rng.state,
                "deck": deck[players * DEALT:], "pile": [], "hands": hands,
                "scores": [0] * players, "turn_of": active, "pending": None,
                "reshuffled": False, "ended": False}
    return State(position, [{"type": "turn_started", "seat": active}])


def _bad(code: str, message: str, **params: Any) -> BadPosition:
    return BadPosition(refusal(code, message, **params))


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list) or any(
            isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 9 for c in value):
        raise _bad("position/bad_value", f"{where} must be a list of cards 1 to 9", key=where)
    return value


def from_dict(d: object) -> State:
    """A State from a position dict; BadPosition naming the key or the rule otherwise."""
    if not isinstance(d, dict) or sorted(map(str, d)) != sorted(TOP_KEYS):
        raise _bad("position/keys", f"a Tiny position is an object with exactly the keys "
                   f"{list(TOP_KEYS)}", keys=list(TOP_KEYS))
    if d["game"] != ID or d["version"] != 1:
        raise _bad("position/version", f"not a version 1 Tiny position: game {quote(d['game'])}, "
                   f"version {quote(d['version'])}", game=ID, version=1)
    opts = d["setup"]
    if not isinstance(opts, dict) or set(opts) != {"hand_size"} or type(
            opts["hand_size"]) is not int or not DEALT <= opts["hand_size"] <= 6:
        raise _bad("position/bad_value", "setup must be {'hand_size': 2 to 6}", key="setup")
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) not in PLAYERS:
        raise _bad("position/bad_value", "hands must hold 2 to 8 seats' hands", key="hands")
    n = len(hands)
    for i, hand in enumerate(hands):
        if len(_cards(hand, f"hands[{i}]")) > opts["hand_size"] or hand != sorted(hand):
            raise _bad("position/bad_value", f"hands[{i}] must be sorted and hold at most "
                       f"{opts['hand_size']} cards (T2)", key=f"hands[{i}]")
    deck, pile = _cards(d["deck"], "deck"), _cards(d["pile"], "pile")
    if sorted(deck + pile + [c for h in hands for c in h]) != list(CARDS):
        raise _bad("position/cards", "the deck, the pile and the hands must hold the 36 cards "
                   "exactly (T1)")
    scores, active, rng = d["scores"], d["turn_of"], d["rng"]
    if not isinstance(scores, list) or len(scores) != n or any(
            isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores):
        raise _bad("position/bad_value", "scores must be one whole number ≥ 0 per seat",
                   key="scores")
    for key, value, top in (("turn_of", active, n - 1), ("rng", rng, MASK64)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise _bad("position/bad_value", f"{key} must be a whole number 0..{top}", key=key)
    for key in ("reshuffled", "ended"):
        if not isinstance(d[key], bool):
            raise _bad("position/bad_value", f"{key} must be true or false", key=key)
    pending = d["pending"]
    if pending is not None and (d["ended"] or pending != {
            "kind": "snap", "seat": (active + 1) % n, "card": pile[-1] if pile else None}):
        raise _bad("position/pending", "pending must be null or the next seat's snap at the "
                   "pile's top card (T3)")
    state = State(copy.deepcopy(d))
    if not d["ended"] and not state.legal_actions():
        raise _bad("position/not_ended", f"seat {state.to_move} can neither play nor draw, so "
                   "the game has ended (T5)")
    return state


def format_action(action: dict[str, Any]) -> str:
    problem = read_problem(action)
    if problem is not None:
        raise IllegalAction(problem)
    return f"play {action['card']}" if action["type"] == "play" else str(action["type"])


def parse_action(text: str) -> dict[str, Any]:
    """'play 7', 'draw', 'snap', 'pass'; IllegalAction naming what could not be read."""
    words = text.split() if isinstance(text, str) else []
    if len(words) == 2 and words[0] == "play" and words[1].isdigit():
        action: dict[str, Any] = {"type": "play", "card": int(words[1])}
    elif len(words) == 1 and words[0] in ("draw", "snap", "pass"):
        action = {"type": words[0]}
    else:
        raise IllegalAction(refusal("action/unreadable", f"cannot read {quote(text)}: write "
                                    "'play N', 'draw', 'snap' or 'pass'", text=quote(text)))
    format_action(action)
    return action


def replay(record: object) -> State:
    """The state at the end of a record; BadPosition if it is not Tiny's or does not replay."""
    if not isinstance(record, dict) or sorted(map(str, record)) != sorted(RECORD_KEYS):
        raise _bad("record/keys", f"a record is an object with the keys {list(RECORD_KEYS)}",
                   keys=list(RECORD_KEYS))
    if record["game"] != ID or record["rules_version"] != RULES_VERSION:
        raise _bad("record/other_game", f"a record of {quote(record['game'])} rules version "
                   f"{quote(record['rules_version'])}, not of {quote(ID)} version {RULES_VERSION}",
                   game=quote(record["game"]), rules_version=quote(record["rules_version"]))
    if not isinstance(record["actions"], list):
        raise _bad("record/bad_value", "the record's actions must be a list", key="actions")
    try:
        state = new_game(record["players"], record["seed"], record["options"])
    except (ValueError, TypeError) as e:
        raise _bad("record/bad_value", f"the record cannot start a game: {e}",
                   key="options") from None
    for i, action in enumerate(record["actions"]):
        try:
            state = state.apply(action)
        except IllegalAction as e:
            raise _bad("record/illegal_action", f"action {i + 1} is illegal: {e}", index=i + 1,
                       refusal=e.refusal.code) from None
    return state
