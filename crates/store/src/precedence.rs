//! Deadlines go before delivery within one process (the performance round). While a worker's
//! round has more deadlines due than it fires at once (a burst: many games closing their
//! day in the same second), the process's dispatchers hold back their next claim and their
//! next send, so that the two cores and the database's write-ahead log go to the fires
//! first. A worker's round lasts [`super::deadline::ROUND_BUDGET`] of starts: between two
//! rounds of one burst the hold is let go, and each waiting dispatcher takes one step (a
//! claim or a send) before the next round holds it again. A burst's messages wait a second
//! or two either way: Discord takes 50 requests a second, far fewer than a burst writes, so
//! what the dispatchers give up is a head start on a queue the limits set, while a
//! deadline's lag is the game's clock.
//!
//! The wait is bounded ([`MAX_YIELD`]), and a wait that reaches its bound lets the waits
//! that start in the next [`FREE_AFTER`] return at once, so that a backlog that never ends
//! (a database slower than the deadlines fall due) cannot starve delivery: it gets about a
//! quarter of the time at full speed. It is a counter in memory, not a row: another
//! process's dispatchers do not see it, which is right, since what they compete for is this
//! process's cores first.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::watch;

/// How long one send (or one claim) waits at most for the backlog to be taken. A burst of
/// 1,000 day closes takes about one to two seconds to fire on this project's machine; a
/// claimed message's lease is 60 s, so a wait this long never outlives it.
pub const MAX_YIELD: Duration = Duration::from_secs(3);

/// How long the dispatchers go on without yielding after a wait reached [`MAX_YIELD`].
pub const FREE_AFTER: Duration = Duration::from_secs(1);

/// The rounds of this process firing a backlog right now, shared by the store's clones.
#[derive(Debug, Clone)]
pub struct Precedence {
    firing: Arc<watch::Sender<usize>>,
    /// Until when the dispatchers go on without yielding (after a wait that timed out).
    free_until: Arc<Mutex<Option<Instant>>>,
}

impl Default for Precedence {
    fn default() -> Precedence {
        Precedence {
            firing: Arc::new(watch::Sender::new(0)),
            free_until: Arc::default(),
        }
    }
}

/// A round firing a backlog (or the bot's worker reading day posts back before their close,
/// [`super::Store::hold_delivery`]); dropping it (at the end of the backlog, on an error, or
/// when the round's future is dropped) lets the dispatchers go on.
#[derive(Debug)]
pub struct Hold {
    firing: Arc<watch::Sender<usize>>,
}

impl Drop for Hold {
    fn drop(&mut self) {
        self.firing.send_modify(|n| *n = n.saturating_sub(1));
    }
}

impl Precedence {
    /// Marks a backlog being fired until the hold is dropped.
    pub fn hold(&self) -> Hold {
        self.firing.send_modify(|n| *n += 1);
        Hold {
            firing: self.firing.clone(),
        }
    }

    /// Whether a round of this process is firing a backlog now.
    pub fn is_firing(&self) -> bool {
        *self.firing.borrow() > 0
    }

    /// Returns once no round of this process is firing a backlog, or after `at_most`; at
    /// once while the dispatchers go freely after an earlier wait reached its bound.
    pub async fn wait(&self, at_most: Duration) {
        if !self.is_firing() || self.free().is_some_and(|until| Instant::now() < until) {
            return;
        }
        let mut calm = self.firing.subscribe();
        // The sender lives in `self`, so `wait_for` cannot fail for want of one: an error is
        // the timeout, after which everybody goes on freely for a while.
        if tokio::time::timeout(at_most, calm.wait_for(|n| *n == 0))
            .await
            .is_err()
        {
            *self
                .free_until
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = Some(Instant::now() + FREE_AFTER);
        }
    }

    fn free(&self) -> Option<Instant> {
        *self
            .free_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_wait_ends_at_the_last_hold_or_at_its_bound_then_delivery_goes_freely_a_while() {
        let p = Precedence::default();
        // Nothing firing: no wait at all.
        tokio::time::timeout(Duration::from_millis(10), p.wait(MAX_YIELD))
            .await
            .expect("no wait while calm");

        let (a, b) = (p.hold(), p.hold());
        assert!(p.is_firing());
        let waiter = {
            let p = p.clone();
            tokio::spawn(async move { p.wait(MAX_YIELD).await })
        };
        drop(a);
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiter.is_finished(), "one round still fires a backlog");
        drop(b);
        tokio::time::timeout(Duration::from_secs(1), waiter)
            .await
            .expect("the wait ends with the last hold")
            .expect("joined");
        assert!(!p.is_firing());

        // A backlog that does not end: the wait ends at its bound, and the next waits do not
        // wait until FREE_AFTER has passed.
        let _held = p.hold();
        let began = Instant::now();
        p.wait(Duration::from_millis(30)).await;
        assert!(began.elapsed() >= Duration::from_millis(30));
        let free = Instant::now();
        p.wait(MAX_YIELD).await;
        assert!(
            free.elapsed() < Duration::from_millis(100),
            "delivery starved"
        );
        *p.free_until.lock().expect("free") = Some(Instant::now());
        let after = Instant::now();
        p.wait(Duration::from_millis(30)).await;
        assert!(
            after.elapsed() >= Duration::from_millis(30),
            "free for ever"
        );
    }
}
