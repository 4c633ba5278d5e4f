//! Refusals: a [`RuleError`] said to the player who was refused, in the game's language.

use engine::{Game, RuleError, Winner};

use super::catalog::{args, yes};
use super::context::Ctx;
use super::names::winner_name;
use super::Lang;

/// A refusal said to the player who was refused.
pub fn error_message(err: &RuleError, game: &Game, lang: Lang) -> String {
    let c = Ctx { g: game, lang };
    let o = &game.ruleset().options;
    let mut a = match err {
        RuleError::GameOver
        | RuleError::DayClosed
        | RuleError::NightDeadlinePassed
        | RuleError::AlreadySpedUp
        | RuleError::DecisionMade
        | RuleError::DecisionLapsed
        | RuleError::LeaderNotChosen
        | RuleError::NotJudge
        | RuleError::NotACharacter
        | RuleError::WitchSelfSave
        | RuleError::OnePotionPerNight
        | RuleError::AntidoteUsed
        | RuleError::PoisonUsed
        | RuleError::NoKillTarget
        | RuleError::WolvesNotDone
        | RuleError::AlreadyActed
        | RuleError::KillFixed
        | RuleError::TargetSelf
        | RuleError::NoDecisionPending
        | RuleError::ShootFirst
        | RuleError::AlreadyRequested
        | RuleError::SpeedupUnavailable
        | RuleError::LastWordsTooLate
        | RuleError::LastWordsGiven
        | RuleError::NotAVoter
        | RuleError::ConcedeNotAllowed
        | RuleError::Paused
        | RuleError::NotPaused
        | RuleError::IdiotCannotVote
        | RuleError::SelfDestructTarget
        | RuleError::DuelUsed
        | RuleError::DuelDayOne => args![],
        RuleError::ProtectRepeated { target } => args!["name" => c.name(*target)],
        RuleError::UnknownCharacter { name } => args!["name" => name.as_str()],
        RuleError::ActorDead { actor } | RuleError::NoAbility { actor } => {
            args!["name" => c.name(*actor)]
        }
        RuleError::WrongPhase { phase } => args!["phase" => c.phase(*phase)],
        RuleError::TargetDead { target }
        | RuleError::NotSubmitted { target }
        | RuleError::TargetNotWolf { target }
        | RuleError::FirstKillForbidden { target } => args!["name" => c.name(*target)],
        RuleError::VoteChangeLimit { limit } => args!["limit" => *limit],
        RuleError::KillReasonLength { len, want } => args!["len" => *len, "want" => *want],
        RuleError::VoteLocked { closes } => {
            args!["closes" => c.time(*closes), "lock" => c.dur(o.vote_lock.0)]
        }
        RuleError::ProxyTooLate { closes } => {
            args!["closes" => c.time(*closes), "deadline" => c.dur(o.proxy_deadline.0)]
        }
        RuleError::ProxyChangeTooLate { closes } => args![
            "closes" => c.time(*closes),
            "deadline" => c.dur(o.proxy_change_deadline.0),
        ],
        RuleError::NotLeader { leader } | RuleError::LeaderElectionOver { leader } => {
            args!["has" => yes(leader.is_some()), "leader" => c.opt_name(*leader)]
        }
        RuleError::LastWordsNotGranted => args!["quota" => game.last_words_quota()],
        RuleError::NotTied { target } => {
            let candidates = game
                .day()
                .map(|d| c.names(&d.candidates))
                .unwrap_or_else(|| c.t0("list-none"));
            args!["name" => c.name(*target), "candidates" => candidates]
        }
        RuleError::InvalidWinner { winner } => {
            let options = Winner::ALL
                .into_iter()
                .filter(|w| w.fits(game.kind()))
                .map(|w| winner_name(w, lang))
                .collect();
            args!["winner" => winner_name(*winner, lang), "options" => c.join(options)]
        }
        RuleError::InvalidDuration { max_days } => args!["max" => *max_days],
        RuleError::TextTooLong { what, max } => args!["what" => what.key(), "max" => *max],
        RuleError::ClockLimit { latest } => args![
            "latest" => c.time(*latest),
            // 36,525 days are 100 Julian years.
            "years" => engine::limits::CLOCK_LIMIT_DAYS * 4 / 1461,
        ],
    };
    // Which game this is, so a message that would name werewolf-only things (a shot, the
    // badge, the leadership) says what a Mafia player can do instead.
    a.set(
        "game",
        match game.kind() {
            engine::Kind::Werewolf => "werewolf",
            engine::Kind::Mafia => "mafia",
        },
    );
    c.t(&format!("err-{}", err.code().replace('_', "-")), a)
}
