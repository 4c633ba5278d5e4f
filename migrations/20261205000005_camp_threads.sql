-- Camp threads (issue 18 item 4b): where a server's private camp threads open, whether
-- Mafia's killers and police get one, and each game's threads once opened.
ALTER TABLE guild_settings
    ADD COLUMN camp_channel BIGINT,
    ADD COLUMN mafia_camp_threads BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE camp_threads (
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    camp TEXT NOT NULL,
    thread_id BIGINT NOT NULL,
    PRIMARY KEY (game_id, camp)
);
