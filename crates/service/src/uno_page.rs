//! The read model of a UNO game's web page: the table as the bot draws it (the top card,
//! the colour in force, the direction, whose turn and until when, every player's card
//! count), the log of plays as the table was told it, and after the end the scores, the
//! seed and every hand as dealt. Before the end no card of any hand is on the page: the
//! log takes only the lines the table sees (`notify::uno::told`'s [`Seen::Table`]), and
//! the deals are read only once the game is over.

use serde::Serialize;

use i18n::Lang;
use notify::uno::{cards_text, end_lines, table, told, Seen};
use uno::{apply, Event, Game};

/// One player at the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnoPlayer {
    pub name: String,
    /// Cards in hand now.
    pub cards: usize,
    /// Points scored so far.
    pub points: u32,
    /// Their turn now.
    pub turn: bool,
}

/// A round's deal, after the end: each player's seven cards as dealt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnoDeal {
    pub round: u32,
    /// (player, their hand as dealt).
    pub hands: Vec<(String, String)>,
}

/// A UNO game's page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnoView {
    pub lang: Lang,
    /// The game's own language (the page may be shown in another).
    pub game_lang: Lang,
    /// The table message's lines as the bot draws it.
    pub table: Vec<String>,
    /// When the turn runs out, while one runs.
    pub until: Option<String>,
    pub players: Vec<UnoPlayer>,
    /// What the table was told, in order (its lines).
    pub log: Vec<String>,
    pub ended: bool,
    /// After the end: the scores, the seed and its commitment.
    pub end: Vec<String>,
    /// After the end: every round's deal. Empty before it.
    pub deals: Vec<UnoDeal>,
    /// How many events the game has: a live page reloads when it changes.
    pub version: u64,
}

/// What a live page of a UNO game polls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnoLive {
    pub version: u64,
}

/// The page of the UNO game `events` in `lang`.
pub fn uno_view(events: &[Event], game_lang: Lang, lang: Lang) -> UnoView {
    let mut g = Game::default();
    let mut log = Vec::new();
    // (round, the hands dealt), read from the events only once the game is over.
    let mut dealt: Vec<(u32, Vec<Vec<uno::Card>>)> = Vec::new();
    for e in events {
        apply(&mut g, e);
        // The players' names, which a start sets and nothing changes (as the table's
        // messages are worded: `notify::uno::outgoing`).
        log.extend(
            told(e, &g, lang)
                .into_iter()
                .filter(|(seen, _)| *seen == Seen::Table)
                .flat_map(|(_, line)| line.lines().map(str::to_string).collect::<Vec<_>>()),
        );
        if let Event::Dealt { hands } = e {
            dealt.push((g.round, hands.clone()));
        }
    }
    let ended = g.ended();
    let zone = i18n::default_zone(game_lang);
    let deals = if ended {
        dealt
            .into_iter()
            .map(|(round, hands)| UnoDeal {
                round,
                hands: hands
                    .iter()
                    .enumerate()
                    .map(|(seat, h)| (g.name(seat).to_string(), cards_text(h, lang)))
                    .collect(),
            })
            .collect()
    } else {
        Vec::new()
    };
    UnoView {
        lang,
        game_lang,
        table: if g.round > 0 {
            table(&g, lang).lines().map(str::to_string).collect()
        } else {
            Vec::new()
        },
        until: g
            .deadline
            .filter(|_| !ended && g.paused.is_none())
            .map(|d| i18n::time(d, zone)),
        players: g
            .players
            .iter()
            .enumerate()
            .map(|(seat, name)| UnoPlayer {
                name: name.clone(),
                cards: g.hands.get(seat).map_or(0, Vec::len),
                points: g.totals.get(seat).copied().unwrap_or(0),
                turn: !ended && seat == g.turn,
            })
            .collect(),
        log,
        ended,
        end: if ended {
            end_lines(&g, lang)
        } else {
            Vec::new()
        },
        deals,
        version: events.len() as u64,
    }
}
