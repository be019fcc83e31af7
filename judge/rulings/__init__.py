"""Saved rulings: the rulings judges gave, kept in a shared SQLite file (see store.py)."""
