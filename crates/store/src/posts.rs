//! The forum posts the bot opens, as a server's moderators may change them: the tag every
//! post carries (`guild_settings.forum_tag`, for a forum that requires one), and a post
//! deleted while its game needs it (a running game's latest day post, an open sign-up's
//! post), which the messenger replaces with a new one: these statements find what the lost
//! post held and move its records to the new post.
//!
//! They are runtime-checked statements (`sqlx::query`, not the macros): they read the
//! column this work added and the outbox's JSON, and are few and cold (a setup, a deleted
//! post).

use sqlx::Row;

use super::ids::{Channel, GameId, Guild, SignupId};
use super::{Store, StoreError};
use notify::Delivery;

/// A message the outbox wrote for a game's public post: its text and how it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicMessage {
    pub body: String,
    pub meta: Delivery,
}

impl PublicMessage {
    fn of(row: &sqlx::postgres::PgRow) -> Result<PublicMessage, StoreError> {
        let body: String = row.try_get("body")?;
        let meta: Option<serde_json::Value> = row.try_get("meta")?;
        let meta = match meta {
            Some(v) => serde_json::from_value(v)?,
            None => Delivery::default(),
        };
        Ok(PublicMessage { body, meta })
    }
}

impl Store {
    /// The forum tag `guild`'s posts carry, if it chose one.
    ///
    /// # Errors
    /// Database errors.
    pub async fn forum_tag(&self, guild: Guild) -> Result<Option<u64>, StoreError> {
        let tag: Option<Option<i64>> =
            sqlx::query_scalar("SELECT forum_tag FROM guild_settings WHERE guild_id = $1")
                .bind(i64::from(guild))
                .fetch_optional(&self.pool)
                .await?;
        Ok(tag.flatten().map(|t| t as u64))
    }

    /// Sets (or, with `None`, clears) the tag `guild`'s forum posts carry (its settings
    /// saved first).
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_forum_tag(&self, guild: Guild, tag: Option<u64>) -> Result<(), StoreError> {
        sqlx::query("UPDATE guild_settings SET forum_tag = $2 WHERE guild_id = $1")
            .bind(i64::from(guild))
            .bind(tag.map(|t| t as i64))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The game and day whose post `thread` is, when the game still needs it: the game has
    /// not ended and it is the game's latest day post (where its public messages go).
    ///
    /// # Errors
    /// Database errors.
    pub async fn needed_day_post(
        &self,
        thread: Channel,
    ) -> Result<Option<(GameId, u32)>, StoreError> {
        let row = sqlx::query(
            "SELECT d.game_id, d.day FROM day_threads d JOIN games g ON g.id = d.game_id
             WHERE d.thread_id = $1 AND d.day > 0 AND NOT g.ended
               AND d.day = (SELECT max(day) FROM day_threads m WHERE m.game_id = d.game_id)",
        )
        .bind(i64::from(thread))
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| -> Result<(GameId, u32), StoreError> {
            let game: i64 = r.try_get("game_id")?;
            let day: i32 = r.try_get("day")?;
            Ok((GameId(game), day.max(0) as u32))
        })
        .transpose()
    }

    /// The sign-up whose post `thread` is, when it still needs it: not started, or its
    /// game not ended.
    ///
    /// # Errors
    /// Database errors.
    pub async fn needed_signup_post(
        &self,
        thread: Channel,
    ) -> Result<Option<SignupId>, StoreError> {
        let id: Option<i64> = sqlx::query_scalar(
            "SELECT s.id FROM signup_posts s LEFT JOIN games g ON g.id = s.game_id
             WHERE s.thread_id = $1 AND NOT COALESCE(g.ended, FALSE)
             ORDER BY s.id DESC LIMIT 1",
        )
        .bind(i64::from(thread))
        .fetch_optional(&self.pool)
        .await?;
        Ok(id.map(SignupId))
    }

    /// The opening message of day `day`'s post, as the outbox wrote it.
    ///
    /// # Errors
    /// Database errors; a row whose JSON no longer reads.
    pub async fn day_opening(
        &self,
        game: GameId,
        day: u32,
    ) -> Result<Option<PublicMessage>, StoreError> {
        self.public_message(game, "new_post", day, "id").await
    }

    /// The latest vote count the outbox wrote for day `day` (its latest round), delivered
    /// or not: the count as it stands.
    ///
    /// # Errors
    /// Database errors; a row whose JSON no longer reads.
    pub async fn latest_count(
        &self,
        game: GameId,
        day: u32,
    ) -> Result<Option<PublicMessage>, StoreError> {
        self.public_message(game, "tally", day, "id DESC").await
    }

    /// The first public message of `game` (in `order`) whose `meta` has a `kind` for day
    /// `day` (a statement of two texts, so not a literal).
    async fn public_message(
        &self,
        game: GameId,
        kind: &'static str,
        day: u32,
        order: &'static str,
    ) -> Result<Option<PublicMessage>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT body, meta FROM outbox
             WHERE game_id = $1 AND channel = 'public' AND meta->'{kind}'->>'day' = $2
             ORDER BY {order} LIMIT 1"
        ))
        .bind(game.get())
        .bind(day.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(PublicMessage::of).transpose()
    }

    /// Moves day `day`'s post from `lost` (deleted) to `new`, with no index and no vote
    /// count kept (they were in the lost post): `false` when the day's post is no longer
    /// `lost` (it was replaced already), and nothing changes.
    ///
    /// # Errors
    /// Database errors.
    pub async fn replace_day_post(
        &self,
        game: GameId,
        day: u32,
        lost: Channel,
        new: Channel,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let moved = sqlx::query(
            "UPDATE day_threads SET thread_id = $4, elevator = NULL, elevator_more = '{}',
               elevator_dirty = FALSE
             WHERE game_id = $1 AND day = $2 AND thread_id = $3",
        )
        .bind(game.get())
        .bind(day as i32)
        .bind(i64::from(lost))
        .bind(i64::from(new))
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if moved == 1 {
            sqlx::query("DELETE FROM tally_messages WHERE game_id = $1 AND day = $2")
                .bind(game.get())
                .bind(day as i32)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(moved == 1)
    }

    /// Moves sign-up `id`'s post from `lost` (deleted) to `new`, whose opening message is
    /// `message`: `false` when its post is no longer `lost`, and nothing changes.
    ///
    /// # Errors
    /// Database errors.
    pub async fn replace_signup_post(
        &self,
        id: SignupId,
        lost: Channel,
        new: Channel,
        message: u64,
    ) -> Result<bool, StoreError> {
        let moved = sqlx::query(
            "UPDATE signup_posts SET thread_id = $3, message_id = $4
             WHERE id = $1 AND thread_id = $2",
        )
        .bind(id.0)
        .bind(i64::from(lost))
        .bind(i64::from(new))
        .bind(message as i64)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(moved == 1)
    }
}
