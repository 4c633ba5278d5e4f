//! The pace of a player's relayed posts (the ruleset's `post_pace`): at most that many in
//! any minute, so that one player's flood cannot fill the day's post for everyone. Beyond
//! it a post is refused (nothing is queued) with the time the next one may be made; the
//! player is told once per wait, not once per refused post.
//!
//! Written here rather than with `governor` (which the Discord adapter uses for its own
//! requests): posts are judged on the game's clock, which tests and replays move by hand,
//! while `governor` reads its own; and the refusal names the minute's oldest post, which a
//! window of times gives directly. Kept in memory: a restart forgets the last minute's
//! posts, which lets a flooder post a few more once, and loses nothing of the game.

use std::collections::{HashMap, VecDeque};

use chrono::{DateTime, Duration, Utc};
use engine::CharId;
use store::ids::GameId;

/// The window the pace counts in.
const WINDOW: Duration = Duration::minutes(1);

/// Past this many players, the windows nobody posted in for a minute are dropped.
const PRUNE_AT: usize = 1024;

/// A post refused for its pace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooFast {
    /// When the player may post again.
    pub until: DateTime<Utc>,
    /// The pace: posts a minute.
    pub per_minute: u32,
    /// Whether an earlier refusal already told the player of this wait.
    pub told: bool,
}

/// One player's posts of the last minute.
#[derive(Debug, Default)]
struct Window {
    taken: VecDeque<DateTime<Utc>>,
    /// The end of the wait the player was last told of.
    told_until: Option<DateTime<Utc>>,
}

/// Every player's window.
#[derive(Debug, Default)]
pub struct PostPace {
    windows: HashMap<(GameId, CharId), Window>,
}

impl PostPace {
    /// Takes a post by `who` at `now` under a pace of `per_minute` (0: no pace), or says
    /// when the next may be. A taken post that is not made after all is given back with
    /// [`PostPace::give_back`].
    pub fn take(
        &mut self,
        who: (GameId, CharId),
        now: DateTime<Utc>,
        per_minute: u32,
    ) -> Result<(), TooFast> {
        if per_minute == 0 {
            return Ok(());
        }
        if self.windows.len() >= PRUNE_AT {
            self.windows
                .retain(|_, w| w.taken.back().is_some_and(|t| *t + WINDOW > now));
        }
        let w = self.windows.entry(who).or_default();
        while w.taken.front().is_some_and(|t| *t + WINDOW <= now) {
            w.taken.pop_front();
        }
        if w.taken.len() < per_minute as usize {
            w.taken.push_back(now);
            return Ok(());
        }
        // The oldest of the last `per_minute` posts leaves the window first.
        let oldest = w.taken.len() - per_minute as usize;
        let until = w.taken[oldest] + WINDOW;
        let told = w.told_until == Some(until);
        w.told_until = Some(until);
        Err(TooFast {
            until,
            per_minute,
            told,
        })
    }

    /// Gives back a post taken at `at` that was not made (refused by the rules, or a
    /// database error before it was recorded).
    pub fn give_back(&mut self, who: (GameId, CharId), at: DateTime<Utc>) {
        if let Some(w) = self.windows.get_mut(&who) {
            if let Some(i) = w.taken.iter().rposition(|t| *t == at) {
                w.taken.remove(i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(secs: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(1_800_000_000 + secs, 0)
            .single()
            .expect("a time")
    }

    const A: (GameId, CharId) = (GameId(1), CharId(0));
    const B: (GameId, CharId) = (GameId(1), CharId(1));

    #[test]
    fn a_flood_is_held_to_the_pace_and_told_once_per_wait() {
        let mut p = PostPace::default();
        for s in 0..6 {
            assert_eq!(p.take(A, at(s), 6), Ok(()), "post {s}");
        }
        // The seventh within the minute waits for the first to leave it: told once.
        let refused = p.take(A, at(6), 6).expect_err("too fast");
        assert_eq!((refused.until, refused.told), (at(60), false));
        let again = p.take(A, at(7), 6).expect_err("still too fast");
        assert_eq!((again.until, again.told), (at(60), true));
        // Another player is not held by it.
        assert_eq!(p.take(B, at(7), 6), Ok(()));
        // A minute after the first, one more; the next waits for the second.
        assert_eq!(p.take(A, at(60), 6), Ok(()));
        let next = p.take(A, at(60), 6).expect_err("one at a time");
        assert_eq!((next.until, next.told), (at(61), false));
    }

    #[test]
    fn a_post_given_back_frees_its_place_and_no_pace_takes_everything() {
        let mut p = PostPace::default();
        for s in 0..2 {
            assert_eq!(p.take(A, at(s), 2), Ok(()));
        }
        assert!(p.take(A, at(2), 2).is_err());
        p.give_back(A, at(1));
        assert_eq!(p.take(A, at(3), 2), Ok(()));
        for _ in 0..100 {
            assert_eq!(p.take(B, at(0), 0), Ok(()));
        }
    }
}
