//! What the bench (`wolfjudge bench`) reads and sets up in the database: the size of a
//! game's tables, how far the games got, the messages and deadlines left over, the outbox's
//! delivery lag, and the scratch databases it runs in. Nothing in the product calls these;
//! they are here so that every statement lives in the store.

use chrono::{DateTime, Utc};
use sqlx::Connection;

use super::ids::GameId;
use super::{Store, StoreError};

/// The outbox's delivery lag in milliseconds, from a row's writing transaction to the
/// dispatcher's claim, over the rows delivered at the first attempt.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lag {
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

/// A stored game's progress: its seq (the number of events) and whether it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub game_id: GameId,
    pub seq: i64,
    pub ended: bool,
}

/// The rows a change of one game writes (the statement's build: each event's document, its
/// messages and moderation rows, joins, nonces), without writing them: the instruction
/// counts of `benches/instructions.sh`. Returns how many outbox rows it built.
///
/// # Errors
/// An event that does not serialize.
pub fn plan_messages(
    before: &engine::Game,
    seq: i64,
    events: &[engine::Event],
    after: &engine::Game,
    lang: notify::Lang,
) -> Result<usize, StoreError> {
    Ok(super::Plan::new(1, before, seq, events, after, lang)?.messages())
}

/// A delivered vote count message (outbox row) as the bench replays its pace: its game,
/// day and round, whether it opens the round, whether it is the close's (no deadline), and
/// the time of the event that wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountMessage {
    pub game: i64,
    pub day: i32,
    pub round: i32,
    pub opens: bool,
    pub closes: bool,
    pub at: DateTime<Utc>,
}

impl Store {
    /// The vote count messages among outbox rows `ids`, in the order they were written.
    ///
    /// # Errors
    /// Database errors.
    pub async fn count_messages(&self, ids: &[i64]) -> Result<Vec<CountMessage>, StoreError> {
        let rows: Vec<(i64, i32, i32, bool, bool, DateTime<Utc>)> = sqlx::query_as(
            "SELECT o.game_id, (o.meta->'tally'->>'day')::int, \
                    (o.meta->'tally'->>'round')::int, \
                    coalesce((o.meta->'tally'->>'opens')::bool, false), \
                    coalesce(o.meta->'due', 'null'::jsonb) = 'null'::jsonb, e.at \
             FROM outbox o JOIN events e ON e.game_id = o.game_id AND e.seq = o.event_seq \
             WHERE o.id = ANY($1) ORDER BY o.id",
        )
        .bind(ids)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(game, day, round, opens, closes, at)| CountMessage {
                game,
                day,
                round,
                opens,
                closes,
                at,
            })
            .collect())
    }

    /// The bytes the tables of games take (`games`, `characters`, `players`, `events`,
    /// `snapshots`, `outbox`, `deadlines`, `commands`, `game_archive`, with their indexes
    /// and TOAST).
    ///
    /// # Errors
    /// Database errors.
    pub async fn table_bytes(&self) -> Result<i64, StoreError> {
        Ok(self.table_sizes().await?.iter().map(|(_, b)| b).sum())
    }

    /// The bytes each table of games takes (with its indexes and TOAST), largest first.
    ///
    /// # Errors
    /// Database errors.
    pub async fn table_sizes(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT c.relname::TEXT AS "name!", pg_total_relation_size(c.oid)::BIGINT AS "bytes!"
               FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = current_schema() AND c.relkind = 'r'
                 AND c.relname IN ('games', 'characters', 'players', 'events', 'snapshots',
                                   'outbox', 'deadlines', 'commands', 'game_archive')
               ORDER BY 2 DESC"#
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.name, r.bytes)).collect())
    }

    /// Rewrites the tables of games without their dead rows (`VACUUM FULL`), so that their
    /// size is what their live rows take: what a long-running database reuses anyway once
    /// autovacuum has run. Only the bench's scratch database is compacted (it locks the
    /// tables while it runs).
    ///
    /// # Errors
    /// Database errors.
    pub async fn compact(&self) -> Result<(), StoreError> {
        sqlx::raw_sql(
            "VACUUM FULL games, characters, players, events, snapshots, outbox, deadlines, commands, \
             game_archive",
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The progress of the games `ids` (those that exist, in no particular order).
    ///
    /// # Errors
    /// Database errors.
    pub async fn progress(&self, ids: &[i64]) -> Result<Vec<Progress>, StoreError> {
        Ok(sqlx::query_as!(
            Progress,
            r#"SELECT id AS "game_id: GameId", seq, ended FROM games WHERE id = ANY($1)"#,
            ids
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// How many messages are neither delivered nor given up on, of the games `ids` or of
    /// any.
    ///
    /// # Errors
    /// Database errors.
    pub async fn undelivered(&self, ids: Option<&[i64]>) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT count(*) AS "n!" FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL
                 AND ($1::BIGINT[] IS NULL OR game_id = ANY($1))"#,
            ids as _
        )
        .fetch_one(&self.pool)
        .await?)
    }

    /// Marks every pending message of the games `ids` delivered, as if it had gone out when
    /// it was written (the bench's active games start with their past already sent), and
    /// vacuums the outbox, as autovacuum would have done while that past went out
    /// (`migrations/20261208000001_queue_index_cleanup.sql`); returns how many. Without the
    /// vacuum, the dispatchers' every search stepped over the entries of the 248,000
    /// messages of 10,000 games marked here at once, a state the outbox's vacuum settings
    /// never let a running bot reach. No `ANALYZE`: the outbox's statistics stay as the
    /// setup left them, as before (in 6 runs with it the 4th burst instant was slower, in
    /// ranges that overlap those without it: suspected, not established; BENCHMARKS.md,
    /// target 6).
    ///
    /// # Errors
    /// Database errors.
    pub async fn mark_delivered(&self, ids: &[i64]) -> Result<u64, StoreError> {
        let n = sqlx::query!(
            "UPDATE outbox SET delivered_at = now(), attempts = attempts + 1
             WHERE game_id = ANY($1) AND delivered_at IS NULL AND failed_at IS NULL",
            ids
        )
        .execute(&self.pool)
        .await?
        .rows_affected();
        sqlx::raw_sql("VACUUM outbox").execute(&self.pool).await?;
        Ok(n)
    }

    /// Writes every dirty page out now (`CHECKPOINT`). The bench's setup writes about a
    /// gigabyte of WAL (10,000 games created), which otherwise starts a checkpoint somewhere
    /// in the measured minute, wherever the setup's volume puts it: after a checkpoint
    /// starts, the first write to each page logs the whole page, so the burst that falls
    /// there pays for the setup.
    ///
    /// # Errors
    /// Database errors (a role without `pg_checkpoint` may not run it).
    pub async fn checkpoint(&self) -> Result<(), StoreError> {
        sqlx::raw_sql("CHECKPOINT").execute(&self.pool).await?;
        Ok(())
    }

    /// Whether the server runs autovacuum (this project's CI machines turn it off): without
    /// it nothing removes what the dispatchers deliver from their search while a run lasts.
    ///
    /// # Errors
    /// Database errors.
    pub async fn autovacuum(&self) -> Result<bool, StoreError> {
        let on: String = sqlx::query_scalar("SELECT current_setting('autovacuum')")
            .fetch_one(&self.pool)
            .await?;
        Ok(on == "on")
    }

    /// The outbox's delivery lag ([`Lag`]; zeros when nothing was delivered).
    ///
    /// # Errors
    /// Database errors.
    pub async fn delivery_lag(&self) -> Result<Lag, StoreError> {
        let row = sqlx::query!(
            r#"SELECT
                 COALESCE(percentile_cont(0.5) WITHIN GROUP (ORDER BY lag), 0)::FLOAT8 AS "p50!",
                 COALESCE(percentile_cont(0.99) WITHIN GROUP (ORDER BY lag), 0)::FLOAT8 AS "p99!",
                 COALESCE(max(lag), 0)::FLOAT8 AS "max!"
               FROM (SELECT extract(epoch FROM delivered_at - next_attempt_at) * 1000 AS lag
                     FROM outbox WHERE delivered_at IS NOT NULL AND attempts = 1) l"#
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(Lag {
            p50: row.p50,
            p99: row.p99,
            max: row.max,
        })
    }

    /// Of the games `ids`, the one whose earliest unfired deadline is the latest (a worker
    /// will not touch it soon); `None` when none has one.
    ///
    /// # Errors
    /// Database errors.
    pub async fn quietest(&self, ids: &[i64]) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar!(
            "SELECT game_id FROM deadlines WHERE game_id = ANY($1) AND fired_at IS NULL
             GROUP BY game_id ORDER BY min(due_at) DESC, game_id LIMIT 1",
            ids
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// How many deadlines of the games `ids` due by `end` are unfired.
    ///
    /// # Errors
    /// Database errors.
    pub async fn unfired_by(&self, ids: &[i64], end: DateTime<Utc>) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT count(*) AS "n!" FROM deadlines
               WHERE game_id = ANY($1) AND fired_at IS NULL AND due_at <= $2"#,
            ids,
            end
        )
        .fetch_one(&self.pool)
        .await?)
    }

    /// How many deadlines of the games `ids` each worker fired, as `(worker, count)` (a row
    /// fired by nobody named counts under `""`).
    ///
    /// # Errors
    /// Database errors.
    pub async fn fired_per_worker(&self, ids: &[i64]) -> Result<Vec<(String, i64)>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT COALESCE(fired_by, '') AS "by!", count(*) AS "n!" FROM deadlines
               WHERE game_id = ANY($1) AND fired_at IS NOT NULL GROUP BY fired_by"#,
            ids
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.by, r.n)).collect())
    }
}

/// A scratch database the bench runs in, created anew on a server and dropped again
/// through the administrative connection that created it.
#[derive(Debug)]
pub struct Scratch {
    admin: sqlx::PgConnection,
    name: String,
}

/// `name` as a quoted SQL identifier (a name cannot be a bind parameter in DDL).
fn identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

impl Scratch {
    /// Drops database `name` on the server `url` points at if it exists, and creates it
    /// empty.
    ///
    /// # Errors
    /// Database errors (the server does not answer, the user may not create databases).
    pub async fn create(url: &str, name: &str) -> Result<Scratch, StoreError> {
        let mut admin = sqlx::PgConnection::connect(url).await?;
        // Runtime SQL: DROP/CREATE DATABASE take the name as an identifier, not a parameter.
        sqlx::query(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            identifier(name)
        ))
        .execute(&mut admin)
        .await?;
        sqlx::query(&format!("CREATE DATABASE {}", identifier(name)))
            .execute(&mut admin)
            .await?;
        Ok(Scratch {
            admin,
            name: name.to_string(),
        })
    }

    /// Drops the database (and whoever is still connected to it).
    ///
    /// # Errors
    /// Database errors.
    pub async fn drop_database(mut self) -> Result<(), StoreError> {
        // Runtime SQL: as in [`Scratch::create`].
        sqlx::query(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            identifier(&self.name)
        ))
        .execute(&mut self.admin)
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::identifier;

    #[test]
    fn a_database_name_is_quoted_as_one_identifier() {
        assert_eq!(identifier("wolfjudge_bench_1"), "\"wolfjudge_bench_1\"");
        assert_eq!(identifier("a\"; DROP"), "\"a\"\"; DROP\"");
    }
}
