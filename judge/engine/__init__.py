"""The No Dawn rules engine: a pure state and `apply(state, action) -> (state, events)`.

Its modules stand in sub-packages, a pipeline from the bottom up: each imports only those below it
(tests/test_engine_structure.py keeps the order and how many modules each holds). What each holds,
module by module, is in its own __init__.py.

    scenarios/     scenario files in, replays out
    coverage/      what the engine cannot play of a card; the rules' families played and refused
    play/          apply(), the action kinds, passing, casting, activating, the drop, resolving the stack
    instructions/  the effect handlers (608.4) by kind, and the context they run in
    procedures/    the turn, combat, the world cycle, the Passage; face-down play, attaching, Immure,
                   abilities outside the battlefield
    checks/        giving priority: state-based actions, their incremental skip, winning and losing
    mechanics/     the Day, rites, Lore, Suspicion, and keyword mechanics (Reckoning, Sleeper, Dominance, Debt…)
    performing/    proposed events, replacement and prevention, moves, damage, control, costs paid
    triggered/     triggered abilities and their intervening "if" conditions
    choosing/      asking a player: the kinds of choice, orders asked when first read, timestamps, offers
    reading/       the layers, characteristics, targets, references, and the tables the rules fix
    core/          the events, errors, policies, keywords registry and the game state

Card files are read by judge/cards (vocabulary, model, reader), shared with the corpus.

Extension points, one table each: a keyword (`NAME = keywords.implements("Keyword", "702.x")` in
the module that reads it; core/keywords.py MODELLED gathers them), an action kind
(play/action_kinds.py ACTIONS), an effect (instructions/effects.py HANDLERS, its keys in
judge/cards/vocabulary.py, its handler in the instructions/*_effects.py module of its kind), a
trigger event (triggered/triggers.py TRIGGER_RULES and a `triggers.fire` where it happens), a kind
of choice (choosing/choices.py CHOICE_KINDS and an `asking.ask` where the rules give it), a kind of
proposed event (performing/: proposals, replacement.GATHER, perform.CARRY).

Every event cites the rules that made it happen; rule numbers appear in this package only as
string literals such as "704.5j", so the test suite can collect and check them all.
"""

from judge.engine.play.actions import apply

__all__ = ["apply"]
