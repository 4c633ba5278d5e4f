//! What each player of a UNO game is told of an event (rules §5 *On Discord*): the table's
//! log, which everyone reads, and the private lines only a hand's holder sees. A hand never
//! reaches the table: the log says how many cards a player drew, never which.

use uno::card::{Card, Color};
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

/// The messages a change of a UNO game writes to its table (the outbox rows, in order):
/// the log of what happened, as one message naming (and telling) the player whose turn it
/// now is, then the table message redrawn in place. A hand never goes to the table: the
/// lines only its holder may read are left out (they see their hand with "My hand").
pub fn outgoing(events: &[Event], after: &Game, lang: Lang) -> Vec<crate::Outgoing> {
    let mut lines: Vec<String> = Vec::new();
    let mut turn = None;
    for e in events {
        if let Event::Turn { player, .. } = e {
            turn = Some(*player);
        }
        lines.extend(
            told(e, after, lang)
                .into_iter()
                .filter(|(seen, _)| *seen == Seen::Table)
                .map(|(_, line)| line),
        );
    }
    if events
        .iter()
        .any(|e| matches!(e, Event::GameWon { .. } | Event::Ended { .. }))
    {
        lines.extend(end_lines(after, lang));
    }
    let mut out = Vec::new();
    if !lines.is_empty() {
        let ping = turn
            .filter(|_| !after.ended())
            .and_then(|t| u16::try_from(t).ok());
        out.push(crate::Outgoing {
            channel: crate::Recipient::Public,
            body: lines.join("\n"),
            meta: ping.map(|seat| crate::Delivery {
                ping: Some(seat),
                ..crate::Delivery::default()
            }),
        });
    }
    if after.round > 0 {
        out.push(crate::Outgoing {
            channel: crate::Recipient::Public,
            body: table(after, lang),
            meta: Some(crate::Delivery {
                tally: Some(crate::prompt::TallyRef {
                    day: 0,
                    round: after.round,
                    opens: false,
                }),
                due: after.deadline,
                uno_hand: !after.ended(),
                ..crate::Delivery::default()
            }),
        });
    }
    out
}

/// The end of a game: every player's score, and the seed with its commitment (so anyone
/// can check every shuffle and deal: `wolfjudge verify`).
pub fn end_lines(g: &Game, lang: Lang) -> Vec<String> {
    let sep = if lang.is_chinese() { "，" } else { ", " };
    let scores: Vec<String> = g
        .players
        .iter()
        .zip(&g.totals)
        .map(|(p, t)| format!("{p} {t}"))
        .collect();
    vec![
        text(lang, "uno-end-scores", &[("scores", scores.join(sep))]),
        text(lang, "ev-reveal-seed", &[("seed", g.seed.to_string())]),
        text(
            lang,
            "ev-reveal-commitment",
            &[("commitment", g.seed.commitment())],
        ),
    ]
}

/// The table message: the round, the top card, the colour in force, the direction, whose
/// turn it is (the deadline is shown beside it by the platform) and every player's card
/// count. Names no card of any hand.
pub fn table(g: &Game, lang: Lang) -> String {
    let mut lines = vec![text(
        lang,
        "uno-table-title",
        &[("round", g.round.to_string())],
    )];
    if let (Some(top), Some(color)) = (g.top(), g.color) {
        let direction = match g.direction {
            Direction::Clockwise => "uno-table-clockwise",
            Direction::Counterclockwise => "uno-table-counterclockwise",
        };
        lines.push(text(
            lang,
            "uno-table-top",
            &[
                ("card", card_name(top, lang)),
                ("color", color_name(color, lang)),
                ("direction", text(lang, direction, &[])),
            ],
        ));
    }
    let sep = if lang.is_chinese() { "　" } else { " · " };
    let counts: Vec<String> = g
        .players
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let n = g.hands.get(seat).map_or(0, Vec::len);
            let mark = if seat == g.turn && !g.ended() {
                "▶ "
            } else {
                ""
            };
            format!(
                "{mark}{}",
                text(
                    lang,
                    "uno-table-count",
                    &[("player", name.clone()), ("count", n.to_string())]
                )
            )
        })
        .collect();
    lines.push(counts.join(sep));
    if g.ended() {
        lines.push(text(lang, "uno-table-over", &[]));
    } else if g.paused.is_some() {
        lines.push(text(lang, "uno-log-paused", &[]));
    } else {
        lines.push(text(
            lang,
            "uno-table-turn",
            &[("player", g.name(g.turn).to_string())],
        ));
    }
    lines.join("\n")
}

/// A move a player may make now, as "My hand" offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Play `card` (naming `color` for a wild or +4), calling UNO with it when `uno`.
    Play {
        card: Card,
        color: Option<Color>,
        uno: bool,
    },
    /// Draw, having nothing to play.
    Draw,
    /// Catch `target`, who did not call UNO.
    Catch { target: usize },
}

impl Move {
    /// The move as a short code (a component's value): `p:r5:-:0`, `p:wild:red:1`, `d`,
    /// `c:2`.
    pub fn code(&self) -> String {
        match self {
            Move::Play { card, color, uno } => format!(
                "p:{card}:{}:{}",
                color.map_or("-", Color::name),
                u8::from(*uno)
            ),
            Move::Draw => "d".into(),
            Move::Catch { target } => format!("c:{target}"),
        }
    }

    /// Reads [`Move::code`]; `None` for anything else.
    pub fn parse(code: &str) -> Option<Move> {
        let parts: Vec<&str> = code.split(':').collect();
        match parts.as_slice() {
            ["p", card, color, uno] => Some(Move::Play {
                card: card.parse().ok()?,
                color: match *color {
                    "-" => None,
                    c => Some(Color::from_name(c)?),
                },
                uno: match *uno {
                    "0" => false,
                    "1" => true,
                    _ => return None,
                },
            }),
            ["d"] => Some(Move::Draw),
            ["c", target] => Some(Move::Catch {
                target: target.parse().ok()?,
            }),
            _ => None,
        }
    }

    /// The command `seat` gives with this move.
    pub fn command(&self, seat: usize) -> uno::Command {
        match *self {
            Move::Play { card, color, uno } => uno::Command::Play {
                player: seat,
                card,
                color,
                uno,
            },
            Move::Draw => uno::Command::Draw { player: seat },
            Move::Catch { target } => uno::Command::Catch {
                player: seat,
                target,
            },
        }
    }

    /// The move in words: 打出红5；打出变色，指定红色，并喊 UNO.
    pub fn label(&self, g: &Game, lang: Lang) -> String {
        match *self {
            Move::Play { card, color, uno } => {
                let play = match color {
                    Some(c) => text(
                        lang,
                        "uno-move-play-color",
                        &[
                            ("card", card_name(card, lang)),
                            ("color", color_name(c, lang)),
                        ],
                    ),
                    None => text(lang, "uno-move-play", &[("card", card_name(card, lang))]),
                };
                if uno {
                    text(lang, "uno-move-with-uno", &[("move", play)])
                } else {
                    play
                }
            }
            Move::Draw => text(lang, "uno-move-draw", &[]),
            Move::Catch { target } => text(
                lang,
                "uno-move-catch",
                &[("player", g.name(target).to_string())],
            ),
        }
    }
}

/// Every move `seat` may make now, in hand order: each card they may play (a wild or +4
/// once per colour it may name; with the second-to-last card, also with the UNO call),
/// Draw when they have nothing to play, and a catch of a player who forgot UNO. None out of
/// turn (but a catch), while paused, or once the game is over.
pub fn moves(g: &Game, seat: usize) -> Vec<Move> {
    let mut out = Vec::new();
    if g.ended() || g.paused.is_some() || seat >= g.players.len() {
        return out;
    }
    if g.turn == seat {
        let calls: &[bool] = if g.hands.get(seat).is_some_and(|h| h.len() == 2) {
            &[true, false]
        } else {
            &[false]
        };
        let playable = g.playable_cards(seat);
        for card in &playable {
            let colors: Vec<Option<Color>> = if card.is_wild() {
                Color::ALL.into_iter().map(Some).collect()
            } else {
                vec![None]
            };
            for color in colors {
                for uno in calls {
                    out.push(Move::Play {
                        card: *card,
                        color,
                        uno: *uno,
                    });
                }
            }
        }
        if playable.is_empty() {
            out.push(Move::Draw);
        }
    }
    if let Some(target) = g.catchable.filter(|t| *t != seat) {
        out.push(Move::Catch { target });
    }
    out
}

/// What "My hand" tells `seat`: their hand, and whether it is their turn.
pub fn hand_text(g: &Game, seat: usize, lang: Lang) -> String {
    let hand = g.hands.get(seat).map(Vec::as_slice).unwrap_or_default();
    let mut lines = vec![text(
        lang,
        "uno-hand-title",
        &[
            ("count", hand.len().to_string()),
            ("cards", cards_text(hand, lang)),
        ],
    )];
    if g.ended() {
        lines.push(text(lang, "uno-err-game-over", &[]));
    } else if g.turn == seat {
        lines.push(text(lang, "uno-hand-your-turn", &[]));
    } else {
        lines.push(text(
            lang,
            "uno-hand-not-your-turn",
            &[("turn", g.name(g.turn).to_string())],
        ));
    }
    lines.join("\n")
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
