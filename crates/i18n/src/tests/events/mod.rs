//! Events: every one renders in every language and no public one names a role; the
//! wording of each part of the game is tested in the file of that part.

use std::collections::BTreeSet;

use engine::card::{CardReason, MandatoryAction};
use engine::event::{Cause, DecisionKind, Deed, EndReason, NoOut, WinCondition};
use engine::{Audience, CharId, Color, EventKind, Game, Phase, Role, Winner};

use super::{at, ev, game, ok, NAMES};
use crate::*;

mod cards;
mod day;
mod end;
mod night;

fn all_events(g: &Game) -> Vec<EventKind> {
    let t = at();
    let c = CharId;
    let deed = |what: &str, by: Option<CharId>, target: Option<CharId>, text: Option<&str>| Deed {
        text: text.map(str::to_string),
        ..Deed::new(Phase::Night { night: 1 }, by, what, target)
    };
    let v = vec![
        EventKind::Created {
            ruleset: Box::new(g.ruleset().clone()),
            seed: engine::rng::Seed::U64(7),
            start: t,
            characters: NAMES.iter().map(|s| s.to_string()).collect(),
            forbidden_first_kill: None,
            players: None,
        },
        EventKind::SeedCommitted {
            commitment: "ab12".into(),
        },
        EventKind::RolesDealt {
            roles: g.chars().iter().map(|ch| ch.role).collect(),
            by_seed: true,
        },
        EventKind::RolesDealt {
            roles: vec![Role::Wolf],
            by_seed: false,
        },
        EventKind::RoleTold {
            character: c(0),
            role: Role::Wolf,
            team: vec![c(1), c(2)],
        },
        EventKind::RoleTold {
            character: c(0),
            role: Role::Wolf,
            team: vec![],
        },
        EventKind::DayOpened {
            day: 2,
            round: 0,
            closes: t,
            deaths: vec![c(3), c(4)],
            sheriff: Some(c(0)),
            alive: vec![c(0), c(1), c(2)],
            last_words: vec![(c(3), "I was village!".into())],
            candidates: vec![],
            voters: vec![],
        },
        EventKind::DayOpened {
            day: 1,
            round: 0,
            closes: t,
            deaths: vec![],
            sheriff: None,
            alive: vec![c(0), c(1)],
            last_words: vec![],
            candidates: vec![],
            voters: vec![],
        },
        EventKind::DayOpened {
            day: 2,
            round: 1,
            closes: t,
            deaths: vec![],
            sheriff: None,
            alive: vec![c(0), c(1), c(2)],
            last_words: vec![],
            candidates: vec![c(0), c(1)],
            voters: vec![c(2)],
        },
        EventKind::Posted {
            by: c(0),
            day: 1,
            text: "hello".into(),
        },
        EventKind::VoteCast {
            by: c(0),
            target: Some(c(4)),
            reason: "quiet".into(),
            change: false,
            proxy: false,
        },
        EventKind::VoteCast {
            by: c(0),
            target: Some(c(4)),
            reason: String::new(),
            change: true,
            proxy: true,
        },
        EventKind::VoteCast {
            by: c(0),
            target: None,
            reason: String::new(),
            change: false,
            proxy: false,
        },
        EventKind::VoteCast {
            by: c(0),
            target: None,
            reason: String::new(),
            change: true,
            proxy: false,
        },
        EventKind::VoteClosed {
            day: 2,
            round: 0,
            tally: vec![(c(1), 1000), (c(4), 2500)],
        },
        EventKind::VoteClosed {
            day: 2,
            round: 0,
            tally: vec![],
        },
        EventKind::SheriffElected {
            sheriff: Some(c(0)),
        },
        EventKind::SheriffElected { sheriff: None },
        EventKind::NobodyOut {
            reason: NoOut::NoVotes,
        },
        EventKind::NobodyOut { reason: NoOut::Tie },
        EventKind::Eliminated {
            character: c(1),
            cause: Cause::Vote,
            when: Phase::Day { day: 2, round: 0 },
        },
        EventKind::Eliminated {
            character: c(1),
            cause: Cause::NightKill,
            when: Phase::Night { night: 1 },
        },
        EventKind::Eliminated {
            character: c(1),
            cause: Cause::Poison,
            when: Phase::Night { night: 1 },
        },
        EventKind::Eliminated {
            character: c(1),
            cause: Cause::Shot,
            when: Phase::Night { night: 1 },
        },
        EventKind::Eliminated {
            character: c(1),
            cause: Cause::RedCard,
            when: Phase::Night { night: 1 },
        },
        EventKind::Eliminated {
            character: c(1),
            cause: Cause::Judge,
            when: Phase::Night { night: 1 },
        },
        EventKind::LastWordsGranted {
            character: c(1),
            due_day: 3,
        },
        EventKind::LastWordsGiven {
            character: c(1),
            text: "bye".into(),
        },
        EventKind::DecisionOpened {
            kind: DecisionKind::Shoot,
            character: c(1),
            until: t,
        },
        EventKind::DecisionOpened {
            kind: DecisionKind::Badge,
            character: c(1),
            until: t,
        },
        EventKind::DecisionOpened {
            kind: DecisionKind::Leader,
            character: c(1),
            until: t,
        },
        EventKind::Shot {
            hunter: c(1),
            target: c(2),
        },
        EventKind::DecisionLapsed {
            kind: DecisionKind::Shoot,
            character: c(1),
        },
        EventKind::DecisionLapsed {
            kind: DecisionKind::Badge,
            character: c(1),
        },
        EventKind::DecisionLapsed {
            kind: DecisionKind::Leader,
            character: c(1),
        },
        EventKind::ShotDeclined { hunter: c(1) },
        EventKind::BadgePassed {
            from: Some(c(1)),
            to: c(2),
            draw: None,
        },
        EventKind::BadgePassed {
            from: Some(c(1)),
            to: c(2),
            draw: Some(3),
        },
        EventKind::BadgePassed {
            from: None,
            to: c(2),
            draw: None,
        },
        EventKind::LeaderPassed {
            from: Some(c(1)),
            to: c(2),
            draw: None,
        },
        EventKind::LeaderPassed {
            from: Some(c(1)),
            to: c(2),
            draw: Some(2),
        },
        EventKind::NightOpened {
            night: 1,
            wolves_until: t,
            witch_until: t,
        },
        EventKind::LeaderVoted {
            by: c(0),
            target: c(1),
        },
        EventKind::LeaderElected {
            leader: c(1),
            draw: None,
        },
        EventKind::LeaderElected {
            leader: c(1),
            draw: Some(1),
        },
        EventKind::KillSubmitted {
            by: c(0),
            target: c(5),
            reason: "强势".into(),
        },
        EventKind::KillFixed {
            target: Some(c(5)),
            picked_by: Some(c(1)),
        },
        EventKind::KillFixed {
            target: Some(c(5)),
            picked_by: None,
        },
        EventKind::KillFixed {
            target: None,
            picked_by: None,
        },
        EventKind::WitchTold {
            witch: c(6),
            target: Some(c(5)),
        },
        EventKind::WitchTold {
            witch: c(6),
            target: None,
        },
        EventKind::WitchSaved {
            witch: c(6),
            target: c(5),
        },
        EventKind::WitchPoisoned {
            witch: c(6),
            target: c(5),
        },
        EventKind::WitchPassed { witch: c(6) },
        EventKind::SeerChecked {
            seer: c(7),
            target: c(0),
            village: false,
        },
        EventKind::SeerChecked {
            seer: c(7),
            target: c(8),
            village: true,
        },
        EventKind::CheckSubmitted {
            by: c(0),
            target: c(1),
        },
        EventKind::PoliceResult {
            target: c(1),
            role: Role::Killer,
        },
        EventKind::WolvesClosed,
        EventKind::NightEnded { night: 1 },
        EventKind::CardGiven {
            target: c(1),
            color: Color::Blue,
            reason: CardReason::Judge {
                text: "rude".into(),
            },
        },
        EventKind::CardGiven {
            target: c(1),
            color: Color::Yellow,
            reason: CardReason::NoVote { day: 1 },
        },
        EventKind::CardGiven {
            target: c(1),
            color: Color::Yellow,
            reason: CardReason::FewPosts {
                day: 1,
                posts: 1,
                min: 5,
            },
        },
        EventKind::CardGiven {
            target: c(1),
            color: Color::Yellow,
            reason: CardReason::LurkStreak {
                day: 3,
                days: 3,
                min: 10,
            },
        },
        EventKind::CardGiven {
            target: c(1),
            color: Color::Yellow,
            reason: CardReason::LeaderVoteMissing,
        },
        EventKind::CardGiven {
            target: c(1),
            color: Color::Yellow,
            reason: CardReason::MissedAction {
                what: MandatoryAction::PassBadge,
            },
        },
        EventKind::CardGiven {
            target: c(1),
            color: Color::Red,
            reason: CardReason::MissedAction {
                what: MandatoryAction::PassLeader,
            },
        },
        EventKind::CardsConverted {
            target: c(1),
            from: Color::Blue,
            to: Color::Yellow,
            private: false,
        },
        EventKind::CardsConverted {
            target: c(1),
            from: Color::Yellow,
            to: Color::Red,
            private: true,
        },
        EventKind::SpeedupRequested {
            by: c(1),
            count: 3,
            needed: 7,
        },
        EventKind::SpedUp,
        EventKind::Substituted {
            character: c(1),
            player: "newbie".into(),
        },
        EventKind::Extended { seconds: 5400 },
        EventKind::Extended { seconds: -60 },
        EventKind::Paused,
        EventKind::Resumed { seconds: 3600 },
        EventKind::TreeHole {
            by: c(1),
            text: "Bob is a wolf".into(),
        },
        EventKind::Appealed {
            by: c(1),
            player: "42".into(),
            text: "the card was unfair".into(),
        },
        EventKind::AppealsListed {
            appeals: vec![engine::event::Appeal {
                by: c(1),
                player: "42".into(),
                text: "the card was unfair".into(),
                at: at(),
            }],
        },
        EventKind::Conceded { by: c(1) },
        EventKind::GameEnded {
            winner: Some(Winner::Village),
            reason: EndReason::Condition,
            condition: None,
        },
        EventKind::GameEnded {
            winner: Some(Winner::Village),
            reason: EndReason::Condition,
            condition: Some(WinCondition::WolvesOut),
        },
        EventKind::GameEnded {
            winner: Some(Winner::Draw),
            reason: EndReason::TieRounds,
            condition: None,
        },
        EventKind::GameEnded {
            winner: None,
            reason: EndReason::Judge,
            condition: None,
        },
        EventKind::GameEnded {
            winner: Some(Winner::Wolves),
            reason: EndReason::RedCard,
            condition: None,
        },
        EventKind::GameEnded {
            winner: Some(Winner::Killers),
            reason: EndReason::Concede,
            condition: None,
        },
        EventKind::Revealed {
            seed: engine::rng::Seed::U64(u64::MAX - 1),
            commitment: "cafe".into(),
            roles: g.chars().iter().map(|ch| ch.role).collect(),
            players: g.chars().iter().map(|ch| ch.player.clone()).collect(),
            deeds: vec![
                deed("vote", Some(c(0)), Some(c(1)), Some("quiet")),
                deed("abstain", Some(c(0)), None, Some("")),
                deed("leader_vote", Some(c(0)), Some(c(1)), None),
                deed("kill", Some(c(0)), Some(c(1)), Some("强势")),
                deed("pick", Some(c(0)), Some(c(1)), None),
                deed("kill_fixed", None, Some(c(1)), None),
                deed("kill_fixed", None, None, None),
                deed("save", Some(c(0)), Some(c(1)), None),
                deed("poison", Some(c(0)), Some(c(1)), None),
                deed("pass", Some(c(0)), None, None),
                deed("check", Some(c(0)), Some(c(1)), None),
                deed("shoot", Some(c(0)), Some(c(1)), None),
                deed("pass_badge", Some(c(0)), Some(c(1)), None),
                deed("pass_leader", Some(c(0)), Some(c(1)), None),
                deed("something_new", None, None, None),
                Deed {
                    at: Some(t),
                    changed_from: Some(engine::event::Earlier { target: None }),
                    proxy: true,
                    ..deed("vote", Some(c(0)), Some(c(1)), None)
                },
                deed("hold_fire", Some(c(0)), None, None),
                deed("lapsed_shoot", Some(c(0)), None, None),
                deed("lapsed_badge", Some(c(0)), None, None),
                deed("lapsed_leader", Some(c(0)), None, None),
                deed("badge_drawn", Some(c(0)), Some(c(1)), None),
                deed("leader_drawn", None, Some(c(1)), None),
                deed("leader_elected", None, Some(c(1)), None),
                Deed {
                    card: Some(engine::event::CardNote {
                        color: Color::Yellow,
                        reason: Some(CardReason::LeaderVoteMissing),
                        from: None,
                        public: false,
                    }),
                    ..deed("card", None, Some(c(1)), None)
                },
                Deed {
                    card: Some(engine::event::CardNote {
                        color: Color::Yellow,
                        reason: None,
                        from: Some(Color::Blue),
                        public: true,
                    }),
                    ..deed("cards_converted", None, Some(c(1)), None)
                },
            ],
            tree_holes: vec![(c(1), "note".into())],
        },
        EventKind::GuardProtected {
            guard: c(2),
            target: Some(c(3)),
        },
        EventKind::IdiotRevealed { idiot: c(3) },
        EventKind::SelfDestructed {
            wolf: c(0),
            target: Some(c(4)),
        },
        EventKind::Dueled {
            knight: c(5),
            target: c(0),
            wolf: true,
        },
        EventKind::DayCut { day: 2 },
    ];
    let covered: BTreeSet<usize> = v
        .iter()
        .map(|k| match k {
            EventKind::Created { .. } => 0,
            EventKind::SeedCommitted { .. } => 1,
            EventKind::RolesDealt { .. } => 2,
            EventKind::RoleTold { .. } => 3,
            EventKind::DayOpened { .. } => 4,
            EventKind::Posted { .. } => 5,
            EventKind::VoteCast { .. } => 6,
            EventKind::VoteClosed { .. } => 7,
            EventKind::SheriffElected { .. } => 8,
            EventKind::NobodyOut { .. } => 9,
            EventKind::Eliminated { .. } => 10,
            EventKind::LastWordsGranted { .. } => 11,
            EventKind::LastWordsGiven { .. } => 12,
            EventKind::DecisionOpened { .. } => 13,
            EventKind::Shot { .. } => 14,
            EventKind::DecisionLapsed { .. } => 15,
            EventKind::BadgePassed { .. } => 16,
            EventKind::LeaderPassed { .. } => 17,
            EventKind::NightOpened { .. } => 18,
            EventKind::LeaderVoted { .. } => 19,
            EventKind::LeaderElected { .. } => 20,
            EventKind::KillSubmitted { .. } => 21,
            EventKind::KillFixed { .. } => 22,
            EventKind::WitchTold { .. } => 23,
            EventKind::WitchSaved { .. } => 24,
            EventKind::WitchPoisoned { .. } => 25,
            EventKind::WitchPassed { .. } => 26,
            EventKind::SeerChecked { .. } => 27,
            EventKind::CheckSubmitted { .. } => 28,
            EventKind::PoliceResult { .. } => 29,
            EventKind::WolvesClosed => 30,
            EventKind::NightEnded { .. } => 31,
            EventKind::CardGiven { .. } => 32,
            EventKind::CardsConverted { .. } => 33,
            EventKind::SpeedupRequested { .. } => 34,
            EventKind::SpedUp => 35,
            EventKind::Substituted { .. } => 36,
            EventKind::Extended { .. } => 37,
            EventKind::TreeHole { .. } => 38,
            EventKind::Conceded { .. } => 39,
            EventKind::GameEnded { .. } => 40,
            EventKind::Revealed { .. } => 41,
            EventKind::Paused => 42,
            EventKind::Resumed { .. } => 43,
            EventKind::ShotDeclined { .. } => 44,
            EventKind::GuardProtected { .. } => 45,
            EventKind::IdiotRevealed { .. } => 46,
            EventKind::SelfDestructed { .. } => 47,
            EventKind::Dueled { .. } => 48,
            EventKind::DayCut { .. } => 49,
            EventKind::Appealed { .. } => 50,
            EventKind::AppealsListed { .. } => 51,
        })
        .collect();
    assert_eq!(covered.len(), 52, "every EventKind variant is listed");
    v
}

#[test]
fn every_event_renders_in_every_language() {
    for g in [game("m32"), game("mafia")] {
        for kind in all_events(&g) {
            let e = ev(kind);
            let zh = render(&e, &g, Lang::Zh);
            let en = render(&e, &g, Lang::En);
            for lang in Lang::ALL {
                for s in [&render(&e, &g, lang), &render_judge(&e, &g, lang)] {
                    ok(s);
                    assert!(!s.contains("CharId"), "{s}");
                }
            }
            assert_ne!(zh, en, "{:?}", e.kind);
        }
        for r in Role::ALL {
            for lang in Lang::ALL {
                let e = ev(EventKind::RoleTold {
                    character: CharId(0),
                    role: r,
                    team: vec![CharId(1)],
                });
                ok(&render(&e, &g, lang));
                ok(&audience_heading(e.audience(), &g, lang));
            }
        }
    }
}

#[test]
fn public_texts_name_no_roles() {
    let g = game("m32");
    let mut public = 0;
    for kind in all_events(&g) {
        let e = ev(kind);
        // The night's opening names the roles that act (not who holds them); the end
        // names the winning camp; the reveal is after the end.
        // The idiot's reveal is the one role a game makes public (docs/rules.md §4).
        let generic = matches!(
            e.kind,
            EventKind::NightOpened { .. }
                | EventKind::GameEnded { .. }
                | EventKind::Revealed { .. }
                | EventKind::IdiotRevealed { .. }
        );
        if e.audience() != Audience::Public || generic {
            continue;
        }
        public += 1;
        for lang in Lang::ALL {
            let s = render(&e, &g, lang).to_lowercase();
            for r in Role::ALL {
                let name = role_name(r, lang).to_lowercase();
                assert!(!s.contains(&name), "public text names role `{name}`: {s}");
            }
        }
    }
    assert!(public > 30);
}
