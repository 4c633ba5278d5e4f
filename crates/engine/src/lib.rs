//! The rules engine: pure and deterministic. No async, no I/O, no clock or RNG reads.
//!
//! [`handle`] checks a [`Command`] against a [`Game`] at a given time and either refuses it
//! with a [`RuleError`] (the game is untouched) or returns the [`Event`]s it causes;
//! [`apply`] folds an event into the state, so a game is the fold of its event log.
//! Randomness is the game's seed: draw `i` is stream `i` of a ChaCha20 generator seeded
//! with it (see [`rng`]), so anyone holding the revealed seed can check every draw.

pub mod action;
pub mod append;
mod board;
pub mod card;
mod death;
pub mod error;
pub mod event;
pub mod ids;
pub mod limits;
mod night;
pub mod phase;
pub mod report;
pub mod rng;
pub mod role;
pub mod ruleset;
mod setup;
pub mod state;
#[cfg(test)]
mod testing;
mod vote;

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

pub use action::{Action, ActionOf};
pub use card::Color;
pub use error::{RuleError, SetupError};
use event::DecisionKind;
pub use event::{Audience, Cause, Event, EventKind};
pub use ids::CharId;
pub use phase::Phase;
pub use role::{Role, Winner};
pub use ruleset::{Kind, Ruleset};
pub use setup::{create, Setup};
pub use state::{apply, Game};
pub use vote::AtRisk;

/// Who issues a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    /// The player of a character.
    Character(CharId),
    /// The human judge (法官).
    Judge,
    /// Time passing: deadlines falling due.
    Clock,
}

/// A command: an actor asking for an action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Command {
    pub actor: Actor,
    pub action: Action,
}

impl Command {
    pub fn by(c: CharId, action: Action) -> Command {
        Command {
            actor: Actor::Character(c),
            action,
        }
    }

    pub fn judge(action: Action) -> Command {
        Command {
            actor: Actor::Judge,
            action,
        }
    }

    pub fn tick() -> Command {
        Command {
            actor: Actor::Clock,
            action: Action::Tick,
        }
    }
}

/// Checks `cmd` against `game` at time `now`.
///
/// Deadlines that fell due by `now` fire first (their events come first in the result), so a
/// late command sees the game as it stands at `now`.
///
/// # Errors
/// A [`RuleError`] when the rules refuse the command; the game is then unchanged.
pub fn handle(game: &Game, cmd: &Command, now: DateTime<Utc>) -> Result<Vec<Event>, RuleError> {
    step(game, cmd, now).map(|(events, _)| events)
}

/// [`handle`], also returning the game with the events applied (what folding them with
/// [`apply`] gives), which the command built anyway: a caller that keeps the new state
/// need not copy the game and apply the events again.
///
/// # Errors
/// As [`handle`].
pub fn step(
    game: &Game,
    cmd: &Command,
    now: DateTime<Utc>,
) -> Result<(Vec<Event>, Game), RuleError> {
    // Nothing happens after the clock limit: every deadline set from a time before it lies
    // far inside the calendar's range, so no date arithmetic can overflow.
    let latest = game.latest();
    if now > latest && !game.ended() {
        return Err(RuleError::ClockLimit { latest });
    }
    let mut tx = Tx::new(game);
    tx.fire_due(now);
    tx.run(cmd, now)?;
    Ok((tx.events, tx.g))
}

/// Whether `by` may submit a kill of `target` at `now`, before giving its reason: a platform
/// that asks for the reason in a second step (Discord's modal) checks the first step here,
/// so whoever may not kill is refused before being asked why. Every rule of
/// [`Action::Kill`] is checked as [`handle`] checks it (the phase, the actor's role and
/// life, the target, the house rule) but the reason's, which only the submission carries: a
/// stand-in reason of the ruleset's length (`kill_reason_chars`) is checked instead.
///
/// # Errors
/// The [`RuleError`] the submission would meet for any reason of the right length.
pub fn may_kill(
    game: &Game,
    by: CharId,
    target: CharId,
    now: DateTime<Utc>,
) -> Result<(), RuleError> {
    let chars =
        (game.ruleset.options.kill_reason_chars as usize).clamp(1, limits::MAX_REASON_CHARS);
    let kill = Action::Kill {
        target,
        reason: "?".repeat(chars),
    };
    match step(game, &Command::by(by, kill), now) {
        Ok(_) => Ok(()),
        // Only a ruleset wanting more characters than any reason may have refuses the
        // stand-in's length, and then every reason: the submission's to say.
        Err(RuleError::KillReasonLength { .. }) => Ok(()),
        Err(e) => Err(e),
    }
}

/// A command in progress: a private copy of the game that every emitted event is applied
/// to at once, so later checks see earlier effects. Dropped on refusal.
pub(crate) struct Tx {
    pub(crate) g: Game,
    pub(crate) events: Vec<Event>,
}

impl Tx {
    fn new(game: &Game) -> Tx {
        Tx {
            g: game.clone(),
            events: Vec::new(),
        }
    }

    pub(crate) fn emit(&mut self, at: DateTime<Utc>, kind: EventKind) {
        let e = Event { at, kind };
        apply(&mut self.g, &e);
        self.events.push(e);
    }

    /// The next seeded draw in `0..n`, and its index for the event that records it.
    pub(crate) fn draw(&self, n: usize) -> (usize, u64) {
        let idx = self.g.draws;
        (self.g.seed.pick(idx, n), idx)
    }

    fn fire_due(&mut self, now: DateTime<Utc>) {
        while let Some(due) = self.g.next_deadline().filter(|d| *d <= now) {
            self.fire(due);
            self.settle(due);
        }
    }

    /// Fires the deadline(s) falling due at `at`.
    fn fire(&mut self, at: DateTime<Utc>) {
        let lapsed: Vec<_> = self
            .g
            .pending
            .iter()
            .filter(|p| p.until <= at)
            .cloned()
            .collect();
        if !lapsed.is_empty() {
            for p in lapsed {
                if self.g.ended() {
                    return;
                }
                // An earlier lapse may have reopened this window (a hunter-sheriff's badge).
                let still_due = self
                    .g
                    .pending
                    .iter()
                    .any(|q| q.kind == p.kind && q.character == p.character && q.until <= at);
                if still_due {
                    self.lapse(p, at);
                }
            }
            return;
        }
        let gap_over = self.g.next_phase.is_some_and(|t| t <= at);
        match self.g.phase {
            Phase::Day { .. } => match self.g.day.as_ref() {
                Some(d) if !d.closed => self.close_day(at),
                // Fixed phase times: the night opens one window after the close.
                _ if gap_over => self.open_night(at),
                _ => {}
            },
            Phase::Night { .. } => {
                let Some(n) = self.g.night.as_ref() else {
                    return;
                };
                if n.resolved {
                    // Fixed phase times: the day opens one window after the last deadline.
                    if gap_over {
                        self.open_day(at);
                    }
                } else if !n.wolves_closed {
                    self.close_wolves(at);
                } else {
                    self.emit(at, EventKind::NightEnded { night: n.night });
                    self.resolve_night(at);
                }
            }
            Phase::Setup | Phase::Ended => {}
        }
    }

    /// Moves the game on as far as it can go without anyone acting.
    ///
    /// With fixed phase times only a paused night resolution goes on here (the poison once
    /// the hunter has decided); every phase change waits for its scheduled time instead.
    pub(crate) fn settle(&mut self, at: DateTime<Utc>) {
        loop {
            if self.g.ended() {
                return;
            }
            if self.g.poison_due() && !self.g.pending.iter().any(|p| p.kind == DecisionKind::Shoot)
            {
                self.resolve_poison(at);
                continue;
            }
            if self.g.ruleset.options.fixed_phase_times || !self.g.pending.is_empty() {
                return;
            }
            match self.g.phase {
                Phase::Day { .. } if self.g.day.as_ref().is_some_and(|d| d.closed) => {
                    self.open_night(at);
                }
                Phase::Night { .. } => {
                    let Some(n) = self.g.night.as_ref() else {
                        return;
                    };
                    if n.resolved {
                        self.open_day(at);
                    } else if self.night_complete() {
                        let night = n.night;
                        if !n.wolves_closed {
                            self.emit(at, EventKind::WolvesClosed);
                        }
                        self.emit(at, EventKind::NightEnded { night });
                        self.resolve_night(at);
                    } else {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    fn run(&mut self, cmd: &Command, now: DateTime<Utc>) -> Result<(), RuleError> {
        if cmd.action == Action::Tick {
            // Everything due was fired by `fire_due`; a tick is never refused.
            return Ok(());
        }
        if self.g.ended() {
            return Err(RuleError::GameOver);
        }
        if self.g.paused.is_some()
            && !matches!(
                cmd.action,
                Action::Resume | Action::End { .. } | Action::Appeal { .. }
            )
        {
            return Err(RuleError::Paused);
        }
        let check = |c: CharId| -> Result<(), RuleError> {
            if c.idx() < self.g.chars.len() {
                Ok(())
            } else {
                Err(RuleError::UnknownCharacter {
                    name: format!("#{}", c.0),
                })
            }
        };
        match (&cmd.actor, &cmd.action) {
            (Actor::Judge, a) if a.is_judge_action() => {}
            (Actor::Judge | Actor::Clock, _) => return Err(RuleError::NotACharacter),
            (Actor::Character(_), a) if a.is_judge_action() => return Err(RuleError::NotJudge),
            (Actor::Character(c), a) => {
                check(*c)?;
                if !self.g.is_alive(*c) && !a.allowed_dead() {
                    return Err(RuleError::ActorDead { actor: *c });
                }
            }
        }
        if let Some(t) = target_of(&cmd.action) {
            check(t)?;
        }
        check_texts(&cmd.action)?;
        match (&cmd.actor, &cmd.action) {
            (Actor::Character(c), a) => self.player(*c, a, now)?,
            (_, a) => self.judge(a, now)?,
        }
        self.settle(now);
        Ok(())
    }

    fn player(&mut self, c: CharId, a: &Action, now: DateTime<Utc>) -> Result<(), RuleError> {
        match a {
            Action::Post { text } => self.post(c, text, now),
            Action::Vote { target, reason } => self.vote(c, Some(*target), reason, false, now),
            Action::Abstain => self.vote(c, None, "", false, now),
            Action::Proxy { target } => self.vote(c, Some(*target), "", true, now),
            Action::Speedup => self.speedup(c, now),
            Action::LastWords { text } => self.last_words(c, text, now),
            Action::TreeHole { text } => {
                self.emit(
                    now,
                    EventKind::TreeHole {
                        by: c,
                        text: text.clone(),
                    },
                );
                Ok(())
            }
            Action::Appeal { text } => {
                self.emit(
                    now,
                    EventKind::Appealed {
                        by: c,
                        player: self.g.ch(c).player.clone(),
                        text: text.clone(),
                    },
                );
                Ok(())
            }
            Action::LeaderVote { target } => self.leader_vote(c, *target, now),
            Action::Kill { target, reason } => self.kill(c, *target, reason, now),
            Action::Pick { target } => self.pick(c, *target, now),
            Action::Save => self.save(c, now),
            Action::Poison { target } => self.poison(c, *target, now),
            Action::WitchPass => self.witch_pass(c, now),
            Action::Check { target } => self.check(c, *target, now),
            Action::Shoot { target } => self.shoot(c, *target, now),
            Action::HoldFire => self.hold_fire(c, now),
            Action::PassBadge { target } => self.pass(c, DecisionKind::Badge, *target, now),
            Action::PassLeader { target } => self.pass(c, DecisionKind::Leader, *target, now),
            Action::Concede => self.concede(c, now),
            Action::Protect { target } => self.protect(c, *target, now),
            Action::SelfDestruct { target } => self.self_destruct(c, *target, now),
            Action::Duel { target } => self.duel(c, *target, now),
            _ => Err(RuleError::NotJudge),
        }
    }

    fn judge(&mut self, a: &Action, now: DateTime<Utc>) -> Result<(), RuleError> {
        match a {
            Action::Card {
                target,
                color,
                reason,
            } => {
                self.give_card(
                    *target,
                    *color,
                    card::CardReason::Judge {
                        text: reason.clone(),
                    },
                    now,
                );
                Ok(())
            }
            Action::Remove { target, .. } => {
                self.living_target(*target)?;
                self.eliminate(*target, Cause::Judge, now);
                Ok(())
            }
            Action::Substitute { target, player } => {
                self.emit(
                    now,
                    EventKind::Substituted {
                        character: *target,
                        player: player.clone(),
                    },
                );
                // The new player learns the character's role and team, as at the deal.
                let role = self.g.ch(*target).role;
                let team = self
                    .g
                    .ids()
                    .filter(|c| c != target && role.same_team(self.g.ch(*c).role))
                    .collect();
                self.emit(
                    now,
                    EventKind::RoleTold {
                        character: *target,
                        role,
                        team,
                    },
                );
                self.recheck_speedup(now);
                Ok(())
            }
            Action::Extend { seconds } => {
                if *seconds <= 0 || *seconds > ruleset::Span::MAX.0 {
                    return Err(RuleError::InvalidDuration {
                        max_days: ruleset::Span::MAX.0 / 86_400,
                    });
                }
                // Extensions add up: none may push a deadline past the clock limit.
                let latest = self.g.latest();
                let by = Duration::seconds(*seconds);
                if self
                    .g
                    .open_deadlines_mut()
                    .any(|t| limits::later(*t, by) > latest)
                {
                    return Err(RuleError::ClockLimit { latest });
                }
                self.emit(now, EventKind::Extended { seconds: *seconds });
                Ok(())
            }
            Action::Pause => {
                self.emit(now, EventKind::Paused);
                Ok(())
            }
            Action::Resume => {
                let since = self.g.paused.ok_or(RuleError::NotPaused)?;
                let seconds = (now - since).num_seconds().max(0);
                self.emit(now, EventKind::Resumed { seconds });
                Ok(())
            }
            Action::End { winner } => {
                if let Some(w) = winner.filter(|w| !w.fits(self.g.kind())) {
                    return Err(RuleError::InvalidWinner { winner: w });
                }
                self.end_game(*winner, event::EndReason::Judge, now);
                Ok(())
            }
            _ => Err(RuleError::NotACharacter),
        }
    }

    fn post(&mut self, c: CharId, text: &str, now: DateTime<Utc>) -> Result<(), RuleError> {
        let day = self.open_day_state()?.day;
        self.emit(
            now,
            EventKind::Posted {
                by: c,
                day,
                text: text.to_string(),
            },
        );
        Ok(())
    }

    fn speedup(&mut self, c: CharId, now: DateTime<Utc>) -> Result<(), RuleError> {
        if !self.g.ruleset.options.speedup {
            return Err(RuleError::SpeedupUnavailable);
        }
        if self.g.sped_up {
            return Err(RuleError::AlreadySpedUp);
        }
        if self.g.speedup_requests.contains(&c) {
            return Err(RuleError::AlreadyRequested);
        }
        let (count, needed) = self.speedup_count();
        self.emit(
            now,
            EventKind::SpeedupRequested {
                by: c,
                count: count + 1,
                needed,
            },
        );
        self.recheck_speedup(now);
        Ok(())
    }

    /// Living requesters and how many are needed (more than half of the living).
    fn speedup_count(&self) -> (usize, usize) {
        let g = &self.g;
        let count = g
            .speedup_requests
            .iter()
            .filter(|c| g.is_alive(**c))
            .count();
        (count, g.living().len() / 2 + 1)
    }

    /// Speeds the game up once more than half of the living have requested it: checked at
    /// each request and again whenever the living change (an elimination shrinks the half;
    /// docs/rules.md §1 "Speed-up") or a character changes hands (a substitution).
    pub(crate) fn recheck_speedup(&mut self, at: DateTime<Utc>) {
        if !self.g.ruleset.options.speedup || self.g.sped_up || self.g.ended() {
            return;
        }
        let (count, needed) = self.speedup_count();
        if count > 0 && count >= needed {
            self.emit(at, EventKind::SpedUp);
        }
    }

    fn last_words(&mut self, c: CharId, text: &str, now: DateTime<Utc>) -> Result<(), RuleError> {
        let grant = self
            .g
            .grants
            .iter()
            .find(|g| g.character == c)
            .ok_or(RuleError::LastWordsNotGranted)?;
        if grant.text.is_some() {
            return Err(RuleError::LastWordsGiven);
        }
        if self.g.last_day >= grant.due_day {
            return Err(RuleError::LastWordsTooLate);
        }
        self.emit(
            now,
            EventKind::LastWordsGiven {
                character: c,
                text: text.to_string(),
            },
        );
        Ok(())
    }

    /// `target` can be acted on: a living character (refused with `TargetDead` otherwise).
    pub(crate) fn living_target(&self, target: CharId) -> Result<(), RuleError> {
        if self.g.is_alive(target) {
            Ok(())
        } else {
            Err(RuleError::TargetDead { target })
        }
    }

    /// `c` can act on `target`: another living character (`TargetSelf`, then `TargetDead`).
    pub(crate) fn other_living_target(&self, c: CharId, target: CharId) -> Result<(), RuleError> {
        if target == c {
            return Err(RuleError::TargetSelf);
        }
        self.living_target(target)
    }

    /// The open day, or why there is none.
    pub(crate) fn open_day_state(&self) -> Result<&state::DayState, RuleError> {
        match (&self.g.phase, &self.g.day) {
            // With fixed phase times a decision may still be open in the new day.
            (Phase::Day { .. }, Some(d))
                if !d.closed
                    && (self.g.pending.is_empty() || self.g.ruleset.options.fixed_phase_times) =>
            {
                Ok(d)
            }
            // The vote is over (a decision after it may still be open): saying which
            // decision, or whose, would tell the public a secret.
            (Phase::Day { .. }, Some(_)) => Err(RuleError::DayClosed),
            _ => Err(RuleError::WrongPhase {
                phase: self.g.phase,
            }),
        }
    }

    pub(crate) fn end_game(
        &mut self,
        winner: Option<Winner>,
        reason: event::EndReason,
        at: DateTime<Utc>,
    ) {
        if self.g.ended() {
            return;
        }
        // The condition is recomputed here rather than passed in: it is a fact of the state
        // the game ends in, and the callers that end on other grounds need not know of it.
        let condition = match reason {
            event::EndReason::Condition => self.win_condition().map(|(_, c)| c),
            _ => None,
        };
        self.emit(
            at,
            EventKind::GameEnded {
                winner,
                reason,
                condition,
            },
        );
        let g = &self.g;
        let reveal = EventKind::Revealed {
            seed: g.seed,
            commitment: g.commitment.clone(),
            roles: g.chars.iter().map(|c| c.role).collect(),
            players: g.chars.iter().map(|c| c.player.clone()).collect(),
            deeds: g.deeds.to_vec(),
            tree_holes: g.tree_holes.to_vec(),
        };
        self.emit(at, reveal);
        let appeals = self.g.appeals.to_vec();
        if !appeals.is_empty() {
            self.emit(at, EventKind::AppealsListed { appeals });
        }
    }

    pub(crate) fn span(&self, f: impl Fn(&ruleset::Options) -> ruleset::Span) -> Duration {
        f(&self.g.ruleset.options).dur()
    }

    /// `at` plus the ruleset's span `f`: a deadline. Checked (never past the calendar's last
    /// instant), though `at` is never later than the clock limit, far inside the range.
    pub(crate) fn after(
        &self,
        at: DateTime<Utc>,
        f: impl Fn(&ruleset::Options) -> ruleset::Span,
    ) -> DateTime<Utc> {
        limits::later(at, self.span(f))
    }
}

/// Refuses a text longer than the engine keeps (`limits`), wherever it comes from.
fn check_texts(a: &Action) -> Result<(), RuleError> {
    use limits::TextKind;
    match a {
        Action::Post { text } => TextKind::Post.check(text),
        Action::LastWords { text } => TextKind::LastWords.check(text),
        Action::TreeHole { text } => TextKind::TreeHole.check(text),
        Action::Appeal { text } => TextKind::Reason.check(text),
        Action::Vote { reason, .. }
        | Action::Kill { reason, .. }
        | Action::Card { reason, .. }
        | Action::Remove { reason, .. } => TextKind::Reason.check(reason),
        Action::Substitute { player, .. } => TextKind::Player.check(player),
        _ => Ok(()),
    }
}

fn target_of(a: &Action) -> Option<CharId> {
    match a {
        Action::Vote { target, .. }
        | Action::Proxy { target }
        | Action::LeaderVote { target }
        | Action::Kill { target, .. }
        | Action::Pick { target }
        | Action::Poison { target }
        | Action::Check { target }
        | Action::Shoot { target }
        | Action::PassBadge { target }
        | Action::PassLeader { target }
        | Action::Card { target, .. }
        | Action::Remove { target, .. }
        | Action::Substitute { target, .. }
        | Action::Duel { target } => Some(*target),
        Action::Protect { target } | Action::SelfDestruct { target } => *target,
        _ => None,
    }
}
