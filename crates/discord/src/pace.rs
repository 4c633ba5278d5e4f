//! The outbox's share of Discord's global limit. Discord allows a bot 50 requests a second in
//! all; serenity only learns of that limit from a 429 (a global 429 counts against the bot's
//! invalid-request allowance, and enough of them get it banned for an hour), so the
//! messenger, which sends several channels at once, paces its own requests instead: at most
//! [`OUTBOX_PER_SECOND`], evenly spaced, leaving the rest of the 50 to the judge commands'
//! own requests. The day posts' read-backs before a close, which also come many at once,
//! take the outbox's pace ([`super::readback`]).

use std::future::Future;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use tokio::sync::Notify;

tokio::task_local! {
    /// Whether the requests of the message being sent go first ([`Pace::first`]).
    static FIRST: bool;
}

/// Requests a second the outbox and the day posts' read-backs may make together: 48 of
/// Discord's 50 (replies to interactions do not count against the global limit; the judge
/// commands' few requests take the rest, and serenity still waits as told should they meet
/// a 429).
pub const OUTBOX_PER_SECOND: u32 = 48;

/// A pace of requests shared by clones: one request per `1 s / per_second`, no bursts (a
/// burst allowed on top of an even pace could put more than the limit in one second).
///
/// Requests made within [`Pace::first`] (a player's DM carrying a deadline: a night's
/// prompt) take their steps before any other waiting one: when a thousand nights open at
/// once, the prompts reach the players first, the rest after them.
#[derive(Clone)]
pub struct Pace {
    limiter: Arc<DefaultDirectRateLimiter>,
    /// Requests going first that are waiting for their step.
    first: Arc<AtomicUsize>,
    /// Told when none is left waiting to go first.
    clear: Arc<Notify>,
    /// Taken in turn (first come, first served) by the request waiting for the limiter:
    /// one at a time, so that one going first never waits behind others already there.
    turn: Arc<tokio::sync::Mutex<()>>,
}

/// One request going first, waiting: counted until it has its step (or is dropped).
struct Waiting<'a>(&'a Pace);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if self.0.first.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.clear.notify_waiters();
        }
    }
}

impl Pace {
    /// A pace of `per_second` requests (at least one).
    pub fn per_second(per_second: u32) -> Pace {
        let period = Duration::from_secs(1) / per_second.max(1);
        let quota = Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(NonZeroU32::MIN);
        Pace {
            limiter: Arc::new(RateLimiter::direct(quota)),
            first: Arc::default(),
            clear: Arc::default(),
            turn: Arc::default(),
        }
    }

    /// Runs `send` with its requests going first (`first: true`) or not.
    pub async fn first<F: Future>(first: bool, send: F) -> F::Output {
        FIRST.scope(first, send).await
    }

    /// The outbox's pace ([`OUTBOX_PER_SECOND`]).
    pub fn outbox() -> Pace {
        Pace::per_second(OUTBOX_PER_SECOND)
    }

    /// Waits until the next request may go: one going first ([`Pace::first`]) as soon as
    /// the pace allows, any other once none going first is waiting.
    pub async fn step(&self) {
        if FIRST.try_with(|f| *f).unwrap_or(false) {
            self.first.fetch_add(1, Ordering::SeqCst);
            let _waiting = Waiting(self);
            let _turn = self.turn.lock().await;
            self.limiter.until_ready().await;
            return;
        }
        let _turn = loop {
            let clear = self.clear.notified();
            tokio::pin!(clear);
            clear.as_mut().enable();
            if self.first.load(Ordering::SeqCst) == 0 {
                let turn = self.turn.lock().await;
                // One going first may have come while this one waited for its turn.
                if self.first.load(Ordering::SeqCst) == 0 {
                    break turn;
                }
                continue;
            }
            clear.await;
        };
        self.limiter.until_ready().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// With requests of both kinds waiting, those going first take the pace's steps before
    /// any other: ten prompts started after ten others are all done before the others'
    /// last.
    #[tokio::test]
    async fn requests_going_first_take_the_steps_first() {
        let pace = Pace::per_second(100);
        let order = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for (n, first) in (0..10)
            .map(|n| (n, false))
            .chain((10..20).map(|n| (n, true)))
        {
            let (pace, order) = (pace.clone(), order.clone());
            tasks.push(tokio::spawn(Pace::first(first, async move {
                pace.step().await;
                order.lock().map(|mut o| o.push((n, first))).ok();
            })));
            if n == 9 {
                // The others are waiting by now.
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
        for t in tasks {
            t.await.ok();
        }
        let order = order.lock().map(|o| o.clone()).unwrap_or_default();
        let last_first = order.iter().rposition(|(_, f)| *f).unwrap_or(0);
        let others_after = order[last_first..].iter().filter(|(_, f)| !f).count();
        // At most the few others already past the gate go before the last prompt.
        assert!(others_after >= 7, "{order:?}");
    }

    /// Ten requests at 100 a second take at least 90 ms (the first goes at once, then one
    /// every 10 ms): no burst beyond the pace.
    #[tokio::test]
    async fn requests_go_evenly_spaced() {
        let pace = Pace::per_second(100);
        let start = Instant::now();
        for _ in 0..10 {
            pace.step().await;
        }
        assert!(
            start.elapsed() >= Duration::from_millis(89),
            "{:?}",
            start.elapsed()
        );
    }
}
