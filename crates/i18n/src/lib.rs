//! Message catalogs: every user-facing text lives in `locales/<lang>/wolfjudge.ftl` (Fluent);
//! this module turns events and refusals into text in the game's language.
//!
//! - [`render`]: an event as its audience ([`Event::audience`]) reads it.
//! - [`render_judge`]: the same, for the judge's log (true causes and card reasons).
//! - [`error_message`]: a refusal, said to the player who was refused.
//! - [`text`]: any catalog message by id (headings, chat lines, ...).
//!
//! Every catalog is compiled in and parsed once per language. A message that is missing
//! (or refers to a variable it was not given) comes out as `⟦id⟧`, so it shows up in tests
//! and reports instead of vanishing; [`try_text`] reports it as an error instead.
//!
//! The crate, one idea a file:
//! - `catalog`: the Fluent bundles, a message by id ([`text`], [`try_text`]) and its
//!   arguments;
//! - `context`: what wording an event or a refusal needs (the game, the language, names);
//! - `names`: roles, phases, winners, players and headings by name;
//! - `time`: durations, times and time zones;
//! - `refusals`: [`error_message`];
//! - `events`: [`render`] and [`render_judge`], one file per part of the game;
//! - [`commands`]: the slash commands' names and descriptions.
//!
//! [`Event::audience`]: engine::Event::audience

pub mod commands;
pub mod traditional;
pub mod uno;

mod catalog;
mod context;
mod events;
mod names;
mod refusals;
mod time;

#[cfg(test)]
mod tests;

pub use catalog::{catalog_source, text, try_text, MISSING_OPEN};
pub use events::{card_reason_text, record_reds, render, render_judge};
pub use names::{audience_heading, phase_name, player_label, role_name, winner_name};
pub use refusals::error_message;
pub use time::{default_zone, duration, time};

/// The languages wolfjudge speaks, each with its catalog `locales/<code>/wolfjudge.ftl`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// Simplified Chinese (the default).
    #[default]
    Zh,
    /// Traditional Chinese as written in Taiwan (`zh-TW`).
    ZhTw,
    En,
}

impl Lang {
    /// Every language, each with a complete catalog.
    pub const ALL: [Lang; 3] = [Lang::Zh, Lang::ZhTw, Lang::En];

    /// The language of a code: ours (`zh`, `zh-TW`, `en`, what [`Lang::code`] gives and a
    /// server's setting stores) or a Discord locale (`zh-CN`, `zh-TW`, `en-US`, `en-GB`).
    pub fn parse(s: &str) -> Option<Lang> {
        match s {
            "zh" | "zh-CN" | "zh-Hans" => Some(Lang::Zh),
            "zh-TW" | "zh-Hant" => Some(Lang::ZhTw),
            "en" | "en-US" | "en-GB" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language's code, as settings store it and `/wolf-setup language` takes it:
    /// `zh`, `zh-TW`, `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::ZhTw => "zh-TW",
            Lang::En => "en",
        }
    }

    /// The Chinese languages: their texts are laid out alike (no spaces between words,
    /// full-width punctuation), so charts and number formats follow Simplified Chinese.
    pub fn is_chinese(self) -> bool {
        matches!(self, Lang::Zh | Lang::ZhTw)
    }
}
