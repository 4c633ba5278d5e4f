//! Time as messages say it: durations, times with their offset from UTC, and the time zone
//! a game gets by default.

use chrono::{DateTime, Offset, Utc};

use engine::ruleset::Zone;

use super::catalog::{args, lookup_or_mark};
use super::Lang;

/// A duration in hours, minutes and seconds, e.g. "1 小时 30 分钟" / "1 hour 30 minutes".
pub fn duration(secs: i64, lang: Lang) -> String {
    let secs = secs.unsigned_abs();
    let (h, m, s) = (secs / 3600, (secs % 3600) / 60, secs % 60);
    let part = |id: &str, n: u64| lookup_or_mark(lang, id, &args!["n" => n]);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(part("dur-h", h));
    }
    if m > 0 {
        parts.push(part("dur-m", m));
    }
    if s > 0 || parts.is_empty() {
        parts.push(part("dur-s", s));
    }
    parts.join(" ")
}

/// A time as messages show it, in the game's zone `zone`, with its offset from UTC so that
/// a reader elsewhere can convert: `2026-12-02 20:00 UTC`, `2026-12-03 04:00 UTC+8`,
/// `2026-12-03 01:30 UTC+5:30`.
pub fn time(t: DateTime<Utc>, zone: Zone) -> String {
    let local = t.with_timezone(&zone.0);
    let secs = local.offset().fix().local_minus_utc();
    let (sign, abs) = (if secs < 0 { '-' } else { '+' }, secs.unsigned_abs());
    let (h, m) = (abs / 3600, (abs % 3600) / 60);
    let offset = match (h, m) {
        (0, 0) => String::new(),
        (h, 0) => format!("{sign}{h}"),
        (h, m) => format!("{sign}{h}:{m:02}"),
    };
    format!("{} UTC{offset}", local.format("%Y-%m-%d %H:%M"))
}

/// The time zone a game in `lang` gets when its server or script names none (Discord has no
/// server time zone to read): Beijing time for Simplified Chinese, Taiwan's for Traditional
/// Chinese (the same UTC+8), UTC for English.
pub fn default_zone(lang: Lang) -> Zone {
    match lang {
        Lang::Zh => Zone::SHANGHAI,
        Lang::ZhTw => Zone::TAIPEI,
        Lang::En => Zone::UTC,
    }
}
