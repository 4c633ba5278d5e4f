//! Tournaments in PostgreSQL (`tournaments`, `tournament_games`, `signups`): creating and
//! finding them, adding games, signing players up, and starting a tournament's next game
//! with the cross-game house rule (the killers may not choose on night 1 the person they
//! chose on night 1 of the previous game). Scoring, standings and rendering are pure and
//! live in [`tournament`]; [`Store::standings`] only reads what they need.

use chrono::{DateTime, Utc};

use super::ids::GameId;
use super::{Store, StoreError};
use engine::{Game, Setup};
use notify::Lang;
use tournament::{
    compute, score_game, uno_standings, ChartError, Scoring, ScoringError, Standings, Tournament,
    UnoGame, UnoStandings, JUDGE_PLACEHOLDER,
};

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
    #[error(transparent)]
    Chart(#[from] ChartError),
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
        if ruleset != super::uno_games::RULESET {
            Scoring::builtin(ruleset)?;
        }
        let judge = judge.trim();
        if judge.is_empty() || judge.eq_ignore_ascii_case(JUDGE_PLACEHOLDER) {
            return Err(TournamentError::JudgeName(judge.to_string()));
        }
        if games == 0 {
            return Err(TournamentError::NoGamesPlanned);
        }
        let planned = i32::try_from(games).unwrap_or(i32::MAX);
        sqlx::query_as!(
            Tournament,
            "INSERT INTO tournaments (name, ruleset, games_planned, judge) VALUES ($1, $2, $3, $4)
             ON CONFLICT (name) DO NOTHING
             RETURNING id, name, ruleset, games_planned, judge, created_at",
            name,
            ruleset,
            planned,
            judge,
        )
        .fetch_optional(&self.pool)
        .await?
        .ok_or_else(|| TournamentError::Exists(name.to_string()))
    }

    /// The tournament named `name`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn tournament(&self, name: &str) -> Result<Option<Tournament>, TournamentError> {
        Ok(sqlx::query_as!(
            Tournament,
            "SELECT id, name, ruleset, games_planned, judge, created_at
             FROM tournaments WHERE name = $1",
            name,
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The tournament with id `id`.
    ///
    /// # Errors
    /// [`TournamentError::NoTournament`]; database errors.
    pub async fn tournament_by_id(&self, id: i64) -> Result<Tournament, TournamentError> {
        sqlx::query_as!(
            Tournament,
            "SELECT id, name, ruleset, games_planned, judge, created_at
             FROM tournaments WHERE id = $1",
            id,
        )
        .fetch_optional(&self.pool)
        .await?
        .ok_or_else(|| TournamentError::NoTournament(id.to_string()))
    }

    /// Adds game `game_id` as the tournament's next game and returns its ordinal (1, 2,
    /// ...). Adding a game that is already in this tournament returns its ordinal again.
    ///
    /// # Errors
    /// [`TournamentError::WrongRuleset`], [`TournamentError::Full`],
    /// [`TournamentError::GameTaken`], [`StoreError::NoGame`]; database errors.
    pub async fn add_game(&self, tournament: i64, game_id: GameId) -> Result<i32, TournamentError> {
        let t = self.tournament_by_id(tournament).await?;
        loop {
            let mut tx = self.pool.begin().await?;
            let taken = sqlx::query!(
                "SELECT g.tournament_id, g.ordinal, t.name FROM tournament_games g
                 JOIN tournaments t ON t.id = g.tournament_id WHERE g.game_id = $1",
                game_id.get(),
            )
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(row) = taken {
                if row.tournament_id == tournament {
                    return Ok(row.ordinal);
                }
                return Err(TournamentError::GameTaken {
                    game: game_id.get(),
                    other: row.name,
                });
            }
            let ruleset =
                sqlx::query_scalar!("SELECT ruleset FROM games WHERE id = $1", game_id.get())
                    .fetch_optional(&mut *tx)
                    .await?
                    .ok_or(StoreError::NoGame(game_id))?;
            if ruleset != t.ruleset {
                return Err(TournamentError::WrongRuleset {
                    game: game_id.get(),
                    tournament: t.name.clone(),
                    expected: t.ruleset.clone(),
                    found: ruleset,
                });
            }
            let next = sqlx::query_scalar!(
                r#"SELECT COALESCE(MAX(ordinal), 0) + 1 AS "next!" FROM tournament_games
                 WHERE tournament_id = $1"#,
                tournament,
            )
            .fetch_one(&mut *tx)
            .await?;
            if next > t.games_planned {
                return Err(TournamentError::Full {
                    tournament: t.name.clone(),
                    planned: t.games_planned,
                });
            }
            let inserted = sqlx::query!(
                "INSERT INTO tournament_games (tournament_id, ordinal, game_id) VALUES ($1, $2, $3)",
                tournament,
                next,
                game_id.get(),
            )
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
    pub async fn first_night_victim(&self, game_id: GameId) -> Result<Option<String>, StoreError> {
        Ok(Game::replay(&self.events(game_id).await?)
            .first_night_victim()
            .map(str::to_owned))
    }

    /// Starts the tournament's next game under `key` from `setup`, with the house rule
    /// filled in: `forbidden_first_kill` is the previous game's first-night victim (a value
    /// already in `setup` is replaced); `from`: the sign-up it comes from, recorded with it
    /// ([`Store::create_game_from`]). Starting games of one tournament is serialized (a
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
        from: Option<super::signup::FromSignup<'_>>,
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
        sqlx::query_scalar!(
            "SELECT id FROM tournaments WHERE id = $1 FOR NO KEY UPDATE",
            tournament
        )
        .fetch_optional(&mut *lock)
        .await?;
        if let Some(id) = self.game_id(key).await? {
            if let Some((tid, ordinal)) = self.tournament_of_game(GameId(id)).await? {
                if tid == tournament {
                    if let Some(from) = from {
                        self.link_signup(from, id).await?;
                    }
                    return Ok(StartedGame {
                        game_id: id,
                        ordinal,
                        forbidden_first_kill: self
                            .load(GameId(id))
                            .await?
                            .forbidden_first_kill()
                            .map(str::to_owned),
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
            Some((_, previous)) => self.first_night_victim(GameId(*previous)).await?,
            None => None,
        };
        let setup = Setup {
            forbidden_first_kill: forbidden.clone(),
            ..setup.clone()
        };
        let game_id = self.create_game_from(key, &setup, lang, from).await?;
        let ordinal = self.add_game(tournament, GameId(game_id)).await?;
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
        let done = sqlx::query!(
            "INSERT INTO signups (tournament_id, player, signed_up_at) VALUES ($1, $2, $3)
             ON CONFLICT (tournament_id, player) DO NOTHING",
            tournament,
            player,
            at,
        )
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
        game_id: GameId,
    ) -> Result<Option<(i64, i32)>, TournamentError> {
        let row = sqlx::query!(
            "SELECT tournament_id, ordinal FROM tournament_games WHERE game_id = $1",
            game_id.get(),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (r.tournament_id, r.ordinal)))
    }

    /// The tournament's games as `(ordinal, game_id)`, in order.
    ///
    /// # Errors
    /// Database errors.
    pub async fn tournament_games(
        &self,
        tournament: i64,
    ) -> Result<Vec<(i32, i64)>, TournamentError> {
        let rows = sqlx::query!(
            "SELECT ordinal, game_id FROM tournament_games WHERE tournament_id = $1
             ORDER BY ordinal",
            tournament,
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.ordinal, r.game_id)).collect())
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
            let game = self.load(GameId(game_id)).await?;
            let seated = sqlx::query_scalar!(
                "SELECT DISTINCT player FROM players WHERE game_id = $1",
                game_id
            )
            .fetch_all(&self.pool)
            .await?;
            match score_game(&scoring, ordinal, game_id, &game, &t.judge, &seated) {
                Some(g) => games.push(g),
                None => unfinished.push(ordinal),
            }
        }
        let signups = self.tournament_signups(tournament).await?;
        Ok(compute(&t, &scoring, games, unfinished, &signups))
    }

    /// The players signed up for `tournament` and when, earliest first.
    async fn tournament_signups(
        &self,
        tournament: i64,
    ) -> Result<Vec<(String, DateTime<Utc>)>, TournamentError> {
        Ok(sqlx::query!(
            "SELECT player, signed_up_at FROM signups WHERE tournament_id = $1
             ORDER BY signed_up_at, player",
            tournament,
        )
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|r| (r.player, r.signed_up_at))
        .collect())
    }

    /// The standings of UNO contest `tournament` (RULES.md §3): each finished game's points
    /// left in every hand, players known by their account id; a game still being played
    /// counts for nothing yet.
    ///
    /// # Errors
    /// [`TournamentError::NoTournament`]; database errors.
    pub async fn uno_contest(&self, tournament: i64) -> Result<UnoStandings, TournamentError> {
        let t = self.tournament_by_id(tournament).await?;
        let mut games = Vec::new();
        for (ordinal, game_id) in self.tournament_games(tournament).await? {
            let s = self.uno(GameId(game_id)).await?;
            let players: Vec<String> = s.seats.iter().map(|a| a.get().to_string()).collect();
            if let Some(round) = s.game.rounds.first().filter(|_| s.game.ended()) {
                games.push(UnoGame::from_round(ordinal, &players, round));
            }
        }
        let signups = self.tournament_signups(tournament).await?;
        Ok(uno_standings(&t.name, &games, &signups))
    }

    /// Puts `tournament` in club day `name` (RULES.md §3).
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_club_day(&self, tournament: i64, name: &str) -> Result<(), TournamentError> {
        sqlx::query!(
            "UPDATE tournaments SET club_day = $2 WHERE id = $1",
            tournament,
            name
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The tournaments of club day `name` in `guild` (any server when `None`), oldest
    /// first.
    ///
    /// # Errors
    /// Database errors.
    pub async fn club_day_tournaments(
        &self,
        guild: Option<super::ids::Guild>,
        name: &str,
    ) -> Result<Vec<Tournament>, TournamentError> {
        Ok(sqlx::query_as!(
            Tournament,
            "SELECT id, name, ruleset, games_planned, judge, created_at FROM tournaments
             WHERE club_day = $1 AND ($2::BIGINT IS NULL OR guild_id = $2) ORDER BY id",
            name,
            guild.map(i64::from),
        )
        .fetch_all(&self.pool)
        .await?)
    }
}
