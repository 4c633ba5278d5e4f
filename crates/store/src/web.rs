//! What the game pages read beside a game's events (the web adapter, through the service):
//! a game's random slug and whether it is listed, a server's switch for its pages, and the
//! games a server's page lists.

use chrono::{DateTime, Utc};

use super::ids::{GameId, Guild};
use super::{Store, StoreError};

/// A game found by its slug, with what decides whether its page is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlugGame {
    pub game: GameId,
    /// The server it was played on (none for a game played from a script).
    pub guild: Option<Guild>,
    /// Its judge unlisted it: no page.
    pub unlisted: bool,
    /// Its server's pages are on (true for a game of no server).
    pub pages: bool,
    /// Its ruleset (`uno` for a UNO game: [`crate::uno_games::RULESET`]).
    pub ruleset: String,
    /// Its last event's number (its events are numbered from 1).
    pub seq: i64,
}

/// A game a server's page lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedGame {
    pub game: GameId,
    pub slug: String,
    pub ruleset: String,
    pub ended: bool,
    pub created: DateTime<Utc>,
}

impl Store {
    /// The game whose slug is `slug`, with its ruleset and last event's number: one
    /// statement.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game_by_slug(&self, slug: &str) -> Result<Option<SlugGame>, StoreError> {
        let row = sqlx::query!(
            r#"SELECT g.id AS "game: GameId", g.unlisted, g.ruleset, g.seq,
                      s.guild_id AS "guild?: Guild",
                      gs.web_pages AS "pages?"
               FROM games g
               LEFT JOIN signup_posts s ON s.game_id = g.id
               LEFT JOIN guild_settings gs ON gs.guild_id = s.guild_id
               WHERE g.slug = $1"#,
            slug,
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| SlugGame {
            game: r.game,
            guild: r.guild,
            unlisted: r.unlisted,
            pages: r.pages.unwrap_or(true),
            ruleset: r.ruleset,
            seq: r.seq,
        }))
    }

    /// Game `game`'s slug and whether it is unlisted.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game_slug(&self, game: GameId) -> Result<Option<(String, bool)>, StoreError> {
        let row = sqlx::query!("SELECT slug, unlisted FROM games WHERE id = $1", game.get())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| (r.slug, r.unlisted)))
    }

    /// Unlists game `game` (no page), or lists it again.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_unlisted(&self, game: GameId, unlisted: bool) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE games SET unlisted = $2 WHERE id = $1",
            game.get(),
            unlisted
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Turns `guild`'s pages on or off (the server set up first).
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_web_pages(&self, guild: Guild, on: bool) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE guild_settings SET web_pages = $2 WHERE guild_id = $1",
            i64::from(guild),
            on
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Whether `guild`'s pages are on (`None`: not set up).
    ///
    /// # Errors
    /// Database errors.
    pub async fn web_pages(&self, guild: Guild) -> Result<Option<bool>, StoreError> {
        Ok(sqlx::query_scalar!(
            "SELECT web_pages FROM guild_settings WHERE guild_id = $1",
            i64::from(guild)
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// `guild`'s started games that are not unlisted, newest first.
    ///
    /// # Errors
    /// Database errors.
    pub async fn listed_games(&self, guild: Guild) -> Result<Vec<ListedGame>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT g.id AS "game: GameId", g.slug, g.ruleset, g.ended, g.created_at
               FROM signup_posts s JOIN games g ON g.id = s.game_id
               WHERE s.guild_id = $1 AND NOT g.unlisted
               ORDER BY g.id DESC"#,
            i64::from(guild),
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| ListedGame {
                game: r.game,
                slug: r.slug,
                ruleset: r.ruleset,
                ended: r.ended,
                created: r.created_at,
            })
            .collect())
    }
}

impl Store {
    /// The server tournament `id` was created on (none: no such tournament, or one of no
    /// server).
    ///
    /// # Errors
    /// Database errors.
    pub async fn tournament_guild(&self, id: i64) -> Result<Option<Guild>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT guild_id AS "guild: Guild" FROM tournaments WHERE id = $1"#,
            id
        )
        .fetch_optional(&self.pool)
        .await?
        .flatten())
    }
}
