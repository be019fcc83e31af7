"""Carrying out what happens: the proposed events, the replacement and prevention effects that
rewrite them, and the mutations themselves — moves, damage, control changes, costs paid.

    proposals.py        the proposed events (Hit, ZoneChange, Gain, Draw, Draws)
    replacement.py      rewrites proposed events: replacement and prevention (614–616)
    perform.py          carries out proposed events after replacement: moves, damage, Vitae, draws
    damage.py zones.py  what dealt damage does (120); moving between zones — mutation only
    control.py          layer 2: control changes, their durations and reverting (613.1b, 723); removal from combat
    costs.py            paying the cost block (118) and the Master-Blood tax (118.6)

May import: core, reading, choosing, triggered.
"""
