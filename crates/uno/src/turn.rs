//! A turn (docs/rules.md §5 *A turn*): the commands players, the judge and the clock give, and
//! [`handle`], which checks one against the game and returns the events it causes. Also the
//! start of a game and of each round (*Setting up a game*) and the end of a round
//! (*Scoring*), which a play can lead to.

use chrono::{DateTime, Duration, Utc};
use engine::rng::Seed;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Color};
use crate::deck::{self, DeckError, HAND_SIZE};
use crate::event::{DrawCause, Event, PenaltyCause};
use crate::game::{apply, Game};
use crate::options::{FirstPlayer, Options, UnoPenalty, MAX_PLAYERS, MIN_PLAYERS};
use crate::refusal::{Refusal, Refused};

/// The most turn timeouts one command fires before it is handled (the rest fire with the
/// next one): bounds the work of a command arriving long after the last.
pub const MAX_DUE_TIMEOUTS: usize = 10_000;

/// The most rounds of the draw for the dealer (players tied for highest drawing again); a
/// tie still standing after them (which no real deck reaches) gives the deal to the first
/// of the tied.
const MAX_DEALER_DRAWS: usize = 1_000;

/// What a player, the judge or the clock asks for. Players are seat indices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Command {
    /// `player` plays `card` from their hand, naming `color` for a wild or +4, calling UNO
    /// with it when `uno`.
    Play {
        player: usize,
        card: Card,
        #[serde(default)]
        color: Option<Color>,
        #[serde(default)]
        uno: bool,
    },
    /// `player` draws, having no card they may play.
    Draw { player: usize },
    /// `player` catches `target`, who did not call UNO (`uno_penalty = "caught"`).
    Catch { player: usize, target: usize },
    /// The clock: the turn's deadline has come (fires whatever is due; never refused, and
    /// nothing happens when nothing is due).
    Timeout,
    /// The judge ends the game, naming a winner or nobody.
    End {
        #[serde(default)]
        winner: Option<usize>,
    },
    /// The judge pauses the game: no turn time runs.
    Pause,
    /// The judge resumes it: the turn gets its remaining time back.
    Resume,
}

/// Everything a game starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// The players' names in seating order (a script's `characters`, a game's sign-ups).
    pub players: Vec<String>,
    pub seed: Seed,
    pub options: Options,
    /// When the game starts (the first turn's time runs from it).
    pub start: DateTime<Utc>,
    /// Who deals the first round; `None`: the draw for the dealer decides.
    pub dealer: Option<usize>,
    /// A whole deck, top first, used instead of the seed's shuffle for the first round
    /// (the draw for the dealer is then skipped: `dealer`, or the first player, deals).
    pub deck: Option<Vec<Card>>,
}

/// A game that cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{count} players: a UNO game seats {min} to {max}")]
    PlayerCount {
        count: usize,
        min: usize,
        max: usize,
    },
    #[error("a player's name is empty")]
    EmptyName,
    #[error("two players are called `{0}`")]
    DuplicateName(String),
    #[error("the dealer (seat {0}) is not at the table")]
    Dealer(usize),
    #[error("the deck is not the 108 cards: {0}")]
    Deck(#[from] DeckError),
}

/// Starts a game: the draw for the dealer (unless given), the first round's deal and first
/// card, the first turn. Returns the game and the events that made it.
///
/// # Errors
/// [`SetupError`] for a player count outside the options' range (and 2..=10), an empty or
/// repeated name, a dealer outside the table or a deck that is not the 108 cards.
pub fn start(setup: &Setup) -> Result<(Game, Vec<Event>), SetupError> {
    let n = setup.players.len();
    let [lo, hi] = setup.options.players;
    let (min, max) = (lo.max(MIN_PLAYERS), hi.min(MAX_PLAYERS));
    if n < min || n > max {
        return Err(SetupError::PlayerCount { count: n, min, max });
    }
    for (i, p) in setup.players.iter().enumerate() {
        if p.trim().is_empty() {
            return Err(SetupError::EmptyName);
        }
        if setup.players[..i].contains(p) {
            return Err(SetupError::DuplicateName(p.clone()));
        }
    }
    if let Some(d) = setup.dealer.filter(|d| *d >= n) {
        return Err(SetupError::Dealer(d));
    }
    if let Some(deck) = &setup.deck {
        deck::check_deck(deck)?;
    }
    let mut tx = Tx::new(&Game::default());
    tx.emit(Event::Started {
        players: setup.players.clone(),
        seed: setup.seed,
        options: setup.options.clone(),
        at: setup.start,
    });
    let dealer = match (setup.dealer, &setup.deck) {
        (Some(d), _) => d,
        (None, Some(_)) => 0,
        (None, None) => tx.draw_for_dealer(),
    };
    tx.start_round(1, dealer, setup.start, setup.deck.clone());
    Ok((tx.g, tx.events))
}

/// Checks `cmd` against `game` at time `now` (an argument: the rules never read a clock).
///
/// Turn timeouts that fell due by `now` fire first (their events come first), so a late
/// command sees the game as it stands at `now`.
///
/// # Errors
/// [`Refused`] when the rules refuse the command; its `events` (a strict penalty, timeouts
/// that fired first) still happen and must be recorded — see [`Refused`].
pub fn handle(game: &Game, cmd: &Command, now: DateTime<Utc>) -> Result<Vec<Event>, Refused> {
    step(game, cmd, now).map(|(events, _)| events)
}

/// [`handle`], also returning the game with the events applied.
///
/// # Errors
/// As [`handle`].
pub fn step(game: &Game, cmd: &Command, now: DateTime<Utc>) -> Result<(Vec<Event>, Game), Refused> {
    let mut tx = Tx::new(game);
    tx.fire_due(now);
    match tx.run(cmd, now) {
        Ok(()) => Ok((tx.events, tx.g)),
        Err(refusal) => Err(Refused {
            refusal,
            events: tx.events,
        }),
    }
}

/// `at` plus `span`, saturating at the calendar's end (never a panic).
fn later(at: DateTime<Utc>, span: Duration) -> DateTime<Utc> {
    at.checked_add_signed(span)
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// A command in progress: a private copy of the game that every event is applied to at once.
struct Tx {
    g: Game,
    events: Vec<Event>,
}

impl Tx {
    fn new(game: &Game) -> Tx {
        Tx {
            g: game.clone(),
            events: Vec::new(),
        }
    }

    fn emit(&mut self, e: Event) {
        apply(&mut self.g, &e);
        self.events.push(e);
    }

    fn n(&self) -> usize {
        self.g.players.len()
    }

    fn name(&self, seat: usize) -> String {
        self.g.name(seat).to_string()
    }

    /// The whole deck gathered and shuffled with the game's next shuffle.
    fn shuffle_deck(&mut self) {
        let k = self.g.shuffles;
        let cards = deck::shuffled(&self.g.seed, k, &deck::canonical());
        self.emit(Event::Shuffled { shuffle: k, cards });
    }

    /// The draw for the dealer: everyone draws a card; the highest points deals; the tied
    /// highest draw again among themselves (further down the deck, the whole deck shuffled
    /// again should it run short) until one is highest. The cards go back.
    fn draw_for_dealer(&mut self) -> usize {
        self.shuffle_deck();
        let mut contenders: Vec<usize> = (0..self.n()).collect();
        let mut pos = 0;
        for _ in 0..MAX_DEALER_DRAWS {
            if pos + contenders.len() > self.g.draw_pile.len() {
                self.shuffle_deck();
                pos = 0;
            }
            let cards: Vec<(usize, Card)> = contenders
                .iter()
                .zip(&self.g.draw_pile[pos..])
                .map(|(p, c)| (*p, *c))
                .collect();
            pos += cards.len();
            let best = cards.iter().map(|(_, c)| c.points()).max().unwrap_or(0);
            contenders = cards
                .iter()
                .filter(|(_, c)| c.points() == best)
                .map(|(p, _)| *p)
                .collect();
            self.emit(Event::DealerDraw { cards });
            if contenders.len() <= 1 {
                break;
            }
        }
        contenders.first().copied().unwrap_or(0)
    }

    /// A round: the deck (the script's, or shuffled from the seed), the deal, the first card
    /// and the first turn.
    fn start_round(
        &mut self,
        round: u32,
        dealer: usize,
        at: DateTime<Utc>,
        deck: Option<Vec<Card>>,
    ) {
        self.emit(Event::RoundStarted { round, dealer });
        match deck {
            Some(cards) => self.emit(Event::DeckStacked { cards }),
            None => self.shuffle_deck(),
        }
        let n = self.n();
        let mut hands = vec![Vec::with_capacity(HAND_SIZE); n];
        let mut pile = self.g.draw_pile.iter();
        for _ in 0..HAND_SIZE {
            for i in 1..=n {
                if let Some(card) = pile.next() {
                    hands[(dealer + i) % n].push(*card);
                }
            }
        }
        self.emit(Event::Dealt { hands });
        // The first card: not-number cards go to the bottom until a number card comes.
        let mut under = Vec::new();
        let mut first = None;
        for card in &self.g.draw_pile {
            if card.is_number() {
                first = Some(*card);
                break;
            }
            under.push(*card);
        }
        match first {
            Some(card) => self.emit(Event::FirstCard { card, under }),
            // No number card left (no real deal leaves none): the top card as it is.
            None => {
                if let Some(card) = self.g.draw_pile.first().copied() {
                    self.emit(Event::FirstCard {
                        card,
                        under: Vec::new(),
                    });
                }
            }
        }
        let first = match self.g.options.first_player {
            FirstPlayer::LeftOfDealer => (dealer + 1) % n.max(1),
            FirstPlayer::Dealer => dealer,
        };
        self.turn_to(first, at);
    }

    fn turn_to(&mut self, player: usize, at: DateTime<Utc>) {
        let deadline = later(at, self.g.options.turn_time.dur());
        self.emit(Event::Turn { player, deadline });
    }

    /// `player` draws `n` cards; an empty draw pile is refilled from the discard pile (all
    /// but its top card, shuffled); with still nothing to draw, the rest of the draw is
    /// skipped (a [`Event::Drew`] with no cards when nothing at all was drawn).
    fn draw(&mut self, player: usize, n: usize, cause: DrawCause) {
        let mut left = n;
        let mut drew = false;
        while left > 0 {
            if self.g.draw_pile.is_empty() {
                if self.g.discard.len() <= 1 {
                    break;
                }
                let k = self.g.shuffles;
                let rest = &self.g.discard[..self.g.discard.len() - 1];
                let cards = deck::shuffled(&self.g.seed, k, rest);
                self.emit(Event::Reshuffled { shuffle: k, cards });
            }
            let k = left.min(self.g.draw_pile.len());
            let cards = self.g.draw_pile[..k].to_vec();
            self.emit(Event::Drew {
                player,
                cards,
                cause,
            });
            left -= k;
            drew = true;
        }
        if !drew {
            self.emit(Event::Drew {
                player,
                cards: Vec::new(),
                cause,
            });
        }
    }

    /// A 2-card penalty (it changes no turn).
    fn penalty(&mut self, player: usize, cause: PenaltyCause) {
        self.emit(Event::Penalized { player, cause });
        self.draw(player, 2, DrawCause::Penalty);
    }

    /// `refusal`, after the strict penalty `cause` when the option is on.
    fn strict(&mut self, player: usize, cause: PenaltyCause, refusal: Refusal) -> Refusal {
        if self.g.options.strict_penalties {
            self.penalty(player, cause);
        }
        refusal
    }

    fn fire_due(&mut self, now: DateTime<Utc>) {
        for _ in 0..MAX_DUE_TIMEOUTS {
            match self.g.deadline {
                Some(due) if due <= now && !self.g.ended() && self.g.paused.is_none() => {
                    self.timeout(due);
                }
                _ => return,
            }
        }
    }

    /// The turn's time ran out: the player draws 1 (strict: 2) and the turn passes.
    fn timeout(&mut self, at: DateTime<Utc>) {
        let p = self.g.turn;
        self.emit(Event::TimedOut { player: p });
        if self.g.options.strict_penalties {
            self.penalty(p, PenaltyCause::Timeout);
        } else {
            self.draw(p, 1, DrawCause::Timeout);
        }
        let next = self.g.next_of(p);
        self.turn_to(next, at);
    }

    fn run(&mut self, cmd: &Command, now: DateTime<Utc>) -> Result<(), Refusal> {
        if *cmd == Command::Timeout {
            return Ok(());
        }
        if self.g.ended() {
            return Err(Refusal::GameOver);
        }
        if self.g.paused.is_some() && !matches!(cmd, Command::Resume | Command::End { .. }) {
            return Err(Refusal::Paused);
        }
        match cmd {
            Command::Play {
                player,
                card,
                color,
                uno,
            } => self.play(*player, *card, *color, *uno, now),
            Command::Draw { player } => self.draw_instead(*player, now),
            Command::Catch { player, target } => self.catch(*player, *target),
            Command::End { winner } => {
                let winner = winner.filter(|w| *w < self.n());
                self.emit(Event::Ended { winner });
                Ok(())
            }
            Command::Pause => {
                let remaining = self.g.deadline.map_or_else(
                    || self.g.options.turn_time.dur(),
                    |d| (d - now).max(Duration::zero()),
                );
                self.emit(Event::Paused {
                    remaining_ms: remaining.num_milliseconds(),
                });
                Ok(())
            }
            Command::Resume => {
                let remaining = self.g.paused.ok_or(Refusal::NotPaused)?;
                self.emit(Event::Resumed {
                    deadline: later(now, Duration::milliseconds(remaining)),
                });
                Ok(())
            }
            Command::Timeout => Ok(()),
        }
    }

    fn play(
        &mut self,
        p: usize,
        card: Card,
        color: Option<Color>,
        uno: bool,
        now: DateTime<Utc>,
    ) -> Result<(), Refusal> {
        if p != self.g.turn {
            return Err(Refusal::NotYourTurn {
                turn: self.name(self.g.turn),
            });
        }
        let held = self.g.hands.get(p).map_or(0, Vec::len);
        if !self.g.hands.get(p).is_some_and(|h| h.contains(&card)) {
            return Err(Refusal::CardNotInHand { card });
        }
        if card.is_wild() && color.is_none() {
            return Err(Refusal::ColorRequired { card });
        }
        let (Some(top), Some(in_force)) = (self.g.top(), self.g.color) else {
            return Err(Refusal::CardNotPlayable {
                card,
                top: Card::Wild,
                color: Color::Red,
            });
        };
        if !card.matches(top, in_force) {
            let r = Refusal::CardNotPlayable {
                card,
                top,
                color: in_force,
            };
            return Err(self.strict(p, PenaltyCause::WrongCard, r));
        }
        if self.g.options.last_card_rule && held == 1 && !card.may_be_last() {
            let r = Refusal::LastCardNotAllowed { card };
            return Err(self.strict(p, PenaltyCause::WrongCard, r));
        }
        self.emit(Event::Played {
            player: p,
            card,
            color: if card.is_wild() { color } else { None },
        });
        let left = held - 1;
        if uno && left == 1 {
            self.emit(Event::UnoCalled { player: p });
        } else if uno && left > 1 {
            // Strict: a UNO call with another card than the second-to-last (the play
            // stands). With one's last card the round is over and nothing is drawn.
            if self.g.options.strict_penalties {
                self.penalty(p, PenaltyCause::WrongUno);
            }
        } else if !uno && left == 1 && self.g.options.uno_penalty == UnoPenalty::Automatic {
            // Right after the play, before the card's effect on the next player.
            self.penalty(p, PenaltyCause::ForgotUno);
        }
        let n = self.n();
        let next = self.g.next_of(p);
        if self.g.hands.get(p).is_some_and(Vec::is_empty) {
            // The winner's last +2 or +4 still makes the next player draw.
            match card.draws() {
                2 => self.draw(next, 2, DrawCause::DrawTwo),
                4 => self.draw(next, 4, DrawCause::DrawFour),
                _ => {}
            }
            self.round_won(p, now);
            return Ok(());
        }
        let turn = match card {
            Card::Skip(_) => {
                self.emit(Event::Skipped { player: next });
                self.g.next_of(next)
            }
            Card::Reverse(_) => {
                let direction = self.g.direction.reversed();
                self.emit(Event::DirectionChanged { direction });
                if n == 2 {
                    // Two players: the reverse also acts as a skip.
                    self.emit(Event::Skipped { player: next });
                    p
                } else {
                    self.g.next_of(p)
                }
            }
            Card::DrawTwo(_) | Card::WildDrawFour => {
                let (count, cause) = if card.draws() == 4 {
                    (4, DrawCause::DrawFour)
                } else {
                    (2, DrawCause::DrawTwo)
                };
                self.draw(next, count, cause);
                self.emit(Event::Skipped { player: next });
                self.g.next_of(next)
            }
            Card::Number(..) | Card::Wild => next,
        };
        self.turn_to(turn, now);
        Ok(())
    }

    fn draw_instead(&mut self, p: usize, now: DateTime<Utc>) -> Result<(), Refusal> {
        if p != self.g.turn {
            return Err(Refusal::NotYourTurn {
                turn: self.name(self.g.turn),
            });
        }
        let playable = self.g.playable_cards(p);
        if !playable.is_empty() {
            return Err(Refusal::HasPlayableCard { playable });
        }
        self.draw(p, 1, DrawCause::NoPlayableCard);
        let next = self.g.next_of(p);
        self.turn_to(next, now);
        Ok(())
    }

    fn catch(&mut self, p: usize, target: usize) -> Result<(), Refusal> {
        let refusal = Refusal::NothingToCatch {
            target: self.name(target),
        };
        if self.g.options.uno_penalty == UnoPenalty::Automatic || p >= self.n() {
            return Err(refusal);
        }
        if self.g.catchable == Some(target) && p != target {
            self.penalty(target, PenaltyCause::Caught);
            return Ok(());
        }
        Err(self.strict(p, PenaltyCause::WrongCatch, refusal))
    }

    /// `p` went out: the round is scored, then the game ends or the next round starts.
    fn round_won(&mut self, p: usize, at: DateTime<Utc>) {
        let hand_points: Vec<u32> = (0..self.n()).map(|s| self.g.hand_points(s)).collect();
        let points = hand_points.iter().sum();
        self.emit(Event::RoundWon {
            player: p,
            hand_points,
            points,
        });
        let over = match self.g.options.rounds {
            Some(r) => self.g.round >= r,
            None => self.g.totals.get(p).copied().unwrap_or(0) >= self.g.options.target_score,
        };
        if over {
            let winners = crate::scoring::winners(&self.g);
            self.emit(Event::GameWon { winners });
            return;
        }
        let dealer = (self.g.dealer + 1) % self.n().max(1);
        self.start_round(self.g.round + 1, dealer, at, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;

    fn c(s: &str) -> Card {
        s.parse().unwrap_or(Card::Wild)
    }

    fn setup(strict: bool) -> Setup {
        let hands: Vec<Vec<Card>> = [
            "y1 y2 y3 y4 y6 y7 y8",
            "r7 g1 g2 g3 g4 g6 g8",
            "g7 b1 b2 b3 b4 b6 b8",
        ]
        .iter()
        .map(|h| h.split_whitespace().map(c).collect())
        .collect();
        Setup {
            players: vec!["A".into(), "B".into(), "C".into()],
            seed: Seed::U64(7),
            options: Options {
                strict_penalties: strict,
                ..Options::default()
            },
            start: DateTime::from_timestamp(0, 0).unwrap_or_default(),
            dealer: Some(0),
            deck: deck::stacked_deck(&hands, 0, &[c("r5"), c("y9"), c("g9")]).ok(),
        }
    }

    #[test]
    fn a_game_that_cannot_start_says_why() {
        let mut s = setup(false);
        s.players.truncate(1);
        assert!(matches!(
            start(&s),
            Err(SetupError::PlayerCount { count: 1, .. })
        ));
        let mut s = setup(false);
        s.players[1] = "A".into();
        assert_eq!(start(&s).err(), Some(SetupError::DuplicateName("A".into())));
        let mut s = setup(false);
        s.dealer = Some(3);
        assert_eq!(start(&s).err(), Some(SetupError::Dealer(3)));
        let mut s = setup(false);
        s.deck = Some(deck::canonical()[1..].to_vec());
        assert!(matches!(start(&s), Err(SetupError::Deck(_))));
    }

    #[test]
    fn a_late_command_sees_the_timeout_that_fell_due_first() {
        let (game, _) = start(&setup(false)).expect("starts");
        let late = DateTime::from_timestamp(121, 0).unwrap_or_default();
        let play = Command::Play {
            player: 1,
            card: c("r7"),
            color: None,
            uno: false,
        };
        let refused = handle(&game, &play, late).expect_err("B's time ran out at 2m");
        assert_eq!(refused.refusal, Refusal::NotYourTurn { turn: "C".into() });
        assert_eq!(refused.events.first(), Some(&Event::TimedOut { player: 1 }));
        // The clock's own command fires the same.
        let fired = handle(&game, &Command::Timeout, late).expect("never refused");
        assert_eq!(fired, refused.events);
    }

    #[test]
    fn a_strict_refusal_carries_its_penalty_and_nothing_else() {
        let (game, _) = start(&setup(true)).expect("starts");
        let now = DateTime::from_timestamp(10, 0).unwrap_or_default();
        let wrong = Command::Play {
            player: 1,
            card: c("g1"),
            color: None,
            uno: false,
        };
        let refused = handle(&game, &wrong, now).expect_err("g1 on r5");
        assert_eq!(refused.refusal.code(), "card_not_playable");
        assert_eq!(
            refused.events,
            vec![
                Event::Penalized {
                    player: 1,
                    cause: PenaltyCause::WrongCard
                },
                Event::Drew {
                    player: 1,
                    cards: vec![c("y9"), c("g9")],
                    cause: DrawCause::Penalty
                },
            ]
        );
        let (lax, _) = start(&setup(false)).expect("starts");
        let refused = handle(&lax, &wrong, now).expect_err("g1 on r5");
        assert!(refused.events.is_empty());
    }

    #[test]
    fn a_pause_keeps_the_turns_remaining_time() {
        let (game, _) = start(&setup(false)).expect("starts");
        let at = |s| DateTime::from_timestamp(s, 0).unwrap_or_default();
        let paused = step(&game, &Command::Pause, at(30)).expect("pauses").1;
        assert_eq!(paused.paused, Some(90_000));
        assert_eq!(paused.deadline, None);
        // Nothing falls due while paused, however long.
        assert_eq!(handle(&paused, &Command::Timeout, at(10_000)), Ok(vec![]));
        let resumed = step(&paused, &Command::Resume, at(10_000))
            .expect("resumes")
            .1;
        assert_eq!(resumed.deadline, Some(at(10_090)));
    }
}
