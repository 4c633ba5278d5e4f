//! Deaths and what follows them: last words, the win check after each single elimination,
//! the hunter's shot, badge and leader hand-overs with their windows and seeded fallback.
//!
//! `apply_death` folds these events into the state.

use chrono::{DateTime, Utc};

use super::event::{Cause, DecisionKind, EndReason, Event, EventKind, WinCondition};
use super::ids::CharId;
use super::role::{Role, Winner};
use super::ruleset::{Kind, LastWordsDue};
use super::state::{deed, Grant, Pending};
use super::{card, Game, RuleError, Tx};

impl Tx {
    /// Takes `c` out of the game and runs every consequence in order.
    pub(crate) fn eliminate(&mut self, c: CharId, cause: Cause, at: DateTime<Utc>) {
        if !self.g.is_alive(c) || self.g.ended() {
            return;
        }
        let when = self.g.phase;
        self.emit(
            at,
            EventKind::Eliminated {
                character: c,
                cause,
                when,
            },
        );
        let sent_off = matches!(cause, Cause::RedCard | Cause::Judge);
        // A self-destructed wolf has no last words and uses up none (docs/rules.md §4, decision).
        let silent = sent_off || cause == Cause::SelfDestruct;
        if !silent && self.g.grants.len() < self.g.last_words_quota() {
            let due_day = match (self.g.ruleset.options.last_words_due, self.g.phase) {
                (LastWordsDue::NextDay, super::Phase::Day { day, .. }) => day + 1,
                (LastWordsDue::NextDay, _) => self.g.announcing_day(),
                (LastWordsDue::DayAfterAnnouncement, _) => self.g.announcing_day() + 1,
            };
            self.emit(
                at,
                EventKind::LastWordsGranted {
                    character: c,
                    due_day,
                },
            );
        }
        if let Some((w, _)) = self.win_condition() {
            self.end_game(Some(w), EndReason::Condition, at);
            return;
        }
        self.recheck_speedup(at);
        let window = super::limits::later(at, self.window());
        let role = self.g.ch(c).role;
        let o = &self.g.ruleset.options;
        let shoots = match cause {
            Cause::RedCard | Cause::Judge => o.hunter_shoots_when_sent_off,
            Cause::Poison => o.hunter_shoots_when_poisoned,
            // docs/rules.md §4 (decision): a hunter taken by the white wolf king does not shoot.
            Cause::Taken => false,
            _ => true,
        };
        if role == Role::Hunter && shoots {
            self.emit(
                at,
                EventKind::DecisionOpened {
                    kind: DecisionKind::Shoot,
                    character: c,
                    until: window,
                },
            );
        }
        for (kind, holds) in [
            (DecisionKind::Badge, self.g.sheriff == Some(c)),
            (DecisionKind::Leader, self.g.leader == Some(c)),
        ] {
            if !holds {
                continue;
            }
            if sent_off {
                self.hand_over_at_random(kind, c, at);
            } else {
                self.emit(
                    at,
                    EventKind::DecisionOpened {
                        kind,
                        character: c,
                        until: window,
                    },
                );
            }
        }
    }

    /// The decision window for a death now: after a vote, or in the night's resolution.
    fn window(&self) -> chrono::Duration {
        match self.g.phase {
            super::Phase::Night { .. } => self.span(|o| o.night_decision_window),
            _ => self.span(|o| o.decision_window),
        }
    }

    /// The winner if a win condition holds now, with the condition (the first that holds,
    /// in the order the rules list them).
    pub(crate) fn win_condition(&self) -> Option<(Winner, WinCondition)> {
        let g = &self.g;
        let alive = |r: Role| g.living_with(|x| x == r).len();
        let dealt = |r: Role| g.chars.iter().any(|c| c.role == r);
        match g.kind() {
            Kind::Werewolf => {
                let wolves = g.living_with(Role::is_wolf).len();
                let living = g.living().len();
                let gods_dealt = g.chars.iter().any(|c| c.role.is_god());
                // A revealed idiot is alive: he still counts as a god (docs/rules.md §4).
                let gods_alive = g.living_with(Role::is_god).len();
                if wolves == 0 {
                    Some((Winner::Village, WinCondition::WolvesOut))
                } else if g.ruleset.options.wolves_win_at_half && wolves * 2 >= living {
                    Some((Winner::Wolves, WinCondition::WolvesHalf))
                } else if gods_dealt && gods_alive == 0 {
                    Some((Winner::Wolves, WinCondition::GodsOut))
                } else if dealt(Role::Villager) && alive(Role::Villager) == 0 {
                    Some((Winner::Wolves, WinCondition::VillagersOut))
                } else {
                    None
                }
            }
            Kind::Mafia => {
                if alive(Role::Killer) == 0 {
                    Some((Winner::Police, WinCondition::KillersOut))
                } else if alive(Role::Police) == 0 {
                    Some((Winner::Killers, WinCondition::PoliceOut))
                } else if alive(Role::Civilian) == 0 {
                    Some((Winner::Draw, WinCondition::CiviliansOut))
                } else {
                    None
                }
            }
        }
    }

    /// Who may receive the badge or the leadership from `from` (a revealed idiot hands the
    /// badge on while alive: never to himself).
    fn eligible(&self, kind: DecisionKind, from: CharId) -> Vec<CharId> {
        let mut v = match kind {
            DecisionKind::Leader => self.g.living_with(Role::is_wolf),
            _ => self.g.living(),
        };
        v.retain(|c| *c != from);
        v
    }

    /// Gives the badge or the leadership to a seeded random eligible character.
    fn hand_over_at_random(&mut self, kind: DecisionKind, from: CharId, at: DateTime<Utc>) {
        let eligible = self.eligible(kind, from);
        if eligible.is_empty() {
            return;
        }
        let (i, idx) = self.draw(eligible.len());
        let to = eligible[i];
        let (from, draw) = (Some(from), Some(idx));
        let e = match kind {
            DecisionKind::Leader => EventKind::LeaderPassed { from, to, draw },
            _ => EventKind::BadgePassed { from, to, draw },
        };
        self.emit(at, e);
    }

    /// A decision window passed unused.
    pub(crate) fn lapse(&mut self, p: Pending, at: DateTime<Utc>) {
        self.emit(
            at,
            EventKind::DecisionLapsed {
                kind: p.kind,
                character: p.character,
            },
        );
        let what = match p.kind {
            DecisionKind::Shoot => {
                self.reopen_badge(p.character, at);
                return;
            }
            DecisionKind::Badge => card::MandatoryAction::PassBadge,
            DecisionKind::Leader => card::MandatoryAction::PassLeader,
        };
        self.hand_over_at_random(p.kind, p.character, at);
        if self.g.ruleset.options.auto_cards && !self.g.sped_up {
            self.give_card(
                p.character,
                card::Color::Yellow,
                card::CardReason::MissedAction { what },
                at,
            );
        }
    }

    /// Why `c` has no open `kind` decision: made already, its window passed, or never his.
    fn no_decision(&self, c: CharId, kind: DecisionKind) -> RuleError {
        let (made, lapsed): (&[&str], &str) = match kind {
            DecisionKind::Shoot => (&["shoot", "hold_fire"], "lapsed_shoot"),
            DecisionKind::Badge => (&["pass_badge"], "lapsed_badge"),
            DecisionKind::Leader => (&["pass_leader"], "lapsed_leader"),
        };
        let last = self
            .g
            .deeds
            .iter()
            .rev()
            .filter(|d| d.by == Some(c))
            .find(|d| made.contains(&d.what.as_str()) || d.what == lapsed);
        match last {
            Some(d) if d.what == lapsed => RuleError::DecisionLapsed,
            Some(_) => RuleError::DecisionMade,
            None => RuleError::NoDecisionPending,
        }
    }

    fn pending(&self, c: CharId, kind: DecisionKind) -> bool {
        self.g
            .pending
            .iter()
            .any(|p| p.character == c && p.kind == kind)
    }

    pub(crate) fn shoot(
        &mut self,
        c: CharId,
        target: CharId,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        if !self.pending(c, DecisionKind::Shoot) {
            return Err(self.no_decision(c, DecisionKind::Shoot));
        }
        self.other_living_target(c, target)?;
        self.emit(now, EventKind::Shot { hunter: c, target });
        self.eliminate(target, Cause::Shot, now);
        self.reopen_badge(c, now);
        Ok(())
    }

    /// A hunter-sheriff shoots first, then hands the badge on: once the shot is settled he
    /// gets a full window for the badge.
    fn reopen_badge(&mut self, c: CharId, at: DateTime<Utc>) {
        if self.g.ended() || !self.pending(c, DecisionKind::Badge) {
            return;
        }
        let until = super::limits::later(at, self.window());
        self.emit(
            at,
            EventKind::DecisionOpened {
                kind: DecisionKind::Badge,
                character: c,
                until,
            },
        );
    }

    pub(crate) fn hold_fire(&mut self, c: CharId, now: DateTime<Utc>) -> Result<(), RuleError> {
        if !self.pending(c, DecisionKind::Shoot) {
            return Err(self.no_decision(c, DecisionKind::Shoot));
        }
        self.emit(now, EventKind::ShotDeclined { hunter: c });
        self.reopen_badge(c, now);
        Ok(())
    }

    pub(crate) fn pass(
        &mut self,
        c: CharId,
        kind: DecisionKind,
        target: CharId,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        if !self.pending(c, kind) {
            return Err(self.no_decision(c, kind));
        }
        if kind == DecisionKind::Badge && self.pending(c, DecisionKind::Shoot) {
            return Err(RuleError::ShootFirst);
        }
        self.other_living_target(c, target)?;
        let (from, to, draw) = (Some(c), target, None);
        let e = match kind {
            DecisionKind::Leader => {
                if !self.g.ch(target).role.is_wolf() {
                    return Err(RuleError::TargetNotWolf { target });
                }
                EventKind::LeaderPassed { from, to, draw }
            }
            _ => EventKind::BadgePassed { from, to, draw },
        };
        self.emit(now, e);
        Ok(())
    }

    pub(crate) fn concede(&mut self, c: CharId, now: DateTime<Utc>) -> Result<(), RuleError> {
        let role = self.g.ch(c).role;
        if self.g.kind() != Kind::Mafia || !matches!(role, Role::Killer | Role::Police) {
            return Err(RuleError::NoAbility { actor: c });
        }
        if self.g.living_with(|r| r == role).len() != 1 {
            return Err(RuleError::ConcedeNotAllowed);
        }
        self.emit(now, EventKind::Conceded { by: c });
        self.end_game(Some(Winner::against(role.camp())), EndReason::Concede, now);
        Ok(())
    }
}

/// Folds deaths and what follows them into `g`: eliminations, last words, decision windows,
/// the shot, hand-overs. [`apply`](super::state::apply) gives it no other events.
pub(crate) fn apply_death(g: &mut Game, e: &Event) {
    use EventKind as K;
    match &e.kind {
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
            g.sheriff = Some(*to);
            hand_over(g, e.at, DecisionKind::Badge, *from, *to, *draw);
        }
        K::LeaderPassed { from, to, draw } => {
            g.leader = Some(*to);
            hand_over(g, e.at, DecisionKind::Leader, *from, *to, *draw);
        }
        _ => {}
    }
}

/// Closes `who`'s `kind` window, if open.
fn remove_pending(g: &mut Game, kind: DecisionKind, who: CharId) {
    g.pending
        .retain(|p| !(p.kind == kind && p.character == who));
}

/// The rest of a badge's or a leadership's (`kind`) hand-over to `to`, once its new holder is
/// written down: the holder's window closes, a draw is counted, and the deed is recorded.
fn hand_over(
    g: &mut Game,
    at: DateTime<Utc>,
    kind: DecisionKind,
    from: Option<CharId>,
    to: CharId,
    draw: Option<u64>,
) {
    if let Some(f) = from {
        remove_pending(g, kind, f);
    }
    g.draws += u64::from(draw.is_some());
    // A drawn successor was not the holder's choice: the reveal must not say so.
    let what = match (kind, draw.is_some()) {
        (DecisionKind::Badge, true) => "badge_drawn",
        (DecisionKind::Badge, false) => "pass_badge",
        (_, true) => "leader_drawn",
        (_, false) => "pass_leader",
    };
    deed(g, at, from, what, Some(to));
}
