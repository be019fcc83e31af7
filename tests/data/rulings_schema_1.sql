-- A rulings log as judge wrote it at schema 1 (before issue 33), dumped with sqlite3's iterdump.
-- tests/test_rulings_revisions.py upgrades a file built from it.
BEGIN TRANSACTION;
CREATE TABLE ruling_citations (
            ruling    INTEGER NOT NULL REFERENCES rulings(number) ON DELETE CASCADE,
            position  INTEGER NOT NULL,
            entry_id  TEXT NOT NULL,
            PRIMARY KEY (ruling, position)
        );
INSERT INTO "ruling_citations" VALUES(1,0,'nd:704.5j');
INSERT INTO "ruling_citations" VALUES(1,1,'nd:120.4');
INSERT INTO "ruling_citations" VALUES(3,0,'nd:509.1c');
CREATE TABLE rulings (
            number    INTEGER PRIMARY KEY AUTOINCREMENT,
            question  TEXT NOT NULL DEFAULT '',
            answer    TEXT NOT NULL,
            event     TEXT NOT NULL DEFAULT '',
            table_no  TEXT NOT NULL DEFAULT '',
            judge     TEXT NOT NULL DEFAULT '',
            given_at  TEXT NOT NULL
        );
INSERT INTO "rulings" VALUES(1,'Does the Column survive?','No: the Column dies to 704.5j.','Regional','12','Kim','2026-11-28T10:00:00+01:00');
INSERT INTO "rulings" VALUES(2,'','A warning for slow play.','','4','','2026-11-28T11:30:00+01:00');
INSERT INTO "rulings" VALUES(3,'Can a drained Entity block?','Yes, for a damage counter.','Regional','7','Ana','2026-11-28T12:15:00+01:00');
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO "schema_version" VALUES(1);
CREATE INDEX ruling_citations_entry ON ruling_citations(entry_id);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('rulings',3);
COMMIT;
