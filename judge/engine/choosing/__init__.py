"""The choices the rules give a player, and the orders asked only when something reads them.

    asking.py           ask(): a choice the rules give a player — answered, given in advance, a
                        default the scenario allows, or the action stops at it
    choices.py          CHOICE_KINDS: every kind of choice (its rule, answer shape, default), answers read
    arranging.py        cards arriving together whose order is their owner's (407.4, 404.3): recorded, and
                        asked when something first reads the order
    timestamps.py       a player's objects entering at once take their timestamps in the order they choose
                        (613.7d), asked where it can matter
    offers.py           optional gains ("may"): accept or decline, a gift that Invites (310.11)

May import: core, reading.
"""
