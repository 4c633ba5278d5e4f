//! Channel moderation end to end through the fake Discord (the forum-features work): a day's post
//! locked and archived once its day is over (after its result and the night's messages, with
//! nothing written there afterwards), the living and dead roles kept in sync from the start
//! to the end, and `/wolf-setup` naming the permissions the bot lacks, in both languages.

use crate::common::catalog::{msg, says, says_with};
use crate::common::{discord_world, fake_discord};
use crate::discord::{between_phases, give_last_words, play_day, play_night};
use crate::discord_signups::{button, press};

use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::component_ids;
use discord_world::{World, ADMIN, JUDGE_ROLE};
use fake_discord::{Kind, BOT_ID, BOT_PERMISSIONS, BOT_ROLE, EVERYONE_PERMISSIONS, GUILD};
use serenity::all::{GuildId, PermissionOverwrite, Permissions, RoleId, UserId};
use wolfjudge::discord::moderation::channel_permissions;
use wolfjudge::engine::Phase;
use wolfjudge::i18n::Lang;

pub(crate) const LIVING: u64 = 700_000_000_000_000_002;
const DEAD: u64 = 700_000_000_000_000_003;
const SPECTATOR: u64 = 700_000_000_000_000_004;
/// A role of the server the game does not use.
const OTHER: u64 = 700_000_000_000_000_005;
/// View Channel, Send Messages, Send Messages in Threads, Read Message History.
const VIEW: u64 = 1 << 10;
const SEND: u64 = 1 << 11;
const SEND_IN_THREADS: u64 = 1 << 38;
const HISTORY: u64 = 1 << 16;
/// Manage Threads, Manage Roles.
const MANAGE_THREADS: u64 = 1 << 34;
const MANAGE_ROLES: u64 = 1 << 28;

/// A role as an interaction's `resolved.roles` carries it.
fn role(id: u64, name: &str, position: u64) -> Value {
    json!({"id": id.to_string(), "name": name, "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false, "position": position, "permissions": "0", "managed": false,
        "mentionable": false, "flags": 0})
}

/// `/wolf-setup` by the judge from a client in `locale`, with the living and dead roles
/// when `roles`: the answer's text and the whole callback.
async fn set_up(w: &World, locale: &str, roles: bool) -> (String, Value) {
    set_up_with(w, locale, roles, None).await
}

/// [`set_up`], with a spectator role and a graveyard channel when `graveyard` is given.
pub(crate) async fn set_up_with(
    w: &World,
    locale: &str,
    roles: bool,
    graveyard: Option<u64>,
) -> (String, Value) {
    let mut resolved = json!({
        "channels": {
            w.forum.to_string(): {"id": w.forum.to_string(), "name": "werewolf", "type": 15, "permissions": "0"},
            w.log.to_string(): {"id": w.log.to_string(), "name": "judge-log", "type": 0, "permissions": "0"},
        },
        "roles": {JUDGE_ROLE.to_string(): role(JUDGE_ROLE, "法官", 1)},
    });
    let mut options = vec![
        ("forum", 7, json!(w.forum.to_string())),
        ("judge_role", 8, json!(JUDGE_ROLE.to_string())),
        ("log", 7, json!(w.log.to_string())),
    ];
    if roles {
        resolved["roles"][LIVING.to_string()] = role(LIVING, "存活", 2);
        resolved["roles"][DEAD.to_string()] = role(DEAD, "出局", 3);
        options.push(("living_role", 8, json!(LIVING.to_string())));
        options.push(("dead_role", 8, json!(DEAD.to_string())));
    }
    if let Some(g) = graveyard {
        resolved["roles"][SPECTATOR.to_string()] = role(SPECTATOR, "观众", 4);
        resolved["channels"][g.to_string()] =
            json!({"id": g.to_string(), "name": "graveyard", "type": 0, "permissions": "0"});
        options.push(("spectator_role", 8, json!(SPECTATOR.to_string())));
        options.push(("graveyard", 7, json!(g.to_string())));
    }
    let id = w.fake.slash(
        w.judge,
        w.lobby,
        &[JUDGE_ROLE],
        ADMIN,
        locale,
        &["wolf-setup"],
        &options,
        resolved,
    );
    let r = w.fake.response(id).await;
    (w.fake.answer(id).await, r)
}

/// A world whose server has the living and dead roles (below the bot's own role).
pub(crate) async fn world(pool: PgPool) -> World {
    let w = World::new(pool).await;
    w.fake.add_role(LIVING, "存活");
    w.fake.add_role(DEAD, "出局");
    w.fake.add_role(SPECTATOR, "观众");
    w
}

/// What a member holding `roles` may do in `channel`, by Discord's rules (@everyone's
/// permissions, then the channel's overwrites as the fake holds them).
fn may(w: &World, channel: u64, user: u64, roles: &[u64]) -> Permissions {
    let overwrites: Vec<PermissionOverwrite> = [GUILD, LIVING, DEAD, SPECTATOR, JUDGE_ROLE, user]
        .iter()
        .filter_map(|t| {
            let (allow, deny) = w.fake.overwrite(channel, *t)?;
            let kind = if *t == user { 1 } else { 0 };
            serde_json::from_value(json!({"id": t.to_string(), "type": kind,
                "allow": allow.to_string(), "deny": deny.to_string()}))
            .ok()
        })
        .collect();
    let mine: Vec<RoleId> = roles.iter().map(|r| RoleId::new(*r)).collect();
    channel_permissions(
        Permissions::from_bits_truncate(EVERYONE_PERMISSIONS),
        GuildId::new(GUILD),
        &mine,
        UserId::new(user),
        &overwrites,
    )
}

/// With the living, dead and spectator roles and a graveyard, `/wolf-setup` sets the
/// channels' overwrites so that, by Discord's rules: only the living (and the judges, and
/// the bot) write in the forum's posts while everyone and the spectators read them; the
/// graveyard is hidden from the living and open to the dead and the spectators. What the
/// server had set there is kept, and a second setup changes nothing. Without Manage Roles
/// in the graveyard the setup says so and saves nothing.
#[sqlx::test(migrations = "./migrations")]
async fn setup_lets_only_the_living_write_and_the_dead_chat_in_the_graveyard(pool: PgPool) {
    let w = world(pool).await;
    let graveyard = w.fake.add_channel(Kind::Text);
    // The server already denies @everyone reactions in the forum: that stays.
    let reactions: u64 = 1 << 6;
    w.fake.set_overwrites(
        w.forum,
        vec![json!({"id": GUILD.to_string(), "type": 0, "allow": "0",
                    "deny": reactions.to_string()})],
    );
    // Manage Roles denied in the graveyard: named, nothing saved, nothing set.
    w.fake.set_overwrites(
        graveyard,
        vec![json!({"id": BOT_ROLE.to_string(), "type": 0, "allow": "0",
                    "deny": MANAGE_ROLES.to_string()})],
    );
    let (a, _) = set_up_with(&w, "en-US", true, Some(graveyard)).await;
    let missing = msg(
        Lang::En,
        "lack-permission-in",
        &[
            ("permission", &msg(Lang::En, "perm-manage-roles", &[])),
            ("channel", &format!("<#{graveyard}>")),
        ],
    );
    assert!(a.contains(&missing), "{a}");
    assert_eq!(servers_set_up(&w).await, 0);
    let overwrites_set = || {
        w.fake
            .calls()
            .iter()
            .filter(|c| c.operation == "set_channel_permission_overwrite")
            .count()
    };
    assert_eq!(overwrites_set(), 0, "a refused setup changes no channel");

    w.fake.set_overwrites(graveyard, Vec::new());
    let (a, _) = set_up_with(&w, "zh-CN", true, Some(graveyard)).await;
    assert!(says(&a, "ok-setup"), "{a}");
    let member = w.players[0];
    let (forum, yard) = (w.forum, graveyard);
    let can = |channel, roles: &[u64], p: u64| {
        may(&w, channel, member, roles).contains(Permissions::from_bits_truncate(p))
    };
    assert!(
        can(forum, &[LIVING], SEND_IN_THREADS | VIEW),
        "the living write"
    );
    assert!(
        can(forum, &[JUDGE_ROLE], SEND_IN_THREADS),
        "the judges write"
    );
    assert!(!can(forum, &[], SEND_IN_THREADS), "others do not");
    assert!(can(forum, &[], VIEW | HISTORY), "but read");
    assert!(!can(forum, &[DEAD], SEND_IN_THREADS), "the dead do not");
    assert!(
        !can(forum, &[SPECTATOR], SEND_IN_THREADS),
        "spectators do not"
    );
    assert!(can(forum, &[SPECTATOR], VIEW | HISTORY), "but read");
    assert!(
        !can(forum, &[], reactions),
        "the server's own denial is kept"
    );
    let bot = w
        .fake
        .overwrite(forum, BOT_ID)
        .expect("the bot's own overwrite in the forum");
    assert_eq!(
        bot.0 & SEND_IN_THREADS,
        SEND_IN_THREADS,
        "the bot still writes"
    );
    assert!(
        !can(yard, &[LIVING], VIEW),
        "the living do not see the graveyard"
    );
    assert!(!can(yard, &[], VIEW), "nor does everyone");
    assert!(
        can(yard, &[DEAD], VIEW | SEND | HISTORY),
        "the dead chat there"
    );
    assert!(can(yard, &[SPECTATOR], VIEW | SEND), "spectators too");
    assert!(can(yard, &[JUDGE_ROLE], VIEW | SEND), "and the judges");
    let set = overwrites_set();
    assert!(set >= 9, "{set} overwrites set");
    let (a, _) = set_up_with(&w, "zh-CN", true, Some(graveyard)).await;
    assert!(says(&a, "ok-setup"), "{a}");
    assert_eq!(overwrites_set(), set, "a second setup changes nothing");
    assert_eq!(servers_set_up(&w).await, 1);
}

/// A substitute who takes a living seat takes its living role over: the replaced player
/// loses it, the volunteer gets it.
#[sqlx::test(migrations = "./migrations")]
async fn a_substitute_takes_the_seats_living_role(pool: PgPool) {
    let w = world(pool).await;
    let (a, _) = set_up(&w, "zh-CN", true).await;
    assert!(says(&a, "ok-setup"), "{a}");
    let post = w.open_signup().await;
    w.join_all(&post).await;
    let volunteer = w.outsider;
    let a = press(&w, "zh-CN", volunteer, &post, &button(&post, ":bench")).await;
    assert!(says(&a, "ok-benched"), "{a}");
    let a = w.judge_says(post.channel, &["wolf", "start"], &[]).await;
    assert!(says(&a, "ok-started"), "{a}");
    w.settle().await;
    let g = w.game().await;
    let target = g.living()[2];
    let leaving = w.user_of(target).await;
    assert_eq!(w.fake.member_roles(leaving), vec![LIVING]);
    let replace = [("target", 3, json!(g.ch(target).name.clone()))];
    let a = w
        .judge_says(post.channel, &["judge", "replace"], &replace)
        .await;
    assert!(says(&a, "ok-offered"), "{a}");
    w.fake
        .wait_for("the seat offered to the volunteer", 10, |f| {
            f.dms_to(volunteer).into_iter().any(|m| {
                component_ids(&m)
                    .iter()
                    .any(|i| i.starts_with("wj:seat:") && i.ends_with(":take"))
            })
        })
        .await;
    let dm = w
        .fake
        .dms_to(volunteer)
        .into_iter()
        .rev()
        .find(|m| component_ids(m).iter().any(|i| i.ends_with(":take")))
        .expect("the offer");
    let a = press(&w, "zh-CN", volunteer, &dm, &button(&dm, ":take")).await;
    assert!(says(&a, "ok-seat-yours"), "{a}");
    w.settle().await;
    assert_eq!(w.user_of(target).await, volunteer);
    // The role moves may land after the outbox has drained (a fresh-clone CI run under
    // the whole suite's load saw the substitute without the role yet); they must come.
    w.fake
        .wait_for("the living role moved to the substitute", 10, |f| {
            f.member_roles(volunteer) == vec![LIVING] && f.member_roles(leaving).is_empty()
        })
        .await;
    assert_eq!(
        w.fake.member_roles(volunteer),
        vec![LIVING],
        "the substitute"
    );
    assert!(
        w.fake.member_roles(leaving).is_empty(),
        "the replaced player's role is taken back"
    );
}

async fn servers_set_up(w: &World) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM guild_settings")
        .fetch_one(w.service.store().pool())
        .await
        .expect("count")
}

/// Without Manage Threads (needed to lock day posts) the setup is refused, privately, in
/// the judge's language, naming the permission and the forum it is missing in, and saves
/// nothing; with it back the same setup succeeds and says which roles the bot keeps.
#[sqlx::test(migrations = "./migrations")]
async fn setup_names_a_missing_permission_and_succeeds_with_all(pool: PgPool) {
    let w = world(pool).await;
    w.fake
        .set_bot_permissions(BOT_PERMISSIONS & !MANAGE_THREADS);
    let forum = format!("<#{}>", w.forum);
    for (locale, lang) in [("zh-CN", Lang::Zh), ("en-US", Lang::En)] {
        let (a, r) = set_up(&w, locale, true).await;
        let missing = msg(
            lang,
            "lack-permission-in",
            &[
                ("permission", &msg(lang, "perm-manage-threads", &[])),
                ("channel", &forum),
            ],
        );
        assert!(
            says_with(&a, lang, "svc-missing-permissions", &[]) && a.contains(&missing),
            "{locale}: {a}"
        );
        // Only what is missing is named.
        let other = msg(lang, "perm-manage-roles", &[]);
        assert!(!a.contains(&other), "{locale}: {a}");
        assert_eq!(r["data"]["flags"], json!(64), "refused privately: {r}");
        assert_eq!(servers_set_up(&w).await, 0, "a refused setup saves nothing");
    }
    // The bot's role below the living role: it could not give it.
    w.fake.set_bot_permissions(BOT_PERMISSIONS);
    w.fake.set_bot_role_position(2);
    let (a, _) = set_up(&w, "en-US", true).await;
    let order = msg(
        Lang::En,
        "lack-role-order",
        &[("role", &format!("<@&{LIVING}>"))],
    );
    assert!(a.contains(&order), "{a}");
    assert_eq!(servers_set_up(&w).await, 0);
    // All there: set up, in either language.
    w.fake.set_bot_role_position(10);
    for (locale, lang) in [("zh-CN", Lang::Zh), ("en-US", Lang::En)] {
        let (a, r) = set_up(&w, locale, true).await;
        let roles = [
            ("living", format!("<@&{LIVING}>")),
            ("dead", format!("<@&{DEAD}>")),
        ];
        let roles: Vec<(&str, &str)> = roles.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert!(
            says_with(&a, lang, "ok-setup", &[])
                && says_with(&a, lang, "ok-setup-moderation", &roles),
            "{locale}: {a}"
        );
        assert_eq!(r["data"]["flags"], json!(64), "{r}");
    }
    assert_eq!(servers_set_up(&w).await, 1);
    // A Manage Threads denied in the forum itself counts too.
    w.fake.set_overwrites(
        w.forum,
        vec![json!({"id": GUILD.to_string(), "type": 0, "allow": "0",
                    "deny": MANAGE_THREADS.to_string()})],
    );
    let (a, _) = set_up(&w, "zh-CN", false).await;
    assert!(says(&a, "svc-missing-permissions"), "{a}");
}

/// Day 1's post is locked right after the day's result (PATCH `locked`), the bot still
/// writing the night's opening there (the night's end is said by day 2's post alone); it
/// is not archived when day 2's post opens, but
/// left for Discord to archive a week after its last message (each day's post is opened
/// with `auto_archive_duration` 10080), so it stays in the forum's list while the game
/// goes on, at no request a day. A member can no longer post there.
#[sqlx::test(migrations = "./migrations")]
async fn a_day_post_is_locked_after_its_result_and_archived_by_discord(pool: PgPool) {
    let mut w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));
    w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
    let day1 = w.day_post();
    // The players play day 1 and night 1 (idle, the lurking rule would end the game).
    for _ in 0..30 {
        let g = w.game().await;
        assert!(!g.ended(), "the game ended before day 2");
        if matches!(g.phase(), Phase::Day { day: 2, .. }) {
            break;
        }
        if between_phases(&w, &g).await {
            continue;
        }
        match g.phase() {
            Phase::Day { .. } => {
                play_day(&w).await;
                w.pass_deadline().await;
            }
            Phase::Night { .. } => {
                give_last_words(&w).await;
                play_night(&mut w, false).await;
                while w.game().await.night().is_some_and(|n| !n.resolved) {
                    w.pass_deadline().await;
                }
            }
            _ => w.pass_deadline().await,
        }
    }
    assert!(matches!(w.game().await.phase(), Phase::Day { day: 2, .. }));
    w.settle().await;
    let day2 = w.day_post();
    assert_ne!(day1, day2);
    assert_eq!(
        w.fake.thread_flags(day1),
        (true, false),
        "day 1 locked, not archived by the bot"
    );
    assert_eq!(w.fake.thread_flags(day2), (false, false), "day 2 open");
    let calls = w.fake.calls();
    let patches: Vec<usize> = (0..calls.len())
        .filter(|i| calls[*i].method == "PATCH" && calls[*i].path == format!("/channels/{day1}"))
        .collect();
    assert_eq!(patches.len(), 1, "a lock, and no archive");
    let lock = patches[0];
    assert_eq!(calls[lock].operation, "update_channel");
    assert_eq!(calls[lock].body, json!({"locked": true}));
    // Each day's post asks Discord to archive it a week after its last message.
    let forum_posts = format!("/channels/{}/threads", w.forum);
    let opened: Vec<&fake_discord::Call> = calls
        .iter()
        .filter(|c| c.method == "POST" && c.path == forum_posts)
        .collect();
    assert!(opened.len() >= 2, "day 1's and day 2's posts");
    for c in opened.iter().rev().take(2) {
        assert_eq!(c.body["auto_archive_duration"], json!(10080), "{}", c.body);
    }
    // Before the lock, the day's result in the post; after it, the night's end.
    let to_day1 = |c: &fake_discord::Call| {
        c.method == "POST" && c.path == format!("/channels/{day1}/messages")
    };
    let said = |i: usize, key: &str| {
        calls[i].body["content"]
            .as_str()
            .is_some_and(|t| says(t, key))
    };
    let result = calls
        .iter()
        .enumerate()
        .position(|(i, c)| {
            to_day1(c) && (said(i, "ev-sheriff-elected") || said(i, "ev-sheriff-none"))
        })
        .expect("day 1's result in its post");
    let night_falls = calls
        .iter()
        .enumerate()
        .position(|(i, c)| to_day1(c) && said(i, "ev-night-opened-werewolf"))
        .expect("the night's opening in day 1's post");
    // Locked right after the result (members can no longer post), the bot still writing
    // the night's messages there (it has Manage Threads).
    assert!(
        result < lock && lock < night_falls,
        "{result} {lock} {night_falls}"
    );
    // The night's end is said by day 2's post alone.
    assert!(
        !(0..calls.len()).any(|i| to_day1(&calls[i]) && said(i, "ev-night-ended")),
        "the night's end repeated in day 1's post"
    );
    // Members can no longer post in it; the new day's post takes their posts.
    assert_eq!(w.fake.post(w.players[0], day1, "还能说话吗"), 0);
    assert_ne!(w.fake.post(w.players[0], day2, "第二天发言"), 0);
    assert!(matches!(w.fake.channel_kind(day1), Some(Kind::Post { .. })));
}

/// With the living and dead roles set up: every player gets the living role at the start;
/// a player the judge removes gets the dead role instead (the others keep theirs), in one
/// request that keeps a role a moderator gave them meanwhile; at the end both are taken
/// from everyone, and the last day's post is locked after the reveal.
#[sqlx::test(migrations = "./migrations")]
async fn living_and_dead_roles_follow_the_game(pool: PgPool) {
    let w = world(pool).await;
    let (a, _) = set_up(&w, "zh-CN", true).await;
    assert!(says(&a, "ok-setup"), "{a}");
    w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
    for p in &w.players {
        assert_eq!(w.fake.member_roles(*p), vec![LIVING], "at the start");
    }
    let g = w.game().await;
    let out = g.living()[3];
    let user = w.user_of(out).await;
    // A moderator gives the player another role of the server during the game.
    w.fake.add_role(OTHER, "常客");
    w.fake.give_role_elsewhere(user, OTHER);
    let thread = w.day_post();
    let options = [
        ("target", 3, json!(g.ch(out).name.clone())),
        ("reason", 3, json!("长期挂机")),
    ];
    let before = w.fake.role_changes().len();
    let a = w.judge_says(thread, &["judge", "remove"], &options).await;
    assert!(!a.is_empty());
    w.settle().await;
    assert!(!w.game().await.is_alive(out), "{a}");
    assert_eq!(
        w.fake.member_roles(user),
        vec![DEAD, OTHER],
        "the removed player is dead and keeps the moderator's role"
    );
    let member = format!("/guilds/{GUILD}/members/{user}");
    let requests = w
        .fake
        .calls()
        .iter()
        .filter(|c| c.path.starts_with(&member))
        .filter(|c| c.method != "GET")
        .map(|c| c.method.clone())
        .collect::<Vec<_>>();
    assert_eq!(
        requests,
        vec!["PUT", "PATCH"],
        "the living role given, then one request at the death"
    );
    assert_eq!(
        w.fake.role_changes()[before..].len(),
        2,
        "two roles changed at the death"
    );
    for p in w.players.iter().filter(|p| **p != user) {
        assert_eq!(w.fake.member_roles(*p), vec![LIVING], "the others live");
    }
    let a = w.judge_says(thread, &["judge", "end"], &[]).await;
    assert!(says(&a, "ok-ended"), "{a}");
    w.settle().await;
    for p in w.players.iter().filter(|p| **p != user) {
        assert!(w.fake.member_roles(*p).is_empty(), "no role after the end");
    }
    assert_eq!(
        w.fake.member_roles(user),
        vec![OTHER],
        "the moderator's role stays"
    );
    assert_eq!(
        w.fake.thread_flags(thread),
        (true, true),
        "the last day locked"
    );
    // The lock came after the reveal in that post.
    let calls = w.fake.calls();
    let patch = calls
        .iter()
        .rposition(|c| c.method == "PATCH" && c.path == format!("/channels/{thread}"))
        .expect("the last day's lock");
    let reveal = calls
        .iter()
        .rposition(|c| {
            c.method == "POST"
                && c.path == format!("/channels/{thread}/messages")
                && c.body["content"]
                    .as_str()
                    .is_some_and(|t| says(t, "ev-game-ended") || says(t, "ev-game-ended-none"))
        })
        .expect("the end in the post");
    assert!(reveal < patch);
}
