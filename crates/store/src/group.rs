//! Group commit: the changes that commands make to different games, and the deadlines
//! the worker fires in them, written together in one statement when several are waiting.
//!
//! Why: a command's write is one statement, and on PostgreSQL most of a small statement's
//! cost is paid per statement, not per row (starting the executor, the commit and its WAL
//! flush, the round trip). With many games in play, commands come faster than the
//! statements go, so the changes waiting at one moment are written by one statement
//! instead of one each. A change still waits for nothing but the statement before it: a
//! command that finds no other waiting is written alone ([`super::write`]). Alone or
//! together, it is the same statement (`super::statement`), so the conditions below are
//! written once.
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
//! A change that lost its race (its game moved since the state it was computed on) gets
//! the game's next turn: for [`HOLD`] after the loss, a writer takes none of that game's
//! changes but one that runs again after losing. Without that, a game whose changes keep
//! coming one after the other (a thread's posts) could starve a deadline: each of its
//! retries was computed while the next post was already being written, and lost to it,
//! again and again (seen: 64 in a row in the bench).
//!
//! A group is all or nothing: when its statement fails (a command key already recorded,
//! a deadlock with another kind of change, a lost connection), nothing of it was written,
//! and each change is written alone, as it would have been without the group; its own
//! error, if any, goes to its own command.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use sqlx::PgPool;
use tokio::sync::{oneshot, Notify};
use tokio::time::Instant;

use super::statement::{self, write, Written};
use super::{Plan, StoreError};

/// How many writer tasks may run at once: each holds one connection while it writes. Two
/// keep both of the machine's cores busy with writes while the other's statement commits;
/// more would only make each group smaller.
pub(crate) const WRITERS: usize = 2;

/// At most this many changes in one statement, so that one group's statement stays short
/// (a group of 32 votes is about 100 rows).
pub(crate) const MOST: usize = 32;

/// How long a game's next turn is kept for a change that lost its race on it: well above
/// the time that change takes to run again (on the cached state, or after a load), short
/// enough that the game's other changes wait little if it never comes back.
pub(crate) const HOLD: Duration = Duration::from_millis(20);

/// A change waiting to be written, and where its answer goes.
struct Job {
    plan: Plan,
    /// It runs again after losing a race: it may take its game's held turn.
    again: bool,
    answer: oneshot::Sender<Result<Written, StoreError>>,
}

#[derive(Default)]
struct Queue {
    waiting: VecDeque<Job>,
    /// The games whose changes a writer is writing now.
    writing: HashSet<i64>,
    writers: usize,
    /// Games whose next turn is kept for a change that lost on them, until when.
    held: HashMap<i64, Instant>,
    /// Writers waiting for a held game's change ([`Take::Held`]): a change that comes
    /// wakes one.
    resting: usize,
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    /// A change came: a writer waiting for a held game's change looks again.
    came: Notify,
}

/// The queue of changes waiting to be written, shared by a store's clones.
#[derive(Clone, Default)]
pub(crate) struct Group(Arc<Shared>);

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
        self.0.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many changes wait to be written (not those being written now).
    pub(crate) fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    /// Writes a change (a command's, with its record, or a deadline's firing), with the
    /// other changes waiting then, and tells what the write did (as [`write`] does).
    /// `again`: the change runs again after it lost a race ([`Written::Lost`]), and takes
    /// the turn its game keeps for it.
    ///
    /// # Errors
    /// The database's error for this change (written alone when its group failed).
    pub(crate) async fn write(
        &self,
        pool: &PgPool,
        plan: Plan,
        again: bool,
    ) -> Result<Written, StoreError> {
        let (answer, answered) = oneshot::channel();
        let start = {
            let mut q = self.lock();
            q.waiting.push_back(Job {
                plan,
                again,
                answer,
            });
            let start = q.writers < WRITERS;
            if start {
                q.writers += 1;
            }
            if q.resting > 0 {
                self.0.came.notify_one();
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
            counted: true,
            resting: false,
        };
        loop {
            let jobs = match self.take(&mut taken) {
                Take::Jobs(jobs) => jobs,
                Take::Held(until) => {
                    tokio::select! {
                        () = tokio::time::sleep_until(until) => {}
                        () = self.0.came.notified() => {}
                    }
                    continue;
                }
                Take::Done => return,
            };
            let written = write_jobs(pool, &jobs).await;
            {
                let mut q = self.lock();
                taken.release(&mut q);
                let until = Instant::now() + HOLD;
                for (job, w) in jobs.iter().zip(&written) {
                    if matches!(w, Ok(Written::Lost)) {
                        q.held.insert(job.plan.game_id, until);
                    }
                }
            }
            for (job, w) in jobs.into_iter().zip(written) {
                // The command may have stopped waiting: nothing to tell.
                let _ = job.answer.send(w);
            }
        }
    }

    /// Takes the next group: the oldest waiting change of each game nobody is writing, in
    /// the order they came, up to [`MOST`]; of a game whose turn is held, only a change
    /// that runs again. Marks the writer gone when it takes nothing and waits for no held
    /// game.
    fn take(&self, taken: &mut Taken<'_>) -> Take {
        let mut q = self.lock();
        if std::mem::take(&mut taken.resting) {
            q.resting -= 1;
        }
        let now = Instant::now();
        q.held.retain(|_, until| *until > now);
        let mut jobs = Vec::new();
        let mut left = VecDeque::with_capacity(q.waiting.len());
        let mut held_until: Option<Instant> = None;
        while let Some(job) = q.waiting.pop_front() {
            let game = job.plan.game_id;
            if jobs.len() >= MOST || q.writing.contains(&game) {
                left.push_back(job);
            } else if let Some(&until) = q.held.get(&game).filter(|_| !job.again) {
                held_until = Some(held_until.map_or(until, |u| u.min(until)));
                left.push_back(job);
            } else {
                q.held.remove(&game);
                q.writing.insert(game);
                taken.games.push(game);
                jobs.push(job);
            }
        }
        q.waiting = left;
        if !jobs.is_empty() {
            return Take::Jobs(jobs);
        }
        if let Some(until) = held_until {
            // Counted before the lock is let go: a change that comes before the writer
            // waits leaves it a permit (`notify_one`), so none is missed.
            q.resting += 1;
            taken.resting = true;
            return Take::Held(until);
        }
        // What is left waits for a game another writer holds; that writer takes it next,
        // since it goes on until it takes nothing.
        q.writers -= 1;
        taken.counted = false;
        Take::Done
    }
}

/// What a writer takes next.
enum Take {
    /// A group to write.
    Jobs(Vec<Job>),
    /// Nothing but changes of games held for a change that lost: look again when one
    /// comes, or at this time, when the first hold ends.
    Held(Instant),
    /// Nothing: the writer is gone.
    Done,
}

/// Releases a writer's games (and its place) if it stops before it is done (its task
/// aborted or panicking, in the middle of a group or while it waits for a held game), so
/// that those games' next changes are not held for ever and a new writer can start.
struct Taken<'a> {
    group: &'a Group,
    games: Vec<i64>,
    /// The writer still counts in [`Queue::writers`].
    counted: bool,
    /// The writer counts in [`Queue::resting`].
    resting: bool,
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
        if self.counted {
            let mut q = self.group.lock();
            self.release(&mut q);
            q.writers = q.writers.saturating_sub(1);
            if self.resting {
                q.resting = q.resting.saturating_sub(1);
            }
        }
    }
}

/// Writes `jobs`: in one statement when there are several and it succeeds, otherwise
/// each alone.
async fn write_jobs(pool: &PgPool, jobs: &[Job]) -> Vec<Result<Written, StoreError>> {
    if jobs.len() > 1 {
        match write_group(pool, jobs).await {
            Ok(found) => return jobs.iter().map(|j| Ok(found.of(&j.plan))).collect(),
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

async fn write_group(pool: &PgPool, jobs: &[Job]) -> Result<statement::Found, StoreError> {
    let mut rows = statement::Rows::default();
    for job in jobs {
        rows.append(&job.plan.rows);
    }
    let mut conn = pool.acquire().await?;
    statement::plans(&mut conn, &rows).await
}

async fn write_alone(pool: &PgPool, job: &Job) -> Result<Written, StoreError> {
    let mut conn = pool.acquire().await?;
    write(&mut conn, &job.plan).await
}
