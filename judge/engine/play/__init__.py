"""A player's actions: apply(), the action kinds, passing, casting, activating, the drop, resolving the stack.

Modules: actions.py, action_kinds.py, passing.py, casting.py, activating.py, resolve.py, wards.py, sealing.py, coopt.py.
May import: core, reading, choosing, triggered, performing, mechanics, checks, procedures, instructions.
"""
