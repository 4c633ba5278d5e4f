//! Games through PostgreSQL: the same reports as in memory, no lost or doubled votes under
//! races, deadlines fired exactly once by competing workers, and crash equivalence under
//! SIGKILL. Each test gets its own database (`#[sqlx::test]`, which needs `DATABASE_URL`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command as Proc, Stdio};
use std::time::Duration;
use wolfjudge::store::ids::GameId;

use chrono::{DateTime, Utc};
use sqlx::{PgPool, Row};
use wolfjudge::engine::rng::Seed;
use wolfjudge::engine::{self, Action, CharId, Command, EventKind, Ruleset, Setup};
use wolfjudge::i18n::Lang;
use wolfjudge::notify::Recipient;
use wolfjudge::recorder::Recorder;
use wolfjudge::runtime::dispatch::{dispatch, Earlier, Messenger, OutMessage, SendError};
use wolfjudge::script::{self, Script};
use wolfjudge::service::replay;
use wolfjudge::store::{Outcome, Store};

use crate::common::{scenario_files as scenarios, url_of};

fn start() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-12-01T12:00:00Z")
        .expect("valid time")
        .with_timezone(&Utc)
}

fn m32_setup(seed: u64, overrides: &[(&str, toml::Value)]) -> Setup {
    let o: BTreeMap<String, toml::Value> = overrides
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    Setup {
        ruleset: Ruleset::builtin("m32", &o).expect("m32 loads"),
        seed: Seed::U64(seed),
        start: start(),
        characters: (b'A'..=b'L').map(|c| (c as char).to_string()).collect(),
        roles: None,
        forbidden_first_kill: None,
        players: None,
    }
}

/// Whether an outbox row is a moderation action (a post's lock, a role): SQL for the
/// column, and the column read back.
const MODERATION: &str = "COALESCE(meta->'moderate', 'null') <> 'null'";

fn moderation(r: &sqlx::postgres::PgRow) -> bool {
    r.try_get::<bool, _>("moderation").unwrap_or(false)
}

#[sqlx::test]
async fn every_scenario_gives_the_same_report_through_postgres(pool: PgPool) {
    let store = Store::new(pool);
    for file in scenarios() {
        let text = std::fs::read_to_string(&file).expect("readable scenario");
        let script = Script::parse(&text).expect("valid scenario");
        let memory = script::run(&script, Lang::En).expect("plays in memory");
        let name = file.display().to_string();
        let db = replay::run_script(&store, &script, &name, Lang::En, &Recorder::default())
            .await
            .expect("plays through postgres");
        assert_eq!(
            serde_json::to_value(&memory.report).expect("json"),
            serde_json::to_value(&db.report).expect("json"),
            "{name}: reports differ"
        );
        assert_eq!(memory.events, db.events, "{name}: event logs differ");
    }
}

#[sqlx::test]
async fn concurrent_votes_are_neither_lost_nor_doubled(pool: PgPool) {
    let store = Store::new(pool);
    let setup = m32_setup(5, &[]);
    let game_id = store
        .create_game("race", &setup, Lang::En)
        .await
        .expect("created");
    let now = start() + chrono::Duration::hours(1);
    let mut tasks = Vec::new();
    for i in 0..100u16 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let voter = CharId(i % 12);
            let target = CharId((i * 7 + 3) % 12);
            let cmd = Command::by(
                voter,
                Action::Vote {
                    target,
                    reason: format!("r{i}"),
                },
            );
            let out = store
                .execute(GameId(game_id), &format!("vote-{i}"), &cmd, now)
                .await
                .expect("executes");
            (i, voter, target, out)
        }));
    }
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.expect("task finishes"));
    }
    let accepted: Vec<_> = results
        .iter()
        .filter(|r| matches!(r.3, Outcome::Accepted { .. }))
        .collect();
    // Every character votes once and may change once: exactly 24 of 100 are accepted, the
    // rest are refused as a second change.
    assert_eq!(accepted.len(), 24);
    for r in results
        .iter()
        .filter(|r| matches!(r.3, Outcome::Refused { .. }))
    {
        assert!(
            matches!(&r.3, Outcome::Refused { code, .. } if code == "vote_change_limit"),
            "{r:?}"
        );
    }
    let game = store.load(GameId(game_id)).await.expect("loads");
    let events = store.events(GameId(game_id)).await.expect("events");
    let casts: Vec<(CharId, Option<CharId>)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::VoteCast { by, target, .. } => Some((*by, *target)),
            _ => None,
        })
        .collect();
    assert_eq!(casts.len(), 24, "one event per accepted vote");
    let day = game.day().expect("day 1 is open");
    for c in 0..12u16 {
        let c = CharId(c);
        let last = casts.iter().rev().find(|(by, _)| *by == c).map(|(_, t)| *t);
        let ballot = day
            .ballots
            .get(&c)
            .expect("every character has a standing vote");
        assert_eq!(
            Some(ballot.target),
            last,
            "standing vote is the last accepted"
        );
        assert_eq!(ballot.changes, 1);
    }
    // The same key again: the first result, nothing new.
    let again = store
        .execute(
            GameId(game_id),
            "vote-0",
            &Command::by(CharId(0), Action::Abstain),
            now,
        )
        .await
        .expect("executes");
    assert_eq!(again, results[0].3);
    assert_eq!(
        store.events(GameId(game_id)).await.expect("events").len(),
        events.len()
    );
}

/// Two `wolfjudge worker` processes on one database through 200 games: every deadline
/// fired once (both processes firing), every message delivered once by one or the other.
#[sqlx::test]
async fn two_worker_processes_fire_each_deadline_and_deliver_each_message_once(pool: PgPool) {
    let store = Store::new(pool.clone());
    let mut games = Vec::new();
    for i in 0..200u64 {
        let setup = if i % 5 == 4 {
            Setup {
                ruleset: Ruleset::builtin("mafia", &BTreeMap::new()).expect("mafia loads"),
                characters: (0..13).map(|k| format!("P{k}")).collect(),
                ..m32_setup(i, &[])
            }
        } else {
            // No automatic cards: idle games would otherwise end by red cards on day 3.
            m32_setup(i, &[("auto_cards", toml::Value::Boolean(false))])
        };
        let id = store
            .create_game(&format!("g{i}"), &setup, Lang::Zh)
            .await
            .expect("created");
        games.push(id);
    }
    let until = (start() + chrono::Duration::days(3)).to_rfc3339();
    let url = url_of(&pool);
    let dir = std::env::temp_dir().join(format!("wolfjudge-workers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = |name: &str| dir.join(format!("{name}.jsonl"));
    let spawn = |name: &str| {
        let _ = std::fs::remove_file(file(name));
        Proc::new(env!("CARGO_BIN_EXE_wolfjudge"))
            .args([
                "worker",
                "--database-url",
                &url,
                "--until",
                &until,
                "--name",
                name,
            ])
            .arg("--deliver-to")
            .arg(file(name))
            .stdout(Stdio::piped())
            .spawn()
            .expect("worker starts")
    };
    let (a, b) = (spawn("w1"), spawn("w2"));
    for w in [a, b] {
        let out = w.wait_with_output().expect("worker finishes");
        assert!(out.status.success(), "worker failed");
    }
    let until = DateTime::parse_from_rfc3339(&until)
        .expect("time")
        .with_timezone(&Utc);
    let open: i64 =
        sqlx::query("SELECT count(*) AS n FROM deadlines WHERE fired_at IS NULL AND due_at <= $1")
            .bind(until)
            .fetch_one(&pool)
            .await
            .expect("query")
            .try_get("n")
            .expect("count");
    assert_eq!(open, 0, "every due deadline fired");
    let by: Vec<String> = sqlx::query(
        "SELECT DISTINCT fired_by FROM deadlines WHERE fired_by IS NOT NULL ORDER BY 1",
    )
    .fetch_all(&pool)
    .await
    .expect("query")
    .iter()
    .map(|r| r.try_get("fired_by").expect("fired_by"))
    .collect();
    assert_eq!(by, ["w1", "w2"], "both processes fired deadlines");
    // Every message shown exactly once, by one process or the other.
    let shown: Vec<_> = ["w1", "w2"]
        .iter()
        .flat_map(|w| delivered(&file(w)))
        .collect();
    let nonces: BTreeSet<&str> = shown.iter().map(|m| m.nonce.as_str()).collect();
    assert_eq!(nonces.len(), shown.len(), "a message was shown twice");
    // Moderation rows (the living role at the deal) are no message: a file worker has no
    // roles, so it does them without showing anything.
    let rows = sqlx::query(&format!(
        "SELECT nonce, delivered_at IS NOT NULL AS done, {MODERATION} AS moderation FROM outbox"
    ))
    .fetch_all(&pool)
    .await
    .expect("outbox");
    let messages = rows.iter().filter(|r| !moderation(r)).count();
    assert_eq!(messages, shown.len(), "shown = outbox");
    for r in &rows {
        let nonce: String = r.try_get("nonce").expect("nonce");
        assert!(
            r.try_get::<bool, _>("done").expect("done"),
            "{nonce} undelivered"
        );
        assert!(
            moderation(r) || nonces.contains(nonce.as_str()),
            "{nonce} never shown"
        );
    }
    // Which process delivers is a race, not asserted: with up to 32 channels sent at once
    // (`outbox::DISPATCH_LANES` × `CHANNELS_AT_ONCE`), one process often keeps up alone.
    // What both may do at once, the leases keep apart: nothing above was shown twice.
    let _ = std::fs::remove_dir_all(&dir);
    for id in games {
        let events = store.events(GameId(id)).await.expect("events");
        let game = store.load(GameId(id)).await.expect("loads");
        // Phases in order, each exactly once: day 1, night 1, day 2, ... (Mafia: night first).
        let mut phases = Vec::new();
        for e in &events {
            match &e.kind {
                EventKind::DayOpened { day, round: 0, .. } => phases.push(format!("day {day}")),
                EventKind::NightOpened { night, .. } => phases.push(format!("night {night}")),
                _ => {}
            }
        }
        let mafia = game.kind() == engine::Kind::Mafia;
        let expected: Vec<String> = (1..=phases.len() as u32)
            .map(|k| {
                let n = k.div_ceil(2);
                match (mafia, k % 2 == 1) {
                    (false, true) | (true, false) => format!("day {n}"),
                    _ => format!("night {n}"),
                }
            })
            .collect();
        assert_eq!(phases, expected, "game {id} skipped or repeated a phase");
        assert!(
            phases.len() >= 5,
            "game {id} went through its deadlines: {phases:?}"
        );
        // Every tick is at or after the one before (deadlines in time order).
        assert!(
            events.windows(2).all(|w| w[0].at <= w[1].at),
            "game {id}: time order"
        );
    }
}

/// A messenger that counts sends per nonce, and the sends told an earlier attempt may have
/// shown the message (with no crash and no failure, none should be).
#[derive(Default)]
struct Watch {
    sent: std::sync::Mutex<BTreeMap<String, usize>>,
    flagged: std::sync::Mutex<usize>,
}

impl Messenger for Watch {
    async fn send(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        if earlier.is_some() {
            if let Ok(mut n) = self.flagged.lock() {
                *n += 1;
            }
        }
        if let Ok(mut s) = self.sent.lock() {
            *s.entry(msg.nonce.clone()).or_default() += 1;
        }
        // Let the other dispatchers run between sends.
        tokio::task::yield_now().await;
        Ok(None)
    }
}

/// Four dispatchers in one process (as the bench runs them), over waves of new games'
/// messages: each message is sent once and delivered, and no dispatcher ever takes a
/// message another running one holds (none is ever sent as possibly shown before).
#[sqlx::test]
async fn dispatchers_in_one_process_never_send_a_message_twice(pool: PgPool) {
    let store = Store::new(pool.clone());
    let watch = std::sync::Arc::new(Watch::default());
    for wave in 0..6u64 {
        for i in 0..6 {
            store
                .create_game(
                    &format!("p{wave}-{i}"),
                    &m32_setup(wave * 10 + i, &[]),
                    Lang::En,
                )
                .await
                .expect("created");
        }
        let mut tasks = Vec::new();
        for _ in 0..4 {
            let (store, watch) = (store.clone(), watch.clone());
            tasks.push(tokio::spawn(async move {
                // A dispatch ends when nothing it may take is ready; the others may still
                // hold some: go on until the outbox is empty.
                loop {
                    dispatch(&store, None, watch.as_ref()).await.expect("dispatch");
                    let left = count(
                        store.pool(),
                        "SELECT count(*) FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL",
                    )
                    .await;
                    if left == 0 {
                        return;
                    }
                    tokio::task::yield_now().await;
                }
            }));
        }
        for t in tasks {
            t.await.expect("dispatcher");
        }
    }
    let sent = watch.sent.lock().map(|s| s.clone()).unwrap_or_default();
    let twice: Vec<_> = sent.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "sent more than once: {twice:?}");
    let rows = count(
        &pool,
        "SELECT count(*) FROM outbox WHERE delivered_at IS NOT NULL",
    )
    .await;
    assert_eq!(rows as usize, sent.len(), "every message delivered");
    assert_eq!(
        watch.flagged.lock().map(|n| *n).unwrap_or(1),
        0,
        "a dispatcher took over a message another running one held"
    );
}

/// A backlog the planner's statistics know nothing of (the outbox analyzed while nothing
/// was pending, as a young table or one before a burst is): every claim still finds its
/// rows by primary key, so it costs what it takes, not what is pending times what it takes.
/// 20,000 messages in 80 channels are each delivered once, in order in their channel, with
/// no claim anywhere near a 5 s statement timeout. Before, the claim's update was driven
/// from the partial index of pending rows and read every claimed row again for each of
/// them: 38 s a claim at 35,000 pending (the bench's delivery lag of a minute).
#[sqlx::test]
async fn a_backlog_the_statistics_do_not_know_is_claimed_by_key(pool: PgPool) {
    const CHANNELS: i64 = 80;
    const EACH: i64 = 250;
    let game = bare_game(&pool, "backlog").await;
    // Written delivered, interleaved across the channels as games write them, analyzed
    // so (nothing pending), then all pending again; autovacuum kept from analyzing anew.
    sqlx::query("ALTER TABLE outbox SET (autovacuum_enabled = false)")
        .execute(&pool)
        .await
        .expect("autovacuum off");
    fill_channels(&pool, game, CHANNELS, EACH, true).await;
    for sql in ["ANALYZE outbox", "UPDATE outbox SET delivered_at = NULL"] {
        sqlx::query(sql).execute(&pool).await.expect(sql);
    }
    let (delivered, recorder) = dispatch_within(&pool, "5s").await;
    assert_eq!(delivered as i64, CHANNELS * EACH);
    let shown = recorder.shown();
    let nonces: BTreeSet<&str> = shown.iter().map(|m| m.nonce.as_str()).collect();
    assert_eq!(nonces.len(), shown.len(), "a message shown twice");
    let mut last: BTreeMap<Recipient, i64> = BTreeMap::new();
    for m in &shown {
        let n: i64 = m.body.parse().expect("a number");
        let before = last.insert(m.channel, n).unwrap_or(0);
        assert_eq!(n, before + 1, "{} out of order", m.channel);
    }
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM outbox WHERE delivered_at IS NULL"
        )
        .await,
        0
    );
}

/// A messenger that holds each send a moment and watches what is in flight: the most sends
/// at once, the most in one channel at once, and each channel's bodies in the order sent.
#[derive(Default)]
struct Overlap {
    state: std::sync::Mutex<OverlapState>,
}

#[derive(Default)]
struct OverlapState {
    now: usize,
    most: usize,
    in_channel: BTreeMap<Recipient, usize>,
    most_in_channel: usize,
    order: BTreeMap<Recipient, Vec<i64>>,
}

impl Messenger for Overlap {
    async fn send(
        &self,
        msg: &OutMessage,
        _earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        {
            let mut s = self
                .state
                .lock()
                .map_err(|e| SendError::new(e.to_string()))?;
            s.now += 1;
            s.most = s.most.max(s.now);
            let n = s.in_channel.entry(msg.channel).or_default();
            *n += 1;
            let n = *n;
            s.most_in_channel = s.most_in_channel.max(n);
            let body = msg.body.parse().unwrap_or(-1);
            s.order.entry(msg.channel).or_default().push(body);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut s = self
            .state
            .lock()
            .map_err(|e| SendError::new(e.to_string()))?;
        s.now -= 1;
        if let Some(n) = s.in_channel.get_mut(&msg.channel) {
            *n -= 1;
        }
        Ok(None)
    }
}

/// A day's close writes to many channels at once (the day's post, each player's DM): the
/// dispatcher sends different channels at the same time, so that the last player does not
/// wait for every other channel's round trips, while each channel's messages still go one
/// at a time and in order. Eight channels of five messages: all eight in flight together,
/// never two of one channel.
#[sqlx::test]
async fn channels_are_sent_at_once_each_in_its_order(pool: PgPool) {
    const CHANNELS: i64 = 8;
    const EACH: i64 = 5;
    let s = sent_in_one_dispatch(&pool, "at-once", CHANNELS, EACH).await;
    assert_eq!(s.most as i64, CHANNELS, "channels sent one after the other");
    assert_eq!(s.most_in_channel, 1, "two messages of one channel at once");
    let in_order: Vec<i64> = (1..=EACH).collect();
    for (channel, bodies) in &s.order {
        assert_eq!(bodies, &in_order, "{channel} out of order");
    }
}

/// `each` messages in each of `channels` channels of a new game, all delivered by one
/// dispatch through [`Overlap`]: what it saw in flight.
async fn sent_in_one_dispatch(pool: &PgPool, key: &str, channels: i64, each: i64) -> OverlapState {
    let game = bare_game(pool, key).await;
    fill_channels(pool, game, channels, each, false).await;
    let overlap = Overlap::default();
    let delivered = dispatch(&Store::new(pool.clone()), None, &overlap)
        .await
        .expect("dispatch");
    assert_eq!(delivered as i64, channels * each);
    overlap.state.into_inner().expect("state")
}

/// Every command that writes a message wakes the dispatcher, and most wakes find little
/// or nothing ready; each lane's search for ready channels walks the pending index,
/// delivered rows included until they are vacuumed. So a dispatch with nothing to send
/// searches once (one lane), not once per lane: one statement, where each of the four
/// lanes searched before.
#[sqlx::test]
async fn a_dispatch_with_nothing_to_send_searches_once(pool: PgPool) {
    let game = bare_game(&pool, "idle").await;
    fill_channels(&pool, game, 20, 5, true).await;
    let (counted, counter) = crate::common::pgproxy::counted(&pool, 8).await;
    let store = Store::new(counted);
    let recorder = Recorder::default();
    let (delivered, cost) =
        crate::common::pgproxy::measure(&counter, dispatch(&store, None, &recorder)).await;
    assert_eq!(delivered.expect("dispatch"), 0);
    // The search for waiting prompts (DMs carrying a deadline, sent first), then the
    // search in turn.
    assert_eq!(cost.statements, 2, "statements of an idle dispatch");
}

/// A delivered message leaves an entry in `outbox_pending` that every search for ready
/// channels steps over until a vacuum removes it (248,000 of them kept PostgreSQL busy with
/// nothing to send in the 10,000-game bench). PostgreSQL skips a vacuum's index pass when
/// the dead rows lie on under 2% of the table's pages, which for the outbox (a week of
/// delivered rows, the newest delivered last) is every vacuum; the outbox's own setting
/// makes the pass happen. A week's history as 10,000 pages, then 100 messages delivered
/// (on 0.5% of the pages): after a vacuum the index holds none of them.
#[sqlx::test]
async fn a_vacuum_takes_delivered_messages_out_of_the_dispatchers_search(pool: PgPool) {
    let game = bare_game(&pool, "vacuumed").await;
    for sql in [
        // An automatic analyze running during the test's VACUUM would hold back what it
        // may remove.
        "ALTER TABLE outbox SET (autovacuum_enabled = false)",
        "CREATE EXTENSION IF NOT EXISTS pageinspect",
        "INSERT INTO outbox (game_id, channel, body, nonce, delivered_at)
         SELECT $1, 'dm:' || (g % 12), repeat('x', 1900), 'past-' || g, now()
         FROM generate_series(1, 40000) g",
        "INSERT INTO outbox (game_id, channel, body, nonce)
         SELECT $1, 'dm:' || (g % 12), 'now', 'now-' || g FROM generate_series(1, 100) g",
    ] {
        let q = sqlx::query(sql);
        let q = if sql.contains("$1") { q.bind(game) } else { q };
        q.execute(&pool).await.expect(sql);
    }
    let entries = "SELECT count(*) FROM generate_series(1, \
                   (pg_relation_size('outbox_pending') / 8192)::INT - 1) b, \
                   LATERAL bt_page_items('outbox_pending', b) i WHERE i.htid IS NOT NULL";
    assert_eq!(
        count(&pool, entries).await,
        100,
        "the pending messages' entries"
    );
    let (delivered, _) = dispatch_within(&pool, "5s").await;
    assert_eq!(delivered, 100);
    sqlx::query("VACUUM outbox")
        .execute(&pool)
        .await
        .expect("vacuum");
    assert_eq!(
        count(&pool, entries).await,
        0,
        "delivered messages left in the dispatcher's index after a vacuum"
    );
}

/// A game's large documents (its state in a snapshot, the reveal at its end) are
/// compressed with lz4, not pglz: a burst of games ending together spent the largest share
/// of PostgreSQL's time in `pglz_compress` (migration `20261209000001_lz4_documents.sql`).
/// One game played to its end through PostgreSQL (of the scenarios, one whose reveal and
/// snapshots are large enough for PostgreSQL to compress): every compressed state and event
/// body is lz4, and there is at least one of each.
#[sqlx::test]
async fn a_games_states_and_events_are_compressed_with_lz4(pool: PgPool) {
    let store = Store::new(pool.clone());
    let script = crate::common::scenario("m32_reveal_complete");
    replay::run_script(&store, &script, "reveal", Lang::En, &Recorder::default())
        .await
        .expect("plays through postgres");
    for (table, column) in [("snapshots", "state"), ("events", "body")] {
        let sql = format!(
            "SELECT pg_column_compression({column}) AS method, count(*) AS n FROM {table}
             WHERE pg_column_compression({column}) IS NOT NULL GROUP BY 1"
        );
        let methods: Vec<(String, i64)> = sqlx::query_as(&sql).fetch_all(&pool).await.expect(&sql);
        assert!(
            matches!(methods.as_slice(), [(m, n)] if m == "lz4" && *n > 0),
            "{table}.{column}: {methods:?}"
        );
    }
}

/// More channels ready than one claim takes (64): the other lanes start beside the first,
/// so more channels are in flight than one lane sends at once (8).
#[sqlx::test]
async fn more_channels_than_a_claim_takes_are_sent_by_several_lanes(pool: PgPool) {
    let s = sent_in_one_dispatch(&pool, "lanes", 200, 2).await;
    assert!(
        s.most > wolfjudge::runtime::dispatch::CHANNELS_AT_ONCE,
        "one lane at a time: at most {} in flight",
        s.most
    );
    assert_eq!(s.most_in_channel, 1, "two messages of one channel at once");
}

/// `each` messages in each of `channels` DM channels of `game`, their bodies numbered from
/// 1 in each channel, written interleaved across the channels as games write them
/// (`delivered`: marked delivered now). The body is aliased, so that `ORDER BY n` sorts
/// the numbers, not their text.
async fn fill_channels(pool: &PgPool, game: i64, channels: i64, each: i64, delivered: bool) {
    sqlx::query(
        "INSERT INTO outbox (game_id, channel, body, nonce, delivered_at)
         SELECT $1, 'dm:' || c, n::TEXT AS body, $1 || '-' || c || '-' || n,
             CASE WHEN $4 THEN now() END
         FROM generate_series(1, $2) n, generate_series(1, $3) c ORDER BY n, c",
    )
    .bind(game)
    .bind(each)
    .bind(channels)
    .bind(delivered)
    .execute(pool)
    .await
    .expect("messages");
}

/// A row whose channel names no recipient (written by another version) can be sent
/// nowhere: it is set aside when claimed, with the rows of its channel behind it, and the
/// game's other channels are delivered as ever.
#[sqlx::test]
async fn a_row_for_no_known_recipient_is_set_aside_and_holds_nothing_else(pool: PgPool) {
    let game = bare_game(&pool, "unknown-recipient").await;
    sqlx::query(
        "INSERT INTO outbox (game_id, channel, body, nonce) VALUES
           ($1, 'dm:1', 'before', 'u-1'), ($1, 'tree', 'lost', 'u-2'),
           ($1, 'tree', 'lost too', 'u-3'), ($1, 'judge', 'after', 'u-4')",
    )
    .bind(game)
    .execute(&pool)
    .await
    .expect("the rows");
    let (delivered, recorder) = dispatch_within(&pool, "5s").await;
    assert_eq!(delivered, 2);
    let mut shown: Vec<(Recipient, String)> = recorder
        .shown()
        .into_iter()
        .map(|m| (m.channel, m.body))
        .collect();
    shown.sort();
    assert_eq!(
        shown,
        vec![
            (Recipient::Judge, "after".to_string()),
            (Recipient::Seat(CharId(1)), "before".to_string()),
        ]
    );
    let set_aside = format!(
        "SELECT count(*) FROM outbox WHERE game_id = {game} AND channel = 'tree'
           AND failed_at IS NOT NULL AND delivered_at IS NULL"
    );
    assert_eq!(count(&pool, &set_aside).await, 2, "both rows set aside");
}

/// A game row with no events, for outbox rows of the tests' own making to belong to.
/// Marking messages sent is one statement over several rows, whose locks it takes one by
/// one. When another transaction holds a later row and then asks for one the mark holds,
/// the database breaks the deadlock by failing the mark: the store makes it again once the
/// other is gone, so both messages end delivered and the dispatch loses nothing.
#[sqlx::test]
async fn a_mark_of_sent_messages_that_loses_a_deadlock_is_made_again(pool: PgPool) {
    let game = bare_game(&pool, "deadlock").await;
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO outbox (game_id, channel, body, nonce) VALUES
           ($1, 'judge', 'first', 'd-1'), ($1, 'judge', 'second', 'd-2') RETURNING id",
    )
    .bind(game)
    .fetch_all(&pool)
    .await
    .expect("the rows");
    let (first, second) = (ids[0], ids[1]);
    let lock = "SELECT id FROM outbox WHERE id = $1 FOR UPDATE";
    let mut other = pool.begin().await.expect("the other transaction");
    // The other waits long before it looks for a deadlock, so the mark is the one that
    // finds it and fails.
    in_other(&mut other, "SET LOCAL deadlock_timeout = '30s'", None)
        .await
        .expect("deadlock_timeout");
    in_other(&mut other, lock, Some(second))
        .await
        .expect("the second row locked");
    let store = Store::new(pool.clone());
    let marking = tokio::spawn(async move {
        store
            .mark_sent(vec![(first, Some(11)), (second, Some(12))])
            .await
    });
    // Wait until the mark waits for the second row: it then holds the first.
    let waiting = "SELECT count(*) FROM pg_stat_activity
                   WHERE wait_event_type = 'Lock' AND query LIKE '%no_wait%'
                     AND datname = current_database()";
    let mut tries = 0;
    while count(&pool, waiting).await == 0 {
        tries += 1;
        assert!(tries < 500, "the mark never waited for the second row");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    in_other(&mut other, "SAVEPOINT probe", None)
        .await
        .expect("a savepoint");
    let held = in_other(&mut other, &format!("{lock} NOWAIT"), Some(first)).await;
    assert!(held.is_err(), "the mark takes the first row's lock first");
    in_other(&mut other, "ROLLBACK TO SAVEPOINT probe", None)
        .await
        .expect("back to the savepoint");
    // Now the other asks for the first row: a deadlock, which fails the mark's statement
    // and so gives the other the row.
    in_other(&mut other, lock, Some(first))
        .await
        .expect("the first row locked once the mark failed");
    other.rollback().await.expect("the other rolls back");
    marking
        .await
        .expect("the mark's task")
        .expect("the mark is made again after losing the deadlock");
    let delivered = format!(
        "SELECT count(*) FROM outbox WHERE game_id = {game} AND delivered_at IS NOT NULL
           AND sent_id IN (11, 12)"
    );
    assert_eq!(count(&pool, &delivered).await, 2, "both messages delivered");
}

/// Runs `sql` in the transaction `other`, with `id` as its parameter if given.
async fn in_other(
    other: &mut sqlx::PgConnection,
    sql: &str,
    id: Option<i64>,
) -> Result<(), sqlx::Error> {
    let query = sqlx::query(sql);
    let query = match id {
        Some(id) => query.bind(id),
        None => query,
    };
    query.execute(other).await.map(drop)
}

async fn bare_game(pool: &PgPool, key: &str) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO games (key, ruleset, phase) VALUES ($1, 'm32', 'day') RETURNING id",
    )
    .bind(key)
    .fetch_one(pool)
    .await
    .expect("game")
}

/// Dispatches every pending message through a pool whose statements time out after
/// `timeout`; how many were delivered, and what was shown.
async fn dispatch_within(pool: &PgPool, timeout: &str) -> (usize, Recorder) {
    let opts = (*pool.connect_options())
        .clone()
        .options([("statement_timeout", timeout)]);
    let timed = sqlx::postgres::PgPoolOptions::new()
        .max_connections(4)
        .connect_with(opts)
        .await
        .expect("pool with a statement timeout");
    let recorder = Recorder::default();
    let delivered = dispatch(&Store::new(timed), None, &recorder)
        .await
        .expect("every claim within the statement timeout");
    (delivered, recorder)
}

/// After a crash, every channel's next message may have been shown by the lost attempt; each
/// looks for itself after the newest message sent before it in its channel. Behind a long
/// history of other channels (a busy public thread), that lookup must go by the channel,
/// not through every row: the claims stay within a short statement timeout.
#[sqlx::test(migrations = "./migrations")]
async fn messages_an_earlier_attempt_may_have_shown_find_their_place_by_channel(pool: PgPool) {
    retries_behind_a_long_history(&pool, None).await;
}

/// The same, with statistics that count two channels in all, as an ANALYZE sample that met
/// few of them would: the planner then finds the primary key walked backwards as cheap as
/// the channel's index for a lookup ordered by id (this test failed one run in 20 on the
/// sample alone). What the statistics say must not decide between 40 ms and 5 s.
#[sqlx::test(migrations = "./migrations")]
async fn messages_find_their_place_whatever_the_statistics_say(pool: PgPool) {
    retries_behind_a_long_history(&pool, Some(2)).await;
}

/// Each of 200 DMs' first message sent long ago, then 300,000 public posts, then each DM's
/// next message, attempted once before the crash; ANALYZE, with `channels` pinned as the
/// channel column's distinct count if given. Every DM's next message is then delivered once,
/// each claim within a 2 s statement timeout (about 40 ms by the channel's index, 5 s through
/// every row).
async fn retries_behind_a_long_history(pool: &PgPool, channels: Option<i64>) {
    const CHANNELS: i64 = 200;
    let game = bare_game(pool, "retries").await;
    for sql in [
        "INSERT INTO outbox (game_id, channel, body, nonce, delivered_at, sent_id)
         SELECT $1, 'dm:' || c, 'first', 'first-' || c, now(), c
         FROM generate_series(1, $2) c",
        "INSERT INTO outbox (game_id, channel, body, nonce, delivered_at, sent_id)
         SELECT $1, 'public', n::TEXT, 'public-' || n, now(), $2 + n
         FROM generate_series(1, 300000) n",
        "INSERT INTO outbox (game_id, channel, body, nonce, attempts)
         SELECT $1, 'dm:' || c, 'next', 'next-' || c, 1 FROM generate_series(1, $2) c",
    ] {
        sqlx::query(sql)
            .bind(game)
            .bind(CHANNELS)
            .execute(pool)
            .await
            .expect(sql);
    }
    if let Some(n) = channels {
        // ALTER TABLE takes no parameters; `n` is a number.
        sqlx::query(&format!(
            "ALTER TABLE outbox ALTER channel SET (n_distinct = {n})"
        ))
        .execute(pool)
        .await
        .expect("statistics pinned");
    }
    sqlx::query("ANALYZE outbox")
        .execute(pool)
        .await
        .expect("analyzed");
    let (delivered, recorder) = dispatch_within(pool, "2s").await;
    assert_eq!(delivered as i64, CHANNELS);
    let shown = recorder.shown();
    assert_eq!(shown.len() as i64, CHANNELS, "each DM's next message once");
    assert!(shown.iter().all(|m| m.body == "next"), "{shown:?}");
}

/// Runs a script in a child process through the database, with a run key and a delivery
/// file; returns whether it finished. With `kill_at`, it is killed (SIGKILL) as soon as the
/// delivery file holds that many lines: mid-game, right after a send, possibly before the
/// send was marked delivered.
fn run_child(url: &str, script: &Path, key: &str, file: &Path, kill_at: Option<usize>) -> bool {
    let mut child = Proc::new(env!("CARGO_BIN_EXE_wolfjudge"))
        .args([
            "script",
            &script.display().to_string(),
            "--lang",
            "en",
            "--database-url",
            url,
        ])
        .args([
            "--run-key",
            key,
            "--deliver-to",
            &file.display().to_string(),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("child starts");
    loop {
        if let Some(status) = child.try_wait().expect("child status") {
            return status.success();
        }
        if kill_at.is_some_and(|k| lines(file) >= k) {
            // SIGKILL: no chance to clean up.
            let _ = child.kill();
            let _ = child.wait();
            return false;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn lines(file: &Path) -> usize {
    std::fs::read(file).map_or(0, |b| b.iter().filter(|c| **c == b'\n').count())
}

fn delivered(file: &Path) -> Vec<OutMessage> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Every raw send in a delivery file (duplicates included), with the process that made it.
fn sends(file: &Path) -> Vec<wolfjudge::recorder::Sent> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// A small deterministic generator for the kill points (splitmix64).
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// How many games the crash test plays, and how many times it kills each.
const CRASH_GAMES: u64 = 8;
const KILLS_PER_GAME: usize = 8;

/// Each game is killed (SIGKILL) at several random points, a few sends apart, and started
/// again each time with the same run key; every raw send of every process is kept in the
/// delivery file. Each game must end as the uninterrupted run did, every message delivered,
/// and no message sent twice (the file is what players would have seen).
#[sqlx::test]
async fn a_game_killed_at_random_points_ends_as_an_uninterrupted_one(pool: PgPool) {
    let url = url_of(&pool);
    let store = Store::new(pool.clone());
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/m32_sheriff_badge_random.json");
    let dir = std::env::temp_dir().join(format!("wolfjudge-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base_file = dir.join("base.jsonl");
    let _ = std::fs::remove_file(&base_file);
    assert!(
        run_child(&url, &script, "base", &base_file, None),
        "uninterrupted run"
    );
    let base_id = store
        .game_id("base")
        .await
        .expect("query")
        .expect("base game");
    let base_events = store.events(GameId(base_id)).await.expect("events");
    let base_game = store.load(GameId(base_id)).await.expect("loads");
    let by_channel = |msgs: &[OutMessage]| {
        let mut m: BTreeMap<Recipient, Vec<String>> = BTreeMap::new();
        for x in msgs {
            m.entry(x.channel).or_default().push(x.body.clone());
        }
        m
    };
    let base_msgs = by_channel(&delivered(&base_file));
    let total: usize = base_msgs.values().map(Vec::len).sum();
    assert!(total > 50, "the uninterrupted run delivered messages");

    let (mut kills, mut resent_total) = (0, 0);
    let mut report = Vec::new();
    for game in 0..CRASH_GAMES {
        let key = format!("crash-{game}");
        let file = dir.join(format!("{key}.jsonl"));
        let _ = std::fs::remove_file(&file);
        let mut rng = game + 1;
        let mut killed_here = 0;
        let mut runs = 0;
        loop {
            runs += 1;
            assert!(runs <= KILLS_PER_GAME + 10, "run {key} never finished");
            // The next kill point: 1 to total/(KILLS+2) sends after what the file holds now,
            // so that the kills spread over the game and the last run finishes it.
            let kill_at = (killed_here < KILLS_PER_GAME).then(|| {
                let step = 1 + next_random(&mut rng) as usize % (total / (KILLS_PER_GAME + 2));
                lines(&file) + step
            });
            if run_child(&url, &script, &key, &file, kill_at) {
                break;
            }
            let k = kill_at.expect("only a run with a kill point stops early");
            assert!(lines(&file) >= k, "{key}: killed before its kill point");
            killed_here += 1;
            kills += 1;
        }
        let id = store.game_id(&key).await.expect("query").expect("game");
        assert_eq!(
            store.events(GameId(id)).await.expect("events"),
            base_events,
            "{key}: event log"
        );
        let game = store.load(GameId(id)).await.expect("loads");
        assert_eq!(game, base_game, "{key}: final state");
        // Every raw send, per process: a nonce sent twice is a message shown twice.
        let raw = sends(&file);
        let mut per_process: BTreeMap<u32, usize> = BTreeMap::new();
        for s in &raw {
            *per_process.entry(s.process).or_default() += 1;
        }
        let nonces: BTreeSet<&str> = raw.iter().map(|s| s.msg.nonce.as_str()).collect();
        let resent = raw.len() - nonces.len();
        resent_total += resent;
        report.push(format!(
            "{key}: {} processes ({killed_here} killed), sends per process {:?}, {} sends, {resent} re-sent",
            per_process.len(),
            per_process.values().collect::<Vec<_>>(),
            raw.len()
        ));
        if resent > 0 {
            continue;
        }
        let rows = sqlx::query(&format!(
            "SELECT nonce, delivered_at IS NOT NULL AS done, {MODERATION} AS moderation \
             FROM outbox WHERE game_id = $1"
        ))
        .bind(id)
        .fetch_all(&pool)
        .await
        .expect("outbox");
        for r in &rows {
            let nonce: String = r.try_get("nonce").expect("nonce");
            assert!(
                r.try_get::<bool, _>("done").expect("done"),
                "{key}: {nonce} undelivered"
            );
            assert!(
                moderation(r) || nonces.contains(nonce.as_str()),
                "{key}: {nonce} never shown"
            );
        }
        let messages = rows.iter().filter(|r| !moderation(r)).count();
        assert_eq!(messages, raw.len(), "{key}: shown = outbox");
        let shown: Vec<_> = raw.into_iter().map(|s| s.msg).collect();
        assert_eq!(
            by_channel(&shown),
            base_msgs,
            "{key}: messages differ from the uninterrupted run (per channel, in order)"
        );
    }
    for line in &report {
        eprintln!("{line}");
    }
    eprintln!("{kills} kills, {resent_total} messages re-sent");
    assert_eq!(
        resent_total,
        0,
        "{resent_total} messages were sent again after {kills} kills:\n{}",
        report.join("\n")
    );
    // A kill point can be overtaken by the end of the game (the process sends on while it
    // is being killed), rarely.
    assert!(
        kills >= CRASH_GAMES as usize * KILLS_PER_GAME * 3 / 4,
        "only {kills} runs were killed mid-way"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A messenger that fails the first send of every message, and every send to one channel.
/// It counts the retries that did not say an earlier attempt may have shown the message (a
/// failed request may have reached the platform all the same).
#[derive(Default)]
struct Flaky {
    tried: std::sync::Mutex<BTreeSet<String>>,
    shown: std::sync::Mutex<Vec<OutMessage>>,
    unflagged_retries: std::sync::Mutex<usize>,
}

impl Messenger for Flaky {
    async fn send(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        let first = self
            .tried
            .lock()
            .map(|mut t| t.insert(msg.nonce.clone()))
            .unwrap_or(false);
        if !first && earlier.is_none() {
            if let Ok(mut n) = self.unflagged_retries.lock() {
                *n += 1;
            }
        }
        if first || msg.channel == Recipient::Seat(CharId(3)) {
            return Err(SendError::new("closed"));
        }
        if let Ok(mut s) = self.shown.lock() {
            s.push(msg.clone());
        }
        Ok(None)
    }
}

#[sqlx::test]
async fn failed_sends_are_retried_with_backoff_in_order_and_set_aside_at_last(pool: PgPool) {
    let store = Store::new(pool.clone());
    let id = store
        .create_game("flaky", &m32_setup(9, &[]), Lang::En)
        .await
        .expect("created");
    let flaky = Flaky::default();
    assert_eq!(
        dispatch(&store, Some(GameId(id)), &flaky)
            .await
            .expect("dispatch"),
        0
    );
    // Every first send failed: each channel's first message waits with a backoff.
    let waiting: i64 = sqlx::query(
        "SELECT count(*) AS n FROM outbox WHERE attempts = 1 AND next_attempt_at > now() AND delivered_at IS NULL",
    )
    .fetch_one(&pool)
    .await
    .expect("query")
    .try_get("n")
    .expect("count");
    assert!(waiting > 0, "failed sends wait before the next attempt");
    for _ in 0..40 {
        // Skip the backoff instead of sleeping through it.
        sqlx::query("UPDATE outbox SET next_attempt_at = now() WHERE delivered_at IS NULL")
            .execute(&pool)
            .await
            .expect("fast-forward");
        dispatch(&store, Some(GameId(id)), &flaky)
            .await
            .expect("dispatch");
    }
    let rows = sqlx::query(
        "SELECT id, channel, attempts, delivered_at IS NOT NULL AS done, failed_at IS NOT NULL AS failed
         FROM outbox WHERE game_id = $1 ORDER BY id",
    )
    .bind(id)
    .fetch_all(&pool)
    .await
    .expect("outbox");
    let mut set_aside = 0;
    for r in &rows {
        let channel: String = r.try_get("channel").expect("channel");
        let done: bool = r.try_get("done").expect("done");
        let failed: bool = r.try_get("failed").expect("failed");
        if channel == "dm:3" {
            assert!(failed && !done, "a closed DM is set aside, not delivered");
            assert_eq!(r.try_get::<i32, _>("attempts").expect("attempts"), 10);
            set_aside += 1;
        } else {
            assert!(done && !failed, "{channel}: delivered after a retry");
        }
    }
    assert!(set_aside > 0);
    let shown = flaky.shown.lock().map(|s| s.clone()).unwrap_or_default();
    // Per channel, messages were shown in the order they were written.
    let mut last: BTreeMap<Recipient, i64> = BTreeMap::new();
    for m in &shown {
        let prev = last.insert(m.channel, m.id).unwrap_or(0);
        assert!(m.id > prev, "{}: out of order", m.channel);
    }
    assert!(
        shown.iter().any(|m| m.channel == Recipient::Judge
            && [Lang::Zh, Lang::En].iter().any(|l| m.body.contains(
                &wolfjudge::notify::channel_words(*l, Recipient::Seat(CharId(3)))
            ))),
        "the judge is told about the message set aside, by its seat"
    );
    assert_eq!(
        flaky.unflagged_retries.lock().map(|n| *n).unwrap_or(1),
        0,
        "every retry of a failed send looks first for what the failed one may have shown"
    );
}

/// Discord carries out a request but its answer is lost (a 500 after the fact), for a day's
/// forum post, a role DM and a relayed post: the outbox tries again, and the messenger
/// first looks on Discord for what the lost attempt showed (the post by its title, the DM
/// and the relay by their text, newer than the channel's previous message). Each is shown
/// once: no second post, no second request for the DM (Discord's nonce only lasts minutes),
/// no second relay; each delivered message keeps its Discord id.
#[sqlx::test(migrations = "./migrations")]
async fn a_send_whose_answer_was_lost_is_not_shown_twice_on_discord(pool: PgPool) {
    use crate::common::catalog::{pieces, says, zh};
    use crate::common::discord_world::World;
    use crate::common::fake_discord::Kind;
    use serde_json::json;

    let w = World::new(pool.clone()).await;
    let day_title = zh("post-day-title", &[("day", "1")]);
    w.fake
        .lose_answer("create_thread", &format!("\"name\":\"{day_title}\""));
    // A role DM: the fixed text before the role.
    let role_told = pieces(Lang::Zh, "ev-role-told", &[]).remove(0);
    w.fake.lose_answer("create_message", &role_told);
    w.started().await;
    let thread = w.day_post();
    let talker = w.user_of(CharId(0)).await;
    w.fake.lose_answer("execute_webhook", "发言0");
    w.say(talker, thread, &["say"], &[("text", 3, json!("发言0"))])
        .await;
    w.settle().await;

    // The day's post: one, recorded, with its index once.
    let posts: BTreeSet<u64> = w
        .fake
        .messages()
        .iter()
        .filter(|m| {
            matches!(w.fake.channel_kind(m.channel), Some(Kind::Post { name, .. }) if name == day_title)
        })
        .map(|m| m.channel)
        .collect();
    assert_eq!(posts.len(), 1, "one post for day 1: {posts:?}");
    let recorded: i64 = sqlx::query_scalar(
        "SELECT thread_id FROM day_threads WHERE day = 1 AND elevator IS NOT NULL",
    )
    .fetch_one(&pool)
    .await
    .expect("day 1 recorded with its index");
    assert_eq!(Some(&(recorded as u64)), posts.iter().next());
    let mut bot_texts: Vec<String> = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == thread && m.webhook.is_none() && m.author.is_none())
        .map(|m| m.content)
        .collect();
    let all = bot_texts.len();
    bot_texts.sort();
    bot_texts.dedup();
    assert_eq!(
        bot_texts.len(),
        all,
        "the bot showed something twice in the day's post"
    );

    // The role DMs: one request each, the lost one included.
    let role_dms: Vec<String> = w
        .fake
        .calls()
        .into_iter()
        .filter(|c| {
            c.operation == "create_message"
                && c.body["content"]
                    .as_str()
                    .is_some_and(|t| says(t, "ev-role-told"))
        })
        .map(|c| c.path)
        .collect();
    assert_eq!(
        role_dms.len(),
        12,
        "one role DM request a player: {role_dms:?}"
    );
    for p in &w.players {
        let told = w
            .fake
            .dms_to(*p)
            .iter()
            .filter(|m| says(&m.content, "ev-role-told"))
            .count();
        assert_eq!(told, 1, "player {p} told their role {told} times");
    }

    // The relayed post: once.
    let relayed = w
        .fake
        .messages()
        .iter()
        .filter(|m| m.channel == thread && m.content == "发言0")
        .count();
    assert_eq!(relayed, 1, "the relayed post was shown {relayed} times");

    // The three lost answers were each tried again once; every delivered message keeps
    // its Discord id.
    let retried: Vec<(String, Option<String>, String)> = sqlx::query_as(
        "SELECT channel, last_error, left(body, 40) FROM outbox
         WHERE delivered_at IS NOT NULL AND attempts = 2 ORDER BY id",
    )
    .fetch_all(&pool)
    .await
    .expect("the retried rows");
    assert_eq!(
        retried.len(),
        3,
        "each lost answer cost one more attempt: {retried:#?}"
    );
    let without_id = count(
        &pool,
        "SELECT count(*) FROM outbox WHERE delivered_at IS NOT NULL AND sent_id IS NULL",
    )
    .await;
    assert_eq!(without_id, 0, "a delivered message without its Discord id");
}

/// A `SELECT count(*) …`.
async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(pool)
        .await
        .expect("count")
}

/// The public vote count is one message redrawn in full by every vote: of several redraws
/// of one round's count waiting in a day post, only the latest is sent (each skipped one is
/// a request the post's 5 per 5 s does not spend, ahead of the posts behind it). The message
/// that creates the count, another round's count and the plain messages are all sent, in
/// order; every row counts as delivered.
#[sqlx::test]
async fn only_the_latest_redraw_of_a_vote_count_waiting_is_sent(pool: PgPool) {
    let game = bare_game(&pool, "redraws").await;
    let tally = |round: u32, opens: bool| serde_json::json!({"tally": {"day": 1, "round": round, "opens": opens}});
    let rows = [
        ("opens", Some(tally(0, true))),
        ("vote 1", Some(tally(0, false))),
        ("a post", None),
        ("vote 2", Some(tally(0, false))),
        ("vote 3", Some(tally(0, false))),
        ("tie round opens", Some(tally(1, true))),
        ("tie vote 1", Some(tally(1, false))),
        ("tie vote 2", Some(tally(1, false))),
        ("the result", None),
    ];
    for (n, (body, meta)) in rows.iter().enumerate() {
        sqlx::query(
            "INSERT INTO outbox (game_id, channel, body, nonce, meta) VALUES ($1, 'public', $2, $3, $4)",
        )
        .bind(game)
        .bind(body)
        .bind(format!("redraw-{n}"))
        .bind(meta)
        .execute(&pool)
        .await
        .expect("a message");
    }
    let recorder = Recorder::default();
    let delivered = dispatch(&Store::new(pool.clone()), None, &recorder)
        .await
        .expect("dispatched");
    let shown: Vec<String> = recorder.shown().into_iter().map(|m| m.body).collect();
    assert_eq!(
        shown,
        [
            "opens",
            "a post",
            "vote 3",
            "tie round opens",
            "tie vote 2",
            "the result"
        ]
    );
    assert_eq!(delivered, rows.len());
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM outbox WHERE delivered_at IS NULL"
        )
        .await,
        0
    );
}

/// The command of `step` (0..36) in a game of 12: each character votes, changes once,
/// then tries a second change (refused).
fn vote_step(step: u16) -> Command {
    let (voter, round) = (step % 12, step / 12);
    Command::by(
        CharId(voter),
        Action::Vote {
            target: CharId((voter * 5 + round * 3 + 1) % 12),
            reason: format!("step {step}"),
        },
    )
}

/// A game's outbox rows in the order they are sent, with the game's own id taken out of
/// the nonces.
async fn outbox_rows(pool: &PgPool, game: i64) -> Vec<(String, String, String, Option<String>)> {
    sqlx::query_as(
        "SELECT channel, body, replace(nonce, 'g' || game_id || '-', 'g-'), meta::TEXT
         FROM outbox WHERE game_id = $1 ORDER BY id",
    )
    .bind(game)
    .fetch_all(pool)
    .await
    .expect("outbox rows")
}

/// Asserts that twin games `t` and `a` (the same setup and commands) hold the same events,
/// outbox rows in the same order, deadline rows (fired by the same worker), command records
/// and snapshots.
pub(crate) async fn assert_twins(pool: &PgPool, store: &Store, t: i64, a: i64) {
    assert_eq!(
        store.events(GameId(t)).await.expect("events"),
        store.events(GameId(a)).await.expect("events"),
        "events of game {t}"
    );
    assert_eq!(
        outbox_rows(pool, t).await,
        outbox_rows(pool, a).await,
        "outbox rows of game {t}"
    );
    // The other rows a change writes, each as a line of text.
    let rows = [
        (
            "deadlines",
            "SELECT kind || ' ' || due_at::TEXT || ' ' || coalesce(fired_by, '-')
             FROM deadlines WHERE game_id = $1 ORDER BY kind, due_at",
        ),
        (
            "command records",
            "SELECT key || ' ' || result::TEXT || ' ' || at::TEXT || ' '
                    || coalesce(command::TEXT, '-')
             FROM commands WHERE game_id = $1 ORDER BY key",
        ),
        (
            "snapshots",
            "SELECT seq::TEXT || ' ' || md5(state::TEXT) FROM snapshots
             WHERE game_id = $1 ORDER BY seq",
        ),
    ];
    for (what, sql) in rows {
        let of = |g: i64| sqlx::query_scalar::<_, String>(sql).bind(g).fetch_all(pool);
        let (of_t, of_a) = (of(t).await.expect(what), of(a).await.expect(what));
        assert_eq!(of_t, of_a, "{what} of game {t}");
    }
}

/// Commands to many games at the same moment are written together (group commit, fewer
/// statements than commands), and exactly as each would be alone: the same outcomes,
/// events, outbox rows in the same order and deadlines as the same commands in twin games
/// run one at a time.
#[sqlx::test]
async fn commands_to_many_games_at_once_are_written_together_as_each_alone(pool: PgPool) {
    const GAMES: u64 = 16;
    let (counted, counter) = crate::common::pgproxy::counted(&pool, 8).await;
    let store = Store::new(counted);
    let now = start() + chrono::Duration::hours(1);
    let mut together = Vec::new();
    let mut alone = Vec::new();
    for seed in 0..GAMES {
        let setup = m32_setup(seed, &[]);
        for (ids, name) in [(&mut together, "together"), (&mut alone, "alone")] {
            let id = store
                .create_game(&format!("{name}-{seed}"), &setup, Lang::En)
                .await
                .expect("created");
            ids.push(id);
        }
    }
    let mut most = 0;
    for step in 0..36u16 {
        let cmd = vote_step(step);
        let key = format!("step-{step}");
        let mut expected = Vec::new();
        for &game in &alone {
            expected.push(
                store
                    .execute(GameId(game), &key, &cmd, now)
                    .await
                    .expect("alone"),
            );
        }
        // Futures, not tasks: nothing starts before `measure` counts.
        let at_once = futures::future::join_all(
            together
                .iter()
                .map(|&game| store.execute(GameId(game), &key, &cmd, now)),
        );
        let (outcomes, cost) = crate::common::pgproxy::measure(&counter, at_once).await;
        let outcomes: Vec<Outcome> = outcomes.into_iter().map(|o| o.expect("together")).collect();
        assert_eq!(outcomes, expected, "step {step}: outcomes");
        // The first step loads each game (the cache is empty after a creation).
        if step > 0 {
            most = most.max(cost.statements);
        }
    }
    assert!(
        most < GAMES as usize / 2,
        "{most} statements for {GAMES} games' commands at once"
    );
    for (&t, &a) in together.iter().zip(&alone) {
        assert_twins(&pool, &store, t, a).await;
    }
}

/// A command whose key is already recorded, waiting with other games' commands: their
/// shared statement fails on the key, so each change is written alone. The repeat gets
/// its first result and writes nothing; the other games' commands are written.
#[sqlx::test]
async fn a_repeated_key_among_other_games_commands_gets_its_first_result(pool: PgPool) {
    let store = Store::new(pool.clone());
    let now = start() + chrono::Duration::hours(1);
    let mut games = Vec::new();
    let mut first = Vec::new();
    for seed in 0..8 {
        let game = store
            .create_game(&format!("repeat-{seed}"), &m32_setup(seed, &[]), Lang::En)
            .await
            .expect("created");
        first.push(
            store
                .execute(GameId(game), "first", &vote_step(0), now)
                .await
                .expect("first vote"),
        );
        games.push(game);
    }
    let before = store.events(GameId(games[0])).await.expect("events").len();
    let at_once = games.iter().enumerate().map(|(i, &game)| {
        let store = store.clone();
        // Game 0 repeats its first key (with a command its state would accept again);
        // the others vote anew.
        let (key, cmd) = if i == 0 {
            ("first", vote_step(12))
        } else {
            ("second", vote_step(1))
        };
        tokio::spawn(async move { store.execute(GameId(game), key, &cmd, now).await })
    });
    let outcomes: Vec<Outcome> = futures::future::join_all(at_once)
        .await
        .into_iter()
        .map(|o| o.expect("task finishes").expect("executes"))
        .collect();
    assert_eq!(outcomes[0], first[0], "the repeated key's first result");
    assert_eq!(
        store.events(GameId(games[0])).await.expect("events").len(),
        before,
        "the repeat wrote nothing"
    );
    for (i, o) in outcomes.iter().enumerate().skip(1) {
        assert!(matches!(o, Outcome::Accepted { .. }), "game {i}: {o:?}");
    }
}

/// A command whose write loses its race to another command this process wrote for the
/// same game runs again on the state that command left, without loading the game: of
/// several players' commands to one game at once, one that lost is not put a load behind
/// the next ones each time. The first vote's statement waits for the game's row (held by
/// another transaction); the second, computed on the same state, waits behind it; once the
/// row is let go, the second takes two statements (the write that lost, the one that
/// counts) and both votes stand.
#[sqlx::test]
async fn a_command_that_lost_to_this_process_runs_again_without_a_load(pool: PgPool) {
    use crate::deadlines::{lock_games, until_waiting};

    let (counted, counter) = crate::common::pgproxy::counted(&pool, 8).await;
    let st = Store::new(counted);
    let game = st
        .create_game("g", &m32_setup(1, &[]), Lang::En)
        .await
        .expect("created");
    st.load(GameId(game)).await.expect("loads");
    let now = start() + chrono::Duration::hours(1);
    let vote = |voter: u16| {
        let st = st.clone();
        let cmd = Command::by(
            CharId(voter),
            Action::Vote {
                target: CharId(5),
                reason: format!("from {voter}"),
            },
        );
        tokio::spawn(async move {
            st.execute(GameId(game), &format!("v{voter}"), &cmd, now)
                .await
        })
    };
    let held = lock_games(&pool, &[game]).await;
    let first = vote(0);
    until_waiting(&pool, 1).await;
    let second = vote(1);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = counter.now().0;
    held.commit().await.expect("commits");
    for (n, v) in [first, second].into_iter().enumerate() {
        let out = v.await.expect("joined").expect("votes");
        assert!(matches!(out, Outcome::Accepted { .. }), "vote {n}: {out:?}");
    }
    let statements = counter.now().0 - before;
    assert_eq!(
        statements, 2,
        "the second vote took {statements} statements after losing to the first"
    );
    let g = st.load(GameId(game)).await.expect("loads");
    let day = g.day().expect("day 1");
    assert_eq!(day.ballots.len(), 2, "both votes stand");
}

/// The store's pool hands a connection given back moments ago out again without a ping
/// (`store::pool_options`), but pings one idle for longer: a connection the server closed
/// meanwhile (a restart, an administrator's `pg_terminate_backend`) is replaced, and the
/// command that takes it never sees the dead one.
#[sqlx::test(migrations = "./migrations")]
async fn a_connection_the_server_closed_while_idle_is_replaced_not_used(pool: PgPool) {
    let opts = (*pool.connect_options()).clone();
    let store_pool = wolfjudge::store::pool_options(1)
        .connect_with(opts)
        .await
        .expect("the store's pool");
    let backend: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(&store_pool)
        .await
        .expect("its one connection");
    let closed: bool = sqlx::query_scalar("SELECT pg_terminate_backend($1)")
        .bind(backend)
        .fetch_one(&pool)
        .await
        .expect("terminated");
    assert!(closed);
    tokio::time::sleep(wolfjudge::store::PING_IF_IDLE + Duration::from_millis(200)).await;
    let now: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(&store_pool)
        .await
        .expect("a statement after the server closed the idle connection");
    assert_ne!(now, backend, "a fresh connection");
}
