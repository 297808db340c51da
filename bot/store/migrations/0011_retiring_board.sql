-- The board a process is retiring (several processes): its id leaves `message_id` when a
-- round's new board is about to be posted and is kept here in the same write, until the
-- board has lost its controls. A process killed in between leaves it recorded, and whoever
-- posts the table's next board strips it (docs/deploy.md). NULL: none.
ALTER TABLE game_tables ADD COLUMN retiring_message_id INTEGER;
