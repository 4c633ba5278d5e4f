-- The dispatcher no longer holds a transaction open while it calls Discord: it claims a run
-- of messages with a lease in one short statement, and marks each delivered right after its
-- own send.
--   lease_owner, leased_until: who holds the message and until when (another dispatcher takes
--     it over once the lease has run out; a dispatcher of the same name at once). A lease
--     left behind (never released: the holder died or lost the database) also says that the
--     message may have been sent: the next attempt first looks for it on Discord.
--   claimed_at: when the message was first claimed; nothing of it was sent before.
--   sent_id: the Discord id of what was shown (the first message, or the forum post).
ALTER TABLE outbox
    ADD COLUMN lease_owner  TEXT,
    ADD COLUMN leased_until TIMESTAMPTZ,
    ADD COLUMN claimed_at   TIMESTAMPTZ,
    ADD COLUMN sent_id      BIGINT;
