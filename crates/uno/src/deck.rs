//! The deck (docs/rules.md §5 *Cards*): the standard 108 cards in a fixed canonical order, the
//! seeded shuffles, and helpers that stack a deck for a script.

use engine::rng::{uno_shuffle_stream, Seed};

use crate::card::{Card, Color};

/// How many cards the deck holds.
pub const DECK_SIZE: usize = 108;

/// How many cards each player is dealt.
pub const HAND_SIZE: usize = 7;

/// The standard deck in its canonical order, which every shuffle of the whole deck starts
/// from: for each colour (red, yellow, green, blue) its 0, then 1 to 9 twice each (1, 1, 2,
/// 2, …), two skips, two reverses, two +2; then the four wilds and the four +4.
pub fn canonical() -> Vec<Card> {
    let mut deck = Vec::with_capacity(DECK_SIZE);
    for color in Color::ALL {
        deck.push(Card::Number(color, 0));
        for n in 1..=9 {
            deck.push(Card::Number(color, n));
            deck.push(Card::Number(color, n));
        }
        for card in [
            Card::Skip(color),
            Card::Reverse(color),
            Card::DrawTwo(color),
        ] {
            deck.push(card);
            deck.push(card);
        }
    }
    deck.extend([Card::Wild; 4]);
    deck.extend([Card::WildDrawFour; 4]);
    deck
}

/// `cards` shuffled with the game's shuffle number `k` (stream
/// [`engine::rng::uno_shuffle_stream`]`(k)` of the seed).
pub fn shuffled(seed: &Seed, k: u64, cards: &[Card]) -> Vec<Card> {
    let mut out = cards.to_vec();
    seed.shuffle(uno_shuffle_stream(k), &mut out);
    out
}

/// Whether `cards` are exactly the 108 cards of the deck, in any order.
pub fn is_whole_deck(cards: &[Card]) -> bool {
    let mut sorted = cards.to_vec();
    sorted.sort_unstable();
    let mut want = canonical();
    want.sort_unstable();
    sorted == want
}

/// A deck that is not the 108 cards: the first card it holds one copy too many of, or the
/// first it lacks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error("the deck holds more `{0}` than the 108 cards do")]
    TooMany(Card),
    #[error("the deck lacks a `{0}`")]
    Missing(Card),
}

/// What is wrong with `cards` as a whole deck; `Ok` when they are exactly the 108 cards.
///
/// # Errors
/// [`DeckError`] naming a card too many or a card missing.
pub fn check_deck(cards: &[Card]) -> Result<(), DeckError> {
    let rest = deck_with_top(cards)?;
    match rest.get(cards.len()) {
        Some(card) => Err(DeckError::Missing(*card)),
        None => Ok(()),
    }
}

/// A whole deck whose top cards are `top` (top first), followed by the rest of the 108 in
/// canonical order: what a script's `deck` needs when only its first cards matter.
///
/// # Errors
/// [`DeckError::TooMany`] when `top` holds a card more often than the deck does.
pub fn deck_with_top(top: &[Card]) -> Result<Vec<Card>, DeckError> {
    let mut rest = canonical();
    for card in top {
        let i = rest
            .iter()
            .position(|c| c == card)
            .ok_or(DeckError::TooMany(*card))?;
        rest.remove(i);
    }
    let mut deck = top.to_vec();
    deck.extend(rest);
    Ok(deck)
}

/// A whole deck that deals `hands` (in seating order, each in the order it is received) when
/// `dealer` deals, and then has `then` on top of what is left (the first card turned up,
/// the draw pile's first cards), the rest in canonical order. Every hand must hold 7 cards.
///
/// # Errors
/// [`DeckError::TooMany`] when the cards asked for are not all in the deck; a hand that does
/// not hold 7 cards, or a dealer outside the table, gives [`DeckError::Missing`] of its
/// first missing card's place (the helper is for tests and scenario files).
pub fn stacked_deck(
    hands: &[Vec<Card>],
    dealer: usize,
    then: &[Card],
) -> Result<Vec<Card>, DeckError> {
    let n = hands.len();
    if n == 0 || dealer >= n || hands.iter().any(|h| h.len() != HAND_SIZE) {
        return Err(DeckError::Missing(Card::Wild));
    }
    let mut top = Vec::with_capacity(n * HAND_SIZE + then.len());
    for round in 0..HAND_SIZE {
        top.extend((1..=n).filter_map(|i| hands[(dealer + i) % n].get(round).copied()));
    }
    top.extend_from_slice(then);
    deck_with_top(&top)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_holds_the_standard_108_cards() {
        let deck = canonical();
        assert_eq!(deck.len(), DECK_SIZE);
        for color in Color::ALL {
            let of = |f: &dyn Fn(&Card) -> bool| deck.iter().filter(|c| f(c)).count();
            assert_eq!(of(&|c| c.color() == Some(color)), 25);
            assert_eq!(of(&|c| *c == Card::Number(color, 0)), 1);
            assert_eq!(of(&|c| *c == Card::Number(color, 9)), 2);
            assert_eq!(of(&|c| *c == Card::Skip(color)), 2);
        }
        assert_eq!(deck.iter().filter(|c| **c == Card::Wild).count(), 4);
        assert_eq!(deck.iter().filter(|c| **c == Card::WildDrawFour).count(), 4);
        assert_eq!(
            deck.iter().map(|c| c.points()).sum::<u32>(),
            4 * (90 + 120) + 400
        );
    }

    #[test]
    fn a_stacked_deck_is_whole_and_starts_with_the_cards_asked_for() {
        let top = [Card::Wild, Card::Number(Color::Red, 0)];
        let deck = deck_with_top(&top).expect("in the deck");
        assert_eq!(&deck[..2], &top);
        assert!(is_whole_deck(&deck));
        assert_eq!(check_deck(&deck), Ok(()));
        assert_eq!(
            deck_with_top(&[Card::Number(Color::Red, 0); 2]),
            Err(DeckError::TooMany(Card::Number(Color::Red, 0)))
        );
        assert_eq!(check_deck(&deck[1..]), Err(DeckError::Missing(Card::Wild)));
        let mut twice = deck.clone();
        twice[1] = Card::Wild;
        assert!(matches!(
            check_deck(&twice),
            Err(DeckError::TooMany(Card::Wild))
        ));
    }
}
