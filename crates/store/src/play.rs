//! What playing a game's inputs through the store needs from it: replaying a recorded input
//! log ([`replay_inputs`]), and keeping a finished bookkeeping step (a script's wait) under
//! its key with no command, so a run started again skips it. Playing a game script through
//! the store is the service's (`service::replay`).

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::{Store, StoreError};
use engine::{Action, Command};

/// Replays a game's inputs (as `script::Table::log` records them) through the store:
/// commands through [`Store::execute`], ticks through the deadline worker. Returns each
/// command's latency, for measuring.
///
/// # Errors
/// Database errors.
pub async fn replay_inputs(
    store: &Store,
    game_id: i64,
    inputs: &[(DateTime<Utc>, Command)],
    worker: &str,
) -> Result<Vec<std::time::Duration>, StoreError> {
    let mut latencies = Vec::with_capacity(inputs.len());
    for (i, (at, cmd)) in inputs.iter().enumerate() {
        let t = std::time::Instant::now();
        if cmd.action == Action::Tick {
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

impl Store {
    /// What was recorded under `key` for a step that is not a command, if anything.
    ///
    /// # Errors
    /// Database errors.
    pub async fn recorded_step(
        &self,
        game_id: i64,
        key: &str,
    ) -> Result<Option<Value>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let v = super::recorded(&mut tx, game_id, key).await?;
        tx.commit().await?;
        Ok(v)
    }

    /// Records `record` under `key` for a step that is not a command, done at `at`.
    ///
    /// # Errors
    /// Database errors (a key already recorded among them).
    pub async fn record_step(
        &self,
        game_id: i64,
        key: &str,
        record: &Value,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        super::record(&mut tx, game_id, key, record, at, None).await?;
        tx.commit().await?;
        Ok(())
    }
}
