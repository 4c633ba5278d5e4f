//! What an export of a game reads from the store: the game as kept, its event log and its
//! command log (`commands.command`: every command, accepted or refused, in arrival order).
//! Writing the game as a script is `script::export`'s job; the service joins the two.

use chrono::{DateTime, Utc};

use super::ids::GameId;
use super::{archive, load, Outcome, Store, StoreError};
use engine::{Command, Event, Game};
use notify::Lang;

/// One command of the log.
#[derive(Debug, Clone)]
pub struct Logged {
    pub at: DateTime<Utc>,
    pub command: Command,
    pub outcome: Outcome,
}

/// A game as kept: its state, its language, its events and its command log.
#[derive(Debug, Clone)]
pub struct Kept {
    pub game: Game,
    pub lang: Lang,
    pub events: Vec<Event>,
    pub log: Vec<Logged>,
}

impl Store {
    /// The game's command log, in arrival order (packed or not: `store::archive`).
    ///
    /// # Errors
    /// Database errors; [`StoreError::Decode`] for a row that does not read back.
    pub async fn command_log(&self, game_id: GameId) -> Result<Vec<Logged>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        archive::command_rows(&mut conn, game_id.get())
            .await?
            .into_iter()
            .map(|r| {
                Ok(Logged {
                    at: r.at,
                    command: serde_json::from_value(r.command)?,
                    outcome: serde_json::from_value(r.result)?,
                })
            })
            .collect()
    }

    /// The game `game_id` as kept, for an export.
    ///
    /// # Errors
    /// [`StoreError::NoGame`]; database errors.
    pub async fn kept(&self, game_id: GameId) -> Result<Kept, StoreError> {
        let (game, _, lang) = {
            let mut conn = self.pool.acquire().await?;
            load(&mut conn, game_id.get()).await?
        };
        Ok(Kept {
            game,
            lang,
            events: self.events(game_id).await?,
            log: self.command_log(game_id).await?,
        })
    }
}
