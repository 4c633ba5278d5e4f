//! The catalogs themselves: each parses, every locale has every message another has, with
//! the same variables, and the Traditional Chinese one is written in Traditional
//! characters as Taiwan's players write. A failure names the locale and the key to add or
//! fix (docs/translating.md says how).

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::FluentResource;

use crate::*;

/// A catalog's messages: id → its source (the first line after `=` and the lines that
/// continue it: indented ones, and a select expression's closing `}`).
fn messages(src: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in src.lines() {
        let id = line.split_once(" =").map(|(id, _)| id).filter(|id| {
            id.starts_with(|c: char| c.is_ascii_alphabetic())
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        });
        if let Some(id) = id {
            let value = line[id.len() + 2..].trim_start().to_string();
            out.insert(id.to_string(), value);
            current = Some(id.to_string());
        } else if line.starts_with([' ', '}']) {
            if let Some(value) = current.as_ref().and_then(|id| out.get_mut(id)) {
                value.push('\n');
                value.push_str(line);
            }
        } else {
            current = None;
        }
    }
    out
}

/// The variables a message's source uses (`{ $name }`, selectors' `{ $n -> …`).
fn variables(src: &str) -> BTreeSet<String> {
    src.match_indices('$')
        .map(|(i, _)| {
            src[i + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect::<String>()
        })
        .filter(|v| !v.is_empty())
        .collect()
}

fn code(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh-CN",
        Lang::ZhTw => "zh-TW",
        Lang::En => "en",
    }
}

#[test]
fn every_catalog_parses_without_duplicate_ids() {
    for lang in Lang::ALL {
        let res = FluentResource::try_new(catalog_source(lang).to_owned());
        assert!(
            res.is_ok(),
            "locales/{}/wolfjudge.ftl has syntax errors: {:?}",
            code(lang),
            res.err().map(|e| e.1)
        );
        let mut b = FluentBundle::new_concurrent(vec![]);
        assert!(
            b.add_resource(res.expect("parsed")).is_ok(),
            "locales/{}/wolfjudge.ftl: duplicate ids",
            code(lang)
        );
        let ids = messages(catalog_source(lang));
        assert!(ids.len() > 100, "{lang:?}: the id scan found {}", ids.len());
    }
}

/// A message added to one locale must be added to all: the failure lists, per locale, the
/// keys it lacks.
#[test]
fn every_locale_has_every_key_another_has() {
    let all: Vec<(Lang, BTreeMap<String, String>)> = Lang::ALL
        .into_iter()
        .map(|l| (l, messages(catalog_source(l))))
        .collect();
    let union: BTreeSet<&String> = all.iter().flat_map(|(_, m)| m.keys()).collect();
    let mut missing = Vec::new();
    for (lang, msgs) in &all {
        for id in &union {
            if !msgs.contains_key(*id) {
                let having: Vec<&str> = all
                    .iter()
                    .filter(|(_, m)| m.contains_key(*id))
                    .map(|(l, _)| code(*l))
                    .collect();
                missing.push(format!(
                    "locales/{}/wolfjudge.ftl lacks {id} (in {})",
                    code(*lang),
                    having.join(", ")
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} messages missing:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// Variables some languages leave out on purpose, by message: (id, variable, the languages
/// that must use it; the others may leave it out). `wolfjudge verify` names each role's script key in English only, since its
/// Chinese output has no English words (`cli::verify_speaks_the_chosen_language`).
const LEFT_OUT: [(&str, &str, &[Lang]); 1] = [("cli-verify-role", "key", &[Lang::En])];

/// The same message takes the same variables in every locale: a translation that drops
/// one says less than the others, one that adds one comes out as `⟦id⟧`.
#[test]
fn placeholders_are_the_same_in_every_locale() {
    let all: Vec<(Lang, BTreeMap<String, String>)> = Lang::ALL
        .into_iter()
        .map(|l| (l, messages(catalog_source(l))))
        .collect();
    let uses = |lang: Lang, id: &str| -> BTreeSet<String> {
        let Some((_, msgs)) = all.iter().find(|(l, _)| *l == lang) else {
            return BTreeSet::new();
        };
        let mut vars = msgs.get(id).map(|m| variables(m)).unwrap_or_default();
        vars.extend(
            LEFT_OUT
                .iter()
                .filter(|(i, _, langs)| *i == id && !langs.contains(&lang))
                .map(|(_, v, _)| v.to_string()),
        );
        vars
    };
    let zh_ids: BTreeSet<&String> = all
        .iter()
        .filter(|(l, _)| *l == Lang::Zh)
        .flat_map(|(_, m)| m.keys())
        .collect();
    let mut differ = Vec::new();
    for (lang, msgs) in &all {
        let lang = *lang;
        for id in msgs.keys().filter(|id| zh_ids.contains(id)) {
            let (want, got) = (uses(Lang::Zh, id), uses(lang, id));
            if want != got {
                differ.push(format!(
                    "{}: {id} uses {got:?}, zh-CN uses {want:?}",
                    code(lang)
                ));
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn the_simplified_list_holds_no_traditional_character() {
    // 言, 票 and 帖 are written alike in both scripts (預言家, 投票): never in the list.
    for c in ['言', '票', '帖', '預', '殺', '獵', '長', '誰', '說', '設'] {
        assert!(!crate::traditional::SIMPLIFIED_ONLY.contains(c), "{c}");
    }
    for c in ['预', '杀', '猎', '长', '谁', '说', '设', '这', '为', '时'] {
        assert!(crate::traditional::SIMPLIFIED_ONLY.contains(c), "{c}");
    }
    assert_eq!(
        crate::traditional::not_traditional("預言家說：投票"),
        Vec::<String>::new()
    );
    assert_eq!(
        crate::traditional::not_traditional("预言家说"),
        vec!["预", "说"]
    );
    assert_eq!(crate::traditional::not_traditional("報名帖"), vec!["帖"]);
}

/// Every zh-TW message, each variant of its selectors included, is in Traditional
/// characters, with Taiwan's words.
#[test]
fn the_zh_tw_catalog_is_traditional_chinese() {
    let mut bad = Vec::new();
    for (id, src) in messages(catalog_source(Lang::ZhTw)) {
        let found = crate::traditional::not_traditional(&src);
        if !found.is_empty() {
            bad.push(format!("{id} = {src} ({})", found.join(" ")));
        }
    }
    assert!(
        bad.is_empty(),
        "zh-TW messages with Simplified characters or mainland words:\n{}",
        bad.join("\n")
    );
}

/// The zh-TW catalog says the game's words as Taiwan's werewolf players do.
#[test]
fn zh_tw_speaks_of_the_game_in_its_own_words() {
    let t = |id: &str| text(Lang::ZhTw, id, &[]);
    assert_eq!(t("role-seer"), "預言家");
    assert_eq!(t("role-witch"), "女巫");
    assert_eq!(t("role-hunter"), "獵人");
    assert_eq!(t("view-no-vote"), "現在沒有進行中的投票。");
    assert_eq!(t("cmd-judge-card-color-blue"), "藍牌");
    let dm = text(Lang::ZhTw, "heading-dm", &[("name", "Ann".into())]);
    assert_eq!(dm, "私訊：Ann");
    assert!(t("svc-not-set-up").contains("伺服器"));
    assert!(t("signup-open").contains("「報名」"));
    assert_ne!(t("role-seer"), text(Lang::Zh, "role-seer", &[]));
}
