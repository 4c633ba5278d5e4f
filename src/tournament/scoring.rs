//! Tournament scoring as data: `config/scoring/<ruleset>.toml` (RULES.md §3, seed 000).
//!
//! Each finished game gives its winners the points of their role and its losers nothing; a
//! draw gives every player `draw` points (0 unless configured); the tournament's judge earns
//! `judge` points for each game judged. `killer_roles` and `detective_roles` say which
//! roles' points count for 杀人王 (Killer King) and 神警探 (Master Detective).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::role::Camp;
use crate::engine::{Role, Ruleset, Winner};

/// The scoring files shipped in `config/scoring/`, compiled in like the rulesets.
const BUILTIN: &[(&str, &str)] = &[
    ("m32", include_str!("../../config/scoring/m32.toml")),
    ("mafia", include_str!("../../config/scoring/mafia.toml")),
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
    /// Roles whose points count for 杀人王 (Killer King).
    #[serde(default)]
    pub killer_roles: Vec<Role>,
    /// Roles whose points count for 神警探 (Master Detective).
    #[serde(default)]
    pub detective_roles: Vec<Role>,
    /// Points for a win, by role; every role of the ruleset must be listed.
    pub win: BTreeMap<Role, u32>,
}

/// The winner a camp plays for.
fn camp_winner(camp: Camp) -> Winner {
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
        for (field, list) in [
            ("win", s.win.keys().copied().collect::<Vec<_>>()),
            ("killer_roles", s.killer_roles.clone()),
            ("detective_roles", s.detective_roles.clone()),
        ] {
            if let Some(r) = list.iter().find(|r| !roles.contains(r)) {
                return Err(invalid(format!(
                    "`{field}`: `{}` is not a role of `{}`",
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

    pub fn is_killer(&self, role: Role) -> bool {
        self.killer_roles.contains(&role)
    }

    pub fn is_detective(&self, role: Role) -> bool {
        self.detective_roles.contains(&role)
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
        assert_eq!(m.killer_roles, vec![Role::Killer]);
        assert_eq!(m.detective_roles, vec![Role::Police]);
        let w = Scoring::builtin("m32").expect("m32 scoring");
        assert_eq!(w.win[&Role::Villager], 2);
        for r in [Role::Seer, Role::Witch, Role::Hunter, Role::Wolf] {
            assert_eq!(w.win[&r], 3, "{r:?}");
        }
        assert_eq!(w.killer_roles, vec![Role::Wolf]);
        assert_eq!(w.detective_roles, vec![Role::Seer]);
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
        assert!(err(&format!(
            "{base}detective_roles = [\"seer\"]\n[win]\ncivilian = 2\nkiller = 3\npolice = 3\n"
        ))
        .contains("detective_roles"));
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
