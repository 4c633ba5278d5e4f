//! The Discord bot end to end: the real serenity client and poise commands against the fake
//! Discord of `common/fake_discord.rs`, with real Postgres (one database per test) and a
//! virtual clock. One test plays a whole 12-player `m32` game through slash commands, sign-up
//! buttons, DM menus and modals, with a restart in the middle of a night; the others check
//! each command's refusals.

#[path = "common/fake_discord.rs"]
mod fake_discord;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration as StdDuration;

use chrono::{Duration, TimeZone, Utc};
use serde_json::{json, Value};
use sqlx::PgPool;

use fake_discord::{FakeDiscord, Kind, Msg, GUILD};
use wolfjudge::discord::{self, Bot};
use wolfjudge::engine::{CharId, Game, Phase, Role};
use wolfjudge::i18n::{role_name, Lang};
use wolfjudge::service::clock::VirtualClock;
use wolfjudge::service::Service;
use wolfjudge::store::Store;

const JUDGE_ROLE: u64 = 700_000_000_000_000_001;
/// ADMINISTRATOR | MANAGE_GUILD
const ADMIN: u64 = 0x8 | 0x20;
const NAMES: [&str; 12] = [
    "Amber", "Basil", "Cedar", "Dahlia", "Ember", "Fennel", "Ginger", "Hazel", "Iris", "Juniper",
    "Kale", "Laurel",
];

/// A server with a forum, a log channel, a judge, twelve players, an outsider and a
/// would-be substitute, and the bot running against it.
struct World {
    fake: FakeDiscord,
    clock: VirtualClock,
    service: Service,
    bot: Option<Bot>,
    forum: u64,
    log: u64,
    lobby: u64,
    judge: u64,
    players: Vec<u64>,
    outsider: u64,
}

fn tracing() {
    // Interactions serenity cannot parse are only reported through tracing.
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "warn,serenity=error,wolfjudge=info".into());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_test_writer()
        .try_init();
}

impl World {
    async fn new(pool: PgPool) -> World {
        tracing();
        let fake = FakeDiscord::start().await;
        let forum = fake.add_channel(Kind::Forum);
        let log = fake.add_channel(Kind::Text);
        let lobby = fake.add_channel(Kind::Text);
        let judge = fake.new_id();
        fake.name_user(judge, "Judge");
        let players: Vec<u64> = NAMES
            .iter()
            .map(|n| {
                let id = fake.new_id();
                fake.name_user(id, n);
                id
            })
            .collect();
        let outsider = fake.new_id();
        fake.name_user(outsider, "Outsider");
        let clock = VirtualClock::new(Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap());
        let service = Service::new(
            Store::new(pool),
            Arc::new(clock.clone()),
            BTreeMap::new(),
            Some(20261201),
        );
        let mut w = World {
            fake,
            clock,
            service,
            bot: None,
            forum,
            log,
            lobby,
            judge,
            players,
            outsider,
        };
        w.boot().await;
        w
    }

    /// Starts the bot and waits until it is connected and its commands are registered.
    async fn boot(&mut self) {
        let before = self.fake.connections();
        let registered = self
            .fake
            .calls()
            .iter()
            .filter(|c| c.method == "PUT" && c.path.ends_with("/commands"))
            .count();
        let opts = discord::Options {
            token: "test-token".into(),
            proxy: Some(self.fake.url()),
            poll: StdDuration::from_millis(25),
            worker: format!("bot-{before}"),
        };
        self.bot = Some(
            discord::start(opts, self.service.clone())
                .await
                .expect("the bot starts"),
        );
        self.fake
            .wait_for("the bot to connect and register its commands", 30, |f| {
                f.connections() > before
                    && f.calls()
                        .iter()
                        .filter(|c| c.method == "PUT" && c.path.ends_with("/commands"))
                        .count()
                        > registered
            })
            .await;
    }

    /// Stops the bot as a crash would, and starts it again.
    async fn restart(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.stop().await;
        }
        self.boot().await;
    }

    /// Uses a slash command and returns the bot's (ephemeral) answer.
    #[allow(clippy::too_many_arguments)]
    async fn slash(
        &self,
        user: u64,
        channel: u64,
        judge: bool,
        path: &[&str],
        options: &[(&str, u8, Value)],
        resolved: Value,
    ) -> (String, Value) {
        let roles: Vec<u64> = if judge { vec![JUDGE_ROLE] } else { vec![] };
        let perms = if judge { ADMIN } else { 0 };
        let id = self.fake.slash(
            user, channel, &roles, perms, "zh-CN", path, options, resolved,
        );
        let r = self.fake.response(id).await;
        (
            r["data"]["content"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            r,
        )
    }

    async fn say(
        &self,
        user: u64,
        channel: u64,
        path: &[&str],
        options: &[(&str, u8, Value)],
    ) -> String {
        self.slash(user, channel, false, path, options, json!({}))
            .await
            .0
    }

    async fn judge_says(
        &self,
        channel: u64,
        path: &[&str],
        options: &[(&str, u8, Value)],
    ) -> String {
        self.slash(self.judge, channel, true, path, options, json!({}))
            .await
            .0
    }

    /// `/wolf setup` by the judge (an administrator).
    async fn set_up(&self) -> String {
        let resolved = json!({
            "channels": {
                self.forum.to_string(): {"id": self.forum.to_string(), "name": "werewolf", "type": 15, "permissions": "0"},
                self.log.to_string(): {"id": self.log.to_string(), "name": "judge-log", "type": 0, "permissions": "0"},
            },
            "roles": {JUDGE_ROLE.to_string(): {"id": JUDGE_ROLE.to_string(), "name": "法官", "color": 0, "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
                "hoist": false, "position": 1, "permissions": "0", "managed": false, "mentionable": true, "flags": 0}},
        });
        self.slash(
            self.judge,
            self.lobby,
            true,
            &["wolf", "setup"],
            &[
                ("forum", 7, json!(self.forum.to_string())),
                ("judge_role", 8, json!(JUDGE_ROLE.to_string())),
                ("log", 7, json!(self.log.to_string())),
            ],
            resolved,
        )
        .await
        .0
    }

    /// `/wolf new m32` and the sign-up post it made.
    async fn open_signup(&self) -> Msg {
        let answer = self
            .judge_says(
                self.lobby,
                &["wolf", "new"],
                &[("ruleset", 3, json!("m32"))],
            )
            .await;
        assert!(answer.contains("报名帖已发出"), "{answer}");
        self.fake
            .messages()
            .into_iter()
            .rev()
            .find(|m| matches!(self.fake.channel_kind(m.channel), Some(Kind::Post { .. })))
            .expect("a sign-up post in the forum")
    }

    /// Sets up, opens the sign-up, has all twelve join by button, and starts.
    async fn started(&self) -> (Msg, u64) {
        assert!(self.set_up().await.contains("设置完成"));
        let post = self.open_signup().await;
        for p in &self.players {
            let id = self.fake.click(*p, &post, &join_id(&post), &[], &[]);
            let a = self.fake.answer(id).await;
            assert!(a.contains("报名成功"), "{a}");
        }
        let a = self.judge_says(post.channel, &["wolf", "start"], &[]).await;
        assert!(a.contains("游戏已开始"), "{a}");
        self.settle().await;
        let thread = post.channel;
        (post, thread)
    }

    async fn game(&self) -> Game {
        let id = self.game_id().await;
        self.service.store.load(id).await.expect("the game loads")
    }

    async fn game_id(&self) -> i64 {
        sqlx::query_scalar::<_, i64>("SELECT id FROM games ORDER BY id DESC LIMIT 1")
            .fetch_one(&self.service.store.pool)
            .await
            .expect("a game")
    }

    /// Waits until every message is delivered.
    async fn settle(&self) {
        let pool = self.service.store.pool.clone();
        for _ in 0..1500 {
            let left: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL",
            )
            .fetch_one(&pool)
            .await
            .expect("count the outbox");
            if left == 0 {
                return;
            }
            tokio::time::sleep(StdDuration::from_millis(20)).await;
        }
        panic!("the outbox did not drain");
    }

    /// Moves the clock past the next deadline and waits for the game to move on.
    async fn pass_deadline(&self) {
        let g = self.game().await;
        let Some(due) = g.next_deadline() else {
            return;
        };
        let before = self
            .service
            .store
            .events(self.game_id().await)
            .await
            .map(|e| e.len())
            .unwrap_or(0);
        self.clock.set(due + Duration::seconds(1));
        for _ in 0..1500 {
            let now = self
                .service
                .store
                .events(self.game_id().await)
                .await
                .map(|e| e.len())
                .unwrap_or(0);
            if now > before {
                self.settle().await;
                return;
            }
            tokio::time::sleep(StdDuration::from_millis(20)).await;
        }
        panic!("the deadline at {due} did not fire");
    }

    fn user_of(&self, g: &Game, c: CharId) -> u64 {
        let name = &g.ch(c).name;
        let i = NAMES.iter().position(|n| n == name).expect("a known name");
        self.players[i]
    }

    /// The latest DM to `user` offering `choice`.
    fn prompt(&self, user: u64, choice: &str) -> Option<Msg> {
        self.fake.dms_to(user).into_iter().rev().find(|m| {
            component_ids(m)
                .iter()
                .any(|id| id.ends_with(&format!(":{choice}")))
        })
    }

    /// Picks `target` in the `choice` menu of the latest prompt, returning the answer.
    async fn pick(&self, user: u64, choice: &str, target: CharId) -> String {
        let m = self
            .prompt(user, choice)
            .unwrap_or_else(|| panic!("a {choice} prompt for {user}"));
        let id = component_ids(&m)
            .into_iter()
            .find(|i| i.ends_with(&format!(":{choice}")))
            .expect("the component");
        let seat = target.0.to_string();
        let i = self.fake.click(user, &m, &id, &[seat.as_str()], &[]);
        let r = self.fake.response(i).await;
        if r["type"] == json!(9) {
            // The kill's reason, in the modal it opened.
            let modal = r["data"]["custom_id"]
                .as_str()
                .expect("a modal id")
                .to_string();
            let i = self
                .fake
                .submit_modal(user, m.channel, &modal, "reason", "刀你");
            return self.fake.answer(i).await;
        }
        r["data"]["content"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    async fn press(&self, user: u64, choice: &str) -> String {
        let m = self
            .prompt(user, choice)
            .unwrap_or_else(|| panic!("a {choice} button for {user}"));
        let id = component_ids(&m)
            .into_iter()
            .find(|i| i.ends_with(&format!(":{choice}")))
            .expect("the button");
        let i = self.fake.click(user, &m, &id, &[], &[]);
        self.fake.answer(i).await
    }

    /// The current day's forum post.
    fn day_post(&self) -> u64 {
        self.fake
            .messages()
            .into_iter()
            .rev()
            .find_map(|m| match self.fake.channel_kind(m.channel) {
                Some(Kind::Post { name, .. }) if name.starts_with('第') => Some(m.channel),
                _ => None,
            })
            .expect("a day post")
    }
}

fn join_id(post: &Msg) -> String {
    component_ids(post)
        .into_iter()
        .find(|i| i.ends_with(":join"))
        .expect("a Join button")
}

fn component_ids(m: &Msg) -> Vec<String> {
    let mut out = Vec::new();
    for row in m.components.as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = c["custom_id"].as_str() {
                out.push(id.to_string());
            }
        }
    }
    out
}

fn lowest(g: &Game, f: impl Fn(Role) -> bool) -> Option<CharId> {
    g.living().into_iter().find(|c| f(g.ch(*c).role))
}

/// Plays one night through the DM prompts: leader vote, kills with reasons, the leader's
/// pick, the seer's check, the witch (a save on night 1, else no potion).
async fn play_night(w: &mut World, restart: bool) {
    let g = w.game().await;
    let wolves = g.living_with(|r| r == Role::Wolf);
    let victim = lowest(&g, |r| r == Role::Villager).expect("a villager to kill");
    if g.ruleset.options.wolf_leader && g.leader.is_none() {
        for wolf in &wolves {
            let a = w.pick(w.user_of(&g, *wolf), "leader", wolves[0]).await;
            assert!(a.contains("已记录"), "leader vote: {a}");
        }
        w.settle().await;
    }
    for wolf in &wolves {
        let a = w.pick(w.user_of(&g, *wolf), "kill", victim).await;
        assert!(a.contains("已记录"), "kill: {a}");
    }
    w.settle().await;
    let g = w.game().await;
    if let Some(leader) = g.leader.filter(|l| g.is_alive(*l)) {
        if g.night.as_ref().is_some_and(|n| n.kill.is_none()) {
            let a = w.pick(w.user_of(&g, leader), "pick", victim).await;
            assert!(a.contains("已记录"), "pick: {a}");
            // A second press answers with what was recorded.
            let again = w.pick(w.user_of(&g, leader), "pick", victim).await;
            assert!(
                again.contains("已记录：你选定了今晚刀"),
                "a second press: {again}"
            );
        }
    }
    if let Some(seer) = g.holder(Role::Seer).filter(|s| g.is_alive(*s)) {
        let target = g
            .living()
            .into_iter()
            .find(|c| *c != seer)
            .expect("someone");
        let a = w.pick(w.user_of(&g, seer), "check", target).await;
        assert!(a.contains("已记录"), "check: {a}");
    }
    w.settle().await;
    if restart {
        // Mid-night: the witch has her prompt from this bot, the deadline has not come.
        let before = w.game().await;
        let connections = w.fake.connections();
        w.restart().await;
        assert_eq!(w.game().await, before, "nothing lost over the restart");
        assert!(w.fake.connections() > connections);
    }
    let g = w.game().await;
    if let Some(witch) = g.holder(Role::Witch).filter(|c| g.is_alive(*c)) {
        let user = w.user_of(&g, witch);
        if w.prompt(user, "pass").is_some() {
            let a = if g.antidote && g.night.as_ref().is_some_and(|n| n.night == 1) {
                w.press(user, "save").await
            } else {
                w.press(user, "pass").await
            };
            assert!(a.contains("已记录"), "witch: {a}");
            // A second press is answered (the night may already be over, when she was last).
            let again = w.press(user, "pass").await;
            assert!(!again.is_empty());
        }
    }
}

/// Everyone votes: the village for the lowest living wolf, the wolves for the lowest living
/// villager.
async fn play_day(w: &World) {
    let g = w.game().await;
    let thread = w.day_post();
    let wolf = lowest(&g, |r| r == Role::Wolf);
    let villager = lowest(&g, |r| r != Role::Wolf);
    let voters: Vec<CharId> = match g.day.as_ref() {
        Some(d) if d.round > 0 && !d.voters.is_empty() => d.voters.clone(),
        _ => g.living(),
    };
    // Everyone talks (at least five posts a day, or the lurking rule cards them).
    let before = w
        .game()
        .await
        .chars
        .iter()
        .map(|c| c.posts.values().sum::<u32>())
        .sum::<u32>();
    let living = g.living();
    for c in &living {
        for k in 0..5 {
            w.fake
                .post(w.user_of(&g, *c), thread, &format!("第{k}条发言"));
        }
    }
    let want = before + 5 * living.len() as u32;
    for _ in 0..500 {
        let now: u32 = w
            .game()
            .await
            .chars
            .iter()
            .map(|c| c.posts.values().sum::<u32>())
            .sum();
        if now >= want {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    for c in voters {
        let target = if g.ch(c).role == Role::Wolf {
            villager
        } else {
            wolf
        };
        let Some(target) = target.filter(|t| *t != c) else {
            continue;
        };
        let a = w
            .say(
                w.user_of(&g, c),
                thread,
                &["vote"],
                &[
                    ("target", 3, json!(g.ch(target).name)),
                    ("reason", 3, json!("发言有问题")),
                ],
            )
            .await;
        assert!(a.contains("已记录"), "vote by {}: {a}", g.ch(c).name);
    }
}

/// Answers open death decisions from their DM prompts.
async fn play_decisions(w: &World) {
    let g = w.game().await;
    for p in g.pending.clone() {
        let user = w.user_of(&g, p.character);
        let a = match p.kind {
            wolfjudge::engine::event::DecisionKind::Shoot => w.press(user, "hold").await,
            wolfjudge::engine::event::DecisionKind::Badge => {
                let to = g
                    .living()
                    .into_iter()
                    .find(|c| *c != p.character)
                    .expect("someone");
                w.pick(user, "badge", to).await
            }
            wolfjudge::engine::event::DecisionKind::Leader => {
                let to = g
                    .living_with(|r| r == Role::Wolf)
                    .into_iter()
                    .find(|c| *c != p.character);
                match to {
                    Some(to) => w.pick(user, "lead", to).await,
                    None => continue,
                }
            }
        };
        assert!(!a.is_empty());
    }
    w.settle().await;
}

#[sqlx::test(migrations = "./migrations")]
async fn a_whole_m32_game_through_discord(pool: PgPool) {
    let mut w = World::new(pool).await;

    // Commands are registered with Chinese names.
    let vote = w
        .fake
        .commands()
        .into_iter()
        .find(|c| c["name"] == "vote")
        .expect("/vote registered");
    assert_eq!(vote["name_localizations"]["zh-CN"], json!("投票"));

    let (_post, signup_thread) = w.started().await;
    let g = w.game().await;
    assert_eq!(g.chars.len(), 12);

    // Every role went by DM to its own player, and to nobody else.
    for c in g.ids() {
        let user = w.user_of(&g, c);
        let role = role_name(g.ch(c).role, Lang::Zh);
        let dms = w.fake.dms_to(user);
        let told: Vec<&Msg> = dms
            .iter()
            .filter(|m| m.content.contains("你的身份是【"))
            .collect();
        assert_eq!(told.len(), 1, "{} got one role DM: {dms:#?}", g.ch(c).name);
        assert!(
            told[0].content.contains(&role),
            "{}: {}",
            role,
            told[0].content
        );
        if g.ch(c).role == Role::Wolf {
            for mate in g.living_with(|r| r == Role::Wolf) {
                assert!(told[0].content.contains(&g.ch(mate).name) || mate == c);
            }
        }
    }
    assert!(w.fake.dms_to(w.outsider).is_empty());
    assert!(w.fake.dms_to(w.judge).is_empty());
    // The seed's commitment is published in the sign-up post before anything random.
    assert!(w
        .fake
        .messages()
        .iter()
        .any(|m| m.channel == signup_thread && m.content.contains(&g.commitment)));

    let mut restarted = false;
    let mut carded = false;
    for _ in 0..60 {
        let g = w.game().await;
        if g.ended() {
            break;
        }
        if !g.pending.is_empty() {
            play_decisions(&w).await;
            if !w.game().await.pending.is_empty() {
                w.pass_deadline().await;
            }
            continue;
        }
        match g.phase {
            Phase::Day { .. } => {
                if !carded && g.last_day >= 2 {
                    let thread = w.day_post();
                    let target = g.living()[0];
                    let name = g.ch(target).name.clone();
                    let options = [
                        ("target", 3, json!(name)),
                        ("color", 4, json!(1)),
                        ("reason", 3, json!("潜水")),
                    ];
                    let refused = w
                        .say(w.outsider, thread, &["judge", "card"], &options)
                        .await;
                    assert!(refused.contains("只有拥有本服务器法官身份组"), "{refused}");
                    let ok = w.judge_says(thread, &["judge", "card"], &options).await;
                    assert!(ok.contains("已给"), "{ok}");
                    w.settle().await;
                    assert_eq!(w.game().await.ch(target).cards.yellow, 1);
                    // The judge's use is in the judge's log.
                    assert!(w
                        .fake
                        .messages()
                        .iter()
                        .any(|m| m.channel == w.log && m.content.contains("/judge card")));
                    carded = true;
                }
                play_day(&w).await;
                w.pass_deadline().await;
            }
            Phase::Night { .. } => {
                let night = g.phase;
                play_night(&mut w, !restarted).await;
                restarted = true;
                if w.game().await.phase == night {
                    w.pass_deadline().await;
                }
            }
            Phase::Setup | Phase::Ended => w.pass_deadline().await,
        }
    }
    w.settle().await;
    let g = w.game().await;
    assert!(g.ended(), "the game reached a result: {:?}", g.phase);
    assert!(
        restarted && carded,
        "restarted {restarted}, carded {carded}, {:?} day {}: {:#?}",
        g.winner,
        g.last_day,
        w.fake
            .messages()
            .iter()
            .filter(|m| matches!(w.fake.channel_kind(m.channel), Some(Kind::Post { .. })))
            .map(|m| m.content.clone())
            .collect::<Vec<_>>()
    );

    // The reveal is public and holds the seed.
    let public: Vec<Msg> = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| matches!(w.fake.channel_kind(m.channel), Some(Kind::Post { .. })))
        .collect();
    let reveal_at = public
        .iter()
        .position(|m| m.content.contains("【揭秘】"))
        .expect("a public reveal");
    assert!(
        public[reveal_at..]
            .iter()
            .any(|m| m.content.contains(&format!("随机种子：{}", g.seed))),
        "the reveal gives the seed"
    );

    // No public message before the reveal states a living character's role.
    let alive_at_end: Vec<CharId> = g.living();
    for m in &public[..reveal_at] {
        for line in m.content.lines() {
            for c in &alive_at_end {
                let name = &g.ch(*c).name;
                let role = role_name(g.ch(*c).role, Lang::Zh);
                assert!(
                    !(line.contains(name.as_str()) && line.contains(&role)),
                    "public line names {name}'s role: {line}"
                );
            }
        }
    }
    // Every DM went to the right player: prompts only to the roles they are for.
    for c in g.ids() {
        let user = w.user_of(&g, c);
        let role = g.ch(c).role;
        for m in w.fake.dms_to(user) {
            for id in component_ids(&m) {
                let ok = match id.rsplit(':').next().unwrap_or("") {
                    "leader" | "kill" | "pick" | "lead" => role == Role::Wolf,
                    "check" => role == Role::Seer,
                    "save" | "poison" | "pass" => role == Role::Witch,
                    "shoot" | "hold" => role == Role::Hunter,
                    "badge" => true,
                    other => panic!("unknown component {other}"),
                };
                assert!(ok, "{id} went to {} ({role:?})", g.ch(c).name);
            }
        }
    }
    // Day posts are forum posts titled by day.
    assert!(public.iter().any(|m| matches!(w.fake.channel_kind(m.channel), Some(Kind::Post { name, .. }) if name == "第1天")));
    // Every message the outbox sent carried a nonce Discord accepts, enforced, so a retried
    // send shows once; and no message was longer than Discord allows.
    let sends: Vec<_> = w
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .collect();
    let day_posts = w
        .fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/threads"))
        .count() as i64
        - 1;
    let with_nonce = sends.iter().filter(|c| c.body["nonce"].is_string()).count();
    let delivered: i64 =
        sqlx::query_scalar("SELECT count(*) FROM outbox WHERE delivered_at IS NOT NULL")
            .fetch_one(&w.service.store.pool)
            .await
            .expect("count");
    assert!(
        with_nonce as i64 >= delivered - day_posts,
        "{with_nonce} sends with a nonce, {delivered} delivered"
    );
    for c in &sends {
        if let Some(n) = c.body["nonce"].as_str() {
            assert!(
                n.len() <= 25 && c.body["enforce_nonce"] == json!(true),
                "{:?}",
                c.body
            );
        }
        let len = c.body["content"].as_str().map_or(0, |t| t.chars().count());
        assert!(len <= 2000, "a message of {len} characters");
    }
    // Nothing failed to send.
    let failed: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE failed_at IS NOT NULL")
        .fetch_one(&w.service.store.pool)
        .await
        .expect("count");
    assert_eq!(failed, 0);

    // The reveal gives the one-line check, with the commitment published at the start.
    let verify_line = format!("wolfjudge verify game.json --commitment {}", g.commitment);
    assert!(
        public[reveal_at..]
            .iter()
            .any(|m| m.content.contains(&verify_line)),
        "the reveal says how to verify"
    );
    // The judge exports the game: the script and its report as files only they see; the
    // script replays, through the engine alone, to the game the bot played.
    let id = w.game_id().await;
    let thread = w.day_post();
    let (text, r) = w
        .slash(w.judge, thread, true, &["judge", "export"], &[], json!({}))
        .await;
    assert_eq!(r["data"]["flags"], json!(64), "only the judge sees it: {r}");
    let files: Vec<&str> = r["data"]["attachments"]
        .as_array()
        .map(|a| a.iter().filter_map(|f| f["filename"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(
        files,
        [format!("game-{id}.json"), format!("game-{id}.report.json")]
    );
    assert!(
        text.contains("wolfjudge verify") && !text.contains("警告"),
        "{text}"
    );
    let refused = w.say(w.outsider, thread, &["judge", "export"], &[]).await;
    assert!(refused.contains("只有拥有本服务器法官身份组"), "{refused}");
    let export = w.service.store.export(id).await.expect("the game exports");
    assert!(export.mismatches.is_empty(), "{:?}", export.mismatches);
    let text = serde_json::to_string(&export.script).expect("the script as JSON");
    let script = wolfjudge::script::Script::parse(&text).expect("the exported script parses");
    let run = wolfjudge::script::run(&script, Lang::Zh).expect("it runs");
    assert_eq!(run.game.winner, g.winner);
    assert_eq!(run.game.eliminations, g.eliminations);
    assert!(
        run.report.steps.iter().any(|s| !s.ok),
        "refusals are replayed too"
    );
    let _ = GUILD;
}

#[sqlx::test(migrations = "./migrations")]
async fn setup_and_sign_up_refusals_say_what_to_do(pool: PgPool) {
    let w = World::new(pool).await;
    let a = w
        .judge_says(w.lobby, &["wolf", "new"], &[("ruleset", 3, json!("m32"))])
        .await;
    assert!(a.contains("还没有设置游戏论坛"), "before setup: {a}");
    assert!(w.set_up().await.contains("设置完成"));
    let a = w
        .say(
            w.outsider,
            w.lobby,
            &["wolf", "new"],
            &[("ruleset", 3, json!("m32"))],
        )
        .await;
    assert!(
        a.contains("只有拥有本服务器法官身份组"),
        "not the judge: {a}"
    );
    let a = w
        .judge_says(w.lobby, &["wolf", "new"], &[("ruleset", 3, json!("m99"))])
        .await;
    assert!(a.contains("没有名为\"m99\"的规则"), "unknown ruleset: {a}");
    let posts_before = w.fake.messages().len();
    let post = w.open_signup().await;
    assert!(w.fake.messages().len() > posts_before);

    for p in &w.players[..3] {
        let a = w.say(*p, post.channel, &["join"], &[]).await;
        assert!(a.contains("报名成功"), "{a}");
    }
    let a = w.say(w.players[0], post.channel, &["join"], &[]).await;
    assert!(a.contains("已经报名"), "twice: {a}");
    let a = w.say(w.players[5], post.channel, &["leave"], &[]).await;
    assert!(a.contains("还没有报名"), "not joined: {a}");
    // The sign-up post shows the live count.
    let shown = w
        .fake
        .messages()
        .into_iter()
        .find(|m| m.id == post.id)
        .expect("the sign-up post");
    assert!(shown.content.contains("已报名：3 人"), "{}", shown.content);

    let a = w
        .say(w.outsider, post.channel, &["wolf", "start"], &[])
        .await;
    assert!(a.contains("只有拥有本服务器法官身份组"), "{a}");
    let a = w.judge_says(post.channel, &["wolf", "start"], &[]).await;
    assert!(a.contains("3 人无法进行 m32"), "too few: {a}");
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
        .fetch_one(&w.service.store.pool)
        .await
        .expect("count");
    assert_eq!(games, 0, "a refused start creates nothing");

    // A member whose DMs are closed is told in the sign-up post; the judge is warned.
    let closed = w.players[4];
    w.fake.close_dms(closed);
    let i = w.fake.click(closed, &post, &join_id(&post), &[], &[]);
    assert!(w.fake.answer(i).await.contains("报名成功"));
    let mention = format!("<@{closed}>");
    let msgs = w.fake.messages();
    assert!(msgs.iter().any(|m| m.channel == post.channel
        && m.content.contains(&mention)
        && m.content.contains("无法私信你")));
    assert!(msgs
        .iter()
        .any(|m| m.channel == w.log && m.content.contains(&mention)));
}

#[sqlx::test(migrations = "./migrations")]
async fn player_and_judge_command_refusals(pool: PgPool) {
    let w = World::new(pool).await;
    w.started().await;
    let g = w.game().await;
    let thread = w.day_post();
    let a = w
        .say(
            w.outsider,
            thread,
            &["vote"],
            &[("target", 3, json!("Amber")), ("reason", 3, json!("x"))],
        )
        .await;
    assert!(a.contains("你没有参加这局游戏"), "not a player: {a}");
    let voter = w.players[0];
    let a = w
        .say(
            voter,
            thread,
            &["vote"],
            &[("target", 3, json!("Nobody")), ("reason", 3, json!("x"))],
        )
        .await;
    assert!(
        a.contains("\"Nobody\"不是本局的角色"),
        "unknown target: {a}"
    );
    let a = w.say(voter, thread, &["role"], &[]).await;
    let me = g.find("Amber").expect("Amber plays");
    assert!(
        a.contains(&role_name(g.ch(me).role, Lang::Zh)),
        "/role: {a}"
    );

    let vote_basil = [("target", 3, json!("Basil")), ("reason", 3, json!("x"))];
    let a = w.say(voter, thread, &["votes"], &[]).await;
    assert!(
        a.contains("第 1 天票型") && a.contains("警长的票算 1.5 票"),
        "/votes: {a}"
    );
    let a = w
        .say(
            voter,
            thread,
            &["treehole"],
            &[("text", 3, json!("Basil 是狼"))],
        )
        .await;
    assert!(a.contains("已记入你的树洞"), "{a}");

    // The judge pauses: votes wait; the clock does not run out the day.
    let a = w.say(voter, thread, &["judge", "pause"], &[]).await;
    assert!(a.contains("只有拥有本服务器法官身份组"), "{a}");
    assert!(w
        .judge_says(thread, &["judge", "pause"], &[])
        .await
        .contains("已暂停"));
    let a = w.say(voter, thread, &["vote"], &vote_basil).await;
    assert!(a.contains("法官已暂停游戏"), "paused: {a}");
    let due = g.next_deadline().expect("the day's close");
    w.clock.set(due + Duration::hours(2));
    tokio::time::sleep(StdDuration::from_millis(300)).await;
    assert!(
        matches!(w.game().await.phase, Phase::Day { .. }),
        "nothing fires while paused"
    );
    assert!(w
        .judge_says(thread, &["judge", "resume"], &[])
        .await
        .contains("已恢复"));
    let resumed = w.game().await;
    assert!(resumed.next_deadline().expect("a deadline") > due + Duration::hours(2));

    // At night, a vote is refused with the phase named.
    w.pass_deadline().await;
    let g = w.game().await;
    assert!(matches!(g.phase, Phase::Night { .. }), "{:?}", g.phase);
    let a = w.say(voter, thread, &["vote"], &vote_basil).await;
    assert!(a.contains("此时不能这样做"), "wrong phase: {a}");

    // The judge sees everything, privately; a player's /status shows no roles.
    let status = w.judge_says(thread, &["judge", "status"], &[]).await;
    for c in g.ids() {
        assert!(status.contains(&role_name(g.ch(c).role, Lang::Zh)));
    }
    let mine = w.say(voter, thread, &["status"], &[]).await;
    assert!(mine.contains("存活"), "{mine}");
    // A seer's check of a dead character is refused (the judge removes one first).
    let seer = g.holder(Role::Seer).expect("a seer");
    let out = g
        .living()
        .into_iter()
        .find(|c| *c != seer)
        .expect("someone");
    let a = w
        .judge_says(
            thread,
            &["judge", "remove"],
            &[
                ("target", 3, json!(g.ch(out).name)),
                ("reason", 3, json!("退出")),
            ],
        )
        .await;
    assert!(a.contains("已被移出"), "{a}");
    w.settle().await;
    let a = w.pick(w.user_of(&g, seer), "check", out).await;
    assert!(a.contains("已经出局，不能作为目标"), "dead target: {a}");

    // A substitute takes Amber over: the seat's DMs and commands are theirs from now on.
    let sub = w.outsider;
    let resolved = json!({"users": {sub.to_string(): {"id": sub.to_string(), "username": "Outsider", "discriminator": "0", "avatar": null}}});
    let (a, _) = w
        .slash(
            w.judge,
            thread,
            true,
            &["judge", "substitute"],
            &[
                ("target", 3, json!("Amber")),
                ("member", 6, json!(sub.to_string())),
            ],
            resolved,
        )
        .await;
    assert!(a.contains("现在接替 Amber"), "{a}");
    let a = w.say(sub, thread, &["role"], &[]).await;
    assert!(
        a.contains(&role_name(g.ch(me).role, Lang::Zh)),
        "the substitute's /role: {a}"
    );
    let a = w.say(voter, thread, &["role"], &[]).await;
    assert!(a.contains("你没有参加这局游戏"), "the replaced player: {a}");
    w.settle().await;
    // The tree-hole note was never shown to anyone.
    assert!(!w
        .fake
        .messages()
        .iter()
        .any(|m| m.content.contains("Basil 是狼")));
}

#[test]
fn run_without_a_token_says_what_to_set() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wolfjudge"))
        .args(["run", "--config", "config/wolfjudge.toml"])
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("run wolfjudge");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
    assert!(err.contains("discord.com/developers/applications"), "{err}");
}
