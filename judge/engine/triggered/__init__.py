"""Triggered abilities: fired where their event happens, stacked before priority, their intervening ifs.

Modules: triggers.py, conditions.py.
May import: core, reading, choosing.
"""
