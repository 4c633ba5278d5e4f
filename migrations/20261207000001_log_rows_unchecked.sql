-- The rows every write appends (events, outbox rows, deadlines, snapshots, command records)
-- no longer check their game's key against `games` (issue 19, target 2).
--
-- Why: each of these rows is written by the statement that moves its game's row first
-- (`src/store/statement.rs`: a row goes in only for a game in `moved`, the games whose seq
-- that statement just updated), or in the transaction that creates the game. The key check
-- could never fail there, and it is not free: each inserted row runs a lookup in
-- `games_pkey` and takes a share lock on the game's row, about ten rows per command. The
-- statement alone through pgbench (`benches/write-shape.sh 16 20`) ran 5,740 and 5,645
-- writes/s with the checks against 6,472 and 6,218 without (+10-13%), on one machine,
-- runs interleaved.
--
-- What is given up: `ON DELETE CASCADE` from a game to these rows. No code deletes a game
-- (retention and the archive delete these rows by their own keys). The keys of the
-- tables written rarely (characters, players, seats, threads, tournaments) stay.
ALTER TABLE events DROP CONSTRAINT events_game_id_fkey;
ALTER TABLE outbox DROP CONSTRAINT outbox_game_id_fkey;
ALTER TABLE deadlines DROP CONSTRAINT deadlines_game_id_fkey;
ALTER TABLE snapshots DROP CONSTRAINT snapshots_game_id_fkey;
ALTER TABLE commands DROP CONSTRAINT commands_game_id_fkey;
