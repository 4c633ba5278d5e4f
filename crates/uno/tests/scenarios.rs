//! Replays every `tests/scenarios/uno/*.json` UNO script and checks its report against the
//! hand-written `*.expect.json` beside it: `{"rule": "…", "report": {…}}`, where only the
//! report's top-level keys written are checked, and of each entry of `steps` only the keys
//! written (usually `ok` and `error`); everything else must be equal exactly.

use std::path::{Path, PathBuf};

use serde_json::Value;
use uno::script::{self, Script};
use uno::Refusal;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios/uno")
}

fn scenario_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/scenarios/uno exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p.to_string_lossy().ends_with(".expect.json")
        })
        .collect();
    files.sort();
    files
}

/// The tests' stand-in for the catalogs' wording: the code and its arguments.
fn message(r: &Refusal) -> String {
    serde_json::to_string(r).unwrap_or_else(|_| r.code().to_string())
}

fn keys_subset(path: &str) -> bool {
    path.is_empty() || (path.starts_with(".steps[") && !path[1..].contains('.'))
}

fn diff(path: &str, expected: &Value, actual: &Value, out: &mut Vec<String>) {
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
        _ if expected == actual => {}
        _ => out.push(format!("{path}: expected {expected}, got {actual}")),
    }
}

fn check(script_path: &Path) -> Result<(), Vec<String>> {
    let text = std::fs::read_to_string(script_path).map_err(|e| vec![e.to_string()])?;
    let expect_path = script_path.with_extension("expect.json");
    let expect: Value = std::fs::read_to_string(&expect_path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
        .map_err(|e| vec![format!("{}: {e}", expect_path.display())])?;
    if expect["rule"].as_str().is_none_or(str::is_empty) {
        return Err(vec!["the expectation names no rule".into()]);
    }
    let script = Script::parse(&text).map_err(|e| vec![format!("script refused: {e}")])?;
    let run = script::run(&script, &message).map_err(|e| vec![format!("script refused: {e}")])?;
    let actual = serde_json::to_value(&run.report).map_err(|e| vec![e.to_string()])?;
    let mut out = Vec::new();
    diff("", &expect["report"], &actual, &mut out);
    if out.is_empty() {
        Ok(())
    } else {
        Err(out)
    }
}

#[test]
fn every_uno_scenario_gives_its_expected_report() {
    let files = scenario_files();
    assert!(files.len() >= 25, "scenarios are missing: {}", files.len());
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

/// Every refusal code of the contract is shown by at least one scenario.
#[test]
fn every_refusal_code_has_a_scenario() {
    let mut seen = std::collections::BTreeSet::new();
    for f in scenario_files() {
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
fn every_scenario_is_a_whole_deck_and_its_game_survives_a_snapshot() {
    for f in scenario_files() {
        let text = std::fs::read_to_string(&f).expect("readable");
        let script = Script::parse(&text).expect("valid");
        if let Some(deck) = &script.setup.deck {
            assert_eq!(deck.len(), 108, "{}", f.display());
        }
        let run = script::run(&script, &message).expect("runs");
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
