//! Packed logs (the performance round, storage): an ended game's events and command log as one
//! compressed row of `game_archive`, once the game is older than the retention age.
//!
//! A row per event or command costs about 300 bytes with its index entry; a finished
//! 12-player game has several hundred of each, and they are most of what a game keeps for
//! ever. Packed, the same JSON is deflated as one document (a game repeats its field names
//! and characters' names hundreds of times), about a tenth of the rows' size.
//!
//! Nothing is lost and every reader sees the same log: [`event_bodies`] and
//! [`command_rows`] read the pack and then the rows written after it (a judge may still act
//! on an ended game), and loading a game starts from its latest snapshot, which packing
//! writes at the game's last event first. What packing does give up: a command's
//! idempotency key (a retry of a week-old interaction is answered as a new command, and an
//! ended game refuses it). The events a member's record across games is read from stay
//! rows as well: the cards (`card_given`, `cards_converted`), which the sign-up post's
//! marks ([`Store::red_carded`](super::Store::red_carded)) read too, the removals
//! (`eliminated`), substitutions, complaints and the game's end, and the days' openings
//! that date them ([`Store::record_events`](super::Store::record_events)). Games packed
//! before these were kept show their cards only.
//!
//! Deflate (flate2, pure Rust, already built for PNG) rather than PostgreSQL's own TOAST
//! compression: TOAST compresses each value alone, and one event's body is too small for it.

use chrono::{DateTime, Utc};
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::Compression;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ids::GameId;
use super::{load, Store, StoreError};

/// The event kinds that stay rows when a game is packed (read across games in SQL).
pub(crate) const KEPT_AS_ROWS: [&str; 7] = [
    "card_given",
    "cards_converted",
    "eliminated",
    "substituted",
    "appealed",
    "game_ended",
    "day_opened",
];

/// One command of a packed log, as its row had it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct CommandRow {
    pub at: DateTime<Utc>,
    pub command: Value,
    pub result: Value,
}

fn pack<T: Serialize>(items: &T) -> Result<Vec<u8>, StoreError> {
    let mut out = DeflateEncoder::new(Vec::new(), Compression::best());
    serde_json::to_writer(&mut out, items)?;
    out.finish().map_err(StoreError::Pack)
}

fn unpack<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    Ok(serde_json::from_reader(DeflateDecoder::new(bytes))?)
}

/// A game's event bodies in seq order: the packed ones, then the rows after the pack.
///
/// # Errors
/// Database errors; [`StoreError::Decode`] for a pack that does not read back.
pub(crate) async fn event_bodies(
    conn: &mut sqlx::PgConnection,
    game_id: i64,
) -> Result<Vec<Value>, StoreError> {
    let row = sqlx::query!(
        r#"SELECT (SELECT events FROM game_archive WHERE game_id = $1) AS packed,
                  ARRAY(SELECT body FROM events
                        WHERE game_id = $1
                          AND seq > COALESCE((SELECT seq FROM game_archive WHERE game_id = $1), 0)
                        ORDER BY seq) AS "rows!""#,
        game_id
    )
    .fetch_one(&mut *conn)
    .await?;
    let mut bodies: Vec<Value> = match row.packed {
        Some(bytes) => unpack(&bytes)?,
        None => Vec::new(),
    };
    bodies.extend(row.rows);
    Ok(bodies)
}

/// A game's command log (commands only, not a script's wait steps) in arrival order: the
/// packed ones, then the rows after the pack.
///
/// # Errors
/// Database errors; [`StoreError::Decode`] for a pack that does not read back.
pub(crate) async fn command_rows(
    conn: &mut sqlx::PgConnection,
    game_id: i64,
) -> Result<Vec<CommandRow>, StoreError> {
    let packed = sqlx::query_scalar!(
        "SELECT commands FROM game_archive WHERE game_id = $1",
        game_id
    )
    .fetch_optional(&mut *conn)
    .await?;
    let mut log: Vec<CommandRow> = match packed {
        Some(bytes) => unpack(&bytes)?,
        None => Vec::new(),
    };
    let rows = sqlx::query!(
        r#"SELECT at, command AS "command!", result FROM commands
           WHERE game_id = $1 AND command IS NOT NULL ORDER BY n"#,
        game_id
    )
    .fetch_all(&mut *conn)
    .await?;
    log.extend(rows.into_iter().map(|r| CommandRow {
        at: r.at,
        command: r.command,
        result: r.result,
    }));
    Ok(log)
}

/// What packing one game moved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Packed {
    /// Event and command rows that went into the pack (and out of their tables; a script's
    /// wait-step rows, which are not commands, go without a trace).
    pub rows: u64,
    /// Snapshots older than the one at the game's last event, removed.
    pub snapshots: u64,
}

impl Store {
    /// The ended games whose last event is older than `before` and that have rows to pack
    /// (never packed, or written to since).
    ///
    /// # Errors
    /// Database errors.
    pub async fn packable(&self, before: DateTime<Utc>) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT g.id FROM games g LEFT JOIN game_archive a ON a.game_id = g.id
               WHERE g.ended
                 AND (a.game_id IS NULL OR a.seq < g.seq
                      OR EXISTS (SELECT 1 FROM commands c WHERE c.game_id = g.id))
                 AND COALESCE((SELECT e.at FROM events e WHERE e.game_id = g.id
                               ORDER BY e.seq DESC LIMIT 1), a.packed_at) < $1
               ORDER BY g.id"#,
            before
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Packs game `game_id`'s events and command log into its `game_archive` row (see the
    /// module's documentation), in one transaction that holds the game's row: a command
    /// that arrives meanwhile waits and then lands as a row after the pack. Writes a
    /// snapshot at the game's last event first (and drops the older ones), so loading
    /// reads no event.
    ///
    /// # Errors
    /// [`StoreError::NoGame`]; database errors.
    pub async fn pack(&self, game_id: GameId) -> Result<Packed, StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query_scalar!(
            "SELECT id FROM games WHERE id = $1 FOR UPDATE",
            game_id.get()
        )
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(StoreError::NoGame(game_id))?;
        let (game, seq, _) = load(&mut tx, game_id.get()).await?;
        let events = event_bodies(&mut tx, game_id.get()).await?;
        let commands = command_rows(&mut tx, game_id.get()).await?;
        sqlx::query!(
            "INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            game_id.get(),
            seq,
            serde_json::to_value(&game)?,
        )
        .execute(&mut *tx)
        .await?;
        let snapshots = sqlx::query!(
            "DELETE FROM snapshots WHERE game_id = $1 AND seq < $2",
            game_id.get(),
            seq
        )
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query!(
            "INSERT INTO game_archive (game_id, seq, events, commands) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id) DO UPDATE
             SET seq = EXCLUDED.seq, events = EXCLUDED.events, commands = EXCLUDED.commands,
                 packed_at = now()",
            game_id.get(),
            seq,
            pack(&events)?,
            pack(&commands)?,
        )
        .execute(&mut *tx)
        .await?;
        let kept: Vec<String> = KEPT_AS_ROWS.iter().map(|k| (*k).to_string()).collect();
        let events_moved = sqlx::query!(
            "DELETE FROM events WHERE game_id = $1 AND seq <= $2 AND kind <> ALL($3::TEXT[])",
            game_id.get(),
            seq,
            &kept,
        )
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let commands_moved = sqlx::query!("DELETE FROM commands WHERE game_id = $1", game_id.get())
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(Packed {
            rows: events_moved + commands_moved,
            snapshots,
        })
    }
}
