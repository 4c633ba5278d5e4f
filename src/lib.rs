//! wolfjudge: a judge for asynchronous forum-style werewolf (版杀) and Mafia games.
//!
//! - [`bench`]: many simulated games at once through the store, measured.
//! - [`chart`]: pictures of a game for its reveal (each vote, the timeline), as PNG (pure).
//! - [`discord`]: the Discord bot (serenity and poise): commands, buttons, the messenger.
//! - [`engine`]: the pure rules engine (no I/O, no clock, no RNG reads).
//! - [`script`]: game scripts replayed on a virtual clock, and their reports.
//! - [`service`]: what a user can do (sign up, vote, act, judge), over the store.
//! - [`i18n`]: message catalogs (zh-CN, en) that turn events and refusals into text.
//! - [`notify`]: what each audience is told of an event, with its menus and buttons (pure).
//! - [`sim`]: a whole game played by random simulated players.
//! - [`store`]: games in PostgreSQL (event log, outbox, deadlines, idempotent commands).
//! - [`tournament`]: series of games scored by role, standings, awards and a chart.

pub mod bench;
pub mod chart;
pub mod discord;
pub mod engine;
pub mod i18n;
pub mod notify;
pub mod script;
pub mod service;
pub mod sim;
pub mod store;
pub mod tournament;
