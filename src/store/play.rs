//! Game scripts played through the store: every step is a command (or a deadline firing)
//! in its own transaction, recorded under the key `step-<n>`, so a run killed at any point
//! and started again with the same run key picks up where it stopped and ends with the same
//! event log and report as an uninterrupted run.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::outbox::Messenger;
use super::{Outcome, Store, StoreError};
use crate::engine::Event;
use crate::notify::Lang;
use crate::script::{Refusal, Report, Script, ScriptError, Step, StepResult, Table};

/// A script played through the database.
#[derive(Debug, Clone)]
pub struct DbRun {
    pub game_id: i64,
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
}

/// What a finished wait step left behind.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct WaitRecord {
    ok: bool,
    error: Option<String>,
    message: Option<String>,
    now: DateTime<Utc>,
}

fn step_result(ok: bool, error: Option<String>, message: Option<String>) -> StepResult {
    StepResult { ok, error, message }
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
    crate::script::run(script, lang)?;
    let game_id = store.create_game(run_key, &script.setup(), lang).await?;
    run_steps(store, game_id, script, run_key, lang, messenger).await
}

/// Plays `script`'s steps on `game_id`, a game already created under `run_key` from the
/// script's setup (or one the caller completed, e.g. a tournament's house rule), as
/// [`run_script`] does: steps already recorded are not played again.
///
/// # Errors
/// [`PlayError`] for a script beyond the runner's limits or a database failure.
pub async fn run_steps<M: Messenger>(
    store: &Store,
    game_id: i64,
    script: &Script,
    run_key: &str,
    lang: Lang,
    messenger: &M,
) -> Result<DbRun, PlayError> {
    // As in `run_script` (which checks before creating the game, so it runs twice there: an
    // in-memory run costs little next to the database's): no step is stored for a script
    // beyond the runner's limits.
    crate::script::run(script, lang)?;
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
                    Ok(cmd) => match store.execute(game_id, &key, &cmd, now).await? {
                        Outcome::Accepted { .. } => step_result(true, None, None),
                        Outcome::Refused { code, message } => {
                            step_result(false, Some(code), Some(message))
                        }
                    },
                    Err(e) => {
                        let r = Refusal::Rule(e);
                        step_result(
                            false,
                            Some(r.code().into()),
                            Some(r.message(&table.game, lang)),
                        )
                    }
                }
            }
            Step::WaitFor(_) | Step::WaitUntil(_) => {
                let rec = match store.recorded_step(game_id, &key).await? {
                    Some(rec) => rec,
                    None => {
                        let rec = wait(store, game_id, step, now, lang, &worker).await?;
                        store.record_step(game_id, &key, &rec).await?;
                        rec
                    }
                };
                now = rec.now;
                step_result(rec.ok, rec.error, rec.message)
            }
        };
        results.push(result);
        store.dispatch(Some(game_id), messenger).await?;
    }
    let game = store.load(game_id).await?;
    let events = store.events(game_id).await?;
    Ok(DbRun {
        game_id,
        report: Report::of(&game, results),
        events,
    })
}

/// Replays a game's inputs (as [`Table::log`] records them) through the store: commands
/// through [`Store::execute`], ticks through the deadline worker. Returns each command's
/// latency, for measuring.
///
/// # Errors
/// Database errors.
pub async fn replay_inputs(
    store: &Store,
    game_id: i64,
    inputs: &[(DateTime<Utc>, crate::engine::Command)],
    worker: &str,
) -> Result<Vec<std::time::Duration>, StoreError> {
    let mut latencies = Vec::with_capacity(inputs.len());
    for (i, (at, cmd)) in inputs.iter().enumerate() {
        let t = std::time::Instant::now();
        if cmd.action == crate::engine::Action::Tick {
            store.fire_due(Some(game_id), *at, worker).await?;
        } else {
            store
                .execute(game_id, &format!("input-{i}"), cmd, *at)
                .await?;
        }
        latencies.push(t.elapsed());
    }
    Ok(latencies)
}

/// Runs a wait step: fires the game's deadlines on the virtual clock.
async fn wait(
    store: &Store,
    game_id: i64,
    step: &Step,
    now: DateTime<Utc>,
    lang: Lang,
    worker: &str,
) -> Result<WaitRecord, StoreError> {
    match step {
        Step::WaitFor(span) => {
            let to = now + span.dur();
            store.fire_due(Some(game_id), to, worker).await?;
            Ok(WaitRecord {
                ok: true,
                error: None,
                message: None,
                now: to,
            })
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
                return Ok(WaitRecord {
                    ok: false,
                    error: Some(r.code().into()),
                    message: Some(r.message(&trial.game, lang)),
                    now,
                });
            }
            let mut now = now;
            let mut moved = false;
            loop {
                let game = store.load(game_id).await?;
                let night_first = game.kind() == crate::engine::Kind::Mafia;
                let refusal = if game.phase == *target {
                    return Ok(WaitRecord {
                        ok: true,
                        error: None,
                        message: None,
                        now: now.max(game.clock),
                    });
                } else if target.order(night_first) < game.phase.order(night_first) {
                    Some(if moved {
                        Refusal::PhaseUnreachable { phase: *target }
                    } else {
                        Refusal::PhaseOver { phase: *target }
                    })
                } else {
                    None
                };
                let due = match (refusal, store.next_due(Some(game_id)).await?) {
                    (None, Some(due)) => due,
                    (r, _) => {
                        let r = r.unwrap_or(Refusal::PhaseUnreachable { phase: *target });
                        return Ok(WaitRecord {
                            ok: false,
                            error: Some(r.code().into()),
                            message: Some(r.message(&game, lang)),
                            now,
                        });
                    }
                };
                now = now.max(due);
                if let Some(f) = store.fire_next(Some(game_id), due, worker).await? {
                    moved |= f.events > 0;
                }
            }
        }
        Step::Do { .. } => Ok(WaitRecord {
            ok: true,
            error: None,
            message: None,
            now,
        }),
    }
}

impl Store {
    async fn recorded_step(
        &self,
        game_id: i64,
        key: &str,
    ) -> Result<Option<WaitRecord>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let v = super::recorded(&mut tx, game_id, key).await?;
        tx.commit().await?;
        Ok(v.map(serde_json::from_value).transpose()?)
    }

    async fn record_step(
        &self,
        game_id: i64,
        key: &str,
        rec: &WaitRecord,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        super::record(
            &mut tx,
            game_id,
            key,
            &serde_json::to_value(rec)?,
            rec.now,
            None,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
