//! Where a game lives on the platform: the game a channel or an account is about, the
//! server, channels and seats its messages go to, and the day posts as they are created.
//! Read by the service's adapters-facing methods ([`service::Service::game_at`],
//! [`service::Service::route`]); the interaction path's own lookup is
//! [`super::resolve`].

use super::{Store, StoreError};

/// A game's server and channels, as stored with its sign-up and the server's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteRow {
    pub guild_id: i64,
    /// The sign-up post, once posted.
    pub thread_id: Option<i64>,
    pub forum_channel: i64,
    pub log_channel: i64,
    /// The game's language code (`zh`, `en`).
    pub lang: String,
}

impl Store {
    /// The game of the day post or sign-up post `channel`, if it is one.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game_in_channel(&self, channel: i64) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT game_id AS "game_id!" FROM day_threads WHERE thread_id = $1
               UNION ALL SELECT game_id FROM signup_posts WHERE thread_id = $1 AND game_id IS NOT NULL
               LIMIT 1"#,
            channel
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The latest game `user` sits in that has not ended.
    ///
    /// # Errors
    /// Database errors.
    pub async fn running_game_of(&self, user: i64) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar!(
            "SELECT s.game_id FROM seats s JOIN games g ON g.id = s.game_id
             WHERE s.user_id = $1 AND NOT g.ended ORDER BY s.game_id DESC LIMIT 1",
            user
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The latest game of server `guild` that has not ended.
    ///
    /// # Errors
    /// Database errors.
    pub async fn running_game_in(&self, guild: i64) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT s.game_id AS "game_id!" FROM signup_posts s JOIN games g ON g.id = s.game_id
               WHERE s.guild_id = $1 AND NOT g.ended ORDER BY s.game_id DESC LIMIT 1"#,
            guild
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Game `game`'s server and channels, if it was started from a sign-up.
    ///
    /// # Errors
    /// Database errors.
    pub async fn route_row(&self, game: i64) -> Result<Option<RouteRow>, StoreError> {
        Ok(sqlx::query_as!(
            RouteRow,
            "SELECT s.guild_id, s.thread_id, g.forum_channel, g.log_channel, s.lang
             FROM signup_posts s JOIN guild_settings g ON g.guild_id = s.guild_id
             WHERE s.game_id = $1",
            game
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Game `game`'s day posts as `(day, thread)`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn day_threads(&self, game: i64) -> Result<Vec<(i32, i64)>, StoreError> {
        Ok(sqlx::query!(
            "SELECT day, thread_id FROM day_threads WHERE game_id = $1",
            game
        )
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|r| (r.day, r.thread_id))
        .collect())
    }

    /// Game `game`'s seats as `(seat, account)`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn seat_accounts(&self, game: i64) -> Result<Vec<(i32, i64)>, StoreError> {
        Ok(
            sqlx::query!("SELECT seat, user_id FROM seats WHERE game_id = $1", game)
                .fetch_all(&self.pool)
                .await?
                .into_iter()
                .map(|r| (r.seat, r.user_id))
                .collect(),
        )
    }

    /// The seat `user` plays in game `game`, if any.
    ///
    /// # Errors
    /// Database errors.
    pub async fn seat_of(&self, game: i64, user: i64) -> Result<Option<i32>, StoreError> {
        Ok(sqlx::query_scalar!(
            "SELECT seat FROM seats WHERE game_id = $1 AND user_id = $2",
            game,
            user
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Records day `day`'s forum post of game `game` (a second record of the day is
    /// ignored).
    ///
    /// # Errors
    /// Database errors.
    pub async fn day_posted(&self, game: i64, day: i32, thread: i64) -> Result<(), StoreError> {
        sqlx::query!(
            "INSERT INTO day_threads (game_id, day, thread_id) VALUES ($1, $2, $3)
             ON CONFLICT (game_id, day) DO NOTHING",
            game,
            day,
            thread
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
    pub async fn connection(
        &self,
    ) -> Result<sqlx::pool::PoolConnection<sqlx::Postgres>, StoreError> {
        Ok(self.pool.acquire().await?)
    }
}
