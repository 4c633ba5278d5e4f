//! A five-game `mafia` tournament played with game scripts through PostgreSQL
//! (`tests/tournaments/mafia_g1.json` … `g5.json`), its standings and awards checked against
//! a table worked out by hand below (not from the code's output), and the chart decoded;
//! the cross-game first-night rule refusing the previous game's victim and allowing another.
//! Each test gets its own database (`#[sqlx::test]`, which needs `DATABASE_URL`).

use std::path::Path;
use wolfjudge::store::ids::GameId;

use crate::common::catalog::{msg, roles_named, says_with, zh};
use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;
use wolfjudge::engine::{Event, EventKind, Role, Winner};
use wolfjudge::i18n::{Lang, MISSING_OPEN};
use wolfjudge::recorder::Recorder;
use wolfjudge::script::{Act, By, Script, Step};
use wolfjudge::service::replay;
use wolfjudge::store::tournament::TournamentError;
use wolfjudge::store::Store;
use wolfjudge::tournament::{
    compute, default_judge, render_chart_png, render_table, score_game, Award, Scoring, Standings,
    TieBreak, Tournament,
};

/// Sign-up order (one minute apart); the judge Wu and the late substitute Oz never sign up.
const SIGNUPS: [&str; 14] = [
    "Ann", "Ben", "Cao", "Dai", "Eve", "Fan", "Gus", "Hu", "Ivy", "Jun", "Kai", "Lin", "Mei", "Ned",
];

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s)
        .expect("valid time")
        .with_timezone(&Utc)
}

fn script(name: &str) -> Script {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/tournaments")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("readable script");
    Script::parse(&text).expect("valid script")
}

/// One row of the hand-made table: player, points per game (`None`: not in that game),
/// total, games (played or judged), killer points, detective points, wins by role.
type Row = (
    &'static str,
    [Option<u32>; 5],
    u32,
    u32,
    u32,
    u32,
    &'static [(Role, u32)],
);

const N: Option<u32> = None;

/// The standings worked out by hand from the five scripts and the seed's table (judge 1,
/// civilian 2, killer 3, police 3; losers 0; a draw 0):
///
/// - G1 (11: Ann..Kai): killers Ann Ben Cao, police Dai Eve Fan, civilians Gus Hu Ivy Jun
///   Kai. Gus killed, Ann voted out, Ben removed by the judge, Cao concedes: **police win**.
///   Dai Eve Fan 3 each; Gus Hu Ivy Jun Kai 2 each (Gus is dead and still wins).
/// - G2 (12: Ann..Lin): killers Dai Gus Lin, police Ann Hu Jun. Ann killed; on day 1 the
///   judge hands Lin's character to **Ned**; Hu voted out; Jun concedes: **killers win**.
///   Dai Gus 3 each, and Lin's 3 go to Ned (Lin: nothing, and G2 is not one of his games).
/// - G3 (13: Ann..Mei): killers Eve Ivy Mei, police Dai Fan Kai, civilians Ann Ben Cao Gus
///   Hu Jun Lin. Cao killed; **Lin gets a red card** (sent off; in `mafia` the camp does not
///   lose); Eve voted out, Ivy removed, Mei concedes: **police win**. Dai Fan Kai 3 each;
///   Ann Ben Cao Gus Hu Jun Lin 2 each (Lin's camp won: he scores like any dead civilian).
/// - G4 (11: Ann Ben Cao Eve Gus Hu Ivy Jun Lin Mei Oz): day 1 tied three times: **draw**,
///   0 for everyone.
/// - G5 (12: Ann Ben Cao Dai Eve Fan Gus Hu Jun Kai Lin Ned): killers Fan Gus Ned, police
///   Ben Hu Jun. Ben killed, Hu voted out, Jun concedes: **killers win**. Fan Gus Ned 3 each.
/// - Judge Wu: 1 per game, 5 games judged.
///
/// Ordered by total, then fewer games, then earlier sign-up (unsigned last), then name.
#[rustfmt::skip]
const EXPECTED: [Row; 16] = [
    //       G1       G2       G3       G4       G5       total, games, killer, detective, wins
    // Gus: 2 (G1 civ) + 3 (G2 killer) + 2 (G3 civ) + 0 (G4 draw) + 3 (G5 killer) = 10
    ("Gus", [Some(2), Some(3), Some(2), Some(0), Some(3)], 10, 5, 3 + 3, 0,     &[(Role::Killer, 2), (Role::Civilian, 2)]),
    // Dai: 3 (G1 police) + 3 (G2 killer) + 3 (G3 police) + 0 (G5 civ, lost) = 9; 4 games
    ("Dai", [Some(3), Some(3), Some(3), N,       Some(0)],  9, 4, 3,     3 + 3, &[(Role::Killer, 1), (Role::Police, 2)]),
    // Fan: 3 (G1 police) + 0 + 3 (G3 police) + 3 (G5 killer) = 9; 4 games, signed up after Dai
    ("Fan", [Some(3), Some(0), Some(3), N,       Some(3)],  9, 4, 3,     3 + 3, &[(Role::Killer, 1), (Role::Police, 2)]),
    // Ned: 3 (G2, as Lin's substitute) + 3 (G5 killer) = 6; 2 games
    ("Ned", [N,       Some(3), N,       N,       Some(3)],  6, 2, 3 + 3, 0,     &[(Role::Killer, 2)]),
    // Kai: 2 (G1 civ) + 0 + 3 (G3 police) + 0 (G5 civ) = 5; 4 games
    ("Kai", [Some(2), Some(0), Some(3), N,       Some(0)],  5, 4, 0,     3,     &[(Role::Police, 1), (Role::Civilian, 1)]),
    // Wu (judge): 1 + 1 + 1 + 1 + 1 = 5; 5 games judged
    ("Wu",  [Some(1), Some(1), Some(1), Some(1), Some(1)],  5, 5, 0,     0,     &[]),
    // Hu: 2 (G1 civ) + 0 (G2 police, lost) + 2 (G3 civ) + 0 + 0 = 4; 5 games, signed up 8th
    ("Hu",  [Some(2), Some(0), Some(2), Some(0), Some(0)],  4, 5, 0,     0,     &[(Role::Civilian, 2)]),
    // Jun: 2 + 0 + 2 + 0 + 0 = 4; 5 games, signed up 10th
    ("Jun", [Some(2), Some(0), Some(2), Some(0), Some(0)],  4, 5, 0,     0,     &[(Role::Civilian, 2)]),
    // Eve: 3 (G1 police) + 0 + 0 (G3 killer, lost) + 0 + 0 = 3
    ("Eve", [Some(3), Some(0), Some(0), Some(0), Some(0)],  3, 5, 0,     3,     &[(Role::Police, 1)]),
    // Lin: G2 handed to Ned (-) + 2 (G3 civ, red-carded, camp won) + 0 + 0 = 2; 3 games
    ("Lin", [N,       N,       Some(2), Some(0), Some(0)],  2, 3, 0,     0,     &[(Role::Civilian, 1)]),
    // Ivy: 2 (G1 civ) + 0 + 0 (G3 killer) + 0 = 2; 4 games
    ("Ivy", [Some(2), Some(0), Some(0), Some(0), N      ],  2, 4, 0,     0,     &[(Role::Civilian, 1)]),
    // Ann, Ben, Cao: 0 + 0 + 2 (G3 civ) + 0 + 0 = 2; 5 games; signed up 1st, 2nd, 3rd
    ("Ann", [Some(0), Some(0), Some(2), Some(0), Some(0)],  2, 5, 0,     0,     &[(Role::Civilian, 1)]),
    ("Ben", [Some(0), Some(0), Some(2), Some(0), Some(0)],  2, 5, 0,     0,     &[(Role::Civilian, 1)]),
    ("Cao", [Some(0), Some(0), Some(2), Some(0), Some(0)],  2, 5, 0,     0,     &[(Role::Civilian, 1)]),
    // Oz: only G4 (draw) = 0; 1 game, never signed up. Mei: G3 killer lost + G4 draw = 0; 2 games
    ("Oz",  [N,       N,       N,       Some(0), N      ],  0, 1, 0,     0,     &[]),
    ("Mei", [N,       N,       Some(0), Some(0), N      ],  0, 2, 0,     0,     &[]),
];

/// An award as (player, points, (tie-break, the player it was decided against)).
type Summary<'a> = (&'a str, u32, Option<(TieBreak, &'a str)>);

fn award(a: Option<&Award>) -> Summary<'_> {
    let a = a.expect("awarded");
    (
        a.player.as_str(),
        a.points,
        a.tie.as_ref().map(|t| (t.rule, t.other.as_str())),
    )
}

async fn play_tournament(store: &Store) -> Standings {
    let t = store
        .create_tournament("Henglan Cup", "mafia", 5, "Wu")
        .await
        .expect("created");
    let base = at("2026-11-30T12:00:00Z");
    for (i, p) in SIGNUPS.iter().enumerate() {
        assert!(store
            .sign_up(t.id, p, base + Duration::minutes(i as i64))
            .await
            .expect("signed up"));
    }
    // Signing up again keeps the first time.
    assert!(!store
        .sign_up(t.id, "Ann", base + Duration::days(1))
        .await
        .expect("no-op"));
    let winners = [
        Winner::Police,
        Winner::Killers,
        Winner::Police,
        Winner::Draw,
        Winner::Killers,
    ];
    // Each game forbids the previous game's first-night victim (G4 had no night-1 kill).
    let forbidden = [None, Some("Gus"), Some("Ann"), Some("Cao"), None];
    for ((i, winner), forbidden) in (1..=5).zip(winners).zip(forbidden) {
        let s = script(&format!("mafia_g{i}.json"));
        let (started, run) = replay::run_tournament_script(
            store,
            t.id,
            &s,
            &format!("cup-g{i}"),
            Lang::En,
            &Recorder::default(),
        )
        .await
        .expect("plays through postgres");
        assert_eq!(started.ordinal, i, "game {i}");
        assert_eq!(
            started.forbidden_first_kill.as_deref(),
            forbidden,
            "game {i}"
        );
        assert!(
            run.report.steps.iter().all(|st| st.ok),
            "game {i}: every step is accepted: {:?}",
            run.report.steps
        );
        assert_eq!(run.report.winner.as_deref(), Some(winner.key()), "game {i}");
        // Started inside the tournament, it is already its game `i`; adding it again
        // changes nothing.
        assert_eq!(store.add_game(t.id, run.game_id).await.expect("same"), i);
        let game = store.load(run.game_id).await.expect("loads");
        match i {
            2 => {
                let lin = game.chars().iter().find(|c| c.name == "Lin").expect("Lin");
                assert_eq!(lin.player, "Ned", "the substitute plays Lin's character");
            }
            3 => {
                let lin = game.chars().iter().find(|c| c.name == "Lin").expect("Lin");
                assert_eq!(lin.cards.red, 1, "Lin was red-carded");
                assert!(!lin.alive);
            }
            _ => {}
        }
    }
    store.standings(t.id).await.expect("standings")
}

#[sqlx::test]
async fn five_game_mafia_tournament_matches_the_hand_computed_table(pool: PgPool) {
    let store = Store::new(pool);
    let st = play_tournament(&store).await;
    assert_eq!(st.games.len(), 5);
    assert!(st.unfinished.is_empty());
    assert_eq!(
        st.games[1].replaced,
        vec!["Lin".to_string()],
        "G2: Lin handed over"
    );

    let order: Vec<&str> = st.players.iter().map(|p| p.player.as_str()).collect();
    let expected_order: Vec<&str> = EXPECTED.iter().map(|r| r.0).collect();
    assert_eq!(order, expected_order, "ranking");
    for (name, per_game, total, games, killer, detective, wins) in EXPECTED {
        let p = st.player(name).expect(name);
        assert_eq!(p.per_game, per_game.to_vec(), "{name}: points per game");
        let mut running = 0;
        let series: Vec<u32> = per_game
            .iter()
            .map(|x| {
                running += x.unwrap_or(0);
                running
            })
            .collect();
        assert_eq!(p.series, series, "{name}: cumulative series");
        assert_eq!(p.total, total, "{name}: total");
        assert_eq!(p.games(), games, "{name}: games");
        assert_eq!(
            p.award_points,
            vec![killer, detective],
            "{name}: killer and detective points"
        );
        let got: Vec<(Role, u32)> = p.wins.iter().map(|(r, n)| (*r, *n)).collect();
        assert_eq!(got, wins.to_vec(), "{name}: wins by role");
    }
    assert_eq!(st.player("Wu").expect("judge").games_judged, 5);
    assert_eq!(st.player("Wu").expect("judge").games_played, 0);
    assert_eq!(st.player("Lin").expect("Lin").games_played, 3);

    // 杀人王: Gus 6 (G2 + G5) and Ned 6 (G2 as substitute + G5); Ned has 2 games to Gus's 5.
    let scoring = &st.scoring;
    assert_eq!(
        award(st.awards.get(scoring, "killer_king")),
        ("Ned", 6, Some((TieBreak::FewerGames, "Gus")))
    );
    // 神警探: Dai 6 (G1 + G3) and Fan 6 (G1 + G3), 4 games each; Dai signed up 4th, Fan 6th.
    assert_eq!(
        award(st.awards.get(scoring, "master_detective")),
        ("Dai", 6, Some((TieBreak::EarlierSignup, "Fan")))
    );
    // Top three without Ned and Dai: Gus 10, Fan 9, then Kai 5 and Wu 5: Kai 4 games, Wu 5.
    let top: Vec<Summary> = st
        .awards
        .top
        .iter()
        .map(|a| {
            (
                a.player.as_str(),
                a.points,
                a.tie.as_ref().map(|t| (t.rule, t.other.as_str())),
            )
        })
        .collect();
    assert_eq!(
        top,
        vec![
            ("Gus", 10, None),
            ("Fan", 9, None),
            ("Kai", 5, Some((TieBreak::FewerGames, "Wu"))),
        ]
    );

    let en = render_table(&st, Lang::En);
    let zh = render_table(&st, Lang::Zh);
    println!("{en}\n{zh}");
    for table in [&en, &zh] {
        assert!(
            !table.contains(MISSING_OPEN),
            "a catalog entry is missing:\n{table}"
        );
    }
    let finished = [("played", "5"), ("planned", "5"), ("judge", "Wu")];
    assert!(
        says_with(&en, Lang::En, "tournament-title", &finished),
        "{en}"
    );
    let fewer = [("other", "Gus"), ("games", "2"), ("other_games", "5")];
    assert!(
        en.contains(&msg(Lang::En, "tournament-tie-games", &fewer)),
        "{en}"
    );
    assert!(
        en.contains(&msg(Lang::En, "tournament-tie-signup", &[("other", "Fan")])),
        "{en}"
    );
    assert!(en.contains(&top_line(Lang::En, 1, "Gus", 10)), "{en}");
    // The award names are the scoring file's (config/scoring/mafia.toml).
    for (lang, table, king, detective) in [
        (Lang::En, &en, "Killer King", "Master Detective"),
        (Lang::Zh, &zh, "杀人王", "神警探"),
    ] {
        let ned = award_line(lang, king, "Ned", &[Role::Killer], 6);
        assert!(table.contains(&ned), "{table}");
        let dai = award_line(lang, detective, "Dai", &[Role::Police], 6);
        assert!(table.contains(&dai), "{table}");
        let fewer = [("other", "Wu"), ("games", "4"), ("other_games", "5")];
        let kai = with_tie(lang, &top_line(lang, 3, "Kai", 5), "games", &fewer);
        assert!(table.contains(&kai), "{table}");
    }
    // Ned's row: rank 4, not in G1, 3 in G2, not in G3/G4, 3 in G5, total 6, 2 games.
    let ned = en
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some("Ned"))
        .expect("Ned's row");
    let cells: Vec<&str> = ned.split_whitespace().collect();
    assert_eq!(
        &cells[..11],
        &["4", "Ned", "-", "3", "-", "-", "3", "6", "2", "6", "0"]
    );

    let bytes = render_chart_png(&st, Lang::Zh, 900, 560).expect("chart drawn");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let img = image::load_from_memory(&bytes).expect("the PNG decodes");
    assert_eq!((img.width(), img.height()), (900, 560));
    // Left in place for a look: target/tmp/tournament-standings.png.
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tournament-standings.png");
    std::fs::write(&path, &bytes).expect("written");
}

#[sqlx::test]
async fn tournament_bookkeeping_refuses_what_does_not_fit(pool: PgPool) {
    let store = Store::new(pool);
    let t = store
        .create_tournament("Autumn", "mafia", 1, "Wu")
        .await
        .expect("created");
    assert!(matches!(
        store.create_tournament("Autumn", "mafia", 3, "Li").await,
        Err(TournamentError::Exists(_))
    ));
    assert!(matches!(
        store.create_tournament("Chess", "chess", 3, "Li").await,
        Err(TournamentError::Scoring(_))
    ));
    assert!(matches!(
        store.create_tournament("Empty", "mafia", 0, "Li").await,
        Err(TournamentError::NoGamesPlanned)
    ));
    // The judge is named by who they are: never blank, never the scripts' placeholder.
    for judge in ["judge", " Judge ", "", "  "] {
        assert!(
            matches!(
                store.create_tournament("Nameless", "mafia", 3, judge).await,
                Err(TournamentError::JudgeName(_))
            ),
            "{judge:?}"
        );
    }
    assert_eq!(store.tournament("Nameless").await.expect("query"), None);
    // Simulated tournaments get a named judge when none is given (the CLI's default).
    for lang in Lang::ALL {
        assert_eq!(
            default_judge(lang),
            msg(lang, "tournament-default-judge", &[])
        );
    }
    assert_eq!(
        store.tournament("Autumn").await.expect("found"),
        Some(t.clone())
    );

    // A game still being played: listed as unfinished, nobody scores, not even the judge.
    let mut s = script("mafia_g1.json");
    s.steps.truncate(3);
    let run = replay::run_script(&store, &s, "autumn-1", Lang::Zh, &Recorder::default())
        .await
        .expect("plays");
    assert_eq!(store.add_game(t.id, run.game_id).await.expect("added"), 1);
    let st = store.standings(t.id).await.expect("standings");
    assert_eq!(st.unfinished, vec![1]);
    assert!(st.games.is_empty());
    assert!(st
        .players
        .iter()
        .all(|p| p.total == 0 && p.series.is_empty()));
    assert_eq!(st.awards.by_role, vec![None, None]);
    assert!(st.awards.top.is_empty());
    let table = render_table(&st, Lang::Zh);
    let first = zh("tournament-col-game", &[("n", "1")]);
    let unfinished = zh("tournament-unfinished", &[("games", &first)]);
    assert!(table.contains(&unfinished), "{table}");
    assert!(table.contains(&award_none(Lang::Zh, "杀人王")), "{table}");
    // The chart of a tournament with no finished game is still a valid image.
    let png = render_chart_png(&st, Lang::Zh, 320, 200).expect("chart drawn");
    let img = image::load_from_memory(&png).expect("the PNG decodes");
    assert_eq!((img.width(), img.height()), (320, 200));
    assert_eq!(
        store
            .tournament_of_game(run.game_id)
            .await
            .expect("looked up"),
        Some((t.id, 1))
    );

    // One game planned: a second is refused.
    let run2 = replay::run_script(
        &store,
        &script("mafia_g2.json"),
        "autumn-2",
        Lang::Zh,
        &Recorder::default(),
    )
    .await
    .expect("plays");
    assert!(matches!(
        store.add_game(t.id, run2.game_id).await,
        Err(TournamentError::Full { planned: 1, .. })
    ));
    // A game belongs to one tournament.
    let other = store
        .create_tournament("Winter", "mafia", 5, "Wu")
        .await
        .expect("created");
    assert!(matches!(
        store.add_game(other.id, run.game_id).await,
        Err(TournamentError::GameTaken { .. })
    ));
    // An m32 game does not fit a mafia tournament.
    let mut m32 = script("mafia_g1.json");
    m32.ruleset = wolfjudge::engine::Ruleset::builtin("m32", &Default::default()).expect("m32");
    m32.characters = (b'A'..=b'L').map(|c| (c as char).to_string()).collect();
    m32.roles = None;
    m32.steps.clear();
    let run3 = replay::run_script(&store, &m32, "autumn-m32", Lang::Zh, &Recorder::default())
        .await
        .expect("plays");
    assert!(matches!(
        store.add_game(other.id, run3.game_id).await,
        Err(TournamentError::WrongRuleset { .. })
    ));
    assert!(matches!(
        store.add_game(other.id, GameId(999_999)).await,
        Err(TournamentError::Store(_))
    ));
}

use crate::common;

/// Runs the `wolfjudge` binary, which must succeed; returns what it printed on stdout.
fn wolfjudge_cli(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wolfjudge"))
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// An award line (`tournament-award-line`): `award` (its name in the scoring file) won by
/// `player` with `points` in `roles`.
fn award_line(lang: Lang, award: &str, player: &str, roles: &[Role], points: u32) -> String {
    let (roles, points) = (roles_named(lang, roles), points.to_string());
    msg(
        lang,
        "tournament-award-line",
        &[
            ("award", award),
            ("player", player),
            ("roles", &roles),
            ("points", &points),
        ],
    )
}

/// An award nobody won (`tournament-award-none`).
fn award_none(lang: Lang, award: &str) -> String {
    msg(lang, "tournament-award-none", &[("award", award)])
}

/// A line of the top three (`tournament-top-line`).
fn top_line(lang: Lang, rank: u32, player: &str, points: u32) -> String {
    let (rank, points) = (rank.to_string(), points.to_string());
    msg(
        lang,
        "tournament-top-line",
        &[("rank", &rank), ("player", player), ("points", &points)],
    )
}

/// `line` with the tie-break `tie` (`tournament-tie-<tie>` with `args`) that decided it.
fn with_tie(lang: Lang, line: &str, tie: &str, args: &[(&str, &str)]) -> String {
    let tie = msg(lang, &format!("tournament-tie-{tie}"), args);
    msg(
        lang,
        "tournament-with-tie",
        &[("line", line), ("tie", &tie)],
    )
}

/// `steps` with a killer's first-night kill submission put in front.
fn with_first_kill(s: &Script, by: &str, target: &str) -> Script {
    let mut steps = vec![Step::Do {
        by: By::Character(by.into()),
        act: Act::Kill {
            target: target.into(),
            reason: "嫌疑".into(),
        },
    }];
    steps.extend(s.steps.iter().cloned());
    Script { steps, ..s.clone() }
}

/// docs/rules.md §2 house rule: Gus was killed on night 1 of game 1, so on night 1 of game 2 the
/// killers may not choose him (the refusal changes nothing), but may choose Cao; from night
/// 2 on Gus is fair game again (tests/scenarios/mafia_first_kill_forbidden.json).
#[sqlx::test]
async fn game_two_refuses_the_previous_first_night_victim_then_allows_another(pool: PgPool) {
    let store = Store::new(pool);
    let t = store
        .create_tournament("Spring Cup", "mafia", 2, "Wu")
        .await
        .expect("created");
    let (g1, run1) = replay::run_tournament_script(
        &store,
        t.id,
        &script("mafia_g1.json"),
        "spring-1",
        Lang::En,
        &Recorder::default(),
    )
    .await
    .expect("game 1 plays");
    assert_eq!((g1.ordinal, g1.forbidden_first_kill), (1, None));
    assert_eq!(run1.report.eliminations[0].character, "Gus");
    assert_eq!(run1.report.eliminations[0].when, "night 1");

    // Game 2 (mafia_g3.json: killers Eve Ivy Mei, Gus a civilian): Eve first tries Gus. The
    // script's own value of the rule is replaced by the tournament's.
    let mut s = with_first_kill(&script("mafia_g3.json"), "Eve", "Gus");
    s.forbidden_first_kill = Some("Cao".into());
    let (g2, run2) =
        replay::run_tournament_script(&store, t.id, &s, "spring-2", Lang::En, &Recorder::default())
            .await
            .expect("game 2 plays");
    assert_eq!(g2.ordinal, 2);
    assert_eq!(g2.forbidden_first_kill.as_deref(), Some("Gus"));
    let refused = &run2.report.steps[0];
    assert!(!refused.ok);
    assert_eq!(refused.error.as_deref(), Some("first_kill_forbidden"));
    let message = refused.message.as_deref().unwrap_or_default();
    assert!(
        message.starts_with("Gus was the first-night kill of the previous game"),
        "{message}"
    );
    assert!(
        run2.report.steps[1..].iter().all(|st| st.ok),
        "the other target and everything after is accepted: {:?}",
        run2.report.steps
    );
    // Cao, the other target, died on night 1; Gus survived it and nobody ever submitted him.
    assert_eq!(run2.report.eliminations[0].character, "Cao");
    assert_eq!(run2.report.eliminations[0].when, "night 1");
    assert!(run2.report.alive.contains(&"Gus".to_string()));
    let game = store.load(run2.game_id).await.expect("loads");
    let gus = game.find("Gus").expect("Gus plays game 2");
    assert!(!run2
        .events
        .iter()
        .any(|e| matches!(&e.kind, EventKind::KillSubmitted { target, .. } if *target == gus)));
    assert_eq!(game.forbidden_first_kill(), Some("Gus"));
    assert_eq!(
        store.first_night_victim(run2.game_id).await.expect("read"),
        Some("Cao".to_string())
    );

    // Starting game 2 again finds it; a third game does not fit.
    assert_eq!(
        store
            .start_game(t.id, "spring-2", &s.setup(), Lang::En, None)
            .await
            .expect("found again"),
        g2
    );
    assert!(matches!(
        store
            .start_game(t.id, "spring-3", &s.setup(), Lang::En, None)
            .await,
        Err(TournamentError::Full { planned: 2, .. })
    ));
    // A game of another ruleset is refused before it is created.
    let mut m32 = s.clone();
    m32.ruleset = wolfjudge::engine::Ruleset::builtin("m32", &Default::default()).expect("m32");
    assert!(matches!(
        store
            .start_game(t.id, "spring-m32", &m32.setup(), Lang::En, None)
            .await,
        Err(TournamentError::SetupRuleset { .. })
    ));
    assert_eq!(store.game_id("spring-m32").await.expect("query"), None);
}

#[sqlx::test]
async fn the_standings_command_prints_the_table_and_writes_the_chart(pool: PgPool) {
    let url = common::url_of(&pool);
    let store = Store::new(pool);
    play_tournament(&store).await;
    let chart =
        std::env::temp_dir().join(format!("wolfjudge-standings-{}.png", std::process::id()));
    let chart_arg = chart.to_string_lossy();
    let table = wolfjudge_cli(&[
        "standings",
        "Henglan Cup",
        "--lang",
        "en",
        "--database-url",
        &url,
        "--chart",
        &chart_arg,
    ]);
    let id = store
        .tournament("Henglan Cup")
        .await
        .expect("query")
        .expect("the tournament exists")
        .id;
    assert_eq!(
        table,
        render_table(&store.standings(id).await.expect("standings"), Lang::En)
    );
    assert!(table.contains("Gus"), "{table}");
    let img = image::open(&chart).expect("the PNG decodes");
    assert_eq!((img.width(), img.height()), (900, 560));
    let _ = std::fs::remove_file(&chart);
}

/// `wolfjudge simulate --games N --tournament NAME`: the simulated games are recorded as a
/// tournament (each one under the first-night rule of the one before), the standings
/// command reads them, and running the same command again changes nothing (the README's
/// table is reproducible).
#[sqlx::test]
async fn simulated_games_are_recorded_as_a_tournament(pool: PgPool) {
    let url = common::url_of(&pool);
    let store = Store::new(pool);
    let simulate = || {
        let transcripts = wolfjudge_cli(&[
            "simulate",
            "--ruleset",
            "mafia",
            "--games",
            "3",
            "--tournament",
            "Sim Cup",
            "--judge",
            "Quinn",
            "--lang",
            "en",
            "--database-url",
            &url,
        ]);
        assert!(
            !transcripts.is_empty(),
            "the games' transcripts are printed"
        );
    };
    simulate();
    let t = store
        .tournament("Sim Cup")
        .await
        .expect("query")
        .expect("the tournament was created");
    assert_eq!((t.ruleset.as_str(), t.games_planned), ("mafia", 3));
    let games = store.tournament_games(t.id).await.expect("games");
    assert_eq!(games.len(), 3);
    for pair in games.windows(2) {
        let victim = store
            .first_night_victim(GameId(pair[0].1))
            .await
            .expect("read");
        let next = store.load(GameId(pair[1].1)).await.expect("loads");
        assert_eq!(
            next.forbidden_first_kill(),
            victim.as_deref(),
            "game {}",
            pair[1].0
        );
    }
    let st = store.standings(t.id).await.expect("standings");
    assert_eq!(st.games.len(), 3, "every simulated game finished");
    let judge = st.player("Quinn").expect("the judge scores");
    assert_eq!((judge.total, judge.games_judged), (3, 3));
    // The same 13 simulated players sat every game (and signed up).
    let seated: Vec<_> = st.players.iter().filter(|p| p.player != "Quinn").collect();
    assert_eq!(seated.len(), 13);
    assert!(seated.iter().all(|p| p.games_played == 3));
    let table = render_table(&st, Lang::En);

    simulate();
    assert_eq!(store.tournament_games(t.id).await.expect("games"), games);
    let again = store.standings(t.id).await.expect("standings");
    assert_eq!(render_table(&again, Lang::En), table);
}

/// A finished game of `ruleset` (each character played by the account of its name) won by
/// `winner`, for the tests that need no database: its creation, deal and end folded as
/// events (the roles need not fill the ruleset's board, which `engine::create` would check).
fn finished(ruleset: &str, roles: &[(&str, Role)], winner: Winner) -> wolfjudge::engine::Game {
    let names: Vec<String> = roles.iter().map(|(name, _)| name.to_string()).collect();
    let created = EventKind::Created {
        ruleset: Box::new(
            wolfjudge::engine::Ruleset::builtin(ruleset, &Default::default()).expect("ruleset"),
        ),
        seed: wolfjudge::engine::rng::Seed::U64(0),
        start: DateTime::default(),
        characters: names,
        forbidden_first_kill: None,
        players: None,
    };
    let dealt = EventKind::RolesDealt {
        roles: roles.iter().map(|(_, role)| *role).collect(),
        by_seed: false,
    };
    let ended = EventKind::GameEnded {
        winner: Some(winner),
        reason: wolfjudge::engine::event::EndReason::Judge,
        condition: None,
    };
    let events: Vec<Event> = [created, dealt, ended]
        .into_iter()
        .map(|kind| Event {
            at: DateTime::default(),
            kind,
        })
        .collect();
    wolfjudge::engine::Game::replay(&events)
}

/// Standings of `games` (in order) of a `ruleset` tournament judged by `judge`.
fn standings_of(ruleset: &str, judge: &str, games: &[wolfjudge::engine::Game]) -> Standings {
    let scoring = Scoring::builtin(ruleset).expect("scoring");
    let t = Tournament {
        id: 1,
        name: "春季赛".into(),
        ruleset: ruleset.into(),
        games_planned: 3,
        judge: judge.into(),
        created_at: at("2026-11-30T12:00:00Z"),
    };
    let scored = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            score_game(&scoring, i as i32 + 1, i as i64 + 1, g, judge, &[]).expect("ended")
        })
        .collect();
    compute(&t, &scoring, scored, vec![], &[])
}

/// An M32 tournament has M32's awards (config/scoring/m32.toml): 最佳狼人 for the wolves'
/// points, 最佳神职 for the seer's, the witch's and the hunter's, and their columns; none of
/// Mafia's 杀人王 / 神警探 / 杀手得分 / 警探得分. Worked out by hand:
/// - G1, wolves win: 狼一 and 狼二 (wolves) 3 each; 阿预 (seer), 阿巫 (witch), 阿猎
///   (hunter), 村民 (villager) 0.
/// - G2, village wins: 阿预 as the witch 3, 阿巫 as the seer 3, 狼一 as the hunter 3,
///   村民 2; 狼二 and 阿猎 (the wolves) 0.
/// - The judge 老王 1 + 1.
///
/// Totals: 狼一 6, 狼二 3, 阿巫 3, 阿预 3, 村民 2, 老王 2, 阿猎 0; everyone 2 games.
/// Wolf points: 狼一 3, 狼二 3: same games, no sign-up, so by name (一 U+4E00 < 二 U+4E8C).
/// God points: 狼一 3 (hunter), 阿巫 3 (seer), 阿预 3 (witch): by name 狼 U+72FC sorts
/// before 阿 U+963F, so 狼一 again. Top three without 狼一: 狼二, 阿巫, 阿预 (3 each, by name).
#[test]
fn an_m32_tournament_gives_m32_awards_and_a_mafia_one_mafia_awards() {
    use Role::*;
    let g1 = finished(
        "m32",
        &[
            ("狼一", Wolf),
            ("狼二", Wolf),
            ("阿预", Seer),
            ("阿巫", Witch),
            ("阿猎", Hunter),
            ("村民", Villager),
        ],
        Winner::Wolves,
    );
    let g2 = finished(
        "m32",
        &[
            ("狼二", Wolf),
            ("阿猎", Wolf),
            ("阿巫", Seer),
            ("阿预", Witch),
            ("狼一", Hunter),
            ("村民", Villager),
        ],
        Winner::Village,
    );
    let st = standings_of("m32", "老王", &[g1, g2]);
    let zh = render_table(&st, Lang::Zh);
    let en = render_table(&st, Lang::En);
    println!("{zh}\n{en}");
    for table in [&zh, &en] {
        assert!(!table.contains(MISSING_OPEN), "{table}");
    }
    for gone in [
        "杀人王",
        "神警探",
        "杀手得分",
        "警探得分",
        "Killer",
        "Detective",
    ] {
        assert!(
            !zh.contains(gone) && !en.contains(gone),
            "{gone}:\n{zh}\n{en}"
        );
    }
    let header = |t: &str| t.lines().nth(1).expect("header").to_string();
    assert!(header(&zh).contains("狼人得分  神职得分"), "{zh}");
    assert!(header(&en).contains("Wolf pts  God pts"), "{en}");
    let gods = [Seer, Witch, Hunter];
    let top_wolf = award_line(Lang::Zh, "最佳狼人", "狼一", &[Wolf], 3);
    let by_name = with_tie(Lang::Zh, &top_wolf, "name", &[("other", "狼二")]);
    assert!(zh.contains(&by_name), "{zh}");
    assert!(
        zh.contains(&award_line(Lang::Zh, "最佳神职", "狼一", &gods, 3)),
        "{zh}"
    );
    assert!(
        en.contains(&award_line(Lang::En, "Top Wolf", "狼一", &[Wolf], 3)),
        "{en}"
    );
    assert!(
        en.contains(&award_line(Lang::En, "Top God", "狼一", &gods, 3)),
        "{en}"
    );
    // 狼一 holds both; the top three are from the others: 狼二 3, 阿巫 3 / 阿预 3 by name.
    let top: Vec<(&str, u32)> = st
        .awards
        .top
        .iter()
        .map(|a| (a.player.as_str(), a.points))
        .collect();
    assert_eq!(top, vec![("狼二", 3), ("阿巫", 3), ("阿预", 3)]);
    assert!(zh.contains(&top_line(Lang::Zh, 1, "狼二", 3)), "{zh}");

    // The same kind of tournament in Mafia keeps Mafia's awards and columns.
    let m = finished(
        "mafia",
        &[("Ann", Killer), ("Ben", Police), ("Cao", Civilian)],
        Winner::Killers,
    );
    let st = standings_of("mafia", "Wu", &[m]);
    let zh = render_table(&st, Lang::Zh);
    let en = render_table(&st, Lang::En);
    assert!(header(&zh).contains("杀手得分  警探得分"), "{zh}");
    assert!(header(&en).contains("Killer pts  Detective pts"), "{en}");
    assert!(
        zh.contains(&award_line(Lang::Zh, "杀人王", "Ann", &[Killer], 3)),
        "{zh}"
    );
    assert!(zh.contains(&award_none(Lang::Zh, "神警探")), "{zh}");
    assert!(
        en.contains(&award_line(Lang::En, "Killer King", "Ann", &[Killer], 3)),
        "{en}"
    );
    assert!(
        en.contains(&award_none(Lang::En, "Master Detective")),
        "{en}"
    );
    assert!(
        !zh.contains("最佳") && !en.contains("Top Wolf"),
        "{zh}\n{en}"
    );
}

/// A table longer than one embed is paged, never cut: 150 players with 32-character names
/// make a table of several embeds' worth; every page fits Discord's limits (description
/// 4,096, title 256, 6,000 a message: one embed a message) and the pages, in order, hold
/// every line of the table.
#[test]
fn standings_longer_than_an_embed_are_paged_without_losing_a_line() {
    let names: Vec<String> = (0..150)
        .map(|i| format!("{:0>3}号玩家{}", i, "长".repeat(26)))
        .collect();
    assert!(names.iter().all(|n| n.chars().count() == 32));
    let roles: Vec<(&str, Role)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            (
                n.as_str(),
                if i < 30 { Role::Killer } else { Role::Civilian },
            )
        })
        .collect();
    for lang in Lang::ALL {
        let s = standings_of(
            "mafia",
            "老王",
            &[finished("mafia", &roles, Winner::Village)],
        );
        let table = render_table(&s, lang);
        let pages: Vec<serde_json::Value> =
            wolfjudge::discord::commands::tournament::standings_pages(&s, lang)
                .iter()
                .map(|e| serde_json::to_value(e).expect("an embed"))
                .collect();
        assert!(pages.len() > 1, "{} characters on one page", table.len());
        let mut shown = String::new();
        for (i, page) in pages.iter().enumerate() {
            let title = page["title"].as_str().expect("a title");
            let description = page["description"].as_str().expect("a description");
            assert!(title.chars().count() <= 256, "title of page {i}");
            assert!(description.chars().count() <= 4096, "page {i}: too long");
            assert!(title.chars().count() + description.chars().count() <= 6000);
            assert_eq!(
                page.get("image").is_some(),
                i == 0,
                "the chart on page 1 only"
            );
            let body = description
                .strip_prefix("```\n")
                .and_then(|d| d.strip_suffix("\n```"))
                .expect("a code block");
            shown.push_str(body);
            shown.push('\n');
        }
        assert_eq!(shown.trim_end(), table.trim_end(), "every line, in order");
        assert!(names.iter().all(|n| shown.contains(n.as_str())));
    }
}
