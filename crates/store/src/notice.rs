//! Lines for a game's judge log written outside a command (a judge's note, a violation the
//! bot saw): one outbox row each, under a nonce, so a repeat writes nothing new.

use super::ids::GameId;
use super::{outbox, Store, StoreError};
use notify::{Delivery, Recipient};

impl Store {
    /// Queues `text` for the judge's log of `game` under `nonce`, shown as `meta` says.
    ///
    /// # Errors
    /// Database errors.
    pub async fn notify_judge(
        &self,
        game: GameId,
        text: &str,
        nonce: &str,
        meta: Option<&Delivery>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        outbox::enqueue(&mut tx, game.0, None, Recipient::Judge, text, nonce, meta).await?;
        tx.commit().await?;
        Ok(())
    }
}
