//! The `wolfjudge` command line: play a script, simulate a game, export and verify a game,
//! run the bot, run the worker, bench.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use wolfjudge::i18n::Lang;
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

#[derive(Subcommand)]
enum Cmd {
    /// Play a game script (see script-format.md) and print its JSON report.
    Script {
        /// The script file.
        file: PathBuf,
        /// Language of refusal messages in the report.
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
        /// Play through PostgreSQL (URL, or $DATABASE_URL, or the local default when no
        /// value is given) instead of in memory.
        #[arg(long, num_args = 0..=1, default_missing_value = "")]
        database_url: Option<String>,
        /// With --database-url: the game's key; running again with the same key resumes.
        #[arg(long)]
        run_key: Option<String>,
        /// With --database-url: append every delivered message to this JSON-lines file.
        #[arg(long)]
        deliver_to: Option<PathBuf>,
    },
    /// Write a stored game as a game script: to stdout, or with --out to FILE and its report
    /// (what `wolfjudge script FILE` prints) to FILE's name with `.report.json` in place of
    /// `.json`. Exits 1 when the replay does not give the stored game.
    Export {
        /// The game: its numeric id, or the key it was created under.
        game: String,
        #[arg(long, num_args = 0..=1, default_missing_value = "")]
        database_url: Option<String>,
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
        /// Language of the role names.
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
    },
    /// Print a tournament's standings table and write its points chart as a PNG.
    Standings {
        /// The tournament's name.
        tournament: String,
        #[arg(long, num_args = 0..=1, default_missing_value = "")]
        database_url: Option<String>,
        /// Where to write the chart.
        #[arg(long, default_value = "standings.png")]
        chart: PathBuf,
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
    },
    /// Apply the database migrations.
    Migrate {
        #[arg(long, num_args = 0..=1, default_missing_value = "")]
        database_url: Option<String>,
    },
    /// Fire due deadlines and deliver the outbox. With --until, on a virtual clock: fire
    /// everything due by then and exit; without it, on the real clock until stopped.
    Worker {
        #[arg(long, num_args = 0..=1, default_missing_value = "")]
        database_url: Option<String>,
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
        #[arg(long, num_args = 0..=1, default_missing_value = "")]
        database_url: Option<String>,
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
        #[arg(long, num_args = 0..=1, default_missing_value = "")]
        database_url: Option<String>,
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
        /// With --tournament: the judge's account, who earns the judge's points.
        #[arg(long, default_value = "judge")]
        judge: String,
        /// Number of players (default: 12 for m32, 13 for mafia).
        #[arg(long)]
        players: Option<usize>,
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
        /// Also play the game through PostgreSQL (URL, or $DATABASE_URL, or the local
        /// default when no value is given), leaving it there, replayable.
        #[arg(long, num_args = 0..=1, default_missing_value = "")]
        database_url: Option<String>,
    },
}

/// The database URL: the flag's value, else `$DATABASE_URL`, else the local default.
fn database_url(flag: Option<String>) -> String {
    match flag {
        Some(url) if !url.is_empty() => url,
        _ => std::env::var("DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| store::DEFAULT_DATABASE_URL.to_string()),
    }
}

/// Runs the bot until Ctrl-C.
fn run_bot(
    config: &std::path::Path,
    url: &str,
    shards: &str,
    gateway: bool,
    worker: bool,
) -> Result<(), String> {
    use wolfjudge::discord;
    let shards = discord::Shards::parse(shards)?;
    let token = discord::config::token().map_err(|e| e.to_string())?;
    let cfg = discord::config::Config::load(config).map_err(|e| e.to_string())?;
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,serenity=warn".into()),
        )
        .init();
    runtime()?.block_on(async {
        let pool = store::connect(url).await.map_err(|e| e.to_string())?;
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
            .map_err(|e| e.to_string())?;
        tracing::info!("wolfjudge is running; Ctrl-C stops it");
        tokio::signal::ctrl_c().await.map_err(|e| e.to_string())?;
        bot.stop().await;
        Ok(())
    })
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))
}

/// Plays a script through PostgreSQL and prints its report.
fn script_db(
    file: &std::path::Path,
    text: &str,
    lang: Lang,
    url: &str,
    run_key: Option<String>,
    deliver_to: Option<PathBuf>,
) -> Result<String, (u8, String)> {
    let parsed = script::Script::parse(text)
        .map_err(|e| (2, format!("invalid script {}: {e}", file.display())))?;
    let key = run_key.unwrap_or_else(|| {
        format!(
            "script:{}:{}",
            file.display(),
            chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default()
        )
    });
    let recorder = match deliver_to {
        Some(path) => store::outbox::Recorder::with_file(path).map_err(|e| (1, e.to_string()))?,
        None => store::outbox::Recorder::default(),
    };
    let rt = runtime().map_err(|e| (1, e))?;
    rt.block_on(async {
        let pool = store::connect(url).await.map_err(|e| (1, e.to_string()))?;
        let st = store::Store::new(pool);
        let run = store::play::run_script(&st, &parsed, &key, lang, &recorder)
            .await
            .map_err(|e| match e {
                store::play::PlayError::Script(e) => {
                    (2, format!("invalid script {}: {e}", file.display()))
                }
                e => (1, e.to_string()),
            })?;
        serde_json::to_string_pretty(&run.report).map_err(|e| (1, e.to_string()))
    })
}

/// Plays a simulated game's inputs into the stored game `id` (created from the same setup):
/// every command through the store's transaction, every deadline through the worker; checks
/// the stored game is the same. Inputs already played (a rerun) are not played twice.
async fn store_simulation(
    st: &store::Store,
    id: i64,
    key: &str,
    out: &sim::Simulation,
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
    eprintln!("wolfjudge: game {id} (key {key}) is stored in the database");
    Ok(())
}

/// Plays a simulated game through PostgreSQL (see [`store_simulation`]).
fn simulate_db(out: &sim::Simulation, url: &str, lang: Lang) -> Result<(), String> {
    let rt = runtime()?;
    rt.block_on(async {
        let pool = store::connect(url).await.map_err(|e| e.to_string())?;
        let st = store::Store::new(pool);
        let key = format!(
            "simulate:{}:{}:{}",
            out.setup.ruleset.name,
            out.setup.seed,
            chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default()
        );
        let id = st
            .create_game(&key, &out.setup, lang)
            .await
            .map_err(|e| e.to_string())?;
        store_simulation(&st, id, &key, out).await
    })
}

/// What `simulate --tournament` plays.
struct Series<'a> {
    tournament: &'a str,
    judge: &'a str,
    ruleset: &'a str,
    seed: u64,
    players: Option<usize>,
    games: u32,
    lang: Lang,
}

/// Plays `games` simulated games as a tournament in PostgreSQL, a week apart, each started
/// inside it (so each game's killers may not choose the previous game's first-night
/// victim on night 1); returns their transcripts. Game `i` is stored under the key
/// `simulate:TOURNAMENT:SEED`, so running the same command again finds the same games.
fn simulate_tournament(s: &Series, url: &str) -> Result<Vec<String>, String> {
    let rt = runtime()?;
    rt.block_on(async {
        let pool = store::connect(url).await.map_err(|e| e.to_string())?;
        let st = store::Store::new(pool);
        let t = match st
            .tournament(s.tournament)
            .await
            .map_err(|e| e.to_string())?
        {
            Some(t) => t,
            None => st
                .create_tournament(s.tournament, s.ruleset, s.games, s.judge)
                .await
                .map_err(|e| e.to_string())?,
        };
        let mut transcripts = Vec::new();
        for i in 0..s.games {
            let seed = s.seed.wrapping_add(u64::from(i));
            let mut setup = sim::setup(s.ruleset, seed, s.players, s.lang)?;
            setup.start += chrono::Duration::weeks(i64::from(i));
            // The accounts sign up (an anonymous game's differ from its characters).
            let accounts = setup
                .players
                .clone()
                .unwrap_or_else(|| setup.characters.clone());
            for (seat, player) in accounts.iter().enumerate() {
                let at =
                    setup.start - chrono::Duration::minutes((setup.characters.len() - seat) as i64);
                st.sign_up(t.id, player, at)
                    .await
                    .map_err(|e| e.to_string())?;
            }
            let key = format!("simulate:{}:{seed}", s.tournament);
            let started = st
                .start_game(t.id, &key, &setup, s.lang)
                .await
                .map_err(|e| e.to_string())?;
            setup.forbidden_first_kill = started.forbidden_first_kill;
            let out = sim::play(setup, s.lang)?;
            store_simulation(&st, started.game_id, &key, &out).await?;
            eprintln!(
                "wolfjudge: game {} of tournament `{}` (seed {seed})",
                started.ordinal, s.tournament
            );
            transcripts.push(out.transcript);
        }
        Ok(transcripts)
    })
}

/// A script file's text; exit 2 (said on stderr) when it cannot be read.
fn read_file(file: &std::path::Path) -> Result<String, ExitCode> {
    std::fs::read_to_string(file).map_err(|e| {
        eprintln!("wolfjudge: cannot read {}: {e}", file.display());
        ExitCode::from(2)
    })
}

/// The report's path beside a script written to `out`: `game.json` → `game.report.json`.
fn report_path(out: &std::path::Path) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    out.with_file_name(format!("{stem}.report.json"))
}

/// Exports a stored game (by id or key); returns the script and report as JSON text and the
/// fields on which the replay differs from the stored game.
fn export(url: &str, game: &str) -> Result<(String, String, Vec<String>), String> {
    let rt = runtime()?;
    rt.block_on(async {
        let pool = store::connect(url).await.map_err(|e| e.to_string())?;
        let st = store::Store::new(pool);
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
        let e = st.export(id).await.map_err(|e| e.to_string())?;
        let script = serde_json::to_string_pretty(&e.script).map_err(|e| e.to_string())?;
        let report = serde_json::to_string_pretty(&e.report).map_err(|e| e.to_string())?;
        Ok((script, report, e.mismatches))
    })
}

/// `wolfjudge verify`: the commitment check, then the replayed deal, as printed lines.
fn verify(text: &str, commitment: &str, lang: Lang) -> Result<String, (u8, String)> {
    let parsed =
        script::Script::parse(text).map_err(|e| (2, format!("invalid game script: {e}")))?;
    let got = wolfjudge::engine::rng::commitment(parsed.seed);
    let want = commitment.trim().to_ascii_lowercase();
    if got != want {
        return Err((
            1,
            format!(
                "the seed does not match the commitment: the seed {} hashes to {got}, not {want}",
                parsed.seed
            ),
        ));
    }
    let run = script::run(&parsed, lang).map_err(|e| (2, format!("invalid game script: {e}")))?;
    let mut out = vec![format!(
        "seed {}: sha256 of its 8 little-endian bytes is {got}, the commitment",
        parsed.seed
    )];
    out.push(if parsed.roles.is_some() {
        "the roles are fixed in the script, not dealt by the seed:".to_string()
    } else {
        "the deal the seed gives (draw 0):".to_string()
    });
    for c in &run.game.chars {
        out.push(format!(
            "  {}: {} ({})",
            c.name,
            c.role.key(),
            wolfjudge::i18n::role_name(c.role, lang)
        ));
    }
    out.push(format!(
        "replayed to {}, winner: {}",
        run.report.phase,
        run.report.winner.as_deref().unwrap_or("none")
    ));
    Ok(out.join("\n"))
}

/// Prints a tournament's standings and writes its chart.
fn standings(url: &str, name: &str, chart: &std::path::Path, lang: Lang) -> Result<String, String> {
    let rt = runtime()?;
    rt.block_on(async {
        let pool = store::connect(url).await.map_err(|e| e.to_string())?;
        let st = store::Store::new(pool);
        let t = st
            .tournament(name)
            .await
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("no tournament called `{name}`"))?;
        let s = st.standings(t.id).await.map_err(|e| e.to_string())?;
        tournament::render_chart(&s, chart, 900, 560).map_err(|e| e.to_string())?;
        Ok(tournament::render_table(&s, lang))
    })
}

/// Fires deadlines and delivers the outbox.
fn worker(
    url: &str,
    until: Option<String>,
    name: &str,
    deliver_to: Option<PathBuf>,
) -> Result<(), String> {
    let until = until
        .map(|u| {
            chrono::DateTime::parse_from_rfc3339(&u)
                .map(|t| t.with_timezone(&chrono::Utc))
                .map_err(|e| format!("--until `{u}` is not RFC 3339: {e}"))
        })
        .transpose()?;
    let rt = runtime()?;
    rt.block_on(async {
        let pool = store::connect(url).await.map_err(|e| e.to_string())?;
        let st = store::Store::new(pool);
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
                println!("{}", fired.len());
                return Ok(());
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    })
}

/// Runs the bench and prints its report.
fn run_bench(url: &str, opts: &bench::Options, json: bool) -> Result<String, String> {
    let report = runtime()?
        .block_on(bench::run(url, opts))
        .map_err(|e| e.to_string())?;
    if json {
        serde_json::to_string_pretty(&report)
            .map(|j| j + "\n")
            .map_err(|e| e.to_string())
    } else {
        Ok(report.text())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Export {
            game,
            database_url: url,
            out,
        } => {
            let (script, report, mismatches) = match export(&database_url(url), &game) {
                Ok(v) => v,
                Err(e) => {
                    eprintln!("wolfjudge: {e}");
                    return ExitCode::FAILURE;
                }
            };
            match out {
                Some(path) => {
                    let rpath = report_path(&path);
                    for (p, text) in [(&path, &script), (&rpath, &report)] {
                        if let Err(e) = std::fs::write(p, format!("{text}\n")) {
                            eprintln!("wolfjudge: cannot write {}: {e}", p.display());
                            return ExitCode::FAILURE;
                        }
                    }
                    eprintln!(
                        "wolfjudge: the game script is in {}, its report in {}",
                        path.display(),
                        rpath.display()
                    );
                }
                None => println!("{script}"),
            }
            if mismatches.is_empty() {
                ExitCode::SUCCESS
            } else {
                eprintln!(
                    "wolfjudge: replaying the script does not give the stored game on: {}",
                    mismatches.join(", ")
                );
                ExitCode::FAILURE
            }
        }
        Cmd::Verify {
            file,
            commitment,
            lang,
        } => {
            let text = match read_file(&file) {
                Ok(t) => t,
                Err(code) => return code,
            };
            match verify(&text, &commitment, lang.into()) {
                Ok(lines) => {
                    println!("{lines}");
                    ExitCode::SUCCESS
                }
                Err((code, e)) => {
                    eprintln!("wolfjudge: {e}");
                    ExitCode::from(code)
                }
            }
        }
        Cmd::Bench {
            games,
            concurrency,
            database_url: url,
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
            match run_bench(&database_url(url), &opts, json) {
                Ok(out) => {
                    let _ = std::io::stdout().lock().write_all(out.as_bytes());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("wolfjudge: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Standings {
            tournament: name,
            database_url: url,
            chart,
            lang,
        } => match standings(&database_url(url), &name, &chart, lang.into()) {
            Ok(table) => {
                let _ = std::io::stdout().lock().write_all(table.as_bytes());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("wolfjudge: {e}");
                ExitCode::FAILURE
            }
        },
        Cmd::Migrate { database_url: url } => {
            let url = database_url(url);
            let done = runtime().and_then(|rt| {
                rt.block_on(async {
                    store::connect(&url)
                        .await
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                })
            });
            match done {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("wolfjudge: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Run {
            config,
            database_url: url,
            shards,
            no_gateway,
            no_worker,
        } => match run_bot(
            &config,
            &database_url(url),
            &shards,
            !no_gateway,
            !no_worker,
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("wolfjudge: {e}");
                ExitCode::from(2)
            }
        },
        Cmd::Worker {
            database_url: url,
            until,
            name,
            deliver_to,
        } => match worker(&database_url(url), until, &name, deliver_to) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("wolfjudge: {e}");
                ExitCode::FAILURE
            }
        },
        Cmd::Script {
            file,
            lang,
            database_url: Some(url),
            run_key,
            deliver_to,
        } => {
            let text = match read_file(&file) {
                Ok(t) => t,
                Err(code) => return code,
            };
            match script_db(
                &file,
                &text,
                lang.into(),
                &database_url(Some(url)),
                run_key,
                deliver_to,
            ) {
                Ok(json) => {
                    println!("{json}");
                    ExitCode::SUCCESS
                }
                Err((code, e)) => {
                    eprintln!("wolfjudge: {e}");
                    ExitCode::from(code)
                }
            }
        }
        Cmd::Script { file, lang, .. } => {
            let text = match read_file(&file) {
                Ok(t) => t,
                Err(code) => return code,
            };
            let parsed = script::Script::parse(&text).and_then(|s| script::run(&s, lang.into()));
            match parsed {
                Ok(run) => match serde_json::to_string_pretty(&run.report) {
                    Ok(json) => {
                        println!("{json}");
                        ExitCode::SUCCESS
                    }
                    Err(e) => {
                        eprintln!("wolfjudge: cannot write the report: {e}");
                        ExitCode::FAILURE
                    }
                },
                Err(e) => {
                    eprintln!("wolfjudge: invalid script {}: {e}", file.display());
                    ExitCode::from(2)
                }
            }
        }
        Cmd::Simulate {
            ruleset,
            seed,
            games,
            tournament: Some(name),
            judge,
            players,
            lang,
            database_url: url,
        } => {
            let series = Series {
                tournament: &name,
                judge: &judge,
                ruleset: ruleset.name(),
                seed,
                players,
                games,
                lang: lang.into(),
            };
            match simulate_tournament(&series, &database_url(url)) {
                Ok(transcripts) => {
                    let mut stdout = std::io::stdout().lock();
                    for t in transcripts {
                        // A closed pipe (`| head`) is not an error worth a panic.
                        let _ = stdout.write_all(t.as_bytes());
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("wolfjudge: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Simulate {
            ruleset,
            seed,
            games,
            players,
            lang,
            database_url: url,
            ..
        } => {
            for i in 0..games {
                let seed = seed.wrapping_add(u64::from(i));
                match sim::simulate(ruleset.name(), seed, players, lang.into()) {
                    Ok(out) => {
                        if let Some(url) = &url {
                            let url = database_url(Some(url.clone()));
                            if let Err(e) = simulate_db(&out, &url, lang.into()) {
                                eprintln!("wolfjudge: {e}");
                                return ExitCode::FAILURE;
                            }
                        }
                        let mut stdout = std::io::stdout().lock();
                        // A closed pipe (`| head`) is not an error worth a panic.
                        let _ = stdout.write_all(out.transcript.as_bytes());
                    }
                    Err(e) => {
                        eprintln!("wolfjudge: {e}");
                        return ExitCode::from(2);
                    }
                }
            }
            ExitCode::SUCCESS
        }
    }
}
