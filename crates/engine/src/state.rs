//! The game state and `apply`, the fold of events into it. Nothing here decides anything:
//! every decision is made in `handle` and recorded as an event; `apply` only writes it down.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::append::AppendOnly;
use super::card::{CardReason, Cards};
use super::event::{Audience, CardNote, Cause, DecisionKind, Deed, Earlier, Event, EventKind};
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
    /// The guard's protection tonight (RULES.md §4); absent from older snapshots.
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

/// The whole state of one game: the fold of its events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Game {
    pub ruleset: Ruleset,
    pub seed: super::rng::Seed,
    pub start: DateTime<Utc>,
    /// Seeded random draws used so far (draw `i` is stream `i` of the seed's ChaCha).
    pub draws: u64,
    /// Arrival counter for votes and submissions.
    pub seq: u64,
    /// Time of the latest event.
    pub clock: DateTime<Utc>,
    pub chars: Vec<Character>,
    pub phase: Phase,
    pub day: Option<DayState>,
    pub night: Option<NightState>,
    /// The number of the latest day opened (0 before the first).
    pub last_day: u32,
    pub pending: Vec<Pending>,
    pub sheriff: Option<CharId>,
    pub leader: Option<CharId>,
    pub antidote: bool,
    pub poison: bool,
    pub speedup_requests: BTreeSet<CharId>,
    pub sped_up: bool,
    pub eliminations: Vec<(CharId, Cause, Phase)>,
    /// Eliminations already announced in a day's opening post.
    pub announced: usize,
    pub grants: Vec<Grant>,
    pub winner: Option<Winner>,
    /// What was done, for the reveal (shared between copies: it only grows).
    pub deeds: AppendOnly<Deed>,
    pub tree_holes: AppendOnly<(CharId, String)>,
    /// Complaints to the judge, listed at the end (absent in games stored before them).
    #[serde(default)]
    pub appeals: AppendOnly<super::event::Appeal>,
    pub commitment: String,
    /// When the judge paused the game, while paused.
    #[serde(default)]
    pub paused: Option<DateTime<Utc>>,
    /// The player account the killers may not choose on night 1 (a tournament's house rule).
    #[serde(default)]
    pub forbidden_first_kill: Option<String>,
    /// The player account the killers' kill fell on on night 1 (the next game of a
    /// tournament forbids it), once fixed.
    #[serde(default)]
    pub first_night_victim: Option<String>,
    /// Fixed phase times: when the next phase opens, once the vote has closed or the night's
    /// last deadline has passed (`None` otherwise, and always without the option).
    #[serde(default)]
    pub next_phase: Option<DateTime<Utc>>,
    /// Idiots revealed by a vote, in order (RULES.md §4): alive, no longer voting.
    #[serde(default)]
    pub revealed: Vec<CharId>,
    /// The guard's latest protection of a character: (night, character). Not the same
    /// character two nights in a row (RULES.md §4).
    #[serde(default)]
    pub last_protected: Option<(u32, CharId)>,
    /// Knights who have used their one duel.
    #[serde(default)]
    pub duels: Vec<CharId>,
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
    /// has begun and paused for the hunter's window (RULES.md §1 "The night", step 5).
    pub fn poison_due(&self) -> bool {
        self.night.as_ref().is_some_and(|n| {
            n.resolved && n.poisoned.is_some_and(|p| self.is_alive(p)) && !self.ended()
        })
    }
}

/// Writes one event into the state.
pub fn apply(g: &mut Game, e: &Event) {
    use EventKind as K;
    g.clock = g.clock.max(e.at);
    match &e.kind {
        K::Created {
            ruleset,
            seed,
            start,
            characters,
            forbidden_first_kill,
            players,
        } => {
            g.ruleset = (**ruleset).clone();
            g.forbidden_first_kill = forbidden_first_kill.clone();
            g.seed = *seed;
            g.start = *start;
            g.clock = *start;
            g.antidote = true;
            g.poison = true;
            g.chars = characters
                .iter()
                .enumerate()
                .map(|(i, n)| Character {
                    name: n.clone(),
                    player: players.as_ref().and_then(|p| p.get(i)).unwrap_or(n).clone(),
                    alive: true,
                    ..Character::default()
                })
                .collect();
        }
        K::SeedCommitted { commitment } => g.commitment = commitment.clone(),
        K::RolesDealt { roles, by_seed } => {
            for (c, r) in g.chars.iter_mut().zip(roles) {
                c.role = *r;
            }
            if *by_seed {
                g.draws += 1;
            }
        }
        K::RoleTold { .. } => {}
        K::DayOpened {
            day,
            round,
            closes,
            candidates,
            voters,
            ..
        } => {
            g.phase = Phase::Day {
                day: *day,
                round: *round,
            };
            g.next_phase = None;
            g.last_day = *day;
            g.announced = g.eliminations.len();
            g.night = None;
            g.day = Some(DayState {
                day: *day,
                round: *round,
                opened: e.at,
                closes: *closes,
                ballots: BTreeMap::new(),
                candidates: candidates.clone(),
                voters: voters.clone(),
                closed: false,
            });
        }
        K::Posted { by, day, .. } => {
            *g.chars[by.idx()].posts.entry(*day).or_insert(0) += 1;
        }
        K::VoteCast {
            by,
            target,
            reason,
            change,
            proxy,
        } => {
            g.seq += 1;
            let seq = g.seq;
            let phase = g.phase;
            // A change shows in the reveal as "old target -> new".
            let changed_from = if *change {
                g.day
                    .as_ref()
                    .and_then(|d| d.ballots.get(by))
                    .map(|b| Earlier { target: b.target })
            } else {
                None
            };
            if let Some(d) = g.day.as_mut() {
                let changes = d.ballots.get(by).map_or(0, |b| b.changes) + u32::from(*change);
                d.ballots.insert(
                    *by,
                    Ballot {
                        target: *target,
                        reason: reason.clone(),
                        seq,
                        changes,
                        proxy: *proxy,
                    },
                );
            }
            g.deeds.push(Deed {
                text: Some(reason.clone()),
                at: Some(e.at),
                changed_from,
                proxy: *proxy,
                ..Deed::new(
                    phase,
                    Some(*by),
                    if target.is_some() { "vote" } else { "abstain" },
                    *target,
                )
            });
        }
        K::VoteClosed { .. } => {
            if let Some(d) = g.day.as_mut() {
                d.closed = true;
            }
            // The schedule is a function of the close's time alone (no timing tells); a Mafia
            // tie round opening at once clears it again.
            if g.ruleset.options.fixed_phase_times {
                g.next_phase = Some(later(e.at, g.ruleset.options.decision_window.dur()));
            }
        }
        K::SheriffElected { sheriff } => g.sheriff = *sheriff,
        K::NobodyOut { .. } => {}
        K::Eliminated {
            character,
            cause,
            when,
        } => {
            g.chars[character.idx()].alive = false;
            g.eliminations.push((*character, *cause, *when));
            g.speedup_requests.remove(character);
        }
        K::LastWordsGranted { character, due_day } => g.grants.push(Grant {
            character: *character,
            due_day: *due_day,
            text: None,
        }),
        K::LastWordsGiven { character, text } => {
            if let Some(gr) = g.grants.iter_mut().find(|gr| gr.character == *character) {
                gr.text = Some(text.clone());
            }
        }
        K::DecisionOpened {
            kind,
            character,
            until,
        } => {
            // Reopening a window (a hunter-sheriff's badge after his shot) replaces it.
            remove_pending(g, *kind, *character);
            g.pending.push(Pending {
                kind: *kind,
                character: *character,
                until: *until,
            });
        }
        K::Shot { hunter, target } => {
            remove_pending(g, DecisionKind::Shoot, *hunter);
            deed(g, e.at, Some(*hunter), "shoot", Some(*target));
        }
        K::DecisionLapsed { kind, character } => {
            remove_pending(g, *kind, *character);
            let what = match kind {
                DecisionKind::Shoot => "lapsed_shoot",
                DecisionKind::Badge => "lapsed_badge",
                DecisionKind::Leader => "lapsed_leader",
            };
            deed(g, e.at, Some(*character), what, None);
        }
        K::ShotDeclined { hunter } => {
            remove_pending(g, DecisionKind::Shoot, *hunter);
            deed(g, e.at, Some(*hunter), "hold_fire", None);
        }
        K::BadgePassed { from, to, draw } => {
            if let Some(f) = from {
                remove_pending(g, DecisionKind::Badge, *f);
            }
            g.sheriff = Some(*to);
            g.draws += u64::from(draw.is_some());
            // A drawn successor was not the holder's choice: the reveal must not say so.
            let what = if draw.is_some() {
                "badge_drawn"
            } else {
                "pass_badge"
            };
            deed(g, e.at, *from, what, Some(*to));
        }
        K::LeaderPassed { from, to, draw } => {
            if let Some(f) = from {
                remove_pending(g, DecisionKind::Leader, *f);
            }
            g.leader = Some(*to);
            g.draws += u64::from(draw.is_some());
            let what = if draw.is_some() {
                "leader_drawn"
            } else {
                "pass_leader"
            };
            deed(g, e.at, *from, what, Some(*to));
        }
        K::NightOpened {
            night,
            wolves_until,
            witch_until,
        } => {
            g.phase = Phase::Night { night: *night };
            g.next_phase = None;
            g.night = Some(NightState {
                night: *night,
                opened: e.at,
                wolves_until: *wolves_until,
                witch_until: *witch_until,
                leader_votes: BTreeMap::new(),
                kills: BTreeMap::new(),
                kill: None,
                saved: None,
                poisoned: None,
                witch_done: false,
                seer_checked: false,
                checks: BTreeMap::new(),
                wolves_closed: false,
                resolved: false,
                protected: None,
                guard_done: false,
            });
        }
        K::LeaderVoted { by, target } => {
            g.seq += 1;
            let seq = g.seq;
            if let Some(n) = g.night.as_mut() {
                n.leader_votes.insert(*by, (*target, seq));
            }
            deed(g, e.at, Some(*by), "leader_vote", Some(*target));
        }
        K::LeaderElected { leader, draw } => {
            g.leader = Some(*leader);
            g.draws += u64::from(draw.is_some());
            let what = if draw.is_some() {
                "leader_drawn"
            } else {
                "leader_elected"
            };
            deed(g, e.at, None, what, Some(*leader));
        }
        K::KillSubmitted { by, target, reason } => {
            g.seq += 1;
            let seq = g.seq;
            if let Some(n) = g.night.as_mut() {
                n.kills.insert(
                    *by,
                    Submission {
                        target: *target,
                        reason: reason.clone(),
                        seq,
                    },
                );
            }
            g.deeds.push(Deed {
                text: Some(reason.clone()),
                at: Some(e.at),
                ..Deed::new(g.phase, Some(*by), "kill", Some(*target))
            });
        }
        K::KillFixed { target, picked_by } => {
            if let Some(n) = g.night.as_mut() {
                n.kill = Some(*target);
                if n.night == 1 {
                    g.first_night_victim = target
                        .and_then(|t| g.chars.get(t.idx()))
                        .map(|c| c.player.clone());
                }
            }
            deed(
                g,
                e.at,
                *picked_by,
                if picked_by.is_some() {
                    "pick"
                } else {
                    "kill_fixed"
                },
                *target,
            );
        }
        K::WitchTold { .. } => {}
        K::WitchSaved { witch, target } => {
            g.antidote = false;
            if let Some(n) = g.night.as_mut() {
                n.saved = Some(*target);
                n.witch_done = true;
            }
            deed(g, e.at, Some(*witch), "save", Some(*target));
        }
        K::WitchPoisoned { witch, target } => {
            g.poison = false;
            if let Some(n) = g.night.as_mut() {
                n.poisoned = Some(*target);
                n.witch_done = true;
            }
            deed(g, e.at, Some(*witch), "poison", Some(*target));
        }
        K::WitchPassed { witch } => {
            if let Some(n) = g.night.as_mut() {
                n.witch_done = true;
            }
            deed(g, e.at, Some(*witch), "pass", None);
        }
        K::SeerChecked { seer, target, .. } => {
            if let Some(n) = g.night.as_mut() {
                n.seer_checked = true;
            }
            deed(g, e.at, Some(*seer), "check", Some(*target));
        }
        K::CheckSubmitted { by, target } => {
            g.seq += 1;
            let seq = g.seq;
            if let Some(n) = g.night.as_mut() {
                n.checks.insert(
                    *by,
                    Submission {
                        target: *target,
                        reason: String::new(),
                        seq,
                    },
                );
            }
            deed(g, e.at, Some(*by), "check", Some(*target));
        }
        K::PoliceResult { .. } => {}
        K::GuardProtected { guard, target } => {
            if let Some(n) = g.night.as_mut() {
                n.protected = *target;
                n.guard_done = true;
                if let Some(t) = target {
                    g.last_protected = Some((n.night, *t));
                }
            }
            deed(g, e.at, Some(*guard), "protect", *target);
        }
        K::IdiotRevealed { idiot } => {
            g.revealed.push(*idiot);
            deed(g, e.at, Some(*idiot), "idiot_revealed", None);
        }
        K::SelfDestructed { wolf, target } => {
            deed(g, e.at, Some(*wolf), "self_destruct", *target);
        }
        K::Dueled { knight, target, .. } => {
            g.duels.push(*knight);
            deed(g, e.at, Some(*knight), "duel", Some(*target));
        }
        K::DayCut { .. } => {
            if let Some(d) = g.day.as_mut() {
                d.closed = true;
            }
            if g.ruleset.options.fixed_phase_times {
                g.next_phase = Some(later(e.at, g.ruleset.options.decision_window.dur()));
            }
        }
        K::WolvesClosed => {
            if let Some(n) = g.night.as_mut() {
                n.wolves_closed = true;
            }
        }
        K::NightEnded { .. } => {
            if let Some(n) = g.night.as_mut() {
                n.resolved = true;
            }
            if g.ruleset.options.fixed_phase_times {
                g.next_phase = Some(later(e.at, g.ruleset.options.night_decision_window.dur()));
            }
        }
        K::CardGiven {
            target,
            color,
            reason,
        } => {
            let c = &mut g.chars[target.idx()];
            c.cards.add(*color);
            if let CardReason::LurkStreak { day, .. } = reason {
                c.last_streak_card = Some(*day);
            }
            let card = CardNote {
                color: *color,
                reason: Some(reason.clone()),
                from: None,
                public: e.audience() == Audience::Public,
            };
            g.deeds.push(Deed {
                at: Some(e.at),
                card: Some(card),
                ..Deed::new(g.phase, None, "card", Some(*target))
            });
        }
        K::CardsConverted {
            target, from, to, ..
        } => {
            let card = CardNote {
                color: *to,
                reason: None,
                from: Some(*from),
                public: e.audience() == Audience::Public,
            };
            g.deeds.push(Deed {
                at: Some(e.at),
                card: Some(card),
                ..Deed::new(g.phase, None, "cards_converted", Some(*target))
            });
            let per = match from {
                super::card::Color::Blue => g.ruleset.options.blues_per_yellow,
                _ => g.ruleset.options.yellows_per_red,
            };
            g.chars[target.idx()].cards.convert(*from, *to, per);
        }
        K::SpeedupRequested { by, .. } => {
            g.speedup_requests.insert(*by);
        }
        K::SpedUp => g.sped_up = true,
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

fn remove_pending(g: &mut Game, kind: DecisionKind, who: CharId) {
    g.pending
        .retain(|p| !(p.kind == kind && p.character == who));
}

fn deed(g: &mut Game, at: DateTime<Utc>, by: Option<CharId>, what: &str, target: Option<CharId>) {
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
