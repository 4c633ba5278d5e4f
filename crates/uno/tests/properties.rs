//! Properties over simulated games: the 108 cards are conserved at every event, a refused
//! move changes nothing but a strict penalty, an accepted one is the fold of its events,
//! and a simulated game always ends.

use chrono::Duration;
use proptest::prelude::*;
use uno::sim::{simulate, SimStep, MAX_SIM_STEPS};
use uno::{
    apply, canonical, handle, step, Card, Color, Command, Event, FirstPlayer, Game, Options,
    UnoPenalty,
};

fn options() -> impl Strategy<Value = Options> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(None), (1u32..3).prop_map(Some)],
        prop_oneof![Just(60u32), Just(200u32), Just(500u32)],
    )
        .prop_map(|(caught, strict, last, dealer, rounds, target)| Options {
            uno_penalty: if caught {
                UnoPenalty::Caught
            } else {
                UnoPenalty::Automatic
            },
            strict_penalties: strict,
            last_card_rule: last,
            first_player: if dealer {
                FirstPlayer::Dealer
            } else {
                FirstPlayer::LeftOfDealer
            },
            rounds,
            target_score: target,
            ..Options::default()
        })
}

fn players(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("P{i}")).collect()
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort_unstable();
    cards
}

/// A move anyone might try: any player, any card, any colour.
fn attempt(n: usize, pick: &[u8]) -> Command {
    let deck = canonical();
    let player = usize::from(pick[0]) % n;
    match pick[1] % 6 {
        0..=2 => Command::Play {
            player,
            card: deck[usize::from(pick[2]) % deck.len()],
            color: [None, Some(Color::Red), Some(Color::Blue)][usize::from(pick[3]) % 3],
            uno: pick[3].is_multiple_of(2),
        },
        3 => Command::Draw { player },
        4 => Command::Catch {
            player,
            target: usize::from(pick[2]) % n,
        },
        _ => Command::Resume,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn cards_are_conserved_refusals_change_nothing_and_games_end(
        seed in any::<u64>(),
        n in 2usize..=10,
        options in options(),
        picks in proptest::collection::vec(any::<[u8; 4]>(), 64),
    ) {
        let (end, steps) = simulate(&options, &players(n), seed).expect("starts");
        prop_assert!(end.ended(), "a simulated game ends");
        prop_assert!(steps.len() <= MAX_SIM_STEPS + 2);
        let whole = sorted(canonical());
        let mut game = Game::default();
        let mut dealt = false;
        for (i, (s, events)) in steps.iter().enumerate() {
            if let SimStep::Do { at, .. } = s {
                // Try a random move just before this step's time (no deadline falls due).
                let cmd = attempt(n, &picks[i % picks.len()]);
                let now = *at - Duration::seconds(1);
                match step(&game, &cmd, now) {
                    Err(refused) => {
                        let code = refused.refusal.code();
                        if !game.options.strict_penalties || refused.events.is_empty() {
                            prop_assert!(refused.events.is_empty(), "{code}: {:?}", refused.events);
                        } else {
                            prop_assert!(
                                matches!(code, "card_not_playable" | "last_card_not_allowed" | "nothing_to_catch"),
                                "{code} costs nothing"
                            );
                            let first_is_penalty = matches!(refused.events.first(), Some(Event::Penalized { .. }));
                            prop_assert!(first_is_penalty, "{code}: the penalty comes first");
                            let only_penalty = refused.events.iter().all(|e| matches!(
                                e,
                                Event::Penalized { .. } | Event::Drew { .. } | Event::Reshuffled { .. }
                            ));
                            prop_assert!(only_penalty, "{code}: {:?}", refused.events);
                            let mut after = game.clone();
                            for e in &refused.events {
                                apply(&mut after, e);
                            }
                            prop_assert_eq!(after.turn, game.turn);
                            prop_assert_eq!(after.top(), game.top());
                        }
                    }
                    Ok((events, next)) => {
                        prop_assert_eq!(handle(&game, &cmd, now).ok(), Some(events.clone()));
                        let mut folded = game.clone();
                        for e in &events {
                            apply(&mut folded, e);
                        }
                        prop_assert_eq!(folded, next);
                    }
                }
            }
            for e in events {
                apply(&mut game, e);
                dealt |= matches!(e, Event::Shuffled { .. } | Event::DeckStacked { .. });
                if dealt {
                    prop_assert_eq!(sorted(game.all_cards()), whole.clone(), "after {:?}", e);
                }
            }
        }
        prop_assert_eq!(game, end);
    }
}

#[test]
fn a_simulated_game_is_reproducible() {
    let o = Options::default();
    let a = simulate(&o, &players(4), 9).expect("starts");
    let b = simulate(&o, &players(4), 9).expect("starts");
    assert_eq!(a, b);
    assert!(a.0.ended());
    assert!(a.0.outcome.as_ref().is_some_and(|o| !o.by_judge));
}

#[test]
fn a_game_that_cannot_end_by_its_score_is_ended_by_the_cap() {
    let o = Options {
        target_score: u32::MAX,
        ..Options::default()
    };
    let (game, steps) = simulate(&o, &players(3), 5).expect("starts");
    assert!(game.ended());
    assert!(game
        .outcome
        .as_ref()
        .is_some_and(|o| o.by_judge && o.winners.is_empty()));
    assert_eq!(steps.len(), MAX_SIM_STEPS + 2);
}

#[test]
fn a_table_outside_two_to_ten_does_not_start() {
    assert!(simulate(&Options::default(), &players(1), 1).is_err());
    assert!(simulate(&Options::default(), &players(11), 1).is_err());
}
