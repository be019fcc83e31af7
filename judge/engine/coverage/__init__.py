"""What the engine cannot play of a card, and the rules' families it plays and refuses.

Modules: support.py, families.py.
May import: core, reading, choosing, triggered, performing, mechanics, checks, procedures, instructions, play.
"""
