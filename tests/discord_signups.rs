//! Sign-up management (the forum-features work) end to end through the fake Discord: the judge puts
//! a member on the sign-up (`/judge sign`), the waiting list moves up when a player leaves,
//! a new sign-up pings the server's "notify me" role (that role only, through
//! `allowed_mentions`) and members opt in and out with its buttons, and the bench of
//! volunteer substitutes: the judge's `/judge replace` offers the seat by DM button, the
//! first to accept takes the character over with its role and cards, the second is told
//! the seat is taken.

use crate::common::catalog::{msg, says, says_with, zh};
use crate::common::discord_world;
use crate::common::fake_discord::{Call, Msg};

use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::{component_ids, join_id, World, ADMIN, JUDGE_ROLE};
use wolfjudge::engine::CharId;
use wolfjudge::i18n::{role_name, Lang};
use wolfjudge::service::GameId;

/// The server's "notify me" role in these tests.
const NOTIFY_ROLE: u64 = 700_000_000_000_000_002;

/// A user option's `resolved` part for `user` named `name`.
fn resolved_user(user: u64, name: &str) -> Value {
    json!({"users": {user.to_string(): {"id": user.to_string(), "username": name, "global_name": name, "discriminator": "0", "avatar": null}}})
}

/// A command used by the judge from a client in `locale`: its answer.
async fn judge_in(
    w: &World,
    locale: &str,
    channel: u64,
    path: &[&str],
    options: &[(&str, u8, Value)],
    resolved: Value,
) -> String {
    let id = w.fake.slash(
        w.judge,
        channel,
        &[JUDGE_ROLE],
        ADMIN,
        locale,
        path,
        options,
        resolved,
    );
    w.fake.answer(id).await
}

/// Presses `button` on `message` from a client in `locale`: the answer.
pub(crate) async fn press(
    w: &World,
    locale: &str,
    user: u64,
    message: &Msg,
    button: &str,
) -> String {
    let i = w.fake.click_in(locale, user, message, button, &[], &[]);
    w.fake.answer(i).await
}

/// The id of `m`'s button ending in `suffix`.
pub(crate) fn button(m: &Msg, suffix: &str) -> String {
    component_ids(m)
        .into_iter()
        .find(|i| i.ends_with(suffix))
        .unwrap_or_else(|| panic!("a button …{suffix} on {:?}", m.components))
}

/// Waits until the sign-up post holds every one of `want`.
async fn post_shows(w: &World, post: &Msg, want: &[String]) {
    w.fake
        .wait_for("the sign-up post updated", 20, |f| {
            f.message(post.id)
                .is_some_and(|m| want.iter().all(|s| m.content.contains(s.as_str())))
        })
        .await;
}

/// `/wolf-setup` naming the notify role (and the forum, judge role and log).
async fn set_up_with_notify_role(w: &World) -> String {
    let role = |id: u64, name: &str| {
        json!({"id": id.to_string(), "name": name, "color": 0, "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
               "hoist": false, "position": 1, "permissions": "0", "managed": false, "mentionable": true, "flags": 0})
    };
    let resolved = json!({
        "channels": {
            w.forum.to_string(): {"id": w.forum.to_string(), "name": "werewolf", "type": 15, "permissions": "0"},
            w.log.to_string(): {"id": w.log.to_string(), "name": "judge-log", "type": 0, "permissions": "0"},
        },
        "roles": {
            JUDGE_ROLE.to_string(): role(JUDGE_ROLE, "法官"),
            NOTIFY_ROLE.to_string(): role(NOTIFY_ROLE, "开局提醒"),
        },
    });
    let options = [
        ("forum", 7, json!(w.forum.to_string())),
        ("judge_role", 8, json!(JUDGE_ROLE.to_string())),
        ("log", 7, json!(w.log.to_string())),
        ("notify_role", 8, json!(NOTIFY_ROLE.to_string())),
    ];
    w.slash(w.judge, w.lobby, true, &["wolf-setup"], &options, resolved)
        .await
        .0
}

/// The message the bot created in `channel` whose request `call` was (the newest first).
fn created_in(w: &World, channel: u64) -> Vec<Call> {
    let path = format!("/channels/{channel}/messages");
    w.fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == path)
        .collect()
}

/// The judge puts members on the sign-up (told by DM, logged, a player may not), the
/// thirteenth goes on the waiting list, and moves up (told by DM) when a player leaves. A
/// server without a notify role pings nobody when the sign-up opens.
#[sqlx::test(migrations = "./migrations")]
async fn the_judge_signs_members_up_and_the_waiting_list_moves_up(pool: PgPool) {
    let names: Vec<String> = (0..13).map(|i| format!("Member{i:02}")).collect();
    let w = World::with_names(pool, &names).await;
    let setup = w.set_up().await;
    assert!(says(&setup, "ok-setup-no-notify"), "{setup}");
    let post = w.open_signup().await;
    let join = join_id(&post);
    for p in &w.players[..11] {
        let a = press(&w, "zh-CN", *p, &post, &join).await;
        assert!(says(&a, "ok-joined"), "{a}");
    }
    let (twelfth, thirteenth) = (w.players[11], w.players[12]);
    let sign = |user: u64| [("member", 6, json!(user.to_string()))];

    // A player may not.
    let (a, _) = w
        .slash(
            w.players[0],
            post.channel,
            false,
            &["judge", "sign"],
            &sign(twelfth),
            resolved_user(twelfth, "Member11"),
        )
        .await;
    assert_eq!(a, zh("svc-not-judge", &[]));

    // The judge signs the twelfth up: the game is full.
    let a = judge_in(
        &w,
        "zh-CN",
        post.channel,
        &["judge", "sign"],
        &sign(twelfth),
        resolved_user(twelfth, "Member11"),
    )
    .await;
    let member = format!("<@{twelfth}>");
    assert_eq!(
        a,
        zh(
            "ok-signed",
            &[("member", &member), ("count", "12"), ("seats", "12")]
        )
    );
    post_shows(&w, &post, &[format!("12. Member11 <@{twelfth}>")]).await;
    w.fake
        .wait_for("the signed-up member told by DM", 10, |f| {
            f.dms_to(twelfth)
                .iter()
                .any(|m| says(&m.content, "dm-joined"))
        })
        .await;
    w.fake
        .wait_for("the judge's /judge sign logged", 10, |f| {
            f.messages().iter().any(|m| {
                m.channel == w.log && m.content.contains("/judge sign") && m.content.ends_with("ok")
            })
        })
        .await;
    // Twice is refused, nothing changed.
    let a = judge_in(
        &w,
        "en-US",
        post.channel,
        &["judge", "sign"],
        &sign(twelfth),
        resolved_user(twelfth, "Member11"),
    )
    .await;
    assert_eq!(a, msg(Lang::En, "svc-already-joined", &[]));

    // The thirteenth, signed up by the judge (an English client), waits.
    let a = judge_in(
        &w,
        "en-US",
        post.channel,
        &["judge", "sign"],
        &sign(thirteenth),
        resolved_user(thirteenth, "Member12"),
    )
    .await;
    let member = format!("<@{thirteenth}>");
    assert_eq!(
        a,
        msg(
            Lang::En,
            "ok-signed-waiting",
            &[("member", &member), ("place", "1")]
        )
    );
    post_shows(
        &w,
        &post,
        &[zh("signup-waiting", &[]), "1. Member12".to_string()],
    )
    .await;

    // A player leaves: the first waiting moves up, told by DM.
    let leave = join.replace(":join", ":leave");
    let a = press(&w, "zh-CN", w.players[4], &post, &leave).await;
    assert_eq!(a, zh("ok-left", &[]));
    w.fake
        .wait_for("the moved-up member told by DM", 10, |f| {
            f.dms_to(thirteenth)
                .iter()
                .any(|m| says(&m.content, "dm-moved-up"))
        })
        .await;
    w.fake
        .wait_for("the post without the waiting list", 10, |f| {
            f.message(post.id).is_some_and(|m| {
                !m.content.contains(&zh("signup-waiting", &[]))
                    && m.content.contains("Member12")
                    && !m.content.contains("Member04")
            })
        })
        .await;
    let s = w
        .service
        .signup_at(&wolfjudge::service::Place {
            guild: Some(wolfjudge::service::Guild::new(
                crate::common::fake_discord::GUILD,
            )),
            channel: wolfjudge::service::Channel::new(post.channel),
            user: wolfjudge::service::Account::new(w.judge),
        })
        .await
        .expect("the sign-up");
    let playing: Vec<u64> = s.players.iter().map(|(a, _, _)| a.get()).collect();
    assert_eq!(playing.len(), 12);
    assert!(playing.contains(&thirteenth) && !playing.contains(&w.players[4]));
    assert!(s.waiting.is_empty());

    // Without a notify role nobody was pinged in the sign-up post.
    w.settle().await;
    for m in w.fake.messages() {
        assert!(
            m.pinged_roles.is_empty() && m.pinged_users.is_empty() && !m.pinged_everyone,
            "{} pinged someone",
            m.content
        );
    }
}

/// A server with a notify role: a new sign-up pings that role, and only it (the message
/// allows that one role), and members opt in and out with the ping's buttons, in their
/// own language; the bot gives and takes the role.
#[sqlx::test(migrations = "./migrations")]
async fn a_new_sign_up_pings_the_notify_role_and_members_opt_in_and_out(pool: PgPool) {
    let w = World::new(pool).await;
    w.fake.add_role(NOTIFY_ROLE, "开局提醒");
    let setup = set_up_with_notify_role(&w).await;
    let role = format!("<@&{NOTIFY_ROLE}>");
    assert!(
        setup.contains(&zh("ok-setup-notify", &[("role", &role)])),
        "{setup}"
    );
    // The newest message in the new post: the ping, after the post's opening message.
    let post = w.open_signup().await;
    // The sign-up post itself (its opening message has the post's id) pings nobody; the
    // ping is one message in the post.
    let opening = w.fake.message(post.channel).expect("the sign-up post");
    assert!(says(&opening.content, "signup-body"), "{}", opening.content);
    assert!(opening.pinged_roles.is_empty(), "{}", opening.content);
    let ping = w
        .fake
        .messages()
        .into_iter()
        .find(|m| m.channel == post.channel && m.id != post.channel && !m.pinged_roles.is_empty())
        .expect("a ping in the sign-up post");
    assert_eq!(ping.pinged_roles, [NOTIFY_ROLE]);
    assert!(ping.pinged_users.is_empty() && !ping.pinged_everyone);
    assert!(
        says_with(&ping.content, Lang::Zh, "signup-ping", &[("role", &role)]),
        "{}",
        ping.content
    );
    // As sent: allowed_mentions allows exactly that role, nothing parsed wholesale.
    let sent = created_in(&w, post.channel)
        .into_iter()
        .find(|c| c.body["content"] == json!(ping.content))
        .expect("the ping's request");
    let allowed = &sent.body["allowed_mentions"];
    assert_eq!(
        allowed["roles"],
        json!([NOTIFY_ROLE.to_string()]),
        "{allowed}"
    );
    assert!(
        allowed["parse"].as_array().is_none_or(Vec::is_empty),
        "{allowed}"
    );
    assert!(allowed["users"].as_array().is_none_or(Vec::is_empty));

    // A member opts in (an English client), then out (a Chinese one).
    let member = w.players[0];
    let on = button(&ping, ":on");
    let off = button(&ping, ":off");
    let a = press(&w, "en-US", member, &ping, &on).await;
    assert_eq!(a, msg(Lang::En, "ok-notify-on", &[("role", &role)]));
    assert_eq!(w.fake.member_roles(member), [NOTIFY_ROLE]);
    let a = press(&w, "zh-CN", member, &ping, &off).await;
    assert_eq!(a, zh("ok-notify-off", &[("role", &role)]));
    assert!(w.fake.member_roles(member).is_empty());

    // The next sign-up pings again; the sign-ups' joins ping nobody.
    let a = press(&w, "zh-CN", member, &ping, &on).await;
    assert!(says(&a, "ok-notify-on"), "{a}");
    w.settle().await;
    let pinging = || {
        w.fake
            .messages()
            .into_iter()
            .filter(|m| !m.pinged_roles.is_empty() || !m.pinged_users.is_empty())
            .count()
    };
    assert_eq!(pinging(), 1);
}

/// The bench: two outsiders volunteer on the sign-up post (a player may not), the game
/// starts, the judge cards a character and then replaces its player; both volunteers get a
/// DM button, the first to press takes the character over with the same role and cards
/// (and `/role` shows it), the second is told the seat is taken, and the replaced player no
/// longer plays.
#[sqlx::test(migrations = "./migrations")]
async fn a_replaced_players_seat_goes_to_the_first_substitute_who_accepts(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));
    let post = w.open_signup().await;
    w.join_all(&post).await;
    let first = w.outsider;
    let second = w.fake.new_id();
    w.fake.name_user(second, "Second");
    let bench = button(&post, ":bench");
    // A member who plays may not sit on the bench.
    let a = press(&w, "zh-CN", w.players[0], &post, &bench).await;
    assert_eq!(a, zh("svc-already-joined", &[]));
    let a = press(&w, "zh-CN", first, &post, &bench).await;
    assert!(says(&a, "ok-benched"), "{a}");
    let a = press(&w, "en-US", second, &post, &bench).await;
    assert!(says_with(&a, Lang::En, "ok-benched", &[]), "{a}");
    let a = press(&w, "zh-CN", second, &post, &bench).await;
    assert_eq!(a, zh("svc-on-bench", &[]));
    post_shows(
        &w,
        &post,
        &[
            zh("signup-bench", &[]),
            format!("Outsider <@{first}>"),
            format!("Second <@{second}>"),
        ],
    )
    .await;

    let a = w.judge_says(post.channel, &["wolf", "start"], &[]).await;
    assert!(says(&a, "ok-started"), "{a}");
    w.settle().await;
    // Volunteering stays open on the started post.
    w.fake
        .wait_for("the started post with its bench buttons", 10, |f| {
            f.message(post.id).is_some_and(|m| {
                says(&m.content, "signup-started")
                    && component_ids(&m).iter().any(|i| i.ends_with(":bench"))
                    && !component_ids(&m).iter().any(|i| i.ends_with(":join"))
            })
        })
        .await;

    // The judge cards a character, then replaces its player.
    let g = w.game().await;
    let target = CharId(3);
    let name = g.ch(target).name.clone();
    let role = g.ch(target).role;
    let leaving = w.user_of(target).await;
    let card = [
        ("target", 3, json!(name)),
        ("color", 4, json!(1)),
        ("reason", 3, json!("潜水")),
    ];
    let a = w.judge_says(post.channel, &["judge", "card"], &card).await;
    assert!(a.contains(&zh("ok-card", &[("name", &name)])), "{a}");
    w.settle().await;
    let cards = w.game().await.ch(target).cards;
    assert_eq!(cards.yellow, 1);

    let replace = [("target", 3, json!(name))];
    let a = w
        .say(first, post.channel, &["judge", "replace"], &replace)
        .await;
    assert_eq!(a, zh("svc-not-judge", &[]));
    let a = w
        .judge_says(post.channel, &["judge", "replace"], &replace)
        .await;
    assert_eq!(a, zh("ok-offered", &[("name", &name), ("count", "2")]));
    let offer = |user: u64| {
        w.fake.dms_to(user).into_iter().rev().find(|m| {
            component_ids(m)
                .iter()
                .any(|i| i.starts_with("wj:seat:") && i.ends_with(":take"))
        })
    };
    w.fake
        .wait_for("both volunteers offered the seat", 10, |f| {
            [first, second].iter().all(|u| {
                f.dms_to(*u)
                    .iter()
                    .any(|m| says_with(&m.content, Lang::Zh, "dm-bench-offer", &[("name", &name)]))
            })
        })
        .await;
    let (dm1, dm2) = (
        offer(first).expect("an offer"),
        offer(second).expect("an offer"),
    );
    // The offer does not tell the role.
    assert!(
        !dm1.content.contains(&role_name(role, Lang::Zh)),
        "{}",
        dm1.content
    );

    // The first to press takes it; the second is told it is taken (in English).
    let take = button(&dm1, ":take");
    let a = press(&w, "zh-CN", first, &dm1, &take).await;
    let yours = zh(
        "ok-seat-yours",
        &[("name", &name), ("role", &role_name(role, Lang::Zh))],
    );
    assert_eq!(a, yours);
    let a = press(&w, "en-US", second, &dm2, &button(&dm2, ":take")).await;
    assert_eq!(a, msg(Lang::En, "svc-seat-taken", &[]));
    // A second press of the winner answers the same, and changes nothing.
    let a = press(&w, "zh-CN", first, &dm1, &take).await;
    assert_eq!(a, yours);

    // The same character, role and cards, now played by the volunteer.
    w.settle().await;
    let after = w.game().await;
    let c = after.ch(target);
    assert_eq!(
        (c.name.as_str(), c.role, c.alive),
        (name.as_str(), role, true)
    );
    assert_eq!(c.cards, cards);
    assert_eq!(c.player, first.to_string());
    assert_eq!(w.user_of(target).await, first);
    let route = w
        .service
        .route(GameId(w.game_id().await))
        .await
        .expect("the route");
    assert!(!route.seats.values().any(|a| a.get() == leaving));
    let a = w.say(first, post.channel, &["role"], &[]).await;
    assert!(
        a.contains(&role_name(role, Lang::Zh)),
        "the substitute's /role: {a}"
    );
    let a = w.say(leaving, post.channel, &["role"], &[]).await;
    assert_eq!(a, zh("svc-not-a-player", &[]));
    // The substitution is in the judge's log.
    w.fake
        .wait_for("the substitution in the judge's log", 10, |f| {
            f.messages()
                .iter()
                .any(|m| m.channel == w.log && says(&m.content, "ev-substituted"))
        })
        .await;
    // The winner left the bench; the second is still on it.
    w.fake
        .wait_for("the post's bench without the winner", 10, |f| {
            f.message(post.id).is_some_and(|m| {
                m.content.contains(&format!("Second <@{second}>"))
                    && !m.content.contains(&format!("Outsider <@{first}>"))
            })
        })
        .await;
}
