-- A server's memory of penalties. The record itself is read from the games' events (the
-- cards, removals, substitutions, camp losses and appeals stay rows when a game is packed);
-- what the events do not hold is kept here: the judge's notes about a member, bars lifted,
-- answers to appeals and the cards withdrawn on appeal.
CREATE TABLE record_notes (
    id        BIGSERIAL PRIMARY KEY,
    guild_id  BIGINT NOT NULL REFERENCES guild_settings(guild_id) ON DELETE CASCADE,
    member    BIGINT NOT NULL,
    -- 'note', 'lift', 'answer' (an appeal answered), 'withdrawn' (a card withdrawn)
    kind      TEXT NOT NULL,
    -- The appeal's or the card's event, for 'answer' and 'withdrawn'.
    game_id   BIGINT REFERENCES games(id) ON DELETE CASCADE,
    seq       BIGINT,
    judge     BIGINT NOT NULL,
    text      TEXT NOT NULL,
    at        TIMESTAMPTZ NOT NULL
);
CREATE INDEX record_notes_member ON record_notes (guild_id, member, at);
-- An appeal is answered once, a card withdrawn once.
CREATE UNIQUE INDEX record_notes_event ON record_notes (game_id, seq, kind)
    WHERE kind IN ('answer', 'withdrawn');

-- Sanctions that apply themselves (`/wolf-policy`); a server without a row has none.
-- 0 turns a rule off.
CREATE TABLE sanction_policy (
    guild_id        BIGINT PRIMARY KEY REFERENCES guild_settings(guild_id) ON DELETE CASCADE,
    -- After a red card: barred from signing up for this many games of the server...
    red_games       INT NOT NULL DEFAULT 0,
    -- ... or this many days (with both, until both have passed).
    red_days        INT NOT NULL DEFAULT 0,
    -- This many yellow cards within the member's last `yellow_window` games...
    yellows         INT NOT NULL DEFAULT 0,
    yellow_window   INT NOT NULL DEFAULT 0,
    -- ... bar for this many games of the server.
    yellow_games    INT NOT NULL DEFAULT 0,
    -- Records older than this many days no longer count.
    expiry_days     INT NOT NULL DEFAULT 0
);
