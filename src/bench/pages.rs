//! The pages phase of `wolfjudge bench` (`--web-pages N`): the game pages under load, over
//! real HTTP to the pages' server (`crate::web::serve`, the axum router the bot serves) in
//! this process.
//!
//! - **Rendering**: a finished Mafia game of 16 (32-character names, a 300-character
//!   reason on every vote, three days) read again and again: its day-1 tab
//!   (`/g/<slug>?day=1`) and its reveal (`/g/<slug>`), one request at a time, each timed
//!   from the request's first byte to the answer's last.
//! - **Interactions beside live pages**: votes through the service's interaction path
//!   (`Service::vote`: the place resolved to its game, the command in one transaction, what
//!   the `/vote` handler calls), one in flight, on running M32 games of 12, for `seconds`;
//!   with N live pages open on those games, each polling `/g/<slug>/live` every 3 s as the
//!   page's script does (their starts spread over the 3 s), in windows of half a second
//!   that take turns with as many windows without the pages (the pages open all along,
//!   their polls held). Taking turns, the two sides see the same games at the same sizes
//!   and the same moments of the machine: measured as one half after the other, the second
//!   half's votes went to days grown longer by the first half's. The figure is the votes' p99 with the pages ÷ without, measured in the
//!   same run (target ≤ 1.10).

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::{BenchError, Millis};
use crate::engine::Action;
use crate::i18n::Lang;
use crate::service::clock::VirtualClock;
use crate::service::{Account, Channel, GameId, Guild, Place, ServerRole, Service, Settings};
use crate::store::Store;

/// How often a live page polls (`crates/web/assets/page.js`).
pub const POLL_EVERY: Duration = Duration::from_secs(3);

/// The target: votes' p99 with the live pages ÷ without.
pub const TARGET_RATIO: f64 = 1.10;

/// How long the votes go on with the pages, then without them, by turns. Short, so that
/// what happens now and then on the machine (a checkpoint, another process) falls on both
/// sides alike; its polls keep their rate however short (they come every [`POLL_EVERY`],
/// spread over it).
const WINDOW: Duration = Duration::from_millis(500);

/// Running games the votes (and the live pages) go to.
const RUNNING_GAMES: usize = 10;

/// Times each page is read for the render figures.
const RENDERS: usize = 200;

/// What the phase runs.
#[derive(Debug, Clone, Copy)]
pub struct PagesOptions {
    /// Live pages polling during the second half (0: no pages phase).
    pub pages: usize,
    /// Real seconds of votes without the pages, and as many with them (in windows of
    /// [`WINDOW`], taking turns).
    pub seconds: f64,
}

impl Default for PagesOptions {
    fn default() -> PagesOptions {
        PagesOptions {
            pages: 0,
            seconds: 15.0,
        }
    }
}

/// Votes measured in one half.
#[derive(Debug, Clone, Serialize)]
pub struct Votes {
    pub votes: usize,
    /// Votes the rules refused (none expected).
    pub refused: usize,
    pub ms: Millis,
}

/// What the pages phase measured.
#[derive(Debug, Clone, Serialize)]
pub struct Pages {
    /// The finished game's characters and events.
    pub players: usize,
    pub events: usize,
    /// Bytes of the day tab's and the reveal's HTML.
    pub day_tab_bytes: usize,
    pub reveal_bytes: usize,
    pub renders: usize,
    pub day_tab_ms: Millis,
    pub reveal_ms: Millis,
    pub live_pages: usize,
    pub poll_every_s: f64,
    /// Windows of each side, taking turns (each about [`WINDOW`] long).
    pub windows: usize,
    pub without_pages: Votes,
    pub with_pages: Votes,
    /// Polls answered (200) during the windows with the pages, those that failed, and
    /// their times.
    pub polls: usize,
    pub failed_polls: usize,
    pub poll_ms: Millis,
    /// `with_pages.ms.p99 ÷ without_pages.ms.p99`.
    pub p99_ratio: f64,
    pub target_ratio: f64,
}

impl Pages {
    /// The report's lines.
    pub fn lines(&self) -> Vec<String> {
        let ms = |m: &Millis| {
            format!(
                "p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                m.p50, m.p99, m.max
            )
        };
        vec![
            format!(
                "pages: a finished game of {} ({} events): day tab ({} bytes) {} ; reveal ({} bytes) {} ({} reads each)",
                self.players,
                self.events,
                self.day_tab_bytes,
                ms(&self.day_tab_ms),
                self.reveal_bytes,
                ms(&self.reveal_ms),
                self.renders
            ),
            format!(
                "pages: votes, 1 in flight, without live pages: {} votes ({} refused), {}",
                self.without_pages.votes,
                self.without_pages.refused,
                ms(&self.without_pages.ms)
            ),
            format!(
                "pages: votes with {} live pages polling every {:.0} s ({} windows of each side, by turns): {} votes ({} refused), {}; {} polls ({} failed), {}",
                self.live_pages,
                self.poll_every_s,
                self.windows,
                self.with_pages.votes,
                self.with_pages.refused,
                ms(&self.with_pages.ms),
                self.polls,
                self.failed_polls,
                ms(&self.poll_ms)
            ),
            format!(
                "pages: votes' p99 with ÷ without the live pages = {:.3} (target ≤ {:.2})",
                self.p99_ratio, self.target_ratio
            ),
        ]
    }
}

/// `GET path` from `addr` over one HTTP/1.1 connection (closed after it): the status and
/// the whole answer's length.
async fn get(addr: SocketAddr, path: &str) -> Result<(u16, usize), std::io::Error> {
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    let req = format!("GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await?;
    let status = raw
        .get(9..12)
        .and_then(|c| std::str::from_utf8(c).ok())
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Ok((status, raw.len()))
}

/// Reads `path` `n` times in turn; each must answer 200.
async fn timed_reads(
    addr: SocketAddr,
    path: &str,
    n: usize,
) -> Result<(Millis, usize), BenchError> {
    let mut times = Vec::with_capacity(n);
    let mut bytes = 0;
    for _ in 0..n {
        let t = Instant::now();
        let (status, len) = get(addr, path)
            .await
            .map_err(|e| BenchError::Task(format!("GET {path}: {e}")))?;
        times.push(t.elapsed());
        if status != 200 {
            return Err(BenchError::Check(format!("GET {path} answered {status}")));
        }
        bytes = len;
    }
    Ok((Millis::of(times), bytes))
}

/// A display name of exactly 32 characters (CJK, wide Latin, full-width Latin by turns).
fn long_name(i: usize) -> String {
    const CJK: &str = "夜幕降临狼人请睁眼预言家女巫猎人守卫白痴村民警长投票放逐遗言";
    let body: String = match i % 3 {
        0 => CJK.chars().cycle().skip(i).take(30).collect(),
        1 => "W".repeat(30),
        _ => "Ｗ".repeat(30),
    };
    format!("{body}{i:02}")
}

/// A vote's reason of 300 characters.
fn long_reason(i: usize) -> String {
    if i.is_multiple_of(2) {
        "长".repeat(300)
    } else {
        "x".repeat(300)
    }
}

/// The world the phase plays in: one server, games started through the service on a
/// virtual clock that stands still unless moved.
struct World {
    service: Service,
    clock: Arc<VirtualClock>,
    next_account: u64,
    next_channel: u64,
}

const GUILD: Guild = Guild::new(9_000);

impl World {
    async fn new(store: Store) -> Result<World, BenchError> {
        let start = chrono::DateTime::parse_from_rfc3339("2026-12-01T12:00:00Z")
            .map_err(|e| BenchError::Invalid(e.to_string()))?
            .with_timezone(&chrono::Utc);
        let clock = Arc::new(VirtualClock::new(start));
        // Votes may change as often as the bench asks (one change a day by default).
        let m32 = BTreeMap::from([("vote_changes".to_string(), toml::Value::Integer(1_000_000))]);
        let overrides = BTreeMap::from([("m32".to_string(), m32)]);
        let service = Service::new(store, clock.clone(), overrides, Some(20261201));
        service
            .set_up(&Settings {
                guild: GUILD,
                forum: Channel::new(9_001),
                judge_role: ServerRole::new(9_002),
                log: Channel::new(9_003),
                lang: Lang::Zh,
                time_zone: None,
                playing_judge: false,
            })
            .await?;
        Ok(World {
            service,
            clock,
            next_account: 900_000,
            next_channel: 910_000,
        })
    }

    fn channel(&mut self) -> Channel {
        self.next_channel += 1;
        Channel::new(self.next_channel)
    }

    /// A game of `ruleset` with `players` joined under `name(i)`, started.
    async fn started(
        &mut self,
        ruleset: &str,
        players: usize,
        name: impl Fn(usize) -> String,
    ) -> Result<GameId, BenchError> {
        let s = &self.service;
        let signup = s
            .open_signup(
                GUILD,
                Account::new(9),
                ruleset,
                None,
                Lang::Zh,
                &Default::default(),
            )
            .await?;
        for i in 0..players {
            self.next_account += 1;
            s.join(signup.row.id, Account::new(self.next_account), &name(i))
                .await?;
        }
        Ok(s.start(signup.row.id).await?)
    }

    /// Every living character of `game` votes (in the day post `day`) for the first of
    /// them, with a long reason; refusals are counted, not fatal.
    async fn all_vote(&self, game: GameId, day: Channel, key: &str) -> Result<usize, BenchError> {
        let (g, _) = self.service.game(game).await?;
        let living = g.living();
        let mut refused = 0;
        for (i, c) in living.iter().enumerate() {
            // One name for all (another for its owner), so that the day sends someone out
            // rather than tying.
            let on = living[usize::from(i == 0)];
            if vote(
                &self.service,
                &g,
                *c,
                day,
                &g.ch(on).name,
                &long_reason(i),
                &format!("{key}-{i}"),
            )
            .await?
            .is_none()
            {
                refused += 1;
            }
        }
        Ok(refused)
    }

    /// Moves the clock by `by` and fires what fell due in `game`.
    async fn pass(&self, game: GameId, hours: i64, key: &str) -> Result<(), BenchError> {
        self.clock.advance(chrono::Duration::hours(hours));
        self.service
            .judge(game, Action::Tick, key, Lang::Zh)
            .await?;
        Ok(())
    }
}

/// One vote by `by` in `game`'s day post `day`: its time, or `None` when the rules refused.
async fn vote(
    service: &Service,
    g: &crate::engine::Game,
    by: crate::engine::CharId,
    day: Channel,
    target: &str,
    reason: &str,
    key: &str,
) -> Result<Option<Duration>, BenchError> {
    let user = g
        .ch(by)
        .player
        .parse::<u64>()
        .map_err(|e| BenchError::Invalid(format!("a player's account: {e}")))?;
    let place = Place {
        guild: Some(GUILD),
        channel: day,
        user: Account::new(user),
    };
    let t = Instant::now();
    match service.vote(place, target, reason, key).await {
        Ok(_) => Ok(Some(t.elapsed())),
        Err(crate::service::ServiceError::Refused(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// A finished Mafia game of 16 with long names and reasons, three days played.
async fn finished_game(w: &mut World) -> Result<GameId, BenchError> {
    let game = w.started("mafia", 16, long_name).await?;
    for day in 1..=3u32 {
        // The night (nobody acts) passes on its deadline.
        w.pass(game, 2, &format!("fin-night-{day}")).await?;
        let (g, _) = w.service.game(game).await?;
        if g.ended() {
            break;
        }
        let post = w.channel();
        w.service.day_posted(game, day, post).await?;
        w.all_vote(game, post, &format!("fin-d{day}")).await?;
        w.pass(game, 25, &format!("fin-close-{day}")).await?;
        // A runoff, if the day's count tied.
        w.pass(game, 3, &format!("fin-runoff-{day}")).await?;
    }
    let (g, _) = w.service.game(game).await?;
    if !g.ended() {
        w.service
            .judge(game, Action::End { winner: None }, "fin-end", Lang::Zh)
            .await?;
    }
    Ok(game)
}

/// A running game, as it stood when its day opened (the votes change no one's life), and
/// its day post.
type Running = (GameId, crate::engine::Game, Channel);

/// Votes on `games`, one in flight, for `seconds`: every living character in turn votes
/// for one of the next three (never the one it voted for last). Each vote's time goes to
/// `votes`.
async fn votes_for(
    service: &Service,
    games: &[Running],
    seconds: f64,
    round: &mut usize,
    votes: &mut Timed,
) -> Result<(), BenchError> {
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    while Instant::now() < until {
        *round += 1;
        for (game, g, day) in games {
            let living = g.living();
            for (i, c) in living.iter().enumerate() {
                let on = living[(i + 1 + *round % 3) % living.len()];
                let key = format!("pv-{game}-{}-{i}", *round);
                match vote(service, g, *c, *day, &g.ch(on).name, "bench", &key).await? {
                    Some(t) => votes.times.push(t),
                    None => votes.refused += 1,
                }
                if Instant::now() >= until {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// The votes' times of one side, gathered over its windows.
#[derive(Default)]
struct Timed {
    times: Vec<Duration>,
    refused: usize,
}

impl Timed {
    fn votes(self) -> Votes {
        Votes {
            votes: self.times.len(),
            refused: self.refused,
            ms: Millis::of(self.times),
        }
    }
}

/// Runs the pages phase in the store `store` (the bench's scratch database).
///
/// # Errors
/// [`BenchError`] when a game cannot be set up, the pages' server cannot listen, or a page
/// does not answer 200.
pub async fn run(store: &Store, opts: &PagesOptions) -> Result<Pages, BenchError> {
    let mut w = World::new(store.clone()).await?;
    let finished = finished_game(&mut w).await?;
    let slug = w
        .service
        .page_slug(finished)
        .await?
        .ok_or_else(|| BenchError::Check("the finished game has no page".into()))?;
    let (addr, server) = crate::web::serve(w.service.clone(), "127.0.0.1:0")
        .await
        .map_err(|e| BenchError::Task(e.to_string()))?;
    let result = measure(&mut w, finished, &slug, addr, opts).await;
    server.abort();
    result
}

async fn measure(
    w: &mut World,
    finished: GameId,
    slug: &str,
    addr: SocketAddr,
    opts: &PagesOptions,
) -> Result<Pages, BenchError> {
    let (g, _) = w.service.game(finished).await?;
    let events = w.service.store().events(finished).await?.len();
    // Warm up (the font of the first render, the pool's connections).
    timed_reads(addr, &format!("/g/{slug}"), 5).await?;
    let (day_tab_ms, day_tab_bytes) =
        timed_reads(addr, &format!("/g/{slug}?day=1"), RENDERS).await?;
    let (reveal_ms, reveal_bytes) = timed_reads(addr, &format!("/g/{slug}"), RENDERS).await?;

    let mut running = Vec::new();
    let mut slugs = Vec::new();
    for i in 0..RUNNING_GAMES {
        let game = w.started("m32", 12, |p| format!("P{i}-{p}")).await?;
        let post = w.channel();
        w.service.day_posted(game, 1, post).await?;
        running.push((game, w.service.game(game).await?.0, post));
        slugs.push(
            w.service
                .page_slug(game)
                .await?
                .ok_or_else(|| BenchError::Check("a running game has no page".into()))?,
        );
    }
    let mut round = 0;
    // Warm up.
    votes_for(&w.service, &running, 1.0, &mut round, &mut Timed::default()).await?;

    let stop = Arc::new(AtomicBool::new(false));
    let polling = Arc::new(AtomicBool::new(false));
    let failed = Arc::new(AtomicUsize::new(0));
    let pollers: Vec<_> = (0..opts.pages)
        .map(|i| {
            let path = format!("/g/{}/live", slugs[i % slugs.len()]);
            let (stop, polling, failed) = (stop.clone(), polling.clone(), failed.clone());
            let offset = POLL_EVERY.mul_f64(i as f64 / opts.pages.max(1) as f64);
            tokio::spawn(async move {
                let mut times = Vec::new();
                tokio::time::sleep(offset).await;
                let mut tick = tokio::time::interval(POLL_EVERY);
                while !stop.load(Ordering::Relaxed) {
                    tick.tick().await;
                    // Held during the windows without the pages: the page stays open, its
                    // polls stay in step.
                    if !polling.load(Ordering::Relaxed) {
                        continue;
                    }
                    let t = Instant::now();
                    match get(addr, &path).await {
                        Ok((200, _)) => times.push(t.elapsed()),
                        _ => {
                            failed.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
                times
            })
        })
        .collect();
    // Every page open (its first tick passed) before the votes are timed.
    tokio::time::sleep(POLL_EVERY).await;
    let windows = ((opts.seconds / WINDOW.as_secs_f64()).round() as usize).max(1);
    let window = opts.seconds / windows as f64;
    let (mut without, mut with) = (Timed::default(), Timed::default());
    for _ in 0..windows {
        polling.store(false, Ordering::Relaxed);
        votes_for(&w.service, &running, window, &mut round, &mut without).await?;
        polling.store(true, Ordering::Relaxed);
        votes_for(&w.service, &running, window, &mut round, &mut with).await?;
    }
    stop.store(true, Ordering::Relaxed);
    let mut polls = Vec::new();
    for p in pollers {
        polls.extend(p.await.map_err(|e| BenchError::Task(e.to_string()))?);
    }
    let (without_pages, with_pages) = (without.votes(), with.votes());
    let p99_ratio = with_pages.ms.p99 / without_pages.ms.p99.max(f64::MIN_POSITIVE);
    Ok(Pages {
        players: g.chars().len(),
        events,
        day_tab_bytes,
        reveal_bytes,
        renders: RENDERS,
        day_tab_ms,
        reveal_ms,
        live_pages: opts.pages,
        poll_every_s: POLL_EVERY.as_secs_f64(),
        windows,
        without_pages,
        with_pages,
        polls: polls.len(),
        failed_polls: failed.load(Ordering::Relaxed),
        poll_ms: Millis::of(polls),
        p99_ratio,
        target_ratio: TARGET_RATIO,
    })
}
