//! `wolfjudge prune`: one retention pass (`Store::prune`): delivered outbox rows and fired
//! deadlines of ended games older than `--older-than`, and every snapshot but each game's
//! latest; the events and the command log of games that ended before then are packed
//! (`store::archive`). Nothing of the logs is lost, so a pruned game still exports,
//! verifies and replays. `wolfjudge run` does the same pass periodically (`[retention]` in its
//! config); this command is for a database without a running bot, or to prune now.

use wolfjudge::engine::ruleset::Span;

use super::db::Db;
use super::out::emit_line;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    db: Db,
    /// Prune delivered messages, and pack the logs of games that ended, older than this
    /// (`168h`, `90m`; units h, m, s).
    #[arg(long, default_value = "168h")]
    older_than: String,
    /// Print what was removed as JSON.
    #[arg(long)]
    json: bool,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    let age = Span::parse(&a.older_than)
        .map_err(|e| anyhow::anyhow!("--older-than `{}`: {e}", a.older_than))?;
    let st = a.db.store().await?;
    let p = st.prune(chrono::Utc::now() - age.dur()).await?;
    if a.json {
        emit_line(&serde_json::to_string(&p)?)
    } else {
        emit_line(&format!(
            "pruned {} delivered messages, {} snapshots, {} fired deadlines; packed the logs of {} ended games ({} rows)",
            p.outbox_rows, p.snapshots, p.deadlines, p.games_packed, p.log_rows_packed
        ))
    }
}
