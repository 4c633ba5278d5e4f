-- Real games draw a 256-bit seed from the OS (issue 15): the start stores it here, beside
-- the 64-bit `seed`, which keeps the deals stored before this column existed and the
-- configured fixed seeds (tests, replays). At most one of the two is set; the game's events
-- hold the seed too (an integer, or 64 hex digits for a 256-bit one).
ALTER TABLE signup_posts ADD COLUMN seed256 BYTEA CHECK (octet_length(seed256) = 32);
