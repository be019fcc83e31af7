"""The saved-rulings database schema, as numbered migrations.

A database records the version it is at in `schema_version`; opening it applies the missing
migrations in order, inside the same write transaction, so two judges opening a fresh shared
file at once cannot both create it. Append new migrations; never edit an applied one.
"""
from __future__ import annotations

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (1, """
        CREATE TABLE rulings (
            number    INTEGER PRIMARY KEY AUTOINCREMENT,
            question  TEXT NOT NULL DEFAULT '',
            answer    TEXT NOT NULL,
            event     TEXT NOT NULL DEFAULT '',
            table_no  TEXT NOT NULL DEFAULT '',
            judge     TEXT NOT NULL DEFAULT '',
            given_at  TEXT NOT NULL
        );
        CREATE TABLE ruling_citations (
            ruling    INTEGER NOT NULL REFERENCES rulings(number) ON DELETE CASCADE,
            position  INTEGER NOT NULL,
            entry_id  TEXT NOT NULL,
            PRIMARY KEY (ruling, position)
        );
        CREATE INDEX ruling_citations_entry ON ruling_citations(entry_id);
    """),
    # A ruling's key, chosen by the phone that wrote it (a UUID): the same ruling sent twice (a
    # phone that lost the answer to its post, a ruling kept offline and sent again) is stored once.
    (2, """
        CREATE TABLE ruling_keys (
            key       TEXT PRIMARY KEY,
            ruling    INTEGER NOT NULL UNIQUE REFERENCES rulings(number) ON DELETE CASCADE
        );
    """),
)

LATEST = MIGRATIONS[-1][0]

VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
