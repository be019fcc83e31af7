"""No Dawn's mechanics that the checks, the turn and the effects call into: they carry out
through performing and never give priority.

    contracts.py        Contracts, Liturgies and Great Works: Lore counters and clauses (714, 715)
    shelter.py          the Day: sheltering at dawn, the return, exposure when a refuge falls (514.4, 503.3, 506.5a)
    rites.py            laying to rest: the undertaker's choice as an Entity dies (709.2)
    suspicion.py        the shared Suspicion meter, the Inquest and the Purge (123)
    counting.py         count counters and Scatter (702.45)
    reckoning.py        Reckoning: counters on a victim, one off at each upkeep (702.50a)
    sleepers.py         Sleeper: the dormant and the gathering form maturing at upkeep (702.39)
    dominance.py        Dominance: the Burden at its controller's upkeep, its teeth, the loss (702.42, C45)
    feasts.py           enter-modifiers that take objects: Devour, `feast:` statics (614.8, 702.43a) —
                        not the calendar's feasts (reading/calendar.py)
    debts.py            Debt: markers on players, the call on the stack, honored or refused (702.48, 116.2g)

May import: core, reading, choosing, triggered, performing.
"""
