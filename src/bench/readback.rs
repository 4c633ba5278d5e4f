//! The read-back phase of `wolfjudge bench` (`--read-back N`): the bot's own deadline worker
//! under a burst of N day closes (the performance round). Before a day closes, the bot reads
//! its post back from Discord so that a post the gateway missed still counts
//! ([`crate::discord::readback`]); the active-games phase fires deadlines as a worker
//! without Discord does, so it cannot show what those reads cost.
//!
//! N M32 games that are not anonymous (their members' own messages count, so their posts
//! are read back) close their first day at one instant; a tenth as many close theirs while
//! the burst is being read (spread over the time the reads take at the bound), and as many
//! anonymous games (nothing to read back) close at the same instants. A clock running at
//! real speed passes the burst a second after the worker starts. The worker is the bot's
//! ([`readback::hold`], then the store's firing with the games held back), and each read is
//! what Discord makes it: one request on the outbox's pace ([`Pace::outbox`], the bot's
//! share of the global 50 a second, as the real reader takes it), then a round trip. With
//! `serial`, the worker reads as it did before (every closing post, anonymous or not, one
//! after the other, and only then the round's firing), for the before column. Now the
//! anonymous games' posts are read too, but after the closes that wait for theirs, and
//! their closes do not wait: the phase ends when every close has fired, so `reads` may
//! stop short of them.
//!
//! The bound: the burst's reads and those of the closes due during it (which go first) at
//! the pace, then one round trip; each close not in the burst needs one read of its own (a
//! pace step and a round trip), or none when anonymous.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::active::{clock_start, first_deadline, Clock};
use super::{create_all, games, BenchError, Millis};
use crate::discord::pace::{Pace, OUTBOX_PER_SECOND};
use crate::discord::readback::{self, ReadBacks, Reader, READ_AT_ONCE};
use crate::engine::Ruleset;
use crate::runtime::deadlines::Firings;
use crate::service::clock::SystemClock;
use crate::service::{Channel, Closing, GameId, Service};
use crate::store::deadline::{Fired, ROUND_BUDGET};
use crate::store::Store;

/// How long the clock runs before the burst's instant.
const LEAD: Duration = Duration::from_secs(1);

/// The worker's longest pause between rounds (the bot's `poll` is longer; a command or a
/// read-back wakes it).
const POLL: Duration = Duration::from_millis(100);

/// What the phase runs.
#[derive(Debug, Clone, Copy)]
pub struct ReadBackOptions {
    /// Games closing their first day at one instant (0: no read-back phase).
    pub games: usize,
    /// One request's round trip.
    pub rtt: Duration,
    /// Read as the worker did before: every closing post in turn, then fire.
    pub serial: bool,
}

impl Default for ReadBackOptions {
    fn default() -> ReadBackOptions {
        ReadBackOptions {
            games: 0,
            rtt: Duration::from_millis(100),
            serial: false,
        }
    }
}

/// What the read-back phase measured. Lags are from the clock passing a close's time to
/// the commit of the write that fired it.
#[derive(Debug, Clone, Serialize)]
pub struct ReadBackBurst {
    /// Not anonymous, closing at the burst's instant.
    pub burst_games: usize,
    /// Not anonymous, closing while the burst is read.
    pub others_read: usize,
    /// Anonymous, closing at the same instants as `others_read`.
    pub others_anonymous: usize,
    /// The worker as it was before (reads one after the other, then the firing).
    pub serial: bool,
    pub rtt_ms: u64,
    pub reads_per_second: u32,
    /// Day posts read back.
    pub reads: usize,
    pub burst_lag_ms: Millis,
    pub others_read_lag_ms: Millis,
    pub others_anonymous_lag_ms: Millis,
    /// From the burst's instant to its last close fired.
    pub burst_seconds: f64,
    /// The least time the pace and a round trip allow for the reads made before the
    /// burst's last close: its own and those of the closes due during it.
    pub bound_s: f64,
    /// `burst_seconds` ÷ `bound_s`.
    pub ratio: f64,
}

impl ReadBackBurst {
    /// The phase's lines of the report.
    pub fn lines(&self) -> Vec<String> {
        let ms = |m: &Millis| format!("p50 {:.1} ms, p99 {:.1} ms", m.p50, m.p99);
        vec![
            format!(
                "read-back (the bot's worker{}): {} posts read, {} a second, {} ms a request",
                if self.serial { ", reading in turn as before" } else { "" },
                self.reads,
                self.reads_per_second,
                self.rtt_ms
            ),
            format!(
                "  burst of {} closes: lag {}; all fired {:.2} s after their instant; bound {:.2} s: {:.2}× the bound",
                self.burst_games,
                ms(&self.burst_lag_ms),
                self.burst_seconds,
                self.bound_s,
                self.ratio
            ),
            format!(
                "  {} other closes during it, read back: lag {}",
                self.others_read,
                ms(&self.others_read_lag_ms)
            ),
            format!(
                "  {} anonymous closes during it (nothing to read): lag {}",
                self.others_anonymous,
                ms(&self.others_anonymous_lag_ms)
            ),
        ]
    }
}

/// Which of the three groups a game is in, and when its day closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    Burst,
    Read,
    Anonymous,
}

/// Reads as Discord would take them: a step of `pace`, then a round trip; counted.
fn discord(pace: Pace, rtt: Duration, count: Arc<AtomicUsize>) -> Reader {
    Box::new(move |_| {
        let (pace, count) = (pace.clone(), count.clone());
        Box::pin(async move {
            pace.step().await;
            tokio::time::sleep(rtt).await;
            count.fetch_add(1, Ordering::Relaxed);
            Ok(())
        })
    })
}

/// Runs the phase in the bench's database: see the module's documentation.
///
/// # Errors
/// A game that cannot be stored; a close not fired within a minute of its bound.
pub(super) async fn run(
    st: &Store,
    o: &ReadBackOptions,
    seed: u64,
    concurrency: usize,
) -> Result<ReadBackBurst, BenchError> {
    let n = o.games;
    let at = clock_start();
    let rtt_s = o.rtt.as_secs_f64();
    let k = (n / 10).max(1);
    // The burst's reads and those of the closes due during it (read first) at the pace,
    // then the last one's round trip.
    let step_s = 1.0 / f64::from(OUTBOX_PER_SECOND);
    let bound_s = (n + k) as f64 * step_s + rtt_s;
    let builtin = |anonymous: bool| {
        let options = BTreeMap::from([("anonymous".to_string(), toml::Value::Boolean(anonymous))]);
        Ruleset::builtin("m32", &options).map_err(|e| BenchError::Sim(e.to_string()))
    };
    let (open, masked) = (builtin(false)?, builtin(true)?);
    let first = first_deadline(&games::seated(&open, seed, at))?;
    let later = |j: usize| {
        let secs = bound_s * (j + 1) as f64 / (k + 1) as f64;
        at + chrono::Duration::microseconds((secs * 1e6) as i64)
    };
    let mut plan: Vec<_> = (0..n).map(|_| (Group::Burst, at, &open)).collect();
    for j in 0..k {
        plan.push((Group::Read, later(j), &open));
    }
    for j in 0..k {
        plan.push((Group::Anonymous, later(j), &masked));
    }
    let setups: Vec<(String, crate::engine::Setup)> = plan
        .iter()
        .enumerate()
        .map(|(i, (_, closes, ruleset))| {
            let s = seed + i as u64;
            (
                format!("read-back-{s}"),
                games::seated(ruleset, s, *closes - first),
            )
        })
        .collect();
    let ids = create_all(st, setups.iter().map(|(k, s)| (k.as_str(), s)), concurrency).await?;
    let service = Service::new(st.clone(), Arc::new(SystemClock), BTreeMap::new(), None);
    let mut of: HashMap<i64, (Group, chrono::DateTime<chrono::Utc>)> = HashMap::new();
    for (id, (group, closes, _)) in ids.iter().zip(&plan) {
        of.insert(*id, (*group, *closes));
        service
            .day_posted(GameId(*id), 1, Channel::new(1_000_000 + *id as u64))
            .await?;
    }
    let lead = chrono::Duration::from_std(LEAD).unwrap_or_default();
    // What is due before the clock starts (the warnings before the closes) is the games'
    // past: fired, and its messages taken as delivered.
    crate::runtime::deadlines::fire_due(st, None, at - lead, "bench-read-back").await?;
    st.mark_delivered(&ids).await?;

    let count = Arc::new(AtomicUsize::new(0));
    let reader = discord(Pace::outbox(), o.rtt, count.clone());
    let mut reads = ReadBacks::new(READ_AT_ONCE, reader);
    // The serial worker's own bookkeeping, as the worker kept it before.
    let mut read_in_turn: HashSet<Closing> = HashSet::new();
    let serial_reader = discord(Pace::outbox(), o.rtt, count.clone());
    let clock = Clock {
        start: at - lead,
        real: Instant::now(),
        speed: 1.0,
    };
    // Time enough for every read in turn (the serial worker), twice over.
    let limit_s = (n + k) as f64 * (step_s + rtt_s) * 2.0 + 60.0;
    let give_up = Instant::now() + LEAD + Duration::from_secs_f64(limit_s);
    let mut closed: Vec<Fired> = Vec::new();
    let mut left: HashSet<i64> = ids.iter().copied().collect();
    let mut firings = Firings::new(st, "bench-read-back");
    while !left.is_empty() {
        if Instant::now() > give_up {
            return Err(BenchError::Check(format!(
                "{} of {} closes not fired within {limit_s:.0} s",
                left.len(),
                ids.len(),
            )));
        }
        let now = clock.now();
        let held = if o.serial {
            let closing = service.closing_days(now).await?;
            read_in_turn.retain(|c| closing.contains(c));
            for c in closing {
                if read_in_turn.insert(c.clone()) {
                    serial_reader(c).await?;
                }
            }
            Vec::new()
        } else {
            readback::hold(&service, &mut reads, now).await?
        };
        // A round as the bot's worker does it (`discord::readback::round`).
        let fired = firings.round(&|| now, Some(ROUND_BUDGET), &held).await?;
        for f in fired {
            if f.due.kind == "tick"
                && of
                    .get(&f.game_id.get())
                    .is_some_and(|(_, c)| *c == f.due.at)
            {
                left.remove(&f.game_id.get());
                closed.push(f);
            }
        }
        // The bot's pause: until the next deadline not held, or a read-back's end.
        let pause = match st.next_due(None, &held).await? {
            Some(next) => (next - clock.now())
                .to_std()
                .unwrap_or(Duration::ZERO)
                .min(POLL),
            None => POLL,
        };
        tokio::select! {
            ended = reads.next_done() => ended?,
            () = tokio::time::sleep(pause) => {}
        }
    }

    // The other deadlines still in flight finish before their messages are marked.
    firings.settle().await?;
    // The phase times the closes, not their delivery (the Discord-limits phase times that):
    // what they wrote is taken as delivered, so that the database is left as found.
    st.mark_delivered(&ids).await?;

    let lag = |f: &Fired| {
        f.committed
            .saturating_duration_since(clock.passes(f.due.at))
    };
    let of_group = |g: Group| -> Vec<Duration> {
        closed
            .iter()
            .filter(|f| {
                of.get(&f.game_id.get())
                    .is_some_and(|(group, _)| *group == g)
            })
            .map(lag)
            .collect()
    };
    let burst_seconds = closed
        .iter()
        .filter(|f| {
            of.get(&f.game_id.get())
                .is_some_and(|(g, _)| *g == Group::Burst)
        })
        .map(|f| f.committed.saturating_duration_since(clock.passes(at)))
        .max()
        .unwrap_or_default()
        .as_secs_f64();
    Ok(ReadBackBurst {
        burst_games: n,
        others_read: k,
        others_anonymous: k,
        serial: o.serial,
        rtt_ms: o.rtt.as_millis() as u64,
        reads_per_second: OUTBOX_PER_SECOND,
        reads: count.load(Ordering::Relaxed),
        burst_lag_ms: Millis::of(of_group(Group::Burst)),
        others_read_lag_ms: Millis::of(of_group(Group::Read)),
        others_anonymous_lag_ms: Millis::of(of_group(Group::Anonymous)),
        burst_seconds,
        bound_s,
        ratio: burst_seconds / bound_s.max(f64::MIN_POSITIVE),
    })
}
