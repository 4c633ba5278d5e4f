//! Games in PostgreSQL: the event log, snapshots, the transactional outbox, durable
//! deadlines and idempotent commands.
//!
//! A command is atomic: load the game (latest snapshot + newer events, or this process's
//! cached state), run the engine, then one statement appends its events, writes an outbox
//! row for every message they cause, records the command's key with its result, and adds
//! the game's next deadlines. Two commands racing on one game both try to move `games.seq`
//! from the value they loaded; the loser's statement matches no row and writes nothing, and
//! it is retried against the new state. With the game's state cached a command costs one
//! round trip, otherwise two.

pub mod archive;
pub mod bench;
pub mod camp;
pub mod deadline;
pub mod export;
pub mod forum;
mod group;
pub mod guild;
pub mod ids;
mod notice;
pub mod outbox;
pub mod penalties;
pub mod play;
pub mod posts;
pub mod precedence;
pub mod records;
pub mod relay;
pub mod resolve;
pub mod retention;
pub mod route;
mod seats;
pub mod signup;
mod statement;
pub mod substitutes;
pub mod tally;
pub mod tournament;
pub mod uno_games;
pub mod web;

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::types::Json;
use sqlx::{Postgres, Transaction};

use engine::{self, Audience, Command, Event, Game, Setup};
use notify::{self, Lang, Recipient};

use ids::{Channel, GameId};

pub(crate) use statement::{write, Written};

/// The default database when neither `--database-url` nor `DATABASE_URL` says otherwise.
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// How long a database call waits for a connection from the pool before it fails. sqlx's
/// default is 30 s: during a database outage every call (a slash command's, a worker's) would
/// hang that long, far past Discord's 3 s for an answer. Two seconds is ample under load (a
/// statement holds a connection for milliseconds; the pools are sized to their tasks) and
/// lets an outage surface as an error the caller can word truthfully or retry.
pub const ACQUIRE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// A connection given back to the pool less than this long ago is handed out again without
/// a ping first ([`pool_options`]).
pub const PING_IF_IDLE: std::time::Duration = std::time::Duration::from_secs(1);

/// The pool the store runs on, of at most `connections` connections: what [`connect_with`]
/// opens, and what a test or bench that stands in for it configures.
///
/// sqlx pings every connection it hands out by default: one more round trip before each
/// command's statement, on the path a player's click waits on (an interaction took 2
/// statements and that ping). A connection was already pinged when it was given back
/// (sqlx does that on every release), so one given back less than [`PING_IF_IDLE`] ago is
/// handed out as it is; one idle longer (it may have outlived a database restart) is pinged,
/// and a failed ping drops it for a fresh connection, as sqlx's own check does. Only a
/// restart within that second can leave a dead connection in the pool: its next statement
/// fails, as any statement on a connection the restart cut while in use does, and the pool
/// replaces it.
pub fn pool_options(connections: u32) -> PgPoolOptions {
    PgPoolOptions::new()
        .max_connections(connections.max(1))
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for < PING_IF_IDLE {
                    return Ok(true);
                }
                Ok(sqlx::Connection::ping(conn).await.is_ok())
            })
        })
}

/// Take a snapshot whenever the log crosses a multiple of this many events.
const SNAPSHOT_EVERY: i64 = 64;

/// How often a command is retried after losing a race.
const MAX_RETRIES: usize = 64;

/// Which of this process's cached states a change's attempt (a command's, a deadline's
/// firing) may start from. The first attempt takes any. A retry after a lost race takes
/// only one newer than the state that lost (the winner was written by this process, which
/// kept its state), so that a change that lost is not put a load behind its game's next
/// changes again and again (seen: a deadline losing 64 races in a row in the bench). After
/// a conflict (a key recorded, another process's write) it takes none: it loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Retry(i64);

impl Retry {
    const FIRST: Retry = Retry(i64::MIN);
    const LOAD: Retry = Retry(i64::MAX);

    /// The next attempt after losing the race on the state at `seq`.
    fn lost(seq: i64) -> Retry {
        Retry(seq)
    }

    /// Whether the attempt runs again after a lost race or a conflict (it then takes the
    /// turn its game keeps for it: [`group`]).
    fn again(self) -> bool {
        self != Retry::FIRST
    }
}

/// A database problem, or a game that is not there.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is unreadable: {0}")]
    Decode(#[from] serde_json::Error),
    #[error("no game {0}")]
    NoGame(ids::GameId),
    /// No game where one was looked for without its id: by a place (a channel, a server, a
    /// player's DMs) or by its key; says which.
    #[error("no game {0}")]
    NoGameFound(&'static str),
    /// A stored Discord id that is 0 (Discord never gives it out).
    #[error("stored data is unreadable: {0}")]
    ZeroId(#[from] ids::ZeroId),
    /// A game's log could not be compressed (`store::archive`).
    #[error("a game's log cannot be packed: {0}")]
    Pack(std::io::Error),
    #[error("the game cannot be created: {0}")]
    Setup(#[from] engine::SetupError),
    #[error("gave up after {0} lost races on one game")]
    Contention(usize),
    /// A task firing deadlines stopped (it panicked or was cancelled).
    #[error("a worker task failed: {0}")]
    Task(String),
    /// The game cannot be written as a game script (e.g. a ruleset that is not built in).
    #[error("the game cannot be exported as a script: {0}")]
    Unexportable(String),
}

/// What kind of failure a [`StoreError`] is, as its callers need to know it: whether the
/// statement may have committed, and whether it is the database's doing at all. The store
/// classifies its own errors, so no caller reads `sqlx::Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The database did not answer (no connection within [`ACQUIRE_TIMEOUT`], the pool
    /// closed, the connection broke, the server going away): the statement may or may not
    /// have committed.
    Unavailable,
    /// The statement lost a race (a serialization failure, a deadlock, a key another
    /// transaction took first) and kept losing it after the store's retries: its
    /// transaction is rolled back, nothing was changed.
    Conflict,
    /// The database answered with an error (a constraint, a statement it refused): its
    /// transaction is rolled back, nothing was changed.
    Refused,
    /// Anything else: stored data that does not read back, a game that is not there, a
    /// task that stopped, a setup that cannot seat the players.
    Other,
}

impl StoreError {
    /// What kind of failure this is ([`ErrorKind`]).
    pub fn kind(&self) -> ErrorKind {
        match self {
            StoreError::Db(e) => db_error_kind(e),
            StoreError::Contention(_) => ErrorKind::Conflict,
            _ => ErrorKind::Other,
        }
    }

    /// Whether the database did not answer ([`ErrorKind::Unavailable`]): the statement may
    /// or may not have committed.
    pub fn is_unavailable(&self) -> bool {
        self.kind() == ErrorKind::Unavailable
    }

    /// Whether the database refused the statement, or it kept losing races
    /// ([`ErrorKind::Refused`], [`ErrorKind::Conflict`]): its transaction is surely rolled
    /// back, nothing was changed.
    pub fn is_rolled_back(&self) -> bool {
        matches!(self.kind(), ErrorKind::Refused | ErrorKind::Conflict)
    }

    /// Whether the pool gave no connection in time (the database is too busy or away).
    pub fn is_timeout(&self) -> bool {
        matches!(self, StoreError::Db(sqlx::Error::PoolTimedOut))
    }
}

/// The kind of a database error. A refusal of the server's is the server going away when
/// its SQLSTATE is of class 08 (connection exception) or 57 (the server shutting down or
/// starting), a lost race when it is a serialization failure, a deadlock or a unique key
/// taken by a concurrent write ([`is_conflict`]), and otherwise a refusal. An error on the
/// way to the server (I/O, TLS, the protocol, the pool) means it did not answer; an error
/// reading an answer (decoding a row) is none of the database's.
fn db_error_kind(e: &sqlx::Error) -> ErrorKind {
    match e {
        sqlx::Error::Database(d) => {
            let code = d.code();
            if code
                .as_deref()
                .is_some_and(|c| c.starts_with("08") || c.starts_with("57"))
            {
                ErrorKind::Unavailable
            } else if is_conflict(e) {
                ErrorKind::Conflict
            } else {
                ErrorKind::Refused
            }
        }
        sqlx::Error::RowNotFound
        | sqlx::Error::TypeNotFound { .. }
        | sqlx::Error::ColumnIndexOutOfBounds { .. }
        | sqlx::Error::ColumnNotFound(_)
        | sqlx::Error::ColumnDecode { .. }
        | sqlx::Error::Encode(_)
        | sqlx::Error::Decode(_) => ErrorKind::Other,
        _ => ErrorKind::Unavailable,
    }
}

/// What a command came to; stored under its key so a retry gets the same answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    /// Accepted: events `first..=last` were appended (`first > last`: nothing to append).
    Accepted { first: i64, last: i64 },
    /// Refused by the rules; nothing changed.
    Refused { code: String, message: String },
}

/// Connects to the database and applies the migrations.
///
/// # Errors
/// [`StoreError`] when the database does not answer or a migration fails.
pub async fn connect(url: &str) -> Result<PgPool, StoreError> {
    connect_with(url, 8).await
}

/// [`connect`] with a pool of at most `connections` connections.
///
/// # Errors
/// As [`connect`].
pub async fn connect_with(url: &str, connections: u32) -> Result<PgPool, StoreError> {
    let pool = pool_options(connections).connect(url).await?;
    migrate(&pool).await?;
    Ok(pool)
}

/// The URL of database `db` on the server `url` points at (its path replaced).
pub fn url_for_database(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let host_from = base.find("//").map_or(0, |i| i + 2);
    let server = match base[host_from..].find('/') {
        Some(i) => &base[..host_from + i],
        None => base,
    };
    match query {
        Some(q) => format!("{server}/{db}?{q}"),
        None => format!("{server}/{db}"),
    }
}

/// Applies the migrations in `migrations/`.
///
/// # Errors
/// [`StoreError::Migrate`] when one fails.
pub async fn migrate(pool: &PgPool) -> Result<(), StoreError> {
    sqlx::migrate!("../../migrations").run(pool).await?;
    Ok(())
}

/// Runs one statement (a transaction of its own) again while it loses a race with another
/// (a deadlock, a serialization failure): PostgreSQL rolls such a statement back whole, so
/// running it again changes nothing twice. Statements that take several rows' locks in an
/// order of the plan's choosing (the outbox's claims and marks of two dispatch lanes, or of
/// two processes, whose leases ran out while they were slow) can deadlock with each other;
/// the database then picks one to fail.
///
/// # Errors
/// The statement's own error, or [`StoreError::Contention`] when it keeps losing.
pub(crate) async fn again_while_lost<T, F, Fut>(mut run: F) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, sqlx::Error>>,
{
    for _ in 0..MAX_RETRIES {
        match run().await {
            Err(e) if is_conflict(&e) => continue,
            answer => return Ok(answer?),
        }
    }
    Err(StoreError::Contention(MAX_RETRIES))
}

/// Whether an error is a lost race (the conflicting transaction committed first).
fn is_conflict(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if matches!(d.code().as_deref(), Some("23505" | "40001" | "40P01")))
}

/// At most this many games' states are kept in process memory (the cache is emptied when
/// it would grow past it; a game then costs one load again).
const CACHED_GAMES: usize = 20_000;

/// A game's state as of a committed seq, as this process last wrote or loaded it.
#[derive(Debug, Clone)]
struct Cached {
    seq: i64,
    /// Shared, not copied: a command reads it and builds the next state beside it.
    game: Arc<Game>,
    lang: Lang,
}

/// The latest state of the games this process touched, by game id. An entry is only ever
/// a state that was committed at its seq, so it is correct for that seq for ever (the log
/// is append-only); whether it is still the *current* state is decided by the database: a
/// write moves `games.seq` from the cached seq in the same statement, and matches no row
/// when another transaction (or process) moved it first.
///
/// Beside the states, the game last found in each channel ([`Store::resolve`]): a day's or
/// a sign-up's post belongs to one game for ever, so the next lookup there can bring that
/// game's cached seq along.
#[derive(Debug, Default)]
struct GameCache {
    games: std::sync::Mutex<std::collections::HashMap<GameId, Cached>>,
    places: std::sync::Mutex<std::collections::HashMap<Channel, GameId>>,
}

impl GameCache {
    /// The game found in `channel` before, if any.
    fn place(&self, channel: Channel) -> Option<GameId> {
        self.places.lock().ok()?.get(&channel).copied()
    }

    /// Remembers that `channel` is a post of `game`.
    fn found(&self, channel: Channel, game: GameId) {
        let Ok(mut places) = self.places.lock() else {
            return;
        };
        if places.len() >= CACHED_GAMES && !places.contains_key(&channel) {
            places.clear();
        }
        places.insert(channel, game);
    }

    fn get(&self, game_id: GameId) -> Option<Cached> {
        self.games.lock().ok()?.get(&game_id).cloned()
    }

    /// The cached state an attempt may start from ([`Retry`]).
    fn for_attempt(&self, game_id: GameId, retry: Retry) -> Option<Cached> {
        self.get(game_id).filter(|c| c.seq > retry.0)
    }

    /// Keeps `game` as the state at `seq` unless a newer one is already kept.
    fn put(&self, game_id: GameId, seq: i64, game: Arc<Game>, lang: Lang) {
        let Ok(mut games) = self.games.lock() else {
            return;
        };
        if games.get(&game_id).is_some_and(|c| c.seq >= seq) {
            return;
        }
        if games.len() >= CACHED_GAMES && !games.contains_key(&game_id) {
            games.clear();
        }
        games.insert(game_id, Cached { seq, game, lang });
    }
}

/// One connection held for a unit of work whose statements run on it in turn (the
/// interaction path: [`Store::resolve`], then [`Store::act_on`]); taken with
/// [`Store::connection`], given back to the pool when dropped. What it holds is the
/// store's own: above the store it is only passed back to the store's methods.
#[derive(Debug)]
pub struct Session(sqlx::pool::PoolConnection<Postgres>);

impl Session {
    /// The connection itself, for a measurement that reads the server's own counters on
    /// the same connection (the tests' and benches' statements, never the product's).
    pub fn raw(&mut self) -> &mut sqlx::PgConnection {
        &mut self.0
    }
}

impl From<sqlx::pool::PoolConnection<Postgres>> for Session {
    fn from(conn: sqlx::pool::PoolConnection<Postgres>) -> Session {
        Session(conn)
    }
}

/// The store of games.
#[derive(Debug, Clone)]
pub struct Store {
    /// Private: every statement is a method of the store (see [`Store::pool`] for the
    /// few that need the pool itself).
    pool: PgPool,
    cache: std::sync::Arc<GameCache>,
    /// The channel (game, channel) where this process's last search for messages to send
    /// stopped; the next one goes on from there ([`Store::dispatch`]).
    dispatch_cursor: std::sync::Arc<std::sync::Mutex<Option<(GameId, String)>>>,
    /// Whether a worker round of this process is firing a backlog, which the dispatchers
    /// let go first ([`precedence`]).
    precedence: precedence::Precedence,
    /// The changes waiting to be written together ([`group`]).
    group: group::Group,
    /// The UNO games' states ([`uno_games`]).
    uno_cache: std::sync::Arc<uno_games::UnoCache>,
}

impl Store {
    pub fn new(pool: PgPool) -> Store {
        Store {
            pool,
            cache: std::sync::Arc::default(),
            dispatch_cursor: std::sync::Arc::default(),
            precedence: precedence::Precedence::default(),
            group: group::Group::default(),
            uno_cache: std::sync::Arc::default(),
        }
    }

    /// The connection pool itself, for tests and administration only (a test's own
    /// assertions on rows, a bench's scratch setup): the product's statements are methods
    /// of the store, and nothing outside it should write SQL.
    #[doc(hidden)]
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// How many changes wait in this process's write queue ([`group`]) behind the ones
    /// being written: for tests that must know a change is queued before they let a lock go.
    #[doc(hidden)]
    pub fn writes_waiting(&self) -> usize {
        self.group.waiting()
    }

    /// This store's order between deadline firings and deliveries ([`precedence`]): the
    /// runtime's firings hold it while deadlines wait for a slot, and its dispatchers wait.
    pub fn precedence(&self) -> &precedence::Precedence {
        &self.precedence
    }

    /// Holds this process's dispatchers back (as a backlog of deadlines does,
    /// [`precedence`]) until the hold is dropped: the bot's worker holds them while day
    /// posts are being read back, since those requests gate the closes that players wait for.
    pub fn hold_delivery(&self) -> precedence::Hold {
        self.precedence.hold()
    }

    /// Closes the pool: waits for its connections to be returned, then closes them.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Creates a game under `key`, or finds the one already created under it.
    ///
    /// # Errors
    /// [`StoreError::Setup`] when the ruleset cannot seat the characters; database errors.
    pub async fn create_game(
        &self,
        key: &str,
        setup: &Setup,
        lang: Lang,
    ) -> Result<i64, StoreError> {
        self.create_game_from(key, setup, lang, None).await
    }

    /// As [`Store::create_game`], and `from` a sign-up: records the sign-up as this game's,
    /// with its seats, in the transaction that creates the game. The game's first messages
    /// (the role DMs, the day's post) are written by that transaction too, and a dispatcher
    /// may take them the moment it commits: each needs the game's route (its server, from
    /// the sign-up) and a DM its seat's account, so they must not commit before these.
    /// (Recorded after, a send could find no route, fail, and wait out a backoff; seen
    /// under load.) A game found already created under `key` is linked again, which
    /// changes nothing.
    ///
    /// # Errors
    /// As [`Store::create_game`].
    pub async fn create_game_from(
        &self,
        key: &str,
        setup: &Setup,
        lang: Lang,
        from: Option<signup::FromSignup<'_>>,
    ) -> Result<i64, StoreError> {
        if let Some(id) = self.game_id(key).await? {
            if let Some(from) = from {
                self.link_signup(from, id).await?;
            }
            return Ok(id);
        }
        let events = engine::create(setup)?;
        let game = Game::replay(&events);
        let mut tx = self.pool.begin().await?;
        let id = insert_game(&mut tx, key, &setup.ruleset.name, lang).await?;
        let Some(id) = id else {
            tx.rollback().await?;
            return self
                .game_id(key)
                .await?
                .ok_or(StoreError::NoGameFound("under its key"));
        };
        for (seat, name) in setup.characters.iter().enumerate() {
            let player = setup
                .players
                .as_ref()
                .and_then(|p| p.get(seat))
                .unwrap_or(name);
            insert_seat(&mut tx, id, seat, name, player, setup.start).await?;
        }
        if let Some(from) = from {
            signup::link(&mut tx, from, id).await?;
        }
        append(&mut tx, id, &Game::default(), 0, &events, &game, lang).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The id of the game created under `key`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game_id(&self, key: &str) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar!("SELECT id FROM games WHERE key = $1", key)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The game's current state.
    ///
    /// # Errors
    /// [`StoreError::NoGame`]; database errors.
    pub async fn load(&self, game_id: GameId) -> Result<Game, StoreError> {
        Ok(Arc::unwrap_or_clone(self.load_cached(game_id).await?.0))
    }

    /// The game's current state (shared with the cache) and its language, in one round trip
    /// through this process's cached state ([`Store::load_for`]).
    ///
    /// # Errors
    /// [`StoreError::NoGame`]; database errors.
    pub async fn load_cached(&self, game_id: GameId) -> Result<(Arc<Game>, Lang), StoreError> {
        let (game, _, lang) = self.load_current(game_id).await?;
        Ok((game, lang))
    }

    /// As [`Store::load_cached`], with the seq the state is at; the connection is given
    /// back before it returns.
    ///
    /// # Errors
    /// [`StoreError::NoGame`]; database errors.
    pub(crate) async fn load_current(
        &self,
        game_id: GameId,
    ) -> Result<(Arc<Game>, i64, Lang), StoreError> {
        let mut conn = self.pool.acquire().await?;
        match self.load_for(&mut conn, game_id, None).await? {
            Loaded::Game(game, seq, lang) => Ok((game, seq, lang)),
            Loaded::Recorded(_) => Err(StoreError::NoGame(game_id)),
        }
    }

    /// The game's whole event log (packed or not: `store::archive`).
    ///
    /// # Errors
    /// Database errors; [`StoreError::Decode`] for a log that does not read back.
    pub async fn events(&self, game_id: GameId) -> Result<Vec<Event>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        archive::event_bodies(&mut conn, game_id.get())
            .await?
            .into_iter()
            .map(|b| Ok(serde_json::from_value(b)?))
            .collect()
    }

    /// Game `game_id`'s events after number `seq`, with their numbers, in order (none when
    /// they are packed: a finished game's, after retention).
    ///
    /// # Errors
    /// Database errors; [`StoreError::Decode`].
    pub async fn events_after(
        &self,
        game_id: GameId,
        seq: i64,
    ) -> Result<Vec<(i64, Event)>, StoreError> {
        let rows = sqlx::query!(
            "SELECT seq, body FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq",
            game_id.get(),
            seq,
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| Ok((r.seq, serde_json::from_value(r.body)?)))
            .collect()
    }

    /// Runs one command under an idempotency `key`: the same key again returns the first
    /// result and changes nothing.
    ///
    /// # Errors
    /// Database errors; [`StoreError::Contention`] if it keeps losing races.
    pub async fn execute(
        &self,
        game_id: GameId,
        key: &str,
        cmd: &Command,
        now: DateTime<Utc>,
    ) -> Result<Outcome, StoreError> {
        // The first attempt trusts the cached state (no load at all); see [`Retry`].
        let mut retry = Retry::FIRST;
        for _ in 0..MAX_RETRIES {
            match self.try_execute(game_id, key, cmd, now, retry).await {
                Err(StoreError::Db(e)) if is_conflict(&e) => retry = Retry::LOAD,
                Ok(Attempt::Lost { seq }) => retry = Retry::lost(seq),
                Ok(Attempt::Done(outcome)) => return Ok(outcome),
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::Contention(MAX_RETRIES))
    }

    /// One attempt; [`Attempt::Lost`] when it lost a race (or its cached state was stale)
    /// and must be retried.
    ///
    /// At most two statements, neither in an explicit transaction: one load (the key's
    /// recorded result, the game row, the snapshot and the newer events), skipped when
    /// this process holds a state of the game that `retry` may start from; and one write
    /// ([`write`], shared with other games' commands waiting at the same moment: [`group`]) that moves
    /// `games.seq` from the loaded seq and, only if that matched, appends the events,
    /// outbox rows, deadlines and the command's record, atomically. A key already recorded
    /// makes the write fail on the `commands` key, and the retry's load finds the result.
    async fn try_execute(
        &self,
        game_id: GameId,
        key: &str,
        cmd: &Command,
        now: DateTime<Utc>,
        retry: Retry,
    ) -> Result<Attempt, StoreError> {
        let hit = self.cache.for_attempt(game_id, retry);
        let (game, seq, lang) = match hit {
            Some(c) => (c.game, c.seq, c.lang),
            None => {
                let mut conn = self.pool.acquire().await?;
                match self.load_for(&mut conn, game_id, Some(key)).await? {
                    Loaded::Recorded(done) => {
                        return Ok(Attempt::Done(serde_json::from_value(done)?))
                    }
                    Loaded::Game(game, seq, lang) => (game, seq, lang),
                }
            }
        };
        // The command itself is kept too (not a tick: deadlines fire by themselves in a
        // replay), so the game can be exported and replayed (`export`).
        let logged = (cmd.action != engine::Action::Tick)
            .then(|| serde_json::to_value(cmd))
            .transpose()?;
        let (outcome, after, events) = match engine::step(&game, cmd, now) {
            Ok((events, after)) => {
                let outcome = Outcome::Accepted {
                    first: seq + 1,
                    last: seq + events.len() as i64,
                };
                (outcome, Some(Arc::new(after)), events)
            }
            // A refusal is only final if it was made against the current state: the write
            // still checks the seq we loaded (and moves it nowhere), or we retry.
            Err(e) => (
                Outcome::Refused {
                    code: e.code().to_string(),
                    message: notify::refusal(&e, &game, lang),
                },
                None,
                Vec::new(),
            ),
        };
        let after = after.unwrap_or_else(|| game.clone());
        let mut plan = Plan::new(game_id.get(), &game, seq, &events, &after, lang)?;
        plan.record(key, serde_json::to_value(&outcome)?, now, logged);
        let new_seq = plan.new_seq;
        if self.group.write(&self.pool, plan, retry.again()).await? == Written::Lost {
            return Ok(Attempt::Lost { seq });
        }
        self.cache.put(game_id, new_seq, after, lang);
        Ok(Attempt::Done(outcome))
    }

    /// Loads a game for a change (in one statement): the current seq and language, the
    /// result recorded under `key` if any, and the state, starting from this process's
    /// cached state when it is not older than the latest snapshot (then only the newer
    /// events are read; none when it is current). Keeps the loaded state in the cache.
    pub(crate) async fn load_for(
        &self,
        conn: &mut sqlx::PgConnection,
        game_id: GameId,
        key: Option<&str>,
    ) -> Result<Loaded, StoreError> {
        let hint = self.cache.get(game_id);
        let row = sqlx::query!(
            r#"WITH g AS (SELECT seq, lang FROM games WHERE id = $1),
             b AS (SELECT CASE WHEN $3::BIGINT <= g.seq THEN $3::BIGINT END AS cached FROM g),
             s AS (SELECT sn.seq, sn.state FROM snapshots sn, g, b
                   WHERE sn.game_id = $1 AND sn.seq <= g.seq AND sn.seq > COALESCE(b.cached, -1)
                   ORDER BY sn.seq DESC LIMIT 1)
             SELECT g.seq AS "seq!", g.lang AS "lang!", b.cached,
                    (SELECT result FROM commands WHERE game_id = $1 AND key = $2::TEXT) AS result,
                    (SELECT state FROM s) AS "snap_state: Json<Game>",
                    ARRAY(SELECT body FROM events
                          WHERE game_id = $1 AND seq <= g.seq
                            AND seq > COALESCE((SELECT seq FROM s), b.cached, 0)
                          ORDER BY seq) AS "events!: Vec<Json<Event>>"
             FROM g, b"#,
            game_id.get(),
            key,
            hint.as_ref().map(|c| c.seq),
        )
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NoGame(game_id))?;
        if let Some(done) = row.result {
            return Ok(Loaded::Recorded(done));
        }
        let seq = row.seq;
        let lang = Lang::parse(&row.lang).unwrap_or_default();
        let game = Arc::new(rebuilt(row.snap_state, row.cached, hint, row.events));
        self.cache.put(game_id, seq, game.clone(), lang);
        Ok(Loaded::Game(game, seq, lang))
    }

    /// Keeps a state that was just committed at `seq`.
    pub(crate) fn remember(&self, game_id: GameId, seq: i64, game: Arc<Game>, lang: Lang) {
        self.cache.put(game_id, seq, game, lang);
    }
}

/// A game's state as a load statement found it: the latest `snapshot` newer than the
/// cached state, else the `cached` state (`hint`) when the statement could start from it
/// (`cached` is its seq), else nothing; then the `events` after that.
///
/// Decoded straight from the rows' text (`Json`), not through a `serde_json::Value` tree:
/// after a restart every game a burst touches is loaded this way.
fn rebuilt(
    snapshot: Option<Json<Game>>,
    cached: Option<i64>,
    hint: Option<Cached>,
    events: Vec<Json<Event>>,
) -> Game {
    let mut game = match (snapshot, cached, hint) {
        (Some(Json(state)), _, _) => state,
        (None, Some(c), Some(h)) if c == h.seq => Arc::unwrap_or_clone(h.game),
        _ => Game::default(),
    };
    for Json(e) in events {
        engine::apply(&mut game, &e);
    }
    game
}

/// How one attempt of [`Store::execute`] ended.
enum Attempt {
    /// The command's outcome, written (or recorded before under its key).
    Done(Outcome),
    /// It lost a race: the game was no longer at `seq`, the state it was computed on.
    Lost { seq: i64 },
}

/// What [`Store::load_for`] found.
pub(crate) enum Loaded {
    /// The key's recorded result.
    Recorded(serde_json::Value),
    /// The game's state, its seq and its language.
    Game(Arc<Game>, i64, Lang),
}

/// A language as the `lang` columns hold it: `zh`, `zh-TW`, `en` ([`Lang::code`]).
pub(crate) fn lang_code(lang: Lang) -> &'static str {
    lang.code()
}

/// Inserts the row of a new game under `key` in `tx`; `None` when a game has that key.
pub(crate) async fn insert_game(
    tx: &mut Transaction<'_, Postgres>,
    key: &str,
    ruleset: &str,
    lang: Lang,
) -> Result<Option<i64>, StoreError> {
    Ok(sqlx::query_scalar!(
        "INSERT INTO games (key, ruleset, lang, phase) VALUES ($1, $2, $3, 'setup')
             ON CONFLICT (key) DO NOTHING RETURNING id",
        key,
        ruleset,
        lang_code(lang),
    )
    .fetch_optional(&mut **tx)
    .await?)
}

/// Seats character `name` at `seat` of game `id` in `tx`, played by `player` from `at`.
pub(crate) async fn insert_seat(
    tx: &mut Transaction<'_, Postgres>,
    id: i64,
    seat: usize,
    name: &str,
    player: &str,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query!(
        "INSERT INTO characters (game_id, seat, name) VALUES ($1, $2, $3)",
        id,
        seat as i32,
        name,
    )
    .execute(&mut **tx)
    .await?;
    sqlx::query!(
        "INSERT INTO players (game_id, seat, player, since, seq) VALUES ($1, $2, $3, $4, 0)",
        id,
        seat as i32,
        player,
        at,
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A recorded command result under `key`, if any.
pub(crate) async fn recorded(
    tx: &mut Transaction<'_, Postgres>,
    game_id: i64,
    key: &str,
) -> Result<Option<serde_json::Value>, StoreError> {
    Ok(sqlx::query_scalar!(
        "SELECT result FROM commands WHERE game_id = $1 AND key = $2",
        game_id,
        key
    )
    .fetch_optional(&mut **tx)
    .await?)
}

/// Records a result under `key`, with the command that gave it (`None` for bookkeeping
/// such as a script's wait steps, which are not commands).
pub(crate) async fn record(
    tx: &mut Transaction<'_, Postgres>,
    game_id: i64,
    key: &str,
    result: &serde_json::Value,
    at: DateTime<Utc>,
    command: Option<&serde_json::Value>,
) -> Result<(), StoreError> {
    sqlx::query!(
        "INSERT INTO commands (game_id, key, result, at, command) VALUES ($1, $2, $3, $4, $5)",
        game_id,
        key,
        result,
        at,
        command,
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Loads a game: the latest snapshot and the events after it. Returns the state, its seq
/// and the game's language.
pub(crate) async fn load(
    conn: &mut sqlx::PgConnection,
    game_id: i64,
) -> Result<(Game, i64, Lang), StoreError> {
    let row = sqlx::query!("SELECT seq, lang FROM games WHERE id = $1", game_id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NoGame(GameId(game_id)))?;
    let (seq, lang) = (row.seq, Lang::parse(&row.lang).unwrap_or_default());
    let snap = sqlx::query!(
        r#"SELECT seq, state AS "state: Json<Game>" FROM snapshots
           WHERE game_id = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1"#,
        game_id,
        seq,
    )
    .fetch_optional(&mut *conn)
    .await?;
    let (snapshot, from) = match snap {
        Some(r) => (Some(r.state), r.seq),
        None => (None, 0),
    };
    let bodies = sqlx::query_scalar!(
        r#"SELECT body AS "body: Json<Event>" FROM events
           WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq"#,
        game_id,
        from,
        seq,
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok((rebuilt(snapshot, None, None, bodies), seq, lang))
}

/// Everything a change to one game writes, as the rows of the write statement
/// ([`statement::Rows`]): the new seq (and phase), the events, their outbox rows, player
/// changes, the wanted deadlines, a snapshot when due, and a command's record.
pub(crate) struct Plan {
    game_id: i64,
    pub(crate) new_seq: i64,
    rows: statement::Rows,
}

/// A deadline row being fired, and by whom.
pub(crate) struct Firing {
    pub kind: String,
    pub due_at: DateTime<Utc>,
    pub by: String,
}

impl Plan {
    /// How many outbox rows it writes.
    pub(crate) fn messages(&self) -> usize {
        self.rows.ob_body.len()
    }

    /// The rows for `events` (which take `before`, at `seq`, to `after`); with no events,
    /// a write that only checks the seq.
    pub(crate) fn new(
        game_id: i64,
        before: &Game,
        seq: i64,
        events: &[Event],
        after: &Game,
        lang: Lang,
    ) -> Result<Plan, StoreError> {
        let new_seq = seq + events.len() as i64;
        let (phase, ended) = if events.is_empty() {
            (None, None)
        } else {
            (Some(after.phase().to_string()), Some(after.ended()))
        };
        let mut p = Plan {
            game_id,
            new_seq,
            rows: statement::Rows::game(game_id, seq, new_seq, phase, ended),
        };
        if events.is_empty() {
            return Ok(p);
        }
        // The state after each event, for its messages: the last one's is `after`; only a
        // change of several events needs the states in between (a copy of `before`).
        let mut between: Option<Game> = None;
        // Each channel's last row so far when it is a plain message (see `notify::joins`).
        let mut plain: HashMap<Recipient, usize> = HashMap::new();
        for (i, e) in events.iter().enumerate() {
            let s = seq + 1 + i as i64;
            let state: &Game = if i + 1 == events.len() {
                after
            } else {
                let g = between.get_or_insert_with(|| before.clone());
                engine::apply(g, e);
                g
            };
            let body = serde_json::to_string(e)?;
            let kind = event_type(&body)?;
            p.rows.event(
                game_id,
                s,
                e.at,
                audience_code(e.audience()),
                kind.clone(),
                body,
            );
            // The event's messages, with the moderation actions it causes around them
            // (numbered after the messages, so that a message's nonce does not depend on
            // whether its event locks a post).
            let messages = notify::messages(e, state, lang);
            let (before, after) = notify::moderation(e, state, before, lang);
            let numbered: Vec<(usize, notify::Outgoing)> = {
                let first_action = messages.len();
                let (b, a) = (before.len(), after.len());
                let before = before.into_iter().zip(first_action..);
                let after = after
                    .into_iter()
                    .zip(first_action + b..first_action + b + a);
                before
                    .map(|(m, n)| (n, m))
                    .chain(messages.into_iter().enumerate())
                    .chain(after.map(|(m, n)| (n, m)))
                    .collect()
            };
            for (n, m) in numbered {
                // Labelled by its event's kind unless notify named it.
                let m = notify::labelled(m, &kind);
                let is_plain = m.meta.as_ref().is_none_or(notify::Delivery::is_plain);
                // A plain message right before this one in its channel, of this change:
                // this one joins it (the row keeps the first's nonce and event).
                let rows = &mut p.rows;
                if let Some(&at) = plain.get(&m.channel) {
                    if notify::joins(&rows.ob_body[at], &m) {
                        rows.ob_body[at] = notify::joined(&rows.ob_body[at], &m.body);
                        let first = rows.ob_meta[at]
                            .as_ref()
                            .and_then(|v| v.get("label"))
                            .and_then(|l| l.as_str())
                            .map(str::to_string);
                        let mut meta = m.meta.clone().unwrap_or_default();
                        if let (Some(first), Some(label)) = (first, &meta.label) {
                            meta.label = Some(format!("{first}+{label}"));
                        }
                        rows.ob_meta[at] = Some(serde_json::to_value(&meta)?);
                        if !is_plain {
                            plain.remove(&m.channel);
                        }
                        continue;
                    }
                }
                if is_plain {
                    plain.insert(m.channel, rows.ob_body.len());
                } else {
                    plain.remove(&m.channel);
                }
                let meta = m.meta.as_ref().map(serde_json::to_value).transpose()?;
                let nonce = format!("g{game_id}-e{s}-{n}");
                rows.message(game_id, Some(s), m.channel, m.body, nonce, meta);
            }
            if let engine::EventKind::Substituted { character, player } = &e.kind {
                p.rows
                    .seat(game_id, i32::from(character.0), player.clone(), e.at, s);
            }
        }
        for d in deadline::wanted(after) {
            p.rows.deadline(game_id, d.kind, d.at);
        }
        if seq / SNAPSHOT_EVERY != new_seq / SNAPSHOT_EVERY || after.ended() {
            p.rows
                .snapshot(game_id, new_seq, serde_json::to_string(after)?);
        }
        Ok(p)
    }

    /// Makes this change the firing of a deadline: it is marked fired in the same
    /// statement, and the change's messages that belong to no event (a reminder) are
    /// written only if it was still unfired.
    pub(crate) fn firing(mut self, fire: Firing) -> Plan {
        self.rows.fire(fire);
        self
    }

    /// Adds a command's record under its `key`: the command's `result`, its time and the
    /// command as logged.
    pub(crate) fn record(
        &mut self,
        key: &str,
        result: serde_json::Value,
        at: DateTime<Utc>,
        command: Option<serde_json::Value>,
    ) {
        self.rows
            .record(self.game_id, key.to_string(), result, at, command);
    }

    /// Adds a message that belongs to no event (a reminder), labelled `label`.
    pub(crate) fn message(
        &mut self,
        channel: Recipient,
        body: &str,
        nonce: String,
        label: &str,
    ) -> Result<(), StoreError> {
        let body = body.to_string();
        let meta = notify::Delivery {
            label: Some(label.to_string()),
            ..notify::Delivery::default()
        };
        let meta = Some(serde_json::to_value(&meta)?);
        self.rows
            .message(self.game_id, None, channel, body, nonce, meta);
        Ok(())
    }

    /// Adds a message that belongs to no event, shown as `out.meta` says (a warning).
    pub(crate) fn outgoing(
        &mut self,
        out: notify::Outgoing,
        nonce: String,
    ) -> Result<(), StoreError> {
        let meta = out.meta.as_ref().map(serde_json::to_value).transpose()?;
        self.rows
            .message(self.game_id, None, out.channel, out.body, nonce, meta);
        Ok(())
    }
}

/// Appends `events` (which take `before`, at `seq`, to `after`) inside `tx`: moves
/// `games.seq` first (returns `false` when another transaction moved it: a lost race),
/// then the events, the outbox rows, player changes, deadlines and a snapshot when due,
/// all in one statement ([`write`]).
pub(crate) async fn append(
    tx: &mut Transaction<'_, Postgres>,
    game_id: i64,
    before: &Game,
    seq: i64,
    events: &[Event],
    after: &Game,
    lang: Lang,
) -> Result<bool, StoreError> {
    if events.is_empty() {
        return Ok(true);
    }
    let plan = Plan::new(game_id, before, seq, events, after, lang)?;
    Ok(write(&mut *tx, &plan).await? != Written::Lost)
}

/// The `type` of an event serialized as `body` (its kind's serde tag, which the
/// `events.kind` column holds), read without building the document's tree.
fn event_type(body: &str) -> Result<String, serde_json::Error> {
    #[derive(serde::Deserialize)]
    struct Tagged<'a> {
        #[serde(rename = "type", borrow)]
        kind: std::borrow::Cow<'a, str>,
    }
    Ok(serde_json::from_str::<Tagged>(body)?.kind.into_owned())
}

fn audience_code(a: Audience) -> String {
    match a {
        Audience::Public => "public".into(),
        // A seat's events are kept under its messages' name.
        Audience::Character(c) => Recipient::Seat(c).to_string(),
        Audience::Wolves => "wolves".into(),
        Audience::Police => "police".into(),
        Audience::Judge => "judge".into(),
        Audience::Internal => "internal".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::url_for_database;
    use super::{ErrorKind, StoreError};

    /// An error the server answered with, by its SQLSTATE.
    #[derive(Debug)]
    struct Answered(&'static str);

    impl std::fmt::Display for Answered {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "SQLSTATE {}", self.0)
        }
    }

    impl std::error::Error for Answered {}

    impl sqlx::error::DatabaseError for Answered {
        fn message(&self) -> &str {
            self.0
        }
        fn code(&self) -> Option<std::borrow::Cow<'_, str>> {
            Some(self.0.into())
        }
        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }
        fn kind(&self) -> sqlx::error::ErrorKind {
            sqlx::error::ErrorKind::Other
        }
    }

    fn answered(code: &'static str) -> StoreError {
        StoreError::Db(sqlx::Error::Database(Box::new(Answered(code))))
    }

    /// A database that did not answer is never taken for a rollback (a write may have
    /// committed just before), a lost race or a refused statement is one, and what is not
    /// the database's doing is neither.
    #[test]
    fn the_store_says_what_kind_of_failure_it_met() {
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
        let unavailable = [
            StoreError::Db(sqlx::Error::PoolTimedOut),
            StoreError::Db(sqlx::Error::PoolClosed),
            StoreError::Db(sqlx::Error::Io(io)),
            StoreError::Db(sqlx::Error::WorkerCrashed),
            answered("08006"),
            answered("57P01"),
        ];
        for e in &unavailable {
            assert_eq!(e.kind(), ErrorKind::Unavailable, "{e}");
            assert!(e.is_unavailable() && !e.is_rolled_back(), "{e}");
        }
        assert!(StoreError::Db(sqlx::Error::PoolTimedOut).is_timeout());
        assert!(!StoreError::Db(sqlx::Error::PoolClosed).is_timeout());
        for e in [
            answered("40001"),
            answered("40P01"),
            answered("23505"),
            StoreError::Contention(64),
        ] {
            assert_eq!(e.kind(), ErrorKind::Conflict, "{e}");
            assert!(e.is_rolled_back() && !e.is_unavailable(), "{e}");
        }
        for e in [answered("23503"), answered("22P02")] {
            assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
            assert!(e.is_rolled_back() && !e.is_unavailable(), "{e}");
        }
        for e in [
            StoreError::Db(sqlx::Error::RowNotFound),
            StoreError::Task("stopped".into()),
            StoreError::NoGame(super::GameId(7)),
        ] {
            assert_eq!(e.kind(), ErrorKind::Other, "{e}");
            assert!(!e.is_rolled_back() && !e.is_unavailable(), "{e}");
        }
    }

    /// A day's close writes the yellow cards of those who posted too little, the vote's
    /// result and what follows it to the day's post in one change: the plain messages on
    /// either side of the vote count (which redraws its own message, so stays apart) are
    /// written as one message each (each message is a request, and a post takes 5 every
    /// 5 s), holding every text in order: 26 messages in 3 rows.
    #[test]
    fn a_changes_plain_messages_to_one_channel_are_joined() {
        use chrono::TimeZone;
        use engine::{apply, create, handle, Command, Game, Phase, Setup};
        let setup = Setup {
            ruleset: engine::ruleset::Ruleset::builtin("m32", &Default::default())
                .expect("m32 loads"),
            seed: engine::rng::Seed::U64(7),
            start: chrono::Utc
                .with_ymd_and_hms(2026, 12, 1, 12, 0, 0)
                .single()
                .expect("a time"),
            characters: "ABCDEFGHIJKL".chars().map(String::from).collect(),
            roles: None,
            forbidden_first_kill: None,
            players: None,
        };
        let mut g = Game::replay(&create(&setup).expect("created"));
        // Deadlines pass until the first day's vote closes (nobody posted: everyone is
        // carded).
        let (before, events) = loop {
            let due = g.next_deadline().expect("a deadline");
            let before = g.clone();
            let events = handle(&g, &Command::tick(), due).expect("a tick");
            for e in &events {
                apply(&mut g, e);
            }
            let closed = events
                .iter()
                .any(|e| matches!(e.kind, engine::EventKind::VoteClosed { .. }));
            if closed || !matches!(g.phase(), Phase::Day { .. }) {
                break (before, events);
            }
        };
        let lang = notify::Lang::Zh;
        let plan = super::Plan::new(1, &before, 0, &events, &g, lang).expect("a plan");
        // What the events say in the day's post, one message each, against the rows.
        let mut state = before.clone();
        let mut said = Vec::new();
        for e in &events {
            apply(&mut state, e);
            said.extend(notify::messages(e, &state, lang).into_iter().filter(|m| {
                m.channel == notify::Recipient::Public
                    && m.meta.as_ref().is_none_or(notify::Delivery::is_plain)
            }));
        }
        let rows: Vec<(&String, bool)> = plan
            .rows
            .ob_channel
            .iter()
            .zip(&plan.rows.ob_body)
            .zip(&plan.rows.ob_meta)
            .filter(|((c, _), _)| *c == "public")
            .map(|((_, b), m)| {
                // Plain: nothing in its meta but its label.
                let plain = m
                    .as_ref()
                    .and_then(|v| v.as_object())
                    .is_none_or(|o| o.keys().all(|k| k == "label"));
                (b, plain)
            })
            .collect();
        assert!(said.len() >= 4, "cards, result and more: {said:?}");
        // The cards, then the count (its own row), then the result and the sheriff.
        let kinds: Vec<bool> = rows.iter().map(|(_, p)| *p).collect();
        assert_eq!(kinds, [true, false, true], "{rows:?}");
        let plain: String = rows
            .iter()
            .filter(|(_, p)| *p)
            .map(|(b, _)| b.as_str())
            .collect();
        let mut rest = plain.as_str();
        for m in &said {
            let at = rest
                .find(&m.body)
                .unwrap_or_else(|| panic!("{} missing or out of order", m.body));
            rest = &rest[at + m.body.len()..];
        }
    }

    /// The `events.kind` column (which the records' queries filter on, e.g. `card_given`)
    /// is each event's `type` as its stored body says, for every event of a game played
    /// to its first night's end, read from the text without a `Value` tree.
    #[test]
    fn an_events_kind_is_the_type_its_body_names() {
        use engine::{apply, create, handle, Command, Game, Phase};
        let setup = engine::Setup {
            ruleset: engine::ruleset::Ruleset::builtin("m32", &Default::default())
                .expect("m32 loads"),
            seed: engine::rng::Seed::U64(3),
            start: chrono::DateTime::UNIX_EPOCH,
            characters: "ABCDEFGHIJKL".chars().map(String::from).collect(),
            roles: None,
            forbidden_first_kill: None,
            players: None,
        };
        let mut events = create(&setup).expect("created");
        let mut g = Game::replay(&events);
        while !g.ended() && !matches!(g.phase(), Phase::Day { day: 2, .. }) {
            let due = g.next_deadline().expect("a deadline");
            let more = handle(&g, &Command::tick(), due).expect("a tick");
            for e in &more {
                apply(&mut g, e);
            }
            events.extend(more);
        }
        let mut kinds = std::collections::BTreeSet::new();
        for e in &events {
            let body = serde_json::to_string(e).expect("serializes");
            let tree = serde_json::to_value(e).expect("serializes");
            let kind = super::event_type(&body).expect("a type");
            assert_eq!(Some(kind.as_str()), tree["type"].as_str(), "{body}");
            kinds.insert(kind);
        }
        assert!(
            kinds.contains("created") && kinds.contains("vote_closed"),
            "{kinds:?}"
        );
    }

    #[test]
    fn a_database_url_names_another_database_on_the_same_server() {
        let cases = [
            ("postgres://u@h:5432/postgres", "postgres://u@h:5432/x"),
            ("postgres://u@h:5432", "postgres://u@h:5432/x"),
            (
                "postgres://u@h/db?sslmode=disable",
                "postgres://u@h/x?sslmode=disable",
            ),
        ];
        for (url, want) in cases {
            assert_eq!(url_for_database(url, "x"), want, "{url}");
        }
    }

    /// The code lines (not comments) of every `.rs` file under `dir` (relative to the
    /// workspace's root), as `(file, line number, line)`.
    fn code_lines(dir: &str) -> Vec<(String, usize, String)> {
        let mut out = Vec::new();
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(dir)];
        while let Some(d) = dirs.pop() {
            for entry in std::fs::read_dir(&d).expect("source directory").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("source file");
                    for (n, line) in text.lines().enumerate() {
                        if !line.trim_start().starts_with("//") {
                            out.push((path.display().to_string(), n + 1, line.to_string()));
                        }
                    }
                }
            }
        }
        out
    }

    /// SQL only in the store: every other crate and module (the service, the adapters, the
    /// pure floors) calls store methods; none writes a statement or reaches for the pool
    /// (tests aside: `pool()` is theirs). That the pure crates do not import the store at
    /// all, Cargo checks: their manifests do not name it.
    #[test]
    fn only_the_store_writes_sql() {
        let mut found = Vec::new();
        for dir in [
            "crates/engine/src",
            "crates/i18n/src",
            "crates/chart/src",
            "crates/notify/src",
            "crates/script/src",
            "crates/tournament/src",
            "crates/service/src",
            "crates/discord/src",
            "src",
        ] {
            for (file, n, line) in code_lines(dir) {
                let sql = [
                    "sqlx::query",
                    "store.pool",
                    ".pool.",
                    "pool()",
                    "impl Store",
                ]
                .iter()
                .any(|w| line.contains(w));
                if sql {
                    found.push(format!("{file}:{n}: {}", line.trim()));
                }
            }
        }
        assert!(found.is_empty(), "outside the store:\n{}", found.join("\n"));
    }
}
