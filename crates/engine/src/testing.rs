//! What the engine's tests share: a game with a fixed deal, run by the clock to a phase.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, TimeZone, Utc};

use super::{apply, create, handle, Command, Game, Phase, Role, Ruleset, Setup};

/// A game of `ruleset` dealt `roles` in order (characters A, B, …), at its start; with the
/// start.
pub(crate) fn dealt(ruleset: &str, roles: &[Role]) -> (Game, DateTime<Utc>) {
    let rs = Ruleset::builtin(ruleset, &BTreeMap::new()).expect("the ruleset loads");
    let names: Vec<String> = ('A'..='Z').take(roles.len()).map(String::from).collect();
    let start = Utc
        .with_ymd_and_hms(2026, 12, 1, 12, 0, 0)
        .single()
        .expect("a time");
    let setup = Setup {
        ruleset: rs,
        seed: super::rng::Seed::U64(1),
        start,
        characters: names.clone(),
        roles: Some(names.iter().cloned().zip(roles.iter().copied()).collect()),
        forbidden_first_kill: None,
        players: None,
    };
    (Game::replay(&create(&setup).expect("the deal fits")), start)
}

/// [`dealt`], its clock then ticked ten minutes at a time until `reached` holds of its phase
/// (`what`: the assertion's message if that takes three days); with the time it got there.
pub(crate) fn dealt_until(
    ruleset: &str,
    roles: &[Role],
    reached: impl Fn(Phase) -> bool,
    what: &str,
) -> (Game, DateTime<Utc>) {
    let (mut g, start) = dealt(ruleset, roles);
    let mut at = start;
    while !reached(g.phase) {
        at += Duration::minutes(10);
        for e in handle(&g, &Command::tick(), at).expect("a tick") {
            apply(&mut g, &e);
        }
        assert!(at < start + Duration::days(3), "{what}");
    }
    (g, at)
}
