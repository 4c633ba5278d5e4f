//! Plays planned games through the store at once, on one virtual clock.
//!
//! Every game has a driver task that sends its commands through [`Store::execute`] (at most
//! `concurrency` at a time); one deadline worker task fires deadlines through
//! [`Store::fire_due`], the worker's own code, and dispatcher tasks deliver the outbox to a
//! messenger (a counting [`Tally`], or the Discord-limits phase's planner). The clock is
//! compressed as far as the service keeps up: the worker fires everything due up to just
//! before the earliest deadline that some game still has a command to send before (the
//! *frontier*), and a command is sent as soon as the frontier has passed the deadline its
//! game passed before it. So every game sees its commands and deadlines in the order the
//! simulator played them, whatever the load, while the games between two of their deadlines
//! all run at once.

use std::collections::{BTreeSet, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use indicatif::ProgressBar;
use tokio::sync::{watch, Notify, Semaphore};

use super::games::{Planned, Step};
use super::BenchError;
use crate::runtime::dispatch::{Earlier, Messenger, OutMessage, SendError};
use crate::runtime::outage::Outage;
use crate::store::ids::GameId;
use crate::store::{Outcome, Store, StoreError};

/// A messenger that only counts: every nonce shown once, every send counted.
#[derive(Debug, Default)]
pub struct Tally {
    seen: Mutex<HashSet<u64>>,
    pub sends: AtomicUsize,
    pub repeats: AtomicUsize,
}

impl Messenger for Tally {
    async fn send(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        msg.nonce.hash(&mut h);
        let mut seen = self
            .seen
            .lock()
            .map_err(|e| SendError::new(e.to_string()))?;
        // Asked about an earlier attempt, it looks first (as the Discord messenger does).
        if earlier.is_some() && seen.contains(&h.finish()) {
            return Ok(None);
        }
        self.sends.fetch_add(1, Ordering::Relaxed);
        if !seen.insert(h.finish()) {
            self.repeats.fetch_add(1, Ordering::Relaxed);
        }
        Ok(None)
    }
}

/// One command's latency and the game day it was sent on.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    pub latency: Duration,
    pub day: u32,
    pub refused: bool,
}

/// What playing a set of games measured.
#[derive(Debug, Default)]
pub struct Played {
    pub samples: Vec<Sample>,
    /// Due → fired, for every deadline the worker fired.
    pub deadline_lags: Vec<Duration>,
    /// From the first command sent to the last deadline fired.
    pub wall: Duration,
}

/// The clock shared by the drivers and the worker.
struct Clock {
    /// Each game with a command to send before a deadline: (that deadline, the game's index).
    pending: Mutex<BTreeSet<(DateTime<Utc>, usize)>>,
    /// Signalled whenever `pending` changes.
    changed: Notify,
}

impl Clock {
    fn earliest(&self) -> Option<DateTime<Utc>> {
        self.pending
            .lock()
            .ok()
            .and_then(|p| p.first().map(|(at, _)| *at))
    }

    /// Game `idx` moves from holding back `from` to holding back `to`.
    fn moved(&self, idx: usize, from: Option<DateTime<Utc>>, to: Option<DateTime<Utc>>) {
        if let Ok(mut p) = self.pending.lock() {
            match from {
                Some(at) => {
                    p.remove(&(at, idx));
                }
                None => p.retain(|(_, i)| *i != idx),
            }
            if let Some(at) = to {
                p.insert((at, idx));
            }
        }
        self.changed.notify_one();
    }
}

/// Sends one game's commands in time order, each once the `frontier` (every deadline due
/// by it has fired) has reached it.
///
/// # Errors
/// The store's; [`StoreError::Task`] when the deadline worker stopped (it failed) before
/// the frontier reached this game's next command, so that the driver does not wait for ever.
#[allow(clippy::too_many_arguments)]
async fn drive_game(
    store: Store,
    clock: Arc<Clock>,
    mut frontier: watch::Receiver<DateTime<Utc>>,
    slots: Arc<Semaphore>,
    idx: usize,
    game_id: i64,
    steps: Vec<Step>,
    bar: ProgressBar,
) -> Result<Vec<Sample>, StoreError> {
    let mut samples = Vec::with_capacity(steps.len());
    for (n, step) in steps.iter().enumerate() {
        if frontier.wait_for(|f| *f >= step.after).await.is_err() {
            return Err(StoreError::Task(format!(
                "the deadline worker stopped before game {game_id}'s command {n} was due"
            )));
        }
        let outcome = {
            let _slot = slots.acquire().await;
            let t = Instant::now();
            // The key names the step by its place and time: a game played in parts (the
            // Discord-limits phase) sends each of its commands under a key of its own.
            let key = format!("c{n}-{}", step.at.timestamp());
            let outcome = store
                .execute(GameId(game_id), &key, &step.cmd, step.at)
                .await?;
            (outcome, t.elapsed())
        };
        samples.push(Sample {
            latency: outcome.1,
            day: step.day,
            refused: matches!(outcome.0, Outcome::Refused { .. }),
        });
        bar.inc(1);
        let next = steps.get(n + 1).and_then(|s| s.before);
        if next != step.before {
            clock.moved(idx, step.before, next);
        }
    }
    Ok(samples)
}

/// Failures in a row after which the bench's deadline worker gives up (the bot's worker
/// never does; a bench must end): with the outage backoff, about 4 s of failing.
const WORKER_TRIES: u32 = 5;

/// Fires deadlines up to the frontier until every game has sent its last command and the
/// clock has reached `end`; returns each fired deadline's lag. It owns the `frontier`'s
/// sender: when it stops, on an error too, the drivers waiting for the frontier are told.
///
/// An error is ridden out as the bot's worker does ([`Outage`]: tried again after a
/// growing pause; the deadlines fired before it stay fired), [`WORKER_TRIES`] times in a row
/// at most.
///
/// # Errors
/// The store's last error, when every try failed.
async fn deadline_worker(
    store: Store,
    clock: Arc<Clock>,
    frontier_tx: watch::Sender<DateTime<Utc>>,
    end: DateTime<Utc>,
) -> Result<Vec<Duration>, StoreError> {
    // When the clock first reached each frontier: a deadline is due from then.
    let mut reached: Vec<(DateTime<Utc>, Instant)> = Vec::new();
    let mut lags = Vec::new();
    let mut frontier = *frontier_tx.borrow();
    let mut outage = Outage::new("bench deadline worker");
    let mut failures = 0;
    loop {
        let earliest = clock.earliest();
        // Just before that deadline (the database keeps microseconds).
        let target = earliest.map_or(end, |at| at - chrono::Duration::milliseconds(1));
        if target > frontier && reached.last().is_none_or(|r| r.0 < target) {
            reached.push((target, Instant::now()));
        }
        let fired =
            match crate::runtime::deadlines::fire_due(&store, None, target, "bench-worker").await {
                Ok(fired) => fired,
                Err(e) => {
                    failures += 1;
                    if failures >= WORKER_TRIES {
                        return Err(e);
                    }
                    tokio::time::sleep(outage.failed(&e)).await;
                    continue;
                }
            };
        failures = 0;
        outage.recovered();
        for f in fired {
            let i = reached.partition_point(|(at, _)| *at < f.due.at);
            let since = reached.get(i).map_or(f.committed, |r| r.1);
            lags.push(f.committed.saturating_duration_since(since));
        }
        if target > frontier {
            frontier = target;
            frontier_tx.send_replace(target);
        }
        if earliest.is_none() {
            return Ok(lags);
        }
        clock.changed.notified().await;
    }
}

/// Delivers the outbox until `stop` is set and nothing is left to deliver.
pub(super) async fn dispatcher<M: Messenger + Send + 'static>(
    store: Store,
    tally: Arc<M>,
    stop: Arc<AtomicBool>,
) -> Result<(), StoreError> {
    loop {
        let stopping = stop.load(Ordering::Acquire);
        if crate::runtime::dispatch::dispatch(&store, None, tally.as_ref()).await? == 0 {
            if stopping {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// Plays `games` (already created, as `ids`) through the store with at most
/// `concurrency` commands at a time and `dispatchers` outbox dispatchers.
///
/// # Errors
/// The first database error of a driver, the worker or a dispatcher.
#[allow(clippy::too_many_arguments)]
pub async fn play<M: Messenger + Send + 'static>(
    store: &Store,
    games: Vec<Planned>,
    ids: &[i64],
    concurrency: usize,
    dispatchers: usize,
    tally: &Arc<M>,
    bar: &ProgressBar,
) -> Result<Played, BenchError> {
    let end = games.iter().map(|g| g.end).max().unwrap_or_else(Utc::now);
    let first = games.iter().map(|g| g.setup.start).min().unwrap_or(end);
    let (frontier_tx, frontier) = watch::channel(first - chrono::Duration::seconds(1));
    let clock = Arc::new(Clock {
        pending: Mutex::new(
            games
                .iter()
                .enumerate()
                .filter_map(|(i, g)| g.steps.first().and_then(|s| s.before).map(|b| (b, i)))
                .collect(),
        ),
        changed: Notify::new(),
    });
    let stop = Arc::new(AtomicBool::new(false));
    let delivering: Vec<_> = (0..dispatchers.max(1))
        .map(|_| tokio::spawn(dispatcher(store.clone(), tally.clone(), stop.clone())))
        .collect();
    let started = Instant::now();
    let worker = tokio::spawn(deadline_worker(
        store.clone(),
        clock.clone(),
        frontier_tx,
        end,
    ));
    let slots = Arc::new(Semaphore::new(concurrency.max(1)));
    let mut drivers = Vec::with_capacity(games.len());
    for (idx, (g, id)) in games.into_iter().zip(ids).enumerate() {
        let clock = clock.clone();
        let task = drive_game(
            store.clone(),
            clock.clone(),
            frontier.clone(),
            slots.clone(),
            idx,
            *id,
            g.steps,
            bar.clone(),
        );
        drivers.push(tokio::spawn(async move {
            let r = task.await;
            if r.is_err() {
                // A failed game must not hold the clock back.
                clock.moved(idx, None, None);
            }
            r
        }));
    }
    let mut played = Played::default();
    let mut failure: Option<BenchError> = None;
    for d in drivers {
        match flatten(d.await) {
            Ok(samples) => played.samples.extend(samples),
            Err(e) => failure = failure.or(Some(e)),
        }
    }
    // The worker's own error first: the drivers it left waiting only say that it stopped.
    match flatten(worker.await) {
        Ok(lags) => played.deadline_lags = lags,
        Err(e) => failure = Some(e),
    }
    played.wall = started.elapsed();
    stop.store(true, Ordering::Release);
    for d in delivering {
        if let Err(e) = flatten(d.await) {
            failure = failure.or(Some(e));
        }
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(played),
    }
}

/// A task's result, its panic or cancellation as [`BenchError::Task`].
pub(super) fn flatten<T, E: Into<BenchError>>(
    r: Result<Result<T, E>, tokio::task::JoinError>,
) -> Result<T, BenchError> {
    match r {
        Ok(r) => r.map_err(Into::into),
        Err(e) => Err(BenchError::Task(e.to_string())),
    }
}
