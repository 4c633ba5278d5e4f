//! The night: the first night's wolf-leader election, kill submissions and the leader's
//! pick, the witch, the seer, Mafia's majority kill and police check, and the resolution.
//!
//! `apply_night` folds the night's events into the state.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use super::card::{CardReason, Color};
use super::event::{Cause, Deed, Event, EventKind};
use super::ids::CharId;
use super::limits::later;
use super::role::Role;
use super::ruleset::{Kind, PickFallback, SplitTie};
use super::state::{deed, NightState, Submission};
use super::{Game, Phase, RuleError, Tx};

/// The most frequent target among `subs`; ties go to the target whose earliest current
/// submission came first.
/// `tie` says whether an even split goes to the earliest submitted target or to nobody.
fn majority(subs: &BTreeMap<CharId, Submission>, tie: SplitTie) -> Option<CharId> {
    let mut count: BTreeMap<CharId, (usize, u64)> = BTreeMap::new();
    for s in subs.values() {
        let e = count.entry(s.target).or_insert((0, u64::MAX));
        e.0 += 1;
        e.1 = e.1.min(s.seq);
    }
    let top = count.values().map(|(n, _)| *n).max()?;
    if tie == SplitTie::Nobody && count.values().filter(|(n, _)| *n == top).count() > 1 {
        return None;
    }
    count
        .into_iter()
        .max_by(|a, b| a.1 .0.cmp(&b.1 .0).then(b.1 .1.cmp(&a.1 .1)))
        .map(|(c, _)| c)
}

/// The witch's two potions.
#[derive(Debug, Clone, Copy)]
enum Potion {
    Antidote,
    Poison,
}

impl Tx {
    pub(crate) fn open_night(&mut self, at: DateTime<Utc>) {
        let night = match self.g.kind() {
            Kind::Werewolf => self.g.last_day,
            Kind::Mafia => self.g.last_day + 1,
        };
        let wolves_until = self.after(at, |o| o.night_length);
        let witch_until = self.after(at, |o| o.witch_deadline);
        self.emit(
            at,
            EventKind::NightOpened {
                night,
                wolves_until,
                witch_until,
            },
        );
        // Red cards a hidden card completed by day send off now, as night deaths.
        self.convert_held_cards(at);
    }

    /// The open night whose `part` is still open, or why not.
    pub(crate) fn open_night_state(&self, wolves_part: bool) -> Result<&NightState, RuleError> {
        let wrong = RuleError::WrongPhase {
            phase: self.g.phase,
        };
        match (&self.g.phase, &self.g.night) {
            (Phase::Night { .. }, Some(n)) if !n.resolved => {
                if wolves_part && n.wolves_closed {
                    Err(RuleError::NightDeadlinePassed)
                } else {
                    Ok(n)
                }
            }
            // Still night, but its actions are settled: the deadline passed (not "the
            // wrong phase", which would send the player looking for another one).
            (Phase::Night { .. }, Some(_)) => Err(RuleError::NightDeadlinePassed),
            _ => Err(wrong),
        }
    }

    fn role_of(&self, c: CharId) -> Role {
        self.g.ch(c).role
    }

    fn leader_election_open(&self) -> bool {
        let o = &self.g.ruleset.options;
        o.wolf_leader
            && self.g.kind() == Kind::Werewolf
            && self.g.leader.is_none()
            && self
                .g
                .night
                .as_ref()
                .is_some_and(|n| n.night == 1 && !n.wolves_closed && !n.resolved)
    }

    pub(crate) fn leader_vote(
        &mut self,
        c: CharId,
        target: CharId,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        self.open_night_state(true)?;
        if !self.role_of(c).is_wolf() {
            return Err(RuleError::NoAbility { actor: c });
        }
        if !self.leader_election_open() {
            return Err(RuleError::LeaderElectionOver {
                leader: self.g.leader,
            });
        }
        if self
            .g
            .night
            .as_ref()
            .is_some_and(|n| n.leader_votes.contains_key(&c))
        {
            return Err(RuleError::AlreadyActed);
        }
        self.living_target(target)?;
        if !self.role_of(target).is_wolf() {
            return Err(RuleError::TargetNotWolf { target });
        }
        self.emit(now, EventKind::LeaderVoted { by: c, target });
        let wolves = self.g.living_with(Role::is_wolf);
        let voted = self.g.night.as_ref().map_or(0, |n| {
            wolves
                .iter()
                .filter(|w| n.leader_votes.contains_key(w))
                .count()
        });
        if voted >= wolves.len() {
            self.close_leader_election(now);
        }
        Ok(())
    }

    /// Elects the leader: the wolf that first reached the most votes; with no votes, a
    /// random living wolf. Wolves that did not vote get a yellow card.
    fn close_leader_election(&mut self, at: DateTime<Utc>) {
        let Some(n) = self.g.night.clone() else {
            return;
        };
        let mut count: BTreeMap<CharId, (usize, u64)> = BTreeMap::new();
        for (t, seq) in n
            .leader_votes
            .iter()
            .filter(|(voter, _)| self.g.is_alive(**voter))
            .map(|(_, v)| v)
        {
            let e = count.entry(*t).or_insert((0, 0));
            e.0 += 1;
            e.1 = e.1.max(*seq);
        }
        let wolves = self.g.living_with(Role::is_wolf);
        let best = count
            .iter()
            .filter(|(c, _)| self.g.is_alive(**c))
            .max_by(|a, b| a.1 .0.cmp(&b.1 .0).then(b.1 .1.cmp(&a.1 .1)))
            .map(|(c, _)| *c);
        let (leader, draw) = match best {
            Some(c) => (c, None),
            None => {
                let (i, idx) = self.draw(wolves.len());
                match wolves.get(i) {
                    Some(c) => (*c, Some(idx)),
                    None => return,
                }
            }
        };
        self.emit(at, EventKind::LeaderElected { leader, draw });
        if self.g.ruleset.options.auto_cards && !self.g.sped_up {
            for w in wolves {
                if !n.leader_votes.contains_key(&w) && !self.g.ended() {
                    self.give_card(w, Color::Yellow, CardReason::LeaderVoteMissing, at);
                }
            }
        }
    }

    pub(crate) fn kill(
        &mut self,
        c: CharId,
        target: CharId,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let n = self.open_night_state(true)?;
        if !self.role_of(c).is_wolfish() {
            return Err(RuleError::NoAbility { actor: c });
        }
        if n.kill.is_some() {
            return Err(RuleError::KillFixed);
        }
        // docs/rules.md §1: "a two-character reason". Counted in Unicode scalar values, as
        // given (docs/decisions.md, *Kill reasons*); the Discord modal only mirrors this.
        let want = self.g.ruleset.options.kill_reason_chars;
        let len = reason.chars().count();
        if want != 0 && len != want as usize {
            return Err(RuleError::KillReasonLength { len, want });
        }
        self.living_target(target)?;
        self.allowed_kill(target)?;
        self.emit(
            now,
            EventKind::KillSubmitted {
                by: c,
                target,
                reason: reason.to_string(),
            },
        );
        Ok(())
    }

    pub(crate) fn pick(
        &mut self,
        c: CharId,
        target: CharId,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let n = self.open_night_state(true)?;
        if !self.role_of(c).is_wolf() || !self.g.ruleset.options.wolf_leader {
            return Err(RuleError::NoAbility { actor: c });
        }
        if self.g.leader.is_none() {
            return Err(RuleError::LeaderNotChosen);
        }
        if self.g.leader != Some(c) {
            return Err(RuleError::NotLeader {
                leader: self.g.leader,
            });
        }
        if n.kill.is_some() {
            return Err(RuleError::KillFixed);
        }
        if !n.kills.values().any(|s| s.target == target) {
            return Err(RuleError::NotSubmitted { target });
        }
        self.living_target(target)?;
        self.allowed_kill(target)?;
        self.fix_kill(Some(target), Some(c), now);
        Ok(())
    }

    /// The tournament's house rule: the previous game's first-night victim may not be chosen
    /// on night 1 (a submission, the leader's pick).
    fn allowed_kill(&self, target: CharId) -> Result<(), RuleError> {
        if self.g.first_kill_forbidden(target) {
            return Err(RuleError::FirstKillForbidden { target });
        }
        Ok(())
    }

    /// The kill submissions the majority may choose from: those on a character the house
    /// rule forbids tonight are left out (a substitute may have brought the forbidden player
    /// into a seat after the submission was accepted).
    fn kill_choices(&self, n: &NightState) -> BTreeMap<CharId, Submission> {
        n.kills
            .iter()
            .filter(|(_, s)| !self.g.first_kill_forbidden(s.target))
            .map(|(k, s)| (*k, s.clone()))
            .collect()
    }

    /// Fixes the pack's kill and asks the witch.
    fn fix_kill(&mut self, target: Option<CharId>, picked_by: Option<CharId>, at: DateTime<Utc>) {
        self.emit(at, EventKind::KillFixed { target, picked_by });
        if let Some(w) = self.g.holder(Role::Witch).filter(|w| self.g.is_alive(*w)) {
            if self.g.antidote || self.g.poison {
                let told = if self.g.antidote { target } else { None };
                self.emit(
                    at,
                    EventKind::WitchTold {
                        witch: w,
                        target: told,
                    },
                );
            }
        }
    }

    /// The witch's night so far, or why she cannot act now.
    fn witch_night(&self, c: CharId) -> Result<&NightState, RuleError> {
        let n = self.open_night_state(false)?;
        if self.role_of(c) != Role::Witch {
            return Err(RuleError::NoAbility { actor: c });
        }
        Ok(n)
    }

    /// The witch waits for the wolves' kill (when the ruleset says so). Checked after what
    /// she can never do tonight, so a used-up potion is named as such.
    fn witch_waits(&self, n: &NightState) -> Result<(), RuleError> {
        if n.kill.is_none() && self.g.ruleset.options.witch_waits_for_kill {
            return Err(RuleError::WolvesNotDone);
        }
        Ok(())
    }

    /// The witch `c`'s night, if she may use `potion` now: one potion a night, each potion
    /// once a game, and (when the ruleset says so) not before the wolves are done.
    fn potion_night(&self, c: CharId, potion: Potion) -> Result<&NightState, RuleError> {
        let n = self.witch_night(c)?;
        let (this, other, left, used) = match potion {
            Potion::Antidote => (
                n.saved,
                n.poisoned,
                self.g.antidote,
                RuleError::AntidoteUsed,
            ),
            Potion::Poison => (n.poisoned, n.saved, self.g.poison, RuleError::PoisonUsed),
        };
        if this.is_some() || (n.witch_done && other.is_none()) {
            return Err(RuleError::AlreadyActed);
        }
        if other.is_some() {
            return Err(RuleError::OnePotionPerNight);
        }
        if !left {
            return Err(used);
        }
        self.witch_waits(n)?;
        Ok(n)
    }

    pub(crate) fn save(&mut self, c: CharId, now: DateTime<Utc>) -> Result<(), RuleError> {
        let n = self.potion_night(c, Potion::Antidote)?;
        let target = match n.kill {
            None => return Err(RuleError::WolvesNotDone),
            Some(t) => t.ok_or(RuleError::NoKillTarget)?,
        };
        if target == c && !self.g.ruleset.options.witch_self_save.allows(n.night) {
            return Err(RuleError::WitchSelfSave);
        }
        self.emit(now, EventKind::WitchSaved { witch: c, target });
        Ok(())
    }

    pub(crate) fn poison(
        &mut self,
        c: CharId,
        target: CharId,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        self.potion_night(c, Potion::Poison)?;
        self.living_target(target)?;
        self.emit(now, EventKind::WitchPoisoned { witch: c, target });
        Ok(())
    }

    pub(crate) fn witch_pass(&mut self, c: CharId, now: DateTime<Utc>) -> Result<(), RuleError> {
        let n = self.witch_night(c)?;
        if n.witch_done {
            return Err(RuleError::AlreadyActed);
        }
        self.witch_waits(n)?;
        self.emit(now, EventKind::WitchPassed { witch: c });
        Ok(())
    }

    pub(crate) fn check(
        &mut self,
        c: CharId,
        target: CharId,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let n = self.open_night_state(true)?;
        let role = self.role_of(c);
        if role != Role::Seer && role != Role::Police {
            return Err(RuleError::NoAbility { actor: c });
        }
        if role == Role::Seer && n.seer_checked {
            return Err(RuleError::AlreadyActed);
        }
        self.other_living_target(c, target)?;
        let kind = if role == Role::Seer {
            EventKind::SeerChecked {
                seer: c,
                target,
                village: self.role_of(target).is_village(),
            }
        } else {
            EventKind::CheckSubmitted { by: c, target }
        };
        self.emit(now, kind);
        Ok(())
    }

    /// Whether everything expected tonight is in.
    pub(crate) fn night_complete(&self) -> bool {
        let Some(n) = self.g.night.as_ref() else {
            return false;
        };
        let g = &self.g;
        match g.kind() {
            Kind::Mafia => {
                n.wolves_closed
                    || (g
                        .living_with(Role::is_wolfish)
                        .iter()
                        .all(|k| n.kills.contains_key(k))
                        && g.living_with(|r| r == Role::Police)
                            .iter()
                            .all(|p| n.checks.contains_key(p)))
            }
            Kind::Werewolf => {
                let leader_ok = !self.leader_election_open();
                let kill_ok = n.kill.is_some();
                let seer_ok = n.wolves_closed
                    || n.seer_checked
                    || g.holder(Role::Seer).is_none_or(|s| !g.is_alive(s));
                let witch_ok = match g.holder(Role::Witch).filter(|w| g.is_alive(*w)) {
                    None => true,
                    Some(w) => {
                        let can_save = g.antidote
                            && n.kill.flatten().is_some_and(|t| {
                                t != w || g.ruleset.options.witch_self_save.allows(n.night)
                            });
                        n.witch_done || !(g.poison || can_save)
                    }
                };
                let guard_ok = n.wolves_closed
                    || n.guard_done
                    || g.holder(Role::Guard).is_none_or(|s| !g.is_alive(s));
                leader_ok && kill_ok && seer_ok && witch_ok && guard_ok
            }
        }
    }

    /// The wolves' deadline: the leader election closes, the kill falls back, the seer's
    /// chance passes; in Mafia the night's part is over.
    pub(crate) fn close_wolves(&mut self, at: DateTime<Utc>) {
        if self.leader_election_open() {
            self.close_leader_election(at);
            if self.g.ended() {
                return;
            }
        }
        let Some(n) = self.g.night.clone() else {
            return;
        };
        self.emit(at, EventKind::WolvesClosed);
        if self.g.kind() == Kind::Werewolf && n.kill.is_none() {
            let target = match self.g.ruleset.options.leader_pick_fallback {
                PickFallback::MostSubmitted => {
                    majority(&self.kill_choices(&n), self.g.ruleset.options.split_tie)
                }
                PickFallback::None => None,
            };
            self.fix_kill(target.filter(|t| self.g.is_alive(*t)), None, at);
        }
    }

    /// The night's actions are in: apply them in order.
    pub(crate) fn resolve_night(&mut self, at: DateTime<Utc>) {
        let Some(n) = self.g.night.clone() else {
            return;
        };
        match self.g.kind() {
            Kind::Mafia => {
                let tie = self.g.ruleset.options.split_tie;
                let kill = majority(&self.kill_choices(&n), tie);
                if let Some(t) = majority(&n.checks, tie) {
                    let role = self.role_of(t);
                    self.emit(at, EventKind::PoliceResult { target: t, role });
                }
                self.emit(
                    at,
                    EventKind::KillFixed {
                        target: kill,
                        picked_by: None,
                    },
                );
                if let Some(t) = kill.filter(|t| self.g.is_alive(*t)) {
                    self.eliminate(t, Cause::NightKill, at);
                }
            }
            Kind::Werewolf => {
                // docs/rules.md §4: the target dies unless protected xor saved (同守同救: both
                // the guard and the witch on the same target, and it dies).
                let spared = |t: CharId| (n.protected == Some(t)) != (n.saved == Some(t));
                // A hunter both killed and poisoned, where the poisoned do not shoot, dies
                // of the poison (docs/rules.md §4 "Hunter", decision): the poison step takes him.
                let poisoned_hunter = |t: CharId| {
                    n.poisoned == Some(t)
                        && self.role_of(t) == Role::Hunter
                        && !self.g.ruleset.options.hunter_shoots_when_poisoned
                };
                if let Some(t) = n.kill.flatten().filter(|t| !spared(*t)) {
                    if self.g.is_alive(t) && !poisoned_hunter(t) {
                        self.eliminate(t, Cause::NightKill, at);
                    }
                }
                // docs/rules.md §1 step 5 (decision, from seed 001 step 3): a hunter killed here
                // shoots before the poison resolves, so the resolution pauses for his window
                // and `settle` resumes it once he has shot, held fire or let it pass.
                let hunter_deciding = self
                    .g
                    .pending
                    .iter()
                    .any(|p| p.kind == super::event::DecisionKind::Shoot);
                if !hunter_deciding {
                    self.resolve_poison(at);
                }
            }
        }
    }

    /// The last step of the night's resolution: the poisoned character dies (unless already
    /// dead, e.g. shot by the hunter, or the game is over).
    pub(crate) fn resolve_poison(&mut self, at: DateTime<Utc>) {
        if !self.g.poison_due() {
            return;
        }
        if let Some(p) = self.g.night.as_ref().and_then(|n| n.poisoned) {
            self.eliminate(p, Cause::Poison, at);
        }
    }
}

/// Folds the night's events into `g`: its opening, the leader, kills, the witch's potions,
/// checks, the deadlines. [`apply`](super::state::apply) gives it no other events.
pub(crate) fn apply_night(g: &mut Game, e: &Event) {
    use EventKind as K;
    match &e.kind {
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
        _ => {}
    }
}

/// docs/rules.md §1 "a two-character reason", as docs/decisions.md (*Kill reasons*) defines it:
/// exactly `kill_reason_chars` Unicode scalar values, counted on the reason as given.
#[cfg(test)]
mod kill_reason_tests {
    use chrono::{DateTime, Utc};

    use super::super::testing::dealt_until;
    use super::super::{handle, Action, Command, Game, Phase, Role};
    use super::*;

    /// A game of `ruleset` dealt `roles` in order (characters A, B, …), at night 1.
    fn night_one(ruleset: &str, roles: &[Role]) -> (Game, DateTime<Utc>) {
        let night_one = |p| matches!(p, Phase::Night { night: 1 });
        dealt_until(ruleset, roles, night_one, "night 1 opens")
    }

    fn kill(g: &Game, at: DateTime<Utc>, reason: &str) -> Result<(), RuleError> {
        let cmd = Command::by(
            CharId(0),
            Action::Kill {
                target: CharId(11),
                reason: reason.into(),
            },
        );
        handle(g, &cmd, at).map(|events| assert!(!events.is_empty()))
    }

    /// An m32 deal by seat: four wolves first, the three gods, five villagers.
    const M32_ROLES: [Role; 12] = {
        use Role::{Hunter, Seer, Villager, Witch, Wolf};
        [
            Wolf, Wolf, Wolf, Wolf, Seer, Witch, Hunter, Villager, Villager, Villager, Villager,
            Villager,
        ]
    };

    #[test]
    fn an_m32_kill_reason_has_exactly_two_unicode_scalar_values() {
        let (g, at) = night_one("m32", &M32_ROLES);
        assert_eq!(g.ruleset.options.kill_reason_chars, 2);
        // Two scalar values: accepted, whatever they look like.
        for ok in ["刀他", "ab", "e\u{301}", "👍🏽", " 刀"] {
            assert_eq!(kill(&g, at, ok), Ok(()), "{ok:?} is two characters");
        }
        // Not two: refused with the count, and nothing happens.
        for (bad, len) in [("刀", 1), ("刀他们", 3), ("", 0), ("👍", 1), ("👨‍👩‍👧", 5)]
        {
            assert_eq!(
                kill(&g, at, bad),
                Err(RuleError::KillReasonLength { len, want: 2 }),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn mafia_takes_a_kill_reason_of_any_length() {
        use Role::{Civilian, Killer, Police};
        let roles = [
            Killer, Killer, Killer, Police, Police, Police, Civilian, Civilian, Civilian, Civilian,
            Civilian, Civilian,
        ];
        let (g, at) = night_one("mafia", &roles);
        assert_eq!(g.ruleset.options.kill_reason_chars, 0);
        for reason in ["x", "刀他们", ""] {
            assert_eq!(kill(&g, at, reason), Ok(()), "{reason:?}");
        }
    }

    /// A kill's first step (the target, before the reason) meets every refusal its
    /// submission would, the reason's aside: a wolf may, a villager may not, nor anyone
    /// once the night is over.
    #[test]
    fn a_kill_before_its_reason_is_checked_as_its_submission() {
        let (g, at) = night_one("m32", &M32_ROLES);
        let (wolf, villager, target) = (CharId(0), CharId(11), CharId(10));
        assert_eq!(crate::may_kill(&g, wolf, target, at), Ok(()));
        let by_villager = Command::by(
            villager,
            Action::Kill {
                target,
                reason: "刀他".into(),
            },
        );
        let refused = handle(&g, &by_villager, at).expect_err("a villager may not kill");
        assert_eq!(crate::may_kill(&g, villager, target, at), Err(refused));
        assert_eq!(
            crate::may_kill(&g, wolf, CharId(99), at),
            Err(RuleError::UnknownCharacter { name: "#99".into() })
        );
        let later = g.next_deadline().expect("the night's deadline") + chrono::Duration::hours(30);
        assert!(
            crate::may_kill(&g, wolf, target, later).is_err(),
            "the night is over"
        );
    }
}
