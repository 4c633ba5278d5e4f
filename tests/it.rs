//! The integration tests, one binary: each module is one group of tests (a file beside this
//! one). One binary links the crate once instead of nine times (see `autotests` in
//! Cargo.toml); run one group with `cargo test --test it discord::`.

#[path = "common/mod.rs"]
mod common;

#[path = "bench_active.rs"]
mod bench_active;
#[path = "cli.rs"]
mod cli;
#[path = "discord.rs"]
mod discord;
#[path = "discord_boards.rs"]
mod discord_boards;
#[path = "discord_limits.rs"]
mod discord_limits;
#[path = "discord_signups.rs"]
mod discord_signups;
#[path = "discord_tournament.rs"]
mod discord_tournament;
#[path = "export.rs"]
mod export;
#[path = "hostile.rs"]
mod hostile;
#[path = "layering.rs"]
mod layering;
#[path = "outage.rs"]
mod outage;
#[path = "properties.rs"]
mod properties;
#[path = "roundtrips.rs"]
mod roundtrips;
#[path = "scenarios.rs"]
mod scenarios;
#[path = "secure.rs"]
mod secure;
#[path = "simulate.rs"]
mod simulate;
#[path = "store.rs"]
mod store;
#[path = "tournament.rs"]
mod tournament;
