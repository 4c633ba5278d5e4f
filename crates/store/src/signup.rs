//! Sign-ups (`signup_posts`, `signup_players`): opening one, who joins and leaves, the deal
//! a start draws once and stores with the sign-up, and the seats of the game it became.
//!
//! The locks are the start's atomicity: a deal is drawn and stored under the sign-up row's
//! update lock ([`Store::deal_once`]), a join or a leave takes the row's share lock and is
//! refused once a deal is stored ([`Store::join_signup`], [`Store::leave_signup`]). So a
//! join waits for a start in progress, two starts at once find the same deal, and the
//! players cannot change between the deal and the game.

use chrono::{DateTime, Utc};
use sqlx::{Postgres, Transaction};

use super::ids::{Account, Channel, GameId, Guild, Message, SignupId};
use super::{lang_code, Store, StoreError};
use engine::rng::Seed;
use notify::Lang;

/// A sign-up as stored: what the service's sign-up holds, beside what it adds (the judge's
/// options read, its players and the ruleset it will play).
#[derive(Debug, Clone, PartialEq)]
pub struct SignupRow {
    pub id: SignupId,
    pub guild: Guild,
    pub judge: Account,
    pub ruleset: String,
    pub lang: Lang,
    pub thread: Option<Channel>,
    pub message: Option<Message>,
    pub game: Option<GameId>,
    /// The tournament whose next game this sign-up becomes.
    pub tournament: Option<i64>,
}

/// A member on a sign-up: (account, name, whether a DM to them went through).
pub type Joined = (Account, String, bool);

/// A start's deal, drawn once and stored with the sign-up: the seed, the account in each
/// seat (in seat order) and each seat's character name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub seed: Seed,
    pub seating: Vec<Account>,
    pub names: Vec<String>,
}

/// What became of a join or a leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Done; the sign-up's server.
    Done(Guild),
    /// There is no such sign-up.
    NoSignup,
    /// The sign-up has a deal or a game: nothing changed.
    Closed,
    /// Already joined (a join) or not joined (a leave): nothing changed.
    Unchanged,
}

impl Store {
    /// Opens a sign-up and returns its id.
    ///
    /// # Errors
    /// Database errors.
    pub async fn open_signup(
        &self,
        guild: Guild,
        judge: Account,
        ruleset: &str,
        lang: Lang,
        tournament: Option<i64>,
        options: serde_json::Value,
    ) -> Result<SignupId, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"INSERT INTO signup_posts (guild_id, judge_user, ruleset, lang, tournament_id, options)
               VALUES ($1, $2, $3, $4, $5, $6) RETURNING id AS "id: SignupId""#,
            i64::from(guild),
            i64::from(judge),
            ruleset,
            lang_code(lang),
            tournament,
            options,
        )
        .fetch_one(&self.pool)
        .await?)
    }

    /// Records where the sign-up message was posted.
    ///
    /// # Errors
    /// Database errors.
    pub async fn signup_posted(
        &self,
        id: SignupId,
        thread: Channel,
        message: Message,
    ) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE signup_posts SET thread_id = $2, message_id = $3 WHERE id = $1",
            id.0,
            i64::from(thread),
            i64::from(message),
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A sign-up, if there is one with this id, with the judge's `/wolf new` options as
    /// written (the service reads them).
    ///
    /// # Errors
    /// Database errors.
    pub async fn signup(
        &self,
        id: SignupId,
    ) -> Result<Option<(SignupRow, serde_json::Value)>, StoreError> {
        let row = sqlx::query!(
            r#"SELECT guild_id AS "guild: Guild", judge_user AS "judge: Account", ruleset, lang,
                      thread_id AS "thread: Channel", message_id AS "message: Message",
                      game_id AS "game: GameId",
                      tournament_id, options
               FROM signup_posts WHERE id = $1"#,
            id.0,
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| {
            let row = SignupRow {
                id,
                guild: r.guild,
                judge: r.judge,
                ruleset: r.ruleset,
                lang: Lang::parse(&r.lang).unwrap_or_default(),
                thread: r.thread,
                message: r.message,
                game: r.game,
                tournament: r.tournament_id,
            };
            (row, r.options)
        }))
    }

    /// Everyone on sign-up `id`, in order of joining.
    ///
    /// # Errors
    /// Database errors.
    pub async fn signup_players(&self, id: SignupId) -> Result<Vec<Joined>, StoreError> {
        Ok(players(&self.pool, id).await?)
    }

    /// The open sign-up a command in `channel` of `guild` is about: the one posted in
    /// `channel`, else the server's latest open one.
    ///
    /// # Errors
    /// Database errors.
    pub async fn open_signup_at(
        &self,
        channel: Channel,
        guild: Option<Guild>,
    ) -> Result<Option<SignupId>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT id AS "id: SignupId" FROM signup_posts WHERE game_id IS NULL
                 AND (thread_id = $1 OR guild_id = $2)
               ORDER BY (thread_id = $1) DESC NULLS LAST, id DESC LIMIT 1"#,
            i64::from(channel),
            guild.map_or(0, i64::from),
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The sign-up a start in `channel` of `guild` is about: the one posted in `channel`,
    /// started or not, else the server's latest whose game has not ended, started or not.
    ///
    /// # Errors
    /// Database errors.
    pub async fn signup_to_start(
        &self,
        channel: Channel,
        guild: Option<Guild>,
    ) -> Result<Option<SignupId>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT s.id AS "id!: SignupId" FROM signup_posts s LEFT JOIN games g ON g.id = s.game_id
               WHERE s.thread_id = $1 OR (s.guild_id = $2 AND NOT COALESCE(g.ended, FALSE))
               ORDER BY (s.thread_id = $1) DESC NULLS LAST, s.id DESC LIMIT 1"#,
            i64::from(channel),
            guild.map_or(0, i64::from),
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Signs `user` up under `name` at `at`, unless the sign-up is closed or they are on it.
    ///
    /// # Errors
    /// Database errors.
    pub async fn join_signup(
        &self,
        id: SignupId,
        user: Account,
        name: &str,
        at: DateTime<Utc>,
    ) -> Result<Change, StoreError> {
        let mut tx = self.pool.begin().await?;
        let guild = match open_for_change(&mut tx, id).await? {
            Change::Done(guild) => guild,
            refused => return Ok(refused),
        };
        let done = sqlx::query!(
            "INSERT INTO signup_players (signup_id, user_id, name, joined_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            id.0,
            i64::from(user),
            name,
            at,
        )
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            return Ok(Change::Unchanged);
        }
        tx.commit().await?;
        Ok(Change::Done(guild))
    }

    /// Takes `user` off the sign-up, unless it is closed or they are not on it.
    ///
    /// # Errors
    /// Database errors.
    pub async fn leave_signup(&self, id: SignupId, user: Account) -> Result<Change, StoreError> {
        let mut tx = self.pool.begin().await?;
        let guild = match open_for_change(&mut tx, id).await? {
            Change::Done(guild) => guild,
            refused => return Ok(refused),
        };
        let done = sqlx::query!(
            "DELETE FROM signup_players WHERE signup_id = $1 AND user_id = $2",
            id.0,
            i64::from(user),
        )
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            return Ok(Change::Unchanged);
        }
        tx.commit().await?;
        Ok(Change::Done(guild))
    }

    /// Records whether a DM to a signed-up member went through.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_dm_ok(&self, id: SignupId, user: Account, ok: bool) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE signup_players SET dm_ok = $3 WHERE signup_id = $1 AND user_id = $2",
            id.0,
            i64::from(user),
            ok,
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The deal of sign-up `id`: the one stored by an earlier start, or the one `draw` makes
    /// from the members on it (in order of joining), stored. The sign-up row is locked
    /// (`FOR UPDATE`) from the read to the write, so of two starts at once the second waits
    /// and then reads the first one's deal, and joins and leaves wait and are then refused.
    /// `None` when there is no such sign-up; `draw`'s refusal leaves the sign-up as it was.
    ///
    /// # Errors
    /// `draw`'s error; database errors.
    pub async fn deal_once<E>(
        &self,
        id: SignupId,
        draw: impl FnOnce(Vec<Joined>) -> Result<Deal, E>,
    ) -> Result<Option<Deal>, E>
    where
        E: From<StoreError>,
    {
        let db = |e: sqlx::Error| E::from(StoreError::Db(e));
        let mut tx = self.pool.begin().await.map_err(db)?;
        let Some(row) = sqlx::query!(
            "SELECT seed, seed256, seating, seat_names FROM signup_posts WHERE id = $1 FOR UPDATE",
            id.0,
        )
        .fetch_optional(&mut *tx)
        .await
        .map_err(db)?
        else {
            return Ok(None);
        };
        // A 256-bit seed (`seed256`) or, in rows stored before it existed and with a fixed
        // seed, a 64-bit one (`seed`).
        let seed = match row.seed256 {
            Some(bytes) => Some(Seed::Bytes(bytes.try_into().map_err(|b: Vec<u8>| {
                db(sqlx::Error::Decode(
                    format!("seed256 has {} bytes, not 32", b.len()).into(),
                ))
            })?)),
            None => row.seed.map(|s| Seed::U64(s as u64)),
        };
        if let (Some(seed), Some(seating), Some(names)) = (seed, row.seating, row.seat_names) {
            tx.commit().await.map_err(db)?;
            return Ok(Some(Deal {
                seed,
                seating: seating
                    .into_iter()
                    .map(Account::try_from)
                    .collect::<Result<_, _>>()
                    .map_err(|e| db(sqlx::Error::Decode(Box::new(e))))?,
                names,
            }));
        }
        // Read under the lock: this is the list the game is dealt to.
        let joined = players(&mut *tx, id).await.map_err(db)?;
        let deal = draw(joined)?;
        let (seed64, seed256) = match deal.seed {
            Seed::U64(s) => (Some(s as i64), None),
            Seed::Bytes(b) => (None, Some(b.to_vec())),
        };
        let seating: Vec<i64> = deal.seating.iter().copied().map(i64::from).collect();
        sqlx::query!(
            "UPDATE signup_posts SET seed = $2, seed256 = $5, seating = $3, seat_names = $4
             WHERE id = $1",
            id.0,
            seed64,
            &seating,
            &deal.names,
            seed256,
        )
        .execute(&mut *tx)
        .await
        .map_err(db)?;
        tx.commit().await.map_err(db)?;
        Ok(Some(deal))
    }

    /// Records that a sign-up became `game` (the game created before, see
    /// [`Store::create_game_from`]), with its seats; a repeat changes nothing.
    ///
    /// # Errors
    /// Database errors.
    pub(super) async fn link_signup(
        &self,
        from: FromSignup<'_>,
        game: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        link(&mut tx, from, game).await?;
        tx.commit().await?;
        Ok(())
    }

    /// When each member joined sign-up `id`, in order of joining.
    ///
    /// # Errors
    /// Database errors.
    pub async fn signup_joined_at(
        &self,
        id: SignupId,
    ) -> Result<Vec<(Account, DateTime<Utc>)>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT user_id AS "user: Account", joined_at FROM signup_players
               WHERE signup_id = $1 ORDER BY joined_at, user_id"#,
            id.0,
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.user, r.joined_at)).collect())
    }
}

/// Everyone on sign-up `id` in order of joining, read through `db` (a transaction holding
/// the sign-up's lock, or the pool).
async fn players<'c>(
    db: impl sqlx::PgExecutor<'c>,
    id: SignupId,
) -> Result<Vec<Joined>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT user_id AS "user: Account", name, dm_ok FROM signup_players
           WHERE signup_id = $1 ORDER BY joined_at, user_id"#,
        id.0,
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.user, r.name, r.dm_ok))
        .collect())
}

/// Takes a share lock on sign-up `id` for a join or a leave in `tx`, and checks that it is
/// still open: a start holds the row's update lock while it deals, so a join waits for it
/// and is then refused rather than slipping in beside the deal. [`Change::Done`] with the
/// sign-up's server when it is open.
async fn open_for_change(
    tx: &mut Transaction<'_, Postgres>,
    id: SignupId,
) -> Result<Change, StoreError> {
    let row = sqlx::query!(
        r#"SELECT guild_id AS "guild: Guild",
                  game_id IS NOT NULL OR seed IS NOT NULL OR seed256 IS NOT NULL AS "closed!"
           FROM signup_posts WHERE id = $1 FOR SHARE"#,
        id.0,
    )
    .fetch_optional(&mut **tx)
    .await?;
    Ok(match row {
        None => Change::NoSignup,
        Some(r) if r.closed => Change::Closed,
        Some(r) => Change::Done(r.guild),
    })
}

/// A sign-up becoming a game: the sign-up and the account in each seat (in seat order),
/// recorded with the game itself ([`Store::create_game_from`]).
#[derive(Debug, Clone, Copy)]
pub struct FromSignup<'a> {
    pub signup: SignupId,
    pub seating: &'a [Account],
}

/// Records that a sign-up became `game`, with the account in each seat; both or neither
/// (within the caller's transaction). A repeat changes nothing.
pub(super) async fn link(
    tx: &mut Transaction<'_, Postgres>,
    from: FromSignup<'_>,
    game: i64,
) -> Result<(), sqlx::Error> {
    let seating: Vec<i64> = from.seating.iter().copied().map(i64::from).collect();
    sqlx::query!(
        "INSERT INTO seats (game_id, seat, user_id)
         SELECT $1, (s.n - 1)::INT, s.user_id
         FROM UNNEST($2::BIGINT[]) WITH ORDINALITY AS s(user_id, n)
         ON CONFLICT DO NOTHING",
        game,
        &seating,
    )
    .execute(&mut **tx)
    .await?;
    sqlx::query!(
        "UPDATE signup_posts SET game_id = $2 WHERE id = $1",
        from.signup.0,
        game,
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}
