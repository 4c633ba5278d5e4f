//! The abilities of the standard boards (docs/rules.md §4) that M32 does not have: the guard's
//! night protection, a wolf's self-destruct by day (the white wolf king taking one character
//! along) and the knight's duel. The idiot's reveal is part of the day's close (`vote.rs`);
//! the guard's effect on the night's resolution is in `night.rs`.
//!
//! A day ability attempted by a character without it is refused with `NoAbility`, worded
//! the same for every role, before anything about the target is checked: a refusal never
//! tells a player's role apart from another's.
//!
//! `apply_board` folds these abilities' events into the state.

use chrono::{DateTime, Utc};

use super::event::{Cause, Event, EventKind};
use super::ids::CharId;
use super::role::Role;
use super::ruleset::Kind;
use super::state::deed;
use super::{Game, Phase, RuleError, Tx};

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
            self.living_target(t)?;
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
            self.other_living_target(c, t)?;
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
        self.other_living_target(c, target)?;
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
    /// automatic cards for it (docs/rules.md §4, decision); the night follows as after a close.
    fn cut_day(&mut self, day: u32, at: DateTime<Utc>) {
        if self.g.ended() || !matches!(self.g.phase, Phase::Day { .. }) {
            return;
        }
        self.emit(at, EventKind::DayCut { day });
    }
}

/// Folds the boards' abilities into `g`: the guard's protection, a self-destruct, a duel.
/// [`apply`](super::state::apply) gives it no other events.
pub(crate) fn apply_board(g: &mut Game, e: &Event) {
    use EventKind as K;
    match &e.kind {
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
        K::SelfDestructed { wolf, target } => {
            deed(g, e.at, Some(*wolf), "self_destruct", *target);
        }
        K::Dueled { knight, target, .. } => {
            g.duels.push(*knight);
            deed(g, e.at, Some(*knight), "duel", Some(*target));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, Utc};

    use super::super::testing::dealt;
    use super::super::{create, handle, Action, Command, Event, EventKind, Game, Setup};
    use super::*;

    /// A `wolf-king` game with a fixed deal (A-C wolves, D the king, E seer, F witch,
    /// G guard, H knight, I-L villagers), at the opening of night 1.
    fn night_one() -> (Game, chrono::DateTime<Utc>) {
        let roles = [
            "wolf",
            "wolf",
            "wolf",
            "white_wolf_king",
            "seer",
            "witch",
            "guard",
            "knight",
            "villager",
            "villager",
            "villager",
            "villager",
        ]
        .map(|r| Role::from_key(r).expect("a role"));
        let (mut g, start) = dealt("wolf-king", &roles);
        let night = start + Duration::hours(24) + Duration::minutes(10);
        for e in handle(&g, &Command::tick(), night).expect("a tick") {
            super::super::apply(&mut g, &e);
        }
        assert_eq!(g.phase, Phase::Night { night: 1 });
        (g, night)
    }

    fn seer_sees(g: &Game, target: u16, at: chrono::DateTime<Utc>) -> bool {
        let cmd = Command::by(
            CharId(4),
            Action::Check {
                target: CharId(target),
            },
        );
        let events: Vec<Event> = handle(g, &cmd, at).expect("the check is accepted");
        events
            .iter()
            .find_map(|e| match e.kind {
                EventKind::SeerChecked { village, .. } => Some(village),
                _ => None,
            })
            .expect("a check result")
    }

    #[test]
    fn the_seer_sees_the_king_as_not_village_and_the_new_gods_as_village() {
        let (g, at) = night_one();
        assert!(!seer_sees(&g, 3, at), "the white wolf king is not village");
        assert!(!seer_sees(&g, 0, at), "a wolf is not village");
        for god in [5, 6, 7] {
            assert!(seer_sees(&g, god, at), "witch, guard, knight are village");
        }
    }

    #[test]
    fn the_king_is_one_of_the_pack() {
        let (g, at) = night_one();
        // He was told the wolves, and they him.
        let events = create_events_of(&g);
        let told = |c: u16| {
            events.iter().find_map(|e| match &e.kind {
                EventKind::RoleTold {
                    character, team, ..
                } if character.0 == c => Some(team.clone()),
                _ => None,
            })
        };
        assert_eq!(told(3), Some(vec![CharId(0), CharId(1), CharId(2)]));
        assert_eq!(told(0), Some(vec![CharId(1), CharId(2), CharId(3)]));
        // He votes in the leader election and may be elected.
        let cmd = Command::by(CharId(0), Action::LeaderVote { target: CharId(3) });
        assert!(handle(&g, &cmd, at).is_ok());
        let cmd = Command::by(
            CharId(3),
            Action::Kill {
                target: CharId(8),
                reason: "刀他".into(),
            },
        );
        assert!(handle(&g, &cmd, at).is_ok(), "he submits kills");
    }

    fn create_events_of(g: &Game) -> Vec<Event> {
        let setup = Setup {
            ruleset: g.ruleset.clone(),
            seed: g.seed,
            start: g.start,
            characters: g.chars.iter().map(|c| c.name.clone()).collect(),
            roles: Some(g.chars.iter().map(|c| (c.name.clone(), c.role)).collect()),
            forbidden_first_kill: None,
            players: None,
        };
        create(&setup).expect("the same game")
    }

    #[test]
    fn a_refused_board_action_changes_nothing() {
        let (g, at) = night_one();
        for (by, action) in [
            (
                8,
                Action::Protect {
                    target: Some(CharId(9)),
                },
            ),
            (0, Action::SelfDestruct { target: None }),
            (7, Action::Duel { target: CharId(0) }),
        ] {
            let err = handle(&g, &Command::by(CharId(by), action), at).expect_err("refused");
            assert!(
                matches!(
                    err,
                    RuleError::NoAbility { .. } | RuleError::WrongPhase { .. }
                ),
                "{err:?}"
            );
        }
    }
}
