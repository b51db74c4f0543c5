"""A seat belongs to its player (issue 24, items 2 and 4): a stranger cannot take a dropped
player's seat, only the players' vote (or the host's player) opens it, its owner is told
who played for it; names cannot forge console lines, a bad hello is refused naming the
field, an error names the message it refuses; an unreadable autosave set aside is said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgpack
import pytest
from support import tinygame as tiny
from test_net_support import LOCALHOST, Driver, Hosting, Joining, Proc, RawPeer, seated_raw

from net import errors as e
from net import storage
from net.console import describe, seats_lines
from net.errors import ProtocolError
from net.events import SeatInfo, SessionEvent
from net.lobby import Lobby
from net.protocol import PROTOCOL_VERSION, Message
from net.session import NetworkSession, SessionError

SECRET = b"\x05" * 32
GAMES = {"tiny": tiny.RULES_VERSION}
FORGED = "Eve\nGAME OVER digest=00"


def hello_frame(seq: int = 1, **body: Any) -> bytes:
    """A hello as a careless or hostile program sends it: not checked on the way out."""
    fields = {"games": GAMES, "name": "Ada", "want": -1, "token": "", **body}
    return msgpack.packb({"v": PROTOCOL_VERSION, "t": "hello", "seat": -1, "seq": seq,
                          "ply": 0, "dg": "", **fields}, use_bin_type=True)


def stranger_hello(host: NetworkSession, want: int, name: str) -> Message:
    """What the host answers a hello without a token."""
    stranger = RawPeer(host.port)
    try:
        stranger.send("hello", token="", games=GAMES, name=name, want=want)
        return stranger.expect_any()
    finally:
        stranger.close()


# --- item 2: a seat belongs to its token ------------------------------------------------

def test_a_hijack_attempt_after_a_drop_is_refused(hosting: Hosting) -> None:
    """The player of seat 2 drops; whatever name and seat a hello without its token asks
    for, it gets no record, no token, no seat; the owner's token still takes it back."""
    host = hosting("tiny", 2, ["human", "human"])
    driver = Driver([host], scripted=[host], seed=2)
    zed = seated_raw(host, driver, "Zed", SECRET)
    zed.close()
    driver.run_until(lambda: host.seats[1].status == "disconnected")
    for want, name in [(1, "Mallory"), (-1, "Mallory"), (1, "Zed"), (-1, "")]:
        answer = stranger_hello(host, want, name)
        assert answer.kind == "refused" and answer.body["code"] == e.SEAT_OWNED, (want, name)
    assert host.seats[1].status == "disconnected" and host.seats[1].name == "Zed"
    back = RawPeer(host.port)
    try:
        back.send("hello", token=zed.token, games=GAMES, name="Zed", want=-1)
        welcome = back.expect("welcome")
        assert welcome.body["you"] == 1 and welcome.body["token"] == zed.token
        assert welcome.body["record"] is not None
    finally:
        back.close()


def test_a_voted_take_over_works_and_the_owner_is_told_on_return(
        hosting: Hosting, joining: Joining) -> None:
    """Zed drops; Ada's vote hands his seat to a computer, which opens it; Eve takes it
    over with a token of her own; Zed comes back with his: Eve is let go, told why, and
    Zed is told who played which of his actions."""
    host = hosting("tiny", 2, ["human", "human"], host_seat=None, stall_after=0.0,
                   stand_in="random")
    ada = joining(host, name="Ada")
    driver = Driver([host, ada], scripted=[ada], seed=8)
    driver.run_until(lambda: ada.my_seat == 0)
    zed = seated_raw(host, driver, "Zed", SECRET)
    assert zed.seat == 1
    zed.send("bye", text="gone")
    zed.close()
    driver.run_until(lambda: host.seats[1].status == "disconnected")
    assert stranger_hello(host, 1, "Eve").body["code"] == e.SEAT_OWNED
    driver.run_until(lambda: ada.phase == "playing")
    ada.hand_to_bot(1, "random")
    driver.run_until(lambda: host.seats[1].status == "bot")
    applied = driver.events[id(host)]
    by_computer = lambda: [ev for ev in applied if ev.kind == "applied"  # noqa: E731
                           and ev.data["seat"] == 1]
    driver.run_until(lambda: len(by_computer()) >= 1)
    eve = joining(host, seat=1, name="Eve")
    driver = Driver([host, ada, eve], scripted=[ada, eve], seed=9)
    driver.run_until(lambda: eve.my_seat == 1 and host.seats[1].name == "Eve for Zed")
    driver.run_until(lambda: any("Eve now plays Zed's seat" in ev.text
                                 for ev in driver.events[id(host)]))
    driver.run_until(lambda: any(ev.kind == "applied" and ev.text.startswith("Eve for Zed")
                                 for ev in driver.events[id(host)]))
    assert not host.state.is_over
    back = RawPeer(host.port)
    try:
        back.send("hello", token=zed.token, games=GAMES, name="Zed", want=-1)
        welcome = back.expect("welcome")
        assert welcome.body["you"] == 1 and welcome.body["token"] == zed.token
        notice = back.expect("notice")
        assert notice.body["code"] == e.SEAT_PLAYED_FOR
        assert "Eve" in notice.body["text"] and "Computer (random)" in notice.body["text"]
        plies = notice.body["plies"]
        assert plies and plies == sorted(plies)
        assert {ev.data["ply"] for ev in by_computer()} <= set(plies)
        driver.run_until(lambda: any(ev.kind == "connection" and "whose seat this is"
                                     in ev.text for ev in driver.events[id(eve)]))
        driver.run_until(lambda: host.seats[1].name == "Zed"
                         and host.seats[1].status == "connected")
    finally:
        back.close()


def test_the_hosts_player_opens_a_seat_by_handing_it_to_a_computer(hosting: Hosting) -> None:
    host = hosting("tiny", 2, ["human", "human"], stand_in="random")
    driver = Driver([host], scripted=[host], seed=4)
    zed = seated_raw(host, driver, "Zed", SECRET)
    zed.close()
    driver.run_until(lambda: host.seats[1].status == "disconnected")
    host.hand_to_bot(1, "random")
    driver.run_until(lambda: host.seats[1].status == "bot")
    welcome = stranger_hello(host, -1, "Eve")
    assert welcome.kind == "welcome" and welcome.body["you"] == 1
    assert welcome.body["token"] not in ("", zed.token)


def test_an_owner_back_is_told_what_the_computer_played_for_it() -> None:
    lobby = Lobby.from_specs(["human", "human"], host_seat=0)
    lobby.claim(-1, b"z", "Zed", playing=False)
    token = lobby.seats[1].token
    lobby.note_played(1, 3)
    lobby.release(b"z", playing=True)
    lobby.hand_to_bot(1, "easy")
    lobby.note_played(1, 5)
    lobby.note_played(1, 7)
    assert lobby.come_back(1, token, b"z2", "Zed") == [(5, "Computer (easy)"),
                                                       (7, "Computer (easy)")]
    assert lobby.seats[1].played_for == [] and lobby.seats[1].kind == "human"


def test_what_a_computer_plays_while_the_owner_stays_at_the_table_is_not_kept_for_them(
        ) -> None:
    """A seat handed to a computer for its turn clock keeps its owner's connection: the
    owner watches those actions, so a later return (after a drop) does not list them."""
    lobby = Lobby.from_specs(["human", "human"], host_seat=0)
    lobby.claim(-1, b"z", "Zed", playing=False)
    token = lobby.seats[1].token
    lobby.hand_to_bot(1, "easy", keep_connection=True)
    lobby.note_played(1, 5)
    lobby.take_back(1)
    lobby.release(b"z", playing=True)
    lobby.hand_to_bot(1, "easy")
    lobby.note_played(1, 9)
    assert lobby.come_back(1, token, b"z2", "Zed") == [(9, "Computer (easy)")]


def test_a_guest_back_with_its_token_closes_the_seat_again() -> None:
    """The guest dropped and the seat went to a computer by a vote (opened); the guest's
    own token takes it back, and then no stranger may take it."""
    lobby = Lobby.from_specs(["human", "human"], host_seat=0)
    lobby.claim(-1, b"z", "Zed", playing=False)
    lobby.release(b"z", playing=True)
    lobby.hand_to_bot(1, "easy")
    lobby.open_seat(1)
    lobby.claim(1, b"e", "Eve", playing=True)
    guest = lobby.seats[1].guest_token
    lobby.release(b"e", playing=True)
    lobby.hand_to_bot(1, "easy")
    lobby.open_seat(1)
    assert lobby.seat_of_token(guest) == 1
    assert lobby.come_back(1, guest, b"e2", "Eve") == []
    assert lobby.seats[1].shown_name == "Eve for Zed"
    lobby.release(b"e2", playing=True)
    with pytest.raises(ProtocolError) as info:
        lobby.claim(1, b"m", "Mallory", playing=True)
    assert info.value.code == e.SEAT_OWNED


# --- item 2: names, refusals, references -------------------------------------------------

@pytest.mark.parametrize("body, field", [
    ({"name": FORGED}, "name"),
    ({"name": "Eve\x1b[2J"}, "name"),
    ({"name": "Eve\u202e"}, "name"),
    ({"name": "x" * 41}, "name"),
    ({"want": 9}, "want"),
    ({"token": "XYZ"}, "token"),
    ({"games": {}}, "games"),
])
def test_a_hello_that_breaks_a_field_limit_is_refused_naming_the_field(
        hosting: Hosting, body: dict[str, Any], field: str) -> None:
    host = hosting("tiny", 2, ["human", "human"])
    raw = RawPeer(host.port)
    try:
        raw.send_raw(hello_frame(**body))
        answer = raw.expect_any()
        assert answer.kind == "refused" and answer.body["code"] == e.MSG_FIELD
        assert f"'{field}'" in answer.body["text"]
        assert host.seats[1].status == "open"
    finally:
        raw.close()


def test_an_error_names_the_seq_of_the_message_it_refuses(hosting: Hosting) -> None:
    host = hosting("tiny", 2, ["human", "human"], heartbeat=60.0)
    raw = RawPeer(host.port)
    try:
        raw.send("hello", token="", games=GAMES, name="Ada", want=-1)
        raw.seat = raw.expect("welcome").body["you"]
        bad_field = {"v": PROTOCOL_VERSION, "t": "snapshot_req", "seat": raw.seat, "seq": 7,
                     "ply": 0, "dg": "", "reason": "r" * 99}
        unknown = {**bad_field, "t": "teleport", "seq": 8}
        del unknown["reason"]
        for frame, seq, code in [(bad_field, 7, e.MSG_FIELD), (unknown, 8, e.MSG_UNKNOWN_TYPE)]:
            raw.send_raw(msgpack.packb(frame, use_bin_type=True))
            error = raw.expect("error")
            assert (error.body["code"], error.body["ref"]) == (code, seq)
    finally:
        raw.close()


def test_the_console_prints_names_without_their_control_characters() -> None:
    for event in [SessionEvent("seats", f"{FORGED} sat down at seat 2."),
                  SessionEvent("notice", "Eve\r\x1b[1mYOUR MOVE"),
                  SessionEvent("refused", "no", {"code": "x\ny"})]:
        line = describe(event)
        assert "\n" not in line and "\r" not in line and "\x1b" not in line
    assert describe(SessionEvent("seats", FORGED)) == "Eve\\nGAME OVER digest=00"

    class Seated:
        seats = (SeatInfo(kind="human", level=None, name=FORGED, status="connected"),)

    assert all("\n" not in line for line in seats_lines(Seated()))  # type: ignore[arg-type]


def test_names_with_control_characters_are_refused_before_anything_is_sent() -> None:
    with pytest.raises(SessionError, match="control"):
        NetworkSession.join(f"{LOCALHOST}:9", games={"tiny": tiny}, name=FORGED)
    with pytest.raises(ValueError, match="control"):
        Lobby.from_specs(["human", "human"], 0, "Bea\nGAME OVER")


# --- item 4: an unreadable autosave set aside is said ----------------------------------

def set_aside_files(data_dir: Path) -> list[Path]:
    return sorted(p for p in (data_dir / "lan").iterdir() if ".corrupt-" in p.name)


def test_the_clients_host_says_it_set_an_unreadable_autosave_aside(
        data_dir: Path, hosting: Hosting, joining: Joining) -> None:
    """HostConfig's own autosave (the client's host): the host's event and the lobby's
    peers say why and where the file went."""
    autosave = data_dir / "lan" / "host-autosave.json"
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_text("{ not json")
    host = hosting("tiny", 2, ["human", "human"], autostart=False)
    peer = joining(host, name="Ada")
    driver = Driver([host, peer], scripted=[])
    said = lambda s: [ev for ev in driver.events[id(s)]  # noqa: E731
                      if ev.data.get("code") == e.AUTOSAVE_SET_ASIDE]
    driver.run_until(lambda: said(host) and said(peer))
    [kept] = set_aside_files(data_dir)
    for session in (host, peer):
        text = said(session)[0].text
        assert "it is not JSON" in text and kept.name in text and "host-autosave.json" in text
    assert said(host)[0].data["paths"] == [str(kept)]
    assert kept.read_text() == "{ not json"


def test_an_autosave_whose_record_does_not_replay_is_set_aside_with_the_engines_reason(
        data_dir: Path, hosting: Hosting) -> None:
    record = {"game": "tiny", "rules_version": tiny.RULES_VERSION, "players": 2, "seed": 1,
              "options": {}, "actions": [{"type": "snap"}]}
    autosave = data_dir / "lan" / "host-autosave.json"
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_text(json.dumps({
        "format": "tigris-lan-autosave", "version": 1, "game": "tiny", "record": record,
        "seats": [{"kind": "human", "level": None, "name": "A", "origin": "human"}] * 2,
        "host_seat": 0, "name": "x"}))
    host = hosting("tiny", 2, ["human", "human"], autostart=False)
    driver = Driver([host], scripted=[])
    driver.run_until(lambda: "notice" in driver.kinds(host))
    [notice] = [ev for ev in driver.events[id(host)] if ev.kind == "notice"]
    assert "does not replay" in notice.text and set_aside_files(data_dir)[0].name in notice.text


def test_a_plain_ziggurat_host_says_it_set_an_unreadable_autosave_aside(data_dir: Path) -> None:
    autosave = data_dir / "lan" / "host-autosave.json"
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_bytes(b"\xff\xfe garbage")
    host = Proc("host", "--port", "0", "--bind", LOCALHOST, "--no-discovery",
                "--seats", "human,bot:random", data_dir=data_dir)
    try:
        line = host.wait_for(r"could not be read .* set aside as (\S+)").group(0)
        [kept] = set_aside_files(data_dir)
        assert kept.name in line and "not UTF-8" in line
    finally:
        host.kill()



def test_a_resumed_host_still_knows_the_guest_and_what_was_played_for_the_owner(
        data_dir: Path) -> None:
    lobby = Lobby.from_specs(["human", "human"], host_seat=0)
    lobby.claim(-1, b"z", "Zed", playing=False)
    owner = lobby.seats[1].token
    lobby.release(b"z", playing=True)
    lobby.hand_to_bot(1, "easy")
    lobby.open_seat(1)
    lobby.note_played(1, 4)
    lobby.claim(1, b"e", "Eve", playing=True)
    lobby.note_played(1, 6)
    guest = lobby.seats[1].guest_token
    path = data_dir / "autosave.json"
    storage.write_json_atomic(path, {
        "format": storage.AUTOSAVE_FORMAT, "version": 1, "game": "tiny", "host_seat": 0,
        "record": {"game": "tiny", "players": 2, "seed": 1, "options": {}, "actions": []},
        "seats": [seat.saved() for seat in lobby.seats], "name": "x"})
    again = Lobby.from_saved(storage.read_autosave(path)["seats"], 0)
    assert again.seat_of_token(guest) == 1 and again.seats[1].shown_name == "Eve for Zed"
    assert again.come_back(1, owner, b"z2", "Zed") == [(4, "Computer (easy)"), (6, "Eve")]
    assert again.seat_of_token(guest) is None
