//! Records across games on Discord (the forum-features work), end to end against the fake Discord:
//! three m32 games played on one server without a tournament (the first ended by a red
//! card, the others by the judge), then `/stats` (a member's, the caller's, the server's)
//! and `/leaderboard` with exact numbers, in Chinese and English; the sign-up post marking
//! the member with a red card in their last N games; and `/appeal`, answered privately,
//! seen by nobody before the end, then listed in the judge's log.

use crate::common::catalog::{msg, says, says_with, zh};
use crate::common::{discord_world, fake_discord};

use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::{ephemeral, resolved_user, World, ADMIN};
use fake_discord::Msg;
use wolfjudge::engine::role::Camp;
use wolfjudge::engine::{Game, Role, Winner};
use wolfjudge::i18n::{role_name, winner_name, Lang};

fn m32() -> Vec<(&'static str, u8, Value)> {
    vec![("ruleset", 3, json!("m32"))]
}

/// A slash command by `user` from a client in `locale`, without roles: the answer and the
/// whole response.
async fn slash_in(
    w: &World,
    locale: &str,
    user: u64,
    path: &[&str],
    options: &[(&str, u8, Value)],
    resolved: Value,
) -> (String, Value) {
    let id = w
        .fake
        .slash(user, w.lobby, &[], 0, locale, path, options, resolved);
    let r = w.fake.response(id).await;
    (w.fake.answer(id).await, r)
}

/// The sign-up `post` as it stands once the bot's last edit (after the start) is in.
async fn final_post(w: &World, post: &Msg) -> String {
    w.post_showing(post, &zh("signup-started", &[])).await
}

/// The sign-up post's line of `user` (`n. name <@user>…`).
fn line_of(post: &str, user: u64) -> String {
    let mention = format!("<@{user}>");
    post.lines()
        .find(|l| l.contains(&mention))
        .unwrap_or_else(|| panic!("a line for {mention} in\n{post}"))
        .to_string()
}

/// The account playing the first character whose role's camp is `camp`, and its role.
fn member_of(g: &Game, camp: Camp) -> (u64, Role) {
    let c = g
        .chars()
        .iter()
        .find(|c| c.role.camp() == camp)
        .expect("a character of the camp");
    (c.player.parse().expect("an account id"), c.role)
}

/// The role `user` plays in `g`.
fn role_of(g: &Game, user: u64) -> Role {
    g.chars()
        .iter()
        .find(|c| c.player == user.to_string())
        .expect("the member plays")
        .role
}

#[sqlx::test(migrations = "./migrations")]
async fn three_games_then_stats_leaderboard_card_marks_and_appeals(pool: PgPool) {
    let w = World::new(pool).await;
    let a = w.set_up().await;
    assert!(says(&a, "ok-setup"), "{a}");
    // The card record looks at the last 5 games unless the server says otherwise.
    assert!(
        a.contains(&zh("ok-setup-red-cards", &[("games", "5")])),
        "{a}"
    );

    // Game 1. Two complaints while it runs, one from an English client; an outsider's is
    // refused.
    let (post1, thread1) = w.sign_up_and_start(&m32()).await;
    let g1 = w.game().await;
    let (wolf, wolf_role) = member_of(&g1, Camp::Wolves);
    let (carded, carded_role) = member_of(&g1, Camp::Village);
    let complaint = "法官对 3 号的判罚不公平";
    let (a, r) = slash_in(
        &w,
        "zh-CN",
        wolf,
        &["appeal"],
        &[("text", 3, json!(complaint))],
        json!({}),
    )
    .await;
    assert_eq!(a, zh("ok-appeal", &[]));
    assert!(ephemeral(&r), "an appeal is answered privately: {r}");
    let english = "The judge ignored my vote";
    let (a, r) = slash_in(
        &w,
        "en-US",
        carded,
        &["appeal"],
        &[("text", 3, json!(english))],
        json!({}),
    )
    .await;
    assert_eq!(a, msg(Lang::En, "ok-appeal", &[]));
    assert!(ephemeral(&r), "{r}");
    let (a, r) = slash_in(
        &w,
        "zh-CN",
        w.outsider,
        &["appeal"],
        &[("text", 3, json!("我也要申诉"))],
        json!({}),
    )
    .await;
    assert_eq!(a, zh("svc-not-a-player", &[]));
    assert!(ephemeral(&r), "{r}");
    w.settle().await;
    // Kept for the end: no channel, post, DM or log line shows them yet.
    for m in w.fake.messages() {
        assert!(
            !m.content.contains(complaint) && !m.content.contains(english),
            "a complaint shown before the end in {}: {}",
            m.channel,
            m.content
        );
    }
    // No red card before the first game: no mark.
    let shown = final_post(&w, &post1).await;
    assert!(!shown.contains("🟥"), "{shown}");

    // A red card for a villager: m32 sends the village off (red_card_loses_camp).
    let name = g1
        .chars()
        .iter()
        .find(|c| c.player == carded.to_string())
        .expect("seated")
        .name
        .clone();
    let a = w
        .judge_says(
            thread1,
            &["judge", "card"],
            &[
                ("target", 3, json!(name)),
                ("color", 4, json!(2)),
                ("reason", 3, json!("辱骂")),
            ],
        )
        .await;
    assert!(a.contains(&zh("ok-card", &[("name", &name)])), "{a}");
    w.settle().await;
    let g1 = w.game().await;
    assert_eq!(
        g1.winner(),
        Some(Winner::Wolves),
        "the red card ended game 1"
    );

    // The judge's log lists both complaints at the end, after the reveal.
    let log: Vec<String> = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == w.log)
        .map(|m| m.content)
        .collect();
    let listed = log
        .iter()
        .position(|l| l.contains(&zh("ev-appeals-title", &[("count", "2")])))
        .unwrap_or_else(|| {
            panic!(
                "the complaints in the judge's log:\n{}",
                log.join("\n---\n")
            )
        });
    let wolf_name = &g1
        .chars()
        .iter()
        .find(|c| c.player == wolf.to_string())
        .expect("seated")
        .name;
    for (who, whose, text) in [(wolf_name, wolf, complaint), (&name, carded, english)] {
        let player = format!("<@{whose}>");
        assert!(
            says_with(
                &log[listed],
                Lang::Zh,
                "ev-appeals-line",
                &[("name", who), ("player", &player), ("text", text)]
            ),
            "{}",
            log[listed]
        );
    }
    // Nowhere else: no public post or DM carries them.
    for m in w.fake.messages().into_iter().filter(|m| m.channel != w.log) {
        assert!(!m.content.contains(complaint), "{}", m.content);
    }
    // After the end there is no running game to complain about.
    let (a, _) = slash_in(
        &w,
        "zh-CN",
        wolf,
        &["appeal"],
        &[("text", 3, json!("再说一次"))],
        json!({}),
    )
    .await;
    assert_eq!(a, zh("svc-no-game", &[]));

    // Game 2: the sign-up post marks the red-carded member (and only them) for the judge.
    let (post2, thread2) = w.sign_up_and_start(&m32()).await;
    let shown = final_post(&w, &post2).await;
    let mark = zh("signup-red-card", &[("count", "1")]);
    assert!(line_of(&shown, carded).ends_with(&mark), "{shown}");
    assert_eq!(
        shown.matches("🟥").count(),
        2,
        "one mark and the legend: {shown}"
    );
    assert!(
        shown.contains(&zh("signup-red-card-legend", &[("games", "5")])),
        "{shown}"
    );
    // The same seed deals the same seats: everyone plays the same role again.
    let g2 = w.game().await;
    assert_eq!(
        (role_of(&g2, wolf), role_of(&g2, carded)),
        (wolf_role, carded_role)
    );
    w.judge_end(thread2, "wolves").await;

    // Game 3, after the server looks back over one game only: game 2 had no red card.
    let (a, _) = w.set_up_with(&[("red_card_games", 4, json!(1))]).await;
    assert!(
        a.contains(&zh("ok-setup-red-cards", &[("games", "1")])),
        "{a}"
    );
    let (post3, thread3) = w.sign_up_and_start(&m32()).await;
    let shown = final_post(&w, &post3).await;
    assert!(!shown.contains("🟥"), "{shown}");
    let g3 = w.game().await;
    assert_eq!(
        (role_of(&g3, wolf), role_of(&g3, carded)),
        (wolf_role, carded_role)
    );
    w.judge_end(thread3, "village").await;

    // Wolves won games 1 and 2, the village game 3.
    // `/stats` without a member: the caller's own record, privately.
    let (a, r) = slash_in(&w, "zh-CN", carded, &["stats"], &[], json!({})).await;
    assert!(ephemeral(&r), "{r}");
    let me = format!("<@{carded}>");
    assert!(a.contains(&zh("stats-title", &[("member", &me)])), "{a}");
    let games = [
        ("games", "3"),
        ("finished", "3"),
        ("won", "1"),
        ("lost", "2"),
        ("none", "0"),
    ];
    assert!(a.contains(&zh("stats-games", &games)), "{a}");
    let wins = format!("{}×1", role_name(carded_role, Lang::Zh));
    assert!(a.contains(&zh("stats-wins", &[("wins", &wins)])), "{a}");
    let camp = zh(
        "stats-camp",
        &[
            ("camp", &winner_name(Winner::Village, Lang::Zh)),
            ("won", "1"),
            ("played", "3"),
            ("rate", &zh("stats-percent", &[("rate", "33")])),
        ],
    );
    assert!(a.contains(&zh("stats-camps", &[("camps", &camp)])), "{a}");
    let rate = zh("stats-percent", &[("rate", "33")]);
    assert!(a.contains(&zh("stats-win-rate", &[("rate", &rate)])), "{a}");
    let cards = [("blue", "0"), ("yellow", "0"), ("red", "1")];
    assert!(a.contains(&zh("stats-cards", &cards)), "{a}");

    // Another member's, asked from an English client: the wolf won two of three.
    let (a, r) = slash_in(
        &w,
        "en-US",
        w.outsider,
        &["stats"],
        &[("member", 6, json!(wolf.to_string()))],
        resolved_user(wolf),
    )
    .await;
    assert!(ephemeral(&r), "{r}");
    let en = |key: &str, args: &[(&str, &str)]| msg(Lang::En, key, args);
    let games = [
        ("games", "3"),
        ("finished", "3"),
        ("won", "2"),
        ("lost", "1"),
        ("none", "0"),
    ];
    assert!(a.contains(&en("stats-games", &games)), "{a}");
    let wins = format!("{}×2", role_name(wolf_role, Lang::En));
    assert!(a.contains(&en("stats-wins", &[("wins", &wins)])), "{a}");
    let camp = en(
        "stats-camp",
        &[
            ("camp", &winner_name(Winner::Wolves, Lang::En)),
            ("won", "2"),
            ("played", "3"),
            ("rate", &en("stats-percent", &[("rate", "67")])),
        ],
    );
    assert!(a.contains(&en("stats-camps", &[("camps", &camp)])), "{a}");
    let rate = en("stats-percent", &[("rate", "67")]);
    assert!(a.contains(&en("stats-win-rate", &[("rate", &rate)])), "{a}");

    // The judge played none and judged three.
    let id = w.fake.slash(
        w.judge,
        w.lobby,
        &[],
        ADMIN,
        "zh-CN",
        &["stats"],
        &[],
        json!({}),
    );
    let a = w.fake.answer(id).await;
    assert!(
        says_with(&a, Lang::Zh, "stats-games", &[("games", "0")]),
        "{a}"
    );
    assert!(a.contains(&zh("stats-judged", &[("count", "3")])), "{a}");

    // The server's record.
    let (a, r) = slash_in(
        &w,
        "zh-CN",
        w.outsider,
        &["stats"],
        &[("server", 5, json!(true))],
        json!({}),
    )
    .await;
    assert!(ephemeral(&r), "{r}");
    let server = [
        ("games", "3"),
        ("finished", "3"),
        ("none", "0"),
        ("players", "12"),
    ];
    assert!(a.contains(&zh("stats-server-games", &server)), "{a}");
    let winners = [
        zh(
            "stats-server-winner",
            &[
                ("winner", &winner_name(Winner::Wolves, Lang::Zh)),
                ("count", "2"),
            ],
        ),
        zh(
            "stats-server-winner",
            &[
                ("winner", &winner_name(Winner::Village, Lang::Zh)),
                ("count", "1"),
            ],
        ),
    ]
    .join(&zh("stats-list-sep", &[]));
    assert!(
        a.contains(&zh("stats-server-winners", &[("winners", &winners)])),
        "{a}"
    );
    let cards = [("blue", "0"), ("yellow", "0"), ("red", "1")];
    assert!(a.contains(&zh("stats-server-cards", &cards)), "{a}");

    // The leaderboard, posted for everyone: the four wolves won two of three (shared rank
    // 1), the eight of the village one of three (shared rank 5).
    let (a, r) = slash_in(&w, "zh-CN", w.outsider, &["leaderboard"], &[], json!({})).await;
    assert!(!ephemeral(&r), "the leaderboard is public: {r}");
    assert!(
        a.starts_with(&zh("leaderboard-title", &[("by", "wins"), ("min", "1")])),
        "{a}"
    );
    let line = |rank: &str, user: u64, won: &str, rate: &str| {
        zh(
            "leaderboard-line",
            &[
                ("rank", rank),
                ("player", &format!("<@{user}>")),
                ("won", won),
                ("games", "3"),
                ("rate", rate),
            ],
        )
    };
    let lines: Vec<&str> = a.lines().skip(1).collect();
    assert_eq!(lines.len(), 12, "{a}");
    for c in g3.chars() {
        let user: u64 = c.player.parse().expect("an account");
        let expected = if c.role.camp() == Camp::Wolves {
            line("1", user, "2", "67")
        } else {
            line("5", user, "1", "33")
        };
        assert!(lines.contains(&expected.as_str()), "{expected} in\n{a}");
    }
    assert!(lines[..4].iter().all(|l| l.starts_with("1. ")), "{a}");
    // By rate with a threshold nobody meets: said so, in the server's language (the board
    // is posted for everyone) whatever the asker's.
    let (a, _) = slash_in(
        &w,
        "en-US",
        w.outsider,
        &["leaderboard"],
        &[("by", 4, json!(1)), ("min_games", 4, json!(4))],
        json!({}),
    )
    .await;
    assert!(a.contains(&zh("leaderboard-empty", &[("min", "4")])), "{a}");
}
