//! The slash commands' names, descriptions and choice labels in every Discord locale the bot
//! registers them for. Each language's catalog holds its command texts (`cmd-…` ids):
//! zh-CN, zh-TW (Traditional Chinese) and en-US from `locales/<lang>/wolfjudge.ftl`;
//! British English clients (`en-GB`) get the English ones with their spelling where it
//! differs (`locales/en-GB/commands.ftl` holds only those differences).
//!
//! Ids are the main catalogs' `cmd-<path>` ids (see `discord::localize`).

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::langid;

use super::{try_text, Lang};

const EN_GB_FTL: &str = include_str!("../../../locales/en-GB/commands.ftl");

/// A Discord locale the commands are registered in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommandLocale {
    ZhCn,
    ZhTw,
    EnUs,
    EnGb,
}

impl CommandLocale {
    /// Every locale the commands carry names for.
    pub const ALL: [CommandLocale; 4] = [
        CommandLocale::ZhCn,
        CommandLocale::ZhTw,
        CommandLocale::EnUs,
        CommandLocale::EnGb,
    ];

    /// Discord's name of the locale (a key of `name_localizations`).
    pub fn code(self) -> &'static str {
        match self {
            CommandLocale::ZhCn => "zh-CN",
            CommandLocale::ZhTw => "zh-TW",
            CommandLocale::EnUs => "en-US",
            CommandLocale::EnGb => "en-GB",
        }
    }

    /// The locale of a Discord client, if it is one of ours.
    pub fn parse(code: &str) -> Option<CommandLocale> {
        CommandLocale::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language the bot's other texts use for this locale.
    pub fn lang(self) -> Lang {
        match self {
            CommandLocale::ZhCn => Lang::Zh,
            CommandLocale::ZhTw => Lang::ZhTw,
            CommandLocale::EnUs | CommandLocale::EnGb => Lang::En,
        }
    }
}

type Bundle = FluentBundle<FluentResource>;

fn parse(source: &str, lang: unic_langid::LanguageIdentifier) -> Bundle {
    let res = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(res, _)| res);
    let mut b = FluentBundle::new_concurrent(vec![lang]);
    b.set_use_isolating(false);
    let _ = b.add_resource(res);
    b
}

fn en_gb() -> &'static Bundle {
    static B: OnceLock<Bundle> = OnceLock::new();
    B.get_or_init(|| parse(EN_GB_FTL, langid!("en-GB")))
}

/// Message `id` of a command catalog (no arguments), if it has it.
fn from(b: &Bundle, id: &str) -> Option<String> {
    let pattern = b.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let out = b.format_pattern(pattern, Some(&FluentArgs::new()), &mut errors);
    errors.is_empty().then(|| out.into_owned())
}

/// A command's name, description or choice label (`cmd-…` id) in `locale`; `None` when
/// the locale's catalog does not have it. Only en-GB falls back (to English); a zh-TW text
/// never falls back to a Simplified one.
pub fn command_text(locale: CommandLocale, id: &str) -> Option<String> {
    match locale {
        CommandLocale::EnGb => from(en_gb(), id).or_else(|| try_text(Lang::En, id, &[]).ok()),
        _ => try_text(locale.lang(), id, &[]).ok(),
    }
}

/// The ids of a command catalog (for its test).
#[cfg(test)]
fn ids(source: &str) -> Vec<String> {
    source
        .lines()
        .filter(|l| !l.starts_with(['#', ' ', '\t']) && !l.trim().is_empty())
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_en_gb_catalog_parses_and_names_only_commands() {
        let res = FluentResource::try_new(EN_GB_FTL.to_owned());
        assert!(
            res.is_ok(),
            "en-GB: syntax errors {:?}",
            res.err().map(|e| e.1)
        );
        let mut b = FluentBundle::new_concurrent(vec![langid!("en-GB")]);
        assert!(
            b.add_resource(res.expect("parsed")).is_ok(),
            "en-GB: duplicate ids"
        );
        let stray: Vec<String> = ids(EN_GB_FTL)
            .into_iter()
            .filter(|id| !id.starts_with("cmd-"))
            .collect();
        assert!(stray.is_empty(), "only cmd-… ids belong here: {stray:?}");
    }

    #[test]
    fn locales_fall_back_as_documented() {
        assert_eq!(
            command_text(CommandLocale::ZhCn, "cmd-vote").as_deref(),
            Some("投票")
        );
        assert_eq!(
            command_text(CommandLocale::ZhTw, "cmd-wolf-setup").as_deref(),
            Some("狼人殺設定")
        );
        assert_eq!(
            command_text(CommandLocale::ZhTw, "cmd-help").as_deref(),
            Some("說明")
        );
        // en-GB: its own spelling where it differs, else the English catalog's.
        assert_eq!(
            command_text(CommandLocale::EnGb, "cmd-judge-card-color").as_deref(),
            Some("colour")
        );
        assert_eq!(
            command_text(CommandLocale::EnGb, "cmd-vote").as_deref(),
            Some("vote")
        );
        assert_eq!(command_text(CommandLocale::ZhTw, "cmd-no-such"), None);
        assert_eq!(CommandLocale::ZhTw.lang(), Lang::ZhTw);
    }
}
