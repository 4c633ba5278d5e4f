//! What the charts show, read from a game's events: each vote (a day's, or a Mafia tie
//! round's) with every ballot and change in time order, the sheriff whose vote weighs, the
//! count and the result; and the game's timeline (its phases, and who left when and how).
//! Pure: the events in, plain data out.

use chrono::{DateTime, Duration, Utc};

use engine::event::NoOut;
use engine::{Cause, CharId, Event, EventKind, Phase, Winner};

/// One ballot as cast: a vote (`target`), or an abstention (`None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ballot {
    pub by: CharId,
    pub target: Option<CharId>,
    pub at: DateTime<Utc>,
    /// It replaced the voter's earlier ballot.
    pub change: bool,
    /// Cast by the judge for the voter, on request (代投).
    pub proxy: bool,
}

/// How a vote ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The character on top was eliminated.
    Out(CharId),
    /// The character on top was an idiot, revealed and kept in the game.
    IdiotRevealed(CharId),
    /// M32's day 1: the sheriff elected (`None`: nobody).
    Sheriff(Option<CharId>),
    /// Nobody left: no votes, or a tie.
    Nobody(NoOut),
    /// Mafia: a tie among these, played again in a tie round.
    Runoff(Vec<CharId>),
    /// The day was cut short (a self-destruct, a won duel): no vote-out.
    Cut,
    /// The game ended before the vote closed.
    Ended,
    /// Still open where the events stop.
    Open,
}

/// One vote: a day's (round 0) or a tie round's.
#[derive(Debug, Clone, PartialEq)]
pub struct Vote {
    pub day: u32,
    pub round: u32,
    pub opened: DateTime<Utc>,
    /// The deadline as last announced (extensions and pauses move it).
    pub closes: DateTime<Utc>,
    /// When it closed, was cut short or the game ended; `None` while open.
    pub ended: Option<DateTime<Utc>>,
    /// Who could vote, in seat order: the living at the opening (a tie round: its voters).
    pub voters: Vec<CharId>,
    /// Revealed idiots among the voters: alive, but they may not vote.
    pub barred: Vec<CharId>,
    /// Voters who left the game before the vote ended (their ballots no longer count).
    pub gone: Vec<CharId>,
    /// The sheriff whose vote counts `weight` (the living sheriff at the close, or at the
    /// opening while open).
    pub sheriff: Option<CharId>,
    /// The sheriff's vote, in thousandths.
    pub weight: i64,
    pub ballots: Vec<Ballot>,
    /// The count at the close, in thousandths of a vote, most first; `None` without a close.
    pub tally: Option<Vec<(CharId, i64)>>,
    pub outcome: Outcome,
}

impl Vote {
    /// When the chart's time axis ends: the close, else the deadline (or the last ballot,
    /// if later).
    pub fn end(&self) -> DateTime<Utc> {
        let last = self.ballots.iter().map(|b| b.at).max();
        let end = self.ended.unwrap_or(self.closes);
        last.map_or(end, |l| l.max(end))
    }

    /// Each voter's ballots in time order.
    pub fn ballots_of(&self, voter: CharId) -> Vec<&Ballot> {
        self.ballots.iter().filter(|b| b.by == voter).collect()
    }

    /// The standing ballot of each voter who cast one: the latest.
    pub fn standing(&self) -> Vec<&Ballot> {
        self.voters
            .iter()
            .filter_map(|v| self.ballots_of(*v).last().copied())
            .collect()
    }
}

/// A character's leaving the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Death {
    pub character: CharId,
    pub cause: Cause,
    /// The day or night it happened in (a tie round counts as its day).
    pub phase: Phase,
}

/// The game's course: its phases in order, who left when and how, who won.
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// Days (their main vote) and nights, in the order they opened.
    pub phases: Vec<Phase>,
    pub deaths: Vec<Death>,
    /// Idiots revealed by a vote (alive, no longer voting), with the day.
    pub revealed: Vec<(CharId, Phase)>,
    pub winner: Option<Winner>,
    pub ended: bool,
}

/// Every vote of the game, in order.
pub fn votes(events: &[Event], weight: i64) -> Vec<Vote> {
    let mut out: Vec<Vote> = Vec::new();
    // The vote in progress or just closed (its result follows the close).
    let mut current: Option<usize> = None;
    let mut sheriff: Option<CharId> = None;
    let mut dead: Vec<CharId> = Vec::new();
    let mut revealed: Vec<CharId> = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::DayOpened {
                day,
                round,
                closes,
                sheriff: s,
                alive,
                candidates,
                voters,
                ..
            } => {
                if *round > 0 {
                    if let Some(prev) = current.and_then(|i| out.get_mut(i)) {
                        prev.outcome = Outcome::Runoff(candidates.clone());
                    }
                }
                if s.is_some() {
                    sheriff = *s;
                }
                let mut voters = if voters.is_empty() {
                    alive.clone()
                } else {
                    voters.clone()
                };
                voters.sort();
                out.push(Vote {
                    day: *day,
                    round: *round,
                    opened: e.at,
                    closes: *closes,
                    ended: None,
                    barred: voters
                        .iter()
                        .copied()
                        .filter(|v| revealed.contains(v))
                        .collect(),
                    voters,
                    gone: Vec::new(),
                    sheriff: s.filter(|s| !dead.contains(s)),
                    weight,
                    ballots: Vec::new(),
                    tally: None,
                    outcome: Outcome::Open,
                });
                current = Some(out.len() - 1);
            }
            EventKind::VoteCast {
                by,
                target,
                change,
                proxy,
                ..
            } => {
                if let Some(v) = current.and_then(|i| out.get_mut(i)) {
                    v.ballots.push(Ballot {
                        by: *by,
                        target: *target,
                        at: e.at,
                        change: *change,
                        proxy: *proxy,
                    });
                }
            }
            EventKind::Extended { seconds } | EventKind::Resumed { seconds } => {
                if let Some(v) = open(&mut out, current) {
                    v.closes += Duration::seconds(*seconds);
                }
            }
            EventKind::VoteClosed { tally, .. } => {
                if let Some(v) = open(&mut out, current) {
                    let mut tally = tally.clone();
                    tally.sort_by_key(|(c, w)| (-w, *c));
                    v.tally = Some(tally);
                    v.ended = Some(e.at);
                    v.sheriff = sheriff.filter(|s| !dead.contains(s));
                }
            }
            EventKind::SheriffElected { sheriff: s } => {
                sheriff = *s;
                set_outcome(&mut out, current, Outcome::Sheriff(*s));
            }
            EventKind::BadgePassed { to, .. } => sheriff = Some(*to),
            EventKind::NobodyOut { reason } => {
                set_outcome(&mut out, current, Outcome::Nobody(*reason));
            }
            EventKind::IdiotRevealed { idiot } => {
                revealed.push(*idiot);
                set_outcome(&mut out, current, Outcome::IdiotRevealed(*idiot));
            }
            EventKind::Eliminated {
                character, cause, ..
            } => {
                dead.push(*character);
                if let Some(v) = current.and_then(|i| out.get_mut(i)) {
                    if *cause == Cause::Vote && v.ended.is_some() && v.outcome == Outcome::Open {
                        v.outcome = Outcome::Out(*character);
                    }
                    if v.ended.is_none() && v.voters.contains(character) {
                        v.gone.push(*character);
                    }
                }
            }
            EventKind::DayCut { .. } => {
                if let Some(v) = open(&mut out, current) {
                    v.ended = Some(e.at);
                    v.outcome = Outcome::Cut;
                }
            }
            EventKind::GameEnded { .. } => {
                if let Some(v) = open(&mut out, current) {
                    v.ended = Some(e.at);
                    v.outcome = Outcome::Ended;
                }
                current = None;
            }
            EventKind::NightOpened { .. } => current = None,
            _ => {}
        }
    }
    out
}

/// The current vote while it is open.
fn open(out: &mut [Vote], current: Option<usize>) -> Option<&mut Vote> {
    current
        .and_then(|i| out.get_mut(i))
        .filter(|v| v.ended.is_none())
}

/// Sets the result of the vote that has just closed (not of one still open).
fn set_outcome(out: &mut [Vote], current: Option<usize>, o: Outcome) {
    if let Some(v) = current.and_then(|i| out.get_mut(i)) {
        if v.ended.is_some() && v.outcome == Outcome::Open {
            v.outcome = o;
        }
    }
}

/// The game's timeline.
pub fn timeline(events: &[Event]) -> Timeline {
    let mut t = Timeline {
        phases: Vec::new(),
        deaths: Vec::new(),
        revealed: Vec::new(),
        winner: None,
        ended: false,
    };
    let mut phase = Phase::Setup;
    for e in events {
        match &e.kind {
            EventKind::DayOpened { day, round: 0, .. } => {
                phase = Phase::Day {
                    day: *day,
                    round: 0,
                };
                t.phases.push(phase);
            }
            EventKind::NightOpened { night, .. } => {
                phase = Phase::Night { night: *night };
                t.phases.push(phase);
            }
            EventKind::Eliminated {
                character,
                cause,
                when,
            } => {
                let when = match *when {
                    Phase::Day { day, .. } => Phase::Day { day, round: 0 },
                    Phase::Night { night } => Phase::Night { night },
                    // Before the first phase or after the end (a red card at the close):
                    // the phase in progress.
                    _ => phase,
                };
                t.deaths.push(Death {
                    character: *character,
                    cause: *cause,
                    phase: when,
                });
            }
            EventKind::IdiotRevealed { idiot } => t.revealed.push((*idiot, phase)),
            EventKind::GameEnded { winner, .. } => {
                t.winner = *winner;
                t.ended = true;
            }
            _ => {}
        }
    }
    t
}
