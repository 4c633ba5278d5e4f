-- The large documents a game writes (its state in `snapshots`, the events' bodies: the
-- reveal at a game's end is about 7 KB, a state about 10 KB) are compressed by TOAST when
-- written, with PostgreSQL's default `pglz`. In a burst of 1,000 games ending in the same
-- minute (issue 19, target 6: the night's end after the restart, the burst's slowest
-- instant), `pglz_compress` was the largest single cost in PostgreSQL's share of the two
-- cores (`perf record -a`: 6.5% of all samples, under `heap_insert`). `lz4` compresses
-- several times faster (and decompresses faster, which every load of a snapshot does), for
-- a slightly larger result; retention keeps only a game's latest snapshot, and packs its
-- ended logs with deflate (`store::archive`), so storage per game barely moves.
--
-- Only new values are compressed this way (nothing is rewritten). A server built without
-- lz4 refuses the setting; it keeps pglz then, with a notice, rather than failing to
-- migrate.
DO $$
BEGIN
    ALTER TABLE snapshots ALTER COLUMN state SET COMPRESSION lz4;
    ALTER TABLE events ALTER COLUMN body SET COMPRESSION lz4;
    ALTER TABLE outbox ALTER COLUMN body SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
    RAISE NOTICE 'lz4 is not supported by this server: documents stay compressed with pglz';
END
$$;
