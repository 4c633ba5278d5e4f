//! The transactional outbox's rows: every message an event causes is a row written with the
//! event ([`enqueue`]), and what a dispatcher does with them is a statement here: claim a run
//! of each ready channel under a lease ([`Store::claim`]), renew it, mark what was sent
//! ([`Store::mark_sent`]), hand back what was not ([`Store::release`]) and record a failed
//! send ([`Store::record_failed_send`]). The dispatcher itself, which sends through a
//! messenger, is the runtime's (`runtime::dispatch`). A message whose claim was never
//! released (its dispatcher died, or lost the database, between send and mark) or whose send
//! failed may have been shown all the same: its next claim says so ([`Earlier`]).

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, Postgres, Transaction};

use super::ids::{GameId, Message};
use super::{again_while_lost, Store, StoreError};
use notify::{self, Delivery, Lang, Recipient, SetAside};

/// After this many failed sends a message is set aside and the judge is told.
pub const MAX_ATTEMPTS: i32 = 10;

/// How many channels (by their oldest ready message) one claim takes.
pub const DISPATCH_BATCH: i64 = 64;

/// How long a claim holds its messages, in seconds: another dispatcher takes them over only
/// once it has run out (one of the same name at once, see `runtime::dispatch::name_dispatcher`).
const LEASE_SECS: f64 = 60.0;

/// How many more messages of each claimed channel it sends behind the oldest, in order: one
/// search for the channels' heads then serves a run of each, not one message.
const RUN: i64 = 15;

/// Writes one outbox row.
pub(crate) async fn enqueue(
    tx: &mut Transaction<'_, Postgres>,
    game_id: i64,
    event_seq: Option<i64>,
    channel: Recipient,
    body: &str,
    nonce: &str,
    meta: Option<&Delivery>,
) -> Result<(), StoreError> {
    let meta = meta.map(serde_json::to_value).transpose()?;
    // The column's text ([`Recipient`]'s `Display`).
    let channel = channel.to_string();
    sqlx::query!(
        "INSERT INTO outbox (game_id, event_seq, channel, body, nonce, meta)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (nonce) DO NOTHING",
        game_id,
        event_seq,
        &channel,
        body,
        nonce,
        meta
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A message to deliver.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutMessage {
    pub id: i64,
    pub game_id: GameId,
    /// Who it is for: its channel (kept as the column's text, read back where it is
    /// claimed).
    pub channel: Recipient,
    pub body: String,
    pub nonce: String,
    /// How to show it (a new post, menus, buttons), if more than text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Delivery>,
}

/// Why a send failed: the dispatcher retries later, unless it is `permanent` (the platform
/// refused the message for good: sending it again cannot work).
#[derive(Debug, thiserror::Error)]
#[error("send failed: {reason}")]
pub struct SendError {
    /// For the logs and the row's `last_error`, as the platform said it.
    pub reason: String,
    pub permanent: bool,
    /// The messenger's typed account of the failure (its platform's error), for itself to
    /// read back ([`SendError::because`]); the store keeps only `reason`.
    pub source: Option<Box<dyn std::error::Error + Send + Sync>>,
    /// What the judge's log says if the message is set aside now, worded by the messenger
    /// (it knows the platform's errors and who the channel's reader is); without it, the
    /// general notice of [`notify::set_aside`].
    pub notice: Option<Notice>,
}

/// The judge's note about a message set aside, as its messenger words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    /// The note's outbox nonce when it is to be written once whatever number of messages
    /// it is about (a player whose DMs are closed: once per game, player and cause, across
    /// restarts); `None`: one note for this message.
    pub nonce: Option<String>,
}

impl SendError {
    /// A failure worth retrying (the network, a rate limit, an outage).
    pub fn new(reason: impl Into<String>) -> SendError {
        SendError {
            reason: reason.into(),
            permanent: false,
            source: None,
            notice: None,
        }
    }

    /// A refusal for good (too long, invalid, no access).
    pub fn refused(reason: impl Into<String>) -> SendError {
        SendError {
            permanent: true,
            ..SendError::new(reason)
        }
    }

    /// With the messenger's typed account of it.
    pub fn because(self, source: impl std::error::Error + Send + Sync + 'static) -> SendError {
        SendError {
            source: Some(Box::new(source)),
            ..self
        }
    }

    /// With the judge's note to write if the message is set aside now.
    pub fn telling(self, notice: Notice) -> SendError {
        SendError {
            notice: Some(notice),
            ..self
        }
    }
}

/// What an earlier attempt to send a message may have shown. The dispatcher passes it when
/// the message was claimed before and never marked (its dispatcher died, or lost the
/// database, after or during the send), or when a send of it failed (the request may have
/// reached the platform all the same).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Earlier {
    /// The platform id of the last message of this channel delivered before this one, if
    /// any: whatever the earlier attempt showed is newer.
    pub after: Option<Message>,
    /// When the message was first claimed: nothing of it was shown before.
    pub since: DateTime<Utc>,
}

/// Whose leases a claim may take besides free and run-out ones: those left under this
/// process's name by a dispatch that is no longer running. That is one of an earlier run
/// of a process of this name (it died), or one of this run numbered below `next` and not
/// `live` (it ended in an error or was cancelled). One started after this was taken is
/// running. Bound as `$n..$n+3` of [`free`].
pub struct Orphans {
    /// This process's dispatcher name with its `/`.
    pub name: String,
    /// `<name>/<run>/`: this run of the process.
    pub mine: String,
    /// The lease owners of the dispatches running in this process.
    pub live: Vec<String>,
    /// The number the next dispatch of this run will get.
    pub next: i64,
}

impl Orphans {
    fn bind<'q>(
        &'q self,
        q: sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments>,
    ) -> sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments> {
        q.bind(&self.name)
            .bind(&self.mine)
            .bind(&self.live)
            .bind(self.next)
    }
}

/// The SQL condition that `o`'s lease may be taken: none, run out, or an orphan's (see
/// [`Orphans`], bound from `$n`).
fn free(n: usize) -> String {
    let (name, mine, live, next) = (n, n + 1, n + 2, n + 3);
    format!(
        "(o.lease_owner IS NULL OR o.leased_until <= now()
          OR (left(o.lease_owner, length(${name})) = ${name} AND o.lease_owner <> ALL(${live})
              AND (left(o.lease_owner, length(${mine})) <> ${mine}
                   OR CASE WHEN substr(o.lease_owner, length(${mine}) + 1) ~ '^[0-9]{{1,18}}$'
                      THEN substr(o.lease_owner, length(${mine}) + 1)::BIGINT < ${next}
                      ELSE FALSE END)))"
    )
}

impl Store {
    /// Whether posts relayed in `game` before its outbox row `id` are still to be shown
    /// (neither delivered nor set aside): the lock of a day's post waits for them
    /// (`notify::Recipient::Relay`).
    ///
    /// # Errors
    /// Database errors.
    pub async fn relays_waiting_before(&self, game: GameId, id: i64) -> Result<bool, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT EXISTS (
                 SELECT 1 FROM outbox
                 WHERE game_id = $1 AND channel = 'relay' AND id < $2
                   AND delivered_at IS NULL AND failed_at IS NULL) AS "waiting!""#,
            game.0,
            id
        )
        .fetch_one(&self.pool)
        .await?)
    }

    /// Marks sent messages delivered, each with the platform's id of what it showed, in one
    /// statement. Its commit does not wait for the disk (`synchronous_commit` off, for this
    /// statement only): should the database itself crash and lose it, the messages keep their
    /// leases, and whoever sends them next looks for what was shown first.
    ///
    /// # Errors
    /// Database errors.
    pub async fn mark_sent(&self, batch: Vec<(i64, Option<u64>)>) -> Result<(), StoreError> {
        if batch.is_empty() {
            return Ok(());
        }
        // A platform's message id, kept in a `BIGINT` column as the same bits.
        let (ids, sent): (Vec<i64>, Vec<Option<i64>>) = batch
            .into_iter()
            .map(|(id, sent)| (id, sent.map(|s| s as i64)))
            .unzip();
        again_while_lost(|| {
            sqlx::query!(
                "WITH no_wait AS (SELECT set_config('synchronous_commit', 'off', true) AS s)
         UPDATE outbox o SET delivered_at = now(), attempts = o.attempts + 1,
             sent_id = v.sent_id, lease_owner = NULL, leased_until = NULL
         FROM unnest($1::BIGINT[], $2::BIGINT[]) AS v(id, sent_id)
         WHERE o.id = v.id AND (SELECT s FROM no_wait) IS NOT NULL",
                &ids,
                // An array with NULLs: the macro has no type for it, the cast checks it.
                &sent as _
            )
            .execute(&self.pool)
        })
        .await?;
        Ok(())
    }
}

/// Whether `msg` is a player's DM carrying a deadline (a night's prompt, a decision's, a
/// warning before the close): claimed and sent before anything else waiting (the
/// condition of the index `outbox_prompts` and of [`PROMPT_SQL`]).
pub fn is_prompt(msg: &OutMessage) -> bool {
    msg.channel.seat().is_some() && msg.meta.as_ref().is_some_and(|m| m.due.is_some())
}

/// [`is_prompt`] in SQL, on the outbox row `o` (a seat's channel is `dm:<seat>` in the
/// column: see [`Recipient`]).
const PROMPT_SQL: &str = "(o.channel LIKE 'dm:%' AND o.meta ? 'due')";

/// A row the claim statement returns (runtime SQL, see [`Store::claim`]'s comment, so read
/// by name through `FromRow`).
#[derive(sqlx::FromRow)]
struct ClaimRow {
    id: i64,
    game_id: GameId,
    channel: String,
    body: String,
    nonce: String,
    meta: Option<serde_json::Value>,
    attempts: i32,
    ready: bool,
    earlier: bool,
    pos: i64,
    claimed_at: Option<DateTime<Utc>>,
    after: Option<i64>,
}

/// A channel's oldest waiting row, as the search for them returns it.
#[derive(sqlx::FromRow)]
struct HeadRow {
    id: i64,
    game_id: GameId,
    channel: String,
}

/// A claimed message.
pub struct Claimed {
    pub msg: OutMessage,
    pub attempts: i32,
    /// Due for a send (not waiting for a retry).
    pub ready: bool,
    pub earlier: Option<Earlier>,
}

impl Store {
    /// Claims the oldest ready message of up to [`DISPATCH_BATCH`] channels (that no other
    /// dispatcher holds) and up to [`RUN`] messages behind each, in one statement: each gets
    /// this dispatcher's lease for [`LEASE_SECS`]. Committed (durably) before any send, the
    /// lease is the mark of an attempt: a claim never released says the message may have
    /// been shown. Returned in id order, each with what an earlier attempt may have shown.
    ///
    /// `orphans`: whose leases this process may take back besides free and run-out ones.
    ///
    /// # Errors
    /// Database errors.
    pub async fn claim(
        &self,
        game: Option<GameId>,
        owner: &str,
        orphans: &Orphans,
    ) -> Result<Vec<Claimed>, StoreError> {
        let heads = self.next_heads(game, orphans).await?;
        if heads.is_empty() {
            return Ok(Vec::new());
        }
        // The heads are locked by primary key (the `COALESCE` keeps the planner off the
        // partial index `outbox_pending`, whose scans read every pending row); one another claim
        // holds at this moment is skipped, one it took meanwhile no longer matches. The rows
        // behind a head need no lock: a channel is only taken by its oldest row. Each row's
        // state before the claim (`old`) tells whether an earlier attempt may have shown it
        // (a lease never released, or a failed send) and its place in its channel's run, so
        // that a run with a row missing (taken meanwhile) is sent only up to the gap. The
        // update finds its rows by primary key too, with the same `COALESCE`: spelled
        // `delivered_at IS NULL AND failed_at IS NULL`, it let the planner drive the join
        // from `outbox_pending` whenever its statistics say little is pending (a table not
        // analyzed yet, or a backlog grown since the last analyze), reading every pending
        // row and, for each, every claimed one: with 35,000 pending, 38 s a claim (the
        // bench's 66 s delivery lag), where the key takes 30 ms. The `after` lookup orders by
        // `-id`, which only the index `outbox_sent_newest` gives: ordered by `id`, the primary
        // key walked backwards was a near tie in cost, and a sample that counted few channels
        // made the planner take it (5 s for a claim of 200 behind 300,000 sent messages, where
        // the index takes 40 ms; the migration says more).
        // The one kind of statement left as runtime SQL: the claim and the search share the
        // lease condition [`free`], whose text is fixed and only numbered from its first
        // parameter (no value is ever formatted in); `query!` takes one literal, so it is
        // checked by the store's tests (the two-worker and crash tests) instead.
        let sql = format!(
            "WITH heads AS (
                SELECT o.id, o.game_id, o.channel FROM outbox o
                WHERE o.id = ANY($1) AND COALESCE(o.delivered_at, o.failed_at) IS NULL
                  AND o.next_attempt_at <= now() AND {free}
                ORDER BY o.id LIMIT $2 FOR UPDATE SKIP LOCKED),
             run AS (
                SELECT h.id, h.id AS head FROM heads h
                UNION ALL
                SELECT r.id, h.id FROM heads h, LATERAL (
                    SELECT p.id FROM outbox p
                    WHERE p.game_id = h.game_id AND p.channel = h.channel AND p.id > h.id
                      AND p.delivered_at IS NULL AND p.failed_at IS NULL
                    ORDER BY p.id LIMIT $4) r),
             old AS (
                SELECT o.id, o.lease_owner IS NOT NULL OR o.attempts > 0 AS earlier,
                    row_number() OVER (PARTITION BY run.head ORDER BY o.id) - 1 AS pos
                FROM outbox o JOIN run ON run.id = o.id)
             UPDATE outbox o
             SET lease_owner = $3, leased_until = now() + make_interval(secs => $5),
                 claimed_at = COALESCE(o.claimed_at, now())
             FROM old
             WHERE o.id = old.id AND COALESCE(o.delivered_at, o.failed_at) IS NULL AND {free}
             RETURNING o.id, o.game_id, o.channel, o.body, o.nonce, o.meta, o.attempts,
                 o.next_attempt_at <= now() AS ready, old.earlier, old.pos, o.claimed_at,
                 CASE WHEN old.earlier THEN (
                     SELECT p.sent_id FROM outbox p
                     WHERE p.game_id = o.game_id AND p.channel = o.channel AND -p.id > -o.id
                       AND p.sent_id IS NOT NULL
                     ORDER BY -p.id LIMIT 1) END AS after",
            free = free(6),
        );
        let rows = again_while_lost(|| {
            let query = sqlx::query(&sql)
                .bind(&heads)
                .bind(DISPATCH_BATCH)
                .bind(owner)
                .bind(RUN)
                .bind(LEASE_SECS);
            orphans.bind(query).fetch_all(&self.pool)
        })
        .await?;
        let mut claimed = Vec::with_capacity(rows.len());
        let mut rows = rows
            .iter()
            .map(ClaimRow::from_row)
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        rows.sort_by_key(|r| r.id);
        // Where each channel's run is up to: a row out of place is not sent (nor what
        // follows it in the channel: it stops there) but released.
        let mut next_pos: HashMap<(GameId, Recipient), i64> = HashMap::new();
        // Rows whose channel names no recipient (written by another version): nothing can
        // send them, so they are set aside rather than hold their channel.
        let mut unknown: Vec<i64> = Vec::new();
        for row in rows {
            let channel = match row.channel.parse::<Recipient>() {
                Ok(channel) => channel,
                Err(e) => {
                    tracing::warn!(error = %e, id = row.id, "an outbox row for no known recipient set aside");
                    unknown.push(row.id);
                    continue;
                }
            };
            let earlier = row.earlier.then(|| Earlier {
                // A 0 is no message: the search then starts at the first claim.
                after: row.after.and_then(|id| Message::try_from(id).ok()),
                since: row.claimed_at.unwrap_or_else(Utc::now),
            });
            let expected = next_pos.entry((row.game_id, channel)).or_insert(0);
            let in_place = row.pos == *expected;
            *expected += 1;
            claimed.push(Claimed {
                msg: OutMessage {
                    id: row.id,
                    game_id: row.game_id,
                    channel,
                    body: row.body,
                    nonce: row.nonce,
                    meta: row.meta.map(serde_json::from_value).transpose()?,
                },
                attempts: row.attempts,
                ready: in_place && row.ready,
                earlier,
            });
        }
        if !unknown.is_empty() {
            sqlx::query!(
                "UPDATE outbox SET failed_at = now(), last_error = 'no known recipient',
                     lease_owner = NULL, leased_until = NULL
                 WHERE id = ANY($1)",
                &unknown
            )
            .execute(&self.pool)
            .await?;
        }
        Ok(claimed)
    }

    /// Extends the lease of `owner` on `ids`; returns those it still held.
    ///
    /// # Errors
    /// Database errors.
    pub async fn renew(&self, ids: &[i64], owner: &str) -> Result<BTreeSet<i64>, StoreError> {
        let held: Vec<i64> = again_while_lost(|| {
            sqlx::query_scalar!(
                "UPDATE outbox SET leased_until = now() + make_interval(secs => $3)
             WHERE id = ANY($1) AND lease_owner = $2
               AND delivered_at IS NULL AND failed_at IS NULL
             RETURNING id",
                ids,
                owner,
                LEASE_SECS
            )
            .fetch_all(&self.pool)
        })
        .await?;
        Ok(held.into_iter().collect())
    }

    /// Hands back the claimed messages this round did not send. One whose claim said it may
    /// have been shown before keeps the mark (its owner, with the lease run out), so that
    /// whoever sends it next still looks first; the others are free as if never claimed.
    ///
    /// # Errors
    /// Database errors.
    pub async fn release(&self, rows: &[&Claimed], owner: &str) -> Result<(), StoreError> {
        if rows.is_empty() {
            return Ok(());
        }
        let ids: Vec<i64> = rows.iter().map(|r| r.msg.id).collect();
        let marked: Vec<i64> = rows
            .iter()
            .filter(|r| r.earlier.is_some())
            .map(|r| r.msg.id)
            .collect();
        again_while_lost(|| {
            sqlx::query!(
                "WITH no_wait AS (SELECT set_config('synchronous_commit', 'off', true) AS s)
             UPDATE outbox
             SET lease_owner = CASE WHEN id = ANY($3) THEN lease_owner END,
                 leased_until = CASE WHEN id = ANY($3) THEN now() END
             WHERE id = ANY($1) AND lease_owner = $2
               AND delivered_at IS NULL AND failed_at IS NULL
               AND (SELECT s FROM no_wait) IS NOT NULL",
                &ids,
                owner,
                &marked
            )
            .execute(&self.pool)
        })
        .await?;
        Ok(())
    }

    /// The oldest ready row of up to twice [`DISPATCH_BATCH`] channels with undelivered
    /// messages whose lease may be taken ([`free`]; a later row waits behind its channel's
    /// oldest, and a channel is held by its oldest row's lease), taking the channels in
    /// turn: the search skips from channel to channel along the per-channel index (one
    /// probe per channel, not per pending row) starting after where the last search of this
    /// process stopped, and stops as soon as it has enough, wrapping around at the end. So
    /// its cost follows the batch, not the number of channels waiting, and every channel is
    /// served once a round however long the backlog.
    async fn next_heads(
        &self,
        game: Option<GameId>,
        orphans: &Orphans,
    ) -> Result<Vec<i64>, StoreError> {
        let want = DISPATCH_BATCH * 2;
        let from = self
            .dispatch_cursor
            .lock()
            .map(|c| c.clone())
            .unwrap_or_default();
        let mut found: Vec<(i64, GameId, String)> = Vec::new();
        // First the channels whose oldest waiting row is a prompt ([`is_prompt`]), oldest
        // first, through the index `outbox_prompts`; the others in turn once none is left.
        let sql = format!(
            "SELECT o.id, o.game_id, o.channel FROM outbox o
             WHERE o.delivered_at IS NULL AND o.failed_at IS NULL AND {prompt}
               AND ($1::BIGINT IS NULL OR o.game_id = $1)
               AND o.next_attempt_at <= now() AND {free}
               AND NOT EXISTS (SELECT 1 FROM outbox p
                   WHERE p.game_id = o.game_id AND p.channel = o.channel AND p.id < o.id
                     AND p.delivered_at IS NULL AND p.failed_at IS NULL)
             ORDER BY o.id LIMIT $2",
            prompt = PROMPT_SQL,
            free = free(3)
        );
        let query = sqlx::query(&sql).bind(game.map(GameId::get)).bind(want);
        for r in orphans.bind(query).fetch_all(&self.pool).await?.iter() {
            let HeadRow {
                id,
                game_id,
                channel,
            } = HeadRow::from_row(r)?;
            found.push((id, game_id, channel));
        }
        // Only prompts while there are any: the claim then takes nothing else before them.
        if !found.is_empty() {
            return Ok(found.into_iter().map(|(id, _, _)| id).collect());
        }
        for start in [from.clone(), None] {
            let (after_game, after_channel) =
                start.clone().unwrap_or((GameId(i64::MIN), String::new()));
            // The one kind of statement left as runtime SQL: the claim and the search share the
            // lease condition [`free`], whose text is fixed and only numbered from its first
            // parameter (no value is ever formatted in); `query!` takes one literal, so it is
            // checked by the store's tests (the two-worker and crash tests) instead.
            let sql = format!(
                "WITH RECURSIVE heads AS (
                    (SELECT p.game_id, p.channel, p.id FROM outbox p
                     WHERE p.delivered_at IS NULL AND p.failed_at IS NULL
                       AND ($1::BIGINT IS NULL OR p.game_id = $1)
                       AND (p.game_id, p.channel) > ($3::BIGINT, $4::TEXT)
                     ORDER BY p.game_id, p.channel, p.id LIMIT 1)
                    UNION ALL
                    SELECT n.game_id, n.channel, n.id FROM heads h,
                    LATERAL (SELECT p.game_id, p.channel, p.id FROM outbox p
                        WHERE p.delivered_at IS NULL AND p.failed_at IS NULL
                          AND ($1::BIGINT IS NULL OR p.game_id = $1)
                          AND (p.game_id, p.channel) > (h.game_id, h.channel)
                        ORDER BY p.game_id, p.channel, p.id LIMIT 1) n)
                 SELECT h.id, h.game_id, h.channel FROM heads h JOIN outbox o ON o.id = h.id
                 WHERE o.next_attempt_at <= now() AND {free}
                 LIMIT $2",
                free = free(5)
            );
            let query = sqlx::query(&sql)
                .bind(game.map(GameId::get))
                .bind(want - found.len() as i64)
                .bind(after_game)
                .bind(after_channel);
            let rows = orphans.bind(query).fetch_all(&self.pool).await?;
            for r in rows.iter().map(HeadRow::from_row) {
                let HeadRow {
                    id,
                    game_id,
                    channel,
                } = r?;
                if !found.iter().any(|f| f.0 == id) {
                    found.push((id, game_id, channel));
                }
            }
            // From the start only if this search began further on and did not fill up.
            if found.len() as i64 >= want || start.is_none() {
                break;
            }
        }
        let next = found.last().map(|(_, g, c)| (*g, c.clone()));
        if let Ok(mut cursor) = self.dispatch_cursor.lock() {
            *cursor = next;
        }
        Ok(found.into_iter().map(|(id, _, _)| id).collect())
    }

    /// Records a failed send and frees the message: it waits with a backoff, or after
    /// [`MAX_ATTEMPTS`] (or a refusal for good) is set aside and the judge told. The failed
    /// attempt counts, so the next one first looks for what this one may have shown.
    ///
    /// # Errors
    /// Database errors.
    pub async fn record_failed_send(
        &self,
        msg: &OutMessage,
        attempts: i32,
        e: SendError,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        match e {
            e if e.permanent || attempts + 1 >= MAX_ATTEMPTS => {
                // Set aside: the channel moves on, the judge is told in one short line (a
                // refused message may be refused for its length: it is not repeated), unless
                // the message was to the judge's log itself or was such a notice (no notice
                // about a notice).
                sqlx::query!(
                    "UPDATE outbox SET attempts = attempts + 1, last_error = $2, failed_at = now(),
                         lease_owner = NULL, leased_until = NULL
                     WHERE id = $1",
                    msg.id,
                    e.to_string()
                )
                .execute(&mut *tx)
                .await?;
                if msg.channel == Recipient::Judge {
                    tracing::warn!(error = %e, nonce = %msg.nonce, "a message to the judge's log was set aside");
                    tx.commit().await?;
                    return Ok(());
                }
                let own = format!("{}-undeliverable", msg.nonce);
                // The messenger's note (under its own nonce when it is written once for
                // many messages: a repeat writes nothing), else the general one.
                let (text, nonce) = match e.notice {
                    Some(n) => (n.text, n.nonce.unwrap_or(own)),
                    None => {
                        let lang = sqlx::query_scalar!(
                            "SELECT lang FROM games WHERE id = $1",
                            msg.game_id.get()
                        )
                        .fetch_one(&mut *tx)
                        .await?;
                        let lang = Lang::parse(&lang).unwrap_or_default();
                        let why = if e.permanent {
                            SetAside::Refused
                        } else {
                            SetAside::Undeliverable {
                                attempts: MAX_ATTEMPTS,
                            }
                        };
                        (notify::set_aside(lang, msg.channel, &msg.body, why), own)
                    }
                };
                enqueue(
                    &mut tx,
                    msg.game_id.get(),
                    None,
                    Recipient::Judge,
                    &text,
                    &nonce,
                    None,
                )
                .await?;
            }
            e => {
                // Exponential backoff, capped at five minutes. Later messages of this
                // channel wait behind it; other channels go on.
                let wait = 2_i64.saturating_pow(attempts.clamp(0, 8) as u32).min(300);
                sqlx::query!(
                    "UPDATE outbox SET attempts = attempts + 1, last_error = $2,
                         next_attempt_at = now() + make_interval(secs => $3),
                         lease_owner = NULL, leased_until = NULL
                     WHERE id = $1",
                    msg.id,
                    e.to_string(),
                    wait as f64
                )
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }
}
