//! What a server's moderators do to the game's forum, through the fake Discord: a forum
//! that requires a tag on every post (`REQUIRE_TAG`), and a game's post deleted while the
//! game needs it (the day's post mid-day, the sign-up's post), as members would meet them.

use crate::common::catalog::{msg, says, says_with, zh};
use crate::common::{discord_world, fake_discord};
use crate::discord::{between_phases, give_last_words, play_day, play_night};

use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::{join_id, World, ADMIN, JUDGE_ROLE};
use fake_discord::{Kind, Msg};
use wolfjudge::engine::{CharId, Phase};
use wolfjudge::i18n::Lang;

/// `/wolf-setup` by the judge from a client in `locale`, with `extra` options: the
/// answer, given privately.
async fn set_up_in(w: &World, locale: &str, extra: &[(&str, u8, Value)]) -> String {
    let (a, r) = w.set_up_in(locale, extra).await;
    assert_eq!(r["data"]["flags"], json!(64), "answered privately: {r}");
    a
}

/// The judge's log, in order.
fn judge_log(w: &World) -> Vec<Msg> {
    let mut log: Vec<Msg> = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == w.log)
        .collect();
    log.sort_by_key(|m| m.order);
    log
}

/// The messages of `channel` still there, in order.
fn messages_in(w: &World, channel: u64) -> Vec<Msg> {
    let mut v: Vec<Msg> = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == channel && !m.deleted)
        .collect();
    v.sort_by_key(|m| m.order);
    v
}

/// The forum post named `name` other than `not`, once the bot has opened one.
async fn post_named(w: &World, name: &str, not: u64) -> u64 {
    let mut found = None;
    w.fake
        .wait_for("a new post replacing the deleted one", 30, |f| {
            found = f.messages().into_iter().map(|m| m.channel).find(|c| {
                *c != not
                    && matches!(f.channel_kind(*c), Some(Kind::Post { name: n, .. }) if n == name)
            });
            found.is_some()
        })
        .await;
    found.expect("found")
}

/// Waits until `text` is said in `channel` (the last step of a post's replacement there).
async fn told_in(w: &World, channel: u64, text: &str) {
    w.fake
        .wait_for("the members told in the new post", 30, |f| {
            f.messages()
                .iter()
                .any(|m| m.channel == channel && m.content == text)
        })
        .await;
}

/// Plays on (days voted and talked through, nights acted) until day `day` opens.
async fn until_day(w: &mut World, day: u32) {
    for _ in 0..40 {
        let g = w.game().await;
        assert!(!g.ended(), "the game ended before day {day}");
        if matches!(g.phase(), Phase::Day { day: d, .. } if d == day) {
            w.settle().await;
            return;
        }
        if between_phases(w, &g).await {
            continue;
        }
        match g.phase() {
            Phase::Day { .. } => {
                play_day(w).await;
                w.pass_deadline().await;
            }
            Phase::Night { .. } => {
                give_last_words(w).await;
                play_night(w, false).await;
                while w.game().await.night().is_some_and(|n| !n.resolved) {
                    w.pass_deadline().await;
                }
            }
            _ => w.pass_deadline().await,
        }
    }
    panic!("day {day} never opened");
}

/// `/vote` by character `voter` for `target` in `post`: the answer.
async fn vote(w: &World, post: u64, voter: CharId, target: CharId) -> String {
    let g = w.game().await;
    w.say(
        w.user_of(voter).await,
        post,
        &["vote"],
        &[
            ("target", 3, json!(g.ch(target).name)),
            ("reason", 3, json!("发言有问题")),
        ],
    )
    .await
}

/// A forum that requires tags: `/wolf-setup` without a tag is refused, privately and in
/// the member's language, naming the forum's tags and what to do, and saves nothing; an
/// unknown tag is refused the same way; `forum_tag` autocompletes the forum's tags; with
/// one, the setup says so, and the sign-up post and the day's post carry it (read back
/// from Discord).
#[sqlx::test(migrations = "./migrations")]
async fn a_forum_that_requires_tags_gets_its_tag_on_every_post(pool: PgPool) {
    let w = World::new(pool).await;
    // Set up while the forum asked for no tag, then a moderator requires one: the sign-up
    // is refused saying what to do, not with Discord's English.
    assert!(says(&w.set_up().await, "ok-setup"));
    let tags = w.fake.set_forum_tags(w.forum, true, &["狼人杀", "闲聊"]);
    let a = w
        .judge_says(w.lobby, &["wolf", "new"], &[("ruleset", 3, json!("m32"))])
        .await;
    let forum = format!("<#{}>", w.forum);
    assert!(
        says_with(&a, Lang::Zh, "signup-tag-required", &[("forum", &forum)]),
        "{a}"
    );
    assert!(a.contains("狼人杀"), "{a}");
    let id = w.fake.slash(
        w.judge,
        w.lobby,
        &[JUDGE_ROLE],
        ADMIN,
        "en-US",
        &["wolf", "new"],
        &[("ruleset", 3, json!("m32"))],
        json!({}),
    );
    let a = w.fake.answer(id).await;
    assert!(
        says_with(&a, Lang::En, "signup-tag-required", &[("forum", &forum)]),
        "{a}"
    );
    let settings = || async {
        sqlx::query_as::<_, (i64, Option<i64>)>(
            "SELECT forum_channel, forum_tag FROM guild_settings",
        )
        .fetch_all(w.service.store().pool())
        .await
        .expect("the servers' settings")
    };
    let before = settings().await;
    for (locale, lang) in [("zh-CN", Lang::Zh), ("en-US", Lang::En)] {
        let a = set_up_in(&w, locale, &[]).await;
        assert!(
            says_with(&a, lang, "setup-tag-required", &[("forum", &forum)]),
            "{locale}: {a}"
        );
        assert!(a.contains("狼人杀") && a.contains("闲聊"), "{a}");
        let a = set_up_in(&w, locale, &[("forum_tag", 3, json!("桌游"))]).await;
        assert!(
            says_with(&a, lang, "setup-tag-unknown", &[("tag", "桌游")]),
            "{locale}: {a}"
        );
    }
    assert_eq!(settings().await, before, "a refused setup saves nothing");

    // The tag's option offers the forum's tags.
    let id = w.fake.autocomplete(
        w.judge,
        w.lobby,
        "zh-CN",
        &["wolf-setup"],
        &[("forum", 7, json!(w.forum.to_string()))],
        ("forum_tag", 3, "狼"),
    );
    let r = w.fake.response(id).await;
    assert_eq!(r["type"], json!(8), "{r}");
    assert_eq!(
        r["data"]["choices"],
        json!([{"name": "狼人杀", "value": "狼人杀"}])
    );

    let a = set_up_in(&w, "zh-CN", &[("forum_tag", 3, json!("狼人杀"))]).await;
    assert!(says(&a, "ok-setup"), "{a}");
    assert!(a.contains(&zh("ok-setup-tag", &[("tag", "狼人杀")])), "{a}");
    let post = w.open_signup().await;
    assert_eq!(w.fake.applied_tags(post.channel), vec![tags[0]]);
    w.join_all(&post).await;
    let a = w.judge_says(post.channel, &["wolf", "start"], &[]).await;
    assert!(says(&a, "ok-started"), "{a}");
    w.settle().await;
    let day = w.day_post();
    assert_ne!(day, post.channel);
    assert_eq!(w.fake.applied_tags(day), vec![tags[0]], "the day's post");
}

/// A moderator deletes the day's post mid-day: a new post opens for the same day with the
/// day's opening, its index and the vote count as it stands, and a line telling the
/// players; the judge is told once. Votes, posts and the count go on there; the close
/// still resolves and the next day opens. A deletion the gateway never reported is met as
/// Discord's 10003 on the next message to the post, and replaced the same way.
#[sqlx::test(migrations = "./migrations")]
async fn a_day_post_deleted_mid_day_is_replaced(pool: PgPool) {
    let mut w = World::new(pool).await;
    w.started().await;
    until_day(&mut w, 1).await;
    let old = w.day_post();
    let Some(Kind::Post { name: title, .. }) = w.fake.channel_kind(old) else {
        panic!("the day's post");
    };
    let opening = w.fake.message(old).expect("the day's opening").content;
    let g = w.game().await;
    let living = g.living();
    let (first, target) = (living[0], living[1]);
    assert_eq!(
        vote(&w, old, first, target).await,
        zh("ok-vote", &[("name", &g.ch(target).name)])
    );
    w.settle().await;

    w.fake.delete_thread(old);
    let new = post_named(&w, &title, old).await;
    let notice = zh("post-replaced", &[("day", "1")]);
    told_in(&w, new, &notice).await;
    w.settle().await;
    let shown = messages_in(&w, new);
    assert_eq!(shown[0].content, opening, "the day's opening first");
    let count = shown
        .iter()
        .find(|m| says(&m.content, "tally-title"))
        .expect("the vote count in the new post");
    assert!(
        count.content.contains(&g.ch(first).name) && count.content.contains(&g.ch(target).name),
        "the count as it stands: {}",
        count.content
    );
    let told = |w: &World| {
        judge_log(w)
            .iter()
            .filter(|m| says(&m.content, "judge-post-replaced"))
            .count()
    };
    // The judge's note is written beside the replacement, not before it: wait for it.
    let log = w.log;
    w.fake
        .wait_for("the judge told of the replaced post", 30, |f| {
            f.messages()
                .iter()
                .any(|m| m.channel == log && says(&m.content, "judge-post-replaced"))
        })
        .await;
    assert_eq!(told(&w), 1, "the judge is told once");
    assert!(judge_log(&w).iter().any(|m| m.content
        == zh(
            "judge-post-replaced",
            &[("day", "1"), ("post", &format!("<#{new}>"))]
        )));

    // A vote after it is counted in the new post's count.
    let second = living[2];
    assert_eq!(
        vote(&w, new, second, target).await,
        zh("ok-vote", &[("name", &g.ch(target).name)])
    );
    w.settle().await;
    let count = w.fake.message(count.id).expect("the count");
    assert!(
        count.content.contains(&g.ch(second).name),
        "{}",
        count.content
    );
    // The day is played out there (posts relayed into it) and closes; the next day opens.
    play_day(&w).await;
    assert!(
        messages_in(&w, new)
            .iter()
            .filter(|m| m.webhook.is_some())
            .count()
            >= 5,
        "relayed posts land in the new post"
    );
    w.pass_deadline().await;
    until_day(&mut w, 2).await;
    let day2 = w.day_post();
    assert!(day2 != new && day2 != old);
    let failed: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE failed_at IS NOT NULL")
        .fetch_one(w.service.store().pool())
        .await
        .expect("count the failed messages");
    assert_eq!(failed, 0, "no message was lost to the deleted post");
    assert_eq!(told(&w), 1, "still told once");

    // Deleted without the gateway telling the bot: the next message there meets 10003.
    let Some(Kind::Post { name: title2, .. }) = w.fake.channel_kind(day2) else {
        panic!("day 2's post");
    };
    w.fake.delete_thread_unseen(day2);
    let g = w.game().await;
    let living = g.living();
    // A post by DM, relayed into the day's post (a lane of its own), meets it first.
    let user = w.user_of(living[0]).await;
    let dm = w.fake.dm_of(user).expect("the player's DM with the bot");
    w.fake.post_dm(user, dm, "删帖以后的发言");
    let replaced = post_named(&w, &title2, day2).await;
    told_in(&w, replaced, &zh("post-replaced", &[("day", "2")])).await;
    w.settle().await;
    assert!(
        messages_in(&w, replaced)
            .iter()
            .any(|m| m.webhook.is_some() && m.content == "删帖以后的发言"),
        "the relayed post lands in the new post"
    );
    assert_eq!(
        vote(&w, replaced, living[0], living[1]).await,
        zh("ok-vote", &[("name", &g.ch(living[1]).name)])
    );
    w.settle().await;
    assert!(messages_in(&w, replaced)
        .iter()
        .any(|m| says(&m.content, "tally-title") && m.content.contains(&g.ch(living[0]).name)));
    assert_eq!(told(&w), 2, "once per deleted post");
}

/// A moderator deletes an open sign-up's post: a new one opens with everyone who had
/// signed up and working Join and Leave buttons, telling the members; the judge is told
/// once; the game starts from it.
#[sqlx::test(migrations = "./migrations")]
async fn a_deleted_sign_up_post_is_replaced_with_its_list(pool: PgPool) {
    let w = World::new(pool).await;
    // An English game: what its members and judge are told is in English.
    let (a, _) = w.set_up_with(&[("language", 3, json!("en"))]).await;
    assert!(says(&a, "ok-setup"), "{a}");
    let post = w.open_signup().await;
    for p in &w.players[..3] {
        let id = w.fake.click(*p, &post, &join_id(&post), &[], &[]);
        let a = w.fake.answer(id).await;
        assert!(says(&a, "ok-joined"), "{a}");
    }
    let names = discord_world::NAMES;
    w.fake
        .wait_for("the sign-up post to show three members", 20, |f| {
            f.message(post.id)
                .is_some_and(|m| m.content.contains(names[2]))
        })
        .await;
    let Some(Kind::Post { name: title, .. }) = w.fake.channel_kind(post.channel) else {
        panic!("the sign-up post");
    };
    w.fake.delete_thread(post.channel);
    let new = post_named(&w, &title, post.channel).await;
    let opening = w.fake.message(new).expect("the new sign-up post");
    for n in &names[..3] {
        assert!(opening.content.contains(n), "{n}: {}", opening.content);
    }
    told_in(&w, new, &msg(Lang::En, "signup-replaced", &[])).await;
    w.fake
        .wait_for("the judge told", 20, |f| {
            f.messages().iter().any(|m| {
                m.channel == w.log && says_with(&m.content, Lang::En, "judge-signup-replaced", &[])
            })
        })
        .await;
    let told: Vec<Msg> = judge_log(&w)
        .into_iter()
        .filter(|m| says_with(&m.content, Lang::En, "judge-signup-replaced", &[]))
        .collect();
    assert_eq!(told.len(), 1, "the judge is told once");
    assert!(told[0].content.contains(&format!("<#{new}>")));

    // Join works on the new post, and it shows the newcomer.
    for p in &w.players[3..] {
        let id = w.fake.click(*p, &opening, &join_id(&opening), &[], &[]);
        let a = w.fake.answer(id).await;
        assert!(says(&a, "ok-joined"), "{a}");
    }
    w.fake
        .wait_for("the new post to show the newcomers", 20, |f| {
            f.message(new)
                .is_some_and(|m| m.content.contains(names[11]))
        })
        .await;
    let a = w.judge_says(new, &["wolf", "start"], &[]).await;
    assert!(says(&a, "ok-started"), "{a}");
    w.settle().await;
    assert_eq!(w.game().await.chars().len(), 12);
}
