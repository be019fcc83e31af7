"""The saved-rulings database schema, as numbered migrations.

A database records the version it is at in `schema_version`; opening it applies the missing
migrations in order, inside the same write transaction, so two judges opening a fresh shared
file at once cannot both create it. Append new migrations; never edit an applied one.
"""

from __future__ import annotations

# A random version-4 UUID, per row (randomblob is evaluated for each row an UPDATE touches).
UUID4_SQL = (
    "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) "
    "|| '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' "
    "|| hex(randomblob(6)))"
)

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
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
    """,
    ),
    # Rulings as a record (issue 33): a global identity for merging logs between events, and
    # corrections appended as revisions, never written over the ruling as first given (the
    # rulings row stays revision 1). Rulings saved before get a random version-4 UUID each.
    (
        2,
        f"""
        ALTER TABLE rulings ADD COLUMN uuid TEXT;
        UPDATE rulings SET uuid = {UUID4_SQL} WHERE uuid IS NULL;
        CREATE UNIQUE INDEX rulings_uuid ON rulings(uuid);
        CREATE TABLE ruling_revisions (
            ruling    INTEGER NOT NULL REFERENCES rulings(number) ON DELETE CASCADE,
            revision  INTEGER NOT NULL,
            kind      TEXT NOT NULL,
            question  TEXT NOT NULL,
            answer    TEXT NOT NULL,
            cites     TEXT NOT NULL,
            reason    TEXT NOT NULL,
            judge     TEXT NOT NULL DEFAULT '',
            made_at   TEXT NOT NULL,
            PRIMARY KEY (ruling, revision)
        );
    """,
    ),
)

LATEST = MIGRATIONS[-1][0]

VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
