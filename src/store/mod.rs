//! Games in PostgreSQL: the event log, snapshots, the transactional outbox, durable
//! deadlines and idempotent commands.
//!
//! A command is one transaction: load the game (latest snapshot + newer events), run the
//! engine, append its events, write an outbox row for every message they cause, record the
//! command's key with its result, and add the game's next deadlines. Two commands racing on
//! one game both try to move `games.seq` from the value they loaded; the loser's update
//! matches no row, it rolls back and is retried against the new state.

pub mod deadline;
pub mod export;
pub mod outbox;
pub mod play;
pub mod prompt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::{Postgres, Row, Transaction};

use crate::engine::{self, Audience, Command, Event, Game, Setup};
use crate::i18n::{self, Lang};

/// The default database when neither `--database-url` nor `DATABASE_URL` says otherwise.
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// Take a snapshot whenever the log crosses a multiple of this many events.
const SNAPSHOT_EVERY: i64 = 64;

/// How often a command is retried after losing a race.
const MAX_RETRIES: usize = 64;

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
    NoGame(i64),
    #[error("the game cannot be created: {0}")]
    Setup(#[from] engine::SetupError),
    #[error("gave up after {0} lost races on one game")]
    Contention(usize),
    /// The game cannot be written as a game script (e.g. a ruleset that is not built in).
    #[error("the game cannot be exported as a script: {0}")]
    Unexportable(String),
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
    let pool = PgPoolOptions::new()
        .max_connections(connections.max(1))
        .connect(url)
        .await?;
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
    sqlx::migrate!("./migrations").run(pool).await?;
    Ok(())
}

/// Whether an error is a lost race (the conflicting transaction committed first).
fn is_conflict(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if matches!(d.code().as_deref(), Some("23505" | "40001" | "40P01")))
}

/// The store of games.
#[derive(Debug, Clone)]
pub struct Store {
    pub pool: PgPool,
}

impl Store {
    pub fn new(pool: PgPool) -> Store {
        Store { pool }
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
        if let Some(id) = self.game_id(key).await? {
            return Ok(id);
        }
        let events = engine::create(setup)?;
        let game = Game::replay(&events);
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "INSERT INTO games (key, ruleset, lang, phase) VALUES ($1, $2, $3, 'setup')
             ON CONFLICT (key) DO NOTHING RETURNING id",
        )
        .bind(key)
        .bind(&setup.ruleset.name)
        .bind(lang_code(lang))
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            tx.rollback().await?;
            return self.game_id(key).await?.ok_or(StoreError::NoGame(0));
        };
        let id: i64 = row.try_get("id")?;
        for (seat, name) in setup.characters.iter().enumerate() {
            sqlx::query("INSERT INTO characters (game_id, seat, name) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(seat as i32)
                .bind(name)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO players (game_id, seat, player, since, seq) VALUES ($1, $2, $3, $4, 0)",
            )
            .bind(id)
            .bind(seat as i32)
            .bind(
                setup
                    .players
                    .as_ref()
                    .and_then(|p| p.get(seat))
                    .unwrap_or(name),
            )
            .bind(setup.start)
            .execute(&mut *tx)
            .await?;
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
        let row = sqlx::query("SELECT id FROM games WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("id")).transpose()?)
    }

    /// The game's current state.
    ///
    /// # Errors
    /// [`StoreError::NoGame`]; database errors.
    pub async fn load(&self, game_id: i64) -> Result<Game, StoreError> {
        let mut conn = self.pool.acquire().await?;
        Ok(load(&mut conn, game_id).await?.0)
    }

    /// The game's whole event log.
    ///
    /// # Errors
    /// Database errors.
    pub async fn events(&self, game_id: i64) -> Result<Vec<Event>, StoreError> {
        let rows = sqlx::query("SELECT body FROM events WHERE game_id = $1 ORDER BY seq")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| Ok(serde_json::from_value(r.try_get("body")?)?))
            .collect()
    }

    /// Runs one command under an idempotency `key`: the same key again returns the first
    /// result and changes nothing.
    ///
    /// # Errors
    /// Database errors; [`StoreError::Contention`] if it keeps losing races.
    pub async fn execute(
        &self,
        game_id: i64,
        key: &str,
        cmd: &Command,
        now: DateTime<Utc>,
    ) -> Result<Outcome, StoreError> {
        for _ in 0..MAX_RETRIES {
            match self.try_execute(game_id, key, cmd, now).await {
                Err(StoreError::Db(e)) if is_conflict(&e) => continue,
                Ok(None) => continue,
                Ok(Some(outcome)) => return Ok(outcome),
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::Contention(MAX_RETRIES))
    }

    /// One attempt; `Ok(None)` when it lost a race and must be retried.
    async fn try_execute(
        &self,
        game_id: i64,
        key: &str,
        cmd: &Command,
        now: DateTime<Utc>,
    ) -> Result<Option<Outcome>, StoreError> {
        let mut tx = self.pool.begin().await?;
        if let Some(done) = recorded(&mut tx, game_id, key).await? {
            return Ok(Some(serde_json::from_value(done)?));
        }
        let (game, seq, lang) = load(&mut tx, game_id).await?;
        let outcome = match engine::handle(&game, cmd, now) {
            Ok(events) => {
                let mut after = game.clone();
                for e in &events {
                    engine::apply(&mut after, e);
                }
                if !append(&mut tx, game_id, &game, seq, &events, &after, lang).await? {
                    tx.rollback().await?;
                    return Ok(None);
                }
                Outcome::Accepted {
                    first: seq + 1,
                    last: seq + events.len() as i64,
                }
            }
            Err(e) => {
                // A refusal is only final if it was made against the current state: lock
                // the game at the seq we loaded, or retry against the newer state.
                let current = sqlx::query("UPDATE games SET seq = seq WHERE id = $1 AND seq = $2")
                    .bind(game_id)
                    .bind(seq)
                    .execute(&mut *tx)
                    .await?;
                if current.rows_affected() != 1 {
                    tx.rollback().await?;
                    return Ok(None);
                }
                Outcome::Refused {
                    code: e.code().to_string(),
                    message: i18n::error_message(&e, &game, lang),
                }
            }
        };
        // The command itself is kept too (not a tick: deadlines fire by themselves in a
        // replay), so the game can be exported and replayed (`export`).
        let logged = (cmd.action != engine::Action::Tick)
            .then(|| serde_json::to_value(cmd))
            .transpose()?;
        let result = serde_json::to_value(&outcome)?;
        record(&mut tx, game_id, key, &result, now, logged.as_ref()).await?;
        tx.commit().await?;
        Ok(Some(outcome))
    }
}

pub(crate) fn lang_code(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh",
        Lang::En => "en",
    }
}

/// A recorded command result under `key`, if any.
pub(crate) async fn recorded(
    tx: &mut Transaction<'_, Postgres>,
    game_id: i64,
    key: &str,
) -> Result<Option<serde_json::Value>, StoreError> {
    let row = sqlx::query("SELECT result FROM commands WHERE game_id = $1 AND key = $2")
        .bind(game_id)
        .bind(key)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.map(|r| r.try_get("result")).transpose()?)
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
    sqlx::query(
        "INSERT INTO commands (game_id, key, result, at, command) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(game_id)
    .bind(key)
    .bind(result)
    .bind(at)
    .bind(command)
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
    let row = sqlx::query("SELECT seq, lang FROM games WHERE id = $1")
        .bind(game_id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NoGame(game_id))?;
    let seq: i64 = row.try_get("seq")?;
    let lang = Lang::parse(row.try_get("lang")?).unwrap_or_default();
    let snap = sqlx::query(
        "SELECT seq, state FROM snapshots WHERE game_id = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1",
    )
    .bind(game_id)
    .bind(seq)
    .fetch_optional(&mut *conn)
    .await?;
    let (mut game, from) = match snap {
        Some(r) => (
            serde_json::from_value::<Game>(r.try_get("state")?)?,
            r.try_get::<i64, _>("seq")?,
        ),
        None => (Game::default(), 0),
    };
    let rows = sqlx::query(
        "SELECT body FROM events WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq",
    )
    .bind(game_id)
    .bind(from)
    .bind(seq)
    .fetch_all(&mut *conn)
    .await?;
    for r in rows {
        let e: Event = serde_json::from_value(r.try_get("body")?)?;
        engine::apply(&mut game, &e);
    }
    Ok((game, seq, lang))
}

/// Appends `events` (which take `before`, at `seq`, to `after`): moves `games.seq` first
/// (returns `false` when another transaction moved it: a lost race), then the events, the
/// outbox rows, player changes, deadlines and a snapshot when due.
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
    let new_seq = seq + events.len() as i64;
    let moved =
        sqlx::query("UPDATE games SET seq = $1, phase = $2, ended = $3 WHERE id = $4 AND seq = $5")
            .bind(new_seq)
            .bind(after.phase.to_string())
            .bind(after.ended())
            .bind(game_id)
            .bind(seq)
            .execute(&mut **tx)
            .await?;
    if moved.rows_affected() != 1 {
        return Ok(false);
    }
    let mut state = before.clone();
    for (i, e) in events.iter().enumerate() {
        let s = seq + 1 + i as i64;
        engine::apply(&mut state, e);
        let body = serde_json::to_value(e)?;
        let kind = body
            .get("type")
            .and_then(|t| t.as_str())
            .unwrap_or("")
            .to_string();
        sqlx::query(
            "INSERT INTO events (game_id, seq, at, audience, kind, body) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(game_id)
        .bind(s)
        .bind(e.at)
        .bind(audience_code(e.audience()))
        .bind(kind)
        .bind(body)
        .execute(&mut **tx)
        .await?;
        for (n, m) in outbox::messages(e, &state, lang).into_iter().enumerate() {
            outbox::enqueue(
                tx,
                game_id,
                Some(s),
                &m.channel,
                &m.body,
                &format!("g{game_id}-e{s}-{n}"),
                m.meta.as_ref(),
            )
            .await?;
        }
        if let engine::EventKind::Substituted { character, player } = &e.kind {
            sqlx::query(
                "INSERT INTO players (game_id, seat, player, since, seq) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(game_id)
            .bind(i32::from(character.0))
            .bind(player)
            .bind(e.at)
            .bind(s)
            .execute(&mut **tx)
            .await?;
        }
    }
    deadline::schedule(tx, game_id, after).await?;
    if seq / SNAPSHOT_EVERY != new_seq / SNAPSHOT_EVERY || after.ended() {
        sqlx::query(
            "INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(game_id)
        .bind(new_seq)
        .bind(serde_json::to_value(after)?)
        .execute(&mut **tx)
        .await?;
    }
    Ok(true)
}

fn audience_code(a: Audience) -> String {
    match a {
        Audience::Public => "public".into(),
        Audience::Character(c) => format!("dm:{}", c.0),
        Audience::Wolves => "wolves".into(),
        Audience::Police => "police".into(),
        Audience::Judge => "judge".into(),
        Audience::Internal => "internal".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::url_for_database;

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
}
