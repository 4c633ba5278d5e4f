//! The night's wording.

use engine::event::Deed;
use engine::{CharId, EventKind, Phase, Role};

use crate::tests::{ev, game};
use crate::*;

/// Mafia's kill texts never use werewolf slang (刀).
#[test]
fn mafia_kills_are_not_werewolf_slang() {
    let m = game("mafia");
    let kinds = vec![
        EventKind::KillSubmitted {
            by: CharId(0),
            target: CharId(5),
            reason: "碍事".into(),
        },
        EventKind::KillFixed {
            target: Some(CharId(5)),
            picked_by: None,
        },
        EventKind::KillFixed {
            target: None,
            picked_by: None,
        },
        EventKind::Revealed {
            seed: engine::rng::Seed::U64(7),
            commitment: "cafe".into(),
            roles: m.chars().iter().map(|ch| ch.role).collect(),
            players: m.chars().iter().map(|ch| ch.player.clone()).collect(),
            deeds: vec![
                Deed::new(
                    Phase::Night { night: 1 },
                    Some(CharId(0)),
                    "kill",
                    Some(CharId(5)),
                ),
                Deed::new(
                    Phase::Night { night: 1 },
                    None,
                    "kill_fixed",
                    Some(CharId(5)),
                ),
            ],
            tree_holes: vec![],
        },
    ];
    for kind in kinds {
        let e = ev(kind);
        for lang in [Lang::Zh, Lang::ZhTw] {
            for s in [render(&e, &m, lang), render_judge(&e, &m, lang)] {
                assert!(!s.contains('刀'), "{s}");
            }
        }
    }
    for r in [Role::Killer, Role::Police] {
        let e = ev(EventKind::RoleTold {
            character: CharId(0),
            role: r,
            team: vec![],
        });
        for lang in [Lang::Zh, Lang::ZhTw] {
            assert!(!render(&e, &m, lang).contains('刀'));
        }
    }
}
