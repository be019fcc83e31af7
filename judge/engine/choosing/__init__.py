"""The choices the rules give a player: asking, the kinds of choice, orders asked when first read.

Modules: asking.py, choices.py, arranging.py, timestamps.py, offers.py.
May import: core, reading.
"""
