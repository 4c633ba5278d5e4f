//! Tournaments on a chat server: creating one in a server, finding a server's tournament by
//! name, the standings with members' display names, and the display names themselves
//! (`member_names`).
//!
//! Players are known by their account id (`Character::player` is the id as text), so a
//! member keeps their points when they change their display name; the names are only for
//! showing the table and the chart.

use std::collections::BTreeMap;

use super::{Account, Cause, Guild, Refusal, Service, ServiceError, Signup};
use store::signup::FromSignup;
use store::tournament::TournamentError;
use store::uno_games::RULESET as UNO;
use tournament::{ScoringError, Standings, Tournament, UnoStandings};

/// A contest's standings, as its ruleset scores it.
#[derive(Debug, Clone)]
pub enum Contest {
    /// Points by role (Mafia, m32), with the awards.
    Points(Standings),
    /// Points left in hand, the lowest total first (RULES.md §3).
    Uno(UnoStandings),
}

/// A club day (RULES.md §3): its name and each of its contests' standings, in the order
/// they were created.
#[derive(Debug, Clone)]
pub struct ClubDay {
    pub name: String,
    pub contests: Vec<Contest>,
}

impl From<TournamentError> for ServiceError {
    fn from(e: TournamentError) -> ServiceError {
        match e {
            TournamentError::Store(e) => e.into(),
            TournamentError::Db(e) => store::StoreError::from(e).into(),
            TournamentError::Scoring(ScoringError::Unknown(r)) => {
                ServiceError::Refused(Refusal::UnknownRuleset(r))
            }
            TournamentError::NoTournament(name) => {
                ServiceError::Refused(Refusal::NoTournament(name))
            }
            TournamentError::Exists(name) => ServiceError::Refused(Refusal::TournamentExists(name)),
            TournamentError::NoGamesPlanned => ServiceError::Refused(Refusal::NoGamesPlanned),
            TournamentError::Full {
                tournament,
                planned,
            } => ServiceError::Refused(Refusal::TournamentFull {
                name: tournament,
                planned,
            }),
            TournamentError::SetupRuleset {
                tournament,
                expected,
                ..
            } => ServiceError::Refused(Refusal::TournamentRuleset {
                name: tournament,
                ruleset: expected,
            }),
            other => Cause::Tournament(other).into(),
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
    /// [`Refusal::TournamentExists`], [`Refusal::UnknownRuleset`] (no such ruleset,
    /// or no scoring for it), [`Refusal::NoGamesPlanned`], [`Refusal::NotSetUp`];
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
        if ruleset != UNO {
            self.ruleset(ruleset)?;
        }
        let name = name.trim();
        if name.is_empty() {
            return Err(ServiceError::Refused(Refusal::NoTournament(String::new())));
        }
        let t = self
            .store
            .create_tournament(name, ruleset, games, &judge.get().to_string())
            .await?;
        self.store.set_tournament_guild(t.id, guild).await?;
        self.remember_name(guild, judge, judge_name).await?;
        Ok(t)
    }

    /// The tournament of `guild` called `name`; without a name, the server's latest.
    ///
    /// # Errors
    /// [`Refusal::NoTournament`], [`Refusal::NoTournaments`]; database errors.
    pub async fn tournament_in(
        &self,
        guild: Guild,
        name: Option<&str>,
    ) -> Result<Tournament, ServiceError> {
        let name = name.map(str::trim).filter(|n| !n.is_empty());
        match (self.store.guild_tournament(guild, name).await?, name) {
            (Some(id), _) => Ok(self.store.tournament_by_id(id).await?),
            (None, Some(n)) => Err(ServiceError::Refused(Refusal::NoTournament(n.to_string()))),
            (None, None) => Err(ServiceError::Refused(Refusal::NoTournaments)),
        }
    }

    /// Checks that a sign-up of `ruleset` may become the next game of tournament `name` in
    /// `guild`, and returns the tournament's id.
    ///
    /// # Errors
    /// [`Refusal::NoTournament`], [`Refusal::TournamentRuleset`],
    /// [`Refusal::TournamentFull`]; database errors.
    pub(super) async fn tournament_for_signup(
        &self,
        guild: Guild,
        name: &str,
        ruleset: &str,
    ) -> Result<i64, ServiceError> {
        let t = self.tournament_in(guild, Some(name)).await?;
        if t.ruleset != ruleset {
            return Err(ServiceError::Refused(Refusal::TournamentRuleset {
                name: t.name,
                ruleset: t.ruleset,
            }));
        }
        self.tournament_has_room(t.id).await?;
        Ok(t.id)
    }

    /// Checks that tournament `t` still has a game to play.
    ///
    /// # Errors
    /// [`Refusal::TournamentFull`]; database errors.
    pub(super) async fn tournament_has_room(&self, t: i64) -> Result<(), ServiceError> {
        let t = self.store.tournament_by_id(t).await?;
        let played = self.store.tournament_games(t.id).await?.len();
        if played >= usize::try_from(t.games_planned).unwrap_or(0) {
            return Err(ServiceError::Refused(Refusal::TournamentFull {
                name: t.name,
                planned: t.games_planned,
            }));
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
        setup: &engine::Setup,
    ) -> Result<i64, ServiceError> {
        let started = self
            .store
            .start_game(
                tournament,
                key,
                setup,
                s.row.lang,
                Some(FromSignup {
                    signup: s.row.id,
                    seating: seated,
                }),
            )
            .await?;
        self.sign_up_seated(tournament, s, seated).await?;
        Ok(started.game_id)
    }

    /// Signs the `seated` players of sign-up `s` up for `tournament`, each at the time they
    /// joined this sign-up (the first sign-up counts for the tie-break).
    pub(super) async fn sign_up_seated(
        &self,
        tournament: i64,
        s: &Signup,
        seated: &[Account],
    ) -> Result<(), ServiceError> {
        let joined = self.store.signup_joined_at(s.row.id).await?;
        // Only those who play: the waiting list stays out of the tournament.
        for (user, at) in joined.into_iter().filter(|(u, _)| seated.contains(u)) {
            self.store
                .sign_up(tournament, &user.get().to_string(), at)
                .await?;
        }
        Ok(())
    }

    /// Puts `guild`'s tournament `tournament` in club day `name` (RULES.md §3).
    ///
    /// # Errors
    /// Database errors.
    pub async fn join_club_day(&self, tournament: i64, name: &str) -> Result<(), ServiceError> {
        Ok(self.store.set_club_day(tournament, name.trim()).await?)
    }

    /// The standings of `guild`'s contest `name` (the latest without a name), as its
    /// ruleset scores it, every account shown by its member's display name.
    ///
    /// # Errors
    /// [`Refusal::NoTournament`], [`Refusal::NoTournaments`]; database errors.
    pub async fn contest(&self, guild: Guild, name: Option<&str>) -> Result<Contest, ServiceError> {
        let t = self.tournament_in(guild, name).await?;
        self.contest_of(guild, &t).await
    }

    pub(crate) async fn contest_of(
        &self,
        guild: Guild,
        t: &Tournament,
    ) -> Result<Contest, ServiceError> {
        if t.ruleset != UNO {
            return Ok(Contest::Points(self.standings_of(guild, t.id).await?));
        }
        let s = self.store.uno_contest(t.id).await?;
        let names = self.names(guild).await?;
        Ok(Contest::Uno(s.renamed(|p| {
            names.get(p).cloned().unwrap_or_else(|| p.to_string())
        })))
    }

    /// Club day `name` of `guild`: each of its contests' standings.
    ///
    /// # Errors
    /// [`Refusal::NoTournament`] when no tournament of the server is in it; database
    /// errors.
    pub async fn club_day(&self, guild: Guild, name: &str) -> Result<ClubDay, ServiceError> {
        let name = name.trim();
        let ts = self.store.club_day_tournaments(Some(guild), name).await?;
        if ts.is_empty() {
            return Err(ServiceError::Refused(Refusal::NoTournament(
                name.to_string(),
            )));
        }
        let mut contests = Vec::new();
        for t in &ts {
            contests.push(self.contest_of(guild, t).await?);
        }
        Ok(ClubDay {
            name: name.to_string(),
            contests,
        })
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
        Ok(self.store.remember_name(guild, user, name).await?)
    }

    /// The display names known in `guild`, by account id as text.
    async fn names(&self, guild: Guild) -> Result<BTreeMap<String, String>, ServiceError> {
        Ok(self
            .store
            .member_names(guild)
            .await?
            .into_iter()
            .map(|(u, n)| (u.get().to_string(), n))
            .collect())
    }

    /// The standings of `guild`'s tournament `name` (the latest without a name), with every
    /// account shown by its member's display name (an account never seen here keeps its id).
    ///
    /// # Errors
    /// [`Refusal::NoTournament`], [`Refusal::NoTournaments`]; database errors.
    pub async fn standings(
        &self,
        guild: Guild,
        name: Option<&str>,
    ) -> Result<Standings, ServiceError> {
        let t = self.tournament_in(guild, name).await?;
        self.standings_of(guild, t.id).await
    }

    /// The standings of `guild`'s tournament `id`, every account shown by its member's
    /// display name.
    ///
    /// # Errors
    /// Database errors.
    pub(crate) async fn standings_of(
        &self,
        guild: Guild,
        id: i64,
    ) -> Result<Standings, ServiceError> {
        let standings = self.store.standings(id).await?;
        let names = self.names(guild).await?;
        Ok(standings.renamed(|p| names.get(p).cloned().unwrap_or_else(|| p.to_string())))
    }
}
