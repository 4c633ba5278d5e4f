//! UNO game scripts (docs/script-format.md *UNO scripts*, a contract): parse a script, play
//! it on a virtual clock, and build its report (*UNO report*) exactly as the contract
//! writes it.
//!
//! A malformed file (bad JSON, a card or colour outside the notation, an unknown player, a
//! deck that is not the 108 cards, too few or too many players) is a [`ScriptError`] naming
//! the field or step; a well-formed step the rules refuse is a refused step in the report.

use chrono::{DateTime, Utc};
use engine::rng::Seed;
use engine::ruleset::Span;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::card::{Card, Color};
use crate::event::Event;
use crate::game::Game;
use crate::options::{Options, OptionsError};
use crate::refusal::Refusal;
use crate::turn::{self, Command, Setup, SetupError};

/// The most steps a script may have.
pub const MAX_STEPS: usize = 50_000;
/// The most turn timeouts one `wait` may fire (a day of 5-second turns is 17,280).
pub const MAX_TIMEOUTS_PER_WAIT: usize = 20_000;
/// The largest script file, in bytes.
pub const MAX_SCRIPT_BYTES: usize = 32 << 20;

/// A script file that cannot be played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScriptError {
    #[error("not valid JSON: {0}")]
    Json(String),
    #[error("the script is larger than {max} bytes")]
    TooLarge { max: usize },
    #[error("field `{field}`: {message}")]
    Field { field: String, message: String },
    #[error("step {step}: {message}")]
    Step { step: usize, message: String },
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error("field `characters`/`dealer`/`deck`: {0}")]
    Setup(#[from] SetupError),
    /// A wait would fire more turn timeouts than [`MAX_TIMEOUTS_PER_WAIT`]: the run stops.
    #[error("step {step}: the wait fires more than {max} turn timeouts")]
    TooManyTimeouts { step: usize, max: usize },
}

fn field(field: &str, message: impl Into<String>) -> ScriptError {
    ScriptError::Field {
        field: field.into(),
        message: message.into(),
    }
}

/// One step of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Move the clock forward; every turn deadline on the way (or falling due exactly at
    /// its end) fires, in time order.
    Wait(Span),
    /// A player's or the judge's action at the current time.
    Do(Command),
}

/// A parsed UNO script: the game's setup and its steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    pub setup: Setup,
    pub steps: Vec<Step>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    ruleset: String,
    seed: Seed,
    start: String,
    characters: Vec<String>,
    #[serde(default)]
    options: Map<String, Value>,
    #[serde(default)]
    dealer: Option<String>,
    #[serde(default)]
    deck: Option<Vec<String>>,
    #[serde(default)]
    steps: Vec<Value>,
}

fn parse_card(text: &str) -> Result<Card, String> {
    text.parse::<Card>().map_err(|e| e.to_string())
}

impl Script {
    /// Reads a script's text.
    ///
    /// # Errors
    /// [`ScriptError`] naming what is wrong.
    pub fn parse(text: &str) -> Result<Script, ScriptError> {
        if text.len() > MAX_SCRIPT_BYTES {
            return Err(ScriptError::TooLarge {
                max: MAX_SCRIPT_BYTES,
            });
        }
        let raw: Raw = serde_json::from_str(text).map_err(|e| ScriptError::Json(e.to_string()))?;
        if raw.ruleset != "uno" {
            return Err(field("ruleset", format!("`{}` is not `uno`", raw.ruleset)));
        }
        let start = DateTime::parse_from_rfc3339(&raw.start)
            .map_err(|e| field("start", format!("not an RFC 3339 time: {e}")))?
            .with_timezone(&Utc);
        let players = raw.characters;
        if players.len() < crate::options::MIN_PLAYERS
            || players.len() > crate::options::MAX_PLAYERS
        {
            return Err(field(
                "characters",
                format!("{} players: a UNO game seats 2 to 10", players.len()),
            ));
        }
        for (i, p) in players.iter().enumerate() {
            if p.trim().is_empty() || p == "judge" {
                return Err(field(
                    "characters",
                    format!("`{p}` cannot be a player's name"),
                ));
            }
            if players[..i].contains(p) {
                return Err(field("characters", format!("two players are called `{p}`")));
            }
        }
        let options = Options::from_json(&raw.options)?;
        let seat_of = |name: &str, place: &str| -> Result<usize, ScriptError> {
            players
                .iter()
                .position(|p| p == name)
                .ok_or_else(|| field(place, format!("no player is called `{name}`")))
        };
        let dealer = raw
            .dealer
            .as_deref()
            .map(|d| seat_of(d, "dealer"))
            .transpose()?;
        let deck = match raw.deck {
            None => None,
            Some(cards) => {
                let deck = cards
                    .iter()
                    .enumerate()
                    .map(|(i, c)| parse_card(c).map_err(|m| field(&format!("deck[{i}]"), m)))
                    .collect::<Result<Vec<Card>, ScriptError>>()?;
                if deck.len() != crate::deck::DECK_SIZE {
                    return Err(field(
                        "deck",
                        format!("{} cards: a deck is the 108 cards", deck.len()),
                    ));
                }
                crate::deck::check_deck(&deck).map_err(|e| field("deck", e.to_string()))?;
                Some(deck)
            }
        };
        if raw.steps.len() > MAX_STEPS {
            return Err(field("steps", format!("more than {MAX_STEPS} steps")));
        }
        let steps = raw
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                parse_step(s, &players).map_err(|message| ScriptError::Step {
                    step: i + 1,
                    message,
                })
            })
            .collect::<Result<Vec<Step>, ScriptError>>()?;
        Ok(Script {
            setup: Setup {
                players,
                seed: raw.seed,
                options,
                start,
                dealer,
                deck,
            },
            steps,
        })
    }
}

/// Reads one step (the message names what is wrong).
fn parse_step(v: &Value, players: &[String]) -> Result<Step, String> {
    let o = v.as_object().ok_or("a step is an object")?;
    let text = |key: &str| -> Result<Option<&str>, String> {
        match o.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.as_str())),
            Some(other) => Err(format!("`{key}` must be a string, not {other}")),
        }
    };
    let only = |keys: &[&str]| -> Result<(), String> {
        match o.keys().find(|k| !keys.contains(&k.as_str())) {
            Some(k) => Err(format!("unknown field `{k}`")),
            None => Ok(()),
        }
    };
    if let Some(w) = text("wait")? {
        only(&["wait"])?;
        return Span::parse(w).map(Step::Wait);
    }
    let by = text("by")?.ok_or("a step has `wait` or `by` and `do`")?;
    let action = text("do")?.ok_or("a step with `by` needs `do`")?;
    let seat = |name: &str| -> Result<usize, String> {
        players
            .iter()
            .position(|p| p == name)
            .ok_or_else(|| format!("no player is called `{name}`"))
    };
    let command = if by == "judge" {
        match action {
            "end" => {
                only(&["by", "do", "winner"])?;
                let winner = text("winner")?.map(seat).transpose()?;
                Command::End { winner }
            }
            "pause" => {
                only(&["by", "do"])?;
                Command::Pause
            }
            "resume" => {
                only(&["by", "do"])?;
                Command::Resume
            }
            other => return Err(format!("`{other}` is not a judge's action in UNO")),
        }
    } else {
        let player = seat(by)?;
        match action {
            "play" => {
                only(&["by", "do", "card", "color", "uno"])?;
                let card = parse_card(text("card")?.ok_or("`play` needs `card`")?)?;
                let color = text("color")?
                    .map(|c| {
                        Color::from_name(c).ok_or_else(|| {
                            format!("`{c}` is not a colour (red, yellow, green, blue)")
                        })
                    })
                    .transpose()?;
                let uno = match o.get("uno") {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(b)) => *b,
                    Some(other) => return Err(format!("`uno` must be true or false, not {other}")),
                };
                Command::Play {
                    player,
                    card,
                    color,
                    uno,
                }
            }
            "draw" => {
                only(&["by", "do"])?;
                Command::Draw { player }
            }
            "catch" => {
                only(&["by", "do", "target"])?;
                let target = seat(text("target")?.ok_or("`catch` needs `target`")?)?;
                Command::Catch { player, target }
            }
            other => return Err(format!("`{other}` is not a player's action in UNO")),
        }
    };
    Ok(Step::Do(command))
}

/// One entry of the report's `steps` (the same for every game's script).
pub use engine::report::StepResult;

/// Values by player name, written as a JSON object in seating order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seated<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for Seated<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// A finished round as the report writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReportRound {
    pub winner: String,
    pub hand_points: Seated<u32>,
    pub winner_points: u32,
}

/// The game's winner: one name, or several sharing the win (a list in seating order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ReportWinner {
    One(String),
    Shared(Vec<String>),
}

/// The JSON report, field for field as docs/script-format.md *UNO report* defines it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub ruleset: String,
    /// `"round N"` while round N is played, `"ended"` once the game is over.
    pub phase: String,
    /// Whose turn it is (`null` when ended).
    pub turn: Option<String>,
    /// `"clockwise"` or `"counterclockwise"`.
    pub direction: String,
    /// The top card of the discard pile.
    pub top: Option<Card>,
    /// The colour in force.
    pub color: Option<Color>,
    /// Every hand, in the order the cards were received.
    pub hands: Seated<Vec<Card>>,
    /// How many cards are left in the draw pile.
    pub draw_pile: usize,
    pub rounds: Vec<ReportRound>,
    pub totals: Seated<u32>,
    pub winner: Option<ReportWinner>,
    pub steps: Vec<StepResult>,
}

impl Report {
    /// The report of a game's current state with the given step results.
    pub fn of(game: &Game, steps: Vec<StepResult>) -> Report {
        let seated = |values: &[u32]| {
            Seated(
                game.players
                    .iter()
                    .cloned()
                    .zip(values.iter().copied())
                    .collect(),
            )
        };
        let names = |seats: &[usize]| -> Vec<String> {
            seats.iter().map(|s| game.name(*s).to_string()).collect()
        };
        let winner = game
            .outcome
            .as_ref()
            .and_then(|o| match o.winners.as_slice() {
                [] => None,
                [one] => Some(ReportWinner::One(game.name(*one).to_string())),
                many => Some(ReportWinner::Shared(names(many))),
            });
        Report {
            ruleset: "uno".into(),
            phase: if game.ended() {
                "ended".into()
            } else {
                format!("round {}", game.round)
            },
            turn: (!game.ended()).then(|| game.name(game.turn).to_string()),
            direction: game.direction.name().into(),
            top: game.top(),
            color: game.color,
            hands: Seated(
                game.players
                    .iter()
                    .cloned()
                    .zip(game.hands.iter().cloned())
                    .collect(),
            ),
            draw_pile: game.draw_pile.len(),
            rounds: game
                .rounds
                .iter()
                .map(|r| ReportRound {
                    winner: game.name(r.winner).to_string(),
                    hand_points: seated(&r.hand_points),
                    winner_points: r.points,
                })
                .collect(),
            totals: seated(&game.totals),
            winner,
            steps,
        }
    }
}

/// The UNO report's keys in the contract's order (docs/script-format.md, *UNO report*):
/// [`Report`] serializes its fields in this order, and tools outside the project may read
/// it so.
pub const REPORT_KEYS: [&str; 12] = [
    "ruleset",
    "phase",
    "turn",
    "direction",
    "top",
    "color",
    "hands",
    "draw_pile",
    "rounds",
    "totals",
    "winner",
    "steps",
];

/// A played script: the report, the full event log, the final game.
#[derive(Debug, Clone)]
pub struct Run {
    pub report: Report,
    pub events: Vec<Event>,
    pub game: Game,
}

/// The game on a virtual clock, as a script plays it.
#[derive(Debug, Clone)]
pub struct Table {
    pub game: Game,
    pub now: DateTime<Utc>,
    pub events: Vec<Event>,
}

impl Table {
    /// Deals the game.
    ///
    /// # Errors
    /// [`SetupError`] as [`turn::start`].
    pub fn new(setup: &Setup) -> Result<Table, SetupError> {
        let (game, events) = turn::start(setup)?;
        Ok(Table {
            game,
            now: setup.start,
            events,
        })
    }

    fn record(&mut self, events: Vec<Event>) {
        for e in &events {
            crate::game::apply(&mut self.game, e);
        }
        self.events.extend(events);
    }

    /// A command at the current time: its events are recorded; a refusal's events (a
    /// strict penalty) too, and the refusal returned.
    ///
    /// # Errors
    /// The [`Refusal`] when the rules refuse the command.
    pub fn command(&mut self, cmd: &Command) -> Result<(), Refusal> {
        match turn::handle(&self.game, cmd, self.now) {
            Ok(events) => {
                self.record(events);
                Ok(())
            }
            Err(refused) => {
                self.record(refused.events);
                Err(refused.refusal)
            }
        }
    }

    /// Moves the clock forward by `span`, firing each turn timeout on the way in time order
    /// (one falling due exactly at the end fires too). Returns how many fired, or `None`
    /// (the clock stopped at the last one fired) when more than `max` would.
    pub fn wait(&mut self, span: Span, max: usize) -> Option<usize> {
        let end = self
            .now
            .checked_add_signed(span.dur())
            .unwrap_or(DateTime::<Utc>::MAX_UTC);
        let mut fired = 0;
        while let Some(due) = self
            .game
            .deadline
            .filter(|d| *d <= end && !self.game.ended() && self.game.paused.is_none())
        {
            if fired == max {
                return None;
            }
            self.now = self.now.max(due);
            // A timeout is never refused.
            if let Ok(events) = turn::handle(&self.game, &Command::Timeout, self.now) {
                self.record(events);
            }
            fired += 1;
        }
        self.now = end;
        Some(fired)
    }
}

/// Plays `script` and builds its report; `message` words a refused step's message (the
/// catalogs' wording, in the reader's language).
///
/// # Errors
/// [`ScriptError::Setup`] when the game cannot start (a player count outside the options'
/// range); [`ScriptError::TooManyTimeouts`] when a wait would fire more than
/// [`MAX_TIMEOUTS_PER_WAIT`] timeouts.
pub fn run(script: &Script, message: &dyn Fn(&Refusal) -> String) -> Result<Run, ScriptError> {
    let mut table = Table::new(&script.setup)?;
    let mut results = Vec::with_capacity(script.steps.len());
    for (i, step) in script.steps.iter().enumerate() {
        let result = match step {
            Step::Wait(span) => match table.wait(*span, MAX_TIMEOUTS_PER_WAIT) {
                Some(_) => Ok(()),
                None => {
                    return Err(ScriptError::TooManyTimeouts {
                        step: i + 1,
                        max: MAX_TIMEOUTS_PER_WAIT,
                    })
                }
            },
            Step::Do(cmd) => table.command(cmd),
        };
        results.push(match result {
            Ok(()) => StepResult {
                ok: true,
                error: None,
                message: None,
            },
            Err(r) => StepResult {
                ok: false,
                error: Some(r.code().to_string()),
                message: Some(message(&r)),
            },
        });
    }
    Ok(Run {
        report: Report::of(&table.game, results),
        events: table.events,
        game: table.game,
    })
}

/// A game played elsewhere (through the store, on Discord) as a UNO script: its setup from
/// the [`Event::Started`] that opens `events`, and a step for each accepted move of `moves`
/// (time and command, in order) with a `wait` before it for the time that passed, then a
/// last `wait` to `last` (the time of the game's last event), so that the turn timeouts in
/// between fire in the replay as they did. Waits count whole seconds: the script's clock
/// keeps within a second behind the real one. `None` when `events` does not open with the
/// start.
pub fn export(
    events: &[Event],
    moves: &[(DateTime<Utc>, Command)],
    last: Option<DateTime<Utc>>,
) -> Option<Value> {
    let Some(Event::Started {
        players,
        seed,
        options,
        at,
    }) = events.first()
    else {
        return None;
    };
    let name = |seat: usize| Value::String(players.get(seat).cloned().unwrap_or_default());
    let mut steps = Vec::new();
    let mut clock = *at;
    let mut wait_to = |t: DateTime<Utc>, steps: &mut Vec<Value>| {
        let secs = (t - clock).num_seconds();
        if secs > 0 {
            steps.push(serde_json::json!({"wait": format!("{secs}s")}));
            clock += chrono::Duration::seconds(secs);
        }
    };
    for (t, cmd) in moves {
        wait_to(*t, &mut steps);
        let step = match cmd {
            Command::Play {
                player,
                card,
                color,
                uno,
            } => {
                let mut o = Map::new();
                o.insert("by".into(), name(*player));
                o.insert("do".into(), "play".into());
                o.insert("card".into(), card.to_string().into());
                if let Some(c) = color {
                    o.insert("color".into(), c.name().into());
                }
                if *uno {
                    o.insert("uno".into(), true.into());
                }
                Value::Object(o)
            }
            Command::Draw { player } => serde_json::json!({"by": name(*player), "do": "draw"}),
            Command::Catch { player, target } => {
                serde_json::json!({"by": name(*player), "do": "catch", "target": name(*target)})
            }
            Command::End { winner } => match winner {
                Some(w) => serde_json::json!({"by": "judge", "do": "end", "winner": name(*w)}),
                None => serde_json::json!({"by": "judge", "do": "end"}),
            },
            Command::Pause => serde_json::json!({"by": "judge", "do": "pause"}),
            Command::Resume => serde_json::json!({"by": "judge", "do": "resume"}),
            Command::Timeout => continue,
        };
        steps.push(step);
    }
    if let Some(t) = last {
        wait_to(t, &mut steps);
    }
    Some(serde_json::json!({
        "ruleset": "uno",
        "seed": seed,
        "start": at.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true),
        "characters": players,
        "options": options,
        "steps": steps,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn script(patch: Value) -> String {
        let mut base = json!({
            "ruleset": "uno",
            "seed": 7,
            "start": "2026-12-01T20:00:00+08:00",
            "characters": ["A", "B", "C"],
            "steps": [{"by": "B", "do": "play", "card": "r5"}, {"wait": "2m"}]
        });
        if let (Some(b), Some(p)) = (base.as_object_mut(), patch.as_object()) {
            for (k, v) in p {
                b.insert(k.clone(), v.clone());
            }
        }
        base.to_string()
    }

    fn error(patch: Value) -> String {
        match Script::parse(&script(patch)) {
            Ok(_) => String::from("parsed"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn a_plain_script_parses_and_plays_from_the_seed() {
        let s = Script::parse(&script(json!({}))).expect("valid");
        assert_eq!(s.steps.len(), 2);
        let run = run(&s, &|r| r.code().to_string()).expect("runs");
        assert_eq!(run.report.phase, "round 1");
        assert_eq!(run.report.steps.len(), 2);
        assert_eq!(
            run.report.draw_pile + 1 + 21,
            108 - run.report.steps.len() + 1
        );
    }

    #[test]
    fn invalid_scripts_name_what_is_wrong() {
        let cases = [
            (json!({"ruleset": "m32"}), "field `ruleset`"),
            (json!({"characters": ["A"]}), "field `characters`"),
            (
                json!({"characters": (0..11).map(|i| i.to_string()).collect::<Vec<_>>()}),
                "field `characters`",
            ),
            (
                json!({"characters": ["A", "A"]}),
                "two players are called `A`",
            ),
            (json!({"start": "tonight"}), "field `start`"),
            (json!({"dealer": "Z"}), "field `dealer`"),
            (json!({"deck": ["r5"]}), "field `deck`"),
            (json!({"deck": ["x5"]}), "field `deck[0]`"),
            (
                json!({"options": {"turn_time": "soon"}}),
                "option `turn_time`",
            ),
            (json!({"options": {"colour": 1}}), "option `colour`"),
            (json!({"roles": {}}), "not valid JSON"),
            (
                json!({"steps": [{"by": "B", "do": "play", "card": "r10"}]}),
                "step 1",
            ),
            (
                json!({"steps": [{"by": "B", "do": "play", "card": "wild", "color": "purple"}]}),
                "step 1",
            ),
            (json!({"steps": [{"by": "Z", "do": "draw"}]}), "step 1"),
            (json!({"steps": [{"by": "B", "do": "vote"}]}), "step 1"),
            (
                json!({"steps": [{"by": "B", "do": "catch", "target": "Z"}]}),
                "step 1",
            ),
            (json!({"steps": [{"wait": "round 2"}]}), "step 1"),
            (
                json!({"steps": [{"by": "judge", "do": "end", "winner": "Z"}]}),
                "step 1",
            ),
            (
                json!({"steps": [{"by": "B", "do": "draw", "card": "r5"}]}),
                "step 1",
            ),
        ];
        for (patch, want) in cases {
            let got = error(patch.clone());
            assert!(got.contains(want), "{patch}: {got}");
        }
        // Two players where the options ask for three or more: the game cannot start.
        let s = Script::parse(&script(
            json!({"options": {"players": [3, 10]}, "characters": ["A", "B"]}),
        ))
        .expect("parses");
        assert!(matches!(
            run(&s, &|r| r.code().to_string()),
            Err(ScriptError::Setup(SetupError::PlayerCount { .. }))
        ));
    }

    #[test]
    fn a_whole_deck_in_another_order_is_taken_and_a_wrong_one_is_not() {
        let mut deck: Vec<String> = crate::deck::canonical()
            .iter()
            .map(Card::to_string)
            .collect();
        deck.reverse();
        assert!(Script::parse(&script(json!({"deck": deck.clone()}))).is_ok());
        deck[0] = "r5".into();
        assert!(error(json!({"deck": deck})).contains("field `deck`"));
    }

    #[test]
    fn the_report_keeps_the_contracts_field_order() {
        let s = Script::parse(&script(json!({}))).expect("valid");
        let run = run(&s, &|r| r.code().to_string()).expect("runs");
        let text = serde_json::to_string(&run.report).expect("serializes");
        let at: Vec<usize> = REPORT_KEYS
            .iter()
            .map(|k| text.find(&format!("\"{k}\"")).expect(k))
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
        assert!(text.contains("\"hands\":{\"A\":"), "seating order: {text}");
    }
}
