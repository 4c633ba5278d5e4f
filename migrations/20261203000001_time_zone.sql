-- The time zone a server's games print times in (an IANA name, set by `/wolf setup`);
-- NULL: the default for the server's language (Asia/Shanghai for zh, UTC for en).
ALTER TABLE guild_settings ADD COLUMN time_zone TEXT;
