"""The turn and its procedures: steps, combat, the world cycle, the Passage, and the special actions effects reuse.

Modules: turn.py, combat.py, cycle.py, processions.py, grounds.py, faces.py, attaching.py, immure.py, zone_abilities.py.
May import: core, reading, choosing, triggered, performing, mechanics, checks.
"""
