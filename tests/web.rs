//! The game pages on the web (crates/web): every route over HTTP against a real database
//! (status, content type, the security headers, 404 for what has no page, the language),
//! a live page's poll, the secrecy of a running game's page through simulated games of
//! every board (anonymous and not) at every event, and players' hostile text shown as
//! text.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use sqlx::PgPool;

use wolfjudge::i18n::{self, Lang};
use wolfjudge::service::clock::VirtualClock;
use wolfjudge::service::pages::LIVE_FRESH;
use wolfjudge::service::{Account, Channel, GameId, Guild, Place, ServerRole, Service};
use wolfjudge::store::Store;

use crate::common::seated;

fn noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap()
}

pub(crate) const GUILD: Guild = Guild::new(7_000);
const FIRST: u64 = 70_000;
pub(crate) const DAY: Channel = Channel::new(7_100);

/// An answer: its status, headers (names lowercased) and body.
struct Answer {
    status: u16,
    headers: BTreeMap<String, String>,
    body: Vec<u8>,
}

impl Answer {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }
}

/// `GET path` from the server at `addr`, over one HTTP/1.1 connection closed after it.
async fn get(addr: std::net::SocketAddr, path: &str) -> Answer {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let req = format!("GET {path} HTTP/1.1\r\nHost: pages.test\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.expect("sends");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.expect("reads");
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .expect("a status line");
    let headers: BTreeMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers.get("transfer-encoding").map(String::as_str) == Some("chunked") {
        body = unchunk(&body);
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn unchunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = raw.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&raw[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[end + 2..end + 2 + size]);
        raw = &raw[end + 2 + size + 2..];
    }
}

/// `GUILD` set up (its forum, judge role and log channel).
pub(crate) async fn set_up(service: &Service) {
    seated::set_up(
        service,
        GUILD,
        Channel::new(7_001),
        ServerRole::new(7_002),
        Channel::new(7_003),
    )
    .await;
}

/// A started m32 game of twelve (accounts `FIRST..`) on `GUILD`, its day post recorded.
pub(crate) async fn started(service: &Service) -> GameId {
    set_up(service).await;
    let players: Vec<(Account, String)> = (0..12)
        .map(|i| (Account::new(FIRST + i), format!("P{i}")))
        .collect();
    let game = seated::started(service, GUILD, Account::new(9), &players).await;
    service.day_posted(game, 1, DAY).await.expect("day post");
    game
}

/// `by` (an index into the living) votes for `on` with `reason` in the day's post.
pub(crate) async fn vote(
    service: &Service,
    game: GameId,
    (by, on): (usize, usize),
    reason: &str,
    key: &str,
) {
    let g = service.store().load(game).await.expect("the game");
    let living = g.living();
    let place = Place {
        guild: Some(GUILD),
        channel: DAY,
        user: Account::new(g.ch(living[by]).player.parse().expect("an account")),
    };
    service
        .vote(place, &g.ch(living[on]).name, reason, key)
        .await
        .expect("a vote");
}

/// `game`'s page address, and the pages served on a free port (abort the task to stop).
pub(crate) async fn served(
    service: &Service,
    game: GameId,
) -> (String, std::net::SocketAddr, tokio::task::JoinHandle<()>) {
    let slug = service
        .page_slug(game)
        .await
        .expect("reads")
        .expect("a page");
    let (addr, server) = wolfjudge::web::serve(service.clone(), "127.0.0.1:0")
        .await
        .expect("listens");
    (slug, addr, server)
}

pub(crate) fn service(pool: &PgPool) -> Service {
    Service::new(
        Store::new(pool.clone()),
        Arc::new(VirtualClock::new(noon())),
        BTreeMap::new(),
        Some(20261201),
    )
}

/// The security headers every answer carries.
fn assert_secure(a: &Answer, path: &str) {
    let csp = a.header("content-security-policy");
    assert!(
        csp.contains("script-src 'self'") && csp.contains("default-src 'none'"),
        "{path}: {csp}"
    );
    assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
    assert_eq!(a.header("x-content-type-options"), "nosniff", "{path}");
}

/// Every route: a running game's page (in its language, and in the others by `?lang=`),
/// its day tab, its live poll, the assets; what has no page is 404: an unknown slug, an
/// unlisted game, a server that turned its pages off, a picture before the end.
#[sqlx::test(migrations = "./migrations")]
async fn every_route_answers_with_its_type_and_404s(pool: PgPool) {
    let service = service(&pool);
    let game = started(&service).await;
    let (slug, unlisted) = service
        .store()
        .game_slug(game)
        .await
        .expect("reads")
        .expect("a slug");
    assert!(!unlisted);
    assert_eq!(slug.len(), 32, "128 bits as hex: {slug}");
    assert!(slug.chars().all(|c| c.is_ascii_hexdigit()), "{slug}");
    let (addr, server) = wolfjudge::web::serve(service.clone(), "127.0.0.1:0")
        .await
        .expect("listens");

    let page = get(addr, &format!("/g/{slug}")).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), "text/html; charset=utf-8");
    assert_secure(&page, "/g");
    let html = page.text();
    assert!(
        html.contains("<html lang=\"zh-CN\">"),
        "the game's language"
    );
    assert!(
        !html.contains(i18n::MISSING_OPEN),
        "every message is in the catalog"
    );
    let zh = |key: &str| i18n::text(Lang::Zh, key, &[]);
    assert!(html.contains(&zh("web-players")), "{html}");
    assert!(html.contains(&i18n::text(Lang::Zh, "web-day-tab", &[("day", "1".into())])));
    assert!(html.contains(&format!("https://discord.com/channels/{GUILD}/{DAY}")));
    // No script but the bot's own file, no address outside the bot but Discord's links.
    assert_eq!(html.matches("<script").count(), 1);
    assert!(html.contains("<script src=\"/assets/page.js\" defer></script>"));
    for l in html.split("href=\"").skip(1) {
        assert!(
            l.starts_with('/') || l.starts_with('?') || l.starts_with("https://discord.com/"),
            "an outside link: {l:.60}"
        );
    }

    for (code, lang) in [("en", "en"), ("zh-TW", "zh-TW")] {
        let page = get(addr, &format!("/g/{slug}?lang={code}&day=1")).await;
        assert_eq!(page.status, 200);
        let html = page.text();
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{code}");
        let l = Lang::parse(code).expect("a language");
        assert!(html.contains(&i18n::text(l, "web-players", &[])), "{code}");
    }
    // A value that does not parse is as if absent.
    assert_eq!(
        get(addr, &format!("/g/{slug}?day=x&lang=fr")).await.status,
        200
    );

    let polled = get(addr, &format!("/g/{slug}/live")).await;
    assert_eq!(polled.status, 200);
    assert_eq!(polled.header("content-type"), "application/json");
    assert_eq!(polled.header("cache-control"), "no-store");
    let l: serde_json::Value = serde_json::from_slice(&polled.body).expect("json");
    assert!(l["version"].as_u64().is_some_and(|v| v > 0), "{l}");

    for (path, kind) in [
        ("/assets/style.css", "text/css; charset=utf-8"),
        ("/assets/page.js", "text/javascript; charset=utf-8"),
        ("/assets/font.otf", "font/otf"),
        ("/assets/icon.svg", "image/svg+xml"),
    ] {
        let a = get(addr, path).await;
        assert_eq!(a.status, 200, "{path}");
        assert_eq!(a.header("content-type"), kind, "{path}");
        assert!(!a.body.is_empty(), "{path}");
    }
    assert_eq!(
        get(addr, "/assets/font.otf").await.body,
        wolfjudge::chart::font::FONT
    );
    let css = get(addr, "/assets/style.css").await.text();
    assert!(css.contains("@font-face") && css.contains("url(\"/assets/font.otf\")"));

    let server_page = get(addr, &format!("/s/{GUILD}")).await;
    assert_eq!(server_page.status, 200);
    assert_eq!(
        server_page.header("content-type"),
        "text/html; charset=utf-8"
    );
    assert!(
        server_page.text().contains(&format!("/g/{slug}")),
        "the server's page links to its game"
    );

    // Nothing before the end: no replay, no picture.
    assert_eq!(
        get(addr, &format!("/g/{slug}/replay.json")).await.status,
        404
    );
    assert_eq!(
        get(addr, &format!("/g/{slug}/chart/0.png")).await.status,
        404
    );

    let missing = get(addr, "/g/0123456789abcdef0123456789abcdef").await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("content-type"), "text/html; charset=utf-8");
    assert_secure(&missing, "404");
    assert!(missing.text().contains(&zh("web-not-found")));
    assert_eq!(get(addr, "/s/1").await.status, 404, "a server not set up");
    assert_eq!(get(addr, "/s/zero").await.status, 404);
    assert_eq!(get(addr, "/nothing").await.status, 404);

    // Unlisted by its judge: no page, no poll, not on the server's page.
    service.set_unlisted(game, true).await.expect("unlists");
    assert_eq!(get(addr, &format!("/g/{slug}")).await.status, 404);
    assert_eq!(get(addr, &format!("/g/{slug}/live")).await.status, 404);
    assert!(!get(addr, &format!("/s/{GUILD}"))
        .await
        .text()
        .contains(&slug));
    service.set_unlisted(game, false).await.expect("lists");
    assert_eq!(get(addr, &format!("/g/{slug}")).await.status, 200);

    // The server turns its pages off: none of its pages answer.
    service
        .set_web_pages(GUILD, false)
        .await
        .expect("turns off");
    assert_eq!(get(addr, &format!("/g/{slug}")).await.status, 404);
    assert_eq!(get(addr, &format!("/s/{GUILD}")).await.status, 404);
    service.set_web_pages(GUILD, true).await.expect("turns on");
    assert_eq!(get(addr, &format!("/g/{slug}")).await.status, 200);
    server.abort();
}

/// An ended game's page: every role, the reveal with its seed and commitment, the replay
/// (its steps as JSON, a step by `?step=N`), the reveal's pictures as PNG.
#[sqlx::test(migrations = "./migrations")]
async fn an_ended_games_page_has_the_reveal_the_replay_and_the_charts(pool: PgPool) {
    let service = service(&pool);
    let game = started(&service).await;
    vote(&service, game, (0, 1), "a reason", "ended-vote-1").await;
    service
        .judge(
            game,
            wolfjudge::engine::Action::End { winner: None },
            "ended-by-judge",
            Lang::Zh,
        )
        .await
        .expect("the judge ends it");
    let g = service.store().load(game).await.expect("the game");
    assert!(g.ended());
    let (slug, addr, server) = served(&service, game).await;
    let html = get(addr, &format!("/g/{slug}")).await.text();
    for c in g.ids() {
        let role = i18n::role_name(g.ch(c).role, Lang::Zh);
        assert!(
            html.contains(&format!("<td class=\"role\">{role}</td>")),
            "{role}"
        );
        assert!(html.contains(&g.ch(c).player), "the account after the end");
    }
    assert!(html.contains(&i18n::text(Lang::Zh, "web-reveal", &[])));
    assert!(html.contains(g.commitment()));
    assert!(html.contains(&format!(
        "wolfjudge verify game.json --commitment {}",
        g.commitment()
    )));
    assert!(html.contains("id=\"replay\""));

    let steps = get(addr, &format!("/g/{slug}/replay.json")).await;
    assert_eq!(steps.status, 200);
    assert_eq!(steps.header("content-type"), "application/json");
    let steps: serde_json::Value = serde_json::from_slice(&steps.body).expect("json");
    let n = steps.as_array().map_or(0, Vec::len);
    assert!(n > 3, "{steps}");
    let second = get(addr, &format!("/g/{slug}?step=2")).await.text();
    assert!(
        second.contains(&format!("2 / {n}")),
        "the second step of {n}"
    );
    assert!(second.contains("rel=\"prev\"") && second.contains("rel=\"next\""));
    let last = get(addr, &format!("/g/{slug}?step=99999")).await.text();
    assert!(
        last.contains(&format!("{n} / {n}")),
        "a step past the end is the last"
    );

    let chart = get(addr, &format!("/g/{slug}/chart/0.png")).await;
    assert_eq!(chart.status, 200);
    assert_eq!(chart.header("content-type"), "image/png");
    assert!(chart.body.starts_with(b"\x89PNG"));
    assert!(html.contains(&format!("src=\"/g/{slug}/chart/0.png\"")));
    assert!(html.contains(&i18n::text(Lang::Zh, "web-chart-timeline", &[])));
    let charts = html.matches("<img ").count();
    assert_eq!(
        get(addr, &format!("/g/{slug}/chart/{}.png", charts - 1))
            .await
            .status,
        200
    );
    assert_eq!(
        get(addr, &format!("/g/{slug}/chart/{charts}.png"))
            .await
            .status,
        404
    );
    assert_eq!(
        get(addr, &format!("/g/{slug}/chart/x.png")).await.status,
        404
    );
    server.abort();
}

/// A contest's page: its standings and awards as the bot posts them, its points chart as
/// PNG; 404 for no such contest and when its server's pages are off.
#[sqlx::test(migrations = "./migrations")]
async fn a_contests_page_has_its_standings_and_chart(pool: PgPool) {
    let service = service(&pool);
    started(&service).await;
    let t = service
        .create_tournament(
            GUILD,
            Account::new(9),
            "Judge <b>J</b>",
            "Winter <cup>",
            3,
            "m32",
        )
        .await
        .expect("a tournament");
    let (addr, server) = wolfjudge::web::serve(service.clone(), "127.0.0.1:0")
        .await
        .expect("listens");
    let page = get(addr, &format!("/t/{}", t.id)).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), "text/html; charset=utf-8");
    let html = page.text();
    assert!(
        html.contains("Winter &#60;cup&#62;") || html.contains("Winter &lt;cup&gt;"),
        "the name as text: {html}"
    );
    assert!(!html.contains("<cup>") && !html.contains("<b>J"));
    assert!(html.contains(&i18n::text(Lang::Zh, "web-standings", &[])));
    assert!(!html.contains(i18n::MISSING_OPEN));
    let chart = get(addr, &format!("/t/{}/chart.png", t.id)).await;
    assert_eq!(chart.status, 200);
    assert_eq!(chart.header("content-type"), "image/png");
    assert!(chart.body.starts_with(b"\x89PNG"));
    assert_eq!(get(addr, &format!("/t/{}", t.id + 1000)).await.status, 404);
    assert_eq!(get(addr, "/t/x").await.status, 404);
    service
        .set_web_pages(GUILD, false)
        .await
        .expect("turns off");
    assert_eq!(get(addr, &format!("/t/{}", t.id)).await.status, 404);
    assert_eq!(
        get(addr, &format!("/t/{}/chart.png", t.id)).await.status,
        404
    );
    server.abort();
}

/// A UNO contest's page: its standings scored as UNO scores them (points left in hand, the
/// lowest first), not as a werewolf contest's, and its chart.
#[sqlx::test(migrations = "./migrations")]
async fn a_uno_contests_page_has_its_uno_standings_and_chart(pool: PgPool) {
    let service = service(&pool);
    started(&service).await;
    let t = service
        .create_tournament(GUILD, Account::new(9), "Judge", "Spring UNO", 5, "uno")
        .await
        .expect("a UNO contest");
    let (addr, server) = wolfjudge::web::serve(service.clone(), "127.0.0.1:0")
        .await
        .expect("listens");
    let page = get(addr, &format!("/t/{}", t.id)).await;
    assert_eq!(page.status, 200, "{}", page.text());
    let html = page.text();
    assert!(html.contains("Spring UNO"), "{html}");
    assert!(
        html.contains(&i18n::text(Lang::Zh, "uno-contest-col-total", &[])),
        "the UNO table's total column: {html}"
    );
    let chart = get(addr, &format!("/t/{}/chart.png", t.id)).await;
    assert_eq!(chart.status, 200);
    assert!(chart.body.starts_with(b"\x89PNG"));
    server.abort();
}

/// Polls `/g/<slug>/live` until its answer is `done`, for at most the time a poll's
/// answer serves (`LIVE_FRESH`) and two seconds more: the answer, or the last one.
async fn polled_until(
    addr: std::net::SocketAddr,
    slug: &str,
    done: impl Fn(&serde_json::Value) -> bool,
) -> Result<serde_json::Value, serde_json::Value> {
    let until = std::time::Instant::now() + LIVE_FRESH + std::time::Duration::from_secs(2);
    loop {
        let polled = get(addr, &format!("/g/{slug}/live")).await;
        let l: serde_json::Value = serde_json::from_slice(&polled.body).expect("json");
        if done(&l) {
            return Ok(l);
        }
        if std::time::Instant::now() > until {
            return Err(l);
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Each poll counts what was said since the one before (its answer is folded on from the
/// last, not read from the whole log again): after every burst of votes its version and
/// time are those of the page, which is made from the whole log.
#[sqlx::test(migrations = "./migrations")]
async fn each_poll_counts_what_was_said_since_the_last_as_the_page_does(pool: PgPool) {
    let service = service(&pool);
    let game = started(&service).await;
    let (slug, addr, server) = served(&service, game).await;
    let mut versions = Vec::new();
    let mut voter = 0;
    for burst in 0..5 {
        for _ in 0..burst {
            let key = format!("fold-{voter}");
            vote(&service, game, (voter, (voter + 1) % 12), "again", &key).await;
            voter += 1;
        }
        let html = get(addr, &format!("/g/{slug}")).await.text();
        let l = polled_until(addr, &slug, |l| {
            html.contains(&format!("data-version=\"{}\"", l["version"]))
        })
        .await
        .unwrap_or_else(|l| panic!("burst {burst}: the poll says {l} and not what the page does"));
        let version = l["version"].as_u64().expect("a version");
        let heard = l["heard"].as_str().expect("the game has spoken");
        assert!(html.contains(heard), "burst {burst}: last heard at {heard}");
        versions.push(version);
    }
    // One public message a vote.
    assert_eq!(
        versions.windows(2).map(|w| w[1] - w[0]).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    server.abort();
}

/// A vote cast while a page is open: the poll's version moves, and the page then shows the
/// vote and its reason in the count and the history.
#[sqlx::test(migrations = "./migrations")]
async fn a_vote_reaches_the_live_page(pool: PgPool) {
    let service = service(&pool);
    let game = started(&service).await;
    let (slug, addr, server) = served(&service, game).await;
    let poll = |a: Answer| -> u64 {
        let l: serde_json::Value = serde_json::from_slice(&a.body).expect("json");
        l["version"].as_u64().expect("a version")
    };
    let before = poll(get(addr, &format!("/g/{slug}/live")).await);
    let g = service.store().load(game).await.expect("the game");
    let reason = "the quietest seat today";
    vote(&service, game, (0, 1), reason, "web-vote-1").await;
    let after = polled_until(addr, &slug, |l| l["version"].as_u64() > Some(before))
        .await
        .unwrap_or_else(|l| panic!("the poll does not see the vote: {before} → {l}"));
    let after = after["version"].as_u64().expect("a version");
    let html = get(addr, &format!("/g/{slug}")).await.text();
    assert!(html.contains(reason), "the history shows the reason");
    assert!(
        html.contains(&format!("data-version=\"{after}\"")),
        "the page says which version it shows"
    );
    // The account behind the anonymous voter is nowhere.
    for c in g.ids() {
        assert!(!html.contains(&g.ch(c).player), "an account on the page");
    }
    server.abort();
}

/// Through Discord, with the pages served at a public address: the started sign-up post
/// and the day post link to the game's page; `/judge page listed:False` unlists it (and `True` lists it again, answering
/// with the link); `/wolf-setup web_pages:False` turns the server's pages off.
#[sqlx::test(migrations = "./migrations")]
async fn discord_links_to_the_page_and_judges_unlist_it(pool: PgPool) {
    use crate::common::discord_world::World;
    use crate::common::fake_discord::GUILD as DISCORD_GUILD;
    use serde_json::json;
    use wolfjudge::service::pages::WebConfig;

    let mut w = World::new(pool).await;
    w.service = w.service.clone().with_web(WebConfig {
        enabled: true,
        bind: "127.0.0.1:0".into(),
        public_url: Some("https://wolf.example.org/".into()),
    });
    w.restart().await;
    w.set_up().await;
    let (signup, _) = w.started().await;
    w.settle().await;
    let game = GameId(w.game_id().await);
    let slug = w
        .service
        .page_slug(game)
        .await
        .expect("reads")
        .expect("a page");
    let url = format!("https://wolf.example.org/g/{slug}");
    let post = w.day_post();
    let opening = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == post)
        .min_by_key(|m| m.order)
        .expect("the day's opening");
    let link = i18n::text(Lang::Zh, "web-link", &[("url", url.clone())]);
    assert!(opening.content.contains(&link), "{}", opening.content);
    w.fake
        .wait_for("the started sign-up post to link to the page", 20, |f| {
            f.message(signup.id).is_some_and(|m| {
                m.content
                    .contains(&i18n::text(Lang::Zh, "signup-started", &[]))
                    && m.content.contains(&link)
            })
        })
        .await;

    let unlisted = w
        .judge_says(post, &["judge", "page"], &[("listed", 5, json!(false))])
        .await;
    assert_eq!(unlisted, i18n::text(Lang::Zh, "ok-page-unlisted", &[]));
    assert_eq!(w.service.page_game(&slug).await.expect("reads"), None);
    let listed = w
        .judge_says(post, &["judge", "page"], &[("listed", 5, json!(true))])
        .await;
    assert!(listed.contains(&url), "{listed}");
    assert_eq!(w.service.page_game(&slug).await.expect("reads"), Some(game));

    w.set_up_with(&[("web_pages", 5, json!(false))]).await;
    let guild = Guild::new(DISCORD_GUILD);
    assert_eq!(
        w.service.store().web_pages(guild).await.expect("reads"),
        Some(false)
    );
    assert_eq!(w.service.page_game(&slug).await.expect("reads"), None);
}

/// A UNO game's page: its table (the top card, the colour in force, whose turn until
/// when, every player's count), the log of plays and its live poll; listed on the server's
/// page; no replay and no pictures (they are a werewolf game's).
#[sqlx::test(migrations = "./migrations")]
async fn a_uno_game_has_a_page_with_its_table(pool: PgPool) {
    let service = service(&pool);
    set_up(&service).await;
    let signup = service
        .open_uno_signup(GUILD, Account::new(9), BTreeMap::new(), Lang::Zh)
        .await
        .expect("a sign-up");
    let names = ["甲玩家", "Bob", "Ｃarol"];
    for (i, name) in names.iter().enumerate() {
        service
            .join(signup.row.id, Account::new(FIRST + i as u64), name)
            .await
            .expect("a join");
    }
    let signup = service.signup(signup.row.id).await.expect("the sign-up");
    let game = service.start_uno(&signup).await.expect("dealt");
    let (slug, addr, server) = served(&service, game).await;
    let page = get(addr, &format!("/g/{slug}")).await;
    assert_eq!(page.status, 200);
    assert_secure(&page, "/g uno");
    let html = page.text();
    let state = service.uno_game(game).await.expect("the game");
    let g = &state.game;
    let top = wolfjudge::i18n::uno::card_name(g.top().expect("a top card"), Lang::Zh);
    assert!(html.contains(&top), "the top card {top}");
    let turn = i18n::text(
        Lang::Zh,
        "uno-table-turn",
        &[("player", g.name(g.turn).to_string())],
    );
    assert!(html.contains(&turn), "whose turn: {turn}");
    for (seat, name) in names.iter().enumerate() {
        let count = i18n::text(
            Lang::Zh,
            "uno-table-count",
            &[
                ("player", name.to_string()),
                ("count", g.hands[seat].len().to_string()),
            ],
        );
        assert!(html.contains(&count), "{count}");
    }
    assert!(html.contains(&i18n::text(Lang::Zh, "web-uno-log", &[])));
    assert!(
        !html.contains(i18n::MISSING_OPEN),
        "every message is in the catalog"
    );
    let en = get(addr, &format!("/g/{slug}?lang=en")).await.text();
    assert!(en.contains(&i18n::text(Lang::En, "web-uno-table", &[])));

    let polled = get(addr, &format!("/g/{slug}/live")).await;
    assert_eq!(polled.status, 200);
    let l: serde_json::Value = serde_json::from_slice(&polled.body).expect("json");
    assert_eq!(l["version"].as_u64(), Some(state.seq as u64), "{l}");
    // A werewolf game's replay and pictures only.
    for path in ["replay.json", "chart/0.png"] {
        let status = get(addr, &format!("/g/{slug}/{path}")).await.status;
        assert_eq!(status, 404, "{path}");
    }
    let listed = get(addr, &format!("/s/{GUILD}")).await;
    assert_eq!(listed.status, 200);
    assert!(
        listed.text().contains(&format!("/g/{slug}")),
        "the server's page lists the UNO game: {}",
        listed.text()
    );
    service.set_unlisted(game, true).await.expect("unlists");
    assert_eq!(get(addr, &format!("/g/{slug}")).await.status, 404);
    server.abort();
}
