//! Localized command names, descriptions, option names and choice labels (Discord's
//! `name_localizations`), for every locale of [`CommandLocale`]: zh-CN, zh-TW, en-US and
//! en-GB. The code names commands in English; the other names come from the message
//! catalogs (`cmd-<path>`, `cmd-<path>-desc`, `cmd-<path>-<option>`,
//! `cmd-<path>-<option>-desc`, and `cmd-<path>-<option>-<choice>` for a choice), so a
//! translator edits text files: `locales/zh-CN`, `locales/zh-TW` and `locales/en` (the
//! bot's catalogs), and `locales/en-GB/commands.ftl` (British spellings of command texts).
//!
//! Options whose values are words (a winner, a language, a ruleset) are string options with
//! string choices ([`string_choices`]): poise's `ChoiceParameter` would send indexes, and
//! clients that type the word would stop working.

use std::borrow::Cow;

use poise::serenity_prelude as serenity;
use serenity::all::{CommandOptionType, CreateCommandOption};

use super::{Data, Error};
use engine::Winner;
use i18n::commands::{command_text, CommandLocale};

type Command = poise::Command<Data, Error>;

/// `(locale, text)` for every locale that has catalog message `id`.
pub fn localized(id: &str) -> Vec<(&'static str, String)> {
    CommandLocale::ALL
        .into_iter()
        .filter_map(|l| command_text(l, id).map(|t| (l.code(), t)))
        .collect()
}

fn push(to: &mut Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>, id: &str) {
    for (locale, text) in localized(id) {
        to.to_mut().push((locale.into(), text.into()));
    }
}

/// Adds the localized names and descriptions to every command, subcommand, option and
/// choice, and gives the options whose values are words their localized choices.
pub fn apply(commands: &mut [Command]) {
    offer_choices(commands);
    for c in commands {
        apply_one(c, "cmd");
    }
}

fn apply_one(c: &mut Command, prefix: &str) {
    let path = format!("{prefix}-{}", c.name);
    push(&mut c.name_localizations, &path);
    push(&mut c.description_localizations, &format!("{path}-desc"));
    for p in &mut c.parameters {
        let id = format!("{path}-{}", p.name);
        push(&mut p.name_localizations, &id);
        push(&mut p.description_localizations, &format!("{id}-desc"));
        for choice in p.choices.to_mut() {
            let cid = format!("{id}-{}", choice.name);
            push(&mut choice.localizations, &cid);
        }
    }
    for sub in &mut c.subcommands {
        apply_one(sub, &path);
    }
}

/// A string option offering `values`, each labelled by its catalog message
/// `<id>-<value>` (English by default, localized in every locale).
pub fn string_choices(b: CreateCommandOption, id: &str, values: &[&str]) -> CreateCommandOption {
    values
        .iter()
        .fold(b.kind(CommandOptionType::String), |b, value| {
            let cid = format!("{id}-{value}");
            let label =
                command_text(CommandLocale::EnUs, &cid).unwrap_or_else(|| value.to_string());
            b.add_string_choice_localized(label, *value, localized(&cid))
        })
}

/// `/judge end`'s `winner`: the outcomes.
fn winner_option(b: CreateCommandOption) -> CreateCommandOption {
    let keys: Vec<&str> = Winner::ALL.iter().map(|w| w.key()).collect();
    string_choices(b, "cmd-judge-end-winner", &keys)
}

/// `/wolf-setup`'s `language`: the bot's languages, by their codes (`zh`, `zh-TW`, `en`).
fn language_option(b: CreateCommandOption) -> CreateCommandOption {
    let codes = i18n::Lang::ALL.map(i18n::Lang::code);
    string_choices(b, "cmd-wolf-setup-language", &codes)
}

/// Gives the word-valued options their choices (the rulesets' are `board`'s).
fn offer_choices(commands: &mut [Command]) {
    for c in commands.iter_mut() {
        if c.name == "wolf-setup" {
            for p in c.parameters.iter_mut().filter(|p| p.name == "language") {
                p.type_setter = Some(language_option);
            }
        }
        if c.name == "uno" {
            for new in c.subcommands.iter_mut().filter(|s| s.name == "new") {
                for p in new
                    .parameters
                    .iter_mut()
                    .filter(|p| p.name == "uno_penalty")
                {
                    p.type_setter = Some(super::commands::uno::penalty_option);
                }
            }
        }
        let ends = c
            .subcommands
            .iter_mut()
            .filter(|s| c.name == "judge" && s.name == "end");
        for end in ends {
            for p in end.parameters.iter_mut().filter(|p| p.name == "winner") {
                p.type_setter = Some(winner_option);
            }
        }
    }
}

/// A name (of a command, option or choice) as a client in `locale` shows it.
fn shown_name(
    name: &str,
    localizations: &[(Cow<'static, str>, Cow<'static, str>)],
    locale: CommandLocale,
) -> String {
    localizations
        .iter()
        .find(|(l, _)| l == locale.code())
        .map(|(_, n)| n.to_string())
        .unwrap_or_else(|| name.to_string())
}

/// A command as a client in `locale` shows it: `vote` → `/投票`, `wolf rules` → `/狼人杀 规则`
/// (a path not registered comes back as typed).
pub fn shown(commands: &[Command], path: &str, locale: CommandLocale) -> String {
    let mut level = commands;
    let mut parts = Vec::new();
    for word in path.split_whitespace() {
        match level.iter().find(|c| c.name == word) {
            Some(c) => {
                parts.push(shown_name(&c.name, &c.name_localizations, locale));
                level = &c.subcommands;
            }
            None => {
                parts.push(word.to_string());
                level = &[];
            }
        }
    }
    format!("/{}", parts.join(" "))
}

/// One line per command a member can type (subcommands listed under their group), as a
/// client in `locale` shows it: `/投票 目标 理由 — 投票放逐一名角色…`, optional options in
/// brackets.
pub fn command_lines(commands: &[Command], locale: CommandLocale) -> Vec<String> {
    fn walk(c: &Command, prefix: &str, locale: CommandLocale, out: &mut Vec<String>) {
        let name = format!(
            "{prefix}{}",
            shown_name(&c.name, &c.name_localizations, locale)
        );
        if !c.subcommands.is_empty() {
            for s in &c.subcommands {
                walk(s, &format!("{name} "), locale, out);
            }
            return;
        }
        let mut line = format!("/{name}");
        for p in &c.parameters {
            let n = shown_name(&p.name, &p.name_localizations, locale);
            line.push(' ');
            line.push_str(&if p.required { n } else { format!("[{n}]") });
        }
        let desc = c
            .description
            .as_deref()
            .map(|d| shown_name(d, &c.description_localizations, locale))
            .unwrap_or_default();
        out.push(format!("{line} — {desc}"));
    }
    let mut out = Vec::new();
    for c in commands {
        walk(c, "", locale, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// Discord's rule for command and option names (its regex, and lower case).
    fn bad_name(n: &str) -> bool {
        let re = regex::Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$").expect("regex");
        !re.is_match(n) || n.chars().any(|c| c.to_lowercase().ne(std::iter::once(c)))
    }

    /// What is missing or invalid in one field's localizations: each of our locales must
    /// be there, a name valid, a text 1 to 100 characters.
    fn check_field(
        item: &Value,
        key: &str,
        id: &str,
        what: &str,
        name: bool,
        out: &mut Vec<String>,
    ) {
        let locs = &item[format!("{key}_localizations")];
        for l in CommandLocale::ALL {
            match locs[l.code()].as_str() {
                None => out.push(format!("{}: missing `{id}` ({what})", l.code())),
                Some(t) if name && bad_name(t) => out.push(format!(
                    "{}: `{id} = {t}` is not a valid Discord name ({what})",
                    l.code()
                )),
                Some(t) if !(1..=100).contains(&t.chars().count()) => out.push(format!(
                    "{}: `{id}` must be 1–100 characters ({what})",
                    l.code()
                )),
                Some(_) => {}
            }
        }
        for (l, _) in locs.as_object().into_iter().flatten() {
            if CommandLocale::parse(l).is_none() {
                out.push(format!("{l}: not one of our locales ({what})"));
            }
        }
    }

    /// Walks an option (or a command) of the registration body.
    fn check_option(o: &Value, id: &str, what: &str, out: &mut Vec<String>) {
        check_field(o, "name", id, what, true, out);
        check_field(o, "description", &format!("{id}-desc"), what, false, out);
        for c in o["choices"].as_array().into_iter().flatten() {
            // Integer choices (poise's enums) are named by their label, string ones by value.
            let key = match &c["value"] {
                Value::String(v) => v.clone(),
                _ => c["name"].as_str().unwrap_or_default().to_string(),
            };
            let cid = format!("{id}-{key}");
            check_field(
                c,
                "name",
                &cid,
                &format!("{what}, choice {key}"),
                false,
                out,
            );
        }
        for sub in o["options"].as_array().into_iter().flatten() {
            let n = sub["name"].as_str().unwrap_or_default();
            check_option(sub, &format!("{id}-{n}"), &format!("{what} {n}"), out);
        }
    }

    /// Every command, subcommand, option and choice the bot registers has its name (and
    /// description) in zh-CN, zh-TW, en-US and en-GB, each one Discord accepts. Checked on
    /// the registration body itself (what `PUT applications/{id}/commands` sends), so the
    /// choices a builder adds are checked too. A failure lists each missing catalog id by
    /// locale: add them to that locale's file.
    #[test]
    fn every_command_option_and_choice_is_localized_in_four_locales() {
        let mut commands = super::super::commands::all();
        apply(&mut commands);
        let mut missing = Vec::new();
        for c in &commands {
            let body = serde_json::to_value(c.create_as_slash_command().expect("a slash command"))
                .expect("serializes");
            let n = body["name"].as_str().unwrap_or_default().to_string();
            check_option(&body, &format!("cmd-{n}"), &format!("/{n}"), &mut missing);
        }
        missing.sort();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "{} command texts missing or invalid (add them to locales/<locale>/…):\n{}",
            missing.len(),
            missing.join("\n")
        );
    }

    #[test]
    fn commands_are_shown_as_the_client_names_them() {
        let mut commands = super::super::commands::all();
        apply(&mut commands);
        assert_eq!(shown(&commands, "vote", CommandLocale::ZhCn), "/投票");
        assert_eq!(shown(&commands, "vote", CommandLocale::ZhTw), "/投票");
        assert_eq!(
            shown(&commands, "wolf rules", CommandLocale::ZhTw),
            "/狼人殺 規則"
        );
        assert_eq!(
            shown(&commands, "wolf rules", CommandLocale::EnGb),
            "/wolf rules"
        );
        let lines = command_lines(&commands, CommandLocale::EnUs);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("/judge card target color reason — ")),
            "{lines:#?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("/history character [page] — ")),
            "{lines:#?}"
        );
    }
}
