-- The public vote count (issue 18, item 1): one message per day post and per vote round
-- (Mafia's tie rounds get their own), created when the round opens and edited in place
-- after every vote. The id is kept so that every later edit finds it.
CREATE TABLE tally_messages (
    game_id     BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    day         INT NOT NULL,
    round       INT NOT NULL,
    thread_id   BIGINT NOT NULL,
    message_id  BIGINT NOT NULL,
    PRIMARY KEY (game_id, day, round)
);
