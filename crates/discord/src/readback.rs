//! The day posts read back before their close, beside the firing of deadlines. The bot's
//! worker reads each closing day post back, so that a post the gateway missed (or that met
//! a database error) counts at the close; each read is one Discord request or more, and
//! Discord takes 50 a second from the whole bot, so a thousand days closing in the same
//! minute are twenty seconds of reading. Done before the round's firing, one after the
//! other, those twenty seconds held up every deadline of every game (the performance round).
//! Here the reads run several at once ([`READ_AT_ONCE`], paced with the outbox's requests),
//! and only a close whose post is not read back yet waits: its game is held out of the
//! round ([`runtime::deadlines::Firings::round`]); every other deadline fires on time.
//!
//! Which posts are read back is [`Service::closing_of`]'s answer; an anonymous game's close
//! does not wait for its post (a member's own message there never counts: the read only
//! removes messages that show an account), which is read when no close waits for a place.
//! How one post is read is the caller's ([`ReadBacks::new`]), so that the scheduling is
//! tested without Discord.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures::FutureExt;
use indexmap::IndexSet;
use tokio::task::JoinSet;

use runtime::deadlines::Firings;
use runtime::outage;
use service::{Closing, DueDay, Service, ServiceError};
use store::precedence::Hold;
use store::StoreError;

/// Day posts read back at once. Each read is at least one request of a round trip (about
/// 100 ms to Discord), paced at the bot's share of the global limit: a few at once keep the
/// pace full; more would only queue at it.
pub const READ_AT_ONCE: usize = 8;

/// Tries of one close's read-back that fail (the database erring while its posts are
/// counted) before the close goes without it: the posts the gateway delivered are counted
/// already, and a close must not wait for ever.
pub const MAX_READ_FAILURES: u32 = 5;

/// A read-back's future.
pub type Reading = Pin<Box<dyn Future<Output = Result<(), ServiceError>> + Send>>;

/// How one closing day's post is read back and its missing posts counted. A database error
/// leaves the close to read again (the next round starts it anew); Discord failing to give
/// the post back must not hold the close, so the reader logs that and returns `Ok`.
pub type Reader = Box<dyn Fn(Closing) -> Reading + Send + Sync>;

/// The read-backs of the closes due: done, running, or waiting for one of the
/// [`READ_AT_ONCE`] places.
pub struct ReadBacks {
    reader: Reader,
    at_once: usize,
    /// Closes read back, forgotten once no longer due (fired).
    read: HashSet<Closing>,
    /// Closes being read back now.
    running: HashSet<Closing>,
    /// Anonymous days' posts waiting for a place ([`Closing::counts`] false): read when no
    /// close waits for one, and kept until read even once their close has fired; in the
    /// order they were found, each once.
    later: IndexSet<Closing>,
    /// Failed reads of the closes still due: after [`MAX_READ_FAILURES`] a close goes
    /// without its read-back rather than wait for ever.
    failures: HashMap<Closing, u32>,
    tasks: JoinSet<(Closing, Result<(), ServiceError>)>,
    /// What each due tick is (a day's close whose post is read back, or not), kept while
    /// the tick stays due: a burst is a thousand games looked at every round until fired,
    /// and telling one loads its state.
    told: HashMap<DueDay, Option<Closing>>,
    /// Holds the process's dispatchers back while closes wait for their read-back
    /// ([`store::Store::hold_delivery`]): the reads share Discord's limit with the
    /// outbox, and the closes they gate are what the players wait for.
    hold: Option<Hold>,
}

impl ReadBacks {
    /// Read-backs by `reader`, `at_once` at a time (at least one).
    pub fn new(at_once: usize, reader: Reader) -> ReadBacks {
        ReadBacks {
            reader,
            at_once: at_once.max(1),
            read: HashSet::new(),
            running: HashSet::new(),
            later: IndexSet::new(),
            failures: HashMap::new(),
            tasks: JoinSet::new(),
            told: HashMap::new(),
            hold: None,
        }
    }

    /// Given the closes due now (`closing`, oldest first): forgets those no longer due,
    /// starts reading back the posts not read yet while places are free, and returns the
    /// games whose close waits for its read-back. The newest close is read first, so that a
    /// close that falls due while a burst's posts are being read goes in front of them (as
    /// the firing's newest lane does, [`runtime::deadlines::Firings::round`]): the burst
    /// is late by Discord's limit either way, the close that is not in it need not be. An
    /// anonymous day's post holds nothing and is read when no close waits for a place.
    pub fn held(&mut self, closing: &[Closing]) -> Vec<i64> {
        let due: HashSet<&Closing> = closing.iter().collect();
        self.read.retain(|c| due.contains(c));
        self.failures.retain(|c, _| due.contains(c));
        let mut held = Vec::new();
        let mut waiting = false;
        for c in closing.iter().rev() {
            if self.read.contains(c) {
                continue;
            }
            if !c.counts {
                if !self.running.contains(c) {
                    self.later.insert(c.clone());
                }
                continue;
            }
            held.push(c.game.0);
            if self.running.contains(c) {
                continue;
            }
            if self.running.len() < self.at_once {
                self.start(c.clone());
            } else {
                waiting = true;
            }
        }
        while !waiting && self.running.len() < self.at_once {
            let Some(c) = self.later.shift_remove_index(0) else {
                break;
            };
            if !self.running.contains(&c) {
                self.start(c);
            }
        }
        held
    }

    /// Starts reading `c`'s post back.
    fn start(&mut self, c: Closing) {
        self.running.insert(c.clone());
        let reading = AssertUnwindSafe((self.reader)(c.clone())).catch_unwind();
        self.tasks.spawn(async move {
            // A reader that panics must not leave its close held for ever: it ends as a
            // failed read.
            let result = reading.await.unwrap_or_else(|_| {
                Err(ServiceError::from(StoreError::Task(
                    "a day post's read-back panicked".into(),
                )))
            });
            (c, result)
        });
    }

    /// Whether any read-back is running.
    pub fn waiting(&self) -> bool {
        !self.running.is_empty()
    }

    /// Waits for a running read-back to end and records it, with every other that ended
    /// meanwhile: read, or (on an error, returned here) to be started again by the next
    /// [`ReadBacks::held`], [`MAX_READ_FAILURES`] times at most. Never returns while none is
    /// running.
    ///
    /// # Errors
    /// The read-back's database error.
    pub async fn next_done(&mut self) -> Result<(), ServiceError> {
        let Some(done) = self.tasks.join_next().await else {
            return std::future::pending().await;
        };
        // Every read that ended meanwhile too: the round that follows fires them all.
        let mut result = self.record(done);
        while let Some(done) = self.tasks.try_join_next() {
            let next = self.record(done);
            result = result.and(next);
        }
        result
    }

    /// Records a read-back's end.
    fn record(
        &mut self,
        done: Result<(Closing, Result<(), ServiceError>), tokio::task::JoinError>,
    ) -> Result<(), ServiceError> {
        match done {
            Ok((c, result)) => {
                self.running.remove(&c);
                match &result {
                    Ok(()) => {
                        self.failures.remove(&c);
                        self.read.insert(c);
                    }
                    // An anonymous day's post is not read again: it holds nothing.
                    Err(_) if !c.counts => {}
                    Err(e) => {
                        let failed = self.failures.entry(c.clone()).or_default();
                        *failed += 1;
                        if *failed >= MAX_READ_FAILURES {
                            tracing::error!(game = c.game.0, day = c.day, error = %e,
                                "a day post could not be read back; its day closes without");
                            self.read.insert(c);
                        }
                    }
                }
                result
            }
            // Tasks are never aborted and a panic is caught in the task: this is the
            // runtime shutting down.
            Err(e) => Err(ServiceError::from(StoreError::Task(e.to_string()))),
        }
    }
}

/// Looks for the days closing by `now` (each due tick told once by
/// [`Service::closing_of`]), starts their read-backs ([`ReadBacks::held`]) and holds the
/// process's dispatchers back while a close waits for one; returns the games to hold out of
/// the round's firing.
///
/// # Errors
/// Database errors.
pub async fn hold(
    service: &Service,
    reads: &mut ReadBacks,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, ServiceError> {
    let due = service.due_days(now).await?;
    let now_due: HashSet<&DueDay> = due.iter().collect();
    reads.told.retain(|d, _| now_due.contains(d));
    let new: Vec<DueDay> = due
        .iter()
        .filter(|d| !reads.told.contains_key(*d))
        .cloned()
        .collect();
    reads.told.extend(service.closings_of(new).await?);
    let mut closing: Vec<Closing> = reads.told.values().flatten().cloned().collect();
    Closing::sort(&mut closing);
    let held = reads.held(&closing);
    if held.is_empty() {
        reads.hold = None;
    } else if reads.hold.is_none() {
        reads.hold = Some(service.store().hold_delivery());
    }
    Ok(held)
}

/// One round of the bot's deadline worker: starts the read-backs of the days closing by
/// now ([`hold`]), and fires every deadline due by now but those of games whose close waits
/// for its post ([`outage::fire_round`]). Returns how long to sleep at most (a read-back
/// that ends meanwhile should wake the worker: [`ReadBacks::next_done`]).
///
/// The round fires nothing due after the time it looked for closing days: a close that
/// falls due meanwhile is read back by the next round first.
///
/// # Errors
/// Database errors; the deadlines fired before one stay fired.
pub async fn round(
    service: &Service,
    reads: &mut ReadBacks,
    firings: &mut Firings,
    poll: Duration,
) -> Result<Duration, ServiceError> {
    let now = service.now();
    let held = hold(service, reads, now).await?;
    Ok(outage::fire_round(firings, &|| now, poll, &held).await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use service::{Channel, GameId};
    use std::sync::{Arc, Mutex};
    use tokio::sync::Semaphore;

    /// Waits until `n` more of the running reads have ended (one wait may record several).
    async fn end(reads: &mut ReadBacks, n: usize) -> Vec<Result<(), ServiceError>> {
        let left = reads.running.len() - n;
        let mut results = Vec::new();
        while reads.running.len() > left {
            results.push(reads.next_done().await);
        }
        results
    }

    fn closing(game: i64) -> Closing {
        Closing {
            game: GameId(game),
            day: 1,
            thread: Channel::new(game as u64 + 100),
            closes: DateTime::<Utc>::UNIX_EPOCH,
            counts: true,
        }
    }

    /// Five closes, two places: the two newest reads start, the others wait for a place; a
    /// read that meets a database error is started again by the next look, one that worked
    /// is not; a close no longer due is forgotten.
    #[tokio::test]
    async fn reads_take_their_places_in_turn_and_a_failed_one_is_read_again() {
        let started = Arc::new(Mutex::new(Vec::new()));
        // Each permit lets one read end; game 4's first read fails.
        let ends = Arc::new(Semaphore::new(0));
        let reader: Reader = {
            let (started, ends) = (started.clone(), ends.clone());
            Box::new(move |c| {
                let first = {
                    let mut s = started.lock().expect("started");
                    s.push(c.game.0);
                    s.iter().filter(|g| **g == c.game.0).count() == 1
                };
                let ends = ends.clone();
                Box::pin(async move {
                    ends.acquire().await.expect("open").forget();
                    if c.game.0 == 4 && first {
                        Err(ServiceError::from(StoreError::Task("down".into())))
                    } else {
                        Ok(())
                    }
                })
            })
        };
        let started_so_far = || started.lock().expect("started").clone();
        let mut reads = ReadBacks::new(2, reader);
        let held = |reads: &mut ReadBacks, due: &[Closing]| {
            let mut h = reads.held(due);
            h.sort_unstable();
            h
        };
        let due: Vec<Closing> = (1..=5).map(closing).collect();
        assert_eq!(held(&mut reads, &due), vec![1, 2, 3, 4, 5]);
        assert_eq!(started_so_far(), vec![5, 4], "the newest first");
        assert_eq!(
            held(&mut reads, &due),
            vec![1, 2, 3, 4, 5],
            "no place is free"
        );
        assert_eq!(started_so_far().len(), 2);

        ends.add_permits(2);
        let results = end(&mut reads, 2).await;
        assert!(results.iter().any(Result::is_err), "the failure is told");
        // Game 5 is read; game 4 failed and starts again, with game 3 in the other place.
        assert_eq!(held(&mut reads, &due), vec![1, 2, 3, 4]);
        assert_eq!(started_so_far(), vec![5, 4, 4, 3]);

        ends.add_permits(2);
        assert!(end(&mut reads, 2).await.iter().all(Result::is_ok));
        // Game 2's close is no longer due (another process fired it): only game 1 is read.
        let still: Vec<Closing> = [1, 3, 4, 5].into_iter().map(closing).collect();
        assert_eq!(held(&mut reads, &still), vec![1]);
        assert_eq!(started_so_far(), vec![5, 4, 4, 3, 1]);
        assert!(reads.waiting());
        ends.add_permits(1);
        assert!(end(&mut reads, 1).await.iter().all(Result::is_ok));
        assert_eq!(held(&mut reads, &still), Vec::<i64>::new());
        assert!(!reads.waiting());
    }

    /// A read that always fails is tried [`MAX_READ_FAILURES`] times, then its close goes
    /// without it instead of waiting for ever.
    #[tokio::test]
    async fn a_read_that_keeps_failing_stops_holding_its_close() {
        let tries = Arc::new(Mutex::new(0));
        let reader: Reader = {
            let tries = tries.clone();
            Box::new(move |_| {
                *tries.lock().expect("tries") += 1;
                Box::pin(async { Err(ServiceError::from(StoreError::Task("down".into()))) })
            })
        };
        let mut reads = ReadBacks::new(2, reader);
        let due = vec![closing(1)];
        for k in 1..=MAX_READ_FAILURES {
            assert_eq!(reads.held(&due), vec![1], "try {k}");
            assert!(end(&mut reads, 1).await.iter().all(Result::is_err));
        }
        assert_eq!(reads.held(&due), Vec::<i64>::new());
        assert_eq!(*tries.lock().expect("tries"), MAX_READ_FAILURES);
        assert!(!reads.waiting());
    }
}
