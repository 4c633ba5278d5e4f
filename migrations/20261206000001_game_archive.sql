-- Retention, second step (issue 19, storage): an ended game's command log and events,
-- packed into one compressed row once the game is older than the retention age. Export,
-- verify, replay, charts and records read the pack as they read the rows
-- (`store::archive`); loading starts from the latest snapshot, which the pass writes at the
-- game's last event first. A row per event or command costs about 300 bytes with its index
-- entry; the pack is about a tenth of that.
CREATE TABLE game_archive (
    game_id   BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    -- The last event packed: later events (none, unless a judge acts on an ended game) stay
    -- rows until the next pass.
    seq       BIGINT NOT NULL,
    -- Deflate of a JSON array of the events' bodies, in seq order.
    events    BYTEA NOT NULL,
    -- Deflate of a JSON array of `{at, command, result}`, in arrival order.
    commands  BYTEA NOT NULL,
    packed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- Already compressed: PostgreSQL's own TOAST compression would only spend time on it.
ALTER TABLE game_archive ALTER COLUMN events SET STORAGE EXTERNAL;
ALTER TABLE game_archive ALTER COLUMN commands SET STORAGE EXTERNAL;
