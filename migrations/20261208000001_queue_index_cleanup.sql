-- The outbox and the deadlines are queues: every message is marked delivered and every
-- deadline fired soon after it is written. Each of those updates leaves an entry in the
-- partial indexes the workers search (`outbox_pending`, `deadlines_due`,
-- `deadlines_pending`) until a vacuum removes it, and the dispatcher's search for ready
-- channels steps over every such entry it meets (issue 19, target 6: 248,000 of them kept
-- PostgreSQL at 55-60% of the two cores with nothing to send, and a burst of 1,000 day
-- closes at 1.8-2.0 s).
--
-- `20261202000001_worker_indexes.sql` made autovacuum visit these tables after 1% of them
-- had changed, but a visit did not clean the indexes: PostgreSQL skips the index pass when
-- the dead rows sit on fewer than 2% of the table's pages ("index scan bypassed"), which is
-- always the case here, since what was delivered last is the newest rows, at the table's
-- end, and the outbox keeps a week of delivered rows (`[retention] keep_delivered`). So the
-- searches' dead entries were only bounded by that 2% (about 140,000 for 10,000 games in
-- play). Every vacuum of these two tables now cleans their indexes, and runs once 5,000
-- rows have changed whatever the table's size: the dispatcher sends at most Discord's 50
-- requests a second, 3,000 a minute, so the searches meet a few thousand dead entries at
-- most, for a pass over the tables' indexes about once a minute.
ALTER TABLE outbox SET (vacuum_index_cleanup = on,
    autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);
ALTER TABLE deadlines SET (vacuum_index_cleanup = on,
    autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);
