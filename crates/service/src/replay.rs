//! Game scripts through the store, and games out of it as scripts.
//!
//! [`run_script`] plays a script with every step a command (or a deadline firing) in its own
//! transaction, recorded under the key `step-<n>`, so a run killed at any point and started
//! again with the same run key picks up where it stopped and ends with the same event log
//! and report as an uninterrupted run. [`run_tournament_script`] plays one as a
//! tournament's next game. [`export`] writes a kept game as a script (`script::export`) and
//! replays it against the game.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use store::ids::GameId;

use engine::{Event, Kind};
use i18n::Lang;
use runtime::dispatch::Messenger;
use script::export::{self as written, Export, Logged};
use script::{Refusal, Report, Script, ScriptError, Step, StepResult, Table};
use store::tournament::{StartedGame, TournamentError};
use store::{Outcome, Store, StoreError};

/// A script played through the database.
#[derive(Debug, Clone)]
pub struct DbRun {
    pub game_id: GameId,
    pub report: Report,
    pub events: Vec<Event>,
}

/// Why a script could not be played through the database.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// The tournament refused the game ([`run_tournament_script`]).
    #[error(transparent)]
    Tournament(#[from] TournamentError),
}

/// What a finished wait step left behind.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct WaitRecord {
    ok: bool,
    error: Option<String>,
    message: Option<String>,
    now: DateTime<Utc>,
}

impl WaitRecord {
    fn ok(now: DateTime<Utc>) -> WaitRecord {
        WaitRecord {
            ok: true,
            error: None,
            message: None,
            now,
        }
    }

    fn refused(r: &Refusal, game: &engine::Game, lang: Lang, now: DateTime<Utc>) -> Self {
        WaitRecord {
            ok: false,
            error: Some(r.code().into()),
            message: Some(r.message(game, lang)),
            now,
        }
    }
}

/// A command's outcome as a script step's result.
fn step_result(outcome: Outcome) -> StepResult {
    match outcome {
        Outcome::Accepted { .. } => StepResult {
            ok: true,
            error: None,
            message: None,
        },
        Outcome::Refused { code, message } => StepResult {
            ok: false,
            error: Some(code),
            message: Some(message),
        },
    }
}

/// Exports the game `game_id` as a script plus its report, and replays it against the
/// kept game.
///
/// # Errors
/// [`StoreError::NoGame`]; [`StoreError::Unexportable`] when the game's ruleset is not a
/// built-in one with option overrides; database errors.
pub async fn export(store: &Store, game_id: GameId) -> Result<Export, StoreError> {
    let kept = store.kept(game_id).await?;
    let log: Vec<Logged> = kept
        .log
        .into_iter()
        .map(|l| Logged {
            at: l.at,
            command: l.command,
            result: step_result(l.outcome),
        })
        .collect();
    written::export(&kept.game, kept.lang, &kept.events, &log).map_err(StoreError::Unexportable)
}

/// Plays `script` as the game `run_key` (created on the first run, resumed on later ones),
/// delivering its messages through `messenger` after every step.
///
/// # Errors
/// [`PlayError`] for a script that cannot be played or a database failure.
pub async fn run_script<M: Messenger>(
    store: &Store,
    script: &Script,
    run_key: &str,
    lang: Lang,
    messenger: &M,
) -> Result<DbRun, PlayError> {
    // A script beyond the runner's limits (a wait through too many phases, past the clock
    // limit) is refused before anything is stored: played in memory first, it stops there.
    script::run(script, lang)?;
    let game_id = store.create_game(run_key, &script.setup(), lang).await?;
    run_steps(store, GameId(game_id), script, run_key, lang, messenger).await
}

/// Plays `script` as the tournament's next game: started by `Store::start_game` (so the
/// house rule applies, whatever the script says), then played step by step as
/// [`run_script`] plays a script. Running again with the same `run_key` resumes.
///
/// # Errors
/// As `Store::start_game`; [`PlayError`] while playing.
pub async fn run_tournament_script<M: Messenger>(
    store: &Store,
    tournament: i64,
    script: &Script,
    run_key: &str,
    lang: Lang,
    messenger: &M,
) -> Result<(StartedGame, DbRun), PlayError> {
    let started = store
        .start_game(tournament, run_key, &script.setup(), lang, None)
        .await?;
    let run = run_steps(
        store,
        GameId(started.game_id),
        script,
        run_key,
        lang,
        messenger,
    )
    .await?;
    Ok((started, run))
}

/// Plays `script`'s steps on `game_id`, a game already created under `run_key` from the
/// script's setup (or one the caller completed, e.g. a tournament's house rule), as
/// [`run_script`] does: steps already recorded are not played again.
///
/// # Errors
/// [`PlayError`] for a script beyond the runner's limits or a database failure.
pub async fn run_steps<M: Messenger>(
    store: &Store,
    game_id: GameId,
    script: &Script,
    run_key: &str,
    lang: Lang,
    messenger: &M,
) -> Result<DbRun, PlayError> {
    // As in `run_script` (which checks before creating the game, so it runs twice there: an
    // in-memory run costs little next to the database's): no step is stored for a script
    // beyond the runner's limits.
    script::run(script, lang)?;
    let worker = format!("script:{run_key}");
    let mut now = script.start.with_timezone(&Utc);
    let mut results = Vec::with_capacity(script.steps.len());
    for (i, step) in script.steps.iter().enumerate() {
        let key = format!("step-{}", i + 1);
        let result = match step {
            Step::Do { by, act } => {
                let game = store.load(game_id).await?;
                let table = Table {
                    game,
                    events: Vec::new(),
                    now,
                    log: Vec::new(),
                };
                match table.to_command(by, act) {
                    Ok(cmd) => step_result(store.execute(game_id, &key, &cmd, now).await?),
                    Err(e) => {
                        let r = Refusal::Rule(e);
                        StepResult {
                            ok: false,
                            error: Some(r.code().into()),
                            message: Some(r.message(&table.game, lang)),
                        }
                    }
                }
            }
            Step::WaitFor(_) | Step::WaitUntil(_) => {
                let recorded = store.recorded_step(game_id, &key).await?;
                let rec = match recorded.map(serde_json::from_value).transpose() {
                    Ok(Some(rec)) => rec,
                    Ok(None) => {
                        let rec = wait(store, game_id, step, now, lang, &worker).await?;
                        let v = serde_json::to_value(&rec).map_err(StoreError::from)?;
                        store.record_step(game_id, &key, &v, rec.now).await?;
                        rec
                    }
                    Err(e) => return Err(StoreError::from(e).into()),
                };
                now = rec.now;
                StepResult {
                    ok: rec.ok,
                    error: rec.error,
                    message: rec.message,
                }
            }
        };
        results.push(result);
        runtime::dispatch::dispatch(store, Some(game_id), messenger).await?;
    }
    let game = store.load(game_id).await?;
    let events = store.events(game_id).await?;
    Ok(DbRun {
        game_id,
        report: Report::of(&game, results),
        events,
    })
}

/// Runs a wait step: fires the game's deadlines on the virtual clock.
async fn wait(
    store: &Store,
    game_id: GameId,
    step: &Step,
    now: DateTime<Utc>,
    lang: Lang,
    worker: &str,
) -> Result<WaitRecord, StoreError> {
    match step {
        Step::WaitFor(span) => {
            let to = now + span.dur();
            runtime::deadlines::fire_due(store, Some(game_id), to, worker).await?;
            Ok(WaitRecord::ok(to))
        }
        Step::WaitUntil(target) => {
            // A refused wait changes nothing: find out on a copy in memory first.
            let game = store.load(game_id).await?;
            let mut trial = Table {
                game,
                events: Vec::new(),
                now,
                log: Vec::new(),
            };
            if let Err(r) = trial.wait_until(*target) {
                return Ok(WaitRecord::refused(&r, &trial.game, lang, now));
            }
            let mut now = now;
            let mut moved = false;
            loop {
                let game = store.load(game_id).await?;
                let night_first = game.kind() == Kind::Mafia;
                let refusal = if game.phase() == *target {
                    return Ok(WaitRecord::ok(now.max(game.clock())));
                } else if target.order(night_first) < game.phase().order(night_first) {
                    Some(if moved {
                        Refusal::PhaseUnreachable { phase: *target }
                    } else {
                        Refusal::PhaseOver { phase: *target }
                    })
                } else {
                    None
                };
                let due = match (refusal, store.next_due(Some(game_id), &[]).await?) {
                    (None, Some(due)) => due,
                    (r, _) => {
                        let r = r.unwrap_or(Refusal::PhaseUnreachable { phase: *target });
                        return Ok(WaitRecord::refused(&r, &game, lang, now));
                    }
                };
                now = now.max(due);
                if let Some(f) = store.fire_next(Some(game_id), due, worker).await? {
                    moved |= f.events > 0;
                }
            }
        }
        Step::Do { .. } => Ok(WaitRecord::ok(now)),
    }
}
