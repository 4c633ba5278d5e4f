//! `/votes day:N`: a day's whole vote history, read from the game's events (the forum-features work, item
//! 1; the live count in the day post is drawn by [`notify::tally`]).

use super::{Place, Service, ServiceError};
use i18n::{self, Lang};

impl Service {
    /// Day `day`'s every vote, change, abstention and proxy, with its time and reason, and
    /// each round's close, for the game played where `place` is; a day not yet opened is
    /// answered with how far the game has got.
    ///
    /// # Errors
    /// [`crate::Refusal::NoGame`] and the like when `place` is in no game; database errors.
    pub async fn vote_history(
        &self,
        place: Place,
        day: u32,
        lang: Lang,
    ) -> Result<String, ServiceError> {
        let (game, g, _) = self.look(place).await?;
        let events = self.store.events(game).await?;
        Ok(
            notify::tally::history(&events, &g, day, lang).unwrap_or_else(|| {
                i18n::text(
                    lang,
                    "votes-no-such-day",
                    &[("day", day.to_string()), ("last", g.last_day().to_string())],
                )
            }),
        )
    }
}
