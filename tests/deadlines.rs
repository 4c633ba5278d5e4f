//! The deadline worker's two lanes (the performance round): a deadline that falls due after a burst
//! began is not held up behind the burst, and a worker's round ends within its budget so
//! that the next one starts from the clock's new time; and while a burst is being fired,
//! the process's dispatcher lets it go first.

use chrono::{DateTime, Duration, SubsecRound, Utc};
use sqlx::PgPool;
use wolfjudge::i18n::Lang;
use wolfjudge::runtime::deadlines::Firings;
use wolfjudge::runtime::dispatch::{Earlier, Messenger, OutMessage, SendError};
use wolfjudge::store::ids::GameId;
use wolfjudge::store::Store;

use crate::outage::{game_closing_at, games_closing_at};

/// More games than one look takes (256) whose day closes (and the warnings and reminders
/// before them) fell due together an hour ago, and one whose earlier deadlines fired on
/// time and whose close fell due a minute ago. Fired in one call, the late game's deadline
/// is among the first few rounds of slots, not after the 300; everything fires once. A
/// round with a budget of 1 ms starts one round of slots and stops; the next round goes on.
#[sqlx::test(migrations = "./migrations")]
async fn a_deadline_due_after_a_burst_does_not_wait_behind_it(pool: PgPool) {
    let st = Store::new(pool);
    let now = Utc::now().trunc_subsecs(6);
    const BURST: u64 = 300;
    games_closing_at(&st, "burst", BURST, now - Duration::hours(1)).await;
    let late = st
        .create_game(
            "late",
            &game_closing_at(999, now - Duration::minutes(1)),
            Lang::En,
        )
        .await
        .expect("created");
    // The late game's earlier deadlines (warnings, reminders) fired on time: what is left
    // due of it is its close, a minute ago, while the burst is still being fired.
    let before = wolfjudge::runtime::deadlines::fire_due(
        &st,
        Some(GameId(late)),
        now - Duration::minutes(2),
        "w",
    )
    .await
    .expect("fired");
    assert!(!before.is_empty());

    let first = wolfjudge::runtime::deadlines::fire_due_within(
        &st,
        None,
        &|| now,
        "w",
        Some(std::time::Duration::from_millis(1)),
        &[],
    )
    .await
    .expect("a round");
    assert!(
        !first.is_empty() && first.len() <= 12,
        "one round of slots: {}",
        first.len()
    );

    let rest = wolfjudge::runtime::deadlines::fire_due(&st, None, now, "w")
        .await
        .expect("fired");
    let position = first
        .iter()
        .chain(&rest)
        .position(|f| f.game_id.get() == late)
        .expect("the late game's deadline fired");
    assert!(
        position < 100,
        "the late game's deadline came {position}th of {}: behind the burst",
        first.len() + rest.len()
    );
    // Each game's deadlines in time order, each once.
    let mut seen = std::collections::BTreeSet::new();
    let mut last: std::collections::BTreeMap<i64, chrono::DateTime<Utc>> = Default::default();
    for f in first.iter().chain(&rest) {
        assert!(
            seen.insert((f.game_id, f.due.kind.clone(), f.due.at)),
            "fired twice"
        );
        if let Some(prev) = last.insert(f.game_id.get(), f.due.at) {
            assert!(prev <= f.due.at, "game {}: out of order", f.game_id);
        }
    }
    assert_nothing_due(&st, now).await;
}

/// A firing that cannot commit holds one of the worker's slots, not the worker (the performance round,
/// target 6): a round that reaches its budget returns without waiting for the firings it
/// started, and the next rounds go on firing while they wait. `stuck`'s close is due first
/// and its row is locked by another transaction (a slow command, say); thirty games' closes
/// fall due after it. The round that starts `stuck`'s close returns at its budget, and the
/// next rounds fire the thirty while it waits, each once; once the lock goes, a round
/// returns `stuck`'s close too, and nothing is left due. (A round that waited for its
/// firings waits for the lock: nothing else fires.) A firing that waits holds the changes
/// written in its group statement too, and one of the group's two writers: here it is
/// alone in its statement.
#[sqlx::test(migrations = "./migrations")]
async fn a_firing_that_waits_holds_a_slot_not_the_worker(pool: PgPool) {
    const GAMES: u64 = 30;
    let st = Store::new(pool.clone());
    let now = Utc::now().trunc_subsecs(6);
    let (first, then) = (now - Duration::minutes(2), now - Duration::minutes(1));
    let stuck = st
        .create_game("stuck", &game_closing_at(99, first), Lang::En)
        .await
        .expect("created");
    let games = games_closing_at(&st, "g", GAMES, then).await;
    // Only the closes are left due.
    wolfjudge::runtime::deadlines::fire_due(&st, None, first - Duration::seconds(1), "w")
        .await
        .expect("fired");
    let budget = Some(std::time::Duration::from_millis(50));
    let within = std::time::Duration::from_secs(10);
    let mut firings = Firings::new(&st, "w");
    let held = lock_games(&pool, &[stuck]).await;

    let fired = tokio::time::timeout(within, firings.round(&|| first, budget, &[]))
        .await
        .expect("the round waited for its firing")
        .expect("a round");
    assert!(fired.is_empty(), "stuck's close cannot commit");
    assert_eq!(firings.in_flight(), 1);
    // Its statement waits for the lock (alone: nothing else was due), so that the closes
    // after it are not written in the same statement.
    until_waiting(&pool, 1).await;

    let mut closed = Vec::new();
    let began = std::time::Instant::now();
    while closed.len() < games.len() {
        assert!(
            began.elapsed() < within,
            "{} of {GAMES} closes fired while stuck's waits",
            closed.len()
        );
        let fired = firings.round(&|| now, budget, &[]).await.expect("a round");
        closed.extend(
            fired
                .iter()
                .filter(|f| f.due.kind == "tick" && f.events > 0)
                .map(|f| f.game_id.get()),
        );
    }
    closed.sort_unstable();
    assert_eq!(closed, games, "every other close, once");
    assert_eq!(firings.in_flight(), 1, "stuck's close still waits, once");

    held.commit().await.expect("lets go");
    let fired = tokio::time::timeout(within, firings.round(&|| now, None, &[]))
        .await
        .expect("the last round ends")
        .expect("a round");
    let last: Vec<i64> = fired
        .iter()
        .filter(|f| f.due.kind == "tick" && f.events > 0)
        .map(|f| f.game_id.get())
        .collect();
    assert_eq!(last, vec![stuck], "stuck's close, once its row is free");
    assert_eq!(firings.in_flight(), 0);
    assert_nothing_due(&st, now).await;
}

/// Asserts that no deadline is left due by `now`.
async fn assert_nothing_due(st: &Store, now: DateTime<Utc>) {
    let next = st.next_due(None, &[]).await.expect("next");
    assert_eq!(next.filter(|d| *d <= now), None, "a deadline left due");
}

/// Records when each send began.
#[derive(Default)]
struct SendTimes(std::sync::Mutex<Vec<std::time::Instant>>);

impl Messenger for SendTimes {
    async fn send(
        &self,
        _msg: &OutMessage,
        _earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        self.0
            .lock()
            .map_err(|e| SendError::new(e.to_string()))?
            .push(std::time::Instant::now());
        Ok(None)
    }
}

/// A burst goes before delivery (the performance round): while a worker round has more games'
/// day closes due than it fires at once, the same process's dispatcher sends nothing; it
/// sends the waiting messages once the last of the burst has a slot. 120 games whose only
/// due deadline is their close; the dispatcher starts as the first close commits. Its
/// first send comes after the 108th close committed (120 less the 12 slots), and it then
/// delivers everything.
#[sqlx::test(migrations = "./migrations")]
async fn a_burst_being_fired_goes_before_delivery(pool: PgPool) {
    const BURST: usize = 120;
    const SLOTS: usize = 12;
    let st = Store::new(pool.clone());
    let now = Utc::now().trunc_subsecs(6);
    let closes = now - Duration::minutes(1);
    games_closing_at(&st, "burst", BURST as u64, closes).await;
    // The warnings and reminders before the closes fired on time: the closes are left.
    wolfjudge::runtime::deadlines::fire_due(&st, None, closes - Duration::seconds(1), "w")
        .await
        .expect("fired");
    let waiting: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE delivered_at IS NULL")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert!(waiting > 0, "messages wait to be sent");

    let fired_so_far = || async {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM deadlines WHERE fired_at IS NOT NULL")
            .fetch_one(&pool)
            .await
            .expect("count")
    };
    let before = fired_so_far().await;
    let firing = {
        let st = st.clone();
        tokio::spawn(
            async move { wolfjudge::runtime::deadlines::fire_due(&st, None, now, "w").await },
        )
    };
    // The dispatcher starts as the burst's first close commits.
    while fired_so_far().await == before {
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    let sends = SendTimes::default();
    let delivered = wolfjudge::runtime::dispatch::dispatch(&st, None, &sends)
        .await
        .expect("dispatched");
    let mut fired = firing.await.expect("joined").expect("fired");
    assert_eq!(fired.len(), BURST, "each game's close, once");

    fired.sort_by_key(|f| f.committed);
    let queue_empty = fired[BURST - SLOTS - 1].committed;
    let sends = sends.0.into_inner().expect("sends");
    let first = *sends
        .iter()
        .min()
        .expect("the dispatcher sent the waiting messages");
    assert!(
        first > queue_empty,
        "a message was sent {:?} before the last of the burst had a slot",
        queue_empty - first
    );
    assert!(
        delivered as i64 >= waiting,
        "{delivered} of {waiting} delivered"
    );
}

/// The worker reads the clock at each look: a day close that falls due while a round fires
/// a burst is found by the round's next look for the newest deadlines, and fired among the
/// burst instead of after it (or only in the next round). 300 games' closes fell due a
/// minute ago; one more game's close falls due 10 ms into the round (a debug build fires
/// the 300 in about 120 ms).
#[sqlx::test(migrations = "./migrations")]
async fn a_deadline_falling_due_during_a_round_is_found_by_it(pool: PgPool) {
    const BURST: u64 = 300;
    let st = Store::new(pool);
    let now = Utc::now().trunc_subsecs(6);
    let closes = now - Duration::minutes(1);
    games_closing_at(&st, "burst", BURST, closes).await;
    let falls_due = now + Duration::milliseconds(10);
    let late = st
        .create_game("late", &game_closing_at(999, falls_due), Lang::En)
        .await
        .expect("created");
    // Only the closes are left due.
    wolfjudge::runtime::deadlines::fire_due(&st, None, closes - Duration::seconds(1), "w")
        .await
        .expect("fired");
    wolfjudge::runtime::deadlines::fire_due(
        &st,
        Some(GameId(late)),
        falls_due - Duration::seconds(1),
        "w",
    )
    .await
    .expect("fired");

    // A clock that runs from `now` as the round goes on.
    let began = std::time::Instant::now();
    let clock = || now + Duration::from_std(began.elapsed()).expect("a short time");
    let fired = wolfjudge::runtime::deadlines::fire_due_within(&st, None, &clock, "w", None, &[])
        .await
        .expect("the round");
    let position = fired
        .iter()
        .position(|f| f.game_id.get() == late)
        .expect("the close that fell due during the round was fired by it");
    let after = fired.len() - position - 1;
    assert!(
        after >= 100,
        "the late close came {position}th of {}, only {after} of the burst after it",
        fired.len()
    );
}

/// The bot's worker reads a closing day's post back before the close fires, so that a post
/// the gateway missed counts; a read-back is Discord's time, not the database's, so only
/// that close waits for it (the performance round). Three games' days closed a minute or two
/// ago: `slow`'s post takes long to read back, `quick`'s is read at once, and `masked` is
/// anonymous (a member's own message never counts there, so its close does not wait; its
/// post is read after the others, to remove messages that show an account). The first
/// round fires `masked`'s close while all three posts are being read, the next one
/// `quick`'s, and `slow`'s only once its post is read back; each post is read once, the
/// newest close first.
#[sqlx::test(migrations = "./migrations")]
async fn a_close_waits_for_its_own_read_back_only(pool: PgPool) {
    use std::collections::BTreeMap;
    use std::sync::{Arc, Mutex};
    use tokio::sync::Semaphore;
    use wolfjudge::discord::readback::{self, ReadBacks};
    use wolfjudge::engine::{Phase, Ruleset};
    use wolfjudge::service::clock::VirtualClock;
    use wolfjudge::service::{Channel, GameId, Service};

    let now = Utc::now().trunc_subsecs(6);
    let clock = VirtualClock::new(now);
    let service = Service::new(
        Store::new(pool),
        Arc::new(clock.clone()),
        BTreeMap::new(),
        None,
    );
    let st = service.store();
    let game = |i: u64, closes, anonymous| {
        let mut setup = game_closing_at(i, closes);
        let options = BTreeMap::from([
            ("auto_cards".to_string(), toml::Value::Boolean(false)),
            ("anonymous".to_string(), toml::Value::Boolean(anonymous)),
        ]);
        setup.ruleset = Ruleset::builtin("m32", &options).expect("m32 loads");
        setup
    };
    let mut games = Vec::new();
    for (i, (ago, anonymous)) in [(2, false), (1, false), (1, true)].into_iter().enumerate() {
        let closes = now - Duration::minutes(ago);
        let id = st
            .create_game(
                &format!("g{i}"),
                &game(i as u64, closes, anonymous),
                Lang::En,
            )
            .await
            .expect("created");
        service
            .day_posted(GameId(id), 1, Channel::new(100 + i as u64))
            .await
            .expect("its day post");
        // Only the close is left due.
        wolfjudge::runtime::deadlines::fire_due(
            st,
            Some(GameId(id)),
            closes - Duration::seconds(1),
            "w",
        )
        .await
        .expect("fired");
        games.push(id);
    }
    let [slow, quick, masked] = games[..] else {
        unreachable!()
    };
    let open = |id: i64| {
        let st = st.clone();
        async move {
            let g = st.load(GameId(id)).await.expect("the game");
            matches!(g.phase(), Phase::Day { day: 1, .. }) && g.day().is_some_and(|d| !d.closed)
        }
    };

    let asked = Arc::new(Mutex::new(Vec::new()));
    // The slow post's and the anonymous one's reads end when released.
    let release = Arc::new(Semaphore::new(0));
    let reader: readback::Reader = {
        let (asked, release) = (asked.clone(), release.clone());
        Box::new(move |c| {
            asked.lock().expect("asked").push(c.thread.get());
            let release = release.clone();
            Box::pin(async move {
                if c.thread != Channel::new(101) {
                    release.acquire().await.expect("open").forget();
                }
                Ok(())
            })
        })
    };
    let mut reads = ReadBacks::new(8, reader);
    // What a round leaves in flight finishes before each look at the games.
    let mut firings = Firings::new(service.store(), "w");
    let poll = std::time::Duration::from_secs(1);
    let within = |what: &'static str| {
        move |r: Result<_, tokio::time::error::Elapsed>| r.unwrap_or_else(|_| panic!("{what}"))
    };

    readback::round(&service, &mut reads, &mut firings, poll)
        .await
        .expect("round 1");
    firings.settle().await.expect("round 1's firings");
    assert_eq!(
        *asked.lock().expect("asked"),
        vec![101, 100, 102],
        "the newest close first, the anonymous post after"
    );
    assert!(
        !open(masked).await,
        "the anonymous game's close fired at once, its post still being read"
    );
    assert!(
        open(slow).await && open(quick).await,
        "both wait for their post"
    );

    within("quick's read ends")(tokio::time::timeout(poll, reads.next_done()).await).expect("read");
    readback::round(&service, &mut reads, &mut firings, poll)
        .await
        .expect("round 2");
    firings.settle().await.expect("round 2's firings");
    assert!(
        !open(quick).await,
        "quick's close fired once its post was read"
    );
    assert!(open(slow).await, "slow's close waits for its post");

    release.add_permits(2);
    while reads.waiting() {
        within("the reads end")(tokio::time::timeout(poll, reads.next_done()).await).expect("read");
    }
    readback::round(&service, &mut reads, &mut firings, poll)
        .await
        .expect("round 3");
    firings.settle().await.expect("round 3's firings");
    assert!(!open(slow).await, "slow's close fired after its read-back");
    assert_eq!(
        *asked.lock().expect("asked"),
        vec![101, 100, 102],
        "each post read back once"
    );
}

/// Which transaction last wrote each row of `table` of `games` (PostgreSQL's `xmin`):
/// rows written by one statement share it.
async fn writers_of(pool: &PgPool, table: &str, games: &[i64], filter: &str) -> usize {
    let sql = format!(
        "SELECT count(DISTINCT xmin::TEXT) FROM {table} WHERE game_id = ANY($1) AND {filter}"
    );
    let n: i64 = sqlx::query_scalar(&sql)
        .bind(games)
        .fetch_one(pool)
        .await
        .expect("count");
    n as usize
}

/// A burst of day closes is written in a few statements (group commit, as commands are),
/// and exactly as each close would be alone: 16 games' closes fired together and the same
/// closes of 16 twin games fired one game at a time give the same events, outbox rows in
/// the same order, and deadlines; the 16 together take fewer than 8 transactions (16
/// alone, one each).
#[sqlx::test(migrations = "./migrations")]
async fn a_burst_of_closes_is_written_together_as_each_alone(pool: PgPool) {
    const GAMES: u64 = 16;
    let st = Store::new(pool.clone());
    let now = Utc::now().trunc_subsecs(6);
    let closes = now - Duration::minutes(1);
    let together = games_closing_at(&st, "together", GAMES, closes).await;
    let alone = games_closing_at(&st, "alone", GAMES, closes).await;
    // The reminders before the closes fired on time: the closes are left.
    wolfjudge::runtime::deadlines::fire_due(&st, None, closes - Duration::seconds(1), "w")
        .await
        .expect("fired");
    for &game in &alone {
        let fired = wolfjudge::runtime::deadlines::fire_due(&st, Some(GameId(game)), now, "w")
            .await
            .expect("fired");
        assert_eq!(fired.len(), 1, "game {game}: its close");
    }
    let fired = wolfjudge::runtime::deadlines::fire_due(&st, None, now, "w")
        .await
        .expect("fired");
    assert_eq!(fired.len(), GAMES as usize, "each close once");
    assert!(
        fired.iter().all(|f| f.events > 0),
        "each close wrote events"
    );

    let close = "kind = 'tick' AND fired_at IS NOT NULL";
    assert_eq!(writers_of(&pool, "deadlines", &alone, close).await, 16);
    let statements = writers_of(&pool, "deadlines", &together, close).await;
    assert!(
        statements < GAMES as usize / 2,
        "{statements} transactions wrote {GAMES} closes fired together"
    );
    for (&t, &a) in together.iter().zip(&alone) {
        crate::store::assert_twins(&pool, &st, t, a).await;
    }
}

/// How many of this database's statements wait for a lock.
async fn waiting_for_locks(pool: &PgPool) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
    .fetch_one(pool)
    .await
    .expect("count")
}

/// Waits until `done` holds, looking every 5 ms, at most 20 s; fails saying `never` if it
/// does not.
async fn until<Fut>(never: &str, mut done: impl FnMut() -> Fut)
where
    Fut: std::future::Future<Output = bool>,
{
    let began = std::time::Instant::now();
    while !done().await {
        assert!(began.elapsed().as_secs() < 20, "{never}");
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}

/// Waits until `n` changes wait in `st`'s write queue behind the ones being written (at
/// most 20 s): a sleep stood in for it, and a loaded machine could outlast the sleep.
async fn until_queued(st: &Store, n: usize) {
    until(&format!("{n} changes never queued"), || async {
        st.writes_waiting() >= n
    })
    .await;
}

/// Waits until `n` of this database's statements wait for a lock (at most 20 s).
pub(crate) async fn until_waiting(pool: &PgPool, n: i64) {
    until(&format!("{n} statements never waited"), || async {
        waiting_for_locks(pool).await >= n
    })
    .await;
}

/// Locks the rows of `games` in a transaction of its own, which it returns (open).
pub(crate) async fn lock_games(
    pool: &PgPool,
    games: &[i64],
) -> sqlx::Transaction<'static, sqlx::Postgres> {
    let mut tx = pool.begin().await.expect("begins");
    sqlx::query("SELECT id FROM games WHERE id = ANY($1) FOR UPDATE")
        .bind(games)
        .execute(&mut *tx)
        .await
        .expect("locks");
    tx
}

/// Another worker fires half of twelve games' reminders while this worker's group
/// statement for all twelve waits for the games' rows (the other's transaction holds them,
/// and commits once the group waits). The group's writes that lost the race write no
/// reminder a second time and report nothing fired; the other half's reminders are fired
/// by this worker, with their messages, all in that one statement. (Two decoy games'
/// fires, held by locks of their own, keep both writers busy while the twelve queue up, so
/// that the twelve go in one group.)
#[sqlx::test(migrations = "./migrations")]
async fn a_reminder_fired_by_another_worker_while_a_group_waits_is_sent_once(pool: PgPool) {
    const GAMES: u64 = 12;
    let st = Store::new(pool.clone());
    let now = Utc::now().trunc_subsecs(6);
    let games = games_closing_at(&st, "g", GAMES, now).await;
    // Their reminders are due 2 hours before `now`; the decoys' an hour before.
    let mut decoys = Vec::new();
    for i in 0..2 {
        let id = st
            .create_game(
                &format!("decoy-{i}"),
                &game_closing_at(100 + i, now + Duration::hours(1)),
                Lang::En,
            )
            .await
            .expect("created");
        decoys.push(id);
    }
    let (others, ours): (Vec<i64>, Vec<i64>) =
        games.chunks(2).map(|pair| (pair[0], pair[1])).unzip();
    let reminder = "kind LIKE 'reminder:%'";

    // Both writers wait for the decoys' rows: one decoy's fire at a time, each waiting
    // before the next starts (two fires queued at once would go in one writer's group).
    let decoys_held = lock_games(&pool, &decoys).await;
    let mut decoy_fires = Vec::new();
    for (n, &d) in decoys.iter().enumerate() {
        let st = st.clone();
        decoy_fires.push(tokio::spawn(async move {
            wolfjudge::runtime::deadlines::fire_due(
                &st,
                Some(GameId(d)),
                now - Duration::minutes(30),
                "w",
            )
            .await
        }));
        until_waiting(&pool, n as i64 + 1).await;
    }

    // The other worker holds the twelve games' rows and fires half of their reminders.
    let mut other = lock_games(&pool, &games).await;
    sqlx::query(&format!(
        "UPDATE deadlines SET fired_at = now(), fired_by = 'other'
         WHERE game_id = ANY($1) AND {reminder}"
    ))
    .bind(&others)
    .execute(&mut *other)
    .await
    .expect("fires");

    // This worker's fires of the twelve queue up behind the decoys.
    let firing = {
        let st = st.clone();
        tokio::spawn(async move {
            wolfjudge::runtime::deadlines::fire_due(&st, None, now - Duration::minutes(90), "w")
                .await
        })
    };
    until_queued(&st, GAMES as usize).await;
    decoys_held.commit().await.expect("commits");
    for f in decoy_fires {
        let fired = f.await.expect("joined").expect("fired");
        assert_eq!(fired.len(), 1, "the decoy's reminder");
    }
    // The twelve's group now waits for the other's rows; the other commits.
    until_waiting(&pool, 1).await;
    other.commit().await.expect("commits");

    let fired = firing.await.expect("joined").expect("fired");
    let mut by_us: Vec<i64> = fired.iter().map(|f| f.game_id.get()).collect();
    by_us.sort_unstable();
    assert_eq!(by_us, ours, "this worker fired the reminders it won, only");
    for (set, by) in [(&others, "other"), (&ours, "w")] {
        let fired_by: Vec<String> = sqlx::query_scalar(&format!(
            "SELECT DISTINCT fired_by FROM deadlines WHERE game_id = ANY($1) AND {reminder}"
        ))
        .bind(set)
        .fetch_all(&pool)
        .await
        .expect("fired_by");
        assert_eq!(fired_by, [by]);
    }
    let sent = |set: Vec<i64>| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(
                "SELECT count(*) FROM outbox WHERE game_id = ANY($1) AND nonce LIKE '%reminder:%'",
            )
            .bind(set)
            .fetch_one(&pool)
            .await
            .expect("count")
        }
    };
    assert_eq!(
        sent(others.clone()).await,
        0,
        "a reminder the other fired, written again"
    );
    // To each day's thread, once (the vote count there shows who has not voted: no DM
    // repeats it to the twelve).
    assert_eq!(sent(ours.clone()).await, ours.len() as i64);
    // The twelve went in one statement: it moved every game's row (the others' too, to
    // the seq they had) and fired our half.
    let mut together = games.clone();
    together.sort_unstable();
    let rows: i64 =
        sqlx::query_scalar("SELECT count(DISTINCT xmin::TEXT) FROM games WHERE id = ANY($1)")
            .bind(&together)
            .fetch_one(&pool)
            .await
            .expect("count");
    assert_eq!(
        rows, 1,
        "the twelve games' rows were written by {rows} statements"
    );
    assert_eq!(
        writers_of(&pool, "deadlines", &ours, "fired_by = 'w'").await,
        1
    );
}

/// A deadline whose firing loses its race to a command this process wrote for the same
/// game fires on the state that command left, without loading the game again: a game
/// whose players keep posting cannot keep its deadline a load behind them. (Seen before:
/// a reminder that lost 64 races in a row while its game's commands went on, each on the
/// cache, and the worker gave up.) The vote is written first (its statement waits for the
/// game's row, held by another transaction); the reminder's firing, computed on the state
/// before the vote, waits behind it; then the row is let go. After that, the firing takes
/// two statements: the write that lost, and the one that fired, on the state after the
/// vote (the voter is not reminded); a load would be a third.
#[sqlx::test(migrations = "./migrations")]
async fn a_firing_that_lost_to_this_process_retries_on_its_state_without_a_load(pool: PgPool) {
    use wolfjudge::engine::{Action, CharId, Command};

    let (counted, counter) = crate::common::pgproxy::counted(&pool, 8).await;
    let st = Store::new(counted);
    let now = Utc::now().trunc_subsecs(6);
    let game = cached_game_closing_at(&st, 7, now).await;

    let held = lock_games(&pool, &[game]).await;
    let vote = {
        let st = st.clone();
        let cmd = Command::by(
            CharId(0),
            Action::Vote {
                target: CharId(1),
                reason: "quiet".into(),
            },
        );
        tokio::spawn(async move {
            st.execute(GameId(game), "vote", &cmd, now - Duration::minutes(100))
                .await
        })
    };
    until_waiting(&pool, 1).await;
    let firing = {
        let st = st.clone();
        tokio::spawn(async move {
            st.fire_next(Some(GameId(game)), now - Duration::minutes(90), "w")
                .await
        })
    };
    // The firing has found its deadline and waits behind the vote's write.
    until_queued(&st, 1).await;
    let before = counter.now().0;
    held.commit().await.expect("commits");
    let voted = vote.await.expect("joined").expect("votes");
    assert!(
        matches!(voted, wolfjudge::store::Outcome::Accepted { .. }),
        "the vote: {voted:?}"
    );
    let fired = firing
        .await
        .expect("joined")
        .expect("fires")
        .expect("the reminder was due");
    assert_eq!(fired.due.kind, "reminder:vote:1:0");
    let statements = counter.now().0 - before;
    assert_eq!(
        statements, 2,
        "the firing took {statements} statements after losing to the vote"
    );
    // To the day's thread only, once: the vote count there shows who has not voted, so no
    // DM repeats the reminder to them.
    let reminded: Vec<String> = sqlx::query_scalar(
        "SELECT channel FROM outbox WHERE game_id = $1 AND nonce LIKE '%reminder:%' ORDER BY id",
    )
    .bind(game)
    .fetch_all(&pool)
    .await
    .expect("reminders");
    assert_eq!(reminded, ["public"], "{reminded:?}");
}

/// A deadline fires while its game's commands keep coming one after the other (a player
/// posting without a pause, each post sent as soon as the one before is answered): the
/// firing that lost its race to a post gets the game's next turn, instead of losing to the
/// next post again and again until it gives up (seen in the bench: 64 lost races in a
/// row, and the worker failed). The posts go on meanwhile, and few of them are written
/// between the firing's start and its commit.
#[sqlx::test(migrations = "./migrations")]
async fn a_deadline_fires_while_its_games_posts_keep_coming(pool: PgPool) {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Arc;
    use wolfjudge::engine::{Action, CharId, Command};

    let st = Store::new(pool.clone());
    let now = Utc::now().trunc_subsecs(6);
    let game = cached_game_closing_at(&st, 8, now).await;
    let stop = Arc::new(AtomicBool::new(false));
    let posted = Arc::new(AtomicUsize::new(0));
    let posting = {
        let (st, stop, posted) = (st.clone(), stop.clone(), posted.clone());
        tokio::spawn(async move {
            while !stop.load(Ordering::Acquire) {
                let n = posted.load(Ordering::Acquire);
                let cmd = Command::by(
                    CharId((n % 12) as u16),
                    Action::Post {
                        text: format!("post {n}"),
                    },
                );
                st.execute(
                    GameId(game),
                    &format!("p{n}"),
                    &cmd,
                    now - Duration::minutes(100),
                )
                .await
                .expect("posts");
                posted.fetch_add(1, Ordering::AcqRel);
            }
        })
    };
    while posted.load(Ordering::Acquire) < 20 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let before = posted.load(Ordering::Acquire);
    let fired = st
        .fire_next(Some(GameId(game)), now - Duration::minutes(90), "w")
        .await;
    let during = posted.load(Ordering::Acquire) - before;
    stop.store(true, Ordering::Release);
    posting.await.expect("joined");
    let fired = fired.expect("the reminder fires").expect("it was due");
    assert_eq!(fired.due.kind, "reminder:vote:1:0");
    assert!(
        during < 16,
        "{during} posts were written while the reminder was being fired"
    );
    let reminded: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM outbox WHERE game_id = $1 AND nonce LIKE '%reminder:%'",
    )
    .bind(game)
    .fetch_one(&pool)
    .await
    .expect("count");
    assert_eq!(reminded, 1, "to the thread, once (no DM repeats it)");
}

/// A game whose day 1 closes at `closes` (its vote reminder 2 hours before), created and
/// loaded into `st`'s cache, as a game in play is.
async fn cached_game_closing_at(st: &Store, seed: u64, closes: chrono::DateTime<Utc>) -> i64 {
    let game = st
        .create_game("g", &game_closing_at(seed, closes), Lang::En)
        .await
        .expect("created");
    st.load(GameId(game)).await.expect("loads");
    game
}
