//! Riding out a database outage: the long-running loops of `wolfjudge run` and `wolfjudge
//! worker` (firing deadlines, delivering the outbox, reading day posts back) never give up
//! on an error; they try again with a growing pause ([`Outage::failed`]) and say so once per
//! outage, not once per try: one line when a task starts failing, one when it works again
//! ([`Outage::recovered`]). [`forever`] runs such a loop.
//!
//! Each round of a loop runs in a tracing span, `round`, naming its loop ([`round_span`]):
//! a line logged during the round (its failure, a message that could not be sent) names the
//! loop it came from.
//!
//! Nothing is lost meanwhile: deadlines and messages live in PostgreSQL, so whatever fell
//! due during the outage fires (once) and is delivered (once) when the database is back.

use std::fmt::Display;
use std::future::Future;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use tokio::sync::Notify;
use tracing::Instrument;

use crate::deadlines::Firings;
use store::deadline::ROUND_BUDGET;
use store::StoreError;

/// The first pause after a failure; it doubles with each failure in a row.
pub const FIRST_BACKOFF: Duration = Duration::from_millis(250);

/// The longest pause between tries: a restarted database is noticed within this.
pub const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// What an operator reads in the log when a task starts failing (the task's name follows).
pub const FAILING: &str = "failing; retrying with backoff, quiet until it recovers";

/// What an operator reads when the task works again.
pub const RECOVERED: &str = "recovered";

/// One task's state of health: whether it is failing, since when, and how often.
#[derive(Debug)]
pub struct Outage {
    task: &'static str,
    since: Option<Instant>,
    failures: u32,
}

impl Outage {
    /// A task (named in its log lines) that has not failed.
    pub fn new(task: &'static str) -> Outage {
        Outage {
            task,
            since: None,
            failures: 0,
        }
    }

    /// Whether the task is failing now.
    pub fn is_down(&self) -> bool {
        self.since.is_some()
    }

    /// A try failed: the first failure of an outage is logged (one line), the following
    /// ones are not. Returns how long to wait before the next try: [`FIRST_BACKOFF`],
    /// doubling up to [`MAX_BACKOFF`].
    pub fn failed(&mut self, error: &dyn Display) -> Duration {
        if self.since.is_none() {
            self.since = Some(Instant::now());
            tracing::warn!(task = self.task, error = %error, "{}: {FAILING}", self.task);
        }
        self.failures = self.failures.saturating_add(1);
        let doublings = self.failures.saturating_sub(1).min(16);
        FIRST_BACKOFF
            .saturating_mul(1 << doublings)
            .min(MAX_BACKOFF)
    }

    /// A try worked: after an outage, one line says how long it lasted.
    pub fn recovered(&mut self) {
        if let Some(since) = self.since.take() {
            tracing::info!(
                task = self.task,
                down_seconds = since.elapsed().as_secs_f64(),
                failed_tries = self.failures,
                "{}: {RECOVERED} after {:.1} s and {} failed tries",
                self.task,
                since.elapsed().as_secs_f64(),
                self.failures
            );
        }
        self.failures = 0;
    }
}

/// The span one round of the loop `task` runs in (`round{task=…}`).
pub fn round_span(task: &'static str) -> tracing::Span {
    tracing::info_span!("round", task)
}

/// Runs `round` for ever, each round in its [`round_span`]. After a round that worked it
/// waits the pause the round returned (or until `wake` is notified); after a failed one, the
/// outage's backoff (a wake does not cut that short: a burst of commands must not hammer a
/// database that is down).
pub async fn forever<F, Fut, E>(task: &'static str, wake: Option<&Notify>, mut round: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<Duration, E>>,
    E: Display,
{
    let mut outage = Outage::new(task);
    loop {
        let outage = &mut outage;
        let next = async {
            match round().await {
                Ok(pause) => {
                    outage.recovered();
                    Ok(pause)
                }
                Err(e) => Err(outage.failed(&e)),
            }
        }
        .instrument(round_span(task))
        .await;
        match next {
            Ok(pause) => match wake {
                Some(w) => {
                    let _ = tokio::time::timeout(pause, w.notified()).await;
                }
                None => tokio::time::sleep(pause).await,
            },
            Err(backoff) => tokio::time::sleep(backoff).await,
        }
    }
}

/// One round of a deadline worker: fires the deadlines due by `clock`'s time for at most
/// [`ROUND_BUDGET`] (a burst goes on in the next rounds, and the firings in flight at the
/// end of the round go on into the next; what falls due meanwhile goes in front of it,
/// [`Firings::round`]), then returns how long to sleep: until the next deadline (none when
/// some are left over or in flight), `poll` at most (a command may add an earlier one).
/// The games in `held` fire nothing and do not count for the pause (their day post is
/// being read back: its end wakes the worker, not the clock).
///
/// # Errors
/// As [`Firings::round`]; the deadlines fired before the error stay fired.
pub async fn fire_round(
    firings: &mut Firings,
    clock: &(dyn Fn() -> DateTime<Utc> + Sync),
    poll: Duration,
    held: &[i64],
) -> Result<Duration, StoreError> {
    firings.round(clock, Some(ROUND_BUDGET), held).await?;
    let now = clock();
    Ok(match firings.store().next_due(None, held).await? {
        Some(at) => (at - now).to_std().unwrap_or(Duration::ZERO).min(poll),
        None => poll,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_doubles_up_to_the_bound_and_starts_over_after_a_recovery() {
        let mut o = Outage::new("test");
        let pauses: Vec<Duration> = (0..8).map(|_| o.failed(&"down")).collect();
        assert_eq!(pauses[0], FIRST_BACKOFF);
        assert_eq!(pauses[1], FIRST_BACKOFF * 2);
        assert!(pauses.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(*pauses.last().expect("pauses"), MAX_BACKOFF);
        assert!(o.is_down());
        o.recovered();
        assert!(!o.is_down());
        assert_eq!(o.failed(&"down again"), FIRST_BACKOFF);
    }
}
