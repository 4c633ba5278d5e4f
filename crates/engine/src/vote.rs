//! The day (讨论日): opening posts, votes and their changes, proxies, the close with its
//! automatic cards, the sheriff election, vote-outs and Mafia's tie rounds.
//!
//! `apply_day` folds the day's events into the state (speed-ups and the idiot's reveal too).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use super::card::CardReason;
use super::event::{Cause, Deed, Earlier, EndReason, Event, EventKind, NoOut};
use super::ids::CharId;
use super::limits::later;
use super::role::Winner;
use super::ruleset::{DayTie, Kind, SheriffTie};
use super::state::{deed, Ballot, DayState};
use super::{Game, Phase, RuleError, Tx};

impl Tx {
    /// Opens the next day (round 0) at `at`, publishing the deaths since the last opening
    /// and the last words due now.
    pub(crate) fn open_day(&mut self, at: DateTime<Utc>) {
        let g = &self.g;
        let day = g.last_day + 1;
        let closes = if g.sped_up {
            self.after(at, |o| o.speedup_day_length)
        } else {
            self.after(at, |o| o.day_length)
        };
        let deaths = g.eliminations[g.announced..]
            .iter()
            .map(|(c, _, _)| *c)
            .collect();
        let last_words = g
            .grants
            .iter()
            .filter(|gr| gr.due_day == day)
            .filter_map(|gr| gr.text.clone().map(|t| (gr.character, t)))
            .collect();
        let kind = EventKind::DayOpened {
            day,
            round: 0,
            closes,
            deaths,
            // A dead sheriff still deciding on the badge (fixed phase times) is not announced.
            sheriff: g.sheriff.filter(|s| g.is_alive(*s)),
            alive: g.living(),
            last_words,
            candidates: Vec::new(),
            voters: Vec::new(),
        };
        self.emit(at, kind);
    }

    pub(crate) fn vote(
        &mut self,
        c: CharId,
        target: Option<CharId>,
        reason: &str,
        proxy: bool,
        now: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let o = &self.g.ruleset.options;
        let d = self.open_day_state()?;
        if d.round > 0 && !d.voters.contains(&c) {
            return Err(RuleError::NotAVoter);
        }
        if self.g.revealed.contains(&c) {
            return Err(RuleError::IdiotCannotVote);
        }
        if let Some(t) = target {
            self.living_target(t)?;
            if !d.candidates.is_empty() && !d.candidates.contains(&t) {
                return Err(RuleError::NotTied { target: t });
            }
        }
        let left = d.closes - now;
        let closes = d.closes;
        let change = match d.ballots.get(&c) {
            Some(b) => {
                if b.changes >= o.vote_changes {
                    return Err(RuleError::VoteChangeLimit {
                        limit: o.vote_changes,
                    });
                }
                if proxy && left <= o.proxy_change_deadline.dur() {
                    return Err(RuleError::ProxyChangeTooLate { closes });
                }
                if left <= o.vote_lock.dur() {
                    return Err(RuleError::VoteLocked { closes });
                }
                true
            }
            None => {
                if proxy && left <= o.proxy_deadline.dur() {
                    return Err(RuleError::ProxyTooLate { closes });
                }
                false
            }
        };
        self.emit(
            now,
            EventKind::VoteCast {
                by: c,
                target,
                reason: reason.to_string(),
                change,
                proxy,
            },
        );
        Ok(())
    }

    /// The day's (or tie round's) deadline: cards, tally, result.
    pub(crate) fn close_day(&mut self, at: DateTime<Utc>) {
        let Some(d) = self.g.day.clone() else {
            return;
        };
        if d.round == 0 {
            self.auto_day_cards(&d, at);
            if self.g.ended() {
                return;
            }
        }
        let sheriff = self.g.sheriff.filter(|s| self.g.is_alive(*s));
        let tally = self.g.tally(&d);
        self.emit(
            at,
            EventKind::VoteClosed {
                day: d.day,
                round: d.round,
                tally: tally.iter().map(|(c, w, _)| (*c, *w)).collect(),
            },
        );
        let top = tally.iter().map(|(_, w, _)| *w).max().unwrap_or(0);
        let mut tied: Vec<(CharId, u64)> = tally
            .iter()
            .filter(|(_, w, _)| *w == top && top > 0)
            .map(|(c, _, s)| (*c, *s))
            .collect();
        let o = &self.g.ruleset.options;
        if o.sheriff && d.day == 1 && self.g.kind() == Kind::Werewolf {
            tied.sort_by_key(|(_, s)| *s);
            let sheriff = match o.sheriff_tie {
                SheriffTie::NoSheriff if tied.len() > 1 => None,
                _ => tied.first().map(|(c, _)| *c),
            };
            self.emit(at, EventKind::SheriffElected { sheriff });
            return;
        }
        if d.round > 0 && tied.is_empty() {
            // Nobody voted in a tie round: every candidate is still tied.
            tied = d.candidates.iter().map(|c| (*c, 0)).collect();
        }
        match tied.as_slice() {
            [] => self.emit(
                at,
                EventKind::NobodyOut {
                    reason: NoOut::NoVotes,
                },
            ),
            [(out, _)] => self.vote_out(*out, at),
            _ => match o.day_tie {
                DayTie::SheriffDecides => {
                    let pick = sheriff
                        .and_then(|s| d.ballots.get(&s))
                        .and_then(|b| b.target)
                        .filter(|t| tied.iter().any(|(c, _)| c == t));
                    match pick {
                        Some(out) => self.vote_out(out, at),
                        None => self.emit(at, EventKind::NobodyOut { reason: NoOut::Tie }),
                    }
                }
                DayTie::Runoff => {
                    let tied: Vec<CharId> = tied.iter().map(|(c, _)| *c).collect();
                    if d.round >= 2 {
                        self.emit(at, EventKind::NobodyOut { reason: NoOut::Tie });
                        self.end_game(Some(Winner::Draw), EndReason::TieRounds, at);
                        return;
                    }
                    let voters = if d.round == 0 {
                        self.g.living()
                    } else {
                        self.g
                            .living()
                            .into_iter()
                            .filter(|c| !tied.contains(c))
                            .collect()
                    };
                    let closes = self.after(at, |o| o.runoff_length);
                    let sheriff = self.g.sheriff;
                    let alive = self.g.living();
                    self.emit(
                        at,
                        EventKind::DayOpened {
                            day: d.day,
                            round: d.round + 1,
                            closes,
                            deaths: Vec::new(),
                            sheriff,
                            alive,
                            last_words: Vec::new(),
                            candidates: tied,
                            voters,
                        },
                    );
                }
            },
        }
    }

    /// The vote puts `out` on top: eliminated, unless an idiot not yet revealed, who is
    /// revealed instead and stays alive (docs/rules.md §4 "Idiot"); a revealed idiot on top again
    /// is eliminated (decision). A revealed sheriff hands the badge on within the window, as
    /// a dying sheriff does.
    fn vote_out(&mut self, out: CharId, at: DateTime<Utc>) {
        let g = &self.g;
        if g.ch(out).role != super::Role::Idiot || g.revealed.contains(&out) {
            self.eliminate(out, Cause::Vote, at);
            return;
        }
        self.emit(at, EventKind::IdiotRevealed { idiot: out });
        if self.g.sheriff == Some(out) {
            let until = at + self.span(|o| o.decision_window);
            self.emit(
                at,
                EventKind::DecisionOpened {
                    kind: super::event::DecisionKind::Badge,
                    character: out,
                    until,
                },
            );
        }
    }

    /// Automatic yellow cards at a day's close (before speed-up only): no vote, too few
    /// posts that day, too few posts on each day of a streak ([`Game::close_cards`]).
    fn auto_day_cards(&mut self, d: &super::state::DayState, at: DateTime<Utc>) {
        for (c, due) in self.g.close_cards(d) {
            for reason in due {
                if self.g.ended() {
                    return;
                }
                self.give_card(c, super::card::Color::Yellow, reason, at);
            }
        }
    }
}

/// A living character the open day's close would card automatically, as things stand
/// (the forum-features work, warnings before penalties): what it has and what it lacks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtRisk {
    pub character: CharId,
    /// Its posts today.
    pub posts: u32,
    /// The posts today that would spare it every post card (the day's minimum, or the
    /// streak's when a streak card is due).
    pub need: u32,
    /// Whether it has neither voted nor abstained (and may vote).
    pub no_vote: bool,
}

impl Game {
    /// The automatic yellow cards the close of day `d` gives, by living character in seat
    /// order (docs/rules.md §1 "Cards"): none in a tie round, after the speed-up or without
    /// `auto_cards`; a revealed idiot gets no card for not voting (docs/rules.md §4).
    pub fn close_cards(&self, d: &super::state::DayState) -> Vec<(CharId, Vec<CardReason>)> {
        let o = &self.ruleset.options;
        if !o.auto_cards || self.sped_up || d.round > 0 {
            return Vec::new();
        }
        let mut out = Vec::new();
        for c in self.living() {
            let ch = self.ch(c);
            let posts = |day: u32| ch.posts.get(&day).copied().unwrap_or(0);
            let mut due = Vec::new();
            if !d.ballots.contains_key(&c) && !self.revealed.contains(&c) {
                due.push(CardReason::NoVote { day: d.day });
            }
            let today = posts(d.day);
            if today < o.lurk_min_posts_day {
                due.push(CardReason::FewPosts {
                    day: d.day,
                    posts: today,
                    min: o.lurk_min_posts_day,
                });
            }
            let span = o.lurk_streak_days;
            let first = d.day + 1 - span.min(d.day);
            let fresh = ch.last_streak_card.is_none_or(|last| last < first);
            if d.day >= span && fresh && (first..=d.day).all(|k| posts(k) < o.lurk_min_posts_streak)
            {
                due.push(CardReason::LurkStreak {
                    day: d.day,
                    days: span,
                    min: o.lurk_min_posts_streak,
                });
            }
            if !due.is_empty() {
                out.push((c, due));
            }
        }
        out
    }

    /// The living characters the open day's close would card automatically if it came now
    /// ([`Game::close_cards`]), in seat order; none while no day is open, after its close,
    /// while the game is paused or over.
    pub fn at_risk(&self) -> Vec<AtRisk> {
        let Some(d) = self.day.as_ref().filter(|d| !d.closed) else {
            return Vec::new();
        };
        if !matches!(self.phase, super::Phase::Day { .. }) || self.paused.is_some() || self.ended()
        {
            return Vec::new();
        }
        self.close_cards(d)
            .into_iter()
            .map(|(c, due)| {
                let posts = self.ch(c).posts.get(&d.day).copied().unwrap_or(0);
                let need =
                    due.iter()
                        .filter_map(|r| match r {
                            CardReason::FewPosts { min, .. }
                            | CardReason::LurkStreak { min, .. } => Some(*min),
                            _ => None,
                        })
                        .max()
                        .unwrap_or(self.ruleset.options.lurk_min_posts_day);
                AtRisk {
                    character: c,
                    posts,
                    need,
                    no_vote: due.iter().any(|r| matches!(r, CardReason::NoVote { .. })),
                }
            })
            .collect()
    }

    /// The standing count of a day: living voters' votes for living targets, in
    /// thousandths of a vote (the sheriff's weighted), each with the arrival seq of the
    /// latest vote counted for it ("who reached the count first"), by seat.
    pub fn tally(&self, d: &DayState) -> Vec<(CharId, i64, u64)> {
        let weight = self.ruleset.sheriff_weight_milli();
        let sheriff = self.sheriff.filter(|s| self.is_alive(*s));
        // Tally: living voters' standing votes for living targets, with the seq of the latest
        // vote counted for each target ("who reached the count first").
        let mut tally: Vec<(CharId, i64, u64)> = Vec::new();
        for (voter, b) in &d.ballots {
            let Some(t) = b.target.filter(|t| self.is_alive(*t)) else {
                continue;
            };
            if !self.is_alive(*voter) {
                continue;
            }
            let w = if Some(*voter) == sheriff {
                weight
            } else {
                1000
            };
            match tally.iter_mut().find(|(c, _, _)| *c == t) {
                Some(e) => {
                    e.1 += w;
                    e.2 = e.2.max(b.seq);
                }
                None => tally.push((t, w, b.seq)),
            }
        }
        tally.sort_by_key(|(c, _, _)| *c);
        tally
    }
}

/// Folds the day's events into `g`: its opening, posts, ballots, the close, the sheriff, the
/// idiot's reveal, speed-ups. [`apply`](super::state::apply) gives it no other events.
pub(crate) fn apply_day(g: &mut Game, e: &Event) {
    use EventKind as K;
    match &e.kind {
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
        K::VoteClosed { .. } | K::DayCut { .. } => {
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
        K::IdiotRevealed { idiot } => {
            g.revealed.push(*idiot);
            deed(g, e.at, Some(*idiot), "idiot_revealed", None);
        }
        K::SpeedupRequested { by, .. } => {
            g.speedup_requests.insert(*by);
        }
        K::SpedUp => g.sped_up = true,
        _ => {}
    }
}

#[cfg(test)]
mod at_risk_tests {
    use std::collections::BTreeMap;

    use chrono::{DateTime, Utc};

    use super::super::testing::dealt_until;
    use super::super::{apply, handle, Action, Command, Game, Phase, Role, Ruleset};
    use super::{AtRisk, CharId};

    /// A 12-character game of `ruleset` at its first day (m32 opens with day 1).
    fn first_day(ruleset: &str, roles: &[Role]) -> (Game, DateTime<Utc>) {
        let day = |p| matches!(p, Phase::Day { .. });
        dealt_until(ruleset, roles, day, "a day opens")
    }

    fn act(g: &mut Game, c: u16, a: Action, at: DateTime<Utc>) {
        for e in handle(g, &Command::by(CharId(c), a), at).expect("accepted") {
            apply(g, &e);
        }
    }

    fn post(g: &mut Game, c: u16, n: u32, at: DateTime<Utc>) {
        for k in 0..n {
            act(
                g,
                c,
                Action::Post {
                    text: format!("{k}"),
                },
                at,
            );
        }
    }

    /// The m32 board of 12 in seat order: wolves, the gods, villagers.
    fn m32() -> Vec<Role> {
        Ruleset::builtin("m32", &BTreeMap::new())
            .ok()
            .and_then(|rs| rs.board_for(12))
            .expect("m32 seats 12")
    }
    /// The warnings go to exactly the characters the close then cards: a character with its
    /// posts and vote in is not at risk, one short of either is, the dead are not.
    #[test]
    fn the_characters_at_risk_are_those_the_close_cards() {
        let (mut g, at) = first_day("m32", &m32());
        let vote = |t: u16| Action::Vote {
            target: CharId(t),
            reason: "理由".into(),
        };
        post(&mut g, 0, 5, at);
        act(&mut g, 0, vote(1), at);
        post(&mut g, 1, 5, at);
        post(&mut g, 2, 2, at);
        act(&mut g, 2, Action::Abstain, at);
        act(&mut g, 3, vote(0), at);
        let remove = Action::Remove {
            target: CharId(11),
            reason: "离开".into(),
        };
        for e in handle(&g, &Command::judge(remove), at).expect("removed") {
            apply(&mut g, &e);
        }
        let risks = g.at_risk();
        let by = |c: u16| risks.iter().find(|r| r.character == CharId(c)).cloned();
        assert_eq!(by(0), None, "posts and vote in");
        assert_eq!(
            by(1),
            Some(AtRisk {
                character: CharId(1),
                posts: 5,
                need: 5,
                no_vote: true
            })
        );
        assert_eq!(
            by(2),
            Some(AtRisk {
                character: CharId(2),
                posts: 2,
                need: 5,
                no_vote: false
            })
        );
        assert_eq!(by(11), None, "the dead are not warned");
        // The close cards exactly these.
        let closes = g.day.as_ref().unwrap().closes;
        let carded: Vec<CharId> = handle(&g, &Command::tick(), closes)
            .expect("the close")
            .into_iter()
            .filter_map(|e| match e.kind {
                super::EventKind::CardGiven { target, .. } => Some(target),
                _ => None,
            })
            .collect();
        let mut warned: Vec<CharId> = risks.iter().map(|r| r.character).collect();
        let mut carded_once = carded.clone();
        carded_once.dedup();
        warned.sort();
        assert_eq!(warned, carded_once);
        // None after the speed-up.
        let mut sped = g.clone();
        for c in 0..11 {
            if !sped.sped_up {
                act(&mut sped, c, Action::Speedup, at);
            }
        }
        assert!(sped.sped_up && sped.at_risk().is_empty());
    }

    /// Mafia gives no automatic cards: nobody is at risk.
    #[test]
    fn nobody_is_at_risk_without_automatic_cards() {
        let mut rs = Ruleset::builtin("m32", &BTreeMap::new()).expect("m32");
        rs.options.auto_cards = false;
        let (mut g, _) = first_day("m32", &m32());
        assert!(!g.at_risk().is_empty());
        g.ruleset = rs;
        assert!(g.at_risk().is_empty());
        let d = g.day.clone().unwrap();
        assert!(g.close_cards(&d).is_empty());
    }
}
