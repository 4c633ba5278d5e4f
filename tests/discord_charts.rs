//! The reveal's pictures on Discord (the forum-features work): after a day with a vote, a change, a
//! proxy vote and an abstention, the judge ends the game, and the reveal in the day's post
//! is followed by a message carrying the PNGs as a multipart upload: the day's vote and the
//! timeline, each decoding to the size the charts lay out.

use crate::common::catalog::{says, zh};
use crate::common::{discord_world, fake_discord};
use wolfjudge::store::ids::GameId;

use serde_json::json;
use sqlx::PgPool;

use discord_world::World;
use fake_discord::Kind;
use wolfjudge::chart::Charts;
use wolfjudge::engine::CharId;
use wolfjudge::i18n::{role_name, Lang};

#[sqlx::test(migrations = "./migrations")]
async fn the_reveal_carries_a_picture_of_each_vote_and_the_timeline(pool: PgPool) {
    let w = World::new(pool).await;
    w.started().await;
    let g = w.game().await;
    let thread = w.day_post();
    let name = |c: u16| g.ch(CharId(c)).name.clone();
    let vote = |by: u16, target: u16| {
        let w = &w;
        let target = name(target);
        async move {
            let user = w.user_of(CharId(by)).await;
            let options = [
                ("target", 3, json!(target)),
                ("reason", 3, json!("发言有问题")),
            ];
            w.say(user, thread, &["vote"], &options).await
        }
    };
    // Day 1 (the sheriff's election): votes, a change, a proxy vote, an abstention.
    for by in 2..8 {
        assert!(says(&vote(by, 0).await, "ok-vote"));
    }
    assert!(says(&vote(8, 1).await, "ok-vote"));
    assert!(says(&vote(8, 0).await, "ok-vote"), "a change");
    let a = w
        .say(
            w.user_of(CharId(9)).await,
            thread,
            &["proxy"],
            &[("target", 3, json!(name(1)))],
        )
        .await;
    assert!(says(&a, "ok-proxy"), "{a}");
    let a = w
        .say(w.user_of(CharId(10)).await, thread, &["abstain"], &[])
        .await;
    assert_eq!(a, zh("ok-abstain", &[]));
    w.pass_deadline().await;
    w.settle().await;

    let a = w
        .judge_says(
            thread,
            &["judge", "end"],
            &[("winner", 3, json!("village"))],
        )
        .await;
    assert_eq!(a, zh("ok-ended", &[]));
    w.settle().await;

    // What the pictures should be: laid out from the stored game.
    let events = w
        .service
        .store()
        .events(GameId(w.game_id().await))
        .await
        .expect("events");
    let charts = Charts::of(&events, Lang::Zh).expect("laid out");
    assert_eq!(charts.votes.len(), 1, "day 1's vote");
    let row = charts.votes[0]
        .rows
        .iter()
        .find(|r| r.voter == CharId(9))
        .expect("the proxy voter's row");
    assert!(row.segments[0].proxy);

    // The upload: one message, in a day's forum post, after the reveal's text.
    let uploads: Vec<fake_discord::Call> = w
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.operation == "create_message" && !c.files.is_empty())
        .collect();
    assert_eq!(uploads.len(), 1, "one message with the pictures");
    let up = &uploads[0];
    let names: Vec<&str> = up.files.iter().map(|f| f.filename.as_str()).collect();
    assert_eq!(names, ["vote-day-1.png", "timeline.png"]);
    let caption = zh("chart-caption", &[("part", "1"), ("parts", "1")]);
    assert_eq!(up.body["content"], json!(caption));
    let sizes = [charts.votes[0].size(), charts.timeline.size()];
    for (f, size) in up.files.iter().zip(sizes) {
        let img = image::load_from_memory(&f.bytes)
            .unwrap_or_else(|e| panic!("{} decodes: {e}", f.filename))
            .to_rgb8();
        assert_eq!((img.width(), img.height()), size, "{}", f.filename);
        let inked = img.pixels().filter(|p| p.0 != [255, 255, 255]).count();
        assert!(inked > 20_000, "{}: {inked} pixels drawn", f.filename);
    }
    let messages = w.fake.messages();
    let shown = messages
        .iter()
        .position(|m| m.content == caption)
        .expect("the caption is shown");
    assert!(matches!(
        w.fake.channel_kind(messages[shown].channel),
        Some(Kind::Post { .. })
    ));
    let player = format!("<@{}>", g.chars()[0].player);
    let role = role_name(g.chars()[0].role, Lang::Zh);
    let line = [("name", name(0)), ("player", player), ("role", role)];
    let line: Vec<(&str, &str)> = line.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let line = zh("ev-reveal-role", &line);
    let reveal = messages
        .iter()
        .position(|m| m.content.contains(&line))
        .expect("the reveal");
    assert!(reveal < shown, "the pictures follow the reveal");
}
