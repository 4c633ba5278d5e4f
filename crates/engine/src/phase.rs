//! Where a game stands: day N (with Mafia's tie rounds), night N, or ended.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The game's phase, as a script's `wait` and a report's `phase` name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Before the first event (only while a game is being created).
    #[default]
    Setup,
    /// Day `day`; `round` 0 is the main vote, 1 and 2 are Mafia tie rounds.
    Day {
        day: u32,
        round: u32,
    },
    Night {
        night: u32,
    },
    Ended,
}

impl Phase {
    /// Parses `"day 2"`, `"night 1"`, `"day 1 runoff 1"`, `"ended"`.
    pub fn parse(text: &str) -> Option<Phase> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["ended"] => Some(Phase::Ended),
            ["day", n] => Some(Phase::Day {
                day: n.parse().ok()?,
                round: 0,
            }),
            ["day", n, "runoff", k] => Some(Phase::Day {
                day: n.parse().ok()?,
                round: k.parse().ok().filter(|k| *k > 0)?,
            }),
            ["night", n] => Some(Phase::Night {
                night: n.parse().ok()?,
            }),
            _ => None,
        }
    }

    /// Position in the game's order, for deciding whether a phase is already over.
    /// `night_first`: Mafia, where night N comes before day N.
    pub fn order(self, night_first: bool) -> (u32, u32, u32) {
        match self {
            Phase::Setup => (0, 0, 0),
            Phase::Day { day, round } => (day, u32::from(night_first), round),
            Phase::Night { night } => (night, u32::from(!night_first), 0),
            Phase::Ended => (u32::MAX, 0, 0),
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Setup => write!(f, "setup"),
            Phase::Day { day, round: 0 } => write!(f, "day {day}"),
            Phase::Day { day, round } => write!(f, "day {day} runoff {round}"),
            Phase::Night { night } => write!(f, "night {night}"),
            Phase::Ended => write!(f, "ended"),
        }
    }
}
