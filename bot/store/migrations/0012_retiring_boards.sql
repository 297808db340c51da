-- Every board a process is retiring (several processes), one row each, in place of 0011's
-- single `game_tables.retiring_message_id`: a process killed after a round's new board is
-- stored but before the old one's controls are off, and again before the next board's
-- are, left two such boards, and one column kept only the newer (docs/deploy.md). A row is
-- written in the same write that forgets the live board (`retire_message`), and deleted
-- once that board has lost its controls (`retired_message`), after the next board is out
-- or at the match's end.
CREATE TABLE retiring_boards (
    table_id   BIGINT NOT NULL REFERENCES game_tables (id),
    message_id BIGINT NOT NULL,
    PRIMARY KEY (table_id, message_id)
);
INSERT INTO retiring_boards (table_id, message_id)
    SELECT id, retiring_message_id FROM game_tables WHERE retiring_message_id IS NOT NULL;
ALTER TABLE game_tables DROP COLUMN retiring_message_id;
