"""The values everything passes around, and the game state they make up.

    errors.py policies.py events.py   refused actions and bad input; the readings in force; events
    state.py frozen.py   GameState and its records; copy-on-write sharing between states, frozen on commit
    guise.py            what a face-down object is while face down (708.2): values, no engine import
    keywords.py         MODELLED: the 702 keywords the engine reads, declared where they are read

May import: no other sub-package (the bottom of the engine).
"""
