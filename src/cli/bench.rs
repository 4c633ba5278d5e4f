//! `wolfjudge bench`: plays many simulated games at once through PostgreSQL and prints what
//! it measured.

use wolfjudge::bench;

use super::db::{reachable, Db};
use super::out::{emit, emit_line};

#[derive(clap::Args)]
pub struct Args {
    /// Simulated M32 games of 12 players, all at once (0: skip that phase).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Commands in flight at once (and pgbench's clients).
    #[arg(long, default_value_t = 16)]
    concurrency: usize,
    #[command(flatten)]
    db: Db,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Also run `pgbench -N` (scale 10) at the same concurrency for as long, after each
    /// of 5 runs of the bench, and print the ratios' median and spread (information, not a
    /// target).
    #[arg(long)]
    with_pgbench: bool,
    /// Long idle games played to day 9 for the day-1 against day-8 latency (0: none;
    /// default 10, or 0 with --games 0).
    #[arg(long)]
    long_games: Option<usize>,
    /// The first game's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games in play at once for the active-games phase: deadline lag on a real-time
    /// virtual clock and a restart half-way (0: skip that phase).
    #[arg(long, default_value_t = 0)]
    active_games: usize,
    /// The active phase's clock: virtual seconds per real second.
    #[arg(long, default_value_t = 60.0)]
    speed: f64,
    /// Real seconds the active phase's clock runs (the restart's down time included).
    #[arg(long, default_value_t = 60.0)]
    active_seconds: f64,
    /// Active games sharing one start, so that their deadlines coincide (default: a
    /// tenth of them).
    #[arg(long)]
    burst: Option<usize>,
    /// Real seconds the service stays down at the active phase's restart.
    #[arg(long, default_value_t = 5.0)]
    down_seconds: f64,
    /// Forum posts per real second during the active phase (0: none).
    #[arg(long, default_value_t = 20.0)]
    active_rate: f64,
    /// Games for the Discord-limits phase, all closing their first day in the same second:
    /// their Discord requests by kind, and the close timed under Discord's rate limits on a
    /// virtual clock (0: skip that phase).
    #[arg(long, default_value_t = 0)]
    discord_limits: usize,
    /// The Discord-limits phase's round trip of one request, in ms of its virtual clock
    /// (and the read-back phase's, on the real clock).
    #[arg(long, default_value_t = 100)]
    discord_rtt_ms: u64,
    /// Games for the read-back phase, not anonymous, all closing their first day at one
    /// instant: the bot's own worker reads each post back from Discord (modelled: the
    /// outbox's pace and a round trip) before its close (0: skip that phase).
    #[arg(long, default_value_t = 0)]
    read_back: usize,
    /// The read-back phase with the worker as it was before: every closing post read in
    /// turn, then the round's firing.
    #[arg(long)]
    read_back_serial: bool,
    /// Live pages for the pages phase: a finished 16-player game's day tab and reveal
    /// rendered, and votes timed without and then with this many pages polling their
    /// game every 3 s (0: skip that phase).
    #[arg(long, default_value_t = 0)]
    web_pages: usize,
    /// Real seconds of the pages phase's votes without the pages, and as many with them
    /// (by turns, in windows of half a second).
    #[arg(long, default_value_t = 15.0)]
    web_seconds: f64,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    let opts = bench::Options {
        games: a.games,
        concurrency: a.concurrency,
        seed: a.seed,
        long_games: a.long_games.unwrap_or(if a.games == 0 { 0 } else { 10 }),
        with_pgbench: a.with_pgbench,
        active: bench::ActiveOptions {
            games: a.active_games,
            speed: a.speed,
            seconds: a.active_seconds,
            burst: a.burst,
            down_seconds: a.down_seconds,
            rate: a.active_rate,
        },
        limits: bench::LimitsOptions {
            games: a.discord_limits,
            rtt: std::time::Duration::from_millis(a.discord_rtt_ms),
        },
        read_back: bench::ReadBackOptions {
            games: a.read_back,
            rtt: std::time::Duration::from_millis(a.discord_rtt_ms),
            serial: a.read_back_serial,
        },
        pages: bench::PagesOptions {
            pages: a.web_pages,
            seconds: a.web_seconds,
        },
        ..bench::Options::default()
    };
    let url = a.db.url();
    // The bench makes its own pools (in a scratch database); only the quick check is ours.
    reachable(&url).await?;
    let report = bench::run(&url, &opts).await?;
    if a.json {
        emit_line(&serde_json::to_string_pretty(&report)?)
    } else {
        emit(&report.text())
    }
}
