//! The abilities of the standard boards (RULES.md §4) that M32 does not have: the guard's
//! night protection, a wolf's self-destruct by day (the white wolf king taking one character
//! along) and the knight's duel. The idiot's reveal is part of the day's close (`vote.rs`);
//! the guard's effect on the night's resolution is in `night.rs`.
//!
//! A day ability attempted by a character without it is refused with `NoAbility`, worded
//! the same for every role, before anything about the target is checked: a refusal never
//! tells a player's role apart from another's.

use chrono::{DateTime, Utc};

use super::event::{Cause, EventKind};
use super::ids::CharId;
use super::role::Role;
use super::ruleset::Kind;
use super::{Phase, RuleError, Tx};

impl Tx {
    /// The guard protects `target` (or nobody) tonight, by the seer's deadline.
    pub(crate) fn protect(
        &mut self,
        c: CharId,
        target: Option<CharId>,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let n = self.open_night_state(true)?;
        if self.g.ch(c).role != Role::Guard {
            return Err(RuleError::NoAbility { actor: c });
        }
        if n.guard_done {
            return Err(RuleError::AlreadyActed);
        }
        if let Some(t) = target {
            if !self.g.is_alive(t) {
                return Err(RuleError::TargetDead { target: t });
            }
            // Never the same character two nights in a row (nights are numbered on).
            if self.g.last_protected == Some((n.night.saturating_sub(1), t)) {
                return Err(RuleError::ProtectRepeated { target: t });
            }
        }
        self.emit(now, EventKind::GuardProtected { guard: c, target });
        Ok(())
    }

    /// A wolf's self-destruct (自爆): out at once, the king's `target` right after him, each
    /// checked for a win; the day is then cut short with no vote-out.
    pub(crate) fn self_destruct(
        &mut self,
        c: CharId,
        target: Option<CharId>,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let day = self.open_day_state()?.day;
        let role = self.g.ch(c).role;
        if !(self.g.kind() == Kind::Werewolf
            && role.is_wolf()
            && self.g.ruleset.options.wolf_self_destruct)
        {
            return Err(RuleError::NoAbility { actor: c });
        }
        if let Some(t) = target {
            if role != Role::WhiteWolfKing {
                return Err(RuleError::SelfDestructTarget);
            }
            if t == c {
                return Err(RuleError::TargetSelf);
            }
            if !self.g.is_alive(t) {
                return Err(RuleError::TargetDead { target: t });
            }
        }
        self.emit(now, EventKind::SelfDestructed { wolf: c, target });
        self.eliminate(c, Cause::SelfDestruct, now);
        if let Some(t) = target {
            // If the king was the last wolf the village has won and `t` stays alive.
            self.eliminate(t, Cause::Taken, now);
        }
        self.cut_day(day, now);
        Ok(())
    }

    /// The knight's one duel: a wolf dueled is out and the day ends; otherwise the knight is
    /// out and the day goes on.
    pub(crate) fn duel(
        &mut self,
        c: CharId,
        target: CharId,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let day = self.open_day_state()?.day;
        if self.g.ch(c).role != Role::Knight {
            return Err(RuleError::NoAbility { actor: c });
        }
        if self.g.duels.contains(&c) {
            return Err(RuleError::DuelUsed);
        }
        if day == 1 && !self.g.ruleset.options.knight_duel_day_one {
            return Err(RuleError::DuelDayOne);
        }
        if target == c {
            return Err(RuleError::TargetSelf);
        }
        if !self.g.is_alive(target) {
            return Err(RuleError::TargetDead { target });
        }
        let wolf = self.g.ch(target).role.is_wolf();
        self.emit(
            now,
            EventKind::Dueled {
                knight: c,
                target,
                wolf,
            },
        );
        if wolf {
            self.eliminate(target, Cause::Duel, now);
            self.cut_day(day, now);
        } else {
            self.eliminate(c, Cause::Duel, now);
        }
        Ok(())
    }

    /// Ends the open day at once (unless the game ended): no tally, no vote-out, no
    /// automatic cards for it (RULES.md §4, decision); the night follows as after a close.
    fn cut_day(&mut self, day: u32, at: DateTime<Utc>) {
        if self.g.ended() || !matches!(self.g.phase, Phase::Day { .. }) {
            return;
        }
        self.emit(at, EventKind::DayCut { day });
    }
}
