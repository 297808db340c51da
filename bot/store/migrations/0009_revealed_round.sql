-- The last round whose reveal reached the table's channel (issue 30): a restart posts any
-- reveal a killed process had not sent yet, before the current round's board. Tables in
-- play when this runs count their rounds so far as shown (nothing is posted twice).
ALTER TABLE game_tables ADD COLUMN revealed_round INTEGER NOT NULL DEFAULT 0;
UPDATE game_tables SET revealed_round = round_no;
