//! The time the bot acts at. Production reads the system clock; tests and replays move a
//! virtual clock by hand, so a 24-hour day passes in a millisecond and nothing sleeps.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, SubsecRound, Utc};

/// A source of "now".
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> DateTime<Utc>;
}

/// The system clock, to the microsecond.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    /// Now, cut to whole microseconds: PostgreSQL keeps times to the microsecond, and a
    /// game's times must survive the round trip. A day started at a time with nanoseconds
    /// closes at a time with nanoseconds; its deadline row holds that time cut short, and a
    /// tick at the cut time (just before the close) does nothing: the worker marked the
    /// deadline fired and the day never closed by itself.
    fn now(&self) -> DateTime<Utc> {
        Utc::now().trunc_subsecs(6)
    }
}

/// A clock that moves only when told (shared between clones).
#[derive(Debug, Clone)]
pub struct VirtualClock(Arc<Mutex<DateTime<Utc>>>);

impl VirtualClock {
    pub fn new(start: DateTime<Utc>) -> VirtualClock {
        VirtualClock(Arc::new(Mutex::new(start)))
    }

    /// Moves the clock forward by `by`.
    pub fn advance(&self, by: Duration) {
        if let Ok(mut t) = self.0.lock() {
            *t += by;
        }
    }

    /// Sets the clock to `to` (never backwards).
    pub fn set(&self, to: DateTime<Utc>) {
        if let Ok(mut t) = self.0.lock() {
            *t = (*t).max(to);
        }
    }
}

impl Clock for VirtualClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
            .lock()
            .map(|t| *t)
            .unwrap_or_else(|e| *e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use chrono::Timelike;

    use super::{Clock, SystemClock};

    #[test]
    fn the_system_clock_keeps_what_postgres_keeps() {
        for _ in 0..100 {
            assert_eq!(SystemClock.now().nanosecond() % 1000, 0);
        }
    }
}
