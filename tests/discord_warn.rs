//! Warnings before penalties (the forum-features work), end to end through the fake Discord: at the
//! ruleset's `warn_before_close` times (6 hours and 1 hour before a day's close in `m32`) the
//! bot posts in the day's post one warning naming each living character the close would
//! card automatically, with its posts, the posts needed and whether it still has to vote,
//! and the close time (also as a Discord timestamp); nobody else, nobody dead, nobody after
//! the speed-up (all of it public already: no DM repeats it to each). The warnings are deadline
//! rows in PostgreSQL: they survive a restart, come once, and follow a close the judge moved.
//! The judge's `/judge status` lists the characters at risk, privately.

use crate::common::catalog::{msg, says_with};
use crate::common::{discord_world, fake_discord};

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::{World, ADMIN, JUDGE_ROLE};
use fake_discord::{Kind, Msg};
use wolfjudge::engine::{CharId, Game, Phase};
use wolfjudge::i18n::{self, Lang};

/// A non-anonymous `m32` game on a server in `lang` (its players' posts in the day's post
/// count as they are), at day 1: the game and the day's post.
async fn day_one(w: &World, lang: &str) -> (Game, u64) {
    let (done, _) = w.set_up_with(&[("language", 3, json!(lang))]).await;
    assert!(
        says_with(&done, Lang::Zh, "ok-setup", &[]) || says_with(&done, Lang::En, "ok-setup", &[]),
        "{done}"
    );
    w.sign_up_and_start(&[("ruleset", 3, json!("m32")), ("anonymous", 5, json!(false))])
        .await;
    let g = w.game().await;
    assert!(
        matches!(g.phase(), Phase::Day { day: 1, round: 0 }),
        "{:?}",
        g.phase()
    );
    assert!(!g.ruleset().options.anonymous && g.ruleset().options.auto_cards);
    let lang = if lang == "en" { Lang::En } else { Lang::Zh };
    let thread = w
        .fake
        .messages()
        .into_iter()
        .rev()
        .find_map(|m| match w.fake.channel_kind(m.channel) {
            Some(Kind::Post { name, .. }) if says_with(&name, lang, "post-day-title", &[]) => {
                Some(m.channel)
            }
            _ => None,
        })
        .expect("a day post");
    (g, thread)
}

/// `c` posts `n` times in the day's post; returns once the game has counted them.
async fn post(w: &World, thread: u64, c: CharId, n: u32) {
    let before = w.game().await.ch(c).posts.get(&1).copied().unwrap_or(0);
    let user = w.user_of(c).await;
    for k in 0..n {
        w.fake.post(user, thread, &format!("发言 {k}"));
    }
    for _ in 0..500 {
        if w.game().await.ch(c).posts.get(&1).copied().unwrap_or(0) >= before + n {
            return;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    panic!("{n} posts of {c:?} were not counted");
}

/// `c` votes for `target` by `/vote`.
async fn vote(w: &World, thread: u64, g: &Game, c: CharId, target: CharId) {
    let a = w
        .say(
            w.user_of(c).await,
            thread,
            &["vote"],
            &[
                ("target", 3, json!(g.ch(target).name)),
                ("reason", 3, json!("发言有问题")),
            ],
        )
        .await;
    assert!(!a.is_empty());
}

/// The warnings posted in `thread` so far (in `lang`), in order.
fn warnings(w: &World, thread: u64, lang: Lang) -> Vec<Msg> {
    w.fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == thread && says_with(&m.content, lang, "view-at-risk-heading", &[]))
        .collect()
}

/// The line naming `name` in each warning posted in `thread` so far that names it.
fn warned(w: &World, thread: u64, name: &str, lang: Lang) -> Vec<String> {
    warnings(w, thread, lang)
        .iter()
        .filter_map(|m| {
            m.content
                .lines()
                .find(|l| l.starts_with(&format!("{name}:")) || l.starts_with(&format!("{name}：")))
                .map(str::to_string)
        })
        .collect()
}

/// Waits until the warning row `span_secs` before the close `at` has fired (it fires once
/// the clock passes it, whether it DMs anyone or not), then until the messages are out.
async fn warning_fired(w: &World, span_secs: i64, at: DateTime<Utc>) {
    let pool = w.service.store().pool().clone();
    let kind = format!("warning:1:{span_secs}");
    for _ in 0..1500 {
        let fired: Option<bool> = sqlx::query_scalar(
            "SELECT fired_at IS NOT NULL FROM deadlines WHERE kind = $1 AND due_at = $2",
        )
        .bind(&kind)
        .bind(at)
        .fetch_optional(&pool)
        .await
        .expect("read the deadline");
        if fired == Some(true) {
            w.settle().await;
            return;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    panic!("the warning {kind} at {at} did not fire");
}

/// `/judge status` from a client in `locale`: its text and the interaction's response.
async fn judge_status(w: &World, thread: u64, locale: &str) -> (String, Value) {
    let id = w.fake.slash(
        w.judge,
        thread,
        &[JUDGE_ROLE],
        ADMIN,
        locale,
        &["judge", "status"],
        &[],
        json!({}),
    );
    let r = w.fake.response(id).await;
    (w.fake.answer(id).await, r)
}

fn ephemeral(r: &Value) -> bool {
    r["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// The line of the warning naming `c`, as the catalog words it.
fn expected_line(g: &Game, c: CharId, posts: u32, no_vote: bool, lang: Lang) -> String {
    let vote = if no_vote {
        msg(lang, "view-at-risk-no-vote", &[])
    } else {
        String::new()
    };
    msg(
        lang,
        "view-at-risk-line",
        &[
            ("name", &g.ch(c).name),
            ("posts", &posts.to_string()),
            ("need", "5"),
            ("vote", &vote),
        ],
    )
}

/// The whole warning naming `lines`, with the close time in the game's zone and as a
/// Discord timestamp.
fn expected_warning(g: &Game, lines: &[String], lang: Lang) -> String {
    let closes = g.day().expect("a day").closes;
    let mut all = vec![msg(
        lang,
        "view-at-risk-heading",
        &[("closes", &i18n::time(closes, g.ruleset().options.time_zone))],
    )];
    all.extend(lines.iter().cloned());
    all.push(format!("⏰ <t:{0}:F> (<t:{0}:R>)", closes.timestamp()));
    all.join("\n")
}

/// In a Chinese game: six hours before the close the characters short of posts or of a vote
/// (and only they) are named in a warning with their counts and the close time; the judge's status
/// lists them, privately. One makes up their posts; the bot is down when the one-hour
/// warning comes due: once back, it sends each warning once, to those still at risk. The
/// close then cards exactly the characters warned last.
#[sqlx::test(migrations = "./migrations")]
async fn warnings_reach_exactly_the_characters_the_close_would_card(pool: PgPool) {
    let mut w = World::unpaced(pool).await;
    let (g, thread) = day_one(&w, "zh").await;
    let closes = g.day().expect("day 1").closes;
    let living = g.living();
    let (fine, no_vote, few, gone) = (living[0], living[1], living[2], living[3]);
    let rest: Vec<CharId> = living[4..].to_vec();
    post(&w, thread, fine, 5).await;
    vote(&w, thread, &g, fine, no_vote).await;
    post(&w, thread, no_vote, 5).await;
    post(&w, thread, few, 2).await;
    vote(&w, thread, &g, few, fine).await;
    let a = w
        .judge_says(
            thread,
            &["judge", "remove"],
            &[
                ("target", 3, json!(g.ch(gone).name)),
                ("reason", 3, json!("退出")),
            ],
        )
        .await;
    assert!(says_with(&a, Lang::Zh, "ok-removed", &[]), "{a}");
    w.settle().await;
    // Six hours before the close.
    let six = closes - Duration::hours(6);
    w.clock.set(six + Duration::seconds(1));
    warning_fired(&w, 6 * 3600, six).await;
    let g = w.game().await;
    let count = |w: &World, c: CharId| warned(w, thread, &g.ch(c).name, Lang::Zh).len();
    assert_eq!(
        warnings(&w, thread, Lang::Zh).len(),
        1,
        "one warning for all"
    );
    assert_eq!(count(&w, fine), 0, "posts and vote in: no warning");
    assert_eq!(count(&w, gone), 0, "the dead are not warned");
    assert_eq!(count(&w, no_vote), 1);
    assert_eq!(count(&w, few), 1);
    for c in &rest {
        assert_eq!(
            count(&w, *c),
            1,
            "{} has neither posts nor a vote",
            g.ch(*c).name
        );
    }
    let mut lines = vec![
        expected_line(&g, no_vote, 5, true, Lang::Zh),
        expected_line(&g, few, 2, false, Lang::Zh),
    ];
    lines.extend(
        rest.iter()
            .map(|c| expected_line(&g, *c, 0, true, Lang::Zh)),
    );
    let shown = warnings(&w, thread, Lang::Zh)[0].content.clone();
    let listed: Vec<String> = shown.lines().map(str::to_string).collect();
    let listed = listed[1..listed.len() - 1].to_vec();
    assert_eq!(
        shown,
        expected_warning(&g, &listed, Lang::Zh),
        "the heading with the close time, and the close as a Discord timestamp"
    );
    let (mut listed, mut want) = (listed, lines);
    listed.sort();
    want.sort();
    assert_eq!(listed, want, "exactly those at risk, with their counts");

    // The judge's status lists exactly them, where only the judge sees it.
    let (status, r) = judge_status(&w, thread, "zh-CN").await;
    assert!(ephemeral(&r), "only the judge sees it: {r}");
    let heading = msg(
        Lang::Zh,
        "view-at-risk-heading",
        &[("closes", &i18n::time(closes, g.ruleset().options.time_zone))],
    );
    assert!(status.contains(&heading), "{status}");
    let no_vote_mark = msg(Lang::Zh, "view-at-risk-no-vote", &[]);
    let line = |c: CharId, posts: &str, missing: bool| {
        let vote = if missing { no_vote_mark.as_str() } else { "" };
        msg(
            Lang::Zh,
            "view-at-risk-line",
            &[
                ("name", &g.ch(c).name),
                ("posts", posts),
                ("need", "5"),
                ("vote", vote),
            ],
        )
    };
    let listed: Vec<&str> = status
        .lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    let mut want = vec![line(no_vote, "5", true), line(few, "2", false)];
    want.extend(rest.iter().map(|c| line(*c, "0", true)));
    let mut want: Vec<&str> = want.iter().map(String::as_str).collect();
    want.sort();
    let mut listed = listed;
    listed.sort();
    assert_eq!(listed, want, "{status}");

    // `few` makes up its posts; the bot is down when the one-hour warning comes due.
    post(&w, thread, few, 3).await;
    w.settle().await;
    if let Some(bot) = w.bot.take() {
        bot.stop().await;
    }
    let one = closes - Duration::hours(1);
    w.clock.set(one + Duration::seconds(30));
    w.boot().await;
    warning_fired(&w, 3600, one).await;
    assert_eq!(count(&w, fine), 0);
    assert_eq!(count(&w, gone), 0);
    assert_eq!(count(&w, few), 1, "made up its posts: not warned again");
    assert_eq!(count(&w, no_vote), 2, "warned once more, not twice");
    for c in &rest {
        assert_eq!(count(&w, *c), 2);
    }
    let g = w.game().await;
    assert_eq!(
        warned(&w, thread, &g.ch(no_vote).name, Lang::Zh)[1],
        expected_line(&g, no_vote, 5, true, Lang::Zh)
    );
    // The day's last warning opens with the vote's reminder, which has no post of its own
    // on a day with warnings (two hours before the close, nothing was posted).
    let shown = warnings(&w, thread, Lang::Zh);
    let reminds = |m: &Msg| says_with(&m.content, Lang::Zh, "reminder-vote", &[]);
    assert!(!reminds(&shown[0]), "{}", shown[0].content);
    assert!(reminds(&shown[1]), "{}", shown[1].content);
    let reminders = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == thread && reminds(m))
        .count();
    assert_eq!(reminders, 1, "the reminder only in the last warning");

    // The close cards exactly those warned last.
    w.pass_deadline().await;
    let after = w.game().await;
    let mut carded: Vec<CharId> = after
        .ids()
        .filter(|c| after.ch(*c).cards.yellow > 0 || after.ch(*c).cards.red > 0)
        .collect();
    carded.sort();
    let mut warned_last = vec![no_vote];
    warned_last.extend(&rest);
    warned_last.sort();
    assert_eq!(carded, warned_last);
}

/// In an English game: the judge extends the day, and the warnings follow the new close
/// (none at the old time, then one to every character, naming the new close time); the
/// judge's status in English lists them. An extension after a warning time does not send
/// that warning again late. After the speed-up nobody is warned (no automatic cards then),
/// and the status says why nobody is at risk.
#[sqlx::test(migrations = "./migrations")]
async fn english_warnings_follow_an_extension_and_stop_after_the_speed_up(pool: PgPool) {
    let w = World::new(pool).await;
    let (g, thread) = day_one(&w, "en").await;
    let old = g.day().expect("day 1").closes;
    let a = w
        .judge_says(thread, &["judge", "extend"], &[("by", 3, json!("2h"))])
        .await;
    assert!(!a.is_empty());
    w.settle().await;
    let g = w.game().await;
    let closes = g.day().expect("day 1").closes;
    assert_eq!(closes, old + Duration::hours(2), "{a}");
    let mut accounts = Vec::new();
    for c in g.living() {
        accounts.push((c, w.user_of(c).await));
    }

    // The old six-hour mark passes: nothing (the row written before the extension fires
    // and finds no warning due then).
    w.clock.set(old - Duration::hours(6) + Duration::seconds(1));
    warning_fired(&w, 6 * 3600, old - Duration::hours(6)).await;
    assert!(warnings(&w, thread, Lang::En).is_empty());
    // The new one: everyone (no posts, no votes yet), with the new close time.
    let six = closes - Duration::hours(6);
    w.clock.set(six + Duration::seconds(1));
    warning_fired(&w, 6 * 3600, six).await;
    let lines: Vec<String> = accounts
        .iter()
        .map(|(c, _)| expected_line(&g, *c, 0, true, Lang::En))
        .collect();
    let got = warnings(&w, thread, Lang::En);
    assert_eq!(got.len(), 1, "one warning");
    assert_eq!(got[0].content, expected_warning(&g, &lines, Lang::En));
    let (status, r) = judge_status(&w, thread, "en-US").await;
    assert!(ephemeral(&r), "{r}");
    let first = msg(
        Lang::En,
        "view-at-risk-line",
        &[
            ("name", &g.ch(accounts[0].0).name),
            ("posts", "0"),
            ("need", "5"),
            ("vote", &msg(Lang::En, "view-at-risk-no-vote", &[])),
        ],
    );
    assert!(status.contains(&first), "{status}");

    // Past the warning, the judge extends again by less than the time since: the six-hour
    // mark of the new close has passed already, and nobody is warned again out of time.
    w.clock.set(closes - Duration::hours(5));
    let a = w
        .judge_says(thread, &["judge", "extend"], &[("by", 3, json!("30m"))])
        .await;
    assert!(!a.is_empty());
    let closes = closes + Duration::minutes(30);
    assert_eq!(w.game().await.day().expect("day 1").closes, closes);
    // More than half of the living ask for the speed-up.
    for (_, user) in accounts.iter().take(7) {
        let a = w.say(*user, thread, &["speedup"], &[]).await;
        assert!(!a.is_empty());
    }
    w.settle().await;
    assert!(w.game().await.sped_up());
    let one = closes - Duration::hours(1);
    w.clock.set(one + Duration::seconds(1));
    warning_fired(&w, 3600, one).await;
    assert_eq!(
        warnings(&w, thread, Lang::En).len(),
        1,
        "no warning out of time, none after the speed-up"
    );
    let (status, _) = judge_status(&w, thread, "en-US").await;
    assert!(
        status.contains(&msg(Lang::En, "view-at-risk-speedup", &[])),
        "{status}"
    );
}
