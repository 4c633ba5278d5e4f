//! Tournaments on a chat server: creating one in a server, finding a server's tournament by
//! name, the standings with members' display names, a member's record across the server's
//! games, and the display names themselves (`member_names`).
//!
//! Players are known by their account id (`Character::player` is the id as text), so a
//! member keeps their points when they change their display name; the names are only for
//! showing the table and the chart.

use std::collections::BTreeMap;

use sqlx::Row;

use super::{Account, Guild, Service, ServiceError, Signup};
use crate::store::tournament::TournamentError;
use crate::tournament::{MemberStats, ScoringError, Standings, Tournament};

impl From<TournamentError> for ServiceError {
    fn from(e: TournamentError) -> ServiceError {
        match e {
            TournamentError::Store(e) => ServiceError::Store(e),
            TournamentError::Db(e) => ServiceError::Db(e),
            TournamentError::Scoring(ScoringError::Unknown(r)) => ServiceError::UnknownRuleset(r),
            TournamentError::NoTournament(name) => ServiceError::NoTournament(name),
            TournamentError::Exists(name) => ServiceError::TournamentExists(name),
            TournamentError::NoGamesPlanned => ServiceError::NoGamesPlanned,
            TournamentError::Full {
                tournament,
                planned,
            } => ServiceError::TournamentFull {
                name: tournament,
                planned,
            },
            TournamentError::SetupRuleset {
                tournament,
                expected,
                ..
            } => ServiceError::TournamentRuleset {
                name: tournament,
                ruleset: expected,
            },
            other => ServiceError::Tournament(other),
        }
    }
}

/// The tournament ruleset when `/tournament new` names none: the club's Mafia series.
pub const DEFAULT_TOURNAMENT_RULESET: &str = "mafia";

impl Service {
    /// Creates a tournament of `games` games of `ruleset` in `guild`, judged by `judge`
    /// (whose display name is `judge_name`).
    ///
    /// # Errors
    /// [`ServiceError::TournamentExists`], [`ServiceError::UnknownRuleset`] (no such ruleset,
    /// or no scoring for it), [`ServiceError::NoGamesPlanned`], [`ServiceError::NotSetUp`];
    /// database errors.
    pub async fn create_tournament(
        &self,
        guild: Guild,
        judge: Account,
        judge_name: &str,
        name: &str,
        games: u32,
        ruleset: &str,
    ) -> Result<Tournament, ServiceError> {
        self.settings(guild).await?;
        self.ruleset(ruleset)?;
        let name = name.trim();
        if name.is_empty() {
            return Err(ServiceError::NoTournament(String::new()));
        }
        let t = self
            .store
            .create_tournament(name, ruleset, games, &judge.0.to_string())
            .await?;
        sqlx::query("UPDATE tournaments SET guild_id = $2 WHERE id = $1")
            .bind(t.id)
            .bind(guild.0 as i64)
            .execute(self.pool())
            .await?;
        self.remember_name(guild, judge, judge_name).await?;
        Ok(t)
    }

    /// The tournament of `guild` called `name`; without a name, the server's latest.
    ///
    /// # Errors
    /// [`ServiceError::NoTournament`], [`ServiceError::NoTournaments`]; database errors.
    pub async fn tournament_in(
        &self,
        guild: Guild,
        name: Option<&str>,
    ) -> Result<Tournament, ServiceError> {
        let name = name.map(str::trim).filter(|n| !n.is_empty());
        let row = sqlx::query(
            "SELECT id FROM tournaments WHERE guild_id = $1 AND ($2::TEXT IS NULL OR name = $2)
             ORDER BY id DESC LIMIT 1",
        )
        .bind(guild.0 as i64)
        .bind(name)
        .fetch_optional(self.pool())
        .await?;
        match (row, name) {
            (Some(r), _) => Ok(self.store.tournament_by_id(r.try_get("id")?).await?),
            (None, Some(n)) => Err(ServiceError::NoTournament(n.to_string())),
            (None, None) => Err(ServiceError::NoTournaments),
        }
    }

    /// Checks that a sign-up of `ruleset` may become the next game of tournament `name` in
    /// `guild`, and returns the tournament's id.
    ///
    /// # Errors
    /// [`ServiceError::NoTournament`], [`ServiceError::TournamentRuleset`],
    /// [`ServiceError::TournamentFull`]; database errors.
    pub(super) async fn tournament_for_signup(
        &self,
        guild: Guild,
        name: &str,
        ruleset: &str,
    ) -> Result<i64, ServiceError> {
        let t = self.tournament_in(guild, Some(name)).await?;
        if t.ruleset != ruleset {
            return Err(ServiceError::TournamentRuleset {
                name: t.name,
                ruleset: t.ruleset,
            });
        }
        self.tournament_has_room(t.id).await?;
        Ok(t.id)
    }

    /// Checks that tournament `t` still has a game to play.
    ///
    /// # Errors
    /// [`ServiceError::TournamentFull`]; database errors.
    pub(super) async fn tournament_has_room(&self, t: i64) -> Result<(), ServiceError> {
        let t = self.store.tournament_by_id(t).await?;
        let played = self.store.tournament_games(t.id).await?.len();
        if played >= usize::try_from(t.games_planned).unwrap_or(0) {
            return Err(ServiceError::TournamentFull {
                name: t.name,
                planned: t.games_planned,
            });
        }
        Ok(())
    }

    /// Starts the game of sign-up `s` as the next game of `tournament` (so the cross-game
    /// first-night rule applies) and signs its players up for the tournament, each at the
    /// time they joined this sign-up (the first sign-up counts for the tie-break).
    pub(super) async fn start_in_tournament(
        &self,
        tournament: i64,
        s: &Signup,
        seated: &[Account],
        key: &str,
        setup: &crate::engine::Setup,
    ) -> Result<i64, ServiceError> {
        let started = self
            .store
            .start_game(tournament, key, setup, s.lang)
            .await?;
        let joined: Vec<(i64, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
            "SELECT user_id, joined_at FROM signup_players WHERE signup_id = $1
             ORDER BY joined_at, user_id",
        )
        .bind(s.id.0)
        .fetch_all(self.pool())
        .await?;
        // Only those who play: the waiting list stays out of the tournament.
        let seated = |u: i64| seated.iter().any(|a| a.0 == u as u64);
        for (user, at) in joined.into_iter().filter(|(u, _)| seated(*u)) {
            self.store
                .sign_up(tournament, &(user as u64).to_string(), at)
                .await?;
        }
        Ok(started.game_id)
    }

    /// Records the display name of a member of `guild` (the latest one wins).
    ///
    /// # Errors
    /// Database errors.
    pub async fn remember_name(
        &self,
        guild: Guild,
        user: Account,
        name: &str,
    ) -> Result<(), ServiceError> {
        sqlx::query(
            "INSERT INTO member_names (guild_id, user_id, name) VALUES ($1, $2, $3)
             ON CONFLICT (guild_id, user_id) DO UPDATE SET name = $3",
        )
        .bind(guild.0 as i64)
        .bind(user.0 as i64)
        .bind(name)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The display names known in `guild`, by account id as text.
    async fn names(&self, guild: Guild) -> Result<BTreeMap<String, String>, ServiceError> {
        let rows: Vec<(i64, String)> =
            sqlx::query_as("SELECT user_id, name FROM member_names WHERE guild_id = $1")
                .bind(guild.0 as i64)
                .fetch_all(self.pool())
                .await?;
        Ok(rows
            .into_iter()
            .map(|(u, n)| ((u as u64).to_string(), n))
            .collect())
    }

    /// The standings of `guild`'s tournament `name` (the latest without a name), with every
    /// account shown by its member's display name (an account never seen here keeps its id).
    ///
    /// # Errors
    /// [`ServiceError::NoTournament`], [`ServiceError::NoTournaments`]; database errors.
    pub async fn standings(
        &self,
        guild: Guild,
        name: Option<&str>,
    ) -> Result<Standings, ServiceError> {
        let t = self.tournament_in(guild, name).await?;
        let standings = self.store.standings(t.id).await?;
        let names = self.names(guild).await?;
        Ok(standings.renamed(|p| names.get(p).cloned().unwrap_or_else(|| p.to_string())))
    }

    /// `user`'s record over every game of `guild`: games played (held a character at the
    /// end), wins by role, losses, cards received, games judged.
    ///
    /// # Errors
    /// Database errors.
    pub async fn stats(&self, guild: Guild, user: Account) -> Result<MemberStats, ServiceError> {
        let games: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT game_id, judge_user FROM signup_posts
             WHERE guild_id = $1 AND game_id IS NOT NULL ORDER BY game_id",
        )
        .bind(guild.0 as i64)
        .fetch_all(self.pool())
        .await?;
        let mut logs = Vec::with_capacity(games.len());
        for (game, _) in &games {
            logs.push(self.store.events(*game).await?);
        }
        let mut stats =
            crate::tournament::member_stats(&user.0.to_string(), logs.iter().map(Vec::as_slice));
        stats.judged = games
            .iter()
            .filter(|(_, judge)| *judge as u64 == user.0)
            .count() as u32;
        Ok(stats)
    }
}
