"""What the engine plays of the cards and the rules' lists, and what it refuses.

    support.py          what the engine cannot play of a card (it imports the whole engine, through play)
    families.py         the families the rules list, members played and refused (cards/nodawn/README.md)

May import: every sub-package below it (core to play).
"""
