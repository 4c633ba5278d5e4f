//! The wording's tests, by subject (the catalogs' own are in `catalog.rs`), and what they
//! share: a dealt game, a time, and what every text must be.

use std::collections::BTreeMap;

use chrono::{DateTime, TimeZone, Utc};

use engine::ruleset::Ruleset;
use engine::{create, Event, EventKind, Game, Setup};

use crate::*;

mod catalogs;
mod events;
mod names;
mod refusals;
mod time;

const NAMES: [&str; 12] = [
    "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou",
];

/// A freshly dealt 12-character game of `ruleset` (m32 and mafia both seat 12).
fn game(ruleset: &str) -> Game {
    dealt(
        Ruleset::builtin(ruleset, &BTreeMap::new()).expect("ruleset"),
        None,
    )
}

/// A freshly dealt 12-character game of `ruleset`, its characters played by `players`
/// (`None`: by their names).
fn dealt(ruleset: Ruleset, players: Option<Vec<String>>) -> Game {
    let setup = Setup {
        ruleset,
        seed: engine::rng::Seed::U64(7),
        start: Utc.with_ymd_and_hms(2026, 12, 1, 20, 0, 0).unwrap(),
        characters: NAMES.iter().map(|s| s.to_string()).collect(),
        roles: None,
        forbidden_first_kill: None,
        players,
    };
    Game::replay(&create(&setup).expect("game"))
}

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 2, 20, 0, 0).unwrap()
}

fn ok(s: &str) {
    assert!(!s.trim().is_empty(), "empty text");
    assert!(!s.contains(MISSING_OPEN), "missing message in: {s}");
    assert!(
        !s.contains('\u{2068}') && !s.contains('\u{2069}'),
        "isolation marks: {s}"
    );
}

fn ev(kind: EventKind) -> Event {
    Event { at: at(), kind }
}
