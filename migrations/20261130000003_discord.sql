-- The Discord adapter's bookkeeping: which server runs games where, sign-ups, which account
-- plays which seat, and the forum post of each day. The game itself stays in `events`.

-- Set by `/wolf setup` (Manage Server).
CREATE TABLE guild_settings (
    guild_id      BIGINT PRIMARY KEY,
    forum_channel BIGINT NOT NULL,
    judge_role    BIGINT NOT NULL,
    log_channel   BIGINT NOT NULL,
    lang          TEXT NOT NULL DEFAULT 'zh'
);

-- A sign-up post; it becomes a game when the judge starts it.
CREATE TABLE signup_posts (
    id          BIGSERIAL PRIMARY KEY,
    guild_id    BIGINT NOT NULL REFERENCES guild_settings(guild_id),
    judge_user  BIGINT NOT NULL,
    ruleset     TEXT NOT NULL,
    lang        TEXT NOT NULL,
    -- The forum post (a thread) holding the sign-up message, once posted.
    thread_id   BIGINT,
    message_id  BIGINT,
    game_id     BIGINT REFERENCES games(id),
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX signup_posts_thread ON signup_posts (thread_id);

CREATE TABLE signup_players (
    signup_id  BIGINT NOT NULL REFERENCES signup_posts(id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    name       TEXT NOT NULL,
    -- Whether a DM to this member went through when they joined.
    dm_ok      BOOLEAN NOT NULL DEFAULT TRUE,
    joined_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (signup_id, user_id)
);

-- The account behind each seat; a substitution moves the seat to another account.
CREATE TABLE seats (
    game_id  BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat     INT NOT NULL,
    user_id  BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

-- One forum post per day (tie rounds continue in their day's post); day 0 is the tree-hole
-- post at the end. `elevator` is the index message (电梯) edited in place as posts come in.
CREATE TABLE day_threads (
    game_id         BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    day             INT NOT NULL,
    thread_id       BIGINT NOT NULL,
    elevator        BIGINT,
    elevator_dirty  BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game_id, day)
);
CREATE INDEX day_threads_thread ON day_threads (thread_id);

-- Every counted post of a day, for the elevator's links and for flagging edits and
-- deletions of one's own posts.
CREATE TABLE post_links (
    game_id     BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    day         INT NOT NULL,
    seat        INT NOT NULL,
    message_id  BIGINT NOT NULL,
    thread_id   BIGINT NOT NULL,
    PRIMARY KEY (game_id, message_id)
);
CREATE INDEX post_links_message ON post_links (message_id);

-- The webhook that relays anonymous characters' posts, one per forum.
CREATE TABLE webhooks (
    channel_id  BIGINT PRIMARY KEY,
    webhook_id  BIGINT NOT NULL,
    token       TEXT NOT NULL
);

-- How the messenger shows a message on Discord: a new forum post, menus and buttons.
ALTER TABLE outbox ADD COLUMN meta JSONB;
