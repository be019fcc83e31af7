"""A resolving object's instructions (608.4): the effect handlers, by kind, and what they run in.

Modules: effects.py, effect_context.py, damage_effects.py, zone_effects.py, continuous_effects.py, player_effects.py, permanent_effects.py, arrival.py.
May import: core, reading, choosing, triggered, performing, mechanics, checks, procedures.
"""
