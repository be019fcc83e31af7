"""Giving priority: state-based actions, their incremental skip, winning and losing.

Modules: sba.py, priority.py, unchanged.py, cleared.py, outcome.py.
May import: core, reading, choosing, triggered, performing, mechanics.
"""
