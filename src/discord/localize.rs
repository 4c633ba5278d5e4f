//! Localized command names, descriptions and option names (Discord's `name_localizations`).
//! The code names commands in English; the Chinese names come from the message catalog
//! (`cmd-<path>`, `cmd-<path>-desc`, `cmd-<path>-<option>`, `cmd-<path>-<option>-desc`), so
//! a translator edits one file.

use crate::i18n::{try_text, Lang};

use super::{Data, Error};

/// Discord's locale for our Chinese.
const ZH: &str = "zh-CN";

/// Adds the Chinese names and descriptions to every command, subcommand and option.
pub fn apply(commands: &mut [poise::Command<Data, Error>]) {
    for c in commands {
        apply_one(c, "cmd");
    }
}

fn apply_one(c: &mut poise::Command<Data, Error>, prefix: &str) {
    let path = format!("{prefix}-{}", c.name);
    let zh = |id: &str| try_text(Lang::Zh, id, &[]).ok();
    if let Some(name) = zh(&path) {
        c.name_localizations.to_mut().push((ZH.into(), name.into()));
    }
    if let Some(desc) = zh(&format!("{path}-desc")) {
        c.description_localizations
            .to_mut()
            .push((ZH.into(), desc.into()));
    }
    for p in &mut c.parameters {
        let id = format!("{path}-{}", p.name);
        if let Some(name) = zh(&id) {
            p.name_localizations.to_mut().push((ZH.into(), name.into()));
        }
        if let Some(desc) = zh(&format!("{id}-desc")) {
            p.description_localizations
                .to_mut()
                .push((ZH.into(), desc.into()));
        }
    }
    for sub in &mut c.subcommands {
        apply_one(sub, &path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command, subcommand and option has a Chinese name and description, and each
    /// name is one Discord accepts (lowercase, no spaces, at most 32 characters).
    #[test]
    fn every_command_and_option_is_localized() {
        let mut commands = super::super::commands::all();
        apply(&mut commands);
        fn check(c: &poise::Command<Data, Error>, missing: &mut Vec<String>) {
            let ok_name = |n: &str| {
                !n.is_empty()
                    && n.chars().count() <= 32
                    && !n.chars().any(|ch| ch.is_whitespace() || ch.is_uppercase())
            };
            let get =
                |v: &[(
                    std::borrow::Cow<'static, str>,
                    std::borrow::Cow<'static, str>,
                )]| { v.iter().find(|(l, _)| l == ZH).map(|(_, n)| n.to_string()) };
            match get(&c.name_localizations).as_deref() {
                Some(n) if ok_name(n) => {}
                other => missing.push(format!("{} name {other:?}", c.qualified_name)),
            }
            if get(&c.description_localizations).is_none() {
                missing.push(format!("{} description", c.qualified_name));
            }
            for p in &c.parameters {
                match get(&p.name_localizations).as_deref() {
                    Some(n) if ok_name(n) => {}
                    other => missing.push(format!("{} {} {other:?}", c.qualified_name, p.name)),
                }
                if get(&p.description_localizations).is_none() {
                    missing.push(format!("{} {} description", c.qualified_name, p.name));
                }
            }
            for s in &c.subcommands {
                check(s, missing);
            }
        }
        let mut missing = Vec::new();
        for c in &commands {
            check(c, &mut missing);
        }
        assert!(missing.is_empty(), "not localized: {missing:#?}");
    }
}
