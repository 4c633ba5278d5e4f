//! Retention: what a finished or long-running game no longer needs is removed from the
//! database (the performance round, storage), so that a thousand games a day do not grow it for ever.
//!
//! Kept for ever: the events and the command log (export, verify and replay read them),
//! the games, seats, players and everything a platform adapter keeps (posts, links). An
//! ended game's events and command log are **packed** once its last event is older than the
//! age: one compressed row instead of hundreds (`store::archive`), read back the same way.
//! Pruned:
//!
//! - **delivered outbox rows** older than an age the operator chooses (`[retention]` in the
//!   bot's config, `wolfjudge prune --older-than`). A delivered row is never read again,
//!   with one exception: a message whose send may have been shown already looks for itself
//!   after the newest message sent before it in its channel (`Store::dispatch`'s `after`),
//!   so each channel's newest sent row stays. Rows given up on (`failed_at`) stay: they are
//!   the judge's dead letters.
//! - **snapshots** but each game's latest: a snapshot only shortens loading, and loading
//!   starts from the latest (a game without one replays its events from the first).
//! - **fired deadlines of ended games** older than the same age: an ended game gets no
//!   new deadline, so nothing can ask for one of them again (a running game's fired rows
//!   stay: they keep a deadline its commands ask for again from firing twice).

use chrono::{DateTime, Utc};

use super::ids::GameId;
use super::{Store, StoreError};

/// What a retention pass removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Pruned {
    pub outbox_rows: u64,
    pub snapshots: u64,
    pub deadlines: u64,
    /// Ended games whose logs were packed (`store::archive`).
    pub games_packed: u64,
    /// The event and command rows those packs replaced.
    pub log_rows_packed: u64,
}

impl Pruned {
    /// Rows removed in all.
    pub fn total(&self) -> u64 {
        self.outbox_rows + self.snapshots + self.deadlines + self.log_rows_packed
    }
}

impl Store {
    /// Removes what no game needs any more (see the module's documentation): delivered
    /// outbox rows and fired deadlines of ended games from before `before`, and every
    /// snapshot but each game's latest; packs the logs of the games that ended before
    /// `before`. Each kind is one statement, each game's pack one transaction; a pass that
    /// stops half way leaves nothing inconsistent, and the next one goes on.
    ///
    /// # Errors
    /// Database errors.
    pub async fn prune(&self, before: DateTime<Utc>) -> Result<Pruned, StoreError> {
        let outbox_rows = sqlx::query!(
            "WITH ranked AS (
                 SELECT id, delivered_at,
                        id IS NOT DISTINCT FROM max(id) FILTER (WHERE sent_id IS NOT NULL)
                            OVER (PARTITION BY game_id, channel) AS newest_sent
                 FROM outbox WHERE delivered_at IS NOT NULL)
             DELETE FROM outbox o USING ranked r
             WHERE o.id = r.id AND r.delivered_at < $1 AND NOT r.newest_sent",
            before
        )
        .execute(&self.pool)
        .await?
        .rows_affected();
        let (mut games_packed, mut log_rows_packed, mut packed_snapshots) = (0, 0, 0);
        for game in self.packable(before).await? {
            let p = self.pack(GameId(game)).await?;
            log_rows_packed += p.rows;
            packed_snapshots += p.snapshots;
            games_packed += 1;
        }
        let snapshots = packed_snapshots
            + sqlx::query!(
                "DELETE FROM snapshots s WHERE EXISTS (
                 SELECT 1 FROM snapshots n WHERE n.game_id = s.game_id AND n.seq > s.seq)"
            )
            .execute(&self.pool)
            .await?
            .rows_affected();
        let deadlines = sqlx::query!(
            "DELETE FROM deadlines d USING games g
             WHERE g.id = d.game_id AND g.ended AND d.fired_at IS NOT NULL AND d.fired_at < $1",
            before
        )
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(Pruned {
            outbox_rows,
            snapshots,
            deadlines,
            games_packed,
            log_rows_packed,
        })
    }
}
