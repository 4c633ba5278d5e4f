//! The game pages in a real browser (headless Chromium in a phone's viewport, see
//! `common::browser`): what a spectator on a phone sees of a running game and of an ended
//! one, a vote arriving without a reload, the replay stepping, no sideways scroll, and no
//! script of a player's running.

use std::time::Duration;

use sqlx::PgPool;

use wolfjudge::i18n::{self, Lang};

use crate::common::browser::{Browser, PHONE};
use crate::web::{served, service, started, vote};

/// A player's reason with markup and script in it, and one too long for a phone's line.
const HOSTILE: &str = "<img src=x onerror=alert(1)><script>alert(2)</script>";

/// A running game's page on a phone: laid out for the phone, the day's count and history,
/// players' markup as text; a vote cast while it is open appears within seconds without a
/// reload, and the page says when it last heard from the bot.
#[sqlx::test(migrations = "./migrations")]
async fn a_phone_follows_a_running_game_live(pool: PgPool) {
    let service = service(&pool);
    let game = started(&service).await;
    let long = "长".repeat(300);
    vote(&service, game, (0, 1), HOSTILE, "browser-1").await;
    vote(&service, game, (2, 1), &long, "browser-2").await;
    let (slug, addr, server) = served(&service, game).await;
    let browser = Browser::start().await;
    browser.open(&format!("http://{addr}/g/{slug}")).await;

    assert_eq!(
        browser.layout_width().await,
        i64::from(PHONE.0),
        "laid out for phones"
    );
    assert_eq!(browser.overflow_x().await, 0, "no sideways scroll");
    let history = browser.text(".history").await;
    assert!(history.contains(HOSTILE), "the reason as text: {history}");
    assert_eq!(browser.dialog().await, None, "no script of a player's ran");
    assert_eq!(browser.console_errors().await, Vec::<String>::new());
    let tab = i18n::text(Lang::Zh, "web-day-tab", &[("day", "1".into())]);
    assert!(
        browser.texts(".tabs a").await.contains(&tab),
        "the day's tab"
    );
    assert!(!browser.text(".count").await.is_empty(), "the day's count");
    browser.screenshot("game-running").await;

    // Mark the document: a reload would lose the mark.
    browser
        .eval("window.__same_document = true; return true")
        .await;
    let heard = browser.text("#heard").await;
    let reason = "投给最安静的位置";
    vote(&service, game, (3, 4), reason, "browser-3").await;
    assert!(
        browser
            .wait_for(
                Duration::from_secs(10),
                &format!(
                    "return document.querySelector('.history').textContent.includes('{reason}')"
                ),
            )
            .await,
        "the vote appears within 10 s"
    );
    assert_eq!(
        browser.eval("return window.__same_document === true").await,
        true,
        "no reload"
    );
    assert_ne!(
        browser.text("#heard").await,
        heard,
        "the page says it heard from the bot"
    );
    // No role of a living character before the end.
    let g = service.store().load(game).await.expect("the game");
    let page = browser.text("main").await;
    for c in g.ids() {
        let role = i18n::role_name(g.ch(c).role, Lang::Zh);
        assert!(
            !page.contains(&format!("({role})")),
            "{role} shown before the end"
        );
    }
    browser.close().await;
    server.abort();
}

/// An ended game's page on a phone: every role, and the replay stepping forward and back
/// in place.
#[sqlx::test(migrations = "./migrations")]
async fn after_the_end_the_page_is_the_reveal_with_a_replay(pool: PgPool) {
    let service = service(&pool);
    let game = started(&service).await;
    vote(&service, game, (0, 1), HOSTILE, "browser-1").await;
    service
        .judge(
            game,
            wolfjudge::engine::Action::End { winner: None },
            "browser-end",
            Lang::Zh,
        )
        .await
        .expect("the judge ends it");
    let (slug, addr, server) = served(&service, game).await;
    let browser = Browser::start().await;
    browser
        .open(&format!("http://{addr}/g/{slug}?step=2"))
        .await;
    let g = service.store().load(game).await.expect("the game");
    let roles = browser.texts(".players td.role").await;
    for c in g.ids() {
        let role = i18n::role_name(g.ch(c).role, Lang::Zh);
        assert!(roles.contains(&role), "{role} after the end: {roles:?}");
    }
    assert_eq!(browser.overflow_x().await, 0, "no sideways scroll");
    assert_eq!(browser.dialog().await, None);
    assert!(
        browser
            .wait_for(
                Duration::from_secs(5),
                "return !!document.getElementById('replay-slider')"
            )
            .await,
        "the replay's slider"
    );
    let at = browser.text("#replay-at").await;
    let n = at.split(" / ").nth(1).expect("n").to_owned();
    assert_eq!(at, format!("2 / {n}"));
    browser
        .eval("window.__same_document = true; return true")
        .await;
    browser.click("#replay-next").await;
    assert_eq!(browser.text("#replay-at").await, format!("3 / {n}"));
    browser.click("#replay-prev").await;
    browser.click("#replay-prev").await;
    assert_eq!(browser.text("#replay-at").await, format!("1 / {n}"));
    assert_eq!(
        browser.eval("return window.__same_document === true").await,
        true,
        "in place"
    );
    browser.screenshot("game-ended").await;
    assert_eq!(browser.console_errors().await, Vec::<String>::new());
    browser.close().await;
    server.abort();
}
