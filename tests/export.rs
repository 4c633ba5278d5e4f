//! Export: a game played through the store (commands at real, sub-second times, refusals,
//! a pause, the deadline worker) comes out as a game script that replays to the same report
//! and the same game; `wolfjudge export` writes it, `wolfjudge verify` checks its seed; the
//! script parser's extensions (`pass`, `hold_fire`, `pause`, `resume`).

use std::process::Command as Proc;
use wolfjudge::store::ids::GameId;

use chrono::{DateTime, Duration, Timelike, Utc};
use serde_json::{json, Value};
use sqlx::PgPool;
use wolfjudge::engine::card::CardReason;
use wolfjudge::engine::rng::Seed;
use wolfjudge::engine::{Action, CharId, Color, Command, EventKind, Phase};
use wolfjudge::i18n::Lang;
use wolfjudge::script::export::ScriptFile;
use wolfjudge::script::{self, Act, By, Report, Script, Step};
use wolfjudge::service::replay;
use wolfjudge::sim::{self, Simulation};
use wolfjudge::store::Store;

use crate::common::catalog::{msg, says_with};
use crate::common::url_of;

fn ms(n: i64) -> Duration {
    Duration::milliseconds(n)
}

/// A simulated game's inputs plus what a real game also has: a post and a refused command
/// from a seat that does not exist at sub-second times, a refused `extend`, a pause of 0.7
/// seconds across a second boundary (the deadlines move by 0 whole seconds) with a refused
/// post inside it, a judge's card, and a last tick a day after the end.
fn real_inputs(sim: &Simulation) -> Vec<(DateTime<Utc>, Command)> {
    let start = sim.setup.start;
    let mut inputs = sim.inputs.clone();
    let extras = [
        (
            start + ms(1_500),
            Command::by(
                CharId(0),
                Action::Post {
                    text: "大家好 — hello, \"everyone\"".into(),
                },
            ),
        ),
        (
            start + ms(1_700),
            Command::by(
                CharId(3),
                Action::Vote {
                    target: CharId(4),
                    reason: "早".into(),
                },
            ),
        ),
        (start + ms(2_250), Command::by(CharId(99), Action::Abstain)),
        (
            start + ms(3_000),
            Command::judge(Action::Extend { seconds: 0 }),
        ),
        (start + ms(4_600), Command::judge(Action::Pause)),
        (
            start + ms(4_800),
            Command::by(CharId(1), Action::Post { text: "?".into() }),
        ),
        (start + ms(5_300), Command::judge(Action::Resume)),
        (
            start + ms(61_000),
            Command::judge(Action::Card {
                target: CharId(2),
                color: Color::Blue,
                reason: "flooding".into(),
            }),
        ),
    ];
    inputs.extend(extras);
    // Stable: a simulated input and an extra at one time keep their order.
    inputs.sort_by_key(|(at, _)| *at);
    let last = inputs.last().map_or(start, |(at, _)| *at);
    inputs.push((last + Duration::days(1), Command::tick()));
    inputs
}

/// Plays a simulated m32 game through the store as a real game would arrive.
pub(crate) async fn stored_game(store: &Store, key: &str) -> i64 {
    let sim = sim::simulate("m32", 11, None, Lang::En).expect("the simulation runs");
    // The simulator now gives an anonymous game accounts apart from its characters; the
    // game script (script-format.md) has no field for accounts, so an export replays with
    // each character as its own player. This test is about the steps, so it plays the
    // game under the characters' names as before (the accounts are a separate question).
    let mut setup = sim.setup.clone();
    setup.players = None;
    let id = store
        .create_game(key, &setup, Lang::En)
        .await
        .expect("the game is created");
    wolfjudge::runtime::deadlines::replay_inputs(
        store,
        GameId(id),
        &real_inputs(&sim),
        "test-worker",
    )
    .await
    .expect("the inputs play");
    id
}

#[sqlx::test(migrations = "./migrations")]
async fn an_exported_real_game_replays_to_the_same_report_and_game(pool: PgPool) {
    let store = Store::new(pool);
    let id = stored_game(&store, "export-real").await;
    let export = replay::export(&store, GameId(id))
        .await
        .expect("the game exports");
    assert!(export.mismatches.is_empty(), "{:?}", export.mismatches);

    // The script is the contract's format: seeded deal (no `roles`), every command in order.
    let script = &export.script;
    assert!(script.roles.is_none(), "the seed dealt: {script:?}");
    assert_eq!(script.seed, 11);
    let steps = &script.steps;
    assert!(steps.contains(&json!({"by": "judge", "do": "pause"})));
    assert!(steps.contains(&json!({"by": "judge", "do": "resume"})));
    let hello = steps
        .iter()
        .find(|s| s["do"] == "post")
        .expect("the first post");
    assert_eq!(hello["text"], json!("大家好 — hello, \"everyone\""));
    assert_eq!(steps[0], json!({"wait": "1s"}), "the post came 1.5s in");
    // The pause lasted 0.7s, from 4.6s to 5.3s: the engine moved the deadlines by 0 whole
    // seconds, so the script resumes in the second it paused (not one second later).
    let pause = steps
        .iter()
        .position(|s| s["do"] == "pause")
        .expect("pause");
    let resume = steps
        .iter()
        .position(|s| s["do"] == "resume")
        .expect("resume");
    assert!(
        steps[pause..resume].iter().all(|s| s.get("wait").is_none()),
        "{:?}",
        &steps[pause..=resume]
    );

    // Played again from its text, the script gives the exported report...
    let text = serde_json::to_string_pretty(script).expect("the script as JSON");
    let parsed = Script::parse(&text).expect("the exported script parses");
    let run = script::run(&parsed, Lang::En).expect("the script runs");
    assert_eq!(run.report, export.report);
    // ... with the refusals the game gave, where they happened.
    let log = store.command_log(GameId(id)).await.expect("the log");
    let refused: Vec<&str> = run
        .report
        .steps
        .iter()
        .filter_map(|s| s.error.as_deref())
        .collect();
    for code in ["unknown_character", "invalid_duration", "paused"] {
        assert!(refused.contains(&code), "{code} in {refused:?}");
    }
    let logged_refusals = log
        .iter()
        .filter(|l| matches!(l.outcome, wolfjudge::store::Outcome::Refused { .. }))
        .count();
    assert_eq!(refused.len(), logged_refusals);

    // ... and the game the store holds: winner, eliminations (causes, phases), cards, roles.
    let stored = store.load(GameId(id)).await.expect("the stored game");
    assert!(stored.winner().is_some(), "the stored game ended");
    assert_eq!(run.game.winner(), stored.winner());
    assert_eq!(run.game.eliminations(), stored.eliminations());
    assert!(!stored.eliminations().is_empty());
    assert_eq!(
        Report::of(&run.game, Vec::new()),
        Report::of(&stored, Vec::new())
    );
    let cards = |g: &wolfjudge::engine::Game| -> Vec<_> {
        g.chars().iter().map(|c| (c.role, c.cards)).collect()
    };
    assert_eq!(cards(&run.game), cards(&stored));
    // Event for event, the replay is the stored game (times aside: the script's clock
    // counts whole seconds, so the reveal's times are compared to the second).
    let kinds = |es: &[wolfjudge::engine::Event]| -> Vec<EventKind> {
        es.iter()
            .map(|e| {
                let mut k = e.kind.clone();
                if let EventKind::Revealed { deeds, .. } = &mut k {
                    for d in deeds {
                        d.at = d.at.and_then(|t| t.with_nanosecond(0));
                    }
                }
                k
            })
            .collect()
    };
    let stored_events = store.events(GameId(id)).await.expect("events");
    assert_eq!(kinds(&run.events), kinds(&stored_events));
    // The reveal kept what the game had: the judge's card (public), the votes with their
    // times, the sub-second vote at its second.
    let deeds = stored_events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Revealed { deeds, .. } => Some(deeds.clone()),
            _ => None,
        })
        .expect("a reveal");
    assert!(
        deeds.iter().all(|d| d.at.is_some()),
        "every deed has its time"
    );
    assert!(deeds.iter().any(|d| d.what == "card"
        && d.target == Some(CharId(2))
        && d.card.as_ref().is_some_and(|c| c.public
            && c.reason
                == Some(CardReason::Judge {
                    text: "flooding".into()
                }))));
    let early = deeds
        .iter()
        .find(|d| d.what == "vote" && d.by == Some(CharId(3)))
        .expect("the early vote");
    assert_eq!(early.at, Some(stored.start() + ms(1_700)));
    assert_eq!(early.text.as_deref(), Some("早"));
}

fn wolfjudge(args: &[&str]) -> std::process::Output {
    Proc::new(env!("CARGO_BIN_EXE_wolfjudge"))
        .args(args)
        .output()
        .expect("wolfjudge runs")
}

#[sqlx::test(migrations = "./migrations")]
async fn wolfjudge_export_then_verify_checks_the_commitment(pool: PgPool) {
    let url = url_of(&pool);
    let store = Store::new(pool);
    let id = stored_game(&store, "export-cli").await;
    let dir = std::env::temp_dir().join(format!("wolfjudge-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.json");
    let path = file.to_string_lossy().to_string();

    // By key, into a file; the report goes beside it.
    let out = wolfjudge(&[
        "export",
        "export-cli",
        "--database-url",
        &url,
        "--out",
        &path,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report_text =
        std::fs::read_to_string(dir.join("game.report.json")).expect("the report file");
    let report: Value = serde_json::from_str(&report_text).expect("the report is JSON");

    // `wolfjudge script` on the exported file prints that report, byte for byte.
    let out = wolfjudge(&["script", &path, "--lang", "en"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), report_text);

    // The commitment published at the start verifies, and the deal is printed.
    let events = store.events(GameId(id)).await.expect("events");
    let commitment = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::SeedCommitted { commitment } => Some(commitment.clone()),
            _ => None,
        })
        .expect("a commitment");
    let out = wolfjudge(&["verify", &path, "--commitment", &commitment, "--lang", "en"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for (name, role) in report["roles"].as_object().expect("roles") {
        let role = role.as_str().unwrap_or_default();
        assert!(stdout.contains(&format!("{name}: {role} (")), "{stdout}");
    }
    assert!(stdout.contains("draw 0"), "{stdout}");

    // Another commitment does not.
    let wrong = wolfjudge::engine::rng::commitment(12);
    let out = wolfjudge(&["verify", &path, "--commitment", &wrong, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        says_with(&stderr, Lang::En, "cli-verify-mismatch", &[]),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "no deal is printed for a wrong commitment"
    );

    // A file that is not there is exit 2.
    let missing = dir.join("missing.json").to_string_lossy().to_string();
    let out = wolfjudge(&["verify", &missing, "--commitment", &commitment]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A real game's 256-bit seed (the one-door work): the export keeps the contract's integer `seed` (0)
/// and gives the seed in `seed256`; the script replays to the stored game, and `wolfjudge
/// verify` checks the 32 bytes against the commitment and prints the deal they give.
#[sqlx::test(migrations = "./migrations")]
async fn an_exported_game_with_a_256_bit_seed_verifies(pool: PgPool) {
    let store = Store::new(pool);
    let sim = sim::simulate("m32", 11, None, Lang::En).expect("the simulation runs");
    let mut setup = sim.setup.clone();
    setup.players = None;
    let bytes: [u8; 32] = std::array::from_fn(|i| (i as u8).wrapping_mul(37) ^ 0xa5);
    setup.seed = Seed::Bytes(bytes);
    let id = store
        .create_game("export-256", &setup, Lang::En)
        .await
        .expect("the game is created");
    // The simulated commands were chosen for another deal: many are refused, which the
    // export records like any refusal.
    wolfjudge::runtime::deadlines::replay_inputs(
        &store,
        GameId(id),
        &real_inputs(&sim),
        "test-worker",
    )
    .await
    .expect("the inputs play");
    let stored = store.load(GameId(id)).await.expect("the game");
    assert_eq!(stored.seed(), Seed::Bytes(bytes));

    let export = replay::export(&store, GameId(id))
        .await
        .expect("the game exports");
    assert!(export.mismatches.is_empty(), "{:?}", export.mismatches);
    let hex = hex::encode(bytes);
    assert_eq!(
        export.script.seed, 0,
        "the contract's integer stays an integer"
    );
    assert_eq!(export.script.seed256.as_deref(), Some(hex.as_str()));
    let text = serde_json::to_string_pretty(&export.script).expect("the script as JSON");
    let parsed = Script::parse(&text).expect("the export parses");
    assert_eq!(parsed.seed, Seed::Bytes(bytes));
    // No script means two seeds, nor a seed256 that is not 32 bytes.
    let mut v: Value = serde_json::from_str(&text).expect("JSON");
    v["seed"] = json!(5);
    let err = Script::parse(&v.to_string()).expect_err("two seeds");
    assert!(err.to_string().contains("seed"), "{err}");
    v["seed"] = json!(0);
    v["seed256"] = json!(&hex[..62]);
    let err = Script::parse(&v.to_string()).expect_err("31 bytes");
    assert!(err.to_string().contains("seed256"), "{err}");

    let dir = std::env::temp_dir().join(format!("wolfjudge-export256-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.json");
    std::fs::write(&file, &text).expect("written");
    let path = file.to_string_lossy().to_string();
    let out = wolfjudge(&[
        "verify",
        &path,
        "--commitment",
        stored.commitment(),
        "--lang",
        "en",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        says_with(&stdout, Lang::En, "cli-verify-seed-256", &[("seed", &hex)]),
        "{stdout}"
    );
    for c in stored.chars() {
        assert!(
            stdout.contains(&format!("{}: {} (", c.name, c.role.key())),
            "{} is dealt {:?}: {stdout}",
            c.name,
            c.role
        );
    }
    // The commitment to the integer 0 (the `seed` field) is not this game's.
    let wrong = wolfjudge::engine::rng::commitment(0);
    let out = wolfjudge(&["verify", &path, "--commitment", &wrong, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fixed-deal m32 script with the given steps.
fn m32_script(steps: Value) -> String {
    json!({
        "ruleset": "m32",
        "seed": 1,
        "start": "2026-12-01T20:00:00+08:00",
        "characters": ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"],
        "roles": {"A": "wolf", "B": "wolf", "C": "wolf", "D": "wolf", "E": "seer", "F": "witch",
                  "G": "hunter", "H": "villager", "I": "villager", "J": "villager",
                  "K": "villager", "L": "villager"},
        "steps": steps
    })
    .to_string()
}

#[test]
fn the_parser_takes_the_four_extensions_and_still_refuses_unknown_actions() {
    let text = m32_script(json!([
        {"by": "F", "do": "pass"},
        {"by": "G", "do": "hold_fire"},
        {"by": "judge", "do": "pause"},
        {"by": "A", "do": "vote", "target": "E", "reason": "quiet"},
        {"by": "judge", "do": "resume"},
        {"by": "A", "do": "vote", "target": "E", "reason": "quiet"}
    ]));
    let s = Script::parse(&text).expect("the extensions parse");
    let acts: Vec<&Act> = s
        .steps
        .iter()
        .filter_map(|st| match st {
            Step::Do { act, .. } => Some(act),
            _ => None,
        })
        .collect();
    assert_eq!(acts[0], &Act::WitchPass);
    assert_eq!(acts[1], &Act::HoldFire);
    assert!(matches!(
        &s.steps[2],
        Step::Do {
            by: By::Judge,
            act: Act::Pause
        }
    ));
    // They do what the engine's actions do: in the day the witch and the dead-hunter
    // actions are refused; while paused a vote is refused, and after the resume it counts.
    let run = script::run(&s, Lang::En).expect("runs");
    let codes: Vec<Option<&str>> = run
        .report
        .steps
        .iter()
        .map(|r| r.error.as_deref())
        .collect();
    assert!(codes[0].is_some() && codes[1].is_some(), "{codes:?}");
    assert_eq!(codes[2..], [None, Some("paused"), None, None]);

    let bad = m32_script(json!([{"by": "A", "do": "dance"}]));
    let err = Script::parse(&bad)
        .expect_err("an unknown action")
        .to_string();
    assert!(
        err.contains("step 1") && err.contains("unknown action `dance`"),
        "{err}"
    );
    let extra = m32_script(json!([{"by": "judge", "do": "pause", "for": "1h"}]));
    let err = Script::parse(&extra)
        .expect_err("an extra field")
        .to_string();
    assert!(err.contains("unexpected field `for`"), "{err}");
}

/// Plays one of `tests/scenarios/` and returns the run.
fn scenario(name: &str) -> script::Run {
    script::run(&crate::common::scenario(name), Lang::En).expect("the scenario runs")
}

/// The reveal as the public reads it, in `lang`.
fn reveal_text(run: &script::Run, lang: Lang) -> String {
    let e = run
        .events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Revealed { .. }))
        .expect("the game ended with a reveal");
    wolfjudge::i18n::render(e, &run.game, lang)
}

/// A card as the reveal lists it (`deed-card`): `target`'s card of `color` (`color-<color>`),
/// `public` or not, for `reason` (already worded).
fn card_deed(lang: Lang, target: &str, color: &str, public: bool, reason: &str) -> String {
    let color = msg(lang, &format!("color-{color}"), &[]);
    let public = if public { "yes" } else { "no" };
    msg(
        lang,
        "deed-card",
        &[
            ("target", target),
            ("color", &color),
            ("public", public),
            ("reason", reason),
        ],
    )
}

/// A deed (already worded) in `phase` at `time`, as the reveal lists it
/// (`ev-reveal-deed-at`).
fn deed_at(lang: Lang, phase: Phase, time: &str, deed: String) -> String {
    let phase = wolfjudge::i18n::phase_name(phase, lang);
    msg(
        lang,
        "ev-reveal-deed-at",
        &[("phase", &phase), ("time", time), ("deed", &deed)],
    )
}

/// The rule-slips work: the reveal lists every card (its reason, whether the public saw it),
/// each vote with its change and proxy marked, and the decisions, each with its time.
#[test]
fn the_reveal_lists_cards_vote_changes_proxies_and_decisions_with_times() {
    let run = scenario("m32_reveal_complete");
    let zh = reveal_text(&run, Lang::Zh);
    let en = reveal_text(&run, Lang::En);
    // The night's resolution (G dies, shoots, passes the badge) is at its last deadline;
    // when that is depends on the phase timing rules, so it is read from the game.
    let shot_at = run
        .events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Shot { .. }))
        .map(|e| wolfjudge::i18n::time(e.at, run.game.ruleset().options.time_zone))
        .expect("G shot");
    let day1 = Phase::Day { day: 1, round: 0 };
    let night1 = Phase::Night { night: 1 };
    let closed = "2026-12-01 12:00 UTC";
    for (lang, text) in [(Lang::Zh, &zh), (Lang::En, &en)] {
        let t = |key: &str, args: &[(&str, &str)]| msg(lang, key, args);
        let reasoned =
            |what: String, reason: &str| t("with-reason", &[("what", &what), ("reason", reason)]);
        let vote = |by: &str, target: &str| t("deed-vote", &[("by", by), ("target", target)]);
        let judged = t("card-reason-judge", &[("text", "刷屏")]);
        let few = [("day", "1"), ("posts", "0"), ("min", "5")];
        let change = [("by", "H"), ("from", "E"), ("to", "G")];
        for line in [
            // A public card from the judge, and the automatic ones of the day-1 close.
            card_deed(lang, "I", "blue", true, &judged),
            card_deed(lang, "E", "yellow", true, &t("card-reason-few-posts", &few)),
            // The vote change old -> new, the proxy cast by the judge.
            deed_at(lang, day1, closed, reasoned(vote("H", "E"), "先手")),
            deed_at(
                lang,
                day1,
                closed,
                reasoned(t("deed-vote-change", &change), "改票"),
            ),
            deed_at(
                lang,
                day1,
                closed,
                t("deed-proxy", &[("what", &vote("C", "G")), ("by", "C")]),
            ),
            // The decisions at the night's resolution, with their time.
            deed_at(
                lang,
                night1,
                &shot_at,
                t("deed-shoot", &[("by", "G"), ("target", "H")]),
            ),
            deed_at(
                lang,
                night1,
                &shot_at,
                t("deed-pass-badge", &[("by", "G"), ("target", "E")]),
            ),
        ] {
            assert!(text.contains(&line), "missing `{line}` in:\n{text}");
        }
        // D's private card, only its wolf was told of: its reason names the leader
        // election.
        let private = card_deed(
            lang,
            "D",
            "yellow",
            false,
            &t("card-reason-leader-vote-judge", &[]),
        );
        assert!(text.contains(&private), "missing `{private}` in:\n{text}");
    }
}

/// The rule-slips work (simulate --seed 22): a hunter who declines to shoot is logged as
/// having chosen so, not as having let his time run out.
#[test]
fn a_declined_shot_is_logged_as_a_choice() {
    let run = scenario("m32_refuse_hunter_decline");
    let log = |lang: Lang| -> String {
        run.events
            .iter()
            .filter(|e| e.audience() == wolfjudge::engine::Audience::Judge)
            .map(|e| wolfjudge::i18n::render_judge(e, &run.game, lang))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (zh, en) = (log(Lang::Zh), log(Lang::En));
    for (lang, log) in [(Lang::Zh, &zh), (Lang::En, &en)] {
        let held = msg(lang, "ev-shot-declined", &[("name", "G")]);
        assert!(log.contains(&held), "{log}");
        for lapsed in ["ev-lapsed-shoot", "deed-lapsed-shoot"] {
            assert!(!says_with(log, lang, lapsed, &[]), "{log}");
        }
    }
}

/// docs/rules.md §4: a simulated `wolf-king` game (the guard protects, the knight duels) played
/// through the store exports as a script whose steps include `protect` (with and without a
/// target) and `duel`, which replays to the stored game; the script names the board.
/// Plays a simulated game of the `wolf-king` board (protections, duels, self-destructs)
/// through the store.
async fn stored_board_game(store: &Store, key: &str) -> i64 {
    let sim = sim::simulate("wolf-king", 3, None, Lang::En).expect("the simulation runs");
    let mut setup = sim.setup.clone();
    setup.players = None;
    let id = store
        .create_game(key, &setup, Lang::En)
        .await
        .expect("the game is created");
    wolfjudge::runtime::deadlines::replay_inputs(store, GameId(id), &sim.inputs, "test-worker")
        .await
        .expect("the inputs play");
    id
}

/// Every step of an exported script, read by `Script::parse` (the one action type) and
/// written back, is the step the export wrote.
fn assert_steps_round_trip(script: &ScriptFile) {
    let text = serde_json::to_string(script).expect("the script as JSON");
    let parsed = Script::parse(&text).expect("the exported script parses");
    let back: Vec<Value> = parsed
        .steps
        .iter()
        .map(|s| s.to_json().expect("a step as JSON"))
        .collect();
    assert_eq!(back.len(), script.steps.len());
    for (written, read) in script.steps.iter().zip(&back) {
        assert_eq!(written, read);
    }
}

#[sqlx::test(migrations = "./migrations")]
async fn exported_steps_round_trip_through_the_action_type(pool: PgPool) {
    let store = Store::new(pool);
    // A real game with its odd commands (an unknown seat, a refused extension, a pause) ...
    let id = stored_game(&store, "export-round-trip").await;
    let export = replay::export(&store, GameId(id))
        .await
        .expect("the game exports");
    assert_steps_round_trip(&export.script);
    // ... and a board game's actions (protections of nobody, duels, self-destructs).
    let id = stored_board_game(&store, "export-round-trip-board").await;
    let export = replay::export(&store, GameId(id))
        .await
        .expect("the game exports");
    assert_steps_round_trip(&export.script);
    let kinds: std::collections::BTreeSet<&str> = export
        .script
        .steps
        .iter()
        .filter_map(|s| s["do"].as_str())
        .collect();
    assert!(kinds.len() >= 8, "many kinds of action: {kinds:?}");
}

#[sqlx::test(migrations = "./migrations")]
async fn an_exported_board_game_keeps_the_new_actions(pool: PgPool) {
    let store = Store::new(pool);
    let id = stored_board_game(&store, "export-board").await;
    let export = replay::export(&store, GameId(id))
        .await
        .expect("the game exports");
    assert!(export.mismatches.is_empty(), "{:?}", export.mismatches);
    let script = &export.script;
    assert_eq!(script.ruleset, "wolf-king");
    let steps = &script.steps;
    let has = |what: &str| steps.iter().any(|s| s["do"] == what);
    assert!(
        has("protect") && has("duel"),
        "the board's actions are exported"
    );
    assert!(
        steps
            .iter()
            .any(|s| s["do"] == "protect" && s.get("target").is_none()),
        "a protection of nobody has no target"
    );
    let text = serde_json::to_string_pretty(script).expect("the script as JSON");
    let parsed = Script::parse(&text).expect("the exported script parses");
    let run = script::run(&parsed, Lang::En).expect("the script runs");
    assert_eq!(run.report, export.report);
}

/// A UNO game played through the service (a deal from a sign-up, plays and draws from what
/// "My hand" offers, a turn timed out by its deadline row) exports with `wolfjudge export`
/// as a UNO script; `wolfjudge script` on it prints the report written beside it, byte for
/// byte, and that report is the stored game's.
#[sqlx::test(migrations = "./migrations")]
async fn wolfjudge_export_writes_a_uno_game_as_a_script_that_replays(pool: PgPool) {
    use std::sync::Arc;
    use wolfjudge::service::clock::VirtualClock;
    use wolfjudge::service::{Account, Channel, Guild, ServerRole, Service};
    let url = url_of(&pool);
    let start = chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 12, 1, 12, 0, 0).unwrap();
    let clock = VirtualClock::new(start);
    let service = Service::new(
        Store::new(pool),
        Arc::new(clock.clone()),
        Default::default(),
        Some(7),
    );
    let guild = Guild::new(77);
    crate::common::seated::set_up(
        &service,
        guild,
        Channel::new(78),
        ServerRole::new(79),
        Channel::new(80),
    )
    .await;
    let chosen = [("rounds".to_string(), "1".to_string())].into();
    let s = service
        .open_uno_signup(guild, Account::new(9), chosen, Lang::Zh)
        .await
        .expect("a UNO sign-up");
    for i in 0..3 {
        service
            .join(s.row.id, Account::new(100 + i), &format!("P{i}"))
            .await
            .expect("a join");
    }
    let game = service.start(s.row.id).await.expect("the deal");
    for n in 0..400 {
        let st = service.uno_game(game).await.expect("the game");
        if st.game.ended() {
            break;
        }
        if n == 3 {
            let due = st.game.deadline.expect("a turn's deadline");
            clock.set(due + Duration::seconds(1));
            wolfjudge::runtime::deadlines::fire_due(
                service.store(),
                Some(game),
                service.now(),
                "t",
            )
            .await
            .expect("the timeout fires");
            continue;
        }
        let mover = st.seats[st.game.turn];
        let hand = service
            .uno_hand(game, mover, Lang::Zh)
            .await
            .expect("a hand");
        let code = hand.moves.first().expect("a move").0.clone();
        clock.set(service.now() + Duration::seconds(3));
        service
            .uno_move(game, mover, &code, &format!("m{n}"), Lang::Zh)
            .await
            .expect("an offered move");
    }
    let stored = service.uno_game(game).await.expect("the game");
    assert!(stored.game.ended(), "the game ended");
    let dir = std::env::temp_dir().join(format!("wolfjudge-uno-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("uno.json");
    let path = file.to_string_lossy().to_string();
    let id = game.get().to_string();
    let out = wolfjudge(&["export", &id, "--database-url", &url, "--out", &path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let script_text = std::fs::read_to_string(&file).expect("the script");
    assert!(
        script_text.contains("\"ruleset\": \"uno\""),
        "{script_text}"
    );
    let report_text = std::fs::read_to_string(dir.join("uno.report.json")).expect("the report");
    let out = wolfjudge(&["script", &path, "--lang", "en"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), report_text);
    let report: Value = serde_json::from_str(&report_text).expect("JSON");
    let mut want = serde_json::to_value(wolfjudge::uno::script::Report::of(&stored.game, vec![]))
        .expect("a report");
    want["steps"] = report["steps"].clone();
    assert_eq!(report, want, "the replay's report is the stored game's");
    assert!(report["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .all(|s| s["ok"] == json!(true)));
    let _ = std::fs::remove_dir_all(&dir);
}
