//! What the tests share: a game as its events fold it, created, dealt and perhaps ended.

use std::collections::BTreeMap;

use chrono::DateTime;
use engine::event::EndReason;
use engine::{Event, EventKind, Game, Role, Ruleset, Winner};

/// A game of `ruleset` among `seats` (character, player, role), created and dealt and, with
/// `end`, ended with that winner (`Some(None)`: without one). The seats need not fill the
/// ruleset's board (scoring reads only the seats and the end), so the deal is folded in as
/// an event rather than checked by `engine::create`.
pub(crate) fn game(
    ruleset: &str,
    seats: &[(String, String, Role)],
    end: Option<Option<Winner>>,
) -> Game {
    let at = DateTime::default();
    let mut kinds = vec![
        EventKind::Created {
            ruleset: Box::new(Ruleset::builtin(ruleset, &BTreeMap::new()).expect("ruleset")),
            seed: engine::rng::Seed::U64(0),
            start: at,
            characters: seats.iter().map(|s| s.0.clone()).collect(),
            forbidden_first_kill: None,
            players: Some(seats.iter().map(|s| s.1.clone()).collect()),
        },
        EventKind::RolesDealt {
            roles: seats.iter().map(|s| s.2).collect(),
            by_seed: false,
        },
    ];
    kinds.extend(end.map(|winner| EventKind::GameEnded {
        winner,
        reason: EndReason::Judge,
        condition: None,
    }));
    let events: Vec<Event> = kinds.into_iter().map(|kind| Event { at, kind }).collect();
    Game::replay(&events)
}
