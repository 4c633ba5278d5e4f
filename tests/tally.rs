//! The public vote count (the forum-features work) end to end through the fake Discord: one
//! message per day post (and per Mafia tie round), edited in place after every vote, change,
//! proxy and abstention, the sheriff's vote marked with its weight, the final count kept at
//! the close with the result after it; and `/votes day:N`, a past day's whole history, in
//! both languages.

use crate::common::catalog::{msg, says, says_with, zh};
use crate::common::{discord_world, fake_discord};

use serde_json::json;
use sqlx::PgPool;

use discord_world::World;
use fake_discord::Msg;
use wolfjudge::engine::{CharId, Game, Phase};
use wolfjudge::i18n::{phase_name, Lang};

/// The count's title for `day`, `round`, in Chinese (the tests' games).
fn title(day: u32, round: u32) -> String {
    zh(
        "tally-title",
        &[("phase", &phase_name(Phase::Day { day, round }, Lang::Zh))],
    )
}

/// The bot's vote-count messages in `thread` for `day`, `round` (there must be one).
fn counts(w: &World, thread: u64, day: u32, round: u32) -> Vec<Msg> {
    let title = title(day, round);
    w.fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == thread && m.author.is_none() && m.webhook.is_none())
        .filter(|m| m.content.lines().next() == Some(title.as_str()))
        .collect()
}

/// The one vote-count message of `day`, `round` in `thread`, once every message is out.
async fn count(w: &World, thread: u64, day: u32, round: u32) -> Msg {
    w.settle().await;
    let found = counts(w, thread, day, round);
    assert_eq!(
        found.len(),
        1,
        "one count message for day {day} round {round}: {found:#?}"
    );
    found.into_iter().next().expect("the count")
}

/// `name`'s slash command `path` with `options`, answered in Chinese.
async fn slash(
    w: &World,
    c: CharId,
    path: &[&str],
    options: &[(&str, u8, serde_json::Value)],
) -> String {
    let thread = w.day_post();
    w.say(w.user_of(c).await, thread, path, options).await
}

async fn vote(w: &World, g: &Game, by: CharId, target: CharId, reason: &str) {
    let a = slash(
        w,
        by,
        &["vote"],
        &[
            ("target", 3, json!(g.ch(target).name)),
            ("reason", 3, json!(reason)),
        ],
    )
    .await;
    assert_eq!(
        a,
        zh("ok-vote", &[("name", &g.ch(target).name)]),
        "vote by {}",
        g.ch(by).name
    );
}

/// The line of the count that starts with `target`'s name in bold.
fn line_of<'a>(count: &'a str, target: &str) -> &'a str {
    count
        .lines()
        .find(|l| l.starts_with(&format!("**{target}**")))
        .unwrap_or_else(|| panic!("a line for {target}: {count}"))
}

/// Day 1 (the sheriff election) and day 2 of an `m32` game through Discord: the count is one
/// message per day post, edited in place; on day 2 it shows the sheriff's vote marked and
/// weighted 1.5, a change struck through, a proxy vote and an abstention, and who has not
/// voted; at the close the final count stays, and the result comes after it. On day 2,
/// `/votes day:1` gives day 1's whole history, in Chinese and in English.
#[sqlx::test(migrations = "./migrations")]
async fn the_count_is_one_message_edited_after_every_vote_and_kept_at_the_close(pool: PgPool) {
    let w = World::new(pool).await;
    w.started().await;
    let g = w.game().await;
    let day1 = w.day_post();
    // Opened with the day: nobody has voted, everyone is listed as not voted yet.
    let first = count(&w, day1, 1, 0).await;
    assert!(says(&first.content, "tally-no-votes"), "{}", first.content);
    assert!(
        says_with(
            &first.content,
            Lang::Zh,
            "tally-not-voted",
            &[("count", "12")]
        ),
        "{}",
        first.content
    );
    assert!(
        first.content.contains("<t:"),
        "the close as a Discord timestamp: {}",
        first.content
    );
    // Day 1: everyone elects seat 0 sheriff (seat 0 votes for seat 1).
    let (sheriff, other) = (CharId(0), CharId(1));
    for c in g.living() {
        let target = if c == sheriff { other } else { sheriff };
        vote(&w, &g, c, target, "选警长").await;
    }
    let day1_count = count(&w, day1, 1, 0).await;
    assert!(day1_count.edits >= 1, "edited in place");
    let sheriff_name = g.ch(sheriff).name.clone();
    assert!(
        line_of(&day1_count.content, &sheriff_name)
            .starts_with(&format!("**{sheriff_name}** — 11 票：")),
        "{}",
        day1_count.content
    );
    // The close of day 1: the final count stays, and the result follows it.
    w.pass_deadline().await;
    let closed = count(&w, day1, 1, 0).await;
    assert!(says(&closed.content, "tally-final"), "{}", closed.content);
    assert!(
        !closed.content.contains("<t:"),
        "no countdown once closed: {}",
        closed.content
    );
    assert!(
        line_of(&closed.content, &sheriff_name).contains("11"),
        "{}",
        closed.content
    );
    let calls = w.fake.calls();
    let tally_path = format!("/channels/{day1}/messages/{}", closed.id);
    let last_edit = calls
        .iter()
        .rposition(|c| c.method == "PATCH" && c.path.ends_with(&tally_path))
        .expect("the count edited");
    let result = calls
        .iter()
        .position(|c| {
            c.method == "POST"
                && c.path.ends_with(&format!("/channels/{day1}/messages"))
                && says(
                    c.body["content"].as_str().unwrap_or_default(),
                    "ev-vote-closed",
                )
        })
        .expect("the result posted");
    assert!(last_edit < result, "the final count first, then the result");
    // On to day 2 (nobody acts at night: nobody dies).
    while !matches!(w.game().await.phase(), Phase::Day { day: 2, .. }) {
        w.pass_deadline().await;
    }
    let g = w.game().await;
    assert_eq!(g.sheriff(), Some(sheriff), "elected on day 1");
    let day2 = w.day_post();
    assert_ne!(day1, day2);
    let day1_final = count(&w, day1, 1, 0).await;
    assert!(
        says(&day1_final.content, "tally-final"),
        "{}",
        day1_final.content
    );

    let living = g.living();
    let others: Vec<CharId> = living.iter().copied().filter(|c| *c != sheriff).collect();
    let (a, b, c, d, e, f) = (
        others[0], others[1], others[2], others[3], others[4], others[5],
    );
    let name = |c: CharId| g.ch(c).name.clone();
    let edits_before = count(&w, day2, 2, 0).await.edits;
    // The sheriff's vote: 1.5, marked.
    vote(&w, &g, sheriff, a, "他很可疑").await;
    let now = count(&w, day2, 2, 0).await;
    let sheriff_entry = zh(
        "tally-sheriff",
        &[("name", &sheriff_name), ("weight", "1.5")],
    );
    assert_eq!(
        line_of(&now.content, &name(a)),
        zh(
            "tally-target",
            &[
                ("name", &name(a)),
                ("votes", "1.5"),
                ("voters", &sheriff_entry)
            ]
        ),
        "{}",
        now.content
    );
    assert!(says_with(
        &now.content,
        Lang::Zh,
        "tally-weight",
        &[("weight", "1.5")]
    ));
    // An ordinary vote, then a change (struck through), a proxy vote and an abstention.
    vote(&w, &g, b, a, "跟警长").await;
    vote(&w, &g, c, d, "先投这里").await;
    vote(&w, &g, c, a, "改票").await;
    let proxy = slash(&w, d, &["proxy"], &[("target", 3, json!(name(a)))]).await;
    assert_eq!(proxy, zh("ok-proxy", &[("name", &name(a))]));
    let abstain = slash(&w, e, &["abstain"], &[]).await;
    assert_eq!(abstain, zh("ok-abstain", &[]));
    vote(&w, &g, f, b, "随便").await;
    let now = count(&w, day2, 2, 0).await;
    assert!(now.edits > edits_before, "the same message, edited");
    let changed = zh(
        "tally-changed",
        &[
            ("name", &name(c)),
            (
                "chain",
                &zh(
                    "tally-change",
                    &[
                        ("old", &zh("tally-struck", &[("name", &name(d))])),
                        ("new", &name(a)),
                    ],
                ),
            ),
        ],
    );
    assert!(changed.contains(&format!("~~{}~~", name(d))), "{changed}");
    let proxied = zh("tally-proxy", &[("name", &name(d))]);
    let voters = [sheriff_entry.clone(), name(b), changed, proxied].join(", ");
    assert_eq!(
        line_of(&now.content, &name(a)),
        zh(
            "tally-target",
            &[("name", &name(a)), ("votes", "4.5"), ("voters", &voters)]
        ),
        "{}",
        now.content
    );
    assert_eq!(
        line_of(&now.content, &name(b)),
        zh(
            "tally-target",
            &[("name", &name(b)), ("votes", "1"), ("voters", &name(f))]
        )
    );
    assert!(
        now.content
            .lines()
            .any(|l| l == zh("tally-abstained", &[("count", "1"), ("names", &name(e))])),
        "{}",
        now.content
    );
    let missing = living.len() - 6;
    assert!(
        says_with(
            &now.content,
            Lang::Zh,
            "tally-not-voted",
            &[("count", &missing.to_string())]
        ),
        "{}",
        now.content
    );
    // Nothing but the one count message was added for the votes' counts.
    assert_eq!(counts(&w, day2, 2, 0).len(), 1);

    // `/votes day:1` on day 2: day 1's whole history, with times and reasons.
    let history = slash(&w, a, &["votes"], &[("day", 4, json!(1))]).await;
    assert!(
        history.starts_with(&zh("votes-history-heading", &[("day", "1")])),
        "{history}"
    );
    let line = format!("{} → {}：选警长", name(a), sheriff_name);
    assert!(history.contains(&line), "{history}");
    assert!(says_with(&history, Lang::Zh, "votes-history-close", &[]));
    let id = w.fake.slash(
        w.user_of(a).await,
        day2,
        &[],
        0,
        "en-US",
        &["votes"],
        &[("day", 4, json!(1))],
        json!({}),
    );
    let english = w.fake.answer(id).await;
    assert!(
        english.starts_with(&msg(Lang::En, "votes-history-heading", &[("day", "1")])),
        "{english}"
    );
    assert!(
        english.contains(&format!("{} → {}: 选警长", name(a), sheriff_name)),
        "{english}"
    );
    let later = slash(&w, a, &["votes"], &[("day", 4, json!(9))]).await;
    assert_eq!(
        later,
        zh("votes-no-such-day", &[("day", "9"), ("last", "2")])
    );
    // Today's history so far shows the change struck through, and the proxy.
    let today = slash(&w, a, &["votes"], &[("day", 4, json!(2))]).await;
    assert!(
        today.contains(&format!("~~{}~~ → {}：改票", name(d), name(a))),
        "{today}"
    );
    assert!(
        says_with(&today, Lang::Zh, "votes-history-proxy", &[]),
        "{today}"
    );

    // The close (here every character short of posts is carded first, and the red cards
    // end the game before the count): the final count stays, without the countdown.
    w.pass_deadline().await;
    let closed = count(&w, day2, 2, 0).await;
    assert!(
        says(&closed.content, "tally-final") || says(&closed.content, "tally-ended"),
        "{}",
        closed.content
    );
    assert!(!closed.content.contains("<t:"), "{}", closed.content);
    assert_eq!(counts(&w, day2, 2, 0).len(), 1);
}

/// A Mafia day whose vote ties opens a tie round: it gets a count of its own (its candidates,
/// its voters), edited as its votes come in, while the main round's final count stays.
#[sqlx::test(migrations = "./migrations")]
async fn a_mafia_tie_round_has_its_own_count(pool: PgPool) {
    let w = World::new(pool).await;
    w.started_with(&[("ruleset", 3, json!("mafia"))]).await;
    while !matches!(w.game().await.phase(), Phase::Day { .. }) {
        w.pass_deadline().await;
    }
    let g = w.game().await;
    let thread = w.day_post();
    let Phase::Day { day, .. } = g.phase() else {
        unreachable!()
    };
    let living = g.living();
    let (a, b) = (living[0], living[1]);
    let name = |c: CharId| g.ch(c).name.clone();
    // Two votes each for a and b: a tie.
    vote(&w, &g, living[2], a, "一").await;
    vote(&w, &g, living[3], a, "二").await;
    vote(&w, &g, living[4], b, "三").await;
    vote(&w, &g, living[5], b, "四").await;
    w.pass_deadline().await;
    let g = w.game().await;
    assert_eq!(g.phase(), Phase::Day { day, round: 1 }, "a tie round");
    let main = count(&w, thread, day, 0).await;
    assert!(says(&main.content, "tally-final"), "{}", main.content);
    let runoff = count(&w, thread, day, 1).await;
    assert!(
        runoff.order > main.order,
        "posted when the tie round opened"
    );
    for c in [a, b] {
        assert!(
            runoff
                .content
                .lines()
                .any(|l| l == zh("tally-target-none", &[("name", &name(c))])),
            "{}",
            runoff.content
        );
    }
    // Voters are everyone living (the main round's tie): not the candidates only.
    let voters = g.day().map(|d| d.voters.len()).unwrap_or(0);
    assert!(says_with(
        &runoff.content,
        Lang::Zh,
        "tally-not-voted",
        &[("count", &voters.to_string())]
    ));
    vote(&w, &g, living[6], a, "加赛").await;
    let runoff = count(&w, thread, day, 1).await;
    assert!(runoff.edits >= 1);
    assert_eq!(
        line_of(&runoff.content, &name(a)),
        zh(
            "tally-target",
            &[
                ("name", &name(a)),
                ("votes", "1"),
                ("voters", &name(living[6]))
            ]
        ),
        "{}",
        runoff.content
    );
    let main_again = count(&w, thread, day, 0).await;
    assert_eq!(
        main_again.content, main.content,
        "the main round's final count stays"
    );
}
