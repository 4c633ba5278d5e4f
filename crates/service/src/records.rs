//! Records across a server's games: a member's record and the server's (`/stats`), the
//! leaderboard, and the sign-up post's card record (members with a red card in their last
//! N finished games, N a server setting, and members the server's sanctions bar).

use std::collections::BTreeMap;

use super::sanctions::Bar;
use super::{Account, Guild, Refusal, Service, ServiceError, Signup};
use engine::Event;
use store::ids::GameId;
use tournament::{self, MemberStats, RankBy, Ranked, ServerStats};

/// The most games a sign-up post looks back over for red cards (`/wolf-setup`).
pub const MAX_RED_CARD_WINDOW: u32 = 50;

/// What the sign-up post shows of its members' card records.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardRecord {
    /// How many of each member's last finished games were looked at.
    pub window: u32,
    /// The members with a red card in them, and how many.
    pub red: BTreeMap<Account, u32>,
    /// The members the server's sanctions bar from signing up (signed up before the bar,
    /// or by a judge).
    pub barred: BTreeMap<Account, Bar>,
}

impl Service {
    /// Every started game of `guild` (oldest first) with its judge, and their event logs.
    async fn guild_logs(
        &self,
        guild: Guild,
    ) -> Result<(Vec<(GameId, Account)>, Vec<Vec<Event>>), ServiceError> {
        let games = self.store.guild_games(guild).await?;
        let mut logs = Vec::with_capacity(games.len());
        for (game, _) in &games {
            logs.push(self.store.events(*game).await?);
        }
        Ok((games, logs))
    }

    /// `user`'s record over every game of `guild`: games played (held a character at the
    /// end), wins by role and camp, losses, cards received, games judged.
    ///
    /// # Errors
    /// Database errors.
    pub async fn stats(&self, guild: Guild, user: Account) -> Result<MemberStats, ServiceError> {
        let (games, logs) = self.guild_logs(guild).await?;
        let mut stats =
            tournament::member_stats(&user.get().to_string(), logs.iter().map(Vec::as_slice));
        stats.judged = games.iter().filter(|(_, judge)| *judge == user).count() as u32;
        Ok(stats)
    }

    /// The record of every game of `guild`.
    ///
    /// # Errors
    /// [`Refusal::NotSetUp`]; database errors.
    pub async fn server_stats(&self, guild: Guild) -> Result<ServerStats, ServiceError> {
        self.settings(guild).await?;
        let (_, logs) = self.guild_logs(guild).await?;
        Ok(tournament::server_stats(logs.iter().map(Vec::as_slice)))
    }

    /// The players of `guild`'s games with at least `min_games` finished games, ranked by
    /// `by`.
    ///
    /// # Errors
    /// [`Refusal::NotSetUp`]; database errors.
    pub async fn leaderboard(
        &self,
        guild: Guild,
        by: RankBy,
        min_games: u32,
    ) -> Result<Vec<Ranked>, ServiceError> {
        self.settings(guild).await?;
        let (_, logs) = self.guild_logs(guild).await?;
        let all = tournament::all_stats(logs.iter().map(Vec::as_slice));
        Ok(tournament::leaderboard(&all, by, min_games))
    }

    /// Sets how many of a member's last finished games the sign-up post looks at for red
    /// cards (0: no marks), at most [`MAX_RED_CARD_WINDOW`].
    ///
    /// # Errors
    /// [`Refusal::NotSetUp`]; database errors.
    pub async fn set_red_card_window(&self, guild: Guild, games: u32) -> Result<(), ServiceError> {
        self.settings(guild).await?;
        let games = games.min(MAX_RED_CARD_WINDOW) as i32;
        Ok(self.store.set_red_card_window(guild, games).await?)
    }

    /// How many of a member's last finished games the sign-up post looks at.
    ///
    /// # Errors
    /// [`Refusal::NotSetUp`]; database errors.
    pub async fn red_card_window(&self, guild: Guild) -> Result<u32, ServiceError> {
        let n = self
            .store
            .red_card_window(guild)
            .await?
            .ok_or(Refusal::NotSetUp)?;
        Ok(u32::try_from(n).unwrap_or(0))
    }

    /// The card record of sign-up `s`'s members (those who play and those waiting): who had
    /// a red card in their last N finished games of the server.
    ///
    /// # Errors
    /// Database errors.
    pub async fn card_record(&self, s: &Signup) -> Result<CardRecord, ServiceError> {
        let window = self.red_card_window(s.row.guild).await?;
        let members: Vec<Account> = s
            .players
            .iter()
            .chain(&s.waiting)
            .map(|(a, _, _)| *a)
            .collect();
        let mut barred = BTreeMap::new();
        if self.store.policy(s.row.guild).await?.any() {
            for m in &members {
                if let Some(bar) = self.bar(s.row.guild, *m).await? {
                    barred.insert(*m, bar);
                }
            }
        }
        if window == 0 {
            return Ok(CardRecord {
                barred,
                ..CardRecord::default()
            });
        }
        let red = self
            .store
            .red_carded(s.row.guild, &members, window as i32)
            .await?
            .into_iter()
            .map(|(a, n)| (a, u32::try_from(n).unwrap_or(u32::MAX)))
            .collect();
        Ok(CardRecord {
            window,
            red,
            barred,
        })
    }
}
