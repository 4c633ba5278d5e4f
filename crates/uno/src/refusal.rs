//! Refusals: a move the rules do not allow. Each has a stable snake_case [`Refusal::code`]
//! (the `error` of a script's refused step) and carries what a message needs; the wording
//! belongs to the catalogs (i18n), not to this crate.

use serde::Serialize;

use crate::card::{Card, Color};
use crate::event::Event;

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum Refusal {
    /// It is `turn`'s turn, not the mover's.
    NotYourTurn { turn: String },
    /// The mover holds no such card.
    CardNotInHand { card: Card },
    /// The card matches neither the colour in force, nor the top card's number or symbol.
    CardNotPlayable { card: Card, top: Card, color: Color },
    /// The card is the mover's last and may not be one's last card (0, skip, reverse, wild).
    LastCardNotAllowed { card: Card },
    /// A wild or +4 played without naming a colour.
    ColorRequired { card: Card },
    /// A draw while holding a card one may play: `playable` are those cards.
    HasPlayableCard { playable: Vec<Card> },
    /// Nobody may be caught now (`target` is who was named); in `automatic` mode every
    /// catch is refused so.
    NothingToCatch { target: String },
    /// The game is over.
    GameOver,
    /// The judge has paused the game: only `resume` and `end` are taken.
    Paused,
    /// A `resume` of a game that is not paused (the werewolf scripts' code for it).
    NotPaused,
}

impl Refusal {
    /// The stable code: `not_your_turn`, `card_not_in_hand`, `card_not_playable`,
    /// `last_card_not_allowed`, `color_required`, `has_playable_card`, `nothing_to_catch`,
    /// `game_over`, `paused`, `not_paused`.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::NotYourTurn { .. } => "not_your_turn",
            Refusal::CardNotInHand { .. } => "card_not_in_hand",
            Refusal::CardNotPlayable { .. } => "card_not_playable",
            Refusal::LastCardNotAllowed { .. } => "last_card_not_allowed",
            Refusal::ColorRequired { .. } => "color_required",
            Refusal::HasPlayableCard { .. } => "has_playable_card",
            Refusal::NothingToCatch { .. } => "nothing_to_catch",
            Refusal::GameOver => "game_over",
            Refusal::Paused => "paused",
            Refusal::NotPaused => "not_paused",
        }
    }
}

/// A refused command, with what happened anyway.
///
/// **Choice:** a refusal that costs a penalty (`strict_penalties`: a wrong card, a card that
/// may not be one's last, a wrong catch) is still a refusal — the script step is `ok:
/// false` with its code — and the penalty is real. So [`crate::handle`] returns
/// `Err(Refused)` whose `events` the caller must record and apply: the penalty
/// ([`Event::Penalized`], then the [`Event::Drew`], with an [`Event::Reshuffled`] between
/// when the pile ran out). `events` also begin with any turn timeouts that had fallen due
/// before the command (they fire first, as for an accepted command). For any other refusal
/// with no timeout due, `events` is empty and the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub refusal: Refusal,
    pub events: Vec<Event>,
}

impl From<Refusal> for Refused {
    fn from(refusal: Refusal) -> Refused {
        Refused {
            refusal,
            events: Vec::new(),
        }
    }
}
