//! Events: everything that happened in a game, each addressed to its audience. The game
//! state is the fold of its events (`state::apply`), so the event log is the game.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::card::{CardReason, Color};
use super::ids::CharId;
use super::phase::Phase;
use super::role::{Role, Winner};
use super::ruleset::Ruleset;

/// Who may see an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "to", content = "character")]
pub enum Audience {
    /// The public day thread / announcements.
    Public,
    /// One character's player, by DM.
    Character(CharId),
    /// The living wolves (M32) or killers (Mafia).
    Wolves,
    /// The living police (Mafia).
    Police,
    /// The judge's private log.
    Judge,
    /// Nobody: kept in the event log only (the seed before the reveal).
    Internal,
}

/// How a character left the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    NightKill,
    Vote,
    Poison,
    Shot,
    RedCard,
    Judge,
    /// A wolf's self-destruct by day (docs/rules.md §4).
    SelfDestruct,
    /// Taken by a self-destructing white wolf king (docs/rules.md §4).
    Taken,
    /// Lost a knight's duel: the wolf dueled, or the knight dueling a non-wolf (docs/rules.md §4).
    Duel,
}

impl Cause {
    pub fn key(self) -> &'static str {
        match self {
            Cause::NightKill => "night_kill",
            Cause::Vote => "vote",
            Cause::Poison => "poison",
            Cause::Shot => "shot",
            Cause::RedCard => "red_card",
            Cause::Judge => "judge",
            Cause::SelfDestruct => "self_destruct",
            Cause::Taken => "taken",
            Cause::Duel => "duel",
        }
    }
}

/// A decision a dying character may (or must) make within the decision window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    Shoot,
    Badge,
    Leader,
}

/// Why nobody left the game at a vote's close.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoOut {
    NoVotes,
    Tie,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A win condition holds.
    Condition,
    /// A red card lost the camp.
    RedCard,
    /// A side conceded.
    Concede,
    /// Mafia: still tied after both tie rounds.
    TieRounds,
    /// The judge ended it.
    Judge,
}

/// Which win condition ended the game ([`EndReason::Condition`]), so the end can be
/// announced the way a judge does ("狼人全部出局，好人胜利"), not just "a condition holds".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinCondition {
    /// M32: no wolf is left.
    WolvesOut,
    /// M32: living wolves are at least half of the living characters.
    WolvesHalf,
    /// M32: the seer, witch and hunter (the gods) are all out.
    GodsOut,
    /// M32: all villagers are out.
    VillagersOut,
    /// Mafia: no killer is left.
    KillersOut,
    /// Mafia: no police officer is left.
    PoliceOut,
    /// Mafia: all civilians are out (a draw).
    CiviliansOut,
}

/// One line of the reveal's history: what each character did, when.
///
/// The fields after `text` were added later: reveals stored before them read back with
/// the defaults (and are shown without times, changes or cards).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Deed {
    pub phase: Phase,
    pub by: Option<CharId>,
    pub what: String,
    pub target: Option<CharId>,
    pub text: Option<String>,
    /// When it happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<DateTime<Utc>>,
    /// A vote that replaced an earlier one: what the earlier one was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed_from: Option<Earlier>,
    /// A vote the judge cast for `by` on request (代投).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub proxy: bool,
    /// A card (`what` = `card`) or a conversion of cards (`cards_converted`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<CardNote>,
}

impl Deed {
    /// A deed with nothing but the essentials; the optional fields start empty.
    pub fn new(phase: Phase, by: Option<CharId>, what: &str, target: Option<CharId>) -> Deed {
        Deed {
            phase,
            by,
            what: what.into(),
            target,
            text: None,
            at: None,
            changed_from: None,
            proxy: false,
            card: None,
        }
    }
}

/// The vote a change replaced (`target: None`: an abstention). A struct rather than
/// `Option<Option<_>>`, which JSON cannot tell apart from "no change".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Earlier {
    pub target: Option<CharId>,
}

/// A card in the reveal: its colour, why, and whether the public saw it when given (a card
/// whose reason would name a wolf was shown to the offender only).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardNote {
    pub color: Color,
    /// `None` for a conversion (`from` cards became one `color`).
    pub reason: Option<CardReason>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Color>,
    pub public: bool,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum EventKind {
    /// The game exists: ruleset with overrides, seed, characters. Internal (holds the seed).
    Created {
        /// Boxed: the largest field of any event by far (serialized the same way).
        ruleset: Box<Ruleset>,
        /// An integer (a 64-bit seed, as in every log written before 256-bit seeds) or 64
        /// hex digits (a 256-bit seed).
        seed: super::rng::Seed,
        start: DateTime<Utc>,
        characters: Vec<String>,
        /// The player account the killers may not choose on night 1 (tournament house
        /// rule); absent from logs written before the rule existed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        forbidden_first_kill: Option<String>,
        /// The player account behind each character (seat order); absent when each
        /// character's name is its player (scripts, the simulator, older logs).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        players: Option<Vec<String>>,
    },
    /// The SHA-256 commitment to the seed, published before anything random happens.
    SeedCommitted {
        commitment: String,
    },
    /// The deal, for the judge; `by_seed` when the seed dealt (draw 0), not a fixed deal.
    RolesDealt {
        roles: Vec<Role>,
        by_seed: bool,
    },
    /// A character learns its role (and its teammates, for wolves/killers; police each other).
    RoleTold {
        character: CharId,
        role: Role,
        team: Vec<CharId>,
    },
    /// A day (or a Mafia tie round) opens.
    DayOpened {
        day: u32,
        round: u32,
        closes: DateTime<Utc>,
        deaths: Vec<CharId>,
        sheriff: Option<CharId>,
        alive: Vec<CharId>,
        last_words: Vec<(CharId, String)>,
        /// Tie rounds: who may be voted for, and who votes.
        candidates: Vec<CharId>,
        voters: Vec<CharId>,
    },
    Posted {
        by: CharId,
        day: u32,
        text: String,
    },
    VoteCast {
        by: CharId,
        /// `None`: an abstention.
        target: Option<CharId>,
        reason: String,
        change: bool,
        proxy: bool,
    },
    /// The vote closed; weighted counts in thousandths of a vote.
    VoteClosed {
        day: u32,
        round: u32,
        tally: Vec<(CharId, i64)>,
    },
    SheriffElected {
        sheriff: Option<CharId>,
    },
    NobodyOut {
        reason: NoOut,
    },
    Eliminated {
        character: CharId,
        cause: Cause,
        when: Phase,
    },
    LastWordsGranted {
        character: CharId,
        due_day: u32,
    },
    LastWordsGiven {
        character: CharId,
        text: String,
    },
    DecisionOpened {
        kind: DecisionKind,
        character: CharId,
        until: DateTime<Utc>,
    },
    Shot {
        hunter: CharId,
        target: CharId,
    },
    DecisionLapsed {
        kind: DecisionKind,
        character: CharId,
    },
    /// The dead hunter chose not to shoot (`hold_fire`), as opposed to letting the window
    /// pass (`DecisionLapsed`).
    ShotDeclined {
        hunter: CharId,
    },
    /// `draw`: the seeded draw that chose the successor, when nobody named one.
    BadgePassed {
        from: Option<CharId>,
        to: CharId,
        draw: Option<u64>,
    },
    LeaderPassed {
        from: Option<CharId>,
        to: CharId,
        draw: Option<u64>,
    },
    NightOpened {
        night: u32,
        wolves_until: DateTime<Utc>,
        witch_until: DateTime<Utc>,
    },
    LeaderVoted {
        by: CharId,
        target: CharId,
    },
    LeaderElected {
        leader: CharId,
        draw: Option<u64>,
    },
    KillSubmitted {
        by: CharId,
        target: CharId,
        reason: String,
    },
    /// The pack's (or killers') kill for the night; `picked_by` the leader, if picked.
    KillFixed {
        target: Option<CharId>,
        picked_by: Option<CharId>,
    },
    WitchTold {
        witch: CharId,
        target: Option<CharId>,
    },
    WitchSaved {
        witch: CharId,
        target: CharId,
    },
    WitchPoisoned {
        witch: CharId,
        target: CharId,
    },
    WitchPassed {
        witch: CharId,
    },
    SeerChecked {
        seer: CharId,
        target: CharId,
        village: bool,
    },
    CheckSubmitted {
        by: CharId,
        target: CharId,
    },
    PoliceResult {
        target: CharId,
        role: Role,
    },
    /// The guard's protection for tonight (`None`: nobody), told to him alone (docs/rules.md §4).
    GuardProtected {
        guard: CharId,
        target: Option<CharId>,
    },
    /// A voted-out idiot is revealed instead of eliminated (docs/rules.md §4): public.
    IdiotRevealed {
        idiot: CharId,
    },
    /// A wolf self-destructs by day (a white wolf king possibly taking `target`); the
    /// eliminations follow, then the day is cut short (docs/rules.md §4).
    SelfDestructed {
        wolf: CharId,
        target: Option<CharId>,
    },
    /// A knight duels `target`, announced at once; `wolf`: the target is a wolf, who is
    /// eliminated (else the knight is). docs/rules.md §4.
    Dueled {
        knight: CharId,
        target: CharId,
        wolf: bool,
    },
    /// The day ends at once with no vote-out, no tally and no automatic cards (a
    /// self-destruct or a won duel, docs/rules.md §4); the night follows as after a close.
    DayCut {
        day: u32,
    },
    /// The wolves' (seer's, police's) deadline passed or their part is complete.
    WolvesClosed,
    /// The night's actions are in; its deaths follow.
    NightEnded {
        night: u32,
    },
    CardGiven {
        target: CharId,
        color: Color,
        reason: CardReason,
    },
    /// `count` cards of `from` became one of `to`. `private` when one of them was a card
    /// the public never saw (one whose reason names a wolf): then the conversion is told
    /// only to the character (and the judge), as that card was.
    CardsConverted {
        target: CharId,
        from: Color,
        to: Color,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        private: bool,
    },
    SpeedupRequested {
        by: CharId,
        count: usize,
        needed: usize,
    },
    SpedUp,
    Substituted {
        character: CharId,
        player: String,
    },
    Extended {
        seconds: i64,
    },
    /// The judge stopped the clock.
    Paused,
    /// The judge restarted the clock after `seconds`; open deadlines moved by as much.
    Resumed {
        seconds: i64,
    },
    TreeHole {
        by: CharId,
        text: String,
    },
    /// A complaint to the judge by `by`'s player (`player`, the account at the time): seen
    /// by nobody until the end.
    Appealed {
        by: CharId,
        player: String,
        text: String,
    },
    /// At the end, after the reveal: the complaints made during the game, in order, for the
    /// judge (only when there were any).
    AppealsListed {
        appeals: Vec<Appeal>,
    },
    Conceded {
        by: CharId,
    },
    GameEnded {
        winner: Option<Winner>,
        reason: EndReason,
        /// The condition that held, for [`EndReason::Condition`]. Absent in games recorded
        /// before it was kept (they still read; the end is then announced generically).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<WinCondition>,
    },
    /// The reveal (揭秘): roles, players, every night action and vote, the seed.
    Revealed {
        seed: super::rng::Seed,
        commitment: String,
        roles: Vec<Role>,
        players: Vec<String>,
        deeds: Vec<Deed>,
        tree_holes: Vec<(CharId, String)>,
    },
}

/// A complaint made during a game ([`EventKind::Appealed`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appeal {
    pub by: CharId,
    pub player: String,
    pub text: String,
    pub at: DateTime<Utc>,
}

/// An event with its time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub at: DateTime<Utc>,
    #[serde(flatten)]
    pub kind: EventKind,
}

impl Event {
    /// Who may see this event.
    pub fn audience(&self) -> Audience {
        use EventKind as K;
        match &self.kind {
            K::Created { .. } => Audience::Internal,
            K::RolesDealt { .. }
            | K::Substituted { .. }
            | K::DecisionLapsed { .. }
            | K::ShotDeclined { .. } => Audience::Judge,
            K::RoleTold { character, .. }
            | K::LastWordsGranted { character, .. }
            | K::LastWordsGiven { character, .. }
            | K::DecisionOpened { character, .. } => Audience::Character(*character),
            K::WitchTold { witch, .. }
            | K::WitchSaved { witch, .. }
            | K::WitchPoisoned { witch, .. }
            | K::WitchPassed { witch } => Audience::Character(*witch),
            K::SeerChecked { seer, .. } => Audience::Character(*seer),
            K::GuardProtected { guard, .. } => Audience::Character(*guard),
            // A note is never shown to anyone before the reveal (the command's own reply
            // acknowledges it privately).
            K::TreeHole { .. } => Audience::Internal,
            // A complaint waits for the end: then the judge's log lists them all.
            K::Appealed { .. } => Audience::Internal,
            K::AppealsListed { .. } => Audience::Judge,
            K::LeaderPassed { .. }
            | K::LeaderVoted { .. }
            | K::LeaderElected { .. }
            | K::KillSubmitted { .. }
            | K::KillFixed { .. } => Audience::Wolves,
            K::CheckSubmitted { .. } | K::PoliceResult { .. } => Audience::Police,
            K::WolvesClosed => Audience::Internal,
            // Night deaths are announced in the next day's opening post (in order, without
            // causes): the public must not learn at night, or from a cause, what happened.
            K::Eliminated {
                when: Phase::Night { .. },
                ..
            } => Audience::Judge,
            // A card whose reason only a wolf can earn would name a wolf: the offender and
            // the judge see it; the public sees the standing cards only at the end.
            K::CardGiven { target, reason, .. } if reason.reveals_wolf() => {
                Audience::Character(*target)
            }
            // A conversion that used such a card goes to the same audience: "A's 3 yellow
            // cards become a red one" after two public yellows would name the hidden third.
            K::CardsConverted {
                target,
                private: true,
                ..
            } => Audience::Character(*target),
            K::SeedCommitted { .. }
            | K::DayOpened { .. }
            | K::Posted { .. }
            | K::VoteCast { .. }
            | K::VoteClosed { .. }
            | K::SheriffElected { .. }
            | K::NobodyOut { .. }
            | K::Eliminated { .. }
            | K::Shot { .. }
            | K::IdiotRevealed { .. }
            | K::SelfDestructed { .. }
            | K::Dueled { .. }
            | K::DayCut { .. }
            | K::BadgePassed { .. }
            | K::NightOpened { .. }
            | K::NightEnded { .. }
            | K::CardGiven { .. }
            | K::CardsConverted { .. }
            | K::SpeedupRequested { .. }
            | K::SpedUp
            | K::Extended { .. }
            | K::Paused
            | K::Resumed { .. }
            | K::Conceded { .. }
            | K::GameEnded { .. }
            | K::Revealed { .. } => Audience::Public,
        }
    }

    /// The characters whose role this event states, for the rule that no public event names
    /// a living character's role before the end.
    pub fn named_roles(&self) -> Vec<CharId> {
        use EventKind as K;
        match &self.kind {
            K::RolesDealt { roles, .. } | K::Revealed { roles, .. } => {
                (0..roles.len()).map(|i| CharId(i as u16)).collect()
            }
            K::RoleTold {
                character, team, ..
            } => {
                let mut v = vec![*character];
                v.extend(team);
                v
            }
            K::SeerChecked { target, .. } | K::PoliceResult { target, .. } => vec![*target],
            K::LeaderVoted { target, .. } => vec![*target],
            // The one role made public during a game (docs/rules.md §4 "Idiot").
            K::IdiotRevealed { idiot } => vec![*idiot],
            K::LeaderElected { leader, .. } => vec![*leader],
            K::LeaderPassed { to, .. } => vec![*to],
            K::CardGiven { target, reason, .. } if reason.reveals_wolf() => vec![*target],
            _ => Vec::new(),
        }
    }
}

/// The part of the game an event belongs to: where its rules are, where it is folded into
/// the state, and where its wording is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The game created, the seed committed, the roles dealt and told.
    Setup,
    /// The day: its opening, posts, votes and their close, the sheriff, the idiot's reveal,
    /// speed-ups.
    Day,
    /// The night: its opening, the wolves' leader and kill, the witch, the seer, the police.
    Night,
    /// Deaths and what follows them: last words, decision windows, the shot, hand-overs.
    Death,
    /// The standard boards' other abilities: the guard, a self-destruct, the knight's duel.
    Board,
    /// Cards given and converted.
    Card,
    /// Between the table and the judge: substitutes, extensions and pauses, tree holes,
    /// appeals, concessions.
    Judge,
    /// The game's end and the reveal.
    End,
}

impl EventKind {
    /// The part of the game this event belongs to.
    pub fn part(&self) -> Part {
        use EventKind as K;
        match self {
            K::Created { .. }
            | K::SeedCommitted { .. }
            | K::RolesDealt { .. }
            | K::RoleTold { .. } => Part::Setup,
            K::DayOpened { .. }
            | K::Posted { .. }
            | K::VoteCast { .. }
            | K::VoteClosed { .. }
            | K::DayCut { .. }
            | K::SheriffElected { .. }
            | K::NobodyOut { .. }
            | K::IdiotRevealed { .. }
            | K::SpeedupRequested { .. }
            | K::SpedUp => Part::Day,
            K::NightOpened { .. }
            | K::LeaderVoted { .. }
            | K::LeaderElected { .. }
            | K::KillSubmitted { .. }
            | K::KillFixed { .. }
            | K::WitchTold { .. }
            | K::WitchSaved { .. }
            | K::WitchPoisoned { .. }
            | K::WitchPassed { .. }
            | K::SeerChecked { .. }
            | K::CheckSubmitted { .. }
            | K::PoliceResult { .. }
            | K::WolvesClosed
            | K::NightEnded { .. } => Part::Night,
            K::Eliminated { .. }
            | K::LastWordsGranted { .. }
            | K::LastWordsGiven { .. }
            | K::DecisionOpened { .. }
            | K::Shot { .. }
            | K::DecisionLapsed { .. }
            | K::ShotDeclined { .. }
            | K::BadgePassed { .. }
            | K::LeaderPassed { .. } => Part::Death,
            K::GuardProtected { .. } | K::SelfDestructed { .. } | K::Dueled { .. } => Part::Board,
            K::CardGiven { .. } | K::CardsConverted { .. } => Part::Card,
            K::Substituted { .. }
            | K::Extended { .. }
            | K::Paused
            | K::Resumed { .. }
            | K::TreeHole { .. }
            | K::Appealed { .. }
            | K::AppealsListed { .. }
            | K::Conceded { .. } => Part::Judge,
            K::GameEnded { .. } | K::Revealed { .. } => Part::End,
        }
    }
}
