"""The table kit's widgets (game/kit, issue 20): a card hand, a count picker, a chooser
of N of M, a track and seat panels, each on a small scene of its own and driven
through the real input path (pygame events → InputMapper → intents → the scene), by
mouse, finger and keys; and laid out at 800×480 and 1920×1080 without overflowing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from support.apps import make_app

from game import layout as geo
from game.app import App
from game.kit.card_hand import CardHand
from game.kit.chooser import Chooser, Item
from game.kit.count_picker import CountPicker
from game.kit.seat_panel import SeatPanel, SeatPanels, draw_panel
from game.kit.track import Band, SeatMark, Track
from game.kit.widget import Widget, WidgetHost
from game.scene import Scene
from game.scenes.dialog import DialogScene, DialogSpec, Option
from game.ui import skin

SIZES = [(800, 480), (1920, 1080)]


class WidgetScene(Scene):
    """One widget in the middle of the screen, as a game's table would host it."""

    def __init__(self, app: App, widget: Widget) -> None:
        super().__init__(app)
        self.host = WidgetHost(widget)
        self.other: list[Any] = []   # intents the widget left to the scene

    def resize(self, w: int, h: int) -> None:
        c = geo.unit(w, h)
        margin = c // 2
        width = w - 2 * margin
        px = geo.font_px(w, h)
        height = min(h - 2 * margin, self.host.widget.height(width, c, px))
        self.host.place(pygame.Rect(margin, margin, width, height), c, px)

    def handle(self, intent: Any) -> None:
        if not self.host.handle(intent):
            self.other.append(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((40, 30, 20))
        r = self.host.rect.inflate(self.host.c // 2, self.host.c // 2)
        surface.blit(skin.panel(r.w, r.h), r)
        self.host.draw(surface)


class Hand:
    """A person at the screen: real SDL events, one frame each, mouse or finger."""

    def __init__(self, app: App, touch: bool = False) -> None:
        self.app = app
        self.touch = touch

    def frames(self, n: int = 1) -> None:
        self.app.run_frames(n, 1.0 / 60.0)

    def tap(self, pos: tuple[int, int]) -> None:
        if self.touch:
            w, h = self.app.size
            for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
                pygame.event.post(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0,
                                                     dy=0.0, finger_id=1, touch_id=1,
                                                     pressure=1.0))
                self.frames()
            return
        self.hover(pos)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
            self.frames()

    def hover(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        self.frames()

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """The mouse pressed at `start`, moved in steps to `end` and let go there."""
        self.hover(start)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frames()
        for k in range(1, 5):
            pos = (start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(1, 0, 0)))
            self.frames()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames()

    def key(self, name: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                             mod=0, unicode="", scancode=0))
        self.frames()

    def press(self, host: WidgetHost | DialogScene, bid: str) -> None:
        button = host.buttons.get(bid)
        assert button is not None, f"no button {bid!r}: {[b.id for b in host.buttons.buttons]}"
        assert button.enabled, f"{bid!r} is disabled"
        self.tap(button.rect.center)


@pytest.fixture
def shown(data_dir: Any) -> Any:
    """Shows a widget on its scene in an app of a size; closes the apps at the end."""
    apps: list[App] = []

    def show(widget: Widget, size: tuple[int, int] = (1280, 800),
             touch: bool = False) -> tuple[WidgetScene, Hand]:
        app = make_app(size)
        apps.append(app)
        scene = WidgetScene(app, widget)
        app.push(scene)
        hand = Hand(app, touch)
        hand.frames()
        return scene, hand

    yield show
    for app in apps:
        app.close()


def ids(scene: WidgetScene) -> list[str]:
    return [b.id for b in scene.host.buttons.buttons]


def selected(scene: WidgetScene) -> list[str]:
    return [b.id for b in scene.host.buttons.buttons if b.selected]


# ----- count picker ----------------------------------------------------------------------


@pytest.mark.parametrize("touch", [False, True])
def test_count_picker_taps_a_number_and_the_game_hears_it_with_its_live_line(shown, touch):
    heard: list[int] = []
    picker = CountPicker(range(0, 5), 2, line=lambda n: f"{n} of 4 go", on_change=heard.append)
    scene, hand = shown(picker, touch=touch)
    assert ids(scene) == [f"count:{n}" for n in range(5)] and selected(scene) == ["count:2"]
    hand.press(scene.host, "count:4")
    assert picker.value == 4 and heard == [4] and selected(scene) == ["count:4"]
    assert picker.line_rect.h > 0 and scene.host.rect.contains(picker.line_rect)
    hand.press(scene.host, "count:4")   # the same number again: nothing new to hear
    assert heard == [4]


def test_count_picker_keys_step_jump_and_type_digits(shown):
    picker = CountPicker(range(1, 7))
    _, hand = shown(picker)
    assert picker.value == 1, "without a default the lowest number"
    for key, value in (("right", 2), ("=", 3), ("left", 2), ("end", 6), ("right", 6),
                       ("home", 1), ("4", 4), ("9", 4)):
        hand.key(key)
        assert picker.value == value, key


def test_count_picker_with_a_single_number_has_nothing_else_to_choose(shown):
    picker = CountPicker([3], line=lambda n: f"exactly {n}")
    scene, hand = shown(picker)
    assert ids(scene) == ["count:3"] and selected(scene) == ["count:3"]
    for key in ("left", "right", "home", "2"):
        hand.key(key)
    hand.press(scene.host, "count:3")
    assert picker.value == 3


def test_count_picker_steps_over_the_numbers_a_rule_leaves_out(shown):
    """A rule may allow only some counts (T&E's English variant, R6.3: none or enough)."""
    picker = CountPicker([0, 3, 5], 7)
    scene, hand = shown(picker)
    assert picker.value == 0, "a default that is not allowed falls back to the first"
    assert ids(scene) == ["count:0", "count:3", "count:5"]
    hand.key("right")
    assert picker.value == 3
    hand.key("4")
    assert picker.value == 3


@pytest.mark.parametrize("size", SIZES)
def test_count_picker_over_a_long_range_steps_with_less_and_more(shown, size):
    picker = CountPicker(range(0, 56), 10)
    scene, hand = shown(picker, size)
    host = scene.host
    assert host.buttons.get("count:less") is not None and host.buttons.get("count:more")
    shown_numbers = [b.id for b in host.buttons.buttons if b.id[6:].isdigit()]
    assert "count:10" in shown_numbers and len(shown_numbers) < 56
    hand.press(host, "count:more")
    assert picker.value == 11 and host.buttons.get("count:11").selected
    hand.key("home")
    assert picker.value == 0 and not host.buttons.get("count:less").enabled
    hand.key("end")
    assert picker.value == 55 and not host.buttons.get("count:more").enabled
    assert "count:55" in ids(scene), "the window follows the chosen number"


# ----- card hand ---------------------------------------------------------------------------


def faces(log: list[str]) -> tuple[Callable[[int, int, int], pygame.Surface],
                                   Callable[[int, int], pygame.Surface]]:
    def face(i: int, w: int, h: int) -> pygame.Surface:
        log.append(f"face {i}")
        card = pygame.Surface((w, h))
        card.fill((200, (40 + 10 * i) % 256, 40))
        return card

    def back(w: int, h: int) -> pygame.Surface:
        log.append("back")
        card = pygame.Surface((w, h))
        card.fill((90, 60, 40))
        return card

    return face, back


@pytest.mark.parametrize("touch", [False, True])
def test_card_hand_picks_one_card_and_another_replaces_it(shown, touch):
    log: list[str] = []
    heard: list[set[int]] = []
    hand_widget = CardHand(5, *faces(log), on_change=heard.append, aspect=1.4)
    scene, hand = shown(hand_widget, touch=touch)
    hand.press(scene.host, "card:2")
    hand.press(scene.host, "card:0")
    assert hand_widget.chosen == {0} and heard == [{2}, {0}]
    hand.press(scene.host, "card:0")
    assert hand_widget.chosen == set()
    assert {"face 0", "face 4"} <= set(log) and "back" not in log


def test_card_hand_picks_up_to_its_limit_and_the_rest_wait(shown):
    hand_widget = CardHand(6, *faces([]), pick=2, can_pick=lambda i: i != 5)
    scene, hand = shown(hand_widget)
    assert not scene.host.buttons.get("card:5").enabled, "the game says card 6 may not go"
    hand.press(scene.host, "card:1")
    hand.press(scene.host, "card:3")
    assert hand_widget.chosen == {1, 3}
    assert not scene.host.buttons.get("card:0").enabled, "two picked: the others wait"
    hand.tap(scene.host.buttons.get("card:0").rect.center)
    assert hand_widget.chosen == {1, 3}
    hand.press(scene.host, "card:1")
    hand.press(scene.host, "card:0")
    assert hand_widget.chosen == {0, 3}


def test_a_hand_the_viewer_may_not_see_shows_backs_and_picks_nothing(shown):
    log: list[str] = []
    hand_widget = CardHand(4, *faces(log), visible=False, pick=4)
    scene, hand = shown(hand_widget)
    assert log and set(log) == {"back"}, "no face is drawn, not even once"
    assert not any(b.enabled for b in scene.host.buttons.buttons)
    hand.tap(scene.host.buttons.buttons[1].rect.center)
    hand.key("2")
    assert hand_widget.chosen == set() and not [f for f in log if f.startswith("face")]


def test_card_hand_by_keys_and_hover_lifts_the_card_under_the_pointer(shown):
    hand_widget = CardHand(5, *faces([]), pick=3)
    scene, hand = shown(hand_widget)
    hand.key("3")
    hand.key("right")
    hand.key("space")
    hand.key("left")
    hand.key("left")
    hand.key("space")
    hand.key("return")
    assert hand_widget.chosen == {1, 2, 3}, "Enter is not the hand's: it is the host's OK"
    assert scene.other[-1].key == "return"
    hand.hover(scene.host.buttons.get("card:4").rect.center)
    assert scene.host.buttons.hover == "card:4"


def test_card_hand_a_finger_that_slides_off_a_card_picks_nothing(shown):
    """Pressing a card and sliding away before letting go is a change of mind; sliding
    off and back onto the same card still picks it."""
    hand_widget = CardHand(4, *faces([]), pick=4)
    scene, hand = shown(hand_widget)
    card = scene.host.buttons.get("card:1").rect
    hand.drag(card.center, (card.centerx, scene.host.rect.bottom + 60))
    assert hand_widget.chosen == set()
    other = scene.host.buttons.get("card:3").rect
    hand.drag(card.center, other.center)
    assert hand_widget.chosen == set(), "let go over another card: neither is picked"
    hand.drag(card.center, (card.centerx + 4, card.centery + 4))
    assert hand_widget.chosen == {1}


def test_an_empty_hand_takes_no_key_and_draws_nothing(shown):
    hand_widget = CardHand(0, *faces([]))
    scene, hand = shown(hand_widget)
    hand.key("1")
    assert ids(scene) == [] and scene.other[-1].key == "1", "the key goes on to the scene"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [3, 14, 40])
def test_card_hand_fans_and_wraps_so_every_card_keeps_a_finger_wide_target(shown, size, count):
    hand_widget = CardHand(count, *faces([]), pick=count, aspect=1.4)
    scene, hand = shown(hand_widget, size)
    host = scene.host
    screen = pygame.Rect((0, 0), size)
    for b in host.buttons.buttons:
        assert b.rect.w >= geo.MIN_TARGET and b.rect.h >= geo.MIN_TARGET, b
        assert host.rect.contains(b.rect) and screen.contains(b.rect), (b.id, b.rect, host.rect)
    for r in hand_widget.rects:
        assert screen.contains(r)
    last = host.buttons.buttons[-1]
    hand.tap(last.rect.center)
    first = host.buttons.buttons[0]
    hand.tap((first.rect.x + 2, first.rect.centery))
    assert hand_widget.chosen == {0, count - 1}, "a tap picks the card that shows there"


# ----- chooser of N of M --------------------------------------------------------------------


def points_chooser(done: list[dict[str, int]], items: list[Item] | None = None,
                   need: int = 5) -> Chooser:
    """Losses worth `need` points: a city is 5, a token 1 (each area's tokens one item)."""
    worth = {"city": 5, "east": 1, "west": 1}
    items = items if items is not None else [Item("city", "City"), Item("east", "East", most=3),
                                             Item("west", "West", most=4)]

    def total(chosen: Any) -> int:
        return sum(worth.get(k, 1) * n for k, n in chosen.items())

    return Chooser(items, summary=lambda ch: f"{total(ch)} of {need} points",
                   complete=lambda ch: total(ch) == need, on_done=done.append, ok_label="OK",
                   default=lambda: {"east": 3, "west": 2}, default_label="Fewest cities")


@pytest.mark.parametrize("touch", [False, True])
def test_chooser_keeps_a_running_total_and_ok_waits_for_a_complete_choice(shown, touch):
    done: list[dict[str, int]] = []
    chooser = points_chooser(done)
    scene, hand = shown(chooser, touch=touch)
    host = scene.host
    assert not host.buttons.get("choose:ok").enabled
    hand.press(host, "choose:east")
    hand.press(host, "choose:east")
    assert chooser.chosen == {"east": 2} and chooser.summary(chooser.chosen) == "2 of 5 points"
    assert host.buttons.get("choose:east").badge == "2/3"
    hand.tap(host.buttons.get("choose:ok").rect.center)
    assert done == [], "not complete yet"
    hand.press(host, "choose:west")
    hand.press(host, "choose:west")
    hand.press(host, "choose:west")
    assert host.buttons.get("choose:ok").enabled
    hand.press(host, "choose:ok")
    assert done == [{"east": 2, "west": 3}]


def test_chooser_takes_one_more_until_the_last_then_none(shown):
    chooser = points_chooser([])
    scene, hand = shown(chooser)
    counts = []
    for _ in range(4):
        hand.press(scene.host, "choose:east")
        counts.append(chooser.count("east"))
    assert counts == [1, 2, 3, 0]


def test_chooser_default_in_one_tap_and_by_keys(shown):
    done: list[dict[str, int]] = []
    chooser = points_chooser(done)
    scene, hand = shown(chooser)
    hand.press(scene.host, "choose:default")
    assert chooser.chosen == {"east": 3, "west": 2} and scene.host.buttons.get("choose:ok").enabled
    hand.key("backspace")
    assert chooser.chosen == {}
    hand.key("1")   # the first item: the city, 5 points
    hand.key("return")
    hand.key("d")
    hand.key("return")
    assert done == [{"city": 1}, {"east": 3, "west": 2}]


def test_chooser_with_nothing_to_choose_asks_the_game_if_none_is_complete(shown):
    done: list[dict[str, int]] = []
    chooser = points_chooser(done, items=[Item("east", "East", enabled=False)], need=0)
    scene, hand = shown(chooser)
    hand.tap(scene.host.buttons.get("choose:east").rect.center)
    assert chooser.chosen == {}
    hand.press(scene.host, "choose:ok")
    assert done == [{}]
    with pytest.raises(ValueError):
        points_chooser([], items=[Item("ok", "A clash with the chooser's own button")])


@pytest.mark.parametrize("size", SIZES)
def test_chooser_of_many_items_turns_pages_within_the_screen(shown, size):
    items = [Item(f"u{i}", f"Unit {i}") for i in range(40)]
    chooser = points_chooser([], items=items)
    scene, hand = shown(chooser, size)
    host = scene.host
    assert chooser.pages() > 1 and not host.buttons.get("choose:prev").enabled
    first_page = [b.id for b in host.buttons.buttons if b.id.startswith("choose:u")]
    hand.press(host, "choose:next")
    second_page = [b.id for b in host.buttons.buttons if b.id.startswith("choose:u")]
    assert second_page and not set(first_page) & set(second_page)
    hand.key("page up")
    assert chooser.page == 0
    for _ in range(chooser.pages()):
        hand.key("page down")
    assert chooser.page == chooser.pages() - 1 and not host.buttons.get("choose:next").enabled
    assert_inside(scene, size)


# ----- track ---------------------------------------------------------------------------------


def disc_symbol(px: int) -> pygame.Surface:
    s = pygame.Surface((px, px), pygame.SRCALPHA)
    pygame.draw.line(s, (255, 255, 255), (0, 0), (px, px), 2)
    return s


MARKS = {0: SeatMark((200, 40, 40), disc_symbol), 1: SeatMark((40, 40, 200)),
         2: SeatMark((40, 160, 40), disc_symbol)}


def test_track_stacks_seats_that_share_a_space_and_tells_the_game_of_a_tap(shown):
    picked: list[int] = []
    track = Track(1, 16, marks=MARKS, where={0: 3, 1: 3, 2: 7},
                  bands=[Band(1, 5, "Stone"), Band(6, 16, "Bronze")], on_pick=picked.append)
    scene, hand = shown(track, touch=True)
    assert track.seats_at(3) == [0, 1] and track.seats_at(7) == [2]
    hand.press(scene.host, "track:7")
    assert picked == [7]
    track.move(1, 40)
    assert track.where[1] == 16, "a marker stays on the track"
    hand.key("left")
    hand.key("left")
    hand.key("return")
    assert picked == [7, 5]


@pytest.mark.parametrize("size", SIZES)
def test_a_long_track_wraps_and_every_space_stays_finger_sized(shown, size):
    track = Track(0, 99, marks=MARKS, where={0: 0, 1: 50, 2: 99},
                  bands=[Band(0, 49, "First half"), Band(50, 99, "Second half")])
    scene, _ = shown(track, size)
    assert len(scene.host.buttons.buttons) == 100
    assert_inside(scene, size)


# ----- seat panels -----------------------------------------------------------------------------


def seats() -> list[SeatPanel]:
    def icon(px: int) -> pygame.Surface:
        s = pygame.Surface((px, px))
        s.fill((120, 120, 120))
        return s

    return [
        SeatPanel("Ada", (200, 40, 40), disc_symbol, [(icon, "3"), (icon, "12")], active=True,
                  hidden=4, back=icon),
        SeatPanel("Bea", (40, 40, 200), None, [(icon, "0")], computer=True, status="thinking"),
        SeatPanel("A name far too long for any panel at all", (40, 160, 40), disc_symbol, [],
                  hidden=0),
    ]


@pytest.mark.parametrize("touch", [False, True])
def test_seat_panels_are_targets_for_a_finger_a_mouse_and_the_digit_keys(shown, touch):
    picked: list[int] = []
    panels = SeatPanels(seats(), on_pick=picked.append)
    scene, hand = shown(panels, touch=touch)
    hand.press(scene.host, "seat:1")
    hand.key("3")
    assert picked == [1, 2]


def test_seat_panels_without_a_pick_are_only_shown(shown):
    panels = SeatPanels(seats())
    scene, hand = shown(panels)
    hand.tap(scene.host.buttons.get("seat:0").rect.center)
    hand.key("1")
    assert not any(b.enabled for b in scene.host.buttons.buttons)


def test_a_seat_panel_rings_the_turn_and_shows_the_hidden_count_badge():
    """The badge is drawn in the ember of the shell's badges; the active seat's panel
    differs from the same panel off its turn only by its ring."""
    rect = pygame.Rect(0, 0, 300, 64)
    ada = seats()[0]
    on = pygame.Surface(rect.size, pygame.SRCALPHA)
    name = draw_panel(on, rect, ada)
    ada.active = False
    off = pygame.Surface(rect.size, pygame.SRCALPHA)
    draw_panel(off, rect, ada)
    assert rect.contains(name) and name.w > 20
    assert on.get_at((1, rect.h // 2)) != off.get_at((1, rect.h // 2))
    from game.art import palette as pal
    ember = [(x, y) for x in range(rect.w) for y in range(rect.h)
             if tuple(off.get_at((x, y)))[:3] == pal.EMBER]
    assert ember and min(x for x, _ in ember) > rect.w // 2, "the badge, at the panel's end"


@pytest.mark.parametrize("size", SIZES)
def test_seat_panels_fit_down_a_side_and_across(shown, size):
    scene, _ = shown(SeatPanels(seats()), size)
    assert_inside(scene, size)
    scene, _ = shown(SeatPanels(seats(), across=True), size)
    assert_inside(scene, size)


# ----- layouts ---------------------------------------------------------------------------------


def assert_inside(scene: WidgetScene, size: tuple[int, int]) -> None:
    """Every target finger-sized, inside the widget's place, which is on the screen and
    as tall as the widget says it needs."""
    host = scene.host
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(host.rect)
    assert host.widget.height(host.rect.w, host.c, host.px) <= host.rect.h
    for b in host.buttons.buttons:
        assert host.rect.contains(b.rect), (b.id, b.rect, host.rect)
        assert b.rect.w >= geo.MIN_TARGET and b.rect.h >= geo.MIN_TARGET, (b.id, b.rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("make", [
    lambda: CountPicker(range(0, 8), line=lambda n: f"{n} tokens leave the area"),
    lambda: CountPicker(range(0, 56), 30, line=lambda n: f"Tax: {n}"),
    lambda: CountPicker([4]),
    lambda: CardHand(9, *faces([]), aspect=1.4),
    lambda: points_chooser([]),
    lambda: Track(1, 16, marks=MARKS, where={0: 1, 1: 1, 2: 1}, bands=[Band(1, 16, "All")]),
    lambda: SeatPanels(seats()),
], ids=["picker", "long-picker", "one-number", "hand", "chooser", "track", "seats"])
def test_nothing_overflows_at_the_smallest_and_a_large_screen(shown, size, make):
    """From the 800×480 touchscreen to 1920×1080 (and 4K below)."""
    scene, hand = shown(make(), size)
    assert_inside(scene, size)
    hand.frames()   # and it draws


@pytest.mark.parametrize("make", [
    lambda: CountPicker(range(0, 56), 30, line=lambda n: f"Tax: {n}"),
    lambda: CardHand(40, *faces([]), aspect=1.4),
    lambda: Track(0, 99, marks=MARKS, where={0: 1}),
], ids=["long-picker", "long-hand", "long-track"])
def test_nothing_overflows_at_4k(shown, make):
    scene, _ = shown(make(), (3840, 2160))
    assert_inside(scene, (3840, 2160))


# ----- in a dialog ----------------------------------------------------------------------------


def test_a_widget_in_a_dialog_takes_taps_keys_and_offers_its_choices_as_options(data_dir):
    """A dialog hosts a kit widget between its text and its buttons: the widget's
    buttons are the dialog's (so press_button finds them), its keys come first, and
    choices() lists them for a host that lays out plain buttons (a panel at a table's
    edge), whose choose() reaches the widget."""
    app = make_app((800, 480))
    try:
        confirmed: list[int] = []
        picker = CountPicker(range(0, 4), 1, line=lambda n: f"{n} ships")
        spec = DialogSpec(title="How many?", widget=picker,
                          footer=[Option("ok", "OK", lambda: confirmed.append(picker.value))])
        dialog = DialogScene(app, spec)
        app.push(dialog)
        hand = Hand(app)
        hand.frames()
        hand.press(dialog, "count:3")
        assert picker.value == 3 and dialog.buttons.get("count:3").selected
        hand.key("left")
        assert picker.value == 2
        assert [o.id for o in dialog.choices()] == [f"count:{n}" for n in range(4)]
        dialog.choose("count:0")
        assert picker.value == 0 and dialog.buttons.get("count:0").selected
        hand.key("return")   # the dialog's one option
        assert confirmed == [0]
        screen = app.screen.get_rect()
        assert all(screen.contains(b.rect) for b in dialog.buttons.buttons)
        assert dialog.rect.contains(picker.line_rect.clip(dialog.rect))
    finally:
        app.close()


def test_a_panels_name_is_set_in_the_size_asked_or_the_largest_that_fits(monkeypatch):
    """Panels side by side set their names in one size (`name_px` tells each one's)."""
    from game.kit.seat_panel import name_px
    from game.ui import text

    set_in: list[tuple[str, int]] = []
    blit = text.blit

    def noting(surface, line, role, px, *args, **kwargs):
        set_in.append((line, px))
        return blit(surface, line, role, px, *args, **kwargs)

    monkeypatch.setattr(text, "blit", noting)
    rect = pygame.Rect(0, 0, 300, 40)
    ada = seats()[0]
    surface = pygame.Surface(rect.size, pygame.SRCALPHA)
    room = draw_panel(surface, rect, ada)
    largest = name_px(room, ada.name, ada.status, ada.computer)
    assert (ada.name, largest) in set_in
    set_in.clear()
    draw_panel(surface, rect, ada, largest - 2)
    assert (ada.name, largest - 2) in set_in
