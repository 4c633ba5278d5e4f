//! The transactional outbox: every message an event causes is a row written with the event;
//! a dispatcher delivers rows through a [`Messenger`] in order per channel, with retries and
//! backoff. Each message is shown once: the dispatcher claims a run of messages with a lease
//! (one short statement, durable before any send), sends each and marks it delivered right
//! after its own send, with no transaction open while the messenger calls out. A message
//! whose claim was never released (its dispatcher died, or lost the database, between send
//! and mark) or whose send failed may have been shown all the same: its next send says so
//! ([`Earlier`]), and the messenger looks for what was shown before showing anything.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::future::Future;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use futures::future;
use futures::stream::{self, TryStreamExt};
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, Postgres, Transaction};
use tokio::sync::watch;

use super::precedence::MAX_YIELD;
use super::{Store, StoreError};
use notify::{self, Delivery, Lang, SetAside};

/// After this many failed sends a message is set aside and the judge is told.
pub const MAX_ATTEMPTS: i32 = 10;

/// How many channels (by their oldest ready message) one claim takes.
const DISPATCH_BATCH: i64 = 64;

/// How many channels of a claim are sent at once. A channel's messages still go one after
/// the other, in order; different channels do not wait for each other, since Discord limits
/// each channel on its own (5 messages per 5 s) and one request at a time would leave the
/// bot at one round trip a request, far under its 50 a second (a hundred games closing
/// their day in the same minute took 5× what the limits allow). The messenger keeps to the
/// global limit itself.
pub const CHANNELS_AT_ONCE: usize = 8;

/// How many claims one dispatch sends at once, each with its own lease ([`Lessee`]): a
/// round ends when its slowest channel does (one waiting 5 s for its bucket, say), and the
/// other lanes go on meanwhile instead of waiting for it. The lanes after the first start
/// only when the first one's claim took a whole [`DISPATCH_BATCH`] of channels: a dispatch
/// is woken by every command that writes a message, most find little or nothing to send,
/// and each lane's search for ready channels walks the pending index, delivered rows
/// included until they are vacuumed (0.8 ms a search after a few hundred thousand
/// deliveries, issue 19).
pub const DISPATCH_LANES: usize = 4;

/// How long a claim holds its messages, in seconds: another dispatcher takes them over only
/// once it has run out (one of the same name at once, see [`name_dispatcher`]).
const LEASE_SECS: f64 = 60.0;

/// A claim is renewed once this much of it has passed, so that every send starts with at
/// least the rest of the lease ahead of it: a send slower than that (40 s, rate limits
/// included) could meet another dispatcher sending the same message.
const RENEW_AFTER: Duration = Duration::from_secs(20);

/// How many more messages of each claimed channel it sends behind the oldest, in order: one
/// search for the channels' heads then serves a run of each, not one message.
const RUN: i64 = 15;

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
    sqlx::query!(
        "INSERT INTO outbox (game_id, event_seq, channel, body, nonce, meta)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (nonce) DO NOTHING",
        game_id,
        event_seq,
        channel,
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

/// What an earlier attempt to send a message may have shown. The dispatcher passes it when
/// the message was claimed before and never marked (its dispatcher died, or lost the
/// database, after or during the send), or when a send of it failed (the request may have
/// reached the platform all the same).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Earlier {
    /// The platform id of the last message of this channel delivered before this one, if
    /// any: whatever the earlier attempt showed is newer.
    pub after: Option<u64>,
    /// When the message was first claimed: nothing of it was shown before.
    pub since: DateTime<Utc>,
}

/// Delivers messages: the Discord adapter in production, a recorder in tests.
pub trait Messenger: Sync {
    /// Shows one message; returns the platform's id of what it showed (the first part, or
    /// the new post), when the platform has ids. With `earlier`, an earlier attempt may have
    /// shown the message or part of it: the messenger first looks for that (by the message's
    /// nonce or text) and shows only what is missing, so that nothing is shown twice.
    fn send(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
    ) -> impl Future<Output = Result<Option<u64>, SendError>> + Send;
}

/// A messenger that records every send, duplicates included (a message sent twice is a
/// message shown twice: only the dispatcher may prevent that), optionally appending each to
/// a JSON-lines file, with the sending process's id, so that a test can read what killed
/// processes sent. Its file is its platform: asked about an [`Earlier`] attempt, it looks
/// there for the message's nonce (as the Discord messenger looks in the channel).
#[derive(Debug, Default)]
pub struct Recorder {
    shown: Mutex<Vec<OutMessage>>,
    /// Each nonce sent, with its id (its line in the file, from 1).
    ids: Mutex<HashMap<String, u64>>,
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
        let mut ids = HashMap::new();
        if file.exists() {
            for line in std::fs::read_to_string(&file)?.lines() {
                if let Ok(m) = serde_json::from_str::<OutMessage>(line) {
                    shown.push(m.clone());
                    ids.entry(m.nonce).or_insert(shown.len() as u64);
                }
            }
        }
        Ok(Recorder {
            shown: Mutex::new(shown),
            ids: Mutex::new(ids),
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
    async fn send(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        // A moderation action (a post's lock, a role) is no message: a recorder has no
        // posts or roles, so it is done as soon as it is asked for, and shows nothing.
        if msg.meta.as_ref().is_some_and(|m| m.moderate.is_some()) {
            return Ok(None);
        }
        let mut ids = self.ids.lock().map_err(|e| SendError::new(e.to_string()))?;
        if earlier.is_some() {
            if let Some(id) = ids.get(&msg.nonce) {
                return Ok(Some(*id));
            }
        }
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
        let id = shown.len() as u64;
        ids.entry(msg.nonce.clone()).or_insert(id);
        Ok(Some(id))
    }
}

/// This process's dispatcher name, once set.
static DISPATCHER: OnceLock<String> = OnceLock::new();

/// Names this process's dispatcher (e.g. the worker's `--name`), before its first dispatch;
/// returns false when it already has a name. A lease held under this name by a dispatch no
/// longer running in this process (a process of this name that died, or a dispatch of this
/// one that ended in an error) is taken back at once, instead of when it runs out; so two
/// live processes must not share a name. Unnamed, a process is `pid:<pid>:<start>`, which
/// no other process shares.
pub fn name_dispatcher(name: &str) -> bool {
    DISPATCHER.set(name.to_string()).is_ok()
}

/// This process's dispatcher name with its `/` (a `/` or `%` in the name escaped), and
/// `<name>/<run>/`, this run of the process.
fn dispatcher() -> &'static (String, String) {
    static PREFIXES: OnceLock<(String, String)> = OnceLock::new();
    PREFIXES.get_or_init(|| {
        let run = Utc::now().timestamp_nanos_opt().unwrap_or_default();
        // Unnamed, no other process shares the name (not even one with this pid elsewhere).
        let name = DISPATCHER
            .get_or_init(|| format!("pid:{}:{run}", std::process::id()))
            .replace('%', "%25")
            .replace('/', "%2F");
        (format!("{name}/"), format!("{name}/{run}/"))
    })
}

/// This process's dispatches: those running (by lease owner), and the number the next
/// one will get.
static LIVE: Mutex<(BTreeSet<String>, i64)> = Mutex::new((BTreeSet::new(), 0));

/// One running dispatch: its lease owner is `<name>/<run>/<n>`, live (in [`LIVE`]) until
/// it is dropped, however the dispatch ends (returned, failed, or cancelled mid-send).
struct Lessee {
    owner: String,
}

impl Lessee {
    fn start() -> Lessee {
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        let owner = format!("{}{}", dispatcher().1, live.1);
        live.1 += 1;
        live.0.insert(owner.clone());
        Lessee { owner }
    }
}

impl Drop for Lessee {
    fn drop(&mut self) {
        if let Ok(mut live) = LIVE.lock() {
            live.0.remove(&self.owner);
        }
    }
}

/// Whose leases a claim may take besides free and run-out ones: those left under this
/// process's name by a dispatch that is no longer running. That is one of an earlier run
/// of a process of this name (it died), or one of this run numbered below `next` and not
/// `live` (it ended in an error or was cancelled). One started after this was taken is
/// running. Bound as `$n..$n+3` of [`free`].
struct Orphans {
    name: String,
    mine: String,
    live: Vec<String>,
    next: i64,
}

impl Orphans {
    fn now() -> Orphans {
        let (name, mine) = dispatcher().clone();
        let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        Orphans {
            name,
            mine,
            live: live.0.iter().cloned().collect(),
            next: live.1,
        }
    }

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

/// At most this many sent messages wait for their mark while one is being written.
const MARK_BACKLOG: usize = 32;

/// Marks sent messages delivered, with the platform's id of what was shown, one statement at
/// a time in the background: a message is marked as soon as the statement before it is done,
/// so right after its own send whenever sends are slower than the database (Discord's
/// always are); when they are faster, the waiting ones go together in the next statement,
/// at most [`MARK_BACKLOG`] (the send loop waits when that many wait). A message sent but not
/// yet marked when its dispatcher dies keeps its lease, so the next attempt looks for it
/// first. The commits do not wait for the disk (`synchronous_commit` off, for these
/// statements only): should the database itself crash and lose some, the same holds;
/// waiting for the disk after every message would cap delivery at the disk's flushes.
struct Marks {
    pool: sqlx::PgPool,
    writing: Option<tokio::task::JoinHandle<Result<(), StoreError>>>,
    waiting: Vec<(i64, Option<i64>)>,
}

impl Marks {
    fn new(pool: sqlx::PgPool) -> Marks {
        Marks {
            pool,
            writing: None,
            waiting: Vec::new(),
        }
    }

    /// A message sent: marked now, or with the next statement.
    async fn sent(&mut self, id: i64, sent_id: Option<u64>) -> Result<(), StoreError> {
        self.waiting.push((id, sent_id.map(|i| i as i64)));
        if let Some(w) = &self.writing {
            if !w.is_finished() && self.waiting.len() < MARK_BACKLOG {
                return Ok(());
            }
        }
        self.finish_writing().await?;
        let batch = std::mem::take(&mut self.waiting);
        self.writing = Some(tokio::spawn(mark(self.pool.clone(), batch)));
        Ok(())
    }

    /// Waits until every message sent is marked.
    async fn flush(&mut self) -> Result<(), StoreError> {
        self.finish_writing().await?;
        let batch = std::mem::take(&mut self.waiting);
        mark(self.pool.clone(), batch).await
    }

    async fn finish_writing(&mut self) -> Result<(), StoreError> {
        match self.writing.take() {
            Some(w) => w.await.map_err(|e| StoreError::Task(e.to_string()))?,
            None => Ok(()),
        }
    }
}

/// Marks messages delivered (see [`Marks`]).
async fn mark(pool: sqlx::PgPool, batch: Vec<(i64, Option<i64>)>) -> Result<(), StoreError> {
    if batch.is_empty() {
        return Ok(());
    }
    let (ids, sent): (Vec<i64>, Vec<Option<i64>>) = batch.into_iter().unzip();
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
    .execute(&pool)
    .await?;
    Ok(())
}

/// The messages of a channel's run (indexes into `rows`, in id order) that a later message
/// of the same run redraws in full (the vote count, [`Delivery::edit_key`]): only the
/// latest needs showing, and each one skipped is a request Discord's 5 per 5 s per channel
/// does not spend. The message that creates the count is never skipped, nor one an earlier
/// attempt may have shown (its send looks for what that attempt made, so that the count is
/// not made twice); if the run stops before the latest, the latest is sent later, whole. A
/// skipped row is delivered without a platform id.
fn superseded(rows: &[Claimed], run: &[usize]) -> HashSet<usize> {
    let key = |i: usize| rows[i].msg.meta.as_ref().and_then(Delivery::edit_key);
    let latest: HashMap<(u32, u32), usize> =
        run.iter().filter_map(|&i| Some((key(i)?, i))).collect();
    run.iter()
        .copied()
        .filter(|&i| rows[i].earlier.is_none())
        .filter(|&i| key(i).is_some_and(|k| latest.get(&k) != Some(&i)))
        .collect()
}

/// A row the claim statement returns (runtime SQL, see [`Store::claim`]'s comment, so read
/// by name through `FromRow`).
#[derive(sqlx::FromRow)]
struct ClaimRow {
    id: i64,
    game_id: i64,
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
    game_id: i64,
    channel: String,
}

/// A claimed message.
struct Claimed {
    msg: OutMessage,
    attempts: i32,
    /// Due for a send (not waiting for a retry).
    ready: bool,
    earlier: Option<Earlier>,
}

/// One claim being sent: what the channels sending at once share.
struct Round<'a> {
    rows: &'a [Claimed],
    owner: &'a str,
    /// Channels that stopped in this round (a failed send, a message not yet due for another
    /// attempt, or a lease lost): what follows them waits.
    stopped: Mutex<BTreeSet<(i64, String)>>,
    /// Messages sent (delivered or failed) or no longer ours: not to be released.
    done: Mutex<BTreeSet<i64>>,
    /// When the leases were last taken or renewed.
    held_since: Mutex<Instant>,
    marks: tokio::sync::Mutex<Marks>,
    delivered: AtomicUsize,
}

impl Round<'_> {
    fn is_stopped(&self, key: &(i64, String)) -> bool {
        lock(&self.stopped).contains(key)
    }

    fn stop(&self, key: (i64, String)) {
        lock(&self.stopped).insert(key);
    }
}

/// A lock of the round's state, held for no await; a panic elsewhere leaves it usable.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Store {
    /// Delivers undelivered messages (of one game, or all) until none is ready; returns how
    /// many were delivered. It runs up to [`DISPATCH_LANES`] lanes at once (one while
    /// little is ready); each round of a lane claims the oldest ready message of up to
    /// [`DISPATCH_BATCH`] channels and up to [`RUN`] messages behind each with a lease
    /// ([`Store::claim`]), then sends each channel's in order, up to [`CHANNELS_AT_ONCE`]
    /// channels at once, marking each message delivered right after its own send
    /// ([`Marks`]; no transaction is open during a send), and releases what it did not
    /// send. A channel stops at its first failed send; what follows waits. Two dispatchers
    /// never hold the same message: a lease is only taken when free, run out, or left under
    /// this process's name by a dispatch no longer running ([`Orphans`],
    /// [`name_dispatcher`]), and a round renews its leases as it goes ([`RENEW_AFTER`]).
    ///
    /// # Errors
    /// Database errors (a failed send is not an error: the row is retried later). The
    /// messages still claimed stay so; the next dispatch of this process takes them back
    /// and treats each as possibly sent.
    pub async fn dispatch<M: Messenger>(
        &self,
        game: Option<i64>,
        messenger: &M,
    ) -> Result<usize, StoreError> {
        // What the first lane's first claim found: a whole batch (`Some(true)`) lets the
        // other lanes start; anything less, or the first lane failing, ends them at once.
        let (busy, told) = watch::channel(None::<bool>);
        let first = self.dispatch_lane(game, messenger, Some(busy));
        let others = (1..DISPATCH_LANES).map(|_| {
            let mut told = told.clone();
            async move {
                let busy = told
                    .wait_for(Option::is_some)
                    .await
                    .is_ok_and(|b| *b == Some(true));
                if !busy {
                    return Ok(0);
                }
                self.dispatch_lane(game, messenger, None).await
            }
        });
        let (first, others) = future::try_join(first, future::try_join_all(others)).await?;
        Ok(first + others.into_iter().sum::<usize>())
    }

    /// One lane of [`Store::dispatch`]: claims, sends and releases round after round, under
    /// a lease of its own, until nothing it may take is ready. With `busy`, it tells there
    /// whether its first claim took a whole batch of channels (the other lanes wait for
    /// that).
    async fn dispatch_lane<M: Messenger>(
        &self,
        game: Option<i64>,
        messenger: &M,
        mut busy: Option<watch::Sender<Option<bool>>>,
    ) -> Result<usize, StoreError> {
        let lessee = Lessee::start();
        let owner = lessee.owner.as_str();
        let mut delivered = 0;
        loop {
            // A burst of deadlines being fired in this process goes first.
            self.precedence.wait(MAX_YIELD).await;
            // Taken before the claim, so that the lease surely lasts this long from here.
            let held_since = Instant::now();
            let rows = self.claim(game, owner).await?;
            if let Some(busy) = busy.take() {
                let channels: HashSet<(i64, &str)> = rows
                    .iter()
                    .map(|r| (r.msg.game_id, r.msg.channel.as_str()))
                    .collect();
                busy.send_replace(Some(channels.len() as i64 >= DISPATCH_BATCH));
            }
            if rows.is_empty() {
                return Ok(delivered);
            }
            let round = Round {
                rows: &rows,
                owner,
                stopped: Mutex::default(),
                done: Mutex::default(),
                held_since: Mutex::new(held_since),
                marks: tokio::sync::Mutex::new(Marks::new(self.pool.clone())),
                delivered: AtomicUsize::new(0),
            };
            // Each channel's messages in id order.
            let mut runs: Vec<Vec<usize>> = Vec::new();
            let mut run_of: HashMap<(i64, &str), usize> = HashMap::new();
            for (i, row) in rows.iter().enumerate() {
                let key = (row.msg.game_id, row.msg.channel.as_str());
                let r = *run_of.entry(key).or_insert_with(|| {
                    runs.push(Vec::new());
                    runs.len() - 1
                });
                runs[r].push(i);
            }
            // The longest runs first: past 5 messages a channel waits for its bucket (5 per
            // 5 s on Discord), so a long run started last would end last by seconds.
            runs.sort_by_key(|run| std::cmp::Reverse(run.len()));
            stream::iter(runs.into_iter().map(Ok::<_, StoreError>))
                .try_for_each_concurrent(CHANNELS_AT_ONCE, |run| {
                    self.send_run(&round, run, messenger)
                })
                .await?;
            delivered += round.delivered.load(Ordering::Relaxed);
            let Round { marks, done, .. } = round;
            marks.into_inner().flush().await?;
            let done = done.into_inner().unwrap_or_else(PoisonError::into_inner);
            let unsent: Vec<&Claimed> = rows.iter().filter(|r| !done.contains(&r.msg.id)).collect();
            self.release(&unsent, owner).await?;
        }
    }

    /// Sends one channel's claimed messages (`run`, indexes into the round's rows, in id
    /// order) one after the other, each marked delivered right after its send; stops at the
    /// first that is not due, fails, or is no longer this dispatcher's.
    async fn send_run<M: Messenger>(
        &self,
        round: &Round<'_>,
        run: Vec<usize>,
        messenger: &M,
    ) -> Result<(), StoreError> {
        let superseded = superseded(round.rows, &run);
        for i in run {
            let row = &round.rows[i];
            let msg = &row.msg;
            let key = (msg.game_id, msg.channel.clone());
            if round.is_stopped(&key) {
                return Ok(());
            }
            if !row.ready {
                round.stop(key);
                return Ok(());
            }
            self.precedence.wait(MAX_YIELD).await;
            self.keep_leases(round).await?;
            if round.is_stopped(&key) {
                return Ok(());
            }
            lock(&round.done).insert(msg.id);
            let sent = if superseded.contains(&i) {
                // A later message of this run redraws the same thing in full.
                Ok(None)
            } else {
                messenger.send(msg, row.earlier).await
            };
            match sent {
                Ok(sent_id) => {
                    round.marks.lock().await.sent(msg.id, sent_id).await?;
                    round.delivered.fetch_add(1, Ordering::Relaxed);
                }
                Err(e) => {
                    round.stop(key);
                    self.settle(msg, row.attempts, e).await?;
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// Renews the round's leases once [`RENEW_AFTER`] has passed since the claim or the
    /// last renewal (one channel does it, the others go on); a message whose lease another
    /// dispatcher took meanwhile is theirs now, and so is the rest of its channel.
    async fn keep_leases(&self, round: &Round<'_>) -> Result<(), StoreError> {
        {
            let mut since = lock(&round.held_since);
            if since.elapsed() < RENEW_AFTER {
                return Ok(());
            }
            *since = Instant::now();
        }
        let rest: Vec<i64> = {
            let done = lock(&round.done);
            round
                .rows
                .iter()
                .map(|r| r.msg.id)
                .filter(|id| !done.contains(id))
                .collect()
        };
        let held = self.renew(&rest, round.owner).await?;
        let mut done = lock(&round.done);
        for r in round.rows {
            if !held.contains(&r.msg.id) && done.insert(r.msg.id) {
                round.stop((r.msg.game_id, r.msg.channel.clone()));
            }
        }
        Ok(())
    }

    /// Claims the oldest ready message of up to [`DISPATCH_BATCH`] channels (that no other
    /// dispatcher holds) and up to [`RUN`] messages behind each, in one statement: each gets
    /// this dispatcher's lease for [`LEASE_SECS`]. Committed (durably) before any send, the
    /// lease is the mark of an attempt: a claim never released says the message may have
    /// been shown. Returned in id order, each with what an earlier attempt may have shown.
    async fn claim(&self, game: Option<i64>, owner: &str) -> Result<Vec<Claimed>, StoreError> {
        let orphans = Orphans::now();
        let heads = self.next_heads(game, &orphans).await?;
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
            free = free(6)
        );
        let query = sqlx::query(&sql)
            .bind(&heads)
            .bind(DISPATCH_BATCH)
            .bind(owner)
            .bind(RUN)
            .bind(LEASE_SECS);
        let rows = orphans.bind(query).fetch_all(&self.pool).await?;
        let mut claimed = Vec::with_capacity(rows.len());
        let mut rows = rows
            .iter()
            .map(ClaimRow::from_row)
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        rows.sort_by_key(|r| r.id);
        // Where each channel's run is up to: a row out of place is not sent (nor what
        // follows it in the channel: it stops there) but released.
        let mut next_pos: HashMap<(i64, String), i64> = HashMap::new();
        for row in rows {
            let earlier = row.earlier.then(|| Earlier {
                after: row.after.map(|id| id as u64),
                since: row.claimed_at.unwrap_or_else(Utc::now),
            });
            let expected = next_pos
                .entry((row.game_id, row.channel.clone()))
                .or_insert(0);
            let in_place = row.pos == *expected;
            *expected += 1;
            claimed.push(Claimed {
                msg: OutMessage {
                    id: row.id,
                    game_id: row.game_id,
                    channel: row.channel,
                    body: row.body,
                    nonce: row.nonce,
                    meta: row.meta.map(serde_json::from_value).transpose()?,
                },
                attempts: row.attempts,
                ready: in_place && row.ready,
                earlier,
            });
        }
        Ok(claimed)
    }

    /// Extends this dispatcher's lease on `ids`; returns those it still held.
    async fn renew(&self, ids: &[i64], owner: &str) -> Result<BTreeSet<i64>, StoreError> {
        let held: Vec<i64> = sqlx::query_scalar!(
            "UPDATE outbox SET leased_until = now() + make_interval(secs => $3)
             WHERE id = ANY($1) AND lease_owner = $2
               AND delivered_at IS NULL AND failed_at IS NULL
             RETURNING id",
            ids,
            owner,
            LEASE_SECS
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(held.into_iter().collect())
    }

    /// Hands back the claimed messages this round did not send. One whose claim said it may
    /// have been shown before keeps the mark (its owner, with the lease run out), so that
    /// whoever sends it next still looks first; the others are free as if never claimed.
    async fn release(&self, rows: &[&Claimed], owner: &str) -> Result<(), StoreError> {
        if rows.is_empty() {
            return Ok(());
        }
        let ids: Vec<i64> = rows.iter().map(|r| r.msg.id).collect();
        let marked: Vec<i64> = rows
            .iter()
            .filter(|r| r.earlier.is_some())
            .map(|r| r.msg.id)
            .collect();
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
        game: Option<i64>,
        orphans: &Orphans,
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
                .bind(game)
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
    async fn settle(
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
                if msg.channel == "judge" {
                    tracing::warn!(error = %e, nonce = %msg.nonce, "a message to the judge's log was set aside");
                    tx.commit().await?;
                    return Ok(());
                }
                let lang = sqlx::query_scalar!("SELECT lang FROM games WHERE id = $1", msg.game_id)
                    .fetch_one(&mut *tx)
                    .await?;
                let lang = Lang::parse(&lang).unwrap_or_default();
                let error = e.to_string();
                let why = if e.permanent {
                    SetAside::Refused { reason: &e.reason }
                } else {
                    SetAside::Undeliverable {
                        attempts: MAX_ATTEMPTS,
                        error: &error,
                    }
                };
                let text = notify::set_aside(lang, &msg.channel, &msg.body, why);
                enqueue(
                    &mut tx,
                    msg.game_id,
                    None,
                    "judge",
                    &text,
                    &format!("{}-undeliverable", msg.nonce),
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

#[cfg(test)]
mod tests {
    use super::*;
    use notify::prompt::TallyRef;

    fn row(id: i64, tally: Option<(u32, bool)>, earlier: bool) -> Claimed {
        Claimed {
            msg: OutMessage {
                id,
                game_id: 1,
                channel: "public".into(),
                body: id.to_string(),
                nonce: id.to_string(),
                meta: tally.map(|(round, opens)| Delivery {
                    tally: Some(TallyRef {
                        day: 1,
                        round,
                        opens,
                    }),
                    ..Delivery::default()
                }),
            },
            attempts: 0,
            ready: true,
            earlier: earlier.then(|| Earlier {
                after: None,
                since: Utc::now(),
            }),
        }
    }

    /// Of a round's redraws waiting together, all but the latest are skipped; never the one
    /// that creates the count, another round's, a plain message, nor a redraw an earlier
    /// attempt may have shown (its send looks for what that attempt made).
    #[test]
    fn only_earlier_redraws_of_one_count_are_superseded() {
        let rows = [
            row(1, Some((0, true)), false),
            row(2, Some((0, false)), false),
            row(3, None, false),
            row(4, Some((0, false)), true),
            row(5, Some((1, false)), false),
            row(6, Some((0, false)), false),
        ];
        let run: Vec<usize> = (0..rows.len()).collect();
        let skipped: BTreeSet<i64> = superseded(&rows, &run)
            .into_iter()
            .map(|i| rows[i].msg.id)
            .collect();
        assert_eq!(skipped, BTreeSet::from([2]));
    }
}
