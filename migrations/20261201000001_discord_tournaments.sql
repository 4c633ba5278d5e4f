-- Tournaments on Discord: a tournament belongs to the server it was created in, a sign-up
-- may be for a tournament's next game, and members' display names are kept for the
-- standings (which know players by account id).

-- The server a tournament was created in (NULL: created outside Discord, e.g. `simulate`).
ALTER TABLE tournaments ADD COLUMN guild_id BIGINT;
CREATE INDEX tournaments_guild ON tournaments (guild_id);

-- The tournament whose next game this sign-up becomes (NULL: a game on its own).
ALTER TABLE signup_posts ADD COLUMN tournament_id BIGINT REFERENCES tournaments(id);

-- The latest display name seen for a member of a server (sign-up, judging, substituting).
CREATE TABLE member_names (
    guild_id  BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    name      TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
