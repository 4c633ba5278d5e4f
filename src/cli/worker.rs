//! `wolfjudge worker`: fires due deadlines and delivers the outbox to a file
//! (`--deliver-to`), once up to a virtual time (`--until`) or on the real clock until
//! stopped. It has no Discord client: without `--deliver-to` a pass fires deadlines and
//! leaves the messages for a process that can deliver them, and on the real clock it
//! refuses to start, because a Discord game's worker must also read each day post back
//! before its close (`wolfjudge run --no-gateway` is that worker).
//!
//! On the real clock it outlives the database: firing and delivering are two tasks that try
//! again with backoff after an error (a PostgreSQL restart), each logging one line when it
//! starts failing and one when it recovers ([`runtime::outage`]); whatever fell due meanwhile
//! fires once and is delivered once when the database is back.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use wolfjudge::runtime::deadlines::Firings;
use wolfjudge::runtime::outage;

use super::db::Db;
use super::out::emit_line;

/// How often the worker looks for due deadlines and ready messages on the real clock.
const POLL: Duration = Duration::from_secs(1);

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    db: Db,
    /// RFC 3339 time: fire every deadline due by then, then exit.
    #[arg(long)]
    until: Option<String>,
    /// This worker's name in the deadlines table.
    #[arg(long, default_value = "worker")]
    name: String,
    /// Append every delivered message to this JSON-lines file.
    #[arg(long)]
    deliver_to: Option<PathBuf>,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    let until = a
        .until
        .map(|u| {
            chrono::DateTime::parse_from_rfc3339(&u)
                .map(|t| t.with_timezone(&chrono::Utc))
                .map_err(|e| anyhow::anyhow!("--until `{u}` is not RFC 3339: {e}"))
        })
        .transpose()?;
    if until.is_none() && a.deliver_to.is_none() {
        anyhow::bail!(
            "`wolfjudge worker` on the real clock needs --deliver-to FILE (it has no Discord \
             client); for a Discord bot run `wolfjudge run --no-gateway`, the worker that \
             delivers through Discord and reads day posts back before each close"
        );
    }
    let st = a.db.store().await?;
    let recorder = match a.deliver_to {
        Some(file) => Some(wolfjudge::recorder::Recorder::appending(file)?),
        None => None,
    };
    if let Some(until) = until {
        // One pass on a virtual clock: an error ends it (and the exit code says so). Without a
        // file to deliver to, the messages stay in the outbox: marking them delivered would
        // lose them for the process that can send them.
        let fired = wolfjudge::runtime::deadlines::fire_due(&st, None, until, &a.name).await?;
        if let Some(recorder) = &recorder {
            wolfjudge::runtime::dispatch::dispatch(&st, None, recorder).await?;
        }
        return emit_line(&fired.len().to_string());
    }
    let recorder = recorder.unwrap_or_default();
    let recorder = Arc::new(recorder);
    let deadlines = {
        // The firings in flight go on from one round into the next: the rounds share them.
        let firings = Arc::new(tokio::sync::Mutex::new(Firings::new(&st, &a.name)));
        tokio::spawn(async move {
            outage::forever("deadlines", None, || {
                let firings = firings.clone();
                async move {
                    let mut firings = firings.lock().await;
                    outage::fire_round(&mut firings, &chrono::Utc::now, POLL, &[]).await
                }
            })
            .await;
        })
    };
    let messages = tokio::spawn(async move {
        outage::forever("outbox", None, || async {
            wolfjudge::runtime::dispatch::dispatch(&st, None, &*recorder)
                .await
                .map(|_| POLL)
        })
        .await;
    });
    tracing::info!(worker = %a.name, "the worker is running; Ctrl-C stops it");
    let stopped = tokio::signal::ctrl_c().await;
    deadlines.abort();
    messages.abort();
    stopped?;
    Ok(())
}
