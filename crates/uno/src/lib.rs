//! UNO (docs/rules.md §5, ruleset `uno`): pure and deterministic. No I/O, no clock, no
//! randomness but the game's seed.
//!
//! [`start`] deals a game from a [`Setup`]; [`handle`] checks a [`Command`] against a
//! [`Game`] at a given time and returns the [`Event`]s it causes or a [`Refused`] (with its
//! [`Refusal`] code and, with `strict_penalties`, the penalty that still happens); [`apply`]
//! folds an event into the game, so a game is the fold of its events. Every shuffle is a
//! stream of the seed (`engine::rng::uno_shuffle_stream`), so the revealed seed lets anyone
//! recompute each shuffle and deal.
//!
//! [`script`] plays a UNO game script (docs/script-format.md *UNO scripts*) and builds its
//! report; [`sim`] is a simulated table of players.

pub mod card;
pub mod deck;
pub mod event;
pub mod game;
pub mod options;
pub mod refusal;
pub mod scoring;
pub mod script;
pub mod sim;
pub mod turn;

pub use card::{Card, Color, NotACard};
pub use deck::{canonical, deck_with_top, stacked_deck, DeckError, DECK_SIZE, HAND_SIZE};
pub use event::{Direction, DrawCause, Event, PenaltyCause};
pub use game::{apply, Game, Outcome, RoundResult};
pub use options::{FirstPlayer, Options, OptionsError, UnoPenalty};
pub use refusal::{Refusal, Refused};
pub use turn::{handle, start, step, Command, Setup, SetupError};
