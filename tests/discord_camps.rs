//! The camps' private threads, end to end through the fake Discord (the forum-features work): a
//! game whose ruleset has `wolf_chat` opens one private thread (type 12, not invitable) in
//! the server's camp channel with exactly the wolves and the judge; a wolf who dies leaves
//! it when the death is public (at once by day, with the morning's post at night); nobody
//! else is ever added. Mafia's killers and police get one each when the server turns it
//! on, none when it is off. A thread whose opening answer was lost is not opened twice.

use crate::common::catalog::{says, says_with, zh};
use crate::common::{discord_world, fake_discord};

use std::collections::{BTreeMap, BTreeSet};

use serde_json::json;
use sqlx::PgPool;

use discord_world::World;
use fake_discord::BOT_ID;
use wolfjudge::engine::{CharId, Game, Phase, Role};
use wolfjudge::i18n::Lang;

/// A world whose m32 games have `wolf_chat = true` (the bot's configuration may set it), and
/// no automatic cards (silent test players would all be sent off by the second night).
async fn wolf_chat_world(pool: PgPool) -> World {
    let mut m32 = BTreeMap::new();
    m32.insert("wolf_chat".to_string(), toml::Value::Boolean(true));
    m32.insert("auto_cards".to_string(), toml::Value::Boolean(false));
    let mut overrides = BTreeMap::new();
    overrides.insert("m32".to_string(), m32);
    World::with_overrides(pool, overrides).await
}

/// `/wolf-setup` with the lobby as the camp channel, and Mafia's threads on or off.
async fn set_up_camps(w: &World, mafia: Option<bool>) {
    let mut extra = vec![("camp_channel", 7, json!(w.lobby.to_string()))];
    if let Some(m) = mafia {
        extra.push(("mafia_camp_threads", 5, json!(m)));
    }
    let (a, _) = w.set_up_with(&extra).await;
    assert!(says(&a, "ok-setup"), "{a}");
    let on = if mafia == Some(true) { "yes" } else { "no" };
    assert!(
        says_with(&a, Lang::Zh, "ok-setup-camps", &[("mafia", on)]),
        "{a}"
    );
}

/// The accounts playing the characters `cs`.
async fn accounts(w: &World, cs: &[CharId]) -> BTreeSet<u64> {
    let mut out = BTreeSet::new();
    for c in cs {
        out.insert(w.user_of(*c).await);
    }
    out
}

/// Everyone of `role`-camp (`holds`), dead or alive.
fn holders(g: &Game, holds: impl Fn(Role) -> bool) -> Vec<CharId> {
    g.ids().filter(|c| holds(g.ch(*c).role)).collect()
}

/// The members of `thread` besides the bot.
fn members(w: &World, thread: u64) -> BTreeSet<u64> {
    w.fake
        .thread_members(thread)
        .into_iter()
        .filter(|m| *m != BOT_ID)
        .collect()
}

/// Every user the bot added to or took out of a thread, with the method.
fn member_calls(w: &World) -> Vec<(String, u64)> {
    w.fake
        .calls()
        .iter()
        .filter(|c| c.path.contains("/thread-members/"))
        .filter_map(|c| {
            let user = c.path.rsplit('/').next()?.parse().ok()?;
            Some((c.method.clone(), user))
        })
        .collect()
}

/// Passes deadlines until `done` holds (at most `max` of them).
async fn until(w: &World, max: usize, done: impl Fn(&Game) -> bool) {
    for _ in 0..max {
        if done(&w.game().await) {
            return;
        }
        w.pass_deadline().await;
    }
    assert!(done(&w.game().await), "not reached in {max} deadlines");
}

/// The judge removes `c` from the game of the sign-up post `post` (a death by the judge, in
/// whatever phase it is).
async fn judge_removes(w: &World, post: u64, c: CharId) {
    let g = w.game().await;
    let a = w
        .judge_says(
            post,
            &["judge", "remove"],
            &[
                ("target", 3, json!(g.ch(c).name)),
                ("reason", 3, json!("退出")),
            ],
        )
        .await;
    assert!(says(&a, "ok-removed"), "{a}");
    w.settle().await;
}

#[sqlx::test(migrations = "./migrations")]
async fn a_wolf_chat_game_opens_a_private_thread_for_the_wolves_and_takes_out_the_dead(
    pool: PgPool,
) {
    let w = wolf_chat_world(pool).await;
    set_up_camps(&w, None).await;
    let (_, post) = w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
    let g = w.game().await;
    assert!(g.ruleset().options.camp_threads);
    let wolves = holders(&g, Role::is_wolf);
    let wolf_accounts = accounts(&w, &wolves).await;
    let everyone = accounts(&w, &g.ids().collect::<Vec<_>>()).await;

    // One private thread, in the camp channel, that its members cannot invite anyone to.
    let threads = w.fake.private_threads();
    assert_eq!(threads.len(), 1, "{threads:?}");
    let (thread, parent, name, invitable) = threads[0].clone();
    assert_eq!(parent, w.lobby);
    assert!(!invitable, "members must not invite others");
    let create = w
        .fake
        .calls()
        .into_iter()
        .find(|c| c.operation == "create_thread" && c.path.contains(&w.lobby.to_string()))
        .expect("the thread's creation");
    assert_eq!(create.body["type"], json!(12), "{}", create.body);
    assert!(
        create.body.get("message").is_none(),
        "no public starter message"
    );
    // Its name says the game and the camp, nothing of who is in it.
    let game = w.game_id().await.to_string();
    assert_eq!(
        name,
        zh("camp-thread-title", &[("game", &game), ("camp", "wolves")])
    );
    for c in g.ids() {
        assert!(
            !name.contains(&g.ch(c).name),
            "{name} names {}",
            g.ch(c).name
        );
    }

    // Exactly the wolves and the judge.
    let mut want = wolf_accounts.clone();
    want.insert(w.judge);
    assert_eq!(members(&w, thread), want);
    let welcome: Vec<_> = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == thread)
        .collect();
    assert_eq!(welcome.len(), 1);
    let names: Vec<&str> = wolves.iter().map(|c| g.ch(*c).name.as_str()).collect();
    assert_eq!(
        welcome[0].content,
        zh(
            "camp-thread-welcome",
            &[("camp", "wolves"), ("names", &names.join("、"))]
        )
    );
    for wolf in &wolves {
        assert!(welcome[0].content.contains(&g.ch(*wolf).name));
    }
    // Nothing outside the thread speaks of it.
    for m in w.fake.messages().iter().filter(|m| m.channel != thread) {
        assert!(!m.content.contains(&thread.to_string()), "{}", m.content);
        assert!(!m.content.contains(&name), "{}", m.content);
    }

    // A wolf removed at night stays until the morning's post announces it.
    until(&w, 10, |g| {
        matches!(g.phase(), Phase::Night { .. }) && g.night().is_some_and(|n| !n.resolved)
    })
    .await;
    let night_dead = wolves[0];
    judge_removes(&w, post, night_dead).await;
    let night_account = w.user_of(night_dead).await;
    assert!(
        members(&w, thread).contains(&night_account),
        "taken out before the death is public"
    );
    until(&w, 10, |g| matches!(g.phase(), Phase::Day { .. })).await;
    w.settle().await;
    assert!(!members(&w, thread).contains(&night_account));
    assert!(w
        .fake
        .messages()
        .iter()
        .any(|m| m.channel == thread && says(&m.content, "camp-thread-left")));

    // A wolf removed by day leaves at once.
    let day_dead = wolves[1];
    let day_account = w.user_of(day_dead).await;
    judge_removes(&w, post, day_dead).await;
    assert!(!members(&w, thread).contains(&day_account));

    // A villager removed changes nothing in the thread.
    let g = w.game().await;
    let villager = g
        .living()
        .into_iter()
        .find(|c| !g.ch(*c).role.is_wolf())
        .expect("a living villager");
    judge_removes(&w, post, villager).await;

    let g = w.game().await;
    let mut left = accounts(&w, &g.living_with(Role::is_wolf)).await;
    left.insert(w.judge);
    assert_eq!(members(&w, thread), left);
    // Nobody but the wolves and the judge was ever added or taken out; each once.
    let calls = member_calls(&w);
    let non_wolves: BTreeSet<u64> = everyone.difference(&wolf_accounts).copied().collect();
    assert!(
        calls.iter().all(|(_, u)| !non_wolves.contains(u)),
        "{calls:?}"
    );
    let deletes: Vec<u64> = calls
        .iter()
        .filter(|(m, _)| m == "DELETE")
        .map(|(_, u)| *u)
        .collect();
    assert_eq!(deletes, vec![night_account, day_account]);
    assert_eq!(w.fake.private_threads().len(), 1);
}

#[sqlx::test(migrations = "./migrations")]
async fn mafia_killers_and_police_get_a_thread_each_when_the_server_turns_it_on(pool: PgPool) {
    let w = World::new(pool).await;
    set_up_camps(&w, Some(true)).await;
    let (_, post) = w.sign_up_and_start(&[("ruleset", 3, json!("mafia"))]).await;
    let g = w.game().await;
    let killers = holders(&g, |r| r == Role::Killer);
    let police = holders(&g, |r| r == Role::Police);
    let threads = w.fake.private_threads();
    assert_eq!(threads.len(), 2, "{threads:?}");
    let thread_of = |members: &BTreeSet<u64>| {
        threads
            .iter()
            .find(|t| &self::members(&w, t.0) == members)
            .map(|t| t.0)
    };
    let mut want_killers = accounts(&w, &killers).await;
    want_killers.insert(w.judge);
    let mut want_police = accounts(&w, &police).await;
    want_police.insert(w.judge);
    let killer_thread = thread_of(&want_killers).expect("the killers' thread: killers and judge");
    let police_thread = thread_of(&want_police).expect("the police's thread: police and judge");
    assert!(threads.iter().all(|t| t.1 == w.lobby && !t.3));

    // Mafia opens with night 1: a police officer removed now leaves with the morning's post.
    let officer = police[0];
    let account = w.user_of(officer).await;
    judge_removes(&w, post, officer).await;
    assert!(members(&w, police_thread).contains(&account));
    until(&w, 10, |g| matches!(g.phase(), Phase::Day { .. })).await;
    w.settle().await;
    assert!(!members(&w, police_thread).contains(&account));
    assert_eq!(members(&w, killer_thread), want_killers);

    // A substitute takes a killer's seat: added, and the replaced player taken out.
    let killer = killers[0];
    let replaced = w.user_of(killer).await;
    let sub = w.outsider;
    let resolved = json!({"users": {sub.to_string(): {"id": sub.to_string(), "username": "Outsider", "discriminator": "0", "avatar": null}}});
    let (a, _) = w
        .slash(
            w.judge,
            post,
            true,
            &["judge", "substitute"],
            &[
                ("target", 3, json!(g.ch(killer).name)),
                ("member", 6, json!(sub.to_string())),
            ],
            resolved,
        )
        .await;
    assert!(says(&a, "ok-substituted"), "{a}");
    w.settle().await;
    let now = members(&w, killer_thread);
    assert!(now.contains(&sub) && !now.contains(&replaced), "{now:?}");
    assert!(!members(&w, police_thread).contains(&sub));
}

#[sqlx::test(migrations = "./migrations")]
async fn mafia_gets_no_threads_when_the_server_leaves_them_off(pool: PgPool) {
    let w = World::new(pool).await;
    set_up_camps(&w, Some(false)).await;
    w.sign_up_and_start(&[("ruleset", 3, json!("mafia"))]).await;
    assert!(!w.game().await.ruleset().options.camp_threads);
    assert!(w.fake.private_threads().is_empty());
    assert!(member_calls(&w).is_empty());
}

/// Without a camp channel a wolf_chat game opens nothing, and the judge is told why.
#[sqlx::test(migrations = "./migrations")]
async fn without_a_camp_channel_the_judge_is_told_and_nothing_opens(pool: PgPool) {
    let w = wolf_chat_world(pool).await;
    let (a, _) = w.set_up_with(&[]).await;
    assert!(says(&a, "ok-setup-camps-none"), "{a}");
    w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
    assert!(!w.game().await.ruleset().options.camp_threads);
    assert!(w.fake.private_threads().is_empty());
    assert!(w.fake.messages().iter().any(|m| m.channel == w.log
        && says_with(
            &m.content,
            Lang::Zh,
            "camp-thread-no-channel",
            &[("camp", "wolves")]
        )));
}

/// The thread is opened and its answer lost (a 500 after the fact), and the judge's
/// addition too: the retry finds the thread by its name instead of opening another, adds
/// again (which changes nothing) and posts the welcome once.
#[sqlx::test(migrations = "./migrations")]
async fn a_thread_whose_answer_was_lost_is_not_opened_twice(pool: PgPool) {
    let w = wolf_chat_world(pool).await;
    set_up_camps(&w, None).await;
    w.fake.lose_answer("create_thread", &w.lobby.to_string());
    w.fake
        .lose_answer("add_thread_member", &w.judge.to_string());
    w.sign_up_and_start(&[("ruleset", 3, json!("m32"))]).await;
    let g = w.game().await;
    let threads = w.fake.private_threads();
    assert_eq!(threads.len(), 1, "{threads:?}");
    let creates = w
        .fake
        .calls()
        .iter()
        .filter(|c| c.operation == "create_thread" && c.path.contains(&w.lobby.to_string()))
        .count();
    assert_eq!(creates, 1, "the lost creation was looked for, not repeated");
    let mut want = accounts(&w, &holders(&g, Role::is_wolf)).await;
    want.insert(w.judge);
    assert_eq!(members(&w, threads[0].0), want);
    let welcomes = w
        .fake
        .messages()
        .iter()
        .filter(|m| m.channel == threads[0].0)
        .count();
    assert_eq!(welcomes, 1);
}
