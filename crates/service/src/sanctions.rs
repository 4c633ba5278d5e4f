//! Sanctions that apply themselves: whether a member's record bars them from signing up,
//! under the server's policy (`/wolf-policy`), now. Pure: the record comes from the store,
//! the time from the service's clock.
//!
//! - After a red card (given, or made of yellows): barred for `red_games` games of the
//!   server started after the card's game, and for `red_days` days after the card (with
//!   both, until both have passed).
//! - `yellows` yellow cards (given, or made of blues) within the member's last
//!   `yellow_window` games: barred for `yellow_games` games of the server started after the
//!   game of the latest of them.
//! - A card counts unless it was withdrawn on appeal, is older than `expiry_days`, or came
//!   before a judge lifted a bar on the member.

use chrono::{DateTime, Duration, Utc};
use engine::Color;
use store::ids::GameId;
pub use store::penalties::Policy;

/// A card of a member's record, as the sanctions read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub game: GameId,
    /// The card's event in its game.
    pub seq: i64,
    pub at: DateTime<Utc>,
    /// The card received: given, or the one a conversion made.
    pub color: Color,
    /// How many games of the server started after the card's game.
    pub games_after: u32,
    pub withdrawn: bool,
}

/// What the sanctions read of a member's record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    /// The cards, oldest first.
    pub marks: Vec<Mark>,
    /// The games of the server the member played, latest first.
    pub games: Vec<GameId>,
    /// When a judge last lifted a bar on the member.
    pub lifted: Option<DateTime<Utc>>,
}

/// Why a member is barred.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// A red card in `game`.
    Red { game: GameId },
    /// `count` yellow cards within the member's last `games` games.
    Yellows { count: u32, games: u32 },
}

/// A bar from signing up: why, and until when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bar {
    pub cause: Cause,
    /// Until this time (a bar by days).
    pub until: Option<DateTime<Utc>>,
    /// Until this many more games of the server have started (a bar by games).
    pub games_left: Option<u32>,
}

/// Whether `mark` counts for the sanctions at `now`.
fn counts(s: &Standing, mark: &Mark, policy: &Policy, now: DateTime<Utc>) -> bool {
    let expired =
        policy.expiry_days > 0 && mark.at + Duration::days(i64::from(policy.expiry_days)) <= now;
    !mark.withdrawn && !expired && s.lifted.is_none_or(|l| mark.at > l)
}

/// The bar `s` puts on its member under `policy` at `now`, if any (a red card's first).
pub fn bar_for(s: &Standing, policy: &Policy, now: DateTime<Utc>) -> Option<Bar> {
    let counted: Vec<&Mark> = s
        .marks
        .iter()
        .filter(|m| counts(s, m, policy, now))
        .collect();
    red_bar(&counted, policy, now).or_else(|| yellow_bar(s, &counted, policy))
}

/// The bar of the latest red card still in force.
fn red_bar(counted: &[&Mark], policy: &Policy, now: DateTime<Utc>) -> Option<Bar> {
    if policy.red_games == 0 && policy.red_days == 0 {
        return None;
    }
    counted
        .iter()
        .rev()
        .filter(|m| m.color == Color::Red)
        .find_map(|m| {
            let games_left =
                (policy.red_games > m.games_after).then(|| policy.red_games - m.games_after);
            let until = (policy.red_days > 0)
                .then(|| m.at + Duration::days(i64::from(policy.red_days)))
                .filter(|t| *t > now);
            (games_left.is_some() || until.is_some()).then_some(Bar {
                cause: Cause::Red { game: m.game },
                until,
                games_left,
            })
        })
}

/// The bar of too many yellow cards in the member's last games.
fn yellow_bar(s: &Standing, counted: &[&Mark], policy: &Policy) -> Option<Bar> {
    if policy.yellows == 0 || policy.yellow_window == 0 || policy.yellow_games == 0 {
        return None;
    }
    let window = s.games.iter().take(policy.yellow_window as usize);
    let recent: Vec<GameId> = window.copied().collect();
    let yellows: Vec<&&Mark> = counted
        .iter()
        .filter(|m| m.color == Color::Yellow && recent.contains(&m.game))
        .collect();
    let count = u32::try_from(yellows.len()).unwrap_or(u32::MAX);
    if count < policy.yellows {
        return None;
    }
    let latest = yellows.last()?;
    (policy.yellow_games > latest.games_after).then(|| Bar {
        cause: Cause::Yellows {
            count,
            games: policy.yellow_window,
        },
        until: None,
        games_left: Some(policy.yellow_games - latest.games_after),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, day, 12, 0, 0).unwrap()
    }

    fn mark(game: i64, day: u32, color: Color, games_after: u32) -> Mark {
        Mark {
            game: GameId(game),
            seq: 10,
            at: t(day),
            color,
            games_after,
            withdrawn: false,
        }
    }

    fn standing(marks: Vec<Mark>) -> Standing {
        let mut games: Vec<GameId> = marks.iter().map(|m| m.game).collect();
        games.dedup();
        games.reverse();
        Standing {
            marks,
            games,
            lifted: None,
        }
    }

    #[test]
    fn no_policy_no_bar() {
        let s = standing(vec![mark(1, 1, Color::Red, 0)]);
        assert_eq!(bar_for(&s, &Policy::default(), t(2)), None);
    }

    #[test]
    fn a_red_card_bars_for_games_then_no_more() {
        let p = Policy {
            red_games: 2,
            ..Policy::default()
        };
        let bar = |after| bar_for(&standing(vec![mark(1, 1, Color::Red, after)]), &p, t(2));
        assert_eq!(
            bar(0),
            Some(Bar {
                cause: Cause::Red { game: GameId(1) },
                until: None,
                games_left: Some(2)
            })
        );
        assert_eq!(bar(1).and_then(|b| b.games_left), Some(1));
        assert_eq!(bar(2), None);
    }

    #[test]
    fn a_red_card_bars_for_days() {
        let p = Policy {
            red_days: 7,
            ..Policy::default()
        };
        let s = standing(vec![mark(1, 1, Color::Red, 5)]);
        assert_eq!(bar_for(&s, &p, t(3)).and_then(|b| b.until), Some(t(8)));
        assert_eq!(bar_for(&s, &p, t(8)), None);
    }

    #[test]
    fn blue_and_yellow_cards_do_not_bar_by_the_red_rule() {
        let p = Policy {
            red_games: 3,
            ..Policy::default()
        };
        let s = standing(vec![
            mark(1, 1, Color::Yellow, 0),
            mark(1, 1, Color::Blue, 0),
        ]);
        assert_eq!(bar_for(&s, &p, t(2)), None);
    }

    #[test]
    fn yellows_in_the_last_games_bar() {
        let p = Policy {
            yellows: 2,
            yellow_window: 3,
            yellow_games: 1,
            ..Policy::default()
        };
        let s = standing(vec![
            mark(1, 1, Color::Yellow, 2),
            mark(2, 2, Color::Yellow, 1),
            mark(3, 3, Color::Blue, 0),
        ]);
        // The latest yellow's game was followed by one game: the bar of one game is over.
        assert_eq!(bar_for(&s, &p, t(4)), None);
        let s = standing(vec![
            mark(1, 1, Color::Yellow, 1),
            mark(2, 2, Color::Yellow, 0),
        ]);
        assert_eq!(
            bar_for(&s, &p, t(3)),
            Some(Bar {
                cause: Cause::Yellows { count: 2, games: 3 },
                until: None,
                games_left: Some(1)
            })
        );
        // Outside the window (the member's last game only): one yellow is not enough.
        let narrow = Policy {
            yellow_window: 1,
            ..p
        };
        assert_eq!(bar_for(&s, &narrow, t(3)), None);
    }

    #[test]
    fn withdrawn_expired_and_lifted_cards_do_not_count() {
        let p = Policy {
            red_games: 5,
            expiry_days: 10,
            ..Policy::default()
        };
        let mut s = standing(vec![mark(1, 1, Color::Red, 0)]);
        assert!(bar_for(&s, &p, t(2)).is_some());
        // Older than the expiry.
        assert_eq!(bar_for(&s, &p, t(11)), None);
        // Withdrawn on appeal.
        s.marks[0].withdrawn = true;
        assert_eq!(bar_for(&s, &p, t(2)), None);
        // Lifted by a judge: a later red card bars again.
        s.marks[0].withdrawn = false;
        s.lifted = Some(t(2));
        assert_eq!(bar_for(&s, &p, t(3)), None);
        s.marks.push(mark(2, 4, Color::Red, 0));
        assert_eq!(
            bar_for(&s, &p, t(5)).map(|b| b.cause),
            Some(Cause::Red { game: GameId(2) })
        );
    }
}
