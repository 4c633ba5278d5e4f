//! Delivering the outbox: a dispatcher claims runs of ready messages under a lease (one short
//! statement, durable before any send, [`store::Store::claim`]), sends each through a
//! [`Messenger`] and has it marked delivered right after its own send, with no transaction
//! open while the messenger calls out; in order per channel, with retries and backoff. Each
//! message is shown once: one whose claim was never released or whose send failed may have
//! been shown all the same, so its next send says so ([`Earlier`]) and the messenger looks
//! for what was shown before showing anything.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use chrono::Utc;
use futures::future;
use futures::stream::{self, TryStreamExt};
use tokio::sync::watch;

use notify::{Delivery, Recipient};
use store::ids::GameId;
use store::outbox::{Claimed, Orphans, DISPATCH_BATCH};
pub use store::outbox::{Earlier, OutMessage, SendError};
use store::precedence::MAX_YIELD;
use store::{Store, StoreError};

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
/// deliveries, the performance round).
pub const DISPATCH_LANES: usize = 4;

/// A claim is renewed once this much of it has passed, so that every send starts with at
/// least the rest of the lease ahead of it: a send slower than that (40 s, rate limits
/// included) could meet another dispatcher sending the same message.
const RENEW_AFTER: Duration = Duration::from_secs(20);

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

/// Whose leases this process's next claim may take besides free and run-out ones
/// ([`Orphans`]): those of dispatches of this name no longer running.
fn orphans() -> Orphans {
    let (name, mine) = dispatcher().clone();
    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    Orphans {
        name,
        mine,
        live: live.0.iter().cloned().collect(),
        next: live.1,
    }
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
    store: Store,
    writing: Option<tokio::task::JoinHandle<Result<(), StoreError>>>,
    waiting: Vec<(i64, Option<u64>)>,
}

impl Marks {
    fn new(store: Store) -> Marks {
        Marks {
            store,
            writing: None,
            waiting: Vec::new(),
        }
    }

    /// A message sent: marked now, or with the next statement.
    async fn sent(&mut self, id: i64, sent_id: Option<u64>) -> Result<(), StoreError> {
        self.waiting.push((id, sent_id));
        if let Some(w) = &self.writing {
            if !w.is_finished() && self.waiting.len() < MARK_BACKLOG {
                return Ok(());
            }
        }
        self.finish_writing().await?;
        let batch = std::mem::take(&mut self.waiting);
        let store = self.store.clone();
        self.writing = Some(tokio::spawn(async move { store.mark_sent(batch).await }));
        Ok(())
    }

    /// Waits until every message sent is marked.
    async fn flush(&mut self) -> Result<(), StoreError> {
        self.finish_writing().await?;
        let batch = std::mem::take(&mut self.waiting);
        self.store.mark_sent(batch).await
    }

    async fn finish_writing(&mut self) -> Result<(), StoreError> {
        match self.writing.take() {
            Some(w) => w.await.map_err(|e| StoreError::Task(e.to_string()))?,
            None => Ok(()),
        }
    }
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

/// One claim being sent: what the channels sending at once share.
struct Round<'a> {
    rows: &'a [Claimed],
    owner: &'a str,
    /// Channels that stopped in this round (a failed send, a message not yet due for another
    /// attempt, or a lease lost): what follows them waits.
    stopped: Mutex<BTreeSet<(GameId, Recipient)>>,
    /// Messages sent (delivered or failed) or no longer ours: not to be released.
    done: Mutex<BTreeSet<i64>>,
    /// When the leases were last taken or renewed.
    held_since: Mutex<Instant>,
    marks: tokio::sync::Mutex<Marks>,
    delivered: AtomicUsize,
}

impl Round<'_> {
    fn is_stopped(&self, key: &(GameId, Recipient)) -> bool {
        lock(&self.stopped).contains(key)
    }

    fn stop(&self, key: (GameId, Recipient)) {
        lock(&self.stopped).insert(key);
    }
}

/// A lock of the round's state, held for no await; a panic elsewhere leaves it usable.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

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
    store: &Store,
    game: Option<GameId>,
    messenger: &M,
) -> Result<usize, StoreError> {
    // What the first lane's first claim found: a whole batch (`Some(true)`) lets the
    // other lanes start; anything less, or the first lane failing, ends them at once.
    let (busy, told) = watch::channel(None::<bool>);
    let first = dispatch_lane(store, game, messenger, Some(busy));
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
            dispatch_lane(store, game, messenger, None).await
        }
    });
    let (first, others) = future::try_join(first, future::try_join_all(others)).await?;
    Ok(first + others.into_iter().sum::<usize>())
}

/// One lane of [`dispatch`]: claims, sends and releases round after round, under
/// a lease of its own, until nothing it may take is ready. With `busy`, it tells there
/// whether its first claim took a whole batch of channels (the other lanes wait for
/// that).
async fn dispatch_lane<M: Messenger>(
    store: &Store,
    game: Option<GameId>,
    messenger: &M,
    mut busy: Option<watch::Sender<Option<bool>>>,
) -> Result<usize, StoreError> {
    let lessee = Lessee::start();
    let owner = lessee.owner.as_str();
    let mut delivered = 0;
    loop {
        // A burst of deadlines being fired in this process goes first.
        store.precedence().wait(MAX_YIELD).await;
        // Taken before the claim, so that the lease surely lasts this long from here.
        let held_since = Instant::now();
        let rows = store.claim(game, owner, &orphans()).await?;
        if let Some(busy) = busy.take() {
            let channels: HashSet<(GameId, Recipient)> = rows
                .iter()
                .map(|r| (r.msg.game_id, r.msg.channel))
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
            marks: tokio::sync::Mutex::new(Marks::new(store.clone())),
            delivered: AtomicUsize::new(0),
        };
        // Each channel's messages in id order.
        let mut runs: Vec<Vec<usize>> = Vec::new();
        let mut run_of: HashMap<(GameId, Recipient), usize> = HashMap::new();
        for (i, row) in rows.iter().enumerate() {
            let key = (row.msg.game_id, row.msg.channel);
            let r = *run_of.entry(key).or_insert_with(|| {
                runs.push(Vec::new());
                runs.len() - 1
            });
            runs[r].push(i);
        }
        // The longest runs first: past 5 messages a channel waits for its bucket (5 per
        // 5 s on Discord), so a long run started last would end last by seconds.
        // A DM carrying a deadline (a night's prompt) before anything else, as the claim
        // took them first (`store::outbox::is_prompt`).
        runs.sort_by_key(|run| {
            let prompt = run
                .first()
                .is_some_and(|&i| store::outbox::is_prompt(&rows[i].msg));
            (!prompt, std::cmp::Reverse(run.len()))
        });
        stream::iter(runs.into_iter().map(Ok::<_, StoreError>))
            .try_for_each_concurrent(CHANNELS_AT_ONCE, |run| {
                send_run(store, &round, run, messenger)
            })
            .await?;
        delivered += round.delivered.load(Ordering::Relaxed);
        let Round { marks, done, .. } = round;
        marks.into_inner().flush().await?;
        let done = done.into_inner().unwrap_or_else(PoisonError::into_inner);
        let unsent: Vec<&Claimed> = rows.iter().filter(|r| !done.contains(&r.msg.id)).collect();
        store.release(&unsent, owner).await?;
    }
}

/// Sends one channel's claimed messages (`run`, indexes into the round's rows, in id
/// order) one after the other, each marked delivered right after its send; stops at the
/// first that is not due, fails, or is no longer this dispatcher's.
async fn send_run<M: Messenger>(
    store: &Store,
    round: &Round<'_>,
    run: Vec<usize>,
    messenger: &M,
) -> Result<(), StoreError> {
    let superseded = superseded(round.rows, &run);
    for i in run {
        let row = &round.rows[i];
        let msg = &row.msg;
        let key = (msg.game_id, msg.channel);
        if round.is_stopped(&key) {
            return Ok(());
        }
        if !row.ready {
            round.stop(key);
            return Ok(());
        }
        store.precedence().wait(MAX_YIELD).await;
        keep_leases(store, round).await?;
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
                store.record_failed_send(msg, row.attempts, e).await?;
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Renews the round's leases once [`RENEW_AFTER`] has passed since the claim or the
/// last renewal (one channel does it, the others go on); a message whose lease another
/// dispatcher took meanwhile is theirs now, and so is the rest of its channel.
async fn keep_leases(store: &Store, round: &Round<'_>) -> Result<(), StoreError> {
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
    let held = store.renew(&rest, round.owner).await?;
    let mut done = lock(&round.done);
    for r in round.rows {
        if !held.contains(&r.msg.id) && done.insert(r.msg.id) {
            round.stop((r.msg.game_id, r.msg.channel));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::prompt::TallyRef;

    fn row(id: i64, tally: Option<(u32, bool)>, earlier: bool) -> Claimed {
        Claimed {
            msg: OutMessage {
                id,
                game_id: GameId(1),
                channel: Recipient::Public,
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
