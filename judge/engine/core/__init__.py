"""The values everything passes around and the game state they make up.

Modules: errors.py, events.py, policies.py, frozen.py, guise.py, state.py, keywords.py.
May import: no other sub-package.
"""
