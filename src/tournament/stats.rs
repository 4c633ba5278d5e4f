//! A member's record across games (`/stats`): games played, wins by role, cards received.
//! A pure function of the games' event logs, so it works for any set of games (a server's,
//! a tournament's) and is tested without a database.
//!
//! As in the standings, a game is the player's when they held a character at its end: a
//! substitute plays the game (and wins or loses it), the player they replaced does not. A
//! card counts for whoever held the character when it was given (three blues turning into a
//! yellow are three cards received, not four).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::scoring::wins;
use crate::engine::card::Cards;
use crate::engine::{Event, EventKind, Game, Role, Winner};

/// One member's record.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberStats {
    /// Games in which the member held a character at the end (running games: now).
    pub games: u32,
    /// Of those, the finished ones.
    pub finished: u32,
    /// Finished games won, by the role played.
    pub wins: BTreeMap<Role, u32>,
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
}

/// The record of `player` (a `Character::player` account) over `games` (each a whole event
/// log, in order).
pub fn member_stats<'a>(player: &str, games: impl IntoIterator<Item = &'a [Event]>) -> MemberStats {
    let mut s = MemberStats::default();
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
                EventKind::CardGiven { target, color, .. }
                    if holders.get(target.idx()).is_some_and(|h| h == player) =>
                {
                    s.cards.add(*color);
                }
                _ => {}
            }
        }
        let g = Game::replay(events);
        for c in g.chars.iter().filter(|c| c.player == player) {
            s.games += 1;
            if !g.ended() {
                continue;
            }
            s.finished += 1;
            match g.winner {
                Some(w) if w != Winner::Draw && wins(c.role, w) => {
                    *s.wins.entry(c.role).or_insert(0) += 1;
                }
                Some(Winner::Draw) | None => s.no_result += 1,
                Some(_) => s.losses += 1,
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::engine::card::{CardReason, Color};
    use crate::engine::{create, CharId, Ruleset, Setup};

    /// A 12-seat m32 game played by accounts "1".."12" with a fixed deal: seat 0 a wolf,
    /// seat 1 the seer, the rest by the ruleset's counts.
    fn game(first: Role, second: Role) -> Vec<Event> {
        let names: Vec<String> = (0..12).map(|i| format!("P{i}")).collect();
        let mut roles = vec![first, second];
        let mut rest = vec![
            Role::Wolf,
            Role::Wolf,
            Role::Wolf,
            Role::Wolf,
            Role::Seer,
            Role::Witch,
            Role::Hunter,
            Role::Villager,
            Role::Villager,
            Role::Villager,
            Role::Villager,
            Role::Villager,
        ];
        for r in &roles {
            if let Some(i) = rest.iter().position(|x| x == r) {
                rest.remove(i);
            }
        }
        roles.extend(rest.into_iter().take(10));
        let setup = Setup {
            ruleset: Ruleset::builtin("m32", &BTreeMap::new()).expect("m32"),
            seed: crate::engine::rng::Seed::U64(1),
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
                reason: crate::engine::event::EndReason::Judge,
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
    }
}
