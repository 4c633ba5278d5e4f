//! What an operator reads in the log when something fails: a failure's line names the
//! interaction it happened under (the slash command, or what was pressed; its key, the
//! server and the channel) and the game, from the span the Discord adapter opens around
//! each interaction (`discord::spans`), besides what was being done; a worker's failing
//! round names its loop (`runtime::outage::round_span`).

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::json;
use sqlx::PgPool;

use crate::common::discord_world::World;
use wolfjudge::engine::{Phase, Role};
use wolfjudge::i18n::{self, Lang};
use wolfjudge::runtime::outage::{self, FAILING};

/// The log, written to a buffer as the bot's terminal would show it.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl Write for Log {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().map_or(Ok(0), |mut v| {
            v.extend_from_slice(b);
            Ok(b.len())
        })
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Log {
    fn text(&self) -> String {
        let bytes = self.0.lock().map(|v| v.clone()).unwrap_or_default();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The one line that says `what` and `also`, failing the test with the whole log if
    /// there is none.
    fn line(&self, what: &str, also: &str) -> String {
        let text = self.text();
        text.lines()
            .find(|l| l.contains(what) && l.contains(also))
            .map(String::from)
            .unwrap_or_else(|| panic!("no line with {what:?} and {also:?} in:\n{text}"))
    }
}

/// A log of this test's own, to a buffer (the tests run on one thread each: the tasks a
/// test spawns run on it). Dropping the guard ends it.
fn capture() -> (Log, tracing::subscriber::DefaultGuard) {
    let log = Log::default();
    let writer = log.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    (log, tracing::subscriber::set_default(subscriber))
}

/// The database closes under a running game at night: the seer's press in their DM and a
/// player's `/vote` are answered saying the database did not answer, and each failure's
/// log line names its interaction and, for the press (which names its game), the game.
#[sqlx::test(migrations = "./migrations")]
async fn a_failed_interactions_log_line_names_the_command_and_the_game(pool: PgPool) {
    let (log, _log) = capture();
    let w = World::new(pool).await;
    w.started().await;
    for _ in 0..12 {
        if matches!(w.game().await.phase(), Phase::Night { .. }) {
            break;
        }
        w.pass_deadline().await;
    }
    let g = w.game().await;
    assert!(matches!(g.phase(), Phase::Night { .. }), "{:?}", g.phase());
    let game = w.game_id().await;
    let seer = g
        .living()
        .into_iter()
        .find(|c| g.ch(*c).role == Role::Seer)
        .expect("m32 has a seer");
    let target = g
        .living()
        .into_iter()
        .find(|c| *c != seer)
        .expect("someone to check");
    let user = w.user_of(seer).await;
    let thread = w.day_post();
    w.settle().await;
    w.service.store().pool().close().await;

    let unanswered = i18n::text(Lang::Zh, "svc-db-unanswered", &[]);
    assert_eq!(w.pick(user, "check", target).await, unanswered);
    let pressed = format!("command=\"wj:{game}:check\"");
    let line = log.line(&pressed, "failed");
    let span = interaction_span(&line);
    assert!(span.contains(&pressed), "{line}");
    assert!(span.contains(&format!("game={game}")), "{line}");
    assert!(span.contains("key=\"c"), "{line}");
    assert!(line.contains("reach the database"), "{line}");
    assert!(line.contains(" WARN "), "{line}");

    let name = g.ch(target).name.clone();
    let vote = [("target", 3, json!(name)), ("reason", 3, json!("查杀"))];
    assert_eq!(w.say(user, thread, &["vote"], &vote).await, unanswered);
    let line = log.line("command=\"vote\"", "failed");
    let span = interaction_span(&line);
    assert!(span.contains("command=\"vote\""), "{line}");
    assert!(span.contains("key=\"i"), "{line}");
    assert!(span.contains(&format!("channel={thread}")), "{line}");
}

/// The interaction's span in a log line: `interaction{…}`.
fn interaction_span(line: &str) -> &str {
    let from = line
        .find("interaction{")
        .unwrap_or_else(|| panic!("no interaction span: {line}"));
    let to = line[from..].find("}:").map_or(line.len(), |i| from + i + 1);
    &line[from..to]
}

/// The lines a worker loop's failing round logs (its own, and the outage's) name the loop.
#[tokio::test]
async fn a_failing_rounds_lines_name_its_loop() {
    let (log, _log) = capture();
    let run = outage::forever("retention", None, || async {
        tracing::warn!("a game's log could not be packed");
        Err::<Duration, _>("the database is down")
    });
    let _ = tokio::time::timeout(Duration::from_millis(50), run).await;
    let round = r#"round{task="retention"}"#;
    let own = log.line("could not be packed", "WARN");
    assert!(own.contains(round), "{own}");
    let failing = log.line(FAILING, "the database is down");
    assert!(failing.contains(round), "{failing}");
}
