//! Whole simulated games (`wolfjudge simulate`): they end, they replay identically from
//! their seed, they show refusals, and their public parts never name a living role.

use crate::common::catalog::{msg, pieces, says, says_with, zh};
use wolfjudge::engine::event::{EndReason, WinCondition};
use wolfjudge::engine::{Audience, Event, EventKind, Game, Winner};
use wolfjudge::i18n::{self, Lang, MISSING_OPEN};
use wolfjudge::sim::{self, Simulation, COMMAND_CAP};

fn play(ruleset: &str, seed: u64, lang: Lang) -> Simulation {
    sim::simulate(ruleset, seed, None, lang)
        .unwrap_or_else(|e| panic!("{ruleset} seed {seed}: {e}"))
}

/// Checks one finished game; returns its winner.
fn check_game(ruleset: &str, seed: u64, s: &Simulation) -> Winner {
    let what = format!("{ruleset} seed {seed}");
    let winner = s.winner.unwrap_or_else(|| panic!("{what}: no winner"));
    let game = Game::replay(&s.events);
    assert!(game.ended(), "{what}: not ended");
    assert_eq!(game.winner(), Some(winner), "{what}");
    assert!(
        s.commands > 0 && s.commands < COMMAND_CAP,
        "{what}: {}",
        s.commands
    );
    assert!(s.refused <= s.commands, "{what}");
    assert!(
        !s.transcript.contains(MISSING_OPEN),
        "{what}: a catalog message is missing:\n{}",
        s.transcript
            .lines()
            .filter(|l| l.contains(MISSING_OPEN))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // No public event before the end states a role (the reveal comes after the end).
    let end = s
        .events
        .iter()
        .position(|e| matches!(e.kind, EventKind::GameEnded { .. }))
        .unwrap_or_else(|| panic!("{what}: no GameEnded"));
    for e in &s.events[..end] {
        if e.audience() == Audience::Public {
            assert!(e.named_roles().is_empty(), "{what}: public {:?}", e.kind);
        }
    }
    // An end on a win condition says which one, and it is the winner's.
    if let Some(EventKind::GameEnded {
        winner,
        reason: EndReason::Condition,
        condition,
    }) = s.events.get(end).map(|e| &e.kind)
    {
        use WinCondition as W;
        let fits = match condition {
            Some(W::WolvesOut) => *winner == Some(Winner::Village),
            Some(W::WolvesHalf | W::GodsOut | W::VillagersOut) => *winner == Some(Winner::Wolves),
            Some(W::KillersOut) => *winner == Some(Winner::Police),
            Some(W::PoliceOut) => *winner == Some(Winner::Killers),
            Some(W::CiviliansOut) => *winner == Some(Winner::Draw),
            None => false,
        };
        assert!(fits, "{what}: {winner:?} on {condition:?}");
    }
    // Every living role stays out of the public record: the roles of the characters alive
    // when each public event happened are never part of it.
    assert!(matches!(
        s.events.last().map(|e| &e.kind),
        Some(EventKind::Revealed { .. })
    ));
    winner
}

#[test]
fn m32_games_end_with_a_winner() {
    let mut winners = Vec::new();
    for seed in 1..=20 {
        let s = play("m32", seed, Lang::Zh);
        winners.push(check_game("m32", seed, &s));
    }
    assert!(winners.contains(&Winner::Wolves) || winners.contains(&Winner::Village));
}

#[test]
fn mafia_games_end_with_a_winner_or_a_draw() {
    for seed in 1..=20 {
        let s = play("mafia", seed, Lang::En);
        check_game("mafia", seed, &s);
    }
}

#[test]
fn same_seed_same_game() {
    for ruleset in ["m32", "mafia"] {
        let a = play(ruleset, 7, Lang::Zh);
        let b = play(ruleset, 7, Lang::Zh);
        assert_eq!(a.transcript, b.transcript, "{ruleset}");
        assert_eq!(a.events, b.events, "{ruleset}");
        assert_eq!((a.commands, a.refused), (b.commands, b.refused));
        let c = play(ruleset, 8, Lang::Zh);
        assert_ne!(
            a.transcript, c.transcript,
            "{ruleset}: seeds 7 and 8 play alike"
        );
    }
}

#[test]
fn refusals_are_shown_to_the_player_refused() {
    for ruleset in ["m32", "mafia"] {
        let s = play(ruleset, 1, Lang::En);
        assert!(s.refused > 0, "{ruleset}: no refusal in a typical game");
        let shown = s
            .transcript
            .lines()
            .filter(|l| {
                says_with(l, Lang::En, "heading-dm", &[]) && says_with(l, Lang::En, "refused", &[])
            })
            .count();
        assert_eq!(shown, s.refused, "{ruleset}");
        let logged = s
            .transcript
            .lines()
            .filter(|l| says_with(l, Lang::En, "sim-judge-command-refused", &[]))
            .count();
        assert_eq!(
            logged, s.refused,
            "{ruleset}: the judge's log lists each refusal"
        );
    }
    let total: usize = (1..=10)
        .map(|seed| play("m32", seed, Lang::Zh).refused)
        .sum();
    assert!(total >= 10, "only {total} refusals in 10 games");
}

#[test]
fn languages_differ_but_play_the_same_game() {
    for ruleset in ["m32", "mafia"] {
        let zh = play(ruleset, 3, Lang::Zh);
        let en = play(ruleset, 3, Lang::En);
        assert_ne!(zh.transcript, en.transcript);
        assert_eq!(zh.winner, en.winner);
        assert_eq!(zh.commands, en.commands);
        let heading = i18n::text(Lang::En, "heading-reveal", &[]);
        assert!(en.transcript.contains(&format!("[{heading}]")), "{ruleset}");
        for (s, lang) in [(&en, Lang::En), (&zh, Lang::Zh)] {
            let day1 = msg(lang, "heading-day", &[("day", "1")]);
            assert!(s.transcript.contains(&format!("[{day1}]")), "{ruleset}");
        }
    }
}

#[test]
fn the_transcript_shows_every_audience_in_time_order() {
    let s = play("m32", 2, Lang::En);
    let t = &s.transcript;
    let heading = |key: &str, args: &[(&str, &str)]| format!("[{}]", msg(Lang::En, key, args));
    let dm = format!("[{}", pieces(Lang::En, "heading-dm", &[]).remove(0));
    for heading in [
        heading("heading-public", &[]),
        heading("heading-day", &[("day", "1")]),
        heading("heading-night", &[("night", "1")]),
        heading("heading-judge", &[]),
        heading("heading-wolves", &[]),
        dm,
        heading("heading-reveal", &[]),
    ] {
        assert!(t.contains(&heading), "no {heading} in:\n{t}");
    }
    // Time order: the stamps of the lines never go back.
    let stamps: Vec<&str> = t
        .lines()
        .filter(|l| l.len() > 12 && l.as_bytes()[2] == b'-' && l.as_bytes()[5] == b' ')
        .map(|l| &l[..11])
        .collect();
    assert!(stamps.len() > 100);
    assert!(stamps.windows(2).all(|w| w[0] <= w[1]), "time goes back");
    // The reveal comes last and is the only place roles are listed for everyone.
    let reveal = t.find(&heading("heading-reveal", &[])).unwrap();
    assert!(t[reveal..].contains("wolf"));
    let mafia = play("mafia", 2, Lang::En);
    assert!(mafia.transcript.contains(&heading("heading-killers", &[])));
    assert!(mafia.transcript.contains(&heading("heading-police", &[])));
    // Internal events are not shown.
    let internal: Vec<&Event> = s
        .events
        .iter()
        .filter(|e| e.audience() == Audience::Internal)
        .collect();
    assert!(!internal.is_empty());
    assert!(!t.contains("(internal)"));
}

#[test]
fn other_player_counts_and_bad_ones() {
    let s = sim::simulate("mafia", 5, Some(16), Lang::En).expect("16 players");
    assert!(s.winner.is_some());
    assert!(sim::simulate("mafia", 5, Some(10), Lang::En).is_err());
    assert!(sim::simulate("m32", 5, Some(13), Lang::Zh).is_err());
}

/// The forum's life as the transcript shows it: numbered posts (楼层), each day's index at
/// the close listing every character's floors, a dead character's post reported to the
/// judge, and the tree-hole post after the reveal.
#[test]
fn the_transcript_shows_the_forum_life() {
    let s = sim::simulate("m32", 7, None, Lang::Zh).expect("a game");
    let t = &s.transcript;
    let day1 = format!("[{}] #", zh("heading-day", &[("day", "1")]));
    let day1_posts = t.lines().filter(|l| l.contains(&day1)).count();
    let elevator = zh("elevator-heading", &[("day", "1")]);
    let index: Vec<&str> = t
        .lines()
        .skip_while(|l| !l.contains(&elevator))
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        .collect();
    let g = Game::replay(&s.events);
    assert_eq!(
        index.len(),
        g.chars().len(),
        "one line per character: {index:?}"
    );
    let counted: usize = index.iter().map(|l| l.matches('#').count()).sum();
    assert_eq!(
        counted, day1_posts,
        "every post of day 1 is in the index once"
    );
    assert!(
        says(t, "flag-dead-post"),
        "a dead character's post is reported"
    );
    let hole = format!("[{}]", zh("treehole-title", &[]));
    assert!(t.contains(&hole), "the tree-hole post");
    let reveal = format!("[{}]", zh("heading-reveal", &[]));
    let after_reveal = t.split(&reveal).nth(1).expect("a reveal");
    assert!(after_reveal.contains(&hole));
}

/// The judge's log lists decisions, not every post: routine posts are counted once per
/// vote, and the count is the thread's.
#[test]
fn the_judge_log_counts_posts_instead_of_listing_them() {
    for lang in Lang::ALL {
        let s = sim::simulate("m32", 14, None, lang).expect("a game");
        let t = &s.transcript;
        let judge = i18n::text(lang, "heading-judge", &[]);
        let post = i18n::text(lang, "sim-act-post", &[]);
        let per_post = t
            .lines()
            .filter(|l| l.contains(&format!("[{judge}]")) && l.ends_with(&post))
            .count();
        assert_eq!(per_post, 0, "a judge's-log line per post");
        let thread = i18n::text(lang, "heading-day", &[("day", "1".into())]);
        let day1_posts = t
            .lines()
            .filter(|l| l.contains(&format!("[{thread}] #")))
            .count();
        let summary = i18n::text(
            lang,
            "sim-judge-posts",
            &[
                (
                    "phase",
                    i18n::phase_name(wolfjudge::engine::Phase::Day { day: 1, round: 0 }, lang),
                ),
                ("count", day1_posts.to_string()),
            ],
        );
        assert!(day1_posts > 20 && t.contains(&summary), "{summary}");
    }
}

/// The day's opening post says what happened as a judge does: the night before and the
/// day before, each by name, or that nobody left (no "since the last day").
#[test]
fn the_day_opening_splits_the_night_from_the_day() {
    let s = sim::simulate("m32", 14, None, Lang::Zh).expect("a game");
    let t = &s.transcript;
    assert!(
        t.contains(&zh("ev-day-nobody-out", &[("day", "1")])),
        "day 1 had a tie"
    );
    let name = |i: usize| zh(&format!("sim-name-{i}"), &[]);
    let out_at_night = |night: &str, names: &[String]| {
        let count = names.len().to_string();
        let names = names.join(&zh("list-sep", &[]));
        zh(
            "ev-day-out-at-night",
            &[("night", night), ("count", &count), ("names", &names)],
        )
    };
    assert!(t.contains(&out_at_night("1", &[name(1)])));
    assert!(t.contains(&out_at_night("3", &[name(3), name(5)])));
    // (The wording this replaced.)
    assert!(!t.contains("上一天以来"));
    let en = sim::simulate("m32", 14, None, Lang::En).expect("a game");
    let nobody = msg(Lang::En, "ev-day-nobody-out", &[("day", "1")]);
    assert!(en.transcript.contains(&nobody));
    assert!(!en.transcript.contains("since the last day"));
}

/// An anonymous game's reveal matches characters to accounts that differ from them; a
/// Mafia game (not anonymous) names each character once.
#[test]
fn the_reveal_shows_who_played_whom() {
    let s = sim::simulate("m32", 14, None, Lang::Zh).expect("a game");
    let heading = format!("[{}]", zh("heading-reveal", &[]));
    let reveal = s.transcript.split(&heading).nth(1).expect("a reveal");
    // `name（玩家 player）：role`: the pieces around the player.
    let p = pieces(Lang::Zh, "ev-reveal-role", &[]);
    let (before, after) = (p[0].as_str(), p[1].as_str());
    let roles: Vec<&str> = reveal
        .lines()
        .filter(|l| says(l, "ev-reveal-role"))
        .collect();
    assert_eq!(roles.len(), 12, "{reveal}");
    for l in roles {
        let (name, rest) = l.trim().split_once(before).expect("a player");
        let player = rest.split_once(after).map(|p| p.0).unwrap_or_default();
        assert_ne!(name, player, "{l}");
    }
    let m = sim::simulate("mafia", 14, None, Lang::Zh).expect("a game");
    assert!(!m.transcript.contains(before));
    assert!(!m.transcript.contains('刀'), "Mafia says 杀, not 刀");
}

/// The English transcript uses English punctuation (the index was full-width).
#[test]
fn the_english_transcript_has_no_chinese_punctuation() {
    for ruleset in ["m32", "mafia"] {
        let s = sim::simulate(ruleset, 14, None, Lang::En).expect("a game");
        for l in s.transcript.lines() {
            assert!(
                !l.contains(['（', '）', '：', '，', '。']),
                "{ruleset}: {l}"
            );
        }
    }
}

/// The transcript's clock and every time it prints are in the game's zone: Beijing time for
/// a Chinese simulation, UTC for an English one; and nightfall brings the seer's and each
/// wolf's prompt, saying by when.
#[test]
fn times_are_in_the_games_zone_and_nightfall_prompts_say_by_when() {
    let zh = play("m32", 3, Lang::Zh);
    let en = play("m32", 3, Lang::En);
    let first_event = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("12-"))
            .map(|l| l[..11].to_string())
    };
    // The game starts at 12:00 UTC: 20:00 in Beijing.
    assert_eq!(first_event(&zh.transcript).as_deref(), Some("12-01 20:00"));
    assert_eq!(first_event(&en.transcript).as_deref(), Some("12-01 12:00"));
    // Night 1 falls a decision window after day 1's close (12:10 UTC); the seer's part ends
    // half an hour later: 20:40 in Beijing.
    assert!(zh.transcript.contains("2026-12-02 20:40 UTC+8"));
    assert!(!zh.transcript.contains(" UTC ") && !zh.transcript.contains(" UTC。"));
    let game = Game::replay(&zh.events);
    let seer = game
        .ids()
        .find(|c| game.ch(*c).role == wolfjudge::engine::Role::Seer)
        .expect("a seer");
    let to_seer = i18n::audience_heading(Audience::Character(seer), &game, Lang::Zh);
    let until = [("night", "1"), ("until", "2026-12-02 20:40 UTC+8")];
    let prompt = format!(
        "12-02 20:10 [{to_seer}] {}",
        msg(Lang::Zh, "prompt-night-seer", &until)
    );
    assert!(zh.transcript.contains(&prompt), "{}", zh.transcript);
}

/// Outside an anonymous game a character is named after its player, so the tree-hole post
/// names it once ("酱油：…", never "酱油（酱油）：…"); an anonymous game names both.
#[test]
fn the_tree_hole_names_the_player_only_when_it_differs() {
    let heading = format!("[{}]", zh("treehole-title", &[]));
    // `name：text` and `name（player）：text`.
    let colon = pieces(Lang::Zh, "treehole-line-open", &[]).remove(0);
    let paren = pieces(Lang::Zh, "treehole-line", &[]).remove(0);
    let tree_hole = |s: &Simulation| -> Vec<String> {
        let mut lines = Vec::new();
        let mut inside = false;
        for l in s.transcript.lines() {
            if l.contains(&heading) {
                inside = true;
                let after = l.split(&format!("{heading} ")).nth(1);
                lines.push(after.unwrap_or_default().to_string());
            } else if inside && l.starts_with(' ') {
                lines.push(l.trim().to_string());
            } else {
                inside = false;
            }
        }
        lines
    };
    let m = play("mafia", 3, Lang::Zh);
    let lines = tree_hole(&m);
    assert!(!lines.is_empty(), "a tree-hole post");
    for l in &lines {
        let (who, _) = l.split_once(&colon).expect("name: text");
        assert!(!who.contains(&paren), "named once: {l}");
    }
    let w = play("m32", 14, Lang::Zh);
    assert!(
        tree_hole(&w).iter().all(|l| l
            .split_once(&colon)
            .is_some_and(|(who, _)| who.contains(&paren))),
        "an anonymous game names character and player"
    );
}
