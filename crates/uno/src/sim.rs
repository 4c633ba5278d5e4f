//! A simulated table: players who pick a legal move at random (seeded), sometimes forget to
//! call UNO, sometimes let their time run out, and (with `uno_penalty = "caught"`) sometimes
//! catch a player who forgot. Pure: the same options, players and seed give the same game.

use chrono::{DateTime, Duration, Utc};
use engine::rng::Seed;

use crate::card::{Card, Color};
use crate::event::Event;
use crate::game::{apply, Game};
use crate::options::{Options, UnoPenalty};
use crate::turn::{self, Command, Setup, SetupError};

/// The most moves a simulated game makes; a game still going then is ended by the judge
/// naming nobody (a table where every card is in the hands can pass forever).
pub const MAX_SIM_STEPS: usize = 20_000;

/// When a simulated game starts: 2026-01-01T00:00:00Z.
pub const SIM_START: i64 = 1_767_225_600;

/// A simulated game: how it ended, and each step with the events it caused.
pub type Simulation = (Game, Vec<(SimStep, Vec<Event>)>);

/// One step of a simulated game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimStep {
    /// The deal (the events of [`turn::start`]).
    Start,
    /// A command at a time.
    Do {
        at: DateTime<Utc>,
        command: Command,
        /// The refusal's code when the rules refused it (a simulated player only makes
        /// legal moves, so this stays `None`).
        refused: Option<&'static str>,
    },
}

/// The players' own randomness: decision `i` is stream `i` of the seed (the low streams,
/// which a UNO game's shuffles never use).
struct Chooser {
    seed: Seed,
    next: u64,
}

impl Chooser {
    fn pick(&mut self, n: usize) -> usize {
        let i = self.next;
        self.next += 1;
        self.seed.pick(i, n)
    }
}

/// Plays a whole game at a simulated table of `players` (their names, in seating order)
/// from `seed` (the game's seed and the players'): always ends, by its score or, after
/// [`MAX_SIM_STEPS`] moves, by the judge naming nobody.
///
/// # Errors
/// [`SetupError`] when the game cannot start (a player count outside the options' range, a
/// repeated name).
pub fn simulate(
    options: &Options,
    players: &[String],
    seed: u64,
) -> Result<Simulation, SetupError> {
    let start = DateTime::from_timestamp(SIM_START, 0).unwrap_or_default();
    let (mut game, events) = turn::start(&Setup {
        players: players.to_vec(),
        seed: Seed::U64(seed),
        options: options.clone(),
        start,
        dealer: None,
        deck: None,
    })?;
    let mut steps = vec![(SimStep::Start, events)];
    let mut chooser = Chooser {
        seed: Seed::U64(seed),
        next: 0,
    };
    let mut now = start;
    let n = players.len();
    while !game.ended() {
        let (at, command) = if steps.len() > MAX_SIM_STEPS {
            (now, Command::End { winner: None })
        } else {
            choose(&game, now, n, &mut chooser)
        };
        let (events, refused) = match turn::step(&game, &command, at) {
            Ok((events, g)) => {
                game = g;
                (events, None)
            }
            Err(r) => {
                for e in &r.events {
                    apply(&mut game, e);
                }
                (r.events, Some(r.refusal.code()))
            }
        };
        steps.push((
            SimStep::Do {
                at,
                command,
                refused,
            },
            events,
        ));
        now = at;
    }
    Ok((game, steps))
}

/// The next move at the table and when it is made.
fn choose(
    game: &Game,
    now: DateTime<Utc>,
    n: usize,
    chooser: &mut Chooser,
) -> (DateTime<Utc>, Command) {
    if let Some(target) = game.catchable {
        if game.options.uno_penalty == UnoPenalty::Caught && chooser.pick(2) == 0 {
            let player = (target + 1 + chooser.pick(n - 1)) % n;
            return (now, Command::Catch { player, target });
        }
    }
    let deadline = game.deadline.unwrap_or(now);
    if chooser.pick(20) == 0 {
        // Lets the time run out.
        return (deadline.max(now), Command::Timeout);
    }
    let room = (deadline - now).num_seconds().max(1);
    let think = chooser.pick(usize::try_from(room).unwrap_or(1)) as i64;
    let at = now + Duration::seconds(think);
    let p = game.turn;
    let playable = game.playable_cards(p);
    if playable.is_empty() {
        return (at, Command::Draw { player: p });
    }
    let card = playable[chooser.pick(playable.len())];
    let hand = game.hands.get(p).cloned().unwrap_or_default();
    let color = card.is_wild().then(|| favourite_color(&hand, chooser));
    // One in five forgets to call UNO.
    let uno = hand.len() == 2 && chooser.pick(5) != 0;
    (
        at,
        Command::Play {
            player: p,
            card,
            color,
            uno,
        },
    )
}

/// The colour the hand holds most of (ties: the first in red, yellow, green, blue; a hand
/// of black cards only: a random one).
fn favourite_color(hand: &[Card], chooser: &mut Chooser) -> Color {
    let count = |c: Color| hand.iter().filter(|h| h.color() == Some(c)).count();
    let best = Color::ALL
        .into_iter()
        .max_by_key(|c| (count(*c), std::cmp::Reverse(*c)));
    match best {
        Some(c) if count(c) > 0 => c,
        _ => Color::ALL[chooser.pick(4)],
    }
}
