"""Carrying out what happens: proposed events, replacement and prevention, moves, damage, control, costs paid.

Modules: proposals.py, replacement.py, perform.py, damage.py, zones.py, control.py, costs.py.
May import: core, reading, choosing, triggered.
"""
