-- Channel moderation (issue 18, item 4a), optional per server and set by `/wolf-setup`: the
-- roles the bot keeps in sync with its games (living players, the dead, spectators) and the
-- graveyard channel where the dead chat. A server without a row uses none of them.
CREATE TABLE guild_moderation (
    guild_id        BIGINT PRIMARY KEY REFERENCES guild_settings(guild_id) ON DELETE CASCADE,
    living_role     BIGINT,
    dead_role       BIGINT,
    spectator_role  BIGINT,
    graveyard       BIGINT
);
