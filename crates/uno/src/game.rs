//! The table: a UNO game's state, and [`apply`], which folds one event into it.

use chrono::{DateTime, Utc};
use engine::rng::Seed;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Color};
use crate::event::{Direction, Event};
use crate::options::Options;

/// A finished round (docs/rules.md §5 *Scoring*).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// Who went out.
    pub winner: usize,
    /// The points left in each hand, by seat (the winner's 0).
    pub hand_points: Vec<u32>,
    /// What the winner scored: the sum of `hand_points`.
    pub points: u32,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winners in seating order: one, several sharing the win, or none (the judge ended
    /// the game naming nobody).
    pub winners: Vec<usize>,
    /// Whether the judge ended it (rather than the score).
    pub by_judge: bool,
}

/// A UNO game: everything the rules look at. Players are seat indices into `players`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Game {
    /// The players' names in seating order (clockwise).
    pub players: Vec<String>,
    pub seed: Seed,
    pub options: Options,
    /// Each player's hand, in the order the cards were received.
    pub hands: Vec<Vec<Card>>,
    /// The draw pile (牌库), top first.
    pub draw_pile: Vec<Card>,
    /// The discard pile, bottom first: its last card is the top card.
    pub discard: Vec<Card>,
    /// The colour in force (the named one after a wild or +4).
    pub color: Option<Color>,
    pub direction: Direction,
    /// Whose turn it is.
    pub turn: usize,
    pub dealer: usize,
    /// The round being played, from 1 (0 before the first deal).
    pub round: u32,
    /// Each player's total score, by seat.
    pub totals: Vec<u32>,
    /// Every finished round, in order.
    pub rounds: Vec<RoundResult>,
    /// How many seeded shuffles the game has made (the next one is number `shuffles`).
    pub shuffles: u64,
    /// When the turn's time runs out (`None` while paused or once the game is over).
    pub deadline: Option<DateTime<Utc>>,
    /// While the judge has paused the game: the turn's remaining time, in milliseconds.
    pub paused: Option<i64>,
    /// With `uno_penalty = "caught"`: the player who forgot UNO and may still be caught.
    pub catchable: Option<usize>,
    /// Set once the game is over.
    pub outcome: Option<Outcome>,
}

impl Game {
    /// The game a log of events gives.
    pub fn from_events<'a>(events: impl IntoIterator<Item = &'a Event>) -> Game {
        let mut g = Game::default();
        for e in events {
            apply(&mut g, e);
        }
        g
    }

    /// Whether the game is over.
    pub fn ended(&self) -> bool {
        self.outcome.is_some()
    }

    /// The top card of the discard pile.
    pub fn top(&self) -> Option<Card> {
        self.discard.last().copied()
    }

    /// The player after `seat` in the direction of play.
    pub fn next_of(&self, seat: usize) -> usize {
        let n = self.players.len().max(1);
        match self.direction {
            Direction::Clockwise => (seat + 1) % n,
            Direction::Counterclockwise => (seat + n - 1) % n,
        }
    }

    /// The seat of a player's name.
    pub fn seat(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p == name)
    }

    /// A player's name (`?` for a seat outside the table).
    pub fn name(&self, seat: usize) -> &str {
        self.players.get(seat).map_or("?", String::as_str)
    }

    /// Whether `card`, held by `seat`, may be played now on the discard pile: it matches
    /// the top card, and (with the last-card rule) it is not a card one may not go out with
    /// when it is the hand's only card.
    pub fn playable(&self, seat: usize, card: Card) -> bool {
        let (Some(top), Some(color)) = (self.top(), self.color) else {
            return false;
        };
        let last = self.hands.get(seat).is_some_and(|h| h.len() == 1);
        card.matches(top, color) && !(self.options.last_card_rule && last && !card.may_be_last())
    }

    /// The cards of `seat`'s hand that may be played now, in hand order (each once).
    pub fn playable_cards(&self, seat: usize) -> Vec<Card> {
        let mut out: Vec<Card> = Vec::new();
        for card in self.hands.get(seat).into_iter().flatten() {
            if self.playable(seat, *card) && !out.contains(card) {
                out.push(*card);
            }
        }
        out
    }

    /// The points left in a hand.
    pub fn hand_points(&self, seat: usize) -> u32 {
        self.hands
            .get(seat)
            .map_or(0, |h| h.iter().map(|c| c.points()).sum())
    }

    /// How many rounds each player has won, by seat.
    pub fn rounds_won(&self) -> Vec<u32> {
        let mut won = vec![0; self.players.len()];
        for r in &self.rounds {
            if let Some(w) = won.get_mut(r.winner) {
                *w += 1;
            }
        }
        won
    }

    /// Every card at the table: the hands, the draw pile and the discard pile.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.hands.iter().flatten().copied().collect();
        all.extend(&self.draw_pile);
        all.extend(&self.discard);
        all
    }
}

/// Takes `n` cards from the top of the draw pile (fewer if it holds fewer).
fn take(pile: &mut Vec<Card>, n: usize) -> Vec<Card> {
    let n = n.min(pile.len());
    pile.drain(..n).collect()
}

/// Folds one event into the game.
pub fn apply(g: &mut Game, e: &Event) {
    match e {
        Event::Started {
            players,
            seed,
            options,
            ..
        } => {
            *g = Game {
                players: players.clone(),
                seed: *seed,
                options: options.clone(),
                hands: vec![Vec::new(); players.len()],
                totals: vec![0; players.len()],
                ..Game::default()
            };
        }
        Event::Shuffled { shuffle, cards } => {
            gather(g, cards);
            g.shuffles = g.shuffles.max(shuffle + 1);
        }
        Event::DeckStacked { cards } => gather(g, cards),
        Event::DealerDraw { .. } => {}
        Event::RoundStarted { round, dealer } => {
            g.round = *round;
            g.dealer = *dealer;
            g.direction = Direction::Clockwise;
            g.catchable = None;
        }
        Event::Dealt { hands } => {
            let n: usize = hands.iter().map(Vec::len).sum();
            take(&mut g.draw_pile, n);
            g.hands.clone_from(hands);
        }
        Event::FirstCard { card, under } => {
            take(&mut g.draw_pile, under.len() + 1);
            g.draw_pile.extend(under);
            g.discard = vec![*card];
            g.color = card.color();
        }
        Event::Turn { player, deadline } => {
            g.turn = *player;
            g.deadline = Some(*deadline);
        }
        Event::Played {
            player,
            card,
            color,
        } => {
            if let Some(hand) = g.hands.get_mut(*player) {
                if let Some(i) = hand.iter().position(|c| c == card) {
                    hand.remove(i);
                }
            }
            g.discard.push(*card);
            g.color = card.color().or(*color);
            // A play closes the window to catch an earlier player; this one opens it when
            // the player is left with one card (a UNO call right after closes it again).
            let one_left = g.hands.get(*player).is_some_and(|h| h.len() == 1);
            g.catchable = (one_left && g.options.uno_penalty == crate::options::UnoPenalty::Caught)
                .then_some(*player);
        }
        Event::UnoCalled { player } => {
            if g.catchable == Some(*player) {
                g.catchable = None;
            }
        }
        Event::Penalized { player, cause } => {
            if *cause == crate::event::PenaltyCause::Caught && g.catchable == Some(*player) {
                g.catchable = None;
            }
        }
        Event::Drew {
            player,
            cards,
            cause,
        } => {
            let drawn = take(&mut g.draw_pile, cards.len());
            if let Some(hand) = g.hands.get_mut(*player) {
                hand.extend(drawn);
            }
            if matches!(
                cause,
                crate::event::DrawCause::NoPlayableCard | crate::event::DrawCause::Timeout
            ) {
                g.catchable = None;
            }
        }
        Event::Skipped { .. } => {}
        Event::DirectionChanged { direction } => g.direction = *direction,
        Event::Reshuffled { shuffle, cards } => {
            let top = g.discard.pop();
            g.discard = top.into_iter().collect();
            g.draw_pile.extend(cards);
            g.shuffles = g.shuffles.max(shuffle + 1);
        }
        Event::TimedOut { .. } => g.catchable = None,
        Event::RoundWon {
            player,
            hand_points,
            points,
        } => {
            g.rounds.push(RoundResult {
                winner: *player,
                hand_points: hand_points.clone(),
                points: *points,
            });
            if let Some(t) = g.totals.get_mut(*player) {
                *t += points;
            }
            g.catchable = None;
            g.deadline = None;
        }
        Event::GameWon { winners } => {
            g.outcome = Some(Outcome {
                winners: winners.clone(),
                by_judge: false,
            });
            g.deadline = None;
            g.paused = None;
        }
        Event::Paused { remaining_ms } => {
            g.paused = Some(*remaining_ms);
            g.deadline = None;
        }
        Event::Resumed { deadline } => {
            g.paused = None;
            g.deadline = Some(*deadline);
        }
        Event::Ended { winner } => {
            g.outcome = Some(Outcome {
                winners: winner.iter().copied().collect(),
                by_judge: true,
            });
            g.deadline = None;
            g.paused = None;
            g.catchable = None;
        }
    }
}

/// Every card back into the draw pile, in the given order: hands and discard pile emptied.
fn gather(g: &mut Game, cards: &[Card]) {
    for h in &mut g.hands {
        h.clear();
    }
    g.discard.clear();
    g.draw_pile = cards.to_vec();
    g.color = None;
    g.catchable = None;
}
