//! The command line's edges, as a user meets them: the built `wolfjudge` binary run with
//! arguments, its exit code and what it prints on stdout and stderr (the newcomer's-first-hour work).

use crate::common;
use crate::common::catalog::{msg, says, says_with, zh};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use sqlx::PgPool;
use wolfjudge::engine::{Game, Winner};
use wolfjudge::i18n::{self, Lang};
use wolfjudge::sim;

fn wolfjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wolfjudge"))
        .args(args)
        .output()
        .expect("wolfjudge runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A file in a fresh temporary directory of this test process.
fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wolfjudge-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// The text with every ASCII letter run removed except the allowed ones, to find English
/// left in a Chinese line.
fn english_words(line: &str, allowed: &[&str]) -> Vec<String> {
    let mut rest = line.to_string();
    for a in allowed {
        rest = rest.replace(a, "");
    }
    rest.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() > 1)
        .map(str::to_string)
        .collect()
}

#[test]
fn simulate_names_the_player_counts_a_ruleset_seats_in_the_chosen_language() {
    let out = wolfjudge(&["simulate", "--players", "9"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let seats = [("players", "9"), ("allowed", "12")];
    assert!(
        says_with(&err, Lang::Zh, "sim-error-players", &seats),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "no game is played");

    let out = wolfjudge(&[
        "simulate",
        "--ruleset",
        "mafia",
        "--players",
        "9",
        "--lang",
        "en",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let seats = [("ruleset", "mafia"), ("players", "9"), ("allowed", "11-16")];
    assert!(
        err.contains(&msg(Lang::En, "sim-error-players", &seats)),
        "{err}"
    );
}

/// A port on this machine where nothing listens (it was free a moment ago).
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

#[test]
fn an_unreachable_database_is_said_at_once_with_its_host_port_and_cause() {
    let port = closed_port();
    let url = format!("postgres://judge:s3cret-pw@127.0.0.1:{port}/wolf");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/m32_format_example.json"
    );
    let commands: [&[&str]; 9] = [
        &["export", "1"],
        &["standings", "Cup"],
        &["migrate"],
        &["worker", "--until", "2026-12-01T00:00:00Z"],
        &["script", script],
        &["simulate"],
        &["simulate", "--tournament", "Cup"],
        &["bench", "--games", "0"],
        &["run", "--no-gateway"],
    ];
    for args in commands {
        let started = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_wolfjudge"))
            .args(args)
            .args(["--database-url", &url])
            .env("DISCORD_TOKEN", "not-a-real-token")
            .output()
            .expect("wolfjudge runs");
        let took = started.elapsed();
        let err = stderr(&out);
        assert!(!out.status.success(), "{args:?}");
        assert!(took < Duration::from_secs(5), "{args:?} took {took:?}");
        assert!(
            err.contains(&format!("cannot connect to PostgreSQL at 127.0.0.1:{port}"))
                && err.contains("connection refused"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("s3cret-pw"), "{args:?} shows the password");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// Runs `wolfjudge` with its stdout's reading end closed at once, as `| head` does once
/// it has read enough; returns what came of it.
fn with_stdout_closed(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wolfjudge"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("wolfjudge starts");
    drop(child.stdout.take());
    child.wait_with_output().expect("wolfjudge ends")
}

fn assert_ends_quietly(args: &[&str], out: &Output) {
    let err = stderr(out);
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_ne!(out.status.code(), Some(101), "{args:?}: {err}");
    assert!(out.status.success(), "{args:?}: {err}");
}

#[test]
fn a_closed_stdout_ends_simulate_quietly() {
    let args = ["simulate", "--games", "3"];
    assert_ends_quietly(&args, &with_stdout_closed(&args));
}

#[sqlx::test]
async fn a_closed_stdout_ends_export_quietly(pool: PgPool) {
    let url = common::url_of(&pool);
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/m32_format_example.json"
    );
    let out = wolfjudge(&[
        "script",
        script,
        "--database-url",
        &url,
        "--run-key",
        "piped",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let args = ["export", "piped", "--database-url", &url];
    assert_ends_quietly(&args, &with_stdout_closed(&args));
    // Read to the end, the same command prints the script.
    let out = wolfjudge(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"ruleset\": \"m32\""));
}

#[sqlx::test]
async fn standings_with_an_unwritable_chart_path_prints_the_table_then_says_why(pool: PgPool) {
    let url = common::url_of(&pool);
    let out = wolfjudge(&[
        "simulate",
        "--ruleset",
        "mafia",
        "--tournament",
        "Chart Cup",
        "--lang",
        "en",
        "--database-url",
        &url,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));

    let good = temp_file("chart.png");
    let good_arg = good.to_string_lossy();
    let standings = |chart: &str| {
        wolfjudge(&[
            "standings",
            "Chart Cup",
            "--lang",
            "en",
            "--database-url",
            &url,
            "--chart",
            chart,
        ])
    };
    let ok = standings(&good_arg);
    assert!(ok.status.success(), "{}", stderr(&ok));
    assert!(good.exists());

    let bad = temp_file("no-such-dir").join("chart.png");
    let bad_arg = bad.to_string_lossy();
    let out = standings(&bad_arg);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        stdout(&ok),
        "the table is printed all the same"
    );
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        says_with(
            &err,
            Lang::En,
            "cli-chart-write",
            &[("path", bad_arg.as_ref())]
        ) && err.contains("No such file or directory"),
        "{err}"
    );
    let _ = std::fs::remove_file(&good);
}

#[test]
fn simulate_refuses_seeds_that_would_wrap_and_takes_the_last_seed() {
    let out = wolfjudge(&["simulate", "--seed", "18446744073709551615", "--games", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("18446744073709551615"), "{err}");
    assert!(out.stdout.is_empty(), "nothing is played");

    // The two last seeds are still playable.
    let out = wolfjudge(&[
        "simulate",
        "--seed",
        "18446744073709551614",
        "--games",
        "2",
        "--lang",
        "en",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("(seed 18446744073709551614)")
            && text.contains("(seed 18446744073709551615)"),
        "{text}"
    );
    assert!(!text.contains("(seed 0)"), "no seed wrapped around");
}

#[test]
fn judge_without_tournament_is_refused() {
    let out = wolfjudge(&["simulate", "--judge", "Quinn"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("--tournament"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn verify_speaks_the_chosen_language() {
    let file = temp_file("verify.json");
    let names = [
        "阿狸", "白菜", "春卷", "豆包", "饿了", "番茄", "果冻", "海苔", "酱油", "可乐", "辣条",
        "馒头",
    ];
    let script = serde_json::json!({
        "ruleset": "m32",
        "seed": 7,
        "start": "2026-12-01T20:00:00+08:00",
        "characters": names,
        "steps": []
    });
    std::fs::write(&file, script.to_string()).expect("written");
    let path = file.to_string_lossy().to_string();
    let commitment = wolfjudge::engine::rng::commitment(7);

    let out = wolfjudge(&["verify", &path, "--commitment", &commitment]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 2 + names.len() + 1, "{text}");
    for line in text.lines() {
        let english = english_words(line, &[&commitment, "SHA-256"]);
        assert!(english.is_empty(), "English {english:?} in `{line}`");
    }
    assert!(text.contains(&zh("cli-verify-deal", &[])), "{text}");
    for name in names {
        assert!(
            text.lines().any(|l| l.starts_with("  ")
                && says_with(l, Lang::Zh, "cli-verify-role", &[("name", name)])),
            "{text}"
        );
    }

    let out = wolfjudge(&["verify", &path, "--commitment", &commitment, "--lang", "en"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains(&msg(Lang::En, "cli-verify-deal", &[])));

    let wrong = wolfjudge::engine::rng::commitment(8);
    let out = wolfjudge(&["verify", &path, "--commitment", &wrong]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let mismatch = [
        ("seed", "7"),
        ("got", commitment.as_str()),
        ("want", wrong.as_str()),
    ];
    assert!(err.contains(&zh("cli-verify-mismatch", &mismatch)), "{err}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn every_database_flag_has_help_naming_the_default() {
    for sub in [
        "script",
        "export",
        "standings",
        "migrate",
        "worker",
        "bench",
        "run",
        "simulate",
    ] {
        let out = wolfjudge(&[sub, "--help"]);
        assert!(out.status.success());
        let help = stdout(&out);
        let flag = help
            .lines()
            .skip_while(|l| !l.trim_start().starts_with("--database-url"))
            .take(3)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            flag.contains(wolfjudge::store::DEFAULT_DATABASE_URL) && flag.contains("$DATABASE_URL"),
            "{sub}: {flag}"
        );
    }
}

/// The summary line `wolfjudge simulate --games N` prints for a game.
fn summary_line(lang: Lang, game: usize, seed: u64, s: &sim::Simulation) -> String {
    let days = Game::replay(&s.events).last_day();
    let result = match s.winner {
        Some(Winner::Draw) => msg(lang, "cli-sim-result-draw", &[]),
        Some(w) => msg(
            lang,
            "cli-sim-result-winner",
            &[("winner", &i18n::winner_name(w, lang))],
        ),
        None => msg(lang, "cli-sim-result-none", &[]),
    };
    let (game, seed, days) = (game.to_string(), seed.to_string(), days.to_string());
    let line = msg(
        lang,
        "cli-sim-summary-game",
        &[
            ("game", &game),
            ("seed", &seed),
            ("result", &result),
            ("days", &days),
        ],
    );
    format!("  {line}")
}

#[test]
fn several_simulated_games_are_separated_and_summed_up() {
    for (lang, arg) in [(Lang::En, "en"), (Lang::Zh, "zh")] {
        let out = wolfjudge(&["simulate", "--seed", "5", "--games", "3", "--lang", arg]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let mut at = 0;
        for (i, seed) in (5..8).enumerate() {
            let s = sim::simulate("m32", seed, None, lang).expect("plays");
            let (game, seed_text) = ((i + 1).to_string(), seed.to_string());
            let heading = msg(
                lang,
                "cli-sim-game",
                &[("game", &game), ("games", "3"), ("seed", &seed_text)],
            );
            let h = text[at..]
                .find(&heading)
                .unwrap_or_else(|| panic!("no `{heading}` after byte {at}"));
            let t = text[at + h..]
                .find(&s.transcript)
                .unwrap_or_else(|| panic!("game {seed}'s transcript is not under `{heading}`"));
            at += h + t + s.transcript.len();
            let line = summary_line(lang, i + 1, seed, &s);
            assert!(
                text.lines().any(|l| l == line),
                "no `{line}` in the summary"
            );
        }
        let summary = msg(lang, "cli-sim-summary", &[("games", "3")]);
        assert!(text[at..].contains(&summary), "the summary comes last");
    }

    // One game is its transcript alone.
    let out = wolfjudge(&["simulate", "--seed", "5", "--lang", "en"]);
    let s = sim::simulate("m32", 5, None, Lang::En).expect("plays");
    assert_eq!(stdout(&out), s.transcript);
}

#[sqlx::test]
async fn simulate_tournament_reports_progress_in_chinese(pool: PgPool) {
    let url = common::url_of(&pool);
    // A player count the ruleset cannot seat is refused before anything is stored.
    let out = wolfjudge(&[
        "simulate",
        "--ruleset",
        "mafia",
        "--players",
        "20",
        "--tournament",
        "春季杯",
        "--database-url",
        &url,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let store = wolfjudge::store::Store::new(pool);
    assert!(store.tournament("春季杯").await.expect("query").is_none());

    let out = wolfjudge(&[
        "simulate",
        "--ruleset",
        "mafia",
        "--games",
        "2",
        "--tournament",
        "春季杯",
        "--database-url",
        &url,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let recorded = [("tournament", "春季杯"), ("game", "2"), ("seed", "2")];
    assert!(
        err.contains(&zh("cli-sim-tournament-game", &recorded)),
        "{err}"
    );
    assert!(says(&err, "cli-sim-stored"), "{err}");
    for line in err.lines() {
        let english = english_words(line, &["wolfjudge", "simulate"]);
        assert!(english.is_empty(), "English {english:?} in `{line}`");
    }
}

#[test]
fn help_texts_point_at_files_in_the_repository_docs() {
    let script_help = stdout(&wolfjudge(&["script", "--help"]));
    assert!(
        script_help.contains("docs/script-format.md"),
        "{script_help}"
    );
    for sub in ["--help", "script --help", "export --help", "verify --help"] {
        let args: Vec<&str> = sub.split(' ').collect();
        let help = stdout(&wolfjudge(&args));
        for word in help.split_whitespace() {
            let word = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '/');
            if word.ends_with(".md") || word.contains(".md)") {
                assert!(word.starts_with("docs/"), "`{sub}` names {word}");
                let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(word);
                assert!(
                    file.is_file(),
                    "`{sub}` names {word}, which is not in the repository"
                );
            }
        }
    }
}

/// `simulate --charts DIR` writes the pictures the reveal attaches, one per vote and the
/// timeline, each a PNG of its laid-out size, and says so; a folder that cannot be made is
/// an error naming it.
#[test]
fn simulate_writes_the_reveals_pictures_into_the_charts_folder() {
    let dir = temp_file("charts");
    let _ = std::fs::remove_dir_all(&dir);
    let out = wolfjudge(&[
        "simulate",
        "--seed",
        "3",
        "--charts",
        &dir.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let played = sim::simulate("m32", 3, None, Lang::Zh).expect("plays");
    let charts = wolfjudge::chart::Charts::of(&played.events, Lang::Zh).expect("laid out");
    let mut want: Vec<(String, (u32, u32))> = charts
        .votes
        .iter()
        .map(|v| (v.name.clone(), v.size()))
        .collect();
    want.push(("timeline.png".into(), charts.timeline.size()));
    for (name, size) in &want {
        let bytes = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let img = image::load_from_memory(&bytes).expect("a PNG");
        assert_eq!((img.width(), img.height()), *size, "{name}");
    }
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    written.sort();
    let mut names: Vec<String> = want.into_iter().map(|(n, _)| n).collect();
    names.sort();
    assert_eq!(written, names, "nothing else");
    let said = [
        ("count", names.len().to_string()),
        ("seed", "3".to_string()),
    ];
    let said: Vec<(&str, &str)> = said.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert!(
        says_with(&stderr(&out), Lang::Zh, "cli-sim-charts", &said),
        "{}",
        stderr(&out)
    );
    // The transcript is printed as without --charts.
    assert_eq!(stdout(&out), played.transcript);

    // A folder under a file cannot be made: the error names it, after the game was shown.
    let file = temp_file("not-a-folder");
    std::fs::write(&file, "x").expect("a file");
    let under = file.join("charts");
    let out = wolfjudge(&[
        "simulate",
        "--seed",
        "3",
        "--charts",
        &under.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let path = [("path", under.display().to_string())];
    let path: Vec<(&str, &str)> = path.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert!(
        says_with(&stderr(&out), Lang::Zh, "cli-chart-write", &path),
        "{}",
        stderr(&out)
    );
}

/// `wolfjudge script` plays a UNO script (docs/script-format.md, *UNO scripts*): the report
/// has the contract's keys in its order, and a refused step carries its code and a message
/// in the language asked, naming whose turn it is.
#[test]
fn a_uno_script_prints_the_uno_report_with_refusals_in_the_language_asked() {
    let file = "tests/scenarios/uno/draw_two_no_stacking.json";
    for (lang, said) in [("zh", "现在轮到 A 出牌"), ("en", "It is A's turn")] {
        let out = wolfjudge(&["script", file, "--lang", lang]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let report: serde_json::Value = serde_json::from_str(&text).expect("a JSON report");
        let at: Vec<usize> = wolfjudge::uno::script::REPORT_KEYS
            .iter()
            .map(|k| {
                text.find(&format!("\"{k}\""))
                    .unwrap_or_else(|| panic!("no {k} in {text}"))
            })
            .collect();
        assert!(
            at.windows(2).all(|w| w[0] < w[1]),
            "keys out of order: {text}"
        );
        assert_eq!(report["ruleset"], "uno");
        // C's +2 on B's +2: C was made to draw and lost the turn (no stacking).
        let refused = &report["steps"][1];
        assert_eq!(refused["ok"], false);
        assert_eq!(refused["error"], "not_your_turn");
        let message = refused["message"].as_str().expect("a message");
        assert!(message.contains(said), "{lang}: {message}");
    }
    // A UNO game is not stored yet: asked to, the script is refused, not played elsewhere.
    let out = wolfjudge(&["script", file, "--database-url", "postgres://127.0.0.1:1/x"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("--database-url"), "{}", stderr(&out));
}

/// `wolfjudge simulate --ruleset uno` prints the table's log for everyone and each hand only
/// under its holder's name: each round's three hands appear once each, behind the line that
/// says who alone sees it.
#[test]
fn simulate_uno_shows_each_hand_to_its_holder_only() {
    let out = wolfjudge(&[
        "simulate",
        "--ruleset",
        "uno",
        "--players",
        "3",
        "--seed",
        "5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let hands: Vec<&str> = text.lines().filter(|l| l.contains("你的手牌")).collect();
    // Three hands a round, as many rounds as it takes to reach the target score.
    let rounds = text.lines().filter(|l| l.contains("赢下本局")).count();
    assert!(rounds >= 1, "{text}");
    assert_eq!(hands.len(), 3 * rounds, "{text}");
    for line in &hands {
        assert!(line.starts_with("【仅 "), "a hand on the table: {line}");
    }
    for line in text.lines().filter(|l| l.starts_with("【牌桌】")) {
        assert!(
            !line.contains("你的手牌") && !line.contains("你摸到了"),
            "a private line on the table: {line}"
        );
    }
    assert!(
        text.contains("赢下本局"),
        "the game has a round's end: {text}"
    );
    let refused = wolfjudge(&["simulate", "--ruleset", "uno", "--charts", "x"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("--charts"),
        "{}",
        stderr(&refused)
    );
}

/// `simulate --ruleset uno --games 5` is a UNO contest (docs/rules.md §3): five one-round
/// games, then the standings. Each player's total in the table is the sum of the points
/// left in their hand that each game's end announced, and the lowest total is first.
#[test]
fn a_simulated_uno_contest_sums_each_games_hand_points() {
    let out = wolfjudge(&[
        "simulate",
        "--ruleset",
        "uno",
        "--games",
        "5",
        "--seed",
        "3",
        "--lang",
        "en",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut sums: std::collections::BTreeMap<String, u32> = Default::default();
    let ends: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once("Points left in hand: ").map(|(_, rest)| rest))
        .collect();
    assert_eq!(ends.len(), 5, "one round a game: {text}");
    for end in ends {
        for part in end.split(", ") {
            let (name, points) = part.rsplit_once(' ').expect("name and points");
            *sums.entry(name.to_string()).or_default() += points.parse::<u32>().expect("points");
        }
    }
    let table: Vec<(String, u32)> = text
        .lines()
        .skip_while(|l| !l.starts_with("UNO contest"))
        .skip(3)
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            let total = cells[cells.len() - 3].parse().expect("a total");
            (cells[1].to_string(), total)
        })
        .collect();
    assert_eq!(table.len(), sums.len(), "{text}");
    for (name, total) in &table {
        assert_eq!(Some(total), sums.get(name), "{name}: {text}");
    }
    assert!(
        table.windows(2).all(|w| w[0].1 <= w[1].1),
        "lowest first: {text}"
    );
}

/// `wolfjudge verify` on a UNO game: the seed checked against the commitment, then every
/// shuffle with its stream and every hand as dealt, which are the hands the game had.
#[test]
fn verify_recomputes_a_uno_games_shuffles_and_hands() {
    use wolfjudge::uno::event::Event;
    let file = temp_file("verify-uno.json");
    let script = serde_json::json!({
        "ruleset": "uno",
        "seed": 7,
        "start": "2026-12-01T20:00:00+08:00",
        "characters": ["阿狸", "白菜", "春卷"],
        "options": {"rounds": 1},
        "steps": []
    });
    std::fs::write(&file, script.to_string()).expect("written");
    let path = file.to_string_lossy().to_string();
    let commitment = wolfjudge::engine::rng::commitment(7);
    let out = wolfjudge(&["verify", &path, "--commitment", &commitment]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(&commitment), "{text}");
    // The same hands the game was dealt, one line each, in the script's notation.
    let parsed = wolfjudge::uno::script::Script::parse(&script.to_string()).expect("a UNO script");
    let run = wolfjudge::uno::script::run(&parsed, &|r| r.code().to_string()).expect("plays");
    let hands = run
        .events
        .iter()
        .find_map(|e| match e {
            Event::Dealt { hands } => Some(hands.clone()),
            _ => None,
        })
        .expect("a deal");
    for (name, hand) in ["阿狸", "白菜", "春卷"].iter().zip(&hands) {
        let cards: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
        let line = format!("  {name}：{}", cards.join(" "));
        assert!(text.lines().any(|l| l == line), "no `{line}` in {text}");
    }
    let shuffles = run
        .events
        .iter()
        .filter(|e| matches!(e, Event::Shuffled { .. }))
        .count();
    assert!(
        shuffles >= 2,
        "the dealer's deck and the round's: {shuffles}"
    );
    let stream = wolfjudge::engine::rng::uno_shuffle_stream(0).to_string();
    assert!(text.contains(&stream), "{text}");
    let wrong = wolfjudge::engine::rng::commitment(8);
    let out = wolfjudge(&["verify", &path, "--commitment", &wrong]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let _ = std::fs::remove_file(&file);
}
