//! The retention task's rounds: what the store prunes ([`Store::prune`]), on a schedule.

use std::time::Duration;

use chrono::{DateTime, Utc};

use store::{Store, StoreError};

/// One round of the worker's retention task: prunes what is older than `keep` at `now`,
/// logs what it removed, and returns how long to sleep (`every`).
///
/// # Errors
/// As [`Store::prune`].
pub async fn prune_round(
    store: &Store,
    now: DateTime<Utc>,
    keep: chrono::Duration,
    every: Duration,
) -> Result<Duration, StoreError> {
    let p = store.prune(now - keep).await?;
    if p.total() > 0 {
        tracing::info!(
            outbox = p.outbox_rows,
            snapshots = p.snapshots,
            deadlines = p.deadlines,
            games_packed = p.games_packed,
            log_rows_packed = p.log_rows_packed,
            "retention pass"
        );
    }
    Ok(every)
}
