"""The map's names where the places are: ancient places at their real coordinates fall in the
area named for them (docs/civ-map.md).

The map was drawn from seeds at real places (assets/tools/civ_map/seeds.py), but a Voronoi cell
can run far from its seed: once Artaxata and Mount Ararat lay in the area named Iberia, Lake Van
in Nisibis and Nineveh, and Naples in Capua. Each place here is checked against the outlines of
the drawing file, the geometry the map picture and the clients show.
"""

from __future__ import annotations

from drawing_geometry import in_area, load_drawing, outline_distance, projector

from engine.civ.map_schema import load_map

GAZETTEER: list[tuple[str, float, float, str]] = [
    ("Arelate", 4.63, 43.68, "Arelate"),
    ("Narbo", 3.00, 43.18, "Narbo"),
    ("Massalia", 5.37, 43.30, "Massalia"),
    ("Vienna of the Allobroges", 4.87, 45.52, "Allobroges"),
    ("Aleria", 9.51, 42.10, "Corsica"),
    ("Caralis", 9.11, 39.22, "Caralis"),
    ("Iol Caesarea", 2.19, 36.61, "Iol Caesarea"),
    ("Cirta", 6.61, 36.37, "Cirta"),
    ("Hippo Regius", 7.77, 36.88, "Hippo Regius"),
    ("Carthago", 10.32, 36.85, "Carthago"),
    ("Utica", 10.06, 37.06, "Carthago"),
    ("Hadrumetum", 10.64, 35.83, "Byzacium"),
    ("Capsa", 8.78, 34.42, "Capsa"),
    ("Tacape", 10.10, 33.88, "Tacape"),
    ("Cidamus", 9.50, 30.13, "Cidamus"),
    ("Leptis Magna", 14.29, 32.64, "Leptis Magna"),
    ("Cyrene", 21.86, 32.82, "Cyrene"),
    ("Augila", 21.29, 29.11, "Augila"),
    ("Siwa, Ammon's oracle", 25.52, 29.20, "Ammonium"),
    ("Paraetonium", 27.24, 31.35, "Marmarica"),
    ("Genua", 8.93, 44.41, "Liguria"),
    ("Mediolanum", 9.19, 45.46, "Mediolanum"),
    ("Spina", 12.14, 44.70, "Spina"),
    ("Arretium", 11.88, 43.46, "Etruria"),
    ("Tarquinii", 11.76, 42.25, "Etruria"),
    ("Lake Trasimene", 12.10, 43.13, "Etruria"),
    ("Perusia", 12.39, 43.11, "Umbria"),
    ("Roma", 12.48, 41.89, "Roma"),
    ("Bovianum", 14.47, 41.49, "Samnium"),
    ("Beneventum", 14.78, 41.13, "Samnium"),
    ("Capua", 14.25, 41.08, "Capua"),
    ("Neapolis", 14.25, 40.84, "Neapolis"),
    ("Pompeii", 14.49, 40.75, "Neapolis"),
    ("Canusium", 16.07, 41.22, "Apulia"),
    ("Tarentum", 17.24, 40.47, "Tarentum"),
    ("Croton", 17.13, 39.08, "Bruttium"),
    ("Rhegium", 15.65, 38.11, "Bruttium"),
    ("Messana", 15.55, 38.19, "Messana"),
    ("Catana", 15.09, 37.50, "Catana"),
    ("Syracusae", 15.29, 37.07, "Syracusae"),
    ("Akragas", 13.58, 37.29, "Akragas"),
    ("Panormus", 13.36, 38.12, "Panormus"),
    ("Melite", 14.40, 35.89, "Melita"),
    ("Aquileia", 13.37, 45.77, "Istria"),
    ("Pola", 13.85, 44.87, "Istria"),
    ("Siscia", 16.37, 45.48, "Pannonia"),
    ("Sirmium", 19.61, 44.97, "Pannonia"),
    ("Salona", 16.48, 43.54, "Dalmatia"),
    ("Scodra", 19.51, 42.07, "Scodra"),
    ("Epidamnus", 19.45, 41.32, "Epidamnus"),
    ("Naissus", 21.90, 43.32, "Dardania"),
    ("Serdica", 23.32, 42.70, "Serdica"),
    ("Oescus", 24.47, 43.70, "Moesia"),
    ("Sarmizegetusa", 23.31, 45.62, "Dacia"),
    ("Stobi", 21.97, 41.55, "Paeonia"),
    ("Seuthopolis", 25.30, 42.61, "Odrysia"),
    ("Philippopolis", 24.75, 42.15, "Odrysia"),
    ("Odessus", 27.91, 43.21, "Odessus"),
    ("Sestos", 26.40, 40.23, "Chersonese"),
    ("Byzantium", 28.98, 41.01, "Byzantium"),
    ("Olbia", 31.90, 46.69, "Olbia"),
    ("Chersonesus Taurica", 33.49, 44.61, "Taurica"),
    ("Corcyra", 19.92, 39.62, "Corcyra"),
    ("Dodona", 20.79, 39.55, "Epirus"),
    ("Thermon", 21.55, 38.60, "Aetolia"),
    ("Larissa", 22.42, 39.64, "Thessaly"),
    ("Pella", 22.52, 40.76, "Macedonia"),
    ("Mount Athos", 24.33, 40.16, "Macedonia"),
    ("Thebes", 23.32, 38.32, "Boeotia"),
    ("Athens", 23.73, 37.98, "Attica"),
    ("Corinth", 22.88, 37.91, "Corinth"),
    ("Olympia", 21.63, 37.64, "Elis"),
    ("Tegea", 22.42, 37.45, "Arcadia"),
    ("Argos", 22.72, 37.63, "Argos"),
    ("Mycenae", 22.76, 37.73, "Argos"),
    ("Messene", 21.92, 37.18, "Messenia"),
    ("Sparta", 22.43, 37.07, "Laconia"),
    ("Delos", 25.27, 37.40, "Cyclades"),
    ("Naxos", 25.38, 37.10, "Cyclades"),
    ("Andros", 24.85, 37.85, "Cyclades"),
    ("Akrotiri", 25.40, 36.35, "Thera"),
    ("Kydonia", 24.02, 35.51, "Cydonia"),
    ("Knossos", 25.16, 35.30, "Knossos"),
    ("Hierapytna", 25.74, 35.01, "Hierapytna"),
    ("Troy", 26.24, 39.96, "Troas"),
    ("Pergamon", 27.18, 39.13, "Mysia"),
    ("Cyzicus", 27.88, 40.39, "Mysia"),
    ("Mytilene", 26.55, 39.11, "Lesbos"),
    ("Smyrna", 27.14, 38.42, "Ionia"),
    ("Ephesus", 27.34, 37.94, "Ionia"),
    ("Miletus", 27.28, 37.53, "Ionia"),
    ("Sardis", 28.04, 38.49, "Lydia"),
    ("Halicarnassus", 27.42, 37.04, "Caria"),
    ("Rhodes", 28.22, 36.44, "Rhodes"),
    ("Xanthos", 29.33, 36.36, "Lycia"),
    ("Sagalassos", 30.52, 37.68, "Pisidia"),
    ("Perge", 30.85, 36.96, "Pamphylia"),
    ("Iconium", 32.49, 37.87, "Lycaonia"),
    ("Nicomedia", 29.92, 40.77, "Bithynia"),
    ("Gordion", 31.99, 39.65, "Phrygia"),
    ("Dorylaeum", 30.52, 39.78, "Phrygia"),
    ("Ancyra", 32.86, 39.93, "Galatia"),
    ("Sinope", 35.15, 42.03, "Paphlagonia"),
    ("Amaseia", 35.83, 40.65, "Pontus"),
    ("Trapezus", 39.72, 41.00, "Pontus"),
    ("Mazaca", 35.48, 38.73, "Cappadocia"),
    ("Tarsus", 34.89, 36.92, "Cilicia"),
    ("Salamis", 33.90, 35.18, "Salamis"),
    ("Artaxata", 44.55, 39.95, "Armenia"),
    ("Mount Ararat", 44.30, 39.70, "Armenia"),
    ("Lake Van", 42.90, 38.60, "Armenia"),
    ("Tushpa", 43.33, 38.50, "Armenia"),
    ("Phasis", 41.67, 42.15, "Colchis"),
    ("Mtskheta", 44.72, 41.84, "Iberia"),
    ("Antioch", 36.16, 36.20, "Antioch"),
    ("Hamath", 36.75, 35.13, "Hamath"),
    ("Carchemish", 38.01, 36.83, "Carchemish"),
    ("Aleppo", 37.16, 36.20, "Aleppo"),
    ("Byblos", 35.65, 34.12, "Byblos"),
    ("Tyre", 35.20, 33.27, "Tyre"),
    ("Damascus", 36.29, 33.51, "Damascus"),
    ("Palmyra", 38.27, 34.55, "Palmyra"),
    ("Adummatu", 39.87, 29.81, "Arabia"),
    ("Jerusalem", 35.23, 31.78, "Judah"),
    ("Gaza", 34.45, 31.50, "Philistia"),
    ("Nisibis", 41.22, 37.07, "Nisibis"),
    ("Nineveh", 43.15, 36.36, "Nineveh"),
    ("Kalhu", 43.33, 36.10, "Nineveh"),
    ("Arbela", 44.01, 36.19, "Arbela"),
    ("Assur", 43.26, 35.46, "Assur"),
    ("Mari", 40.89, 34.55, "Mari"),
    ("Sippar", 44.25, 33.06, "Sippar"),
    ("Babylon", 44.42, 32.54, "Babylon"),
    ("Nippur", 45.23, 32.13, "Nippur"),
    ("Uruk", 45.64, 31.32, "Uruk"),
    ("Ur", 46.10, 30.96, "Ur"),
    ("Susa", 48.25, 32.19, "Susa"),
    ("Ecbatana", 48.51, 34.80, "Media"),
    ("Sais", 30.77, 30.97, "Sais"),
    ("Tanis", 31.88, 30.98, "Tanis"),
    ("Memphis", 31.25, 29.85, "Memphis"),
    ("Hermopolis", 30.80, 27.78, "Hermopolis"),
    ("Abydos", 31.92, 26.19, "Abydos"),
    ("Thebes in Egypt", 32.65, 25.70, "Thebes"),
    ("Elephantine", 32.89, 24.09, "Elephantine"),
]
"""(place, longitude, latitude, the area that must hold it): capitals, famous cities, mountains
and lakes from Gaul to Elam, each in the area named after it or after its city, people or
region. Coordinates are the ancient site's, to 0.01°."""

VOLCANO_PEAKS = {"etna": (14.99, 37.75), "vesuvius": (14.43, 40.82), "thera": (25.43, 36.37)}
"""A3.7: each volcano's mountain lies in one of the areas the volcano covers."""

COAST_SLACK_KM = 5.0
"""A harbour may lie just off the outline (coasts are simplified to about 2 km) and an islet
under 25 km² is left off the board (Delos): a place in no area counts for the area whose outline
is nearest, if that is within this distance."""

KM_PER_UNIT = 111.2


def _area_at(lon: float, lat: float) -> str | None:
    """The name of the area holding (lon, lat), with the coast slack; None off the board."""
    drawing = load_drawing()
    names = {a.id: a.name for a in load_map().areas}
    kx, ky = projector(drawing)
    point = [lon * kx, lat * ky]
    for entry in drawing["areas"]:
        if in_area(point, entry["polygons"]):
            return names[entry["id"]]
    distance, nearest = min(
        (outline_distance(point, entry["polygons"]), entry["id"]) for entry in drawing["areas"]
    )
    return names[nearest] if distance * KM_PER_UNIT <= COAST_SLACK_KM else None


def test_every_place_lies_in_the_area_named_for_it() -> None:
    misplaced = [
        (place, area, found)
        for place, lon, lat, area in GAZETTEER
        if (found := _area_at(lon, lat)) != area
    ]
    assert misplaced == []


def test_the_gazetteer_names_areas_of_the_map_across_the_whole_board() -> None:
    board = load_map()
    named = {area for _, _, _, area in GAZETTEER}
    assert named <= {a.name for a in board.areas if a.is_land}
    starts = {a.name for a in board.areas if a.start is not None}
    assert starts <= named
    assert len(named) >= 100


def test_a3_7_each_volcano_holds_its_mountain() -> None:
    board = load_map()
    for volcano, (lon, lat) in VOLCANO_PEAKS.items():
        found = _area_at(lon, lat)
        assert found is not None and board.area_named(found).volcano == volcano, volcano


def test_iberia_touches_neither_nineveh_nor_arbela() -> None:
    """Mtskheta lies some 620 km from Nineveh and Arbela, across Armenia: no boundary joins them."""
    board = load_map()
    iberia = board.area_named("Iberia").id
    touching = {board.area(i).name for i in board.neighbours(iberia)}
    assert touching.isdisjoint({"Nineveh", "Arbela"})
