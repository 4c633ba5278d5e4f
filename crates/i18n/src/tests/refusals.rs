//! Refusals: every one has its text in every language.

use std::collections::BTreeSet;

use engine::limits::TextKind;
use engine::{CharId, Phase, RuleError, Winner};

use super::{at, game, ok};
use crate::*;

/// Every variant, with a compile-time check that none is forgotten.
fn all_errors() -> Vec<RuleError> {
    let t = at();
    let v = vec![
        RuleError::GameOver,
        RuleError::UnknownCharacter { name: "Zed".into() },
        RuleError::NotJudge,
        RuleError::NotACharacter,
        RuleError::ActorDead { actor: CharId(0) },
        RuleError::WrongPhase {
            phase: Phase::Night { night: 1 },
        },
        RuleError::DayClosed,
        RuleError::NightDeadlinePassed,
        RuleError::LeaderElectionOver {
            leader: Some(CharId(3)),
        },
        RuleError::LeaderElectionOver { leader: None },
        RuleError::NoAbility { actor: CharId(1) },
        RuleError::TargetDead { target: CharId(2) },
        RuleError::VoteChangeLimit { limit: 1 },
        RuleError::VoteLocked { closes: t },
        RuleError::ProxyTooLate { closes: t },
        RuleError::ProxyChangeTooLate { closes: t },
        RuleError::WitchSelfSave,
        RuleError::OnePotionPerNight,
        RuleError::AntidoteUsed,
        RuleError::PoisonUsed,
        RuleError::NoKillTarget,
        RuleError::WolvesNotDone,
        RuleError::AlreadyActed,
        RuleError::KillFixed,
        RuleError::KillReasonLength { len: 3, want: 2 },
        RuleError::NotLeader {
            leader: Some(CharId(3)),
        },
        RuleError::NotLeader { leader: None },
        RuleError::LeaderNotChosen,
        RuleError::NotSubmitted { target: CharId(4) },
        RuleError::TargetSelf,
        RuleError::TargetNotWolf { target: CharId(5) },
        RuleError::NoDecisionPending,
        RuleError::ShootFirst,
        RuleError::AlreadyRequested,
        RuleError::AlreadySpedUp,
        RuleError::DecisionMade,
        RuleError::DecisionLapsed,
        RuleError::SpeedupUnavailable,
        RuleError::LastWordsNotGranted,
        RuleError::LastWordsTooLate,
        RuleError::LastWordsGiven,
        RuleError::NotTied { target: CharId(6) },
        RuleError::NotAVoter,
        RuleError::ConcedeNotAllowed,
        RuleError::InvalidWinner {
            winner: Winner::Police,
        },
        RuleError::InvalidDuration { max_days: 366 },
        RuleError::Paused,
        RuleError::NotPaused,
        RuleError::FirstKillForbidden { target: CharId(7) },
        RuleError::TextTooLong {
            what: TextKind::Post,
            max: 10_000,
        },
        RuleError::TextTooLong {
            what: TextKind::Reason,
            max: 1_000,
        },
        RuleError::TextTooLong {
            what: TextKind::LastWords,
            max: 10_000,
        },
        RuleError::TextTooLong {
            what: TextKind::TreeHole,
            max: 10_000,
        },
        RuleError::TextTooLong {
            what: TextKind::Player,
            max: 64,
        },
        RuleError::ClockLimit { latest: t },
        RuleError::ProtectRepeated { target: CharId(8) },
        RuleError::IdiotCannotVote,
        RuleError::SelfDestructTarget,
        RuleError::DuelUsed,
        RuleError::DuelDayOne,
    ];
    let covered: BTreeSet<usize> = v
        .iter()
        .map(|e| match e {
            RuleError::GameOver => 0,
            RuleError::UnknownCharacter { .. } => 1,
            RuleError::NotJudge => 2,
            RuleError::NotACharacter => 3,
            RuleError::ActorDead { .. } => 4,
            RuleError::WrongPhase { .. } => 5,
            RuleError::NoAbility { .. } => 6,
            RuleError::TargetDead { .. } => 7,
            RuleError::VoteChangeLimit { .. } => 8,
            RuleError::VoteLocked { .. } => 9,
            RuleError::ProxyTooLate { .. } => 10,
            RuleError::ProxyChangeTooLate { .. } => 11,
            RuleError::WitchSelfSave => 12,
            RuleError::OnePotionPerNight => 13,
            RuleError::AntidoteUsed => 14,
            RuleError::PoisonUsed => 15,
            RuleError::NoKillTarget => 16,
            RuleError::WolvesNotDone => 17,
            RuleError::AlreadyActed => 18,
            RuleError::KillFixed => 19,
            RuleError::NotLeader { .. } => 20,
            RuleError::NotSubmitted { .. } => 21,
            RuleError::TargetSelf => 22,
            RuleError::TargetNotWolf { .. } => 23,
            RuleError::NoDecisionPending => 24,
            RuleError::ShootFirst => 25,
            RuleError::AlreadyRequested => 26,
            RuleError::SpeedupUnavailable => 27,
            RuleError::LastWordsNotGranted => 28,
            RuleError::LastWordsTooLate => 29,
            RuleError::LastWordsGiven => 30,
            RuleError::NotTied { .. } => 31,
            RuleError::NotAVoter => 32,
            RuleError::ConcedeNotAllowed => 33,
            RuleError::InvalidWinner { .. } => 34,
            RuleError::InvalidDuration { .. } => 35,
            RuleError::Paused => 36,
            RuleError::NotPaused => 37,
            RuleError::FirstKillForbidden { .. } => 38,
            RuleError::DayClosed => 39,
            RuleError::NightDeadlinePassed => 40,
            RuleError::LeaderElectionOver { .. } => 41,
            RuleError::AlreadySpedUp => 42,
            RuleError::DecisionMade => 43,
            RuleError::DecisionLapsed => 44,
            RuleError::LeaderNotChosen => 45,
            RuleError::TextTooLong { .. } => 46,
            RuleError::ClockLimit { .. } => 47,
            RuleError::ProtectRepeated { .. } => 48,
            RuleError::IdiotCannotVote => 49,
            RuleError::SelfDestructTarget => 50,
            RuleError::DuelUsed => 51,
            RuleError::DuelDayOne => 52,
            RuleError::KillReasonLength { .. } => 53,
        })
        .collect();
    assert_eq!(covered.len(), 54, "every RuleError variant is listed");
    v
}

#[test]
fn every_error_has_a_message_in_every_language() {
    let g = game("m32");
    for e in all_errors() {
        let id = format!("err-{}", e.code().replace('_', "-"));
        let zh = error_message(&e, &g, Lang::Zh);
        let en = error_message(&e, &g, Lang::En);
        let tw = error_message(&e, &g, Lang::ZhTw);
        for s in [&zh, &en, &tw] {
            ok(s);
            assert_ne!(s, &id);
            assert_ne!(s, &e.to_string(), "catalog text, not the Display fallback");
            assert!(!s.contains("CharId"), "names, not ids: {s}");
        }
        assert_ne!(zh, en, "{id}");
    }
    let e = RuleError::VoteLocked { closes: at() };
    assert_eq!(
        error_message(&e, &g, Lang::Zh),
        "投票在截止前 1 小时内不能再改票（截止时间 2026-12-02 20:00 UTC）。你当前的票仍然有效。"
    );
    assert!(error_message(&e, &g, Lang::En)
        .starts_with("Votes can't be changed within 1 hour of the close (2026-12-02 20:00 UTC)."));
    let e = RuleError::TargetDead { target: CharId(2) };
    assert!(error_message(&e, &g, Lang::En).starts_with("Cat is out"));
}
