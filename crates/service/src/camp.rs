//! The camps' private threads (`notify::camp`): the server's settings for them, whether a
//! game gets them when it starts, and what the messenger needs to deliver their rows.

use super::{Account, Channel, GameId, Guild, Refusal, Service, ServiceError};
use engine::{Kind, Ruleset};
use notify::camp::Camp;
pub use store::camp::{CampPlace, CampSettings};

impl Service {
    /// Stores a server's camp-thread settings (with its other settings, from `/wolf-setup`).
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_camp_settings(
        &self,
        guild: Guild,
        s: CampSettings,
    ) -> Result<(), ServiceError> {
        Ok(self.store.save_camp_settings(guild, s).await?)
    }

    /// Decides, for a game starting on `guild` with `ruleset`, whether its camps get
    /// private threads, and sets the game's `camp_threads` option so: in werewolf when the
    /// ruleset has `wolf_chat`, in Mafia when it has and the server turned Mafia's threads
    /// on; in both only when the server has a channel for them. Returns the camps that
    /// would have had one but for a missing channel (the judge is told,
    /// [`Service::camps_without_channel`]).
    pub(super) async fn decide_camp_threads(
        &self,
        guild: Guild,
        ruleset: &mut Ruleset,
    ) -> Result<Vec<Camp>, ServiceError> {
        let s = self.store.camp_settings(guild).await?;
        let o = &mut ruleset.options;
        let wanted = o.wolf_chat
            && match ruleset.kind {
                Kind::Werewolf => true,
                Kind::Mafia => s.mafia,
            };
        o.camp_threads = wanted && s.channel.is_some();
        if !wanted || s.channel.is_some() {
            return Ok(Vec::new());
        }
        Ok(match ruleset.kind {
            Kind::Werewolf => vec![Camp::Wolves],
            Kind::Mafia => vec![Camp::Killers, Camp::Police],
        })
    }

    /// Tells the judge's log of `game` (once) that these camps get no thread for want of a
    /// channel.
    pub(super) async fn camps_without_channel(
        &self,
        game: GameId,
        camps: &[Camp],
    ) -> Result<(), ServiceError> {
        let (_, lang) = self.store.load_cached(game).await?;
        for camp in camps {
            let text = i18n::text(
                lang,
                "camp-thread-no-channel",
                &[("camp", camp.key().to_string())],
            );
            let nonce = format!("g{}-camp-no-channel-{}", game.0, camp.key());
            self.store.notify_judge(game, &text, &nonce, None).await?;
        }
        Ok(())
    }

    /// Where game `game`'s camp threads go.
    ///
    /// # Errors
    /// [`Refusal::NoGame`] for a game not started from a sign-up; database errors.
    pub async fn camp_place(&self, game: GameId) -> Result<CampPlace, ServiceError> {
        self.store
            .camp_place(game)
            .await?
            .ok_or(ServiceError::Refused(Refusal::NoGame))
    }

    /// The thread opened for `camp` in `game`, if any.
    ///
    /// # Errors
    /// Database errors.
    pub async fn camp_thread(
        &self,
        game: GameId,
        camp: Camp,
    ) -> Result<Option<Channel>, ServiceError> {
        Ok(self.store.camp_thread(game, camp.key()).await?)
    }

    /// Records the thread opened for `camp` in `game`; returns the one recorded (an earlier
    /// one stays).
    ///
    /// # Errors
    /// Database errors.
    pub async fn camp_opened(
        &self,
        game: GameId,
        camp: Camp,
        thread: Channel,
    ) -> Result<Channel, ServiceError> {
        Ok(self
            .store
            .keep_camp_thread(game, camp.key(), thread)
            .await?)
    }

    /// The accounts that played `seat` of `game` before its current player (substitutes
    /// replaced them), oldest first.
    ///
    /// # Errors
    /// Database errors.
    pub async fn former_players(
        &self,
        game: GameId,
        seat: u16,
    ) -> Result<Vec<Account>, ServiceError> {
        let mut all: Vec<Account> = self
            .store
            .seat_players(game, seat)
            .await?
            .iter()
            .filter_map(|p| Account::try_from(p.parse::<u64>().ok()?).ok())
            .collect();
        all.pop();
        Ok(all)
    }
}
