//! The transactional outbox: every message an event causes is a row written with the event;
//! a dispatcher delivers rows through a [`Messenger`] in order per channel, with retries and
//! backoff, marking each delivered. Each row carries a nonce that the messenger passes on
//! (Discord's `enforce_nonce`), so a crash between sending and marking shows nothing twice.

use std::collections::BTreeSet;
use std::future::Future;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use sqlx::{Postgres, Row, Transaction};

use super::prompt::{self, Delivery};
use super::{Store, StoreError};
use crate::engine::{Audience, Event, EventKind, Game, Role};
use crate::i18n::{self, Lang};

/// After this many failed sends a message is set aside and the judge is told.
pub const MAX_ATTEMPTS: i32 = 10;

/// How many channels (by their oldest ready message) one dispatch transaction claims.
const DISPATCH_BATCH: i64 = 64;

/// How many more messages of each claimed channel it sends behind the oldest, in order: one
/// search for the channels' heads then serves a run of each, not one message.
const RUN: i64 = 15;

/// One message an event causes: where it goes, its text, and how to show it.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub channel: String,
    pub body: String,
    pub meta: Option<Delivery>,
}

/// The messages an event causes (given the state right after it), one per channel.
pub fn messages(e: &Event, g: &Game, lang: Lang) -> Vec<Outgoing> {
    let dms = |ids: Vec<crate::engine::CharId>| -> Vec<String> {
        ids.into_iter().map(|c| format!("dm:{}", c.0)).collect()
    };
    let channels: Vec<String> = match e.audience() {
        Audience::Public => vec!["public".into()],
        Audience::Character(c) => vec![format!("dm:{}", c.0)],
        Audience::Wolves => dms(g.living_with(Role::is_wolfish)),
        Audience::Police => dms(g.living_with(|r| r == Role::Police)),
        Audience::Judge => vec!["judge".into()],
        Audience::Internal => Vec::new(),
    };
    let private: Vec<(String, String)> = prompt::private_copies(e, g, lang)
        .into_iter()
        .map(|(c, text)| (format!("dm:{}", c.0), text))
        .collect();
    if channels.is_empty() && private.is_empty() {
        return Vec::new();
    }
    let text = match &e.kind {
        // A post is the player's own words: relayed as they are under the character's name
        // in an anonymous game; otherwise the player's own message in the thread is the
        // post, and nothing is repeated.
        EventKind::Posted { text, .. } if g.ruleset.options.anonymous => text.clone(),
        EventKind::Posted { .. } => return Vec::new(),
        _ if e.audience() == Audience::Judge => i18n::render_judge(e, g, lang),
        _ => i18n::render(e, g, lang),
    };
    let mut out: Vec<Outgoing> = channels
        .into_iter()
        .map(|channel| (channel, text.clone()))
        .chain(private)
        .map(|(channel, body)| Outgoing {
            meta: prompt::delivery(e, g, &channel, lang),
            body,
            channel,
        })
        .collect();
    if let EventKind::Revealed { tree_holes, .. } = &e.kind {
        out.push(prompt::tree_hole_post(tree_holes, g, lang));
    }
    out
}

/// Writes one outbox row.
pub(crate) async fn enqueue(
    tx: &mut Transaction<'_, Postgres>,
    game_id: i64,
    event_seq: Option<i64>,
    channel: &str,
    body: &str,
    nonce: &str,
    meta: Option<&Delivery>,
) -> Result<(), StoreError> {
    let meta = meta.map(serde_json::to_value).transpose()?;
    sqlx::query(
        "INSERT INTO outbox (game_id, event_seq, channel, body, nonce, meta)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (nonce) DO NOTHING",
    )
    .bind(game_id)
    .bind(event_seq)
    .bind(channel)
    .bind(body)
    .bind(nonce)
    .bind(meta)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A message to deliver.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutMessage {
    pub id: i64,
    pub game_id: i64,
    /// `public`, `judge` or `dm:<seat>`.
    pub channel: String,
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
    pub reason: String,
    pub permanent: bool,
}

impl SendError {
    /// A failure worth retrying (the network, a rate limit, an outage).
    pub fn new(reason: impl Into<String>) -> SendError {
        SendError {
            reason: reason.into(),
            permanent: false,
        }
    }

    /// A refusal for good (too long, invalid, no access).
    pub fn refused(reason: impl Into<String>) -> SendError {
        SendError {
            reason: reason.into(),
            permanent: true,
        }
    }
}

/// Delivers messages: the Discord adapter in production, a recorder in tests.
pub trait Messenger: Sync {
    /// Sends one message. Sending the same nonce twice must show it once.
    fn send(&self, msg: &OutMessage) -> impl Future<Output = Result<(), SendError>> + Send;
}

/// A messenger that records every send, duplicates included (a message sent twice is a
/// message shown twice: only the dispatcher may prevent that), optionally appending each to
/// a JSON-lines file, with the sending process's id, so that a test can read what killed
/// processes sent.
#[derive(Debug, Default)]
pub struct Recorder {
    shown: Mutex<Vec<OutMessage>>,
    /// Every send.
    pub sends: Mutex<usize>,
    file: Option<PathBuf>,
}

/// One line of a [`Recorder`]'s file: the message and the process that sent it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Sent {
    #[serde(flatten)]
    pub msg: OutMessage,
    pub process: u32,
}

impl Recorder {
    /// A recorder appending to `file` (and reading what it already holds). Each line is
    /// written before the send returns: once written it is the kernel's, so a process
    /// killed right after loses none (only a crash of the machine could, which no test
    /// makes), and no `fsync` slows every send.
    ///
    /// # Errors
    /// When the file exists but cannot be read.
    pub fn with_file(file: PathBuf) -> std::io::Result<Recorder> {
        Recorder::appending(file)
    }

    /// The same as [`Recorder::with_file`].
    ///
    /// # Errors
    /// When the file exists but cannot be read.
    pub fn appending(file: PathBuf) -> std::io::Result<Recorder> {
        let mut shown = Vec::new();
        if file.exists() {
            for line in std::fs::read_to_string(&file)?.lines() {
                if let Ok(m) = serde_json::from_str::<OutMessage>(line) {
                    shown.push(m);
                }
            }
        }
        Ok(Recorder {
            shown: Mutex::new(shown),
            sends: Mutex::new(0),
            file: Some(file),
        })
    }

    /// Every message sent, in the order sent, duplicates included.
    pub fn shown(&self) -> Vec<OutMessage> {
        self.shown.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

impl Messenger for Recorder {
    async fn send(&self, msg: &OutMessage) -> Result<(), SendError> {
        if let Ok(mut n) = self.sends.lock() {
            *n += 1;
        }
        let mut shown = self
            .shown
            .lock()
            .map_err(|e| SendError::new(e.to_string()))?;
        if let Some(path) = &self.file {
            let sent = Sent {
                msg: msg.clone(),
                process: std::process::id(),
            };
            let mut line =
                serde_json::to_string(&sent).map_err(|e| SendError::new(e.to_string()))?;
            line.push('\n');
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| SendError::new(e.to_string()))?;
            // One write, so that a process killed mid-send leaves no half line.
            f.write_all(line.as_bytes())
                .map_err(|e| SendError::new(e.to_string()))?;
        }
        shown.push(msg.clone());
        Ok(())
    }
}

impl Store {
    /// Delivers undelivered messages (of one game, or all) until none is ready; returns how
    /// many were delivered. A transaction claims the oldest ready message of up to
    /// [`DISPATCH_BATCH`] channels and up to [`RUN`] messages behind each, sends them in
    /// order and marks them, so two dispatchers never send the same row at once and
    /// per-channel order holds (a channel stops at its first failed send).
    ///
    /// # Errors
    /// Database errors (a failed send is not an error: the row is retried later).
    pub async fn dispatch<M: Messenger>(
        &self,
        game: Option<i64>,
        messenger: &M,
    ) -> Result<usize, StoreError> {
        let mut delivered = 0;
        loop {
            let mut tx = self.pool.begin().await?;
            let heads = self.next_heads(&mut tx, game).await?;
            // Lock them by primary key (the `COALESCE` keeps the planner off the partial
            // indexes, whose bitmap scans read every pending row); a row another dispatcher
            // holds is skipped, one it delivered meanwhile no longer matches.
            let heads: Vec<i64> = sqlx::query_scalar(
                "SELECT o.id FROM outbox o
                 WHERE o.id = ANY($1) AND COALESCE(o.delivered_at, o.failed_at) IS NULL
                   AND o.next_attempt_at <= now()
                 ORDER BY o.id LIMIT $2 FOR UPDATE SKIP LOCKED",
            )
            .bind(&heads)
            .bind(DISPATCH_BATCH)
            .fetch_all(&mut *tx)
            .await?;
            if heads.is_empty() {
                tx.commit().await?;
                return Ok(delivered);
            }
            // The rows behind each locked head. No other dispatcher takes them (nor needs them
            // locked): one only takes a channel by locking its oldest row, which is ours
            // until we commit.
            let rows = sqlx::query(
                "SELECT o.id, o.game_id, o.channel, o.body, o.nonce, o.meta, o.attempts,
                        o.next_attempt_at <= now() AS ready
                 FROM outbox o WHERE o.id IN (
                    SELECT h.id FROM outbox h WHERE h.id = ANY($1)
                    UNION ALL
                    SELECT r.id FROM outbox h, LATERAL (
                        SELECT p.id FROM outbox p
                        WHERE p.game_id = h.game_id AND p.channel = h.channel AND p.id > h.id
                          AND p.delivered_at IS NULL AND p.failed_at IS NULL
                        ORDER BY p.id LIMIT $2) r
                    WHERE h.id = ANY($1))
                 ORDER BY o.id",
            )
            .bind(&heads)
            .bind(RUN)
            .fetch_all(&mut *tx)
            .await?;
            let mut sent = Vec::with_capacity(rows.len());
            // Channels that stopped in this batch: a failed send, or a message not yet due
            // for another attempt; what follows them waits.
            let mut stopped: BTreeSet<(i64, String)> = BTreeSet::new();
            for row in rows {
                let msg = OutMessage {
                    id: row.try_get("id")?,
                    game_id: row.try_get("game_id")?,
                    channel: row.try_get("channel")?,
                    body: row.try_get("body")?,
                    nonce: row.try_get("nonce")?,
                    meta: row
                        .try_get::<Option<serde_json::Value>, _>("meta")?
                        .map(serde_json::from_value)
                        .transpose()?,
                };
                let key = (msg.game_id, msg.channel.clone());
                if stopped.contains(&key) {
                    continue;
                }
                if !row.try_get::<bool, _>("ready")? {
                    stopped.insert(key);
                    continue;
                }
                let attempts: i32 = row.try_get("attempts")?;
                let result = messenger.send(&msg).await;
                if result.is_err() {
                    stopped.insert(key);
                }
                Self::settle(&mut tx, &msg, attempts, result, &mut sent).await?;
            }
            if !sent.is_empty() {
                sqlx::query(
                    "UPDATE outbox SET delivered_at = now(), attempts = attempts + 1 WHERE id = ANY($1)",
                )
                .bind(&sent)
                .execute(&mut *tx)
                .await?;
            }
            delivered += sent.len();
            tx.commit().await?;
        }
    }

    /// The oldest ready row of up to twice [`DISPATCH_BATCH`] channels with undelivered
    /// messages (a later row waits behind its channel's oldest), taking the channels in
    /// turn: the search skips from channel to channel along the per-channel index (one
    /// probe per channel, not per pending row) starting after where the last search of this
    /// process stopped, and stops as soon as it has enough, wrapping around at the end. So
    /// its cost follows the batch, not the number of channels waiting, and every channel is
    /// served once a round however long the backlog.
    async fn next_heads(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        game: Option<i64>,
    ) -> Result<Vec<i64>, StoreError> {
        let want = DISPATCH_BATCH * 2;
        let from = self
            .dispatch_cursor
            .lock()
            .map(|c| c.clone())
            .unwrap_or_default();
        let mut found: Vec<(i64, i64, String)> = Vec::new();
        for start in [from.clone(), None] {
            let (after_game, after_channel) = start.clone().unwrap_or((i64::MIN, String::new()));
            let rows = sqlx::query(
                "WITH RECURSIVE heads AS (
                    (SELECT p.game_id, p.channel, p.id, p.next_attempt_at FROM outbox p
                     WHERE p.delivered_at IS NULL AND p.failed_at IS NULL
                       AND ($1::BIGINT IS NULL OR p.game_id = $1)
                       AND (p.game_id, p.channel) > ($3::BIGINT, $4::TEXT)
                     ORDER BY p.game_id, p.channel, p.id LIMIT 1)
                    UNION ALL
                    SELECT n.game_id, n.channel, n.id, n.next_attempt_at FROM heads h,
                    LATERAL (SELECT p.game_id, p.channel, p.id, p.next_attempt_at FROM outbox p
                        WHERE p.delivered_at IS NULL AND p.failed_at IS NULL
                          AND ($1::BIGINT IS NULL OR p.game_id = $1)
                          AND (p.game_id, p.channel) > (h.game_id, h.channel)
                        ORDER BY p.game_id, p.channel, p.id LIMIT 1) n)
                 SELECT id, game_id, channel FROM heads WHERE next_attempt_at <= now() LIMIT $2",
            )
            .bind(game)
            .bind(want - found.len() as i64)
            .bind(after_game)
            .bind(after_channel)
            .fetch_all(&mut **tx)
            .await?;
            for r in rows {
                let id: i64 = r.try_get("id")?;
                if !found.iter().any(|f| f.0 == id) {
                    found.push((id, r.try_get("game_id")?, r.try_get("channel")?));
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

    /// Records a send's result: a success joins `sent`; a failure waits with a backoff, or
    /// after [`MAX_ATTEMPTS`] is set aside and the judge told.
    async fn settle(
        tx: &mut Transaction<'_, Postgres>,
        msg: &OutMessage,
        attempts: i32,
        result: Result<(), SendError>,
        sent: &mut Vec<i64>,
    ) -> Result<(), StoreError> {
        match result {
            Ok(()) => sent.push(msg.id),
            Err(e) if e.permanent || attempts + 1 >= MAX_ATTEMPTS => {
                // Set aside: the channel moves on, the judge is told in one short line (a
                // refused message may be refused for its length: it is not repeated), unless
                // the message was to the judge's log itself or was such a notice (no notice
                // about a notice).
                sqlx::query(
                    "UPDATE outbox SET attempts = attempts + 1, last_error = $2, failed_at = now()
                     WHERE id = $1",
                )
                .bind(msg.id)
                .bind(e.to_string())
                .execute(&mut **tx)
                .await?;
                if msg.channel == "judge" {
                    tracing::warn!(error = %e, nonce = %msg.nonce, "a message to the judge's log was set aside");
                    return Ok(());
                }
                let lang = sqlx::query("SELECT lang FROM games WHERE id = $1")
                    .bind(msg.game_id)
                    .fetch_one(&mut **tx)
                    .await?
                    .try_get::<String, _>("lang")?;
                let lang = Lang::parse(&lang).unwrap_or_default();
                let text = if e.permanent {
                    i18n::text(
                        lang,
                        "outbox-refused",
                        &[
                            ("channel", msg.channel.clone()),
                            ("error", excerpt(&e.reason, 200)),
                            ("start", excerpt(&msg.body, 80)),
                        ],
                    )
                } else {
                    i18n::text(
                        lang,
                        "outbox-undeliverable",
                        &[
                            ("channel", msg.channel.clone()),
                            ("attempts", MAX_ATTEMPTS.to_string()),
                            ("error", e.to_string()),
                            ("body", msg.body.clone()),
                        ],
                    )
                };
                enqueue(
                    tx,
                    msg.game_id,
                    None,
                    "judge",
                    &text,
                    &format!("{}-undeliverable", msg.nonce),
                    None,
                )
                .await?;
            }
            Err(e) => {
                // Exponential backoff, capped at five minutes. Later messages of this
                // channel wait behind it; other channels go on.
                let wait = 2_i64.saturating_pow(attempts.clamp(0, 8) as u32).min(300);
                sqlx::query(
                    "UPDATE outbox SET attempts = attempts + 1, last_error = $2,
                     next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1",
                )
                .bind(msg.id)
                .bind(e.to_string())
                .bind(wait as f64)
                .execute(&mut **tx)
                .await?;
            }
        }
        Ok(())
    }
}

/// The first `max` characters of a text on one line, with `…` when there was more: enough
/// for the judge to recognise a message in a one-line notice.
fn excerpt(text: &str, max: usize) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut out: String = flat.chars().take(max).collect();
    if flat.chars().count() > max {
        out.push('…');
    }
    out
}
