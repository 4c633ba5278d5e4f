//! What each player of a UNO game is told of an event (rules §5 *On Discord*): the table's
//! log, which everyone reads, and the private lines only a hand's holder sees. A hand never
//! reaches the table: the log says how many cards a player drew, never which.

use uno::card::Card;
use uno::event::{Direction, DrawCause, Event, PenaltyCause};
use uno::game::Game;

use i18n::uno::{card_name, color_name};
use i18n::{text, Lang};

/// Who a line of a UNO game is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// The table: every player and spectator.
    Table,
    /// One player alone (their hand, the cards they drew), by seat.
    Player(usize),
}

/// The cards of a hand as a list players read: 红5、蓝+2; red 5, blue +2.
pub fn cards_text(cards: &[Card], lang: Lang) -> String {
    let sep = if lang.is_chinese() { "、" } else { ", " };
    cards
        .iter()
        .map(|c| card_name(*c, lang))
        .collect::<Vec<_>>()
        .join(sep)
}

/// The lines `event` gives, each with who sees it; `game` is the game before the event
/// (for the players' names).
pub fn told(event: &Event, game: &Game, lang: Lang) -> Vec<(Seen, String)> {
    let name = |seat: usize| game.name(seat).to_string();
    let table = |id: &str, args: &[(&str, String)]| (Seen::Table, text(lang, id, args));
    let zone = i18n::default_zone(lang);
    match event {
        Event::Started { players, seed, .. } => vec![table(
            "uno-log-started",
            &[
                (
                    "players",
                    players.join(if lang.is_chinese() { "、" } else { ", " }),
                ),
                ("commitment", seed.commitment()),
            ],
        )],
        // The order of the deck is the game's secret until the end: a shuffle says nothing.
        Event::Shuffled { .. } | Event::DeckStacked { .. } => Vec::new(),
        Event::DealerDraw { cards } => {
            let draws: Vec<String> = cards
                .iter()
                .map(|(seat, card)| format!("{} {}", name(*seat), card_name(*card, lang)))
                .collect();
            vec![table(
                "uno-log-dealer-draw",
                &[(
                    "draws",
                    draws.join(if lang.is_chinese() { "，" } else { "; " }),
                )],
            )]
        }
        Event::RoundStarted { round, dealer } => vec![table(
            "uno-log-round-started",
            &[("round", round.to_string()), ("dealer", name(*dealer))],
        )],
        Event::Dealt { hands } => hands
            .iter()
            .enumerate()
            .map(|(seat, hand)| {
                (
                    Seen::Player(seat),
                    text(
                        lang,
                        "uno-private-hand",
                        &[("cards", cards_text(hand, lang))],
                    ),
                )
            })
            .collect(),
        Event::FirstCard { card, .. } => vec![table(
            "uno-log-first-card",
            &[("card", card_name(*card, lang))],
        )],
        Event::Turn { player, deadline } => vec![table(
            "uno-log-turn",
            &[
                ("player", name(*player)),
                ("deadline", i18n::time(*deadline, zone)),
            ],
        )],
        Event::Played {
            player,
            card,
            color,
        } => match color {
            Some(c) => vec![table(
                "uno-log-played-color",
                &[
                    ("player", name(*player)),
                    ("card", card_name(*card, lang)),
                    ("color", color_name(*c, lang)),
                ],
            )],
            None => vec![table(
                "uno-log-played",
                &[("player", name(*player)), ("card", card_name(*card, lang))],
            )],
        },
        Event::UnoCalled { player } => {
            vec![table("uno-log-uno-called", &[("player", name(*player))])]
        }
        Event::Penalized { player, cause } => {
            let id = match cause {
                PenaltyCause::ForgotUno => "uno-log-penalty-forgot",
                PenaltyCause::Caught => "uno-log-penalty-caught",
                PenaltyCause::WrongCard => "uno-log-penalty-wrong-card",
                PenaltyCause::WrongUno => "uno-log-penalty-wrong-uno",
                PenaltyCause::WrongCatch => "uno-log-penalty-wrong-catch",
                PenaltyCause::Timeout => "uno-log-penalty-timeout",
            };
            vec![table(id, &[("player", name(*player))])]
        }
        Event::Drew {
            player,
            cards,
            cause: _,
        } if cards.is_empty() => vec![table("uno-log-drew-none", &[("player", name(*player))])],
        Event::Drew {
            player,
            cards,
            cause:
                DrawCause::NoPlayableCard
                | DrawCause::Timeout
                | DrawCause::DrawTwo
                | DrawCause::DrawFour
                | DrawCause::Penalty,
        } => vec![
            table(
                "uno-log-drew",
                &[
                    ("player", name(*player)),
                    ("count", cards.len().to_string()),
                ],
            ),
            (
                Seen::Player(*player),
                text(
                    lang,
                    "uno-private-drew",
                    &[("cards", cards_text(cards, lang))],
                ),
            ),
        ],
        Event::Skipped { player } => vec![table("uno-log-skipped", &[("player", name(*player))])],
        Event::DirectionChanged { direction } => vec![table(
            match direction {
                Direction::Clockwise => "uno-log-direction-clockwise",
                Direction::Counterclockwise => "uno-log-direction-counterclockwise",
            },
            &[],
        )],
        Event::Reshuffled { .. } => vec![table("uno-log-reshuffled", &[])],
        Event::TimedOut { player } => {
            vec![table("uno-log-timed-out", &[("player", name(*player))])]
        }
        Event::RoundWon {
            player,
            hand_points,
            points,
        } => {
            let hands: Vec<String> = hand_points
                .iter()
                .enumerate()
                .map(|(seat, p)| format!("{} {p}", name(seat)))
                .collect();
            vec![table(
                "uno-log-round-won",
                &[
                    ("player", name(*player)),
                    ("points", points.to_string()),
                    (
                        "hands",
                        hands.join(if lang.is_chinese() { "，" } else { ", " }),
                    ),
                ],
            )]
        }
        Event::GameWon { winners } => {
            let names: Vec<String> = winners.iter().map(|s| name(*s)).collect();
            vec![table(
                "uno-log-game-won",
                &[(
                    "winners",
                    names.join(if lang.is_chinese() { "、" } else { ", " }),
                )],
            )]
        }
        Event::Ended { winner: Some(w) } => {
            vec![table("uno-log-ended", &[("winner", name(*w))])]
        }
        Event::Ended { winner: None } => vec![table("uno-log-ended-none", &[])],
        Event::Paused { .. } => vec![table("uno-log-paused", &[])],
        Event::Resumed { deadline } => vec![table(
            "uno-log-resumed",
            &[("deadline", i18n::time(*deadline, zone))],
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno::game::apply;

    /// Every line of every event of simulated games: no catalog id left unworded, and no
    /// line the table sees names a card of anyone's hand as it stood (the dealt hands, the
    /// cards drawn) unless that card was played or turned up in the open.
    #[test]
    fn the_table_never_sees_a_hand() {
        let players: Vec<String> = ["甲", "乙", "丙", "丁"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for seed in 0..12 {
            for lang in Lang::ALL {
                let options = uno::options::Options::default();
                let (_, steps) =
                    uno::sim::simulate(&options, &players, seed).expect("a game is set up");
                let mut game = Game::default();
                for (_, events) in &steps {
                    for e in events {
                        for (seen, line) in told(e, &game, lang) {
                            assert!(!line.contains("uno-"), "unworded: {line}");
                            if seen == Seen::Table {
                                if let Event::Dealt { hands } = e {
                                    let any = cards_text(&hands[0], lang);
                                    assert!(!line.contains(&any), "{line}");
                                }
                                if let Event::Drew { cards, .. } = e {
                                    if !cards.is_empty() {
                                        let drawn = cards_text(cards, lang);
                                        assert!(!line.contains(&drawn), "{line}");
                                    }
                                }
                            }
                        }
                        apply(&mut game, e);
                    }
                }
            }
        }
    }

    #[test]
    fn a_deal_tells_each_player_their_own_hand_only() {
        let players: Vec<String> = ["A", "B"].iter().map(|s| s.to_string()).collect();
        let (_, steps) = uno::sim::simulate(&uno::options::Options::default(), &players, 3)
            .expect("a game is set up");
        let mut game = Game::default();
        let mut dealt = None;
        for (_, events) in &steps {
            for e in events {
                if let Event::Dealt { hands } = e {
                    dealt = Some((told(e, &game, Lang::En), hands.clone()));
                }
                apply(&mut game, e);
            }
        }
        let (lines, hands) = dealt.expect("a deal");
        assert_eq!(lines.len(), 2);
        for (seat, (seen, line)) in lines.iter().enumerate() {
            assert_eq!(*seen, Seen::Player(seat));
            assert_eq!(
                line,
                &format!("Your hand: {}", cards_text(&hands[seat], Lang::En))
            );
        }
    }
}
