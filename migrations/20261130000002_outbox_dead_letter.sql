-- A message that keeps failing is set aside after a number of attempts (the judge is told),
-- so that one closed DM cannot block its channel for ever.
ALTER TABLE outbox ADD COLUMN failed_at TIMESTAMPTZ;
DROP INDEX outbox_pending;
CREATE INDEX outbox_pending ON outbox (game_id, channel, id) WHERE delivered_at IS NULL AND failed_at IS NULL;
-- The dispatcher scans ready rows in id order; without this it walks every delivered row too.
CREATE INDEX outbox_ready ON outbox (id) WHERE delivered_at IS NULL AND failed_at IS NULL;
