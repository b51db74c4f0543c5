"""The rulebook's tables as data: nations, player counts, trade cards, civilization cards, A.S.T.

Every number here is a fact of `rules.md` (cited per table); the rules
modules read them from here and nowhere else. Credits are written the way
A33.1 gives them (an amount towards a group's other cards or named cards) and
expanded once into `CREDITS`, so A33.2 — derived in the rulebook — is
checked against them by a test rather than typed in twice.
"""

from __future__ import annotations

from dataclasses import dataclass

# A2.6: the five groups of civilization cards.
ARTS, CRAFTS, SCIENCES, CIVICS, RELIGION = "arts", "crafts", "sciences", "civics", "religion"
GROUPS = (ARTS, CRAFTS, SCIENCES, CIVICS, RELIGION)


@dataclass(frozen=True)
class Nation:
    """A4.1: a nation, its colour and which player counts may choose it."""

    id: str
    name: str
    colour: str
    hex: str
    start_areas: tuple[int, int]
    choosable_with: frozenset[int]


_WEST_ALL = frozenset({2, 3, 5, 6, 7, 8})
_EAST = frozenset({4, 5, 6, 7, 8})
NATIONS: tuple[Nation, ...] = (
    Nation("africa", "Africa", "orange", "#E67E22", (2, 3), _WEST_ALL),
    Nation("italy", "Italy", "red", "#C0392B", (2, 3), _WEST_ALL),
    Nation("illyria", "Illyria", "yellow", "#F1C40F", (2, 3), _WEST_ALL),
    Nation("thrace", "Thrace", "dark green", "#1E8449", (1, 1), _WEST_ALL),
    Nation("crete", "Crete", "light green", "#82E0AA", (2, 3), frozenset({3, 5, 6, 7, 8})),
    Nation("asia", "Asia", "blue", "#2E86C1", (2, 3), _EAST),
    Nation("assyria", "Assyria", "purple", "#7D3C98", (2, 3), _EAST),
    Nation("babylon", "Babylon", "grey", "#808B96", (2, 3), _EAST),
    Nation("egypt", "Egypt", "sand", "#C9A66B", (3, 4), _EAST),
)
NATION_IDS = tuple(n.id for n in NATIONS)
NATION_BY_ID = {n.id: n for n in NATIONS}
BARBARIAN = "barbarian"  # A2.5: the neutral side of barbarians and pirates

# A2.1: pieces per nation.
TOKENS_PER_NATION, CITIES_PER_NATION, SHIPS_PER_NATION = 55, 9, 4
CITY_POINTS, TOKEN_POINTS = 5, 1  # A1.1 unit points


@dataclass(frozen=True)
class PlayerCount:
    """A4.2: the configuration of the map and the tokens each player uses."""

    configuration: str
    tokens: int


PLAYER_COUNTS: dict[int, PlayerCount] = {
    8: PlayerCount("full", 47),
    7: PlayerCount("full", 55),
    6: PlayerCount("full", 55),
    5: PlayerCount("no_far_west", 47),
    4: PlayerCount("east", 55),
    3: PlayerCount("west", 47),
    2: PlayerCount("west", 55),
}


def nations_for(players: int) -> tuple[str, ...]:
    """A4.2: the nations a game of this many players may choose from, in A.S.T. order."""
    return tuple(n.id for n in NATIONS if players in n.choosable_with)


@dataclass(frozen=True)
class Commodity:
    """A2.8: a commodity card kind; its stack is its face value."""

    id: str
    name: str
    value: int
    count: int


COMMODITIES: tuple[Commodity, ...] = (
    Commodity("ochre", "Ochre", 1, 7),
    Commodity("hides", "Hides", 1, 7),
    Commodity("iron", "Iron", 2, 8),
    Commodity("papyrus", "Papyrus", 2, 7),
    Commodity("salt", "Salt", 3, 9),
    Commodity("timber", "Timber", 3, 8),
    Commodity("grain", "Grain", 4, 8),
    Commodity("oil", "Oil", 4, 7),
    Commodity("cloth", "Cloth", 5, 7),
    Commodity("wine", "Wine", 5, 6),
    Commodity("bronze", "Bronze", 6, 6),
    Commodity("silver", "Silver", 6, 5),
    Commodity("spices", "Spices", 7, 6),
    Commodity("resin", "Resin", 7, 5),
    Commodity("gems", "Gems", 8, 5),
    Commodity("dye", "Dye", 8, 4),
    Commodity("gold", "Gold", 9, 5),
    Commodity("ivory", "Ivory", 9, 4),
)
COMMODITY_BY_ID = {c.id: c for c in COMMODITIES}
MINING_COMMODITIES = frozenset({"iron", "bronze", "silver", "gems", "gold"})  # A32.4


@dataclass(frozen=True)
class Calamity:
    """A2.10, A18.3: a calamity card; `order` is its place in the resolution order."""

    id: str
    name: str
    stack: int
    tradable: bool
    order: int


CALAMITIES: tuple[Calamity, ...] = (
    Calamity("volcano_earthquake", "Volcanic Eruption / Earthquake", 2, False, 1),
    Calamity("treachery", "Treachery", 2, True, 2),
    Calamity("famine", "Famine", 3, False, 3),
    Calamity("superstition", "Superstition", 3, True, 4),
    Calamity("civil_war", "Civil War", 4, False, 5),
    Calamity("slave_revolt", "Slave Revolt", 4, True, 6),
    Calamity("flood", "Flood", 5, False, 7),
    Calamity("barbarian_hordes", "Barbarian Hordes", 5, True, 8),
    Calamity("epidemic", "Epidemic", 6, True, 9),
    Calamity("civil_disorder", "Civil Disorder", 7, True, 10),
    Calamity("iconoclasm_heresy", "Iconoclasm and Heresy", 8, True, 11),
    Calamity("piracy", "Piracy", 9, True, 12),
)
CALAMITY_BY_ID = {c.id: c for c in CALAMITIES}


@dataclass(frozen=True)
class Stack:
    """A2.10: one of the nine trade-card stacks."""

    number: int
    commodities: tuple[str, ...]
    tradable_calamity: str | None
    non_tradable_calamity: str | None

    @property
    def cards(self) -> tuple[str, ...]:
        """The stack's whole contents in canonical order (A37.2), one id per card."""
        cards: list[str] = []
        for cid in self.commodities:
            cards += [cid] * COMMODITY_BY_ID[cid].count
        cards += [c for c in (self.tradable_calamity, self.non_tradable_calamity) if c]
        return tuple(cards)


def _stack(number: int) -> Stack:
    def calamity(tradable: bool) -> str | None:
        ids = [c.id for c in CALAMITIES if c.stack == number and c.tradable == tradable]
        return ids[0] if ids else None

    return Stack(number, tuple(c.id for c in COMMODITIES if c.value == number),
                 calamity(True), calamity(False))


STACKS: tuple[Stack, ...] = tuple(_stack(n) for n in range(1, 10))
TRADE_CARD_IDS: tuple[str, ...] = tuple(cid for s in STACKS for cid in dict.fromkeys(s.cards))
CARD_STACK: dict[str, int] = {cid: s.number for s in STACKS for cid in s.cards}
CARD_ORDER: dict[str, int] = {cid: i for i, cid in enumerate(TRADE_CARD_IDS)}
STACK9_PRICE = 18  # A16.2: treasury tokens per card bought from stack 9


@dataclass(frozen=True)
class CivCard:
    """A33.1: a civilization card; `credits` are given to other cards while not yet owned."""

    id: str
    name: str
    groups: tuple[str, ...]
    cost: int
    prerequisite: str | None


CIV_CARDS: tuple[CivCard, ...] = (
    CivCard("pottery", "Pottery", (CRAFTS,), 45, None),
    CivCard("cloth_making", "Cloth Making", (CRAFTS,), 45, None),
    CivCard("metalworking", "Metalworking", (CRAFTS,), 80, None),
    CivCard("agriculture", "Agriculture", (CRAFTS,), 110, None),
    CivCard("roadbuilding", "Roadbuilding", (CRAFTS,), 140, "engineering"),
    CivCard("mining", "Mining", (CRAFTS,), 180, "engineering"),
    CivCard("engineering", "Engineering", (CRAFTS, SCIENCES), 140, None),
    CivCard("astronomy", "Astronomy", (SCIENCES,), 80, None),
    CivCard("coinage", "Coinage", (SCIENCES,), 110, None),
    CivCard("medicine", "Medicine", (SCIENCES,), 140, None),
    CivCard("mathematics", "Mathematics", (SCIENCES, ARTS), 230, None),
    CivCard("drama_and_poetry", "Drama and Poetry", (ARTS,), 60, None),
    CivCard("music", "Music", (ARTS,), 60, None),
    CivCard("architecture", "Architecture", (ARTS,), 120, None),
    CivCard("literacy", "Literacy", (ARTS, CIVICS), 110, None),
    CivCard("law", "Law", (CIVICS,), 170, None),
    CivCard("democracy", "Democracy", (CIVICS,), 200, "law"),
    CivCard("military", "Military", (CIVICS,), 180, None),
    CivCard("philosophy", "Philosophy", (CIVICS,), 240, "law"),
    CivCard("mysticism", "Mysticism", (RELIGION, ARTS), 50, None),
    CivCard("deism", "Deism", (RELIGION,), 80, None),
    CivCard("enlightenment", "Enlightenment", (RELIGION,), 150, None),
    CivCard("monotheism", "Monotheism", (RELIGION,), 220, "enlightenment"),
    CivCard("theology", "Theology", (RELIGION,), 250, "enlightenment"),
)
CIV_CARD_BY_ID = {c.id: c for c in CIV_CARDS}
CIV_CARD_IDS = tuple(c.id for c in CIV_CARDS)

# A33.1's credit column: per card held, (amount, targets); a target is a card id
# or "other <group>" (every other card of that group, two-group cards included).
_CRAFTS_CREDIT = ((10, ("other crafts", "democracy", "monotheism")),)
_SCIENCES_CREDIT = ((20, ("other sciences", "philosophy", "theology")),)
_CREDITS_GIVEN: dict[str, tuple[tuple[int, tuple[str, ...]], ...]] = {
    "pottery": _CRAFTS_CREDIT,
    "cloth_making": _CRAFTS_CREDIT,
    "metalworking": (*_CRAFTS_CREDIT, (20, ("military",))),
    "agriculture": _CRAFTS_CREDIT,
    "roadbuilding": _CRAFTS_CREDIT,
    "mining": _CRAFTS_CREDIT,
    "engineering": _CRAFTS_CREDIT + _SCIENCES_CREDIT,
    "astronomy": _SCIENCES_CREDIT,
    "coinage": _SCIENCES_CREDIT,
    "medicine": _SCIENCES_CREDIT,
    "mathematics": ((20, ("other sciences",)), (5, ("other arts", "law")),
                    (10, ("enlightenment",)), (25, ("philosophy", "theology"))),
    "drama_and_poetry": ((5, ("mathematics", "music", "architecture", "law", "mysticism")),
                         (10, ("democracy", "enlightenment")), (20, ("literacy",))),
    "music": ((5, ("drama_and_poetry", "literacy", "architecture", "law", "mysticism")),
              (10, ("democracy", "enlightenment")), (20, ("mathematics", "philosophy"))),
    "architecture": ((5, ("other arts",)), (10, ("democracy", "enlightenment")), (15, ("law",))),
    "literacy": ((5, ("other arts",)), (10, ("enlightenment",)),
                 (25, ("law", "democracy", "philosophy"))),
    "mysticism": ((5, ("other arts",)), (15, ("other religion",))),
    "deism": ((15, ("enlightenment", "monotheism", "theology")),),
    "enlightenment": ((15, ("monotheism", "theology")),),
}


def _expand_credits() -> dict[str, dict[str, int]]:
    credits: dict[str, dict[str, int]] = {}
    for giver, entries in _CREDITS_GIVEN.items():
        given: dict[str, int] = {}
        for amount, targets in entries:
            for target in targets:
                if target.startswith("other "):
                    group = target.removeprefix("other ")
                    named = [c.id for c in CIV_CARDS if group in c.groups and c.id != giver]
                else:
                    named = [target]
                for card in named:
                    given[card] = amount
        credits[giver] = given
    return credits


CREDITS: dict[str, dict[str, int]] = _expand_credits()
"""Per card held, the credit it gives towards buying each other card (A33.1)."""


@dataclass(frozen=True)
class AstSpace:
    """A5.2: one space of a nation's A.S.T. track and what entering it takes."""

    number: int
    epoch: str
    cities: int
    groups: int
    cards: int
    value: int


_EPOCHS = (
    # (first space, last space, epoch, cities, groups covered, cards held)
    (1, 4, "Stone Age", 0, 0, 0),
    (5, 7, "Early Bronze Age", 2, 0, 0),
    (8, 10, "Late Bronze Age", 3, 3, 0),
    (11, 13, "Early Iron Age", 4, 5, 9),
    (14, 16, "Late Iron Age", 5, 0, 0),
)
_LATE_IRON_VALUES = {14: 1200, 15: 1500, 16: 1800}

AST_SPACES: tuple[AstSpace, ...] = tuple(
    AstSpace(n, epoch, cities, groups, cards, _LATE_IRON_VALUES.get(n, 0))
    for first, last, epoch, cities, groups, cards in _EPOCHS
    for n in range(first, last + 1)
)
AST_START, AST_FINISH = 1, 16
