-- Game tables, their seats, rounds, the append-only move log, challenges and finished
-- match history.

CREATE TABLE game_tables (
    -- INTEGER PRIMARY KEY is SQLite's auto-assigned id (PostgreSQL: BIGINT GENERATED ... AS IDENTITY).
    id               INTEGER PRIMARY KEY,
    guild_id         BIGINT  NOT NULL,
    channel_id       BIGINT  NOT NULL,
    message_id       BIGINT,
    host_id          BIGINT,
    rules            TEXT    NOT NULL,
    rules_json       TEXT    NOT NULL,
    target           INTEGER NOT NULL,
    seat_count       INTEGER NOT NULL CHECK (seat_count BETWEEN 2 AND 4),
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    -- The last full snapshot of the match state and the version it reflects; the moves
    -- logged with seq > snapshot_version are replayed on top of it.
    state_json       TEXT,
    snapshot_version INTEGER NOT NULL DEFAULT 0,
    version          INTEGER NOT NULL DEFAULT 0,
    round_no         INTEGER NOT NULL DEFAULT 0,
    turn_deadline    BIGINT,
    created_at       BIGINT  NOT NULL,
    updated_at       BIGINT  NOT NULL
);
CREATE INDEX game_tables_by_status ON game_tables (status, turn_deadline);
CREATE INDEX game_tables_by_channel ON game_tables (channel_id, status);

CREATE TABLE seats (
    table_id       BIGINT  NOT NULL REFERENCES game_tables (id),
    seat_no        INTEGER NOT NULL,
    -- NULL for a computer player, and for a human who erased their data after the game.
    user_id        BIGINT,
    computer_level TEXT,
    display_name   TEXT    NOT NULL,
    removed        BOOLEAN NOT NULL DEFAULT FALSE,
    dm_channel_id  BIGINT,
    dm_message_id  BIGINT,
    joined_at      BIGINT  NOT NULL,
    PRIMARY KEY (table_id, seat_no),
    UNIQUE (table_id, user_id),
    CHECK (user_id IS NULL OR computer_level IS NULL)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE rounds (
    table_id      BIGINT  NOT NULL REFERENCES game_tables (id),
    round_no      INTEGER NOT NULL,
    seed          BIGINT  NOT NULL,
    dealer        INTEGER NOT NULL,
    start_version INTEGER NOT NULL,
    result_json   TEXT,
    started_at    BIGINT  NOT NULL,
    finished_at   BIGINT,
    PRIMARY KEY (table_id, round_no)
);

-- seq is the table version the move produced: unique per table, increasing.
CREATE TABLE moves (
    table_id    BIGINT  NOT NULL,
    seq         INTEGER NOT NULL,
    round_no    INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    action_json TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    PRIMARY KEY (table_id, seq),
    FOREIGN KEY (table_id, round_no) REFERENCES rounds (table_id, round_no)
);

-- The log is append-only; triggers are SQLite syntax (PostgreSQL would use a rule or a
-- trigger function, or REVOKE UPDATE, DELETE).
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    challenger_id BIGINT  NOT NULL,
    opponent_id   BIGINT  NOT NULL,
    -- The pair in id order, so "one pending challenge per pair" is a plain unique index.
    pair_low      BIGINT  NOT NULL,
    pair_high     BIGINT  NOT NULL,
    rules         TEXT    NOT NULL,
    target        INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
    message_id    BIGINT,
    dm_channel_id BIGINT,
    dm_message_id BIGINT,
    table_id      BIGINT REFERENCES game_tables (id),
    created_at    BIGINT  NOT NULL,
    expires_at    BIGINT  NOT NULL,
    resolved_at   BIGINT,
    CHECK (challenger_id <> opponent_id),
    CHECK (pair_low < pair_high)
);
CREATE UNIQUE INDEX challenges_one_pending_per_pair ON challenges (pair_low, pair_high)
    WHERE status = 'pending';
CREATE INDEX challenges_by_expiry ON challenges (status, expires_at);
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, status);
CREATE INDEX challenges_by_opponent ON challenges (opponent_id, status);

-- One row per finished match, written in the same transaction as the stats.
CREATE TABLE matches (
    table_id    BIGINT  NOT NULL PRIMARY KEY REFERENCES game_tables (id),
    guild_id    BIGINT  NOT NULL,
    rules       TEXT    NOT NULL,
    target      INTEGER NOT NULL,
    vs_computer BOOLEAN NOT NULL,
    winner_seat INTEGER,
    ended_by    TEXT    NOT NULL CHECK (ended_by IN ('score', 'resign', 'forfeit', 'timeout')),
    rounds      INTEGER NOT NULL,
    finished_at BIGINT  NOT NULL
);
CREATE INDEX matches_by_guild ON matches (guild_id, finished_at);

CREATE TABLE match_players (
    table_id       BIGINT  NOT NULL REFERENCES matches (table_id),
    seat_no        INTEGER NOT NULL,
    user_id        BIGINT,
    computer_level TEXT,
    display_name   TEXT    NOT NULL,
    score          INTEGER NOT NULL,
    won            BOOLEAN NOT NULL,
    -- Copied from matches so a player's history is one ordered index range.
    finished_at    BIGINT  NOT NULL,
    PRIMARY KEY (table_id, seat_no)
);
CREATE INDEX match_players_by_user ON match_players (user_id, finished_at);
