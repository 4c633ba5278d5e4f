//! The games a bench plays: simulated games (the simulator's players, replayed as their
//! commands) and long idle games (everyone posts every day, nobody is voted out) for the
//! day-1 against day-8 latency.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, TimeZone, Utc};

use crate::engine::ruleset::Span;
use crate::engine::{Action, Command, Event, EventKind, Phase, Ruleset, Setup};
use crate::i18n::Lang;
use crate::script::Table;
use crate::sim;

/// One command of a planned game.
#[derive(Debug, Clone)]
pub struct Step {
    /// The command's virtual time.
    pub at: DateTime<Utc>,
    pub cmd: Command,
    /// The game's day (the number of the latest day opened) when it is sent.
    pub day: u32,
    /// The deadline the game passed last before this command: the worker must have fired
    /// everything due by then before it is sent.
    pub after: DateTime<Utc>,
    /// The earliest deadline pending when this command or any later one is sent (later
    /// than `after`): the worker must not fire anything due then until this command has
    /// been sent, since it may move, cancel or add that deadline.
    pub before: Option<DateTime<Utc>>,
}

/// A game played in memory first: the bench sends its commands through the store and lets
/// the deadline worker fire its deadlines, and must end with the same number of events.
#[derive(Debug, Clone)]
pub struct Planned {
    pub key: String,
    pub setup: Setup,
    /// Player and judge commands in time order; the clock's ticks are left out (the
    /// deadline worker fires those).
    pub steps: Vec<Step>,
    /// The time of the game's last input: the worker must get there for the game to end.
    pub end: DateTime<Utc>,
    /// How many events the game has in memory.
    pub events: usize,
    /// Whether the game ended in memory.
    pub ended: bool,
    /// When its first vote closed (the first day's close), if it did.
    pub first_close: Option<DateTime<Utc>>,
    /// When its first night opened, if it did.
    pub first_night: Option<DateTime<Utc>>,
}

/// The bench's first game start: 2026-12-01 12:00 UTC.
fn epoch() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0)
        .single()
        .unwrap_or_default()
}

/// Game `seed`'s start: spread over one day in whole minutes, as games started by
/// different servers would be.
pub fn start_of(seed: u64) -> DateTime<Utc> {
    epoch() + Duration::minutes((seed.wrapping_mul(7919) % 1440) as i64)
}

/// The latest day opened by `at`, from a game's events.
fn day_at(events: &[Event], at: DateTime<Utc>) -> u32 {
    events
        .iter()
        .take_while(|e| e.at <= at)
        .filter_map(|e| match e.kind {
            EventKind::DayOpened { day, .. } => Some(day),
            _ => None,
        })
        .last()
        .unwrap_or(0)
}

fn plan_of(
    key: String,
    setup: Setup,
    inputs: &[(DateTime<Utc>, Command)],
    events: &[Event],
    ended: bool,
) -> Result<Planned, String> {
    // Play the inputs again to see which ticks changed the game and which deadline was
    // pending before each command.
    let mut table = Table::new(&setup).map_err(|e| e.to_string())?;
    let mut after = setup.start;
    let mut steps = Vec::new();
    for (at, cmd) in inputs {
        table.now = *at;
        if cmd.action == Action::Tick {
            if table.command(cmd).is_ok_and(|e| !e.is_empty()) {
                after = *at;
            }
            continue;
        }
        let before = table.game.next_deadline();
        // Refusals are part of the load too.
        let _ = table.command(cmd);
        steps.push(Step {
            at: *at,
            cmd: cmd.clone(),
            day: day_at(events, *at),
            after,
            before,
        });
    }
    // A command may add a deadline earlier than the one held back so far (a pick at night
    // opens the badge hand-over, due before the night's close), and a later command may come
    // before it: hold back the earliest deadline any later command comes before (a suffix
    // minimum). Holding only the next command's was not enough: the worker could take the
    // later deadline as its target while this command was pending, then find the deadline
    // the next one added below that target and fire it before the command after it.
    for i in (0..steps.len().saturating_sub(1)).rev() {
        let later = steps[i + 1].before;
        let held = &mut steps[i].before;
        *held = match (*held, later) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    let end = inputs.last().map_or(setup.start, |(at, _)| *at);
    let first_close = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::VoteClosed { .. }))
        .map(|e| e.at);
    let first_night = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::NightOpened { .. }))
        .map(|e| e.at);
    Ok(Planned {
        key,
        setup,
        steps,
        end,
        events: events.len(),
        ended,
        first_close,
        first_night,
    })
}

/// Simulated game `seed` of `ruleset`, under the key `{prefix}{seed}`.
///
/// # Errors
/// The simulator's message when the game cannot be played.
pub fn simulated(ruleset: &str, seed: u64, prefix: &str) -> Result<Planned, String> {
    simulated_at(ruleset, seed, prefix, start_of(seed))
}

/// [`simulated`], started at `start` (games sharing a start close their first day
/// together).
///
/// # Errors
/// The simulator's message when the game cannot be played.
pub fn simulated_at(
    ruleset: &str,
    seed: u64,
    prefix: &str,
    start: DateTime<Utc>,
) -> Result<Planned, String> {
    let s = sim::simulate_from(ruleset, seed, None, Lang::Zh, start)?;
    plan_of(
        format!("{prefix}{seed}"),
        s.setup,
        &s.inputs,
        &s.events,
        s.winner.is_some(),
    )
}

/// A game of `ruleset` with twelve characters `P0`…`P11`, dealt by `seed`, starting at `start`.
pub fn seated(ruleset: &Ruleset, seed: u64, start: DateTime<Utc>) -> Setup {
    Setup {
        ruleset: ruleset.clone(),
        seed: crate::engine::rng::Seed::U64(seed),
        start,
        characters: (0..12).map(|i| format!("P{i}")).collect(),
        roles: None,
        forbidden_first_kill: None,
        players: None,
    }
}

/// A long M32 game without automatic cards in which every living character posts `posts`
/// times a day and nobody votes, kills or checks: it runs day after day until day
/// `days + 1` opens.
///
/// # Errors
/// A message when the ruleset cannot seat the game.
pub fn long(seed: u64, days: u32, posts: usize, prefix: &str) -> Result<Planned, String> {
    let mut overrides = BTreeMap::new();
    overrides.insert("auto_cards".to_string(), toml::Value::Boolean(false));
    let ruleset = Ruleset::builtin("m32", &overrides).map_err(|e| e.to_string())?;
    let setup = seated(&ruleset, seed, start_of(seed));
    let mut table = Table::new(&setup).map_err(|e| e.to_string())?;
    let mut posted = 0;
    // Each day takes a handful of deadlines; the cap only stops a game that never moves.
    for _ in 0..days as usize * 64 {
        let g = &table.game;
        if g.ended() || g.last_day() > days {
            break;
        }
        if let (Phase::Day { day, round: 0 }, Some(d)) = (g.phase(), g.day()) {
            if day > posted && !d.closed {
                posted = day;
                let living = g.living();
                let span = (d.closes - d.opened).num_minutes() - 10;
                let slots = (posts * living.len()).max(1) as i64;
                let opened = d.opened;
                for k in 0..posts {
                    for (i, c) in living.iter().enumerate() {
                        let slot = (k * living.len() + i) as i64;
                        let at = opened + Duration::minutes(1 + slot * span / slots);
                        table.wait(Span((at - table.now).num_seconds().max(0)));
                        let text = format!("day {day}, post {k}");
                        // Refusals are part of the load too; the bench counts them.
                        let _ = table.command(&Command::by(*c, Action::Post { text }));
                    }
                }
                continue;
            }
        }
        match table.game.next_deadline() {
            Some(due) => {
                table.wait(Span((due - table.now).num_seconds().max(0)));
            }
            None => break,
        }
    }
    let ended = table.game.ended();
    plan_of(
        format!("{prefix}{seed}"),
        setup,
        &table.log,
        &table.events,
        ended,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_game_reaches_the_day_asked_for_with_posts_every_day() {
        let g = long(3, 8, 2, "long-").expect("plays");
        let days: std::collections::BTreeSet<u32> = g.steps.iter().map(|s| s.day).collect();
        assert_eq!(days, (1..=8).collect());
        assert!(!g.ended);
        // Twelve characters post twice a day while nobody dies.
        assert_eq!(g.steps.iter().filter(|s| s.day == 1).count(), 24);
        assert!(g.steps.windows(2).all(|w| w[0].at <= w[1].at));
    }

    #[test]
    fn simulated_games_start_at_different_times_and_keep_their_commands() {
        let a = simulated("m32", 1, "g").expect("plays");
        let b = simulated("m32", 2, "g").expect("plays");
        assert_ne!(a.setup.start, b.setup.start);
        assert!(a.ended && !a.steps.is_empty());
        assert!(a.steps.iter().all(|s| s.cmd.action != Action::Tick));
        assert!(a
            .steps
            .iter()
            .all(|s| s.at >= a.setup.start && s.at <= a.end));
        assert_eq!(a.key, "g1");
        // Each command waits for the deadline before it and holds back the one after it.
        for s in &a.steps {
            assert!(s.after <= s.at, "{s:?}");
            assert!(s.before.is_none_or(|b| b > s.after), "{s:?}");
        }
        assert!(a.steps.iter().any(|s| s.after > a.setup.start));
    }

    #[test]
    fn a_deadline_a_command_adds_is_held_back_from_the_commands_before_it() {
        // Seed 159, night 4: the wolf leader's pick at 22:56 opens the badge hand-over (due
        // 23:06, before the night's 23:08 close), and the hand-over comes at 22:57. The kill
        // just before the pick must already hold back 23:06, or the worker may take 23:07
        // as its target while the kill is pending and fire the hand-over's deadline before
        // the hand-over is sent.
        let g = simulated("m32", 159, "g").expect("plays");
        for seed in [1, 2, 159] {
            let g = simulated("m32", seed, "g").expect("plays");
            assert!(
                g.steps
                    .windows(2)
                    .all(|w| match (w[0].before, w[1].before) {
                        (Some(a), Some(b)) => a <= b,
                        (a, b) => a.is_some() || b.is_none(),
                    }),
                "seed {seed}: a step holds back less than a later one"
            );
        }
        let pass = g
            .steps
            .iter()
            .position(|s| matches!(s.cmd.action, Action::PassBadge { .. }))
            .expect("a badge hand-over");
        let due = g.steps[pass].before.expect("the hand-over's deadline");
        assert!(g.steps[..pass]
            .iter()
            .all(|s| s.before.is_some_and(|b| b <= due)));
    }
}
