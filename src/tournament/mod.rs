//! Tournaments (RULES.md §3, the club plan in seed 000): a series of games of one ruleset
//! with shared players, scored by role, with standings, awards and a chart.
//!
//! - [`scoring`]: points as data (`config/scoring/<ruleset>.toml`).
//! - [`standings`]: pure functions: a finished game scored, the standings and the awards.
//! - [`render`]: the standings as a plain-text table (zh-CN / en) and a PNG line chart.
//! - Here: the tournaments in PostgreSQL (`tournaments`, `tournament_games`, `signups`),
//!   and games started inside a tournament ([`Store::start_game`]), which carry the
//!   cross-game house rule: the killers may not choose on night 1 the person they chose on
//!   night 1 of the previous game.
//!
//! - [`stats`]: one member's record across any games (`/stats`).
//!
//! Players are known across games by their account (`Character::player`: a Discord user id
//! in games started on Discord, the character's name in scripts and simulations): a
//! substitute's points go to whoever played the game's end.

pub mod render;
pub mod scoring;
pub mod standings;
pub mod stats;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::Row;

pub use render::{chart_text, render_chart_png, render_stats, render_table, ChartText};
pub use scoring::{Scoring, ScoringError};
pub use standings::{
    compute, score_game, Award, Awards, GameScore, Line, PlayerStanding, Standings, Tie, TieBreak,
};
pub use stats::{member_stats, MemberStats};

use crate::engine::{Game, Setup};
use crate::i18n::Lang;
use crate::store::{Store, StoreError};

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    pub id: i64,
    pub name: String,
    pub ruleset: String,
    pub games_planned: i32,
    /// The judge: earns the scoring's `judge` points for each finished game.
    pub judge: String,
    pub created_at: DateTime<Utc>,
}

/// Why a tournament operation failed.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Scoring(#[from] ScoringError),
    #[error("no tournament {0}")]
    NoTournament(String),
    #[error("a tournament named `{0}` already exists")]
    Exists(String),
    #[error("a tournament plans at least one game")]
    NoGamesPlanned,
    #[error(
        "the tournament's judge must be named by their account or name, not `{0}` \
         (e.g. --judge NAME)"
    )]
    JudgeName(String),
    #[error("game {game} is a `{found}` game; tournament `{tournament}` plays `{expected}`")]
    WrongRuleset {
        game: i64,
        tournament: String,
        expected: String,
        found: String,
    },
    #[error("tournament `{tournament}` already has its {planned} games")]
    Full { tournament: String, planned: i32 },
    #[error("game {game} already belongs to another tournament ({other})")]
    GameTaken { game: i64, other: String },
    #[error("tournament `{tournament}` plays `{expected}`, not `{found}`")]
    SetupRuleset {
        tournament: String,
        expected: String,
        found: String,
    },
    #[error("chart: {0}")]
    Chart(String),
}

/// A game started inside a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartedGame {
    pub game_id: i64,
    /// Its place in the tournament (1, 2, ...).
    pub ordinal: i32,
    /// The house rule the game was created with: the player account the killers may not
    /// choose on night 1 (the previous game's first-night victim), if any.
    pub forbidden_first_kill: Option<String>,
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.code().as_deref() == Some("23505"))
}

fn tournament_of(row: &sqlx::postgres::PgRow) -> Result<Tournament, sqlx::Error> {
    Ok(Tournament {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        ruleset: row.try_get("ruleset")?,
        games_planned: row.try_get("games_planned")?,
        judge: row.try_get("judge")?,
        created_at: row.try_get("created_at")?,
    })
}

const COLUMNS: &str = "id, name, ruleset, games_planned, judge, created_at";

/// The word scripts and exports use for the judge's own actions (`"by": "judge"`). A
/// tournament's judge earns points and is listed with the players, so they must be named
/// by who they are: this placeholder (or nothing) is refused as a tournament's judge.
pub const JUDGE_PLACEHOLDER: &str = "judge";

/// The judge of a tournament played by simulated players when nobody names one (the
/// simulated players have names, so the judge has one too): 汤圆 in Chinese, Trent in
/// English (the trusted third party of the Alice-and-Bob cast).
pub fn default_judge(lang: Lang) -> String {
    crate::i18n::text(lang, "tournament-default-judge", &[])
}

impl Store {
    /// Creates a tournament of `games` games of `ruleset`, judged by `judge`.
    ///
    /// # Errors
    /// [`TournamentError::Exists`] for a name already taken; [`ScoringError`] for a ruleset
    /// without a scoring file; [`TournamentError::NoGamesPlanned`] for 0 games;
    /// [`TournamentError::JudgeName`] for a blank judge or [`JUDGE_PLACEHOLDER`].
    pub async fn create_tournament(
        &self,
        name: &str,
        ruleset: &str,
        games: u32,
        judge: &str,
    ) -> Result<Tournament, TournamentError> {
        Scoring::builtin(ruleset)?;
        let judge = judge.trim();
        if judge.is_empty() || judge.eq_ignore_ascii_case(JUDGE_PLACEHOLDER) {
            return Err(TournamentError::JudgeName(judge.to_string()));
        }
        if games == 0 {
            return Err(TournamentError::NoGamesPlanned);
        }
        let planned = i32::try_from(games).unwrap_or(i32::MAX);
        let row = sqlx::query(&format!(
            "INSERT INTO tournaments (name, ruleset, games_planned, judge) VALUES ($1, $2, $3, $4)
             ON CONFLICT (name) DO NOTHING RETURNING {COLUMNS}"
        ))
        .bind(name)
        .bind(ruleset)
        .bind(planned)
        .bind(judge)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => Ok(tournament_of(&row)?),
            None => Err(TournamentError::Exists(name.to_string())),
        }
    }

    /// The tournament named `name`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn tournament(&self, name: &str) -> Result<Option<Tournament>, TournamentError> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE name = $1"
        ))
        .bind(name)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(tournament_of).transpose()?)
    }

    /// The tournament with id `id`.
    ///
    /// # Errors
    /// [`TournamentError::NoTournament`]; database errors.
    pub async fn tournament_by_id(&self, id: i64) -> Result<Tournament, TournamentError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or_else(|| TournamentError::NoTournament(id.to_string()))?;
        Ok(tournament_of(&row)?)
    }

    /// Adds game `game_id` as the tournament's next game and returns its ordinal (1, 2,
    /// ...). Adding a game that is already in this tournament returns its ordinal again.
    ///
    /// # Errors
    /// [`TournamentError::WrongRuleset`], [`TournamentError::Full`],
    /// [`TournamentError::GameTaken`], [`StoreError::NoGame`]; database errors.
    pub async fn add_game(&self, tournament: i64, game_id: i64) -> Result<i32, TournamentError> {
        let t = self.tournament_by_id(tournament).await?;
        loop {
            let mut tx = self.pool.begin().await?;
            let taken = sqlx::query(
                "SELECT g.tournament_id, g.ordinal, t.name FROM tournament_games g
                 JOIN tournaments t ON t.id = g.tournament_id WHERE g.game_id = $1",
            )
            .bind(game_id)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(row) = taken {
                let other: i64 = row.try_get("tournament_id")?;
                if other == tournament {
                    return Ok(row.try_get("ordinal")?);
                }
                return Err(TournamentError::GameTaken {
                    game: game_id,
                    other: row.try_get("name")?,
                });
            }
            let ruleset: String = sqlx::query("SELECT ruleset FROM games WHERE id = $1")
                .bind(game_id)
                .fetch_optional(&mut *tx)
                .await?
                .ok_or(StoreError::NoGame(game_id))?
                .try_get("ruleset")?;
            if ruleset != t.ruleset {
                return Err(TournamentError::WrongRuleset {
                    game: game_id,
                    tournament: t.name.clone(),
                    expected: t.ruleset.clone(),
                    found: ruleset,
                });
            }
            let next: i32 = sqlx::query(
                "SELECT COALESCE(MAX(ordinal), 0) + 1 AS next FROM tournament_games
                 WHERE tournament_id = $1",
            )
            .bind(tournament)
            .fetch_one(&mut *tx)
            .await?
            .try_get("next")?;
            if next > t.games_planned {
                return Err(TournamentError::Full {
                    tournament: t.name.clone(),
                    planned: t.games_planned,
                });
            }
            let inserted = sqlx::query(
                "INSERT INTO tournament_games (tournament_id, ordinal, game_id) VALUES ($1, $2, $3)",
            )
            .bind(tournament)
            .bind(next)
            .bind(game_id)
            .execute(&mut *tx)
            .await;
            match inserted {
                // Another game took this ordinal, or this game was added meanwhile: look again.
                Err(e) if is_unique_violation(&e) => continue,
                Err(e) => return Err(e.into()),
                Ok(_) => {}
            }
            match tx.commit().await {
                Err(e) if is_unique_violation(&e) => continue,
                Err(e) => return Err(e.into()),
                Ok(()) => return Ok(next),
            }
        }
    }

    /// The player account the killers' kill fell on on night 1 of game `game_id` (even if
    /// the witch saved it), or `None` when there was no kill that night (or it is not fixed
    /// yet). Replayed from the event log, so games stored before the rule existed count too.
    ///
    /// # Errors
    /// Database errors.
    pub async fn first_night_victim(&self, game_id: i64) -> Result<Option<String>, StoreError> {
        Ok(Game::replay(&self.events(game_id).await?).first_night_victim)
    }

    /// Starts the tournament's next game under `key` from `setup`, with the house rule
    /// filled in: `forbidden_first_kill` is the previous game's first-night victim (a value
    /// already in `setup` is replaced). Starting games of one tournament is serialized (a
    /// row lock), so the "previous game" is the one this game follows. Starting again with
    /// the same key returns the game already started.
    ///
    /// # Errors
    /// [`TournamentError::NoTournament`], [`TournamentError::SetupRuleset`],
    /// [`TournamentError::Full`], [`StoreError::Setup`] when the ruleset cannot seat the
    /// characters; database errors.
    pub async fn start_game(
        &self,
        tournament: i64,
        key: &str,
        setup: &Setup,
        lang: Lang,
    ) -> Result<StartedGame, TournamentError> {
        let t = self.tournament_by_id(tournament).await?;
        if setup.ruleset.name != t.ruleset {
            return Err(TournamentError::SetupRuleset {
                tournament: t.name,
                expected: t.ruleset,
                found: setup.ruleset.name.clone(),
            });
        }
        // Held until the game is added: the FK checks of other connections only need a
        // KEY SHARE lock, which this one lets through.
        let mut lock = self.pool.begin().await?;
        sqlx::query("SELECT id FROM tournaments WHERE id = $1 FOR NO KEY UPDATE")
            .bind(tournament)
            .execute(&mut *lock)
            .await?;
        if let Some(id) = self.game_id(key).await? {
            if let Some((tid, ordinal)) = self.tournament_of_game(id).await? {
                if tid == tournament {
                    return Ok(StartedGame {
                        game_id: id,
                        ordinal,
                        forbidden_first_kill: self.load(id).await?.forbidden_first_kill,
                    });
                }
            }
        }
        let games = self.tournament_games(tournament).await?;
        if games.len() >= usize::try_from(t.games_planned).unwrap_or(0) {
            return Err(TournamentError::Full {
                tournament: t.name,
                planned: t.games_planned,
            });
        }
        let forbidden = match games.last() {
            Some((_, previous)) => self.first_night_victim(*previous).await?,
            None => None,
        };
        let setup = Setup {
            forbidden_first_kill: forbidden.clone(),
            ..setup.clone()
        };
        let game_id = self.create_game(key, &setup, lang).await?;
        let ordinal = self.add_game(tournament, game_id).await?;
        lock.commit().await?;
        Ok(StartedGame {
            game_id,
            ordinal,
            forbidden_first_kill: forbidden,
        })
    }

    /// Signs `player` up at `at`. Signing up again changes nothing (the first time counts
    /// for the tie-break); returns whether this was the first time.
    ///
    /// # Errors
    /// Database errors (an unknown tournament is a foreign-key error).
    pub async fn sign_up(
        &self,
        tournament: i64,
        player: &str,
        at: DateTime<Utc>,
    ) -> Result<bool, TournamentError> {
        let done = sqlx::query(
            "INSERT INTO signups (tournament_id, player, signed_up_at) VALUES ($1, $2, $3)
             ON CONFLICT (tournament_id, player) DO NOTHING",
        )
        .bind(tournament)
        .bind(player)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The tournament and ordinal a game was played in, if any (for cross-game rules).
    ///
    /// # Errors
    /// Database errors.
    pub async fn tournament_of_game(
        &self,
        game_id: i64,
    ) -> Result<Option<(i64, i32)>, TournamentError> {
        let row =
            sqlx::query("SELECT tournament_id, ordinal FROM tournament_games WHERE game_id = $1")
                .bind(game_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row
            .map(|r| Ok::<_, sqlx::Error>((r.try_get("tournament_id")?, r.try_get("ordinal")?)))
            .transpose()?)
    }

    /// The tournament's games as `(ordinal, game_id)`, in order.
    ///
    /// # Errors
    /// Database errors.
    pub async fn tournament_games(
        &self,
        tournament: i64,
    ) -> Result<Vec<(i32, i64)>, TournamentError> {
        let rows = sqlx::query(
            "SELECT ordinal, game_id FROM tournament_games WHERE tournament_id = $1
             ORDER BY ordinal",
        )
        .bind(tournament)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("ordinal")?, r.try_get("game_id")?)))
            .collect()
    }

    /// The standings: every finished game scored with the ruleset's scoring, the players'
    /// totals and series, and the awards.
    ///
    /// # Errors
    /// [`TournamentError::NoTournament`]; database errors.
    pub async fn standings(&self, tournament: i64) -> Result<Standings, TournamentError> {
        let t = self.tournament_by_id(tournament).await?;
        let scoring = Scoring::builtin(&t.ruleset)?;
        let mut games = Vec::new();
        let mut unfinished = Vec::new();
        for (ordinal, game_id) in self.tournament_games(tournament).await? {
            let game = self.load(game_id).await?;
            let seated: Vec<String> =
                sqlx::query("SELECT DISTINCT player FROM players WHERE game_id = $1")
                    .bind(game_id)
                    .fetch_all(&self.pool)
                    .await?
                    .iter()
                    .map(|r| r.try_get("player"))
                    .collect::<Result<_, _>>()?;
            match score_game(&scoring, ordinal, game_id, &game, &t.judge, &seated) {
                Some(g) => games.push(g),
                None => unfinished.push(ordinal),
            }
        }
        let signups: Vec<(String, DateTime<Utc>)> = sqlx::query(
            "SELECT player, signed_up_at FROM signups WHERE tournament_id = $1
             ORDER BY signed_up_at, player",
        )
        .bind(tournament)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("player")?, r.try_get("signed_up_at")?)))
        .collect::<Result<_, sqlx::Error>>()?;
        Ok(compute(&t, &scoring, games, unfinished, &signups))
    }
}
