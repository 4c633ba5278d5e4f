//! What happens at the table: every change of a UNO game is one of these events, and the
//! game is the fold of its events ([`crate::apply`]). Events carry the cards they move, so
//! a log can be replayed and checked card by card; players are seat indices (seating order).

use chrono::{DateTime, Utc};
use engine::rng::Seed;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Color};
use crate::options::Options;

/// The direction of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// The next player in seating order ("left"), wrapping around.
    #[default]
    Clockwise,
    /// The previous player in seating order.
    Counterclockwise,
}

impl Direction {
    /// The other direction.
    pub fn reversed(self) -> Direction {
        match self {
            Direction::Clockwise => Direction::Counterclockwise,
            Direction::Counterclockwise => Direction::Clockwise,
        }
    }

    /// `clockwise` or `counterclockwise`, as the report writes it.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Clockwise => "clockwise",
            Direction::Counterclockwise => "counterclockwise",
        }
    }
}

/// Why a player is made to draw 2 as a penalty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyCause {
    /// Played a second-to-last card without calling UNO (`uno_penalty = "automatic"`).
    ForgotUno,
    /// Caught by another player after forgetting UNO (`uno_penalty = "caught"`).
    Caught,
    /// Strict penalties: tried to play a card that may not be played (it matches nothing,
    /// or may not be the last card).
    WrongCard,
    /// Strict penalties: called UNO with another card than the second-to-last.
    WrongUno,
    /// Strict penalties: caught a player who was not catchable.
    WrongCatch,
    /// Strict penalties: the turn's time ran out (2 cards instead of 1).
    Timeout,
}

/// Why cards were drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawCause {
    /// The player had no card they could play, and drew instead (the turn passes).
    NoPlayableCard,
    /// The player's time ran out (the turn passes).
    Timeout,
    /// A +2 played on them.
    DrawTwo,
    /// A +4 played on them.
    DrawFour,
    /// A penalty (the [`Event::Penalized`] just before says why).
    Penalty,
}

/// One change of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The game is set up: the players in seating order, the seed every shuffle comes from,
    /// the options.
    Started {
        players: Vec<String>,
        seed: Seed,
        options: Options,
        at: DateTime<Utc>,
    },
    /// Every card is gathered and the whole deck shuffled (shuffle number `shuffle`, see
    /// `engine::rng::uno_shuffle_stream`) into the draw pile, `cards` top first.
    Shuffled { shuffle: u64, cards: Vec<Card> },
    /// Every card is gathered into the draw pile in the order a script gave (top first).
    DeckStacked { cards: Vec<Card> },
    /// One round of the draw for the dealer: who drew which card from the top of the draw
    /// pile (in seating order). The cards go back afterwards: the pile is not changed.
    DealerDraw { cards: Vec<(usize, Card)> },
    /// A round starts with this dealer; play goes clockwise.
    RoundStarted { round: u32, dealer: usize },
    /// The deal: each player's 7 cards in the order received (index = seat), dealt one at a
    /// time from the top of the draw pile, from the dealer's left around to the dealer.
    Dealt { hands: Vec<Vec<Card>> },
    /// The first card turned up; `under` are the cards turned before it that were not
    /// number cards, put at the bottom of the draw pile in that order.
    FirstCard { card: Card, under: Vec<Card> },
    /// It is `player`'s turn until `deadline`.
    Turn {
        player: usize,
        deadline: DateTime<Utc>,
    },
    /// `player` played `card` (for a wild or +4, naming `color`). With two copies in the
    /// hand, the one received first left it.
    Played {
        player: usize,
        card: Card,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        color: Option<Color>,
    },
    /// `player` called UNO with their second-to-last card.
    UnoCalled { player: usize },
    /// `player` is penalised 2 cards (the [`Event::Drew`] after it draws them).
    Penalized { player: usize, cause: PenaltyCause },
    /// `player` drew `cards` from the top of the draw pile (fewer than were due when the
    /// piles ran out; none: the draw was skipped).
    Drew {
        player: usize,
        cards: Vec<Card>,
        cause: DrawCause,
    },
    /// `player` loses their turn (skip, a two-player reverse, +2, +4).
    Skipped { player: usize },
    /// Play changes direction (reverse).
    DirectionChanged { direction: Direction },
    /// The draw pile ran out: the discard pile except its top card was shuffled (shuffle
    /// number `shuffle`) into the new draw pile, `cards` top first.
    Reshuffled { shuffle: u64, cards: Vec<Card> },
    /// `player`'s turn time ran out.
    TimedOut { player: usize },
    /// `player` went out and won the round: `hand_points` are the points left in each hand
    /// (index = seat, the winner's 0), `points` their sum, the winner's score.
    RoundWon {
        player: usize,
        hand_points: Vec<u32>,
        points: u32,
    },
    /// The game is over by its score: `winners` in seating order (several share the win).
    GameWon { winners: Vec<usize> },
    /// The judge paused the game; the turn had `remaining_ms` milliseconds left.
    Paused { remaining_ms: i64 },
    /// The judge resumed the game: the turn now runs until `deadline`.
    Resumed { deadline: DateTime<Utc> },
    /// The judge ended the game, naming a winner or nobody.
    Ended {
        #[serde(default)]
        winner: Option<usize>,
    },
}
