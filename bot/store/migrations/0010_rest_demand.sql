-- What each bot process sharing the token asks of Discord's global REST budget (issue 30):
-- requests spent in the last second plus those waiting, written a few times a second. The
-- processes split the budget by these rows; a row not written for ~2 s (a dead process)
-- counts for nothing (docs/deploy.md, "One token, several processes"). One row per process
-- (`process`: its shards, the same across its restarts).
CREATE TABLE rest_demand (
    process    TEXT    NOT NULL PRIMARY KEY,
    demand     INTEGER NOT NULL,
    updated_at BIGINT  NOT NULL
);
