//! The slash commands' names, descriptions and choice labels in every Discord locale the bot
//! registers them for. The bot speaks two languages (zh-CN and en), but Discord shows a
//! command's name in the client's own locale: Traditional Chinese clients (`zh-TW`) get
//! their own texts (`locales/zh-TW/commands.ftl`, command names and choices only), and
//! British English clients (`en-GB`) the English ones with their spelling where it differs
//! (`locales/en-GB/commands.ftl` holds only those differences).
//!
//! Ids are the main catalogs' `cmd-<path>` ids (see `discord::localize`).

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::langid;

use super::{try_text, Lang};

const ZH_TW_FTL: &str = include_str!("../../../locales/zh-TW/commands.ftl");
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
            CommandLocale::ZhCn | CommandLocale::ZhTw => Lang::Zh,
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

fn zh_tw() -> &'static Bundle {
    static B: OnceLock<Bundle> = OnceLock::new();
    B.get_or_init(|| parse(ZH_TW_FTL, langid!("zh-TW")))
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
/// the locale's catalog does not have it. zh-TW has no fallback: a command without its
/// Traditional Chinese texts shows its default (English) name rather than a Simplified one.
pub fn command_text(locale: CommandLocale, id: &str) -> Option<String> {
    match locale {
        CommandLocale::ZhCn => try_text(Lang::Zh, id, &[]).ok(),
        CommandLocale::EnUs => try_text(Lang::En, id, &[]).ok(),
        CommandLocale::ZhTw => from(zh_tw(), id),
        CommandLocale::EnGb => from(en_gb(), id).or_else(|| try_text(Lang::En, id, &[]).ok()),
    }
}

/// The ids of the zh-TW catalog (for its tests and the adapter's).
pub fn zh_tw_ids() -> Vec<String> {
    ids(ZH_TW_FTL)
}

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

    /// Characters written only in Simplified Chinese (their Traditional forms differ), among
    /// those the command texts use: none may appear in the zh-TW catalog.
    const SIMPLIFIED_ONLY: &str = "杀设报选择间时长为发条让论坛组频启动个们这说话请还将给态确认规则录页码轮数单战积\
        队阵营胜负标览举结决斗输红蓝黄颜语区称赛员图历记帮号马务与后开问题对应当没检验护猎预骑带树遗笔内节暂复计导脚补张谁么样处状阶见观众权参违罚仅";

    #[test]
    fn the_command_catalogs_parse_without_duplicates() {
        for (name, source, lang) in [
            ("zh-TW", ZH_TW_FTL, langid!("zh-TW")),
            ("en-GB", EN_GB_FTL, langid!("en-GB")),
        ] {
            let res = FluentResource::try_new(source.to_owned());
            assert!(
                res.is_ok(),
                "{name}: syntax errors {:?}",
                res.err().map(|e| e.1)
            );
            let mut b = FluentBundle::new_concurrent(vec![lang]);
            assert!(
                b.add_resource(res.unwrap()).is_ok(),
                "{name}: duplicate ids"
            );
        }
    }

    #[test]
    fn zh_tw_names_only_known_ids_and_is_traditional() {
        let mut stray = Vec::new();
        for id in zh_tw_ids().iter().chain(ids(EN_GB_FTL).iter()) {
            if !id.starts_with("cmd-") {
                stray.push(id.clone());
            }
        }
        assert!(stray.is_empty(), "only cmd-… ids belong here: {stray:?}");
        let mut simplified = Vec::new();
        for id in zh_tw_ids() {
            let text = command_text(CommandLocale::ZhTw, &id).unwrap_or_default();
            let bad: String = text
                .chars()
                .filter(|c| SIMPLIFIED_ONLY.contains(*c))
                .collect();
            if !bad.is_empty() {
                simplified.push(format!("{id} = {text} (simplified: {bad})"));
            }
        }
        assert!(
            simplified.is_empty(),
            "zh-TW texts with Simplified characters:\n{}",
            simplified.join("\n")
        );
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
    }
}
