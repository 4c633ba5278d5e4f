-- The claim's `after` lookup (the newest message sent before this one in its channel) now
-- orders by `-id`, an order only this index gives. Ordered by `id`, it had two ordered paths
-- whose costs were a near tie: `outbox_sent` (game_id, channel, id), and the primary key
-- walked backwards, filtering every other channel's rows. Which one won depended on what
-- ANALYZE sampled: with a sample that counted few channels the planner walked the primary
-- key, 5 s for a claim of 200 behind 300,000 delivered messages where the index takes 40 ms
-- (the store test `messages_an_earlier_attempt_may_have_shown_find_their_place_by_channel`
-- failed about one run in 20). With `-id`, every other plan reads the channel's whole history
-- and sorts it, thousands of times the cost: no estimate flips that.
CREATE INDEX outbox_sent_newest ON outbox (game_id, channel, (-id)) WHERE sent_id IS NOT NULL;
DROP INDEX outbox_sent;
