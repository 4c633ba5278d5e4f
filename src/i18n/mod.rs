//! Message catalogs: every user-facing text lives in `locales/<lang>/wolfjudge.ftl` (Fluent);
//! this module turns events and refusals into text in the game's language.
//! (STUB: being written.)

use crate::engine::{Event, Game, RuleError};

/// The languages wolfjudge speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// Simplified Chinese (the default).
    #[default]
    Zh,
    En,
}

impl Lang {
    pub fn parse(s: &str) -> Option<Lang> {
        match s {
            "zh" | "zh-CN" | "zh-Hans" => Some(Lang::Zh),
            "en" | "en-US" | "en-GB" => Some(Lang::En),
            _ => None,
        }
    }
}

/// A refusal said to the player who was refused.
pub fn error_message(err: &RuleError, game: &Game, lang: Lang) -> String {
    let _ = (game, lang);
    err.to_string()
}

/// An event as its audience reads it.
pub fn render(event: &Event, game: &Game, lang: Lang) -> String {
    let _ = (game, lang);
    format!("{:?}", event.kind)
}
