"""What a newcomer to the Advanced Civilization text game needs to ask: where, who, why not.

The map in words (`map`, `area N`), every seat's public pieces and cards
(A1.5: all but trade hands), answers grouped where a bare list would be
too long, examples of the open answers a hand allows, and the reasons a
move is refused or a marker stays. Everything is read from the engine's
view, board and rule functions; nothing here decides a rule.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

import engine.civ as civ
from ai.civ.determinize import counted_under, heard_holdings
from engine.civ.actions import FIELDS
from engine.civ.ast_track import space, starts_epoch
from engine.civ.cities import city_requirement
from engine.civ.civ_cards import card_value, credit, groups_covered, price
from engine.civ.map_schema import Area, CivMap
from engine.civ.position import Position
from engine.civ.purchases import returnable
from engine.civ.scoring import POINTS_PER_AST_SPACE, POINTS_PER_CITY
from engine.civ.support import TOKENS_PER_CITY
from engine.civ.surplus import surplus_limit
from engine.civ.tables import (
    AST_FINISH,
    AST_START,
    CALAMITY_BY_ID,
    CIV_CARD_BY_ID,
    CIV_CARDS,
    COMMODITY_BY_ID,
    STACKS,
)
from engine.civ.trade_cards import best_mining_value, canonical, cards_value

MAP_PICTURE = "docs/screenshots/civ-map.png"
AREA_FIELDS = ("area", "area_or_none", "areas")


def label(board: CivMap, area: int) -> str:
    return f"{board.area(area).name} ({area})"


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def find_area(board: CivMap, word: str) -> int | None:
    """The area a typed word means: its number, its name (any case, spaces written as `_`,
    `-` or left out), or the one name it begins; None if it means none or several."""
    if word.isdigit():
        n = int(word)
        return n if any(a.id == n for a in board.areas) else None
    key = _key(word)
    if not key:
        return None
    exact = [a.id for a in board.areas if _key(a.name) == key]
    if exact:
        return exact[0]
    starts = [a.id for a in board.areas if _key(a.name).startswith(key)]
    return starts[0] if len(starts) == 1 and len(key) >= 3 else None


def with_area_numbers(board: CivMap, text: str) -> str:
    """`text` with the area names typed where an action takes an area replaced by numbers
    (`move dalmatia pannonia 2` → `move 43 42 2`); other words are left as typed."""
    first, *words = text.split()
    kind = {"ship": "build_ship", "show": "show_grain"}.get(first, first)
    if kind not in FIELDS:
        return text
    fields = list(FIELDS[kind].values())
    out = [first]
    for i, word in enumerate(words):
        field = fields[min(i, len(fields) - 1)] if fields else None
        if field in AREA_FIELDS and not word.isdigit() and word != "none":
            area = find_area(board, word)
            out.append(str(area) if area is not None else word)
        else:
            out.append(word)
    return " ".join(out)


def who(state: civ.State, side: str | int, viewer: int) -> str:
    if side == "barbarian":
        return "barbarians"
    seat = int(side)
    if seat == viewer:
        return "you"
    nation = state.position.seats[seat].nation
    return f"seat {seat} ({nation})" if nation else f"seat {seat}"


def _features(pos: Position, a: Area) -> list[str]:
    board = pos.board
    kind = {"land": "land", "coastal": "coastal", "open_sea": "open sea"}[a.kind]
    bits = [kind]
    if a.is_land:
        bits.append(f"population limit {a.limit}")
        bits.append({"none": "no city site", "black": "city site",
                     "white": "white city site (a flood plain's, A3.5)"}
                    .get(a.city_site, a.city_site)
                    + f": a city needs {city_requirement(pos, a.id)} tokens (A14.2)")
    if a.flood_plain:
        name = next(f.name for f in board.flood_plains if f.id == a.flood_plain)
        bits.append(f"flood plain {name} (Flood, A25)")
    if a.volcano:
        name = next(f.name for f in board.volcanoes if f.id == a.volcano)
        bits.append(f"volcano {name} (Volcanic Eruption, A19)")
    if a.start:
        bits.append(f"start area of {a.start}")
    return bits


def pieces_in(state: civ.State, viewer: int, area: int) -> list[str]:
    """Every side's tokens, the city and the ships in `area` (all public, A1.5)."""
    view = state.view(viewer)
    out: list[str] = []
    for a in view["areas"]:
        if a["id"] != area:
            continue
        out += [f"{who(state, side, viewer)}: {n} token(s)" for side, n in a["tokens"].items()]
        if a["city"] is not None:
            owner = a["city"]["owner"]
            out.append("a pirate city" if owner == "barbarian"
                       else f"a city of {who(state, owner, viewer)}")
    out += [f"ship {s['number']} of {who(state, s['owner'], viewer)}"
            + (f" ({s['aboard']} aboard)" if s["aboard"] else "")
            for s in view["ships"] if s["area"] == area]
    return out


def area_lines(state: civ.State, viewer: int, area: int) -> list[str]:
    """`area N`: what the area is, its neighbours by land and by water, and who is there."""
    board = state.position.board
    a = board.area(area)
    in_play = state.position.in_play()
    lines = [f"{label(board, area)}: " + ", ".join(_features(state.position, a))
             + ("" if area in in_play else "; not in play in this game (A4.3)")]
    for over, word in (("land", "by land"), ("water", "by water")):
        near = [n for n in board.neighbours(area, over=over) if n in in_play
                and (board.area(n).is_land if over == "land" else board.area(n).is_water)]
        if over == "water" and not a.is_water:
            continue
        lines.append(f"  next to it {word}: "
                     + (", ".join(label(board, n) for n in near) or "none"))
    here = pieces_in(state, viewer, area)
    lines.append("  here: " + ("; ".join(here) or "nobody"))
    lines.append(f"  (the map picture: {MAP_PICTURE})")
    return lines


def map_lines(state: civ.State, viewer: int) -> list[str]:
    """`map`: every area in play in one line each, with who is there."""
    board = state.position.board
    in_play = state.position.in_play()
    lines = [f"The map ({MAP_PICTURE}); `area N` or `area NAME` tells one area in full."]
    for a in board.areas:
        if a.id not in in_play:
            continue
        mark = ("sea" if not a.is_land else
                f"limit {a.limit}" + {"black": ", site", "white": ", white site"}
                .get(a.city_site, "") + (", flood" if a.flood_plain else "")
                + (", volcano" if a.volcano else ""))
        here = pieces_in(state, viewer, a.id)
        lines.append(f"  {a.id:>3} {a.name} [{mark}]" + (": " + "; ".join(here) if here else ""))
    return lines


def seat_lines(state: civ.State, viewer: int) -> list[str]:
    """`seats`: every seat's public state (A1.5): A.S.T., treasury, stock, where its tokens
    and cities are, its civilization cards; of a trade hand only its size, the viewer's own
    hand in full."""
    view = state.view(viewer)
    board = state.position.board
    lines: list[str] = []
    for i, s in enumerate(view["seats"]):
        status = {"active": "", "inactive": ", left the game",
                  "waiting": ", waiting to enter"}[s["status"]]
        tokens = {a["id"]: a["tokens"][str(i)] for a in view["areas"] if str(i) in a["tokens"]}
        cities = [a["id"] for a in view["areas"]
                  if a["city"] is not None and a["city"]["owner"] == i]
        lines.append(f"{'you' if i == viewer else 'seat ' + str(i)} "
                     f"({s['nation'] or 'no nation yet'}{status}): A.S.T. space {s['ast']}, "
                     f"treasury {s['treasury']}, stock {s['stock']['tokens']} tokens and "
                     f"{s['stock']['cities']} cities, {sum(tokens.values())} tokens on the "
                     f"board")
        lines.append("  tokens: " + (", ".join(f"{n} in {label(board, a)}"
                                               for a, n in tokens.items()) or "none"))
        lines.append("  cities: " + (", ".join(label(board, a) for a in cities) or "none"))
        lines.append(f"  civilization cards ({card_value(s['cards'])} points, "
                     f"{groups_covered(s['cards'])} groups): "
                     + (", ".join(CIV_CARD_BY_ID[c].name for c in s["cards"]) or "none"))
        if i == viewer:
            lines.append("  your trade cards: " + (" ".join(s["hand"]) or "none"))
        else:
            lines.append(f"  trade cards: {s['hand_size']} (hidden, A1.5)")
        lines += [f"  ship {sh['number']} in {label(board, sh['area'])}"
                  + (f", {sh['aboard']} aboard" if sh["aboard"] else "")
                  for sh in view["ships"] if sh["owner"] == i]
    return lines + stack_lines(view)


def stack_lines(view: dict[str, Any]) -> list[str]:
    """The stacks' sizes, how far down each non-tradable calamity lies (it only goes to the
    very bottom, in view of all, A6.2, A32.6) and the cards seen going under them that are
    still there (`counted_under`; A32.4, A32.6): what anyone who counted knows."""
    parts = []
    for stack, size, depth in zip(STACKS, view["stack_sizes"], view["calamity_depths"],
                                  strict=True):
        bottom = stack.non_tradable_calamity
        parts.append(f"{stack.number}: {size}" + (
            f" ({CALAMITY_BY_ID[bottom].name} is card {depth + 1})"
            if bottom is not None and depth is not None else ""))
    counted = canonical(counted_under(view).elements())
    return ["stacks (cards in each): " + ", ".join(parts),
            *(["in no hand, counted going under the stacks (A32.6): " + " ".join(counted)]
              if counted else [])]


def support_warning(state: civ.State, seat: int) -> str | None:
    """A7.5, A15: a warning when, after surplus removal, the seat's tokens would not support
    its cities (2 each), so that a city would be reduced at the end of phase 8."""
    pos = state.position
    cities = len(pos.cities_of(seat))
    if not cities or pos.seats[seat].status != "active":
        return None
    kept = sum(min(here[seat], surplus_limit(pos, area, seat)) if len(here) == 1
               else here[seat] for area, here in pos.tokens.items()
               if seat in here and area not in pos.cities)
    if kept >= TOKENS_PER_CITY * cities:
        return None
    return (f"warning: your {cities} cities need {TOKENS_PER_CITY * cities} tokens on the "
            f"board (A7.5); after surplus removal (A15.1: no more than each area's limit) "
            f"you would have {kept}, so a city will be reduced at the end of phase 8")


def surplus_warning(state: civ.State, seat: int) -> str | None:
    """A15.1: the areas where the seat's tokens stand alone above the limit, whose surplus
    will be removed in phase 8."""
    pos = state.position
    over = [(area, here[seat] - surplus_limit(pos, area, seat))
            for area, here in sorted(pos.tokens.items())
            if list(here) == [seat] and area not in pos.cities
            and here[seat] > surplus_limit(pos, area, seat)]
    if not over:
        return None
    return ("note: above the population limit, " + ", ".join(
        f"{n} in {label(pos.board, area)}" for area, n in over)
        + " will be removed in phase 8 unless they move or a city is built (A15.1)")


def movement_help(state: civ.State) -> list[str]:
    """The movement answers grouped by the area they leave and by ship, not one per line."""
    board = state.position.board
    legal = state.legal_actions()
    moves: dict[int, dict[int, int]] = {}
    roads: dict[int, dict[int, int]] = {}
    ships: dict[int, dict[str, list[Any]]] = {}
    for a in legal:
        if a["type"] == "move":
            got = moves.setdefault(a["from"], {})
            got[a["to"]] = max(got.get(a["to"], 0), a["count"])
        elif a["type"] == "road":
            got = roads.setdefault(a["from"], {})
            got[a["to"]] = max(got.get(a["to"], 0), a["count"])
        elif a["type"] in ("sail", "load", "unload"):
            steps = ships.setdefault(a["ship"], {"sail": [], "load": [], "unload": []})
            steps[a["type"]].append(a["to"] if a["type"] == "sail" else a["count"])
    lines = ["answers by area (move FROM TO COUNT; names work as well as numbers):"]
    for frm, tos in sorted(moves.items()):
        most = max(tos.values())
        lines.append(f"  from {label(board, frm)}, up to {most} token(s): to "
                     + ", ".join(label(board, t) for t in sorted(tos)))
    for frm, tos in sorted(roads.items()):
        lines.append(f"  by road (road FROM VIA TO COUNT) from {label(board, frm)}: to "
                     + ", ".join(label(board, t) for t in sorted(tos)))
    for number, steps in sorted(ships.items()):
        bits = []
        if steps["sail"]:
            bits.append("sail to " + ", ".join(label(board, t) for t in steps["sail"])
                        + f" (sail {number} TO)")
        if steps["load"]:
            bits.append(f"load 1–{max(steps['load'])} (load {number} COUNT)")
        if steps["unload"]:
            bits.append(f"unload 1–{max(steps['unload'])} (unload {number} COUNT)")
        lines.append(f"  ship {number}: " + "; ".join(bits))
    lines.append("  done: end your movement")
    return lines


def why_not_moved(state: civ.State, action: dict[str, Any]) -> str | None:
    """Why a movement answer is not among the legal ones, in the board's terms (A12)."""
    pos = state.position
    board = pos.board
    pending = state.pending
    if pending is None or pending["kind"] != "movement":
        return None
    seat = int(pending["seat"])
    legal = state.legal_actions()
    kind = action["type"]
    ship_under_way = pending.get("ship")
    if kind in ("move", "road"):
        for field in ("from", "via", "to"):
            area = action.get(field)
            if area is not None and (area not in pos.in_play()):
                return f"there is no area {area} in play (`map` lists them)"
        if pos.tokens_of(seat, action["from"]) == 0:
            return f"you have no tokens in {label(board, action['from'])}"
        if ship_under_way is not None and not any(a["type"] == kind for a in legal):
            return (f"ship {ship_under_way} must first end its move in a coastal area with "
                    "nobody aboard (A12.5)")
        first = action["via"] if kind == "road" else action["to"]
        if first == action["from"]:
            return "a move goes to another area"
        if first not in board.neighbours(action["from"], over="land") \
                or not board.area(first).is_land:
            return (f"{label(board, first)} is not adjacent to {label(board, action['from'])}"
                    " by land (A12.2; `area " + str(action["from"]) + "` lists its neighbours)")
        if kind == "road":
            if "roadbuilding" not in pos.seats[seat].cards:
                return "a road move needs Roadbuilding (A12.2b)"
            if action["to"] not in board.neighbours(action["via"], over="land"):
                return (f"{label(board, action['to'])} is not adjacent to "
                        f"{label(board, action['via'])} by land")
            return (f"{label(board, action['via'])} holds another side's unit, which stops a "
                    "road move (A12.2b)")
        can = max((a["count"] for a in legal if a["type"] == "move"
                   and a["from"] == action["from"]), default=0)
        return (f"{can} of your tokens in {label(board, action['from'])} may still move, not "
                f"{action['count']} (A12.2: a token that moved or landed this phase stays)")
    if kind in ("sail", "load", "unload"):
        return _why_not_sailed(state, action, seat, legal)
    return None


def why_not(state: civ.State, action: dict[str, Any]) -> str | None:
    """Why an unlisted movement or city answer is not possible, in the board's terms."""
    return why_not_moved(state, action) or why_not_built(state, action)


def why_not_built(state: civ.State, action: dict[str, Any]) -> str | None:
    """Why a city cannot be built where `build` asks (A14.2–A14.3)."""
    pos = state.position
    pending = state.pending
    if pending is None or pending["kind"] != "cities" or action["type"] != "build":
        return None
    seat, area = int(pending["seat"]), action["area"]
    if area not in pos.in_play() or not pos.board.area(area).is_land:
        return f"area {area} is no land area in play (`map` lists them)"
    if area in pos.cities:
        return f"{label(pos.board, area)} already holds a city"
    if pos.seats[seat].stock_cities == 0:
        return "you have no city left in stock"
    return (f"a city in {label(pos.board, area)} needs {city_requirement(pos, area)} of your "
            f"tokens there, you have {pos.tokens_of(seat, area)} (A14.2: 6 on a city site, "
            "12 elsewhere; Architecture, A14.3, makes up half from the treasury once a turn)")


def _why_not_sailed(state: civ.State, action: dict[str, Any], seat: int,
                    legal: list[dict[str, Any]]) -> str | None:
    pos = state.position
    board = pos.board
    kind = action["type"]
    mine = [s for s in pos.ships if s.owner == seat and s.number == action["ship"]]
    if not mine:
        return f"you have no ship {action['ship']}"
    sh = mine[0]
    if not any(a["type"] in ("sail", "load", "unload") and a["ship"] == sh.number
               for a in legal):
        return f"ship {sh.number}'s move is over for this phase (A12.4)"
    if kind == "sail":
        if action["to"] not in pos.in_play():
            return f"there is no area {action['to']} in play (`map` lists them)"
        if action["to"] not in board.neighbours(sh.area, over="water"):
            return (f"{label(board, action['to'])} is not adjacent to "
                    f"{label(board, sh.area)} by water")
        return ("that sail would leave the ship unable to end its move in a coastal area "
                "(A12.4–A12.6: sails left, coasts, open sea)")
    if board.area(sh.area).kind != "coastal":
        return f"ship {sh.number} is at sea: tokens board and land in coastal areas (A12.4)"
    return ("at most 5 tokens aboard, of your unmoved tokens in the ship's area (A12.4)"
            if kind == "load" else f"ship {sh.number} holds {sh.aboard} token(s)")


def purchase_lines(state: civ.State, seat: int) -> list[str]:
    """The civilization cards with their price after the credits of the cards held, marked
    where the hand and treasury can buy them now (A32.2–A32.4), and a typed example."""
    s = state.position.seats[seat]
    held = set(s.cards)
    spendable = returnable(state.position, seat)
    hand_value = best_mining_value(spendable) if "mining" in held and not s.mining_used \
        else cards_value(spendable)
    reach = hand_value + s.treasury
    lines = [f"your commodity cards are worth {hand_value} (A2.9: n cards of a kind are worth "
             f"n x n x face value), with your treasury {s.treasury}: {reach}"]
    buyable: list[tuple[int, str]] = []
    for card in CIV_CARDS:
        if card.id in held:
            continue
        cost = price(held, [card.id])
        needs = card.prerequisite
        blocked = needs is not None and (needs not in held or needs in s.cards_new)
        mark = ("needs " + CIV_CARD_BY_ID[needs].name if blocked and needs
                else "can buy" if cost <= reach else "too dear")
        credits = credit(held, card.id)
        lines.append(f"  {card.id:<16} {card.name:<16} cost {card.cost:>3}"
                     + (f" - credits {credits} = {cost}" if credits else "")
                     + f"  [{mark}]")
        if mark == "can buy":
            buyable.append((cost, card.id))
    for cost, card_id in sorted(buyable):
        pay = _cheapest_payment(spendable, max(0, cost - s.treasury))
        text = f"purchase {card_id}" + (f" pay {' '.join(pay)}" if pay else "")
        if state.check(civ.parse_action(text)) is None:
            lines.append(f"example: {text}   (several cards: purchase CARD CARD pay ...; "
                         "the treasury pays what the cards do not)")
            break
    return lines


def _cheapest_payment(spendable: list[str], due: int) -> list[str]:
    """The cards worth least (then fewest) that, with the treasury, pay `due` (A32.4)."""
    counts = sorted(Counter(spendable).items())
    best: tuple[int, int, list[str]] | None = None
    for choice in product(*(range(n + 1) for _, n in counts)):
        pay = [c for (c, _), k in zip(counts, choice, strict=True) for _ in range(k)]
        value = cards_value(pay)
        if value >= due and (best is None or (value, len(pay)) < best[:2]):
            best = (value, len(pay), pay)
    return [] if best is None else best[2]


def heard_line(view: dict[str, Any]) -> list[str]:
    """The cards other seats surely hold by what the table heard this trade phase (A17.2:
    the cards a proposal names are held; A17.3: everyone hears them), as a player at a real
    table remembers them."""
    said = [f"{seat} ({view['seats'][seat]['nation']}) holds {' '.join(canonical(held.elements()))}"
            for seat, held in sorted(heard_holdings(view).items())
            if seat != view["viewer"] and +held]
    return ["heard this phase: " + "; ".join(said)] if said else []


def trade_examples(state: civ.State, seat: int) -> list[str]:
    """Typed examples of the trade answers this hand allows now (A17.3–A17.4). Only an
    acceptance, which depends on this hand alone, is checked by the engine: an example
    kept or dropped by what another hand holds would tell that hand (A1.5), so the others
    are built from public facts (hand sizes) and shown as they are."""
    pending = state.pending
    assert pending is not None
    view = state.view(seat)
    hand = [c for c in state.position.seats[seat].hand if c in COMMODITY_BY_ID]
    if len(hand) < 3:
        return []
    own = sorted(hand, key=lambda c: (-hand.count(c), c))
    offer = f"give {' '.join(own[:3])} named {' '.join(own[:2])}"
    lines: list[str] = []
    if pending["kind"] == "trade_open":
        others = [i for i, s in enumerate(view["seats"]) if i != seat
                  and s["status"] == "active" and s["hand_size"] >= 3]
        wanted = next(c for c in ("grain", "cloth", "salt", "iron", "ochre") if c not in own)
        heard = heard_holdings(view)
        if others:   # a seat heard to hold cards first, asked for them (public, A17.3)
            to = next((s for s in others if +heard.get(s, Counter())), others[0])
            held = [c for c in canonical(heard.get(to, Counter()).elements()) if c not in own[:3]]
            asked = [*held, wanted, wanted][:2]
            lines.append(f"propose {to} {offer} want 3 {' '.join(asked)}")
        return ["for example: " + t for t in lines]
    p = pending["proposal"]
    rest = Counter(hand) - Counter(p["want_named"])
    fill = list((Counter(hand) - rest).elements())
    spare = sorted(rest.elements(), key=lambda c: COMMODITY_BY_ID[c].value)
    accept = f"accept give {' '.join(fill + spare[:max(0, p['want'] - len(fill))])}"
    if state.check(civ.parse_action(accept)) is None:
        lines.append(accept)
    if len(p["named"]) >= 2 and view["seats"][p["from"]]["hand_size"] >= 3:
        lines.append(f"counter {offer} want 3 {' '.join(p['named'][:2])}")
    return ["for example: " + t for t in lines]


def ast_stay_reason(state: civ.State, seat: int) -> str:
    """A34.1: why a marker stayed, by the first of the rule's steps that holds it."""
    pos = state.position
    s = pos.seats[seat]
    cities = len(pos.cities_of(seat))
    here = space(s.ast)
    if s.ast == AST_FINISH:
        return "it is on the finish"
    if cities < here.cities:
        return f"space {s.ast} needs {here.cities} cities on the board, it has {cities}"
    ahead = space(s.ast + 1)
    if starts_epoch(s.ast + 1):
        want = []
        if cities < ahead.cities:
            want.append(f"{ahead.cities} cities (has {cities})")
        if groups_covered(s.cards) < ahead.groups:
            want.append(f"cards of {ahead.groups} groups (has {groups_covered(s.cards)})")
        if len(s.cards) < ahead.cards:
            want.append(f"{ahead.cards} civilization cards (has {len(s.cards)})")
        if want:
            return f"entering the {ahead.epoch} epoch needs " + ", ".join(want) + " (A5.2)"
    return (f"space {s.ast + 1} needs civilization cards worth {ahead.value}, it has "
            f"{card_value(s.cards)} (A5.2)")


def score_lines(state: civ.State, viewer: int, scores: dict[str, int]) -> list[str]:
    """A35.2 part by part; the trade cards' part is what the total leaves (another seat's
    hand stays hidden, A1.5)."""
    pos = state.position
    lines = ["scores (A35.2): civilization cards + trade cards + treasury + 100 per A.S.T. "
             "space beyond the start + 50 per city"]
    for place, seats in enumerate(state.ranking(), start=1):
        for seat in seats:
            s = pos.seats[seat]
            total = scores.get(str(seat))
            if total is None:
                lines.append(f"{place}. {who(state, seat, viewer)}: waiting, no score")
                continue
            cards = card_value(s.cards)
            ast = POINTS_PER_AST_SPACE * (s.ast - AST_START)
            cities = POINTS_PER_CITY * len(pos.cities_of(seat))
            hand = total - cards - s.treasury - ast - cities
            name = who(state, seat, viewer) + (f" ({s.nation})" if seat == viewer else "")
            lines.append(f"{place}. {name}: {total} points = "
                         f"cards {cards} + trade cards {hand} + treasury {s.treasury} + "
                         f"A.S.T. {ast} + cities {cities}")
    return lines
