//! The camps' private threads (see `notify::camp`): a server's choice (the text channel they
//! open in, whether Mafia's killers and police get one), and each game's threads once
//! opened, so that a retried or restarted delivery finds its thread instead of opening
//! another.

use super::ids::{Account, Channel, GameId, Guild};
use super::{Store, StoreError};

/// A server's camp-thread settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CampSettings {
    /// The text channel the threads open in; `None`: no camp threads on this server.
    pub channel: Option<Channel>,
    /// Whether Mafia's killers and police get a thread each.
    pub mafia: bool,
}

/// Where a game's camp threads go: the server's channel for them and the game's judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CampPlace {
    pub channel: Option<Channel>,
    pub judge: Account,
}

impl Store {
    /// Stores a server's camp-thread settings (the server must be set up).
    ///
    /// # Errors
    /// Database errors.
    pub async fn save_camp_settings(
        &self,
        guild: Guild,
        s: CampSettings,
    ) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE guild_settings SET camp_channel = $2, mafia_camp_threads = $3
             WHERE guild_id = $1",
            i64::from(guild),
            s.channel.map(i64::from),
            s.mafia,
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A server's camp-thread settings (the defaults when it is not set up).
    ///
    /// # Errors
    /// Database errors.
    pub async fn camp_settings(&self, guild: Guild) -> Result<CampSettings, StoreError> {
        let row = sqlx::query!(
            r#"SELECT camp_channel AS "channel: Channel", mafia_camp_threads
               FROM guild_settings WHERE guild_id = $1"#,
            i64::from(guild),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row
            .map(|r| CampSettings {
                channel: r.channel,
                mafia: r.mafia_camp_threads,
            })
            .unwrap_or_default())
    }

    /// Where game `game`'s camp threads go, if it was started from a sign-up.
    ///
    /// # Errors
    /// Database errors.
    pub async fn camp_place(&self, game: GameId) -> Result<Option<CampPlace>, StoreError> {
        let row = sqlx::query!(
            r#"SELECT g.camp_channel AS "channel: Channel", s.judge_user AS "judge: Account"
               FROM signup_posts s JOIN guild_settings g ON g.guild_id = s.guild_id
               WHERE s.game_id = $1"#,
            game.0,
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| CampPlace {
            channel: r.channel,
            judge: r.judge,
        }))
    }

    /// The thread opened for `camp` in game `game`, if any.
    ///
    /// # Errors
    /// Database errors.
    pub async fn camp_thread(
        &self,
        game: GameId,
        camp: &str,
    ) -> Result<Option<Channel>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT thread_id AS "thread: Channel" FROM camp_threads
               WHERE game_id = $1 AND camp = $2"#,
            game.0,
            camp,
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Records the thread opened for `camp` in game `game` (the first one recorded stays).
    ///
    /// # Errors
    /// Database errors.
    pub async fn keep_camp_thread(
        &self,
        game: GameId,
        camp: &str,
        thread: Channel,
    ) -> Result<Channel, StoreError> {
        sqlx::query!(
            "INSERT INTO camp_threads (game_id, camp, thread_id) VALUES ($1, $2, $3)
             ON CONFLICT (game_id, camp) DO NOTHING",
            game.0,
            camp,
            i64::from(thread),
        )
        .execute(&self.pool)
        .await?;
        Ok(self.camp_thread(game, camp).await?.unwrap_or(thread))
    }

    /// Every account that has played `seat` of game `game`, oldest first (a substitute's
    /// seat has several).
    ///
    /// # Errors
    /// Database errors.
    pub async fn seat_players(&self, game: GameId, seat: u16) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar!(
            "SELECT player FROM players WHERE game_id = $1 AND seat = $2 ORDER BY seq",
            game.0,
            i32::from(seat),
        )
        .fetch_all(&self.pool)
        .await?)
    }
}
