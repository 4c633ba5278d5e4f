-- A day's index (电梯) may take several messages (16 characters with 32-character names and
-- their links pass Discord's 2,000 characters): `elevator` is the first, these the rest, in
-- order; each is edited in place.
ALTER TABLE day_threads ADD COLUMN elevator_more BIGINT[] NOT NULL DEFAULT '{}';
