//! Known answers: fixed seeds give these shuffles, this draw for the dealer and this
//! reshuffle for ever. A published UNO game is verified by recomputing its shuffles from the
//! revealed seed, so a change of `rand`/`rand_chacha` (pinned), of the canonical deck order
//! or of how a shuffle picks its stream that moved any of these would make `verify` reject
//! games already played.

use chrono::DateTime;
use engine::rng::{uno_shuffle_stream, Seed, UNO_SHUFFLE_BASE};
use uno::{canonical, deck, start, Card, Event, Options, Setup};

fn names(cards: &[Card]) -> Vec<String> {
    cards.iter().map(Card::to_string).collect()
}

fn four(seed: u64) -> Setup {
    Setup {
        players: ["A", "B", "C", "D"].map(String::from).to_vec(),
        seed: Seed::U64(seed),
        options: Options::default(),
        start: DateTime::from_timestamp(1_767_225_600, 0).expect("a time"),
        dealer: None,
        deck: None,
    }
}

#[test]
fn shuffle_k_is_stream_base_plus_k() {
    assert_eq!(UNO_SHUFFLE_BASE, 1 << 62);
    assert_eq!(uno_shuffle_stream(3), (1 << 62) + 3);
}

#[test]
fn the_first_shuffle_of_seed_42_never_changes() {
    let deck = deck::shuffled(&Seed::U64(42), 0, &canonical());
    assert_eq!(
        names(&deck[..12]),
        ["g7", "yreverse", "y2", "g0", "+4", "y9", "r3", "y5", "r4", "b1", "g8", "+4"]
    );
}

#[test]
fn the_draw_for_the_dealer_and_the_deal_of_seed_42_never_change() {
    let (game, events) = start(&four(42)).expect("starts");
    let draws: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::DealerDraw { .. }))
        .collect();
    // g7 7, yreverse 20, y2 2, g0 0: B deals; C (to B's left) plays first.
    assert_eq!(
        draws,
        [&Event::DealerDraw {
            cards: vec![
                (0, "g7".parse().expect("card")),
                (1, "yreverse".parse().expect("card")),
                (2, "y2".parse().expect("card")),
                (3, "g0".parse().expect("card")),
            ]
        }]
    );
    assert_eq!(game.dealer, 1);
    assert_eq!(game.turn, 2);
    assert_eq!(game.shuffles, 2);
    let hands: Vec<Vec<String>> = game.hands.iter().map(|h| names(h)).collect();
    assert_eq!(
        hands,
        [
            ["r0", "r7", "g+2", "y6", "g6", "b6", "yskip"],
            ["wild", "yreverse", "r+2", "rskip", "r6", "r2", "g4"],
            ["breverse", "+4", "r8", "y3", "y2", "g5", "r1"],
            ["b+2", "y5", "r7", "b9", "y9", "rskip", "b8"],
        ]
    );
    assert_eq!(game.top().map(|c| c.to_string()), Some("b7".into()));
}

#[test]
fn a_tie_in_the_draw_for_the_dealer_is_drawn_again_among_the_tied() {
    let (game, events) = start(&four(1)).expect("starts");
    let draws: Vec<Vec<(usize, String)>> = events
        .iter()
        .filter_map(|e| match e {
            Event::DealerDraw { cards } => {
                Some(cards.iter().map(|(p, c)| (*p, c.to_string())).collect())
            }
            _ => None,
        })
        .collect();
    // b+2 and bskip tie at 20: B and C draw again; B's yreverse (20) beats C's g5.
    assert_eq!(
        draws,
        [
            vec![
                (0, "r3".to_string()),
                (1, "b+2".to_string()),
                (2, "bskip".to_string()),
                (3, "g1".to_string())
            ],
            vec![(1, "yreverse".to_string()), (2, "g5".to_string())],
        ]
    );
    assert_eq!(game.dealer, 1);
}

#[test]
fn a_reshuffle_of_seed_42_never_changes() {
    let discard = &canonical()[..10];
    assert_eq!(
        names(&deck::shuffled(&Seed::U64(42), 5, discard)),
        ["r4", "r0", "r3", "r2", "r4", "r1", "r2", "r5", "r3", "r1"]
    );
}
