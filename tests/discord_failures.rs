//! What a real server does to a game, as the judge meets it through the fake Discord: a
//! player who closes their DMs mid-game, a member who leaves the server (with and without
//! the Server Members intent). The judge is told once, by the character's and the player's
//! names, in the game's language, what happened and what to do; Discord's own words and the
//! bot's channel keys never reach them.

use std::time::Duration as StdDuration;

use serde_json::json;
use sqlx::PgPool;

use crate::common::catalog::says_with;
use crate::common::discord_world::{World, NAMES};
use crate::common::fake_discord::{BOT_PERMISSIONS, GUILD_MEMBERS_INTENT};
use wolfjudge::engine::{CharId, Game, Phase, Role};
use wolfjudge::i18n::{self, Lang};

/// Manage Roles, as Discord's permission bits count it.
const MANAGE_ROLES_PERMISSION: u64 = 1 << 28;

/// Discord's English for the errors the judge could otherwise be shown.
const DISCORD_ENGLISH: [&str; 4] = [
    "Cannot send messages",
    "Unknown Member",
    "Unknown Channel",
    "Missing",
];

/// A started `m32` game on a server whose games speak `lang` (`zh` or `en`).
async fn started_in(w: &World, lang: &str) -> (Game, Lang) {
    let (done, _) = w.set_up_with(&[("language", 3, json!(lang))]).await;
    let lang = if lang == "en" { Lang::En } else { Lang::Zh };
    assert!(says_with(&done, Lang::Zh, "ok-setup", &[]), "{done}");
    w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
    (w.game().await, lang)
}

/// The display name of the player of `c` (the players joined in the order of [`NAMES`]).
async fn display_name(w: &World, c: CharId) -> String {
    let user = w.user_of(c).await;
    let i = w
        .players
        .iter()
        .position(|p| *p == user)
        .expect("a player of the world");
    NAMES[i].to_string()
}

/// The judge's notes saying `key` about `name` played by `player`.
fn notes(w: &World, lang: Lang, key: &str, name: &str, player: &str) -> Vec<String> {
    w.judge_log()
        .into_iter()
        .filter(|m| says_with(m, lang, key, &[("name", name), ("player", player)]))
        .collect()
}

/// How many messages to `seat`'s DMs were set aside.
async fn set_aside_dms(w: &World, seat: CharId) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM outbox WHERE game_id = $1 AND channel = $2 AND failed_at IS NOT NULL",
    )
    .bind(w.game_id().await)
    // The column's text.
    .bind(wolfjudge::notify::Recipient::Seat(seat).to_string())
    .fetch_one(w.service.store().pool())
    .await
    .expect("count the outbox")
}

/// Moves the game on, deadline by deadline, until its night `n` has begun.
async fn until_night(w: &World, n: u32) {
    for _ in 0..12 {
        if matches!(w.game().await.phase(), Phase::Night { night } if night >= n) {
            return;
        }
        w.pass_deadline().await;
    }
    panic!("night {n} never came: {:?}", w.game().await.phase());
}

/// No note names a channel by its key, and a Chinese note quotes no English of Discord's.
fn reads_well(w: &World, lang: Lang) {
    for m in w.judge_log() {
        assert!(!m.contains("dm:"), "a channel key in the judge's log: {m}");
        if lang == Lang::Zh {
            for english in DISCORD_ENGLISH {
                assert!(!m.contains(english), "Discord's English in: {m}");
            }
        }
    }
}

/// The seer of the game: it is prompted every night.
fn seer(g: &Game) -> CharId {
    g.living()
        .into_iter()
        .find(|c| g.ch(*c).role == Role::Seer)
        .expect("m32 has a seer")
}

async fn closed_dms_are_one_note(pool: PgPool, lang: &str) {
    let mut w = World::new(pool).await;
    let (g, lang) = started_in(&w, lang).await;
    let seer = seer(&g);
    let (name, player) = (g.ch(seer).name.clone(), display_name(&w, seer).await);
    // Mid-game, the seer's player closes their DMs: the night's prompt cannot reach them.
    w.fake.close_dms(w.user_of(seer).await);
    until_night(&w, 1).await;
    w.settle().await;
    assert!(
        set_aside_dms(&w, seer).await >= 1,
        "the night's prompt was refused"
    );
    let once = notes(&w, lang, "note-dm-closed", &name, &player);
    assert_eq!(once.len(), 1, "one note: {:#?}", w.judge_log());
    // It says what to do: relay, or replace with the judge's command.
    let replace = i18n::text(lang, "cmd-judge-replace", &[]);
    assert!(once[0].contains(&replace), "{}", once[0]);
    // A restart, and the next DMs to them refused too: still one note.
    w.restart().await;
    let refused = set_aside_dms(&w, seer).await;
    for _ in 0..4 {
        if set_aside_dms(&w, seer).await > refused || w.game().await.phase() == Phase::Ended {
            break;
        }
        w.pass_deadline().await;
    }
    w.settle().await;
    assert!(
        set_aside_dms(&w, seer).await > refused,
        "more DMs were refused"
    );
    assert_eq!(
        notes(&w, lang, "note-dm-closed", &name, &player),
        once,
        "{:#?}",
        w.judge_log()
    );
    // The general notice about a refused message is not written for them either.
    assert!(
        !w.judge_log()
            .iter()
            .any(|m| says_with(m, lang, "outbox-refused", &[])),
        "{:#?}",
        w.judge_log()
    );
    reads_well(&w, lang);
}

#[sqlx::test(migrations = "./migrations")]
async fn closed_dms_mid_game_are_one_note_naming_the_player_zh(pool: PgPool) {
    closed_dms_are_one_note(pool, "zh").await;
}

#[sqlx::test(migrations = "./migrations")]
async fn closed_dms_mid_game_are_one_note_naming_the_player_en(pool: PgPool) {
    closed_dms_are_one_note(pool, "en").await;
}

/// Waits (in real time, the game's clock still) for `f` to hold of the judge's log.
async fn wait_for_log(w: &World, what: &str, f: impl Fn(&[String]) -> bool) {
    for _ in 0..250 {
        if f(&w.judge_log()) {
            return;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    panic!("{what}: {:#?}", w.judge_log());
}

#[sqlx::test(migrations = "./migrations")]
async fn a_member_who_leaves_is_reported_at_once_with_the_members_intent(pool: PgPool) {
    let w = World::new(pool).await;
    assert_ne!(
        w.fake.intents() & GUILD_MEMBERS_INTENT,
        0,
        "the bot asks for the Server Members intent"
    );
    let (g, lang) = started_in(&w, "en").await;
    let who = CharId(3);
    let (name, player) = (g.ch(who).name.clone(), display_name(&w, who).await);
    let before = w.judge_log().len();
    w.fake.leave(w.user_of(who).await);
    // Told at once: no deadline passes, nothing is sent to them.
    wait_for_log(&w, "the judge is told who left", |l| {
        l.iter().any(|m| {
            says_with(
                m,
                lang,
                "note-member-left",
                &[("name", &name), ("player", &player)],
            )
        })
    })
    .await;
    assert_eq!(w.judge_log().len(), before + 1, "{:#?}", w.judge_log());
    let note = notes(&w, lang, "note-member-left", &name, &player);
    assert!(note[0].contains("/judge replace"), "{}", note[0]);
    // The night's DMs to them fail afterwards: nothing more is said about them.
    until_night(&w, 1).await;
    w.settle().await;
    assert_eq!(notes(&w, lang, "note-member-left", &name, &player).len(), 1);
    assert!(
        notes(&w, lang, "note-dm-closed", &name, &player).is_empty(),
        "{:#?}",
        w.judge_log()
    );
}

#[sqlx::test(migrations = "./migrations")]
async fn without_the_members_intent_the_first_failed_dm_tells_the_judge(pool: PgPool) {
    let mut w = World::new(pool).await;
    w.members_intent = false;
    w.restart().await;
    assert_eq!(w.fake.intents() & GUILD_MEMBERS_INTENT, 0);
    let (g, lang) = started_in(&w, "zh").await;
    let seer = seer(&g);
    let (name, player) = (g.ch(seer).name.clone(), display_name(&w, seer).await);
    w.fake.leave(w.user_of(seer).await);
    // No event comes: the judge is not told yet.
    tokio::time::sleep(StdDuration::from_millis(500)).await;
    assert!(notes(&w, lang, "note-member-left", &name, &player).is_empty());
    // The night's prompt to them is refused (they share no server with the bot), and the
    // bot finds they are no longer a member (10007): the judge is told, once.
    until_night(&w, 1).await;
    w.settle().await;
    let note = notes(&w, lang, "note-member-left", &name, &player);
    assert_eq!(note.len(), 1, "{:#?}", w.judge_log());
    assert!(
        note[0].contains(&format!("/{}", i18n::text(lang, "cmd-judge", &[]))),
        "{}",
        note[0]
    );
    assert!(notes(&w, lang, "note-dm-closed", &name, &player).is_empty());
    reads_well(&w, lang);
}

#[sqlx::test(migrations = "./migrations")]
async fn without_the_members_intent_a_refused_role_change_tells_the_judge(pool: PgPool) {
    let mut w = crate::discord_moderation::world(pool).await;
    w.members_intent = false;
    w.restart().await;
    let (done, _) = crate::discord_moderation::set_up_with(&w, "zh-CN", true, None).await;
    assert!(says_with(&done, Lang::Zh, "ok-setup", &[]), "{done}");
    w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
    let g = w.game().await;
    let who = g
        .living()
        .into_iter()
        .find(|c| g.ch(*c).role == Role::Villager)
        .expect("a villager");
    let (name, player) = (g.ch(who).name.clone(), display_name(&w, who).await);
    let user = w.user_of(who).await;
    w.fake.leave(user);
    let calls = w.fake.calls().len();
    // The judge ends the game: the living role comes off every player, and Discord answers
    // 10007 Unknown Member for the one who left.
    let a = w.judge_says(w.day_post(), &["judge", "end"], &[]).await;
    assert!(says_with(&a, Lang::Zh, "ok-ended", &[]), "{a}");
    w.settle().await;
    assert!(
        w.fake.calls()[calls..]
            .iter()
            .any(|c| c.path.contains(&format!("/members/{user}/roles/"))),
        "a role change for the member who left was asked"
    );
    let note = notes(&w, Lang::Zh, "note-member-left", &name, &player);
    assert_eq!(note.len(), 1, "{:#?}", w.judge_log());
    assert!(
        !w.judge_log()
            .iter()
            .any(|m| says_with(m, Lang::Zh, "outbox-refused", &[])),
        "{:#?}",
        w.judge_log()
    );
    reads_well(&w, Lang::Zh);
}

/// Manage Roles taken from the bot mid-game: the end's role changes are refused (50013),
/// and the judge's note names the permission, in the game's language.
#[sqlx::test(migrations = "./migrations")]
async fn a_lost_permission_is_named_in_the_judges_note(pool: PgPool) {
    let w = crate::discord_moderation::world(pool).await;
    let (done, _) = crate::discord_moderation::set_up_with(&w, "zh-CN", true, None).await;
    assert!(says_with(&done, Lang::Zh, "ok-setup", &[]), "{done}");
    w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
    w.fake
        .set_bot_permissions(BOT_PERMISSIONS & !MANAGE_ROLES_PERMISSION);
    let a = w.judge_says(w.day_post(), &["judge", "end"], &[]).await;
    assert!(says_with(&a, Lang::Zh, "ok-ended", &[]), "{a}");
    w.settle().await;
    let permission = i18n::text(Lang::Zh, "perm-manage-roles", &[]);
    let why = i18n::text(
        Lang::Zh,
        "discord-error-missing-permission",
        &[("permission", permission.clone())],
    );
    let refused: Vec<String> = w
        .judge_log()
        .into_iter()
        .filter(|m| says_with(m, Lang::Zh, "outbox-refused", &[("why", &why)]))
        .collect();
    assert_eq!(refused.len(), 1, "{:#?}", w.judge_log());
    assert!(refused[0].contains(&permission), "{}", refused[0]);
    reads_well(&w, Lang::Zh);
}

/// The judge replaces the player who left: the role that moves to the substitute cannot be
/// taken from the one who left (Discord: 10007), which is no news to the judge.
#[sqlx::test(migrations = "./migrations")]
async fn replacing_a_player_who_left_adds_no_note(pool: PgPool) {
    let w = crate::discord_moderation::world(pool).await;
    let (done, _) = crate::discord_moderation::set_up_with(&w, "zh-CN", true, None).await;
    assert!(says_with(&done, Lang::Zh, "ok-setup", &[]), "{done}");
    w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
    let g = w.game().await;
    let who = CharId(2);
    let (name, player) = (g.ch(who).name.clone(), display_name(&w, who).await);
    w.fake.leave(w.user_of(who).await);
    wait_for_log(&w, "the judge is told who left", |l| {
        l.iter().any(|m| {
            says_with(
                m,
                Lang::Zh,
                "note-member-left",
                &[("name", &name), ("player", &player)],
            )
        })
    })
    .await;
    let sub = w.outsider;
    let resolved = json!({"users": {sub.to_string(): {"id": sub.to_string(), "username": "Outsider", "discriminator": "0", "avatar": null}}});
    let (a, _) = w
        .slash(
            w.judge,
            w.day_post(),
            true,
            &["judge", "substitute"],
            &[
                ("target", 3, json!(name)),
                ("member", 6, json!(sub.to_string())),
            ],
            resolved,
        )
        .await;
    assert!(says_with(&a, Lang::Zh, "ok-substituted", &[]), "{a}");
    w.settle().await;
    assert_eq!(
        w.fake.member_roles(sub),
        vec![crate::discord_moderation::LIVING]
    );
    assert!(
        !w.judge_log()
            .iter()
            .any(|m| says_with(m, Lang::Zh, "outbox-refused", &[])),
        "{:#?}",
        w.judge_log()
    );
    assert_eq!(
        notes(&w, Lang::Zh, "note-member-left", &name, &player).len(),
        1
    );
}
