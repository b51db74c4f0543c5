"""The hand-authored part of the Mediterranean map: one seed point per area at real coordinates.

Everything else — outlines, which areas are coastal, which touch, which
water is open sea — `build.py` computes from these seeds and real coastlines
(GSHHG). Coordinates are longitude and latitude of the ancient place or of
the middle of the region; values (limits, sites, plains, volcanoes, start
areas) are our own design to map-spec M2–M3, never taken from the published
board.

A land row is `(name, lon, lat, limit, site, extras)`: site `b` black, `w`
white, `-` none; extras a space-separated list of `fp=<plain>`,
`volcano=<id>`, `start=<nation>`. Each region gives the side of the dividing
line (A4.3) and whether it is far west.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LandSeed:
    name: str
    lon: float
    lat: float
    limit: int
    site: str
    side: str
    far_west: bool
    flood_plain: str | None
    volcano: str | None
    start: str | None


@dataclass(frozen=True)
class SeaSeed:
    name: str
    lon: float
    lat: float
    side: str
    far_west: bool


Row = tuple[str, float, float, int, str, str]

REGIONS: list[tuple[str, str, bool, list[Row]]] = [
    ("Gaul and the far west", "W", True, [
        ("Arelate", 4.6, 43.75, 4, "b", ""),
        ("Narbo", 3.2, 44.4, 2, "-", ""),
        ("Massalia", 5.8, 43.4, 3, "b", ""),
        ("Allobroges", 5.9, 45.4, 2, "-", ""),
        ("Corsica", 9.05, 42.15, 3, "b", ""),
        ("Sardinia", 9.0, 40.4, 2, "-", ""),
        ("Caralis", 8.9, 39.3, 3, "b", ""),
        ("Iol Caesarea", 2.4, 36.3, 3, "-", ""),
        ("Gaetulia", 3.6, 34.8, 1, "-", ""),
        ("Cirta", 6.6, 36.2, 3, "b", ""),
        ("Numidia", 6.7, 34.9, 2, "-", ""),
        ("Hippo Regius", 8.1, 36.6, 3, "b", ""),
    ]),
    ("Africa", "W", False, [
        ("Carthago", 10.1, 36.7, 3, "b", "start=africa"),
        ("Byzacium", 10.55, 35.55, 3, "b", "start=africa"),
        ("Capsa", 8.5, 34.7, 1, "-", ""),
        ("Tacape", 10.3, 33.3, 2, "-", ""),
        ("Leptis Magna", 14.5, 32.0, 3, "b", ""),
        ("Cidamus", 9.6, 30.2, 1, "-", ""),
        ("Syrtica", 17.2, 30.9, 1, "-", ""),
        ("Cyrene", 21.9, 32.5, 3, "b", ""),
        ("Augila", 21.3, 29.3, 1, "-", ""),
    ]),
    ("Italy, Sicily and Malta", "W", False, [
        ("Liguria", 8.9, 44.45, 1, "-", ""),
        ("Mediolanum", 9.3, 45.6, 2, "b", "fp=padus"),
        ("Raetia", 10.8, 46.5, 1, "-", ""),
        ("Spina", 11.9, 44.75, 2, "w", "fp=padus"),
        ("Etruria", 11.6, 42.9, 2, "b", "start=italy"),
        ("Umbria", 12.9, 43.3, 1, "-", ""),
        ("Roma", 12.6, 41.75, 3, "b", "start=italy"),
        ("Samnium", 14.6, 41.4, 1, "-", ""),
        ("Capua", 14.1, 41.2, 2, "b", "volcano=vesuvius"),
        ("Neapolis", 14.35, 40.8, 1, "b", "volcano=vesuvius"),
        ("Apulia", 15.9, 41.2, 2, "-", ""),
        ("Tarentum", 17.2, 40.5, 1, "-", ""),
        ("Bruttium", 16.3, 39.0, 1, "-", ""),
        ("Messana", 15.1, 37.95, 2, "-", "volcano=etna"),
        ("Catana", 14.85, 37.45, 3, "b", "volcano=etna"),
        ("Syracusae", 14.9, 36.9, 3, "b", ""),
        ("Akragas", 13.7, 37.4, 2, "-", ""),
        ("Panormus", 12.9, 37.9, 4, "b", ""),
        ("Melita", 14.4, 35.9, 2, "-", ""),
    ]),
    ("Illyria and the Danube", "W", False, [
        ("Istria", 14.1, 45.3, 1, "-", ""),
        ("Pannonia", 18.5, 45.6, 1, "b", ""),
        ("Dalmatia", 16.3, 43.7, 2, "b", ""),
        ("Daesitiates", 18.1, 44.1, 1, "-", ""),
        ("Scodra", 19.4, 42.3, 2, "b", "start=illyria"),
        ("Dardania", 21.2, 42.8, 1, "-", ""),
        ("Epidamnus", 19.7, 41.1, 2, "b", "start=illyria"),
        ("Moesia", 24.3, 43.4, 2, "-", ""),
        ("Serdica", 23.3, 42.6, 1, "-", ""),
        ("Paeonia", 22.0, 41.8, 1, "-", ""),
        ("Dacia", 24.0, 45.6, 1, "-", ""),
    ]),
    ("Greece, Crete and the western Aegean", "W", False, [
        ("Corcyra", 19.85, 39.6, 1, "-", ""),
        ("Epirus", 20.7, 39.5, 1, "-", ""),
        ("Aetolia", 21.5, 38.7, 1, "-", ""),
        ("Thessaly", 22.2, 39.45, 4, "b", ""),
        ("Macedonia", 22.3, 40.7, 2, "b", ""),
        ("Boeotia", 23.2, 38.45, 2, "-", ""),
        ("Attica", 23.8, 38.05, 4, "b", ""),
        ("Corinth", 22.85, 37.88, 2, "b", ""),
        ("Elis", 21.6, 37.75, 2, "-", ""),
        ("Arcadia", 22.2, 37.55, 1, "-", ""),
        ("Argos", 22.75, 37.6, 3, "b", ""),
        ("Messenia", 22.0, 37.1, 1, "-", ""),
        ("Laconia", 22.65, 36.85, 2, "-", ""),
        ("Cyclades", 25.4, 37.05, 1, "-", ""),
        ("Thera", 25.465, 36.39, 1, "-", "volcano=thera"),
        ("Cydonia", 23.95, 35.35, 2, "b", "start=crete"),
        ("Knossos", 25.1, 35.2, 3, "b", "start=crete"),
        ("Hierapytna", 25.95, 35.1, 2, "b", "start=crete"),
    ]),
    ("Thrace and the northern Black Sea", "W", False, [
        ("Odrysia", 25.5, 42.1, 2, "b", "start=thrace"),
        ("Chersonese", 26.5, 40.6, 1, "-", ""),
        ("Byzantium", 28.5, 41.2, 2, "b", ""),
        ("Odessus", 27.6, 43.0, 1, "-", ""),
        ("Olbia", 32.3, 46.8, 2, "b", ""),
        ("Taurica", 34.2, 45.0, 2, "-", ""),
    ]),
    ("Anatolia and the eastern Aegean", "E", False, [
        ("Bithynia", 30.0, 40.5, 2, "b", ""),
        ("Troas", 26.5, 39.8, 1, "-", ""),
        ("Mysia", 28.1, 39.5, 1, "-", ""),
        ("Lesbos", 26.3, 39.2, 1, "-", ""),
        ("Ionia", 27.3, 38.1, 3, "b", "start=asia"),
        ("Lydia", 28.5, 38.7, 3, "b", "start=asia"),
        ("Caria", 28.1, 37.1, 2, "b", ""),
        ("Rhodes", 28.0, 36.3, 1, "b", ""),
        ("Lycia", 29.9, 36.6, 2, "-", ""),
        ("Pisidia", 30.8, 38.0, 1, "-", ""),
        ("Lycaonia", 32.8, 37.9, 1, "-", ""),
        ("Pamphylia", 31.0, 37.0, 2, "-", ""),
        ("Phrygia", 30.9, 39.4, 2, "-", ""),
        ("Galatia", 33.4, 39.9, 1, "-", ""),
        ("Paphlagonia", 33.5, 41.5, 2, "-", ""),
        ("Pontus", 37.6, 40.5, 2, "b", ""),
        ("Cappadocia", 35.3, 38.6, 2, "-", ""),
        ("Cilicia", 34.6, 36.9, 4, "b", ""),
        ("Armenia", 43.2, 39.2, 1, "-", ""),
        ("Colchis", 41.8, 42.2, 1, "-", ""),
        ("Iberia", 44.7, 41.8, 1, "-", ""),
        ("Salamis", 33.9, 35.2, 3, "b", ""),
    ]),
    ("The Levant", "E", False, [
        ("Antioch", 36.2, 36.2, 4, "w", "fp=orontes"),
        ("Hamath", 37.2, 35.2, 2, "b", "fp=orontes"),
        ("Carchemish", 38.0, 36.7, 1, "b", ""),
        ("Aleppo", 37.3, 36.1, 3, "b", ""),
        ("Byblos", 35.8, 34.3, 4, "b", ""),
        ("Tyre", 35.3, 33.3, 2, "b", ""),
        ("Damascus", 36.4, 33.4, 3, "b", ""),
        ("Palmyra", 38.3, 34.5, 1, "-", ""),
        ("Arabia", 39.3, 31.2, 1, "-", ""),
        ("Judah", 35.7, 31.5, 1, "-", ""),
        ("Philistia", 34.6, 31.4, 2, "b", ""),
        ("Sinai", 33.7, 30.3, 1, "-", ""),
    ]),
    ("Mesopotamia", "E", False, [
        ("Nisibis", 41.2, 37.1, 2, "-", ""),
        ("Nineveh", 43.15, 36.4, 3, "b", "start=assyria"),
        ("Arbela", 44.0, 36.1, 2, "-", "start=assyria"),
        ("Assur", 43.3, 35.4, 2, "b", ""),
        ("Mari", 40.9, 34.6, 1, "-", ""),
        ("Sippar", 44.0, 33.3, 2, "w", "fp=mesopotamia"),
        ("Babylon", 44.5, 32.5, 3, "b", "fp=mesopotamia start=babylon"),
        ("Nippur", 45.2, 32.1, 2, "b", "fp=mesopotamia start=babylon"),
        ("Uruk", 45.8, 31.4, 2, "w", "fp=mesopotamia"),
        ("Ur", 46.5, 30.8, 2, "w", "fp=mesopotamia"),
        ("Susa", 48.2, 32.2, 3, "b", ""),
        ("Media", 46.6, 34.6, 1, "-", ""),
    ]),
    ("Egypt", "E", False, [
        ("Marmarica", 25.5, 31.2, 1, "-", ""),
        ("Ammonium", 25.5, 29.3, 1, "-", ""),
        ("Sais", 30.6, 31.0, 3, "w", "fp=nile start=egypt"),
        ("Tanis", 31.9, 30.9, 3, "b", "fp=nile start=egypt"),
        ("Memphis", 31.2, 29.8, 3, "b", "fp=nile start=egypt"),
        ("Hermopolis", 30.8, 27.8, 2, "w", "fp=nile"),
        ("Abydos", 31.9, 26.2, 2, "b", "fp=nile"),
        ("Thebes", 32.65, 25.7, 4, "b", "fp=nile"),
        ("Elephantine", 32.9, 24.3, 1, "-", ""),
    ]),
]

SEAS: list[SeaSeed] = [
    SeaSeed("Sea of Sardinia", 5.5, 40.0, "W", True),
    SeaSeed("Tyrrhenian Sea", 12.0, 39.8, "W", False),
    SeaSeed("Adriatic Sea", 16.6, 42.4, "W", False),
    SeaSeed("Ionian Sea", 18.5, 37.0, "W", False),
    SeaSeed("Gulf of Syrtis", 17.5, 33.3, "W", False),
    SeaSeed("Libyan Sea", 23.8, 33.8, "LINE", False),
    SeaSeed("Sea of Crete", 24.8, 36.05, "W", False),
    SeaSeed("Levantine Sea", 30.5, 33.6, "E", False),
    SeaSeed("Western Black Sea", 31.2, 43.4, "W", False),
    SeaSeed("Eastern Black Sea", 37.5, 42.8, "E", False),
]

FLOOD_PLAINS = {
    "nile": "Nile", "mesopotamia": "Mesopotamia", "padus": "Padus", "orontes": "Orontes",
}
VOLCANOES = {"thera": "Thera", "etna": "Etna", "vesuvius": "Vesuvius"}

STRAITS = [("Byzantium", "Bithynia"), ("Chersonese", "Troas")]
"""Land movement also crosses these narrows (the Bosporus, the Hellespont): `both` boundaries."""

SEA_LANES = [("Melita", "Syracusae"), ("Carthago", "Panormus")]
"""Coastal waters joined across a strait wider than twice the coastal reach (about 80 km), so
Malta and Africa reach Sicily without open sea (map-spec V8, V9): water boundaries."""

DUAL_COASTS = {"Corinth": 22.95}
"""Areas with two coasts (A3.10): the water west of this longitude is coast `a`, east of it `b`."""

ISLAND_GROUPS = {
    "sicily": "Messana", "crete": "Knossos", "cyprus": "Salamis", "sardinia": "Caralis",
}
"""Island groups of several areas are named here; an island of one area takes its area's name."""

ISLAND_HOMES = {
    "Cyclades": [(24.85, 37.85), (25.15, 37.55), (25.35, 37.45), (24.93, 37.44)],
}
"""Seedless islands that join the named area whatever lies nearer: Andros, Tenos, Myconos and
Syros are Cyclades, though Andros lies nearer Euboea (Boeotia) and the rest nearer Andros."""

OFF_BOARD_WATERS = [
    ("Persian Gulf", 48.6, 29.7), ("Gulf of Suez", 32.55, 29.7),
]
"""Seas inside the board's edge that are not the Mediterranean's: no area's coast, no ship."""

HULL = [
    (1.5, 29.5), (1.5, 47.0), (35.8, 47.0), (36.6, 45.2), (39.5, 44.2), (46.5, 43.5),
    (46.5, 36.5), (49.0, 36.5), (49.0, 29.5), (31.7, 29.5), (31.5, 28.0), (32.0, 27.0),
    (33.2, 26.4), (33.3, 23.9), (32.3, 23.9), (32.2, 25.5), (31.3, 26.3), (30.7, 27.0),
    (30.2, 28.0), (30.2, 29.5), (27.0, 29.5), (26.6, 28.9), (20.6, 28.9), (20.2, 29.5),
]
"""The edge of the board (lon, lat): Gaul to Elam, the Danube to Upper Egypt."""


def land_seeds() -> list[LandSeed]:
    seeds = []
    for _, side, far_west, rows in REGIONS:
        for name, lon, lat, limit, site, extras in rows:
            tags = dict(item.split("=") for item in extras.split())
            seeds.append(LandSeed(
                name, lon, lat, limit, {"b": "black", "w": "white", "-": "none"}[site],
                side, far_west, tags.get("fp"), tags.get("volcano"), tags.get("start"),
            ))
    return seeds
