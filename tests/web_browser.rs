//! The game pages in a real browser (headless Chromium in a phone's viewport, see
//! `common::browser`): what a spectator on a phone sees of a running game and of an ended
//! one, a vote arriving without a reload, the replay stepping, no sideways scroll, and no
//! script of a player's running.

use std::time::Duration;

use sqlx::PgPool;

use wolfjudge::i18n::{self, Lang};

use crate::common::browser::{Browser, PHONE};
use crate::web::{served, service, started, vote, DAY, GUILD};

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

/// `n` display names of 32 characters each, all different: CJK, long unbroken Latin (wide
/// letters), full-width Latin, and a mix.
fn long_names(n: usize) -> Vec<String> {
    const CJK: &str = "夜幕降临狼人请睁眼预言家女巫猎人守卫白痴村民警长投票放逐遗言";
    (0..n)
        .map(|i| {
            let body: String = match i % 4 {
                0 => CJK.chars().cycle().skip(i).take(30).collect(),
                1 => "W".repeat(30),
                2 => "Ｗ".repeat(30),
                _ => "Supercalifragilistic狼人杀expialidocious"
                    .chars()
                    .take(30)
                    .collect(),
            };
            let name = format!("{body}{i:02}");
            assert_eq!(name.chars().count(), 32);
            name
        })
        .collect()
}

/// A vote's reason of 300 characters the browser cannot break at a space.
fn long_reason(i: usize) -> String {
    let reason: String = match i % 3 {
        0 => "长".repeat(300),
        1 => "x".repeat(300),
        _ => format!("https://example.com/{}", "ab".repeat(200)),
    };
    reason.chars().take(300).collect()
}

/// A 16-player page at its widest on a phone: sixteen characters with 32-character names
/// (CJK, unbroken Latin) and sixteen 300-character reasons. A day's tab and, once ended,
/// the reveal and its replay: no element wider than the screen, no sideways scroll.
#[sqlx::test(migrations = "./migrations")]
async fn sixteen_long_names_and_long_reasons_fit_a_phone(pool: PgPool) {
    use std::sync::Arc;
    use wolfjudge::engine::Action;
    use wolfjudge::service::clock::VirtualClock;
    use wolfjudge::service::{Account, Service};

    let clock = Arc::new(VirtualClock::new(
        chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2026, 12, 1, 12, 0, 0).unwrap(),
    ));
    let service = Service::new(
        wolfjudge::store::Store::new(pool.clone()),
        clock.clone(),
        Default::default(),
        Some(20261201),
    );
    crate::web::set_up(&service).await;
    let names = long_names(16);
    let signup = service
        .open_signup(
            GUILD,
            Account::new(9),
            "mafia",
            None,
            Lang::Zh,
            &Default::default(),
        )
        .await
        .expect("a sign-up");
    for (i, name) in names.iter().enumerate() {
        service
            .join(signup.row.id, Account::new(80_000 + i as u64), name)
            .await
            .expect("a join");
    }
    let game = service.start(signup.row.id).await.expect("the start");
    // Mafia opens with a night: let it pass to day 1.
    clock.advance(chrono::Duration::hours(2));
    service
        .judge(game, Action::Tick, "phone-tick", Lang::Zh)
        .await
        .expect("the night ends");
    service.day_posted(game, 1, DAY).await.expect("day post");
    let g = service.store().load(game).await.expect("the game");
    let living = g.living().len();
    assert!(living >= 15, "day 1 with {living} living");
    for by in 0..living {
        vote(
            &service,
            game,
            (by, (by + 1) % living),
            &long_reason(by),
            &format!("phone-{by}"),
        )
        .await;
    }
    let (slug, addr, server) = served(&service, game).await;
    let browser = Browser::start().await;

    browser.open(&format!("http://{addr}/g/{slug}?day=1")).await;
    let players = browser.text(".players").await;
    for name in &names {
        assert!(players.contains(name.as_str()), "{name} in {players}");
    }
    assert!(
        browser.text(".history").await.contains(&long_reason(1)),
        "the reasons in the day's history"
    );
    assert_eq!(browser.too_wide().await, Vec::<String>::new(), "day 1");
    assert_eq!(browser.overflow_x().await, 0, "no sideways scroll on day 1");
    assert_eq!(browser.scrolls_sideways().await, 0, "day 1");
    browser.screenshot("game-16-day").await;

    service
        .judge(game, Action::End { winner: None }, "phone-end", Lang::Zh)
        .await
        .expect("the judge ends it");
    for at in ["", "?step=40"] {
        browser.open(&format!("http://{addr}/g/{slug}{at}")).await;
        assert!(
            !browser.texts(".players td.role").await.is_empty(),
            "the reveal's roles"
        );
        assert!(
            browser
                .wait_for(
                    Duration::from_secs(5),
                    "return !!document.getElementById('replay-slider')"
                )
                .await
        );
        assert_eq!(
            browser.too_wide().await,
            Vec::<String>::new(),
            "the reveal {at}"
        );
        assert_eq!(
            browser.overflow_x().await,
            0,
            "no sideways scroll: the reveal {at}"
        );
        assert_eq!(browser.scrolls_sideways().await, 0, "the reveal {at}");
    }
    browser.screenshot("game-16-reveal").await;
    assert_eq!(browser.console_errors().await, Vec::<String>::new());
    browser.close().await;
    server.abort();
}
