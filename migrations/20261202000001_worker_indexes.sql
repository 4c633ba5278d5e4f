-- The deadline worker fires a game's deadlines in order: it only takes a deadline when the
-- game has no earlier unfired one. That check probes this index (the primary key starts
-- with `kind` and keeps every fired row).
CREATE INDEX deadlines_pending ON deadlines (game_id, due_at, kind) WHERE fired_at IS NULL;

-- No query reads the outbox in plain id order any more (the dispatcher finds each channel's
-- oldest row through `outbox_pending`, then locks rows by primary key); this index only
-- cost a write per message and another per delivery.
DROP INDEX outbox_ready;
