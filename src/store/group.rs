//! Group commit: the changes that commands make to different games, and the deadlines
//! the worker fires in them, written together in one statement when several are waiting.
//!
//! Why: a command's write is one statement, and on PostgreSQL most of a small statement's
//! cost is paid per statement, not per row (starting the executor, the commit and its WAL
//! flush, the round trip). With many games in play, commands come faster than the
//! statements go, so the changes waiting at one moment are written by one statement
//! instead of one each. A change still waits for nothing but the statement before it: a
//! command that finds no other waiting is written alone, by the same statement as before
//! ([`super::write`]).
//!
//! How: a command puts its change in the queue; while fewer than [`WRITERS`] writer tasks
//! run, it starts one. A writer takes what is queued (at most [`MOST`] changes, at most one
//! per game, and never a game another writer is writing), writes it, answers each command,
//! and goes on until the queue is empty. One game is never in two statements at once, so
//! two writers' statements never wait for each other's rows. A firing keeps its own
//! conditions inside the group, game by game (see [`super::write`]): a deadline already
//! fired moves nothing, and a reminder's messages are written only by the statement that
//! marks its deadline fired.
//!
//! A group is all or nothing: when its statement fails (a command key already recorded,
//! a deadlock with another kind of change, a lost connection), nothing of it was written,
//! and each change is written alone, as it would have been without the group; its own
//! error, if any, goes to its own command.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use tokio::sync::oneshot;

use super::{write, written, Plan, Record, StoreError, Written};

/// How many writer tasks may run at once: each holds one connection while it writes. Two
/// keep both of the machine's cores busy with writes while the other's statement commits;
/// more would only make each group smaller.
pub(crate) const WRITERS: usize = 2;

/// At most this many changes in one statement, so that one group's statement stays short
/// (a group of 32 votes is about 100 rows).
pub(crate) const MOST: usize = 32;

/// A command's record, owned, as it waits in the queue (see [`Record`]).
pub(crate) struct Recorded {
    pub key: String,
    pub result: serde_json::Value,
    pub at: DateTime<Utc>,
    pub command: Option<serde_json::Value>,
}

impl Recorded {
    fn record(&self) -> Record<'_> {
        Record {
            key: &self.key,
            result: &self.result,
            at: self.at,
            command: self.command.as_ref(),
        }
    }
}

/// A change waiting to be written, and where its answer goes.
struct Job {
    plan: Plan,
    /// The command's record; none for a deadline's firing.
    record: Option<Recorded>,
    answer: oneshot::Sender<Result<Written, StoreError>>,
}

#[derive(Default)]
struct Queue {
    waiting: VecDeque<Job>,
    /// The games whose changes a writer is writing now.
    writing: HashSet<i64>,
    writers: usize,
}

/// The queue of changes waiting to be written, shared by a store's clones.
#[derive(Clone, Default)]
pub(crate) struct Group(Arc<Mutex<Queue>>);

impl std::fmt::Debug for Group {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let q = self.lock();
        f.debug_struct("Group")
            .field("waiting", &q.waiting.len())
            .field("writers", &q.writers)
            .finish()
    }
}

impl Group {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // The queue's state is consistent after every statement under the lock, so a
        // panic elsewhere while it was held leaves nothing half done.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Writes a change (a command's, with its record, or a deadline's firing), with the
    /// other changes waiting then, and tells what the write did (as [`write`] does).
    ///
    /// # Errors
    /// The database's error for this change (written alone when its group failed).
    pub(crate) async fn write(
        &self,
        pool: &PgPool,
        plan: Plan,
        record: Option<Recorded>,
    ) -> Result<Written, StoreError> {
        let (answer, answered) = oneshot::channel();
        let start = {
            let mut q = self.lock();
            q.waiting.push_back(Job {
                plan,
                record,
                answer,
            });
            let start = q.writers < WRITERS;
            if start {
                q.writers += 1;
            }
            start
        };
        if start {
            let (group, pool) = (self.clone(), pool.clone());
            tokio::spawn(async move { group.run(&pool).await });
        }
        // A writer that ended without answering (its runtime shut down) may or may not
        // have committed: a lost race makes the command load again, and the load finds
        // its key's result if it was written.
        answered.await.unwrap_or(Ok(Written::Lost))
    }

    /// A writer: writes what is queued, group after group, until nothing it may take is
    /// left.
    async fn run(self, pool: &PgPool) {
        let mut taken = Taken {
            group: &self,
            games: Vec::new(),
        };
        loop {
            let jobs = self.take(&mut taken.games);
            if jobs.is_empty() {
                return;
            }
            let written = write_jobs(pool, &jobs).await;
            taken.release(&mut self.lock());
            for (job, w) in jobs.into_iter().zip(written) {
                // The command may have stopped waiting: nothing to tell.
                let _ = job.answer.send(w);
            }
        }
    }

    /// Takes the next group: the oldest waiting change of each game nobody is writing, in
    /// the order they came, up to [`MOST`]. Marks the writer gone when it takes nothing.
    fn take(&self, games: &mut Vec<i64>) -> Vec<Job> {
        let mut q = self.lock();
        let mut jobs = Vec::new();
        let mut left = VecDeque::with_capacity(q.waiting.len());
        while let Some(job) = q.waiting.pop_front() {
            let game = job.plan.game_id;
            if jobs.len() < MOST && !q.writing.contains(&game) {
                q.writing.insert(game);
                games.push(game);
                jobs.push(job);
            } else {
                left.push_back(job);
            }
        }
        q.waiting = left;
        if jobs.is_empty() {
            // What is left waits for a game another writer holds; that writer takes it
            // next, since it goes on until it takes nothing.
            q.writers -= 1;
        }
        jobs
    }
}

/// Releases a writer's games (and its place) if it stops in the middle of a group (its
/// task aborted or panicking), so that those games' next changes are not held for ever.
struct Taken<'a> {
    group: &'a Group,
    games: Vec<i64>,
}

impl Taken<'_> {
    /// Gives the games back: their next changes may be taken by any writer.
    fn release(&mut self, q: &mut Queue) {
        q.writing.retain(|g| !self.games.contains(g));
        self.games.clear();
    }
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        if !self.games.is_empty() {
            let mut q = self.group.lock();
            self.release(&mut q);
            q.writers = q.writers.saturating_sub(1);
        }
    }
}

/// Writes `jobs`: in one statement when there are several and it succeeds, otherwise
/// each alone.
async fn write_jobs(pool: &PgPool, jobs: &[Job]) -> Vec<Result<Written, StoreError>> {
    if jobs.len() > 1 {
        match write_group(pool, jobs).await {
            Ok(found) => {
                return jobs
                    .iter()
                    .map(|j| {
                        let g = &j.plan.game_id;
                        Ok(written(
                            found.moved.contains(g),
                            found.fired.contains(g),
                            found.done.contains(g),
                            j.plan.fire.is_some(),
                        ))
                    })
                    .collect();
            }
            Err(e) => {
                tracing::debug!(error = %e, games = jobs.len(), "a group write failed; each is written alone")
            }
        }
    }
    let mut written = Vec::with_capacity(jobs.len());
    for job in jobs {
        written.push(write_alone(pool, job).await);
    }
    written
}

async fn write_alone(pool: &PgPool, job: &Job) -> Result<Written, StoreError> {
    let mut conn = pool.acquire().await?;
    let record = job.record.as_ref().map(Recorded::record);
    write(&mut conn, &job.plan, record.as_ref()).await
}

/// The columns of several plans, each row tagged with its game.
#[derive(Default)]
struct Columns {
    id: Vec<i64>,
    new_seq: Vec<i64>,
    seq: Vec<i64>,
    phase: Vec<Option<String>>,
    ended: Vec<Option<bool>>,
    fire_kind: Vec<Option<String>>,
    fire_by: Vec<Option<String>>,
    fire_due: Vec<Option<DateTime<Utc>>>,
    ev_game: Vec<i64>,
    ev_seq: Vec<i64>,
    ev_at: Vec<DateTime<Utc>>,
    ev_audience: Vec<String>,
    ev_kind: Vec<String>,
    ev_body: Vec<serde_json::Value>,
    ob_game: Vec<i64>,
    ob_seq: Vec<Option<i64>>,
    ob_channel: Vec<String>,
    ob_body: Vec<String>,
    ob_nonce: Vec<String>,
    ob_meta: Vec<Option<serde_json::Value>>,
    dl_game: Vec<i64>,
    dl_kind: Vec<String>,
    dl_at: Vec<DateTime<Utc>>,
    pl_game: Vec<i64>,
    pl_seat: Vec<i32>,
    pl_player: Vec<String>,
    pl_since: Vec<DateTime<Utc>>,
    pl_seq: Vec<i64>,
    sn_game: Vec<i64>,
    sn_seq: Vec<i64>,
    sn_state: Vec<serde_json::Value>,
    cm_game: Vec<i64>,
    cm_key: Vec<String>,
    cm_result: Vec<serde_json::Value>,
    cm_at: Vec<DateTime<Utc>>,
    cm_command: Vec<Option<serde_json::Value>>,
}

impl Columns {
    fn of(jobs: &[Job]) -> Columns {
        let mut c = Columns::default();
        for Job {
            plan: p, record, ..
        } in jobs
        {
            let g = p.game_id;
            c.id.push(g);
            c.new_seq.push(p.new_seq);
            c.seq.push(p.seq);
            c.phase.push(p.phase.clone());
            c.ended.push(p.ended);
            c.fire_kind.push(p.fire.as_ref().map(|f| f.kind.clone()));
            c.fire_by.push(p.fire.as_ref().map(|f| f.by.clone()));
            c.fire_due.push(p.fire.as_ref().map(|f| f.due_at));
            c.ev_game.extend(std::iter::repeat_n(g, p.ev_seq.len()));
            c.ev_seq.extend_from_slice(&p.ev_seq);
            c.ev_at.extend_from_slice(&p.ev_at);
            c.ev_audience.extend_from_slice(&p.ev_audience);
            c.ev_kind.extend_from_slice(&p.ev_kind);
            c.ev_body.extend_from_slice(&p.ev_body);
            c.ob_game.extend(std::iter::repeat_n(g, p.ob_channel.len()));
            c.ob_seq.extend_from_slice(&p.ob_seq);
            c.ob_channel.extend_from_slice(&p.ob_channel);
            c.ob_body.extend_from_slice(&p.ob_body);
            c.ob_nonce.extend_from_slice(&p.ob_nonce);
            c.ob_meta.extend_from_slice(&p.ob_meta);
            c.dl_game.extend(std::iter::repeat_n(g, p.dl_kind.len()));
            c.dl_kind.extend_from_slice(&p.dl_kind);
            c.dl_at.extend_from_slice(&p.dl_at);
            c.pl_game.extend(std::iter::repeat_n(g, p.pl_seat.len()));
            c.pl_seat.extend_from_slice(&p.pl_seat);
            c.pl_player.extend_from_slice(&p.pl_player);
            c.pl_since.extend_from_slice(&p.pl_since);
            c.pl_seq.extend_from_slice(&p.pl_seq);
            if let Some(state) = &p.snapshot {
                c.sn_game.push(g);
                c.sn_seq.push(p.new_seq);
                c.sn_state.push(state.clone());
            }
            if let Some(record) = record {
                c.cm_game.push(g);
                c.cm_key.push(record.key.clone());
                c.cm_result.push(record.result.clone());
                c.cm_at.push(record.at);
                c.cm_command.push(record.command.clone());
            }
        }
        c
    }
}

/// What a group's statement found, by game.
struct Found {
    /// The games whose seq moved (the others lost a race, or their deadline had fired).
    moved: Vec<i64>,
    /// The games whose deadline this statement fired.
    fired: Vec<i64>,
    /// The games whose deadline had fired before the statement began.
    done: Vec<i64>,
}

/// Writes several games' plans and their commands' records in one statement, as [`write`]
/// writes one: each game's seq moves from its plan's seq, and only the games whose seq
/// moved get their rows. A plan that fires a deadline has `write`'s conditions, each for
/// its own game: its game does not move when the deadline had already fired, the deadline
/// is marked fired in the statement, and its messages that belong to no event (a
/// reminder) are written only if this statement fired it.
async fn write_group(pool: &PgPool, jobs: &[Job]) -> Result<Found, StoreError> {
    let c = Columns::of(jobs);
    let mut conn = pool.acquire().await?;
    // The parameters, in the order the statement reads them (each group feeds one part,
    // every row after the first group tagged with its game):
    //   $1-$8    the games: id, new seq, loaded seq, phase, ended, and the deadline fired
    //            (kind, worker, due time; NULL when none)
    //   $9-$14   events: game, seq, at, audience, kind, body
    //   $15-$20  outbox rows: game, event seq (NULL: a reminder), channel, body, nonce, meta
    //   $21-$23  deadlines wanted: game, kind, due time
    //   $24-$28  players seated: game, seat, player, since, seq
    //   $29-$31  snapshots: game, seq, state
    //   $32-$36  the commands' records: game, key, result, time, command
    let found = sqlx::query!(
        r#"WITH v AS (SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::TEXT[],
                                           $5::BOOL[], $6::TEXT[], $7::TEXT[], $8::TIMESTAMPTZ[])
                      AS v(id, new_seq, seq, phase, ended, fire_kind, fire_by, fire_due)),
         done AS (SELECT d.game_id FROM deadlines d JOIN v ON d.game_id = v.id
                  AND d.kind = v.fire_kind AND d.due_at = v.fire_due
                  WHERE d.fired_at IS NOT NULL),
         moved AS (
            UPDATE games SET seq = v.new_seq, phase = COALESCE(v.phase, games.phase),
                   ended = COALESCE(v.ended, games.ended)
            FROM v WHERE games.id = v.id AND games.seq = v.seq
                AND v.id NOT IN (SELECT game_id FROM done)
            RETURNING games.id),
         fd AS (UPDATE deadlines SET fired_at = now(), fired_by = v.fire_by
            FROM v JOIN moved ON moved.id = v.id
            WHERE deadlines.game_id = v.id AND deadlines.kind = v.fire_kind
                AND deadlines.due_at = v.fire_due AND deadlines.fired_at IS NULL
            RETURNING deadlines.game_id),
         ev AS (INSERT INTO events (game_id, seq, at, audience, kind, body)
            SELECT e.game_id, e.seq, e.at, e.audience, e.kind, e.body
            FROM UNNEST($9::BIGINT[], $10::BIGINT[], $11::TIMESTAMPTZ[], $12::TEXT[], $13::TEXT[],
                        $14::JSONB[]) AS e(game_id, seq, at, audience, kind, body)
            WHERE e.game_id IN (SELECT id FROM moved)),
         ob AS (INSERT INTO outbox (game_id, event_seq, channel, body, nonce, meta)
            SELECT o.game_id, o.event_seq, o.channel, o.body, o.nonce, o.meta
            FROM UNNEST($15::BIGINT[], $16::BIGINT[], $17::TEXT[], $18::TEXT[], $19::TEXT[],
                        $20::JSONB[]) WITH ORDINALITY AS o(game_id, event_seq, channel, body,
                                                           nonce, meta, n)
            WHERE o.game_id IN (SELECT id FROM moved)
                AND (o.event_seq IS NOT NULL
                     OR o.game_id NOT IN (SELECT id FROM v WHERE fire_kind IS NOT NULL)
                     OR o.game_id IN (SELECT game_id FROM fd))
            ORDER BY o.n
            ON CONFLICT (nonce) DO NOTHING),
         dl AS (INSERT INTO deadlines (game_id, kind, due_at)
            SELECT d.game_id, d.kind, d.due_at
            FROM UNNEST($21::BIGINT[], $22::TEXT[], $23::TIMESTAMPTZ[]) AS d(game_id, kind, due_at)
            WHERE d.game_id IN (SELECT id FROM moved)
            ON CONFLICT DO NOTHING),
         pl AS (INSERT INTO players (game_id, seat, player, since, seq)
            SELECT p.game_id, p.seat, p.player, p.since, p.seq
            FROM UNNEST($24::BIGINT[], $25::INT[], $26::TEXT[], $27::TIMESTAMPTZ[], $28::BIGINT[])
                 AS p(game_id, seat, player, since, seq)
            WHERE p.game_id IN (SELECT id FROM moved)),
         sn AS (INSERT INTO snapshots (game_id, seq, state)
            SELECT s.game_id, s.seq, s.state
            FROM UNNEST($29::BIGINT[], $30::BIGINT[], $31::JSONB[]) AS s(game_id, seq, state)
            WHERE s.game_id IN (SELECT id FROM moved)
            ON CONFLICT DO NOTHING),
         cm AS (INSERT INTO commands (game_id, key, result, at, command)
            SELECT r.game_id, r.key, r.result, r.at, r.command
            FROM UNNEST($32::BIGINT[], $33::TEXT[], $34::JSONB[], $35::TIMESTAMPTZ[],
                        $36::JSONB[]) AS r(game_id, key, result, at, command)
            WHERE r.game_id IN (SELECT id FROM moved))
         SELECT ARRAY(SELECT id FROM moved) AS "moved!",
                ARRAY(SELECT game_id FROM fd) AS "fired!",
                ARRAY(SELECT game_id FROM done) AS "done!""#,
        // $1-$8: the games (arrays with NULLs: `as _` skips the macro's type match, which
        // has no arrays of Option; the SQL casts check the element types).
        &c.id,
        &c.new_seq,
        &c.seq,
        &c.phase as _,
        &c.ended as _,
        &c.fire_kind as _,
        &c.fire_by as _,
        &c.fire_due as _,
        // $9-$14: the events.
        &c.ev_game,
        &c.ev_seq,
        &c.ev_at,
        &c.ev_audience,
        &c.ev_kind,
        &c.ev_body,
        // $15-$20: the outbox rows.
        &c.ob_game,
        &c.ob_seq as _,
        &c.ob_channel,
        &c.ob_body,
        &c.ob_nonce,
        &c.ob_meta as _,
        // $21-$23: the deadlines.
        &c.dl_game,
        &c.dl_kind,
        &c.dl_at,
        // $24-$28: the players.
        &c.pl_game,
        &c.pl_seat,
        &c.pl_player,
        &c.pl_since,
        &c.pl_seq,
        // $29-$31: the snapshots.
        &c.sn_game,
        &c.sn_seq,
        &c.sn_state,
        // $32-$36: the records.
        &c.cm_game,
        &c.cm_key,
        &c.cm_result,
        &c.cm_at,
        &c.cm_command as _,
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(Found {
        moved: found.moved,
        fired: found.fired,
        done: found.done,
    })
}
