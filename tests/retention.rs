//! Retention (issue 19, storage): `wolfjudge prune` removes delivered messages older than
//! its age (each chat's newest sent message stays), every snapshot but a game's latest and
//! an ended game's old fired deadlines; a pruned game still loads, exports to the same
//! script and report, replays without a mismatch, and verifies against its commitment.

use std::process::Command as Proc;

use serde_json::Value;
use sqlx::PgPool;
use wolfjudge::engine::EventKind;
use wolfjudge::service::replay;
use wolfjudge::store::Store;

use crate::common::url_of;
use crate::export::stored_game;

fn wolfjudge(args: &[&str]) -> std::process::Output {
    Proc::new(env!("CARGO_BIN_EXE_wolfjudge"))
        .args(args)
        .output()
        .expect("wolfjudge runs")
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
    let before = replay::export(&store, id).await.expect("the game exports");
    assert!(before.mismatches.is_empty(), "{:?}", before.mismatches);
    let state = store.kept(id).await.expect("the game loads").game;
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
    let events = store.events(id).await.expect("events").len();

    let out = wolfjudge(&[
        "prune",
        "--database-url",
        &url,
        "--older-than",
        "168h",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said: Value = serde_json::from_slice(&out.stdout).expect("JSON");
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
    assert_eq!(store.events(id).await.expect("events").len(), events);

    // The game is the same game: it loads to the same state, exports to the same script
    // and report, and replays without a mismatch.
    assert_eq!(store.kept(id).await.expect("loads").game, state);
    let after = replay::export(&store, id).await.expect("still exports");
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
        .events(id)
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
    let out = wolfjudge(&["prune", "--database-url", &url, "--json"]);
    let again: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(again["outbox_rows"], 0);
    assert_eq!(again["snapshots"], 0);
    let out = wolfjudge(&["prune", "--database-url", &url, "--older-than", "a week"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--older-than"));
}
