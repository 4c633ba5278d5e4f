//! Where a game lives on the platform: the game a channel or an account is about, the
//! server, channels and seats its messages go to, and the day posts as they are created.
//! Read by the service's adapters-facing methods ([`service::Service::game_at`],
//! [`service::Service::route`]); the interaction path's own lookup is
//! [`super::resolve`].

use super::ids::{Account, Channel, GameId, Guild};
use super::{Session, Store, StoreError};

/// A game's server and channels, as stored with its sign-up and the server's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteRow {
    pub guild: Guild,
    /// The sign-up post, once posted.
    pub thread: Option<Channel>,
    pub forum: Channel,
    pub log: Channel,
    /// The game's language code (`zh`, `en`).
    pub lang: String,
}

/// [`RouteRow`] as its statement reads it.
struct Row {
    guild_id: i64,
    thread_id: Option<i64>,
    forum_channel: i64,
    log_channel: i64,
    lang: String,
}

impl TryFrom<Row> for RouteRow {
    type Error = StoreError;

    fn try_from(r: Row) -> Result<RouteRow, StoreError> {
        Ok(RouteRow {
            guild: Guild::try_from(r.guild_id)?,
            thread: r.thread_id.map(Channel::try_from).transpose()?,
            forum: Channel::try_from(r.forum_channel)?,
            log: Channel::try_from(r.log_channel)?,
            lang: r.lang,
        })
    }
}

impl Store {
    /// The game of the day post or sign-up post `channel`, if it is one.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game_in_channel(&self, channel: Channel) -> Result<Option<GameId>, StoreError> {
        let channel = i64::from(channel);
        Ok(sqlx::query_scalar!(
            r#"SELECT game_id AS "game_id!" FROM day_threads WHERE thread_id = $1
               UNION ALL SELECT game_id FROM signup_posts WHERE thread_id = $1 AND game_id IS NOT NULL
               LIMIT 1"#,
            channel
        )
        .fetch_optional(&self.pool)
        .await?
        .map(GameId))
    }

    /// The latest werewolf game `user` sits in that has not ended (a UNO game is never
    /// the game a werewolf command is about).
    ///
    /// # Errors
    /// Database errors.
    pub async fn running_game_of(&self, user: Account) -> Result<Option<GameId>, StoreError> {
        let user = i64::from(user);
        Ok(sqlx::query_scalar!(
            "SELECT s.game_id FROM seats s JOIN games g ON g.id = s.game_id
             WHERE s.user_id = $1 AND NOT g.ended AND g.ruleset <> $2
             ORDER BY s.game_id DESC LIMIT 1",
            user,
            super::uno_games::RULESET,
        )
        .fetch_optional(&self.pool)
        .await?
        .map(GameId))
    }

    /// The latest werewolf game of server `guild` that has not ended (a UNO game is never
    /// the game a werewolf command is about).
    ///
    /// # Errors
    /// Database errors.
    pub async fn running_game_in(&self, guild: Guild) -> Result<Option<GameId>, StoreError> {
        let guild = i64::from(guild);
        Ok(sqlx::query_scalar!(
            r#"SELECT s.game_id AS "game_id!" FROM signup_posts s JOIN games g ON g.id = s.game_id
               WHERE s.guild_id = $1 AND NOT g.ended AND g.ruleset <> $2
               ORDER BY s.game_id DESC LIMIT 1"#,
            guild,
            super::uno_games::RULESET,
        )
        .fetch_optional(&self.pool)
        .await?
        .map(GameId))
    }

    /// Game `game`'s server and channels, if it was started from a sign-up.
    ///
    /// # Errors
    /// Database errors.
    pub async fn route_row(&self, game: GameId) -> Result<Option<RouteRow>, StoreError> {
        let game = game.get();
        sqlx::query_as!(
            Row,
            "SELECT s.guild_id, s.thread_id, g.forum_channel, g.log_channel, s.lang
             FROM signup_posts s JOIN guild_settings g ON g.guild_id = s.guild_id
             WHERE s.game_id = $1",
            game
        )
        .fetch_optional(&self.pool)
        .await?
        .map(RouteRow::try_from)
        .transpose()
    }

    /// Game `game`'s day posts as `(day, thread)`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn day_threads(&self, game: GameId) -> Result<Vec<(i32, Channel)>, StoreError> {
        sqlx::query!(
            "SELECT day, thread_id FROM day_threads WHERE game_id = $1",
            game.get()
        )
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|r| Ok((r.day, Channel::try_from(r.thread_id)?)))
        .collect()
    }

    /// Game `game`'s seats as `(seat, account)`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn seat_accounts(&self, game: GameId) -> Result<Vec<(i32, Account)>, StoreError> {
        sqlx::query!(
            "SELECT seat, user_id FROM seats WHERE game_id = $1",
            game.get()
        )
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|r| Ok((r.seat, Account::try_from(r.user_id)?)))
        .collect()
    }

    /// The seats `user` holds in the games of server `guild` that have not ended, as (game,
    /// seat): whom a member who left the server leaves without a player.
    ///
    /// # Errors
    /// Database errors.
    pub async fn running_seats_in(
        &self,
        guild: Guild,
        user: Account,
    ) -> Result<Vec<(GameId, i32)>, StoreError> {
        let rows: Vec<(i64, i32)> = sqlx::query_as(
            "SELECT s.game_id, s.seat FROM seats s
             JOIN games g ON g.id = s.game_id
             JOIN signup_posts p ON p.game_id = s.game_id
             WHERE p.guild_id = $1 AND s.user_id = $2 AND NOT g.ended
             ORDER BY s.game_id, s.seat",
        )
        .bind(i64::from(guild))
        .bind(i64::from(user))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(g, s)| (GameId(g), s)).collect())
    }

    /// The seat `user` plays in game `game`, if any.
    ///
    /// # Errors
    /// Database errors.
    pub async fn seat_of(&self, game: GameId, user: Account) -> Result<Option<i32>, StoreError> {
        Ok(sqlx::query_scalar!(
            "SELECT seat FROM seats WHERE game_id = $1 AND user_id = $2",
            game.get(),
            i64::from(user)
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Records day `day`'s forum post of game `game` (a second record of the day is
    /// ignored).
    ///
    /// # Errors
    /// Database errors.
    pub async fn day_posted(
        &self,
        game: GameId,
        day: i32,
        thread: Channel,
    ) -> Result<(), StoreError> {
        sqlx::query!(
            "INSERT INTO day_threads (game_id, day, thread_id) VALUES ($1, $2, $3)
             ON CONFLICT (game_id, day) DO NOTHING",
            game.get(),
            day,
            i64::from(thread)
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A connection from the pool, for a unit of work whose statements the store's methods
    /// run on one connection (the interaction path: [`Store::resolve`], then
    /// [`Store::act_on`]), so that it takes one connection, not one per statement.
    ///
    /// # Errors
    /// Database errors (the pool's acquire timeout).
    pub async fn connection(&self) -> Result<Session, StoreError> {
        Ok(Session(self.pool.acquire().await?))
    }
}
