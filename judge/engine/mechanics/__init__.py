"""No Dawn's mechanics the checks, the turn and the effects call into: the Day, rites, Lore, Suspicion, keyword mechanics.

Modules: contracts.py, shelter.py, rites.py, suspicion.py, counting.py, reckoning.py, sleepers.py, dominance.py, feasts.py, debts.py.
May import: core, reading, choosing, triggered, performing.
"""
