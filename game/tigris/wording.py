"""Tigris & Euphrates' events in sentences: the wording of the game log.

log_line() turns an engine event (docs/engine-api.md) into a sentence; it keeps
the wording with the translations so that grammar (Finnish cases, Romanian
articles) stays in the catalogues. This module must not import pygame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.i18n import join_names, t, tn

COLORS = ("red", "blue", "green", "black")


def monument_name(colors: Sequence[str]) -> str:
    """The name of a monument from its two colours, in the rulebook's order."""
    a, b = sorted(colors, key=COLORS.index)
    return t(f"monument.{a}_{b}")


def log_line(event: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """A log sentence for one engine event, or None for events the log leaves out
    (a leader's return already told by the conflict's result, events private to one seat).

    `names` are the players' display names by seat. VP events are always worded; a
    caller that hides others' scores (R2.3) should skip "vp" events of other seats.
    """
    kind = event.get("type")

    def name(seat_key: str) -> str:
        seat = event.get(seat_key)
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return "?"

    color = event.get("color")
    if kind == "leader_placed":
        if event.get("from"):
            return t(f"log.leader_moved.{color}", player=name("seat"), square=event["at"],
                     **{"from": event["from"]})
        return t(f"log.leader_placed.{color}", player=name("seat"), square=event["at"])
    if kind == "leader_withdrawn":
        reason = event.get("reason")
        if reason == "action":
            return t(f"log.leader_withdrawn.{color}", player=name("seat"),
                     **{"from": event.get("from")})
        if reason == "no_temple":
            return t(f"log.leader_lost_temple.{color}", player=name("seat"),
                     **{"from": event.get("from")})
        return None
    if kind == "tile_placed":
        return t(f"log.tile_placed.{color}", player=name("seat"), square=event["at"])
    if kind == "vp":
        return tn(f"log.vp.{color}", int(event.get("amount", 1)), player=name("seat"))
    if kind == "catastrophe":
        removed = event.get("removed")
        key = f"log.catastrophe_removed.{removed}" if removed else "log.catastrophe"
        return t(key, player=name("seat"), square=event["at"])
    if kind == "unification":
        return t("log.unification", player=name("seat"), square=event["at"])
    if kind == "unification_returned":
        return t("log.unification_returned", player=name("seat"), square=event["at"])
    if kind == "conflict":
        return t(f"log.conflict.{event['kind']}.{color}", attacker=name("attacker"),
                 defender=name("defender"), attacker_strength=event.get("attacker_strength"),
                 defender_strength=event.get("defender_strength"))
    if kind == "committed":
        return tn(f"log.committed.{color or 'red'}", int(event.get("count", 0)),
                  player=name("seat"))
    if kind == "conflict_won":
        return t(f"log.conflict_won.{event['kind']}.{color}", winner=name("winner"),
                 loser=name("loser"), winner_total=event.get("winner_total"),
                 loser_total=event.get("loser_total"))
    if kind == "tiles_removed":
        squares = list(event.get("squares", []))
        return tn(f"log.tiles_removed.{color}", len(squares), squares=", ".join(squares))
    if kind == "monument_built":
        return t("log.monument_built", player=name("seat"), square=event["at"],
                 monument=monument_name(event["colors"]))
    if kind == "wonder_built":
        return t("log.wonder_built", player=name("seat"), square=event["at"])
    if kind == "building_placed":
        if event.get("from"):
            return t(f"log.building_moved.{color}", player=name("seat"), square=event["at"],
                     **{"from": event["from"]})
        return t(f"log.building_placed.{color}", player=name("seat"), square=event["at"])
    if kind == "building_returned":
        return t(f"log.building_returned.{color}", **{"from": event.get("from")})
    if kind == "treasure_taken":
        return t("log.treasure_taken", player=name("seat"), square=event["at"])
    if kind in ("tiles_discarded", "tiles_drawn"):
        count = event.get("count")
        if not isinstance(count, int):
            return None
        return tn(f"log.{kind}", count, player=name("seat"))
    if kind == "passed":
        return t("log.passed", player=name("seat"))
    if kind == "war_chosen":
        return t(f"log.war_chosen.{color}")
    if kind == "turn_ended":
        return t("log.turn_ended", player=name("seat"))
    if kind == "turn_started":
        return t("log.turn_started", player=name("seat"))
    if kind == "game_over":
        ranking = event.get("ranking") or []
        first = [names[s] for s in ranking[0]] if ranking else []
        if len(first) == 1:
            return t("log.game_over_winner", player=first[0])
        if first:
            return t("log.game_over_shared", players=join_names(first))
        return t("log.game_over")
    return None
