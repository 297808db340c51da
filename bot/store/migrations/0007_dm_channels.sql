-- The bot's DM channel with each player, once Discord gave it (issue 30): a DM is opened
-- once per player, not once per process or match. Erased with the player's row.
ALTER TABLE players ADD COLUMN dm_channel_id BIGINT;
