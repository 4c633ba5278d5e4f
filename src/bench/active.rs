//! The active-games phase of `wolfjudge bench`: many games in the middle of play at once,
//! a virtual clock running at a fixed speed, and a restart half-way.
//!
//! `games` M32 games of 12 players are created with their starts spread evenly over the
//! virtual day before the clock starts, so that their deadlines are spread over the day after
//! it, except `burst` of them that share one start: their day closes come due at one instant
//! a quarter of the way through the run, and the deadlines of their nights after that
//! coincide too. The clock then runs at `speed` virtual seconds a real second for `seconds`
//! real seconds with the production code at work: one deadline worker firing everything due
//! by the clock's time ([`Store::fire_due`], as the bot's worker does), outbox dispatchers
//! delivering to a counting messenger, and a light stream of forum posts through
//! [`Store::execute`]. Half-way the whole service stops as a killed process would (the posts
//! in flight are answered and the worker's call in progress ends, the dispatchers are aborted
//! wherever they are; the [`Store`] with its game cache and the pool are dropped) for
//! `down_seconds` while the clock goes on, and then starts again from scratch. At the end the
//! worker fires what is due by the clock's final time and the service stops the same way:
//! the outbox is not waited for (what is left in it is reported).
//!
//! A deadline's lag is the real time from the moment the clock passed its `due_at` to the
//! commit of the write that fired it (the report also shows the longest `fire_due` call, a
//! burst's whole pass). Deadlines already due when the clock starts (the reminders of the games
//! started earliest) are fired before it starts and left out of the lag figures, and so are
//! those that came due while the service was down (the backlog, reported on its own). The
//! messages written before the clock starts (the games' creation, those early deadlines) are
//! marked delivered instead of sent: in the games' real past they went out as they came, and
//! ten thousand games' worth at once would leave the dispatchers nothing else to do.
//!
//! At the end every deadline of these games due by the clock's final time must have fired,
//! each exactly once: the run fails otherwise.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeZone, Utc};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use tokio::sync::Semaphore;
use tokio::task::{JoinHandle, JoinSet};

use super::drive::{dispatcher, flatten, Tally};
use super::{
    create_all, games, none_left, peak_rss_mb, table_bytes, BenchError, Millis, DISPATCHERS,
};
use crate::engine::{self, Action, CharId, Command, Game, Ruleset, Setup};
use crate::runtime::deadlines::Firings;
use crate::store::deadline::{Fired, ROUND_BUDGET};
use crate::store::ids::GameId;
use crate::store::{self, Outcome, Store, StoreError};

/// What the active-games phase runs.
#[derive(Debug, Clone)]
pub struct ActiveOptions {
    /// Games in play at once (0: no active-games phase).
    pub games: usize,
    /// Virtual seconds per real second.
    pub speed: f64,
    /// Real seconds the clock runs, the restart's down time included.
    pub seconds: f64,
    /// Games that share one start, so that their deadlines coincide (`None`: a tenth).
    pub burst: Option<usize>,
    /// Real seconds the service stays down half-way.
    pub down_seconds: f64,
    /// Forum posts a real second while the service is up (0: none).
    pub rate: f64,
}

impl Default for ActiveOptions {
    fn default() -> ActiveOptions {
        ActiveOptions {
            games: 0,
            speed: 60.0,
            seconds: 60.0,
            burst: None,
            down_seconds: 5.0,
            rate: 20.0,
        }
    }
}

impl ActiveOptions {
    fn burst(&self) -> usize {
        self.burst.unwrap_or(self.games / 10).min(self.games)
    }

    fn check(&self) -> Result<(), BenchError> {
        let bad = |what: &str, v: f64, zero: bool| {
            let fine = v.is_finite() && (v > 0.0 || (zero && v == 0.0));
            let want = if zero { "0 or more" } else { "more than 0" };
            (!fine).then(|| format!("{what} must be {want}, not {v}"))
        };
        let problem = bad("--speed", self.speed, false)
            .or_else(|| bad("--active-seconds", self.seconds, true))
            .or_else(|| bad("--down-seconds", self.down_seconds, true))
            .or_else(|| bad("--active-rate", self.rate, true));
        problem.map_or(Ok(()), |p| Err(BenchError::Invalid(p)))
    }
}

/// The restart half-way.
#[derive(Debug, Clone, Serialize)]
pub struct Restart {
    /// Real seconds after the clock started that the service was told to stop.
    pub at_seconds: f64,
    /// How long the posts and the worker took to stop (the dispatchers are aborted).
    pub stop_ms: f64,
    /// Messages of these games left undelivered at the stop (delivered after the restart).
    pub outbox_pending: i64,
    pub down_seconds: f64,
    /// `store::connect_with`: a new pool and the migrations check.
    pub connect_ms: f64,
    /// From the start of `connect_with` to the first command answered, on a game no
    /// deadline had touched since (its state loaded in full).
    pub ready_ms: f64,
    /// That first command alone.
    pub first_command_ms: f64,
    pub first_command_refused: bool,
    /// Deadlines that came due while the service was down (fired after the restart).
    pub backlog_deadlines: usize,
    /// From the start of `connect_with` until the last of them had fired.
    pub backlog_seconds: f64,
    pub backlog_lag_ms: Millis,
}

/// What the active-games phase measured.
#[derive(Debug, Clone, Serialize)]
pub struct ActiveGames {
    pub games: usize,
    /// Of them, games sharing one start.
    pub burst: usize,
    pub speed: f64,
    /// Real seconds the clock ran, and the virtual hours it covered.
    pub seconds: f64,
    pub virtual_hours: f64,
    pub create_seconds: f64,
    /// Deadlines already due when the clock started, fired before it (not in the figures).
    pub due_before_clock: usize,
    pub due_before_clock_seconds: f64,
    /// Messages the games had written before the clock started (their creation and those
    /// deadlines), marked delivered rather than sent: the run measures what comes after.
    pub messages_before_clock: u64,
    /// Whether the server ran autovacuum during the run.
    pub autovacuum: bool,
    /// Deadlines fired while the service was up, the restart's backlog left out.
    pub deadlines_fired: usize,
    pub deadline_lag_ms: Millis,
    /// Instants at which deadlines of two or more burst games came due together.
    pub burst_instants: usize,
    /// The burst games' deadlines at those instants.
    pub burst_deadlines: usize,
    pub burst_lag_ms: Millis,
    /// Each burst instant on its own, in time order.
    pub burst_by_instant: Vec<BurstInstant>,
    /// The other games' deadlines that came due while a burst instant's deadlines were
    /// still being fired.
    pub others_during_burst: usize,
    pub others_during_burst_lag_ms: Millis,
    /// All the other deadlines (neither a burst instant's nor due during one).
    pub quiet_deadlines: usize,
    pub quiet_lag_ms: Millis,
    /// The longest worker round (a call of `Firings::round`; since a round's firings go on
    /// into the next, it no longer includes waiting for them).
    pub longest_fire_ms: f64,
    /// Forum posts sent while the service was up (the restart's first command left out).
    pub commands: usize,
    pub refused: usize,
    pub command_ms: Millis,
    pub restart: Restart,
    pub messages_delivered: usize,
    /// Sends of a nonce already shown (a message sent again after the restart's kill).
    pub repeated_sends: usize,
    /// Messages of these games still waiting in the outbox at the end.
    pub outbox_pending_at_end: i64,
    /// Deadline rows of these games fired by the end, each exactly once; every one due by
    /// the clock's final time is among them.
    pub deadlines_checked: usize,
    /// The bench process's peak so far.
    pub peak_rss_mb: f64,
    /// What these games' rows take in the database at the end.
    pub db_bytes: u64,
    pub db_bytes_per_game: u64,
}

/// One burst instant: its deadlines' lag, and when it came.
#[derive(Debug, Clone, Serialize)]
pub struct BurstInstant {
    /// Real seconds from the clock's start to the instant.
    pub at_seconds: f64,
    /// After the restart: the new process's cache of games starts empty, so each of these
    /// deadlines loads its game first.
    pub after_restart: bool,
    pub deadlines: usize,
    pub lag_ms: Millis,
}

/// The worker's names before and after the restart (`deadlines.fired_by`).
const FIRST: &str = "bench-active-1";
const SECOND: &str = "bench-active-2";

/// How long the worker waits when nothing was due.
const POLL: Duration = Duration::from_millis(10);

/// The clock's virtual start: 2027-01-04 12:00 UTC, after the main phase's games.
pub(super) fn clock_start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, 1, 4, 12, 0, 0)
        .single()
        .unwrap_or_default()
}

/// Virtual time running at `speed` from `start`, which it showed at the real instant `real`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Clock {
    pub(super) start: DateTime<Utc>,
    pub(super) real: Instant,
    pub(super) speed: f64,
}

impl Clock {
    pub(super) fn now(&self) -> DateTime<Utc> {
        let secs = self.real.elapsed().as_secs_f64() * self.speed;
        self.start + chrono::Duration::microseconds((secs * 1e6) as i64)
    }

    /// The real instant the clock passes `at` (its start for anything before).
    pub(super) fn passes(&self, at: DateTime<Utc>) -> Instant {
        let secs = (at - self.start).num_milliseconds() as f64 / 1000.0 / self.speed;
        Duration::try_from_secs_f64(secs)
            .ok()
            .and_then(|d| self.real.checked_add(d))
            .unwrap_or(self.real)
    }

    /// Sleeps until `secs` real seconds after the start.
    async fn sleep_until(&self, secs: f64) {
        let d = Duration::try_from_secs_f64(secs).unwrap_or_default();
        if let Some(at) = self.real.checked_add(d) {
            tokio::time::sleep_until(at.into()).await;
        }
    }
}

/// A game to create.
struct Seat {
    key: String,
    setup: Setup,
    burst: bool,
}

/// The time from a fresh game's start to its first engine deadline.
pub(super) fn first_deadline(setup: &Setup) -> Result<chrono::Duration, BenchError> {
    let g = Game::replay(&engine::create(setup).map_err(StoreError::from)?);
    g.next_deadline()
        .map(|at| at - setup.start)
        .ok_or_else(|| BenchError::Sim("a new M32 game has no deadline".into()))
}

/// The games: starts spread evenly over the day before `start`, except the burst games,
/// whose first deadline comes a quarter of the way through the run.
fn seats(o: &ActiveOptions, seed: u64, start: DateTime<Utc>) -> Result<Vec<Seat>, BenchError> {
    let ruleset = Ruleset::builtin("m32", &BTreeMap::new()).map_err(|e| e.to_string());
    let ruleset = ruleset.map_err(BenchError::Sim)?;
    let (n, b) = (o.games, o.burst());
    let burst: HashSet<usize> = (0..b).map(|k| k * n / b.max(1)).collect();
    let quarter = chrono::Duration::milliseconds((o.speed * o.seconds * 250.0) as i64);
    let first = first_deadline(&games::seated(&ruleset, seed, start))?;
    let burst_start = start.min(start + quarter - first);
    let spread = (n - b).max(1) as i64;
    let day = chrono::Duration::days(1).num_milliseconds();
    let mut j = 0;
    Ok((0..n)
        .map(|i| {
            let in_burst = burst.contains(&i);
            let at = if in_burst {
                burst_start
            } else {
                j += 1;
                start - chrono::Duration::milliseconds(day - day * j / spread)
            };
            let s = seed + i as u64;
            Seat {
                key: format!("active-{s}"),
                setup: games::seated(&ruleset, s, at),
                burst: in_burst,
            }
        })
        .collect())
}

/// One forum post's latency, and whether the rules refused it.
#[derive(Debug, Clone, Copy)]
struct Answer {
    latency: Duration,
    refused: bool,
}

/// Who posts: a random game and a random character of it not yet found dead.
struct Posters {
    games: Vec<i64>,
    dead: Mutex<HashMap<i64, u16>>,
    rng: Mutex<ChaCha8Rng>,
    sent: AtomicUsize,
}

impl Posters {
    fn new(games: Vec<i64>, seed: u64) -> Posters {
        Posters {
            games,
            dead: Mutex::default(),
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
            sent: AtomicUsize::new(0),
        }
    }

    /// A character of `game` (or of a random game) not known to be dead.
    fn pick(&self, game: Option<i64>) -> Option<(i64, CharId)> {
        let mut rng = self.rng.lock().ok()?;
        let game = match game {
            Some(g) => g,
            None => *self.games.get(rng.gen_range(0..self.games.len().max(1)))?,
        };
        let dead = self.dead.lock().ok()?.get(&game).copied().unwrap_or(0);
        let living: Vec<u16> = (0..12).filter(|s| dead & (1 << s) == 0).collect();
        let seat = living.get(rng.gen_range(0..living.len().max(1))).copied();
        Some((game, CharId(seat.unwrap_or(0))))
    }

    /// Posts in `game` as `who` at the virtual time `now`.
    async fn post(
        &self,
        store: &Store,
        (game, who): (i64, CharId),
        now: DateTime<Utc>,
    ) -> Result<Answer, StoreError> {
        let n = self.sent.fetch_add(1, Ordering::Relaxed);
        let cmd = Command::by(
            who,
            Action::Post {
                text: format!("active post {n}"),
            },
        );
        let t = Instant::now();
        let outcome = store
            .execute(GameId(game), &format!("post-{n}"), &cmd, now)
            .await?;
        let latency = t.elapsed();
        let refused = match outcome {
            Outcome::Refused { code, .. } => {
                if code == "actor_dead" {
                    if let Ok(mut dead) = self.dead.lock() {
                        *dead.entry(game).or_default() |= 1 << who.0;
                    }
                }
                true
            }
            Outcome::Accepted { .. } => false,
        };
        Ok(Answer { latency, refused })
    }
}

/// Sends posts at `rate` a second (at most `slots` at once) until `halt` is set.
async fn post_stream(
    store: Store,
    clock: Clock,
    posters: Arc<Posters>,
    rate: f64,
    slots: Arc<Semaphore>,
    halt: Arc<AtomicBool>,
) -> Result<Vec<Answer>, BenchError> {
    let Ok(every) = Duration::try_from_secs_f64(1.0 / rate) else {
        return Ok(Vec::new());
    };
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut sent = JoinSet::new();
    loop {
        tick.tick().await;
        if halt.load(Ordering::Acquire) {
            break;
        }
        let Some(who) = posters.pick(None) else {
            continue;
        };
        let Ok(slot) = slots.clone().acquire_owned().await else {
            break;
        };
        let (store, posters) = (store.clone(), posters.clone());
        sent.spawn(async move {
            let _slot = slot;
            posters.post(&store, who, clock.now()).await
        });
    }
    let mut answers = Vec::with_capacity(sent.len());
    while let Some(r) = sent.join_next().await {
        answers.push(flatten(r)?);
    }
    Ok(answers)
}

/// What a worker fired, and its longest call.
#[derive(Debug, Default)]
struct Worked {
    /// What it fired, each with the instant its write committed.
    shots: Vec<Fired>,
    longest: Duration,
}

impl Worked {
    /// Fires what is due by `clock`'s time (all of it, or a round's worth within `budget`)
    /// and keeps what ended meanwhile.
    async fn fire(
        &mut self,
        firings: &mut Firings,
        clock: &(dyn Fn() -> DateTime<Utc> + Sync),
        budget: Option<Duration>,
    ) -> Result<usize, StoreError> {
        let began = Instant::now();
        let fired = firings.round(clock, budget, &[]).await?;
        self.longest = self.longest.max(began.elapsed());
        let n = fired.len();
        self.shots.extend(fired);
        Ok(n)
    }
}

/// Fires everything due by the clock's time, again and again, until `halt` is set.
async fn worker(
    store: Store,
    clock: Clock,
    name: &'static str,
    halt: Arc<AtomicBool>,
) -> Result<Worked, StoreError> {
    let mut worked = Worked::default();
    let mut firings = Firings::new(&store, name);
    while !halt.load(Ordering::Acquire) {
        // A round as the bot's worker does it (`runtime::outage::fire_round`): within its
        // budget, reading the clock at each look, its firings in flight going on into the
        // next round.
        let fired = worked
            .fire(&mut firings, &|| clock.now(), Some(ROUND_BUDGET))
            .await?;
        if fired == 0 && firings.in_flight() == 0 {
            tokio::time::sleep(POLL).await;
        }
    }
    // What is still in flight finishes, as a round's last firings do.
    worked.shots.extend(firings.settle().await?);
    Ok(worked)
}

/// The service at work: the deadline worker, the dispatchers and, once started, the posts.
struct Service {
    store: Store,
    name: &'static str,
    halt: Arc<AtomicBool>,
    worker: JoinHandle<Result<Worked, StoreError>>,
    dispatchers: Vec<JoinHandle<Result<(), StoreError>>>,
    posts: Option<JoinHandle<Result<Vec<Answer>, BenchError>>>,
}

/// What a stopped service did.
struct Stopped {
    store: Store,
    worked: Worked,
    answers: Vec<Answer>,
}

impl Service {
    fn start(store: Store, clock: Clock, name: &'static str, tally: &Arc<Tally>) -> Service {
        let halt = Arc::new(AtomicBool::new(false));
        Service {
            worker: tokio::spawn(worker(store.clone(), clock, name, halt.clone())),
            dispatchers: (0..DISPATCHERS)
                .map(|_| tokio::spawn(dispatcher(store.clone(), tally.clone(), halt.clone())))
                .collect(),
            posts: None,
            store,
            name,
            halt,
        }
    }

    fn post(&mut self, clock: Clock, posters: &Arc<Posters>, rate: f64, slots: &Arc<Semaphore>) {
        if rate > 0.0 {
            self.posts = Some(tokio::spawn(post_stream(
                self.store.clone(),
                clock,
                posters.clone(),
                rate,
                slots.clone(),
                self.halt.clone(),
            )));
        }
    }

    /// Stops as a killed process would, but for the posts in flight (answered) and the
    /// worker's call in progress (it ends): the dispatchers are aborted wherever they are (a
    /// message sent but not yet marked is sent again after a restart, under its nonce). With
    /// `end`, the worker then fires everything due by that time.
    async fn stop(self, end: Option<DateTime<Utc>>) -> Result<Stopped, BenchError> {
        self.halt.store(true, Ordering::Release);
        self.dispatchers.iter().for_each(JoinHandle::abort);
        let mut failure = None;
        let answers = match self.posts {
            Some(p) => keep(&mut failure, flatten(p.await)).unwrap_or_default(),
            None => Vec::new(),
        };
        let mut worked = keep(&mut failure, flatten(self.worker.await)).unwrap_or_default();
        if let (Some(end), None) = (end, &failure) {
            let mut firings = Firings::new(&self.store, self.name);
            let fired = worked.fire(&mut firings, &|| end, None).await;
            keep(&mut failure, fired.map_err(BenchError::from));
        }
        for d in self.dispatchers {
            match d.await {
                Err(e) if e.is_cancelled() => {}
                r => {
                    keep(&mut failure, flatten(r));
                }
            }
        }
        match failure {
            Some(e) => Err(e),
            None => Ok(Stopped {
                store: self.store,
                worked,
                answers,
            }),
        }
    }
}

/// `r`'s value, or `None` with its error kept in `failure` (the first one wins).
fn keep<T>(failure: &mut Option<BenchError>, r: Result<T, BenchError>) -> Option<T> {
    match r {
        Ok(v) => Some(v),
        Err(e) => {
            failure.get_or_insert(e);
            None
        }
    }
}

/// The game whose earliest unfired deadline is the latest: the worker will not touch it soon.
async fn quietest(store: &Store, ids: &[i64]) -> Result<i64, BenchError> {
    match store.quietest(ids).await? {
        Some(id) => Ok(id),
        None => ids
            .first()
            .copied()
            .ok_or_else(|| BenchError::Invalid("no active games".into())),
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Checks that every deadline of `ids` due by `end` fired, each exactly once, by the workers
/// that say so in `shots`; returns how many rows fired.
async fn exactly_once(
    store: &Store,
    ids: &[i64],
    end: DateTime<Utc>,
    shots: &[(&str, &Fired)],
) -> Result<usize, BenchError> {
    none_left(store.unfired_by(ids, end).await?, |n| {
        BenchError::Check(format!("{n} deadlines due by the clock's end never fired"))
    })?;
    let distinct: HashSet<(i64, &str, DateTime<Utc>)> = shots
        .iter()
        .map(|(_, f)| (f.game_id.get(), f.due.kind.as_str(), f.due.at))
        .collect();
    if distinct.len() != shots.len() {
        return Err(BenchError::Check(format!(
            "{} deadlines fired more than once",
            shots.len() - distinct.len()
        )));
    }
    let mut ours: BTreeMap<String, i64> = BTreeMap::new();
    for (by, _) in shots {
        *ours.entry(by.to_string()).or_default() += 1;
    }
    let stored: BTreeMap<String, i64> = store.fired_per_worker(ids).await?.into_iter().collect();
    if stored != ours {
        return Err(BenchError::Check(format!(
            "the deadlines table says {stored:?} fired, the workers {ours:?}"
        )));
    }
    Ok(shots.len())
}

/// Runs the active-games phase in the database `url` points at, with `concurrency` creations
/// (and posts) at a time; game `i` has seed `seed + i`.
pub(super) async fn run(
    url: &str,
    o: &ActiveOptions,
    concurrency: usize,
    seed: u64,
) -> Result<ActiveGames, BenchError> {
    o.check()?;
    let connections = (concurrency + DISPATCHERS + 2) as u32;
    let st = Store::new(store::connect_with(url, connections).await?);
    let empty = table_bytes(&st).await?;
    let start = clock_start();
    let planned = seats(o, seed, start)?;
    let t = Instant::now();
    let pairs = planned.iter().map(|s| (s.key.as_str(), &s.setup));
    let ids = create_all(&st, pairs, concurrency).await?;
    let create = t.elapsed();
    let burst: HashSet<i64> = ids
        .iter()
        .zip(&planned)
        .filter_map(|(id, s)| s.burst.then_some(*id))
        .collect();
    let active: HashSet<i64> = ids.iter().copied().collect();
    drop(planned);

    // Whatever is already due when the clock starts.
    let mut early = Worked::default();
    let t = Instant::now();
    early
        .fire(&mut Firings::new(&st, FIRST), &|| start, None)
        .await?;
    let early_time = t.elapsed();
    // The games' past: their messages so far went out when they were written (the clock
    // measures what the service does from now on, not a day's messages written at once).
    let past = st.mark_delivered(&ids).await?;
    if let Err(e) = st.checkpoint().await {
        tracing::warn!(
            "no checkpoint before the clock ({e}): the setup's WAL may start one during the run"
        );
    }
    let autovacuum = st.autovacuum().await?;

    let tally = Arc::new(Tally::default());
    let posters = Arc::new(Posters::new(ids.clone(), seed));
    let slots = Arc::new(Semaphore::new(concurrency.max(1)));
    let clock = Clock {
        start,
        real: Instant::now(),
        speed: o.speed,
    };
    let mut service = Service::start(st, clock, FIRST, &tally);
    service.post(clock, &posters, o.rate, &slots);

    // The restart: stop everything, drop the store and the pool, wait, start from scratch.
    clock.sleep_until(o.seconds / 2.0).await;
    let probe = quietest(&service.store, &ids).await?;
    let stopping = Instant::now();
    let at_seconds = clock.real.elapsed().as_secs_f64();
    let first = service.stop(None).await?;
    let stop_time = stopping.elapsed();
    let pending_at_restart = first.store.undelivered(Some(&ids)).await?;
    first.store.close().await;
    let (first_worked, mut answers) = (first.worked, first.answers);
    drop(first.store);
    tokio::time::sleep(Duration::try_from_secs_f64(o.down_seconds).unwrap_or_default()).await;
    let restarting = Instant::now();
    let restart_clock = clock.now();
    let pool = store::connect_with(url, connections).await?;
    let connect = restarting.elapsed();
    let mut service = Service::start(Store::new(pool), clock, SECOND, &tally);
    let who = posters
        .pick(Some(probe))
        .ok_or_else(|| BenchError::Task("no character to post".into()))?;
    let answer = posters.post(&service.store, who, clock.now()).await?;
    let ready = restarting.elapsed();
    service.post(clock, &posters, o.rate, &slots);

    clock.sleep_until(o.seconds).await;
    let end = clock.now();
    let second = service.stop(Some(end)).await?;
    let st = second.store;
    answers.extend(second.answers);

    // Sort the deadlines: the restart's backlog, and the steady state.
    let ours = |s: &&Fired| active.contains(&s.game_id.get());
    let lag = |s: &Fired| {
        s.committed
            .saturating_duration_since(clock.passes(s.due.at))
    };
    let (backlog, after): (Vec<&Fired>, Vec<&Fired>) = second
        .worked
        .shots
        .iter()
        .filter(ours)
        .partition(|s| s.due.at <= restart_clock);
    let steady: Vec<&Fired> = first_worked
        .shots
        .iter()
        .filter(ours)
        .chain(after)
        .collect();
    // Burst instants: due times shared by two or more burst games' deadlines, each with the
    // real window from the clock passing it to the last of them fired.
    let mut instants: BTreeMap<DateTime<Utc>, (usize, Instant)> = BTreeMap::new();
    for s in steady.iter().filter(|s| burst.contains(&s.game_id.get())) {
        let e = instants.entry(s.due.at).or_insert((0, s.committed));
        e.0 += 1;
        e.1 = e.1.max(s.committed);
    }
    instants.retain(|_, (n, _)| *n >= 2);
    let windows: Vec<(Instant, Instant)> = instants
        .iter()
        .map(|(at, (_, last))| (clock.passes(*at), *last))
        .collect();
    let in_burst =
        |s: &&&Fired| burst.contains(&s.game_id.get()) && instants.contains_key(&s.due.at);
    let during = |s: &&&Fired| {
        let passed = clock.passes(s.due.at);
        !burst.contains(&s.game_id.get())
            && windows
                .iter()
                .any(|(from, to)| passed >= *from && passed <= *to)
    };
    let bursting: Vec<Duration> = steady.iter().filter(in_burst).map(|s| lag(s)).collect();
    let burst_by_instant = instants
        .iter()
        .map(|(at, (n, _))| BurstInstant {
            at_seconds: clock
                .passes(*at)
                .saturating_duration_since(clock.real)
                .as_secs_f64(),
            after_restart: *at > restart_clock,
            deadlines: *n,
            lag_ms: Millis::of(
                steady
                    .iter()
                    .filter(|s| s.due.at == *at && burst.contains(&s.game_id.get()))
                    .map(|s| lag(s))
                    .collect(),
            ),
        })
        .collect();
    let others: Vec<Duration> = steady.iter().filter(during).map(|s| lag(s)).collect();
    let quiet: Vec<Duration> = steady
        .iter()
        .filter(|s| !in_burst(s) && !during(s))
        .map(|s| lag(s))
        .collect();
    let backlog_done = backlog
        .iter()
        .map(|s| s.committed)
        .max()
        .unwrap_or(restarting);

    let mut all: Vec<(&str, &Fired)> = Vec::new();
    for (name, worked) in [
        (FIRST, &early),
        (FIRST, &first_worked),
        (SECOND, &second.worked),
    ] {
        all.extend(worked.shots.iter().filter(ours).map(|s| (name, s)));
    }
    let checked = exactly_once(&st, &ids, end, &all).await?;
    let pending_at_end = st.undelivered(Some(&ids)).await?;
    let bytes = (table_bytes(&st).await? - empty).max(0) as u64;
    st.close().await;

    let longest = first_worked.longest.max(second.worked.longest);
    Ok(ActiveGames {
        games: ids.len(),
        burst: burst.len(),
        speed: o.speed,
        seconds: clock.real.elapsed().as_secs_f64(),
        virtual_hours: (end - start).num_milliseconds() as f64 / 3_600_000.0,
        create_seconds: create.as_secs_f64(),
        due_before_clock: early.shots.iter().filter(ours).count(),
        due_before_clock_seconds: early_time.as_secs_f64(),
        messages_before_clock: past,
        deadlines_fired: steady.len(),
        deadline_lag_ms: Millis::of(steady.iter().map(|s| lag(s)).collect()),
        burst_instants: instants.len(),
        burst_deadlines: bursting.len(),
        burst_lag_ms: Millis::of(bursting),
        burst_by_instant,
        others_during_burst: others.len(),
        others_during_burst_lag_ms: Millis::of(others),
        quiet_deadlines: quiet.len(),
        quiet_lag_ms: Millis::of(quiet),
        longest_fire_ms: ms(longest),
        commands: answers.len(),
        refused: answers.iter().filter(|a| a.refused).count(),
        command_ms: Millis::of(answers.iter().map(|a| a.latency).collect()),
        restart: Restart {
            at_seconds,
            stop_ms: ms(stop_time),
            outbox_pending: pending_at_restart,
            down_seconds: o.down_seconds,
            connect_ms: ms(connect),
            ready_ms: ms(ready),
            first_command_ms: ms(answer.latency),
            first_command_refused: answer.refused,
            backlog_deadlines: backlog.len(),
            backlog_seconds: backlog_done
                .saturating_duration_since(restarting)
                .as_secs_f64(),
            backlog_lag_ms: Millis::of(backlog.iter().map(|s| lag(s)).collect()),
        },
        autovacuum,
        messages_delivered: tally.sends.load(Ordering::Relaxed),
        repeated_sends: tally.repeats.load(Ordering::Relaxed),
        outbox_pending_at_end: pending_at_end,
        deadlines_checked: checked,
        peak_rss_mb: peak_rss_mb(),
        db_bytes: bytes,
        db_bytes_per_game: bytes / ids.len().max(1) as u64,
    })
}

impl ActiveGames {
    /// The phase's lines of the report.
    pub fn lines(&self) -> Vec<String> {
        let ms = |m: &Millis| {
            format!(
                "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
                m.p50, m.p99, m.max
            )
        };
        let r = &self.restart;
        let mut lines = vec![
            format!(
                "active games: {} of 12 players ({} sharing one start), created in {:.1} s",
                self.games, self.burst, self.create_seconds
            ),
            format!(
                "  clock: {:.1} s at {}x ({:.2} virtual h); {} deadlines already due at its start fired in {:.1} s before it (not counted below)",
                self.seconds, self.speed, self.virtual_hours, self.due_before_clock, self.due_before_clock_seconds
            ),
            format!(
                "  {} messages written before the clock started marked delivered (not sent); autovacuum {}",
                self.messages_before_clock,
                if self.autovacuum { "on" } else { "off: what is delivered stays in the dispatchers' search all run" }
            ),
            format!(
                "  deadlines: {} fired, lag (clock passed due → fired) {} (the restart's backlog left out)",
                self.deadlines_fired,
                ms(&self.deadline_lag_ms)
            ),
            format!(
                "  burst: {} deadlines at {} coincident instants, lag {}",
                self.burst_deadlines,
                self.burst_instants,
                ms(&self.burst_lag_ms)
            ),
        ];
        for b in &self.burst_by_instant {
            lines.push(format!(
                "    at {:.1} s{}: {} deadlines, lag {}",
                b.at_seconds,
                if b.after_restart {
                    " (after the restart)"
                } else {
                    ""
                },
                b.deadlines,
                ms(&b.lag_ms)
            ));
        }
        lines.extend([
            format!(
                "  other games' deadlines due during a burst: {}, lag {}",
                self.others_during_burst,
                ms(&self.others_during_burst_lag_ms)
            ),
            format!(
                "  all other deadlines: {}, lag {}",
                self.quiet_deadlines,
                ms(&self.quiet_lag_ms)
            ),
            format!("  longest worker round: {:.1} ms", self.longest_fire_ms),
            format!(
                "  posts: {} ({} refused), latency {}",
                self.commands,
                self.refused,
                ms(&self.command_ms)
            ),
            format!(
                "  restart after {:.1} s: stopped in {:.1} ms (messages left in the outbox: {}), down {:.1} s; connect (pool + migrations) {:.1} ms; ready to serve (connect → first command on an uncached game) {:.1} ms (that command {:.1} ms{})",
                r.at_seconds, r.stop_ms, r.outbox_pending, r.down_seconds, r.connect_ms, r.ready_ms, r.first_command_ms,
                if r.first_command_refused { ", refused" } else { "" }
            ),
            format!(
                "  backlog: {} deadlines came due while down, all fired {:.2} s after the restart began, lag {}",
                r.backlog_deadlines,
                r.backlog_seconds,
                ms(&r.backlog_lag_ms)
            ),
            format!(
                "  outbox: {} messages delivered, {} repeated sends, {} still waiting at the end",
                self.messages_delivered, self.repeated_sends, self.outbox_pending_at_end
            ),
            format!(
                "  {} deadline rows fired, each exactly once; none due by the end left unfired",
                self.deadlines_checked
            ),
            format!(
                "  peak RSS {:.1} MB; database {:.1} MB for these games ({} bytes a game)",
                self.peak_rss_mb,
                self.db_bytes as f64 / 1_048_576.0,
                self.db_bytes_per_game
            ),
        ]);
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_m32_game_first_has_its_day_close_due() {
        let rs = Ruleset::builtin("m32", &BTreeMap::new()).expect("m32 loads");
        let first = first_deadline(&games::seated(&rs, 1, clock_start())).expect("a deadline");
        assert_eq!(first, chrono::Duration::hours(24));
    }

    #[test]
    fn starts_are_spread_over_the_day_before_the_clock_and_the_burst_shares_one() {
        let o = ActiveOptions {
            games: 100,
            burst: Some(10),
            ..ActiveOptions::default()
        };
        let start = clock_start();
        let s = seats(&o, 1, start).expect("seats");
        let burst: Vec<_> = s.iter().filter(|s| s.burst).collect();
        assert_eq!(burst.len(), 10);
        assert!(burst.iter().all(|b| b.setup.start == burst[0].setup.start));
        // The burst's day closes come due a quarter of the way through the clock's hour.
        assert_eq!(
            burst[0].setup.start + chrono::Duration::hours(24),
            start + chrono::Duration::minutes(15)
        );
        let mut others: Vec<_> = s
            .iter()
            .filter(|s| !s.burst)
            .map(|s| s.setup.start)
            .collect();
        others.sort();
        assert_eq!(others.len(), 90);
        assert!(others[0] > start - chrono::Duration::days(1));
        assert_eq!(others[89], start);
        let keys: HashSet<_> = s.iter().map(|s| s.key.as_str()).collect();
        assert_eq!(keys.len(), 100);
    }

    #[test]
    fn the_clock_passes_a_time_when_it_shows_it() {
        let c = Clock {
            start: clock_start(),
            real: Instant::now(),
            speed: 60.0,
        };
        let at = c.passes(clock_start() + chrono::Duration::minutes(1));
        assert_eq!(at - c.real, Duration::from_secs(1));
        assert_eq!(c.passes(clock_start() - chrono::Duration::hours(1)), c.real);
    }
}
