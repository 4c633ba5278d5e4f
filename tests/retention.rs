//! Retention (the performance round, storage): `wolfjudge prune` removes delivered messages older than
//! its age (each chat's newest sent message stays), every snapshot but a game's latest and
//! an ended game's old fired deadlines, and packs an ended game's events and command log
//! into one compressed row; a pruned game still loads, exports to the same script and
//! report, replays without a mismatch, and verifies against its commitment.

use std::process::Command as Proc;
use wolfjudge::store::ids::GameId;

use serde_json::Value;
use sqlx::PgPool;
use wolfjudge::engine::{Action, CharId, Command, EventKind};
use wolfjudge::service::replay;
use wolfjudge::store::{Outcome, Store};

use crate::common::url_of;
use crate::export::stored_game;

fn wolfjudge(args: &[&str]) -> std::process::Output {
    Proc::new(env!("CARGO_BIN_EXE_wolfjudge"))
        .args(args)
        .output()
        .expect("wolfjudge runs")
}

/// `wolfjudge prune --older-than <age> --json`, which must succeed; what it says it did.
fn prune(url: &str, age: &str) -> Value {
    let out = wolfjudge(&[
        "prune",
        "--database-url",
        url,
        "--older-than",
        age,
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

async fn count(pool: &PgPool, sql: &str, game: i64) -> i64 {
    sqlx::query_scalar(sql)
        .bind(game)
        .fetch_one(pool)
        .await
        .expect("count")
}

#[sqlx::test(migrations = "./migrations")]
async fn a_pruned_game_still_exports_verifies_and_replays_identically(pool: PgPool) {
    let url = url_of(&pool);
    let store = Store::new(pool.clone());
    let id = stored_game(&store, "retention").await;
    let before = replay::export(&store, GameId(id))
        .await
        .expect("the game exports");
    assert!(before.mismatches.is_empty(), "{:?}", before.mismatches);
    let state = store.kept(GameId(id)).await.expect("the game loads").game;
    assert!(state.ended(), "the simulated game ended");

    // Every message went out (each with its Discord message id), all but the last event's
    // a week and a day ago; the last event's just now.
    store.mark_delivered(&[id]).await.expect("delivered");
    sqlx::query(
        "UPDATE outbox SET sent_id = id, delivered_at = CASE WHEN event_seq = \
         (SELECT max(event_seq) FROM outbox WHERE game_id = $1) THEN now() \
         ELSE now() - interval '8 days' END WHERE game_id = $1",
    )
    .bind(id)
    .execute(&pool)
    .await
    .expect("backdated");
    sqlx::query("UPDATE deadlines SET fired_at = now() - interval '8 days' WHERE game_id = $1 AND fired_at IS NOT NULL")
        .bind(id)
        .execute(&pool)
        .await
        .expect("backdated");
    // The game ended two days ago: too recent for its logs to be packed yet.
    let ended = |days: i32| {
        sqlx::query("UPDATE events SET at = now() - make_interval(days => $2) WHERE game_id = $1")
            .bind(id)
            .bind(days)
            .execute(&pool)
    };
    ended(2).await.expect("backdated");
    let rows = "SELECT count(*) FROM outbox WHERE game_id = $1";
    let recent = "SELECT count(*) FROM outbox WHERE game_id = $1 AND delivered_at > now() - interval '1 day'";
    let channels = "SELECT count(DISTINCT channel) FROM outbox WHERE game_id = $1";
    let snapshots = "SELECT count(*) FROM snapshots WHERE game_id = $1";
    let fired = "SELECT count(*) FROM deadlines WHERE game_id = $1 AND fired_at IS NOT NULL";
    let (rows0, recent0, channels0) = (
        count(&pool, rows, id).await,
        count(&pool, recent, id).await,
        count(&pool, channels, id).await,
    );
    assert!(
        count(&pool, snapshots, id).await > 1,
        "several snapshots to prune"
    );
    assert!(count(&pool, fired, id).await > 0);
    let events = store.events(GameId(id)).await.expect("events");
    let log = store
        .command_log(GameId(id))
        .await
        .expect("the command log");
    let event_rows = "SELECT count(*) FROM events WHERE game_id = $1";
    let command_rows = "SELECT count(*) FROM commands WHERE game_id = $1";
    // The events a member's record across games reads stay rows.
    let cards = "SELECT count(*) FROM events WHERE game_id = $1 \
                 AND kind IN ('card_given', 'cards_converted', 'eliminated', 'substituted', \
                              'appealed', 'game_ended', 'day_opened')";
    let (event_rows0, command_rows0, cards0) = (
        count(&pool, event_rows, id).await,
        count(&pool, command_rows, id).await,
        count(&pool, cards, id).await,
    );
    assert!(
        event_rows0 > 100 && command_rows0 > 50,
        "a whole game's logs"
    );

    let said = prune(&url, "168h");
    let pruned = said["outbox_rows"].as_i64().expect("outbox_rows");
    let rows1 = count(&pool, rows, id).await;
    assert_eq!(rows1, rows0 - pruned, "{said}");
    assert!(
        rows1 <= recent0 + channels0,
        "left: the recent rows and at most each chat's newest ({rows1} of {rows0})"
    );
    assert_eq!(
        count(&pool, recent, id).await,
        recent0,
        "recent messages stay"
    );
    assert_eq!(
        count(&pool, snapshots, id).await,
        1,
        "only the latest snapshot"
    );
    assert_eq!(
        count(&pool, fired, id).await,
        0,
        "an ended game's old deadlines go"
    );
    assert_eq!(said["games_packed"], 0, "ended two days ago: {said}");
    assert_eq!(count(&pool, event_rows, id).await, event_rows0);
    assert_eq!(count(&pool, command_rows, id).await, command_rows0);

    // Eight days after the game ended, its logs are packed: one row for the game, no
    // command rows, and of the events only those of the members' records across games
    // (cards, removals, substitutions, complaints, the end and the days' openings) stay
    // rows; read back, the logs are what they were.
    ended(8).await.expect("backdated");
    let said = prune(&url, "168h");
    assert_eq!(said["games_packed"], 1, "{said}");
    assert_eq!(
        said["log_rows_packed"].as_i64(),
        Some(event_rows0 - cards0 + command_rows0),
        "{said}"
    );
    let packs = "SELECT count(*) FROM game_archive WHERE game_id = $1";
    assert_eq!(count(&pool, packs, id).await, 1);
    assert_eq!(count(&pool, command_rows, id).await, 0);
    assert_eq!(count(&pool, event_rows, id).await, cards0);
    assert_eq!(store.events(GameId(id)).await.expect("events"), events);
    let log_after = store
        .command_log(GameId(id))
        .await
        .expect("the command log");
    assert_eq!(format!("{log_after:?}"), format!("{log:?}"));

    // The game is the same game: it loads to the same state, exports to the same script
    // and report, and replays without a mismatch.
    assert_eq!(store.kept(GameId(id)).await.expect("loads").game, state);
    let after = replay::export(&store, GameId(id))
        .await
        .expect("still exports");
    assert!(after.mismatches.is_empty(), "{:?}", after.mismatches);
    assert_eq!(
        serde_json::to_value(&after.script).expect("json"),
        serde_json::to_value(&before.script).expect("json")
    );
    assert_eq!(
        serde_json::to_value(&after.report).expect("json"),
        serde_json::to_value(&before.report).expect("json")
    );

    // `wolfjudge export` then `wolfjudge verify` against the commitment published at the
    // start.
    let dir = std::env::temp_dir().join(format!("wolfjudge-prune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.json").to_string_lossy().to_string();
    let out = wolfjudge(&[
        "export",
        "retention",
        "--database-url",
        &url,
        "--out",
        &file,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let commitment = store
        .events(GameId(id))
        .await
        .expect("events")
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::SeedCommitted { commitment } => Some(commitment.clone()),
            _ => None,
        })
        .expect("a commitment");
    let out = wolfjudge(&["verify", &file, "--commitment", &commitment, "--lang", "en"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);

    // A second pass finds nothing more; a bad age is refused, naming it.
    let again = prune(&url, "168h");
    assert_eq!(again["outbox_rows"], 0);
    assert_eq!(again["snapshots"], 0);
    assert_eq!(again["games_packed"], 0, "{again}");

    // A command sent to the packed game (an ended game refuses it) is logged after the
    // pack, and the next pass packs it too: the log reads the same before and after.
    let late = store
        .execute(
            GameId(id),
            "late-vote",
            &Command::by(CharId(0), Action::Abstain),
            chrono::Utc::now(),
        )
        .await
        .expect("the command is answered");
    assert!(matches!(late, Outcome::Refused { .. }), "{late:?}");
    let with_late = store
        .command_log(GameId(id))
        .await
        .expect("the command log");
    assert_eq!(with_late.len(), log.len() + 1);
    assert_eq!(count(&pool, command_rows, id).await, 1);
    let third = prune(&url, "0s");
    assert_eq!(third["games_packed"], 1, "{third}");
    assert_eq!(count(&pool, command_rows, id).await, 0);
    assert_eq!(
        format!(
            "{:?}",
            store
                .command_log(GameId(id))
                .await
                .expect("the command log")
        ),
        format!("{with_late:?}")
    );
    assert_eq!(store.events(GameId(id)).await.expect("events"), events);
    let out = wolfjudge(&["prune", "--database-url", &url, "--older-than", "a week"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--older-than"));
}
