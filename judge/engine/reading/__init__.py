"""Reading a state without changing it: the layers, computed characteristics, targets, what words name, the tables read.

Modules: layers.py, characteristics.py, targeting.py, references.py, announcements.py, calendar.py, seats.py, lineages.py.
May import: core.
"""
