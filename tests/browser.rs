//! The browser the pages' tests read with (`common::browser`): it sees what a player on a
//! phone would see, and it notices what those tests assert never happens (a script of a
//! player's that runs, a page wider than the phone, an error in the console).

use axum::response::Html;
use axum::routing::get;
use axum::Router;

use crate::common::browser::{Browser, PHONE};

/// A page laid out for phones, and one that is not and runs a script from its text.
async fn serve() -> String {
    let app = Router::new()
        .route(
            "/phone",
            get(|| async {
                Html(
                    r#"<!doctype html><meta name="viewport" content="width=device-width">
                    <title>t</title><link rel="icon" href="data:,"><p id="count">3 votes</p>
                    <p>&lt;img src=x onerror=alert(1)&gt;</p>"#,
                )
            }),
        )
        .route(
            "/desktop",
            get(|| async {
                Html(
                    r#"<!doctype html><title>t</title>
                    <div style="width:1200px">wide</div>
                    <img src=x onerror="alert('ran'); missing()">"#,
                )
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("its address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}")
}

#[tokio::test]
async fn the_browser_sees_a_phone_page_and_catches_what_a_page_must_never_do() {
    let base = serve().await;
    let browser = Browser::start().await;

    browser.open(&format!("{base}/phone")).await;
    assert_eq!(browser.text("#count").await, "3 votes");
    assert_eq!(browser.layout_width().await, i64::from(PHONE.0));
    assert_eq!(browser.overflow_x().await, 0);
    assert_eq!(browser.dialog().await, None);
    assert_eq!(browser.console_errors().await, Vec::<String>::new());
    browser.screenshot("browser-self-test").await;

    // Escaped markup above stayed text; here it is markup, and the browser says so.
    browser.open(&format!("{base}/desktop")).await;
    assert_eq!(browser.dialog().await.as_deref(), Some("ran"));
    assert!(
        browser.overflow_x().await > 0,
        "the wide page scrolls sideways"
    );
    let errors = browser.console_errors().await;
    assert!(
        errors.iter().any(|e| e.contains("missing")),
        "the script's error is in the console: {errors:?}"
    );
    browser.close().await;
}
