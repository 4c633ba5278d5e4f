//! Game scripts (`docs/script-format.md`, a contract): parse a script, play it against
//! the engine on a virtual clock, and build its JSON report.
//!
//! Raw JSON is checked once here: a malformed file is a [`ScriptError`] naming the step or
//! field; a well-formed step the rules refuse is a refused step in the report.

use std::collections::BTreeMap;

use chrono::{DateTime, FixedOffset, Utc};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::engine::ruleset::Span;
use crate::engine::{
    self, Action, Color, Command, Event, Game, Phase, Role, RuleError, Ruleset, Setup, Winner,
};
use crate::i18n::{self, Lang};

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

/// An action as written, with character names not yet resolved.
#[derive(Debug, Clone, PartialEq)]
pub enum Act {
    Post {
        text: String,
    },
    Vote {
        target: String,
        reason: String,
    },
    Abstain,
    Proxy {
        target: String,
    },
    Speedup,
    LastWords {
        text: String,
    },
    TreeHole {
        text: String,
    },
    LeaderVote {
        target: String,
    },
    Kill {
        target: String,
        reason: String,
    },
    Pick {
        target: String,
    },
    Save,
    Poison {
        target: String,
    },
    /// Extension (docs/decisions.md): the witch uses no potion tonight (`pass`).
    WitchPass,
    Check {
        target: String,
    },
    Shoot {
        target: String,
    },
    /// Extension: the dead hunter declines to shoot (`hold_fire`).
    HoldFire,
    PassBadge {
        target: String,
    },
    PassLeader {
        target: String,
    },
    Concede,
    Card {
        target: String,
        color: Color,
        reason: String,
    },
    Remove {
        target: String,
        reason: String,
    },
    Substitute {
        target: String,
        player: String,
    },
    Extend {
        duration: Span,
    },
    End {
        winner: Option<Winner>,
    },
    /// Extension: the judge stops the clock (`pause`).
    Pause,
    /// Extension: the judge restarts the clock (`resume`).
    Resume,
    /// The guard's protection; `None` protects nobody (RULES.md §4).
    Protect {
        target: Option<String>,
    },
    /// A wolf's self-destruct; the white wolf king may take `target` along.
    SelfDestruct {
        target: Option<String>,
    },
    /// The knight's duel.
    Duel {
        target: String,
    },
}

/// One step of a script.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    WaitFor(Span),
    WaitUntil(Phase),
    Do { by: By, act: Act },
}

/// A parsed, checked script.
#[derive(Debug, Clone)]
pub struct Script {
    pub ruleset: Ruleset,
    pub seed: u64,
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

/// An optional string field: absent or `null` is `None`.
fn opt_str(obj: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(format!("field `{key}` must be a string")),
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
    let s = |k: &str| take_str(obj, k);
    let (act, fields): (Act, &[&str]) = match what.as_str() {
        "post" => (Act::Post { text: s("text")? }, &["text"]),
        "vote" => (
            Act::Vote {
                target: s("target")?,
                reason: s("reason")?,
            },
            &["target", "reason"],
        ),
        "abstain" => (Act::Abstain, &[]),
        "proxy" => (
            Act::Proxy {
                target: s("target")?,
            },
            &["target"],
        ),
        "speedup" => (Act::Speedup, &[]),
        "last_words" => (Act::LastWords { text: s("text")? }, &["text"]),
        "tree_hole" => (Act::TreeHole { text: s("text")? }, &["text"]),
        "leader_vote" => (
            Act::LeaderVote {
                target: s("target")?,
            },
            &["target"],
        ),
        "kill" => (
            Act::Kill {
                target: s("target")?,
                reason: s("reason")?,
            },
            &["target", "reason"],
        ),
        "pick" => (
            Act::Pick {
                target: s("target")?,
            },
            &["target"],
        ),
        "save" => (Act::Save, &[]),
        // Extensions of script-format.md (docs/decisions.md, "Game scripts").
        "pass" => (Act::WitchPass, &[]),
        "hold_fire" => (Act::HoldFire, &[]),
        "pause" => (Act::Pause, &[]),
        "resume" => (Act::Resume, &[]),
        "poison" => (
            Act::Poison {
                target: s("target")?,
            },
            &["target"],
        ),
        "check" => (
            Act::Check {
                target: s("target")?,
            },
            &["target"],
        ),
        "shoot" => (
            Act::Shoot {
                target: s("target")?,
            },
            &["target"],
        ),
        "pass_badge" => (
            Act::PassBadge {
                target: s("target")?,
            },
            &["target"],
        ),
        "pass_leader" => (
            Act::PassLeader {
                target: s("target")?,
            },
            &["target"],
        ),
        "concede" => (Act::Concede, &[]),
        "protect" => (
            Act::Protect {
                target: opt_str(obj, "target")?,
            },
            &["target"],
        ),
        "self_destruct" => (
            Act::SelfDestruct {
                target: opt_str(obj, "target")?,
            },
            &["target"],
        ),
        "duel" => (
            Act::Duel {
                target: s("target")?,
            },
            &["target"],
        ),
        "card" => {
            let c = s("color")?;
            let color = Color::from_key(&c)
                .ok_or_else(|| format!("field `color`: `{c}` is not blue, yellow or red"))?;
            (
                Act::Card {
                    target: s("target")?,
                    color,
                    reason: s("reason")?,
                },
                &["target", "color", "reason"],
            )
        }
        "remove" => (
            Act::Remove {
                target: s("target")?,
                reason: s("reason")?,
            },
            &["target", "reason"],
        ),
        "substitute" => (
            Act::Substitute {
                target: s("target")?,
                player: s("player")?,
            },
            &["target", "player"],
        ),
        "extend" => {
            let d = s("duration")?;
            let duration = Span::parse(&d).map_err(|e| format!("field `duration`: {e}"))?;
            (Act::Extend { duration }, &["duration"])
        }
        "end" => {
            let winner = match obj.get("winner") {
                None | Some(Value::Null) => None,
                Some(Value::String(w)) => Some(Winner::from_key(w).ok_or_else(|| {
                    format!("field `winner`: `{w}` is not wolves, village, police, killers or draw")
                })?),
                Some(_) => return Err("field `winner` must be a string".into()),
            };
            (Act::End { winner }, &["winner"])
        }
        other => return Err(format!("field `do`: unknown action `{other}`")),
    };
    if let Some(extra) = obj
        .keys()
        .find(|k| !["by", "do"].contains(&k.as_str()) && !fields.contains(&k.as_str()))
    {
        return Err(format!("unexpected field `{extra}` for `{what}`"));
    }
    let by = if by == "judge" {
        By::Judge
    } else {
        By::Character(by)
    };
    Ok(Step::Do { by, act })
}

fn json_to_toml(key: &str, v: &Value) -> Result<toml::Value, ScriptError> {
    Ok(match v {
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Number(n) => match n.as_i64() {
            Some(i) => toml::Value::Integer(i),
            None => toml::Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        // The `deal` option: role → count (RULES.md §4).
        Value::Object(m) => {
            let mut t = toml::Table::new();
            for (k, v) in m {
                t.insert(k.clone(), json_to_toml(&format!("{key}.{k}"), v)?);
            }
            toml::Value::Table(t)
        }
        _ => {
            return Err(field(
                &format!("options.{key}"),
                "must be a string, number, boolean or (for `deal`) an object",
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
        let v: Value = serde_json::from_str(text)?;
        let obj = v
            .as_object()
            .ok_or_else(|| field("(top)", "a script is a JSON object"))?;
        const KNOWN: [&str; 8] = [
            "ruleset",
            "seed",
            "start",
            "characters",
            "roles",
            "options",
            "steps",
            "forbidden_first_kill",
        ];
        if let Some(k) = obj.keys().find(|k| !KNOWN.contains(&k.as_str())) {
            return Err(field(k, "unknown field"));
        }
        let name = take_str(obj, "ruleset").map_err(|m| field("ruleset", m))?;
        let seed = obj
            .get("seed")
            .ok_or_else(|| field("seed", "missing"))?
            .as_u64()
            .ok_or_else(|| field("seed", "must be a non-negative integer"))?;
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

/// One entry of the report's `steps`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepResult {
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

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
            ruleset: game.ruleset.name.clone(),
            phase: game.phase.to_string(),
            winner: game.winner.map(|w| w.key().to_string()),
            roles: game
                .chars
                .iter()
                .map(|c| (c.name.clone(), c.role.key().to_string()))
                .collect(),
            sheriff: game.sheriff.map(name),
            wolf_leader: game.leader.map(name),
            alive: game.living().into_iter().map(name).collect(),
            eliminations: game
                .eliminations
                .iter()
                .map(|(c, cause, when)| ReportElimination {
                    character: name(*c),
                    when: when.to_string(),
                    cause: cause.key().to_string(),
                })
                .collect(),
            cards: game
                .chars
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
            last_words: game.grants.iter().map(|g| name(g.character)).collect(),
            revealed: game.revealed.iter().map(|c| name(*c)).collect(),
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

/// Why a step was refused: a rule, or a `wait` for a phase that cannot come.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    Rule(RuleError),
    PhaseOver { phase: Phase },
    PhaseUnreachable { phase: Phase },
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Rule(e) => e.code(),
            Refusal::PhaseOver { .. } => "phase_over",
            Refusal::PhaseUnreachable { .. } => "phase_unreachable",
        }
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
    pub fn wait(&mut self, span: Span) -> Vec<Event> {
        self.now += span.dur();
        self.command(&Command::tick()).unwrap_or_default()
    }

    /// Moves the clock deadline by deadline until the game is in `target`.
    ///
    /// # Errors
    /// [`Refusal::PhaseOver`] when that phase is already over, [`Refusal::PhaseUnreachable`]
    /// when the game ends (or stops) before reaching it.
    pub fn wait_until(&mut self, target: Phase) -> Result<Vec<Event>, Refusal> {
        // A refused wait changes nothing: try it on a copy.
        let mut trial = self.clone();
        let events = trial.advance_to(target)?;
        *self = trial;
        Ok(events)
    }

    fn advance_to(&mut self, target: Phase) -> Result<Vec<Event>, Refusal> {
        let night_first = self.game.kind() == engine::Kind::Mafia;
        let mut out = Vec::new();
        loop {
            if self.game.phase == target {
                return Ok(out);
            }
            if target.order(night_first) < self.game.phase.order(night_first) {
                return Err(if out.is_empty() {
                    Refusal::PhaseOver { phase: target }
                } else {
                    Refusal::PhaseUnreachable { phase: target }
                });
            }
            let Some(due) = self.game.next_deadline() else {
                return Err(Refusal::PhaseUnreachable { phase: target });
            };
            self.now = self.now.max(due);
            let fired = self.command(&Command::tick()).unwrap_or_default();
            if fired.is_empty() {
                // A deadline that fires nothing would never move the game on.
                return Err(Refusal::PhaseUnreachable { phase: target });
            }
            out.extend(fired);
        }
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
        let id = |n: &str| self.id(n);
        let action = match act {
            Act::Post { text } => Action::Post { text: text.clone() },
            Act::Vote { target, reason } => Action::Vote {
                target: id(target)?,
                reason: reason.clone(),
            },
            Act::Abstain => Action::Abstain,
            Act::Proxy { target } => Action::Proxy {
                target: id(target)?,
            },
            Act::Speedup => Action::Speedup,
            Act::LastWords { text } => Action::LastWords { text: text.clone() },
            Act::TreeHole { text } => Action::TreeHole { text: text.clone() },
            Act::LeaderVote { target } => Action::LeaderVote {
                target: id(target)?,
            },
            Act::Kill { target, reason } => Action::Kill {
                target: id(target)?,
                reason: reason.clone(),
            },
            Act::Pick { target } => Action::Pick {
                target: id(target)?,
            },
            Act::Save => Action::Save,
            Act::WitchPass => Action::WitchPass,
            Act::HoldFire => Action::HoldFire,
            Act::Pause => Action::Pause,
            Act::Resume => Action::Resume,
            Act::Poison { target } => Action::Poison {
                target: id(target)?,
            },
            Act::Check { target } => Action::Check {
                target: id(target)?,
            },
            Act::Shoot { target } => Action::Shoot {
                target: id(target)?,
            },
            Act::PassBadge { target } => Action::PassBadge {
                target: id(target)?,
            },
            Act::PassLeader { target } => Action::PassLeader {
                target: id(target)?,
            },
            Act::Concede => Action::Concede,
            Act::Card {
                target,
                color,
                reason,
            } => Action::Card {
                target: id(target)?,
                color: *color,
                reason: reason.clone(),
            },
            Act::Remove { target, reason } => Action::Remove {
                target: id(target)?,
                reason: reason.clone(),
            },
            Act::Substitute { target, player } => Action::Substitute {
                target: id(target)?,
                player: player.clone(),
            },
            Act::Extend { duration } => Action::Extend {
                seconds: duration.0,
            },
            Act::End { winner } => Action::End { winner: *winner },
            Act::Protect { target } => Action::Protect {
                target: target.as_deref().map(id).transpose()?,
            },
            Act::SelfDestruct { target } => Action::SelfDestruct {
                target: target.as_deref().map(id).transpose()?,
            },
            Act::Duel { target } => Action::Duel {
                target: id(target)?,
            },
        };
        Ok(match by {
            By::Judge => Command::judge(action),
            By::Character(n) => Command::by(id(n)?, action),
        })
    }
}

/// Plays a parsed script.
///
/// # Errors
/// [`ScriptError`] when the game cannot be created (player count, deal).
pub fn run(script: &Script, lang: Lang) -> Result<Run, ScriptError> {
    let mut table = Table::new(&script.setup())?;
    let mut results = Vec::with_capacity(script.steps.len());
    for step in &script.steps {
        let outcome: Result<(), Refusal> = match step {
            Step::WaitFor(span) => {
                table.wait(*span);
                Ok(())
            }
            Step::WaitUntil(phase) => table.wait_until(*phase).map(|_| ()),
            Step::Do { by, act } => table
                .to_command(by, act)
                .and_then(|cmd| table.command(&cmd))
                .map(|_| ())
                .map_err(Refusal::Rule),
        };
        results.push(match outcome {
            Ok(()) => StepResult {
                ok: true,
                error: None,
                message: None,
            },
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
