"""Computer players for every game: a shared harness, and each game's levels in `ai/<game id>/`.

A bot answers every decision from its own seat's view (`state.view(seat)`):
it never receives a State, other hands or a hidden stack; a level that needs
them to search samples them.

The harness (this package's top level) knows no game: the worker thread
(`BotWorker`), one game between bots (`match`), the arena's schedule and
tables (`tournament`, `stats`), the random level, and the registry
(`levels`) that imports a game's AI package by its id. A game's package
(`ai.tigris`: easy, medium, hard; `ai.civ`: its own random level, which
trades and buys) offers what `levels.GameAI` lists. The search a strong
level needs is the harness's too (`search`, below), so no game's bot
carries its own copy.

Using a bot
-----------
::

    import ai
    ai.levels("tigris")                             # ('random', 'easy', 'medium', 'hard')
    bot = ai.make_bot("tigris", "hard", seed=7)
    action = bot.choose(state.view(seat), budget_s=1.0, stop=None)
    state = state.apply(action)                     # always legal

`choose(view, budget_s, stop=None)` returns one of the legal actions of
`view["viewer"]`, who must be the seat to move. `budget_s` is a soft limit on
thinking time (only searching levels use it all; ``ai.DEFAULT_BUDGET`` is
the default, lower it for slow kiosks). Setting the `threading.Event` `stop`
makes the bot return within milliseconds. `make_bot(game_id, level, seed,
iterations=n)` fixes a search at n iterations instead of the clock: the same
view then always gives the same action. `ai.legal_actions(game_id, view)`
lists the viewer's legal actions from the view alone (a fallback when a bot
fails); `ai.bot_factory(game_id)` is `make_bot` for one game, the
`factory(level, seed)` LAN play takes.

Searching
---------
`ai.search` is an anytime information-set Monte Carlo tree search over
positions sampled from the viewer's view. A game plugs in its parts for one
decision, an object that meets `search.SearchGame`::

    players, viewer                        # seats valued; the seat deciding
    sample(rng) -> state                   # the unseen dealt at random from the view
    root_candidates(state, out_of_time)    # [(action, value)], best first, never empty
    candidates(state, mover, limit)        # [(action, quick score or None)], best first
    apply(state, action) -> state | None   # None: illegal in this sample
    to_move(state) -> seat | None          # None: the game is over
    turns_begun(state) -> int              # turns begun by the last action (the horizon)
    settle(state) -> state                 # pending decisions answered by rules of thumb
    evaluate(state) -> [value per seat]    # of a settled state, one unit for all seats
    key(action) -> str                     # equal for equal actions

and calls `search.decide(parts, rng, Budget.start(seconds, iterations, stop),
settings)`, which returns an `Outcome(action, iterations)`. `Settings`
shapes the tree (exploration in the evaluation's units, turns ahead, how
many candidates, how many samples); `search.diverse` caps root candidates
per plan. Only `sample` draws from the rng, so a fixed iteration count
gives the same action on every machine. Tigris & Euphrates' hard level is
`ai.tigris.hard.TigrisParts` with the medium evaluation; the harness tests
play Tiny with a trivial evaluation (`tests/ai/harness/test_ai_search.py`).

Off the UI thread
-----------------
::

    worker = ai.BotWorker()                         # one daemon thread
    ticket = worker.request(bot, view, budget_s)    # returns at once
    action = worker.poll()                          # each frame: None until ready
    worker.cancel()                                 # game closed / undo: stop, drop answer
    worker.close()                                  # at exit

A new `request` cancels the one before. `poll` re-raises an exception the bot
raised. `BotWorker(on_answer=callback)` calls `callback(ticket, action)` instead,
on the worker thread (post an event from it; do not touch the UI there).
`worker.wait(timeout)` blocks: for tests and headless runs only. The worker
is a thread, not a process, so a view needs no pickling; the search shares
the interpreter lock with the UI, which stays responsive (Python switches
threads every few milliseconds) while the search gets fewer iterations.
"""

from __future__ import annotations

from .bot import Action, Bot, View
from .levels import bot_factory, default_level, legal_actions, levels, make_bot
from .worker import BotWorker

DEFAULT_BUDGET = 1.0  # seconds per decision for a searching level on a two-core desktop

__all__ = ["DEFAULT_BUDGET", "Action", "Bot", "BotWorker", "View", "bot_factory",
           "default_level", "legal_actions", "levels", "make_bot"]
