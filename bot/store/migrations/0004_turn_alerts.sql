-- A new hand message (which notifies) when the player's turn starts, or the hand edited in
-- place (no notification): `/gin settings turn_alerts`.
ALTER TABLE player_settings ADD COLUMN turn_alerts BOOLEAN NOT NULL DEFAULT TRUE;
