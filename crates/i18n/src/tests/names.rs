//! Names: players as mentions, headings, roles and phases.

use engine::{CharId, Event, EventKind, Phase, Role};

use std::collections::BTreeMap;

use engine::ruleset::Ruleset;

use super::{at, dealt, ok};
use crate::*;

/// Discord accounts in the reveal and substitution lines are mentions; names stay.
#[test]
fn account_players_are_shown_as_mentions() {
    let accounts: Vec<String> = (0..12).map(|i| format!("10000{i}")).collect();
    let setup_game = dealt(
        Ruleset::builtin("m32", &BTreeMap::new()).expect("ruleset"),
        Some(accounts.clone()),
    );
    let reveal = Event {
        at: at(),
        kind: EventKind::Revealed {
            seed: engine::rng::Seed::U64(7),
            commitment: "ab".into(),
            roles: setup_game.chars().iter().map(|c| c.role).collect(),
            players: accounts.clone(),
            deeds: Vec::new(),
            tree_holes: Vec::new(),
        },
    };
    let text = render(&reveal, &setup_game, Lang::Zh);
    assert!(text.contains("Ann（玩家 <@100000>）"), "{text}");
    let sub = Event {
        at: at(),
        kind: EventKind::Substituted {
            character: CharId(1),
            player: "4242".into(),
        },
    };
    assert!(render(&sub, &setup_game, Lang::En).contains("<@4242> now plays Bob"));
    assert_eq!(player_label("Ann"), "Ann");
    assert_eq!(player_label(""), "");
}

#[test]
fn simulator_texts_exist() {
    for lang in Lang::ALL {
        let n = |k: &'static str, v: &str| (k, v.to_string());
        let cases: Vec<(&str, Vec<(&str, String)>)> = vec![
            ("heading-day", vec![n("day", "2")]),
            ("heading-day-round", vec![n("day", "2"), n("round", "1")]),
            ("heading-night", vec![n("night", "1")]),
            ("heading-dm", vec![n("name", "Ann")]),
            ("heading-wolves", vec![]),
            ("heading-killers", vec![]),
            ("heading-police", vec![]),
            ("heading-judge", vec![]),
            ("heading-reveal", vec![]),
            ("heading-public", vec![]),
            ("refused", vec![n("name", "Ann"), n("message", "x")]),
        ];
        for (id, a) in cases {
            let s = try_text(lang, id, &a).unwrap_or_else(|e| panic!("{e}"));
            ok(&s);
        }
        for i in 1..=10 {
            ok(&try_text(lang, &format!("chat-{i}"), &[]).unwrap());
        }
        for r in Role::ALL {
            ok(&role_name(r, lang));
        }
        for p in [
            Phase::Setup,
            Phase::Day { day: 2, round: 0 },
            Phase::Day { day: 2, round: 1 },
            Phase::Night { night: 1 },
            Phase::Ended,
        ] {
            ok(&phase_name(p, lang));
        }
    }
    assert_eq!(
        text(Lang::En, "heading-day", &[("day", "2".into())]),
        "Day 2 thread"
    );
    assert_eq!(
        text(Lang::Zh, "heading-day", &[("day", "2".into())]),
        "第 2 天讨论帖"
    );
    assert_eq!(phase_name(Phase::Night { night: 3 }, Lang::En), "night 3");
}
