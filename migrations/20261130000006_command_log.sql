-- The command log: every command a game received, accepted or refused, is kept with its
-- result and time, in arrival order, so the whole game can be exported as a game script
-- (`wolfjudge export`) and replayed. Rows without a command are a script run's wait steps
-- (bookkeeping, not commands); rows written before this migration have none either.
ALTER TABLE commands ADD COLUMN command JSONB;
-- Arrival order: commands on one game are serialized by the lock on their `games` row, so
-- this follows the order in which the engine saw them.
ALTER TABLE commands ADD COLUMN n BIGSERIAL;
CREATE INDEX commands_log ON commands (game_id, n) WHERE command IS NOT NULL;
