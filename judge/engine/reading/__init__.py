"""Reading a state without changing it: characteristics through the layers, targets, what an
action's words name, and the tables the rules fix.

    layers.py characteristics.py   continuous effects through the layers (613); computed characteristics
    targeting.py        targets (115, 601.2c, 608.3): naming them and checking they are legal
    references.py       what an action's words name (ids, card names in a zone, `top`, players)
    announcements.py    405.6's announcements, one table (rulings/nodawn/announcements.yaml): what
                        targeting and countering read to treat each as a spell (405.6c, C42)
    calendar.py         the cycle count and the feasts that recolor a round (730; rulings/nodawn/feasts.yaml)
    seats.py            the law of the seat: which Havens may bed the Master (310.8a)
    lineages.py         what the rules fix by a Master's lineage (rulings/nodawn/lineages.yaml)

May import: core.
"""
