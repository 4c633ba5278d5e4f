//! Times and zones.

use std::collections::BTreeMap;

use chrono::{TimeZone, Utc};

use engine::event::DecisionKind;
use engine::ruleset::{Ruleset, Zone};
use engine::{CharId, Event, EventKind};

use super::{at, dealt};
use crate::*;

/// Times print in the game's zone, with the offset a reader elsewhere needs.
#[test]
fn times_print_in_the_games_zone_with_its_offset() {
    let zone = |n: &str| Zone::parse(n).expect("a zone");
    let t = at();
    assert_eq!(time(t, Zone::UTC), "2026-12-02 20:00 UTC");
    assert_eq!(time(t, zone("Asia/Shanghai")), "2026-12-03 04:00 UTC+8");
    assert_eq!(time(t, zone("Asia/Kolkata")), "2026-12-03 01:30 UTC+5:30");
    assert_eq!(time(t, zone("America/New_York")), "2026-12-02 15:00 UTC-5");
    // Summer time is the zone's business, not a fixed offset's.
    let july = Utc.with_ymd_and_hms(2026, 7, 1, 20, 0, 0).unwrap();
    assert_eq!(
        time(july, zone("America/New_York")),
        "2026-07-01 16:00 UTC-4"
    );
    assert_eq!(default_zone(Lang::Zh), Zone::SHANGHAI);
    assert_eq!(default_zone(Lang::En), Zone::UTC);
    assert_eq!(default_zone(Lang::ZhTw), Zone::TAIPEI);
    // A game's texts use its zone.
    let mut rs = Ruleset::builtin("m32", &BTreeMap::new()).expect("ruleset");
    rs.options.time_zone = Zone::SHANGHAI;
    let g = dealt(rs, None);
    let e = Event {
        at: at(),
        kind: EventKind::DecisionOpened {
            kind: DecisionKind::Shoot,
            character: CharId(0),
            until: t,
        },
    };
    let text = render(&e, &g, Lang::Zh);
    assert!(text.contains("2026-12-03 04:00 UTC+8"), "{text}");
}
