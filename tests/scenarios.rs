//! Replays every game script under `tests/scenarios/` (werewolf and Mafia, and UNO's in
//! `tests/scenarios/uno/`) and checks its report against the hand-written `*.expect.json`
//! beside it (matching rules in `tests/scenarios/README.md`). One runner for every game:
//! the script's `ruleset` says which engine plays it.

use std::path::Path;

use serde_json::Value;
use wolfjudge::i18n::Lang;
use wolfjudge::script::{self, Script};
use wolfjudge::uno;

use crate::common::{scenario_files, uno_scenario_files};

/// Whether only the keys written in the expectation are checked at `path`: the report's
/// top level and each entry of `steps`.
fn keys_subset(path: &str) -> bool {
    path.is_empty() || (path.starts_with(".steps[") && !path[1..].contains('.'))
}

/// Collects where `actual` differs from `expected` (nothing collected: it matches).
fn diff(path: &str, expected: &Value, actual: &Value, out: &mut Vec<String>) {
    if let Some(options) = expected
        .as_object()
        .filter(|o| o.len() == 1)
        .and_then(|o| o.get("$any_of"))
        .and_then(Value::as_array)
    {
        let fits = |o: &Value| {
            let mut d = Vec::new();
            diff(path, o, actual, &mut d);
            d.is_empty()
        };
        if !options.iter().any(fits) {
            out.push(format!("{path}: {actual} is none of {options:?}"));
        }
        return;
    }
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                match a.get(k) {
                    Some(av) => diff(&format!("{path}.{k}"), ev, av, out),
                    None => out.push(format!("{path}.{k}: missing")),
                }
            }
            if !keys_subset(path) {
                for k in a.keys().filter(|k| !e.contains_key(*k)) {
                    out.push(format!("{path}.{k}: unexpected {}", a[k]));
                }
            }
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                out.push(format!(
                    "{path}: expected {} entries, got {}: {actual}",
                    e.len(),
                    a.len()
                ));
                return;
            }
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                diff(&format!("{path}[{i}]"), ev, av, out);
            }
        }
        (Value::Number(e), Value::Number(a)) if e.as_f64() == a.as_f64() => {}
        _ if expected == actual => {}
        _ => out.push(format!("{path}: expected {expected}, got {actual}")),
    }
}

/// Runs one scenario; `Err` lists what differs.
fn check(script_path: &Path) -> Result<(), Vec<String>> {
    let text = std::fs::read_to_string(script_path).map_err(|e| vec![e.to_string()])?;
    let expect_path = script_path.with_extension("expect.json");
    let expect: Value = serde_json::from_str(
        &std::fs::read_to_string(&expect_path)
            .map_err(|e| vec![format!("{}: {e}", expect_path.display())])?,
    )
    .map_err(|e| vec![format!("{}: {e}", expect_path.display())])?;
    let refused = |e: &dyn std::fmt::Display| vec![format!("script refused: {e}")];
    let actual = if script_path.parent().is_some_and(|d| d.ends_with("uno")) {
        if expect["rule"].as_str().is_none_or(str::is_empty) {
            return Err(vec![
                "the expectation names no rule (docs/rules.md §5)".into()
            ]);
        }
        let script = uno::script::Script::parse(&text).map_err(|e| refused(&e))?;
        let word = |r: &uno::refusal::Refusal| wolfjudge::i18n::uno::refusal(r, Lang::En);
        let run = uno::script::run(&script, &word).map_err(|e| refused(&e))?;
        serde_json::to_value(&run.report)
    } else {
        let script = Script::parse(&text).map_err(|e| refused(&e))?;
        let run = script::run(&script, Lang::En).map_err(|e| refused(&e))?;
        serde_json::to_value(&run.report)
    }
    .map_err(|e| vec![e.to_string()])?;
    let mut out = Vec::new();
    diff("", &expect["report"], &actual, &mut out);
    if out.is_empty() {
        Ok(())
    } else {
        Err(out)
    }
}

#[test]
fn every_scenario_gives_its_expected_report() {
    let (games, cards) = (scenario_files(), uno_scenario_files());
    assert!(games.len() >= 20, "scenarios are missing: {}", games.len());
    assert!(
        cards.len() >= 25,
        "UNO scenarios are missing: {}",
        cards.len()
    );
    let files: Vec<_> = games.into_iter().chain(cards).collect();
    let mut failures = Vec::new();
    for f in &files {
        if let Err(lines) = check(f) {
            failures.push(format!(
                "{}:\n  {}",
                f.file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default(),
                lines.join("\n  ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios differ:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// The store snapshots games as JSON: every state a scenario passes through must come back
/// from JSON exactly as it was (a snapshot must never change a game).
#[test]
fn every_state_survives_a_snapshot() {
    for f in scenario_files() {
        let text = std::fs::read_to_string(&f).expect("readable");
        let script = Script::parse(&text).expect("valid");
        let run = script::run(&script, Lang::En).expect("plays");
        let mut game = wolfjudge::engine::Game::default();
        for (i, e) in run.events.iter().enumerate() {
            wolfjudge::engine::apply(&mut game, e);
            let json = serde_json::to_string(&game).expect("serializes");
            let back: wolfjudge::engine::Game = serde_json::from_str(&json).expect("deserializes");
            assert_eq!(
                back,
                game,
                "{}: state after event {i} changes in a snapshot",
                f.display()
            );
        }
    }
}

/// The reveal lets anyone check a random hand-over: with the revealed seed, draw `i` is
/// stream `i` of ChaCha20 seeded with it, choosing among the eligible characters by seat.
/// Recomputed here with rand_chacha directly, not through the engine.
#[test]
fn a_random_badge_successor_can_be_checked_from_the_revealed_seed() {
    use rand::{Rng, SeedableRng};
    use sha2::{Digest, Sha256};
    use wolfjudge::engine::{EventKind, Game};

    let script = crate::common::scenario("m32_sheriff_badge_random");
    let mut steps = script.steps.clone();
    // End the game so that the reveal is published.
    steps.push(wolfjudge::script::Step::Do {
        by: wolfjudge::script::By::Judge,
        act: wolfjudge::script::Act::End { winner: None },
    });
    let script = Script { steps, ..script };
    let run = script::run(&script, Lang::En).expect("plays");
    let (seed, commitment) = run
        .events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Revealed {
                seed, commitment, ..
            } => Some((seed.as_u64().expect("a script's seed"), commitment.clone())),
            _ => None,
        })
        .expect("the reveal is published");
    assert_eq!(hex::encode(Sha256::digest(seed.to_le_bytes())), commitment);
    let mut game = Game::default();
    let mut checked = 0;
    for e in &run.events {
        if let EventKind::BadgePassed {
            to, draw: Some(i), ..
        } = &e.kind
        {
            let eligible = game.living();
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
            rng.set_stream(*i);
            assert_eq!(eligible[rng.gen_range(0..eligible.len())], *to, "draw {i}");
            checked += 1;
        }
        wolfjudge::engine::apply(&mut game, e);
    }
    assert!(checked > 0, "the scenario hands the badge on at random");
}

/// Every refusal code of the UNO contract (docs/script-format.md) is shown by at least one scenario.
#[test]
fn every_uno_refusal_code_has_a_scenario() {
    let mut seen = std::collections::BTreeSet::new();
    for f in uno_scenario_files() {
        let text = std::fs::read_to_string(f.with_extension("expect.json")).expect("readable");
        let v: Value = serde_json::from_str(&text).expect("JSON");
        for s in v["report"]["steps"].as_array().into_iter().flatten() {
            if let Some(e) = s["error"].as_str() {
                seen.insert(e.to_string());
            }
        }
    }
    for code in [
        "not_your_turn",
        "card_not_in_hand",
        "card_not_playable",
        "last_card_not_allowed",
        "color_required",
        "has_playable_card",
        "nothing_to_catch",
        "game_over",
        "paused",
    ] {
        assert!(seen.contains(code), "no scenario shows `{code}`");
    }
}

/// Every scenario's deck is the whole 108 cards (the contract), and its state after each
/// step comes back from JSON as it was.
#[test]
fn every_uno_scenario_is_a_whole_deck_and_its_game_survives_a_snapshot() {
    for f in uno_scenario_files() {
        let text = std::fs::read_to_string(&f).expect("readable");
        let script = uno::script::Script::parse(&text).expect("valid");
        if let Some(deck) = &script.setup.deck {
            assert_eq!(deck.len(), 108, "{}", f.display());
        }
        let word = |r: &uno::refusal::Refusal| r.code().to_string();
        let run = uno::script::run(&script, &word).expect("runs");
        let json = serde_json::to_string(&run.game).expect("serializes");
        let back: uno::Game = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, run.game, "{}", f.display());
        assert_eq!(
            uno::Game::from_events(&run.events),
            run.game,
            "{}",
            f.display()
        );
    }
}
