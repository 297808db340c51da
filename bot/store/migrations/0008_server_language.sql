-- A server's language for its public messages, set by an admin (`/gin-admin language`,
-- issue 31); NULL: follow Discord's server language (`guild.preferred_locale`). A cleared
-- setting keeps its row, so `updated_at` tells other processes it changed (docs/i18n.md).
CREATE TABLE guild_settings (
    guild_id   BIGINT  NOT NULL PRIMARY KEY,
    language   TEXT,
    updated_at BIGINT  NOT NULL
);
-- A seat removed from a match of three or four because its player resigned (not for being
-- away): a restart still says so (issue 31).
ALTER TABLE seats ADD COLUMN resigned BOOLEAN NOT NULL DEFAULT FALSE;
