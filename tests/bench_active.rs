//! The bench's active-games phase on a small scale: games in play at once on a fast virtual
//! clock, a restart half-way, every due deadline fired exactly once. Timings are reported,
//! never asserted. Each test gets its own database (`#[sqlx::test]`, which needs
//! `DATABASE_URL`).

use sqlx::PgPool;
use wolfjudge::bench::{self, ActiveOptions, Options};

use crate::common::url_of;

#[sqlx::test]
async fn active_games_fire_every_due_deadline_once_across_a_restart(pool: PgPool) {
    let opts = Options {
        games: 0,
        long_games: 0,
        concurrency: 4,
        progress: false,
        active: ActiveOptions {
            games: 60,
            burst: Some(20),
            // An hour a second: 40 spread games have a day close due every 36 minutes.
            speed: 3600.0,
            seconds: 6.0,
            down_seconds: 1.0,
            rate: 20.0,
        },
        ..Options::default()
    };
    let report = bench::run_in(&url_of(&pool), &opts)
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
