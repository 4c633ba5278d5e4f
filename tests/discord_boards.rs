//! Boards on Discord, end to end through the fake Discord: `/wolf new` offers every ruleset
//! file as a localized choice with its role counts and takes the game's options (day
//! length, night deadlines, anonymity, player count); the sign-up post shows the board and
//! the options that differ; `/wolf rules` posts the board for everyone; `/role` explains
//! one's role privately; `/concede` ends a Mafia game for the last of a side.

use crate::common::{discord_world, fake_discord};

use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::{join_id, World};
use fake_discord::{Kind, Msg};
use wolfjudge::engine::event::EventKind;
use wolfjudge::engine::ruleset::Span;
use wolfjudge::engine::{CharId, Game, Role};
use wolfjudge::i18n::{text, Lang};

/// A registered command (top level) by name.
fn command(w: &World, name: &str) -> Value {
    w.fake
        .commands()
        .into_iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("/{name} is registered"))
}

/// An option (or subcommand) of a registered command by name.
fn option(c: &Value, name: &str) -> Value {
    c["options"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("option {name} in {c}"))
}

/// The sign-up posts in the forum so far.
fn signup_posts(w: &World) -> usize {
    w.fake
        .messages()
        .iter()
        .filter(|m| matches!(w.fake.channel_kind(m.channel), Some(Kind::Post { .. })))
        .count()
}

/// A slash command used from a client in `locale`: the answer and the whole callback.
#[allow(clippy::too_many_arguments)]
pub async fn slash_in(
    w: &World,
    locale: &str,
    user: u64,
    channel: u64,
    judge: bool,
    path: &[&str],
    options: &[(&str, u8, Value)],
) -> (String, Value) {
    let roles: Vec<u64> = if judge {
        vec![discord_world::JUDGE_ROLE]
    } else {
        vec![]
    };
    let perms = if judge { discord_world::ADMIN } else { 0 };
    let id = w.fake.slash(
        user,
        channel,
        &roles,
        perms,
        locale,
        path,
        options,
        json!({}),
    );
    let r = w.fake.response(id).await;
    (w.fake.answer(id).await, r)
}

/// Whether an interaction's answer was shown only to its user.
fn ephemeral(r: &Value) -> bool {
    r["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0
}

fn holders(g: &Game, role: Role) -> Vec<CharId> {
    g.ids().filter(|c| g.ch(*c).role == role).collect()
}

#[sqlx::test(migrations = "./migrations")]
async fn wolf_new_takes_a_board_and_options_that_reach_the_game(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(w.set_up().await.contains("设置完成"));

    // Every ruleset file is a choice: its name as the value, the board and its role counts
    // as the choice's name, in English and Chinese.
    let new = option(&option(&command(&w, "wolf"), "new"), "ruleset");
    let choices = new["choices"].as_array().cloned().unwrap_or_default();
    let values: Vec<&str> = choices.iter().filter_map(|c| c["value"].as_str()).collect();
    for name in wolfjudge::service::board::ruleset_names() {
        assert!(values.contains(&name), "{name} offered: {values:?}");
    }
    let m32 = choices
        .iter()
        .find(|c| c["value"] == "m32")
        .expect("m32 offered");
    assert_eq!(
        m32["name_localizations"]["zh-CN"],
        "M32 版杀（m32） — 12 人：狼人×4、村民×5、预言家、女巫、猎人"
    );
    assert_eq!(
        m32["name"],
        "M32 forum werewolf (m32) — 12 players: wolf ×4, villager ×5, seer, witch, hunter"
    );
    for o in [
        "day_length",
        "night_deadline",
        "witch_deadline",
        "anonymous",
        "players",
    ] {
        assert!(
            option(&option(&command(&w, "wolf"), "new"), o)["name_localizations"]["zh-CN"]
                .is_string()
        );
    }
    assert_eq!(
        command(&w, "concede")["name_localizations"]["zh-CN"],
        "认输"
    );

    // Options that do not fit are refused, saying why, and post nothing.
    let before = signup_posts(&w);
    let a = w
        .judge_says(
            w.lobby,
            &["wolf", "new"],
            &[("ruleset", 3, json!("mafia")), ("players", 4, json!(9))],
        )
        .await;
    assert!(a.contains("不能进行 9 人局") && a.contains("11–16"), "{a}");
    let a = w
        .judge_says(
            w.lobby,
            &["wolf", "new"],
            &[
                ("ruleset", 3, json!("m32")),
                ("day_length", 3, json!("soon")),
            ],
        )
        .await;
    assert!(a.contains("\"soon\"不是有效的时长"), "{a}");
    let a = w
        .judge_says(
            w.lobby,
            &["wolf", "new"],
            &[
                ("ruleset", 3, json!("m32")),
                ("witch_deadline", 3, json!("10m")),
            ],
        )
        .await;
    assert!(a.contains("witch_deadline = 10m 不适用于这套规则"), "{a}");
    assert_eq!(
        signup_posts(&w),
        before,
        "no sign-up post for a refused /wolf new"
    );

    // A Mafia game for exactly 11, with 12-hour days, 20-minute nights, anonymous.
    let post = w
        .open_signup_with(&[
            ("ruleset", 3, json!("mafia")),
            ("day_length", 3, json!("12h")),
            ("night_deadline", 3, json!("20m")),
            ("anonymous", 5, json!(true)),
            ("players", 4, json!(11)),
        ])
        .await;
    assert!(
        post.content
            .contains("板子：杀人游戏（mafia） — 11 人：杀手×3、警察×3、平民×5"),
        "{}",
        post.content
    );
    assert!(post.content.contains("本局需要 11 人"), "{}", post.content);
    assert!(
        post.content.contains(
            "与规则默认不同的选项：匿名马甲：是、白天时长：12 小时、夜间行动时限（女巫以外）：20 分钟"
        ),
        "{}",
        post.content
    );
    // Eleven seats: the twelfth member waits.
    for (i, p) in w.players.iter().enumerate() {
        let id = w.fake.click(*p, &post, &join_id(&post), &[], &[]);
        let a = w.fake.answer(id).await;
        let want = if i < 11 {
            "报名成功"
        } else {
            "候补名单第 1 位"
        };
        assert!(a.contains(want), "{i}: {a}");
    }

    // /wolf rules before the start: the sign-up's board, for everyone in the post.
    let (rules, r) = slash_in(
        &w,
        "zh-CN",
        w.judge,
        post.channel,
        true,
        &["wolf", "rules"],
        &[],
    )
    .await;
    assert!(!ephemeral(&r), "the rules are public: {r}");
    for want in [
        "**板子：杀人游戏（mafia）**",
        "11 人：杀手×3、警察×3、平民×5",
        "· 杀手：每晚与其他杀手一起杀一人。",
        "· 警察：",
        "· 平民：",
        "· 白天时长：12 小时",
        "· 匿名马甲：是",
    ] {
        assert!(rules.contains(want), "{want} in {rules}");
    }

    let a = w.judge_says(post.channel, &["wolf", "start"], &[]).await;
    assert!(a.contains("游戏已开始"), "{a}");
    w.settle().await;
    let g = w.game().await;
    assert_eq!(g.chars.len(), 11);
    assert_eq!(g.ruleset.options.day_length, Span(12 * 3600));
    assert_eq!(g.ruleset.options.night_length, Span(20 * 60));
    assert!(g.ruleset.options.anonymous);
    assert_eq!(
        g.ruleset.options.witch_deadline,
        Span(3600),
        "not chosen: the file's"
    );

    // /role: privately, the role and its deadline as this game has it.
    let killers = holders(&g, Role::Killer);
    let killer = w.user_of(killers[0]).await;
    let dm = w.fake.dm_of(killer).expect("the role DM");
    let (role, r) = slash_in(&w, "zh-CN", killer, dm, false, &["role"], &[]).await;
    assert!(ephemeral(&r), "{r}");
    assert!(role.contains("杀手") && role.contains("20 分钟"), "{role}");

    // /wolf rules in the game: its roles and options, for everyone.
    let (rules, r) = slash_in(
        &w,
        "en-US",
        w.judge,
        post.channel,
        true,
        &["wolf", "rules"],
        &[],
    )
    .await;
    assert!(!ephemeral(&r));
    assert!(
        rules.contains("11 人：杀手×3、警察×3、平民×5"),
        "the game's language: {rules}"
    );

    // /concede: a civilian has no such ability, worded as any refusal of an ability; a
    // killer with partners may not; the last killer may, and the police win.
    let civilian = w.user_of(holders(&g, Role::Civilian)[0]).await;
    let (a, _) = slash_in(
        &w,
        "zh-CN",
        civilian,
        post.channel,
        false,
        &["concede"],
        &[],
    )
    .await;
    assert!(a.contains("的身份现在不能做这件事"), "{a}");
    let (a, _) = slash_in(&w, "zh-CN", killer, post.channel, false, &["concede"], &[]).await;
    assert!(a.contains("只有己方只剩最后一名成员时才能认输"), "{a}");
    for k in &killers[1..] {
        let a = w
            .judge_says(
                post.channel,
                &["judge", "remove"],
                &[
                    ("target", 3, json!(g.ch(*k).name)),
                    ("reason", 3, json!("test")),
                ],
            )
            .await;
        assert!(a.contains("已被移出游戏"), "{a}");
    }
    let events_before = w.event_count().await;
    let (a, _) = slash_in(&w, "zh-CN", killer, post.channel, false, &["concede"], &[]).await;
    assert_eq!(a, text(Lang::Zh, "ok-concede", &[]));
    w.settle().await;
    let g = w.game().await;
    assert!(g.ended(), "the game is over");
    let events = w
        .service
        .store
        .events(w.game_id().await)
        .await
        .expect("events");
    assert!(
        events[events_before..]
            .iter()
            .any(|e| matches!(e.kind, EventKind::Conceded { by } if by == killers[0])),
        "the concession is stored"
    );
    let conceded = text(
        Lang::Zh,
        "ev-conceded",
        &[("name", g.ch(killers[0]).name.clone())],
    );
    assert!(
        w.fake
            .messages()
            .iter()
            .any(|m: &Msg| m.channel == post.channel && m.content.contains(&conceded)),
        "announced in the game's post"
    );
}
