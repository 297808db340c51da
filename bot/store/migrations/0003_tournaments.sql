-- Tournaments (entries, rounds, pairings), the organizer role per server, and Glicko-2
-- ratings per player per scope.

CREATE TABLE organizer_roles (
    guild_id   BIGINT NOT NULL PRIMARY KEY,
    role_id    BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    guild_id      BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    message_id    BIGINT,
    name          TEXT    NOT NULL,
    format        TEXT    NOT NULL CHECK (format IN
                  ('single_elimination', 'double_elimination', 'round_robin', 'swiss')),
    rules         TEXT    NOT NULL,
    target        INTEGER NOT NULL,
    settings_json TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'signup'
                  CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    organizer_id  BIGINT,
    -- Seed of the duplicate deals (bot.tournaments.deals.deal_seed), if any.
    seed          BIGINT,
    current_round INTEGER NOT NULL DEFAULT 0,
    -- Free-form state of the format (brackets, standings) for the tournament service,
    -- versioned like a game table's state.
    state_json    TEXT,
    version       INTEGER NOT NULL DEFAULT 0,
    created_at    BIGINT  NOT NULL,
    updated_at    BIGINT  NOT NULL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
CREATE INDEX tournaments_by_status ON tournaments (status);

-- Players are Discord user ids, as bot.tournaments uses them. Erasing a player replaces
-- their id by a negative pseudonym (never a real snowflake) so pairings still add up.
CREATE TABLE tournament_entries (
    tournament_id BIGINT           NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT           NOT NULL,
    display_name  TEXT             NOT NULL,
    rating        DOUBLE PRECISION,
    seed          INTEGER,
    status        TEXT             NOT NULL DEFAULT 'active'
                  CHECK (status IN ('active', 'eliminated', 'withdrawn', 'kicked', 'champion')),
    final_rank    INTEGER,
    joined_at     BIGINT           NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_entries_by_user ON tournament_entries (user_id);

CREATE TABLE tournament_rounds (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    round_no      INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished')),
    deadline      BIGINT,
    started_at    BIGINT  NOT NULL,
    finished_at   BIGINT,
    PRIMARY KEY (tournament_id, round_no)
);

-- pairing_key is bot.tournaments' stable id of a pairing ("r3t2", "W2.1", "GF1").
CREATE TABLE tournament_pairings (
    tournament_id BIGINT  NOT NULL,
    pairing_key   TEXT    NOT NULL,
    round_no      INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    deal_round    INTEGER NOT NULL,
    player_a      BIGINT  NOT NULL,
    player_b      BIGINT,
    table_id      BIGINT  REFERENCES game_tables (id),
    result_kind   TEXT    CHECK (result_kind IN ('win', 'forfeit', 'double_forfeit', 'bye')),
    winner_id     BIGINT,
    result_json   TEXT,
    finished_at   BIGINT,
    PRIMARY KEY (tournament_id, pairing_key),
    FOREIGN KEY (tournament_id, round_no) REFERENCES tournament_rounds (tournament_id, round_no)
);
CREATE INDEX tournament_pairings_by_table ON tournament_pairings (table_id);
CREATE INDEX tournament_pairings_by_round ON tournament_pairings (tournament_id, round_no, board);

-- scope is a guild id, or 0 for the global rating.
CREATE TABLE ratings (
    user_id    BIGINT           NOT NULL,
    scope      BIGINT           NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    rd         DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      INTEGER          NOT NULL DEFAULT 0,
    updated_at BIGINT           NOT NULL,
    PRIMARY KEY (user_id, scope)
);
CREATE INDEX ratings_leaderboard ON ratings (scope, rating DESC, user_id);
