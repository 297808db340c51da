-- Timers shared by every bot process (issue 18): what happens at a table without a click
-- (a turn deadline, its reminder, a computer's move, the pause between rounds), one row per
-- table at a time. A process claims the due rows with a lease (`owner`, `lease_until`); a
-- process that dies holding a lease loses it when it runs out, and another one fires the
-- timer. `version` is the table's state version the timer was armed at: once the table has
-- moved on, the timer is moot.
CREATE TABLE timers (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    ref_id INTEGER NOT NULL,
    what TEXT NOT NULL,
    version INTEGER NOT NULL,
    due_at INTEGER NOT NULL,
    owner TEXT,
    lease_until INTEGER,
    UNIQUE (kind, ref_id)
);

CREATE INDEX timers_by_due ON timers (due_at);

-- Each seat's automatic turns in a row (`{"seat": count}`, JSON; NULL: none), so that any
-- process rebuilding the table knows who is about to be removed for being away.
ALTER TABLE game_tables ADD COLUMN auto_json TEXT;
