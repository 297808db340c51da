-- Players and everything that hangs off one player: settings, closed DMs, relations,
-- achievements and statistics. Times are milliseconds since the Unix epoch (UTC).
-- User ids are Discord snowflakes (64-bit); they carry no foreign key to `players`
-- because a relation or a closed DM can concern someone who never played.

CREATE TABLE players (
    user_id      BIGINT  NOT NULL PRIMARY KEY,
    display_name TEXT    NOT NULL,
    online       BOOLEAN NOT NULL DEFAULT TRUE,
    locale       TEXT,
    created_at   BIGINT  NOT NULL,
    updated_at   BIGINT  NOT NULL
);

CREATE TABLE player_settings (
    user_id     BIGINT  NOT NULL PRIMARY KEY,
    images      BOOLEAN NOT NULL DEFAULT TRUE,
    four_colour BOOLEAN NOT NULL DEFAULT FALSE,
    dark        BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at  BIGINT  NOT NULL
);

-- A user whose DMs failed: the bot stops retrying until they interact again.
CREATE TABLE closed_dms (
    user_id   BIGINT NOT NULL PRIMARY KEY,
    closed_at BIGINT NOT NULL
);

-- Directed and unique: (A blocks B) and (B blocks A) are two rows.
CREATE TABLE relations (
    user_id    BIGINT NOT NULL,
    target_id  BIGINT NOT NULL,
    kind       TEXT   NOT NULL CHECK (kind IN ('block', 'mute', 'favorite')),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, target_id, kind),
    CHECK (user_id <> target_id)
);
-- "Who has muted/blocked this player?" (chat relay, challenge checks).
CREATE INDEX relations_by_target ON relations (target_id, kind);

CREATE TABLE achievements (
    user_id     BIGINT NOT NULL,
    key         TEXT   NOT NULL,
    unlocked_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, key)
);

-- One row per player per scope (guild_id, 0 = all servers) per kind of opponent.
CREATE TABLE player_stats (
    user_id             BIGINT  NOT NULL,
    guild_id            BIGINT  NOT NULL,
    versus              TEXT    NOT NULL CHECK (versus IN ('people', 'computer')),
    matches_played      INTEGER NOT NULL DEFAULT 0,
    matches_won         INTEGER NOT NULL DEFAULT 0,
    matches_lost        INTEGER NOT NULL DEFAULT 0,
    matches_resigned    INTEGER NOT NULL DEFAULT 0,
    matches_forfeited   INTEGER NOT NULL DEFAULT 0,
    rounds_played       INTEGER NOT NULL DEFAULT 0,
    rounds_won          INTEGER NOT NULL DEFAULT 0,
    gins                INTEGER NOT NULL DEFAULT 0,
    big_gins            INTEGER NOT NULL DEFAULT 0,
    knocks              INTEGER NOT NULL DEFAULT 0,
    undercuts_made      INTEGER NOT NULL DEFAULT 0,
    undercuts_suffered  INTEGER NOT NULL DEFAULT 0,
    shutouts            INTEGER NOT NULL DEFAULT 0,
    points_for          BIGINT  NOT NULL DEFAULT 0,
    points_against      BIGINT  NOT NULL DEFAULT 0,
    best_match_points   INTEGER NOT NULL DEFAULT 0,
    best_match_table_id BIGINT,
    current_streak      INTEGER NOT NULL DEFAULT 0,
    best_streak         INTEGER NOT NULL DEFAULT 0,
    updated_at          BIGINT  NOT NULL,
    PRIMARY KEY (user_id, guild_id, versus)
);
-- Leaderboards: one index per sort key, ties broken by user id so pages are stable and
-- a player's rank is a COUNT over an index range.
CREATE INDEX player_stats_by_wins ON player_stats (guild_id, versus, matches_won DESC, user_id);
CREATE INDEX player_stats_by_gins ON player_stats (guild_id, versus, gins DESC, user_id);
CREATE INDEX player_stats_by_points ON player_stats (guild_id, versus, points_for DESC, user_id);
CREATE INDEX player_stats_by_streak ON player_stats (guild_id, versus, best_streak DESC, user_id);
CREATE INDEX player_stats_by_played ON player_stats (guild_id, versus, matches_played DESC, user_id);
