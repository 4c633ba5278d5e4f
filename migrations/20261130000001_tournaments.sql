-- Tournaments (RULES.md §3): a series of games of one ruleset with shared players, scored
-- by role (config/scoring/<ruleset>.toml). Standings are computed from the games' final
-- states; nothing here is a score.

CREATE TABLE tournaments (
    id             BIGSERIAL PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE,
    ruleset        TEXT NOT NULL,
    games_planned  INT NOT NULL CHECK (games_planned > 0),
    -- The judge's account: earns the judge's points for every finished game.
    judge          TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The tournament's games in order (ordinal 1, 2, ...); a game belongs to one tournament.
CREATE TABLE tournament_games (
    tournament_id  BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    ordinal        INT NOT NULL CHECK (ordinal > 0),
    game_id        BIGINT NOT NULL UNIQUE REFERENCES games(id),
    PRIMARY KEY (tournament_id, ordinal)
);

-- Sign-ups: the order is the last tie-break of the standings and awards.
CREATE TABLE signups (
    tournament_id  BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player         TEXT NOT NULL,
    signed_up_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (tournament_id, player)
);
