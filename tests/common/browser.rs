//! A real browser for the pages' tests: Debian's headless Chromium driven over WebDriver
//! (its `chromedriver`) with fantoccini, in a phone's viewport (390×844 CSS pixels).
//!
//! `.ci/run` installs `chromium` and `chromium-driver` when they are missing; without them
//! [`Browser::start`] fails saying what to install (a page test never skips silently).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use tokio::process::{Child, Command};

/// The phone the pages are read on: an iPhone 12–15's viewport in CSS pixels.
pub const PHONE: (u32, u32) = (390, 844);

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// One headless Chromium (through its own chromedriver), closed on drop.
pub struct Browser {
    driver: Child,
    client: Client,
}

impl Browser {
    /// Starts chromedriver on a free port and opens one Chromium session in a phone's
    /// viewport that keeps the console's messages.
    pub async fn start() -> Browser {
        for tool in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(tool).exists(),
                "{tool} is missing: `apt-get install chromium chromium-driver` (.ci/run does)"
            );
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port for chromedriver")
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("chromedriver starts");
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": CHROMIUM,
                // Root in a container has no sandbox to give; /dev/shm may be small.
                "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--disable-gpu", "--hide-scrollbars"],
                "mobileEmulation": {
                    "deviceMetrics": { "width": PHONE.0, "height": PHONE.1, "pixelRatio": 2 },
                },
            }),
        );
        caps.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));
        let url = format!("http://127.0.0.1:{port}");
        let mut last = None;
        for _ in 0..100 {
            match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                .capabilities(caps.clone())
                .connect(&url)
                .await
            {
                Ok(client) => return Browser { driver, client },
                Err(e) => last = Some(e),
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("chromedriver did not open a session: {last:?}");
    }

    /// Opens `url` and waits for the page's load.
    pub async fn open(&self, url: &str) {
        self.client.goto(url).await.expect("the page opens");
    }

    /// The text of the first element `css` selects, as the reader sees it.
    pub async fn text(&self, css: &str) -> String {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"))
            .text()
            .await
            .expect("the element's text")
    }

    /// The texts of every element `css` selects.
    pub async fn texts(&self, css: &str) -> Vec<String> {
        let mut out = Vec::new();
        for e in self.client.find_all(Locator::Css(css)).await.expect("find") {
            out.push(e.text().await.expect("the element's text"));
        }
        out
    }

    /// Clicks the first element `css` selects, as a finger would: scrolled to the middle of
    /// the screen and still first (in a phone's emulation chromedriver clicks where the
    /// element would be without scrolling, and misses one below the fold or still moving).
    pub async fn click(&self, css: &str) {
        let element = self
            .client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        let arg = serde_json::to_value(&element).expect("an element as JSON");
        // Until it stays put: pictures loading above it (lazily, once scrolled to) move it.
        let mut last = Value::Null;
        for _ in 0..50 {
            let at = self
                .client
                .execute(
                    "arguments[0].scrollIntoView({block: 'center'}); \
                     const r = arguments[0].getBoundingClientRect(); return [r.x, r.y];",
                    vec![arg.clone()],
                )
                .await
                .expect("scrolled to it");
            if at == last {
                break;
            }
            last = at;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        element.click().await.expect("the click");
    }

    /// Runs `script` in the page and gives back what it returns.
    pub async fn eval(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .expect("the script runs")
    }

    /// Waits up to `within` for `check` to hold on the page's state, polling every 100 ms.
    pub async fn wait_for(&self, within: Duration, script: &str) -> bool {
        let until = tokio::time::Instant::now() + within;
        loop {
            if self.eval(script).await == Value::Bool(true) {
                return true;
            }
            if tokio::time::Instant::now() > until {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// How far the page is wider than the viewport, in CSS pixels (0: no horizontal scroll).
    pub async fn overflow_x(&self) -> i64 {
        self.eval(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
        )
        .await
        .as_i64()
        .expect("a number")
    }

    /// Every element that reaches past the viewport's sides, or scrolls sideways inside
    /// itself (a tag, its class and where it spans); empty when the page fits the screen.
    pub async fn too_wide(&self) -> Vec<String> {
        let found = self
            .eval(
                "const w = document.documentElement.clientWidth; const out = []; \
                 for (const e of document.body.querySelectorAll('*')) { \
                   const r = e.getBoundingClientRect(); \
                   if (r.width === 0 && r.height === 0) continue; \
                   const what = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + \
                     (typeof e.className === 'string' && e.className ? '.' + e.className : ''); \
                   if (r.left < -0.5 || r.right > w + 0.5) \
                     out.push(what + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ' of ' + w); \
                   const o = getComputedStyle(e).overflowX; \
                   if ((o === 'auto' || o === 'scroll') && e.scrollWidth > e.clientWidth + 1) \
                     out.push(what + ' scrolls sideways'); \
                 } \
                 return out.slice(0, 20);",
            )
            .await;
        found
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect()
    }

    /// How far a finger can scroll the page sideways, in CSS pixels (0: not at all).
    pub async fn scrolls_sideways(&self) -> i64 {
        self.eval(
            "window.scrollTo(100000, window.scrollY); const x = Math.round(window.scrollX); \
             window.scrollTo(0, window.scrollY); return x",
        )
        .await
        .as_i64()
        .expect("a number")
    }

    /// The viewport's width in CSS pixels as the page lays itself out (980 without a
    /// `<meta name=viewport>`: a phone then shows the page shrunk).
    pub async fn layout_width(&self) -> i64 {
        self.eval("return window.innerWidth")
            .await
            .as_i64()
            .expect("a number")
    }

    /// The text of a dialog (`alert`, `confirm`, `prompt`) a script opened within half a
    /// second, dismissed once read (the page answers nothing else while one is open).
    pub async fn dialog(&self) -> Option<String> {
        for _ in 0..5 {
            if let Ok(text) = self.client.get_alert_text().await {
                let _ = self.client.dismiss_alert().await;
                return Some(text);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        None
    }

    /// The console's errors since the last call (a script's exception, a blocked script or
    /// style, a failed load).
    pub async fn console_errors(&self) -> Vec<String> {
        let logs = self
            .client
            .issue_cmd(BrowserLog)
            .await
            .expect("chromedriver gives the browser's log");
        logs.as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["level"] == "SEVERE")
            .filter_map(|e| e["message"].as_str().map(str::to_owned))
            .collect()
    }

    /// Saves a screenshot of the viewport as `target/screenshots/<name>.png` and checks it
    /// is a picture of the phone's size (not empty, not one colour).
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("a screenshot");
        let picture = image::load_from_memory(&png).expect("the screenshot is a PNG");
        assert!(
            picture.width() >= PHONE.0 && picture.height() >= PHONE.1,
            "the screenshot is {}×{}",
            picture.width(),
            picture.height()
        );
        let rgb = picture.to_rgb8();
        let first = rgb.get_pixel(0, 0);
        assert!(
            rgb.pixels().any(|p| p != first),
            "the screenshot {name} is one colour"
        );
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).expect("target/screenshots");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png).expect("the screenshot is written");
        path
    }

    /// Ends the session and chromedriver.
    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        let _ = self.driver.kill().await;
    }
}

/// Chromedriver's log of the browser's console (Selenium's `se/log`, which Chromium's
/// driver still serves; the WebDriver standard has no log command).
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/se/log",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(r#"{"type":"browser"}"#.to_owned()))
    }
}
