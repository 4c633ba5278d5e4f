//! The camps' private threads (docs/rules.md §1 `wolf_chat`, the forum-features work): with the game's
//! `camp_threads` option on, each camp that talks (the wolves; in Mafia the killers and the
//! police) gets a private place that only its members and the judge see. What changes in it,
//! and when, is decided here with the event, as every message is, and kept in the outbox as a
//! row of the camp's own channel ([`Recipient::Camp`]), so the changes reach the platform in order,
//! are retried like messages, and survive a restart:
//!
//! - the deal opens it with every member (the row's text is its first message);
//! - a member leaves it when their death is public: at once for a death by day, and for a
//!   death at night with the opening post that announces it (so the camp learns nothing
//!   from the thread before everybody does);
//! - a substitute playing a living member's seat is added.
//!
//! Nothing about a camp is ever sent anywhere else.

use serde::{Deserialize, Serialize};

use super::{Outgoing, Recipient};
use engine::{Audience, CharId, Event, EventKind, Game, Kind, Phase, Role};
use i18n::{self, Lang};

use super::prompt::Delivery;

/// A camp with a private thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Camp {
    Wolves,
    Killers,
    Police,
}

impl Camp {
    /// The stable name in the outbox (`camp:wolves`, see [`Recipient`]) and catalog keys.
    pub fn key(self) -> &'static str {
        match self {
            Camp::Wolves => "wolves",
            Camp::Killers => "killers",
            Camp::Police => "police",
        }
    }

    /// The camp whose [`Camp::key`] is `key`.
    pub fn of_key(key: &str) -> Option<Camp> {
        [Camp::Wolves, Camp::Killers, Camp::Police]
            .into_iter()
            .find(|c| c.key() == key)
    }

    /// Whether a character of `role` belongs to the camp (the white wolf king is one of the
    /// pack, as for every wolves' message).
    pub fn holds(self, role: Role) -> bool {
        match self {
            Camp::Wolves => role.is_wolf(),
            Camp::Killers => role == Role::Killer,
            Camp::Police => role == Role::Police,
        }
    }
}

/// What to do to a camp's thread.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "do")]
pub enum CampAction {
    /// Open it with these seats' players and the judge; the message is its first post.
    Open { camp: Camp, seats: Vec<u16> },
    /// Add the player of this seat now.
    Add { camp: Camp, seat: u16 },
    /// Take the player of this seat out.
    Remove { camp: Camp, seat: u16 },
}

/// The camps of a game that get a thread (none without `camp_threads`).
pub fn camps(g: &Game) -> Vec<Camp> {
    if !g.ruleset().options.camp_threads {
        return Vec::new();
    }
    match g.kind() {
        Kind::Werewolf => vec![Camp::Wolves],
        Kind::Mafia => vec![Camp::Killers, Camp::Police],
    }
}

/// The camp of a character, if it has a thread in this game.
fn camp_of(g: &Game, c: CharId) -> Option<Camp> {
    camps(g).into_iter().find(|k| k.holds(g.ch(c).role))
}

/// The rows `e` causes in the camps' channels (`g` is the state right after it).
pub fn rows(e: &Event, g: &Game, lang: Lang) -> Vec<Outgoing> {
    let camps = camps(g);
    if camps.is_empty() {
        return Vec::new();
    }
    let row = |action: CampAction, body: String| Outgoing {
        channel: match &action {
            CampAction::Open { camp, .. }
            | CampAction::Add { camp, .. }
            | CampAction::Remove { camp, .. } => Recipient::Camp(*camp),
        },
        body,
        meta: Some(Delivery {
            camp: Some(action),
            ..Delivery::default()
        }),
    };
    let leave = |c: CharId| {
        camp_of(g, c).map(|camp| {
            let body = i18n::text(lang, "camp-thread-left", &[("name", g.ch(c).name.clone())]);
            row(CampAction::Remove { camp, seat: c.0 }, body)
        })
    };
    match &e.kind {
        EventKind::RolesDealt { .. } => camps
            .into_iter()
            .map(|camp| {
                let members = g.living_with(|r| camp.holds(r));
                let names: Vec<String> = members.iter().map(|c| g.ch(*c).name.clone()).collect();
                let body = i18n::text(
                    lang,
                    "camp-thread-welcome",
                    &[
                        ("camp", camp.key().to_string()),
                        ("names", names.join(&i18n::text(lang, "list-sep", &[]))),
                    ],
                );
                let seats = members.iter().map(|c| c.0).collect();
                row(CampAction::Open { camp, seats }, body)
            })
            .collect(),
        // A death by day is public at once; one at night only with the next opening post.
        EventKind::Eliminated { character, .. } if e.audience() == Audience::Public => {
            leave(*character).into_iter().collect()
        }
        EventKind::DayOpened { deaths, .. } => deaths
            .iter()
            .filter(|c| {
                g.eliminations()
                    .iter()
                    .any(|(d, _, when)| d == *c && matches!(when, Phase::Night { .. }))
            })
            .filter_map(|c| leave(*c))
            .collect(),
        EventKind::Substituted { character, .. } if g.is_alive(*character) => {
            camp_of(g, *character)
                .map(|camp| {
                    let body = i18n::text(
                        lang,
                        "camp-thread-substitute",
                        &[("name", g.ch(*character).name.clone())],
                    );
                    row(
                        CampAction::Add {
                            camp,
                            seat: character.0,
                        },
                        body,
                    )
                })
                .into_iter()
                .collect()
        }
        _ => Vec::new(),
    }
}
