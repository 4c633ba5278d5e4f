//! Hostile input (the reliability work): scripts and exports from elsewhere must end, quickly and
//! in bounded memory, with a report or a clean error — never a panic, a hang or an abort.
//!
//! First the cases as fixed regression tests (each crashed or hung the code before
//! the fix: see the comment on each), through the library and through the `wolfjudge`
//! binary (`script` and `verify`) under a memory limit; then the limits one by one; then a
//! property over arbitrary JSON shaped like scripts, with its failures persisted in
//! `tests/hostile.proptest-regressions`.

use std::collections::BTreeMap;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command as Proc, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use chrono::Utc;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde_json::{json, Map, Value};

use wolfjudge::engine::limits::{
    self, TextKind, CLOCK_LIMIT_DAYS, MAX_NAME_CHARS, MAX_REASON_CHARS, MAX_TEXT_CHARS,
};
use wolfjudge::engine::rng::Seed;
use wolfjudge::engine::ruleset::Span;
use wolfjudge::engine::{Action, CharId, Command, Phase, RuleError, Ruleset, Setup};
use wolfjudge::i18n::{self, Lang};

use crate::common::catalog::{msg, says, says_with, zh};
use wolfjudge::recorder::Recorder;
use wolfjudge::script::{
    self, phases_opened, Act, By, Refusal, Run, Script, ScriptError, Step, Table,
    MAX_PHASES_PER_SCRIPT, MAX_PHASES_PER_WAIT, MAX_STEPS, MAX_VALUES,
};
use wolfjudge::service::replay::{self, PlayError};
use wolfjudge::store::Store;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

const M32: [&str; 12] = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"];
const MAFIA: [&str; 11] = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"];

/// A script's JSON: `ruleset` with its smallest seating, `options`, `steps`.
fn script_json(ruleset: &str, start: &str, options: Value, steps: Vec<Value>) -> Value {
    let characters: &[&str] = if ruleset == "mafia" { &MAFIA } else { &M32 };
    json!({
        "ruleset": ruleset,
        "seed": 7,
        "start": start,
        "characters": characters,
        "options": options,
        "steps": steps,
    })
}

/// Runs `f` on its own thread; its result, or why there is none (a panic, or not ending
/// within `limit` — the thread is then left behind, and the test fails).
fn within<T: Send + 'static>(
    limit: Duration,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(limit) {
        Ok(v) => Ok(v),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(format!("did not end within {limit:?}")),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(match worker.join() {
            Err(p) => format!(
                "panicked: {}",
                p.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            ),
            Ok(()) => "ended without a result".into(),
        }),
    }
}

/// Parses and plays `text` in `lang` within `limit`.
fn play(text: String, lang: Lang, limit: Duration) -> Result<Result<Run, ScriptError>, String> {
    within(limit, move || {
        Script::parse(&text).and_then(|s| script::run(&s, lang))
    })
}

/// Plays an already parsed script (steps past what a file may hold) within `limit`.
fn play_parsed(script: Script, limit: Duration) -> Result<Result<Run, ScriptError>, String> {
    within(limit, move || script::run(&script, Lang::En))
}

fn parsed(v: &Value) -> Script {
    Script::parse(&v.to_string()).expect("the script parses")
}

/// The error a run ended with.
fn stopped(r: Result<Result<Run, ScriptError>, String>) -> ScriptError {
    match r {
        Ok(Err(e)) => e,
        Ok(Ok(run)) => panic!(
            "expected a clean error, got a report: {:?}",
            run.report.phase
        ),
        Err(why) => panic!("expected a clean error: {why}"),
    }
}

/// A year: the longest one wait step may be (`Span::MAX`, 366 days).
const YEAR: &str = "8784h";

/// The first case: a game, then one-year waits until the calendar would overflow
/// (the clock passed year 262143 after about 260,000 of them).
fn one_year_waits() -> (Value, Vec<Step>) {
    let steps = vec![Step::WaitFor(Span::MAX); 270_000];
    let v = script_json(
        "m32",
        "2026-12-01T20:00:00+08:00",
        json!({}),
        vec![json!({"wait": YEAR}); 270_000],
    );
    (v, steps)
}

/// The second case: a game starting in year 9999 whose judge extends the day by a
/// year again and again (the deadline passed year 262143 after about 252,000).
fn extends_from_9999() -> (Value, Vec<Step>) {
    let extend = json!({"by": "judge", "do": "extend", "duration": YEAR});
    let v = script_json(
        "m32",
        "9999-12-31T00:00:00Z",
        json!({}),
        vec![extend; 260_000],
    );
    let step = Step::Do {
        by: By::Judge,
        act: Act::Extend { seconds: Span::MAX },
    };
    (v, vec![step; 260_000])
}

/// The third case: a Mafia game where nobody acts goes on for ever; waiting for
/// day 4294967295 stepped through its days without end.
fn wait_for_day_max() -> Value {
    script_json(
        "mafia",
        "2026-12-01T20:00:00+08:00",
        json!({}),
        vec![json!({"wait": "day 4294967295"})],
    )
}

/// Every phase length of a ruleset set to `span`, and what must fit inside the day.
fn phases_of(span: &str) -> Value {
    json!({
        "day_length": span, "speedup_day_length": span, "runoff_length": span,
        "night_length": span, "witch_deadline": span, "decision_window": span,
        "night_decision_window": span, "vote_lock": "0m", "proxy_change_deadline": "0m",
        "proxy_deadline": "0m",
    })
}

/// The fourth case: one-second phases and a one-year wait (about 31 million phases:
/// the process aborted allocating 2.6 GB).
fn one_second_phases() -> Value {
    script_json(
        "mafia",
        "2026-12-01T20:00:00+08:00",
        phases_of("1s"),
        vec![json!({"wait": YEAR})],
    )
}

const QUICK: Duration = Duration::from_secs(20);

// ---------------------------------------------------------------------------------------
// The cases, fixed
// ---------------------------------------------------------------------------------------

/// Before the fix: `DateTime + TimeDelta overflowed` in src/script/mod.rs (exit 101 after
/// 2 s). Now the file is refused while being read (too many values), and the same steps
/// played anyway stop at the first wait past the clock limit, 100 years after the start.
#[test]
fn one_year_waits_many_times_end_with_a_clean_error() {
    let (file, steps) = one_year_waits();
    let e = stopped(play(file.to_string(), Lang::En, QUICK));
    assert!(
        matches!(e, ScriptError::TooManyValues { max } if max == MAX_VALUES),
        "{e}"
    );
    assert!(e.message(Lang::Zh).contains(&MAX_VALUES.to_string()));

    let mut script = parsed(&script_json(
        "m32",
        "2026-12-01T20:00:00+08:00",
        json!({}),
        vec![],
    ));
    script.steps = steps;
    let e = stopped(play_parsed(script, QUICK));
    // 99 waits of 366 days fit in 36,525 days; the 100th would pass the limit.
    let first_refused = (CLOCK_LIMIT_DAYS / 366 + 1) as usize;
    match &e {
        ScriptError::Stopped { step, code, .. } => {
            assert_eq!((*step, *code), (first_refused, "clock_limit"), "{e}");
        }
        e => panic!("expected the clock limit: {e}"),
    }
    let said = e.to_string();
    let step = first_refused.to_string();
    assert!(
        says_with(&said, Lang::En, "script-step-stopped", &[("step", &step)])
            && says_with(&said, Lang::En, "err-clock-limit", &[]),
        "{e}"
    );
}

/// Before the fix: `DateTime + TimeDelta overflowed` in src/engine/state.rs (exit 101).
/// Now the file is refused while being read; played anyway, every extension that would push
/// the day's close past the clock limit is refused (`clock_limit`) and changes nothing.
#[test]
fn extends_from_year_9999_end_with_a_clean_refusal() {
    let (file, steps) = extends_from_9999();
    let e = stopped(play(file.to_string(), Lang::En, QUICK));
    assert!(matches!(e, ScriptError::TooManyValues { .. }), "{e}");

    let mut script = parsed(&script_json(
        "m32",
        "9999-12-31T00:00:00Z",
        json!({}),
        vec![],
    ));
    script.steps = steps;
    let n = script.steps.len();
    let run = play_parsed(script, Duration::from_secs(60))
        .expect("ends")
        .expect("a report: extensions are the judge's commands, refused one by one");
    let ok = run.report.steps.iter().take_while(|s| s.ok).count();
    // The first day closes a day after the start; 99 years of extensions fit before the
    // limit, the 100th would not.
    assert_eq!(ok, (CLOCK_LIMIT_DAYS / 366) as usize);
    assert_eq!(run.report.steps.len(), n);
    assert!(run.report.steps[ok..]
        .iter()
        .all(|s| s.error.as_deref() == Some("clock_limit")));
    let closes = run.game.day().expect("day 1").closes;
    assert!(closes <= run.game.latest(), "no deadline past the limit");
    let msg = run.report.steps[ok].message.as_deref().unwrap_or_default();
    assert!(msg.contains("100 years"), "{msg}");
}

/// Before the fix: ran for ever (killed by `timeout 60`). Now the wait stops after stepping
/// through 1000 phases, with an error naming the step, in the reader's language.
#[test]
fn waiting_for_day_4294967295_ends_quickly_with_a_clean_error() {
    let t = Instant::now();
    let e = stopped(play(wait_for_day_max().to_string(), Lang::Zh, QUICK));
    match &e {
        ScriptError::Stopped {
            step: 1,
            code,
            message,
        } => {
            assert_eq!(*code, "too_many_phases");
            let phases = zh("wait-too-many-phases", &[("max", "1000")]);
            let stopped = zh("script-step-stopped", &[("step", "1"), ("error", &phases)]);
            assert_eq!(*message, stopped);
        }
        e => panic!("expected the wait limit: {e}"),
    }
    let e = stopped(play(wait_for_day_max().to_string(), Lang::En, QUICK));
    let phases = msg(Lang::En, "wait-too-many-phases", &[("max", "1000")]);
    let stopped = msg(
        Lang::En,
        "script-step-stopped",
        &[("step", "1"), ("error", &phases)],
    );
    assert_eq!(e.to_string(), stopped);
    eprintln!("two runs in {:?}", t.elapsed());
}

/// Before the fix: `memory allocation of 2684354560 bytes failed`, the process aborted
/// after 11 s. Now phases shorter than a minute are refused naming the option, and
/// one-minute phases stop the one-year wait at its phase limit.
#[test]
fn one_second_phases_with_a_one_year_wait_are_refused_and_short_phases_stop_at_the_limit() {
    let e = stopped(play(one_second_phases().to_string(), Lang::En, QUICK));
    let text = e.to_string();
    assert!(
        matches!(e, ScriptError::Ruleset(_))
            && text.contains("`day_length` is 1s, shorter than the minimum of 1m"),
        "{text}"
    );
    let shortest = script_json(
        "mafia",
        "2026-12-01T20:00:00+08:00",
        phases_of("1m"),
        vec![json!({"wait": YEAR})],
    );
    let e = stopped(play(shortest.to_string(), Lang::En, QUICK));
    assert!(
        matches!(
            e,
            ScriptError::Stopped {
                step: 1,
                code: "too_many_phases",
                ..
            }
        ),
        "{e}"
    );
}

/// A scratch directory of this test process.
fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wolfjudge-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Runs the binary with at most `bytes` of address space and `limit` of time; its exit
/// code (None: killed by a signal), stderr, and how long it ran.
fn wolfjudge_limited(args: &[&str], bytes: u64, limit: Duration) -> (Option<i32>, String) {
    let mut cmd = Proc::new(env!("CARGO_BIN_EXE_wolfjudge"));
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe; the closure allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("wolfjudge starts");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut e, &mut err);
    }
    match status {
        Some(s) => (s.code(), err),
        None => panic!("{args:?} did not end within {limit:?}; stderr: {err}"),
    }
}

/// What a user meets: each of the files through `wolfjudge script` and `wolfjudge
/// verify` (which the README invites to run on other people's exports) ends with exit code
/// 2 and a message, within 60 seconds and 1 GiB of address space (before the fix: two
/// panics, a hang and an abort; the abort also happens under this limit).
#[test]
fn hostile_files_end_cleanly_in_script_and_verify_within_a_memory_limit() {
    let commitment = wolfjudge::engine::rng::commitment(7);
    // What the Chinese error must say.
    let values: fn(&str) -> bool = |e| says(e, "script-too-many-values");
    let phases: fn(&str) -> bool = |e| e.contains(&zh("wait-too-many-phases", &[("max", "1000")]));
    let option: fn(&str) -> bool = |e| e.contains("day_length");
    let cases = [
        ("one_year_waits", one_year_waits().0, values),
        ("extends_9999", extends_from_9999().0, values),
        ("wait_day_max", wait_for_day_max(), phases),
        ("one_second_phases", one_second_phases(), option),
    ];
    for (name, script, said) in cases {
        let path = temp_file(&format!("{name}.json"));
        std::fs::write(&path, script.to_string()).expect("written");
        let file = path.to_str().expect("a UTF-8 path");
        let gib = 1 << 30;
        let limit = Duration::from_secs(60);
        let (code, err) = wolfjudge_limited(&["script", file, "--lang", "zh"], gib, limit);
        assert_eq!(code, Some(2), "{name}: {err}");
        assert!(said(&err) && !err.contains("panicked"), "{name}: {err}");
        let verify = ["verify", file, "--commitment", &commitment, "--lang", "zh"];
        let (code, err) = wolfjudge_limited(&verify, gib, limit);
        assert_eq!(code, Some(2), "{name}: {err}");
        assert!(
            says(&err, "cli-invalid-script") && said(&err) && !err.contains("panicked"),
            "{name}: {err}"
        );
    }
}

/// Through PostgreSQL too (`wolfjudge script --database-url`): a script beyond a limit
/// stops with the same error, and nothing is stored for it.
#[sqlx::test]
async fn a_hostile_script_through_the_database_stops_and_stores_nothing(pool: sqlx::PgPool) {
    let store = Store::new(pool.clone());
    let script = parsed(&wait_for_day_max());
    let e = replay::run_script(&store, &script, "hostile", Lang::En, &Recorder::default())
        .await
        .expect_err("stopped");
    assert!(
        matches!(
            &e,
            PlayError::Script(ScriptError::Stopped {
                step: 1,
                code: "too_many_phases",
                ..
            })
        ),
        "{e}"
    );
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
        .fetch_one(&pool)
        .await
        .expect("counted");
    assert_eq!(games, 0, "no game was created");
}

// ---------------------------------------------------------------------------------------
// The limits, one by one
// ---------------------------------------------------------------------------------------

fn table(ruleset: &str) -> Table {
    let characters: &[&str] = if ruleset == "mafia" { &MAFIA } else { &M32 };
    let setup = Setup {
        ruleset: Ruleset::builtin(ruleset, &BTreeMap::new()).expect("a built-in ruleset"),
        seed: Seed::U64(7),
        start: Utc::now(),
        characters: characters.iter().map(|s| s.to_string()).collect(),
        roles: None,
        forbidden_first_kill: None,
        players: None,
    };
    Table::new(&setup).expect("a game")
}

/// A command carrying the given text.
type CommandOf = Box<dyn Fn(String) -> Command>;

/// Every text enters the engine through a command, whoever sends it (Discord, a script,
/// the CLI): one past the limit is refused with `text_too_long` and the limit, and changes
/// nothing; the limit itself is accepted.
#[test]
fn texts_longer_than_the_engine_keeps_are_refused_naming_the_limit() {
    let mut t = table("m32");
    let a = CharId(0);
    let long = |n: usize| "言".repeat(n);
    let cases: Vec<(TextKind, CommandOf)> = vec![
        (
            TextKind::Post,
            Box::new(move |text| Command::by(a, Action::Post { text })),
        ),
        (
            TextKind::Reason,
            Box::new(move |reason| {
                Command::by(
                    a,
                    Action::Vote {
                        target: CharId(1),
                        reason,
                    },
                )
            }),
        ),
        (
            TextKind::TreeHole,
            Box::new(move |text| Command::by(a, Action::TreeHole { text })),
        ),
        (
            TextKind::Player,
            Box::new(move |player| {
                Command::judge(Action::Substitute {
                    target: CharId(2),
                    player,
                })
            }),
        ),
    ];
    for (kind, cmd) in cases {
        let before = t.game.clone();
        let e = t.command(&cmd(long(kind.max() + 1))).expect_err("refused");
        assert_eq!(
            e,
            RuleError::TextTooLong {
                what: kind,
                max: kind.max()
            }
        );
        assert_eq!(t.game, before, "a refusal changes nothing");
        for lang in Lang::ALL {
            let msg = i18n::error_message(&e, &t.game, lang);
            assert!(msg.contains(&kind.max().to_string()), "{msg}");
        }
        t.command(&cmd(long(kind.max())))
            .expect("the limit itself is kept");
    }
    // Last words too (refused before anything else is looked at).
    let e = t
        .command(&Command::by(
            a,
            Action::LastWords {
                text: long(MAX_TEXT_CHARS + 1),
            },
        ))
        .expect_err("refused");
    assert!(matches!(
        e,
        RuleError::TextTooLong {
            what: TextKind::LastWords,
            ..
        }
    ));
    let e = RuleError::TextTooLong {
        what: TextKind::Reason,
        max: MAX_REASON_CHARS,
    };
    for lang in Lang::ALL {
        let too_long = msg(
            lang,
            "err-text-too-long",
            &[("what", "reason"), ("max", "1000")],
        );
        assert_eq!(i18n::error_message(&e, &t.game, lang), too_long);
    }
}

/// In a script a reason over the limit is a refused step of the report, like any rule.
#[test]
fn a_reason_over_the_limit_is_a_refused_step_of_the_report() {
    let vote = |n: usize| json!({"by": "A", "do": "vote", "target": "B", "reason": "x".repeat(n)});
    let v = script_json(
        "m32",
        "2026-12-01T20:00:00+08:00",
        json!({}),
        vec![vote(MAX_REASON_CHARS + 1), vote(MAX_REASON_CHARS)],
    );
    let run = play(v.to_string(), Lang::En, QUICK)
        .expect("ends")
        .expect("a report");
    let steps = &run.report.steps;
    assert_eq!(steps[0].error.as_deref(), Some("text_too_long"));
    assert!(steps[0]
        .message
        .as_deref()
        .unwrap_or_default()
        .contains("1000"));
    assert!(steps[1].ok, "{:?}", steps[1]);
}

/// Names, keys and strings past their limits make the script invalid, naming where.
#[test]
fn over_long_names_keys_and_strings_are_invalid_naming_where() {
    let start = "2026-12-01T20:00:00+08:00";
    let huge = "x".repeat(MAX_TEXT_CHARS + 1);
    let v = script_json(
        "m32",
        start,
        json!({}),
        vec![json!({"by": "A", "do": "post", "text": huge})],
    );
    let e = Script::parse(&v.to_string()).expect_err("refused");
    assert_eq!(
        e.to_string(),
        "step 1 field `text` is longer than 10000 characters"
    );
    let place = zh(
        "script-place-step-field",
        &[("step", "1"), ("field", "text")],
    );
    assert_eq!(
        e.message(Lang::Zh),
        zh("script-too-long", &[("field", &place), ("max", "10000")])
    );
    let mut v = script_json("m32", start, json!({}), vec![]);
    v["options"] = json!({ "k".repeat(MAX_NAME_CHARS + 1): 1 });
    let e = Script::parse(&v.to_string()).expect_err("refused");
    assert!(
        e.to_string()
            .starts_with("field `options.kkkkkkkkkkkkkkkk…` is longer than 64"),
        "{e}"
    );
    let mut v = script_json("m32", start, json!({}), vec![]);
    v["characters"][0] = json!("n".repeat(MAX_NAME_CHARS + 1));
    let e = Script::parse(&v.to_string())
        .and_then(|s| script::run(&s, Lang::En))
        .expect_err("refused");
    assert!(e.to_string().contains("longer than 64 characters"), "{e}");
}

/// A script with more steps than a script may have, or more values, is refused before
/// its game is played.
#[test]
fn too_many_steps_or_values_are_refused_before_anything_is_played() {
    let steps = vec![json!({"wait": "1m"}); MAX_STEPS + 1];
    let v = script_json("m32", "2026-12-01T20:00:00+08:00", json!({}), steps);
    let e = Script::parse(&v.to_string()).expect_err("refused");
    assert!(
        matches!(e, ScriptError::TooManySteps { max: MAX_STEPS }),
        "{e}"
    );
    let v = json!({"ruleset": "m32", "steps": [], "x": vec![0; MAX_VALUES]});
    let e = Script::parse(&v.to_string()).expect_err("refused");
    assert!(matches!(e, ScriptError::TooManyValues { .. }), "{e}");
    let e = Script::parse(&" ".repeat(script::MAX_SCRIPT_BYTES + 1)).expect_err("refused");
    assert!(matches!(e, ScriptError::TooLarge { .. }), "{e}");
}

/// A wait refused for a limit changes nothing: the clock, the game and the logs are as
/// before; a wait within the limits moves them on.
#[test]
fn a_wait_refused_for_a_limit_changes_nothing() {
    // A Mafia game where nobody acts goes on for ever: a year holds hundreds of phases.
    let mut t = table("mafia");
    let before = (t.game.clone(), t.now, t.events.len(), t.log.len());
    let r = t.wait_within(Span::MAX, 1);
    assert_eq!(r, Err(Refusal::TooManyPhases { max: 1 }));
    assert_eq!((t.game.clone(), t.now, t.events.len(), t.log.len()), before);
    let r = t.wait_until_within(Phase::Day { day: 9, round: 0 }, 1);
    assert_eq!(r, Err(Refusal::TooManyPhases { max: 1 }));
    assert_eq!((t.game.clone(), t.now, t.events.len(), t.log.len()), before);
    t.command(&Command::judge(Action::Pause)).expect("paused");
    for _ in 0..(CLOCK_LIMIT_DAYS / 366) {
        t.wait_within(Span::MAX, 0)
            .expect("a paused game's clock moves freely");
    }
    let now = t.now;
    let r = t.wait_within(Span::MAX, 0);
    assert!(
        matches!(r, Err(Refusal::Rule(RuleError::ClockLimit { .. }))),
        "{r:?}"
    );
    assert_eq!(t.now, now);
    // The engine refuses any command past the limit, a tick included.
    let late = limits::later(t.game.latest(), chrono::Duration::seconds(1));
    let e = wolfjudge::engine::handle(&t.game, &Command::tick(), late).expect_err("refused");
    assert_eq!(e.code(), "clock_limit");
}

// ---------------------------------------------------------------------------------------
// The property: arbitrary JSON shaped like scripts
// ---------------------------------------------------------------------------------------

/// Every action a script may name, with the fields it takes.
const ACTIONS: [(&str, &[&str]); 26] = [
    ("post", &["text"]),
    ("vote", &["target", "reason"]),
    ("abstain", &[]),
    ("proxy", &["target"]),
    ("speedup", &[]),
    ("last_words", &["text"]),
    ("tree_hole", &["text"]),
    ("leader_vote", &["target"]),
    ("kill", &["target", "reason"]),
    ("pick", &["target"]),
    ("save", &[]),
    ("poison", &["target"]),
    ("check", &["target"]),
    ("shoot", &["target"]),
    ("pass_badge", &["target"]),
    ("pass_leader", &["target"]),
    ("concede", &[]),
    ("pass", &[]),
    ("hold_fire", &[]),
    ("card", &["target", "color", "reason"]),
    ("remove", &["target", "reason"]),
    ("substitute", &["target", "player"]),
    ("extend", &["duration"]),
    ("end", &["winner"]),
    ("pause", &[]),
    ("resume", &[]),
];

/// Any JSON value, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("\\PC{0,6}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Durations a script may write: short, long, a whole year, zero.
fn duration() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => prop::sample::select(vec!["1m", "10m", "1h", "24h", "1h30m", "90m", "25h", "2h"]),
        2 => prop::sample::select(vec![YEAR, "0m", "6000h"]),
    ]
    .prop_map(str::to_string)
}

/// Phases a wait may name, the absurd ones included.
fn phase() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (0u32..6).prop_map(|n| format!("day {n}")),
        4 => (0u32..6).prop_map(|n| format!("night {n}")),
        2 => (0u32..4, 1u32..4).prop_map(|(n, k)| format!("day {n} runoff {k}")),
        2 => prop::sample::select(vec![
            "day 4294967295",
            "night 4294967295",
            "day 1 runoff 4294967295",
            "ended",
        ])
        .prop_map(str::to_string),
    ]
}

/// A name: a character's (mostly), the judge, or anything.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        10 => prop::sample::select(M32.to_vec()).prop_map(str::to_string),
        1 => Just("judge".to_string()),
        1 => "\\PC{0,10}",
    ]
}

/// Texts: short, or at and past the engine's limits (a refused step, not a bad script).
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        20 => "\\PC{0,24}",
        1 => prop::sample::select(vec![MAX_REASON_CHARS, MAX_REASON_CHARS + 1, MAX_TEXT_CHARS])
            .prop_map(|n| "字".repeat(n)),
    ]
}

/// One well-formed step: a wait, or an action with the fields it takes.
fn step() -> impl Strategy<Value = Value> {
    let action = (
        name(),
        prop::sample::select(ACTIONS.to_vec()),
        name(),
        text(),
        prop::sample::select(vec!["blue", "yellow", "red"]),
        duration(),
        prop::sample::select(vec!["wolves", "village", "police", "killers", "draw"]),
    )
        .prop_map(|(by, (what, fields), target, txt, color, dur, winner)| {
            let mut o = Map::new();
            o.insert("by".into(), json!(by));
            o.insert("do".into(), json!(what));
            for k in fields {
                let v = match *k {
                    "target" | "player" => json!(target),
                    "reason" | "text" => json!(txt),
                    "color" => json!(color),
                    "duration" => json!(dur),
                    _ => json!(winner),
                };
                o.insert(k.to_string(), v);
            }
            Value::Object(o)
        });
    prop_oneof![
        4 => duration().prop_map(|d| json!({"wait": d})),
        3 => phase().prop_map(|p| json!({"wait": p})),
        8 => action,
    ]
}

/// Ruleset options with values a ruleset takes, the shortest phases included.
fn options() -> impl Strategy<Value = Map<String, Value>> {
    let phase = prop_oneof![
        3 => Just("1m"),
        1 => Just("10m"),
        1 => Just("24h"),
        1 => Just(YEAR),
    ];
    (
        prop::option::of((
            prop::sample::select(vec![
                "day_length",
                "speedup_day_length",
                "runoff_length",
                "night_length",
                "decision_window",
                "night_decision_window",
            ]),
            phase,
        )),
        prop::option::of(prop::sample::select(vec![0u32, 1, 5, u32::MAX])),
        prop::option::of(any::<bool>()),
        prop::option::of(any::<bool>()),
    )
        .prop_map(|(length, changes, auto_cards, fixed)| {
            let mut o = Map::new();
            if let Some((k, v)) = length {
                o.insert(k.into(), json!(v));
                // Keep the day's windows and the witch inside what the length allows.
                o.insert("vote_lock".into(), json!("0m"));
                o.insert("proxy_change_deadline".into(), json!("0m"));
                if k == "night_length" {
                    o.insert("witch_deadline".into(), json!(v));
                }
            }
            if let Some(n) = changes {
                o.insert("vote_changes".into(), json!(n));
            }
            if let Some(b) = auto_cards {
                o.insert("auto_cards".into(), json!(b));
            }
            if let Some(b) = fixed {
                o.insert("fixed_phase_times".into(), json!(b));
            }
            o
        })
}

/// What a hostile hand does to a well-formed script.
#[derive(Debug, Clone)]
enum Mutation {
    /// A step becomes any JSON.
    Step(prop::sample::Index, Value),
    /// A top-level field becomes any JSON.
    Field(prop::sample::Index, Value),
    /// An option becomes this value.
    Option(prop::sample::Index, Value),
    /// A string of a step becomes longer than a script's strings may be.
    LongString(prop::sample::Index),
    /// A wait becomes this text.
    Wait(prop::sample::Index, String),
    /// A top-level field goes missing.
    Missing(prop::sample::Index),
    /// An unknown field comes in, at the top or in a step.
    Unknown(prop::sample::Index, String),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let index = any::<prop::sample::Index>;
    prop_oneof![
        (index(), any_json()).prop_map(|(i, v)| Mutation::Step(i, v)),
        (index(), any_json()).prop_map(|(i, v)| Mutation::Field(i, v)),
        (
            index(),
            prop_oneof![
                prop::sample::select(vec!["59s", "1s", "0m", "8785h", "24 hours"])
                    .prop_map(|s| json!(s)),
                any_json(),
            ]
        )
            .prop_map(|(i, v)| Mutation::Option(i, v)),
        index().prop_map(Mutation::LongString),
        (
            index(),
            prop_oneof![
                prop::sample::select(vec![
                    "8785h",
                    "99999999999999h",
                    "4294967296s",
                    "day 4294967296",
                    "setup",
                    "",
                ])
                .prop_map(str::to_string),
                "\\PC{0,12}",
            ]
        )
            .prop_map(|(i, w)| Mutation::Wait(i, w)),
        index().prop_map(Mutation::Missing),
        (index(), "\\PC{0,8}").prop_map(|(i, k)| Mutation::Unknown(i, k)),
    ]
}

/// Applies `m` to the script `s`.
fn mutate(s: &mut Value, m: Mutation) {
    let steps_len = s["steps"].as_array().map_or(0, Vec::len);
    match m {
        Mutation::Step(i, v) if steps_len > 0 => s["steps"][i.index(steps_len)] = v,
        Mutation::Field(i, v) => s[*i.get(&script::FIELDS)] = v,
        Mutation::Option(i, v) => {
            if let Some(o) = s["options"].as_object_mut() {
                let k = *i.get(&["day_length", "night_length", "vote_lock", "vote_changes"]);
                o.insert(k.into(), v);
            }
        }
        Mutation::LongString(i) if steps_len > 0 => {
            if let Some(o) = s["steps"][i.index(steps_len)].as_object_mut() {
                for v in o.values_mut().filter(|v| v.is_string()) {
                    *v = json!("x".repeat(MAX_TEXT_CHARS + 1));
                }
            }
        }
        Mutation::Wait(i, w) if steps_len > 0 => {
            s["steps"][i.index(steps_len)] = json!({"wait": w})
        }
        Mutation::Missing(i) => {
            if let Some(o) = s.as_object_mut() {
                o.remove(*i.get(&script::FIELDS));
            }
        }
        Mutation::Unknown(i, k) if steps_len > 0 && i.index(2) == 0 => {
            if let Some(o) = s["steps"][i.index(steps_len)].as_object_mut() {
                o.insert(k, json!(1));
            }
        }
        Mutation::Unknown(_, k) => s[format!("x{k}").as_str()] = json!(1),
        _ => {}
    }
}

/// A whole script: well formed (so that games are played) with hostile values where the
/// format allows them — starts at the calendar's ends, absurd phases, year-long waits and
/// extensions, the shortest phases, texts at the limits — and, two times in five, one to
/// three hostile changes of its shape.
fn hostile_script() -> impl Strategy<Value = Value> {
    let start = prop_oneof![
        4 => Just("2026-12-01T20:00:00+08:00"),
        1 => prop::sample::select(vec![
            "9999-12-31T23:59:59-23:59",
            "9999-12-31T00:00:00Z",
            "0000-01-01T00:00:00Z",
            "0000-01-01T00:00:00+23:59",
        ]),
    ];
    let mutations = prop_oneof![
        3 => Just(Vec::new()),
        2 => prop::collection::vec(mutation(), 1..4),
    ];
    (
        prop::sample::select(vec!["m32", "mafia"]),
        any::<u64>(),
        start,
        prop::option::weighted(0.6, options()),
        prop::collection::vec(step(), 0..30),
        mutations,
    )
        .prop_map(|(ruleset, seed, start, options, steps, mutations)| {
            let options = Value::Object(options.unwrap_or_default());
            let mut s = script_json(ruleset, start, options, steps);
            s["seed"] = json!(seed);
            for m in mutations {
                mutate(&mut s, m);
            }
            s
        })
}

fn config() -> ProptestConfig {
    // PROPTEST_CASES raises the count for a longer hunt; 256 keep the property well under
    // a minute in a debug build.
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases,
        // A failing case is kept (minimized) in the repository and replayed first by every
        // later run, in CI too.
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/hostile.proptest-regressions",
        ))),
        max_shrink_iters: 256,
        // A case that hangs fails after 20 s and leaves its thread running; shrinking such
        // cases stops after half a minute.
        max_shrink_time: 30_000,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// Whatever the JSON, parsing and playing it ends within 20 seconds, without a panic,
    /// with either a report (one entry per step) or a clean error whose message reads in
    /// both languages; the game it played passed through no more phases than a script may.
    #[test]
    fn arbitrary_script_shaped_json_ends_with_a_report_or_a_clean_error(v in hostile_script()) {
        let text = v.to_string();
        let steps = v.get("steps").and_then(Value::as_array).map_or(0, Vec::len);
        let outcome = play(text, Lang::En, QUICK).map_err(TestCaseError::fail)?;
        match outcome {
            Ok(run) => {
                prop_assert_eq!(run.report.steps.len(), steps);
                // Waits share the script's budget; an action opens at most a few phases.
                let bound = MAX_PHASES_PER_SCRIPT + MAX_PHASES_PER_WAIT + 4 * steps;
                prop_assert!(phases_opened(&run.events) <= bound);
                prop_assert!(run.game.clock() <= run.game.latest());
                serde_json::to_string(&run.report).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            Err(e) => {
                for lang in Lang::ALL {
                    let msg = e.message(lang);
                    prop_assert!(!msg.is_empty() && !msg.contains("panicked"), "{}", msg);
                }
            }
        }
    }
}
