//! Tournament scoring as data: `config/scoring/<ruleset>.toml` (docs/rules.md §3, seed 000).
//!
//! Each finished game gives its winners the points of their role and its losers nothing; a
//! draw gives every player `draw` points (0 unless configured); the tournament's judge earns
//! `judge` points for each game judged. `[[awards]]` name each ruleset's awards (in Chinese
//! and English) and the roles whose points count for them: Mafia's 杀人王 (killers) and
//! 神警探 (police), M32's 最佳狼人 (wolves) and 最佳神职 (seer, witch, hunter).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use engine::role::Camp;
use engine::{Role, Ruleset, Winner};
use i18n::Lang;

/// The scoring files shipped in `config/scoring/`, compiled in like the rulesets.
const BUILTIN: &[(&str, &str)] = &[
    ("m32", include_str!("../../../config/scoring/m32.toml")),
    ("mafia", include_str!("../../../config/scoring/mafia.toml")),
];

/// A scoring file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoringError {
    #[error("no scoring for ruleset `{0}` (config/scoring/{0}.toml)")]
    Unknown(String),
    #[error("scoring `{name}`: {message}")]
    Invalid { name: String, message: String },
}

/// How a tournament's games are scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// The ruleset these points are for (`m32`, `mafia`).
    pub ruleset: String,
    /// Points the tournament's judge earns per game judged.
    pub judge: u32,
    /// Points each player earns in a drawn game.
    #[serde(default)]
    pub draw: u32,
    /// Points for a win, by role; every role of the ruleset must be listed.
    pub win: BTreeMap<Role, u32>,
    /// The ruleset's awards, in the order they are listed.
    #[serde(default)]
    pub awards: Vec<AwardRule>,
}

/// A text in each language the bot speaks: the scoring files name their awards themselves,
/// so a ruleset brings its own (the Fluent catalogs only word what every ruleset shares).
/// Traditional Chinese (`zh-TW = "…"`) may be left out of a file: its games then show the
/// English name rather than a Simplified one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Named {
    pub zh: String,
    #[serde(rename = "zh-TW", default, skip_serializing_if = "Option::is_none")]
    pub zh_tw: Option<String>,
    pub en: String,
}

impl Named {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::ZhTw => self.zh_tw.as_deref().unwrap_or(&self.en),
            Lang::En => &self.en,
        }
    }
}

/// An award for the most points earned in some roles, e.g. 杀人王: the killers' points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AwardRule {
    /// A stable identifier (`killer_king`), for tests and JSON.
    pub key: String,
    /// The award's name (杀人王 / Killer King).
    pub name: Named,
    /// The heading of the table's column of each player's points in `roles`.
    pub column: Named,
    /// The roles whose points count (at least one).
    pub roles: Vec<Role>,
}

/// The winner a camp plays for.
pub fn camp_winner(camp: Camp) -> Winner {
    match camp {
        Camp::Wolves => Winner::Wolves,
        Camp::Village => Winner::Village,
        Camp::Killers => Winner::Killers,
        Camp::Town => Winner::Police,
    }
}

/// Whether `role` is on the winning side of `winner` (never in a draw). In `mafia` the
/// winner `police` means the police and the civilians; in `m32` `village` means the
/// villagers, the seer, the witch and the hunter.
pub fn wins(role: Role, winner: Winner) -> bool {
    winner != Winner::Draw && camp_winner(role.camp()) == winner
}

impl Scoring {
    /// The scoring shipped for `ruleset` (`config/scoring/<ruleset>.toml`).
    ///
    /// # Errors
    /// [`ScoringError::Unknown`] when there is none; [`ScoringError::Invalid`] for a bad file.
    pub fn builtin(ruleset: &str) -> Result<Scoring, ScoringError> {
        let text = BUILTIN
            .iter()
            .find(|(n, _)| *n == ruleset)
            .map(|(_, t)| *t)
            .ok_or_else(|| ScoringError::Unknown(ruleset.to_string()))?;
        Scoring::from_toml(ruleset, text)
    }

    /// Parses and checks a scoring file's text; `name` is used in error messages.
    ///
    /// # Errors
    /// [`ScoringError::Invalid`] naming the field that is missing, unknown or wrong.
    pub fn from_toml(name: &str, text: &str) -> Result<Scoring, ScoringError> {
        let invalid = |message: String| ScoringError::Invalid {
            name: name.to_string(),
            message,
        };
        let s: Scoring =
            toml::from_str(text).map_err(|e| invalid(e.to_string().trim().replace('\n', " ")))?;
        let kind = Ruleset::builtin(&s.ruleset, &BTreeMap::new())
            .map_err(|_| invalid(format!("`ruleset`: unknown ruleset `{}`", s.ruleset)))?
            .kind;
        let roles: Vec<Role> = Role::ALL.into_iter().filter(|r| r.kind() == kind).collect();
        let mut lists = vec![("win".to_string(), s.win.keys().copied().collect::<Vec<_>>())];
        for (i, a) in s.awards.iter().enumerate() {
            let field = format!("awards[{i}] `{}`", a.key);
            if a.key.trim().is_empty() {
                return Err(invalid(format!("`awards[{i}]`: `key` is empty")));
            }
            if s.awards[..i].iter().any(|b| b.key == a.key) {
                return Err(invalid(format!("{field}: the key is used twice")));
            }
            if a.roles.is_empty() {
                return Err(invalid(format!("{field}: `roles` is empty")));
            }
            for (part, named) in [("name", &a.name), ("column", &a.column)] {
                if named.zh.trim().is_empty() || named.en.trim().is_empty() {
                    return Err(invalid(format!("{field}: `{part}` needs `zh` and `en`")));
                }
            }
            lists.push((format!("{field} `roles`"), a.roles.clone()));
        }
        for (field, list) in lists {
            if let Some(r) = list.iter().find(|r| !roles.contains(r)) {
                return Err(invalid(format!(
                    "{field}: `{}` is not a role of `{}`",
                    r.key(),
                    s.ruleset
                )));
            }
        }
        if let Some(r) = roles.iter().find(|r| !s.win.contains_key(r)) {
            return Err(invalid(format!("`win`: missing points for `{}`", r.key())));
        }
        Ok(s)
    }

    /// What one character earns: `(points, won)`. A draw gives `draw` points and no win.
    pub fn points(&self, role: Role, winner: Winner) -> (u32, bool) {
        if winner == Winner::Draw {
            (self.draw, false)
        } else if wins(role, winner) {
            (self.win.get(&role).copied().unwrap_or(0), true)
        } else {
            (0, false)
        }
    }

    /// The award keyed `key`, if this ruleset has it.
    pub fn award(&self, key: &str) -> Option<&AwardRule> {
        self.awards.iter().find(|a| a.key == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_files_load_with_the_seed_table() {
        let m = Scoring::builtin("mafia").expect("mafia scoring");
        assert_eq!(m.judge, 1);
        assert_eq!(m.draw, 0);
        assert_eq!(m.win[&Role::Civilian], 2);
        assert_eq!(m.win[&Role::Killer], 3);
        assert_eq!(m.win[&Role::Police], 3);
        let award = |s: &Scoring| -> Vec<(String, String, String, Vec<Role>)> {
            s.awards
                .iter()
                .map(|a| {
                    let names = (a.key.clone(), a.name.zh.clone(), a.name.en.clone());
                    (names.0, names.1, names.2, a.roles.clone())
                })
                .collect()
        };
        assert_eq!(
            award(&m),
            vec![
                (
                    "killer_king".into(),
                    "杀人王".into(),
                    "Killer King".into(),
                    vec![Role::Killer]
                ),
                (
                    "master_detective".into(),
                    "神警探".into(),
                    "Master Detective".into(),
                    vec![Role::Police]
                ),
            ]
        );
        let w = Scoring::builtin("m32").expect("m32 scoring");
        assert_eq!(w.win[&Role::Villager], 2);
        for r in [Role::Seer, Role::Witch, Role::Hunter, Role::Wolf] {
            assert_eq!(w.win[&r], 3, "{r:?}");
        }
        // M32 has no killers nor detectives: its own awards, for the wolves and the gods.
        assert_eq!(
            award(&w),
            vec![
                (
                    "top_wolf".into(),
                    "最佳狼人".into(),
                    "Top Wolf".into(),
                    vec![Role::Wolf]
                ),
                (
                    "top_god".into(),
                    "最佳神职".into(),
                    "Top God".into(),
                    vec![Role::Seer, Role::Witch, Role::Hunter]
                ),
            ]
        );
        assert_eq!(
            w.award("top_god").map(|a| a.column.get(Lang::Zh)),
            Some("神职得分")
        );
        assert_eq!(
            w.award("top_god").map(|a| a.name.get(Lang::ZhTw)),
            Some("最佳神職")
        );
    }

    /// Every award of the bundled scoring files is named in Traditional Chinese too.
    #[test]
    fn the_bundled_awards_are_named_in_every_language() {
        for ruleset in ["m32", "mafia"] {
            let s = Scoring::builtin(ruleset).expect("bundled scoring");
            for a in &s.awards {
                assert!(
                    a.name.zh_tw.is_some() && a.column.zh_tw.is_some(),
                    "{}",
                    a.key
                );
            }
        }
    }

    #[test]
    fn winners_by_camp() {
        let m = Scoring::builtin("mafia").expect("mafia scoring");
        assert_eq!(m.points(Role::Civilian, Winner::Police), (2, true));
        assert_eq!(m.points(Role::Police, Winner::Police), (3, true));
        assert_eq!(m.points(Role::Killer, Winner::Police), (0, false));
        assert_eq!(m.points(Role::Killer, Winner::Killers), (3, true));
        assert_eq!(m.points(Role::Civilian, Winner::Killers), (0, false));
        assert_eq!(m.points(Role::Police, Winner::Draw), (0, false));
        let w = Scoring::builtin("m32").expect("m32 scoring");
        assert_eq!(w.points(Role::Hunter, Winner::Village), (3, true));
        assert_eq!(w.points(Role::Villager, Winner::Village), (2, true));
        assert_eq!(w.points(Role::Wolf, Winner::Village), (0, false));
        assert_eq!(w.points(Role::Wolf, Winner::Wolves), (3, true));
        assert_eq!(w.points(Role::Seer, Winner::Wolves), (0, false));
    }

    #[test]
    fn bad_files_are_refused_naming_the_field() {
        let err = |t: &str| Scoring::from_toml("x", t).expect_err("refused").to_string();
        let base = "ruleset = \"mafia\"\njudge = 1\n";
        assert!(err("judge = 1\n[win]\n").contains("ruleset"));
        assert!(err(&format!("{base}[win]\ncivilian = 2\nkiller = 3\n")).contains("police"));
        assert!(err(&format!(
            "{base}[win]\ncivilian = 2\nkiller = 3\npolice = 3\nwolf = 3\n"
        ))
        .contains("wolf"));
        let win = "[win]\ncivilian = 2\nkiller = 3\npolice = 3\n";
        let award = |roles: &str, key: &str| {
            format!(
                "{base}{win}[[awards]]\nkey = \"{key}\"\nroles = [{roles}]\n\
                 name = {{ zh = \"杀人王\", en = \"Killer King\" }}\n\
                 column = {{ zh = \"杀手得分\", en = \"Killer pts\" }}\n"
            )
        };
        assert!(err(&award("\"seer\"", "k")).contains("awards[0] `k` `roles`: `seer`"));
        assert!(err(&award("", "k")).contains("`roles` is empty"));
        assert!(err(&award("\"killer\"", " ")).contains("`key` is empty"));
        let twice = award("\"killer\"", "k");
        let twice = format!("{twice}{}", twice.split_once(win).expect("split").1);
        assert!(err(&twice).contains("used twice"));
        assert!(
            err(&award("\"killer\"", "k").replace("en = \"Killer pts\"", "en = \"\""))
                .contains("`column` needs")
        );
        assert!(
            err(&award("\"killer\"", "k").replace(", en = \"Killer King\"", ""))
                .contains("missing field `en`")
        );
        Scoring::from_toml("x", &award("\"killer\"", "k")).expect("a valid award");
        assert!(err(&format!("{base}bonus = 4\n[win]\n")).contains("bonus"));
        assert!(err("ruleset = \"chess\"\njudge = 1\n[win]\n").contains("chess"));
        let draw = Scoring::from_toml(
            "x",
            &format!("{base}draw = 1\n[win]\ncivilian = 2\nkiller = 3\npolice = 3\n"),
        )
        .expect("valid");
        assert_eq!(draw.points(Role::Killer, Winner::Draw), (1, false));
    }
}
