//! The bot within Discord's limits, against the fake Discord: with sixteen players whose
//! display names are 32 characters long (Discord's maximum) and 300-character vote reasons,
//! every text that grows with the game (the day's index, `/votes`, `/status`,
//! `/judge status` in each language, the vote announcements and the day's close) goes out
//! in messages of at most 2,000 characters and loses nothing; a message Discord refuses for good is reported
//! to the judge at once and does not hold up the game's channel.

use crate::common::catalog::{msg, says, says_with, zh};
use crate::common::{discord_world, fake_discord};

use std::time::Duration as StdDuration;

use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::{World, JUDGE_ROLE};
use fake_discord::{Call, FakeDiscord, APP_ID};
use wolfjudge::engine::Phase;
use wolfjudge::i18n::Lang;
use wolfjudge::service::view;

/// Discord's limit on a message's content.
const MAX: usize = 2000;

/// Every text a request carries: a message's, a forum post's opening message's, an
/// interaction answer's.
fn texts(c: &Call) -> Vec<String> {
    [
        &c.body["content"],
        &c.body["message"]["content"],
        &c.body["data"]["content"],
    ]
    .into_iter()
    .filter_map(|v| v.as_str().map(String::from))
    .collect()
}

/// The whole answer to an interaction: the callback's text, then its follow-ups in order.
fn reply_text(fake: &FakeDiscord, response: &Value, interaction: u64) -> String {
    let mut out = response["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let follow_up = format!("/webhooks/{APP_ID}/tok{interaction}");
    for c in fake.calls() {
        if c.method == "POST" && c.path == follow_up {
            out.push_str(c.body["content"].as_str().unwrap_or_default());
        }
    }
    out
}

/// Uses a command and waits for its whole answer, which must be `expected` (what the
/// service renders for it), every part of it in order. Waiting for the parts to hold some
/// names would not do: the first part already names every living character, and the later
/// parts may still be on their way.
#[allow(clippy::too_many_arguments)]
async fn whole_reply(
    w: &World,
    user: u64,
    channel: u64,
    judge: bool,
    locale: &str,
    path: &[&str],
    expected: &str,
) -> String {
    let roles: Vec<u64> = if judge { vec![JUDGE_ROLE] } else { vec![] };
    let perms = if judge { discord_world::ADMIN } else { 0 };
    let id = w
        .fake
        .slash(user, channel, &roles, perms, locale, path, &[], json!({}));
    let r = w.fake.response(id).await;
    let until = tokio::time::Instant::now() + StdDuration::from_secs(20);
    loop {
        let text = reply_text(&w.fake, &r, id);
        if text == expected || tokio::time::Instant::now() > until {
            assert_eq!(text, expected, "the whole answer to /{}", path.join(" "));
            return text;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
}

/// `/vote` for `target` with `reason`, recorded.
async fn vote(w: &World, user: u64, thread: u64, target: &str, reason: &str) {
    let options = [("target", 3, json!(target)), ("reason", 3, json!(reason))];
    let a = w.say(user, thread, &["vote"], &options).await;
    assert_eq!(a, zh("ok-vote", &[("name", target)]));
}

/// Lets deadlines pass until a day's vote is open.
async fn to_open_day(w: &World) {
    for _ in 0..10 {
        let g = w.game().await;
        if matches!(g.phase(), Phase::Day { .. }) && g.day().is_some_and(|d| !d.closed) {
            return;
        }
        w.pass_deadline().await;
    }
    panic!("no day opened");
}

/// Every message the bot sent or edited is within Discord's limit.
fn assert_within_limits(fake: &FakeDiscord) {
    for c in fake.calls() {
        for t in texts(&c) {
            let n = t.chars().count();
            assert!(n <= MAX, "{} {} sends {n} characters", c.method, c.path);
        }
    }
}

#[sqlx::test(migrations = "./migrations")]
async fn growing_texts_fit_discord_and_lose_nothing(pool: PgPool) {
    // 32 characters each, all different.
    let names: Vec<String> = (0..16)
        .map(|i| format!("{}{i:02}", "长名字的玩家".repeat(5)))
        .collect();
    assert!(names.iter().all(|n| n.chars().count() == 32));
    let w = World::with_names(pool, &names).await;
    w.started_with(&[("ruleset", 3, json!("mafia"))]).await;
    to_open_day(&w).await;
    let g = w.game().await;
    assert_eq!(g.chars().len(), 16);
    assert!(matches!(g.phase(), Phase::Day { .. }), "{:?}", g.phase());
    let thread = w.day_post();
    let living = g.living();

    // Everyone posts once: the index grows a line's link for each.
    for c in &living {
        w.fake.post(w.user_of(*c).await, thread, "发言");
    }
    let counted = |g: &wolfjudge::engine::Game| {
        g.chars()
            .iter()
            .map(|c| c.posts.values().sum::<u32>())
            .sum::<u32>()
    };
    for _ in 0..500 {
        if counted(&w.game().await) >= living.len() as u32 {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    // The index, redrawn in place: every character's line with its one post.
    let posters: Vec<&str> = living.iter().map(|c| g.ch(*c).name.as_str()).collect();
    w.fake
        .wait_for("the index to show every post", 20, |f| {
            let index: String = f
                .messages()
                .iter()
                .filter(|m| m.channel == thread && m.author.is_none() && m.edits > 0)
                .map(|m| m.content.clone())
                .collect::<Vec<_>>()
                .join("\n");
            posters.iter().all(|name| {
                let line = [("name", *name), ("count", "1")];
                says_with(&index, Lang::Zh, "elevator-line", &line)
            })
        })
        .await;

    // Everyone votes with a 300-character reason of their own.
    let mut reasons = Vec::new();
    for (i, c) in living.iter().enumerate() {
        let target = living[(i + 1) % living.len()];
        let head = format!("理由{i:02}：");
        let reason = format!("{head}{}", "发言前后矛盾".repeat(60))
            .chars()
            .take(300)
            .collect::<String>();
        vote(&w, w.user_of(*c).await, thread, &g.ch(target).name, &reason).await;
        reasons.push(reason);
    }
    w.settle().await;

    // The growing answers come whole, in several messages where they must.
    let g = w.game().await;
    let me = living[0];
    let player = w.user_of(me).await;
    let game = wolfjudge::service::GameId(w.game_id().await);
    let seats = w.service.route(game).await.expect("the game's route").seats;
    let votes = view::votes(&g, Lang::Zh);
    whole_reply(&w, player, thread, false, "zh-CN", &["votes"], &votes).await;
    let status = view::status(&g, Some(me), Lang::Zh);
    whole_reply(&w, player, thread, false, "zh-CN", &["status"], &status).await;
    let judge = view::judge_status(&g, &seats, Lang::Zh);
    whole_reply(
        &w,
        w.judge,
        thread,
        true,
        "zh-CN",
        &["judge", "status"],
        &judge,
    )
    .await;
    assert!(names.iter().all(|n| votes.contains(n) && judge.contains(n)));
    assert!(status.contains(&names[0]));
    // The same answers to a member whose client is in Traditional Chinese: in it, whole.
    let votes_tw = view::votes(&g, Lang::ZhTw);
    assert_ne!(votes_tw, votes);
    whole_reply(&w, player, thread, false, "zh-TW", &["votes"], &votes_tw).await;
    let status_tw = view::status(&g, Some(me), Lang::ZhTw);
    whole_reply(&w, player, thread, false, "zh-TW", &["status"], &status_tw).await;

    // The day closes: every reason is in the day's post, in order of the votes.
    w.pass_deadline().await;
    w.settle().await;
    // Every vote had one: a tie round. The judge's status, every role in English (the
    // longer), needs more than one message; it comes whole.
    let g = w.game().await;
    let expected = view::judge_status(&g, &seats, Lang::En);
    let tie = whole_reply(
        &w,
        w.judge,
        thread,
        true,
        "en-US",
        &["judge", "status"],
        &expected,
    )
    .await;
    let n = tie.chars().count();
    assert!(
        n > MAX,
        "the tie round's judge status needed several messages: {n} characters"
    );
    let expected = view::judge_status(&g, &seats, Lang::ZhTw);
    whole_reply(
        &w,
        w.judge,
        thread,
        true,
        "zh-TW",
        &["judge", "status"],
        &expected,
    )
    .await;
    let public: String = w
        .fake
        .messages()
        .iter()
        .filter(|m| m.channel == thread && m.author.is_none())
        .map(|m| m.content.clone())
        .collect::<Vec<_>>()
        .concat();
    let mut from = 0;
    for r in &reasons {
        let at = public[from..]
            .find(r.as_str())
            .unwrap_or_else(|| panic!("the reason {r} is in the day's post, after the one before"));
        from += at + r.len();
    }
    assert_within_limits(&w.fake);
}

#[sqlx::test(migrations = "./migrations")]
async fn a_refused_message_is_reported_at_once_and_the_channel_goes_on(pool: PgPool) {
    let w = World::new(pool).await;
    w.started().await;
    to_open_day(&w).await;
    let g = w.game().await;
    let living = g.living();
    let thread = w.day_post();
    // Discord refuses the first vote's announcement for good.
    let marker = "这条理由会被拒收";
    w.fake.refuse(thread, marker);
    for (i, reason) in [marker, "第二票的理由"].into_iter().enumerate() {
        let target = living[(i + 2) % living.len()];
        vote(
            &w,
            w.user_of(living[i]).await,
            thread,
            &g.ch(target).name,
            reason,
        )
        .await;
    }
    // No waiting out a backoff: the clock does not move, and both are done within seconds.
    w.fake
        .wait_for("the next vote to be posted", 10, |f| {
            f.messages()
                .iter()
                .any(|m| m.channel == thread && m.content.contains("第二票的理由"))
        })
        .await;
    w.settle().await;
    let notes: Vec<String> = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == w.log && says(&m.content, "outbox-refused"))
        .map(|m| m.content)
        .collect();
    assert_eq!(notes.len(), 1, "one note to the judge: {notes:#?}");
    assert!(!notes[0].contains('\n'), "one line: {}", notes[0]);
    assert!(
        notes[0].contains(marker),
        "it says which message: {}",
        notes[0]
    );
    let attempts = w
        .fake
        .calls()
        .iter()
        .filter(|c| {
            texts(c).iter().any(|t| t.contains(marker)) && c.path.contains(&thread.to_string())
        })
        .count();
    assert_eq!(attempts, 1, "a refused message is not sent again");
}

/// The permissions a registered command carries (Discord takes a string or a number).
fn permissions_of(c: &Value) -> Option<u64> {
    match &c["default_member_permissions"] {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

/// The names of a registered command's options (or subcommands), in order.
fn option_names(c: &Value) -> Vec<&str> {
    c["options"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["name"].as_str())
        .collect()
}

/// Discord honours `default_member_permissions` only on top-level commands: the setup
/// (Manage Server) and the judge's commands (Manage Messages) are top-level commands that
/// carry it, so Discord hides them from members; the players' commands carry none.
#[sqlx::test(migrations = "./migrations")]
async fn judge_and_admin_commands_are_hidden_from_members(pool: PgPool) {
    const MANAGE_GUILD: u64 = 1 << 5;
    const MANAGE_MESSAGES: u64 = 1 << 13;
    let w = World::new(pool).await;
    // The bulk overwrite as the bot sent it.
    let put = w
        .fake
        .calls()
        .into_iter()
        .find(|c| c.method == "PUT" && c.path == format!("/applications/{APP_ID}/commands"))
        .expect("the commands registered");
    let commands = put.body.as_array().cloned().expect("a list of commands");
    let find = |name: &str| {
        commands
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} registered"))
            .clone()
    };
    let setup = find("wolf-setup");
    assert_eq!(permissions_of(&setup), Some(MANAGE_GUILD));
    assert_eq!(
        setup["name_localizations"]["zh-CN"],
        json!(zh("cmd-wolf-setup", &[]))
    );
    assert_eq!(option_names(&setup)[..3], ["forum", "judge_role", "log"]);
    let judges = ["judge", "wolf", "tournament", "wolf-policy", "uno"];
    for judged in judges {
        let c = find(judged);
        assert_eq!(permissions_of(&c), Some(MANAGE_MESSAGES), "/{judged}");
        let subs = option_names(&c);
        assert!(!subs.contains(&"setup"), "/{judged} {subs:?}");
    }
    let players = [
        "join",
        "leave",
        "vote",
        "abstain",
        "votes",
        "role",
        "status",
        "proxy",
        "speedup",
        "lastwords",
        "treehole",
        "say",
        "posts",
        "standings",
        "stats",
        "leaderboard",
        "appeal",
        "record",
        "help",
        "history",
        "rules",
        "concede",
        "self-destruct",
        "duel",
    ];
    for name in players {
        assert_eq!(permissions_of(&find(name)), None, "/{name} is for everyone");
    }
    // Nothing else is registered (the players', the judges' and /wolf-setup).
    assert_eq!(commands.len(), players.len() + judges.len() + 1);
}

/// The index of the first call at or after `from` that `f` matches.
fn first_call(calls: &[Call], from: usize, f: impl Fn(&Call) -> bool) -> Option<usize> {
    calls.iter().skip(from).position(f).map(|i| i + from)
}

/// Pressing Join (or Leave) is answered before the bot makes any other Discord call for it:
/// the DM check, the warning of a closed DM and the sign-up post's edit come after, so
/// a burst of joins under Discord's rate limits still answers within its 3 seconds.
#[sqlx::test(migrations = "./migrations")]
async fn a_sign_up_press_is_answered_before_any_other_call(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));
    let post = w.open_signup().await;
    w.settle().await;
    // The second member's DMs are closed: four calls follow the answer instead of three.
    w.fake.close_dms(w.players[1]);
    let join = discord_world::join_id(&post);
    let leave = join.replace(":join", ":leave");
    let joined = |count: &str| zh("ok-joined", &[("count", count), ("seats", "12")]);
    let presses = [
        (w.players[0], join.as_str(), joined("1")),
        (w.players[1], join.as_str(), joined("2")),
        (w.players[0], leave.as_str(), zh("ok-left", &[])),
    ];
    for (n, (user, button, said)) in presses.into_iter().enumerate() {
        let before = w.fake.calls().len();
        let edits = w.fake.message(post.id).map(|m| m.edits).unwrap_or(0);
        let i = w.fake.click(user, &post, button, &[], &[]);
        let a = w.fake.answer(i).await;
        assert_eq!(a, said);
        w.fake
            .wait_for("the sign-up post edited", 10, |f| {
                f.message(post.id).is_some_and(|m| m.edits > edits)
            })
            .await;
        let calls = w.fake.calls();
        let callback = format!("/interactions/{i}/tok{i}/callback");
        let answered = first_call(&calls, before, |c| c.path == callback).expect("the answer");
        let other = first_call(&calls, before, |c| {
            c.path == "/users/@me/channels" || c.path.starts_with("/channels/")
        })
        .expect("the post's edit");
        assert!(
            answered < other,
            "press {n}: {} {} went before the answer",
            calls[other].method,
            calls[other].path
        );
        if n == 1 {
            // The closed DM was still found out, after the answer.
            w.fake
                .wait_for("the judge warned of the closed DM", 10, |f| {
                    f.messages().iter().any(|m| {
                        m.channel == w.log && m.content.contains(&w.players[1].to_string())
                    })
                })
                .await;
        }
    }
}

/// A DM to the bot carries no locale: a refused DM post is answered in the game's language
/// (English in an English game, Chinese in a Chinese one, Traditional Chinese in a game
/// set up in it), not always in Chinese.
#[sqlx::test(migrations = "./migrations")]
async fn a_refused_dm_post_is_answered_in_the_games_language(pool: PgPool) {
    for (lang, game_lang, other_lang) in [
        ("en", Lang::En, Lang::Zh),
        ("zh", Lang::Zh, Lang::En),
        ("zh-TW", Lang::ZhTw, Lang::Zh),
    ] {
        let refusal = msg(game_lang, "svc-empty-reason", &[]);
        let w = World::new(pool.clone()).await;
        let (done, _) = w.set_up_with(&[("language", 3, json!(lang))]).await;
        assert!(says(&done, "ok-setup"), "{done}");
        w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
        let g = w.game().await;
        assert!(g.ruleset().options.anonymous && matches!(g.phase(), Phase::Day { .. }));
        let player = w.user_of(g.living()[0]).await;
        let dm = w.fake.dm_of(player).expect("a DM channel");
        // A post with nothing in it (an image alone has no text to relay).
        w.fake.post_dm(player, dm, "");
        w.fake
            .wait_for("the refusal by DM", 10, |f| {
                f.dms_to(player).iter().any(|m| m.content == refusal)
            })
            .await;
        let other = msg(other_lang, "svc-empty-reason", &[]);
        assert!(!w.fake.dms_to(player).iter().any(|m| m.content == other));
        w.settle().await;
    }
}

/// In an anonymous game a 4,000-character DM (a Nitro member's longest) is relayed under
/// the character's name as several posts of at most 2,000 characters, in order, nothing
/// lost; the next public messages are not held up behind it.
#[sqlx::test(migrations = "./migrations")]
async fn a_4000_character_dm_is_relayed_in_order_and_holds_nothing_up(pool: PgPool) {
    let w = World::new(pool).await;
    w.started().await;
    let g = w.game().await;
    assert!(g.ruleset().options.anonymous && matches!(g.phase(), Phase::Day { .. }));
    let thread = w.day_post();
    let (dmer, talker) = (g.living()[0], g.living()[1]);
    let dmer_user = w.user_of(dmer).await;
    // 100 numbered lines of 40 characters (the line end included): 4,000 in all.
    let long: String = (0..100)
        .map(|k| format!("第{k:03}行{}\n", "长".repeat(34)))
        .collect();
    assert_eq!(long.chars().count(), 4000);
    let dm = w.fake.dm_of(dmer_user).expect("a DM channel");
    let posted = w.fake.post_dm(dmer_user, dm, &long);
    // Taken (the bot marks it ✅) before the next post is made.
    let taken = format!("/channels/{dm}/messages/{posted}/reactions/");
    w.fake
        .wait_for("the DM post taken", 10, |f| {
            f.calls().iter().any(|c| c.path.starts_with(&taken))
        })
        .await;
    let a = w
        .say(
            w.user_of(talker).await,
            thread,
            &["say"],
            &[("text", 3, json!("紧接着的发言"))],
        )
        .await;
    assert_eq!(a, zh("ok-say", &[]));
    // Within seconds, with the clock standing still: no backoff to wait out.
    w.fake
        .wait_for("the next post relayed", 10, |f| {
            f.messages()
                .iter()
                .any(|m| m.channel == thread && m.content.contains("紧接着的发言"))
        })
        .await;
    w.settle().await;
    let name = g.ch(dmer).name.clone();
    let parts: Vec<_> = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| {
            m.channel == thread && m.webhook.is_some() && m.username.as_deref() == Some(&name)
        })
        .collect();
    assert!(parts.len() >= 2, "{} parts", parts.len());
    for p in &parts {
        assert!(
            p.content.chars().count() <= MAX,
            "{}",
            p.content.chars().count()
        );
    }
    let joined: String = parts.iter().map(|p| p.content.as_str()).collect();
    let squash = |s: &str| s.replace('\n', "");
    assert!(
        squash(&joined).contains(&squash(&long)),
        "in order, nothing lost"
    );
    // The next message came after the last part.
    let next = w
        .fake
        .messages()
        .into_iter()
        .find(|m| m.channel == thread && m.content.contains("紧接着的发言"))
        .expect("the next post");
    assert!(parts.iter().all(|p| p.order < next.order));
    assert_within_limits(&w.fake);
}

/// The bot's REST client keeps count of a channel's bucket even when two of its requests
/// are in flight together and their answers come back out of order (the outbox posting in
/// a day thread while the read-back reads it: one bucket). With the bucket learned at two
/// left, the first of two concurrent messages is answered "Remaining: 1" only after the
/// second's "Remaining: 0"; a third message must then wait for the reset, not go out into
/// the empty bucket (a 429 on Discord, a violation here). Red with serenity's own limiter,
/// which releases a bucket before sending.
#[tokio::test]
async fn a_late_answer_does_not_make_the_limiter_forget_an_empty_bucket() {
    use serenity::all::{ChannelId, CreateMessage};
    let fake = FakeDiscord::start().await;
    let http = wolfjudge::discord::http("token", Some(&fake.endpoint())).expect("a client");
    let channel = ChannelId::new(fake.add_channel(fake_discord::Kind::Text));
    let send = |text: &'static str| {
        let http = &http;
        async move {
            channel
                .send_message(http, CreateMessage::new().content(text))
                .await
                .map(|_| ())
        }
    };
    for text in ["one", "two", "three"] {
        send(text).await.expect("sent");
    }
    fake.slow_answer("create_message", "slow", StdDuration::from_millis(600));
    let (slow, quick) = tokio::join!(send("slow"), async {
        // After the slow one is counted, long before its answer comes back.
        tokio::time::sleep(StdDuration::from_millis(100)).await;
        send("quick").await
    });
    slow.expect("sent");
    quick.expect("sent");
    send("third").await.expect("sent");
    let posted: Vec<String> = fake.messages().into_iter().map(|m| m.content).collect();
    assert_eq!(posted, ["one", "two", "three", "slow", "quick", "third"]);
    fake.assert_no_violations();
}
