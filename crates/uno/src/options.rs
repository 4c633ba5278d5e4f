//! The options of ruleset `uno` (docs/rules.md §5: every **decision** there is one of them), read
//! from `config/rulesets/uno.toml` with a game's or a script's overrides.

use std::collections::BTreeMap;

use engine::ruleset::Span;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The ruleset file, compiled in so the binary runs anywhere.
pub const RULESET_TOML: &str = include_str!("../../../config/rulesets/uno.toml");

/// The fewest and most players a UNO table may seat (7 cards each fits 10 in the deck).
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 10;

/// Who plays first in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// The player to the dealer's left (decision, the default).
    LeftOfDealer,
    /// The dealer (the seed also calls the dealer 最先出牌人).
    Dealer,
}

/// When a forgotten UNO call costs 2 cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnoPenalty {
    /// At once, right after the play (decision: the bot sees every hand), the default.
    Automatic,
    /// Only when another player catches them before the next player plays or draws, or that
    /// turn's time runs out.
    Caught,
}

/// Every option of a UNO game. The names are the keys of `[options]` in
/// `config/rulesets/uno.toml` and of a script's `options`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Each turn's time limit (default 2 minutes).
    pub turn_time: Span,
    /// The total that wins the game (default 500); no part when `rounds` is set.
    pub target_score: u32,
    /// A fixed number of rounds, the highest total winning; `None` (the default): play to
    /// `target_score`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    pub first_player: FirstPlayer,
    pub uno_penalty: UnoPenalty,
    /// Whether a 0, a skip, a reverse or a wild may not be one's last card (default on).
    pub last_card_rule: bool,
    /// The seed's optional line: wrong plays, wrong UNO calls and wrong catches cost 2
    /// cards, a timeout 2 instead of 1 (default off).
    pub strict_penalties: bool,
    /// The fewest and most players, `[min, max]`, within 2..=10 (default `[2, 10]`).
    pub players: [usize; 2],
}

impl Default for Options {
    /// The defaults of docs/rules.md §5 (the values `config/rulesets/uno.toml` holds).
    fn default() -> Options {
        Options {
            turn_time: Span(120),
            target_score: 500,
            rounds: None,
            first_player: FirstPlayer::LeftOfDealer,
            uno_penalty: UnoPenalty::Automatic,
            last_card_rule: true,
            strict_penalties: false,
            players: [MIN_PLAYERS, MAX_PLAYERS],
        }
    }
}

/// An option that cannot be used: the message names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("option `{field}`: {message}")]
pub struct OptionsError {
    pub field: String,
    pub message: String,
}

fn bad(field: &str, message: impl Into<String>) -> OptionsError {
    OptionsError {
        field: field.to_string(),
        message: message.into(),
    }
}

/// The option names, in the file's order.
pub const NAMES: [&str; 8] = [
    "turn_time",
    "target_score",
    "rounds",
    "first_player",
    "uno_penalty",
    "last_card_rule",
    "strict_penalties",
    "players",
];

impl Options {
    /// The shipped ruleset's options with `overrides` (option name → value) applied.
    ///
    /// # Errors
    /// [`OptionsError`] naming an unknown option or one whose value is wrong.
    pub fn builtin(overrides: &BTreeMap<String, toml::Value>) -> Result<Options, OptionsError> {
        Options::from_toml(RULESET_TOML, overrides)
    }

    /// The options of a ruleset file's `[options]` table with `overrides` applied; an option
    /// the file leaves out keeps its default.
    ///
    /// # Errors
    /// [`OptionsError`] naming the field that is unknown or wrong (`options` itself when the
    /// file is not TOML).
    pub fn from_toml(
        text: &str,
        overrides: &BTreeMap<String, toml::Value>,
    ) -> Result<Options, OptionsError> {
        let file: toml::Table = toml::from_str(text).map_err(|e| bad("options", e.to_string()))?;
        let mut table = match file.get("options") {
            Some(toml::Value::Table(t)) => t.clone(),
            Some(_) => return Err(bad("options", "must be a table")),
            None => toml::Table::new(),
        };
        for (k, v) in overrides {
            table.insert(k.clone(), v.clone());
        }
        Options::from_table(&table)
    }

    /// The options of one `[options]` table (every key optional, defaults for the rest).
    ///
    /// # Errors
    /// [`OptionsError`] naming the field that is unknown or wrong.
    pub fn from_table(table: &toml::Table) -> Result<Options, OptionsError> {
        if let Some(k) = table.keys().find(|k| !NAMES.contains(&k.as_str())) {
            return Err(bad(
                k,
                format!("unknown option (known: {})", NAMES.join(", ")),
            ));
        }
        fn get<T: DeserializeOwned>(
            table: &toml::Table,
            key: &str,
            default: T,
        ) -> Result<T, OptionsError> {
            match table.get(key) {
                None => Ok(default),
                Some(v) => v
                    .clone()
                    .try_into()
                    .map_err(|e: toml::de::Error| bad(key, e.message().trim().to_string())),
            }
        }
        let d = Options::default();
        let o = Options {
            turn_time: get(table, "turn_time", d.turn_time)?,
            target_score: get(table, "target_score", d.target_score)?,
            rounds: get(table, "rounds", d.rounds)?,
            first_player: get(table, "first_player", d.first_player)?,
            uno_penalty: get(table, "uno_penalty", d.uno_penalty)?,
            last_card_rule: get(table, "last_card_rule", d.last_card_rule)?,
            strict_penalties: get(table, "strict_penalties", d.strict_penalties)?,
            players: get(table, "players", d.players)?,
        };
        o.check()?;
        Ok(o)
    }

    /// Checks the values together.
    ///
    /// # Errors
    /// [`OptionsError`] naming the first wrong field.
    pub fn check(&self) -> Result<(), OptionsError> {
        if self.turn_time.0 < 1 {
            return Err(bad("turn_time", "must be at least 1s"));
        }
        if self.target_score == 0 {
            return Err(bad("target_score", "must be at least 1"));
        }
        if self.rounds == Some(0) {
            return Err(bad(
                "rounds",
                "must be at least 1 (leave it out for no limit)",
            ));
        }
        let [lo, hi] = self.players;
        if lo < MIN_PLAYERS || hi > MAX_PLAYERS || lo > hi {
            return Err(bad(
                "players",
                format!("must be [min, max] with {MIN_PLAYERS} <= min <= max <= {MAX_PLAYERS}"),
            ));
        }
        Ok(())
    }

    /// Reads a script's `options` object (JSON values; `null` leaves an option at the
    /// file's value) over the shipped ruleset.
    ///
    /// # Errors
    /// [`OptionsError`] naming the field that is unknown or wrong.
    pub fn from_json(
        options: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<Options, OptionsError> {
        let mut overrides = BTreeMap::new();
        for (k, v) in options {
            if let Some(t) = json_to_toml(v).map_err(|m| bad(k, m))? {
                overrides.insert(k.clone(), t);
            } else if !NAMES.contains(&k.as_str()) {
                return Err(bad(
                    k,
                    format!("unknown option (known: {})", NAMES.join(", ")),
                ));
            }
        }
        Options::builtin(&overrides)
    }
}

/// A JSON value as TOML (`None` for `null`).
fn json_to_toml(v: &serde_json::Value) -> Result<Option<toml::Value>, String> {
    use serde_json::Value as J;
    Ok(Some(match v {
        J::Null => return Ok(None),
        J::Bool(b) => toml::Value::Boolean(*b),
        J::Number(n) => match n.as_i64() {
            Some(i) => toml::Value::Integer(i),
            None => return Err(format!("`{n}` is not a whole number")),
        },
        J::String(s) => toml::Value::String(s.clone()),
        J::Array(items) => toml::Value::Array(
            items
                .iter()
                .map(|i| json_to_toml(i)?.ok_or_else(|| "a list holds `null`".to_string()))
                .collect::<Result<_, _>>()?,
        ),
        J::Object(_) => return Err("an object is no option value".into()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(key: &str, value: toml::Value) -> Result<Options, OptionsError> {
        Options::builtin(&BTreeMap::from([(key.to_string(), value)]))
    }

    #[test]
    fn the_shipped_file_holds_the_defaults_of_rules_5() {
        assert_eq!(Options::builtin(&BTreeMap::new()), Ok(Options::default()));
    }

    #[test]
    fn overrides_apply_and_bad_ones_name_the_field() {
        let o = with("turn_time", toml::Value::String("5s".into())).expect("valid");
        assert_eq!(o.turn_time, Span(5));
        let o = with("rounds", toml::Value::Integer(1)).expect("valid");
        assert_eq!(o.rounds, Some(1));
        for (key, value) in [
            ("turn_time", toml::Value::String("soon".into())),
            ("turn_time", toml::Value::String("0s".into())),
            ("rounds", toml::Value::Integer(0)),
            ("rounds", toml::Value::Integer(-1)),
            (
                "first_player",
                toml::Value::String("right_of_dealer".into()),
            ),
            ("uno_penalty", toml::Value::Boolean(true)),
            ("players", toml::Value::Array(vec![1.into(), 10.into()])),
            ("players", toml::Value::Array(vec![2.into(), 11.into()])),
            ("target_score", toml::Value::Integer(0)),
            ("colour", toml::Value::Integer(0)),
        ] {
            let e = with(key, value.clone()).expect_err(key);
            assert_eq!(e.field, key, "{value}: {e}");
        }
    }

    #[test]
    fn a_scripts_json_options_read_as_the_file_does() {
        let json = serde_json::json!({"turn_time": "1m30s", "rounds": 3, "strict_penalties": true,
            "uno_penalty": "caught", "first_player": "dealer", "players": [2, 4]});
        let o = Options::from_json(json.as_object().expect("object")).expect("valid");
        assert_eq!(o.turn_time, Span(90));
        assert_eq!(o.rounds, Some(3));
        assert!(o.strict_penalties);
        assert_eq!(o.uno_penalty, UnoPenalty::Caught);
        assert_eq!(o.first_player, FirstPlayer::Dealer);
        assert_eq!(o.players, [2, 4]);
        let json = serde_json::json!({"rounds": null});
        assert_eq!(
            Options::from_json(json.as_object().expect("object")),
            Ok(Options::default())
        );
        let json = serde_json::json!({"target_score": 1.5});
        let e = Options::from_json(json.as_object().expect("object")).expect_err("1.5");
        assert_eq!(e.field, "target_score");
    }
}
