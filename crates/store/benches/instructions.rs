//! The hot in-process paths, repeated `N` times for callgrind to count their instructions
//! (`benches/instructions.sh`, which runs this at two values of `N` and takes the
//! difference, so that the setup cancels out). Not a timed benchmark: run on its own it
//! only prints what it did.
//!
//! Usage: `instructions OP N`, OP one of:
//! - `vote`: an accepted vote on day 1 of an M32 game: `engine::handle` and `apply`, then
//!   the statement's build (`notify::messages` for each event, the rows and nonces);
//! - `close`: the tick that closes day 1 (everyone carded for silence, the result, the
//!   night), through the same path;
//! - `uno`: a UNO move (the player whose turn it is plays their first playable card, or
//!   draws): `uno::step` and `notify::uno::told` for each event.
//!
//! Each repetition starts from a copy of the same state, so it includes one clone of the
//! game, as a command on a cached game does.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::process::ExitCode;

use chrono::{DateTime, Duration, TimeZone, Utc};
use engine::rng::Seed;
use engine::{apply, create, handle, Action, CharId, Command, EventKind, Game, Ruleset, Setup};
use notify::Lang;

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0)
        .single()
        .unwrap_or_default()
}

/// A 12-player M32 game (seed 7) at its start: day 1, the vote open.
fn m32() -> Result<Game, String> {
    let setup = Setup {
        ruleset: Ruleset::builtin("m32", &BTreeMap::new()).map_err(|e| e.to_string())?,
        seed: Seed::U64(7),
        start: start(),
        characters: "ABCDEFGHIJKL".chars().map(String::from).collect(),
        roles: None,
        forbidden_first_kill: None,
        players: None,
    };
    Ok(Game::replay(&create(&setup).map_err(|e| e.to_string())?))
}

/// `cmd` at `now` on a copy of `g`, through the engine and the statement's build.
fn change(g: &Game, cmd: &Command, now: DateTime<Utc>) -> Result<usize, String> {
    let before = black_box(g);
    let events = handle(before, cmd, now).map_err(|e| e.to_string())?;
    let mut after = before.clone();
    for e in &events {
        apply(&mut after, e);
    }
    wolfjudge_store::bench::plan_messages(before, 0, &events, &after, Lang::Zh)
        .map_err(|e| e.to_string())
}

/// The state just before day 1's close, and the close's time.
fn before_close() -> Result<(Game, DateTime<Utc>), String> {
    let mut g = m32()?;
    for _ in 0..20 {
        let due = g.next_deadline().ok_or("no deadline")?;
        let events = handle(&g, &Command::tick(), due).map_err(|e| e.to_string())?;
        if events
            .iter()
            .any(|e| matches!(e.kind, EventKind::VoteClosed { .. }))
        {
            return Ok((g, due));
        }
        for e in &events {
            apply(&mut g, e);
        }
    }
    Err("day 1 never closed".into())
}

/// A 4-player UNO game (seed 7) at its first turn, and the move of the player whose turn it
/// is.
fn uno_table() -> Result<(uno::Game, uno::Command), String> {
    let setup = uno::Setup {
        players: ["A", "B", "C", "D"].map(String::from).to_vec(),
        seed: Seed::U64(7),
        options: uno::Options::builtin(&BTreeMap::new()).map_err(|e| e.to_string())?,
        start: start(),
        dealer: None,
        deck: None,
    };
    let (g, _) = uno::start(&setup).map_err(|e| e.to_string())?;
    let player = g.turn;
    let cmd = match g.playable_cards(player).first() {
        Some(card) => uno::Command::Play {
            player,
            card: *card,
            color: card.is_wild().then_some(uno::Color::Red),
            uno: g.hands[player].len() == 2,
        },
        None => uno::Command::Draw { player },
    };
    Ok((g, cmd))
}

fn run(op: &str, n: u32) -> Result<usize, String> {
    let mut out = 0;
    match op {
        "vote" => {
            let g = m32()?;
            let vote = Command::by(
                CharId(0),
                Action::Vote {
                    target: CharId(5),
                    reason: "他跳预言家太晚了，第二晚的说法对不上".into(),
                },
            );
            let now = start() + Duration::hours(1);
            for _ in 0..n {
                out += change(&g, &vote, now)?;
            }
        }
        "close" => {
            let (g, due) = before_close()?;
            for _ in 0..n {
                out += change(&g, &Command::tick(), due)?;
            }
        }
        "uno" => {
            let (g, cmd) = uno_table()?;
            let now = start() + Duration::seconds(30);
            for _ in 0..n {
                let (events, _) =
                    uno::step(black_box(&g), &cmd, now).map_err(|r| format!("{:?}", r.refusal))?;
                for e in &events {
                    out += notify::uno::told(e, &g, Lang::Zh).len();
                }
            }
        }
        other => return Err(format!("unknown operation {other}: vote, close or uno")),
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` passes `--bench`: nothing to count then.
    let (Some(op), Some(n)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<u32>().ok()),
    ) else {
        eprintln!("usage: instructions OP N (OP: vote, close, uno); see benches/instructions.sh");
        return ExitCode::SUCCESS;
    };
    match run(op, n) {
        Ok(messages) => {
            println!("{op} x{n}: {messages} messages");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
