-- The language a player chose in `/gin settings language` (en, es or fr), which wins over
-- their Discord client's locale; NULL: follow Discord (issue #17, docs/i18n.md).
ALTER TABLE player_settings ADD COLUMN language TEXT;
