//! What the bot is expected to say, taken from the message catalogs (`locales/`) instead of
//! copied into the tests: a test names the message by its key, so rewording a message does
//! not break it, while the bot saying a different message (or a missing one, `⟦id⟧`) does.
//!
//! - [`msg`] / [`zh`]: a message rendered with the arguments the test knows.
//! - [`says`] / [`says_with`]: whether a text contains a message, whatever the arguments it
//!   does not know (its fixed pieces, in order).

use std::collections::BTreeSet;

use wolfjudge::engine::Role;
use wolfjudge::i18n::{catalog_source, role_name, try_text, Lang};

/// Stands in for an argument the test does not know (a private-use character no message
/// contains).
const ANY: char = '\u{e000}';

/// Catalog message `key` in `lang` with `args`, as the bot words it.
///
/// # Panics
/// When the catalog has no message `key` or it needs an argument not given, so a test that
/// names a wrong key fails instead of comparing against `⟦key⟧`.
pub fn msg(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(&str, String)> = args.iter().map(|(k, v)| (*k, v.to_string())).collect();
    try_text(lang, key, &args).unwrap_or_else(|e| panic!("{e}"))
}

/// [`msg`] in Chinese, the language of the games the tests play.
pub fn zh(key: &str, args: &[(&str, &str)]) -> String {
    msg(Lang::Zh, key, args)
}

/// The source of message `key` in `lang`'s catalog: its first line and the indented lines
/// that continue it.
fn source(lang: Lang, key: &str) -> String {
    let mut lines = catalog_source(lang).lines().skip_while(|l| {
        l.split_once('=')
            .is_none_or(|(id, _)| id.trim_end() != key || id.starts_with(' '))
    });
    let mut out = lines
        .next()
        .unwrap_or_else(|| panic!("no message `{key}` in the {lang:?} catalog"))
        .to_string();
    for l in lines.take_while(|l| l.is_empty() || l.starts_with(' ')) {
        out.push('\n');
        out.push_str(l);
    }
    out
}

/// The variables message `key` uses, with those of the messages it refers to.
fn variables(lang: Lang, key: &str, seen: &mut BTreeSet<String>) -> BTreeSet<String> {
    let src = source(lang, key);
    let mut vars = BTreeSet::new();
    for (i, _) in src.match_indices('{') {
        let inner = src[i + 1..].trim_start();
        let (sigil, rest) = match inner.strip_prefix('$') {
            Some(rest) => (true, rest),
            None => (false, inner),
        };
        let id: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if id.is_empty() || !id.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        if sigil {
            vars.insert(id);
        } else if seen.insert(id.clone()) {
            vars.extend(variables(lang, &id, seen));
        }
    }
    vars
}

/// The fixed pieces of message `key` (the text between its variables), in order; `known`
/// arguments are filled in, every other variable is left out.
pub fn pieces(lang: Lang, key: &str, known: &[(&str, &str)]) -> Vec<String> {
    let mut args: Vec<(&str, String)> = known.iter().map(|(k, v)| (*k, v.to_string())).collect();
    let vars = variables(lang, key, &mut BTreeSet::from([key.to_string()]));
    for v in &vars {
        if !known.iter().any(|(k, _)| k == v) {
            args.push((v.as_str(), ANY.to_string()));
        }
    }
    let text = try_text(lang, key, &args).unwrap_or_else(|e| panic!("{e}"));
    text.split(ANY)
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether `text` contains message `key` with the `known` arguments, whatever it says for
/// the others: every fixed piece of the message, in order.
pub fn says_with(text: &str, lang: Lang, key: &str, known: &[(&str, &str)]) -> bool {
    let mut rest = text;
    for p in pieces(lang, key, known) {
        match rest.find(&p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `text` contains message `key` in Chinese, whatever its arguments.
pub fn says(text: &str, key: &str) -> bool {
    says_with(text, Lang::Zh, key, &[])
}

/// Roles as an award line names them (`预言家/女巫/猎人`): their catalog names, by `/`.
pub fn roles_named(lang: Lang, roles: &[Role]) -> String {
    roles
        .iter()
        .map(|r| role_name(*r, lang))
        .collect::<Vec<_>>()
        .join("/")
}
