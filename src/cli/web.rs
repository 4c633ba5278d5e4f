//! `wolfjudge web`: the game pages alone, without the Discord bot (`wolfjudge run` serves
//! them beside it when `[web] enabled`), until Ctrl-C. Its failures to start exit 2.

use std::path::PathBuf;

use super::db::Db;
use super::out::exit;

#[derive(clap::Args)]
pub struct Args {
    /// The configuration file (its `[web]` section).
    #[arg(long, default_value = "config/wolfjudge.toml")]
    config: PathBuf,
    #[command(flatten)]
    db: Db,
    /// Listen here instead of the configuration's `[web] bind`.
    #[arg(long)]
    bind: Option<String>,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    let fail = |e: &dyn std::fmt::Display| exit(2, e.to_string());
    let cfg = wolfjudge::discord::config::Config::load(&a.config).map_err(|e| fail(&e))?;
    let pool = a.db.connect().await.map_err(|e| fail(&e))?;
    let service = super::live_service(&cfg, pool);
    let bind = a.bind.unwrap_or(cfg.web.bind);
    let (addr, server) = wolfjudge::web::serve(service, &bind)
        .await
        .map_err(|e| fail(&e))?;
    tracing::info!(%addr, "the game pages are served; Ctrl-C stops them");
    tokio::signal::ctrl_c().await.map_err(|e| fail(&e))?;
    server.abort();
    Ok(())
}
