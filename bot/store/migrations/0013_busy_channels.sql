-- A busy channel's one "tables in play" message shared by every process (docs/playing.md,
-- "Busy channels"; docs/deploy.md, "N processes"). Each playing table's line as a process
-- last wrote it, with the table's version it shows (a line is never replaced by an older
-- one); and per channel, the message's id, the claim of the process posting it (epoch
-- milliseconds it holds until) and a revision that every write of a line moves on.
ALTER TABLE game_tables ADD COLUMN busy_line TEXT;
ALTER TABLE game_tables ADD COLUMN busy_line_version INTEGER;
CREATE TABLE busy_channels (
    channel_id    BIGINT  NOT NULL PRIMARY KEY,
    message_id    BIGINT,
    claimed_until BIGINT,
    revision      INTEGER NOT NULL DEFAULT 0
);
