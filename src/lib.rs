//! wolfjudge: a judge for asynchronous forum-style werewolf (版杀) and Mafia games.
//!
//! The application over the floors in `crates/` (docs/architecture.md): the command line
//! (`src/main.rs`, [`cli`] in the binary), the simulator and the benchmarks. Each floor is
//! re-exported under its short name, so the integration tests and the benches read
//! `wolfjudge::engine`, `wolfjudge::store`, … as one product.
//!
//! - [`bench`]: many simulated games at once through the store, measured.
//! - [`chart`]: pictures of a game for its reveal (each vote, the timeline), as PNG (pure).
//! - [`discord`]: the Discord bot (serenity and poise): commands, buttons, the messenger.
//! - [`engine`]: the pure rules engine (no I/O, no clock, no RNG reads).
//! - [`recorder`]: a messenger to a file, for tests, the simulator and the worker.
//! - [`runtime`]: the long-running loops: delivery, deadline firing, outages, retention.
//! - [`script`]: game scripts replayed on a virtual clock, and their reports.
//! - [`service`]: what a user can do (sign up, vote, act, judge), over the store.
//! - [`i18n`]: message catalogs (zh-CN, zh-TW, en) that turn events and refusals into text.
//! - [`notify`]: what each audience is told of an event, with its menus and buttons (pure).
//! - [`sim`]: a whole game played by random simulated players.
//! - [`store`]: games in PostgreSQL (event log, outbox, deadlines, idempotent commands).
//! - [`uno`]: UNO's rules as a pure fold, its scripts and a simulated player.
//! - [`tournament`]: series of games scored by role, standings, awards and a chart.
//! - [`web`]: every game on the web: its page, live and after the end, read-only.

pub mod bench;
pub mod recorder;
pub mod sim;

pub use chart;
pub use discord;
pub use engine;
pub use i18n;
pub use notify;
pub use runtime;
pub use script;
pub use service;
pub use store;
pub use tournament;
pub use uno;
pub use web;
