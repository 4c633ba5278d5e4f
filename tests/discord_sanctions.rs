//! A server's memory of penalties on Discord, end to end against the fake Discord: the
//! record across three games (`/record`, one's own and a judge's view of anyone's, refused
//! to others), the judge's log listing the red cards that go on record, a bar the server's
//! policy puts on a red-carded member (Join and the bench refused privately with its end;
//! the judge sees it on the sign-up post; lifted by a judge), records that expire, and an appeal answered
//! after the end (the member told by DM, the withdrawn card no longer barring).

use crate::common::catalog::{says, zh};
use crate::common::{discord_world, fake_discord};

use chrono::Duration;
use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::{component_ids, ephemeral, join_id, resolved_user, World};
use fake_discord::Msg;
use wolfjudge::engine::role::Camp;
use wolfjudge::engine::{Game, Winner};

fn m32() -> Vec<(&'static str, u8, Value)> {
    vec![("ruleset", 3, json!("m32"))]
}

/// The first character of `camp` in `g`: its account and name.
fn member_of(g: &Game, camp: Camp, nth: usize) -> (u64, String) {
    let c = g
        .chars()
        .iter()
        .filter(|c| c.role.camp() == camp)
        .nth(nth)
        .expect("a character of the camp");
    (c.player.parse().expect("an account id"), c.name.clone())
}

/// The name `user` plays under in `g`.
fn name_of(g: &Game, user: u64) -> String {
    g.chars()
        .iter()
        .find(|c| c.player == user.to_string())
        .expect("seated")
        .name
        .clone()
}

/// `/judge card` in `thread`: `color` 0 blue, 1 yellow, 2 red.
async fn card(w: &World, thread: u64, name: &str, color: u8, reason: &str) {
    let a = w
        .judge_says(
            thread,
            &["judge", "card"],
            &[
                ("target", 3, json!(name)),
                ("color", 4, json!(color)),
                ("reason", 3, json!(reason)),
            ],
        )
        .await;
    assert!(a.contains(&zh("ok-card", &[("name", name)])), "{a}");
    w.settle().await;
}

/// `/wolf-policy` with `options` by the judge.
async fn policy(w: &World, options: &[(&str, u8, Value)]) -> String {
    let (a, r) = w
        .slash(w.judge, w.lobby, true, &["wolf-policy"], options, json!({}))
        .await;
    assert!(ephemeral(&r), "{r}");
    a
}

/// `/record` by `user` (a judge when `judge`), for `member` if given.
async fn record(w: &World, user: u64, judge: bool, member: Option<u64>) -> (String, Value) {
    let (options, resolved) = match member {
        Some(m) => (vec![("member", 6, json!(m.to_string()))], resolved_user(m)),
        None => (Vec::new(), json!({})),
    };
    w.slash(user, w.lobby, judge, &["record"], &options, resolved)
        .await
}

/// `/judge appeals` (the list) by `user`.
async fn appeals(w: &World, user: u64, judge: bool) -> (String, Value) {
    w.slash(user, w.lobby, judge, &["judge", "appeals"], &[], json!({}))
        .await
}

/// `user` presses Join on `post`: the answer and the whole response.
async fn press_join(w: &World, user: u64, post: &Msg) -> (String, Value) {
    let id = w.fake.click(user, post, &join_id(post), &[], &[]);
    let r = w.fake.response(id).await;
    (w.fake.answer(id).await, r)
}

/// The (game, seq) id of the latest event of `kind` in the latest game, as the record and
/// the appeals list show it.
async fn event_id(w: &World, kind: &str) -> (String, chrono::DateTime<chrono::Utc>) {
    let (game, seq, at): (i64, i64, chrono::DateTime<chrono::Utc>) = sqlx::query_as(
        "SELECT game_id, seq, at FROM events WHERE kind = $1 ORDER BY game_id DESC, seq DESC
         LIMIT 1",
    )
    .bind(kind)
    .fetch_one(w.service.store().pool())
    .await
    .expect("the event");
    (format!("{game}-{seq}"), at)
}

#[sqlx::test(migrations = "./migrations")]
async fn three_games_then_the_record_own_and_as_judge(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));

    // Game 1: a yellow, then a red card for the same villager, which loses the village
    // the game (m32).
    let (_, thread1) = w.sign_up_and_start(&m32()).await;
    let g1 = w.game().await;
    let id1 = w.game_id().await.to_string();
    let (carded, name1) = member_of(&g1, Camp::Village, 0);
    let (other, other_name) = member_of(&g1, Camp::Village, 1);
    card(&w, thread1, &name1, 1, "刷屏").await;
    card(&w, thread1, &name1, 2, "辱骂他人").await;
    assert_eq!(w.game().await.winner(), Some(Winner::Wolves));
    // The judge's log at the end lists the red card that goes on record, with its player.
    let reds = zh("record-reds-title", &[("count", "1")]);
    let at_end = w
        .judge_log()
        .into_iter()
        .find(|l| l.contains(&reds))
        .unwrap_or_else(|| panic!("the red cards on record in the log:\n{:?}", w.judge_log()));
    let reason = zh("card-reason-judge", &[("text", "辱骂他人")]);
    let line = zh(
        "record-reds-line",
        &[
            ("name", &name1),
            ("player", &format!("<@{carded}>")),
            ("reason", &reason),
        ],
    );
    assert!(at_end.contains(&line), "{at_end}");

    // Game 2: a blue card for another member; the judge ends it.
    let (_, thread2) = w.sign_up_and_start(&m32()).await;
    let g2 = w.game().await;
    let other2 = name_of(&g2, other);
    card(&w, thread2, &other2, 0, "发言超时").await;
    // The outsider takes that character over and is carded in turn: each card is on the
    // record of whoever held the seat when it was given.
    let (a, _) = w
        .slash(
            w.judge,
            thread2,
            true,
            &["judge", "substitute"],
            &[
                ("target", 3, json!(other2)),
                ("member", 6, json!(w.outsider.to_string())),
            ],
            resolved_user(w.outsider),
        )
        .await;
    assert!(says(&a, "ok-substituted"), "{a}");
    card(&w, thread2, &other2, 1, "替补后挂机").await;
    w.judge_end(thread2, "village").await;

    // Game 3: another yellow for the first member.
    let (_, thread3) = w.sign_up_and_start(&m32()).await;
    let g3 = w.game().await;
    let id3 = w.game_id().await.to_string();
    card(&w, thread3, &name_of(&g3, carded), 1, "挂机").await;
    w.judge_end(thread3, "wolves").await;

    // `/record`: one's own, privately, every card of the three games with its game and
    // reason; the red card marked as losing the camp.
    let (a, r) = record(&w, carded, false, None).await;
    assert!(ephemeral(&r), "{r}");
    assert!(
        a.starts_with(&zh("record-title", &[("member", &format!("<@{carded}>"))])),
        "{a}"
    );
    let cards: Vec<&str> = a.lines().filter(|l| l.contains('[')).collect();
    assert_eq!(cards.len(), 3, "two yellows and a red:\n{a}");
    assert!(cards[0].contains(&format!("#{id1}")), "{a}");
    assert!(cards[0].contains(&zh("color-yellow", &[])), "{a}");
    assert!(
        cards[0].contains(&zh("card-reason-judge", &[("text", "刷屏")])),
        "{a}"
    );
    assert!(cards[1].contains(&zh("color-red", &[])), "{a}");
    assert!(cards[1].contains(&reason), "{a}");
    assert!(
        cards[1].contains(&zh("record-flag-lost-camp", &[])),
        "the red card cost the camp game 1:\n{a}"
    );
    assert!(cards[2].contains(&format!("#{id3}")), "{a}");
    assert!(
        !a.contains(&zh("color-blue", &[])),
        "not another's card:\n{a}"
    );
    // No sanctions on this server: no bar.
    assert!(!a.contains('⛔'), "{a}");

    // A judge sees anyone's, privately.
    let (b, r) = record(&w, w.judge, true, Some(carded)).await;
    assert!(ephemeral(&r), "{r}");
    assert_eq!(a, b);
    let (b, _) = record(&w, w.judge, true, Some(other)).await;
    assert!(b.contains(&zh("color-blue", &[])), "{b}");
    assert!(
        b.contains(&zh("card-reason-judge", &[("text", "发言超时")])),
        "{b}"
    );
    assert!(
        b.lines().any(|l| says(l, "record-sub-out")),
        "replaced by a substitute:\n{b}"
    );
    assert!(!b.contains("替补后挂机"), "not the substitute's card:\n{b}");
    let (b, _) = record(&w, w.judge, true, Some(w.outsider)).await;
    assert!(
        b.lines().any(|l| says(l, "record-sub-in")),
        "came in as a substitute:\n{b}"
    );
    assert!(b.contains("替补后挂机"), "{b}");
    assert!(
        !b.contains("发言超时"),
        "not their predecessor's card:\n{b}"
    );
    // A member without the judge role may not see another's: refused privately.
    let (c, r) = record(&w, other, false, Some(carded)).await;
    assert_eq!(c, zh("svc-not-judge", &[]));
    assert!(ephemeral(&r), "{r}");
    // A member with nothing on record is told so.
    let (d, _) = record(&w, w.judge, false, None).await;
    assert!(d.contains(&zh("record-empty", &[])), "{d}");
    let _ = other_name;
}

#[sqlx::test(migrations = "./migrations")]
async fn a_red_card_bars_a_join_until_a_judge_lifts_it(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));
    // All off until the server sets it.
    let a = policy(&w, &[]).await;
    assert!(a.contains(&zh("policy-red-off", &[])), "{a}");
    let a = policy(&w, &[("red_days", 4, json!(3))]).await;
    assert!(a.contains(&zh("policy-red-days", &[("days", "3")])), "{a}");
    // Only a judge sets it.
    let (a, r) = w
        .slash(
            w.outsider,
            w.lobby,
            false,
            &["wolf-policy"],
            &[("red_days", 4, json!(0))],
            json!({}),
        )
        .await;
    assert_eq!(a, zh("svc-not-judge", &[]));
    assert!(ephemeral(&r), "{r}");

    let (_, thread1) = w.sign_up_and_start(&m32()).await;
    let g1 = w.game().await;
    let game1 = w.game_id().await.to_string();
    let (carded, name) = member_of(&g1, Camp::Village, 0);
    card(&w, thread1, &name, 2, "辱骂他人").await;
    let (_, given) = event_id(&w, "card_given").await;

    // The next sign-up: Join refused privately, saying why and until when.
    w.clock.advance(Duration::hours(1));
    let post = w.open_signup().await;
    let (a, r) = press_join(&w, carded, &post).await;
    let until = format!("<t:{}:f>", (given + Duration::days(3)).timestamp());
    let refusal = zh(
        "svc-barred",
        &[
            ("cause", &zh("bar-cause-red", &[("game", &game1)])),
            ("end", &zh("bar-end-time", &[("until", &until)])),
        ],
    );
    assert_eq!(a, refusal);
    assert!(ephemeral(&r), "{r}");
    // Nor may they volunteer as a substitute.
    let bench = component_ids(&post)
        .into_iter()
        .find(|i| i.ends_with(":bench"))
        .expect("a bench button");
    let id = w.fake.click(carded, &post, &bench, &[], &[]);
    assert_eq!(w.fake.answer(id).await, refusal);
    let joined: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM signup_players p JOIN signup_posts s ON s.id = p.signup_id
         WHERE s.thread_id = $1",
    )
    .bind(post.channel as i64)
    .fetch_one(w.service.store().pool())
    .await
    .expect("the sign-up's members");
    assert_eq!(joined, 0, "the refusal changed nothing");

    // A judge may still sign them up: the sign-up post shows the bar.
    let (a, _) = w
        .slash(
            w.judge,
            post.channel,
            true,
            &["judge", "sign"],
            &[("member", 6, json!(carded.to_string()))],
            resolved_user(carded),
        )
        .await;
    assert!(says(&a, "ok-signed"), "{a}");
    let shown = w.post_showing(&post, &format!("<@{carded}>")).await;
    let mark = zh(
        "signup-barred",
        &[("end", &zh("bar-end-time", &[("until", &until)]))],
    );
    assert!(shown.contains(&mark), "{shown}");
    assert!(shown.contains(&zh("signup-barred-legend", &[])), "{shown}");
    let (a, _) = w
        .slash(
            w.judge,
            post.channel,
            true,
            &["judge", "unsign"],
            &[("member", 6, json!(carded.to_string()))],
            resolved_user(carded),
        )
        .await;
    assert!(says(&a, "ok-unsigned"), "{a}");

    // Their record shows the bar.
    let (a, _) = record(&w, carded, false, None).await;
    assert!(a.contains('⛔'), "{a}");

    // A member not barred cannot be lifted; a lift needs a reason; a non-judge cannot.
    let lift = |user: u64, judge: bool, reason: &'static str| {
        let w = &w;
        async move {
            w.slash(
                user,
                w.lobby,
                judge,
                &["judge", "lift"],
                &[
                    ("member", 6, json!(carded.to_string())),
                    ("reason", 3, json!(reason)),
                ],
                resolved_user(carded),
            )
            .await
        }
    };
    let (a, r) = lift(w.outsider, false, "求情").await;
    assert_eq!(a, zh("svc-not-judge", &[]));
    assert!(ephemeral(&r), "{r}");
    let (a, _) = lift(w.judge, true, "  ").await;
    assert_eq!(a, zh("svc-empty-reason", &[]));
    let (a, _) = lift(w.judge, true, "已道歉").await;
    assert_eq!(
        a,
        zh("ok-bar-lifted", &[("member", &format!("<@{carded}>"))])
    );
    w.settle().await;
    let line = zh(
        "log-bar-lifted",
        &[
            ("judge", &format!("<@{}>", w.judge)),
            ("member", &format!("<@{carded}>")),
            ("reason", "已道歉"),
        ],
    );
    assert!(w.judge_log().contains(&line), "{:?}", w.judge_log());
    let (a, _) = lift(w.judge, true, "再解一次").await;
    assert_eq!(a, zh("svc-not-barred", &[]));

    // Join works now; the lift is on record.
    let (a, _) = press_join(&w, carded, &post).await;
    assert!(says(&a, "ok-joined"), "{a}");
    let (a, _) = record(&w, carded, false, None).await;
    assert!(!a.contains('⛔'), "{a}");
    assert!(a.contains("已道歉"), "{a}");
}

#[sqlx::test(migrations = "./migrations")]
async fn records_older_than_the_expiry_no_longer_bar(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));
    let a = policy(
        &w,
        &[("red_games", 4, json!(5)), ("expiry_days", 4, json!(30))],
    )
    .await;
    assert!(
        a.contains(&zh("policy-red-games", &[("games", "5")])),
        "{a}"
    );
    assert!(a.contains(&zh("policy-expiry", &[("days", "30")])), "{a}");
    let (_, thread1) = w.sign_up_and_start(&m32()).await;
    let g1 = w.game().await;
    let (carded, name) = member_of(&g1, Camp::Village, 0);
    card(&w, thread1, &name, 2, "辱骂他人").await;

    // Five games of the server must start before they may sign up again.
    let post = w.open_signup().await;
    let (a, _) = press_join(&w, carded, &post).await;
    assert!(
        a.contains(&zh("bar-end-games", &[("games", "5")])),
        "the bar counts in games: {a}"
    );
    // 29 days on, still barred; 30 days on, the card has expired.
    w.clock.advance(Duration::days(29));
    let (a, _) = press_join(&w, carded, &post).await;
    assert!(says(&a, "svc-barred"), "{a}");
    w.clock.advance(Duration::days(1));
    let (a, _) = press_join(&w, carded, &post).await;
    assert!(says(&a, "ok-joined"), "{a}");
    // Still on record, no longer barring.
    let (a, _) = record(&w, carded, false, None).await;
    assert!(a.contains(&zh("color-red", &[])), "{a}");
    assert!(!a.contains('⛔'), "{a}");
}

#[sqlx::test(migrations = "./migrations")]
async fn an_appeal_answered_after_the_end_withdraws_the_card(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));
    policy(&w, &[("red_games", 4, json!(3))]).await;
    let (_, thread1) = w.sign_up_and_start(&m32()).await;
    let g1 = w.game().await;
    let game1 = w.game_id().await;
    let (carded, name) = member_of(&g1, Camp::Village, 0);
    let complaint = "我没有辱骂任何人";
    let (a, _) = w
        .slash(
            carded,
            w.lobby,
            false,
            &["appeal"],
            &[("text", 3, json!(complaint))],
            json!({}),
        )
        .await;
    assert_eq!(a, zh("ok-appeal", &[]));
    card(&w, thread1, &name, 2, "辱骂他人").await;
    assert_eq!(w.game().await.winner(), Some(Winner::Wolves));
    let post = w.open_signup().await;
    let (a, _) = press_join(&w, carded, &post).await;
    assert!(says(&a, "svc-barred"), "{a}");

    // The judge lists the appeals waiting for an answer, with the member's cards.
    let (appeal, _) = event_id(&w, "appealed").await;
    let (red, _) = event_id(&w, "card_given").await;
    let (a, r) = appeals(&w, w.judge, true).await;
    assert!(ephemeral(&r), "{r}");
    assert!(a.contains(&zh("appeals-title", &[("count", "1")])), "{a}");
    assert!(a.contains(&format!("[{appeal}]")), "{a}");
    assert!(a.contains(complaint), "{a}");
    let listed = zh(
        "appeals-card",
        &[("color", &zh("color-red", &[])), ("id", &red)],
    );
    assert!(a.contains(&listed), "{a}");
    // Only a judge.
    let (a, _) = appeals(&w, carded, false).await;
    assert_eq!(a, zh("svc-not-judge", &[]));

    // A card that is not theirs is refused, and nothing is answered.
    let answer = |withdraw: &str| {
        let w = &w;
        let (appeal, withdraw) = (appeal.clone(), withdraw.to_string());
        async move {
            w.slash(
                w.judge,
                w.lobby,
                true,
                &["judge", "appeals"],
                &[
                    ("appeal", 3, json!(appeal)),
                    ("answer", 3, json!("经核实，撤销红牌")),
                    ("withdraw", 3, json!(withdraw)),
                ],
                json!({}),
            )
            .await
        }
    };
    let (a, r) = answer(&format!("{game1}-1")).await;
    assert_eq!(a, zh("svc-not-a-card", &[("id", &format!("{game1}-1"))]));
    assert!(ephemeral(&r), "{r}");
    w.settle().await;
    assert!(w
        .fake
        .dms_to(carded)
        .iter()
        .all(|m| !m.content.contains("经核实")));

    let (a, _) = answer(&red).await;
    assert!(a.contains(&zh("ok-appeal-answered", &[])), "{a}");
    assert!(
        a.contains(&zh(
            "ok-card-withdrawn",
            &[("color", &zh("color-red", &[]))]
        )),
        "{a}"
    );
    w.settle().await;
    // The member is told by DM.
    let dm = zh(
        "appeal-answer-dm",
        &[
            ("game", &game1.to_string()),
            ("appeal", complaint),
            ("answer", "经核实，撤销红牌"),
        ],
    );
    let told = w
        .fake
        .dms_to(carded)
        .into_iter()
        .find(|m| m.content.contains(&dm))
        .unwrap_or_else(|| panic!("the answer by DM: {:?}", w.fake.dms_to(carded)));
    assert!(
        told.content.contains(&zh(
            "appeal-answer-withdrawn",
            &[("color", &zh("color-red", &[]))]
        )),
        "{}",
        told.content
    );
    // The judge's log has it.
    let logged = zh(
        "log-appeal-answered",
        &[
            ("judge", &format!("<@{}>", w.judge)),
            ("member", &format!("<@{carded}>")),
            ("id", &appeal),
            ("answer", "经核实，撤销红牌"),
        ],
    );
    assert!(
        w.judge_log().iter().any(|l| l.contains(&logged)),
        "{:?}",
        w.judge_log()
    );
    // Answered once: no longer listed, a second answer refused.
    let (a, _) = appeals(&w, w.judge, true).await;
    assert_eq!(a, zh("appeals-none", &[]));
    let (a, _) = answer(&red).await;
    assert_eq!(a, zh("svc-no-appeal", &[("id", &appeal)]));

    // The withdrawn card no longer bars; the game's result stands.
    let (a, _) = press_join(&w, carded, &post).await;
    assert!(says(&a, "ok-joined"), "{a}");
    let g1 = w
        .service
        .store()
        .load(wolfjudge::service::GameId(game1))
        .await
        .expect("game 1");
    assert_eq!(g1.winner(), Some(Winner::Wolves));
    // The record shows the card withdrawn and the appeal answered.
    let (a, _) = record(&w, carded, false, None).await;
    assert!(a.contains(&zh("record-flag-withdrawn", &[])), "{a}");
    assert!(a.contains("经核实，撤销红牌"), "{a}");
}
