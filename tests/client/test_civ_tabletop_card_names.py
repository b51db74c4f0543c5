"""Long card names stay readable on the tabletop's held hands (A1.5: a hand is read by
its holder across the table): "Volcanic Eruption / Earthquake ×1" was fitted on one line
of a 3.2-unit card and set at 9 px on a short strip. Now a name goes on two lines where
one is too short, and the cards are as wide as their names need, so no name is set
below 11 px nor cut, at 2–8 seats."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from support.apps import make_app
from test_civ_tabletop import hand_of, strip_point

from engine.civ.tables import CALAMITIES
from game import i18n
from game.civ import card_labels, words
from game.civ.tabletop import CivTabletop
from game.civ.tabletop_layout import civ_tabletop_layout
from game.kit.tabletop_fingers import Fingers
from game.scenes.flow import start_new_game
from game.ui import text

SIZES = [(1920, 1080), (1280, 800)]
LONG_HAND = ["volcano_earthquake", "iconoclasm_heresy", "barbarian_hordes",
             "civil_disorder", "spices", "spices"]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("seats", range(2, 9))
def test_A1_5_a_held_hands_long_card_names_are_set_whole_at_a_readable_size(
        data_dir: Any, size: tuple[int, int], seats: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size, tabletop=True, game="civ")
    try:
        table = start_new_game(app, ["human"] * seats, seed=5, options={"turn_limit": 3})
        assert isinstance(table, CivTabletop)
        app.run_frames(1)
        seat = seats - 1   # the last seat sits on a short side strip from seven seats on
        table.session.state = hand_of(table.session.state, seat, LONG_HAND)
        table.refresh()
        fingers = Fingers(app)
        holder = fingers.down(strip_point(table, seat))
        assert table.fingers.is_open(seat)
        cards = [b for b in table.panel_view(seat).controls if b.id.startswith("card:")]
        assert {b.id for b in cards} >= {f"card:{c}" for c in LONG_HAND}
        drawn: list[tuple[str, int, tuple[int, int]]] = []
        blit = text.blit

        def noting(surface: pygame.Surface, line: str, role: str, px: int, colour: Any,
                   pos: Any, anchor: str = "topleft") -> Any:
            drawn.append((line, px, pos))
            return blit(surface, line, role, px, colour, pos, anchor)

        monkeypatch.setattr(text, "blit", noting)
        app.run_frames(1)
        monkeypatch.setattr(text, "blit", blit)
        for card in cards:   # the held panel's own (upright) coordinates, as drawn
            said = [(line, px) for line, px, pos in drawn
                    if line in card.label and card.rect.collidepoint(pos)]
            assert " ".join(line for line, _px in said) == card.label, (card, said)
            for line, px in said:
                assert px >= card_labels.LEAST_PX, (line, px)
                assert text.size(line, "bold", px)[0] <= card.rect.w - 6, f"{line} is cut"
        fingers.up(holder, strip_point(table, seat))
    finally:
        for scene in list(app.stack.scenes):
            scene.exit()
        app.close()


@pytest.mark.parametrize("language", sorted(i18n.languages()))
def test_every_calamitys_name_fits_a_short_strips_card_in_every_language(
        language: str) -> None:
    """The longest names are the calamities' (a hand holds them until they strike); the
    shortest strips are the side strips of eight seats at 1280×800."""
    i18n.set_language(language)
    try:
        tl = civ_tabletop_layout(1280, 800, 8)
        seat = min(range(8), key=lambda s: tl.seats[s].length)
        labels = [f"{words.card_name(c.id)} ×2" for c in CALAMITIES]
        held = tl.held(seat, len(labels), 0, 0, 0, card_labels.least_width(labels))
        for label, rect in zip(labels, held.cards, strict=True):
            size, lines = card_labels.fitted(label, 15, card_labels.inner(rect))
            assert size >= card_labels.LEAST_PX and " ".join(lines) == label
            assert all(text.size(line, "bold", size)[0] <= card_labels.inner(rect).w
                       for line in lines), (label, lines, rect)
    finally:
        i18n.set_language("en")
