//! The web adapter: every game on the web, read-only.
//!
//! - `/g/<slug>`: a game's page (the header, one tab per day, the reveal and a step-by-step
//!   replay after the end; for a UNO game its table, its log of plays and after the end
//!   every hand as dealt), in the game's language or another (`?lang=`), a day's tab by
//!   `?day=N` and a replay's step by `?step=N` (no script needed); `/g/<slug>/live` what a
//!   live page polls, `/g/<slug>/replay.json` the replay's steps, `/g/<slug>/chart/<n>.png`
//!   the reveal's pictures.
//! - `/s/<guild>`: a server's games, its record and its leaderboard.
//! - `/assets/…`: the stylesheet, the page's one script, the bundled CJK font, the icon.
//!
//! Every page reads through the service ([`service::pages`]: what a page shows before the
//! end is decided there); the HTML comes from askama templates (`templates/`), checked at
//! compile time, every value HTML-escaped. Nothing is loaded from elsewhere: the
//! Content-Security-Policy allows the bot's own scripts, styles, pictures and font only.

mod pages;

use std::net::SocketAddr;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;

use i18n::Lang;
use service::pages::Page;
use service::{Guild, Service};

pub use pages::{contest_html, game_html, server_html, uno_html};

/// The pages' Content-Security-Policy: the bot's own scripts, styles, pictures, font and
/// polling only; no inline script, no frame, no form.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
img-src 'self'; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
frame-ancestors 'none'";

const STYLE: &str = include_str!("../assets/style.css");
const SCRIPT: &str = include_str!("../assets/page.js");
const ICON: &str = include_str!("../assets/icon.svg");

/// Why the pages' server could not start.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("cannot listen on {bind}: {source}")]
    Bind {
        bind: String,
        source: std::io::Error,
    },
}

/// A page's query: its language, day tab and replay step (anything else ignored; a value
/// that does not parse is as if absent).
#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    lang: Option<String>,
    day: Option<String>,
    step: Option<String>,
}

impl PageQuery {
    fn lang(&self) -> Option<Lang> {
        self.lang.as_deref().and_then(Lang::parse)
    }
}

/// The pages' routes over `service`.
pub fn router(service: Service) -> Router {
    Router::new()
        .route("/g/{slug}", get(game))
        .route("/g/{slug}/live", get(live))
        .route("/g/{slug}/replay.json", get(replay))
        .route("/g/{slug}/chart/{file}", get(chart_png))
        .route("/s/{guild}", get(server))
        .route("/t/{id}", get(contest))
        .route("/t/{id}/chart.png", get(contest_chart))
        .route("/assets/style.css", get(style))
        .route("/assets/page.js", get(script))
        .route("/assets/font.otf", get(font))
        .route("/assets/icon.svg", get(icon))
        .fallback(not_found)
        .layer(axum::middleware::map_response(secure))
        .with_state(service)
}

/// Serves the pages on `bind` until the task is dropped or aborted.
///
/// # Errors
/// [`WebError::Bind`] when the address cannot be listened on.
pub async fn serve(
    service: Service,
    bind: &str,
) -> Result<(SocketAddr, tokio::task::JoinHandle<()>), WebError> {
    let listener = tokio::net::TcpListener::bind(bind)
        .await
        .map_err(|source| WebError::Bind {
            bind: bind.to_string(),
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| WebError::Bind {
        bind: bind.to_string(),
        source,
    })?;
    let app = router(service);
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the web pages' server stopped");
        }
    });
    Ok((addr, task))
}

/// Every answer's security headers: the Content-Security-Policy, no sniffing, no referrer.
async fn secure(mut res: Response) -> Response {
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    res
}

/// A failure reading the database: 503, logged.
fn unavailable(e: &service::ServiceError) -> Response {
    tracing::warn!(error = %e, "a web page could not be read");
    (StatusCode::SERVICE_UNAVAILABLE, "503").into_response()
}

fn html(page: Result<String, askama::Error>) -> Response {
    match page {
        Ok(body) => Html(body).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "a web page could not be rendered");
            (StatusCode::INTERNAL_SERVER_ERROR, "500").into_response()
        }
    }
}

async fn not_found() -> Response {
    (StatusCode::NOT_FOUND, html(pages::not_found_html())).into_response()
}

async fn game(
    State(service): State<Service>,
    Path(slug): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    let day = q.day.as_deref().and_then(|d| d.parse().ok());
    let step = q.step.as_deref().and_then(|d| d.parse().ok());
    let chosen = q.lang().is_some();
    match service.page(&slug, q.lang(), day, step).await {
        Ok(Some(Page::Game(view))) => html(game_html(&view, &slug, chosen, service.now())),
        Ok(Some(Page::Uno(view))) => html(uno_html(&view, &slug, chosen, service.now())),
        Ok(None) => not_found().await,
        Err(e) => unavailable(&e),
    }
}

async fn live(State(service): State<Service>, Path(slug): Path<String>) -> Response {
    match service.game_live(&slug).await {
        Ok(Some(live)) => no_store(Json(live).into_response()),
        Ok(None) => not_found().await,
        Err(e) => unavailable(&e),
    }
}

async fn replay(
    State(service): State<Service>,
    Path(slug): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    let lang = match page_lang(&service, &slug, &q).await {
        Ok(l) => l,
        Err(res) => return res,
    };
    match service.game_replay(&slug, lang).await {
        Ok(Some(steps)) => Json(steps).into_response(),
        Ok(None) => not_found().await,
        Err(e) => unavailable(&e),
    }
}

/// The language `q` asks for, else the game `slug`'s; the answer to give instead when
/// it has no page.
async fn page_lang(service: &Service, slug: &str, q: &PageQuery) -> Result<Lang, Response> {
    if let Some(l) = q.lang() {
        return Ok(l);
    }
    match service.game_page(slug, None, None, None).await {
        Ok(Some(v)) => Ok(v.game_lang),
        Ok(None) => Err(not_found().await),
        Err(e) => Err(unavailable(&e)),
    }
}

async fn chart_png(
    State(service): State<Service>,
    Path((slug, file)): Path<(String, String)>,
    Query(q): Query<PageQuery>,
) -> Response {
    let Some(index) = file
        .strip_suffix(".png")
        .and_then(|n| n.parse::<usize>().ok())
    else {
        return not_found().await;
    };
    let lang = match page_lang(&service, &slug, &q).await {
        Ok(l) => l,
        Err(res) => return res,
    };
    match service.game_charts(&slug, lang).await {
        Ok(Some(mut pngs)) if index < pngs.len() => {
            let png = pngs.swap_remove(index);
            ([(header::CONTENT_TYPE, "image/png")], png.bytes).into_response()
        }
        Ok(_) => not_found().await,
        Err(e) => unavailable(&e),
    }
}

async fn server(
    State(service): State<Service>,
    Path(guild): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    let Some(guild) = guild
        .parse::<u64>()
        .ok()
        .and_then(|g| Guild::try_from(g).ok())
    else {
        return not_found().await;
    };
    match service.server_page(guild, q.lang()).await {
        Ok(Some(view)) => html(server_html(&view, q.lang().is_some())),
        Ok(None) => not_found().await,
        Err(e) => unavailable(&e),
    }
}

async fn contest(
    State(service): State<Service>,
    Path(id): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    let Ok(id) = id.parse::<i64>() else {
        return not_found().await;
    };
    match service.contest_page(id, q.lang()).await {
        Ok(Some(view)) => html(contest_html(&view, id, q.lang().is_some())),
        Ok(None) => not_found().await,
        Err(e) => unavailable(&e),
    }
}

async fn contest_chart(
    State(service): State<Service>,
    Path(id): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    let Ok(id) = id.parse::<i64>() else {
        return not_found().await;
    };
    let lang = match q.lang() {
        Some(l) => l,
        None => match service.contest_page(id, None).await {
            Ok(Some(v)) => v.lang,
            Ok(None) => return not_found().await,
            Err(e) => return unavailable(&e),
        },
    };
    match service.contest_chart(id, lang).await {
        Ok(Some(png)) => ([(header::CONTENT_TYPE, "image/png")], png).into_response(),
        Ok(None) => not_found().await,
        Err(e) => unavailable(&e),
    }
}

/// An answer no cache keeps (a live page's poll).
fn no_store(mut res: Response) -> Response {
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

async fn style() -> Response {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE).into_response()
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
        .into_response()
}

/// The tab's icon (a moon over the night), so a browser asks for no `/favicon.ico`.
async fn icon() -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], ICON).into_response()
}

async fn font() -> Response {
    (
        [
            (header::CONTENT_TYPE, "font/otf"),
            (header::CACHE_CONTROL, "public, max-age=604800"),
        ],
        chart::font::FONT,
    )
        .into_response()
}
