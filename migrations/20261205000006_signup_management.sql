-- Sign-up management (issue 18, item 5): the server's "notify me" role, which a new
-- sign-up post pings; the bench of volunteer substitutes of a sign-up (and the game it
-- becomes); and the seats the judge offered to the bench, each taken by the first
-- volunteer who accepts.

-- Set by `/wolf-setup notify_role:`; NULL: no ping.
ALTER TABLE guild_settings ADD COLUMN notify_role BIGINT;

-- Members who volunteered to take over a seat of this sign-up's game, in order.
CREATE TABLE signup_bench (
    signup_id  BIGINT NOT NULL REFERENCES signup_posts(id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    name       TEXT NOT NULL,
    joined_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (signup_id, user_id)
);

-- A seat the judge offered to the bench (`/judge replace`): while `from_user` still holds
-- it, the first volunteer to accept takes it (`taken_by`); later presses find it taken.
CREATE TABLE bench_offers (
    id          BIGSERIAL PRIMARY KEY,
    game_id     BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat        INT NOT NULL,
    from_user   BIGINT NOT NULL,
    taken_by    BIGINT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (game_id, seat, from_user)
);
