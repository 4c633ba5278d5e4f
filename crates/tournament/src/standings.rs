//! Standings and awards: pure functions of a tournament's finished games.
//!
//! - [`score_game`]: one finished game, scored by [`Scoring`] (winners get their role's
//!   points, losers 0, a draw `draw` points each, the judge `judge` points).
//! - [`compute`]: every player's total, per-game points, cumulative series, games, wins by
//!   role, points in each award's roles, ranked; and the awards (the scoring's own, e.g.
//!   杀人王 and 神警探 for Mafia, 最佳狼人 and 最佳神职 for M32, then the top three).
//!
//! Points go to the player holding the character at the game's end: a substitute scores
//! the game, the player they replaced scores nothing for it (and it does not count among
//! their games). A character sent off (red card) or removed by the judge still shares its
//! camp's result, as every other dead character does; where a red card makes the camp lose
//! (`m32`), the engine records that loss as the game's winner, so the whole camp scores 0.
//!
//! Ranking and awards order players by points, then **fewer games** (a game counts when the
//! player held a character at its end, or judged it), then **earlier sign-up** (players who
//! never signed up come after those who did), then by name so that the order is total.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::scoring::Scoring;
use super::Tournament;
use engine::{Game, Role, Winner};

/// One character's result in one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub character: String,
    /// The player at the game's end (a substitute, if there was one).
    pub player: String,
    pub role: Role,
    pub won: bool,
    pub points: u32,
}

/// One finished game, scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameScore {
    pub ordinal: i32,
    pub game_id: i64,
    /// `None`: the judge ended the game without a result; only the judge scores.
    pub winner: Option<Winner>,
    pub lines: Vec<Line>,
    /// Players who handed their character to a substitute: listed, but the game is not
    /// theirs (no points, not counted among their games).
    pub replaced: Vec<String>,
    pub judge: String,
    pub judge_points: u32,
}

/// Scores a game; `None` while it is still being played. `seated` is every player who held
/// one of its characters at some point (the store's `players` history); those not holding
/// one at the end are the replaced ones.
pub fn score_game(
    scoring: &Scoring,
    ordinal: i32,
    game_id: i64,
    game: &Game,
    judge: &str,
    seated: &[String],
) -> Option<GameScore> {
    if !game.ended() {
        return None;
    }
    let lines = game
        .chars()
        .iter()
        .map(|c| {
            let (points, won) = game
                .winner()
                .map_or((0, false), |w| scoring.points(c.role, w));
            Line {
                character: c.name.clone(),
                player: c.player.clone(),
                role: c.role,
                won,
                points,
            }
        })
        .collect();
    let current: BTreeSet<&str> = game.chars().iter().map(|c| c.player.as_str()).collect();
    let replaced: BTreeSet<String> = seated
        .iter()
        .filter(|p| !current.contains(p.as_str()))
        .cloned()
        .collect();
    Some(GameScore {
        ordinal,
        game_id,
        winner: game.winner(),
        lines,
        replaced: replaced.into_iter().collect(),
        judge: judge.to_string(),
        judge_points: scoring.judge,
    })
}

/// One player's standing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStanding {
    pub player: String,
    pub total: u32,
    /// Points earned in each finished game (in [`Standings::games`] order); `None` where
    /// the player took no part.
    pub per_game: Vec<Option<u32>>,
    /// Cumulative points after each finished game.
    pub series: Vec<u32>,
    /// Games in which the player held a character at the end.
    pub games_played: u32,
    /// Games the player judged.
    pub games_judged: u32,
    /// Games won, by the role played.
    pub wins: BTreeMap<Role, u32>,
    /// Points earned in the roles of each of the scoring's awards (in [`Scoring::awards`]
    /// order): for Mafia the killers' points (杀人王), then the police's (神警探).
    pub award_points: Vec<u32>,
    pub signed_up: Option<DateTime<Utc>>,
}

impl PlayerStanding {
    fn new(player: &str, games: usize, awards: usize) -> PlayerStanding {
        PlayerStanding {
            player: player.to_string(),
            total: 0,
            per_game: vec![None; games],
            series: Vec::new(),
            games_played: 0,
            games_judged: 0,
            wins: BTreeMap::new(),
            award_points: vec![0; awards],
            signed_up: None,
        }
    }

    /// The games taken part in (played or judged): the first tie-break.
    pub fn games(&self) -> u32 {
        self.games_played + self.games_judged
    }

    fn add(&mut self, game: usize, points: u32) {
        let slot = &mut self.per_game[game];
        *slot = Some(slot.unwrap_or(0) + points);
    }
}

/// What separated two players with the same points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Fewer games taken part in.
    FewerGames,
    /// Signed up earlier (or signed up at all).
    EarlierSignup,
    /// Same games and sign-up: by name, so that the order is total.
    Name,
}

/// A tie that was decided in an award's favour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tie {
    pub rule: TieBreak,
    /// The player it was decided against (the next one in that category's order).
    pub other: String,
    pub games: u32,
    pub other_games: u32,
}

/// An award and the points it was won with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    pub player: String,
    /// Points in the award's category (its roles' points, or the total).
    pub points: u32,
    /// Set when the next player in the category had the same points.
    pub tie: Option<Tie>,
}

/// The scoring's awards (e.g. 杀人王, 神警探), then the top three overall excluding their
/// winners.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Awards {
    /// One per [`Scoring::awards`], in order; `None` when nobody scored in its roles.
    pub by_role: Vec<Option<Award>>,
    pub top: Vec<Award>,
}

impl Awards {
    /// The award keyed `key` in `scoring` (e.g. `killer_king`), if given.
    pub fn get(&self, scoring: &Scoring, key: &str) -> Option<&Award> {
        let i = scoring.awards.iter().position(|a| a.key == key)?;
        self.by_role.get(i)?.as_ref()
    }
}

/// A tournament's standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    pub tournament: Tournament,
    pub scoring: Scoring,
    /// The finished games, by ordinal.
    pub games: Vec<GameScore>,
    /// Ordinals of games added but not finished (they score nothing yet).
    pub unfinished: Vec<i32>,
    /// Every player (signed up, seated in a game, or judging), best first.
    pub players: Vec<PlayerStanding>,
    pub awards: Awards,
}

impl Standings {
    pub fn player(&self, name: &str) -> Option<&PlayerStanding> {
        self.players.iter().find(|p| p.player == name)
    }

    /// The same standings with every player (and the judge) shown as `show` names them,
    /// e.g. a chat account id as the member's display name. Only names change: the order
    /// and the awards were decided on the accounts.
    pub fn renamed(mut self, show: impl Fn(&str) -> String) -> Standings {
        let award = |a: &mut Award| {
            a.player = show(&a.player);
            if let Some(t) = &mut a.tie {
                t.other = show(&t.other);
            }
        };
        self.tournament.judge = show(&self.tournament.judge);
        for p in &mut self.players {
            p.player = show(&p.player);
        }
        for g in &mut self.games {
            g.judge = show(&g.judge);
            for l in &mut g.lines {
                l.player = show(&l.player);
            }
            for r in &mut g.replaced {
                *r = show(r);
            }
        }
        let a = &mut self.awards;
        a.by_role.iter_mut().flatten().for_each(award);
        a.top.iter_mut().for_each(award);
        self
    }
}

fn signup_order(a: &PlayerStanding, b: &PlayerStanding) -> Ordering {
    match (a.signed_up, b.signed_up) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The order of a category: more points first, then the tie-breaks.
fn order(a: &PlayerStanding, b: &PlayerStanding, pa: u32, pb: u32) -> Ordering {
    pb.cmp(&pa)
        .then(a.games().cmp(&b.games()))
        .then(signup_order(a, b))
        .then(a.player.cmp(&b.player))
}

fn tie_break(a: &PlayerStanding, b: &PlayerStanding) -> TieBreak {
    if a.games() != b.games() {
        TieBreak::FewerGames
    } else if signup_order(a, b) != Ordering::Equal {
        TieBreak::EarlierSignup
    } else {
        TieBreak::Name
    }
}

/// The best `count` players by `points` (nobody with 0), leaving out `exclude`.
fn best(
    players: &[PlayerStanding],
    points: impl Fn(&PlayerStanding) -> u32,
    exclude: &[String],
    count: usize,
) -> Vec<Award> {
    let mut c: Vec<&PlayerStanding> = players
        .iter()
        .filter(|p| points(p) > 0 && !exclude.contains(&p.player))
        .collect();
    c.sort_by(|a, b| order(a, b, points(a), points(b)));
    c.iter()
        .take(count)
        .enumerate()
        .map(|(i, p)| Award {
            player: p.player.clone(),
            points: points(p),
            tie: c
                .get(i + 1)
                .filter(|q| points(q) == points(p))
                .map(|q| Tie {
                    rule: tie_break(p, q),
                    other: q.player.clone(),
                    games: p.games(),
                    other_games: q.games(),
                }),
        })
        .collect()
}

/// The awards over ranked players: each of the scoring's awards (the most points in its
/// roles; the same player may hold several), then the top three by total excluding those
/// award winners. `count` is how many awards the scoring has.
pub fn awards(players: &[PlayerStanding], count: usize) -> Awards {
    let by_role: Vec<Option<Award>> = (0..count)
        .map(|i| {
            best(
                players,
                |p| p.award_points.get(i).copied().unwrap_or(0),
                &[],
                1,
            )
            .pop()
        })
        .collect();
    let exclude: Vec<String> = by_role.iter().flatten().map(|a| a.player.clone()).collect();
    let top = best(players, |p| p.total, &exclude, 3);
    Awards { by_role, top }
}

/// The standings of `tournament` from its scored games (any order; unfinished ones are
/// listed by ordinal in `unfinished`) and its sign-ups (player, time).
pub fn compute(
    tournament: &Tournament,
    scoring: &Scoring,
    mut games: Vec<GameScore>,
    unfinished: Vec<i32>,
    signups: &[(String, DateTime<Utc>)],
) -> Standings {
    games.sort_by_key(|g| g.ordinal);
    let n = games.len();
    let kinds = scoring.awards.len();
    let mut by: BTreeMap<String, PlayerStanding> = BTreeMap::new();
    fn entry<'a>(
        by: &'a mut BTreeMap<String, PlayerStanding>,
        name: &str,
        (n, kinds): (usize, usize),
    ) -> &'a mut PlayerStanding {
        by.entry(name.to_string())
            .or_insert_with(|| PlayerStanding::new(name, n, kinds))
    }
    let n = (n, kinds);
    for (player, at) in signups {
        let p = entry(&mut by, player, n);
        p.signed_up = Some(p.signed_up.map_or(*at, |t| t.min(*at)));
    }
    entry(&mut by, &tournament.judge, n);
    for (i, g) in games.iter().enumerate() {
        for r in &g.replaced {
            entry(&mut by, r, n);
        }
        let j = entry(&mut by, &g.judge, n);
        j.games_judged += 1;
        j.add(i, g.judge_points);
        for l in &g.lines {
            let p = entry(&mut by, &l.player, n);
            p.games_played += 1;
            p.add(i, l.points);
            if l.won {
                *p.wins.entry(l.role).or_insert(0) += 1;
            }
            for (i, a) in scoring.awards.iter().enumerate() {
                if a.roles.contains(&l.role) {
                    p.award_points[i] += l.points;
                }
            }
        }
    }
    let mut players: Vec<PlayerStanding> = by
        .into_values()
        .map(|mut p| {
            let mut total = 0;
            p.series = p
                .per_game
                .iter()
                .map(|x| {
                    total += x.unwrap_or(0);
                    total
                })
                .collect();
            p.total = total;
            p
        })
        .collect();
    players.sort_by(|a, b| order(a, b, a.total, b.total));
    let awards = awards(&players, kinds);
    Standings {
        tournament: tournament.clone(),
        scoring: scoring.clone(),
        games,
        unfinished,
        players,
        awards,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minute: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-11-30T12:{minute:02}:00Z"))
            .expect("time")
            .with_timezone(&Utc)
    }

    fn tournament(ruleset: &str) -> Tournament {
        Tournament {
            id: 1,
            name: "t".into(),
            ruleset: ruleset.into(),
            games_planned: 3,
            judge: "J".into(),
            created_at: at(0),
        }
    }

    /// A finished game with `roles` (character = player) won by `winner`.
    fn game(ruleset: &str, roles: &[(&str, Role)], winner: Option<Winner>) -> Game {
        crate::testing::game(ruleset, &seats(roles), Some(winner))
    }

    fn seats(roles: &[(&str, Role)]) -> Vec<(String, String, Role)> {
        roles
            .iter()
            .map(|(name, role)| (name.to_string(), name.to_string(), *role))
            .collect()
    }

    #[test]
    fn m32_scores_by_camp_and_awards_wolves_and_seer() {
        use Role::*;
        let s = Scoring::builtin("m32").expect("m32");
        let g1 = game(
            "m32",
            &[("A", Wolf), ("B", Seer), ("C", Witch), ("D", Villager)],
            Some(Winner::Wolves),
        );
        let g2 = game(
            "m32",
            &[("A", Seer), ("B", Wolf), ("C", Hunter), ("D", Villager)],
            Some(Winner::Village),
        );
        let unfinished = crate::testing::game("m32", &seats(&[("A", Wolf)]), None);
        assert!(score_game(&s, 3, 3, &unfinished, "J", &[]).is_none());
        let games = vec![
            score_game(&s, 2, 2, &g2, "J", &[]).expect("ended"),
            score_game(&s, 1, 1, &g1, "J", &["Z".to_string(), "A".to_string()]).expect("ended"),
        ];
        let st = compute(
            &tournament("m32"),
            &s,
            games,
            vec![3],
            &[("B".into(), at(1))],
        );
        // A: wolf win 3 + seer win 3 = 6; C: hunter win 3; D: villager win 2; B: 0; J: 1 + 1.
        let a = st.player("A").expect("A");
        assert_eq!((a.total, a.series.clone()), (6, vec![3, 6]));
        // Wolf points (最佳狼人) 3; god points (最佳神职: seer, witch, hunter) 3.
        assert_eq!(a.award_points, vec![3, 3]);
        assert_eq!(st.player("C").expect("C").award_points, vec![0, 3]);
        assert_eq!(st.player("C").expect("C").total, 3);
        assert_eq!(st.player("D").expect("D").per_game, vec![Some(0), Some(2)]);
        assert_eq!(st.player("J").expect("J").series, vec![1, 2]);
        let z = st.player("Z").expect("replaced player listed");
        assert_eq!((z.total, z.games_played), (0, 0));
        assert_eq!(st.unfinished, vec![3]);
        // A is both 最佳狼人 and 最佳神职 (level with C's hunter win: same games, neither
        // signed up, by name); the top three leave A out: C 3, D 2, J 2 (D has two games,
        // J two judged: same; neither signed up: by name).
        let won = |key| st.awards.get(&s, key).map(|a| a.player.as_str());
        assert_eq!((won("top_wolf"), won("top_god")), (Some("A"), Some("A")));
        assert_eq!(won("killer_king"), None, "no Mafia award in M32");
        assert_eq!(
            st.awards
                .get(&s, "top_god")
                .and_then(|a| a.tie.clone())
                .map(|t| t.other),
            Some("C".to_string())
        );
        let top: Vec<(&str, u32)> = st
            .awards
            .top
            .iter()
            .map(|a| (a.player.as_str(), a.points))
            .collect();
        assert_eq!(top, vec![("C", 3), ("D", 2), ("J", 2)]);
        assert_eq!(
            st.awards.top[1].tie.as_ref().map(|t| t.rule),
            Some(TieBreak::Name)
        );
        // B (0 points) gets nothing even though signed up.
        assert!(st.awards.top.iter().all(|a| a.player != "B"));
    }

    #[test]
    fn nobody_with_zero_points_gets_an_award() {
        use Role::*;
        let s = Scoring::builtin("mafia").expect("mafia");
        let g = game(
            "mafia",
            &[("A", Killer), ("B", Police), ("C", Civilian)],
            Some(Winner::Draw),
        );
        let st = compute(
            &tournament("mafia"),
            &s,
            vec![score_game(&s, 1, 1, &g, "J", &[]).expect("ended")],
            vec![],
            &[],
        );
        assert_eq!(st.awards.by_role, vec![None, None]);
        let top: Vec<&str> = st.awards.top.iter().map(|a| a.player.as_str()).collect();
        assert_eq!(top, vec!["J"]);
        assert!(st.player("A").expect("A").wins.is_empty());
    }
}
