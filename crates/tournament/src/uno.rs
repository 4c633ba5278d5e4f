//! A UNO contest (docs/rules.md §3): a series of one-round UNO games with shared players.
//! Each player scores the points left in their own hand (the one who went out, 0), and the
//! lowest total wins. Ties go to whoever went out first in more games, then to the earlier
//! sign-up, and the standings say which decided.
//!
//! **Decision:** a member who missed some of the contest's games is ranked after those who
//! played more of them (an absence scores no points, and lowest wins, so counting it as 0
//! would reward missing a game).

use std::cmp::Ordering;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use i18n::Lang;

use crate::render::{game_cells, table};

/// One finished game of a contest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnoGame {
    /// The game's number in the contest, from 1.
    pub ordinal: i32,
    /// Each player's points left in hand, in seating order (the one who went out: 0).
    pub hand_points: Vec<(String, u32)>,
    /// Who went out first and won the round.
    pub out: String,
}

impl UnoGame {
    /// A finished one-round game as the UNO engine records it: `players` in seating order
    /// and its round's result.
    pub fn from_round(ordinal: i32, players: &[String], round: &uno::game::RoundResult) -> UnoGame {
        UnoGame {
            ordinal,
            hand_points: players
                .iter()
                .cloned()
                .zip(round.hand_points.iter().copied())
                .collect(),
            out: players.get(round.winner).cloned().unwrap_or_default(),
        }
    }
}

/// One player's standing in a contest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnoStanding {
    pub player: String,
    /// Points left in hand over the games played: lower is better.
    pub total: u32,
    /// Points in each game (in the contest's game order); `None` where the player sat out.
    pub per_game: Vec<Option<u32>>,
    /// The running total after each game (unchanged across a game sat out).
    pub series: Vec<u32>,
    pub games_played: u32,
    /// Games in which the player went out first.
    pub first_outs: u32,
    pub signed_up: Option<DateTime<Utc>>,
}

/// What separated two players with the same total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnoTieBreak {
    /// Went out first in more games.
    MoreFirstOuts,
    /// Signed up earlier (or signed up at all).
    EarlierSignup,
    /// The same in all of that: by name, so the order is total.
    Name,
}

/// A place among the top three, and what decided it against the next player when their
/// totals were equal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnoPlace {
    pub player: String,
    pub total: u32,
    pub tie: Option<(UnoTieBreak, String)>,
}

/// A contest's standings: every player best first, and the top three.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnoStandings {
    pub name: String,
    pub games: Vec<UnoGame>,
    pub players: Vec<UnoStanding>,
    pub top: Vec<UnoPlace>,
}

impl UnoStandings {
    /// The same standings with every player named by `name` (an account id shown as its
    /// member's display name).
    #[must_use]
    pub fn renamed(mut self, name: impl Fn(&str) -> String) -> UnoStandings {
        for g in &mut self.games {
            for (p, _) in &mut g.hand_points {
                *p = name(p);
            }
            g.out = name(&g.out);
        }
        for p in &mut self.players {
            p.player = name(&p.player);
        }
        for place in &mut self.top {
            place.player = name(&place.player);
            if let Some((_, other)) = &mut place.tie {
                *other = name(other);
            }
        }
        self
    }
}

fn signup_order(a: &UnoStanding, b: &UnoStanding) -> Ordering {
    match (a.signed_up, b.signed_up) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The contest's order: more games played, then the lowest total, then the tie-breaks.
fn order(a: &UnoStanding, b: &UnoStanding) -> Ordering {
    b.games_played
        .cmp(&a.games_played)
        .then(a.total.cmp(&b.total))
        .then(b.first_outs.cmp(&a.first_outs))
        .then(signup_order(a, b))
        .then(a.player.cmp(&b.player))
}

fn tie_break(a: &UnoStanding, b: &UnoStanding) -> UnoTieBreak {
    if a.first_outs != b.first_outs {
        UnoTieBreak::MoreFirstOuts
    } else if signup_order(a, b) != Ordering::Equal {
        UnoTieBreak::EarlierSignup
    } else {
        UnoTieBreak::Name
    }
}

/// The standings of contest `name` from its finished games (any order: they are taken by
/// ordinal) and its sign-ups (member, time).
pub fn uno_standings(
    name: &str,
    games: &[UnoGame],
    signups: &[(String, DateTime<Utc>)],
) -> UnoStandings {
    let mut games = games.to_vec();
    games.sort_by_key(|g| g.ordinal);
    let mut players: Vec<UnoStanding> = Vec::new();
    let slot = |players: &mut Vec<UnoStanding>, who: &str| -> usize {
        if let Some(i) = players.iter().position(|p| p.player == who) {
            return i;
        }
        players.push(UnoStanding {
            player: who.to_string(),
            total: 0,
            per_game: vec![None; games.len()],
            series: Vec::new(),
            games_played: 0,
            first_outs: 0,
            signed_up: None,
        });
        players.len() - 1
    };
    for (who, at) in signups {
        let i = slot(&mut players, who);
        players[i].signed_up = Some(players[i].signed_up.map_or(*at, |s| s.min(*at)));
    }
    for (g, game) in games.iter().enumerate() {
        for (who, points) in &game.hand_points {
            let i = slot(&mut players, who);
            let p = &mut players[i];
            p.per_game[g] = Some(*points);
            p.total += points;
            p.games_played += 1;
            if *who == game.out {
                p.first_outs += 1;
            }
        }
        for p in &mut players {
            p.series.push(p.total);
        }
    }
    players.sort_by(order);
    let top = players
        .iter()
        .filter(|p| p.games_played > 0)
        .take(3)
        .enumerate()
        .map(|(i, p)| UnoPlace {
            player: p.player.clone(),
            total: p.total,
            tie: players
                .get(i + 1)
                .filter(|q| q.total == p.total && q.games_played == p.games_played)
                .map(|q| (tie_break(p, q), q.player.clone())),
        })
        .collect();
    UnoStandings {
        name: name.to_string(),
        games,
        players,
        top,
    }
}

/// The contest's standings as a plain-text table (lowest total first), then the top three
/// with what decided any tie, in `lang`.
pub fn render_uno_table(s: &UnoStandings, lang: Lang) -> String {
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let mut out = t(
        "uno-contest-title",
        &[
            ("name", s.name.clone()),
            ("played", s.games.len().to_string()),
        ],
    );
    out.push('\n');
    let mut header = vec![
        (t("tournament-col-rank", &[]), true),
        (t("tournament-col-player", &[]), false),
    ];
    for g in &s.games {
        header.push((
            t("tournament-col-game", &[("n", g.ordinal.to_string())]),
            true,
        ));
    }
    header.push((t("uno-contest-col-total", &[]), true));
    header.push((t("tournament-col-games", &[]), true));
    header.push((t("uno-contest-col-first-outs", &[]), true));
    let rows = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut row = vec![(i + 1).to_string(), p.player.clone()];
            row.extend(game_cells(&p.per_game));
            row.push(p.total.to_string());
            row.push(p.games_played.to_string());
            row.push(p.first_outs.to_string());
            row
        })
        .collect();
    out.push_str(&table(&header, rows));
    out.push('\n');
    out.push_str(&t("tournament-award-top", &[]));
    out.push('\n');
    for (i, place) in s.top.iter().enumerate() {
        let mut line = t(
            "uno-contest-top-line",
            &[
                ("rank", (i + 1).to_string()),
                ("player", place.player.clone()),
                ("points", place.total.to_string()),
            ],
        );
        if let Some((rule, other)) = &place.tie {
            let id = match rule {
                UnoTieBreak::MoreFirstOuts => "uno-contest-tie-first-outs",
                UnoTieBreak::EarlierSignup => "uno-contest-tie-signup",
                UnoTieBreak::Name => "uno-contest-tie-name",
            };
            let tie = t(id, &[("other", other.clone())]);
            line = t("tournament-with-tie", &[("line", line), ("tie", tie)]);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn game(ordinal: i32, points: &[(&str, u32)]) -> UnoGame {
        UnoGame {
            ordinal,
            hand_points: points.iter().map(|(p, n)| (p.to_string(), *n)).collect(),
            out: points
                .iter()
                .find(|(_, n)| *n == 0)
                .map(|(p, _)| p.to_string())
                .unwrap_or_default(),
        }
    }

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 5, 14, minute, 0)
            .single()
            .expect("a time")
    }

    /// Five games worked by hand: totals B 0+12+30+0+5 = 47, A 20+0+7+9+11 = 47,
    /// C 8+40+0+13+0 = 61, D 33+6+2+21+17 = 79 (D never went out). A and B tie on 47: B
    /// went out first twice (games 1 and 4), A once (game 2), so B is first (by name
    /// alone, A would be).
    #[test]
    fn lowest_total_wins_and_first_outs_break_a_tie() {
        let games = [
            game(1, &[("B", 0), ("A", 20), ("C", 8), ("D", 33)]),
            game(2, &[("B", 12), ("A", 0), ("C", 40), ("D", 6)]),
            game(3, &[("B", 30), ("A", 7), ("C", 0), ("D", 2)]),
            game(4, &[("B", 0), ("A", 9), ("C", 13), ("D", 21)]),
            game(5, &[("B", 5), ("A", 11), ("C", 0), ("D", 17)]),
        ];
        let s = uno_standings("步步为赢", &games, &[]);
        let order: Vec<(&str, u32)> = s
            .players
            .iter()
            .map(|p| (p.player.as_str(), p.total))
            .collect();
        assert_eq!(order, [("B", 47), ("A", 47), ("C", 61), ("D", 79)]);
        assert_eq!(s.players[0].first_outs, 2);
        assert_eq!(s.players[0].series, [0, 12, 42, 42, 47]);
        assert_eq!(
            s.top[0].tie,
            Some((UnoTieBreak::MoreFirstOuts, "A".to_string()))
        );
        assert_eq!(s.top.len(), 3);
        assert_eq!(s.top[2].player, "C");
        let zh = render_uno_table(&s, Lang::Zh);
        assert!(zh.contains("步步为赢"), "{zh}");
        let first = zh
            .lines()
            .find(|l| l.contains("No.") || l.contains("第 1 名"));
        assert!(first.is_some_and(|l| l.contains('B')), "{zh}");
    }

    #[test]
    fn an_equal_record_goes_to_the_earlier_signup_and_an_absence_ranks_after() {
        let games = [
            game(1, &[("A", 10), ("B", 0), ("C", 20)]),
            game(2, &[("A", 0), ("B", 10), ("C", 30)]),
            // E played only this game and scored least: still after those who played all.
            game(3, &[("A", 5), ("B", 5), ("C", 0), ("E", 1)]),
        ];
        let signups = [("B".to_string(), at(1)), ("A".to_string(), at(2))];
        let s = uno_standings("x", &games, &signups);
        let names: Vec<&str> = s.players.iter().map(|p| p.player.as_str()).collect();
        // A, B: 15 each, one game gone out first each; B signed up first.
        assert_eq!(names, ["B", "A", "C", "E"]);
        assert_eq!(
            s.top[0].tie,
            Some((UnoTieBreak::EarlierSignup, "A".to_string()))
        );
        assert_eq!(s.players[3].per_game, [None, None, Some(1)]);
        let en = render_uno_table(&s, Lang::En);
        assert!(en.contains("signed up earlier"), "{en}");
        let s = s.renamed(|p| format!("{p}-name"));
        assert_eq!(s.top[0].player, "B-name");
        assert_eq!(
            s.top[0].tie,
            Some((UnoTieBreak::EarlierSignup, "A-name".to_string()))
        );
    }

    /// The chart says lower is better, in its title and on its y axis, and ranks the
    /// legend as the table does (lowest total first).
    #[test]
    fn the_chart_says_lower_is_better() {
        let games = [
            game(1, &[("A", 10), ("B", 0)]),
            game(2, &[("A", 0), ("B", 30)]),
        ];
        let s = uno_standings("x", &games, &[]);
        for lang in [Lang::Zh, Lang::En] {
            let text = crate::uno_chart_text(&s, lang).expect("the font reads");
            let better = i18n::text(lang, "uno-chart-y", &[]);
            assert_eq!(text.y_desc, better);
            let phrase = if lang == Lang::Zh {
                "越低越好"
            } else {
                "lower is better"
            };
            assert!(better.contains(phrase), "{better}");
            assert!(text.title.contains(phrase), "{}", text.title);
            assert!(text.legend[0].contains('A'), "{:?}", text.legend);
        }
        let png = crate::render_uno_chart_png(&s, Lang::Zh, 300, 200).expect("drawn");
        assert!(png.starts_with(b"\x89PNG"));
    }
}
