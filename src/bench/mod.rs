//! `wolfjudge bench`: many simulated games at once through the whole service path
//! (command → one PostgreSQL transaction → events → outbox → a counting messenger, deadlines
//! fired by the deadline worker on a compressed virtual clock), measured: commands per
//! second, command latency, deadline lag, outbox delivery lag, peak memory, database bytes
//! per finished game, the latency on day 1 against day 8 of long games, and optionally the
//! same server's `pgbench -N` figures as a reference. The active-games phase ([`active`])
//! measures deadline lag and a restart with many games in play at once on a real-time clock.
//! The Discord-limits phase ([`limits`]) counts the Discord requests a game takes and times a
//! burst of day closes under Discord's rate limits on a virtual clock.
//!
//! The bench works in a scratch database of its own on the given server, dropped at the end.

mod active;
mod drive;
pub mod games;
mod limits;
mod pages;
mod pgbench;
mod readback;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use tokio::sync::Semaphore;

use crate::engine::Setup;
use crate::i18n::Lang;
use crate::store::bench::Scratch;
use crate::store::retention::Pruned;
use crate::store::{self, Store, StoreError};
pub use active::{ActiveGames, ActiveOptions, Restart};
use drive::{Played, Sample, Tally};
use games::Planned;
pub use limits::{Counts, DiscordLimits, LimitsOptions, Timing};
pub use pages::{Pages, PagesOptions};
pub use pgbench::{run as run_pgbench, Pgbench};
pub use readback::{ReadBackBurst, ReadBackOptions};

/// What to run.
#[derive(Debug, Clone)]
pub struct Options {
    /// Simulated M32 games of 12 players, all at once (0: no main phase).
    pub games: usize,
    /// Commands in flight at once (and pgbench's clients).
    pub concurrency: usize,
    /// The first game's seed; game `i` has seed `seed + i`.
    pub seed: u64,
    /// Long idle games played to day `long_days + 1` after the main run (0: none).
    pub long_games: usize,
    pub long_days: u32,
    /// Also run `pgbench -N` (scale 10) at the same concurrency for as long as the main run.
    pub with_pgbench: bool,
    /// Draw a progress bar on standard error (when it is a terminal).
    pub progress: bool,
    /// The active-games phase, after the others (`active.games == 0`: none).
    pub active: ActiveOptions,
    /// The Discord-limits phase, after the long games (`limits.games == 0`: none).
    pub limits: LimitsOptions,
    /// The bot's worker under a burst of closes read back first, after the Discord-limits
    /// phase (`read_back.games == 0`: none).
    pub read_back: ReadBackOptions,
    /// The pages phase (`pages.pages == 0`: none).
    pub pages: PagesOptions,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            games: 1000,
            concurrency: 16,
            seed: 1,
            long_games: 10,
            long_days: 8,
            with_pgbench: false,
            progress: true,
            active: ActiveOptions::default(),
            limits: LimitsOptions::default(),
            read_back: ReadBackOptions::default(),
            pages: PagesOptions::default(),
        }
    }
}

/// Why the bench could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Service(#[from] crate::service::ServiceError),
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("a game could not be simulated: {0}")]
    Sim(String),
    #[error("a bench task failed: {0}")]
    Task(String),
    #[error("pgbench: {0}")]
    Pgbench(String),
    #[error("{0}")]
    Invalid(String),
    #[error("check failed: {0}")]
    Check(String),
}

/// Percentiles in milliseconds.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Millis {
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

impl Millis {
    fn of(mut d: Vec<Duration>) -> Millis {
        d.sort_unstable();
        let at = |p: f64| {
            let i = ((d.len().saturating_sub(1)) as f64 * p).round() as usize;
            d.get(i).map_or(0.0, |x| x.as_secs_f64() * 1000.0)
        };
        Millis {
            p50: at(0.5),
            p99: at(0.99),
            max: at(1.0),
        }
    }
}

/// Command latency on one game day.
#[derive(Debug, Clone, Serialize)]
pub struct DayLatency {
    pub day: u32,
    pub commands: usize,
    pub ms: Millis,
}

/// The long games' latency by day.
#[derive(Debug, Clone, Serialize)]
pub struct LongGames {
    pub games: usize,
    pub commands: usize,
    /// Games whose stored log has exactly the events they had in memory.
    pub matching_memory: usize,
    pub by_day: Vec<DayLatency>,
}

/// How many times the bench and pgbench run in turn (ours, pgbench, ours, …) for the
/// ratios: one pair says more about the machine's moment than about the store.
pub const PGBENCH_ROUNDS: usize = 5;

/// Our figures against pgbench's, as information (no target is asserted on them): the
/// median of [`PGBENCH_ROUNDS`] runs in turn with pgbench, with the lowest and highest.
#[derive(Debug, Clone, Serialize)]
pub struct Ratios {
    /// The pairs of runs the figures come from.
    pub runs: usize,
    /// Our commands per second ÷ pgbench's transactions per second.
    pub commands_per_tps: f64,
    pub commands_per_tps_range: [f64; 2],
    /// Our p99 command latency ÷ pgbench's average latency.
    pub p99_per_pgbench_average: f64,
    pub p99_per_pgbench_average_range: [f64; 2],
}

impl Ratios {
    /// The median and spread of each ratio over `pairs` of (commands/s ÷ tps, p99 ÷
    /// average); `None` without pairs.
    pub fn of(pairs: &[(f64, f64)]) -> Option<Ratios> {
        let (tps, p99) = (
            Spread::of(pairs.iter().map(|p| p.0))?,
            Spread::of(pairs.iter().map(|p| p.1))?,
        );
        Some(Ratios {
            runs: pairs.len(),
            commands_per_tps: tps.median,
            commands_per_tps_range: tps.range,
            p99_per_pgbench_average: p99.median,
            p99_per_pgbench_average_range: p99.range,
        })
    }
}

/// A figure measured several times: its median and its lowest and highest.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Spread {
    pub median: f64,
    pub range: [f64; 2],
}

impl Spread {
    /// `None` for no figures; the mean of the middle two for an even count.
    pub fn of(figures: impl IntoIterator<Item = f64>) -> Option<Spread> {
        let mut v: Vec<f64> = figures.into_iter().collect();
        v.sort_by(f64::total_cmp);
        let (first, last) = (*v.first()?, *v.last()?);
        let mid = v.len() / 2;
        let median = if v.len() % 2 == 1 {
            v[mid]
        } else {
            (v[mid - 1] + v[mid]) / 2.0
        };
        Some(Spread {
            median,
            range: [first, last],
        })
    }
}

/// Everything the bench measured.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub games: usize,
    pub players: usize,
    pub concurrency: usize,
    /// Games that ended, and those whose stored log has exactly the simulated events.
    pub finished: usize,
    pub matching_simulation: usize,
    pub commands: usize,
    pub refused: usize,
    pub seconds: f64,
    pub commands_per_second: f64,
    pub command_ms: Millis,
    pub deadlines_fired: usize,
    pub deadline_lag_ms: Millis,
    pub messages_delivered: usize,
    /// Sends of a nonce already shown (must be 0).
    pub repeated_sends: usize,
    pub delivery_lag_ms: Millis,
    pub peak_rss_mb: f64,
    pub db_bytes_per_finished_game: u64,
    /// The database per finished game once its dead rows are gone and after a retention
    /// pass (`Store::prune`), with the physical bound (the target) beside it.
    pub storage: Option<Storage>,
    pub by_day: Vec<DayLatency>,
    pub long_games: Option<LongGames>,
    pub pgbench: Option<Pgbench>,
    pub ratios: Option<Ratios>,
    pub active: Option<ActiveGames>,
    pub discord_limits: Option<DiscordLimits>,
    pub read_back: Option<ReadBackBurst>,
    pub pages: Option<Pages>,
}

/// Storage per finished game (the performance round): as the games left it, compacted (only
/// their live rows, as a database reuses the space of dead ones), and compacted after a
/// retention pass that prunes every delivered message and packs every game's logs (the
/// state a game reaches once it is older than `[retention] keep_delivered`).
#[derive(Debug, Clone, Serialize)]
pub struct Storage {
    pub bytes_per_game: u64,
    pub compacted_bytes_per_game: u64,
    pub pruned_bytes_per_game: u64,
    /// The target: 100 KB per finished 12-player game after retention.
    pub target_bytes_per_game: u64,
    /// `pruned_bytes_per_game` ÷ the target (≤ 1 meets it).
    pub ratio_to_target: f64,
    /// What the retention pass removed.
    pub pruned: Pruned,
    /// Each table's bytes per game after the pass, largest first.
    pub tables_after: Vec<(String, u64)>,
}

/// The storage target per finished game after retention (the performance round): 100 KB.
pub const STORAGE_TARGET_BYTES: u64 = 100 * 1024;

impl Report {
    /// The report as text, one figure a line.
    pub fn text(&self) -> String {
        let ms = |m: &Millis| {
            format!(
                "p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                m.p50, m.p99, m.max
            )
        };
        let mut out = Vec::new();
        if self.games == 0 {
            out.push("main phase: none (--games 0)".to_string());
        }
        let main = [
            format!(
                "games: {} of {} players, {} finished, {} identical to the simulation",
                self.games, self.players, self.finished, self.matching_simulation
            ),
            format!(
                "commands: {} ({} refused by the rules) in {:.1} s at concurrency {}: {:.0} commands/s",
                self.commands, self.refused, self.seconds, self.concurrency, self.commands_per_second
            ),
            format!("command latency: {}", ms(&self.command_ms)),
            format!(
                "deadlines: {} fired, lag (due → fired) {}",
                self.deadlines_fired,
                ms(&self.deadline_lag_ms)
            ),
            format!(
                "outbox: {} messages delivered, {} repeated sends, lag (written → delivered) {}",
                self.messages_delivered,
                self.repeated_sends,
                ms(&self.delivery_lag_ms)
            ),
            format!("peak RSS: {:.1} MB", self.peak_rss_mb),
            format!(
                "database: {} bytes per finished game",
                self.db_bytes_per_finished_game
            ),
        ];
        let storage = self.storage.as_ref().map(|s| {
            format!(
                "storage per finished game: {} bytes compacted, {} after retention ({} messages, {} snapshots, {} deadlines pruned; {} games' logs packed, {} rows): {:.2}× the {} KB target ({})",
                s.compacted_bytes_per_game,
                s.pruned_bytes_per_game,
                s.pruned.outbox_rows,
                s.pruned.snapshots,
                s.pruned.deadlines,
                s.pruned.games_packed,
                s.pruned.log_rows_packed,
                s.ratio_to_target,
                s.target_bytes_per_game / 1024,
                s.tables_after
                    .iter()
                    .map(|(t, b)| format!("{t} {b}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        });
        let main: Vec<String> = main.into_iter().chain(storage).collect();
        let days = |by: &[DayLatency]| {
            by.iter()
                .map(|d| format!("  day {}: {} commands, {}", d.day, d.commands, ms(&d.ms)))
                .collect::<Vec<_>>()
        };
        if self.games > 0 {
            out.extend(main);
            out.push("latency by game day:".into());
            out.extend(days(&self.by_day));
        }
        if let Some(l) = &self.long_games {
            out.push(format!(
                "long games: {} games, {} commands, {} identical to memory; latency by day:",
                l.games, l.commands, l.matching_memory
            ));
            out.extend(days(&l.by_day));
        }
        if let (Some(p), Some(r)) = (&self.pgbench, &self.ratios) {
            out.push(format!(
                "pgbench -N (scale 10, {} clients, {} s): {:.0} tps, average latency {:.3} ms",
                p.clients, p.seconds, p.tps, p.latency_ms
            ));
            out.push(format!(
                "ratios, median (lowest–highest) of {} runs in turn with pgbench: commands/s ÷ pgbench tps = {:.3} ({:.3}–{:.3}); our p99 ÷ pgbench average latency = {:.2} ({:.2}–{:.2})",
                r.runs,
                r.commands_per_tps,
                r.commands_per_tps_range[0],
                r.commands_per_tps_range[1],
                r.p99_per_pgbench_average,
                r.p99_per_pgbench_average_range[0],
                r.p99_per_pgbench_average_range[1],
            ));
        }
        if let Some(l) = &self.discord_limits {
            out.extend(l.lines());
        }
        if let Some(r) = &self.read_back {
            out.extend(r.lines());
        }
        if let Some(p) = &self.pages {
            out.extend(p.lines());
        }
        if let Some(a) = &self.active {
            out.extend(a.lines());
        }
        out.join("\n") + "\n"
    }
}

/// Measures [`Storage`] on the main phase's `finished` games (everything delivered):
/// compacts, prunes every delivered message (a retention pass a week later), compacts again.
async fn storage(st: &Store, empty: i64, finished: u64, bytes: u64) -> Result<Storage, BenchError> {
    let per_game = |b: i64| (b - empty).max(0) as u64 / finished;
    st.compact().await?;
    let compacted = per_game(table_bytes(st).await?);
    // As if every game were older than the retention age: the bench's virtual clock plays
    // its games in the days after 2026-12-01, and a later pass would find them all older.
    let pruned = st.prune(chrono::DateTime::<chrono::Utc>::MAX_UTC).await?;
    st.compact().await?;
    let after = per_game(table_bytes(st).await?);
    let tables_after = st
        .table_sizes()
        .await?
        .into_iter()
        .map(|(t, b)| (t, b.max(0) as u64 / finished))
        .collect();
    Ok(Storage {
        bytes_per_game: bytes / finished,
        compacted_bytes_per_game: compacted,
        pruned_bytes_per_game: after,
        target_bytes_per_game: STORAGE_TARGET_BYTES,
        ratio_to_target: after as f64 / STORAGE_TARGET_BYTES as f64,
        pruned,
        tables_after,
    })
}

/// The bytes the tables of games take.
async fn table_bytes(store: &Store) -> Result<i64, BenchError> {
    Ok(store.table_bytes().await?)
}

/// The process's peak resident memory in MB (Linux; 0 elsewhere).
fn peak_rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Plans `n` games with `plan` on two threads.
fn plan_all(
    n: usize,
    plan: impl Fn(usize) -> Result<Planned, String> + Sync,
) -> Result<Vec<Planned>, BenchError> {
    let threads = 2;
    let plan = &plan;
    let mut parts: Vec<Vec<(usize, Planned)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (t..n)
                        .step_by(threads)
                        .map(|i| plan(i).map(|p| (i, p)))
                        .collect::<Result<Vec<_>, String>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .map_err(|_| BenchError::Task("a planning thread panicked".into()))?
                    .map_err(BenchError::Sim)
            })
            .collect::<Result<Vec<_>, BenchError>>()
    })?;
    let mut all: Vec<(usize, Planned)> = parts.drain(..).flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    Ok(all.into_iter().map(|(_, p)| p).collect())
}

/// Creates games (key, setup), `concurrency` at a time; returns their ids in order.
async fn create_all<'a>(
    store: &Store,
    games: impl Iterator<Item = (&'a str, &'a Setup)>,
    concurrency: usize,
) -> Result<Vec<i64>, BenchError> {
    let slots = Arc::new(Semaphore::new(concurrency.max(1)));
    let tasks: Vec<_> = games
        .map(|(key, setup)| {
            let (store, slots, key, setup) =
                (store.clone(), slots.clone(), key.to_string(), setup.clone());
            tokio::spawn(async move {
                let _slot = slots.acquire().await;
                store.create_game(&key, &setup, Lang::Zh).await
            })
        })
        .collect();
    let mut ids = Vec::with_capacity(tasks.len());
    for t in tasks {
        ids.push(t.await.map_err(|e| BenchError::Task(e.to_string()))??);
    }
    Ok(ids)
}

/// How many of the games ended, and how many have exactly their planned number of events.
async fn check(
    store: &Store,
    games: &[Planned],
    ids: &[i64],
) -> Result<(usize, usize), BenchError> {
    let stored: std::collections::HashMap<i64, (i64, bool)> = store
        .progress(ids)
        .await?
        .into_iter()
        .map(|p| (p.game_id.get(), (p.seq, p.ended)))
        .collect();
    let (mut finished, mut matching) = (0, 0);
    for (g, id) in games.iter().zip(ids) {
        if let Some((seq, ended)) = stored.get(id) {
            finished += usize::from(*ended);
            if *seq == g.events as i64 && *ended == g.ended {
                matching += 1;
            } else {
                eprintln!(
                    "bench: game {id} ({}) has {seq} events, {} in its simulation",
                    g.key, g.events
                );
            }
        }
    }
    Ok((finished, matching))
}

fn by_day(samples: &[Sample]) -> Vec<DayLatency> {
    let mut days: std::collections::BTreeMap<u32, Vec<Duration>> = Default::default();
    for s in samples {
        days.entry(s.day).or_default().push(s.latency);
    }
    days.into_iter()
        .map(|(day, l)| DayLatency {
            day,
            commands: l.len(),
            ms: Millis::of(l),
        })
        .collect()
}

/// Fails with `error(n)` when `n > 0` rows were counted.
fn none_left(n: i64, error: impl FnOnce(i64) -> BenchError) -> Result<(), BenchError> {
    if n > 0 {
        return Err(error(n));
    }
    Ok(())
}

/// Fails when messages (of the games `ids`, or of any) were left undelivered.
async fn all_delivered(store: &Store, ids: Option<&[i64]>) -> Result<(), BenchError> {
    none_left(store.undelivered(ids).await?, |n| {
        BenchError::Task(format!("{n} messages were left undelivered"))
    })
}

/// Outbox delivery lag: from the row's writing transaction to the dispatcher's claim.
async fn delivery_lag(store: &Store) -> Result<Millis, BenchError> {
    let lag = store.delivery_lag().await?;
    Ok(Millis {
        p50: lag.p50,
        p99: lag.p99,
        max: lag.max,
    })
}

fn bar(total: usize, shown: bool, what: &str) -> ProgressBar {
    let target = if shown {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(total as u64), target);
    if let Ok(style) = ProgressStyle::with_template(
        "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} commands ({per_sec}, eta {eta})",
    ) {
        bar.set_style(style);
    }
    bar.set_message(what.to_string());
    bar
}

/// A set of games played: what it measured, how many ended and how many match memory.
struct Phase {
    played: Played,
    games: usize,
    finished: usize,
    matching: usize,
}

/// Creates `planned` and plays them all at once.
async fn phase(
    st: &Store,
    planned: Vec<Planned>,
    concurrency: usize,
    tally: &Arc<Tally>,
    progress: bool,
    label: &str,
) -> Result<Phase, BenchError> {
    let pairs = planned.iter().map(|g| (g.key.as_str(), &g.setup));
    let ids = create_all(st, pairs, concurrency).await?;
    let total = planned.iter().map(|g| g.steps.len()).sum();
    let bar = bar(total, progress, label);
    let kept: Vec<Planned> = planned
        .iter()
        .map(|g| Planned {
            steps: Vec::new(),
            ..g.clone()
        })
        .collect();
    let played = drive::play(st, planned, &ids, concurrency, DISPATCHERS, tally, &bar).await?;
    bar.finish_and_clear();
    let (finished, matching) = check(st, &kept, &ids).await?;
    Ok(Phase {
        played,
        games: ids.len(),
        finished,
        matching,
    })
}

/// Outbox dispatcher tasks beside the commands.
const DISPATCHERS: usize = 2;

/// Runs the bench against the server `url` points at, in a scratch database there
/// (`wolfjudge_bench_<pid>`, dropped at the end unless `WOLFJUDGE_BENCH_KEEP` is set).
///
/// # Errors
/// [`BenchError`] when the server does not answer, a game cannot be simulated or stored,
/// or pgbench fails.
/// With `with_pgbench`, the bench runs [`PGBENCH_ROUNDS`] times, each run followed by
/// pgbench for as long; the report is the first run's, with the ratios' median and spread
/// and the last pgbench run.
pub async fn run(url: &str, opts: &Options) -> Result<Report, BenchError> {
    let mut report = run_scratch(url, opts).await?;
    if opts.with_pgbench {
        let mut pairs = Vec::new();
        for i in 0..PGBENCH_ROUNDS {
            let again = match i {
                0 => None,
                _ => Some(run_scratch(url, opts).await?),
            };
            let ours = again.as_ref().unwrap_or(&report);
            let seconds = ours.seconds.ceil().max(5.0) as u64;
            let p = pgbench::run(url, opts.concurrency, seconds).await?;
            pairs.push((
                ours.commands_per_second / p.tps.max(f64::MIN_POSITIVE),
                ours.command_ms.p99 / p.latency_ms.max(f64::MIN_POSITIVE),
            ));
            report.pgbench = Some(p);
        }
        report.ratios = Ratios::of(&pairs);
    }
    Ok(report)
}

/// One run of the bench in a scratch database of its own.
async fn run_scratch(url: &str, opts: &Options) -> Result<Report, BenchError> {
    let scratch = format!("wolfjudge_bench_{}", std::process::id());
    let db = Scratch::create(url, &scratch).await?;
    let result = run_in(&store::url_for_database(url, &scratch), opts).await;
    let dropped = if std::env::var_os("WOLFJUDGE_BENCH_KEEP").is_some() {
        Ok(())
    } else {
        db.drop_database().await
    };
    let report = result?;
    dropped?;
    Ok(report)
}

/// Runs the bench in the database `url` points at (which [`run`] makes for it; the tests
/// pass one of their own).
///
/// # Errors
/// As [`run`]; [`BenchError::Check`] when the active-games phase finds a deadline unfired
/// or fired twice.
pub async fn run_in(url: &str, opts: &Options) -> Result<Report, BenchError> {
    let connections = (opts.concurrency + DISPATCHERS + 2) as u32;
    let st = Store::new(store::connect_with(url, connections).await?);
    let seed = opts.seed;
    let planned = plan_all(opts.games, |i| {
        games::simulated("m32", seed + i as u64, "bench-")
    })?;
    let players = planned.first().map_or(0, |g| g.setup.characters.len());
    let empty = table_bytes(&st).await?;
    let tally = Arc::new(Tally::default());
    let main = if planned.is_empty() {
        Phase {
            played: Played::default(),
            games: 0,
            finished: 0,
            matching: 0,
        }
    } else {
        phase(
            &st,
            planned,
            opts.concurrency,
            &tally,
            opts.progress,
            "games",
        )
        .await?
    };
    let (played, finished, matching) = (main.played, main.finished, main.matching);
    let bytes = (table_bytes(&st).await? - empty).max(0) as u64;
    let delivery = delivery_lag(&st).await?;
    let delivered = tally.sends.load(Ordering::Relaxed);
    let repeated = tally.repeats.load(Ordering::Relaxed);
    all_delivered(&st, None).await?;
    let storage = if finished > 0 {
        Some(storage(&st, empty, finished as u64, bytes).await?)
    } else {
        None
    };

    let long_games = if opts.long_games > 0 {
        let days = opts.long_days;
        let planned = plan_all(opts.long_games, |i| {
            games::long(seed + i as u64, days, 3, "long-")
        })?;
        let long = phase(
            &st,
            planned,
            opts.concurrency,
            &tally,
            opts.progress,
            "long games",
        )
        .await?;
        Some(LongGames {
            games: long.games,
            commands: long.played.samples.len(),
            matching_memory: long.matching,
            by_day: by_day(&long.played.samples),
        })
    } else {
        None
    };

    let discord_limits = if opts.limits.games > 0 {
        Some(limits::run(&st, &opts.limits, seed, opts.concurrency, opts.progress).await?)
    } else {
        None
    };

    let read_back = if opts.read_back.games > 0 {
        Some(readback::run(&st, &opts.read_back, seed, opts.concurrency).await?)
    } else {
        None
    };

    let pages = if opts.pages.pages > 0 {
        Some(pages::run(&st, &opts.pages).await?)
    } else {
        None
    };

    let peak = peak_rss_mb();
    let active = if opts.active.games > 0 {
        Some(active::run(url, &opts.active, opts.concurrency, seed).await?)
    } else {
        None
    };

    let commands = played.samples.len();
    let seconds = played.wall.as_secs_f64();
    Ok(Report {
        games: opts.games,
        players,
        concurrency: opts.concurrency,
        finished,
        matching_simulation: matching,
        commands,
        refused: played.samples.iter().filter(|s| s.refused).count(),
        seconds,
        commands_per_second: commands as f64 / seconds.max(f64::MIN_POSITIVE),
        command_ms: Millis::of(played.samples.iter().map(|s| s.latency).collect()),
        deadlines_fired: played.deadline_lags.len(),
        deadline_lag_ms: Millis::of(played.deadline_lags.clone()),
        messages_delivered: delivered,
        repeated_sends: repeated,
        delivery_lag_ms: delivery,
        peak_rss_mb: peak,
        db_bytes_per_finished_game: bytes / (finished.max(1) as u64),
        storage,
        by_day: by_day(&played.samples),
        long_games,
        pgbench: None,
        ratios: None,
        active,
        discord_limits,
        read_back,
        pages,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The median is the middle figure (the mean of the middle two for an even count),
    /// whatever the order the runs came in; the range is the lowest and the highest.
    #[test]
    fn ratios_are_the_median_and_spread_of_the_runs() {
        let pairs = [(0.6, 4.0), (0.5, 5.0), (0.7, 3.0), (0.55, 4.5), (0.65, 3.5)];
        let r = Ratios::of(&pairs).expect("five runs");
        assert_eq!(r.runs, 5);
        assert_eq!(r.commands_per_tps, 0.6);
        assert_eq!(r.commands_per_tps_range, [0.5, 0.7]);
        assert_eq!(r.p99_per_pgbench_average, 4.0);
        assert_eq!(r.p99_per_pgbench_average_range, [3.0, 5.0]);
        let even = Spread::of([4.0, 1.0, 2.0, 3.0]).expect("four");
        assert_eq!(even.median, 2.5);
        assert!(Ratios::of(&[]).is_none());
    }
}
