//! The public vote count's messages (the forum-features work): one per day post and vote round,
//! created once by the messenger and edited in place after every vote; its id is kept here
//! so that every later edit (after a restart too) finds it.

use super::ids::{Channel, GameId, Message};
use super::{Store, StoreError};

impl Store {
    /// The vote-count message of day `day`, round `round` of game `game_id`, if created.
    ///
    /// # Errors
    /// Database errors.
    pub async fn tally_message(
        &self,
        game_id: GameId,
        day: i32,
        round: i32,
    ) -> Result<Option<Message>, StoreError> {
        let id = sqlx::query_scalar!(
            "SELECT message_id FROM tally_messages
             WHERE game_id = $1 AND day = $2 AND round = $3",
            game_id.get(),
            day,
            round
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(id.map(Message::try_from).transpose()?)
    }

    /// Keeps the vote-count message of day `day`, round `round` (replacing one kept before:
    /// a message deleted on the platform is made again).
    ///
    /// # Errors
    /// Database errors.
    pub async fn keep_tally_message(
        &self,
        game_id: GameId,
        day: i32,
        round: i32,
        thread: Channel,
        message: Message,
    ) -> Result<(), StoreError> {
        sqlx::query!(
            "INSERT INTO tally_messages (game_id, day, round, thread_id, message_id)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, day, round)
             DO UPDATE SET thread_id = EXCLUDED.thread_id, message_id = EXCLUDED.message_id",
            game_id.get(),
            day,
            round,
            i64::from(thread),
            i64::from(message)
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
