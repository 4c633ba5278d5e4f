//! Records across games (`/stats`, `/leaderboard`): a member's games played, wins by role
//! and by camp, win rates and cards received; the server's games overall; and the server's
//! ranking. Pure functions of the games' event logs, so they work for any set of games (a
//! server's, a tournament's) and are tested without a database.
//!
//! As in the standings, a game is the player's when they held a character at its end: a
//! substitute plays the game (and wins or loses it), the player they replaced does not. A
//! card counts for whoever held the character when it was given (three blues turning into a
//! yellow are three cards received, not four).

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::scoring::{camp_winner, wins};
use engine::card::Cards;
use engine::{Event, EventKind, Game, Role, Winner};

/// One member's record.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberStats {
    /// Games in which the member held a character at the end (running games: now).
    pub games: u32,
    /// Of those, the finished ones.
    pub finished: u32,
    /// Finished games won, by the role played.
    pub wins: BTreeMap<Role, u32>,
    /// Finished games by the camp played (keyed by the outcome that camp wins with):
    /// `(played, won)`.
    pub camps: BTreeMap<Winner, (u32, u32)>,
    /// Finished games lost (a red-carded camp's loss is a loss).
    pub losses: u32,
    /// Finished games drawn or ended by the judge without a result.
    pub no_result: u32,
    /// Cards given to the member's characters while they held them.
    pub cards: Cards,
    /// Games the member judged (filled by the caller, who knows the judges).
    pub judged: u32,
}

impl MemberStats {
    /// Finished games won, whatever the role.
    pub fn won(&self) -> u32 {
        self.wins.values().sum()
    }

    /// The share of finished games won, in whole percent (rounded half up); `None` before
    /// the first finished game.
    pub fn win_rate(&self) -> Option<u32> {
        percent(self.won(), self.finished)
    }
}

/// `part` of `whole` in whole percent, rounded half up; `None` when `whole` is 0.
pub fn percent(part: u32, whole: u32) -> Option<u32> {
    (whole > 0).then(|| (part * 200 + whole) / (whole * 2))
}

/// The record of `player` (a `Character::player` account) over `games` (each a whole event
/// log, in order).
pub fn member_stats<'a>(player: &str, games: impl IntoIterator<Item = &'a [Event]>) -> MemberStats {
    all_stats(games).remove(player).unwrap_or_default()
}

/// The record of every player (by `Character::player` account) of `games`, each game
/// replayed once.
pub fn all_stats<'a>(
    games: impl IntoIterator<Item = &'a [Event]>,
) -> BTreeMap<String, MemberStats> {
    let mut all: BTreeMap<String, MemberStats> = BTreeMap::new();
    for events in games {
        let mut holders: Vec<String> = Vec::new();
        for e in events {
            match &e.kind {
                EventKind::Created {
                    characters,
                    players,
                    ..
                } => holders = players.clone().unwrap_or_else(|| characters.clone()),
                EventKind::Substituted { character, player } => {
                    if let Some(h) = holders.get_mut(character.idx()) {
                        h.clone_from(player);
                    }
                }
                EventKind::CardGiven { target, color, .. } => {
                    if let Some(h) = holders.get(target.idx()) {
                        all.entry(h.clone()).or_default().cards.add(*color);
                    }
                }
                _ => {}
            }
        }
        let g = Game::replay(events);
        for c in g.chars() {
            let s = all.entry(c.player.clone()).or_default();
            s.games += 1;
            if !g.ended() {
                continue;
            }
            s.finished += 1;
            let won = match g.winner() {
                Some(w) if w != Winner::Draw && wins(c.role, w) => {
                    *s.wins.entry(c.role).or_insert(0) += 1;
                    true
                }
                Some(Winner::Draw) | None => {
                    s.no_result += 1;
                    false
                }
                Some(_) => {
                    s.losses += 1;
                    false
                }
            };
            let camp = s.camps.entry(camp_winner(c.role.camp())).or_default();
            camp.0 += 1;
            camp.1 += u32::from(won);
        }
    }
    all
}

/// A server's games overall.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerStats {
    /// Games started.
    pub games: u32,
    /// Of those, the finished ones.
    pub finished: u32,
    /// Finished games by their winner (a draw is [`Winner::Draw`]).
    pub winners: BTreeMap<Winner, u32>,
    /// Finished games the judge ended without a result.
    pub no_result: u32,
    /// Distinct players (accounts that held a character).
    pub players: u32,
    /// Every card given.
    pub cards: Cards,
}

/// The record of a whole set of games.
pub fn server_stats<'a>(games: impl IntoIterator<Item = &'a [Event]>) -> ServerStats {
    let mut s = ServerStats::default();
    let mut players = BTreeSet::new();
    for events in games {
        for e in events {
            if let EventKind::CardGiven { color, .. } = &e.kind {
                s.cards.add(*color);
            }
        }
        let g = Game::replay(events);
        players.extend(g.chars().iter().map(|c| c.player.clone()));
        s.games += 1;
        if g.ended() {
            s.finished += 1;
            match g.winner() {
                Some(w) => *s.winners.entry(w).or_insert(0) += 1,
                None => s.no_result += 1,
            }
        }
    }
    s.players = players.len() as u32;
    s
}

/// What a leaderboard ranks by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RankBy {
    /// Finished games won; ties: the better win rate, then fewer games.
    Wins,
    /// The share of finished games won; ties: more wins.
    Rate,
}

impl RankBy {
    pub fn key(self) -> &'static str {
        match self {
            RankBy::Wins => "wins",
            RankBy::Rate => "rate",
        }
    }

    /// The fewest finished games a player needs to be ranked when the asker names none:
    /// any for wins, three for the rate (one lucky game is not a rate).
    pub fn default_min_games(self) -> u32 {
        match self {
            RankBy::Wins => 1,
            RankBy::Rate => 3,
        }
    }
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranked {
    /// 1 the best; players equal on every criterion share a rank ("1, 1, 3").
    pub rank: u32,
    pub player: String,
    pub won: u32,
    pub finished: u32,
}

impl Ranked {
    pub fn win_rate(&self) -> u32 {
        percent(self.won, self.finished).unwrap_or(0)
    }
}

/// How `a` compares with `b` (less is better) on the criteria of `by`, ignoring names.
fn better(by: RankBy, a: &Ranked, b: &Ranked) -> Ordering {
    // won/finished compared exactly, without rounding.
    let rate =
        (u64::from(b.won) * u64::from(a.finished)).cmp(&(u64::from(a.won) * u64::from(b.finished)));
    match by {
        RankBy::Wins => b
            .won
            .cmp(&a.won)
            .then(rate)
            .then(a.finished.cmp(&b.finished)),
        RankBy::Rate => rate.then(b.won.cmp(&a.won)),
    }
}

/// The players of `stats` with at least `min_games` finished games (and at least one),
/// best first by `by`; equal players share a rank and are listed by account.
pub fn leaderboard(
    stats: &BTreeMap<String, MemberStats>,
    by: RankBy,
    min_games: u32,
) -> Vec<Ranked> {
    let mut rows: Vec<Ranked> = stats
        .iter()
        .filter(|(_, s)| s.finished >= min_games.max(1))
        .map(|(p, s)| Ranked {
            rank: 0,
            player: p.clone(),
            won: s.won(),
            finished: s.finished,
        })
        .collect();
    rows.sort_by(|a, b| better(by, a, b).then_with(|| a.player.cmp(&b.player)));
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && better(by, &rows[i - 1], &rows[i]) == Ordering::Equal {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    rows
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use chrono::{TimeZone, Utc};

    use super::*;
    use engine::card::{CardReason, Color};
    use engine::{create, CharId, Ruleset, Setup};

    /// A 12-seat m32 game played by accounts "1".."12" with a fixed deal: seat 0 a wolf,
    /// seat 1 the seer, the rest by the ruleset's counts.
    fn game(first: Role, second: Role) -> Vec<Event> {
        let names: Vec<String> = (0..12).map(|i| format!("P{i}")).collect();
        let mut roles = vec![first, second];
        let mut rest = Ruleset::builtin("m32", &BTreeMap::new())
            .ok()
            .and_then(|rs| rs.board_for(12))
            .expect("m32 seats 12");
        for r in &roles {
            if let Some(i) = rest.iter().position(|x| x == r) {
                rest.remove(i);
            }
        }
        roles.extend(rest.into_iter().take(10));
        let setup = Setup {
            ruleset: Ruleset::builtin("m32", &BTreeMap::new()).expect("m32"),
            seed: engine::rng::Seed::U64(1),
            start: Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap(),
            characters: names.clone(),
            roles: Some(names.iter().cloned().zip(roles).collect()),
            forbidden_first_kill: None,
            players: Some((1..=12).map(|i| i.to_string()).collect()),
        };
        create(&setup).expect("the deal fits m32")
    }

    fn push(log: &mut Vec<Event>, kind: EventKind) {
        let at = log.last().map(|e| e.at).unwrap_or_default();
        log.push(Event { at, kind });
    }

    fn end(log: &mut Vec<Event>, winner: Option<Winner>) {
        push(
            log,
            EventKind::GameEnded {
                winner,
                reason: engine::event::EndReason::Judge,
                condition: None,
            },
        );
    }

    fn card(log: &mut Vec<Event>, seat: u16, color: Color) {
        push(
            log,
            EventKind::CardGiven {
                target: CharId(seat),
                color,
                reason: CardReason::Judge { text: "x".into() },
            },
        );
    }

    #[test]
    fn wins_by_role_cards_and_substitutes() {
        // Game 1: "1" is a wolf and the wolves win; "2" (seer) gets a blue card, then hands
        // the seer to "99", who gets a yellow and plays the game's end.
        let mut g1 = game(Role::Wolf, Role::Seer);
        card(&mut g1, 1, Color::Blue);
        push(
            &mut g1,
            EventKind::Substituted {
                character: CharId(1),
                player: "99".into(),
            },
        );
        card(&mut g1, 1, Color::Yellow);
        end(&mut g1, Some(Winner::Wolves));
        // Game 2: "1" is the seer and the village wins; "2" is a wolf and gets a red card.
        let mut g2 = game(Role::Seer, Role::Wolf);
        card(&mut g2, 1, Color::Red);
        end(&mut g2, Some(Winner::Village));
        // Game 3: still running.
        let g3 = game(Role::Villager, Role::Villager);
        // Game 4: ended by the judge without a result.
        let mut g4 = game(Role::Hunter, Role::Witch);
        end(&mut g4, None);
        let logs = [g1, g2, g3, g4];
        let all = || logs.iter().map(Vec::as_slice);

        let one = member_stats("1", all());
        assert_eq!((one.games, one.finished), (4, 3));
        assert_eq!(one.wins, BTreeMap::from([(Role::Wolf, 1), (Role::Seer, 1)]));
        assert_eq!((one.won(), one.losses, one.no_result), (2, 0, 1));
        assert_eq!(one.cards, Cards::default());

        // "2" handed game 1 over: not theirs, but the blue card they got there is.
        let two = member_stats("2", all());
        assert_eq!((two.games, two.finished, two.losses), (3, 2, 1));
        assert_eq!(two.wins, BTreeMap::new());
        assert_eq!((two.cards.blue, two.cards.yellow, two.cards.red), (1, 0, 1));

        let sub = member_stats("99", all());
        assert_eq!((sub.games, sub.finished), (1, 1));
        assert_eq!(sub.losses, 1);
        assert_eq!((sub.cards.blue, sub.cards.yellow), (0, 1));

        assert_eq!(member_stats("nobody", all()), MemberStats::default());

        // By camp: "1" won as a wolf (game 1) and as the seer (game 2, the village), and
        // played the village in game 4 without a result.
        assert_eq!(
            one.camps,
            BTreeMap::from([(Winner::Wolves, (1, 1)), (Winner::Village, (2, 1))])
        );
        assert_eq!(one.win_rate(), Some(67));
        assert_eq!(two.win_rate(), Some(0));
        assert_eq!(MemberStats::default().win_rate(), None);

        let server = server_stats(all());
        assert_eq!((server.games, server.finished, server.no_result), (4, 3, 1));
        assert_eq!(
            server.winners,
            BTreeMap::from([(Winner::Wolves, 1), (Winner::Village, 1)])
        );
        // Twelve accounts and the substitute.
        assert_eq!(server.players, 13);
        assert_eq!(
            (server.cards.blue, server.cards.yellow, server.cards.red),
            (1, 1, 1)
        );
    }

    fn stats(won: u32, finished: u32) -> MemberStats {
        MemberStats {
            games: finished,
            finished,
            wins: BTreeMap::from([(Role::Villager, won)]),
            ..MemberStats::default()
        }
    }

    #[test]
    fn the_leaderboard_ranks_by_wins_or_rate_above_a_threshold() {
        let all = BTreeMap::from([
            ("a".to_string(), stats(3, 4)),
            ("b".to_string(), stats(3, 3)),
            ("c".to_string(), stats(1, 1)),
            ("d".to_string(), stats(2, 4)),
            ("e".to_string(), stats(2, 4)),
            ("f".to_string(), stats(0, 0)),
        ]);
        let line = |r: &Ranked| (r.rank, r.player.clone());
        let by_wins: Vec<_> = leaderboard(&all, RankBy::Wins, 1)
            .iter()
            .map(line)
            .collect();
        assert_eq!(
            by_wins,
            [(1, "b"), (2, "a"), (3, "d"), (3, "e"), (5, "c")].map(|(n, p)| (n, p.to_string()))
        );
        let by_rate: Vec<_> = leaderboard(&all, RankBy::Rate, 3)
            .iter()
            .map(line)
            .collect();
        assert_eq!(
            by_rate,
            [(1, "b"), (2, "a"), (3, "d"), (3, "e")].map(|(n, p)| (n, p.to_string()))
        );
        let rate = leaderboard(&all, RankBy::Rate, 1);
        assert_eq!((rate[0].player.as_str(), rate[0].win_rate()), ("b", 100));
        assert_eq!((rate[1].player.as_str(), rate[1].rank), ("c", 2));
        // Nobody is ranked without a finished game, whatever the threshold.
        assert!(leaderboard(&all, RankBy::Wins, 0)
            .iter()
            .all(|r| r.player != "f"));
        assert_eq!(percent(2, 3), Some(67));
        assert_eq!(percent(1, 8), Some(13));
    }
}
