//! The bench's active-games phase on a small scale: games in play at once on a fast virtual
//! clock, a restart half-way, every due deadline fired exactly once. Timings are reported,
//! never asserted; the Discord-limits phase likewise, its virtual clock checked against its
//! bound. Each test gets its own database (`#[sqlx::test]`, which needs
//! `DATABASE_URL`).

use std::time::Duration;

use sqlx::PgPool;
use wolfjudge::bench::{self, ActiveOptions, BenchError, LimitsOptions, Options, ReadBackOptions};

use crate::common::url_of;

/// Longer than any of these runs takes on a loaded CI machine (each takes seconds alone).
const LIMIT: Duration = Duration::from_secs(300);

/// Runs the bench on `pool`'s database; a run still going after [`LIMIT`] fails the test
/// with what the database's sessions were waiting for and the deadlines due but unfired,
/// instead of holding CI until its own limit.
async fn run_bounded(pool: &PgPool, opts: &Options) -> Result<bench::Report, BenchError> {
    let url = url_of(pool);
    match tokio::time::timeout(LIMIT, bench::run_in(&url, opts)).await {
        Ok(ran) => ran,
        Err(_) => panic!(
            "the bench was still running after {LIMIT:?}: {}",
            stuck(pool).await
        ),
    }
}

/// What a stuck run's database shows: each other session's state, wait and statement, and
/// the deadlines due (by the latest command's time) that no worker fired.
async fn stuck(pool: &PgPool) -> String {
    let sessions: Vec<(Option<String>, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT state, wait_event_type || ':' || wait_event, left(query, 200)
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .fetch_all(pool)
    .await
    .unwrap_or_default();
    let unfired: Option<i64> = sqlx::query_scalar(
        "SELECT count(*) FROM deadlines
         WHERE fired_at IS NULL AND due_at <= (SELECT max(at) FROM commands)",
    )
    .fetch_one(pool)
    .await
    .ok();
    format!("sessions {sessions:?}; deadlines due but unfired: {unfired:?}")
}

/// No main phase, no long games, four commands at a time, no progress bar.
fn quiet() -> Options {
    Options {
        games: 0,
        long_games: 0,
        concurrency: 4,
        progress: false,
        ..Options::default()
    }
}

#[sqlx::test]
async fn active_games_fire_every_due_deadline_once_across_a_restart(pool: PgPool) {
    let opts = Options {
        active: ActiveOptions {
            games: 60,
            burst: Some(20),
            // An hour a second: 40 spread games have a day close due every 36 minutes.
            speed: 3600.0,
            seconds: 6.0,
            down_seconds: 1.0,
            rate: 20.0,
        },
        ..quiet()
    };
    let report = run_bounded(&pool, &opts)
        .await
        .expect("the bench runs and its checks pass");
    assert_eq!(report.games, 0);
    assert!(report.long_games.is_none());
    let a = report.active.as_ref().expect("the active phase ran");
    assert_eq!((a.games, a.burst), (60, 20));
    assert!(a.deadlines_fired > 0, "{a:#?}");
    // The burst games' day closes came due at one instant, and their nights' after them.
    assert!(a.burst_instants > 0 && a.burst_deadlines >= 20, "{a:#?}");
    // The hour the service was down left deadlines for the restarted worker.
    assert!(a.restart.backlog_deadlines > 0, "{a:#?}");
    assert!(
        a.restart.ready_ms > 0.0 && a.restart.connect_ms > 0.0,
        "{a:#?}"
    );
    // Every deadline row fired is counted once among those the workers fired.
    assert_eq!(
        a.deadlines_checked,
        a.due_before_clock + a.deadlines_fired + a.restart.backlog_deadlines,
        "{a:#?}"
    );
    // (A message the restart's kill caught between its send and its mark is sent again,
    // under its nonce: repeated sends are reported, not asserted.)
    assert!(a.commands > 0 && a.messages_delivered > 0, "{a:#?}");
    assert!(report.text().contains("ready to serve"));
}

/// The Discord-limits phase on a small scale: games sharing a start close their first day
/// together; every game is played to its end through the request planner; the close is timed
/// on the virtual clock no faster than the limits allow, and each player's DM channel is
/// opened once a game at most.
#[sqlx::test]
async fn discord_limits_time_a_burst_of_day_closes(pool: PgPool) {
    let opts = Options {
        limits: LimitsOptions {
            games: 4,
            ..LimitsOptions::default()
        },
        ..quiet()
    };
    let report = run_bounded(&pool, &opts)
        .await
        .expect("the bench runs and its checks pass");
    let l = report.discord_limits.as_ref().expect("the phase ran");
    assert_eq!(
        (l.games, l.finished, l.matching_simulation),
        (4, 4, 4),
        "{l:#?}"
    );
    assert!(l.burst_games >= 2, "{l:#?}");
    let g = &l.requests_per_game;
    assert!(
        g.dm_channels >= 1.0 && g.dm_channels <= l.players as f64,
        "{l:#?}"
    );
    assert!(
        g.thread_creations >= 1.0 && g.messages > 0.0 && g.dms > 0.0,
        "{l:#?}"
    );
    assert!(
        l.burst_requests > 0 && l.burst_requests_per_game.total > 0.0,
        "{l:#?}"
    );
    for t in [&l.channels_at_once, &l.one_at_a_time] {
        assert!(
            t.bound_s > 0.0 && t.all_done_s >= t.bound_s - 1e-9,
            "{t:#?}"
        );
        assert!(t.result_seen_s <= t.all_done_s, "{t:#?}");
    }
    assert!(
        l.one_at_a_time.all_done_s >= l.channels_at_once.all_done_s,
        "{l:#?}"
    );
    // Delivered by the real dispatcher on the real clock: no faster than the limits allow,
    // several channels at once.
    let d = &l.dispatcher;
    assert!(
        d.all_done_s >= d.bound_s - 1e-3 && d.result_seen_s > 0.0,
        "{d:#?}"
    );
    assert!(d.in_flight > 1, "{d:#?}");
    assert!(report.text().contains("discord limits"));
}

/// Plays two games while every firing that marks a deadline fired fails with `message`
/// whenever `fails` holds (SQL over `n`, the firings tried so far, this one included).
async fn two_games_refusing(
    pool: &PgPool,
    fails: &str,
    message: &str,
) -> Result<bench::Report, BenchError> {
    wolfjudge::store::migrate(pool)
        .await
        .expect("the schema is applied");
    for sql in [
        "CREATE SEQUENCE firings_tried".to_string(),
        format!(
            "CREATE FUNCTION refuse_firing() RETURNS trigger LANGUAGE plpgsql AS
             $$ DECLARE n BIGINT := nextval('firings_tried');
                BEGIN IF {fails} THEN RAISE EXCEPTION '{message}'; END IF; RETURN NEW; END $$"
        ),
        "CREATE TRIGGER refuse_firing BEFORE UPDATE OF fired_at ON deadlines
         FOR EACH ROW EXECUTE FUNCTION refuse_firing()"
            .to_string(),
    ] {
        sqlx::query(&sql)
            .execute(pool)
            .await
            .expect("the trigger is made");
    }
    let opts = Options {
        games: 2,
        ..quiet()
    };
    run_bounded(pool, &opts).await
}

/// A deadline worker that keeps failing ends the bench with its error: the games whose
/// next command waits for a deadline to fire are told it stopped, not left waiting for
/// ever (as a CI run once was, killed after 26 minutes). Here every firing fails, while
/// the commands themselves still write.
#[sqlx::test]
async fn a_deadline_worker_that_keeps_failing_ends_the_bench_with_its_error(pool: PgPool) {
    let error = two_games_refusing(&pool, "true", "firing refused by the test")
        .await
        .expect_err("no deadline could fire")
        .to_string();
    assert!(
        error.contains("firing refused by the test"),
        "the worker's own error is reported: {error}"
    );
}

/// A failure that passes is ridden out as the bot's worker does (tried again after a
/// pause): the first two firings fail, and the games still play to their end as simulated.
#[sqlx::test]
async fn the_deadline_worker_rides_out_a_passing_failure(pool: PgPool) {
    let report = two_games_refusing(&pool, "n <= 2", "a passing failure")
        .await
        .expect("the worker tries again and the games end");
    assert_eq!((report.finished, report.matching_simulation), (2, 2));
}

/// The read-back phase on a small scale, both ways. The bot's worker reads 20 closing posts
/// back at once on the outbox's pace (each read a pace step and a 100 ms round trip): the
/// burst is fired no sooner than the pace allows; the closes falling due during it are read
/// first, and the anonymous ones do not wait for their post (read after). Read in turn, as
/// the worker did before, the burst takes a round trip per post, and the other closes wait
/// behind it.
#[sqlx::test]
async fn the_bots_worker_reads_closing_posts_at_once_and_holds_only_their_closes(pool: PgPool) {
    let run = |serial| {
        let opts = Options {
            read_back: ReadBackOptions {
                games: 20,
                serial,
                ..ReadBackOptions::default()
            },
            // Games of their own for each run.
            seed: if serial { 1000 } else { 1 },
            ..quiet()
        };
        let pool = pool.clone();
        async move {
            run_bounded(&pool, &opts)
                .await
                .expect("the bench runs and every close fires")
        }
    };
    let report = run(false).await;
    let r = report.read_back.as_ref().expect("the phase ran");
    assert_eq!(
        (r.burst_games, r.others_read, r.others_anonymous),
        (20, 2, 2)
    );
    // The anonymous days' posts are read after, without holding their close: the phase
    // may end before them.
    assert!((22..=24).contains(&r.reads), "{r:#?}");
    // The pace lets the 20th read go 19 steps after the first, and it takes a round trip.
    assert!(r.burst_seconds >= r.bound_s - 0.15, "{r:#?}");
    assert!(
        r.others_read_lag_ms.max < r.burst_lag_ms.max,
        "closes due during the burst are read first: {r:#?}"
    );
    assert!(report.text().contains("read-back"));

    let before = run(true).await;
    let b = before.read_back.as_ref().expect("the phase ran");
    assert_eq!(b.reads, 24, "every post in turn: {b:#?}");
    assert!(
        b.burst_seconds >= 20.0 * 0.1,
        "a round trip per post: {b:#?}"
    );
    assert!(b.burst_seconds > r.burst_seconds, "{b:#?} against {r:#?}");
    assert!(
        b.others_anonymous_lag_ms.max > r.others_anonymous_lag_ms.max,
        "before, every close waited for the reads: {b:#?} against {r:#?}"
    );
}
