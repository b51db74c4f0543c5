"""Computer opponents: four levels that answer every decision from their own seat's view.

A bot sees only `state.view(seat)`: the board, its own hand, hand sizes, the
bag size and the scores the table shows. It never receives a State, other
hands or the bag order; when it needs them to search it samples them
(`ai.determinize`).

Levels
------
- ``random``: a uniformly random legal action (the yardstick).
- ``easy``: greedy on what an action scores at once, with some randomness.
- ``medium``: every legal action tried one ply ahead and judged by the full
  evaluation (`ai.evaluation`: weakest colour after treasures, leader
  support, conflict odds, monuments), conflicts weighted by their odds.
- ``hard``: information-set Monte Carlo tree search over sampled hidden
  hands and bags, to the end of the next player's turn, leaves valued by the
  medium evaluation; spends its time budget (or a fixed iteration count).

Using a bot
-----------
::

    import ai
    bot = ai.make_bot("hard", seed=7)              # levels: ai.LEVELS
    action = bot.choose(state.view(seat), budget_s=1.0, stop=None)
    state = state.apply(action)                    # always legal

`choose(view, budget_s, stop=None)` returns one of the legal actions of
`view["viewer"]`, who must be the seat to move. `budget_s` is a soft limit on
thinking time (only ``hard`` uses it all; ``ai.DEFAULT_BUDGET`` is the
default, lower it for slow kiosks). Setting the `threading.Event` `stop`
makes the bot return within milliseconds. `make_bot(level, seed,
iterations=n)` fixes the hard search at n iterations instead of the clock:
the same view then always gives the same action.

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
from .levels import LEVELS, make_bot
from .worker import BotWorker

DEFAULT_BUDGET = 1.0  # seconds per decision for the hard level on a two-core desktop

__all__ = ["DEFAULT_BUDGET", "LEVELS", "Action", "Bot", "BotWorker", "View", "make_bot"]
