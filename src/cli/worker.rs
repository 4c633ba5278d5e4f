//! `wolfjudge worker`: fires due deadlines and delivers the outbox, once up to a virtual
//! time (`--until`) or on the real clock until stopped.

use std::path::PathBuf;
use std::time::Duration;

use wolfjudge::store;

use super::db::Db;
use super::out::emit_line;

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
    let st = a.db.store().await?;
    let recorder = match a.deliver_to {
        Some(file) => store::outbox::Recorder::appending(file)?,
        None => store::outbox::Recorder::default(),
    };
    loop {
        let now = until.unwrap_or_else(chrono::Utc::now);
        let fired = st.fire_due(None, now, &a.name).await?;
        st.dispatch(None, &recorder).await?;
        if until.is_some() {
            return emit_line(&fired.len().to_string());
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
