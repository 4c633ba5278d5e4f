//! Database outages. Each test starts a throwaway PostgreSQL cluster of its own (initdb and
//! pg_ctl from /usr/lib/postgresql/*/bin, a temporary data directory, trust auth, a free
//! port), so that it can stop it (`pg_ctl stop -m immediate`, as a crash or a restart would)
//! and start it again without touching the shared server.
//!
//! - `wolfjudge worker` and `wolfjudge run --no-gateway`, as child processes, outlive a
//!   restart: every deadline due meanwhile fires once, every message is delivered once, the
//!   process is still running, and the log has one line when the loops start failing and
//!   one when they recover.
//! - On the fake Discord: a post made while the database is down counts when it is back
//!   (retried); a command used meanwhile is answered within Discord's 3 s and says the
//!   database did not answer, never that nothing changed; and a post the gateway never
//!   delivered counts at the day's close, so its author gets no lurking card.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Proc, Stdio};
use std::sync::Arc;
use std::time::{Duration as StdDuration, Instant};
use wolfjudge::store::ids::GameId;

use chrono::{DateTime, Duration, SubsecRound, Utc};
use serde_json::json;
use sqlx::PgPool;
use wolfjudge::engine::card::CardReason;
use wolfjudge::engine::rng::Seed;
use wolfjudge::engine::{self, EventKind, Game, Phase, Ruleset, Setup};
use wolfjudge::i18n::{self, Lang};
use wolfjudge::service::Service;
use wolfjudge::store::outbox::OutMessage;
use wolfjudge::store::{self, Store};

use crate::common::discord_world::{self, join_id, World};
use crate::common::fake_discord::APP_ID;

/// A PostgreSQL cluster of the test's own, stopped and removed when dropped.
struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    /// PostgreSQL refuses to run as root: then its tools run as the `postgres` user.
    as_postgres: bool,
}

impl Cluster {
    /// Creates and starts one; `None` (saying why) when PostgreSQL's server binaries are not
    /// installed.
    fn start(name: &str) -> Option<Cluster> {
        let Some(bin) = server_binaries() else {
            eprintln!(
                "SKIPPED {name}: no PostgreSQL server binaries (initdb, pg_ctl) under \
                 /usr/lib/postgresql/*/bin; install the postgresql package to run it"
            );
            return None;
        };
        let root = Proc::new("id")
            .arg("-u")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
            .unwrap_or(false);
        let dir = std::env::temp_dir().join(format!("wolfjudge-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let c = Cluster {
            bin,
            dir,
            port,
            as_postgres: root,
        };
        if root {
            let chown = Proc::new("chown")
                .arg("postgres")
                .arg(&c.dir)
                .status()
                .expect("chown runs");
            assert!(chown.success(), "chown the data directory to postgres");
        }
        let data = c.dir.join("data");
        c.tool(
            "initdb",
            &[
                "-D",
                &data.display().to_string(),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        c.resume();
        Some(c)
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// One of PostgreSQL's tools, to run as `postgres` when the test runs as root.
    fn command(&self, tool: &str) -> Proc {
        let exe = self.bin.join(tool);
        if self.as_postgres {
            let mut c = Proc::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(exe);
            c
        } else {
            Proc::new(exe)
        }
    }

    /// Runs one of PostgreSQL's tools, failing the test if it fails.
    fn tool(&self, tool: &str, args: &[&str]) {
        let out = self
            .command(tool)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the tool runs");
        assert!(
            out.status.success(),
            "{tool} {args:?} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Starts the server and waits until it accepts connections.
    fn resume(&self) {
        let opts = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.display()
        );
        let data = self.dir.join("data").display().to_string();
        let log = self.dir.join("log").display().to_string();
        self.tool(
            "pg_ctl",
            &[
                "-D", &data, "-o", &opts, "-l", &log, "-w", "-t", "60", "start",
            ],
        );
    }

    /// Stops the server at once, as a crash would (no shutdown checkpoint; every
    /// connection cut).
    fn crash(&self) {
        let data = self.dir.join("data").display().to_string();
        self.tool("pg_ctl", &["-D", &data, "-m", "immediate", "-w", "stop"]);
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        let _ = self
            .command("pg_ctl")
            .arg("-D")
            .arg(&data)
            .args(["-m", "immediate", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The newest `/usr/lib/postgresql/<version>/bin` holding initdb and pg_ctl.
fn server_binaries() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let version: u32 = e.file_name().to_string_lossy().parse().ok()?;
            let bin = e.path().join("bin");
            (bin.join("initdb").exists() && bin.join("pg_ctl").exists()).then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin)
}

/// A child process killed when dropped (a failed assertion must not leave it running).
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// An M32 game of twelve whose day 1 closes at `closes` (without automatic cards: an idle
/// day would card everyone out).
pub(crate) fn game_closing_at(i: u64, closes: DateTime<Utc>) -> Setup {
    let options = BTreeMap::from([("auto_cards".to_string(), toml::Value::Boolean(false))]);
    let mut setup = Setup {
        ruleset: Ruleset::builtin("m32", &options).expect("m32 loads"),
        seed: Seed::U64(i),
        start: closes,
        characters: (b'A'..=b'L').map(|c| (c as char).to_string()).collect(),
        roles: None,
        forbidden_first_kill: None,
        players: None,
    };
    let events = engine::create(&setup).expect("the game sets up");
    let first = Game::replay(&events)
        .next_deadline()
        .expect("day 1 has a close");
    setup.start = closes - (first - setup.start);
    setup
}

/// Creates `n` such games, `{name}-{i}` of seed `i`, all closing at `closes`; their ids
/// in that order.
pub(crate) async fn games_closing_at(
    st: &Store,
    name: &str,
    n: u64,
    closes: DateTime<Utc>,
) -> Vec<i64> {
    let mut ids = Vec::new();
    for i in 0..n {
        let id = st
            .create_game(
                &format!("{name}-{i}"),
                &game_closing_at(i, closes),
                Lang::En,
            )
            .await
            .expect("created");
        ids.push(id);
    }
    ids
}

/// Waits until `done` holds (checking every 200 ms), at most `secs` seconds.
async fn wait_until<F, Fut>(what: &str, secs: u64, mut done: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let until = Instant::now() + StdDuration::from_secs(secs);
    while Instant::now() < until {
        if done().await {
            return;
        }
        tokio::time::sleep(StdDuration::from_millis(200)).await;
    }
    panic!("timed out waiting for {what}");
}

/// Counts of a query's one number, 0 while the database does not answer.
async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql)
        .fetch_one(pool)
        .await
        .unwrap_or(-1)
}

/// The messages a process appended to its delivery file.
fn delivered(file: &Path) -> Vec<OutMessage> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a delivered message"))
        .collect()
}

/// Runs the worker `args` start (given the database and a file to deliver to) over games
/// whose day 1 closes before, during and after a crash of the database, and checks what an
/// operator and the players would see.
async fn restart_under(name: &str, args: &[&str]) {
    let Some(cluster) = Cluster::start(name) else {
        return;
    };
    let url = cluster.url();
    let pool = store::connect(&url).await.expect("the cluster answers");
    let st = Store::new(pool.clone());
    // Day 1 of game i closes 4 + i/2 seconds from now: the first before the crash, most
    // during it, the last after it.
    const GAMES: u64 = 16;
    // To the microsecond, as the bot's clock gives it (PostgreSQL keeps no more).
    let t0 = Utc::now().trunc_subsecs(6);
    let mut games = Vec::new();
    for i in 0..GAMES {
        let closes = t0 + Duration::milliseconds(4000 + 500 * i as i64);
        let id = st
            .create_game(&format!("g{i}"), &game_closing_at(i, closes), Lang::En)
            .await
            .expect("created");
        games.push(id);
    }
    let file = cluster.dir.join("delivered.jsonl");
    let log = cluster.dir.join("child.log");
    let child = Proc::new(env!("CARGO_BIN_EXE_wolfjudge"))
        .args(args)
        .args(["--database-url", &url, "--deliver-to"])
        .arg(&file)
        .env_remove("RUST_LOG")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("a log file"))
        .spawn()
        .expect("the worker starts");
    let mut child = Running(child);
    let fired_ticks = "SELECT count(*) FROM deadlines WHERE kind = 'tick' AND fired_at IS NOT NULL";
    wait_until("the first day to close", 30, || async {
        count(&pool, fired_ticks).await >= 1
    })
    .await;
    let down = Utc::now();
    cluster.crash();
    tokio::time::sleep(StdDuration::from_secs(6)).await;
    let up = Utc::now();
    cluster.resume();
    assert!(
        child.0.try_wait().expect("the child's state").is_none(),
        "the worker exited during the outage; its log:\n{}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    // Everything due fires, everything written is delivered, after the database is back.
    let last = t0 + Duration::milliseconds(4000 + 500 * GAMES as i64);
    wait_until(
        "every day to close and every message to go out",
        90,
        || async {
            Utc::now() > last
                && count(&pool, fired_ticks).await == GAMES as i64
                && count(
                    &pool,
                    "SELECT count(*) FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL",
                )
                .await
                    == 0
        },
    )
    .await;
    assert!(
        child.0.try_wait().expect("the child's state").is_none(),
        "the worker is still running after the outage"
    );
    // Deadlines fell due while the database was down, and fired after it came back.
    let fired_after: Vec<(DateTime<Utc>, DateTime<Utc>)> = sqlx::query_as(
        "SELECT due_at, fired_at FROM deadlines WHERE kind = 'tick' AND fired_at IS NOT NULL",
    )
    .fetch_all(&pool)
    .await
    .expect("the deadlines");
    let during = fired_after
        .iter()
        .filter(|(due, fired)| *due > down && *due < up && *fired >= up)
        .count();
    assert!(
        during >= 3,
        "{during} day closes fell due during the outage ({down} to {up}): {fired_after:?}"
    );
    let unfired = count(
        &pool,
        "SELECT count(*) FROM deadlines WHERE fired_at IS NULL AND due_at <= now()",
    )
    .await;
    assert_eq!(unfired, 0, "a due deadline never fired");
    // Each fired once: one close of day 1's vote per game.
    for id in &games {
        let events = st.events(GameId(*id)).await.expect("events");
        let closes = events
            .iter()
            .filter(|e| {
                matches!(
                    e.kind,
                    EventKind::VoteClosed {
                        day: 1,
                        round: 0,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(closes, 1, "game {id}: day 1's vote closed {closes} times");
    }
    // Every message shown exactly once, none left behind or set aside.
    let shown = delivered(&file);
    let nonces: BTreeSet<&str> = shown.iter().map(|m| m.nonce.as_str()).collect();
    assert_eq!(nonces.len(), shown.len(), "a message was shown twice");
    // A moderation row (the living role at the deal) is no message: the file worker has
    // no roles, so it is done without showing anything.
    let rows: Vec<(String, bool, bool, bool)> = sqlx::query_as(
        "SELECT nonce, delivered_at IS NOT NULL, failed_at IS NOT NULL, \
         COALESCE(meta->'moderate', 'null') <> 'null' FROM outbox",
    )
    .fetch_all(&pool)
    .await
    .expect("the outbox");
    let messages = rows.iter().filter(|r| !r.3).count();
    assert_eq!(messages, shown.len(), "shown = written");
    for (nonce, done, failed, moderation) in &rows {
        assert!(
            *done && !failed,
            "{nonce}: delivered {done}, set aside {failed}"
        );
        assert!(
            *moderation || nonces.contains(nonce.as_str()),
            "{nonce} never shown"
        );
    }
    // The log says it once per outage, not once per try.
    let said = std::fs::read_to_string(&log).expect("the child's log");
    for task in ["deadlines", "outbox"] {
        for line in [
            format!("{task}: {}", runtime::outage::FAILING),
            format!("{task}: {}", runtime::outage::RECOVERED),
        ] {
            let n = said.lines().filter(|l| l.contains(&line)).count();
            assert_eq!(n, 1, "`{line}` logged {n} times:\n{said}");
        }
    }
    let alarms = said
        .lines()
        .filter(|l| l.contains(" WARN ") || l.contains(" ERROR "))
        .count();
    assert_eq!(
        alarms, 2,
        "only the two tasks' first failures alarm:\n{said}"
    );
    drop(child);
    pool.close().await;
}

/// `wolfjudge worker` outlives a crash of its database (README *Scaling* recommends it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_process_outlives_a_database_restart() {
    restart_under("worker-restart", &["worker", "--name", "w1"]).await;
}

/// `wolfjudge run --no-gateway` (the bot's own worker loops) outlives it too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_worker_outlives_a_database_restart() {
    let run = ["run", "--config", "config/wolfjudge.toml", "--no-gateway"];
    restart_under("run-restart", &run).await;
}

/// A world whose M32 games are not anonymous (members' own posts in the day post count,
/// and lurking cards are given at the close): the bot restarted with that override.
async fn open_world(pool: PgPool) -> World {
    let mut w = World::new(pool).await;
    if let Some(bot) = w.bot.take() {
        bot.stop().await;
    }
    let mut m32 = BTreeMap::new();
    m32.insert("anonymous".to_string(), toml::Value::Boolean(false));
    // Posts right after one another (one the gateway missed): no slow mode.
    let overrides = discord_world::unpaced(BTreeMap::from([("m32".to_string(), m32)]));
    w.service = Service::new(
        w.service.store().clone(),
        Arc::new(w.clock.clone()),
        overrides,
        Some(20261201),
    );
    w.boot().await;
    w
}

/// A post the gateway never delivered (the bot was not told) is read back before the day
/// closes and counted, so its author, who made the day's minimum, gets no lurking card;
/// a member who did not post gets one.
#[sqlx::test(migrations = "./migrations")]
async fn a_post_the_gateway_missed_counts_at_the_close(pool: PgPool) {
    let w = open_world(pool).await;
    w.started().await;
    let g = w.game().await;
    assert!(!g.ruleset().options.anonymous && g.ruleset().options.auto_cards);
    let Phase::Day { day, .. } = g.phase() else {
        panic!("m32 opens with a day");
    };
    let thread = w.day_post();
    let living = g.living();
    let (poster, silent) = (living[0], living[1]);
    let user = w.user_of(poster).await;
    let need = g.ruleset().options.lurk_min_posts_day;
    assert!(need >= 2);
    let posts = |g: &Game| g.ch(poster).posts.get(&day).copied().unwrap_or(0);
    for k in 1..need {
        w.fake.post(user, thread, &format!("第{k}帖"));
    }
    for _ in 0..250 {
        if posts(&w.game().await) == need - 1 {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    assert_eq!(posts(&w.game().await), need - 1);
    w.fake.post_unseen(user, thread, "这一帖机器人没收到");
    tokio::time::sleep(StdDuration::from_millis(300)).await;
    assert_eq!(posts(&w.game().await), need - 1, "the bot was not told");
    let due = w.game().await.next_deadline();
    w.pass_deadline().await;
    // The read-back's post is an event of its own, written just before the close: wait for
    // the close itself (its deadline gone), not only for the first new event.
    for _ in 0..1500 {
        if w.game().await.next_deadline() != due {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    w.settle().await;
    let events = w
        .service
        .store()
        .events(GameId(w.game_id().await))
        .await
        .expect("events");
    let few_posts = |c| {
        events.iter().any(|e| {
            matches!(&e.kind, EventKind::CardGiven { target, reason: CardReason::FewPosts { day: d, .. }, .. }
                if *target == c && *d == day)
        })
    };
    assert!(few_posts(silent), "the lurking card is given at this close");
    assert!(
        !few_posts(poster),
        "the missed post was counted before the close: no lurking card"
    );
    assert_eq!(
        posts(&w.game().await),
        need,
        "every post of the day counted"
    );
}

/// In an anonymous game a member's own message in the day post never counts, so the close
/// does not wait for the post's read-back (`deadlines::a_close_waits_for_its_own_read_back_only`);
/// the post is still read back, after, so that a message the gateway missed, which shows its
/// author's account, is removed.
#[sqlx::test(migrations = "./migrations")]
async fn an_anonymous_days_missed_message_is_removed_after_the_close(pool: PgPool) {
    let w = World::new(pool).await;
    w.started().await;
    let g = w.game().await;
    assert!(g.ruleset().options.anonymous);
    let thread = w.day_post();
    let user = w.user_of(g.living()[0]).await;
    let missed = w
        .fake
        .post_unseen(user, thread, "这一帖机器人没收到，还露了账号");
    tokio::time::sleep(StdDuration::from_millis(300)).await;
    assert!(w.fake.message(missed).is_some(), "the bot was not told");
    let due = g.next_deadline();
    w.pass_deadline().await;
    for _ in 0..1500 {
        if w.game().await.next_deadline() != due {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    assert_ne!(w.game().await.next_deadline(), due, "the day closed");
    let removed = format!("/channels/{thread}/messages/{missed}");
    w.fake
        .wait_for_call("the missed message removed", 20, "DELETE", &removed)
        .await;
}

/// On the fake Discord, over a database that crashes: a post made meanwhile counts once
/// the database is back (retried), and a command used meanwhile is deferred within
/// Discord's 3 s, then answered saying the database did not answer and that the command
/// may or may not have been recorded, never that nothing changed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_and_a_command_during_a_database_outage() {
    let Some(cluster) = Cluster::start("discord-outage") else {
        return;
    };
    let pool = store::connect(&cluster.url())
        .await
        .expect("the cluster answers");
    let w = open_world(pool).await;
    let (signup_post, _) = w.started().await;
    let g = w.game().await;
    let Phase::Day { day, .. } = g.phase() else {
        panic!("m32 opens with a day");
    };
    let thread = w.day_post();
    let poster = g.living()[0];
    let user = w.user_of(poster).await;
    let game = w.game_id().await;
    cluster.crash();
    // The pool's connections, given back moments ago, would be handed out without a ping
    // (`store::pool_options`) and fail at once; idle longer, each is pinged, found dead and
    // dropped, and the command waits for a new one, as it does when the database is down.
    tokio::time::sleep(store::PING_IF_IDLE + StdDuration::from_millis(200)).await;
    w.fake.post(user, thread, "停电时的发言");
    let started = Instant::now();
    let asked = w
        .fake
        .slash(user, thread, &[], 0, "zh-CN", &["status"], &[], json!({}));
    // `response` fails the test if the answer came after Discord's 3 s.
    let first = w.fake.response(asked).await;
    let follow_up = format!("/webhooks/{APP_ID}/tok{asked}");
    // The database keeps the command waiting (a connection is waited for up to 2 s), so
    // the interaction is deferred in time, and the answer follows through its token.
    assert_eq!(first["type"], json!(5), "deferred: {first}");
    assert_eq!(first["data"]["flags"], json!(64), "privately: {first}");
    w.fake
        .wait_for_call("the deferred answer", 20, "POST", &follow_up)
        .await;
    let said = w
        .fake
        .calls()
        .into_iter()
        .find(|c| c.method == "POST" && c.path.contains(&follow_up))
        .and_then(|c| c.body["content"].as_str().map(String::from))
        .unwrap_or_default();
    assert_eq!(said, i18n::text(Lang::Zh, "svc-db-unanswered", &[]));
    assert!(
        !said.contains(&i18n::text(Lang::Zh, "svc-rolled-back", &[])),
        "{said}"
    );
    assert!(started.elapsed() < StdDuration::from_secs(15));
    // A button waits for the database as a command does: deferred in time (privately), and
    // the deferral then replaced by the truthful answer.
    let pressed = w
        .fake
        .click(user, &signup_post, &join_id(&signup_post), &[], &[]);
    let first = w.fake.response(pressed).await;
    assert_eq!(first["type"], json!(5), "the press is deferred: {first}");
    assert_eq!(first["data"]["flags"], json!(64), "privately: {first}");
    assert_eq!(
        w.fake.answer(pressed).await,
        i18n::text(Lang::Zh, "svc-db-unanswered", &[])
    );
    tokio::time::sleep(StdDuration::from_secs(3)).await;
    cluster.resume();
    let posts = |g: &Game| g.ch(poster).posts.get(&day).copied().unwrap_or(0);
    let mut counted = 0;
    for _ in 0..300 {
        if let Ok(g) = w.service.store().load(GameId(game)).await {
            counted = posts(&g);
            if counted == 1 {
                break;
            }
        }
        tokio::time::sleep(StdDuration::from_millis(200)).await;
    }
    assert_eq!(counted, 1, "the post made during the outage counts once");
    // The bot answers normally again.
    let a = w.say(user, thread, &["status"], &[]).await;
    assert!(!a.is_empty() && a != said, "{a}");
    w.settle().await;
}
