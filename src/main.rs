//! The `wolfjudge` command line: play a script, simulate a game, export and verify a game,
//! run the bot, run the worker, bench.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sqlx::postgres::{PgConnectOptions, PgPool};
use sqlx::{ConnectOptions, Connection};

use wolfjudge::engine::{Game, Winner};
use wolfjudge::i18n::{self, Lang};
use wolfjudge::{bench, script, sim, store, tournament};

/// mimalloc instead of the system allocator: a command allocates and frees many small
/// buffers (events, messages, query binds) across two tokio threads, and glibc's malloc
/// spent a third of the service's CPU in the load benchmark (`perf`, see BENCHMARKS.md).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "wolfjudge",
    version,
    about = "A judge for forum werewolf (版杀) and Mafia games"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
    Zh,
    En,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Zh => Lang::Zh,
            LangArg::En => Lang::En,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum RulesetArg {
    M32,
    Mafia,
}

impl RulesetArg {
    fn name(self) -> &'static str {
        match self {
            RulesetArg::M32 => "m32",
            RulesetArg::Mafia => "mafia",
        }
    }
}

/// The `--database-url` flag, one definition flattened into every subcommand that can use
/// PostgreSQL, so that its meaning and help text are the same everywhere.
#[derive(Args, Clone, Default)]
struct Db {
    // The help text is built at run time so that it names the default URL from the one
    // place it is defined.
    #[arg(
        long = "database-url",
        value_name = "URL",
        num_args = 0..=1,
        default_missing_value = "",
        help = db_help()
    )]
    database_url: Option<String>,
}

/// The flag's help text.
fn db_help() -> String {
    format!(
        "The PostgreSQL database, as a URL. Given without a value (and, for the commands that \
         always need a database, when left out): $DATABASE_URL, or else {}.",
        store::DEFAULT_DATABASE_URL
    )
}

impl Db {
    /// Whether the flag was given (`script` and `simulate` use the database only then).
    fn given(&self) -> bool {
        self.database_url.is_some()
    }

    /// The URL: the flag's value, else `$DATABASE_URL`, else the local default.
    fn url(&self) -> String {
        match &self.database_url {
            Some(url) if !url.is_empty() => url.clone(),
            _ => std::env::var("DATABASE_URL")
                .ok()
                .filter(|u| !u.is_empty())
                .unwrap_or_else(|| store::DEFAULT_DATABASE_URL.to_string()),
        }
    }
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a game script (see docs/script-format.md) and print its JSON report. With
    /// --database-url, play it through PostgreSQL instead of in memory.
    Script {
        /// The script file.
        file: PathBuf,
        /// Language of refusal messages in the report.
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
        #[command(flatten)]
        db: Db,
        /// With --database-url: the game's key; running again with the same key resumes.
        #[arg(long)]
        run_key: Option<String>,
        /// With --database-url: append every delivered message to this JSON-lines file.
        #[arg(long)]
        deliver_to: Option<PathBuf>,
    },
    /// Write a stored game as a game script (docs/script-format.md): to stdout, or with
    /// --out to FILE and its report (what `wolfjudge script FILE` prints) to FILE's name with
    /// `.report.json` in place of `.json`. Exits 1 when the replay does not give the stored
    /// game.
    Export {
        /// The game: its numeric id, or the key it was created under.
        game: String,
        #[command(flatten)]
        db: Db,
        /// Where to write the script (the report goes beside it).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check an exported game against the commitment published at its start: the seed's
    /// SHA-256 (of its 8 little-endian bytes) must equal COMMITMENT; then replay the game and
    /// print the deal the seed gives. Exits 1 when they differ, 2 for an unreadable file.
    Verify {
        /// The exported game (a game script).
        file: PathBuf,
        /// The commitment published at the start (hex).
        #[arg(long)]
        commitment: String,
        /// Language of what is printed.
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
    },
    /// Print a tournament's standings table and write its points chart as a PNG.
    Standings {
        /// The tournament's name.
        tournament: String,
        #[command(flatten)]
        db: Db,
        /// Where to write the chart.
        #[arg(long, default_value = "standings.png")]
        chart: PathBuf,
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
    },
    /// Apply the database migrations.
    Migrate {
        #[command(flatten)]
        db: Db,
    },
    /// Fire due deadlines and deliver the outbox. With --until, on a virtual clock: fire
    /// everything due by then and exit; without it, on the real clock until stopped.
    Worker {
        #[command(flatten)]
        db: Db,
        /// RFC 3339 time: fire every deadline due by then, then exit.
        #[arg(long)]
        until: Option<String>,
        /// This worker's name in the deadlines table.
        #[arg(long, default_value = "worker")]
        name: String,
        /// Append every delivered message to this JSON-lines file.
        #[arg(long)]
        deliver_to: Option<PathBuf>,
    },
    /// Play many simulated games at once through PostgreSQL and print what it measured
    /// (works in a scratch database on that server, dropped at the end).
    Bench {
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
        /// Also run `pgbench -N` (scale 10) at the same concurrency for as long, and print
        /// the ratios.
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
    },
    /// Run the Discord bot: the gateway, the slash commands, and the deadline and outbox
    /// worker. Needs DISCORD_TOKEN in the environment.
    Run {
        /// The configuration file.
        #[arg(long, default_value = "config/wolfjudge.toml")]
        config: PathBuf,
        #[command(flatten)]
        db: Db,
        /// The gateway shards this process serves, FIRST-LAST/TOTAL (Discord shards by
        /// server); default all, in one shard.
        #[arg(long, default_value = "0/1")]
        shards: String,
        /// No gateway here: only fire deadlines and deliver messages.
        #[arg(long, conflicts_with = "no_worker")]
        no_gateway: bool,
        /// No deadline/outbox worker here (run it in other processes).
        #[arg(long)]
        no_worker: bool,
    },
    /// Play a whole game with simulated players and print it as the players would see it.
    /// With --database-url, also play it through PostgreSQL, leaving it there, replayable.
    Simulate {
        #[arg(long, value_enum, default_value = "m32")]
        ruleset: RulesetArg,
        /// Seed for the deal and every random choice (of the game and of the simulated players).
        /// With --games N, the games use seeds SEED, SEED+1, ... SEED+N-1.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many games to play, one after the other, with the same players.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
        games: u32,
        /// Record the games in PostgreSQL as the tournament of this name (created with GAMES
        /// planned games if it does not exist; the simulated players sign up in seat order),
        /// each started inside it, so the first-night rule applies. Implies --database-url.
        /// Then `wolfjudge standings NAME` prints its table and draws its chart.
        #[arg(long)]
        tournament: Option<String>,
        /// With --tournament: the judge's account, who earns the judge's points [default:
        /// judge].
        #[arg(long, requires = "tournament")]
        judge: Option<String>,
        /// Number of players (default: 12 for m32, 13 for mafia).
        #[arg(long)]
        players: Option<usize>,
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
        #[command(flatten)]
        db: Db,
    },
}

/// How a subcommand that did not succeed ends.
enum Fail {
    /// Said on standard error (after `wolfjudge: `); the process exits with this code.
    Exit(u8, String),
    /// Standard output was closed by its reader (`wolfjudge export … | head`): the reader has
    /// seen enough, so the command stops quietly and successfully, as `cat` would.
    Closed,
}

impl From<String> for Fail {
    fn from(e: String) -> Fail {
        Fail::Exit(1, e)
    }
}

type Done = Result<(), Fail>;

/// Writes `text` to standard output. Rust ignores SIGPIPE, so a closed pipe comes back as
/// an error here (where `println!` would panic); it becomes [`Fail::Closed`].
fn emit(text: &str) -> Done {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::BrokenPipe => Fail::Closed,
            _ => Fail::Exit(1, format!("cannot write to standard output: {e}")),
        })
}

/// [`emit`] with a newline after `text`.
fn emit_line(text: &str) -> Done {
    emit(&format!("{text}\n"))
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))
}

/// How long the command line waits for PostgreSQL to answer before saying it cannot.
const REACH_TIMEOUT: Duration = Duration::from_secs(3);

/// Checks that PostgreSQL at `url` can be reached, failing fast with a message that names
/// the host and port (or socket) and the cause, and never the password.
///
/// Why a separate check instead of a shorter pool timeout: the pool's wait for a connection
/// (sqlx's 30 s `acquire_timeout`) is also how long a command waits under contention in
/// `bench`, `run` and `worker`, and must stay that long there. So every subcommand first
/// opens one plain connection here with a short connect timeout, then builds its pool as
/// before; only an unreachable or refusing server is caught early.
async fn reachable(url: &str) -> Result<(), String> {
    let opts: PgConnectOptions = url
        .parse()
        .map_err(|e| format!("the database URL is not usable: {e}"))?;
    let at = match opts.get_socket() {
        Some(socket) => format!("{} (port {})", socket.display(), opts.get_port()),
        None => format!("{}:{}", opts.get_host(), opts.get_port()),
    };
    let cause = match tokio::time::timeout(REACH_TIMEOUT, opts.connect()).await {
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
            return Ok(());
        }
        Ok(Err(e)) => connect_cause(&e),
        Err(_) => format!("no answer within {} s", REACH_TIMEOUT.as_secs()),
    };
    Err(format!("cannot connect to PostgreSQL at {at}: {cause}"))
}

/// Why a connection failed, in a few words (sqlx's own texts wrap the cause in jargon).
fn connect_cause(e: &sqlx::Error) -> String {
    match e {
        sqlx::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
            "connection refused".to_string()
        }
        sqlx::Error::Io(io) => io.to_string(),
        sqlx::Error::Database(db) => db.message().to_string(),
        e => e.to_string(),
    }
}

/// [`reachable`], then the store's pool (migrations applied).
async fn connect(url: &str) -> Result<PgPool, String> {
    reachable(url).await?;
    store::connect(url).await.map_err(|e| e.to_string())
}

/// Runs the bot until Ctrl-C.
fn run_bot(config: &Path, url: &str, shards: &str, gateway: bool, worker: bool) -> Done {
    use wolfjudge::discord;
    let fail = |e: String| Fail::Exit(2, e);
    let shards = discord::Shards::parse(shards).map_err(fail)?;
    let token = discord::config::token().map_err(|e| fail(e.to_string()))?;
    let cfg = discord::config::Config::load(config).map_err(|e| fail(e.to_string()))?;
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,serenity=warn".into()),
        )
        .init();
    runtime().map_err(fail)?.block_on(async {
        let pool = connect(url).await.map_err(fail)?;
        let service = wolfjudge::service::Service::new(
            store::Store::new(pool),
            std::sync::Arc::new(wolfjudge::service::clock::SystemClock),
            cfg.rulesets.clone(),
            None,
        );
        let opts = discord::Options {
            token,
            proxy: None,
            poll: cfg.worker.poll(),
            worker: cfg.worker.name.clone(),
            gateway: gateway.then_some(shards),
            run_worker: worker,
        };
        let bot = discord::start(opts, service)
            .await
            .map_err(|e| fail(e.to_string()))?;
        tracing::info!("wolfjudge is running; Ctrl-C stops it");
        tokio::signal::ctrl_c()
            .await
            .map_err(|e| fail(e.to_string()))?;
        bot.stop().await;
        Ok(())
    })
}

/// A script file's text; exit 2 when it cannot be read.
fn read_file(file: &Path, lang: Lang) -> Result<String, Fail> {
    std::fs::read_to_string(file).map_err(|e| {
        Fail::Exit(
            2,
            i18n::text(
                lang,
                "cli-cannot-read",
                &[
                    ("file", file.display().to_string()),
                    ("error", e.to_string()),
                ],
            ),
        )
    })
}

/// `wolfjudge script`: plays a script (in memory, or through PostgreSQL) and prints its
/// report.
fn script_cmd(
    file: &Path,
    lang: Lang,
    db: &Db,
    run_key: Option<String>,
    deliver_to: Option<PathBuf>,
) -> Done {
    let text = read_file(file, lang)?;
    let invalid = |e: &dyn std::fmt::Display| {
        Fail::Exit(2, format!("invalid script {}: {e}", file.display()))
    };
    let parsed = script::Script::parse(&text).map_err(|e| invalid(&e))?;
    let report = if db.given() {
        let key = run_key.unwrap_or_else(|| {
            format!(
                "script:{}:{}",
                file.display(),
                chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default()
            )
        });
        let recorder = match deliver_to {
            Some(path) => store::outbox::Recorder::with_file(path).map_err(|e| e.to_string())?,
            None => store::outbox::Recorder::default(),
        };
        runtime()?.block_on(async {
            let st = store::Store::new(connect(&db.url()).await?);
            store::play::run_script(&st, &parsed, &key, lang, &recorder)
                .await
                .map(|run| run.report)
                .map_err(|e| match e {
                    store::play::PlayError::Script(e) => invalid(&e),
                    e => Fail::from(e.to_string()),
                })
        })?
    } else {
        script::run(&parsed, lang).map_err(|e| invalid(&e))?.report
    };
    let json = serde_json::to_string_pretty(&report)
        .map_err(|e| format!("cannot write the report: {e}"))?;
    emit_line(&json)
}

/// Plays a simulated game's inputs into the stored game `id` (created from the same setup):
/// every command through the store's transaction, every deadline through the worker; checks
/// the stored game is the same. Inputs already played (a rerun) are not played twice.
async fn store_simulation(
    st: &store::Store,
    id: i64,
    key: &str,
    out: &sim::Simulation,
    lang: Lang,
) -> Result<(), String> {
    store::play::replay_inputs(st, id, &out.inputs, "simulate")
        .await
        .map_err(|e| e.to_string())?;
    let stored = st.events(id).await.map_err(|e| e.to_string())?;
    if stored != out.events {
        return Err(format!(
            "game {id} in the database differs from the simulation"
        ));
    }
    let said = i18n::text(
        lang,
        "cli-sim-stored",
        &[("id", id.to_string()), ("key", key.to_string())],
    );
    eprintln!("wolfjudge: {said}");
    Ok(())
}

/// What `simulate` plays.
struct Series<'a> {
    ruleset: &'a str,
    seed: u64,
    players: Option<usize>,
    games: u32,
    lang: Lang,
}

impl Series<'_> {
    /// Game `i`'s seed (checked by [`Series::check`] to fit).
    fn seed(&self, i: u32) -> u64 {
        self.seed.saturating_add(u64::from(i))
    }

    /// Refuses, before anything is played or stored, a series that cannot be played:
    /// seeds past `u64::MAX`, or a player count the ruleset cannot seat.
    fn check(&self) -> Done {
        let t = |id: &str, args: &[(&str, String)]| i18n::text(self.lang, id, args);
        if self.seed.checked_add(u64::from(self.games) - 1).is_none() {
            return Err(Fail::Exit(
                2,
                t(
                    "cli-sim-seed-range",
                    &[
                        ("seed", self.seed.to_string()),
                        ("games", self.games.to_string()),
                        ("max", u64::MAX.to_string()),
                    ],
                ),
            ));
        }
        sim::setup(self.ruleset, self.seed, self.players, self.lang)
            .map(|_| ())
            .map_err(|e| Fail::Exit(2, e))
    }
}

/// Prints the games of a series as they are played: with more than one game, each under
/// a heading (its number and seed), and a summary (each game's seed, result and days) at
/// the end; a single game is its transcript alone.
struct Printer {
    lang: Lang,
    games: u32,
    /// Each printed game's seed, winner and days.
    played: Vec<(u64, Option<Winner>, u32)>,
}

impl Printer {
    fn new(lang: Lang, games: u32) -> Printer {
        Printer {
            lang,
            games,
            played: Vec::new(),
        }
    }

    fn t(&self, id: &str, args: &[(&str, String)]) -> String {
        i18n::text(self.lang, id, args)
    }

    fn game(&mut self, seed: u64, out: &sim::Simulation) -> Done {
        let n = self.played.len() + 1;
        if self.games > 1 {
            let heading = self.t(
                "cli-sim-game",
                &[
                    ("game", n.to_string()),
                    ("games", self.games.to_string()),
                    ("seed", seed.to_string()),
                ],
            );
            let rule = "═".repeat(24);
            let sep = if n > 1 { "\n" } else { "" };
            emit(&format!("{sep}{rule}\n{heading}\n{rule}\n\n"))?;
        }
        emit(&out.transcript)?;
        let days = Game::replay(&out.events).last_day;
        self.played.push((seed, out.winner, days));
        Ok(())
    }

    fn finish(&self) -> Done {
        if self.games <= 1 {
            return Ok(());
        }
        let mut text = format!(
            "\n{}\n",
            self.t("cli-sim-summary", &[("games", self.games.to_string())])
        );
        for (i, (seed, winner, days)) in self.played.iter().enumerate() {
            let result = result_text(*winner, self.lang);
            let line = self.t(
                "cli-sim-summary-game",
                &[
                    ("game", (i + 1).to_string()),
                    ("seed", seed.to_string()),
                    ("result", result),
                    ("days", days.to_string()),
                ],
            );
            text.push_str(&format!("  {line}\n"));
        }
        emit(&text)
    }
}

/// A game's result in a few words: 狼人阵营获胜 / the wolves won, 平局 / a draw, ...
fn result_text(winner: Option<Winner>, lang: Lang) -> String {
    match winner {
        Some(Winner::Draw) => i18n::text(lang, "cli-sim-result-draw", &[]),
        Some(w) => i18n::text(
            lang,
            "cli-sim-result-winner",
            &[("winner", i18n::winner_name(w, lang))],
        ),
        None => i18n::text(lang, "cli-sim-result-none", &[]),
    }
}

/// `wolfjudge simulate` without --tournament: plays the games one after the other (each
/// also through PostgreSQL with --database-url) and prints each as soon as it is played.
fn simulate(s: &Series, db: &Db) -> Done {
    s.check()?;
    let mut printer = Printer::new(s.lang, s.games);
    let rt = if db.given() { Some(runtime()?) } else { None };
    let store = match &rt {
        Some(rt) => Some(rt.block_on(async { connect(&db.url()).await.map(store::Store::new) })?),
        None => None,
    };
    for i in 0..s.games {
        let seed = s.seed(i);
        let out =
            sim::simulate(s.ruleset, seed, s.players, s.lang).map_err(|e| Fail::Exit(2, e))?;
        if let (Some(rt), Some(st)) = (&rt, &store) {
            rt.block_on(async {
                let key = format!(
                    "simulate:{}:{}:{}",
                    out.setup.ruleset.name,
                    out.setup.seed,
                    chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default()
                );
                let id = st
                    .create_game(&key, &out.setup, s.lang)
                    .await
                    .map_err(|e| e.to_string())?;
                store_simulation(st, id, &key, &out, s.lang).await
            })?;
        }
        printer.game(seed, &out)?;
    }
    printer.finish()
}

/// `wolfjudge simulate --tournament`: plays the games as a tournament in PostgreSQL, a week
/// apart, each started inside it (so each game's killers may not choose the previous
/// game's first-night victim on night 1), printing each as it is played. Game `i` is stored
/// under the key `simulate:TOURNAMENT:SEED`, so running the same command again finds the
/// same games.
fn simulate_tournament(s: &Series, tournament: &str, judge: &str, db: &Db) -> Done {
    s.check()?;
    let mut printer = Printer::new(s.lang, s.games);
    runtime()?.block_on(async {
        let st = store::Store::new(connect(&db.url()).await?);
        let t = match st.tournament(tournament).await.map_err(|e| e.to_string())? {
            Some(t) => t,
            None => st
                .create_tournament(tournament, s.ruleset, s.games, judge)
                .await
                .map_err(|e| e.to_string())?,
        };
        for i in 0..s.games {
            let seed = s.seed(i);
            let mut setup =
                sim::setup(s.ruleset, seed, s.players, s.lang).map_err(|e| Fail::Exit(2, e))?;
            setup.start += chrono::Duration::weeks(i64::from(i));
            for (seat, player) in setup.characters.iter().enumerate() {
                let at =
                    setup.start - chrono::Duration::minutes((setup.characters.len() - seat) as i64);
                st.sign_up(t.id, player, at)
                    .await
                    .map_err(|e| e.to_string())?;
            }
            let key = format!("simulate:{tournament}:{seed}");
            let started = st
                .start_game(t.id, &key, &setup, s.lang)
                .await
                .map_err(|e| e.to_string())?;
            setup.forbidden_first_kill = started.forbidden_first_kill;
            let out = sim::play(setup, s.lang)?;
            store_simulation(&st, started.game_id, &key, &out, s.lang).await?;
            let said = i18n::text(
                s.lang,
                "cli-sim-tournament-game",
                &[
                    ("game", started.ordinal.to_string()),
                    ("tournament", tournament.to_string()),
                    ("seed", seed.to_string()),
                ],
            );
            eprintln!("wolfjudge: {said}");
            printer.game(seed, &out)?;
        }
        Ok::<(), Fail>(())
    })?;
    printer.finish()
}

/// The report's path beside a script written to `out`: `game.json` → `game.report.json`.
fn report_path(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    out.with_file_name(format!("{stem}.report.json"))
}

/// `wolfjudge export`: a stored game (by id or key) as a script, to stdout or to `out` with
/// its report beside it.
fn export(db: &Db, game: &str, out: Option<PathBuf>) -> Done {
    let e = runtime()?.block_on(async {
        let st = store::Store::new(connect(&db.url()).await?);
        // A number is a game id when there is such a game, else (like any text) a key.
        let mut by_id = None;
        if let Ok(id) = game.parse::<i64>() {
            if st.load(id).await.is_ok() {
                by_id = Some(id);
            }
        }
        let id = match by_id {
            Some(id) => id,
            None => st
                .game_id(game)
                .await
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("no game with the id or key `{game}`"))?,
        };
        st.export(id).await.map_err(|e| e.to_string())
    })?;
    let script = serde_json::to_string_pretty(&e.script).map_err(|e| e.to_string())?;
    let report = serde_json::to_string_pretty(&e.report).map_err(|e| e.to_string())?;
    match out {
        Some(path) => {
            let rpath = report_path(&path);
            for (p, text) in [(&path, &script), (&rpath, &report)] {
                std::fs::write(p, format!("{text}\n"))
                    .map_err(|e| format!("cannot write {}: {e}", p.display()))?;
            }
            eprintln!(
                "wolfjudge: the game script is in {}, its report in {}",
                path.display(),
                rpath.display()
            );
        }
        None => emit_line(&script)?,
    }
    if e.mismatches.is_empty() {
        Ok(())
    } else {
        Err(Fail::from(format!(
            "replaying the script does not give the stored game on: {}",
            e.mismatches.join(", ")
        )))
    }
}

/// `wolfjudge verify`: the commitment check, then the replayed deal, as printed lines (in
/// `lang`, like the errors).
fn verify(text: &str, commitment: &str, lang: Lang) -> Result<String, Fail> {
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let invalid = |e: &dyn std::fmt::Display| {
        Fail::Exit(2, t("cli-invalid-script", &[("error", e.to_string())]))
    };
    let parsed = script::Script::parse(text).map_err(|e| invalid(&e))?;
    let got = wolfjudge::engine::rng::commitment(parsed.seed);
    let want = commitment.trim().to_ascii_lowercase();
    if got != want {
        return Err(Fail::Exit(
            1,
            t(
                "cli-verify-mismatch",
                &[
                    ("seed", parsed.seed.to_string()),
                    ("got", got),
                    ("want", want),
                ],
            ),
        ));
    }
    let run = script::run(&parsed, lang).map_err(|e| invalid(&e))?;
    let mut out = vec![t(
        "cli-verify-seed",
        &[("seed", parsed.seed.to_string()), ("hash", got)],
    )];
    out.push(if parsed.roles.is_some() {
        t("cli-verify-fixed", &[])
    } else {
        t("cli-verify-deal", &[])
    });
    for c in &run.game.chars {
        let line = t(
            "cli-verify-role",
            &[
                ("name", c.name.clone()),
                ("key", c.role.key().to_string()),
                ("role", i18n::role_name(c.role, lang)),
            ],
        );
        out.push(format!("  {line}"));
    }
    out.push(if run.game.ended() {
        t(
            "cli-verify-ended",
            &[("result", result_text(run.game.winner, lang))],
        )
    } else {
        t(
            "cli-verify-replayed",
            &[("phase", i18n::phase_name(run.game.phase, lang))],
        )
    });
    Ok(out.join("\n"))
}

/// `wolfjudge standings`: prints the table, then writes the chart. The table is printed
/// even when the chart cannot be written (the error then names the path and the reason).
fn standings(db: &Db, name: &str, chart: &Path, lang: Lang) -> Done {
    let s = runtime()?.block_on(async {
        let st = store::Store::new(connect(&db.url()).await?);
        let t = st
            .tournament(name)
            .await
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("no tournament called `{name}`"))?;
        st.standings(t.id).await.map_err(|e| e.to_string())
    })?;
    emit(&tournament::render_table(&s, lang))?;
    let cannot = |e: &dyn std::fmt::Display| {
        Fail::from(i18n::text(
            lang,
            "cli-chart-write",
            &[
                ("path", chart.display().to_string()),
                ("error", e.to_string()),
            ],
        ))
    };
    // Drawn in memory first, so that a bad path is reported as the file system says it.
    let png = tournament::render_chart_png(&s, 900, 560).map_err(|e| cannot(&e))?;
    std::fs::write(chart, png).map_err(|e| cannot(&e))
}

/// `wolfjudge worker`: fires deadlines and delivers the outbox.
fn worker(db: &Db, until: Option<String>, name: &str, deliver_to: Option<PathBuf>) -> Done {
    let until = until
        .map(|u| {
            chrono::DateTime::parse_from_rfc3339(&u)
                .map(|t| t.with_timezone(&chrono::Utc))
                .map_err(|e| format!("--until `{u}` is not RFC 3339: {e}"))
        })
        .transpose()?;
    runtime()?.block_on(async {
        let st = store::Store::new(connect(&db.url()).await?);
        let recorder = match deliver_to {
            Some(file) => store::outbox::Recorder::appending(file).map_err(|e| e.to_string())?,
            None => store::outbox::Recorder::default(),
        };
        loop {
            let now = until.unwrap_or_else(chrono::Utc::now);
            let fired = st
                .fire_due(None, now, name)
                .await
                .map_err(|e| e.to_string())?;
            st.dispatch(None, &recorder)
                .await
                .map_err(|e| e.to_string())?;
            if until.is_some() {
                return emit_line(&fired.len().to_string());
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    })
}

/// `wolfjudge bench`: runs the bench and prints its report.
fn run_bench(url: &str, opts: &bench::Options, json: bool) -> Done {
    let report = runtime()?.block_on(async {
        reachable(url).await?;
        bench::run(url, opts).await.map_err(|e| e.to_string())
    })?;
    if json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        emit_line(&text)
    } else {
        emit(&report.text())
    }
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(()) | Err(Fail::Closed) => ExitCode::SUCCESS,
        Err(Fail::Exit(code, e)) => {
            eprintln!("wolfjudge: {e}");
            ExitCode::from(code)
        }
    }
}

fn run(command: Cmd) -> Done {
    match command {
        Cmd::Export { game, db, out } => export(&db, &game, out),
        Cmd::Verify {
            file,
            commitment,
            lang,
        } => {
            let text = read_file(&file, lang.into())?;
            emit_line(&verify(&text, &commitment, lang.into())?)
        }
        Cmd::Bench {
            games,
            concurrency,
            db,
            json,
            with_pgbench,
            long_games,
            seed,
            active_games,
            speed,
            active_seconds,
            burst,
            down_seconds,
            active_rate,
        } => {
            let opts = bench::Options {
                games,
                concurrency,
                seed,
                long_games: long_games.unwrap_or(if games == 0 { 0 } else { 10 }),
                with_pgbench,
                active: bench::ActiveOptions {
                    games: active_games,
                    speed,
                    seconds: active_seconds,
                    burst,
                    down_seconds,
                    rate: active_rate,
                },
                ..bench::Options::default()
            };
            run_bench(&db.url(), &opts, json)
        }
        Cmd::Standings {
            tournament: name,
            db,
            chart,
            lang,
        } => standings(&db, &name, &chart, lang.into()),
        Cmd::Migrate { db } => runtime()?
            .block_on(async { connect(&db.url()).await.map(|_| ()) })
            .map_err(Fail::from),
        Cmd::Run {
            config,
            db,
            shards,
            no_gateway,
            no_worker,
        } => run_bot(&config, &db.url(), &shards, !no_gateway, !no_worker),
        Cmd::Worker {
            db,
            until,
            name,
            deliver_to,
        } => worker(&db, until, &name, deliver_to),
        Cmd::Script {
            file,
            lang,
            db,
            run_key,
            deliver_to,
        } => script_cmd(&file, lang.into(), &db, run_key, deliver_to),
        Cmd::Simulate {
            ruleset,
            seed,
            games,
            tournament,
            judge,
            players,
            lang,
            db,
        } => {
            let series = Series {
                ruleset: ruleset.name(),
                seed,
                players,
                games,
                lang: lang.into(),
            };
            match tournament {
                Some(name) => {
                    let judge = judge.as_deref().unwrap_or("judge");
                    simulate_tournament(&series, &name, judge, &db)
                }
                None => simulate(&series, &db),
            }
        }
    }
}
