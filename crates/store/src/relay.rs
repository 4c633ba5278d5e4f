//! What the Discord messenger keeps between sends: the webhook each game forum's relayed
//! posts go through (made once and kept), and whether a day's index (the elevator) is
//! recorded yet.

use super::ids::{Channel, GameId, Webhook};
use super::{Store, StoreError};

impl Store {
    /// The webhook kept for forum channel `channel`, as `(webhook id, token)`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn webhook(&self, channel: Channel) -> Result<Option<(Webhook, String)>, StoreError> {
        let row = sqlx::query!(
            "SELECT webhook_id, token FROM webhooks WHERE channel_id = $1",
            i64::from(channel)
        )
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((Webhook::try_from(r.webhook_id)?, r.token)))
            .transpose()
    }

    /// Keeps the webhook made for forum channel `channel`; one already kept stays.
    ///
    /// # Errors
    /// Database errors.
    pub async fn keep_webhook(
        &self,
        channel: Channel,
        webhook: Webhook,
        token: &str,
    ) -> Result<(), StoreError> {
        sqlx::query!(
            "INSERT INTO webhooks (channel_id, webhook_id, token) VALUES ($1, $2, $3)
             ON CONFLICT (channel_id) DO NOTHING",
            i64::from(channel),
            i64::from(webhook),
            token
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Whether the index of day `day` of game `game_id` is recorded.
    ///
    /// # Errors
    /// Database errors.
    pub async fn has_elevator(&self, game_id: GameId, day: i32) -> Result<bool, StoreError> {
        let row = sqlx::query_scalar!(
            r#"SELECT elevator IS NOT NULL AS "recorded!" FROM day_threads
               WHERE game_id = $1 AND day = $2"#,
            game_id.get(),
            day
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.unwrap_or(false))
    }
}
