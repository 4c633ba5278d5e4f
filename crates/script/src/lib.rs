//! Game scripts (`docs/script-format.md`, a contract): parse a script, play it against
//! the engine on a virtual clock, and build its JSON report.
//!
//! Raw JSON is checked once here: a malformed file is a [`ScriptError`] naming the step or
//! field; a well-formed step the rules refuse is a refused step in the report.
//!
//! Scripts come from anywhere (exports are passed around to be checked with `verify`), so
//! what a script can make this module do is bounded: the file's size, its number of steps,
//! the length of its strings, and how many phases one wait and the whole script may step
//! through. A script beyond a limit ends with a [`ScriptError`] saying the limit (in the
//! reader's language, [`ScriptError::message`]), never a panic, a hang or an exhausted memory.

use std::cell::Cell;
use std::collections::BTreeMap;

use chrono::{DateTime, FixedOffset, Utc};
use serde::de::{self, DeserializeSeed, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use engine::limits::{MAX_NAME_CHARS, MAX_TEXT_CHARS};
use engine::rng::Seed;
use engine::ruleset::Span;
use engine::{
    self, ActionOf, Command, Event, EventKind, Game, Phase, Role, RuleError, Ruleset, Setup,
};
use i18n::{self, Lang};

pub mod export;

/// A script file that cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    #[error("not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("field `{field}`: {message}")]
    Field { field: String, message: String },
    #[error("step {step}: {message}")]
    Step { step: usize, message: String },
    #[error(transparent)]
    Ruleset(#[from] engine::ruleset::RulesetError),
    #[error("field `roles`/`characters`: {0}")]
    Setup(#[from] engine::SetupError),
    /// The file is larger than [`MAX_SCRIPT_BYTES`].
    #[error("the script is larger than {max} bytes")]
    TooLarge { max: usize },
    /// More steps than [`MAX_STEPS`].
    #[error("the script has more than {max} steps")]
    TooManySteps { max: usize },
    /// More JSON values than [`MAX_VALUES`] (found while reading, before holding them all).
    #[error("the script holds more than {max} JSON values")]
    TooManyValues { max: usize },
    /// A string longer than [`MAX_TEXT_CHARS`], or a field name longer than
    /// [`MAX_NAME_CHARS`] (a long name shows only its beginning).
    #[error("{place} is longer than {max} characters")]
    TooLong { place: Place, max: usize },
    /// The run stopped at a step beyond a limit of the script runner (a wait through too
    /// many phases, or past the game's clock limit). `message` is already in the language
    /// the script was run in and names the step.
    #[error("{message}")]
    Stopped {
        step: usize,
        code: &'static str,
        message: String,
    },
}

/// A script's top-level fields (`seed256` is an addition to the contract: an exported real
/// game's 256-bit seed, docs/script-format.md).
pub const FIELDS: [&str; 9] = [
    "ruleset",
    "seed",
    "seed256",
    "start",
    "characters",
    "roles",
    "options",
    "steps",
    "forbidden_first_kill",
];

/// The largest script file, in bytes (a long game's export is a few megabytes).
pub const MAX_SCRIPT_BYTES: usize = 32 << 20;
/// The most steps a script may have (a long game's export has a few thousand).
pub const MAX_STEPS: usize = 50_000;
/// The most JSON values (objects, lists, strings, numbers, …) a script may hold: ten a step.
/// Counted while reading, so a file of millions of tiny values stops early instead of
/// taking gigabytes as a parsed tree.
pub const MAX_VALUES: usize = 10 * MAX_STEPS;
/// The most phases one `wait` may step through: a year of 24-hour days is about 730.
pub const MAX_PHASES_PER_WAIT: usize = 1_000;
/// The most phases a script's game may pass through in all (thousands of days).
pub const MAX_PHASES_PER_SCRIPT: usize = 10_000;

impl ScriptError {
    /// What went wrong, for a reader of `lang`: the limits in their words; the format errors
    /// (which quote the file) as written.
    pub fn message(&self, lang: Lang) -> String {
        let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
        match self {
            ScriptError::TooLarge { max } => t("script-too-large", &[("max", max.to_string())]),
            ScriptError::TooManySteps { max } => {
                t("script-too-many-steps", &[("max", max.to_string())])
            }
            ScriptError::TooManyValues { max } => {
                t("script-too-many-values", &[("max", max.to_string())])
            }
            ScriptError::TooLong { place, max } => t(
                "script-too-long",
                &[("field", place.text(lang)), ("max", max.to_string())],
            ),
            ScriptError::Stopped { message, .. } => message.clone(),
            e => e.to_string(),
        }
    }
}

fn field(field: &str, message: impl Into<String>) -> ScriptError {
    ScriptError::Field {
        field: field.into(),
        message: message.into(),
    }
}

/// Who a step is by.
#[derive(Debug, Clone, PartialEq)]
pub enum By {
    Judge,
    Character(String),
}

/// An action as written: characters by name, an extension's duration as text (`90m`).
/// The vocabulary is the engine's ([`engine::ActionOf`]), read and written by serde.
pub type Act = ActionOf<String, Span>;

/// One step of a script.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    WaitFor(Span),
    WaitUntil(Phase),
    Do { by: By, act: Act },
}

impl Step {
    /// The step as a script writes it (docs/script-format.md): what [`Script::parse`] reads
    /// back as the same step.
    ///
    /// # Errors
    /// None in practice: a step's parts are all plain JSON.
    pub fn to_json(&self) -> Result<Value, serde_json::Error> {
        Ok(match self {
            Step::WaitFor(span) => json!({"wait": span}),
            Step::WaitUntil(phase) => json!({"wait": phase.to_string()}),
            Step::Do { by, act } => {
                let by = match by {
                    By::Judge => "judge",
                    By::Character(name) => name,
                };
                let mut step = serde_json::to_value(act)?;
                if let Value::Object(fields) = &mut step {
                    fields.insert("by".into(), by.into());
                }
                step
            }
        })
    }
}

/// A parsed, checked script.
#[derive(Debug, Clone)]
pub struct Script {
    pub ruleset: Ruleset,
    /// The integer `seed`, or the 256-bit `seed256` when the script gives one.
    pub seed: Seed,
    pub start: DateTime<FixedOffset>,
    pub characters: Vec<String>,
    pub roles: Option<BTreeMap<String, Role>>,
    /// Optional (an addition to the contract, see docs/decisions.md): the player account
    /// the killers may not choose on night 1, as a tournament's previous game would set it.
    pub forbidden_first_kill: Option<String>,
    pub steps: Vec<Step>,
}

fn take_str(obj: &Map<String, Value>, key: &str) -> Result<String, String> {
    match obj.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(format!("field `{key}` must be a string")),
        None => Err(format!("missing field `{key}`")),
    }
}

fn parse_step(v: &Value) -> Result<Step, String> {
    let obj = v.as_object().ok_or("a step must be an object")?;
    if let Some(w) = obj.get("wait") {
        if obj.len() != 1 {
            return Err("a `wait` step has no other fields".into());
        }
        let w = w.as_str().ok_or("field `wait` must be a string")?;
        if let Ok(span) = Span::parse(w) {
            return Ok(Step::WaitFor(span));
        }
        return Phase::parse(w)
            .filter(|p| *p != Phase::Setup)
            .map(Step::WaitUntil)
            .ok_or_else(|| {
                format!("field `wait`: `{w}` is neither a duration (90m, 24h) nor a phase (day 2, night 1, day 1 runoff 1)")
            });
    }
    let by = take_str(obj, "by")?;
    let what = take_str(obj, "do")?;
    let unknown = || format!("field `do`: unknown action `{what}`");
    let unexpected = |f: &str| format!("unexpected field `{f}` for `{what}`");
    let mut fields = obj.clone();
    fields.remove("by");
    let act = Act::deserialize(Value::Object(fields)).map_err(|e| {
        // A field's own error names it (`engine::action`); these name the step's shape.
        let e = e.to_string();
        if e.starts_with("unknown variant") {
            unknown()
        } else if let Some(f) = e.strip_prefix("unknown field `") {
            unexpected(f.split_once("`, ").map_or(f, |(f, _)| f))
        } else {
            e
        }
    })?;
    // The script knows an action and its fields only by the names it writes (not the
    // clock's `tick`, nor the older names a stored command may still carry).
    let written = serde_json::to_value(&act).map_err(|e| e.to_string())?;
    if act == Act::Tick || written.get("do") != obj.get("do") {
        return Err(unknown());
    }
    for (k, v) in obj.iter().filter(|(k, _)| *k != "by") {
        // A `null` stands for an optional field left out (`protect` nobody), but serde
        // also reads an action without fields (`pause`) from any object, ignoring the
        // rest: offer it a field no action has to learn whether this one takes any.
        if written.get(k).is_none()
            && (!v.is_null() || Act::deserialize(json!({"do": what, "": null})).is_ok())
        {
            return Err(unexpected(k));
        }
    }
    let by = if by == "judge" {
        By::Judge
    } else {
        By::Character(by)
    };
    Ok(Step::Do { by, act })
}

/// Reads JSON text as [`serde_json::from_str`] does, refusing more than [`MAX_VALUES`]
/// values as it goes.
fn read_json(text: &str) -> Result<Value, ScriptError> {
    let budget = Budget {
        left: Cell::new(MAX_VALUES),
        exceeded: Cell::new(false),
    };
    let mut de = serde_json::Deserializer::from_str(text);
    match Bounded(&budget).deserialize(&mut de) {
        Ok(v) => {
            de.end()?;
            Ok(v)
        }
        Err(_) if budget.exceeded.get() => Err(ScriptError::TooManyValues { max: MAX_VALUES }),
        Err(e) => Err(e.into()),
    }
}

/// How many more values a script may hold.
struct Budget {
    left: Cell<usize>,
    exceeded: Cell<bool>,
}

/// One JSON value, read within the budget (the same tree `serde_json::Value` reads).
#[derive(Clone, Copy)]
struct Bounded<'a>(&'a Budget);

impl<'de> DeserializeSeed<'de> for Bounded<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let left = self.0.left.get();
        if left == 0 {
            self.0.exceeded.set(true);
            return Err(de::Error::custom("too many values"));
        }
        self.0.left.set(left - 1);
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Bounded<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(self)? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            let v = map.next_value_seed(self)?;
            out.insert(k, v);
        }
        Ok(Value::Object(out))
    }
}

/// Where a value sits in a script: the step (numbered from 1) and the field's path inside
/// it, or the path from the top (`options.day_length`).
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub step: Option<usize>,
    pub field: String,
}

impl Place {
    fn of(path: &[String]) -> Place {
        match path {
            [steps, i, rest @ ..] if steps == "steps" => Place {
                step: Some(i.parse::<usize>().map_or(0, |i| i + 1)),
                field: rest.join("."),
            },
            _ => Place {
                step: None,
                field: path.join("."),
            },
        }
    }

    /// The place in the reader's words.
    pub fn text(&self, lang: Lang) -> String {
        let field = ("field", self.field.clone());
        match self.step {
            Some(n) if self.field.is_empty() => {
                i18n::text(lang, "script-place-step", &[("step", n.to_string())])
            }
            Some(n) => i18n::text(
                lang,
                "script-place-step-field",
                &[("step", n.to_string()), field],
            ),
            None => i18n::text(lang, "script-place-field", &[field]),
        }
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// Refuses any string longer than the longest text the engine keeps, and any field name
/// longer than a name, before anything quotes them in a message or keeps them.
fn check_lengths(v: &Value, path: &mut Vec<String>) -> Result<(), ScriptError> {
    match v {
        Value::String(s) if engine::limits::too_long(s, MAX_TEXT_CHARS) => {
            Err(ScriptError::TooLong {
                place: Place::of(path),
                max: MAX_TEXT_CHARS,
            })
        }
        Value::Array(a) => a.iter().enumerate().try_for_each(|(i, x)| {
            path.push(i.to_string());
            let r = check_lengths(x, path);
            path.pop();
            r
        }),
        Value::Object(m) => m.iter().try_for_each(|(k, x)| {
            if engine::limits::too_long(k, MAX_NAME_CHARS) {
                let start: String = k.chars().take(16).collect();
                path.push(format!("{start}…"));
                return Err(ScriptError::TooLong {
                    place: Place::of(path),
                    max: MAX_NAME_CHARS,
                });
            }
            path.push(k.clone());
            let r = check_lengths(x, path);
            path.pop();
            r
        }),
        _ => Ok(()),
    }
}

fn json_to_toml(key: &str, v: &Value) -> Result<toml::Value, ScriptError> {
    Ok(match v {
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Number(n) => match n.as_i64() {
            Some(i) => toml::Value::Integer(i),
            None => toml::Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        // The `deal` option: role → count (docs/rules.md §4).
        Value::Object(m) => {
            let mut t = toml::Table::new();
            for (k, v) in m {
                t.insert(k.clone(), json_to_toml(&format!("{key}.{k}"), v)?);
            }
            toml::Value::Table(t)
        }
        // The `warn_before_close` option: durations.
        Value::Array(a) => toml::Value::Array(
            a.iter()
                .enumerate()
                .map(|(i, x)| json_to_toml(&format!("{key}[{i}]"), x))
                .collect::<Result<_, _>>()?,
        ),
        _ => {
            return Err(field(
                &format!("options.{key}"),
                "must be a string, number, boolean, (for `deal`) an object or (for \
                 `warn_before_close`) a list",
            ))
        }
    })
}

impl Script {
    /// The game this script plays.
    pub fn setup(&self) -> Setup {
        Setup {
            ruleset: self.ruleset.clone(),
            seed: self.seed,
            start: self.start.with_timezone(&Utc),
            characters: self.characters.clone(),
            roles: self.roles.clone(),
            forbidden_first_kill: self.forbidden_first_kill.clone(),
            players: None,
        }
    }

    /// Parses and checks a script's text.
    ///
    /// # Errors
    /// [`ScriptError`] naming the field or step that is wrong.
    pub fn parse(text: &str) -> Result<Script, ScriptError> {
        if text.len() > MAX_SCRIPT_BYTES {
            return Err(ScriptError::TooLarge {
                max: MAX_SCRIPT_BYTES,
            });
        }
        let v = read_json(text)?;
        check_lengths(&v, &mut Vec::new())?;
        let obj = v
            .as_object()
            .ok_or_else(|| field("(top)", "a script is a JSON object"))?;
        if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return Err(field(k, "unknown field"));
        }
        let name = take_str(obj, "ruleset").map_err(|m| field("ruleset", m))?;
        let seed = obj
            .get("seed")
            .ok_or_else(|| field("seed", "missing"))?
            .as_u64()
            .ok_or_else(|| field("seed", "must be a non-negative integer"))?;
        // An exported real game's seed is 256 bits, more than the contract's integer holds:
        // it is given as `seed256` (64 hex digits) with `seed` 0, so that no script means
        // two seeds at once.
        let seed = match obj.get("seed256") {
            None | Some(Value::Null) => Seed::U64(seed),
            Some(v) => {
                let bytes = v
                    .as_str()
                    .filter(|h| h.len() == 64)
                    .and_then(Seed::from_hex)
                    .ok_or_else(|| field("seed256", "must be 64 hex digits (32 bytes)"))?;
                if seed != 0 {
                    return Err(field("seed", "must be 0 when `seed256` gives the seed"));
                }
                bytes
            }
        };
        let start = take_str(obj, "start").map_err(|m| field("start", m))?;
        let start = DateTime::parse_from_rfc3339(&start)
            .map_err(|e| field("start", format!("`{start}` is not RFC 3339: {e}")))?;
        let characters: Vec<String> = match obj.get("characters") {
            Some(Value::Array(a)) => a
                .iter()
                .map(|c| c.as_str().map(str::to_string))
                .collect::<Option<_>>()
                .ok_or_else(|| field("characters", "must be a list of names"))?,
            _ => return Err(field("characters", "missing or not a list of names")),
        };
        let roles = match obj.get("roles") {
            None | Some(Value::Null) => None,
            Some(Value::Object(m)) => {
                let mut out = BTreeMap::new();
                for (k, v) in m {
                    let r = v
                        .as_str()
                        .and_then(Role::from_key)
                        .ok_or_else(|| field(&format!("roles.{k}"), "not a role name"))?;
                    out.insert(k.clone(), r);
                }
                Some(out)
            }
            Some(_) => return Err(field("roles", "must be an object of name: role")),
        };
        let forbidden_first_kill = match obj.get("forbidden_first_kill") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(_) => {
                return Err(field(
                    "forbidden_first_kill",
                    "must be a player's name (a string) or null",
                ))
            }
        };
        let mut overrides = BTreeMap::new();
        match obj.get("options") {
            None | Some(Value::Null) => {}
            Some(Value::Object(m)) => {
                for (k, v) in m {
                    overrides.insert(k.clone(), json_to_toml(k, v)?);
                }
            }
            Some(_) => return Err(field("options", "must be an object")),
        }
        let ruleset = Ruleset::builtin(&name, &overrides)?;
        let steps = match obj.get("steps") {
            Some(Value::Array(a)) if a.len() > MAX_STEPS => {
                return Err(ScriptError::TooManySteps { max: MAX_STEPS })
            }
            Some(Value::Array(a)) => a
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    parse_step(s).map_err(|message| ScriptError::Step {
                        step: i + 1,
                        message,
                    })
                })
                .collect::<Result<Vec<_>, _>>()?,
            _ => return Err(field("steps", "missing or not a list")),
        };
        Ok(Script {
            ruleset,
            seed,
            start,
            characters,
            roles,
            forbidden_first_kill,
            steps,
        })
    }
}

/// One entry of the report's `steps` (the same for every game's script).
pub use engine::report::StepResult;

/// An elimination as the report states it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReportElimination {
    pub character: String,
    pub when: String,
    pub cause: String,
}

/// The report's card counts for one character.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReportCards {
    pub blue: u32,
    pub yellow: u32,
    pub red: u32,
}

/// The JSON report, field for field as script-format.md defines it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub ruleset: String,
    pub phase: String,
    pub winner: Option<String>,
    pub roles: BTreeMap<String, String>,
    pub sheriff: Option<String>,
    pub wolf_leader: Option<String>,
    pub alive: Vec<String>,
    pub eliminations: Vec<ReportElimination>,
    pub cards: BTreeMap<String, ReportCards>,
    pub last_words: Vec<String>,
    /// Characters whose role was made public during the game (revealed idiots), in order.
    pub revealed: Vec<String>,
    pub steps: Vec<StepResult>,
}

impl Report {
    /// The report of a game's current state with the given step results.
    pub fn of(game: &Game, steps: Vec<StepResult>) -> Report {
        let name = |c: engine::CharId| game.ch(c).name.clone();
        Report {
            ruleset: game.ruleset().name.clone(),
            phase: game.phase().to_string(),
            winner: game.winner().map(|w| w.key().to_string()),
            roles: game
                .chars()
                .iter()
                .map(|c| (c.name.clone(), c.role.key().to_string()))
                .collect(),
            sheriff: game.sheriff().map(name),
            wolf_leader: game.leader().map(name),
            alive: game.living().into_iter().map(name).collect(),
            eliminations: game
                .eliminations()
                .iter()
                .map(|(c, cause, when)| ReportElimination {
                    character: name(*c),
                    when: when.to_string(),
                    cause: cause.key().to_string(),
                })
                .collect(),
            cards: game
                .chars()
                .iter()
                .filter(|c| c.cards.any())
                .map(|c| {
                    (
                        c.name.clone(),
                        ReportCards {
                            blue: c.cards.blue,
                            yellow: c.cards.yellow,
                            red: c.cards.red,
                        },
                    )
                })
                .collect(),
            last_words: game.grants().iter().map(|g| name(g.character)).collect(),
            revealed: game.revealed().iter().map(|c| name(*c)).collect(),
            steps,
        }
    }
}

/// A played script: the report, the full event log, the final state.
#[derive(Debug, Clone)]
pub struct Run {
    pub report: Report,
    pub events: Vec<Event>,
    pub game: Game,
}

/// Why a step was refused: a rule, a `wait` for a phase that cannot come, or a wait that
/// would step through more phases than it may.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    Rule(RuleError),
    PhaseOver { phase: Phase },
    PhaseUnreachable { phase: Phase },
    TooManyPhases { max: usize },
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Rule(e) => e.code(),
            Refusal::PhaseOver { .. } => "phase_over",
            Refusal::PhaseUnreachable { .. } => "phase_unreachable",
            Refusal::TooManyPhases { .. } => "too_many_phases",
        }
    }

    /// Whether a wait refused for this went beyond a limit of the runner (too many phases,
    /// past the clock limit) rather than asking for a phase that cannot come.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            Refusal::TooManyPhases { .. } | Refusal::Rule(RuleError::ClockLimit { .. })
        )
    }

    pub fn message(&self, game: &Game, lang: Lang) -> String {
        match self {
            Refusal::Rule(e) => i18n::error_message(e, game, lang),
            Refusal::PhaseOver { phase } => i18n::text(
                lang,
                "wait-phase-over",
                &[("phase", i18n::phase_name(*phase, lang))],
            ),
            Refusal::PhaseUnreachable { phase } => i18n::text(
                lang,
                "wait-phase-unreachable",
                &[("phase", i18n::phase_name(*phase, lang))],
            ),
            Refusal::TooManyPhases { max } => {
                i18n::text(lang, "wait-too-many-phases", &[("max", max.to_string())])
            }
        }
    }
}

/// How many phases (days, tie rounds, nights) `events` open.
pub fn phases_opened(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| {
            matches!(
                e.kind,
                EventKind::DayOpened { .. } | EventKind::NightOpened { .. }
            )
        })
        .count()
}

/// What a wait has fired so far, and how many phases it may still open.
struct Fired {
    events: Vec<Event>,
    phases: usize,
    max: usize,
}

impl Fired {
    fn new(max: usize) -> Fired {
        Fired {
            events: Vec::new(),
            phases: 0,
            max,
        }
    }
}

/// A game being played on a virtual clock: the driver shared by scripts and the simulator.
#[derive(Debug, Clone)]
pub struct Table {
    pub game: Game,
    pub events: Vec<Event>,
    pub now: DateTime<Utc>,
    /// Every command sent, accepted or refused, with its time (ticks included): the inputs
    /// that replay this game anywhere else, e.g. through the store.
    pub log: Vec<(DateTime<Utc>, Command)>,
}

impl Table {
    /// Creates the game.
    ///
    /// # Errors
    /// [`engine::SetupError`] when the ruleset cannot seat these characters.
    pub fn new(setup: &Setup) -> Result<Table, engine::SetupError> {
        let events = engine::create(setup)?;
        let game = Game::replay(&events);
        Ok(Table {
            game,
            events,
            now: setup.start,
            log: Vec::new(),
        })
    }

    /// Runs a command at the current time; on success its events are applied and returned.
    ///
    /// # Errors
    /// The engine's refusal; nothing changes then.
    pub fn command(&mut self, cmd: &Command) -> Result<Vec<Event>, RuleError> {
        self.log.push((self.now, cmd.clone()));
        let events = engine::handle(&self.game, cmd, self.now)?;
        for e in &events {
            engine::apply(&mut self.game, e);
        }
        self.events.extend(events.iter().cloned());
        Ok(events)
    }

    /// Moves the clock forward by `span`, firing every deadline on the way in time order.
    /// A wait beyond the limits ([`Table::wait_within`] with [`MAX_PHASES_PER_WAIT`]) moves
    /// nothing and fires nothing.
    pub fn wait(&mut self, span: Span) -> Vec<Event> {
        self.wait_within(span, MAX_PHASES_PER_WAIT)
            .unwrap_or_default()
    }

    /// Moves the clock forward by `span`, firing every deadline on the way in time order,
    /// deadline by deadline.
    ///
    /// # Errors
    /// [`RuleError::ClockLimit`] when the clock would pass the game's clock limit;
    /// [`Refusal::TooManyPhases`] when more than `max_phases` phases would open on the way.
    /// Nothing changes then.
    pub fn wait_within(&mut self, span: Span, max_phases: usize) -> Result<Vec<Event>, Refusal> {
        let latest = self.game.latest();
        let to = self
            .now
            .checked_add_signed(span.dur())
            .filter(|to| *to <= latest)
            .ok_or(Refusal::Rule(RuleError::ClockLimit { latest }))?;
        self.trial(|t| {
            let mut fired = Fired::new(max_phases);
            while let Some(due) = t.game.next_deadline().filter(|due| *due <= to) {
                if !t.fire(due, &mut fired)? {
                    break;
                }
            }
            t.now = t.now.max(to);
            Ok(fired.events)
        })
    }

    /// Moves the clock deadline by deadline until the game is in `target`, stepping through
    /// at most [`MAX_PHASES_PER_WAIT`] phases.
    ///
    /// # Errors
    /// As [`Table::wait_until_within`].
    pub fn wait_until(&mut self, target: Phase) -> Result<Vec<Event>, Refusal> {
        self.wait_until_within(target, MAX_PHASES_PER_WAIT)
    }

    /// Moves the clock deadline by deadline until the game is in `target`.
    ///
    /// # Errors
    /// [`Refusal::PhaseOver`] when that phase is already over, [`Refusal::PhaseUnreachable`]
    /// when the game ends (or stops) before reaching it, [`Refusal::TooManyPhases`] when more
    /// than `max_phases` phases would open on the way, [`RuleError::ClockLimit`] when the
    /// next deadline lies past the game's clock limit. Nothing changes then.
    pub fn wait_until_within(
        &mut self,
        target: Phase,
        max_phases: usize,
    ) -> Result<Vec<Event>, Refusal> {
        let night_first = self.game.kind() == engine::Kind::Mafia;
        self.trial(|t| {
            let mut fired = Fired::new(max_phases);
            loop {
                if t.game.phase() == target {
                    return Ok(fired.events);
                }
                if target.order(night_first) < t.game.phase().order(night_first) {
                    return Err(if fired.events.is_empty() {
                        Refusal::PhaseOver { phase: target }
                    } else {
                        Refusal::PhaseUnreachable { phase: target }
                    });
                }
                let Some(due) = t.game.next_deadline() else {
                    return Err(Refusal::PhaseUnreachable { phase: target });
                };
                if !t.fire(due, &mut fired)? {
                    // A deadline that fires nothing would never move the game on.
                    return Err(Refusal::PhaseUnreachable { phase: target });
                }
            }
        })
    }

    /// Runs `f`; when it refuses, puts the table back as it was. Copies the game only, not
    /// the event log: a refused wait must change nothing, and copying a long log for every
    /// wait would make a long script slow.
    fn trial<T>(&mut self, f: impl FnOnce(&mut Table) -> Result<T, Refusal>) -> Result<T, Refusal> {
        let (game, now, events, log) = (
            self.game.clone(),
            self.now,
            self.events.len(),
            self.log.len(),
        );
        let result = f(self);
        if result.is_err() {
            self.game = game;
            self.now = now;
            self.events.truncate(events);
            self.log.truncate(log);
        }
        result
    }

    /// Fires the deadline due at `due`; whether it fired anything.
    ///
    /// # Errors
    /// The engine's refusal of the tick (past the clock limit), or
    /// [`Refusal::TooManyPhases`] once more phases opened than `fired` allows.
    fn fire(&mut self, due: DateTime<Utc>, fired: &mut Fired) -> Result<bool, Refusal> {
        self.now = self.now.max(due);
        let events = self.command(&Command::tick()).map_err(Refusal::Rule)?;
        fired.phases += phases_opened(&events);
        if fired.phases > fired.max {
            return Err(Refusal::TooManyPhases { max: fired.max });
        }
        let any = !events.is_empty();
        fired.events.extend(events);
        Ok(any)
    }

    /// Resolves a character name, or refuses as the engine would.
    ///
    /// # Errors
    /// [`RuleError::UnknownCharacter`].
    pub fn id(&self, name: &str) -> Result<engine::CharId, RuleError> {
        self.game
            .find(name)
            .ok_or_else(|| RuleError::UnknownCharacter {
                name: name.to_string(),
            })
    }

    /// Turns a written step's action into an engine command.
    ///
    /// # Errors
    /// [`RuleError::UnknownCharacter`] for a name that is not a character.
    pub fn to_command(&self, by: &By, act: &Act) -> Result<Command, RuleError> {
        let action = act.map(|n| self.id(n), |d| d.0)?;
        Ok(match by {
            By::Judge => Command::judge(action),
            By::Character(n) => Command::by(self.id(n)?, action),
        })
    }
}

/// Plays a parsed script.
///
/// # Errors
/// [`ScriptError`] when the game cannot be created (player count, deal), or
/// [`ScriptError::Stopped`] at a wait beyond a limit ([`MAX_PHASES_PER_WAIT`],
/// [`MAX_PHASES_PER_SCRIPT`], the game's clock limit).
pub fn run(script: &Script, lang: Lang) -> Result<Run, ScriptError> {
    let mut table = Table::new(&script.setup())?;
    let mut results = Vec::with_capacity(script.steps.len());
    let mut phases = phases_opened(&table.events);
    for (i, step) in script.steps.iter().enumerate() {
        // A wait may use what is left of the script's phases, up to its own limit.
        let left = MAX_PHASES_PER_SCRIPT.saturating_sub(phases);
        let max = MAX_PHASES_PER_WAIT.min(left);
        let outcome: Result<Vec<Event>, Refusal> = match step {
            Step::WaitFor(span) => table.wait_within(*span, max),
            Step::WaitUntil(phase) => table.wait_until_within(*phase, max),
            Step::Do { by, act } => table
                .to_command(by, act)
                .and_then(|cmd| table.command(&cmd))
                .map_err(Refusal::Rule),
        };
        results.push(match outcome {
            Ok(events) => {
                phases += phases_opened(&events);
                StepResult {
                    ok: true,
                    error: None,
                    message: None,
                }
            }
            Err(r) if r.is_limit() && !matches!(step, Step::Do { .. }) => {
                return Err(stopped(
                    i + 1,
                    &r,
                    max < MAX_PHASES_PER_WAIT,
                    &table.game,
                    lang,
                ));
            }
            Err(r) => StepResult {
                ok: false,
                error: Some(r.code().to_string()),
                message: Some(r.message(&table.game, lang)),
            },
        });
    }
    Ok(Run {
        report: Report::of(&table.game, results),
        events: table.events,
        game: table.game,
    })
}

/// The error ending a run at `step`, a wait refused for a limit; `script_wide`: the phases
/// it may step through were cut to what is left of the script's.
fn stopped(step: usize, r: &Refusal, script_wide: bool, game: &Game, lang: Lang) -> ScriptError {
    let why = match r {
        Refusal::TooManyPhases { .. } if script_wide => i18n::text(
            lang,
            "script-too-many-phases",
            &[("max", MAX_PHASES_PER_SCRIPT.to_string())],
        ),
        r => r.message(game, lang),
    };
    ScriptError::Stopped {
        step,
        code: r.code(),
        message: i18n::text(
            lang,
            "script-step-stopped",
            &[("step", step.to_string()), ("error", why)],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounded_reader_reads_what_serde_json_reads() {
        let texts = [
            include_str!("../../../tests/scenarios/m32_format_example.json"),
            r#"{"a": [1, -2, 3.5, 1e300, null, true, "x\u00e9", {"b": {}}], "a": 2, "c": []}"#,
            "18446744073709551615",
            "-9223372036854775808",
            " [ ] ",
        ];
        for text in texts {
            let ours = read_json(text).expect("valid JSON");
            let theirs: Value = serde_json::from_str(text).expect("valid JSON");
            assert_eq!(ours, theirs, "{text}");
        }
        for bad in ["[1,", "{} x", "{\"a\" 1}", ""] {
            assert!(matches!(read_json(bad), Err(ScriptError::Json(_))), "{bad}");
        }
        let many = format!("[{}0]", "0,".repeat(MAX_VALUES - 1));
        assert!(read_json(&many).is_err(), "the list itself is a value too");
        let fits = format!("[{}0]", "0,".repeat(MAX_VALUES - 2));
        assert!(read_json(&fits).is_ok());
    }

    #[test]
    fn a_wrong_step_says_which_step_and_which_field() {
        let script = |step: Value| {
            json!({"ruleset": "m32", "seed": 1, "start": "2026-12-01T20:00:00+08:00",
                   "characters": ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"],
                   "steps": [{"wait": "1h"}, step]})
            .to_string()
        };
        let cases = [
            (json!(3), "step 2: a step must be an object"),
            (json!({"do": "abstain"}), "step 2: missing field `by`"),
            (json!({"by": "A"}), "step 2: missing field `do`"),
            (json!({"by": "A", "do": 5}), "step 2: field `do` must be a string"),
            (json!({"by": "A", "do": "dance"}), "step 2: field `do`: unknown action `dance`"),
            (json!({"by": "A", "do": "tick"}), "step 2: field `do`: unknown action `tick`"),
            (json!({"by": "F", "do": "witch_pass"}), "step 2: field `do`: unknown action `witch_pass`"),
            (json!({"by": "A", "do": "vote", "target": "B"}), "step 2: missing field `reason`"),
            (
                json!({"by": "A", "do": "vote", "target": 2, "reason": "x"}),
                "step 2: field `target`: invalid type: integer `2`, expected a string",
            ),
            (
                json!({"by": "A", "do": "vote", "target": null, "reason": "x"}),
                "step 2: field `target`: invalid type: null, expected a string",
            ),
            (
                json!({"by": "A", "do": "vote", "target": "B", "reason": "x", "why": "y"}),
                "step 2: unexpected field `why` for `vote`",
            ),
            (json!({"by": "judge", "do": "pause", "for": "1h"}), "step 2: unexpected field `for` for `pause`"),
            (json!({"by": "judge", "do": "pause", "for": null}), "step 2: unexpected field `for` for `pause`"),
            (
                json!({"by": "judge", "do": "extend", "seconds": "1h"}),
                "step 2: unexpected field `seconds` for `extend`",
            ),
            (
                json!({"by": "judge", "do": "extend", "duration": "soon"}),
                "step 2: field `duration`: `soon` is not a duration like 90m, 24h or 1h30m",
            ),
            (
                json!({"by": "judge", "do": "card", "target": "A", "color": "green", "reason": "x"}),
                "step 2: field `color`: unknown variant `green`, expected one of `blue`, `yellow`, `red`",
            ),
            (
                json!({"by": "judge", "do": "end", "winner": "cats"}),
                "step 2: field `winner`: unknown variant `cats`",
            ),
            (json!({"by": "A", "do": "protect", "target": 1}), "step 2: field `target`: invalid type"),
        ];
        for (step, want) in cases {
            let got = Script::parse(&script(step.clone()))
                .expect_err("refused")
                .to_string();
            assert!(got.starts_with(want), "{step}: {got}");
        }
        // An optional field may be given as `null`, as the format always allowed.
        for step in [
            json!({"by": "A", "do": "protect", "target": null}),
            json!({"by": "A", "do": "self_destruct", "target": null}),
            json!({"by": "judge", "do": "end", "winner": null}),
        ] {
            let parsed = Script::parse(&script(step.clone())).expect("parses");
            let Step::Do { act, .. } = &parsed.steps[1] else {
                panic!("{step}: not an action");
            };
            assert!(
                matches!(
                    act,
                    Act::Protect { target: None }
                        | Act::SelfDestruct { target: None }
                        | Act::End { winner: None }
                ),
                "{step}"
            );
        }
    }

    #[test]
    fn limit_errors_read_in_both_languages() {
        let errors = [
            ScriptError::TooLarge {
                max: MAX_SCRIPT_BYTES,
            },
            ScriptError::TooManySteps { max: MAX_STEPS },
            ScriptError::TooManyValues { max: MAX_VALUES },
            ScriptError::TooLong {
                place: Place {
                    step: Some(3),
                    field: "reason".into(),
                },
                max: MAX_TEXT_CHARS,
            },
            ScriptError::TooLong {
                place: Place {
                    step: Some(3),
                    field: String::new(),
                },
                max: MAX_TEXT_CHARS,
            },
            ScriptError::TooLong {
                place: Place {
                    step: None,
                    field: "options.day_length".into(),
                },
                max: MAX_TEXT_CHARS,
            },
        ];
        for e in errors {
            let (zh, en) = (e.message(Lang::Zh), e.message(Lang::En));
            assert_ne!(zh, en);
            for m in [&zh, &en] {
                assert!(
                    !m.contains("script-") && m.chars().any(|c| c.is_ascii_digit()),
                    "{m}"
                );
            }
            // The English message is the error's own text, with the limit's reason after it.
            assert!(en.starts_with(&e.to_string()), "{en}");
        }
    }
}
