"""Giving priority (117.5): state-based actions, then triggers; the checks' incremental skip;
winning and losing.

    priority.py         giving priority: state-based actions, then triggers (117.5)
    sba.py              state-based actions (704), performed at once as one event (704.3)
    unchanged.py        whether a state still holds what the last check that found nothing saw (a skip)
    cleared.py          the permanents a check need not read again: an incremental check (704.3)
    outcome.py          winning and losing (104): simultaneous results, the last player standing, draws

May import: core, reading, choosing, triggered, performing, mechanics.
"""
