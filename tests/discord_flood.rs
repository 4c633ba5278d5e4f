//! A flood of posts, against the fake Discord: each player's relayed posts are held to the
//! ruleset's pace (refused beyond it, told once when they may post again, nothing queued),
//! another player's post is not held behind a flood, and the day's result reaches the day's
//! post within seconds of the close however many relayed posts are still waiting. In a game
//! whose players write in the day's post themselves, the post has Discord's slow mode.

use crate::common::catalog::{says_with, zh};
use crate::common::{discord_world, fake_discord};

use std::time::{Duration as StdDuration, Instant};

use chrono::Duration;
use serde_json::json;
use sqlx::PgPool;

use discord_world::World;
use fake_discord::FakeDiscord;
use wolfjudge::engine::{EventKind, Phase};
use wolfjudge::i18n::Lang;
use wolfjudge::store::ids::GameId;

/// How many ✅ the bot put on `user`'s DMs.
fn taken(fake: &FakeDiscord, dm: u64) -> usize {
    let prefix = format!("/channels/{dm}/messages/");
    fake.calls()
        .iter()
        .filter(|c| {
            c.method == "PUT" && c.path.starts_with(&prefix) && c.path.contains("/reactions/")
        })
        .count()
}

/// The relayed posts in `thread` that contain `text`.
fn relayed(fake: &FakeDiscord, thread: u64, text: &str) -> usize {
    fake.messages()
        .iter()
        .filter(|m| m.channel == thread && m.webhook.is_some() && m.content.contains(text))
        .count()
}

/// How many posts the game recorded.
async fn posts(w: &World) -> usize {
    let events = w
        .service
        .store()
        .events(GameId(w.game_id().await))
        .await
        .expect("the events");
    events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Posted { .. }))
        .count()
}

/// Waits until the game recorded `n` posts.
async fn wait_for_posts(w: &World, n: usize) {
    for _ in 0..1500 {
        if posts(w).await >= n {
            return;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    panic!("{n} posts were not recorded (only {})", posts(w).await);
}

#[sqlx::test(migrations = "./migrations")]
async fn a_flood_is_paced_and_holds_up_neither_posts_nor_the_close(pool: PgPool) {
    let w = World::new(pool).await;
    w.started().await;
    let g = w.game().await;
    assert!(g.ruleset().options.anonymous && matches!(g.phase(), Phase::Day { .. }));
    let pace = g.ruleset().options.post_pace as usize;
    assert_eq!(pace, 6, "m32's pace");
    let thread = w.day_post();
    let living = g.living();
    let flooder = w.user_of(living[0]).await;
    let dm = w.fake.dm_of(flooder).expect("a DM channel");

    // One player sends 60 posts in a burst; another posts right behind them.
    for k in 0..60 {
        w.fake.post_dm(flooder, dm, &format!("刷屏第{k}条"));
    }
    let other = w.user_of(living[1]).await;
    let other_dm = w.fake.dm_of(other).expect("a DM channel");
    let posted = Instant::now();
    w.fake.post_dm(other, other_dm, "另一位玩家的发言");
    w.fake
        .wait_for("the other player's post relayed", 30, |f| {
            relayed(f, thread, "另一位玩家的发言") == 1
        })
        .await;
    let waited = posted.elapsed();
    let ahead = relayed(&w.fake, thread, "刷屏第");
    assert!(
        ahead <= 6,
        "{ahead} of the flood's posts were relayed before it"
    );
    eprintln!("the other player's post was relayed {waited:?} after it was sent");
    // Behind at most the flooder's 6 relays (the webhook takes 5 every 2 s): not behind 60
    // (24 s).
    assert!(
        waited < StdDuration::from_secs(10),
        "the other player's post waited {waited:?}"
    );

    // The flooder: 6 posts taken (✅) and relayed, one answer saying when to post again
    // (the rest get none), nothing else relayed.
    w.fake
        .wait_for("the flooder told", 10, |f| {
            f.dms_to(flooder).iter().any(|m| {
                says_with(
                    &m.content,
                    Lang::Zh,
                    "svc-posting-too-fast",
                    &[("per_minute", "6")],
                )
            })
        })
        .await;
    wait_for_posts(&w, pace + 1).await;
    w.settle().await;
    tokio::time::sleep(StdDuration::from_millis(500)).await;
    assert_eq!(taken(&w.fake, dm), pace, "✅ on the taken posts only");
    assert_eq!(relayed(&w.fake, thread, "刷屏第"), pace);
    let told: Vec<_> = w
        .fake
        .dms_to(flooder)
        .into_iter()
        .filter(|m| says_with(&m.content, Lang::Zh, "svc-posting-too-fast", &[]))
        .collect();
    assert_eq!(told.len(), 1, "told once, not once per refused post");
    assert!(told[0].content.contains("<t:"), "{}", told[0].content);
    // `/say` is refused the same way, privately.
    let said = w
        .say(flooder, thread, &["say"], &[("text", 3, json!("还想说"))])
        .await;
    assert!(
        says_with(
            &said,
            Lang::Zh,
            "svc-posting-too-fast",
            &[("per_minute", "6")]
        ),
        "{said}"
    );
    assert_eq!(relayed(&w.fake, thread, "还想说"), 0);
    // A minute later on the game's clock the flooder may post again.
    w.clock.set(w.service.now() + Duration::seconds(61));
    let said = w
        .say(flooder, thread, &["say"], &[("text", 3, json!("一分钟后"))])
        .await;
    assert_eq!(said, zh("ok-say", &[]));

    // Eight players post up to the pace just before the close: 48 relays waiting (19 s of
    // the webhook's limit). The day's result is not held behind them.
    let before = posts(&w).await;
    for (i, c) in living[2..10].iter().enumerate() {
        let user = w.user_of(*c).await;
        let dm = w.fake.dm_of(user).expect("a DM channel");
        for k in 0..pace {
            w.fake.post_dm(user, dm, &format!("收尾{i}-{k}"));
        }
    }
    wait_for_posts(&w, before + 8 * pace).await;
    let g = w.game().await;
    let closes = g.day().expect("the day").closes;
    let closed = Instant::now();
    w.clock.set(closes + Duration::seconds(1));
    w.fake
        .wait_for("the day's result", 30, |f| {
            f.messages().iter().any(|m| {
                m.channel == thread && m.webhook.is_none() && m.content.contains("投票结束")
            })
        })
        .await;
    let waited = closed.elapsed();
    let waiting = 8 * pace - relayed(&w.fake, thread, "收尾");
    assert!(
        waiting > 4 * pace,
        "the result waited for the relays: only {waiting} of {} were still waiting",
        8 * pace
    );
    eprintln!("the day's result came {waited:?} after the close, {waiting} relays still waiting");
    assert!(
        waited < StdDuration::from_secs(10),
        "the result came {waited:?} after the close, {waiting} relays still waiting"
    );
    // Every relayed post is shown in the day's post nonetheless, before it is locked.
    w.settle().await;
    assert_eq!(relayed(&w.fake, thread, "收尾"), 8 * pace);
    w.fake.assert_no_violations();
}

/// Where players write in the day's post themselves, the post has Discord's slow mode of
/// one message every `60 / post_pace` seconds: a second message at once is not posted.
#[sqlx::test(migrations = "./migrations")]
async fn a_day_post_players_write_in_has_the_paces_slow_mode(pool: PgPool) {
    let w = World::new(pool).await;
    w.started_with(&[("ruleset", 3, json!("m32")), ("anonymous", 5, json!(false))])
        .await;
    let g = w.game().await;
    assert!(!g.ruleset().options.anonymous && matches!(g.phase(), Phase::Day { .. }));
    let thread = w.day_post();
    assert_eq!(w.fake.slow_mode(thread), 10, "60 / 6 seconds");
    let user = w.user_of(g.living()[0]).await;
    assert_ne!(w.fake.post(user, thread, "第一条"), 0);
    assert_eq!(w.fake.post(user, thread, "紧跟着的第二条"), 0, "slow mode");
    // Another player is not held by it.
    let other = w.user_of(g.living()[1]).await;
    assert_ne!(w.fake.post(other, thread, "另一位"), 0);
    w.settle().await;
}
