-- A player's DM that carries a deadline (a night's prompt, a decision's, a warning before
-- the close) is claimed before anything else waiting: when a thousand nights open in one
-- second, their prompts reach the players first. The dispatcher's search for such heads
-- reads this index, which holds only the pending ones (a few at most, but for a burst).
CREATE INDEX outbox_prompts ON outbox (id)
    WHERE delivered_at IS NULL AND failed_at IS NULL
      AND channel LIKE 'dm:%' AND meta ? 'due';
