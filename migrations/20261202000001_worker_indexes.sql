-- The deadline worker fires a game's deadlines in order: it only takes a deadline when the
-- game has no earlier unfired one. That check probes this index (the primary key starts
-- with `kind` and keeps every fired row).
CREATE INDEX deadlines_pending ON deadlines (game_id, due_at, kind) WHERE fired_at IS NULL;

-- No query reads the outbox in plain id order any more (the dispatcher finds each channel's
-- oldest row through `outbox_pending`, then locks rows by primary key); this index only
-- cost a write per message and another per delivery.
DROP INDEX outbox_ready;

-- Only the export reads the command log in order, one game at a time (a few hundred rows,
-- found by the primary key and sorted); the index cost every command a write.
DROP INDEX commands_log;

-- Both tables are queues: every message is marked delivered and every deadline fired soon
-- after it is written, which leaves a dead entry in the partial indexes the workers search
-- (`outbox_pending`, `deadlines_due`, `deadlines_pending`) until a vacuum removes it. By
-- default a table is vacuumed once a fifth of it has changed; with a big outbox the
-- workers' searches would step over hundreds of thousands of dead entries first.
ALTER TABLE outbox SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 2000);
ALTER TABLE deadlines SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 2000);
