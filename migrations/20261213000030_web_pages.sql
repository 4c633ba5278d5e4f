-- Every game on the web: each game's page is found by a random slug (not by its id, so a
-- private server's games cannot be found by counting), a judge may unlist a game, and a
-- server may turn its pages off.
--
-- The slug: 32 hex digits, the MD5 of two random UUIDs (gen_random_uuid draws from the
-- server's strong random source, not from any game's seed): 128 bits. Existing games get
-- one each (a volatile default is evaluated per row).
ALTER TABLE games
    ADD COLUMN slug TEXT NOT NULL
        DEFAULT md5(gen_random_uuid()::text || gen_random_uuid()::text),
    ADD COLUMN unlisted BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD CONSTRAINT games_slug_key UNIQUE (slug);

ALTER TABLE guild_settings ADD COLUMN web_pages BOOLEAN NOT NULL DEFAULT TRUE;
