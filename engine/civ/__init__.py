"""Advanced Civilization (game id "civ"): its rules, tables and map, by `shared/docs/aciv/rules.md`.

Not yet in the registry (`engine.games()`): it joins once every phase is played.
"""
