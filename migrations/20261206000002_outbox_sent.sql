-- A message that an earlier attempt may have shown looks for itself after the newest message
-- sent before it in its channel (`Store::dispatch`'s `after`, in the claim's RETURNING).
-- Without an index that lookup walked the primary key backwards through every other
-- channel's rows: 39 ms a row behind 300,000 delivered messages, seconds for a claim of 64
-- after a crash (issue 19's delivery lag). Sent rows only: the lookup asks for them.
CREATE INDEX outbox_sent ON outbox (game_id, channel, id) WHERE sent_id IS NOT NULL;
