//! Games started through the service alone (no Discord): a server set up, a sign-up
//! opened, twelve joined, the game started. The cheapest faithful way to have games in
//! play, shared by the round-trip test (`tests/roundtrips.rs`) and the interaction bench
//! (`benches/interactions.rs`, which includes this file by `#[path]`).
#![allow(dead_code)] // each including crate uses part of it

use wolfjudge::i18n::Lang;
use wolfjudge::service::{Account, Channel, GameId, Guild, ServerRole, Service, Settings};

/// Sets up `guild` (Chinese, no time zone) with its forum, judge role and log channel.
pub async fn set_up(
    service: &Service,
    guild: Guild,
    forum: Channel,
    judge_role: ServerRole,
    log: Channel,
) {
    service
        .set_up(&Settings {
            guild,
            forum,
            judge_role,
            log,
            lang: Lang::Zh,
            time_zone: None,
            playing_judge: false,
        })
        .await
        .expect("set up");
}

/// A started m32 game on `guild` (set up already), opened by `judge`, with `players`
/// (account, display name) joined in order.
pub async fn started(
    service: &Service,
    guild: Guild,
    judge: Account,
    players: &[(Account, String)],
) -> GameId {
    let signup = service
        .open_signup(guild, judge, "m32", None, Lang::Zh, &Default::default())
        .await
        .expect("a sign-up");
    for (account, name) in players {
        service
            .join(signup.row.id, *account, name)
            .await
            .expect("a join");
    }
    service.start(signup.row.id).await.expect("the start")
}
