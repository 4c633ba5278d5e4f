//! The `World` of the Discord end-to-end tests: a server on the fake Discord of
//! `fake_discord.rs` (a forum, a log channel, a judge, twelve players and an outsider), the
//! bot running against it over real Postgres and a virtual clock, and helpers to use slash
//! commands, press buttons and wait for the outbox. Included with `#[path]` by each test
//! crate next to `fake_discord.rs`; each uses some of it.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration as StdDuration;

use chrono::{Duration, TimeZone, Utc};
use serde_json::{json, Value};
use sqlx::PgPool;

use super::catalog::{says, says_with};
use super::fake_discord::{FakeDiscord, Kind, Msg};
use wolfjudge::discord::{self, Bot};
use wolfjudge::engine::{CharId, Game};
use wolfjudge::service::clock::VirtualClock;
use wolfjudge::service::{GameId, Service};
use wolfjudge::store::Store;

pub const JUDGE_ROLE: u64 = 700_000_000_000_000_001;
/// ADMINISTRATOR | MANAGE_GUILD
pub const ADMIN: u64 = 0x8 | 0x20;
pub const NAMES: [&str; 12] = [
    "Amber", "Basil", "Cedar", "Dahlia", "Ember", "Fennel", "Ginger", "Hazel", "Iris", "Juniper",
    "Kale", "Laurel",
];

/// A server with a forum, a log channel, a judge, twelve players, an outsider and a
/// would-be substitute, and the bot running against it.
pub struct World {
    pub fake: FakeDiscord,
    pub clock: VirtualClock,
    pub service: Service,
    pub bot: Option<Bot>,
    pub forum: u64,
    pub log: u64,
    pub lobby: u64,
    pub judge: u64,
    pub players: Vec<u64>,
    pub outsider: u64,
    /// Whether the bot asks for the Server Members intent when it (re)boots.
    pub members_intent: bool,
    /// How often the bot may redraw a vote count when it (re)boots: at every vote unless
    /// a test checks the redraws' pace.
    pub count_every: StdDuration,
}

pub fn tracing() {
    // Interactions serenity cannot parse are only reported through tracing.
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "warn,serenity=error,wolfjudge=info".into());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_test_writer()
        .try_init();
}

/// At the end of every test with a world, the fake must have seen no request Discord would
/// refuse: the test fails naming each (operation, field, what was wrong).
impl Drop for World {
    fn drop(&mut self) {
        self.fake.record_stats();
        if !std::thread::panicking() {
            self.fake.assert_no_violations();
        }
    }
}

impl World {
    pub async fn new(pool: PgPool) -> World {
        let names: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
        World::with_names(pool, &names).await
    }

    /// A world whose players have these display names (one player each).
    pub async fn with_names(pool: PgPool, names: &[String]) -> World {
        World::configured(pool, names, BTreeMap::new()).await
    }

    /// A world whose bot paces no posts ([`unpaced`]).
    pub async fn unpaced(pool: PgPool) -> World {
        World::with_overrides(pool, unpaced(Default::default())).await
    }

    /// A world whose bot overrides ruleset options as its configuration may (e.g.
    /// `m32.wolf_chat = true`).
    pub async fn with_overrides(pool: PgPool, overrides: wolfjudge::service::Overrides) -> World {
        let names: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
        World::configured(pool, &names, overrides).await
    }

    async fn configured(
        pool: PgPool,
        names: &[String],
        overrides: wolfjudge::service::Overrides,
    ) -> World {
        tracing();
        let fake = FakeDiscord::start().await;
        let forum = fake.add_channel(Kind::Forum);
        let log = fake.add_channel(Kind::Text);
        let lobby = fake.add_channel(Kind::Text);
        let judge = fake.new_id();
        fake.name_user(judge, "Judge");
        let players: Vec<u64> = names
            .iter()
            .map(|n| {
                let id = fake.new_id();
                fake.name_user(id, n);
                id
            })
            .collect();
        let outsider = fake.new_id();
        fake.name_user(outsider, "Outsider");
        fake.add_role(JUDGE_ROLE, "法官");
        let clock = VirtualClock::new(Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap());
        let service = Service::new(
            Store::new(pool),
            Arc::new(clock.clone()),
            overrides,
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
            members_intent: true,
            count_every: StdDuration::ZERO,
        };
        w.boot().await;
        w
    }

    /// Starts the bot and waits until it is connected and its commands are registered.
    pub async fn boot(&mut self) {
        // A new process: it knows none of the rate-limit answers given to the one before.
        self.fake.new_client();
        let before = self.fake.connections();
        let registered = self
            .fake
            .calls()
            .iter()
            .filter(|c| c.method == "PUT" && c.path.ends_with("/commands"))
            .count();
        let opts = discord::Options {
            token: "test-token".into(),
            proxy: Some(self.fake.endpoint()),
            poll: StdDuration::from_millis(25),
            worker: format!("bot-{before}"),
            gateway: Some(discord::Shards::ALL),
            run_worker: true,
            members_intent: self.members_intent,
            // Every post shows in the index at once (the minute between redraws is
            // checked on its own).
            index_every: StdDuration::ZERO,
            count_every: self.count_every,
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
    pub async fn restart(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.stop().await;
        }
        self.boot().await;
    }

    /// Uses a slash command and returns the bot's (ephemeral) answer and its callback body.
    #[allow(clippy::too_many_arguments)]
    pub async fn slash(
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
        // The callback's text, or the deferred answer's.
        (self.fake.answer(id).await, r)
    }

    pub async fn say(
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

    pub async fn judge_says(
        &self,
        channel: u64,
        path: &[&str],
        options: &[(&str, u8, Value)],
    ) -> String {
        self.slash(self.judge, channel, true, path, options, json!({}))
            .await
            .0
    }

    /// `/wolf-setup` by the judge (an administrator).
    pub async fn set_up(&self) -> String {
        self.set_up_with(&[]).await.0
    }

    /// `/wolf-setup` with `extra` options besides the forum, the role and the log: the
    /// answer's text and the whole response.
    pub async fn set_up_with(&self, extra: &[(&str, u8, Value)]) -> (String, Value) {
        self.set_up_in("zh-CN", extra).await
    }

    /// [`World::set_up_with`] from a client in `locale`.
    pub async fn set_up_in(&self, locale: &str, extra: &[(&str, u8, Value)]) -> (String, Value) {
        let resolved = json!({
            "channels": {
                self.forum.to_string(): {"id": self.forum.to_string(), "name": "werewolf", "type": 15, "permissions": "0"},
                self.log.to_string(): {"id": self.log.to_string(), "name": "judge-log", "type": 0, "permissions": "0"},
                self.lobby.to_string(): {"id": self.lobby.to_string(), "name": "lobby", "type": 0, "permissions": "0"},
            },
            "roles": {JUDGE_ROLE.to_string(): {"id": JUDGE_ROLE.to_string(), "name": "法官", "color": 0, "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
                "hoist": false, "position": 1, "permissions": "0", "managed": false, "mentionable": true, "flags": 0}},
        });
        let options = [
            &[
                ("forum", 7, json!(self.forum.to_string())),
                ("judge_role", 8, json!(JUDGE_ROLE.to_string())),
                ("log", 7, json!(self.log.to_string())),
            ],
            extra,
        ]
        .concat();
        let id = self.fake.slash(
            self.judge,
            self.lobby,
            &[JUDGE_ROLE],
            ADMIN,
            locale,
            &["wolf-setup"],
            &options,
            resolved,
        );
        let r = self.fake.response(id).await;
        (self.fake.answer(id).await, r)
    }

    /// `/wolf new m32` and the sign-up post it made.
    pub async fn open_signup(&self) -> Msg {
        self.open_signup_with(&[("ruleset", 3, json!("m32"))]).await
    }

    /// `/wolf new` with `options` and the sign-up post it made.
    pub async fn open_signup_with(&self, options: &[(&str, u8, Value)]) -> Msg {
        let answer = self.judge_says(self.lobby, &["wolf", "new"], options).await;
        assert!(says(&answer, "ok-signup-opened"), "{answer}");
        self.fake
            .messages()
            .into_iter()
            .rev()
            .find(|m| matches!(self.fake.channel_kind(m.channel), Some(Kind::Post { .. })))
            .expect("a sign-up post in the forum")
    }

    /// Sets up, opens the sign-up, has all twelve join by button, and starts.
    pub async fn started(&self) -> (Msg, u64) {
        self.started_with(&[("ruleset", 3, json!("m32"))]).await
    }

    /// As [`World::started`], with `/wolf new`'s `options`.
    pub async fn started_with(&self, options: &[(&str, u8, Value)]) -> (Msg, u64) {
        assert!(says(&self.set_up().await, "ok-setup"));
        self.sign_up_and_start(options).await
    }

    /// On a server set up already: opens a sign-up with `/wolf new`'s `options`, has all
    /// twelve join by button, and starts.
    pub async fn sign_up_and_start(&self, options: &[(&str, u8, Value)]) -> (Msg, u64) {
        self.sign_up_and_start_in("zh-CN", options).await
    }

    /// As [`World::sign_up_and_start`], the players joining from clients in `locale`.
    pub async fn sign_up_and_start_in(
        &self,
        locale: &str,
        options: &[(&str, u8, Value)],
    ) -> (Msg, u64) {
        let post = self.open_signup_with(options).await;
        self.join_all_in(locale, &post).await;
        let a = self.judge_says(post.channel, &["wolf", "start"], &[]).await;
        assert!(says(&a, "ok-started"), "{a}");
        self.settle().await;
        let thread = post.channel;
        (post, thread)
    }

    /// All twelve players press Join on the sign-up `post`, each told they joined.
    pub async fn join_all(&self, post: &Msg) {
        self.join_all_in("zh-CN", post).await;
    }

    /// As [`World::join_all`], from clients in `locale`, each told in its language.
    pub async fn join_all_in(&self, locale: &str, post: &Msg) {
        let lang = discord::locale_lang(Some(locale));
        // A press is answered before the post's edit (5 edits per 5 s a channel), so joins
        // in a burst are all answered in time (`thirty_joins_in_a_second_…`).
        for p in &self.players {
            let id = self
                .fake
                .click_in(locale, *p, post, &join_id(post), &[], &[]);
            let a = self.fake.answer(id).await;
            assert!(says_with(&a, lang, "ok-joined", &[]), "{a}");
        }
    }

    pub async fn game(&self) -> Game {
        let id = self.game_id().await;
        self.service
            .store()
            .load(GameId(id))
            .await
            .expect("the game loads")
    }

    pub async fn game_id(&self) -> i64 {
        sqlx::query_scalar::<_, i64>("SELECT id FROM games ORDER BY id DESC LIMIT 1")
            .fetch_one(self.service.store().pool())
            .await
            .expect("a game")
    }

    /// Waits until every message is delivered.
    pub async fn settle(&self) {
        let pool = self.service.store().pool().clone();
        // Two minutes: under Discord's limits (5 messages per 5 s a channel) a night's
        // messages take a while.
        for _ in 0..6000 {
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
        let stuck: Vec<(String, Option<String>, i32)> = sqlx::query_as(
            "SELECT channel, last_error, attempts FROM outbox \
             WHERE delivered_at IS NULL AND failed_at IS NULL ORDER BY id LIMIT 5",
        )
        .fetch_all(&pool)
        .await
        .unwrap_or_default();
        panic!(
            "the outbox did not drain: {stuck:?}; refused requests: {:#?}",
            self.fake.violations()
        );
    }

    /// How many events the latest game has.
    pub async fn event_count(&self) -> usize {
        self.service
            .store()
            .events(GameId(self.game_id().await))
            .await
            .map(|e| e.len())
            .unwrap_or(0)
    }

    /// Moves the clock past the next deadline and waits for the game to move on.
    pub async fn pass_deadline(&self) {
        let g = self.game().await;
        let Some(due) = g.next_deadline() else {
            return;
        };
        let before = self.event_count().await;
        self.clock.set(due + Duration::seconds(1));
        for _ in 0..1500 {
            if self.event_count().await > before {
                self.settle().await;
                return;
            }
            tokio::time::sleep(StdDuration::from_millis(20)).await;
        }
        panic!("the deadline at {due} did not fire");
    }

    /// The account playing `c` now.
    pub async fn user_of(&self, c: CharId) -> u64 {
        let game = GameId(self.game_id().await);
        let route = self.service.route(game).await.expect("the game's route");
        route.seats.get(&c.0).expect("a seated character").get()
    }

    /// The latest DM to `user` offering `choice`.
    pub fn prompt(&self, user: u64, choice: &str) -> Option<Msg> {
        self.fake.dms_to(user).into_iter().rev().find(|m| {
            component_ids(m)
                .iter()
                .any(|id| id.ends_with(&format!(":{choice}")))
        })
    }

    /// Picks `target` in the `choice` menu of the latest prompt, returning the answer.
    pub async fn pick(&self, user: u64, choice: &str, target: CharId) -> String {
        self.pick_in("zh-CN", user, choice, target).await
    }

    /// As [`World::pick`], from a client in `locale`.
    pub async fn pick_in(&self, locale: &str, user: u64, choice: &str, target: CharId) -> String {
        let m = self
            .prompt(user, choice)
            .unwrap_or_else(|| panic!("a {choice} prompt for {user}"));
        let id = component_ids(&m)
            .into_iter()
            .find(|i| i.ends_with(&format!(":{choice}")))
            .expect("the component");
        let seat = target.0.to_string();
        let i = self
            .fake
            .click_in(locale, user, &m, &id, &[seat.as_str()], &[]);
        let r = self.fake.response(i).await;
        if r["type"] == json!(9) {
            // The kill's reason, in the modal it opened.
            let modal = r["data"]["custom_id"]
                .as_str()
                .expect("a modal id")
                .to_string();
            let i = self
                .fake
                .submit_modal_in(locale, user, m.channel, &modal, "reason", "刀你");
            let answer = self.fake.answer(i).await;
            self.shown_in_prompt(&m, i, &answer).await;
            return answer;
        }
        let answer = r["data"]["content"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        self.shown_in_prompt(&m, i, &answer).await;
        answer
    }

    /// An accepted choice is answered by redrawing its prompt (UPDATE_MESSAGE): the prompt's
    /// message now reads as the answer, its text kept above what was chosen.
    async fn shown_in_prompt(&self, prompt: &Msg, interaction: u64, answer: &str) {
        if self.fake.response(interaction).await["type"] != json!(7) {
            return;
        }
        let now = self
            .fake
            .messages()
            .into_iter()
            .find(|x| x.id == prompt.id)
            .expect("the prompt's message");
        assert_eq!(now.content, answer, "the prompt shows the choice");
        let base = prompt.content.split("\n\n> ").next().unwrap_or_default();
        assert!(
            answer.starts_with(base),
            "the prompt's text is kept: {answer}"
        );
    }

    /// `user` picks `target` in a copy of `menu` (another seat's DM prompt offering
    /// `choice`, its custom id unchanged) sent in their own DM, from a client in `locale`: the
    /// callback, whatever it is (a modal, a message).
    pub async fn press_copy_in(
        &self,
        locale: &str,
        user: u64,
        menu: &Msg,
        choice: &str,
        target: CharId,
    ) -> Value {
        let id = component_ids(menu)
            .into_iter()
            .find(|i| i.ends_with(&format!(":{choice}")))
            .expect("the menu");
        let copy = Msg {
            channel: self.fake.dm_of(user).expect("the presser's DM"),
            ..menu.clone()
        };
        let seat = target.0.to_string();
        let i = self
            .fake
            .click_in(locale, user, &copy, &id, &[seat.as_str()], &[]);
        self.fake.response(i).await
    }

    pub async fn press(&self, user: u64, choice: &str) -> String {
        let m = self
            .prompt(user, choice)
            .unwrap_or_else(|| panic!("a {choice} button for {user}"));
        let id = component_ids(&m)
            .into_iter()
            .find(|i| i.ends_with(&format!(":{choice}")))
            .expect("the button");
        let i = self.fake.click(user, &m, &id, &[], &[]);
        let answer = self.fake.answer(i).await;
        self.shown_in_prompt(&m, i, &answer).await;
        answer
    }

    /// The current day's forum post.
    pub fn day_post(&self) -> u64 {
        self.fake
            .messages()
            .into_iter()
            .rev()
            .find_map(|m| match self.fake.channel_kind(m.channel) {
                Some(Kind::Post { name, .. }) if says(&name, "post-day-title") => Some(m.channel),
                _ => None,
            })
            .expect("a day post")
    }
}

/// `overrides` with the pace of posts off (`post_pace = 0`) on every board, as a bot's
/// configuration may set it: for tests whose members post in bursts no member could make
/// under the pace (Discord refuses a member's second message within a post's slow mode),
/// where what is tested is the counting, not the pace (`discord_flood` tests that).
pub fn unpaced(mut overrides: wolfjudge::service::Overrides) -> wolfjudge::service::Overrides {
    for board in ["m32", "mafia", "idiot", "guard", "wolf-king", "small"] {
        overrides
            .entry(board.to_string())
            .or_default()
            .insert("post_pace".to_string(), toml::Value::Integer(0));
    }
    overrides
}

/// Whether `answer` (a choice's, the prompt it was made in redrawn) shows `recorded` quoted
/// below the prompt's text.
pub fn chosen_in(answer: &str, recorded: &str) -> bool {
    answer.contains(&format!("\n\n> {recorded}"))
}

pub fn join_id(post: &Msg) -> String {
    component_ids(post)
        .into_iter()
        .find(|i| i.ends_with(":join"))
        .expect("a Join button")
}

pub fn component_ids(m: &Msg) -> Vec<String> {
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

/// Whether an interaction's response is ephemeral (only its user sees it).
pub fn ephemeral(r: &Value) -> bool {
    r["data"]["flags"].as_u64().unwrap_or(0) & 64 == 64
}

/// A user option's `resolved` part, as Discord sends it.
pub fn resolved_user(id: u64) -> Value {
    json!({"users": {id.to_string(): {"id": id.to_string(), "username": "m", "global_name": "m",
        "avatar": null, "discriminator": "0"}}})
}

impl World {
    /// The judge's log so far.
    pub fn judge_log(&self) -> Vec<String> {
        self.fake
            .messages()
            .into_iter()
            .filter(|m| m.channel == self.log)
            .map(|m| m.content)
            .collect()
    }

    /// `/judge end winner` in `thread`, answered, and the messages it causes delivered.
    pub async fn judge_end(&self, thread: u64, winner: &str) {
        let a = self
            .judge_says(thread, &["judge", "end"], &[("winner", 3, json!(winner))])
            .await;
        assert!(says(&a, "ok-ended"), "{a}");
        self.settle().await;
    }

    /// The sign-up `post` once the bot's edits make it show `needle`.
    pub async fn post_showing(&self, post: &Msg, needle: &str) -> String {
        let mut content = String::new();
        self.fake
            .wait_for("the sign-up post to change", 20, |f| {
                content = f
                    .messages()
                    .into_iter()
                    .find(|m| m.id == post.id)
                    .map(|m| m.content)
                    .unwrap_or_default();
                content.contains(needle)
            })
            .await;
        content
    }
}
