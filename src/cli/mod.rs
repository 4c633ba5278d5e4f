//! The `wolfjudge` command line: its arguments ([`Cli`]), and one module per subcommand,
//! each with its arguments and an `async fn run` returning `anyhow::Result<()>`. [`main`]
//! sets up logging (to standard error) and one async runtime for every subcommand, runs
//! it, and turns its result into the exit code ([`out::finish`]).

mod bench;
mod db;
mod export;
mod migrate;
mod out;
mod prune;
mod run;
mod script;
mod simulate;
mod standings;
mod verify;
mod web;
mod worker;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use wolfjudge::i18n::Lang;

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
    /// Traditional Chinese (Taiwan).
    #[value(name = "zh-TW", alias = "zh-tw")]
    ZhTw,
    En,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Zh => Lang::Zh,
            LangArg::ZhTw => Lang::ZhTw,
            LangArg::En => Lang::En,
        }
    }
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a game script (see docs/script-format.md) and print its JSON report. With
    /// --database-url, play it through PostgreSQL instead of in memory.
    Script(script::Args),
    /// Write a stored game as a game script (docs/script-format.md): to stdout, or with
    /// --out to FILE and its report (what `wolfjudge script FILE` prints) to FILE's name with
    /// `.report.json` in place of `.json`. Exits 1 when the replay does not give the stored
    /// game.
    Export(export::Args),
    /// Check an exported game against the commitment published at its start: the seed's
    /// SHA-256 (of an integer `seed`'s 8 little-endian bytes, or of a `seed256`'s 32 bytes)
    /// must equal COMMITMENT; then replay the game and print the deal the seed gives. Exits
    /// 1 when they differ, 2 for an unreadable file.
    Verify(verify::Args),
    /// Print a tournament's standings table and write its points chart as a PNG.
    Standings(standings::Args),
    /// Apply the database migrations.
    Migrate(migrate::Args),
    /// Fire due deadlines and deliver the outbox. With --until, on a virtual clock: fire
    /// everything due by then and exit; without it, on the real clock until stopped.
    Worker(worker::Args),
    /// Play many simulated games at once through PostgreSQL and print what it measured
    /// (works in a scratch database on that server, dropped at the end).
    Bench(bench::Args),
    /// Run the Discord bot: the gateway, the slash commands, and the deadline and outbox
    /// worker. Needs DISCORD_TOKEN in the environment.
    Run(run::Args),
    /// Play a whole game with simulated players and print it as the players would see it.
    /// With --database-url, also play it through PostgreSQL, leaving it there, replayable.
    Simulate(simulate::Args),
    /// Remove what no game needs any more: delivered messages and ended games' fired
    /// deadlines older than --older-than, and every snapshot but each game's latest. The
    /// events and the command log stay (export, verify and replay read them).
    Prune(prune::Args),
    /// Serve the game pages alone (no Discord): each game's page, a server's page, read
    /// from the database; the address is the configuration's `[web] bind`.
    Web(web::Args),
}

/// Parses the arguments and runs the subcommand.
pub fn main() -> ExitCode {
    let cmd = Cli::parse().command;
    // Logs go to standard error, so that standard output is only what the command prints.
    // The long-running commands say what they do; the one-shot ones only warnings. sqlx's
    // own lines about each connection a database restart cuts (the server's notice, the
    // failed ping of a connection given back, which sqlx logs as a warning) are left out:
    // the tasks say once that they fail and once that they recovered (`runtime::outage`).
    let default_filter = match cmd {
        Cmd::Run(_) | Cmd::Worker(_) | Cmd::Web(_) => {
            "info,serenity=warn,sqlx::postgres::notice=error,sqlx_core::pool=error"
        }
        _ => "warn",
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| default_filter.into()),
        )
        .init();
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("wolfjudge: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    out::finish(rt.block_on(async {
        match cmd {
            Cmd::Script(a) => script::run(a).await,
            Cmd::Export(a) => export::run(a).await,
            Cmd::Verify(a) => verify::run(a),
            Cmd::Standings(a) => standings::run(a).await,
            Cmd::Migrate(a) => migrate::run(a).await,
            Cmd::Worker(a) => worker::run(a).await,
            Cmd::Bench(a) => bench::run(a).await,
            Cmd::Run(a) => run::run(a).await,
            Cmd::Simulate(a) => simulate::run(a).await,
            Cmd::Prune(a) => prune::run(a).await,
            Cmd::Web(a) => web::run(a).await,
        }
    }))
}

/// The service `wolfjudge run` and `wolfjudge web` serve: the configured rulesets and pages,
/// on the real clock, over `pool`.
fn live_service(
    cfg: &wolfjudge::discord::config::Config,
    pool: sqlx::PgPool,
) -> wolfjudge::service::Service {
    wolfjudge::service::Service::new(
        wolfjudge::store::Store::new(pool),
        std::sync::Arc::new(wolfjudge::service::clock::SystemClock),
        cfg.rulesets.clone(),
        None,
    )
    .with_web(cfg.web.clone())
}
