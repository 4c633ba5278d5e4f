//! The game's pictures for its reveal ([`chart`]): drawn from its event log, off the
//! async runtime's threads (drawing a dozen pictures takes a while).

use super::{GameId, Service, ServiceError};
use chart::{self, Png};
use i18n::Lang;

impl Service {
    /// The pictures of `game` in `lang`: one per vote, then the timeline. Pictures that
    /// cannot be drawn (the bundled font unreadable) are none: the reveal goes without
    /// them, and the error is logged.
    ///
    /// # Errors
    /// Database errors.
    pub async fn charts(&self, game: GameId, lang: Lang) -> Result<Vec<Png>, ServiceError> {
        let events = self.store.events(game).await?;
        let drawn = tokio::task::spawn_blocking(move || chart::game_charts(&events, lang)).await;
        match drawn {
            Ok(Ok(pngs)) => Ok(pngs),
            Ok(Err(e)) => {
                tracing::error!(game = game.0, error = %e, "the reveal's charts cannot be drawn");
                Ok(Vec::new())
            }
            Err(e) => {
                tracing::error!(game = game.0, error = %e, "drawing the reveal's charts failed");
                Ok(Vec::new())
            }
        }
    }
}
