//! The deadline worker's two lanes (issue 19): a deadline that falls due after a burst
//! began is not held up behind the burst, and a worker's round ends within its budget so
//! that the next one starts from the clock's new time.

use chrono::{Duration, SubsecRound, Utc};
use sqlx::PgPool;
use wolfjudge::i18n::Lang;
use wolfjudge::store::Store;

use crate::outage::game_closing_at;

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
    for i in 0..BURST {
        st.create_game(
            &format!("burst-{i}"),
            &game_closing_at(i, now - Duration::hours(1)),
            Lang::En,
        )
        .await
        .expect("created");
    }
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
    let before = st
        .fire_due(Some(late), now - Duration::minutes(2), "w")
        .await
        .expect("fired");
    assert!(!before.is_empty());

    let first = st
        .fire_due_within(None, now, "w", Some(std::time::Duration::from_millis(1)))
        .await
        .expect("a round");
    assert!(
        !first.is_empty() && first.len() <= 12,
        "one round of slots: {}",
        first.len()
    );

    let rest = st.fire_due(None, now, "w").await.expect("fired");
    let position = first
        .iter()
        .chain(&rest)
        .position(|f| f.game_id == late)
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
        if let Some(prev) = last.insert(f.game_id, f.due.at) {
            assert!(prev <= f.due.at, "game {}: out of order", f.game_id);
        }
    }
    assert_eq!(
        st.next_due(None).await.expect("next").filter(|d| *d <= now),
        None
    );
}
