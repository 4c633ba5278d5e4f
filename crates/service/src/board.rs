//! Boards on Discord: the options a judge gives `/wolf new` beyond the ruleset (day length,
//! night deadlines, anonymity, player count), how they become the game's ruleset, and the
//! texts that show a board: its name, its role counts, its roles with one line each, and
//! its options (all, or those that differ from the ruleset file).
//!
//! Everything here reads the rulesets of [`BUILTIN`] and the catalogs, so a ruleset file
//! added there (and its names in the catalogs) shows up in every text and choice without a
//! change here.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use engine::ruleset::{Span, BUILTIN};
use engine::{Role, Ruleset};
use i18n::{self, try_text, Lang};

use super::{Refusal, Service, ServiceError};

/// What the judge chose with `/wolf new` beyond the ruleset; `None`: the ruleset's value.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOptions {
    /// The days' length (option `day_length`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day_length: Option<Span>,
    /// The night deadline of the wolves, the seer (and the guard, the police, the
    /// killers), counted from nightfall (option `night_length`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub night_length: Option<Span>,
    /// The witch's deadline, counted from nightfall (option `witch_deadline`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub witch_deadline: Option<Span>,
    /// Anonymous characters (马甲) or not (option `anonymous`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anonymous: Option<bool>,
    /// Exactly this many players, where the ruleset seats several sizes (Mafia 11–16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<usize>,
    /// A UNO game's options (`/uno new`), by the names of `config/rulesets/uno.toml`, as
    /// typed (`turn_time = "90s"`, `rounds = "1"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uno: Option<BTreeMap<String, String>>,
}

impl GameOptions {
    /// The ruleset options these set (the player count is not an option of the ruleset:
    /// it chooses the deal line).
    pub fn overrides(&self) -> BTreeMap<String, toml::Value> {
        let mut o = BTreeMap::new();
        let spans = [
            ("day_length", self.day_length),
            ("night_length", self.night_length),
            ("witch_deadline", self.witch_deadline),
        ];
        for (k, v) in spans {
            if let Some(v) = v {
                o.insert(k.to_string(), toml::Value::String(v.to_string()));
            }
        }
        if let Some(a) = self.anonymous {
            o.insert("anonymous".to_string(), toml::Value::Boolean(a));
        }
        o
    }

    /// As stored in `signup_posts.options`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_else(|_| serde_json::json!({}))
    }

    /// From `signup_posts.options`; what cannot be read counts as not chosen (the column
    /// is only ever written by [`GameOptions::to_json`]).
    pub fn from_json(v: serde_json::Value) -> GameOptions {
        serde_json::from_value(v).unwrap_or_default()
    }
}

/// The names of the rulesets a judge can choose, in the order of [`BUILTIN`].
pub fn ruleset_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}

/// The ruleset file as it is (no overrides), if `name` is one.
fn file(name: &str) -> Option<Ruleset> {
    Ruleset::builtin(name, &BTreeMap::new()).ok()
}

/// The smallest and largest player counts a ruleset seats.
pub fn bounds(r: &Ruleset) -> Option<(usize, usize)> {
    let lo = r.deal.iter().map(|d| d.players[0]).min()?;
    let hi = r.deal.iter().map(|d| d.players[1]).max()?;
    Some((lo, hi))
}

impl Service {
    /// The ruleset a game of `name` plays with `options`: the file, the bot's configured
    /// overrides, then the judge's options.
    ///
    /// # Errors
    /// [`Refusal::UnknownRuleset`]; [`Refusal::BadOption`] naming the first
    /// option that does not fit the ruleset (a day no longer than its vote lock, a witch's
    /// deadline before the wolves'); [`Refusal::PlayersOption`] for a player count the
    /// ruleset does not seat.
    pub fn game_ruleset(&self, name: &str, options: &GameOptions) -> Result<Ruleset, ServiceError> {
        let base = self.ruleset(name)?;
        if let Some(n) = options.players {
            if base.deal_for(n).is_none() {
                return Err(ServiceError::Refused(Refusal::PlayersOption {
                    ruleset: name.to_string(),
                    players: n,
                    seats: seats_text(&base),
                }));
            }
        }
        let mut merged = self.overrides.get(name).cloned().unwrap_or_default();
        let chosen = options.overrides();
        merged.extend(chosen.clone());
        Ruleset::builtin(name, &merged).map_err(|_| {
            // Name the judge's option: try them one at a time on the configured ruleset.
            let (option, value) = chosen
                .iter()
                .find(|(k, v)| {
                    let mut one = self.overrides.get(name).cloned().unwrap_or_default();
                    one.insert((*k).clone(), (*v).clone());
                    Ruleset::builtin(name, &one).is_err()
                })
                .or_else(|| chosen.iter().next())
                .map(|(k, v)| (k.clone(), value_text(v)))
                .unwrap_or_default();
            ServiceError::Refused(Refusal::BadOption { option, value })
        })
    }
}

fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A player count range as `9`, `11–16`.
fn seats_text(r: &Ruleset) -> String {
    match bounds(r) {
        Some((lo, hi)) if lo == hi => lo.to_string(),
        Some((lo, hi)) => format!("{lo}–{hi}"),
        None => String::new(),
    }
}

/// A board's name: the catalog's `board-<name>` (预女猎守, "Seer-Witch-Hunter-Guard") with
/// the ruleset's own name, or the bare name when the catalog has none.
pub fn board_name(name: &str, lang: Lang) -> String {
    match try_text(lang, &format!("board-{name}"), &[]) {
        Ok(local) => i18n::text(
            lang,
            "board-named",
            &[("board", local), ("ruleset", name.to_string())],
        ),
        Err(_) => name.to_string(),
    }
}

/// Role counts as people write them: `狼人×4、村民×4、预言家` / `wolf ×4, villager ×4, seer`.
pub fn counts_text(counts: &[(Role, usize)], lang: Lang) -> String {
    let items: Vec<String> = counts
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| {
            let name = i18n::role_name(*r, lang);
            if *n == 1 {
                name
            } else {
                i18n::text(
                    lang,
                    "board-role-count",
                    &[("role", name), ("count", n.to_string())],
                )
            }
        })
        .collect();
    items.join(&i18n::text(lang, "board-list-sep", &[]))
}

/// The roles dealt to `players` characters, in role order (the rest included).
/// The game's own `deal` option, when given, replaces the table's roles (its `rest` stays).
pub fn deal_counts(r: &Ruleset, players: usize) -> Vec<(Role, usize)> {
    let Some(d) = r.deal_for(players) else {
        return Vec::new();
    };
    let mut counts = r.options.deal.clone().unwrap_or_else(|| d.roles.clone());
    let fixed: usize = counts.values().sum();
    *counts.entry(d.rest).or_default() += players.saturating_sub(fixed);
    counts.into_iter().collect()
}

/// Each deal line of a ruleset: `12 人：狼人×4、村民×4、预言家、女巫、猎人、守卫`; a line for
/// several sizes names its fixed roles and what the rest are.
pub fn deal_lines(r: &Ruleset, lang: Lang) -> Vec<String> {
    r.deal
        .iter()
        .map(|d| {
            let [lo, hi] = d.players;
            if lo == hi || r.options.deal.is_some() {
                i18n::text(
                    lang,
                    "board-deal",
                    &[
                        ("players", lo.to_string()),
                        ("roles", counts_text(&deal_counts(r, lo), lang)),
                    ],
                )
            } else {
                let fixed: Vec<(Role, usize)> = d.roles.iter().map(|(r, n)| (*r, *n)).collect();
                i18n::text(
                    lang,
                    "board-deal-range",
                    &[
                        ("players", format!("{lo}–{hi}")),
                        ("roles", counts_text(&fixed, lang)),
                        ("rest", i18n::role_name(d.rest, lang)),
                    ],
                )
            }
        })
        .collect()
}

/// One `/wolf new` choice: the board's name and its role counts, within Discord's 100
/// characters (a board with several sizes that do not all fit lists the first ones and `…`).
pub fn choice_label(name: &str, lang: Lang) -> String {
    const MAX: usize = 100;
    let mut label = board_name(name, lang);
    let lines = file(name).map(|r| deal_lines(&r, lang)).unwrap_or_default();
    for (i, line) in lines.iter().enumerate() {
        let sep = if i == 0 {
            " — ".to_string()
        } else {
            i18n::text(lang, "board-lines-sep", &[])
        };
        let next = format!("{label}{sep}{line}");
        // Room for "; …" after this line unless it is the last one.
        let room = if i + 1 == lines.len() { MAX } else { MAX - 3 };
        if next.chars().count() > room {
            if i > 0 {
                label.push_str("; …");
            }
            break;
        }
        label = next;
    }
    label.chars().take(MAX).collect()
}

/// The options every board text shows, whatever their value.
const SHOWN: [&str; 4] = ["day_length", "night_length", "witch_deadline", "anonymous"];

/// Option values as JSON, by name (the time zone left out: it is the server's, shown with
/// every time already).
fn option_values(r: &Ruleset) -> BTreeMap<String, serde_json::Value> {
    let mut map: BTreeMap<String, serde_json::Value> = match serde_json::to_value(&r.options) {
        Ok(serde_json::Value::Object(m)) => m.into_iter().collect(),
        _ => BTreeMap::new(),
    };
    map.remove("time_zone");
    map
}

/// One option as `白天时长：24 小时` / `day length: 24 hours`.
fn option_line(key: &str, value: &serde_json::Value, lang: Lang) -> String {
    let label = try_text(lang, &format!("opt-{key}"), &[]).unwrap_or_else(|_| key.to_string());
    let shown = match value {
        serde_json::Value::Bool(b) => {
            i18n::text(lang, if *b { "board-yes" } else { "board-no" }, &[])
        }
        // A named choice (`first_night`) in words where the catalog has them.
        serde_json::Value::String(s) => match Span::parse(s) {
            Ok(span) => i18n::duration(span.0, lang),
            Err(_) => try_text(lang, &format!("opt-{key}-{s}"), &[]).unwrap_or_else(|_| s.clone()),
        },
        // The `deal` option: role counts.
        serde_json::Value::Object(m) => {
            let mut counts: Vec<(Role, usize)> = m
                .iter()
                .filter_map(|(r, n)| Some((Role::from_key(r)?, n.as_u64()? as usize)))
                .collect();
            counts.sort();
            counts_text(&counts, lang)
        }
        // `warn_before_close`: durations, each in words.
        serde_json::Value::Array(items) if items.is_empty() => i18n::text(lang, "board-no", &[]),
        serde_json::Value::Array(items) => items
            .iter()
            .map(|v| match v.as_str().map(Span::parse) {
                Some(Ok(span)) => i18n::duration(span.0, lang),
                _ => v.to_string(),
            })
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    };
    i18n::text(lang, "board-option", &[("name", label), ("value", shown)])
}

/// The options of `r` that differ from its ruleset file, one line each (none when `r`
/// plays the file as it is).
pub fn differing_options(r: &Ruleset, lang: Lang) -> Vec<String> {
    let Some(base) = file(&r.name) else {
        return Vec::new();
    };
    let (now, was) = (option_values(r), option_values(&base));
    now.iter()
        .filter(|(k, v)| was.get(*k) != Some(*v))
        .map(|(k, v)| option_line(k, v, lang))
        .collect()
}

/// The options of `r` a player wants to know (lengths, deadlines, anonymity), then any other
/// that differs from the ruleset file or, on a werewolf board, from `m32` (what makes the
/// board: the witch's self-save, the hunter and the poison, self-destructs, …).
pub fn option_lines(r: &Ruleset, lang: Lang) -> Vec<String> {
    let values = option_values(r);
    let mut bases: Vec<BTreeMap<String, serde_json::Value>> = file(&r.name)
        .map(|b| option_values(&b))
        .into_iter()
        .collect();
    if r.kind == engine::ruleset::Kind::Werewolf {
        bases.extend(file("m32").map(|b| option_values(&b)));
    }
    let differs = |k: &String, v: &serde_json::Value| bases.iter().any(|b| b.get(k) != Some(v));
    let mut lines: Vec<String> = SHOWN
        .iter()
        .filter(|k| **k != "witch_deadline" || has_witch(r))
        .filter_map(|k| values.get(*k).map(|v| option_line(k, v, lang)))
        .collect();
    lines.extend(
        values
            .iter()
            .filter(|(k, v)| !SHOWN.contains(&k.as_str()) && differs(k, v))
            .map(|(k, v)| option_line(k, v, lang)),
    );
    lines
}

fn has_witch(r: &Ruleset) -> bool {
    r.deal.iter().any(|d| d.roles.contains_key(&Role::Witch))
}

/// `/wolf rules`: the board with its role counts, each role with one line, the options.
/// `counts`: the roles of the game (or of the sign-up's size), in role order.
pub fn rules_text(r: &Ruleset, counts: &[(Role, usize)], lang: Lang) -> String {
    let mut lines = vec![i18n::text(
        lang,
        "rules-heading",
        &[("board", board_name(&r.name, lang))],
    )];
    let players: usize = counts.iter().map(|(_, n)| n).sum();
    if players > 0 {
        lines.push(i18n::text(
            lang,
            "board-deal",
            &[
                ("players", players.to_string()),
                ("roles", counts_text(counts, lang)),
            ],
        ));
    } else {
        lines.extend(deal_lines(r, lang));
    }
    lines.push(i18n::text(lang, "rules-roles", &[]));
    let roles: Vec<Role> = if counts.is_empty() {
        let mut all: Vec<Role> = r
            .deal
            .iter()
            .flat_map(|d| d.roles.keys().copied().chain(std::iter::once(d.rest)))
            .collect();
        all.sort();
        all.dedup();
        all
    } else {
        counts.iter().map(|(r, _)| *r).collect()
    };
    for role in roles {
        let line = try_text(lang, &format!("role-line-{}", role.key()), &[]).unwrap_or_default();
        lines.push(i18n::text(
            lang,
            "rules-role",
            &[("role", i18n::role_name(role, lang)), ("line", line)],
        ));
    }
    lines.push(i18n::text(lang, "rules-options", &[]));
    lines.extend(option_lines(r, lang).into_iter().map(|l| format!("· {l}")));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_through_the_column_and_become_overrides() {
        let o = GameOptions {
            day_length: Some(Span(12 * 3600)),
            anonymous: Some(false),
            players: Some(11),
            ..GameOptions::default()
        };
        let json = o.to_json();
        assert_eq!(
            json,
            serde_json::json!({"day_length": "12h", "anonymous": false, "players": 11})
        );
        assert_eq!(GameOptions::from_json(json), o);
        let over = o.overrides();
        assert_eq!(over.len(), 2, "{over:?}");
        let r = Ruleset::builtin("mafia", &over).expect("fits mafia");
        assert_eq!(r.options.day_length, Span(12 * 3600));
        assert!(!r.options.anonymous);
    }

    #[test]
    fn every_builtin_ruleset_has_a_choice_within_discords_limit_in_both_languages() {
        for name in ruleset_names() {
            for lang in Lang::ALL {
                let label = choice_label(name, lang);
                assert!(label.chars().count() <= 100, "{label}");
                assert!(!label.contains(i18n::MISSING_OPEN), "{label}");
                assert!(label.contains(name), "{label}");
            }
        }
        // The expected labels from the catalog's pieces: the board's name, each deal line.
        let t = |lang: Lang, id: &str, args: &[(&str, String)]| {
            try_text(lang, id, args).unwrap_or_else(|e| panic!("{e}"))
        };
        let named = |lang: Lang, name: &str| {
            let board = t(lang, &format!("board-{name}"), &[]);
            t(
                lang,
                "board-named",
                &[("board", board), ("ruleset", name.into())],
            )
        };
        let counted = |lang: Lang, roles: &[(Role, usize)]| {
            let items: Vec<String> = roles
                .iter()
                .map(|(r, n)| match n {
                    1 => i18n::role_name(*r, lang),
                    _ => t(
                        lang,
                        "board-role-count",
                        &[
                            ("role", i18n::role_name(*r, lang)),
                            ("count", n.to_string()),
                        ],
                    ),
                })
                .collect();
            items.join(&t(lang, "board-list-sep", &[]))
        };
        let m32 = [
            (Role::Wolf, 4),
            (Role::Villager, 5),
            (Role::Seer, 1),
            (Role::Witch, 1),
            (Role::Hunter, 1),
        ];
        let m32_deal = [("players", "12".into()), ("roles", counted(Lang::Zh, &m32))];
        let m32_deal = t(Lang::Zh, "board-deal", &m32_deal);
        assert_eq!(
            choice_label("m32", Lang::Zh),
            format!("{} — {m32_deal}", named(Lang::Zh, "m32"))
        );
        let mafia = |lang: Lang, players: &str, n: usize| {
            let roles = counted(lang, &[(Role::Killer, n), (Role::Police, n)]);
            let rest = i18n::role_name(Role::Civilian, lang);
            let args = [
                ("players", players.into()),
                ("roles", roles),
                ("rest", rest),
            ];
            t(lang, "board-deal-range", &args)
        };
        // In English the second line does not fit Discord's 100 characters: `; …` instead.
        let sep = |lang: Lang| t(lang, "board-lines-sep", &[]);
        assert_eq!(
            choice_label("mafia", Lang::En),
            format!(
                "{} — {}{}…",
                named(Lang::En, "mafia"),
                mafia(Lang::En, "11–14", 3),
                sep(Lang::En)
            )
        );
        assert_eq!(
            choice_label("mafia", Lang::Zh),
            format!(
                "{} — {}{}{}",
                named(Lang::Zh, "mafia"),
                mafia(Lang::Zh, "11–14", 3),
                sep(Lang::Zh),
                mafia(Lang::Zh, "15–16", 4)
            )
        );
    }

    #[test]
    fn only_changed_options_are_listed_as_differing() {
        let base = Ruleset::builtin("m32", &BTreeMap::new()).expect("m32");
        assert!(differing_options(&base, Lang::En).is_empty());
        let o = GameOptions {
            day_length: Some(Span(12 * 3600)),
            anonymous: Some(false),
            ..GameOptions::default()
        };
        let r = Ruleset::builtin("m32", &o.overrides()).expect("fits");
        for lang in Lang::ALL {
            let line = |key: &str, value: String| {
                let name = i18n::text(lang, &format!("opt-{key}"), &[]);
                i18n::text(lang, "board-option", &[("name", name), ("value", value)])
            };
            assert_eq!(
                differing_options(&r, lang),
                vec![
                    line("anonymous", i18n::text(lang, "board-no", &[])),
                    line("day_length", i18n::duration(12 * 3600, lang)),
                ]
            );
        }
    }

    #[test]
    fn the_rules_name_every_role_with_a_line() {
        let r = Ruleset::builtin("m32", &BTreeMap::new()).expect("m32");
        for lang in Lang::ALL {
            let t = rules_text(&r, &deal_counts(&r, 12), lang);
            assert!(!t.contains(i18n::MISSING_OPEN), "{t}");
            for role in [
                Role::Wolf,
                Role::Villager,
                Role::Seer,
                Role::Witch,
                Role::Hunter,
            ] {
                let line = try_text(lang, &format!("role-line-{}", role.key()), &[]);
                assert!(t.contains(&line.expect("a line")), "{t}");
            }
        }
    }
}
