//! The outbox's share of Discord's global limit. Discord allows a bot 50 requests a second in
//! all; serenity only learns of that limit from a 429 (a global 429 counts against the bot's
//! invalid-request allowance, and enough of them get it banned for an hour), so the
//! messenger, which sends several channels at once, paces its own requests instead: at most
//! [`OUTBOX_PER_SECOND`], evenly spaced, leaving the rest of the 50 to the judge commands'
//! own requests. The day posts' read-backs before a close, which also come many at once,
//! take the outbox's pace ([`super::readback`]).

use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};

/// Requests a second the outbox and the day posts' read-backs may make together: 48 of
/// Discord's 50 (replies to interactions do not count against the global limit; the judge
/// commands' few requests take the rest, and serenity still waits as told should they meet
/// a 429).
pub const OUTBOX_PER_SECOND: u32 = 48;

/// A pace of requests shared by clones: one request per `1 s / per_second`, no bursts (a
/// burst allowed on top of an even pace could put more than the limit in one second).
#[derive(Clone)]
pub struct Pace {
    limiter: Arc<DefaultDirectRateLimiter>,
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
        }
    }

    /// The outbox's pace ([`OUTBOX_PER_SECOND`]).
    pub fn outbox() -> Pace {
        Pace::per_second(OUTBOX_PER_SECOND)
    }

    /// Waits until the next request may go.
    pub async fn step(&self) {
        self.limiter.until_ready().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

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
