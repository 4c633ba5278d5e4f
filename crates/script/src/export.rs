//! A game as a game script (`docs/script-format.md`) plus the report that script gives, so
//! any game can be replayed with `wolfjudge script` and its deal checked with
//! `wolfjudge verify`. Pure: whoever keeps the game (the store, through the service) hands
//! over its events and its command log.
//!
//! The script comes from the game's `Created` event (ruleset name, the options that differ
//! from the built-in ruleset, seed, start, characters; `roles` only when they were fixed
//! rather than dealt by the seed, so a replay re-derives a seeded deal) and from the command
//! log (every command, accepted or refused, in arrival order), with `{"wait": …}` steps for
//! the time between commands. Deadlines are not commands: they fire during the waits, as
//! they fired in the game, and a last wait reaches the game's latest event. The replay is
//! then compared with the kept game ([`export`]).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{json, Map, Value};

use super::{By, Report, Script, Step, StepResult};
use engine::rng::Seed;
use engine::ruleset::Span;
use engine::{Action, Actor, CharId, Command, Event, EventKind, Game, Ruleset};
use i18n::Lang;

/// A game written as a script, the report that script gives, and whether it replays to the
/// kept game.
#[derive(Debug, Clone)]
pub struct Export {
    /// The game script (script-format.md, with the extensions listed in docs/decisions.md).
    pub script: ScriptFile,
    /// What `wolfjudge script` prints for `script` (refusals in the game's language).
    pub report: Report,
    /// The report fields on which the replay and the kept game disagree (empty: the
    /// replay gives the kept game, refusals included).
    pub mismatches: Vec<String>,
}

/// A game script as written, its fields in the order of script-format.md.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScriptFile {
    pub ruleset: String,
    /// The contract's integer seed: a 64-bit seed, or 0 when `seed256` gives the seed.
    pub seed: u64,
    /// A real game's 256-bit seed as 64 hex digits (an addition to the contract,
    /// docs/script-format.md); absent for a 64-bit seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed256: Option<String>,
    /// RFC 3339, to the nanosecond.
    pub start: String,
    pub characters: Vec<String>,
    /// Only for a fixed deal: a seeded deal is re-derived from the seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roles: Option<BTreeMap<String, String>>,
    /// The options that differ from the built-in ruleset.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub options: Map<String, Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forbidden_first_kill: Option<String>,
    /// Each step as JSON (an object's keys in alphabetical order).
    pub steps: Vec<Value>,
}

/// One command of a game's log, with what came of it.
#[derive(Debug, Clone)]
pub struct Logged {
    pub at: DateTime<Utc>,
    pub command: Command,
    /// Accepted (`ok`), or refused with the code and message the game gave.
    pub result: StepResult,
}

/// Exports the game kept as `stored` (its `events`, its command `log`) as a script plus its
/// report, refusals worded in `lang`, and replays it against `stored`.
///
/// # Errors
/// A message when the game cannot be written as a script: its log does not begin with its
/// creation, or its ruleset is not a built-in one with option overrides.
pub fn export(
    stored: &Game,
    lang: Lang,
    events: &[Event],
    log: &[Logged],
) -> Result<Export, String> {
    let written = script_of(events, log)?;
    let text = serde_json::to_string(&written).map_err(|e| e.to_string())?;
    let parsed = Script::parse(&text).map_err(|e| e.to_string())?;
    if parsed.ruleset != *stored.ruleset() {
        return Err(format!(
            "ruleset `{}` differs from the built-in one beyond its options",
            stored.ruleset().name
        ));
    }
    let run = super::run(&parsed, lang).map_err(|e| e.to_string())?;
    // What the kept game says: its state, and each command's recorded result.
    let mut results = log
        .iter()
        .filter(|l| is_step(&l.command))
        .map(|l| &l.result);
    let ok = StepResult {
        ok: true,
        error: None,
        message: None,
    };
    let steps = parsed
        .steps
        .iter()
        .map(|s| match s {
            Step::Do { .. } => results.next().cloned().unwrap_or_else(|| ok.clone()),
            Step::WaitFor(_) | Step::WaitUntil(_) => ok.clone(),
        })
        .collect();
    let report = |r: &Report| serde_json::to_value(r).map_err(|e| e.to_string());
    let expected = report(&Report::of(stored, steps))?;
    let mismatches = match (&report(&run.report)?, &expected) {
        (Value::Object(got), Value::Object(want)) => want
            .iter()
            .filter(|(k, v)| got.get(*k) != Some(*v))
            .map(|(k, _)| k.clone())
            .collect(),
        _ => vec!["report".into()],
    };
    Ok(Export {
        script: written,
        report: run.report,
        mismatches,
    })
}

/// Whether a logged command is a script step (the clock's ticks are not).
fn is_step(cmd: &Command) -> bool {
    cmd.actor != Actor::Clock && cmd.action != Action::Tick
}

/// Whole seconds from `start` to `at` (0 before the start). Deadlines set at the start or by
/// other deadlines are `start` plus whole seconds and the rules compare times with `>=`, so a
/// command keeps its place relative to them; one opened by a player's action carries that
/// action's fraction of a second (docs/decisions.md, "Game scripts and export" 4).
fn secs_since(start: DateTime<Utc>, at: DateTime<Utc>) -> i64 {
    (at - start).num_seconds().max(0)
}

/// `{"wait": …}` steps for `secs` seconds (split at the longest span a step may wait).
fn push_wait(steps: &mut Vec<Value>, mut secs: i64) {
    while secs > 0 {
        let chunk = secs.min(Span::MAX.0);
        steps.push(json!({"wait": Span(chunk)}));
        secs -= chunk;
    }
}

/// The options of `rs` that differ from its built-in ruleset, by their TOML names.
fn option_overrides(rs: &Ruleset) -> Result<Map<String, Value>, String> {
    let base = Ruleset::builtin(&rs.name, &Default::default()).map_err(|e| e.to_string())?;
    let (Value::Object(ours), Value::Object(theirs)) = (
        serde_json::to_value(&rs.options).map_err(|e| e.to_string())?,
        serde_json::to_value(&base.options).map_err(|e| e.to_string())?,
    ) else {
        return Err("options are not a table".into());
    };
    Ok(ours
        .into_iter()
        .filter(|(k, v)| theirs.get(k) != Some(v))
        .collect())
}

/// The script of a game: its creation from `events`, its commands from `log`.
///
/// # Errors
/// A message when the log does not begin with the game's creation or the ruleset is not a
/// built-in one.
pub fn script_of(events: &[Event], log: &[Logged]) -> Result<ScriptFile, String> {
    let Some(EventKind::Created {
        ruleset,
        seed,
        start,
        characters,
        forbidden_first_kill,
        // Accounts are not part of a script: its characters are their own players.
        ..
    }) = events.first().map(|e| &e.kind)
    else {
        return Err("the game's log does not begin with its creation".into());
    };
    let start = *start;
    let name = |c: CharId| {
        characters
            .get(c.idx())
            .cloned()
            // The name the engine gives a seat that does not exist, so the refusal reads the same.
            .unwrap_or_else(|| format!("#{}", c.0))
    };
    let roles = events.iter().find_map(|e| match &e.kind {
        EventKind::RolesDealt { roles, by_seed } if !by_seed => Some(
            characters
                .iter()
                .zip(roles)
                .map(|(c, r)| (c.clone(), r.key().to_string()))
                .collect(),
        ),
        _ => None,
    });
    let mut steps = Vec::new();
    // The replay's clock, in seconds since the start, and the pause in force (its time on
    // the replay's clock and in the game).
    let mut clock = 0;
    let mut paused: Option<(i64, DateTime<Utc>)> = None;
    for l in log {
        if !is_step(&l.command) {
            continue;
        }
        let step = step_of(&l.command, &name)?;
        let mut t = secs_since(start, l.at);
        if let (Action::Resume, Some((at, since))) = (&l.command.action, paused) {
            // Deadlines move by the whole seconds paused: keep that count exact.
            t = at + (l.at - since).num_seconds().max(0);
        }
        let t = t.max(clock);
        push_wait(&mut steps, t - clock);
        clock = t;
        if l.result.ok {
            match l.command.action {
                Action::Pause => paused = Some((clock, l.at)),
                Action::Resume => paused = None,
                _ => {}
            }
        }
        steps.push(step);
    }
    if let Some(last) = events.iter().map(|e| e.at).max() {
        push_wait(&mut steps, secs_since(start, last) - clock);
    }
    Ok(ScriptFile {
        ruleset: ruleset.name.clone(),
        seed: seed.as_u64().unwrap_or(0),
        seed256: match seed {
            Seed::U64(_) => None,
            Seed::Bytes(b) => Some(hex::encode(b)),
        },
        start: start.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true),
        characters: characters.clone(),
        roles,
        options: option_overrides(ruleset)?,
        forbidden_first_kill: forbidden_first_kill.clone(),
        steps,
    })
}

/// A command as a script step (see [`is_step`]): characters by name, the judge as `judge`.
fn step_of(cmd: &Command, name: &impl Fn(CharId) -> String) -> Result<Value, String> {
    let by = match cmd.actor {
        Actor::Character(c) => By::Character(name(c)),
        Actor::Judge | Actor::Clock => By::Judge,
    };
    let act = cmd.action.map(
        |c| Ok::<_, String>(name(*c)),
        // A length the rules refuse is written as `0m`, which they refuse the same way.
        |s| Span(if (1..=Span::MAX.0).contains(s) { *s } else { 0 }),
    )?;
    Step::Do { by, act }.to_json().map_err(|e| e.to_string())
}
