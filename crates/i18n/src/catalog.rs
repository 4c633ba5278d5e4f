//! The catalogs: the Fluent bundles (one per language, parsed once), a message by id with
//! its arguments, and what a missing message turns into.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::{langid, LanguageIdentifier};

use super::Lang;

const ZH_FTL: &str = include_str!("../../../locales/zh-CN/wolfjudge.ftl");
const ZH_TW_FTL: &str = include_str!("../../../locales/zh-TW/wolfjudge.ftl");
const EN_FTL: &str = include_str!("../../../locales/en/wolfjudge.ftl");

/// What a missing or broken message turns into: `⟦id⟧`.
pub const MISSING_OPEN: char = '⟦';
pub(crate) const MISSING_CLOSE: char = '⟧';

type Bundle = FluentBundle<FluentResource>;

impl Lang {
    fn langid(self) -> LanguageIdentifier {
        match self {
            Lang::Zh => langid!("zh-CN"),
            Lang::ZhTw => langid!("zh-TW"),
            Lang::En => langid!("en"),
        }
    }

    fn source(self) -> &'static str {
        match self {
            Lang::Zh => ZH_FTL,
            Lang::ZhTw => ZH_TW_FTL,
            Lang::En => EN_FTL,
        }
    }
}

/// The Fluent source of `lang`'s catalog, as compiled in (for the catalogs' tests, and for
/// checking that the charts' font draws every character a catalog uses).
pub fn catalog_source(lang: Lang) -> &'static str {
    lang.source()
}

fn bundle(lang: Lang) -> &'static Bundle {
    static ZH: OnceLock<Bundle> = OnceLock::new();
    static ZH_TW: OnceLock<Bundle> = OnceLock::new();
    static EN: OnceLock<Bundle> = OnceLock::new();
    let cell = match lang {
        Lang::Zh => &ZH,
        Lang::ZhTw => &ZH_TW,
        Lang::En => &EN,
    };
    cell.get_or_init(|| build(lang))
}

/// Parses a catalog. Syntax errors and duplicate ids are caught by the tests; at run time
/// whatever parsed is used (a broken entry shows as `⟦id⟧`).
fn build(lang: Lang) -> Bundle {
    let res = FluentResource::try_new(lang.source().to_owned()).unwrap_or_else(|(res, _)| res);
    let mut b = FluentBundle::new_concurrent(vec![lang.langid()]);
    b.set_use_isolating(false);
    let _ = b.add_resource(res);
    b
}

/// Message `id` formatted with `args`; `Err` says what is wrong (missing message, missing
/// variable, ...).
fn lookup(lang: Lang, id: &str, args: &FluentArgs) -> Result<String, String> {
    let b = bundle(lang);
    let msg = b
        .get_message(id)
        .ok_or_else(|| format!("no message `{id}` in the {lang:?} catalog"))?;
    let pattern = msg
        .value()
        .ok_or_else(|| format!("message `{id}` ({lang:?}) has no value"))?;
    let mut errors = Vec::new();
    let out = b.format_pattern(pattern, Some(args), &mut errors);
    if errors.is_empty() {
        Ok(out.into_owned())
    } else {
        Err(format!("message `{id}` ({lang:?}): {errors:?}"))
    }
}

pub(crate) fn lookup_or_mark(lang: Lang, id: &str, args: &FluentArgs) -> String {
    lookup(lang, id, args).unwrap_or_else(|_| format!("{MISSING_OPEN}{id}{MISSING_CLOSE}"))
}

/// A string argument; canonical integers become Fluent numbers so plural selectors work
/// (their printed form is unchanged).
fn arg_value(s: &str) -> FluentValue<'_> {
    match s.parse::<i64>() {
        Ok(n) if n.to_string() == s && n.unsigned_abs() < (1 << 53) => FluentValue::from(n),
        _ => FluentValue::from(s),
    }
}

fn to_args<'a>(args: &'a [(&'a str, String)]) -> FluentArgs<'a> {
    let mut fa = FluentArgs::new();
    for (k, v) in args {
        fa.set(*k, arg_value(v));
    }
    fa
}

/// Catalog message `id` with `args` (name → value). A missing message comes out as `⟦id⟧`.
pub fn text(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    lookup_or_mark(lang, id, &to_args(args))
}

/// Like [`text`], but a missing message (or a variable it needs and was not given) is an
/// error naming the problem.
///
/// # Errors
/// A description of the missing or broken message.
pub fn try_text(lang: Lang, id: &str, args: &[(&str, String)]) -> Result<String, String> {
    lookup(lang, id, &to_args(args))
}

/// Builds `FluentArgs` from `"name" => value` pairs.
macro_rules! args {
    ($($k:literal => $v:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut a = ::fluent_bundle::FluentArgs::new();
        $(a.set($k, ::fluent_bundle::FluentValue::from($v));)*
        a
    }};
}
pub(crate) use args;

/// A flag as a Fluent selector reads it: `yes` or `no`.
pub(crate) fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_messages_are_detected() {
        assert!(try_text(Lang::En, "no-such-message", &[]).is_err());
        assert_eq!(text(Lang::Zh, "no-such-message", &[]), "⟦no-such-message⟧");
        // A message given too few variables is an error too.
        assert!(try_text(Lang::En, "heading-dm", &[]).is_err());
        let ok_text = try_text(Lang::En, "heading-dm", &[("name", "Ann".into())]);
        assert_eq!(ok_text.as_deref(), Ok("Private message to Ann"));
        let tw = try_text(Lang::ZhTw, "heading-dm", &[("name", "Ann".into())]);
        assert_eq!(tw.as_deref(), Ok("私訊：Ann"));
    }
}
