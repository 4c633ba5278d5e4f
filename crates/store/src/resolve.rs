//! One round trip from an interaction to the game it is about, and one more to act on it.
//!
//! [`Store::resolve`] finds, in one statement, the game an interaction names (a button's
//! game id) or is used in (a day post, a sign-up post, else the caller's running game in a
//! DM or the server's), the caller's seat in it, the result already recorded under the
//! interaction's key, the game's latest seq, and whatever this process's cached state lacks
//! to be current at that seq (nothing when it is current; the newer events; or the latest
//! snapshot and the events after it). [`Store::act_on`] then runs the engine on that
//! current state: a refusal is final as it stands (it was made against the state as of the
//! statement) and writes nothing; an accepted command is written in one statement, which
//! moves `games.seq` from the resolved seq and is retried against a fresh load only if
//! another command moved it first.
//!
//! The statement's cost must not grow with the bot's history: the fallbacks (the caller's
//! running game in a DM, the server's) are only looked for when the channel is no game's
//! post, and the sign-ups and seats are found by index (migration
//! `20261211000001_lookup_indexes`). Before that, every `/vote` in a day post read every
//! sign-up of every server and joined each to its game, about 0.6 ms of PostgreSQL's time
//! per interaction at 200 games (the largest share of the interaction bench's database
//! time, more than the writes), growing with each game ever held.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::ids::{Account, Channel, GameId, Guild};
use super::MAX_RETRIES;
use super::{
    is_conflict, rebuilt, write, Loaded, Outcome, Plan, Session, Store, StoreError, Written,
};
use engine::{self, Command, Event, Game, RuleError};
use notify::Lang;

/// What an interaction names: a game (a button's id) or a place.
#[derive(Debug, Clone, Copy)]
pub struct Lookup<'a> {
    /// The game the interaction's id names; `None`: the game of `channel`.
    pub game: Option<GameId>,
    /// Where it was used (`None`: nowhere that can be a game's post, e.g. a button).
    pub channel: Option<Channel>,
    /// The server (`None`: a DM).
    pub guild: Option<Guild>,
    /// Who (`None`: nobody's seat is asked for, e.g. the judge's own command).
    pub user: Option<Account>,
    /// The interaction's idempotency key.
    pub key: Option<&'a str>,
}

/// The game an interaction is about, current as of one statement.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub game_id: GameId,
    /// The caller's seat in it.
    pub seat: Option<u16>,
    /// The server whose sign-up became the game.
    pub guild: Option<Guild>,
    pub state: Arc<Game>,
    pub seq: i64,
    pub lang: Lang,
    /// The result already recorded under the key.
    pub recorded: Option<Outcome>,
}

/// What [`Store::act_on`] came to.
#[derive(Debug, Clone)]
pub enum Acted {
    /// Written; the state after it, and the events written.
    Accepted(Arc<Game>, Vec<Event>),
    /// The rules refused, against this state; nothing was written.
    Refused(RuleError, Arc<Game>),
    /// The key had a result already (a redelivered interaction): this one.
    Recorded(Outcome, Arc<Game>),
}

impl Store {
    /// Finds the game of an interaction, the caller's seat and the key's result, with the
    /// game's current state, in one statement (see the module's header).
    ///
    /// # Errors
    /// [`StoreError::NoGame`] when the game named is not found, [`StoreError::NoGameFound`]
    /// when no game is in the place; database errors.
    pub async fn resolve(
        &self,
        conn: &mut Session,
        at: Lookup<'_>,
    ) -> Result<Resolved, StoreError> {
        // The game this process guesses (the named one, or the one last found in this
        // channel) and its cached seq: only a hint, used if the statement finds that game.
        let channel = at.channel.map_or(0, i64::from);
        let guess = at
            .game
            .or_else(|| at.channel.and_then(|c| self.cache.place(c)));
        let hint = guess.and_then(|g| self.cache.get(g).map(|c| (g.get(), c)));
        let row = sqlx::query!(
            r#"WITH r AS (
                SELECT c.game_id, c.fixed FROM (
                    SELECT $1::BIGINT AS game_id, 0 AS pri, TRUE AS fixed
                    WHERE $1::BIGINT IS NOT NULL
                    UNION ALL
                    SELECT game_id, 1, TRUE FROM day_threads
                    WHERE $1::BIGINT IS NULL AND thread_id = $2
                    UNION ALL
                    SELECT game_id, 1, TRUE FROM signup_posts
                    WHERE $1::BIGINT IS NULL AND thread_id = $2 AND game_id IS NOT NULL
                    UNION ALL
                    (SELECT s.game_id, 2, FALSE FROM seats s JOIN games g ON g.id = s.game_id
                     WHERE $1::BIGINT IS NULL AND $3::BIGINT IS NULL AND s.user_id = $4
                       AND NOT g.ended
                     ORDER BY s.game_id DESC LIMIT 1)
                    UNION ALL
                    (SELECT s.game_id, 2, FALSE FROM signup_posts s JOIN games g ON g.id = s.game_id
                     WHERE $1::BIGINT IS NULL AND s.guild_id = $3 AND NOT g.ended
                       AND NOT EXISTS (SELECT FROM day_threads WHERE thread_id = $2)
                       AND NOT EXISTS (SELECT FROM signup_posts WHERE thread_id = $2
                                       AND game_id IS NOT NULL)
                     ORDER BY s.game_id DESC LIMIT 1)
                ) c ORDER BY c.pri LIMIT 1),
             g AS (SELECT games.id, games.seq, games.lang, r.fixed FROM games JOIN r ON games.id = r.game_id),
             b AS (SELECT CASE WHEN g.id = $5::BIGINT AND $6::BIGINT <= g.seq THEN $6::BIGINT END AS cached
                   FROM g),
             s AS (SELECT sn.seq, sn.state FROM snapshots sn, g, b
                   WHERE sn.game_id = g.id AND sn.seq <= g.seq AND sn.seq > COALESCE(b.cached, -1)
                   ORDER BY sn.seq DESC LIMIT 1)
             SELECT g.id AS "id!", g.seq AS "seq!", g.lang AS "lang!", g.fixed AS "fixed!", b.cached,
                    (SELECT seat FROM seats WHERE game_id = g.id AND user_id = $4) AS seat,
                    (SELECT guild_id FROM signup_posts WHERE game_id = g.id LIMIT 1) AS guild,
                    (SELECT result FROM commands WHERE game_id = g.id AND key = $7::TEXT) AS result,
                    (SELECT state FROM s) AS "snap_state: Json<Game>",
                    ARRAY(SELECT body FROM events
                          WHERE game_id = g.id AND seq <= g.seq
                            AND seq > COALESCE((SELECT seq FROM s), b.cached, 0)
                          ORDER BY seq) AS "events!: Vec<Json<Event>>"
             FROM g, b"#,
            at.game.map(GameId::get),
            channel,
            at.guild.map(i64::from),
            at.user.map_or(0, i64::from),
            hint.as_ref().map(|(g, _)| *g),
            hint.as_ref().map(|(_, c)| c.seq),
            at.key,
        )
        .fetch_optional(&mut *conn.0)
        .await?
        .ok_or(match at.game {
            Some(game) => StoreError::NoGame(game),
            None => StoreError::NoGameFound("in this place"),
        })?;
        let game_id = GameId(row.id);
        let lang = Lang::parse(&row.lang).unwrap_or_default();
        let hint = hint.map(|(_, c)| c);
        let state = Arc::new(rebuilt(row.snap_state, row.cached, hint, row.events));
        self.cache.put(game_id, row.seq, state.clone(), lang);
        if let (true, None, Some(channel)) = (row.fixed, at.game, at.channel) {
            // A post's game never changes: the next lookup here can bring the cached seq.
            self.cache.found(channel, game_id);
        }
        Ok(Resolved {
            game_id,
            seat: row.seat.and_then(|s| u16::try_from(s).ok()),
            guild: row.guild.map(Guild::try_from).transpose()?,
            state,
            seq: row.seq,
            lang,
            recorded: row.result.map(serde_json::from_value).transpose()?,
        })
    }

    /// Runs `cmd` on a resolved game under the interaction's key: refused against the
    /// resolved (current) state, nothing is written; accepted, one statement writes it (see
    /// the module's header). A command whose write lost a race is run again on a fresh load.
    ///
    /// # Errors
    /// Database errors; [`StoreError::Contention`] if it keeps losing races.
    pub async fn act_on(
        &self,
        conn: &mut Session,
        r: &Resolved,
        key: &str,
        cmd: &Command,
        now: DateTime<Utc>,
    ) -> Result<Acted, StoreError> {
        if let Some(done) = &r.recorded {
            return Ok(Acted::Recorded(done.clone(), r.state.clone()));
        }
        let (mut game, mut seq, mut lang) = (r.state.clone(), r.seq, r.lang);
        for _ in 0..MAX_RETRIES {
            let (events, after) = match engine::step(&game, cmd, now) {
                Ok(done) => done,
                Err(e) => return Ok(Acted::Refused(e, game)),
            };
            let outcome = Outcome::Accepted {
                first: seq + 1,
                last: seq + events.len() as i64,
            };
            let result = serde_json::to_value(&outcome)?;
            let logged = serde_json::to_value(cmd)?;
            let after = Arc::new(after);
            let mut plan = Plan::new(r.game_id.get(), &game, seq, &events, &after, lang)?;
            plan.record(key, result, now, Some(logged));
            match write(&mut conn.0, &plan).await {
                Ok(Written::Lost) => {}
                Ok(_) => {
                    self.cache.put(r.game_id, plan.new_seq, after.clone(), lang);
                    return Ok(Acted::Accepted(after, events));
                }
                Err(StoreError::Db(e)) if is_conflict(&e) => {}
                Err(e) => return Err(e),
            }
            // Lost a race: the game moved (or the key was recorded) meanwhile.
            match self.load_for(&mut conn.0, r.game_id, Some(key)).await? {
                Loaded::Recorded(done) => {
                    let state = self.cache.get(r.game_id).map_or(game, |c| c.game);
                    return Ok(Acted::Recorded(serde_json::from_value(done)?, state));
                }
                Loaded::Game(g, s, l) => (game, seq, lang) = (g, s, l),
            }
        }
        Err(StoreError::Contention(MAX_RETRIES))
    }
}
