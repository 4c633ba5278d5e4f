-- Games live here: the event log is the game; everything else is derived or bookkeeping.

CREATE TABLE games (
    id          BIGSERIAL PRIMARY KEY,
    -- A caller-chosen unique name (a script's run key, a Discord sign-up id) so that
    -- creating a game twice after a crash finds the first one.
    key         TEXT NOT NULL UNIQUE,
    ruleset     TEXT NOT NULL,
    lang        TEXT NOT NULL DEFAULT 'zh',
    -- The number of events in the log (the last seq); commands bump it optimistically.
    seq         BIGINT NOT NULL DEFAULT 0,
    phase       TEXT NOT NULL,
    ended       BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Characters are seats; the player behind a seat can change (a substitute), the seat cannot.
CREATE TABLE characters (
    game_id  BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat     INT NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, name)
);

CREATE TABLE players (
    game_id  BIGINT NOT NULL,
    seat     INT NOT NULL,
    player   TEXT NOT NULL,
    since    TIMESTAMPTZ NOT NULL,
    -- the event that put this player in the seat
    seq      BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat, seq),
    FOREIGN KEY (game_id, seat) REFERENCES characters(game_id, seat) ON DELETE CASCADE
);

CREATE TABLE events (
    game_id   BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq       BIGINT NOT NULL,
    at        TIMESTAMPTZ NOT NULL,
    audience  TEXT NOT NULL,
    kind      TEXT NOT NULL,
    body      JSONB NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- A snapshot of the state after `seq` events, so loading never replays a whole game.
CREATE TABLE snapshots (
    game_id  BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq      BIGINT NOT NULL,
    state    JSONB NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- Every message an event causes, written in the same transaction as the event.
CREATE TABLE outbox (
    id               BIGSERIAL PRIMARY KEY,
    game_id          BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    event_seq        BIGINT,
    -- 'public', 'judge', 'dm:<seat>'
    channel          TEXT NOT NULL,
    body             TEXT NOT NULL,
    -- Sent with the message so that a retried send is not shown twice.
    nonce            TEXT NOT NULL UNIQUE,
    attempts         INT NOT NULL DEFAULT 0,
    next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_error       TEXT,
    delivered_at     TIMESTAMPTZ
);
CREATE INDEX outbox_pending ON outbox (game_id, channel, id) WHERE delivered_at IS NULL;

-- Deadlines: 'tick' (the engine's next deadline) and 'reminder:<what>'.
CREATE TABLE deadlines (
    game_id   BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind      TEXT NOT NULL,
    due_at    TIMESTAMPTZ NOT NULL,
    fired_at  TIMESTAMPTZ,
    fired_by  TEXT,
    PRIMARY KEY (game_id, kind, due_at)
);
CREATE INDEX deadlines_due ON deadlines (due_at) WHERE fired_at IS NULL;

-- Processed command keys (idempotency): the same key again returns this result.
CREATE TABLE commands (
    game_id  BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    key      TEXT NOT NULL,
    result   JSONB NOT NULL,
    at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, key)
);
