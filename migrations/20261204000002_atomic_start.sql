-- `/wolf start` draws the deal once: the first start stores the seed, who sits in which
-- seat and each seat's character name with the sign-up (under the sign-up row's lock), and
-- every later or concurrent start builds the same game from them. Once they are set the
-- sign-up is closed to joins and leaves.
ALTER TABLE signup_posts
    ADD COLUMN seed       BIGINT,
    ADD COLUMN seating    BIGINT[],
    ADD COLUMN seat_names TEXT[];

-- Whether a member with the judge role who plays in a game may still use `/judge` on it
-- (set by `/wolf-setup playing_judge:`); off by default. When allowed, the secret parts
-- (roles, cards, the night, the export) stay hidden from them while the game runs.
ALTER TABLE guild_settings ADD COLUMN playing_judge BOOLEAN NOT NULL DEFAULT FALSE;
