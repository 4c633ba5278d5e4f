//! The integration tests, one binary: each module is one group of tests (a file beside this
//! one). One binary links the crate once instead of nine times (see `autotests` in
//! Cargo.toml); run one group with `cargo test --test it discord::`.

#[path = "common/mod.rs"]
mod common;

#[path = "bench_active.rs"]
mod bench_active;
#[path = "browser.rs"]
mod browser;
#[path = "charts.rs"]
mod charts;
#[path = "cli.rs"]
mod cli;
#[path = "deadlines.rs"]
mod deadlines;
#[path = "discord.rs"]
mod discord;
#[path = "discord_boards.rs"]
mod discord_boards;
#[path = "discord_camps.rs"]
mod discord_camps;
#[path = "discord_charts.rs"]
mod discord_charts;
#[path = "discord_failures.rs"]
mod discord_failures;
#[path = "discord_flood.rs"]
mod discord_flood;
#[path = "discord_forum_failures.rs"]
mod discord_forum_failures;
#[path = "discord_help.rs"]
mod discord_help;
#[path = "discord_limits.rs"]
mod discord_limits;
#[path = "discord_mafia.rs"]
mod discord_mafia;
#[path = "discord_moderation.rs"]
mod discord_moderation;
#[path = "discord_records.rs"]
mod discord_records;
#[path = "discord_sanctions.rs"]
mod discord_sanctions;
#[path = "discord_signups.rs"]
mod discord_signups;
#[path = "discord_tournament.rs"]
mod discord_tournament;
#[path = "discord_uno.rs"]
mod discord_uno;
#[path = "discord_warn.rs"]
mod discord_warn;
#[path = "export.rs"]
mod export;
#[path = "hostile.rs"]
mod hostile;
#[path = "layering.rs"]
mod layering;
#[path = "logs.rs"]
mod logs;
#[path = "outage.rs"]
mod outage;
#[path = "properties.rs"]
mod properties;
#[path = "retention.rs"]
mod retention;
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
#[path = "tally.rs"]
mod tally;
#[path = "tournament.rs"]
mod tournament;
#[path = "web.rs"]
mod web;
#[path = "web_browser.rs"]
mod web_browser;
#[path = "web_secrecy.rs"]
mod web_secrecy;
