//! Refusals. Every refused command leaves the game unchanged and says why with one of
//! these; `code()` is the stable snake_case name, the message catalogs say it to people.

use chrono::{DateTime, Utc};

use super::ids::CharId;
use super::limits::TextKind;
use super::phase::Phase;
use super::role::Winner;

/// Why the engine refused a command. Carries what a caller needs to explain it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("no character is called `{name}`")]
    UnknownCharacter { name: String },
    #[error("only the judge may do that")]
    NotJudge,
    #[error("the judge does not play a character")]
    NotACharacter,
    #[error("{actor:?} is out of the game")]
    ActorDead { actor: CharId },
    #[error("not possible during {phase}")]
    WrongPhase { phase: Phase },
    /// The day's vote has closed; the next phase has not begun yet.
    #[error("the day's vote has closed")]
    DayClosed,
    /// Night: the deadline for this part of the night (the wolves' and seer's) has passed.
    #[error("tonight's deadline for this has passed")]
    NightDeadlinePassed,
    /// The wolf-leader election is held on the first night only and is over.
    #[error("the wolf-leader election is over")]
    LeaderElectionOver { leader: Option<CharId> },
    #[error("{actor:?}'s role cannot do that now")]
    NoAbility { actor: CharId },
    #[error("{target:?} is out of the game")]
    TargetDead { target: CharId },
    #[error("the vote was already changed {limit} time(s)")]
    VoteChangeLimit { limit: u32 },
    #[error("votes can no longer be changed (closes {closes})")]
    VoteLocked { closes: DateTime<Utc> },
    #[error("proxy requests close 30 minutes before the vote (closes {closes})")]
    ProxyTooLate { closes: DateTime<Utc> },
    #[error("proxy changes close an hour before the vote (closes {closes})")]
    ProxyChangeTooLate { closes: DateTime<Utc> },
    #[error("the witch may not save herself")]
    WitchSelfSave,
    #[error("only one potion a night")]
    OnePotionPerNight,
    #[error("the antidote is used up")]
    AntidoteUsed,
    #[error("the poison is used up")]
    PoisonUsed,
    #[error("nobody was attacked tonight")]
    NoKillTarget,
    #[error("the wolves have not fixed their kill yet")]
    WolvesNotDone,
    #[error("already done tonight")]
    AlreadyActed,
    #[error("the kill is already fixed")]
    KillFixed,
    /// docs/rules.md §1: a kill reason has exactly `want` characters (Unicode scalar values).
    #[error("a kill reason has exactly {want} characters, not {len}")]
    KillReasonLength { len: usize, want: u32 },
    #[error("only the wolf leader may pick")]
    NotLeader { leader: Option<CharId> },
    /// No wolf leader has been elected yet (the first night's election is still open).
    #[error("no wolf leader yet")]
    LeaderNotChosen,
    #[error("no wolf submitted {target:?}")]
    NotSubmitted { target: CharId },
    #[error("not on yourself")]
    TargetSelf,
    #[error("{target:?} is not a wolf")]
    TargetNotWolf { target: CharId },
    #[error("nothing to decide")]
    NoDecisionPending,
    /// The decision (shot, badge, leadership) was made already.
    #[error("that decision was already made")]
    DecisionMade,
    /// The decision's window passed before it was made.
    #[error("the decision's time ran out")]
    DecisionLapsed,
    #[error("the hunter shoots before passing the badge")]
    ShootFirst,
    #[error("already requested")]
    AlreadyRequested,
    #[error("the game is already sped up")]
    AlreadySpedUp,
    #[error("speed-up is not possible in this game")]
    SpeedupUnavailable,
    #[error("no last words were granted")]
    LastWordsNotGranted,
    #[error("too late for last words")]
    LastWordsTooLate,
    #[error("last words already given")]
    LastWordsGiven,
    #[error("{target:?} is not among the tied")]
    NotTied { target: CharId },
    #[error("tied characters do not vote in this round")]
    NotAVoter,
    #[error("only the last member of a side may concede")]
    ConcedeNotAllowed,
    #[error("`{winner:?}` cannot win this game")]
    InvalidWinner { winner: Winner },
    #[error("a duration must be longer than zero and at most {max_days} days")]
    InvalidDuration { max_days: i64 },
    #[error("the judge has paused the game")]
    Paused,
    #[error("the game is not paused")]
    NotPaused,
    #[error("{target:?} was the first-night kill of the previous tournament game")]
    FirstKillForbidden { target: CharId },
    /// A text longer than the engine keeps (`engine::limits`).
    #[error("the {what:?} text is longer than {max} characters")]
    TextTooLong { what: TextKind, max: usize },
    /// The command comes, or would push a deadline, later than the game's clock may run
    /// (`engine::limits::CLOCK_LIMIT_DAYS` after the start).
    #[error("the game's clock cannot go past {latest}")]
    ClockLimit { latest: DateTime<Utc> },
    /// The guard protected this character last night (docs/rules.md §4).
    #[error("{target:?} was protected last night")]
    ProtectRepeated { target: CharId },
    /// A revealed idiot no longer votes, abstains or asks for a proxy (docs/rules.md §4).
    #[error("a revealed idiot no longer votes")]
    IdiotCannotVote,
    /// Only the white wolf king takes someone with him when self-destructing.
    #[error("only the white wolf king can take someone along")]
    SelfDestructTarget,
    /// The knight's one duel is used (docs/rules.md §4).
    #[error("the duel was already used")]
    DuelUsed,
    /// No duel on day 1 (docs/rules.md §4, decision; option `knight_duel_day_one`).
    #[error("no duel on day 1")]
    DuelDayOne,
}

impl RuleError {
    /// The stable snake_case code reports and tools match on.
    pub fn code(&self) -> &'static str {
        match self {
            RuleError::GameOver => "game_over",
            RuleError::UnknownCharacter { .. } => "unknown_character",
            RuleError::NotJudge => "not_judge",
            RuleError::NotACharacter => "not_a_character",
            RuleError::ActorDead { .. } => "actor_dead",
            RuleError::WrongPhase { .. } => "wrong_phase",
            RuleError::DayClosed => "day_closed",
            RuleError::NightDeadlinePassed => "night_deadline_passed",
            RuleError::LeaderElectionOver { .. } => "leader_election_over",
            RuleError::NoAbility { .. } => "no_ability",
            RuleError::TargetDead { .. } => "target_dead",
            RuleError::VoteChangeLimit { .. } => "vote_change_limit",
            RuleError::VoteLocked { .. } => "vote_locked",
            RuleError::ProxyTooLate { .. } => "proxy_too_late",
            RuleError::ProxyChangeTooLate { .. } => "proxy_change_too_late",
            RuleError::WitchSelfSave => "witch_self_save",
            RuleError::OnePotionPerNight => "one_potion_per_night",
            RuleError::AntidoteUsed => "antidote_used",
            RuleError::PoisonUsed => "poison_used",
            RuleError::NoKillTarget => "no_kill_target",
            RuleError::WolvesNotDone => "wolves_not_done",
            RuleError::AlreadyActed => "already_acted",
            RuleError::KillFixed => "kill_fixed",
            RuleError::KillReasonLength { .. } => "kill_reason_length",
            RuleError::NotLeader { .. } => "not_leader",
            RuleError::LeaderNotChosen => "leader_not_chosen",
            RuleError::NotSubmitted { .. } => "not_submitted",
            RuleError::TargetSelf => "target_self",
            RuleError::TargetNotWolf { .. } => "target_not_wolf",
            RuleError::NoDecisionPending => "no_decision_pending",
            RuleError::DecisionMade => "decision_made",
            RuleError::DecisionLapsed => "decision_lapsed",
            RuleError::ShootFirst => "shoot_first",
            RuleError::AlreadyRequested => "already_requested",
            RuleError::AlreadySpedUp => "already_sped_up",
            RuleError::SpeedupUnavailable => "speedup_unavailable",
            RuleError::LastWordsNotGranted => "last_words_not_granted",
            RuleError::LastWordsTooLate => "last_words_too_late",
            RuleError::LastWordsGiven => "last_words_given",
            RuleError::NotTied { .. } => "not_tied",
            RuleError::NotAVoter => "not_a_voter",
            RuleError::ConcedeNotAllowed => "concede_not_allowed",
            RuleError::InvalidWinner { .. } => "invalid_winner",
            RuleError::InvalidDuration { .. } => "invalid_duration",
            RuleError::Paused => "paused",
            RuleError::NotPaused => "not_paused",
            RuleError::FirstKillForbidden { .. } => "first_kill_forbidden",
            RuleError::TextTooLong { .. } => "text_too_long",
            RuleError::ClockLimit { .. } => "clock_limit",
            RuleError::ProtectRepeated { .. } => "protect_repeated",
            RuleError::IdiotCannotVote => "idiot_cannot_vote",
            RuleError::SelfDestructTarget => "self_destruct_target",
            RuleError::DuelUsed => "duel_used",
            RuleError::DuelDayOne => "duel_day_one",
        }
    }
}

/// Why a game could not be created (a script file that cannot be played).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SetupError {
    #[error("ruleset `{ruleset}` cannot seat {players} characters")]
    PlayerCount { ruleset: String, players: usize },
    #[error("character name `{0}` is used twice")]
    DuplicateName(String),
    #[error("character name `{0}` is reserved")]
    ReservedName(String),
    #[error("the fixed deal does not give a role to `{0}`")]
    MissingRole(String),
    #[error("the fixed deal names `{0}`, who is not a character")]
    UnknownCharacter(String),
    #[error("the fixed deal gives {got} `{role}` where the ruleset needs {want}")]
    RoleCount {
        role: String,
        got: usize,
        want: usize,
    },
    #[error("{players} player accounts given for {characters} characters")]
    PlayerAccounts { characters: usize, players: usize },
    #[error("the name or player account `{0}…` is longer than {max} characters", max = super::limits::MAX_NAME_CHARS)]
    NameTooLong(String),
    #[error("the start {0} is too late: the game's clock would run past the calendar")]
    StartOutOfRange(DateTime<Utc>),
}
