//! Tournaments (docs/rules.md §3, the club plan in seed 000): a series of games of one ruleset
//! with shared players, scored by role, with standings, awards and a chart.
//!
//! - [`scoring`]: points as data (`config/scoring/<ruleset>.toml`).
//! - [`standings`]: pure functions: a finished game scored, the standings and the awards.
//! - [`render`]: the standings as a plain-text table (zh-CN / en) and a PNG line chart.
//! - [`uno`]: a UNO contest's standings: points left in hand, the lowest total first.
//! - [`stats`]: records across any games: a member's, the server's, the leaderboard
//!   (`/stats`, `/leaderboard`).
//! - Here: the tournament as stored ([`Tournament`]) and the judge's naming rules.
//!
//! Everything here is pure: the tournaments in PostgreSQL, and games started inside a
//! tournament with the cross-game house rule, are the store's ([`store::tournament`]).
//!
//! Players are known across games by their account (`Character::player`: a Discord user id
//! in games started on Discord, the character's name in scripts and simulations): a
//! substitute's points go to whoever played the game's end.

pub mod records;
pub mod render;
pub mod scoring;
pub mod standings;
pub mod stats;
pub mod uno;

#[cfg(test)]
mod testing;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub use render::{
    chart_text, render_chart_png, render_stats, render_table, render_uno_chart_png, uno_chart_text,
    ChartError, ChartText,
};
pub use scoring::{Scoring, ScoringError};
pub use standings::{
    compute, score_game, Award, Awards, GameScore, Line, PlayerStanding, Standings, Tie, TieBreak,
};
pub use stats::{
    all_stats, leaderboard, member_stats, percent, server_stats, MemberStats, RankBy, Ranked,
    ServerStats,
};
pub use uno::{render_uno_table, uno_standings, UnoGame, UnoStandings};

use i18n::Lang;

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

/// The word scripts and exports use for the judge's own actions (`"by": "judge"`). A
/// tournament's judge earns points and is listed with the players, so they must be named
/// by who they are: this placeholder (or nothing) is refused as a tournament's judge.
pub const JUDGE_PLACEHOLDER: &str = "judge";

/// The judge of a tournament played by simulated players when nobody names one (the
/// simulated players have names, so the judge has one too): 汤圆 in Chinese, Trent in
/// English (the trusted third party of the Alice-and-Bob cast).
pub fn default_judge(lang: Lang) -> String {
    i18n::text(lang, "tournament-default-judge", &[])
}
