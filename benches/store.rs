//! Benchmark: simulated games replayed through PostgreSQL, command by command, as the bot
//! would run them. Writes `target/bench/store.json` and prints a summary.
//!
//! Run: `cargo bench --bench store` (PostgreSQL at `$DATABASE_URL`; a scratch database
//! `wolfjudge_bench` is created there and dropped afterwards).

use std::time::{Duration, Instant};
use wolfjudge::store::ids::GameId;

use sqlx::Connection;
use wolfjudge::engine::Action;
use wolfjudge::i18n::Lang;
use wolfjudge::runtime::deadlines::replay_inputs;
use wolfjudge::sim;
use wolfjudge::store::{self, Store};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let base =
        std::env::var("DATABASE_URL").unwrap_or_else(|_| store::DEFAULT_DATABASE_URL.to_string());
    let mut admin = sqlx::PgConnection::connect(&base).await?;
    sqlx::query("DROP DATABASE IF EXISTS wolfjudge_bench WITH (FORCE)")
        .execute(&mut admin)
        .await?;
    sqlx::query("CREATE DATABASE wolfjudge_bench")
        .execute(&mut admin)
        .await?;
    let url = store::url_for_database(&base, "wolfjudge_bench");
    let st = Store::new(store::connect(&url).await?);

    let mut commands: Vec<Duration> = Vec::new();
    let mut ticks: Vec<Duration> = Vec::new();
    let mut games = 0;
    let started = Instant::now();
    for (ruleset, seeds) in [("m32", 1..=5u64), ("mafia", 1..=5u64)] {
        for seed in seeds {
            let sim = sim::simulate(ruleset, seed, None, Lang::Zh)?;
            let id = st
                .create_game(&format!("bench-{ruleset}-{seed}"), &sim.setup, Lang::Zh)
                .await?;
            let lat = replay_inputs(&st, GameId(id), &sim.inputs, "bench").await?;
            for ((_, cmd), d) in sim.inputs.iter().zip(lat) {
                if cmd.action == Action::Tick {
                    ticks.push(d);
                } else {
                    commands.push(d);
                }
            }
            let stored = st.events(GameId(id)).await?;
            assert_eq!(
                stored, sim.events,
                "{ruleset} seed {seed}: the stored game differs"
            );
            games += 1;
        }
    }
    let wall = started.elapsed();
    commands.sort();
    ticks.sort();
    let busy: Duration = commands.iter().sum();
    let report = serde_json::json!({
        "games": games,
        "commands": commands.len(),
        "commands_per_second": commands.len() as f64 / busy.as_secs_f64(),
        "command_p50_ms": ms(percentile(&commands, 0.50)),
        "command_p99_ms": ms(percentile(&commands, 0.99)),
        "command_max_ms": ms(commands.last().copied().unwrap_or_default()),
        "ticks": ticks.len(),
        "tick_p50_ms": ms(percentile(&ticks, 0.50)),
        "tick_p99_ms": ms(percentile(&ticks, 0.99)),
        "wall_seconds": wall.as_secs_f64(),
    });
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(
        dir.join("store.json"),
        serde_json::to_string_pretty(&report)?,
    )?;
    println!("{}", serde_json::to_string_pretty(&report)?);
    drop(st);
    sqlx::query("DROP DATABASE IF EXISTS wolfjudge_bench WITH (FORCE)")
        .execute(&mut admin)
        .await?;
    Ok(())
}
