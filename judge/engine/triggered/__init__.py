"""Triggered abilities (603): fired where their event happens (`triggers.fire`), stacked in APNAP
order before a player receives priority, and their intervening "if" conditions.

    triggers.py         triggered abilities (603), TRIGGER_RULES; Toll (702.14a); delayed triggers (603.7)
    conditions.py       intervening "if" conditions of triggered abilities (603.4)

Below performing, since what happens fires triggers as it is carried out (damage.py).

May import: core, reading, choosing.
"""
