//! What playing a game's inputs through the store needs from it: keeping a finished
//! bookkeeping step (a script's wait) under its key with no command, so a run started again
//! skips it. Replaying a recorded input log is the runtime's (`runtime::deadlines::
//! replay_inputs`); playing a game script through the store is the service's
//! (`service::replay`).

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::ids::GameId;
use super::{Store, StoreError};

impl Store {
    /// What was recorded under `key` for a step that is not a command, if anything.
    ///
    /// # Errors
    /// Database errors.
    pub async fn recorded_step(
        &self,
        game_id: GameId,
        key: &str,
    ) -> Result<Option<Value>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let v = super::recorded(&mut tx, game_id.get(), key).await?;
        tx.commit().await?;
        Ok(v)
    }

    /// Records `record` under `key` for a step that is not a command, done at `at`.
    ///
    /// # Errors
    /// Database errors (a key already recorded among them).
    pub async fn record_step(
        &self,
        game_id: GameId,
        key: &str,
        record: &Value,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        super::record(&mut tx, game_id.get(), key, record, at, None).await?;
        tx.commit().await?;
        Ok(())
    }
}
