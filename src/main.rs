//! The `wolfjudge` command line: play a script, simulate a game, run the worker, bench.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use wolfjudge::i18n::Lang;
use wolfjudge::{bench, script, sim, store, tournament};

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
        /// Simulated M32 games of 12 players, all at once.
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
        /// Long idle games played to day 9 for the day-1 against day-8 latency (0: none).
        #[arg(long, default_value_t = 10)]
        long_games: usize,
        /// The first game's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play a whole game with simulated players and print it as the players would see it.
    Simulate {
        #[arg(long, value_enum, default_value = "m32")]
        ruleset: RulesetArg,
        /// Seed for the deal and every random choice (of the game and of the simulated players).
        #[arg(long, default_value_t = 1)]
        seed: u64,
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

/// Plays a simulated game's inputs through PostgreSQL: every command through the store's
/// transaction, every deadline through the worker; checks the stored game is the same.
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
        store::play::replay_inputs(&st, id, &out.inputs, "simulate")
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
    })
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
                println!("{fired}");
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
        Cmd::Bench {
            games,
            concurrency,
            database_url: url,
            json,
            with_pgbench,
            long_games,
            seed,
        } => {
            let opts = bench::Options {
                games,
                concurrency,
                seed,
                long_games,
                with_pgbench,
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
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("wolfjudge: cannot read {}: {e}", file.display());
                    return ExitCode::from(2);
                }
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
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("wolfjudge: cannot read {}: {e}", file.display());
                    return ExitCode::from(2);
                }
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
            players,
            lang,
            database_url: url,
        } => {
            let name = match ruleset {
                RulesetArg::M32 => "m32",
                RulesetArg::Mafia => "mafia",
            };
            match sim::simulate(name, seed, players, lang.into()) {
                Ok(out) => {
                    if let Some(url) = url {
                        if let Err(e) = simulate_db(&out, &database_url(Some(url)), lang.into()) {
                            eprintln!("wolfjudge: {e}");
                            return ExitCode::FAILURE;
                        }
                    }
                    let mut stdout = std::io::stdout().lock();
                    // A closed pipe (`| head`) is not an error worth a panic.
                    let _ = stdout.write_all(out.transcript.as_bytes());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("wolfjudge: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
