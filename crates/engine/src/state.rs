//! The game state and `apply`, the fold of events into it. Nothing here decides anything:
//! every decision is made in `handle` and recorded as an event; `apply` only writes it down.
//! Each part of the game (`EventKind::part`) folds its own events beside its rules: `setup`,
//! `vote` for the day, `night`, `death`, `board`, `card`, each with its `apply_…`; the
//! judge's and the table's events (pauses, extensions, substitutes, the end) are folded here.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::append::AppendOnly;
use super::card::Cards;
use super::event::{Cause, DecisionKind, Deed, Event, EventKind, Part};
use super::ids::CharId;
use super::limits::{self, later};
use super::phase::Phase;
use super::role::{Role, Winner};
use super::ruleset::{Kind, LastWords, Ruleset};

/// One seat of the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Character {
    pub name: String,
    /// The account currently playing it (a substitute replaces this, not the character).
    pub player: String,
    pub role: Role,
    pub alive: bool,
    pub cards: Cards,
    /// Posts per discussion day.
    pub posts: BTreeMap<u32, u32>,
    /// The day of the last lurking-streak card (the streak starts again after it).
    pub last_streak_card: Option<u32>,
}

/// A standing day vote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ballot {
    /// `None`: abstained.
    pub target: Option<CharId>,
    pub reason: String,
    /// Order of arrival across the whole game ("who reached it first").
    pub seq: u64,
    pub changes: u32,
    pub proxy: bool,
}

/// The open (or just closed) day or tie round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DayState {
    pub day: u32,
    pub round: u32,
    pub opened: DateTime<Utc>,
    pub closes: DateTime<Utc>,
    pub ballots: BTreeMap<CharId, Ballot>,
    /// Tie rounds: the only valid targets (empty: anyone living).
    pub candidates: Vec<CharId>,
    /// Tie rounds: the only voters (ignored in the main round, where everyone living votes).
    pub voters: Vec<CharId>,
    pub closed: bool,
}

/// A night submission (a kill, a police check).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Submission {
    pub target: CharId,
    pub reason: String,
    pub seq: u64,
}

/// The open (or resolved) night.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NightState {
    pub night: u32,
    pub opened: DateTime<Utc>,
    pub wolves_until: DateTime<Utc>,
    pub witch_until: DateTime<Utc>,
    /// First-night leader election: voter → (candidate, seq).
    pub leader_votes: BTreeMap<CharId, (CharId, u64)>,
    pub kills: BTreeMap<CharId, Submission>,
    /// `None` while open; `Some(target)` once fixed (`Some(None)`: no kill).
    #[serde(with = "fixed_kill")]
    pub kill: Option<Option<CharId>>,
    pub saved: Option<CharId>,
    pub poisoned: Option<CharId>,
    pub witch_done: bool,
    pub seer_checked: bool,
    pub checks: BTreeMap<CharId, Submission>,
    /// The wolves' (and seer's, police's) deadline has passed.
    pub wolves_closed: bool,
    pub resolved: bool,
    /// The guard's protection tonight (docs/rules.md §4); absent from older snapshots.
    #[serde(default)]
    pub protected: Option<CharId>,
    /// The guard has chosen (someone or nobody) tonight.
    #[serde(default)]
    pub guard_done: bool,
}

/// A decision window opened by a death.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub kind: DecisionKind,
    pub character: CharId,
    pub until: DateTime<Utc>,
}

/// A last-words right.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Grant {
    pub character: CharId,
    /// Due by the opening of this day; published in its opening post.
    pub due_day: u32,
    pub text: Option<String>,
}

/// The whole state of one game: the fold of its events. Only `apply` writes its fields;
/// outside the engine they are read through the methods of their names. A game no
/// [`create`](super::create) would make (a deal the ruleset's board refuses, a changed deal)
/// is made the same way, by folding the events that say so.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Game {
    pub(crate) ruleset: Ruleset,
    pub(crate) seed: super::rng::Seed,
    pub(crate) start: DateTime<Utc>,
    /// Seeded random draws used so far (draw `i` is stream `i` of the seed's ChaCha).
    pub(crate) draws: u64,
    /// Arrival counter for votes and submissions.
    pub(crate) seq: u64,
    /// Time of the latest event.
    pub(crate) clock: DateTime<Utc>,
    pub(crate) chars: Vec<Character>,
    pub(crate) phase: Phase,
    pub(crate) day: Option<DayState>,
    pub(crate) night: Option<NightState>,
    /// The number of the latest day opened (0 before the first).
    pub(crate) last_day: u32,
    pub(crate) pending: Vec<Pending>,
    pub(crate) sheriff: Option<CharId>,
    pub(crate) leader: Option<CharId>,
    pub(crate) antidote: bool,
    pub(crate) poison: bool,
    pub(crate) speedup_requests: BTreeSet<CharId>,
    pub(crate) sped_up: bool,
    pub(crate) eliminations: Vec<(CharId, Cause, Phase)>,
    /// Eliminations already announced in a day's opening post.
    pub(crate) announced: usize,
    pub(crate) grants: Vec<Grant>,
    pub(crate) winner: Option<Winner>,
    /// What was done, for the reveal (shared between copies: it only grows).
    pub(crate) deeds: AppendOnly<Deed>,
    pub(crate) tree_holes: AppendOnly<(CharId, String)>,
    /// Complaints to the judge, listed at the end (absent in games stored before them).
    #[serde(default)]
    pub(crate) appeals: AppendOnly<super::event::Appeal>,
    pub(crate) commitment: String,
    /// When the judge paused the game, while paused.
    #[serde(default)]
    pub(crate) paused: Option<DateTime<Utc>>,
    /// The player account the killers may not choose on night 1 (a tournament's house rule).
    #[serde(default)]
    pub(crate) forbidden_first_kill: Option<String>,
    /// The player account the killers' kill fell on on night 1 (the next game of a
    /// tournament forbids it), once fixed.
    #[serde(default)]
    pub(crate) first_night_victim: Option<String>,
    /// Fixed phase times: when the next phase opens, once the vote has closed or the night's
    /// last deadline has passed (`None` otherwise, and always without the option).
    #[serde(default)]
    pub(crate) next_phase: Option<DateTime<Utc>>,
    /// Idiots revealed by a vote, in order (docs/rules.md §4): alive, no longer voting.
    #[serde(default)]
    pub(crate) revealed: Vec<CharId>,
    /// The guard's latest protection of a character: (night, character). Not the same
    /// character two nights in a row (docs/rules.md §4).
    #[serde(default)]
    pub(crate) last_protected: Option<(u32, CharId)>,
    /// Knights who have used their one duel.
    #[serde(default)]
    pub(crate) duels: Vec<CharId>,
}

impl Game {
    /// Rebuilds a game from its event log.
    pub fn replay<'a>(events: impl IntoIterator<Item = &'a Event>) -> Game {
        let mut g = Game::default();
        for e in events {
            apply(&mut g, e);
        }
        g
    }

    pub fn ch(&self, id: CharId) -> &Character {
        &self.chars[id.idx()]
    }

    pub fn ids(&self) -> impl Iterator<Item = CharId> + '_ {
        (0..self.chars.len()).map(|i| CharId(i as u16))
    }

    pub fn living(&self) -> Vec<CharId> {
        self.ids().filter(|c| self.ch(*c).alive).collect()
    }

    pub fn living_with(&self, pred: impl Fn(Role) -> bool) -> Vec<CharId> {
        self.ids()
            .filter(|c| self.ch(*c).alive && pred(self.ch(*c).role))
            .collect()
    }

    /// The first character holding `role` (seer, witch, hunter are unique in M32).
    pub fn holder(&self, role: Role) -> Option<CharId> {
        self.ids().find(|c| self.ch(*c).role == role)
    }

    pub fn is_alive(&self, id: CharId) -> bool {
        self.chars.get(id.idx()).is_some_and(|c| c.alive)
    }

    pub fn find(&self, name: &str) -> Option<CharId> {
        self.chars
            .iter()
            .position(|c| c.name == name)
            .map(|i| CharId(i as u16))
    }

    /// Whether the tournament's house rule forbids choosing `target` as the kill now: it is
    /// night 1 and `target` is played by the previous game's first-night victim.
    pub fn first_kill_forbidden(&self, target: CharId) -> bool {
        let Some(forbidden) = self.forbidden_first_kill.as_deref() else {
            return false;
        };
        self.night.as_ref().is_some_and(|n| n.night == 1)
            && self
                .chars
                .get(target.idx())
                .is_some_and(|c| c.player == forbidden)
    }

    pub fn ended(&self) -> bool {
        self.phase == Phase::Ended
    }

    pub fn kind(&self) -> Kind {
        self.ruleset.kind
    }

    /// The last-words quota of this game.
    pub fn last_words_quota(&self) -> usize {
        match self.ruleset.options.last_words {
            LastWords::Count(n) => n,
            LastWords::Keyword(_) => self
                .ids()
                .filter(|c| self.ch(*c).role == Role::Police)
                .count(),
        }
    }

    /// Last words given but not (yet) published: each is published in the opening post of
    /// its due day, so those due after the latest day opened; at the end, those the game
    /// ended before publishing (the reveal shows them).
    pub fn unpublished_last_words(&self) -> Vec<(CharId, &str)> {
        self.grants
            .iter()
            .filter(|gr| gr.due_day > self.last_day)
            .filter_map(|gr| gr.text.as_deref().map(|t| (gr.character, t)))
            .collect()
    }

    /// The number of the day on which a death now would be announced.
    pub fn announcing_day(&self) -> u32 {
        match self.phase {
            Phase::Day { day, .. } => day,
            Phase::Night { night } => match self.kind() {
                Kind::Werewolf => night + 1,
                Kind::Mafia => night,
            },
            Phase::Setup | Phase::Ended => self.last_day + 1,
        }
    }

    /// The next time something falls due, if anything does.
    pub fn next_deadline(&self) -> Option<DateTime<Utc>> {
        if self.ended() || self.paused.is_some() {
            return None;
        }
        let pending = self.pending.iter().map(|p| p.until).min();
        if !self.ruleset.options.fixed_phase_times && pending.is_some() {
            // Without fixed phase times the game waits for the decisions first.
            return pending;
        }
        // With them, a decision window may run on past the phase change, which does not wait.
        match (pending, self.phase_deadline()) {
            (Some(p), Some(q)) => Some(p.min(q)),
            (p, q) => p.or(q),
        }
    }

    /// The time the current phase (or the gap after it) ends, if it is scheduled.
    fn phase_deadline(&self) -> Option<DateTime<Utc>> {
        match self.phase {
            Phase::Day { .. } => match self.day.as_ref() {
                Some(d) if !d.closed => Some(d.closes),
                _ => self.next_phase,
            },
            Phase::Night { .. } => match self.night.as_ref() {
                Some(n) if !n.resolved => Some(if n.wolves_closed {
                    n.witch_until
                } else {
                    n.wolves_until
                }),
                _ => self.next_phase,
            },
            Phase::Setup | Phase::Ended => None,
        }
    }

    /// The latest time this game's clock may reach (`limits::CLOCK_LIMIT_DAYS` after the
    /// start): later commands are refused (`clock_limit`).
    pub fn latest(&self) -> DateTime<Utc> {
        limits::latest(self.start)
    }

    /// Every deadline still open: the day's close, the night's parts, decision windows and
    /// the next phase's opening (what an extension or a resume moves).
    pub(crate) fn open_deadlines_mut(&mut self) -> impl Iterator<Item = &mut DateTime<Utc>> {
        let day = self
            .day
            .as_mut()
            .filter(|d| !d.closed)
            .map(|d| &mut d.closes);
        let night = self
            .night
            .as_mut()
            .filter(|n| !n.resolved)
            .into_iter()
            .flat_map(|n| [&mut n.wolves_until, &mut n.witch_until]);
        let pending = self.pending.iter_mut().map(|p| &mut p.until);
        day.into_iter()
            .chain(night)
            .chain(pending)
            .chain(self.next_phase.as_mut())
    }

    /// Whether the character poisoned tonight is still to die: the night's resolution
    /// has begun and paused for the hunter's window (docs/rules.md §1 "The night", step 5).
    pub fn poison_due(&self) -> bool {
        self.night.as_ref().is_some_and(|n| {
            n.resolved && n.poisoned.is_some_and(|p| self.is_alive(p)) && !self.ended()
        })
    }
}

/// The game read from outside the engine: one method per field, of the field's name, a copy
/// of what is `Copy` and a reference (or slice) to the rest. Only `apply` writes the fields.
impl Game {
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    pub fn seed(&self) -> super::rng::Seed {
        self.seed
    }

    pub fn start(&self) -> DateTime<Utc> {
        self.start
    }

    /// Seeded random draws used so far (draw `i` is stream `i` of the seed's ChaCha).
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// The arrival counter for votes and submissions.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The time of the latest event.
    pub fn clock(&self) -> DateTime<Utc> {
        self.clock
    }

    /// The characters, in seat order (`CharId` indexes them).
    pub fn chars(&self) -> &[Character] {
        &self.chars
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The open (or just closed) day or tie round.
    pub fn day(&self) -> Option<&DayState> {
        self.day.as_ref()
    }

    /// The open (or resolved) night.
    pub fn night(&self) -> Option<&NightState> {
        self.night.as_ref()
    }

    /// The number of the latest day opened (0 before the first).
    pub fn last_day(&self) -> u32 {
        self.last_day
    }

    /// The open decision windows.
    pub fn pending(&self) -> &[Pending] {
        &self.pending
    }

    pub fn sheriff(&self) -> Option<CharId> {
        self.sheriff
    }

    pub fn leader(&self) -> Option<CharId> {
        self.leader
    }

    /// Whether the witch still has her antidote.
    pub fn antidote(&self) -> bool {
        self.antidote
    }

    /// Whether the witch still has her poison.
    pub fn poison(&self) -> bool {
        self.poison
    }

    pub fn speedup_requests(&self) -> &BTreeSet<CharId> {
        &self.speedup_requests
    }

    pub fn sped_up(&self) -> bool {
        self.sped_up
    }

    /// Every elimination so far, in order: who, why, and in which phase.
    pub fn eliminations(&self) -> &[(CharId, Cause, Phase)] {
        &self.eliminations
    }

    /// Eliminations already announced in a day's opening post.
    pub fn announced(&self) -> usize {
        self.announced
    }

    /// The last-words rights granted so far.
    pub fn grants(&self) -> &[Grant] {
        &self.grants
    }

    pub fn winner(&self) -> Option<Winner> {
        self.winner
    }

    /// What was done, for the reveal.
    pub fn deeds(&self) -> &AppendOnly<Deed> {
        &self.deeds
    }

    pub fn tree_holes(&self) -> &AppendOnly<(CharId, String)> {
        &self.tree_holes
    }

    /// Complaints to the judge, listed at the end.
    pub fn appeals(&self) -> &AppendOnly<super::event::Appeal> {
        &self.appeals
    }

    /// The SHA-256 of the seed, published at the start.
    pub fn commitment(&self) -> &str {
        &self.commitment
    }

    /// When the judge paused the game, while paused.
    pub fn paused(&self) -> Option<DateTime<Utc>> {
        self.paused
    }

    /// The player account the killers may not choose on night 1 (a tournament's house rule).
    pub fn forbidden_first_kill(&self) -> Option<&str> {
        self.forbidden_first_kill.as_deref()
    }

    /// The player account the killers' kill fell on on night 1, once fixed.
    pub fn first_night_victim(&self) -> Option<&str> {
        self.first_night_victim.as_deref()
    }

    /// With fixed phase times, when the next phase opens, once the vote has closed or the
    /// night's last deadline has passed.
    pub fn next_phase(&self) -> Option<DateTime<Utc>> {
        self.next_phase
    }

    /// Idiots revealed by a vote, in order: alive, no longer voting.
    pub fn revealed(&self) -> &[CharId] {
        &self.revealed
    }

    /// The guard's latest protection of a character: (night, character).
    pub fn last_protected(&self) -> Option<(u32, CharId)> {
        self.last_protected
    }

    /// Knights who have used their one duel.
    pub fn duels(&self) -> &[CharId] {
        &self.duels
    }
}

/// Writes one event into the state (see the module's doc for where each part's are folded).
pub fn apply(g: &mut Game, e: &Event) {
    g.clock = g.clock.max(e.at);
    match e.kind.part() {
        Part::Setup => super::setup::apply_setup(g, e),
        Part::Day => super::vote::apply_day(g, e),
        Part::Night => super::night::apply_night(g, e),
        Part::Death => super::death::apply_death(g, e),
        Part::Board => super::board::apply_board(g, e),
        Part::Card => super::card::apply_card(g, e),
        Part::Judge | Part::End => apply_table(g, e),
    }
}

/// Folds the judge's and the table's events, and the end, into `g`. [`apply`] gives it no
/// other events.
fn apply_table(g: &mut Game, e: &Event) {
    use EventKind as K;
    match &e.kind {
        K::Substituted { character, player } => g.chars[character.idx()].player = player.clone(),
        K::Paused => g.paused = Some(e.at),
        K::Resumed { seconds } => {
            g.paused = None;
            shift_deadlines(g, seconds_checked(*seconds));
        }
        K::Extended { seconds } => shift_deadlines(g, seconds_checked(*seconds)),
        K::TreeHole { by, text } => g.tree_holes.push((*by, text.clone())),
        K::Appealed { by, player, text } => g.appeals.push(super::event::Appeal {
            by: *by,
            player: player.clone(),
            text: text.clone(),
            at: e.at,
        }),
        K::AppealsListed { .. } => {}
        K::Conceded { .. } => {}
        K::GameEnded { winner, .. } => {
            g.winner = *winner;
            g.phase = Phase::Ended;
            g.pending.clear();
            g.next_phase = None;
        }
        K::Revealed { .. } => {}
        _ => {}
    }
}

/// JSON has one `null`, so `Some(None)` ("fixed: no kill") would come back from a snapshot
/// as `None` ("still open"). Stored as `null` (open), `[]` (no kill) or `[target]`.
mod fixed_kill {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::CharId;

    pub fn serialize<S: Serializer>(v: &Option<Option<CharId>>, s: S) -> Result<S::Ok, S::Error> {
        v.map(|t| t.into_iter().collect::<Vec<_>>()).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Option<CharId>>, D::Error> {
        Ok(Option::<Vec<CharId>>::deserialize(d)?.map(|v| v.first().copied()))
    }
}

/// Records a deed for the reveal, at `at` in the current phase.
pub(crate) fn deed(
    g: &mut Game,
    at: DateTime<Utc>,
    by: Option<CharId>,
    what: &str,
    target: Option<CharId>,
) {
    g.deeds.push(Deed {
        at: Some(at),
        ..Deed::new(g.phase, by, what, target)
    });
}

/// `seconds` as a duration, the longest one for a count out of chrono's range.
fn seconds_checked(seconds: i64) -> Duration {
    Duration::try_seconds(seconds).unwrap_or(Duration::MAX)
}

/// Moves every open deadline by `by` (an extension, or the time a pause lasted). Checked:
/// `handle` refuses an extension past the clock limit, so this never saturates for an event
/// it made, but `apply` stays total on any event.
fn shift_deadlines(g: &mut Game, by: Duration) {
    for t in g.open_deadlines_mut() {
        *t = later(*t, by);
    }
}
