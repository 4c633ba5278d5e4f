//! Limits on what input may make the engine hold or do: the longest texts and names, the
//! latest time a game's clock may reach, the shortest phase.
//!
//! They exist for hostile or careless input (a script or export passed around, a config
//! override), which must end in a typed refusal rather than a panic, a hang or running out
//! of memory. Real games never come near them: Discord's own limits are far below the text
//! limits (a message is at most 4,000 characters, a slash-command reason 300), and a game
//! lasts weeks, not a century. docs/decisions.md ("Limits") lists them.

use chrono::{DateTime, Duration, Utc};

use super::error::RuleError;
use super::ruleset::Span;

/// The longest post, last words or tree hole, in characters (Unicode scalar values).
pub const MAX_TEXT_CHARS: usize = 10_000;
/// The longest reason (a vote's, a kill's, a card's, a removal's), in characters.
pub const MAX_REASON_CHARS: usize = 1_000;
/// The longest character name or player account, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// The shortest phase or deadline length a ruleset may set (`day_length`, `night_length`, …):
/// a game of one-second phases would step through millions of phases in a one-year wait.
pub const MIN_PHASE: Span = Span(60);
/// How long after its start a game's clock may run (100 years): no command is taken later
/// and no extension may push a deadline later. Keeps every time the engine computes far
/// inside the calendar's range, so date arithmetic cannot overflow.
pub const CLOCK_LIMIT_DAYS: i64 = 36_525;

/// Which text a limit applies to (the refusal names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    Post,
    Reason,
    LastWords,
    TreeHole,
    /// A player account (a substitute's).
    Player,
}

impl TextKind {
    /// The stable key messages select on.
    pub fn key(self) -> &'static str {
        match self {
            TextKind::Post => "post",
            TextKind::Reason => "reason",
            TextKind::LastWords => "last_words",
            TextKind::TreeHole => "tree_hole",
            TextKind::Player => "player",
        }
    }

    /// The most characters this text may have.
    pub fn max(self) -> usize {
        match self {
            TextKind::Post | TextKind::LastWords | TextKind::TreeHole => MAX_TEXT_CHARS,
            TextKind::Reason => MAX_REASON_CHARS,
            TextKind::Player => MAX_NAME_CHARS,
        }
    }

    /// Refuses `text` when it is longer than this kind allows.
    ///
    /// # Errors
    /// [`RuleError::TextTooLong`] naming the kind and the limit.
    pub fn check(self, text: &str) -> Result<(), RuleError> {
        if too_long(text, self.max()) {
            Err(RuleError::TextTooLong {
                what: self,
                max: self.max(),
            })
        } else {
            Ok(())
        }
    }
}

/// Whether `text` is longer than `max` characters. Counting stops one past `max`, so a huge
/// text costs no more than a short one.
pub fn too_long(text: &str, max: usize) -> bool {
    text.chars().nth(max).is_some()
}

/// The latest time the clock of a game started at `start` may reach.
pub fn latest(start: DateTime<Utc>) -> DateTime<Utc> {
    start
        .checked_add_signed(Duration::days(CLOCK_LIMIT_DAYS))
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// Whether a game may start at `start`: its clock limit and every deadline the engine can
/// set after it (at most the limit again plus the longest span, see `Resumed`) stay inside
/// the calendar's range.
pub fn start_in_range(start: DateTime<Utc>) -> bool {
    start
        .checked_add_signed(Duration::days(3 * CLOCK_LIMIT_DAYS))
        .is_some()
}

/// `t + d`, or the calendar's last instant when that is past it. The engine never gets near
/// it ([`latest`]); this only keeps `apply` total on any event.
pub fn later(t: DateTime<Utc>, d: Duration) -> DateTime<Utc> {
    t.checked_add_signed(d).unwrap_or(DateTime::<Utc>::MAX_UTC)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_counted_in_characters_not_bytes() {
        let zh = "狼".repeat(MAX_REASON_CHARS);
        assert!(zh.len() > MAX_REASON_CHARS, "three bytes a character");
        assert_eq!(TextKind::Reason.check(&zh), Ok(()));
        let longer = format!("{zh}狼");
        assert_eq!(
            TextKind::Reason.check(&longer),
            Err(RuleError::TextTooLong {
                what: TextKind::Reason,
                max: MAX_REASON_CHARS
            })
        );
        assert!(!too_long("abc", 3));
        assert!(too_long("abcd", 3));
    }

    #[test]
    fn the_clock_limit_and_later_never_overflow() {
        let start = DateTime::<Utc>::MAX_UTC;
        assert_eq!(latest(start), DateTime::<Utc>::MAX_UTC);
        assert!(!start_in_range(start));
        assert_eq!(later(start, Duration::days(1)), DateTime::<Utc>::MAX_UTC);
        let y9999 = DateTime::parse_from_rfc3339("9999-12-31T23:59:59-23:59")
            .expect("the latest RFC 3339 start")
            .with_timezone(&Utc);
        assert!(start_in_range(y9999), "every script start is in range");
        assert_eq!((latest(y9999) - y9999).num_days(), CLOCK_LIMIT_DAYS);
    }
}
