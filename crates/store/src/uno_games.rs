//! UNO games (ruleset `uno`) in the same tables as werewolf games: a `games` row, the UNO
//! engine's events in `events` (serialized as the werewolf ones are), their messages in
//! `outbox`, the turn's time limit as a `deadlines` row (kind [`TURN`]) and each move's
//! record in `commands`. A change is written by the same statement as a werewolf game's
//! (`statement::plans`, through the group commit), so a move, its events, messages and next
//! deadline commit together or not at all.
//!
//! Round trips: a move on a game this process holds the state of costs one (the write); a
//! refused move costs none (nothing is written: the state is unchanged), unless the refusal
//! carries a strict penalty or a timeout that fell due first, which are written. Without
//! the state (after a restart, or another process's write) one load more.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::ids::{Account, GameId, Guild};
use super::signup::{self, FromSignup};
use super::statement::{Rows, Written};
use super::{is_conflict, Firing, Plan, Retry, Store, StoreError, MAX_RETRIES};
use notify::Lang;
use uno::{Command, Event, Game, Refusal};

/// The ruleset name a UNO game's `games` row carries.
pub const RULESET: &str = "uno";

/// The kind of a UNO turn's deadline row.
pub const TURN: &str = "uno:turn";

/// A UNO game as this process last wrote or loaded it: its state at `seq`, its language,
/// and the account in each seat (seat order).
#[derive(Debug, Clone)]
pub struct UnoState {
    pub game: Arc<Game>,
    pub seq: i64,
    pub lang: Lang,
    pub seats: Arc<Vec<Account>>,
    /// The server of the sign-up it was dealt from.
    pub guild: Option<Guild>,
}

impl UnoState {
    /// The seat `user` plays, if any.
    pub fn seat_of(&self, user: Account) -> Option<usize> {
        self.seats.iter().position(|a| *a == user)
    }
}

/// What became of a UNO move.
#[derive(Debug, Clone)]
pub enum UnoOutcome {
    /// Accepted (or accepted before under the same key): the game as it now stands.
    Accepted(UnoState),
    /// Refused by the rules; the game as it stands (unchanged, but for a strict penalty or
    /// a timeout that was due, which were written).
    Refused(Refusal, UnoState),
}

/// The cached states of UNO games, by game id ([`UnoState`]; see `GameCache` for why a
/// committed state is correct for its seq for ever).
#[derive(Debug, Default)]
pub(crate) struct UnoCache(Mutex<HashMap<i64, UnoState>>);

impl UnoCache {
    fn get(&self, game: i64) -> Option<UnoState> {
        self.0.lock().ok()?.get(&game).cloned()
    }

    fn put(&self, game: i64, state: UnoState) {
        let Ok(mut m) = self.0.lock() else {
            return;
        };
        if m.get(&game).is_some_and(|c| c.seq >= state.seq) {
            return;
        }
        if m.len() >= super::CACHED_GAMES && !m.contains_key(&game) {
            m.clear();
        }
        m.insert(game, state);
    }
}

/// What the load statement found.
enum UnoLoaded {
    Recorded,
    Game(UnoState),
}

/// The rows of a change to a UNO game (at `seq`, by `events`, to `after`): the events, the
/// table's messages (`notify::uno::outgoing`), the next turn's deadline and, once over,
/// the game marked ended.
fn plan(
    game_id: i64,
    seq: i64,
    events: &[Event],
    after: &Game,
    lang: Lang,
    at: DateTime<Utc>,
) -> Result<Plan, StoreError> {
    let new_seq = seq + events.len() as i64;
    let changed = !events.is_empty();
    let mut rows = Rows::game(
        game_id,
        seq,
        new_seq,
        changed.then(|| phase(after)),
        changed.then(|| after.ended()),
    );
    for (i, e) in events.iter().enumerate() {
        let body = serde_json::to_string(e)?;
        let kind = serde_json::to_value(e)?
            .get("event")
            .and_then(|k| k.as_str())
            .unwrap_or("uno")
            .to_string();
        rows.event(game_id, seq + 1 + i as i64, at, "public".into(), kind, body);
    }
    if changed {
        for (n, m) in notify::uno::outgoing(events, after, lang)
            .into_iter()
            .enumerate()
        {
            let meta = m.meta.as_ref().map(serde_json::to_value).transpose()?;
            let nonce = format!("g{game_id}-e{new_seq}-{n}");
            rows.message(game_id, Some(new_seq), m.channel, m.body, nonce, meta);
        }
        if let Some(due) = after.deadline.filter(|_| !after.ended()) {
            rows.deadline(game_id, TURN.into(), due);
        }
    }
    Ok(Plan {
        game_id,
        new_seq,
        rows,
    })
}

/// A UNO game's phase as the `games.phase` column shows it.
fn phase(g: &Game) -> String {
    if g.ended() {
        "ended".into()
    } else {
        format!("round {}", g.round)
    }
}

impl Store {
    /// Creates a UNO game from `events` (what `uno::start` gave) under `key`, or finds the
    /// one already created under it; `from` records the sign-up and its seats in the same
    /// transaction, before the game's first messages can be taken.
    ///
    /// # Errors
    /// Database errors.
    pub async fn create_uno_game(
        &self,
        key: &str,
        events: &[Event],
        lang: Lang,
        from: FromSignup<'_>,
    ) -> Result<GameId, StoreError> {
        if let Some(id) = self.game_id(key).await? {
            self.link_signup(from, id).await?;
            return Ok(GameId(id));
        }
        let game = Game::from_events(events);
        let at = match events.first() {
            Some(Event::Started { at, .. }) => *at,
            _ => Utc::now(),
        };
        let mut tx = self.pool.begin().await?;
        let id = super::insert_game(&mut tx, key, RULESET, lang).await?;
        let Some(id) = id else {
            tx.rollback().await?;
            return self
                .game_id(key)
                .await?
                .map(GameId)
                .ok_or(StoreError::NoGameFound("under its key"));
        };
        for (seat, name) in game.players.iter().enumerate() {
            let player = from
                .seating
                .get(seat)
                .map_or_else(|| name.clone(), |a| a.get().to_string());
            super::insert_seat(&mut tx, id, seat, name, &player, at).await?;
        }
        signup::link(&mut tx, from, id).await?;
        let p = plan(id, 0, events, &game, lang, at)?;
        super::write(&mut tx, &p).await?;
        tx.commit().await?;
        Ok(GameId(id))
    }

    /// A UNO game as it stands: this process's state of it, or loaded (one round trip).
    ///
    /// # Errors
    /// [`StoreError::NoGame`] when there is no UNO game `game`; database errors.
    pub async fn uno(&self, game: GameId) -> Result<UnoState, StoreError> {
        if let Some(s) = self.uno_cache.get(game.get()) {
            return Ok(s);
        }
        match self.load_uno(game, None).await? {
            UnoLoaded::Game(s) => Ok(s),
            UnoLoaded::Recorded => Err(StoreError::NoGame(game)),
        }
    }

    /// Whether `game` is a UNO game (one round trip, or none when this process holds it).
    ///
    /// # Errors
    /// Database errors.
    pub async fn is_uno(&self, game: GameId) -> Result<bool, StoreError> {
        if self.uno_cache.get(game.get()).is_some() {
            return Ok(true);
        }
        Ok(sqlx::query_scalar!(
            "SELECT ruleset = $2 AS \"uno!\" FROM games WHERE id = $1",
            game.get(),
            RULESET,
        )
        .fetch_optional(&self.pool)
        .await?
        .unwrap_or(false))
    }

    /// Loads a UNO game in one statement: its seq, language, seats and events, and whether
    /// `key` is recorded already.
    async fn load_uno(&self, game: GameId, key: Option<&str>) -> Result<UnoLoaded, StoreError> {
        let row = sqlx::query!(
            r#"WITH g AS (SELECT seq, lang FROM games WHERE id = $1 AND ruleset = $3)
             SELECT g.seq AS "seq!", g.lang AS "lang!",
                    EXISTS (SELECT 1 FROM commands WHERE game_id = $1 AND key = $2::TEXT)
                        AS "recorded!",
                    ARRAY(SELECT user_id FROM seats WHERE game_id = $1 ORDER BY seat)
                        AS "seats!",
                    (SELECT guild_id FROM signup_posts WHERE game_id = $1 LIMIT 1) AS guild,
                    ARRAY(SELECT body FROM events WHERE game_id = $1 AND seq <= g.seq
                          ORDER BY seq) AS "events!: Vec<Json<Event>>"
             FROM g"#,
            game.get(),
            key,
            RULESET,
        )
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NoGame(game))?;
        if row.recorded {
            return Ok(UnoLoaded::Recorded);
        }
        let mut g = Game::default();
        for Json(e) in &row.events {
            uno::apply(&mut g, e);
        }
        let seats = row
            .seats
            .into_iter()
            .map(Account::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        let state = UnoState {
            game: Arc::new(g),
            seq: row.seq,
            lang: Lang::parse(&row.lang).unwrap_or_default(),
            seats: Arc::new(seats),
            guild: row.guild.map(Guild::try_from).transpose()?,
        };
        self.uno_cache.put(game.get(), state.clone());
        Ok(UnoLoaded::Game(state))
    }

    /// Runs a UNO move under an idempotency `key` at `now`: the same key again changes
    /// nothing. A refusal writes nothing (unless it carries a strict penalty or a timeout
    /// that was due: those are written, the move itself is not recorded).
    ///
    /// # Errors
    /// [`StoreError::NoGame`]; database errors; [`StoreError::Contention`].
    pub async fn uno_move(
        &self,
        game: GameId,
        key: &str,
        cmd: &Command,
        now: DateTime<Utc>,
    ) -> Result<UnoOutcome, StoreError> {
        let mut retry = Retry::FIRST;
        for _ in 0..MAX_RETRIES {
            let cached = self.uno_cache.get(game.get()).filter(|c| c.seq > retry.0);
            let state = match cached {
                Some(s) => s,
                None => match self.load_uno(game, Some(key)).await? {
                    UnoLoaded::Recorded => return self.uno(game).await.map(UnoOutcome::Accepted),
                    UnoLoaded::Game(s) => s,
                },
            };
            let (events, after, refusal) = match uno::step(&state.game, cmd, now) {
                Ok((events, after)) => (events, after, None),
                Err(refused) if refused.events.is_empty() => {
                    return Ok(UnoOutcome::Refused(refused.refusal, state));
                }
                Err(refused) => {
                    let mut after = (*state.game).clone();
                    for e in &refused.events {
                        uno::apply(&mut after, e);
                    }
                    (refused.events, after, Some(refused.refusal))
                }
            };
            let mut p = plan(game.get(), state.seq, &events, &after, state.lang, now)?;
            if refusal.is_none() {
                let command = serde_json::to_value(cmd)?;
                // The seq of its first event orders the moves for an export.
                let result = serde_json::json!({"result": "accepted", "first": state.seq + 1});
                p.record(key, result, now, Some(command));
            }
            let new_seq = p.new_seq;
            match self.group.write(&self.pool, p, retry.again()).await {
                Err(StoreError::Db(e)) if is_conflict(&e) => retry = Retry::LOAD,
                Err(e) => return Err(e),
                Ok(Written::Lost) => retry = Retry::lost(state.seq),
                Ok(_) => {
                    let now_state = UnoState {
                        game: Arc::new(after),
                        seq: new_seq,
                        ..state
                    };
                    self.uno_cache.put(game.get(), now_state.clone());
                    return Ok(match refusal {
                        None => UnoOutcome::Accepted(now_state),
                        Some(r) => UnoOutcome::Refused(r, now_state),
                    });
                }
            }
        }
        Err(StoreError::Contention(MAX_RETRIES))
    }

    /// Fires a UNO turn's deadline row: the engine's timeout at the row's time (nothing
    /// when the turn it was for is over), and the row marked fired in the same statement.
    /// `None` when another worker fired it first.
    pub(crate) async fn fire_uno(
        &self,
        head: super::deadline::Head,
        worker: &str,
    ) -> Result<Option<super::deadline::Fired>, StoreError> {
        let super::deadline::Head { game_id: game, due } = head;
        let game_id = game.get();
        let mut retry = Retry::FIRST;
        for _ in 0..MAX_RETRIES {
            let cached = self.uno_cache.get(game_id).filter(|c| c.seq > retry.0);
            let state = match cached {
                Some(s) => s,
                None => match self.load_uno(game, None).await? {
                    UnoLoaded::Game(s) => s,
                    UnoLoaded::Recorded => return Err(StoreError::NoGame(game)),
                },
            };
            let (events, after) = match uno::step(&state.game, &Command::Timeout, due.at) {
                Ok((events, after)) => (events, after),
                Err(_) => (Vec::new(), (*state.game).clone()),
            };
            let p = plan(game_id, state.seq, &events, &after, state.lang, due.at)?.firing(Firing {
                kind: due.kind.clone(),
                due_at: due.at,
                by: worker.to_string(),
            });
            let new_seq = p.new_seq;
            match self.group.write(&self.pool, p, retry.again()).await {
                Err(StoreError::Db(e)) if is_conflict(&e) => retry = Retry::LOAD,
                Err(e) => return Err(e),
                Ok(Written::Lost) => retry = Retry::lost(state.seq),
                Ok(Written::AlreadyFired) => return Ok(None),
                Ok(Written::Done) => {
                    if !events.is_empty() {
                        self.uno_cache.put(
                            game_id,
                            UnoState {
                                game: Arc::new(after),
                                seq: new_seq,
                                ..state
                            },
                        );
                    }
                    return Ok(Some(super::deadline::Fired {
                        game_id: game,
                        due,
                        events: events.len(),
                        committed: std::time::Instant::now(),
                    }));
                }
            }
        }
        Err(StoreError::Contention(MAX_RETRIES))
    }

    /// The moves recorded for UNO game `game`, in order, with their times (for its
    /// export as a script).
    ///
    /// # Errors
    /// Database errors; [`StoreError::Decode`] for a record that does not read back.
    pub async fn uno_moves(
        &self,
        game: GameId,
    ) -> Result<Vec<(DateTime<Utc>, Command)>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT at, command AS "command!" FROM commands
               WHERE game_id = $1 AND command IS NOT NULL
               ORDER BY (result->>'first')::BIGINT, at"#,
            game.get(),
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| Ok((r.at, serde_json::from_value(r.command)?)))
            .collect()
    }

    /// When the last event of UNO game `game` happened (the last timeout, for an export).
    ///
    /// # Errors
    /// Database errors.
    pub async fn uno_last_at(&self, game: GameId) -> Result<Option<DateTime<Utc>>, StoreError> {
        Ok(
            sqlx::query_scalar!("SELECT max(at) FROM events WHERE game_id = $1", game.get())
                .fetch_one(&self.pool)
                .await?,
        )
    }

    /// The events of UNO game `game`, in order.
    ///
    /// # Errors
    /// Database errors; [`StoreError::Decode`].
    pub async fn uno_events(&self, game: GameId) -> Result<Vec<Event>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        super::archive::event_bodies(&mut conn, game.get())
            .await?
            .into_iter()
            .map(|b| Ok(serde_json::from_value(b)?))
            .collect()
    }
}
